/**
 * The other things a speed die buys (rulebook: When it kicks off › Actions and intent; Distance, ammunition and
 * holds › Shooting (Reload), Surrender, Get up; Harm, aid and recovery › At zero Health, First aid): reload, an
 * improvised action with an agreed stat and TN, the Down procedure's Stay Conscious roll, and first aid with a kit.
 * @module documents/actions
 */
import { CONDITIONS, RULES } from "../../generated/rules.mjs";
import { defaultChoices, gmSituational, refuseCard, resolveTN, rollCheck, SYSTEM_ID } from "../core/check.mjs";
import { verifiedCheck } from "../core/verified-check.mjs";
import { cardRefusal, consciousKey, refusalText, voidCard } from "../core/roll-cards.mjs";
import { stopDownClock, wasted } from "./combat.mjs";
import { assertOwner, requestGM } from "../core/requests.mjs";
import { sideOf, writeSides } from "./combat-state.mjs";
import { promptCheck } from "../core/prompt-check.mjs";
import { claimRoll, issueRoll } from "../core/roll-claims.mjs";
import { applyAid, firstAidAllowed } from "../../rules/conditions.mjs";
import { noteHTML } from "../core/chat-html.mjs";
import { kitSystem } from "../core/kit-record.mjs";
import { healthOf, recordTreated, treatedAt } from "../core/health-record.mjs";
import { recordedMaxima } from "../core/record.mjs";
import { recordedStatuses } from "../core/condition-record.mjs";

const COMBAT = RULES.combat;

/**
 * @param {string} text
 * @returns {null}
 */
function warn(text) {
  ui.notifications.warn(text);
  return null;
}

const BY_ID = new Map(CONDITIONS.map(c => [c.key, c]));
const PEOPLE = new Set(["character", "npc"]);
/**
 * @param {string} outcome
 * @returns {boolean}
 */
const succeeded = outcome => RULES.outcomes.outcomes.find(o => o.id === outcome)?.success === true;

/**
 * First aid with a kit (Harm, aid and recovery › First aid; the First Aid Kit: "Patch Up (Savvy, Medium) … heals 2.
 * Three uses."): the medic rolls the kit's check (Savvy, Medium) through the roll dialog — the Medic perk and Hustle
 * may help, the band stays the kit's — and the GM applies it: a use is spent either way; on a success the patient
 * gets the kit's Health back and loses the Conditions it treats (Bleeding, Hurt), and a Down patient brought above
 * 0 Health is no longer Down (its clock stops). Once per injury: a fresh attempt needs a fresh injury. The GM issues
 * the roll first (documents/core/roll-claims.mjs), so the card counts once and only for this patient.
 * @param {Actor.Implementation} medic  Who treats (the kit's carrier).
 * @param {Item.Implementation} item  A consumable with a `check` (the First Aid Kit).
 * @param {{patient?: Actor.Implementation|null, skipDialog?: boolean}} [opts]  patient: whom (default: the medic).
 * @returns {Promise<{success: boolean, restored: number, removed: string[]}|null>} null when refused or the dialog
 *   was closed (a warning says why).
 */
export async function firstAid(medic, item, { patient = null, skipDialog = false } = {}) {
  const who = patient ?? medic;
  const check = /** @type {ConsumableSystem} */ (item.system).check;
  if (!check) return warn(game.i18n.format("SMOKE.Use.notUsable", { item: item.name ?? "" }));
  if (/** @type {ConsumableSystem} */ (item.system).usesLeft < 1) return warn(game.i18n.format("SMOKE.Use.noUses", { item: item.name ?? "" }));
  let issued;
  try {
    issued = await requestGM("aid.firstAid.issue", { medicUuid: medic.uuid, itemId: item.id, patientUuid: who.uuid });
  } catch (err) {
    return warn(err.message);
  }
  const fixed = { tnSource: /** @type {const} */ ("band"), band: /** @type {SmokeBand} */ (check.band), // a choice of BANDS
    ...gmSituational(issued.situational) };
  const choices = await promptCheck(medic, check.stat, { initial: fixed, skipDialog });
  if (!choices) return null;
  const message = await rollCheck(medic, check.stat, { ...choices, ...fixed }, { flags: { rollId: issued.rollId,
    firstAid: { patientUuid: who.uuid, itemId: item.id } } });
  if (!message) return null;
  try {
    return await requestGM("aid.firstAid.apply", { rollId: issued.rollId, messageId: message.id });
  } catch (err) {
    return refuseCard(message, err.message);
  }
}

/**
 * Reload on a die: the GM checks the reload from its record of the kit, spends the die and moves the rounds from the
 * actor's own ammunition, in one request (documents/character/kit-use.mjs `item.reload`).
 * @param {Combat.Implementation} combat
 * @param {Combatant.Implementation} combatant
 * @param {string} weaponId
 * @param {{dieIndex?: number|null}} [opts]  The die acted on.
 * @returns {Promise<number|null>} Rounds moved, or null when refused (a warning says why).
 */
export async function reload(combat, combatant, weaponId, { dieIndex = null } = {}) {
  try {
    return await requestGM("item.reload", { combatId: combat.id, combatantId: combatant.id, weaponId, index: dieIndex });
  } catch (err) {
    return warn(err.message);
  }
}

/**
 * An improvised action (When it kicks off › Actions and intent): the agreed stat and TN through the roll dialog,
 * on the actor's die.
 * @param {Combat.Implementation} combat
 * @param {Combatant.Implementation} combatant
 * @param {string} statKey
 * @param {{skipDialog?: boolean, dieIndex?: number|null}} [opts]
 * @returns {Promise<ChatMessage.Implementation|null|undefined>}
 */
export async function improvised(combat, combatant, statKey, { skipDialog = false, dieIndex = null } = {}) {
  const actor = /** @type {Actor.Implementation} */ (combatant.actor);
  if (!(actor.system).stats?.[statKey]) return warn(game.i18n.localize("SMOKE.Combat.noStat"));
  const choices = await promptCheck(actor, statKey, { skipDialog });
  if (!choices) return null;
  try {
    await requestGM("combat.spend", { combatId: combat.id, combatantId: combatant.id, action: "improvised", index: dieIndex });
  } catch (err) {
    return warn(err.message);
  }
  return rollCheck(actor, statKey, choices);
}

/**
 * Stay Conscious (Harm, aid and recovery › At zero Health): Grit, Medium, when the GM calls for it; a Proper Mess
 * makes you Wasted. The owner rolls through the roll dialog (perks and Hustle may help; the band stays Medium); the GM
 * reads the outcome from the card's roll and applies a Proper Mess.
 * @param {Combat.Implementation} combat
 * @param {Combatant.Implementation} combatant
 * @param {object} [options]
 * @param {boolean} [options.skipDialog]  Roll at once, without the roll dialog.
 * @returns {Promise<ChatMessage.Implementation|null|undefined>}
 */
export async function stayConscious(combat, combatant, { skipDialog = false } = {}) {
  const actor = /** @type {Actor.Implementation} */ (combatant.actor);
  if (!recordedStatuses(actor).has("down")) return warn(game.i18n.format("SMOKE.Combat.notDown", { name: combatant.name ?? "" }));
  const rule = COMBAT.down.stayConscious;
  // Through the roll dialog, so Hard as Nails and Hustle can apply; the band (Medium) stays fixed.
  const fixed = { tnSource: /** @type {const} */ ("band"), band: rule.band, ...gmSituational(0) };
  const choices = await promptCheck(actor, rule.stat, { initial: fixed, skipDialog });
  if (!choices) return null;
  const message = await rollCheck(actor, rule.stat, { ...choices, ...fixed },
    { flags: { stayConscious: { combatId: combat.id, combatantId: combatant.id } } });
  if (message) await requestGM("combat.stayConscious", { messageId: message.id }).catch(err => refuseCard(message, err.message));
  return message;
}

/**
 * The active GM's side of Stay Conscious: the card's outcome is read from its roll against the band's TN for the
 * character's own unboosted dice, once a round and once per card.
 * @type {Record<string, import("../core/requests.mjs").RequestHandler>}
 */
export const requests = {
  // First aid, step 1: the GM checks the medic, the kit and the patient, and fixes the roll (the kit's stat, its
  // band's TN for the medic's own unboosted dice).
  "aid.firstAid.issue": async (user, { medicUuid, itemId, patientUuid }) => {
    const medic = /** @type {Actor.Implementation|null} */ (fromUuidSync(medicUuid));
    assertOwner(user, medic);
    const m = /** @type {Actor.Implementation} */ (medic);
    const item = m.items.get(itemId);
    const s = /** @type {ConsumableSystem | null} */ (item ? kitSystem(item) : null); // the GM's record of the kit (its uses)
    if (!item || item.type !== "consumable" || !s?.check) throw new Error(game.i18n.format("SMOKE.Use.notUsable", { item: item?.name ?? "" }));
    if (s.usesLeft < 1) throw new Error(game.i18n.format("SMOKE.Use.noUses", { item: item.name ?? "" }));
    if (recordedStatuses(m).has("down")) throw new Error(game.i18n.format("SMOKE.Aid.medicDown", { name: m.name ?? "" }));
    const patient = /** @type {Actor.Implementation|null} */ (fromUuidSync(patientUuid));
    if (!patient || !PEOPLE.has(patient.type)) throw new Error(game.i18n.localize("SMOKE.Aid.noPatient"));
    const health = healthOf(patient);
    if (!firstAidAllowed({ health, treatedAt: treatedAt(patient) }))
      throw new Error(game.i18n.format("SMOKE.Aid.treatedOnce", { name: patient.name ?? "" }));
    const tn = resolveTN(m, s.check.stat, { ...defaultChoices(), tnSource: "band", band: /** @type {SmokeBand} */ (s.check.band) }); // a choice of BANDS
    // One live roll per medic and patient (one attempt per injury, whichever kit): asking again returns it.
    return issueRoll(user, { purpose: "aid.firstAid", actor: m, stat: s.check.stat, tn, key: String(patientUuid),
      context: { itemId, patientUuid } });
  },

  // First aid, step 2: the card is that roll; a use goes either way; a success treats the patient.
  "aid.firstAid.apply": async (user, { rollId, messageId }) => {
    const { roll, actor: medic, message, check } = await claimRoll(user, { rollId, messageId, purpose: "aid.firstAid" });
    const { itemId, patientUuid } = roll.context;
    const item = medic.items.get(itemId);
    const s = /** @type {ConsumableSystem} */ (item ? kitSystem(item) : null);
    const patient = /** @type {Actor.Implementation|null} */ (fromUuidSync(patientUuid));
    if (!item || !s || s.usesLeft < 1) throw new Error(game.i18n.format("SMOKE.Use.noUses", { item: item?.name ?? "" }));
    if (!patient) throw new Error(game.i18n.localize("SMOKE.Aid.noPatient"));
    await item.update(/** @type {DottedUpdate<Item.UpdateData>} */ ({ "system.usesLeft": s.usesLeft - 1 }));
    const success = succeeded(check.outcome);
    const health = { value: healthOf(patient), max: recordedMaxima(patient).health };
    let result = { health: health.value, restored: 0, remove: /** @type {string[]} */ ([]), downEnds: false };
    if (success) {
      result = applyAid({ health: health.value, max: health.max, conditions: recordedStatuses(patient) },
        { restore: s.restoreHealth, removes: s.removes ?? [] }, { atHealth: RULES.combat.down.atHealth });
      if (result.restored) await patient.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.health.value": result.health }));
      for (const id of result.remove) await /** @type {Actor.Implementation} */ (patient).removeCondition(id);
      if (result.downEnds) await stopDownClock(patient);
    }
    // Treat an injury once: the attempt is recorded at the Health it left (a fresh injury goes below it).
    await recordTreated(patient, result.health);
    await message.update(/** @type {DottedUpdate<ChatMessage.UpdateData>} */ ({ [`flags.${SYSTEM_ID}.firstAid.resolved`]: true }));
    const effects = [result.restored ? game.i18n.format("SMOKE.Use.restored", { n: String(result.restored) }) : null,
      ...result.remove.map(id => game.i18n.format("SMOKE.Use.removed", { condition: BY_ID.get(id)?.name ?? id }))].filter(Boolean);
    const text = success
      ? game.i18n.format("SMOKE.Aid.treated", { medic: medic.name ?? "", patient: patient.name ?? "", item: item.name ?? "",
        effects: effects.join("; ") || game.i18n.localize("SMOKE.Use.nothing"), left: String(s.usesLeft - 1) })
      : game.i18n.format("SMOKE.Aid.failed", { medic: medic.name ?? "", patient: patient.name ?? "", item: item.name ?? "",
        left: String(s.usesLeft - 1) });
    await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor: medic }), content: await noteHTML(text) });
    return { success, restored: result.restored, removed: result.remove };
  },

  "combat.stayConscious": async (user, { messageId }) => {
    const message = game.messages?.get(messageId);
    const flags = message?.flags?.[SYSTEM_ID];
    const ref = flags?.stayConscious;
    const combat = ref ? game.combats?.get(ref.combatId) : null;
    const combatant = combat?.combatants.get(ref?.combatantId ?? "");
    if (!message || !ref || !flags.check || !combat || !combatant?.actor) throw new Error(game.i18n.localize("SMOKE.Attack.noCard"));
    assertOwner(user, combatant.actor);
    if (!message.author?.isGM && !combatant.actor.testUserPermission(message.author, "OWNER"))
      throw new Error(game.i18n.localize("SMOKE.Attack.forged"));
    // Once a round: the first card made for this combatant's roll this round is the one that counts.
    const refusal = cardRefusal(message, consciousKey(combat.id, /** @type {string} */ (combatant.id), combat.round ?? 0));
    if (refusal) throw new Error(refusalText(refusal));
    const side = sideOf(combatant);
    // One use per card (the card's own flags are its author's to write, so the GM keeps the list).
    const used = `card-${messageId}`;
    if (combat.system.records?.[used]) throw new Error(game.i18n.localize("SMOKE.Attack.alreadyResolved"));
    if (side.consciousRound === combat.round)
      throw new Error(game.i18n.format("SMOKE.Combat.consciousOnce", { name: combatant.name ?? "" }));
    const rule = COMBAT.down.stayConscious;
    const tn = resolveTN(combatant.actor, rule.stat, { ...defaultChoices(), tnSource: "band", band: rule.band });
    const check = await verifiedCheck(message, { actor: combatant.actor, stat: rule.stat, tn }).catch(err => {
      if (err.setAside) voidCard(message); // made wrong: the owner's next card this round counts
      throw err;
    });
    await combat.update({ [`system.records.${used}`]: { id: used, kind: "stayConscious", messageId } });
    await writeSides(combat, { [/** @type {string} */ (combatant.id)]: { consciousRound: combat.round } });
    await message.update(/** @type {DottedUpdate<ChatMessage.UpdateData>} */ ({ [`flags.${SYSTEM_ID}.stayConscious.resolved`]: true }));
    // RULES.combat.down.stayConscious: {properMess: "wasted"} — that outcome's result.
    if (rule[check.outcome] !== "wasted") return { wasted: false };
    await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
      content: await noteHTML(await wasted(combatant)) });
    return { wasted: true };
  }
};
