/**
 * The Bike Locks on bikes (rulebook: Tools & gear › Bike Lock, "A decent D-lock for your own ride. Locked bikes need a
 * Hard roll to nick"): which motor is locked, by whom, with which of their Bike Locks, at which band — a GM-only store
 * (`bikeLocks`, keyed by the motor's actor UUID), so the lock a thief rolls against is never what the bike's owner
 * wrote on it. Written only on the active GM, once per state change (locked, unlocked, cut by a theft). A leaf of the
 * motors' modules (documents/vehicle/seats.mjs and theft.mjs read it; bike-lock.mjs writes it).
 *
 * Foundry-side only; the rules are rules/vehicles.mjs canBikeLock and theftBand.
 * @module documents/vehicle/lock-store
 */
import { gmStore } from "../core/gm-store.mjs";

/**
 * @typedef {object} BikeLockRecord
 * @property {string} by      The locker's actor UUID.
 * @property {string} itemId  Their Bike Lock item's id.
 * @property {string} band    The band a theft starts from (the Bike Lock's `bikeLock.band`, as the GM recorded it).
 * @property {number} at      When it was locked (ms since 1970).
 */

/** @type {import("../core/gm-store.mjs").GMStore<BikeLockRecord>} */
export const bikeLocks = gmStore("bikeLocks", { onChange: () => {
  // Open motor sheets show a lock or an unlock at once.
  for (const app of foundry.applications.instances?.values?.() ?? []) {
    const doc = /** @type {{document?: {type?: string}}} */ (app).document; // a document sheet's
    if (doc?.type === "vehicle" && app.rendered) app.render();
  }
  Hooks.callAll("smoke.bikeLocks");
} });

/**
 * The Bike Lock a motor is locked with, as the GM recorded it, or null.
 * @param {Actor.Implementation} vehicle
 * @returns {BikeLockRecord|null}
 */
export function bikeLockOf(vehicle) {
  return vehicle?.uuid ? bikeLocks.get(vehicle.uuid) : null;
}

/**
 * Active GM: the lock is cut (a theft opened it): the record goes.
 * @param {Actor.Implementation} vehicle
 * @returns {Promise<unknown>}
 */
export function cutBikeLock(vehicle) {
  return bikeLocks.get(vehicle.uuid) ? bikeLocks.set(vehicle.uuid, null) : Promise.resolve(null);
}
