/**
 * The police side of Heat, pure: the cool-down timer's arithmetic on active time, who counts as seeing whom (the
 * distance rule and the helicopter), which crime an act is, and the GM's suggested next police move on foot.
 * Rulebook: Heat on your heels (Lose sight, then lose stars); Police at the table (The next police move); The chase
 * gauge (Getting away: 30 squares); Getting a motor › Plate markers.
 * Numbers from RULES.heat, RULES["police-response"] and RULES["witnessed-crimes"] via rules/heat.mjs. Times are
 * **active** milliseconds (server time minus every game pause; documents/core/active-time.mjs), windows in job-clock
 * seconds, distances in squares.
 * @module rules/police
 */
import { RULES } from "../generated/rules.mjs";
import { assertHeat, coolDownSeconds, crimeById, helicopterUp, talkOutOfStopBand } from "./heat.mjs";
import { policeStopStart } from "./progression.mjs";

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
 * @param {HeatTimer} timer
 * @param {boolean} seen
 * @param {number} now  Active ms.
 * @returns {HeatTimer}
 */
export function sightChanged(timer, seen, now) {
  if (!!timer.seen === !!seen && (seen || timer.stars === 0 || timer.since !== null)) return timer;
  return { stars: timer.stars, seen: !!seen, since: seen || timer.stars === 0 ? null : now };
}

/**
 * The timer after Heat is set (a crime, a service, Busted): a rise or fall starts the new level's star afresh
 * (out of sight) or keeps it stopped (seen); 0 stops it.
 * @param {HeatTimer} timer
 * @param {number} stars
 * @param {number} now
 * @returns {HeatTimer}
 */
export function starsSet(timer, stars, now) {
  assertHeat(stars, "stars");
  return { stars, seen: !!timer.seen, since: stars === 0 || timer.seen ? null : now };
}

/**
 * Seconds left on the current star's timer, or null when it is not running (clean, or seen).
 * @param {HeatTimer} timer
 * @param {number} now  Active ms.
 * @param {boolean} [ghost=false]
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
 * @param {HeatTimer} timer
 * @param {number} now  Active ms.
 * @param {boolean} [ghost=false]
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
 * @param {{band: "green"|"yellow"|"red", failed?: boolean}} drive
 * @returns {boolean}
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

/**
 * One pass of a hot motor by the police (Police at the table › ANPR Ping: "A camera on the A10 reads your plate. If the
 * motor is nicked, every unit hears it. | If they are in a nicked vehicle: +1 Heat"). Ruling (docs/guide/13-rulings.md,
 * ANPR*): one read is one ping, however many units read the plate in that drive: +1 Heat once; every unit on the
 * scene hears it, so none of them pings this marker again. A unit that had not heard it (one called in after) reads it
 * anew on a later drive; the GM's ANPR (a camera, a street event) is always a new read.
 * @param {{plate: {stolen?: boolean, hot?: boolean, pinged?: string[]}|null, readers: string[]|null, heardBy?: string[]}} pass
 *   readers: the units (token ids) whose ANPR read the plate in this drive, or null for the GM's read; heardBy: every
 *   unit on the scene (they hear the ping).
 * @returns {{ping: boolean, heat: number, pinged: string[]}}  ping: a new hit; heat: the stars it adds to each
 *   character aboard (0 without a ping); pinged: the units that have heard this marker after the pass.
 */
export function anprPass({ plate, readers, heardBy = [] }) {
  const before = plate?.pinged ?? [];
  const read = anprRead(plate);
  const fresh = readers === null || readers.some(id => !before.includes(id));
  if (!read.hit || !fresh) return { ping: false, heat: 0, pinged: before };
  return { ping: true, heat: read.heat, pinged: [...new Set([...before, ...(readers ?? []), ...heardBy])] };
}

/**
 * The check that swaps Spare Plates onto a motor (Tools & gear › Spare Plates: "Swap them (Graft, Easy) and the police
 * scanner reads the new plate"): the stat and band the gear's entry names (packs-src/gear `plateSwap`).
 * @param {{plateSwap?: {stat: string, band: string}|null}|null} gear  A gear item's system data (null: none recorded).
 * @returns {{stat: string, band: string}}
 * @throws {RangeError} for gear that swaps no plates.
 */
export function plateSwapCheck(gear) {
  const swap = gear?.plateSwap;
  if (!swap) throw new RangeError("this gear swaps no plates");
  return { stat: swap.stat, band: swap.band };
}

/**
 * What a plate swap's check does (Getting a motor › Plate markers: "New plates or the abstract respray service change
 * that marker in the game"): a success (margin ≥ the success margin, packs-src/rules/outcomes.yml) gives the motor a
 * new marker, which {@link anprRead} reads clean, and uses the pair of plates; a failure changes nothing and keeps
 * them (the book names no cost of failing: the Rulings say so).
 * @param {number} margin  The check's margin.
 * @returns {{newMarker: boolean, platesUsed: boolean}}
 */
export function plateSwapResult(margin) {
  const ok = margin >= RULES.outcomes.successAtMargin;
  return { newMarker: ok, platesUsed: ok };
}

/**
 * Whether a stop catches a drink-driver (Conditions › Mullered: "Drink-driving is a crime if you are stopped"): the
 * stopped character is at the wheel with the Condition police-response.yml `drinkDriving` names (Mullered). The book
 * prints no Heat for it; the stop names it and the GM rules the cost.
 * @param {{conditions: Iterable<string>, driving: boolean}} args  The character's active Condition ids; whether they
 *   are in a motor's driver's seat.
 * @returns {boolean}
 */
export function drinkDriving({ conditions, driving }) {
  return !!driving && new Set(conditions).has(POLICE.drinkDriving.condition);
}

/* ---- The five police events (Police at the table: Event | What appears | Check / consequence) ---- */

/**
 * A police event by key (police-response.yml `events`).
 * @param {string} key
 */
function policeEvent(key) {
  const event = POLICE.events.find(e => e.key === key);
  if (!event) throw new RangeError(`no police event "${key}" (${POLICE.events.map(e => e.key).join(", ")})`);
  return event;
}

/**
 * Whether the police have a warrant at the door (Knock at the Door: "Known to police 3+: they have a warrant").
 * @param {number} police  The character's police relationship counter, whole, ≥ 0.
 * @returns {boolean}
 */
export function hasWarrant(police) {
  if (!Number.isInteger(police) || police < 0) throw new RangeError(`police relationship must be a whole number ≥ 0, got ${police}`);
  return police >= policeEvent("knock-at-the-door").minPoliceRelationship;
}

/**
 * The Heat a routine stop is played at (Relationship counters: "Police relationship 3 makes routine stops start at
 * Wanted"): the character's stars, or Wanted (2) when known to police 3+ and below it.
 * @param {{stars: number, police: number}} who
 * @returns {number} Stars 0–5.
 */
export function stopStars({ stars, police }) {
  assertHeat(stars, "stars");
  const start = policeStopStart(police);
  return start ? Math.max(stars, start.stars) : stars;
}

/**
 * The checks a police event sends each character concerned, with the band fixed before perks and Hustle.
 * - Stop and Search: Savvy to hide gear (Medium, a ruling: the book names the stat only) **or** Front to talk it down
 *   (Talk Your Way Out: Hard at 0–1 stars, Long Shot at 2+, at the stop's Heat {@link stopStars}).
 * - Knock at the Door: Front or Savvy to talk them away (Talk Your Way Out, the same bands; a ruling: the book names
 *   "Failure", not the check).
 * - DS Vale Drops By: Bottle to keep your story (Don't Grass, Hard) **and** Savvy to work out what she knows (Read the
 *   Room, Medium).
 * - ANPR Ping and India 99 Overhead: no check.
 * @param {string} key  A police event key.
 * @param {{stars?: number, police?: number}} [who]
 * @returns {{exclusive: boolean, checks: {id: string, stat: string, band: string}[]}}  exclusive: the character rolls
 *   one of the checks (the first rolled counts), else each.
 */
export function policeChecks(key, { stars = 0, police = 0 } = {}) {
  const event = policeEvent(key);
  const talk = talkOutOfStopBand(stopStars({ stars, police })) ?? gmCheckBand("talk-your-way-out");
  switch (event.key) {
    case "stop-and-search": return { exclusive: true, checks: [{ id: "hide", stat: "sav", band: "medium" }, { id: "talk", stat: "frt", band: talk }] };
    case "knock-at-the-door": return { exclusive: true, checks: [{ id: "talk", stat: "frt", band: talk }, { id: "talk", stat: "sav", band: talk }] };
    case "ds-vale-drops-by": return { exclusive: false, checks: [{ id: "story", stat: "btl", band: gmCheckBand("don-t-grass") },
      { id: "read", stat: "sav", band: gmCheckBand("read-the-room") }] };
    default: return { exclusive: false, checks: [] };
  }
}

/**
 * @param {string} key
 * @returns {string} A GM check's printed band.
 */
function gmCheckBand(key) {
  return RULES["gm-checks"].checks.find(c => c.key === key).band;
}

/**
 * @typedef {object} PoliceConsequence
 * @property {"clear"|"hidden"|"search"|"busted"|"kept"|"slipped"|"questions"|"nothing"} effect  clear: no search;
 *   hidden: searched, nothing found; search: {@link searchFinds}; busted: Heat's Busted; kept: the story held;
 *   slipped: known to police +`police`; questions: the GM answers `questions`.
 * @property {number} police  Added to the police relationship.
 * @property {number} questions
 */

/**
 * The consequence of one police check (Police at the table; margin ≥ 0 is a success: Just About succeeds with a cost).
 * - Stop and Search: talked down → clear; hidden → hidden; failed → search.
 * - Knock at the Door: talked away → clear; failed → Busted with a warrant, else a search.
 * - DS Vale: Bottle failed → slipped, police relationship +1 (a ruling: Don't Grass "they let something slip"; what
 *   she learnt is the GM's); Savvy succeeded → one question (Read the Room: "Ask one question per success").
 * @param {string} key
 * @param {string} checkId  From {@link policeChecks}.
 * @param {{margin: number, warrant?: boolean}} r
 * @returns {PoliceConsequence}
 */
export function policeConsequence(key, checkId, { margin, warrant = false }) {
  if (!Number.isInteger(margin)) throw new RangeError(`margin must be a whole number, got ${margin}`);
  const ok = margin >= 0;
  const c = (effect, police = 0, questions = 0) => ({ effect, police, questions });
  switch (`${policeEvent(key).key}:${checkId}`) {
    case "stop-and-search:hide": return c(ok ? "hidden" : "search");
    case "stop-and-search:talk": return c(ok ? "clear" : "search");
    case "knock-at-the-door:talk": return c(ok ? "clear" : warrant ? "busted" : "search");
    case "ds-vale-drops-by:story": return ok ? c("kept") : c("slipped", 1);
    case "ds-vale-drops-by:read": return ok ? c("questions", 0, 1) : c("nothing");
    default: throw new RangeError(`"${key}" has no check "${checkId}"`);
  }
}

/**
 * What a search finds (Stop and Search: "Anything illegal found: +1 Heat (weapon or drugs)"; Busted: "Police keep
 * weapons, ammunition, drugs and unauthorised uniforms"): the illegal kit is seized; +1 Heat once when a weapon or
 * drugs are among it.
 * @param {{id: string, kind: "weapon"|"drug"|"ammo"|"uniform"|"legal"}[]} kit  Each item as the police see it (Fists
 *   and authorised uniforms are "legal").
 * @returns {{seized: string[], heat: number}}
 */
export function searchFinds(kit) {
  const seized = kit.filter(k => k.kind !== "legal").map(k => k.id);
  const heat = kit.some(k => k.kind === "weapon" || k.kind === "drug") ? policeEvent("stop-and-search").heat : 0;
  return { seized, heat };
}

/**
 * India 99 Overhead: "At 3+ stars it sees anyone outdoors. Get under a roof."
 * @param {{stars: number, indoors: boolean}} who
 * @returns {boolean}
 */
export function india99Sees({ stars, indoors }) {
  assertHeat(stars, "stars");
  return stars >= policeEvent("india-99-overhead").minStars && !indoors;
}
