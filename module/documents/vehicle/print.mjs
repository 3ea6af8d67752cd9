/**
 * A motor's printed record is the GM's (rulebook: Getting a motor › Vehicles have their own record — "Performance
 * replaces Effort on a Wheels roll … Speed is the green movement limit … Armour reduces damage to Body. Size sets
 * vehicle Guard … Fuel, seats, value and lock difficulty appear in the roster"; Vehicle abilities — "A vehicle only
 * gains the abilities listed on its own record"). Its Performance die (`system.performance.die`), Handling, Speed,
 * Size, Armour, seats (`system.seats.crew`, `.passengers`), lock band and kind, value and abilities mirror the GM store
 * `motorPrint` (documents/core/mirror.mjs guardActorFields), as a character's record does (documents/core/record.mjs).
 * Its Body when whole and its tank are the condition and Fuel records beside it (documents/vehicle/condition.mjs
 * `conditionOf(motor).bodyMax`, documents/vehicle/fuel.mjs `fuelOf(motor).max`).
 *
 * Whose numbers: a motor the GM makes or imports starts from its numbers as made — a catalogue motor the catalogue
 * entry's, a motor made by hand what the GM wrote —; one a player makes (with *Create Actors*), or one made while no
 * GM was connected, starts from nothing (the data model's initial numbers, no abilities, no value). A world from
 * before this record is adopted once by the first active GM: a motor with a catalogue key the GM recorded
 * (documents/core/record.mjs `recordedMotorKey`) from that catalogue entry (documents/vehicle/catalogue.mjs: homebrew
 * entries count), so nothing its owner typed is adopted; one with none as it stands. After that a GM's own edit (the
 * sheet's lock, a macro) is the record; the owner's own edit is stripped on their client with a notice and a forged one
 * put back by the active GM.
 *
 * The GM's automation reads the printed record through {@link printedOf} (and {@link seatsOf}, {@link effectsOf},
 * {@link hasAbility}), never the sheet: driving numbers and the TNs set from Performance, the speed-dice count, Guard
 * (6 + 2 × Size), Armour against shots, ram, PIT and skid damage by Size, the chase gauge's Speed, seats and boarding,
 * the riders' enclosed Guard, theft's lock band and kind, the Bike Lock, the fence's value and buyer, the police kit
 * (who pursues, ANPR, the crew's Wheels), a hearing check's Silent, a pursuit's getaway TN, the shifts a motor suits and
 * its stretcher bay. An unlinked token's copy reads its base actor's record (its printed numbers are the motor's, not
 * the copy's); a motor in a compendium reads as the entry stands. Which switchable abilities are on
 * (`system.abilitiesOn`, blue lights) stays the owner's to switch: only an ability on the record counts
 * (rules/vehicles.mjs drivingModifiers).
 *
 * Foundry-side only; the rules are rules/vehicles.mjs.
 * @module documents/vehicle/print
 */
import { abilityEffects, seatPlan } from "../../rules/vehicles.mjs";
import { guardActorFields } from "../core/mirror.mjs";
import { catalogueEntry } from "./catalogue.mjs";

/** The printed record's paths on a motor, by the names {@link printedOf} gives them. */
export const PRINT_PATHS = Object.freeze({
  performance: "system.performance.die", handling: "system.handling", speed: "system.speed", size: "system.size",
  armour: "system.armour", crew: "system.seats.crew", passengers: "system.seats.passengers", lock: "system.lock",
  lockKind: "system.lockKind", value: "system.value", abilities: "system.abilities"
});
const P = PRINT_PATHS;

/**
 * What a motor adopted with the world starts from: its catalogue entry's printed record, or null (as it stands).
 * @param {Actor.Implementation} motor
 * @returns {Promise<Record<string, unknown>|null>}
 */
async function fromCatalogue(motor) {
  const entry = await catalogueEntry(motor);
  if (!entry) return null;
  const { getProperty } = foundry.utils;
  return Object.fromEntries(Object.values(P).map(p => [p, getProperty(entry, p)]).filter(([, v]) => v !== undefined));
}

const guard = guardActorFields({ key: "motorPrint", types: ["vehicle"], notice: "SMOKE.Vehicle.printGmOwned",
  paths: Object.values(P), text: [P.lock, P.lockKind], lists: [P.abilities], nullable: [P.value], ownAdoption: true,
  adoptAs: fromCatalogue });

/**
 * @typedef {object} MotorPrint  A motor's printed record as the GM keeps it.
 * @property {number} performance  Its Performance die (faces).
 * @property {number} handling     Its Handling (may be negative).
 * @property {number} speed        Its Speed (squares per green band).
 * @property {number} size         Its Size.
 * @property {number} armour       Its Armour (damage reduction to Body).
 * @property {{crew: number, passengers: number}} seats  Crew seats (the driver's included) and passenger spaces.
 * @property {SmokeBand} lock      Its lock band ("easy" … "longShot").
 * @property {string} lockKind     Whose tools' lock targets apply ("bike", "motorbike", "car", "aircraft").
 * @property {number|null} value   Its value in pounds (null: not ordinary stock).
 * @property {string[]} abilities  Its ability keys.
 */

/**
 * The motor whose record a motor reads: an unlinked token's copy reads its base actor's (its own when that is gone).
 * @param {any} motor
 * @returns {any}
 */
const holderOf = motor => (motor?.isToken ? motor.token?.baseActor ?? motor : motor);

/** @param {unknown} v */
const whole = v => Math.max(0, Math.trunc(Number(v) || 0));

/**
 * A motor's printed record as the GM keeps it (see the module notes).
 * @param {Actor.Implementation} motor  A vehicle.
 * @returns {MotorPrint}
 */
export function printedOf(motor) {
  const holder = holderOf(motor);
  // A compendium's motor (only a GM writes an unlocked pack): the entry as it stands; any other, the GM's record.
  const v = holder?.pack ? Object.fromEntries(Object.values(P).map(p => [p, foundry.utils.getProperty(holder._source, p)]))
    : guard.sanctioned(holder);
  return { performance: whole(v[P.performance]), handling: Math.trunc(Number(v[P.handling]) || 0), speed: whole(v[P.speed]),
    size: whole(v[P.size]), armour: whole(v[P.armour]),
    seats: { crew: Math.max(1, whole(v[P.crew])), passengers: whole(v[P.passengers]) },
    lock: /** @type {SmokeBand} */ (String(v[P.lock] ?? "")), lockKind: String(v[P.lockKind] ?? ""),
    value: v[P.value] === null || v[P.value] === undefined ? null : whole(v[P.value]),
    abilities: Array.isArray(v[P.abilities]) ? v[P.abilities].map(String) : [] };
}

/**
 * A motor's seats in order (rules/vehicles.mjs seatPlan) from its printed seats and abilities.
 * @param {Actor.Implementation} motor
 * @returns {import("../../rules/vehicles.mjs").Seat[]}
 */
export function seatsOf(motor) {
  const p = printedOf(motor);
  return seatPlan(p.seats, p.abilities);
}

/**
 * What a motor's printed abilities do (rules/vehicles.mjs abilityEffects).
 * @param {Actor.Implementation} motor
 * @returns {import("../../rules/vehicles.mjs").AbilityEffects}
 */
export function effectsOf(motor) {
  return abilityEffects(printedOf(motor).abilities);
}

/**
 * Whether a motor's printed record lists an ability ("police-kit", "stretcher-bay" …).
 * @param {Actor.Implementation|null|undefined} motor
 * @param {string} ability
 * @returns {boolean}
 */
export function hasAbility(motor, ability) {
  return !!motor && printedOf(motor).abilities.includes(ability);
}

/** Hooks: the record's guard. */
export const hooks = guard.hooks;
