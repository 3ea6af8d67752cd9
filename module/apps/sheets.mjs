/**
 * Sheets (ApplicationV2 + Handlebars): the character record as the book lays it out, the street-profile NPC,
 * and one item sheet whose fields per type are generated from the catalogue's JSON Schemas.
 * Rulebook: Your character record; A record of your own; People on the street; Vehicle roster.
 * @module apps/sheets
 */
import { rememberChoices, restoreChoices } from "./keep-choices.mjs";
import { CATALOGUE_IDS, CONDITIONS, RULES, STAT_KEYS, SYSTEM_ID } from "../generated/rules.mjs";
import { shiftPanel } from "./shift-panel.mjs";
import { heatPanel } from "./heat-panel.mjs";
import { conditionEffects } from "../rules/check.mjs";
import { armourReduction, nextThreshold, repTier, statCap } from "../rules/record.mjs";
import { legalStatRaises, levelsAvailable, policeStopStart, renownRank, restoreInfluence, shopDiscountBreakdown,
  spendInfluence, stageAward } from "../rules/progression.mjs";
import { LevelUpApp } from "./level-up.mjs";
import { CharacterCreator } from "./creator.mjs";
import { requestGM } from "../documents/core/requests.mjs";
import { hasRecordedPerk } from "../documents/core/record.mjs";
import { systemApi } from "../documents/core/lookup.mjs";
import { makeFromKit } from "../documents/vehicle/vehicle.mjs";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;

// The fvtt-types mixin type is too deep for tsc (see shared notes/toolchain.md); cast to the sheet base.
const ActorBase = /** @type {typeof ActorSheetV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ActorSheetV2)));
const ItemBase = /** @type {typeof ItemSheetV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ItemSheetV2)));
/** @type {("weapon"|"armour"|"ammo"|"gear"|"outfit"|"consumable"|"drug")[]} */
const KIT_GROUPS = ["weapon", "armour", "ammo", "gear", "outfit", "consumable", "drug"];

/**
 * @template {Item.ConfiguredSubTypes} T
 * @typedef {object} ItemRow  An owned item as the actor sheets list it.
 * @property {string|null} id
 * @property {string} name
 * @property {Item.Implementation["img"]} img
 * @property {Item.SystemOfType<T>} system
 * @property {T} type
 * @property {{loaded: number, size: number, spare: number}|null} [magazine]  A weapon's, on the character sheet.
 */

/**
 * The Conditions the sheet can add: those not present, and those that count up while present (three Bruised become
 * Hurt: SmokeActor#addCondition counts each further one), labelled with the count they would reach.
 * @param {Actor.Implementation} actor
 * @param {Set<string>} statuses
 * @returns {{id: string, name: string}[]}
 */
function conditionChoices(actor, statuses) {
  return CONDITIONS.filter(c => !statuses.has(c.key) || c.becomes).map(c => {
    if (!statuses.has(c.key)) return { id: c.key, name: c.name };
    const count = Number(actor.getFlag(SYSTEM_ID, `count.${c.key}`) ?? 1);
    return { id: c.key, name: game.i18n.format("SMOKE.Record.conditionAgain", /** @type {object} */ ({ name: c.name,
      count: count + 1, of: c.becomes.count })) };
  });
}

/**
 * A number typed past its input's min or max is put back within them before the sheet submits it (the stored value
 * may not change, so no re-render would correct the field). Listens in the capture phase, ahead of the form's own
 * change handler.
 * @param {Event} event
 */
function clampNumberInput(event) {
  const input = /** @type {HTMLInputElement} */ (event.target);
  if (!(input instanceof HTMLInputElement) || input.type !== "number" || input.value === "") return;
  const value = Number(input.value);
  const min = input.min === "" ? -Infinity : Number(input.min);
  const max = input.max === "" ? Infinity : Number(input.max);
  if (Number.isFinite(value) && (value < min || value > max)) input.value = String(Math.min(Math.max(value, min), max));
}

/** Shared behaviour of every actor sheet: stat rolls, item controls, Conditions. */
class SmokeActorSheetBase extends ActorBase {
  static DEFAULT_OPTIONS = {
    classes: ["the-smoke", "sheet", "actor"],
    position: { width: 700, height: 780 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      rollStat: SmokeActorSheetBase.#onRollStat,
      openItem: SmokeActorSheetBase.#onOpenItem,
      deleteItem: SmokeActorSheetBase.#onDeleteItem,
      useItem: SmokeActorSheetBase.#onUseItem,
      makeFromKit: SmokeActorSheetBase.#onMakeFromKit,
      toggleWorn: SmokeActorSheetBase.#onToggleWorn,
      changeOutfit: SmokeActorSheetBase.#onChangeOutfit,
      addCondition: SmokeActorSheetBase.#onAddCondition,
      removeCondition: SmokeActorSheetBase.#onRemoveCondition,
      levelUp: SmokeActorSheetBase.#onLevelUp,
      openCreator: SmokeActorSheetBase.#onOpenCreator,
      addFaction: SmokeActorSheetBase.#onAddFaction,
      factionFavour: SmokeActorSheetBase.#onFactionFavour,
      factionJob: SmokeActorSheetBase.#onFactionJob,
      factionStage: SmokeActorSheetBase.#onFactionStage,
      awardAdvance: SmokeActorSheetBase.#onAwardAdvance,
      spendAdvance: SmokeActorSheetBase.#onSpendAdvance,
      awardXp: SmokeActorSheetBase.#onAwardXp
    }
  };

  /**
   * A choice not yet sent (a Condition to add, an advance's stat, a favour, a shift) survives a redraw
   * (apps/keep-choices.mjs). v13's own (focus, scroll) runs first; ActorBase is typed as ActorSheetV2 here, without the
   * Handlebars mixin's members, hence the call through the prototype.
   * @param {string} partId
   * @param {HTMLElement} newElement
   * @param {HTMLElement} priorElement
   * @param {any} state
   */
  _preSyncPartState(partId, newElement, priorElement, state) {
    Object.getPrototypeOf(SmokeActorSheetBase.prototype)._preSyncPartState?.call(this, partId, newElement, priorElement, state);
    rememberChoices(priorElement, state);
  }

  /**
   * @param {string} partId
   * @param {HTMLElement} newElement
   * @param {HTMLElement} priorElement
   * @param {any} state
   */
  _syncPartState(partId, newElement, priorElement, state) {
    Object.getPrototypeOf(SmokeActorSheetBase.prototype)._syncPartState?.call(this, partId, newElement, priorElement, state);
    restoreChoices(newElement, state);
  }

  /** @override */
  async _prepareContext(options) {
    const context = await super._prepareContext(options);
    const actor = this.document;
    const i18n = game.i18n;
    const statuses = actor.statuses ?? new Set();
    const effects = conditionEffects(statuses);
    return Object.assign(context, {
      actor, system: actor.system, editable: this.isEditable,
      stats: STAT_KEYS.map(key => ({
        key, name: i18n.localize(`SMOKE.Stat.${key}.name`), abbr: i18n.localize(`SMOKE.Stat.${key}.abbr`),
        die: actor.system.stats?.[key]?.die, mod: actor.system.stats?.[key]?.mod
      })),
      conditions: effects.applied.map(a => {
        const c = CONDITIONS.find(x => x.key === a.id);
        return { id: a.id, name: a.name, img: c.img, description: c.description, recovery: c.recovery,
          suppressedBy: a.suppressedBy?.length
            ? a.suppressedBy.map(id => CONDITIONS.find(x => x.key === id)?.name ?? id).join(", ") : null };
      }),
      conditionChoices: conditionChoices(actor, statuses),
      // Conditions are the GM's record (documents/core/condition-record.mjs): a player asks, the GM applies or ends them.
      conditionsEditable: this.isEditable && game.user.isGM,
      description: await foundry.applications.ux.TextEditor.implementation.enrichHTML(actor.system.description ?? "")
    });
  }

  /**
   * Item rows for a type, with the numbers a player needs at a glance.
   * @template {Item.ConfiguredSubTypes} T
   * @param {T} type
   * @returns {ItemRow<T>[]}
   */
  _itemRows(type) {
    // Filtered to `type`, so each row's type and system data are that type's.
    return /** @type {ItemRow<T>[]} */ (this.document.items.filter(i => i.type === type)
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
      .map(i => ({ id: i.id, name: i.name, img: i.img, system: i.system, type: i.type })));
  }

  /** @override */
  async _onFirstRender(context, options) {
    await super._onFirstRender(context, options);
    this.element.addEventListener("change", clampNumberInput, { capture: true });
  }

  /** @this {SmokeActorSheetBase} */
  static async #onRollStat(event, target) {
    await this.document.rollStat(target.dataset.stat, { skipDialog: event.shiftKey });
  }

  /** @this {SmokeActorSheetBase} */
  static #onOpenItem(event, target) {
    // An item's sheet is the system's SmokeItemSheet (ApplicationV2); fvtt-types also allows an AppV1 sheet or null.
    /** @type {{sheet: foundry.applications.api.ApplicationV2}|undefined} */ (
      this.document.items.get(target.closest("[data-item-id]").dataset.itemId))?.sheet.render({ force: true });
  }

  /** @this {SmokeActorSheetBase} */
  static async #onDeleteItem(event, target) {
    await this.document.items.get(target.closest("[data-item-id]").dataset.itemId)?.delete();
  }

  /** @this {SmokeActorSheetBase} */
  static async #onUseItem(event, target) {
    const item = this.document.items.get(target.closest("[data-item-id]").dataset.itemId);
    // A kit with a check (first aid) treats the one person the user targets, else the carrier (its write goes through
    // the GM either way).
    const targets = [...(game.user?.targets ?? [])].map(t => t.actor).filter(a => a && a.type !== "vehicle");
    const patient = targets.length === 1 ? targets[0] : null;
    try {
      await this.document.useItem(/** @type {Item.Implementation} the row's owned item */ (item),
        { patient, skipDialog: event.shiftKey });
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /**
   * Make an item into what it makes (the Jerry Can's three Petrol Bombs): the GM applies it from its record of the kit
   * (documents/vehicle/fuel.mjs).
   * @this {SmokeActorSheetBase}
   */
  static async #onMakeFromKit(event, target) {
    try {
      await makeFromKit(this.document, target.closest("[data-item-id]").dataset.itemId);
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /**
   * Wearing armour takes off any other worn suit: only one counts (rulebook: Damage); wearing an outfit takes off any
   * other worn outfit (one description at a time: Clobber and outfits); a Balaclava is worn over either (Tools and
   * gear). Which item is worn is the owner's choice (documents/core/kit-record.mjs FREE_FIELDS).
   * @this {SmokeActorSheetBase}
   */
  static async #onToggleWorn(event, target) {
    // The toggle is on the rows of owned armour, outfits and gear worn for its Heat (a Balaclava) only.
    const item = /** @type {Item.Implementation} */ (this.document.items.get(target.closest("[data-item-id]").dataset.itemId));
    const wear = !(/** @type {SmokeItemSystem} */ (item.system)).worn;
    const updates = [{ _id: item.id, "system.worn": wear }];
    if (wear && (item.type === "armour" || item.type === "outfit")) {
      for (const other of this.document.items) {
        if (other.type === item.type && other.id !== item.id
          && /** @type {SmokeItemSystem} */ (other.system).worn) updates.push({ _id: other.id, "system.worn": false });
      }
    }
    await this.document.updateEmbeddedDocuments("Item", updates);
  }

  /**
   * Change into an owned outfit out of sight (Clobber and outfits): asked of the GM, who checks its record, the Heat
   * and police sight (documents/heat/disguise.mjs).
   * @this {SmokeActorSheetBase}
   */
  static async #onChangeOutfit(event, target) {
    const itemId = target.closest("[data-item-id]").dataset.itemId;
    try {
      await requestGM("heat.outfit.change", { actorUuid: this.document.uuid, itemId });
    } catch (err) {
      ui.notifications.warn(/** @type {Error} */ (err).message);
    }
  }

  /** @this {SmokeActorSheetBase} */
  static async #onAddCondition(event, target) {
    const select = /** @type {HTMLSelectElement|null} */ (this.element.querySelector("select[name='newCondition']"));
    if (select?.value) await this.document.addCondition(select.value);
  }

  /** The faction row a control belongs to, and a copy of the factions array to change. */
  #faction(target) {
    const index = Number(target.closest("[data-faction]").dataset.faction);
    const factions = foundry.utils.deepClone(this.document.system.factions);
    return { index, factions, faction: factions[index] };
  }

  /** @this {SmokeActorSheetBase} */
  static async #onAddFaction() {
    const factions = [...this.document.system.factions, { name: game.i18n.localize("SMOKE.Faction.new"),
      renown: 0, influence: 0, stance: "open" }];
    await this.document.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.factions": factions }));
  }

  /**
   * Spend Influence on a favour (1 introduction, 2 access/equipment/lift, 4 major intervention).
   * @this {SmokeActorSheetBase}
   */
  static async #onFactionFavour(event, target) {
    const { factions, faction } = this.#faction(target);
    const favour = /** @type {HTMLSelectElement} */ (target.closest("[data-faction]").querySelector("select[data-favour]")).value;
    const result = spendInfluence(faction.influence, favour);
    if (!result.ok) {
      ui.notifications.warn(game.i18n.format("SMOKE.Faction.short", /** @type {object} */ ({ cost: result.cost,
        have: faction.influence })));
      return;
    }
    faction.influence = result.influence;
    await this.document.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.factions": factions }));
  }

  /**
   * A career job restores 1 Influence (a finale 2), up to the rank's cap.
   * @this {SmokeActorSheetBase}
   */
  static async #onFactionJob(event, target) {
    const { factions, faction } = this.#faction(target);
    faction.influence = restoreInfluence(faction.influence, faction.renown, { finale: target.dataset.finale === "true" }).influence;
    await this.document.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.factions": factions }));
  }

  /**
   * Completing the next career stage awards its Renown.
   * @this {SmokeActorSheetBase}
   */
  static async #onFactionStage(event, target) {
    const { factions, faction } = this.#faction(target);
    const stage = (faction.stagesDone ?? 0) + 1;
    if (stage > RULES.renown.careerStages.length) return;
    faction.renown += stageAward(stage);
    faction.stagesDone = stage;
    await this.document.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.factions": factions }));
  }

  /**
   * GM: award an advance (rulebook: Advances).
   * @this {SmokeActorSheetBase}
   */
  static async #onAwardAdvance() {
    if (!game.user.isGM) return;
    await this.document.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.advances": /** @type {CharacterSystem} */ (this.document.system).advances + 1 }));
  }

  /**
   * Spend an advance: one stat one step within the current cap (the GM applies it from its record).
   * @this {SmokeActorSheetBase}
   */
  static async #onSpendAdvance() {
    const sys = this.document.system;
    const key = /** @type {HTMLSelectElement} */ (this.element.querySelector("select[data-advance]"))?.value;
    if (!sys.advances || !key) return;
    try {
      await requestGM("advance.spend", { actorUuid: this.document.uuid, stat: key });
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /** @this {SmokeActorSheetBase} */
  static #onOpenCreator() {
    new CharacterCreator({ actor: this.document }).render({ force: true });
  }

  /** @this {SmokeActorSheetBase} */
  static #onLevelUp() {
    new LevelUpApp({ actor: this.document }).render({ force: true });
  }

  /**
   * GM: XP is awarded on the GM Screen's Rewards (the one place); this opens it for this character.
   * @this {SmokeActorSheetBase}
   */
  static #onAwardXp() {
    systemApi().apps.GMScreen.openRewardsFor(/** @type {string} */ (this.document.id)); // a sheet shows a stored actor
  }

  /** @this {SmokeActorSheetBase} */
  static async #onRemoveCondition(event, target) {
    await this.document.removeCondition(target.closest("[data-condition]").dataset.condition);
  }
}

/** The character record (rulebook: Your character record; A record of your own). */
export class CharacterSheet extends SmokeActorSheetBase {
  static PARTS = { body: { template: "systems/the-smoke/templates/actor/character-sheet.hbs" } };

  /**
   * Faction rows are named `system.factions.<i>.<field>`; an ArrayField is updated whole, so turn the indexed
   * object the form gives into the full array (other rows unchanged).
   * @override
   */
  _processFormData(event, form, formData) {
    /** @type {{system?: {factions?: Record<string, {renown?: number|string, influence?: number|string}>|unknown[]}}} */
    const data = super._processFormData(event, form, formData);
    const edits = data.system?.factions;
    if (data.system && edits && !Array.isArray(edits)) {
      const factions = foundry.utils.deepClone(/** @type {CharacterSystem} */ (this.document.system).factions);
      for (const [i, row] of Object.entries(edits)) {
        if (factions[Number(i)]) Object.assign(factions[Number(i)], row, { renown: Number(row.renown ?? factions[Number(i)].renown),
          influence: Number(row.influence ?? factions[Number(i)].influence) });
      }
      data.system.factions = factions;
    }
    return data;
  }

  /** @override */
  async _prepareContext(options) {
    const context = await super._prepareContext(options);
    // Registered for character actors only (the-smoke.mjs).
    const sys = /** @type {Actor.SystemOfType<"character">} */ (this.document.system);
    const level = sys.rep.level;
    const kit = KIT_GROUPS.map(type => ({ type, label: game.i18n.localize(`TYPES.Item.${type}`), items: this._itemRows(type) }))
      .filter(g => g.items.length);
    const ammo = this._itemRows("ammo");
    for (const weapon of kit.find(g => g.type === "weapon")?.items ?? []) {
      const mag = weapon.system.magazine;
      weapon.magazine = mag?.size ? { loaded: mag.loaded, size: mag.size,
        spare: ammo.filter(a => a.system.ammoType === mag.ammoType).reduce((n, a) => n + a.system.quantity, 0) } : null;
    }
    const cap = statCap(level);
    return Object.assign(context, {
      kit,
      perks: this._itemRows("perk").map(p => ({ ...p,
        statName: game.i18n.localize(`SMOKE.Stat.${p.system.stat}.name`) })),
      backgroundName: await backgroundName(sys.details.background),
      backgroundItems: this._itemRows("background"),
      tier: game.i18n.localize(`SMOKE.Tier.${repTier(level).id}`),
      statCap: cap,
      nextXp: nextThreshold(level),
      armourReduction: armourReduction([...this.document.items]), // the one worn armour entry's (rules/record.mjs wornSuit)
      heatPanel: heatPanel(this.actor),
      heatStars: Array.from({ length: RULES.heat.max }, (_, i) => ({ n: i + 1, lit: i + 1 <= sys.heat })),
      heatMax: RULES.heat.max,
      minimumAge: RULES.creation.minimumAge,
      levelsAvailable: levelsAvailable(level, sys.rep.xp),
      blank: this.document.items.size === 0 && this.isEditable,
      factions: sys.factions.map((f, i) => {
        const rank = renownRank(f.renown);
        return { index: i, ...f, rank: rank.rank, cap: rank.influenceCap,
          stances: RULES.renown.stances.map(st => ({ id: st.id, label: st.label, selected: st.id === f.stance })),
          nextStage: (f.stagesDone ?? 0) < RULES.renown.careerStages.length ? (f.stagesDone ?? 0) + 1 : null };
      }),
      favours: RULES.renown.influence.costs,
      unlocks: RULES.rep.unlocks.filter(u => u.rep <= level),
      advanceChoices: legalStatRaises(Object.fromEntries(Object.entries(sys.stats).map(([k, v]) => [k, v.die])), cap)
        .map(k => ({ key: k, name: game.i18n.localize(`SMOKE.Stat.${k}.name`) })),
      relationshipNotes: relationshipNotes(this.document, sys),
      isGM: game.user.isGM,
      reconciliation: sys.reconciliation ?? [],
      shiftPanel: shiftPanel(this.document)
    });
  }
}

/** The printed name of a background catalogue key (the record stores the key). */
async function backgroundName(key) {
  const id = key ? /** @type {Record<string, Record<string, string> | undefined>} */ (CATALOGUE_IDS).backgrounds?.[key] : null;
  if (!id) return key ?? "";
  const index = await /** @type {CompendiumCollection.Any | undefined} */ (game.packs.get(`${SYSTEM_ID}.backgrounds`))?.getIndex();
  return index?.get(id)?.name ?? key;
}

/** What the relationship counters unlock (rulebook: Relationship counters; Discounts). */
function relationshipNotes(actor, sys) {
  const i18n = game.i18n;
  const who = { street: sys.relationships.street, crew: sys.relationships.crew,
    wideBoy: hasRecordedPerk(actor, "wide-boy") };
  const shops = shopDiscountBreakdown({ ...who, shop: "shops" }).percent;
  const pat = shopDiscountBreakdown({ ...who, shop: "pat" }).percent;
  return [
    policeStopStart(sys.relationships.police) ? i18n.localize("SMOKE.Record.policeStops") : null,
    shops || pat ? i18n.format("SMOKE.Record.discounts", /** @type {object} */ ({ shops, pat, cap: shopDiscountBreakdown(who).cap })) : null
  ].filter(Boolean);
}

/** A street-profile NPC (rulebook: People on the street). */
export class NpcSheet extends SmokeActorSheetBase {
  static PARTS = { body: { template: "systems/the-smoke/templates/actor/npc-sheet.hbs" } };

  /** @override */
  async _prepareContext(options) {
    const context = await super._prepareContext(options);
    return Object.assign(context, {
      kit: KIT_GROUPS.flatMap(type => this._itemRows(type))
    });
  }
}

/** A motor's record lives in its own module (apps/vehicle-sheet.mjs); re-exported for the entry module. */
export { VehicleSheet } from "./vehicle-sheet.mjs";

/** Any item: its printed text and its type's fields (generated from the catalogue's schemas). */
export class SmokeItemSheet extends ItemBase {
  static DEFAULT_OPTIONS = {
    classes: ["the-smoke", "sheet", "item"],
    position: { width: 520, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/item/item-sheet.hbs" } };

  /** @override */
  async _prepareContext(options) {
    const context = await super._prepareContext(options);
    const item = this.document;
    // A character's kit is the GM's record (documents/core/kit-record.mjs): its owner keeps the name and the words.
    const record = !game.user.isGM && item.parent?.type === "character" && !item.parent?.isToken;
    return Object.assign(context, {
      item, system: item.system, editable: this.isEditable && !record, nameEditable: this.isEditable,
      fieldsPartial: `${SYSTEM_ID}.item-fields-${item.type}`,
      typeLabel: game.i18n.localize(`TYPES.Item.${item.type}`),
      // Every item type of the system has a description (ItemData).
      description: await foundry.applications.ux.TextEditor.implementation.enrichHTML(
        /** @type {Item.SystemOfType<Item.ConfiguredSubTypes>} */ (item.system).description ?? "")
    });
  }
}
