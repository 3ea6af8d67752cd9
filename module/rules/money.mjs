/**
 * Money rules (Money, shops and a safe bed; Heat on your heels › Busted). Pure: no Foundry globals; whole pounds.
 * @module rules/money
 */
import { RULES } from "../generated/rules.mjs";

/**
 * Pocket cash lost when Busted (Heat on your heels › Busted): 20% of pocket cash rounded to whole pounds, at least
 * £100, never more than the cash held (RULES.money.busted); the stash is untouched. £30 → £30, £300 → £100,
 * £1,000 → £200.
 * @param {number} pocket  Pocket cash, whole pounds ≥ 0.
 * @returns {number} Whole pounds lost.
 * @throws {RangeError} for a negative or fractional amount.
 */
export function bustedLoss(pocket) {
  if (!Number.isInteger(pocket) || pocket < 0) throw new RangeError(`pocket cash must be whole pounds ≥ 0, not ${pocket}`);
  const rule = RULES.money.busted;
  const loss = Math.max(rule.minimum, Math.round(pocket * rule.percent / 100));
  return rule.capAtCash ? Math.min(pocket, loss) : loss;
}
