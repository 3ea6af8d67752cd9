"""XP awards and Level Up in the browser (rulebook: The Rep ladder › Earn XP; Personal Rep; Growth)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from helpers import settle, press_twice

from helpers import SEED_DICE, import_pregen, open_sheet



def test_xp_is_awarded_on_the_gm_screen_the_sheet_links_there(gm_page: Page, player1_page: Page):
    """The GM Screen's Rewards is the one place XP is awarded: the sheet's button opens it on XP for that character
    alone; a Pat order gives 2 XP; a mission's 7 is refused (3–5 as printed) and gives nothing. A player has no
    button and cannot award."""
    actor_id = import_pregen(gm_page, "Jaz Kaur")
    import_pregen(gm_page, "Femi Adebayo")
    sheet = open_sheet(gm_page, actor_id)
    expect(sheet.locator("select[data-xp], input[data-xp]")).to_have_count(0)  # no second place to award XP
    sheet.get_by_role("button", name="Award XP to Jaz Kaur on the GM Screen").click()
    screen = gm_page.locator("#smoke-gm-screen")
    expect(screen.get_by_label("Reward")).to_have_value("xp")
    expect(screen.get_by_role("checkbox", name="Jaz Kaur")).to_be_checked()
    expect(screen.get_by_role("checkbox", name="Femi Adebayo")).not_to_be_checked()
    screen.get_by_label("XP for").select_option("patOrder")
    screen.get_by_role("button", name="Give").click()
    expect(gm_page.locator("#chat-log .chat-message").last).to_contain_text("Jaz Kaur gains 2 XP (Completed Pat order)")
    # the award clears the form by drawing it again, and Give is off until then: the next choices go in after it
    # (a clean clone chose them before the redraw, which put the form back)
    expect(screen.get_by_role("button", name="Give")).to_be_enabled()
    screen.get_by_label("XP for").select_option("mission")
    screen.get_by_label("Amount").fill("7")
    screen.get_by_role("button", name="Give").click()
    expect(gm_page.get_by_role("status").filter(has_text="3–5").first).to_be_visible()
    assert gm_page.evaluate("id => game.actors.get(id).system.rep.xp", actor_id) == 2
    assert gm_page.evaluate("() => game.actors.getName('Femi Adebayo').system.rep.xp") == 0
    gm_page.evaluate("id => game.actors.get(id).update({ownership: {default: 3}})", actor_id)
    player1_page.wait_for_function("id => game.actors.get(id)?.isOwner", arg=actor_id)
    mine = open_sheet(player1_page, actor_id)
    expect(mine.get_by_role("button", name="Award XP to Jaz Kaur on the GM Screen")).to_have_count(0)
    refused = player1_page.evaluate("""async id => { try { await game.system.api.requestGM("gm.reward.give",
        {kind: "xp", xpKind: "patOrder", actorUuids: [`Actor.${id}`]}); return null; } catch (e) { return e.message; } }""", actor_id)
    assert refused == "Only a GM can do that."
    assert gm_page.evaluate("id => game.actors.get(id).system.rep.xp", actor_id) == 2


def test_level_up_across_two_levels_resumes_and_applies_once(gm_page: Page, page_errors):
    """Jaz at Rep 1 with 13 XP can take Rep 2 (even: a perk) and Rep 3 (odd: a stat within d8; third: Growth)."""
    actor_id = import_pregen(gm_page, "Jaz Kaur")
    gm_page.evaluate("id => game.actors.get(id).update({'system.rep.xp': 13})", actor_id)
    sheet = open_sheet(gm_page, actor_id)
    sheet.get_by_role("button", name="Level Up (2 available)").click()
    window = gm_page.locator(".application.level-up")
    perk = window.get_by_label("Perk for Rep 2")
    perk.select_option(label="Parkour")
    expect(window.locator(".smoke-level-missing")).not_to_contain_text("Rep 2: choose a perk")
    window.get_by_role("button", name="Close").click()

    sheet.get_by_role("button", name="Level Up (2 available)").click()  # resume: the choice is still there
    expect(window.get_by_label("Perk for Rep 2")).to_have_value(re.compile(r"\w{16}"))
    expect(window.get_by_label("Perk for Rep 2").locator("option:checked")).to_have_text("Parkour")
    stat = window.get_by_label("Stat to raise at Rep 3")
    expect(stat.locator("option")).not_to_contain_text(["Wheels d8"])  # already at the Street cap d8
    stat.select_option("mus")
    gm_page.evaluate(SEED_DICE, [(3, 4), (6, 6)])  # Grit d4 → 3: Health +2; better of Moves d6/Grit d4 → 6 (top): +2
    window.get_by_role("button", name="Roll Growth for Rep 3").click()
    expect(window).to_contain_text("Growth: Health max +2, Guard base +2")
    apply = window.get_by_role("button", name="Apply the new levels")
    press_twice(apply)
    expect(window).to_have_count(0)
    settle(gm_page)
    after = gm_page.evaluate("""id => { const a = game.actors.get(id); return {level: a.system.rep.level,
        mus: a.system.stats.mus.die, health: a.system.health.max, guard: a.system.guard.base,
        perks: a.items.filter(i => i.type === 'perk').map(i => i.name).sort(), draft: a.getFlag('the-smoke', 'levelUp') ?? null}; }""",
                             actor_id)
    assert after == {"level": 3, "mus": 6, "health": 12, "guard": 12, "perks": ["Getaway Driver", "Parkour"],
                     "draft": None}
    source = gm_page.evaluate("id => game.actors.get(id).items.find(i => i.name === 'Parkour')._stats.compendiumSource",
                              actor_id)
    assert re.fullmatch(r"Compendium\.the-smoke\.perks\.Item\.\w{16}", source or ""), source  # fromCompendium
    expect(sheet.get_by_role("button", name=re.compile("Level Up"))).to_have_count(0)
    assert page_errors[gm_page] == []


def test_big_sal_sheet_shows_the_printed_health_and_where_it_differs(gm_page: Page):
    actor_id = import_pregen(gm_page, "Big Sal Moretti")
    sheet = open_sheet(gm_page, actor_id)
    expect(sheet.locator(".smoke-health-max")).to_have_text("14")
    expect(sheet.locator(".smoke-reconciliation")).to_contain_text(
        "health.max is printed 14; the rule gives 11 (Four pregenerated characters)")


def test_a_double_click_on_give_is_one_award_one_card_and_the_form_is_cleared(gm_page: Page, page_errors):
    """Issue 25, defect 6. The GM Screen's Rewards: a double click on *Give* (XP for a Pat order, reason "Two bikes")
    gives Jaz 2 XP once and posts one card that says so — not two or three "gains 2 XP" cards. The form is cleared
    after the award: the next award (a GM award of 1 XP) carries no reason over. The same form sent twice straight to
    the GM (one award id) gives once."""
    actor_id = import_pregen(gm_page, "Jaz Kaur")
    sheet = open_sheet(gm_page, actor_id)
    sheet.get_by_role("button", name="Award XP to Jaz Kaur on the GM Screen").click()
    screen = gm_page.locator("#smoke-gm-screen")
    gains = "() => game.messages.contents.filter(m => m.content.includes('gains')).length"
    screen.get_by_label("XP for").select_option("patOrder")
    screen.get_by_label("Reason").fill("Two bikes")
    press_twice(screen.get_by_role("button", name="Give"))
    card = gm_page.locator("#chat-log .smoke-gm-reward").last
    expect(card).to_contain_text("Jaz Kaur gains 2 XP (Completed Pat order)")
    expect(card).to_contain_text("Two bikes")
    settle(gm_page)
    assert gm_page.evaluate("id => game.actors.get(id).system.rep.xp", actor_id) == 2
    assert gm_page.evaluate(gains) == 1
    # The form is cleared: no reason, no amount; the next award's card has no reason.
    expect(screen.get_by_label("Reason")).to_have_value("")
    expect(screen.get_by_label("Amount")).to_have_value("")
    screen.get_by_label("XP for").select_option("gm")
    screen.get_by_label("Amount").fill("1")
    screen.get_by_role("button", name="Give").click()
    expect(gm_page.locator("#chat-log .smoke-gm-reward").last).to_contain_text("Jaz Kaur gains 1 XP")
    expect(gm_page.locator("#chat-log .smoke-gm-reward").last).not_to_contain_text("Two bikes")
    assert gm_page.evaluate("id => game.actors.get(id).system.rep.xp", actor_id) == 3
    # One award id sent twice straight to the GM: given once, the second refused in words.
    twice = gm_page.evaluate("""async id => { const data = {kind: "xp", xpKind: "gm", amount: 1, rewardId: "sameForm000001",
        actorUuids: [`Actor.${id}`]}; const out = [];
        for (let i = 0; i < 2; i++) out.push(await game.system.api.requestGM("gm.reward.give", data).then(() => null, e => e.message));
        return out; }""", actor_id)
    assert twice == [None, "That award was already given (one award per Give)."]
    assert gm_page.evaluate("id => game.actors.get(id).system.rep.xp", actor_id) == 4
    assert gm_page.evaluate(gains) == 3
    assert page_errors[gm_page] == []
