/**
 * Heat, the stars (rulebook: Heat on your heels): the GM's fact. `actor.system.heat` mirrors the GM store `heat`
 * ({@link module:documents/mirror}), so a player cannot cool themselves down by typing on their sheet; the active GM
 * changes it with {@link setHeat}, inside request handlers or GM automation.
 *
 * Foundry-side only; the rules are in rules/heat.mjs.
 * @module documents/heat-store
 */
import { RULES } from "../generated/rules.mjs";
import { guardActorFields } from "./mirror.mjs";

const PATH = "system.heat";
const guard = guardActorFields({ key: "heat", paths: [PATH], notice: "SMOKE.HeatStore.gmOwned" });

/**
 * @param {Actor.Implementation} actor  A character.
 * @returns {{stars: number}} The GM's stars, 0–5.
 */
export function heatOf(actor) {
  return { stars: guard.sanctioned(actor)[PATH] };
}

/**
 * Active GM: set a character's stars (clamped to 0–5).
 * @param {Actor.Implementation} actor
 * @param {number} stars
 * @param {{reason?: string}} [options]  Why (for a log; not stored yet).
 * @returns {Promise<number>} The stars now.
 * @throws {Error} stars not a number; not on the active GM.
 */
export async function setHeat(actor, stars, { reason = "" } = {}) {
  void reason;
  const n = Number(stars);
  if (!Number.isFinite(n)) throw new Error(game.i18n.format("SMOKE.HeatStore.bad", { stars: String(stars) }));
  const next = Math.min(RULES.heat.max, Math.max(RULES.heat.min, Math.round(n)));
  await guard.write(actor, { [PATH]: next });
  return next;
}

/** Hooks (registered by the entry). */
export const hooks = guard.hooks;
