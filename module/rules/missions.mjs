/**
 * The Mission Board's rules (rulebook: Money › Split the fee — "A crew fee is one amount for the whole participating
 * crew. Divide it by the number of participants, rounding each share down to whole pounds. A per-head payment is paid
 * to each participating PC. Mission entries label them separately."; The Rep ladder › Earn XP — "mission 3–5, as
 * printed"; Welcome to the ends — "Agree the fee and the deadline before the crew commits"; Foundry table guide › GM
 * controls — Story mode and Self-play "use the same underlying rules and recorded obligations").
 * Pure: data in, data out. Units: fees in whole pounds, deadlines in job-clock seconds, times in active ms.
 * @module rules/missions
 */
import { RULES } from "../generated/rules.mjs";
import { clockLeft } from "./clock.mjs";
import { crewShares } from "./money.mjs";

/**
 * The fee labels a mission entry carries: a crew fee, per head, or a Pat order (Jobs and service shifts › Service pay:
 * "Use the accepted order and the vehicle-sale procedure. A completed order awards 2 XP; it is not a generic career
 * crew fee").
 */
export const FEE_TYPES = Object.freeze(["crewFee", "perHead", "patOrder"]);
/** An objective's states. */
export const OBJECTIVE_STATES = Object.freeze(["open", "done", "failed"]);
/** A run's states: taken by a crew, then one of the three ends. (A mission nobody has taken is open: it has no run.) */
export const RUN_STATES = Object.freeze(["active", "completed", "failed", "abandoned"]);
/** How a run ends: the GM's three outcomes. */
export const OUTCOMES = Object.freeze(["completed", "failed", "abandoned"]);

/**
 * @typedef {object} MissionTerms  A mission as the GM writes it (a `mission` journal page's `system`).
 * @property {string} [client]  Who offers it.
 * @property {{type: "crewFee"|"perHead"|"patOrder"|"", amount: number}} fee  Whole pounds; the type labels it (a Pat
 *   order's is 0: it is paid through the vehicle sale).
 * @property {number} xp  The printed XP, 3–5; a Pat order's RULES.rep.xp.patOrder (2).
 * @property {number|null} [deadlineSeconds]  The job clock's window in job-clock seconds (null: no deadline).
 * @property {{id: string, label: string}[]} objectives  At least one.
 * @property {{who: string, what: string}[]} [obligations]  Who the crew owes, recorded on completion.
 * @property {{who: string, what: string}[]} [claimants]  Who has a claim on what the crew did, recorded on completion.
 * @property {boolean} [selfPlay]  Offered to the players (Self-play) as well as the GM (Story mode).
 */

/**
 * Check a mission before it is saved: a labelled fee (crew fee or per head) of whole pounds, the printed 3–5 XP, at
 * least one objective (each with a label and an id of its own), a deadline of whole seconds ≥ 1 when given, and
 * named obligations and claimants.
 * @param {Partial<MissionTerms>} m
 * @returns {string[]} Problem ids, empty when it may be saved: noFeeType, badFee, badXp, noObjectives,
 *   badObjective, badDeadline, badRecord.
 */
export function missionProblems(m) {
  const problems = [];
  const { min, max } = RULES.rep.xp.mission;
  const fee = /** @type {any} */ (m?.fee);
  if (!FEE_TYPES.includes(fee?.type)) problems.push("noFeeType");
  const patOrder = fee?.type === "patOrder";
  if (!Number.isInteger(fee?.amount) || fee.amount < 0 || (patOrder && fee.amount !== 0)) problems.push("badFee");
  const xp = /** @type {any} */ (m?.xp);
  if (patOrder ? xp !== RULES.rep.xp.patOrder : !Number.isInteger(xp) || xp < min || xp > max) problems.push("badXp");
  const objectives = Array.isArray(m?.objectives) ? m.objectives : [];
  if (!objectives.length) problems.push("noObjectives");
  else {
    const ids = objectives.map(o => String(o?.id ?? "").trim());
    if (objectives.some(o => !String(o?.label ?? "").trim()) || ids.some(id => !id) || new Set(ids).size !== ids.length) {
      problems.push("badObjective");
    }
  }
  const d = m?.deadlineSeconds;
  if (d !== null && d !== undefined && (!Number.isInteger(d) || d < 1)) problems.push("badDeadline");
  const records = [...(m?.obligations ?? []), ...(m?.claimants ?? [])];
  if (records.some(r => !String(r?.who ?? "").trim() || !String(r?.what ?? "").trim())) problems.push("badRecord");
  return problems;
}

/**
 * What a completed mission pays each of its crew (Money › Split the fee).
 * A Pat order pays nothing here: "Use the accepted order and the vehicle-sale procedure" — the bikes are sold to Pat
 * (documents/money/fence.mjs).
 * @param {MissionTerms["fee"]} fee  Whole pounds (a fee without a type is refused).
 * @param {number} crew  Participants, whole, ≥ 1.
 * @returns {{each: number, remainder: number, total: number}} Pounds to each, left over, and paid out in all.
 * @throws {RangeError} for a bad fee or crew size.
 * @example missionPay({type: "crewFee", amount: 101}, 2) // → {each: 50, remainder: 1, total: 100}
 */
export function missionPay(fee, crew) {
  if (fee?.type === "patOrder") {
    if (!Number.isInteger(crew) || crew < 1) throw new RangeError(`a crew is 1 or more, not ${crew}`);
    return { each: 0, remainder: 0, total: 0 }; // paid through the vehicle sale (the fence), not here
  }
  if (fee?.type === "perHead") {
    if (!Number.isInteger(fee.amount) || fee.amount < 0) throw new RangeError(`fee must be whole pounds ≥ 0, not ${fee.amount}`);
    if (!Number.isInteger(crew) || crew < 1) throw new RangeError(`participants must be 1 or more, not ${crew}`);
    return { each: fee.amount, remainder: 0, total: fee.amount * crew };
  }
  if (fee?.type !== "crewFee") throw new RangeError(`a fee is labelled crewFee or perHead, not ${fee?.type}`);
  const { share, remainder } = crewShares({ fee: fee.amount, participants: crew });
  return { each: share, remainder, total: share * crew };
}

/**
 * The deadline's seconds left on a run's job clock (active time: stands still while the game is paused).
 * @param {{clock: import("./clock.mjs").Clock|null, terms: {deadlineSeconds?: number|null}}} run
 * @param {number} now  Active ms.
 * @returns {number|null} Job-clock seconds ≥ 0, or null without a deadline.
 */
export function deadlineLeft(run, now) {
  const window = run?.terms?.deadlineSeconds;
  if (!run?.clock || !Number.isInteger(window) || /** @type {number} */ (window) < 1) return null;
  return clockLeft(run.clock, /** @type {number} */ (window), now);
}

/**
 * Ruling (README › Rulings › A mission's deadline): a deadline that runs out while the crew is still on it fails the
 * mission — the client takes another offer; no fee, no XP. Is this run due for that?
 * @param {{state: string, clock: object|null, terms: {deadlineSeconds?: number|null}}} run
 * @param {number} now  Active ms.
 * @returns {boolean}
 */
export function isOverdue(run, now) {
  return run?.state === "active" && deadlineLeft(run, now) === 0;
}

/**
 * The next state of an objective when the GM clicks it: open → done → failed → open.
 * @param {string} state
 * @returns {"open"|"done"|"failed"}
 */
export function nextObjectiveState(state) {
  const i = OBJECTIVE_STATES.indexOf(state);
  return /** @type {"open"|"done"|"failed"} */ (OBJECTIVE_STATES[(i + 1) % OBJECTIVE_STATES.length]);
}
