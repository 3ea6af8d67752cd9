"""Issue 13: money and services in the world (rulebook: Money, shops and a safe bed; Fire, repairs and selling up;
Harm, aid and recovery). Places are Scene Regions with the system's `the-smoke.place` behaviour; a place's actions
show on the character sheet only while the character's token is in it, and every purchase, sale, transfer, payment
and heal runs on the active GM, which checks it all again. Each happy path has its attack next to it."""

from __future__ import annotations
import re
import pytest
from playwright.sync_api import Page, expect
from helpers import settle
from helpers.core import double_click_across_a_redraw
from helpers import SEED_DICE
from helpers import add_from_pack, statuses
from helpers.record import forge_then_ask
from helpers.money import (  # noqa: F401
    P1,
    P2,
    ROOK,
    SAL,
    BEX,
    CAR,
    SCENE,
    T_ROOK,
    T_SAL,
    T_BEX,
    T_CAR,
    SQ,
    region,
    REGIONS,
    STREET,
    FLAT,
    at,
    seed,
    move,
    wait_at,
    ask,
    purse,
    sheet)


pytestmark = pytest.mark.harness_only


def test_outside_the_shop_shop_here_is_not_offered_and_a_forced_request_is_refused(world, open_user_page):
    seed(world)
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    s = sheet(player1_page)
    expect(s.locator("[data-smoke-places]")).to_be_visible()
    expect(s.get_by_role("button", name="Buy")).to_have_count(0)
    assert ask(player1_page, "shop.buy", {"actorUuid": f"Actor.{ROOK}", "regionUuid": f"Scene.{SCENE}.Region.RShop00000000001",
                                          "key": "meal-deal", "offerId": "forged-offer-0001"}) == "Reach the shop first."
    assert purse(gm_page) == [40, 100]
    assert gm_page.evaluate(f"() => game.actors.get('{ROOK}').items.size") == 0
    # walking in brings the shelf onto the open sheet (the region's tokenEnter re-renders it), walking out takes it away
    move(gm_page, T_ROOK, 6)
    expect(s.locator("tr[data-key='meal-deal']").get_by_role("button", name="Buy")).to_be_visible()
    move(gm_page, T_ROOK, *STREET)
    expect(s.get_by_role("button", name="Buy")).to_have_count(0)


def wide_boy_in_the_corner_shop(world, open_user_page) -> tuple[Page, Page]:
    """Rook (street 5) with the Wide Boy perk, his token in the corner shop; the GM's and Player One's pages."""
    seed(world)
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    add_from_pack(gm_page, ROOK, "perks", "Wide Boy")
    move(gm_page, T_ROOK, 6)
    wait_at(player1_page, ROOK, "cornerShop")
    return gm_page, player1_page


def test_a_double_click_whose_second_click_lands_on_a_redrawn_sheet_buys_once(world, open_user_page):
    """A CI run paid £24 for one £12 First Aid Kit: the sheet was drawn again between the two clicks of a double click,
    and the second click met a fresh Buy button with a fresh offer id. Now, while the GM holds the first click's
    request, the redrawn button is disabled and carries the same offer id; a click forced on it asks nothing; the GM
    refuses that id once it is spent, and the next drawing carries a fresh id that buys again."""
    gm_page, player1_page = wide_boy_in_the_corner_shop(world, open_user_page)
    # The GM's client counts shop.buy requests and holds the first until the test lets it go (the stand-in looks a
    # query's handler up in CONFIG.queries when the query arrives: tests/harness/client/database.mjs #answerQuery).
    gm_page.evaluate("""() => { const name = 'the-smoke.request', run = CONFIG.queries[name];
        window.buys = 0; let go; const released = new Promise(r => { go = r; }); window.releaseFirstBuy = go;
        CONFIG.queries[name] = (q, o) => q?.type !== 'shop.buy' ? run(q, o)
          : ++window.buys === 1 ? released.then(() => run(q, o)) : run(q, o); }""")
    s = sheet(player1_page)
    buy_button = "tr[data-key='first-aid-kit'] button[data-smoke-place='buy']"
    first = s.locator(buy_button)
    offer, region_uuid = first.get_attribute("data-offer"), first.get_attribute("data-region")
    first.evaluate("b => { b.dataset.drawn = 'before'; }")
    first.click()
    gm_page.wait_for_function("() => window.buys === 1")
    player1_page.evaluate(f"() => game.actors.get('{ROOK}').sheet.render({{force: true}})")
    again = s.locator(f"{buy_button}:not([data-drawn])")
    expect(again).to_be_disabled()
    assert again.get_attribute("data-offer") == offer
    again.evaluate("b => { b.disabled = false; b.click(); }")  # a disabled button is not the protection
    gm_page.evaluate("() => window.releaseFirstBuy()")
    gm_page.wait_for_function(f"() => game.actors.get('{ROOK}').items.some(i => i.name === 'First Aid Kit')")
    settle(player1_page)
    assert gm_page.evaluate("() => window.buys") == 1, "the forced second click asked the GM again"
    assert purse(gm_page) == [28, 100]
    # The spent id is refused by the GM; the sheet's next drawing carries a fresh one, which buys again.
    assert ask(player1_page, "shop.buy", {"actorUuid": f"Actor.{ROOK}", "regionUuid": region_uuid, "key": "first-aid-kit",
                                          "offerId": offer}) == "That was bought already (one click, one purchase)."
    fresh = sheet(player1_page).locator(buy_button)
    expect(fresh).to_be_enabled()
    assert fresh.get_attribute("data-offer") != offer
    fresh.click()
    gm_page.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === 16")
    settle(player1_page)
    assert purse(gm_page) == [16, 100]
    kits = gm_page.evaluate(f"""() => game.actors.get('{ROOK}').items.filter(i => i.name === 'First Aid Kit')
        .map(i => i.system.quantity)""")
    assert kits == [2]


def test_a_double_click_whose_second_click_comes_after_the_gms_answer_buys_once(world, open_user_page):
    """The GM answers the first click and the sheet is drawn again before the second click of a double click lands on
    the fresh Buy button (a fresh offer id): that second click (click count 2) asks nothing. A single click after it
    buys again."""
    gm_page, player1_page = wide_boy_in_the_corner_shop(world, open_user_page)
    s = sheet(player1_page)
    buy_button = s.locator("tr[data-key='first-aid-kit'] button[data-smoke-place='buy']")
    offer = buy_button.get_attribute("data-offer")

    def answered_and_redrawn():
        gm_page.wait_for_function(f"() => game.actors.get('{ROOK}').items.some(i => i.name === 'First Aid Kit')")
        settle(player1_page)
        expect(buy_button).to_be_enabled()
        expect(buy_button).not_to_have_attribute("data-offer", offer)

    double_click_across_a_redraw(player1_page, buy_button, answered_and_redrawn)
    settle(player1_page)
    assert purse(gm_page) == [28, 100]
    buy_button.click()
    gm_page.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === 16")
    settle(player1_page)
    assert purse(gm_page) == [16, 100]


def test_in_the_shop_street_5_and_wide_boy_take_20_percent_off_and_a_third_discount_changes_nothing(world, open_user_page):
    """Discounts: street relationship 5 (10 %) + Wide Boy (10 %) = 20 % at a shop: a First Aid Kit £15 → £12. At Pat's,
    Chainring 3 adds a third 10 %: still 20 % (a Bike Lock £25 → £20). Paid from pocket cash; the item lands on the
    sheet from the compendium; a double click buys once."""
    gm_page, player1_page = wide_boy_in_the_corner_shop(world, open_user_page)
    s = sheet(player1_page)
    row = s.locator("tr[data-key='first-aid-kit']")
    expect(row).to_contain_text("£15")
    expect(row).to_contain_text("£12 (−20%)")
    row.get_by_role("button", name="Buy").dblclick()
    gm_page.wait_for_function(f"() => game.actors.get('{ROOK}').items.some(i => i.name === 'First Aid Kit')")
    settle(player1_page)
    assert purse(gm_page) == [28, 100]
    assert gm_page.evaluate(f"() => game.actors.get('{ROOK}').items.filter(i => i.name === 'First Aid Kit').length") == 1
    expect(player1_page.locator("#chat-log .smoke-money-card").last).to_contain_text("Rook buys First Aid Kit for £12.")
    # Pat's Arches: street 5 + Chainring 3 + Wide Boy is three discounts, capped at 20 %.
    move(gm_page, T_ROOK, 11)
    wait_at(player1_page, ROOK, "patsArches")
    s = sheet(player1_page)
    lock = s.locator("tr[data-key='bike-lock']")
    expect(lock).to_contain_text("£20 (−20%)")
    lock.get_by_role("button", name="Buy").click()
    gm_page.wait_for_function(f"() => game.actors.get('{ROOK}').items.some(i => i.name === 'Bike Lock')")
    assert purse(gm_page) == [8, 100]
    # Short of cash: refused with the amount missing, nothing written.
    s = sheet(player1_page)
    s.locator("tr[data-key='toolkit']").get_by_role("button", name="Buy").click()
    expect(player1_page.locator("#notifications")).to_contain_text("short by £56")
    assert purse(gm_page) == [8, 100]


def test_a_forged_offer_twice_buys_once_and_a_shelf_the_place_does_not_have_is_refused(world, open_user_page):
    seed(world)
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    move(gm_page, T_ROOK, 6)
    wait_at(player1_page, ROOK, "cornerShop")
    data = {"actorUuid": f"Actor.{ROOK}", "regionUuid": f"Scene.{SCENE}.Region.RShop00000000001", "key": "bandages",
            "offerId": "sameOffer0000001"}
    both = player1_page.evaluate("""async d => Promise.all([0, 1].map(() => game.system.api.requestGM('shop.buy', d)
        .then(() => 'ok', e => e.message)))""", data)
    assert sorted(both) == ["That was bought already (one click, one purchase).", "ok"]
    assert purse(gm_page) == [36, 100]  # Bandages £4 (street 5: 10 % of £4 rounds to £4)
    # a corner shop sells no pistol; a restricted item is never on a shelf
    assert ask(player1_page, "shop.buy", {**data, "key": "compact-pistol", "offerId": "otherOffer000001"}) == \
        "Costcutter does not sell compact-pistol."
    assert purse(gm_page) == [36, 100]


def test_the_stash_moves_only_at_the_flat_and_absurd_amounts_are_refused(world, open_user_page):
    seed(world)
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    assert ask(player1_page, "stash.move", {"actorUuid": f"Actor.{ROOK}", "regionUuid": FLAT, "pounds": 20}) == "Reach your flat first."
    move(gm_page, T_ROOK, 16)
    wait_at(player1_page, ROOK, "flat")
    s = sheet(player1_page)
    s.get_by_label("Amount to move").fill("30")
    s.get_by_role("button", name="Into the stash").click()
    gm_page.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).stash === 130")
    assert purse(gm_page) == [10, 130]
    for bad, words in ((-0.5, "whole pounds only"), (0, "at least £1"), (10 ** 9, "more than anyone carries"),
                       ("50", "whole pounds only")):
        assert words in ask(player1_page, "stash.move", {"actorUuid": f"Actor.{ROOK}", "regionUuid": FLAT, "pounds": bad})
    assert "short by £" in ask(player1_page, "stash.move", {"actorUuid": f"Actor.{ROOK}", "regionUuid": FLAT, "pounds": 11})
    assert purse(gm_page) == [10, 130]


def test_a_player_cannot_pay_themselves_by_editing_cash(world, open_user_page):
    seed(world)
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    gm_page.wait_for_function(f"() => game.settings.get('the-smoke', 'purses')['Actor.{ROOK}'] !== undefined")
    player1_page.evaluate(f"""() => game.harness.socket.request('modifyDocument', {{documentName: 'Actor', operation: 'update',
        parentUuid: null, updates: [{{_id: '{ROOK}', system: {{cash: {{pocket: 9999, stash: 9999}}}}}}], options: {{}}}})""")
    player1_page.wait_for_function(f"() => game.actors.get('{ROOK}').system.cash.pocket === 40")
    assert purse(gm_page) == [40, 100]
    # nor pay the crew fee to themselves
    assert ask(player1_page, "crewFee", {"actorUuids": [f"Actor.{ROOK}"], "pounds": 500, "mode": "split",
                                         "offerId": "crewOffer0000001"}) == "Only a GM can do that."
    assert purse(gm_page) == [40, 100]


def test_rest_is_refused_while_bleeding_then_restores_health_and_hustle_and_clears_two_stars(world, open_user_page):
    """Harm, aid and recovery › Rest: a safe night at the flat restores full Health and Hustle, clears the everyday
    Conditions (Hurt, Knackered), clears Heat at two stars; never while Bleeding; Broken stays."""
    seed(world, rook={"health": {"value": 3}, "hustle": {"value": 0}, "heat": 2})
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    gm_page.evaluate(f"""async () => {{ const a = game.actors.get('{ROOK}');
        for (const s of ['bleeding', 'hurt', 'knackered', 'broken']) await a.toggleStatusEffect(s, {{active: true}}); }}""")
    move(gm_page, T_ROOK, 16)
    wait_at(player1_page, ROOK, "flat")
    s = sheet(player1_page)
    s.get_by_role("button", name="Rest (a safe night)").click()
    expect(player1_page.locator("#notifications")).to_contain_text("Rook is Bleeding: patch it up before you rest.")
    assert gm_page.evaluate(f"() => game.actors.get('{ROOK}').system.health.value") == 3
    gm_page.evaluate(f"() => game.actors.get('{ROOK}').toggleStatusEffect('bleeding', {{active: false}})")
    player1_page.wait_for_function(f"() => !game.actors.get('{ROOK}').statuses.has('bleeding')")
    sheet(player1_page).get_by_role("button", name="Rest (a safe night)").click()
    gm_page.wait_for_function(f"() => game.actors.get('{ROOK}').system.hustle.value === 3 && game.actors.get('{ROOK}').system.heat === 0")
    rook = gm_page.evaluate(f"""() => {{ const a = game.actors.get('{ROOK}');
        return [a.system.health.value, a.system.health.max, a.system.hustle.value, a.system.heat]; }}""")
    assert rook[0] == rook[1] and rook[2:] == [3, 0]
    assert statuses(gm_page, ROOK) == ["broken"]


def test_rest_restores_to_the_maxima_of_the_gms_record_not_a_forged_grit_or_rep(world, open_user_page):
    """Rest restores "full Health and Hustle": the maxima of the GM's record (Grit's die and Growth for Health, Rep for
    Hustle; documents/core/record.mjs), never the sheet's. Player One writes Grit d20 and Rep 33 straight to the
    server and asks for a safe night in the same breath: Rook (Grit d6, Rep 1) wakes on 11 Health and 3 Hustle, not on
    the 18 and 7 the forged sheet would give, and the GM's records say so.

    v13 facts relied on: an owner may update their own Actor (fvtt-types ``src/foundry/common/documents/actor.d.mts``,
    permission ``update`` is OWNER), so the write can always be sent past the sheet."""
    seed(world, rook={"health": {"value": 3}, "hustle": {"value": 0}, "stats": {"grt": {"die": 6}}})
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    move(gm_page, T_ROOK, 16)
    wait_at(player1_page, ROOK, "flat")
    assert gm_page.evaluate(f"() => [game.actors.get('{ROOK}').system.health.max, game.actors.get('{ROOK}').system.hustle.max]") == [11, 3]
    done = forge_then_ask(player1_page, [{"_id": ROOK, "system": {"stats": {"grt": {"die": 20}}, "rep": {"level": 33}}}],
                          "rest", {"actorUuid": f"Actor.{ROOK}", "regionUuid": FLAT})
    assert "ok" in done, done
    assert done["ok"]["health"] == 11 and done["ok"]["hustle"] == 3, done
    gm_page.wait_for_function(f"() => game.actors.get('{ROOK}')._source.system.stats.grt.die === 6")
    settle(gm_page)
    kept = gm_page.evaluate(f"""() => [game.settings.get('the-smoke', 'health')['Actor.{ROOK}']['system.health.value'],
        game.settings.get('the-smoke', 'hustle')['Actor.{ROOK}']['system.hustle.value']]""")
    assert kept == [11, 3], f"the GM's records of Health and Hustle after the night: {kept}"


def test_rest_is_refused_at_three_stars_and_off_the_flat(world, open_user_page):
    seed(world, rook={"heat": 3})
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    assert ask(player1_page, "rest", {"actorUuid": f"Actor.{ROOK}", "regionUuid": FLAT}) == "Reach your flat or a safehouse first."
    move(gm_page, T_ROOK, 16)
    wait_at(player1_page, ROOK, "flat")
    assert ask(player1_page, "rest", {"actorUuid": f"Actor.{ROOK}", "regionUuid": FLAT}) == \
        "Rook is on 3 stars: at three or more the police would come to the door."
    assert gm_page.evaluate(f"() => game.actors.get('{ROOK}').system.heat") == 3
    # police in sight (the GM's sight override on the Heat record): refused with its reason
    gm_page.evaluate(f"() => game.actors.get('{ROOK}').update({{'system.heat': 1}})")
    assert ask(gm_page, "heat.sight", {"actorUuid": f"Actor.{ROOK}", "override": "seen"}) is None
    assert ask(player1_page, "rest", {"actorUuid": f"Actor.{ROOK}", "regionUuid": FLAT}) == "Police can see Rook: lose them before you rest."
    assert ask(gm_page, "heat.sight", {"actorUuid": f"Actor.{ROOK}", "override": None}) is None
    assert ask(player1_page, "rest", {"actorUuid": f"Actor.{ROOK}", "regionUuid": FLAT}) is None
    gm_page.wait_for_function(f"() => game.actors.get('{ROOK}').system.heat === 0")


def test_first_aid_on_a_down_ally_ends_down_once_per_injury_and_a_hand_made_card_is_refused(world, open_user_page):
    """Harm, aid and recovery › First aid, out of a fight: Rook (Savvy d6) reaches Bex (Engaged), Savvy Medium;
    a success restores 2 Health (the Down patient 0 → 2) and Down ends; the same injury cannot be treated twice."""
    bex = {"_id": BEX, "name": "Bex", "type": "character", "ownership": {"default": 0},
           "system": {"health": {"value": 0}}}
    seed(world, actors=[bex], extra_tokens=[{"_id": T_BEX, "name": "Bex", "actorId": BEX, "actorLink": True,
                                             "x": (STREET[0] + 1) * SQ, "y": STREET[1] * SQ}])
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    gm_page.evaluate(f"""async () => {{ const a = game.actors.get('{BEX}');
        await a.toggleStatusEffect('down', {{active: true}}); await a.toggleStatusEffect('bleeding', {{active: true}}); }}""")
    player1_page.wait_for_function(f"() => game.actors.get('{BEX}')?.statuses.has('down')")
    # a hand-made card with a real roll id is not the roll the GM issued
    forged = player1_page.evaluate(f"""async () => {{
        const issued = await game.system.api.requestGM('firstAid.issue', {{medicUuid: 'Actor.{ROOK}', patientUuid: 'Actor.{BEX}'}});
        const m = await ChatMessage.create({{content: 'Sorted!', flags: {{'the-smoke': {{rollId: issued.rollId,
          check: {{total: 30, outcome: 'legendary'}}}}}}}});
        try {{ await game.system.api.requestGM('firstAid.apply', {{rollId: issued.rollId, messageId: m.id}}); return null; }}
        catch (e) {{ return e.message; }} }}""")
    assert forged
    assert gm_page.evaluate(f"() => game.actors.get('{BEX}').statuses.has('down')") is True
    player1_page.evaluate(SEED_DICE, [(5, 6), (5, 6)])
    result = player1_page.evaluate(f"""() => game.system.api.money.streetFirstAid(game.actors.get('{ROOK}'),
        game.actors.get('{BEX}'), {{skipDialog: true}})""")
    assert result["success"] is True and sorted(result["removed"]) == ["bleeding", "down"]
    gm_page.wait_for_function(f"() => !game.actors.get('{BEX}').statuses.has('down')")
    assert gm_page.evaluate(f"() => game.actors.get('{BEX}').system.health.value") == 2  # 0 → 2 (README › Rulings)
    assert ask(player1_page, "firstAid.issue", {"medicUuid": f"Actor.{ROOK}", "patientUuid": f"Actor.{BEX}"}) == \
        "Bex's injury has been treated once already: a fresh injury allows a fresh attempt."
    # out of reach: refused before any roll
    move(gm_page, T_BEX, 12, 8)
    player1_page.wait_for_function(f"() => game.scenes.get('{SCENE}').tokens.get('{T_BEX}').x === 1200")
    gm_page.evaluate(f"() => game.actors.get('{BEX}').update({{'system.health.value': 0}})")
    assert ask(player1_page, "firstAid.issue", {"medicUuid": f"Actor.{ROOK}", "patientUuid": f"Actor.{BEX}"}) == \
        "Reach Bex first (Engaged)."


def test_a_second_burner_phone_stacks_on_the_first(world, open_user_page):
    """Issue 25, defect 11: a second Burner Phone bought was a second entry. A stacking item (gear, food & medicine,
    drugs, ammunition) of the same catalogue key gains the quantity instead, on the GM's record too."""
    seed(world)
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    move(gm_page, T_ROOK, 6)
    wait_at(player1_page, ROOK, "cornerShop")
    for offer in ("phoneOffer000001", "phoneOffer000002"):
        assert ask(player1_page, "shop.buy", {"actorUuid": f"Actor.{ROOK}", "regionUuid": f"Scene.{SCENE}.Region.RShop00000000001",
                                              "key": "burner-phone", "offerId": offer}) is None
    gm_page.wait_for_function(f"""() => game.actors.get('{ROOK}').items.filter(i => i.name === 'Burner Phone')
        .reduce((n, i) => n + i.system.quantity, 0) === 2""")
    phones = gm_page.evaluate(f"""() => game.actors.get('{ROOK}').items.filter(i => i.name === 'Burner Phone').map(i =>
        [i.system.quantity, game.settings.get('the-smoke', 'kit')['Actor.{ROOK}']?.[i.id]?.system?.quantity ?? null])""")
    assert phones == [[2, 2]], phones  # one entry, two phones, and the GM's record says so
