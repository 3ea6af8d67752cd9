/**
 * TypeDataModels of every Item type (DESIGN.md §4). The compendium content comes from packs-src/ through the
 * build (tools/the_smoke/compile.py), which fills exactly these fields.
 * @module data/items
 */
import { bool, choice, count, die, html, int, list, price, schema, str, STAT_KEYS } from "./fields.mjs";
import { CONDITIONS as CONDITION_DATA, RULES, RANGE_BANDS } from "../generated/rules.mjs";

const { TypeDataModel } = foundry.abstract;
// The ids come from the catalogue (packs-src/conditions, rules/difficulty.yml, rules/outcomes.yml).
const CONDITIONS = CONDITION_DATA.map(c => c.key);
const BANDS = RULES.difficulty.bands.map(b => b.id);
const OUTCOMES = RULES.outcomes.outcomes.map(o => o.id);
const condition = () => choice(CONDITIONS);
const statStep = () => schema({ stat: choice(STAT_KEYS), situation: str() }, { nullable: true, initial: null });
/** A tool for a named GM check (rules/gm-screen.mjs toolBand): bands easier or the band it sets, for some stats, when. */
const checkTool = () => schema({ check: str(), stats: list(choice(STAT_KEYS)),
  bands: new foundry.data.fields.NumberField({ required: true, nullable: true, integer: true, min: 0, initial: null }),
  band: choice(BANDS), when: new foundry.data.fields.StringField({ required: true, nullable: true, initial: null }) },
{ nullable: true, initial: null });

/*
 * Each schema below spreads its parent's by naming the parent class (`KitData.defineSchema()`) rather than
 * `super.defineSchema()`: the result is the same (no defineSchema reads `this`), but tsc cannot infer a schema
 * type through `super` in a class whose `@extends` depends on that schema (TS2310, "recursively references
 * itself"), and the system data of each item type (DataModelConfig in types/the-smoke.d.ts) comes from it.
 */

/**
 * Shared by every item: the printed text as HTML.
 * @template {foundry.data.fields.DataSchema} [Schema=ReturnType<typeof ItemData.defineSchema>]  A subclass's schema.
 * @extends {foundry.abstract.TypeDataModel<Schema, Item.Implementation>}
 */
class ItemData extends TypeDataModel {
  static defineSchema() {
    return { description: html() };
  }
}

/**
 * Physical kit carried in quantity.
 * @template {foundry.data.fields.DataSchema} [Schema=ReturnType<typeof KitData.defineSchema>]  A subclass's schema.
 * @extends {ItemData<Schema>}
 */
class KitData extends ItemData {
  static defineSchema() {
    return { ...ItemData.defineSchema(), price: price(), quantity: count(1) };
  }
}

/**
 * A perk: steps its stat die once when its situation fits (rulebook: Hustle, perks and your luck).
 * @extends {ItemData<ReturnType<typeof PerkData.defineSchema>>}
 */
export class PerkData extends ItemData {
  static defineSchema() {
    return { ...ItemData.defineSchema(), stat: choice(STAT_KEYS, "mus"), situation: str() };
  }
}

/**
 * A weapon (rulebook: Weapons; Distance, ammunition and holds). `magazine.size` 0 = no magazine.
 * @extends {KitData<ReturnType<typeof WeaponData.defineSchema>>}
 */
export class WeaponData extends KitData {
  static defineSchema() {
    return {
      ...KitData.defineSchema(),
      stat: choice(["mus", "aim"], "mus"),
      impact: count(0),
      range: choice(RANGE_BANDS, "engaged"),
      magazine: schema({ size: count(0), ammoType: str(), loaded: count(0) }),
      traits: list(str()),
      category: choice(["melee", "handgun", "smg", "shotgun", "rifle", "thrown", "launcher"], "melee"),
      bleedOn: choice(["smashedIt", "anyDamage"]),
      onHit: list(condition()),
      areaEngaged: bool(),
      jamsOn: choice(OUTCOMES),
      breaksOn: choice(OUTCOMES),
      fillsArea: bool(),
      missSetsFire: bool(),
      offYourGameWith: schema({ stat: choice(STAT_KEYS), die: die() }, { nullable: true, initial: null }),
      checkTool: checkTool()
    };
  }
}

/**
 * Armour: only the worn suit counts (rulebook: Armour).
 * @extends {KitData<ReturnType<typeof ArmourData.defineSchema>>}
 */
export class ArmourData extends KitData {
  static defineSchema() {
    return { ...KitData.defineSchema(), guard: count(0), reduction: count(0), worn: bool(),
      // Motorbike Leathers: "coming off a bike does half damage" (the divisor; null for any other suit).
      offBikeDivisor: new foundry.data.fields.NumberField({ required: true, nullable: true, integer: true, min: 2, initial: null }),
      // Riot Shield: "you cannot use a two-handed weapon" (weapon traits it bars while worn).
      barsWeaponTraits: list(str()) };
  }
}

/**
 * Ammunition; `quantity` is the number of rounds (rulebook: Ammunition).
 * @extends {ItemData<ReturnType<typeof AmmoData.defineSchema>>}
 */
export class AmmoData extends ItemData {
  static defineSchema() {
    return { ...ItemData.defineSchema(), ammoType: str(), packSize: count(1), price: price(), quantity: count(0) };
  }
}

/**
 * Tools and gear with the structured parts of their printed effect (rulebook: Tools and gear).
 * @extends {KitData<ReturnType<typeof GearData.defineSchema>>}
 */
export class GearData extends KitData {
  static defineSchema() {
    return {
      ...KitData.defineSchema(),
      lockEasing: schema({ targets: list(str()), bands: count(0) }, { nullable: true, initial: null }),
      noise: choice(["loud", "silent"]),
      statStep: statStep(),
      bandEasing: schema({ stat: choice(STAT_KEYS), situation: str(), bands: count(1) }, { nullable: true, initial: null }),
      applies: condition(),
      repair: schema({
        stat: choice(STAT_KEYS), band: choice(BANDS), sorted: count(0), smashedIt: count(0),
        legendary: new foundry.data.fields.JSONField({ required: false }), fixesFlat: bool()
      }, { nullable: true, initial: null, required: false }),
      witnessedHeat: int(0),
      plateSwap: schema({ stat: choice(STAT_KEYS), band: choice(BANDS) }, { nullable: true, initial: null }),
      // Torch: "blinding someone for a moment (Front vs their Bottle)" — the user's stat against the other side's.
      blinds: schema({ stat: choice(STAT_KEYS), against: choice(STAT_KEYS) }, { nullable: true, initial: null }),
      worn: bool(),
      uses: new foundry.data.fields.NumberField({ required: true, nullable: true, integer: true, min: 1, initial: null }),
      checkTool: checkTool(),
      startsClean: bool(),
      bikeLock: schema({ band: choice(BANDS) }, { nullable: true, initial: null }),
      refuels: bool(),
      makes: schema({ item: str(), quantity: count(1) }, { nullable: true, initial: null })
    };
  }
}

/**
 * Clobber and outfits (rulebook: Clobber and outfits).
 * @extends {KitData<ReturnType<typeof OutfitData.defineSchema>>}
 */
export class OutfitData extends KitData {
  static defineSchema() {
    return { ...KitData.defineSchema(), disguise: str(), heatDrop: count(0), statStep: statStep(), heatIfCaught: count(0),
      authorised: bool(false), worn: bool() };
  }
}

/**
 * Food and medicine; `duration` in game minutes (rulebook: Food and medicine).
 * @extends {KitData<ReturnType<typeof ConsumableData.defineSchema>>}
 */
export class ConsumableData extends KitData {
  static defineSchema() {
    return {
      ...KitData.defineSchema(),
      restoreHealth: count(0), removes: list(condition()), grants: condition(), duration: count(0),
      uses: count(1), usesLeft: count(1),
      check: schema({ stat: choice(STAT_KEYS), band: choice(BANDS) }, { nullable: true, initial: null }),
      repeat: schema({ while: condition(), grants: condition() }, { nullable: true, initial: null })
    };
  }
}

/**
 * A drug; prices in whole pounds, duration in game minutes (rulebook: Drugs and game effects).
 * @extends {KitData<ReturnType<typeof DrugData.defineSchema>>}
 */
export class DrugData extends KitData {
  static defineSchema() {
    return {
      ...KitData.defineSchema(),
      salePrice: count(0), saleUnit: str(), high: condition(), comedown: condition(), duration: count(1),
      possessionHeat: count(0)
    };
  }
}

/**
 * A background: suggested spread, perk choices (keys), kit (refs), cash (rulebook: Ten backgrounds).
 * @extends {ItemData<ReturnType<typeof BackgroundData.defineSchema>>}
 */
export class BackgroundData extends ItemData {
  static defineSchema() {
    return {
      ...ItemData.defineSchema(),
      spread: schema(Object.fromEntries(STAT_KEYS.map(k => [k, count(4)]))),
      perks: list(str()),
      kit: list(new foundry.data.fields.JSONField()),
      cash: count(0),
      suggestedHustle: str()
    };
  }
}

/**
 * A vehicle ability with its structured effects (rulebook: Vehicle abilities).
 * @extends {ItemData<ReturnType<typeof VehicleAbilityData.defineSchema>>}
 */
export class VehicleAbilityData extends ItemData {
  static defineSchema() {
    return {
      ...ItemData.defineSchema(),
      wheels: new foundry.data.fields.ObjectField(),
      offRoadPenaltyWaived: list(str()),
      enclosedGuard: bool(true), blocksSightOut: bool(), cage: bool(), stretcher: bool(), foldable: bool(),
      unsellable: bool(), ignoresRoads: bool(), hearingBand: choice(BANDS), hearingStat: choice(STAT_KEYS),
      anprRange: new foundry.data.fields.NumberField({ required: true, nullable: true, integer: true, min: 0, initial: null })
    };
  }
}

/** Item type → data model, for CONFIG.Item.dataModels. */
export const ITEM_MODELS = {
  perk: PerkData, weapon: WeaponData, armour: ArmourData, ammo: AmmoData, gear: GearData, outfit: OutfitData,
  consumable: ConsumableData, drug: DrugData, background: BackgroundData, vehicleAbility: VehicleAbilityData
};
