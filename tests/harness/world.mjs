/**
 * World state of the harness server (TEST DOUBLE of a Foundry world): users, actors (with embedded items and
 * effects), world items, scenes (with embedded tokens), combats (with embedded combatants), chat messages, stored
 * settings. Every write names the acting user — always the user of the connection it came from — and is checked
 * before anything changes; a refused batch changes nothing.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { deepClone, isValidId, mergeObject, randomID } from "./client/utils.mjs";

export const USERS = Object.freeze([
  { _id: "HarnessGMaster01", name: "Gamemaster", role: 4, color: "#a33b3b", character: null, flags: {}, _stats: {} },
  { _id: "HarnessGMaster02", name: "Assistant GM", role: 4, color: "#a36f3b", character: null, flags: {}, _stats: {} },
  { _id: "HarnessPlayer001", name: "Player One", role: 1, color: "#3b6ea3", character: null, flags: {}, _stats: {} },
  { _id: "HarnessPlayer002", name: "Player Two", role: 1, color: "#3ba35a", character: null, flags: {}, _stats: {} }
]);

const OWNER = 3;
const OBSERVER = 2;
const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 };
const LEVELS = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 };
const COLLECTIONS = { Actor: "actors", Item: "items", Scene: "scenes", Combat: "combats", ChatMessage: "messages",
  User: "users" };
const EMBEDDED = { Actor: { Item: "items", ActiveEffect: "effects" }, Item: { ActiveEffect: "effects" },
  Scene: { Token: "tokens" }, Combat: { Combatant: "combatants" } };
/** Keys of embedded source arrays, for id generation. */
const EMBEDDED_KEYS = ["items", "effects", "tokens", "combatants"];
/** v13 BaseCombat#canUpdate: the only Combat fields a non-GM may write. */
const COMBAT_PLAYER_KEYS = ["round", "turn", "combatants"];
/** v13 BaseCombatant#canUpdate: the only Combatant fields a non-GM owner may write. */
const COMBATANT_PLAYER_KEYS = ["initiative", "flags", "defeated", "system"];
/** v13 CONST.USER_PERMISSIONS TOKEN_CREATE / TOKEN_DELETE default role. */
const TOKEN_CREATE_DELETE_ROLE = ROLES.ASSISTANT;

export class PermissionError extends Error {}

const isGM = user => user.role >= ROLES.ASSISTANT;

/** The user's ownership level of a stored top-level source (v13 getUserLevel). */
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
    this.settings = [];
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
      items: this.items, scenes: this.scenes, combats: this.combats, messages: this.messages, settings: this.settings });
  }

  toJSON() {
    return { users: this.users, actors: this.actors, items: this.items, scenes: this.scenes, combats: this.combats,
      messages: this.messages, settings: this.settings };
  }

  /* ------------------------------------------------ Locating ------------------------------------------------ */

  #top(documentName) {
    const key = COLLECTIONS[documentName];
    if (!key) throw new Error(`The harness world has no ${documentName} collection`);
    return this[key];
  }

  /** {top, parent} for "Actor.<id>" / "Actor.<id>.Item.<id>" / "Item.<id>". */
  #resolveParent(parentUuid) {
    const parts = parentUuid.split(".");
    const top = this.#top(parts[0]).find(d => d._id === parts[1]);
    if (!top) throw new Error(`Parent ${parentUuid} does not exist`);
    let parent = top;
    let parentName = parts[0];
    for (let i = 2; i < parts.length; i += 2) {
      const key = EMBEDDED[parentName]?.[parts[i]];
      parent = key ? parent[key]?.find(d => d._id === parts[i + 1]) : null;
      if (!parent) throw new Error(`Parent ${parentUuid} does not exist`);
      parentName = parts[i];
    }
    return { top, parent, parentName };
  }

  #target(documentName, parentUuid) {
    if (!parentUuid) return { list: this.#top(documentName), top: null };
    const { top, parent, parentName } = this.#resolveParent(parentUuid);
    const key = EMBEDDED[parentName]?.[documentName];
    if (!key) throw new Error(`${documentName} is not embedded in ${parentName}`);
    parent[key] ??= [];
    return { list: parent[key], top };
  }

  /** The world actor a token source stands for (the harness has no ActorDelta: linked or not, the world actor). */
  #tokenActor(token) {
    return token?.actorId ? (this.actors.find(a => a._id === token.actorId) ?? null) : null;
  }

  /** v13 Combatant#actor: the token's actor if the combatant has a token, else the world actor by actorId. */
  #combatantActor(combat, combatant) {
    if (combatant.tokenId) {
      const sceneId = combatant.sceneId ?? combat.scene ?? null;
      const token = this.scenes.find(s => s._id === sceneId)?.tokens?.find(t => t._id === combatant.tokenId);
      if (token) return this.#tokenActor(token);
    }
    return combatant.actorId ? (this.actors.find(a => a._id === combatant.actorId) ?? null) : null;
  }

  /** v13 BaseCombatant#getUserLevel: the actor's level (a combatant without an actor is GM-only). */
  #combatantLevel(user, combat, combatant) {
    const actor = this.#combatantActor(combat, combatant);
    return actor ? userLevel(user, actor) : LEVELS.NONE;
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

  /* ---------------------------------------------- Permissions ---------------------------------------------- */

  #refuse(user, action, documentName, id) {
    throw new PermissionError(`User ${user.name} lacks permission to ${action} ${documentName} [${id ?? "new"}]`);
  }

  #check(user, operation, documentName, { top, target, data }) {
    if (isGM(user)) return;
    const refuse = () => this.#refuse(user, operation, documentName, target?._id);
    if (top) {
      switch (documentName) {
        case "Combatant": // v13 BaseCombatant: create/delete OWNER (of the actor), update via #canUpdate
          if (operation === "update") {
            if (!this.#playerMayUpdateCombatant(user, top, target, data)) refuse();
          } else if (this.#combatantLevel(user, top, target ?? data) < OWNER) refuse();
          return;
        case "Token": // v13 BaseToken: create/delete need TOKEN_CREATE/TOKEN_DELETE (ASSISTANT), update the actor's OWNER
          if (operation !== "update") {
            if (user.role < TOKEN_CREATE_DELETE_ROLE) refuse();
          } else {
            const actor = this.#tokenActor(target);
            if (!actor || (userLevel(user, actor) < OWNER)) refuse();
          }
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
  }

  /**
   * Create, update or delete documents as `user`. Returns {result, ids}: result is what clients apply (sources,
   * changes, or ids) and ids what the requester's promise resolves with. Throws PermissionError or Error.
   */
  modify(user, { documentName, operation, parentUuid = null, data = [], updates = [], ids = [], options = {} }) {
    const { list, top } = this.#target(documentName, parentUuid);
    if (operation === "create") {
      const sources = data.map(d => {
        const src = deepClone(d);
        if (!options.keepId || !isValidId(src._id)) src._id = randomID();
        if (list.some(x => x._id === src._id)) throw new Error(`${documentName} [${src._id}] already exists`);
        return src;
      });
      for (const src of sources) this.#check(user, "create", documentName, { top, data: src });
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
        const { _id, ...changes } = deepClone(u);
        return { target, changes };
      });
      for (const { target, changes } of pairs) this.#check(user, "update", documentName, { top, target, data: changes });
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
