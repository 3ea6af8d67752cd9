/**
 * World state of the harness server (TEST DOUBLE of a Foundry world): users, actors (with embedded items and
 * effects), world items, scenes (with embedded tokens), combats (with embedded combatants), chat messages, stored
 * settings. Every write names the acting user — always the user of the connection it came from — and is checked
 * before anything changes; a refused batch changes nothing.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { deepClone, expandObject, getProperty, isValidId, mergeObject, randomID, setProperty } from "./client/utils.mjs";
import { applyDeltaEmbedded, DELTA_EMBEDDED, emptyDelta } from "./client/actor-delta.mjs";
import { cleanHTML } from "./client/html.mjs";

/**
 * The fixed users. "Assistant GM" is an ASSISTANT (role 3, v13 `CONST.USER_ROLES.ASSISTANT`): `isGM` is true for it
 * ("Test whether the User has a GAMEMASTER or ASSISTANT role", fvtt-types 13.345 `common/documents/user.d.mts`), and it
 * is the active GM only when no full GM is connected ("one User who is an active Gamemaster (non-assistant if
 * possible)", `client/documents/collections/users.d.mts`). "Gamemaster Two" is a second full GAMEMASTER (role 4), for
 * tests of two full GMs.
 */
export const USERS = Object.freeze([
  { _id: "HarnessGMaster01", name: "Gamemaster", role: 4, color: "#a33b3b", character: null, flags: {}, _stats: {} },
  { _id: "HarnessGMaster02", name: "Assistant GM", role: 3, color: "#a36f3b", character: null, flags: {}, _stats: {} },
  { _id: "HarnessGMaster03", name: "Gamemaster Two", role: 4, color: "#7a3ba3", character: null, flags: {}, _stats: {} },
  { _id: "HarnessPlayer001", name: "Player One", role: 1, color: "#3b6ea3", character: null, flags: {}, _stats: {} },
  { _id: "HarnessPlayer002", name: "Player Two", role: 1, color: "#3ba35a", character: null, flags: {}, _stats: {} }
]);

const OWNER = 3;
const OBSERVER = 2;
const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 };
const LEVELS = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 };
const COLLECTIONS = { Actor: "actors", Item: "items", Scene: "scenes", Combat: "combats", ChatMessage: "messages",
  User: "users", Playlist: "playlists", JournalEntry: "journal" };
const EMBEDDED = { Actor: { Item: "items", ActiveEffect: "effects" }, Item: { ActiveEffect: "effects" },
  Scene: { Token: "tokens", Region: "regions", Wall: "walls" }, Region: { RegionBehavior: "behaviors" },
  Combat: { Combatant: "combatants" }, Playlist: { PlaylistSound: "sounds" },
  JournalEntry: { JournalEntryPage: "pages" } };
/** Keys of embedded source arrays, for id generation. */
const EMBEDDED_KEYS = ["items", "effects", "tokens", "combatants", "regions", "behaviors", "sounds", "walls", "pages"];
/** v13 BaseRegion / BaseRegionBehavior / BaseWall: only a GM may create, update or delete them (whatever the Scene's ownership). */
const GM_ONLY_EMBEDDED = ["Region", "RegionBehavior", "Wall"];
/** v13 BaseCombat#canUpdate: the only Combat fields a non-GM may write. */
const COMBAT_PLAYER_KEYS = ["round", "turn", "combatants"];
/** v13 BaseCombatant#canUpdate: the only Combatant fields a non-GM owner may write. */
const COMBATANT_PLAYER_KEYS = ["initiative", "flags", "defeated", "system"];
/**
 * Core HTMLField paths per document (v13 schemas: ChatMessage content/flavor, ActiveEffect description,
 * JournalEntryPage text.content), cleaned by the server on create and update; the system's own HTML fields come from
 * the manifest's `documentTypes.<Doc>.<type>.htmlFields` (paths inside `system`), as v13's server reads them.
 */
const CORE_HTML_FIELDS = { ChatMessage: ["content", "flavor"], ActiveEffect: ["description"],
  JournalEntryPage: ["text.content"] };
/** Embedded arrays whose elements are cleaned as documents of their own. */
const HTML_EMBEDDED = { Actor: { items: "Item", effects: "ActiveEffect" }, Item: { effects: "ActiveEffect" },
  ActorDelta: { items: "Item", effects: "ActiveEffect" }, JournalEntry: { pages: "JournalEntryPage" } };
/** v13 CONST.USER_PERMISSIONS TOKEN_CREATE / TOKEN_DELETE default role. */
const TOKEN_CREATE_DELETE_ROLE = ROLES.ASSISTANT;

export class PermissionError extends Error {}

const isGM = user => user.role >= ROLES.ASSISTANT;

/**
 * The user's level over a stored source with an `ownership` field, as v13 Document#testUserPermission sees it: a GM
 * is OWNER; otherwise `ownership[user] ?? ownership.default ?? NONE` (v13 Document#getUserLevel).
 */
function userLevel(user, source) {
  if (isGM(user)) return OWNER;
  const ownership = source.ownership ?? {};
  return ownership[user._id] ?? ownership.default ?? LEVELS.NONE;
}

function stripKeys(value) {
  if (Array.isArray(value)) return value.map(stripKeys);
  if (value && typeof value === "object") {
    const out = {};
    for (const [k, v] of Object.entries(value)) if (k !== "_key") out[k] = stripKeys(v);
    return out;
  }
  return value;
}

export class World {
  constructor({ manifest, packsDir }) {
    this.manifest = manifest;
    this.packsDir = packsDir;
    this.packCache = new Map();
    this.reset();
  }

  reset() {
    this.users = deepClone([...USERS]);
    this.actors = [];
    this.items = [];
    this.scenes = [];
    this.combats = [];
    this.messages = [];
    this.playlists = [];
    this.journal = [];
    this.settings = [];
    /** v13 world pause state (the stand-in's world starts unpaused; a real world launches paused). */
    this.paused = false;
    /** Test-only skew of the server clock in ms (`game.harness.skewTime`), reset with the world. */
    this.clockSkew = 0;
  }

  /** The server's clock (ms since the epoch), which every client reads as `game.time.serverTime`. */
  get serverTime() {
    return Date.now() + this.clockSkew;
  }

  user(id) {
    return this.users.find(u => u._id === id) ?? null;
  }

  get gm() {
    return this.users.find(isGM);
  }

  /** Everything a client gets on connection (Foundry sends every world document to every client). */
  snapshot(userId, activeUsers) {
    return deepClone({ type: "world", userId, system: this.manifest, activeUsers, users: this.users, actors: this.actors,
      items: this.items, scenes: this.scenes, combats: this.combats, messages: this.messages, settings: this.settings,
      playlists: this.playlists, journal: this.journal, paused: this.paused, serverTime: this.serverTime });
  }

  toJSON() {
    return { users: this.users, actors: this.actors, items: this.items, scenes: this.scenes, combats: this.combats,
      messages: this.messages, settings: this.settings, playlists: this.playlists, journal: this.journal,
      paused: this.paused };
  }

  /**
   * Replace the world with a saved one (`toJSON()`'s shape, as `the-smoke preview --world FILE` keeps it), checked
   * whole before anything changes: the four fixed users stay (their `character` and `flags` come from the file), every
   * collection must be a list of objects with a valid `_id`. Also `paused`.
   * @param {object} saved
   * @throws {Error} naming the first collection and entry that is wrong; the world is then unchanged.
   */
  load(saved) {
    if (!saved || typeof saved !== "object" || Array.isArray(saved)) throw new Error("a saved world is a JSON object");
    const lists = {};
    for (const key of [...Object.values(COLLECTIONS), "settings"]) {
      const list = saved[key] ?? [];
      if (!Array.isArray(list)) throw new Error(`"${key}" must be a list`);
      list.forEach((doc, i) => {
        if (!doc || typeof doc !== "object" || !isValidId(doc._id)) throw new Error(`"${key}" entry ${i + 1} has no valid _id`);
      });
      lists[key] = deepClone(list);
    }
    const users = deepClone([...USERS]);
    for (const u of users) {
      const was = lists.users.find(s => s._id === u._id);
      if (was) Object.assign(u, { character: was.character ?? null, flags: was.flags ?? {} });
    }
    this.reset();
    Object.assign(this, lists, { users, paused: !!saved.paused });
  }

  /* ------------------------------------------------ Locating ------------------------------------------------ */

  #top(documentName) {
    const key = COLLECTIONS[documentName];
    if (!key) throw new Error(`The harness world has no ${documentName} collection`);
    return this[key];
  }

  /**
   * {top, parent, parentName, token} for "Actor.<id>" / "Actor.<id>.Item.<id>" / "Scene.<id>.Token.<id>" /
   * "Scene.<id>.Token.<id>.ActorDelta.<id>"; `token` is the Token source on the way (the parent of an ActorDelta).
   */
  #resolveParent(parentUuid) {
    const parts = parentUuid.split(".");
    const top = this.#top(parts[0]).find(d => d._id === parts[1]);
    if (!top) throw new Error(`Parent ${parentUuid} does not exist`);
    let parent = top;
    let parentName = parts[0];
    let token = null;
    for (let i = 2; i < parts.length; i += 2) {
      if ((parentName === "Token") && (parts[i] === "ActorDelta")) {
        // v13: a token's ActorDelta is a singleton embedded document (TokenDocument#delta) with the token's id
        token = parent;
        parent = (token.delta ??= emptyDelta(token._id));
        parent._id = token._id;
        if (parent._id !== parts[i + 1]) throw new Error(`Parent ${parentUuid} does not exist`);
        parentName = "ActorDelta";
        continue;
      }
      const key = EMBEDDED[parentName]?.[parts[i]];
      parent = key ? parent[key]?.find(d => d._id === parts[i + 1]) : null;
      if (!parent) throw new Error(`Parent ${parentUuid} does not exist`);
      parentName = parts[i];
    }
    return { top, parent, parentName, token };
  }

  #target(documentName, parentUuid) {
    if (!parentUuid) return { list: this.#top(documentName), top: null };
    const { top, parent, parentName, token } = this.#resolveParent(parentUuid);
    if (parentName === "ActorDelta") {
      if (!DELTA_EMBEDDED[documentName]) throw new Error(`${documentName} is not embedded in ActorDelta`);
      return { list: null, top, parent, parentName, token };
    }
    if ((parentName === "Token") && (documentName === "ActorDelta")) return { list: null, top, parent, parentName, token: parent };
    const key = EMBEDDED[parentName]?.[documentName];
    if (!key) throw new Error(`${documentName} is not embedded in ${parentName}`);
    parent[key] ??= [];
    return { list: parent[key], top, parent, parentName };
  }

  /** The world actor a token source refers to (its base actor, v13 TokenDocument#baseActor). */
  #baseActor(token) {
    return token?.actorId ? (this.actors.find(a => a._id === token.actorId) ?? null) : null;
  }

  /**
   * The ownership of the actor a token stands for (v13 TokenDocument#actor): the world actor's for a linked token; for
   * an unlinked token the synthetic actor's, i.e. the base actor's ownership with the delta's `ownership` (if any)
   * merged over it. null when the base actor does not exist.
   */
  #tokenActorOwnership(token) {
    const base = this.#baseActor(token);
    if (!base) return null;
    if (token.actorLink || !token.delta?.ownership) return base.ownership ?? {};
    return { ...(base.ownership ?? {}), ...token.delta.ownership };
  }

  /** v13 BaseToken#canUpdate for a non-GM: the token's actor's "update" permission (OWNER); no actor → `!!actorId`. */
  #playerMayUpdateToken(user, token) {
    const ownership = this.#tokenActorOwnership(token);
    if (!ownership) return !!token.actorId;
    return userLevel(user, { ownership }) >= OWNER;
  }

  /**
   * v13 Combatant#actor: the token's actor if the combatant's token exists (synthetic for an unlinked token, so the
   * base actor's ownership), else the world actor by actorId. Returned as {ownership} or null.
   */
  #combatantActorOwnership(combat, combatant) {
    if (combatant.tokenId) {
      const sceneId = combatant.sceneId ?? combat.scene ?? null;
      const token = this.scenes.find(s => s._id === sceneId)?.tokens?.find(t => t._id === combatant.tokenId);
      if (token) return this.#tokenActorOwnership(token);
    }
    const actor = combatant.actorId ? (this.actors.find(a => a._id === combatant.actorId) ?? null) : null;
    return actor ? (actor.ownership ?? {}) : null;
  }

  /**
   * v13 BaseCombatant#getUserLevel: the actor's level; a combatant without an actor falls back to Document#getUserLevel
   * (no ownership field → the parent Combat's, which has none either → NONE).
   */
  #combatantLevel(user, combat, combatant) {
    const ownership = this.#combatantActorOwnership(combat, combatant);
    return ownership ? userLevel(user, { ownership }) : LEVELS.NONE;
  }

  /** v13 BaseCombatant#canUpdate for a non-GM: OWNER of the actor, and only the allowed keys. */
  #playerMayUpdateCombatant(user, combat, combatant, changes) {
    if (this.#combatantLevel(user, combat, combatant) < OWNER) return false;
    return Object.keys(changes).every(k => (k === "_id") || COMBATANT_PLAYER_KEYS.includes(k));
  }

  /** v13 BaseCombat#canUpdate for a non-GM: round, turn, and combatants the user may update. */
  #playerMayUpdateCombat(user, combat, changes) {
    if (Object.keys(changes).some(k => !COMBAT_PLAYER_KEYS.includes(k))) return false;
    if (!("combatants" in changes)) return true;
    if (!Array.isArray(changes.combatants)) return false;
    return changes.combatants.every(({ _id, ...change }) => {
      const combatant = combat.combatants?.find(c => c._id === _id);
      return !!combatant && this.#playerMayUpdateCombatant(user, combat, combatant, change);
    });
  }

  /** v13 JournalEntryPage#getUserLevel: the page's own level, INHERIT (the default) taking the entry's. */
  #pageLevel(user, entry, page) {
    const own = page?.ownership?.[user._id] ?? page?.ownership?.default ?? -1;
    return own === -1 ? userLevel(user, entry) : own;
  }

  /* ---------------------------------------------- Permissions ---------------------------------------------- */

  #refuse(user, action, documentName, id) {
    throw new PermissionError(`User ${user.name} lacks permission to ${action} ${documentName} [${id ?? "new"}]`);
  }

  #check(user, operation, documentName, { top, target, data, parentName = null, token = null }) {
    if (isGM(user)) return;
    const refuse = () => this.#refuse(user, operation, documentName, target?._id);
    if (top) {
      // v13 BaseActorDelta#canUserModify → its Token's; Items/ActiveEffects in a delta → BaseItem/BaseActiveEffect
      // #canUserModify of an embedded document → the parent's "update" → the Token's → the synthetic actor's OWNER.
      if ((documentName === "ActorDelta") || (parentName === "ActorDelta")) {
        if (!this.#playerMayUpdateToken(user, token)) refuse();
        return;
      }
      if (GM_ONLY_EMBEDDED.includes(documentName)) refuse();
      switch (documentName) {
        case "JournalEntryPage": // v13 BaseJournalEntryPage: create needs OWNER of the entry; update/delete OWNER of the
          // page (its own ownership; INHERIT → the entry's)
          if ((operation === "create" ? userLevel(user, top) : this.#pageLevel(user, top, target)) < OWNER) refuse();
          return;
        case "Combatant": // v13 BaseCombatant: create/delete "OWNER" (the actor's level), update via #canUpdate
          if (operation === "update") {
            if (!this.#playerMayUpdateCombatant(user, top, target, data)) refuse();
          } else if (this.#combatantLevel(user, top, target ?? data) < OWNER) refuse();
          return;
        case "Token": // v13 BaseToken: create/delete need TOKEN_CREATE/TOKEN_DELETE (ASSISTANT), update via #canUpdate
          if (operation !== "update") {
            if (user.role < TOKEN_CREATE_DELETE_ROLE) refuse();
          } else if (!this.#playerMayUpdateToken(user, target)) refuse();
          return;
        default:
          if (userLevel(user, top) < OWNER) refuse();
          return;
      }
    }
    switch (documentName) {
      case "Combat": // v13 BaseCombat: create/delete ASSISTANT; a player may update round, turn and own combatants
        if ((operation !== "update") || !this.#playerMayUpdateCombat(user, target, data)) refuse();
        return;
      case "Actor":
      case "Item":
      case "JournalEntry": // v13 BaseJournalEntry: a GM creates; a player with OWNER may update or delete
      case "Playlist": // v13 BasePlaylist: a GM creates; a player with OWNER may update (v12+ playlist ownership)
        if (operation === "create" || userLevel(user, target) < OWNER) this.#refuse(user, operation, documentName, target?._id);
        return;
      case "ChatMessage":
        if (operation === "create" ? data.author !== user._id : target.author !== user._id) {
          this.#refuse(user, operation, documentName, target?._id);
        }
        return;
      case "User":
        if (operation !== "update" || target._id !== user._id || ("role" in data)) this.#refuse(user, operation, documentName, target?._id);
        return;
      default:
        this.#refuse(user, operation, documentName, target?._id);
    }
  }

  /* ----------------------------------------------- Writes ------------------------------------------------- */

  #stats(user, existing = {}) {
    const now = Date.now();
    return { ...existing, coreVersion: "13.345", systemId: this.manifest.id, systemVersion: this.manifest.version,
      createdTime: existing.createdTime ?? now, modifiedTime: now, lastModifiedBy: user._id };
  }

  #ensureEmbeddedIds(source) {
    for (const key of EMBEDDED_KEYS) {
      for (const child of source[key] ?? []) {
        if (!isValidId(child._id)) child._id = randomID();
        this.#ensureEmbeddedIds(child);
      }
    }
    // A token's ActorDelta has the token's id (v13 TokenDocument#delta)
    if (source.delta && (typeof source.delta === "object") && ("actorId" in source)) source.delta._id = source._id;
  }

  /**
   * Create, update or delete documents as `user`. Returns {result, ids}: result is what clients apply (sources,
   * changes, or ids) and ids what the requester's promise resolves with. Throws PermissionError or Error.
   */
  modify(user, { documentName, operation, parentUuid = null, data = [], updates = [], ids = [], options = {} }) {
    const target = this.#target(documentName, parentUuid);
    if (documentName === "ActorDelta") return this.#modifyDelta(user, target, { operation, updates });
    if (target.parentName === "ActorDelta") return this.#modifyDeltaEmbedded(user, documentName, target, { operation, data, updates, ids });
    const { list, top } = target;
    if (operation === "create") {
      const sources = data.map(d => {
        const src = deepClone(d);
        if (!options.keepId || !isValidId(src._id)) src._id = randomID();
        if (list.some(x => x._id === src._id)) throw new Error(`${documentName} [${src._id}] already exists`);
        return src;
      });
      for (const src of sources) this.#check(user, "create", documentName, { top, data: src });
      for (const src of sources) this.#cleanHTMLFields(documentName, src, src.type, parentUuid);
      for (const src of sources) {
        src._stats = this.#stats(user, src._stats);
        if (!parentUuid && ["Actor", "Item"].includes(documentName)) {
          src.ownership = { default: LEVELS.NONE, ...(src.ownership ?? {}) };
          src.ownership[user._id] ??= OWNER;
        }
        this.#ensureEmbeddedIds(src);
        list.push(src);
      }
      const followUps = this.#activateScene(documentName, parentUuid, sources);
      return { result: deepClone(sources), ids: sources.map(s => s._id), followUps };
    }
    if (operation === "update") {
      const pairs = updates.map(u => {
        const target = list.find(x => x._id === u._id);
        if (!target) throw new Error(`${documentName} [${u._id}] does not exist`);
        const { _id, ...changes } = expandObject(deepClone(u));
        return { target, changes };
      });
      for (const { target, changes } of pairs) this.#check(user, "update", documentName, { top, target, data: changes });
      for (const { target, changes } of pairs) {
        this.#cleanHTMLFields(documentName, changes, changes.type ?? target.type, parentUuid);
      }
      for (const { target, changes } of pairs) this.#mergeEmbeddedArrays(documentName, parentUuid, target, changes);
      const result = pairs.map(({ target, changes }) => {
        mergeObject(target, changes, { performDeletions: true });
        const stats = { modifiedTime: Date.now(), lastModifiedBy: user._id };
        target._stats = { ...(target._stats ?? {}), ...stats };
        return { _id: target._id, ...changes, _stats: stats };
      });
      const followUps = this.#activateScene(documentName, parentUuid, result);
      return { result: deepClone(result), ids: result.map(r => r._id), followUps };
    }
    if (operation === "delete") {
      const targets = ids.map(id => {
        const target = list.find(x => x._id === id);
        if (!target) throw new Error(`${documentName} [${id}] does not exist`);
        return target;
      });
      for (const target of targets) this.#check(user, "delete", documentName, { top, target });
      for (const target of targets) list.splice(list.indexOf(target), 1);
      return { result: [...ids], ids: [...ids] };
    }
    throw new Error(`Unknown operation ${operation}`);
  }

  /**
   * v13 ActorDelta update (a synthetic actor's `update`, sent by the client as an ActorDelta update of the token): the
   * changes merge into the token's stored `delta`. Permission: the token's (the synthetic actor's OWNER).
   */
  #modifyDelta(user, { top, token }, { operation, updates }) {
    if (operation !== "update") throw new Error(`The harness supports only updates of an ActorDelta, not ${operation}`);
    const delta = (token.delta ??= emptyDelta(token._id));
    const changes = updates.map(u => {
      const { _id, ...c } = expandObject(deepClone(u));
      if (_id !== delta._id) throw new Error(`ActorDelta [${_id}] does not exist`);
      return c;
    });
    for (const c of changes) this.#check(user, "update", "ActorDelta", { top, target: delta, data: c, token });
    const type = this.#baseActor(token)?.type;
    for (const c of changes) this.#cleanHTMLFields("ActorDelta", c, type, "delta");
    const result = changes.map(c => {
      mergeObject(delta, c, { performDeletions: true });
      return { _id: delta._id, ...c };
    });
    return { result: deepClone(result), ids: result.map(r => r._id), followUps: [] };
  }

  /** Items / ActiveEffects of a synthetic actor, stored in the token's delta (v13 EmbeddedCollectionDelta). */
  #modifyDeltaEmbedded(user, documentName, { top, parent: delta, token }, { operation, data, updates, ids }) {
    const key = DELTA_EMBEDDED[documentName];
    const base = this.#baseActor(token);
    const check = (target, d) => this.#check(user, operation, documentName, { top, target, data: d, parentName: "ActorDelta", token });
    let payload;
    if (operation === "create") {
      payload = data.map(d => {
        const src = deepClone(d);
        if (!isValidId(src._id)) src._id = randomID();
        src._stats = this.#stats(user, src._stats);
        this.#ensureEmbeddedIds(src);
        return src;
      });
      for (const src of payload) check(null, src);
      for (const src of payload) this.#cleanHTMLFields(documentName, src, src.type, "delta");
    } else if (operation === "update") {
      payload = updates.map(u => expandObject(deepClone(u)));
      for (const { _id, ...c } of payload) check({ _id }, c);
      for (const u of payload) this.#cleanHTMLFields(documentName, u, u.type, "delta");
    } else {
      payload = [...ids];
      for (const id of payload) check({ _id: id });
    }
    // Applied to a copy first, so a failing element changes nothing; then stored.
    const trial = deepClone(delta);
    applyDeltaEmbedded(trial, base, key, operation, deepClone(payload));
    const result = applyDeltaEmbedded(delta, base, key, operation, payload);
    const outIds = operation === "delete" ? result : result.map(r => r._id);
    return { result: deepClone(result), ids: outIds, followUps: [] };
  }

  /**
   * Clean the HTML fields of a document source or update (v13's server cleans HTMLField values): core fields of the
   * document, the system's `htmlFields` for its type (from the manifest), and the same inside embedded arrays.
   */
  #cleanHTMLFields(documentName, source, type, parentUuid = null) {
    if (!source || (typeof source !== "object")) return;
    for (const path of CORE_HTML_FIELDS[documentName] ?? []) {
      const value = getProperty(source, path);
      if (typeof value === "string") setProperty(source, path, cleanHTML(value));
    }
    const systemDoc = documentName === "ActorDelta" ? "Actor" : documentName;
    const htmlFields = this.manifest.documentTypes?.[systemDoc]?.[type]?.htmlFields ?? [];
    if (source.system && (typeof source.system === "object")) {
      for (const path of htmlFields) {
        const value = getProperty(source.system, path);
        if (typeof value === "string") setProperty(source.system, path, cleanHTML(value));
      }
    }
    for (const [key, childName] of Object.entries(HTML_EMBEDDED[documentName] ?? {})) {
      if (!Array.isArray(source[key])) continue;
      for (const child of source[key]) this.#cleanHTMLFields(childName, child, child?.type, parentUuid);
    }
    if ((documentName === "Scene") && Array.isArray(source.tokens)) {
      for (const t of source.tokens) if (t?.delta) this.#cleanHTMLFields("ActorDelta", t.delta, this.#baseActor(t)?.type);
    }
    if ((documentName === "Token") && source.delta) {
      this.#cleanHTMLFields("ActorDelta", source.delta, this.#baseActor(source)?.type);
    }
  }

  /**
   * An update that carries an embedded array (e.g. Combat#resetAll sends `combatants`) merges each element into the
   * stored element with the same `_id`; the array sent is the new list.
   */
  #mergeEmbeddedArrays(documentName, parentUuid, target, changes) {
    if (parentUuid) return;
    for (const key of Object.values(EMBEDDED[documentName] ?? {})) {
      if (!Array.isArray(changes[key])) continue;
      changes[key] = changes[key].map(change => {
        const existing = target[key]?.find(e => e._id === change._id);
        const merged = existing ? mergeObject(deepClone(existing), change, { performDeletions: true }) : change;
        if (!isValidId(merged._id)) merged._id = randomID();
        return merged;
      });
    }
  }

  /** One active Scene at a time (as Foundry's server does): activating one deactivates the others. */
  #activateScene(documentName, parentUuid, changes) {
    if ((documentName !== "Scene") || parentUuid) return [];
    const activated = changes.filter(c => c.active === true).map(c => c._id).at(-1);
    if (!activated) return [];
    const result = [];
    for (const scene of this.scenes) {
      if ((scene._id === activated) || !scene.active) continue;
      scene.active = false;
      result.push({ _id: scene._id, active: false });
    }
    return result.length ? [{ documentName: "Scene", operation: "update", parentUuid: null, result }] : [];
  }

  /** Store a world setting (GM only) or a user setting (that user, or a GM). */
  setSetting(user, { key, value, user: owner = null }) {
    if (owner ? (owner !== user._id && !isGM(user)) : !isGM(user)) {
      throw new PermissionError(`User ${user.name} lacks permission to modify the setting ${key}`);
    }
    let setting = this.settings.find(s => s.key === key && (s.user ?? null) === owner);
    if (!setting) {
      setting = { _id: randomID(), key, value, user: owner };
      this.settings.push(setting);
    } else setting.value = value;
    return deepClone(setting);
  }

  /* ----------------------------------------------- Compendia ---------------------------------------------- */

  /** A pack's documents (extracted JSON, `_key`s removed) if the user's role may at least observe it. */
  async pack(user, name) {
    const meta = this.manifest.packs?.find(p => p.name === name);
    if (!meta) throw new Error(`No compendium pack "${name}" in ${this.manifest.id}`);
    let level = LEVELS.NONE;
    for (const [role, l] of Object.entries(meta.ownership ?? { PLAYER: "OBSERVER", ASSISTANT: "OWNER" })) {
      if (user.role >= (ROLES[role] ?? Infinity)) level = Math.max(level, LEVELS[l] ?? 0);
    }
    if (level < OBSERVER) throw new PermissionError(`User ${user.name} lacks permission to view the compendium ${this.manifest.id}.${name}`);
    if (!this.packCache.has(name)) {
      const dir = path.join(this.packsDir, name);
      const files = (await readdir(dir)).filter(f => f.endsWith(".json")).sort();
      const docs = [];
      for (const f of files) docs.push(stripKeys(JSON.parse(await readFile(path.join(dir, f), "utf8"))));
      this.packCache.set(name, docs);
    }
    return deepClone(this.packCache.get(name));
  }
}
