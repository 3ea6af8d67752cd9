/**
 * Which roll id each chat card carried **when it was created**, as this client saw it. A claim (roll-claims.mjs
 * claimRoll, the GM Screen's and Street Control's requests) counts only a card that was made for the roll it names:
 * a player may edit their own card's flags afterwards, so the `rollId` flag alone would let an older, luckier card
 * of theirs (the same actor and stat) be re-flagged for a new request. The record is this client's memory, filled by
 * the `createChatMessage` hook, which v13 calls on every client as a card arrives — before the card's claim, which
 * the requester sends once the card exists. A card made while no GM was connected is not in it: roll again.
 * @module documents/roll-cards
 */
import { SYSTEM_ID } from "../generated/rules.mjs";

/** @type {Map<string, string>} message id → the roll id its card carried at creation */
const madeFor = new Map();
/** Cards remembered (the oldest forgotten first); far more than a session's open requests. */
const KEEP = 2000;

/**
 * Remember the roll id a new card carries (the `createChatMessage` hook).
 * @param {ChatMessage.Implementation} message
 */
export function noteRollCard(message) {
  const id = /** @type {Record<string, unknown>|undefined} */ (message.flags?.[SYSTEM_ID])?.rollId;
  if (typeof id !== "string" || !id || !message.id) return;
  madeFor.set(message.id, id);
  if (madeFor.size > KEEP) madeFor.delete(/** @type {string} */ (madeFor.keys().next().value));
}

/**
 * Was this card created carrying `rollId` (not re-flagged later)?
 * @param {ChatMessage.Implementation|null|undefined} message  @param {string} rollId
 * @returns {boolean}
 */
export function cardMadeFor(message, rollId) {
  return !!message?.id && madeFor.get(message.id) === rollId;
}

/** No requests; the hook that fills the record. @type {Record<string, never>} */
export const requests = {};
export const hooks = { createChatMessage: noteRollCard };
