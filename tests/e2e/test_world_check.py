"""The world check a GM runs in a real Foundry in one click (issue 23): Configure Settings › The Smoke › World check, a
`game.settings.registerMenu` button whose window v13's SettingsConfig constructs with no options (fvtt-types 13.345
`client/helpers/client-settings.d.mts`, RegisterSubmenu.type: "In SettingsConfig#_onClickSubmenu this type is
constructed and not given any options"). In the stand-in it reports nothing missing; with one registration removed
(a region behaviour's data model, the mission page's sheet, a keybinding) it reports exactly that item."""

from __future__ import annotations

from playwright.sync_api import Page, expect

OPEN_MENU = """() => { const menu = game.settings.menus.get("the-smoke.worldCheck");
    return new menu.type().render({force: true}).then(() => [menu.restricted, menu.name]); }"""


def open_check(gm: Page):
    assert gm.evaluate(OPEN_MENU) == [True, "SMOKE.WorldCheck.title"]
    app = gm.locator(".application.smoke-world-check-app")
    expect(app).to_be_visible()
    return app


def test_nothing_missing_then_each_removed_registration_is_named(gm_page: Page, page_errors):
    app = open_check(gm_page)
    checked = gm_page.evaluate("() => game.system.api.worldCheck().checked")
    expect(app.locator(".smoke-world-check-summary")).to_have_text(f"Nothing missing: {checked} registrations checked.")
    assert app.locator("tr.smoke-missing").count() == 0
    expect(app.locator('[data-section="regionBehaviors"] tr.smoke-ok')).to_have_count(3)
    expect(app.locator('[data-section="sheets"] tr[data-item="JournalEntryPage.mission"]')).to_contain_text("the-smoke.MissionPageSheet")

    gm_page.evaluate("""() => { delete CONFIG.RegionBehavior.dataModels["the-smoke.exit"];
        delete CONFIG.JournalEntryPage.sheetClasses.mission["the-smoke.MissionPageSheet"];
        game.keybindings.actions.delete("the-smoke.satnav"); }""")
    app.get_by_role("button", name="Check again").click()
    expect(app.locator(".smoke-world-check-summary")).to_have_text(f"3 missing ({checked} registrations checked):")
    expect(app.locator(".smoke-world-check-missing li")).to_have_text([
        "the-smoke.exit: no data model registered",
        "JournalEntryPage.mission: no sheet of The Smoke's is registered",
        "satnav: not registered"])
    expect(app.locator("tr.smoke-missing")).to_have_count(3)
    assert page_errors[gm_page] == []
