/**
 * Timed Conditions end by themselves (rulebook: Conditions · highs and comedowns; Food, medicine and drugs › a drug's
 * duration). v13 core never deletes an expired ActiveEffect, so the active GM does: when world time passes an
 * effect's `duration.startTime + duration.seconds`, or a fight's rounds pass its `duration.startRound +
 * duration.rounds`, the effect is deleted once — and its comedown follows through the usual `deleteActiveEffect`
 * path on the GM's client (SmokeActor#onConditionEnded), once.
 *
 * Foundry-side only; no rules here.
 * @module documents/durations
 */
import { recordedDuration } from "../core/condition-record.mjs";

/**
 * Whether an effect's duration has run out (world seconds, or rounds of its fight).
 * @param {ActiveEffect.Implementation} effect
 * @param {{worldTime: number, combat?: Combat.Implementation|null}} now
 * @returns {boolean}
 */
export function hasExpired(effect, { worldTime, combat = null }) {
  const d = recordedDuration(effect); // a character's from the GM's record (core/condition-record.mjs)
  if (Number(d.seconds) > 0 && Number.isFinite(Number(d.startTime))) return worldTime >= Number(d.startTime) + Number(d.seconds);
  if (Number(d.rounds) > 0 && combat && d.combat === combat.id) return combat.round >= Number(d.startRound ?? 0) + Number(d.rounds);
  return false;
}

/** Actors whose effects may run out: world actors and the synthetic actors of unlinked tokens. */
function* actorsWithEffects() {
  yield* game.actors ?? [];
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens ?? []) if (!token.actorLink && token.actor) yield token.actor;
  }
}

/**
 * End every effect whose time is up (active GM only), each once.
 * @param {Combat.Implementation|null} [combat]
 * @returns {Promise<number>} How many ended.
 */
export async function expireEffects(combat = null) {
  if (!game.user?.isActiveGM) return 0;
  const worldTime = game.time?.worldTime ?? 0;
  let ended = 0;
  for (const actor of actorsWithEffects()) {
    const ids = actor.effects.filter(e => hasExpired(e, { worldTime, combat })).map(e => e.id);
    if (!ids.length) continue;
    await actor.deleteEmbeddedDocuments("ActiveEffect", /** @type {string[]} */ (ids));
    ended += ids.length;
  }
  return ended;
}

/**
 * The hooks: world time moving on, and a fight's round changing.
 * @type {Record<string, Function>}
 */
export const hooks = {
  updateWorldTime: () => { expireEffects().catch(err => console.warn("The Smoke | timed Conditions did not end", err)); },
  updateCombat: (combat, changed, options, userId) => {
    if (!("round" in (changed ?? {}))) return;
    // Only a GM's round counts: v13 lets a player write a fight's round (BaseCombat#canUpdate: "Players may only
    // modify a subset of fields", round and turn among them, core common/documents/combat.mjs), and the GM puts it
    // back (documents/fight/combat.mjs hooks); a player's round would end their Conditions early.
    if (!game.users?.get(userId)?.isGM) return;
    expireEffects(combat).catch(err => console.warn("The Smoke | timed Conditions did not end", err));
  }
};
