/**
 * The GM Screen's check requests and hazards (rulebook: GM checks · 1–32; Hazards · 1–16; Choosing difficulty): the
 * GM sends a named check (or a hazard's avoiding roll) to chosen characters; each character's roller (the player who
 * owns it and is connected, else the GM) gets a button per stat with the TN fixed for *their* unboosted dice — or,
 * for Leg It, Shove Past and Scare Them Off against a chosen opponent, the total of the opponent's roll, which the
 * system makes on the GM (documents/gm-screen/opposed.mjs). The card they roll is read from its own dice against the TN the
 * GM stored, and counted once. A hazard's column is applied by the GM, once, as each result comes in
 * (documents/gm-screen/harm.mjs), on the hazard's one card.
 *
 * The facts live in the GM store `gmRequests` (id → {@link GMRequest}): the rolls each request asks for, who may roll
 * them, their TNs and situational modifier (the GM's: 0 unless it sends one), the first card made for each (written
 * by the active GM as the card arrives, so it outlives a reload) and the results. A card counts only when it is
 * that first card and is the check the GM rebuilds for the character (documents/core/verified-check.mjs). Sending the same
 * check again to a character whose earlier one is still open moves that character's rolls to the new request, with
 * the same roll ids: one live roll per character and check. Unlike documents/core/roll-claims.mjs (rolls held in the GM's memory within one
 * request), a request here outlives a GM reload: a player's click on an outstanding request still works, the results
 * list is still shown, and a hazard still applies once. The request's chat card is the GM's and is re-rendered from
 * the store. Every handler is GM-only: a player's request to send one is refused.
 * @module documents/gm-requests
 */
import { OPPOSED_CHECKS, checkBand, checkRequestTN, gmCheck, hazard as hazardRow, opposedRequestTN,
  opposedWinner } from "../../rules/gm-screen.mjs";
import { bandTN } from "../../rules/check.mjs";
import { recordedDice } from "../core/record.mjs";
import { recordedTools } from "../core/kit-record.mjs";
import { hearingRow } from "./hearing.mjs";
import { SYSTEM_ID, gmSituational, refuseCard, rollCheck } from "../core/check.mjs";
import { verifiedCheck } from "../core/verified-check.mjs";
import { cardRefusal, carryOpenRolls, keepFirstCard, refusalText, voidStoredCard } from "../core/roll-cards.mjs";
import { announceHazard, cardHTML } from "./request-card.mjs";
import { plannedHarm, runHarm } from "./harm.mjs";
import { rollOpponent } from "./opposed.mjs";
import { rememberObstacle, requestTarget } from "./obstacles.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { promptCheck } from "../core/prompt-check.mjs";
import { assertGM, requestGM } from "../core/requests.mjs";
import { vehicleDrivenBy } from "../vehicle/seats.mjs";
import { printedOf } from "../vehicle/print.mjs";
import { inTheRain } from "../street/setup.mjs";
import { actorAt, docAt } from "../core/lookup.mjs";
import { mergeParts } from "../core/feature.mjs";
import * as rewards from "./rewards.mjs";

export { cardHTML };
/** Requests kept in the store (the oldest are dropped). */
const KEEP = 30;

/**
 * @typedef {object} RequestEntry  One character asked to roll.
 * @property {string} actorUuid
 * @property {string} name
 * @property {string} userId  Who rolls (their player, or the GM).
 * @property {RequestOption[]} options
 * @property {null|{stat: string, total: number, tn: number, margin: number, outcome: string, messageId: string,
 *   winner?: "character"|"opponent", harm?: import("./harm.mjs").Harm}} result
 */
/**
 * @typedef {object} RequestOption  One roll a character is asked for.
 * @property {string} stat
 * @property {number} tn
 * @property {string|null} band
 * @property {string} rollId
 * @property {boolean} performance  A driver's check with the motor's Performance as Effort.
 * @property {boolean} [opposed]
 * @property {number} [situational]  The GM's situational modifier (0: none).
 * @property {string|null} [cardId]  The first card its roller made for it (recorded as it arrived).
 * @property {{id: string, name: string, eased: number, noise: "loud"|"silent"|null}|null} [tool]  The tool from the
 *   character's recorded kit that eased (or was offered for) this roll (rules/gm-screen.mjs toolBand), or null.
 */
/**
 * @typedef {object} GMRequest
 * @property {string} id
 * @property {"check"|"hazard"|"hearing"} kind
 * @property {string} key  The check's or hazard's key; a hearing check's motor UUID.
 * @property {string} name
 * @property {string[]} tweaks
 * @property {string[]} [situations]  The tools' situations the GM said hold (a cheap door).
 * @property {{band: string, stats: string[], stakes: string, ability: string, vehicle: string}} [hearing]  A hearing check's row
 *   (Vehicle abilities › Silent), as the GM fixed it from the motor's catalogue abilities.
 * @property {boolean} armourMarked
 * @property {number} at
 * @property {string|null} messageId  The request's card.
 * @property {RequestEntry[]} entries
 * @property {import("./opposed.mjs").OpponentRoll|null} [opponent]  An opposed check's opponent and their roll.
 * @property {import("../../rules/gm-screen.mjs").ObstacleTarget|null} [target]  The band (before tweaks and tools) or
 *   fixed TN the GM set for this check (null: its printed band).
 * @property {{id: string, name: string, status: "set"|"kept"|"changed",
 *   was: import("../../rules/gm-screen.mjs").ObstacleTarget|null}|null} [obstacle]  The named obstacle it is rolled
 *   against and whether its target was set now, kept from an earlier attempt or changed (documents/gm-screen/obstacles.mjs).
 */

/** @type {import("../core/gm-store.mjs").GMStore<GMRequest>} */
export const store = gmStore("gmRequests", { onChange: () => Hooks.callAll("smoke.gmRequests") });

const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * Every request, newest first.
 * @returns {GMRequest[]}
 */
export function requestsList() {
  return Object.values(store.all()).sort((a, b) => b.at - a.at);
}

/** Who rolls for an actor: a connected player who owns it (its assigned player first), else the GM. */
function rollerOf(actor, gm) {
  const players = game.users.filter(u => !u.isGM && u.active && actor.testUserPermission(u, "OWNER"));
  return players.find(u => u.character?.id === actor.id) ?? players[0] ?? gm;
}

/**
 * The characters a request may go to, and opponents: people with stats (an actor, or a token's).
 * @returns {any}
 */
function personFrom(uuid) {
  const actor = actorAt(String(uuid ?? "")); // an opponent chosen by their token: its actor (unlinked: its own)
  if (!actor || !(actor instanceof Actor) || !["character", "npc"].includes(actor.type)) {
    throw new Error(L("SMOKE.GMScreen.notPerson", { what: String(uuid ?? "") }));
  }
  return actor;
}

/**
 * GM: send a check request or a hazard's avoiding roll to characters; for an opposed check with `opponentUuid`, the
 * system rolls the opponent's side here and its total is every character's TN. A check's band is eased for each
 * character by the best tool for it on the GM's record of their kit (rules/gm-screen.mjs toolBand: the crowbar, the
 * fire axe, the claw hammer for a cheap door the GM names in `situations`, lock picks), unless the GM's tweaks name a
 * tool already. A hearing check (`kind: "hearing"`, `key` a motor's UUID) is the Silent ability's roll to hear that
 * motor coming (documents/gm-screen/hearing.mjs). A check (not opposed) may carry the GM's target: a `band` to start
 * from instead of the printed one, or a `tn` fixed for every roller, and an `obstacle` it is rolled against — then the
 * target is remembered for that obstacle and kept the next time, for whoever rolls, unless `newCircumstances`
 * (Choosing difficulty › Keep a known obstacle known; documents/gm-screen/obstacles.mjs).
 * @param {User.Implementation} user
 * @param {{kind: "check"|"hazard"|"hearing", key: string, actorUuids: string[], tweaks?: string[],
 *   situations?: string[], armourMarked?: boolean, opponentUuid?: string|null, situational?: number,
 *   obstacle?: string, band?: string|null, tn?: number|string|null, newCircumstances?: boolean}} data
 *   `situational`: the GM's modifier for every roll (default 0); `band`, `tn`: empty or null when not set.
 * @returns {Promise<{id: string, entries: {name: string, options: {stat: string, tn: number}[]}[],
 *   opponent?: {name: string, stat: string, total: number}}>}
 */
async function onSend(user, { kind, key, actorUuids, tweaks = [], situations = [], armourMarked = false, opponentUuid = null,
  situational = 0, obstacle = "", band = null, tn = null, newCircumstances = false }) {
  assertGM(user);
  const mod = Number(situational);
  if (!Number.isInteger(mod)) throw new Error(L("SMOKE.GMScreen.badSituational", { value: String(situational) }));
  if (kind !== "check" && kind !== "hazard" && kind !== "hearing") throw new Error(L("SMOKE.GMScreen.badKind"));
  /** @type {{name: string, band: SmokeBand, stats: string[]}} the check's, the hazard's or the hearing's row */
  let row;
  /** @type {import("./hearing.mjs").HearingRow|null} */
  let hearing = null;
  if (kind === "hearing") row = hearing = await hearingRow(key);
  else {
    try {
      row = kind === "check" ? gmCheck(key) : hazardRow(key);
    } catch {
      throw new Error(L(kind === "check" ? "SMOKE.GMScreen.unknownCheck" : "SMOKE.GMScreen.unknownHazard", { key: String(key) }));
    }
  }
  const situationIds = kind === "check" && Array.isArray(situations) ? [...new Set(situations.map(String))] : [];
  const tweakIds = Array.isArray(tweaks) ? tweaks.map(String) : [];
  if (kind === "check") {
    try {
      checkBand(key, tweakIds);
    } catch {
      throw new Error(L("SMOKE.GMScreen.badTweak", { check: row.name, tweaks: tweakIds.join(", ") }));
    }
  }
  const set = gmTarget(kind, key, row.name, { obstacle, band, tn, newCircumstances, opposed: !!opponentUuid, tweaks: tweakIds });
  const uuids = [...new Set(Array.isArray(actorUuids) ? actorUuids : [])];
  if (!uuids.length) throw new Error(L("SMOKE.GMScreen.nobody"));
  const actors = uuids.map(personFrom);
  let opponent = null;
  let opponentDice = null;
  if (opponentUuid) {
    if (kind !== "check" || !OPPOSED_CHECKS[key]) throw new Error(L("SMOKE.GMScreen.notOpposed", { check: row.name }));
    const who = personFrom(opponentUuid);
    if (actors.some(a => a.uuid === who.uuid || a.id === who.id)) throw new Error(L("SMOKE.GMScreen.opponentIsTarget", { name: who.name }));
    ({ record: opponent, roll: opponentDice } = await rollOpponent(who, key));
  }
  const id = foundry.utils.randomID(16);
  const entries = actors.map(actor => {
    const roller = rollerOf(actor, user);
    const sys = actor.system;
    const motor = kind === "check" && !opponent ? vehicleDrivenBy(actor) : null;
    // The tools the GM's record says the character carries (never the sheet's items).
    const tools = kind === "check" && !opponent ? recordedTools(actor) : [];
    const options = row.stats.filter(stat => sys.stats?.[stat]).map(stat => {
      /**
       * The band and TN: a check's (with the tool that eased it), or a hazard's or a hearing check's.
       * @type {{band: string|null, tn: number, performance: boolean, tool?: string|null, eased?: number, noise?: "loud"|"silent"|null}}
       */
      const base = kind === "check" && !opponent
        ? checkRequestTN({ checkKey: key, stat, ...recordedDice(actor, stat),
          performanceDie: motor ? printedOf(motor).performance : null, tweaks: tweakIds, tools, situations: situationIds,
          band: set?.target.band ?? null, fixedTN: set?.target.tn ?? null })
        // A hazard's or a hearing check's roll: its band's TN for the character's own unboosted dice.
        : { band: row.band, tn: bandTN(recordedDice(actor, stat).effortDie, recordedDice(actor, stat).statDie, row.band), performance: false };
      // An opposed TN is the opponent's total; a TN the GM fixed stays fixed, rain or not.
      /** @type {typeof base} */
      const r = opponent ? opposedRequestTN({ checkKey: key, stat, opponentTotal: opponent.total })
        : base.band === null ? base : inTheRain(actor, stat, { ...base, band: base.band });
      const tool = r.tool ? tools.find(t => t.id === r.tool) : null;
      return { stat, tn: r.tn, band: r.band, rollId: foundry.utils.randomID(16), performance: !!r.performance,
        opposed: !!opponent, situational: mod, cardId: null,
        // A tool comes with a check's TN, which always says how much it eased and how loud it is.
        tool: tool ? { id: tool.id, name: tool.name, eased: Number(r.eased), noise: r.noise ?? null } : null };
    });
    return { actorUuid: actor.uuid, name: actor.name ?? "", userId: /** @type {string} */ (roller.id), options, result: null };
  });
  /** @type {GMRequest} */
  const request = { id, kind, key, name: row.name, tweaks: kind === "check" && !opponent ? tweakIds : [],
    situations: kind === "check" && !opponent ? situationIds : [],
    ...(hearing ? { hearing: { band: hearing.band, stats: hearing.stats, stakes: hearing.stakes, ability: hearing.ability,
      vehicle: hearing.vehicle } } : {}),
    armourMarked: !!armourMarked, at: game.time.serverTime, messageId: null, entries, opponent,
    target: set?.target ?? null, obstacle: set?.id ? { id: set.id, name: set.name, status: set.status, was: set.was } : null };
  const moved = kind === "check" && !opponent ? takeOpenRolls(request) : [];
  await store.set(id, request);
  if (set?.id && set.status !== "kept") await rememberObstacle({ ...set, id: set.id }, key, id);
  for (const old of moved) {
    const left = await store.update(old, r => (r ? { ...r, entries: r.entries.filter(e => !entries.some(n => n.actorUuid === e.actorUuid)) } : r));
    await refreshCard(left);
  }
  const whisper = [...new Set([...entries.map(e => e.userId), ...game.users.filter(u => u.isGM).map(u => u.id)])];
  const message = await ChatMessage.create({ content: await cardHTML(request), whisper,
    speaker: { alias: L("SMOKE.GMScreen.title") }, rolls: opponentDice ? [opponentDice] : [],
    flags: { [SYSTEM_ID]: { gmRequest: { id } } } });
  await store.update(id, r => (r ? { ...r, messageId: message?.id ?? null } : r));
  for (const old of requestsList().slice(KEEP)) await store.set(old.id, null);
  return { id, entries: entries.map(e => ({ name: e.name, options: e.options.map(o => ({ stat: o.stat, tn: o.tn })) })),
    ...(opponent ? { opponent: { name: opponent.name, stat: opponent.stat, total: opponent.total } } : {}),
    ...(request.obstacle ? { obstacle: { name: request.obstacle.name, status: request.obstacle.status, ...request.target } } : {}) };
}

/**
 * The GM's target of a request, if it sets one (an obstacle, a band or a TN): only a check that is not opposed takes
 * one (a hazard and a hearing check keep their band; an opposed check's TN is the opponent's roll), and a fixed TN no
 * tweak changes. Refused in words.
 * @param {string} kind
 * @param {string} key
 * @param {string} name  The check's name.
 * @param {{obstacle: unknown, band: unknown, tn: unknown, newCircumstances: unknown, opposed: boolean, tweaks: string[]}} spec
 * @returns {ReturnType<typeof requestTarget>|null}  null: nothing set (the printed band).
 */
function gmTarget(kind, key, name, { obstacle, band, tn, newCircumstances, opposed, tweaks }) {
  const named = typeof obstacle === "string" ? obstacle.trim() : "";
  const wantBand = band === null || band === undefined || band === "" ? null : String(band);
  const typed = tn === null || tn === undefined || tn === "" ? null : Number(tn);
  const wantTN = /** @type {number|null} */ (typed === null || Number.isFinite(typed) ? typed : tn); // words refused by the rule
  if (!named && wantBand === null && wantTN === null) return null;
  if (kind !== "check" || opposed) throw new Error(L("SMOKE.GMScreen.targetNotHere", { check: name }));
  const set = requestTarget({ checkKey: key, obstacle: named, band: wantBand, tn: wantTN, newCircumstances: !!newCircumstances });
  if (set.target.tn && tweaks.length) throw new Error(L("SMOKE.GMScreen.fixedNoTweaks", { check: name }));
  return set;
}

/**
 * One live roll per character and check: a character whose same check (same tweaks and target, not opposed) is still open in an
 * earlier request keeps that request's roll ids — and the first card made for each — in the new one (roll-cards.mjs
 * carryOpenRolls), so sending it again never gives them a second roll to choose from.
 * @param {GMRequest} request  The new request (not yet stored); its options are rewritten in place.
 * @returns {string[]}  The ids of the earlier requests whose open entries moved (to be removed from them).
 */
function takeOpenRolls(request) {
  const situations = request.situations ?? [];
  const target = JSON.stringify([request.obstacle?.id ?? null, request.target ?? null]);
  const same = requestsList().filter(r => r.kind === "check" && r.key === request.key && !r.opponent
    && JSON.stringify([r.obstacle?.id ?? null, r.target ?? null]) === target
    && r.tweaks.length === request.tweaks.length && r.tweaks.every(t => request.tweaks.includes(t))
    && (r.situations ?? []).length === situations.length && situations.every(t => (r.situations ?? []).includes(t)));
  return carryOpenRolls(same, request.entries, { open: e => !e.result, same: (a, b) => a.stat === b.stat });
}

/**
 * GM: a rolled card for a request comes back. It must be that character's roller's card (or the GM's), carry the
 * option's roll id, and be a check of that actor and stat; its numbers are re-derived from its own dice against the
 * TN in the store — never the card's. Once per character (the store's result is written before anything else); a
 * hazard's column is applied after, step by step ({@link runHarm}).
 * @param {User.Implementation} user
 * @param {{rollId: string, messageId: string}} data
 */
async function onClaim(user, { rollId, messageId }) {
  const request = Object.values(store.all()).find(r => r.entries.some(e => e.options.some(o => o.rollId === rollId)));
  const entry = request?.entries.find(e => e.options.some(o => o.rollId === rollId));
  const option = entry?.options.find(o => o.rollId === rollId);
  if (!request || !entry || !option) throw new Error(L("SMOKE.GMScreen.requestGone"));
  if (entry.result) throw new Error(L("SMOKE.GMScreen.alreadyRolled", { name: entry.name, check: request.name }));
  const message = game.messages?.get(String(messageId));
  const author = message?.author;
  const flags = message?.flags?.[SYSTEM_ID];
  const mine = !!author && (user.isGM || user.id === entry.userId) && (author.isGM || author.id === entry.userId);
  const actor = /** @type {Actor.Implementation | null} */ (docAt(entry.actorUuid));
  if (!message || !actor || !mine || flags?.rollId !== rollId) throw new Error(L("SMOKE.Attack.forged"));
  const refusal = cardRefusal(message, rollId, { first: option.cardId ?? null });
  if (refusal) throw new Error(refusalText(refusal));
  const check = await verifiedCheck(message, { actor, stat: option.stat, tn: option.tn, situational: option.situational ?? 0,
    vehicle: option.performance ? performanceOf(actor) : null }).catch(async err => {
    if (err.setAside) await voidStoredCard(store, message, rollId); // made wrong: the roller's next card counts
    throw err;
  });
  /** @type {NonNullable<RequestEntry["result"]>} */
  const result = { stat: option.stat, total: check.total, tn: option.tn, margin: check.margin, outcome: check.outcome,
    messageId: message.id ?? "" };
  if (request.opponent) result.winner = opposedWinner({ total: check.total, opponentTotal: request.opponent.total }).winner;
  if (request.kind === "hazard") result.harm = plannedHarm(actor, request, check.outcome);
  let updated = await saveResult(request.id, entry.actorUuid, () => result, { fresh: true });
  if (result.harm) {
    await runHarm(actor, result.harm, harmSaver(request.id, entry.actorUuid));
    updated = store.get(request.id);
  }
  await refreshCard(updated);
  return updated?.entries.find(e => e.actorUuid === entry.actorUuid)?.result ?? result;
}

/**
 * Rewrite one entry's result in the store (read and written in one step on the GM).
 * @param {string} requestId
 * @param {string} actorUuid
 * @param {(r: RequestEntry["result"]) => RequestEntry["result"]} fn
 * @param {{fresh?: boolean}} [options]  fresh: refuse when the entry already has a result (a second claim raced in).
 * @returns {Promise<GMRequest|null>}
 */
function saveResult(requestId, actorUuid, fn, { fresh = false } = {}) {
  return store.update(requestId, r => {
    if (!r) return r;
    const e = r.entries.find(x => x.actorUuid === actorUuid);
    if (fresh && e?.result) throw new Error(L("SMOKE.GMScreen.alreadyRolled", { name: e.name, check: r.name }));
    return { ...r, entries: r.entries.map(x => (x.actorUuid === actorUuid ? { ...x, result: fn(x.result) } : x)) };
  });
}

/**
 * The `save` runHarm writes a result's harm with (a result with harm: runHarm runs only for one).
 * @param {string} requestId
 * @param {string} actorUuid
 * @returns {(fn: (h: import("./harm.mjs").Harm) => import("./harm.mjs").Harm) => Promise<import("./harm.mjs").Harm>}
 */
const harmSaver = (requestId, actorUuid) => async fn => {
  const r = await saveResult(requestId, actorUuid, res => (res?.harm ? { ...res, harm: fn(res.harm) } : res));
  return /** @type {import("./harm.mjs").Harm} */ (r?.entries.find(e => e.actorUuid === actorUuid)?.result?.harm);
};

/**
 * Re-render a request's card from the store.
 * @param {GMRequest|null} request
 */
async function refreshCard(request) {
  const card = request?.messageId ? game.messages.get(request.messageId) : null;
  if (card && request) await card.update({ content: await cardHTML(request) });
}

/**
 * Active GM, on load: finish the hazards a reload interrupted mid-way (a step begun is not repeated; the card says
 * so), so every hazard is applied once.
 */
export async function resumeHarms() {
  if (!game.user?.isActiveGM) return;
  for (const request of requestsList()) {
    let resumed = false;
    for (const entry of request.entries) {
      const harm = entry.result?.harm;
      if (!harm || harm.done) continue;
      const actor = /** @type {Actor.Implementation | null} */ (docAt(entry.actorUuid));
      if (!actor) continue;
      await runHarm(actor, harm, harmSaver(request.id, entry.actorUuid), { resume: true });
      resumed = true;
    }
    if (resumed) await refreshCard(store.get(request.id)); // nothing is written on a load with nothing to finish
  }
}

/**
 * A roller pressed a request button: roll through the roll dialog with the GM's TN fixed (perks and Hustle allowed),
 * then hand the card to the GM.
 * @param {{requestId: string, rollId: string}} ref
 * @returns {Promise<object|null>}
 */
export async function rollRequested({ requestId, rollId }) {
  const request = store.get(requestId);
  const entry = request?.entries.find(e => e.options.some(o => o.rollId === rollId));
  const option = entry?.options.find(o => o.rollId === rollId);
  if (!request || !entry || !option) return warn(L("SMOKE.GMScreen.requestGone"));
  if (entry.result) return warn(L("SMOKE.GMScreen.alreadyRolled", { name: entry.name, check: request.name }));
  const actor = personFrom(entry.actorUuid);
  const vehicle = option.performance ? performanceOf(actor) : null;
  const fixed = { tnSource: /** @type {const} */ ("fixed"), tn: option.tn, ...gmSituational(option.situational ?? 0) };
  const choices = await promptCheck(actor, option.stat, { initial: { ...fixed, lockTN: true }, vehicle });
  if (!choices) return null;
  let message;
  try {
    // An opposed TN is the opponent's total: the card says so ("opposed total").
    message = await rollCheck(actor, option.stat, { ...choices, ...fixed, ...(option.opposed ? { tnSource: "opposed" } : {}) }, { vehicle,
      flags: { rollId, gmRequest: { id: requestId } } });
  } catch (err) {
    return warn(err.message);
  }
  if (!message) return null;
  try {
    return await requestGM("gm.request.claim", { rollId, messageId: message.id });
  } catch (err) {
    return refuseCard(message, err.message);
  }
}

/**
 * The motor a character drives, as a GM check with Performance rolls it (GM checks › a driver's check): its printed
 * Performance on the GM's record (documents/vehicle/print.mjs, never the sheet's) as Effort, no Handling or driving
 * modifiers (the request's TN is the band's for that die); null when they drive nothing.
 * @param {Actor.Implementation} actor
 * @returns {{performance: number, handling: number, steps: number, modifiers: never[], name: string}|null}
 */
function performanceOf(actor) {
  const motor = vehicleDrivenBy(actor);
  return motor ? { performance: printedOf(motor).performance, handling: 0, steps: 0, modifiers: [], name: motor.name ?? "" }
    : null;
}

const warn = text => {
  ui.notifications.warn(text);
  return null;
};

/** The GM's requests. */
const requests = { "gm.request.send": onSend, "gm.request.claim": onClaim,
  "gm.hazard.announce": (user, { key }) => {
    assertGM(user);
    return announceHazard(key);
  } };

/** A request card's buttons work for the character's roller only (the GM's handler checks again). */
const hooks = {
  // A request's first card for each roll, kept in the store as it arrives (so it still counts after a reload).
  createChatMessage: message => keepFirstCard(store, message),
  ready: () => {
    resumeHarms().catch(err => console.error("the-smoke | resuming a hazard", err));
  },
  renderChatMessageHTML: (/** @type {ChatMessage.Implementation} */ message, /** @type {HTMLElement} */ html) => {
    const ref = message.flags?.[SYSTEM_ID]?.gmRequest;
    if (!ref) return;
    const root = /** @type {HTMLElement} */ (html);
    for (const b of root.querySelectorAll("[data-smoke-gm-roll]")) {
      const button = /** @type {HTMLButtonElement} */ (b);
      if (button.dataset.userId !== game.user.id) {
        button.remove();
        continue;
      }
      button.addEventListener("click", async () => {
        button.disabled = true;
        const r = await rollRequested({ requestId: ref.id, rollId: String(button.dataset.rollId) });
        if (!r) button.disabled = false;
      });
    }
  }
};

/**
 * The GM Screen's manifest (documents/core/feature.mjs), registered by the entry: the requests and hooks above, and
 * the rewards' request (`rewards.mjs`).
 */
export const feature = { id: "gmScreen", ...mergeParts([{ requests, hooks }, rewards]) };
