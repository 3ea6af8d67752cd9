"""The Blower's *Pat's orders* and *Objectives* (issue 25, defect 2). The phone files by what a thing is: a mission is
a mission whoever its client is (Auntie Pat too), under Objectives; *Pat's orders* are the book's Pat orders, the
Shifts feature's `patOrder` callouts and job (Service pay and tips: "Pat's order … A completed order awards 2 XP; it is
not a generic career crew fee"). Both screens follow the GM's records as they change, and their countdowns run from
the records' timestamps."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from helpers import skew_time
from helpers.blower import open_app, phone
from helpers.missions import ask, make_page, terms, wait_run, run_of
from helpers.shifts import ROOK, callout, seed

pytestmark = pytest.mark.harness_only


def test_a_mission_for_pat_is_an_objective_and_pats_orders_are_her_orders_both_live(world, open_user_page, page_errors):
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    page_uuid = make_page(gm, "Two Bikes for Pat", terms(deadlineSeconds=600))
    assert ask(p1, "mission.accept", {"pageUuid": page_uuid, "actorUuids": [f"Actor.{ROOK}"]})[1] is None
    wait_run(gm, page_uuid)

    # Auntie Pat's mission is a mission: under Objectives, with its objectives and its deadline counting down.
    open_app(p1, "objectives")
    screen = phone(p1).locator(".smoke-blower-screen[data-screen=objectives]")
    mission = screen.locator(".smoke-blower-mission").filter(has_text="Two Bikes for Pat")
    expect(mission).to_contain_text("Auntie Pat")
    expect(mission.locator("li")).to_have_text(["Find the Whippet — to do", "Bring it to the arches — to do"])
    expect(mission.locator(".smoke-mission-countdown")).to_have_text(re.compile(r"^(10:00|9:[45]\d)$"))
    expect(screen.locator(".smoke-blower-empty")).to_have_count(0)

    # The GM ticks an objective off and the phone, still open on Objectives, follows; the deadline runs on.
    run_id = run_of(gm, page_uuid)["id"]
    assert ask(gm, "mission.objective", {"id": run_id, "objectiveId": "find", "state": "done"})[1] is None
    expect(mission.locator("li").first).to_have_text("Find the Whippet — done")
    skew_time(gm, 120)
    expect(mission.locator(".smoke-mission-countdown")).to_have_text(re.compile(r"^(8:0\d|7:[45]\d)$"))

    # Pat's orders holds no mission: Pat has ordered nothing yet.
    open_app(p1, "orders")
    orders = phone(p1).locator(".smoke-blower-screen[data-screen=orders]")
    expect(orders.locator(".smoke-blower-empty")).to_have_text("No order from Pat.")
    expect(orders).not_to_contain_text("Two Bikes for Pat")

    # Pat orders (the GM's patOrder callout): it arrives on the open screen, on its own app (not Jobs), and is taken there.
    callout(gm, "patOrder", ["The Arches"], hops=0)
    order = orders.locator(".smoke-blower-callout")
    expect(order).to_contain_text("patOrder job")
    expect(orders.locator(".smoke-blower-empty")).to_have_count(0)
    open_app(p1, "jobs")
    expect(phone(p1).locator(".smoke-blower-screen[data-screen=jobs]")).not_to_contain_text("patOrder job")
    phone(p1).locator("[data-action=home]").click()
    expect(phone(p1).locator("[data-badge=orders]")).to_have_text("1")
    open_app(p1, "orders")
    orders.locator(".smoke-blower-callout [data-action=accept]").click()
    card = orders.locator(".smoke-blower-job")
    expect(card.locator(".smoke-blower-jobname")).to_have_text("patOrder job")
    expect(card).to_contain_text("The Arches")
    # Pat's order: 1800 job-clock seconds (Patients, fires and job clocks), counted down on the open screen.
    expect(card.locator(".smoke-blower-countdown")).to_have_text(re.compile(r"^(30:00|29:[45]\d)$"))
    skew_time(gm, 60)
    expect(card.locator(".smoke-blower-countdown")).to_have_text(re.compile(r"^(29:00|28:[45]\d)$"))
    assert page_errors[p1] == [] and page_errors[gm] == []
