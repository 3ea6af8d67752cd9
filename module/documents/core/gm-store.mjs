/**
 * GM-owned stores: world settings (not shown in the settings window) that only a GM may write (SETTINGS_MODIFY) and
 * that the system writes only on the **active GM's** client, inside request handlers or GM automation. Every client
 * reads them. This is where the facts the GM's automation acts on live (Heat, money, jobs, missions…): a player's
 * document may carry a request, never the fact (DESIGN.md §5).
 *
 * A store is one object keyed by id (an actor UUID, a job id…). Writes to one store run one after another on the GM,
 * each computed from the latest value, so two writes never lose each other; the GM's own client reads its writes at
 * once (a write still on its way to the server is what `get` returns there), so a hook's write and a request that
 * follows it never see two different facts.
 *
 * Foundry-side only; no rules here.
 * @module documents/gm-store
 */
import { SYSTEM_ID } from "../../generated/rules.mjs";

/**
 * @typedef {object} StoreSettings  game.settings as the stores use it. A store's key is made at run time
 *   (`gmStore(key)`), which fvtt-types' SettingConfig (keyed by literal names) cannot name; its value is a record of
 *   entries by id.
 * @property {(namespace: string, key: string) => Record<string, unknown>|null|undefined} get
 * @property {(namespace: string, key: string, value: Record<string, unknown>) => Promise<unknown>} set
 * @property {(namespace: string, key: string, config: {scope: "world", config: false, type: ObjectConstructor,
 *   default: {}, onChange?: (value: Record<string, unknown>) => void}) => void} register
 */

/** @returns {StoreSettings} */
const settings = () => /** @type {StoreSettings} */ (game.settings);

/** @type {Map<string, {onChange?: (value: object) => void}>} */
const defined = new Map();
let registered = false;

/**
 * @template T
 * @typedef {object} GMStore
 * @property {string} key                       The world setting's key (`the-smoke.<key>`).
 * @property {() => Record<string, T>} all       Every entry (a fresh copy).
 * @property {(id: string) => T|null} get         One entry (a copy) or null.
 * @property {(id: string, value: T|null) => Promise<T|null>} set  Active GM: store (null deletes) the entry.
 * @property {(id: string, fn: (current: T|null) => T|null) => Promise<T|null>} update
 *   Active GM: replace the entry with `fn(current)` (null deletes), read and written in one step (`fn` runs at once,
 *   on the latest value this client wrote; a throw refuses and writes nothing).
 */

/**
 * Define a store (at module top level; the entry registers every store at init).
 * @template T
 * @param {string} key
 * @param {{onChange?: (value: object) => void}} [options]  Called on every client when the store changes.
 * @returns {GMStore<T>}
 * @throws {Error} when the key is defined twice or after init.
 */
export function gmStore(key, options = {}) {
  if (defined.has(key)) throw new Error(`GM store "${key}" is defined twice`);
  if (registered) throw new Error(`GM store "${key}" must be defined before init`);
  defined.set(key, options);
  /** @type {Promise<unknown>} the writes one after another */
  let chain = Promise.resolve();
  /**
   * Writes on their way to the server (id → {value}), newest last: this client reads them first.
   * @type {Map<string, {value: T|null}>}
   */
  const pending = new Map();
  /**
   * The record as the server has it, copied: this store's entries (only this store writes its setting).
   * @returns {Record<string, T>}
   */
  const read = () => {
    const value = /** @type {Record<string, T>|null|undefined} */ (settings().get(SYSTEM_ID, key));
    return value && typeof value === "object" ? foundry.utils.deepClone(value) : {};
  };
  const view = () => {
    const all = read();
    for (const [id, { value }] of pending) {
      if (value === null) delete all[id];
      else all[id] = foundry.utils.deepClone(value);
    }
    return all;
  };
  /**
   * @param {string} id
   * @param {(current: T|null) => T|null} fn
   * @returns {Promise<T|null>}
   */
  const write = (id, fn) => {
    if (!game.user?.isActiveGM) return Promise.reject(new Error(game.i18n.localize("SMOKE.Store.gmOnly")));
    let next;
    try {
      next = fn(view()[id] ?? null) ?? null; // computed now, from every earlier write of this client
    } catch (err) {
      return Promise.reject(err);
    }
    const token = { value: next };
    pending.set(id, token);
    const run = chain.then(async () => {
      const all = read();
      if (next === null) delete all[id];
      else all[id] = next;
      await settings().set(SYSTEM_ID, key, all);
      return next;
    }).finally(() => {
      if (pending.get(id) === token) pending.delete(id);
    });
    chain = run.catch(() => {});
    return run;
  };
  return {
    key,
    all: view,
    get: id => {
      const mine = pending.get(id);
      if (mine) return mine.value === null ? null : foundry.utils.deepClone(mine.value);
      const all = /** @type {Record<string, T>|null|undefined} */ (settings().get(SYSTEM_ID, key));
      const value = all && typeof all === "object" ? all[id] : null;
      return value === undefined || value === null ? null : foundry.utils.deepClone(value);
    },
    set: (id, value) => write(id, () => value),
    update: (id, fn) => write(id, fn)
  };
}

/** @returns {string[]} Every defined store's key (the world settings `the-smoke.<key>` init registers). */
export function storeKeys() {
  return Array.from(defined.keys());
}

/**
 * Register every defined store as a GM-only world setting (init). On every client, a change calls the store's own
 * `onChange`, then the hook `smoke.gmStore` with the store's key, so a window that reads GM records (the Combat
 * Console reads the wreck, condition and printed records) redraws when a record changes, not only when a document
 * does: a GM's edit reaches the document before its record.
 */
export function registerGMStores() {
  registered = true;
  for (const [key, { onChange }] of defined) {
    settings().register(SYSTEM_ID, key, { scope: "world", config: false, type: Object, default: {},
      onChange: value => {
        onChange?.(value);
        Hooks.callAll("smoke.gmStore", key);
      } });
  }
}
