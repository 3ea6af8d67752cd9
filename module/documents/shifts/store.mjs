/**
 * The facts of service shifts, in GM-owned stores (documents/core/gm-store.mjs), never on a document a player may write:
 * - `shiftCrews`: actor UUID → who is on which shift in which motor;
 * - `callouts`: callout id → a job offer the GM made (open until one crew takes it);
 * - `jobs`: job id → a taken job: its shift, crew, motor, stage, stage destination, clocks (timestamps on active
 *   time, rules/clock.mjs), H, cargo or patient state, and whether it has been paid;
 * - `shiftMotors`: motor actor UUID → the shifts the GM says it suits (the GM's override of the motor's data).
 * Every client reads them (countdowns, the sheet's panel, the phone); only the active GM writes, inside request
 * handlers and the GM's automation. Open windows re-render on every change.
 *
 * Rulebook: Patients, fires and job clocks › Pause, split crews, resume (the job stays with the crew that took it).
 * @module documents/shifts/store
 */
import { gmStore } from "../core/gm-store.mjs";

/**
 * Windows to re-render when a shift store changes (the Shifts window, sheets).
 * @type {Set<() => void>}
 */
export const watchers = new Set();
const changed = () => { for (const fn of [...watchers]) { try { fn(); } catch (err) { console.error(err); } } };

/**
 * @typedef {object} CrewShift  Who is on a shift (`shiftCrews`, keyed by the actor's UUID).
 * @property {string} shift        A shift id.
 * @property {string} vehicleUuid  The motor they started it in (driver's seat).
 * @property {string} userId       The user who started it.
 * @property {number} since        Server ms.
 */

/**
 * @typedef {object} Destination  Where a stage ends: a named region of a scene.
 * @property {string} sceneId
 * @property {string} regionUuid  "" when the GM marks arrival by hand ("Reached").
 * @property {string} name
 */

/**
 * @typedef {object} Callout  A job offer (`callouts`).
 * @property {string} id
 * @property {string} shift        A shift id, or "patOrder".
 * @property {string|null} call    The police call (anpr, pursuit, disturbance).
 * @property {string} name         The job, in words.
 * @property {Destination[]} destinations  One per stage, in order.
 * @property {number} hops         H to the destination (the street map's, or the GM's number).
 * @property {string} offerTo      An actor UUID the GM offers it to ("" = anyone on the shift).
 * @property {string[]} passed     Actor UUIDs who passed.
 * @property {"open"|"taken"|"withdrawn"} status
 * @property {string} jobId        The job once taken.
 * @property {object} extra        Shift details: patient (start state), fareName, perkTip, bonus, stops, arrest, check,
 *   band, targetUuid, target {wheels, performance, handling} (the GM's own numbers for a pursuit, or null).
 * @property {number} createdAt    Server ms.
 */

/**
 * @typedef {object} Job  A taken job (`jobs`).
 * @property {string} id
 * @property {string} calloutId
 * @property {string} shift
 * @property {string|null} call
 * @property {string} name
 * @property {string[]} crew           Actor UUIDs paid for it (the driver who took it first).
 * @property {string} userId           The user who took it.
 * @property {string} vehicleUuid
 * @property {number} stage            Index into the job's stages (rules/jobs.mjs jobStages).
 * @property {Destination[]} destinations
 * @property {number} hops
 * @property {import("../../rules/clock.mjs").Clock} clock  The current stage's clock.
 * @property {number} windowSeconds    The current stage's window.
 * @property {import("../../rules/clock.mjs").Clock} total  The whole job's clock (the patient's 45 s).
 * @property {boolean} paused          The GM paused it.
 * @property {"travel"|"arrived"|"done"|"failed"} status  travel: on the clock to the stage's place; arrived: the
 *   stage's check is due (the stage clock frozen at arrival); done: paid; failed: ended unpaid (Lost, escaped…).
 * @property {number|null} arrivedLeft T when the stage was reached (null before).
 * @property {{collected: boolean, damaged: boolean}|null} cargo
 * @property {{state: import("../../rules/shifts.mjs").PatientState, at: number, boarded: boolean}|null} patient  at: job-clock
 *   seconds of the last change.
 * @property {{contributions: {outcome: import("../../rules/shifts.mjs").Outcome, actor: string}[]}|null} fire
 * @property {number|null} gap         The pursuit gap.
 * @property {string} passengerUuid    The fare or patient actor aboard ("" none).
 * @property {number} stopsPaid        Bus: pounds paid so far.
 * @property {boolean} compromised
 * @property {{pounds: number, xp: number, each: number, at: number}|null} pay  Set once, when paid.
 * @property {boolean} paid
 * @property {string} note             The last thing that happened (a lang key, for windows).
 * @property {string|null} [outcome]   The taxi's Wheels outcome (set as it pays).
 * @property {{progress: number, consequences: number, lost: boolean}|null} [fireResult]  The fire's end.
 */

/** @type {import("../core/gm-store.mjs").GMStore<CrewShift>} */
export const crews = gmStore("shiftCrews", { onChange: changed });
/** @type {import("../core/gm-store.mjs").GMStore<Callout>} */
export const callouts = gmStore("callouts", { onChange: changed });
/** @type {import("../core/gm-store.mjs").GMStore<Job>} */
export const jobs = gmStore("jobs", { onChange: changed });
/** @type {import("../core/gm-store.mjs").GMStore<{shifts: string[], cab?: boolean}>} */
export const motorOverrides = gmStore("shiftMotors", { onChange: changed });

/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 * @returns {string}
 */
export const L = (key, data) => (data ? game.i18n.format(key, /** @type {object} */ (data)) : game.i18n.localize(key));

/**
 * The job an actor is on (as crew), not finished.
 * @param {string} actorUuid
 * @returns {Job|null}
 */
export function activeJobOf(actorUuid) {
  return Object.values(jobs.all()).find(j => j.crew.includes(actorUuid) && (j.status === "travel" || j.status === "arrived")) ?? null;
}

/**
 * A job by id, or a localized refusal.
 * @param {unknown} jobId
 * @returns {Job}
 */
export function jobOrThrow(jobId) {
  const job = typeof jobId === "string" ? jobs.get(jobId) : null;
  if (!job) throw new Error(L("SMOKE.Shifts.noJob"));
  return job;
}
