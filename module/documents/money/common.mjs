/**
 * What the money handlers share: the requester's character, amounts in words, Heat through the Heat feature when it
 * is there (the foundation's heat-store otherwise), whether police can see someone, one-use offer ids, the card.
 * Foundry-side only; no rules here.
 * @module documents/money/common
 */
import { checkPounds } from "../../rules/money.mjs";
import { assertOwner } from "../core/requests.mjs";
import { placesOf } from "./places.mjs";
import { heatOf, loseStars as heatLoseStars, setHeat } from "../heat/heat.mjs";
import { sightOf } from "../heat/sight.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";

export { SYSTEM_ID };

/**
 * Localize or format.
 * @param {string} key
 * @param {Record<string, any>} [data]
 * @returns {string}
 */
export const L = (key, data) => (data ? game.i18n.format(key, /** @type {object} */ (data)) : game.i18n.localize(key));

/**
 * The character a request acts for: it exists, is a character and the user owns it (or is a GM).
 * @param {User.Implementation} user
 * @param {unknown} uuid
 * @returns {Actor.Implementation}
 * @throws {Error} in words.
 */
export function characterFor(user, uuid) {
  const actor = typeof uuid === "string" ? /** @type {Actor.Implementation | null} */ (fromUuidSync(/** @type {`Actor.${string}`} */ (uuid))) : null;
  if (!actor || actor.documentName !== "Actor") throw new Error(L("SMOKE.Request.missing"));
  assertOwner(user, actor);
  if (actor.type !== "character") throw new Error(L("SMOKE.Money.notCharacter", { name: actor.name ?? "" }));
  // Cash and Heat are the GM's record for a world character; an unlinked token's copy is its owner's to write.
  if (actor.isToken) throw new Error(L("SMOKE.Money.linkToken", { name: actor.name ?? "" }));
  return actor;
}

/**
 * Refuse unless the motor itself is at the place (its token in the place's region): a respray, the garage and the
 * fence work on the motor, not on a car parked across the map.
 * @param {Actor.Implementation} motor
 * @param {{regionUuid: string, name: string}} place
 * @throws {Error} "Bring the motor to … first".
 */
export function assertMotorAt(motor, place) {
  if (!placesOf(motor).some(p => p.regionUuid === place.regionUuid)) {
    throw new Error(L("SMOKE.Money.bringMotor", { motor: motor.name ?? "", place: place.name ?? "" }));
  }
}

/**
 * A motor a request names, owned by the user (or a GM).
 * @param {User.Implementation} user
 * @param {unknown} uuid
 * @returns {Actor.Implementation}
 */
export function motorFor(user, uuid) {
  const motor = typeof uuid === "string" ? /** @type {Actor.Implementation | null} */ (fromUuidSync(/** @type {`Actor.${string}`} */ (uuid))) : null;
  if (!motor || motor.type !== "vehicle") throw new Error(L("SMOKE.Vehicle.notVehicle"));
  assertOwner(user, motor);
  // An unlinked token's own copy keeps its Body, Fuel and condition on itself, which its owner can write: a player's
  // motor is priced only as a world motor, whose numbers are the GM's record (a nicked unlinked motor becomes one,
  // documents/vehicle/promote.mjs).
  if (motor.isToken && !user.isGM) throw new Error(L("SMOKE.Vehicle.tokenCopy", { vehicle: motor.name ?? "" }));
  return motor;
}

/**
 * Whole pounds for a request, or a refusal in words ("£-5 is not an amount").
 * @param {unknown} n
 * @param {{min?: number}} [opts]
 * @returns {number}
 */
export function pounds(n, opts) {
  const r = checkPounds(n, opts);
  if (!r.ok) throw new Error(L(`SMOKE.Money.amount.${r.reason}`, { amount: String(n) }));
  return r.pounds;
}

/**
 * Stars now (the GM's Heat record).
 * @param {Actor.Implementation} actor
 * @returns {number}
 */
export function starsOf(actor) {
  return heatOf(actor).stars;
}

/**
 * Whether the police can see the actor now, worked out on the GM at the moment of asking (Heat's sight: a police
 * token within sight, the helicopter at 3+ stars outdoors, the GM's per-character override).
 * @param {Actor.Implementation} actor
 * @returns {boolean}
 */
export function policeSee(actor) {
  return sightOf(actor, heatOf(actor)).seen;
}

/**
 * GM: lose `n` stars.
 * @param {Actor.Implementation} actor
 * @param {number} n
 * @param {string} reason
 */
export function loseStars(actor, n, reason) {
  return heatLoseStars(actor, n, { reason });
}

/**
 * GM: clear Heat.
 * @param {Actor.Implementation} actor
 * @param {string} reason
 */
export function clearHeat(actor, reason) {
  return setHeat(actor, 0, { reason });
}

/**
 * One-use offer ids: a button carries an id minted when it was first drawn and kept on every drawing until the GM
 * answers it (`standingOffer`); the GM takes each id once, so a double click (the same id twice) buys once, even when
 * the sheet is drawn again between its two clicks. The ids taken are kept in memory on the active GM (the newest 5000).
 */
const used = new Set();
/**
 * Take an offer id once.
 * @param {unknown} offerId
 * @returns {() => void} Gives the id back (the request failed and wrote nothing).
 * @throws {Error} for a missing or used id.
 */
export function takeOffer(offerId) {
  if (typeof offerId !== "string" || offerId.length < 8 || offerId.length > 64) throw new Error(L("SMOKE.Money.noOffer"));
  if (used.has(offerId)) throw new Error(L("SMOKE.Money.usedOffer"));
  used.add(offerId);
  if (used.size > 5000) used.delete(/** @type {string} */ (used.values().next().value));
  return () => { used.delete(offerId); };
}

/**
 * A fresh offer id for a button.
 * @returns {string}
 */
export const newOffer = () => foundry.utils.randomID(16);

/** This client's standing offers: one id per buyer, place and item, the same on every drawing until the GM answers it. */
const standing = /** @type {Map<string, string>} */ (new Map());

/**
 * The offer id a shelf's button carries: the same on every drawing of the sheet until the GM answers that offer, so a
 * sheet drawn again between the two clicks of a double click still sends the id the GM takes once.
 * @param {string} actorUuid
 * @param {string} regionUuid
 * @param {string} key  The catalogue key.
 * @returns {string}
 */
export function standingOffer(actorUuid, regionUuid, key) {
  const at = `${actorUuid}|${regionUuid}|${key}`;
  let id = standing.get(at);
  if (!id) standing.set(at, id = newOffer());
  if (standing.size > 5000) standing.delete(/** @type {string} */ (standing.keys().next().value));
  return id;
}

/**
 * The GM has answered an offer (bought, or refused and given back): the next drawing carries a fresh id.
 * @param {string} actorUuid
 * @param {string} regionUuid
 * @param {string} key
 */
export function spendOffer(actorUuid, regionUuid, key) {
  standing.delete(`${actorUuid}|${regionUuid}|${key}`);
}

const CARD = "systems/the-smoke/templates/chat/money-card.hbs";

/**
 * Post the card of a money transaction (templates/chat/money-card.hbs: every string escaped).
 * @param {{title: string, lines: (string|null|false|undefined)[], kind: string, speaker?: Actor.Implementation|null,
 *   flags?: object, whisperGM?: boolean}} card  whisperGM: to the GMs only (the crew fee's remainder).
 */
export async function moneyCard({ title, lines, kind, speaker = null, flags = {}, whisperGM = false }) {
  const content = await foundry.applications.handlebars.renderTemplate(CARD, { title, kind, lines: lines.filter(Boolean) });
  return ChatMessage.create({ content, flags: { [SYSTEM_ID]: { money: { kind, ...flags } } },
    speaker: speaker ? ChatMessage.getSpeaker({ actor: speaker }) : ChatMessage.getSpeaker(),
    ...(whisperGM ? { whisper: game.users.filter(u => u.isGM).map(u => u.id) } : {}) });
}
