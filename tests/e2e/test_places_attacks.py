"""Issue 24, part 4: where a character is. A request at a place names its Region, and the GM counts only a token that
stands for the character **as the GM recorded it** (documents/core/token-actors.mjs), on that Region's scene; a flat has
its residents. Each attack is played as a player in their own browser context, next to the happy path.

v13 facts these tests rest on (sources we did not write):
- an owner may update every field of their token, `actorId` and `actorLink` included: `BaseToken.#canUpdate` asks
  only whether the user may update the token's actor (v13 `common/documents/token.mjs`, read in the code index:
  "You can update Tokens for Actors you control"; fvtt-types `common/documents/token.d.mts`,
  `permissions.update: this.#canUpdate`). The stand-in does the same (tests/harness/README.md, Tokens);
- a token is created by anyone with `TOKEN_CREATE` (default role ASSISTANT, which a GM may lower: fvtt-types
  `common/constants.d.mts`), with no check that the creator owns the actor. The stand-in keeps the default (players
  are refused), so the other reading is played by calling the `createToken` hook with a player's id, as v13's
  server stamps it, in `test_a_token_made_by_a_player_for_an_actor_they_do_not_own_counts_for_nobody`.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from helpers import settle

from helpers.money import (BEX, FLAT, P1, P2, REGIONS, ROOK, SAL, SCENE, SPRAY, SQ, STREET, T_BEX, T_ROOK, T_SAL, ask,
                           move, place, purse, seed, sheet, wait_at)

pytestmark = pytest.mark.harness_only

BEX_ACTOR = {"_id": BEX, "name": "Bex", "type": "character", "ownership": {"default": 0, P1: 3},
             "system": {"cash": {"pocket": 0, "stash": 0}}}
SAL_ACTOR = {"_id": SAL, "name": "Sal", "type": "character", "ownership": {"default": 0, P2: 3},
             "system": {"cash": {"pocket": 50, "stash": 0}}}
FORGE = """async ([scene, token, changes]) => game.harness.socket.request('modifyDocument', {documentName: 'Token',
    operation: 'update', parentUuid: `Scene.${scene}`, updates: [{_id: token, ...changes}], options: {}})"""
ACTOR_OF = "([s, t]) => game.scenes.get(s).tokens.get(t).actorId"
TOKEN_MODULE = "/systems/the-smoke/module/documents/core/token-actors.mjs"


def stash(page: Page, actor: str, region: str, pounds: int = 20) -> str | None:
    return ask(page, "stash.move", {"actorUuid": f"Actor.{actor}", "regionUuid": region, "pounds": pounds})


def test_a_token_pointed_at_another_actor_does_not_put_that_actor_at_the_flat(world, open_user_page):
    """Player One owns Rook and Bex. Rook stands on the street; Bex stands in Rook's flat. Pointing Bex's token at Rook
    (actorId) must not let Rook use the stash: the sheet's own write is taken out with a notice, a forged socket write
    is put back by the GM, and a request sent in the same breath as the forgery (before the put-back) is refused."""
    seed(world, actors=[BEX_ACTOR], extra_tokens=[{"_id": T_BEX, "name": "Bex", "actorId": BEX, "actorLink": True,
                                                   "x": 16 * SQ, "y": SQ}])
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    wait_at(p1, BEX, "flat")
    # happy path first: Rook walks in and stashes £20
    move(gm, T_ROOK, 16)
    wait_at(p1, ROOK, "flat")
    assert stash(p1, ROOK, FLAT) is None
    assert purse(gm) == [20, 120]
    move(gm, T_ROOK, *STREET)
    wait_at(p1, ROOK, None)
    assert stash(p1, ROOK, FLAT) == "Reach your flat first."
    # the player's own client takes the change out, with a notice
    p1.evaluate(f"() => game.scenes.get('{SCENE}').tokens.get('{T_BEX}').update({{actorId: '{ROOK}'}})")
    expect(p1.locator("#notifications")).to_contain_text("Only the GM changes which actor a token stands for.")
    assert gm.evaluate(ACTOR_OF, [SCENE, T_BEX]) == BEX
    # a forged write straight to the server, and the request at once, before the GM can put it back
    refused = p1.evaluate(f"""async () => {{ await ({FORGE})(['{SCENE}', '{T_BEX}', {{actorId: '{ROOK}'}}]);
        try {{ await game.system.api.requestGM('stash.move', {{actorUuid: 'Actor.{ROOK}', regionUuid: '{FLAT}',
          pounds: 20}}); return null; }} catch (e) {{ return e.message; }} }}""")
    assert refused == "Reach your flat first."
    gm.wait_for_function(f"() => game.scenes.get('{SCENE}').tokens.get('{T_BEX}').actorId === '{BEX}'")
    expect(gm.locator("#notifications")).to_contain_text("Player One changed which actor Bex stands for: put back.")
    assert stash(p1, ROOK, FLAT) == "Reach your flat first."
    # nor does actorLink: an unlinked copy of Bex is not Bex
    p1.evaluate(FORGE, [SCENE, T_BEX, {"actorLink": False}])
    gm.wait_for_function(f"() => game.scenes.get('{SCENE}').tokens.get('{T_BEX}').actorLink === true")
    assert purse(gm) == [20, 120]


def test_a_token_pointed_at_a_motor_does_not_bring_the_motor_to_the_respray(world, open_user_page):
    """The motor must be at the respray (the motor's own token): Bex's token in Kwik Spray pointed at Rook's car is
    not the car."""
    seed(world, rook={"cash": {"pocket": 200, "stash": 0}}, actors=[BEX_ACTOR],
         extra_tokens=[{"_id": T_BEX, "name": "Bex", "actorId": BEX, "actorLink": True, "x": 26 * SQ, "y": 2 * SQ}])
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    car = gm.evaluate(f"""async () => (await Actor.implementation.create({{name: 'Hatch', type: 'vehicle',
        ownership: {{default: 0, '{P1}': 3}}}})).id""")
    move(gm, T_ROOK, 26)
    wait_at(p1, ROOK, "respray")
    data = {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}", "regionUuid": SPRAY}
    got = p1.evaluate(f"""async ([data, car]) => {{ await ({FORGE})(['{SCENE}', '{T_BEX}', {{actorId: car}}]);
        try {{ await game.system.api.requestGM('service.respray', data); return null; }}
        catch (e) {{ return e.message; }} }}""", [data, car])
    assert got == "Bring Hatch to Kwik Spray first."
    gm.wait_for_function(f"() => game.scenes.get('{SCENE}').tokens.get('{T_BEX}').actorId === '{BEX}'")
    assert purse(gm) == [200, 0]


def test_a_token_on_another_scene_does_not_count_for_this_place(world, open_user_page):
    """Rook's token stands in the flat of another map (the GM's prep copy of the street) and on the street here. A
    request naming this map's flat counts only his token on this map; naming the other map's flat, his token there."""
    other = "SceneHighSt00002"
    world.seed(actors=[{"_id": ROOK, "name": "Rook", "type": "character", "ownership": {"default": 0, P1: 3},
                        "system": {"cash": {"pocket": 40, "stash": 100}}}],
               scenes=[{"_id": sid, "name": name, "active": sid == SCENE, "width": 5000, "height": 1000,
                        "grid": {"type": 1, "size": SQ, "distance": 1, "units": "sq"}, "regions": REGIONS,
                        "tokens": [{"_id": tid, "name": "Rook", "actorId": ROOK, "actorLink": True,
                                    "x": x * SQ, "y": y * SQ}]}
                       for sid, name, tid, (x, y) in ((SCENE, "Hackney", T_ROOK, STREET),
                                                      (other, "Hackney (prep)", "TokenRook0000002", (16, 1)))])
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    wait_at(p1, ROOK, "flat")  # his token on the prep map is in its flat
    assert stash(p1, ROOK, FLAT) == "Reach your flat first."
    assert purse(gm) == [40, 100]
    assert stash(p1, ROOK, place("RFlat00000000001", other)) is None
    assert purse(gm) == [20, 120]


def test_another_players_flat_refuses_the_stash_and_rest_and_a_crew_flat_is_everyones(world, open_user_page):
    """Rook's flat is Rook's (the GM named him in "Who lives here"): Sal, standing in it, sees whose it is and no
    stash or bed; her requests are refused saying so. The GM makes it the crew's flat (Rook and Sal): Sal stashes and
    rests there. A flat nobody was named for refuses everyone."""
    seed(world, actors=[SAL_ACTOR], extra_tokens=[{"_id": T_SAL, "name": "Sal", "actorId": SAL, "actorLink": True,
                                                   "x": 16 * SQ, "y": 2 * SQ}])
    gm, p2 = open_user_page("gm"), open_user_page("player2")
    wait_at(p2, SAL, "flat")
    s = sheet(p2, SAL)
    expect(s.locator(".smoke-place-not-home")).to_have_text("Not your flat: it is home to Rook.")
    expect(s.get_by_role("button", name="Into the stash")).to_have_count(0)
    expect(s.get_by_role("button", name="Rest (a safe night)")).to_have_count(0)
    words = "Rook's flat is not Sal's: only Rook can stash and rest there."
    assert stash(p2, SAL, FLAT) == words
    assert ask(p2, "rest", {"actorUuid": f"Actor.{SAL}", "regionUuid": FLAT}) == words
    assert purse(gm, SAL) == [50, 0]
    # the crew's flat: the GM names both (the behaviour's field, a set of actor UUIDs shown by name)
    behavior = f"{FLAT}.RegionBehavior.BFlat00000000001"
    gm.evaluate("([b, r]) => fromUuidSync(b).update({'system.residents': r})", [behavior, [f"Actor.{ROOK}", f"Actor.{SAL}"]])
    p2.wait_for_function("b => fromUuidSync(b).system.residents.size === 2", arg=behavior)
    assert stash(p2, SAL, FLAT) is None
    assert purse(gm, SAL) == [30, 20]
    assert ask(p2, "rest", {"actorUuid": f"Actor.{SAL}", "regionUuid": FLAT}) is None
    # nobody's flat
    gm.evaluate("b => fromUuidSync(b).update({'system.residents': []})", behavior)
    p2.wait_for_function("b => fromUuidSync(b).system.residents.size === 0", arg=behavior)
    assert stash(p2, SAL, FLAT) == \
        "Nobody lives at Rook's flat yet: the GM names who does in the place's settings (Who lives here)."
    # a player cannot name themselves (the behaviour is the GM's)
    p2.evaluate(f"b => fromUuidSync(b).update({{'system.residents': ['Actor.{SAL}']}}).catch(() => null)", behavior)
    settle(p2)
    assert gm.evaluate("b => fromUuidSync(b).system.residents.size", behavior) == 0


def test_a_binding_changed_while_no_gm_was_connected_is_put_back_when_the_gm_loads(world, open_user_page):
    """Player One points Bex's token at Rook while no GM is connected: the GM's client puts it back on load (its
    record says Bex), and Rook never counts at the flat."""
    seed(world, actors=[BEX_ACTOR], extra_tokens=[{"_id": T_BEX, "name": "Bex", "actorId": BEX, "actorLink": True,
                                                   "x": 16 * SQ, "y": SQ}])
    gm = open_user_page("gm")
    gm.wait_for_function(f"() => game.settings.get('the-smoke', 'tokenActors')['{SCENE}']?.['{T_BEX}']?.actorId === '{BEX}'")
    gm.close()
    p1 = open_user_page("player1")
    p1.evaluate(FORGE, [SCENE, T_BEX, {"actorId": ROOK}])
    p1.wait_for_function(f"() => game.scenes.get('{SCENE}').tokens.get('{T_BEX}').actorId === '{ROOK}'")
    gm = open_user_page("gm")
    gm.wait_for_function(f"() => game.scenes.get('{SCENE}').tokens.get('{T_BEX}').actorId === '{BEX}'")
    assert stash(p1, ROOK, FLAT) == "Reach your flat first."
    assert purse(gm) == [40, 100]


def test_a_token_made_by_a_player_for_an_actor_they_do_not_own_counts_for_nobody(world, open_user_page):
    """The other v13 reading: a GM who lowers TOKEN_CREATE to players lets Player Two make a token naming Rook. The
    GM records a token only when its maker is a GM or owns the actor (the `createToken` hook's user id, which the
    server stamps): a token Player Two made for Rook, in his flat, does not put Rook there; one Rook's owner made does.
    The stand-in refuses a player's token creation, so the GM makes the token and its hook is called with the
    player's id, as v13 calls it on every client."""
    seed(world, actors=[SAL_ACTOR])
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    made = """async ([scene, actor, user, id, mod]) => { const m = await smokeModule(mod);
        const [t] = await game.scenes.get(scene).createEmbeddedDocuments('Token', [{_id: id, name: 'Rook?', actorId: actor,
          actorLink: true, x: 1600, y: 100}], {keepId: true});
        await fetch('/harness/settle', {method: 'POST'});  // every client has handled it (helpers.settle)
        m.hooks.deleteToken(t); m.hooks.createToken(t, {}, user);
        await fetch('/harness/settle', {method: 'POST'});  // every client has handled it (helpers.settle)
        return m.standsFor(t, game.actors.get(actor)); }"""
    assert gm.evaluate(made, [SCENE, ROOK, P2, "TokenRookForged1", TOKEN_MODULE]) is False
    expect(gm.locator("#notifications")).to_contain_text("Player Two made a token (Rook?) for an actor they do not own")
    assert stash(p1, ROOK, FLAT) == "Reach your flat first."
    # the actor's owner making it is recorded
    assert gm.evaluate(made, [SCENE, ROOK, P1, "TokenRookOwner01", TOKEN_MODULE]) is True
    assert stash(p1, ROOK, FLAT) is None


def test_a_token_pointed_at_another_actor_does_not_cross_as_them(gm_page: Page, player1_page: Page, page_errors):
    """Player One owns Danny and Femi. Femi walks onto Mare Street's east strip with her token pointed at Danny (a
    hook of the player's own adds `actorId` to the move, after the system took it out): the GM's crossing must not
    put a Danny on Morning Lane — the token is not the GM's record of Danny. Put back, Femi's own walk crosses her."""
    from helpers import MAKE_MAP, MOVE, PLACE, character, crossed, tokens_of  # noqa: PLC0415
    m = gm_page.evaluate(MAKE_MAP)
    danny = character(gm_page, 'Danny "Tealeaf" Doyle', P1)
    femi = character(gm_page, "Femi Adebayo", P1)
    [dt, ft] = gm_page.evaluate(PLACE, [m["mare"], [
        {"name": "Danny", "actorId": danny, "actorLink": True, "x": 500, "y": 300},
        {"name": "Femi", "actorId": femi, "actorLink": True, "x": 1600, "y": 300}]])
    player1_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)", arg=[m["mare"], ft])
    player1_page.evaluate("""([t, a]) => { window.forge = Hooks.on('preUpdateToken', (token, changes) => {
        if (token.id === t && ('x' in changes || 'y' in changes)) changes.actorId = a; }); }""", [ft, danny])
    player1_page.evaluate(MOVE, [m["mare"], ft, 1900, 300])
    gm_page.wait_for_function("([s, t, a]) => game.scenes.get(s).tokens.get(t)?.actorId === a", arg=[m["mare"], ft, femi])
    settle(gm_page)
    assert tokens_of(gm_page, m["morning"], danny) == [], "a token pointed at Danny crossed as Danny"
    assert [t["id"] for t in tokens_of(gm_page, m["mare"], danny)] == [dt]
    # put back, the same token is Femi's and crosses as Femi (the player's hook gone)
    player1_page.evaluate("() => Hooks.off('preUpdateToken', window.forge)")
    player1_page.evaluate(MOVE, [m["mare"], ft, 1500, 300])
    player1_page.evaluate(MOVE, [m["mare"], ft, 1900, 300])
    crossed(gm_page, m["morning"], femi)
    assert tokens_of(gm_page, m["morning"], danny) == []
    assert page_errors[gm_page] == []
