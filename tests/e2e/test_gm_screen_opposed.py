"""Opposed GM checks in the browser (rulebook: Choosing difficulty › Opposed situations; GM checks: Leg It "Against a
specific chaser, roll their Moves and type it as the TN"): the GM picks the opponent, the system rolls the opponent's
side on the GM, and that total is every character's TN; the players' cards show it and the result names both sides.
A player cannot send one, cannot change its TN, and a check that is not opposed is refused an opponent."""

from __future__ import annotations

from helpers import SEED_DICE, import_actor
from helpers.gm_screen import last_request, open_screen, roll_from_card, two_players
from playwright.sync_api import Page, expect

OFFICER = "Metro Police Officer"


def officer_on_scene(gm: Page) -> str:
    """A Metro Police Officer (Moves d6, Effort d6) as an unlinked token on the viewed scene: its token's UUID."""
    officer = import_actor(gm, "street-people", OFFICER)
    return gm.evaluate("""async id => {
        const s = await Scene.create({name: "Broadway Market", active: true, grid: {size: 100}, width: 2000, height: 1000});
        await s.view?.();
        const [t] = await s.createEmbeddedDocuments("Token", [{name: "Metro Police Officer", actorId: id, actorLink: false,
          x: 500, y: 300}]);
        return t.uuid;
    }""", officer)


def test_leg_it_against_a_chaser_uses_the_officers_roll_as_every_tn_and_the_card_names_both(
        gm_page: Page, player1_page: Page, player2_page: Page, page_errors):
    """Leg It against the officer: the GM's dice give 4 + 5 + 3 (Moves d6) = 12, the TN on Danny's and Jaz's cards for
    Moves and Grit alike. Danny rolls 5 and 4 (+3): 12, Just About — he beats the officer; Jaz 1 and 2 (+3): 6 — the
    officer beats her. The roll is on the request's card, made by the GM's client; the players' check cards say
    "opposed total"."""
    danny, jaz = two_players(gm_page, player1_page, player2_page)
    token = officer_on_scene(gm_page)
    screen = open_screen(gm_page)
    screen.get_by_label("Opponent for Leg It").select_option(label=OFFICER)
    gm_page.evaluate(SEED_DICE, [(4, 6), (5, 6)])
    screen.get_by_role("button", name="Send Leg It").click()
    line = "Against Metro Police Officer: the system rolled their Moves, 4 + 5 + 3 = 12; that is the TN."
    for page in (player1_page, player2_page):
        card = page.locator("#chat-log .smoke-gm-request").last
        expect(card).to_contain_text(line)
        expect(card.get_by_role("button", name="Roll Moves (TN 12)")).to_be_visible()
        expect(card.get_by_role("button", name="Roll Grit (TN 12)")).to_be_visible()
    request = last_request(gm_page)
    opponent = request["opponent"]
    assert opponent.pop("uuid").startswith(f"{token}.Actor.")  # the unlinked token's own actor rolled
    assert opponent == {"name": OFFICER, "stat": "mov", "total": 12, "effort": [4], "statFaces": [5], "modifier": 3}
    message = gm_page.evaluate("""id => { const m = game.messages.get(id);
        return {author: m.author.isGM, rolls: m.rolls.map(r => r.total)}; }""", request["messageId"])
    assert message == {"author": True, "rolls": [12]}

    roll_from_card(player1_page, "Roll Moves (TN 12)", [(5, 6), (4, 6)])
    gm_card = gm_page.locator("#chat-log .smoke-gm-request").last
    expect(gm_card).to_contain_text('Danny "Tealeaf" Doyle beats Metro Police Officer (12 against Metro Police Officer\'s 12).')
    expect(gm_card).to_contain_text("12 against TN 12 — Just About")
    roll_from_card(player2_page, "Roll Moves (TN 12)", [(1, 6), (2, 6)])
    expect(gm_card).to_contain_text("Metro Police Officer beats Jaz Kaur (6 against Metro Police Officer's 12).")
    results = screen.locator(".smoke-gm-results")
    expect(results).to_contain_text('Danny "Tealeaf" Doyle: 12 / TN 12: Just About vs Metro Police Officer (12)')
    expect(results).to_contain_text("Jaz Kaur: 6 / TN 12: Proper Mess vs Metro Police Officer (12)")
    winners = [e["result"]["winner"] for e in last_request(gm_page)["entries"]]
    assert winners == ["character", "opponent"]
    check_card = player1_page.evaluate("""() => game.messages.contents.filter(m => m.flags['the-smoke']?.check
        && m.flags['the-smoke'].gmRequest).map(m => m.flags['the-smoke'].check.tnSource)""")
    assert check_card == ["opposed", "opposed"]
    # Without an opponent, Leg It keeps its printed band (Medium: Danny's Moves d6 → 10).
    screen.get_by_label("Opponent for Leg It").select_option("")
    screen.get_by_role("checkbox", name='Danny "Tealeaf" Doyle').check()
    screen.get_by_role("button", name="Send Leg It").click()
    expect(player1_page.locator("#chat-log .smoke-gm-request").last.get_by_role("button", name="Roll Moves (TN 10)")).to_be_visible()
    assert last_request(gm_page)["opponent"] is None
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []


def test_an_opposed_request_is_the_gms_alone_and_its_tn_cannot_be_changed(
        gm_page: Page, player1_page: Page, player2_page: Page):
    """Player One asking for an opposed check (with an opponent of their choosing) is refused and nothing is rolled or
    stored; the GM is refused an opponent for Pick a Lock, and a character as their own opponent. On a real opposed
    request (TN 12), Danny's card rolled at a TN of 2 counts against 12: 4 + 3 + 3 = 10 is Bad Luck, not Legendary;
    writing the store or the request card is refused."""
    danny, jaz = two_players(gm_page, player1_page, player2_page)
    token = officer_on_scene(gm_page)
    refused = player1_page.evaluate("""async ([danny, token]) => {
        try { await game.system.api.requestGM("gm.request.send", {kind: "check", key: "scare-them-off",
          actorUuids: [`Actor.${danny}`], opponentUuid: token}); return null; } catch (e) { return e.message; } }""",
                                    [f"{danny}", token])
    assert refused == "Only a GM can do that."
    assert gm_page.evaluate("Object.keys(game.settings.get('the-smoke', 'gmRequests'))") == []
    assert gm_page.evaluate("""game.system.api.rules.opposedRequestTN({checkKey: "leg-it", stat: "grt",
        opponentTotal: 14}).tn""") == 14  # the rule, as the API exposes it
    send = """async data => { try { return await game.system.api.requestGM("gm.request.send", data); }
        catch (e) { return e.message; } }"""
    assert gm_page.evaluate(send, {"kind": "check", "key": "pick-a-lock", "actorUuids": [f"Actor.{danny}"],
                                   "opponentUuid": token}) == (
        "Pick a Lock is not rolled against an opponent's roll (only Leg It, Shove Past and Scare Them Off are).")
    assert gm_page.evaluate(send, {"kind": "check", "key": "shove-past", "actorUuids": [f"Actor.{danny}"],
                                   "opponentUuid": f"Actor.{danny}"}) == (
        'Danny "Tealeaf" Doyle cannot be their own opponent: choose someone else, or leave them out of the check.')
    assert gm_page.evaluate(send, {"kind": "check", "key": "shove-past", "actorUuids": [f"Actor.{danny}"],
                                   "opponentUuid": "Actor.nobody0000000"}) == "Actor.nobody0000000 is not a character or NPC with stats."
    gm_page.evaluate(SEED_DICE, [(4, 6), (5, 6)])
    sent = gm_page.evaluate(send, {"kind": "check", "key": "leg-it", "actorUuids": [f"Actor.{danny}"], "opponentUuid": token})
    assert sent["opponent"] == {"name": OFFICER, "stat": "mov", "total": 12}
    request = last_request(gm_page)
    roll_id = request["entries"][0]["options"][0]["rollId"]
    player1_page.wait_for_function("id => !!game.settings.get('the-smoke', 'gmRequests')[id]", arg=request["id"])
    player1_page.evaluate(SEED_DICE, [(4, 6), (3, 6)])
    result = player1_page.evaluate("""async ([danny, rollId]) => {
        const { rollCheck, defaultChoices } = await smokeModule("/systems/the-smoke/module/documents/core/check.mjs");
        const m = await rollCheck(game.actors.get(danny), "mov", {...defaultChoices(), tnSource: "fixed", tn: 2}, {flags: {rollId}});
        return game.system.api.requestGM("gm.request.claim", {rollId, messageId: m.id});
    }""", [danny, roll_id])
    assert [result["total"], result["tn"], result["outcome"], result["winner"]] == [10, 12, "badLuck", "opponent"]
    expect(gm_page.locator("#chat-log .smoke-gm-request").last).to_contain_text(
        'Metro Police Officer beats Danny "Tealeaf" Doyle (10 against Metro Police Officer\'s 12).')
    writes = player1_page.evaluate("""async ([id, messageId]) => {
        const out = [];
        const all = game.settings.get('the-smoke', 'gmRequests');
        all[id].opponent.total = 2;
        try { await game.settings.set('the-smoke', 'gmRequests', all); out.push("written"); } catch (e) { out.push("refused"); }
        try { await game.messages.get(messageId).update({content: "<p>TN 2</p>"}); out.push("written"); } catch (e) { out.push("refused"); }
        return out;
    }""", [request["id"], request["messageId"]])
    assert writes == ["refused", "refused"]
    assert last_request(gm_page)["opponent"]["total"] == 12
