/**
 * Service shifts, callouts and job clocks (issue 14; rulebook: Work the borough; Patients, fires and job clocks;
 * Shift pay and tips) — the facade. The facts live in GM-owned stores (shifts/store.mjs); players ask through
 * `requestGM`; the active GM re-checks and applies, once. The parts:
 * - shifts/store.mjs — the stores (`shiftCrews`, `callouts`, `jobs`, `shiftMotors`) and their shapes;
 * - shifts/crew.mjs — start and end a shift (driver's seat of a suitable motor), the GM's motor override;
 * - shifts/callouts.mjs — the GM's callouts, H, accept (one crew wins) and pass;
 * - shifts/stages.mjs — reaching a stage, boarding the fare or patient, pausing, the patient worsening, paying once;
 * - shifts/checks.mjs — the stage checks through issueRoll/claimRoll, the ANPR stop.
 * Imports run one way: store ← crew ← callouts ← stages ← checks ← this module.
 *
 * Other features read {@link jobsOf} (the phone) through `game.system.api.shifts`.
 * @module documents/shifts
 */
import { clockElapsed, clockLeft } from "../../rules/clock.mjs";
import { patientAfterTime } from "../../rules/shifts.mjs";
import { activeNow, onTick } from "../core/active-time.mjs";
import { requestGM } from "../core/requests.mjs";
import { driverOf } from "../vehicle/vehicle.mjs";
import * as crew from "./crew.mjs";
import * as calloutsPart from "./callouts.mjs";
import * as stages from "./stages.mjs";
import * as checks from "./checks.mjs";
import { activeJobOf, callouts, crews, jobs, watchers } from "./store.mjs";
import { docAt } from "../core/lookup.mjs";
import { mergeParts } from "../core/feature.mjs";

export { rollJobCheck } from "./checks.mjs";
export { suitedShifts } from "./crew.mjs";
export { calloutsFor } from "./callouts.mjs";
export { watchers } from "./store.mjs";

/**
 * @typedef {object} JobView  What a window or the phone shows of a job.
 * @property {string} id
 * @property {string} shift
 * @property {string} name
 * @property {string} stage          The stage id (rules/jobs.mjs).
 * @property {import("./store.mjs").Destination} destination
 * @property {import("../../rules/clock.mjs").Clock} clock
 * @property {number} windowSeconds
 * @property {number} secondsLeft    Now (frozen once the stage is reached or the job paused).
 * @property {string} status
 * @property {boolean} paused
 * @property {{collected: boolean, damaged: boolean}|null} cargo
 * @property {{state: string}|null} patient
 * @property {{pounds: number, xp: number, each: number}|null} pay
 * @property {number|null} gap
 * @property {string} note           A lang key.
 * @property {boolean} noDriver      The crew's motor has nobody in the driver's seat (the job waits; nothing is lost).
 */

/**
 * Whether a running job's motor has lost its driver.
 * @param {import("./store.mjs").Job} job
 */
function noDriver(job) {
  if (!job.vehicleUuid || job.status === "done" || job.status === "failed") return false;
  const vehicle = crew.docAt(job.vehicleUuid);
  return !!vehicle && !driverOf(vehicle);
}

/**
 * A job as windows show it.
 * @param {import("./store.mjs").Job} job
 * @param {number} [now] Active ms.
 * @returns {JobView}
 */
export function jobView(job, now = activeNow()) {
  const plan = stages.stagesOf(job)[job.stage];
  const secondsLeft = job.arrivedLeft !== null && job.status !== "travel"
    ? Math.round(job.arrivedLeft * job.windowSeconds) : Math.ceil(clockLeft(job.clock, job.windowSeconds, now));
  return { id: job.id, shift: job.shift, name: job.name, stage: plan?.id ?? "", destination: job.destinations[job.stage] ?? job.destinations.at(-1),
    clock: job.clock, windowSeconds: job.windowSeconds, secondsLeft, status: job.status, paused: job.paused, cargo: job.cargo,
    patient: job.patient ? { state: job.patient.state } : null, pay: job.pay, gap: job.gap,
    note: noDriver(job) ? "SMOKE.Shifts.note.noDriver" : job.note, noDriver: noDriver(job) };
}

/**
 * An actor's shift, the callouts open to them and their running job (the phone reads this).
 * @param {Actor.Implementation} actor
 * @returns {{shift: string|null, callouts: import("./store.mjs").Callout[], job: JobView|null}}
 */
export function jobsOf(actor) {
  if (!actor?.uuid) return { shift: null, callouts: [], job: null };
  const job = activeJobOf(actor.uuid);
  return { shift: crews.get(actor.uuid)?.shift ?? null, callouts: calloutsPart.calloutsFor(actor.uuid), job: job ? jobView(job) : null };
}

/** Player actions (each through the GM). */
export const startShift = (actor, shift) => requestGM("shift.start", { actorUuid: actor.uuid, shift });
export const endShift = actor => requestGM("shift.end", { actorUuid: actor.uuid });
export const acceptCallout = (actor, calloutId) => requestGM("callout.accept", { calloutId, actorUuid: actor.uuid });
export const passCallout = (actor, calloutId) => requestGM("callout.pass", { calloutId, actorUuid: actor.uuid });

// ------------------------------------------------------------------------------------------------ GM automation

/**
 * The centre of a token at a position.
 * @param {any} token
 * @param {{x: number, y: number}} at
 */
function centre(token, at) {
  const size = token.parent?.grid?.size ?? 100;
  return { x: at.x + ((token.width ?? 1) * size) / 2, y: at.y + ((token.height ?? 1) * size) / 2, elevation: token.elevation ?? 0 };
}

/**
 * Whether a token (at its destination) stands in a region.
 * @param {any} token
 * @param {any} region
 * @param {{x: number, y: number}} at
 */
function inRegion(token, region, at) {
  if (typeof region?.testPoint === "function") return !!region.testPoint(centre(token, at));
  return !!token.regions?.has?.(region);
}

/**
 * Active GM: a token moved. A travelling job whose motor (or, for Pat's orders, whose crew member) this token is
 * reaches its stage when the token ends in the stage's region.
 * @param {any} tokenDoc
 * @param {any} movement
 */
function onMoveToken(tokenDoc, movement) {
  if (!game.user.isActiveGM) return;
  const actorUuid = tokenDoc?.actor?.uuid;
  const at = movement?.destination ?? { x: tokenDoc.x, y: tokenDoc.y };
  for (const job of Object.values(jobs.all())) {
    if (job.status !== "travel" || job.paused) continue;
    if (actorUuid !== job.vehicleUuid && !job.crew.includes(actorUuid)) continue;
    const dest = job.destinations[job.stage];
    if (!dest?.regionUuid || dest.sceneId !== tokenDoc.parent?.id) continue;
    const region = /** @type {RegionDocument.Implementation | null} */ (docAt(dest.regionUuid));
    if (region && inRegion(tokenDoc, region, at)) stages.gmDo("job.arrive", { jobId: job.id, stage: job.stage });
  }
}

/** Patients already asked about (job id → state) so the GM asks once per change. */
const asked = new Map();

/**
 * Active GM, every second: an untreated patient whose 45 s have run worsens (one write per change).
 * @param {number} now
 */
function gmTick(now) {
  if (!game.user.isActiveGM) return;
  for (const job of Object.values(jobs.all())) {
    const p = job.patient;
    if (!p || job.paused || job.status === "done" || job.status === "failed") continue;
    const state = patientAfterTime({ state: p.state, seconds: Math.max(0, clockElapsed(job.total, now) - p.at) });
    const key = `${job.id}:${p.state}:${p.at}`;
    if (state !== p.state && asked.get(job.id) !== key) {
      asked.set(job.id, key);
      stages.gmDo("job.worsen", { jobId: job.id });
    }
  }
}

let ticking = /** @type {(() => void)|null} */ (null);
const hooks = {
  /**
   * @param {any} tokenDoc
   * @param {any} movement
   */
  moveToken: (tokenDoc, movement) => onMoveToken(tokenDoc, movement),
  ready: () => { ticking ??= onTick(gmTick); }
};

/** For macros and other features: `game.system.api.shifts`. */
const api = { jobsOf, jobView, startShift, endShift, acceptCallout, passCallout, rollJobCheck: checks.rollJobCheck,
  /**
   * Call fn when a shift store changes; returns unsubscribe.
   * @param {() => void} fn
   */
  watch: fn => { watchers.add(fn); return () => watchers.delete(fn); },
  suitedShifts: crew.suitedShifts, callouts: () => callouts.all(), jobs: () => jobs.all(), crews: () => crews.all() };

/**
 * The shifts' manifest (documents/core/feature.mjs), registered by the entry: its parts' requests (crew, callouts,
 * stages, checks) and the hooks above. Its api is `game.system.api.shifts`.
 */
export const feature = { id: "shifts", ...mergeParts([crew, calloutsPart, stages, checks, { hooks }]), api };
