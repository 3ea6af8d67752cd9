"""The stand-in is as strict as real Foundry v13 where leniency would hide security holes:
- who may update a Combat / Combatant (v13 BaseCombat#canUpdate, BaseCombatant#canUpdate / "OWNER");
- synthetic actors for unlinked tokens (v13 ActorDelta): two tokens of one actor are two actors;
- a drag with waypoints arrives as one update per checkpoint section (v13 movement pipeline, `operation._movement`);
- the server cleans HTML fields (script, on* handlers, javascript: URLs).
Combats use the CORE classes so the stand-in is tested, not the system's subclasses."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from helpers import CORE_COMBAT, refused


pytestmark = pytest.mark.harness_only

GM1, P1, P2 = "HarnessGMaster01", "HarnessPlayer001", "HarnessPlayer002"
ROOK, VEX, GOON = "RookActor0000001", "VexActor00000001", "GoonActor0000001"
SCENE = "SceneStrict00001"
T_ROOK, T_VEX, T_GOON1, T_GOON2 = "TokenRook0000001", "TokenVex00000001", "TokenGoonA000001", "TokenGoonB000001"
C_ROOK, C_VEX = "CbtRook000000001", "CbtVex0000000001"

ACTORS = [
    {"_id": ROOK, "name": "Rook", "type": "character", "ownership": {"default": 0, P1: 3}},
    {"_id": VEX, "name": "Vex", "type": "character", "ownership": {"default": 0, P2: 3}},
    # one NPC, owned by Player One, with one item: its two unlinked tokens are two synthetic actors
    {"_id": GOON, "name": "Goon", "type": "npc", "ownership": {"default": 0, P1: 3},
     "system": {"health": {"value": 8, "max": 8}},
     "items": [{"_id": "GoonKnife000001A", "name": "Knife", "type": "gear"}]},
]
SCENE_DATA = {
    "_id": SCENE, "name": "Yard", "active": True, "width": 3000, "height": 2000,
    "grid": {"type": 1, "size": 100, "distance": 1, "units": "sq"},
    "tokens": [
        {"_id": T_ROOK, "name": "Rook", "actorId": ROOK, "actorLink": True, "x": 100, "y": 100},
        {"_id": T_VEX, "name": "Vex", "actorId": VEX, "actorLink": True, "x": 300, "y": 100},
        {"_id": T_GOON1, "name": "Goon A", "actorId": GOON, "actorLink": False, "x": 500, "y": 500},
        {"_id": T_GOON2, "name": "Goon B", "actorId": GOON, "actorLink": False, "x": 700, "y": 500},
    ],
}
COMBATANTS = [
    {"_id": C_ROOK, "actorId": ROOK, "tokenId": T_ROOK, "sceneId": SCENE, "initiative": 12},
    {"_id": C_VEX, "actorId": VEX, "tokenId": T_VEX, "sceneId": SCENE, "initiative": 17},
]

EXPECTED_ERRORS = ("lacks permission",)


@pytest.fixture(autouse=True)
def no_unexpected_page_errors(page_errors):
    yield
    unexpected = [m for messages in page_errors.values() for m in messages if not any(e in m for e in EXPECTED_ERRORS)]
    assert unexpected == []


def seed(world) -> None:
    world.seed(actors=ACTORS, scenes=[SCENE_DATA])


def open_pages(open_user_page, *roles: str) -> list[Page]:
    pages = [open_user_page(role) for role in roles]
    for page in pages:
        page.evaluate(CORE_COMBAT)
    return pages


def stored_combat(world, combat_id: str) -> dict:
    return next(c for c in world.world()["combats"] if c["_id"] == combat_id)


# ---------------------------------------------------------------------------------------------------------------
# 1. Combat / Combatant permissions (v13 BaseCombat#canUpdate, BaseCombatant)
# ---------------------------------------------------------------------------------------------------------------

def test_a_player_may_change_only_round_turn_and_their_own_combatants(world, open_user_page):
    seed(world)
    gm, player1 = open_pages(open_user_page, "gm", "player1")
    combat_id = gm.evaluate("""async combatants => {
        const combat = await Combat.create({scene: canvas.scene.id, active: true});
        await combat.createEmbeddedDocuments("Combatant", combatants, {keepId: true});
        return combat.id;
    }""", COMBATANTS)
    player1.wait_for_function("id => game.combats.get(id)?.combatants.size === 2", arg=combat_id)

    # The Combat: round and turn only (v13 turnOnly = _id, round, turn, combatants)
    assert refused(player1, "id => game.combats.get(id).update({round: 2, turn: 1})", combat_id) is None
    for change in ({"system": {"phase": "acting"}}, {"flags": {"the-smoke": {"x": 1}}}, {"active": False},
                   {"round": 3, "flags": {"the-smoke": {"x": 1}}}):
        message = refused(player1, "([id, c]) => game.combats.get(id).update(c)", [combat_id, change])
        assert message and "lacks permission to update Combat" in message, change
    stored = stored_combat(world, combat_id)
    assert (stored["round"], stored["turn"], stored.get("flags", {}).get("the-smoke")) == (2, 1, None)
    assert stored["system"].get("phase") != "acting"

    # A combatant the player owns: initiative, flags, defeated and system — nothing else
    own = "([cid, id, c]) => game.combats.get(cid).combatants.get(id).update(c)"
    for change in ({"initiative": 20}, {"defeated": True}, {"flags": {"the-smoke": {"held": True}}},
                   {"system": {"reaction": True}}):
        assert refused(player1, own, [combat_id, C_ROOK, change]) is None, change
    for change in ({"hidden": True}, {"name": "Not Rook"}, {"initiative": 1, "hidden": True}):
        message = refused(player1, own, [combat_id, C_ROOK, change])
        assert message and "lacks permission to update Combatant" in message, change
    # someone else's combatant: refused, even the allowed keys; also through the Combat's combatants array
    message = refused(player1, own, [combat_id, C_VEX, {"initiative": 1}])
    assert message and "lacks permission to update Combatant" in message
    message = refused(player1, "([id, cid]) => game.combats.get(id).update({combatants: [{_id: cid, initiative: 1}]})",
                      [combat_id, C_VEX])
    assert message and "lacks permission to update Combat" in message
    rook = next(c for c in stored_combat(world, combat_id)["combatants"] if c["_id"] == C_ROOK)
    vex = next(c for c in stored_combat(world, combat_id)["combatants"] if c["_id"] == C_VEX)
    # The write to `system` was allowed (v13); the system's Combatant model declares no fields (its state is the GM's,
    # on the Combat), so the value is not kept.
    assert (rook["initiative"], rook["defeated"], rook["hidden"], rook.get("system", {}).get("reaction")) == (20, True, False, None)
    assert vex["initiative"] == 17

    # Create/delete: "OWNER" of the combatant's actor (the token's synthetic actor: the base actor's ownership)
    create = "([id, data]) => game.combats.get(id).createEmbeddedDocuments('Combatant', [data])"
    assert refused(player1, create, [combat_id, {"actorId": GOON, "tokenId": T_GOON1, "sceneId": SCENE}]) is None
    message = refused(player1, create, [combat_id, {"actorId": VEX, "tokenId": T_VEX, "sceneId": SCENE}])
    assert message and "lacks permission to create Combatant" in message
    message = refused(player1, "([id, cid]) => game.combats.get(id).combatants.get(cid).delete()", [combat_id, C_VEX])
    assert message and "lacks permission to delete Combatant" in message
    assert refused(player1, "([id, cid]) => game.combats.get(id).combatants.get(cid).delete()", [combat_id, C_ROOK]) is None
    # Combats themselves: created and deleted by GMs only
    message = refused(player1, "() => Combat.create({scene: canvas.scene.id})")
    assert message and "lacks permission to create Combat" in message
    message = refused(player1, "id => game.combats.get(id).delete()", combat_id)
    assert message and "lacks permission to delete Combat" in message


# ---------------------------------------------------------------------------------------------------------------
# 2. Synthetic actors (v13 ActorDelta)
# ---------------------------------------------------------------------------------------------------------------

ACTOR_OF = "id => canvas.scene.tokens.get(id).actor"


def test_two_unlinked_tokens_of_one_actor_are_two_actors(world, open_user_page):
    seed(world)
    gm, player1, player2 = (open_user_page(r) for r in ("gm", "player1", "player2"))
    shape = player1.evaluate(f"""() => {{
        const a = ({ACTOR_OF})("{T_GOON1}"), b = ({ACTOR_OF})("{T_GOON2}"), rook = ({ACTOR_OF})("{T_ROOK}");
        return {{uuidA: a.uuid, uuidB: b.uuid, same: a === b, world: a === game.actors.get(a.id), isToken: a.isToken,
          token: a.token?.id, id: a.id, owner: a.isOwner, linked: [rook === game.actors.get(rook.id), rook.isToken],
          fromUuid: fromUuidSync(a.uuid) === a, item: a.items.getName("Knife")?.uuid,
          itemFromUuid: fromUuidSync(a.items.getName("Knife").uuid) === a.items.getName("Knife")}};
    }}""")
    assert shape == {"uuidA": f"Scene.{SCENE}.Token.{T_GOON1}.Actor.{GOON}",
                     "uuidB": f"Scene.{SCENE}.Token.{T_GOON2}.Actor.{GOON}", "same": False, "world": False,
                     "isToken": True, "token": T_GOON1, "id": GOON, "owner": True, "linked": [True, False],
                     "fromUuid": True, "item": f"Scene.{SCENE}.Token.{T_GOON1}.Actor.{GOON}.Item.GoonKnife000001A",
                     "itemFromUuid": True}
    for page in (gm, player2):
        page.evaluate("""() => { window.__updates = [];
            Hooks.on("updateActor", (actor, changes) => window.__updates.push([actor.uuid, changes.system?.health?.value])); }""")

    # Damage to Goon A only: stored on its token's delta; Goon B and the world actor keep 8
    player1.evaluate(f"() => ({ACTOR_OF})('{T_GOON1}').update({{'system.health.value': 3}})")
    for page in (gm, player2):
        page.wait_for_function("() => window.__updates.length >= 1")
        assert page.evaluate(f"""() => [({ACTOR_OF})("{T_GOON1}").system.health.value,
            ({ACTOR_OF})("{T_GOON2}").system.health.value, game.actors.get("{GOON}").system.health.value]""") == [3, 8, 8]
        assert page.evaluate("window.__updates") == [[f"Scene.{SCENE}.Token.{T_GOON1}.Actor.{GOON}", 3]]
    tokens = {t["_id"]: t for t in world.world()["scenes"][0]["tokens"]}
    assert tokens[T_GOON1]["delta"]["system"]["health"]["value"] == 3
    assert tokens[T_GOON2].get("delta", {}).get("system", {}).get("health") is None
    assert next(a for a in world.world()["actors"] if a["_id"] == GOON)["system"]["health"]["value"] == 8

    # The world actor changes: both synthetic actors follow where their delta does not override
    gm.evaluate(f"() => game.actors.get('{GOON}').update({{'system.health.max': 9, name: 'Goon Boss'}})")
    player1.wait_for_function(f"() => ({ACTOR_OF})('{T_GOON2}').system.health.max === 9")
    assert player1.evaluate(f"""() => [({ACTOR_OF})("{T_GOON1}").system.health.value, ({ACTOR_OF})("{T_GOON1}").system.health.max,
        ({ACTOR_OF})("{T_GOON2}").name]""") == [3, 9, "Goon Boss"]

    # A player who does not own the base actor may not write the synthetic one
    message = refused(player2, f"() => ({ACTOR_OF})('{T_GOON2}').update({{'system.health.value': 0}})")
    assert message and "lacks permission to update ActorDelta" in message


def test_items_of_a_synthetic_actor_live_in_the_token_delta(world, open_user_page):
    seed(world)
    gm, player1 = open_user_page("gm"), open_user_page("player1")
    gm.evaluate("() => { window.__items = []; for (const e of ['create', 'update', 'delete']) "
                "Hooks.on(`${e}Item`, item => window.__items.push([e, item.parent.uuid, item.name])); }")
    created = player1.evaluate(f"""async () => {{
        const a = ({ACTOR_OF})("{T_GOON1}");
        const [pipe] = await a.createEmbeddedDocuments("Item", [{{name: "Pipe", type: "gear"}}]);
        await a.items.getName("Knife").update({{name: "Blunt Knife"}});
        return [pipe.uuid, pipe.parent === a, a.items.map(i => i.name).sort()];
    }}""")
    assert created[1:] == [True, ["Blunt Knife", "Pipe"]]
    assert created[0].startswith(f"Scene.{SCENE}.Token.{T_GOON1}.Actor.{GOON}.Item.")
    player1.evaluate(f"() => ({ACTOR_OF})('{T_GOON1}').items.getName('Blunt Knife').delete()")
    gm.wait_for_function("() => window.__items.length >= 3")
    actor_a = f"Scene.{SCENE}.Token.{T_GOON1}.Actor.{GOON}"
    assert gm.evaluate("window.__items") == [["create", actor_a, "Pipe"], ["update", actor_a, "Blunt Knife"],
                                             ["delete", actor_a, "Blunt Knife"]]
    assert gm.evaluate(f"""() => [({ACTOR_OF})("{T_GOON1}").items.map(i => i.name), ({ACTOR_OF})("{T_GOON2}").items.map(i => i.name),
        game.actors.get("{GOON}").items.map(i => i.name)]""") == [["Pipe"], ["Knife"], ["Knife"]]
    delta = next(t for t in world.world()["scenes"][0]["tokens"] if t["_id"] == T_GOON1)["delta"]
    assert {i["_id"]: i.get("_tombstone", False) for i in delta["items"]}["GoonKnife000001A"] is True


# ---------------------------------------------------------------------------------------------------------------
# 3. Movement: one update per checkpoint section
# ---------------------------------------------------------------------------------------------------------------

def test_a_drag_with_waypoints_arrives_as_one_update_per_segment(world, open_user_page):
    seed(world)
    gm, player1 = open_user_page("gm"), open_user_page("player1")
    for page in (gm, player1):
        page.evaluate("""() => { window.__pre = []; window.__moves = []; window.__updates = [];
            Hooks.on("preMoveToken", (doc, m, op) => { window.__pre.push({passed: m.passed.waypoints.filter(w => !w.intermediate)
              .map(w => [w.x, w.y]), pending: m.pending.waypoints.filter(w => !w.intermediate).map(w => [w.x, w.y]),
              steps: m.passed.waypoints.length, chain: m.chain.length, instruction: !!op.movement?.[doc.id]}); });
            Hooks.on("moveToken", (doc, m, op) => window.__moves.push({id: m.id, to: [m.destination.x, m.destination.y],
              pending: m.pending.waypoints.filter(w => !w.intermediate).length, viaMovement: "movement" in op,
              viaPrivate: op._movement?.[doc.id]?.id === m.id, state: doc.movement.state}));
            Hooks.on("updateToken", (doc, changes) => window.__updates.push([changes.x, changes.y])); }""")
    # Three ruler waypoints, as v13's drag sends them (explicit checkpoints), method "dragging"
    moved = player1.evaluate(f"""() => canvas.tokens.get("{T_ROOK}").document.move([
        {{x: 400, y: 100, explicit: true, checkpoint: true}}, {{x: 400, y: 400, explicit: true, checkpoint: true}},
        {{x: 700, y: 400, explicit: true, checkpoint: true}}], {{method: "dragging"}})""")
    assert moved is True  # v13: resolves after the first section
    for page in (gm, player1):
        page.wait_for_function("() => window.__moves.length >= 3")
    assert player1.evaluate("window.__pre") == [
        {"passed": [[400, 100]], "pending": [[400, 400], [700, 400]], "steps": 3, "chain": 0, "instruction": True},
        {"passed": [[400, 400]], "pending": [[700, 400]], "steps": 3, "chain": 1, "instruction": True},
        {"passed": [[700, 400]], "pending": [], "steps": 3, "chain": 2, "instruction": True}]
    assert gm.evaluate("window.__pre") == []  # preMoveToken runs on the moving client only
    moves = gm.evaluate("window.__moves")
    assert [m["to"] for m in moves] == [[400, 100], [400, 400], [700, 400]]
    assert [m["pending"] for m in moves] == [2, 1, 0]
    assert all(m["viaPrivate"] and not m["viaMovement"] for m in moves)  # v13: operation._movement, no .movement
    assert gm.evaluate("window.__updates") == [[400, 100], [400, 400], [700, 400]]
    assert player1.evaluate(f"canvas.tokens.get('{T_ROOK}').document.movement.state") == "completed"
    rook = next(t for t in world.world()["scenes"][0]["tokens"] if t["_id"] == T_ROOK)
    assert (rook["x"], rook["y"]) == (700, 400)


def test_an_api_move_without_checkpoints_is_one_update_and_a_refused_section_stops_the_rest(world, open_user_page):
    seed(world)
    player1 = open_user_page("player1")
    player1.evaluate("""() => { window.__moves = 0; Hooks.on("moveToken", () => window.__moves++);
        window.__refuse = 2; Hooks.on("preMoveToken", () => (--window.__refuse > 0)); }""")
    # API waypoints default to checkpoint: false → one section (v13 #splitMovementPath)
    player1.evaluate(f"""() => {{ window.__refuse = Infinity; return canvas.tokens.get("{T_ROOK}").document.move(
        [{{x: 200, y: 100}}, {{x: 200, y: 200}}]); }}""")
    player1.wait_for_function("() => window.__moves >= 1")
    assert player1.evaluate("window.__moves") == 1
    # Second section refused: the token stays at the first checkpoint, its movement stopped
    player1.evaluate(f"""() => {{ window.__refuse = 2; return canvas.tokens.get("{T_ROOK}").document.move(
        [{{x: 300, y: 200, checkpoint: true}}, {{x: 300, y: 300, checkpoint: true}}]); }}""")
    player1.wait_for_function(f"() => canvas.tokens.get('{T_ROOK}').document.movement.state === 'stopped'")
    assert player1.evaluate(f"() => [canvas.tokens.get('{T_ROOK}').document.x, canvas.tokens.get('{T_ROOK}').document.y, window.__moves]") == [300, 200, 2]


# ---------------------------------------------------------------------------------------------------------------
# 4. Server-side HTML cleaning
# ---------------------------------------------------------------------------------------------------------------

def test_the_server_cleans_html_fields(world, open_user_page):
    seed(world)
    player1 = open_user_page("player1")
    evil = ('<p class="smoke-card" data-outcome="hit">Hit <b>hard</b></p><script>window.__pwned = 1</script>'
            '<img src="icons/svg/mystery-man.svg" onerror="window.__pwned = 2"><a href=" javascript:alert(1)" class="x">link</a>')
    player1.evaluate("""async html => ChatMessage.create({content: html, flavor: html})""", evil)
    message = world.world()["messages"][-1]
    clean = '<p class="smoke-card" data-outcome="hit">Hit <b>hard</b></p><img src="icons/svg/mystery-man.svg"><a class="x">link</a>'
    assert (message["content"], message["flavor"]) == (clean, clean)
    # an update is cleaned too, and the system's HTML fields (manifest htmlFields) on actors, items and token deltas
    player1.evaluate("""async () => { const m = game.messages.contents.at(-1);
        await m.update({content: '<div onclick="x()">ok</div>'}); }""")
    assert world.world()["messages"][-1]["content"] == "<div>ok</div>"
    player1.evaluate(f"""() => game.actors.get("{ROOK}").update({{"system.description": '<p onmouseover="x()">me</p><script>x()</script>'}})""")
    player1.evaluate(f"""() => canvas.scene.tokens.get("{T_GOON1}").actor.update({{"system.description": "<i>goon</i><script>x()</script>"}})""")
    stored = world.world()
    assert next(a for a in stored["actors"] if a["_id"] == ROOK)["system"]["description"] == "<p>me</p>"
    goon = next(t for t in stored["scenes"][0]["tokens"] if t["_id"] == T_GOON1)
    assert goon["delta"]["system"]["description"] == "<i>goon</i>"
    assert player1.evaluate("window.__pwned ?? null") is None
