/**
 * Starting and ending a shift (rulebook: Work the borough › Start a shift): a character in the driver's seat of a
 * suitable motor chooses a shift. Which motors suit which shift comes from the GM's records of the motor (rules/jobs.mjs
 * motorShifts: the roster's named motors by the recorded catalogue key and the Police kit / Stretcher bay abilities of
 * the printed record, documents/vehicle/print.mjs) — only for a motor no player owns — and the GM's override in the
 * `shiftMotors` store, which replaces it.
 * The seats are the GM's seat store (documents/vehicle/vehicle.mjs driverOf / vehicleDrivenBy).
 * @module documents/shifts/crew
 */
import { motorShifts } from "../../rules/jobs.mjs";
import { SHIFT_IDS } from "../../rules/shifts.mjs";
import { assertGM, assertOwner } from "../core/requests.mjs";
import { printedOf, vehicleDrivenBy } from "../vehicle/vehicle.mjs";
import { recordedMotorKey } from "../core/record.mjs";
import { L, activeJobOf, crews, motorOverrides } from "./store.mjs";
import { docAt as uuidDoc } from "../core/lookup.mjs";

/**
 * @param {unknown} uuid
 * @returns {any}
 */
export const docAt = uuid => {
  if (typeof uuid !== "string" || !uuid) return null;
  const doc = uuidDoc(uuid);
  return doc?.documentName === "Token" ? /** @type {TokenDocument.Implementation} */ (doc).actor : doc;
};

/**
 * Whether a player (not a GM) owns the document.
 * @param {any} doc
 */
const playerOwned = doc => game.users.some(u => !u.isGM && doc.testUserPermission(u, "OWNER"));

/**
 * The shifts a motor suits (the GM's override, else its data if no player owns it).
 * @param {Actor.Implementation} vehicle
 * @returns {string[]}
 */
export function suitedShifts(vehicle) {
  const override = motorOverrides.get(vehicle.uuid)?.shifts ?? null;
  if (override) return motorShifts({ override });
  if (playerOwned(vehicle)) return [];
  const key = recordedMotorKey(vehicle).split("/").pop();
  return motorShifts({ key, abilities: printedOf(vehicle).abilities });
}

/** Whether the motor is a cab (the taxi's + £4): the Hackney Carriage by its data, or the GM's override "cab". */
export function isCab(vehicle) {
  const override = motorOverrides.get(vehicle.uuid);
  if (override) return !!(override.cab);
  return !playerOwned(vehicle) && recordedMotorKey(vehicle).endsWith("/hackney-carriage");
}

/**
 * GM: the actor a request names, the requester's own character, and the motor they drive.
 * @param {User.Implementation} user
 * @param {unknown} actorUuid
 * @returns {{actor: Actor.Implementation, vehicle: Actor.Implementation|null}}
 */
export function crewMember(user, actorUuid) {
  const actor = docAt(actorUuid);
  if (!actor || actor.documentName !== "Actor" || actor.type === "vehicle") throw new Error(L("SMOKE.Shifts.notPerson"));
  assertOwner(user, actor);
  return { actor, vehicle: vehicleDrivenBy(actor) };
}

/** GM: start a shift (driver's seat of a motor that suits it). */
async function onStart(user, { actorUuid, shift }) {
  if (!SHIFT_IDS.includes(shift)) throw new Error(L("SMOKE.Shifts.unknownShift", { shift: String(shift) }));
  const { actor, vehicle } = crewMember(user, actorUuid);
  if (!vehicle) throw new Error(L("SMOKE.Shifts.notDriver", { actor: actor.name }));
  if (!suitedShifts(vehicle).includes(shift)) {
    throw new Error(L("SMOKE.Shifts.unsuitable", { vehicle: vehicle.name, shift: L(`SMOKE.Shifts.shift.${shift}`) }));
  }
  if (activeJobOf(actor.uuid)) throw new Error(L("SMOKE.Shifts.onJob", { actor: actor.name }));
  await crews.set(actor.uuid, { shift, vehicleUuid: vehicle.uuid, userId: /** @type {string} */ (user.id), since: game.time.serverTime });
  return { shift, vehicleUuid: vehicle.uuid };
}

/** GM: end a shift (not with a job running: the GM cancels it first). */
async function onEnd(user, { actorUuid }) {
  const { actor } = crewMember(user, actorUuid);
  if (activeJobOf(actor.uuid)) throw new Error(L("SMOKE.Shifts.onJob", { actor: actor.name }));
  await crews.set(actor.uuid, null);
  return { ended: true };
}

/**
 * GM: say which shifts a motor suits (replaces its data; an empty list: none; null: back to its data).
 * @param {User.Implementation} user
 * @param {{vehicleUuid: string, shifts?: string[]|null, cab?: boolean}} data
 */
async function onMotor(user, { vehicleUuid, shifts = null, cab = false }) {
  assertGM(user);
  const vehicle = docAt(vehicleUuid);
  if (vehicle?.type !== "vehicle") throw new Error(L("SMOKE.Vehicle.notVehicle"));
  if (shifts !== null && (!Array.isArray(shifts) || shifts.some(s => !SHIFT_IDS.includes(s)))) {
    throw new Error(L("SMOKE.Shifts.unknownShift", { shift: String(shifts) }));
  }
  await motorOverrides.set(vehicle.uuid, shifts === null ? null : { shifts: [...new Set(shifts)], cab: !!cab });
  return { shifts: suitedShifts(vehicle) };
}

export const requests = { "shift.start": onStart, "shift.end": onEnd, "shift.motor": onMotor };
