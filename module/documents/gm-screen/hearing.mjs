/**
 * Hearing a motor coming (rulebook: Vehicle abilities › Silent, "Hearing its approach with Savvy is Hard"): the GM
 * Screen sends the listeners the roll through its own request machinery (documents/gm-screen/gm-screen.mjs, kind
 * `hearing`), each character's TN the band's for their own unboosted dice, each card re-derived and counted once. The
 * stat and band come from the motor's abilities on the GM's printed record (documents/vehicle/print.mjs: the catalogue
 * entry of the key the GM recorded, or what the GM wrote): an ability its owner wrote on the motor is never read. A
 * motor with no such ability is heard without a roll: the request is refused and says so.
 *
 * Foundry-side only; the rule is rules/vehicles.mjs hearingCheck.
 * @module documents/gm-screen/hearing
 */
import { VEHICLE_ABILITIES } from "../../generated/rules.mjs";
import { hearingCheck } from "../../rules/vehicles.mjs";
import { printedOf } from "../vehicle/print.mjs";
import { actorAt } from "../core/lookup.mjs";

const L = (/** @type {string} */ key, /** @type {Record<string, string>} */ data) => game.i18n.format(key, data);

/**
 * @typedef {object} HearingRow  A hearing check as the GM Screen sends it (like a GM check's row).
 * @property {string} name     "Hear the Zap E-Scooter coming".
 * @property {SmokeBand} band  The ability's band (Silent: Hard).
 * @property {string[]} stats  The ability's stat (Savvy).
 * @property {string} stakes   The ability's printed words.
 * @property {string} ability  The ability's key.
 * @property {string} vehicle  The motor's name.
 */

/**
 * GM: the hearing check for a motor: the band and stat of the ability that makes its approach hard to hear.
 * @param {string} motorUuid  The motor (a world actor's or a token's UUID).
 * @returns {Promise<HearingRow>}
 * @throws {Error} in words: not a motor; a motor heard without a roll.
 */
export async function hearingRow(motorUuid) {
  const motor = actorAt(String(motorUuid ?? "")); // a token's UUID reads its actor
  if (!motor || motor.type !== "vehicle") throw new Error(game.i18n.localize("SMOKE.Vehicle.notVehicle"));
  const check = hearingCheck(printedOf(motor).abilities);
  if (!check) throw new Error(L("SMOKE.Hearing.heard", { vehicle: motor.name ?? "" }));
  const ability = /** @type {Record<string, any>} */ (VEHICLE_ABILITIES)[check.ability];
  return { name: L("SMOKE.Hearing.name", { vehicle: motor.name ?? "" }), band: check.band, stats: [check.stat],
    stakes: `${ability.name}: ${ability.description}`, ability: check.ability, vehicle: motor.name ?? "" };
}

/**
 * The words of a hearing result: whether the character hears it coming.
 * @param {{outcome: string, margin: number}} result
 * @param {string} name  The character's name.
 * @param {string} vehicle  The motor's name.
 * @returns {string}
 */
export function hearingText(result, name, vehicle) {
  return L(result.margin >= 0 ? "SMOKE.Hearing.hears" : "SMOKE.Hearing.missed", { name, vehicle });
}
