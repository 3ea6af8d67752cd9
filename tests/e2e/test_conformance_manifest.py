"""Conformance of the stand-in (tests/harness/) with real v13, part 1: how a manifest's sub-types become the world's
types, which types are refused, and the journal's page sheets. Each test names the source it follows — none is our
own reading of the docs. (The stand-in is a test double; these tests pin the behaviours the system's features and
safety rules lean on, so a wrong stand-in cannot keep a wrong system green.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from helpers import refused

pytestmark = pytest.mark.harness_only

SCENE = "SceneConform0001"
REGION = "RegionConform001"
CORE_BEHAVIORS = ["adjustDarknessLevel", "displayScrollingText", "executeMacro", "executeScript", "modifyMovementCost",
                  "pauseGame", "suppressWeather", "teleportToken", "toggleBehavior"]


def test_a_systems_sub_type_keys_are_the_worlds_types_as_written(gm_page: Page, server):
    """A system's `documentTypes` keys are taken verbatim; only a module's get `<moduleId>.` put in front.
    Sources: dnd5e 5.3.3 `system.json` declares `"RegionBehavior": {"dnd5e.difficultTerrain": {}, "dnd5e.rotateArea":
    {}}` and `dnd5e.mjs` registers `CONFIG.RegionBehavior.dataModels` under those same keys (a prefixing core would make
    them `dnd5e.dnd5e.…`); https://foundryvtt.com/article/module-sub-types (a module's `quest` is `quest-pages.quest`);
    its journal page types (`class`, `map`, `rule`, `spells`) are bare in both places."""
    declared = server.manifest["documentTypes"]["RegionBehavior"]
    assert sorted(declared) == ["the-smoke.exit", "the-smoke.indoors", "the-smoke.place"]
    types = gm_page.evaluate("() => game.documentTypes")
    assert types["RegionBehavior"] == CORE_BEHAVIORS + list(declared)
    assert types["JournalEntryPage"] == ["text", "image", "pdf", "video", "mission"]
    assert sorted(types["Actor"]) == sorted(server.manifest["documentTypes"]["Actor"])
    # and each is the key of its data model, a RegionBehaviorType that handles events
    assert gm_page.evaluate("""() => game.documentTypes.RegionBehavior.filter(t => t.startsWith("the-smoke."))
        .map(t => CONFIG.RegionBehavior.dataModels[t].prototype instanceof foundry.data.regionBehaviors.RegionBehaviorType)""") \
        == [True, True, True]


def test_a_behaviour_of_an_undeclared_type_is_refused(world, gm_page: Page):
    """A document's `type` must be one of the world's types for it (v13 `game.documentTypes`, "A registry of document
    types supported by the active world", fvtt-types 13.345 `client/game.d.mts`; core `common/packages/sub-types.mjs`
    AdditionalTypesField validates the manifest's keys and never rewrites them): so the bare `exit` that main's
    manifest declared — and the code never registered — and the doubly prefixed name are refused, the real key is not."""
    world.seed(scenes=[{"_id": SCENE, "name": "Conformance", "width": 1000, "height": 1000, "grid": {"size": 100},
                        "regions": [{"_id": REGION, "name": "Strip", "shapes": [
                            {"type": "rectangle", "x": 0, "y": 0, "width": 100, "height": 1000}]}]}])
    gm_page.wait_for_function("id => !!game.scenes.get(id)", arg=SCENE)
    make = """type => game.scenes.get("%s").regions.get("%s").createEmbeddedDocuments("RegionBehavior",
        [{name: "EXIT", type, system: {}}])""" % (SCENE, REGION)
    for bad in ("exit", "the-smoke.the-smoke.exit", "place"):
        assert "is not a valid" in (refused(gm_page, make, bad) or ""), bad
    assert refused(gm_page, make, "the-smoke.exit") is None


def test_a_page_type_without_a_sheet_stops_the_journal_window(world, gm_page: Page):
    """Core v13's JournalEntrySheet looks up every page's sheet before it renders: `_configureRenderOptions` →
    `_preparePageData` → `isPageVisible(page)` → `getPageSheet(page)` → `page._getSheetClass()` and then
    `sheetClass.isV2` with no null check (core v13 `client/applications/sheets/journal/journal-entry-sheet.mjs`, code
    index; fvtt-types 13.345 types `ClientDocument#_getSheetClass` as `… | null`). So a journal holding a page whose
    type registered no sheet does not open at all, while one of core's own types (registered by core) does."""
    world.seed(journal=[{"_id": "ConformJournal01", "name": "Jobs", "pages": [
        {"_id": "ConformPage00001", "name": "Whippet", "type": "mission", "system": {
            "fee": {"type": "crewFee", "amount": 1}, "objectives": [{"id": "a", "label": "A"}]}}]},
        {"_id": "ConformJournal02", "name": "Notes", "pages": [
            {"_id": "ConformPage00002", "name": "Notes", "type": "text", "text": {"content": "<p>Hi</p>"}}]}])
    gm_page.wait_for_function("() => game.journal.size === 2")
    assert gm_page.evaluate("() => CONFIG.JournalEntryPage.sheetClasses.text['core.JournalEntryPageTextSheet'].default")
    gm_page.evaluate("() => { delete CONFIG.JournalEntryPage.sheetClasses.mission['the-smoke.MissionPageSheet']; }")
    error = refused(gm_page, "() => game.journal.get('ConformJournal01').sheet.render({force: true})")
    assert error and "isV2" in error  # core's TypeError: Cannot read properties of null (reading 'isV2')
    assert refused(gm_page, "() => game.journal.get('ConformJournal02').sheet.render({force: true})") is None
