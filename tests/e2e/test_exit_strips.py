"""EXIT strips in the browser (rulebook: Playing through Foundry › Getting in, "Step into an EXIT strip to follow a
linked map edge"; Vehicles and movement › Crossing London; Jobs and service shifts › H): a walker lands on the linked
map at the same point along the edge, facing on, on a free square, once; a motor crosses with its driver and passenger
and their seats; H along the street map; a player cannot take across what is not theirs; a strip with no link tells
the GM; a crossing interrupted by the GM's reload neither duplicates nor loses a token."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from helpers import settle

from helpers import (
    MAKE_MAP, MOVE, PLACE, character, crossed, motor_with_driver_and_passenger, notification, seat_records, tokens_of, wait_tokens,
)


P1, P2 = "HarnessPlayer001", "HarnessPlayer002"


VIEWED = "() => game.scenes.viewed?.id"


def test_a_character_on_foot_lands_at_the_same_point_along_the_edge_facing_on_once(gm_page: Page, player1_page: Page,
                                                                                   page_errors):
    """Danny walks into Mare Street's east strip 35 % down it; he arrives on Morning Lane's west strip 35 % down,
    facing east (into the map), Player One's view follows; Jaz, crossing at the same point, lands on the nearest
    free square, not on Danny; walking along the landing strip sends nobody back; stepping out and in again does."""
    m = gm_page.evaluate(MAKE_MAP)
    danny = character(gm_page, 'Danny "Tealeaf" Doyle', P1)
    jaz = character(gm_page, "Jaz Kaur", P1)
    [dt, jt] = gm_page.evaluate(PLACE, [m["mare"], [
        {"name": "Danny", "actorId": danny, "actorLink": True, "x": 1600, "y": 300},
        {"name": "Jaz", "actorId": jaz, "actorLink": True, "x": 1500, "y": 300}]])
    player1_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)", arg=[m["mare"], jt])
    assert player1_page.evaluate(VIEWED) == m["mare"]

    player1_page.evaluate(MOVE, [m["mare"], dt, 1900, 300])  # centre (1950, 350): 35 % down the strip
    crossed(gm_page, m["morning"], danny)
    [arrived] = tokens_of(gm_page, m["morning"], danny)
    assert (arrived["x"], arrived["y"], arrived["rotation"]) == (0, 300, 270)  # 35 % down the west strip, facing east
    assert arrived["arrived"] == m["morningW"]
    assert tokens_of(gm_page, m["mare"], danny) == []
    player1_page.wait_for_function(f"() => game.scenes.viewed?.id === '{m['morning']}'")

    # Jaz crosses at the same point: the square is Danny's, so she lands on the nearest free one (the one above).
    player1_page.evaluate(MOVE, [m["mare"], jt, 1900, 300])
    crossed(gm_page, m["morning"], jaz)
    assert [(t["x"], t["y"]) for t in tokens_of(gm_page, m["morning"], jaz)] == [(0, 200)]

    # Walking along the landing strip: no crossing back; out of it and in again: back to Mare Street, once.
    player1_page.evaluate(MOVE, [m["morning"], arrived["id"], 0, 700])
    settle(gm_page)
    assert [(t["x"], t["y"]) for t in tokens_of(gm_page, m["morning"], danny)] == [(0, 700)]
    player1_page.evaluate(MOVE, [m["morning"], arrived["id"], 300, 700])
    gm_page.wait_for_function("([s, a]) => !game.scenes.get(s).tokens.find(t => t.actorId === a)?.flags['the-smoke']?.arrived",
                              arg=[m["morning"], danny])
    [out] = tokens_of(gm_page, m["morning"], danny)
    player1_page.evaluate(MOVE, [m["morning"], out["id"], 0, 700])
    crossed(gm_page, m["mare"], danny)
    assert [(t["x"], t["y"], t["rotation"]) for t in tokens_of(gm_page, m["mare"], danny)] == [(1900, 700, 90)]
    assert tokens_of(gm_page, m["morning"], danny) == []
    assert page_errors[gm_page] == [] and page_errors[player1_page] == []


def test_a_motor_crosses_with_its_driver_and_passenger_seats_kept(gm_page: Page, player1_page: Page,
                                                                 player2_page: Page, page_errors):
    """Danny drives the Vexa Hatch into the strip: the motor, Danny's and Jaz's hidden tokens arrive together on
    Morning Lane, the seat store names the new tokens in the same seats, nothing is left on Mare Street, and both
    players' views follow."""
    m = gm_page.evaluate(MAKE_MAP)
    c = motor_with_driver_and_passenger(gm_page, m, {P1: 3})
    assert [r["seat"] for r in seat_records(gm_page, f"Actor.{c['car']}")] == ["driver", "passenger-1"]
    player1_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)", arg=[m["mare"], c["vt"]])

    player1_page.evaluate(MOVE, [m["mare"], c["vt"], 1900, 500])
    crossed(gm_page, m["morning"], c["car"])
    for actor in ("danny", "jaz"):
        assert len(tokens_of(gm_page, m["morning"], c[actor])) == 1
        assert tokens_of(gm_page, m["mare"], c[actor]) == []
    assert tokens_of(gm_page, m["mare"], c["car"]) == []
    [motor] = tokens_of(gm_page, m["morning"], c["car"])
    assert (motor["x"], motor["y"], motor["rotation"]) == (0, 500, 270)
    riders = {a: tokens_of(gm_page, m["morning"], c[a])[0] for a in ("danny", "jaz")}
    assert all((t["x"], t["y"], t["hidden"]) == (0, 500, True) for t in riders.values())
    records = seat_records(gm_page, f"Actor.{c['car']}")
    assert [(r["actorUuid"], r["seat"], r["tokenId"]) for r in records] == [
        (f"Actor.{c['danny']}", "driver", riders["danny"]["id"]), (f"Actor.{c['jaz']}", "passenger-1", riders["jaz"]["id"])]
    assert gm_page.evaluate("() => Object.keys(game.settings.get('the-smoke', 'crossings'))") == []
    for page in (player1_page, player2_page):
        page.wait_for_function(f"() => game.scenes.viewed?.id === '{m['morning']}'")
    # The occupants still travel with the motor on the new map.
    gm_page.evaluate(MOVE, [m["morning"], motor["id"], 500, 500])
    gm_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).x === 500", arg=[m["morning"], riders["jaz"]["id"]])
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []


def test_h_between_two_maps_two_hops_apart_is_2_and_the_route_names_the_strip(gm_page: Page, player1_page: Page):
    """Mare Street → Dalston is 2 hops, through Mare Street's east strip; the same scene is 0; the rules API agrees."""
    m = gm_page.evaluate(MAKE_MAP)
    for page in (gm_page, player1_page):
        page.wait_for_function("id => !!game.scenes.get(id)?.regions?.size", arg=m["dalston"])
        got = page.evaluate("""([a, b]) => { const s = game.system.api.streetMap;
            return [s.hops(a, b), s.hops(b, a), s.hops(a, a), s.route(a, b), s.graph()]; }""", [m["mare"], m["dalston"]])
        assert got[:4] == [2, 2, 0, {"hops": 2, "exitRegionUuid": m["mareE"]}]
        assert got[4] == {m["mare"]: [m["morning"]], m["morning"]: [m["mare"], m["dalston"]], m["dalston"]: [m["morning"]]}
    assert gm_page.evaluate("g => game.system.api.rules.hops(g, 'a', 'c')", {"a": ["b"], "b": ["c"]}) == 2
    # The GM links a new map, Bow, to Mare Street's north edge both ways: Dalston → Bow is 3 hops; the map is sound.
    got = gm_page.evaluate("""async ([mare, dalston]) => { const api = game.system.api.streetMap;
        const bow = await Scene.create({name: "Bow", width: 2000, height: 1000, grid: {size: 100}});
        const rect = (x, y, width, height) => [{type: "rectangle", x, y, width, height}];
        const [north] = await game.scenes.get(mare).createEmbeddedDocuments("Region", [{name: "Mare Street north", shapes: rect(0, 0, 2000, 100)}]);
        const [south] = await bow.createEmbeddedDocuments("Region", [{name: "Bow south", shapes: rect(0, 900, 2000, 100)}]);
        await api.link(north, south.uuid);
        let same = null; try { await api.link(north, north); } catch (e) { same = e.message; }
        return [api.hops(dalston, bow.id), api.route(dalston, bow.id)?.hops, api.check(), same]; }""", [m["mare"], m["dalston"]])
    assert got == [3, 3, [], "Both strips are on Mare Street: link strips on two different maps."]
    assert player1_page.evaluate("""async () => { try { await game.system.api.streetMap.link("a", "b"); return "linked"; }
        catch (e) { return e.message; } }""") == "Only a GM can do that."


def test_a_player_cannot_cross_with_a_motor_they_do_not_drive_or_a_token_they_do_not_own(
        gm_page: Page, player1_page: Page, player2_page: Page, page_errors):
    """Player Two co-owns the motor but Danny drives it: driving it into the strip leaves it there (a warning says
    why). Player Two asking the GM to take Danny's token across is refused; writing a token onto another map, or the
    crossing record, is refused by the server. Dalston is not shown to players: Player One cannot cross into it."""
    m = gm_page.evaluate(MAKE_MAP)
    c = motor_with_driver_and_passenger(gm_page, m, {P2: 3})
    player2_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)", arg=[m["mare"], c["vt"]])
    player2_page.evaluate(MOVE, [m["mare"], c["vt"], 1900, 500])
    notification(player2_page, "Only the driver of Vexa Hatch can take it across the map edge.")
    settle(gm_page)
    assert tokens_of(gm_page, m["morning"], c["car"]) == []
    assert [(t["x"], t["y"]) for t in tokens_of(gm_page, m["mare"], c["car"])] == [(1900, 500)]

    danny_token = f"Scene.{m['mare']}.Token.{c['dt']}"
    refused = player2_page.evaluate("""async uuid => { try { await game.system.api.requestGM("streetMap.cross",
        {tokenUuid: uuid}); return null; } catch (e) { return e.message; } }""", danny_token)
    assert refused == 'You do not own Danny.'
    forged = player2_page.evaluate("""async ([s, car]) => { const out = [];
        try { await game.scenes.get(s).createEmbeddedDocuments("Token", [{name: "x", actorId: car, actorLink: true}]); out.push("created"); }
        catch (e) { out.push("refused"); }
        try { await game.settings.set("the-smoke", "crossings", {x: {id: "x"}}); out.push("written"); }
        catch (e) { out.push("refused"); }
        return out; }""", [m["morning"], c["car"]])
    assert forged == ["refused", "refused"]

    # A map the players are not shown: Player One's walker on Morning Lane's east strip stays put.
    femi = character(gm_page, "Femi Adebayo", P1)
    [ft] = gm_page.evaluate(PLACE, [m["morning"], [{"name": "Femi", "actorId": femi, "actorLink": True, "x": 1600, "y": 100}]])
    player1_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)", arg=[m["morning"], ft])
    player1_page.evaluate(MOVE, [m["morning"], ft, 1900, 100])
    notification(player1_page, "You cannot see Dalston: the GM has not shown you that map.")
    settle(gm_page)
    assert tokens_of(gm_page, m["dalston"], femi) == [] and len(tokens_of(gm_page, m["morning"], femi)) == 1
    assert page_errors[gm_page] == []


def test_a_strip_with_no_link_does_nothing_and_tells_the_gm(gm_page: Page, player1_page: Page, page_errors):
    """An EXIT strip with no link: a token walking in stays where it is and the GM is told which strip; the GM's
    street-map check lists it and the one-way link, by name."""
    m = gm_page.evaluate(MAKE_MAP)
    gm_page.evaluate("""async s => { const scene = game.scenes.get(s);
        const [r] = await scene.createEmbeddedDocuments("Region", [{name: "Mare Street north",
            shapes: [{type: "rectangle", x: 0, y: 0, width: 2000, height: 100}]}]);
        await r.createEmbeddedDocuments("RegionBehavior", [{name: "EXIT", type: "the-smoke.exit", system: {}}]); }""", m["mare"])
    danny = character(gm_page, 'Danny "Tealeaf" Doyle', P1)
    [dt] = gm_page.evaluate(PLACE, [m["mare"], [{"name": "Danny", "actorId": danny, "actorLink": True, "x": 500, "y": 400}]])
    player1_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)", arg=[m["mare"], dt])
    player1_page.evaluate(MOVE, [m["mare"], dt, 500, 0])
    notification(gm_page, "EXIT strip “Mare Street north” on Mare Street has no link: it leads nowhere.")
    # v13 splits the move where the token enters the strip (#splitMovementPath: a checkpoint at the entry, here y 50):
    # the notice follows the first section; the rest of the walk arrives as a chained update after it.
    gm_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).y === 0", arg=[m["mare"], dt])
    assert [(t["x"], t["y"]) for t in tokens_of(gm_page, m["mare"], danny)] == [(500, 0)]

    # Make Dalston's west strip one-way (it leads to Mare Street, whose strip leads elsewhere) and check the map.
    gm_page.evaluate("""async ([uuid, mare]) => { const r = fromUuidSync(uuid);
        await r.behaviors.contents[0].update({"system.toScene": mare}); }""", [m["dalstonW"], m["mare"]])
    problems = gm_page.evaluate("() => game.system.api.streetMap.report()")
    assert [p["message"] for p in problems] == [
        "EXIT strip “Mare Street north” on Mare Street has no link: it leads nowhere.",
        "EXIT strip “Morning Lane east” on Morning Lane is one-way: its linked strip does not lead back to Morning Lane.",
        "EXIT strip “Dalston west” on Dalston names a linked strip on another scene than its linked scene."]
    card = gm_page.locator(".smoke-street-map-problems li")
    expect(card).to_have_count(3)
    assert player1_page.locator(".smoke-street-map-check").count() == 0  # whispered to the GMs
    assert page_errors[gm_page] == []


HANG = """step => { const proto = Object.getPrototypeOf(game.scenes.contents[0]);
    const real = proto[step]; proto[step] = function (name, ...rest) {
        if (name === "Token" && rest[1]?.smokeCrossing) return new Promise(() => {});
        return real.call(this, name, ...rest); }; }"""


def test_a_crossing_interrupted_by_a_reload_neither_duplicates_nor_loses_a_token(gm_page: Page, player1_page: Page,
                                                                                   page_errors):
    """The GM's page stops (1) after writing the crossing record, before creating the token, and (2) after creating
    it, before deleting the old one; each time the GM reloads and the crossing is finished on ready: one token on the
    new map, none left behind, the record gone."""
    m = gm_page.evaluate(MAKE_MAP)
    danny = character(gm_page, 'Danny "Tealeaf" Doyle', P1)
    [dt] = gm_page.evaluate(PLACE, [m["mare"], [{"name": "Danny", "actorId": danny, "actorLink": True, "x": 1600, "y": 300}]])
    player1_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)", arg=[m["mare"], dt])
    records = "() => Object.keys(game.settings.get('the-smoke', 'crossings')).length"

    # (1) the record is written, nothing created yet
    gm_page.evaluate(HANG, "createEmbeddedDocuments")
    player1_page.evaluate(MOVE, [m["mare"], dt, 1900, 300])
    gm_page.wait_for_function(f"() => ({records})() === 1")
    assert tokens_of(gm_page, m["morning"], danny) == [] and len(tokens_of(gm_page, m["mare"], danny)) == 1
    gm_page.reload()
    gm_page.wait_for_function("() => window.game?.ready === true")
    gm_page.wait_for_function(f"() => ({records})() === 0")
    assert len(tokens_of(gm_page, m["morning"], danny)) == 1 and tokens_of(gm_page, m["mare"], danny) == []

    # (2) back again: the new token is created, the old one not yet deleted
    [back] = tokens_of(gm_page, m["morning"], danny)
    player1_page.evaluate(MOVE, [m["morning"], back["id"], 300, 300])
    gm_page.wait_for_function("([s, a]) => !game.scenes.get(s).tokens.find(t => t.actorId === a)?.flags['the-smoke']?.arrived",
                              arg=[m["morning"], danny])
    gm_page.evaluate(HANG, "deleteEmbeddedDocuments")
    player1_page.evaluate(MOVE, [m["morning"], back["id"], 0, 300])
    wait_tokens(gm_page, m["mare"], danny, 1)
    assert len(tokens_of(gm_page, m["morning"], danny)) == 1 and gm_page.evaluate(records) == 1
    gm_page.reload()
    gm_page.wait_for_function("() => window.game?.ready === true")
    gm_page.wait_for_function(f"() => ({records})() === 0")
    wait_tokens(gm_page, m["morning"], danny, 0)
    assert len(tokens_of(gm_page, m["mare"], danny)) == 1
    assert page_errors[player1_page] == []



def test_a_forged_region_event_takes_nobody_across(gm_page: Page, player1_page: Page, page_errors):
    """v13 sends a region's events from the client that triggers them to every other client
    (RegionDocument#_triggerEvent emits "regionEvent" with the sender's event data and user id: core v13
    client/documents/region.mjs, code index), so a player's console can send the GM a "tokenMoveIn" for a strip their
    token never reached, or one that names the GM as its user. Danny stands mid-street: neither forged event takes
    him across (the GM checks its own record of the token: where it stands and whose move it last was); walking into
    the strip still does."""
    m = gm_page.evaluate(MAKE_MAP)
    danny = character(gm_page, 'Danny "Tealeaf" Doyle', P1)
    [dt] = gm_page.evaluate(PLACE, [m["mare"], [{"name": "Danny", "actorId": danny, "actorLink": True, "x": 800, "y": 300}]])
    player1_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)", arg=[m["mare"], dt])
    player1_page.evaluate(MOVE, [m["mare"], dt, 900, 300])  # his own move, mid-street
    gm_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).x === 900", arg=[m["mare"], dt])
    player1_page.evaluate("""async ([s, t, strip]) => { const token = game.scenes.get(s).tokens.get(t);
        const region = fromUuidSync(strip);
        await region._triggerEvent("tokenMoveIn", {token, movement: {origin: {x: 1800, y: 300}, passed: {waypoints: [{x: 1900, y: 300}]}}});
        game.socket.emit("regionEvent", {regionUuid: strip, userId: "HarnessGMaster01", eventName: "tokenMoveIn",
          eventData: {token: token.uuid}, eventDataUuids: ["token"]}); }""", [m["mare"], dt, m["mareE"]])
    settle(gm_page)
    assert tokens_of(gm_page, m["morning"], danny) == []
    assert [t["x"] for t in tokens_of(gm_page, m["mare"], danny)] == [900]
    player1_page.evaluate(MOVE, [m["mare"], dt, 1900, 300])
    crossed(gm_page, m["morning"], danny)
    assert page_errors[gm_page] == []
