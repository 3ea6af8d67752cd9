"""Helpers shared by test_money.py and its neighbours (moved from test_money.py; no test file imports another)."""

from __future__ import annotations
import re
import pytest
from playwright.sync_api import Page, expect
from . import SEED_DICE
from . import add_from_pack, statuses


P1, P2 = "HarnessPlayer001", "HarnessPlayer002"


ROOK, SAL, BEX, CAR = "RookActor0000001", "SalActor00000001", "BexActor00000001", "CarActor00000001"


SCENE = "SceneHighSt00001"


T_ROOK, T_SAL, T_BEX, T_CAR = "TokenRook0000001", "TokenSal00000001", "TokenBex00000001", "TokenCar00000001"


SQ = 100


def region(rid: str, name: str, x: int, kind: str, **system) -> dict:
    """A 3×3-square place at column x (squares), on the top row."""
    return {"_id": rid, "name": name, "shapes": [{"type": "rectangle", "x": x * SQ, "y": 0, "width": 3 * SQ,
                                                  "height": 3 * SQ}],
            "behaviors": [{"_id": f"B{rid[1:]}", "name": name, "type": "the-smoke.place",
                           "system": {"kind": kind, **system}}]}


REGIONS = [region("RShop00000000001", "Costcutter", 5, "cornerShop"),
           region("RPats00000000001", "Pat's Arches", 10, "patsArches"),
           region("RFlat00000000001", "Rook's flat", 15, "flat", residents=[f"Actor.{ROOK}"]),
           region("RYard00000000001", "Bow Breakers Yard", 20, "fence", buyer="bowBreakers"),
           region("RSpray0000000001", "Kwik Spray", 25, "respray"),
           region("RMarket000000001", "Ridley Road", 30, "market"),
           region("RGarage000000001", "Mare Street Motors", 35, "garage", garagePerBody=12),
           region("RHomerton0000001", "Homerton", 40, "aAndE")]


STREET = (1, 6)  # a square outside every place


def place(rid: str, scene: str = SCENE) -> str:
    """A place's Region UUID: what a request at that place names."""
    return f"Scene.{scene}.Region.{rid}"


FLAT, YARD, SPRAY, GARAGE = (place(r) for r in ("RFlat00000000001", "RYard00000000001", "RSpray0000000001",
                                                "RGarage000000001"))


def at(col: int) -> dict:
    return {"x": col * SQ, "y": SQ}


def seed(world, *, rook: dict | None = None, extra_tokens: list | None = None, actors: list | None = None) -> None:
    system = {"cash": {"pocket": 40, "stash": 100}, "heat": 0, "relationships": {"street": 5, "crew": 3, "police": 0}}
    system.update(rook or {})
    world.seed(actors=[{"_id": ROOK, "name": "Rook", "type": "character", "ownership": {"default": 0, P1: 3},
                        "system": system}] + (actors or []),
               scenes=[{"_id": SCENE, "name": "Hackney", "active": True, "width": 5000, "height": 1000,
                        "grid": {"type": 1, "size": SQ, "distance": 1, "units": "sq"}, "regions": REGIONS,
                        "tokens": [{"_id": T_ROOK, "name": "Rook", "actorId": ROOK, "actorLink": True,
                                    "x": STREET[0] * SQ, "y": STREET[1] * SQ}] + (extra_tokens or [])}])


def move(gm: Page, token: str, col: int, row: int = 1) -> None:
    gm.evaluate("""([t, x, y]) => game.scenes.get('%s').tokens.get(t).update({x, y})""" % SCENE, [token, col * SQ, row * SQ])


def wait_at(page: Page, actor: str, kind: str | None) -> None:
    """Until the actor's places (on this client) include `kind`, or are empty for None."""
    page.wait_for_function("""([a, k]) => { const p = game.system.api.places.placesOf(game.actors.get(a));
        return k === null ? p.length === 0 : p.some(x => x.kind === k); }""", arg=[actor, kind])


def ask(page: Page, type_: str, data: dict) -> str | None:
    """A request as that user: null when it ran, else the refusal's words."""
    return page.evaluate("""async ([t, d]) => { try { await game.system.api.requestGM(t, d); return null; }
        catch (e) { return e.message; } }""", [type_, data])


def purse(page: Page, actor: str = ROOK) -> list[int]:
    return page.evaluate("a => { const p = game.system.api.money.purseOf(game.actors.get(a)); return [p.pocket, p.stash]; }", actor)


def sheet(page: Page, actor: str = ROOK):
    page.evaluate("id => game.actors.get(id).sheet.render({force: true})", actor)
    s = page.locator(".application.sheet.actor").filter(has=page.locator("[data-smoke-places]"))
    expect(s).to_be_visible()
    return s


def park(gm: Page, motor_id: str, col: int, row: int = 2) -> None:
    """The GM puts a motor's token on the map at (col, row): a respray, the garage and the fence work on a motor there."""
    gm.evaluate("""([m, x, y]) => game.scenes.get('%s').createEmbeddedDocuments('Token',
        [{name: game.actors.get(m).name, actorId: m, actorLink: true, x, y}])""" % SCENE, [motor_id, col * SQ, row * SQ])
