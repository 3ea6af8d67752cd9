/**
 * What the active Conditions do to a roll of one stat, to Guard and to speed dice, as data: each Condition's effects
 * are ids and numbers (`{id: "modifier", stat: "mov", value: -1}`), worded by the windows through lang/en.json
 * (`SMOKE.ConditionEffect.*`, documents/core/check-words.mjs).
 * Rulebook: Harm, aid and recovery › Keep Conditions readable; Conditions.
 * Pure: imports only generated data, no Foundry globals.
 * @module rules/condition-effects
 */
import { CONDITIONS, STAT_KEYS } from "../generated/rules.mjs";

const CONDITION_BY_ID = new Map(CONDITIONS.map(c => [c.key, c]));
/** The yes/no effects a Condition may have, in the order they are listed. */
const FLAGS = /** @type {const} */ (["noReaction", "noSpeedDice", "cannotAct", "cannotDrive", "cannotMoveAway"]);

/**
 * @typedef {object} ConditionEffect  One thing a Condition does, as data.
 * @property {"modifier"|"offYourGame"|"effortNoExplode"|"guard"|"speedDice"|"noReaction"|"noSpeedDice"|"cannotAct"
 *   |"cannotDrive"|"cannotMoveAway"} id
 * @property {string} [stat]   The stat it touches (modifier, offYourGame).
 * @property {number} [value]  By how much (modifier, guard, speedDice).
 */

/**
 * @typedef {object} ConditionEntry  One active Condition and what it did to this roll.
 * @property {string} id           Condition id.
 * @property {string} name         Printed name (catalogue data).
 * @property {string[]|null} suppressedBy  Ids of the active Conditions suppressing it (it then contributes nothing),
 *   or null.
 * @property {number} modifier     Its roll modifier for the stat (0 when suppressed or not listed).
 * @property {number} guard        Its Guard change (0 when suppressed).
 * @property {boolean} offYourGame  It puts the stat Off Your Game.
 * @property {boolean} inPain       It stops the Effort die exploding.
 * @property {ConditionEffect[]} effects  What it did (modifier, Off Your Game, no explosion, Guard, speed dice, …).
 * @property {ConditionEffect[]} rollEffects  The part of `effects` that changes this roll (modifier and explosions).
 */

/**
 * @typedef {object} ConditionEffects
 * @property {string|null} statKey
 * @property {number} modifier     Sum of the active Conditions' roll modifiers for the stat.
 * @property {boolean} offYourGame The stat is Off Your Game.
 * @property {boolean} inPain      The Effort die does not explode (effortNoExplode).
 * @property {number} guard        Guard change.
 * @property {number} speedDice    Change to the number of speed dice.
 * @property {boolean} noReaction  No Dodge reaction.
 * @property {boolean} noSpeedDice Takes no speed dice (Cuffed, Down).
 * @property {boolean} cannotAct   Cannot act (Down).
 * @property {boolean} cannotDrive Cannot drive (Cuffed).
 * @property {boolean} cannotMoveAway  Cannot move away (Grabbed).
 * @property {ConditionEntry[]} applied  Every active Condition in the order given, suppressed ones included.
 * @property {string[]} suppressed  Ids of active Conditions that contribute nothing.
 * @property {string[]} unknown     Ids that are not Conditions (other status effects), ignored.
 */

/**
 * What a set of active Conditions does to a roll of one stat, and to Guard and speed dice.
 * A Condition listed in an active Condition's `suppresses` contributes nothing but is reported as suppressed
 * (Numb suppresses Shaken and Bricking It; Numbed suppresses In Pain and Hurt). Three Bruised marks becoming Hurt
 * is the caller's bookkeeping: a status set holds Bruised once.
 * @param {Iterable<string>} statusIds  Active status ids (e.g. an Actor's `statuses` Set); unknown ids are ignored.
 * @param {string|null} [statKey]  The stat rolled (mus grt mov whl aim grf sav frt btl), or null for no roll.
 * @returns {ConditionEffects}
 * @throws {RangeError} for an unknown stat key.
 */
export function conditionEffects(statusIds = [], statKey = null) {
  if (statKey !== null && !STAT_KEYS.includes(statKey)) {
    throw new RangeError(`unknown stat "${statKey}" (${STAT_KEYS.join(" ")})`);
  }
  const ids = [...new Set(statusIds ?? [])];
  const active = ids.filter(id => CONDITION_BY_ID.has(id)).map(id => CONDITION_BY_ID.get(id));
  const unknown = ids.filter(id => !CONDITION_BY_ID.has(id));
  const suppressors = new Map();
  for (const c of active) {
    for (const target of c.suppresses ?? []) suppressors.set(target, [...(suppressors.get(target) ?? []), c.key]);
  }
  /** @type {ConditionEffects} */
  const result = {
    statKey, modifier: 0, offYourGame: false, inPain: false, guard: 0, speedDice: 0, noReaction: false,
    noSpeedDice: false, cannotAct: false, cannotDrive: false, cannotMoveAway: false,
    applied: [], suppressed: [], unknown
  };
  for (const c of active) {
    const by = suppressors.get(c.key) ?? null;
    /** @type {ConditionEntry} */
    const entry = {
      id: c.key, name: c.name, suppressedBy: by, modifier: 0, guard: 0, offYourGame: false, inPain: false,
      effects: [], rollEffects: []
    };
    result.applied.push(entry);
    if (by) {
      result.suppressed.push(c.key);
      continue;
    }
    const mod = statKey ? (c.modifiers?.[statKey] ?? 0) : 0;
    if (mod) {
      entry.modifier = mod;
      result.modifier += mod;
      entry.rollEffects.push({ id: "modifier", stat: /** @type {string} */ (statKey), value: mod });
    }
    if (statKey && (c.offYourGame ?? []).includes(statKey)) {
      result.offYourGame = entry.offYourGame = true;
      entry.rollEffects.push({ id: "offYourGame", stat: statKey });
    }
    if (c.effortNoExplode) {
      result.inPain = entry.inPain = true;
      entry.rollEffects.push({ id: "effortNoExplode" });
    }
    entry.effects.push(...entry.rollEffects);
    if (c.guard) {
      entry.guard = c.guard;
      result.guard += c.guard;
      entry.effects.push({ id: "guard", value: c.guard });
    }
    if (c.speedDice) {
      result.speedDice += c.speedDice;
      entry.effects.push({ id: "speedDice", value: c.speedDice });
    }
    for (const flag of FLAGS) {
      if (c[flag]) {
        result[flag] = true;
        entry.effects.push({ id: flag });
      }
    }
  }
  return result;
}

/**
 * The ids of the active Conditions that prevent driving (Conditions › Cuffed: "you cannot drive"), suppressed ones
 * left out.
 * @param {Iterable<string>} statusIds
 * @returns {string[]} e.g. ["cuffed"].
 */
export function cannotDriveIds(statusIds) {
  return conditionEffects(statusIds, null).applied.filter(c => !c.suppressedBy?.length
    && /** @type {{cannotDrive?: boolean} | undefined} */ (CONDITION_BY_ID.get(c.id))?.cannotDrive).map(c => c.id);
}

/**
 * The printed names (catalogue data) of the active Conditions that prevent driving, joined; "" for none.
 * @param {Iterable<string>} statusIds
 * @returns {string} e.g. "Cuffed".
 */
export function cannotDriveNames(statusIds) {
  return cannotDriveIds(statusIds).map(id => CONDITION_BY_ID.get(id).name).join(", ");
}
