/**
 * Blinding someone with the Torch in a fight (rulebook: Tools and gear · 9–16 › Torch: "Also good for blinding
 * someone for a moment (Front vs their Bottle)"; Choosing difficulty › Opposed situations; When it kicks off ›
 * Actions and intent: an action uses a die). On the user's die:
 * 1. `combat.blind.issue` (active GM): the user must carry gear with a `blinds` contest on the GM's record of their kit
 *    (quantity 1 or more; an item a player added to their own sheet is not kit); the target must be a person with the
 *    stat to roll. The GM spends the die, rolls the target's side itself (their own unboosted dice and Conditions, no
 *    perk, no Hustle: rules/gear-actions.mjs) with a card, and issues the user's roll at that total
 *    (documents/core/roll-claims.mjs).
 * 2. The user rolls the contest's stat at that TN through the roll dialog (perks and Hustle may help).
 * 3. `combat.blind.claim` (active GM): the first card made for the roll, re-derived from the GM's view, counts once;
 *    meeting the total blinds them for a moment. What that moment costs them the book does not say: the card says it
 *    is the GM's call, and nothing is applied by itself.
 * @module documents/fight/blind
 */
import { blindingContest, blindingOpponentPlan, blindingOpponentTotal, blindingResult } from "../../rules/gear-actions.mjs";
import { gmSituational, refuseCard, rollCheck } from "../core/check.mjs";
import { listCardHTML, noteHTML } from "../core/chat-html.mjs";
import { recordedKit } from "../core/kit-record.mjs";
import { recordedDice } from "../core/record.mjs";
import { assertOwner, requestGM } from "../core/requests.mjs";
import { promptCheck } from "../core/prompt-check.mjs";
import { claimRoll, issueRoll } from "../core/roll-claims.mjs";
import { spendDieAsGM } from "./combat.mjs";
import { recordedStatuses } from "../core/condition-record.mjs";

const PURPOSE = "combat.blind";

/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 * @returns {string}
 */
const L = (key, data) => (data ? game.i18n.format(key, /** @type {Parameters<typeof game.i18n.format>[1]} */ (data)) : game.i18n.localize(key));
/** @param {string} stat */
const statName = stat => L(`SMOKE.Stat.${stat}.name`);

/**
 * The gear a character could blind someone with, as the GM recorded it: the first owned item on the record of the
 * kit with a `blinds` contest and at least one carried, or null. Any client may ask (the record is readable); only the
 * GM's answer counts.
 * @param {Actor.Implementation|null|undefined} actor
 * @returns {{id: string, name: string, stat: string, against: string}|null}
 */
export function blinderOf(actor) {
  if (!actor) return null;
  for (const [id, entry] of Object.entries(recordedKit(actor))) {
    if (entry.type !== "gear" || Number(entry.system.quantity ?? 1) < 1) continue;
    const contest = blindingContest(entry.system);
    if (contest) return { id, name: actor.items.get(id)?.name ?? entry.name, ...contest };
  }
  return null;
}

/**
 * Blind someone on the user's die: the GM spends it and rolls their side, then the user rolls theirs.
 * @param {Combat.Implementation} combat
 * @param {Combatant.Implementation} combatant  The user.
 * @param {string} targetId  The target's combatant id.
 * @param {{skipDialog?: boolean, dieIndex?: number|null}} [opts]
 * @returns {Promise<{blinded: boolean}|null>} null when refused or the dialog was closed (a warning says why).
 */
export async function blindWithGear(combat, combatant, targetId, { skipDialog = false, dieIndex = null } = {}) {
  let issued;
  try {
    issued = await requestGM("combat.blind.issue", { combatId: combat.id, combatantId: combatant.id, targetId, index: dieIndex });
  } catch (err) {
    ui.notifications.warn(err.message);
    return null;
  }
  const actor = /** @type {Actor.Implementation} */ (combatant.actor);
  const fixed = { tnSource: /** @type {const} */ ("fixed"), tn: issued.tn, lockTN: true, ...gmSituational(issued.situational) };
  const choices = await promptCheck(actor, issued.stat, { initial: fixed, skipDialog });
  if (!choices) return null;
  const message = await rollCheck(actor, issued.stat, { ...choices, ...fixed }, { flags: { rollId: issued.rollId } });
  if (!message) return null;
  try {
    return await requestGM("combat.blind.claim", { rollId: issued.rollId, messageId: message.id });
  } catch (err) {
    return refuseCard(message, err.message);
  }
}

/**
 * The active GM's handlers.
 * @type {Record<string, import("../core/requests.mjs").RequestHandler>}
 */
export const requests = {
  "combat.blind.issue": async (user, { combatId, combatantId, targetId, index = null }) => {
    const combat = game.combats?.get(combatId);
    const me = combat?.combatants.get(combatantId);
    const target = combat?.combatants.get(targetId);
    if (!combat || !me?.actor || !target?.actor || target.id === me.id) throw new Error(L("SMOKE.Attack.noTarget"));
    const actor = /** @type {Actor.Implementation} */ (me.actor);
    assertOwner(user, actor);
    const gear = blinderOf(actor);
    if (!gear) throw new Error(L("SMOKE.Blind.nothing", { name: actor.name ?? "" }));
    const them = /** @type {Actor.Implementation} */ (target.actor);
    const stats = /** @type {{stats?: Record<string, unknown>}} */ (them.system)?.stats; // a person's (a motor has none)
    if (!stats?.[gear.against]) {
      throw new Error(L("SMOKE.Blind.notPerson", { name: them.name ?? "", against: statName(gear.against) }));
    }
    await spendDieAsGM(combat, me, "blind", { index });
    const plan = blindingOpponentPlan({ against: gear.against, ...recordedDice(them, gear.against), conditions: recordedStatuses(them) });
    const roll = await new Roll(plan.formula).evaluate();
    const [effortTerm, statTerm] = /** @type {any[]} */ (roll.dice);
    const theirs = blindingOpponentTotal(plan, effortTerm.results.map(r => r.result), statTerm.results.map(r => r.result));
    const context = { combatId, combatantId, targetId, round: combat.round, item: gear.name, stat: gear.stat, against: gear.against,
      opponentTotal: theirs.total };
    // A new roll for each die spent (the die's spend counter is in the key): asking again spends another die.
    const { rollId, tn, situational } = issueRoll(user, { purpose: PURPOSE, actor, stat: gear.stat, tn: theirs.total, context,
      key: `${combatId}:${combatantId}:${combat.round}:${foundry.utils.randomID(8)}` });
    await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor: them }), rolls: [roll],
      content: await noteHTML(L("SMOKE.Blind.opponent", { name: them.name ?? "", against: statName(gear.against),
        user: actor.name ?? "", item: gear.name, total: theirs.total })) });
    return { rollId, tn, situational, stat: gear.stat };
  },

  "combat.blind.claim": async (user, { rollId, messageId }) => {
    const { roll, actor, check } = await claimRoll(user, { rollId, messageId, purpose: PURPOSE });
    const c = /** @type {{combatId: string, targetId: string, item: string, stat: string, against: string, opponentTotal: number}} */
      (roll.context); // the context the GM issued above
    const target = game.combats?.get(c.combatId)?.combatants.get(c.targetId);
    const result = blindingResult({ total: check.total, opponentTotal: c.opponentTotal });
    const words = { user: actor.name ?? "", target: target?.name ?? "", item: c.item, stat: statName(c.stat), total: check.total,
      against: statName(c.against), opponentTotal: c.opponentTotal };
    const lines = [L(result.blinded ? "SMOKE.Blind.blinded" : "SMOKE.Blind.missed", words)];
    if (result.blinded) lines.push(L("SMOKE.Blind.gmCall"));
    await ChatMessage.create({ speaker: { alias: L("SMOKE.Combat.title") },
      content: await listCardHTML({ cls: "smoke-blind-card", title: L("SMOKE.Blind.title", { item: c.item }), lines }) });
    return { blinded: result.blinded };
  }
};
