/**
 * What the chase modules share: the chase rules' numbers, the gauge flag's shape ({@link GaugeFlag}), the words (`L`),
 * escaping, a document's system data, warnings and signed numbers. Internal to documents/chase/; documents/chase/chase.mjs
 * re-exports the public name (SYSTEM_ID).
 *
 * Rulebook: The chase gauge.
 * @module documents/chase/common
 */
import { RULES, SYSTEM_ID } from "../../generated/rules.mjs";

export { SYSTEM_ID };
export const CHASE = RULES.chase;
export const GAUGE_BANDS = CHASE.gauge.bands;

/** The book's police officers (street-people catalogue keys): pursuers by default. */
export const POLICE_PEOPLE = Object.freeze(["street-people/metro-police-officer", "street-people/armed-response-officer"]);

/**
 * @typedef {object} GaugeFlag  A motor token's driving action, GM-owned: `combat.system.gauges[tokenId]` on the fight
 *   it drives in (only a GM writes a Combat's system). Derived by the GM from the movement it observes. Squares.
 * @property {string} action       A fresh id per driving action.
 * @property {string} combatId
 * @property {number} round
 * @property {number} turn  The fight and when it began.
 * @property {string} combatantId  Whose speed die started it (the driver's, or the unit's).
 * @property {number} spend        That die's spend counter (speed dice); the action is open while it is the last spent.
 * @property {string} driverId     The driver's actor id ("" for a unit's crew).
 * @property {number} travelled    Squares moved in this action (the sum of each move's grid spaces).
 * @property {"green"|"yellow"|"red"} cleared  The furthest band whose line check has been passed.
 * @property {{kind: "line"|"contact", band: "green"|"yellow"|"red", other: string}|null} pending  A check due before
 *   the motor moves on: at a band's line (band = the band entered), or on contact (band = the band it is in; other =
 *   the other motor's token id).
 * @property {""|"failed"|"crash"} ended  The action's driving ended: a failed gauge check, or a Proper Mess on contact.
 * @property {string[]} resolved  Token ids of motors already met (their evasive manoeuvre made) in this action.
 * @property {string} lastMove     The id of the last movement counted.
 * @property {string} tokenUuid    The motor's token.
 * @property {{x: number, y: number}|null} at  Where the GM last saw the token (the next move is measured from here).
 */

/** @typedef {TokenDocument.Implementation & {id: string, flags: any, actor: any, parent: any}} MotorToken  A placed token (its id set). */

/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 * @returns {string}
 */
export const L = (key, data) => (data ? game.i18n.format(key, /** @type {Record<string, string>} */ (data)) : game.i18n.localize(key));
/**
 * @param {unknown} s
 * @returns {string}
 */
export const esc = s => foundry.utils.escapeHTML(String(s ?? ""));
/**
 * @param {any} actor
 * @returns {boolean}
 */
export const isVehicle = actor => actor?.type === "vehicle";
/**
 * @param {any} doc
 * @returns {any}
 */
export const sys = doc => doc?.system;
/**
 * @param {string} text
 * @returns {null}
 */
export function warn(text) {
  ui.notifications.warn(text);
  return null;
}
export { refuseCard } from "../core/check.mjs";

/**
 * "+1" / "−2".
 * @param {number} n
 */
export const signed = n => (n < 0 ? `−${-n}` : `+${n}`);

/**
 * The fight of an id (GM side), or a refusal.
 * @param {string} id
 * @returns {any}
 */
export function combatFrom(id) {
  const combat = game.combats?.get(id);
  if (!combat) throw new Error(L("SMOKE.Combat.noCombat"));
  return combat;
}

/**
 * The gauge the GM recorded for a motor token on a fight (or null).
 * @param {any} combat
 * @param {string|null|undefined} tokenId
 * @returns {GaugeFlag|null}
 */
export function gaugeOn(combat, tokenId) {
  const g = tokenId ? combat?.system?.gauges?.[tokenId] : null;
  return g ? /** @type {GaugeFlag} */ (foundry.utils.deepClone(g)) : null;
}

/**
 * GM: write a motor token's gauge (whole) on its fight.
 * @param {any} combat
 * @param {string} tokenId
 * @param {GaugeFlag} gauge
 */
export async function writeGauge(combat, tokenId, gauge) {
  await combat.update({ [`system.gauges.${tokenId}`]: gauge }, { turnEvents: false });
}

/**
 * Whether an outcome id is a success.
 * @param {string} outcome
 * @returns {boolean}
 */
export const succeeded = outcome => RULES.outcomes.outcomes.find(o => o.id === outcome)?.success === true;
