/**
 * What a weapon's own entry adds to an attack beyond damage (rulebook: Weapons · item notes; Attacking and defending ›
 * Defensive actions): the area weapons (Frag Grenade, Flashbang, Rocket Launcher: "Hits everyone Engaged with the
 * target"), the Smoke Grenade ("Fills the area: everyone in it is Gassed and nobody can be targeted from outside
 * until it clears"), the Petrol Bomb's miss ("a miss sets fire to whatever is next to them"), the Converted Pistol's
 * jam ("Jams on a Proper Mess"), the Broken Bottle ("Smashes on a Proper Mess"), the Hand Cannon ("Off Your Game for
 * anyone with Muscle d4") and full concealment ("Full concealment blocks ordinary targeted attacks").
 * Every number and outcome is the weapon's catalogue entry (packs-src/weapons: `areaEngaged`, `fillsArea`,
 * `missSetsFire`, `jamsOn`, `breaksOn`, `offYourGameWith`) or the range bands (packs-src/rules/ranges.yml).
 * Pure: imports only generated data and other rules, no Foundry globals. Returns ids and numbers.
 * @module rules/weapon-effects
 */
import { RULES } from "../generated/rules.mjs";
import { damage, rangeBand } from "./combat.mjs";

/** The band "Engaged" is (the first, closest band of packs-src/rules/ranges.yml). */
const ENGAGED = RULES.ranges.bands[0].id;
const HIT_MARGIN = RULES.combat.attack.hitsAtMargin;

/**
 * @typedef {object} WeaponEntry  The rule fields of a weapon's catalogue entry (packs-src/weapons; module/data/items.mjs).
 * @property {boolean} [areaEngaged]   Hits everyone Engaged with the target too.
 * @property {boolean} [fillsArea]     The Smoke Grenade: the target and everyone Engaged with it are in the cloud.
 * @property {boolean} [missSetsFire]  The Petrol Bomb: a miss sets fire to whatever is next to the target.
 * @property {string|null} [jamsOn]    The outcome id on which the weapon jams (Converted Pistol: properMess).
 * @property {string|null} [breaksOn]  The outcome id on which the weapon smashes (Broken Bottle: properMess).
 * @property {{stat: string, die: number}|null} [offYourGameWith]  Off Your Game for a shooter whose stat is that die.
 */

/**
 * Whether an attack with this weapon reaches beyond its target: `areaEngaged` (Frag, Flashbang, Rocket) or
 * `fillsArea` (Smoke Grenade). Such an attack is not an "ordinary targeted attack" (see {@link targetingBlocked}).
 * @param {WeaponEntry|null|undefined} weapon
 * @returns {boolean}
 */
export function isArea(weapon) {
  return !!(weapon?.areaEngaged || weapon?.fillsArea);
}

/**
 * Who else an area weapon catches (Weapons › Frag Grenade, Flashbang, Rocket Launcher: "Hits everyone Engaged with
 * the target"; Smoke Grenade: "Fills the area"): every other combatant whose token is within the Engaged band
 * (≤ 1.6 squares, packs-src/rules/ranges.yml) of the target's token. The attacker is caught too when Engaged with the
 * target ("everyone"). A combatant with no distance (no token on the target's map) is not caught: "An area or smoke
 * effect needs the GM to establish what its area actually reaches" — the GM adds anyone else by hand.
 * @param {WeaponEntry} weapon
 * @param {{id: string, distance: number|null}[]} others  Every combatant but the target, with its distance in squares
 *   from the target's token (null: not on that map).
 * @returns {string[]} The caught combatants' ids, in the order given; [] for a weapon that is not an area weapon.
 * @throws {RangeError} for a negative or non-finite distance.
 */
export function areaCaught(weapon, others) {
  if (!isArea(weapon)) return [];
  return others.filter(o => o.distance !== null && o.distance !== undefined && rangeBand(o.distance) === ENGAGED).map(o => o.id);
}

/**
 * The damage each caught combatant takes from an area hit (areaEngaged): the book says the weapon *hits* everyone
 * Engaged with the target, so each takes the hit as the target did — the same attack margin (measured against the
 * target's Guard, as "The margin is measured against the original Guard") + the same Impact − that combatant's own
 * armour reduction, minimum 0 (Attacking and defending › Damage). A Smoke Grenade (fillsArea, Impact 0) deals 0.
 * @param {object} args
 * @param {number} args.margin  The attack's margin against the target's Guard (a hit: ≥ 0).
 * @param {number} args.impact  The weapon's Impact with its modifiers.
 * @param {{id: string, reduction: number}[]} args.caught  Each caught combatant and its damage reduction.
 * @returns {{id: string, damage: number}[]}
 * @throws {RangeError} for a non-finite number.
 */
export function areaDamage({ margin, impact, caught }) {
  return caught.map(c => ({ id: c.id, damage: damage({ margin, impact, reduction: c.reduction }) }));
}

/**
 * What an attack's outcome does to the weapon and round it (Weapons · item notes), as ids:
 * - "jammed": the outcome is the weapon's `jamsOn` (Converted Pistol: "Jams on a Proper Mess");
 * - "smashed": the outcome is its `breaksOn` (Broken Bottle: "Smashes on a Proper Mess");
 * - "missSetsFire": a miss (margin below the hit margin) with `missSetsFire` (Petrol Bomb: "a miss sets fire to
 *   whatever is next to them" — what burns is the GM's to say).
 * @param {WeaponEntry} weapon
 * @param {{outcome: string, margin: number}} check  The attack's outcome id and margin.
 * @returns {("jammed"|"smashed"|"missSetsFire")[]}
 */
export function attackAftermath(weapon, { outcome, margin }) {
  /** @type {("jammed"|"smashed"|"missSetsFire")[]} */
  const out = [];
  if (weapon.jamsOn && outcome === weapon.jamsOn) out.push("jammed");
  if (weapon.breaksOn && outcome === weapon.breaksOn) out.push("smashed");
  if (weapon.missSetsFire && margin < HIT_MARGIN) out.push("missSetsFire");
  return out;
}

/**
 * Whether firing this weapon is Off Your Game for this shooter (Weapons › Hand Cannon: "Off Your Game for anyone
 * with Muscle d4"): the entry's `offYourGameWith` names the stat and the die; the shooter's unboosted die of that
 * stat must be that die.
 * @param {WeaponEntry} weapon
 * @param {Record<string, number>} dice  The shooter's unboosted stat dice (stat id → faces).
 * @returns {boolean}
 */
export function weaponOffYourGame(weapon, dice) {
  const rule = weapon.offYourGameWith;
  return !!rule && dice[rule.stat] === rule.die;
}

/**
 * Why a target cannot be attacked, or null (Attacking and defending › Defensive actions: "Full concealment blocks
 * ordinary targeted attacks. An area or smoke effect needs the GM to establish what its area actually reaches";
 * Weapons › Smoke Grenade: "nobody can be targeted from outside until it clears").
 * - "concealed": the target is in full concealment (the GM's mark) and the weapon is not an area weapon;
 * - "smoke": the target is in a smoke cloud and the attacker is not in the same cloud (any weapon).
 * @param {object} args
 * @param {WeaponEntry} args.weapon
 * @param {boolean} [args.concealed=false]  The GM marked the target fully concealed.
 * @param {string} [args.targetCloud=""]    The smoke cloud the target is in ("" = none).
 * @param {string} [args.attackerCloud=""]  The smoke cloud the attacker is in ("" = none).
 * @returns {"concealed"|"smoke"|null}
 */
export function targetingBlocked({ weapon, concealed = false, targetCloud = "", attackerCloud = "" }) {
  if (targetCloud && targetCloud !== attackerCloud) return "smoke";
  if (concealed && !isArea(weapon)) return "concealed";
  return null;
}
