"""The Character Creator and an attack card in a pseudo-locale: every string they show comes from the language file
(none is typed in code or templates, and none is built in module/rules/), and no raw localisation key is visible."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from helpers import SEED_DICE, blank_character, console, fight_on_scene, gm_reveals_all, make_actor, scene_with, weapon


PSEUDO = """() => {
  const wrap = o => { for (const [k, v] of Object.entries(o)) {
    if (typeof v === "string") o[k] = "⟦" + v + "⟧"; else if (v && typeof v === "object") wrap(v); } };
  wrap(game.i18n.translations.SMOKE);
  wrap(game.i18n.translations.TYPES);
}"""


def visible_text(page: Page) -> str:
    return page.locator(".application.creator").inner_text()


def test_creator_in_a_pseudo_locale_shows_no_raw_key(gm_page: Page):
    gm_page.evaluate(PSEUDO)
    actor_id = blank_character(gm_page, "Pseudo")
    gm_page.evaluate("id => game.actors.get(id).sheet.render({force: true})", actor_id)
    gm_page.locator(".application.sheet.actor").get_by_role("button", name=re.compile("Make a new face")).click()
    w = gm_page.locator(".application.creator")
    expect(w).to_be_visible()
    w.locator("input[name='identity.name']").fill("Pseudo Person")
    seen = []
    for step in range(7):
        text = visible_text(gm_page)
        seen.append(text)
        assert not re.search(r"\bSMOKE\.[A-Za-z]", text), text
        assert "⟦" in text  # the step's words come from the language file
        if step == 1:
            w.locator("input[name=background]").first.check()
        if step == 3:
            w.locator("input[name=perk]").first.check()
        if step == 4:
            w.locator("input[name=extra]").first.check()
        if step < 6:
            w.locator("button[data-action=next]").click()
            expect(w).to_contain_text(f"{step + 2}")
    # the step titles, buttons and help are all translated
    joined = "\\n".join(seen)
    for english in ("Who are you?", "Choose a background", "Assign your stats", "Next", "Finish"):
        assert f"⟦{english}" in joined or english not in joined, english


def rifle_at_engaged(gm: Page):
    """Sal fires an Air Rifle at a Mook one square away: the rule's effect is rifleEngaged −2 (Close quarters)."""
    rifle = weapon(gm, "Air Rifle", magazine={"size": 10, "ammoType": ".177 pellets", "loaded": 10})
    sal = make_actor(gm, "Sal", system={"stats": {"mov": {"die": 4}, "aim": {"die": 8}}}, items=[rifle])
    mook = make_actor(gm, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}, "guard": {"value": 10},
                                                      "health": {"value": 8, "max": 8}})
    fight_on_scene(gm, scene_with(gm, [(sal, 1, 1), (mook, 2, 1)]))
    gm_reveals_all(gm, [6, 2])
    gm.evaluate(SEED_DICE, [(1, 6), (1, 8)])  # a miss: the card shows the line and the effects, nothing to resolve
    console(gm).get_by_role("button", name=re.compile("Attack")).first.click(modifiers=["Shift"])
    card = gm.locator("#chat-log .smoke-check-card:has(.smoke-attack)").last
    expect(card).to_be_visible()
    return card


def test_an_attack_card_words_the_rules_effects_from_the_language_file(gm_page: Page, page_errors):
    """English first, then the pseudo-locale: the effect the rule returns as data is worded by lang/en.json."""
    card = rifle_at_engaged(gm_page)
    expect(card.locator(".smoke-attack-effects")).to_have_text("Rifle at Engaged −2")
    gm_page.evaluate(PSEUDO)
    # the attack card (the newest card may be the Heat crime card the attack raised for the GM)
    rerendered = gm_page.evaluate("""async () => {
        for (const message of game.messages.contents.slice().reverse()) {
          const card = (await message.renderHTML()).querySelector(".smoke-attack");
          if (card) return card.innerText;
        }
        return "";
    }""")
    assert "⟦Rifle at Engaged −2⟧" in rerendered, rerendered
    assert not re.search(r"\bSMOKE\.[A-Za-z]", rerendered), rerendered
    assert page_errors[gm_page] == []

