/**
 * Attacks, reactions and holds in a fight (rulebook: Attacking and defending; Distance, ammunition and holds; Harm,
 * aid and recovery). The attacker's client rolls (its own actor, its own dice, the roll dialog); everything that
 * writes to somebody else — the target's Health, Conditions, a Dodge's reaction — is a GM request that re-checks
 * the requester and the card.
 * @module documents/attack
 */
import { RULES } from "../generated/rules.mjs";
import { attackModifiers, canReact, conditionChoices, damage, dodge, inRange, rangeBand, weaponConditions } from "../rules/combat.mjs";
import { combatGuard, defenceModifiers } from "../rules/round.mjs";
import { armourReduction } from "../rules/record.mjs";
import { defaultChoices, rollCheck, SYSTEM_ID } from "./check.mjs";
import { applyHealthLoss, spendDieAsGM } from "./combat.mjs";
import { assertOwner, registerRequest, requestGM } from "./requests.mjs";
import { RollDialog } from "../apps/roll-dialog.mjs";
import { riderOf } from "./vehicle.mjs";

const COMBAT = RULES.combat;

/**
 * Distance in squares between two tokens' centres on their scene (straight line; a diagonal neighbour is 1.41, so
 * "Engaged includes very close diagonal contact").
 * @param {TokenDocument.Implementation|null|undefined} a
 * @param {TokenDocument.Implementation|null|undefined} b
 * @returns {number|null} Squares, or null when either token is missing or they are on different scenes.
 */
export function tokenDistance(a, b) {
  if (!a || !b || a.parent !== b.parent) return null;
  const size = /** @type {any} */ (a.parent)?.grid?.size ?? 100;
  const centre = t => ({ x: t.x + (t.width ?? 1) * size / 2, y: t.y + (t.height ?? 1) * size / 2 });
  const p = centre(a);
  const q = centre(b);
  return Math.hypot(p.x - q.x, p.y - q.y) / size;
}

/**
 * The enclosed-occupant defence: a person riding in a motor without the Exposed ability gains +2 Guard.
 * @param {Actor.Implementation|null|undefined} actor
 * @returns {boolean}
 */
function enclosedIn(actor) {
  return !!actor && !!riderOf(actor)?.enclosed;
}

/**
 * A combatant's current Guard in the fight: the record's Guard (worn armour, Conditions) + cover, the Dodge action
 * and an enclosed seat; a motor's Guard as its record gives it.
 * @param {Combatant.Implementation} combatant
 * @returns {number}
 */
export function currentGuard(combatant) {
  const actor = /** @type {Actor.Implementation} */ (combatant.actor);
  const sys = /** @type {any} */ (actor.system);
  const defences = { ...(/** @type {any} */ (combatant.system).defences ?? {}), enclosed: enclosedIn(actor) };
  if (actor.type === "vehicle") return sys.guard.value;
  return combatGuard({ guard: sys.guard.value, includesConditions: actor.type === "character", conditions: actor.statuses, defences });
}

/**
 * Damage reduction on a target: its worn armour (an NPC's printed reduction; a motor's Armour) + heavy cover.
 * @param {Combatant.Implementation} combatant
 * @returns {number}
 */
export function targetReduction(combatant) {
  const actor = /** @type {Actor.Implementation} */ (combatant.actor);
  const sys = /** @type {any} */ (actor.system);
  const cover = /** @type {any} */ (combatant.system).defences?.cover ?? "none";
  if (actor.type === "vehicle") return sys.armour ?? 0;
  if (actor.type === "npc") return (sys.armourReduction ?? 0) + defenceModifiers({ cover }).reduction;
  return armourReduction(actor.items.filter(i => i.type === "armour").map(i => i.system), { cover: cover === "none" ? null : cover });
}

/**
 * @typedef {object} AttackChoice  What the console's attack row chose.
 * @property {string} weaponId     An owned weapon item.
 * @property {string} targetId     A combatant id in the same fight.
 * @property {"engaged"|"near"|"far"|"distant"} [band]  Used only when either token is missing.
 * @property {boolean} [burst]     Three rounds for +2 Impact.
 * @property {"passenger"|"driver"|null} [driveBy]
 * @property {boolean} [tyres]     Shooting a motor's tyres.
 * @property {boolean} [skipDialog]
 * @property {number|null} [dieIndex]  The die the user acted on (a double click must not spend the next one).
 */

/**
 * Make an attack on the attacker's die (Attacking and defending › Make an attack; Distance… › Shooting): the band
 * from the tokens, the weapon's modifiers, ammunition, then a Muscle or Aim check against the target's current
 * Guard. Spends the die (through the GM) and the rounds (own weapon) only once everything checks out.
 * @param {Combat.Implementation} combat
 * @param {Combatant.Implementation} attacker
 * @param {AttackChoice} choice
 * @returns {Promise<ChatMessage.Implementation|null|undefined>} null when refused or cancelled (a warning says why).
 */
export async function makeAttack(combat, attacker, choice) {
  const i18n = game.i18n;
  const actor = /** @type {Actor.Implementation} */ (attacker.actor);
  const weapon = actor.items.get(choice.weaponId);
  const target = combat.combatants.get(choice.targetId);
  if (!weapon || weapon.type !== "weapon") return warn(i18n.localize("SMOKE.Attack.noWeapon"));
  if (!target?.actor) return warn(i18n.localize("SMOKE.Attack.noTarget"));
  const w = /** @type {any} */ (weapon.system);
  const distance = tokenDistance(attacker.token, target.token);
  const band = distance === null ? choice.band ?? null : rangeBand(distance);
  if (!band) return warn(i18n.localize("SMOKE.Attack.noBand"));
  if (!inRange(w.range, band)) return warn(i18n.format("SMOKE.Attack.outOfRange", { weapon: weapon.name,
    range: i18n.localize(`SMOKE.Range.${w.range}`), target: target.name ?? "", band: i18n.localize(`SMOKE.Range.${band}`) }));
  if (choice.burst && !w.traits.includes("burst")) return warn(i18n.format("SMOKE.Attack.noBurst", { weapon: weapon.name }));
  if (choice.driveBy === "driver" && w.traits.includes("twoHanded"))
    return warn(i18n.format("SMOKE.Attack.driverTwoHanded", { weapon: weapon.name }));
  let mods;
  try {
    mods = attackModifiers({ weapon: { category: w.category, traits: w.traits, range: w.range }, band,
      burst: !!choice.burst, driveBy: choice.driveBy ?? null, tyres: !!choice.tyres });
  } catch (err) {
    return warn(err.message);
  }
  const thrown = w.category === "thrown" || w.traits.includes("thrown");
  if (thrown && w.quantity < 1) return warn(i18n.format("SMOKE.Attack.noneLeft", { weapon: weapon.name }));
  if (!thrown && w.magazine.size > 0 && w.magazine.loaded < mods.rounds)
    return warn(i18n.format("SMOKE.Attack.needRounds", { weapon: weapon.name, need: String(mods.rounds), loaded: String(w.magazine.loaded) }));

  const guard = currentGuard(target);
  const aim = /** @type {any} */ (attacker.system).aimed ? COMBAT.shooting.aim.effortSteps : 0;
  // The attack's own modifiers (Distant, drive-by, tyres, rifle at Engaged) are added after the dialog, so a number the
  // player types as situational adds to them instead of replacing them; the card lists them.
  const initial = { tnSource: "guard", tn: guard, targetGuard: guard, targetName: target.name ?? "", effortSteps: aim };
  const skip = choice.skipDialog || game.settings.get(SYSTEM_ID, "skipRollDialog");
  /** @type {any} */
  const choices = skip ? { ...defaultChoices(), ...initial } : await RollDialog.prompt(actor, w.stat, { initial: /** @type {any} */ (initial) });
  if (!choices) return null;

  let spent;
  try {
    spent = await requestGM("combat.spend", { combatId: combat.id, combatantId: attacker.id, action: "attack", index: choice.dieIndex ?? null });
  } catch (err) {
    return warn(err.message);
  }
  if (thrown) await weapon.update(/** @type {any} */ ({ "system.quantity": w.quantity - 1 }));
  else if (w.magazine.size > 0) await weapon.update(/** @type {any} */ ({ "system.magazine.loaded": w.magazine.loaded - mods.rounds }));

  const impact = w.impact + mods.impact;
  const flags = { attack: {
    combatId: combat.id, attackerId: attacker.id, targetId: target.id, targetName: target.name ?? "",
    targetUuid: target.actor.uuid, weapon: weapon.name, impact,
    traits: [...w.traits], band, distance: distance === null ? null : Math.round(distance * 10) / 10, effects: mods.effects,
    tyres: !!choice.tyres, guard, resolved: null
  } };
  try {
    return await rollCheck(actor, w.stat, { ...choices, situational: (Number(choices.situational) || 0) + mods.attack,
      effortSteps: spent?.aimed ? COMBAT.shooting.aim.effortSteps : 0 }, { flags });
  } catch (err) {
    return warn(err.message);
  }
}

/** @param {string} text @returns {null} */
function warn(text) {
  ui.notifications.warn(text);
  return null;
}

/**
 * GM side: check an attack card is genuine and still open.
 * @param {User.Implementation} user
 * @param {string} messageId
 */
function openAttack(user, messageId) {
  const message = game.messages?.get(messageId);
  const flags = /** @type {any} */ (message?.flags?.[SYSTEM_ID]);
  const attack = flags?.attack;
  const check = flags?.check;
  if (!message || !attack || !check) throw new Error(game.i18n.localize("SMOKE.Attack.noCard"));
  const combat = game.combats?.get(attack.combatId);
  const attacker = combat?.combatants.get(attack.attackerId);
  const target = combat?.combatants.get(attack.targetId);
  if (!combat || !attacker?.actor || !target?.actor) throw new Error(game.i18n.localize("SMOKE.Attack.noTarget"));
  // The card must come from somebody who owns the attacker (a forged card from another player is refused).
  const author = message.author;
  if (!author || !(author.isGM || attacker.actor.testUserPermission(author, "OWNER"))) throw new Error(game.i18n.localize("SMOKE.Attack.forged"));
  if (attack.resolved) throw new Error(game.i18n.localize("SMOKE.Attack.alreadyResolved"));
  if (check.margin < COMBAT.attack.hitsAtMargin) throw new Error(game.i18n.localize("SMOKE.Attack.missed"));
  assertOwner(user, target.actor);
  return { message, attack, check, combat, attacker, target };
}

/**
 * Land a hit: damage = margin + Impact − reduction (min 0) to Health or Body; a tyre hit flattens a tyre instead;
 * weapon Conditions; Down at 0 Health. GM side.
 * @returns {Promise<{damage: number, conditions: string[], flat: boolean}>}
 */
async function landHit({ attack, check, target }) {
  const actor = /** @type {Actor.Implementation} */ (target.actor);
  if (attack.tyres && actor.type === "vehicle") {
    const flat = /** @type {any} */ (actor.system).tyres.flat + COMBAT.shooting.tyres.flatTyres;
    await actor.update(/** @type {any} */ ({ "system.tyres.flat": flat }));
    return { damage: 0, conditions: [], flat: true };
  }
  const dealt = damage({ margin: check.margin, impact: attack.impact, reduction: targetReduction(target) });
  if (actor.type === "vehicle") {
    const body = /** @type {any} */ (actor.system).body.value;
    await actor.update(/** @type {any} */ ({ "system.body.value": Math.max(0, body - dealt) }));
    return { damage: dealt, conditions: [], flat: false };
  }
  await applyHealthLoss(actor, dealt);
  const conditions = weaponConditions(attack.traits, check.outcome, dealt);
  for (const id of conditions) await /** @type {any} */ (actor).addCondition(id);
  return { damage: dealt, conditions, flat: false };
}

/**
 * GM side: the total of a Dodge card, after checking it is this hit's Dodge — rolled by the target's owner (or a GM)
 * for the target, Moves against the attack's total.
 * @param {string|null} dodgeId  The Dodge card's message id.
 * @param {{messageId: string, actor: Actor.Implementation, attackTotal: number}} hit
 * @returns {number}
 * @throws {Error} when the card is missing or is not this Dodge.
 */
function dodgeCardTotal(dodgeId, { messageId, actor, attackTotal }) {
  const card = dodgeId ? game.messages?.get(dodgeId) : null;
  const flags = /** @type {any} */ (card?.flags?.[SYSTEM_ID]);
  const c = flags?.check;
  const author = card?.author;
  const fits = !!c && flags.dodge?.messageId === messageId && c.actorId === actor.id && c.stat === COMBAT.reactions.dodge.stat
    && c.tn === attackTotal && !!author && (author.isGM || actor.testUserPermission(author, "OWNER"));
  if (!fits) throw new Error(game.i18n.localize("SMOKE.Attack.notTheDodge"));
  return c.total;
}

/**
 * The target's owner Dodges a hit (Attacking and defending › Take the hit or Dodge): Moves against the attack's
 * total through the roll dialog (Hustle and a perk may help), then the GM checks the card and resolves the hit.
 * @param {ChatMessage.Implementation} message  The attack card.
 * @param {{skipDialog?: boolean}} [opts]
 * @returns {Promise<{dodged: boolean, damage: number}|null>} null when it could not be tried (a warning says why).
 */
export async function rollDodge(message, { skipDialog = false } = {}) {
  const flags = /** @type {any} */ (message.flags?.[SYSTEM_ID]);
  const attack = flags?.attack;
  const target = attack ? game.combats?.get(attack.combatId)?.combatants.get(attack.targetId) : null;
  const actor = target?.actor;
  if (!actor || !flags?.check) return warn(game.i18n.localize("SMOKE.Attack.noTarget"));
  if (actor.type === "vehicle" || !canReact(actor.statuses, /** @type {any} */ (target.system).reaction))
    return warn(game.i18n.format("SMOKE.Attack.cannotDodge", { name: target.name ?? "" }));
  const stat = COMBAT.reactions.dodge.stat;
  const initial = { tnSource: "opposed", tn: flags.check.total };
  const skip = skipDialog || game.settings.get(SYSTEM_ID, "skipRollDialog");
  /** @type {any} */
  const choices = skip ? { ...defaultChoices(), ...initial } : await RollDialog.prompt(actor, stat, { initial: /** @type {any} */ (initial) });
  if (!choices) return null;
  // The TN is the attack's total whatever the dialog was set to.
  const card = await rollCheck(actor, stat, { ...choices, tnSource: "opposed", tn: flags.check.total }, { flags: { dodge: { messageId: message.id } } });
  if (!card) return null;
  try {
    return await requestGM("attack.resolve", { messageId: message.id, choice: "dodge", dodgeId: card.id });
  } catch (err) {
    return warn(err.message);
  }
}

/** The active GM's handlers for hits, Dodges, the GM's Condition and holds. */
export function registerAttackRequests() {
  // Take the hit or Dodge (Attacking and defending › Take the hit or Dodge). Resolve a hit only once.
  registerRequest("attack.resolve", async (user, { messageId, choice, dodgeId = null }) => {
    const ctx = openAttack(user, messageId);
    const { message, check, target } = ctx;
    const actor = /** @type {Actor.Implementation} */ (target.actor);
    let dodged = false;
    let dodgeTotal = null;
    if (choice === "dodge") {
      if (actor.type === "vehicle" || !canReact(actor.statuses, /** @type {any} */ (target.system).reaction))
        throw new Error(game.i18n.format("SMOKE.Attack.cannotDodge", { name: target.name ?? "" }));
      dodgeTotal = dodgeCardTotal(dodgeId, { messageId, actor, attackTotal: check.total });
      await target.update(/** @type {any} */ ({ "system.reaction": true }));
      dodged = dodge({ attackTotal: check.total, dodgeTotal });
    } else if (choice !== "take") {
      throw new Error(`unknown choice ${choice}`);
    }
    const hit = dodged ? { damage: 0, conditions: [], flat: false } : await landHit(ctx);
    const sev = dodged || hit.flat ? null : conditionChoices(hit.damage, !!check.moment);
    await message.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.attack.resolved`]: {
      choice, dodged, dodgeTotal, damage: hit.damage, conditions: hit.conditions, flat: hit.flat,
      severity: sev?.severity ?? null, severityLabel: sev?.label ?? null, suggested: sev && hit.damage > 0 ? sev.suggested : [],
      gmCondition: null
    } }));
    return { dodged, damage: hit.damage };
  });

  // The GM's one appropriate Condition after a damaging hit.
  registerRequest("attack.condition", async (user, { messageId, condition }) => {
    if (!user.isGM) throw new Error(game.i18n.localize("SMOKE.Combat.gmOnly"));
    const message = game.messages?.get(messageId);
    const attack = /** @type {any} */ (message?.flags?.[SYSTEM_ID])?.attack;
    const resolved = attack?.resolved;
    if (!message || !resolved) throw new Error(game.i18n.localize("SMOKE.Attack.noCard"));
    if (resolved.gmCondition) throw new Error(game.i18n.localize("SMOKE.Attack.conditionChosen"));
    if (!resolved.suggested.includes(condition)) throw new Error(game.i18n.localize("SMOKE.Attack.notSuggested"));
    const actor = game.combats?.get(attack.combatId)?.combatants.get(attack.targetId)?.actor
      ?? (attack.targetUuid ? fromUuidSync(attack.targetUuid) : null);
    if (!actor) throw new Error(game.i18n.localize("SMOKE.Attack.noTarget"));
    await /** @type {any} */ (actor).addCondition(condition);
    await message.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.attack.resolved.gmCondition`]: condition }));
  });

  // Grab and break free land on a successful check; cuff needs no roll (Distance, ammunition and holds).
  registerRequest("hold.resolve", async (user, { messageId }) => {
    const message = game.messages?.get(messageId);
    const flags = /** @type {any} */ (message?.flags?.[SYSTEM_ID]);
    const hold = flags?.hold;
    if (!message || !hold || !flags.check) throw new Error(game.i18n.localize("SMOKE.Attack.noCard"));
    if (hold.resolved) throw new Error(game.i18n.localize("SMOKE.Attack.alreadyResolved"));
    const combat = game.combats?.get(hold.combatId);
    const actorC = combat?.combatants.get(hold.actorId);
    const other = combat?.combatants.get(hold.otherId);
    if (!actorC?.actor || !other?.actor) throw new Error(game.i18n.localize("SMOKE.Attack.noTarget"));
    assertOwner(user, actorC.actor);
    if (!message.author?.isGM && !actorC.actor.testUserPermission(/** @type {any} */ (message.author), "OWNER"))
      throw new Error(game.i18n.localize("SMOKE.Attack.forged"));
    const success = flags.check.margin >= 0;
    await message.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.hold.resolved`]: { success } }));
    if (!success) return { success };
    if (hold.kind === "grab") {
      await /** @type {any} */ (other.actor).addCondition(COMBAT.grab.condition);
      await other.update(/** @type {any} */ ({ "system.grabbedBy": actorC.id }));
    } else if (hold.kind === "breakFree") {
      if (actorC.actor.statuses.has("grabbed")) await /** @type {any} */ (actorC.actor).removeCondition("grabbed");
      await actorC.update(/** @type {any} */ ({ "system.grabbedBy": "" }));
    }
    return { success };
  });

  registerRequest("hold.cuff", async (user, { combatId, actorId, targetId, index = null }) => {
    const combat = game.combats?.get(combatId);
    const cuffer = combat?.combatants.get(actorId);
    const target = combat?.combatants.get(targetId);
    if (!cuffer?.actor || !target?.actor) throw new Error(game.i18n.localize("SMOKE.Attack.noTarget"));
    assertOwner(user, cuffer.actor);
    const reason = cuffRefusal(cuffer, target);
    if (reason) throw new Error(reason);
    const distance = tokenDistance(cuffer.token, target.token);
    if (distance !== null && rangeBand(distance) !== COMBAT.grab.range) throw new Error(game.i18n.localize("SMOKE.Hold.notEngagedCuff"));
    await spendDieAsGM(/** @type {any} */ (combat), cuffer, "cuff", { index });
    await /** @type {any} */ (target.actor).addCondition(COMBAT.cuff.condition);
    return true;
  });
}

/**
 * Why this cuff cannot happen, or null (Distance, ammunition and holds › Cuff): the target must be Grabbed, Down,
 * Restrained, Stunned or surrendered, and the cuffer needs cuffs or a restraining item.
 * @param {Combatant.Implementation} cuffer
 * @param {Combatant.Implementation} target
 * @returns {string|null}
 */
export function cuffRefusal(cuffer, target) {
  const statuses = target.actor?.statuses ?? new Set();
  const can = COMBAT.cuff.targets.some(id => statuses.has(id)) || (COMBAT.cuff.surrendered && /** @type {any} */ (target.system).surrendered);
  if (!can) return game.i18n.format("SMOKE.Hold.cannotCuff", { name: target.name ?? "" });
  const restraint = cuffer.actor?.items.find(i => i.type === "gear" && /** @type {any} */ (i.system).applies === COMBAT.cuff.condition);
  if (!restraint) return game.i18n.localize("SMOKE.Hold.needCuffs");
  return null;
}

/**
 * A hold's check: grab (Muscle vs the target's Guard) or break free (Muscle or Moves vs the grabber's Guard).
 * Spends the die, rolls, and the card's success is applied by the GM.
 * @param {Combat.Implementation} combat
 * @param {Combatant.Implementation} combatant
 * @param {"grab"|"breakFree"} kind
 * @param {{targetId?: string, stat?: string, skipDialog?: boolean, dieIndex?: number|null}} [opts]  grab: the target;
 *   breakFree: mus or mov; dieIndex: the die acted on.
 * @returns {Promise<ChatMessage.Implementation|null|undefined>}
 */
export async function rollHold(combat, combatant, kind, { targetId, stat, skipDialog = false, dieIndex = null } = {}) {
  const i18n = game.i18n;
  const actor = /** @type {Actor.Implementation} */ (combatant.actor);
  const otherId = kind === "grab" ? targetId : /** @type {any} */ (combatant.system).grabbedBy;
  const other = otherId ? combat.combatants.get(otherId) : null;
  if (!other?.actor) return warn(i18n.localize(kind === "grab" ? "SMOKE.Attack.noTarget" : "SMOKE.Hold.notGrabbed"));
  if (kind === "grab") {
    const distance = tokenDistance(combatant.token, other.token);
    if (distance !== null && rangeBand(distance) !== COMBAT.grab.range) return warn(i18n.localize("SMOKE.Hold.notEngaged"));
  }
  const statKey = kind === "grab" ? COMBAT.grab.stat : (COMBAT.breakFree.stats.includes(stat) ? stat : COMBAT.breakFree.stats[0]);
  const guard = currentGuard(other);
  const initial = { tnSource: "guard", tn: guard, targetGuard: guard, targetName: other.name ?? "" };
  const skip = skipDialog || game.settings.get(SYSTEM_ID, "skipRollDialog");
  /** @type {any} */
  const choices = skip ? { ...defaultChoices(), ...initial } : await RollDialog.prompt(actor, statKey, { initial: /** @type {any} */ (initial) });
  if (!choices) return null;
  try {
    await requestGM("combat.spend", { combatId: combat.id, combatantId: combatant.id, action: kind, index: dieIndex });
  } catch (err) {
    return warn(err.message);
  }
  const message = await rollCheck(actor, statKey, choices,
    { flags: { hold: { kind, combatId: combat.id, actorId: combatant.id, otherId: other.id, resolved: null } } });
  if (message) await requestGM("hold.resolve", { messageId: message.id }).catch(err => warn(err.message));
  return message;
}
