/**
 * Speed-dice combat: how many speed dice a combatant rolls, the action queue built from everyone's faces, range
 * bands in map squares, the modifiers of an attack (burst, close quarters, Distant, drive-by, tyres), damage and its
 * severity, and the Dodge reaction.
 * Rulebook: When it kicks off › Start a round, Read the queue, One reaction; Attacking and defending › Make an
 * attack, Take the hit or Dodge, Damage, Example: the bat; Distance, ammunition and holds › (range bands), Shooting;
 * Harm, aid and recovery (damage severity table).
 * Every number is read from RULES (packs-src/rules/speed-dice.yml, combat.yml, ranges.yml, damage-severity.yml).
 * Pure: imports only generated data, no Foundry globals.
 * @module rules/combat
 */
import { RULES } from "../generated/rules.mjs";

const SPEED = RULES["speed-dice"];
const COMBAT = RULES.combat;
const BANDS = RULES.ranges.bands;
const BAND_IDS = BANDS.map(b => b.id);
const SEVERITIES = RULES["damage-severity"].severities;
/** Fixed locale for the alphabetical tie-break, so every client orders the queue the same way. */
const NAME_LOCALE = "en-GB";

/**
 * @param {Iterable<string>|null|undefined} ids
 * @returns {Set<string>}
 */
const idSet = ids => new Set(ids ?? []);

/**
 * Speed dice for a Moves (or Performance) die, before Conditions (When it kicks off › Start a round).
 * @param {number} die  Faces: 4, 6, 8, 10, 12 or 20.
 * @returns {number} Number of d6 speed dice.
 * @throws {RangeError} for a die not in the table.
 */
export function speedDiceForDie(die) {
  const row = SPEED.counts.find(r => r.dice.includes(die));
  if (!row) throw new RangeError(`no speed-dice count for d${die}`);
  return row.count;
}

/**
 * @typedef {object} VehicleSpeedState  The motor a combatant is driving.
 * @property {number} performance  Performance die faces (4 … 20).
 * @property {number} [flatTyres=0]  Number of flat tyres.
 * @property {number} [body]       Current Body; 0 removes a die. Omitted = not at 0.
 */

/**
 * How many speed dice a combatant rolls this round (When it kicks off › Start a round; The chase gauge).
 * Personal count from Moves; Stunned and Knackered each remove one, to a minimum of one if able to act. Down,
 * Cuffed or surrendered → 0 (even at the wheel: Cuffed prevents driving, Down prevents acting). A driver uses the
 * better of the personal count and the motor's count: Performance die, −1 for two or more flat tyres, −1 at 0 Body,
 * minimum one. Personal Conditions do not reduce the motor's count.
 * @param {object} args
 * @param {number} args.moves  Moves die faces.
 * @param {Iterable<string>} [args.conditions]  Active Condition ids.
 * @param {boolean} [args.surrendered=false]
 * @param {VehicleSpeedState|null} [args.vehicle=null]  The motor when driving, else null.
 * @returns {number} Number of d6 speed dice (0 … 4).
 * @throws {RangeError} for a Moves or Performance die not in the table, or a negative flat-tyre count.
 */
export function speedDiceCount({ moves, conditions = [], surrendered = false, vehicle = null }) {
  const active = idSet(conditions);
  const none = SPEED.noDice;
  if ((surrendered && none.surrendered) || none.conditions.some(c => active.has(c))) return 0;
  let personal = speedDiceForDie(moves);
  for (const r of SPEED.reductions) if (active.has(r.condition)) personal += r.dice;
  personal = Math.max(SPEED.minimumIfCanAct, personal);
  if (!vehicle) return personal;
  const v = SPEED.vehicle;
  const flat = vehicle.flatTyres ?? 0;
  if (!Number.isInteger(flat) || flat < 0) throw new RangeError(`flat tyres must be a whole number ≥ 0, not ${flat}`);
  let motor = speedDiceForDie(vehicle.performance);
  if (flat >= v.flatTyres.atLeast) motor += v.flatTyres.dice;
  if (vehicle.body !== undefined && vehicle.body !== null && vehicle.body <= 0) motor += v.zeroBody.dice;
  motor = Math.max(v.minimum, motor);
  return v.driverUsesBetterCount ? Math.max(personal, motor) : motor;
}

/**
 * @typedef {object} SpeedEntry  One combatant's revealed speed dice.
 * @property {string} id         Combatant id (final tie-break).
 * @property {string} name       Name (alphabetical tie-break).
 * @property {boolean} isPC      PCs act before NPCs on a tie.
 * @property {number} movesDie   Moves die faces (the better die acts first on a tie).
 * @property {number[]} dice     Rolled faces, 1 … 6 each.
 */

/**
 * @typedef {object} SpeedAction  One die = one action.
 * @property {string} combatantId
 * @property {number} face   The die's face.
 * @property {number} index  Position of the die in its entry's `dice`.
 */

/** @typedef {{entry: SpeedEntry, face: number, index: number}} QueueItem */

/** @type {Record<string, (a: QueueItem, b: QueueItem) => number>} */
const TIE_BREAKS = {
  betterMoves: (a, b) => b.entry.movesDie - a.entry.movesDie,
  pcBeforeNpc: (a, b) => Number(b.entry.isPC) - Number(a.entry.isPC),
  alphabetical: (a, b) => String(a.entry.name).localeCompare(String(b.entry.name), NAME_LOCALE)
};

/**
 * Order two combatants whose dice tie (When it kicks off › Read the queue): the book's tie-breaks in
 * RULES["speed-dice"].tieBreak (better Moves die, PC before NPC, alphabetical name in a fixed locale), then the id,
 * so every client sorts the same way. Also the simple tracker's tie-break on equal initiative.
 * @param {{id: string, name: string, isPC: boolean, movesDie: number}} a
 * @param {{id: string, name: string, isPC: boolean, movesDie: number}} b
 * @returns {number} < 0 when `a` acts first.
 * @throws {Error} for a tie-break in the data this module does not know.
 */
export function compareTied(a, b) {
  for (const key of SPEED.tieBreak) {
    const f = TIE_BREAKS[key];
    if (!f) throw new Error(`unknown speed-dice tie-break "${key}"`);
    const d = f(/** @type {QueueItem} */ ({ entry: a }), /** @type {QueueItem} */ ({ entry: b }));
    if (d) return d;
  }
  return a.id === b.id ? 0 : a.id < b.id ? -1 : 1;
}

/**
 * The round's action queue (When it kicks off › Read the queue): every die is one action, highest face first. Ties
 * go by the book's order (RULES["speed-dice"].tieBreak: better Moves die, PC before NPC, alphabetical name in a
 * fixed locale), then by combatant id, then by die position — so the order is fully deterministic.
 * @param {SpeedEntry[]} entries
 * @returns {SpeedAction[]}
 * @throws {RangeError} for a face that is not a whole number 1 … 6, or a duplicate id.
 * @throws {Error} for a tie-break in the data this module does not know.
 */
export function speedQueue(entries) {
  const seen = new Set();
  /** @type {QueueItem[]} */
  const items = [];
  for (const entry of entries) {
    if (seen.has(entry.id)) throw new RangeError(`duplicate combatant id "${entry.id}"`);
    seen.add(entry.id);
    (entry.dice ?? []).forEach((face, index) => {
      if (!Number.isInteger(face) || face < 1 || face > SPEED.die) {
        throw new RangeError(`speed die face ${face} of "${entry.name}" is not 1 … ${SPEED.die}`);
      }
      items.push({ entry, face, index });
    });
  }
  items.sort((a, b) => {
    if (a.face !== b.face) return b.face - a.face;
    return compareTied(a.entry, b.entry) || a.index - b.index;
  });
  return items.map(({ entry, face, index }) => ({ combatantId: entry.id, face, index }));
}

/**
 * The range band of a distance (Distance, ammunition and holds): Engaged ≤ 1.6, Near ≤ 10, Far ≤ 25, Distant beyond.
 * @param {number} distanceSquares  Distance in map squares (≥ 0).
 * @returns {"engaged"|"near"|"far"|"distant"} Band id.
 * @throws {RangeError} for a negative or non-finite distance.
 */
export function rangeBand(distanceSquares) {
  if (typeof distanceSquares !== "number" || !Number.isFinite(distanceSquares) || distanceSquares < 0) {
    throw new RangeError(`distance must be a finite number of squares ≥ 0, not ${distanceSquares}`);
  }
  const band = BANDS.find(b => (b.over === null || distanceSquares > b.over) && (b.upTo === null || distanceSquares <= b.upTo));
  return band.id;
}

/**
 * @param {string} band
 * @returns {number}
 * @throws {RangeError}
 */
function bandIndex(band) {
  const i = BAND_IDS.indexOf(band);
  if (i < 0) throw new RangeError(`unknown range band "${band}" (${BAND_IDS.join(", ")})`);
  return i;
}

/**
 * The attack modifier of a band (Distance, ammunition and holds): Distant −1, others 0.
 * @param {"engaged"|"near"|"far"|"distant"} band
 * @returns {number}
 * @throws {RangeError} for an unknown band.
 */
export function bandAttack(band) {
  return BANDS[bandIndex(band)].attack;
}

/**
 * Whether a weapon reaches a band: "A weapon's listed range is its maximum."
 * @param {"engaged"|"near"|"far"|"distant"} weaponRange  The weapon's listed range.
 * @param {"engaged"|"near"|"far"|"distant"} band         The target's band.
 * @returns {boolean}
 * @throws {RangeError} for an unknown band.
 */
export function inRange(weaponRange, band) {
  return bandIndex(band) <= bandIndex(weaponRange);
}

/**
 * @typedef {object} WeaponLike  The parts of a weapon's data an attack needs (packs-src/weapons).
 * @property {string} category  melee, handgun, smg, shotgun, rifle, thrown, launcher.
 * @property {string[]} [traits]  e.g. burst, twoHanded, loud.
 * @property {"engaged"|"near"|"far"|"distant"} range  Listed (maximum) range.
 */

/**
 * @typedef {object} AttackModifiers
 * @property {number} attack   Modifier to the attack total.
 * @property {number} impact   Modifier to the weapon's Impact.
 * @property {number} rounds   Ammunition spent (a thrown weapon: items; hand-to-hand: 0).
 * @property {AttackEffect[]} effects  What applied, as data (the windows say it in words through lang/en.json).
 */

/**
 * @typedef {object} AttackEffect  One situational modifier that applied to an attack.
 * @property {"burst"|"shotgunEngaged"|"rifleEngaged"|"range"|"driveBy"|"tyres"} id  Which rule.
 * @property {number} value  By how much: Impact for `burst` and `shotgunEngaged`, the attack total otherwise.
 * @property {string} [band]  `range`: the band ("distant").
 * @property {"passenger"|"driver"} [role]  `driveBy`: who fired.
 */

/**
 * The situational modifiers of one attack (Distance, ammunition and holds › Shooting; Close quarters).
 * Burst: three rounds for +2 Impact, only with the burst trait. Shotguns +2 Impact at Engaged; rifles −2 attack at
 * Engaged; Distant −1. Drive-by: passenger −1, driver −2 (no two-handed weapon). Shooting at tyres −2.
 * @param {object} args
 * @param {WeaponLike} args.weapon
 * @param {"engaged"|"near"|"far"|"distant"} args.band  The target's band.
 * @param {boolean} [args.burst=false]
 * @param {"passenger"|"driver"|null} [args.driveBy=null]
 * @param {boolean} [args.tyres=false]  Shooting at a motor's tyres.
 * @returns {AttackModifiers}
 * @throws {RangeError} for a target beyond the weapon's range, a burst without the burst trait, a driver firing a
 *   two-handed weapon, or an unknown band or drive-by role.
 */
export function attackModifiers({ weapon, band, burst = false, driveBy = null, tyres = false }) {
  const s = COMBAT.shooting;
  const traits = weapon.traits ?? [];
  const own = weaponOptions(weapon);
  if (tyres && !own.tyres) throw new RangeError("only a weapon that fires can shoot at tyres");
  if (driveBy !== null && driveBy !== undefined && !own.driveBy) throw new RangeError("only a weapon that fires makes a drive-by");
  if (!inRange(weapon.range, band)) throw new RangeError(`a ${weapon.range} weapon cannot reach ${band}`);
  /** @type {AttackModifiers} */
  const out = { attack: 0, impact: 0, rounds: 0, effects: [] };
  if (weapon.category === "melee") out.rounds = 0;
  else out.rounds = s.singleShot.rounds;
  if (burst) {
    if (!traits.includes("burst")) throw new RangeError("this weapon cannot fire a burst");
    out.rounds = s.burst.rounds;
    out.impact += s.burst.impact;
    out.effects.push({ id: "burst", value: s.burst.impact });
  }
  if (band === "engaged" && weapon.category === "shotgun") {
    out.impact += s.closeQuarters.shotgunEngagedImpact;
    out.effects.push({ id: "shotgunEngaged", value: s.closeQuarters.shotgunEngagedImpact });
  }
  if (band === "engaged" && weapon.category === "rifle") {
    out.attack += s.closeQuarters.rifleEngagedAttack;
    out.effects.push({ id: "rifleEngaged", value: s.closeQuarters.rifleEngagedAttack });
  }
  const bandMod = bandAttack(band);
  if (bandMod) {
    out.attack += bandMod;
    out.effects.push({ id: "range", band, value: bandMod });
  }
  if (driveBy !== null && driveBy !== undefined) {
    if (driveBy !== "passenger" && driveBy !== "driver") throw new RangeError(`unknown drive-by role "${driveBy}"`);
    if (driveBy === "driver" && !s.driveBy.driverTwoHanded && traits.includes("twoHanded")) {
      throw new RangeError("a driver cannot fire a two-handed weapon");
    }
    out.attack += s.driveBy[driveBy];
    out.effects.push({ id: "driveBy", role: driveBy, value: s.driveBy[driveBy] });
  }
  if (tyres) {
    out.attack += s.tyres.attack;
    out.effects.push({ id: "tyres", value: s.tyres.attack });
  }
  return out;
}

/**
 * The weapon categories that fire (rulebook: Ranges, ammunition and holds › Drive-by: "a passenger fires at −1 … Shooting
 * at tyres takes −2"); melee and thrown weapons do not (ruling, docs/guide/13-rulings.md).
 */
export const FIRING_CATEGORIES = Object.freeze(["handgun", "smg", "shotgun", "rifle", "launcher"]);

/**
 * The attack options a weapon of its own offers (rulebook: Ranges, ammunition and holds): a burst with the burst
 * trait; at the tyres and a drive-by with a weapon that fires.
 * @param {{category?: string, traits?: string[]}} weapon
 * @returns {{burst: boolean, tyres: boolean, driveBy: boolean}}
 */
export function weaponOptions(weapon) {
  const fires = FIRING_CATEGORIES.includes(String(weapon?.category ?? ""));
  return { burst: (weapon?.traits ?? []).includes("burst"), tyres: fires, driveBy: fires };
}

/**
 * Damage of a hit (Attacking and defending › Damage): attack margin + weapon Impact − armour reduction, minimum 0.
 * A margin below the hit margin (0) is a miss and deals 0.
 * @param {object} args
 * @param {number} args.margin     Attack total − the target's original Guard.
 * @param {number} args.impact     Weapon Impact including modifiers (burst, shotgun at Engaged).
 * @param {number} [args.reduction=0]  Worn armour's (plus heavy cover's) damage reduction.
 * @returns {number} Damage to Health (or Body).
 * @throws {RangeError} for a non-finite number.
 */
export function damage({ margin, impact, reduction = 0 }) {
  for (const [k, v] of [["margin", margin], ["impact", impact], ["reduction", reduction]]) {
    if (typeof v !== "number" || !Number.isFinite(v)) throw new RangeError(`${k} must be a finite number, not ${v}`);
  }
  if (margin < COMBAT.attack.hitsAtMargin) return 0;
  return Math.max(COMBAT.attack.damage.minimum, margin + impact - reduction);
}

/**
 * @typedef {object} Severity
 * @property {string} id          none, minor, moderate, severe, critical.
 * @property {string} label       Printed name.
 * @property {string[]} suggested  Condition ids the GM may choose ONE from (guidance, not a command).
 */

/**
 * The severity of one hit's damage (Harm, aid and recovery, damage severity table).
 * @param {number} dmg  Damage dealt, a whole number ≥ 0.
 * @returns {Severity}
 * @throws {RangeError} for a negative or fractional damage.
 */
export function severity(dmg) {
  if (!Number.isInteger(dmg) || dmg < 0) throw new RangeError(`damage must be a whole number ≥ 0, not ${dmg}`);
  const row = SEVERITIES.find(r => dmg >= r.damage.min && (r.damage.max === null || dmg <= r.damage.max));
  if (!row) throw new RangeError(`no severity for damage ${dmg}`);
  return { id: row.id, label: row.label, suggested: [...row.suggested] };
}

/**
 * Whether a Dodge reaction cancels the hit (Attacking and defending › Take the hit or Dodge): Moves roll against
 * the attack's total; meeting it succeeds.
 * @param {object} args
 * @param {number} args.attackTotal
 * @param {number} args.dodgeTotal
 * @returns {boolean} true = the whole hit is cancelled.
 */
export function dodge({ attackTotal, dodgeTotal }) {
  return COMBAT.reactions.dodge.meetingSucceeds ? dodgeTotal >= attackTotal : dodgeTotal > attackTotal;
}

/**
 * Whether a combatant can still Dodge this round (When it kicks off › One reaction): one reaction per round;
 * Stunned and Down prevent it even if unspent.
 * @param {Iterable<string>} conditions  Active Condition ids.
 * @param {boolean} [reactionUsed=false]  The round's reaction is already spent.
 * @returns {boolean}
 */
export function canReact(conditions, reactionUsed = false) {
  if (reactionUsed) return false;
  const active = idSet(conditions);
  return !COMBAT.reactions.dodge.preventedBy.some(c => active.has(c));
}

/**
 * The Conditions a weapon adds on a hit (Attacking and defending › Extra effects): stun, gas, smoke and fire on any
 * hit; bleed only on Smashed It or Legendary when the hit did damage — unless the weapon's entry says `bleedOn:
 * anyDamage` (the Broken Bottle): then any hit that does damage bleeds.
 * @param {string[]} traits
 * @param {string} outcome
 * @param {number} dealt  Damage dealt.
 * @param {{bleedOn?: string|null}} [weapon={}]  The weapon's own rule fields (its catalogue entry).
 * @returns {string[]}
 */
export function weaponConditions(traits, outcome, dealt, weapon = {}) {
  const out = [];
  for (const row of COMBAT.weaponEffects) {
    if (!traits.includes(row.trait)) continue;
    // The weapon's own entry can waive the bleed trait's outcomes: its catalogue field `bleedOn` ("smashedIt", the
    // trait's rule, or "anyDamage": the Broken Bottle's "A hit that does any damage also causes Bleeding").
    const anyOutcome = row.trait === "bleed" && weapon?.bleedOn === "anyDamage";
    if (row.outcomes && !anyOutcome && !row.outcomes.includes(outcome)) continue;
    if (row.needsDamage && dealt <= 0) continue;
    for (const c of row.conditions) if (!out.includes(c)) out.push(c);
  }
  return out;
}

const SEVERITY_ORDER = SEVERITIES.map(r => r.id);

/**
 * The GM's one discretionary Condition after a damaging hit: the severity's suggestions, plus the next band's when
 * the attack exploded (The roll › Explosions and big moments).
 * @param {number} dealt
 * @param {boolean} exploded
 * @returns {{severity: string, label: string, suggested: string[]}}
 */
export function conditionChoices(dealt, exploded) {
  const sev = severity(dealt);
  const suggested = [...sev.suggested];
  if (exploded && dealt > 0) {
    const next = SEVERITY_ORDER[SEVERITY_ORDER.indexOf(sev.id) + 1];
    const row = next ? SEVERITIES.find(r => r.id === next) : null;
    for (const c of row?.suggested ?? []) if (!suggested.includes(c)) suggested.push(c);
  }
  return { severity: sev.id, label: sev.label, suggested: suggested.filter(c => c !== "down") };
}

/**
 * How many rounds a reload moves and from which carried ammunition (Distance… › Shooting › Reload): as many as the
 * magazine lacks, from the actor's matching ammunition items in order.
 * @param {{size: number, loaded: number, ammoType: string}} magazine
 * @param {{id: string, ammoType: string, quantity: number}[]} ammo  Carried ammunition.
 * @returns {{moved: number, takes: {id: string, quantity: number}[]}}  `takes`: each item's new quantity.
 */
export function reloadPlan(magazine, ammo) {
  let need = Math.max(0, magazine.size - magazine.loaded);
  const takes = [];
  for (const a of ammo) {
    if (!need) break;
    if (a.ammoType !== magazine.ammoType || a.quantity <= 0) continue;
    const n = Math.min(need, a.quantity);
    need -= n;
    takes.push({ id: a.id, quantity: a.quantity - n });
  }
  return { moved: Math.max(0, magazine.size - magazine.loaded) - need, takes };
}
