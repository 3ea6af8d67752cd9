/**
 * World state of the harness server (TEST DOUBLE of a Foundry world): users, actors (with embedded items and
 * effects), world items, chat messages, stored settings. Every write names the acting user — always the user of the
 * connection it came from — and is checked before anything changes; a refused batch changes nothing.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { deepClone, isValidId, mergeObject, randomID } from "./client/utils.mjs";

export const USERS = Object.freeze([
  { _id: "HarnessGMaster01", name: "Gamemaster", role: 4, color: "#a33b3b", character: null, flags: {}, _stats: {} },
  { _id: "HarnessPlayer001", name: "Player One", role: 1, color: "#3b6ea3", character: null, flags: {}, _stats: {} },
  { _id: "HarnessPlayer002", name: "Player Two", role: 1, color: "#3ba35a", character: null, flags: {}, _stats: {} }
]);

const OWNER = 3;
const OBSERVER = 2;
const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 };
const LEVELS = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 };
const COLLECTIONS = { Actor: "actors", Item: "items", ChatMessage: "messages", User: "users" };
const EMBEDDED = { Actor: { Item: "items", ActiveEffect: "effects" }, Item: { ActiveEffect: "effects" } };

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
      items: this.items, messages: this.messages, settings: this.settings });
  }

  toJSON() {
    return { users: this.users, actors: this.actors, items: this.items, messages: this.messages, settings: this.settings };
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

  /* ---------------------------------------------- Permissions ---------------------------------------------- */

  #refuse(user, action, documentName, id) {
    throw new PermissionError(`User ${user.name} lacks permission to ${action} ${documentName} [${id ?? "new"}]`);
  }

  #check(user, operation, documentName, { top, target, data }) {
    if (isGM(user)) return;
    if (top) {
      if (userLevel(user, top) < OWNER) this.#refuse(user, operation, documentName, target?._id);
      return;
    }
    switch (documentName) {
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
    for (const key of ["items", "effects"]) {
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
      return { result: deepClone(sources), ids: sources.map(s => s._id) };
    }
    if (operation === "update") {
      const pairs = updates.map(u => {
        const target = list.find(x => x._id === u._id);
        if (!target) throw new Error(`${documentName} [${u._id}] does not exist`);
        const { _id, ...changes } = deepClone(u);
        return { target, changes };
      });
      for (const { target, changes } of pairs) this.#check(user, "update", documentName, { top, target, data: changes });
      const result = pairs.map(({ target, changes }) => {
        mergeObject(target, changes, { performDeletions: true });
        const stats = { modifiedTime: Date.now(), lastModifiedBy: user._id };
        target._stats = { ...(target._stats ?? {}), ...stats };
        return { _id: target._id, ...changes, _stats: stats };
      });
      return { result: deepClone(result), ids: result.map(r => r._id) };
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
