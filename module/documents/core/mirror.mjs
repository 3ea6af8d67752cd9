/**
 * Guarded actor fields: values on an actor's sheet that only the GM may change (Heat, cash, the character record…).
 * The owner may write their own Actor in v13, so the field on the actor is only a **mirror**: the fact is the last
 * value a GM wrote, kept in a GM store ({@link module:documents/gm-store}). The active GM
 * - records every change a GM makes to a guarded field (the sheet, Wasted, the system's own writes): only the fields
 *   that change touched, so a forged value still waiting to be put back is never recorded with it;
 * - puts back the sanctioned value when anyone else changes one (a forged write that bypassed the sheet);
 * - starts the record of an actor it has no record of: from the actor as created when a GM created it (a GM's sheet,
 *   a compendium import, the system's own flows), and from **nothing** (the data model's initial values, written
 *   back on the actor) when anybody else did or nobody saw it made (a write while no GM was connected);
 * - on `ready`, once per world ({@link adoptWorld}, the migration marker): adopts every actor as it stands (a world
 *   from before these stores); on every later `ready`, puts back what changed while no GM was connected.
 * On a player's own client the change is stripped before it is sent, with a notice, so the sheet never flickers.
 *
 * Foundry-side only; no rules here.
 * @module documents/mirror
 */
import { gmStore } from "./gm-store.mjs";

/** The world's adoption marker: `{world: {version, at}}` once the active GM adopted the world as it stood. */
const adoption = gmStore("recordAdoption");
const ADOPTION_VERSION = 1;
/** @type {((first: boolean, actors: Iterable<Actor.Implementation>) => Promise<void>)[]} */
const reconcilers = [];

/** Whether this world's actors were adopted once (after that, an actor the GM never saw made starts from nothing). */
export function worldAdopted() {
  return !!adoption.get("world");
}

/**
 * A guard added after worlds were adopted adopts each world once on its own: its marker is `key` in the adoption store.
 * @param {string} key  The guard's own marker.
 * @returns {{adopted: () => boolean, mark: () => Promise<unknown>}}  `adopted`: the world and this guard adopted it;
 *   `mark` (active GM): this guard has adopted the world now.
 */
export function ownAdoption(key) {
  return { adopted: () => worldAdopted() && !!adoption.get(key),
    mark: () => adoption.set(key, { version: ADOPTION_VERSION, at: Date.now() }) };
}

/**
 * Add what the active GM does at `ready` for one guarded record (at module top level).
 * @param {(first: boolean, actors: Iterable<Actor.Implementation>) => Promise<void>} fn  `first`: the world is adopted
 *   now (take every actor as it stands); else put back what changed while no GM was connected. `actors`: the world's
 *   actors when the GM's `ready` began and still there (not one created since: each guard's createActor hook records
 *   those).
 */
export function onReconcile(fn) {
  reconcilers.push(fn);
}

/**
 * Each of `actors` still in the world when the loop reaches it (one deleted meanwhile is skipped).
 * @param {Actor.Implementation[]} actors
 * @returns {Generator<Actor.Implementation>}
 */
function* stillHere(actors) {
  for (const actor of actors) if (game.actors.get(/** @type {string} */ (actor.id)) === actor) yield actor;
}

/**
 * Active GM, at `ready`: adopt the world once, or put back what changed while no GM was connected (every guard).
 * @returns {Promise<void>}
 */
export async function adoptWorld() {
  if (!game.user?.isActiveGM) return;
  const first = !worldAdopted();
  // The actors as the GM found them: one created after this (its createActor hook records it) is never reconciled,
  // so a GM's edit of it in flight is not put back from a record the reconcile read before the edit landed.
  const found = [...game.actors];
  for (const fn of reconcilers) {
    try {
      await fn(first, stillHere(found));
    } catch (err) {
      console.error("the-smoke | could not reconcile a GM record", err);
    }
  }
  if (first) await adoption.set("world", { version: ADOPTION_VERSION, at: Date.now() });
}

/**
 * The initial value of an actor field (a `system.` path of the type's data model), or undefined.
 * @param {string} type
 * @param {string} path
 */
function initialOf(type, path) {
  if (!path.startsWith("system.")) return undefined;
  const model = CONFIG.Actor.dataModels?.[/** @type {Actor.SubType} */ (type)];
  return model?.schema?.getField?.(path.slice("system.".length))?.getInitialValue?.({});
}

/**
 * @typedef {any} GuardedValue  A number (or null for the `nullable` paths), a string for the `text` paths, true or
 *   false for the `flags` paths, a list of strings for the `lists` paths.
 * @typedef {object} GuardedFields
 * @property {(actor: Actor.Implementation) => Record<string, GuardedValue>} sanctioned  The GM's values, by path.
 * @property {(actor: Actor.Implementation, values: Record<string, GuardedValue>) => Promise<void>} write
 *   Active GM: record and mirror new values (paths → values).
 * @property {Record<string, Function>} hooks  For the entry's hook loop.
 */

/**
 * @param {{key: string, paths: string[], notice: string, types?: string[], text?: string[], flags?: string[],
 *   lists?: string[], nullable?: string[], ownAdoption?: boolean,
 *   adoptAs?: ((actor: Actor.Implementation) => Promise<Record<string, GuardedValue>|null>)|null}} spec
 *   `key`: the GM store; `paths`: the guarded fields (e.g. "system.heat"); `notice`: the lang key a player sees;
 *   `types`: the actor types guarded (default characters); `text`: the paths that hold text, `flags` those that hold
 *   true or false, `lists` those that hold a list of strings, `nullable` the numbers that may be null (the rest are
 *   numbers);
 *   `ownAdoption`: a guard added to worlds already adopted adopts them once on its own (its marker is `key` in the
 *   adoption store), so an actor it has no record of yet reads as it stands until then, not as nothing;
 *   `adoptAs`: what the record of an actor adopted with the world starts from (paths → values; null: as it stands),
 *   written back on the actor — the catalogue's entry of a motor, rather than numbers its owner may have written.
 * @returns {GuardedFields}
 */
export function guardActorFields({ key, paths, notice, types = ["character"], text = [], flags = [], lists = [],
  nullable = [], ownAdoption = false, adoptAs = null }) {
  const store = gmStore(key);
  /** Whether this guard's world is adopted (the world's marker, and its own when it adopts on its own). */
  const adopted = () => worldAdopted() && (!ownAdoption || !!adoption.get(key));
  const { getProperty, hasProperty } = foundry.utils;
  /**
   * @param {string} p
   * @param {unknown} v
   * @returns {GuardedValue}
   */
  const normal = (p, v) => {
    if (flags.includes(p)) return !!v;
    if (text.includes(p)) return String(v ?? "");
    if (lists.includes(p)) return Array.isArray(v) ? v.map(String) : [];
    if (nullable.includes(p) && (v === null || v === undefined || v === "")) return null;
    return Number(v) || 0;
  };
  /**
   * Whether two normal values of a path are the same (a list by its items, in order).
   * @param {string} p
   * @param {GuardedValue} a
   * @param {GuardedValue} b
   */
  const same = (p, a, b) => (lists.includes(p) ? JSON.stringify(a) === JSON.stringify(b) : a === b);
  /**
   * The stored value (the source, never what an Active Effect made of it).
   * @param {any} actor
   * @param {string} p
   */
  const stored = (actor, p) => getProperty(actor._source ?? actor, p);
  /** @param {any} actor */
  const guarded = actor => actor instanceof Actor && types.includes(actor.type) && !actor.isToken;
  /** @param {any} actor */
  const current = actor => Object.fromEntries(paths.map(p => [p, normal(p, stored(actor, p))]));
  /** @param {any} actor */
  const blank = actor => Object.fromEntries(paths.map(p => [p, normal(p, initialOf(actor.type, p))]));
  /** @param {object} changes */
  const touches = changes => paths.some(p => hasProperty(changes, p) || p in changes);
  /**
   * Before the world is adopted, an actor without a record reads as it stands; after, as nothing.
   * @param {any} actor
   */
  const sanctioned = actor => {
    if (!guarded(actor)) return current(actor); // an unlinked token's copy: its own numbers, which no GM flow spends
    const rec = store.get(actor.uuid);
    if (rec && paths.every(p => p in rec)) return rec;
    return { ...(adopted() ? blank(actor) : current(actor)), ...(rec ?? {}) };
  };

  /**
   * @param {any} actor
   * @param {Record<string, GuardedValue>} values
   */
  async function write(actor, values) {
    const next = { ...sanctioned(actor), ...values };
    await store.set(actor.uuid, next);
    const diff = Object.fromEntries(Object.entries(next).filter(([p, v]) => !same(p, normal(p, stored(actor, p)), v)));
    if (Object.keys(diff).length) await actor.update(diff, { smokeGuarded: true });
  }

  /**
   * A GM's change: record the fields it touched, as they now are.
   * @param {any} actor
   * @param {object} changes
   */
  function recordGMEdit(actor, changes) {
    const touched = Object.fromEntries(paths.filter(p => hasProperty(changes, p) || p in changes)
      .map(p => [p, normal(p, stored(actor, p))]));
    return store.set(actor.uuid, { ...sanctioned(actor), ...touched });
  }

  /**
   * An actor the GM has no record of: as it stands (a GM made it, or the world is adopted now), else from nothing.
   * @param {any} actor
   * @param {boolean} asItStands
   */
  function start(actor, asItStands) {
    return asItStands ? store.set(actor.uuid, current(actor)) : write(actor, blank(actor));
  }

  /**
   * An actor adopted with the world: from what `adoptAs` gives for it (written back on the actor), else as it stands.
   * @param {any} actor
   */
  async function adopt(actor) {
    const from = adoptAs ? await adoptAs(actor) : null;
    if (!from) return start(actor, true);
    const values = Object.fromEntries(paths.map(p => [p, normal(p, p in from ? from[p] : stored(actor, p))]));
    return write(actor, values);
  }

  onReconcile(async (first, actors) => {
    const firstHere = first || (ownAdoption && !adoption.get(key));
    for (const actor of actors) {
      if (!guarded(actor)) continue;
      if (!store.get(actor.uuid)) await (firstHere ? adopt(actor) : start(actor, false));
      else await write(actor, {}); // what changed while no GM was connected goes back
    }
    if (ownAdoption && !adoption.get(key)) await adoption.set(key, { version: ADOPTION_VERSION, at: Date.now() });
  });

  const fail = (/** @type {unknown} */ err) => console.error(`the-smoke | ${key}: could not keep the GM's value`, err);
  const hooks = {
    /** A player's own edit never leaves their client (the GM would only put it back). */
    preUpdateActor: (/** @type {Actor.Implementation} */ actor, /** @type {Record<string, unknown>} */ changes) => {
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
    updateActor: (/** @type {Actor.Implementation} */ actor, /** @type {Record<string, unknown>} */ changes,
      /** @type {{smokeGuarded?: boolean}|undefined} */ options, /** @type {string} */ userId) => {
      if (!game.user.isActiveGM || !guarded(actor) || !touches(changes) || options?.smokeGuarded) return;
      const fix = game.users.get(userId)?.isGM ? recordGMEdit(actor, changes) : write(actor, {});
      fix.catch(fail);
    },
    createActor: (/** @type {Actor.Implementation} */ actor, /** @type {unknown} */ options, /** @type {string} */ userId) => {
      if (!game.user.isActiveGM || !guarded(actor) || store.get(actor.uuid)) return;
      start(actor, !!game.users.get(userId)?.isGM).catch(fail);
    },
    deleteActor: (/** @type {Actor.Implementation} */ actor) => {
      if (!game.user.isActiveGM || !store.get(actor.uuid)) return;
      store.set(actor.uuid, null).catch(fail);
    }
  };
  return { sanctioned, write, hooks };
}

/** Hooks (registered by the entry): the world's adoption at `ready`, after every guard is defined. */
export const hooks = { ready: adoptWorld };
