/**
 * Driving a motor: the driving check (the driver's Wheels with the motor's Performance and Handling, the gauge band's
 * penalty and the abilities' modifiers), switching blue lights on and off, and the incident record; the GM's handlers
 * (`vehicle.lights`, `vehicle.incident`) are declared here in {@link requests}.
 *
 * Rulebook: Getting a motor › Vehicles have their own record, Driving modifiers; Vehicle abilities; Skids, collisions
 * and contact › Keep an incident record.
 * @module documents/vehicle/driving
 */
import { RULES, VEHICLE_ABILITIES } from "../../generated/rules.mjs";
import { drivingModifiers, incident as incidentEntry } from "../../rules/vehicles.mjs";
import { cannotDriveNames, conditionEffects } from "../../rules/check.mjs";
import { gmSituational, rollCheck } from "../core/check.mjs";
import { errorText, signed } from "../core/check-words.mjs";
import { promptCheck } from "../core/prompt-check.mjs";
import { requestGM } from "../core/requests.mjs";
import { L, isVehicle, sys, vehicleFrom } from "./common.mjs";
import { canDrive, driverOf, occupantsOf } from "./seats.mjs";
import { motorNumbers } from "./condition.mjs";
import { effectsOf, printedOf } from "./print.mjs";
import { recordedStatuses } from "../core/condition-record.mjs";

/**
 * @typedef {import("./common.mjs").Vehicle} Vehicle
 * @typedef {import("./common.mjs").Seat} Seat
 */

const GAUGE_BANDS = RULES.chase.gauge.bands;

// -- blue lights -----------------------------------------------------------------------------------------

/**
 * Switch a switchable ability (blue lights: Police kit, Lights and siren) on or off. The driver's player, the motor's
 * owner or the GM may.
 * @param {Vehicle} vehicle
 * @param {string} abilityId
 * @param {boolean} on
 * @returns {Promise<string[]>} The abilities now on.
 * @throws {Error} when the ability is not a switchable one of this motor, or the user may not switch it.
 */
export async function setAbilityOn(vehicle, abilityId, on) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  return requestGM("vehicle.lights", { vehicleUuid: vehicle.uuid, abilityId, on: !!on });
}

/**
 * GM: switch an ability (the motor's owner, the driver's owner — from the GM's seat store — or a GM); only a switchable
 * ability on the GM's printed record of the motor (documents/vehicle/print.mjs).
 */
async function onLights(user, { vehicleUuid, abilityId, on }) {
  const vehicle = vehicleFrom(vehicleUuid);
  const s = sys(vehicle);
  if (!effectsOf(vehicle).switchable.includes(abilityId)) throw new Error(L("SMOKE.Vehicle.notSwitchable", { vehicle: vehicle.name }));
  const driver = driverOf(vehicle);
  if (!user.isGM && !vehicle.testUserPermission(user, "OWNER") && !driver?.testUserPermission(user, "OWNER")) {
    throw new Error(L("SMOKE.Vehicle.lightsRefused"));
  }
  const current = new Set(s.abilitiesOn ?? []);
  if (on) current.add(abilityId); else current.delete(abilityId);
  const list = [...current];
  await vehicle.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.abilitiesOn": list }));
  return list;
}

// -- incidents -------------------------------------------------------------------------------------------

/**
 * Add an entry to the motor's incident record (Skids, collisions and contact › Keep an incident record). The motor's
 * owner, an occupant's owner or the GM may. Always appended by the active GM, one request at a time (nothing is lost
 * when many arrive at once); each entry carries the requester's id for it (`entry.id`, default a fresh one), so the
 * same request sent twice is stored once.
 * @param {Vehicle} vehicle
 * @param {Partial<import("../../rules/vehicles.mjs").Incident> & {what: string, id?: string}} entry  `vehicle` defaults
 *   to its name.
 * @returns {Promise<import("../../rules/vehicles.mjs").Incident>}
 * @throws {Error|RangeError} for a malformed entry (naming the field) or a user who may not write it.
 */
export async function recordIncident(vehicle, entry) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  const normalised = incidentEntry({ vehicle: vehicle.name, ...entry, id: entry?.id ?? foundry.utils.randomID(16) });
  return requestGM("vehicle.incident", { vehicleUuid: vehicle.uuid, entry: normalised });
}

/**
 * GM: append an incident (the motor's owner, an occupant's owner — from the GM's seat store — or a GM). The stored id
 * is the requester's id scoped by the requesting user, so nobody can pre-empt or overwrite another user's entry; a
 * repeated id is the same entry, stored once.
 */
async function onIncident(user, { vehicleUuid, entry }) {
  const vehicle = vehicleFrom(vehicleUuid);
  const mayWrite = user.isGM || vehicle.testUserPermission(user, "OWNER")
    || occupantsOf(vehicle).some(o => o.actor.testUserPermission(user, "OWNER"));
  if (!mayWrite) throw new Error(L("SMOKE.Request.notOwner", { name: vehicle.name }));
  const given = typeof entry?.id === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(entry.id) ? entry.id : null;
  if (!given) throw new RangeError("incident id must be 1–64 letters, digits, _ or -");
  const id = `${user.id}.${given}`;
  const normalised = incidentEntry({ ...entry, id });
  const list = sys(vehicle).incidents ?? [];
  const already = list.find(i => i.id === id);
  if (already) return already;
  await vehicle.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.incidents": [...list, normalised] }));
  return normalised;
}

/** The GM's driving requests (registered by documents/vehicle/vehicle.mjs). */
export const requests = { "vehicle.lights": onLights, "vehicle.incident": onIncident };

// ------------------------------------------------------------------------------------------------ driving

/**
 * @typedef {object} DrivingOptions
 * @property {"easy"|"medium"|"hard"|"longShot"|null} [band]  The TN's band (default: the gauge band's check —
 *   Medium in yellow, Hard in red — else Medium). Looked up for the unboosted Wheels and the record's Performance.
 * @property {"green"|"yellow"|"red"|null} [gauge]  The gauge band the motor is in: its Handling penalty (−1, −2).
 * @property {{terrain?: string, junction?: boolean}} [situation]  Where it is driven (rules/vehicles.mjs TERRAINS) and
 *   whether at a junction or in a tight street; blue lights come from the motor's switched-on abilities.
 * @property {number|null} [tn]  A fixed TN instead of a band (a ram or a PIT: the target's Guard).
 * @property {string|null} [targetName]  Whose Guard `tn` is (the card says "vs X's Guard").
 * @property {number|null} [situational]  A roll the GM issued: its situational modifier (shown, not editable); null
 *   (a plain driving check) lets the driver add one.
 * @property {boolean} [skipDialog]  Roll with these choices, no dialog.
 * @property {object} [flags]  More `flags["the-smoke"]` for the card (the Combat Console's context).
 */

/**
 * A driving check (Getting a motor › Vehicles have their own record, Driving modifiers): the driver's Wheels with the
 * motor's Performance replacing Effort (one step down per flat tyre), its Handling (after flat tyres), the gauge
 * band's Handling penalty and the abilities' situational modifiers. The TN is set from the Variable-Effort table of the
 * unboosted Wheels die and the record's Performance die. The card's flags carry
 * `driving: {vehicleUuid, gauge, band, terrain, junction, modifier}` beside the usual `check`.
 * With no driver (or a burning or destroyed motor, or a driver a Condition stops driving: Cuffed) a warning says why
 * and nothing is rolled; only the driver's owner or the GM rolls.
 * @param {Vehicle} vehicle
 * @param {DrivingOptions} [options]
 * @returns {Promise<ChatMessage.Implementation|null|undefined>}  null when refused (a warning says why) or the dialog
 *   was closed; undefined if a hook cancelled the message.
 */
export async function rollDriving(vehicle, { band = null, gauge = null, situation = {}, tn = null, targetName = null,
  situational = null, skipDialog = false, flags = {} } = {}) {
  const can = canDrive(vehicle);
  if (!can.ok) {
    ui.notifications.warn(can.message);
    return null;
  }
  const driver = can.driver;
  // Items › Handcuffs: "The condition prevents driving" — refused, nothing is rolled.
  if (conditionEffects(recordedStatuses(driver), "whl").cannotDrive) {
    ui.notifications.warn(L("SMOKE.Vehicle.cuffedNoDrive", { driver: driver.name, vehicle: vehicle.name,
      conditions: cannotDriveNames(recordedStatuses(driver)) || L("SMOKE.RuleError.aCondition") }));
    return null;
  }
  if (!driver.isOwner) {
    ui.notifications.warn(L("SMOKE.Vehicle.notYourDriver", { driver: driver.name, vehicle: vehicle.name }));
    return null;
  }
  const terrain = situation.terrain ?? "road";
  const junction = !!situation.junction;
  const { total, ...numbers } = drivingNumbers(vehicle, { gauge, terrain, junction });
  const gaugeRow = gauge ? GAUGE_BANDS.find(b => b.id === gauge) : null;
  const difficulty = band ?? gaugeRow?.check ?? "medium";
  const initial = { ...drivingTN({ band: difficulty, tn, targetName }), ...gmSituational(situational) };
  const choices = await promptCheck(driver, "whl", { initial, vehicle: numbers, skipDialog });
  if (!choices) return null;
  try {
    return await rollCheck(driver, "whl", { ...choices, ...gmSituational(situational) }, { vehicle: numbers, flags: { ...flags,
      driving: { vehicleUuid: vehicle.uuid, gauge, band: choices.tnSource === "band" ? choices.band : null, terrain, junction,
        modifier: total } } });
  } catch (err) {
    ui.notifications.warn(errorText(err));
    return null;
  }
}

/**
 * A motor's numbers for a driving check (Getting a motor › Vehicles have their own record, Driving modifiers; The chase
 * gauge): the GM's printed record's Performance die (the TN's die), Handling and steps after the flat tyres on the GM's
 * record of its condition (documents/vehicle/condition.mjs motorNumbers; never a Performance, Handling or flat its
 * owner wrote on the sheet), the situational modifiers of the abilities on the printed record
 * (documents/vehicle/print.mjs; blue lights as switched on) where it is driven and the gauge band's Handling penalty,
 * each with its words. The driver's (or crew's) client rolls with these, and the GM rebuilds the check it counts from
 * them (documents/core/verified-check.mjs).
 * @param {Vehicle} vehicle
 * @param {{gauge?: "green"|"yellow"|"red"|null, terrain?: string, junction?: boolean}} [situation]  The gauge band it
 *   is in (null: none), where it is driven (rules/vehicles.mjs TERRAINS) and whether at a junction.
 * @returns {{performance: number, handling: number, steps: number, modifiers: {value: number, text: string}[],
 *   name: string, total: number}}  `total`: the driving modifiers and the gauge's penalty together.
 * @throws {RangeError} for an unknown gauge band or terrain.
 */
export function drivingNumbers(vehicle, { gauge = null, terrain = "road", junction = false } = {}) {
  const gaugeRow = gauge ? GAUGE_BANDS.find(b => b.id === gauge) : null;
  if (gauge && !gaugeRow) throw new RangeError(`gauge must be ${GAUGE_BANDS.map(b => b.id).join(", ")}, got "${gauge}"`);
  const driving = drivingModifiers({ abilities: printedOf(vehicle).abilities, on: sys(vehicle).abilitiesOn ?? [],
    terrain: /** @type {Parameters<typeof drivingModifiers>[0]["terrain"]} */ (terrain), junction }); // an unknown one refused there
  const modifiers = driving.parts.map(p => ({ value: p.value, text: L(`SMOKE.Vehicle.driving.${p.id}`,
    { ability: p.ability ? abilityName(p.ability) : "", value: signed(p.value) }) }));
  if (gaugeRow?.handling) {
    modifiers.push({ value: gaugeRow.handling, text: L("SMOKE.Vehicle.gaugeHandling",
      { band: L(`SMOKE.Vehicle.gauge.${gaugeRow.id}`), value: signed(gaugeRow.handling) }) });
  }
  const a = motorNumbers(vehicle); // flat tyres and Body as the GM recorded them (documents/vehicle/condition.mjs)
  return { performance: a.printedPerformance, handling: a.handling, steps: a.steps, modifiers, name: vehicle.name ?? "",
    total: driving.total + (gaugeRow?.handling ?? 0) };
}

/**
 * The TN choices of a driving check: a band's, or a fixed TN (a target's Guard when `targetName` is given).
 * @param {{band: string, tn?: number|null, targetName?: string|null}} spec
 * @returns {object}  Initial choices for the roll dialog.
 */
export function drivingTN({ band, tn = null, targetName = null }) {
  return tn === null || tn === undefined ? { tnSource: "band", band }
    : { tnSource: targetName ? "guard" : "fixed", tn, targetGuard: targetName ? tn : undefined, targetName: targetName ?? undefined };
}

/**
 * An ability's printed name (the catalogue's), or its key.
 * @param {string} id
 * @returns {string}
 */
export function abilityName(id) {
  return /** @type {Record<string, {name: string}>} */ (VEHICLE_ABILITIES)[id]?.name ?? id;
}
