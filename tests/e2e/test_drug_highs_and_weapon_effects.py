"""Rules fixes of issue 11 played in the real built system: a repeat high, the Broken Bottle's bleed, range display.
Rulebook: Conditions · comedowns & boosts; Food, medicine and drugs; Attacking and defending › Extra effects."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from helpers import P1, SEED_DICE, choose, console, fight_on_scene, gm_reveals_all, make_actor, scene_with, weapon
from helpers import settle


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
    player1_page.wait_for_function("id => !!game.actors.get(id)", arg=danny)  # the create reaches the player after the GM
    player1_page.evaluate(USE, danny)
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('blazed')", arg=danny)
    gm_page.evaluate("() => game.time.advance(40 * 60)")  # 40 of Skunk's 60 minutes gone
    player1_page.evaluate(USE, danny)  # a second bag: renewed, one Blazed
    gm_page.wait_for_function("""id => { const e = game.actors.get(id).effects.contents[0];
        return e.duration.startTime === game.time.worldTime; }""", arg=danny)
    assert gm_page.evaluate(EFFECTS, danny) == ["blazed"]
    assert gm_page.evaluate("id => game.actors.get(id).effects.contents[0].duration.seconds", danny) == 60 * 60
    gm_page.evaluate("() => game.time.advance(59 * 60)")  # 99 minutes from the first bag: still Blazed, no Foggy
    settle(gm_page)
    assert gm_page.evaluate(EFFECTS, danny) == ["blazed"]
    gm_page.evaluate("() => game.time.advance(60)")
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('foggy')", arg=danny)
    settle(gm_page)
    assert gm_page.evaluate(EFFECTS, danny) == ["foggy"]
    # The third bag during Foggy: Foggy is off while Blazed lasts, then follows again — once.
    player1_page.evaluate(USE, danny)
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('blazed')", arg=danny)
    settle(gm_page)
    assert gm_page.evaluate(EFFECTS, danny) == ["blazed"]
    gm_page.evaluate("() => game.time.advance(60 * 60)")
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('foggy')", arg=danny)
    settle(gm_page)
    assert gm_page.evaluate(EFFECTS, danny) == ["foggy"]
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_extra_effects_the_broken_bottle_bleeds_on_a_just_about_hit_and_ranges_read_in_whole_squares(gm_page: Page,
                                                                                                     page_errors):
    """Attacking and defending › Extra effects; Weapons · Item notes: "Broken Bottle … A hit that does any damage also
    causes Bleeding" — a Just About hit (margin 0, Impact 2) does 2 damage and Bleeding, where a bleed weapon needs
    Smashed It. Distance… › range bands (ruling: whole squares, nearest, kept inside the band): the diagonal neighbour
    (1.41 squares) reads "Engaged, 1 square" in the target list and on the card; 2.24 squares away, "Near, 2 squares"."""
    sal = make_actor(gm_page, "Sal", system={"stats": {"mov": {"die": 4}, "mus": {"die": 6}}},
                     items=[weapon(gm_page, "Broken Bottle")])
    mook = make_actor(gm_page, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}, "guard": {"value": 10},
                                                           "health": {"value": 8, "max": 8}})
    tokens = scene_with(gm_page, [(sal, 1, 1), (mook, 3, 2)])
    fight_on_scene(gm_page, tokens)
    gm_reveals_all(gm_page, [6, 2])
    app = console(gm_page)
    expect(app.get_by_label("Target").locator("option")).to_have_text(
        [re.compile(r"^Mook \(Guard 10, Near, 2 squares\)$")])
    gm_page.evaluate("id => canvas.scene.tokens.get(id).update({x: 200, y: 200})", tokens[mook])
    expect(app.get_by_label("Target").locator("option")).to_have_text(
        [re.compile(r"^Mook \(Guard 10, Engaged, 1 square\)$")])
    choose(app.get_by_label("Weapon"), "Broken Bottle")
    mod = gm_page.evaluate("id => game.actors.get(id).system.stats.mus.mod", sal)
    stat_face = 10 - 3 - mod
    assert 1 <= stat_face <= 5
    gm_page.evaluate(SEED_DICE, [(3, 6), (stat_face, 6)])  # total 10 against Guard 10: Just About
    app.get_by_role("button", name="Attack", exact=True).click(modifiers=["Shift"])
    card = gm_page.locator("#chat-log .smoke-check-card:has(.smoke-attack)").last
    expect(card.locator(".smoke-attack-line")).to_have_text("Broken Bottle (Impact 2) at Mook, Guard 10, Engaged, 1 square")
    expect(card.locator(".smoke-total")).to_have_text("10")
    card.get_by_role("button", name="Take hit").click()
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('bleeding')", arg=mook)
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", mook) == 6
    assert page_errors[gm_page] == []
