"""Crossing London with a job running (issues 17 and 14): a motor with its driver and passenger drives into an EXIT
strip and arrives on the linked map with both aboard, seats kept, and its taxi job's clock has the same time left; the
job's H is the street map's hops between its two maps."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from helpers import MAKE_MAP, MOVE, P1, crossed, motor_with_driver_and_passenger, seat_records, tokens_of
from helpers.shifts import gm_do, job_of, start

pytestmark = pytest.mark.harness_only

LEFT = "id => game.system.api.shifts.jobsOf(game.actors.get(id)).job?.secondsLeft ?? null"


def test_a_motor_crosses_with_its_crew_and_its_taxi_clock_keeps_its_time(gm_page: Page, player1_page: Page,
                                                                          player2_page: Page):
    gm, p1 = gm_page, player1_page
    m = gm.evaluate(MAKE_MAP)
    c = motor_with_driver_and_passenger(gm, m, {P1: 3})
    # the GM lets the Vexa Hatch work taxi shifts (a player-owned motor's suitability is the GM's call)
    _, err = gm_do(gm, "shift.motor", {"vehicleUuid": f"Actor.{c['car']}", "shifts": ["taxi"]})
    assert err is None, err
    assert start(p1, c["danny"], "taxi") == {"shift": "taxi", "vehicleUuid": f"Actor.{c['car']}"}
    # a fare from Mare Street to Dalston: two maps two hops apart, so H = 2 and the drop-off window is 120 + 90 × 2
    result, err = gm_do(gm, "callout.create", {"shift": "taxi", "call": None, "name": "Fare to Dalston", "hops": 0,
                                               "destinations": [{"sceneId": m["mare"], "regionUuid": "", "name": "Mare Street"},
                                                                {"sceneId": m["dalston"], "regionUuid": "", "name": "Dalston"}],
                                               "extra": {}})
    assert err is None, err
    _, err = gm_do(p1, "callout.accept", {"calloutId": result["id"], "actorUuid": f"Actor.{c['danny']}"})
    assert err is None, err
    job = job_of(p1, c["danny"])
    assert (job["stage"], job["windowSeconds"]) == ("pickup", 150)
    assert gm.evaluate("id => game.system.api.shifts.jobs()[id].hops", job["id"]) == 2
    before = p1.evaluate(LEFT, c["danny"])
    # Danny drives into Mare Street's east strip: motor, driver and passenger arrive on Morning Lane together
    p1.evaluate(MOVE, [m["mare"], c["vt"], 1900, 500])
    crossed(gm, m["morning"], c["car"])
    for actor in (c["danny"], c["jaz"]):
        assert len(tokens_of(gm, m["morning"], actor)) == 1 and tokens_of(gm, m["mare"], actor) == []
    assert [r["seat"] for r in seat_records(gm, f"Actor.{c['car']}")] == ["driver", "passenger-1"]
    after = p1.evaluate(LEFT, c["danny"])
    assert job_of(p1, c["danny"])["id"] == job["id"]
    # the same clock: only the seconds the crossing took have gone (a clock is timestamps, not ticks)
    assert before - 3 <= after <= before, (before, after)
