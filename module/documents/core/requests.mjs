/**
 * The GM request channel: every write a player asks for (spend a speed die, Dodge, apply an attack's damage to an
 * NPC, board a motor they do not own…) runs on the **active GM's client**, which re-checks who is asking and what
 * they own before it writes anything (DESIGN.md §5; issue 5 item 7).
 *
 * v13 queries (`CONFIG.queries`, `User#query`) reach exactly one user but hand the handler no authenticated sender,
 * so a user id in the payload proves nothing. The active GM therefore gives each user a **session key** by a query
 * to that user* (the server routes it to that user alone); a request carries the user's id and key, and the GM
 * accepts it only with a key it issued to that user. Nobody can take another user's key away:
 * - a user asks for a key with a fresh nonce that only the GM sees; the key comes back with that nonce, and a client
 *   takes only the key that answers its own pending nonce (a key pushed by anyone else is ignored);
 * - the GM counts a key as issued only when that user's client answers the GM's query that it took it, so asking the
 *   GM to "re-key" somebody else adds nothing and revokes nothing (the victim's client refuses the stray nonce);
 * - a user keeps up to {@link KEYS_PER_USER} live keys (one per open tab), dropped when the user disconnects.
 * A missing or stale key (the GM reloaded, another GM took over) is replaced and the request retried once.
 *
 * Requests run one at a time on the GM, in arrival order, so a double click cannot apply something twice between a
 * check and its write. A request the GM's own client makes while a handler runs (a handler calling a core method
 * that lands on one of the system's overrides) runs at once instead of queueing behind the handler that waits for
 * it, so the queue never deadlocks.
 *
 * Features declare their handlers: each part exports `requests` (type → handler), its feature's face merges them into
 * the feature's manifest (documents/core/feature.mjs), and the entry registers every manifest's in one loop
 * ({@link registerRequests}).
 *
 * Foundry-side only; no rules here.
 * @module documents/requests
 */
import { SYSTEM_ID } from "../../generated/rules.mjs";

const REQUEST = `${SYSTEM_ID}.request`;
const GIVE_KEY = `${SYSTEM_ID}.sessionKey`;
const WANT_KEY = `${SYSTEM_ID}.wantKey`;
const KEY_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;
/** Live keys kept per user (one per open tab; the oldest is dropped). */
const KEYS_PER_USER = 4;

/** @typedef {(user: User.Implementation, data: any) => (any|Promise<any>)} RequestHandler */

/** @type {Map<string, RequestHandler>} */
const handlers = new Map();
/** GM side: the live keys of each user id (only keys that user's client confirmed taking). */
const issued = /** @type {Map<string, string[]>} */ (new Map());
/** Player side: this client's key, the nonce it is waiting on, and who waits for it. */
let myKey = /** @type {string|null} */ (null);
let pendingNonce = /** @type {string|null} */ (null);
/** @type {Array<(value?: unknown) => void>} */
let keyWaiters = [];
/** GM side: requests run one after another; `running` counts handlers in progress on this client. */
let queue = Promise.resolve();
let running = 0;

/**
 * Register what the active GM does for a request type. The handler receives the **authenticated** requesting user
 * and the payload (JSON), must re-derive every permission from the documents (e.g. the user owns the actor it acts
 * for) and throws an Error with a localised message to refuse; its return value (JSON) goes back to the requester.
 * @param {string} type  e.g. "combat.spend", "vehicle.board".
 * @param {RequestHandler} handler
 * @throws {Error} when the type is registered twice.
 */
export function registerRequest(type, handler) {
  if (handlers.has(type)) throw new Error(`request type ${type} is registered twice`);
  handlers.set(type, handler);
}

/**
 * Register a feature's handlers (its exported `requests` table).
 * @param {Record<string, RequestHandler>} table  Request type → handler.
 */
export function registerRequests(table) {
  for (const [type, handler] of Object.entries(table)) registerRequest(type, handler);
}

/**
 * Ask the active GM to run a request. On the active GM's own client it runs here, in the same queue (or at once
 * when a handler is running: see the module notes).
 * @param {string} type  A registered request type.
 * @param {object} [data]  JSON payload: ids and UUIDs, never documents.
 * @returns {Promise<any>} The handler's result.
 * @throws {Error} when no GM is connected, the GM refused (the handler's message), or no key could be obtained.
 */
export async function requestGM(type, data = {}) {
  if (game.user.isActiveGM) return run(type, game.user, data, { nested: running > 0 });
  const gm = game.users.activeGM;
  if (!gm) throw new Error(game.i18n.localize("SMOKE.Request.noGM"));
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!myKey) await fetchKey(gm);
    const reply = (await gm.query(REQUEST, { type, data, userId: game.user.id, key: myKey },
      { timeout: REQUEST_TIMEOUT_MS }));
    if (reply?.badKey) { myKey = null; continue; }
    if (reply?.refused) throw new Error(reply.refused);
    return reply?.result;
  }
  throw new Error(game.i18n.localize("SMOKE.Request.noKey"));
}

/**
 * Refuse unless `user` owns `doc` (or is a GM). For request handlers.
 * @param {User.Implementation} user
 * @param {{testUserPermission: Function, name?: string|null}|null|undefined} doc
 * @returns {asserts doc}  (it is there, and `user` may write it)
 * @throws {Error} "You do not own X".
 */
export function assertOwner(user, doc) {
  if (!doc) throw new Error(game.i18n.localize("SMOKE.Request.missing"));
  if (!user.isGM && !doc.testUserPermission(user, "OWNER"))
    throw new Error(game.i18n.format("SMOKE.Request.notOwner", { name: doc.name ?? "" }));
}

/**
 * Refuse unless `user` is a GM. For request handlers.
 * @param {User.Implementation} user
 * @throws {Error} "Only a GM can do that."
 */
export function assertGM(user) {
  if (!user.isGM) throw new Error(game.i18n.localize("SMOKE.Combat.gmOnly"));
}

/** Register the three queries on every client (init). */
export function registerRequestQueries() {
  // The GM runs a request from a user whose key matches. Refusals travel back as data, so the requester sees the
  // handler's own message.
  CONFIG.queries[REQUEST] = async ({ type, data, userId, key }) => {
    if (!game.user.isActiveGM) return { badKey: true };
    const user = game.users.get(userId);
    if (!user || typeof key !== "string" || !(issued.get(userId) ?? []).includes(key)) return { badKey: true };
    try {
      return { result: await run(type, user, data) };
    } catch (err) {
      return { refused: err?.message ?? String(err) };
    }
  };
  // A key arrives: taken only when it answers this client's own pending nonce. The reply tells the GM.
  CONFIG.queries[GIVE_KEY] = ({ key, nonce }) => {
    if (!pendingNonce || nonce !== pendingNonce || typeof key !== "string") return false;
    myKey = key;
    pendingNonce = null;
    const waiting = keyWaiters;
    keyWaiters = [];
    for (const resolve of waiting) resolve();
    return true;
  };
  // A user asks for a key: the GM sends it to that user, never in this reply, and keeps it only if that user's
  // client says it took it.
  CONFIG.queries[WANT_KEY] = async ({ userId, nonce }) => {
    if (!game.user.isActiveGM || typeof nonce !== "string") return false;
    await issueKey(userId, nonce);
    return true;
  };
}

/** The channel's hooks (registered by the entry with every feature's): a user's keys go when the user disconnects. */
export const hooks = {
  userConnected: (user, connected) => {
    if (!connected) issued.delete(/** @type {string} */ (user.id));
  }
};

/**
 * GM: make a fresh key for a user, send it to that user alone with the nonce, and keep it once taken.
 * @param {string} userId
 * @param {string} nonce
 */
async function issueKey(userId, nonce) {
  const user = game.users.get(userId);
  if (!user?.active) return;
  const key = foundry.utils.randomID(24);
  const taken = await user.query(GIVE_KEY, { key, nonce }, { timeout: KEY_TIMEOUT_MS }).catch(() => false);
  if (taken !== true) return;
  const keys = [...(issued.get(userId) ?? []), key].slice(-KEYS_PER_USER);
  issued.set(userId, keys);
}

/** Player: ask the GM for a key (with a fresh nonce) and wait until it arrives. */
async function fetchKey(gm) {
  const nonce = foundry.utils.randomID(24);
  pendingNonce = nonce;
  const arrived = new Promise((resolve, reject) => {
    keyWaiters.push(resolve);
    setTimeout(() => reject(new Error(game.i18n.localize("SMOKE.Request.noKey"))), KEY_TIMEOUT_MS);
  });
  await gm.query(WANT_KEY, { userId: game.user.id, nonce }, { timeout: KEY_TIMEOUT_MS });
  await arrived;
}

/**
 * GM: run one request after the previous one finished — or at once, when nested inside a running handler.
 * @param {string} type
 * @param {User.Implementation} user
 * @param {object} data
 * @param {{nested?: boolean}} [opts]
 */
function run(type, user, data, { nested = false } = {}) {
  const handler = handlers.get(type);
  if (!handler) return Promise.reject(new Error(`unknown request ${type}`));
  const call = async () => {
    running++;
    try {
      return await handler(user, data ?? {});
    } finally {
      running--;
    }
  };
  if (nested) return call();
  const result = queue.then(call);
  queue = result.catch(() => null);
  return result;
}
