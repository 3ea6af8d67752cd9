"""The Blower's Jobs and Directions read the Shifts feature's own records (issue 15 with issue 14): a callout the GM
made shows on the player's phone, Accept on the phone takes it through the GM, and the job's stage, destination and
countdown are the same as on the sheet; the phone writes nothing of its own."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from helpers import ticks

from helpers import skew_time
from helpers.blower import open_app, phone
from helpers.shifts import ROOK, callout, gm_do, job_of, on_shift, seed

pytestmark = pytest.mark.harness_only


def test_the_phone_shows_a_real_callout_takes_it_and_counts_the_job_down(world, open_user_page):
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    on_shift(gm, p1, "Hackney Carriage", "taxi", {ROOK: "driver"})
    callout(gm, "taxi", ["Mare Street", "Dalston Junction"], hops=1)
    open_app(p1, "jobs")
    screen = phone(p1).locator(".smoke-blower-screen[data-screen=jobs]")
    expect(screen).to_contain_text("Shift: Taxi")
    expect(screen.locator(".smoke-blower-callout")).to_contain_text("taxi job")
    screen.locator(".smoke-blower-callout [data-action=accept]").click()
    p1.wait_for_function("id => !!game.system.api.shifts.jobsOf(game.actors.get(id)).job", arg=ROOK)
    job = job_of(p1, ROOK)
    assert (job["stage"], job["windowSeconds"]) == ("pickup", 150)
    card = screen.locator(".smoke-blower-job")
    expect(card).to_contain_text("Pickup — Mare Street")
    expect(card.locator(".smoke-blower-countdown")).to_have_text(re.compile(r"^2:(30|29|28|27)$"))
    skew_time(gm, 60)
    expect(card.locator(".smoke-blower-countdown")).to_have_text(re.compile(r"^1:(30|29|28|27)$"))
    # the game paused: the phone's countdown stands, like the sheet's
    gm.evaluate("() => game.togglePause(true, {broadcast: true})")
    p1.wait_for_function("() => game.settings.get('the-smoke', 'activeTime').pausedAt !== null")
    shown = card.locator(".smoke-blower-countdown").inner_text()
    skew_time(gm, 30)
    ticks(p1, n=2)
    assert card.locator(".smoke-blower-countdown").inner_text() == shown
    # Directions: where to go now is the job's pickup
    open_app(p1, "directions")
    expect(phone(p1).locator(".smoke-blower-screen[data-screen=directions]")).to_contain_text("Pickup: Mare Street")


def test_a_courier_jobs_cargo_is_in_words_on_the_phone(world, open_user_page, page_errors):
    """Issue 25, defect 3: after accepting a courier job the phone's Jobs said "Cargo: [object Object]". It says where
    the cargo is (the Shifts feature's record): to collect, then on board once the pickup is reached, then damaged when
    the GM marks it so."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    on_shift(gm, p1, "Deliverer E-Bike", "courier", {ROOK: "driver"})
    callout(gm, "courier", ["Mare Street", "Dalston Junction"], hops=1)
    open_app(p1, "jobs")
    screen = phone(p1).locator(".smoke-blower-screen[data-screen=jobs]")
    screen.locator(".smoke-blower-callout [data-action=accept]").click()
    card = screen.locator(".smoke-blower-job")
    expect(card).to_contain_text("Cargo: to collect at the pickup")
    job_id = job_of(p1, ROOK)["id"]
    assert gm_do(gm, "job.arrive", {"jobId": job_id})[1] is None
    expect(card).to_contain_text("Cargo: collected, on board")
    assert gm_do(gm, "job.damage", {"jobId": job_id})[1] is None
    expect(card).to_contain_text("Cargo: damaged")
    expect(screen).not_to_contain_text("object")
    assert page_errors[p1] == []


def test_directions_change_from_pickup_to_delivery_as_the_job_progresses(world, open_user_page, page_errors):
    """Foundry table guide › The Blower: "A job's Directions changes from pickup to delivery as the job progresses."
    The open Directions screen reads the pickup; the player asking the GM to count the pickup reached is refused (the
    stage is the GM's record: the Shifts feature's `job.arrive` is GM-only) and the screen still reads the pickup; when
    the GM's Reached boards the fare, the same open screen reads the drop-off."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    on_shift(gm, p1, "Hackney Carriage", "taxi", {ROOK: "driver"})
    callout(gm, "taxi", ["Mare Street", "Dalston Junction"], hops=1)
    open_app(p1, "jobs")
    jobs = phone(p1).locator(".smoke-blower-screen[data-screen=jobs]")
    jobs.locator(".smoke-blower-callout [data-action=accept]").click()
    p1.wait_for_function("id => !!game.system.api.shifts.jobsOf(game.actors.get(id)).job", arg=ROOK)
    job_id = job_of(p1, ROOK)["id"]
    open_app(p1, "directions")
    screen = phone(p1).locator(".smoke-blower-screen[data-screen=directions]")
    expect(screen.locator(".smoke-blower-card")).to_contain_text("Pickup: Mare Street")

    # A player cannot move the job on: the request is the GM's, and nothing changes on the phone.
    result, err = gm_do(p1, "job.arrive", {"jobId": job_id})
    assert result is None and err, "a player's job.arrive must be refused"
    page_errors[p1].clear()  # that refusal was the point
    assert job_of(p1, ROOK)["stage"] == "pickup"
    expect(screen.locator(".smoke-blower-card")).to_contain_text("Pickup: Mare Street")

    # The GM counts the pickup reached: the fare boards, and the open Directions screen follows to the drop-off.
    result, err = gm_do(gm, "job.arrive", {"jobId": job_id})
    assert err is None, err
    p1.wait_for_function("id => game.system.api.shifts.jobsOf(game.actors.get(id)).job?.stage === 'dropOff'", arg=ROOK)
    expect(screen.locator(".smoke-blower-card")).to_contain_text("Drop-off: Dalston Junction")
    assert page_errors[p1] == []
