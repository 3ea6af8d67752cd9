/**
 * Who drives a motor in the chase and rolls its check: its driver (documents/vehicle/vehicle.mjs rollDriving), or the crew of a
 * police or traffic unit; and the police units' side of the table (armed units, the suggested next police move).
 *
 * **Units nobody drives.** A motor in the fight with no driver is a police or traffic unit when it has the Police kit
 * (on the GM's printed record, documents/vehicle/print.mjs), a crew die (`flags["the-smoke"].crewWheels`, die faces)
 * or no player owner; its crew rolls Wheels d8 (police) or d6 (traffic) with the motor's Performance, Handling and
 * abilities on the GM's printed record, on the GM's client. An armed unit is one whose catalogue key the GM recorded
 * is the Armed Response Vehicle's. A player's motor with nobody in
 * the driver's seat cannot be driven, and says so.
 *
 * Rulebook: Police at the table › The next police move; Getting a motor › Driving modifiers; Fire, repairs and selling
 * up › At zero Body (a burning or destroyed motor is not free to drive).
 * @module documents/chase/units
 */
import { RULES } from "../../generated/rules.mjs";
import { crewWheels, policeMove } from "../../rules/chase-gauge.mjs";
import { POLICE_ABILITY } from "../../rules/vehicles.mjs";
import { gmSituational, rollCheck } from "../core/check.mjs";
import { promptCheck } from "../core/prompt-check.mjs";
import {
  driverOf, drivingNumbers, drivingTN, fuelStatus, hasAbility, occupantsOf, rollDriving, wreckOf
} from "../vehicle/vehicle.mjs";
import { recordedMotorKey } from "../core/record.mjs";
import { GAUGE_BANDS, L, SYSTEM_ID, combatFrom, isVehicle, sys, warn } from "./common.mjs";
import { assertOwner } from "../core/requests.mjs";
import { motorOf, positionOf, sceneOf, squaresBetween } from "./map.mjs";
import { chaseRole, chaseSides } from "./getaway.mjs";

export { POLICE_PEOPLE } from "./common.mjs";
/** Units that carry firearms ("armed units can fire at four"): the Armed Response Vehicle. */
export const ARMED_UNITS = Object.freeze(["vehicles/metro-arv-trojan"]);

/**
 * Whether a motor with nobody in the driver's seat is a unit with its own crew (a police unit, a crew die, or traffic
 * no player owns).
 * @param {any} vehicle
 * @returns {boolean}
 */
export function isCrewedUnit(vehicle) {
  if (!isVehicle(vehicle) || driverOf(vehicle)) return false;
  return hasAbility(vehicle, POLICE_ABILITY) || !!vehicle.getFlag?.(SYSTEM_ID, "crewWheels") || !vehicle.hasPlayerOwner;
}

/**
 * The Wheels die of a unit's crew (rules crewWheels: police d8, traffic d6, unless the unit has a crew die).
 * @param {any} vehicle
 * @returns {number}
 */
export function unitWheels(vehicle) {
  const crewDie = vehicle?.getFlag?.(SYSTEM_ID, "crewWheels") ?? null;
  return crewWheels({ police: hasAbility(vehicle, POLICE_ABILITY), crewDie });
}

/**
 * Whether the motor can be driven now, and why not, in words ("With no driver the vehicle cannot be driven"; "A
 * burning or destroyed motor is not free to drive normally"; a motor that uses fuel and has none left, the Fuel
 * ruling of docs/guide/13-rulings.md).
 * @param {any} vehicle
 * @returns {{ok: true, driver: any, crew: boolean}|{ok: false, message: string}}
 */
export function driveStatus(vehicle) {
  if (!isVehicle(vehicle)) return { ok: false, message: L("SMOKE.Vehicle.notVehicle") };
  // The GM's record of the fire (documents/vehicle/wreck.mjs), not what the motor's owner wrote on it.
  const s = wreckOf(vehicle);
  if (s.destroyed) return { ok: false, message: L("SMOKE.Vehicle.destroyedNoDrive", { vehicle: vehicle.name }) };
  if (s.onFire) return { ok: false, message: L("SMOKE.Vehicle.burningNoDrive", { vehicle: vehicle.name }) };
  const fuel = fuelStatus(vehicle); // the GM's record of its Fuel (documents/vehicle/fuel.mjs)
  if (!fuel.ok) return fuel;
  const driver = driverOf(vehicle);
  if (driver) return { ok: true, driver, crew: false };
  if (isCrewedUnit(vehicle)) return { ok: true, driver: null, crew: true };
  return { ok: false, message: L("SMOKE.Chase.cannotDrive", { vehicle: vehicle.name }) };
}

/**
 * Whether a unit (or the people in it) carries a firearm ("armed units can fire at four"): the Armed Response
 * Vehicle, or a loud Aim weapon on someone aboard (a gun; a Taser or CS spray is not).
 * @param {any} combatant
 * @returns {boolean}
 */
export function isArmed(combatant) {
  const actor = combatant?.actor;
  const vehicle = motorOf(combatant);
  if (vehicle && ARMED_UNITS.includes(recordedMotorKey(vehicle))) return true;
  const people = vehicle ? [actor, ...occupantsOf(vehicle).map(o => o.actor)] : [actor];
  return people.some(p => p?.items?.some(i => i.type === "weapon" && sys(i).stat === "aim" && (sys(i).traits ?? []).includes("loud")));
}

/**
 * The console's suggestion for a pursuing unit (rules policeMove): from the highest Heat among the wanted and the
 * distance to the nearest of them.
 * @param {any} combat
 * @param {any} combatant
 * @returns {(import("../../rules/chase-gauge.mjs").PoliceMove & {text: string})|null}  null when it is not a pursuer.
 */
export function policeSuggestion(combat, combatant) {
  if (chaseRole(combatant) !== "pursuer") return null;
  const scene = sceneOf(combat);
  const { wanted, stars } = chaseSides(combat);
  const here = positionOf(combatant, scene);
  const distances = wanted.map(w => squaresBetween(here, positionOf(w, scene))).filter(d => d !== null);
  const distance = distances.length ? Math.min(.../** @type {number[]} */ (distances)) : null;
  const move = policeMove({ stars: Math.min(stars, RULES.heat.max), armed: isArmed(combatant), distance });
  const text = L(`SMOKE.Chase.police.${move.move}`, { stars: move.stars, distance: distance ?? "?" });
  return { ...move, text };
}

// ------------------------------------------------------------------------------------------------ rolling

/**
 * Whether this user rolls for the motor: the driver's owner, or the GM for a unit's crew (or anyone's).
 * @param {any} vehicle
 * @returns {boolean}
 */
export function mayRoll(vehicle) {
  const driver = driverOf(vehicle);
  if (driver) return driver.isOwner;
  return game.user.isGM && isCrewedUnit(vehicle);
}

/**
 * The driving check for a motor: its driver's (documents/vehicle/vehicle.mjs rollDriving), or its crew's when it is a unit
 * nobody drives (the GM: Wheels d8 police / d6 traffic with the motor's Performance, Handling and abilities).
 * @param {any} vehicle
 * @param {import("../vehicle/driving.mjs").DrivingOptions} options  A band and gauge band by id, a TN, whose Guard, flags…;
 *   `situational`: an issued roll's (the GM's, shown and not editable).
 * @returns {Promise<any>}  The chat message, or null when refused (a warning says why) or closed.
 */
export async function driveRoll(vehicle, options) {
  const status = driveStatus(vehicle);
  if (!status.ok) return warn(status.message);
  if (!status.crew) return rollDriving(vehicle, options);
  if (!game.user.isGM) return warn(L("SMOKE.Chase.crewGMOnly", { vehicle: vehicle.name }));
  return rollCrew(vehicle, options);
}

/**
 * A unit's crew rolls Wheels with the motor's Performance (Police at the table › The next police move). The crew is a
 * temporary actor (never saved) with the crew's Wheels die and the motor's id; the card's check is the motor's.
 * @param {any} vehicle
 * @param {any} options
 * @returns {Promise<any>}
 */
async function rollCrew(vehicle, { band = null, gauge = null, tn = null, targetName = null, situational = null, flags = {},
  skipDialog = false }) {
  const die = unitWheels(vehicle);
  const ActorClass = Actor.implementation;
  // The crew's card carries the motor's id as its actor's (the GM issued the roll for the motor: roll-claims.mjs).
  const crew = new ActorClass({ _id: vehicle.id, name: L("SMOKE.Chase.crewName", { vehicle: vehicle.name }), type: "npc",
    system: { stats: { whl: { die } } } });
  const { total, ...numbers } = drivingNumbers(vehicle, { gauge });
  const gaugeRow = gauge ? GAUGE_BANDS.find(b => b.id === gauge) : null;
  const initial = { ...drivingTN({ band: band ?? gaugeRow?.check ?? "medium", tn, targetName }), ...gmSituational(situational) };
  const choices = await promptCheck(crew, "whl", { initial, vehicle: numbers, skipDialog });
  if (!choices) return null;
  try {
    return await rollCheck(crew, "whl", { ...choices, ...gmSituational(situational) }, { vehicle: numbers, flags: { ...flags,
      driving: { vehicleUuid: vehicle.uuid, gauge, band: choices.tnSource === "band" ? choices.band : null, terrain: "road",
        junction: false, modifier: total, crew: die } } });
  } catch (err) {
    return warn(err.message);
  }
}

/**
 * GM: what a driving roll it issues is, beside its stat and TN (documents/core/roll-claims.mjs issueRoll): the motor's
 * numbers as the GM reads them — the same {@link drivingNumbers} the roller's client rolls with, on the road, at the
 * gauge band — and, when a unit's crew rolls (the roller is the motor), the crew's Wheels die.
 * @param {any} roller  The driver, or the motor for its crew.
 * @param {any} vehicle
 * @param {"green"|"yellow"|"red"|null} [gauge=null]  The gauge band whose Handling penalty applies.
 * @returns {{vehicle: import("../core/verified-check.mjs").VehicleNumbers, crew: number|null}}
 */
export function driveSpec(roller, vehicle, gauge = null) {
  const { total, ...numbers } = drivingNumbers(vehicle, { gauge });
  return { vehicle: numbers, crew: roller === vehicle ? unitWheels(vehicle) : null };
}

/**
 * GM: the fight, the acting combatant (owned by the requester), the motor it drives or is, and whether it can be
 * driven.
 * @param {User.Implementation} user
 * @param {string} combatId
 * @param {string} combatantId
 */
export function driverAt(user, combatId, combatantId) {
  const combat = combatFrom(combatId);
  const combatant = combat.combatants.get(combatantId);
  assertOwner(user, combatant?.actor ?? null);
  const vehicle = motorOf(combatant);
  if (!vehicle) throw new Error(L("SMOKE.Chase.notDriving", { name: combatant?.name ?? "" }));
  const status = driveStatus(vehicle);
  if (!status.ok) throw new Error(status.message);
  return { combat, combatant, vehicle, status };
}
