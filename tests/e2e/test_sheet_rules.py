"""Rules that act on the record in the browser: using consumables and drugs, Conditions that stack or follow one
another, the one worn armour, dropping compendium items on a sheet, and the GM's group procedures."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from helpers import settle

from helpers import SEED_DICE, add_from_pack, import_pregen, make_actor, make_fight, open_sheet, statuses
from helpers.record import forge



def test_first_aid_kit_heals_removes_and_uses_up_a_use(gm_page: Page, page_errors):
    """Items › First Aid Kit: Patch Up (Savvy, Medium) — rolled (Shift: the defaults, Medium); a success heals 2."""
    actor_id = import_pregen(gm_page, "Femi Adebayo")
    kit = add_from_pack(gm_page, actor_id, "consumables", "First Aid Kit")
    gm_page.evaluate("""async id => {
        const a = game.actors.get(id);
        await a.update({"system.health.value": 5});
        await a.toggleStatusEffect("bleeding", {active: true});
        await a.toggleStatusEffect("hurt", {active: true});
    }""", actor_id)
    sheet = open_sheet(gm_page, actor_id)
    expect(sheet.locator(".smoke-conditions")).to_contain_text("Bleeding")
    gm_page.evaluate(SEED_DICE, [(5, 6), (5, 6)])  # Effort d6 5 + Savvy d6 5 + 1: Medium succeeds
    sheet.get_by_role("button", name="Use First Aid Kit").click(modifiers=["Shift"])
    expect(gm_page.locator("#chat-log .chat-message").last).to_contain_text("restores 2 Health")  # use is complete
    expect(sheet.locator(".smoke-conditions")).to_contain_text("No Conditions.")
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", actor_id) == 7
    assert gm_page.evaluate("([a, i]) => game.actors.get(a).items.get(i).system.usesLeft", [actor_id, kit]) == 2
    assert page_errors[gm_page] == []


def test_painkillers_give_numbed_which_suppresses_hurt(gm_page: Page):
    actor_id = import_pregen(gm_page, "Big Sal Moretti")
    add_from_pack(gm_page, actor_id, "consumables", "Painkillers")
    gm_page.evaluate("id => game.actors.get(id).toggleStatusEffect('hurt', {active: true})", actor_id)
    sheet = open_sheet(gm_page, actor_id)
    sheet.get_by_role("button", name="Use Painkillers").click()
    expect(sheet.locator(".smoke-conditions")).to_contain_text("Numbed")
    expect(sheet.locator("[data-condition=hurt]")).to_contain_text("suppressed by Numbed")
    sheet.get_by_role("button", name=re.compile("Muscle")).click()
    dialog = gm_page.locator(".application.roll-dialog")
    expect(dialog.locator("code")).to_have_text("1d6x>=6 + 1d8x>=8 + 4")  # Hurt's −1 suppressed


def test_a_high_is_followed_by_its_comedown(gm_page: Page):
    actor_id = import_pregen(gm_page, "Jaz Kaur")
    add_from_pack(gm_page, actor_id, "drugs", "Skunk")
    sheet = open_sheet(gm_page, actor_id)
    sheet.get_by_role("button", name="Use Skunk").click()
    expect(sheet.locator("[data-condition=blazed]")).to_be_visible()
    gm_page.wait_for_function("id => !game.actors.get(id).items.getName('Skunk')", arg=actor_id)  # the one bag is used
    sheet.locator("[data-condition=blazed]").get_by_role("button", name="Remove Blazed").click()
    expect(sheet.locator("[data-condition=foggy]")).to_be_visible()
    assert statuses(gm_page, actor_id) == ["foggy"]
    # ended another way (token HUD, expiry): the comedown still follows, once
    gm_page.evaluate("""async id => { const a = game.actors.get(id);
        await a.toggleStatusEffect("foggy", {active: false}); await a.toggleStatusEffect("wired", {active: true});
        await a.toggleStatusEffect("wired", {active: false}); }""", actor_id)
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('crashing')", arg=actor_id)
    settle(gm_page)
    assert statuses(gm_page, actor_id) == ["crashing"]


def test_three_bruised_become_hurt_and_a_second_can_makes_you_mullered(gm_page: Page):
    actor_id = import_pregen(gm_page, "Big Sal Moretti")
    for _ in range(2):
        gm_page.evaluate("id => game.actors.get(id).addCondition('bruised')", actor_id)
    assert statuses(gm_page, actor_id) == ["bruised"]
    gm_page.evaluate("id => game.actors.get(id).addCondition('bruised')", actor_id)
    assert statuses(gm_page, actor_id) == ["hurt"]
    sheet = open_sheet(gm_page, actor_id)
    sheet.get_by_role("button", name="Use Cans of Lager").click()
    expect(sheet.locator("[data-condition=dutchCourage]")).to_be_visible()
    sheet.get_by_role("button", name="Use Cans of Lager").click()
    expect(sheet.locator("[data-condition=mullered]")).to_be_visible()
    expect(sheet.locator("[data-condition=dutchCourage]")).to_have_count(0)
    assert statuses(gm_page, actor_id) == ["hurt", "mullered"]


def test_wearing_a_second_armour_replaces_the_first(gm_page: Page):
    """Only worn armour counts, one suit at a time (Attacking and defending › Damage). Moves d8 → Guard 11."""
    actor_id = import_pregen(gm_page, "Femi Adebayo")
    add_from_pack(gm_page, actor_id, "armour", "Stab Vest")
    add_from_pack(gm_page, actor_id, "armour", "Riot Shield")
    sheet = open_sheet(gm_page, actor_id)
    expect(sheet.locator(".smoke-guard")).to_have_text("11")
    sheet.locator(".smoke-item-row", has_text="Stab Vest").get_by_role("button", name="Wear").click()
    expect(sheet.locator(".smoke-guard")).to_have_text("12")
    sheet.locator(".smoke-item-row", has_text="Riot Shield").get_by_role("button", name="Wear").click()
    expect(sheet.locator(".smoke-guard")).to_have_text("14")
    worn = gm_page.evaluate("id => game.actors.get(id).items.filter(i => i.system.worn).map(i => i.name)", actor_id)
    assert worn == ["Riot Shield"]
    gm_page.evaluate("id => game.actors.get(id).toggleStatusEffect('prone', {active: true})", actor_id)
    expect(sheet.locator(".smoke-guard")).to_have_text("12")


def test_dropping_a_compendium_item_adds_it_once_and_intact(gm_page: Page):
    actor_id = import_pregen(gm_page, "Jaz Kaur")
    sheet = open_sheet(gm_page, actor_id)
    uuid, source = gm_page.evaluate("""async () => {
        const pack = game.packs.get("the-smoke.weapons");
        const entry = (await pack.getIndex()).contents.find(e => e.name === "Polymer Nine");
        const doc = await pack.getDocument(entry._id);
        return [doc.uuid, doc.toObject().system];
    }""")
    before = gm_page.evaluate("id => game.actors.get(id).items.size", actor_id)
    gm_page.evaluate("""([uuid]) => {
        const target = document.querySelector(".application.sheet.actor form, .application.sheet.actor .window-content");
        const data = new DataTransfer();
        data.setData("text/plain", JSON.stringify({type: "Item", uuid}));
        target.dispatchEvent(new DragEvent("drop", {dataTransfer: data, bubbles: true, cancelable: true}));
    }""", [uuid])
    gm_page.wait_for_function("([id, n]) => game.actors.get(id).items.size === n + 1", arg=[actor_id, before])
    settle(gm_page)
    items = gm_page.evaluate("id => game.actors.get(id).items.filter(i => i.name === 'Polymer Nine')"
                             ".map(i => i.toObject().system)", actor_id)
    assert items == [source]
    expect(sheet.locator(".smoke-kit")).to_contain_text("Polymer Nine")
    expect(sheet.locator(".smoke-magazine")).to_contain_text("0/15")


def test_teamwork_roll_averages_and_rounds_down(gm_page: Page, player1_page: Page):
    """Totals 9, 12 and 16 average 12 (rounded down): against TN 12, Just About (Teamwork and challenges)."""
    ids = [import_pregen(gm_page, n) for n in ("Jaz Kaur", 'Danny "Tealeaf" Doyle', "Femi Adebayo")]
    # Savvy d6 +3 for all three; dice (Effort d6, Savvy d6): 3+3 → 9, 4+5 → 12, 6→1 + 6→… kept simple:
    gm_page.evaluate(SEED_DICE, [(3, 6), (3, 6), (4, 6), (5, 6), (5, 6), (5, 6)])
    result = gm_page.evaluate("ids => game.system.api.rollTeamwork(ids.map(id => game.actors.get(id)), 'sav', 12)", ids)
    assert result["average"] == 11 and result["outcome"] == "badLuck"  # (9 + 12 + 13) / 3 = 11.33 → 11
    card = player1_page.locator("#chat-log .smoke-teamwork-card").last
    expect(card.locator(".smoke-total")).to_have_text("11")
    expect(card.locator(".smoke-outcome")).to_have_text("Bad Luck")


def test_challenge_track_is_shared_with_players(gm_page: Page, player1_page: Page):
    gm_page.evaluate("""async () => {
        const api = game.system.api;
        await api.setChallenge({name: "Get the rig across town", target: 4, limit: 3, contributions: []});
        await api.contribute("smashedIt");
        await api.contribute("badLuck", {costAccepted: true});
        await api.contribute("sorted");
    }""")
    card = player1_page.locator("#chat-log .smoke-challenge-card").last
    expect(card).to_contain_text("Progress 4/4 · Consequences 1/3")
    expect(card).to_contain_text("Done")
    player1_page.evaluate("() => new game.system.api.apps.ChallengeTracker().render({force: true})")
    tracker = player1_page.locator(".application.challenge")
    expect(tracker).to_contain_text("Progress 4/4")
    expect(tracker.get_by_role("button", name="Sorted")).to_have_count(0)  # players see, only the GM records
    refused = player1_page.evaluate("""async () => {
        try { await game.system.api.contribute("sorted"); return null; } catch (e) { return e.message; }
    }""")
    assert refused and "GM" in refused


def test_a_worn_cycle_helmet_adds_nothing_to_the_worn_suit(gm_page: Page, player1_page: Page, page_errors):
    """Tools & gear › Cycle Helmet: "Practical protection. Does not stack another mechanical armour bonus." Femi
    (Moves d8: Guard 11) wears a Stab Vest: Guard 12, reduction 2 (Your character record: a Stab Vest "adds 1 Guard and
    reduces incoming damage by 2"). His player puts his Cycle Helmet on as well, straight to the server (which item is
    worn is the owner's): Guard 12 and reduction 2 on the GM's sheet and on his, and in a fight the GM counts the same.
    The vest off, the helmet alone: the unarmoured 11, no reduction. The attack: the player rewrites the helmet into
    armour (+3 Guard, 3 reduction) past his client and the GM's own copy holds those numbers: the copy's own Guard says
    14, but the fight's Guard and reduction are the GM's record of the kit — 12 and 2.
    v13 facts relied on: an owner may update their own Actor's embedded Items (fvtt-types
    ``src/foundry/common/documents/item.d.mts``: permission ``update`` is OWNER), so the forged write reaches the server;
    ``DataModel#updateSource`` changes a document's source on this client alone (fvtt-types
    ``src/foundry/common/abstract/data.d.mts``), standing in for the GM's copy before it puts the write back."""
    p1 = player1_page.evaluate("game.user.id")
    femi = import_pregen(gm_page, "Femi Adebayo", p1)
    mook = make_actor(gm_page, "Mook", kind="npc", system={"stats": {"mus": {"die": 6}}})
    add_from_pack(gm_page, femi, "armour", "Stab Vest")
    helmet = add_from_pack(gm_page, femi, "gear", "Cycle Helmet")
    gm_page.wait_for_function("([a, i]) => !!game.settings.get('the-smoke', 'kit')[`Actor.${a}`]?.[i]", arg=[femi, helmet])
    player1_page.wait_for_function("([a, i]) => !!game.actors.get(a)?.items.get(i)", arg=[femi, helmet])
    sheet = open_sheet(gm_page, femi)
    mine = open_sheet(player1_page, femi)
    reduction = "p:has-text('Armour reduction') strong"

    def shows(guard: str, reduced: str) -> None:
        for page_sheet in (sheet, mine):
            expect(page_sheet.locator(".smoke-guard")).to_have_text(guard)
            expect(page_sheet.locator(reduction)).to_have_text(reduced)

    sheet.locator(".smoke-item-row", has_text="Stab Vest").get_by_role("button", name="Wear").click()
    shows("12", "2")
    forge(player1_page, "Item", [{"_id": helmet, "system.worn": True}], parent=f"Actor.{femi}")
    gm_page.wait_for_function("([a, i]) => game.actors.get(a).items.get(i).system.worn === true", arg=[femi, helmet])
    shows("12", "2")
    make_fight(gm_page, [femi, mook])
    fight = """async id => { const { currentGuard, targetReduction } = await smokeModule('/systems/the-smoke/module/documents/fight/attack.mjs');
        const c = game.combat.combatants.find(x => x.actorId === id); return [currentGuard(c), targetReduction(c)]; }"""
    assert gm_page.evaluate(fight, femi) == [12, 2]

    sheet.locator(".smoke-item-row", has_text="Stab Vest").get_by_role("button", name="Worn").click()
    shows("11", "0")
    assert gm_page.evaluate(fight, femi) == [11, 0]
    sheet.locator(".smoke-item-row", has_text="Stab Vest").get_by_role("button", name="Wear").click()
    shows("12", "2")

    forge(player1_page, "Item", [{"_id": helmet, "type": "armour", "system": {"guard": 3, "reduction": 3, "worn": True}}],
          parent=f"Actor.{femi}")
    gm_page.wait_for_function("([a, i]) => game.actors.get(a).items.get(i).type === 'armour'", arg=[femi, helmet])
    gm_page.evaluate("""([a, i]) => { const actor = game.actors.get(a);
        actor.items.get(i).updateSource({system: {guard: 3, reduction: 3, worn: true}}); actor.reset(); }""", [femi, helmet])
    assert gm_page.evaluate("id => game.actors.get(id).system.guard.value", femi) == 14  # the copy's own count
    assert gm_page.evaluate(fight, femi) == [12, 2]
    assert page_errors[gm_page] == []
