/**
 * Journal entries and their pages (TEST DOUBLE of the Foundry VTT v13 slice): the JournalEntry document (name, pages,
 * categories, folder, sort, ownership, flags) with embedded JournalEntryPage documents (name, type, system, title,
 * text, src, category, sort, ownership, flags), and `game.journal`. A page's `type` is a core type (text, image, pdf,
 * video) or one of the system's `documentTypes.JournalEntryPage` (bare, as v13 names a system's sub-types); its
 * `system` is the TypeDataModel in CONFIG.JournalEntryPage.dataModels. No journal sheet is rendered.
 * Permissions (world.mjs, as v13 BaseJournalEntry / BaseJournalEntryPage): a GM creates entries; a page's level is its
 * own `ownership` (INHERIT, the default, takes the entry's); writing a page needs OWNER of it.
 */
import { DocumentIdField, NumberField, ObjectField, SchemaField, StringField, ArrayField, BooleanField,
  TypeDataField } from "./data.mjs";
import { ClientDocument, EmbeddedCollectionField, WorldCollection } from "./documents.mjs";
import { DOCUMENT_OWNERSHIP_LEVELS } from "./constants.mjs";

const LEVELS = DOCUMENT_OWNERSHIP_LEVELS;
/** v13 core JournalEntryPage types. */
export const CORE_PAGE_TYPES = Object.freeze(["text", "image", "pdf", "video"]);

export class JournalEntry extends ClientDocument {
  static metadata = Object.freeze({ name: "JournalEntry", collection: "journal", label: "DOCUMENT.JournalEntry",
    embedded: { JournalEntryPage: "pages" }, hasTypeData: false });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      pages: new EmbeddedCollectionField("JournalEntryPage"),
      categories: new ArrayField(new ObjectField()),
      folder: new StringField({ nullable: true, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: new ObjectField({ initial: { default: 0 } }),
      flags: new ObjectField(),
      _stats: new ObjectField()
    };
  }
}

export class JournalEntryPage extends ClientDocument {
  static metadata = Object.freeze({ name: "JournalEntryPage", collection: "pages", label: "DOCUMENT.JournalEntryPage",
    embedded: {}, hasTypeData: true, isEmbedded: true });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      type: new StringField({ required: true, blank: false, initial: "text",
        choices: () => globalThis.game?.documentTypes?.JournalEntryPage ?? CORE_PAGE_TYPES }),
      system: new TypeDataField("JournalEntryPage"),
      title: new SchemaField({ show: new BooleanField({ initial: true }),
        level: new NumberField({ required: true, integer: true, min: 1, max: 6, initial: 1 }) }),
      text: new SchemaField({ content: new StringField({ blank: true, nullable: true, initial: null }),
        markdown: new StringField({ blank: true, nullable: true, initial: null }),
        format: new NumberField({ required: true, integer: true, initial: 1 }) }),
      image: new ObjectField(),
      video: new ObjectField(),
      src: new StringField({ nullable: true, initial: null }),
      category: new StringField({ nullable: true, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: new ObjectField({ initial: { default: LEVELS.INHERIT } }),
      flags: new ObjectField(),
      _stats: new ObjectField()
    };
  }

  /** v13 JournalEntryPage#getUserLevel: the page's own ownership; INHERIT (or none) takes the entry's. */
  getUserLevel(user = globalThis.game.user) {
    if (!user) return LEVELS.NONE;
    if (this.pack || user.isGM) return super.getUserLevel(user);
    const ownership = this._source.ownership ?? {};
    const own = ownership[user.id] ?? ownership.default ?? LEVELS.INHERIT;
    return own === LEVELS.INHERIT ? (this.parent?.getUserLevel(user) ?? LEVELS.NONE) : own;
  }
}

/** game.journal (v13 Journal). */
export class Journal extends WorldCollection {
  static documentName = "JournalEntry";
}
