"""The stand-in's v13 Scene Regions and Region Behaviors: RegionDocument embedded in Scene (GM-only writes, enforced by
the server), RegionBehavior embedded in Region (uuids, fromUuid), RegionDocument#testPoint, TokenDocument#regions /
RegionDocument#tokens, and the token region events dispatched once on every client with the moving user. A throwaway
behaviour type "test.x" (a RegionBehaviorType subclass) is registered from the test on every page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from helpers import refused
from helpers import settle

pytestmark = pytest.mark.harness_only

GM1, P1, P2 = "HarnessGMaster01", "HarnessPlayer001", "HarnessPlayer002"
ROOK = "RookActor0000001"
SCENE = "SceneRegions0001"
T_ROOK = "TokenRook0000001"
SHOP = "RegionShop000001"
STRIP = "RegionStrip00001"

ACTORS = [{"_id": ROOK, "name": "Rook", "type": "character", "ownership": {"default": 0, P1: 3}}]
SCENE_DATA = {
    "_id": SCENE, "name": "High Street", "active": True, "width": 3000, "height": 2000,
    "grid": {"type": 1, "size": 100, "distance": 1, "units": "sq"},
    # Player One owns the scene: the default embedded rule (parent OWNER) would let them write; Regions are GM-only
    "ownership": {"default": 0, P1: 3},
    "tokens": [{"_id": T_ROOK, "name": "Rook", "actorId": ROOK, "actorLink": True, "x": 100, "y": 100}],
}

# Registered on every page: logs each event it receives as [via, name, tokenId, userId, regionId, hasMovement]
REGISTER = """() => {
  const { RegionBehaviorType } = foundry.data.regionBehaviors;
  const { fields } = foundry.data;
  const log = (via, system, event) => window.__events.push([via, event.name, event.data.token?.id ?? null,
    event.user?.id ?? null, event.region.id, !!event.data.movement, system.behavior.id, system.label]);
  class TestBehavior extends RegionBehaviorType {
    static defineSchema() {
      return { label: new fields.StringField({ initial: "" }),
        events: this._createEventsField({ initial: ["tokenEnter", "tokenExit"] }) };
    }
    static events = {
      tokenMoveIn(event) { log("static", this, event); },
      tokenMoveOut(event) { log("static", this, event); },
      tokenMoveWithin(event) { log("static", this, event); },
      behaviorActivated(event) { window.__activated.push([this.behavior.id, event.user?.id ?? null]); }
    };
    async _handleRegionEvent(event) { log("method", this, event); }
  }
  CONFIG.RegionBehavior.dataModels["test.x"] = TestBehavior;
  game.documentTypes.RegionBehavior.push("test.x");
  window.__events = [];
  window.__activated = [];
}"""

SHOP_DATA = {
    "_id": SHOP, "name": "Pawn shop", "color": "#aa8800",
    "shapes": [{"type": "rectangle", "x": 400, "y": 0, "width": 300, "height": 300}],
    "behaviors": [{"_id": "BehaviorShop0001", "name": "Shop", "type": "test.x", "system": {"label": "shop"}}],
}
STRIP_DATA = {
    "_id": STRIP, "name": "Exit east", "color": "#00aa00",
    "shapes": [{"type": "rectangle", "x": 1000, "y": 0, "width": 50, "height": 2000}],
    "behaviors": [{"_id": "BehaviorStrip001", "name": "Exit", "type": "test.x", "system": {"label": "strip"}},
                  {"_id": "BehaviorOff00001", "name": "Off", "type": "test.x", "disabled": True,
                   "system": {"label": "off"}}],
}

EXPECTED_ERRORS = ("lacks permission", "is not a valid", "must be a positive number")


@pytest.fixture(autouse=True)
def no_unexpected_page_errors(page_errors):
    yield
    unexpected = [m for messages in page_errors.values() for m in messages if not any(e in m for e in EXPECTED_ERRORS)]
    assert unexpected == []


def open_pages(world, open_user_page, *roles: str) -> list[Page]:
    world.seed(actors=ACTORS, scenes=[SCENE_DATA])
    pages = [open_user_page(role) for role in roles]
    for page in pages:
        page.evaluate(REGISTER)
    return pages


def create_regions(gm: Page, *regions: dict) -> list[str]:
    """The GM creates the regions; once every connected client has them (``settle``: the GM's own promise resolves on
    the server's answer, before another client has handled the broadcast — a player's copy was missing once under
    load), their uuids."""
    uuids = gm.evaluate("""async regions => (await game.scenes.get("%s").createEmbeddedDocuments("Region", regions,
        {keepId: true})).map(r => r.uuid)""" % SCENE, list(regions))
    settle(gm)
    return uuids


def events(page: Page, count: int) -> list[list]:
    """The page's logged events once `count` arrived, after a pause that would let duplicates arrive too."""
    page.wait_for_function("n => window.__events.length >= n", arg=count)
    settle(page)
    return page.evaluate("() => window.__events.splice(0)")


def move(page: Page, x: int, y: int) -> None:
    assert page.evaluate("""([id, x, y]) => game.scenes.get("%s").tokens.get(id).move([{x, y}])""" % SCENE,
                         [T_ROOK, x, y]) is True


def regions_of_token(page: Page) -> list[str]:
    return page.evaluate("""id => Array.from(game.scenes.get("%s").tokens.get(id).regions, r => r.id).sort()""" % SCENE,
                         T_ROOK)


def test_a_gm_creates_regions_with_behaviours_every_client_sees_them_and_the_server_stores_them(world, open_user_page):
    gm, player1 = open_pages(world, open_user_page, "gm", "player1")
    uuids = create_regions(gm, SHOP_DATA, STRIP_DATA)
    assert uuids == [f"Scene.{SCENE}.Region.{SHOP}", f"Scene.{SCENE}.Region.{STRIP}"]
    for page in (gm, player1):
        seen = page.evaluate("""async ([sid, uuid]) => {
            const scene = game.scenes.get(sid);
            const b = fromUuidSync(uuid);
            const a = await fromUuid(uuid);
            return { size: scene.regions.size, names: scene.regions.map(r => r.name),
              cls: scene.regions.contents[0] instanceof CONFIG.Region.documentClass,
              bType: b.type, bLabel: b.system.label, isType: b.system instanceof foundry.data.regionBehaviors.RegionBehaviorType,
              same: a === b, region: b.region.id, scene: b.scene.id, sysRegion: b.system.region.id,
              sysScene: b.system.scene.id, sysBehavior: b.system.behavior === b, uuid: b.uuid,
              hole: scene.regions.get("%s").shapes[0].hole, elevation: scene.regions.get("%s").elevation,
              visibility: scene.regions.get("%s").visibility, events: Array.from(b.system.events).sort() };
        }""" % (SHOP, SHOP, SHOP), [SCENE, f"Scene.{SCENE}.Region.{SHOP}.RegionBehavior.BehaviorShop0001"])
        assert seen == {"size": 2, "names": ["Pawn shop", "Exit east"], "cls": True, "bType": "test.x",
                        "bLabel": "shop", "isType": True, "same": True, "region": SHOP, "scene": SCENE,
                        "sysRegion": SHOP, "sysScene": SCENE, "sysBehavior": True,
                        "uuid": f"Scene.{SCENE}.Region.{SHOP}.RegionBehavior.BehaviorShop0001",
                        "hole": False, "elevation": {"bottom": None, "top": None}, "visibility": 0,
                        "events": ["tokenEnter", "tokenExit"]}
    stored = next(s for s in world.world()["scenes"] if s["_id"] == SCENE)
    assert [r["_id"] for r in stored["regions"]] == [SHOP, STRIP]
    assert [b["_id"] for b in stored["regions"][1]["behaviors"]] == ["BehaviorStrip001", "BehaviorOff00001"]
    # behaviorActivated reaches a created, enabled behaviour on every client; not the disabled one
    gm.wait_for_function("() => window.__activated.length >= 2")
    player1.wait_for_function("() => window.__activated.length >= 2")
    for page in (gm, player1):
        settle(page)
        assert sorted(page.evaluate("() => window.__activated")) == [["BehaviorShop0001", GM1], ["BehaviorStrip001", GM1]]

    # GM updates and deletes a behaviour and a region (nested embedded writes)
    gm.evaluate("""async uuid => { const b = await fromUuid(uuid); await b.update({"system.label": "pawn"}); }""",
                f"Scene.{SCENE}.Region.{SHOP}.RegionBehavior.BehaviorShop0001")
    player1.wait_for_function("""uuid => fromUuidSync(uuid)?.system.label === "pawn" """,
                              arg=f"Scene.{SCENE}.Region.{SHOP}.RegionBehavior.BehaviorShop0001")
    gm.evaluate("""() => game.scenes.get("%s").deleteEmbeddedDocuments("Region", ["%s"])""" % (SCENE, STRIP))
    player1.wait_for_function("""() => game.scenes.get("%s").regions.size === 1""" % SCENE)
    assert [r["_id"] for r in next(s for s in world.world()["scenes"] if s["_id"] == SCENE)["regions"]] == [SHOP]


def test_bad_region_data_is_refused_on_the_client_as_v13_validates(world, open_user_page):
    (gm,) = open_pages(world, open_user_page, "gm")
    unknown = refused(gm, """async sid => game.scenes.get(sid).createEmbeddedDocuments("Region", [{name: "x",
        behaviors: [{name: "b", type: "nobody.nothing"}]}])""", SCENE)
    assert unknown and "is not a valid" in unknown
    bad_shape = refused(gm, """async sid => game.scenes.get(sid).createEmbeddedDocuments("Region", [{name: "x",
        shapes: [{type: "rectangle", x: 0, y: 0, width: -5, height: 10}]}])""", SCENE)
    assert bad_shape and "must be a positive number" in bad_shape
    assert next(s for s in world.world()["scenes"] if s["_id"] == SCENE).get("regions", []) == []


def test_test_point_follows_shapes_holes_rotation_and_elevation(world, open_user_page):
    (gm,) = open_pages(world, open_user_page, "gm")
    create_regions(gm, {
        "_id": "RegionTestPoint1", "name": "Yard", "elevation": {"bottom": 0, "top": 10},
        "shapes": [{"type": "rectangle", "x": 0, "y": 0, "width": 400, "height": 400},
                   {"type": "rectangle", "x": 100, "y": 100, "width": 100, "height": 100, "hole": True},
                   {"type": "ellipse", "x": 1000, "y": 200, "radiusX": 200, "radiusY": 50},
                   {"type": "polygon", "points": [2000, 0, 2200, 0, 2000, 200]},
                   {"type": "rectangle", "x": 3000, "y": 0, "width": 400, "height": 20, "rotation": 90}]})
    got = gm.evaluate("""() => {
        const r = game.scenes.get("%s").regions.get("RegionTestPoint1");
        const t = (x, y, elevation = 5) => r.testPoint({x, y, elevation});
        return [t(50, 50), t(150, 150), t(50, 50, 11), t(50, 50, -1), t(1150, 200), t(1000, 260),
          t(2050, 50), t(2150, 150), t(3200, 150), t(3350, 10), r.testPoint({x: 50, y: 50}, 20)];
    }""" % SCENE)
    assert got == [True, False, False, False, True, False, True, False, True, False, False]


def test_token_regions_and_events_follow_a_move_once_per_client_with_the_mover_as_user(world, open_user_page):
    gm, player1, player2 = open_pages(world, open_user_page, "gm", "player1", "player2")
    create_regions(gm, SHOP_DATA, STRIP_DATA)
    pages = (gm, player1, player2)
    for page in pages:
        assert regions_of_token(page) == []

    # Player One walks Rook into the shop. v13 cuts the move where it enters a region whose behaviours handle move or
    # enter/exit events (core v13 client/documents/token.mjs #splitMovementPath): the first section ends inside
    # (tokenEnter from the type's events field, tokenMoveIn from its static handler), the chained rest moves within
    move(player1, 500, 100)
    for page in pages:
        page.wait_for_function("() => window.__events.length >= 3")
        assert regions_of_token(page) == [SHOP]
        assert page.evaluate("""() => Array.from(game.scenes.get("%s").regions.get("%s").tokens, t => t.id)"""
                             % (SCENE, SHOP)) == [T_ROOK]
        assert events(page, 3) == [["method", "tokenEnter", T_ROOK, P1, SHOP, True, "BehaviorShop0001", "shop"],
                                   ["static", "tokenMoveIn", T_ROOK, P1, SHOP, True, "BehaviorShop0001", "shop"],
                                   ["static", "tokenMoveWithin", T_ROOK, P1, SHOP, True, "BehaviorShop0001", "shop"]]

    # within the shop: tokenMoveWithin only
    move(player1, 600, 0)
    for page in pages:
        assert events(page, 1) == [["static", "tokenMoveWithin", T_ROOK, P1, SHOP, True, "BehaviorShop0001", "shop"]]
        assert regions_of_token(page) == [SHOP]

    # straight through the exit strip: cut where it leaves the shop, where it enters the strip and where it leaves it,
    # so the strip sees the token enter and leave (each section's own events); the disabled behaviour hears nothing
    move(player1, 1200, 0)
    for page in pages:
        got = events(page, 6)
        assert got == [["method", "tokenExit", T_ROOK, P1, SHOP, True, "BehaviorShop0001", "shop"],
                       ["static", "tokenMoveOut", T_ROOK, P1, SHOP, True, "BehaviorShop0001", "shop"],
                       ["method", "tokenEnter", T_ROOK, P1, STRIP, True, "BehaviorStrip001", "strip"],
                       ["static", "tokenMoveIn", T_ROOK, P1, STRIP, True, "BehaviorStrip001", "strip"],
                       ["method", "tokenExit", T_ROOK, P1, STRIP, True, "BehaviorStrip001", "strip"],
                       ["static", "tokenMoveOut", T_ROOK, P1, STRIP, True, "BehaviorStrip001", "strip"]]
        assert regions_of_token(page) == []
        assert page.evaluate("id => game.scenes.get('%s').tokens.get(id).x" % SCENE, T_ROOK) == 1200

    # the GM moves it into the strip: the GM is the event's user
    move(gm, 950, 0)
    for page in pages:
        got = events(page, 2)
        assert got[:2] == [["method", "tokenEnter", T_ROOK, GM1, STRIP, True, "BehaviorStrip001", "strip"],
                           ["static", "tokenMoveIn", T_ROOK, GM1, STRIP, True, "BehaviorStrip001", "strip"]]
        page.wait_for_function("id => game.scenes.get('%s').tokens.get(id).x === 950" % SCENE, arg=T_ROOK)
        assert regions_of_token(page) == [STRIP]


def test_region_changes_and_token_create_delete_update_membership(world, open_user_page):
    gm, player1 = open_pages(world, open_user_page, "gm", "player1")
    create_regions(gm, SHOP_DATA)
    # the GM grows the shop over Rook: tokenEnter without movement, the GM as user
    gm.evaluate("""() => game.scenes.get("%s").regions.get("%s").update({shapes: [{type: "rectangle", x: 0, y: 0,
        width: 700, height: 300}]})""" % (SCENE, SHOP))
    for page in (gm, player1):
        assert events(page, 1) == [["method", "tokenEnter", T_ROOK, GM1, SHOP, False, "BehaviorShop0001", "shop"]]
        assert regions_of_token(page) == [SHOP]
    # a token created inside enters; deleted, it exits
    gm.evaluate("""() => game.scenes.get("%s").createEmbeddedDocuments("Token", [{_id: "TokenNew00000001",
        name: "New", actorId: "%s", x: 200, y: 0}], {keepId: true})""" % (SCENE, ROOK))
    for page in (gm, player1):
        assert events(page, 1) == [["method", "tokenEnter", "TokenNew00000001", GM1, SHOP, False, "BehaviorShop0001", "shop"]]
        assert page.evaluate("""() => Array.from(game.scenes.get("%s").regions.get("%s").tokens, t => t.id).sort()"""
                             % (SCENE, SHOP)) == ["TokenNew00000001", T_ROOK]
    gm.evaluate("""() => game.scenes.get("%s").deleteEmbeddedDocuments("Token", ["TokenNew00000001"])""" % SCENE)
    for page in (gm, player1):
        assert events(page, 1) == [["method", "tokenExit", "TokenNew00000001", GM1, SHOP, False, "BehaviorShop0001", "shop"]]
        assert page.evaluate("""() => Array.from(game.scenes.get("%s").regions.get("%s").tokens, t => t.id)"""
                             % (SCENE, SHOP)) == [T_ROOK]
    # a region deleted drops out of token.regions (no events: its behaviours are gone)
    gm.evaluate("""() => game.scenes.get("%s").deleteEmbeddedDocuments("Region", ["%s"])""" % (SCENE, SHOP))
    for page in (gm, player1):
        page.wait_for_function("""() => game.scenes.get("%s").regions.size === 0""" % SCENE)
        assert regions_of_token(page) == []
        settle(page)
        assert page.evaluate("() => window.__events") == []


def test_a_reloaded_client_knows_token_regions_without_events(world, open_user_page):
    (gm,) = open_pages(world, open_user_page, "gm")
    # (no "test.x" behaviour: a page booting the world would not know that throwaway type yet)
    create_regions(gm, {**SHOP_DATA, "behaviors": [],
                        "shapes": [{"type": "rectangle", "x": 0, "y": 0, "width": 300, "height": 300}]})
    player1 = open_user_page("player1")
    assert regions_of_token(player1) == [SHOP]
    assert player1.evaluate("""() => Array.from(game.scenes.get("%s").regions.get("%s").tokens, t => t.id)"""
                            % (SCENE, SHOP)) == [T_ROOK]


def test_a_player_cannot_create_update_or_delete_regions_or_behaviours_even_owning_the_scene(world, open_user_page):
    gm, player1 = open_pages(world, open_user_page, "gm", "player1")
    create_regions(gm, SHOP_DATA)
    attempts = {
        "create": """async sid => game.scenes.get(sid).createEmbeddedDocuments("Region", [{name: "Mine"}])""",
        "update": """async sid => game.scenes.get(sid).regions.get("%s").update({name: "Mine"})""" % SHOP,
        "delete": """async sid => game.scenes.get(sid).regions.get("%s").delete()""" % SHOP,
        "create behaviour": """async sid => game.scenes.get(sid).regions.get("%s").createEmbeddedDocuments(
            "RegionBehavior", [{name: "b", type: "test.x"}])""" % SHOP,
        "update behaviour": """async sid => game.scenes.get(sid).regions.get("%s").behaviors.get("BehaviorShop0001")
            .update({disabled: true})""" % SHOP,
        # a forged request straight to the server, past every client-side step
        "forged create": """async sid => game.harness.socket.request("modifyDocument", {documentName: "Region",
            operation: "create", parentUuid: "Scene." + sid, data: [{_id: "RegionForged0001", name: "Mine",
            shapes: [], behaviors: []}], options: {keepId: true}})""",
        "forged scene update": """async sid => game.harness.socket.request("modifyDocument", {documentName: "Scene",
            operation: "update", parentUuid: null, updates: [{_id: sid, regions: []}], options: {}})""",
    }
    for name, script in attempts.items():
        error = refused(player1, script, SCENE)
        assert error and "lacks permission" in error, name
    stored = next(s for s in world.world()["scenes"] if s["_id"] == SCENE)
    assert [r["_id"] for r in stored["regions"]] == [SHOP]
    assert stored["regions"][0]["name"] == "Pawn shop"
    assert stored["regions"][0]["behaviors"][0].get("disabled", False) is False
