"""Service shifts in the browser (rulebook: Work the borough; Patients, fires and job clocks; Shift pay and tips): a taxi
shift from callout to pay (the pickup clock, the fare boarding a free seat, the drop-off clock, Wheels, the book's
£31 and 1 XP); the job clock paused with the game and resumed with the same time left on the GM's and the player's
screens; a paramedic patient worsening at 45 s and treated in transit; a fire lost on a tie. Attacks: a second
player accepting the same callout, a forged completion, paying twice."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect
from helpers import settle, ticks
from helpers.core import skew_time
from helpers import SEED_DICE
from helpers import add_from_pack, import_actor, observer
from helpers.record import forge
from helpers.shifts import (  # noqa: F401
    P1,
    P2,
    ROOK,
    FEMI,
    SAL,
    SCENE,
    person,
    COUNT_JOB_WRITES,
    seed,
    gm_do,
    board,
    start,
    callout,
    job_of,
    stored_job,
    pocket,
    xp,
    seats,
    roll_job,
    on_shift,
    accept_on_sheet)


pytestmark = pytest.mark.harness_only


"""GM page: count the writes of the jobs store from now on (window.jobWrites)."""


def test_a_taxi_shift_from_callout_to_pay(world, open_user_page):
    """Rook drives the black cab on a taxi shift; the GM's callout (1 hop) appears on Rook's sheet; Accept starts the
    pickup clock (150 s); at the pickup the fare boards a free seat and the drop-off clock (120 + 90 = 210 s) starts;
    with half of it left Rook arrives, rolls Wheels (Sorted) and is paid the book's £25 + £6 = £31 and 1 XP."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    cab = on_shift(gm, p1, "Hackney Carriage", "taxi", {ROOK: "driver"})
    callout(gm, "taxi", ["Mare Street", "Dalston Junction"], hops=1)
    accept_on_sheet(p1, "taxi job")
    job = job_of(p1, ROOK)
    assert (job["stage"], job["windowSeconds"]) == ("pickup", 150)
    assert 148 <= job["secondsLeft"] <= 150
    expect(p1.locator("[data-shift-countdown]")).to_have_text(re.compile(r"^2:(30|29|28)$"))
    skew_time(gm, 40)
    p1.wait_for_function("id => game.system.api.shifts.jobsOf(game.actors.get(id)).job.secondsLeft <= 110", arg=ROOK)
    expect(p1.locator("[data-shift-countdown]")).to_have_text(re.compile(r"^1:(50|49|48|47)$"))
    # the pickup (the GM's Reached in the Shifts window): the fare boards a free seat; the drop-off clock starts
    gm.evaluate("() => game.system.api.apps.ShiftsApp.open()")
    gm.locator(f"#smoke-shifts [data-job='{job['id']}'] [data-action=reached]").click()
    gm.wait_for_function("uuid => (game.settings.get('the-smoke', 'seats')[uuid] ?? []).length === 2", arg=f"Actor.{cab}")
    assert seats(gm, cab) == ["driver", "passenger-1"]
    settle(gm)  # the job's next stage, written after the seat, has reached Rook's player too
    job = job_of(p1, ROOK)
    assert (job["stage"], job["windowSeconds"]) == ("dropOff", 210)
    before = (pocket(gm, ROOK), xp(gm, ROOK))
    skew_time(gm, 105)  # half the drop-off clock
    _, err = gm_do(gm, "job.arrive", {"jobId": job["id"]})
    assert err is None, err
    assert stored_job(gm, job["id"])["status"] == "arrived"
    # Wheels d6 + Effort d6 + 3 against Medium 10: 4 + 4 + 3 = 11, Sorted — from the sheet's button
    p1.evaluate("() => game.settings.set('the-smoke', 'skipRollDialog', true)")
    p1.evaluate(SEED_DICE, [[4, 6], [4, 6]])
    p1.locator(".smoke-shift-panel [data-shift-action=roll]").click()
    gm.wait_for_function("id => game.system.api.shifts.jobs()[id].paid === true", arg=job["id"])
    done = stored_job(gm, job["id"])
    assert (done["status"], done["paid"], done["outcome"]) == ("done", True, "sorted")
    assert done["pay"]["pounds"] == 31
    # "Wheels resolves the demanding part of the journey": no band in the book, so the card says whose Medium it is
    expect(gm.locator("#chat-log .smoke-check-card").last.locator(".smoke-card-notes")).to_have_text(
        "Band: Medium, the GM's default — the book prints no band for this check; the GM may set another on the callout.")
    gm.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === {before[0] + 31}")
    gm.wait_for_function(f"() => game.actors.get('{ROOK}').system.rep.xp === {before[1] + 1}")
    assert seats(gm, cab) == ["driver"], "the fare got out at the drop-off"
    # attack: paying twice — the GM's own completion request again, and the player's forged one
    _, err = gm_do(gm, "job.arrive", {"jobId": job["id"]})
    assert err and "not on its way" in err
    _, err = gm_do(p1, "job.arrive", {"jobId": job["id"]})
    assert err and "Only a GM" in err
    assert pocket(gm, ROOK) == before[0] + 31 and xp(gm, ROOK) == before[1] + 1
    # the rules are on the api too
    assert p1.evaluate("() => game.system.api.rules.taxiPay({hops: 1, cab: true, outcome: 'sorted', clockLeft: 0.5})") == \
        {"fare": 25, "tip": 6, "total": 31, "perkTip": 0}



def test_a_cabbie_tip_is_paid_only_to_a_crew_with_the_perk_on_the_gms_record(world, open_user_page, page_errors):
    """Perks › Cabbie: "fares tip more" has no number; Shift pay and tips: "agree that benefit before the job pays".
    The GM agrees £5 on the callout. Rook, without the perk, is paid the book's fare and tip only (£25 + £9 at T ≈ 1,
    Sorted) and the card says why the £5 is not paid — the Cabbie perk his player forges onto his sheet is removed by
    the GM and never counted. Once the GM gives him the perk, the same job pays £39 and the card names the tip.
    v13 fact relied on: ``preCreateItem`` fires only on the requesting client
    (https://foundryvtt.com/api/functions/hookEvents.preCreateDocument.html), so a forged creation reaches every
    client and the active GM removes it."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    on_shift(gm, p1, "Hackney Carriage", "taxi", {ROOK: "driver"})
    cabbie = p1.evaluate("""async () => { const p = game.packs.get('the-smoke.perks');
        const e = (await p.getIndex()).contents.find(x => x.name === 'Cabbie');
        return game.items.fromCompendium(await p.getDocument(e._id)); }""")
    forge(p1, "Item", [{**cabbie, "_id": "ForgedCabbie0001"}], parent=f"Actor.{ROOK}", operation="create")
    gm.wait_for_function(f"() => !game.actors.get('{ROOK}').items.has('ForgedCabbie0001')")

    def fare(expected: int) -> object:
        cid = callout(gm, "taxi", ["Mare Street", "Dalston Junction"], hops=1, perkTip=5)
        result, err = gm_do(p1, "callout.accept", {"calloutId": cid, "actorUuid": f"Actor.{ROOK}"})
        assert err is None, err
        job_id = result["jobId"]
        for _ in range(2):  # the pickup (the fare boards), then the drop-off
            assert gm_do(gm, "job.arrive", {"jobId": job_id})[1] is None
        before = pocket(gm, ROOK)
        assert isinstance(roll_job(p1, job_id, ROOK, [[4, 6], [4, 6]]), dict)  # Wheels 11 against Medium 10: Sorted
        gm.wait_for_function("id => game.system.api.shifts.jobs()[id].paid === true", arg=job_id)
        assert stored_job(gm, job_id)["pay"]["pounds"] == expected
        gm.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === {before + expected}")
        return gm.locator("#chat-log .shift-card").last

    card = fare(34)
    expect(card).to_contain_text("The £5 Cabbie tip agreed on the callout is not paid: nobody in the crew has the Cabbie perk.")
    add_from_pack(gm, ROOK, "perks", "Cabbie")
    gm.wait_for_function(f"() => game.system.api.record.hasRecordedPerk(game.actors.get('{ROOK}'), 'cabbie')")
    card = fare(39)
    expect(card).to_contain_text("With the Cabbie tip agreed on the callout: £5.")
    page_errors[p1].clear()  # the forged perk's removal was the point
    assert page_errors[gm] == []


def test_the_clock_pauses_with_the_game_and_resumes_with_the_same_time_left(world, open_user_page):
    """Thirty seconds into the pickup, the GM pauses the game: two minutes pass on the server and the countdown on the
    GM's Shifts window and on the player's sheet stays where it was; unpaused, it runs on from there. The GM's own
    pause of one job does the same."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    on_shift(gm, p1, "Hackney Carriage", "taxi", {ROOK: "driver"})
    callout(gm, "taxi", ["Mare Street", "Dalston Junction"], hops=1)
    accept_on_sheet(p1, "taxi job")
    gm.evaluate("() => game.system.api.apps.ShiftsApp.open()")
    skew_time(gm, 30)
    gm.evaluate("() => game.togglePause(true, {broadcast: true})")
    p1.wait_for_function("() => game.settings.get('the-smoke', 'activeTime').pausedAt !== null")
    skew_time(gm, 1)  # every client's clock past the pause's timestamp
    left_gm = job_of(gm, ROOK)["secondsLeft"]
    left_p1 = job_of(p1, ROOK)["secondsLeft"]
    assert abs(left_gm - left_p1) <= 1 and 117 <= left_gm <= 120
    skew_time(gm, 120)
    ticks(gm, p1)  # a tick on both clients
    assert job_of(gm, ROOK)["secondsLeft"] == left_gm
    assert job_of(p1, ROOK)["secondsLeft"] == left_p1
    shown = f"{left_gm // 60}:{left_gm % 60:02d}"
    expect(gm.locator("#smoke-shifts [data-countdown]")).to_have_text(shown)
    expect(p1.locator("[data-shift-countdown]")).to_have_text(f"{left_p1 // 60}:{left_p1 % 60:02d}")
    gm.evaluate("() => game.togglePause(false, {broadcast: true})")
    p1.wait_for_function("() => game.settings.get('the-smoke', 'activeTime').pausedAt === null")
    skew_time(gm, 20)
    for page, left in ((gm, left_gm), (p1, left_p1)):
        now = job_of(page, ROOK)["secondsLeft"]
        assert left - 22 <= now <= left - 19, (left, now)
    # a reload mid-job: the clock is where it was (it is timestamps in the GM's store)
    p1.reload()
    p1.wait_for_function("() => window.game?.ready === true")
    # The reloaded client's clock syncs with the server's after its boot (under load, a moment later): wait for the
    # two clients to agree (the condition asserted below), then assert it.
    deadline = time.monotonic() + 10
    while abs(job_of(p1, ROOK)["secondsLeft"] - job_of(gm, ROOK)["secondsLeft"]) > 1 and time.monotonic() < deadline:
        p1.wait_for_timeout(200)
    assert abs(job_of(p1, ROOK)["secondsLeft"] - job_of(gm, ROOK)["secondsLeft"]) <= 1
    # the GM pauses this job alone: no time runs off it while the game goes on
    job_id = job_of(gm, ROOK)["id"]
    _, err = gm_do(gm, "job.pause", {"jobId": job_id, "paused": True})
    assert err is None, err
    p1.wait_for_function("id => game.system.api.shifts.jobs()[id].paused === true", arg=job_id)
    skew_time(gm, 1)  # every client's clock past the pause's timestamp
    held = job_of(p1, ROOK)["secondsLeft"]
    skew_time(gm, 60)
    assert job_of(p1, ROOK)["secondsLeft"] == held
    _, err = gm_do(p1, "job.pause", {"jobId": job_id, "paused": False})
    assert err and "Only a GM" in err, "a player cannot resume (or pause) a job"
    _, err = gm_do(gm, "job.pause", {"jobId": job_id, "paused": False})
    assert err is None, err
    p1.wait_for_function("id => game.system.api.shifts.jobs()[id].paused === false", arg=job_id)
    skew_time(gm, 10)
    assert held - 12 <= job_of(p1, ROOK)["secondsLeft"] <= held - 9


def test_a_patient_worsens_at_45_seconds_and_is_treated_in_transit(world, open_user_page):
    """The ambulance reaches a Fading patient, who is loaded onto the stretcher; 45 s of active clock untreated and
    they are Faltering (one write); Femi, in the back, treats in transit (Sorted: back to Fading); A&E pays
    (£40 + £15) × 1.5 = £83 and 1 XP. The driver cannot treat from the driver's seat."""
    seed(world)
    gm, p1, p2 = open_user_page("gm"), open_user_page("player1"), open_user_page("player2")
    amb = on_shift(gm, p1, "Capital Ambulance", "paramedic", {ROOK: "driver", FEMI: "crew-2"})
    callout(gm, "paramedic", ["Well Street", "Homerton A&E"], hops=1, patient="fading")
    accept_on_sheet(p1, "paramedic job")
    job = job_of(p1, ROOK)
    assert (job["stage"], job["windowSeconds"]) == ("reachPatient", 180)
    _, err = gm_do(gm, "job.arrive", {"jobId": job["id"]})
    assert err is None, err
    # at the scene: the patient is reached; Player Two cannot load them, Rook's player does from the sheet
    _, err = gm_do(p2, "job.load", {"jobId": job["id"], "actorUuid": f"Actor.{SAL}"})
    assert err and "not on that job" in err
    p1.locator(".smoke-shift-panel [data-shift-action=load]").click()
    p1.wait_for_function("id => game.system.api.shifts.jobsOf(game.actors.get(id)).job?.stage === 'hospital'", arg=ROOK)
    assert seats(gm, amb) == ["driver", "crew-2", "passenger-1"], "the patient is on the stretcher"
    job = job_of(p1, ROOK)
    assert (job["stage"], job["windowSeconds"], job["patient"]["state"]) == ("hospital", 240, "fading")
    skew_time(gm, 41)
    ticks(gm)
    assert job_of(gm, ROOK)["patient"]["state"] == "fading", "under 45 s of active clock: still Fading"
    writes = gm.evaluate(COUNT_JOB_WRITES)
    skew_time(gm, 4)
    p1.wait_for_function("id => game.system.api.shifts.jobsOf(game.actors.get(id)).job.patient.state === 'faltering'", arg=ROOK)
    ticks(gm, n=2)  # more ticks: the state changed once, so the store was written once
    assert gm.evaluate("() => window.jobWrites") == 1 and writes == 0
    # the driver cannot treat; Femi in the back can (Savvy d6: 4 + 4 + 3 = 11 against Medium 10, Sorted)
    refused = roll_job(p1, job["id"], ROOK, [[4, 6], [4, 6]])
    assert isinstance(refused, str) and "stretcher bay" in refused
    after = roll_job(p1, job["id"], FEMI, [[4, 6], [4, 6]])
    assert isinstance(after, dict), after
    assert job_of(gm, ROOK)["patient"]["state"] == "fading"
    # "roll Savvy for treatment" names no band: the card says the Medium is the GM's default
    expect(gm.locator("#chat-log .smoke-check-card").last.locator(".smoke-card-notes")).to_have_text(
        "Band: Medium, the GM's default — the book prints no band for this check; the GM may set another on the callout.")
    before = pocket(gm, ROOK)
    _, err = gm_do(gm, "job.arrive", {"jobId": job["id"]})
    assert err is None, err
    done = stored_job(gm, job["id"])
    assert (done["status"], done["pay"]["pounds"]) == ("done", 83)
    gm.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === {before + 83}")
    assert xp(gm, ROOK) == 1


def test_a_fire_lost_on_a_tie(world, open_user_page):
    """At the fire the crew roll Grit: Smashed It (2), Sorted (1), Proper Mess (2 consequences), then Just About
    (1 and 1) reaches 4 progress and 3 consequences on one roll: the building is lost, £10."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    on_shift(gm, p1, "City Fire Pump", "fire", {ROOK: "driver"})
    callout(gm, "fire", ["Chatsworth Road"], hops=0)
    accept_on_sheet(p1, "fire job")
    job = job_of(p1, ROOK)
    assert (job["stage"], job["windowSeconds"]) == ("response", 150)
    _, err = gm_do(gm, "job.arrive", {"jobId": job["id"]})
    assert err is None, err
    # Grit d6 + Effort d6 + 3 against Medium 10
    for faces in ([[6, 6], [1, 6], [4, 6]],  # 6 explodes + 1 = 7, + 4 + 3 = 14: Smashed It
                  [[4, 6], [4, 6]],  # 11: Sorted
                  [[1, 6], [1, 6]],  # 5: Proper Mess
                  [[3, 6], [4, 6]]):  # 10: Just About
        after = roll_job(p1, job["id"], ROOK, faces)
        assert isinstance(after, dict), after
    done = stored_job(gm, job["id"])
    assert done["fireResult"] == {"progress": 4, "consequences": 3, "lost": True}
    assert (done["status"], done["pay"]["pounds"]) == ("done", 10)
    # "Reach the fire and roll Grit" names no band: each card says the Medium is the GM's default
    expect(gm.locator("#chat-log .smoke-check-card").last.locator(".smoke-card-notes")).to_have_text(
        "Band: Medium, the GM's default — the book prints no band for this check; the GM may set another on the callout.")


def test_attacks_second_accept_forged_completion_and_direct_writes(world, open_user_page):
    """Two players on taxi shifts accept one callout: the first wins, the second is told who took it. A player
    forging a completion (the GM's arrive, a made-up roll card, another's job) or writing the jobs store is refused."""
    seed(world)
    gm, p1, p2 = open_user_page("gm"), open_user_page("player1"), open_user_page("player2")
    on_shift(gm, p1, "Hackney Carriage", "taxi", {ROOK: "driver"})
    cab2 = import_actor(gm, "vehicles", "Hackney Carriage", observer())
    board(p2, cab2, SAL, "driver")
    assert start(p2, SAL, "taxi")["shift"] == "taxi"
    cid = callout(gm, "taxi", ["Mare Street", "Dalston Junction"], hops=1)
    # both fire at once (neither waits for the other); the GM runs requests one at a time: the first wins
    kick = """([cid, actor]) => { window.accepted = game.system.api.requestGM('callout.accept', {calloutId: cid, actorUuid: actor})
        .then(r => [r, null], e => [null, e.message]); }"""
    p1.evaluate(kick, [cid, f"Actor.{ROOK}"])
    p2.evaluate(kick, [cid, f"Actor.{SAL}"])
    (r1, e1), (r2, e2) = p1.evaluate("() => window.accepted"), p2.evaluate("() => window.accepted")
    assert [e1, e2].count(None) == 1, (e1, e2)
    winner, loser, job_id = ("Rook", SAL, r1["jobId"]) if e1 is None else ("Sal", ROOK, r2["jobId"])
    assert f"{winner} took that callout" in (e2 if e1 is None else e1)
    assert job_of(gm, loser) is None
    # p2 cannot act for Rook, nor complete Rook's job
    _, err = gm_do(p2, "callout.accept", {"calloutId": cid, "actorUuid": f"Actor.{ROOK}"})
    assert err and "do not own" in err
    _, err = gm_do(p2, "job.check.issue", {"jobId": job_id, "actorUuid": f"Actor.{SAL}"})
    assert err and ("not on that job" in err or "No check is due" in err or "driver" in err)
    # a forged card: a chat message with a made-up rollId is not a roll the GM issued
    msg = p1.evaluate("""async () => (await ChatMessage.create({content: 'Sorted!', flags: {'the-smoke': {rollId: 'fake'}}})).id""")
    _, err = gm_do(p1, "job.check.claim", {"rollId": "fake", "messageId": msg})
    assert err and "again" in err.lower()
    # the stores are the GM's: a player's direct write is refused by the server
    err = p1.evaluate("""() => game.settings.set('the-smoke', 'jobs', {}).then(() => null, e => e.message)""")
    assert err, "a player cannot write the jobs store"
    assert stored_job(gm, job_id)["status"] == "travel"
    # bad callouts from the GM: no destination, negative or absurd H
    for data, words in (({"destinations": []}, "destination"), ({"hops": -1}, "H must be"), ({"hops": 999}, "H must be")):
        payload = {"shift": "taxi", "name": "Bad", "hops": 1,
                   "destinations": [{"sceneId": SCENE, "regionUuid": "", "name": "A"}, {"sceneId": SCENE, "regionUuid": "", "name": "B"}],
                   **data}
        _, err = gm_do(gm, "callout.create", payload)
        assert err and words in err, (data, err)
    # a shift without a suitable motor, or not from the driver's seat
    assert "must be in the driver's seat" in start(p1, FEMI, "taxi")
    hatch = import_actor(gm, "vehicles", "Vexa Hatch", observer())
    board(p1, hatch, FEMI, "driver")
    assert "does not suit" in start(p1, FEMI, "taxi")


CALLOUT_FIELDS = ["call", "fareName", "perkTip", "bonus", "patient", "target", "arrest", "check", "band"]


def shown_fields(dialog) -> list[str]:
    """The callout form's optional fields a GM sees now (by field name), and how many destination rows."""
    shown = [f for f in CALLOUT_FIELDS if dialog.locator(f"[name={f}]").is_visible()]
    rows = sum(1 for i in range(4) if dialog.locator(f"[name=dest{i}]").is_visible())
    return shown + [f"rows:{rows}"]


def test_the_shifts_window_is_one_click_from_the_gm_screen_and_new_callout_shows_the_shifts_own_fields(world, open_user_page,
                                                                                                    page_errors):
    """Issue 25, defect 10: no click path led to the Shifts window (the GM Screen's Tools now has one), and *New
    callout* showed every field of every shift type, with a raw token-UUID box. It shows the chosen shift's fields
    only (and as many destinations as its stages), and the target is picked by name from the viewed scene's tokens.
    The dialog's `render` callback is v13 DialogV2's (fvtt-types 13.345 `client/applications/api/dialog.d.mts`
    `RenderCallback`); disabled fields are not submitted (FormDataExtended, as the browser's FormData)."""
    world.seed(actors=[person(ROOK, "Rook", P1)],
               scenes=[{"_id": SCENE, "name": "Mare Street", "active": True, "width": 2000, "height": 1000, "grid": {"size": 100},
                        "tokens": [{"_id": "SuspectToken0001", "name": "Vexa Hatch", "x": 500, "y": 500}],
                        "regions": [{"_id": "LeaBridgeRegion1", "name": "Lea Bridge Road",
                                     "shapes": [{"type": "rectangle", "x": 100, "y": 100, "width": 100, "height": 100}]}]}])
    gm = open_user_page("gm")
    gm.locator("body").click(position={"x": 5, "y": 5})
    gm.keyboard.press("Shift+KeyG")
    screen = gm.locator("#smoke-gm-screen")
    screen.locator("button[data-screen-tab='tools']").click()
    screen.locator("button[data-tool='shifts']").click()
    window = gm.locator("#smoke-shifts")
    expect(window).to_be_visible()
    window.locator("[data-action=newCallout]").click()
    dialog = gm.locator("dialog[open]", has=gm.locator(".smoke-callout-form"))
    expect(dialog).to_be_visible()
    assert dialog.locator("input[name=targetUuid]").count() == 0, "no raw UUID box"
    shift = dialog.locator("select[name=shift]")
    shift.select_option("taxi")
    assert shown_fields(dialog) == ["fareName", "perkTip", "band", "rows:2"]
    shift.select_option("bus")
    assert shown_fields(dialog) == ["bonus", "rows:4"]
    shift.select_option("paramedic")
    assert shown_fields(dialog) == ["fareName", "patient", "band", "rows:2"]
    shift.select_option("fire")
    assert shown_fields(dialog) == ["band", "rows:1"]
    shift.select_option("police")
    dialog.locator("select[name=call]").select_option("anpr")
    assert shown_fields(dialog) == ["call", "target", "rows:1"]
    dialog.locator("select[name=call]").select_option("disturbance")
    assert shown_fields(dialog) == ["call", "target", "arrest", "check", "band", "rows:1"]
    dialog.locator("[name=arrest]").check()
    assert shown_fields(dialog) == ["call", "target", "arrest", "check", "band", "rows:2"]
    dialog.locator("select[name=call]").select_option("anpr")
    target = dialog.locator("select[name=target]")
    assert "Vexa Hatch" in target.locator("option").all_inner_texts()
    target.select_option(label="Vexa Hatch")
    dialog.locator("[name=name]").fill("Marked motor")
    dialog.locator("select[name=dest0]").select_option(label="Mare Street: Lea Bridge Road")
    dialog.locator("button[data-action=ok]").click()
    gm.wait_for_function("() => Object.values(game.system.api.shifts.callouts()).some(c => c.name === 'Marked motor')")
    stored = gm.evaluate("() => Object.values(game.system.api.shifts.callouts()).find(c => c.name === 'Marked motor')")
    assert (stored["shift"], stored["call"]) == ("police", "anpr")
    assert stored["extra"]["targetUuid"] == f"Scene.{SCENE}.Token.SuspectToken0001"
    assert stored["extra"]["arrest"] is False  # the hidden tick of the disturbance is not sent with an ANPR sweep
    assert stored["extra"]["band"] is None  # an ANPR sweep has no check to band
    # A taxi's Wheels check prints no band: the GM may set one on the callout (empty is the default, Medium).
    window.locator("[data-action=newCallout]").click()
    dialog = gm.locator("dialog[open]", has=gm.locator(".smoke-callout-form"))
    dialog.locator("select[name=shift]").select_option("taxi")
    expect(dialog.locator("select[name=band] option").first).to_have_text("Medium (the default)")
    dialog.locator("select[name=band]").select_option("hard")
    dialog.locator("[name=name]").fill("Hard fare")
    dialog.locator("select[name=dest0]").select_option(label="Mare Street: Lea Bridge Road")
    dialog.locator("select[name=dest1]").select_option(label="Mare Street: Lea Bridge Road")
    dialog.locator("button[data-action=ok]").click()
    gm.wait_for_function("() => Object.values(game.system.api.shifts.callouts()).some(c => c.name === 'Hard fare')")
    assert gm.evaluate("() => Object.values(game.system.api.shifts.callouts()).find(c => c.name === 'Hard fare').extra.band") == "hard"
    assert page_errors[gm] == []
