/**
 * Heat, the stars and their cool-down (rulebook: Heat on your heels): the GM's facts. `actor.system.heat` mirrors
 * the GM store `heat` ({@link module:documents/mirror}), so a player cannot cool themselves down by typing on their
 * sheet; the active GM changes it with {@link setHeat}, inside request handlers or GM automation.
 *
 * The cool-down is a timer on **active** time (documents/core/active-time.mjs), kept in the GM store `heatTimers` keyed
 * by actor UUID as `{stars, seen, since, override, indoors}` (rules/police.mjs HeatTimer plus the GM's two toggles):
 * a start and a flag, never ticked. It is written once per state change — seen / lost from sight, a star lost, Heat
 * set, a GM toggle — and never while it runs; a game pause stops active time, so the timer stands still with no write.
 *
 * Foundry-side only; the rules are in rules/heat.mjs and rules/police.mjs.
 * @module documents/heat-store
 */
import { RULES } from "../../generated/rules.mjs";
import { starsSet } from "../../rules/police.mjs";
import { activeNow } from "../core/active-time.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { guardActorFields } from "../core/mirror.mjs";

const PATH = "system.heat";
const guard = guardActorFields({ key: "heat", paths: [PATH], notice: "SMOKE.HeatStore.gmOwned" });

/**
 * @typedef {object} TimerRecord
 * @property {number} stars  The stars the timer belongs to (a GM's own sheet edit is noticed by the difference).
 * @property {boolean} seen  Police (or the helicopter) can see the character.
 * @property {number|null} since  Active ms the current star's out-of-sight run began; null when not running.
 * @property {"seen"|"unseen"|null} override  The GM's *in sight* / *out of sight* call, or null (the scene decides).
 * @property {boolean} indoors  The GM's "under a roof" toggle (the helicopter cannot see in).
 */

/** @type {import("../core/gm-store.mjs").GMStore<TimerRecord>} */
const timers = gmStore("heatTimers", { onChange: () => Hooks.callAll("smoke.heatChanged") });

/**
 * @param {number} stars
 * @returns {TimerRecord}
 */
const blank = stars => ({ stars, seen: false, since: null, override: null, indoors: false });

/**
 * @param {Actor.Implementation} actor  A character.
 * @returns {{stars: number} & Omit<TimerRecord, "stars">} The GM's stars (0–5) and the timer's fields.
 */
export function heatOf(actor) {
  const stars = guard.sanctioned(actor)[PATH];
  const t = timers.get(actor.uuid) ?? blank(stars);
  return { stars, seen: !!t.seen, since: t.stars === stars ? t.since : null, override: t.override ?? null,
    indoors: !!t.indoors };
}

/**
 * The stored timer of a character, or null.
 * @param {Actor.Implementation|string} actorOrUuid
 * @returns {TimerRecord|null}
 */
export function timerOf(actorOrUuid) {
  return timers.get(typeof actorOrUuid === "string" ? actorOrUuid : actorOrUuid.uuid);
}

/** @returns {Record<string, TimerRecord>} Every stored timer by actor UUID. */
export function allTimers() {
  return timers.all();
}

/**
 * Active GM: set a character's stars (clamped to 0–5); the new level's star starts its timer afresh (out of sight)
 * or waits (seen); 0 stops it.
 * @param {Actor.Implementation} actor
 * @param {number} stars
 * @param {{reason?: string, now?: number}} [options]  reason: why (for a log; not stored yet); now: active ms.
 * @returns {Promise<number>} The stars now.
 * @throws {Error} stars not a number; not on the active GM.
 */
export async function setHeat(actor, stars, { reason = "", now = activeNow() } = {}) {
  void reason;
  const n = Number(stars);
  if (!Number.isFinite(n)) throw new Error(game.i18n.format("SMOKE.HeatStore.bad", { stars: String(stars) }));
  const next = Math.min(RULES.heat.max, Math.max(RULES.heat.min, Math.round(n)));
  const before = timers.get(actor.uuid);
  await timers.set(actor.uuid, { ...(before ?? blank(next)), ...starsSet(before ?? blank(next), next, now) });
  await guard.write(actor, { [PATH]: next });
  return next;
}

/**
 * Active GM: change a character's timer record (one write; unchanged → no write).
 * @param {Actor.Implementation|string} actorOrUuid
 * @param {(t: TimerRecord) => TimerRecord} fn  Gets the current record (a blank one for a new character).
 * @returns {Promise<TimerRecord|null>}
 */
export async function updateTimer(actorOrUuid, fn) {
  const uuid = typeof actorOrUuid === "string" ? actorOrUuid : actorOrUuid.uuid;
  const before = timers.get(uuid);
  const stars = typeof actorOrUuid === "string" ? before?.stars ?? 0 : guard.sanctioned(actorOrUuid)[PATH];
  const next = fn(before ?? blank(stars));
  if (before && JSON.stringify(before) === JSON.stringify(next)) return before;
  return timers.set(uuid, next);
}

/**
 * Active GM: forget a timer (its actor is gone).
 * @param {string} uuid
 */
export function dropTimer(uuid) {
  return timers.get(uuid) ? timers.set(uuid, null) : Promise.resolve(null);
}

/** Hooks (registered by the entry): the guard's, and a deleted character's timer goes with it. */
export const hooks = {
  ...guard.hooks,
  deleteActor: (/** @type {Actor.Implementation} */ actor, /** @type {unknown} */ options, /** @type {string} */ userId) => {
    guard.hooks.deleteActor(actor);
    if (game.user.isActiveGM) dropTimer(actor.uuid).catch(err => console.error("the-smoke | heatTimers", err));
    void options; void userId;
  }
};
