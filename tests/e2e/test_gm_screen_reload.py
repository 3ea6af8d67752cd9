"""GM Screen requests survive a GM reload (the issued rolls, their TNs and results live in the GM store `gmRequests`,
not in the GM's memory): a player's click on an outstanding request still works and the GM's results list is still
there; a hazard is applied once across reloads, and a reload in the middle of applying one does not repeat a step.
After the reload nobody can claim somebody else's request."""

from __future__ import annotations

from helpers import SEED_DICE, statuses
from helpers.gm_screen import FORGED, claim, last_request, open_screen, reload_gm, roll_from_card, two_players
from playwright.sync_api import Page, expect
from helpers import settle


def test_a_request_sent_before_a_gm_reload_is_rolled_after_it_and_the_gm_sees_the_results(
        gm_page: Page, player1_page: Page, player2_page: Page, page_errors):
    """Pick a Lock to Danny and Jaz; the GM reloads. The results list is still there (both waiting). Player Two cannot
    claim Danny's roll after the reload, with her own card or with one of his; his card (the first he made for the
    roll, rolled at a TN of 2) counts for him: 4 + 5 + 4 = 13 against his TN 12, Sorted, on the reloaded GM's screen and
    card. Jaz rolls from the card she already had: 2 + 3 + 3 = 8 against her TN 10, Bad Luck."""
    danny, jaz = two_players(gm_page, player1_page, player2_page)
    screen = open_screen(gm_page)
    screen.get_by_role("button", name="Send Pick a Lock").click()
    expect(player1_page.locator("#chat-log .smoke-gm-request").last.get_by_role("button", name="Roll Graft (TN 12)")).to_be_visible()
    before = last_request(gm_page)
    reload_gm(gm_page)
    screen = open_screen(gm_page)
    results = screen.locator(".smoke-gm-results")
    expect(results).to_contain_text('Danny "Tealeaf" Doyle: waiting…')
    expect(results).to_contain_text("Jaz Kaur: waiting…")

    danny_roll = before["entries"][0]["options"][0]["rollId"]
    roll_card = """async ([actor, rollId]) => {
        const { rollCheck, defaultChoices } = await smokeModule("/systems/the-smoke/module/documents/core/check.mjs");
        const m = await rollCheck(game.actors.get(actor), "grf", {...defaultChoices(), tnSource: "fixed", tn: 2}, {flags: {rollId}});
        return m.id;
    }"""
    player2_page.evaluate(SEED_DICE, [(6, 6), (5, 6), (6, 6), (5, 6)])
    hers = player2_page.evaluate(roll_card, [jaz, danny_roll])
    assert claim(player2_page, danny_roll, hers) == FORGED                     # her card, his roll
    player1_page.evaluate(SEED_DICE, [(4, 6), (5, 8)])
    his = player1_page.evaluate(roll_card, [danny, danny_roll])
    assert claim(player2_page, danny_roll, his) == FORGED                      # his card, claimed by her
    expect(results).to_contain_text('Danny "Tealeaf" Doyle: waiting…')

    assert claim(player1_page, danny_roll, his)["total"] == 13               # his first card for it, his claim
    expect(results).to_contain_text('Danny "Tealeaf" Doyle: 13 / TN 12: Sorted')
    expect(gm_page.locator("#chat-log .smoke-gm-request").last).to_contain_text("13 against TN 12 — Sorted")
    expect(player1_page.locator("#chat-log .smoke-gm-request").last.get_by_role("button")).to_have_count(0)
    roll_from_card(player2_page, "Roll Graft (TN 10)", [(2, 6), (3, 6)])
    expect(results).to_contain_text("Jaz Kaur: 8 / TN 10: Bad Luck")
    # The screen shows the GM's write at once; the world setting has it when the server has echoed it.
    gm_page.wait_for_function("""() => Object.values(game.settings.get('the-smoke', 'gmRequests'))
        .sort((a, b) => b.at - a.at)[0]?.entries[1]?.result""")
    assert [last_request(gm_page)["entries"][1]["result"][k] for k in ("total", "tn", "outcome")] == [8, 10, "badLuck"]
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []


def test_a_hazard_sent_before_a_reload_applies_once_across_reloads(gm_page: Page, player1_page: Page, player2_page: Page):
    """Fall from Scaffolding to Danny; the GM reloads; Danny rolls 1 and 1 (+3): 5 against TN 12, Proper Mess: 8
    damage, Broken and Down. The GM reloads again: nothing is applied a second time, and claiming again is refused."""
    danny, _ = two_players(gm_page, player1_page, player2_page)
    gm_page.evaluate("""async id => game.system.api.requestGM("gm.request.send", {kind: "hazard",
        key: "fall-from-scaffolding", actorUuids: [`Actor.${id}`]})""", danny)
    expect(player1_page.locator("#chat-log .smoke-gm-request").last.get_by_role("button", name="Roll Moves (TN 12)")).to_be_visible()
    reload_gm(gm_page)
    roll_from_card(player1_page, "Roll Moves (TN 12)", [(1, 6), (1, 6)])
    card = gm_page.locator("#chat-log .smoke-gm-request").last
    expect(card).to_contain_text("5 against TN 12 — Proper Mess")
    expect(card).to_contain_text("8 damage (Health 2); Broken, Down")
    harm = last_request(gm_page)["entries"][0]["result"]["harm"]
    assert [harm["done"], harm["started"], harm["finished"], harm["applied"]] == [True, 3, 3, ["broken", "down"]]
    stamp = """() => { const id = Object.values(game.settings.get('the-smoke', 'gmRequests'))[0].messageId;
        return game.messages.get(id)._stats.modifiedTime; }"""
    card_time = gm_page.evaluate(stamp)
    assert isinstance(card_time, int) and card_time > 0
    reload_gm(gm_page)
    settle(gm_page)  # what the reloaded GM's ready hook started (resumeHarms) has run its course
    assert gm_page.evaluate(stamp) == card_time  # nothing to finish: the card is not rewritten
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", danny) == 2
    assert statuses(gm_page, danny) == ["broken", "down"]
    request = last_request(gm_page)
    again = claim(player1_page, request["entries"][0]["options"][1]["rollId"], request["entries"][0]["result"]["messageId"])
    assert again == 'Danny "Tealeaf" Doyle has already rolled Fall from Scaffolding: a second roll does not count.'
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", danny) == 2


def test_a_reload_in_the_middle_of_a_hazard_finishes_it_without_repeating_a_step(
        gm_page: Page, player1_page: Page, player2_page: Page):
    """A Proper Mess from Fall from Scaffolding whose damage was applied (Health 10 → 2) and whose Broken was begun
    when the GM's page went away: on load the active GM does not apply Broken again (it may have landed), applies
    Down, and the card says a step was cut short."""
    danny, _ = two_players(gm_page, player1_page, player2_page)
    gm_page.evaluate("""async id => game.system.api.requestGM("gm.request.send", {kind: "hazard",
        key: "fall-from-scaffolding", actorUuids: [`Actor.${id}`]})""", danny)
    request = last_request(gm_page)
    # What the store and the sheet hold when the page goes away between "Broken begun" and "Broken done".
    gm_page.evaluate("""async ([id, danny]) => {
        const all = game.settings.get('the-smoke', 'gmRequests');
        const r = all[id];
        r.entries[0].result = {stat: "mov", total: 5, tn: 12, margin: -7, outcome: "properMess", messageId: "",
          harm: {avoided: false, damage: 8, reduced: 0, conditions: ["broken", "down"], applied: [], health: 2,
            started: 2, finished: 1, done: false}};
        await game.actors.get(danny).update({"system.health.value": 2});
        await game.settings.set('the-smoke', 'gmRequests', all);
    }""", [request["id"], danny])
    reload_gm(gm_page)
    gm_page.wait_for_function("""id => game.settings.get('the-smoke', 'gmRequests')[id].entries[0].result.harm.done""",
                              arg=request["id"])
    harm = last_request(gm_page)["entries"][0]["result"]["harm"]
    assert [harm["interrupted"], harm["applied"], harm["finished"]] == [True, ["down"], 3]
    assert statuses(gm_page, danny) == ["down"]
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", danny) == 2
    expect(gm_page.locator("#chat-log .smoke-gm-request").last).to_contain_text(
        "A GM reload cut one step short; it was not repeated: check Health and Conditions by hand.")
