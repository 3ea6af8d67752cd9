/**
 * The street's weather and profile as checks read them (rulebook: Street events › Sudden downpour): the scene's street
 * state (a flag only a GM writes: documents/street/setup.mjs setStreet) and the band a Wheels roll is rolled at in the
 * rain. Shared ground: the check (documents/core/check.mjs resolveTN), the GM Screen and the chase gauge read it.
 *
 * Foundry-side only; no rules here (rules/street.mjs streetState, wheelsBandSteps).
 * @module documents/core/street-state
 */
import { BANDS, SYSTEM_ID } from "../../generated/rules.mjs";
import { streetState, wheelsBandSteps } from "../../rules/street.mjs";

/**
 * The scene's street state (defaults when unset).
 * @param {any} scene
 * @returns {{profile: string, time: string, rain: boolean}}
 */
export function streetOf(scene) {
  try {
    return streetState(scene?.flags?.[SYSTEM_ID]?.street ?? {});
  } catch {
    return streetState({});
  }
}

/**
 * The band of a roll in the rain: one band harder for Wheels when the scene the actor's (or motor's) token stands on
 * — else the viewed scene — is raining. Called by the chase gauge's check (documents/chase/gauge.mjs rollerFor).
 * @param {any} actor
 * @param {string} stat
 * @param {string} band
 * @returns {string}
 */
export function rainBand(actor, stat, band) {
  const scene = game.scenes?.find(s => s.tokens.some(t => t.actorId === actor.id)) ?? game.scenes?.viewed;
  const steps = wheelsBandSteps(streetOf(scene), stat);
  if (!steps || !BANDS.includes(/** @type {SmokeBand} */ (band))) return band;
  return BANDS[Math.min(BANDS.length - 1, BANDS.indexOf(/** @type {SmokeBand} */ (band)) + steps)];
}
