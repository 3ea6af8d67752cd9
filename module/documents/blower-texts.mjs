/**
 * Texts on the Blower (issue 15, "Messages"): the GM writes as a named contact (Pat, Kez, a client) to one or more
 * players, and **only the recipients' browsers ever receive the text**.
 *
 * Why not a world setting, a flag or a journal entry: v13 sends every world setting, every document (users' flags,
 * journal entries included) to every client, so a text kept there reaches every player's browser (the "leak" and
 * "lacks permission" failures of phone modules that keep messages in one world setting, shared/notes/table-features.md
 * §1). Where user-scope settings go is not documented for v13 (and the stand-in sends them to everyone), so they are
 * not trusted with a text either.
 *
 * So:
 * - **the record** is kept by the sending (active) GM's client, in a client setting (`the-smoke.blowerTexts`, this
 *   browser's storage, keyed by world id): `{id, from, to: userId[], text, at, readBy: {userId: ms}}`;
 * - **delivery** is a pull: the active GM pings each recipient with an empty v13 query (`the-smoke.blowerPing`, to
 *   that user only, carrying nothing), and a phone asks the active GM for its own texts through the GM request
 *   channel (`blower.inbox`, authenticated per user by documents/requests.mjs). The GM answers only with texts
 *   addressed to the asking user. A ping from anyone else only makes a phone ask the GM again;
 * - **sending as a contact** is the GM's alone (`blower.text` refuses a player); read marks (`blower.read`) are
 *   per user and only for the user's own texts. Text is always shown escaped (Handlebars `{{ }}`).
 * The phone keeps its copy in memory only, and asks again on load: a reload shows the same texts, read or unread.
 * With no GM connected the phone says there is no signal.
 *
 * Foundry-side only; no rules here.
 * @module documents/blower-texts
 */
import { assertGM, requestGM } from "./requests.mjs";
import { SYSTEM_ID } from "../generated/rules.mjs";

const LOG = "blowerTexts";
const PING = `${SYSTEM_ID}.blowerPing`;
/** Texts kept per world (oldest dropped). */
const KEEP = 500;
/** Longest contact name and text (characters). */
export const MAX_FROM = 40;
export const MAX_TEXT = 1000;
const settings = () => /** @type {any} */ (game.settings);

/**
 * @typedef {object} Text  One text as the GM keeps it.
 * @property {string} id
 * @property {string} from   The contact's name as the GM typed it.
 * @property {string[]} to   Recipient user ids.
 * @property {string} text   Plain text (shown escaped).
 * @property {number} at     Server time (ms).
 * @property {Record<string, number>} readBy  User id → when they read it.
 */

/**
 * @typedef {object} InboxText  One text as a phone gets it.
 * @property {string} id
 * @property {string} from
 * @property {string} text
 * @property {number} at
 * @property {boolean} unread  For the asking user.
 * @property {string[]} [to]   Recipient names (the GM's view only).
 */

/** Active GM, in memory only: whose phone is open now (user id → the character's name and since when). */
const openPhones = /** @type {Map<string, {actor: string, at: number}>} */ (new Map());

/** This client's copy of its texts (null until asked), and who listens for changes. */
let inbox = /** @type {InboxText[]|null} */ (null);
let signal = true;
/** @type {Set<() => void>} */
const listeners = new Set();

/** Register the GM's record and the ping (init). */
export function registerTexts() {
  settings().register(SYSTEM_ID, LOG, { scope: "client", config: false, type: Object, default: {} });
  /** @type {any} */ (CONFIG.queries)[PING] = async () => {
    void refreshInbox();
    return true;
  };
}

/** @returns {Text[]} The GM's record of this world (this browser). */
function record() {
  const all = settings().get(SYSTEM_ID, LOG);
  const list = all && typeof all === "object" ? all[game.world.id] : null;
  return Array.isArray(list) ? list : [];
}

/** @param {Text[]} list */
async function keep(list) {
  const all = { ...(settings().get(SYSTEM_ID, LOG) ?? {}) };
  all[game.world.id] = list.slice(-KEEP);
  await settings().set(SYSTEM_ID, LOG, all);
}

/** @param {string} key @param {Record<string, string>} [data] */
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
 * @param {Text} t @param {any} user @returns {InboxText}
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

/** Requests (the active GM runs them). */
export const requests = {
  /**
   * The GM sends a text as a contact. @param {User.Implementation} user
   * @param {{from: string, to: string[], text: string}} data
   */
  "blower.text": async (user, data) => {
    assertGM(user);
    const t = checkText(data ?? {});
    /** @type {Text} */
    const text = { id: foundry.utils.randomID(), ...t, at: game.time.serverTime, readBy: {} };
    await keep([...record(), text]);
    for (const id of text.to) {
      const recipient = game.users.get(id);
      if (recipient?.active) /** @type {any} */ (recipient).query(PING, {}, { timeout: 10_000 }).catch(() => {});
    }
    void refreshInbox();
    return { id: text.id };
  },
  /** A phone asks for its own texts (a GM: every text). @param {User.Implementation} user */
  "blower.inbox": (/** @type {any} */ user) => record().filter(t => user.isGM || t.to.includes(user.id)).map(t => view(t, user)),
  /**
   * A user marks their own texts read. @param {User.Implementation} user @param {{ids: string[]}} data
   */
  "blower.read": async (/** @type {any} */ user, /** @type {{ids?: string[]}} */ { ids } = { ids: [] }) => {
    const wanted = new Set(Array.isArray(ids) ? ids.map(String) : []);
    let changed = 0;
    const list = record().map(t => {
      if (!wanted.has(t.id) || !t.to.includes(user.id) || t.readBy?.[user.id]) return t;
      changed++;
      return { ...t, readBy: { ...t.readBy, [user.id]: game.time.serverTime } };
    });
    if (changed) await keep(list);
    return { changed };
  },
  /**
   * A phone opened or closed (the GM's list of open phones; kept in memory, nothing written).
   * @param {any} user @param {{open?: boolean, actor?: string}} data
   */
  "blower.phone": (/** @type {any} */ user, /** @type {{open?: boolean, actor?: string}} */ { open, actor } = {}) => {
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

/** Ask the active GM for this user's texts; listeners re-render. @returns {Promise<InboxText[]|null>} */
export async function refreshInbox() {
  if (!game.users?.activeGM) {
    signal = false;
    notify();
    return inbox;
  }
  const wasLoaded = inbox !== null;
  const before = new Set((inbox ?? []).map(t => t.id));
  try {
    inbox = /** @type {InboxText[]} */ (await requestGM("blower.inbox", {}));
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

/** Mark texts read (the user's own), then ask again. @param {string[]} ids */
export async function markRead(ids) {
  if (!ids.length || game.user.isGM) return;
  await requestGM("blower.read", { ids });
  await refreshInbox();
}

/** @returns {{texts: InboxText[], unread: number, signal: boolean, loaded: boolean}} This client's copy. */
export function inboxNow() {
  const texts = inbox ?? [];
  return { texts, unread: texts.filter(t => t.unread).length, signal, loaded: inbox !== null };
}

/** @param {() => void} fn @returns {() => void} Unsubscribe. */
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
  ready: () => void refreshInbox(),
  /** A GM connecting brings the signal back. @param {User.Implementation} user @param {boolean} active */
  userConnected: (user, active) => {
    if (!active) openPhones.delete(String(user.id));
    if (user.isGM && active && user.id !== game.user.id) setTimeout(() => void refreshInbox(), 500);
    else if (user.isGM && !active && !game.users.activeGM) { signal = false; notify(); }
  }
};
