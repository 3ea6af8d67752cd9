/**
 * Active time on the table: the server's clock (`game.time.serverTime`, the same on every client) less every game
 * pause. The Heat cool-down and the job clocks run on it (rules/clock.mjs), so they stand still while the game is
 * paused and need no writes while they run.
 *
 * The pause record is one world setting (`the-smoke.activeTime`, {@link PauseState}) that the **active GM** writes
 * once per pause and once per unpause (the `pauseGame` hook reaches every client; only the active GM writes). On the
 * GM's `ready` the record is squared with the world's pause state (a world launches paused; the time between the
 * last unpause seen and a server restart counts as active, as nothing recorded it).
 *
 * {@link onTick} gives windows and GM automation one shared 1-second interval per client: countdowns re-read the
 * clocks; the GM's checks write only when a state changes.
 *
 * Foundry-side only; the arithmetic is in rules/clock.mjs.
 * @module documents/active-time
 */
import { activeTime, pauseStateAfter } from "../../rules/clock.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";

/** @typedef {import("../../rules/clock.mjs").PauseState} PauseState */

const KEY = "activeTime";
const TICK_MS = 1000;

/** @type {Set<(now: number) => void>} */
const listeners = new Set();
let interval = /** @type {ReturnType<typeof setInterval>|null} */ (null);

/** Register the pause record (init). */
export function registerActiveTime() {
  game.settings.register(SYSTEM_ID, KEY, { scope: "world", config: false, type: Object,
    default: { pausedAt: null, pausedTotal: 0 }, onChange: () => tick() });
}

/** @returns {PauseState} */
function pauseState() {
  const value = game.settings.get(SYSTEM_ID, KEY);
  return value && typeof value === "object" ? value : { pausedAt: null, pausedTotal: 0 };
}

/** @returns {number} Active ms now (server time less every game pause). */
export function activeNow() {
  return activeTime(pauseState(), game.time.serverTime);
}

/** @returns {boolean} Whether active time is standing still (the game is paused). */
export function timeStands() {
  return pauseState().pausedAt !== null || Boolean(game.paused);
}

/** Active GM: record the world's pause state if the record says otherwise (one write per change). */
async function record(paused) {
  if (!game.user?.isActiveGM) return;
  const before = pauseState();
  const after = pauseStateAfter(before, paused, game.time.serverTime);
  if (after.pausedAt === before.pausedAt && after.pausedTotal === before.pausedTotal) return;
  await game.settings.set(SYSTEM_ID, KEY, after);
}

function tick() {
  if (!listeners.size) return;
  const now = activeNow();
  for (const fn of [...listeners]) {
    try {
      fn(now);
    } catch (err) {
      console.error("the-smoke | a clock listener failed", err);
    }
  }
}

/**
 * Call `fn(activeNow)` every second on this client (and when the pause record changes) until unsubscribed.
 * For countdowns and GM checks; never write a document per tick.
 * @param {(now: number) => void} fn
 * @returns {() => void} Unsubscribe.
 */
export function onTick(fn) {
  listeners.add(fn);
  interval ??= setInterval(tick, TICK_MS);
  return () => {
    listeners.delete(fn);
    if (!listeners.size && interval !== null) {
      clearInterval(interval);
      interval = null;
    }
  };
}

/** Hooks (registered by the entry). */
export const hooks = {
  /** @param {boolean} paused */
  pauseGame: paused => void record(paused).catch(err => console.error("the-smoke | pause not recorded", err)),
  ready: () => void record(Boolean(game.paused)).catch(err => console.error("the-smoke | pause not recorded", err))
};
