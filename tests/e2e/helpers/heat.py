"""Helpers shared by test_heat.py and its neighbours (moved from test_heat.py; no test file imports another)."""

from __future__ import annotations
import pytest
from playwright.sync_api import Page, expect
from helpers.core import skew_time
from . import SEED_DICE
from . import import_actor, observer, VEHICLES_MODULE
from . import add_from_pack


HEAT = "id => game.actors.get(id).system.heat"


FAR, NEAR = 5000, 500  # x of the police token: 49 squares away (out of sight), 4 squares (in sight)


def setup(gm: Page, p1: Page, *, police_x: int = FAR) -> dict:
    """Danny (Player One's) on a scene with a Metro Police Officer token at `police_x`; returns ids."""
    p1_id = p1.evaluate("game.user.id")
    danny = import_actor(gm, "pregens", 'Danny "Tealeaf" Doyle', {"ownership": {p1_id: 3}})
    cop = import_actor(gm, "street-people", "Metro Police Officer")
    ids = gm.evaluate("""async ([danny, cop, x]) => {
        const scene = await Scene.create({name: "Morning Lane", active: true, width: 6000, height: 2000, grid: {size: 100}});
        const [dt, ct] = await scene.createEmbeddedDocuments("Token", [
          {name: "Danny", actorId: danny, actorLink: true, x: 100, y: 100},
          {name: "PC Okafor", actorId: cop, actorLink: true, x, y: 100}]);
        return {scene: scene.id, dannyToken: dt.id, copToken: ct.id};
    }""", [danny, cop, police_x])
    p1.wait_for_function("id => !!game.actors.get(id)", arg=danny)
    return {"danny": danny, "cop": cop, **ids}


def set_heat(gm: Page, actor_id: str, stars: int) -> None:
    gm.evaluate("([id, n]) => game.system.api.requestGM('heat.set', {actorUuid: `Actor.${id}`, stars: n})", [actor_id, stars])


def move_cop(gm: Page, ids: dict, x: int) -> None:
    gm.evaluate("([s, t, x]) => game.scenes.get(s).tokens.get(t).update({x})", [ids["scene"], ids["copToken"], x])


def open_character(page: Page, actor_id: str):
    page.evaluate("id => game.actors.get(id).sheet.render({force: true})", actor_id)
    sheet = page.locator(f".application.sheet[id$='{actor_id}']")
    expect(sheet).to_be_visible()
    return sheet


def countdown(page: Page, actor_id: str) -> str:
    return page.evaluate("id => document.querySelector(`[data-smoke-heat-countdown='Actor.${id}']`)?.textContent ?? ''", actor_id)


def seconds_shown(page: Page, actor_id: str) -> int:
    text = countdown(page, actor_id)
    assert text.endswith(" s to lose a star"), text
    return int(text.split(" ")[0])
