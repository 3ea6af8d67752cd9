/**
 * Attacks, reactions and holds in a fight (rulebook: Attacking and defending; Distance, ammunition and holds; Harm,
 * aid and recovery). The attacker's client rolls (its own actor, its own dice, the roll dialog); everything that
 * writes to somebody else — the target's Health, Conditions, a Dodge's reaction — is a GM request.
 *
 * **A hit comes from a roll the system made.** Before any dice are thrown the attacker asks the GM to *declare* the
 * attack: the GM checks the turn and the die, the weapon (owned, in range, burst, two-handed from a driver's seat,
 * ammunition), spends the die and the rounds, reads the target's Guard and the Impact, and records all of it on the
 * Combat (`system.records`, GM-owned). The card the attacker then rolls points at that record; the GM binds the
 * card to it once and re-derives total, margin and outcome from the card's own roll (rules/check.mjs
 * `readRolledCheck`) against the Guard it recorded. *Take hit*, *Dodge* and the GM's Condition read the record,
 * never the card's flags, so a hand-made card changes nothing. Holds (grab, break free) follow the same path.
 * @module documents/attack
 */
import { kitSystem, recordedArmour } from "../core/kit-record.mjs";
import { RULES, RANGE_BANDS } from "../../generated/rules.mjs";
import { attackModifiers, canReact, conditionChoices, damage, dodge, inRange, rangeBand, weaponConditions } from "../../rules/combat.mjs";
import { combatGuard, defenceModifiers } from "../../rules/round.mjs";
import { armourReduction, guardValue } from "../../rules/record.mjs";
import { barredByArmour } from "../../rules/armour.mjs";
import { gmSituational, refuseCard, rollCheck, SYSTEM_ID, unboostedDice } from "../core/check.mjs";
import { areaCaught, areaDamage, attackAftermath, targetingBlocked, weaponOffYourGame } from "../../rules/weapon-effects.mjs";
import { verifiedCheck } from "../core/verified-check.mjs";
import { cardRefusal, refusalText, voidCard } from "../core/roll-cards.mjs";
import { promptCheck } from "../core/prompt-check.mjs";
import { applyHealthLoss, spendDieAsGM } from "./combat.mjs";
import { assertGM, assertOwner, requestGM } from "../core/requests.mjs";
import { isOut, sideOf, writeSides } from "./combat-state.mjs";
import { conditionOf, motorGuard, printedOf, riderOf, writeCondition } from "../vehicle/vehicle.mjs";
import { recordedStatuses } from "../core/condition-record.mjs";

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
  const size = a.parent?.grid?.size ?? 100;
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
 * and an enclosed seat; a motor's Guard from its Size and the temporary defences on the GM's record of its condition
 * (documents/vehicle/condition.mjs). A character's armour is the one worn suit on the GM's record of the kit
 * (documents/core/kit-record.mjs recordedArmour: its numbers, and an item's type, as the GM recorded them), never an
 * item's numbers as they stand: a Cycle Helmet rewritten into armour, or a suit's Guard typed up, counts nothing.
 * @param {Combatant.Implementation} combatant
 * @returns {number}
 */
export function currentGuard(combatant) {
  const actor = /** @type {Actor.Implementation} */ (combatant.actor);
  const sys = /** @type {PersonSystem} */ (actor.system);
  const defences = { ...sideOf(combatant).defences, enclosed: enclosedIn(actor) };
  if (actor.type === "vehicle") return motorGuard(actor); // its temporary defences as the GM recorded them
  if (actor.type !== "character") return combatGuard({ guard: sys.guard.value, includesConditions: false, conditions: recordedStatuses(actor), defences });
  const guard = guardValue({ base: sys.guard.base, wornArmour: recordedArmour(actor), conditions: recordedStatuses(actor) });
  return combatGuard({ guard, includesConditions: true, conditions: recordedStatuses(actor), defences });
}

/**
 * Damage reduction on a target: its worn armour from the GM's record of the kit (an NPC's printed reduction; a motor's
 * Armour on the GM's printed record, documents/vehicle/print.mjs) + heavy cover.
 * @param {Combatant.Implementation} combatant
 * @returns {number}
 */
export function targetReduction(combatant) {
  const actor = /** @type {Actor.Implementation} */ (combatant.actor);
  const sys = actor.system;
  const cover = sideOf(combatant).defences.cover ?? "none";
  if (actor.type === "vehicle") return printedOf(actor).armour;
  if (actor.type === "npc") return (sys.armourReduction ?? 0) + defenceModifiers({ cover }).reduction;
  // A character's suit as the GM recorded it (its numbers; which one is worn is the owner's).
  return armourReduction(recordedArmour(actor), { cover: cover === "none" ? null : cover });
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
 * @typedef {object} RollRecord  A roll the GM asked for and checked before the dice were thrown (GM-owned, on the
 *   Combat's `system.records`): an attack or a hold.
 * @property {string} id
 * @property {"attack"|"grab"|"breakFree"} kind
 * @property {string} userId       Who asked.
 * @property {string} actorId      The attacking/holding combatant.
 * @property {string} otherId      The target (attack, grab) or the holder (break free).
 * @property {string} stat         The stat to roll.
 * @property {number} tn           The target's Guard when declared.
 * @property {number} round
 * @property {string|null} messageId  The card bound to it (once).
 * @property {{total: number, margin: number, outcome: string, moment: string|null}|null} check  From the card's roll.
 * @property {any} resolved        What was applied, or null.
 * @property {string} [weapon]
 * @property {number} [impact]
 * @property {string[]} [traits]
 * @property {string|null} [bleedOn]  The weapon's own bleed rule (catalogue `bleedOn`), read when declared.
 * @property {string} [band]
 * @property {number|null} [distance]
 * @property {import("../../rules/combat.mjs").AttackEffect[]} [effects]  What applied (as data; localized by the card).
 * @property {boolean} [tyres]
 * @property {number} [attackMod]  The attack's own modifier (Distant, drive-by, tyres, rifle at Engaged).
 * @property {number} [effortSteps]  An Aim's step.
 * @property {string} [weaponId]   The attacker's weapon item.
 * @property {boolean} [areaEngaged]  The weapon hits everyone Engaged with the target too (its catalogue entry).
 * @property {boolean} [fillsArea]    The Smoke Grenade: the target and everyone Engaged with it are in its cloud.
 * @property {boolean} [missSetsFire] The Petrol Bomb: a miss sets fire to whatever is next to the target.
 * @property {string|null} [jamsOn]   The outcome the weapon jams on (Converted Pistol).
 * @property {string|null} [breaksOn] The outcome the weapon smashes on (Broken Bottle).
 * @property {boolean} [offYourGame]  The weapon makes this roll Off Your Game (Hand Cannon, Muscle d4).
 * @property {("jammed"|"smashed"|"missSetsFire")[]} [aftermath]  What the bound roll did to the weapon (rules/weapon-effects.mjs).
 * @property {{id: string, name: string}[]} [nextTo]  missSetsFire: who was Engaged with the target when it missed.
 */

/**
 * Make an attack on the attacker's die (Attacking and defending › Make an attack; Distance… › Shooting): the roll
 * dialog, then the GM declares it (checks, spends the die and rounds, records the Guard and Impact), then a Muscle or
 * Aim check against that Guard, bound to the record.
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
  // The same checks the GM makes, first here, so a refusal comes before the dialog.
  const refused = attackRefusal(attacker, target, weapon, choice);
  if (typeof refused === "string") return warn(refused);
  const w = /** @type {WeaponSystem} */ (weapon.system);
  const guard = currentGuard(target);
  const aim = sideOf(attacker).aimed ? COMBAT.shooting.aim.effortSteps : 0;
  // The attack's own modifiers (Distant, drive-by, tyres, rifle at Engaged) are its situational modifier, the GM's (it
  // re-derives them when it declares the attack): shown in the dialog, not typed; the card lists them.
  const initial = { tnSource: "guard", tn: guard, targetGuard: guard, targetName: target.name ?? "", effortSteps: aim,
    offYourGame: refused.offYourGame, ...gmSituational(refused.mods.attack) };
  const choices = await promptCheck(actor, w.stat, { initial, skipDialog: choice.skipDialog });
  if (!choices) return null;

  let declared;
  try {
    declared = await requestGM("attack.declare", { combatId: combat.id, attackerId: attacker.id, targetId: target.id,
      weaponId: weapon.id, burst: !!choice.burst, driveBy: choice.driveBy ?? null, tyres: !!choice.tyres, band: choice.band ?? null,
      index: choice.dieIndex ?? null });
  } catch (err) {
    return warn(err.message);
  }
  const flags = { attack: { combatId: combat.id, recordId: declared.id, attackerId: attacker.id, targetId: target.id,
    targetName: target.name ?? "", targetUuid: target.actor.uuid, weapon: weapon.name, impact: declared.impact,
    traits: [...w.traits], band: declared.band, distance: declared.distance, effects: declared.effects, tyres: !!choice.tyres,
    guard: declared.tn, resolved: null } };
  let message;
  try {
    message = await rollCheck(actor, w.stat, { ...choices, tnSource: "guard", tn: declared.tn,
      situational: declared.attackMod, effortSteps: declared.effortSteps, offYourGame: !!declared.offYourGame }, { flags });
  } catch (err) {
    return warn(err.message);
  }
  if (message) await requestGM("record.bind", { combatId: combat.id, recordId: declared.id, messageId: message.id })
    .catch(err => warn(err.message));
  return message;
}

const COMBAT_BANDS = RANGE_BANDS;

/**
 * Why an attack cannot be made, or its band, distance and modifiers (Distance, ammunition and holds): the band from
 * the tokens (the chosen band only when a token is missing), the weapon's range, burst, a two-handed weapon from the
 * driver's seat, the rounds or throwables left. Used by the attacker's client and again by the GM.
 * @param {Combatant.Implementation} attacker
 * @param {Combatant.Implementation} target
 * @param {Item.Implementation} weapon
 * @param {Partial<AttackChoice>} choice
 * A jammed weapon (documents/fight/combat-state.mjs `jammed`) cannot fire; a target in full concealment (the GM's mark)
 * cannot be picked out but by an area weapon, nor one in a smoke cloud from outside it (rules/weapon-effects.mjs
 * targetingBlocked). `offYourGame`: the weapon's kick for this attacker (the Hand Cannon with Muscle d4).
 * @returns {string|{band: string, distance: number|null, mods: any, thrown: boolean, offYourGame: boolean}}
 */
function attackRefusal(attacker, target, weapon, choice) {
  const i18n = game.i18n;
  const w = /** @type {(WeaponSystem & {range: SmokeRange}) | null} */ (kitSystem(weapon)); // its range a choice of RANGE_BANDS; a character's weapon as the GM recorded it (rounds, Impact…)
  if (!w) return i18n.localize("SMOKE.Attack.noWeapon");
  const distance = tokenDistance(attacker.token, target.token);
  const band = distance === null ? choice.band ?? null : rangeBand(distance);
  if (!band || !COMBAT_BANDS.includes(band)) return i18n.localize("SMOKE.Attack.noBand");
  if (!inRange(w.range, /** @type {SmokeRange} */ (band))) return i18n.format("SMOKE.Attack.outOfRange", { weapon: weapon.name,
    range: i18n.localize(`SMOKE.Range.${w.range}`), target: target.name ?? "", band: i18n.localize(`SMOKE.Range.${band}`) });
  if (choice.burst && !w.traits.includes("burst")) return i18n.format("SMOKE.Attack.noBurst", { weapon: weapon.name });
  if (choice.driveBy === "driver" && w.traits.includes("twoHanded")) return i18n.format("SMOKE.Attack.driverTwoHanded", { weapon: weapon.name });
  // Riot Shield: "you cannot use a two-handed weapon" while it is held (worn): the suit's bar from the GM's record.
  const barred = barredByArmour(w, recordedArmour(/** @type {Actor.Implementation} */ (attacker.actor)));
  if (barred) return i18n.format("SMOKE.Attack.armourBars", { name: attacker.name ?? "", suit: String(barred.suit.name ?? ""),
    weapon: weapon.name ?? "" });
  let mods;
  try {
    mods = attackModifiers({ weapon: { category: w.category, traits: w.traits, range: w.range }, band: /** @type {SmokeRange} */ (band),
      burst: !!choice.burst, driveBy: choice.driveBy ?? null, tyres: !!choice.tyres });
  } catch (err) {
    return err.message;
  }
  const mine = sideOf(attacker);
  if (mine.jammed.includes(/** @type {string} */ (weapon.id))) return i18n.format("SMOKE.Attack.jammed", { weapon: weapon.name ?? "" });
  const theirs = sideOf(target);
  const blocked = targetingBlocked({ weapon: w, concealed: theirs.concealed, targetCloud: theirs.smoke, attackerCloud: mine.smoke });
  if (blocked) return i18n.format(`SMOKE.Attack.blocked.${blocked}`, { name: target.name ?? "" });
  const thrown = w.category === "thrown" || w.traits.includes("thrown");
  if (thrown && w.quantity < 1) return i18n.format("SMOKE.Attack.noneLeft", { weapon: weapon.name });
  if (!thrown && w.magazine.size > 0 && w.magazine.loaded < mods.rounds)
    return i18n.format("SMOKE.Attack.needRounds", { weapon: weapon.name, need: String(mods.rounds), loaded: String(w.magazine.loaded) });
  const kick = w.offYourGameWith;
  const offYourGame = !!kick && !!attacker.actor
    && weaponOffYourGame(w, { [kick.stat]: unboostedDice(/** @type {Actor.Implementation} */ (attacker.actor), kick.stat).statDie });
  return { band, distance, mods, thrown, offYourGame };
}

/**
 * @param {string} text
 * @returns {null}
 */
function warn(text) {
  ui.notifications.warn(text);
  return null;
}

/**
 * The record a card points at, from the combat the card names (GM-owned; the card only says where to look).
 * @param {ChatMessage.Implementation|null|undefined} message
 * @returns {{combat: Combat.Implementation, record: RollRecord}|null}
 */
export function recordOf(message) {
  const flags = message?.flags?.[SYSTEM_ID];
  const ref = flags?.attack ?? flags?.hold;
  const combat = ref?.combatId ? game.combats?.get(ref.combatId) : null;
  const record = combat?.system?.records?.[ref?.recordId ?? ""];
  return combat && record ? { combat, record } : null;
}

/**
 * GM: write a record (whole) on its combat.
 * @param {Combat.Implementation} combat
 * @param {RollRecord} record
 */
async function saveRecord(combat, record) {
  await combat.update({ [`system.records.${record.id}`]: record }, { turnEvents: false });
}

/**
 * GM: bind a card to its record once, after checking the card is the right roll by the right person, and take
 * its numbers from the roll against the recorded TN.
 * @param {User.Implementation} user  The requester.
 * @param {Combat.Implementation} combat
 * @param {RollRecord} record
 * @param {ChatMessage.Implementation|null|undefined} message
 * @returns {Promise<RollRecord>}
 * @throws {Error} when the card is not this record's roll.
 */
async function bindCard(user, combat, record, message) {
  const refuse = () => { throw new Error(game.i18n.localize("SMOKE.Attack.forged")); };
  if (!message) throw new Error(game.i18n.localize("SMOKE.Attack.noCard"));
  if (record.messageId) {
    if (record.messageId !== message.id) refuse();
    if (!record.check) throw new Error(record.resolved?.void ?? game.i18n.localize("SMOKE.Attack.forged"));
    return record;
  }
  const actor = combat.combatants.get(record.actorId)?.actor;
  const author = message.author;
  const ref = message.flags?.[SYSTEM_ID]?.[record.kind === "attack" ? "attack" : "hold"];
  if (!actor || !author || ref?.recordId !== record.id) return refuse();
  // The card's author asked for this roll (or is a GM) and owns the actor it is for.
  if (!author.isGM && (author.id !== record.userId || !actor.testUserPermission(author, "OWNER"))) refuse();
  // The first card made for the record (documents/core/roll-cards.mjs), so rolling it twice and binding the better is refused.
  const refusal = cardRefusal(message, `record:${record.id}`);
  if (refusal) throw new Error(refusalText(refusal));
  // The first card offered for a record is the one: a card whose roll does not follow voids the attack (its die is
  // spent), so trying again with another hand-made card finds the record taken.
  let check;
  try {
    check = await verifiedCheck(message, { actor, stat: record.stat, tn: record.tn, situational: record.attackMod ?? 0,
      effortSteps: record.effortSteps ?? 0, offYourGame: !!record.offYourGame });
  } catch (err) {
    await saveRecord(combat, { ...record, messageId: /** @type {string} */ (message.id), check: null,
      resolved: { choice: "void", pending: false, void: err.message } });
    throw err;
  }
  const bound = { ...record, messageId: /** @type {string} */ (message.id), check };
  if (record.kind === "attack") bound.aftermath = attackAftermath(record, check);
  if (bound.aftermath?.includes("missSetsFire")) {
    const target = combat.combatants.get(record.otherId);
    bound.nextTo = engagedWith(combat, target).map(c => ({ id: /** @type {string} */ (c.id), name: c.name ?? "" }));
  }
  await saveRecord(combat, bound);
  if (bound.aftermath?.length) {
    await weaponAftermath(combat, bound);
    // The card shows it (a copy for display, re-rendering it on every client; the record is what counts).
    await message.update(/** @type {DottedUpdate<ChatMessage.UpdateData>} */ ({ [`flags.${SYSTEM_ID}.attack.aftermath`]: bound.aftermath }));
  }
  return bound;
}

/**
 * The other combatants Engaged with a target (Distance… › Engaged; rules/weapon-effects.mjs areaCaught), read from
 * the tokens on the target's map; the attacker too when Engaged with it.
 * @param {Combat.Implementation} combat
 * @param {Combatant.Implementation|null|undefined} target
 * @param {{areaEngaged?: boolean, fillsArea?: boolean}} [weapon]  An area weapon (default: any combatant Engaged).
 * @returns {Combatant.Implementation[]}
 */
function engagedWith(combat, target, weapon = { areaEngaged: true }) {
  if (!target) return [];
  const others = combat.combatants.filter(c => c.id !== target.id && !!c.actor && !isOut(c))
    .map(c => ({ id: /** @type {string} */ (c.id), distance: tokenDistance(target.token, c.token) }));
  return areaCaught(weapon, others).map(id => /** @type {Combatant.Implementation} */ (combat.combatants.get(id)));
}

/**
 * GM side, once when a card is bound: what the roll did to the weapon (Weapons · item notes). A jam is recorded on the
 * attacker's side (it fires again after a Reload action: documents/character/kit-use.mjs `item.reload`); a smashed weapon goes
 * from the kit (one of a stack, else the item). A Petrol Bomb's miss is the GM's to describe (the card names who was
 * next to the target).
 * @param {Combat.Implementation} combat
 * @param {RollRecord} record
 */
async function weaponAftermath(combat, record) {
  const attacker = combat.combatants.get(record.actorId);
  const weapon = record.weaponId ? attacker?.actor?.items.get(record.weaponId) : null;
  if (!attacker || !weapon) return;
  const weaponId = /** @type {string} */ (weapon.id);
  if (record.aftermath?.includes("jammed")) {
    const jammed = sideOf(attacker).jammed;
    if (!jammed.includes(weaponId)) await writeSides(combat, { [record.actorId]: { jammed: [...jammed, weaponId] } });
  }
  if (record.aftermath?.includes("smashed")) {
    const quantity = /** @type {WeaponSystem | null} */ (kitSystem(weapon))?.quantity ?? 1;
    if (quantity > 1) await weapon.update(/** @type {DottedUpdate<Item.UpdateData>} */ ({ "system.quantity": quantity - 1 }));
    else await weapon.delete();
  }
}

/**
 * Land a hit from its record: damage = margin + Impact − reduction (min 0) to Health or Body; a tyre hit flattens a
 * tyre instead; weapon Conditions; Down at 0 Health. GM side.
 * @param {RollRecord} record
 * @param {Combatant.Implementation} target
 * @returns {Promise<{damage: number, conditions: string[], flat: boolean}>}
 */
async function landHit(record, target) {
  const actor = /** @type {Actor.Implementation} */ (target.actor);
  const check = /** @type {NonNullable<RollRecord["check"]>} */ (record.check);
  if (record.tyres && actor.type === "vehicle") {
    await writeCondition(actor, { flatTyres: conditionOf(actor).flatTyres + COMBAT.shooting.tyres.flatTyres });
    return { damage: 0, conditions: [], flat: true };
  }
  const dealt = damage({ margin: check.margin, impact: /** @type {number} */ (record.impact), reduction: targetReduction(target) });
  if (actor.type === "vehicle") {
    await writeCondition(actor, { body: Math.max(0, conditionOf(actor).body - dealt) });
    return { damage: dealt, conditions: [], flat: false };
  }
  await applyHealthLoss(actor, dealt);
  const conditions = weaponConditions(record.traits ?? [], check.outcome, dealt, { bleedOn: record.bleedOn ?? null });
  for (const id of conditions) await /** @type {Actor.Implementation} */ (actor).addCondition(id);
  return { damage: dealt, conditions, flat: false };
}

/**
 * Land an area weapon's hit on everyone Engaged with the target (Weapons › Frag Grenade, Flashbang, Rocket Launcher:
 * "Hits everyone Engaged with the target"; Smoke Grenade: "Fills the area: everyone in it is Gassed and nobody can
 * be targeted from outside until it clears"). Each takes the hit as the target did: the same margin and Impact, less
 * their own reduction (rules/weapon-effects.mjs areaDamage), with the weapon's Conditions; a Smoke Grenade also puts
 * the target and each caught in its cloud (`smoke` on their sides, the record's id) until the GM clears it. GM side.
 * @param {Combat.Implementation} combat
 * @param {RollRecord} record
 * @param {Combatant.Implementation} target
 * @returns {Promise<{id: string, name: string, damage: number, conditions: string[]}[]>}
 */
async function landArea(combat, record, target) {
  if (!record.areaEngaged && !record.fillsArea) return [];
  const check = /** @type {NonNullable<RollRecord["check"]>} */ (record.check);
  const caught = engagedWith(combat, target, record);
  const hits = areaDamage({ margin: check.margin, impact: /** @type {number} */ (record.impact),
    caught: caught.map(c => ({ id: /** @type {string} */ (c.id), reduction: targetReduction(c) })) });
  const out = [];
  for (const [i, c] of caught.entries()) {
    const actor = /** @type {Actor.Implementation} */ (c.actor);
    const dealt = hits[i].damage;
    /** @type {string[]} */
    let conditions = [];
    if (actor.type === "vehicle") {
      if (dealt) await writeCondition(actor, { body: Math.max(0, conditionOf(actor).body - dealt) });
    } else {
      await applyHealthLoss(actor, dealt);
      conditions = weaponConditions(record.traits ?? [], check.outcome, dealt, { bleedOn: record.bleedOn ?? null });
      for (const id of conditions) await actor.addCondition(id);
    }
    out.push({ id: /** @type {string} */ (c.id), name: c.name ?? "", damage: dealt, conditions });
  }
  if (record.fillsArea) {
    await writeSides(combat, Object.fromEntries([target, ...caught].map(c => [/** @type {string} */ (c.id), { smoke: record.id }])));
  }
  return out;
}

/**
 * GM side: the total of a Dodge card, read from its roll, after checking it is this hit's Dodge — rolled by the
 * target's owner (or a GM) for the target, Moves against the attack's total.
 * @param {string|null} dodgeId  The Dodge card's message id.
 * @param {{record: RollRecord, actor: Actor.Implementation}} hit
 * @returns {Promise<number>}
 * @throws {Error} when the card is missing or is not this Dodge (or not the first made for it).
 */
async function dodgeCardTotal(dodgeId, { record, actor }) {
  const card = dodgeId ? game.messages?.get(dodgeId) : null;
  const flags = card?.flags?.[SYSTEM_ID];
  const author = card?.author;
  const fits = !!card && !!flags?.check && flags.dodge?.messageId === record.messageId && flags.check.actorId === actor.id
    && !!author && (author.isGM || actor.testUserPermission(author, "OWNER"));
  if (!fits) throw new Error(game.i18n.localize("SMOKE.Attack.notTheDodge"));
  // One Dodge a hit: the first Dodge card made for this attack card is the one that counts.
  const refusal = cardRefusal(card, `dodge:${record.messageId}`);
  if (refusal) throw new Error(refusalText(refusal));
  const attackTotal = /** @type {NonNullable<RollRecord["check"]>} */ (record.check).total;
  try {
    return (await verifiedCheck(/** @type {ChatMessage.Implementation} */ (card), { actor, stat: COMBAT.reactions.dodge.stat,
      tn: attackTotal })).total;
  } catch (err) {
    if (err.setAside) voidCard(card); // made wrong: the target's next Dodge card for this hit counts
    throw err;
  }
}

/**
 * The target's owner Dodges a hit (Attacking and defending › Take the hit or Dodge): Moves against the attack's
 * total through the roll dialog (Hustle and a perk may help), then the GM checks the card and resolves the hit.
 * @param {ChatMessage.Implementation} message  The attack card.
 * @param {{skipDialog?: boolean}} [opts]
 * @returns {Promise<{dodged: boolean, damage: number}|null>} null when it could not be tried (a warning says why).
 */
export async function rollDodge(message, { skipDialog = false } = {}) {
  const found = recordOf(message);
  const record = found?.record;
  const target = record ? found.combat.combatants.get(record.otherId) : null;
  const actor = target?.actor;
  if (!actor || !record?.check) return warn(game.i18n.localize("SMOKE.Attack.noTarget"));
  if (actor.type === "vehicle" || !canReact(recordedStatuses(actor), sideOf(target).reaction))
    return warn(game.i18n.format("SMOKE.Attack.cannotDodge", { name: target.name ?? "" }));
  const stat = COMBAT.reactions.dodge.stat;
  const tn = record.check.total;
  const choices = await promptCheck(actor, stat, { initial: { tnSource: "opposed", tn, ...gmSituational(0) }, skipDialog });
  if (!choices) return null;
  // The TN is the attack's total whatever the dialog was set to.
  const card = await rollCheck(actor, stat, { ...choices, tnSource: "opposed", tn, situational: 0 },
    { flags: { dodge: { messageId: message.id } } });
  if (!card) return null;
  try {
    return await requestGM("attack.resolve", { messageId: message.id, choice: "dodge", dodgeId: card.id });
  } catch (err) {
    // A refused Dodge stays in chat marked as not counting (the hit was not dodged by it).
    return refuseCard(card, err.message);
  }
}

/**
 * The active GM's handlers for attacks, hits, Dodges, the GM's Condition and holds.
 * @type {Record<string, import("../core/requests.mjs").RequestHandler>}
 */
export const requests = {
  // Declare an attack (Attacking and defending › Make an attack): every check again here, then the die, the rounds
  // and the record the hit will be applied from.
  "attack.declare": async (user, { combatId, attackerId, targetId, weaponId, burst = false, driveBy = null, tyres = false,
    band = null, index = null }) => {
    const combat = game.combats?.get(combatId);
    const attacker = combat?.combatants.get(attackerId);
    const target = combat?.combatants.get(targetId);
    if (!combat || !attacker?.actor || !target?.actor || target.id === attacker.id) throw new Error(game.i18n.localize("SMOKE.Attack.noTarget"));
    assertOwner(user, attacker.actor);
    const weapon = attacker.actor.items.get(weaponId);
    if (!weapon || weapon.type !== "weapon") throw new Error(game.i18n.localize("SMOKE.Attack.noWeapon"));
    const checked = attackRefusal(attacker, target, weapon, { burst: !!burst,
      driveBy: driveBy === "driver" || driveBy === "passenger" ? driveBy : null, tyres: !!tyres, band });
    if (typeof checked === "string") throw new Error(checked);
    const { aimed } = await spendDieAsGM(combat, attacker, "attack", { index });
    const w = /** @type {WeaponSystem} */ (kitSystem(weapon)); // checked above: the GM's record of the weapon
    if (checked.thrown) await weapon.update(/** @type {DottedUpdate<Item.UpdateData>} */ ({ "system.quantity": w.quantity - 1 }));
    else if (w.magazine.size > 0) await weapon.update(/** @type {DottedUpdate<Item.UpdateData>} */ ({ "system.magazine.loaded": w.magazine.loaded - checked.mods.rounds }));
    /** @type {RollRecord} */
    const record = { id: foundry.utils.randomID(16), kind: "attack", userId: /** @type {string} */ (user.id),
      actorId: attackerId, otherId: targetId, stat: w.stat, tn: currentGuard(target), round: combat.round, messageId: null,
      check: null, resolved: null, weapon: weapon.name ?? "", impact: w.impact + checked.mods.impact, traits: [...w.traits],
      bleedOn: w.bleedOn ?? null, weaponId: weapon.id ?? "", areaEngaged: !!w.areaEngaged, fillsArea: !!w.fillsArea,
      missSetsFire: !!w.missSetsFire, jamsOn: w.jamsOn ?? null, breaksOn: w.breaksOn ?? null, offYourGame: checked.offYourGame,
      band: checked.band, distance: checked.distance === null ? null : Math.round(checked.distance * 10) / 10,
      effects: checked.mods.effects, tyres: !!tyres, attackMod: checked.mods.attack,
      effortSteps: aimed ? COMBAT.shooting.aim.effortSteps : 0 };
    await saveRecord(combat, record);
    // Heat (documents/heat/heat.mjs): an attack is a crime the GM is asked about (assault, on police, a gun fired), once.
    Hooks.callAll("smoke.attacked", { attackerUuid: attacker.actor.uuid, targetUuid: target.actor.uuid, actId: `attack:${record.id}`,
      category: w.category, traits: [...w.traits] });
    return record;
  },

  // The card a declared roll produced: bound to its record once, its numbers read from its roll.
  "record.bind": async (user, { combatId, recordId, messageId }) => {
    const combat = game.combats?.get(combatId);
    const record = combat?.system?.records?.[recordId];
    if (!combat || !record) throw new Error(game.i18n.localize("SMOKE.Attack.noCard"));
    const bound = await bindCard(user, combat, record, game.messages?.get(messageId));
    return { check: bound.check };
  },

  // Take the hit or Dodge (Attacking and defending › Take the hit or Dodge). Resolve a hit only once, from its record.
  "attack.resolve": async (user, { messageId, choice, dodgeId = null }) => {
    const message = game.messages?.get(messageId);
    const found = recordOf(message);
    if (!found || found.record.kind !== "attack") throw new Error(game.i18n.localize("SMOKE.Attack.noCard"));
    const { combat } = found;
    const record = await bindCard(user, combat, found.record, message);
    const target = combat.combatants.get(record.otherId);
    if (!target?.actor) throw new Error(game.i18n.localize("SMOKE.Attack.noTarget"));
    if (record.resolved) throw new Error(game.i18n.localize("SMOKE.Attack.alreadyResolved"));
    const check = /** @type {NonNullable<RollRecord["check"]>} */ (record.check);
    if (check.margin < COMBAT.attack.hitsAtMargin) throw new Error(game.i18n.localize("SMOKE.Attack.missed"));
    assertOwner(user, target.actor);
    const actor = /** @type {Actor.Implementation} */ (target.actor);
    let dodged = false;
    let dodgeTotal = null;
    if (choice === "dodge") {
      if (actor.type === "vehicle" || !canReact(recordedStatuses(actor), sideOf(target).reaction))
        throw new Error(game.i18n.format("SMOKE.Attack.cannotDodge", { name: target.name ?? "" }));
      dodgeTotal = await dodgeCardTotal(dodgeId, { record, actor });
      await writeSides(combat, { [/** @type {string} */ (target.id)]: { reaction: true } });
      dodged = dodge({ attackTotal: check.total, dodgeTotal });
    } else if (choice !== "take") {
      throw new Error(`unknown choice ${choice}`);
    }
    // Marked resolved before anything is applied, so a second click finds it resolved.
    await saveRecord(combat, { ...record, resolved: { choice, pending: true } });
    const hit = dodged ? { damage: 0, conditions: [], flat: false } : await landHit(record, target);
    const sev = dodged || hit.flat ? null : conditionChoices(hit.damage, !!check.moment);
    // An area weapon hits everyone Engaged with the target too; a Dodge "cancels the whole hit", the area's with it.
    const area = dodged || hit.flat ? [] : await landArea(combat, record, target);
    const resolved = { choice, pending: false, dodged, dodgeTotal, damage: hit.damage, conditions: hit.conditions, flat: hit.flat,
      severity: sev?.severity ?? null, severityLabel: sev?.label ?? null, suggested: sev && hit.damage > 0 ? sev.suggested : [],
      gmCondition: null, area };
    await saveRecord(combat, { ...record, resolved });
    // The card shows it (a copy for display; the record is what counts).
    await /** @type {ChatMessage.Implementation} */ (message).update(/** @type {DottedUpdate<ChatMessage.UpdateData>} */ ({ [`flags.${SYSTEM_ID}.attack.resolved`]: resolved }));
    return { dodged, damage: hit.damage };
  },

  // The GM's one appropriate Condition after a damaging hit.
  "attack.condition": async (user, { messageId, condition }) => {
    assertGM(user);
    const message = game.messages?.get(messageId);
    const found = recordOf(message);
    const record = found?.record;
    const resolved = record?.resolved;
    if (!found || !record || record.messageId !== messageId || !resolved || resolved.pending) throw new Error(game.i18n.localize("SMOKE.Attack.noCard"));
    if (resolved.gmCondition) throw new Error(game.i18n.localize("SMOKE.Attack.conditionChosen"));
    if (!resolved.suggested.includes(condition)) throw new Error(game.i18n.localize("SMOKE.Attack.notSuggested"));
    const actor = found.combat.combatants.get(record.otherId)?.actor;
    if (!actor) throw new Error(game.i18n.localize("SMOKE.Attack.noTarget"));
    await actor.addCondition(condition);
    await saveRecord(found.combat, { ...record, resolved: { ...resolved, gmCondition: condition } });
    await /** @type {ChatMessage.Implementation} */ (message).update(/** @type {DottedUpdate<ChatMessage.UpdateData>} */ ({ [`flags.${SYSTEM_ID}.attack.resolved.gmCondition`]: condition }));
  },

  // Declare a hold (Distance, ammunition and holds): grab — Muscle against the target's Guard, Engaged; break free —
  // Muscle or Moves against the holder's Guard, only when held. Spends the die and records the TN.
  "hold.declare": async (user, { combatId, actorId, kind, targetId = null, stat = null, index = null }) => {
    const combat = game.combats?.get(combatId);
    const holder = combat?.combatants.get(actorId);
    if (!combat || !holder?.actor) throw new Error(game.i18n.localize("SMOKE.Attack.noTarget"));
    assertOwner(user, holder.actor);
    if (kind !== "grab" && kind !== "breakFree") throw new Error(`unknown hold ${kind}`);
    const otherId = kind === "grab" ? targetId : sideOf(holder).grabbedBy;
    const other = otherId ? combat.combatants.get(otherId) : null;
    if (!other?.actor || other.id === holder.id) throw new Error(game.i18n.localize(kind === "grab" ? "SMOKE.Attack.noTarget" : "SMOKE.Hold.notGrabbed"));
    if (kind === "grab") {
      const distance = tokenDistance(holder.token, other.token);
      if (distance !== null && rangeBand(distance) !== COMBAT.grab.range) throw new Error(game.i18n.localize("SMOKE.Hold.notEngaged"));
    }
    const statKey = kind === "grab" ? COMBAT.grab.stat : (COMBAT.breakFree.stats.includes(stat) ? stat : COMBAT.breakFree.stats[0]);
    await spendDieAsGM(combat, holder, kind, { index });
    /** @type {RollRecord} */
    const record = { id: foundry.utils.randomID(16), kind, userId: /** @type {string} */ (user.id), actorId,
      otherId: /** @type {string} */ (other.id), stat: statKey, tn: currentGuard(other), round: combat.round, messageId: null,
      check: null, resolved: null };
    await saveRecord(combat, record);
    return record;
  },

  // Grab and break free land on a successful check read from the card's roll, once.
  "hold.resolve": async (user, { messageId }) => {
    const message = game.messages?.get(messageId);
    const found = recordOf(message);
    if (!found || found.record.kind === "attack") throw new Error(game.i18n.localize("SMOKE.Attack.noCard"));
    const { combat } = found;
    const record = await bindCard(user, combat, found.record, message);
    if (record.resolved) throw new Error(game.i18n.localize("SMOKE.Attack.alreadyResolved"));
    const holder = combat.combatants.get(record.actorId);
    const other = combat.combatants.get(record.otherId);
    if (!holder?.actor || !other?.actor) throw new Error(game.i18n.localize("SMOKE.Attack.noTarget"));
    assertOwner(user, holder.actor);
    const success = /** @type {NonNullable<RollRecord["check"]>} */ (record.check).margin >= 0;
    await saveRecord(combat, { ...record, resolved: { success } });
    await /** @type {ChatMessage.Implementation} */ (message).update(/** @type {DottedUpdate<ChatMessage.UpdateData>} */ ({ [`flags.${SYSTEM_ID}.hold.resolved`]: { success } }));
    if (!success) return { success };
    if (record.kind === "grab") {
      await other.actor.addCondition(COMBAT.grab.condition);
      await writeSides(combat, { [record.otherId]: { grabbedBy: record.actorId } });
    } else {
      if (recordedStatuses(holder.actor).has("grabbed")) await holder.actor.removeCondition("grabbed");
      await writeSides(combat, { [record.actorId]: { grabbedBy: "" } });
    }
    return { success };
  },

  // The GM establishes full concealment (Attacking and defending › Defensive actions: "Full concealment blocks
  // ordinary targeted attacks"): a mark on the combatant's side, GM only — a player cannot make themselves untargetable.
  "combat.conceal": async (user, { combatId, combatantId, concealed }) => {
    assertGM(user);
    const combat = game.combats?.get(combatId);
    const combatant = combat?.combatants.get(combatantId);
    if (!combat || !combatant) throw new Error(game.i18n.localize("SMOKE.Attack.noTarget"));
    await writeSides(combat, { [/** @type {string} */ (combatant.id)]: { concealed: !!concealed } });
    return !!concealed;
  },

  // A Smoke Grenade's cloud clears "until it clears": the book gives no duration, so the GM says when (GM only).
  "combat.clearSmoke": async (user, { combatId, cloudId }) => {
    assertGM(user);
    const combat = game.combats?.get(combatId);
    if (!combat) throw new Error(game.i18n.localize("SMOKE.Attack.noTarget"));
    const inCloud = combat.combatants.filter(c => !!sideOf(c).smoke && (!cloudId || sideOf(c).smoke === cloudId));
    await writeSides(combat, Object.fromEntries(inCloud.map(c => [/** @type {string} */ (c.id), { smoke: "" }])));
    return inCloud.length;
  },

  "hold.cuff": async (user, { combatId, actorId, targetId, index = null }) => {
    const combat = game.combats?.get(combatId);
    const cuffer = combat?.combatants.get(actorId);
    const target = combat?.combatants.get(targetId);
    if (!combat || !cuffer?.actor || !target?.actor || target.id === cuffer.id) throw new Error(game.i18n.localize("SMOKE.Attack.noTarget"));
    assertOwner(user, cuffer.actor);
    const reason = cuffRefusal(cuffer, target);
    if (reason) throw new Error(reason);
    const distance = tokenDistance(cuffer.token, target.token);
    if (distance !== null && rangeBand(distance) !== COMBAT.grab.range) throw new Error(game.i18n.localize("SMOKE.Hold.notEngagedCuff"));
    await spendDieAsGM(combat, cuffer, "cuff", { index });
    await target.actor.addCondition(COMBAT.cuff.condition);
    // Heat (documents/heat/heat.mjs): cuffed by police is Busted.
    Hooks.callAll("smoke.cuffed", target.actor, cuffer.actor);
    return true;
  }
};

/**
 * Why this cuff cannot happen, or null (Distance, ammunition and holds › Cuff): the target must be Grabbed (by the
 * GM's record of the hold), Down, Restrained, Stunned or surrendered, and the cuffer needs cuffs or a restraining item.
 * @param {Combatant.Implementation} cuffer
 * @param {Combatant.Implementation} target
 * @returns {string|null}
 */
export function cuffRefusal(cuffer, target) {
  const statuses = recordedStatuses(target.actor);
  const side = sideOf(target);
  // Grabbed counts only when the GM recorded the hold: a Grabbed a player put on themselves holds nobody.
  const can = COMBAT.cuff.targets.some(id => (id === COMBAT.grab.condition ? !!side.grabbedBy : statuses.has(id)))
    || (COMBAT.cuff.surrendered && side.surrendered);
  if (!can) return game.i18n.format("SMOKE.Hold.cannotCuff", { name: target.name ?? "" });
  const restraint = cuffer.actor?.items.find(i => i.type === "gear" && /** @type {SmokeItemSystem} */ (i.system).applies === COMBAT.cuff.condition);
  if (!restraint) return game.i18n.localize("SMOKE.Hold.needCuffs");
  return null;
}

/**
 * A hold's check: grab (Muscle vs the target's Guard) or break free (Muscle or Moves vs the grabber's Guard).
 * The GM declares it (spends the die, records the Guard), the owner rolls, and the GM applies the card's success.
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
  const otherId = kind === "grab" ? targetId : sideOf(combatant).grabbedBy;
  const other = otherId ? combat.combatants.get(otherId) : null;
  if (!other?.actor) return warn(i18n.localize(kind === "grab" ? "SMOKE.Attack.noTarget" : "SMOKE.Hold.notGrabbed"));
  if (kind === "grab") {
    const distance = tokenDistance(combatant.token, other.token);
    if (distance !== null && rangeBand(distance) !== COMBAT.grab.range) return warn(i18n.localize("SMOKE.Hold.notEngaged"));
  }
  const statKey = kind === "grab" ? COMBAT.grab.stat : (COMBAT.breakFree.stats.includes(stat) ? stat : COMBAT.breakFree.stats[0]);
  const guard = currentGuard(other);
  const choices = await promptCheck(actor, statKey, { initial: { tnSource: "guard", tn: guard, targetGuard: guard,
    targetName: other.name ?? "", ...gmSituational(0) }, skipDialog });
  if (!choices) return null;
  let declared;
  try {
    declared = await requestGM("hold.declare", { combatId: combat.id, actorId: combatant.id, kind, targetId: other.id,
      stat: statKey, index: dieIndex });
  } catch (err) {
    return warn(err.message);
  }
  const message = await rollCheck(actor, statKey, { ...choices, tnSource: "guard", tn: declared.tn, situational: 0 },
    { flags: { hold: { kind, combatId: combat.id, recordId: declared.id, actorId: combatant.id, otherId: other.id, resolved: null } } });
  if (message) await requestGM("hold.resolve", { messageId: message.id }).catch(err => warn(err.message));
  return message;
}
