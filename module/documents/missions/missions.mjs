/**
 * The Mission Board (rulebook: Money › Split the fee; The Rep ladder › Earn XP; Foundry table guide › GM controls —
 * "Story mode, where the GM starts story missions, and Self-play, where players can run open missions. All modes use
 * the same underlying rules and recorded obligations.").
 *
 * A mission is a `mission` journal page (data/mission-page.mjs): the GM's terms. What happens to it is the GM's:
 * a **run** in the GM store `missionRuns` (key: `<entry id>-<page id>`), written only by the active GM inside these
 * request handlers and the deadline check — never on the page, which a player might be given:
 * - `mission.start` (GM, Story mode) and `mission.accept` (a player, Self-play, their own characters) both go
 *   through {@link take}: the terms are copied from the page into the run, the job clock starts, one crew per mission;
 * - `mission.objective` (GM): an objective's state;
 * - `mission.finish` (GM): completed (the fee paid — split or per head — and the XP awarded, once; the obligations
 *   and claimants recorded), failed or abandoned. The run's state changes first, in one store step, so a second
 *   finish (double click, a second GM, a reload) finds it finished and pays nothing.
 * The deadline runs on active time (rules/clock.mjs): nothing is written while it runs; when it runs out the active
 * GM fails the run once (the ruling in README › Rulings) and whispers the GM a card (documents/missions/deadline.mjs).
 * @module documents/missions
 */
import { deadlineLeft, missionPay, missionProblems, OBJECTIVE_STATES, OUTCOMES } from "../../rules/missions.mjs";
import { startClock } from "../../rules/clock.mjs";
import { MISSION_PAGE, missionTerms } from "../../data/mission-page.mjs";
import { activeNow } from "../core/active-time.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { MAX_PAYMENT, pay } from "../core/purse.mjs";
import { assertGM, assertOwner } from "../core/requests.mjs";
import { missionCard } from "./card.mjs";
import { checkDeadlines } from "./deadline.mjs";
import { docAt, isActor } from "../core/lookup.mjs";
import { count } from "../core/counts.mjs";
import { RULES } from "../../generated/rules.mjs";
import { mergeParts } from "../core/feature.mjs";

/**
 * @typedef {object} MissionRun  The GM's record of one mission taken by one crew.
 * @property {string} id  The store key.
 * @property {string} pageUuid  The mission page.
 * @property {string} name
 * @property {import("../../rules/missions.mjs").MissionTerms} terms  Copied from the page when the crew took it.
 * @property {"story"|"selfPlay"} mode
 * @property {"active"|"completed"|"failed"|"abandoned"} state
 * @property {string[]} crew  Character UUIDs.
 * @property {string} acceptedBy  The user id who started or accepted it.
 * @property {import("../../rules/clock.mjs").Clock} clock  Started when the crew took it (active ms).
 * @property {{id: string, label: string, state: "open"|"done"|"failed"}[]} objectives
 * @property {{each: number, remainder: number, total: number}|null} paid
 * @property {{kind: "obligation"|"claimant", who: string, what: string}[]} remembered  Recorded on completion.
 * @property {boolean} late  Failed by its deadline.
 * @property {number|null} finishedAt  Server ms.
 */

/** @type {import("../core/gm-store.mjs").GMStore<MissionRun>} */
export const runs = gmStore("missionRuns", { onChange: () => Hooks.callAll("smoke.missions") });

const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * The store key of a page's run.
 * @param {{id: string|null, parent?: {id: string|null}|null}} page
 * @returns {string}
 */
export const runKey = page => `${page.parent?.id ?? "none"}-${page.id}`;

/**
 * Every mission page in the world (not compendium pages: import them first).
 * @returns {JournalEntryPage.Implementation[]}
 */
export function missionPages() {
  return game.journal?.contents.flatMap(j => j.pages.contents.filter(p => p.type === MISSION_PAGE)) ?? [];
}

/** @param {MissionRun} run */
const withTime = run => ({ ...run, secondsLeft: run.state === "active" ? deadlineLeft(run, activeNow()) : null });

/** Every run, with the seconds its deadline has left (null without one). */
export function allRuns() {
  return Object.values(runs.all()).map(withTime);
}

/**
 * The missions an actor's crew is on or has finished, in the phone's shape (objectives as `{text, state}`) — the api
 * `game.system.api.missions.missionsOf`.
 * @param {Actor.Implementation|null|undefined} actor
 * @returns {(Omit<MissionRun, "objectives"> & {client: string, secondsLeft: number|null,
 *   objectives: {id: string, label: string, text: string, state: string}[]})[]}
 */
export function missionsOf(actor) {
  if (!actor) return [];
  return allRuns().filter(r => r.crew.includes(actor.uuid)).map(r => ({ ...r, client: r.terms.client ?? "",
    objectives: r.objectives.map(o => ({ ...o, text: o.label })) }));
}

/**
 * Missions nobody has taken that players may accept (Self-play), for the board and the phone.
 * @returns {{pageUuid: string, name: string, client: string, fee: {type: string, amount: number}, xp: number,
 *   deadlineSeconds: number|null, selfPlay: boolean, objectives: {id: string, label: string}[]}[]}
 */
export function openMissions({ selfPlayOnly = true } = {}) {
  const taken = runs.all();
  return missionPages().filter(p => !taken[runKey(p)] && (!selfPlayOnly || missionTerms(p).selfPlay)).map(p => {
    const t = missionTerms(p);
    return { pageUuid: p.uuid, name: p.name, client: t.client, fee: { ...t.fee }, xp: t.xp,
      deadlineSeconds: t.deadlineSeconds ?? null, selfPlay: t.selfPlay, objectives: t.objectives.map(o => ({ id: o.id, label: o.label })) };
  });
}

/** Characters by UUID, each a character; `user` must own each unless a GM. */
function crewFrom(user, uuids) {
  const list = [...new Set(Array.isArray(uuids) ? uuids.map(String) : [])];
  if (!list.length) throw new Error(L("SMOKE.Mission.noCrew"));
  return list.map(uuid => {
    const actor = docAt(uuid);
    if (!(actor instanceof Actor) || actor.type !== "character") throw new Error(L("SMOKE.GMScreen.notCharacter", { what: uuid }));
    assertOwner(user, actor);
    return actor;
  });
}

/**
 * The terms of a world mission page the GM wrote, or the refusal: a compendium page is imported first; a page a
 * player owns is not the GM's word.
 * @param {unknown} pageUuid
 * @returns {{page: JournalEntryPage.Implementation, terms: import("../../data/mission-page.mjs").MissionPageSystem}}
 */
function termsOf(pageUuid) {
  const page = /** @type {JournalEntryPage.Implementation|null} */ (docAt(String(pageUuid ?? "")));
  if (!page || page.documentName !== "JournalEntryPage" || page.type !== MISSION_PAGE) throw new Error(L("SMOKE.Mission.missing"));
  if (page.pack) throw new Error(L("SMOKE.Mission.importFirst", { name: page.name }));
  if (page.hasPlayerOwner) throw new Error(L("SMOKE.Mission.playerOwned", { name: page.name }));
  const system = missionTerms(page);
  // The model's source data (a TypeDataModel's toObject), copied.
  const terms = foundry.utils.deepClone(/** @type {{toObject?: () => typeof system}} */ (system).toObject?.() ?? system);
  const problems = missionProblems(terms);
  if (problems.length) throw new Error(L("SMOKE.Mission.refused", { problems: problems.map(p => L(`SMOKE.Mission.problem.${p}`)).join("; ") }));
  return { page, terms };
}

/** Give a mission to a crew (Story: the GM; Self-play: a player with their own characters), once. */
async function take(user, data, mode) {
  const { page, terms } = termsOf(data?.pageUuid);
  if (mode === "selfPlay" && !terms.selfPlay) throw new Error(L("SMOKE.Mission.storyOnly", { name: page.name }));
  const crew = crewFrom(user, data?.actorUuids);
  const id = runKey(page);
  let mine = false;
  const run = await runs.update(id, cur => {
    if (cur) return cur;
    mine = true;
    return { id, pageUuid: page.uuid, name: page.name, terms, mode, state: "active", crew: crew.map(a => a.uuid),
      acceptedBy: user.id, clock: startClock(activeNow()), late: false, paid: null, remembered: [], finishedAt: null,
      objectives: terms.objectives.map(o => ({ id: o.id, label: o.label, state: /** @type {const} */ ("open") })) };
  });
  if (!mine || !run) throw new Error(L("SMOKE.Mission.taken", { name: page.name }));
  // One name and its verb agree (issue 25: not "Jaz Kaur take …"): the lang file's plural forms for the crew's size.
  const names = { name: page.name, crew: crew.map(a => a.name).join(", ") };
  await missionCard(mode === "story" ? L("SMOKE.Mission.started", names) : count("SMOKE.Mission.accepted", crew.length, names), id);
  return { id, crew: run.crew };
}

/**
 * A run by id, or the refusal.
 * @param {unknown} id
 * @returns {MissionRun}
 */
function runAt(id) {
  const run = runs.get(String(id ?? ""));
  if (!run) throw new Error(L("SMOKE.Mission.missing"));
  return run;
}

/**
 * GM: an objective's state.
 * @param {User.Implementation} user
 * @param {{id?: string, objectiveId?: string, state?: string}} data
 */
async function onObjective(user, { id, objectiveId, state } = {}) {
  assertGM(user);
  const run = runAt(id);
  if (run.state !== "active") throw new Error(L("SMOKE.Mission.finished", { name: run.name }));
  if (!OBJECTIVE_STATES.includes(state ?? "") || !run.objectives.some(o => o.id === objectiveId)) throw new Error(L("SMOKE.Mission.badObjective"));
  const now = /** @type {MissionRun["objectives"][number]["state"]} */ (state); // one of OBJECTIVE_STATES
  await runs.update(run.id, cur => cur && ({ ...cur, objectives: cur.objectives.map(o => (o.id === objectiveId ? { ...o, state: now } : o)) }));
  return { state };
}

/**
 * GM: finish a run once: completed pays and awards XP and records who remembers; failed or abandoned records that.
 * @param {User.Implementation} user
 * @param {{id?: string, outcome?: string}} data
 */
async function onFinish(user, { id, outcome: asked } = {}) {
  assertGM(user);
  if (!OUTCOMES.includes(asked ?? "")) throw new Error(L("SMOKE.Mission.badOutcome"));
  const outcome = /** @type {"completed"|"failed"|"abandoned"} */ (asked); // one of OUTCOMES
  const run = runAt(id);
  if (run.state !== "active") throw new Error(L("SMOKE.Mission.finished", { name: run.name }));
  const crew = run.crew.map(uuid => docAt(uuid)).filter(isActor);
  if (outcome === "completed" && !crew.length) throw new Error(L("SMOKE.Mission.noCrew"));
  const paid = outcome === "completed" ? missionPay(run.terms.fee, crew.length) : null;
  // Checked before anything is written: the purse refuses an absurd payment, and nothing may be half-paid.
  if (paid && paid.each > MAX_PAYMENT) {
    throw new Error(game.i18n.format("SMOKE.Purse.badAmount", { amount: String(paid.each), max: String(MAX_PAYMENT) }));
  }
  const remembered = outcome === "completed" ? [
    ...(run.terms.obligations ?? []).map(r => ({ kind: /** @type {const} */ ("obligation"), who: r.who, what: r.what })),
    ...(run.terms.claimants ?? []).map(r => ({ kind: /** @type {const} */ ("claimant"), who: r.who, what: r.what }))
  ] : [];
  // The state changes first, in one store step: a second finish finds it finished and pays nothing.
  let mine = false;
  await runs.update(run.id, cur => {
    if (cur?.state !== "active") return cur;
    mine = true;
    return { ...cur, state: outcome, paid, remembered, finishedAt: game.time.serverTime };
  });
  if (!mine) throw new Error(L("SMOKE.Mission.finished", { name: run.name }));
  const lines = [];
  if (paid) {
    for (const a of crew) {
      if (paid.each) await pay(a, paid.each, { reason: run.name });
      // A Pat order awards its own XP (RULES.rep.xp.patOrder), a mission its printed XP.
      if (run.terms.fee.type === "patOrder") await a.awardXp("patOrder");
      else await a.awardXp("mission", { amount: run.terms.xp });
    }
    lines.push(run.terms.fee.type === "patOrder" ? L("SMOKE.Mission.paidPatOrder", { xp: String(RULES.rep.xp.patOrder) })
      : run.terms.fee.type === "crewFee"
        ? L("SMOKE.Mission.paidCrew", { fee: String(run.terms.fee.amount), n: String(crew.length), each: String(paid.each),
          remainder: String(paid.remainder), xp: String(run.terms.xp) })
        : L("SMOKE.Mission.paidHead", { each: String(paid.each), xp: String(run.terms.xp) }));
  }
  for (const r of remembered) lines.push(L(`SMOKE.Mission.remembered.${r.kind}`, { who: r.who, what: r.what }));
  await missionCard(L(`SMOKE.Mission.outcome.${outcome}`, { name: run.name, crew: crew.map(a => a.name).join(", ") }), run.id, lines);
  return { state: outcome, paid };
}

/**
 * What the crew is remembered for: the obligations and claimants of every mission an actor completed.
 * @param {Actor.Implementation} actor
 * @returns {{mission: string, kind: "obligation"|"claimant", who: string, what: string}[]}
 */
export function rememberedOf(actor) {
  return allRuns().filter(r => r.state === "completed" && r.crew.includes(actor?.uuid ?? ""))
    .flatMap(r => r.remembered.map(x => ({ mission: r.name, ...x })));
}

/** The Mission Board's requests. */
const requests = {
  "mission.start": (user, data) => {
    assertGM(user);
    return take(user, data, "story");
  },
  "mission.accept": (user, data) => take(user, data, "selfPlay"),
  "mission.objective": onObjective,
  "mission.finish": onFinish
};

const refresh = () => Hooks.callAll("smoke.missions");

/** Hooks (registered by the entry): the board follows the journal; the active GM watches the deadlines. */
const hooks = {
  createJournalEntryPage: refresh, updateJournalEntryPage: refresh, deleteJournalEntryPage: refresh,
  createJournalEntry: refresh, deleteJournalEntry: refresh,
  ready: () => checkDeadlines(runs)
};

/**
 * The missions' manifest (documents/core/feature.mjs), registered by the entry: the requests and hooks above. Its api
 * is `game.system.api.missions`.
 */
export const feature = { id: "missions", ...mergeParts([{ requests, hooks }]), api: { missionsOf, openMissions, rememberedOf } };
