"""The console commands for the stand-in in docs/testing.md (issue 11 B7) run as written: the snippet is read from there and
evaluated on the GM's page; afterwards there is a scene with two tokens, a started fight, a teamwork card and a
challenge with one contribution."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "docs" / "testing.md"


def readme_snippet() -> str:
    text = README.read_text(encoding="utf-8")
    m = re.search(r"browser's console \(F12\), as the Gamemaster:\n\n```js\n(.*?)```", text, re.S)
    assert m, "the README's console snippet is missing"
    return m.group(1)


def second_snippet() -> str:
    text = README.read_text(encoding="utf-8")
    m = re.search(r"the calls its buttons make\):\n\n```js\n(.*?)```", text, re.S)
    assert m, "the README's second console snippet (places, EXIT strips, Heat) is missing"
    return m.group(1)


def test_the_readmes_console_commands_run_as_written(gm_page, page_errors):
    gm_page.evaluate(f"async () => {{ {readme_snippet()} }}")
    state = gm_page.evaluate("""() => ({tokens: canvas.scene.tokens.map(t => t.name).sort(), started: game.combat.started,
        combatants: game.combat.combatants.size, teamwork: game.messages.contents.some(m => /Teamwork/i.test(m.content ?? "")
          || m.flags['the-smoke']?.teamwork),
        challenge: game.settings.get("the-smoke", "challenge")?.contributions.length})""")
    assert state == {"tokens": ["Danny", "Jaz"], "started": True, "combatants": 2, "teamwork": True, "challenge": 1}
    assert page_errors[gm_page] == []


def test_the_readmes_table_feature_commands_run_as_written(gm_page, page_errors):
    """The second snippet, after the first: a corner shop Danny stands in, two maps one hop apart, Jaz on 2 stars."""
    gm_page.evaluate(f"async () => {{ {readme_snippet()} }}")
    gm_page.evaluate(f"async () => {{ {second_snippet()} }}")
    gm_page.wait_for_selector("#smoke-blower")
    state = gm_page.evaluate("""() => ({
        at: game.system.api.places.placesOf(game.actors.getName('Danny "Tealeaf" Doyle')).map(p => p.kind),
        hops: game.system.api.streetMap.hops(game.scenes.getName("Estate").id, game.scenes.getName("Dalston").id),
        heat: game.actors.getName("Jaz Kaur").system.heat,
        windows: ["#smoke-blower"].map(s => !!document.querySelector(s))})""")
    assert state == {"at": ["cornerShop"], "hops": 1, "heat": 2, "windows": [True]}
    assert page_errors[gm_page] == []

