/**
 * The numbers on a record, derived by the book's formulas from data in packs-src/rules (never typed here).
 * Rulebook: Your character record › The numbers beside your name; Getting a motor › Vehicles have their own record.
 * Pure: imports only generated data, no Foundry globals.
 * @module rules/record
 */
import { RULES } from "../generated/rules.mjs";
import { modifierOf } from "./dice.mjs";
import { conditionEffects } from "./check.mjs";

/**
 * A stat die's modifier: d4 +2, d6 +3, d8 +4, d10 +5, d12 +6, d20 +10 (same as dice.modifierOf).
 * @param {number} die  Faces: 4, 6, 8, 10, 12 or 20.
 * @returns {number}
 * @throws {RangeError} for a die not on the ladder.
 */
export function statModifier(die) {
  return modifierOf(die);
}

/**
 * Maximum Health: `health.base` (8) + the modifier of the stat `health.plusModifierOf` names (Grit) + a bonus
 * (Growth, or a printed record's difference), as rules/combat.yml says (tools/the_smoke/rules.py `health_rule`).
 * @param {Record<string, number|{die: number}>|number} stats  The stat dice, `{grt: 6, …}` or `system.stats`
 *   (`{grt: {die: 6}, …}`); a bare number is the die of the stat the data names.
 * @param {number} [bonus=0]
 * @param {{health: {base: number, plusModifierOf: string}}} [combat=RULES.combat]  The table (tests pass another).
 * @returns {number} Health points.
 * @throws {RangeError} when that stat's die is missing or off the ladder.
 */
export function healthMax(stats, bonus = 0, combat = RULES.combat) {
  const h = combat.health;
  const die = typeof stats === "number" ? stats : statFaces(stats)[h.plusModifierOf];
  return h.base + statModifier(die) + bonus;
}

/**
 * Base Guard before armour and situational changes: `guard.base` (7) + the better of the modifiers of the stats
 * `guard.plusBestModifierOf` names (Moves, Grit) + a bonus, as rules/combat.yml says (rules.py `guard_rule`).
 * @param {Record<string, number|{die: number}>|number} stats  The stat dice (as for {@link healthMax}); or, as
 *   before, the dice of the named stats in the data's order as separate numbers: `guardBase(movDie, grtDie, bonus)`.
 * @param {...any} rest  `[bonus=0, combat=RULES.combat]` (with a stats object) or `[grtDie, bonus=0]` (with numbers).
 * @returns {number}
 * @throws {RangeError} when a named stat's die is missing or off the ladder.
 */
export function guardBase(stats, ...rest) {
  if (typeof stats === "number") {
    const [second, bonus = 0] = rest;
    const keys = RULES.combat.guard.plusBestModifierOf;
    return guardBase(Object.fromEntries(keys.map((k, i) => [k, [stats, second][i]])), bonus);
  }
  const [bonus = 0, combat = RULES.combat] = rest;
  const g = combat.guard;
  const dice = statFaces(stats);
  return g.base + Math.max(...g.plusBestModifierOf.map(k => statModifier(dice[k]))) + bonus;
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

/**
 * @typedef {object} ArmourLike  An armour item's data: `{guard, reduction, worn}`, or an Item with them under
 *   `system` (catalogue armour: Guard bonus and damage reduction).
 */

/**
 * The system data of an item-like object.
 * @param {object} item
 * @returns {object}
 */
const dataOf = item => item?.system ?? item ?? {};

/** The item type of a suit of armour (the catalogue's armour pack). */
const ARMOUR_TYPE = "armour";

/**
 * Whether an item (or its data) can be a suit: an armour entry, or plain data without an item type (a suit's numbers
 * as given). Any other kit is not, worn or not, whatever it carries — Tools & gear › Cycle Helmet: "Practical
 * protection. Does not stack another mechanical armour bonus"; Clobber & outfits: "An outfit is not an additional suit
 * of armour unless it is also an armour entry".
 * @param {any} item
 * @returns {boolean}
 */
const isSuit = item => !item?.type || item.type === ARMOUR_TYPE;

/**
 * The one suit that counts, as given (an item or its data): "Only the armour you wear counts … wearing a second suit
 * replaces the first" (Armour; Attacking and defending › Damage). Given a list, the last worn one; given one suit, it
 * unless marked not worn. The list may be a person's whole kit: an item of another type than armour (a worn Cycle
 * Helmet, an outfit) is never the suit — it neither replaces the worn suit nor adds to it.
 * @param {ArmourLike|ArmourLike[]|null|undefined} armour
 * @returns {ArmourLike|null}
 */
export function wornSuit(armour) {
  if (!armour) return null;
  const list = Array.isArray(armour) ? armour.filter(a => isSuit(a) && dataOf(a).worn === true)
    : [armour].filter(a => isSuit(a) && dataOf(a).worn !== false);
  return list.at(-1) ?? null;
}

/**
 * The one suit that counts ({@link wornSuit}): its Guard bonus and reduction, and its name when it has one.
 * @param {ArmourLike|ArmourLike[]|null|undefined} armour
 * @returns {{guard: number, reduction: number, name?: string}|null}
 */
export function wornArmour(armour) {
  const suit = wornSuit(armour);
  if (!suit) return null;
  const d = dataOf(suit);
  return { guard: d.guard ?? 0, reduction: d.reduction ?? 0, ...(suit.name ? { name: suit.name } : {}) };
}

/**
 * A situational Guard row of RULES.combat.guardModifiers from a cover value.
 * @param {"light"|"heavy"|string|null} cover  "light", "heavy", a guardModifiers id (lightCover, heavyCover,
 *   enclosed, dodgeAction) or null/"none".
 * @returns {{id: string, label: string, guard: number, reduction: number}|null}
 * @throws {RangeError} for an unknown cover.
 */
export function coverModifier(cover) {
  if (cover === null || cover === undefined || cover === "none") return null;
  const id = { light: "lightCover", heavy: "heavyCover" }[cover] ?? cover;
  const row = (RULES.combat.guardModifiers ?? []).find(m => m.id === id);
  if (!row) throw new RangeError(`unknown cover "${cover}" (light, heavy or ${(RULES.combat.guardModifiers ?? []).map(m => m.id).join(", ")})`);
  return row;
}

/**
 * Current Guard with its parts (Your character record › The numbers beside your name; Attacking and defending ›
 * Make an attack, Defensive actions): base + the one worn suit's Guard + cover + Conditions (Prone, Grabbed,
 * Stunned −2; Down −4; suppressed Conditions count nothing).
 * @param {object} guard
 * @param {number} guard.base  From {@link guardBase} (7 + better of Moves/Grit modifier + Growth).
 * @param {ArmourLike|ArmourLike[]|null} [guard.wornArmour]  A suit, or the character's armour items.
 * @param {Iterable<string>} [guard.conditions=[]]  Active status ids.
 * @param {"light"|"heavy"|string|null} [guard.cover=null]  See {@link coverModifier}.
 * @returns {{value: number, parts: {kind: "base"|"armour"|"cover"|"condition", label: string|null, guard: number}[]}}
 *   `label`: the armour's, cover's or Condition's name (item or rules data), null for the base and unnamed armour (the
 *   windows word the kind).
 */
export function guardBreakdown({ base, wornArmour: armour = null, conditions = [], cover = null } = /** @type {NonNullable<Parameters<typeof guardBreakdown>[0]>} */ ({})) {
  // a bare call gets {}, which the checks below refuse; the JSDoc types the argument
  if (!Number.isInteger(base)) throw new TypeError(`Guard base must be a whole number, got ${base}`);
  /** @type {{kind: "base"|"armour"|"cover"|"condition", label: string|null, guard: number}[]} */
  const parts = [{ kind: "base", label: null, guard: base }];
  const suit = wornArmour(armour);
  if (suit?.guard) parts.push({ kind: "armour", label: suit.name ?? null, guard: suit.guard });
  const c = coverModifier(cover);
  if (c?.guard) parts.push({ kind: "cover", label: c.label, guard: c.guard });
  for (const entry of conditionEffects(conditions, null).applied) {
    if (entry.guard) parts.push({ kind: "condition", label: entry.name, guard: entry.guard });
  }
  return { value: parts.reduce((sum, p) => sum + p.guard, 0), parts };
}

/**
 * Current Guard: {@link guardBreakdown}'s value.
 * @param {object} guard  As {@link guardBreakdown}.
 * @returns {number}
 */
export function guardValue(guard) {
  return guardBreakdown(guard).value;
}

/**
 * Damage reduction: the one worn suit's reduction, + heavy cover's reduction (+1) when given.
 * @param {ArmourLike|ArmourLike[]|null} items  A suit or the character's armour items.
 * @param {{cover?: "light"|"heavy"|string|null}} [opts]
 * @returns {number}
 */
export function armourReduction(items, { cover = null } = {}) {
  return (wornArmour(items)?.reduction ?? 0) + (coverModifier(cover)?.reduction ?? 0);
}

const REP = RULES.rep;

/**
 * @param {number} level
 * @returns {void}
 * @throws {RangeError}
 */
function checkLevel(level) {
  if (!Number.isInteger(level) || level < 1 || level > REP.maxLevel) {
    throw new RangeError(`Rep level must be a whole number from 1 to ${REP.maxLevel}, got ${level}`);
  }
}

/**
 * The tier of a Rep level (Rep, Renown and Influence › Personal Rep).
 * @param {number} level  1–33.
 * @returns {{id: string, label: string, minLevel: number, maxLevel: number, statCap: number}}
 * @throws {RangeError} for a level off the ladder.
 */
export function repTier(level) {
  checkLevel(level);
  return REP.tiers.find(t => level >= t.minLevel && level <= t.maxLevel);
}

/**
 * The permanent stat cap (die faces) at a Rep level: Street d8, Known d10, Firm/Guv'nor d12, Empire d20.
 * @param {number} level
 * @returns {number}
 */
export function statCap(level) {
  return repTier(level).statCap;
}

/**
 * Whether temporary steps may reach d20 at this level (the tier named by RULES.dice.overflow.exceptTier).
 * @param {number} level
 * @returns {boolean}
 */
export function isEmpire(level) {
  return repTier(level).id === RULES.dice.overflow.exceptTier;
}

/**
 * Maximum Hustle at a Rep level: 3, +1 on entering each of Rep 5, 11, 19 and 27 (Hustle, perks and your luck;
 * Rep, Renown and Influence › Personal Rep).
 * @param {number} level  1–33.
 * @returns {number}
 */
export function hustleMax(level) {
  checkLevel(level);
  const inc = RULES.hustle.maxIncrease ?? { atRep: REP.levelUp.hustleMaxAt, amount: REP.levelUp.hustleMaxIncrease };
  return RULES.hustle.max + inc.amount * inc.atRep.filter(rep => level >= rep).length;
}

/**
 * Total XP of the next level (XP is cumulative), or null at the top level.
 * @param {number} level  Current level, 1–33.
 * @returns {number|null}
 */
export function nextThreshold(level) {
  checkLevel(level);
  return REP.levels.find(l => l.level === level + 1)?.xp ?? null;
}

/**
 * The highest level whose total XP has been reached (the book applies every level in order).
 * @param {number} xp  Total XP earned, ≥ 0.
 * @returns {number} 1–33.
 * @throws {RangeError} for negative or non-integer XP.
 */
export function levelForXp(xp) {
  if (!Number.isInteger(xp) || xp < 0) throw new RangeError(`XP must be a whole number ≥ 0, got ${xp}`);
  return REP.levels.reduce((best, l) => (xp >= l.xp && l.level > best ? l.level : best), 1);
}

/**
 * A stats record as plain die faces keyed by stat key (Data dictionary: a die is stored as its faces). Accepts the
 * plain form `{mus: 4, grt: 6, …}` or the actor's `system.stats` form `{mus: {die: 4}, …}`; keys are kept as given
 * (validators report unknown or missing keys), and a value that is neither a number nor `{die}` becomes NaN.
 * @param {Record<string, number|{die: number}>} stats
 * @returns {Record<string, number>}  A new object; the argument is not changed.
 * @throws {TypeError} when stats is not an object.
 */
export function statFaces(stats) {
  if (!stats || typeof stats !== "object") throw new TypeError(`stats must be an object of stat dice, got ${stats}`);
  return Object.fromEntries(Object.entries(stats).map(([key, v]) => {
    const die = typeof v === "number" ? v : v?.die;
    return [key, typeof die === "number" ? die : NaN];
  }));
}
