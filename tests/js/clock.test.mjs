// Clocks on active time (rules/clock.mjs): timestamps, not ticks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { activeTime, clockElapsed, clockFraction, clockLeft, pauseClock, pauseStateAfter, resumeClock, startClock }
  from "../../module/rules/clock.mjs";

test("active time is the server clock less every finished and current game pause", () => {
  assert.equal(activeTime({ pausedAt: null, pausedTotal: 0 }, 10_000), 10_000);
  assert.equal(activeTime({ pausedAt: null, pausedTotal: 4_000 }, 10_000), 6_000);
  // Paused at 8 s: active time stands at 8 − 4 = 4 s however late it is.
  assert.equal(activeTime({ pausedAt: 8_000, pausedTotal: 4_000 }, 10_000), 4_000);
  assert.equal(activeTime({ pausedAt: 8_000, pausedTotal: 4_000 }, 99_000), 4_000);
});

test("a pause record counts a finished pause once and ignores a repeated state", () => {
  let p = { pausedAt: null, pausedTotal: 0 };
  p = pauseStateAfter(p, true, 1_000);
  assert.deepEqual(p, { pausedAt: 1_000, pausedTotal: 0 });
  assert.deepEqual(pauseStateAfter(p, true, 5_000), p, "pausing again changes nothing");
  p = pauseStateAfter(p, false, 31_000);
  assert.deepEqual(p, { pausedAt: null, pausedTotal: 30_000 });
  assert.deepEqual(pauseStateAfter(p, false, 40_000), p, "unpausing a running game changes nothing");
  assert.equal(activeTime(p, 46_000), 16_000);
});

test("a clock counts seconds from its start, stands while paused and resumes with the time it had left", () => {
  let c = startClock(1_000);
  assert.equal(clockElapsed(c, 31_000), 30);
  assert.equal(clockLeft(c, 150, 31_000), 120);
  c = pauseClock(c, 31_000);
  assert.equal(clockLeft(c, 150, 500_000), 120, "paused: the same time left, however long");
  c = resumeClock(c, 500_000);
  assert.equal(clockLeft(c, 150, 500_000), 120);
  assert.equal(clockLeft(c, 150, 560_000), 60);
  assert.equal(clockLeft(c, 150, 900_000), 0, "never below zero");
  assert.deepEqual(resumeClock(c, 1), c, "resuming a running clock changes nothing");
  assert.deepEqual(pauseClock(pauseClock(c, 600_000), 700_000).pausedAt, 600_000, "a second pause keeps the first");
});

test("T is the fraction of the window left, 0–1", () => {
  const c = startClock(0);
  assert.equal(clockFraction(c, 120, 60_000), 0.5);
  assert.equal(clockFraction(c, 120, 0), 1);
  assert.equal(clockFraction(c, 120, 999_000), 0);
  assert.equal(clockFraction(c, 0, 0), 0, "no window: nothing left");
});
