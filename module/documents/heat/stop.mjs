/**
 * A stop on foot (rulebook: Heat on your heels › When they catch up): the police demand a stop; the player answers
 * with one click — **run** (Moves), **talk** (Front: Hard at one star, Long Shot at two or more; rules/heat.mjs
 * talkOutOfStopBand), **surrender** or **fight**. The GM demands the stop (a card for the character's owners and the
 * GM); the answer goes through the GM, once per stop; a roll is issued by the GM and read from its card
 * (documents/core/roll-claims.mjs). Running from a demanded stop is *failing to stop for police*, noticed for the GM's card
 * with *police saw* pre-set. Surrendering offers the GM Busted; fighting says so to the GM.
 *
 * The stops live in the GM store `heatStops`, keyed by stop id: `{actorUuid, answer, at, band, outcome}`.
 * A stop that goes against the character (a failed run or talk, a surrender) is being caught: a worn Police Uniform
 * adds its +2 (documents/heat/disguise.mjs caughtInUniform), once per stop.
 * A ruling: running is a Moves check at Medium (the book gives the stat, not the band); the GM may chase instead.
 *
 * Foundry-side only.
 * @module documents/heat/stop
 */
import { talkOutOfStopBand } from "../../rules/heat.mjs";
import { drinkDriving } from "../../rules/police.mjs";
import { vehicleDrivenBy } from "../vehicle/seats.mjs";
import { activeNow } from "../core/active-time.mjs";
import { resolveTN } from "../core/check.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { heatOf } from "./store.mjs";
import { assertOwner, requestGM } from "../core/requests.mjs";
import { claimRoll, issueRoll } from "../core/roll-claims.mjs";
import { purposeRoll } from "../vehicle/common.mjs";
import { characterAt, L, noticeCrime, postHeatCard } from "./crimes.mjs";
import { caughtInUniform } from "./disguise.mjs";
import { recordedStatuses } from "../core/condition-record.mjs";

export const ANSWERS = Object.freeze(["run", "talk", "surrender", "fight"]);
/** What each rolled answer rolls (run: Moves at Medium, a ruling; talk: Front at the Heat's band). */
const ROLLED = Object.freeze({ run: "mov", talk: "frt" });
const RUN_BAND = "medium";

/**
 * @typedef {{actorUuid: string, answer: string|null, at: number, band: string|null, outcome: string|null,
 *   drinkDriving?: boolean}} Stop  drinkDriving: stopped Mullered at the wheel (rules/police.mjs drinkDriving).
 */
/** @type {import("../core/gm-store.mjs").GMStore<Stop>} */
export const stops = gmStore("heatStops");

/**
 * @param {any} actor
 * @returns {string[]} The users who own the character, and the GMs.
 */
function ownersAndGMs(actor) {
  return game.users.filter(u => u.isGM || actor.testUserPermission(u, "OWNER")).map(u => /** @type {string} */ (u.id));
}

/**
 * Active GM: police demand a stop: a card for the owners with the four answers.
 * @param {Actor.Implementation} actor
 * @returns {Promise<string>} The stop id.
 */
export async function demandStop(actor) {
  if (!game.user.isActiveGM) throw new Error(L("SMOKE.Store.gmOnly"));
  if (actor?.type !== "character") throw new Error(L("SMOKE.Wanted.notCharacter"));
  const stars = heatOf(actor).stars;
  const band = talkOutOfStopBand(stars) ?? "hard";
  const id = foundry.utils.randomID(16);
  // Mullered at the wheel: "Drink-driving is a crime if you are stopped" — named on the card; its cost is the GM's.
  const motor = vehicleDrivenBy(actor);
  const drunk = drinkDriving({ conditions: recordedStatuses(actor), driving: !!motor });
  await stops.set(id, { actorUuid: actor.uuid, answer: null, at: activeNow(), band, outcome: null, drinkDriving: drunk });
  await postHeatCard({ kind: "stop", id, whisper: ownersAndGMs(actor), speaker: actor,
    title: L("SMOKE.Wanted.stopTitle", { name: actor.name }),
    lines: [L("SMOKE.Wanted.stopLine", { band: L(`SMOKE.Band.${band}`) }),
      drunk && L("SMOKE.Wanted.drinkDriving", { name: actor.name ?? "", vehicle: motor?.name ?? "" })],
    buttons: ANSWERS.map(a => ({ action: "stopAnswer", value: a, label: L(`SMOKE.Wanted.answer.${a}`) })),
    flags: { heatStop: id } });
  return id;
}

/**
 * GM handler: a player's answer to a stop, once.
 * @param {User.Implementation} user
 * @param {{stopId: string, answer: string}} data
 * @returns {Promise<{answer: string, rollId?: string, stat?: string, band?: string, tn?: number, situational?: number}>}
 */
export async function onStopAnswer(user, { stopId, answer }) {
  const stop = stops.get(String(stopId));
  if (!stop) throw new Error(L("SMOKE.Wanted.noStop"));
  const actor = characterAt(stop.actorUuid);
  assertOwner(user, actor);
  if (!ANSWERS.includes(answer)) throw new Error(L("SMOKE.Wanted.badAnswer", { answer: String(answer) }));
  if (stop.answer) throw new Error(L("SMOKE.Wanted.alreadyAnswered", { answer: L(`SMOKE.Wanted.answer.${stop.answer}`) }));
  await stops.set(String(stopId), { ...stop, answer });
  const lines = [L(`SMOKE.Wanted.said.${answer}`, { name: actor.name })];
  const buttons = [];
  if (answer === "run") await noticeCrime({ actorUuid: actor.uuid, crime: "failing-to-stop-for-police", actId: `stop:${stopId}` });
  if (answer === "surrender") buttons.push({ action: "bust", label: L("SMOKE.Wanted.cuffBust") });
  if (answer === "surrender") await caughtInUniform(actor, String(stopId)); // caught: a uniform's +2
  await postHeatCard({ kind: "stopAnswer", title: L("SMOKE.Wanted.stopTitle", { name: actor.name }), lines, buttons,
    flags: { heatStopAnswer: { actorUuid: actor.uuid, stopId } } });
  const stat = ROLLED[answer];
  if (!stat) return { answer };
  const band = answer === "talk" ? /** @type {SmokeBand} */ (stop.band) : RUN_BAND; // the stop's band: talkOutOfStopBand's
  const tn = resolveTN(actor, stat, { tnSource: "band", band });
  const { rollId, situational } = issueRoll(user, { purpose: "heat.stop", actor, stat, tn, context: { stopId, answer } });
  return { answer, rollId, stat, band, tn, situational };
}

/**
 * GM handler: the stop's roll from its card, once: Sorted or better (margin ≥ 0) gets away / talks them round.
 * @param {User.Implementation} user
 * @param {{rollId: string, messageId: string}} data
 */
export async function onStopClaim(user, { rollId, messageId }) {
  const { roll, actor, check } = await claimRoll(user, { rollId, messageId, purpose: "heat.stop" });
  const { stopId, answer } = roll.context;
  const ok = check.margin >= 0;
  await stops.update(stopId, s => (s ? { ...s, outcome: ok ? "success" : "failure" } : s));
  if (!ok) await caughtInUniform(actor, String(stopId)); // caught: a uniform's +2 (Clobber and outfits › Police Uniform)
  await postHeatCard({ kind: "stopResult", title: L("SMOKE.Wanted.stopTitle", { name: actor.name }),
    lines: [L(`SMOKE.Wanted.${answer}.${ok ? "success" : "failure"}`, { name: actor.name })],
    buttons: ok ? [] : [{ action: "bust", label: L("SMOKE.Wanted.cuffBust") }],
    flags: { heatStopAnswer: { actorUuid: actor.uuid, stopId } } });
  return { success: ok, outcome: check.outcome };
}

/**
 * The player's click: answer a stop, and roll when the answer rolls.
 * @param {string} stopId
 * @param {string} answer
 * @param {{skipDialog?: boolean}} [options]
 * @returns {Promise<{answer: string, success?: boolean}>}
 */
export async function answerStop(stopId, answer, { skipDialog = false } = {}) {
  const res = await requestGM("heat.stop.answer", { stopId, answer });
  if (!res.rollId) return res;
  const actor = characterAt(/** @type {Stop} */ (stops.get(stopId)).actorUuid);
  const message = await purposeRoll(actor, res.stat, { tnSource: "band", band: res.band }, { rollId: res.rollId }, skipDialog,
    res.situational);
  if (!message) return res;
  const claimed = await requestGM("heat.stop.claim", { rollId: res.rollId, messageId: message.id });
  return { answer, success: claimed.success };
}
