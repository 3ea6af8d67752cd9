"""Benchmark of the sheets and the check in the browser (a script that prints figures; not a test).

Boots the built system (``dist/``) in the stand-in client (``tests/harness``) in headless Chromium and prints:
time to open a character sheet with 10 and with 100 items, click-to-card time for a check (dialog skipped, and
through the dialog), the chat card's size in bytes, and — driven by real clicks on the sheet and the dialog — the
clicks a plain stat check took and the writes it made, counted at the stand-in server (``GET /harness/stats``).
Timings are medians of several runs, measured in the page with ``performance.now()``.

Usage: scripts/build.sh && .venv/bin/python tools/bench_ui.py [--runs 7] [--screenshots DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import urllib.request
from pathlib import Path

from bench_browser import gm_session

OPEN_SHEET = """async ([n, runs]) => {
  const items = Array.from({length: n}, (_, i) => ({name: `Thing ${i}`, type: i % 3 ? "gear" : "weapon"}));
  const actor = await Actor.create({name: `Bench ${n}`, type: "character"});
  await actor.createEmbeddedDocuments("Item", items);
  const times = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    await actor.sheet.render({force: true});
    times.push(performance.now() - t0);
    await actor.sheet.close();
  }
  return times;
}"""

CLICK_TO_CARD = """async ([actorId, viaDialog]) => {
  const before = game.messages.size;
  const sheet = game.actors.get(actorId).sheet;
  await sheet.render({force: true});
  const button = sheet.element.querySelector("[data-action=rollStat][data-stat=grf]");
  const t0 = performance.now();
  button.dispatchEvent(new MouseEvent("click", {bubbles: true, shiftKey: !viaDialog}));
  if (viaDialog) {
    let dialog;
    while (!(dialog = document.querySelector(".roll-dialog button[type=submit]"))) await new Promise(r => setTimeout(r, 1));
    dialog.click();
  }
  while (game.messages.size === before || !document.querySelector("#chat-log .smoke-check-card:last-of-type"))
    await new Promise(r => setTimeout(r, 1));
  const elapsed = performance.now() - t0;
  await sheet.close();
  const message = game.messages.contents.at(-1);
  return {elapsed, bytes: new TextEncoder().encode(JSON.stringify(message.toObject())).length,
          contentBytes: new TextEncoder().encode(message.content).length};
}"""


def stats(url: str) -> dict:
    with urllib.request.urlopen(f"{url}/harness/stats") as resp:
        return json.loads(resp.read())


def clicked_check(page, url: str, actor_id: str, shift: bool) -> tuple[int, int]:
    """A plain Grift check clicked on the sheet (Shift-click, or the stat then the dialog's Roll): (clicks, writes)."""
    page.evaluate("id => game.actors.get(id).sheet.render({force: true})", actor_id)
    button = page.locator(".application.sheet.actor [data-action=rollStat][data-stat=grf]").first
    button.wait_for()
    page.wait_for_timeout(300)
    urllib.request.urlopen(urllib.request.Request(f"{url}/harness/stats/reset", data=b"{}", method="POST")).read()
    before = page.evaluate("() => game.messages.size")
    clicks = 0
    button.click(modifiers=["Shift"] if shift else [])
    clicks += 1
    if not shift:
        page.locator(".application.roll-dialog button[type=submit]").click()
        clicks += 1
    page.wait_for_function("n => game.messages.size > n", arg=before)
    page.wait_for_timeout(500)
    page.evaluate("id => game.actors.get(id).sheet.close()", actor_id)
    return clicks, sum(s["writes"] for s in stats(url).values())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--screenshots", type=Path, help="also save a sheet, the roll dialog and a card as PNGs here")
    args = ap.parse_args()
    with gm_session() as (page, url):
        print(f"{'measure':<44} {'median':>10} {'min':>9} {'max':>9}")
        for n in (10, 100):
            t = page.evaluate(OPEN_SHEET, [n, args.runs])
            print(f"{f'open a character sheet with {n} items (ms)':<44} {statistics.median(t):>10.1f} "
                  f"{min(t):>9.1f} {max(t):>9.1f}")
        actor_id = page.evaluate("""async () => {
            const pack = game.packs.get("the-smoke.pregens");
            const entry = (await pack.getIndex()).contents.find(e => e.name.startsWith("Danny"));
            return (await game.actors.importFromCompendium(pack, entry._id)).id;
        }""")
        for via, label in ((False, "click to card, Shift-click (ms)"), (True, "click to card, through the dialog (ms)")):
            runs = [page.evaluate(CLICK_TO_CARD, [actor_id, via]) for _ in range(args.runs)]
            t = [r["elapsed"] for r in runs]
            print(f"{label:<44} {statistics.median(t):>10.1f} {min(t):>9.1f} {max(t):>9.1f}")
        print(f"chat card size: {runs[-1]['bytes']} bytes as a message document, "
              f"{runs[-1]['contentBytes']} bytes of card HTML")
        for shift, label in ((False, "the stat, then Roll in the dialog"), (True, "Shift-click")):
            clicks, writes = clicked_check(page, url, actor_id, shift)
            print(f"plain stat check, {label}: {clicks} click(s), {writes} write(s) at the server")
        if args.screenshots:
            args.screenshots.mkdir(parents=True, exist_ok=True)
            page.evaluate("id => game.actors.get(id).sheet.render({force: true})", actor_id)
            page.wait_for_selector(".application.sheet.actor")
            page.screenshot(path=str(args.screenshots / "sheet.png"))
            page.locator(".application.sheet.actor [data-stat=grf]").first.click()
            page.wait_for_selector(".application.roll-dialog")
            page.screenshot(path=str(args.screenshots / "dialog.png"))
            page.locator(".application.roll-dialog button[type=submit]").click()
            page.wait_for_timeout(300)
            page.screenshot(path=str(args.screenshots / "card.png"))
            print(f"screenshots in {args.screenshots}")


if __name__ == "__main__":
    main()
