/**
 * Current Health (rulebook: Your character record › The numbers beside your name: "Damage reduces current Health;
 * being patched up restores it up to the maximum") is the GM's record, as cash and Hustle are
 * ({@link module:documents/mirror}: a character's `system.health.value` mirrors the GM store `health`). It changes
 * through the system's flows, each on the active GM: damage in a fight (documents/fight/combat.mjs), first aid
 * (documents/fight/actions.mjs, documents/money/aid.mjs), kit that restores Health (documents/actor.mjs `useItem` →
 * documents/character/kit-use.mjs), Rest and A&E (documents/money/services.mjs), the Character Creator's finish, hazards
 * (documents/gm-screen/harm.mjs), and the GM's own edits on the sheet or a token's bar. A player's own edit is stripped on
 * their client with a notice and a forged write is put back: a player who lowered it could otherwise be patched up
 * again ("once per injury": a new injury is one the GM's record shows), and one who raised it would heal for nothing.
 *
 * First aid's "once per injury" reads the GM store `firstAidTreated` (actor UUID → the Health the patient was left
 * at), never a flag on the patient, which its owner could unset to be treated again.
 *
 * Foundry-side only; no rules here.
 * @module documents/health-record
 */
import { gmStore } from "./gm-store.mjs";
import { guardActorFields } from "./mirror.mjs";
import { personSystem } from "./lookup.mjs";

const PATH = "system.health.value";

const guard = guardActorFields({ key: "health", paths: [PATH], notice: "SMOKE.HealthRecord.gmOwned" });

/**
 * A character's current Health as the GM recorded it (a token's unlinked copy, an NPC or a motor: as it stands,
 * since no player owns what the GM acts on there).
 * @param {Actor.Implementation} actor  A person (character or NPC).
 * @returns {number} Whole Health points.
 */
export function healthOf(actor) {
  if (actor.type !== "character" || actor.isToken) return Number(personSystem(actor).health?.value ?? 0);
  return guard.sanctioned(actor)[PATH];
}

/** @type {import("./gm-store.mjs").GMStore<{health: number}>} */
const treated = gmStore("firstAidTreated");

/**
 * The Health a patient was left at by their last first aid (Harm, aid and recovery › First aid: "once per injury"),
 * or null when never treated.
 * @param {Actor.Implementation} actor
 * @returns {number|null}
 */
export function treatedAt(actor) {
  return treated.get(actor.uuid)?.health ?? null;
}

/**
 * Active GM: record a first aid (the Health the patient is left at).
 * @param {Actor.Implementation} actor
 * @param {number} health
 * @returns {Promise<unknown>}
 */
export function recordTreated(actor, health) {
  return treated.set(actor.uuid, { health });
}

/** Hooks (registered by the entry): the mirror's. */
export const hooks = guard.hooks;
