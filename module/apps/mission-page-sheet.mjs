/**
 * The mission page's sheet: how core's journal window shows a `mission` page (issue 23 B2). v13's journal entry sheet
 * renders every page through the page type's registered sheet (`JournalEntrySheet#getPageSheet` reads
 * `page._getSheetClass().isV2`), so a page type without one stops the whole entry from opening. dnd5e 5.3.3 registers a
 * `JournalEntryPageHandlebarsSheet` subclass for each of its page types (`dnd5e.mjs`: class, map, rule, spells); this
 * is ours for `mission`:
 * - **view** (the journal window, a player's or the GM's): the terms in words — client, fee, XP, deadline, mode,
 *   objectives, obligations, claimants — and the briefing (HTML the server cleaned: system.json `htmlFields`);
 * - **edit** (the GM's *Edit page*): core's page header (name) and the terms as the Mission Board's form writes them
 *   (documents/missions/terms-form.mjs); *Save* updates the page, and the data model refuses bad terms in words, the
 *   page keeping its old ones. A player's edit is refused by the server (a page is written by its OWNER).
 * @module apps/mission-page-sheet
 */
import { fieldsFromTerms, termsFromFields } from "../documents/missions/terms-form.mjs";
import { feeLabel } from "./mission-board.mjs";
import { mmss } from "./countdown.mjs";
import { missionTerms } from "../data/mission-page.mjs";

const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));
const { JournalEntryPageHandlebarsSheet } = foundry.applications.sheets.journal;
/**
 * Core's base class; its static EDIT_PARTS / VIEW_PARTS (core v13 journal-entry-page-hbs-sheet.mjs) are not in
 * fvtt-types 13.345's stub.
 */
const Base = /** @type {typeof JournalEntryPageHandlebarsSheet & {EDIT_PARTS: Record<string, any>}} */ (
  JournalEntryPageHandlebarsSheet);
const TEMPLATES = "systems/the-smoke/templates/journal";

/**
 *
 */
export class MissionPageSheet extends Base {
  static DEFAULT_OPTIONS = { classes: ["the-smoke", "smoke-mission-page"], form: { submitOnChange: false } };

  /** Core's page header (name) and footer (save), with the terms between them. */
  static EDIT_PARTS = { header: Base.EDIT_PARTS.header, terms: { template: `${TEMPLATES}/mission-edit.hbs` },
    footer: Base.EDIT_PARTS.footer };

  static VIEW_PARTS = { content: { template: `${TEMPLATES}/mission-view.hbs` } };

  /**
   * The terms in words (view) and as the form's fields (edit).
   * @override
   */
  async _prepareContext(options) {
    const context = await super._prepareContext(options);
    const t = missionTerms(this.document);
    const records = (list, key) => (list ?? []).map(r => L(key, { who: r.who, what: r.what }));
    return Object.assign(context, {
      terms: { client: t.client, fee: feeLabel(t.fee), xp: `${t.xp} ${L("SMOKE.XP")}`,
        deadline: t.deadlineSeconds ? L("SMOKE.Mission.window", { time: mmss(t.deadlineSeconds) }) : null,
        mode: L(`SMOKE.Mission.modes.${t.selfPlay ? "selfPlay" : "story"}`),
        objectives: (t.objectives ?? []).map(o => o.label),
        obligations: records(t.obligations, "SMOKE.Mission.sheet.record"),
        claimants: records(t.claimants, "SMOKE.Mission.sheet.record"),
        briefing: await foundry.applications.ux.TextEditor.implementation.enrichHTML(t.briefing ?? "", { relativeTo: this.document }) },
      termFields: fieldsFromTerms(t),
      feeTypes: [{ value: "", label: "—" }, { value: "crewFee", label: L("SMOKE.GMScreen.crewFee") },
        { value: "perHead", label: L("SMOKE.GMScreen.perHead") }, { value: "patOrder", label: L("SMOKE.GMScreen.patOrder") }],
      modes: ["selfPlay", "story"].map(value => ({ value, label: L(`SMOKE.Mission.modes.${value}`) }))
    });
  }

  /**
   * The form's terms fields (`smoke.*`) become the page's `system`; core's header fields (name, title) pass through.
   * @override
   */
  _processFormData(event, form, formData) {
    /** @type {{smoke?: import("../documents/missions/terms-form.mjs").TermsFields, system?: unknown}} */
    const data = super._processFormData(event, form, formData);
    const fields = data.smoke ?? {};
    delete data.smoke;
    data.system = termsFromFields(fields, missionTerms(this.document).objectives ?? [], { briefing: true });
    return data;
  }
}
