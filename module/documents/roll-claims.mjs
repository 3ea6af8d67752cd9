/**
 * Rolls the GM asked for, outside a fight (rulebook: The roll; Getting a motor › Theft and recovery; Fire, repairs
 * and selling up › Repairs; The chase gauge). The same "player asks, GM re-checks, applies once" pattern as an attack
 * (documents/attack.mjs), for procedures whose roll is made and used within one request's time:
 *
 * 1. the player's client asks the GM to **issue** a roll (a request handler calls {@link issueRoll}): the GM checks
 *    what may be tried and fixes the actor, stat and TN, and keeps the record in memory on its own client;
 * 2. the player rolls the check (its card's flags carry `rollId`);
 * 3. the player's client asks the GM to apply it; the handler calls {@link claimRoll}, which checks the card is that
 *    roll by that user for that actor and stat, re-derives total, margin and outcome from the card's own roll against
 *    the TN the GM fixed, and forgets the record, so a card counts once.
 * A record the GM no longer holds (the GM reloaded, {@link ROLL_TTL_MS} passed, used already) is refused: ask again.
 *
 * Foundry-side only; no rules here.
 * @module documents/roll-claims
 */
import { SYSTEM_ID, verifiedCheck } from "./check.mjs";
import { cardMadeFor } from "./roll-cards.mjs";

/** How long an issued roll waits for its card. */
export const ROLL_TTL_MS = 10 * 60_000;

/**
 * @typedef {object} IssuedRoll
 * @property {string} id
 * @property {string} purpose     e.g. "vehicle.theft", "vehicle.repair", "chase.gauge".
 * @property {string} userId      Who may claim it.
 * @property {string} actorUuid   Who rolls.
 * @property {string} stat
 * @property {number} tn
 * @property {object} context     What the handler needs back (the motor, the band, the tool …).
 * @property {number} issuedAt    Date.now() on the GM.
 */

/** @type {Map<string, IssuedRoll>} */
const issued = new Map();

/**
 * GM: issue a roll (from a request handler, after its own checks).
 * @param {User.Implementation} user  The requester: only they may claim it.
 * @param {{purpose: string, actor: Actor.Implementation, stat: string, tn: number, context?: object}} spec
 * @returns {{rollId: string, tn: number}} Send back to the requester; the card's flags carry `rollId`.
 */
export function issueRoll(user, { purpose, actor, stat, tn, context = {} }) {
  for (const [id, r] of issued) if (Date.now() - r.issuedAt > ROLL_TTL_MS) issued.delete(id);
  const id = foundry.utils.randomID(16);
  issued.set(id, { id, purpose, userId: /** @type {string} */ (user.id), actorUuid: actor.uuid, stat, tn, context,
    issuedAt: Date.now() });
  return { rollId: id, tn };
}

/**
 * GM: claim an issued roll with its card, once.
 * @param {User.Implementation} user  The requester.
 * @param {{rollId: string, messageId: string, purpose: string}} claim
 * @returns {{roll: IssuedRoll, actor: Actor.Implementation, message: ChatMessage.Implementation,
 *   check: {total: number, margin: number, outcome: string, moment: string|null}}}
 * @throws {Error} "Ask again" for an unknown, expired or used roll; "not the roll …" for a card that is not it.
 */
export function claimRoll(user, { rollId, messageId, purpose }) {
  const roll = issued.get(rollId);
  if (!roll || roll.purpose !== purpose || Date.now() - roll.issuedAt > ROLL_TTL_MS) {
    throw new Error(game.i18n.localize("SMOKE.Request.rollGone"));
  }
  const message = game.messages?.get(messageId);
  const actor = /** @type {Actor.Implementation|null} */ (fromUuidSync(roll.actorUuid));
  const author = message?.author;
  const flags = /** @type {any} */ (message?.flags?.[SYSTEM_ID]);
  const mine = !!author && (author.isGM || (author.id === roll.userId && (user.isGM || user.id === roll.userId)));
  if (!message || !actor || !mine || flags?.rollId !== rollId || !cardMadeFor(message, rollId)) {
    throw new Error(game.i18n.localize("SMOKE.Attack.forged"));
  }
  const check = verifiedCheck(message, { actor, stat: roll.stat, tn: roll.tn });
  issued.delete(rollId);
  return { roll, actor, message, check };
}
