"""The Character Creator in a pseudo-locale: every string it shows comes from the language file (none is typed in
code or templates), and no raw localisation key is ever visible."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from helpers import blank_character


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
