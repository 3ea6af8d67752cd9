"""The pseudo-locale the browser tests switch to: every string of every loaded language file wrapped in ⟦…⟧, and the
strict check that nothing visible came from anywhere else (tests/e2e/test_pseudo_locale*.py)."""

from __future__ import annotations

import re

from playwright.sync_api import Page


PSEUDO = """() => {
  const wrap = o => { for (const [k, v] of Object.entries(o)) {
    if (typeof v === "string") o[k] = "⟦" + v + "⟧"; else if (v && typeof v === "object") wrap(v); } };
  wrap(game.i18n.translations);
  if (game.i18n._fallback) wrap(game.i18n._fallback);
}"""


def english(text: str, allowed: list[str] = ()) -> list[str]:
    """The words of two or more letters outside ⟦…⟧ (innermost brackets first) and outside ``allowed``."""
    rest, before = text, None
    while rest != before:
        before, rest = rest, re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)
    for name in sorted(allowed, key=len, reverse=True):
        rest = rest.replace(name, " ")
    return re.findall(r"[A-Za-z]{2,}", rest)


def assert_translated(text: str, allowed: list[str], what: str) -> None:
    assert "⟦" in text, f"{what}: nothing from the language file\n{text}"
    assert not re.search(r"\bSMOKE\.[A-Za-z]", text), f"{what}: a raw key\n{text}"
    assert english(text, allowed) == [], f"{what}: English outside the language file {english(text, allowed)}\n{text}"


def catalogue(page: Page) -> list[str]:
    """The catalogue's own text, which is data and not the system's words: every compendium entry's name, and each
    Condition's name, description and recovery."""
    return page.evaluate("""async () => {
        const names = [];
        for (const pack of game.packs) names.push(...(await pack.getIndex()).contents.map(e => e.name));
        for (const c of game.system.api.CONDITIONS) names.push(c.name, c.description, c.recovery);
        return names.filter(Boolean);
    }""")


def rules_text(page: Page, keys: list[str]) -> list[str]:
    """Every string in the named rules tables (RULES[key], e.g. the GM checks' names and stakes as the book prints
    them): the catalogue's data, not the system's words."""
    return page.evaluate("""async keys => {
        const { RULES } = await smokeModule(`/systems/${game.system.id}/module/generated/rules.mjs`);
        const out = [];
        const walk = v => { if (typeof v === "string") out.push(v);
            else if (Array.isArray(v)) v.forEach(walk); else if (v && typeof v === "object") Object.values(v).forEach(walk); };
        for (const k of keys) walk(RULES[k]);
        return out.filter(s => s.length > 1);
    }""", keys)
