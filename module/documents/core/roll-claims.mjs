/**
 * Rolls the GM asked for, outside a fight (rulebook: The roll; Getting a motor › Theft and recovery; Fire, repairs
 * and selling up › Repairs; The chase gauge). The same "player asks, GM re-checks, applies once" pattern as an attack
 * (documents/fight/attack.mjs), for procedures whose roll is made and used within one request's time:
 *
 * 1. the player's client asks the GM to **issue** a roll (a request handler calls {@link issueRoll}): the GM checks
 *    what may be tried and fixes the actor, stat and TN — and what else the check is: the situational modifier it
 *    sets (0 unless it sets one), a driven motor's numbers, a crew's Wheels die — and keeps the record in memory on
 *    its own client. **One live roll per purpose**: asking again for the same character, purpose and subject returns
 *    the same roll id, so asking twice and rolling both gains nothing;
 * 2. the player rolls the check (its card's flags carry `rollId`);
 * 3. the player's client asks the GM to apply it; the handler calls {@link claimRoll}, which checks the card is the
 *    **first card made for that roll** (documents/core/roll-cards.mjs) by that user for that actor and stat, re-derives the
 *    check from the GM's own view and reads total, margin and outcome from the card's own roll against the TN the GM
 *    fixed (documents/core/verified-check.mjs), and forgets the record, so a card counts once.
 * A record the GM no longer holds (the GM reloaded, {@link ROLL_TTL_MS} passed with no card made for it, used
 * already) is refused: ask again. A roll a card was made for waits for that card (it does not expire): asking again
 * returns it, and its first card stays the one that counts, even when it is refused. Only a first card made wrong (another
 * actor's or stat's, or a roll no check makes, as it was created: it shows no luck to choose by) is set aside, so the
 * roller's next card counts (roll-cards.mjs).
 *
 * Foundry-side only; no rules here.
 * @module documents/roll-claims
 */
import { SYSTEM_ID } from "./check.mjs";
import { verifiedCheck } from "./verified-check.mjs";
import { cardRefusal, hasCard, refusalText, voidCard } from "./roll-cards.mjs";

/** How long an issued roll with no card made for it waits for one. */
export const ROLL_TTL_MS = 10 * 60_000;
/** Rolls kept (the oldest dropped first): far more than a session's open ones. */
const KEEP = 500;

/**
 * @typedef {object} IssuedRoll
 * @property {string} id
 * @property {string} purpose     e.g. "vehicle.theft", "vehicle.repair", "chase.gauge".
 * @property {string} key         The subject within the purpose (one live roll per user, purpose, actor and key).
 * @property {string} userId      Who may claim it.
 * @property {string} actorUuid   Who rolls.
 * @property {string} stat
 * @property {number} tn
 * @property {number} situational  The GM's situational modifier (0: none).
 * @property {import("./verified-check.mjs").VehicleNumbers|null} vehicle  The driven motor's numbers, or null.
 * @property {number|null} crew   A unit's crew's Wheels die (the actor is the motor), or null.
 * @property {object} context     What the handler needs back (the motor, the band, the tool …).
 * @property {number} issuedAt    Date.now() on the GM.
 */

/** @type {Map<string, IssuedRoll>} */
const issued = new Map();

/**
 * @param {IssuedRoll} r
 * @returns {boolean} Still waiting for a card, or holding the card made for it.
 */
const live = r => hasCard(r.id) || Date.now() - r.issuedAt <= ROLL_TTL_MS;

/**
 * GM: issue a roll (from a request handler, after its own checks). The same user asking again for the same actor,
 * purpose and key gets the live roll: with its terms renewed while no card has been made for it, unchanged once one
 * has (a GM asking for the same character gets a roll of its own, which only a GM's card claims).
 * @param {User.Implementation} user  The requester: only they may claim it.
 * @param {{purpose: string, actor: Actor.Implementation, stat: string, tn: number, context?: object, key?: string,
 *   situational?: number, vehicle?: import("./verified-check.mjs").VehicleNumbers|null, crew?: number|null}} spec
 *   `key`: the subject within the purpose (default: the context as JSON); `situational`: the GM's modifier (default 0).
 * @returns {{rollId: string, tn: number, situational: number}} Send back to the requester; the card's flags carry
 *   `rollId`, and its dialog shows the GM's situational.
 */
export function issueRoll(user, { purpose, actor, stat, tn, context = {}, key = JSON.stringify(context), situational = 0,
  vehicle = null, crew = null }) {
  for (const [id, r] of issued) if (!live(r)) issued.delete(id);
  const same = [...issued.values()].find(r => r.purpose === purpose && r.actorUuid === actor.uuid && r.key === key
    && r.userId === user.id);
  if (same && hasCard(same.id)) return { rollId: same.id, tn: same.tn, situational: same.situational };
  const id = same?.id ?? foundry.utils.randomID(16);
  issued.delete(id); // re-inserted last: the oldest roll is the first one dropped
  issued.set(id, { id, purpose, key, userId: /** @type {string} */ (user.id), actorUuid: actor.uuid, stat, tn,
    situational, vehicle, crew, context, issuedAt: Date.now() });
  while (issued.size > KEEP) issued.delete(/** @type {string} */ (issued.keys().next().value));
  return { rollId: id, tn, situational };
}

/**
 * GM: claim an issued roll with its card, once.
 * @param {User.Implementation} user  The requester.
 * @param {{rollId: string, messageId: string, purpose: string}} claim
 * @returns {Promise<{roll: IssuedRoll, actor: Actor.Implementation, message: ChatMessage.Implementation,
 *   check: {total: number, margin: number, outcome: string, moment: string|null}}>}
 * @throws {Error} "Ask again" for an unknown, expired or used roll; "not the roll …" for a card that is not it; "only
 *   the first card …" for a second card made for it; the re-derivation's refusal (a card made wrong is set aside).
 */
export async function claimRoll(user, { rollId, messageId, purpose }) {
  const roll = issued.get(rollId);
  if (!roll || roll.purpose !== purpose || !live(roll)) throw new Error(game.i18n.localize("SMOKE.Request.rollGone"));
  const message = game.messages?.get(messageId);
  const actor = /** @type {Actor.Implementation|null} */ (fromUuidSync(roll.actorUuid));
  const author = message?.author;
  const flags = message?.flags?.[SYSTEM_ID];
  const mine = !!author && (author.isGM || (author.id === roll.userId && (user.isGM || user.id === roll.userId)));
  if (!message || !actor || !mine || flags?.rollId !== rollId) throw new Error(game.i18n.localize("SMOKE.Attack.forged"));
  const refusal = cardRefusal(message, rollId);
  if (refusal) throw new Error(refusalText(refusal));
  let check;
  try {
    check = await verifiedCheck(message, { actor, stat: roll.stat, tn: roll.tn, situational: roll.situational,
      vehicle: roll.vehicle, crew: roll.crew });
  } catch (err) {
    if (err.setAside) voidCard(message); // made wrong: the roller's next card for this roll counts
    throw err;
  }
  issued.delete(rollId);
  return { roll, actor, message, check };
}
