/**
 * A job's checks, rolled through the GM (documents/core/roll-claims.mjs): the GM fixes the actor, stat and TN
 * (`job.check.issue`), the player rolls, and the GM applies the card's own roll once (`job.check.claim`):
 * - taxi drop-off: the driver's Wheels (the outcome sets the tip), then the fare is paid;
 * - paramedic: Savvy treatment (Sorted +1, Smashed It / Legendary +2, Just About holds, Bad Luck −1, Proper Mess −2),
 *   at the scene by the crew, in transit only from a non-driver seat of a motor with a Stretcher bay;
 * - fire: Grit, the challenge contribution table, 4 progress before 3 consequences, a tie lost;
 * - police pursuit: the driver's Wheels against the getaway TN (whose numbers: documents/shifts/pursuit.mjs, said on
 *   the card with the gap and a collision), the abstract gap; disturbance: the callout's check;
 * - ANPR: naming the marked motor's token (`job.identify`); a wrong stop compromises the completion.
 * Rulebook: Work the borough; Patients, fires and job clocks.
 * @module documents/shifts/checks
 */
import { clockElapsed } from "../../rules/clock.mjs";
import { disturbanceCompromised, fireTrack, getawayTN, patientAfterTreatment, pursuitGap, pursuitTarget, shiftCheckBand }
  from "../../rules/shifts.mjs";
import { RULES } from "../../generated/rules.mjs";
import { activeNow } from "../core/active-time.mjs";
import { refuseCard, resolveTN } from "../core/check.mjs";
import { requestGM } from "../core/requests.mjs";
import { claimRoll, issueRoll } from "../core/roll-claims.mjs";
import { purposeRoll } from "../vehicle/common.mjs";
import { driverOf, effectsOf, hasAbility, occupantsOf } from "../vehicle/vehicle.mjs";
import { crewMember, docAt } from "./crew.mjs";
import { advance, extraOf, fail, finish, jobCard, stagesOf } from "./stages.mjs";
import { gapLines, pursuitTargetOf, targetLine } from "./pursuit.mjs";
import { L, jobOrThrow, jobs } from "./store.mjs";

const PURPOSE = "shift.job";

/**
 * What check the job's current stage asks of this actor, or a refusal. The taxi's Wheels, the paramedic's Savvy, the
 * fire's Grit and a disturbance's check print no band: the callout's band if the GM set one, else the ruling's
 * default, Medium (rules/shifts.mjs shiftCheckBand); `band` and `byGM` say which, for the card.
 * @param {import("./store.mjs").Job} job
 * @param {Actor.Implementation} actor
 * @param {{tn: number}|null} [pursuit]  A pursuit's target as the GM worked it out (documents/shifts/pursuit.mjs);
 *   without it, the GM's typed numbers or the assumed target.
 * @returns {{kind: string, stat: string, tn: number, band?: string, byGM?: boolean}}
 */
export function checkFor(job, actor, pursuit = null) {
  const plan = stagesOf(job)[job.stage];
  const vehicle = docAt(job.vehicleUuid);
  const extra = extraOf(job);
  const chosen = shiftCheckBand(extra.band || null);
  const banded = (/** @type {string} */ kind, /** @type {string} */ stat) => ({ kind, stat, ...chosen,
    tn: resolveTN(actor, stat, { tnSource: "band", band: chosen.band }) });
  const driver = vehicle ? driverOf(vehicle) : null;
  const isDriver = driver?.uuid === actor.uuid;
  const isCrew = job.crew.includes(actor.uuid);
  if (job.paused) throw new Error(L("SMOKE.Shifts.jobPaused"));
  if (job.shift === "paramedic" && job.patient && job.status === "arrived") {
    if (!isCrew) throw new Error(L("SMOKE.Shifts.notCrew", { actor: actor.name }));
    return banded("treat", "sav");
  }
  if (job.shift === "paramedic" && job.patient && job.status === "travel") {
    const seat = vehicle ? occupantsOf(vehicle).find(o => o.actor.uuid === actor.uuid)?.seat : null;
    const stretcher = hasAbility(vehicle, "stretcher-bay"); // the GM's printed record (documents/vehicle/print.mjs)
    if (!seat || seat.kind === "driver" || !stretcher) throw new Error(L("SMOKE.Shifts.cannotTreat", { actor: actor.name }));
    return banded("treat", "sav");
  }
  if (job.status !== "arrived") throw new Error(L("SMOKE.Shifts.noCheckDue"));
  if (plan.arrive === "deliver" && plan.check === "whl") {
    if (!isDriver || !isCrew) throw new Error(L("SMOKE.Shifts.driverRolls"));
    return banded("wheels", "whl");
  }
  if (plan.arrive === "fire") {
    if (!isCrew && !occupantsOf(vehicle).some(o => o.actor.uuid === actor.uuid)) throw new Error(L("SMOKE.Shifts.notCrew", { actor: actor.name }));
    return banded("fire", "grt");
  }
  if (plan.arrive === "pursuit") {
    if (!isDriver || !isCrew) throw new Error(L("SMOKE.Shifts.driverRolls"));
    return { kind: "pursuit", stat: "whl", tn: pursuit?.tn ?? getawayTN(pursuitTarget(extra.target ?? null)) };
  }
  if (plan.arrive === "check") {
    if (!isCrew) throw new Error(L("SMOKE.Shifts.notCrew", { actor: actor.name }));
    return banded("disturbance", plan.check ?? "frt");
  }
  throw new Error(L("SMOKE.Shifts.noCheckDue"));
}

/** GM: fix a job's roll. */
async function onIssue(user, { jobId, actorUuid }) {
  const job = jobOrThrow(jobId);
  const { actor } = crewMember(user, actorUuid);
  const pursuit = stagesOf(job)[job.stage]?.arrive === "pursuit" ? await pursuitTargetOf(extraOf(job)) : null;
  const { kind, stat, tn, band = null, byGM = false } = checkFor(job, actor, pursuit);
  // One live roll per job stage and check (the context's jobId, stage and kind): asking again returns it.
  const { rollId, situational } = issueRoll(user, { purpose: PURPOSE, actor, stat, tn, context: { jobId: job.id, stage: job.stage, kind,
    ...(pursuit ? { pursuit } : {}) } });
  return { rollId, tn, situational, stat, kind, band, byGM };
}

/** GM: apply a job's roll from its card, once. */
async function onClaim(user, { rollId, messageId }) {
  const { roll, actor, check } = await claimRoll(user, { rollId, messageId, purpose: PURPOSE });
  const ctx = roll.context;
  const job = jobOrThrow(ctx.jobId);
  if (job.stage !== ctx.stage || job.status === "done" || job.status === "failed") throw new Error(L("SMOKE.Shifts.stageMoved"));
  const now = checkFor(job, actor); // still due, and by this actor
  if (now.kind !== ctx.kind) throw new Error(L("SMOKE.Shifts.stageMoved"));
  const outcome = /** @type {import("../../rules/shifts.mjs").Outcome} */ (check.outcome); // the card's outcome id
  switch (ctx.kind) {
    case "wheels": return finish({ ...job, outcome });
    case "treat": {
      // A treat check is due only for a job with a patient (checkFor).
      const patient = /** @type {NonNullable<typeof job.patient>} */ (job.patient);
      const state = patientAfterTreatment({ state: patient.state, outcome });
      const next = { ...job, patient: { ...patient, state, at: clockElapsed(job.total, activeNow()) }, note: "SMOKE.Shifts.note.treated" };
      if (state === "lost") return fail(next, "SMOKE.Shifts.note.lost");
      return jobs.set(job.id, next);
    }
    case "fire": {
      const contributions = [...(job.fire?.contributions ?? []), { outcome, actor: actor.uuid }];
      const track = fireTrack({ contributions: contributions.map(c => c.outcome) });
      const next = { ...job, fire: { contributions }, note: "SMOKE.Shifts.note.fire" };
      if (!track.over) return jobs.set(job.id, next);
      return finish({ ...next, fireResult: { progress: track.progress, consequences: track.consequences, lost: track.lost } });
    }
    case "pursuit": {
      const g = pursuitGap({ gap: job.gap ?? undefined, outcome });
      const next = { ...job, gap: g.gap, note: g.collision ? "SMOKE.Shifts.note.collision" : "SMOKE.Shifts.note.gap" };
      // The card: whose numbers set the getaway TN (the assumed target says so), the gap, and a collision's note.
      await jobCard(job, [ctx.pursuit ? targetLine(ctx.pursuit) : null, ...gapLines(g)]);
      if (g.caught) return finish(next);
      if (g.escaped) return fail(next, "SMOKE.Shifts.note.escaped");
      return jobs.set(job.id, next);
    }
    case "disturbance": {
      const compromised = job.compromised || disturbanceCompromised(outcome);
      return advance({ ...job, compromised, note: "SMOKE.Shifts.note.resolved" });
    }
    default: throw new Error(L("SMOKE.Shifts.noCheckDue"));
  }
}

/** GM: the ANPR stop — the named token must be the marked motor; a wrong stop compromises the completion. */
async function onIdentify(user, { jobId, actorUuid, tokenUuid }) {
  const job = jobOrThrow(jobId);
  const { actor } = crewMember(user, actorUuid);
  if (!job.crew.includes(actor.uuid)) throw new Error(L("SMOKE.Shifts.notCrew", { actor: actor.name }));
  if (job.call !== "anpr" || job.status === "done" || job.status === "failed") throw new Error(L("SMOKE.Shifts.noCheckDue"));
  const token = /** @type {TokenDocument.Implementation | null} */ (fromUuidSync(/** @type {SmokeUuid} */ (String(tokenUuid ?? ""))));
  const target = extraOf(job).targetUuid;
  if (token?.documentName !== "Token") throw new Error(L("SMOKE.Shifts.badTarget"));
  const crewMotor = /** @type {Actor.Implementation | null} */ (docAt(job.vehicleUuid)); // the job's motor (an actor UUID)
  const range = (crewMotor?.type === "vehicle" ? effectsOf(crewMotor).anprRange : null) ?? 12;
  const motor = token.parent?.tokens?.find?.(t => t.actor?.uuid === job.vehicleUuid);
  const size = token.parent?.grid?.size ?? 100;
  if (motor && Math.max(Math.abs(motor.x - token.x), Math.abs(motor.y - token.y)) / size > range) {
    throw new Error(L("SMOKE.Shifts.outOfAnprRange", { range }));
  }
  const hit = !!target && (token.uuid === target || token.actor?.uuid === target);
  if (!hit) return jobs.set(job.id, { ...job, compromised: true, note: "SMOKE.Shifts.note.wrongStop" });
  return finish(job);
}

export const requests = { "job.check.issue": onIssue, "job.check.claim": onClaim, "job.identify": onIdentify };

/**
 * What a job check's card says beyond its roll (the GM's answer to `job.check.issue`): the band and who set it — the
 * book prints none for these checks, so Medium is the GM's default and the GM may set another on the callout — and,
 * for a disturbance, what compromises the call (a ruling).
 * @param {{band?: string|null, byGM?: boolean, kind?: string}} issued
 * @returns {string[]}
 */
export function checkNotes({ band = null, byGM = false, kind = "" }) {
  const notes = [];
  if (band) notes.push(L(byGM ? "SMOKE.Shifts.bandByGM" : "SMOKE.Shifts.bandDefault", { band: L(`SMOKE.Band.${band}`) }));
  if (kind === "disturbance") notes.push(L("SMOKE.Shifts.compromisedRule", {
    outcomes: RULES.shifts.disturbance.compromisedOn.map(o => L(`SMOKE.Outcome.${o}`)).join(L("SMOKE.Shifts.or")),
    percent: RULES.shifts.pay.police.compromisedPercent }));
  return notes;
}

/**
 * Player: roll the check the job asks of an actor (the GM fixes it; the card is applied once).
 * @param {string} jobId
 * @param {Actor.Implementation} actor
 * @param {{skipDialog?: boolean}} [options]
 * @returns {Promise<any>} The job after the roll, or null (a warning says why).
 */
export async function rollJobCheck(jobId, actor, { skipDialog = false } = {}) {
  let issued;
  try {
    issued = await requestGM("job.check.issue", { jobId, actorUuid: actor.uuid });
  } catch (err) {
    ui.notifications.warn(err.message);
    return null;
  }
  const message = await purposeRoll(actor, issued.stat, { tnSource: "fixed", tn: issued.tn, lockTN: true },
    { rollId: issued.rollId, shiftJob: jobId }, skipDialog, issued.situational, checkNotes(issued));
  if (!message) return null;
  try {
    return await requestGM("job.check.claim", { rollId: issued.rollId, messageId: message.id });
  } catch (err) {
    return refuseCard(message, err.message);
  }
}
