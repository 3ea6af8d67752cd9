"""Benchmark of an EXIT strip crossing (a script that prints figures; not a test).

Boots the built system (``dist/``) in the stand-in client (``tests/harness``) in headless Chromium, as the GM, with two
linked maps, and for a motor carrying 0, 1 and 4 people prints the time from the motor's move into the strip (the
``move`` call) to every token being on the new map and none left on the old one (median, min and max of several
crossings), and the document writes of one crossing (tokens created and deleted, settings written).

Usage: scripts/build.sh && .venv/bin/python tools/bench_exit.py [--runs 7] [--riders 0 1 4]
"""

from __future__ import annotations

import argparse
import statistics

from bench_browser import gm_page

SETUP = """async () => {
  const mk = (name, active) => Scene.create({name, active, width: 2000, height: 1000, grid: {size: 100}});
  const a = await mk("Mare Street", true); const b = await mk("Morning Lane", false);
  const rect = x => [{type: "rectangle", x, y: 0, width: 100, height: 1000}];
  const [ae] = await a.createEmbeddedDocuments("Region", [{name: "Mare Street east", shapes: rect(1900)}]);
  const [bw] = await b.createEmbeddedDocuments("Region", [{name: "Morning Lane west", shapes: rect(0)}]);
  await ae.createEmbeddedDocuments("RegionBehavior", [{name: "EXIT", type: "the-smoke.exit", system: {toScene: b.id, toStrip: bw.uuid}}]);
  await bw.createEmbeddedDocuments("RegionBehavior", [{name: "EXIT", type: "the-smoke.exit", system: {toScene: a.id, toStrip: ae.uuid}}]);
  window.__writes = {};
  for (const doc of ["Token", "Setting"]) for (const op of ["create", "update", "delete"]) {
    Hooks.on(`${op}${doc}`, () => { const k = `${op} ${doc}`; window.__writes[k] = (window.__writes[k] ?? 0) + 1; });
  }
  return {a: a.id, b: b.id};
}"""

CROSS = """async ([m, riders, run]) => {
  const a = game.scenes.get(m.a), b = game.scenes.get(m.b);
  const car = await Actor.implementation.create({name: `Van ${run}`, type: "vehicle",
    system: {seats: {crew: 0, passengers: Math.max(0, riders - 1)}}});
  const people = await Actor.implementation.createDocuments(Array.from({length: riders}, (_, i) =>
    ({name: `Rider ${run}.${i}`, type: "character"})));
  const y = 100 * (run % 9);
  const [vt] = await a.createEmbeddedDocuments("Token", [{name: car.name, actorId: car.id, actorLink: true, x: 1500, y},
    ...people.map(p => ({name: p.name, actorId: p.id, actorLink: true, x: 1400, y}))]);
  for (const p of people) await game.system.api.vehicles.boardVehicle(car, p);
  const ids = [car.id, ...people.map(p => p.id)];
  const done = () => ids.every(id => b.tokens.some(t => t.actorId === id)) && !a.tokens.some(t => ids.includes(t.actorId));
  window.__writes = {};
  const t0 = performance.now();
  await new Promise(resolve => {
    const check = () => { if (done()) { for (const h of hooks) Hooks.off(...h); resolve(); } };
    const hooks = ["createToken", "deleteToken"].map(name => [name, Hooks.on(name, () => setTimeout(check))]);
    vt.move([{x: 1900, y}]);
  });
  const ms = performance.now() - t0;
  await new Promise(r => setTimeout(r, 100));
  return {ms, writes: {...window.__writes}};
}"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--riders", type=int, nargs="+", default=[0, 1, 4])
    args = ap.parse_args()
    with gm_page() as page:
        maps = page.evaluate(SETUP)
        print(f"{'crossing (stand-in, GM moves the motor)':<52} {'median':>9} {'min':>8} {'max':>8}")
        run = 0
        for riders in args.riders:
            times, writes = [], {}
            for _ in range(args.runs):
                out = page.evaluate(CROSS, [maps, riders, run])
                run += 1
                times.append(out["ms"])
                writes = out["writes"]
            label = f"motor with {riders} aboard: strip → all {riders + 1} tokens placed"
            print(f"{label:<52} {statistics.median(times):>7.1f}ms {min(times):>6.1f}ms {max(times):>6.1f}ms")
            print(f"{'  writes of one crossing':<52} " + ", ".join(f"{k}: {v}" for k, v in sorted(writes.items())))


if __name__ == "__main__":
    main()
