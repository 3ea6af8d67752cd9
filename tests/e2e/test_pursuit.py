"""The police shift's pursuit in the browser (issue 28; rulebook: Work the borough › Police, "Pursuit: … Proper Mess
opens 2 and causes a collision. The getaway TN is 4 + half the sum of driver Wheels and vehicle Performance faces +
Handling, rounded"; Which chase?): the getaway TN from the target the GM named — its driver's Wheels on the GM's
record, its motor's Performance and Handling on the GM's printed record (the catalogue entry's) — or, with nobody
named, the assumed getaway driver (a ruling: docs/guide/13-rulings.md), each said on the job's card with the gap and
the collision's note.

v13 facts these rest on, from sources we did not write: an owner may update their own Actor (foundryvtt.com/api/v13
Actor: `canUserModify` is the owner's), which is why the target's Wheels is the GM's record and its motor's numbers
the GM's printed record; ``updateActor`` fires on every client with the requesting user's id
(https://foundryvtt.com/api/functions/hookEvents.updateDocument.html), which is when the GM fixes the check in the
attack below, before it puts the forged Handling back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from helpers import import_actor, observer
from helpers.record import armed, ask_when_forged, forge
from helpers.shifts import ROOK, SAL, SCENE, board, callout, gm_do, on_shift, roll_job, seed, stored_job

pytestmark = pytest.mark.harness_only


def test_the_getaway_tn_is_the_named_targets_or_the_assumed_drivers_and_the_card_says_which(world, open_user_page,
                                                                                             page_errors):
    """Rook drives the area car on a police shift. The GM names the Fiester ST Hot Hatch Sal drives (Performance d8,
    Handling +1; Sal's Wheels d6): getaway TN 4 + (6 + 8) / 2 + 1 = 12. Sal's player writes Sal's Wheels to d12 and the
    hatch's Handling to +3 (their own actor and motor) straight to the server: the TN stays 12. Rook rolls 1 and 1 (+3):
    5, Proper Mess: the gap opens from 2 to 4 and the card says the collision is the GM's to rule; 2 and 2: 7, another
    Proper Mess, and the target gets away. A pursuit with nobody named: TN 11, the card says the target is assumed —
    Wheels d8, Performance d6, Handling +0."""
    seed(world)
    gm, p1, p2 = open_user_page("gm"), open_user_page("player1"), open_user_page("player2")
    p2_id = p2.evaluate("game.user.id")
    on_shift(gm, p1, "Metro Police Area Car", "police", {ROOK: "driver"})
    hatch = import_actor(gm, "vehicles", "Fiester ST Hot Hatch", {"ownership": {"default": 2, p2_id: 3}})
    board(gm, hatch, SAL, "driver")
    token = gm.evaluate("""async ([scene, hatch]) => (await game.scenes.get(scene).createEmbeddedDocuments("Token",
        [{actorId: hatch, actorLink: true, name: "Hot hatch", x: 600, y: 0}]))[0].uuid""", [SCENE, hatch])
    cid = callout(gm, "police", ["Homerton High Street"], hops=1, call="pursuit", targetUuid=token)
    result, err = gm_do(p1, "callout.accept", {"calloutId": cid, "actorUuid": f"Actor.{ROOK}"})
    assert err is None, err
    job_id = result["jobId"]
    _, err = gm_do(gm, "job.arrive", {"jobId": job_id})
    assert err is None, err

    # The attack: Sal's player raises Sal's Wheels and the hatch's Handling on their own sheets.
    p2.wait_for_function("id => !!game.actors.get(id)", arg=hatch)
    forge(p2, "Actor", [{"_id": SAL, "system.stats.whl.die": 12}])
    # The GM fixes the check the moment the forged Handling arrives, before it puts it back: the TN is still 12.
    ask_when_forged(gm, hatch, "job.check.issue", {"jobId": job_id, "actorUuid": f"Actor.{ROOK}"})
    forge(p2, "Actor", [{"_id": hatch, "system.handling": 3}])
    assert armed(gm)["ok"]["tn"] == 12
    gm.wait_for_function("id => game.actors.get(id)._source.system.handling === 1", arg=hatch)
    issued, err = gm_do(p1, "job.check.issue", {"jobId": job_id, "actorUuid": f"Actor.{ROOK}"})
    assert err is None, err
    assert (issued["kind"], issued["stat"], issued["tn"]) == ("pursuit", "whl", 12)

    assert isinstance(roll_job(p1, job_id, ROOK, [[1, 6], [1, 6]]), dict)  # 5 against 12: Proper Mess
    assert stored_job(gm, job_id)["gap"] == 4
    card = gm.locator("#chat-log .shift-card").last
    expect(card).to_contain_text("Getaway TN 12: Sal — Wheels d6, Performance d8, Handling +1.")
    expect(card).to_contain_text("The gap is 4 (0 catches, 5 escapes).")
    expect(card).to_contain_text("Proper Mess: a collision. The book gives it no harm of its own and no gauge crash is charged "
                                 "for the same roll: the GM rules what it costs")
    roll_job(p1, job_id, ROOK, [[2, 6], [2, 6]])  # 7: Proper Mess, the gap reaches 5 (the job ends: nothing returned)
    gm.wait_for_function("id => game.system.api.shifts.jobs()[id].status === 'failed'", arg=job_id)
    assert stored_job(gm, job_id)["gap"] == 5

    cid = callout(gm, "police", ["Lea Bridge Road"], hops=1, call="pursuit")
    result, err = gm_do(p1, "callout.accept", {"calloutId": cid, "actorUuid": f"Actor.{ROOK}"})
    assert err is None, err
    _, err = gm_do(gm, "job.arrive", {"jobId": result["jobId"]})
    assert err is None, err
    assert isinstance(roll_job(p1, result["jobId"], ROOK, [[4, 6], [4, 6]]), dict)  # 11 against 11: Just About
    assert stored_job(gm, result["jobId"])["gap"] == 1
    card = gm.locator("#chat-log .shift-card").last
    expect(card).to_contain_text("Getaway TN 11: nobody named drives a motor, so the target is assumed — Wheels d8, "
                                 "Performance d6, Handling +0")
    expect(card).not_to_contain_text("collision")
    for page in (gm, p1, p2):
        assert page_errors[page] == []
