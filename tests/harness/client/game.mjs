/**
 * game.settings, game.keybindings, game.i18n and the compendium collections (TEST DOUBLE).
 */
import { DataField, DataModel } from "./data.mjs";
import { DOCUMENT_OWNERSHIP_LEVELS, KEYBINDING_PRECEDENCE, USER_ROLES } from "./constants.mjs";
import { getDocumentClass } from "./documents.mjs";
import { Collection, deepClone, getProperty, isSubclass, mergeObject, setProperty } from "./utils.mjs";

/* =============================================== Settings ============================================== */

/**
 * v13 ClientSettings for scopes "client" (this browser's localStorage), "world" (server, GM-writable) and
 * "user" (server, per user). Values are cast by `type` (Number, String, Boolean, Object, Array, a DataModel or a
 * DataField instance); onChange runs on every client that sees the change.
 */
export class ClientSettings {
  settings = new Map();
  menus = new Map();
  #world = new Map();

  register(namespace, key, data) {
    if (!namespace || !key) throw new Error("You must specify both namespace and key portions of the setting");
    const id = `${namespace}.${key}`;
    data = { key, namespace, id, scope: "client", config: false, ...data };
    if (!["client", "world", "user"].includes(data.scope)) throw new Error(`Invalid setting scope "${data.scope}" for ${id}`);
    this.settings.set(id, data);
  }

  registerMenu(namespace, key, data) {
    this.menus.set(`${namespace}.${key}`, { key, namespace, ...data });
  }

  #config(namespace, key) {
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    return config;
  }

  #worldKey(config, userId) {
    return config.scope === "user" ? `${config.id}::${userId}` : config.id;
  }

  /**
   * v13 ClientSettings#get. A world or user setting is a Setting document whose `value` is cast once per update
   * (core v13 `client/documents/setting.mjs` `_initialize`: `this.value = this._castType()`; `client/helpers/
   * client-settings.mjs` `get`: `doc = storage.getSetting(setting.id, user)` … `return doc.value`, code index), so
   * every caller gets the same object until the next update: a caller that changes it changes everyone's. A client
   * setting, or a world setting never set, is a new Setting each time.
   */
  get(namespace, key) {
    const config = this.#config(namespace, key);
    if (config.scope === "client") {
      const raw = localStorage.getItem(config.id);
      return this.#cast(config, raw === undefined || raw === null ? deepClone(config.default) : JSON.parse(raw));
    }
    const id = this.#worldKey(config, game.userId);
    const raw = this.#world.get(id)?.value;
    if (raw === undefined || raw === null) return this.#cast(config, deepClone(config.default));
    const cached = this.#values.get(id);
    if (cached && cached.raw === raw) return cached.value;
    const value = this.#cast(config, JSON.parse(raw));
    this.#values.set(id, { raw, value });
    return value;
  }

  /** World and user settings' cast values, by key, with the stored JSON they were cast from. */
  #values = new Map();

  #cast(config, value) {
    const type = config.type;
    if (value === undefined || value === null || !type) return value;
    if (type instanceof DataField) return type.clean(value);
    if (isSubclass(type, DataModel)) return value instanceof type ? value : new type(value);
    if (type === Number) return Number(value);
    if (type === String) return String(value);
    if (type === Boolean) return Boolean(value);
    return value;
  }

  async set(namespace, key, value) {
    const config = this.#config(namespace, key);
    if (value instanceof DataModel) value = value.toObject();
    const json = JSON.stringify(value ?? null);
    if (config.scope === "client") {
      localStorage.setItem(config.id, json);
      config.onChange?.(this.get(namespace, key), {}, game.userId);
      return value;
    }
    await game.harness.socket.request("setSetting", { key: config.id, value: json, user: config.scope === "user" ? game.userId : null })
      .catch(err => {
        ui.notifications?.error(err.message);
        throw err;
      });
    return value;
  }

  /** Load the world's stored settings (boot). */
  _initialize(settings) {
    for (const s of settings) this.#world.set(s.user ? `${s.key}::${s.user}` : s.key, s);
  }

  /** Server broadcast of stored settings → cache and onChange. */
  _applySettings(operation, result) {
    for (const s of result) {
      this.#world.set(s.user ? `${s.key}::${s.user}` : s.key, s);
      if (s.user && s.user !== game.userId) continue;
      const config = this.settings.get(s.key);
      if (config?.onChange) config.onChange(this.get(config.namespace, config.key), {}, null);
    }
  }
}

/* ============================================== Keybindings ============================================= */

/**
 * game.keybindings.register(namespace, action, {name, editable, uneditable, onDown, onUp, precedence, repeat,
 * restricted}); registration closes after "setup" (v13). Key events outside text inputs call the bound handlers in
 * precedence order until one returns true.
 */
export class ClientKeybindings {
  actions = new Map();
  #locked = false;

  register(namespace, action, data) {
    if (this.#locked) throw new Error("You cannot register a Keybinding after the init hook");
    if (!namespace || !action) throw new Error("You must specify both namespace and action portions of the keybinding");
    const id = `${namespace}.${action}`;
    for (const b of [...(data.editable ?? []), ...(data.uneditable ?? [])]) {
      if (!b.key) throw new Error(`Keybinding ${id} has a binding without a key`);
      for (const m of b.modifiers ?? []) {
        if (!["Alt", "Control", "Shift"].includes(m)) throw new Error(`Keybinding ${id}: invalid modifier "${m}"`);
      }
    }
    this.actions.set(id, { namespace, action, precedence: KEYBINDING_PRECEDENCE.NORMAL, repeat: false, ...data });
  }

  get(namespace, action) {
    const a = this.actions.get(`${namespace}.${action}`);
    return [...(a?.uneditable ?? []), ...(a?.editable ?? [])];
  }

  initialize() {
    this.#locked = true;
    window.addEventListener("keydown", e => this.#handle(e, false));
    window.addEventListener("keyup", e => this.#handle(e, true));
  }

  #handle(event, up) {
    if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
    const mods = { Alt: event.altKey, Control: event.ctrlKey || event.metaKey, Shift: event.shiftKey };
    const matches = [...this.actions.values()]
      .filter(a => [...(a.uneditable ?? []), ...(a.editable ?? [])].some(b => (b.key === event.code)
        && ["Alt", "Control", "Shift"].every(m => (b.modifiers ?? []).includes(m) === mods[m])))
      .filter(a => !a.restricted || game.user.isGM)
      .sort((a, b) => a.precedence - b.precedence);
    for (const a of matches) {
      if (event.repeat && !a.repeat) continue;
      const fn = up ? a.onUp : a.onDown;
      if (fn?.({ event, key: event.code, isShift: mods.Shift, isAlt: mods.Alt, isControl: mods.Control, up }) === true) {
        event.preventDefault();
        return;
      }
    }
  }
}

/* ============================================= Localization ============================================= */

export class Localization {
  lang = "en";
  translations = {};

  async initialize(files) {
    for (const path of files) {
      const response = await fetch(new URL(path, document.baseURI));
      if (!response.ok) throw new Error(`Failed to load language file ${path}`);
      mergeObject(this.translations, await response.json());
    }
  }

  has(key) {
    const v = getProperty(this.translations, key);
    return typeof v === "string";
  }

  localize(key) {
    if (typeof key !== "string") return key;
    const v = getProperty(this.translations, key);
    return typeof v === "string" ? v : key;
  }

  /** "{name}" placeholders replaced from data; an unknown key stays as-is. */
  format(key, data = {}) {
    return this.localize(key).replace(/{[^}]+}/g, k => {
      const v = data[k.slice(1, -1)];
      return v === undefined ? k : String(v);
    });
  }
}

/* ============================================= Compendiums ============================================== */

const ROLE_NAMES = Object.keys(USER_ROLES);

/** A system compendium (read-only): documents fetched from the harness server through this user's connection. */
export class CompendiumCollection extends Collection {
  #sources = null;

  constructor(metadata) {
    super();
    this.metadata = metadata;
    this.index = new Collection();
  }

  get collection() {
    return this.metadata.id;
  }

  get documentName() {
    return this.metadata.type;
  }

  get documentClass() {
    return getDocumentClass(this.documentName) ?? GenericDocument;
  }

  get title() {
    return game.i18n.localize(this.metadata.label);
  }

  get locked() {
    return true;
  }

  get ownership() {
    return this.metadata.ownership ?? { PLAYER: "OBSERVER", ASSISTANT: "OWNER" };
  }

  /** The highest level granted to a role the user has (v13 CompendiumCollection#getUserLevel). */
  getUserLevel(user = game.user) {
    let level = DOCUMENT_OWNERSHIP_LEVELS.NONE;
    for (const [role, l] of Object.entries(this.ownership)) {
      if (ROLE_NAMES.includes(role) && user.hasRole(role)) level = Math.max(level, DOCUMENT_OWNERSHIP_LEVELS[l] ?? 0);
    }
    return level;
  }

  testUserPermission(user, permission, { exact = false } = {}) {
    const level = typeof permission === "string" ? DOCUMENT_OWNERSHIP_LEVELS[permission] : permission;
    return exact ? this.getUserLevel(user) === level : this.getUserLevel(user) >= level;
  }

  get visible() {
    return this.getUserLevel(game.user) >= DOCUMENT_OWNERSHIP_LEVELS.OBSERVER;
  }

  async #load() {
    this.#sources ??= game.harness.socket.request("getPack", { pack: this.metadata.name });
    return this.#sources;
  }

  /** v13: the index holds _id, uuid, name, img, type, sort, folder, plus any requested `fields` (dot paths). */
  async getIndex({ fields = [] } = {}) {
    for (const s of await this.#load()) {
      const entry = this.index.get(s._id) ?? { _id: s._id, uuid: `Compendium.${this.collection}.${this.documentName}.${s._id}`,
        name: s.name, img: s.img, type: s.type, sort: s.sort, folder: s.folder ?? null };
      for (const path of fields) setProperty(entry, path, deepClone(getProperty(s, path)));
      this.index.set(s._id, entry);
    }
    return this.index;
  }

  async getDocument(id) {
    if (this.has(id)) return this.get(id);
    const source = (await this.#load()).find(s => s._id === id);
    if (!source) return undefined;
    const doc = new this.documentClass(deepClone(source), { pack: this.collection, strict: false });
    this.set(id, doc);
    return doc;
  }

  async getDocuments(query = {}) {
    const sources = (await this.#load()).filter(s => Object.entries(query).every(([k, v]) => getProperty(s, k) === v));
    return Promise.all(sources.map(s => this.getDocument(s._id)));
  }

  /**
   * v13 `CompendiumCollection#render(force)` (DocumentCollection#render): opens the pack's Compendium window. The
   * stand-in's window is a plain ApplicationV2 (`.application.compendium`, id `compendium-<pack id>`) listing the
   * index's names.
   */
  async render(force = false) {
    await this.getIndex();
    const { ApplicationV2 } = await import("./applications.mjs");
    const pack = this;
    class Compendium extends ApplicationV2 {
      static DEFAULT_OPTIONS = { classes: ["compendium"], window: { title: "" } };
      get title() {
        return pack.title;
      }
      async _renderHTML() {
        const ol = document.createElement("ol");
        for (const e of pack.index.values()) ol.append(Object.assign(document.createElement("li"), { textContent: e.name }));
        return ol;
      }
      _replaceHTML(result, content) {
        content.replaceChildren(result);
      }
    }
    this.app ??= new Compendium({ id: `compendium-${this.collection.replaceAll(".", "_")}` });
    if (force || this.app.rendered) await this.app.render({ force: true });
    return this.app;
  }

  async importDocument(document, options = {}) {
    const collection = game.collections.get(this.documentName);
    if (!collection) throw new Error(`The harness has no world collection for ${this.documentName} documents`);
    return collection.importFromCompendium(this, document.id, {}, options);
  }
}

/** An opaque compendium document of a type the slice does not model (JournalEntry, RollTable…). */
export class GenericDocument {
  constructor(source, { pack = null } = {}) {
    Object.defineProperty(this, "_source", { value: source });
    Object.assign(this, deepClone(source));
    Object.defineProperty(this, "pack", { value: pack });
  }

  get id() {
    return this._id;
  }

  get documentName() {
    return game.packs.get(this.pack)?.documentName ?? "Document";
  }

  get uuid() {
    return `Compendium.${this.pack}.${this.documentName}.${this.id}`;
  }

  toObject() {
    return deepClone(this._source);
  }
}
