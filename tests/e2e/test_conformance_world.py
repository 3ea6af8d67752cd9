"""Conformance of the stand-in with real v13, part 3: region events (who gets them, and a drag cut at a region's
edge), queries, whispered chat messages and timed ActiveEffects. Each test names its source; where none settles a
fact, the test says so and the README's "Verified against real Foundry, and not" lists it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from helpers import settle

pytestmark = pytest.mark.harness_only

GM1, P1, P2 = "HarnessGMaster01", "HarnessPlayer001", "HarnessPlayer002"
SCENE = "SceneConform0003"
ROOK = "RookActor0000001"
T_ROOK = "TokenRookConf003"
STRIP = "RegionStripConf1"

# A throwaway behaviour type on every page: logs [name, userId, x of the token when the event came]; with `stop`, the
# mover's own client stops the movement on tokenMoveIn (as the EXIT strip does, module/documents/street-map/street-map.mjs).
REGISTER = """stop => {
  const { RegionBehaviorType } = foundry.data.regionBehaviors;
  const log = event => window.__events.push([event.name, event.user?.id ?? null, event.data.token._source.x]);
  class Probe extends RegionBehaviorType {
    static defineSchema() { return {}; }
    static events = {
      tokenMoveIn(event) { log(event); if (stop && event.user?.isSelf) event.data.token.stopMovement(); },
      tokenMoveOut(event) { log(event); }
    };
  }
  CONFIG.RegionBehavior.dataModels["test.probe"] = Probe;
  game.documentTypes.RegionBehavior.push("test.probe");
  window.__events = [];
}"""


def seed(world) -> None:
    world.seed(actors=[{"_id": ROOK, "name": "Rook", "type": "character", "ownership": {"default": 0, P1: 3}}],
               scenes=[{"_id": SCENE, "name": "Conformance", "active": True, "width": 3000, "height": 1000,
                        "grid": {"size": 100},
                        "tokens": [{"_id": T_ROOK, "name": "Rook", "actorId": ROOK, "actorLink": True, "x": 0, "y": 0}]}])


def strip(gm: Page) -> None:
    gm.evaluate("""() => game.scenes.get("%s").createEmbeddedDocuments("Region", [{_id: "%s", name: "Strip",
        shapes: [{type: "rectangle", x: 1000, y: 0, width: 100, height: 1000}],
        behaviors: [{name: "Probe", type: "test.probe", system: {}}]}], {keepId: true})""" % (SCENE, STRIP))


def test_a_move_through_a_strip_is_cut_at_its_edges_and_every_client_hears_the_mover(world, open_user_page):
    """v13 cuts a movement where it enters or leaves a region whose active behaviours handle tokenMoveIn/Out/Within or
    tokenEnter/Exit (core v13 `client/documents/token.mjs` `#splitMovementPath`, adding a non-explicit checkpoint at the
    nearest such point via `segmentizeRegionMovementPath`, whose ENTER `to` is inside and EXIT `to` outside —
    fvtt-types 13.345 `client/documents/token.d.mts`); the rest follows as chained updates. Region move events run on
    every client from `TokenDocument._onUpdateOperation` with the requesting user as `event.user` (core token.mjs). So
    a straight move through a strip stops once inside it (the first section) and once past it, and each client logs
    tokenMoveIn then tokenMoveOut, each once, by Player One."""
    seed(world)
    pages = [open_user_page(role) for role in ("gm", "player1", "player2")]
    for page in pages:
        page.evaluate(REGISTER, False)
    strip(pages[0])
    player = pages[1]
    player.evaluate("""() => { window.__sections = [];
        Hooks.on("moveToken", (t, m) => window.__sections.push([m.origin.x, m.destination.x, m.pending.waypoints.length > 0])); }""")
    assert player.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).move([{x: 2000, y: 0}])", [SCENE, T_ROOK]) is True
    player.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).x === 2000", arg=[SCENE, T_ROOK])
    sections = player.evaluate("window.__sections")
    # centre = x + 50: enters the strip (x 1000–1100) at centre 1000, leaves at 1100
    assert sections == [[0, 950, True], [950, 1051, True], [1051, 2000, False]]
    for page in pages:
        page.wait_for_function("() => window.__events.length >= 2")
        settle(page)
        assert page.evaluate("window.__events") == [["tokenMoveIn", P1, 950], ["tokenMoveOut", P1, 1051]]


def test_the_movers_stop_on_entering_leaves_the_token_in_the_strip(world, open_user_page):
    """`TokenDocument#stopMovement()` on the moving client drops the pending sections (fvtt-types 13.345
    `client/documents/token.d.mts`; the EXIT strip relies on it): a drag through a strip whose handler stops the mover
    ends in the strip, and no tokenMoveOut follows."""
    seed(world)
    gm, player = open_user_page("gm"), open_user_page("player1")
    for page in (gm, player):
        page.evaluate(REGISTER, True)
    strip(gm)
    player.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).move([{x: 2000, y: 0}])", [SCENE, T_ROOK])
    gm.wait_for_function("() => window.__events.length >= 1")
    settle(gm)
    assert gm.evaluate("window.__events") == [["tokenMoveIn", P1, 950]]
    assert gm.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).x", [SCENE, T_ROOK]) == 950
    assert player.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).movement.state", [SCENE, T_ROOK]) == "stopped"


def test_queries_reach_an_active_user_by_a_registered_name_only(open_user_page):
    """`User#query(queryName, queryData, {timeout})`: "The query name (must be registered in `CONFIG.queries`)"
    (fvtt-types 13.345 `client/documents/user.d.mts`), answered by the target's client; a user not connected cannot
    be queried. The handler gets the data only (no sender): the system proves the sender by session keys."""
    gm, player = open_user_page("gm"), open_user_page("player1")
    gm.evaluate("""() => { CONFIG.queries["the-smoke.probe"] = async (data, options) => ({echo: data.n,
        keys: Object.keys(options ?? {}).sort()}); }""")
    ask = """([id, name]) => game.users.get(id).query(name, {n: 4}, {timeout: 5000}).then(r => r, e => ({error: e.message}))"""
    assert player.evaluate(ask, [GM1, "the-smoke.probe"]) == {"echo": 4, "keys": ["timeout"]}
    assert "not registered" in player.evaluate(ask, [GM1, "the-smoke.unknown"])["error"]
    assert "not active" in player.evaluate(ask, [P2, "the-smoke.probe"])["error"]


def test_a_whisper_is_visible_to_its_recipients_and_a_whispered_roll_only_as_a_private_roll(open_user_page):
    """`ChatMessage#visible`: "Messages may not be visible if they are private whispers"; `isContentVisible`: "For
    certain dice rolls, for example, the message itself may be visible while the content of that message is not"
    (fvtt-types 13.345 `client/documents/chat-message.d.mts`; core v13 `client/documents/chat-message.mjs`: a whispered
    roll stays visible to everyone as "privately rolled"). The chat log shows only visible messages. Whether the
    server withholds a whisper from other clients is NOT SETTLED (the stand-in sends it to every client, as every
    world document); the system keeps no secret in a whispered message (private texts live in the GM's browser)."""
    gm, p1, p2 = open_user_page("gm"), open_user_page("player1"), open_user_page("player2")
    ids = gm.evaluate("""async ([to]) => {
        const text = await ChatMessage.create({content: "<p>psst</p>", whisper: [to]});
        const roll = await new Roll("1d6").evaluate();
        const rolled = await ChatMessage.create({content: "", rolls: [roll], whisper: [to]});
        return [text.id, rolled.id]; }""", [P1])
    look = "ids => ids.map(id => { const m = game.messages.get(id); return m ? [m.visible, m.isContentVisible] : null; })"
    for page in (p1, p2):
        page.wait_for_function("ids => ids.every(id => game.messages.get(id))", arg=ids)
    assert gm.evaluate(look, ids) == [[True, True], [True, True]]
    assert p1.evaluate(look, ids) == [[True, True], [True, True]]
    assert p2.evaluate(look, ids) == [[False, False], [True, False]]
    assert p2.locator(f'#chat-log [data-message-id="{ids[0]}"]').count() == 0
    assert p1.locator(f'#chat-log [data-message-id="{ids[0]}"]').count() == 1


def test_core_never_deletes_an_expired_effect(world, open_user_page):
    """v13 core does not end timed ActiveEffects: the Times Up module (https://foundryvtt.com/packages/times-up/,
    verified 13.351) exists as "a temporary solution to Active Effects being removed from actors as time passes and
    they expire", and automatic expiry is v14's (`foundry.helpers.ActiveEffectRegistry`, `CONFIG.ActiveEffect.
    expiryAction`: https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html). The system ends its own timed
    Conditions on the active GM (module/documents/fight/durations.mjs); with that hook off, the stand-in keeps the effect."""
    world.seed(actors=[{"_id": ROOK, "name": "Rook", "type": "character", "ownership": {"default": 0, P1: 3}}])
    gm, player = open_user_page("gm"), open_user_page("player1")
    gm.evaluate("() => { Hooks.events.updateWorldTime = []; }")  # the system's expiry off on the only GM
    effect = gm.evaluate("""async id => { const a = game.actors.get(id);
        const [e] = await a.createEmbeddedDocuments("ActiveEffect", [{name: "Short", duration: {seconds: 6,
          startTime: game.time.worldTime}}]);
        await game.time.advance(60);
        return e.id; }""", ROOK)
    player.wait_for_function("() => game.time.worldTime >= 60")
    settle(player)
    for page in (gm, player):
        assert page.evaluate("([a, e]) => !!game.actors.get(a).effects.get(e)", [ROOK, effect]) is True


def test_a_new_scene_is_padded_and_its_image_starts_inside_the_canvas(gm_page: Page):
    """v13 pads a scene's canvas: BaseScene `padding` is "the proportion of canvas padding applied around the outside of
    the scene", `initial: 0.25` (fvtt-types client/documents/scene.d.mts); `Scene#prepareBaseData` sets `dimensions =
    getDimensions()` (same file), which the square grid's `calculateDimensions(sceneWidth, sceneHeight, padding)`
    computes by rounding each side's padding up to whole squares (`Math.ceil(padding * sceneWidth / size) * size`;
    rows and columns `Math.ceil(height / size - 1e-6)`: core v13 `common/grid/square.mjs`, code index), as Foundry's own
    Crucible `getDimensions` (module/documents/scene.mjs) calls it, `sceneX` being "the X coordinate of the scene
    rectangle within the larger canvas" (v13 API docs, SceneDimensions). Token, wall and region coordinates are canvas
    pixels, so the system places on `sceneRect` (module/documents/core/scene-area.mjs)."""
    dims = gm_page.evaluate("""async () => {
        const out = [];
        for (const data of [{width: 3050, height: 2000}, {width: 2000, height: 1000, padding: 0}, {width: 1000, height: 1000, padding: 0.5, grid: {size: 150}}]) {
          const s = await Scene.create({name: "Padded", grid: {size: 100}, ...data});
          const d = s.dimensions;
          out.push([s.padding, d.sceneRect, d.width, d.height, d.rows, d.columns]);
          await s.delete();
        }
        return out; }""")
    assert dims == [
        [0.25, {"x": 800, "y": 500, "width": 3050, "height": 2000}, 4650, 3000, 30, 47],
        [0, {"x": 0, "y": 0, "width": 2000, "height": 1000}, 2000, 1000, 10, 20],
        [0.5, {"x": 600, "y": 600, "width": 1000, "height": 1000}, 2200, 2200, 15, 15]]


def test_only_the_mover_stops_a_movement_and_a_deleted_token_takes_its_combatants(world, open_user_page):
    """Two v13 facts a crossing relies on (module/documents/street-map/crossing.mjs). (1) "Only the User that initiated
    the movement can stop it" (fvtt-types client/documents/token.d.mts `stopMovement`), and core throws for anyone else
    (core v13 client/documents/token.mjs `#stopMovement(broadcast)`: `if ( broadcast && !this.movement.user.isSelf )
    throw new Error("Only the User that initiated the movement can stop it.")`, code index). (2) Deleting tokens deletes
    their combatants, or moves them to the token named in the operation's `replacements` (core v13
    client/documents/token.mjs `_onDeleteOperation` → client/documents/combat.mjs `Combat._onDeleteTokens`, code index)."""
    world.seed(actors=[{"_id": ROOK, "name": "Rook", "type": "character", "ownership": {"default": 0, P1: 3}}],
               scenes=[{"_id": "SceneConform0002", "name": "Mare Street", "active": True, "width": 1000, "height": 1000,
                        "grid": {"size": 100}, "tokens": [
                            {"_id": "RookToken0000001", "name": "Rook", "actorId": ROOK, "actorLink": True, "x": 100, "y": 100},
                            {"_id": "RookToken0000002", "name": "Rook 2", "actorId": ROOK, "actorLink": True, "x": 300, "y": 100},
                            {"_id": "RookToken0000003", "name": "Rook 3", "actorId": ROOK, "actorLink": True, "x": 500, "y": 100}]}])
    gm, player = open_user_page("gm"), open_user_page("player1")
    token = "() => game.scenes.get('SceneConform0002').tokens.get('RookToken0000001')"
    player.evaluate(f"() => ({token})().move([{{x: 200, y: 100}}])")
    gm.wait_for_function(f"() => ({token})().x === 200 && ({token})().movement.user?.id === '{P1}'")
    assert "Only the User that initiated the movement can stop it." in gm.evaluate(
        f"() => {{ try {{ ({token})().stopMovement(); return null; }} catch (e) {{ return e.message; }} }}")
    player.wait_for_function(f"() => ({token})().movement.user?.isSelf === true")
    assert player.evaluate(f"() => ({token})().stopMovement()") is False  # the mover may: the move is complete

    ids = gm.evaluate("""async () => { const c = await Combat.implementation.create({scene: null, active: true});
        const list = await c.createEmbeddedDocuments("Combatant", ["RookToken0000002", "RookToken0000003"].map(t =>
          ({actorId: "RookActor0000001", tokenId: t, sceneId: "SceneConform0002"})));
        return [c.id, ...list.map(x => x.id)]; }""")
    gm.evaluate("""() => game.scenes.get('SceneConform0002').deleteEmbeddedDocuments("Token", ["RookToken0000002", "RookToken0000003"],
        {replacements: {RookToken0000003: "Scene.SceneConform0002.Token.RookToken0000001"}})""")
    gm.wait_for_function("id => game.combats.get(id).combatants.size === 1", arg=ids[0])
    left = gm.evaluate("id => game.combats.get(id).combatants.contents.map(c => [c.id, c.tokenId])", ids[0])
    assert left == [[ids[2], "RookToken0000001"]]
