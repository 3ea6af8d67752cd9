/**
 * Locking your own bike (rulebook: Tools & gear › Bike Lock, "A decent D-lock for your own ride. Locked bikes need a
 * Hard roll to nick"): a player asks the GM to lock a bike they own with a Bike Lock their character carries, or to
 * unlock it; the active GM checks the request against its own records — the character's kit (documents/core/
 * kit-record.mjs: a Bike Lock on the GM's record, not one written on the sheet, and no more bikes locked than locks
 * carried), the motor's lock kind on the GM's printed record (documents/vehicle/print.mjs), nobody aboard — and writes the lock record once (documents/vehicle/lock-store.mjs). A theft of a
 * locked bike starts from the lock's band and cuts it when it opens (documents/vehicle/theft.mjs); nobody boards a
 * locked bike until it is unlocked (documents/vehicle/seats.mjs).
 *
 * Foundry-side only; the rules are rules/vehicles.mjs canBikeLock and theftBand.
 * @module documents/vehicle/bike-lock
 */
import { canBikeLock } from "../../rules/vehicles.mjs";
import { recordedGearWith } from "../core/kit-record.mjs";
import { requestGM } from "../core/requests.mjs";
import { printedOf } from "./print.mjs";
import { L, personAtMotor, postCard, vehicleFrom } from "./common.mjs";
import { bikeLockOf, bikeLocks } from "./lock-store.mjs";
import { occupantsOf } from "./seats.mjs";

export { bikeLockOf };

/**
 * The Bike Locks a character carries on the GM's record, and how many of them already lock a bike.
 * @param {Actor.Implementation} actor
 * @returns {{locks: {id: string, name: string, system: Record<string, any>}[], count: number, inUse: number}}
 */
export function bikeLocksOf(actor) {
  const locks = recordedGearWith(actor, "bikeLock");
  const count = locks.reduce((n, l) => n + Math.max(0, Number(l.system.quantity ?? 1)), 0);
  const inUse = Object.values(bikeLocks.all()).filter(r => r?.by === actor.uuid).length;
  return { locks, count, inUse };
}

/**
 * Lock a bike with a Bike Lock the character carries, or unlock it: asks the GM (the lock is the GM's record).
 * @param {Actor.Implementation} vehicle
 * @param {Actor.Implementation} actor  The character whose Bike Lock it is.
 * @param {boolean} locked  true to lock, false to unlock.
 * @returns {Promise<{locked: boolean, band?: string}>}
 * @throws {Error} the GM's refusal, in words.
 */
export function setBikeLock(vehicle, actor, locked) {
  return requestGM("vehicle.bikeLock", { vehicleUuid: vehicle.uuid, actorUuid: actor.uuid, locked: !!locked });
}

/**
 * GM: lock or unlock a bike. Locking: the requester owns the bike ("your own ride") and the character; the bike's
 * catalogue lock kind is a bike; nobody is aboard; the character carries a Bike Lock on the GM's record that is not on
 * another bike. Unlocking: the GM, or the owner of the character who locked it.
 * @param {User.Implementation} user
 * @param {{vehicleUuid: string, actorUuid: string, locked: boolean}} data
 */
async function onBikeLock(user, { vehicleUuid, actorUuid, locked }) {
  const vehicle = vehicleFrom(vehicleUuid);
  const current = bikeLockOf(vehicle);
  if (!locked) {
    if (!current) throw new Error(L("SMOKE.BikeLock.notLocked", { vehicle: vehicle.name }));
    const locker = /** @type {Actor.Implementation|null} */ (fromUuidSync(/** @type {SmokeUuid} */ (current.by)));
    if (!user.isGM && !locker?.testUserPermission(user, "OWNER")) {
      throw new Error(L("SMOKE.BikeLock.notYours", { vehicle: vehicle.name }));
    }
    await bikeLocks.set(vehicle.uuid, null);
    await postCard({ kind: "bikeLock", speaker: locker, title: L("SMOKE.BikeLock.title", { vehicle: vehicle.name }),
      lines: [L("SMOKE.BikeLock.unlocked", { actor: locker?.name ?? "", vehicle: vehicle.name })] });
    return { locked: false };
  }
  const { actor } = personAtMotor(user, vehicleUuid, actorUuid, "SMOKE.Theft.notPerson");
  if (!user.isGM && !vehicle.testUserPermission(user, "OWNER")) throw new Error(L("SMOKE.BikeLock.notYourRide", { vehicle: vehicle.name }));
  const carried = bikeLocksOf(actor);
  // Whether it is a bike: the lock kind on the GM's printed record (documents/vehicle/print.mjs), never the sheet's.
  const ok = canBikeLock({ lockKind: printedOf(vehicle).lockKind, aboard: occupantsOf(vehicle).length, locked: !!current,
    locks: carried.count, inUse: carried.inUse });
  if (!ok.ok) throw new Error(L(`SMOKE.BikeLock.refused.${ok.reason}`, { vehicle: vehicle.name, actor: actor.name }));
  const lock = carried.locks[0];
  const record = { by: actor.uuid, itemId: lock.id, band: String(lock.system.bikeLock.band), at: Date.now() };
  await bikeLocks.update(vehicle.uuid, cur => {
    if (cur) throw new Error(L("SMOKE.BikeLock.refused.alreadyLocked", { vehicle: vehicle.name, actor: actor.name }));
    return record;
  });
  await postCard({ kind: "bikeLock", speaker: actor, title: L("SMOKE.BikeLock.title", { vehicle: vehicle.name }),
    lines: [L("SMOKE.BikeLock.locked", { actor: actor.name, vehicle: vehicle.name, lock: lock.name,
      band: L(`SMOKE.Band.${record.band}`) })] });
  return { locked: true, band: record.band };
}

/** The GM's Bike Lock request (registered by documents/vehicle/vehicle.mjs). */
export const requests = { "vehicle.bikeLock": onBikeLock };
