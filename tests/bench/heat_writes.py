"""Benchmark: the document writes of a 10-minute Heat cool-down with 5 wanted characters (1 to 5 stars, nobody in
sight), on the stand-in with the built system, through the real tick loop: the stand-in's server clock is moved on
10 s at a time (60 steps, 600 s of active time) and after each step every client's own clock ticks, the active GM's
tick running the timer check (documents/heat/heat.mjs `ready` hook → `onTick` → `checkTimers`). Every write of every
connected client (the GM and two players) is counted at the stand-in server (`GET /harness/stats`). The figure must
be the state changes only: each star lost is one change (the timer record, the GM's Heat record and the sheet's
mirror: 3 writes), and a running timer writes nothing.

Run: `.venv/bin/python tests/bench/heat_writes.py` (after `.venv/bin/the-smoke build`). Not a test; not shipped."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run_all import table  # noqa: E402
from helpers.rounds import reset_stats, stats  # noqa: E402

SETUP = """async () => {
  const store = await import("/systems/the-smoke/module/documents/heat/store.mjs");
  const { activeNow } = await import("/systems/the-smoke/module/documents/core/active-time.mjs");
  const scene = await Scene.create({name: "Bench", active: true, width: 4000, height: 2000});
  const actors = [];
  for (let stars = 1; stars <= 5; stars++) {
    const a = await Actor.create({name: `Wanted ${stars}`, type: "character"});
    await scene.createEmbeddedDocuments("Token", [{name: a.name, actorId: a.id, actorLink: true, x: stars * 300, y: 300}]);
    // under a roof (the GM's toggle), so India 99 at 3+ stars does not see them either
    await store.updateTimer(a, t => ({...t, indoors: true}));
    actors.push(a.id);
  }
  const start = activeNow();
  for (const [i, id] of actors.entries()) await store.setHeat(game.actors.get(id), i + 1, {now: start});
  return actors;
}"""

STARS = "ids => ids.map(id => game.actors.get(id).system.heat)"


def main() -> None:
    with table(HERE.parents[1]) as t:
        ids = t.gm.evaluate(SETUP)
        t.gm.wait_for_timeout(1500)
        reset_stats(t.url)
        quiet = 0
        for _ in range(60):
            before = sum(s["writes"] for s in stats(t.url).values())
            t.gm.evaluate("ms => game.harness.skewTime(ms)", 10_000)
            t.gm.wait_for_timeout(1100)  # a real tick of every client
            if sum(s["writes"] for s in stats(t.url).values()) == before:
                quiet += 1
        t.gm.wait_for_timeout(1500)
        counted = stats(t.url)
        stars = t.gm.evaluate(STARS, ids)
    writes = sum(s["writes"] for s in counted.values())
    by: dict[str, int] = {}
    for s in counted.values():
        for kind, n in s["byKind"].items():
            by[kind] = by.get(kind, 0) + n
    changes = 15 - sum(stars)
    print("Heat cool-down, 600 s of active time in 60 real ticks, 5 wanted characters (1-5 stars, out of sight)")
    print(f"  stars at the end:          {stars}  (45 s / 105 s / 195 s / 315 s / 465 s to clear)")
    print(f"  state changes (stars lost): {changes}  (expected 1+2+3+4+5 = 15)")
    print(f"  writes, every client:       {writes}  ({writes / max(1, changes):.1f} per change: timer, Heat record, sheet mirror)")
    print("  by user:                    " + ", ".join(f"{u} {s['writes']}" for u, s in sorted(counted.items())))
    print("  by kind:                    " + ", ".join(f"{k} x{n}" for k, n in sorted(by.items())))
    print(f"  ticks with no write:        {quiet} of 60")


if __name__ == "__main__":
    main()
