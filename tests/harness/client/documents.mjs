/**
 * Client documents of the v13 slice (TEST DOUBLE): Actor, Item, ActiveEffect, ChatMessage, User, their world
 * collections and fromUuid/fromUuidSync. Writes go through the harness database backend (database.mjs) to the
 * harness server, which enforces permissions; every client applies the server's broadcast.
 */
import {
  ArrayField, BooleanField, DataModel, DocumentIdField, ForeignDocumentField, HTMLField, JSONField, NumberField,
  ObjectField, SchemaField, SetField, StringField, TypeDataField, TypeDataModel
} from "./data.mjs";
import { ACTIVE_EFFECT_MODES, BASE_DOCUMENT_TYPE, CHAT_MESSAGE_STYLES, DICE_ROLL_MODES, DOCUMENT_OWNERSHIP_LEVELS,
  USER_PERMISSIONS, USER_ROLES } from "./constants.mjs";
import Hooks from "./hooks.mjs";
import { Collection, deepClone, escapeHTML, expandObject, getProperty, getType, mergeObject, parseHTML, setProperty } from "./utils.mjs";

const LEVELS = DOCUMENT_OWNERSHIP_LEVELS;

export function getDocumentClass(documentName) {
  return globalThis.CONFIG?.[documentName]?.documentClass ?? null;
}

/** The array of embedded sources, initialised by the owning document into an EmbeddedCollection. */
export class EmbeddedCollectionField extends ArrayField {
  constructor(documentName, options = {}, context = {}) {
    super(new ObjectField(), options, context);
    this.documentName = documentName;
  }

  _cleanType(value) {
    const cls = getDocumentClass(this.documentName);
    return value.map(v => (cls ? cls.cleanData(v) : v));
  }

  _validateType(value) {
    if (!(value instanceof Array)) throw new Error("must be an Array");
    const cls = getDocumentClass(this.documentName);
    for (const v of value) {
      const failure = cls?.schema.validate(v, { source: v });
      if (failure) return failure;
    }
    return undefined;
  }
}

/** Shared fields of the primary documents. */
const typeField = documentName => new StringField({ required: true, blank: false,
  choices: () => globalThis.game?.documentTypes?.[documentName] ?? [] });
const commonTail = () => ({
  folder: new ForeignDocumentField("Folder", { idOnly: true }),
  sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
  ownership: new ObjectField({ initial: { default: LEVELS.NONE } }),
  flags: new ObjectField(),
  _stats: new ObjectField()
});

/* ============================================ ClientDocument =========================================== */

export class ClientDocument extends DataModel {
  static metadata = Object.freeze({ name: "Document", collection: null, label: "DOCUMENT.Document", embedded: {},
    hasTypeData: false });

  constructor(data = {}, { parent = null, pack = null, strict = true, ...options } = {}) {
    super(data, { parent, pack, strict, ...options, label: `${new.target.documentName} [${data?._id ?? "new"}]` });
  }

  static get documentName() {
    return this.metadata.name;
  }

  get documentName() {
    return this.constructor.documentName;
  }

  static get hasTypeData() {
    return this.metadata.hasTypeData;
  }

  /** CONFIG[documentName].documentClass (the class the system configured). */
  static get implementation() {
    return getDocumentClass(this.documentName) ?? this;
  }

  static get collectionName() {
    return this.metadata.collection;
  }

  get collectionName() {
    return this.constructor.collectionName;
  }

  _configure({ pack = null } = {}) {
    Object.defineProperty(this, "pack", { value: pack, writable: false, enumerable: false });
    Object.defineProperty(this, "apps", { value: {}, writable: false, enumerable: false });
    Object.defineProperty(this, "_sheet", { value: null, writable: true, enumerable: false });
  }

  /** Initialise fields from the source; embedded collections are built once and then re-synchronised. */
  _initialize(options = {}) {
    const embedded = this.constructor.metadata.embedded;
    const embeddedKeys = new Set(Object.values(embedded));
    for (const [name, field] of this.schema.entries()) {
      if (embeddedKeys.has(name)) continue;
      const value = field.initialize(this._source[name], this, options);
      if (field.readonly) Object.defineProperty(this, name, { value, writable: false, enumerable: true, configurable: true });
      else if ((typeof value === "function") && !value.prototype) {
        Object.defineProperty(this, name, { get: value, set() {}, enumerable: true, configurable: true });
      } else this[name] = value;
    }
    for (const [documentName, key] of Object.entries(embedded)) this._syncEmbedded(documentName, key);
    if (!this.parent && (options.prepare !== false)) this._safePrepareData();
  }

  /** Build or re-synchronise an embedded collection from `_source[key]` (a plain method: it runs during construction). */
  _syncEmbedded(documentName, key) {
    if (!Object.hasOwn(this, key)) {
      Object.defineProperty(this, key, { value: new EmbeddedCollection(this, documentName, key), enumerable: false });
    }
    const collection = this[key];
    const cls = getDocumentClass(documentName);
    const ids = new Set();
    for (const src of this._source[key] ?? []) {
      ids.add(src._id);
      const existing = collection.get(src._id);
      if (existing && existing._source === src) existing._initialize({ prepare: false });
      else collection.set(src._id, new cls(src, { parent: this, pack: this.pack, strict: false }));
    }
    for (const id of Array.from(collection.keys())) if (!ids.has(id)) collection.delete(id);
  }

  get id() {
    return this._id;
  }

  get uuid() {
    if (this.parent) return `${this.parent.uuid}.${this.documentName}.${this.id}`;
    if (this.pack) return `Compendium.${this.pack}.${this.documentName}.${this.id}`;
    return `${this.documentName}.${this.id}`;
  }

  get isEmbedded() {
    return !!this.parent;
  }

  get compendium() {
    return this.pack ? globalThis.game.packs.get(this.pack) : null;
  }

  /** The collection holding this document (world collection, parent's embedded collection, or compendium). */
  get collection() {
    if (this.parent) return this.parent.getEmbeddedCollection(this.documentName);
    if (this.pack) return this.compendium;
    return globalThis.game.collections.get(this.documentName);
  }

  /* -------------------------------------------- Permissions ------------------------------------------- */

  getUserLevel(user = globalThis.game.user) {
    if (!user) return LEVELS.NONE;
    if (this.pack) return this.compendium?.getUserLevel(user) ?? LEVELS.NONE;
    if (this.parent) return this.parent.getUserLevel(user);
    if (user.isGM) return LEVELS.OWNER;
    const ownership = this._source.ownership ?? {};
    let level = ownership[user.id] ?? ownership.default ?? LEVELS.NONE;
    if (level === LEVELS.INHERIT) level = ownership.default ?? LEVELS.NONE;
    return level;
  }

  testUserPermission(user, permission, { exact = false } = {}) {
    const level = typeof permission === "string" ? LEVELS[permission] : permission;
    const userLevel = this.getUserLevel(user);
    return exact ? userLevel === level : userLevel >= level;
  }

  get permission() {
    return this.getUserLevel(globalThis.game.user);
  }

  get isOwner() {
    return this.testUserPermission(globalThis.game.user, "OWNER");
  }

  get limited() {
    return this.testUserPermission(globalThis.game.user, "LIMITED", { exact: true });
  }

  get visible() {
    return this.isEmbedded || this.testUserPermission(globalThis.game.user, "LIMITED");
  }

  /** v13 ClientDocument#hasPlayerOwner: does any non-GM user own this document? */
  get hasPlayerOwner() {
    return globalThis.game.users.some(u => !u.isGM && this.testUserPermission(u, "OWNER"));
  }

  /* ------------------------------------------- Data preparation ----------------------------------------- */

  _safePrepareData() {
    try {
      this.prepareData();
    } catch (err) {
      console.error(`Failed data preparation for ${this.uuid}`, err);
    }
  }

  prepareData() {
    const isTypeData = this.system instanceof TypeDataModel;
    if (isTypeData) this.system.prepareBaseData();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    if (isTypeData) this.system.prepareDerivedData();
    this.prepareDerivedData();
  }

  prepareBaseData() {}
  prepareDerivedData() {}

  prepareEmbeddedDocuments() {
    for (const key of Object.values(this.constructor.metadata.embedded)) {
      for (const doc of this[key]) doc._safePrepareData();
    }
  }

  /** Re-initialise from source (embedded included) and prepare again. */
  reset() {
    this._initialize();
  }

  /* ---------------------------------------------- Embedded ---------------------------------------------- */

  getEmbeddedCollection(embeddedName) {
    const key = this.constructor.metadata.embedded[embeddedName];
    if (!key) throw new Error(`${embeddedName} is not a valid embedded Document within the ${this.documentName} Document`);
    return this[key];
  }

  getEmbeddedDocument(embeddedName, id, { strict = false } = {}) {
    return this.getEmbeddedCollection(embeddedName).get(id, { strict });
  }

  async createEmbeddedDocuments(embeddedName, data = [], operation = {}) {
    this.getEmbeddedCollection(embeddedName);
    return getDocumentClass(embeddedName).createDocuments(data, { ...operation, parent: this });
  }

  async updateEmbeddedDocuments(embeddedName, updates = [], operation = {}) {
    this.getEmbeddedCollection(embeddedName);
    return getDocumentClass(embeddedName).updateDocuments(updates, { ...operation, parent: this });
  }

  async deleteEmbeddedDocuments(embeddedName, ids = [], operation = {}) {
    this.getEmbeddedCollection(embeddedName);
    return getDocumentClass(embeddedName).deleteDocuments(ids, { ...operation, parent: this });
  }

  /* ------------------------------------------------ CRUD ------------------------------------------------ */

  /** v13 Document.create: one data object → one document (or undefined); an array → an array. */
  static async create(data, operation = {}) {
    const created = await this.createDocuments(data instanceof Array ? data : [data], operation);
    return data instanceof Array ? created : created.shift();
  }

  static async createDocuments(data = [], operation = {}) {
    if (operation.temporary) {
      return data.map(d => (d instanceof this ? d : new this(d, { parent: operation.parent ?? null, pack: operation.pack ?? null })));
    }
    return globalThis.game.harness.database.create(this.implementation, data, operation);
  }

  static async updateDocuments(updates = [], operation = {}) {
    return globalThis.game.harness.database.update(this.implementation, updates, operation);
  }

  static async deleteDocuments(ids = [], operation = {}) {
    return globalThis.game.harness.database.delete(this.implementation, ids, operation);
  }

  async update(data = {}, operation = {}) {
    const updates = await this.constructor.updateDocuments([{ ...data, _id: this.id }],
      { ...operation, parent: this.parent, pack: this.pack });
    return updates.shift();
  }

  async delete(operation = {}) {
    const deleted = await this.constructor.deleteDocuments([this.id], { ...operation, parent: this.parent, pack: this.pack });
    return deleted.shift();
  }

  /* Lifecycle: the system's data model gets the same calls (v13 TypeDataModel#_preCreate etc.). */
  async _preCreate(data, options, user) {
    return this.system?._preCreate?.(data, options, user);
  }

  async _preUpdate(changed, options, user) {
    return this.system?._preUpdate?.(changed, options, user);
  }

  async _preDelete(options, user) {
    return this.system?._preDelete?.(options, user);
  }

  _onCreate(data, options, userId) {
    this.system?._onCreate?.(data, options, userId);
    if (options.renderSheet && (userId === globalThis.game.userId)) this.sheet?.render({ force: true });
  }

  _onUpdate(changed, options, userId) {
    this.system?._onUpdate?.(changed, options, userId);
    if (options.render !== false) this.render(false, { renderContext: `update${this.documentName}`, renderData: changed });
  }

  _onDelete(options, userId) {
    this.system?._onDelete?.(options, userId);
    for (const app of Object.values(this.apps)) app.close({ submit: false });
  }

  /**
   * v13 _on{Create,Update,Delete}DescendantDocuments, called on the top-level document after embedded documents of
   * `parent` (this document or a child) changed, once per batch: (parent, collection key, documents, data | changes |
   * ids, options, userId). The harness's default re-renders this document's apps (`_onDescendantDocuments`).
   */
  _onCreateDescendantDocuments(parent, collection, documents, data, options, userId) {
    this._onDescendantDocuments();
  }

  _onUpdateDescendantDocuments(parent, collection, documents, changes, options, userId) {
    this._onDescendantDocuments();
  }

  _onDeleteDescendantDocuments(parent, collection, documents, ids, options, userId) {
    this._onDescendantDocuments();
  }

  /** Harness helper: re-render this document's apps after an embedded change. */
  _onDescendantDocuments() {
    this.render(false);
  }

  /* ------------------------------------------- Sheets and apps ------------------------------------------ */

  get sheet() {
    if (!this._sheet) {
      const cls = this._getSheetClass();
      if (!cls) return null;
      this._sheet = new cls({ document: this });
    }
    return this._sheet;
  }

  _getSheetClass() {
    const cfg = globalThis.CONFIG[this.documentName];
    const type = this._source.type ?? BASE_DOCUMENT_TYPE;
    const sheets = cfg?.sheetClasses?.[type] ?? {};
    const override = this._source.flags?.core?.sheetClass;
    if (override && sheets[override]) return sheets[override].cls;
    const entries = Object.values(sheets);
    return (entries.find(s => s.default) ?? entries[0])?.cls ?? null;
  }

  /** Re-render every app showing this document (v13 ClientDocument#render). */
  render(force = false, context = {}) {
    for (const app of Object.values(this.apps)) app.render({ force, ...context });
  }

  /* ------------------------------------------------ Flags ----------------------------------------------- */

  static #validFlagScope(scope) {
    const scopes = ["core", "world", globalThis.game.system.id];
    if (!scopes.includes(scope)) throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
  }

  getFlag(scope, key) {
    ClientDocument.#validFlagScope(scope);
    return getProperty(this.flags?.[scope], key);
  }

  async setFlag(scope, key, value) {
    ClientDocument.#validFlagScope(scope);
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  async unsetFlag(scope, key) {
    ClientDocument.#validFlagScope(scope);
    const head = key.split(".");
    const tail = `-=${head.pop()}`;
    return this.update({ [["flags", scope, ...head, tail].join(".")]: null });
  }

  /* ------------------------------------------- Drag and drop -------------------------------------------- */

  toDragData() {
    return { type: this.documentName, uuid: this.uuid };
  }

  static async fromDropData(data) {
    if (!data?.uuid) return null;
    const doc = await fromUuid(data.uuid);
    return doc?.documentName === this.documentName ? doc : null;
  }

  toCompendium() {
    const data = this.toObject();
    delete data._id;
    delete data.folder;
    delete data.ownership;
    return data;
  }
}

/** An embedded collection; its documents share source objects with the parent's `_source[key]` array. */
export class EmbeddedCollection extends Collection {
  constructor(parent, documentName, key) {
    super();
    this.parent = parent;
    this.documentName = documentName;
    this.key = key;
  }

  get documentClass() {
    return getDocumentClass(this.documentName);
  }
}

/* ================================================ Actor =============================================== */

export class Actor extends ClientDocument {
  static metadata = Object.freeze({ name: "Actor", collection: "actors", label: "DOCUMENT.Actor",
    embedded: { ActiveEffect: "effects", Item: "items" }, hasTypeData: true });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      type: typeField("Actor"),
      img: new StringField({ nullable: true, initial: "icons/svg/mystery-man.svg" }),
      system: new TypeDataField("Actor"),
      prototypeToken: new ObjectField(),
      items: new EmbeddedCollectionField("Item"),
      effects: new EmbeddedCollectionField("ActiveEffect"),
      ...commonTail()
    };
  }

  _configure(options) {
    super._configure(options);
    Object.defineProperty(this, "statuses", { value: new Set(), writable: true, enumerable: false });
  }

  get itemTypes() {
    const types = Object.fromEntries((globalThis.game.documentTypes?.Item ?? []).map(t => [t, []]));
    for (const item of this.items) (types[item.type] ??= []).push(item);
    return types;
  }

  /** v13 Actor#isToken: a synthetic actor of an unlinked token (its parent is the TokenDocument). */
  get isToken() {
    return this.parent?.documentName === "Token";
  }

  /** A synthetic actor is not an embedded document of its token (v13: Token has no "Actor" collection field). */
  get isEmbedded() {
    return !!this.parent && !this.isToken;
  }

  /** v13 Actor#token: the TokenDocument of a synthetic actor, else null. */
  get token() {
    return this.isToken ? this.parent : null;
  }

  /**
   * v13 Document#getUserLevel for a synthetic actor: its own `ownership` (the base actor's, with the delta's over it),
   * not the parent token's (whose level is this actor's).
   */
  getUserLevel(user = globalThis.game.user) {
    if (!this.isToken) return super.getUserLevel(user);
    if (!user) return LEVELS.NONE;
    if (user.isGM) return LEVELS.OWNER;
    const ownership = this._source.ownership ?? {};
    let level = ownership[user.id] ?? ownership.default ?? LEVELS.NONE;
    if (level === LEVELS.INHERIT) level = ownership.default ?? LEVELS.NONE;
    return level;
  }

  /**
   * v13 Actor#getActiveTokens: this actor's tokens in the viewed scene — Token placeables, or TokenDocuments with
   * `document`; `linked` keeps linked tokens only. A synthetic actor's is its own token (unless `linked`); a world
   * actor's are all tokens with its id, linked or not (v13 `_dependentTokens`).
   */
  getActiveTokens(linked = false, document = false) {
    const canvas = globalThis.canvas;
    if (!canvas?.ready) return [];
    const tokens = [];
    const candidates = this.isToken ? (linked ? [] : [this.token]) : canvas.scene.tokens.filter(t => t.actorId === this.id);
    for (const t of candidates) {
      if ((t.parent !== canvas.scene) || (linked && !t.actorLink)) continue;
      if (document) tokens.push(t);
      else if (t.object) tokens.push(t.object);
    }
    return tokens;
  }

  getRollData() {
    return this.system;
  }

  prepareEmbeddedDocuments() {
    super.prepareEmbeddedDocuments();
    this.applyActiveEffects();
  }

  *allApplicableEffects() {
    for (const effect of this.effects) yield effect;
    for (const item of this.items) {
      for (const effect of item.effects) if (effect.transfer) yield effect;
    }
  }

  get appliedEffects() {
    return Array.from(this.allApplicableEffects()).filter(e => e.active);
  }

  get temporaryEffects() {
    return this.appliedEffects.filter(e => e.isTemporary);
  }

  /** Statuses from active effects; then every change, by priority (v13 Actor#applyActiveEffects). */
  applyActiveEffects() {
    const overrides = {};
    this.statuses.clear();
    const changes = [];
    for (const effect of this.allApplicableEffects()) {
      if (!effect.active) continue;
      for (const change of effect.changes) changes.push({ ...change, effect, priority: change.priority ?? (change.mode * 10) });
      for (const statusId of effect.statuses) this.statuses.add(statusId);
    }
    changes.sort((a, b) => a.priority - b.priority);
    for (const change of changes) {
      if (!change.key) continue;
      Object.assign(overrides, change.effect.apply(this, change));
    }
    this.overrides = expandObject(overrides);
  }

  /** v13 Actor#toggleStatusEffect. */
  async toggleStatusEffect(statusId, { active, overlay = false } = {}) {
    const status = globalThis.CONFIG.statusEffects.find(e => e.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const existing = [];
    if (status._id) {
      const effect = this.effects.get(status._id);
      if (effect) existing.push(effect.id);
    } else {
      for (const effect of this.effects) {
        if ((effect.statuses.size === 1) && effect.statuses.has(status.id)) existing.push(effect.id);
      }
    }
    if (existing.length) {
      if (active) return true;
      await this.deleteEmbeddedDocuments("ActiveEffect", existing);
      return false;
    }
    if (!active && (active !== undefined)) return undefined;
    const cls = getDocumentClass("ActiveEffect");
    const effect = await cls.fromStatusEffect(statusId);
    if (overlay) effect.updateSource({ "flags.core.overlay": true });
    return cls.create(effect, { parent: this, keepId: true });
  }
}

/* ================================================ Item ================================================ */

export class Item extends ClientDocument {
  static metadata = Object.freeze({ name: "Item", collection: "items", label: "DOCUMENT.Item",
    embedded: { ActiveEffect: "effects" }, hasTypeData: true });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      type: typeField("Item"),
      img: new StringField({ nullable: true, initial: "icons/svg/item-bag.svg" }),
      system: new TypeDataField("Item"),
      effects: new EmbeddedCollectionField("ActiveEffect"),
      ...commonTail()
    };
  }

  get actor() {
    return this.parent instanceof Actor ? this.parent : null;
  }

  getRollData() {
    return { ...(this.actor?.getRollData() ?? {}), item: this.system };
  }
}

/* ============================================ ActiveEffect ============================================ */

export class ActiveEffect extends ClientDocument {
  static metadata = Object.freeze({ name: "ActiveEffect", collection: "effects", label: "DOCUMENT.ActiveEffect",
    embedded: {}, hasTypeData: false });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      img: new StringField({ nullable: true, initial: null }),
      type: new StringField({ required: true, blank: false, initial: BASE_DOCUMENT_TYPE }),
      system: new ObjectField(),
      changes: new ArrayField(new SchemaField({
        key: new StringField({ required: true }),
        value: new StringField({ required: true }),
        mode: new NumberField({ integer: true, initial: ACTIVE_EFFECT_MODES.ADD }),
        priority: new NumberField()
      })),
      disabled: new BooleanField(),
      duration: new ObjectField(),
      description: new HTMLField(),
      origin: new StringField({ nullable: true, blank: false, initial: null }),
      tint: new StringField({ nullable: true, initial: "#ffffff" }),
      transfer: new BooleanField({ initial: true }),
      statuses: new SetField(new StringField({ required: true, blank: false })),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      flags: new ObjectField(),
      _stats: new ObjectField()
    };
  }

  get isSuppressed() {
    return false;
  }

  get active() {
    return !this.disabled && !this.isSuppressed;
  }

  get isTemporary() {
    const d = this.duration ?? {};
    return !!(d.seconds || d.rounds || d.turns) || (this.statuses.size > 0);
  }

  get target() {
    return this.parent instanceof Actor ? this.parent : (this.parent?.actor ?? null);
  }

  /** Apply one change to a model; returns {key: newValue} (v13 modes ADD, MULTIPLY, OVERRIDE, UPGRADE, DOWNGRADE, CUSTOM). */
  apply(model, change) {
    const current = getProperty(model, change.key) ?? null;
    const t = getType(current);
    let delta = change.value;
    if (t === "number") delta = Number(delta);
    else if (t === "boolean") delta = (delta === "true") || (delta === true);
    let value;
    const M = ACTIVE_EFFECT_MODES;
    switch (change.mode) {
      case M.ADD: value = (t === "Array") ? current.concat(delta) : (current ?? 0) + delta; break;
      case M.MULTIPLY: value = current * delta; break;
      case M.OVERRIDE: value = delta; break;
      case M.UPGRADE: value = (current === null || delta > current) ? delta : current; break;
      case M.DOWNGRADE: value = (current === null || delta < current) ? delta : current; break;
      default: {
        Hooks.call("applyActiveEffect", model, change, current, delta, {});
        return {};
      }
    }
    setProperty(model, change.key, value);
    return { [change.key]: value };
  }

  /** v13 ActiveEffect.fromStatusEffect: a temporary effect built from CONFIG.statusEffects. */
  static async fromStatusEffect(statusId, options = {}) {
    const status = globalThis.CONFIG.statusEffects.find(e => e.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to ActiveEffect#fromStatusEffect`);
    const { id, label, icon, hud: _hud, ...effectData } = deepClone(status);
    effectData.name = globalThis.game.i18n.localize(effectData.name ?? label);
    effectData.img ??= icon;
    effectData.statuses = Array.from(new Set([id, ...(effectData.statuses ?? [])]));
    if ((effectData.statuses.length > 1) && !status._id) {
      throw new Error("Status effects with implicit statuses must have a static _id");
    }
    return this._fromStatusEffect(statusId, effectData, options);
  }

  static async _fromStatusEffect(statusId, effectData, options) {
    return new this(effectData, options);
  }
}

/* ============================================ ChatMessage ============================================= */

export class ChatMessage extends ClientDocument {
  static metadata = Object.freeze({ name: "ChatMessage", collection: "messages", label: "DOCUMENT.ChatMessage",
    embedded: {}, hasTypeData: true });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      type: new StringField({ required: true, blank: false, initial: BASE_DOCUMENT_TYPE }),
      system: new TypeDataField("ChatMessage"),
      style: new NumberField({ required: true, integer: true, initial: CHAT_MESSAGE_STYLES.OTHER,
        choices: Object.values(CHAT_MESSAGE_STYLES) }),
      author: new ForeignDocumentField("User", { nullable: false, initial: () => globalThis.game?.userId }),
      timestamp: new NumberField({ required: true, nullable: false, initial: Date.now }),
      flavor: new HTMLField(),
      title: new StringField(),
      content: new HTMLField({ textSearch: true }),
      speaker: new SchemaField({
        scene: new ForeignDocumentField("Scene", { idOnly: true }),
        actor: new ForeignDocumentField("Actor", { idOnly: true }),
        token: new ForeignDocumentField("Token", { idOnly: true }),
        alias: new StringField()
      }),
      whisper: new ArrayField(new ForeignDocumentField("User", { idOnly: true })),
      blind: new BooleanField(),
      rolls: new ArrayField(new JSONField({ validate: ChatMessage.#validateRoll })),
      sound: new StringField({ nullable: true, initial: null }),
      emote: new BooleanField(),
      flags: new ObjectField(),
      _stats: new ObjectField()
    };
  }

  static #validateRoll(rollJSON) {
    const roll = JSON.parse(rollJSON);
    if (!roll.evaluated) throw new Error("Roll objects added to ChatMessage documents must be evaluated");
  }

  getUserLevel(user = globalThis.game.user) {
    if (user && (user.id === this._source.author)) return LEVELS.OWNER;
    return super.getUserLevel(user);
  }

  get alias() {
    const authorName = this.author?.name ?? globalThis.game.i18n.localize("CHAT.UnknownUser");
    if (this.style === CHAT_MESSAGE_STYLES.OOC) return authorName;
    return this.speaker.alias || this.speakerActor?.name || authorName;
  }

  get isAuthor() {
    return globalThis.game.user === this.author;
  }

  get isRoll() {
    return this.rolls.length > 0;
  }

  /** v13: a whispered roll message is visible to everyone; its content only to recipients (and a non-blind author). */
  get isContentVisible() {
    if (this.isRoll) {
      const whisper = this.whisper || [];
      const isBlind = whisper.length && this.blind;
      if (whisper.length) return whisper.includes(globalThis.game.user.id) || (this.isAuthor && !isBlind);
      return true;
    }
    return this.visible;
  }

  get visible() {
    if (this.whisper.length) {
      if (this.isRoll) return true;
      return this.isAuthor || this.whisper.includes(globalThis.game.user.id);
    }
    return true;
  }

  get speakerActor() {
    return this.constructor.getSpeakerActor(this.speaker) ?? this.author?.character ?? null;
  }

  prepareDerivedData() {
    super.prepareDerivedData();
    const Roll = globalThis.CONFIG.Dice.rolls[0];
    this.rolls = this.rolls.reduce((rolls, rollData) => {
      try {
        rolls.push(rollData instanceof Roll ? rollData : Roll.fromData(rollData));
      } catch (err) {
        Hooks.onError("ChatMessage#rolls", err, { rollData, log: "error" });
      }
      return rolls;
    }, []);
  }

  /** v13 ChatMessage.applyRollMode. */
  static applyRollMode(chatData, rollMode) {
    const modes = DICE_ROLL_MODES;
    if (rollMode === "roll") rollMode = globalThis.game.settings.get("core", "rollMode");
    let whisper;
    if (rollMode === modes.PUBLIC) whisper = [];
    else if (rollMode === modes.SELF) whisper = [globalThis.game.user.id];
    else if (chatData.whisper?.length) whisper = chatData.whisper;
    else whisper = globalThis.game.users.filter(u => u.isGM).map(u => u.id);
    chatData.whisper = whisper;
    chatData.blind = rollMode === modes.BLIND;
    return chatData;
  }

  applyRollMode(rollMode) {
    const data = this.toObject();
    this.constructor.applyRollMode(data, rollMode);
    this.updateSource({ whisper: data.whisper, blind: data.blind });
  }

  /** v13 getSpeaker without a canvas: an explicit actor, else the user's character, else the user. */
  static getSpeaker({ scene, actor, token, alias } = {}) {
    if (token) return { scene: token.parent?.id ?? null, token: token.id, actor: token.actor?.id ?? null, alias: alias || token.name };
    if (actor instanceof Actor) return { scene: scene?.id ?? null, actor: actor.id, token: null, alias: alias || actor.name };
    const char = globalThis.game.user.character;
    if (char) return { scene: scene?.id ?? null, actor: char.id, token: null, alias: alias || char.name };
    return { scene: scene?.id ?? null, actor: null, token: null, alias: alias || globalThis.game.user.name };
  }

  static getSpeakerActor(speaker) {
    if (!speaker?.actor) return null;
    return globalThis.game.actors.get(speaker.actor) ?? null;
  }

  getRollData() {
    return this.speakerActor?.getRollData() ?? {};
  }

  static getWhisperRecipients(name) {
    if (["GM", "DM"].includes(name.toUpperCase())) return globalThis.game.users.filter(u => u.isGM);
    if (name.toLowerCase() === "players") return globalThis.game.users.players;
    const lower = name.toLowerCase();
    const users = globalThis.game.users.filter(u => u.name.toLowerCase() === lower);
    if (users.length) return users;
    return globalThis.game.users.filter(u => u.character && (u.character.name.toLowerCase() === lower));
  }

  /** v13 ChatMessage#renderHTML: the message as this user's client shows it. */
  async renderHTML({ canDelete, canClose = false, ...rest } = {}) {
    canDelete ??= globalThis.game.user.isGM;
    const speakerActor = this.style === CHAT_MESSAGE_STYLES.OOC ? null : this.speakerActor;
    const data = this.toObject(false);
    data.content = await foundry.applications.ux.TextEditor.implementation.enrichHTML(this.content,
      { rollData: this.getRollData(), secrets: speakerActor?.isOwner ?? globalThis.game.user.isGM });
    const isWhisper = this.whisper.length;
    const messageData = {
      ...rest, canDelete, canClose, message: data, user: globalThis.game.user, author: this.author, speakerActor,
      alias: this.alias,
      cssClass: [this.style === CHAT_MESSAGE_STYLES.IC ? "ic" : null, this.style === CHAT_MESSAGE_STYLES.EMOTE ? "emote" : null,
        isWhisper ? "whisper" : null, this.blind ? "blind" : null].filter(Boolean).join(" "),
      isWhisper: this.whisper.length,
      whisperTo: this.whisper.map(u => globalThis.game.users.get(u)?.name).filter(Boolean).join(", ")
    };
    if (this.isRoll) await this.#renderRollContent(messageData);
    if (this.style === CHAT_MESSAGE_STYLES.OOC) messageData.borderColor = this.author?.color;
    const html = parseHTML(await foundry.applications.handlebars.renderTemplate(CONFIG.ChatMessage.template, messageData));
    Hooks.callAll("renderChatMessageHTML", this, html, messageData);
    return html;
  }

  async #renderRollContent(messageData) {
    const data = messageData.message;
    if (this.blind || this.whisper.length) messageData.isWhisper = false;
    if (this.isContentVisible) {
      const el = document.createElement("div");
      el.innerHTML = data.content;
      if (!el.childElementCount && this.rolls.length) {
        let html = "";
        for (const roll of this.rolls) html += await roll.render({ isPrivate: false, message: this });
        data.content = html;
      }
    } else {
      const name = this.author?.name ?? globalThis.game.i18n.localize("CHAT.UnknownUser");
      data.flavor = globalThis.game.i18n.format("CHAT.PrivateRollContent", { user: escapeHTML(name) });
      let html = "";
      for (const roll of this.rolls) html += await roll.render({ isPrivate: true });
      data.content = html;
      messageData.alias = name;
    }
  }

  async _preCreate(data, options, user) {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    if (this.isRoll && options.rollMode) this.applyRollMode(options.rollMode);
    return undefined;
  }

  _onCreate(data, options, userId) {
    super._onCreate(data, options, userId);
    globalThis.ui.chat?.postOne(this, { notify: true });
  }

  _onUpdate(changed, options, userId) {
    if (!this.visible) globalThis.ui.chat?.deleteMessage(this.id);
    else globalThis.ui.chat?.updateMessage(this);
    super._onUpdate(changed, options, userId);
  }

  _onDelete(options, userId) {
    globalThis.ui.chat?.deleteMessage(this.id);
    super._onDelete(options, userId);
  }
}

/* ================================================ User ================================================ */

export class User extends ClientDocument {
  static metadata = Object.freeze({ name: "User", collection: "users", label: "DOCUMENT.User", embedded: {},
    hasTypeData: false });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      role: new NumberField({ required: true, nullable: false, integer: true, initial: USER_ROLES.PLAYER,
        choices: Object.values(USER_ROLES) }),
      color: new StringField({ initial: "#888888" }),
      character: new ForeignDocumentField("Actor"),
      flags: new ObjectField(),
      _stats: new ObjectField()
    };
  }

  getUserLevel(user = globalThis.game.user) {
    if (user?.isGM || (user?.id === this.id)) return LEVELS.OWNER;
    return LEVELS.LIMITED;
  }

  _configure(options) {
    super._configure(options);
    Object.defineProperty(this, "targets", { value: new UserTargets(), enumerable: false });
  }

  get isGM() {
    return this.hasRole(USER_ROLES.ASSISTANT);
  }

  get isSelf() {
    return globalThis.game.userId === this.id;
  }

  get active() {
    return globalThis.game.harness?.activeUsers.has(this.id) ?? false;
  }

  get isActiveGM() {
    return this === globalThis.game.users.activeGM;
  }

  hasRole(role, { exact = false } = {}) {
    const level = typeof role === "string" ? USER_ROLES[role] : role;
    return exact ? this.role === level : this.role >= level;
  }

  hasPermission(permission) {
    const config = USER_PERMISSIONS[permission];
    if (!config) return this.isGM;
    return this.role >= config.defaultRole;
  }

  /** v13 User#query: run CONFIG.queries[name] on this user's client and resolve with its result. */
  async query(queryName, queryData, { timeout } = {}) {
    if (!this.active) throw new Error(`User "${this.name}" is not active`);
    if (!globalThis.game.user.hasPermission("QUERY_USER")) throw new Error("You do not have permission to query other users");
    if (this.isSelf) {
      const handler = globalThis.CONFIG.queries[queryName];
      if (!handler) throw new Error(`Query "${queryName}" is not registered`);
      return handler(deepClone(queryData), { timeout });
    }
    return globalThis.game.harness.socket.query(this.id, queryName, queryData, { timeout });
  }
}

/** v13 User#targets: the user's targeted tokens. The harness has no canvas, so it stays empty. */
export class UserTargets extends Set {
  first() {
    return this.values().next().value;
  }

  get ids() {
    return Array.from(this, t => t.id);
  }
}

/* ============================================ Collections ============================================= */

export class WorldCollection extends Collection {
  constructor(documentName) {
    super();
    this.documentName = documentName;
    this.invalidDocumentIds = new Set();
    this._invalid = new Map();
  }

  get documentClass() {
    return getDocumentClass(this.documentName);
  }

  /** Build a document from server source; an invalid one is recorded in invalidDocumentIds (v13 behaviour). */
  _addFromSource(source) {
    const cls = this.documentClass;
    try {
      const doc = new cls(source, { strict: true });
      this.set(doc.id, doc);
      this.invalidDocumentIds.delete(source._id);
      return doc;
    } catch (err) {
      this.invalidDocumentIds.add(source._id);
      this._invalid.set(source._id, source);
      console.error(`Failed to initialize ${this.documentName} [${source._id}]:`, err);
      return null;
    }
  }

  getInvalid(id, { strict = true } = {}) {
    const source = this._invalid.get(id);
    if (!source) {
      if (strict) throw new Error(`${this.documentName} id [${id}] is not in the set of invalid document ids`);
      return undefined;
    }
    return new this.documentClass(deepClone(source), { strict: false });
  }

  /** v13 WorldCollection#fromCompendium: data to create a world copy of a compendium document. */
  fromCompendium(document, { clearFolder = false, clearSort = true, clearOwnership = true, keepId = false } = {}) {
    const data = document instanceof ClientDocument ? document.toObject() : deepClone(document);
    if (!keepId) delete data._id;
    if (clearFolder) delete data.folder;
    if (clearSort) delete data.sort;
    if (clearOwnership) delete data.ownership;
    data._stats = { ...(data._stats ?? {}), compendiumSource: document.uuid ?? null, duplicateSource: null };
    return data;
  }

  async importFromCompendium(pack, id, updateData = {}, options = {}) {
    const document = await pack.getDocument(id);
    if (!document) throw new Error(`No ${pack.documentName} [${id}] in ${pack.collection}`);
    const data = mergeObject(this.fromCompendium(document, options), updateData);
    return this.documentClass.create(data, { keepId: options.keepId ?? false, ...options });
  }

  static registerSheet(...args) {
    return foundry.applications.apps.DocumentSheetConfig.registerSheet(getDocumentClass(this.documentName), ...args);
  }

  static unregisterSheet(...args) {
    return foundry.applications.apps.DocumentSheetConfig.unregisterSheet(getDocumentClass(this.documentName), ...args);
  }
}

export class Actors extends WorldCollection {
  static documentName = "Actor";
}

export class Items extends WorldCollection {
  static documentName = "Item";
}

export class ChatMessages extends WorldCollection {}

export class Users extends WorldCollection {
  /**
   * v13 Users#activeGM: "one User who is an active Gamemaster (non-assistant if possible)": among active users with
   * isGM, the highest role, ties broken by the lowest id (code-point order, as core's String#compare).
   */
  get activeGM() {
    const gms = this.filter(u => u.isGM && u.active);
    gms.sort((a, b) => (b.role - a.role) || ((a.id < b.id) ? -1 : (a.id > b.id ? 1 : 0)));
    return gms[0] ?? null;
  }

  get players() {
    return this.filter(u => !u.isGM && u.hasRole("PLAYER"));
  }

  get current() {
    return this.get(globalThis.game.userId) ?? null;
  }
}

/* ================================================ UUIDs =============================================== */

function parseUuid(uuid) {
  const parts = uuid.split(".");
  if (parts[0] === "Compendium") {
    const pack = `${parts[1]}.${parts[2]}`;
    let rest = parts.slice(3);
    if (rest.length % 2 === 1) rest = [globalThis.game.packs.get(pack)?.documentName, ...rest];
    return { pack, rest };
  }
  return { pack: null, rest: parts };
}

function walkEmbedded(doc, rest) {
  for (let i = 0; doc && i < rest.length; i += 2) doc = doc.getEmbeddedDocument?.(rest[i], rest[i + 1]) ?? null;
  return doc ?? null;
}

/** v13 fromUuid: world documents, embedded documents and compendium documents (loaded on demand). */
export async function fromUuid(uuid) {
  if (!uuid) return null;
  const { pack, rest } = parseUuid(uuid);
  if (pack) {
    const collection = globalThis.game.packs.get(pack);
    if (!collection) return null;
    const doc = await collection.getDocument(rest[1]);
    return walkEmbedded(doc, rest.slice(2));
  }
  return fromUuidSync(uuid);
}

/** v13 fromUuidSync: world documents; a compendium uuid gives the cached document or its index entry. */
export function fromUuidSync(uuid) {
  if (!uuid) return null;
  const { pack, rest } = parseUuid(uuid);
  if (pack) {
    const collection = globalThis.game.packs.get(pack);
    if (!collection) return null;
    const doc = collection.get(rest[1]);
    if (doc) return walkEmbedded(doc, rest.slice(2));
    return rest.length === 2 ? (collection.index.get(rest[1]) ?? null) : null;
  }
  const top = globalThis.game.collections.get(rest[0])?.get(rest[1]);
  return walkEmbedded(top ?? null, rest.slice(2));
}
