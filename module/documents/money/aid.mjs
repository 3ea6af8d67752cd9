/**
 * First aid out of a fight (Harm, aid and recovery › First aid, At zero Health): reach the patient (Engaged) or
 * treat yourself; Savvy, Medium, through the roll dialog (the Medic perk steps Savvy); on a success +2 Health and
 * Bleeding and Hurt removed — a Down patient goes 0 → 2 and Down ends (the project's ruling for the kit in a fight
 * too); one attempt per injury (the same record as the kit, documents/fight/actions.mjs), a fresh injury allows a fresh
 * attempt. No kit needed; items keep their own effects (Use). The GM issues the roll and reads it from the card's own
 * dice (documents/core/roll-claims.mjs), so a card counts once and only for this patient.
 * Foundry-side only; the rules are rules/conditions.mjs.
 * @module documents/money/aid
 */
import { RULES } from "../../generated/rules.mjs";
import { rangeBand } from "../../rules/combat.mjs";
import { applyAid, firstAidAllowed } from "../../rules/conditions.mjs";
import { tokenDistance } from "../fight/attack.mjs";
import { defaultChoices, gmSituational, refuseCard, resolveTN, rollCheck } from "../core/check.mjs";
import { stopDownClock } from "../fight/combat.mjs";
import { promptCheck } from "../core/prompt-check.mjs";
import { requestGM } from "../core/requests.mjs";
import { claimRoll, issueRoll } from "../core/roll-claims.mjs";
import { tokensOf } from "../core/token-actors.mjs";
import { healthOf, recordTreated, treatedAt } from "../core/health-record.mjs";
import { recordedMaxima } from "../core/record.mjs";
import { L, characterFor, moneyCard } from "./common.mjs";
import { recordedStatuses } from "../core/condition-record.mjs";

const AID = RULES.combat.firstAid;
const PEOPLE = new Set(["character", "npc"]);
/** @param {string} outcome */
const succeeded = outcome => RULES.outcomes.outcomes.find(o => o.id === outcome)?.success === true;

/**
 * The patient's token and the medic's on one scene, within Engaged (or the medic treats themself): tokens that stand
 * for them as the GM recorded it (documents/core/token-actors.mjs), never one a player pointed at the patient.
 */
function assertReach(medic, patient) {
  if (medic === patient || medic.uuid === patient.uuid) return;
  for (const a of tokensOf(medic)) for (const b of tokensOf(patient)) {
    const d = tokenDistance(a, b);
    if (d !== null && rangeBand(d) === "engaged") return;
  }
  throw new Error(L("SMOKE.StreetAid.reach", { patient: patient.name ?? "" }));
}

/** Whether the medic is in a started fight (first aid there is the kit on a speed die). */
const inFight = actor => (game.combats ?? []).some(c => c.started && c.combatants.some(x => x.actor?.uuid === actor.uuid));

/**
 * Treat someone (or yourself) out of a fight: the dialog, the GM's roll, the card, the GM's apply.
 * @param {Actor.Implementation} medic
 * @param {Actor.Implementation} patient
 * @param {{skipDialog?: boolean}} [opts]
 * @returns {Promise<{success: boolean, health: number, removed: string[]}|null>}  null when refused (a warning says
 *   why) or the dialog was closed.
 */
export async function streetFirstAid(medic, patient, { skipDialog = false } = {}) {
  let issued;
  try {
    issued = await requestGM("firstAid.issue", { medicUuid: medic.uuid, patientUuid: patient.uuid });
  } catch (err) {
    ui.notifications.warn(err.message);
    return null;
  }
  const fixed = { tnSource: /** @type {const} */ ("band"), band: AID.band, ...gmSituational(issued.situational) };
  const choices = await promptCheck(medic, AID.stat, { initial: fixed, skipDialog });
  if (!choices) return null;
  const message = await rollCheck(medic, AID.stat, { ...choices, ...fixed }, { flags: { rollId: issued.rollId,
    streetAid: { patientUuid: patient.uuid } } });
  if (!message) return null;
  try {
    return await requestGM("firstAid.apply", { rollId: issued.rollId, messageId: message.id });
  } catch (err) {
    return refuseCard(message, err.message);
  }
}

/** GM: fix the roll (Savvy, Medium for the medic's unboosted dice) after checking reach and the once-per-injury. */
async function onIssue(user, { medicUuid, patientUuid }) {
  const medic = characterFor(user, medicUuid);
  const patient = typeof patientUuid === "string" ? /** @type {Actor.Implementation | null} */ (fromUuidSync(/** @type {`Actor.${string}`} */ (patientUuid))) : null;
  if (!patient || !PEOPLE.has(patient.type)) throw new Error(L("SMOKE.Aid.noPatient"));
  if (recordedStatuses(medic).has("down")) throw new Error(L("SMOKE.Aid.medicDown", { name: medic.name ?? "" }));
  if (inFight(medic)) throw new Error(L("SMOKE.StreetAid.inFight"));
  assertReach(medic, patient);
  const health = healthOf(patient);
  if (!firstAidAllowed({ health, treatedAt: treatedAt(patient) }))
    throw new Error(L("SMOKE.Aid.treatedOnce", { name: patient.name ?? "" }));
  const tn = resolveTN(medic, AID.stat, { ...defaultChoices(), tnSource: "band", band: AID.band });
  return issueRoll(user, { purpose: "firstAid.street", actor: medic, stat: AID.stat, tn, context: { patientUuid: patient.uuid } });
}

/** GM: apply the claimed card once; reach and the once-per-injury checked again. */
async function onApply(user, { rollId, messageId }) {
  const { roll, actor: medic, message, check } = await claimRoll(user, { rollId, messageId, purpose: "firstAid.street" });
  const patient = /** @type {Actor.Implementation | null} */ (fromUuidSync(roll.context.patientUuid)); // the GM's own context
  if (!patient) throw new Error(L("SMOKE.Aid.noPatient"));
  assertReach(medic, patient);
  const health = { value: healthOf(patient), max: recordedMaxima(patient).health };
  if (!firstAidAllowed({ health: health.value, treatedAt: treatedAt(patient) }))
    throw new Error(L("SMOKE.Aid.treatedOnce", { name: patient.name ?? "" }));
  const success = succeeded(check.outcome);
  let result = { health: health.value, restored: 0, remove: /** @type {string[]} */ ([]), downEnds: false };
  if (success) {
    // The book's 2 Health for everyone: a Down patient goes 0 → 2, past the Down entry's "back to 1" (README ›
    // Rulings, the same as the kit in a fight).
    result = applyAid({ health: health.value, max: health.max, conditions: recordedStatuses(patient) },
      { restore: AID.restoreHealth, removes: AID.removes }, { atHealth: RULES.combat.down.atHealth });
    if (result.restored) await patient.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.health.value": result.health }));
    for (const id of result.remove) await patient.removeCondition(id);
    if (result.downEnds) await stopDownClock(patient);
  }
  await recordTreated(patient, result.health);
  await moneyCard({ kind: "firstAid", speaker: medic, title: L("SMOKE.StreetAid.streetTitle", { medic: medic.name, patient: patient.name }),
    lines: [success ? L("SMOKE.StreetAid.streetDone", { patient: patient.name, health: result.health }) : L("SMOKE.StreetAid.streetFailed"),
      result.downEnds ? L("SMOKE.StreetAid.downEnds", { patient: patient.name }) : null], flags: { messageId: message.id } });
  return { success, health: result.health, removed: result.remove };
}

export const requests = { "firstAid.issue": onIssue, "firstAid.apply": onApply };
