/**
 * A character's Conditions are the GM's record (rulebook: Conditions; Harm, aid and recovery › Keep Conditions
 * readable): each status effect on a character — Bruised, Shaken, Down, a drug's high… — is an entry in the GM store
 * `conditions`, keyed by the character's actor UUID, then by the effect's id: {@link ConditionEntry} (its statuses,
 * whether it is off, its duration — what documents/fight/durations.mjs ends it by — its changes, name and picture).
 *
 * The active GM records an effect a GM creates, changes or deletes (the GM's automation: harm, attacks, first aid,
 * Rest, A&E, drugs and their comedowns, the clock's expiry; the GM's own toggles on the sheet or the token HUD).
 * Anybody else (v13 lets an owner create, update and delete their Actor's embedded ActiveEffects):
 * - adding, changing or deleting one on a character is refused on their own client with a notice (a Condition the
 *   player needs ended is a request: Get Up, first aid, using a drug…);
 * - a forged one (sent past that client) is put back by the active GM: a deletion re-made with the same id, a change
 *   put back, a creation removed.
 * The GM's readers that decide a counted roll or a number read {@link recordedStatuses}, never `actor.statuses`, so
 * the moment between a forged deletion and its put-back gives nothing. An NPC, a motor or an unlinked token's actor
 * (only a GM writes them): as they stand.
 * At `ready` the active GM adopts a world from before this store once (its own adoption marker), and otherwise puts
 * back what changed while no GM was connected.
 *
 * Foundry-side only; no rules here.
 * @module documents/condition-record
 */
import { gmStore } from "./gm-store.mjs";
import { onReconcile, ownAdoption } from "./mirror.mjs";

/**
 * @typedef {object} ConditionEntry  What the GM recorded of one status effect on a character.
 * @property {string[]} statuses   Its status ids (Condition keys).
 * @property {boolean} disabled    Whether it is off.
 * @property {Record<string, any>} duration  Its duration as stored (`seconds`, `startTime`, `rounds`, `startRound`…).
 * @property {any[]} changes       Its changes to the actor's data.
 * @property {string} name         Its name.
 * @property {string|null} img     Its picture.
 * @property {Record<string, any>} flags  Its flags (the defeated overlay).
 */

/** The fields a GM's record holds and a player's write may not touch. */
export const GUARDED_FIELDS = Object.freeze(["statuses", "disabled", "duration", "changes"]);
const NOTICE = "SMOKE.Record.conditionsGmOwned";
const KEY = "conditions";

/** @type {import("./gm-store.mjs").GMStore<Record<string, ConditionEntry>>} */
const store = gmStore(KEY);
const adoption = ownAdoption(KEY);

/**
 * A character whose Conditions the GM records (a world actor; an unlinked token's copy is read as it stands).
 * @param {unknown} actor
 * @returns {actor is Actor.Implementation}
 */
const guarded = actor => actor instanceof Actor && actor.type === "character" && !actor.isToken;
/**
 * The guarded character an effect sits on, or null.
 * @param {{parent?: unknown}|null|undefined} effect
 * @returns {Actor.Implementation|null}
 */
const carrier = effect => (guarded(effect?.parent) ? effect.parent : null);

/**
 * @param {any} effect
 * @returns {ConditionEntry}
 */
export function entryOf(effect) {
  const src = effect._source ?? effect;
  return { statuses: [...(effect.statuses ?? src.statuses ?? [])].map(String).sort(), disabled: !!src.disabled,
    duration: foundry.utils.deepClone(src.duration ?? {}), changes: foundry.utils.deepClone(src.changes ?? []),
    name: String(src.name ?? ""), img: src.img ?? null, flags: foundry.utils.deepClone(src.flags ?? {}) };
}

/**
 * Every status effect of a character as the GM recorded it (effect id → entry); null for an actor whose effects are
 * read as they stand (not a guarded character, or a character before the world was adopted).
 * @param {Actor.Implementation|null|undefined} actor
 * @returns {Record<string, ConditionEntry>|null}
 */
export function recordedEffects(actor) {
  if (!guarded(actor)) return null;
  return store.get(actor.uuid) ?? (adoption.adopted() ? {} : null);
}

/**
 * The Conditions the GM counts for an actor (rulebook: Conditions): a character's from the GM's record (an effect a
 * player deleted still counts until it is put back; one they made never does); an NPC's, a motor's or an unlinked
 * token's as they stand. Every GM-side reader that decides a counted roll or a number uses this, not `actor.statuses`.
 * @param {Actor.Implementation|null|undefined} actor
 * @returns {Set<string>}  Condition ids.
 */
export function recordedStatuses(actor) {
  const rec = recordedEffects(actor);
  if (!rec) return new Set(actor?.statuses ?? []);
  return new Set(Object.values(rec).filter(e => !e.disabled).flatMap(e => e.statuses ?? []));
}

/**
 * The duration the GM counts for an effect: a guarded character's from the record, any other as it stands.
 * @param {ActiveEffect.Implementation} effect
 * @returns {Record<string, any>}
 */
export function recordedDuration(effect) {
  const actor = carrier(effect);
  const entry = actor ? recordedEffects(actor)?.[/** @type {string} */ (effect.id)] : null;
  return entry?.duration ?? /** @type {Record<string, any>} */ (effect.duration ?? {});
}

/* ------------------------------------------------ GM side ------------------------------------------------ */

/**
 * The guarded top-level fields a change touches (nested `{duration: {...}}` or dotted `{"duration.seconds": 60}`).
 * @param {Record<string, unknown>} changes
 * @returns {Set<string>}
 */
function touchedFields(changes) {
  const fields = new Set();
  for (const k of Object.keys(changes ?? {})) {
    const top = k.split(".")[0];
    if (GUARDED_FIELDS.includes(top)) fields.add(top);
  }
  return fields;
}

/**
 * Active GM: record effects of a character as they are.
 * @param {Actor.Implementation} actor
 * @param {any[]} effects
 */
function recordEffects(actor, effects) {
  return store.update(actor.uuid, cur => ({ ...(cur ?? {}), ...Object.fromEntries(effects.map(e => [e.id, entryOf(e)])) }));
}

/**
 * Active GM: drop entries.
 * @param {Actor.Implementation} actor
 * @param {string[]} ids
 */
function dropEffects(actor, ids) {
  return store.update(actor.uuid, cur => {
    const next = { ...(cur ?? {}) };
    for (const id of ids) delete next[id];
    return next;
  });
}

/**
 * Active GM: a Condition the GM ends that is on the record but not on the character (deleted past the GM, not yet put
 * back): its entries go, and any effect with it that is back by now.
 * @param {Actor.Implementation} actor
 * @param {string} statusId
 * @returns {Promise<void>}
 */
export async function forgetCondition(actor, statusId) {
  const rec = recordedEffects(actor);
  if (!rec || !game.user.isActiveGM) return;
  const ids = Object.entries(rec).filter(([, e]) => e.statuses.includes(statusId)).map(([id]) => id);
  if (ids.length) await dropEffects(actor, ids);
  const present = ids.filter(id => actor.effects.has(id));
  if (present.length) await actor.deleteEmbeddedDocuments("ActiveEffect", present, { smokeGuarded: true });
}

/**
 * Active GM: a GM changed an effect: record the guarded fields it touched (and the name, picture, flags) as they are.
 * @param {any} effect
 * @param {Record<string, unknown>} changes
 */
function recordGMEdit(effect, changes) {
  const actor = /** @type {Actor.Implementation} */ (effect.parent);
  return store.update(actor.uuid, cur => {
    const before = cur?.[effect.id];
    const now = entryOf(effect);
    if (!before) return { ...(cur ?? {}), [effect.id]: now };
    const next = { ...before, name: now.name, img: now.img, flags: now.flags };
    for (const f of touchedFields(changes)) /** @type {Record<string, unknown>} */ (next)[f] = /** @type {Record<string, unknown>} */ (now)[f];
    return { ...cur, [effect.id]: next };
  });
}

/**
 * The update that puts an effect back to its entry (empty when it matches).
 * @param {any} effect
 * @param {ConditionEntry} entry
 * @returns {Record<string, any>}
 */
function putBack(effect, entry) {
  const now = /** @type {Record<string, any>} */ (entryOf(effect));
  const diff = /** @type {Record<string, any>} */ ({});
  for (const f of GUARDED_FIELDS) {
    const want = /** @type {Record<string, any>} */ (entry)[f];
    if (JSON.stringify(want) !== JSON.stringify(now[f])) diff[f] = want;
  }
  return diff;
}

/**
 * Active GM: put an effect back to the record, or remove it when the GM never recorded it.
 * @param {any} effect
 */
async function restore(effect) {
  const entry = recordedEffects(effect.parent)?.[effect.id];
  if (!entry) {
    await effect.delete({ smokeGuarded: true });
    return;
  }
  const diff = putBack(effect, entry);
  if (Object.keys(diff).length) await effect.update(diff, { smokeGuarded: true });
}

/**
 * Active GM: re-make the recorded effects a character lacks, with their own ids.
 * @param {Actor.Implementation} actor
 */
async function remake(actor) {
  const rec = recordedEffects(actor) ?? {};
  const missing = Object.entries(rec).filter(([id]) => !actor.effects.has(id))
    .map(([id, e]) => ({ _id: id, name: e.name, img: e.img, statuses: e.statuses, disabled: e.disabled,
      duration: e.duration, changes: e.changes, flags: e.flags }));
  if (missing.length) await actor.createEmbeddedDocuments("ActiveEffect", missing, { keepId: true, smokeGuarded: true });
}

/**
 * Active GM at `ready`: adopt every character's effects once (a world from before this store); after that, re-make
 * what was deleted, remove what the GM never recorded, and put back changed fields.
 */
onReconcile(async (_first, actors) => {
  const first = !adoption.adopted();
  for (const actor of actors) {
    if (!guarded(actor)) continue;
    if (!store.get(actor.uuid)) {
      if (first) {
        await store.set(actor.uuid, {});
        await recordEffects(actor, [...actor.effects]);
        continue;
      }
      await store.set(actor.uuid, {});
    }
    await remake(actor);
    for (const effect of [...actor.effects]) await restore(effect);
  }
  if (first) await adoption.mark();
});

const fail = (/** @type {unknown} */ err) => console.error("the-smoke | conditions: could not keep the GM's record", err);
const byGM = (/** @type {string} */ userId) => !!game.users.get(userId)?.isGM;
const warn = () => ui.notifications?.warn(game.i18n.localize(NOTICE));

/** Hooks (registered by the entry through the shared ground's manifest). */
export const hooks = {
  /** A player's own Condition on a character is refused before it is sent. */
  preCreateActiveEffect: (/** @type {ActiveEffect.Implementation} */ effect) => {
    if (game.user.isGM || !carrier(effect)) return;
    warn();
    return false;
  },
  /** A player's own change of an effect's statuses, duration, changes or switch never leaves their client. */
  preUpdateActiveEffect: (/** @type {ActiveEffect.Implementation} */ effect, /** @type {Record<string, unknown>} */ changes) => {
    if (game.user.isGM || !carrier(effect) || !touchedFields(changes).size) return;
    for (const k of Object.keys(changes)) if (GUARDED_FIELDS.includes(k.split(".")[0])) delete changes[k];
    warn();
  },
  /** A player's own deletion of a Condition (the sheet's ✕, the token HUD) is refused before it is sent. */
  preDeleteActiveEffect: (/** @type {ActiveEffect.Implementation} */ effect) => {
    if (game.user.isGM || !carrier(effect)) return;
    warn();
    return false;
  },
  createActiveEffect: (/** @type {ActiveEffect.Implementation} */ effect,
    /** @type {{smokeGuarded?: boolean}|undefined} */ options, /** @type {string} */ userId) => {
    const actor = carrier(effect);
    if (!game.user.isActiveGM || !actor || options?.smokeGuarded) return;
    (byGM(userId) ? recordEffects(actor, [effect]) : effect.delete({ smokeGuarded: true })).catch(fail);
  },
  updateActiveEffect: (/** @type {ActiveEffect.Implementation} */ effect, /** @type {Record<string, unknown>} */ changes,
    /** @type {{smokeGuarded?: boolean}|undefined} */ options, /** @type {string} */ userId) => {
    if (!game.user.isActiveGM || !carrier(effect) || options?.smokeGuarded) return;
    if (byGM(userId)) recordGMEdit(effect, changes).catch(fail);
    else if (touchedFields(changes).size) restore(effect).catch(fail);
  },
  deleteActiveEffect: (/** @type {ActiveEffect.Implementation} */ effect,
    /** @type {{smokeGuarded?: boolean}|undefined} */ options, /** @type {string} */ userId) => {
    const actor = carrier(effect);
    const id = /** @type {string} */ (effect.id);
    if (!game.user.isActiveGM || !actor || options?.smokeGuarded) return;
    if (byGM(userId)) {
      if (store.get(actor.uuid)?.[id]) dropEffects(actor, [id]).catch(fail);
    } else remake(actor).catch(fail); // a forged deletion: the GM's Condition comes back
  },
  createActor: (/** @type {Actor.Implementation} */ actor, /** @type {unknown} */ options, /** @type {string} */ userId) => {
    if (!game.user.isActiveGM || !guarded(actor) || store.get(actor.uuid)) return;
    void options;
    if (byGM(userId)) {
      store.set(actor.uuid, {}).then(() => recordEffects(actor, [...actor.effects])).catch(fail);
      return;
    }
    // Made by a player (or a copy of another character): none of its Conditions is the GM's.
    const ids = actor.effects.map(e => /** @type {string} */ (e.id));
    (ids.length ? actor.deleteEmbeddedDocuments("ActiveEffect", ids, { smokeGuarded: true }) : Promise.resolve())
      .then(() => store.set(actor.uuid, {})).catch(fail);
  },
  deleteActor: (/** @type {Actor.Implementation} */ actor) => {
    if (!game.user.isActiveGM || !store.get(actor.uuid)) return;
    store.set(actor.uuid, null).catch(fail);
  }
};
