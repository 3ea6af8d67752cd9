/**
 * The die ladder: stepping a die up (perks, Hustle, other temporary boosts) and each die's modifier, read from
 * packs-src/rules/dice.yml. Rulebook: Hustle, perks and your luck › The die ladder, Perks; The roll › Effort + stat +
 * modifier.
 * Pure: imports only generated data, no Foundry globals.
 * @module rules/dice
 */
import { RULES } from "../generated/rules.mjs";

const LADDER = RULES.dice.ladder;
const MODIFIERS = new Map(RULES.dice.modifiers.map(row => [row.die, row.modifier]));
const OVERFLOW = RULES.dice.overflow;

/**
 * A die's modifier: d4 +2, d6 +3, d8 +4, d10 +5, d12 +6, d20 +10 (a stepped die uses its new modifier).
 * @param {number} die  Faces: a die on the ladder (4, 6, 8, 10, 12, 20).
 * @returns {number}
 * @throws {RangeError} for a die not on the ladder.
 */
export function modifierOf(die) {
  const mod = MODIFIERS.get(die);
  if (mod === undefined) throw new RangeError(`d${die} is not on the die ladder (${LADDER.map(d => `d${d}`).join(", ")})`);
  return mod;
}

/**
 * Step a die up (or down) the ladder d4 → d6 → d8 → d10 → d12 → d20.
 *
 * Before the Empire tier a temporary step above d12 leaves the die at d12 and gives +2 instead; each further
 * overflow step gives another +2 (RULES.dice.overflow). At Empire, steps can reach d20; a step beyond the top of
 * the ladder then overflows the same way (the book does not say otherwise).
 * A step below d4 is refused: the book has no such rule.
 * @param {number} die    Faces of the die before the steps.
 * @param {number} steps  Whole steps, usually 1 (a perk or 1 Hustle); negative steps go down.
 * @param {{empire?: boolean}} [opts]  empire: the character is in the Empire tier (Rep 27+).
 * @returns {{die: number, bonus: number, overflowSteps: number}}  The stepped die, the flat bonus from overflow
 *   steps (add it to the check's modifier) and how many steps overflowed.
 * @throws {RangeError} for a die off the ladder or a step below d4; {TypeError} for a non-integer step count.
 */
export function stepDie(die, steps, { empire = false } = {}) {
  const index = LADDER.indexOf(die);
  if (index < 0) throw new RangeError(`d${die} is not on the die ladder (${LADDER.map(d => `d${d}`).join(", ")})`);
  if (!Number.isInteger(steps)) throw new TypeError(`die steps must be a whole number, got ${steps}`);
  const target = index + steps;
  if (target < 0) throw new RangeError(`d${die} cannot step down ${-steps} (the ladder starts at d${LADDER[0]})`);
  const top = empire ? OVERFLOW.empireTopDie : OVERFLOW.aboveDie;
  // A die already above the cap (it cannot happen by the rules) keeps its own place as the top.
  const topIndex = Math.max(LADDER.indexOf(top), index);
  if (target <= topIndex) return { die: LADDER[target], bonus: 0, overflowSteps: 0 };
  const overflowSteps = target - topIndex;
  const bonus = OVERFLOW.stepBonus + (overflowSteps - 1) * OVERFLOW.furtherStepBonus;
  return { die: LADDER[topIndex], bonus, overflowSteps };
}

/**
 * The lowest face that explodes on a die for an explosion mode (RULES.dice.explosions): normal = the top face,
 * onARoll = the top two faces, none = never.
 * @param {number} die  Faces.
 * @param {"normal"|"onARoll"|"none"} mode
 * @returns {number|null}  The threshold face (explodes on this face or higher), or null when the die never explodes.
 * @throws {RangeError} for an unknown mode.
 */
export function explodesFrom(die, mode) {
  const e = RULES.dice.explosions;
  const topFaces = { normal: e.normalTopFaces, onARoll: e.onARollTopFaces, none: e.offYourGameTopFaces }[mode];
  if (topFaces === undefined) throw new RangeError(`unknown explosion mode "${mode}" (normal, onARoll, none)`);
  return topFaces > 0 ? die - topFaces + 1 : null;
}

/**
 * A single die as a Foundry v13 dice term: `1d8x>=8` explodes (recursively) on 8, `1d6x>=5` on 5–6, `1d6` never.
 * (In Foundry's syntax a bare `x` is the top face and `x5` means exactly 5, so the comparison is written out.)
 * @param {number} die  Faces.
 * @param {"normal"|"onARoll"|"none"} mode
 * @returns {string}
 */
export function dieFormula(die, mode) {
  const from = explodesFrom(die, mode);
  return from === null ? `1d${die}` : `1d${die}x>=${from}`;
}
