/**
 * Shared attempts and progress challenges (Teamwork and challenges): the average of the totals read once, each
 * contribution's progress and consequences, and the state of a challenge. Labels are the rules data's
 * (packs-src/rules/outcomes.yml); windows word the ids through lang/en.json.
 * Pure: imports only generated data and sibling rules, no Foundry globals.
 * @module rules/teamwork
 */
import { RULES } from "../generated/rules.mjs";
import { outcomeFor } from "./rolled-check.mjs";

const OUTCOMES = RULES.outcomes.outcomes;

/**
 * One shared attempt (Teamwork and challenges): add the totals, divide by the participants, round down
 * (RULES.outcomes.sharedAttempt.rounding) and read that margin once.
 * @param {number[]} totals  Each participant's check total.
 * @param {number} tn
 * @returns {{average: number, margin: number, outcome: string, outcomeLabel: string, success: boolean}}
 * @throws {RangeError} with no participants.
 */
export function teamwork(totals, tn) {
  if (!Array.isArray(totals) || totals.length === 0) throw new RangeError("a shared attempt needs at least one total");
  const mean = totals.reduce((a, b) => a + b, 0) / totals.length;
  const rounding = RULES.outcomes.sharedAttempt?.rounding ?? "down";
  const average = rounding === "up" ? Math.ceil(mean) : rounding === "nearest" ? Math.round(mean) : Math.floor(mean);
  const margin = average - tn;
  const outcome = outcomeFor(margin);
  return { average, margin, outcome: outcome.id, outcomeLabel: outcome.label, success: outcome.success };
}

/**
 * One contribution to a progress challenge (Teamwork and challenges › A job with several stages, Taking a cost).
 * Accepting a cost only changes Bad Luck; for any other outcome it is ignored (and reported false).
 * @param {string} outcome  Outcome id.
 * @param {{costAccepted?: boolean}} [opts]
 * @returns {{outcome: string, costAccepted: boolean, label: string, progress: number, consequences: number}}
 * @throws {RangeError} for an unknown outcome.
 */
export function challengeContribution(outcome, { costAccepted = false } = {}) {
  const rows = RULES.outcomes.challenge.filter(r => r.outcome === outcome);
  if (!rows.length) throw new RangeError(`unknown outcome "${outcome}" (${OUTCOMES.map(o => o.id).join(", ")})`);
  const row = rows.find(r => r.costAccepted === !!costAccepted) ?? rows.find(r => !r.costAccepted);
  return { outcome, costAccepted: row.costAccepted, label: row.label, progress: row.progress, consequences: row.consequences };
}

/**
 * The state of a progress challenge after its contributions, in order. It ends on the contribution that reaches the
 * progress target or the consequence limit; if one contribution reaches both, the consequence limit wins (failed).
 * Contributions after the end are not counted (see `ignored`).
 * @param {object} challenge
 * @param {Array<{progress: number, consequences: number}|string|{outcome: string, costAccepted?: boolean}>} challenge.contributions
 *   From {@link challengeContribution}, or outcome ids / {outcome, costAccepted}.
 * @param {number} challenge.target  Progress needed (book example 4).
 * @param {number} challenge.limit   Consequence limit (book example 3).
 * @returns {{progress: number, consequences: number, target: number, limit: number, done: boolean, failed: boolean,
 *   over: boolean, endedAt: number|null, ignored: number}}  endedAt: index of the ending contribution.
 */
export function challengeState({ contributions = [], target, limit } = /** @type {any} */ ({})) {
  // a bare call gets {}, which the checks below refuse; the JSDoc types the argument
  if (!Number.isInteger(target) || target < 1) throw new RangeError(`progress target must be a positive whole number, got ${target}`);
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`consequence limit must be a positive whole number, got ${limit}`);
  let progress = 0;
  let consequences = 0;
  let endedAt = null;
  let done = false;
  let failed = false;
  for (const [i, c] of contributions.entries()) {
    if (endedAt !== null) break;
    const step = typeof c === "string" ? challengeContribution(c)
      : ("progress" in c ? c : challengeContribution(c.outcome, { costAccepted: c.costAccepted }));
    progress += step.progress;
    consequences += step.consequences;
    if (consequences >= limit) failed = true;
    else if (progress >= target) done = true;
    if (done || failed) endedAt = i;
  }
  const ignored = endedAt === null ? 0 : contributions.length - endedAt - 1;
  return { progress, consequences, target, limit, done, failed, over: done || failed, endedAt, ignored };
}
