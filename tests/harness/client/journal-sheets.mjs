/**
 * The core journal sheets (TEST DOUBLE of `foundry.applications.sheets.journal` in v13), only as far as a page type
 * needs them to open: a JournalEntry's sheet shows each page through the page's own sheet, as v13 does, so a page type
 * with no registered sheet breaks the entry's window exactly where core's breaks. Read from core v13
 * `client/applications/sheets/journal/journal-entry-sheet.mjs`, `journal-entry-page-sheet.mjs` and
 * `journal-entry-page-hbs-sheet.mjs` (code index):
 * - **JournalEntrySheet**: `_configureRenderOptions` calls `_preparePageData`, which asks `isPageVisible(page)` →
 *   `getPageSheet(page)` for every page → `page._getSheetClass()` and then `sheetClass.isV2` with no null check (a page
 *   type without a sheet throws a TypeError and the entry does not render). A visible page is rendered by its sheet in
 *   view mode (`{id: "{id}-view", tag: "div", document, mode: "view", window: {frame: false, positioned: false}}`),
 *   appended into `.journal-entry-page[data-page-id]`, with an `editPage` button when that sheet `isEditable`;
 *   `editPage` opens `page.sheet` (edit mode). The entry's own `viewPermission` is NONE (pages filter themselves).
 * - **JournalEntryPageSheet** (DocumentSheetV2): `mode: "edit"`, `viewPermission: OBSERVER`, `form.submitOnChange: true`,
 *   `static isV2 = true`, `isView` (`options.mode === "view"`), `page`; a frameless sheet is not inserted into the page.
 * - **JournalEntryPageHandlebarsSheet** (HandlebarsApplicationMixin of it): `EDIT_PARTS` `{header:
 *   templates/journal/parts/page-header.hbs, footer: templates/journal/parts/page-footer.hbs}`, `VIEW_PARTS` `{}`;
 *   `_configureRenderParts` picks one by `isView`; `_preparePartContext` calls `_prepareHeaderContext`,
 *   `_prepareFooterContext` (a submit button, JOURNAL.Submit) and `_prepareContentContext`.
 * - Core's page sheets for its own types (text, image, pdf, video; the v13 API hierarchy of JournalEntryPageHandlebarsSheet:
 *   https://foundryvtt.com/api/classes/foundry.applications.sheets.journal.JournalEntryPageHandlebarsSheet.html), here
 *   one minimal view each (text shows `text.content`; image, pdf and video their `src`).
 * Not modelled: single-page mode, the sidebar and table of contents, categories, search, headings, AppV1 page sheets.
 */
import { DOCUMENT_OWNERSHIP_LEVELS } from "./constants.mjs";
import { DocumentSheetV2, HandlebarsApplicationMixin } from "./applications.mjs";
import { deepClone, escapeHTML } from "./utils.mjs";

const LEVELS = DOCUMENT_OWNERSHIP_LEVELS;

/* ======================================== JournalEntryPageSheet ======================================= */

export class JournalEntryPageSheet extends DocumentSheetV2 {
  static DEFAULT_OPTIONS = {
    classes: ["journal-sheet", "journal-entry-page"],
    includeTOC: false,
    mode: "edit",
    viewPermission: LEVELS.OBSERVER,
    viewClasses: [],
    window: { resizable: true },
    position: { width: 600, height: 680 },
    form: { submitOnChange: true }
  };

  static isV2 = true;

  isV2 = this.constructor.isV2;

  /** @returns {boolean} Is the sheet in view mode? */
  get isView() {
    return this.options.mode === "view";
  }

  get page() {
    return this.document;
  }

  /** A frameless (embedded) page sheet is placed by its parent view, not inserted into the page. */
  _insertElement(element) {
    if (this.options.window.frame) super._insertElement(element);
  }

  async _prepareContext(options) {
    const context = await super._prepareContext(options);
    const { name, title, uuid } = this.page;
    return Object.assign(context, { name, title, uuid });
  }
}

/* ==================================== JournalEntryPageHandlebarsSheet ================================== */

export class JournalEntryPageHandlebarsSheet extends HandlebarsApplicationMixin(JournalEntryPageSheet) {
  static EDIT_PARTS = {
    header: { template: "templates/journal/parts/page-header.hbs" },
    footer: { template: "templates/journal/parts/page-footer.hbs", classes: ["journal-footer", "flexrow"] }
  };

  static VIEW_PARTS = {};

  _configureRenderParts() {
    return deepClone(this.isView ? this.constructor.VIEW_PARTS : this.constructor.EDIT_PARTS);
  }

  async _prepareContentContext() {}

  async _prepareHeaderContext(context) {
    context.headingLevels = { 1: "1", 2: "2", 3: "3" };
  }

  async _prepareFooterContext(context) {
    context.buttons = [{ type: "submit", cssClass: "", icon: "fa-solid fa-feather-pointed", label: "JOURNAL.Submit" }];
  }

  async _preparePartContext(partId, context, options) {
    context = await super._preparePartContext(partId, context, options);
    if (partId === "header") await this._prepareHeaderContext(context, options);
    else if (partId === "footer") await this._prepareFooterContext(context, options);
    else if (partId === "content") await this._prepareContentContext(context, options);
    return context;
  }
}

/* ============================== Core page sheets for the core page types =============================== */

/** A core page type's view: one element built from the page (no core templates in the stand-in). */
function coreViewSheet(name, view) {
  const cls = { [name]: class extends JournalEntryPageHandlebarsSheet {
    static VIEW_PARTS = {};
    async _renderHTML(context, options) {
      if (!this.isView) return super._renderHTML(context, options);
      const el = document.createElement("section");
      el.className = "journal-page-content";
      el.dataset.applicationPart = "content";
      el.innerHTML = view(this.page);
      return { content: el };
    }
    _configureRenderParts(options) {
      return this.isView ? {} : super._configureRenderParts(options);
    }
  } }[name];
  return cls;
}

export const JournalEntryPageTextSheet = coreViewSheet("JournalEntryPageTextSheet", page => page.text?.content ?? "");
export const JournalEntryPageImageSheet = coreViewSheet("JournalEntryPageImageSheet",
  page => `<img src="${escapeHTML(page.src ?? "")}" alt="${escapeHTML(page.name)}">`);
export const JournalEntryPagePDFSheet = coreViewSheet("JournalEntryPagePDFSheet",
  page => `<a href="${escapeHTML(page.src ?? "")}">${escapeHTML(page.name)}</a>`);
export const JournalEntryPageVideoSheet = coreViewSheet("JournalEntryPageVideoSheet",
  page => `<video src="${escapeHTML(page.src ?? "")}" controls></video>`);

/** Core's page sheet per core page type, registered as "core" defaults before the system's init (as v13). */
export const CORE_PAGE_SHEETS = Object.freeze({ text: JournalEntryPageTextSheet, image: JournalEntryPageImageSheet,
  pdf: JournalEntryPagePDFSheet, video: JournalEntryPageVideoSheet });

/* =========================================== JournalEntrySheet ========================================= */

export class JournalEntrySheet extends DocumentSheetV2 {
  static DEFAULT_OPTIONS = {
    classes: ["journal-sheet", "journal-entry"],
    viewPermission: LEVELS.NONE,
    window: { resizable: true },
    position: { width: 960, height: 800 },
    actions: { editPage: JournalEntrySheet.#onEditPage }
  };

  /** Page sheets by page id (v13 `#sheets`). */
  #sheets = {};

  /** The visible pages of the current render: {id: {id, name, editable}}. */
  _pages = {};

  get entry() {
    return this.document;
  }

  /**
   * v13 getPageSheet: the page's sheet in view mode. A page whose type has no registered sheet throws here, as core's
   * `sheetClass.isV2` does on a null sheet class.
   */
  getPageSheet(page) {
    if (typeof page === "string") page = this.entry.pages.get(page);
    const sheetClass = page._getSheetClass();
    let sheet = this.#sheets[page.id];
    if (sheet?.constructor !== sheetClass) {
      if (sheetClass.isV2) {
        sheet = new sheetClass({ id: "{id}-view", tag: "div", document: page, mode: "view",
          window: { frame: false, positioned: false } });
      } else throw new Error("The harness does not render AppV1 journal page sheets");
      this.#sheets[page.id] = sheet;
    }
    return sheet;
  }

  isPageVisible(page) {
    return this.getPageSheet(page.id).isVisible;
  }

  /** v13: the pages are prepared (and their sheets looked up) at the start of every render. */
  _configureRenderOptions(options) {
    this._pages = this._preparePageData();
    super._configureRenderOptions(options);
  }

  _preparePageData() {
    const pages = this.entry.pages.contents.filter(p => this.isPageVisible(p)).sort((a, b) => a.sort - b.sort);
    return Object.fromEntries(pages.map(p => [p.id, { id: p.id, name: p.name, type: p.type,
      editable: this.getPageSheet(p).isEditable, showTitle: p.title?.show !== false }]));
  }

  async _renderHTML() {
    const container = document.createElement("div");
    container.className = "journal-entry-pages";
    for (const page of Object.values(this._pages)) {
      const article = document.createElement("article");
      article.className = `journal-entry-page ${page.type}`;
      article.dataset.pageId = page.id;
      if (page.showTitle) article.innerHTML = `<header class="journal-page-header"><h1>${escapeHTML(page.name)}</h1></header>`;
      container.append(article);
    }
    return container;
  }

  _replaceHTML(result, content) {
    content.replaceChildren(result);
  }

  async _onRender(context, options) {
    await super._onRender(context, options);
    for (const page of Object.values(this._pages)) {
      const element = this.element.querySelector(`.journal-entry-page[data-page-id="${page.id}"]`);
      const sheet = this.getPageSheet(page.id);
      await sheet.render({ force: true });
      sheet.element.removeAttribute("class");
      element.append(sheet.element);
      if (page.editable) {
        element.insertAdjacentHTML("beforeend", `<div class="edit-container"><button type="button"
          class="icon fa-solid fa-pen-to-square" data-action="editPage"
          aria-label="${escapeHTML(game.i18n.localize("JOURNAL.EditPage"))}"></button></div>`);
      }
    }
  }

  _onClose(options) {
    super._onClose(options);
    for (const sheet of Object.values(this.#sheets)) sheet.close();
  }

  /** v13 `editPage`: the page's own sheet (edit mode). */
  static #onEditPage(event, target) {
    const id = target.closest("[data-page-id]")?.dataset.pageId;
    return this.entry.pages.get(id)?.sheet.render({ force: true });
  }
}
