"""The demo evening (``the-smoke preview --demo``), played by clicks alone as a new user would: the GM and both players
open their links, and everything below is a click on the page (the board, the scene controls, the token HUD, a
sheet, a window) — no console. Reads of the world are only to check what the clicks did.

The stand-in's own clicks (scene controls, the scene bar, a click on the board to move the controlled token, the
HUD's combat toggle) follow v13's (tests/harness/client/controls.mjs, navigation.mjs, canvas.mjs, hud.mjs name their
sources).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from the_smoke.demo import demo_world

from helpers import P1

pytestmark = pytest.mark.harness_only

SQ_PX = 20  # board pixels per grid square (the stand-in draws 0.2 page px per scene px; squares are 100 px)


@pytest.fixture
def demo(world):
    """The demo's world, seeded as `the-smoke preview --demo` seeds it (its radio tone written beside the system)."""
    seed, files = demo_world(world.packs_dir)
    for name, data in files.items():
        (world.system_dir / name).parent.mkdir(parents=True, exist_ok=True)
        (world.system_dir / name).write_bytes(data)
    world.seed(**seed)
    return seed


def click_square(page: Page, col: int, row: int) -> None:
    """Click the middle of a grid square on the board (moves the controlled token there)."""
    box = page.locator("#board .board-surface").bounding_box()
    page.mouse.click(box["x"] + col * SQ_PX + SQ_PX / 2, box["y"] + row * SQ_PX + SQ_PX / 2)


def token(page: Page, name: str):
    return page.locator("#board .token").filter(has_text=re.compile(f"^{re.escape(name)}$"))


def tool(page: Page, name: str):
    return page.locator("#scene-controls").get_by_role("button", name=name, exact=True)


def open_sheet(page: Page, name: str):
    page.locator("#actors").get_by_role("button", name=name, exact=True).click()
    sheet = page.locator(".application.sheet", has=page.get_by_role("heading", name=re.compile(re.escape(name))))
    expect(sheet.first).to_be_visible()
    return sheet.first


def test_a_player_walks_into_the_corner_shop_and_buys_by_clicks(demo, gm_page: Page, player1_page: Page, page_errors):
    p1 = player1_page
    token(p1, "Jaz Kaur").click()
    click_square(p1, 2, 2)  # inside Costcutter (squares 1–3, 1–3)
    p1.wait_for_function("() => game.system.api.places.placesOf(game.user.character).some(p => p.kind === 'cornerShop')")
    sheet = open_sheet(p1, "Jaz Kaur")
    row = sheet.locator("tr", has_text="Bottle of Water")
    row.get_by_role("button", name="Buy").click()
    p1.wait_for_function("() => game.system.api.money.purseOf(game.user.character).pocket === 39")
    assert not any(page_errors.values())


def test_a_player_walks_into_the_exit_strip_and_lands_on_dalston(demo, gm_page: Page, player1_page: Page, page_errors):
    p1 = player1_page
    token(p1, "Jaz Kaur").click()
    click_square(p1, 39, 8)  # the Mare Street east strip
    p1.wait_for_function("() => game.scenes.viewed?.name === 'Dalston'"
                         " && game.scenes.viewed.tokens.some(t => t.actorId === game.user.character.id)")
    expect(token(p1, "Jaz Kaur")).to_be_visible()
    expect(p1.locator("#scene-navigation [aria-current=true]")).to_have_text("Dalston")
    assert not any(page_errors.values())


def test_the_gm_starts_a_fight_from_the_token_hud_and_the_combat_console(demo, gm_page: Page, player1_page: Page,
                                                                           page_errors):
    gm = gm_page
    for name in ("Jaz Kaur", 'Danny "Tealeaf" Doyle'):
        token(gm, name).click(button="right")
        gm.locator("#token-hud").get_by_role("button", name="Toggle Combat State").click()
        gm.wait_for_function("n => game.combat?.combatants.some(c => c.name === n)", arg=name)
        token(gm, name).click(button="right")  # a second right-click closes the HUD, as in v13
    tool(gm, "Combat Console").click()
    console = gm.locator("#smoke-combat-console")
    expect(console).to_be_visible()
    console.get_by_role("button", name=re.compile("Start", re.I)).first.click()
    gm.wait_for_function("() => game.combat?.started === true")
    player1_page.wait_for_function("() => game.combat?.started === true")
    assert not any(page_errors.values())


def test_a_player_boards_the_crews_minicab_and_starts_a_taxi_shift(demo, gm_page: Page, player1_page: Page, page_errors):
    p1 = player1_page
    token(p1, "Pious Hybrid Minicab").click(button="right")
    p1.locator("#token-hud").get_by_role("button", name="Board this motor").click()
    dialog = p1.locator(".application", has_text="Board Pious Hybrid Minicab")
    dialog.get_by_label("Seat").select_option(label="Driver")
    dialog.get_by_role("button", name="Board").click()
    p1.wait_for_function("""() => Object.values(game.settings.get('the-smoke', 'seats')).flat()
        .some(s => s.seat === 'driver' && s.actorUuid === game.user.character.uuid)""")
    sheet = open_sheet(p1, "Jaz Kaur")
    panel = sheet.locator(".smoke-shift-panel")
    panel.get_by_role("button", name="Start shift").click()
    p1.wait_for_function("a => game.settings.get('the-smoke', 'shiftCrews')[a]?.shift === 'taxi'",
                         arg=p1.evaluate("() => game.user.character.uuid"))
    assert not any(page_errors.values())


def test_the_phone_radio_and_mission_board_open_from_the_scene_controls(demo, gm_page: Page, player1_page: Page,
                                                                         page_errors):
    p1, gm = player1_page, gm_page
    tool(p1, "The Blower (phone)").click()
    phone = p1.locator(".smoke-blower, #smoke-blower").first
    expect(phone).to_be_visible()
    expect(phone).to_contain_text("Jaz")
    tool(gm, "Mission Board").click()
    board = gm.locator(".application", has_text="Mission Board").first
    expect(board).to_contain_text("Two Bikes Before Tonight")
    expect(board).to_contain_text("A Borrowed Rig Across Town")
    assert gm.evaluate("() => game.system.api.blower.radio.stations().map(s => s.name)") == ["Dead Air FM"]
    assert not any(page_errors.values())


def test_heat_and_busted_from_the_sheet_by_clicks(demo, gm_page: Page, player1_page: Page, page_errors):
    gm = gm_page
    sheet = open_sheet(gm, "Jaz Kaur")
    sheet.get_by_role("button", name="Add crime").click()
    expect(gm.locator("#chat-log .chat-message").last).to_contain_text("Jaz Kaur is at 1★")
    jaz = gm.evaluate("() => game.users.get('%s').character.uuid" % P1)
    gm.wait_for_function("a => fromUuidSync(a).system.heat >= 1", arg=jaz)
    sheet.get_by_role("button", name=re.compile("Busted", re.I)).click()
    gm.wait_for_function("a => fromUuidSync(a).system.heat === 0", arg=jaz)
    assert not any(page_errors.values())
