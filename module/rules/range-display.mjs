/**
 * A range as the table reads it (Distance, ammunition and holds › range bands): the band, decided from the book's
 * measure — the straight line between token centres, in squares ("Engaged: up to 1.6 squares … includes very close
 * diagonal contact") — and that distance in whole squares, for the Combat Console and the attack card. The whole
 * number is the distance rounded to the nearest square, kept inside its band's limits (RULES.ranges.bands), so it
 * never reads as another band: a diagonal neighbour at 1.41 is "Engaged, 1 square", 2.2 is "Near, 2 squares", 10.3 is
 * "Far, 11 squares" (Far is over 10).
 * Pure: imports only generated data and sibling rules, no Foundry globals.
 * @module rules/range-display
 */
import { RULES } from "../generated/rules.mjs";
import { rangeBand } from "./combat.mjs";

const BANDS = RULES.ranges.bands;

/**
 * @param {number} distance  Straight-line squares between token centres (finite, 0 or more).
 * @param {string} [band]    The band already decided from the exact distance (a record's), else decided here.
 * @returns {{band: string, squares: number}}
 * @throws {RangeError} for a distance that is not a finite number 0 or more, or an unknown band.
 */
export function rangeReading(distance, band) {
  const id = band ?? rangeBand(distance);
  if (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0) {
    throw new RangeError(`distance must be a finite number of squares ≥ 0, not ${distance}`);
  }
  const b = BANDS.find(r => r.id === id);
  if (!b) throw new RangeError(`unknown range band "${id}" (${BANDS.map(r => r.id).join(", ")})`);
  const least = b.over === null ? 0 : Math.floor(b.over) + 1;
  const most = b.upTo === null ? Infinity : Math.floor(b.upTo);
  return { band: id, squares: Math.min(most, Math.max(least, Math.round(distance))) };
}
