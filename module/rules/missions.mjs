/**
 * The Mission Board's rules (rulebook: Money › Split the fee; The Rep ladder › Earn XP — "a mission its printed
 * 3–5"): what a mission must carry to be offered, and what completing it pays. Pure: data in, data out.
 * @module rules/missions
 */
import { RULES } from "../generated/rules.mjs";

/** Mission states: offered, taken by a crew, and the three ends. */
export const MISSION_STATES = Object.freeze(["open", "active", "completed", "failed", "abandoned"]);

/**
 * @typedef {object} MissionDraft  A mission as the GM writes it.
 * @property {string} name @property {string} [client]
 * @property {{type: "crew"|"perHead", amount: number}} fee  A crew fee (one amount, split) or a per-head payment
 *   (to each), whole pounds.
 * @property {number} xp  The mission's printed XP (3–5).
 * @property {number|null} [deadlineSeconds]  The job clock's window, job-clock seconds (none: no deadline).
 * @property {{text: string, state?: "open"|"done"|"failed"}[]} objectives  At least one (state: open unless marked).
 * @property {string} [obligations]  Who remembers what the crew did (recorded on completion).
 */

/**
 * Check a mission before it is saved: a name, a labelled fee (crew or per head) in whole pounds, XP 3–5, at least
 * one objective, a deadline of whole seconds ≥ 1 when given.
 * @param {Partial<MissionDraft>} m
 * @returns {string[]} Problem ids (empty when it may be saved): noName, noFeeType, badFee, badXp, noObjectives, badDeadline.
 */
export function missionProblems(m) {
  const problems = [];
  const { min, max } = RULES.rep.xp.mission;
  if (!String(m?.name ?? "").trim()) problems.push("noName");
  if (!["crew", "perHead"].includes(/** @type {any} */ (m?.fee)?.type)) problems.push("noFeeType");
  else if (!Number.isInteger(m?.fee?.amount) || /** @type {number} */ (m?.fee?.amount) < 0) problems.push("badFee");
  if (!Number.isInteger(m?.xp) || /** @type {number} */ (m?.xp) < min || /** @type {number} */ (m?.xp) > max) problems.push("badXp");
  if (!Array.isArray(m?.objectives) || !m.objectives.some(o => String(o?.text ?? "").trim())) problems.push("noObjectives");
  const d = m?.deadlineSeconds;
  if (d !== null && d !== undefined && (!Number.isInteger(d) || d < 1)) problems.push("badDeadline");
  return problems;
}

/**
 * What a completed mission pays each of its crew (Money › Split the fee: "Divide it by the number of participants,
 * rounding each share down"; "A per-head payment is paid to each participating PC").
 * @param {{type: "crew"|"perHead", amount: number}} fee
 * @param {number} crew  Participants, ≥ 1.
 * @param {(a: {fee: number, participants: number}) => {share: number, remainder: number}} crewShares  Issue 13's
 *   rule (module/rules/money.mjs).
 * @returns {{each: number, remainder: number}}
 */
export function missionPay(fee, crew, crewShares) {
  if (fee.type === "perHead") return { each: fee.amount, remainder: 0 };
  const { share, remainder } = crewShares({ fee: fee.amount, participants: crew });
  return { each: share, remainder };
}
