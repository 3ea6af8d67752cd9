/**
 * TypeDataModels of the Actor types (DESIGN.md §4). Derived numbers are computed by the pure rules in
 * module/rules/ and never stored as truth.
 * @module data/actors
 */
import { bool, choice, count, html, int, list, object, price, schema, statDice, str, die, STAT_KEYS } from "./fields.mjs";
import { guardValue, healthMax, guardBase, hustleMax, statModifier, wornArmour } from "../rules/record.mjs";
import { LOCK_KINDS, abilityEffects, riderGuard, seatPlan, vehicleGuardValue, vehicleNumbers } from "../rules/vehicles.mjs";
import { BANDS, RULES } from "../generated/rules.mjs";

const { TypeDataModel } = foundry.abstract;

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
      reconciliation: list(object()),
      obligations: list(schema({ what: str(), owner: str(), weekly: count(0), terms: str() })) // Stash and obligations
    };
  }

  prepareDerivedData() {
    prepareStats(this.stats);
    this.health.max = healthMax(this.stats, this.health.bonus);
    this.guard.base = guardBase(this.stats, this.guard.bonus);
    const actor = this.parent;
    // The whole kit: the rule takes the one worn armour entry (a worn Cycle Helmet or outfit adds nothing to it).
    const armour = wornArmour(actor?.items ? [...actor.items] : []);
    this.guard.value = guardValue({ base: this.guard.base, wornArmour: armour, conditions: actor?.statuses ?? [] });
    this.hustle.max = hustleMax(this.rep.level);
    // Current Health and Hustle are 0 … max (rulebook: "restores it up to the maximum"), whatever was stored.
    this.health.value = clamp(this.health.value, this.health.max);
    this.hustle.value = clamp(this.hustle.value, this.hustle.max);
    // Heat as a token bar (issue 12: "on the token, a status or bar"): the GM's stars out of 5, never stored.
    this.heatBar = { value: this.heat, max: RULES.heat.max };
  }

  /**
   * Store Health and Hustle within 0 … max, the max taken from the record as it will be after this update.
   * @param {object} changed  The expanded changes.
   * @param {object} options
   * @param {User.Implementation} user
   */
  async _preUpdate(changed, options, user) {
    const allowed = await super._preUpdate(changed, options, user);
    if (allowed === false) return false;
    const { getProperty, hasProperty, setProperty } = foundry.utils;
    /** @type {(path: string) => any} */
    const next = path => hasProperty(changed, `system.${path}`) ? getProperty(changed, `system.${path}`)
      : getProperty(this, path);
    const max = fn => { try { return fn(); } catch { return Infinity; } }; // a record the rules cannot read: no top
    if (hasProperty(changed, "system.health.value")) {
      setProperty(changed, "system.health.value", clamp(Number(next("health.value")),
        max(() => healthMax(Object.fromEntries(STAT_KEYS.map(k => [k, next(`stats.${k}.die`)])), next("health.bonus")))));
    }
    if (hasProperty(changed, "system.hustle.value")) {
      setProperty(changed, "system.hustle.value", clamp(Number(next("hustle.value")), max(() => hustleMax(next("rep.level")))));
    }
  }
}

/**
 * A current value within 0 … max (an unreadable max leaves the top open).
 * @param {number} value
 * @param {number} max
 */
function clamp(value, max) {
  return Math.max(0, Number.isFinite(max) ? Math.min(value, max) : value);
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
    this.health.value = clamp(this.health.value, this.health.max);
  }
}

/**
 * @typedef {foundry.data.fields.SchemaField.InitializedData<ReturnType<typeof VehicleData.defineSchema>>} VehicleStored
 */

/**
 * @typedef {object} VehicleDerived  The fields VehicleData#prepareDerivedData adds (never stored).
 * @property {{base: number, evasive: number, bonus: number, value: number}} guard  6 + 2 × Size plus temporary
 *   defences (gone evasive +2, `defences.bonus`).
 * @property {import("../rules/vehicles.mjs").VehicleNumbers & {error?: string}} adjusted  Performance, Handling and
 *   Speed after flat tyres and low Body.
 * @property {{seats: number, crew: number, passengers: number}} capacity  Seats in all (crew + passengers).
 * @property {import("../rules/vehicles.mjs").Seat[]} seatList  The seats in order (driver, crew, passengers).
 * @property {import("../rules/vehicles.mjs").AbilityEffects} effects  What its abilities do.
 * @property {number} riderGuard  Guard bonus of its riders (enclosed +2; 0 when Exposed).
 */

/**
 * A motor (rulebook: Getting a motor; Vehicle roster; Vehicle abilities; Fire, repairs and selling up). Speed in
 * squares per green band. Stored: the record, `abilitiesOn` (switched-on abilities: blue
 * lights), `tyres.flat`, `defences` (gone evasive this round, other temporary Guard), `onFire` with `fire.round` (the
 * round it caught fire in, in `fire.combatId`; it explodes at the end of the next), `destroyed`, `patched` (the
 * roadside patch used since the last garage) and `incidents[]` (rules/vehicles.mjs incident, with the recorder's `id`).
 * Who sits where is not here: the seats are the GM's (documents/vehicle/store.mjs, keyed by the motor's actor UUID),
 * so a copy of a motor starts with empty seats.
 * @extends {foundry.abstract.TypeDataModel<ReturnType<typeof VehicleData.defineSchema>, Actor.Implementation, {},
 *   VehicleDerived>}
 */
export class VehicleData extends TypeDataModel {
  static defineSchema() {
    const nullableInt = () => new foundry.data.fields.NumberField({ required: true, nullable: true, integer: true, min: 0,
      initial: null });
    return {
      description: html(),
      performance: schema({ die: die(6) }),
      handling: int(0),
      speed: count(1),
      body: schema({ value: count(1), max: count(1) }),
      size: count(0),
      armour: count(0),
      seats: schema({ crew: count(1, { min: 1 }), passengers: count(0) }),
      fuel: schema({ value: count(0), max: count(0) }),
      lock: choice(BANDS, "medium"),
      lockKind: choice(LOCK_KINDS, "car"),
      value: price(),
      abilities: list(str()),
      abilitiesOn: list(str()),
      tyres: schema({ flat: count(0) }),
      defences: schema({ evasive: bool(), bonus: int(0) }),
      onFire: bool(),
      fire: schema({ round: nullableInt(), combatId: str() }),
      destroyed: bool(),
      patched: bool(),
      incidents: list(schema({
        round: nullableInt(), what: str(), vehicle: str(), other: str(), bodyLost: count(0),
        riderInjuries: list(schema({ name: str(), damage: count(0), conditions: list(str()) })),
        flatTyres: count(0), witnesses: str(), at: count(0), id: str()
      }))
    };
  }

  prepareDerivedData() {
    const guard = vehicleGuardValue({ size: this.size, evasive: this.defences?.evasive ?? false,
      bonus: this.defences?.bonus ?? 0 });
    let adjusted;
    try {
      adjusted = vehicleNumbers({ performance: this.performance.die, handling: this.handling, speed: this.speed,
        body: this.body.value, bodyMax: this.body.max, flatTyres: this.tyres.flat });
    } catch (err) {
      // A record the rules cannot read (a hand-edited die) still opens; the sheet shows why.
      adjusted = { printedPerformance: this.performance.die, performance: this.performance.die, steps: 0, floored: false,
        handling: this.handling, speed: this.speed, flatTyres: this.tyres.flat, lowBody: false, error: err.message };
    }
    const capacity = { seats: this.seats.crew + this.seats.passengers, crew: this.seats.crew, passengers: this.seats.passengers };
    Object.assign(this, { guard, adjusted, capacity, seatList: seatPlan(this.seats, this.abilities),
      effects: abilityEffects(this.abilities), riderGuard: riderGuard(this.abilities) });
  }
}

/** Actor type → data model, for CONFIG.Actor.dataModels. */
export const ACTOR_MODELS = { character: CharacterData, npc: NpcData, vehicle: VehicleData };
