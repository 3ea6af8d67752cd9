/**
 * What each chat card carried **when it was created**, as this client saw it — the rolls it was made for, its check
 * snapshot and its roll — and which card came first for each roll. A claim (roll-claims.mjs claimRoll, an attack's or
 * hold's record, a Dodge, Stay Conscious, the GM Screen's and Street Control's requests) counts only
 * - a card that was made for the roll it names: a player may edit their own card's flags afterwards, so the flags
 *   alone would let an older, luckier card of theirs (the same actor and stat) be re-flagged for a new request;
 * - the **first** card its author made for that roll, claimed or not: rolling an issued roll twice and claiming the
 *   better card is refused (rulebook: The roll — one roll, then read the margin). First *by its author*, so another
 *   player who read a roll id (a GM store is a world setting every client reads) cannot make a card for it first and
 *   so void the roller's; the claim checks the author may roll it.
 * The GM re-derives a card from what it held at creation ({@link createdAs}; documents/core/verified-check.mjs), so editing
 * a card's dice or flags afterwards changes nothing. A first card that was made wrong — naming another actor or stat,
 * or with a roll no check makes, as it was created — shows no luck to choose by, so it is set aside ({@link voidCard})
 * and the author's next card for the roll is the one that counts. A card that is a check but not this one (its
 * modifier, dice or perk differ from the GM's rebuild) is not set aside: the GM's view may have changed since the roll
 * (a Condition removed, a perk deleted), so setting it aside would let a player undo a bad roll; the roll stays spent.
 * The record is this client's memory, filled by the `createChatMessage` hook, which v13 calls on every client as a
 * card arrives — before the card's claim, which the requester sends once the card exists. A card made while no GM was
 * connected is not in it: roll again. The GM stores that outlive a reload (gm-requests.mjs, street/police.mjs) also
 * keep the first card of each of their rolls.
 *
 * A card's roll keys ({@link rollKeysOf}): its `rollId` (an issued roll, a request's option); `record:<id>` for an
 * attack's or hold's record; `dodge:<attack card id>` for a Dodge; `conscious:<combat>:<combatant>:<round>` for a
 * Stay Conscious roll (once a round).
 * @module documents/roll-cards
 */
import { SYSTEM_ID } from "../../generated/rules.mjs";

/**
 * @typedef {object} CreatedCard  A card as it was created.
 * @property {string[]} keys  The rolls it was made for.
 * @property {any} check  Its `flags["the-smoke"].check`.
 * @property {any} roll  Its first roll as JSON (`Roll#toJSON()`), or null.
 */
/** @type {Map<string, CreatedCard>} message id → the card as it was created */
const madeFor = new Map();
/** @type {Map<string, Map<string, string[]>>} roll key → author's user id → their cards for it, in the order made */
const cardsFor = new Map();
/** Cards set aside: first cards that did not follow from what they held at creation. */
const voided = new Set();
/** Cards remembered (the oldest forgotten first); far more than a session's open requests. */
const KEEP = 2000;

/**
 * @param {unknown} v
 * @returns {v is string}
 */
const id = v => typeof v === "string" && v.length > 0;

/**
 * The rolls a card is for, from its flags as they are now (see the module notes for the keys).
 * @param {ChatMessage.Implementation} message
 * @returns {string[]}
 */
export function rollKeysOf(message) {
  const f = /** @type {Record<string, any>} */ (message.flags?.[SYSTEM_ID] ?? {});
  const keys = [];
  if (id(f.rollId)) keys.push(f.rollId);
  if (!f.check) return keys;
  for (const ref of [f.attack, f.hold]) if (id(ref?.recordId)) keys.push(`record:${ref.recordId}`);
  if (id(f.dodge?.messageId)) keys.push(`dodge:${f.dodge.messageId}`);
  const sc = f.stayConscious;
  if (id(sc?.combatId) && id(sc?.combatantId)) {
    keys.push(consciousKey(sc.combatId, sc.combatantId, game.combats?.get(sc.combatId)?.round ?? 0));
  }
  return keys;
}

/**
 * The roll key of a Stay Conscious roll: one a round for a combatant.
 * @param {string} combatId
 * @param {string} combatantId
 * @param {number} round
 * @returns {string}
 */
export const consciousKey = (combatId, combatantId, round) => `conscious:${combatId}:${combatantId}:${round}`;

/**
 * Remember what a new card carries and its place among its author's cards for each roll (the `createChatMessage`
 * hook).
 * @param {ChatMessage.Implementation} message
 */
export function noteRollCard(message) {
  const keys = rollKeysOf(message);
  if (!keys.length || !message.id) return;
  const roll = message.rolls?.[0] ?? null;
  const check = message.flags?.[SYSTEM_ID]?.check;
  madeFor.set(message.id, { keys, check: check ? foundry.utils.deepClone(check) : null,
    roll: roll ? foundry.utils.deepClone(typeof roll.toJSON === "function" ? roll.toJSON() : roll) : null });
  const author = message.author?.id ?? "";
  for (const key of keys) {
    const byAuthor = cardsFor.get(key) ?? new Map();
    byAuthor.set(author, [...(byAuthor.get(author) ?? []), message.id]);
    cardsFor.set(key, byAuthor);
  }
  if (madeFor.size > KEEP) madeFor.delete(/** @type {string} */ (madeFor.keys().next().value));
  while (cardsFor.size > KEEP) cardsFor.delete(/** @type {string} */ (cardsFor.keys().next().value));
}

/**
 * A card as it was created, when this client saw it arrive.
 * @param {ChatMessage.Implementation|null|undefined} message
 * @returns {CreatedCard|null}
 */
export function createdAs(message) {
  return (message?.id && madeFor.get(message.id)) || null;
}

/**
 * Was this card created carrying `key` (not re-flagged later)?
 * @param {ChatMessage.Implementation|null|undefined} message
 * @param {string} key  A roll key.
 * @returns {boolean}
 */
export function cardMadeFor(message, key) {
  return !!createdAs(message)?.keys.includes(key);
}

/**
 * The first card a user made for a roll (set-aside cards skipped), as this client saw the cards arrive.
 * @param {string} key  A roll key.
 * @param {string|null|undefined} authorId  The cards' author.
 * @returns {string|null}  Its message id, or null when no card of theirs for it arrived here.
 */
export function firstCardFor(key, authorId) {
  return cardsFor.get(key)?.get(authorId ?? "")?.find(m => !voided.has(m)) ?? null;
}

/**
 * Has any card (not set aside) been made for a roll, as this client saw the cards arrive?
 * @param {string} key  A roll key.
 * @returns {boolean}
 */
export function hasCard(key) {
  return [...(cardsFor.get(key)?.values() ?? [])].some(list => list.some(m => !voided.has(m)));
}

/**
 * The reason a card does not count for a roll, or null when it is the first card its author made for it.
 * @param {ChatMessage.Implementation|null|undefined} message
 * @param {string} key  A roll key.
 * @param {{first?: string|null}} [known]  first: the first card a GM store kept for the roll (it outlives a reload).
 * @returns {"forged"|"notFirst"|null}  forged: not made for this roll; notFirst: its author made another card for it
 *   first.
 */
export function cardRefusal(message, key, { first = null } = {}) {
  const recorded = first ?? firstCardFor(key, message?.author?.id);
  if (!message?.id || !(cardMadeFor(message, key) || recorded === message.id)) return "forged";
  return recorded === message.id ? null : "notFirst";
}

/**
 * Set aside a first card the GM refused as made wrong (documents/core/verified-check.mjs `setAside`: it refused what the
 * card held at creation): the author's next card for the roll counts instead. A card this client did not see created
 * stays.
 * @param {ChatMessage.Implementation|null|undefined} message
 * @returns {boolean}  Whether it was set aside.
 */
export function voidCard(message) {
  if (!createdAs(message)) return false;
  voided.add(/** @type {string} */ (message?.id));
  return true;
}

/**
 * A card's refusal in words (`SMOKE.Attack.forged`, `SMOKE.Check.notFirstCard`).
 * @param {"forged"|"notFirst"} why
 */
export const refusalText = why => game.i18n.localize(why === "forged" ? "SMOKE.Attack.forged" : "SMOKE.Check.notFirstCard");

/**
 * @typedef {object} StoredRollEntry  A character's rolls in a GM store's request record (the GM Screen's, a police
 *   event's).
 * @property {string} actorUuid
 * @property {string} userId  Who rolls.
 * @property {{rollId: string, cardId?: string|null}[]} options  `cardId`: the first card its roller made for it.
 */

/**
 * Active GM: a card arrives carrying one of a store's roll ids — keep it as that roll's first card when it is the first
 * the entry's roller (or a GM) made, so the first card still counts after a reload (the memory above does not).
 * Written in the store's own queue: a second card arriving meanwhile finds the first kept.
 * @template {{id: string, entries: StoredRollEntry[]}} R
 * @param {import("./gm-store.mjs").GMStore<R>} store
 * @param {ChatMessage.Implementation} message
 */
export function keepFirstCard(store, message) {
  const rollId = message.flags?.[SYSTEM_ID]?.rollId;
  if (!game.user?.isActiveGM || !id(rollId) || !message.id) return;
  const record = Object.values(store.all()).find(r => r.entries.some(e => e.options.some(o => o.rollId === rollId)));
  const entry = record?.entries.find(e => e.options.some(o => o.rollId === rollId));
  const author = message.author;
  if (!record || !entry || !author || !(author.isGM || author.id === entry.userId)) return;
  if (entry.options.find(o => o.rollId === rollId)?.cardId) return;
  const keep = o => (o.rollId === rollId && !o.cardId ? { ...o, cardId: message.id } : o);
  store.update(record.id, r => r && /** @type {R} */ ({ ...r, entries: r.entries.map(e => ({ ...e, options: e.options.map(keep) })) }))
    .catch(err => console.error(`the-smoke | ${store.key}: could not keep a first card`, err));
}

/**
 * Active GM: set aside a store's first card the GM refused ({@link voidCard}); the store then keeps the author's next
 * card for that roll, if one arrived, as its first.
 * @template {{id: string, entries: StoredRollEntry[]}} R
 * @param {import("./gm-store.mjs").GMStore<R>} store
 * @param {ChatMessage.Implementation} message
 * @param {string} rollId
 * @returns {Promise<boolean>}  Whether it was set aside.
 */
export async function voidStoredCard(store, message, rollId) {
  if (!voidCard(message)) return false;
  const record = Object.values(store.all()).find(r => r.entries.some(e => e.options.some(o => o.rollId === rollId)));
  if (!record) return true;
  const next = firstCardFor(rollId, message.author?.id);
  const replace = o => (o.rollId === rollId && o.cardId === message.id ? { ...o, cardId: next } : o);
  await store.update(record.id, r => r && /** @type {R} */ ({ ...r, entries: r.entries.map(e => ({ ...e, options: e.options.map(replace) })) }));
  return true;
}

/**
 * One live roll per character and purpose, for the GM stores' requests: a character of the new record whose entry for
 * the same purpose is still open in an earlier record takes that entry's roll ids (and first cards), option by option.
 * @template {StoredRollEntry} E
 * @param {{id: string, entries: E[]}[]} earlier  Records of the same purpose, newest first.
 * @param {E[]} entries  The new record's entries (rewritten in place).
 * @param {{open: (e: E) => boolean, same: (a: any, b: any) => boolean}} match  open: an entry not yet rolled; same:
 *   two options are the same roll (its stat, its check).
 * @returns {string[]}  The earlier records an entry came from (the caller removes it from them).
 */
export function carryOpenRolls(earlier, entries, { open, same }) {
  const from = new Set();
  for (const entry of entries) {
    const record = earlier.find(r => r.entries.some(e => e.actorUuid === entry.actorUuid && open(e)));
    const before = record?.entries.find(e => e.actorUuid === entry.actorUuid);
    if (!record || !before) continue;
    from.add(record.id);
    entry.options = entry.options.map(o => {
      const prior = before.options.find(p => same(p, o));
      return prior ? { ...o, rollId: prior.rollId, cardId: prior.cardId ?? null } : o;
    });
  }
  return [...from];
}

/**
 * No requests; the hook that fills the record.
 * @type {Record<string, never>}
 */
export const requests = {};
export const hooks = { createChatMessage: noteRollCard };
