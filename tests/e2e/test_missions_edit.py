"""The Mission Board edits a mission page (issue 16, "GM-authored"): Edit fills the form with the page's terms,
saving changes that page (objectives keep their ids), and bad terms are refused with the page left as it was; a
player's board has no Edit and a player's write to the page is refused."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers.missions import make_page, open_board, terms


def page_of(page: Page, uuid: str) -> dict:
    return page.evaluate("uuid => { const p = fromUuidSync(uuid); return {name: p.name, ...p.system.toObject()}; }", uuid)


def test_edit_fills_the_form_and_saving_changes_the_page(gm_page: Page, page_errors):
    uuid = make_page(gm_page, "The Whippet", terms())
    board = open_board(gm_page)
    board.get_by_role("button", name="Edit The Whippet").click()
    expect(board.get_by_label("Name")).to_have_value("The Whippet")
    expect(board.get_by_label("Fee (£)")).to_have_value("101")
    expect(board.locator("textarea[name=objectives]")).to_have_value("Find the Whippet\nBring it to the arches")
    expect(board.locator("textarea[name=obligations]")).to_have_value("Auntie Pat: owes the crew a favour")
    expect(board).to_contain_text("Editing The Whippet")
    board.get_by_label("Fee (£)").fill("120")
    board.locator("textarea[name=objectives]").fill("Find the Whippet\nBring it to the arches\nKeep it quiet")
    board.get_by_role("button", name="Save changes").click()
    gm_page.wait_for_function("uuid => fromUuidSync(uuid).system.fee.amount === 120", arg=uuid)
    after = page_of(gm_page, uuid)
    assert [o["id"] for o in after["objectives"]] == ["find", "bring", "o3"]
    assert after["objectives"][2]["label"] == "Keep it quiet"
    assert gm_page.evaluate("() => game.journal.contents.flatMap(j => j.pages.contents).length") == 1  # no new page
    expect(board.get_by_role("button", name="Save mission")).to_be_visible()  # back to a new mission
    assert not page_errors.get(gm_page)


def test_bad_terms_are_refused_and_the_page_keeps_its_own(gm_page: Page):
    uuid = make_page(gm_page, "The Whippet", terms())
    board = open_board(gm_page)
    board.get_by_role("button", name="Edit The Whippet").click()
    board.locator("textarea[name=objectives]").fill("")
    board.get_by_role("button", name="Save changes").click()
    expect(gm_page.locator("#notifications")).to_contain_text("give it at least one objective")
    assert len(page_of(gm_page, uuid)["objectives"]) == 2
    expect(board.get_by_label("Name")).to_have_value("The Whippet")  # the GM's edit is still in the form


def test_a_player_has_no_edit_and_cannot_write_the_page(gm_page: Page, player1_page: Page):
    uuid = make_page(gm_page, "The Whippet", terms())
    gm_page.evaluate("uuid => fromUuidSync(uuid).parent.update({ownership: {default: 2}})", uuid)  # players may read it
    player1_page.wait_for_function("uuid => !!fromUuidSync(uuid)", arg=uuid)
    board = open_board(player1_page)
    expect(board).to_contain_text("The Whippet")
    expect(board.get_by_role("button", name="Edit The Whippet")).to_have_count(0)
    refused = player1_page.evaluate("""async uuid => {
        try { await fromUuidSync(uuid).update({"system.fee.amount": 9999}); return null; } catch (e) { return e.message; } }""", uuid)
    assert refused
    assert page_of(gm_page, uuid)["fee"]["amount"] == 101
