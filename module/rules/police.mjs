/**
 * The police side of Heat, pure: the cool-down timer's arithmetic on active time, who counts as seeing whom (the
 * distance rule and the helicopter), which crime an act is, and the GM's suggested next police move on foot.
 * Rulebook: Heat on your heels (Lose sight, then lose stars); Police at the table (The next police move); The chase
 * gauge (Getting away: 30 squares); Getting a motor › Plate markers.
 * Numbers from RULES.heat, RULES["police-response"] and RULES["witnessed-crimes"] via rules/heat.mjs. Times are
 * **active** milliseconds (server time minus every game pause; documents/active-time.mjs), windows in job-clock
 * seconds, distances in squares.
 * @module rules/police
 */
import { RULES } from "../generated/rules.mjs";
import { assertHeat, coolDownSeconds, crimeById, helicopterUp } from "./heat.mjs";

const POLICE = RULES["police-response"];
/**
 * How far a police unit sees without a drawn canvas (the stand-in's distance rule, and the upper bound on a real
 * canvas): the chase's contact distance — "ends only when everyone wanted is more than 30 squares from every unit".
 * A unit within 30 squares keeps contact; beyond it contact is lost. (A ruling: the book gives no sight range.)
 */
export const SIGHT_SQUARES = POLICE.chaseEndsBeyondSquares;
/** Weapon categories that fire a gun ("Firing a gun"); a weapon with the "stun" trait (a Taser) does not. */
export const GUN_CATEGORIES = Object.freeze(["handgun", "smg", "shotgun", "rifle", "launcher"]);

/**
 * @typedef {object} HeatTimer  The cool-down of one character, as stored (no ticking: a start and a flag).
 * @property {number} stars  0–5.
 * @property {number|null} since  Active ms when this star's out-of-sight run began; null while seen or clean.
 * @property {boolean} seen  A police unit (or the helicopter) can see the character.
 */

/**
 * Whether a police unit at this distance sees the character (the distance rule): within {@link SIGHT_SQUARES}.
 * @param {number|null} squares  Distance in squares, null when not on the same scene.
 * @returns {boolean}
 */
export function withinSight(squares) {
  if (squares === null || squares === undefined) return false;
  if (typeof squares !== "number" || Number.isNaN(squares) || squares < 0) throw new RangeError(`squares must be ≥ 0, got ${squares}`);
  return squares <= SIGHT_SQUARES;
}

/**
 * Whether the police can see a character (Lose sight, then lose stars): the GM's override wins; else a police unit
 * in sight, or the helicopter at 3+ stars while the character is outdoors.
 * @param {{heat: number, unitInSight: boolean, indoors: boolean, override?: "seen"|"unseen"|null}} args
 * @returns {boolean}
 */
export function policeSee({ heat, unitInSight, indoors, override = null }) {
  if (override === "seen") return true;
  if (override === "unseen") return false;
  return !!unitInSight || (helicopterUp(assertHeat(heat)) && !indoors);
}

/**
 * The timer after a sight change (one write per change): seen stops the run (the star's timer restarts when sight
 * is lost again); lost sight starts a fresh run now. Unchanged sight returns the same object (nothing to write).
 * @param {HeatTimer} timer @param {boolean} seen @param {number} now  Active ms.
 * @returns {HeatTimer}
 */
export function sightChanged(timer, seen, now) {
  if (!!timer.seen === !!seen && (seen || timer.stars === 0 || timer.since !== null)) return timer;
  return { stars: timer.stars, seen: !!seen, since: seen || timer.stars === 0 ? null : now };
}

/**
 * The timer after Heat is set (a crime, a service, Busted): a rise or fall starts the new level's star afresh
 * (out of sight) or keeps it stopped (seen); 0 stops it.
 * @param {HeatTimer} timer @param {number} stars @param {number} now @returns {HeatTimer}
 */
export function starsSet(timer, stars, now) {
  assertHeat(stars, "stars");
  return { stars, seen: !!timer.seen, since: stars === 0 || timer.seen ? null : now };
}

/**
 * Seconds left on the current star's timer, or null when it is not running (clean, or seen).
 * @param {HeatTimer} timer @param {number} now  Active ms. @param {boolean} [ghost=false]
 * @returns {number|null} Whole seconds ≥ 0 (rounded up, so a countdown never shows 0 before the star goes).
 */
export function secondsLeft(timer, now, ghost = false) {
  if (timer.seen || timer.since === null || timer.stars === 0) return null;
  const window = /** @type {number} */ (coolDownSeconds({ heat: timer.stars, ghost }));
  // min: a client whose estimate of the server's clock is a little behind the GM's never shows more than the window
  return Math.max(0, Math.min(window, Math.ceil(window - (now - timer.since) / 1000)));
}

/**
 * The timer at `now`: every star whose whole window of active out-of-sight time has passed is lost, one at a time
 * (each lower star starts where the last ended, so a GM away for a while loses exactly the right number). The same
 * object comes back when nothing is due (no write).
 * @param {HeatTimer} timer @param {number} now  Active ms. @param {boolean} [ghost=false]
 * @returns {HeatTimer}
 */
export function coolDown(timer, now, ghost = false) {
  if (timer.seen || timer.since === null || timer.stars === 0) return timer;
  let { stars, since } = timer;
  for (;;) {
    const window = /** @type {number} */ (coolDownSeconds({ heat: stars, ghost })) * 1000;
    if (now - since < window) break;
    since += window;
    stars -= 1;
    if (stars === 0) return { stars: 0, seen: false, since: null };
  }
  return stars === timer.stars ? timer : { stars, seen: false, since };
}

/**
 * The crime an attack is (Witnesses make the difference): a gun fired ("firing-a-gun"), an attack on a police officer
 * ("assaulting-a-police-officer"), else "assault"; one act, one crime — the one with more stars, the police crime on
 * a tie. A killing (Wasted by an attack) is "killing-a-police-officer" or "killing-someone".
 * @param {{category: string, traits?: string[], targetPolice?: boolean, killed?: boolean}} act
 * @returns {string} A crime id of witnessed-crimes.yml.
 */
export function attackCrime({ category, traits = [], targetPolice = false, killed = false }) {
  if (killed) return targetPolice ? "killing-a-police-officer" : "killing-someone";
  const person = targetPolice ? "assaulting-a-police-officer" : "assault";
  if (!GUN_CATEGORIES.includes(category) || traits.includes("stun")) return person;
  return crimeById("firing-a-gun").stars > crimeById(person).stars ? "firing-a-gun" : person;
}

/**
 * Whether a drive is dangerous driving (a ruling: the book names the crime, not the trigger): a failed gauge check in
 * yellow or red, or any drive that reaches red.
 * @param {{band: "green"|"yellow"|"red", failed?: boolean}} drive @returns {boolean}
 */
export function dangerousDriving({ band, failed = false }) {
  return band === "red" || (band === "yellow" && !!failed);
}

/**
 * The GM's suggested next police move for officers near a suspect on foot (Police at the table › The next police
 * move): demand a stop at one star; grab and cuff a surrendered or susceptible target when close; Tasers at two stars
 * or against an armed person; CS and batons close up; armed officers shoot at four; officers get out of a motor within
 * four squares.
 * @param {{stars: number, armed?: boolean, surrendered?: boolean, susceptible?: boolean, distance?: number|null,
 *   inMotor?: boolean, armedUnit?: boolean}} s  distance in squares to the suspect.
 * @returns {string[]} Move ids in order: "dismount", "stop", "cuff", "taser", "closeUp", "shoot", or ["none"].
 */
export function footMove({ stars, armed = false, surrendered = false, susceptible = false, distance = null, inMotor = false,
  armedUnit = false }) {
  assertHeat(stars, "stars");
  const t = POLICE.tactics;
  if (stars < t.demandStopFromStars) return ["none"];
  const close = distance !== null && distance <= 1;
  const moves = [];
  if (inMotor && distance !== null && distance <= t.dismountWithinSquares) moves.push("dismount");
  if (surrendered || susceptible) moves.push(close ? "cuff" : "stop");
  else moves.push("stop");
  if (stars >= t.tasersFromStars || armed) moves.push("taser");
  if (close) moves.push("closeUp");
  if (armedUnit && stars >= t.armedShootFromStars) moves.push("shoot");
  return moves;
}

/**
 * A plate's ANPR reading (Getting a motor › Plate markers; Police at the table › ANPR Ping): a motor whose recorded
 * marker is hot (nicked and reported) is a hit, +1 Heat ("If they are in a nicked vehicle"); new plates or a respray
 * give it a new marker that reads clean.
 * @param {{stolen?: boolean, hot?: boolean}|null} plate  The motor's plate record (null: never recorded, clean).
 * @returns {{hit: boolean, heat: number}}
 */
export function anprRead(plate) {
  const event = POLICE.events.find(e => e.key === "anpr-ping");
  const hit = !!plate?.stolen && !!plate?.hot;
  return { hit, heat: hit ? event.heat : 0 };
}
