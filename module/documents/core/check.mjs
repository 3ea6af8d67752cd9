/**
 * A check from a sheet to the chat card (rulebook: The roll; Hustle, perks and your luck; Before you throw the dice).
 * Foundry-side glue: the numbers come from the pure rules in module/rules/check.mjs; the dice are core `Roll`s with
 * exploding modifiers (so roll modes and Dice So Nice work); the card stores ids and a small snapshot.
 * @module documents/check
 */
import { bandTN, planCheck, resolveCheck } from "../../rules/check.mjs";
import { isEmpire } from "../../rules/record.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";
import { appliedText, errorText, modifierText, warningText } from "./check-words.mjs";
import { noteHTML } from "./chat-html.mjs";
import { recordedDice, recordedPerk, recordedRep } from "./record.mjs";
import { recordedKitStep } from "./kit-record.mjs";
import { rainBand } from "./street-state.mjs";
import { spendHustle } from "./hustle.mjs";
import { recordedStatuses } from "./condition-record.mjs";

export { SYSTEM_ID };
export const CARD_TEMPLATE = "systems/the-smoke/templates/chat/check-card.hbs";

/**
 * @typedef {object} CheckChoices  What the roll dialog (or the defaults) decided.
 * @property {"band"|"fixed"|"opposed"|"guard"} tnSource
 * @property {"easy"|"medium"|"hard"|"longShot"} [band]
 * @property {number|null} [tn]     Fixed TN, opposed total or the target's Guard (null: none entered).
 * @property {string} [targetName]  Whose Guard (for the card).
 * @property {string|null} perkId   An owned perk item id whose stat matches, or null.
 * @property {string|null} [kitId]  An owned gear or outfit item id whose stat step is of this stat, or null.
 * @property {number} hustle        Hustle to spend: 0, 1 or 2 (from the dialog's choices, checked by planCheck).
 * @property {number} situational   Situational modifier. On a roll the GM counts it is the GM's (issued with the roll,
 *   shown in the dialog and not editable there; documents/core/verified-check.mjs); on a plain sheet roll the player's own.
 * @property {number} [effortSteps]  Steps of Effort up (an Aim action before this shot: 1).
 * @property {boolean} [offYourGame]  The weapon fired makes the roll Off Your Game (the Hand Cannon with Muscle d4; the
 *   GM's record of the attack says so, rules/weapon-effects.mjs weaponOffYourGame).
 * @property {string} rollMode      A CONST.DICE_ROLL_MODES value.
 */

/**
 * @typedef {object} CheckSnapshot  What a check's chat card stores in `flags["the-smoke"].check`.
 * @property {string|null} actorId
 * @property {string} stat           Stat key.
 * @property {number|null} tn
 * @property {CheckChoices["tnSource"]} tnSource
 * @property {CheckChoices["band"]|null} band
 * @property {string|null} perkId
 * @property {string|null} kitId     The kit item whose stat step applied (documents/core/kit-record.mjs recordedKitStep).
 * @property {number} hustle         Hustle paid.
 * @property {string|null} spend     The Hustle spend (RULES.hustle.spends id).
 * @property {string|null} hustleSpend  The id of the GM's record of that payment (documents/core/hustle.mjs), or null.
 * @property {number} situational
 * @property {string[]} conditions   Ids of the Conditions that changed the roll (suppressed ones left out).
 * @property {string|null} vehicle   The driven vehicle's name.
 * @property {number} total
 * @property {number} margin
 * @property {string} outcome        Outcome id.
 * @property {string|null} moment    Explosion moment id.
 */

/**
 * The dice a check uses before any boost: the Effort die (or a driven vehicle's Performance) and the stat die — a
 * character's from the GM's record (documents/core/record.mjs), never the sheet's.
 * @param {Actor.Implementation} actor  A character or NPC (an actor with stats).
 * @param {string} statKey
 * @param {{performance: number, handling?: number}|null} [vehicle]
 * @returns {{effortDie: number, statDie: number}}
 */
export function unboostedDice(actor, statKey, vehicle = null) {
  const { effortDie, statDie } = recordedDice(actor, statKey);
  return { effortDie: vehicle ? vehicle.performance : effortDie, statDie };
}

/**
 * The perk a check may use (Hustle, perks and your luck › Perks: "Use it when both the stat and the situation fit"):
 * the perk as the GM recorded it on the character (documents/core/record.mjs `recordedPerk`) — its id, key, name, stat
 * and situation — when it is of this stat; null when the character has no such perk on the record, or it is another
 * stat's. The one place a check reads a perk, on the roller's client and on the GM.
 * @param {Actor.Implementation} actor
 * @param {string|null|undefined} perkId  An owned perk item's id.
 * @param {string} [statKey]  The check's stat (omitted: any stat).
 * @returns {{id: string, key: string, name: string, stat: string, situation: string}|null}
 */
export function perkFor(actor, perkId, statKey) {
  const perk = perkId ? recordedPerk(actor, perkId) : null;
  return perk && (statKey === undefined || perk.stat === statKey) ? perk : null;
}

/**
 * The kit a check may use (Tools and gear; Clobber and outfits: "Front steps up one die when…"): the item as the GM
 * recorded it on the character (documents/core/kit-record.mjs `recordedKitStep`) — gear or an outfit with a stat step,
 * carried — when its step is of this stat; null otherwise. Like {@link perkFor}, the one place a check reads kit,
 * on the roller's client and on the GM.
 * @param {Actor.Implementation} actor
 * @param {string|null|undefined} kitId  An owned item's id.
 * @param {string} [statKey]  The check's stat (omitted: any stat).
 * @returns {{id: string, key: string, name: string, stat: string, situation: string}|null}
 */
export function kitFor(actor, kitId, statKey) {
  const kit = kitId && actor.type === "character" ? recordedKitStep(actor, kitId) : null;
  return kit && (statKey === undefined || kit.stat === statKey) ? kit : null;
}

/**
 * The TN for the choices: a band's TN comes from the Variable-Effort table of the unboosted dice — the one place a
 * check's band becomes a TN, so the street's rain reaches every check planned from a band (Street events › Sudden
 * downpour: "Wheels rolls are one band harder until it stops"; documents/core/street-state.mjs rainBand): driving from
 * the motor sheet, a shift's checks, a stop.
 * @param {Actor.Implementation} actor
 * @param {string} statKey
 * @param {Pick<CheckChoices, "tnSource"|"band"|"tn">} choices  The TN's source and its band or number (all it reads).
 * @param {{performance: number, handling: number}|null} [vehicle]
 * @returns {number}
 * @throws {Error} when a fixed/opposed/guard TN is missing.
 */
export function resolveTN(actor, statKey, choices, vehicle = null) {
  if (choices.tnSource === "band") {
    const { effortDie, statDie } = unboostedDice(actor, statKey, vehicle);
    // A band source always carries its band (defaultChoices, the roll dialog); bandTN refuses anything else.
    return bandTN(effortDie, statDie, /** @type {"easy"|"medium"|"hard"|"longShot"} */ (rainBand(actor, statKey, String(choices.band))));
  }
  const tn = choices.tn === null || choices.tn === undefined || String(choices.tn).trim() === "" ? NaN : Number(choices.tn);
  if (!Number.isInteger(tn)) throw new Error(game.i18n.localize("SMOKE.Check.errorNoTN"));
  return tn;
}

/**
 * Build the plan for an actor's check with the given choices.
 * @param {Actor.Implementation} actor
 * @param {string} statKey
 * @param {CheckChoices} choices
 * @param {{performance: number, handling: number}|null} [vehicle]
 * @returns {import("../../rules/check.mjs").CheckPlan}
 */
export function planFor(actor, statKey, choices, vehicle = null) {
  const perk = perkFor(actor, choices.perkId, statKey);
  const kit = kitFor(actor, choices.kitId, statKey);
  const { effortDie, statDie } = unboostedDice(actor, statKey, vehicle);
  return planCheck({
    effortDie, statDie, statKey,
    perk: perk ? perk.name : false,
    kit: kit ? kit.name : false,
    hustle: Number(choices.hustle) || 0,
    hustlePoints: actor.system.hustle?.value ?? 0,
    situational: Number(choices.situational) || 0,
    effortSteps: Number(choices.effortSteps) || 0,
    offYourGame: !!choices.offYourGame,
    conditions: recordedStatuses(actor),
    tn: resolveTN(actor, statKey, choices, vehicle),
    empire: actor.type === "character" ? isEmpire(recordedRep(actor)?.level ?? 1) : false,
    vehicle
  });
}

/**
 * The default choices when the dialog is skipped: Medium, no perk, no Hustle, the chat's roll mode.
 * @returns {CheckChoices}
 */
export function defaultChoices() {
  return { tnSource: "band", band: "medium", perkId: null, kitId: null, hustle: 0, situational: 0,
    // fvtt-types 13.345 leaves the core rollMode setting's value type unresolved; it is a roll mode key (a string).
    rollMode: /** @type {string} */ (game.settings.get("core", "rollMode")) };
}

/**
 * The choices that fix a roll's situational modifier to the GM's (shown in the roll dialog, not editable), or none
 * for a roll nobody issued.
 * @param {number|null|undefined} situational  The GM's modifier, or null.
 * @returns {{situational?: number, lockSituational?: boolean}}
 */
export function gmSituational(situational) {
  return situational === null || situational === undefined ? {} : { situational, lockSituational: true };
}

/**
 * Roll a check and post its chat card. Hustle is paid before the dice are thrown (paid even on failure), through the
 * GM (documents/core/hustle.mjs: the card names the GM's record of the payment).
 * @param {Actor.Implementation} actor
 * @param {string} statKey
 * @param {CheckChoices} choices
 * @param {{vehicle?: {performance: number, handling: number, name?: string}|null, flags?: object, notes?: string[]}} [options]
 *   `flags`: more `flags["the-smoke"]` for the card (an attack's target and weapon, a hold…); `notes`: lines the card
 *   shows under its result, in the table's words (a shift check's band and who set it) — words only, nothing counts them.
 * @returns {Promise<ChatMessage.Implementation|undefined>}  undefined if a hook cancelled the message.
 * @throws {Error} in the language file's words when the plan is refused (the character lacks the Hustle, a Condition
 *   stops driving) or the GM refuses the Hustle (none connected, too few points): nothing is spent or rolled.
 */
export async function rollCheck(actor, statKey, choices, { vehicle = null, flags = {}, notes = [] } = {}) {
  let plan;
  try {
    plan = planFor(actor, statKey, choices, vehicle);
  } catch (err) {
    throw new Error(errorText(err), { cause: err }); // a rule's refusal (RuleError) in the table's words
  }
  const hustleSpend = plan.hustle.cost ? (await spendHustle(actor, plan.hustle.cost)).spendId : null;
  const roll = await new Roll(plan.formula).evaluate();
  const [effortTerm, statTerm] = roll.dice;
  const result = resolveCheck({
    effortRolls: effortTerm.results.map(r => r.result),
    statRolls: statTerm.results.map(r => r.result),
    plan
  });
  const perk = perkFor(actor, choices.perkId, statKey);
  const kit = kitFor(actor, choices.kitId, statKey);
  /** @type {CheckSnapshot} */
  const snapshot = {
    actorId: actor.id, stat: statKey, tn: plan.tn, tnSource: choices.tnSource, band: choices.band ?? null,
    perkId: perk?.id ?? null, kitId: kit?.id ?? null, hustle: plan.hustle.cost, spend: plan.hustle.spend, hustleSpend, situational: Number(choices.situational) || 0,
    conditions: plan.conditions.applied.filter(c => !c.suppressedBy?.length).map(c => c.id),
    vehicle: vehicle?.name ?? null,
    total: result.total, margin: result.margin, outcome: result.outcome, moment: result.moment
  };
  const content = await foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE,
    { ...cardContext(actor, statKey, plan, result, choices, perk, vehicle), notes: notes.map(String) });
  const messageData = {
    speaker: ChatMessage.getSpeaker({ actor, token: speakerToken(actor) }),
    content,
    rolls: [roll],
    flavor: game.i18n.format("SMOKE.Check.flavor", { stat: game.i18n.localize(`SMOKE.Stat.${statKey}.name`) }),
    flags: { [SYSTEM_ID]: { ...flags, check: snapshot } }
  };
  // A key of CONFIG.Dice.rollModes (the dialog lists those; the setting holds one). Restated for fvtt-types, which
  // types CheckChoices' string and the core setting's value more loosely than applyRollMode's parameter.
  ChatMessage.applyRollMode(messageData,
    /** @type {ChatMessage.PassableRollMode} */ (choices.rollMode ?? game.settings.get("core", "rollMode")));
  return ChatMessage.create(messageData);
}

/**
 * The token that speaks for an actor's check, where it is known: an unlinked token's own (its synthetic actor), else
 * the linked actor's token on the viewed scene. v13's getSpeaker then fills `speaker.token` (and the scene).
 * @param {Actor.Implementation} actor
 * @returns {TokenDocument.Implementation|undefined}
 */
function speakerToken(actor) {
  if (actor.token) return /** @type {TokenDocument.Implementation} */ (actor.token);
  const scene = /** @type {Scene.Implementation|null|undefined} */ (game.scenes?.viewed);
  return /** @type {TokenDocument.Implementation|undefined} */ (
    scene?.tokens?.find(t => t.actorLink && t.actorId === actor.id)) ?? undefined;
}

/** What the card template shows. Every string is escaped by Handlebars' `{{ }}`. */
export function cardContext(actor, statKey, plan, result, choices, perk, vehicle) {
  const i18n = game.i18n;
  const dieRow = (label, planned, rolled) => ({
    label, die: planned.die, chain: rolled.chain, total: rolled.total, exploded: rolled.explosions > 0,
    bonus: planned.bonus || 0
  });
  const tnLabel = {
    band: () => i18n.format("SMOKE.Check.tnBand", { band: i18n.localize(`SMOKE.Band.${choices.band}`) }),
    fixed: () => i18n.localize("SMOKE.Check.tnFixed"),
    opposed: () => i18n.localize("SMOKE.Check.tnOpposed"),
    guard: () => i18n.format("SMOKE.Check.tnGuard", { target: choices.targetName ?? "" })
  }[choices.tnSource]?.() ?? "";
  return {
    actorName: actor.name,
    stat: i18n.localize(`SMOKE.Stat.${statKey}.name`),
    dice: [
      dieRow(vehicle ? i18n.format("SMOKE.Check.performance", { vehicle: vehicle.name ?? "" }) : i18n.localize("SMOKE.Effort"),
        plan.effort, result.effort),
      dieRow(i18n.localize(`SMOKE.Stat.${statKey}.name`), plan.stat, result.stat)
    ],
    modifierParts: plan.modifierParts.map(p => ({ ...p, text: modifierText(p) })),
    modifier: result.modifier,
    total: result.total,
    tn: result.tn,
    tnLabel,
    margin: result.margin,
    outcome: result.outcome,
    outcomeLabel: i18n.localize(`SMOKE.Outcome.${result.outcome}`),
    success: result.success,
    moment: result.moment ? i18n.localize(`SMOKE.Moment.${result.moment}`) : null,
    explosions: result.explosions,
    spent: plan.hustle.cost ? i18n.format(`SMOKE.Check.spent.${plan.hustle.spend}`, { cost: plan.hustle.cost }) : null,
    perk: perk?.name ?? null,
    applied: plan.applied.map(a => ({ ...a, text: appliedText(a) })),
    warnings: plan.warnings.map(warningText)
  };
}

/**
 * Mark a card the GM refused as not counting (the card's content gets the reason) and warn. For a roll whose request
 * the GM turned down (a Dodge that is not this hit's, a gauge check at the wrong band, a repair at the wrong
 * difficulty): the card stays in chat, marked, so nobody reads it as a result.
 * @param {ChatMessage.Implementation|null|undefined} message  The card (the requester's own).
 * @param {string} reason  The refusal, in words.
 * @param {{notify?: boolean}} [options]  notify: warn too (default); false when the caller reports the refusal itself.
 * @returns {Promise<null>}
 */
export async function refuseCard(message, reason, { notify = true } = {}) {
  const note = await noteHTML(game.i18n.format("SMOKE.Check.refused", { reason }), "smoke-refused");
  await message?.update?.({ content: `${message?.content ?? ""}${note}` }).catch(() => null);
  if (notify) ui.notifications.warn(reason);
  return null;
}
