"""Rules fixes of issue 11 played in the real built system: a repeat high, the Broken Bottle's bleed, range display.
Rulebook: Conditions · comedowns & boosts; Food, medicine and drugs; Attacking and defending › Extra effects."""

from __future__ import annotations

from playwright.sync_api import Page

from test_combat import P1, make_actor

SKUNK = """async () => {
    const pack = game.packs.get("the-smoke.drugs");
    const entry = (await pack.getIndex()).contents.find(e => e.name === "Skunk");
    const data = (await pack.getDocument(entry._id)).toObject();
    data.system.quantity = 3;
    return data; }"""

USE = "id => { const a = game.actors.get(id); return a.useItem(a.items.find(i => i.name === 'Skunk')); }"
EFFECTS = "id => game.actors.get(id).effects.contents.map(e => [...e.statuses][0])"


def test_conditions_comedowns_a_repeat_high_renews_its_duration_and_one_comedown_follows(gm_page: Page,
                                                                                        player1_page: Page, page_errors):
    """Conditions · comedowns & boosts: "A repeat high can suppress its paired comedown while active; record the
    renewed duration." Ruling: the renewed duration restarts from the new dose (Skunk 60 minutes from then, not added
    to what was left); taken during its comedown, the comedown is off until the high ends, then follows once."""
    danny = make_actor(gm_page, "Danny", owner=P1, items=[gm_page.evaluate(SKUNK)])
    player1_page.evaluate(USE, danny)
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('blazed')", arg=danny)
    gm_page.evaluate("() => game.time.advance(40 * 60)")  # 40 of Skunk's 60 minutes gone
    player1_page.evaluate(USE, danny)  # a second bag: renewed, one Blazed
    gm_page.wait_for_function("""id => { const e = game.actors.get(id).effects.contents[0];
        return e.duration.startTime === game.time.worldTime; }""", arg=danny)
    assert gm_page.evaluate(EFFECTS, danny) == ["blazed"]
    assert gm_page.evaluate("id => game.actors.get(id).effects.contents[0].duration.seconds", danny) == 60 * 60
    gm_page.evaluate("() => game.time.advance(59 * 60)")  # 99 minutes from the first bag: still Blazed, no Foggy
    gm_page.wait_for_timeout(300)
    assert gm_page.evaluate(EFFECTS, danny) == ["blazed"]
    gm_page.evaluate("() => game.time.advance(60)")
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('foggy')", arg=danny)
    gm_page.wait_for_timeout(300)
    assert gm_page.evaluate(EFFECTS, danny) == ["foggy"]
    # The third bag during Foggy: Foggy is off while Blazed lasts, then follows again — once.
    player1_page.evaluate(USE, danny)
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('blazed')", arg=danny)
    gm_page.wait_for_timeout(300)
    assert gm_page.evaluate(EFFECTS, danny) == ["blazed"]
    gm_page.evaluate("() => game.time.advance(60 * 60)")
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('foggy')", arg=danny)
    gm_page.wait_for_timeout(300)
    assert gm_page.evaluate(EFFECTS, danny) == ["foggy"]
    for page in (gm_page, player1_page):
        assert page_errors[page] == []
