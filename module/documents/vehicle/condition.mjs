/**
 * A motor's condition is the GM's record (rulebook: Getting a motor › Vehicles have their own record, "Body is the
 * vehicle's Health"; The chase gauge › Tyres and damage; Skids, collisions and contact › Go evasive; Fire, repairs and
 * selling up › At zero Body, Repairs, Garage work, The fence's offer), as current Health is a character's
 * (documents/core/health-record.mjs): current and maximum Body (`system.body.value`, `.max`), flat tyres
 * (`system.tyres.flat`), the roadside patch used since the last garage (`system.patched`), the temporary defences (gone
 * evasive this round, `system.defences.evasive`, and any other, `system.defences.bonus`) and the burning motor's clock
 * (`system.fire.round` and `system.fire.combatId`, the round and fight it caught fire in; `flags.the-smoke.fireAt`, the
 * blast's time outside rounds) mirror the GM store `motorCondition` (documents/core/mirror.mjs guardActorFields).
 * Whether it burns or is a destroyed shell is the `wrecks` record beside it (documents/vehicle/wreck.mjs), and its Fuel
 * the `fuel` record (documents/vehicle/fuel.mjs).
 *
 * A motor's owner — the player whose car it is, or who nicked it — may write their own Actor, so the sheet is only a
 * mirror: their own edit is stripped on their client with a notice, a forged write is put back by the active GM, a
 * GM's own edit (the sheet, a token's bar) is recorded, and a world from before this record is adopted once, each motor
 * with the condition it had. It changes through the system's flows, each on the active GM ({@link writeCondition}):
 * harm in a fight and the chase (shots, tyres, gauge checks, the evasive manoeuvre, rams, PITs, the blast:
 * documents/fight/attack.mjs, documents/chase/harm.mjs), going evasive and its end at the round's end
 * (documents/chase/contact.mjs, documents/chase/getaway.mjs), the fire (documents/chase/fire.mjs), repairs
 * (documents/vehicle/repair.mjs) and the garage (documents/money/services.mjs). What the GM's automation acts on —
 * the fence's offer, the garage's quote, a repair's "once", the chase's Speed, speed dice and driving numbers, the
 * Guard a shot or a ram is rolled against, the fire — reads this record ({@link conditionOf}, {@link motorNumbers},
 * {@link motorGuard}, the last two with the printed record of documents/vehicle/print.mjs), never the sheet. An
 * unlinked token's motor reads and keeps its own condition (no GM record follows a token's copy), as its Fuel does.
 *
 * Foundry-side only; the rules are rules/vehicles.mjs.
 * @module documents/vehicle/condition
 */
import { SYSTEM_ID } from "../../generated/rules.mjs";
import { vehicleGuardValue, vehicleNumbers } from "../../rules/vehicles.mjs";
import { guardActorFields } from "../core/mirror.mjs";
import { printedOf } from "./print.mjs";

const BODY = "system.body.value";
const BODY_MAX = "system.body.max";
const FLATS = "system.tyres.flat";
const PATCHED = "system.patched";
const EVASIVE = "system.defences.evasive";
const GUARD_BONUS = "system.defences.bonus";
const FIRE_ROUND = "system.fire.round";
const FIRE_COMBAT = "system.fire.combatId";
const FIRE_AT = `flags.${SYSTEM_ID}.fireAt`;

const guard = guardActorFields({ key: "motorCondition", types: ["vehicle"], notice: "SMOKE.Vehicle.conditionGmOwned",
  paths: [BODY, BODY_MAX, FLATS, PATCHED, EVASIVE, GUARD_BONUS, FIRE_ROUND, FIRE_COMBAT, FIRE_AT],
  flags: [PATCHED, EVASIVE], text: [FIRE_COMBAT], ownAdoption: true });

/**
 * @typedef {object} MotorCondition  A motor's condition as the GM recorded it.
 * @property {number} body        Current Body (whole points, 0 … bodyMax).
 * @property {number} bodyMax     Its Body when whole.
 * @property {number} flatTyres   Flat tyres.
 * @property {boolean} patched    The roadside patch used since the last garage.
 * @property {boolean} evasive    Gone evasive this round (+2 Guard).
 * @property {number} guardBonus  Other temporary defences (whole points, may be negative).
 * @property {number|null} fireRound  The round it caught fire in (null: outside rounds, or not burning).
 * @property {string} fireCombatId    The fight it caught fire in ("" outside one).
 * @property {number} fireAt      When it explodes outside rounds (ms since 1970; 0: no countdown).
 */

/** @param {unknown} v */
const whole = v => Math.max(0, Math.trunc(Number(v) || 0));

/**
 * A motor's condition as the GM recorded it (an unlinked token's copy: its own).
 * @param {Actor.Implementation} motor
 * @returns {MotorCondition}
 */
export function conditionOf(motor) {
  const v = guard.sanctioned(motor);
  const bodyMax = whole(v[BODY_MAX]);
  return { body: Math.min(bodyMax, whole(v[BODY])), bodyMax, flatTyres: whole(v[FLATS]), patched: !!v[PATCHED],
    evasive: !!v[EVASIVE], guardBonus: Math.trunc(Number(v[GUARD_BONUS]) || 0), fireRound: whole(v[FIRE_ROUND]) || null,
    fireCombatId: String(v[FIRE_COMBAT] ?? ""), fireAt: whole(v[FIRE_AT]) };
}

/**
 * A motor's Performance, Handling and Speed for driving now (The chase gauge › Tyres and damage: flat tyres and low
 * Body, rules/vehicles.mjs vehicleNumbers) from the GM's records of its printed numbers (documents/vehicle/print.mjs)
 * and of its condition. A record the rules cannot read (a hand-edited die) gives the printed numbers unchanged, with
 * `error`, as the sheet does.
 * @param {Actor.Implementation} motor
 * @returns {import("../../rules/vehicles.mjs").VehicleNumbers & {error?: string}}
 */
export function motorNumbers(motor) {
  const p = printedOf(motor);
  const c = conditionOf(motor);
  try {
    return vehicleNumbers({ performance: p.performance, handling: p.handling, speed: p.speed, body: c.body,
      bodyMax: c.bodyMax, flatTyres: c.flatTyres });
  } catch (err) {
    return { printedPerformance: p.performance, performance: p.performance, steps: 0, floored: false,
      handling: p.handling, speed: p.speed, flatTyres: c.flatTyres, lowBody: false, error: /** @type {Error} */ (err).message };
  }
}

/**
 * A motor's Guard (Vehicles have their own record: "6 + twice Size, before temporary defences"; Go evasive: "+2 vehicle
 * Guard … until the end of the round") from the Size on the GM's printed record and the temporary defences the GM
 * recorded.
 * @param {Actor.Implementation} motor
 * @returns {number}
 */
export function motorGuard(motor) {
  const c = conditionOf(motor);
  return vehicleGuardValue({ size: printedOf(motor).size, evasive: c.evasive, bonus: c.guardBonus }).value;
}

/** The record's paths by the names {@link writeCondition} takes. */
const PATHS = Object.freeze({ body: BODY, bodyMax: BODY_MAX, flatTyres: FLATS, patched: PATCHED, evasive: EVASIVE,
  guardBonus: GUARD_BONUS, fireRound: FIRE_ROUND, fireCombatId: FIRE_COMBAT, fireAt: FIRE_AT });

/**
 * Active GM: write a change to a motor's condition — recorded first, then mirrored on the sheet (an unlinked token's
 * copy: its own fields).
 * @param {Actor.Implementation} motor
 * @param {Partial<MotorCondition>} values  Only the fields that change.
 * @returns {Promise<void>}
 * @throws {RangeError} for a field that is not part of the condition.
 */
export async function writeCondition(motor, values) {
  /** @type {Record<string, unknown>} */
  const update = {};
  for (const [k, v] of Object.entries(values)) {
    const path = /** @type {Record<string, string>} */ (PATHS)[k];
    if (!path) throw new RangeError(`a motor's condition has no field "${k}" (${Object.keys(PATHS).join(", ")})`);
    update[path] = k === "fireRound" ? v ?? null : v;
  }
  if (!Object.keys(update).length) return;
  if (motor.isToken) {
    await motor.update(/** @type {DottedUpdate<Actor.UpdateData>} */ (update),
      /** @type {Actor.Database.UpdateOperation & {smokeGuarded: boolean}} */ ({ smokeGuarded: true })); // the guard lets it by
    return;
  }
  // The store holds 0 for "no round" (a number path); the sheet keeps its null.
  if (FIRE_ROUND in update && update[FIRE_ROUND] === null) update[FIRE_ROUND] = 0;
  await guard.write(motor, update);
}

/** Hooks: the record's guard. */
export const hooks = guard.hooks;
