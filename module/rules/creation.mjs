/**
 * Making a new face: the starting stat spread and the starting numbers of a new character, read from
 * packs-src/rules/creation.yml (and the record formulas of record.mjs).
 * Rulebook: Making a new face › Seven steps to your first night (steps 3 and 7); Your character record › The numbers
 * beside your name.
 * Pure: imports only generated data and sibling rules, no Foundry globals.
 * @module rules/creation
 */
import { RULES } from "../generated/rules.mjs";
import { healthMax, guardBase, statFaces } from "./record.mjs";

const CREATION = RULES.creation;
/** @type {{key: string, name: string}[]} The nine stats in the book's order. */
const STATS = RULES.stats.stats;
/** @type {number[]} */
const LADDER = RULES.dice.ladder;

/**
 * @typedef {object} SpreadCheck
 * @property {boolean} ok          The spread is legal.
 * @property {SpreadProblem[]} problems  What is wrong, as data (the Creator words it: `SMOKE.Creator.problem.<id>`);
 *   empty when ok.
 * @property {Record<number, number>} counts  How many of the nine stats have each die (faces → count); a stat
 *   with no die or a die off the ladder is not counted.
 */

/**
 * @typedef {object} SpreadProblem  One thing wrong with a spread.
 * @property {"noStats"|"unknownStat"|"noDie"|"offLadder"|"count"} id  No stats given; a key that is not a stat; a
 *   stat without a die; a die off the ladder; a die whose count is not the distribution's.
 * @property {string} [stat]   unknownStat, noDie, offLadder: the stat key.
 * @property {number} [die]    offLadder, count: the die's faces.
 * @property {number} [have]   count: how many stats have it.
 * @property {number} [needs]  count: how many the distribution asks for (0 for a die it does not list).
 */

/**
 * Check step 3, "Assign your stats": exactly one d8, three d6s and five d4s across the nine stats
 * (RULES.creation.statDistribution). A background's spread is only a suggestion; any arrangement with that
 * distribution is legal.
 * Problems are listed in this order: unknown stat keys, stats without a die, dice off the ladder, then each die of
 * the distribution whose count is wrong (`{id: "count", die: 8, have: 2, needs: 1}`), then any other die present
 * (`needs: 0`).
 * @param {Record<string, number|{die: number}>} stats  `{mus: 4, …}` or `{mus: {die: 4}, …}` (see statFaces).
 * @returns {SpreadCheck}
 */
export function validateSpread(stats) {
  if (!stats || typeof stats !== "object") return { ok: false, problems: [{ id: "noStats" }], counts: {} };
  const dice = statFaces(stats);
  /** @type {SpreadProblem[]} */
  const problems = [];
  const known = new Set(STATS.map(s => s.key));
  for (const key of Object.keys(dice)) if (!known.has(key)) problems.push({ id: "unknownStat", stat: key });
  /** @type {Record<number, number>} */
  const counts = {};
  for (const { key } of STATS) {
    const die = dice[key];
    if (!(key in dice)) problems.push({ id: "noDie", stat: key });
    else if (!LADDER.includes(die)) problems.push({ id: "offLadder", stat: key, die });
    else counts[die] = (counts[die] ?? 0) + 1;
  }
  /** @type {{die: number, count: number}[]} */
  const distribution = CREATION.statDistribution;
  for (const { die, count } of distribution) {
    const have = counts[die] ?? 0;
    if (have !== count) problems.push({ id: "count", die, have, needs: count });
  }
  for (const die of LADDER) {
    if (counts[die] && !distribution.some(row => row.die === die)) problems.push({ id: "count", die, have: counts[die], needs: 0 });
  }
  return { ok: problems.length === 0, problems, counts };
}

/**
 * @typedef {object} StartingNumbers  Shaped like the character record (Data dictionary, Actor `character`).
 * @property {{level: number, xp: number}} rep  Rep 1, 0 XP.
 * @property {{value: number, max: number}} hustle  3 of a maximum 3.
 * @property {{value: number, max: number}} health  Full: 8 + the Grit modifier.
 * @property {{base: number}} guard  7 + the better of the Moves and Grit modifiers (before armour).
 * @property {number} renown  Faction Renown each organisation starts at (0 unless the GM establishes otherwise).
 */

/**
 * Step 7, "Finish the numbers": Rep 1, 0 XP, 3 Hustle (maximum 3), Health 8 + Grit modifier, Guard base
 * (RULES.creation.start; healthMax and guardBase of record.mjs). Only Grit and Moves are read; check the spread
 * with validateSpread.
 * @param {Record<string, number|{die: number}>} stats  `{grt: 4, mov: 6, …}` or `{grt: {die: 4}, …}`.
 * @returns {StartingNumbers}
 * @throws {RangeError} when the Grit or Moves die is missing or off the ladder.
 */
export function startingNumbers(stats) {
  const dice = statFaces(stats);
  const start = CREATION.start;
  const health = healthMax(dice);
  return {
    rep: { level: start.rep, xp: start.xp },
    hustle: { value: start.hustle, max: start.hustleMax },
    health: { value: health, max: health },
    guard: { base: guardBase(dice) },
    renown: start.renown
  };
}
