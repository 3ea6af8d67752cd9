/**
 * TypeDataModels of the Actor types (DESIGN.md §4). Derived numbers are computed by the pure rules in
 * module/rules/ and never stored as truth.
 * @module data/actors
 */
import { bool, choice, count, html, int, list, object, price, schema, statDice, str, die, STAT_KEYS } from "./fields.mjs";
import { guardValue, healthMax, guardBase, hustleMax, statModifier, vehicleGuard, wornArmour } from "../rules/record.mjs";

const { TypeDataModel } = foundry.abstract;
const BANDS = ["easy", "medium", "hard", "longShot"];

/**
 * Adds `mod` (the die's modifier) to each stat.
 * @param {{[K in import("./fields.mjs").StatKey]: {die: number, mod?: number}}} stats
 */
function prepareStats(stats) {
  for (const key of STAT_KEYS) stats[key].mod = statModifier(stats[key].die);
}

/**
 * @typedef {foundry.data.fields.SchemaField.InitializedData<ReturnType<typeof CharacterData.defineSchema>>} CharacterStored
 */

/**
 * @typedef {object} CharacterDerived  The fields CharacterData#prepareDerivedData completes.
 * @property {{[K in import("./fields.mjs").StatKey]: CharacterStored["stats"][K] & {mod: number}}} stats
 * @property {CharacterStored["health"] & {max: number}} health
 * @property {CharacterStored["guard"] & {base: number, value: number}} guard
 */

/**
 * A player character (rulebook: Your character record).
 * @extends {foundry.abstract.TypeDataModel<ReturnType<typeof CharacterData.defineSchema>, Actor.Implementation, {},
 *   CharacterDerived>}
 */
export class CharacterData extends TypeDataModel {
  static defineSchema() {
    return {
      description: html(),
      stats: statDice(),
      effort: schema({ die: die(6) }),
      health: schema({ value: count(10), bonus: int(0) }),
      hustle: schema({ value: count(3), max: count(3) }), // max is derived from Rep (prepareDerivedData)
      guard: schema({ bonus: int(0) }),
      cash: schema({ pocket: count(0), stash: count(0) }),
      heat: count(0, { max: 5 }),
      rep: schema({ level: count(1, { min: 1, max: 33 }), xp: count(0) }),
      advances: count(0),
      relationships: schema({ crew: count(0), street: count(0), police: count(0) }),
      story: schema({ hustle: str(), vice: str(), bond: str(), ambition: str() }),
      details: schema({ streetName: str(), pronouns: str(), age: count(18), ends: str(), look: str(), background: str() }),
      factions: list(schema({ name: str(), renown: count(0), influence: count(0), stance: str("open"), stagesDone: count(0) })),
      printed: schema({ health: count(0), hustle: count(0), guard: count(0) }, { nullable: true, initial: null }),
      reconciliation: list(object())
    };
  }

  prepareDerivedData() {
    prepareStats(this.stats);
    this.health.max = healthMax(this.stats.grt.die, this.health.bonus);
    this.guard.base = guardBase(this.stats.mov.die, this.stats.grt.die, this.guard.bonus);
    const actor = this.parent;
    const armour = wornArmour(actor?.items?.filter?.(i => i.type === "armour").map(i => i.system) ?? []);
    this.guard.value = guardValue({ base: this.guard.base, wornArmour: armour, conditions: actor?.statuses ?? [] });
    this.hustle.max = hustleMax(this.rep.level);
  }
}

/**
 * @typedef {foundry.data.fields.SchemaField.InitializedData<ReturnType<typeof NpcData.defineSchema>>} NpcStored
 */

/**
 * A street profile NPC with printed numbers (rulebook: People on the street).
 * @extends {foundry.abstract.TypeDataModel<ReturnType<typeof NpcData.defineSchema>, Actor.Implementation, {},
 *   {stats: {[K in import("./fields.mjs").StatKey]: NpcStored["stats"][K] & {mod: number}}}>}
 */
export class NpcData extends TypeDataModel {
  static defineSchema() {
    return {
      description: html(),
      stats: statDice(),
      health: schema({ value: count(8), max: count(8) }),
      guard: schema({ value: count(10) }),
      armourReduction: count(0)
    };
  }

  prepareDerivedData() {
    prepareStats(this.stats);
  }
}

/**
 * A motor (rulebook: Getting a motor; Vehicle roster). Speed in squares per green band.
 * @extends {foundry.abstract.TypeDataModel<ReturnType<typeof VehicleData.defineSchema>, Actor.Implementation, {},
 *   {guard: {value: number}}>}
 */
export class VehicleData extends TypeDataModel {
  static defineSchema() {
    return {
      description: html(),
      performance: schema({ die: die(6) }),
      handling: int(0),
      speed: count(1),
      body: schema({ value: count(1), max: count(1) }),
      size: count(0),
      armour: count(0),
      seats: schema({ crew: count(1, { min: 1 }), passengers: count(0) }),
      occupants: list(schema({ actorId: str(), seat: str() })),
      fuel: schema({ value: count(0), max: count(0) }),
      lock: choice(BANDS, "medium"),
      value: price(),
      abilities: list(str()),
      tyres: schema({ flat: count(0) }),
      onFire: bool(),
      incidents: list(object())
    };
  }

  prepareDerivedData() {
    this.guard = { value: vehicleGuard(this.size) };
  }
}

/** Actor type → data model, for CONFIG.Actor.dataModels. */
export const ACTOR_MODELS = { character: CharacterData, npc: NpcData, vehicle: VehicleData };
