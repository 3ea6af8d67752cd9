"""A hostile player against cash and motors (each attack refused): the fence pays on the catalogue's
value and only for a motor at the fence; a respray needs the motor in the respray; starting cash is claimed once, by a
new character; a gun renamed "Fists" is still seized when Busted; an unlinked token's cash is not the GM's record and
is refused; a seated passenger cannot cross an EXIT strip alone by clearing her token's flag."""

from __future__ import annotations

import pytest
from helpers import add_from_pack
from helpers.money import P1, ROOK, SCENE, SPRAY, T_CAR, T_ROOK, YARD, ask, move, purse, seed, wait_at
from helpers.record import forge_then_ask
from playwright.sync_api import Page, expect
from helpers import settle

pytestmark = pytest.mark.harness_only


def _car_for_rook(gm: Page, x: int = 2100) -> str:
    """A Vexa Hatch (£6,000 catalogue value) on the map at x, owned by Player One (as a theft hands it over)."""
    car = gm.evaluate(f"""async () => {{ const p = game.packs.get('the-smoke.vehicles');
        const e = (await p.getIndex()).contents.find(x => x.name === 'Vexa Hatch');
        const data = game.actors.fromCompendium(await p.getDocument(e._id));
        const car = await Actor.implementation.create({{...data, ownership: {{default: 0, '{P1}': 3}}}});
        await game.scenes.get('{SCENE}').createEmbeddedDocuments('Token', [{{_id: '{T_CAR}', name: 'Vexa Hatch',
          actorId: car.id, actorLink: true, x: {x}, y: 100}}]);
        return car.id; }}""")
    return car


def test_the_fence_pays_the_catalogue_value_not_a_value_the_owner_wrote_on_the_motor(world, open_user_page):
    """fence.sell: the offer is computed from the motor's own system.value / body, which its owner (the thief) may
    write. Player One writes £1,000,000 on the car — on the sheet, stripped with a notice (the value is the GM's printed
    record, documents/vehicle/print.mjs); straight to the server as they sell it: the GM must pay the formula on the
    catalogue's £6,000 at full Body (Bow Breakers: 6000 × 25 % = £1,500), never on the forged value."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    car = _car_for_rook(gm)
    p1.wait_for_function("id => game.actors.get(id)?.isOwner", arg=car)
    # the owner's own write to their motor (allowed by v13: the owner may update their actor)
    p1.evaluate("id => game.actors.get(id).update({'system.value': 1000000})", car)
    expect(p1.locator("#notifications")).to_contain_text("A motor's printed record")
    move(gm, T_ROOK, 21)
    wait_at(p1, ROOK, "fence")
    sold = forge_then_ask(p1, [{"_id": car, "system": {"value": 1000000}}], "fence.sell",
                          {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}", "regionUuid": YARD})
    assert sold.get("refused") is None, sold
    pocket = purse(gm)[0]
    assert pocket <= 40 + 1500, f"the fence paid £{pocket - 40} for a £6,000 car (the owner's forged value)"


def test_the_fence_buys_only_a_motor_that_is_at_the_fence(world, open_user_page):
    """fence.sell checks the seller's token is at the fence but not the motor: a car parked across the map (or on
    another scene) is sold from the yard without ever being driven there. The README: 'Sell to … beside a motor you
    own that is there (or that you ride in)'."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    car = _car_for_rook(gm, x=100)  # column 1: outside every place
    move(gm, T_ROOK, 21)
    wait_at(p1, ROOK, "fence")
    got = ask(p1, "fence.sell", {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}", "regionUuid": YARD})
    assert got is not None, "a motor nowhere near the fence was sold"
    assert purse(gm) == [40, 100]


def test_a_respray_needs_the_motor_in_the_respray(world, open_user_page):
    """service.respray checks the payer is at the respray, never the motor: a hot car left across the map gets a
    clean plate marker (smoke.resprayed) without being driven in."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    car = _car_for_rook(gm, x=100)
    move(gm, T_ROOK, 26)
    wait_at(p1, ROOK, "respray")
    # Rook needs £100: the GM pays him first (legitimately)
    gm.evaluate(f"""() => game.system.api.requestGM('crewFee', {{actorUuids: ['Actor.{ROOK}'], pounds: 100,
        mode: 'perHead', offerId: 'reviewOffer0001'}})""")
    gm.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === 140")
    got = ask(p1, "service.respray", {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}", "regionUuid": SPRAY})
    assert got is not None, "a motor nowhere near the respray was resprayed"


def test_starting_cash_cannot_be_reclaimed_by_an_existing_character(world, open_user_page):
    """purse.start: 'a new character's starting cash, set once by the GM when the Creator finishes'. The handler
    checks only that it never ran for this actor: a played character (here Rook, £40) asks for it, having written
    the richest background on his own sheet, and his pocket is set to that background's cash."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    key, rich = "market-trader", 120  # the richest background (packs-src/backgrounds/market-trader.yml: cash 120)
    # the background is the GM's record now (documents/core/record.mjs): the write is forged straight to the server
    p1.evaluate(f"""k => game.harness.socket.request('modifyDocument', {{documentName: 'Actor', operation: 'update',
        parentUuid: null, updates: [{{_id: '{ROOK}', system: {{details: {{background: k}}}}}}], options: {{}}}})""", key)
    ask(p1, "purse.start", {"actorUuid": f"Actor.{ROOK}"})
    assert purse(gm)[0] == 40, f"a character in play reset its pocket to its (self-chosen) background's £{rich}"


def test_busted_seizes_a_gun_its_owner_renamed_fists(world, open_user_page):
    """heat/custody.mjs seized(): a weapon is kept back from seizure when its *name* is "Fists" — a name the owner may
    write on their own item. Rook renames his Sawn-off Shotgun "Fists" before the cuffs: Busted must still seize it."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    gun = add_from_pack(gm, ROOK, "weapons", "Sawn-off Shotgun")
    p1.wait_for_function(f"id => !!game.actors.get('{ROOK}').items.get(id)", arg=gun)
    p1.evaluate(f"id => game.actors.get('{ROOK}').items.get(id).update({{name: 'Fists'}})", gun)
    gm.wait_for_function(f"id => game.actors.get('{ROOK}').items.get(id).name === 'Fists'", arg=gun)
    assert ask(gm, "heat.bust", {"actorUuid": f"Actor.{ROOK}"}) is None
    kept = gm.evaluate(f"id => !!game.actors.get('{ROOK}').items.get(id)", gun)
    assert not kept, "the shotgun renamed 'Fists' walked out of custody"


def test_an_unlinked_characters_cash_is_refused_not_spent(world, open_user_page):
    """The GM's cash record is kept for world characters; a character on the map as an *unlinked* token is a synthetic
    actor whose ActorDelta its owner may write. Player One writes £99,999 on the token's actor and tries to buy at
    Costcutter: every request for it is refused (link the token), so nothing is sold on forged cash."""
    seed(world, extra_tokens=[{"_id": "TokenRookUnlink1", "name": "Rook (unlinked)", "actorId": ROOK,
                               "actorLink": False, "x": 600, "y": 100}])
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    uuid = f"Scene.{SCENE}.Token.TokenRookUnlink1.Actor.{ROOK}"
    p1.wait_for_function("u => !!fromUuidSync(u)", arg=uuid)
    p1.evaluate("u => fromUuidSync(u).update({'system.cash.pocket': 99999})", uuid)
    gm.wait_for_function("u => fromUuidSync(u).system.cash.pocket === 99999", arg=uuid)
    pocket = gm.evaluate("u => game.system.api.money.purseOf(fromUuidSync(u)).pocket", uuid)
    shelf = p1.evaluate("""async u => { const a = fromUuidSync(u);
        const place = game.system.api.places.placesOf(a).find(p => p.kind === 'cornerShop');
        if (!place) return null;
        const rows = await game.system.api.money.shelfFor(a, place);
        return rows.map(r => [r.key, r.offerId, place.regionUuid, r.pounds]); }""", uuid)
    assert shelf, "the unlinked token is not at the shop"
    bought = [ask(p1, "shop.buy", {"actorUuid": uuid, "regionUuid": r, "key": k, "offerId": o}) for k, o, r, _ in shelf]
    # the ruling: money, places and Heat are for linked characters (the GM's record); an unlinked copy is refused
    assert all(b and "unlinked token" in b for b in bought), bought
    assert gm.evaluate("u => fromUuidSync(u).items.size", uuid) == p1.evaluate("u => fromUuidSync(u).items.size", uuid)
    assert pocket == 99999  # the player's own number on their copy, which nothing spends


# ---------------------------------------------------------------------------------------------------------------
# EXIT strips and the riders' token flag `flags.the-smoke.carried` (written by the GM, but on a token its player owns)

P2 = "HarnessPlayer002"


def _car_on_mare(gm: Page):
    from helpers import MAKE_MAP, motor_with_driver_and_passenger  # noqa: PLC0415
    m = gm.evaluate(MAKE_MAP)
    c = motor_with_driver_and_passenger(gm, m, {P1: 3})
    return m, c


def test_a_passenger_cannot_cross_a_strip_alone_by_clearing_the_carried_flag(gm_page: Page, player1_page: Page,
                                                                             player2_page: Page):
    """street-map/crossing.mjs refusal() refuses a rider by the token flag `carried`, which the rider's player may
    remove from their own token. Jaz (Player Two, seated as passenger 1) clears it, walks her hidden token onto the
    strip and asks to cross: she must not arrive on Morning Lane while the seat store still has her in the car."""
    from helpers import MOVE, tokens_of  # noqa: PLC0415
    m, c = _car_on_mare(gm_page)
    player2_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)?.flags['the-smoke']?.carried",
                                   arg=[m["mare"], c["jt"]])
    player2_page.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).unsetFlag('the-smoke', 'carried')",
                          [m["mare"], c["jt"]])
    gm_page.wait_for_function("([s, t]) => !game.scenes.get(s).tokens.get(t).flags['the-smoke']?.carried",
                              arg=[m["mare"], c["jt"]])
    player2_page.evaluate(MOVE, [m["mare"], c["jt"], 1900, 500])
    player2_page.evaluate(f"""async () => {{ try {{ await game.system.api.requestGM('streetMap.cross',
        {{tokenUuid: 'Scene.{m["mare"]}.Token.{c["jt"]}'}}); }} catch (e) {{}} }}""")
    settle(gm_page)
    assert tokens_of(gm_page, m["morning"], c["jaz"]) == [], "a seated passenger crossed to another map on her own"


def test_relationships_are_the_gms_record(world, open_user_page):
    """The street counter buys a discount (street 5: 10 %): a player's own write to it, through the sheet or straight
    to the server, is put back to the GM's number; the GM's own award is the new fact."""
    seed(world)  # Rook: street 5, crew 3, police 0
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    gm.wait_for_function(f"() => game.settings.get('the-smoke', 'relationships')['Actor.{ROOK}'] !== undefined")
    p1.evaluate(f"() => game.actors.get('{ROOK}').update({{'system.relationships.police': 9}})")
    settle(p1)
    assert p1.evaluate(f"() => game.actors.get('{ROOK}').system.relationships.police") == 0
    p1.evaluate(f"""() => game.harness.socket.request('modifyDocument', {{documentName: 'Actor', operation: 'update',
        parentUuid: null, updates: [{{_id: '{ROOK}', system: {{relationships: {{street: 9, crew: 9, police: 9}}}}}}], options: {{}}}})""")
    p1.wait_for_function(f"""() => {{ const r = game.actors.get('{ROOK}').system.relationships;
        return r.street === 5 && r.crew === 3 && r.police === 0; }}""")
    gm.evaluate(f"() => game.actors.get('{ROOK}').update({{'system.relationships.police': 3}})")
    gm.wait_for_function(f"() => game.settings.get('the-smoke', 'relationships')['Actor.{ROOK}']['system.relationships.police'] === 3")

