/**
 * Hooks — v13 semantics (TEST DOUBLE): on/once return an id; call stops at the first `false` and returns false;
 * callAll runs every listener and returns true; a throwing listener is reported and does not stop the others.
 */
export default class Hooks {
  static #events = {};
  static #ids = new Map();
  static #id = 1;

  /** Registered listeners by hook name. */
  static get events() {
    return this.#events;
  }

  static on(hook, fn, { once = false } = {}) {
    const id = this.#id++;
    (this.#events[hook] ??= []).push({ hook, id, fn, once });
    this.#ids.set(id, this.#events[hook].at(-1));
    return id;
  }

  static once(hook, fn) {
    return this.on(hook, fn, { once: true });
  }

  static off(hook, fn) {
    const entries = this.#events[hook];
    if (!entries) return;
    const i = entries.findIndex(e => (typeof fn === "number" ? e.id === fn : e.fn === fn));
    if (i < 0) return;
    this.#ids.delete(entries[i].id);
    entries.splice(i, 1);
  }

  static callAll(hook, ...args) {
    for (const entry of Array.from(this.#events[hook] ?? [])) this.#call(entry, args);
    return true;
  }

  static call(hook, ...args) {
    for (const entry of Array.from(this.#events[hook] ?? [])) {
      if (this.#call(entry, args) === false) return false;
    }
    return true;
  }

  static #call(entry, args) {
    if (entry.once) this.off(entry.hook, entry.id);
    try {
      return entry.fn(...args);
    } catch (err) {
      this.onError(`Hooks.#call(${entry.hook})`, err, { log: "error" });
    }
  }

  /** Report an error: console (log) and, with `notify`, a UI notification. Returns nothing, like v13. */
  static onError(location, error, { msg = "", notify = null, log = null } = {}) {
    if (!(error instanceof Error)) return;
    const message = msg ? `${msg}. ${error.message}` : error.message;
    if (log) console[log](`[${location}] ${message}`, error);
    if (notify) globalThis.ui?.notifications?.[notify]?.(message);
  }
}
