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
