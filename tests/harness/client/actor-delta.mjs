/**
 * ActorDelta source logic shared by the harness server and client (TEST DOUBLE of v13 common
 * `documents/actor-delta.mjs` BaseActorDelta.applyDelta and the EmbeddedCollectionDelta bookkeeping). Pure functions
 * on plain source objects, so world.mjs and the client apply exactly the same change.
 *
 * A token's `delta` source is `{_id, name?, type?, img?, system: {…partial}, items: [...], effects: [...],
 * ownership?, flags: {…}}`. `items`/`effects` hold only the embedded documents the token changed: new ones, full
 * copies of base documents it updated, and tombstones `{_id, _tombstone: true}` for base documents it deleted.
 */
import { deepClone, mergeObject } from "./utils.mjs";

/** The embedded collections an ActorDelta overrides (v13 BaseActorDelta metadata.embedded). */
export const DELTA_EMBEDDED = Object.freeze({ Item: "items", ActiveEffect: "effects" });

/** A fresh, empty delta for a token (v13 TokenDocument#prepareEmbeddedDocuments: `{_id: token.id}`). */
export function emptyDelta(tokenId) {
  return { _id: tokenId, system: {}, items: [], effects: [], flags: {} };
}

/**
 * v13 BaseActorDelta.applyDelta on sources: the base actor's data with the delta's embedded collections merged by
 * id (delta records first, tombstones removing base records) and the rest of the delta merged over it. Optional
 * fields left null in the delta (name, type, img, ownership) inherit the base's.
 */
export function applyDeltaSource(baseSource, deltaSource) {
  const data = deepClone(baseSource);
  const delta = deepClone(deltaSource ?? {});
  delete delta._id;
  for (const key of Object.values(DELTA_EMBEDDED)) {
    const records = [];
    const ids = new Set();
    for (const r of delta[key] ?? []) {
      if (!r._tombstone) records.push(r);
      ids.add(r._id);
    }
    for (const r of data[key] ?? []) if (!ids.has(r._id)) records.push(r);
    data[key] = records;
    delete delta[key];
  }
  for (const k of Object.keys(delta)) if ((delta[k] === null) || (delta[k] === undefined)) delete delta[k];
  return mergeObject(data, delta);
}

/**
 * Apply a create/update/delete of embedded Items or ActiveEffects to a delta source, as v13's
 * EmbeddedCollectionDelta does: create adds the record; update of a base-only record first copies it into the
 * delta; delete of a base record leaves a tombstone, of a delta-only record removes it. `payload` is `data` (create
 * sources), `updates` (changes with `_id`) or `ids` (delete). Returns the records/changes/ids actually applied.
 */
export function applyDeltaEmbedded(deltaSource, baseSource, key, operation, payload) {
  const list = (deltaSource[key] ??= []);
  const base = baseSource?.[key] ?? [];
  const live = id => list.find(r => (r._id === id) && !r._tombstone);
  if (operation === "create") {
    const out = [];
    for (const src of payload) {
      const i = list.findIndex(r => r._id === src._id);
      if (i >= 0) {
        if (!list[i]._tombstone) throw new Error(`${key} [${src._id}] already exists`);
        list.splice(i, 1);
      } else if (base.some(r => r._id === src._id)) throw new Error(`${key} [${src._id}] already exists`);
      list.push(src);
      out.push(src);
    }
    return out;
  }
  if (operation === "update") {
    const out = [];
    for (const { _id, ...changes } of payload) {
      let record = live(_id);
      if (!record) {
        if (list.some(r => (r._id === _id) && r._tombstone)) throw new Error(`${key} [${_id}] does not exist`);
        const b = base.find(r => r._id === _id);
        if (!b) throw new Error(`${key} [${_id}] does not exist`);
        record = deepClone(b);
        list.push(record);
      }
      mergeObject(record, deepClone(changes), { performDeletions: true });
      out.push({ _id, ...changes });
    }
    return out;
  }
  if (operation === "delete") {
    for (const id of payload) {
      const inBase = base.some(r => r._id === id);
      const i = list.findIndex(r => r._id === id);
      if ((i < 0 && !inBase) || (i >= 0 && list[i]._tombstone)) throw new Error(`${key} [${id}] does not exist`);
      if (i >= 0) list.splice(i, 1);
      if (inBase) list.push({ _id: id, _tombstone: true });
    }
    return [...payload];
  }
  throw new Error(`Unknown operation ${operation}`);
}

/** Does this delta record list currently hold a live (non-tombstone) record, in the delta or the base? */
export function deltaHas(deltaSource, baseSource, key, id) {
  const rec = (deltaSource?.[key] ?? []).find(r => r._id === id);
  if (rec) return !rec._tombstone;
  return (baseSource?.[key] ?? []).some(r => r._id === id);
}
