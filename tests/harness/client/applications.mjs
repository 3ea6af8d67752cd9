/**
 * foundry.applications (TEST DOUBLE): ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, ActorSheetV2,
 * ItemSheetV2, DialogV2, DocumentSheetConfig, ux.TextEditor / FormDataExtended / DragDrop.
 * Rendering follows the v13 lifecycle (_canRender → _configureRenderOptions → _prepareContext → _preFirstRender →
 * _preRender → _renderHTML → frame → _replaceHTML → insert → _onFirstRender → _onRender → render hooks); renders
 * of one app are queued. Window chrome is a plain frame: no dragging, resizing, minimising or animations.
 */
import { DOCUMENT_OWNERSHIP_LEVELS } from "./constants.mjs";
import { getDocumentClass } from "./documents.mjs";
import { loadTemplates, renderTemplate } from "./handlebars.mjs";
import Hooks from "./hooks.mjs";
import { deepClone, escapeHTML, expandObject, getType, mergeObject } from "./utils.mjs";

/** Open applications by id (foundry.applications.instances). */
export const instances = new Map();
let zIndex = 100;
let cascade = 0;

/* ============================================ ApplicationV2 =========================================== */

export class ApplicationV2 extends EventTarget {
  static BASE_APPLICATION = ApplicationV2;

  static DEFAULT_OPTIONS = {
    id: "app-{id}",
    classes: [],
    tag: "div",
    window: { frame: true, positioned: true, title: "", icon: false, controls: [], minimizable: true, resizable: false,
      contentTag: "section", contentClasses: [] },
    actions: {},
    form: undefined,
    position: {}
  };

  static RENDER_STATES = Object.freeze({ ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 });

  static TABS = {};

  #id;
  #element = null;
  #content = null;
  #state = ApplicationV2.RENDER_STATES.NONE;
  #queue = Promise.resolve();

  constructor(options = {}) {
    super();
    this.options = Object.freeze(this._initializeApplicationOptions(options));
    this.#id = this.options.id.replace("{id}", this.options.uniqueId);
    this.position = { top: null, left: null, width: "auto", height: "auto", ...this.options.position };
    this.tabGroups = {};
    for (const [group, config] of Object.entries(this.constructor.TABS)) {
      this.tabGroups[group] = config.initial ?? config.tabs?.[0]?.id ?? null;
    }
  }

  /** The classes from this class up to ApplicationV2. */
  static *inheritanceChain() {
    let cls = this;
    while (cls) {
      yield cls;
      if (cls === this.BASE_APPLICATION) return;
      cls = Object.getPrototypeOf(cls);
    }
  }

  /** v13 merge of DEFAULT_OPTIONS from ApplicationV2 down: arrays concatenate, objects merge one level, else override. */
  _initializeApplicationOptions(options) {
    const order = [...this.constructor.inheritanceChain()].reverse().map(cls => (Object.hasOwn(cls, "DEFAULT_OPTIONS") ? cls.DEFAULT_OPTIONS : {}));
    order.push(options);
    const applicationOptions = {};
    for (const opts of order) {
      for (const [k, v] of Object.entries(opts)) {
        if (k in applicationOptions) {
          const v0 = applicationOptions[k];
          if (Array.isArray(v0)) v0.push(...v);
          else if (getType(v0) === "Object") Object.assign(v0, v);
          else applicationOptions[k] = deepClone(v);
        } else applicationOptions[k] = deepClone(v);
      }
    }
    applicationOptions.uniqueId = `${this.constructor.name}-${Math.random().toString(36).substring(2)}`;
    if (applicationOptions.window.frame) applicationOptions.classes.unshift("application");
    applicationOptions.classes = Array.from(new Set(applicationOptions.classes));
    return applicationOptions;
  }

  get id() {
    return this.#id;
  }

  get element() {
    return this.#element;
  }

  get form() {
    if (!this.#element) return null;
    return this.#element.tagName === "FORM" ? this.#element : this.#element.querySelector("form");
  }

  get hasFrame() {
    return this.options.window.frame;
  }

  get state() {
    return this.#state;
  }

  get rendered() {
    return this.#state === ApplicationV2.RENDER_STATES.RENDERED;
  }

  get title() {
    return game.i18n.localize(this.options.window.title);
  }

  get window() {
    const el = this.#element;
    return { header: el?.querySelector(".window-header"), title: el?.querySelector(".window-title"),
      close: el?.querySelector('.window-header [data-action="close"]'), content: this.#content };
  }

  /** Render (queued). Without `force`, only an app that is already rendered is refreshed. */
  async render(options = {}, _options = {}) {
    if (typeof options === "boolean") options = Object.assign(_options, { force: options });
    const run = this.#queue.then(() => this.#render(options));
    this.#queue = run.catch(() => {});
    return run;
  }

  async #render(options) {
    const states = ApplicationV2.RENDER_STATES;
    if (!this.rendered && !options.force) return this;
    if (this._canRender(options) === false) return this;
    const isFirst = !this.rendered;
    options.isFirstRender = isFirst;
    this._configureRenderOptions(options);
    try {
      const context = await this._prepareContext(options);
      if (isFirst) await this._preFirstRender(context, options);
      await this._preRender(context, options);
      const result = await this._renderHTML(context, options);
      if (isFirst) {
        this.#element = await this._renderFrame(options);
        this.#content = this.hasFrame ? this.#element.querySelector(".window-content") : this.#element;
        this._attachFrameListeners();
      } else {
        const title = this.#element.querySelector(".window-title");
        if (title) title.textContent = this.title;
      }
      this._replaceHTML(result, this.#content, options);
      if (isFirst) {
        this._insertElement(this.#element);
        instances.set(this.id, this);
      }
      this.#state = states.RENDERED;
      if (isFirst) await this._onFirstRender(context, options);
      await this._onRender(context, options);
      for (const cls of this.constructor.inheritanceChain()) {
        if (cls.name) Hooks.callAll(`render${cls.name}`, this, this.#element, context, options);
      }
      this.dispatchEvent(new Event("render"));
      return this;
    } catch (err) {
      if (isFirst) this.#state = states.ERROR;
      console.error(`Failed to render Application "${this.id}":`, err);
      throw err;
    }
  }

  _canRender() {
    return undefined;
  }

  _configureRenderOptions(options) {
    options.window ??= {};
    options.position ??= {};
  }

  async _prepareContext() {
    return {};
  }

  async _preFirstRender() {}
  async _preRender() {}

  async _renderHTML() {
    return undefined;
  }

  _replaceHTML() {}

  /** The frame: <tag class="application ..."> with a header (title, close button) and the content section. */
  async _renderFrame() {
    const frame = document.createElement(this.options.tag);
    frame.id = this.#id;
    frame.classList.add(...this.options.classes);
    frame.dataset.appid = this.options.uniqueId;
    if (!this.hasFrame) return frame;
    const w = this.options.window;
    const closeLabel = game.i18n.localize("APPLICATION.TOOLS.Close");
    frame.innerHTML = `<header class="window-header">
        ${w.icon ? `<i class="window-icon ${escapeHTML(w.icon)}" inert></i>` : ""}
        <h1 class="window-title">${escapeHTML(this.title)}</h1>
        <button type="button" class="header-control icon fa-solid fa-xmark" data-action="close"
                aria-label="${escapeHTML(closeLabel)}" data-tooltip="${escapeHTML(closeLabel)}">×</button>
      </header>
      <${w.contentTag} class="window-content ${w.contentClasses.map(escapeHTML).join(" ")}"></${w.contentTag}>`;
    return frame;
  }

  _attachFrameListeners() {
    this.#element.addEventListener("click", this.#onClick.bind(this));
    this.#element.addEventListener("pointerdown", () => this.bringToFront());
    if (this.options.tag === "form") {
      this.#element.addEventListener("submit", this._onSubmitForm.bind(this, this.options.form));
      this.#element.addEventListener("change", this._onChangeForm.bind(this, this.options.form));
    }
  }

  _insertElement(element) {
    const existing = document.getElementById(element.id);
    if (existing) existing.replaceWith(element);
    else document.body.append(element);
    if (this.options.window.positioned) this.setPosition({});
  }

  /** Absolute placement inside the board area (left of the sidebar); no dragging. */
  setPosition(position = {}) {
    Object.assign(this.position, position);
    const el = this.#element;
    if (!el || !this.options.window.positioned) return this.position;
    this.position.left ??= 20 + (cascade % 5) * 30;
    this.position.top ??= 20 + (cascade++ % 5) * 30;
    Object.assign(el.style, { position: "absolute", left: `${this.position.left}px`, top: `${this.position.top}px`,
      width: typeof this.position.width === "number" ? `${this.position.width}px` : "",
      height: typeof this.position.height === "number" ? `${this.position.height}px` : "" });
    this.bringToFront();
    return this.position;
  }

  bringToFront() {
    if (this.#element && this.options.window.positioned) this.#element.style.zIndex = String(++zIndex);
  }

  async _onFirstRender() {}
  async _onRender() {}

  async close(options = {}) {
    const run = this.#queue.then(() => this.#close(options));
    this.#queue = run.catch(() => {});
    return run;
  }

  async #close(options) {
    const states = ApplicationV2.RENDER_STATES;
    if (!this.rendered) return this;
    this.#state = states.CLOSING;
    this._preClose(options);
    this.#element.remove();
    instances.delete(this.id);
    this.#state = states.CLOSED;
    this._onClose(options);
    for (const cls of this.constructor.inheritanceChain()) {
      if (cls.name) Hooks.callAll(`close${cls.name}`, this, this.#element);
    }
    this.dispatchEvent(new Event("close"));
    return this;
  }

  _preClose() {}
  _onClose() {}

  /* ------------------------------------------ Clicks and actions ---------------------------------------- */

  #onClick(event) {
    const target = event.target.closest("[data-action]");
    if (!target || !this.#element.contains(target)) return;
    const action = target.dataset.action;
    switch (action) {
      case "close":
        event.stopPropagation();
        if (event.button === 0) this.close();
        return;
      case "tab":
        if (event.button === 0) this.#onClickTab(event, target);
        return;
      default: {
        let handler = this.options.actions[action];
        if (!handler) {
          this._onClickAction(event, target);
          return;
        }
        let buttons = [0];
        if (typeof handler === "object") {
          buttons = handler.buttons;
          handler = handler.handler;
        }
        if (buttons.includes(event.button)) handler?.call(this, event, target);
      }
    }
  }

  _onClickAction() {}

  /* ------------------------------------------------ Tabs ------------------------------------------------ */

  #onClickTab(event, target) {
    const { tab, group } = target.dataset;
    if (tab && group) this.changeTab(tab, group, { event });
  }

  /** v13 _prepareTabs: {tabId: {id, group, icon, label, active, cssClass}} for one group of static TABS. */
  _prepareTabs(group) {
    const config = this.constructor.TABS[group];
    if (!config) return {};
    const active = this.tabGroups[group] ?? config.initial ?? config.tabs?.[0]?.id;
    this.tabGroups[group] = active;
    const tabs = {};
    for (const t of config.tabs ?? []) {
      const label = t.label ?? (config.labelPrefix ? `${config.labelPrefix}.${t.id}` : t.id);
      tabs[t.id] = { ...t, group, label, active: t.id === active, cssClass: [t.cssClass, t.id === active ? "active" : ""].filter(Boolean).join(" ") };
    }
    return tabs;
  }

  changeTab(tab, group, { force = false } = {}) {
    if (!force && this.tabGroups[group] === tab) return;
    this.tabGroups[group] = tab;
    if (!this.#element) return;
    for (const el of this.#element.querySelectorAll(`[data-group="${group}"][data-tab]`)) {
      const active = el.dataset.tab === tab;
      el.classList.toggle("active", active);
      if (el.dataset.action === "tab") el.setAttribute("aria-selected", String(active));
    }
  }

  /* ------------------------------------------------ Forms ----------------------------------------------- */

  _onChangeForm(formConfig, event) {
    if (formConfig?.submitOnChange) this._onSubmitForm(formConfig, event);
  }

  async _onSubmitForm(formConfig, event) {
    event.preventDefault();
    const form = this.form;
    const { handler, closeOnSubmit } = formConfig ?? {};
    const formData = new FormDataExtended(form);
    if (handler instanceof Function) {
      try {
        await handler.call(this, event, form, formData);
      } catch (err) {
        ui.notifications.error(err.message ?? String(err), { console: true });
        return;
      }
    }
    if (closeOnSubmit) await this.close({ submitted: true });
  }

  /** Submit the form programmatically (v13 ApplicationV2#submit). */
  async submit(submitOptions = {}) {
    const formConfig = this.options.form;
    if (!formConfig?.handler) throw new Error(`The ${this.constructor.name} DEFAULT_OPTIONS do not define a form submission handler.`);
    const event = new Event("submit", { cancelable: true });
    const formData = new FormDataExtended(this.form);
    await formConfig.handler.call(this, event, this.form, formData, submitOptions);
    if (formConfig.closeOnSubmit) await this.close({ submitted: true });
  }
}

/* ====================================== HandlebarsApplicationMixin ===================================== */

export function HandlebarsApplicationMixin(BaseApplication) {
  class HandlebarsApplication extends BaseApplication {
    static PARTS = {};

    /** The parts of the current render (v13: `_configureRenderParts`, called for each render). */
    #parts = {};

    _configureRenderOptions(options) {
      super._configureRenderOptions(options);
      this.#parts = this._configureRenderParts(options);
      const all = Object.keys(this.#parts);
      if (options.isFirstRender || !options.parts) options.parts = all;
      else options.parts = options.parts.filter(p => all.includes(p));
    }

    /**
     * v13 HandlebarsApplicationMixin#_configureRenderParts ("Allow subclasses to dynamically configure render parts",
     * fvtt-types 13.345 `client/applications/api/handlebars-application.d.mts`): a copy of the static PARTS.
     */
    _configureRenderParts(options) {
      return deepClone(this.constructor.PARTS);
    }

    /** Load every part template (and declared `templates`) before the first render. */
    async _preFirstRender(context, options) {
      await super._preFirstRender(context, options);
      const templates = new Set();
      for (const part of Object.values(this.#parts)) {
        templates.add(part.template);
        for (const t of part.templates ?? []) templates.add(t);
      }
      await loadTemplates(Array.from(templates));
    }

    async _preparePartContext(partId, context) {
      context.partId = `${this.id}-${partId}`;
      return context;
    }

    /** Each part renders to exactly one root element, tagged data-application-part (v13 rule). */
    async _renderHTML(context, options) {
      const rendered = {};
      for (const partId of options.parts) {
        const part = this.#parts[partId];
        if (!part) throw new Error(`Part "${partId}" is not a supported template part for ${this.constructor.name}`);
        const partContext = await this._preparePartContext(partId, { ...context }, options);
        const html = await renderTemplate(part.template, partContext);
        const t = document.createElement("template");
        t.innerHTML = html;
        if (t.content.children.length !== 1) {
          throw new Error(`Template part "${partId}" must render a single HTML element.`);
        }
        const el = t.content.firstElementChild;
        el.dataset.applicationPart = partId;
        if (part.id) el.id = `${this.id}-${part.id}`;
        if (part.classes) el.classList.add(...part.classes);
        rendered[partId] = el;
      }
      return rendered;
    }

    /**
     * v13 HandlebarsApplicationMixin#_replaceHTML: a part with a prior element is bracketed by
     * _preSyncPartState(partId, el, prior, state) before and _syncPartState(partId, el, prior, state) after the swap
     * (fvtt-types src/foundry/client/applications/api/handlebars-application.d.mts documents both hooks).
     */
    _replaceHTML(result, content) {
      for (const [partId, el] of Object.entries(result)) {
        const prior = content.querySelector(`[data-application-part="${partId}"]`);
        if (prior) {
          const state = {};
          this._preSyncPartState(partId, el, prior, state);
          prior.replaceWith(el);
          this._syncPartState(partId, el, prior, state);
        } else content.append(el);
      }
    }

    /**
     * v13 HandlebarsApplicationMixin#_preSyncPartState: remembers the part's focused field (by id, else by tag and
     * name) and the scroll positions of its `scrollable` selectors ("" the part itself). Core's
     * client/applications/api/handlebars-application.mjs (v13, found with the code search); the state's shape is
     * fvtt-types' `HandlebarsApplicationMixin.PartState` ({scrollPositions, focus?}). A re-render while someone types
     * keeps their field focused, so the next keystroke is not lost.
     */
    _preSyncPartState(partId, newElement, priorElement, state) {
      const focus = priorElement.querySelector(":focus");
      if (focus?.id) state.focus = `#${CSS.escape(focus.id)}`;
      else if (focus?.name) state.focus = `${focus.tagName}[name="${focus.name}"]`;
      else state.focus = undefined;
      state.scrollPositions = [];
      for (const selector of this.#parts[partId]?.scrollable ?? []) {
        const el0 = selector === "" ? priorElement : priorElement.querySelector(selector);
        const el1 = el0 && (selector === "" ? newElement : newElement.querySelector(selector));
        if (el1) state.scrollPositions.push([el1, el0.scrollTop, el0.scrollLeft]);
      }
    }

    /** v13 HandlebarsApplicationMixin#_syncPartState: focus the same field in the new part, restore the scrolls. */
    _syncPartState(partId, newElement, priorElement, state) {
      if (state.focus) newElement.querySelector(state.focus)?.focus();
      for (const [el, scrollTop, scrollLeft] of state.scrollPositions ?? []) Object.assign(el, { scrollTop, scrollLeft });
    }
  }
  return HandlebarsApplication;
}

/* =========================================== DocumentSheetV2 ========================================== */

export class DocumentSheetV2 extends ApplicationV2 {
  static DEFAULT_OPTIONS = {
    id: "{id}",
    classes: ["sheet"],
    tag: "form",
    document: null,
    viewPermission: DOCUMENT_OWNERSHIP_LEVELS.LIMITED,
    editPermission: DOCUMENT_OWNERSHIP_LEVELS.OWNER,
    canCreate: false,
    sheetConfig: true,
    actions: {},
    form: { handler: DocumentSheetV2.#onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
    window: { controls: [] }
  };

  #document;

  constructor(options = {}) {
    super(options);
    this.#document = options.document;
  }

  _initializeApplicationOptions(options) {
    if (!options.document) throw new Error("A DocumentSheetV2 must be constructed with options.document");
    const opts = super._initializeApplicationOptions(options);
    opts.uniqueId = `${this.constructor.name}-${opts.document.uuid.replaceAll(".", "-")}`;
    return opts;
  }

  get document() {
    return this.#document;
  }

  get title() {
    const { constructor: cls, id, name, type } = this.document;
    const prefix = cls.hasTypeData && type && (type !== "base") ? CONFIG[cls.documentName].typeLabels?.[type] : cls.metadata.label;
    return `${game.i18n.localize(prefix ?? cls.metadata.label)}: ${name ?? id}`;
  }

  get isVisible() {
    return this.document.testUserPermission(game.user, this.options.viewPermission);
  }

  /** False for a locked compendium's documents, else the edit permission (v13). */
  get isEditable() {
    if (this.document.pack) {
      const pack = game.packs.get(this.document.pack);
      if (pack?.locked) return false;
    }
    return this.document.testUserPermission(game.user, this.options.editPermission);
  }

  _canRender(options) {
    if (!this.isVisible) {
      if (options.force) ui.notifications.warn(game.i18n.format("SHEETS.DocumentSheetPrivate", { type: this.document.documentName }));
      return false;
    }
    return undefined;
  }

  async _prepareContext(options) {
    const context = await super._prepareContext(options);
    const document = this.document;
    return Object.assign(context, { document, source: document._source, fields: document.schema.fields,
      editable: this.isEditable, user: game.user, rootId: this.id });
  }

  async _onFirstRender(context, options) {
    await super._onFirstRender(context, options);
    this.document.apps[this.id] = this;
  }

  async _onRender(context, options) {
    await super._onRender(context, options);
    if (!this.isEditable) this._toggleDisabled(true);
  }

  /** Disable every form control of the content (the window header stays usable). */
  _toggleDisabled(disabled) {
    const content = this.window.content;
    if (!content) return;
    for (const el of content.querySelectorAll("input, select, textarea, button")) el.disabled = disabled;
  }

  _onClose(options) {
    super._onClose(options);
    delete this.document.apps[this.id];
  }

  _processFormData(event, form, formData) {
    return expandObject(formData.object);
  }

  _prepareSubmitData(event, form, formData, updateData) {
    const submitData = this._processFormData(event, form, formData);
    if (updateData) mergeObject(submitData, updateData, { performDeletions: true });
    this.document.validate({ changes: deepClone(submitData), clean: true, strict: true });
    return submitData;
  }

  async _processSubmitData(event, form, submitData, options = {}) {
    await this.document.update(submitData, options);
  }

  static async #onSubmitDocumentForm(event, form, formData, options = {}) {
    if (!this.isEditable) return;
    const { updateData, ...updateOptions } = options;
    const submitData = this._prepareSubmitData(event, form, formData, updateData);
    await this._processSubmitData(event, form, submitData, updateOptions);
  }
}

/* ============================================= ActorSheetV2 =========================================== */

export class ActorSheetV2 extends DocumentSheetV2 {
  static DEFAULT_OPTIONS = { position: { width: 600 } };

  get actor() {
    return this.document;
  }

  get token() {
    return null;
  }

  static #DRAG_SELECTOR = "[data-item-id], [data-effect-id]";

  /** Drag and drop listeners are bound once on the frame; each render marks the rows draggable. */
  async _onFirstRender(context, options) {
    await super._onFirstRender(context, options);
    new DragDrop.implementation({
      dragSelector: ActorSheetV2.#DRAG_SELECTOR, dropSelector: null,
      permissions: { dragstart: this._canDragStart.bind(this), drop: this._canDragDrop.bind(this) },
      callbacks: { dragstart: this._onDragStart.bind(this), drop: this._onDrop.bind(this) }
    }).bind(this.element);
  }

  async _onRender(context, options) {
    await super._onRender(context, options);
    const draggable = this._canDragStart(ActorSheetV2.#DRAG_SELECTOR);
    for (const el of this.element.querySelectorAll(ActorSheetV2.#DRAG_SELECTOR)) el.draggable = draggable;
  }

  _canDragStart() {
    return this.isEditable;
  }

  _canDragDrop() {
    return this.isEditable;
  }

  _onDragStart(event) {
    const el = event.target.closest("[data-item-id], [data-effect-id]");
    let dragData = null;
    if (el?.dataset.itemId) dragData = this.actor.items.get(el.dataset.itemId)?.toDragData();
    else if (el?.dataset.effectId) dragData = this.actor.effects.get(el.dataset.effectId)?.toDragData();
    if (dragData) event.dataTransfer.setData("text/plain", JSON.stringify(dragData));
  }

  /** v13: read {type, uuid}, ask dropActorSheetData, resolve the document, dispatch by document type. */
  async _onDrop(event) {
    const data = TextEditor.getDragEventData(event);
    const allowed = Hooks.call("dropActorSheetData", this.actor, this, data);
    if (allowed === false) return null;
    const cls = getDocumentClass(data.type);
    if (!cls) return null;
    const document = await cls.fromDropData(data);
    if (!document) return null;
    return this._onDropDocument(event, document);
  }

  async _onDropDocument(event, document) {
    switch (document.documentName) {
      case "ActiveEffect": return this._onDropActiveEffect(event, document);
      case "Actor": return this._onDropActor(event, document);
      case "Item": return this._onDropItem(event, document);
      default: return null;
    }
  }

  async _onDropItem(event, item) {
    if (!this.actor.isOwner) return null;
    if (this.actor.uuid === item.parent?.uuid) {
      const result = await this._onSortItem(event, item);
      return result?.length ? item : null;
    }
    const keepId = !this.actor.items.has(item.id);
    const result = await getDocumentClass("Item").create(item.toObject(), { parent: this.actor, keepId });
    return result ?? null;
  }

  async _onDropActiveEffect(event, effect) {
    if (!this.actor.isOwner) return null;
    if (effect.target === this.actor) return null;
    const keepId = !this.actor.effects.has(effect.id);
    return getDocumentClass("ActiveEffect").create(effect.toObject(), { parent: this.actor, keepId });
  }

  async _onDropActor() {
    return null;
  }

  /** Sorting within the sheet is not implemented by the harness (returns no updates). */
  async _onSortItem() {
    return [];
  }
}

export class ItemSheetV2 extends DocumentSheetV2 {
  static DEFAULT_OPTIONS = { position: { width: 480 } };

  get item() {
    return this.document;
  }

  get actor() {
    return this.document.actor;
  }
}

/* =============================================== DialogV2 ============================================= */

export class DialogV2 extends ApplicationV2 {
  static DEFAULT_OPTIONS = {
    id: "dialog-{id}",
    classes: ["dialog"],
    tag: "dialog",
    form: { closeOnSubmit: true },
    window: { frame: true, positioned: true, minimizable: false },
    buttons: [],
    content: "",
    modal: false,
    rejectClose: false
  };

  _initializeApplicationOptions(options) {
    const opts = super._initializeApplicationOptions(options);
    if (!opts.buttons.length) throw new Error("You must define at least one entry in options.buttons");
    opts.buttons = Object.fromEntries(opts.buttons.map(b => [b.action, b]));
    return opts;
  }

  async _renderHTML() {
    const form = document.createElement("form");
    form.className = "dialog-form standard-form";
    form.autocomplete = "off";
    const content = this.options.content;
    if (content) {
      const div = document.createElement("div");
      div.className = "dialog-content standard-form";
      if (content instanceof HTMLElement) div.append(content);
      else div.innerHTML = content;
      form.append(div);
    }
    const footer = document.createElement("footer");
    footer.className = "form-footer";
    footer.innerHTML = this._renderButtons();
    form.append(footer);
    form.addEventListener("submit", event => this._onSubmit(event.submitter, event));
    return form;
  }

  _renderButtons() {
    return Object.values(this.options.buttons).map(b => {
      const { action, label, icon, default: isDefault, class: cssClass = "", type = "submit" } = b;
      return `<button type="${type}" data-action="${escapeHTML(action)}" class="${escapeHTML(cssClass)}${isDefault ? " default" : ""}"`
        + `${isDefault ? " autofocus" : ""}>${icon ? `<i class="${escapeHTML(icon)}" inert></i>` : ""}`
        + `<span>${escapeHTML(game.i18n.localize(label ?? action))}</span></button>`;
    }).join("");
  }

  _replaceHTML(result, content) {
    content.replaceChildren(result);
  }

  async _onFirstRender(context, options) {
    await super._onFirstRender(context, options);
    this.element.addEventListener("cancel", event => {
      event.preventDefault();
      this.close();
    });
    if (this.options.modal) this.element.showModal();
    else this.element.show();
  }

  _onClickAction(event, target) {
    if ((target.type === "button") && (target.dataset.action in this.options.buttons)) this._onSubmit(target, event);
  }

  async _onSubmit(target, event) {
    event.preventDefault();
    const button = this.options.buttons[target?.dataset.action];
    const result = (await button?.callback?.(event, target, this)) ?? button?.action;
    await this.options.submit?.(result, this);
    return this.options.form.closeOnSubmit ? this.close({ submitted: true }) : this;
  }

  /** Resolve with the pressed button's callback result (or action); on dismissal null, or reject with rejectClose. */
  static async wait({ rejectClose = false, close, render, ...options } = {}) {
    return new Promise((resolve, reject) => {
      const originalSubmit = options.submit;
      options.submit = async (result, dialog) => {
        await originalSubmit?.(result, dialog);
        resolve(result);
      };
      const dialog = new this(options);
      dialog.addEventListener("close", event => {
        const result = close instanceof Function ? close(event, dialog) : undefined;
        if (rejectClose) reject(new Error("Dialog was dismissed without pressing a button."));
        else resolve(result ?? null);
      }, { once: true });
      if (render instanceof Function) dialog.addEventListener("render", event => render(event, dialog), { once: true });
      dialog.render({ force: true }).catch(reject);
    });
  }

  static async prompt({ ok = {}, ...options } = {}) {
    ok = { action: "ok", label: "Confirm", icon: "fa-solid fa-check", ...ok, default: true };
    return this.wait({ ...options, buttons: [ok] });
  }

  static async confirm({ yes = {}, no = {}, ...options } = {}) {
    yes = { action: "yes", label: "Yes", icon: "fa-solid fa-check", callback: () => true, ...yes };
    no = { action: "no", label: "No", icon: "fa-solid fa-xmark", default: true, callback: () => false, ...no };
    return this.wait({ ...options, buttons: [yes, no] });
  }

  static async input({ ok = {}, ...options } = {}) {
    ok = { callback: (event, button) => new FormDataExtended(button.form).object, ...ok };
    return this.prompt({ ok, ...options });
  }

  /** Show a dialog on another user's client through the core "dialog" query. */
  static async query(user, type, config = {}) {
    if (typeof user === "string") user = game.users.get(user);
    return user.query("dialog", { type, config });
  }

  static async _handleQuery({ type, config }) {
    if (!["prompt", "confirm", "wait", "input"].includes(type)) throw new Error(`Invalid DialogV2 query type "${type}"`);
    return DialogV2[type](config);
  }
}

/* ========================================== DocumentSheetConfig ======================================= */

export class DocumentSheetConfig {
  static registerSheet(documentClass, scope, sheetClass, { label, types, makeDefault = false, canBeDefault = true,
    canConfigure = true, themes = null } = {}) {
    const documentName = documentClass.documentName;
    const config = CONFIG[documentName];
    const id = `${scope}.${sheetClass.name}`;
    types ??= game.documentTypes?.[documentName] ?? ["base"];
    config.sheetClasses ??= {};
    for (const type of types) {
      const sheets = (config.sheetClasses[type] ??= {});
      if (makeDefault) for (const s of Object.values(sheets)) s.default = false;
      sheets[id] = { id, cls: sheetClass, label: label ?? id, default: makeDefault, canBeDefault, canConfigure, themes };
    }
  }

  static unregisterSheet(documentClass, scope, sheetClass, { types } = {}) {
    const config = CONFIG[documentClass.documentName];
    const id = `${scope}.${sheetClass.name}`;
    for (const [type, sheets] of Object.entries(config.sheetClasses ?? {})) {
      if (!types || types.includes(type)) delete sheets[id];
    }
  }
}

/* ================================================= UX ================================================= */

export class TextEditor {
  static get implementation() {
    return CONFIG.ux?.TextEditor ?? TextEditor;
  }

  /** Enrichment is the identity: links, rolls and secrets are not processed by the harness. */
  static async enrichHTML(content) {
    return String(content ?? "");
  }

  static getDragEventData(event) {
    if (!("dataTransfer" in event)) return {};
    try {
      return JSON.parse(event.dataTransfer.getData("text/plain"));
    } catch {
      return {};
    }
  }
}

/** v13 FormDataExtended: `.object` maps field names to typed values (numbers, booleans, arrays, null for empty numbers). */
export class FormDataExtended extends FormData {
  constructor(form, { dtypes = {}, disabled = false, readonly = true } = {}) {
    super();
    this.dtypes = dtypes;
    this.object = {};
    for (const el of form?.elements ?? []) {
      const name = el.name;
      if (!name || ["submit", "button", "reset"].includes(el.type)) continue;
      if (el.disabled && !disabled) continue;
      if (el.readOnly && !readonly) continue;
      const dtype = dtypes[name] ?? el.dataset.dtype;
      let value;
      if (el.type === "radio") {
        if (!el.checked) {
          if (!(name in this.object)) this.object[name] = null;
          continue;
        }
        value = FormDataExtended.#cast(el.value, dtype);
      } else if (el.type === "checkbox") value = el.checked;
      else if (el.tagName === "SELECT" && el.multiple) value = Array.from(el.selectedOptions, o => FormDataExtended.#cast(o.value, dtype));
      else if (["number", "range"].includes(el.type)) value = el.value === "" ? null : Number(el.value);
      else value = FormDataExtended.#cast(el.value, dtype);
      this.object[name] = value;
      this.set(name, typeof value === "string" ? value : JSON.stringify(value));
    }
  }

  static #cast(value, dtype) {
    switch (dtype) {
      case "Number": return value === "" ? null : Number(value);
      case "Boolean": return value === "true";
      case "JSON": return JSON.parse(value);
      default: return value;
    }
  }
}

/** v13 ux.DragDrop: binds dragstart/dragover/drop with permission checks and callbacks. */
export class DragDrop {
  constructor({ dragSelector = null, dropSelector = null, permissions = {}, callbacks = {} } = {}) {
    Object.assign(this, { dragSelector, dropSelector, permissions, callbacks });
  }

  static get implementation() {
    return CONFIG.ux?.DragDrop ?? DragDrop;
  }

  can(action, selector) {
    const fn = this.permissions[action];
    return fn ? fn(selector) : true;
  }

  bind(html) {
    if (this.dragSelector) {
      if (this.can("dragstart", this.dragSelector)) {
        for (const el of html.querySelectorAll(this.dragSelector)) el.draggable = true;
      }
      html.addEventListener("dragstart", event => {
        if (!event.target.closest?.(this.dragSelector)) return;
        if (this.can("dragstart", this.dragSelector)) this.callbacks.dragstart?.(event);
      });
    }
    const dropTarget = this.dropSelector ? html.querySelector(this.dropSelector) : html;
    dropTarget?.addEventListener("dragover", event => {
      event.preventDefault();
      this.callbacks.dragover?.(event);
    });
    dropTarget?.addEventListener("drop", event => {
      event.preventDefault();
      if (this.can("drop", this.dropSelector)) this.callbacks.drop?.(event);
    });
    return this;
  }
}

/** Identifiers only, so a system may pass them to unregisterSheet; rendering one is an error. */
class AppV1Sheet {
  constructor() {
    throw new Error("Application V1 sheets are not part of the harness stand-in");
  }
}
export const appv1 = { sheets: { ActorSheet: class ActorSheet extends AppV1Sheet {}, ItemSheet: class ItemSheet extends AppV1Sheet {} } };
