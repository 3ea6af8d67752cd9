"""The windows and cards in a pseudo-locale: every string they show comes from a language file (none is typed in code
or templates, and none is built in module/rules/), and no raw localisation key is visible. Every string of every
loaded language file is wrapped in ⟦…⟧; what is visible outside the brackets may only be numbers, dice, signs, and the
names the test typed or the catalogue's proper nouns (Condition names, which are data)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from helpers import SEED_DICE, blank_character, console, fight_on_scene, gm_reveals_all, make_actor, scene_with, weapon
from helpers.locale import PSEUDO, assert_translated, catalogue, english


def test_the_strict_check_sees_english():
    """The checker itself: English outside the brackets is found, bracketed or allowed words are not."""
    assert english("⟦Total⟧ 19 ⟦against⟧ ⟦TN⟧ 12") == []
    assert english("⟦{name} rolls⟧ Total 19") == ["Total"]
    assert english("⟦Hurt: ⟦−1 Moves⟧⟧, Effort does not explode") == ["Effort", "does", "not", "explode"]
    assert english("Sal d8 +4 1d6x>=6 + 1d8x>=8 − 2 12.5%", ["Sal"]) == []


def test_creator_in_a_pseudo_locale_shows_no_english(gm_page: Page):
    gm_page.evaluate(PSEUDO)
    actor_id = blank_character(gm_page, "Pseudo")
    gm_page.evaluate("id => game.actors.get(id).sheet.render({force: true})", actor_id)
    gm_page.locator(".application.sheet.actor").get_by_role("button", name=re.compile("Make a new face")).click()
    w = gm_page.locator(".application.creator")
    expect(w).to_be_visible()
    w.locator("input[name='identity.name']").fill("Pseudo Person")
    data = catalogue(gm_page)
    for step in range(7):
        text = w.inner_text()
        # the catalogue's backgrounds, perks and kit are data; the step's words come from the language file
        assert "⟦" in text and not re.search(r"\bSMOKE\.[A-Za-z]", text), text
        if step in (0, 2, 5, 6):
            assert_translated(text, ["Pseudo Person", "Pseudo", *data], f"creator step {step + 1}")
        if step == 1:
            w.locator("input[name=background]").first.check()
        if step == 3:
            w.locator("input[name=perk]").first.check()
        if step == 4:
            w.locator("input[name=extra]").first.check()
        if step < 6:
            w.locator("button[data-action=next]").click()
            expect(w).to_contain_text(f"{step + 2}")


def test_sheet_roll_dialog_check_card_and_notification_in_a_pseudo_locale(gm_page: Page, page_errors):
    """A character's sheet with a Condition and a perk, its roll dialog with a perk and Hustle, the check card, and a
    rule's refusal as a notification: all words from the language file."""
    gm = gm_page
    gm.evaluate(PSEUDO)
    perk = {"name": "Quiet Hands", "type": "perk", "system": {"stat": "grf", "situation": "locks"}}
    actor_id = make_actor(gm, "Pat Pseudo", system={"stats": {"grf": {"die": 8}}, "hustle": {"value": 3, "max": 3}},
                          items=[perk])
    gm.evaluate("id => game.actors.get(id).toggleStatusEffect('burning', {active: true})", actor_id)
    allowed = ["Pat Pseudo", "Quiet Hands", "locks", *catalogue(gm)]
    gm.evaluate("id => game.actors.get(id).sheet.render({force: true})", actor_id)
    sheet = gm.locator(".application.sheet.actor")
    expect(sheet).to_be_visible()
    assert_translated(sheet.inner_text(), allowed, "the sheet")

    gm.evaluate("id => { game.actors.get(id).rollStat('grf'); }", actor_id)
    dialog = gm.locator(".application.roll-dialog")
    expect(dialog).to_be_visible()
    dialog.locator("select[name=perkId]").select_option(label="Quiet Hands (locks)")
    dialog.locator("input[name=hustle][value='1']").check()
    dialog.locator("input[name=situational]").fill("1")
    dialog.locator("input[name=situational]").dispatch_event("change")
    expect(dialog.locator(".smoke-applied li")).to_have_count(4)  # perk, Hustle, Burning's −1, situational
    assert_translated(dialog.inner_text(), allowed, "the roll dialog")
    gm.evaluate(SEED_DICE, [(8, 8), (3, 8), (2, 10)])
    dialog.locator("button[name=roll]").click()
    card = gm.locator("#chat-log .message:has(.smoke-check-card)").last
    expect(card.locator(".smoke-card-applied li")).to_have_count(4)  # perk, Hustle, Burning, situational
    assert_translated(card.inner_text(), allowed, "the check card")

    # A rule's refusal (Cuffed prevents driving) reaches the table as a notification in the language file's words.
    gm.evaluate("""async id => { const a = game.actors.get(id); await a.toggleStatusEffect('cuffed', {active: true});
        await a.rollStat('whl', {skipDialog: true, vehicle: {performance: 6, handling: 0, name: 'Van'}}); }""", actor_id)
    note = gm.locator("#notifications .notification.warning").last
    expect(note).to_contain_text("Cuffed")
    assert_translated(note.inner_text(), allowed, "the notification")
    assert page_errors[gm] == []


def test_combat_console_and_attack_card_in_a_pseudo_locale(gm_page: Page, page_errors):
    """Sal fires an Air Rifle at a Mook one square away (rifleEngaged −2, Close quarters): the Combat Console, the
    speed-dice card and the attack card, all words from the language file."""
    gm = gm_page
    gm.evaluate(PSEUDO)
    rifle = weapon(gm, "Air Rifle", magazine={"size": 10, "ammoType": ".177 pellets", "loaded": 10})
    sal = make_actor(gm, "Sal", system={"stats": {"mov": {"die": 4}, "aim": {"die": 8}}}, items=[rifle])
    mook = make_actor(gm, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}, "guard": {"value": 10},
                                                      "health": {"value": 8, "max": 8}})
    fight_on_scene(gm, scene_with(gm, [(sal, 1, 1), (mook, 2, 1)]))
    allowed = ["Sal", "Mook", "Air Rifle", "pellets", "Estate", *catalogue(gm)]
    app = console(gm)
    assert_translated(app.inner_text(), allowed, "the console before the reveal")
    gm.evaluate(SEED_DICE, [(6, 6), (2, 6)])
    app.get_by_role("button", name=re.compile("Reveal speed dice")).click()
    expect(app.locator(".smoke-queue li")).to_have_count(2)
    assert_translated(app.inner_text(), allowed, "the console while acting")
    queue = gm.locator("#chat-log .message:has(.smoke-queue-card)").last
    assert_translated(queue.inner_text(), allowed, "the speed-dice card")
    gm.evaluate(SEED_DICE, [(1, 6), (1, 8)])  # a miss: the card shows the line and the effects, nothing to resolve
    app.get_by_role("button", name=re.compile("Attack")).first.click(modifiers=["Shift"])
    card = gm.locator("#chat-log .message:has(.smoke-attack)").last
    expect(card.locator(".smoke-attack-effects")).to_contain_text("−2")
    assert "⟦Rifle at Engaged −2⟧" in card.inner_text()
    assert_translated(card.inner_text(), allowed, "the attack card")
    assert page_errors[gm] == []


def test_an_attack_card_words_the_rules_effects_from_the_language_file(gm_page: Page, page_errors):
    """English first, then the pseudo-locale: the effect the rule returns as data is worded by lang/en.json."""
    gm = gm_page
    rifle = weapon(gm, "Air Rifle", magazine={"size": 10, "ammoType": ".177 pellets", "loaded": 10})
    sal = make_actor(gm, "Sal", system={"stats": {"mov": {"die": 4}, "aim": {"die": 8}}}, items=[rifle])
    mook = make_actor(gm, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}, "guard": {"value": 10},
                                                      "health": {"value": 8, "max": 8}})
    fight_on_scene(gm, scene_with(gm, [(sal, 1, 1), (mook, 2, 1)]))
    gm_reveals_all(gm, [6, 2])
    gm.evaluate(SEED_DICE, [(1, 6), (1, 8)])
    console(gm).get_by_role("button", name=re.compile("Attack")).first.click(modifiers=["Shift"])
    card = gm.locator("#chat-log .smoke-check-card:has(.smoke-attack)").last
    expect(card.locator(".smoke-attack-effects")).to_have_text("Rifle at Engaged −2")
    gm.evaluate(PSEUDO)
    rerendered = gm.evaluate("""async () => {
        for (const message of game.messages.contents.slice().reverse()) {
          const html = await message.renderHTML();
          // the check card above it was written when the card was posted (in English); the attack's part is drawn
          // for each viewer, now in the pseudo-locale
          if (html.querySelector(".smoke-attack")) return html.querySelector(".smoke-attack").innerText;
        }
        return "";
    }""")
    assert "⟦Rifle at Engaged −2⟧" in rerendered, rerendered
    assert_translated(rerendered, ["Sal", "Mook", "Air Rifle"], "the re-rendered attack card")
    assert page_errors[gm] == []


def test_condition_descriptions_are_rendered_with_the_language_files_label(gm_page: Page):
    """The status effects keep the catalogue's text as data; once the language is loaded each description is rendered
    from templates/chat/condition-description.hbs with the recovery label from lang/en.json."""
    # rendered once the language is loaded (i18nInit), not awaited by the boot: wait for it
    gm_page.wait_for_function("() => CONFIG.statusEffects.find(s => s.id === 'burning').description.startsWith('<p>')")
    burning = gm_page.evaluate("""() => { const e = CONFIG.statusEffects.find(s => s.id === "burning");
        const c = game.system.api.CONDITIONS.find(x => x.key === "burning");
        return {html: e.description, description: c.description, recovery: c.recovery,
                label: game.i18n.localize("SMOKE.ConditionEffect.recovery")}; }""")
    assert burning["label"] == "Recovery:"
    # Handlebars escapes apostrophes as &#x27;
    expected = (f"<p>{burning['description']}</p><p><strong>Recovery:</strong> {burning['recovery']}</p>")
    assert burning["html"].replace("&#x27;", "'").replace("&#39;", "'").strip() == expected
