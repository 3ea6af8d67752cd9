/**
 * The cool-down on the active GM (rulebook: Heat on your heels › Lose sight, then lose stars): once a second
 * (documents/core/active-time.mjs onTick) the active GM looks at every wanted character — who can see them
 * (documents/heat/sight.mjs), whether a star's window of active out-of-sight time has passed (rules/police.mjs) —
 * and writes only when something changed: seen / lost from sight, a star lost, stars set elsewhere (a GM's sheet
 * edit, Wasted). Nothing is written while a timer runs; a pause stops active time, so timers stand still. Only the
 * active GM checks (a second GM, or a player, never does), and after a GM reload the stored start carries on.
 *
 * Foundry-side only.
 * @module documents/heat/cooldown
 */
import { hasRecordedPerk } from "../core/record.mjs";
import { GHOST_PERK, heatLevel } from "../../rules/heat.mjs";
import { coolDown, secondsLeft, sightChanged, starsSet } from "../../rules/police.mjs";
import { activeNow } from "../core/active-time.mjs";
import { allTimers, dropTimer, heatOf, setHeat, timerOf, updateTimer } from "./store.mjs";
import { sightOf } from "./sight.mjs";

/**
 * Whether a character has the Ghost perk (loses Heat 15 seconds faster) on the GM's record: the catalogue's Ghost, or a
 * perk the GM made by hand and named so (documents/core/record.mjs).
 * @param {any} actor
 * @returns {boolean}
 */
export function hasGhost(actor) {
  return hasRecordedPerk(actor, GHOST_PERK, GHOST_PERK);
}

let running = false;

/**
 * Active GM: one check of every character's timer (what onTick calls). Writes only on a state change.
 * @param {number} [now]  Active ms.
 * @returns {Promise<number>} How many writes it made (for the benchmark and tests).
 */
export async function checkTimers(now = activeNow()) {
  if (!game.user?.isActiveGM || running) return 0;
  running = true;
  let writes = 0;
  try {
    for (const uuid of Object.keys(allTimers())) {
      if (!fromUuidSync(/** @type {SmokeUuid} */ (uuid))) {
        await dropTimer(uuid);
        writes += 1;
      }
    }
    for (const actor of game.actors ?? []) {
      if (actor.type !== "character") continue;
      writes += await checkOne(actor, now);
    }
  } finally {
    running = false;
  }
  return writes;
}

/**
 * @param {Actor.Implementation} actor
 * @param {number} now
 * @returns {Promise<number>} writes
 */
async function checkOne(actor, now) {
  const heat = heatOf(actor);
  const stored = timerOf(actor);
  if (!stored && heat.stars === 0) return 0;
  const timer = stored ?? { stars: heat.stars, seen: false, since: null, override: null, indoors: false };
  // Stars changed without setHeat (a GM's sheet edit, Wasted): the new level's star starts now.
  if (!stored || timer.stars !== heat.stars) {
    await updateTimer(actor, t => ({ ...t, ...starsSet(t, heat.stars, now) }));
    return 1;
  }
  if (heat.stars === 0) return 0;
  const { seen } = sightOf(actor, heat);
  const moved = sightChanged(timer, seen, now);
  if (moved !== timer) {
    await updateTimer(actor, t => ({ ...t, ...moved }));
    return 1;
  }
  const cooled = coolDown(timer, now, hasGhost(actor));
  if (cooled === timer) return 0;
  // The next star's window starts where the last one ended (a GM away for a while loses exactly the right number).
  await setHeat(actor, cooled.stars, { reason: "coolDown", now: cooled.since ?? now });
  return 1;
}

/**
 * What a window shows of a character's Heat (everyone reads the same GM records and the same active clock).
 * @param {Actor.Implementation} actor
 * @param {number} [now]  Active ms.
 * @returns {{stars: number, nameKey: string, response: string, nextStarSeconds: number|null, inSight: boolean,
 *   override: "seen"|"unseen"|null, indoors: boolean}}
 */
export function heatView(actor, now = activeNow()) {
  const heat = heatOf(actor);
  const level = heatLevel(heat.stars);
  const timer = { stars: heat.stars, seen: heat.seen, since: heat.since };
  return { stars: heat.stars, nameKey: `SMOKE.Wanted.level.${level.id}`, response: level.response,
    nextStarSeconds: secondsLeft(timer, now, hasGhost(actor)), inSight: heat.stars > 0 && heat.seen,
    override: heat.override, indoors: heat.indoors };
}
