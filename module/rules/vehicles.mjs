/**
 * Motors off the gauge: what a motor's abilities do (driving modifiers by situation, seats behind a cage, in a
 * windowless load bay or on a stretcher, riders' enclosed Guard), its record's derived numbers, its seats and who may
 * board or leave them, repairs and garage prices, theft against its lock band, and the incident record's shape.
 * Rulebook: Getting a motor (Vehicles have their own record; Seats; Driving modifiers; Theft and recovery); Vehicle
 * abilities; Fire, repairs and selling up (At zero Body; Repairs; Garage work); Skids, collisions and contact › Keep an
 * incident record; Tools & gear (the tools' lock easing).
 * Every number comes from the generated data: RULES.chase (driving, vehicle Guard, go evasive), RULES["vehicle-fire"]
 * (repairs, garage, fire), RULES["vehicle-theft"], RULES["witnessed-crimes"], RULES.combat.guardModifiers (enclosed
 * +2), RULES.difficulty.bands, and VEHICLE_ABILITIES (packs-src/vehicle-abilities). The chase gauge itself is
 * rules/chase-gauge.mjs, reused here.
 * Pure: imports only generated data and sibling rules, no Foundry globals. Refusals a player can cause (a full motor,
 * a caged rider) come back as `{ok: false, reason}` for the caller to put into words; impossible input throws a
 * RangeError naming it.
 * @module rules/vehicles
 */
import { RULES, VEHICLE_ABILITIES } from "../generated/rules.mjs";
import { adjustedVehicle } from "./chase-gauge.mjs";
import { vehicleGuard } from "./record.mjs";
import { segmentsCross } from "./satnav.mjs";

const CHASE = RULES.chase;
const FIRE = RULES["vehicle-fire"];
const THEFT = RULES["vehicle-theft"];
const LADDER = RULES.dice.ladder;
const BANDS = RULES.difficulty.bands.map(b => b.id);
const OUTCOMES = RULES.outcomes.outcomes;
const OUTCOME_IDS = OUTCOMES.map(o => o.id);

/** Where a motor is driven (Driving modifiers): a road, rough ground, or one of the places Nimble waives the penalty. */
export const TERRAINS = Object.freeze(["road", "offRoad", "pavements", "paths", "parks", "alleys"]);
/** What kind of lock a motor has, for the tools' `lockEasing.targets` (vehicle `lockKind`). */
export const LOCK_KINDS = Object.freeze(["bike", "motorbike", "car", "aircraft"]);
/** The two repair entries (Fire, repairs and selling up › Repairs); one roll applies exactly one of them. */
export const REPAIR_KINDS = Object.freeze(["patchUp", "toolkit"]);
/** The ability that makes a motor a police vehicle for theft Heat ("Stealing a police vehicle"). */
export const POLICE_ABILITY = "police-kit";
/** The ability whose "special theft handling avoids an automatic police call". */
export const HIRE_BIKE_ABILITY = "docked-hire-bike";
/**
 * A "strong result" for the roadside patch (Repairs: "2 Body, or 4 on a strong result"): Smashed It or better, the
 * outcomes whose meaning is a success with an extra benefit. (The book does not name the outcome; this reading is
 * the system's.)
 */
export const STRONG_FROM = "smashedIt";

/** @typedef {"properMess"|"badLuck"|"justAbout"|"sorted"|"smashedIt"|"legendary"} Outcome */
/** @typedef {"easy"|"medium"|"hard"|"longShot"} Band */

/**
 * A whole number 0 or more, or a RangeError naming it.
 * @param {string} name
 * @param {unknown} value
 * @returns {number}
 */
function count(name, value) {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number 0 or more, got ${value}`);
  }
  return value;
}

/**
 * @param {unknown} outcome
 * @returns {Outcome}
 */
function checkOutcome(outcome) {
  if (typeof outcome !== "string" || !OUTCOME_IDS.includes(outcome)) {
    throw new RangeError(`outcome must be one of ${OUTCOME_IDS.join(", ")}, got "${outcome}"`);
  }
  return /** @type {Outcome} */ (outcome);
}

/**
 * @param {Outcome} outcome
 * @returns {boolean}
 */
const succeeded = outcome => OUTCOMES.find(o => o.id === outcome)?.success === true;
/**
 * @param {Outcome} a
 * @param {Outcome} b
 * @returns {boolean} a is b or better.
 */
const atLeast = (a, b) => OUTCOME_IDS.indexOf(a) >= OUTCOME_IDS.indexOf(b);

/**
 * @param {unknown} ids
 * @returns {string[]}
 */
function idList(ids) {
  if (ids === undefined || ids === null) return [];
  if (!Array.isArray(ids) || ids.some(id => typeof id !== "string")) {
    throw new RangeError(`abilities must be a list of ability keys, got ${JSON.stringify(ids)}`);
  }
  return ids;
}

// ------------------------------------------------------------------------------------------------ abilities

/**
 * @typedef {object} AbilityEffects  What a motor's abilities do, merged (Vehicle abilities).
 * @property {string[]} known        The ability keys found in VEHICLE_ABILITIES, in the motor's order.
 * @property {string[]} unknown      Keys not in the catalogue (shown, never applied).
 * @property {{lightsOn: number, offRoad: number|null, junction: number}} wheels  Wheels modifiers: blue lights while on
 *   (the best one: Police kit and Lights and siren are the same lights, never +2), off road instead of −2 (null: the
 *   ordinary penalty), at a junction or in a tight street.
 * @property {string[]} offRoadPenaltyWaived  Terrains without the off-road penalty (Nimble).
 * @property {boolean} enclosedGuard  Riders get the enclosed occupant's +2 Guard (false: Exposed).
 * @property {boolean} blocksSightOut  Load-bay riders cannot see or attack out (Windowless load bay).
 * @property {boolean} cage          Passenger seats are behind a cage (Prisoner cage).
 * @property {boolean} stretcher     The first passenger space is the stretcher (Stretcher bay).
 * @property {boolean} foldable      An empty motor can be folded and carried (Foldable).
 * @property {boolean} unsellable    No fence will buy it (Docked hire bike).
 * @property {boolean} ignoresRoads  Ignores roads, buildings and roadblocks (Flying): no terrain modifier.
 * @property {Band|null} hearingBand  Hearing its approach with Savvy (Silent: Hard), or null.
 * @property {number|null} anprRange  Squares within which its ANPR reads a targeted plate (Police kit), or null.
 * @property {string[]} switchable   Abilities switched on and off (blue lights: Police kit, Lights and siren).
 */

/**
 * Merge the effects of a motor's abilities (Vehicle abilities: "A vehicle only gains the abilities listed on its own
 * record"). Keys not in the catalogue are listed in `unknown` and have no effect.
 * @param {string[]} abilities  Ability keys (a motor's `system.abilities`).
 * @returns {AbilityEffects}
 * @throws {RangeError} when `abilities` is not a list of strings.
 */
export function abilityEffects(abilities) {
  const ids = idList(abilities);
  /** @type {AbilityEffects} */
  const out = { known: [], unknown: [], wheels: { lightsOn: 0, offRoad: null, junction: 0 }, offRoadPenaltyWaived: [],
    enclosedGuard: true, blocksSightOut: false, cage: false, stretcher: false, foldable: false, unsellable: false,
    ignoresRoads: false, hearingBand: null, anprRange: null, switchable: [] };
  const table = /** @type {Record<string, any>} */ (VEHICLE_ABILITIES);
  for (const id of ids) {
    const a = Object.hasOwn(table, id) ? table[id] : null;
    if (!a) { out.unknown.push(id); continue; }
    out.known.push(id);
    const w = a.wheels ?? {};
    if (typeof w.lightsOn === "number") {
      out.switchable.push(id);
      out.wheels.lightsOn = Math.max(out.wheels.lightsOn, w.lightsOn);
    }
    if (typeof w.offRoad === "number") out.wheels.offRoad = Math.max(out.wheels.offRoad ?? -Infinity, w.offRoad);
    if (typeof w.junction === "number") out.wheels.junction = Math.max(out.wheels.junction, w.junction);
    for (const t of a.offRoadPenaltyWaived ?? []) if (!out.offRoadPenaltyWaived.includes(t)) out.offRoadPenaltyWaived.push(t);
    if (a.enclosedGuard === false) out.enclosedGuard = false;
    for (const flag of /** @type {const} */ (["blocksSightOut", "cage", "stretcher", "foldable", "unsellable", "ignoresRoads"])) {
      if (a[flag] === true) out[flag] = true;
    }
    if (a.hearingBand) out.hearingBand = a.hearingBand;
    if (typeof a.anprRange === "number") out.anprRange = Math.max(out.anprRange ?? 0, a.anprRange);
  }
  return out;
}

/**
 * The check to hear a motor coming (Vehicle abilities › Silent: "Hearing its approach with Savvy is Hard"): the
 * stat and band of the ability that makes its approach hard to hear, or null when nothing does (its approach is
 * heard without a roll).
 * @param {string[]} abilities  The motor's ability keys (the catalogue's, as the GM recorded the motor).
 * @returns {{stat: string, band: Band, ability: string}|null}
 */
export function hearingCheck(abilities) {
  const table = /** @type {Record<string, any>} */ (VEHICLE_ABILITIES);
  const id = abilityEffects(abilities).known.find(k => table[k].hearingBand && table[k].hearingStat);
  return id ? { stat: table[id].hearingStat, band: table[id].hearingBand, ability: id } : null;
}

/**
 * @typedef {object} DrivingPart  One driving modifier and where it comes from.
 * @property {"blueLights"|"offRoad"|"offRoadAbility"|"offRoadWaived"|"flying"|"junction"} id
 * @property {number} value     Wheels modifier (0 for a waived penalty, shown so the table sees why).
 * @property {string|null} ability  The ability key that gives or changes it, or null for the ordinary rule.
 */

/**
 * The situational Wheels modifiers a motor's abilities give (Getting a motor › Driving modifiers; Vehicle abilities):
 * blue lights +1 while on (Police kit, Lights and siren); off road −2 for an ordinary motor, +1 instead with Off-road,
 * no penalty on pavements, paths, parks and alleys with Nimble (Off-road's +1 wins where both apply); a Tight turning
 * circle +1 at a junction or in a tight street; Flying ignores the ground (no terrain modifier). "Apply only the
 * abilities the motor actually has." Handling and the gauge band's Handling penalty are not included.
 * @param {object} situation
 * @param {string[]} situation.abilities  The motor's ability keys.
 * @param {string[]} [situation.on=[]]    The abilities switched on (`system.abilitiesOn`).
 * @param {"road"|"offRoad"|"pavements"|"paths"|"parks"|"alleys"} [situation.terrain="road"]  Where it is driven.
 * @param {boolean} [situation.junction=false]  At a junction or in a tight street.
 * @returns {{total: number, parts: DrivingPart[]}}
 * @throws {RangeError} for an unknown terrain or a malformed ability list.
 */
export function drivingModifiers({ abilities, on = [], terrain = "road", junction = false }) {
  if (!TERRAINS.includes(terrain)) throw new RangeError(`terrain must be one of ${TERRAINS.join(", ")}, got "${terrain}"`);
  const fx = abilityEffects(abilities);
  const switchedOn = idList(on);
  const table = /** @type {Record<string, any>} */ (VEHICLE_ABILITIES);
  /** @type {DrivingPart[]} */
  const parts = [];
  const lights = fx.switchable.filter(id => switchedOn.includes(id));
  if (lights.length) {
    const best = lights.reduce((a, b) => (table[b].wheels.lightsOn > table[a].wheels.lightsOn ? b : a));
    parts.push({ id: "blueLights", value: table[best].wheels.lightsOn, ability: best });
  }
  if (terrain !== "road") {
    const flying = fx.known.find(id => table[id].ignoresRoads === true);
    const offRoader = fx.known.find(id => typeof table[id].wheels?.offRoad === "number");
    const waiver = fx.known.find(id => (table[id].offRoadPenaltyWaived ?? []).includes(terrain));
    if (flying) parts.push({ id: "flying", value: 0, ability: flying });
    else if (offRoader) parts.push({ id: "offRoadAbility", value: /** @type {number} */ (fx.wheels.offRoad), ability: offRoader });
    else if (waiver) parts.push({ id: "offRoadWaived", value: 0, ability: waiver });
    else parts.push({ id: "offRoad", value: CHASE.driving.offRoad, ability: null });
  }
  if (junction && fx.wheels.junction) {
    parts.push({ id: "junction", value: fx.wheels.junction,
      ability: fx.known.find(id => typeof table[id].wheels?.junction === "number") ?? null });
  }
  return { total: parts.reduce((n, p) => n + p.value, 0), parts };
}

/**
 * The Guard bonus a rider of this motor gets (Attacking and defending › Drive-by: "Enclosed occupants gain +2 Guard;
 * exposed riders do not"): RULES.combat.guardModifiers `enclosed`, or 0 with Exposed.
 * @param {string[]} abilities  The motor's ability keys.
 * @returns {number}
 */
export function riderGuard(abilities) {
  const enclosed = RULES.combat.guardModifiers.find(m => m.id === "enclosed");
  return abilityEffects(abilities).enclosedGuard ? (enclosed?.guard ?? 0) : 0;
}

/**
 * What sitting in a seat means for a rider (Vehicle abilities; Attacking and defending › Drive-by): the enclosed +2
 * Guard unless the motor is Exposed; no seeing or attacking out from a windowless load bay; behind the cage; on the
 * stretcher; and which drive-by penalty applies (RULES.combat.shooting.driveBy: the driver's or a passenger's, crew
 * counting as passengers).
 * @param {Seat} seat
 * @param {string[]} abilities  The motor's ability keys.
 * @returns {{guard: number, enclosed: boolean, canSeeOut: boolean, canAttackOut: boolean, caged: boolean,
 *   stretcher: boolean, driveBy: "driver"|"passenger"}}
 */
export function riderPosition(seat, abilities) {
  const guard = riderGuard(abilities);
  return { guard, enclosed: guard > 0, canSeeOut: !seat.loadBay, canAttackOut: !seat.loadBay, caged: seat.caged,
    stretcher: seat.stretcher, driveBy: seat.kind === "driver" ? "driver" : "passenger" };
}

/**
 * Whether a motor can be folded and carried now (Vehicle abilities › Foldable: "An empty vehicle can be folded and
 * carried by an adjacent character").
 * @param {{abilities: string[], aboard: number}} motor  aboard: living occupants.
 * @returns {boolean}
 */
export function canFold({ abilities, aboard }) {
  return abilityEffects(abilities).foldable && count("aboard", aboard) === 0;
}

// ------------------------------------------------------------------------------------------------ the record

/**
 * A motor's Guard (Vehicles have their own record: "6 + twice Size, before temporary defences"): the base, plus +2
 * while it has gone evasive this round (Skids, collisions and contact › Go evasive), plus any other temporary defence.
 * @param {{size: number, evasive?: boolean, bonus?: number}} guard  bonus: other temporary defences (may be negative).
 * @returns {{base: number, evasive: number, bonus: number, value: number}}
 * @throws {RangeError} for a Size that is not a whole number 0 or more, or a bonus that is not a whole number.
 */
export function vehicleGuardValue({ size, evasive = false, bonus = 0 }) {
  count("size", size);
  if (!Number.isInteger(bonus)) throw new RangeError(`bonus must be a whole number, got ${bonus}`);
  const base = vehicleGuard(size);
  const ev = evasive ? CHASE.goEvasive.guard : 0;
  return { base, evasive: ev, bonus, value: base + ev + bonus };
}

/**
 * @typedef {object} VehicleNumbers  A motor's numbers for driving now.
 * @property {number} printedPerformance  The record's Performance die (the TN's die: steps are not used for it).
 * @property {number} performance  The die rolled: one step down per flat tyre, never below d4.
 * @property {number} steps        Steps actually taken down (0 or negative).
 * @property {boolean} floored     A flat tyre could not step a d4 further down.
 * @property {number} handling     Handling after flat tyres (−2 each).
 * @property {number} speed        Speed in squares after flat tyres and low Body.
 * @property {number} flatTyres
 * @property {boolean} lowBody     Below half Body (Speed × 0.85).
 */

/**
 * A motor's adjusted Performance, Handling and Speed (The chase gauge › Tyres and damage, by chase-gauge
 * adjustedVehicle): each flat tyre steps Performance down once, Handling −2, Speed −2 (minimum 2); below half Body
 * Speed × 0.85 rounded. A d4 cannot step down (the ladder starts at d4): it stays d4 and `floored` says so; Handling
 * and Speed still drop. Per the book the TN of a driving check is set from the unboosted dice, so the record's
 * Performance (`printedPerformance`) sets the TN and the stepped die is rolled.
 * @param {{performance: number, handling: number, speed: number, body?: number, bodyMax?: number, flatTyres?: number}} v
 * @returns {VehicleNumbers}
 * @throws {RangeError} for a Performance die off the ladder, a negative Speed or flat-tyre count.
 */
export function vehicleNumbers({ performance, handling, speed, body, bodyMax, flatTyres = 0 }) {
  const index = LADDER.indexOf(performance);
  if (index < 0) throw new RangeError(`Performance d${performance} is not on the die ladder (${LADDER.map(d => `d${d}`).join(", ")})`);
  const flats = count("flatTyres", flatTyres);
  const possible = Math.min(flats, index);
  // The die takes the steps it can (adjustedVehicle refuses a step below d4, so it is given only those); Handling and
  // Speed take every flat, however many (six or more included), with the same data: −2 each, Speed to a minimum of 2;
  // low Body then applies to that Speed.
  const stepped = adjustedVehicle({ performance, handling, speed, flatTyres: possible });
  const flat = CHASE.flatTyre;
  const tyreSpeed = flats ? Math.max(flat.minimumSpeed, speed + flat.speed * flats) : speed;
  const a = adjustedVehicle({ performance, handling: handling + flat.handling * flats, speed: tyreSpeed, body, bodyMax });
  return { printedPerformance: performance, performance: stepped.performance, steps: possible ? -possible : 0,
    floored: flats > possible, handling: a.handling, speed: a.speed, flatTyres: flats, lowBody: a.lowBody };
}

// ------------------------------------------------------------------------------------------------ seats

/**
 * @typedef {object} Seat  One seat of a motor (Getting a motor › Seats).
 * @property {string} id        "driver", "crew-2" … (further crew positions), "passenger-1" … (passenger spaces).
 * @property {"driver"|"crew"|"passenger"} kind
 * @property {number} number    1 for the driver and the first passenger; crew positions count on from the driver.
 * @property {boolean} caged    Behind the Prisoner cage (passenger spaces of a caged motor).
 * @property {boolean} loadBay  In the windowless load bay: cannot see or attack out (passenger spaces).
 * @property {boolean} stretcher  The patient space (the first passenger space with a Stretcher bay).
 */

/**
 * A motor's seats in order: one driver, further crew positions, then passenger spaces ("A motor has one driver,
 * additional crew positions if listed, then passenger spaces"; the roster's crew count includes the driver). With a
 * Prisoner cage the passenger spaces are behind the cage (the back of the car; the book's carrier cages four of its
 * six, a detail the record does not hold); with a Windowless load bay the passenger spaces are the bay; with a
 * Stretcher bay the first passenger space is the stretcher.
 * @param {{crew: number, passengers: number}} seats
 * @param {string[]} [abilities=[]]
 * @returns {Seat[]}
 * @throws {RangeError} for fewer than 1 crew or a negative passenger count.
 */
export function seatPlan({ crew, passengers }, abilities = []) {
  if (count("crew", crew) < 1) throw new RangeError("a motor has at least one crew seat: the driver");
  count("passengers", passengers);
  const fx = abilityEffects(abilities);
  /** @type {Seat[]} */
  const seats = [{ id: "driver", kind: "driver", number: 1, caged: false, loadBay: false, stretcher: false }];
  for (let n = 2; n <= crew; n++) seats.push({ id: `crew-${n}`, kind: "crew", number: n, caged: false, loadBay: false, stretcher: false });
  for (let n = 1; n <= passengers; n++) {
    seats.push({ id: `passenger-${n}`, kind: "passenger", number: n, caged: fx.cage, loadBay: fx.blocksSightOut,
      stretcher: fx.stretcher && n === 1 });
  }
  return seats;
}

/**
 * @typedef {object} Occupant  A stored occupant (`system.occupants[]`).
 * @property {string} actorId  World actor id.
 * @property {string} seat     A Seat id.
 * @property {string} [tokenId]  The occupant's token in the motor's scene, when boarded from the canvas.
 */

/**
 * @typedef {object} SeatRow  A seat with whoever is in it.
 * @property {Seat} seat
 * @property {Occupant|null} occupant  null when vacant.
 * @property {boolean} missing  The seat holds a record of an actor that no longer exists: shown vacant.
 */

/**
 * Who sits where (the sheet's seat list). An occupant whose actor no longer exists leaves its seat vacant (`missing`);
 * a record for a seat the motor no longer has (its seat counts were edited) is returned in `stray`, never lost.
 * @param {Seat[]} seats  From seatPlan.
 * @param {Occupant[]} occupants
 * @param {(actorId: string) => boolean} [exists]  Whether an actor still exists (default: all do).
 * @returns {{rows: SeatRow[], stray: Occupant[], aboard: Occupant[]}}  aboard: live occupants in seat order.
 */
export function seating(seats, occupants, exists = () => true) {
  const list = Array.isArray(occupants) ? occupants : [];
  const rows = seats.map(seat => {
    const o = list.find(x => x.seat === seat.id) ?? null;
    const live = o && exists(o.actorId);
    return { seat, occupant: live ? o : null, missing: !!o && !live };
  });
  const ids = new Set(seats.map(s => s.id));
  const stray = list.filter(o => !ids.has(o.seat) && exists(o.actorId));
  const aboard = rows.flatMap(r => (r.occupant ? [r.occupant] : []));
  return { rows, stray, aboard };
}

/**
 * @typedef {object} Refusal
 * @property {false} ok
 * @property {"full"|"seatTaken"|"noSuchSeat"|"alreadyAboard"|"caged"|"notAboard"} reason
 * @property {string} [seat]     The seat concerned.
 * @property {string} [holder]   The actor id in a taken seat.
 * @property {number} [capacity] Seats in all (full).
 */

/**
 * Board a motor (Getting a motor › Seats: "Board an actual free seat and record who occupies it"): into `seat`, or the
 * first free seat (driver, crew, then passengers). Capacity is crew + passengers; records of deleted actors no longer
 * take a seat and are dropped. An occupant already aboard moves to a free `seat` (not out of the cage), or is refused
 * without one.
 * @param {object} args
 * @param {Seat[]} args.seats  From seatPlan.
 * @param {Occupant[]} args.occupants  The stored occupants.
 * @param {string} args.actorId  Who boards.
 * @param {string|null} [args.seat]  The seat wanted; null/omitted: the first free one.
 * @param {string} [args.tokenId]  Their token, to carry along.
 * @param {(actorId: string) => boolean} [args.exists]
 * @returns {{ok: true, occupants: Occupant[], seat: string}|Refusal}  occupants: the new stored list.
 * @throws {RangeError} for a missing actor id.
 */
export function board({ seats, occupants, actorId, seat = null, tokenId = "", exists = () => true }) {
  if (typeof actorId !== "string" || !actorId) throw new RangeError("board needs the boarding actor's id");
  const { rows, stray } = seating(seats, occupants, exists);
  const kept = [...rows.flatMap(r => (r.occupant ? [r.occupant] : [])), ...stray];
  const mine = kept.find(o => o.actorId === actorId);
  if (mine && !seat) return { ok: false, reason: "alreadyAboard", seat: mine.seat };
  const capacity = seats.length;
  if (!mine && kept.length >= capacity) return { ok: false, reason: "full", capacity };
  let target = seat ? rows.find(r => r.seat.id === seat) : rows.find(r => !r.occupant);
  if (!target) return seat ? { ok: false, reason: "noSuchSeat", seat } : { ok: false, reason: "full", capacity };
  if (target.occupant && target.occupant.actorId !== actorId) {
    return { ok: false, reason: "seatTaken", seat: target.seat.id, holder: target.occupant.actorId };
  }
  if (mine) {
    const from = seats.find(s => s.id === mine.seat);
    if (from?.caged && !target.seat.caged) return { ok: false, reason: "caged", seat: mine.seat };
  }
  const entry = { actorId, seat: target.seat.id, tokenId: tokenId || mine?.tokenId || "" };
  return { ok: true, seat: target.seat.id, occupants: [...kept.filter(o => o.actorId !== actorId), entry] };
}

/**
 * @typedef {object} Footprint  A token on the map: its top-left corner in pixels and its size in squares.
 * @property {number} x
 * @property {number} y
 * @property {number} [width=1]   Squares.
 * @property {number} [height=1]  Squares.
 */

/**
 * Whether a person stands beside a motor to get in (Getting a motor › Seats: "Board an actual free seat"; Foundry
 * table guide › Getting in). A ruling, as the book gives no distance: the two tokens' footprints touch or overlap
 * (diagonals included), less than `RULES.chase.boarding.besideSquares` (1) apart, so a bus is boarded from beside any
 * part of it and nobody boards a motor across the street. A person already aboard stands on the motor's square.
 * @param {Footprint} person
 * @param {Footprint} motor
 * @param {number} size  The grid's square, pixels (> 0).
 * @returns {boolean}
 * @throws {RangeError} for a square size that is not a positive number.
 */
export function besideMotor(person, motor, size) {
  if (!(typeof size === "number" && size > 0)) throw new RangeError(`the square size must be > 0 pixels, not ${size}`);
  const apart = (/** @type {number} */ a0, /** @type {number} */ aSquares, /** @type {number} */ b0,
    /** @type {number} */ bSquares) => Math.max(0, b0 - (a0 + aSquares * size), a0 - (b0 + bSquares * size));
  const gap = Math.max(apart(person.x, person.width ?? 1, motor.x, motor.width ?? 1),
    apart(person.y, person.height ?? 1, motor.y, motor.height ?? 1));
  return gap < RULES.chase.boarding.besideSquares * size;
}

/**
 * @typedef {object} SquareFootprint  A token on the map in grid squares: its top-left square and its size.
 * @property {number} i  Row.
 * @property {number} j  Column.
 * @property {number} [w=1]  Squares across.
 * @property {number} [h=1]  Squares down.
 */

/**
 * The most squares a motor's footprint is taken to cover each way when getting in and out. The catalogue's motors are
 * one square (their prototype tokens); a GM may draw a bus longer. A token's size is its owner's to set, so a bigger
 * one reaches no further.
 */
export const MOTOR_REACH_SQUARES = RULES.chase.boarding.motorReachSquares;

/**
 * @param {number|undefined} n  Squares (a token's width or height).
 * @returns {number}  Whole squares, 1 to {@link MOTOR_REACH_SQUARES}.
 */
const reach = n => Math.min(MOTOR_REACH_SQUARES, Math.max(1, Math.round(n ?? 1)));

/**
 * Where a person stands, for getting in: the one square centred on their token, whatever size its owner made it.
 * @param {Footprint} person  Pixels; its size in squares.
 * @param {number} size  The grid's square, pixels.
 * @returns {Footprint}  One square, pixels.
 */
export function standingSquare(person, size) {
  return { x: person.x + ((person.width ?? 1) - 1) * size / 2, y: person.y + ((person.height ?? 1) - 1) * size / 2,
    width: 1, height: 1 };
}

/**
 * A motor's footprint for getting in and out, at most {@link MOTOR_REACH_SQUARES} each way from its top-left corner.
 * Read field by field (a TokenDocument is not spread: its fields need not be its own properties).
 * @param {Footprint} motor  Pixels; its size in squares.
 * @returns {Footprint}
 */
export function motorFootprint(motor) {
  return { x: motor.x, y: motor.y, width: reach(motor.width), height: reach(motor.height) };
}

/**
 * Whether nothing walls a person off from a motor they stand beside (Getting a motor › Seats; Foundry table guide ›
 * Getting in): the line from the middle of the square they stand on to the middle of the motor's first square (its
 * top-left: where its riders are carried) crosses no wall. A ruling, with {@link besideMotor}: nobody gets in through
 * a wall, a shutter or a locked door, and a motor parked across a wall is boarded from the side its first square is on.
 * @param {Footprint} stand  The square the person stands on ({@link standingSquare}), pixels.
 * @param {Footprint} motor  Pixels.
 * @param {number} size  The grid's square, pixels.
 * @param {number[][]} walls  Wall segments [x0, y0, x1, y1], pixels (walls that stop movement).
 * @returns {boolean}
 */
export function reachesMotor(stand, motor, size, walls) {
  const line = [stand.x + size / 2, stand.y + size / 2, motor.x + size / 2, motor.y + size / 2];
  return !walls.some(w => segmentsCross(line, w));
}

/**
 * Where a person gets out of a motor (Getting a motor › Seats, "leave"; a ruling, as the book gives no place): the
 * first square around the motor's footprint that is inside `bounds`, holds no other token and is reached in a straight
 * line from the middle of the motor's first square (its top-left, where its riders are carried) without crossing a
 * wall. The ring is tried clockwise from the motor's right-hand side, top first (the kerb side of a motor facing up
 * the map), then below, left, above; corners between the sides.
 * @param {object} args
 * @param {SquareFootprint} args.motor  Capped at {@link MOTOR_REACH_SQUARES} each way.
 * @param {{i0: number, j0: number, i1: number, j1: number}} args.bounds  Squares a token may stand on: rows i0 to
 *   i1 − 1, columns j0 to j1 − 1 (the scene's image).
 * @param {(i: number, j: number) => boolean} args.taken  Whether another token stands on the square.
 * @param {number[][]} [args.walls]  Wall segments [x0, y0, x1, y1], pixels (none by default).
 * @param {number} [args.size=100]  The grid's square, pixels.
 * @returns {{i: number, j: number}|null}  Null when every square around the motor is walled off, taken or off the
 *   map (the caller leaves the person on the motor's square).
 */
export function alightSquare({ motor, bounds, taken, walls = [], size = 100 }) {
  const { i, j } = motor;
  const w = reach(motor.w);
  const h = reach(motor.h);
  /** @type {[number, number][]} */
  const ring = [];
  for (let r = i; r < i + h; r++) ring.push([r, j + w]);
  ring.push([i + h, j + w]);
  for (let c = j + w - 1; c >= j; c--) ring.push([i + h, c]);
  ring.push([i + h, j - 1]);
  for (let r = i + h - 1; r >= i; r--) ring.push([r, j - 1]);
  ring.push([i - 1, j - 1]);
  for (let c = j; c < j + w; c++) ring.push([i - 1, c]);
  ring.push([i - 1, j + w]);
  const half = size / 2;
  for (const [r, c] of ring) {
    if (r < bounds.i0 || c < bounds.j0 || r >= bounds.i1 || c >= bounds.j1 || taken(r, c)) continue;
    const line = [j * size + half, i * size + half, c * size + half, r * size + half];
    if (!walls.some(wall => segmentsCross(line, wall))) return { i: r, j: c };
  }
  return null;
}

/**
 * Leave a seat. A rider behind a Prisoner cage cannot let themselves out: "Caged occupants need someone outside, a
 * permitted front-seat occupant or the GM to release them" — the releaser must not be aboard this motor, or must sit
 * in a crew seat (the driver included). Records of deleted actors are dropped too.
 * @param {object} args
 * @param {Seat[]} args.seats
 * @param {Occupant[]} args.occupants
 * @param {string} args.actorId  Who gets out.
 * @param {string|null} [args.releaser]  Who lets a caged rider out (an actor id), or null.
 * @param {boolean} [args.gm=false]  The GM lets anyone out.
 * @param {(actorId: string) => boolean} [args.exists]
 * @returns {{ok: true, occupants: Occupant[], seat: string}|Refusal}
 */
export function leave({ seats, occupants, actorId, releaser = null, gm = false, exists = () => true }) {
  const { rows, stray } = seating(seats, occupants, exists);
  const kept = [...rows.flatMap(r => (r.occupant ? [r.occupant] : [])), ...stray];
  const mine = (Array.isArray(occupants) ? occupants : []).find(o => o.actorId === actorId);
  if (!mine) return { ok: false, reason: "notAboard" };
  const seat = seats.find(s => s.id === mine.seat);
  if (seat?.caged && !gm && exists(actorId) && !canRelease({ seats, occupants: kept, releaser, caged: actorId })) {
    return { ok: false, reason: "caged", seat: mine.seat };
  }
  return { ok: true, seat: mine.seat, occupants: kept.filter(o => o.actorId !== actorId) };
}

/**
 * Whether `releaser` may let a caged rider out (Vehicle abilities › Prisoner cage): someone outside this motor, or in
 * one of its crew seats (the front); never the caged rider themselves or another caged passenger.
 * @param {{seats: Seat[], occupants: Occupant[], releaser: string|null, caged: string}} args
 * @returns {boolean}
 */
export function canRelease({ seats, occupants, releaser, caged }) {
  if (!releaser || releaser === caged) return false;
  const at = occupants.find(o => o.actorId === releaser);
  if (!at) return true;
  const seat = seats.find(s => s.id === at.seat);
  return seat?.kind === "driver" || seat?.kind === "crew";
}

// ------------------------------------------------------------------------------------------------ repairs

/**
 * @typedef {object} RepairResult
 * @property {"patchUp"|"toolkit"} kind
 * @property {boolean} success     The roll succeeded (Just About or better).
 * @property {number} restored     Body restored (0 on a failure or a flat fixed).
 * @property {number} body         Body after the repair (never above the maximum).
 * @property {boolean} fixedFlat   One flat tyre fixed (toolkit).
 * @property {number} flatTyres    Flat tyres after the repair.
 * @property {boolean} cost        Just About: it "succeeds with an agreed cost" (toolkit).
 * @property {boolean} patched     The roadside patch is now used until a garage works on the motor.
 */

/**
 * @typedef {object} RepairState  The motor's record before the repair.
 * @property {number} body
 * @property {number} bodyMax
 * @property {number} [flatTyres=0]
 * @property {boolean} [patched=false]   The roadside patch was used since the last garage.
 * @property {boolean} [destroyed=false] A destroyed shell (after the fire): no roadside repair.
 * @property {boolean} [onFire=false]    Burning (0 Body, waiting to explode): nobody repairs it.
 */

/** @param {RepairState} s */
function repairState({ body, bodyMax, flatTyres = 0, patched = false, destroyed = false, onFire = false }) {
  count("body", body);
  count("bodyMax", bodyMax);
  count("flatTyres", flatTyres);
  return { body: Math.min(body, bodyMax), bodyMax, flatTyres, patched: !!patched, destroyed: !!destroyed };
}

/**
 * Whether a repair entry can be tried at all; the refusal reasons a sheet shows before anyone rolls.
 * @param {"patchUp"|"toolkit"} kind
 * @param {RepairState & {mode?: "body"|"flat", fixesFlat?: boolean}} state  mode: what a toolkit repair is for.
 * @returns {{ok: true}|{ok: false, reason: "destroyed"|"burning"|"alreadyPatched"|"noDamage"|"noFlat"|"kitNoFlat"}}
 * @throws {RangeError} for an unknown kind or bad numbers.
 */
export function canRepair(kind, state) {
  if (!REPAIR_KINDS.includes(kind)) throw new RangeError(`repair kind must be ${REPAIR_KINDS.join(" or ")}, got "${kind}"`);
  const s = repairState(state);
  if (s.destroyed) return { ok: false, reason: "destroyed" };
  // "A vehicle at 0 Body catches fire… Everyone must get out": nobody repairs a burning motor.
  if (state.onFire) return { ok: false, reason: "burning" };
  if (kind === "patchUp" && s.patched && FIRE.repairs.patchUp.oncePerGarageVisit) return { ok: false, reason: "alreadyPatched" };
  if (kind === "toolkit" && state.mode === "flat") {
    if (state.fixesFlat === false) return { ok: false, reason: "kitNoFlat" };
    if (!s.flatTyres) return { ok: false, reason: "noFlat" };
    return { ok: true };
  }
  if (s.body >= s.bodyMax) return { ok: false, reason: "noDamage" };
  return { ok: true };
}

/**
 * The roadside patch (Fire, repairs and selling up › Repairs): "while in or beside the motor, roll Graft, Hard.
 * Success restores 2 Body, or 4 on a strong result" (Smashed It or better, see STRONG_FROM), never above the maximum.
 * "Available once until a garage works on the motor": a successful patch marks it used (a failed attempt does not).
 * @param {{outcome: Outcome} & RepairState} args
 * @returns {RepairResult}
 * @throws {RangeError} for an unknown outcome, bad numbers, a patch already used or a destroyed shell.
 */
export function patchUp({ outcome, ...state }) {
  const o = checkOutcome(outcome);
  const s = repairState(state);
  const can = canRepair("patchUp", { ...s, body: 0 });
  if (!can.ok) throw new RangeError(`the roadside patch cannot be applied: ${can.reason}`);
  const p = FIRE.repairs.patchUp;
  const success = succeeded(o);
  const amount = success ? (atLeast(o, STRONG_FROM) ? p.strongBody : p.body) : 0;
  const body = Math.min(s.bodyMax, s.body + amount);
  return { kind: "patchUp", success, restored: body - s.body, body, fixedFlat: false, flatTyres: s.flatTyres,
    cost: false, patched: s.patched || success };
}

/**
 * @typedef {object} KitRepair  A repair kit's numbers (a gear item's `repair`, or the Toolkit's from the rules).
 * @property {string} [stat]
 * @property {Band|null} [band]
 * @property {number} sorted
 * @property {number} smashedIt
 * @property {number|"all"} legendary
 * @property {boolean} [fixesFlat]
 */

/**
 * A Toolkit repair (Repairs: "a Medium Graft repair restores 2 Body on Sorted, 4 on Smashed It, or all on Legendary,
 * and can fix a flat. Just About succeeds with an agreed cost"; Toolkit: "restores Body … or fixes a flat tyre"): one
 * roll either restores Body or fixes one flat tyre (`mode`). Just About restores the Sorted amount, with `cost`. The
 * numbers are the kit's own (`repair`, default the Toolkit's in RULES["vehicle-fire"].repairs.toolkit).
 * @param {{outcome: Outcome, mode?: "body"|"flat", repair?: KitRepair} & RepairState} args
 * @returns {RepairResult}
 * @throws {RangeError} for an unknown outcome or mode, bad numbers, a destroyed shell, or a flat the kit cannot fix.
 */
export function kitRepair({ outcome, mode = "body", repair = FIRE.repairs.toolkit, ...state }) {
  const o = checkOutcome(outcome);
  if (mode !== "body" && mode !== "flat") throw new RangeError(`mode must be body or flat, got "${mode}"`);
  const s = repairState(state);
  if (s.destroyed) throw new RangeError("a destroyed shell cannot be repaired at the roadside");
  if (mode === "flat" && !repair.fixesFlat) throw new RangeError("this kit cannot fix a flat tyre");
  const success = succeeded(o);
  const base = { kind: /** @type {"toolkit"} */ ("toolkit"), success, cost: o === "justAbout", patched: s.patched };
  if (mode === "flat") {
    const fixed = success && s.flatTyres > 0;
    return { ...base, restored: 0, body: s.body, fixedFlat: fixed, flatTyres: s.flatTyres - (fixed ? 1 : 0) };
  }
  /** @type {Record<string, number|"all">} */
  const by = { justAbout: repair.sorted, sorted: repair.sorted, smashedIt: repair.smashedIt, legendary: repair.legendary };
  const amount = success ? by[o] : 0;
  const body = amount === "all" ? s.bodyMax : Math.min(s.bodyMax, s.body + count("repair amount", amount ?? 0));
  return { ...base, restored: body - s.body, body, fixedFlat: false, flatTyres: s.flatTyres };
}

/**
 * Apply one repair entry to one roll — exactly one: "Do not apply both repair entries to one roll".
 * @param {"patchUp"|"toolkit"} kind
 * @param {Parameters<typeof patchUp>[0] & Parameters<typeof kitRepair>[0]} args
 * @returns {RepairResult}
 * @throws {RangeError} for an unknown kind (or what patchUp / kitRepair throw).
 */
export function repair(kind, args) {
  if (kind === "patchUp") return patchUp(args);
  if (kind === "toolkit") return kitRepair(args);
  throw new RangeError(`repair kind must be ${REPAIR_KINDS.join(" or ")}, got "${kind}"`);
}

/**
 * The difficulty band of a repair roll: the patch is Graft, Hard; a kit uses its own band (the Toolkit Medium), or the
 * Toolkit's when the kit prints none.
 * @param {"patchUp"|"toolkit"} kind
 * @param {KitRepair|null} [kit]
 * @returns {{stat: string, band: Band}}
 */
export function repairCheck(kind, kit = null) {
  if (kind === "patchUp") return { stat: FIRE.repairs.patchUp.stat, band: /** @type {Band} */ (FIRE.repairs.patchUp.band) };
  if (kind !== "toolkit") throw new RangeError(`repair kind must be ${REPAIR_KINDS.join(" or ")}, got "${kind}"`);
  return { stat: kit?.stat ?? FIRE.repairs.toolkit.stat, band: /** @type {Band} */ (kit?.band ?? FIRE.repairs.toolkit.band) };
}

/**
 * A garage's bill (Fire, repairs and selling up › Garage work): "£10 per missing Body. A flat tyre counts as six Body
 * for pricing: £60." The garage restores full Body, fixes every flat and makes the roadside patch available again.
 * @param {{body: number, bodyMax: number, flatTyres?: number}} state
 * @returns {{missingBody: number, flatTyres: number, pounds: number}}  pounds: whole pounds.
 * @throws {RangeError} for bad numbers.
 */
export function garageBill({ body, bodyMax, flatTyres = 0 }) {
  const s = repairState({ body, bodyMax, flatTyres });
  const g = FIRE.repairs.garage;
  const missing = s.bodyMax - s.body;
  return { missingBody: missing, flatTyres: s.flatTyres, pounds: missing * g.pricePerBody + s.flatTyres * g.flatTyrePrice };
}

// ------------------------------------------------------------------------------------------------ fire

/**
 * When a motor burns (Fire, repairs and selling up › At zero Body): at 0 Body it catches fire and, in a round-based
 * scene, explodes at the end of the next round (outside rounds after about 15 seconds).
 * @param {{body: number, fireRound?: number|null}} state  fireRound: the round it caught fire in, or null.
 * @returns {{catchesFire: boolean, explodesAtEndOfRound: number|null, countdownSeconds: number}}
 * @throws {RangeError} for a negative Body or a round that is not a whole number.
 */
export function fireState({ body, fireRound = null }) {
  count("body", body);
  if (fireRound !== null && !Number.isInteger(fireRound)) throw new RangeError(`fireRound must be a whole number or null, got ${fireRound}`);
  return { catchesFire: body <= FIRE.catchesFireAtBody,
    explodesAtEndOfRound: fireRound === null ? null : fireRound + FIRE.explodes.roundsLater,
    countdownSeconds: FIRE.explodes.countdownSeconds };
}

// ------------------------------------------------------------------------------------------------ theft

/**
 * @typedef {object} TheftTool  A carried tool's data (a gear item's system): `lockEasing` and `noise`.
 * @property {{targets: string[], bands: number}|null} [lockEasing]
 * @property {"loud"|"silent"|null} [noise]
 */

/**
 * The lock targets a motor's lock counts as (gear `lockEasing.targets`): a bike lock, a car lock (and an older car's,
 * when the thief says it is one), and any lock.
 * @param {{lockKind: string, olderCar?: boolean}} lock
 * @returns {string[]}
 * @throws {RangeError} for an unknown lock kind.
 */
export function lockTargets({ lockKind, olderCar = false }) {
  if (!LOCK_KINDS.includes(lockKind)) throw new RangeError(`lockKind must be one of ${LOCK_KINDS.join(", ")}, got "${lockKind}"`);
  const targets = ["any"];
  if (lockKind === "bike") targets.push("bike");
  if (lockKind === "car") targets.push("car", ...(olderCar ? ["olderCar"] : []));
  return targets;
}

/**
 * How many bands a tool eases this motor's lock (Tools & gear: "bike locks are one band easier", "car locks two
 * bands easier", "older cars one band easier", "makes a lock two bands easier"); 0 when it does not apply.
 * @param {TheftTool|null} tool
 * @param {{lockKind: string, olderCar?: boolean}} lock
 * @returns {number}
 */
export function toolEasing(tool, lock) {
  const e = tool?.lockEasing;
  if (!e) return 0;
  const targets = lockTargets(lock);
  return e.targets.some(t => targets.includes(t)) ? count("bands", e.bands) : 0;
}

/**
 * Whether a tool works this lock (Tools & gear: "Slim Jim · older cars one band easier"): `"fits"` when it eases it;
 * `"olderCarOnly"` when it would ease it only if the car is an older one (`olderCar` false: nobody with the say has
 * said so); `"notThisLock"` when it eases no lock of this kind (or is no theft tool).
 * @param {TheftTool|null} tool
 * @param {{lockKind: string, olderCar?: boolean}} lock
 * @returns {"fits"|"olderCarOnly"|"notThisLock"}
 * @throws {RangeError} for an unknown lock kind.
 */
export function toolFit(tool, { lockKind, olderCar = false }) {
  if (toolEasing(tool, { lockKind, olderCar })) return "fits";
  if (!olderCar && toolEasing(tool, { lockKind, olderCar: true })) return "olderCarOnly";
  return "notThisLock";
}

/**
 * The best of the thief's tools for this lock: the most bands, a quiet one before a loud one on a tie. "A relevant
 * tool may lower its difficulty": one tool, its easing not added to another's.
 * @template {TheftTool} T
 * @param {T[]} tools
 * @param {{lockKind: string, olderCar?: boolean}} lock
 * @returns {T|null}  null when no tool eases this lock.
 */
export function bestTool(tools, lock) {
  let best = null;
  let bestBands = 0;
  for (const t of tools) {
    const bands = toolEasing(t, lock);
    if (bands > bestBands || (bands === bestBands && bands > 0 && best?.noise === "loud" && t.noise !== "loud")) {
      best = t;
      bestBands = bands;
    }
  }
  return best;
}

/**
 * The theft's difficulty (Getting a motor › Theft and recovery: "Roll Graft against the established lock target. A
 * relevant tool may lower its difficulty before that target is set"): the motor's lock band eased by the tool's bands,
 * never below Easy. A bike locked with a Bike Lock (Tools & gear: "Locked bikes need a Hard roll to nick") starts from
 * the lock's band when that is harder than the motor's own (`locked`: the Bike Lock's `bikeLock.band`); the tool then
 * eases that ("bike locks are one band easier").
 * @param {{lock: Band, lockKind: string, olderCar?: boolean, tool?: TheftTool|null, bikeLock?: Band|null}} theft
 *   bikeLock: the band of the Bike Lock the motor is locked with, or null.
 * @returns {{band: Band, base: Band, eased: number, loud: boolean, locked: boolean}}  base: the band before the tool;
 *   eased: bands actually eased; loud: a loud tool; locked: the Bike Lock set the base.
 * @throws {RangeError} for an unknown band or lock kind, or a Bike Lock on a motor that is not a bike.
 */
export function theftBand({ lock, lockKind, olderCar = false, tool = null, bikeLock = null }) {
  const own = BANDS.indexOf(lock);
  if (own < 0) throw new RangeError(`lock must be one of ${BANDS.join(", ")}, got "${lock}"`);
  lockTargets({ lockKind, olderCar }); // validates the lock kind
  let i = own;
  if (bikeLock !== null && bikeLock !== undefined) {
    if (lockKind !== "bike") throw new RangeError(`a Bike Lock locks a bike, not a ${lockKind}`);
    const b = BANDS.indexOf(bikeLock);
    if (b < 0) throw new RangeError(`bikeLock must be one of ${BANDS.join(", ")}, got "${bikeLock}"`);
    i = Math.max(own, b);
  }
  const bands = toolEasing(tool, { lockKind, olderCar });
  const to = Math.max(0, i - bands);
  return { band: /** @type {Band} */ (BANDS[to]), base: /** @type {Band} */ (BANDS[i]), eased: i - to,
    loud: bands > 0 && tool?.noise === "loud", locked: i > own };
}

/**
 * Whether a Bike Lock can lock this motor now (Tools & gear › Bike Lock: "A decent D-lock for your own ride"): a bike
 * (lock kind `bike`), nobody aboard, not already locked, and the locker has a Bike Lock not already on another bike.
 * @param {{lockKind: string, aboard: number, locked: boolean, locks: number, inUse: number}} state
 *   locks: Bike Locks the locker carries; inUse: how many of them already lock a bike.
 * @returns {{ok: true}|{ok: false, reason: "notABike"|"occupied"|"alreadyLocked"|"noLock"}}
 */
export function canBikeLock({ lockKind, aboard, locked, locks, inUse }) {
  if (!LOCK_KINDS.includes(lockKind)) throw new RangeError(`lockKind must be one of ${LOCK_KINDS.join(", ")}, got "${lockKind}"`);
  if (lockKind !== "bike") return { ok: false, reason: "notABike" };
  if (locked) return { ok: false, reason: "alreadyLocked" };
  if (count("aboard", aboard) > 0) return { ok: false, reason: "occupied" };
  if (count("locks", locks) <= count("inUse", inUse)) return { ok: false, reason: "noLock" };
  return { ok: true };
}

/**
 * What a motor opened by theft still needs before it moves (Getting a motor › Theft and recovery: "an open door and a
 * running motor are separate facts"; Tools & gear › Key Programmer: "the car starts clean (no hotwire)"): `clean` when
 * the tool that opened it starts it (`startsClean`), `hotwire` when it still has to be started (GM checks › Hotwire),
 * null when the lock held or for a carjacking (the driver's motor is taken running).
 * @param {{opens: boolean, carjacking?: boolean, tool?: {startsClean?: boolean}|null}} theft
 * @returns {"clean"|"hotwire"|null}
 */
export function theftStart({ opens, carjacking = false, tool = null }) {
  if (!opens || carjacking) return null;
  return tool?.startsClean === true ? "clean" : "hotwire";
}

/**
 * @typedef {object} TheftResult  What the theft roll's outcome does (RULES["vehicle-theft"].results).
 * @property {Outcome} outcome
 * @property {boolean} opens       Sorted or better opens the lock; Just About opens it but somebody sees.
 * @property {boolean} seen        Somebody sees (with a loud tool a Sorted or a Bad Luck is seen too).
 * @property {boolean} costsTime   Bad Luck costs time.
 * @property {boolean} canJam      A Proper Mess can jam the lock.
 */

/**
 * The outcome of a theft roll (Getting a motor › Theft and recovery): "Sorted or better opens the lock. With a loud
 * tool, Sorted can draw witnesses. Just About opens it but somebody sees. Bad Luck costs time; a loud attempt is seen.
 * Proper Mess is seen and can jam the lock."
 * @param {{outcome: Outcome, loud?: boolean}} roll  loud: the attempt used a loud tool.
 * @returns {TheftResult}
 * @throws {RangeError} for an unknown outcome.
 */
export function theftOutcome({ outcome, loud = false }) {
  const o = checkOutcome(outcome);
  const row = THEFT.results.find(r => r.outcome === o);
  if (!row) throw new RangeError(`RULES["vehicle-theft"] has no row for ${o}`);
  const seen = row.seen === "always" || (row.seen === "ifLoud" && !!loud);
  return { outcome: o, opens: row.opens, seen, costsTime: row.costsTime, canJam: row.canJam };
}

/**
 * The witnessed crime a theft is (Heat on your heels › Witnesses make the difference), for the Heat it adds when it
 * is seen: carjacking; stealing a police vehicle (a motor with Police kit); nicking a bike (bicycles, scooters and
 * motorbikes); nicking a car. A docked hire bike's "special theft handling avoids an automatic police call".
 * @param {{lockKind: string, abilities?: string[], carjacking?: boolean}} theft
 * @returns {{key: string, name: string, stars: number, policeCall: boolean}}
 * @throws {RangeError} for an unknown lock kind or a crime missing from the data.
 */
export function theftCrime({ lockKind, abilities = [], carjacking = false }) {
  if (!LOCK_KINDS.includes(lockKind)) throw new RangeError(`lockKind must be one of ${LOCK_KINDS.join(", ")}, got "${lockKind}"`);
  const ids = idList(abilities);
  const key = carjacking ? "carjacking"
    : ids.includes(POLICE_ABILITY) ? "stealing-a-police-vehicle"
      : lockKind === "bike" || lockKind === "motorbike" ? "nicking-a-bike" : "nicking-a-car";
  const crime = RULES["witnessed-crimes"].crimes.find(c => c.key === key);
  if (!crime) throw new RangeError(`RULES["witnessed-crimes"] has no ${key}`);
  return { key, name: crime.name, stars: crime.stars, policeCall: !ids.includes(HIRE_BIKE_ABILITY) };
}

/**
 * The stats a theft may use: Graft against the lock; a carjacking Muscle or Front (RULES["vehicle-theft"]).
 * @param {boolean} carjacking
 * @returns {string[]}
 */
export function theftStats(carjacking) {
  return carjacking ? [...THEFT.carjackingStats] : [THEFT.stat];
}

// ------------------------------------------------------------------------------------------------ incidents

/**
 * @typedef {object} Incident  One entry of a motor's incident record (Skids, collisions and contact › Keep an incident
 *   record: "who hit whom, Body lost, rider injuries, flat tyres, and any witnesses").
 * @property {number|null} round   The combat round, or null outside rounds.
 * @property {string} what         What happened (e.g. "ram", "pit", "skid", "evasive", "fire", "shot", or words).
 * @property {string} vehicle      This motor's name.
 * @property {string} other        Who or what it hit or was hit by ("" for none).
 * @property {number} bodyLost     Body this motor lost.
 * @property {{name: string, damage: number, conditions: string[]}[]} riderInjuries
 * @property {number} flatTyres    Tyres flattened.
 * @property {string} witnesses    Who saw it ("" for nobody known).
 * @property {number} at           When it was recorded: milliseconds since 1970 (real time).
 * @property {string} [id]         The entry's id (the recorder's, so a repeated record is stored once); only when given.
 */

/**
 * Check and complete an incident record entry; missing optional fields get their empty values.
 * @param {Partial<Incident> & {what: string, vehicle: string}} entry
 * @returns {Incident}
 * @throws {RangeError} naming the first bad field.
 */
export function incident(entry) {
  if (!entry || typeof entry !== "object") throw new RangeError("an incident must be an object");
  const { round = null, what, vehicle, other = "", bodyLost = 0, riderInjuries = [], flatTyres = 0, witnesses = "", at, id } = entry;
  if (id !== undefined && (typeof id !== "string" || !id || id.length > 128)) throw new RangeError(`incident id must be a non-empty string, got ${id}`);
  if (round !== null && (!Number.isInteger(round) || round < 0)) throw new RangeError(`incident round must be a whole number or null, got ${round}`);
  for (const [name, v] of [["what", what], ["vehicle", vehicle]]) {
    if (typeof v !== "string" || !v.trim()) throw new RangeError(`incident ${name} must be a non-empty string`);
  }
  for (const [name, v] of [["other", other], ["witnesses", witnesses]]) {
    if (typeof v !== "string") throw new RangeError(`incident ${name} must be a string`);
  }
  count("incident bodyLost", bodyLost);
  count("incident flatTyres", flatTyres);
  if (!Array.isArray(riderInjuries)) throw new RangeError("incident riderInjuries must be a list");
  const injuries = riderInjuries.map((r, i) => {
    if (!r || typeof r.name !== "string") throw new RangeError(`incident riderInjuries.${i}.name must be a string`);
    count(`incident riderInjuries.${i}.damage`, r.damage ?? 0);
    const conditions = r.conditions ?? [];
    if (!Array.isArray(conditions) || conditions.some(c => typeof c !== "string")) {
      throw new RangeError(`incident riderInjuries.${i}.conditions must be a list of Condition ids`);
    }
    return { name: r.name, damage: r.damage ?? 0, conditions: [...conditions] };
  });
  const when = at ?? Date.now();
  if (typeof when !== "number" || !Number.isFinite(when) || when < 0) throw new RangeError(`incident at must be a time in milliseconds, got ${at}`);
  return { round, what: what.trim(), vehicle, other, bodyLost, riderInjuries: injuries, flatTyres, witnesses, at: Math.floor(when),
    ...(id === undefined ? {} : { id }) };
}
