"""The GM's tools in a pseudo-locale (issue 18, "a pseudo-locale run shows no English from JS"): the GM Screen's four
tabs, a check request card, Street Control with a street-event card, and the Mission Board show only words from the
language files, the names the test typed, and the book's own tables (the GM checks, hazards, street and police
events as printed: data, not the system's words)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers.gm_screen import open_screen
from helpers.locale import PSEUDO, assert_translated, catalogue, rules_text
from helpers.missions import make_page, open_board, terms
from helpers.street import street_window

TABLES = ["gm-checks", "hazards", "street-events", "police-response", "stats", "difficulty", "outcomes"]


def allowed(page: Page, *typed: str) -> list[str]:
    users = page.evaluate("() => game.users.map(u => u.name)")  # the whisper's recipients, by name
    return [*typed, *users, *catalogue(page), *rules_text(page, TABLES)]


def test_the_gm_screen_and_a_request_card_in_a_pseudo_locale(gm_page: Page, page_errors):
    gm_page.evaluate(PSEUDO)
    gm_page.evaluate("""async () => {
        const a = await Actor.create({name: "Pseudo Danny", type: "character"});
        await game.user.update({character: a.id}); }""")
    screen = open_screen(gm_page)
    data = allowed(gm_page, "Pseudo Danny")
    for tab in ("checks", "hazards", "rewards", "tools"):
        screen.locator(f"button[data-screen-tab='{tab}']").click()
        expect(screen.locator(f"button[data-screen-tab='{tab}']")).to_have_attribute("aria-pressed", "true")
        assert_translated(screen.inner_text(), data, f"GM Screen {tab}")
    screen.locator("button[data-screen-tab='checks']").click()
    screen.get_by_role("checkbox").first.check()
    screen.locator("button[data-action='sendCheck']").first.click()
    card = gm_page.locator("#chat-log .smoke-gm-request").last
    expect(card).to_be_visible()
    assert_translated(card.inner_text(), data, "check request card")
    assert not page_errors.get(gm_page)


def test_street_control_and_an_event_card_in_a_pseudo_locale(gm_page: Page, page_errors):
    gm_page.evaluate(PSEUDO)
    gm_page.evaluate("""async () => { const s = await Scene.create({name: "Mare Street", active: true, grid: {size: 100},
        width: 2000, height: 1000}); await s.view?.(); }""")
    window = street_window(gm_page)
    data = allowed(gm_page, "Mare Street")
    assert_translated(window.inner_text(), data, "Street Control")
    before = gm_page.locator("#chat-log .message").count()
    window.locator("button[data-action='rollEvent']").click()
    expect(gm_page.locator("#chat-log .message")).to_have_count(before + 1)
    assert_translated(gm_page.locator("#chat-log .message").last.inner_text(), data, "street event card")
    assert not page_errors.get(gm_page)


def test_the_mission_board_in_a_pseudo_locale(gm_page: Page, page_errors):
    gm_page.evaluate(PSEUDO)
    make_page(gm_page, "Pseudo Job", terms(client="Pseudo Client", objectives=[{"id": "a", "label": "Pseudo Goal"}]))
    board = open_board(gm_page)
    expect(board).to_contain_text("Pseudo Job")
    assert_translated(board.inner_text(), allowed(gm_page, "Pseudo Job", "Pseudo Client", "Pseudo Goal"),
                      "Mission Board")
    assert not page_errors.get(gm_page)
