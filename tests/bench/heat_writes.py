"""Benchmark: the document writes of a simulated 10-minute Heat cool-down with 5 wanted characters (1 to 5 stars,
nobody in sight), on the stand-in with the built system. The active GM's check runs once per simulated second (600
checks, `checkTimers(now)` of documents/heat/cooldown.mjs with the active clock moved on a second each time); every
write the page sends to the server is counted. The figure must be the state changes only: each star lost is one
change (the timer record, the GM's Heat record and the sheet's mirror: 3 writes), and a running timer writes nothing.

Run: `.venv/bin/python tests/bench/heat_writes.py` (after `.venv/bin/the-smoke build`). Not a test; not shipped."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from bench_browser import gm_page  # noqa: E402

SIMULATE = """async () => {
  const cooldown = await import("/systems/the-smoke/module/documents/heat/cooldown.mjs");
  const store = await import("/systems/the-smoke/module/documents/heat-store.mjs");
  const { activeNow } = await import("/systems/the-smoke/module/documents/active-time.mjs");
  const scene = await Scene.create({name: "Bench", active: true, width: 4000, height: 2000});
  const actors = [];
  for (let stars = 1; stars <= 5; stars++) {
    const a = await Actor.create({name: `Wanted ${stars}`, type: "character"});
    await scene.createEmbeddedDocuments("Token", [{name: a.name, actorId: a.id, actorLink: true, x: stars * 300, y: 300}]);
    // under a roof (the GM's toggle), so India 99 at 3+ stars does not see them either
    await store.updateTimer(a, t => ({...t, indoors: true}));
    actors.push(a);
  }
  const start = activeNow();
  for (const [i, a] of actors.entries()) await store.setHeat(a, i + 1, {now: start});
  // count from here: every document write this page sends (settings are documents too)
  const socket = game.harness.socket;
  const send = socket.request.bind(socket);
  let writes = 0;
  const by = {};
  socket.request = (event, data) => {
    const kind = event === "setSetting" ? `setting ${data.key}` : event === "modifyDocument" && data?.operation !== "get"
      ? `${data.documentName} ${data.operation}` : null;
    if (kind) { writes++; by[kind] = (by[kind] ?? 0) + 1; }
    return send(event, data);
  };
  let changes = 0;
  let quietTicks = 0;
  for (let s = 1; s <= 600; s++) {
    const before = writes;
    const made = await cooldown.checkTimers(start + s * 1000);
    changes += made;
    if (made === 0 && writes === before) quietTicks++;
  }
  socket.request = send;
  return {changes, writes, by, quietTicks, stars: actors.map(a => a.system.heat)};
}"""


def main() -> None:
    with gm_page() as page:
        r = page.evaluate(SIMULATE)
    print("Heat cool-down, 10 simulated minutes, 5 wanted characters (1-5 stars, out of sight), 600 GM checks")
    print(f"  stars at the end:          {r['stars']}  (45 s / 105 s / 195 s / 315 s / 465 s to clear)")
    print(f"  state changes (stars lost): {r['changes']}  (expected 1+2+3+4+5 = 15)")
    print(f"  document writes:            {r['writes']}  ({r['writes'] / max(1, r['changes']):.0f} per change: timer, Heat record, sheet mirror)")
    print("  by kind:                    " + ", ".join(f"{k} ×{n}" for k, n in sorted(r["by"].items())))
    print(f"  checks with no write:       {r['quietTicks']} of 600")
    if r["changes"] != 15 or r["stars"] != [0, 0, 0, 0, 0] or r["writes"] != 3 * r["changes"]:
        raise SystemExit("unexpected figure: writes are not the state changes only")


if __name__ == "__main__":
    main()
