"""Kit that changes Heat (issue 28 items 1–2; rulebook: Tools and gear › Balaclava; Clobber and outfits; Heat on your
heels › Lose sight, then lose stars): a worn Balaclava takes 1 off a witnessed crime's stars (minimum 0), an outfit
changed into out of sight at one or two stars loses its Heat drop, and a Police Uniform caught in adds +2. Each next to
its attack: the GM acts only on the kit its record says the character carries, with the record's numbers.

v13 facts these rest on, from sources we did not write: an owner may update the embedded Items of their own Actor
(foundryvtt.com/api/v13 ClientDocumentMixin#canUserModify: an embedded document's permission is its parent's), so a
player can write any field of their own item — which is why the GM reads its record (documents/kit-record.mjs), not
the item."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import add_from_pack
from helpers import heat as H


def _add_crime(gm: Page, actor: str, crime: str, **flags) -> dict:
    return gm.evaluate("""([id, crime, flags]) => game.system.api.requestGM('heat.crime.add',
        {actorUuid: `Actor.${id}`, crime, ...flags})""", [actor, crime, flags])


def _recorded(page: Page, actor: str, item: str) -> None:
    page.wait_for_function("([a, i]) => !!game.settings.get('the-smoke', 'kit')[`Actor.${a}`]?.[i]", arg=[actor, item])


def test_a_worn_balaclava_takes_one_star_off_a_car_theft_police_see(gm_page: Page, player1_page: Page, page_errors):
    """Danny, given a Balaclava by the GM, wears it from his sheet (one click: Wear Balaclava). A car theft police see
    adds 1 + 1 − 1 = 1 star (the book's 2 without it); the GM's card names the Balaclava. Taken off, the next (at 1
    star) adds the full 2: 3."""
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    mask = add_from_pack(gm_page, danny, "gear", "Balaclava")
    _recorded(player1_page, danny, mask)
    sheet = H.open_character(player1_page, danny)
    sheet.get_by_role("button", name="Wear Balaclava").click()
    gm_page.wait_for_function("([a, i]) => game.actors.get(a).items.get(i).system.worn === true", arg=[danny, mask])
    gm_page.evaluate("""id => Hooks.callAll('smoke.crime', {actorUuid: `Actor.${id}`, crime: 'nicking-a-car',
        actId: 'test:theft', witnessed: true})""", danny)
    expect(gm_page.locator("#chat-log .smoke-heat-card").last).to_contain_text(
        'Danny "Tealeaf" Doyle wears Balaclava: a witnessed crime adds 1 less Heat (minimum 0).')
    resolved = gm_page.evaluate("""() => game.system.api.requestGM('heat.crime.resolve', {actId: 'test:theft',
        witnessed: true, policeSaw: true})""")
    assert (resolved["stars"], resolved["added"]) == (1, 1)
    player1_page.wait_for_function("id => game.actors.get(id).system.heat === 1", arg=danny)
    sheet.get_by_role("button", name="Take off Balaclava").click()
    gm_page.wait_for_function("([a, i]) => game.actors.get(a).items.get(i).system.worn === false", arg=[danny, mask])
    assert _add_crime(gm_page, danny, "nicking-a-car", policeSaw=True)["stars"] == 3
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_a_balaclava_the_gms_record_does_not_have_hides_nothing(gm_page: Page, player1_page: Page, page_errors):
    """Danny's player writes, straight to the server past his client, `witnessedHeat: −5` and `worn` onto the Police
    Scanner he carries, and creates a worn Balaclava of his own: the GM's record has neither, so a car theft police
    see adds the full 2 stars."""
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    scanner = add_from_pack(gm_page, danny, "gear", "Police Scanner")
    _recorded(player1_page, danny, scanner)
    player1_page.evaluate("""async ([id, item]) => {
        const p = game.packs.get('the-smoke.gear');
        const entry = (await p.getIndex()).contents.find(e => e.name === 'Balaclava');
        const data = (await p.getDocument(entry._id)).toObject();
        data.system.worn = true;
        await game.harness.socket.request('modifyDocument', {documentName: 'Item', operation: 'create',
            parentUuid: `Actor.${id}`, data: [data], options: {}});
        await game.harness.socket.request('modifyDocument', {documentName: 'Item', operation: 'update',
            parentUuid: `Actor.${id}`, updates: [{_id: item, system: {witnessedHeat: -5, worn: true}}], options: {}});
    }""", [danny, scanner])
    gm_page.wait_for_function("([a, i]) => game.actors.get(a).items.get(i).system.worn === true", arg=[danny, scanner])
    assert _add_crime(gm_page, danny, "nicking-a-car", policeSaw=True)["stars"] == 2
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_an_outfit_changed_into_out_of_sight_loses_its_heat_drop_and_a_uniform_caught_in_adds_two(
        gm_page: Page, player1_page: Page, page_errors):
    """Danny at 2 stars, the officer 49 squares off (out of sight), carries a Football Shirt and a Police Uniform the GM gave
    him. From his sheet, *Change into Football Shirt out of sight*: 2 → 1, the Football Shirt worn. The Football Shirt again: refused
    (it has already changed his description while wanted). The uniform (Heat drop 2) at 1 star: 0. Back at 1 star with
    the uniform on, he surrenders to a stop: caught, +2: 3. At 3 stars a change is refused (one or two stars only)."""
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    suit = add_from_pack(gm_page, danny, "outfits", "Football Shirt")
    uniform = add_from_pack(gm_page, danny, "outfits", "Police Uniform")
    _recorded(player1_page, danny, suit)
    _recorded(player1_page, danny, uniform)
    H.set_heat(gm_page, danny, 2)
    player1_page.wait_for_function("id => game.actors.get(id).system.heat === 2", arg=danny)
    sheet = H.open_character(player1_page, danny)
    sheet.get_by_role("button", name="Change into Football Shirt out of sight").click()
    player1_page.wait_for_function("id => game.actors.get(id).system.heat === 1", arg=danny)
    gm_page.wait_for_function("([a, i]) => game.actors.get(a).items.get(i).system.worn === true", arg=[danny, suit])
    again = player1_page.evaluate("""async ([a, i]) => { try { await game.system.api.requestGM('heat.outfit.change',
        {actorUuid: `Actor.${a}`, itemId: i}); return null; } catch (e) { return e.message; } }""", [danny, suit])
    assert again == """The Football Shirt has already changed Danny "Tealeaf" Doyle's description while wanted."""
    sheet.get_by_role("button", name="Change into Police Uniform out of sight").click()
    player1_page.wait_for_function("id => game.actors.get(id).system.heat === 0", arg=danny)
    gm_page.wait_for_function("([a, s, u]) => game.actors.get(a).items.get(u).system.worn && !game.actors.get(a).items.get(s).system.worn",
                              arg=[danny, suit, uniform])
    H.set_heat(gm_page, danny, 1)
    stop = gm_page.evaluate("id => game.system.api.requestGM('heat.stop.demand', {actorUuid: `Actor.${id}`})", danny)["stopId"]
    player1_page.evaluate("s => game.system.api.requestGM('heat.stop.answer', {stopId: s, answer: 'surrender'})", stop)
    player1_page.wait_for_function("id => game.actors.get(id).system.heat === 3", arg=danny)
    expect(gm_page.locator("#chat-log .smoke-heat-card[data-kind=uniform]")).to_contain_text(
        'Danny "Tealeaf" Doyle is caught in the Police Uniform: +2 Heat (3 now).')
    hot = player1_page.evaluate("""async ([a, i]) => { try { await game.system.api.requestGM('heat.outfit.change',
        {actorUuid: `Actor.${a}`, itemId: i}); return null; } catch (e) { return e.message; } }""", [danny, suit])
    assert hot.startswith("At 3 stars a change of clothes does not shake them")
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_an_outfit_change_reads_the_gms_record_and_sight(gm_page: Page, player1_page: Page, player2_page: Page,
                                                        page_errors):
    """Danny at 2 stars. His player writes `heatDrop: 5` onto his Football Shirt straight to the server: the change loses the
    record's 1 (2 → 1). An outfit he created himself past his client is not on the record: refused. Another player
    asking for Danny: refused. With the officer 4 squares off, in sight: refused."""
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    suit = add_from_pack(gm_page, danny, "outfits", "Football Shirt")
    shirt = add_from_pack(gm_page, danny, "outfits", "Delivery Rider Jacket")
    _recorded(player1_page, danny, suit)
    _recorded(player1_page, danny, shirt)
    H.set_heat(gm_page, danny, 2)
    ask = """async ([a, i]) => { try { return await game.system.api.requestGM('heat.outfit.change',
        {actorUuid: `Actor.${a}`, itemId: i}); } catch (e) { return e.message; } }"""
    assert player2_page.evaluate(ask, [danny, shirt]) != {"stars": 1, "lost": 1}
    forged = player1_page.evaluate("""async ([id, suit]) => {
        await game.harness.socket.request('modifyDocument', {documentName: 'Item', operation: 'update',
            parentUuid: `Actor.${id}`, updates: [{_id: suit, system: {heatDrop: 5}}], options: {}});
        const p = game.packs.get('the-smoke.outfits');
        const entry = (await p.getIndex()).contents.find(e => e.name === 'Smart Suit');
        const data = (await p.getDocument(entry._id)).toObject();
        data._id = foundry.utils.randomID(16);
        await game.harness.socket.request('modifyDocument', {documentName: 'Item', operation: 'create',
            parentUuid: `Actor.${id}`, data: [data], options: {keepId: true}});
        return data._id;
    }""", [danny, suit])
    assert player1_page.evaluate(ask, [danny, forged]) == \
        """That is not an outfit the GM's record says Danny "Tealeaf" Doyle carries."""
    assert player1_page.evaluate(ask, [danny, suit]) == {"stars": 1, "lost": 1}
    H.move_cop(gm_page, ids, H.NEAR)
    gm_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).x === 500", arg=[ids["scene"], ids["copToken"]])
    assert player1_page.evaluate(ask, [danny, shirt]) == \
        """The police can see Danny "Tealeaf" Doyle: change your description out of sight."""
    assert gm_page.evaluate("id => game.actors.get(id).system.heat", danny) == 1
    for page in (gm_page, player1_page):
        assert page_errors[page] == []
