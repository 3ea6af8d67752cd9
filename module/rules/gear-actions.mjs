/**
 * Gear used as an action of its own in a fight (rulebook: Tools and gear · 9–16 › Torch: "Also good for blinding
 * someone for a moment (Front vs their Bottle)"): an opposed check (Choosing difficulty › Opposed situations: "have the
 * opposing side roll the relevant stat and use its total as the acting character's TN"), the stats read from the
 * item's catalogue entry (`blinds: {stat, against}`, packs-src/gear/torch.yml). What a moment's blindness does the
 * book does not say: these rules decide who carries the contest, never a Condition.
 * Pure: imports only generated data and sibling rules, no Foundry globals, no English.
 * @module rules/gear-actions
 */
import { STAT_KEYS } from "../generated/rules.mjs";
import { planCheck } from "./check.mjs";
import { opponentTotal, opposedWinner } from "./gm-screen.mjs";

/**
 * The contest a piece of gear offers: the user's stat and the stat the other side rolls (the Torch: Front against
 * Bottle), or null for gear without one.
 * @param {{blinds?: {stat: string, against: string}|null}} gear  The item's data as the GM recorded it.
 * @returns {{stat: string, against: string}|null}
 * @throws {RangeError} for a stat that is not one of the nine.
 * @example blindingContest({blinds: {stat: "frt", against: "btl"}}) // {stat: "frt", against: "btl"}
 */
export function blindingContest(gear) {
  const b = gear?.blinds;
  if (!b) return null;
  for (const k of /** @type {const} */ (["stat", "against"])) {
    if (!STAT_KEYS.includes(b[k])) throw new RangeError(`blinds.${k} must be a stat (${STAT_KEYS.join(", ")}), got ${b[k]}`);
  }
  return { stat: b.stat, against: b.against };
}

/**
 * The other side's roll (Opposed situations): their own unboosted Effort and `against` dice, their Conditions; no
 * perk, no Hustle. No TN: its total is the user's TN.
 * @param {{against: string, effortDie: number, statDie: number, conditions?: Iterable<string>}} spec  Dice as faces.
 * @returns {import("./check.mjs").CheckPlan}  `formula` is the roll to make.
 * @throws {RangeError} for dice off the ladder.
 */
export function blindingOpponentPlan({ against, effortDie, statDie, conditions = [] }) {
  return planCheck({ effortDie, statDie, statKey: against, conditions, tn: null });
}

/**
 * The other side's total from the faces rolled for {@link blindingOpponentPlan}'s plan (explosion chains checked).
 * @param {import("./check.mjs").CheckPlan} plan
 * @param {number[]} effortRolls
 * @param {number[]} statRolls
 * @returns {{total: number, effort: number[], stat: number[], modifier: number}}
 */
export function blindingOpponentTotal(plan, effortRolls, statRolls) {
  return opponentTotal(plan, effortRolls, statRolls);
}

/**
 * Whether the user blinds them: meeting the other side's total carries it (The roll: "A margin of 0 succeeds").
 * @param {{total: number, opponentTotal: number}} totals
 * @returns {{blinded: boolean, margin: number, outcome: string}}
 * @example blindingResult({total: 12, opponentTotal: 12}) // blinded, margin 0
 */
export function blindingResult({ total, opponentTotal: against }) {
  const r = opposedWinner({ total, opponentTotal: against });
  return { blinded: r.winner === "character", margin: r.margin, outcome: r.outcome };
}
