/**
 * The GM's side of a check card (rulebook: The roll; Before you throw the dice; Hustle, perks and your luck): **a
 * counted roll is re-derived, not trusted.** When the GM counts a card — an attack, a hold, a Dodge, Stay Conscious, an
 * issued roll (documents/core/roll-claims.mjs), a GM Screen or police check request — it rebuilds the check's plan from
 * its own view: the character's unboosted dice ({@link unboostedDice}) and Conditions, the stat and TN it fixed, the
 * perk the card names (which the character must have, for this stat: {@link perkFor}), the kit the card names (which
 * the GM's record must say the character carries, stepping this stat: {@link kitFor}), the Hustle the card names
 * (which the GM must have taken for it: documents/core/hustle.mjs), the situational modifier the GM set (0 when it set
 * none: the book names no bound for one a player adds), the Effort steps the GM recorded (Aim) and a driven motor's
 * numbers as the GM reads them. A card whose dice, explosions or modifier differ is refused, saying which, with the
 * numbers (rules/rolled-check.mjs `rollDifferences`, worded by documents/core/check-words.mjs `differenceText`). Only then
 * are total, margin and outcome read from the card's own roll; the card's flags' numbers are never read.
 *
 * Foundry-side only; the rules are rules/check.mjs and rules/rolled-check.mjs.
 * @module documents/verified-check
 */
import { planCheck, readRolledCheck, rollDifferences } from "../../rules/check.mjs";
import { isEmpire } from "../../rules/record.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";
import { kitFor, perkFor, unboostedDice } from "./check.mjs";
import { differenceText, errorText } from "./check-words.mjs";
import { bindSpend, paidSpend } from "./hustle.mjs";
import { createdAs } from "./roll-cards.mjs";
import { recordedRep } from "./record.mjs";
import { recordedStatuses } from "./condition-record.mjs";

const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * A refusal of a card made wrong: it names another actor or stat, or its roll is no check's. Such a card shows no luck
 * to choose by (it was wrong when it was made, whatever its dice), so when the refusal is of what it held at creation
 * the caller may set it aside.
 * @param {string} text
 * @param {unknown} created  The card's creation record, if the GM saw it.
 * @param {unknown} [cause]
 * @returns {Error & {setAside: boolean}}
 */
const madeWrong = (text, created, cause = undefined) =>
  Object.assign(new Error(text, cause ? { cause } : undefined), { setAside: !!created });

/**
 * @typedef {object} VehicleNumbers  A driven motor's numbers for a check (documents/vehicle/driving.mjs
 *   `drivingNumbers`): its Performance die (the TN's die), Handling, steps (flat tyres) and driving modifiers.
 * @property {number} performance
 * @property {number} [handling]
 * @property {number} [steps]
 * @property {{value: number, text: string}[]} [modifiers]
 */

/**
 * @typedef {object} CheckExpectation  What the GM knows of the check a card must be (its own view, never the card's).
 * @property {Actor.Implementation} actor  Who rolls (a unit's crew: the motor itself, with `crew`).
 * @property {string} stat   The stat it fixed.
 * @property {number} tn     The TN it holds (a recorded Guard, a band's TN for the roller's unboosted dice, a total).
 * @property {number} [situational=0]  The situational modifier the GM set (an attack's range and drive-by, a request's).
 * @property {number} [effortSteps=0]  Effort steps the GM recorded (an Aim before this shot).
 * @property {boolean} [offYourGame=false]  The GM's record of the attack says its weapon makes the roll Off Your Game
 *   (the Hand Cannon with Muscle d4).
 * @property {VehicleNumbers|null} [vehicle=null]  The driven motor's numbers, read by the GM.
 * @property {number|null} [crew=null]  A unit's crew rolls: its Wheels die (no record of its own: no Conditions, perk
 *   or Hustle).
 */

/**
 * GM side: a check card's numbers, re-derived — the card (as it was created, when the GM saw that: roll-cards.mjs
 * createdAs) must be this actor's check of this stat, rolled as the check the GM rebuilds for it, and its Hustle paid;
 * its total, margin and outcome are then read from its own roll against the GM's TN. A Hustle spend it names is
 * counted for this card, once.
 * @param {ChatMessage.Implementation} message  A check card.
 * @param {CheckExpectation} expect
 * @returns {Promise<{total: number, margin: number, outcome: string, moment: string|null}>}
 * @throws {Error} "That card is not the roll …" for another actor's or stat's card; "That card does not follow from
 *   its roll (…)" for a roll no check makes — both with `setAside: true` when that is what the card held at creation
 *   (it was made wrong: the caller sets it aside, roll-cards.mjs voidCard, and the roller's next card counts); "That
 *   card is not this check (…)" naming each part that differs (a die, an explosion, the modifier, a perk the character
 *   lacks, Hustle not paid) — never set aside, as the GM's view (Conditions, kit) may have changed since the roll, so
 *   the roll stays spent. Nothing is written then.
 */
export async function verifiedCheck(message, { actor, stat, tn, situational = 0, effortSteps = 0, vehicle = null,
  crew = null, offYourGame = false }) {
  // What the card held when it was created, where this client saw that (roll-cards.mjs): a later edit changes nothing.
  const created = createdAs(message);
  const snapshot = created ? created.check : message.flags?.[SYSTEM_ID]?.check;
  const roll = created ? created.roll : message.rolls?.[0];
  if (!snapshot || snapshot.stat !== stat || snapshot.actorId !== actor.id || !roll) {
    throw madeWrong(L("SMOKE.Attack.forged"), created);
  }
  let rolled;
  try {
    rolled = readRolledCheck(typeof roll.toJSON === "function" ? roll.toJSON() : roll, tn);
  } catch (err) {
    throw madeWrong(L("SMOKE.Check.notFromRoll", { why: errorText(err) }), created, err);
  }
  const statName = L(`SMOKE.Stat.${stat}.name`);
  /** @type {string[]} */
  const problems = [];
  // The perk and the Hustle the card names count only when the GM's own records have them.
  const perk = crew === null ? perkFor(actor, snapshot.perkId, stat) : null;
  if (snapshot.perkId && !perk) problems.push(L("SMOKE.Check.differs.perk", { actor: actor.name ?? "", stat: statName }));
  // Kit that steps the stat counts only when the GM's record says the character carries it (documents/core/kit-record.mjs).
  const kit = crew === null ? kitFor(actor, snapshot.kitId, stat) : null;
  if (snapshot.kitId && !kit) problems.push(L("SMOKE.Check.differs.kit", { actor: actor.name ?? "", stat: statName }));
  const cost = Number(snapshot.hustle) || 0;
  const paid = cost > 0 && crew === null && paidSpend(actor, snapshot.hustleSpend, cost, /** @type {string} */ (message.id));
  if (cost && !paid) problems.push(L("SMOKE.Check.differs.hustle", { cost: String(cost), actor: actor.name ?? "" }));
  let plan;
  try {
    const dice = crew === null ? unboostedDice(actor, stat, vehicle) : { effortDie: vehicle?.performance ?? 6, statDie: crew };
    plan = planCheck({ ...dice, statKey: stat, perk: perk ? perk.name ?? true : false,
      kit: kit ? kit.name ?? true : false, hustle: paid ? cost : 0,
      hustlePoints: paid ? cost : 0, situational, effortSteps, offYourGame, conditions: crew === null ? recordedStatuses(actor) : [], tn,
      empire: actor.type === "character" && isEmpire(recordedRep(actor)?.level ?? 1), vehicle });
  } catch (err) {
    problems.push(errorText(err)); // a Condition that stops this driver, a die off the ladder: no check to match
  }
  if (plan) problems.push(...rollDifferences(plan, rolled).map(d => differenceText(d, stat)));
  if (problems.length) throw new Error(L("SMOKE.Check.notThisCheck", { why: problems.join("; ") }));
  if (paid) await bindSpend(snapshot.hustleSpend, /** @type {string} */ (message.id));
  return { total: rolled.total, margin: rolled.margin, outcome: rolled.outcome, moment: rolled.moment };
}
