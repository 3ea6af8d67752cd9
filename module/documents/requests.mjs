/**
 * The GM request channel: every write a player asks for (spend a speed die, Dodge, apply an attack's damage to an
 * NPC, board a motor they do not own…) runs on the **active GM's client**, which re-checks who is asking and what
 * they own before it writes anything (DESIGN.md §5; issue 5 item 7).
 *
 * v13 queries (`CONFIG.queries`, `User#query`) reach exactly one user but hand the handler no authenticated sender,
 * so a user id in the payload proves nothing. The active GM therefore gives each user a **session key** by a query
 * *to that user* (the server routes it to that user alone); a request carries the user's id and key, and the GM
 * accepts it only when the key is the one it issued to that user. A missing or stale key (the GM reloaded, another
 * GM took over) is replaced and the request retried once. Requests run one at a time on the GM, in arrival order,
 * so a double click cannot apply something twice between a check and its write.
 *
 * Foundry-side only; no rules here.
 * @module documents/requests
 */

const REQUEST = "the-smoke.request";
const GIVE_KEY = "the-smoke.sessionKey";
const WANT_KEY = "the-smoke.wantKey";
const KEY_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;

/** @typedef {(user: User.Implementation, data: any) => (any|Promise<any>)} RequestHandler */

/** @type {Map<string, RequestHandler>} */
const handlers = new Map();
/** GM side: the key issued to each user id. */
const issued = new Map();
/** Player side: this client's key, and who waits for it. */
let myKey = /** @type {string|null} */ (null);
/** @type {Array<(value?: unknown) => void>} */
let keyWaiters = [];
/** GM side: requests run one after another. */
let queue = Promise.resolve();

/**
 * Register what the active GM does for a request type. The handler receives the **authenticated** requesting user
 * and the payload (JSON), must re-derive every permission from the documents (e.g. the user owns the actor it acts
 * for) and throws an Error with a localised message to refuse; its return value (JSON) goes back to the requester.
 * Handlers must not call {@link requestGM} themselves (they already run on the GM).
 * @param {string} type  e.g. "combat.spendDie", "vehicle.board".
 * @param {RequestHandler} handler
 * @throws {Error} when the type is registered twice.
 */
export function registerRequest(type, handler) {
  if (handlers.has(type)) throw new Error(`request type ${type} is registered twice`);
  handlers.set(type, handler);
}

/**
 * Ask the active GM to run a request. On the active GM's own client it runs here, in the same queue.
 * @param {string} type  A registered request type.
 * @param {object} [data]  JSON payload: ids and UUIDs, never documents.
 * @returns {Promise<any>} The handler's result.
 * @throws {Error} when no GM is connected, the GM refused (the handler's message), or no key could be obtained.
 */
export async function requestGM(type, data = {}) {
  if (game.user.isActiveGM) return run(type, game.user, data);
  const gm = game.users.activeGM;
  if (!gm) throw new Error(game.i18n.localize("SMOKE.Request.noGM"));
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!myKey) await fetchKey(gm);
    const reply = /** @type {any} */ (await gm.query(REQUEST, { type, data, userId: game.user.id, key: myKey },
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
 * @throws {Error} "You do not own X".
 */
export function assertOwner(user, doc) {
  if (!doc) throw new Error(game.i18n.localize("SMOKE.Request.missing"));
  if (!user.isGM && !doc.testUserPermission(user, "OWNER"))
    throw new Error(game.i18n.format("SMOKE.Request.notOwner", { name: doc.name ?? "" }));
}

/** Register the three queries on every client (init). */
export function registerRequestQueries() {
  // The GM runs a request from a user whose key matches. Refusals travel back as data, so the requester sees the
  // handler's own message.
  CONFIG.queries[REQUEST] = async ({ type, data, userId, key }) => {
    if (!game.user.isActiveGM) return { badKey: true };
    const user = game.users.get(userId);
    if (!user || !key || issued.get(userId) !== key) return { badKey: true };
    try {
      return { result: await run(type, user, data) };
    } catch (err) {
      return { refused: err?.message ?? String(err) };
    }
  };
  // A key arrives for this user. (Anyone can send one; a wrong key only makes the next request ask again.)
  CONFIG.queries[GIVE_KEY] = ({ key }) => {
    myKey = typeof key === "string" ? key : null;
    const waiting = keyWaiters;
    keyWaiters = [];
    for (const resolve of waiting) resolve();
    return true;
  };
  // A user asks for a key: the GM sends it to that user, never in this reply.
  CONFIG.queries[WANT_KEY] = async ({ userId }) => {
    if (!game.user.isActiveGM) return false;
    await issueKey(userId);
    return true;
  };
}

/** Hooks: the active GM hands out keys on ready and when a user connects. */
export function registerRequestHooks() {
  Hooks.once("ready", () => {
    if (!game.user.isActiveGM) return;
    for (const user of game.users) if (user.active && !user.isSelf) issueKey(user.id).catch(() => null);
  });
  Hooks.on("userConnected", (user, connected) => {
    if (connected && game.user.isActiveGM && !user.isSelf) issueKey(user.id).catch(() => null);
  });
}

/** GM: make a fresh key for a user and send it to that user alone. */
async function issueKey(userId) {
  const user = game.users.get(userId);
  if (!user?.active) return;
  const key = foundry.utils.randomID(24);
  issued.set(userId, key);
  await user.query(GIVE_KEY, { key }, { timeout: KEY_TIMEOUT_MS });
}

/** Player: ask the GM for a key and wait until it arrives. */
async function fetchKey(gm) {
  const arrived = new Promise((resolve, reject) => {
    keyWaiters.push(resolve);
    setTimeout(() => reject(new Error(game.i18n.localize("SMOKE.Request.noKey"))), KEY_TIMEOUT_MS);
  });
  await gm.query(WANT_KEY, { userId: game.user.id }, { timeout: KEY_TIMEOUT_MS });
  await arrived;
}

/** GM: run one request after the previous one finished. */
function run(type, user, data) {
  const handler = handlers.get(type);
  if (!handler) return Promise.reject(new Error(`unknown request ${type}`));
  const result = queue.then(() => handler(user, data ?? {}));
  queue = result.catch(() => null);
  return result;
}
