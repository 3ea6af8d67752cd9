/**
 * A check from a sheet to the chat card (rulebook: The roll; Hustle, perks and your luck; Before you throw the dice).
 * Foundry-side glue: the numbers come from the pure rules in module/rules/check.mjs; the dice are core `Roll`s with
 * exploding modifiers (so roll modes and Dice So Nice work); the card stores ids and a small snapshot.
 * @module documents/check
 */
import { bandTN, planCheck, resolveCheck } from "../rules/check.mjs";
import { isEmpire } from "../rules/record.mjs";

export const SYSTEM_ID = "the-smoke";
export const CARD_TEMPLATE = "systems/the-smoke/templates/chat/check-card.hbs";

/**
 * @typedef {object} CheckChoices  What the roll dialog (or the defaults) decided.
 * @property {"band"|"fixed"|"opposed"|"guard"} tnSource
 * @property {"easy"|"medium"|"hard"|"longShot"} [band]
 * @property {number} [tn]          Fixed TN, opposed total or the target's Guard.
 * @property {string} [targetName]  Whose Guard (for the card).
 * @property {string|null} perkId   An owned perk item id whose stat matches, or null.
 * @property {0|1|2} hustle         Hustle to spend.
 * @property {number} situational   Situational modifier.
 * @property {string} rollMode      A CONST.DICE_ROLL_MODES value.
 */

/**
 * The dice a check uses before any boost: the Effort die (or a driven vehicle's Performance) and the stat die.
 * @param {Actor} actor
 * @param {string} statKey
 * @param {{performance: number, handling: number}|null} [vehicle]
 * @returns {{effortDie: number, statDie: number}}
 */
export function unboostedDice(actor, statKey, vehicle = null) {
  const sys = actor.system;
  return { effortDie: vehicle ? vehicle.performance : (sys.effort?.die ?? 6), statDie: sys.stats[statKey].die };
}

/**
 * The TN for the choices: a band's TN comes from the Variable-Effort table of the unboosted dice.
 * @returns {number}
 * @throws {Error} when a fixed/opposed/guard TN is missing.
 */
export function resolveTN(actor, statKey, choices, vehicle = null) {
  if (choices.tnSource === "band") {
    const { effortDie, statDie } = unboostedDice(actor, statKey, vehicle);
    return bandTN(effortDie, statDie, choices.band);
  }
  const tn = Number(choices.tn);
  if (!Number.isInteger(tn)) throw new Error(game.i18n.localize("SMOKE.Check.errorNoTN"));
  return tn;
}

/**
 * Build the plan for an actor's check with the given choices.
 * @returns {import("../rules/check.mjs").CheckPlan}
 */
export function planFor(actor, statKey, choices, vehicle = null) {
  const perk = choices.perkId ? actor.items.get(choices.perkId) : null;
  const { effortDie, statDie } = unboostedDice(actor, statKey, vehicle);
  return planCheck({
    effortDie, statDie, statKey,
    perk: perk ? perk.name : false,
    hustle: Number(choices.hustle) || 0,
    hustlePoints: actor.system.hustle?.value ?? 0,
    situational: Number(choices.situational) || 0,
    conditions: actor.statuses ?? [],
    tn: resolveTN(actor, statKey, choices, vehicle),
    empire: actor.type === "character" ? isEmpire(actor.system.rep.level) : false,
    vehicle
  });
}

/** The default choices when the dialog is skipped: Medium, no perk, no Hustle, the chat's roll mode. */
export function defaultChoices() {
  return { tnSource: "band", band: "medium", perkId: null, hustle: 0, situational: 0,
    rollMode: game.settings.get("core", "rollMode") };
}

/**
 * Roll a check and post its chat card. Hustle is paid before the dice are thrown (paid even on failure).
 * @param {Actor} actor
 * @param {string} statKey
 * @param {CheckChoices} choices
 * @param {{vehicle?: {performance: number, handling: number, name?: string}|null}} [options]
 * @returns {Promise<ChatMessage>}
 * @throws {Error} when the character lacks the Hustle (nothing is spent or rolled).
 */
export async function rollCheck(actor, statKey, choices, { vehicle = null } = {}) {
  const plan = planFor(actor, statKey, choices, vehicle);
  if (plan.hustle.cost) await actor.update({ "system.hustle.value": plan.hustle.remaining });
  const roll = await new Roll(plan.formula).evaluate();
  const [effortTerm, statTerm] = roll.dice;
  const result = resolveCheck({
    effortRolls: effortTerm.results.map(r => r.result),
    statRolls: statTerm.results.map(r => r.result),
    plan
  });
  const perk = choices.perkId ? actor.items.get(choices.perkId) : null;
  const snapshot = {
    actorId: actor.id, stat: statKey, tn: plan.tn, tnSource: choices.tnSource, band: choices.band ?? null,
    perkId: perk?.id ?? null, hustle: plan.hustle.cost, spend: plan.hustle.spend, situational: Number(choices.situational) || 0,
    conditions: plan.conditions.applied.filter(c => !c.suppressedBy?.length).map(c => c.id),
    vehicle: vehicle?.name ?? null,
    total: result.total, margin: result.margin, outcome: result.outcome, moment: result.moment
  };
  const content = await foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE,
    cardContext(actor, statKey, plan, result, choices, perk, vehicle));
  const messageData = {
    speaker: ChatMessage.getSpeaker({ actor }),
    content,
    rolls: [roll],
    flavor: game.i18n.format("SMOKE.Check.flavor", { stat: game.i18n.localize(`SMOKE.Stat.${statKey}.name`) }),
    flags: { [SYSTEM_ID]: { check: snapshot } }
  };
  ChatMessage.applyRollMode(messageData, choices.rollMode ?? game.settings.get("core", "rollMode"));
  return ChatMessage.create(messageData);
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
    modifierParts: plan.modifierParts,
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
    applied: plan.applied,
    warnings: plan.warnings
  };
}
