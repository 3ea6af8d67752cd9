/**
 * Guarded actor fields: numbers on a character's sheet that only the GM may change (Heat, cash). The owner may write
 * their own Actor in v13, so the field on the actor is only a **mirror**: the fact is the last value a GM wrote, kept
 * in a GM store ({@link module:documents/gm-store}). The active GM
 * - records every change a GM makes to a guarded field (the sheet, Wasted, the system's own writes);
 * - puts back the sanctioned value when anyone else changes one (a forged write that bypassed the sheet);
 * - adopts the values of a character it has no record of (a new character, a world from before this store).
 * On a player's own client the change is stripped before it is sent, with a notice, so the sheet never flickers.
 *
 * Foundry-side only; no rules here.
 * @module documents/mirror
 */
import { gmStore } from "./gm-store.mjs";

/**
 * @typedef {object} GuardedFields
 * @property {(actor: Actor.Implementation) => Record<string, number>} sanctioned  The GM's values, by path.
 * @property {(actor: Actor.Implementation, values: Record<string, number>) => Promise<void>} write
 *   Active GM: record and mirror new values (paths → numbers).
 * @property {Record<string, Function>} hooks  For the entry's hook loop.
 */

/**
 * @param {{key: string, paths: string[], notice: string, types?: string[]}} spec
 *   `key`: the GM store; `paths`: the guarded fields (e.g. "system.heat"); `notice`: the lang key a player sees;
 *   `types`: the actor types guarded (default characters).
 * @returns {GuardedFields}
 */
export function guardActorFields({ key, paths, notice, types = ["character"] }) {
  const store = gmStore(key);
  const { getProperty, hasProperty } = foundry.utils;
  /** @param {any} actor */
  const guarded = actor => actor instanceof Actor && types.includes(actor.type) && !actor.isToken;
  /** @param {any} actor */
  const current = actor => Object.fromEntries(paths.map(p => [p, Number(getProperty(actor, p)) || 0]));
  /** @param {object} changes */
  const touches = changes => paths.some(p => hasProperty(changes, p));
  /** @param {any} actor */
  const sanctioned = actor => ({ ...current(actor), ...(store.get(actor.uuid) ?? {}) });

  /** @param {any} actor @param {Record<string, number>} values */
  async function write(actor, values) {
    const next = { ...sanctioned(actor), ...values };
    await store.set(actor.uuid, next);
    const diff = Object.fromEntries(Object.entries(next).filter(([p, v]) => getProperty(actor, p) !== v));
    if (Object.keys(diff).length) await actor.update(diff, { smokeGuarded: true });
  }

  const hooks = {
    /** A player's own edit never leaves their client (the GM would only put it back). */
    preUpdateActor: (/** @type {any} */ actor, /** @type {any} */ changes) => {
      if (game.user.isGM || !guarded(actor) || !touches(changes)) return;
      for (const p of paths) {
        const parts = p.split(".");
        const leaf = parts.pop();
        const parent = parts.length ? getProperty(changes, parts.join(".")) : changes;
        if (parent && typeof parent === "object") delete parent[/** @type {string} */ (leaf)];
        delete changes[p];
      }
      ui.notifications?.warn(game.i18n.localize(notice));
    },
    updateActor: (/** @type {any} */ actor, /** @type {any} */ changes, /** @type {any} */ options, /** @type {string} */ userId) => {
      if (!game.user.isActiveGM || !guarded(actor) || !touches(changes) || options?.smokeGuarded) return;
      const byGM = game.users.get(userId)?.isGM;
      const fix = byGM ? store.set(actor.uuid, current(actor)) : write(actor, store.get(actor.uuid) ?? {});
      fix.catch(err => console.error(`the-smoke | ${key}: could not keep the GM's value`, err));
    },
    createActor: (/** @type {any} */ actor) => {
      if (!game.user.isActiveGM || !guarded(actor) || store.get(actor.uuid)) return;
      store.set(actor.uuid, current(actor)).catch(err => console.error(`the-smoke | ${key}`, err));
    },
    deleteActor: (/** @type {any} */ actor) => {
      if (!game.user.isActiveGM || !store.get(actor.uuid)) return;
      store.set(actor.uuid, null).catch(err => console.error(`the-smoke | ${key}`, err));
    },
    ready: async () => {
      if (!game.user.isActiveGM) return;
      for (const actor of game.actors) if (guarded(actor) && !store.get(actor.uuid)) await store.set(actor.uuid, current(actor));
    }
  };
  return { sanctioned, write, hooks };
}
