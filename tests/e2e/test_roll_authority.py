"""A counted roll is re-derived, not trusted; one live roll per purpose (issue 24, parts 1–2; rulebook: The roll;
Before you throw the dice; Hustle, perks and your luck; Choosing difficulty). Each attack is played as a hostile
player in their own browser context, next to the honest path: a +60 situational on an attack, on the theft of the GM's
car, on a GM Screen check, on a police stop (on foot and Street Control's) and on a taxi tip; a forged die size; a
forged explosion; a perk the character lacks or of another stat; Hustle not paid, or paid once and named twice; an
issued roll rolled twice, or asked for twice and rolled twice. Each refusal says which part differs, with the numbers.

v13 facts these rest on, from sources we did not write: an owner may create and update their own ChatMessage, its
flags and rolls included (foundryvtt.com/api/v13 ChatMessage: `canUserModify` is the author's; dnd5e's chat cards
re-read their rolls for the same reason), and a v13 Roll serialises its Die terms with `faces`, `modifiers` ("x>=n")
and `results` (foundryvtt.com/api/v13 classes/foundry.dice.terms.Die; fvtt-types `Die.Data`), which the GM reads."""

from __future__ import annotations

import re

from helpers import P1, SEED_DICE, add_from_pack, choose, combatant_id, console, make_actor, make_fight, weapon
from helpers import heat as H
from helpers.gm_screen import two_players
from helpers.motors import VEHICLES_MODULE, import_actor, observer
from helpers.rolls import NOT_FIRST, ask, hand_made, not_this_check, roll, seen_by
from helpers.shifts import ROOK, callout, gm_do, job_of, on_shift, seed, stored_job
from helpers.street import danny_on_scene
from playwright.sync_api import Page, expect

DANNY = 'Danny "Tealeaf" Doyle'


def test_plus_sixty_on_an_attack_is_refused_and_an_aimed_honest_attack_counts(gm_page: Page, player1_page: Page,
                                                                             page_errors):
    """Sal (Muscle d8 +4, a Cricket Bat, Impact 3) against the Mook (Guard 10, armour 1, 8 Health); Moves d10, so three
    speed dice: 6, 5, 4. On the 6 the player declares an attack and rolls it with +60 situational (1 + 1 + 64 = 66): the
    GM's rebuild has no situational (an Engaged bat has no attack modifier), so it is refused with both numbers and the
    attack is void. On the 5 Sal Aims; on the 4 the honest attack opens the roll dialog with the GM's modifier shown and
    not editable, Effort stepped to d8 by the Aim the GM recorded: 4 + 5 + 4 = 13, margin 3, 3 + 3 − 1 = 5 damage."""
    bat = weapon(gm_page, "Cricket Bat")
    sal = make_actor(gm_page, "Sal", owner=P1, system={"stats": {"mus": {"die": 8}, "mov": {"die": 10}}}, items=[bat])
    mook = make_actor(gm_page, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}, "guard": {"value": 10},
                                                            "armourReduction": 1, "health": {"value": 8, "max": 8}})
    combat = make_fight(gm_page, [sal, mook])
    gm_page.evaluate(SEED_DICE, [(2, 6)])
    player1_page.evaluate(SEED_DICE, [(6, 6), (5, 6), (4, 6)])
    console(player1_page).get_by_role("button", name="Roll 3 speed dice").click()
    console(gm_page).get_by_role("button", name="Reveal speed dice").click()
    expect(console(player1_page).locator(".smoke-act h3")).to_have_text("Sal acts on a 6")
    sal_c, mook_c = combatant_id(gm_page, sal), combatant_id(gm_page, mook)
    bat_id = player1_page.evaluate("id => game.actors.get(id).items.find(i => i.name === 'Cricket Bat').id", sal)

    declared = ask(player1_page, "attack.declare", {"combatId": combat, "attackerId": sal_c, "targetId": mook_c,
                                                    "weaponId": bat_id, "band": "engaged"})["ok"]
    assert (declared["tn"], declared["attackMod"]) == (10, 0)
    player1_page.evaluate(SEED_DICE, [(1, 6), (1, 8)])
    card = roll(player1_page, sal, "mus", {"tnSource": "guard", "tn": 10, "situational": 60},
                {"attack": {"combatId": combat, "recordId": declared["id"], "attackerId": sal_c, "targetId": mook_c}})
    refusal = not_this_check("the modifier is +64, this check's is +4")
    assert ask(player1_page, "record.bind", {"combatId": combat, "recordId": declared["id"], "messageId": card}) == \
        {"refused": refusal}
    seen_by(gm_page, card)
    assert ask(gm_page, "attack.resolve", {"messageId": card, "choice": "take"}) == {"refused": refusal}
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", mook) == 8

    assert "refused" not in ask(player1_page, "combat.spend", {"combatId": combat, "combatantId": sal_c, "action": "aim"})
    app = console(player1_page)
    expect(app.locator(".smoke-act h3")).to_have_text("Sal acts on a 4")
    choose(app.get_by_label("Weapon"), "Cricket Bat")
    choose(app.get_by_label("Target"), "Mook")
    if app.get_by_label("Range band").count():
        app.get_by_label("Range band").select_option("engaged")
    app.get_by_role("button", name="Attack", exact=True).click()
    dialog = player1_page.locator(".application.roll-dialog")
    expect(dialog.locator("input[name=situational]")).to_have_attribute("readonly", "")
    expect(dialog.locator("input[name=situational]")).to_have_value("0")
    expect(dialog).to_contain_text("The GM counts this roll: its situational modifier is the GM's")
    expect(dialog.locator("code")).to_have_text("1d8x>=8 + 1d8x>=8 + 4")
    # typed in anyway (the field is read-only; a script can still change it): the dialog keeps the GM's
    dialog.locator("input[name=situational]").evaluate(
        "el => { el.value = '60'; el.dispatchEvent(new Event('change', {bubbles: true})); }")
    player1_page.evaluate(SEED_DICE, [(4, 8), (5, 8)])
    dialog.get_by_role("button", name="Roll", exact=True).click()
    gm_page.wait_for_function("() => game.messages.contents.filter(m => m.flags['the-smoke']?.attack).length === 2")
    honest = gm_page.evaluate("() => game.messages.contents.filter(m => m.flags['the-smoke']?.attack).at(-1).id")
    assert ask(gm_page, "attack.resolve", {"messageId": honest, "choice": "take"}) == {"ok": {"dodged": False, "damage": 5}}
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", mook) == 3
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_the_gms_car_is_not_stolen_with_plus_sixty_and_an_issued_roll_counts_its_first_card(gm_page: Page,
                                                                                          player1_page: Page):
    """The GM's Range Ruler (a Hard car lock, no tool: TN 14 for Danny's d6 + d8). Danny's card with +60 (1 + 1 + 64) is
    refused — the modifier is +64, this check's is +4 — and the car stays the GM's. Asking again returns the same roll,
    whose first card stays the one that counts: the honest roll after it is refused. The GM's Vexa Hatch (Easy, TN 9):
    asked for twice (one roll id), rolled twice — 1 + 2 + 4 = 7, then 5 + 7 + 4 = 16 —, the better card is refused and
    the first counts: the lock holds."""
    p1 = player1_page.evaluate("game.user.id")
    car = import_actor(gm_page, "vehicles", "Range Ruler SUV", observer())
    hatch = import_actor(gm_page, "vehicles", "Vexa Hatch", observer())
    danny = import_actor(gm_page, "pregens", DANNY, {"ownership": {p1: 3}})
    player1_page.wait_for_function("ids => ids.every(id => !!game.actors.get(id))", arg=[car, hatch, danny])
    ask_theft = {"vehicleUuid": f"Actor.{car}", "thiefUuid": f"Actor.{danny}", "toolId": ""}
    issued = ask(player1_page, "vehicle.theft.issue", ask_theft)["ok"]
    assert (issued["tn"], issued["band"], issued["situational"]) == (14, "hard", 0)
    player1_page.evaluate(SEED_DICE, [(1, 6), (1, 8)])
    card = roll(player1_page, danny, "grf", {"tnSource": "band", "band": "hard", "situational": 60},
                {"rollId": issued["rollId"], "theft": {"vehicleUuid": f"Actor.{car}"}})
    assert ask(player1_page, "vehicle.theft.claim", {"rollId": issued["rollId"], "messageId": card}) == \
        {"refused": not_this_check("the modifier is +64, this check's is +4")}
    assert ask(player1_page, "vehicle.theft.issue", ask_theft)["ok"]["rollId"] == issued["rollId"]
    player1_page.evaluate(SEED_DICE, [(5, 6), (7, 8)])
    honest = player1_page.evaluate("""async ([car, danny, mod]) => {
        const { rollTheft } = await smokeModule(mod);
        try { await rollTheft(game.actors.get(car), game.actors.get(danny), {toolId: "", skipDialog: true}); return null; }
        catch (e) { return e.message; } }""", [car, danny, VEHICLES_MODULE])
    assert honest == NOT_FIRST
    assert gm_page.evaluate("([c, u]) => game.actors.get(c).ownership[u] ?? null", [car, p1]) is None

    ask_hatch = {"vehicleUuid": f"Actor.{hatch}", "thiefUuid": f"Actor.{danny}", "toolId": ""}
    first = ask(player1_page, "vehicle.theft.issue", ask_hatch)["ok"]
    assert ask(player1_page, "vehicle.theft.issue", ask_hatch)["ok"]["rollId"] == first["rollId"]  # no second live roll
    flags = {"rollId": first["rollId"], "theft": {"vehicleUuid": f"Actor.{hatch}"}}
    player1_page.evaluate(SEED_DICE, [(1, 6), (2, 8), (5, 6), (7, 8)])
    bad = roll(player1_page, danny, "grf", {"tnSource": "band", "band": "easy"}, flags)
    good = roll(player1_page, danny, "grf", {"tnSource": "band", "band": "easy"}, flags)
    assert ask(player1_page, "vehicle.theft.claim", {"rollId": first["rollId"], "messageId": good}) == {"refused": NOT_FIRST}
    counted = ask(player1_page, "vehicle.theft.claim", {"rollId": first["rollId"], "messageId": bad})["ok"]
    assert (counted["total"], counted["result"]["opens"]) == (7, False)
    assert gm_page.evaluate("([c, u]) => game.actors.get(c).ownership[u] ?? null", [hatch, p1]) is None


def _request(gm: Page, key: str, actors: list[str]) -> dict:
    """The GM sends a check request; returns {actor id: the first option's roll id} and the request id."""
    return gm.evaluate("""async ([key, actors]) => {
        const r = await game.system.api.requestGM("gm.request.send",
            {kind: "check", key, actorUuids: actors.map(a => `Actor.${a}`)});
        const req = game.settings.get('the-smoke', 'gmRequests')[r.id];
        return {id: r.id, rolls: Object.fromEntries(req.entries.map(e => [e.actorUuid.slice(6), e.options[0].rollId]))};
    }""", [key, actors])


def _result(gm: Page, request_id: str, actor_id: str):
    return gm.evaluate("""([r, a]) => game.settings.get('the-smoke', 'gmRequests')[r]?.entries
        .find(e => e.actorUuid === `Actor.${a}`)?.result ?? null""",
                       [request_id, actor_id])


def test_a_gm_screen_check_refuses_plus_sixty_a_forged_die_and_a_second_card_and_sending_again_keeps_the_roll(
        gm_page: Page, player1_page: Page, player2_page: Page, page_errors):
    """Pick a Lock to Danny (Graft d8: TN 12) and Jaz (Graft d6: TN 10). Danny's card with +60 is refused (the modifier
    is +64, this check's is +4), and so is the honest card he rolls from the request's button after it: the first card
    counts. Jaz's hand-made card rolls a d12 for Effort: refused (the Effort die is d12, this check's is d6). The GM sends
    Pick a Lock to Jaz again: the same roll id moves to the new request (no second roll to choose from), and her first
    card still counts."""
    danny, jaz = two_players(gm_page, player1_page, player2_page)
    sent = _request(gm_page, "pick-a-lock", [danny, jaz])
    player1_page.evaluate(SEED_DICE, [(1, 6), (1, 8)])
    card = roll(player1_page, danny, "grf", {"tnSource": "fixed", "tn": 12, "situational": 60},
                {"rollId": sent["rolls"][danny], "gmRequest": {"id": sent["id"]}})
    assert ask(player1_page, "gm.request.claim", {"rollId": sent["rolls"][danny], "messageId": card}) == \
        {"refused": not_this_check("the modifier is +64, this check's is +4")}
    player1_page.locator("#chat-log .smoke-gm-request").last.get_by_role("button", name="Roll Graft (TN 12)").click()
    dialog = player1_page.locator(".application.roll-dialog")
    expect(dialog.locator("input[name=situational]")).to_have_attribute("readonly", "")
    player1_page.evaluate(SEED_DICE, [(6, 6), (5, 6), (7, 8)])
    dialog.get_by_role("button", name="Roll", exact=True).click()
    expect(player1_page.locator("#chat-log .smoke-refused").last).to_contain_text(NOT_FIRST)
    assert _result(gm_page, sent["id"], danny) is None

    forged = hand_made(player2_page, jaz, {"stat": "grf", "perkId": None, "hustle": 0}, "1d12x>=12 + 1d6x>=6 + 3",
                       {"rollId": sent["rolls"][jaz]})
    assert ask(player2_page, "gm.request.claim", {"rollId": sent["rolls"][jaz], "messageId": forged}) == \
        {"refused": not_this_check("the Effort die is d12, this check's is d6")}
    again = _request(gm_page, "pick-a-lock", [jaz])
    assert again["rolls"][jaz] == sent["rolls"][jaz]
    assert gm_page.evaluate("id => game.settings.get('the-smoke', 'gmRequests')[id].entries.length", sent["id"]) == 1
    player2_page.evaluate(SEED_DICE, [(5, 6), (6, 6), (1, 6)])
    honest = roll(player2_page, jaz, "grf", {"tnSource": "fixed", "tn": 10}, {"rollId": again["rolls"][jaz]})
    assert ask(player2_page, "gm.request.claim", {"rollId": again["rolls"][jaz], "messageId": honest}) == {"refused": NOT_FIRST}
    assert _result(gm_page, again["id"], jaz) is None
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []


def test_perks_hustle_and_explosions_are_the_gms_record_and_an_honest_boosted_roll_counts(
        gm_page: Page, player1_page: Page, player2_page: Page, page_errors):
    """Danny (Effort d6, Graft d8, the Bike Thief perk for Graft; 3 Hustle) is asked for five Graft checks at Medium (TN
    12). Hand-made cards: Hard as Nails (a Grit perk he has) stepping Graft to d10; a perk he does not have; 1 Hustle
    never paid, stepping Effort to d8; On a Roll's explosions (x>=5, x>=7) with no Hustle — each refused, naming the
    part. The honest roll, from the request's button through the dialog, with Bike Thief (d10, +5), 1 Hustle (the GM
    takes it: 3 → 2) and Burning (−1): 1d8 + 1d10 + 4, 3 + 6 + 4 = 13, Sorted. That paid spend named on another card is
    refused (so its d8 is not this check's either); his own write of Hustle 3 is stripped on his client, and a forged
    one is put back by the GM."""
    danny, _ = two_players(gm_page, player1_page, player2_page)
    grit_perk = add_from_pack(gm_page, danny, "perks", "Hard as Nails")
    perk_words = f"it names a perk {DANNY} does not have for Graft"
    cases = [
        ("pick-a-lock", {"perkId": grit_perk}, "1d6x>=6 + 1d10x>=10 + 5",
         [perk_words, "the Graft die is d10, this check's is d8", "the modifier is +5, this check's is +4"]),
        ("hotwire", {"perkId": "noSuchPerk000001"}, "1d6x>=6 + 1d10x>=10 + 5",
         [perk_words, "the Graft die is d10, this check's is d8", "the modifier is +5, this check's is +4"]),
        ("pickpocket", {"hustle": 1, "spend": "stepEffort", "hustleSpend": "madeUpSpend00001"}, "1d8x>=8 + 1d8x>=8 + 4",
         [f"it spends 1 Hustle that {DANNY} did not pay for it", "the Effort die is d8, this check's is d6"]),
        ("fix-it", {}, "1d6x>=5 + 1d8x>=7 + 4",
         ["the Effort die explodes from 5, this check's explodes from 6",
          "the Graft die explodes from 7, this check's explodes from 8"]),
    ]
    for key, snapshot, formula, why in cases:
        sent = _request(gm_page, key, [danny])
        card = hand_made(player1_page, danny, {"stat": "grf", "perkId": None, "hustle": 0, **snapshot}, formula,
                         {"rollId": sent["rolls"][danny]})
        assert ask(player1_page, "gm.request.claim", {"rollId": sent["rolls"][danny], "messageId": card}) == \
            {"refused": not_this_check(*why)}, key
        assert _result(gm_page, sent["id"], danny) is None
    assert gm_page.evaluate("id => game.actors.get(id).system.hustle.value", danny) == 3

    gm_page.evaluate("id => game.actors.get(id).toggleStatusEffect('burning', {active: true})", danny)
    sent = _request(gm_page, "break-down-a-door", [danny])
    player1_page.locator("#chat-log .smoke-gm-request").last.get_by_role("button", name="Roll Graft (TN 12)").click()
    dialog = player1_page.locator(".application.roll-dialog")
    choose(dialog.get_by_label("Perk"), "Bike Thief")
    dialog.get_by_role("radio", name=re.compile("1 Hustle")).check()
    expect(dialog.locator("code")).to_have_text("1d8x>=8 + 1d10x>=10 + 4")
    player1_page.evaluate(SEED_DICE, [(3, 8), (6, 10)])
    dialog.get_by_role("button", name="Roll", exact=True).click()
    gm_page.wait_for_function("r => !!game.settings.get('the-smoke', 'gmRequests')[r].entries[0].result", arg=sent["id"])
    result = _result(gm_page, sent["id"], danny)
    assert (result["total"], result["tn"], result["outcome"]) == (13, 12, "sorted")
    assert gm_page.evaluate("id => game.actors.get(id).system.hustle.value", danny) == 2
    spend = gm_page.evaluate("id => game.messages.get(id).flags['the-smoke'].check.hustleSpend", result["messageId"])

    other = _request(gm_page, "plant-something", [danny])   # Hard: TN 14
    card = hand_made(player1_page, danny, {"stat": "grf", "perkId": None, "hustle": 1, "spend": "stepEffort",
                                           "hustleSpend": spend}, "1d8x>=8 + 1d8x>=8 + 3", {"rollId": other["rolls"][danny]})
    assert ask(player1_page, "gm.request.claim", {"rollId": other["rolls"][danny], "messageId": card}) == \
        {"refused": not_this_check(f"it spends 1 Hustle that {DANNY} did not pay for it",
                                   "the Effort die is d8, this check's is d6")}

    player1_page.evaluate("id => game.actors.get(id).update({'system.hustle.value': 3})", danny)
    expect(player1_page.get_by_text("Hustle is the GM's record").first).to_be_visible()
    assert player1_page.evaluate("id => game.actors.get(id).system.hustle.value", danny) == 2
    player1_page.evaluate("""id => game.harness.socket.request('modifyDocument', {documentName: 'Actor', operation: 'update',
        parentUuid: null, updates: [{_id: id, system: {hustle: {value: 3}}}], options: {}})""", danny)
    gm_page.wait_for_function("id => game.actors.get(id).system.hustle.value === 2", arg=danny)
    player1_page.wait_for_function("id => game.actors.get(id).system.hustle.value === 2", arg=danny)
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_police_stops_refuse_plus_sixty_and_an_honest_talk_counts(gm_page: Page, player1_page: Page, page_errors):
    """A stop on foot at one star: Danny talks (Front d6 +3, Hard: TN 12) with +60 (1 + 1 + 63): refused, the modifier is
    +63, this check's is +3; the stop has no outcome. A second stop, talked honestly from its card: 6 → 2, 5, +3 = 16,
    Sorted, talked round. Street Control's Stop and Search: the same +60 on Savvy is refused."""
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    H.set_heat(gm_page, danny, 1)
    stop = gm_page.evaluate("id => game.system.api.requestGM('heat.stop.demand', {actorUuid: `Actor.${id}`})", danny)["stopId"]
    answer = ask(player1_page, "heat.stop.answer", {"stopId": stop, "answer": "talk"})["ok"]
    assert (answer["stat"], answer["band"], answer["tn"], answer["situational"]) == ("frt", "hard", 12, 0)
    player1_page.evaluate(SEED_DICE, [(1, 6), (1, 6)])
    card = roll(player1_page, danny, "frt", {"tnSource": "band", "band": "hard", "situational": 60}, {"rollId": answer["rollId"]})
    assert ask(player1_page, "heat.stop.claim", {"rollId": answer["rollId"], "messageId": card}) == \
        {"refused": not_this_check("the modifier is +63, this check's is +3")}
    assert gm_page.evaluate("id => game.settings.get('the-smoke', 'heatStops')[id].outcome", stop) is None

    gm_page.evaluate("id => game.system.api.requestGM('heat.stop.demand', {actorUuid: `Actor.${id}`})", danny)
    player1_page.evaluate("() => game.settings.set('the-smoke', 'skipRollDialog', true)")
    player1_page.evaluate(SEED_DICE, [(6, 6), (2, 6), (5, 6)])
    player1_page.locator("#chat-log .smoke-heat-card[data-kind=stop]").last.get_by_role("button", name="Talk").click()
    expect(gm_page.locator("#chat-log .smoke-heat-card[data-kind=stopResult]").last).to_contain_text(
        "talks the officers round: no stop.")

    rec = gm_page.evaluate("""async id => { const r = await game.system.api.requestGM("street.police",
        {key: "stop-and-search", actorUuids: [`Actor.${id}`]});
        return game.settings.get('the-smoke', 'policeEvents')[r.id]; }""", danny)
    option = next(o for o in rec["entries"][0]["options"] if o["stat"] == "sav")
    player1_page.evaluate(SEED_DICE, [(1, 6), (1, 6)])
    card = roll(player1_page, danny, "sav", {"tnSource": "fixed", "tn": option["tn"], "situational": 60},
                {"rollId": option["rollId"]})
    assert ask(player1_page, "street.police.claim", {"rollId": option["rollId"], "messageId": card}) == \
        {"refused": not_this_check("the modifier is +63, this check's is +3")}
    assert gm_page.evaluate("id => game.settings.get('the-smoke', 'policeEvents')[id].entries[0].results", rec["id"]) == []
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_a_taxi_tip_with_plus_sixty_is_refused_and_pays_nothing(world, open_user_page):
    """Rook drives the black cab to the drop-off (Wheels d6 +3, Medium: TN 10). His drop-off card with +60 (1 + 1 + 63)
    is refused — the modifier is +63, this check's is +3 — and nothing is paid; asking for the check again returns the
    same roll, and the honest card rolled after the forged one is refused: the first card counts."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    on_shift(gm, p1, "Hackney Carriage", "taxi", {ROOK: "driver"})
    callout(gm, "taxi", ["Mare Street", "Dalston Junction"], hops=1)
    p1.evaluate("id => game.actors.get(id).sheet.render({force: true})", ROOK)
    p1.locator(".smoke-shift-panel [data-shift-action=accept]").first.click()
    p1.wait_for_function("id => !!game.system.api.shifts.jobsOf(game.actors.get(id)).job", arg=ROOK)
    job = job_of(p1, ROOK)
    gm.evaluate("() => game.system.api.apps.ShiftsApp.open()")
    gm.locator(f"#smoke-shifts [data-job='{job['id']}'] [data-action=reached]").click()
    p1.wait_for_function("id => game.system.api.shifts.jobsOf(game.actors.get(id)).job?.stage === 'dropOff'", arg=ROOK)
    _, err = gm_do(gm, "job.arrive", {"jobId": job["id"]})
    assert err is None, err
    pocket = gm.evaluate("id => game.system.api.money.purseOf(game.actors.get(id)).pocket", ROOK)
    issued = ask(p1, "job.check.issue", {"jobId": job["id"], "actorUuid": f"Actor.{ROOK}"})["ok"]
    assert (issued["stat"], issued["tn"], issued["situational"]) == ("whl", 10, 0)
    p1.evaluate(SEED_DICE, [(1, 6), (1, 6)])
    flags = {"rollId": issued["rollId"], "shiftJob": job["id"]}
    card = roll(p1, ROOK, "whl", {"tnSource": "fixed", "tn": 10, "situational": 60}, flags)
    assert ask(p1, "job.check.claim", {"rollId": issued["rollId"], "messageId": card}) == \
        {"refused": not_this_check("the modifier is +63, this check's is +3")}
    assert ask(p1, "job.check.issue", {"jobId": job["id"], "actorUuid": f"Actor.{ROOK}"})["ok"]["rollId"] == issued["rollId"]
    p1.evaluate(SEED_DICE, [(4, 6), (4, 6)])
    honest = roll(p1, ROOK, "whl", {"tnSource": "fixed", "tn": 10}, flags)
    assert ask(p1, "job.check.claim", {"rollId": issued["rollId"], "messageId": honest}) == {"refused": NOT_FIRST}
    done = stored_job(gm, job["id"])
    assert not done.get("paid") and done["status"] == "arrived"
    assert gm.evaluate("id => game.system.api.money.purseOf(game.actors.get(id)).pocket", ROOK) == pocket


def test_a_street_first_aid_asked_twice_is_one_roll(gm_page: Page, player1_page: Page):
    """Street first aid (Savvy, Medium) on himself: asking twice gives one roll id; two cards rolled for it, the second
    (the better) is refused and the first counts."""
    ids = danny_on_scene(gm_page, player1_page)
    danny = ids["danny"]
    gm_page.evaluate("id => game.actors.get(id).update({'system.health.value': 5})", danny)
    player1_page.wait_for_function("id => game.actors.get(id).system.health.value === 5", arg=danny)
    data = {"medicUuid": f"Actor.{danny}", "patientUuid": f"Actor.{danny}"}
    first = ask(player1_page, "firstAid.issue", data)["ok"]
    assert ask(player1_page, "firstAid.issue", data)["ok"]["rollId"] == first["rollId"]
    flags = {"rollId": first["rollId"], "streetAid": {"patientUuid": f"Actor.{danny}"}}
    player1_page.evaluate(SEED_DICE, [(1, 6), (1, 6), (5, 6), (5, 6)])
    bad = roll(player1_page, danny, "sav", {"tnSource": "band", "band": "medium"}, flags)
    good = roll(player1_page, danny, "sav", {"tnSource": "band", "band": "medium"}, flags)
    assert ask(player1_page, "firstAid.apply", {"rollId": first["rollId"], "messageId": good}) == {"refused": NOT_FIRST}
    counted = ask(player1_page, "firstAid.apply", {"rollId": first["rollId"], "messageId": bad})["ok"]
    assert (counted["success"], counted["health"]) == (False, 5)
