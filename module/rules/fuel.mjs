/**
 * Fuel (rulebook: Getting a motor › Vehicles have their own record, "Fuel, seats, value and lock difficulty appear in
 * the roster"; Tools & gear › Jerry Can, "Five litres. Refuels a vehicle, or makes three Petrol Bombs with some milk
 * bottles"). The book prints each motor's Fuel and no rate of use: the build's ruling (docs/guide/13-rulings.md,
 * `RULES.chase.fuel`) counts it in street-map hops, the book's measure of a journey ("H … the number of connected
 * street-map hops"): a driven motor uses `perHop` Fuel for each EXIT strip it crosses; a motor whose roster Fuel is 0
 * (pedal power) uses none and never runs dry. A motor that uses fuel and has none left cannot be driven.
 * Pure: numbers and ids in, numbers and ids out; impossible input throws a RangeError naming it.
 * @module rules/fuel
 */
import { RULES } from "../generated/rules.mjs";

const FUEL = RULES.chase.fuel;

/**
 * A whole number 0 or more, or a RangeError naming it.
 * @param {string} name
 * @param {unknown} value
 * @returns {number}
 */
function count(name, value) {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number 0 or more, got ${value}`);
  }
  return value;
}

/**
 * @typedef {object} Tank  A motor's Fuel: what is left and its roster Fuel (a full tank).
 * @property {number} value  Fuel left (whole, 0 … max).
 * @property {number} max    The roster's Fuel; 0 for a motor that uses none (a pedal bike).
 */

/**
 * A tank, checked.
 * @param {Tank} tank
 * @returns {Tank}
 * @throws {RangeError} for numbers that are not whole, or more left than the tank holds.
 */
function tankOf(tank) {
  const max = count("fuel max", tank?.max);
  const value = count("fuel value", tank?.value);
  if (value > max) throw new RangeError(`fuel value ${value} is more than the tank holds (${max})`);
  return { value, max };
}

/**
 * Whether a motor uses fuel at all: its roster Fuel is above 0 ("Fuel: 0" for the pedal bikes).
 * @param {Tank} tank
 * @returns {boolean}
 */
export function usesFuel(tank) {
  return tankOf(tank).max > 0;
}

/**
 * Whether a motor has the fuel to be driven: one that uses none always does; one that uses fuel needs some left.
 * @param {Tank} tank
 * @returns {boolean}
 */
export function canDriveOnFuel(tank) {
  const t = tankOf(tank);
  return t.max === 0 || t.value > 0;
}

/**
 * A driven motor crosses one EXIT strip (one street-map hop): it uses `RULES.chase.fuel.perHop` Fuel. A motor that
 * uses none is unchanged; one without the Fuel for the hop is refused (`empty`).
 * @param {Tank} tank
 * @returns {{ok: true, value: number, used: number}|{ok: false, reason: "empty", value: number, needs: number}}
 * @example fuelForHop({value: 10, max: 10}) // {ok: true, value: 9, used: 1}
 */
export function fuelForHop(tank) {
  const t = tankOf(tank);
  if (t.max === 0) return { ok: true, value: t.value, used: 0 };
  if (t.value < FUEL.perHop) return { ok: false, reason: "empty", value: t.value, needs: FUEL.perHop };
  return { ok: true, value: t.value - FUEL.perHop, used: FUEL.perHop };
}

/**
 * A Jerry Can poured in ("Refuels a vehicle"): the tank is filled to the roster's Fuel. Refused for a motor that uses
 * no fuel (`noTank`) and for a full one (`full`: the can is not wasted).
 * @param {Tank} tank
 * @returns {{ok: true, value: number, added: number}|{ok: false, reason: "noTank"|"full"}}
 * @example refuel({value: 3, max: 10}) // {ok: true, value: 10, added: 7}
 */
export function refuel(tank) {
  const t = tankOf(tank);
  if (t.max === 0) return { ok: false, reason: "noTank" };
  if (t.value >= t.max) return { ok: false, reason: "full" };
  return { ok: true, value: t.max, added: t.max - t.value };
}

/**
 * What one item makes instead of its own use (gear `makes`: the Jerry Can's "makes three Petrol Bombs with some milk
 * bottles"): the catalogue item and how many; null when it makes nothing.
 * @param {{makes?: {item: string, quantity: number}|null}} gear  The item's data (the GM's record of it).
 * @returns {{item: string, quantity: number}|null}
 * @throws {RangeError} for a malformed `makes`.
 */
export function makesFrom(gear) {
  const m = gear?.makes;
  if (!m) return null;
  if (typeof m.item !== "string" || !m.item.includes("/")) throw new RangeError(`makes.item must be a catalogue reference (pack/key), got ${m.item}`);
  return { item: m.item, quantity: count("makes.quantity", m.quantity) };
}
