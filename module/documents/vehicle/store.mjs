/**
 * Who sits in which motor: the **GM-owned** seat store (issue 10: nothing the GM applies comes from what a player
 * wrote). A motor's owner may write its actor (and its token), so the seats cannot live there: driving the motor moves
 * its occupants' tokens and a burning motor blasts them, on the GM's client. They live in a world setting
 * (`the-smoke.seats`, not shown in the settings window), which only a GM can write (SETTINGS_MODIFY) and which the
 * active GM writes only inside the `vehicle.board` and `vehicle.leave` request handlers (one at a time, in the request
 * queue). Every client reads it (the sheets show the seats; the chase reads the driver).
 *
 * Shape: `{[motorUuid]: Occupant[]}`, keyed by the motor actor's UUID, so two unlinked tokens of one actor (two police
 * cars: the synthetic actors `Scene.x.Token.y.Actor.z`) have their own seats, and a copy of a motor starts empty. An
 * occupant names its actor by UUID too (a linked or world actor `Actor.z`, an unlinked token's synthetic actor) and the
 * token the GM hid on the motor's square (its id in the motor's scene, "" when not boarded from a scene). The list is
 * in the pure rules' order (rules/vehicles.mjs board and leave), their `actorId` being this UUID.
 *
 * Foundry-side only; no rules here.
 * @module documents/vehicle/store
 */
import { SYSTEM_ID } from "./common.mjs";

const KEY = "seats";
/** game.settings without fvtt-types' key check (the seat store's key is not in types/the-smoke.d.ts). */
const settings = () => /** @type {any} */ (game.settings);

/**
 * @typedef {object} Occupant  One record of the seat store.
 * @property {string} actorUuid  The occupant's actor (world actor or an unlinked token's synthetic actor).
 * @property {string} seat       A seat id (rules/vehicles.mjs seatPlan).
 * @property {string} tokenId    Their carried token's id in the motor's scene ("" when none).
 */

/** Register the store (init). */
export function registerSeatStore() {
  settings().register(SYSTEM_ID, KEY, { scope: "world", config: false, type: Object, default: {},
    // Open motor sheets show a change at once.
    onChange: () => {
      for (const app of foundry.applications.instances?.values?.() ?? []) {
        const doc = /** @type {{document?: {type?: string}}} */ (app).document; // a document sheet's
        if (doc?.type === "vehicle" && app.rendered) app.render();
      }
    } });
}

/** @returns {Record<string, Occupant[]>} The whole store (a copy). */
export function allSeats() {
  const value = /** @type {any} */ (settings().get(SYSTEM_ID, KEY));
  // A copy: v13 hands every caller the setting's one cached value (core Setting#_initialize casts it once per update),
  // and the writers below change what they get before they set it.
  return value && typeof value === "object" ? foundry.utils.deepClone(value) : {};
}

/**
 * The stored occupants of a motor, as the pure rules read them (`actorId` = the actor's UUID).
 * @param {string} motorUuid
 * @returns {{actorId: string, seat: string, tokenId: string}[]}
 */
export function storedOccupants(motorUuid) {
  const list = allSeats()[motorUuid];
  if (!Array.isArray(list)) return [];
  return list.filter(o => o && typeof o.actorUuid === "string" && typeof o.seat === "string")
    .map(o => ({ actorId: o.actorUuid, seat: o.seat, tokenId: typeof o.tokenId === "string" ? o.tokenId : "" }));
}

/**
 * GM (inside a request handler): store a motor's occupants (the pure rules' list).
 * @param {string} motorUuid
 * @param {{actorId: string, seat: string, tokenId?: string}[]} occupants
 * @throws {Error} anywhere but on the active GM.
 */
export async function writeOccupants(motorUuid, occupants) {
  if (!game.user.isActiveGM) throw new Error(game.i18n.localize("SMOKE.Combat.gmOnly"));
  const all = allSeats();
  if (occupants.length) {
    all[motorUuid] = occupants.map(o => ({ actorUuid: o.actorId, seat: o.seat, tokenId: o.tokenId ?? "" }));
  } else delete all[motorUuid];
  await settings().set(SYSTEM_ID, KEY, all);
}

/**
 * GM (inside a request handler): a motor's occupants move to its new UUID (a nicked unlinked motor given an actor
 * of its own, documents/vehicle/promote.mjs); an occupant recorded by the old one is recorded by the new.
 * @param {string} fromUuid
 * @param {string} toUuid
 * @throws {Error} anywhere but on the active GM.
 */
export async function moveSeats(fromUuid, toUuid) {
  if (!game.user.isActiveGM) throw new Error(game.i18n.localize("SMOKE.Combat.gmOnly"));
  const all = allSeats();
  if (!(fromUuid in all) || fromUuid === toUuid) return;
  all[toUuid] = all[fromUuid];
  delete all[fromUuid];
  await settings().set(SYSTEM_ID, KEY, all);
}

/**
 * GM (inside a request handler): forget motors and occupants that no longer exist (a deleted motor or token).
 * @param {(uuid: string) => boolean} exists
 */
export async function pruneSeats(exists) {
  if (!game.user.isActiveGM) return;
  const all = allSeats();
  let changed = false;
  for (const uuid of Object.keys(all)) {
    if (!exists(uuid)) {
      delete all[uuid];
      changed = true;
    }
  }
  if (changed) await settings().set(SYSTEM_ID, KEY, all);
}
