/**
 * The other things a speed die buys (rulebook: When it kicks off › Actions and intent; Distance, ammunition and
 * holds › Shooting (Reload), Surrender, Get up; Harm, aid and recovery › At zero Health): reload, an improvised
 * action with an agreed stat and TN, and the Down procedure's Stay Conscious roll.
 * @module documents/actions
 */
import { RULES } from "../generated/rules.mjs";
import { defaultChoices, resolveTN, rollCheck, SYSTEM_ID, verifiedCheck } from "./check.mjs";
import { wasted } from "./combat.mjs";
import { assertOwner, requestGM } from "./requests.mjs";
import { sideOf, writeSides } from "./combat-state.mjs";
import { promptCheck } from "./prompt-check.mjs";
import { reloadPlan } from "../rules/combat.mjs";

const COMBAT = RULES.combat;

/** @param {string} text @returns {null} */
function warn(text) {
  ui.notifications.warn(text);
  return null;
}

/**
 * Reload on a die: spends the die (through the GM), then moves rounds from the actor's own ammunition.
 * @param {Combat.Implementation} combat
 * @param {Combatant.Implementation} combatant
 * @param {string} weaponId
 * @param {{dieIndex?: number|null}} [opts]  The die acted on.
 * @returns {Promise<number|null>} Rounds moved, or null when refused (a warning says why).
 */
export async function reload(combat, combatant, weaponId, { dieIndex = null } = {}) {
  const i18n = game.i18n;
  const actor = /** @type {Actor.Implementation} */ (combatant.actor);
  const weapon = actor.items.get(weaponId);
  const mag = /** @type {any} */ (weapon?.system)?.magazine;
  if (!weapon || !mag?.size) return warn(i18n.localize("SMOKE.Reload.noMagazine"));
  const ammo = actor.items.filter(i => i.type === "ammo").map(i => ({ id: /** @type {string} */ (i.id), ...(/** @type {any} */ (i.system)) }));
  const plan = reloadPlan(mag, ammo);
  if (!plan.moved) return warn(i18n.format(mag.loaded >= mag.size ? "SMOKE.Reload.full" : "SMOKE.Reload.noAmmo",
    { weapon: weapon.name, ammoType: mag.ammoType }));
  try {
    await requestGM("combat.spend", { combatId: combat.id, combatantId: combatant.id, action: "reload", index: dieIndex });
  } catch (err) {
    return warn(err.message);
  }
  // fvtt-types 13.345 has no type for Foundry's dot-notation update keys.
  await actor.updateEmbeddedDocuments("Item", /** @type {any[]} */ ([{ _id: weapon.id, "system.magazine.loaded": mag.loaded + plan.moved },
    ...plan.takes.map(t => ({ _id: t.id, "system.quantity": t.quantity }))]));
  await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor }),
    content: `<p>${foundry.utils.escapeHTML(i18n.format("SMOKE.Reload.done", { actor: actor.name ?? "", weapon: weapon.name ?? "",
      moved: String(plan.moved), loaded: String(mag.loaded + plan.moved), size: String(mag.size) }))}</p>` });
  return plan.moved;
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
  if (!/** @type {any} */ (actor.system).stats?.[statKey]) return warn(game.i18n.localize("SMOKE.Combat.noStat"));
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
 * @returns {Promise<ChatMessage.Implementation|null|undefined>}
 */
export async function stayConscious(combat, combatant, { skipDialog = false } = {}) {
  const actor = /** @type {Actor.Implementation} */ (combatant.actor);
  if (!actor.statuses.has("down")) return warn(game.i18n.format("SMOKE.Combat.notDown", { name: combatant.name ?? "" }));
  const rule = COMBAT.down.stayConscious;
  // Through the roll dialog, so Hard as Nails and Hustle can apply; the band (Medium) stays fixed.
  const fixed = /** @type {const} */ ({ tnSource: "band", band: rule.band });
  const choices = await promptCheck(actor, rule.stat, { initial: fixed, skipDialog });
  if (!choices) return null;
  const message = await rollCheck(actor, rule.stat, { ...choices, ...fixed },
    { flags: { stayConscious: { combatId: combat.id, combatantId: combatant.id } } });
  if (message) await requestGM("combat.stayConscious", { messageId: message.id }).catch(err => warn(err.message));
  return message;
}

/**
 * The active GM's side of Stay Conscious: the card's outcome is read from its roll against the band's TN for the
 * character's own unboosted dice, once a round and once per card.
 * @type {Record<string, import("./requests.mjs").RequestHandler>}
 */
export const requests = {
  "combat.stayConscious": async (user, { messageId }) => {
    const message = game.messages?.get(messageId);
    const flags = /** @type {any} */ (message?.flags?.[SYSTEM_ID]);
    const ref = flags?.stayConscious;
    const combat = ref ? game.combats?.get(ref.combatId) : null;
    const combatant = combat?.combatants.get(ref?.combatantId);
    if (!message || !ref || !flags.check || !combat || !combatant?.actor) throw new Error(game.i18n.localize("SMOKE.Attack.noCard"));
    assertOwner(user, combatant.actor);
    if (!message.author?.isGM && !combatant.actor.testUserPermission(/** @type {any} */ (message.author), "OWNER"))
      throw new Error(game.i18n.localize("SMOKE.Attack.forged"));
    const side = sideOf(combatant);
    // One use per card (the card's own flags are its author's to write, so the GM keeps the list).
    const used = `card-${messageId}`;
    if (/** @type {any} */ (combat.system).records?.[used]) throw new Error(game.i18n.localize("SMOKE.Attack.alreadyResolved"));
    if (side.consciousRound === combat.round)
      throw new Error(game.i18n.format("SMOKE.Combat.consciousOnce", { name: combatant.name ?? "" }));
    const rule = COMBAT.down.stayConscious;
    const tn = resolveTN(combatant.actor, rule.stat, { ...defaultChoices(), tnSource: "band", band: rule.band });
    const check = verifiedCheck(message, { actor: combatant.actor, stat: rule.stat, tn });
    await combat.update(/** @type {any} */ ({ [`system.records.${used}`]: { id: used, kind: "stayConscious", messageId } }));
    await writeSides(combat, { [/** @type {string} */ (combatant.id)]: { consciousRound: combat.round } });
    await message.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.stayConscious.resolved`]: true }));
    // RULES.combat.down.stayConscious: {properMess: "wasted"} — that outcome's result.
    if (rule[check.outcome] !== "wasted") return { wasted: false };
    await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
      content: `<p>${foundry.utils.escapeHTML(await wasted(combatant))}</p>` });
    return { wasted: true };
  }
};
