"""Conformance of the stand-in with real v13, part 2: users' roles and what each may write — the Assistant GM (role 3)
beside a full GM, world and user settings and who hears of them, who may create tokens and what an owner may change
on one. Each test names its source; where no source settles a fact, the test says so and the README's "Verified
against real Foundry, and not" lists it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from helpers import refused
from helpers import settle

pytestmark = pytest.mark.harness_only

GM1, ASSISTANT, GM3, P1, P2 = "HarnessGMaster01", "HarnessGMaster02", "HarnessGMaster03", "HarnessPlayer001", "HarnessPlayer002"
SCENE = "SceneConform0002"
ROOK, VEX = "RookActor0000001", "VexActor00000001"
T_ROOK = "TokenRookConf001"
ACTIVE = "() => [game.user.isGM, game.user.role, game.users.activeGM?.id ?? null]"


def test_the_assistant_gm_is_a_gm_and_the_active_gm_only_without_a_full_one(open_user_page):
    """`isGM`: "Test whether the User has a GAMEMASTER or ASSISTANT role in this World?" (fvtt-types 13.345
    `common/documents/user.d.mts`); `Users#activeGM`: "one User who is an active Gamemaster (non-assistant if
    possible)" (`client/documents/collections/users.d.mts`; https://foundryvtt.com/api/classes/foundry.documents.
    collections.Users.html). CONST.USER_ROLES.ASSISTANT is 3."""
    assistant = open_user_page("gm2")
    assert assistant.evaluate(ACTIVE) == [True, 3, ASSISTANT]  # alone, the assistant is the active GM
    gm = open_user_page("gm")
    assistant.wait_for_function("id => game.users.activeGM?.id === id", arg=GM1)
    assert gm.evaluate(ACTIVE) == [True, 4, GM1] and assistant.evaluate("game.user.isActiveGM") is False
    gm.context.close()
    assistant.wait_for_function("id => game.users.activeGM?.id === id", arg=ASSISTANT)


def test_two_full_gms_agree_on_one_active_gm(open_user_page):
    """Two GAMEMASTERs: every client names the same one active GM (so automation runs once). Which one is not
    settled by a source we have: the v13 API says only "non-assistant if possible"; the stand-in takes the lower id
    (core's `getDesignatedUser` ordering is unread). The system only relies on all clients agreeing (isActiveGM)."""
    gm, gm3, player = open_user_page("gm"), open_user_page("gm3"), open_user_page("player1")
    seen = {p.evaluate("() => game.users.activeGM?.id") for p in (gm, gm3, player)}
    assert seen == {GM1}
    assert [gm.evaluate("game.user.isActiveGM"), gm3.evaluate("game.user.isActiveGM")] == [True, False]


def test_world_settings_need_settings_modify_and_reach_every_client(open_user_page):
    """World settings are written by users with SETTINGS_MODIFY, whose default role is ASSISTANT (fvtt-types 13.345
    `common/constants.d.mts` USER_PERMISSIONS.SETTINGS_MODIFY `defaultRole: USER_ROLES.ASSISTANT`), so the Assistant
    GM may and a player may not; every client that holds the setting gets its `onChange` (`client/helpers/
    client-settings.d.mts` RegisterData.onChange). A `user` setting is its user's own; a `client` one stays in its
    browser."""
    pages = {role: open_user_page(role) for role in ("gm2", "player1", "player2")}
    for page in pages.values():
        page.evaluate("""() => { window.__changes = [];
            game.settings.register("the-smoke", "probeWorld", {scope: "world", config: false, type: Number, default: 0,
              onChange: v => window.__changes.push(["world", v])});
            game.settings.register("the-smoke", "probeUser", {scope: "user", config: false, type: Number, default: 0,
              onChange: v => window.__changes.push(["user", v])});
            game.settings.register("the-smoke", "probeClient", {scope: "client", config: false, type: Number, default: 0}); }""")
    assert refused(pages["gm2"], "() => game.settings.set('the-smoke', 'probeWorld', 7)") is None
    for page in pages.values():
        page.wait_for_function("() => game.settings.get('the-smoke', 'probeWorld') === 7")
        assert ["world", 7] in page.evaluate("window.__changes")
    assert "lacks permission" in (refused(pages["player1"], "() => game.settings.set('the-smoke', 'probeWorld', 9)") or "")
    assert refused(pages["player1"], "() => game.settings.set('the-smoke', 'probeUser', 3)") is None
    pages["player1"].wait_for_function("() => game.settings.get('the-smoke', 'probeUser') === 3")
    pages["player1"].evaluate("() => game.settings.set('the-smoke', 'probeClient', 5)")
    settle(pages["player2"])
    assert pages["player2"].evaluate("""() => [game.settings.get('the-smoke', 'probeUser'),
        game.settings.get('the-smoke', 'probeClient'), window.__changes.filter(c => c[0] === 'user').length]""") == [0, 0, 0]


def seed_scene(world) -> None:
    world.seed(actors=[{"_id": ROOK, "name": "Rook", "type": "character", "ownership": {"default": 0, P1: 3}},
                       {"_id": VEX, "name": "Vex", "type": "character", "ownership": {"default": 0, P2: 3}}],
               scenes=[{"_id": SCENE, "name": "Conformance", "active": True, "width": 1000, "height": 1000,
                        "grid": {"size": 100}, "ownership": {"default": 0, P1: 3},
                        "tokens": [{"_id": T_ROOK, "name": "Rook", "actorId": ROOK, "actorLink": True, "x": 0, "y": 0}]}])


def test_tokens_are_created_by_the_token_create_role_and_updated_by_their_actors_owner(world, open_user_page):
    """Creating and deleting a token needs TOKEN_CREATE / TOKEN_DELETE, default role ASSISTANT (fvtt-types 13.345
    `common/constants.d.mts`), whatever the Scene's ownership; updating one needs the update permission of its actor
    (core v13 `common/documents/token.mjs` `BaseToken.#canUpdate`: "You can update Tokens for Actors you control")."""
    seed_scene(world)
    player, other, assistant = open_user_page("player1"), open_user_page("player2"), open_user_page("gm2")
    create = """() => game.scenes.get("%s").createEmbeddedDocuments("Token", [{name: "Extra", actorId: "%s", x: 200, y: 0}])""" \
        % (SCENE, ROOK)
    assert "lacks permission" in (refused(player, create) or "")  # even owning the Scene and the actor
    assert refused(assistant, create) is None
    move = """() => game.scenes.get("%s").tokens.get("%s").update({x: 300})""" % (SCENE, T_ROOK)
    assert refused(player, move) is None
    assert "lacks permission" in (refused(other, move) or "")


def test_an_owner_may_change_their_tokens_actor_and_link_as_v13_reads(world, open_user_page):
    """What v13 itself allows, pinned: `BaseToken.#canUpdate` checks only the current actor's update permission
    (`doc.actor.canUserModify(user, "update", data)`, core v13 `common/documents/token.mjs`), with no rule on the
    `actorId` or `actorLink` fields, so the owner's update goes through. NOT SETTLED on a real server (no source says
    whether the server adds a field rule): the system must not trust a player's change of either field (another change
    puts them back); this test only pins the stand-in to core's code as read."""
    seed_scene(world)
    player = open_user_page("player1")
    player.evaluate("""() => { window.__changed = [];
        Hooks.on("updateToken", (t, changed) => window.__changed.push([changed.actorId ?? null, changed.actorLink ?? null])); }""")
    # sent straight to the server (the system's own client hook strips a player's change of these fields before it
    # leaves: module/documents/core/token-actors.mjs; this test is about the server)
    swap = """() => game.harness.socket.request('modifyDocument', {documentName: 'Token', operation: 'update',
        parentUuid: 'Scene.%s', options: {}, updates: [{_id: '%s', actorId: '%s', actorLink: false}]})""" % (SCENE, T_ROOK, VEX)
    assert refused(player, swap) is None
    # the server accepted and broadcast it (whatever a GM's automation does afterwards)
    player.wait_for_function("() => window.__changed.length > 0")
    assert player.evaluate("window.__changed[0]") == [VEX, False]
