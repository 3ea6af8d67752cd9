"""Where things stand on a v13 map: its image inside the canvas's padding, and its walls.

A new v13 scene has a quarter of padding around its image (BaseScene `padding`, `initial: 0.25`: fvtt-types
client/documents/scene.d.mts), and token, wall and region coordinates are canvas pixels, so the image's corner is
`scene.dimensions.sceneX/sceneY`, not (0, 0) (v13 SceneDimensions in the API docs; the square grid's
`calculateDimensions` rounds the padding up to whole squares, as Foundry's own Crucible reads it in
module/documents/scene.mjs `getDimensions`). The stand-in's Scene computes `dimensions` the same way
(tests/harness/client/canvas.mjs). Police units and street people stand on the image; the sat nav routes over the
whole canvas; a person gets in and out of a motor beside it, never through a wall (rulings: rules/vehicles.mjs
reachesMotor, alightSquare)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from helpers import MAKE_MAP, MOVE, PLACE, P1 as PLAYER_ONE, character, crossed, import_actor, tokens_of
from helpers.blower import ACTORS, P1, ROOK, USERS, alt

KEZ = {"_id": "KezActor00000001", "name": "Kez", "type": "npc", "ownership": {"default": 1}}

pytestmark = pytest.mark.harness_only

PADDED = """async ([name, w, h]) => {
    const scene = await Scene.create({name, active: true, width: w, height: h, grid: {size: 100}});
    return scene.id; }"""

FOOTPRINTS = """id => [...game.scenes.get(id).tokens].map(t => [t.x, t.y, t.width, t.height, t.name])"""


def inside(rect: dict, x: float, y: float, w: int, h: int, size: int = 100) -> bool:
    return rect["x"] <= x and rect["y"] <= y and x + w * size <= rect["x"] + rect["width"] \
        and y + h * size <= rect["y"] + rect["height"]


def test_a_new_scene_has_v13s_padding_and_units_and_street_people_stand_on_its_image(gm_page: Page, page_errors):
    """A 3000 × 2000 scene with v13's default padding: its image starts 800 px in and 500 px down (a quarter, rounded
    up to whole squares). Called-in police units stand along the image's edges and street people placed at the
    centre stand at the image's centre — not in the padding, where they stood when both counted from (0, 0)."""
    scene = gm_page.evaluate(PADDED, ["Kingsland Road", 3000, 2000])
    dims = gm_page.evaluate("id => { const d = game.scenes.get(id).dimensions; return [d.sceneRect, d.width, d.height, d.rows, d.columns]; }", scene)
    rect, width, height, rows, columns = dims
    assert (rect, width, height, rows, columns) == ({"x": 800, "y": 500, "width": 3000, "height": 2000}, 4600, 3000, 30, 46)

    placed = gm_page.evaluate("async id => game.system.api.heat.callInUnits(game.scenes.get(id), 3)", scene)
    units = gm_page.evaluate(FOOTPRINTS, scene)
    assert len(units) == sum(placed.values()) >= 3
    for x, y, w, h, name in units:
        assert inside(rect, x, y, w, h), f"{name} at ({x}, {y}) is off the map's image {rect}"
    # each stands against an edge of the image
    for x, y, w, h, name in units:
        assert x == rect["x"] or y == rect["y"] or x + w * 100 == rect["x"] + rect["width"] \
            or y + h * 100 == rect["y"] + rect["height"], f"{name} at ({x}, {y}) is not at an edge of {rect}"

    before = len(units)
    gm_page.evaluate("""async id => game.system.api.requestGM('street.place', {sceneId: id, people: ['Lea Boy'], count: 2, where: 'centre'})""", scene)
    people = gm_page.evaluate(FOOTPRINTS, scene)[before:]
    assert len(people) == 2
    centre = (rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2)
    for x, y, w, h, name in people:
        assert inside(rect, x, y, w, h)
        assert abs(x + 50 - centre[0]) <= 200 and abs(y + 50 - centre[1]) <= 200, f"{name} at ({x}, {y}), the centre is {centre}"
    assert page_errors[gm_page] == []


def test_sat_nav_routes_over_the_whole_padded_canvas(world, open_user_page, page_errors):
    """A 2000 × 1000 map with v13's default padding (its image at (500, 300), the canvas 3000 × 1600: 16 rows, 30
    columns). Rook stands near the image's top-left, Kez near its bottom-right, below row 10 — the last row when the
    route counted the image's squares from (0, 0), which left Kez "outside" it. A wall down the canvas at x = 1500
    from the top to y = 1400 leaves the way round through the two rows below it: 10 squares down to (14, 14), one
    across, 8 more (2 of them up) to Kez = 19 (a straight count would be 17)."""
    scene = {"_id": "PaddedScene00001", "name": "Mare Street", "active": True, "width": 2000, "height": 1000,
             "grid": {"size": 100},
             "tokens": [
                 {"_id": "RookToken0000001", "name": "Rook", "actorId": ROOK, "actorLink": True, "x": 600, "y": 400},
                 {"_id": "KezToken00000001", "name": "Kez", "actorId": KEZ["_id"], "actorLink": True, "x": 2300, "y": 1200}],
             "walls": [{"_id": "WallMareStreet01", "c": [1500, 0, 1500, 1400]}]}
    world.seed(actors=ACTORS + [KEZ], users=USERS, scenes=[scene])
    p1 = open_user_page("player1")
    assert p1.evaluate("() => game.scenes.viewed.dimensions.sceneRect") == {"x": 500, "y": 300, "width": 2000, "height": 1000}
    alt(p1, "N")
    nav = p1.locator("#smoke-satnav")
    nav.locator("select[name=destination]").select_option(label="Kez")
    expect(nav.locator(".smoke-satnav-reading")).to_have_text("19 squares south-east to Kez.")
    expect(nav.locator(".smoke-satnav-count")).to_have_text("19")
    assert page_errors[p1] == []


SEATS = "uuid => (game.settings.get('the-smoke', 'seats')[uuid] ?? []).map(o => o.actorId)"
BOARD = """async ([car, actor, tokenId]) => { try {
    await game.system.api.requestGM('vehicle.board', {vehicleUuid: `Actor.${car}`, actorUuid: `Actor.${actor}`, tokenId});
    return null; } catch (e) { return e.message; } }"""
AT = "([s, t]) => { const k = game.scenes.get(s).tokens.get(t); return [k.x, k.y, k.hidden]; }"


def test_nobody_gets_in_or_out_of_a_motor_through_a_wall(gm_page: Page, player1_page: Page, page_errors):
    """Danny's Vexa Hatch is parked at square (5, 10) of a padded map with a wall down its right-hand side (x = 1100,
    y 300–800). Danny stands beside it, on the far side of the wall: his request to board is refused, and his token
    stays put. From below the car he gets in. Femi stands where he got in from, so when he gets out the first square
    clockwise from the car's right that no wall cuts off and nobody holds is below-left of it (6, 9) — not the right-
    hand square across the wall, where getting out always put him before."""
    p1 = player1_page.evaluate("game.user.id")
    car = import_actor(gm_page, "vehicles", "Vexa Hatch", {"ownership": {"default": 2, p1: 3}})
    danny = import_actor(gm_page, "pregens", 'Danny "Tealeaf" Doyle', {"ownership": {p1: 3}})
    femi = import_actor(gm_page, "pregens", "Femi Adebayo")
    ids = gm_page.evaluate("""async ([car, danny]) => {
        const scene = await Scene.create({name: "Dalston Lane", active: true, width: 2000, height: 1000, grid: {size: 100}});
        await scene.createEmbeddedDocuments("Wall", [{c: [1100, 300, 1100, 800]}]);
        const [vt, dt] = await scene.createEmbeddedDocuments("Token", [
          {name: "Vexa Hatch", actorId: car, actorLink: true, x: 1000, y: 500},
          {name: "Danny", actorId: danny, actorLink: true, x: 1100, y: 500}]);
        return {scene: scene.id, vt: vt.id, dt: dt.id};
    }""", [car, danny])
    s = ids["scene"]
    player1_page.wait_for_function("([s, c]) => game.scenes.get(s)?.tokens.size === 2 && !!game.actors.get(c)", arg=[s, car])
    assert player1_page.evaluate(BOARD, [car, danny, ids["dt"]]) == (
        'Danny "Tealeaf" Doyle can\'t reach Vexa Hatch: there is a wall in the way.')
    assert gm_page.evaluate(AT, [s, ids["dt"]]) == [1100, 500, False]
    assert gm_page.evaluate(SEATS, f"Actor.{car}") == []

    gm_page.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).update({x: 1000, y: 600})", [s, ids["dt"]])
    player1_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).y === 600", arg=[s, ids["dt"]])
    assert player1_page.evaluate(BOARD, [car, danny, ids["dt"]]) is None
    gm_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).hidden", arg=[s, ids["dt"]])
    assert gm_page.evaluate(AT, [s, ids["dt"]]) == [1000, 500, True]

    gm_page.evaluate("""async ([s, femi]) => game.scenes.get(s).createEmbeddedDocuments("Token",
        [{name: "Femi", actorId: femi, actorLink: true, x: 1000, y: 600}])""", [s, femi])
    err = player1_page.evaluate("""async ([car, danny]) => { try {
        await game.system.api.requestGM('vehicle.leave', {vehicleUuid: `Actor.${car}`, actorUuid: `Actor.${danny}`});
        return null; } catch (e) { return e.message; } }""", [car, danny])
    assert err is None
    gm_page.wait_for_function("([s, t]) => !game.scenes.get(s).tokens.get(t).hidden", arg=[s, ids["dt"]])
    assert gm_page.evaluate(AT, [s, ids["dt"]]) == [900, 600, False]
    assert page_errors[gm_page] == [] and page_errors[player1_page] == []


LEAVE = """async ([car, actor]) => { try {
    await game.system.api.requestGM('vehicle.leave', {vehicleUuid: `Actor.${car}`, actorUuid: `Actor.${actor}`});
    return null; } catch (e) { return e.message; } }"""


def test_token_sizes_a_player_sets_get_nobody_through_a_wall_or_stall_the_gm(gm_page: Page, player1_page: Page,
                                                                              page_errors):
    """The hostile review's attacks, through a token's size, which its owner sets (Token Config). A wall at x = 1100.
    Danny shrunk to half a square hard against the wall, with his own car beyond it: refused (he stands on the square
    at his token's centre, left of the wall). Danny blown up to 15 × 8 squares over the car from across the map:
    refused, not beside it. In from the car's side of the wall, he widens his own car to 3 squares across the wall
    and gets out: on the side of the car's first square, not beyond the wall. A 5000-square token of his near the car
    stalls nothing: getting out takes the GM no longer than usual and he is shown again."""
    p1 = player1_page.evaluate("game.user.id")
    car = import_actor(gm_page, "vehicles", "Vexa Hatch", {"ownership": {"default": 2, p1: 3}})
    danny = import_actor(gm_page, "pregens", 'Danny "Tealeaf" Doyle', {"ownership": {p1: 3}})
    femi = import_actor(gm_page, "pregens", "Femi Adebayo", {"ownership": {p1: 3}})
    ids = gm_page.evaluate("""async ([car, danny, femi]) => {
        const scene = await Scene.create({name: "Dalston Lane", active: true, width: 2000, height: 1000, grid: {size: 100}});
        await scene.createEmbeddedDocuments("Wall", [{c: [1100, 300, 1100, 800]}]);
        const [vt, dt, ft] = await scene.createEmbeddedDocuments("Token", [
          {name: "Vexa Hatch", actorId: car, actorLink: true, x: 1100, y: 500},
          {name: "Danny", actorId: danny, actorLink: true, x: 1050, y: 500},
          {name: "Femi", actorId: femi, actorLink: true, x: 300, y: 300}]);
        return {scene: scene.id, vt: vt.id, dt: dt.id, ft: ft.id};
    }""", [car, danny, femi])
    s = ids["scene"]
    player1_page.wait_for_function("([s, c]) => game.scenes.get(s)?.tokens.size === 3 && !!game.actors.get(c)", arg=[s, car])
    size = "([s, t, d]) => game.scenes.get(s).tokens.get(t).update(d)"
    player1_page.evaluate(size, [s, ids["dt"], {"width": 0.5, "height": 0.5}])
    gm_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).width === 0.5", arg=[s, ids["dt"]])
    assert player1_page.evaluate(BOARD, [car, danny, ids["dt"]]) == (
        'Danny "Tealeaf" Doyle can\'t reach Vexa Hatch: there is a wall in the way.')
    player1_page.evaluate(size, [s, ids["dt"], {"width": 15, "height": 8, "x": 100, "y": 100}])
    gm_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).width === 15", arg=[s, ids["dt"]])
    assert player1_page.evaluate(BOARD, [car, danny, ids["dt"]]) == 'Danny "Tealeaf" Doyle must stand beside Vexa Hatch to get in.'
    assert gm_page.evaluate(SEATS, f"Actor.{car}") == []

    gm_page.evaluate("""([s, vt, dt]) => game.scenes.get(s).updateEmbeddedDocuments("Token", [{_id: vt, x: 1000, y: 500},
        {_id: dt, x: 900, y: 500, width: 1, height: 1}])""", [s, ids["vt"], ids["dt"]])
    player1_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).x === 1000", arg=[s, ids["vt"]])
    player1_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).width === 1", arg=[s, ids["dt"]])
    assert player1_page.evaluate(BOARD, [car, danny, ids["dt"]]) is None
    gm_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).hidden", arg=[s, ids["dt"]])
    player1_page.evaluate(size, [s, ids["vt"], {"width": 3}])  # his own car, now across the wall
    player1_page.evaluate(size, [s, ids["ft"], {"width": 5000, "height": 5000, "x": 2500, "y": 1500}])
    gm_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).width === 5000", arg=[s, ids["ft"]])
    started = gm_page.evaluate("Date.now()")
    assert player1_page.evaluate(LEAVE, [car, danny]) is None
    gm_page.wait_for_function("([s, t]) => !game.scenes.get(s).tokens.get(t).hidden", arg=[s, ids["dt"]])
    assert gm_page.evaluate("Date.now()") - started < 5000
    assert gm_page.evaluate(AT, [s, ids["dt"]]) == [1000, 600, False]  # below the car's first square, left of the wall
    assert page_errors[gm_page] == [] and page_errors[player1_page] == []


def test_a_huge_token_on_the_far_map_does_not_stall_a_crossing(gm_page: Page, player1_page: Page, page_errors):
    """A token's size is its owner's to set. Player One blows up a token of his on Morning Lane to 5000 × 5000 squares;
    Danny then walks across from Mare Street: the GM finds him a free square on Morning Lane by looking only at the
    map's own squares (documents/core/scene-area.mjs takenSquares), not at 25 million, and he arrives as usual."""
    m = gm_page.evaluate(MAKE_MAP)
    danny = character(gm_page, 'Danny "Tealeaf" Doyle', PLAYER_ONE)
    femi = character(gm_page, "Femi Adebayo", PLAYER_ONE)
    [dt] = gm_page.evaluate(PLACE, [m["mare"], [{"name": "Danny", "actorId": danny, "actorLink": True, "x": 1600, "y": 300}]])
    [ft] = gm_page.evaluate(PLACE, [m["morning"], [{"name": "Femi", "actorId": femi, "actorLink": True, "x": 1000, "y": 900}]])
    player1_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)", arg=[m["morning"], ft])
    player1_page.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).update({width: 5000, height: 5000})", [m["morning"], ft])
    gm_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).width === 5000", arg=[m["morning"], ft])
    player1_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)", arg=[m["mare"], dt])
    started = gm_page.evaluate("Date.now()")
    player1_page.evaluate(MOVE, [m["mare"], dt, 1900, 300])
    crossed(gm_page, m["morning"], danny)
    assert gm_page.evaluate("Date.now()") - started < 5000
    [arrived] = tokens_of(gm_page, m["morning"], danny)
    assert (arrived["x"], arrived["y"]) == (0, 300)
    assert page_errors[gm_page] == [] and page_errors[player1_page] == []
