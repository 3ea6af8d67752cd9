/**
 * The opponent's side of an opposed GM check (rulebook: Choosing difficulty › Opposed situations; GM checks: Leg It
 * "roll their Moves", Shove Past "their Muscle", Scare Them Off "their Bottle"): a roll the system makes on the
 * active GM's client, inside the request handler, with the opponent's own unboosted dice and Conditions. Its total
 * is the TN of the request; nothing a player writes reaches it. Foundry-side only; the plan is rules/gm-screen.mjs's.
 * @module documents/gm-opposed
 */
import { OPPOSED_CHECKS, opponentRoll, opponentTotal } from "../../rules/gm-screen.mjs";
import { recordedDice } from "../core/record.mjs";
import { recordedStatuses } from "../core/condition-record.mjs";

/**
 * @typedef {object} OpponentRoll  What the request keeps of the opponent's roll.
 * @property {string} uuid
 * @property {string} name
 * @property {string} stat  The stat they rolled.
 * @property {number} total  The TN.
 * @property {number[]} effort  Effort faces.
 * @property {number[]} statFaces
 * @property {number} modifier
 */

/**
 * Active GM: roll the opponent's side of an opposed check.
 * @param {any} actor  The opponent (a character or NPC with stats).
 * @param {string} checkKey  A key of {@link OPPOSED_CHECKS}.
 * @returns {Promise<{record: OpponentRoll, roll: Roll}>}  The roll goes on the request's card (Dice So Nice shows it).
 * @throws {Error} for an opponent without the stat (in words).
 */
export async function rollOpponent(actor, checkKey) {
  const stat = OPPOSED_CHECKS[checkKey].stat;
  const sys = actor.system;
  if (!sys.stats?.[stat]) throw new Error(game.i18n.format("SMOKE.GMScreen.notPerson", { what: actor.name ?? "" }));
  const { plan } = opponentRoll({ checkKey, ...recordedDice(actor, stat),
    conditions: recordedStatuses(actor) });
  const roll = await new Roll(plan.formula).evaluate();
  const [effortTerm, statTerm] = /** @type {any[]} */ (roll.dice);
  const t = opponentTotal(plan, effortTerm.results.map(r => r.result), statTerm.results.map(r => r.result));
  return { record: { uuid: actor.uuid, name: actor.name ?? "", stat, total: t.total, effort: t.effort, statFaces: t.stat,
    modifier: t.modifier }, roll };
}
