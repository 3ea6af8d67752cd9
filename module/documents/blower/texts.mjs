/**
 * Texts on the Blower (issue 15, "Messages"): the GM writes as a named contact (Pat, Kez, a client) to one or more
 * players, and **only the recipients' browsers ever receive the text** — not in a request, a WebSocket frame, the
 * world's data or their storage.
 *
 * Where the texts are kept (documents/blower/record.mjs, issue 24): whole copies only in the GMs' browsers and each
 * recipient's own, a seal of each (its SHA-256 with a nonce only the copies hold) in a GM store, and a GM client that
 * lacks a text takes it back from a holder only when the seal matches. So the texts survive another GM taking over, a
 * GM's second browser and cleared site data, while one browser that may read them keeps its copy.
 *
 * - **Delivery** is a pull: the active GM pings each recipient (and every other GM) with an empty v13 query
 *   (`the-smoke.blowerPing`, to that user only, carrying nothing), and a client asks the active GM for its own texts
 *   through the GM request channel (`blower.inbox`, authenticated per user by documents/core/requests.mjs). The first ask
 *   of a session offers the ids it holds and its own read marks; the GM answers only with the texts addressed to the
 *   asking user (a GM: every text) that the asker lacks or whose read marks differ, and names the offered ids it
 *   lacks; the client gives those back (`blower.restore`), which the GM keeps only sealed and, from a player,
 *   addressed to that player. Every answer carries the GM's cursor (this GM session and its count of changes); a
 *   later ask names it and gets only the asker's texts changed since (a new text, a read mark) — not the inbox
 *   (issue 26). A cursor from another GM session is refused as stale and the client asks again in full. The phone
 *   shows this browser's own copies that still have a seal. A ping from anyone else only makes a client ask again.
 * - **Sending as a contact** is the GM's alone (`blower.text` refuses a player); read marks (`blower.read`) are per
 *   user and only for the user's own texts. Text is always shown escaped (Handlebars `{{ }}`).
 * With no GM connected the phone says there is no signal.
 *
 * Foundry-side only; no rules here.
 * @module documents/blower-texts
 */
import { assertGM, requestGM } from "../core/requests.mjs";
import { KEEP, heldCopies, hold, isSealed, registerRecord, seal, seals } from "./record.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";

/** Before issue 24 the first GM's browser kept the texts here (read once on load, to seal them). */
const OLD_LOG = "blowerTexts";
const PING = /** @type {const} */ (`${SYSTEM_ID}.blowerPing`);
/** Longest contact name and text (characters). */
export const MAX_FROM = 40;
export const MAX_TEXT = 1000;

/** @typedef {import("./record.mjs").Held} Text */

/**
 * @typedef {object} InboxText  One text as a phone shows it.
 * @property {string} id
 * @property {string} from
 * @property {string} text
 * @property {number} at
 * @property {boolean} unread  For the asking user.
 * @property {string[]} [to]   Recipient names (the GM's view only).
 */

/**
 * @typedef {object} InboxAnswer  The GM's answer to `blower.inbox`.
 * @property {Text[]} copies      The asker's texts it lacks or that changed (whole), for its browser to keep.
 * @property {string[]} want      Ids the asker offered that the GM's record lacks (give them back).
 * @property {string|null} cursor The GM's cursor now (`<session>:<changes>`), to name in the next ask.
 * @property {boolean} [stale]    The cursor named was another GM session's: ask again in full.
 */

/** Active GM, in memory: this session's id, its count of record changes, and the count at each text's last change. */
let session = "";
const sessionId = () => (session ||= foundry.utils.randomID());
let changes = 0;
const changedAt = /** @type {Map<string, number>} */ (new Map());
/** @param {{id: string}[]} texts  Texts of the record just changed (new, read, given back). */
function bump(texts) {
  if (!texts.length) return;
  changes++;
  for (const t of texts) changedAt.set(t.id, changes);
}
const cursorNow = () => `${sessionId()}:${changes}`;

/** Active GM, in memory only: whose phone is open now (user id → the character's name and since when). */
const openPhones = /** @type {Map<string, {actor: string, at: number}>} */ (new Map());

/** This client's copy of its texts (null until asked), the GM's cursor it last got, and who listens for changes. */
let inbox = /** @type {InboxText[]|null} */ (null);
let cursor = /** @type {string|null} */ (null);
let signal = true;
/** @type {Set<() => void>} */
const listeners = new Set();

/** Register this browser's copies, the pre-issue-24 log (to seal it) and the ping (init). */
export function registerTexts() {
  registerRecord();
  game.settings.register(SYSTEM_ID, OLD_LOG, { scope: "client", config: false, type: Object, default: {} });
  CONFIG.queries[PING] = async () => {
    void refreshInbox();
    return true;
  };
}

/** @returns {Text[]} The texts this client holds that still have a seal (the active GM: its record). */
function record() {
  const sealed = seals.all();
  return heldCopies().filter(t => sealed[t.id]);
}

/**
 * @param {string} key
 * @param {Record<string, string>} [data]
 */
const refuse = (key, data) => new Error(data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * Check a text the GM wrote: a contact name, at least one player, some text.
 * @param {{from?: unknown, to?: unknown, text?: unknown}} data
 * @returns {{from: string, to: string[], text: string}}
 * @throws {Error} naming what is wrong.
 */
export function checkText({ from, to, text }) {
  const name = String(from ?? "").trim();
  if (!name) throw refuse("SMOKE.Blower.Messages.noFrom");
  if (name.length > MAX_FROM) throw refuse("SMOKE.Blower.Messages.longFrom", { max: String(MAX_FROM) });
  const body = String(text ?? "").trim();
  if (!body) throw refuse("SMOKE.Blower.Messages.noText");
  if (body.length > MAX_TEXT) throw refuse("SMOKE.Blower.Messages.longText", { max: String(MAX_TEXT) });
  const ids = [...new Set(Array.isArray(to) ? to.map(String) : [])];
  if (!ids.length) throw refuse("SMOKE.Blower.Messages.noRecipient");
  for (const id of ids) {
    const user = game.users.get(id);
    if (!user || user.isGM) throw refuse("SMOKE.Blower.Messages.badRecipient", { id });
  }
  return { from: name, to: ids, text: body };
}

/**
 * A text as `user` may see it.
 * @param {Text} t
 * @param {any} user
 * @returns {InboxText}
 */
function view(t, user) {
  /** @type {InboxText} */
  const out = { id: t.id, from: t.from, text: t.text, at: t.at, unread: !t.readBy?.[user.id] };
  if (user.isGM) {
    out.to = t.to.map(id => game.users.get(id)?.name ?? id);
    out.unread = false;
  }
  return out;
}

/**
 * A text whole, as `user` may keep it: a player gets only their own read mark.
 * @param {Text} t
 * @param {any} user
 * @returns {Text}
 */
function copyFor(t, user) {
  if (user.isGM) return t;
  const readBy = t.readBy?.[user.id] ? { [user.id]: t.readBy[user.id] } : {};
  return { ...t, readBy };
}

/**
 * @param {unknown} ids
 * @returns {Set<string>}
 */
const idSet = ids => new Set(Array.isArray(ids) ? ids.map(String).slice(0, KEEP * 2) : []);

/**
 * Mark the user's own texts read.
 * @param {any} user
 * @param {Set<string>} wanted
 * @returns {Promise<number>} How many.
 */
async function markFor(user, wanted) {
  const changed = [];
  for (const t of record()) {
    if (!wanted.has(t.id) || !t.to.includes(user.id) || t.readBy?.[user.id]) continue;
    changed.push({ ...t, readBy: { ...t.readBy, [user.id]: game.time.serverTime } });
  }
  if (changed.length) await hold(changed);
  bump(changed);
  return changed.length;
}

/**
 * Active GM: ping users (an empty query: each asks again).
 * @param {any[]} users
 */
function ping(users) {
  for (const u of users) {
    if (u?.active && u.id !== game.user.id) u.query(PING, {}, { timeout: 10_000 }).catch(() => {});
  }
}

/** Requests (the active GM runs them). */
export const requests = {
  /**
   * The GM sends a text as a contact.
   * @param {User.Implementation} user
   * @param {{from: string, to: string[], text: string}} data
   */
  "blower.text": async (user, data) => {
    assertGM(user);
    const t = checkText(data ?? {});
    const text = await seal({ id: foundry.utils.randomID(), ...t, at: game.time.serverTime });
    bump([text]);
    ping([...text.to.map(id => game.users.get(id)), ...game.users.filter(u => u.isGM)]);
    void refreshInbox();
    return { id: text.id };
  },
  /**
   * A client asks for its own texts (a GM: every text): in full, offering the ids it holds and the ones it has read
   * (answered with what it lacks or has marked differently, and the offered ids the GM lacks), or since a cursor
   * (answered with what changed since).
   * @param {any} user
   * @param {{have?: string[], read?: string[], cursor?: string}} data
   * @returns {Promise<InboxAnswer>}
   */
  "blower.inbox": async (user, { have, read, cursor: since } = {}) => {
    if (since !== undefined && since !== null) {
      const [named, count] = String(since).split(":");
      if (named !== sessionId()) return { copies: [], want: [], cursor: null, stale: true };
      const after = Number(count) || 0;
      const fresh = record().filter(t => (changedAt.get(t.id) ?? 0) > after && (user.isGM || t.to.includes(user.id)));
      return { copies: fresh.map(t => copyFor(t, user)), want: [], cursor: cursorNow() };
    }
    if (!user.isGM) await markFor(user, idSet(read));
    const mine = record().filter(t => user.isGM || t.to.includes(user.id));
    const held = new Set(record().map(t => t.id));
    const sealed = seals.all();
    const offered = idSet(have);
    const marked = idSet(read);
    const want = [...offered].filter(id => !held.has(id) && sealed[id]);
    // What the asker lacks, or holds with other read marks (a GM's copy holds everyone's).
    const differs = (/** @type {Text} */ t) => !offered.has(t.id) || (user.isGM || (!!t.readBy?.[user.id] !== marked.has(t.id)));
    return { copies: mine.filter(differs).map(t => copyFor(t, user)), want, cursor: cursorNow() };
  },
  /**
   * A client gives back texts the GM's record lacks: kept only sealed, and from a player only their own.
   * @param {any} user
   * @param {{copies?: unknown[]}} data
   * @returns {Promise<{kept: number}>}
   */
  "blower.restore": async (user, { copies } = {}) => {
    const held = new Set(record().map(t => t.id));
    const sealed = seals.all();
    const offered = /** @type {Text[]} */ ((Array.isArray(copies) ? copies.slice(0, KEEP) : []).filter(c => isSealed(c, sealed)));
    const ok = offered.filter(c => !held.has(c.id) && (user.isGM || c.to.includes(user.id)));
    const kept = ok.map(c => ({ ...c, readBy: user.isGM ? { ...(c.readBy ?? {}) }
      : (c.readBy?.[user.id] ? { [user.id]: c.readBy[user.id] } : {}) }));
    if (kept.length) await hold(kept);
    bump(kept);
    return { kept: kept.length };
  },
  /**
   * A user marks their own texts read.
   * @param {User.Implementation} user
   * @param {{ids: string[]}} data
   */
  "blower.read": async (/** @type {User.Implementation} */ user, /** @type {{ids?: string[]}} */ { ids } = { ids: [] }) =>
    ({ changed: await markFor(user, idSet(ids)) }),
  /**
   * A phone opened or closed (the GM's list of open phones; kept in memory, nothing written).
   * @param {User.Stored} user  The requester (a world user).
   * @param {{open?: boolean, actor?: string}} data
   */
  "blower.phone": (/** @type {User.Stored} */ user, /** @type {{open?: boolean, actor?: string}} */ { open, actor } = {}) => {
    if (open) openPhones.set(user.id, { actor: String(actor ?? "").slice(0, MAX_FROM * 2), at: game.time.serverTime });
    else openPhones.delete(user.id);
    notify();
    return { open: Boolean(open) };
  }
};

/** @returns {{user: string, actor: string}[]} Active GM: the players whose phone is open now. */
export function phonesOpen() {
  return [...openPhones].filter(([id]) => game.users.get(id)?.active && !game.users.get(id)?.isGM)
    .map(([id, p]) => ({ user: game.users.get(id)?.name ?? id, actor: p.actor }));
}

/**
 * The GM's answer: since the cursor this client last got, or in full (what this browser holds) the first time.
 * @param {boolean} [full]
 * @returns {Promise<InboxAnswer>}
 */
async function ask(full = cursor === null) {
  if (!full) {
    const answer = /** @type {InboxAnswer} */ (await requestGM("blower.inbox", { cursor }));
    if (!answer.stale) return answer;
  }
  const held = heldCopies();
  return requestGM("blower.inbox", { have: held.map(t => t.id),
    read: held.filter(t => t.readBy?.[game.user.id]).map(t => t.id) });
}

/** Copies this client has checked against their seal (the seal and the copy's sealed fields). */
const genuine = /** @type {Set<string>} */ (new Set());

/**
 * Whether a held copy is the text the GM sealed, unchanged (a copy edited in this browser's storage is not shown).
 * Each copy is hashed once a session.
 * @param {Text} t
 * @param {Record<string, {at: number, seal: string}>} sealed
 */
function sealedCopy(t, sealed) {
  const s = sealed[t.id];
  if (!s) return false;
  const key = `${s.seal}|${JSON.stringify([t.id, t.from, t.to, t.text, t.at, t.nonce])}`;
  if (genuine.has(key)) return true;
  if (!isSealed(t, sealed)) return false;
  genuine.add(key);
  return true;
}

/** @returns {InboxText[]} This browser's copies of its texts, sealed and unchanged, as its phone shows them. */
function shown() {
  const sealed = seals.all();
  return heldCopies().filter(t => (game.user.isGM || t.to.includes(game.user.id)) && sealedCopy(t, sealed))
    .map(t => view(t, game.user));
}

/**
 * Ask the active GM for this user's texts, keep them in this browser, and give back any the GM's record lacks;
 * listeners re-render.
 * @returns {Promise<InboxText[]|null>}
 */
export async function refreshInbox() {
  if (!game.users?.activeGM) {
    signal = false;
    notify();
    return inbox;
  }
  const wasLoaded = inbox !== null;
  const before = new Set((inbox ?? []).map(t => t.id));
  try {
    let answer = await ask();
    if (answer.want.length) {
      const want = new Set(answer.want);
      await requestGM("blower.restore", { copies: heldCopies().filter(t => want.has(t.id)) });
      answer = await ask(true);
    }
    if (!game.user.isActiveGM) await hold(answer.copies);
    if (answer.cursor) cursor = answer.cursor;
    inbox = shown();
    signal = true;
  } catch (err) {
    console.warn("the-smoke | no texts from the GM", err);
    signal = false;
  }
  const fresh = (inbox ?? []).filter(t => t.unread && !before.has(t.id));
  if (wasLoaded) {
    for (const t of fresh) ui.notifications?.info(game.i18n.format("SMOKE.Blower.Messages.arrived", { from: t.from }));
  }
  notify();
  return inbox;
}

/**
 * Mark texts read (the user's own, in this browser too), then ask again.
 * @param {string[]} ids
 */
export async function markRead(ids) {
  if (!ids.length || game.user.isGM) return;
  const wanted = new Set(ids);
  await hold(heldCopies().filter(t => wanted.has(t.id) && !t.readBy?.[game.user.id])
    .map(t => ({ ...t, readBy: { ...t.readBy, [game.user.id]: game.time.serverTime } })));
  await requestGM("blower.read", { ids });
  await refreshInbox();
}

/**
 * Active GM (ready, or taking over from a GM who left): seal what the old per-browser log held, then ping every
 * client, each of which asks again and gives back what the record lacks.
 */
async function recover() {
  if (!game.user.isActiveGM) return;
  const old = game.settings.get(SYSTEM_ID, OLD_LOG)?.[game.world.id];
  if (Array.isArray(old) && old.length) {
    for (const t of old) {
      try {
        const text = await seal({ id: String(t.id), ...checkText(t), at: Number(t.at) || 0 });
        if (t.readBy && typeof t.readBy === "object") await hold([{ ...text, readBy: { ...t.readBy } }]);
      } catch (err) {
        console.warn("the-smoke | an old text could not be kept", err);
      }
    }
    const all = { ...(game.settings.get(SYSTEM_ID, OLD_LOG) ?? {}) };
    delete all[game.world.id];
    await game.settings.set(SYSTEM_ID, OLD_LOG, all);
  }
  ping(game.users.filter(u => u.active));
  void refreshInbox();
}

/** @returns {{texts: InboxText[], unread: number, signal: boolean, loaded: boolean}} This client's copy. */
export function inboxNow() {
  const texts = inbox ?? [];
  return { texts, unread: texts.filter(t => t.unread).length, signal, loaded: inbox !== null };
}

/**
 * @param {() => void} fn
 * @returns {() => void} Unsubscribe.
 */
export function onInbox(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function notify() {
  for (const fn of [...listeners]) {
    try {
      fn();
    } catch (err) {
      console.error("the-smoke | a texts listener failed", err);
    }
  }
}

/** Hooks (registered by the facade). */
export const hooks = {
  ready: () => (game.user.isActiveGM ? void recover() : void refreshInbox()),
  /**
   * A GM connecting brings the signal back; a GM leaving may make this client the active GM, which then gathers the
   * texts back.
   * @param {User.Implementation} user
   * @param {boolean} active
   */
  userConnected: (user, active) => {
    if (!active) openPhones.delete(String(user.id));
    if (user.isGM && active && user.id !== game.user.id) setTimeout(() => void refreshInbox(), 500);
    else if (user.isGM && !active && !game.users.activeGM) { signal = false; notify(); }
    else if (user.isGM && !active && game.user.isActiveGM) setTimeout(() => void recover(), 500);
  }
};
