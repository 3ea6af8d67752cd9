"""Helpers shared by test_shifts.py and its neighbours (moved from test_shifts.py; no test file imports another)."""

from __future__ import annotations
import re
import pytest
from playwright.sync_api import Page, expect
from helpers.core import skew_time
from . import SEED_DICE
from . import import_actor, observer


P1 = "HarnessPlayer001"


P2 = "HarnessPlayer002"


ROOK = "RookActor0000001"


FEMI = "FemiActor0000001"


SAL = "SalActor00000001"


SCENE = "ShiftScene000001"


def person(_id: str, name: str, owner: str, **stats) -> dict:
    dice = {k: {"die": stats.get(k, 6)} for k in ("mus", "grt", "mov", "whl", "aim", "grf", "sav", "frt", "btl")}
    return {"_id": _id, "name": name, "type": "character", "ownership": {"default": 0, owner: 3},
            "system": {"stats": dice, "cash": {"pocket": 10, "stash": 0}}}


COUNT_JOB_WRITES = """() => {
    window.jobWrites = 0;
    const set = game.settings.set;
    game.settings.set = function (ns, key, ...rest) { if (key === 'jobs') window.jobWrites++; return set.call(this, ns, key, ...rest); };
    return 0;
}"""


def seed(world) -> None:
    world.seed(actors=[person(ROOK, "Rook", P1), person(FEMI, "Femi", P1), person(SAL, "Sal", P2)],
               scenes=[{"_id": SCENE, "name": "Mare Street", "tokens": []}])


def gm_do(page: Page, kind: str, data: dict):
    """A request from this page; returns [result, error message]."""
    return page.evaluate("""([t, d]) => game.system.api.requestGM(t, d).then(r => [r ?? null, null], e => [null, e.message])""",
                         [kind, data])


def board(page: Page, vehicle_id: str, actor_id: str, seat: str) -> None:
    # The motor may have been imported by the GM a moment ago: wait until this client has it (and its token).
    page.wait_for_function("([v, a]) => !!game.actors.get(v) && !!game.actors.get(a)", arg=[vehicle_id, actor_id])
    result = page.evaluate("""async ([v, a, seat]) => {
        const api = game.system.api.vehicles;
        try { return await api.boardVehicle(game.actors.get(v), game.actors.get(a), {seat}); } catch (e) { return e.message; }
    }""", [vehicle_id, actor_id, seat])
    assert isinstance(result, dict), result


def start(page: Page, actor_id: str, shift: str):
    # The character may have been made by the GM a moment ago: wait until this client has it (as board does).
    page.wait_for_function("a => !!game.actors.get(a)", arg=actor_id)
    return page.evaluate("""([a, s]) => game.system.api.shifts.startShift(game.actors.get(a), s)
        .then(r => r, e => e.message)""", [actor_id, shift])


def callout(gm: Page, shift: str, names: list[str], hops: int = 1, **extra) -> str:
    result, err = gm_do(gm, "callout.create", {
        "shift": shift, "call": extra.pop("call", None), "name": f"{shift} job", "hops": hops,
        "destinations": [{"sceneId": SCENE, "regionUuid": "", "name": n} for n in names], "extra": extra})
    assert err is None, err
    return result["id"]


def job_of(page: Page, actor_id: str) -> dict | None:
    return page.evaluate("id => game.system.api.shifts.jobsOf(game.actors.get(id)).job", actor_id)


def stored_job(page: Page, job_id: str) -> dict:
    return page.evaluate("id => game.system.api.shifts.jobs()[id]", job_id)


def pocket(page: Page, actor_id: str) -> int:
    return page.evaluate("id => game.system.api.money.purseOf(game.actors.get(id)).pocket", actor_id)


def xp(page: Page, actor_id: str) -> int:
    return page.evaluate("id => game.actors.get(id).system.rep.xp", actor_id)


def seats(page: Page, vehicle_id: str) -> list[str]:
    return [o["seat"] for o in page.evaluate("uuid => game.settings.get('the-smoke', 'seats')[uuid] ?? []", f"Actor.{vehicle_id}")]


def roll_job(page: Page, job_id: str, actor_id: str, faces: list[list[int]]):
    """Roll the stage's check with seeded dice (no dialog); returns the job after it, or the refusal's text."""
    page.evaluate("() => game.settings.set('the-smoke', 'skipRollDialog', true)")
    page.evaluate(SEED_DICE, faces)
    return page.evaluate("""async ([j, a]) => {
        const warned = []; const orig = ui.notifications.warn; ui.notifications.warn = m => { warned.push(m); return orig.call(ui.notifications, m); };
        try { const r = await game.system.api.shifts.rollJobCheck(j, game.actors.get(a)); return r ?? warned.join(' | '); }
        finally { ui.notifications.warn = orig; }
    }""", [job_id, actor_id])


def on_shift(gm: Page, p1: Page, pack_name: str, shift: str, seats_: dict[str, str]) -> str:
    """The GM brings out a service motor (players may see it); player one boards it and starts the shift."""
    motor = import_actor(gm, "vehicles", pack_name, observer())
    for actor_id, seat in seats_.items():
        board(p1, motor, actor_id, seat)
    assert start(p1, ROOK, shift) == {"shift": shift, "vehicleUuid": f"Actor.{motor}"}
    return motor


def accept_on_sheet(p1: Page, callout_name: str) -> None:
    p1.evaluate("id => game.actors.get(id).sheet.render({force: true})", ROOK)
    panel = p1.locator(".smoke-shift-panel")
    expect(panel.get_by_text(callout_name)).to_be_visible()
    panel.locator("[data-shift-action=accept]").first.click()
    p1.wait_for_function("id => !!game.system.api.shifts.jobsOf(game.actors.get(id)).job", arg=ROOK)
