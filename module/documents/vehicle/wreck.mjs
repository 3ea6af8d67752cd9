/**
 * Whether a motor is burning or a destroyed shell is the GM's record (rulebook: Fire, repairs and selling up › At zero
 * Body, "A destroyed shell cannot be driven"; The chase gauge › How many actions?, "A burning or destroyed motor is not
 * free to drive normally"): the motor's `system.onFire` and `system.destroyed` mirror the GM store `wrecks`
 * (documents/core/mirror.mjs guardActorFields), written by the GM's fire and blast (documents/chase/fire.mjs) and the
 * GM's own edits. A player's own edit of their motor's fire is stripped on their client with a notice, and a forged
 * one put back by the active GM; the GM's automation that refuses driving and boarding reads the record, never the
 * sheet. An unlinked token's motor reads its own.
 *
 * Foundry-side only; no rules here.
 * @module documents/vehicle/wreck
 */
import { guardActorFields } from "../core/mirror.mjs";

const ON_FIRE = "system.onFire";
const DESTROYED = "system.destroyed";

const guard = guardActorFields({ key: "wrecks", types: ["vehicle"], paths: [ON_FIRE, DESTROYED], flags: [ON_FIRE, DESTROYED],
  notice: "SMOKE.Vehicle.wreckGmOwned", ownAdoption: true });

/**
 * Whether a motor is burning or destroyed, as the GM recorded it.
 * @param {Actor.Implementation} motor
 * @returns {{onFire: boolean, destroyed: boolean}}
 */
export function wreckOf(motor) {
  const v = guard.sanctioned(motor);
  return { onFire: !!v[ON_FIRE], destroyed: !!v[DESTROYED] };
}

/**
 * Active GM: record that a motor burns or is a destroyed shell, then mirror it onto the motor (the record is written
 * first, so a client that sees the motor change already reads the new record).
 * @param {Actor.Implementation} motor
 * @param {{onFire?: boolean, destroyed?: boolean}} values
 * @returns {Promise<void>}
 */
export function writeWreck(motor, { onFire, destroyed }) {
  /** @type {Record<string, boolean>} */
  const values = {};
  if (onFire !== undefined) values[ON_FIRE] = onFire;
  if (destroyed !== undefined) values[DESTROYED] = destroyed;
  return guard.write(motor, values);
}

/** Hooks: the record's guard. */
export const hooks = guard.hooks;
