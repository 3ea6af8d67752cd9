"""The system's Quench batches (module/quench/) run in the stand-in's Quench (tests/harness/client/quench.mjs: Mocha
and Chai from npm), as a GM would run them from Quench's window in a real Foundry: every batch runs at least one
test and none fails; a failing assertion in a batch is reported as a failure; without Quench nothing of
module/quench/ is requested."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.harness_only

ROOT = Path(__file__).resolve().parents[2]
QUENCH_ON = "window.harnessModules = ['quench'];"
# One batch per file of module/quench/ (index.mjs lists them, helpers.mjs is shared).
BATCH_FILES = sorted(p.stem for p in (ROOT / "module" / "quench").glob("*.mjs") if p.stem not in ("index", "helpers"))


GMS_OWN = """async () => {
    const actor = await Actor.create({name: "The GM's own", type: "character"});
    const scene = await Scene.create({name: "The GM's own map", tokens: [{name: actor.name, actorId: actor.id, x: 100, y: 100}]});
    await scene.view();
    const combat = await Combat.implementation.create({});
    await combat.activate();
    await ChatMessage.create({content: "The GM's own message"});
}"""
# Every world document as data (without _stats), which scene is viewed and which combat is active.
SNAPSHOT = """() => {
    const data = doc => { const o = doc.toObject(); delete o._stats; return JSON.stringify(o); };
    return {actors: game.actors.map(data), items: game.items.map(data), scenes: game.scenes.map(data),
            messages: game.messages.map(data), combats: game.combats.map(c => [c.id, c.active]),
            viewed: game.scenes.viewed?.id ?? null, dice: CONFIG.Dice.randomUniform === Math.random};
}"""


def quench_page(open_user_page) -> Page:
    page = open_user_page("gm", init_script=QUENCH_ON)
    # The entry's quenchReady hook imports the batches; they are registered once that import has resolved.
    page.wait_for_function("n => globalThis.quench?.batches().length >= n", arg=len(BATCH_FILES), timeout=10_000)
    return page


def run(page: Page, keys="**") -> dict:
    return page.evaluate("keys => quench.runBatches(keys)", keys)


def test_every_batch_runs_green_in_the_stand_in(open_user_page, page_errors):
    page = quench_page(open_user_page)
    keys = sorted(b["key"] for b in page.evaluate("() => quench.batches()"))
    assert keys == sorted(f"the-smoke.{stem}" for stem in BATCH_FILES)
    # The GM's own world: an actor, a viewed scene with its token, an active combat and a chat message.
    page.evaluate(GMS_OWN)
    before = page.evaluate(SNAPSHOT)
    results = run(page)
    for key, batch in sorted(results["batches"].items()):
        print(f"{key}: {batch['passes']} passed, {batch['failures']} failed ({batch['displayName']})")
        for test in batch["tests"]:
            print(f"  {test['state']} ({test['ms']} ms): {test['fullTitle']}: {test['error'] or ''}")
    print(f"all batches: {results['passes']} passed, {results['failures']} failed")
    assert sorted(results["batches"]) == keys
    for key, batch in results["batches"].items():
        assert batch["passes"] >= 1, f"{key} ran no test"
        assert batch["failures"] == 0, f"{key}: {[t for t in batch['tests'] if t['state'] == 'failed']}"
    assert results["failures"] == 0 and results["pending"] == 0
    after = page.evaluate(SNAPSHOT)
    assert after == before, "a batch left documents behind or changed the GM's own"
    assert after["dice"], "a batch left the dice fixed"
    assert page_errors[page] == []


def test_a_failing_assertion_in_a_batch_is_a_failure(open_user_page):
    page = quench_page(open_user_page)
    page.evaluate("""() => quench.registerBatch("the-smoke.probe", ({describe, it, assert, after}) => {
        describe("A probe", function () {
            it("passes", () => assert.ok(true));
            it("fails", () => assert.strictEqual(1 + 1, 3, "arithmetic"));
            it("rejects", async () => { throw new Error("a thrown error"); });
            after(() => { throw new Error("cleanup broke"); });
        });
    }, {displayName: "probe"})""")
    results = run(page, "the-smoke.probe")
    batch = results["batches"]["the-smoke.probe"]
    print(f"probe: {batch['passes']} passed, {batch['failures']} failed")
    assert list(results["batches"]) == ["the-smoke.probe"]
    assert batch["passes"] == 1 and batch["failures"] == 3
    failed = {t["title"]: t["error"] for t in batch["tests"] if t["state"] == "failed"}
    assert "arithmetic" in failed["fails"] and "3" in failed["fails"]
    assert failed["rejects"] == "Error: a thrown error"
    assert any("after all" in title and "cleanup broke" in error for title, error in failed.items())

    # A system batch catches a broken feature: a crew fee that pays £49 a head instead of £50 fails the money batch.
    page.evaluate("() => { game.system.api.money.payCrew = async () => ({share: 49, remainder: 2, paid: 98}); }")
    money = run(page, "the-smoke.money")["batches"]["the-smoke.money"]
    print(f"money with a broken crew fee: {money['passes']} passed, {money['failures']} failed")
    assert (money["passes"], money["failures"]) == (2, 1)
    [broken] = [t for t in money["tests"] if t["state"] == "failed"]
    assert "crew fee" in broken["title"] and "49" in broken["error"] and "50" in broken["error"]


def test_without_quench_module_quench_is_never_loaded(open_user_page):
    requests: list[str] = []
    page = open_user_page("gm", init_script="window.__noQuench = true;")
    page.on("request", lambda r: requests.append(r.url))
    page.reload()
    page.wait_for_function("() => window.game?.ready === true")
    assert any(url.endswith("/the-smoke-compiled.mjs") for url in requests), "the probe saw the system load"
    # The in-world tests are in the bundle but lazy (a dynamic import esbuild keeps uninitialised until called):
    # no test library is fetched and no batch is registered.
    assert [url for url in requests if "/module/quench/" in url or "mocha" in url or "chai" in url] == []
    assert page.evaluate("() => typeof globalThis.quench") == "undefined"
