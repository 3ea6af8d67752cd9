"""Benchmark of the Combat Console (a script that prints figures; not a test).

Boots the built system (``dist/``) in the stand-in client (``tests/harness``) in headless Chromium, as the GM, and
for fights of 10 and 50 NPCs (Moves d6: two speed dice each) prints the console's render time (median of several
renders, after the reveal) and the time to reveal. The writes of a whole round, counted at the server for every
client, are tests/bench/run_all.py's (and tests/e2e/test_round_writes.py tests them).

Usage: scripts/build.sh && .venv/bin/python tools/bench_combat.py [--runs 7] [--sizes 10 50]
"""

from __future__ import annotations

import argparse
import statistics

from bench_browser import gm_page

SETUP = """async n => {
  for (const c of game.combats.contents) await c.delete();
  const actors = await Actor.implementation.createDocuments(Array.from({length: n}, (_, i) => ({
    name: `Goon ${String(i).padStart(2, "0")}`, type: "npc", system: {stats: {mov: {die: 6}}}})));
  const combat = await Combat.implementation.create({});
  await combat.createEmbeddedDocuments("Combatant", actors.map(a => ({actorId: a.id})));
  await combat.activate?.();
  await combat.startCombat();
  return combat.id;
}"""

REVEAL = """async () => {
  const t0 = performance.now();
  await game.combat.reveal();
  return performance.now() - t0;
}"""

RENDER = """async runs => {
  const app = game.system.api.apps.CombatConsole.open();
  await new Promise(r => setTimeout(r, 100));
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await app.render();
    times.push(performance.now() - t0);
  }
  await app.close();
  return times;
}"""

def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 50])
    args = ap.parse_args()
    with gm_page() as page:
        page.evaluate("() => game.settings.set('the-smoke', 'openConsole', false)")
        print(f"{'measure':<52} {'median':>9} {'min':>8} {'max':>8}")
        for n in args.sizes:
            page.evaluate(SETUP, n)
            reveal_ms = page.evaluate(REVEAL)
            t = page.evaluate(RENDER, args.runs)
            print(f"{f'console render, {n} combatants (ms)':<52} {statistics.median(t):>9.1f} {min(t):>8.1f} "
                  f"{max(t):>8.1f}")
            print(f"{f'reveal, {n} combatants (ms)':<52} {reveal_ms:>9.1f}")


if __name__ == "__main__":
    main()
