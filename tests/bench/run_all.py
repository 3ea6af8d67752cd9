"""Every issue-26 figure, measured on the real code path a user triggers, in one command; writes docs/benchmarks.md.

The built system (``dist/``) in the stand-in (``tests/harness``), with the GM and two players connected in headless
Chromium; writes and bytes are counted at the stand-in server for every client (``GET /harness/stats``):

- writes per combat round at 10 and 50 combatants, speed dice and the simple tracker (the GM's Reveal, Done on every
  die or Next turn on every turn, Next round: tests/e2e/helpers/rounds.py), three rounds each;
- writes per plain check (Shift-click on a stat on the sheet), five checks;
- bytes sent to a text's recipient per new text with 0, 100 and 200 texts already held (the GM sends through the same
  request the GM Screen's Send does; the recipient's phone pulls it), and the growth per held text;
- opening the phone (home, Messages, Jobs) with 20 real callouts on the character's shift and 200 texts;
- the sat nav window reading a route across 100 × 100 and 200 × 200 squares with 80 walls (the window's render,
  walls read from the scene);
- a no-op rebuild at 1× and 100× the catalogue (tools/bench.py's synthetic catalogue).

Figures are printed with median, min and max; nothing is asserted (tests/e2e/test_round_writes.py tests the
write counts). ``--main-root DIR`` also measures another build (a checkout of main with its own ``dist/``) with the
same stand-in, for the table's "main" column.

Usage: .venv/bin/the-smoke build && .venv/bin/python tests/bench/run_all.py [--runs 5] [--main-root DIR] [--no-build-bench]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from helpers.rounds import PLAY_ROUND, SETUP_FIGHT, reset_stats, stats, total_writes  # noqa: E402

from the_smoke.preview import prepare, start_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
P1 = "HarnessPlayer001"
ROOK = "RookActor0000001"

Figure = dict  # {"key", "label", "goal", "unit", "values": [float]}


def spread(values: list[float]) -> tuple[float, float, float]:
    return statistics.median(values), min(values), max(values)


class Table:
    """The stand-in server and three signed-in pages (GM, Player One, Player Two)."""

    def __init__(self, url: str, pages: dict):
        self.url = url
        self.gm, self.p1, self.p2 = pages["gm"], pages["p1"], pages["p2"]

    def post(self, path: str, body: dict) -> object:
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.loads(resp.read() or b"null")


@contextmanager
def table(root: Path) -> Iterator[Table]:
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="bench."))
    system, packs = prepare(root, work)
    proc, url = start_server(ROOT, system, packs)
    try:
        with urllib.request.urlopen(f"{url}/harness/users") as resp:
            users = {u["name"]: u["_id"] for u in json.loads(resp.read())}
        person = {"_id": ROOK, "name": "Rook", "type": "character", "ownership": {"default": 0, P1: 3},
                  "system": {"cash": {"pocket": 10, "stash": 0}}}
        req = urllib.request.Request(f"{url}/harness/seed", data=json.dumps({"actors": [person],
                                     "users": [{"_id": P1, "character": ROOK}]}).encode(), method="POST",
                                     headers={"content-type": "application/json"})
        urllib.request.urlopen(req).read()
        with sync_playwright() as pw:
            exe = CHROMIUM if Path(CHROMIUM).exists() else None
            browser = pw.chromium.launch(headless=True, args=["--no-sandbox", "--disable-gpu"], executable_path=exe)
            pages = {}
            for key, name in (("gm", "Gamemaster"), ("p1", "Player One"), ("p2", "Player Two")):
                page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
                page.goto(f"{url}/game?user={users[name]}")
                page.wait_for_function("game.ready === true", timeout=60_000)
                pages[key] = page
            pages["gm"].evaluate("() => game.settings.set('the-smoke', 'openConsole', false)")
            yield Table(url, pages)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(5)
        shutil.rmtree(work, ignore_errors=True)


def settle(t: Table, ms: int = 300) -> None:
    t.gm.wait_for_timeout(ms)


def round_writes(t: Table, n: int, mode: str, runs: int) -> tuple[list[float], int]:
    t.gm.evaluate(SETUP_FIGHT, [n, mode])
    t.p1.wait_for_function("n => game.combat?.started && game.combat.combatants.size === n", arg=n, timeout=60_000)
    if mode == "simple":
        t.gm.wait_for_function("() => game.combat.combatants.every(c => c.initiative !== null)")
    values, dice = [], 0
    for _ in range(runs):
        settle(t)
        reset_stats(t.url)
        played = t.gm.evaluate(PLAY_ROUND)
        settle(t)
        values.append(total_writes(stats(t.url)))
        dice = played["spent"]
    return values, dice


def check_writes(t: Table, runs: int) -> list[float]:
    actor = t.gm.evaluate("""async () => {
        const pack = game.packs.get("the-smoke.pregens");
        const entry = (await pack.getIndex()).contents.find(e => e.name.startsWith("Danny"));
        return (await game.actors.importFromCompendium(pack, entry._id)).id; }""")
    t.gm.evaluate("id => game.actors.get(id).sheet.render({force: true})", actor)
    button = t.gm.locator(".application.sheet.actor [data-action=rollStat][data-stat=grf]").first
    button.wait_for()
    values = []
    for _ in range(runs):
        settle(t)
        reset_stats(t.url)
        before = t.gm.evaluate("() => game.messages.size")
        button.click(modifiers=["Shift"])
        t.gm.wait_for_function("n => game.messages.size > n", arg=before)
        settle(t, 500)
        values.append(total_writes(stats(t.url)))
    t.gm.evaluate("id => game.actors.get(id).sheet.close()", actor)
    return values


SEND = """async ([to, text]) => { await game.system.api.requestGM("blower.text", {from: "Pat", to: [to], text}); }"""
HAS = "text => game.system.api.blower.texts.inbox().texts.some(t => t.text === text)"


def text_bytes(t: Table, held_levels: list[int], runs: int) -> dict[int, list[float]]:
    """Bytes sent to the recipient (all frames, and the answers to its requests) per new text, by texts held."""
    t.p1.wait_for_function("() => game.system.api.blower.texts.inbox().loaded", timeout=30_000)
    held = t.p1.evaluate("() => game.system.api.blower.texts.inbox().texts.length")
    out: dict[int, list[float]] = {}
    for level in held_levels:
        while held < level:
            t.gm.evaluate(SEND, [P1, f"Filler {held}: the arches, ten o'clock, bring the van."])
            held += 1
        t.p1.wait_for_function(HAS, arg=f"Filler {held - 1}: the arches, ten o'clock, bring the van.", timeout=60_000) \
            if held else None
        values = []
        for r in range(runs):
            settle(t, 500)
            reset_stats(t.url)
            text = f"Measured {level}/{r}: the van, the arches."
            t.gm.evaluate(SEND, [P1, text])
            t.p1.wait_for_function(HAS, arg=text, timeout=30_000)
            settle(t, 500)
            s = stats(t.url).get(P1, {})
            values.append(float(s.get("bytesOut", 0)))
            out.setdefault(-level - 1, []).append(float(s.get("bytesOutByType", {}).get("response", 0)))
            held += 1
        out[level] = values
    return out


OPEN_PHONE = """async ([actorId, screen, runs]) => {
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


def phone_open(t: Table, runs: int) -> dict[str, list[float]]:
    """Player One's phone with 20 callouts of their shift and the texts sent above (200+)."""
    motor = t.gm.evaluate("""async () => { const p = game.packs.get('the-smoke.vehicles');
        const e = (await p.getIndex()).contents.find(x => x.name === 'Hackney Carriage');
        return (await game.actors.importFromCompendium(p, e._id, {ownership: {default: 2}})).id; }""")
    t.p1.wait_for_function("id => !!game.actors.get(id)", arg=motor)
    t.p1.evaluate("""async ([v, a]) => game.system.api.vehicles.boardVehicle(game.actors.get(v), game.actors.get(a),
        {seat: 'driver'})""", [motor, ROOK])
    t.p1.evaluate("a => game.system.api.shifts.startShift(game.actors.get(a), 'taxi')", ROOK)
    scene = t.gm.evaluate("async () => (await Scene.create({name: 'Mare Street', ownership: {default: 2}})).id")
    for i in range(20):
        t.gm.evaluate("""([i, s]) => game.system.api.requestGM('callout.create', {shift: 'taxi', call: null,
            name: `Fare ${i}`, hops: 1, destinations: [{sceneId: s, regionUuid: '', name: 'Mare Street'},
            {sceneId: s, regionUuid: '', name: 'Dalston Junction'}], extra: {}})""", [i, scene])
    t.p1.wait_for_function("a => game.system.api.shifts.jobsOf(game.actors.get(a)).callouts.length >= 20", arg=ROOK,
                           timeout=30_000)
    texts = t.p1.evaluate("() => game.system.api.blower.texts.inbox().texts.length")
    out = {screen: t.p1.evaluate(OPEN_PHONE, [ROOK, screen, runs]) for screen in ("home", "messages", "jobs")}
    out["texts"] = [float(texts)]
    return out


SATNAV = """async ([sceneId, runs]) => {
  const scene = game.scenes.get(sceneId);
  await scene.view();
  const { SatNav } = game.system.api.blower;
  const kez = scene.tokens.find(t => t.name === "Kez");
  const app = SatNav.open({destination: {sceneId, tokenId: kez.id, name: "Kez"}});
  while (!app.rendered) await new Promise(res => setTimeout(res, 10));
  const times = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    await app.render({force: true});
    times.push(performance.now() - t0);
  }
  const squares = app.element.querySelector(".smoke-satnav-count")?.textContent ?? "";
  await app.close();
  // The work behind it: the squares the same search reaches (each is asked "blocked" once), counted on the rules API
  // the window calls, with the scene's walls and the two tokens' squares.
  const { gridRoute, wallCrossing } = game.system.api.rules;
  const walls = [...scene.walls].map(w => [...w.c]);
  const size = scene.grid.size;
  const at = t => scene.grid.getOffset(t.getCenterPoint());
  let searched = 0;
  gridRoute({rows: scene.dimensions.rows, cols: scene.dimensions.columns, crosses: wallCrossing(walls, size),
    blocked: () => { searched++; return false; }, from: at(scene.tokens.find(t => t.name === "Rook")), to: at(kez)});
  return {times, squares, searched};
}"""


def satnav(t: Table, size: int, runs: int) -> tuple[list[float], str, int]:
    """A size × size scene (100 px squares, no padding: the walls run the whole canvas, so the way is through their
    gaps), 80 wall segments (40 staggered columns, each with a gap), Rook's token in one corner, Kez in the other."""
    grid = 100
    walls = []
    for k in range(1, 41):
        x = round(k * size / 41) * grid
        gap = (k * 37) % (size - 4) + 1
        walls += [{"c": [x, 0, x, gap * grid]}, {"c": [x, (gap + 2) * grid, x, size * grid]}]
    # Kez is an actor the players may see (Limited): a player's sat nav aims only at such a token (satnav.mjs
    # mayTrack, issue 25 defect 8); a token with no actor would leave the window without a route to time.
    scene_id = t.gm.evaluate("""async ([size, walls]) => {
        const scene = await Scene.create({name: `Sat nav ${size}`, width: size * 100, height: size * 100, padding: 0,
          grid: {size: 100}, ownership: {default: 2}});
        const kez = game.actors.getName("Kez") ?? await Actor.create({name: "Kez", type: "npc", ownership: {default: 1}});
        await scene.createEmbeddedDocuments("Token", [
          {name: "Rook", actorId: "RookActor0000001", actorLink: true, x: 0, y: 0},
          {name: "Kez", actorId: kez.id, actorLink: true, x: (size - 1) * 100, y: (size - 1) * 100}]);
        await scene.createEmbeddedDocuments("Wall", walls);
        return scene.id; }""", [size, walls])
    t.p1.wait_for_function("id => game.scenes.get(id)?.walls.size === 80", arg=scene_id, timeout=30_000)
    r = t.p1.evaluate(SATNAV, [scene_id, runs])
    if not r["squares"]:
        raise SystemExit(f"sat nav {size} x {size}: the window showed no route (nothing to time)")
    return r["times"], r["squares"], r["searched"]


def noop_rebuild(scale: int, runs: int) -> list[float]:
    from bench import make_project
    from the_smoke.build import Options, build

    with tempfile.TemporaryDirectory(prefix="bench-build.") as tmp:
        root = Path(tmp) / f"x{scale}"
        make_project(root, scale)
        build(Options(root=root, quiet=True))
        values = []
        for _ in range(runs):
            t0 = time.perf_counter()
            again = build(Options(root=root, quiet=True))
            values.append(time.perf_counter() - t0)
            assert again.up_to_date
        return values


def measure(root: Path, runs: int, log: Callable[[str], None], only: set[str] | None = None
            ) -> dict[str, tuple[list[float], str]]:
    """key → (values, note). ``only``: the parts to run (round, check, text, phone, satnav), default all."""
    def wanted(part: str) -> bool:
        return only is None or part in only

    out: dict[str, tuple[list[float], str]] = {}

    def put(key: str, values: list[float], note: str = "") -> None:
        out[key] = (values, note)
        med, lo, hi = spread(values)
        log(f"  {key:<28} median {med:>10.1f}  min {lo:>10.1f}  max {hi:>10.1f}  {note}")

    with table(root) as t:
        for n in (10, 50) if wanted("round") else ():
            for mode in ("speed", "simple"):
                values, dice = round_writes(t, n, mode, runs)
                put(f"round-{mode}-{n}", values, f"{dice} {'dice' if mode == 'speed' else 'turns'}")
        t.gm.evaluate("async () => { for (const c of game.combats.contents) await c.delete(); }")
        if wanted("check"):
            put("check", check_writes(t, runs))
        if wanted("text"):
            by = text_bytes(t, [0, 100, 200], max(3, runs // 2))
            for level in (0, 100, 200):
                put(f"text-{level}", by[level])
                put(f"text-answer-{level}", by[-level - 1])
        if wanted("phone"):
            phone = phone_open(t, runs)
            for screen in ("home", "messages", "jobs"):
                put(f"phone-{screen}", phone[screen], f"{int(phone['texts'][0])} texts, 20 callouts")
        for size in (100, 200) if wanted("satnav") else ():
            times, squares, searched = satnav(t, size, runs)
            put(f"satnav-{size}", times, f"route {squares} squares; {searched} squares searched")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--main-root", type=Path, help="a checkout of main with its own dist/ (measured the same way)")
    ap.add_argument("--no-build-bench", action="store_true", help="skip the no-op rebuilds (about a minute)")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmarks.md")
    ap.add_argument("--only", help="comma-separated parts: round, check, text, phone, satnav (default: all)")
    args = ap.parse_args()
    if not Path(CHROMIUM).exists():
        # the browser tests run on chromium-headless-shell (all scripts/test.sh installs); figures a user would see
        # come from the full browser
        ap.error(f"no {CHROMIUM}: the benchmarks time Debian's full Chromium, a user's browser "
                 "(apt-get install chromium); the test command installs only chromium-headless-shell")
    results = {}
    for label, root in (("now", ROOT), ("main", args.main_root)):
        if root is None:
            continue
        print(f"{label}: {root}", flush=True)
        only = set(args.only.split(",")) if args.only else None
        results[label] = measure(root, args.runs, lambda s: print(s, flush=True), only)
        if not args.no_build_bench:
            for scale in (1, 100):
                values = noop_rebuild(scale, 3) if label == "now" else []
                if values:
                    results[label][f"noop-{scale}"] = (values, "")
                    print(f"  noop-{scale:<23} median {statistics.median(values):.2f} s", flush=True)
    from report import write_report
    write_report(args.out, results, runs=args.runs)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
