"""A claim counts only a card made for the roll it names (documents/core/roll-cards.mjs): a player's older, luckier card of
the same actor and stat, re-flagged afterwards with a new request's roll id, is refused — for a GM Screen request
and for an issued roll outside a fight (roll-claims) — and the player's fresh card still counts."""

from __future__ import annotations

from helpers import SEED_DICE
from helpers.gm_screen import FORGED, claim, last_request, open_screen, roll_from_card, two_players
from playwright.sync_api import Page, expect

FREE_ROLL = """async actor => {
    const { rollCheck, defaultChoices } = await smokeModule("/systems/the-smoke/module/documents/core/check.mjs");
    const m = await rollCheck(game.actors.get(actor), "grf", {...defaultChoices(), tnSource: "fixed", tn: 2});
    return m.id;
}"""
REFLAG = """([id, rollId]) => game.messages.get(id).update({"flags.the-smoke.rollId": rollId})"""


def test_an_older_card_reflagged_for_a_gm_request_is_refused(gm_page: Page, player1_page: Page, player2_page: Page,
                                                            page_errors):
    danny, _ = two_players(gm_page, player1_page, player2_page)
    player1_page.evaluate(SEED_DICE, [(5, 6), (7, 8)])
    lucky = player1_page.evaluate(FREE_ROLL, danny)   # a big Graft roll made before any request
    screen = open_screen(gm_page)
    screen.get_by_role("button", name="Send Pick a Lock").click()
    expect(player1_page.locator("#chat-log .smoke-gm-request").last.get_by_role("button", name="Roll Graft (TN 12)")).to_be_visible()
    roll_id = last_request(gm_page)["entries"][0]["options"][0]["rollId"]
    player1_page.evaluate(REFLAG, [lucky, roll_id])
    gm_page.wait_for_function("([id, r]) => game.messages.get(id)?.flags?.['the-smoke']?.rollId === r", arg=[lucky, roll_id])
    assert claim(player1_page, roll_id, lucky) == FORGED
    assert last_request(gm_page)["entries"][0]["result"] is None
    roll_from_card(player1_page, "Roll Graft (TN 12)", [(4, 6), (5, 8)])   # the honest card: 4 + 5 + 4 = 13
    expect(screen.locator(".smoke-gm-results")).to_contain_text('Danny "Tealeaf" Doyle: 13 / TN 12: Sorted')
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_an_older_card_reflagged_for_an_issued_roll_is_refused(gm_page: Page, player1_page: Page, player2_page: Page):
    """roll-claims: the GM issues a Graft roll for Danny (as the theft, repair and gauge checks do); his older card,
    re-flagged with its id, is refused; a card made for it counts."""
    danny, _ = two_players(gm_page, player1_page, player2_page)
    player1_page.evaluate(SEED_DICE, [(5, 6), (7, 8)])
    lucky = player1_page.evaluate(FREE_ROLL, danny)
    gm_page.wait_for_function("id => !!game.messages.get(id)", arg=lucky)
    gm_page.evaluate(SEED_DICE, [(4, 6), (5, 8)])
    verdicts = gm_page.evaluate("""async ([actorId, lucky]) => {
        const claims = await smokeModule("/systems/the-smoke/module/documents/core/roll-claims.mjs");
        const { rollCheck, defaultChoices } = await smokeModule("/systems/the-smoke/module/documents/core/check.mjs");
        const actor = game.actors.get(actorId);
        const player = game.users.find(u => !u.isGM && actor.testUserPermission(u, "OWNER"));
        const { rollId } = claims.issueRoll(player, {purpose: "test.replay", actor, stat: "grf", tn: 12});
        const out = [];
        // The player's old card, re-flagged (written here as the GM, as the player could: the flag is theirs to write).
        await game.messages.get(lucky).update({"flags.the-smoke.rollId": rollId});
        try { await claims.claimRoll(player, {rollId, messageId: lucky, purpose: "test.replay"}); out.push("counted"); }
        catch (e) { out.push(e.message); }
        // A card made for the roll (here by the GM, who may roll for a player) counts: 4 + 5 + 4 = 13.
        const fresh = await rollCheck(actor, "grf", {...defaultChoices(), tnSource: "fixed", tn: 12}, {flags: {rollId}});
        try { out.push((await claims.claimRoll(player, {rollId, messageId: fresh.id, purpose: "test.replay"})).check.total); }
        catch (e) { out.push(e.message); }
        return {out, rollId};
    }""", [danny, lucky])
    assert verdicts["out"] == [FORGED, 13]
