"""A mission page opens in core's journal window (issue 23 B2). v13's JournalEntrySheet shows every page through the
sheet its type registered — `getPageSheet(page)` reads `page._getSheetClass().isV2` for each page before anything
renders (core v13 `client/applications/sheets/journal/journal-entry-sheet.mjs`, code index) — so a `mission` page with
no sheet stopped any journal holding one from opening, the missions compendium's included. dnd5e 5.3.3 registers a
`JournalEntryPageHandlebarsSheet` subclass per page type it adds (`dnd5e.mjs`); the system now registers one for
`mission` (module/apps/mission-page-sheet.mjs). The stand-in's journal window follows core's (tests/harness/client/
journal-sheets.mjs); on main there is neither a page sheet nor a journal window, so these tests fail there.

The GM reads the terms and edits them (bad terms refused, the page keeping its own); a player with OBSERVER reads them
and cannot change them: no Edit button, a disabled form, and a forged update refused by the server."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from helpers import P1, refused

ENTRY = "MissionJournal01"
PAGE = "MissionPageWhip1"

TERMS = {"client": "Auntie <b>Pat</b>", "fee": {"type": "crewFee", "amount": 101}, "xp": 4, "deadlineSeconds": 1800,
         "objectives": [{"id": "find", "label": "Find the Whippet"}, {"id": "bring", "label": "Bring it to the arches"}],
         "obligations": [{"who": "Auntie Pat", "what": "owes the crew a favour"}],
         "claimants": [{"who": "The owner", "what": "wants it back"}], "selfPlay": False,
         "briefing": "<p>Meet at the <em>arches</em>.</p><script>window.pwned = true</script>"}


def seed(world, *, player_level: int = 2) -> None:
    world.seed(journal=[{"_id": ENTRY, "name": "Jobs", "ownership": {"default": 0, P1: player_level},
                         "pages": [{"_id": PAGE, "name": "The Whippet", "type": "mission", "system": TERMS},
                                   {"_id": "TextPageNotes001", "name": "Notes", "type": "text",
                                    "text": {"content": "<p>Ask for Pat at the caff.</p>"}}]}])


def open_journal(page: Page):
    page.wait_for_function("id => !!game.journal.get(id)", arg=ENTRY)  # the seed reaches open pages by broadcast
    page.evaluate("id => game.journal.get(id).sheet.render({force: true})", ENTRY)
    window = page.locator(".application.journal-entry")
    expect(window).to_be_visible()
    return window


def test_the_gm_opens_the_journal_reads_the_terms_and_edits_them(world, gm_page: Page, page_errors):
    seed(world)
    window = open_journal(gm_page)
    mission = window.locator('.journal-entry-page[data-page-id="%s"]' % PAGE)
    expect(mission.locator(".smoke-mission-fee")).to_have_text("Crew fee £101")
    expect(mission.locator(".smoke-mission-xp")).to_have_text("4 XP")
    expect(mission.locator(".smoke-mission-deadline")).to_have_text("30:00 to do it")
    expect(mission.locator(".smoke-mission-mode")).to_have_text("Story")
    expect(mission.locator(".smoke-mission-objectives li")).to_have_text(["Find the Whippet", "Bring it to the arches"])
    expect(mission.locator(".smoke-mission-obligations li")).to_have_text(["Auntie Pat: owes the crew a favour"])
    expect(mission.locator(".smoke-mission-claimants li")).to_have_text(["The owner: wants it back"])
    # The client's name is text, never markup; the briefing is the server-cleaned HTML (no script survives)
    expect(mission.locator(".smoke-mission-client")).to_have_text("Auntie <b>Pat</b>")
    assert mission.locator(".smoke-mission-client b").count() == 0
    expect(mission.locator(".smoke-mission-briefing em")).to_have_text("arches")
    assert mission.locator(".smoke-mission-briefing script").count() == 0
    expect(window.locator('.journal-entry-page[data-page-id="TextPageNotes001"]')).to_contain_text("Ask for Pat")

    mission.locator('[data-action="editPage"]').click()
    sheet = gm_page.locator("form.application.smoke-mission-page")
    expect(sheet.locator('textarea[name="smoke.objectives"]')).to_have_value("Find the Whippet\nBring it to the arches")
    expect(sheet.locator('input[name="smoke.feeAmount"]')).to_have_value("101")
    sheet.locator('input[name="smoke.feeAmount"]').fill("120")
    sheet.locator('textarea[name="smoke.objectives"]').fill("Find the Whippet\nBring it to the arches\nKeep it quiet")
    sheet.locator('button[type="submit"]').click()
    gm_page.wait_for_function("([e, p]) => game.journal.get(e).pages.get(p).system.fee.amount === 120", arg=[ENTRY, PAGE])
    after = gm_page.evaluate("([e, p]) => game.journal.get(e).pages.get(p).system.toObject()", [ENTRY, PAGE])
    assert [o["id"] for o in after["objectives"]] == ["find", "bring", "o3"]  # ids kept by position
    assert after["selfPlay"] is False and after["xp"] == 4 and after["claimants"] == TERMS["claimants"]
    expect(mission.locator(".smoke-mission-fee")).to_have_text("Crew fee £120")  # the journal re-renders

    # Bad terms: refused in words, the page keeps its own
    sheet.locator('textarea[name="smoke.objectives"]').fill("")
    sheet.locator('button[type="submit"]').click()
    expect(gm_page.locator("#notifications")).to_contain_text("give it at least one objective")
    assert gm_page.evaluate("([e, p]) => game.journal.get(e).pages.get(p).system.objectives.length", [ENTRY, PAGE]) == 3
    assert [m for m in page_errors[gm_page] if "give it at least one objective" not in m] == []


def test_a_player_reads_the_terms_and_cannot_change_them(world, gm_page: Page, player1_page: Page, page_errors):
    seed(world)
    window = open_journal(player1_page)
    mission = window.locator('.journal-entry-page[data-page-id="%s"]' % PAGE)
    expect(mission.locator(".smoke-mission-objectives li")).to_have_text(["Find the Whippet", "Bring it to the arches"])
    assert mission.locator('[data-action="editPage"]').count() == 0
    # The page's own sheet opens, but as OBSERVER nothing in it can be changed (v13 DocumentSheetV2 isEditable)
    player1_page.evaluate("([e, p]) => game.journal.get(e).pages.get(p).sheet.render({force: true})", [ENTRY, PAGE])
    sheet = player1_page.locator("form.application.smoke-mission-page")
    expect(sheet.locator('input[name="smoke.feeAmount"]')).to_be_disabled()
    # Attack: the player forges the update the form would send
    error = refused(player1_page, """([e, p]) => game.journal.get(e).pages.get(p).update({"system.fee.amount": 9999})""",
                    [ENTRY, PAGE])
    assert error and "lacks permission" in error
    assert gm_page.evaluate("([e, p]) => game.journal.get(e).pages.get(p).system.fee.amount", [ENTRY, PAGE]) == 101
    assert [m for m in page_errors[player1_page] if "lacks permission" not in m] == []


def test_a_player_without_observer_sees_no_mission_page(world, player1_page: Page):
    """v13 JournalEntryPageSheet's viewPermission is OBSERVER (core journal-entry-page-sheet.mjs): a LIMITED player
    gets the entry's window without the mission's terms."""
    seed(world, player_level=1)
    window = open_journal(player1_page)
    assert window.locator(".smoke-mission-terms").count() == 0


@pytest.mark.parametrize("role", ["gm", "player1"])
def test_an_entry_of_the_missions_compendium_opens(open_user_page, role):
    """The missions compendium is OBSERVER for players (system.json packs ownership); each of its entries opens."""
    page = open_user_page(role)
    shown = page.evaluate("""async () => {
        const pack = game.packs.get("the-smoke.missions");
        const entries = await pack.getDocuments();
        const shown = [];
        for (const entry of entries) {
          const sheet = await entry.sheet.render({force: true});
          shown.push(sheet.element.querySelectorAll(".smoke-mission-terms").length);
          await sheet.close();
        }
        return shown;
    }""")
    assert shown and all(n >= 1 for n in shown)
