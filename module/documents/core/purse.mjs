/**
 * Money (rulebook: Money, shops and a safe bed): a character's pocket cash and stash, in whole pounds. The fact is
 * the GM's ({@link module:documents/mirror}: `actor.system.cash.{pocket,stash}` mirror the GM store `purses`), so a
 * player cannot pay themselves by typing on their sheet. Money moves on the **active GM** only, inside request
 * handlers or GM automation, through {@link pay}, {@link charge} and {@link moveCash}; each writes once, or refuses
 * with a message and writes nothing. A short log of recent payments is kept per character (the phone shows it).
 *
 * A new character's starting cash (its recorded background's) is set once by the GM when the Creator's finish is
 * applied ({@link startingCash}; the request `purse.start` asks for the same).
 *
 * Foundry-side only; no rules here.
 * @module documents/purse
 */
import { CATALOGUE_IDS, SYSTEM_ID } from "../../generated/rules.mjs";
import { gmStore } from "./gm-store.mjs";
import { guardActorFields } from "./mirror.mjs";
import { assertOwner } from "./requests.mjs";
import { recordOf } from "./record.mjs";

const POCKET = "system.cash.pocket";
const STASH = "system.cash.stash";
/** The most pounds one payment may move (anything larger is a typo or an attack). */
export const MAX_PAYMENT = 1_000_000;
const LOG_LENGTH = 20;

const guard = guardActorFields({ key: "purses", paths: [POCKET, STASH], notice: "SMOKE.Purse.gmOwned" });
/** @type {import("./gm-store.mjs").GMStore<{entries: PurseLogEntry[], started?: boolean}>} */
const ledger = gmStore("purseLog");

/**
 * @typedef {object} PurseLogEntry
 * @property {number} at       Server time (ms).
 * @property {number} amount   Whole pounds, + in, − out.
 * @property {"pocket"|"stash"} where
 * @property {string} reason   A lang key or a short text the GM gave.
 */

/**
 * @param {Actor.Implementation} actor  A character.
 * @returns {{pocket: number, stash: number, log: PurseLogEntry[]}} Whole pounds and the latest payments, newest first.
 */
export function purseOf(actor) {
  const values = guard.sanctioned(actor);
  return { pocket: values[POCKET], stash: values[STASH], log: ledger.get(actor.uuid)?.entries ?? [] };
}

/**
 * @param {unknown} pounds
 * @returns {number}
 */
function wholePounds(pounds) {
  const n = Number(pounds);
  if (!Number.isInteger(n) || n < 0 || n > MAX_PAYMENT) {
    throw new Error(game.i18n.format("SMOKE.Purse.badAmount", { amount: String(pounds), max: String(MAX_PAYMENT) }));
  }
  return n;
}

/**
 * @param {Actor.Implementation} actor
 * @param {PurseLogEntry[]} entries
 */
async function log(actor, entries) {
  if (!entries.length) return;
  await ledger.update(actor.uuid, cur => ({ ...(cur ?? {}), entries: [...entries, ...(cur?.entries ?? [])].slice(0, LOG_LENGTH) }));
}

/**
 * Active GM: pay a character into their pocket.
 * @param {Actor.Implementation} actor
 * @param {number} pounds  Whole pounds, 0–{@link MAX_PAYMENT}.
 * @param {{reason?: string}} [options]
 * @returns {Promise<number>} The new pocket cash.
 * @throws {Error} a bad amount (nothing written), or not on the active GM.
 */
export async function pay(actor, pounds, { reason = "" } = {}) {
  const n = wholePounds(pounds);
  const pocket = purseOf(actor).pocket + n;
  await guard.write(actor, { [POCKET]: pocket });
  await log(actor, [{ at: game.time.serverTime, amount: n, where: "pocket", reason }]);
  return pocket;
}

/**
 * Active GM: take money from a character's pocket (never the stash).
 * @param {Actor.Implementation} actor
 * @param {number} pounds  Whole pounds.
 * @param {{reason?: string}} [options]
 * @returns {Promise<number>} The new pocket cash.
 * @throws {Error} "Short by £N" when the pocket holds less (nothing written), a bad amount.
 */
export async function charge(actor, pounds, { reason = "" } = {}) {
  const n = wholePounds(pounds);
  const { pocket } = purseOf(actor);
  if (pocket < n) throw new Error(game.i18n.format("SMOKE.Purse.short", { missing: String(n - pocket), price: String(n) }));
  await guard.write(actor, { [POCKET]: pocket - n });
  await log(actor, [{ at: game.time.serverTime, amount: -n, where: "pocket", reason }]);
  return pocket - n;
}

/**
 * Active GM: move cash between pocket and stash (the caller checks the character is at their flat).
 * @param {Actor.Implementation} actor
 * @param {{toStash: number}} move  Whole pounds into the stash; negative takes from the stash.
 * @returns {Promise<{pocket: number, stash: number}>}
 * @throws {Error} more than is held on the side it comes from, a bad amount.
 */
export async function moveCash(actor, { toStash }) {
  const n = wholePounds(Math.abs(Number(toStash)));
  const { pocket, stash } = purseOf(actor);
  const into = Number(toStash) >= 0;
  const held = into ? pocket : stash;
  if (held < n) throw new Error(game.i18n.format("SMOKE.Purse.short", { missing: String(n - held), price: String(n) }));
  const next = into ? { pocket: pocket - n, stash: stash + n } : { pocket: pocket + n, stash: stash - n };
  await guard.write(actor, { [POCKET]: next.pocket, [STASH]: next.stash });
  const at = game.time.serverTime;
  await log(actor, [{ at, amount: into ? -n : n, where: "pocket", reason: "SMOKE.Purse.toStash" },
    { at, amount: into ? n : -n, where: "stash", reason: "SMOKE.Purse.toStash" }]);
  return next;
}

/**
 * Whether a character has had its money: a starting cash paid, a payment logged, or cash on the GM's record.
 * @param {Actor.Implementation} actor
 * @returns {boolean}
 */
export function alreadyStarted(actor) {
  const record = ledger.get(actor.uuid);
  const { pocket, stash } = purseOf(actor);
  return !!(record?.started || record?.entries?.length || pocket || stash);
}

/**
 * Active GM: a new character's starting cash, once — the cash of the background **on the GM's record** (the one the
 * Creator's finish applied; documents/core/record.mjs), never one the player wrote on the sheet.
 * @param {Actor.Implementation} actor  A character.
 * @returns {Promise<{pocket: number}>}
 * @throws {Error} a character that had its money already, or has no background on the record.
 */
export async function startingCash(actor) {
  if (actor.type !== "character") throw new Error(game.i18n.localize("SMOKE.Purse.notCharacter"));
  // Once, and only for a new character: nothing paid yet and an empty purse (a character in play has had its cash).
  if (alreadyStarted(actor)) throw new Error(game.i18n.localize("SMOKE.Purse.alreadyStarted"));
  const key = recordOf(actor)?.background ?? "";
  const id = /** @type {Record<string, Record<string, string> | undefined>} */ (CATALOGUE_IDS).backgrounds?.[key];
  const bg = id ? await /** @type {CompendiumCollection.Any | undefined} */ (game.packs.get(`${SYSTEM_ID}.backgrounds`))?.getDocument(id) : null;
  if (!bg) throw new Error(game.i18n.localize("SMOKE.Purse.noBackground"));
  await ledger.update(actor.uuid, cur => ({ entries: cur?.entries ?? [], started: true }));
  await guard.write(actor, { [POCKET]: wholePounds(bg.system.cash) });
  return { pocket: purseOf(actor).pocket };
}

/** Requests (registered by the entry). */
export const requests = {
  /**
   * A new character's starting cash: its recorded background's, once (the Creator's finish pays it; asking again is
   * refused).
   * @param {User.Implementation} user
   * @param {{actorUuid: string}} data
   */
  "purse.start": async (user, { actorUuid }) => {
    const actor = /** @type {Actor.Implementation|null} */ (await fromUuid(/** @type {SmokeUuid} */ (String(actorUuid))));
    assertOwner(user, actor);
    return startingCash(actor);
  }
};

/** Hooks (registered by the entry). */
export const hooks = guard.hooks;
