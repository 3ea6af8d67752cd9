/**
 * Where the Blower's texts are kept (issue 24, part 6): so that they survive another GM taking over, a GM's second
 * browser and cleared site data, and still never reach a non-recipient's browser.
 *
 * **Why there is no GM-only place in v13 to keep them.** Foundry hands every world document and every Setting to every
 * client: the per-user world payload dumps each collection without the user (a reading of Foundry's server,
 * `dist/packages/world.mjs` and `Setting.dump()`, recorded in public module code in the code index — "Foundry 14.361
 * has no server-side read authorization"); user-scope settings are Setting documents in that same collection (v13
 * client `helpers/client-settings.mjs`: `storage.set(USER, storage.get(WORLD))`; `documents/collections/
 * world-settings.mjs`: `getSetting(key, user)` is a `find` over it). A compendium pack's ownership is read by the
 * client (`CompendiumCollection#visible`, `#getUserLevel`, v13 client `compendium-collection.mjs`), whose constructor
 * builds every pack's index from `game.data`; no docs page or client code shows the server refusing a pack's
 * documents, or the broadcast of their creation, to a user with NONE — and core's own issues show pack ownership is
 * not a dependable boundary (foundryvtt#13484: a pack with blank ownership lets anyone create, view and modify its
 * documents; foundryvtt#13283: v13 build 347 drops `ownership` from the compendium configuration setting).
 *
 * **What we keep instead.**
 * - **Copies, only where they may be.** Each text is kept whole only in browsers that may read it: every GM's, and
 *   each recipient's own (a client setting, this browser's storage, by world and user: {@link heldCopies}).
 * - **A seal, in the world.** The active GM writes each text's seal to a GM store (`the-smoke.blowerSeals`: id → the
 *   time and the SHA-256 of the text with a 128-bit random nonce that only the copies hold). Every client reads it;
 *   it tells nobody what a text says or who it is to, and no one can forge a copy that matches it.
 * - **Rebuilt from the copies.** A GM client that lacks a text (another GM took over, a new browser, cleared site
 *   data) takes it back from any holder that offers it through the authenticated request channel — a phone asking
 *   for its inbox, another GM's client — and keeps it only when its seal matches, and a player's copy only when that
 *   player is a recipient. A text survives while one browser that may read it keeps its copy.
 *
 * Foundry-side only; no rules here.
 * @module documents/blower-record
 */
import { gmStore } from "../core/gm-store.mjs";
import { sha256 } from "../core/sha256.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";

/**
 * @typedef {object} Held  A text as its copies keep it.
 * @property {string} id
 * @property {string} from   The contact's name as the GM typed it.
 * @property {string[]} to   Recipient user ids.
 * @property {string} text   Plain text (shown escaped).
 * @property {number} at     Server time (ms).
 * @property {string} nonce  32 hex digits, kept only with the copies.
 * @property {Record<string, number>} readBy  User id → when they read it.
 */

/** Texts kept per world (oldest dropped). */
export const KEEP = 500;
/** This browser's copies: world id → user id → Held[]. */
const HELD = "blowerHeld";

/**
 * The seals, by text id (GM-only): `{at, seal}`, kept in {@link SEAL_BUCKETS} GM stores chosen by the id, so sealing a
 * new text rewrites (and sends every client) one bucket, not every seal (issue 26). The first bucket is issue 24's
 * single store, which may still hold any text's seal.
 */
export const SEAL_BUCKETS = 32;
const buckets = Array.from({ length: SEAL_BUCKETS }, (_, k) => gmStore(k ? `blowerSeals${k}` : "blowerSeals"));
/**
 * @param {string} id
 * @returns {ReturnType<typeof gmStore>}
 */
const bucketOf = id => buckets[[...String(id)].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 0) % SEAL_BUCKETS];
export const seals = {
  /** @returns {Record<string, {at: number, seal: string}>} Every seal. */
  all: () => Object.assign({}, ...buckets.map(b => b.all())),
  /**
   * @param {string} id
   * @param {{at: number, seal: string}|null} value  null: drop it (from every bucket holding it).
   */
  set: async (id, value) => {
    if (value !== null) return bucketOf(id).set(id, value);
    for (const b of buckets) if (b.get(id)) await b.set(id, null);
    return null;
  }
};

/** Register this browser's copies (init). */
export function registerRecord() {
  game.settings.register(SYSTEM_ID, HELD, { scope: "client", config: false, type: Object, default: {} });
}

/** @returns {string} 32 random hex digits (crypto.getRandomValues: in every context, secure or not). */
export function newNonce() {
  return [...crypto.getRandomValues(new Uint8Array(16))].map(b => b.toString(16).padStart(2, "0")).join("");
}

/**
 * @param {Held} t
 * @returns {string} The text's seal: what the copies must hash to.
 */
export function sealOf(t) {
  return sha256(JSON.stringify([t.id, t.from, [...t.to], t.text, t.at, t.nonce]));
}

/**
 * Whether a copy is a text the GM sealed, unchanged.
 * @param {unknown} copy
 * @param {Record<string, {at: number, seal: string}>} [sealed]  The seals (read once by a caller
 *   checking many copies).
 * @returns {copy is Held}
 */
export function isSealed(copy, sealed = seals.all()) {
  const c = /** @type {{[K in keyof Held]?: unknown}|null|undefined} */ (copy); // anybody's copy: checked here
  if (!c || typeof c.id !== "string" || typeof c.nonce !== "string" || !Array.isArray(c.to)) return false;
  const s = sealed[c.id];
  return !!s && typeof c.text === "string" && typeof c.from === "string" && Number.isFinite(c.at)
    && s.seal === sealOf(/** @type {Held} */ (c)); // its fields are of the kinds a text has (checked above)
}

/** @returns {Held[]} This browser's copies for this world and user. */
export function heldCopies() {
  const list = game.settings.get(SYSTEM_ID, HELD)?.[game.world.id]?.[game.user.id];
  return Array.isArray(list) ? list : [];
}

/** Writes of this browser's copies, one after another (each reads the last one's result). */
let holding = Promise.resolve();

/**
 * Keep copies in this browser (merged by id; read marks joined; at most {@link KEEP}, oldest dropped). Writes run one
 * after another, so two never lose each other's texts.
 * @param {Held[]} copies
 * @returns {Promise<void>}
 */
export function hold(copies) {
  const run = holding.then(() => write(copies));
  holding = run.catch(err => console.warn("the-smoke | keeping texts", err));
  return run;
}

/** @param {Held[]} copies */
async function write(copies) {
  const byId = new Map(heldCopies().map(t => [t.id, t]));
  let changed = false;
  for (const c of copies) {
    const had = byId.get(c.id);
    const readBy = { ...(had?.readBy ?? {}), ...(c.readBy ?? {}) };
    if (had && JSON.stringify(had.readBy ?? {}) === JSON.stringify(readBy)) continue;
    byId.set(c.id, { id: c.id, from: c.from, to: [...c.to], text: c.text, at: c.at, nonce: c.nonce, readBy });
    changed = true;
  }
  if (!changed) return;
  const all = foundry.utils.deepClone(game.settings.get(SYSTEM_ID, HELD) ?? {});
  const mine = [...byId.values()].sort((a, b) => a.at - b.at).slice(-KEEP);
  all[game.world.id] = { ...(all[game.world.id] ?? {}), [game.user.id]: mine };
  await game.settings.set(SYSTEM_ID, HELD, all);
}

/**
 * Active GM: seal a new text (its nonce chosen here) and keep it; the oldest seals beyond {@link KEEP} go.
 * @param {Omit<Held, "nonce"|"readBy">} t
 * @returns {Promise<Held>}
 */
export async function seal(t) {
  /** @type {Held} */
  const text = { ...t, nonce: newNonce(), readBy: {} };
  await seals.set(text.id, { at: text.at, seal: sealOf(text) });
  const all = Object.entries(seals.all()).sort(([, a], [, b]) => a.at - b.at);
  for (const [id] of all.slice(0, Math.max(0, all.length - KEEP))) await seals.set(id, null);
  await hold([text]);
  return text;
}
