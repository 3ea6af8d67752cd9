/**
 * The Mission Board (rulebook: Money › Split the fee; The Rep ladder › Earn XP; "The Mission Board offers Story mode,
 * where the GM starts story missions, and Self-play, where players can run open missions. All modes use the same
 * underlying rules and recorded obligations."). Missions and their objectives live in the GM store `missions`
 * (id → {@link Mission}); only the active GM writes it, inside these request handlers:
 * - `mission.save` (GM): a new or edited mission, refused without a name, a fee type, objectives or 3–5 XP;
 * - `mission.start` (GM, Story mode): the GM gives an open mission to a crew;
 * - `mission.accept` (a player, Self-play): their own characters take an open mission — one crew per mission;
 * - `mission.objective` (GM): an objective's state;
 * - `mission.finish` (GM): completed (the fee paid — split or per head — and the XP awarded, once), failed or
 *   abandoned; the obligations recorded. A finished mission cannot be finished again.
 * The deadline is a job clock (rules/clock.mjs) started when the crew takes the mission; nothing ticks in the store.
 * @module documents/missions
 */
import { missionPay, missionProblems } from "../rules/missions.mjs";
import { clockLeft, startClock } from "../rules/clock.mjs";
import { activeNow } from "./active-time.mjs";
import { SYSTEM_ID } from "./check.mjs";
import { gmStore } from "./gm-store.mjs";
import { pay } from "./purse.mjs";
import { assertGM, assertOwner } from "./requests.mjs";

/**
 * @typedef {import("../rules/missions.mjs").MissionDraft & {id: string, mode: "story"|"selfPlay",
 *   state: "open"|"active"|"completed"|"failed"|"abandoned", crew: string[], acceptedBy: string|null,
 *   clock: object|null, paid: {each: number, remainder: number}|null,
 *   finishedAt: number|null}} Mission
 */

/** @type {import("./gm-store.mjs").GMStore<Mission>} */
export const missions = gmStore("missions", { onChange: () => /** @type {any} */ (Hooks).callAll("smoke.missions") });

const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * The missions an actor is on (its crew's), newest first — the api for the phone and the sheet.
 * @param {Actor.Implementation|null|undefined} actor
 * @returns {(Mission & {secondsLeft: number|null})[]}
 */
export function missionsOf(actor) {
  if (!actor) return [];
  return Object.values(missions.all()).filter(m => m.crew.includes(actor.uuid)).map(withTime);
}

/** Every mission, with the time its clock has left (seconds; null without a deadline or a start). */
export function allMissions() {
  return Object.values(missions.all()).map(withTime);
}

/** @param {Mission} m */
function withTime(m) {
  const secondsLeft = m.clock && m.deadlineSeconds ? clockLeft(/** @type {any} */ (m.clock), m.deadlineSeconds, activeNow()) : null;
  return { ...m, secondsLeft };
}

/** A mission by id, or the refusal. @param {string} id @returns {Mission} */
function missionAt(id) {
  const m = missions.get(String(id ?? ""));
  if (!m) throw new Error(L("SMOKE.Mission.missing"));
  return m;
}

/** Characters by UUID, each a character; `user` must own each unless a GM. */
function crewFrom(user, uuids) {
  const list = [...new Set(Array.isArray(uuids) ? uuids.map(String) : [])];
  if (!list.length) throw new Error(L("SMOKE.Mission.noCrew"));
  return list.map(uuid => {
    const actor = /** @type {any} */ (fromUuidSync(/** @type {any} */ (uuid)));
    if (!(actor instanceof Actor) || actor.type !== "character") throw new Error(L("SMOKE.GMScreen.notCharacter", { what: uuid }));
    assertOwner(user, actor);
    return /** @type {any} */ (actor);
  });
}

async function onSave(user, data) {
  assertGM(user);
  const draft = {
    name: String(data?.name ?? "").trim(), client: String(data?.client ?? "").trim(),
    fee: { type: data?.fee?.type, amount: Number(data?.fee?.amount) },
    xp: Number(data?.xp), deadlineSeconds: data?.deadlineSeconds ? Number(data.deadlineSeconds) : null,
    objectives: (Array.isArray(data?.objectives) ? data.objectives : []).map(o => String(o?.text ?? o ?? "").trim()).filter(Boolean)
      .map(text => ({ text, state: /** @type {const} */ ("open") })),
    obligations: String(data?.obligations ?? "").trim()
  };
  const problems = missionProblems(/** @type {any} */ (draft));
  if (problems.length) throw new Error(L("SMOKE.Mission.refused", { problems: problems.map(p => L(`SMOKE.Mission.problem.${p}`)).join("; ") }));
  const id = data?.id && missions.get(String(data.id)) ? String(data.id) : foundry.utils.randomID(16);
  const old = missions.get(id);
  if (old && old.state !== "open") throw new Error(L("SMOKE.Mission.notOpen", { name: old.name }));
  await missions.set(id, /** @type {Mission} */ ({ ...draft, id, mode: data?.mode === "story" ? "story" : "selfPlay", state: "open",
    crew: [], acceptedBy: null, clock: null, paid: null, finishedAt: null }));
  return { id };
}

/** Give an open mission to a crew (Story: the GM; Self-play: a player with their own characters), once. */
async function take(user, { id, actorUuids }, mode) {
  const crew = crewFrom(user, actorUuids);
  const m = missionAt(id);
  if (mode === "selfPlay" && m.mode !== "selfPlay") throw new Error(L("SMOKE.Mission.storyOnly", { name: m.name }));
  let mine = false;
  const taken = await missions.update(m.id, cur => {
    if (!cur || cur.state !== "open") return cur;
    mine = true;
    return { ...cur, state: "active", crew: crew.map(a => a.uuid), acceptedBy: /** @type {string} */ (user.id), clock: startClock(activeNow()) };
  });
  if (!mine || !taken) {
    throw new Error(L("SMOKE.Mission.taken", { name: m.name }));
  }
  await card(L(mode === "story" ? "SMOKE.Mission.started" : "SMOKE.Mission.accepted", { name: m.name,
    crew: crew.map(a => a.name).join(", ") }), { missionId: m.id });
  return { id: m.id, crew: taken.crew };
}

async function onObjective(user, { id, index, state }) {
  assertGM(user);
  const m = missionAt(id);
  if (!["open", "done", "failed"].includes(state) || !m.objectives[index]) throw new Error(L("SMOKE.Mission.badObjective"));
  await missions.update(m.id, cur => cur && ({ ...cur, objectives: cur.objectives.map((o, i) => (i === index ? { ...o, state } : o)) }));
  return { state };
}

/** GM: finish a mission once: completed pays and awards XP; failed or abandoned records that. */
async function onFinish(user, { id, outcome }) {
  assertGM(user);
  if (!["completed", "failed", "abandoned"].includes(outcome)) throw new Error(L("SMOKE.Mission.badOutcome"));
  const m = missionAt(id);
  if (m.state !== "active") throw new Error(L(m.state === "open" ? "SMOKE.Mission.notTaken" : "SMOKE.Mission.finished", { name: m.name }));
  const crew = /** @type {any[]} */ (m.crew.map(uuid => /** @type {any} */ (fromUuidSync(/** @type {any} */ (uuid)))).filter(a => a instanceof Actor));
  let paid = null;
  if (outcome === "completed") {
    const crewShares = /** @type {any} */ (game.system)?.api?.rules?.crewShares;
    if (m.fee.type === "crew" && typeof crewShares !== "function") throw new Error(L("SMOKE.GMScreen.noCrewShares"));
    paid = missionPay(m.fee, crew.length, crewShares);
  }
  // The state changes first, in one store step: a second finish finds it finished and pays nothing.
  const done = await missions.update(m.id, cur => (cur?.state === "active"
    ? { ...cur, state: outcome, paid, finishedAt: game.time.serverTime } : cur));
  if (!done || done.state !== outcome || done.finishedAt === null) throw new Error(L("SMOKE.Mission.finished", { name: m.name }));
  const lines = [];
  if (paid) {
    for (const a of crew) {
      if (paid.each) await pay(a, paid.each, { reason: m.name });
      await a.awardXp("mission", { amount: m.xp });
    }
    lines.push(L(m.fee.type === "crew" ? "SMOKE.Mission.paidCrew" : "SMOKE.Mission.paidHead", { fee: String(m.fee.amount),
      each: String(paid.each), remainder: String(paid.remainder), xp: String(m.xp) }));
  }
  if (m.obligations) lines.push(L("SMOKE.Mission.obligations", { text: m.obligations }));
  await card(L(`SMOKE.Mission.outcome.${outcome}`, { name: m.name, crew: crew.map(a => a.name).join(", ") }), { missionId: m.id }, lines);
  return { state: outcome, paid };
}

/** A mission's chat card. */
async function card(title, flags, lines = []) {
  const content = await foundry.applications.handlebars.renderTemplate("systems/the-smoke/templates/chat/gm-reward.hbs",
    { title, reason: "", lines });
  return ChatMessage.create(/** @type {any} */ ({ content, speaker: { alias: L("SMOKE.Mission.board") },
    flags: { [SYSTEM_ID]: { mission: flags } } }));
}

/** The Mission Board's requests. */
export const requests = {
  "mission.save": onSave,
  "mission.start": (user, data) => {
    assertGM(user);
    return take(user, data, "story");
  },
  "mission.accept": (user, data) => take(user, data, "selfPlay"),
  "mission.objective": onObjective,
  "mission.finish": onFinish
};
