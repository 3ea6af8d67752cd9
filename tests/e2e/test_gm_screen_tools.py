"""The GM Screen's Tools tab (issue 16, "Tools: Teamwork, Challenge, the Combat Console, police response, the Rules
Reference: reachable from the screen in one click"): each button opens its window, or places the units, in one click;
a player's client has no screen and its request to call in units is refused."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers.gm_screen import open_screen

TOOLS = {
    "teamwork": "#smoke-teamwork",
    "challenge": "#smoke-challenge",
    "console": "#smoke-combat-console",
    "street": "#smoke-street-control",
    "missions": "#smoke-mission-board",
    "shifts": "#smoke-shifts",  # issue 25, defect 10: the Shifts window had no click path from the screen
    "rules": "#compendium-the-smoke_rules",
}


def test_each_tool_opens_in_one_click(gm_page: Page, page_errors):
    screen = open_screen(gm_page)
    screen.locator("button[data-screen-tab='tools']").click()
    for tool, window in TOOLS.items():
        screen.locator(f"button[data-tool='{tool}']").click()
        opened = gm_page.locator(window)
        expect(opened).to_be_visible()
        if tool == "rules":
            expect(opened).to_contain_text("Rules")  # the rules journal's entries
        opened.locator(".window-header [data-action='close']").click()  # as a GM would, back to the screen
        expect(opened).to_have_count(0)
    assert not page_errors.get(gm_page)


def test_call_in_units_from_the_screen_places_the_tables_units(gm_page: Page):
    gm_page.evaluate("""async () => { const s = await Scene.create({name: "Mare Street", active: true,
        grid: {size: 100}, width: 3000, height: 2000}); await s.view?.(); }""")
    screen = open_screen(gm_page)
    screen.locator("button[data-screen-tab='tools']").click()
    screen.locator("input[name=unitStars]").fill("2")
    screen.locator("button[data-tool='units']").click()
    expect(gm_page.locator("#notifications")).to_contain_text("unit(s) called in.")  # after every token is placed
    said = gm_page.locator("#notifications").inner_text()
    placed = gm_page.evaluate("() => game.scenes.viewed.tokens.size")
    assert placed >= 2  # the table's units for 2 stars
    assert f"{placed} unit(s) called in." in said


def test_a_player_cannot_call_in_units(gm_page: Page, player1_page: Page):
    gm_page.evaluate("""async () => { const s = await Scene.create({name: "Mare Street", active: true,
        grid: {size: 100}, width: 3000, height: 2000}); await s.view?.(); }""")
    scene = gm_page.evaluate("game.scenes.viewed.id")
    refused = player1_page.evaluate("""async id => {
        try { await game.system.api.heat.callInUnits(game.scenes.get(id), 5); return null; }
        catch (e) { return e.message; } }""", scene)
    assert refused
    assert gm_page.evaluate("() => game.scenes.viewed.tokens.size") == 0
