"""The stand-in's combat, scene, token and multi-user slice (v13 semantics): two GMs and two tabs of one user,
Combat/Combatant permissions and turn events, update options reaching every client, scenes and tokens on every
canvas, and token movement hooks. Combats here use the CORE classes (foundry.documents.Combat/Combatant) so the
stand-in is tested, not the system's subclasses."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from helpers import CORE_COMBAT, refused

GM1, GM2 = "HarnessGMaster01", "HarnessGMaster02"
P1, P2 = "HarnessPlayer001", "HarnessPlayer002"
ROOK, VEX, GOON = "RookActor0000001", "VexActor00000001", "GoonActor0000001"
SCENE = "SceneHarness0001"
T_ROOK, T_VEX, T_GOON = "TokenRook0000001", "TokenVex00000001", "TokenGoon0000001"
C_ROOK, C_VEX, C_GOON = "CbtRook000000001", "CbtVex0000000001", "CbtGoon000000001"

ACTORS = [
    {"_id": ROOK, "name": "Rook", "type": "character", "ownership": {"default": 0, P1: 3}},
    {"_id": VEX, "name": "Vex", "type": "character", "ownership": {"default": 0, P2: 3}},
    {"_id": GOON, "name": "Goon", "type": "npc"},
]
SCENE_DATA = {
    "_id": SCENE, "name": "Warehouse", "active": True, "width": 3000, "height": 2000,
    "grid": {"type": 1, "size": 100, "distance": 1, "units": "sq"},
    "tokens": [
        {"_id": T_ROOK, "name": "Rook", "actorId": ROOK, "x": 100, "y": 100},
        {"_id": T_VEX, "name": "Vex", "actorId": VEX, "x": 300, "y": 100},
        {"_id": T_GOON, "name": "Goon", "actorId": GOON, "x": 500, "y": 500, "hidden": True, "actorLink": False},
    ],
}
COMBATANTS = [
    {"_id": C_ROOK, "actorId": ROOK, "tokenId": T_ROOK, "sceneId": SCENE, "initiative": 12},
    {"_id": C_VEX, "actorId": VEX, "tokenId": T_VEX, "sceneId": SCENE, "initiative": 17},
    {"_id": C_GOON, "actorId": GOON, "tokenId": T_GOON, "sceneId": SCENE, "initiative": None},
]


CREATE_COMBAT = """async combatants => {
    const combat = await Combat.create({scene: canvas.scene.id, active: true});
    await combat.createEmbeddedDocuments("Combatant", combatants, {keepId: true});
    return combat.id;
}"""

EXPECTED_ERRORS = ("lacks permission",)


@pytest.fixture(autouse=True)
def no_unexpected_page_errors(page_errors):
    """Refused writes log their notification as a console error; anything else is a bug in the stand-in."""
    yield
    unexpected = [m for messages in page_errors.values() for m in messages if not any(e in m for e in EXPECTED_ERRORS)]
    assert unexpected == []


def open_pages(open_user_page, *roles: str) -> list[Page]:
    pages = [open_user_page(role) for role in roles]
    for page in pages:
        page.evaluate(CORE_COMBAT)
    return pages


def seed_board(world) -> None:
    world.seed(actors=ACTORS, scenes=[SCENE_DATA])


def start_combat(gm: Page, *others: Page) -> str:
    combat_id = gm.evaluate(CREATE_COMBAT, COMBATANTS)
    for page in others:
        page.wait_for_function("id => game.combats.get(id)?.combatants.size === 3", arg=combat_id)
    return combat_id


# ---------------------------------------------------------------------------------------------------------------
# Users: two GMs, two tabs of one user, queries
# ---------------------------------------------------------------------------------------------------------------

def wait_until(probe, expected, timeout_s: float = 10.0):
    """Call `probe()` until it returns `expected` (a server-side change other pages are not told about)."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = probe()
        if value == expected or time.monotonic() > deadline:
            return value
        time.sleep(0.05)


ASK = """([id, n]) => game.users.get(id).query("the-smoke.whoami", {n}).then(r => r, e => ({error: e.message}))"""


@pytest.mark.harness_only
def test_active_gm_two_tabs_and_query_routing(open_user_page):
    gm_a, gm2, player = open_user_page("gm"), open_user_page("gm2"), open_user_page("player1")
    for page in (gm_a, gm2, player):
        assert page.evaluate("game.users.activeGM?.id") == GM1  # the full GM before the assistant
    assert gm2.evaluate("[game.user.isGM, game.user.isActiveGM, game.user.role]") == [True, False, 3]

    gm_b = open_user_page("gm")  # a second tab of the same GM: its own connection
    for page, tab in ((gm_a, "A"), (gm_b, "B"), (gm2, "GM2")):
        page.evaluate("""tab => { CONFIG.queries["the-smoke.whoami"] = async data =>
            ({user: game.user.id, tab, echo: data.n}); }""", tab)
    assert player.evaluate(ASK, [GM1, 1]) == {"user": GM1, "tab": "B", "echo": 1}  # the most recent connection
    assert gm2.evaluate(ASK, [GM1, 2]) == {"user": GM1, "tab": "B", "echo": 2}  # GM → GM
    assert gm_a.evaluate(ASK, [GM2, 3]) == {"user": GM2, "tab": "GM2", "echo": 3}
    assert "not registered" in gm2.evaluate(ASK, [P1, 4])["error"]  # GM → player (no handler there)

    player.evaluate("""() => { window.__activity = [];
        Hooks.on("userConnected", (u, active) => window.__activity.push([u.id, active])); }""")
    gm_b.context.close()
    assert wait_until(lambda: player.evaluate(ASK, [GM1, 5]), {"user": GM1, "tab": "A", "echo": 5}) == \
        {"user": GM1, "tab": "A", "echo": 5}  # still active through tab A
    assert player.evaluate("[game.users.get('HarnessGMaster01').active, window.__activity]") == [True, []]

    gm_a.context.close()
    player.wait_for_function("() => window.__activity.length > 0")
    assert player.evaluate("window.__activity") == [[GM1, False]]
    assert player.evaluate("game.users.activeGM?.id") == GM2
    assert "not active" in player.evaluate(ASK, [GM1, 6])["error"]


# ---------------------------------------------------------------------------------------------------------------
# Combat documents and permissions
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.harness_only
def test_combat_created_by_the_gm_is_seen_by_players(world, open_user_page):
    seed_board(world)
    gm, player = open_pages(open_user_page, "gm", "player1")
    player.evaluate("""() => { window.__hooks = [];
        for (const h of ["createCombat", "createCombatant", "updateCombat"])
          Hooks.on(h, (doc, ...rest) => window.__hooks.push([h, doc.id, rest.at(-1)])); }""")
    combat_id = start_combat(gm, player)

    seen = player.evaluate("""() => {
        const c = game.combat;
        const rook = c.combatants.get("CbtRook000000001"), vex = c.combatants.get("CbtVex0000000001"),
          goon = c.combatants.get("CbtGoon000000001");
        return {id: c.id, viewed: game.combats.viewed?.id, active: game.combats.active?.id, started: c.started,
          round: c.round, turn: c.turn, combatant: c.combatant, scene: c.scene?.id, isActive: c.isActive,
          turns: c.turns.map(t => t.name), owner: [rook.isOwner, vex.isOwner, goon.isOwner],
          players: rook.players.map(u => u.id), npc: [rook.isNPC, goon.isNPC], actor: rook.actor.id,
          token: rook.token.id, class: c.constructor.name, settings: c.settings,
          byActor: c.getCombatantsByActor("RookActor0000001").map(x => x.id),
          byToken: c.getCombatantsByToken(canvas.tokens.get("TokenVex00000001").document).map(x => x.id)};
    }""")
    assert seen == {
        "id": combat_id, "viewed": combat_id, "active": combat_id, "started": False, "round": 0, "turn": None,
        "combatant": None, "scene": SCENE, "isActive": True, "turns": ["Vex", "Rook", "Goon"],
        "owner": [True, False, False], "players": [P1], "npc": [False, True], "actor": ROOK, "token": T_ROOK,
        "class": "Combat", "settings": {"resource": "", "skipDefeated": False},
        "byActor": [C_ROOK], "byToken": [C_VEX],
    }
    hooks = player.evaluate("window.__hooks")
    assert hooks[0] == ["createCombat", combat_id, GM1]
    assert sorted(h[1] for h in hooks if h[0] == "createCombatant") == sorted([C_ROOK, C_VEX, C_GOON])
    assert {h[2] for h in hooks if h[0] == "createCombatant"} == {GM1}

    stored = world.world()["combats"]
    assert [c["_id"] for c in stored] == [combat_id]
    assert sorted(c["_id"] for c in stored[0]["combatants"]) == sorted([C_ROOK, C_VEX, C_GOON])
    expect(player.locator("#combat-tracker .combatant-name")).to_have_text(["Vex", "Rook", "Goon"])

    world.reset()
    assert world.world()["combats"] == [] and world.world()["scenes"] == []


@pytest.mark.harness_only
def test_players_may_only_step_round_and_turn(world, open_user_page):
    seed_board(world)
    gm, player = open_pages(open_user_page, "gm", "player1")
    combat_id = start_combat(gm, player)

    assert "lacks permission to create Combat" in refused(player, "() => Combat.create({})")
    get = f"game.combats.get('{combat_id}')"
    assert "lacks permission to update Combat" in refused(player, f"() => {get}.update({{'flags.world.note': 'mine'}})")
    system = f"() => {get}.update({{system: {{}}}}, {{diff: false}})"
    assert "lacks permission to update Combat" in refused(player, system)
    assert "lacks permission to update Combat" in refused(player, f"() => {get}.update({{active: false}})")
    assert "lacks permission to delete Combat" in refused(player, f"() => {get}.delete()")

    gm.evaluate("id => game.combats.get(id).startCombat()", combat_id)
    player.wait_for_function("id => game.combats.get(id).round === 1", arg=combat_id)
    player.evaluate("id => game.combats.get(id).nextTurn()", combat_id)  # v13: round/turn are open to players
    gm.wait_for_function("id => game.combats.get(id).turn === 1", arg=combat_id)
    stored = world.world()["combats"][0]
    assert (stored["round"], stored["turn"], stored["active"], stored["flags"]) == (1, 1, True, {})


@pytest.mark.harness_only
def test_combatant_owners_write_their_own_combatants_only(world, open_user_page):
    seed_board(world)
    gm, player = open_pages(open_user_page, "gm", "player1")
    combat_id = start_combat(gm, player)
    combatants = f"game.combats.get('{combat_id}')"

    rook = f"{combatants}.combatants.get('{C_ROOK}')"
    player.evaluate(f"() => {rook}.update({{initiative: 20, 'flags.world.aim': true}})")
    gm.wait_for_function(f"() => {combatants}.combatants.get('{C_ROOK}').initiative === 20")
    assert gm.evaluate(f"() => {combatants}.turns.map(t => t.name)") == ["Rook", "Vex", "Goon"]

    message = refused(player, f"() => {combatants}.combatants.get('{C_VEX}').update({{initiative: 1}})")
    assert "lacks permission to update Combatant" in message
    message = refused(player, f"() => {combatants}.combatants.get('{C_ROOK}').update({{hidden: true}})")
    assert "lacks permission to update Combatant" in message  # owners may write initiative/flags/defeated/system only
    message = refused(player, f"""() => {combatants}.updateEmbeddedDocuments("Combatant",
        [{{_id: '{C_ROOK}', initiative: 5}}, {{_id: '{C_VEX}', initiative: 5}}])""")
    assert "lacks permission to update Combatant" in message
    stored = {c["_id"]: c for c in world.world()["combats"][0]["combatants"]}
    assert (stored[C_ROOK]["initiative"], stored[C_VEX]["initiative"]) == (20, 17)  # a refused batch changes nothing

    created = player.evaluate(f"""async () => (await {combatants}.createEmbeddedDocuments("Combatant",
        [{{actorId: '{ROOK}', initiative: 3}}])).map(c => c.id)""")
    assert len(created) == 1
    message = refused(player, f"""() => {combatants}.createEmbeddedDocuments("Combatant", [{{actorId: '{GOON}'}}])""")
    assert "lacks permission to create Combatant" in message
    message = refused(player, f"""() => {combatants}.deleteEmbeddedDocuments("Combatant", ['{C_VEX}'])""")
    assert "lacks permission to delete Combatant" in message
    player.evaluate(f"""() => {combatants}.deleteEmbeddedDocuments("Combatant", ['{created[0]}'])""")
    gm.wait_for_function(f"() => {combatants}.combatants.size === 3")


@pytest.mark.harness_only
def test_turn_order_default_and_a_subclass_sort(world, open_user_page):
    seed_board(world)
    gm, = open_pages(open_user_page, "gm")
    combatants = [*COMBATANTS, {"_id": "CbtTwin000000001", "actorId": GOON, "name": "Twin", "initiative": 12}]
    order = gm.evaluate("""async combatants => {
        const combat = await Combat.create({scene: canvas.scene.id});
        await combat.createEmbeddedDocuments("Combatant", combatants, {keepId: true});
        class Ascending extends foundry.documents.Combat {
          _sortCombatants(a, b) {
            return ((a.initiative ?? Infinity) - (b.initiative ?? Infinity)) || (a.id > b.id ? 1 : -1);
          }
        }
        const copy = new Ascending(combat.toObject());
        return {core: combat.turns.map(t => t.name), sub: copy.turns.map(t => t.name)};
    }""", combatants)
    # v13 default: initiative descending, no initiative last, ties by id (CbtRook… < CbtTwin…)
    assert order["core"] == ["Vex", "Rook", "Twin", "Goon"]
    assert order["sub"] == ["Rook", "Twin", "Vex", "Goon"]


# ---------------------------------------------------------------------------------------------------------------
# Turn events and update options
# ---------------------------------------------------------------------------------------------------------------

RECORD_TURN_EVENTS = """() => {
    window.__events = [];
    window.__turnChanges = 0;
    const proto = foundry.documents.Combat.prototype;
    for (const name of ["_onStartRound", "_onEndRound", "_onStartTurn", "_onEndTurn"]) {
      proto[name] = async function (...args) {
        window.__events.push([name, ...args.map(a => (a?.documentName === "Combatant" ? a.name : a))]);
      };
    }
    Hooks.on("combatTurnChange", () => window.__turnChanges++);
}"""


def step(gm: Page, pages: list[Page], method: str, combat_id: str) -> None:
    """Call combat.<method>() on `gm` and wait until every page saw the turn change."""
    before = [p.evaluate("window.__turnChanges") for p in pages]
    gm.evaluate("([id, m]) => game.combats.get(id)[m]()", [combat_id, method])
    for page, n in zip(pages, before):
        page.wait_for_function("n => window.__turnChanges > n", arg=n)


def events(pages: list[Page]) -> list[list]:
    """The lifecycle calls each page recorded since the last call."""
    return [p.evaluate("window.__events.splice(0)") for p in pages]


@pytest.mark.harness_only
def test_round_end_runs_once_on_the_active_gm_and_never_backwards(world, open_user_page):
    seed_board(world)
    pages = open_pages(open_user_page, "gm", "gm2", "player1")
    gm, gm2, player = pages
    for page in pages:
        page.evaluate(RECORD_TURN_EVENTS)
    combat_id = start_combat(gm, gm2, player)

    step(gm, pages, "startCombat", combat_id)
    # v13 #triggerTurnEvents on start: the "round 0" ends, round 1 and the first turn start — on the active GM only
    assert events(pages) == [[["_onEndRound", {"round": 0, "skipped": False}],
                              ["_onStartRound", {"round": 1, "skipped": False}],
                              ["_onStartTurn", "Vex", {"round": 1, "turn": 0, "skipped": False}]], [], []]

    step(gm, pages, "nextRound", combat_id)
    gm_events, gm2_events, player_events = events(pages)
    assert gm_events == [  # v13 walks the skipped turns too, then ends round 1 exactly once
        ["_onEndTurn", "Vex", {"round": 1, "turn": 0, "skipped": False}],
        ["_onStartTurn", "Rook", {"round": 1, "turn": 1, "skipped": True}],
        ["_onEndTurn", "Rook", {"round": 1, "turn": 1, "skipped": True}],
        ["_onStartTurn", "Goon", {"round": 1, "turn": 2, "skipped": True}],
        ["_onEndTurn", "Goon", {"round": 1, "turn": 2, "skipped": True}],
        ["_onEndRound", {"round": 1, "skipped": False}],
        ["_onStartRound", {"round": 2, "skipped": False}],
        ["_onStartTurn", "Vex", {"round": 2, "turn": 0, "skipped": False}],
    ]
    assert gm2_events == [] and player_events == []

    for backwards in ("previousRound", "previousTurn"):  # v13: stepping back fires no lifecycle events
        step(gm, pages, backwards, combat_id)
        assert events(pages) == [[], [], []], backwards
    step(gm, pages, "nextTurn", combat_id)  # round 1: turn 1 → 2
    assert events(pages) == [[["_onEndTurn", "Rook", {"round": 1, "turn": 1, "skipped": False}],
                              ["_onStartTurn", "Goon", {"round": 1, "turn": 2, "skipped": False}]], [], []]

    gm.context.close()  # the other GM takes over
    gm2.wait_for_function("() => game.user.isActiveGM")
    rest = [gm2, player]
    step(gm2, rest, "nextRound", combat_id)
    assert events(rest) == [[["_onEndTurn", "Goon", {"round": 1, "turn": 2, "skipped": False}],
                             ["_onEndRound", {"round": 1, "skipped": False}],
                             ["_onStartRound", {"round": 2, "skipped": False}],
                             ["_onStartTurn", "Vex", {"round": 2, "turn": 0, "skipped": False}]], []]


RECORD_UPDATES = """() => {
    window.__updates = [];
    window.__roundHooks = 0;
    Hooks.on("combatRound", () => window.__roundHooks++);
    Hooks.on("updateCombat", (combat, changed, options, userId) =>
      window.__updates.push({where: "hook", options, userId}));
    const proto = foundry.documents.Combat.prototype;
    const original = proto._onUpdate;
    proto._onUpdate = function (changed, options, userId) {
      window.__updates.push({where: "_onUpdate", options, userId});
      return original.call(this, changed, options, userId);
    };
}"""


@pytest.mark.harness_only
def test_update_options_and_author_reach_every_client(world, open_user_page):
    seed_board(world)
    pages = open_pages(open_user_page, "gm", "gm2", "player1")
    gm, gm2, player = pages
    for page in pages:
        page.evaluate(RECORD_UPDATES)
    combat_id = start_combat(gm, gm2, player)

    def updates(page: Page, n: int) -> list[dict]:
        page.wait_for_function("n => window.__updates.length >= n", arg=n)
        return page.evaluate("window.__updates.splice(0)")

    custom = {"theSmoke": {"reason": "end of round", "n": 2}, "turnEvents": False}
    gm.evaluate("([id, options]) => game.combats.get(id).update({round: 3}, options)", [combat_id, custom])
    for page in (gm2, player):
        assert updates(page, 2) == [{"where": "_onUpdate", "options": custom, "userId": GM1},
                                    {"where": "hook", "options": custom, "userId": GM1}]
    gm.evaluate("window.__updates.splice(0)")

    gm.evaluate("id => game.combats.get(id).nextTurn()", combat_id)  # round 3, turn null → 0
    for page in (gm2, player):
        hook = updates(page, 2)[1]
        assert (hook["options"]["direction"], sorted(hook["options"]), hook["userId"]) == \
            (1, ["direction", "worldTime"], GM1)
    gm.evaluate("window.__updates.splice(0)")

    player.evaluate("id => game.combats.get(id).previousTurn()", combat_id)  # turn 0 → previousRound
    for page in (gm, gm2):
        hook = updates(page, 2)[1]
        assert (hook["options"]["direction"], hook["userId"]) == (-1, P1)  # the server-known author
    assert [p.evaluate("window.__roundHooks") for p in pages] == [0, 0, 1]  # combatRound: the calling client only
    assert world.world()["combats"][0]["round"] == 2


# ---------------------------------------------------------------------------------------------------------------
# Initiative and ending a combat
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.harness_only
def test_roll_initiative_reset_all_and_end_combat(world, open_user_page):
    seed_board(world)
    gm, player = open_pages(open_user_page, "gm", "player1")
    combat_id = start_combat(gm, player)
    player.evaluate("""() => { window.__combatantUpdates = [];
        Hooks.on("updateCombatant", (c, changed, options) =>
          window.__combatantUpdates.push([c.name, options.turnEvents])); }""")

    gm.evaluate("id => game.combats.get(id).rollInitiative(['CbtGoon000000001', 'CbtRook000000001'], {formula: '30'})",
                combat_id)
    player.wait_for_function("id => game.combats.get(id).combatants.get('CbtGoon000000001').initiative === 30",
                             arg=combat_id)
    assert player.evaluate("id => game.combats.get(id).turns.map(t => [t.name, t.initiative])", combat_id) == \
        [["Goon", 30], ["Rook", 30], ["Vex", 17]]
    assert sorted(player.evaluate("window.__combatantUpdates")) == [["Goon", False], ["Rook", False]]
    expect(player.locator("#chat-log")).to_contain_text("Rook rolls for Initiative!")
    expect(gm.locator("#chat-log")).to_contain_text("Goon rolls for Initiative!")

    gm.evaluate("id => game.combats.get(id).resetAll()", combat_id)
    player.wait_for_function("id => game.combats.get(id).combatants.every(c => c.initiative === null)", arg=combat_id)
    assert all(c["initiative"] is None for c in world.world()["combats"][0]["combatants"])
    player.evaluate("id => game.combats.get(id).rollAll({formula: '4'})", combat_id)  # the player owns Rook only
    gm.wait_for_function("id => game.combats.get(id).combatants.get('CbtRook000000001').initiative === 4",
                         arg=combat_id)
    rolled = gm.evaluate("id => game.combats.get(id).combatants.filter(c => c.initiative !== null).length", combat_id)
    assert rolled == 1

    player.evaluate("() => { window.__deleted = []; Hooks.on('deleteCombat', c => window.__deleted.push(c.id)); }")
    gm.evaluate("id => { window.__ended = game.combats.get(id).endCombat(); }", combat_id)
    dialog = gm.get_by_role("dialog")
    expect(dialog).to_contain_text("End this combat encounter")
    dialog.get_by_role("button", name="Yes").click()
    player.wait_for_function("() => window.__deleted.length === 1")
    assert player.evaluate("[game.combats.size, game.combat]") == [0, None]
    assert world.world()["combats"] == []


@pytest.mark.harness_only
def test_seeded_combats_appear_in_game_combats(world, open_user_page):
    seed_board(world)
    # the simple tracker: the stored initiatives set the order (speed mode derives them from the GM's dice record)
    world.seed(combats=[{"_id": "CombatHarness001", "scene": SCENE, "active": True, "round": 2, "turn": 1,
                         "system": {"mode": "simple"}, "combatants": COMBATANTS}])
    player = open_user_page("player1")
    assert player.evaluate("""() => [game.combat?.id, game.combat.round, game.combat.combatant?.name,
        game.combat.turns.map(t => t.name)]""") == ["CombatHarness001", 2, "Rook", ["Vex", "Rook", "Goon"]]


# ---------------------------------------------------------------------------------------------------------------
# Scenes, tokens and movement
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.harness_only
def test_seeded_scene_and_tokens_are_on_every_canvas(world, open_user_page):
    seed_board(world)
    gm, player1, player2 = (open_user_page(r) for r in ("gm", "player1", "player2"))
    for page in (gm, player1, player2):
        assert page.evaluate("""() => [canvas.ready, canvas.scene?.id, game.scenes.active?.id, canvas.grid.size,
            canvas.grid.distance, canvas.grid.units, canvas.tokens.placeables.map(t => t.id).sort()]""") == \
            [True, SCENE, SCENE, 100, 1, "sq", sorted([T_ROOK, T_VEX, T_GOON])]
    expect(gm.locator("#board [data-token-id]")).to_have_count(3)
    expect(player1.locator("#board [data-token-id]")).to_have_count(2)  # the hidden Goon: GM only
    expect(player1.locator(f'#board [data-token-id="{T_ROOK}"]')).to_have_text("Rook")

    grid = player1.evaluate("""() => {
        const m = (a, b) => { const r = canvas.grid.measurePath([a, b]);
          return [r.spaces, r.distance, r.cost, r.diagonals]; };
        return {straight: m({x: 150, y: 150}, {x: 1350, y: 150}), diagonal: m({x: 150, y: 150}, {x: 450, y: 450}),
          knight: m({i: 0, j: 0}, {i: 1, j: 2}), offset: canvas.grid.getOffset({x: 150, y: 250}),
          center: canvas.grid.getCenterPoint({i: 2, j: 1}), topLeft: canvas.grid.getTopLeftPoint({x: 199, y: 250}),
          rookCenter: canvas.tokens.get("TokenRook0000001").center,
          active: game.actors.get("RookActor0000001").getActiveTokens().map(t => t.id),
          docs: game.actors.get("RookActor0000001").getActiveTokens(true, true).map(t => t.documentName),
          owned: canvas.tokens.ownedTokens.map(t => t.id)};
    }""")
    assert grid == {"straight": [12, 12, 12, 0], "diagonal": [3, 3, 3, 3], "knight": [2, 2, 2, 1],
                    "offset": {"i": 2, "j": 1}, "center": {"x": 150, "y": 250}, "topLeft": {"x": 100, "y": 200},
                    "rookCenter": {"x": 150, "y": 150}, "active": [T_ROOK], "docs": ["Token"], "owned": [T_ROOK]}

    player1.locator(f'#board [data-token-id="{T_ROOK}"]').click()
    player1.locator(f'#board [data-token-id="{T_VEX}"]').click()  # not owned: not controlled
    assert player1.evaluate("canvas.tokens.controlled.map(t => t.id)") == [T_ROOK]
    expect(player1.locator(f'#board [data-token-id="{T_ROOK}"]')).to_have_attribute("aria-pressed", "true")

    second = gm.evaluate("""async () => {
        const scene = await Scene.create({name: "Rooftop", width: 1000, height: 1000});
        await scene.activate();  // one active scene: the server deactivates the Warehouse
        return scene.id;
    }""")
    player2.wait_for_function("id => canvas.scene?.id === id", arg=second)
    assert player2.evaluate("""() => [game.scenes.active.name, game.scenes.get("SceneHarness0001").active,
        canvas.tokens.placeables.length, canvas.grid.units]""") == ["Rooftop", False, 0, "sq"]
    expect(player2.locator("#board .board-scene")).to_have_text("Rooftop")
    assert "lacks permission to update Scene" in refused(player2, "id => game.scenes.get(id).activate()", SCENE)


RECORD_MOVES = """() => {
    window.__moves = [];
    window.__tokenUpdates = 0;
    Hooks.on("updateToken", () => window.__tokenUpdates++);
    Hooks.on("moveToken", (doc, movement, operation, user) => window.__moves.push({
      token: doc.id, x: doc.x, y: doc.y, user: user?.id, method: movement.method, spaces: movement.passed.spaces,
      distance: movement.passed.distance, diagonals: movement.passed.diagonals, cost: movement.passed.cost,
      waypoints: movement.passed.waypoints.filter(w => !w.intermediate).map(w => [w.x, w.y]),
      steps: movement.passed.waypoints.length, origin: [movement.origin.x, movement.origin.y],
      destination: [movement.destination.x, movement.destination.y], pending: movement.pending.spaces,
      keys: Object.keys(movement).sort()}));
}"""

MOVE = """async ([id, waypoints]) => canvas.tokens.get(id).document.move(waypoints)"""


@pytest.mark.harness_only
def test_token_moves_fire_move_token_everywhere(world, open_user_page):
    seed_board(world)
    pages = [open_user_page(r) for r in ("gm", "player1", "player2")]
    gm, player1, player2 = pages
    for page in pages:
        page.evaluate(RECORD_MOVES)

    def moved(n: int) -> list[dict]:
        for page in pages:
            page.wait_for_function("n => window.__moves.length >= n", arg=n)
        seen = [page.evaluate("window.__moves") for page in pages]
        assert seen[0] == seen[1] == seen[2]
        return seen[0]

    assert player1.evaluate(MOVE, [T_ROOK, [{"x": 1300, "y": 100}]]) is True  # 12 squares east
    first = moved(1)[0]
    assert first == {"token": T_ROOK, "x": 1300, "y": 100, "user": P1, "method": "api", "spaces": 12, "distance": 12,
                     "diagonals": 0, "cost": 12, "waypoints": [[1300, 100]], "steps": 12, "origin": [100, 100],
                     "destination": [1300, 100], "pending": 0,
                     "keys": ["autoRotate", "chain", "constrainOptions", "constrained", "destination", "history", "id",
                              "method", "origin", "passed", "pending", "recorded", "showRuler"]}
    expect(gm.locator(f'#board [data-token-id="{T_ROOK}"]')).to_have_css("left", "260px")  # 1300 × 0.2

    assert player1.evaluate(MOVE, [T_ROOK, [{"x": 1600, "y": 400}]]) is True  # a diagonal of 3
    second = moved(2)[1]
    assert (second["spaces"], second["diagonals"], second["distance"]) == (3, 3, 3)
    assert player1.evaluate(MOVE, [T_ROOK, [{"x": 1600, "y": 600}, {"x": 1400, "y": 600}]]) is True
    third = moved(3)[2]
    assert (third["spaces"], third["waypoints"]) == (4, [[1600, 600], [1400, 600]])

    player1.evaluate("() => Hooks.once('preMoveToken', () => false)")
    assert player1.evaluate(MOVE, [T_ROOK, [{"x": 100, "y": 100}]]) is False  # cancelled: nothing stored
    # a plain update moves too
    gm.evaluate("() => canvas.tokens.get('TokenVex00000001').document.update({x: 700, y: 100})")
    fourth = moved(4)[3]
    assert (fourth["token"], fourth["user"], fourth["spaces"]) == (T_VEX, GM1, 4)
    rook = next(t for t in world.world()["scenes"][0]["tokens"] if t["_id"] == T_ROOK)
    assert (rook["x"], rook["y"]) == (1400, 600)
    assert [p.evaluate("window.__tokenUpdates") for p in pages] == [4, 4, 4]
    # v13 records movement history only while the token's combatant's combat has started (none here)
    assert player1.evaluate("canvas.tokens.get('TokenRook0000001').document.movementHistory.length") == 0


@pytest.mark.harness_only
def test_a_player_cannot_move_a_token_they_do_not_own(world, open_user_page):
    seed_board(world)
    gm, player1 = open_user_page("gm"), open_user_page("player1")
    message = refused(player1, "([id, w]) => canvas.tokens.get(id).document.move(w)", [T_VEX, [{"x": 900, "y": 100}]])
    assert message and "lacks permission to update Token" in message
    message = refused(player1, "([id]) => canvas.tokens.get(id).document.update({x: 0})", [T_GOON])
    assert message and "lacks permission to update Token" in message
    create = "() => canvas.scene.createEmbeddedDocuments('Token', [{name: 'Mine', actorId: 'RookActor0000001'}])"
    message = refused(player1, create)
    assert message and "lacks permission to create Token" in message
    vex = next(t for t in world.world()["scenes"][0]["tokens"] if t["_id"] == T_VEX)
    assert (vex["x"], vex["y"]) == (300, 100)
    assert gm.evaluate("canvas.tokens.get('TokenVex00000001').document.x") == 300

