/**
 * Live odds for the roll dialog, looked up in the exact tables the build computes (tools/the_smoke/odds.py).
 * Rulebook: The roll (margins and outcomes); Hustle, perks and your luck (On a Roll, Off Your Game, In Pain).
 * Pure: imports only generated data.
 * @module rules/odds
 */
import { ODDS } from "../generated/odds.mjs";
import { RULES } from "../generated/rules.mjs";

/** Outcome ids from worst to best, with the lowest margin of each (null = open below). */
const OUTCOMES = RULES.outcomes.outcomes.map(o => ({ id: o.id, min: o.margin.min }));

/**
 * Explosion modes of the two dice for a roll's circumstances: On a Roll and Off Your Game cancel; In Pain stops
 * only the Effort die exploding.
 * @param {{onARoll?: boolean, offYourGame?: boolean, inPain?: boolean}} flags
 * @returns {{effort: "normal"|"onARoll"|"none", stat: "normal"|"onARoll"|"none"}}
 */
export function explosionModes({ onARoll = false, offYourGame = false, inPain = false } = {}) {
  /** @type {"normal"|"onARoll"|"none"} */
  let mode = "normal";
  if (onARoll && !offYourGame) mode = "onARoll";
  else if (offYourGame && !onARoll) mode = "none";
  return { effort: inPain ? "none" : mode, stat: mode };
}

/**
 * P(Effort roll + stat roll ≥ k), dice only.
 * @param {number} effortDie  Faces (or a vehicle's Performance die when driving).
 * @param {number} statDie    Faces of the (possibly stepped) stat die.
 * @param {{effort: string, stat: string}} modes  From {@link explosionModes}.
 * @param {number} k  A dice total.
 * @returns {number} Probability 0–1 (to 1 ppm).
 * @throws {RangeError} when the dice pair is not tabulated.
 */
export function diceAtLeast(effortDie, statDie, modes, k) {
  const table = ODDS.tails[`${effortDie}:${modes.effort}|${statDie}:${modes.stat}`];
  if (!table) throw new RangeError(`no odds for Effort d${effortDie} and stat d${statDie} (${modes.effort}/${modes.stat})`);
  if (k <= 0) return 1;
  return k < table.length ? table[k] / 1e6 : 0;
}

/**
 * The chance of success and of each outcome of a check against a TN.
 * @param {object} check
 * @param {number} check.effortDie
 * @param {number} check.statDie
 * @param {number} check.tn        Target Number.
 * @param {number} check.modifier  Everything added to the dice: the stat modifier (or its replacement) + bonuses.
 * @param {{onARoll?: boolean, offYourGame?: boolean, inPain?: boolean}} [check.flags]
 * @returns {{success: number, outcomes: Record<string, number>}}
 */
export function checkOdds({ effortDie, statDie, tn, modifier, flags = {} }) {
  const modes = explosionModes(flags);
  const atLeastMargin = m => diceAtLeast(effortDie, statDie, modes, tn + m - modifier);
  /** @type {Record<string, number>} */
  const outcomes = {};
  OUTCOMES.forEach((o, i) => {
    const next = OUTCOMES[i + 1];
    const low = o.min === null ? 1 : atLeastMargin(o.min);
    const high = next ? atLeastMargin(next.min) : 0;
    outcomes[o.id] = Math.max(0, low - high);
  });
  return { success: atLeastMargin(0), outcomes };
}
