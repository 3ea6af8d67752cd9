/**
 * Which actor each token stands for, as the GM recorded it (issue 24, "where a character is"). A token's `actorId`
 * and `actorLink` are its owner's to write in v13: `BaseToken.#canUpdate` lets anyone who may update the token's
 * actor update the token, whatever fields the change carries (v13 `common/documents/token.mjs`; community types
 * `fvtt-types` `common/documents/token.d.mts`, `permissions.update: this.#canUpdate`), and a token is created by
 * anyone with the `TOKEN_CREATE` permission (default role ASSISTANT, which a GM may lower to PLAYER: fvtt-types
 * `common/constants.d.mts` `USER_PERMISSIONS.TOKEN_CREATE`), with no check that the creator owns the actor. So the
 * GM's automation never reads who a token is from the token alone:
 *
 * - **the record** (GM store `the-smoke.tokenActors`, scene id → token id → `{actorId, actorLink}`) is written by the
 *   active GM when a token is created by a GM or by an owner of the actor it names (the `createToken` hook's user
 *   id, which the server stamps), when a GM changes the binding, and for every token of a scene the record has not
 *   seen yet (a GM-made scene, or a world from before this record: its tokens as they stand when the active GM
 *   first sees it). A token a player made for an actor they do not own is never recorded;
 * - **counting**: a token stands for an actor only while its `actorId` and `actorLink` are still what the record
 *   says ({@link standsFor}), so a changed token counts for nobody even before it is put back;
 * - **put back**: a non-GM's change of either field is stripped on the player's own client with a notice
 *   (`preUpdateToken`), and the active GM puts back one that got through (a forged socket request) from the record,
 *   at once and on load.
 *
 * Places (documents/money/places.mjs), street first aid's reach (documents/money/aid.mjs) and the EXIT crossing
 * (documents/street-map/crossing.mjs) count only recorded tokens.
 *
 * Foundry-side only; no rules here.
 * @module documents/token-actors
 */
import { gmStore } from "./gm-store.mjs";

/**
 * @typedef {object} Binding  The actor a token stands for, as the GM recorded it.
 * @property {string|null} actorId  The world actor's id (an unlinked token's synthetic actor has the same id).
 * @property {boolean} actorLink    Linked to the world actor (true) or a synthetic actor of its own (false).
 */

/** The record, by scene id then token id (GM-only). */
export const tokenActors = gmStore("tokenActors", { onChange: () => { cache = null; } });

/** @type {Record<string, Record<string, Binding>>|null} This client's copy of the store (reset on every change). */
let cache = null;
/** Active GM: changes written but not stored yet (scene id → token id → Binding, or null for forgotten). */
const unsaved = /** @type {Map<string, Map<string, Binding|null>>} */ (new Map());

/**
 * @param {string} key
 * @param {Record<string, string>} [data]
 */
const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * @param {any} token
 * @returns {Binding} What the token names now.
 */
const named = token => ({ actorId: token.actorId ?? null, actorLink: Boolean(token.actorLink) });

/**
 * @param {any} scene
 * @returns {Record<string, Binding>|null} The scene's record (null: a scene never seen).
 */
function sceneRecord(scene) {
  cache ??= tokenActors.all();
  const stored = cache[scene.id];
  const local = unsaved.get(scene.id);
  if (!stored && !local) return null;
  if (!local?.size) return stored ?? {}; // the usual case: read, never copied (callers do not change it)
  const out = { ...(stored ?? {}) };
  for (const [id, b] of local ?? []) {
    if (b) out[id] = b;
    else delete out[id];
  }
  return out;
}

/**
 * Active GM: write bindings for one scene (null forgets a token), seen at once by this client's checks.
 * @param {string} sceneId
 * @param {Record<string, Binding|null>} changes
 */
function record(sceneId, changes) {
  const local = unsaved.get(sceneId) ?? new Map();
  unsaved.set(sceneId, local);
  for (const [id, b] of Object.entries(changes)) local.set(id, b);
  return tokenActors.update(sceneId, current => {
    const next = { ...(current ?? {}) };
    for (const [id, b] of Object.entries(changes)) {
      if (b) next[id] = b;
      else delete next[id];
    }
    return next;
  }).then(() => {
    for (const [id, b] of Object.entries(changes)) if (local.get(id) === b) local.delete(id);
    cache = null;
  }, err => console.warn("The Smoke | token record", err));
}

/**
 * Active GM: take a scene the record has not seen — every token on it as it stands now, but `except` (the token
 * whose creation brought the GM here, judged on its own).
 * @param {any} scene
 * @param {string|null} [except]
 * @returns {Record<string, Binding>}
 */
function adopt(scene, except = null) {
  /** @type {Record<string, Binding>} */
  const all = {};
  for (const t of scene.tokens ?? []) if (t.id !== except) all[t.id] = named(t);
  void record(scene.id, all);
  return all;
}

/**
 * The GM's record of the actor a token stands for, or null: not recorded (a token a player made for an actor they do
 * not own, or made while no GM was connected), or on a scene the active GM has not seen yet (another client asks).
 * @param {TokenDocument.Implementation|any} token
 * @returns {Binding|null}
 */
export function bindingOf(token) {
  const scene = token?.parent;
  if (!scene?.id || !token.id) return null;
  const rec = sceneRecord(scene) ?? (game.user?.isActiveGM ? adopt(scene) : null);
  return rec?.[token.id] ?? null;
}

/**
 * Whether the token still names what the GM recorded (neither its `actorId` nor its `actorLink` changed since).
 * @param {any} token
 * @returns {boolean}
 */
export function isRecorded(token) {
  const b = bindingOf(token);
  return !!b && b.actorId === (token.actorId ?? null) && b.actorLink === Boolean(token.actorLink);
}

/**
 * Whether a token stands for an actor: it is recorded, unchanged, and names that actor (a world actor through a
 * linked token; a synthetic actor through its own unlinked token).
 * @param {any} token
 * @param {Actor.Implementation|any} actor
 * @returns {boolean}
 */
export function standsFor(token, actor) {
  if (!actor || !isRecorded(token)) return false;
  if (actor.isToken) return actor.token === token && !token.actorLink && token.actorId === actor.id;
  return Boolean(token.actorLink) && token.actorId === actor.id;
}

/**
 * The tokens that stand for an actor (see {@link standsFor}), on one scene or on every scene.
 * @param {Actor.Implementation|any} actor
 * @param {{scene?: any}} [opts]  scene: that scene only.
 * @returns {TokenDocument.Implementation[]}
 */
export function tokensOf(actor, { scene = null } = {}) {
  if (!actor) return [];
  if (actor.isToken) {
    const own = actor.token;
    return own && (!scene || own.parent === scene) && standsFor(own, actor) ? [own] : [];
  }
  const scenes = scene ? [scene] : [...(game.scenes ?? [])];
  return scenes.flatMap(s => [...(s.tokens ?? [])].filter(t => standsFor(t, actor)));
}

/**
 * Active GM: put a token's binding back from the record.
 * @param {any} token
 * @param {Binding} b
 */
function putBack(token, b) {
  return token.update({ actorId: b.actorId, actorLink: b.actorLink }, { smokePutBack: true })
    .catch((/** @type {unknown} */ err) => console.warn("The Smoke | putting a token back", err));
}

/** A token was made: the active GM records it when a GM or an owner of its actor made it. */
function onCreateToken(token, _options, userId) {
  if (!game.user.isActiveGM || !token.parent) return;
  const user = game.users.get(userId);
  if (!sceneRecord(token.parent)) adopt(token.parent, token.id);
  const actor = token.actorId ? game.actors.get(token.actorId) : null;
  if (user?.isGM || (user && actor?.testUserPermission(user, "OWNER"))) {
    void record(token.parent.id, { [token.id]: named(token) });
    return;
  }
  ui.notifications.warn(L("SMOKE.Tokens.notRecorded", { user: user?.name ?? "", token: token.name ?? "" }));
}

/** A token changed: a GM's change of its actor is recorded; anyone else's is put back. */
function onUpdateToken(token, changes, options, userId) {
  if (!game.user.isActiveGM || !token.parent || !("actorId" in changes || "actorLink" in changes)) return;
  if (game.users.get(userId)?.isGM) {
    if (!options?.smokePutBack) void record(token.parent.id, { [token.id]: named(token) });
    return;
  }
  const b = bindingOf(token);
  if (!b) return; // never recorded: nothing the GM does counts it anyway
  ui.notifications.warn(L("SMOKE.Tokens.putBack", { user: game.users.get(userId)?.name ?? "", token: token.name ?? "" }));
  void putBack(token, b);
}

/**
 * A player's own change of a token's actor is taken out before it is sent (the GM would put it back anyway).
 * @param {any} _token
 * @param {Record<string, unknown>} changes
 * @param {object} _options
 * @param {string} userId
 */
function onPreUpdateToken(_token, changes, _options, userId) {
  if (game.user.isGM || userId !== game.user.id || !("actorId" in changes || "actorLink" in changes)) return;
  delete changes.actorId;
  delete changes.actorLink;
  ui.notifications.warn(L("SMOKE.Tokens.gmOnly"));
}

/** A token went: forget it. */
function onDeleteToken(token) {
  if (game.user.isActiveGM && token.parent?.id) void record(token.parent.id, { [token.id]: null });
}

/** Active GM (ready): take scenes never seen; put back every token whose binding changed while no GM was there. */
function onReady() {
  if (!game.user.isActiveGM) return;
  for (const scene of game.scenes ?? []) {
    const rec = sceneRecord(scene);
    if (!rec) {
      adopt(scene);
      continue;
    }
    const gone = Object.keys(rec).filter(id => !scene.tokens.get(id));
    if (gone.length) void record(scene.id, Object.fromEntries(gone.map(id => [id, null])));
    for (const token of scene.tokens) {
      const b = rec[/** @type {string} */ (token.id)];
      if (b && !isRecorded(token)) void putBack(token, b);
    }
  }
}

/** Hooks (registered by the entry's feature loop). */
export const hooks = {
  ready: onReady,
  createToken: onCreateToken,
  updateToken: onUpdateToken,
  preUpdateToken: onPreUpdateToken,
  deleteToken: onDeleteToken,
  /**
   * A GM made a scene: its tokens are the GM's.
   * @param {any} scene
   */
  createScene: scene => { if (game.user.isActiveGM) adopt(scene); },
  /** @param {any} scene */
  deleteScene: scene => { if (game.user.isActiveGM) void tokenActors.set(scene.id, null).then(() => { cache = null; }); }
};
