/**
 * Armour's own notes beyond its Guard and reduction (rulebook: Armour › item notes): Motorbike Leathers' "coming off a
 * bike does half damage" and the Riot Shield's "you cannot use a two-handed weapon". Only the one worn suit counts
 * (rules/record.mjs wornSuit). The numbers are the catalogue's (packs-src/armour: `offBikeDivisor`,
 * `barsWeaponTraits`), carried on each armour item and read by the GM from its record of the kit.
 * Pure: imports only generated data and sibling rules, no Foundry globals, no English.
 * @module rules/armour
 */
import { VEHICLE_ABILITIES } from "../generated/rules.mjs";
import { wornSuit } from "./record.mjs";

/**
 * @typedef {import("./record.mjs").ArmourLike} ArmourLike
 */

/**
 * The data of an item-like object.
 * @param {any} item
 * @returns {Record<string, any>}
 */
const dataOf = item => item?.system ?? item ?? {};

/**
 * The vehicle abilities whose riders sit out in the open (Exposed: "Riders receive no enclosed-vehicle +2 Guard
 * benefit"): the catalogue's abilities with `enclosedGuard: false`.
 * @type {readonly string[]}
 */
export const OPEN_RIDER_ABILITIES = Object.freeze(Object.entries(VEHICLE_ABILITIES)
  .filter(([, a]) => /** @type {{enclosedGuard?: boolean}} */ (a).enclosedGuard === false).map(([key]) => key));

/**
 * Whether a motor is a bike for "coming off a bike": a two-wheeler, which the record knows as a motor whose riders are
 * Exposed (a ruling, as the fence's "two-wheelers": the roster has no wheel count; every bicycle, scooter and
 * motorbike in it is Exposed, and no other motor is).
 * @param {{abilities?: string[]}} motor  Its ability keys.
 * @returns {boolean}
 */
export function isBike({ abilities = [] }) {
  return abilities.some(a => OPEN_RIDER_ABILITIES.includes(a));
}

/**
 * Damage from coming off a bike (Armour › Motorbike Leathers: "Reduction 2, and coming off a bike does half damage"):
 * the printed damage divided by the worn suit's `offBikeDivisor` (2), rounded up — a ruling: the book's one printed
 * halving of harm, a ram's "half that amount, rounded up". Any other suit, or none worn: the damage as printed. The
 * suit's reduction is not part of it (reduction is against attacks; a hazard marked for armour takes it after).
 * @param {{damage: number, armour: ArmourLike|ArmourLike[]|null}} args  damage: whole points as printed (≥ 0);
 *   armour: the rider's armour items (or their data), `worn` marking the suit on.
 * @returns {{damage: number, printed: number, divisor: number|null, suit: ArmourLike|null}}  `divisor` and `suit`: the
 *   suit that divided it (null when none did).
 * @throws {RangeError} for damage that is not a whole number ≥ 0.
 * @example offBikeDamage({damage: 7, armour: [{worn: true, offBikeDivisor: 2}]}).damage // 4
 */
export function offBikeDamage({ damage, armour }) {
  if (!Number.isInteger(damage) || damage < 0) throw new RangeError(`damage must be a whole number ≥ 0, got ${damage}`);
  const suit = wornSuit(armour);
  const divisor = suit ? dataOf(suit).offBikeDivisor : null;
  if (!Number.isInteger(divisor) || divisor < 2) return { damage, printed: damage, divisor: null, suit: null };
  return { damage: Math.ceil(damage / divisor), printed: damage, divisor, suit };
}

/**
 * The weapon trait the worn suit bars (Armour › Riot Shield: "+3 Guard while you hold it; you cannot use a two-handed
 * weapon"): the first of the weapon's traits in the suit's `barsWeaponTraits`, with the suit, or null.
 * @param {{traits?: string[]}} weapon  The weapon's traits (twoHanded…).
 * @param {ArmourLike|ArmourLike[]|null} armour  The attacker's armour items (or their data).
 * @returns {{trait: string, suit: ArmourLike}|null}
 * @example barredByArmour({traits: ["twoHanded"]}, [{worn: true, barsWeaponTraits: ["twoHanded"]}]).trait // "twoHanded"
 */
export function barredByArmour({ traits = [] }, armour) {
  const suit = wornSuit(armour);
  const bars = suit ? dataOf(suit).barsWeaponTraits ?? [] : [];
  const trait = traits.find(t => bars.includes(t));
  return trait && suit ? { trait, suit } : null;
}
