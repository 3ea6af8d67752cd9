"""Benchmark of the Blower in the browser (a script that prints figures; not a test).

Boots the built system in the stand-in client as the GM and prints: the time to open the phone on its home screen
and on Messages with 20 callouts and 200 texts (medians), a sat nav route across a 100 × 100-square scene with
walls, and the world writes the phone makes while it is open for a minute of ticking clocks. (Bytes of a text sent to a
player who is not its recipient: 0, checked frame by frame in tests/e2e/test_blower.py.)

Usage: scripts/build.sh && .venv/bin/python tools/bench_blower.py [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics

from bench_browser import gm_page

SETUP = """async () => {
  const actor = await Actor.create({name: "Bench", type: "character"});
  const clock = game.system.api.rules.startClock(game.system.api.clock.activeNow());
  const callouts = Array.from({length: 20}, (_, i) => ({id: `c${i}`, name: `Fare ${i}`, pay: 10 + i}));
  game.system.api.shifts = { jobsOf: () => ({ shift: {id: "s", name: "Night cabs"}, callouts,
    job: {id: "j", stage: "Pickup", destination: {sceneId: "", regionUuid: "", name: "Mare Street"}, clock,
          windowSeconds: 210, pay: 25} }) };
  for (let i = 0; i < 200; i++) {
    await game.system.api.requestGM("blower.text", {from: i % 2 ? "Pat" : "Kez", to: ["HarnessPlayer001"],
      text: `Text number ${i}: the arches, ten o'clock, bring the van.`});
  }
  return actor.id;
}"""

OPEN = """async ([actorId, screen, runs]) => {
  const { BlowerPhone } = game.system.api.blower;
  const times = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const app = BlowerPhone.open({actor: game.actors.get(actorId), screen});
    while (!app.rendered || !document.querySelector(`#smoke-blower [data-screen=${screen}]`))
      await new Promise(res => setTimeout(res, 0));
    times.push(performance.now() - t0);
    await app.close();
  }
  return times;
}"""

ROUTE = """([runs]) => {
  const { gridRoute, segmentsCross } = game.system.api.rules;
  // 100 × 100 squares of 100 px; 40 wall segments: every fifth column walled except one gap, staggered
  const walls = [];
  for (let k = 1; k < 20; k++) {
    const x = k * 500, gap = (k * 37) % 90;
    walls.push([x, 0, x, gap * 100], [x, (gap + 2) * 100, x, 10000]);
  }
  const centre = s => [s.j * 100 + 50, s.i * 100 + 50];
  const times = [];
  let squares = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const out = gridRoute({rows: 100, cols: 100, blocked: () => false, from: {i: 0, j: 0}, to: {i: 99, j: 99},
      crosses: (a, b) => { const step = [...centre(a), ...centre(b)]; return walls.some(w => segmentsCross(step, w)); }});
    times.push(performance.now() - t0);
    squares = out.ok ? out.squares : -1;
  }
  return {times, squares};
}"""

WRITES = """async ([actorId, seconds]) => {
  let writes = 0;
  const before = game.harness.socket.request.bind(game.harness.socket);
  game.harness.socket.request = (type, data) => { if (type === "modifyDocument" || type === "setSetting") writes++;
    return before(type, data); };
  const app = game.system.api.blower.BlowerPhone.open({actor: game.actors.get(actorId), screen: "jobs"});
  await new Promise(res => setTimeout(res, seconds * 1000));
  await app.close();
  game.harness.socket.request = before;
  return writes;
}"""


def row(label: str, t: list[float]) -> None:
    print(f"{label:<58} {statistics.median(t):>9.1f} {min(t):>9.1f} {max(t):>9.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--seconds", type=int, default=10, help="how long the phone stays open ticking (writes count)")
    args = ap.parse_args()
    with gm_page() as page:
        actor_id = page.evaluate(SETUP)
        print(f"{'measure (ms)':<58} {'median':>9} {'min':>9} {'max':>9}")
        row("open the phone, home screen (20 callouts, 200 texts)", page.evaluate(OPEN, [actor_id, "home", args.runs]))
        row("open the phone on Messages (200 texts)", page.evaluate(OPEN, [actor_id, "messages", args.runs]))
        row("open the phone on Jobs (20 callouts, a running clock)", page.evaluate(OPEN, [actor_id, "jobs", args.runs]))
        route = page.evaluate(ROUTE, [args.runs])
        row(f"sat nav route, 100 x 100 squares, 38 walls ({route['squares']} squares)", route["times"])
        writes = page.evaluate(WRITES, [actor_id, args.seconds])
        print(f"world writes while the phone's Jobs clock ticked for {args.seconds} s: {writes}")


if __name__ == "__main__":
    main()
