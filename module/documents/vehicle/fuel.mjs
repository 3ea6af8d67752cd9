/**
 * Fuel and the Jerry Can (rulebook: Getting a motor › Vehicles have their own record, "Fuel … appear in the roster";
 * Tools & gear › Jerry Can, "Five litres. Refuels a vehicle, or makes three Petrol Bombs with some milk bottles"; the
 * rate of use is a ruling, docs/guide/13-rulings.md, rules/fuel.mjs).
 *
 * **A motor's Fuel is the GM's record**, like cash: the Fuel left and the tank (`system.fuel.value`, `.max`) mirror the
 * GM store `fuel` (documents/core/mirror.mjs guardActorFields): a player's own edit of their motor's Fuel is stripped
 * on their client, a forged one put back by the active GM; the GM's automation reads the store, never the sheet. It
 * changes once per state change, on the active GM: a driven motor's crossing of an EXIT strip uses a hop's Fuel (the
 * hook `smoke.crossed`, which the GM's client calls once per finished crossing); a Jerry Can pours it full. A motor
 * that uses fuel and has none left is refused the crossing (documents/street-map/crossing.mjs) and the chase's
 * driving (documents/chase/units.mjs driveStatus). An unlinked token's motor reads and keeps its own numbers (no GM
 * record follows a token's copy), as an unlinked character's cash does.
 *
 * **Using a Jerry Can** is a request the GM applies from the GM's record of the character's kit (a can written on
 * the sheet, or its quantity, is never read): refuel a motor the character can see to its roster Fuel, or make the
 * can into what it `makes` (three Petrol Bombs); either way one can is used up.
 *
 * Foundry-side only; the rules are rules/fuel.mjs.
 * @module documents/vehicle/fuel
 */
import { CATALOGUE_IDS, SYSTEM_ID } from "../../generated/rules.mjs";
import { canDriveOnFuel, fuelForHop, makesFrom, refuel } from "../../rules/fuel.mjs";
import { guardActorFields } from "../core/mirror.mjs";
import { recordedGearWith, recordedItem, recordedKit } from "../core/kit-record.mjs";
import { assertOwner, requestGM } from "../core/requests.mjs";
import { L, actorFrom, personAtMotor, postCard } from "./common.mjs";
import { driverOf } from "./seats.mjs";

const VALUE = "system.fuel.value";
const MAX = "system.fuel.max";

const guard = guardActorFields({ key: "fuel", types: ["vehicle"], paths: [VALUE, MAX], notice: "SMOKE.Fuel.gmOwned",
  ownAdoption: true });

/**
 * A motor's Fuel as the GM recorded it (an unlinked token's copy: its own).
 * @param {Actor.Implementation} motor
 * @returns {{value: number, max: number}}
 */
export function fuelOf(motor) {
  const v = guard.sanctioned(motor);
  const max = Math.max(0, Number(v[MAX]) || 0);
  return { value: Math.max(0, Math.min(max, Number(v[VALUE]) || 0)), max };
}

/**
 * Whether a motor has the Fuel to be driven, and the refusal in words when not.
 * @param {Actor.Implementation} motor
 * @returns {{ok: true}|{ok: false, message: string}}
 */
export function fuelStatus(motor) {
  return canDriveOnFuel(fuelOf(motor)) ? { ok: true } : { ok: false, message: L("SMOKE.Fuel.empty", { vehicle: motor.name }) };
}

/**
 * Active GM: write a motor's Fuel left (the GM store and the sheet; an unlinked token's copy: its own field).
 * @param {Actor.Implementation} motor
 * @param {number} value
 * @returns {Promise<void>}
 */
async function writeFuel(motor, value) {
  if (motor.isToken) {
    await motor.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ [VALUE]: value }),
      /** @type {Actor.Database.UpdateOperation & {smokeGuarded: boolean}} */ ({ smokeGuarded: true })); // the guard lets it by
  } else await guard.write(motor, { [VALUE]: value });
}

/**
 * Active GM: a crossing is done (documents/street-map/crossing.mjs `smoke.crossed`, once per finished crossing): a
 * motor taken across with someone in the driver's seat uses a hop's Fuel.
 * @param {{seats?: {to: string}|null}} record  The crossing record.
 * @returns {Promise<void>}
 */
async function onCrossed(record) {
  if (!game.user.isActiveGM || !record?.seats?.to) return;
  const motor = /** @type {Actor.Implementation | null} */ (fromUuidSync(/** @type {SmokeUuid} */ (record.seats.to)));
  if (!motor || motor.type !== "vehicle" || !driverOf(motor)) return;
  const used = fuelForHop(fuelOf(motor));
  if (used.ok && used.used) await writeFuel(motor, used.value);
}

/**
 * Whether a motor may be taken across an EXIT strip on its Fuel: one with a driver needs a hop's Fuel (one nobody
 * drives is pushed or towed: the GM's).
 * @param {Actor.Implementation} motor
 * @returns {string|null}  The refusal in words, or null.
 */
export function crossingRefusal(motor) {
  if (!driverOf(motor)) return null;
  const hop = fuelForHop(fuelOf(motor));
  return hop.ok ? null : L("SMOKE.Fuel.emptyCrossing", { vehicle: motor.name });
}

// ------------------------------------------------------------------------------------------------ the Jerry Can

/**
 * The Jerry Cans (gear that `refuels`) a character carries on the GM's record.
 * @param {Actor.Implementation} actor
 * @returns {{id: string, name: string, system: Record<string, any>}[]}
 */
export function jerryCans(actor) {
  return recordedGearWith(actor, "refuels");
}

/**
 * Active GM: one of an item used up (its recorded quantity less one; the last one deleted).
 * @param {Actor.Implementation} actor
 * @param {string} itemId
 * @returns {Promise<unknown>}
 */
async function useOne(actor, itemId) {
  const item = actor.items.get(itemId);
  const have = Number(recordedItem(actor, itemId)?.system?.quantity ?? 1);
  if (!item) return null;
  return have > 1 ? item.update(/** @type {DottedUpdate<Item.UpdateData>} */ ({ "system.quantity": have - 1 })) : item.delete();
}

/**
 * Pour a Jerry Can into a motor: asks the GM.
 * @param {Actor.Implementation} motor
 * @param {Actor.Implementation} actor  The character carrying the can.
 * @returns {Promise<{value: number, max: number, added: number}>}
 */
export function refuelMotor(motor, actor) {
  return requestGM("vehicle.refuel", { vehicleUuid: motor.uuid, actorUuid: actor.uuid });
}

/**
 * Make an item into what it makes (the Jerry Can's three Petrol Bombs): asks the GM.
 * @param {Actor.Implementation} actor
 * @param {string} itemId
 * @returns {Promise<{item: string, quantity: number}>}
 */
export function makeFromKit(actor, itemId) {
  return requestGM("vehicle.jerryCan.make", { actorUuid: actor.uuid, itemId });
}

/**
 * GM: pour one of the character's recorded Jerry Cans into a motor they can see: its Fuel to the roster's, the can
 * used up, once. Refused for a motor that uses no fuel, a full one, or a character with no can on the GM's record.
 * @param {User.Implementation} user
 * @param {{vehicleUuid: string, actorUuid: string}} data
 */
async function onRefuel(user, { vehicleUuid, actorUuid }) {
  const { vehicle, actor } = personAtMotor(user, vehicleUuid, actorUuid, "SMOKE.Theft.notPerson");
  const can = jerryCans(actor)[0];
  if (!can) throw new Error(L("SMOKE.Fuel.noCan", { actor: actor.name }));
  const tank = fuelOf(vehicle);
  const r = refuel(tank);
  if (!r.ok) throw new Error(L(`SMOKE.Fuel.refused.${r.reason}`, { vehicle: vehicle.name }));
  await writeFuel(vehicle, r.value);
  await useOne(actor, can.id);
  await postCard({ kind: "fuel", speaker: actor, title: L("SMOKE.Fuel.title", { vehicle: vehicle.name }),
    lines: [L("SMOKE.Fuel.refuelled", { actor: actor.name, can: can.name, vehicle: vehicle.name, value: r.value, max: tank.max })] });
  return { value: r.value, max: tank.max, added: r.added };
}

/**
 * GM: make one of a character's recorded items into what it `makes` (the Jerry Can: three Petrol Bombs "with some
 * milk bottles"): the made item from the catalogue (added to one of the same key the character carries), the item
 * used up, once.
 * @param {User.Implementation} user
 * @param {{actorUuid: string, itemId: string}} data
 */
async function onMake(user, { actorUuid, itemId }) {
  const actor = actorFrom(String(actorUuid ?? ""));
  assertOwner(user, actor);
  const entry = recordedItem(actor, String(itemId ?? ""));
  if (!entry || Number(entry.system?.quantity ?? 1) < 1) throw new Error(L("SMOKE.Fuel.notRecorded", { actor: actor.name }));
  const made = makesFrom(entry.system);
  if (!made) throw new Error(L("SMOKE.Fuel.makesNothing", { item: actor.items.get(String(itemId ?? ""))?.name ?? entry.name }));
  const [pack, key] = made.item.split("/");
  const id = /** @type {Record<string, Record<string, string>|undefined>} */ (CATALOGUE_IDS)[pack]?.[key];
  const doc = /** @type {Item.Implementation | null | undefined} */ (id ? await game.packs.get(`${SYSTEM_ID}.${pack}`)?.getDocument(id) : null); // an item pack's
  if (!doc) throw new Error(L("SMOKE.Fuel.makesNothing", { item: entry.name }));
  const sameId = Object.entries(recordedKit(actor)).find(([, e]) => e.key === made.item && e.type === doc.type)?.[0];
  const same = sameId ? actor.items.get(sameId) : null;
  if (same) {
    const have = Number(recordedItem(actor, /** @type {string} */ (sameId))?.system?.quantity ?? 1);
    await same.update(/** @type {DottedUpdate<Item.UpdateData>} */ ({ "system.quantity": have + made.quantity }));
  } else {
    const data = /** @type {any} */ (game.items).fromCompendium(doc, { clearFolder: true });
    data.system.quantity = made.quantity;
    await actor.createEmbeddedDocuments("Item", [data]);
  }
  await useOne(actor, String(itemId));
  await postCard({ kind: "fuel", speaker: actor, title: L("SMOKE.Fuel.makeTitle", { item: entry.name }),
    lines: [L("SMOKE.Fuel.made", { actor: actor.name, item: entry.name, quantity: made.quantity, made: doc.name })] });
  return made;
}

/** The GM's Fuel requests (registered by documents/vehicle/vehicle.mjs). */
export const requests = { "vehicle.refuel": onRefuel, "vehicle.jerryCan.make": onMake };

/** Hooks: the Fuel record's guard, and a crossing's Fuel. */
export const hooks = { ...guard.hooks, "smoke.crossed": (/** @type {Parameters<typeof onCrossed>[0]} */ record) => {
  onCrossed(record).catch(err => console.error("the-smoke | fuel: could not spend a hop's Fuel", err));
} };
