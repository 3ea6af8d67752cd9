/**
 * Street Control's rules, pure (rulebook: A d20 on the street; People on the street; Playing through Foundry › GM
 * controls): the d20 street events and what each one sets going where the system can act, the scene's street state
 * (profile, time of day, rain) and where the people on the street are placed. Ids and numbers only; the tables come
 * from packs-src/rules/street-events.yml through module/generated/rules.mjs.
 *
 * The book's d20 is "Roll when the street needs movement, or choose an event that follows from what is already
 * happening": no event depends on the profile or the time of day, so {@link streetEvent} takes only the roll.
 * @module rules/street
 */
import { RULES } from "../generated/rules.mjs";

const EVENTS = RULES["street-events"];

/** The die of the street events (d20). */
export const STREET_DIE = EVENTS.die;

/**
 * The street profiles a scene can be set to (a ruling: the book names no profiles; these are the GM's label for the
 * street, shown in Street Control and on the event cards). Lang keys `SMOKE.Street.profile.<id>`.
 */
export const STREET_PROFILES = Object.freeze(["residential", "highStreet", "market", "estate", "industrial"]);
/** Times of day (Night Owl's "at night", the Balaclava's "in daylight"). Lang keys `SMOKE.Street.time.<id>`. */
export const TIMES_OF_DAY = Object.freeze(["day", "evening", "night"]);

/**
 * @typedef {object} FollowUp  What a street event sets going where the system can act.
 * @property {"place"|"anpr"|"order"|"hazard"|"rain"|"motor"} kind
 *   place: people on the street (`person`, the street-people key, `count` tokens); anpr: every hot plate on the scene
 *   is read (Heat's ANPR ping, +1 Heat aboard a nicked motor); order: Kez's tip becomes a Pat's order (Shifts);
 *   hazard: the GM Screen's hazard `hazard` (key of hazards.yml); rain: the scene's Wheels rolls one band harder until
 *   the GM stops it; motor: the vehicle `vehicle` (key of the vehicles pack) parked on the scene, nobody aboard.
 * @property {string} [person]
 * @property {number} [count]
 * @property {string} [hazard]
 * @property {string} [vehicle]
 */

/**
 * The follow-up of each event the system can act on, by its d20 roll (A d20 on the street). The rest (4, 5, 8, 10,
 * 11, 13–18) are narrative: the card shows what appears, the GM plays it.
 * @type {Readonly<Record<number, FollowUp>>}
 */
export const FOLLOW_UPS = Object.freeze({
  1: { kind: "place", person: "lea-boy", count: 2 }, // "Two of Stretch's lads on bikes"
  2: { kind: "anpr" }, // "Anyone in a nicked motor gets pinged"
  3: { kind: "order" }, // Kez: "Carbon Whippet outside the coffee place, cheap lock"
  6: { kind: "hazard", hazard: "staffie-on-the-loose" },
  7: { kind: "hazard", hazard: "bottle-thrown" }, // "Two lads, one bottle": a ruling, for whoever steps in
  9: { kind: "rain" }, // "Wheels rolls are one band harder until it stops"
  12: { kind: "motor", vehicle: "mister-ripple-ice-cream-van" }, // "engine running, nobody in the cab"
  19: { kind: "hazard", hazard: "stray-bullet" },
  20: { kind: "motor", vehicle: "tranzit-white-van" } // "A delivery van, back doors open"
});

/**
 * One street event by its roll, with its follow-up (null: narrative only).
 * @param {number} roll  1–20.
 * @returns {{roll: number, title: string, text: string, followUp: FollowUp|null}}
 * @throws {RangeError} for a roll that is not a face of the d20.
 */
export function streetEvent(roll) {
  const event = EVENTS.events.find(e => e.roll === roll);
  if (!event) throw new RangeError(`no street event ${String(roll)} (1–${STREET_DIE})`);
  return { roll: event.roll, title: event.title, text: event.text, followUp: FOLLOW_UPS[event.roll] ?? null };
}

/** @returns {number[]} The rolls whose event is narrative only (no follow-up the system runs). */
export function narrativeEvents() {
  return EVENTS.events.map(e => e.roll).filter(r => !FOLLOW_UPS[r]);
}

/**
 * The scene's street state, checked (GM-written scene flags): profile and time of day from the lists, rain a flag.
 * @param {{profile?: unknown, time?: unknown, rain?: unknown}} state
 * @returns {{profile: string, time: string, rain: boolean}}
 * @throws {RangeError} naming the bad profile or time.
 */
export function streetState({ profile = STREET_PROFILES[0], time = TIMES_OF_DAY[0], rain = false } = {}) {
  if (!STREET_PROFILES.includes(/** @type {string} */ (profile))) throw new RangeError(`profile: one of ${STREET_PROFILES.join(", ")}, got ${String(profile)}`);
  if (!TIMES_OF_DAY.includes(/** @type {string} */ (time))) throw new RangeError(`time: one of ${TIMES_OF_DAY.join(", ")}, got ${String(time)}`);
  return { profile: /** @type {string} */ (profile), time: /** @type {string} */ (time), rain: !!rain };
}

/**
 * How many bands harder a Wheels roll is on a street (Sudden downpour: "Wheels rolls are one band harder until it
 * stops"); other stats are not touched.
 * @param {{rain: boolean}} state
 * @param {string} stat  A stat key.
 * @returns {number} Bands harder: 1 in the rain for Wheels, else 0.
 */
export function wheelsBandSteps(state, stat) {
  return state?.rain && stat === "whl" ? 1 : 0;
}

/**
 * Where "place" puts the people on the street, as a square to start from (the free square nearest it is taken):
 * the scene's centre, or the GM's view (a pixel point, clamped into the scene).
 * @param {{where: "centre"|"view", width: number, height: number, size: number, view?: {x: number, y: number}|null}} a
 *   Pixels; `size` the grid square.
 * @returns {{i: number, j: number, rows: number, cols: number}}  Row i, column j; the scene's rows and columns.
 * @throws {RangeError} for an unknown `where` or a scene without size.
 */
export function placeFrom({ where, width, height, size, view = null }) {
  if (!(size > 0) || !(width >= size) || !(height >= size)) throw new RangeError(`a scene of at least one square is needed, got ${width}×${height} at ${size}`);
  if (where !== "centre" && where !== "view") throw new RangeError(`where: "centre" or "view", got ${String(where)}`);
  const rows = Math.floor(height / size);
  const cols = Math.floor(width / size);
  const p = where === "view" && view && Number.isFinite(view.x) && Number.isFinite(view.y) ? view : { x: width / 2, y: height / 2 };
  const clamp = (v, max) => Math.max(0, Math.min(max - 1, Math.floor(v / size)));
  return { i: clamp(p.y, rows), j: clamp(p.x, cols), rows, cols };
}
