"""Service shifts beyond the taxi (rulebook: Work the borough; Shift pay and tips): a courier driving into each stage's
region, the police's ANPR stop, pursuit gap and custody, a bus route and a Pat's order. Helpers in test_shifts.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from helpers.core import double_click_across_a_redraw, skew_time
from helpers.shifts import (FEMI, ROOK, SCENE, accept_on_sheet, board, callout, gm_do, job_of, on_shift, pocket, roll_job,
                         seats, seed, stored_job, xp)
from helpers import import_actor, observer
from helpers import settle

pytestmark = pytest.mark.harness_only


def test_an_open_sheet_shows_a_callout_the_gm_posts(world, open_user_page):
    """Rook's player has his sheet open on his shift when the GM posts a callout: the sheet's shift panel shows it
    without being opened again (apps/shift-panel.mjs redraws every open sheet with a shift panel on the GM's shift
    stores, not only on the character)."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    on_shift(gm, p1, "Deliverer E-Bike", "courier", {ROOK: "driver"})
    p1.evaluate("id => game.actors.get(id).sheet.render({force: true})", ROOK)
    panel = p1.locator(".smoke-shift-panel")
    expect(panel).to_be_visible()
    settle(p1)
    result, err = gm_do(gm, "callout.create", {"shift": "courier", "name": "Late parcel", "hops": 1, "destinations": [
        {"sceneId": SCENE, "name": "Ridley Road"}, {"sceneId": SCENE, "name": "Kingsland Road"}]})
    assert err is None, err
    expect(panel.get_by_text("Late parcel")).to_be_visible()


def test_a_courier_reaches_each_stage_by_driving_into_its_region(world, open_user_page):
    """The stage advances when the crew's motor token ends a move in the stage's region (no "Reached" needed): the
    courier collects at the pickup region, the GM marks the cargo damaged, and the drop-off region pays
    (£8 + £7) × (0.6 + 0.6T) halved. A move that stays outside the region does nothing."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    bike = on_shift(gm, p1, "Deliverer E-Bike", "courier", {ROOK: "driver"})
    pickup, drop = gm.evaluate("""async ([scene, bike]) => {
        const s = game.scenes.get(scene);
        const [a, b] = await s.createEmbeddedDocuments("Region", [
          {name: "Ridley Road", shapes: [{type: "rectangle", x: 400, y: 0, width: 300, height: 300}]},
          {name: "Kingsland Road", shapes: [{type: "rectangle", x: 1000, y: 0, width: 300, height: 300}]}]);
        await s.createEmbeddedDocuments("Token", [{actorId: bike, actorLink: true, name: "Bike", x: 0, y: 0}]);
        return [a.uuid, b.uuid];
    }""", [SCENE, bike])
    result, err = gm_do(gm, "callout.create", {"shift": "courier", "name": "Parcel run", "hops": 1, "destinations": [
        {"sceneId": SCENE, "regionUuid": pickup, "name": ""}, {"sceneId": SCENE, "regionUuid": drop, "name": ""}]})
    assert err is None, err
    assert gm.evaluate("id => game.system.api.shifts.callouts()[id].destinations.map(d => d.name)", result["id"]) == \
        ["Ridley Road", "Kingsland Road"], "an unnamed destination takes its region's name"
    accept_on_sheet(p1, "Parcel run")
    move = """([scene, x]) => { const s = game.scenes.get(scene); return s.tokens.find(t => t.name === 'Bike').move([{x, y: 100}]); }"""
    gm.evaluate(move, [SCENE, 200])
    settle(gm)
    assert job_of(p1, ROOK)["stage"] == "pickup", "outside the region nothing happens"
    gm.evaluate(move, [SCENE, 500])
    p1.wait_for_function("id => game.system.api.shifts.jobsOf(game.actors.get(id)).job?.stage === 'dropOff'", arg=ROOK)
    job = job_of(p1, ROOK)
    assert (job["windowSeconds"], job["cargo"]) == (180, {"collected": True, "damaged": False})
    _, err = gm_do(gm, "job.damage", {"jobId": job["id"]})
    assert err is None, err
    _, err = gm_do(p1, "job.damage", {"jobId": job["id"]})
    assert err and "Only a GM" in err
    before = pocket(gm, ROOK)
    gm.evaluate(move, [SCENE, 1100])
    gm.wait_for_function("id => game.system.api.shifts.jobs()[id].paid === true", arg=job["id"])
    # T ≈ 1: 15 × 1.2 = 18, halved 9 (a second or two off the clock does not change the rounding)
    assert stored_job(gm, job["id"])["pay"]["pounds"] == 9
    gm.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === {before + 9}")
    # The pay card says the cargo was damaged, and that damage is the GM's mark: the book names nothing that causes it.
    card = gm.locator("#chat-log .shift-card").last
    expect(card).to_contain_text("Paid £9.")
    expect(card).to_contain_text("Cargo damaged: the pay is halved.")
    expect(card).to_contain_text("Damaged cargo is the GM's mark (Cargo damaged on the Shifts window): the book names "
                                 "nothing, not even a crash, that damages it.")


def test_police_anpr_stop_pursuit_gap_and_custody(world, open_user_page):
    """ANPR: the marked motor hides among lookalikes; stopping the wrong one compromises the call, the right one pays
    60 % of £75 = £45. Pursuit: the gap starts at 2; Just About closes 1, Sorted closes 1 more: caught, £90.
    Disturbance with an arrest: custody is refused until the suspect rides behind the cage; then £50."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    car = on_shift(gm, p1, "Metro Police Area Car", "police", {ROOK: "driver"})
    hatch = import_actor(gm, "vehicles", "Vexa Hatch", observer())
    tokens = gm.evaluate("""async ([scene, car, hatch]) => {
        const s = game.scenes.get(scene);
        const made = await s.createEmbeddedDocuments("Token", [
          {actorId: car, actorLink: true, name: "Area car", x: 0, y: 0},
          {actorId: hatch, actorLink: false, name: "Hatch A", x: 300, y: 0},
          {actorId: hatch, actorLink: false, name: "Hatch B", x: 500, y: 0}]);
        return made.map(t => t.uuid);
    }""", [SCENE, car, hatch])
    cid = callout(gm, "police", ["Lea Bridge Road"], hops=0, call="anpr", targetUuid=tokens[2])
    result, err = gm_do(p1, "callout.accept", {"calloutId": cid, "actorUuid": f"Actor.{ROOK}"})
    assert err is None, err
    job_id = result["jobId"]
    assert stored_job(gm, job_id)["windowSeconds"] == 300
    _, err = gm_do(p1, "job.identify", {"jobId": job_id, "actorUuid": f"Actor.{ROOK}", "tokenUuid": tokens[1]})
    assert err is None, err
    assert stored_job(gm, job_id)["compromised"] is True and stored_job(gm, job_id)["status"] == "travel"
    before = pocket(gm, ROOK)
    _, err = gm_do(p1, "job.identify", {"jobId": job_id, "actorUuid": f"Actor.{ROOK}", "tokenUuid": tokens[2]})
    assert err is None, err
    assert stored_job(gm, job_id)["pay"]["pounds"] == 45
    gm.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === {before + 45}")
    # pursuit: getaway TN = 4 + (8 + 6) / 2 + 0 = 11 against Rook's Wheels d6 + Effort d6 + 3
    cid = callout(gm, "police", ["Homerton High Street"], hops=1, call="pursuit", target={"wheels": 8, "performance": 6, "handling": 0})
    result, err = gm_do(p1, "callout.accept", {"calloutId": cid, "actorUuid": f"Actor.{ROOK}"})
    assert err is None, err
    job_id = result["jobId"]
    _, err = gm_do(gm, "job.arrive", {"jobId": job_id})
    assert err is None, err
    assert stored_job(gm, job_id)["gap"] == 2
    assert isinstance(roll_job(p1, job_id, ROOK, [[4, 6], [4, 6]]), dict)  # 11: Just About
    assert stored_job(gm, job_id)["gap"] == 1
    assert isinstance(roll_job(p1, job_id, ROOK, [[5, 6], [4, 6]]), dict)  # 12: Sorted
    done = stored_job(gm, job_id)
    assert (done["gap"], done["status"], done["pay"]["pounds"]) == (0, "done", 90)
    # disturbance with an arrest: the suspect must ride behind the cage to custody
    suspect = gm.evaluate("async () => (await Actor.create({name: 'Suspect', type: 'npc'})).id")
    cid = callout(gm, "police", ["Narrow Way", "Stoke Newington custody"], hops=1, call="disturbance", arrest=True,
                  targetUuid=f"Actor.{suspect}")
    result, err = gm_do(p1, "callout.accept", {"calloutId": cid, "actorUuid": f"Actor.{ROOK}"})
    assert err is None, err
    job_id = result["jobId"]
    _, err = gm_do(gm, "job.arrive", {"jobId": job_id})
    assert err is None, err
    assert isinstance(roll_job(p1, job_id, ROOK, [[4, 6], [4, 6]]), dict)  # Front 11 against Medium 10: Sorted
    job = stored_job(gm, job_id)
    assert (job["stage"], job["windowSeconds"], job["compromised"]) == (1, 330, False)
    _, err = gm_do(gm, "job.arrive", {"jobId": job_id})
    assert err and "behind the cage" in err
    cage = gm.evaluate("id => game.actors.get(id).system.seatList.find(s => s.caged).id", car)
    board(gm, car, suspect, cage)
    before = pocket(gm, ROOK)
    _, err = gm_do(gm, "job.arrive", {"jobId": job_id})
    assert err is None, err
    assert stored_job(gm, job_id)["pay"]["pounds"] == 50
    gm.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === {before + 50}")
    assert cage not in seats(gm, car), "the suspect is handed over at custody"



def test_a_bus_route_pays_each_stop_and_its_bonus_and_pats_order_gives_2_xp(world, open_user_page):
    """A two-stop bus route: each stop on time pays £6 + £6T = £12, the route's bonus (£10) at the end, 1 XP. A Pat's
    order needs no shift or motor: 1800 s, handed over for 2 XP and no money (the vehicle sale pays it)."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    on_shift(gm, p1, "Clippermaster Bus", "bus", {ROOK: "driver"})
    cid = callout(gm, "bus", ["Dalston Junction", "Stoke Newington"], hops=0, bonus=10)
    result, err = gm_do(p1, "callout.accept", {"calloutId": cid, "actorUuid": f"Actor.{ROOK}"})
    assert err is None, err
    job_id = result["jobId"]
    assert stored_job(gm, job_id)["windowSeconds"] == 120
    before = pocket(gm, ROOK)
    for _ in range(2):
        _, err = gm_do(gm, "job.arrive", {"jobId": job_id})
        assert err is None, err
    done = stored_job(gm, job_id)
    assert (done["status"], done["stopsPaid"], done["pay"]["pounds"]) == ("done", 24, 34)
    gm.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === {before + 34}")
    assert xp(gm, ROOK) == 1
    cid = callout(gm, "patOrder", ["The Arches"], hops=0)
    p1.wait_for_function("id => game.system.api.shifts.jobsOf(game.actors.get(id)).callouts.length === 1", arg=FEMI)
    result, err = gm_do(p1, "callout.accept", {"calloutId": cid, "actorUuid": f"Actor.{FEMI}"})
    assert err is None, err
    assert stored_job(gm, result["jobId"])["windowSeconds"] == 1800
    cash = pocket(gm, FEMI)
    _, err = gm_do(gm, "job.arrive", {"jobId": result["jobId"]})
    assert err is None, err
    assert stored_job(gm, result["jobId"])["pay"] == {**stored_job(gm, result["jobId"])["pay"], "pounds": 0, "xp": 2}
    gm.wait_for_function(f"() => game.actors.get('{FEMI}').system.rep.xp === 2")
    assert pocket(gm, FEMI) == cash


def test_a_gm_change_mid_job_keeps_the_job_and_its_patient_clock(world, open_user_page):
    """The GM leaves mid-callout; the assistant GM, now the active GM, carries on: the untreated patient still worsens
    at 45 s of job clock, and A&E pays once."""
    seed(world)
    gm, gm2, p1 = open_user_page("gm"), open_user_page("gm2"), open_user_page("player1")
    on_shift(gm, p1, "Capital Ambulance", "paramedic", {ROOK: "driver"})
    cid = callout(gm, "paramedic", ["Well Street", "Homerton A&E"], hops=0, patient="fading")
    result, err = gm_do(p1, "callout.accept", {"calloutId": cid, "actorUuid": f"Actor.{ROOK}"})
    assert err is None, err
    job_id = result["jobId"]
    for kind in ("job.arrive", "job.load"):
        _, err = gm_do(gm, kind, {"jobId": job_id})
        assert err is None, err
    gm.context.close()
    gm2.wait_for_function("() => game.user.isActiveGM")
    skew_time(gm2, 46)
    gm2.wait_for_function("id => game.system.api.shifts.jobs()[id].patient.state === 'faltering'", arg=job_id)
    before = pocket(gm2, ROOK)
    _, err = gm_do(gm2, "job.arrive", {"jobId": job_id})
    assert err is None, err
    assert stored_job(gm2, job_id)["pay"]["pounds"] == 40  # (£40 + £15 × 0) × Faltering 1
    gm2.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === {before + 40}")
    _, err = gm_do(gm2, "job.arrive", {"jobId": job_id})
    assert err and "not on its way" in err


def test_h_comes_from_the_street_map_between_two_scenes_else_the_gms_number(world, open_user_page):
    """A callout whose destinations are on two scenes the street map links takes the map's hops (the GM's number is
    ignored); on one scene, or with no route, the GM's number is H."""
    seed(world)
    gm = open_user_page("gm")
    other = gm.evaluate("async () => (await Scene.create({name: 'Dalston'})).id")
    gm.evaluate("""other => { const api = game.system.api.streetMap;
        api.hops = (from, to) => (from === to ? 0 : (to === other ? 3 : null)); }""", other)
    def make(to_scene, hops):
        result, err = gm_do(gm, "callout.create", {"shift": "taxi", "name": "Fare", "hops": hops, "destinations": [
            {"sceneId": SCENE, "regionUuid": "", "name": "A"}, {"sceneId": to_scene, "regionUuid": "", "name": "B"}]})
        assert err is None, err
        return result["hops"]
    assert make(other, 1) == 3
    assert make(SCENE, 2) == 2


def test_a_disturbances_card_says_its_band_and_a_bad_luck_compromises_the_call(world, open_user_page, page_errors):
    """Work the borough › Police: a disturbance resolves "the requested check", and Shift pay and tips: "A compromised
    completion pays 60% of the clean amount" — the book prints no band and no cause. The check's card says the band
    is the GM's default Medium and that the GM may set another (Sorted: £50 clean), or names the band the GM set on the
    callout (Hard, TN 12); a Bad Luck compromises the call (a ruling, on the card), which pays £30 and says so on the
    pay card. A band that is not one of the four is refused in words."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    on_shift(gm, p1, "Metro Police Area Car", "police", {ROOK: "driver"})
    check_card = gm.locator("#chat-log .smoke-check-card:has(.smoke-card-notes)")
    cid = callout(gm, "police", ["Narrow Way"], hops=1, call="disturbance")
    result, err = gm_do(p1, "callout.accept", {"calloutId": cid, "actorUuid": f"Actor.{ROOK}"})
    assert err is None, err
    assert gm_do(gm, "job.arrive", {"jobId": result["jobId"]})[1] is None
    assert isinstance(roll_job(p1, result["jobId"], ROOK, [[4, 6], [4, 6]]), dict)  # Front 11 against Medium 10: Sorted
    gm.wait_for_function("id => game.system.api.shifts.jobs()[id].paid === true", arg=result["jobId"])
    assert stored_job(gm, result["jobId"])["pay"]["pounds"] == 50
    expect(check_card.last.locator(".smoke-card-notes li")).to_have_text([
        "Band: Medium, the GM's default — the book prints no band for this check; the GM may set another on the callout.",
        "Bad Luck or Proper Mess on this check compromises the call: it then pays 60% of the clean amount (a ruling: the "
        "book names no cause)."])
    cid = callout(gm, "police", ["Narrow Way"], hops=1, call="disturbance", band="hard")
    result, err = gm_do(p1, "callout.accept", {"calloutId": cid, "actorUuid": f"Actor.{ROOK}"})
    assert err is None, err
    job_id = result["jobId"]
    _, err = gm_do(gm, "job.arrive", {"jobId": job_id})
    assert err is None, err
    before = pocket(gm, ROOK)
    assert isinstance(roll_job(p1, job_id, ROOK, [[4, 6], [3, 6]]), dict)  # Front 10 against Hard 12: Bad Luck
    expect(check_card.last.locator(".smoke-card-notes li").first).to_have_text(
        "Band: Hard, set by the GM on the callout (the book prints no band for this check).")
    expect(check_card.last.locator(".smoke-tn")).to_have_text("12")
    gm.wait_for_function("id => game.system.api.shifts.jobs()[id].paid === true", arg=job_id)
    done = stored_job(gm, job_id)
    assert (done["compromised"], done["pay"]["pounds"]) == (True, 30)
    expect(gm.locator("#chat-log .shift-card").last).to_contain_text("Compromised: paid 60% of the clean amount.")
    gm.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === {before + 30}")
    # a band that is not one of the four is refused in words
    _, err = gm_do(gm, "callout.create", {"shift": "fire", "name": "Bad band", "hops": 0, "extra": {"band": "brutal"},
                                          "destinations": [{"sceneId": SCENE, "regionUuid": "", "name": "A"}]})
    assert err and '"brutal" is not a difficulty band' in err
    assert page_errors[p1] == []


def test_the_gms_double_click_on_reached_collects_the_parcel_once_and_pays_nothing(world, open_user_page):
    """A courier's pickup: the GM's *Reached* in the Shifts window collects the parcel and starts the drop-off, which
    is on its way again, so the window draws a fresh *Reached* for the drop-off under the pointer. The second click of
    a double click (click count 2) asks nothing: the job is not paid before the ride (it was: a whole job's pay and
    XP). A request that names the stage the GM saw is refused once that stage has passed."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    on_shift(gm, p1, "Deliverer E-Bike", "courier", {ROOK: "driver"})
    result, err = gm_do(gm, "callout.create", {"shift": "courier", "name": "Parcel run", "hops": 1, "destinations": [
        {"sceneId": SCENE, "name": "Ridley Road"}, {"sceneId": SCENE, "name": "Kingsland Road"}]})
    assert err is None, err
    accept_on_sheet(p1, "Parcel run")
    job = job_of(p1, ROOK)
    before = (pocket(gm, ROOK), xp(gm, ROOK))
    gm.evaluate("() => game.system.api.apps.ShiftsApp.open()")
    reached = gm.locator(f"#smoke-shifts [data-job='{job['id']}'] [data-action=reached]")
    expect(reached).to_be_visible()
    reached.evaluate("b => { b.dataset.drawn = 'pickup'; }")

    def collected_and_redrawn():
        gm.wait_for_function("id => game.system.api.shifts.jobs()[id].stage === 1", arg=job["id"])
        settle(gm)
        expect(gm.locator(f"#smoke-shifts [data-job='{job['id']}'] [data-action=reached]:not([data-drawn])")).to_be_visible()

    double_click_across_a_redraw(gm, reached, collected_and_redrawn)
    settle(gm)
    done = stored_job(gm, job["id"])
    assert (done["stage"], done["status"], done["paid"]) == (1, "travel", False)
    assert (pocket(gm, ROOK), xp(gm, ROOK)) == before
    # the pickup has passed: a request naming it (a stale window, a second GM's click) is refused
    _, err = gm_do(gm, "job.arrive", {"jobId": job["id"], "stage": 0})
    assert err == "Parcel run has moved on from the stage you saw: look at the Shifts window again."
    assert stored_job(gm, job["id"])["paid"] is False
