/**
 * Using and reloading kit, applied by the active GM (rulebook: Food and medicine; Drugs and game effects; Distance,
 * ammunition and holds › Shooting (Reload)): a use and a reload change the kit's quantities, which are the GM's
 * record (documents/core/kit-record.mjs), so the player's click is a request and the GM applies it from the record — the
 * uses left, the bags held, the rounds in the magazine and in the spare ammunition — never from the sheet.
 *
 * Foundry-side only; the rules are rules/conditions.mjs and rules/combat.mjs.
 * @module documents/kit-use
 */
import { reloadPlan } from "../../rules/combat.mjs";
import { noteHTML } from "../core/chat-html.mjs";
import { kitSystem } from "../core/kit-record.mjs";
import { assertOwner } from "../core/requests.mjs";
import { docAt, isActor } from "../core/lookup.mjs";
import { spendDieAsGM } from "../fight/combat.mjs";
import { sideOf, writeSides } from "../fight/combat-state.mjs";

/**
 * The actor a request names (a world actor or a token's), owned by the user.
 * @param {User.Implementation} user
 * @param {unknown} uuid
 */
function ownActor(user, uuid) {
  const actor = typeof uuid === "string" ? docAt(uuid) : null;
  if (!isActor(actor)) throw new Error(game.i18n.localize("SMOKE.Request.missing"));
  assertOwner(user, actor);
  return actor;
}

/**
 * What a reload moves: rounds into a weapon's magazine from the actor's spare ammunition of its type, as the GM's
 * record has them (Reload).
 * @param {Actor.Implementation} actor
 * @param {Item.Implementation|undefined} weapon
 * @returns {{weapon: Item.Implementation, mag: {size: number, loaded: number, ammoType: string},
 *   plan: {moved: number, takes: {id: string, quantity: number}[]}}}
 * @throws {Error} no magazine, a full magazine, no spare rounds (in words).
 */
function reloadFor(actor, weapon) {
  const i18n = game.i18n;
  const w = weapon?.type === "weapon" ? kitSystem(weapon) : null;
  const mag = w?.magazine;
  if (!weapon || !mag?.size) throw new Error(i18n.localize("SMOKE.Reload.noMagazine"));
  const ammo = actor.items.filter(i => i.type === "ammo")
    .map(i => ({ id: /** @type {string} */ (i.id), sys: /** @type {AmmoSystem|null} */ (kitSystem(i)) })) // an ammo item's
    .flatMap(a => (a.sys ? [{ id: a.id, ...a.sys }] : []));
  const plan = reloadPlan(mag, ammo);
  if (!plan.moved) throw new Error(i18n.format(mag.loaded >= mag.size ? "SMOKE.Reload.full" : "SMOKE.Reload.noAmmo",
    { weapon: weapon.name ?? "", ammoType: mag.ammoType }));
  return { weapon, mag, plan };
}

/** Requests (registered by the entry). */
export const requests = {
  /**
   * Use a consumable or a drug (SmokeActor#useItem, run here on the GM from the record). A kit with a check (first
   * aid) is rolled first: it goes through its own requests.
   * @param {User.Implementation} user
   * @param {{actorUuid: string, itemId: string}} data
   */
  "item.use": async (user, { actorUuid, itemId }) => {
    const actor = ownActor(user, actorUuid);
    const item = actor.items.get(String(itemId ?? ""));
    if (!item || kitSystem(item)?.check) {
      throw new Error(game.i18n.format("SMOKE.Use.notUsable", { item: item?.name ?? "" }));
    }
    return actor.useItem(item);
  },
  /**
   * Reload on a die (Distance, ammunition and holds › Shooting): the reload is checked first, then the die is spent
   * and the rounds move, as one request (so no reload is had without its die).
   * @param {User.Implementation} user
   * @param {{combatId: string, combatantId: string, weaponId: string, index?: number|null}} data
   * @returns {Promise<number>} Rounds moved.
   */
  "item.reload": async (user, { combatId, combatantId, weaponId, index = null }) => {
    const combat = game.combats?.get(String(combatId ?? ""));
    const combatant = combat?.combatants.get(String(combatantId ?? ""));
    const actor = /** @type {Actor.Implementation|null|undefined} */ (combatant?.actor);
    if (!combat || !combatant || !actor) throw new Error(game.i18n.localize("SMOKE.Request.missing"));
    assertOwner(user, actor);
    // A jammed weapon (the Converted Pistol's Proper Mess, documents/fight/attack.mjs) is cleared by the Reload action — the
    // book gives no procedure for clearing a jam; the Rulings say so — even with a full magazine or no spare rounds.
    const item = actor.items.get(String(weaponId ?? ""));
    const jammed = sideOf(combatant).jammed;
    if (item && jammed.includes(/** @type {string} */ (item.id))) {
      await spendDieAsGM(combat, combatant, "reload", { index });
      await writeSides(combat, { [/** @type {string} */ (combatant.id)]: { jammed: jammed.filter(id => id !== item.id) } });
      await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor }),
        content: await noteHTML(game.i18n.format("SMOKE.Reload.unjammed", { actor: actor.name ?? "", weapon: item.name ?? "" })) });
      return 0;
    }
    const { weapon, mag, plan } = reloadFor(actor, item);
    await spendDieAsGM(combat, combatant, "reload", { index });
    await actor.updateEmbeddedDocuments("Item", /** @type {any[]} */ ([{ _id: weapon.id, "system.magazine.loaded": mag.loaded + plan.moved },
      ...plan.takes.map(t => ({ _id: t.id, "system.quantity": t.quantity }))]));
    await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor }),
      content: await noteHTML(game.i18n.format("SMOKE.Reload.done", { actor: actor.name ?? "", weapon: weapon.name ?? "",
        moved: String(plan.moved), loaded: String(mag.loaded + plan.moved), size: String(mag.size) })) });
    return plan.moved;
  }
};
