/**
 * A job's stages on the GM (rulebook: Work the borough; Patients, fires and job clocks): reaching a stage's place
 * (the crew's motor token in the stage's region, or the GM's "Reached"), the fare or patient boarding a free seat,
 * the next stage's clock, the GM pausing and resuming a job, the untreated patient worsening, and the finished job's
 * pay and XP — paid once (the job is marked paid before any money moves, and a paid job pays nothing again).
 * Every write here is one store write per state change, on the active GM.
 * @module documents/shifts/stages
 */
import { hasRecordedPerk } from "../core/record.mjs";
import { jobPay, jobStages, stageWindow, crewShare, busStopPay } from "../../rules/jobs.mjs";
import { clockElapsed, clockFraction, pauseClock, resumeClock, startClock } from "../../rules/clock.mjs";
import { patientAfterTime, PERK_TIP_PERK } from "../../rules/shifts.mjs";
import { RULES, SYSTEM_ID } from "../../generated/rules.mjs";
import { activeNow } from "../core/active-time.mjs";
import { custodyOf } from "../heat/heat.mjs";
import { pay } from "../core/purse.mjs";
import { assertGM, requestGM } from "../core/requests.mjs";
import { boardVehicle, leaveVehicle, occupantsOf, seatsOf } from "../vehicle/vehicle.mjs";
import { docAt, isCab } from "./crew.mjs";
import { maybePaused } from "./callouts.mjs";
import { L, callouts, jobOrThrow, jobs } from "./store.mjs";
import { recordedStatuses } from "../core/condition-record.mjs";

/** @typedef {import("./store.mjs").Job} Job */

/**
 * The stages of a job.
 * @param {Job} job
 */
export function stagesOf(job) {
  const c = callouts.get(job.calloutId);
  return jobStages({ shift: job.shift, call: job.call, stops: job.shift === "bus" ? job.destinations.length : 1,
    arrest: !!c?.extra?.arrest, check: c?.extra?.check ?? null });
}

/**
 * The callout's details for a job.
 * @param {Job} job
 * @returns {any}
 */
export const extraOf = job => callouts.get(job.calloutId)?.extra ?? {};

/**
 * T of the current stage now (frozen once reached).
 * @param {Job} job
 * @param {number} [now]
 */
export function jobT(job, now = activeNow()) {
  return job.arrivedLeft ?? clockFraction(job.clock, job.windowSeconds, now);
}

/** Post a short card about a job (the template escapes). */
export async function jobCard(job, lines, { title = job.name } = {}) {
  const content = await foundry.applications.handlebars.renderTemplate("systems/the-smoke/templates/chat/shift-card.hbs",
    { title, lines: lines.filter(Boolean) });
  return ChatMessage.create({ content, speaker: ChatMessage.getSpeaker(), flags: { [SYSTEM_ID]: { shiftJob: job.id } } });
}

/**
 * A fare or a patient: the callout's actor, else a new NPC the GM makes for the job.
 * @param {Job} job
 * @param {string} kind
 */
async function passengerFor(job, kind) {
  const extra = extraOf(job);
  const named = docAt(extra.passengerUuid);
  if (named?.documentName === "Actor") return named;
  const name = extra.fareName || L(kind === "patient" ? "SMOKE.Shifts.patientName" : "SMOKE.Shifts.fareName", { job: job.name });
  return Actor.implementation.create({ name, type: "npc", flags: { [SYSTEM_ID]: { shiftJob: job.id } } });
}

/**
 * Board the job's fare or patient into a free seat of the crew's motor (the patient into the stretcher space first).
 * @param {Job} job
 * @param {string} kind
 * @returns {Promise<string>} The passenger's actor UUID.
 * @throws {Error} "No free seat in X" (nothing written).
 */
async function boardPassenger(job, kind) {
  const vehicle = docAt(job.vehicleUuid);
  if (vehicle?.type !== "vehicle") throw new Error(L("SMOKE.Vehicle.notVehicle"));
  const taken = new Set(occupantsOf(vehicle).map(o => o.seat.id));
  // The seats of the GM's printed record (documents/vehicle/print.mjs), not the sheet's.
  const free = seatsOf(vehicle).filter(seat => !taken.has(seat.id) && seat.kind !== "driver");
  if (!free.length) throw new Error(L("SMOKE.Shifts.noFreeSeat", { vehicle: vehicle.name }));
  const seat = (kind === "patient" && free.find(x => x.stretcher)) || free.find(x => x.kind === "passenger") || free[0];
  const person = await passengerFor(job, kind);
  await boardVehicle(vehicle, person, { seat: seat.id });
  return person.uuid;
}

/**
 * Let the fare, patient or prisoner out at the end (a lost record is left to the seat store's pruning).
 * @param {Job} job
 */
async function dropPassenger(job) {
  const vehicle = docAt(job.vehicleUuid);
  if (!job.passengerUuid || vehicle?.type !== "vehicle") return;
  if (!occupantsOf(vehicle).some(o => o.actor.uuid === job.passengerUuid)) return;
  await leaveVehicle(vehicle, job.passengerUuid).catch(err => console.warn("The Smoke | passenger stayed aboard", err));
}

/**
 * The next stage: its clock starts now (paused if the GM paused the job); after the last, the job is finished.
 * @param {Job} job
 * @param {Partial<Job>} changes
 * @returns {Promise<Job|null>}
 */
export async function advance(job, changes = {}) {
  const plans = stagesOf(job);
  const next = job.stage + 1;
  if (next >= plans.length) return finish({ ...job, ...changes });
  const now = activeNow();
  return jobs.set(job.id, { ...job, ...changes, stage: next, status: "travel", arrivedLeft: null,
    clock: maybePaused(startClock(now), job.paused, now), windowSeconds: stageWindow(plans[next], job.hops) });
}

/**
 * Finish a job and pay it, once: the job is written done and paid first; then each crew member's share (rounded
 * down) goes through the purse and 1 XP (a Pat order 2) to each who is not Busted or Wasted.
 * @param {Job} job
 * @returns {Promise<Job>}
 */
export async function finish(job) {
  const stored = jobs.get(job.id);
  if (!stored || stored.paid) throw new Error(L("SMOKE.Shifts.alreadyPaid"));
  const extra = extraOf(job);
  const vehicle = docAt(job.vehicleUuid);
  // The Cabbie's agreed tip is paid only when the crew has the perk on the GM's record (never the sheet's).
  const cabbiePerk = job.shift === "taxi" && job.crew.some(u => hasRecordedPerk(docAt(u), PERK_TIP_PERK));
  const result = jobPay({ shift: job.shift, call: job.call, hops: job.hops, clockLeft: jobT(job), outcome: job.outcome ?? null,
    cab: vehicle ? isCab(vehicle) : false, perkTip: extra.perkTip ?? 0, cabbiePerk, damaged: !!job.cargo?.damaged,
    courierPerk: job.crew.some(u => hasPerk(docAt(u), "Courier")), patient: job.patient?.state ?? null,
    fire: job.fire ? job.fireResult ?? null : null, compromised: job.compromised,
    stopsPaid: job.stopsPaid, bonus: extra.bonus ?? 0 });
  const paidNow = job.shift === "bus" ? result.pounds - job.stopsPaid : result.pounds;
  const each = crewShare(paidNow, job.crew.length);
  const done = await jobs.set(job.id, { ...job, status: "done", paid: true, arrivedLeft: jobT(job),
    pay: { pounds: result.pounds, xp: result.xp, each, at: game.time.serverTime } });
  await dropPassenger(job);
  const lines = [L("SMOKE.Shifts.paidCard", { pounds: result.pounds }), ...payNotes(job, result, extra)];
  for (const uuid of job.crew) {
    const actor = docAt(uuid);
    if (!actor) continue;
    if (each) await pay(actor, each, { reason: job.name });
    // No XP when Wasted (the status) or Busted (in custody on the Heat record) as the job completes.
    const out = recordedStatuses(actor).has("wasted") || custodyOf(actor)?.open === true;
    if (actor.type === "character") await actor.awardXp(out ? "busted" : result.xpKind);
  }
  await jobCard(job, lines);
  return /** @type {Job} */ (done);
}

/**
 * What a paid job's card says about the parts the GM decides (Work the borough; Shift pay and tips): a courier's cargo
 * — damaged only by the GM's mark, since the book names nothing (no crash) that damages it — a police call's
 * compromise, and a Cabbie's agreed tip (paid with the perk on the GM's record, or why not).
 * @param {Job} job
 * @param {{detail: any}} result  jobPay's.
 * @param {any} extra  The callout's details.
 * @returns {string[]}
 */
function payNotes(job, { detail }, extra) {
  const notes = [];
  if (job.shift === "courier") notes.push(L(job.cargo?.damaged ? "SMOKE.Shifts.cargoDamagedPaid" : "SMOKE.Shifts.cargoIntactPaid"),
    L("SMOKE.Shifts.cargoGMs"));
  if (job.shift === "police" && detail.compromised) notes.push(L("SMOKE.Shifts.compromisedPaid",
    { percent: RULES.shifts.pay.police.compromisedPercent }));
  if (job.shift === "taxi" && (extra.perkTip ?? 0) > 0) notes.push(detail.perkTip > 0
    ? L("SMOKE.Shifts.perkTipPaid", { pounds: detail.perkTip }) : L("SMOKE.Shifts.perkTipNoPerk", { pounds: extra.perkTip }));
  return notes;
}

/**
 * Whether an actor has a perk on the GM's record: by its catalogue key ("Courier" → "courier"), or a perk made by hand
 * by that name (documents/core/record.mjs; a name the owner wrote later is never read).
 * @param {any} actor
 * @param {string} name  The perk's printed name.
 */
export const hasPerk = (actor, name) => hasRecordedPerk(actor, name.trim().toLowerCase().replace(/\s+/g, "-"), name);

/**
 * End a job unpaid (a patient Lost, a target escaped, the GM cancelled).
 * @param {Job} job
 * @param {string} noteKey
 */
export async function fail(job, noteKey) {
  await jobs.set(job.id, { ...job, status: "failed", note: noteKey });
  await dropPassenger(job);
  await jobCard(job, [L(noteKey)]);
}

/**
 * An arrest's delivery to custody: the suspect the callout names rides in the police motor, behind its cage when it
 * has one ("a suitable seat").
 * @param {Job} job
 * @throws {Error} when the suspect is not aboard.
 */
function assertInCustody(job) {
  const target = docAt(extraOf(job).targetUuid);
  if (!target) return; // the GM named nobody: the arrest is the GM's call
  const vehicle = docAt(job.vehicleUuid);
  const seats = vehicle?.type === "vehicle" ? seatsOf(vehicle) : [];
  const aboard = vehicle ? occupantsOf(vehicle).find(o => o.actor.uuid === target.uuid) : null;
  const caged = seats.some(x => x.caged);
  if (!aboard || (caged && !aboard.seat.caged)) throw new Error(L("SMOKE.Shifts.noSuspectAboard", { name: target.name, vehicle: vehicle?.name ?? "" }));
}

/**
 * GM: the crew reached the current stage's place (from the region check or the GM's "Reached").
 * @param {User.Implementation} user
 * @param {{jobId: string, stage?: number|null}} data  `stage`: the stage (its index) the asker saw; when given and no
 *   longer the job's, the request is refused (a stale window, a second GM's click, the region check run twice), so
 *   one arrival never counts for the next stage too.
 */
async function onArrive(user, { jobId, stage = null }) {
  assertGM(user);
  const job = jobOrThrow(jobId);
  if (stage !== null && stage !== job.stage) throw new Error(L("SMOKE.Shifts.stagePassed", { name: job.name }));
  if (job.status !== "travel") throw new Error(L("SMOKE.Shifts.notTravelling"));
  if (job.paused) throw new Error(L("SMOKE.Shifts.jobPaused"));
  const plan = stagesOf(job)[job.stage];
  const now = activeNow();
  const reached = { ...job, arrivedLeft: clockFraction(job.clock, job.windowSeconds, now), clock: pauseClock(job.clock, now) };
  switch (plan.arrive) {
    case "board": return advance(job, { passengerUuid: await boardPassenger(job, "fare"), note: "SMOKE.Shifts.note.boarded" });
    case "collect": return advance(job, { cargo: { collected: true, damaged: !!job.cargo?.damaged }, note: "SMOKE.Shifts.note.collected" });
    case "patient": return jobs.set(job.id, { ...reached, status: "arrived", note: "SMOKE.Shifts.note.atPatient",
      patient: { state: extraOf(job).patient ?? "fading", at: clockElapsed(job.total, now), boarded: false } });
    case "stopPay": {
      const stop = busStopPay({ clockLeft: reached.arrivedLeft });
      const each = crewShare(stop, job.crew.length);
      const next = { ...reached, stopsPaid: job.stopsPaid + stop, note: "SMOKE.Shifts.note.stop" };
      await jobs.set(job.id, next);
      for (const uuid of job.crew) { const a = docAt(uuid); if (a && each) await pay(a, each, { reason: job.name }); }
      return advance(next);
    }
    case "handOver": return finish(reached);
    case "deliver":
      if (plan.check) return jobs.set(job.id, { ...reached, status: "arrived", note: "SMOKE.Shifts.note.checkDue" });
      if (plan.id === "custody") assertInCustody(job);
      return finish({ ...reached, passengerUuid: plan.id === "custody" ? extraOf(job).targetUuid : job.passengerUuid });
    default: // fire, pursuit, check, stop: the stage's check is due
      return jobs.set(job.id, { ...reached, status: "arrived", gap: plan.arrive === "pursuit" ? RULES.shifts.pursuit.gapStart : job.gap,
        note: "SMOKE.Shifts.note.checkDue" });
  }
}

/**
 * GM: load the reached patient into a free seat of the crew's motor (the stretcher first; "make room in a suitable
 * vehicle before loading"), for a crew member's owner or the GM; the A&E clock starts.
 * @param {User.Implementation} user
 * @param {{jobId: string, actorUuid?: string}} data
 */
async function onLoad(user, { jobId, actorUuid = "" }) {
  const job = jobOrThrow(jobId);
  if (!user.isGM) {
    const actor = docAt(actorUuid);
    if (!actor || !job.crew.includes(actor.uuid)) throw new Error(L("SMOKE.Shifts.notCrew", { actor: actor?.name ?? "?" }));
    if (!actor.testUserPermission(user, "OWNER")) throw new Error(L("SMOKE.Request.notOwner", { name: actor.name }));
  }
  if (job.status !== "arrived" || stagesOf(job)[job.stage].arrive !== "patient" || !job.patient) throw new Error(L("SMOKE.Shifts.noCheckDue"));
  if (job.paused) throw new Error(L("SMOKE.Shifts.jobPaused"));
  const passengerUuid = await boardPassenger(job, "patient");
  return advance(job, { passengerUuid, patient: { ...job.patient, boarded: true }, note: "SMOKE.Shifts.note.loaded" });
}

/** GM: pause or resume one job (both its clocks; the remaining time is kept). */
async function onPause(user, { jobId, paused }) {
  assertGM(user);
  const job = jobOrThrow(jobId);
  if (job.status === "done" || job.status === "failed") throw new Error(L("SMOKE.Shifts.jobOver"));
  if (!!paused === job.paused) return job;
  const now = activeNow();
  const f = paused ? pauseClock : resumeClock;
  // A reached stage keeps its stage clock frozen; the job clock (the patient's) follows the pause.
  return jobs.set(job.id, { ...job, paused: !!paused, total: f(job.total, now),
    clock: job.status === "arrived" ? job.clock : f(job.clock, now) });
}

/** GM: cancel a job (unpaid), or mark a courier's cargo damaged. */
async function onCancel(user, { jobId }) {
  assertGM(user);
  const job = jobOrThrow(jobId);
  if (job.status === "done" || job.status === "failed") throw new Error(L("SMOKE.Shifts.jobOver"));
  await fail(job, "SMOKE.Shifts.note.cancelled");
  return { cancelled: true };
}
async function onDamage(user, { jobId }) {
  assertGM(user);
  const job = jobOrThrow(jobId);
  if (!job.cargo) throw new Error(L("SMOKE.Shifts.noCargo"));
  return jobs.set(job.id, { ...job, cargo: { ...job.cargo, damaged: true }, note: "SMOKE.Shifts.note.damaged" });
}

/**
 * GM: an untreated patient worsens (computed from the job clock: one write per state change); Lost ends the callout.
 * @param {User.Implementation} user
 * @param {{jobId: string}} data
 */
async function onWorsen(user, { jobId }) {
  assertGM(user);
  const job = jobOrThrow(jobId);
  const p = job.patient;
  if (!p || job.status === "done" || job.status === "failed") return job;
  const seconds = clockElapsed(job.total, activeNow()) - p.at;
  const state = patientAfterTime({ state: p.state, seconds: Math.max(0, seconds) });
  if (state === p.state) return job;
  const every = RULES.shifts.paramedic.worsenEverySeconds;
  const steps = Math.floor(Math.max(0, seconds) / every);
  const next = { ...job, patient: { ...p, state, at: p.at + steps * every }, note: "SMOKE.Shifts.note.worse" };
  if (state === "lost") return fail(next, "SMOKE.Shifts.note.lost");
  return jobs.set(job.id, next);
}

export const requests = { "job.arrive": onArrive, "job.load": onLoad, "job.pause": onPause, "job.cancel": onCancel, "job.damage": onDamage,
  "job.worsen": onWorsen };

/**
 * Ask the GM's own queue (automation on the active GM).
 * @param {string} type
 * @param {object} data
 */
export const gmDo = (type, data) => requestGM(type, data).catch(err => console.warn(`The Smoke | ${type}`, err.message));
