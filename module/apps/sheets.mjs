/**
 * Minimal v13 sheets (ApplicationV2 + Handlebars): every actor and item opens and shows its record. The full
 * character sheet with the roll dialog comes with the sheets-and-checks work; this keeps the system usable.
 * @module apps/sheets
 */

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;

// The fvtt-types mixin type is too deep for tsc (see shared notes/toolchain.md); cast to the sheet base.
const ActorBase = /** @type {typeof ActorSheetV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ActorSheetV2)));
const ItemBase = /** @type {typeof ItemSheetV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ItemSheetV2)));

/** An actor's record: identity, the nine stat dice (character, NPC) or the motor's numbers, and its items. */
export class SmokeActorSheet extends ActorBase {
  static DEFAULT_OPTIONS = {
    classes: ["the-smoke", "sheet", "actor"],
    position: { width: 620, height: 720 },
    window: { resizable: true }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/actor/actor-sheet.hbs" } };

  /** @override */
  async _prepareContext(options) {
    const context = await super._prepareContext(options);
    const actor = this.document;
    return Object.assign(context, {
      actor,
      system: actor.system,
      isVehicle: actor.type === "vehicle",
      items: actor.items.contents.sort((a, b) => a.sort - b.sort),
      description: await foundry.applications.ux.TextEditor.implementation.enrichHTML(actor.system.description ?? "")
    });
  }
}

/** An item's printed text and type. */
export class SmokeItemSheet extends ItemBase {
  static DEFAULT_OPTIONS = {
    classes: ["the-smoke", "sheet", "item"],
    position: { width: 480, height: 420 },
    window: { resizable: true }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/item/item-sheet.hbs" } };

  /** @override */
  async _prepareContext(options) {
    const context = await super._prepareContext(options);
    const item = this.document;
    return Object.assign(context, {
      item,
      system: item.system,
      typeLabel: game.i18n.localize(`TYPES.Item.${item.type}`),
      description: await foundry.applications.ux.TextEditor.implementation.enrichHTML(item.system.description ?? "")
    });
  }
}
