/**
 * Heat: what a witnessed crime adds, how long a star takes to cool, the band for talking out of a stop, the police
 * response at each Heat level and whether a safe night is allowed.
 * Rulebook: Heat on your heels (Witnesses make the difference; Lose sight, then lose stars; When they catch up);
 * Police at the table; Harm, aid and recovery › Rest.
 * Every number comes from the generated data: RULES.heat (levels, cool-down seconds, witnesses, rest, talk band),
 * RULES["witnessed-crimes"] (crimes and their stars), RULES["police-response"] (units by stars).
 * Pure: no Foundry globals. Impossible input throws a RangeError naming it; a refusal a player can cause comes back
 * as `{ok: false, reason}` (a reason id the caller puts into words).
 * @module rules/heat
 */
import { RULES } from "../generated/rules.mjs";

const HEAT = RULES.heat;
const CRIMES = RULES["witnessed-crimes"].crimes;
const RESPONSE = RULES["police-response"].response;
/**
 * How much faster a character with the Ghost perk loses a star (job-clock seconds; RULES.heat.coolDown). Rulebook:
 * Perk catalogue › Ghost ("you lose Heat 15 seconds faster").
 */
export const GHOST_FASTER_SECONDS = HEAT.coolDown.ghostFasterSeconds;
/** The Ghost perk's id (packs-src perks). */
export const GHOST_PERK = "ghost";

/** @typedef {{key: string, name: string, stars: number}} Crime */
/** @typedef {{areaCars: number, bikes: number, carriers: number, arvs: number, india99: boolean, roadblocks: boolean}} Response */

/**
 * Heat (stars) as a whole number within the book's bounds, or a RangeError naming it.
 * @param {unknown} heat
 * @param {string} [name="heat"]
 * @returns {number}
 */
export function assertHeat(heat, name = "heat") {
  if (typeof heat !== "number" || !Number.isInteger(heat) || heat < HEAT.min || heat > HEAT.max) {
    throw new RangeError(`${name} must be a whole number of stars ${HEAT.min}–${HEAT.max}, got ${heat}`);
  }
  return heat;
}

/**
 * Clamp any whole number of stars into 0–5 (Heat cannot go below 0 or above 5).
 * @param {number} stars
 * @returns {number}
 */
export function clampHeat(stars) {
  if (typeof stars !== "number" || !Number.isFinite(stars)) throw new RangeError(`stars must be a number, got ${stars}`);
  return Math.max(HEAT.min, Math.min(HEAT.max, Math.trunc(stars)));
}

/** @returns {Crime[]} The witnessed-crimes table (Witnesses make the difference), in book order. */
export function crimes() {
  return CRIMES.map(c => ({ key: c.key, name: c.name, stars: c.stars }));
}

/**
 * A crime of the table by id, or a RangeError naming the id.
 * @param {string} crimeId  e.g. "nicking-a-car".
 * @returns {Crime}
 */
export function crimeById(crimeId) {
  const crime = CRIMES.find(c => c.key === crimeId);
  if (!crime) throw new RangeError(`no crime "${crimeId}" (one of ${CRIMES.map(c => c.key).join(", ")})`);
  return { key: crime.key, name: crime.name, stars: crime.stars };
}

/**
 * Heat after a crime (Heat on your heels › Witnesses make the difference): a witnessed crime adds its stars; police
 * witnessing it add one further star (RULES.heat.witnesses.policeWitnessBonus); an unseen crime adds none
 * (`unseenStars`). Police seeing it counts as witnessed. The result stays within 0–5.
 * Worn kit that hides the face (Tools and gear › Balaclava: "a witnessed crime adds 1 less Heat (minimum 0) while you
 * wear it"; its `witnessedHeat` −1) changes what a seen crime adds, never below 0 added; an unseen crime adds none
 * anyway. Book: a car theft police see at 0 stars → 2 stars; in a Balaclava → 1.
 * @param {{heat: number, crime: string, witnessed?: boolean, policeSaw?: boolean, witnessedHeat?: number}} args  heat
 *   in stars 0–5; crime an id of witnessed-crimes.yml; witnessedHeat the worn kit's change to a witnessed crime's
 *   stars (0 for none; see {@link wornWitnessedHeat}).
 * @returns {number} The new Heat, stars 0–5.
 */
export function heatAfterCrime({ heat, crime, witnessed = true, policeSaw = false, witnessedHeat = 0 }) {
  assertHeat(heat);
  if (!Number.isInteger(witnessedHeat)) throw new RangeError(`witnessedHeat must be a whole number, got ${witnessedHeat}`);
  const { stars } = crimeById(crime);
  const seen = !!witnessed || !!policeSaw;
  const added = seen ? Math.max(0, stars + (policeSaw ? HEAT.witnesses.policeWitnessBonus : 0) + witnessedHeat)
    : HEAT.witnesses.unseenStars;
  return clampHeat(heat + added);
}

/**
 * The change worn kit makes to a witnessed crime's stars (Tools and gear › Balaclava): the strongest one worn counts
 * (one face to hide: two balaclavas hide it no better — a ruling), 0 for none.
 * @param {Iterable<{worn?: boolean, witnessedHeat?: number}>} kit  The character's gear as the GM recorded it, with
 *   whether each is worn.
 * @returns {number} A whole number ≤ 0.
 */
export function wornWitnessedHeat(kit) {
  let best = 0;
  for (const k of kit) if (k?.worn && Number.isInteger(k.witnessedHeat)) best = Math.min(best, /** @type {number} */ (k.witnessedHeat));
  return best;
}

/**
 * The active time out of police sight to lose one star at this Heat (Lose sight, then lose stars): 45/60/90/120/150
 * job-clock seconds at 1–5 stars; Ghost loses Heat 15 seconds faster; null at 0 (nothing to lose).
 * @param {{heat: number, ghost?: boolean}} args
 * @returns {number|null} Seconds.
 */
export function coolDownSeconds({ heat, ghost = false }) {
  assertHeat(heat);
  const level = HEAT.levels.find(l => l.stars === heat);
  const seconds = level?.coolDownSeconds ?? null;
  if (seconds === null) return null;
  return ghost ? Math.max(0, seconds - GHOST_FASTER_SECONDS) : seconds;
}

/**
 * The Heat level's record (id "clean"…"lockdown", name, response line, cool-down seconds).
 * @param {number} heat
 * @returns {{stars: number, id: string, name: string, response: string, coolDownSeconds: number|null}}
 */
export function heatLevel(heat) {
  assertHeat(heat);
  const l = HEAT.levels.find(x => x.stars === heat);
  return { stars: l.stars, id: l.id, name: l.name, response: l.response, coolDownSeconds: l.coolDownSeconds };
}

/**
 * The band for talking out of a stop with Front (When they catch up): Hard at one star, Long Shot at two or more;
 * null at 0 (there is no stop).
 * @param {number} heat
 * @returns {"hard"|"longShot"|null}
 */
export function talkOutOfStopBand(heat) {
  assertHeat(heat);
  const row = HEAT.talkOutOfStop.find(r => heat >= r.minStars && (r.maxStars === null || heat <= r.maxStars));
  return row ? row.band : null;
}

/**
 * Where the roadblocks go (Heat on your heels › 5 · Lockdown: "Roadblocks on every exit of the map"; Police at the
 * table › Blocks: yes at 5 stars only): every exit of the map at a Heat whose response has roadblocks, none below.
 * @param {number} stars  Whole stars, 0 … 5.
 * @param {string[]} exits  The map's exits (its EXIT strips' names).
 * @returns {string[]} The exits to block, in the order given.
 * @throws {RangeError} for stars outside 0 … 5.
 */
export function roadblockExits(stars, exits) {
  return policeResponse(stars).roadblocks ? [...exits] : [];
}

/**
 * The police on the map at this Heat (Police at the table): area cars, bikes, carriers, ARVs, India 99 (the
 * helicopter) and roadblocks. Book: 3 stars → 2 area cars, 1 bike, 1 carrier, India 99.
 * @param {number} stars
 * @returns {Response}
 */
export function policeResponse(stars) {
  assertHeat(stars, "stars");
  const r = RESPONSE.find(x => x.stars === stars);
  return { areaCars: r.areaCars, bikes: r.bikes, carriers: r.carriers, arvs: r.arvs, india99: !!r.india99,
    roadblocks: !!r.roadblocks };
}

/**
 * Whether the helicopter is up at this Heat (it sees anyone outdoors on its map; RULES.heat.helicopterFromStars).
 * @param {number} heat
 * @returns {boolean}
 */
export function helicopterUp(heat) {
  return assertHeat(heat) >= HEAT.helicopterFromStars;
}

/**
 * Whether a safe night is allowed (Lose sight, then lose stars › Safe night; Harm, aid and recovery › Rest): with two
 * stars or less it clears Heat; at three or more the police would come to the door (refused, reason "heat"); bleeding
 * or being seen by police refuses it too (reasons "bleeding", "policeSee").
 * @param {{heat: number, bleeding?: boolean, policeSee?: boolean}} args
 * @returns {{ok: boolean, reason: null|"heat"|"bleeding"|"policeSee", clearsHeat: boolean}}
 */
export function canRest({ heat, bleeding = false, policeSee = false }) {
  assertHeat(heat);
  if (heat >= HEAT.rest.blockedFromStars) return { ok: false, reason: "heat", clearsHeat: false };
  if (policeSee) return { ok: false, reason: "policeSee", clearsHeat: false };
  if (bleeding) return { ok: false, reason: "bleeding", clearsHeat: false };
  return { ok: true, reason: null, clearsHeat: heat <= HEAT.rest.clearsHeatAtMaxStars };
}

/**
 * Whether a cool-down timer is running: Heat above 0 and no police unit can see the character
 * (RULES.heat.coolDown.policeMustNotSee).
 * @param {{heat: number, seen: boolean}} args
 * @returns {boolean}
 */
export function coolingDown({ heat, seen }) {
  return assertHeat(heat) > HEAT.min && !(HEAT.coolDown.policeMustNotSee && seen);
}

/**
 * Changing into an owned outfit out of sight (Clobber and outfits: "Change your description out of sight. At one or
 * two stars, an outfit's Heat drop applies as listed; a uniform is more effective where its entry says so"; Lose
 * sight, then lose stars › New clobber: "an owned replacement outfit can also change your description; a uniform can
 * lose two"): at 1–`RULES.heat.services.outfitChangeMaxStars` stars, with no police seeing, Heat goes down by the
 * outfit's `heatDrop` (1; the uniforms' 2), within 0–5. Refused (a reason id): no Heat ("noHeat"), above two stars
 * ("tooHot"), seen ("policeSee"), an outfit that has already changed this character's description while wanted
 * ("used", a ruling), an outfit with no Heat drop ("noDrop").
 * @param {{heat: number, heatDrop: number, seen?: boolean, used?: boolean}} args  heat in stars; heatDrop the outfit's.
 * @returns {{ok: boolean, reason: null|"noHeat"|"tooHot"|"policeSee"|"used"|"noDrop", stars: number}}  stars: the
 *   Heat after (unchanged when refused).
 */
export function outfitChange({ heat, heatDrop, seen = false, used = false }) {
  assertHeat(heat);
  if (!Number.isInteger(heatDrop) || heatDrop < 0) throw new RangeError(`heatDrop must be a whole number ≥ 0, got ${heatDrop}`);
  const refuse = (/** @type {"noHeat"|"tooHot"|"policeSee"|"used"|"noDrop"} */ reason) => ({ ok: false, reason, stars: heat });
  if (heat <= HEAT.min) return refuse("noHeat");
  if (heat > HEAT.services.outfitChangeMaxStars) return refuse("tooHot");
  if (seen) return refuse("policeSee");
  if (!heatDrop) return refuse("noDrop");
  if (used) return refuse("used");
  return { ok: true, reason: null, stars: clampHeat(heat - heatDrop) };
}

/**
 * Caught in a uniform (Clobber and outfits › Police Uniform: "the biggest crime if you are caught (+2 Heat)"; its
 * `heatIfCaught`): Heat after being caught wearing it, within 0–5. "Caught" is a stop on foot that goes against the
 * character — a failed run or talk, or a surrender (a ruling).
 * @param {{heat: number, heatIfCaught: number}} args
 * @returns {number} The new Heat.
 */
export function heatIfCaught({ heat, heatIfCaught }) {
  assertHeat(heat);
  if (!Number.isInteger(heatIfCaught) || heatIfCaught < 0) throw new RangeError(`heatIfCaught must be a whole number ≥ 0, got ${heatIfCaught}`);
  return clampHeat(heat + heatIfCaught);
}
