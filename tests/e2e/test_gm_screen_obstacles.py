"""Known obstacles on the GM Screen (issue 28; rulebook: Choosing difficulty › Keep a known obstacle known — "Once you
have established a specific lock or task and its TN, keep the same target for that attempt and circumstances.
Another character can try a different approach, but changing who rolls does not rewrite what the crew already
learned about the obstacle"; Set it before the boost — "Use the character's unboosted stat and Effort dice to set a
band-derived TN … A printed fixed TN stays fixed").

The GM names the obstacle a check is tried against; the band (each roller's TN from it for their own dice) or the
TN fixed for everyone is remembered in the GM store `knownObstacles`, offered again when that check is sent against
that obstacle, kept for whoever rolls, and changed only when the GM says the circumstances changed.

v13 facts these rest on, from sources we did not write: a world setting is written only by a user with the
SETTINGS_MODIFY permission, which players lack (foundryvtt.com/api/v13 ClientSettings#set; `Setting` documents'
`canUserModify` is a GM's), so a player's write of the store is refused by the server; an HTML `<details>` element's
`toggle` event does not bubble (developer.mozilla.org HTMLDetailsElement toggle event), which is why the screen catches
it on the way down."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import SEED_DICE, add_from_pack, notification
from helpers.gm_screen import last_request, name_of, open_screen, roll_from_card, two_players
from helpers.rolls import ask

DOOR = "The Crown's back door"


def known(page: Page) -> dict:
    """The GM store `knownObstacles` as this page reads it."""
    return page.evaluate("() => game.settings.get('the-smoke', 'knownObstacles')")


def card(page: Page):
    return page.locator("#chat-log .smoke-gm-request").last


def test_a_known_lock_keeps_its_target_for_the_next_roller_until_the_circumstances_change(
        gm_page: Page, player1_page: Page, player2_page: Page, page_errors):
    """Pick a Lock against the Crown's back door, which the GM calls Hard, to Danny (Effort d6, Graft d8): TN 14; he
    rolls 2 and 3 (+4): 9. The screen closed and opened again, the GM names the door in other letters and is offered
    Hard; Jaz (Graft d6) gets Hard's TN for her dice, 12 — the door did not get easier because she rolls. Another band
    without new circumstances is refused, naming the known one; with them, Medium (10 for her) is known from then on.
    A TN fixed for the lock-up's shutter is everyone's, whatever their dice or the Crowbar Danny carries."""
    danny, jaz = two_players(gm_page, player1_page, player2_page)
    screen = open_screen(gm_page)
    screen.get_by_role("checkbox", name=name_of(gm_page, danny)).check()
    row = screen.locator("[data-check=pick-a-lock]")
    row.locator("details.smoke-gm-obstacle > summary").click()
    row.get_by_label("Obstacle for Pick a Lock").fill(DOOR)
    row.get_by_label("Obstacle for Pick a Lock").press("Tab")
    expect(row.locator("details.smoke-gm-obstacle > summary")).to_have_text(f"Against {DOOR}")
    row.get_by_label("Band for Pick a Lock").select_option("hard")
    screen.get_by_role("button", name="Send Pick a Lock").click()
    expect(card(player1_page).locator("header")).to_have_text("Pick a Lock — Hard")
    expect(card(player1_page).locator(".smoke-gm-obstacle")).to_have_text(
        f"Against {DOOR}: Hard, set now — kept for whoever tries it next.")
    roll_from_card(player1_page, "Roll Graft (TN 14)", [(2, 6), (3, 8)])
    expect(screen.locator(".smoke-gm-results")).to_contain_text('Danny "Tealeaf" Doyle: 9 / TN 14')
    assert known(gm_page) == {"pick-a-lock:the-crown-s-back-door": {
        "check": "pick-a-lock", "name": DOOR, "band": "hard", "tn": None, "at": known(gm_page)["pick-a-lock:the-crown-s-back-door"]["at"],
        "requestId": last_request(gm_page)["id"]}}

    # Jaz tries the same door: the screen offers what is known, whatever letters the GM types it in.
    screen.locator(".window-header [data-action='close']").click()
    expect(screen).to_have_count(0)
    screen = open_screen(gm_page)
    screen.get_by_role("checkbox", name=name_of(gm_page, jaz)).check()
    row = screen.locator("[data-check=pick-a-lock]")
    row.locator("details.smoke-gm-obstacle > summary").click()
    expect(row.locator(f"datalist option[value=\"{DOOR}\"]")).to_have_count(1)
    row.get_by_label("Obstacle for Pick a Lock").fill("the crown's  BACK door")
    row.get_by_label("Obstacle for Pick a Lock").press("Tab")
    expect(row.locator(".smoke-gm-known")).to_have_text("Known: Hard, kept for whoever rolls.")
    expect(row.get_by_label("Band for Pick a Lock")).to_have_value("hard")
    screen.get_by_role("button", name="Send Pick a Lock").click()
    expect(card(player2_page).locator(".smoke-gm-obstacle")).to_have_text(
        f"Against {DOOR}: Hard, known from an earlier attempt — the same target, whoever rolls.")
    roll_from_card(player2_page, "Roll Graft (TN 12)", [(1, 6), (2, 6)])
    expect(screen.locator(".smoke-gm-results")).to_contain_text("Jaz Kaur: 6 / TN 12")

    # Another band for the known door, without saying why: refused, nothing sent.
    sent = len(gm_page.evaluate("Object.keys(game.settings.get('the-smoke', 'gmRequests'))"))
    row.get_by_label("Band for Pick a Lock").select_option("medium")
    screen.get_by_role("button", name="Send Pick a Lock").click()
    notification(gm_page, f"{DOOR} is known for Pick a Lock: Hard. It stays that for whoever rolls; tick New circumstances "
                          "to set another target.")
    assert len(gm_page.evaluate("Object.keys(game.settings.get('the-smoke', 'gmRequests'))")) == sent
    # The alarm is off now: new circumstances, Medium — 10 for Jaz's dice — and known so from here on.
    row.get_by_label("New circumstances for Pick a Lock").check()
    screen.get_by_role("button", name="Send Pick a Lock").click()
    expect(card(player2_page).locator(".smoke-gm-obstacle")).to_have_text(
        f"Against {DOOR}: new circumstances — Medium (was Hard).")
    expect(card(player2_page).get_by_role("button", name="Roll Graft (TN 10)")).to_be_visible()
    assert known(gm_page)["pick-a-lock:the-crown-s-back-door"]["band"] == "medium"
    expect(row.get_by_label("New circumstances for Pick a Lock")).not_to_be_checked()

    # A TN fixed for an obstacle is everyone's: 13 for Danny's Muscle d4 and Graft d8, crowbar or not, and Jaz's.
    crowbar = add_from_pack(gm_page, danny, "weapons", "Crowbar")
    gm_page.wait_for_function("([a, i]) => !!game.settings.get('the-smoke', 'kit')[`Actor.${a}`]?.[i]", arg=[danny, crowbar])
    both = [f"Actor.{danny}", f"Actor.{jaz}"]
    shutter = {"kind": "check", "key": "break-down-a-door", "actorUuids": both, "obstacle": "The lock-up's shutter", "tn": 13}
    done = ask(gm_page, "gm.request.send", shutter)["ok"]
    assert [[o["tn"] for o in e["options"]] for e in done["entries"]] == [[13, 13], [13, 13]]
    assert done["obstacle"] == {"name": "The lock-up's shutter", "status": "set", "band": "medium", "tn": 13}
    assert all(o["tool"] is None for e in last_request(gm_page)["entries"] for o in e["options"])
    expect(card(player1_page).locator("header")).to_have_text("Break Down a Door — TN 13 (fixed)")
    again = ask(gm_page, "gm.request.send", {**shutter, "tn": None, "actorUuids": [f"Actor.{jaz}"]})["ok"]
    assert again["obstacle"]["status"] == "kept" and again["entries"][0]["options"] == [{"stat": "mus", "tn": 13}, {"stat": "grf", "tn": 13}]
    assert ask(gm_page, "gm.request.send", {**shutter, "tweaks": ["crowbar"]}) == {
        "refused": "A fixed TN for Break Down a Door is not changed by tweaks: untick them, or set a band instead."}
    assert ask(gm_page, "gm.request.send", {"kind": "hazard", "key": "fall-from-scaffolding", "actorUuids": both, "band": "easy"}) == {
        "refused": "Fall from Scaffolding takes no obstacle, band or TN of yours: a hazard and a hearing check keep their band, "
                   "and an opposed check's TN is the opponent's roll."}
    assert ask(gm_page, "gm.request.send", {**shutter, "obstacle": "!!", "tn": None}) == {
        "refused": "An obstacle needs a name with a letter or digit (got “!!”)."}
    assert ask(gm_page, "gm.request.send", {**shutter, "obstacle": "", "tn": 0}) == {
        "refused": "Break Down a Door: a TN is a whole number from 1, and a band is Easy, Medium, Hard or Long Shot (got band “”, TN “0”)."}
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []


def test_a_player_cannot_set_or_rewrite_a_known_obstacle_and_the_kept_tn_is_what_counts(
        gm_page: Page, player1_page: Page, player2_page: Page):
    """Player Two asks the GM to send Pick a Lock against the Crown's back door at Easy with new circumstances: refused,
    nothing known or sent. The GM sets the door Hard for Danny; Player Two writes the store down to Easy and the request's
    TN to 5 straight to the server: both refused. Jaz's card for the kept door rolled at a TN of 5 (4 + 3 + 3 = 10) is
    counted against Hard's 12 for her dice: Bad Luck."""
    danny, jaz = two_players(gm_page, player1_page, player2_page)
    asked = ask(player2_page, "gm.request.send", {"kind": "check", "key": "pick-a-lock", "actorUuids": [f"Actor.{jaz}"],
                                                  "obstacle": DOOR, "band": "easy", "newCircumstances": True})
    assert asked == {"refused": "Only a GM can do that."}
    assert known(gm_page) == {} and gm_page.evaluate("Object.keys(game.settings.get('the-smoke', 'gmRequests'))") == []

    door = {"kind": "check", "key": "pick-a-lock", "obstacle": DOOR, "band": "hard"}
    ask(gm_page, "gm.request.send", {**door, "actorUuids": [f"Actor.{danny}"]})
    player2_page.wait_for_function("() => Object.keys(game.settings.get('the-smoke', 'knownObstacles')).length === 1")
    writes = player2_page.evaluate("""async () => {
        const out = [];
        const all = game.settings.get('the-smoke', 'knownObstacles');
        for (const o of Object.values(all)) o.band = "easy";
        try { await game.settings.set('the-smoke', 'knownObstacles', all); out.push("written"); } catch (e) { out.push("refused"); }
        const reqs = game.settings.get('the-smoke', 'gmRequests');
        for (const r of Object.values(reqs)) r.entries[0].options[0].tn = 5;
        try { await game.settings.set('the-smoke', 'gmRequests', reqs); out.push("written"); } catch (e) { out.push("refused"); }
        return out;
    }""")
    assert writes == ["refused", "refused"]
    assert known(gm_page)["pick-a-lock:the-crown-s-back-door"]["band"] == "hard"

    sent = ask(gm_page, "gm.request.send", {**door, "band": None, "actorUuids": [f"Actor.{jaz}"]})["ok"]
    assert sent["obstacle"]["status"] == "kept" and sent["entries"][0]["options"] == [{"stat": "grf", "tn": 12}]
    request = last_request(gm_page)
    roll_id = request["entries"][0]["options"][0]["rollId"]
    player2_page.wait_for_function("id => !!game.settings.get('the-smoke', 'gmRequests')[id]", arg=request["id"])
    player2_page.evaluate(SEED_DICE, [(4, 6), (3, 6)])
    result = player2_page.evaluate("""async ([jaz, rollId]) => {
        const { rollCheck, defaultChoices } = await smokeModule("/systems/the-smoke/module/documents/core/check.mjs");
        const m = await rollCheck(game.actors.get(jaz), "grf", {...defaultChoices(), tnSource: "fixed", tn: 5}, {flags: {rollId}});
        return game.system.api.requestGM("gm.request.claim", {rollId, messageId: m.id});
    }""", [jaz, roll_id])
    assert [result["total"], result["tn"], result["outcome"]] == [10, 12, "badLuck"]
