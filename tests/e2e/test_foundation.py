"""The ground the table features stand on: active time (the game's pauses, the server clock every client shares),
GM-owned stores, and the guarded fields (cash and Heat on the sheet are the GM's: a player's own write is put back).
The stand-in's pause and server clock follow v13 (`game.togglePause`, `pauseGame`, `game.time.serverTime`)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from helpers import skew_time
from helpers import settle

pytestmark = pytest.mark.harness_only

P1 = "HarnessPlayer001"
ROOK = "RookActor0000001"
ACTORS = [{"_id": ROOK, "name": "Rook", "type": "character", "ownership": {"default": 0, P1: 3},
           "system": {"cash": {"pocket": 40, "stash": 100}, "heat": 2}}]

ACTIVE = "() => game.system.api.clock.activeNow()"


def seed(world) -> None:
    world.seed(actors=ACTORS)


def test_active_time_stands_while_the_game_is_paused_on_every_client(world, open_user_page):
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    p1.evaluate("() => { window.pauses = []; Hooks.on('pauseGame', (p, o) => window.pauses.push([p, o.userId])); }")
    gm.evaluate("() => game.togglePause(true, {broadcast: true})")
    p1.wait_for_function("() => game.paused === true && window.pauses.length === 1")
    assert p1.evaluate("() => window.pauses") == [[True, "HarnessGMaster01"]]
    gm.wait_for_function("() => game.settings.get('the-smoke', 'activeTime').pausedAt !== null")
    p1.wait_for_function("() => game.settings.get('the-smoke', 'activeTime').pausedAt !== null")
    # a client's estimate of the server clock may trail by its sync error: once past the pause it stands still
    skew_time(gm, 1)
    settle(p1)
    before_gm, before_p1 = gm.evaluate(ACTIVE), p1.evaluate(ACTIVE)
    skew_time(gm, 120)
    settle(p1)
    assert gm.evaluate(ACTIVE) == before_gm, "paused: two minutes of server time add no active time"
    assert p1.evaluate(ACTIVE) == before_p1
    gm.evaluate("() => game.togglePause(false, {broadcast: true})")
    p1.wait_for_function("() => game.settings.get('the-smoke', 'activeTime').pausedAt === null")
    skew_time(gm, 45)
    settle(p1)
    for page, before in ((gm, before_gm), (p1, before_p1)):
        gained = (page.evaluate(ACTIVE) - before) / 1000
        assert 45 <= gained < 50, f"after unpausing, 45 s of server time is 45 s of active time (got {gained})"
    # the two clients agree on the shared clock to well under a second
    assert abs(gm.evaluate(ACTIVE) - p1.evaluate(ACTIVE)) < 500


def test_a_player_cannot_pause_the_game(world, open_user_page):
    seed(world)
    p1 = open_user_page("player1")
    err = p1.evaluate("() => game.togglePause(true, {broadcast: true}).then(() => null, e => e.message)")
    assert "lacks permission" in err
    assert p1.evaluate("() => game.paused") is False


def test_a_player_cannot_write_a_gm_store(world, open_user_page):
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    gm.wait_for_function(f"() => game.settings.get('the-smoke', 'purses')['Actor.{ROOK}'] !== undefined")
    err = p1.evaluate(f"""() => game.settings.set('the-smoke', 'purses', {{'Actor.{ROOK}': {{'system.cash.pocket': 9999}}}})
        .then(() => null, e => e.message)""")
    assert err and "permission" in err.lower()


def test_a_players_own_cash_and_heat_edit_is_stripped_and_a_forged_one_put_back(world, open_user_page):
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    gm.wait_for_function(f"() => game.settings.get('the-smoke', 'purses')['Actor.{ROOK}'] !== undefined")
    # through the document API (the sheet): stripped on the player's client, with a notice
    p1.evaluate(f"() => game.actors.get('{ROOK}').update({{'system.cash.pocket': 5000, 'system.heat': 0, 'name': 'Rook B'}})")
    p1.wait_for_function(f"() => game.actors.get('{ROOK}').name === 'Rook B'")
    assert p1.evaluate(f"() => [game.actors.get('{ROOK}').system.cash.pocket, game.actors.get('{ROOK}').system.heat]") == [40, 2]
    assert "GM's record" in p1.inner_text("#notifications")
    # a forged write straight to the server: the active GM puts the GM's values back
    p1.evaluate(f"""() => game.harness.socket.request('modifyDocument', {{documentName: 'Actor', operation: 'update',
        parentUuid: null, updates: [{{_id: '{ROOK}', system: {{cash: {{pocket: 5000, stash: 0}}, heat: 0}}}}], options: {{}}}})""")
    gm.wait_for_function(f"() => game.actors.get('{ROOK}').system.cash.pocket === 40")
    p1.wait_for_function(f"""() => {{ const s = game.actors.get('{ROOK}').system;
        return s.cash.pocket === 40 && s.cash.stash === 100 && s.heat === 2; }}""")
    # the GM's own edit is the new fact
    gm.evaluate(f"() => game.actors.get('{ROOK}').update({{'system.cash.pocket': 55}})")
    gm.wait_for_function(f"() => game.settings.get('the-smoke', 'purses')['Actor.{ROOK}']['system.cash.pocket'] === 55")
    assert p1.evaluate(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket") in (40, 55)
    p1.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === 55")


def test_the_gm_reads_its_own_store_write_at_once(world, open_user_page):
    """A GM store's write takes a round trip to the server (v13 ClientSettings#set resolves once the Setting document
    is written); the active GM's own client reads it at once, so a hook's record (here the kit record of an item the
    GM just gave) and a request that follows it never see two facts (documents/core/gm-store.mjs)."""
    seed(world)
    gm = open_user_page("gm")
    seen = gm.evaluate(f"""async () => {{ const a = game.actors.get('{ROOK}');
        const [item] = await a.createEmbeddedDocuments('Item', [{{name: 'Torch', type: 'gear'}}]);
        return game.system.api.record.recordedItem(a, item.id)?.name ?? null; }}""")
    assert seen == "Torch"
