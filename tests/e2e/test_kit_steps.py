"""Kit that steps a stat (issue 28 item 3; rulebook: Tools and gear › Fake ID, Police Scanner; Clobber and outfits ›
Hi-Vis & Hard Hat, Smart Suit): the roll dialog offers the kit the character carries, as it does perks, and the GM's
re-derivation of a counted roll (documents/core/verified-check.mjs) steps the stat only for kit the GM's record
(documents/core/kit-record.mjs) says the character carries, for that stat.

v13 facts these rest on, from sources we did not write: an owner may create and update their own ChatMessage, its
flags and rolls included (foundryvtt.com/api/v13 ChatMessage: `canUserModify` is the author's), and an owner may
create an embedded Item on their own Actor (foundryvtt.com/api/v13 Actor, `canUserModify` for embedded documents is
the parent's), which is why the GM's record of kit, not the item on the sheet, decides."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import SEED_DICE, add_from_pack, choose
from helpers.gm_screen import request_result, send_check, two_players
from helpers.rolls import ask, hand_made, not_this_check

DANNY = 'Danny "Tealeaf" Doyle'


def test_the_dialog_offers_the_fake_id_and_the_gm_counts_the_stepped_front(gm_page: Page, player1_page: Page,
                                                                            player2_page: Page, page_errors):
    """Danny (Effort d6, Front d6) is given a Fake ID by the GM and asked to Talk Your Way Out (Hard: TN 12 for d6/d6).
    The roll dialog lists the Fake ID with its situation; chosen, Front steps to d8 (+4): 1d6x>=6 + 1d8x>=8 + 4. He
    rolls 4 and 5: 13, Sorted, counted by the GM (without the kit it would be 12, Just About). The Police Scanner he
    also carries steps Savvy, so a Front check does not offer it."""
    danny, _ = two_players(gm_page, player1_page, player2_page)
    fake_id = add_from_pack(gm_page, danny, "gear", "Fake ID")
    scanner = add_from_pack(gm_page, danny, "gear", "Police Scanner")
    player1_page.wait_for_function("""([a, ids]) => ids.every(i => !!game.actors.get(a).items.get(i)
        && !!game.settings.get('the-smoke', 'kit')[`Actor.${a}`]?.[i])""", arg=[danny, [fake_id, scanner]])
    sent = send_check(gm_page, "talk-your-way-out", danny)
    player1_page.locator("#chat-log .smoke-gm-request").last.get_by_role("button", name="Roll Front (TN 12)").click()
    dialog = player1_page.locator(".application.roll-dialog")
    kit = dialog.get_by_label("Kit", exact=True)
    expect(kit.locator("option")).to_have_text(["No kit", "Fake ID (when the police ask who you are)"])
    choose(kit, "Fake ID")
    expect(dialog.locator("code")).to_have_text("1d6x>=6 + 1d8x>=8 + 4")
    expect(dialog.locator(".smoke-applied")).to_contain_text("Fake ID: Front d6 → d8")
    player1_page.evaluate(SEED_DICE, [(4, 6), (5, 8)])
    dialog.get_by_role("button", name="Roll", exact=True).click()
    gm_page.wait_for_function("r => !!game.settings.get('the-smoke', 'gmRequests')[r].entries[0].result", arg=sent["id"])
    result = request_result(gm_page, sent["id"])
    assert (result["total"], result["tn"], result["outcome"]) == (13, 12, "sorted")
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_kit_the_gms_record_does_not_say_they_carry_is_refused(gm_page: Page, player1_page: Page, player2_page: Page,
                                                               page_errors):
    """Danny carries a Police Scanner (Savvy) and no Fake ID. Three hand-made Front cards at d8 (1d6x>=6 + 1d8x>=8 + 4),
    for Talk Your Way Out, Blag Your Way In and Blend In, are refused, each naming the kit and the numbers: one naming a made-up item id, one naming the Police Scanner (it
    steps Savvy, not Front), and one naming a Fake ID his player wrote straight to the server past his client (the GM
    removes it: it is not on the GM's record). The result stays empty."""
    danny, _ = two_players(gm_page, player1_page, player2_page)
    scanner = add_from_pack(gm_page, danny, "gear", "Police Scanner")
    player1_page.wait_for_function("([a, i]) => !!game.settings.get('the-smoke', 'kit')[`Actor.${a}`]?.[i]",
                                   arg=[danny, scanner])
    forged = player1_page.evaluate("""async id => {
        const p = game.packs.get('the-smoke.gear');
        const entry = (await p.getIndex()).contents.find(e => e.name === 'Fake ID');
        const data = (await p.getDocument(entry._id)).toObject();
        data._id = foundry.utils.randomID(16);
        await game.harness.socket.request('modifyDocument', {documentName: 'Item', operation: 'create',
            parentUuid: `Actor.${id}`, data: [data], options: {keepId: true}});
        return data._id;
    }""", danny)
    words = not_this_check(f"it names kit {DANNY} does not carry that steps Front",
                           "the Front die is d8, this check's is d6", "the modifier is +4, this check's is +3")
    # One request each (a request sent again keeps its open roll, whose first card is the one that counts).
    for key, kit_id in (("talk-your-way-out", "noSuchKit0000001"), ("blag-your-way-in", scanner), ("blend-in", forged)):
        sent = send_check(gm_page, key, danny)
        card = hand_made(player1_page, danny, {"stat": "frt", "perkId": None, "kitId": kit_id, "hustle": 0},
                         "1d6x>=6 + 1d8x>=8 + 4", {"rollId": sent["rollId"]})
        assert ask(player1_page, "gm.request.claim", {"rollId": sent["rollId"], "messageId": card}) == {"refused": words}, kit_id
        assert request_result(gm_page, sent["id"]) is None
    gm_page.wait_for_function("([a, i]) => !game.actors.get(a).items.get(i)", arg=[danny, forged])
    for page in (gm_page, player1_page):
        assert page_errors[page] == []
