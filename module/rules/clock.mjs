/**
 * Clocks on **active time** (rulebook: Heat on your heels › cool-down; Patients, fires and job clocks): the Heat
 * cool-down and every job clock count only the time the game is not paused. A clock is stored as timestamps — when it
 * started, when it was paused and for how long it has been paused — never as a ticking counter, so a running clock
 * costs no document writes and survives a reload.
 *
 * Units: every time here is **active milliseconds** (see {@link activeTime}); windows and results are job-clock
 * **seconds**. Pure: no Foundry globals.
 * @module rules/clock
 */

/**
 * @typedef {object} PauseState  The world's pause record (one world setting, written once per pause and unpause).
 * @property {number|null} pausedAt     Server time (ms) when the current pause began; null while the game runs.
 * @property {number}      pausedTotal  Milliseconds of every finished pause so far.
 */

/**
 * @typedef {object} Clock  One clock on active time.
 * @property {number}      startedAt  Active ms when it started.
 * @property {number|null} pausedAt   Active ms when the GM paused this clock; null while it runs.
 * @property {number}      pausedFor  Active ms this clock has spent paused by the GM (finished pauses).
 */

/**
 * Active time: the server's clock less every game pause, so a clock started on it stands still while the game is paused.
 * @param {PauseState} pause
 * @param {number} serverNow  Server time in ms (`game.time.serverTime`).
 * @returns {number} Active ms (monotonic while the server clock is).
 */
export function activeTime(pause, serverNow) {
  const total = Number(pause?.pausedTotal) || 0;
  const since = pause?.pausedAt ?? null;
  return (since === null ? serverNow : Math.min(serverNow, since)) - total;
}

/**
 * Record a game pause beginning or ending.
 * @param {PauseState} pause
 * @param {boolean} paused  The new state.
 * @param {number} serverNow  Server time in ms.
 * @returns {PauseState} The new record (unchanged when the state is already so).
 */
export function pauseStateAfter(pause, paused, serverNow) {
  const pausedAt = pause?.pausedAt ?? null;
  const pausedTotal = Number(pause?.pausedTotal) || 0;
  if (paused) return pausedAt === null ? { pausedAt: serverNow, pausedTotal } : { pausedAt, pausedTotal };
  if (pausedAt === null) return { pausedAt: null, pausedTotal };
  return { pausedAt: null, pausedTotal: pausedTotal + Math.max(0, serverNow - pausedAt) };
}

/**
 * @param {number} now  Active ms.
 * @returns {Clock} A running clock started now.
 */
export function startClock(now) {
  return { startedAt: now, pausedAt: null, pausedFor: 0 };
}

/**
 * Pause a clock (the GM pauses one job); a paused clock stays paused.
 * @param {Clock} clock
 * @param {number} now  Active ms.
 * @returns {Clock}
 */
export function pauseClock(clock, now) {
  return clock.pausedAt === null ? { ...clock, pausedAt: now } : { ...clock };
}

/**
 * Resume a paused clock from the time it had left; a running clock is unchanged.
 * @param {Clock} clock
 * @param {number} now  Active ms.
 * @returns {Clock}
 */
export function resumeClock(clock, now) {
  if (clock.pausedAt === null) return { ...clock };
  return { ...clock, pausedAt: null, pausedFor: clock.pausedFor + Math.max(0, now - clock.pausedAt) };
}

/**
 * @param {Clock} clock
 * @param {number} now  Active ms.
 * @returns {number} Seconds the clock has run (not counting its own pauses), ≥ 0.
 */
export function clockElapsed(clock, now) {
  const end = clock.pausedAt === null ? now : Math.min(now, clock.pausedAt);
  return Math.max(0, end - clock.startedAt - clock.pausedFor) / 1000;
}

/**
 * @param {Clock} clock
 * @param {number} windowSeconds  The stage's window (job-clock seconds).
 * @param {number} now  Active ms.
 * @returns {number} Seconds left in the window, ≥ 0 (0 once it has run out).
 */
export function clockLeft(clock, windowSeconds, now) {
  return Math.max(0, windowSeconds - clockElapsed(clock, now));
}

/**
 * T, the fraction of the window left (the pay formulas' T).
 * @param {Clock} clock
 * @param {number} windowSeconds  Job-clock seconds (> 0).
 * @param {number} now  Active ms.
 * @returns {number} 0–1.
 */
export function clockFraction(clock, windowSeconds, now) {
  if (!(windowSeconds > 0)) return 0;
  return Math.min(1, Math.max(0, clockLeft(clock, windowSeconds, now) / windowSeconds));
}
