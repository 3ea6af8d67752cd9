"""A character's Conditions are the GM's record (rulebook: Conditions; The roll › Conditions change the dice; Harm, aid
and recovery). A player who deletes Hurt from their own character before a counted roll gains nothing: the deletion is
refused on their own client with a notice, a forged one is put back by the active GM, and the GM counts the roll with
the penalty it recorded even in the moment before the put-back. Next to it, the honest path: the GM's automation adds
and ends Conditions as before, and an honest roll counts with the recorded Hurt.

v13 facts relied on: an owner may create, update and delete the embedded ActiveEffects of their own Actor (an embedded
document's permission is its parent's: fvtt-types ``src/foundry/common/documents/active-effect.d.mts`` ``BaseActiveEffect``
``canUserModify`` / ``#canModify`` → the parent Actor's OWNER; https://foundryvtt.com/api/v13/classes/foundry.documents.ActiveEffect.html);
and ``preDeleteActiveEffect`` / ``preCreateActiveEffect`` fire only on the requesting client, where returning false
refuses the operation (https://foundryvtt.com/api/functions/hookEvents.preDeleteDocument.html) — so a forged deletion
that skips it reaches every client, and the active GM's ``deleteActiveEffect`` hook puts the Condition back.
"""

from __future__ import annotations

import pytest
from helpers import P1, SEED_DICE, make_actor, open_sheet
from helpers.gm_screen import request_result, send_check
from helpers.record import forge
from helpers.rolls import ask, hand_made, not_this_check, roll, seen_by
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.harness_only

RECORD = "/systems/the-smoke/module/documents/core/condition-record.mjs"


def _recorded(page: Page, actor: str) -> list[str]:
    """The Conditions the GM counts for the actor (condition-record.mjs recordedStatuses), as this page reads them."""
    return page.evaluate(f"""async id => [...(await smokeModule('{RECORD}')).recordedStatuses(game.actors.get(id))].sort()""", actor)


def _statuses(page: Page, actor: str) -> list[str]:
    return page.evaluate("id => [...game.actors.get(id).statuses].sort()", actor)


ARM_ON_DELETE = """([actor, record, check]) => { window.smokeArmed = new Promise(resolve => {
    const hook = async (effect, options, userId) => {
        if (effect.parent?.id !== actor || userId === game.user.id) return;
        Hooks.off('deleteActiveEffect', hook);
        const a = game.actors.get(actor);
        const seen = {statuses: [...a.statuses].sort()};   // read in the same breath: before any put-back
        const [{recordedStatuses}, {planFor, defaultChoices}] = await Promise.all([smokeModule(record), smokeModule(check)]);
        const recorded = [...recordedStatuses(a)].sort();
        const plan = planFor(a, 'mov', {...defaultChoices(), tnSource: 'band', band: 'medium'});
        resolve({...seen, recorded, formula: plan.formula});
    };
    Hooks.on('deleteActiveEffect', hook); }); }"""

FORGE_DELETE_THEN_CLAIM = """async ([actor, effect, rollId, messageId]) => {
    await game.harness.socket.request('modifyDocument', {documentName: 'ActiveEffect', operation: 'delete',
        parentUuid: `Actor.${actor}`, options: {}, ids: [effect]});
    try { return {ok: await game.system.api.requestGM('gm.request.claim', {rollId, messageId})}; }
    catch (e) { return {refused: e.message}; } }"""


def test_a_player_who_deletes_hurt_before_a_counted_roll_is_counted_with_it(gm_page: Page, player1_page: Page,
                                                                            page_errors):
    """Sal (Moves d8, +4) is Hurt (−1 to Moves) by the GM. His player's ✕ (toggling Hurt off on his own client) is
    refused with a notice. The GM asks for Leg It (Moves, Medium); Sal's player forges the deletion of the Hurt effect
    straight to the server and, in the same breath, claims a card rolled as if unhurt (1d6 + 1d8 + 4): the GM counts
    the Hurt it recorded — refused, the modifier is +4, this check's is +3 — and Hurt comes back, the same effect. The
    honest card for Climb or Vault (Moves first) rolled 4 and 5 counts 4 + 5 + 3 = 12."""
    sal = make_actor(gm_page, "Sal", owner=P1, system={"stats": {"mov": {"die": 8}}})
    gm_page.evaluate("id => game.actors.get(id).addCondition('hurt')", sal)
    player1_page.wait_for_function("id => game.actors.get(id)?.statuses.has('hurt')", arg=sal)
    hurt = gm_page.evaluate("id => game.actors.get(id).effects.find(e => e.statuses.has('hurt')).id", sal)
    gm_page.wait_for_function(f"async id => (await smokeModule('{RECORD}')).recordedStatuses(game.actors.get(id)).has('hurt')", arg=sal)

    # his own client: refused, with the notice, and no ✕ on his sheet
    player1_page.evaluate("id => game.actors.get(id).toggleStatusEffect('hurt', {active: false})", sal)
    expect(player1_page.locator("#notifications")).to_contain_text("Conditions are the GM's record")
    assert _statuses(player1_page, sal) == ["hurt"]
    sheet = open_sheet(player1_page, sal)
    expect(sheet.locator("[data-condition=hurt]")).to_be_visible()
    expect(sheet.locator("[data-condition=hurt] button")).to_have_count(0)
    expect(sheet.get_by_role("button", name="Add Condition")).to_have_count(0)

    # forged past his client, and claimed at once
    sent = send_check(gm_page, "leg-it", sal)
    card = hand_made(player1_page, sal, {"stat": "mov", "perkId": None, "hustle": 0}, "1d6x>=6 + 1d8x>=8 + 4",
                     {"rollId": sent["rollId"]})
    seen_by(gm_page, card)
    gm_page.evaluate(ARM_ON_DELETE, [sal, RECORD, "/systems/the-smoke/module/documents/core/check.mjs"])
    assert player1_page.evaluate(FORGE_DELETE_THEN_CLAIM, [sal, hurt, sent["rollId"], card]) == \
        {"refused": not_this_check("the modifier is +4, this check's is +3")}
    assert request_result(gm_page, sent["id"]) is None
    # the GM's client the moment the forged deletion arrived: Hurt gone from the actor, still on the record and counted
    assert gm_page.evaluate("() => window.smokeArmed") == \
        {"statuses": [], "recorded": ["hurt"], "formula": "1d6x>=6 + 1d8x>=8 + 3"}
    for page in (gm_page, player1_page):
        page.wait_for_function("([a, e]) => game.actors.get(a).effects.has(e)", arg=[sal, hurt])
        assert _statuses(page, sal) == ["hurt"]
        assert _recorded(page, sal) == ["hurt"]

    # the honest roll counts with the recorded Hurt
    honest = send_check(gm_page, "climb-or-vault", sal)
    player1_page.evaluate(SEED_DICE, [(4, 6), (5, 8)])
    card = roll(player1_page, sal, "mov", {"tnSource": "band", "band": "medium"}, {"rollId": honest["rollId"]})
    assert "refused" not in ask(player1_page, "gm.request.claim", {"rollId": honest["rollId"], "messageId": card})
    gm_page.wait_for_function("r => !!game.settings.get('the-smoke', 'gmRequests')[r].entries[0].result", arg=honest["id"])
    assert request_result(gm_page, honest["id"])["total"] == 12
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_the_gms_automation_keeps_the_record_and_a_players_forged_condition_or_clock_is_undone(
        gm_page: Page, player1_page: Page, page_errors):
    """The GM's automation as before: three Bruised become Hurt, ending Hurt empties the record, a GM's toggle is
    recorded, a high taken with its clock is recorded with it. Sal's player: a Condition he adds himself (Wired, a high
    with a comedown) is refused, and forged is removed without its comedown; his forged deletion of the GM's Blazed
    brings no Foggy and Blazed comes back; his forged clock (Blazed ending after 1 second) is put back to the GM's."""
    sal = make_actor(gm_page, "Sal", owner=P1, system={"stats": {"mov": {"die": 8}}})
    for _ in range(3):
        gm_page.evaluate("id => game.actors.get(id).addCondition('bruised')", sal)
    assert _statuses(gm_page, sal) == ["hurt"] and _recorded(gm_page, sal) == ["hurt"]
    gm_page.evaluate("id => game.actors.get(id).removeCondition('hurt')", sal)
    gm_page.wait_for_function(f"async id => !(await smokeModule('{RECORD}')).recordedStatuses(game.actors.get(id)).size", arg=sal)
    gm_page.evaluate("id => game.actors.get(id).toggleStatusEffect('prone', {active: true})", sal)
    gm_page.evaluate("id => game.actors.get(id).addCondition('blazed', {minutes: 60})", sal)
    player1_page.wait_for_function("id => game.actors.get(id).statuses.has('blazed')", arg=sal)
    assert _recorded(player1_page, sal) == ["blazed", "prone"]
    blazed = gm_page.evaluate("id => game.actors.get(id).effects.find(e => e.statuses.has('blazed')).id", sal)
    clock = gm_page.evaluate("([a, e]) => game.actors.get(a).effects.get(e).duration.seconds", [sal, blazed])
    assert clock == 3600

    # his own Wired: refused; forged: removed, and no Crashing follows
    player1_page.evaluate("id => game.actors.get(id).toggleStatusEffect('wired', {active: true})", sal)
    expect(player1_page.locator("#notifications")).to_contain_text("Conditions are the GM's record")
    wired = player1_page.evaluate("async () => (await ActiveEffect.implementation.fromStatusEffect('wired')).toObject()")
    forge(player1_page, "ActiveEffect", [{**wired, "_id": "ForgedWired00001"}], parent=f"Actor.{sal}", operation="create")
    gm_page.wait_for_function("id => !game.actors.get(id).effects.has('ForgedWired00001')", arg=sal)
    # his forged deletion of Blazed: no Foggy, and Blazed is back with the GM's clock
    forge(player1_page, "ActiveEffect", [blazed], parent=f"Actor.{sal}", operation="delete")
    for page in (gm_page, player1_page):
        page.wait_for_function("([a, e]) => game.actors.get(a).effects.has(e)", arg=[sal, blazed])
    assert gm_page.evaluate("([a, e]) => game.actors.get(a).effects.get(e).duration.seconds", [sal, blazed]) == 3600
    # his forged clock: put back
    forge(player1_page, "ActiveEffect", [{"_id": blazed, "duration": {"seconds": 1}}], parent=f"Actor.{sal}")
    gm_page.wait_for_function("([a, e]) => game.actors.get(a).effects.get(e).duration.seconds === 3600", arg=[sal, blazed])
    player1_page.wait_for_function("([a, e]) => game.actors.get(a).effects.get(e).duration.seconds === 3600", arg=[sal, blazed])
    assert _statuses(gm_page, sal) == ["blazed", "prone"] and _recorded(gm_page, sal) == ["blazed", "prone"]
    # the GM ends Blazed: its comedown follows, once, on the record
    gm_page.evaluate("id => game.actors.get(id).removeCondition('blazed')", sal)
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('foggy')", arg=sal)
    gm_page.wait_for_function(f"async id => (await smokeModule('{RECORD}')).recordedStatuses(game.actors.get(id)).has('foggy')", arg=sal)
    assert _recorded(gm_page, sal) == ["foggy", "prone"]
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_a_bruised_count_its_owner_lowers_still_makes_the_third_bruised_hurt(gm_page: Page, player1_page: Page,
                                                                            page_errors):
    """Conditions › Bruised: "A third Bruised becomes Hurt". How many Bruised Sal has taken is the GM's record
    (documents/core/condition-counts.mjs), not the flag on his character its owner may write (a v13 owner may update
    their own Actor, flags included: foundryvtt.com/api/v13 Actor, ``canUserModify`` is the owner's). His player lowers
    the count to 0 on the sheet (stripped, with the notice) and then straight to the server, the moment before the GM
    applies the third Bruised: Sal is Hurt all the same, and the count starts again."""
    sal = make_actor(gm_page, "Sal", owner=P1, system={"stats": {"mov": {"die": 8}}})
    for _ in range(2):
        gm_page.evaluate("id => game.actors.get(id).addCondition('bruised')", sal)
    path = "flags.the-smoke.count.bruised"
    player1_page.wait_for_function(f"id => foundry.utils.getProperty(game.actors.get(id), '{path}') === 2", arg=sal)
    player1_page.evaluate(f"id => game.actors.get(id).update({{'{path}': 0}})", sal)
    expect(player1_page.locator("#notifications")).to_contain_text("Conditions are the GM's record")
    assert player1_page.evaluate(f"id => foundry.utils.getProperty(game.actors.get(id), '{path}')", sal) == 2
    # Forged past his client; the GM applies the third Bruised as the forged write lands, before any put-back.
    gm_page.evaluate(f"""id => {{ window.smokeThird = new Promise(resolve => {{
        const hook = (actor, changes, options, userId) => {{
            if (actor.id !== id || userId === game.user.id) return;
            Hooks.off('updateActor', hook);
            resolve(actor.addCondition('bruised'));
        }};
        Hooks.on('updateActor', hook); }}); }}""", sal)
    forge(player1_page, "Actor", [{"_id": sal, path: 0}])
    assert gm_page.evaluate("() => window.smokeThird") == "hurt"
    assert _statuses(gm_page, sal) == ["hurt"] and _recorded(gm_page, sal) == ["hurt"]
    gm_page.wait_for_function(f"id => foundry.utils.getProperty(game.actors.get(id), '{path}') === 0", arg=sal)
    for page in (gm_page, player1_page):
        assert page_errors[page] == []
