/**
 * The world check window (issue 23): a GM opens it from *Configure Settings › The Smoke › World check* (a
 * `game.settings.registerMenu` button; v13's SettingsConfig constructs the menu's `type` with no options, fvtt-types
 * 13.345 `client/helpers/client-settings.d.mts`) and reads what the system registered in this world against its
 * manifest and its own expectations (documents/core/world-check.mjs): "Nothing missing", or each missing item in words.
 * Needs no set-up; it writes nothing.
 * @module apps/world-check
 */
import { worldCheck } from "../documents/core/world-check.mjs";
import { SYSTEM_ID } from "../generated/rules.mjs";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
const Base = /** @type {typeof ApplicationV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ApplicationV2)));
const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/** @extends {Base<Record<string, unknown>>} */
export class WorldCheckApp extends Base {
  static DEFAULT_OPTIONS = { classes: ["the-smoke", "smoke-world-check-app"], window: { title: "SMOKE.WorldCheck.title", resizable: true },
    position: { width: 680, height: 720 }, actions: { recheck: WorldCheckApp.#onRecheck } };

  static PARTS = { body: { template: "systems/the-smoke/templates/apps/world-check.hbs", scrollable: [""] } };

  /** The report in words. */
  async _prepareContext() {
    const report = worldCheck();
    const word = (item, problem, have) => L(`SMOKE.WorldCheck.problem.${problem}`, { item, have });
    return {
      summary: report.missing.length ? L("SMOKE.WorldCheck.someMissing", { n: String(report.missing.length), of: String(report.checked) })
        : L("SMOKE.WorldCheck.nothingMissing", { of: String(report.checked) }),
      missing: report.missing.map(m => word(m.item, m.problem, report.sections.find(s => s.id === m.section)
        ?.rows.find(r => r.item === m.item)?.have ?? "")),
      sections: report.sections.map(s => ({ id: s.id, label: L(`SMOKE.WorldCheck.section.${s.id}`),
        rows: s.rows.map(r => ({ item: r.item, have: r.have, ok: !r.problems.length,
          status: r.problems.length ? r.problems.map(p => word(r.item, p, r.have)).join("; ") : L("SMOKE.WorldCheck.ok") })) }))
    };
  }

  /** @this {WorldCheckApp} */
  static #onRecheck() {
    void this.render();
  }
}

/** The settings-menu button (init; GM only: `restricted`). */
export function registerWorldCheck() {
  game.settings.registerMenu(SYSTEM_ID, "worldCheck", { name: "SMOKE.WorldCheck.title", label: "SMOKE.WorldCheck.open",
    hint: "SMOKE.WorldCheck.hint", icon: "fa-solid fa-stethoscope", type: WorldCheckApp, restricted: true });
}
