/**
 * The numbers on a record, derived by the book's formulas from data in packs-src/rules (never typed here).
 * Rulebook: Your character record › The numbers beside your name; Getting a motor › Vehicles have their own record.
 * Pure: imports only generated data, no Foundry globals.
 * @module rules/record
 */
import { RULES } from "../generated/rules.mjs";

const MODIFIERS = new Map(RULES.dice.modifiers.map(row => [row.die, row.modifier]));

/**
 * A stat die's modifier: d4 +2, d6 +3, d8 +4, d10 +5, d12 +6, d20 +10.
 * @param {number} die  Faces: 4, 6, 8, 10, 12 or 20.
 * @returns {number}
 * @throws {RangeError} for a die not on the ladder.
 */
export function statModifier(die) {
  const mod = MODIFIERS.get(die);
  if (mod === undefined) throw new RangeError(`d${die} is not on the die ladder (${RULES.dice.ladder.join(", ")})`);
  return mod;
}

/**
 * Maximum Health: 8 + the Grit modifier + a bonus (Growth, or a printed record's difference).
 * @param {number} grtDie  Grit die faces.
 * @param {number} [bonus=0]
 * @returns {number} Health points.
 */
export function healthMax(grtDie, bonus = 0) {
  const h = RULES.combat.health;
  return h.base + statModifier(grtDie) + bonus;
}

/**
 * Base Guard before armour and situational changes: 7 + the better of the Moves and Grit modifiers + a bonus.
 * @param {number} movDie  Moves die faces.
 * @param {number} grtDie  Grit die faces.
 * @param {number} [bonus=0]  Growth and record differences.
 * @returns {number}
 */
export function guardBase(movDie, grtDie, bonus = 0) {
  const g = RULES.combat.guard;
  return g.base + Math.max(statModifier(movDie), statModifier(grtDie)) + bonus;
}

/**
 * A motor's Guard before temporary defences: 6 + 2 × Size.
 * @param {number} size  Vehicle Size (0 for a bicycle … 4 for a bus).
 * @returns {number}
 */
export function vehicleGuard(size) {
  const v = RULES.chase.vehicleGuard;
  return v.base + v.perSize * size;
}
