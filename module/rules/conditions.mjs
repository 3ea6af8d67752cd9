/**
 * The 31 Conditions as Foundry status effects (rulebook: Conditions; Harm, aid and recovery).
 * Pure: no Foundry globals; the entry module assigns the result to CONFIG.statusEffects.
 * @module rules/conditions
 */
import { SYSTEM_ID } from "../generated/rules.mjs";

/**
 * @typedef {object} Condition  One entry of packs-src/conditions (see docs/catalogue-format.md).
 * @property {string} key   Condition id, e.g. "bleeding".
 * @property {string} name  Printed name.
 * @property {string} img   Icon path.
 * @property {string} description
 * @property {string} recovery
 */

/**
 * Status-effect configs for CONFIG.statusEffects (v13 StatusEffectConfig): a stable 16-character `_id`, the
 * printed name, the generated icon, and the Condition's data under `flags["the-smoke"].condition` so rules can
 * read its mechanics from the effect. People only: vehicles have no Conditions in the book. `description` is the
 * catalogue's text as given; the entry renders it with the recovery (templates/chat/condition-description.hbs) once
 * the language is loaded.
 * @param {Condition[]} conditions
 * @returns {{id: string, _id: string, name: string, img: string, description: string, hud: {actorTypes: string[]},
 *   flags: {"the-smoke": {condition: string, description: string, recovery: string}}}[]}
 */
export function statusEffects(conditions) {
  return conditions.map(c => ({
    id: c.key,
    _id: `smoke${c.key}`.padEnd(16, "0").slice(0, 16),
    name: c.name,
    img: c.img,
    description: c.description,
    hud: { actorTypes: ["character", "npc"] },
    flags: { [SYSTEM_ID]: { condition: c.key, description: c.description, recovery: c.recovery } }
  }));
}

/**
 * @typedef {object} AidResult  What aid does to a patient (Harm, aid and recovery › First aid, At zero Health).
 * @property {number} health     Health afterwards (never above the maximum).
 * @property {number} restored   Health restored.
 * @property {string[]} remove   Condition ids to remove: those the aid treats that the patient has, and Down when the
 *   aid brings a Down patient above 0 Health ("Someone reaching you with aid can get you back above 0 Health; remove
 *   Down and stop its unattended countdown").
 * @property {boolean} downEnds  Down ends: the Down clock stops (the combat's `downRounds` goes back to 0).
 */

/**
 * Aid on a patient: restore Health up to the maximum, remove the Conditions it treats; a Down patient brought above
 * 0 Health is no longer Down. Book: first aid restores 2 Health and removes Bleeding and Hurt — a Down patient at 0
 * with Bleeding ends at 2 Health, neither Bleeding nor Down.
 * @param {{health: number, max: number, conditions: Iterable<string>}} patient  Health now and its maximum; active
 *   status ids.
 * @param {{restore?: number, removes?: string[]}} aid  Health restored (whole, ≥ 0) and the Conditions removed (the
 *   item's `restoreHealth` and `removes`, packs-src).
 * @param {{atHealth?: number}} [down]  Down's threshold (RULES.combat.down.atHealth, 0).
 * @returns {AidResult}
 * @throws {RangeError} for a Health, maximum or restore that is not a whole number ≥ 0.
 */
export function applyAid({ health, max, conditions }, { restore = 0, removes = [] }, { atHealth = 0 } = {}) {
  for (const [name, v] of /** @type {[string, number][]} */ ([["health", health], ["max", max], ["restore", restore]])) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`${name} must be a whole number ≥ 0, got ${v}`);
  }
  const active = new Set(conditions);
  const after = Math.max(health, Math.min(max, health + restore));
  const remove = removes.filter(id => active.has(id));
  const downEnds = active.has("down") && after > atHealth;
  if (downEnds) remove.push("down");
  return { health: after, restored: after - health, remove, downEnds };
}

/**
 * Whether first aid may be tried on a patient now (Harm, aid and recovery › First aid: "Treat an injury once; a
 * fresh injury allows a fresh attempt"). The record of the last attempt is the patient's Health after it (success or
 * not); a fresh injury is Health lost since (a ruling: the book names no other mark of "an injury").
 * @param {{health: number, treatedAt?: number|null}} patient  Health now; Health after the last attempt, or null.
 * @returns {boolean}
 */
export function firstAidAllowed({ health, treatedAt = null }) {
  return treatedAt === null || treatedAt === undefined || health < treatedAt;
}

/**
 * The hospital reset (Harm, aid and recovery › Homerton A&E, Wasted): Health restored to its maximum and "the usual
 * treatable injuries" cleared; Broken is set and stays (a week of recovery, then the GM removes it). The treatable
 * injuries are the Conditions whose printed recovery names A&E, a paramedic or first aid (Bleeding, Down, Hurt, In
 * Pain) — a ruling: the book gives no list.
 * @param {{max: number, conditions: Iterable<string>}} patient  Health maximum; active status ids.
 * @param {{key: string, recovery: string}[]} catalogue  The Conditions (packs-src/conditions, CONDITIONS).
 * @returns {{health: number, remove: string[], keep: string[]}}  `keep`: active Conditions it leaves (Broken among them).
 */
export function hospitalReset({ max, conditions }, catalogue) {
  const treatable = new Set(catalogue.filter(c => c.key !== "broken" && /\bA&E\b|paramedic|first aid/i.test(c.recovery))
    .map(c => c.key));
  const active = [...conditions];
  return { health: max, remove: active.filter(id => treatable.has(id)), keep: active.filter(id => !treatable.has(id)) };
}
