"""Relationships, factions and advances on the record (rulebook: Rep, Renown and Influence)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import import_pregen, open_sheet
from helpers import settle



def test_faction_renown_rank_influence_and_stance(gm_page: Page, page_errors):
    actor_id = import_pregen(gm_page, "Femi Adebayo")
    sheet = open_sheet(gm_page, actor_id)
    sheet.get_by_role("button", name="Add a faction").click()
    row = sheet.locator("[data-faction='0']")
    row.get_by_label("Faction", exact=True).fill("The Chainring")
    row.get_by_label("Faction", exact=True).press("Tab")
    expect(row.get_by_label("Renown The Chainring")).to_be_visible()
    row.get_by_label("Renown The Chainring").fill("7")
    row.get_by_label("Renown The Chainring").press("Tab")
    expect(row).to_contain_text("Trusted")  # Renown 7: Trusted, Influence cap 3
    row = sheet.locator("[data-faction='0']")
    for _ in range(4):
        row.get_by_role("button", name="Career job done (+1)").click()
        settle(gm_page)  # the click's write is back before the next
    expect(row.get_by_label("Influence The Chainring")).to_have_value("3")  # capped at 3
    row.get_by_label("Favour from The Chainring").select_option("majorIntervention")
    row.get_by_role("button", name="Spend Influence").click()
    expect(gm_page.get_by_role("status").filter(has_text="costs 4 Influence").first).to_be_visible()
    row.get_by_label("Favour from The Chainring").select_option("access")
    row.get_by_role("button", name="Spend Influence").click()
    expect(row.get_by_label("Influence The Chainring")).to_have_value("1")
    row.get_by_role("button", name="Stage 1 complete").click()
    expect(row.get_by_label("Renown The Chainring")).to_have_value("8")  # stage 1 awards 1
    row.get_by_label("Stance The Chainring").select_option("strained")
    settle(gm_page)
    faction = gm_page.evaluate("id => game.actors.get(id).system.factions[0]", actor_id)
    assert faction == {"name": "The Chainring", "renown": 8, "influence": 1, "stance": "strained", "stagesDone": 1}
    assert page_errors[gm_page] == []


def test_relationships_unlocks_and_advances(gm_page: Page):
    actor_id = import_pregen(gm_page, "Femi Adebayo")
    gm_page.evaluate("""id => game.actors.get(id).update({"system.relationships": {crew: 3, street: 5, police: 3},
        "system.rep": {level: 6, xp: 50}})""", actor_id)
    sheet = open_sheet(gm_page, actor_id)
    expect(sheet).to_contain_text("Police 3: routine stops start at Wanted.")
    expect(sheet).to_contain_text("Discounts: shops 10%, Pat's 20% (capped at 20%).")
    expect(sheet.locator(".smoke-unlocks")).to_contain_text("Rep 6: +10% fence offers")
    sheet.get_by_role("button", name="Award an advance").click()
    sheet.get_by_label("Stat to raise with an advance").select_option("mov")
    sheet.get_by_role("button", name="Spend an advance").click()
    gm_page.wait_for_function("id => game.actors.get(id).system.stats.mov.die === 10", arg=actor_id)  # d8 → d10 (Known cap)
    assert gm_page.evaluate("id => game.actors.get(id).system.advances", actor_id) == 0
