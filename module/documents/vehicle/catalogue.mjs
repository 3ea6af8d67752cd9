/**
 * A motor as the catalogue prints it, for the GM's automation: the vehicles compendium entry of the catalogue key the
 * GM recorded when the motor was made or imported (documents/core/record.mjs `recordedMotorKey`; a key or an ability
 * its owner wrote later is never read). The fence pays on its value; a hearing check reads its abilities (Vehicle
 * abilities › Silent).
 *
 * Foundry-side only; no rules here.
 * @module documents/vehicle/catalogue
 */
import { CATALOGUE_IDS, SYSTEM_ID } from "../../generated/rules.mjs";
import { recordedMotorKey } from "../core/record.mjs";

/**
 * @typedef {object} CatalogueMotor  What the catalogue prints for a motor.
 * @property {number|null} value   Its value in pounds (null: not ordinary stock).
 * @property {string[]} abilities  Its ability keys.
 * @property {string} lockKind     Which tools' lock targets apply (bike, motorbike, car, aircraft).
 * @property {string} lock         Its lock band.
 * @property {number} performance  Its Performance die (faces).
 * @property {number} handling     Its Handling.
 * @property {boolean} catalogue   The numbers are the compendium's (false: the GM's own motor's, made by hand).
 */

/**
 * The catalogue's value, abilities and lock of a motor. A motor the GM has no catalogue key for: its own numbers when no
 * player owns it (the GM's motor, which only a GM writes); null when a player owns it (the GM prices or rules it by
 * hand: what it says is its owner's to write).
 * @param {Actor.Implementation} motor
 * @returns {Promise<CatalogueMotor|null>}
 */
export async function catalogueMotor(motor) {
  const key = recordedMotorKey(motor).replace(/^vehicles\//, "");
  const id = key ? /** @type {Record<string, string>} */ (CATALOGUE_IDS.vehicles ?? {})[key] : undefined;
  const doc = /** @type {any} */ (id ? await game.packs.get(`${SYSTEM_ID}.vehicles`)?.getDocument(id) : null);
  if (doc) {
    return { value: doc.system.value ?? null, abilities: [...(doc.system.abilities ?? [])], lockKind: doc.system.lockKind,
      lock: doc.system.lock, performance: doc.system.performance?.die, handling: doc.system.handling, catalogue: true };
  }
  const playerOwned = game.users.some(u => !u.isGM && motor.testUserPermission(u, "OWNER"));
  if (playerOwned) return null;
  const s = /** @type {any} */ (motor.system);
  return { value: s.value ?? null, abilities: [...(s.abilities ?? [])], lockKind: s.lockKind, lock: s.lock,
    performance: s.performance?.die, handling: s.handling, catalogue: false };
}
