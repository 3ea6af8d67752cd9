/**
 * The chase gauge and what happens around it: a motor's adjusted numbers (flat tyres, low Body), the cumulative
 * movement gauge of one driving action (bands, lines crossed, state, a move planned up to the next line whose check is
 * due), failed gauge checks, evasive manoeuvres, rams, the PIT, the getaway distance, the blast of a burning motor,
 * and the police units' crew die and next move. Distances are in squares.
 * Rulebook: The chase gauge (Distance belongs to the action; Make the check at the line; Tyres and damage; Getting
 * away); Skids, collisions and contact (Failed gauge checks; Evasive manoeuvre; Ram; PIT); Fire, repairs and
 * selling up › At zero Body; Police at the table › The next police move.
 * Every number is read from RULES.chase, RULES["vehicle-fire"] and RULES["police-response"] (packs-src/rules/chase.yml,
 * vehicle-fire.yml, police-response.yml).
 * Pure: imports only generated data and sibling rules, no Foundry globals.
 * @module rules/chase-gauge
 */
import { RULES } from "../generated/rules.mjs";
import { stepDie } from "./dice.mjs";

const CHASE = RULES.chase;
const FIRE = RULES["vehicle-fire"];
const GAUGE_BANDS = CHASE.gauge.bands;
const OUTCOME_IDS = RULES.outcomes.outcomes.map(o => o.id);
/** The lowest margin that succeeds (Just About): a ram at or above it hits. */
const HIT_FROM = Math.min(...RULES.outcomes.outcomes.filter(o => o.success).map(o => o.margin.min ?? -Infinity));

/**
 * @typedef {"green"|"yellow"|"red"} GaugeBand  A band of the gauge.
 * @typedef {"properMess"|"badLuck"|"justAbout"|"sorted"|"smashedIt"|"legendary"} Outcome  A check's outcome id.
 */

/**
 * Round to the nearest whole number (halves up), immune to binary noise such as 10 × 0.85 = 8.499….
 * @param {number} x
 * @returns {number}
 */
const roundNearest = x => Math.round(Number(x.toFixed(9)));

/**
 * A non-negative finite number, or a RangeError naming it.
 * @param {string} name
 * @param {unknown} value
 * @returns {number}
 */
function nonNegative(name, value) {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative number of squares, got ${value}`);
  }
  return value;
}

/**
 * A non-negative whole number (Size, flat tyres), or a RangeError naming it.
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
 * @param {unknown} band
 * @param {string[]} allowed
 * @returns {GaugeBand}
 */
function checkBand(band, allowed) {
  if (typeof band !== "string" || !allowed.includes(band)) {
    throw new RangeError(`band must be one of ${allowed.join(", ")}, got "${band}"`);
  }
  return /** @type {GaugeBand} */ (band);
}

/**
 * @param {unknown} outcome
 * @param {string[]} [allowed]
 * @returns {Outcome}
 */
function checkOutcome(outcome, allowed = OUTCOME_IDS) {
  if (typeof outcome !== "string" || !allowed.includes(outcome)) {
    throw new RangeError(`outcome must be one of ${allowed.join(", ")}, got "${outcome}"`);
  }
  return /** @type {Outcome} */ (outcome);
}

/**
 * @typedef {object} VehicleNumbers
 * @property {number} performance  Performance die faces (4 … 12).
 * @property {number} handling     Handling modifier.
 * @property {number} speed        Speed in squares.
 * @property {number} [body]       Current Body (omit to ignore low Body).
 * @property {number} [bodyMax]    Maximum Body.
 * @property {number} [flatTyres=0]  Number of flat tyres.
 */

/**
 * @typedef {object} AdjustedVehicle
 * @property {number} performance  Performance die after the flat tyres' steps down.
 * @property {number} handling     Handling after the flat tyres.
 * @property {number} speed        Speed in squares after flat tyres and low Body.
 * @property {number} flatTyres
 * @property {boolean} lowBody     Body is below half its maximum (Speed × 0.85).
 */

/**
 * A motor's numbers for the chase (The chase gauge › Tyres and damage): each flat tyre steps Performance down once,
 * takes 2 from Handling and 2 squares from Speed (to a minimum of 2 squares); then, below half Body, Speed × 0.85
 * rounded to the nearest square. Yellow and red are then rounded from this adjusted Speed (gaugeBands).
 * @param {VehicleNumbers} vehicle
 * @returns {AdjustedVehicle}
 * @throws {RangeError} for a Performance die off the ladder or stepped below d4 (dice.stepDie), a negative Speed,
 *   or a flat-tyre count that is not a whole number 0 or more.
 */
export function adjustedVehicle({ performance, handling, speed, body, bodyMax, flatTyres = 0 }) {
  const flat = CHASE.flatTyre;
  const low = CHASE.lowBody;
  const flats = count("flatTyres", flatTyres);
  nonNegative("speed", speed);
  const die = stepDie(performance, flat.performanceSteps * flats).die;
  let adjusted = flats ? Math.max(flat.minimumSpeed, speed + flat.speed * flats) : speed;
  const lowBody = typeof body === "number" && typeof bodyMax === "number" && bodyMax > 0 && body < bodyMax * low.belowFraction;
  if (lowBody) adjusted = roundNearest(adjusted * low.speedMultiplier);
  return { performance: die, handling: handling + flat.handling * flats, speed: adjusted, flatTyres: flats, lowBody };
}

/**
 * The cumulative limits of the gauge for a Speed (The chase gauge › Distance belongs to the action): green up to
 * Speed, yellow up to round(1½ × Speed), red up to round(2 × Speed) squares travelled in the action. Speed 10 gives
 * 10 / 15 / 20.
 * @param {number} speed  The motor's (adjusted) Speed in squares.
 * @returns {{green: number, yellow: number, red: number}}  Squares travelled at which each band ends.
 * @throws {RangeError} for a negative or non-finite Speed.
 */
export function gaugeBands(speed) {
  nonNegative("speed", speed);
  const limits = /** @type {Record<GaugeBand, number>} */ ({});
  for (const b of GAUGE_BANDS) limits[/** @type {GaugeBand} */ (b.id)] = roundNearest(b.multiplier * speed);
  return { green: limits.green, yellow: limits.yellow, red: limits.red };
}

/**
 * @typedef {object} GaugeState
 * @property {GaugeBand|"over"} band  The band the motor is in; "over" past red's limit (not allowed).
 * @property {number} left        Squares left in the current band (0 when over).
 * @property {number} redLeft     Squares left to red's limit, the end of the action's driving (0 when over).
 * @property {"medium"|"hard"|null} check  The gauge check the band calls for (made at its line), null in green.
 * @property {number} handling    The Handling penalty in the band (0, −1, −2); a later band's replaces the earlier.
 * @property {{green: number, yellow: number, red: number}} limits
 */

/**
 * Where a motor stands on the gauge after travelling some squares in this driving action (The chase gauge › Make
 * the check at the line). A band includes its limit: exactly Speed is still green. Penalties replace, not add: red
 * is −2, never −3. Past red the band is "over", keeping red's −2. After 12 squares at Speed 10: yellow, 3 left,
 * 8 to red's limit.
 * @param {number} speed      The motor's (adjusted) Speed in squares.
 * @param {number} travelled  Squares travelled so far in this action (reset to 0 at each driving action).
 * @returns {GaugeState}
 * @throws {RangeError} for a negative or non-finite Speed or distance.
 */
export function gaugeState(speed, travelled) {
  nonNegative("travelled", travelled);
  const limits = gaugeBands(speed);
  const redLeft = Math.max(0, limits.red - travelled);
  for (const b of GAUGE_BANDS) {
    const id = /** @type {GaugeBand} */ (b.id);
    if (travelled <= limits[id]) {
      return { band: id, left: limits[id] - travelled, redLeft, check: /** @type {"medium"|"hard"|null} */ (b.check),
        handling: b.handling, limits };
    }
  }
  const last = GAUGE_BANDS[GAUGE_BANDS.length - 1];
  return { band: "over", left: 0, redLeft: 0, check: null, handling: last.handling, limits };
}

/**
 * @typedef {object} GaugeLine  A band line a move crosses.
 * @property {GaugeBand|"over"} band  The band entered; "over" marks red's limit, where the action's driving ends.
 * @property {number} at          Squares travelled at the line (the previous band's limit).
 * @property {"medium"|"hard"|null} check  The check made at the line before carrying on (null for "over").
 * @property {number} handling    The Handling penalty from the line on (it replaces the previous one).
 */

/**
 * The band lines a move from `from` to `to` squares travelled (in one driving action) crosses, in order (The chase
 * gauge › Make the check at the line): each line's check is made at the line before carrying on; a failure ends the
 * driving there. A move that ends exactly on a limit has not crossed it. An "over" entry says the move would pass
 * red's limit: stop it at `at`.
 * @param {number} speed  The motor's (adjusted) Speed in squares.
 * @param {number} from   Squares travelled before the move.
 * @param {number} to     Squares travelled after it.
 * @returns {GaugeLine[]}
 * @throws {RangeError} for a negative or non-finite number, or `to` before `from`.
 */
export function crossing(speed, from, to) {
  nonNegative("from", from);
  nonNegative("to", to);
  if (to < from) throw new RangeError(`a move cannot go back on the gauge (from ${from} to ${to})`);
  const limits = gaugeBands(speed);
  /** @type {GaugeLine[]} */
  const lines = [];
  for (let i = 1; i <= GAUGE_BANDS.length; i++) {
    const previous = /** @type {GaugeBand} */ (GAUGE_BANDS[i - 1].id);
    const at = limits[previous];
    if (!(at >= from && at < to)) continue;
    const band = GAUGE_BANDS[i];
    if (band) {
      lines.push({ band: /** @type {GaugeBand} */ (band.id), at, check: /** @type {"medium"|"hard"|null} */ (band.check),
        handling: band.handling });
    } else {
      lines.push({ band: "over", at, check: null, handling: GAUGE_BANDS[i - 1].handling });
    }
  }
  return lines;
}

/**
 * @typedef {object} GaugeFailure
 * @property {number} body          Body the motor loses.
 * @property {string[]} conditions  Conditions for the riders (Proper Mess: Shaken).
 * @property {number} riderDamage   Damage to each rider (a red Proper Mess: 2).
 * @property {boolean} stopsAction  The driving action stops (always).
 */

/**
 * The loss of control on a failed gauge check (Skids, collisions and contact › Failed gauge checks): Bad Luck costs
 * 2 Body in yellow, 3 in red; a Proper Mess 4 in yellow, 7 in red; Size 3 or larger adds 1. A Proper Mess also gives
 * Shaken, and in red 2 damage to riders. The driving action stops.
 * @param {{band: "yellow"|"red", outcome: "badLuck"|"properMess", size?: number}} failure  size: the motor's Size
 *   (default 0).
 * @returns {GaugeFailure}
 * @throws {RangeError} for green (no gauge check), an outcome that is not a failure, or a bad Size.
 */
export function failedGaugeCheck({ band, outcome, size = 0 }) {
  const f = CHASE.failedCheck;
  const b = /** @type {"yellow"|"red"} */ (checkBand(band, Object.keys(f.bodyLoss.badLuck)));
  const o = /** @type {"badLuck"|"properMess"} */ (checkOutcome(outcome, Object.keys(f.bodyLoss)));
  const large = count("size", size) >= f.largeSize.minSize ? f.largeSize.extraBody : 0;
  const mess = o === "properMess";
  return {
    body: f.bodyLoss[o][b] + large,
    conditions: mess ? [...f.properMessConditions] : [],
    riderDamage: mess && b === "red" ? f.redProperMessRiderDamage : 0,
    stopsAction: true
  };
}

/**
 * @typedef {object} EvasiveResult
 * @property {"easy"|"medium"|"hard"} check  The Wheels check's band for the gauge band.
 * @property {number} pace          0 in green, 2 in yellow, 4 in red.
 * @property {boolean} clear        Sorted or better: swerves clear, nothing lost.
 * @property {number} body          Body this motor loses (each vehicle loses its own, by the other's Size).
 * @property {number} riderDamage   Damage to each rider of this motor.
 * @property {string[]} conditions  Conditions for its riders.
 * @property {boolean} stopsAction  A Proper Mess stops the action.
 */

/**
 * An evasive manoeuvre when a move crosses another vehicle (Skids, collisions and contact › Evasive manoeuvre):
 * Wheels, Easy in green, Medium in yellow, Hard in red. Sorted or better swerves clear; Just About scrapes both for
 * 1 Body each; Bad Luck: each loses 2 + pace + the other vehicle's Size; Proper Mess: each loses 4 + pace + twice the
 * other's Size, 2 damage to riders and Shaken, and the action stops. An ordinary red failure deals 1 to riders;
 * yellow or red ordinary failures give Bruised. Call once per vehicle, with the OTHER vehicle's Size.
 * @param {{band: GaugeBand, outcome?: Outcome|null, otherSize?: number}} manoeuvre  outcome null/omitted: only the
 *   check and pace; otherSize default 0.
 * @returns {EvasiveResult}
 * @throws {RangeError} for an unknown band or outcome, or a bad Size.
 */
export function evasiveManoeuvre({ band, outcome = null, otherSize = 0 }) {
  const e = CHASE.evasive;
  const b = checkBand(band, Object.keys(e.bands));
  const other = count("otherSize", otherSize);
  const pace = e.pace[b];
  /** @type {EvasiveResult} */
  const result = { check: /** @type {"easy"|"medium"|"hard"} */ (e.bands[b]), pace, clear: false, body: 0, riderDamage: 0,
    conditions: [], stopsAction: false };
  if (outcome === null) return result;
  const o = checkOutcome(outcome);
  if (o === "justAbout") return { ...result, body: e.justAbout.body };
  if (o === "badLuck") {
    const riders = /** @type {Record<string, {damage: number, conditions: string[]}>} */ (e.riders)[`${b}BadLuck`];
    return { ...result, body: e.badLuck.base + pace + e.badLuck.otherSizeMultiplier * other,
      riderDamage: riders?.damage ?? 0, conditions: [...(riders?.conditions ?? [])] };
  }
  if (o === "properMess") {
    return { ...result, body: e.properMess.base + pace + e.properMess.otherSizeMultiplier * other,
      riderDamage: e.riders.properMess.damage, conditions: [...e.riders.properMess.conditions], stopsAction: e.properMessStopsAction };
  }
  return { ...result, clear: true };
}

/**
 * @typedef {object} RamResult
 * @property {boolean} hit         The Wheels check met the target's Guard (margin 0 or more).
 * @property {number} damage       Collision damage to the target (Body for a vehicle, damage for a person).
 * @property {number} self         Body your motor loses.
 * @property {string[]} conditions Conditions for a rammed person (Prone on positive damage).
 */

/**
 * A ram (Skids, collisions and contact › Ram): Wheels against the target's Guard; on a hit the damage is margin +
 * twice your vehicle's Size; your motor suffers half of it rounded up against a vehicle, a quarter rounded up against
 * a person, and positive damage knocks a person Prone. A miss does nothing.
 * @param {{margin: number, ownSize: number, target?: "vehicle"|"person"}} ram  margin: the Wheels total minus the
 *   target's Guard; target default "vehicle".
 * @returns {RamResult}
 * @throws {RangeError} for an unknown target, a non-finite margin or a bad Size.
 */
export function ram({ margin, ownSize, target = "vehicle" }) {
  const r = CHASE.ram;
  const divisors = /** @type {Record<string, number>} */ (r.selfDivisor);
  if (!(target in divisors)) throw new RangeError(`ram target must be ${Object.keys(divisors).join(" or ")}, got "${target}"`);
  if (typeof margin !== "number" || !Number.isFinite(margin)) throw new RangeError(`margin must be a number, got ${margin}`);
  const size = count("ownSize", ownSize);
  if (margin < HIT_FROM) return { hit: false, damage: 0, self: 0, conditions: [] };
  const damage = margin + r.ownSizeMultiplier * size;
  const self = Math.ceil(damage / divisors[target]);
  const conditions = target === "person" && damage > 0 ? [...r.personConditions] : [];
  return { hit: true, damage, self, conditions };
}

/**
 * What a successful PIT does when the target's driver fails Wheels, Hard (Skids, collisions and contact › PIT): the
 * target spins, loses 4 Body (5 at Size 3 or larger), its riders are Shaken and it loses its next speed-die action.
 * Attempting it needs the motors within 4 squares (RULES.chase.pit.withinSquares).
 * @param {{size?: number}} target  size: the TARGET vehicle's Size (default 0).
 * @returns {{body: number, riderConditions: string[], losesNextAction: boolean}}
 * @throws {RangeError} for a bad Size.
 */
export function pit({ size = 0 } = {}) {
  const p = CHASE.pit;
  const large = count("size", size) >= p.largeSize.minSize;
  return { body: large ? p.largeSize.body : p.body, riderConditions: [...p.riderConditions], losesNextAction: p.losesNextAction };
}

/**
 * Whether the immediate chase ends at the end of a round (The chase gauge › Getting away): every wanted
 * participant must be MORE than 30 squares from every pursuing unit; exactly 30 is not enough. Heat still has to
 * cool (RULES.chase.getaway.clearsHeat).
 * @param {Iterable<number|Iterable<number>>} distances  Squares between each wanted participant and each pursuer:
 *   a flat list of pair distances, or one list per wanted participant. No pairs (no pursuer) gives true.
 * @returns {boolean}
 * @throws {RangeError} for a negative or non-finite distance.
 */
export function getaway(distances) {
  const beyond = CHASE.getaway.beyondSquares;
  for (const entry of distances) {
    const list = typeof entry === "number" ? [entry] : entry;
    for (const d of list) if (nonNegative("distance", d) <= beyond) return false;
  }
  return true;
}

/**
 * @typedef {typeof FIRE.blast[number]} BlastRow  A row of the blast table: {id, target, label, over, upTo, damage,
 *   body, conditions, fireIfZero, printedHarm, printedConditions}.
 */

/**
 * The row of the blast table for someone or something when a motor at 0 Body explodes (Fire, repairs and selling up
 * › At zero Body): still inside 10 damage and Burning; outside within 2 squares 5 damage, Burning and Prone; over
 * 2 to 4 squares 2 damage and Prone; a vehicle within 2 squares 5 Body, over 2 to 4 2 Body (fire if reduced to 0).
 * Further away nothing happens (null). The blast goes off at the end of the next round (about 15 seconds outside
 * rounds: RULES["vehicle-fire"].explodes).
 * @param {number} distanceSquares  Squares from the burning motor (ignored when inside).
 * @param {{inside?: boolean, target?: "person"|"vehicle"}} [opts]  inside: still in the motor (a person);
 *   target default "person".
 * @returns {BlastRow|null}
 * @throws {RangeError} for a negative or non-finite distance (when outside), an unknown target, or a vehicle inside.
 */
export function vehicleFire(distanceSquares, { inside = false, target = "person" } = {}) {
  const rows = FIRE.blast.filter(r => r.target === target);
  if (!rows.length) throw new RangeError(`blast target must be person or vehicle, got "${target}"`);
  if (inside) {
    const row = rows.find(r => r.over === null && r.upTo === null);
    if (!row) throw new RangeError(`a ${target} cannot be inside the burning motor`);
    return row;
  }
  const d = nonNegative("distanceSquares", distanceSquares);
  return rows.find(r => r.upTo !== null && (r.over === null || d > r.over) && d <= r.upTo) ?? null;
}

// ------------------------------------------------------------------------------------------------ a move on the gauge

const BAND_ORDER = GAUGE_BANDS.map(b => /** @type {GaugeBand} */ (b.id));

/**
 * @typedef {object} GaugeMove  What may happen to a move of `squares` on the gauge now.
 * @property {number} allowed  Squares the motor may move before it must stop (0 … squares).
 * @property {GaugeLine|null} stop  The line that stops it: a band whose check is due there ("yellow" / "red"), or
 *   "over" at red's limit (the action's driving ends); null when the whole move goes through.
 * @property {GaugeState} after  Where the motor stands after moving `allowed` squares.
 */

/**
 * Plan a move of one driving action on the gauge (The chase gauge › Make the check at the line): the first line the
 * move would cross whose check has not been passed yet stops it at that line ("Crossing into yellow triggers its check
 * before you carry on"); a line already passed lets the motor carry on "up to the current limit"; red's limit is the
 * end of the action's driving. At Speed 10 from 0, a move of 12 stops at 10 for the Medium check; once it is passed,
 * 2 more go through (12 travelled: 3 yellow or 8 red left); a further 10 stops at 15 for the Hard check; after that
 * at most 5 more, to 20.
 * @param {object} move
 * @param {number} move.speed      The motor's adjusted Speed in squares.
 * @param {number} move.travelled  Squares already travelled in this action.
 * @param {number} move.squares    Squares the move would add.
 * @param {GaugeBand} [move.cleared="green"]  The furthest band whose line check this action has passed ("green":
 *   none yet).
 * @returns {GaugeMove}
 * @throws {RangeError} for a negative or non-finite number or an unknown band.
 */
export function planMove({ speed, travelled, squares, cleared = "green" }) {
  nonNegative("squares", squares);
  const passed = BAND_ORDER.indexOf(checkBand(cleared, BAND_ORDER));
  const lines = crossing(speed, travelled, travelled + squares);
  const stop = lines.find(l => l.band === "over" || BAND_ORDER.indexOf(l.band) > passed) ?? null;
  const allowed = stop ? stop.at - travelled : squares;
  return { allowed, stop, after: gaugeState(speed, travelled + allowed) };
}

// ------------------------------------------------------------------------------------------------ police units

const POLICE = RULES["police-response"];

/**
 * The Wheels die of a police or traffic unit nobody from the table drives (Police at the table › The next police
 * move: "Use Wheels d8 for an unassigned police driver, d6 for ordinary traffic, unless the vehicle has an explicit
 * crew die").
 * @param {{police: boolean, crewDie?: number|null}} unit  police: a police unit; crewDie: the unit's own crew die.
 * @returns {number}  Die faces.
 * @throws {RangeError} for a crew die off the ladder.
 */
export function crewWheels({ police, crewDie = null }) {
  if (crewDie !== null && crewDie !== undefined) {
    if (!RULES.dice.ladder.includes(crewDie)) throw new RangeError(`crewDie must be one of ${RULES.dice.ladder.join(", ")}, got ${crewDie}`);
    return crewDie;
  }
  return police ? POLICE.driverWheels.police : POLICE.driverWheels.traffic;
}

/**
 * @typedef {object} PoliceMove  The police unit's suggested next move in a chase.
 * @property {"none"|"close"|"pit"|"ram"|"fire"} move  none: nobody wanted (0 stars); close: drive to get alongside
 *   for a PIT; pit, ram, fire: the tactic.
 * @property {number} stars  The Heat it answers (the highest among the wanted).
 */

/**
 * The next police move in a chase (Police at the table › The next police move: "In a chase, nearby units PIT at low
 * Heat and ram at three or more; armed units can fire at four"), from the highest Heat star among the wanted. A PIT
 * needs the unit within 4 squares (Skids, collisions and contact › PIT); further away it closes in first.
 * @param {{stars: number, armed?: boolean, distance?: number|null}} unit  stars: 0–5; armed: the unit carries
 *   firearms (an ARV); distance: squares to the nearest wanted participant (null: unknown).
 * @returns {PoliceMove}
 * @throws {RangeError} for stars that are not a whole number 0–5 or a negative distance.
 */
export function policeMove({ stars, armed = false, distance = null }) {
  if (!Number.isInteger(stars) || stars < 0 || stars > RULES.heat.max) {
    throw new RangeError(`stars must be a whole number 0–${RULES.heat.max}, got ${stars}`);
  }
  if (distance !== null) nonNegative("distance", distance);
  const t = POLICE.tactics;
  if (stars === 0) return { move: "none", stars };
  if (armed && stars >= t.chaseArmedFireFromStars) return { move: "fire", stars };
  if (stars >= t.chaseRamFromStars) return { move: "ram", stars };
  if (stars < t.chasePitBelowStars) {
    return { move: distance !== null && distance > CHASE.pit.withinSquares ? "close" : "pit", stars };
  }
  return { move: "ram", stars };
}

/**
 * The Heat from which the mapped chase counts a character as wanted (The chase gauge: "When police get eyes on a
 * wanted driver, or chase a suspect on foot at two stars or more"): on foot `RULES.chase.footChaseFromStars` (2);
 * a driver (or anyone aboard a motor) `RULES.chase.wantedDriverFromStars` — 2, the Heat table's "2 · Wanted | Area
 * cars hunt you and give chase on sight" (at 1, Clocked, "Cops who see you will stop you": a stop, not a chase).
 * @param {{aboard: boolean}} args  aboard: the character rides in a motor.
 * @returns {number} Stars.
 */
export function wantedFromStars({ aboard }) {
  return aboard ? RULES.chase.wantedDriverFromStars : RULES.chase.footChaseFromStars;
}
