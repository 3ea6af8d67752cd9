"""A choice not yet sent survives its window's redraw (module/apps/keep-choices.mjs): on Jaz Kaur's sheet the GM picks
a Condition to add and the stat an advance raises, then something else changes Jaz (her stash, written by another
page) and the sheet is drawn again before the GM presses *Add Condition* or *Spend*: both selects still show what was picked,
and *Add Condition* adds that Condition, not the list's first. A choice the new drawing no longer offers falls back to its
first option.

v13 facts relied on: a re-rendered part goes through HandlebarsApplicationMixin's `_preSyncPartState` and
`_syncPartState` (fvtt-types src/foundry/client/applications/api/handlebars-application.d.mts: "Prepare data used to
synchronize the state of a template part" / "Synchronize the state of a template part after it has been rendered and
replaced in the DOM"), which is where the sheet carries the choices across."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import import_pregen, open_sheet, settle


def test_a_sheets_unsent_choices_survive_a_redraw(gm_page: Page, player1_page: Page, page_errors):
    jaz = import_pregen(gm_page, "Jaz Kaur")
    gm_page.evaluate("id => game.actors.get(id).update({'system.advances': 1})", jaz)
    sheet = open_sheet(gm_page, jaz)
    condition = sheet.get_by_label("Condition to add")
    advance = sheet.locator("select[data-advance]")
    expect(advance).to_be_visible()
    # not the first option of either list
    shaken = condition.locator("option", has_text="Shaken").get_attribute("value")
    assert shaken and shaken != condition.locator("option").first.get_attribute("value")
    second_stat = advance.locator("option").nth(1).get_attribute("value")
    condition.select_option(shaken)
    advance.select_option(second_stat)

    # another page changes Jaz: the GM's sheet is drawn again
    stash = gm_page.evaluate("id => game.actors.get(id).system.cash.stash", jaz)
    gm_page.evaluate("""id => { window.smokeDrawn = 0; Hooks.on('renderCharacterSheet', () => { window.smokeDrawn++; }); }""", jaz)
    gm_page.evaluate("([id, s]) => game.actors.get(id).update({'system.cash.stash': s + 7})", [jaz, stash])
    gm_page.wait_for_function("() => window.smokeDrawn > 0")
    expect(condition).to_have_value(shaken)
    expect(advance).to_have_value(second_stat)

    sheet.get_by_role("button", name="Add Condition").click()
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('shaken')", arg=jaz)
    settle(gm_page)
    # Shaken is no longer offered: the select falls back to the new first option
    expect(condition).to_have_value(condition.locator("option").first.get_attribute("value") or "")
    assert page_errors[gm_page] == []


def test_a_kept_favour_stays_with_its_faction_not_its_row(gm_page: Page, page_errors):
    """The favour chosen for Alpha (the first row) is kept while Alpha is there; once Alpha is gone and Bravo moves up
    into the first row, Bravo's favour is not Alpha's choice but the list's first."""
    jaz = import_pregen(gm_page, "Jaz Kaur")
    gm_page.evaluate("""id => game.actors.get(id).update({'system.factions': [
        {name: 'Alpha', renown: 1, influence: 4}, {name: 'Bravo', renown: 1, influence: 4}]})""", jaz)
    sheet = open_sheet(gm_page, jaz)
    alpha = sheet.get_by_label("Favour from Alpha")
    expect(alpha).to_be_visible()
    first = alpha.locator("option").first.get_attribute("value")
    last = alpha.locator("option").last.get_attribute("value")
    assert first != last
    alpha.select_option(last)
    gm_page.evaluate("() => { window.smokeDrawn = 0; Hooks.on('renderCharacterSheet', () => { window.smokeDrawn++; }); }")
    gm_page.evaluate("id => game.actors.get(id).update({'system.cash.stash': 9})", jaz)  # a redraw: the choice is kept
    gm_page.wait_for_function("() => window.smokeDrawn > 0")
    expect(alpha).to_have_value(last)
    gm_page.evaluate("id => game.actors.get(id).update({'system.factions': [{name: 'Bravo', renown: 1, influence: 3}]})", jaz)
    bravo = sheet.get_by_label("Favour from Bravo")
    expect(bravo).to_be_visible()
    expect(bravo).to_have_value(first or "")
    assert page_errors[gm_page] == []
