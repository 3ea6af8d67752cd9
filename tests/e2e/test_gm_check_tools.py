"""Tools for the GM's checks and the Silent motor's hearing check in the browser (issue 28; rulebook: GM checks ·
1–32 — Pick a Lock "Lock picks make it one band easier", Hotwire, Break Down a Door "A crowbar or axe makes it Easy";
Weapons › Item notes — the Claw Hammer "opens a cheap door (Graft, one band easier)", the Crowbar "Counts as a tool for
breaking in", the Fire Axe "Through a door in one swing"; Tools & gear › Lock Picks "one band easier, and silent",
Screwdriver Set "No easier, but you can try"; Vehicle abilities › Silent "Hearing its approach with Savvy is Hard").

The GM Screen eases each character's check by the best tool on the GM's record of their kit, and sends the hearing
check for a Silent motor through the same request machinery (each card re-derived and counted once).

v13 facts these rest on, from sources we did not write: an owner may create and update the embedded Items of their
own Actor and update the Actor itself (foundryvtt.com/api/v13 Actor: `canUserModify` of an embedded document is its
parent's), which is why the tools are read from the GM's record of the kit and a motor's abilities from the GM's
printed record (the catalogue entry of the key the GM recorded), not from the sheet; ``updateActor`` fires on every
client with the requesting user's id (https://foundryvtt.com/api/functions/hookEvents.updateDocument.html), which is
when the GM acts on a forged write in the tests, before it is put back."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import add_from_pack, import_actor, scene_with
from helpers.gm_screen import last_request, open_screen, roll_from_card, two_players
from helpers.record import armed, ask_when_forged, forge
from helpers.rolls import ask

DOOR = "Send Break Down a Door"


def band_tn(page: Page, effort: int, stat: int, band: str) -> int:
    return page.evaluate("""async ([e, s, b]) => (await smokeModule("/systems/the-smoke/module/rules/check.mjs")).bandTN(e, s, b)""",
                         [effort, stat, band])


def recorded(page: Page, actor: str, item: str) -> None:
    page.wait_for_function("([a, i]) => !!game.actors.get(a)?.items.get(i) && !!game.settings.get('the-smoke', 'kit')[`Actor.${a}`]?.[i]",
                           arg=[actor, item])


def options(request: dict, actor: str) -> dict:
    """stat → [TN, the tool's name or None] of one character's entry in a request."""
    entry = next(e for e in request["entries"] if e["actorUuid"] == f"Actor.{actor}")
    return {o["stat"]: [o["tn"], (o.get("tool") or {}).get("name")] for o in entry["options"]}


def test_the_crowbar_the_claw_hammer_on_a_cheap_door_and_silent_lock_picks_ease_the_gms_checks(
        gm_page: Page, player1_page: Page, player2_page: Page, page_errors):
    """Danny (Effort d6, Muscle d4, Graft d8) carries a Crowbar; Jaz (Effort d6, Muscle d4, Graft d6) a Claw Hammer and
    Lock Picks; the GM gave each. Break Down a Door (Medium): Danny's Muscle and Graft are Easy (the crowbar), Jaz's
    stay Medium until the GM ticks *a cheap door*: then her Graft alone is Easy (the hammer). Pick a Lock to Jaz: Easy
    with her lock picks, and the card says silent; she rolls 3 and 2 (+3): 8 against Easy's TN, counted by the GM.
    Hotwire to Danny with a Screwdriver Set: Medium, the card says no easier, but he can try."""
    danny, jaz = two_players(gm_page, player1_page, player2_page)
    crowbar = add_from_pack(gm_page, danny, "weapons", "Crowbar")
    hammer = add_from_pack(gm_page, jaz, "weapons", "Claw Hammer")
    picks = add_from_pack(gm_page, jaz, "gear", "Lock Picks")
    for actor, item in ((danny, crowbar), (jaz, hammer), (jaz, picks)):
        recorded(gm_page, actor, item)
    tn = {(who, stat, band): band_tn(gm_page, 6, die, band) for who, stat, die in
          (("danny", "mus", 4), ("danny", "grf", 8), ("jaz", "mus", 4), ("jaz", "grf", 6)) for band in ("easy", "medium")}
    screen = open_screen(gm_page)
    cheap = screen.locator("[data-check=break-down-a-door] .smoke-gm-situation")
    expect(cheap).to_have_text("A cheap door (a claw hammer opens it: Graft, one band easier) — Claw Hammer carried")

    screen.get_by_role("button", name=DOOR).click()
    gm_page.wait_for_function("() => Object.keys(game.settings.get('the-smoke', 'gmRequests')).length === 1")
    request = last_request(gm_page)
    assert options(request, danny) == {"mus": [tn["danny", "mus", "easy"], "Crowbar"], "grf": [tn["danny", "grf", "easy"], "Crowbar"]}
    assert options(request, jaz) == {"mus": [tn["jaz", "mus", "medium"], None], "grf": [tn["jaz", "grf", "medium"], None]}
    card = player1_page.locator("#chat-log .smoke-gm-request").last
    expect(card.locator(".smoke-gm-tool").first).to_have_text(
        "Crowbar: Muscle at Easy (1 easier, from the GM's record of their kit).")

    cheap.locator("input").check()
    screen.get_by_role("button", name=DOOR).click()
    gm_page.wait_for_function("() => Object.keys(game.settings.get('the-smoke', 'gmRequests')).length === 2")
    request = last_request(gm_page)
    assert request["situations"] == ["cheapDoor"]
    assert options(request, jaz) == {"mus": [tn["jaz", "mus", "medium"], None], "grf": [tn["jaz", "grf", "easy"], "Claw Hammer"]}
    # The card is found by what it says (the newest may not have arrived yet: `.last` would be the one before).
    card = player2_page.locator("#chat-log .smoke-gm-request").filter(has_text="A cheap door")
    expect(card.locator(".smoke-gm-tweaks")).to_contain_text("A cheap door (a claw hammer opens it: Graft, one band easier)")
    expect(card.locator(".smoke-gm-tool")).to_contain_text(["Claw Hammer: Graft at Easy (1 easier, from the GM's record of their kit)."])

    sent = ask(gm_page, "gm.request.send", {"kind": "check", "key": "pick-a-lock", "actorUuids": [f"Actor.{jaz}"]})
    assert sent["ok"]["entries"][0]["options"] == [{"stat": "grf", "tn": tn["jaz", "grf", "easy"]}]
    card = player2_page.locator("#chat-log .smoke-gm-request").filter(has_text="Lock Picks")
    expect(card.locator(".smoke-gm-tool")).to_have_text(
        "Lock Picks: Graft at Easy (1 easier, from the GM's record of their kit). Silent: nobody near hears it.")
    roll_from_card(player2_page, f"Roll Graft (TN {tn['jaz', 'grf', 'easy']})", [(3, 6), (2, 6)])
    gm_page.wait_for_function("() => Object.values(game.settings.get('the-smoke', 'gmRequests')).some(r => r.key === 'pick-a-lock' && r.entries[0].result)")
    result = next(r for r in gm_page.evaluate("() => Object.values(game.settings.get('the-smoke', 'gmRequests'))")
                  if r["key"] == "pick-a-lock")["entries"][0]["result"]
    assert (result["total"], result["tn"]) == (8, tn["jaz", "grf", "easy"])

    kit = add_from_pack(gm_page, danny, "gear", "Screwdriver Set")
    recorded(gm_page, danny, kit)
    sent = ask(gm_page, "gm.request.send", {"kind": "check", "key": "hotwire", "actorUuids": [f"Actor.{danny}"]})
    assert sent["ok"]["entries"][0]["options"] == [{"stat": "grf", "tn": tn["danny", "grf", "medium"]}]
    expect(player1_page.locator("#chat-log .smoke-gm-request").last.locator(".smoke-gm-tool")).to_have_text(
        "Screwdriver Set: Graft at Medium — no easier, but they can try.")
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []


def test_a_tool_the_player_wrote_or_made_themselves_eases_no_check(gm_page: Page, player1_page: Page, player2_page: Page):
    """Jaz's player rewrites her Claw Hammer to make any door Easy with any stat, and makes a Fire Axe on her, both
    straight to the server past their own client. Break Down a Door with no cheap door named: her Muscle and Graft are
    still Medium and the card names no tool; the GM puts the hammer back and removes the axe."""
    _, jaz = two_players(gm_page, player1_page, player2_page)
    hammer = add_from_pack(gm_page, jaz, "weapons", "Claw Hammer")
    recorded(player2_page, jaz, hammer)
    forge(player2_page, "Item", [{"_id": hammer, "system.checkTool": {"check": "break-down-a-door", "stats": [], "bands": None,
                                                                         "band": "easy", "when": None}}], parent=f"Actor.{jaz}")
    player2_page.evaluate("""async id => {
        const p = game.packs.get('the-smoke.weapons');
        const entry = (await p.getIndex()).contents.find(e => e.name === 'Fire Axe');
        const data = (await p.getDocument(entry._id)).toObject();
        await game.harness.socket.request('modifyDocument', {documentName: 'Item', operation: 'create',
            parentUuid: `Actor.${id}`, data: [data], options: {}});
    }""", jaz)
    sent = ask(gm_page, "gm.request.send", {"kind": "check", "key": "break-down-a-door", "actorUuids": [f"Actor.{jaz}"]})
    medium = [band_tn(gm_page, 6, 4, "medium"), band_tn(gm_page, 6, 6, "medium")]
    assert [o["tn"] for o in sent["ok"]["entries"][0]["options"]] == medium
    assert options(last_request(gm_page), jaz) == {"mus": [medium[0], None], "grf": [medium[1], None]}
    expect(player2_page.locator("#chat-log .smoke-gm-request").last.locator(".smoke-gm-tool")).to_have_count(0)
    gm_page.wait_for_function("([a, i]) => game.actors.get(a).items.get(i).system.checkTool.when === 'cheapDoor'", arg=[jaz, hammer])
    gm_page.wait_for_function("id => !game.actors.get(id).items.getName('Fire Axe')", arg=jaz)


def test_hearing_a_silent_motor_is_savvy_hard_by_the_catalogue_not_the_sheet(
        gm_page: Page, player1_page: Page, player2_page: Page, page_errors):
    """A Zap E-Scooter (Silent) and a Vexa Hatch on the scene; Player Two owns the scooter, Player One the hatch. The GM
    Screen offers the scooter for *Hear a Silent motor coming* and sends it to both: Savvy, Hard — TN 12 for Effort d6,
    Savvy d6. Jaz rolls 5 and 5 (+3): 13, she hears it coming; Danny 2 and 2 (+3): 7, he does not. The attacks: Player
    Two strikes Silent off the scooter's abilities and Player One writes it onto the hatch (their own motors) — on the
    sheet, stripped with a notice; straight to the server, with the GM sending the check the moment the forged write
    arrives: the scooter is still Hard to hear (the abilities of the GM's printed record, the catalogue entry's), the
    hatch's approach is heard without a roll, and the GM puts both sheets back."""
    danny, jaz = two_players(gm_page, player1_page, player2_page)
    p1, p2 = player1_page.evaluate("game.user.id"), player2_page.evaluate("game.user.id")
    scooter = import_actor(gm_page, "vehicles", "Zap E-Scooter", {"ownership": {"default": 2, p2: 3}})
    hatch = import_actor(gm_page, "vehicles", "Vexa Hatch", {"ownership": {"default": 2, p1: 3}})
    tokens = scene_with(gm_page, [(scooter, 2, 2), (hatch, 5, 2), (danny, 8, 8), (jaz, 9, 8)])
    hard = band_tn(gm_page, 6, 6, "hard")
    assert hard == 12
    screen = open_screen(gm_page)
    hearing = screen.locator(".smoke-gm-hearing")
    expect(hearing.get_by_label("Motor").locator("option")).to_have_text(["Zap E-Scooter"])
    hearing.get_by_role("button", name="Send the hearing check for Zap E-Scooter").click()
    gm_page.wait_for_function("() => Object.values(game.settings.get('the-smoke', 'gmRequests')).some(r => r.kind === 'hearing')")
    request = last_request(gm_page)
    assert (request["kind"], request["name"], request["hearing"]["band"]) == ("hearing", "Hear Zap E-Scooter coming", "hard")
    assert options(request, jaz) == {"sav": [hard, None]} and options(request, danny) == {"sav": [hard, None]}
    card = player2_page.locator("#chat-log .smoke-gm-request").last
    expect(card.locator("header")).to_have_text("Hear Zap E-Scooter coming — Hard")
    expect(card.locator(".smoke-gm-stakes")).to_have_text("Silent: Hearing its approach with Savvy is Hard.")
    roll_from_card(player2_page, f"Roll Savvy (TN {hard})", [(5, 6), (5, 6)])
    roll_from_card(player1_page, f"Roll Savvy (TN {hard})", [(2, 6), (2, 6)])
    card = gm_page.locator("#chat-log .smoke-gm-request").last
    expect(card.locator(".smoke-gm-heard")).to_have_text(["Danny \"Tealeaf\" Doyle does not hear Zap E-Scooter coming.",
                                                           "Jaz Kaur hears Zap E-Scooter coming."])

    # The attacks: the owners rewrite their own motors' abilities.
    player2_page.evaluate("id => game.actors.get(id).update({'system.abilities': ['nimble', 'foldable', 'exposed']})", scooter)
    expect(player2_page.locator("#notifications")).to_contain_text("A motor's printed record")
    assert "silent" in player2_page.evaluate("id => game.actors.get(id).system.abilities", scooter)
    scene = gm_page.evaluate("canvas.scene.id")
    ask_when_forged(gm_page, scooter, "gm.request.send", {"kind": "hearing", "key": f"Scene.{scene}.Token.{tokens[scooter]}",
                                                          "actorUuids": [f"Actor.{jaz}"]})
    forge(player2_page, "Actor", [{"_id": scooter, "system": {"abilities": ["nimble", "foldable", "exposed"]}}])
    assert armed(gm_page)["ok"]["entries"][0]["options"] == [{"stat": "sav", "tn": hard}]
    ask_when_forged(gm_page, hatch, "gm.request.send", {"kind": "hearing", "key": f"Scene.{scene}.Token.{tokens[hatch]}",
                                                        "actorUuids": [f"Actor.{jaz}"]})
    forge(player1_page, "Actor", [{"_id": hatch, "system": {"abilities": ["silent"]}}])
    assert armed(gm_page) == {"refused": "Vexa Hatch is not Silent: its approach is heard without a roll."}
    gm_page.wait_for_function("""([s, h]) => game.actors.get(s).system.abilities.includes('silent')
        && !game.actors.get(h).system.abilities.length""", arg=[scooter, hatch])
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []
