/**
 * How many times a stacking Condition has been taken towards what it becomes (rulebook: Conditions › Bruised, "A
 * third Bruised becomes Hurt") is the GM's record, like the Conditions themselves (documents/core/condition-record.mjs):
 * the count lives on the character as `flags.the-smoke.count.<id>` and in the GM store `conditionCounts`
 * (documents/core/mirror.mjs guardActorFields). A player who lowers it on their own character (to stay Bruised
 * instead of Hurt) is stripped on their client with a notice, a forged write is put back by the active GM, and the
 * GM's `addCondition` counts from the record, never the flag.
 *
 * Foundry-side only; no rules here.
 * @module documents/core/condition-counts
 */
import { CONDITIONS, SYSTEM_ID } from "../../generated/rules.mjs";
import { guardActorFields } from "./mirror.mjs";

/**
 * The flag path that holds a Condition's count.
 * @param {string} id  Condition id ("bruised").
 * @returns {string}
 */
const pathOf = id => `flags.${SYSTEM_ID}.count.${id}`;

/** The Conditions that stack towards another (Bruised). */
const STACKING = CONDITIONS.filter(c => c.becomes).map(c => c.key);

const guard = guardActorFields({ key: "conditionCounts", paths: STACKING.map(pathOf), notice: "SMOKE.Record.conditionsGmOwned",
  ownAdoption: true });

/**
 * A stacking Condition's count as the GM recorded it (0 when none is running).
 * @param {Actor.Implementation} actor
 * @param {string} id  Condition id.
 * @returns {number}  Times taken since it last ended or became the next Condition.
 */
export function recordedCount(actor, id) {
  return Number(guard.sanctioned(actor)[pathOf(id)]) || 0;
}

/**
 * Record a stacking Condition's count (0 starts it again). The active GM writes the record, then the character's
 * mirror of it; another GM writes the flag, which the active GM records as a GM's edit; an NPC's is its own flag.
 * @param {Actor.Implementation} actor
 * @param {string} id  Condition id.
 * @param {number} count  Times taken.
 * @returns {Promise<unknown>}
 */
export function writeCount(actor, id, count) {
  const character = actor.type === "character" && !actor.isToken;
  if (character && game.user.isActiveGM) return guard.write(actor, { [pathOf(id)]: count });
  return actor.update(/** @type {Actor.UpdateData} */ ({ [pathOf(id)]: count }));
}

/** Hooks: the record's guard. */
export const hooks = guard.hooks;
