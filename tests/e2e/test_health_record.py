"""Current Health is the GM's record, as cash and Hustle are (issue 24: "still the player's to write" emptied;
rulebook: Your character record › The numbers beside your name — "Damage reduces current Health; being patched up
restores it up to the maximum"; Harm, aid and recovery › First aid — "Treat an injury once; a fresh injury allows a
fresh attempt"). Damage, first aid, kit, Rest and A&E change it on the active GM (documents/core/health-record.mjs); a
player's own edit is stripped on their client with a notice, a forged one is put back, and first aid's "once per
injury" reads the GM's record of the treatment, not a flag the patient's owner could unset.

v13 facts relied on (sources we did not write): an owner may update their own Actor (fvtt-types
``src/foundry/common/documents/actor.d.mts``: permission ``update`` is OWNER), so a write can always be forged and the
GM puts it back; ``preUpdateActor`` fires only on the requesting client and may change the request
(https://foundryvtt.com/api/functions/hookEvents.preUpdateDocument.html); ``updateActor`` fires on every client with
the requesting user's id (https://foundryvtt.com/api/functions/hookEvents.updateDocument.html).
"""

from __future__ import annotations

import re

import pytest
from helpers import P1, SEED_DICE, add_from_pack, import_pregen, open_sheet
from helpers.record import forge, notices
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.harness_only


def _health(page: Page, actor: str) -> int:
    return page.evaluate("id => game.actors.get(id).system.health.value", actor)


RECORDED = "([id, v]) => (game.settings.get('the-smoke', 'health')[`Actor.${id}`] ?? {})['system.health.value'] === v"


def _recorded(page: Page, actor: str, value: int) -> bool:
    """Until the GM's record of the actor's Health (the world setting, as the server holds it) reads ``value``."""
    page.wait_for_function(RECORDED, arg=[actor, value])
    return True


def test_a_players_health_edit_is_stripped_a_forged_one_put_back_and_the_gms_edit_is_the_fact(gm_page: Page, player1_page: Page):
    """Femi (Health 12 of 12, P1's) is hurt by the GM to 5: the record follows the GM. P1's own edit to 12 (the sheet's
    field) is stripped with a notice; the same write forged straight to the server, up to 12 or down to 1, is put
    back to 5 by the active GM. The GM heals Femi to 9 on the sheet: the new fact, which P1's client then shows."""
    femi = import_pregen(gm_page, "Femi Adebayo", P1)
    player1_page.wait_for_function("id => game.actors.get(id)?.isOwner", arg=femi)
    gm_page.evaluate("id => game.actors.get(id).update({'system.health.value': 5})", femi)
    gm_page.wait_for_function("id => (game.settings.get('the-smoke', 'health')[`Actor.${id}`] ?? {})['system.health.value'] === 5",
                              arg=femi)
    player1_page.wait_for_function("id => game.actors.get(id).system.health.value === 5", arg=femi)

    field = open_sheet(player1_page, femi).get_by_label("Health", exact=True)
    field.fill("12")
    field.press("Tab")
    expect(player1_page.locator("#notifications")).to_contain_text("Current Health is the GM's record")
    expect(field).to_have_value("5")
    assert _health(gm_page, femi) == 5

    for forged in (12, 1):
        forge(player1_page, "Actor", [{"_id": femi, "system": {"health": {"value": forged}}}])
        gm_page.wait_for_function("([id, v]) => game.actors.get(id)._source.system.health.value === 5", arg=[femi, 5])
        player1_page.wait_for_function("id => game.actors.get(id).system.health.value === 5", arg=femi)
        assert _recorded(gm_page, femi, 5)

    gm_page.evaluate("id => game.actors.get(id).update({'system.health.value': 9})", femi)
    player1_page.wait_for_function("id => game.actors.get(id).system.health.value === 9", arg=femi)
    assert _recorded(gm_page, femi, 9)
    assert "GM's record" in notices(player1_page)


def test_first_aid_once_per_injury_reads_the_gms_record_not_a_flag_or_health_the_player_wrote(gm_page: Page, player1_page: Page):
    """P1's Femi, at 5 after the GM's damage, patches herself up with her First Aid Kit (Savvy, Medium, heals 2): 7.
    The same injury again is refused — also after P1 forges the old flag away and her Health down to 6 (a fake fresh
    injury): the GM puts the Health back and still reads the treatment it recorded. A fresh injury the GM applies
    (Health 4) allows a fresh attempt."""
    femi = import_pregen(gm_page, "Femi Adebayo", P1)
    kit = add_from_pack(gm_page, femi, "consumables", "First Aid Kit")
    gm_page.evaluate("id => game.actors.get(id).update({'system.health.value': 5})", femi)
    player1_page.wait_for_function("([id, k]) => game.actors.get(id)?.items.get(k) && game.actors.get(id).system.health.value === 5",
                                   arg=[femi, kit])
    sheet = open_sheet(player1_page, femi)
    player1_page.evaluate(SEED_DICE, [(5, 6), (5, 6)])
    sheet.get_by_role("button", name="Use First Aid Kit").click(modifiers=["Shift"])
    gm_page.wait_for_function("id => game.actors.get(id).system.health.value === 7", arg=femi)
    assert _recorded(gm_page, femi, 7)

    forge(player1_page, "Actor", [{"_id": femi, "system": {"health": {"value": 6}}, "flags": {"the-smoke": {"firstAid": None}}}])
    gm_page.wait_for_function("id => game.actors.get(id)._source.system.health.value === 7", arg=femi)
    player1_page.wait_for_function("id => game.actors.get(id).system.health.value === 7", arg=femi)
    sheet.get_by_role("button", name="Use First Aid Kit").click(modifiers=["Shift"])
    expect(player1_page.locator("#notifications")).to_contain_text(re.compile("treated once already"))
    assert _health(gm_page, femi) == 7

    gm_page.evaluate("id => game.actors.get(id).update({'system.health.value': 4})", femi)
    player1_page.wait_for_function("id => game.actors.get(id).system.health.value === 4", arg=femi)
    player1_page.evaluate(SEED_DICE, [(5, 6), (5, 6)])
    sheet.get_by_role("button", name="Use First Aid Kit").click(modifiers=["Shift"])
    gm_page.wait_for_function("id => game.actors.get(id).system.health.value === 6", arg=femi)
