"""The built system boots in the browser, and the harness behaves as Foundry v13 where the system relies on it:
lifecycle hooks, registrations, compendium import and sheets, server-side permissions, exploding dice, roll modes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from helpers import settle

from helpers import SEED_DICE

ROOT = Path(__file__).resolve().parents[2]
CONDITION_IDS = ("bruised hurt bleeding inPain broken knackered restrained stunned prone down cuffed grabbed burning "
                 "shaken brickingIt mullered gassed blazed wired lovedUp numb giggling pumped foggy crashing wrungOut "
                 "jittery roidRage buzzing dutchCourage numbed").split()

HOOK_PROBE = """
(() => {
  window.__hooksFired = [];
  Object.defineProperty(window, "Hooks", {
    configurable: true,
    set(value) {
      delete window.Hooks;
      window.Hooks = value;
      for (const name of ["init", "i18nInit", "setup", "ready"]) value.once(name, () => window.__hooksFired.push(name));
    }
  });
})();
"""


def results(page: Page, formula: str, faces: list[tuple[int, int]]) -> dict:
    page.evaluate(SEED_DICE, faces)
    return page.evaluate("""async formula => {
        const r = await new Roll(formula).evaluate();
        const back = Roll.fromData(JSON.parse(JSON.stringify(r)));
        return {total: r.total, formula: r.formula, result: r.result, dice: r.dice.map(d => d.results),
                roundTrip: back.total, roundTripDice: back.dice.map(d => d.results)};
    }""", formula)


@pytest.mark.harness_only
def test_lifecycle_hooks_fire_in_order(open_user_page, page_errors):
    page = open_user_page("gm", init_script=HOOK_PROBE)
    assert page.evaluate("window.__hooksFired") == ["init", "i18nInit", "setup", "ready"]
    assert page_errors[page] == []


def test_system_registers_models_sheets_and_conditions(gm_page: Page, server, page_errors):
    config = gm_page.evaluate("""() => ({
        statuses: CONFIG.statusEffects.map(s => s.id),
        actorModels: Object.keys(CONFIG.Actor.dataModels).sort(),
        itemModels: Object.keys(CONFIG.Item.dataModels).sort(),
        actorClassIsActor: CONFIG.Actor.documentClass.prototype instanceof Actor,
        modelsAreTypeData: Object.values(CONFIG.Actor.dataModels).concat(Object.values(CONFIG.Item.dataModels))
          .every(m => m.prototype instanceof foundry.abstract.TypeDataModel),
        sheetTypes: Object.keys(CONFIG.Actor.sheetClasses).filter(t => Object.keys(CONFIG.Actor.sheetClasses[t]).length).sort(),
        system: [game.system.id, game.system.version]
    })""")
    # The 31 Conditions and the status Toggle Defeated sets (Wasted, out of the fight).
    assert len(config["statuses"]) == 32
    assert sorted(config["statuses"]) == sorted([*CONDITION_IDS, "wasted"])
    assert config["actorModels"] == sorted(server.manifest["documentTypes"]["Actor"])
    assert config["itemModels"] == sorted(server.manifest["documentTypes"]["Item"])
    assert config["sheetTypes"] == config["actorModels"]
    assert config["actorClassIsActor"] and config["modelsAreTypeData"]
    assert config["system"] == ["the-smoke", server.manifest["version"]]
    assert page_errors[gm_page] == []


def test_pregen_imported_from_compendium_opens_its_sheet(gm_page: Page, server, page_errors):
    pregen = gm_page.evaluate("""async () => {
        const pack = game.packs.get("the-smoke.pregens");
        const index = await pack.getIndex();
        const entry = index.contents.sort((a, b) => a.name.localeCompare(b.name))[0];
        return {id: entry._id, name: entry.name, documentName: pack.documentName};
    }""")
    assert pregen["documentName"] == "Actor"
    name = pregen["name"]
    if server.is_harness:
        sidebar = gm_page.get_by_role("complementary", name="Sidebar")
        sidebar.get_by_text("Pregenerated Characters", exact=True).click()
        sidebar.get_by_role("button", name=f"Import {name}").click()
        sidebar.get_by_role("list", name="Actors").get_by_role("button", name=name, exact=True).click()
    else:
        gm_page.evaluate("""async id => {
            const pack = game.packs.get("the-smoke.pregens");
            const actor = await game.actors.importFromCompendium(pack, id);
            await actor.sheet.render({force: true});
        }""", pregen["id"])

    actor = gm_page.evaluate("""name => {
        const a = game.actors.getName(name);
        return {source: a._stats.compendiumSource, mov: a.system.stats.mov.die, movMod: a.system.stats.mov.mod,
                healthMax: a.system.health.max, guard: a.system.guard.value, items: a.items.size};
    }""", name)
    assert actor["source"] == f"Compendium.the-smoke.pregens.Actor.{pregen['id']}"
    assert actor["items"] > 0

    sheet = gm_page.locator(".application.sheet.actor")
    expect(sheet.locator(".window-title")).to_have_text(f"Character: {name}")
    expect(sheet.locator("input[name=name]")).to_have_value(name)
    mov = sheet.get_by_role("button", name="Roll Moves")
    expect(mov).to_contain_text(f"d{actor['mov']}")
    expect(mov).to_contain_text(f"+{actor['movMod']}")
    expect(sheet.locator(".smoke-health-max")).to_have_text(str(actor["healthMax"]))
    expect(sheet.locator(".smoke-guard")).to_have_text(str(actor["guard"]))
    assert page_errors[gm_page] == []


def test_player_cannot_update_the_gm_owned_actor(gm_page: Page, player1_page: Page, server):
    actor_id = gm_page.evaluate("""async () => {
        const a = await Actor.create({name: "Dodgy Dave", type: "npc"});
        await a.sheet.render({force: true});
        return a.id;
    }""")
    gm_sheet = gm_page.locator(".application.sheet.actor")
    expect(gm_sheet.locator("input[name=name]")).to_have_value("Dodgy Dave")

    outcome = player1_page.evaluate("""async id => {
        const actor = game.actors.get(id);
        const owner = actor.isOwner;
        try {
            await actor.update({name: "Hacked"});
            return {owner, error: null, name: actor.name};
        } catch (err) {
            return {owner, error: err.message, name: actor.name};
        }
    }""", actor_id)
    assert outcome["owner"] is False
    assert outcome["error"] and "lacks permission" in outcome["error"]
    assert outcome["name"] == "Dodgy Dave"
    expect(player1_page.get_by_role("alert").filter(has_text="lacks permission")).to_be_visible()

    settle(gm_page)  # any broadcast has arrived and been handled
    assert gm_page.evaluate("id => game.actors.get(id).name", actor_id) == "Dodgy Dave"
    expect(gm_sheet.locator("input[name=name]")).to_have_value("Dodgy Dave")
    if server.is_harness:
        stored = next(a for a in server.world()["actors"] if a["_id"] == actor_id)
        assert stored["name"] == "Dodgy Dave"


def test_seeded_exploding_roll(gm_page: Page):
    r = results(gm_page, "1d6x + 1d8x>=7 + 4", [(6, 6), (6, 6), (2, 6), (7, 8), (8, 8), (3, 8)])
    assert r["formula"] == "1d6x + 1d8x>=7 + 4"
    assert r["dice"] == [
        [{"result": 6, "active": True, "exploded": True}, {"result": 6, "active": True, "exploded": True},
         {"result": 2, "active": True}],
        [{"result": 7, "active": True, "exploded": True}, {"result": 8, "active": True, "exploded": True},
         {"result": 3, "active": True}],
    ]
    assert r["result"] == "14 + 18 + 4"
    assert r["total"] == 36
    assert r["roundTrip"] == 36 and r["roundTripDice"] == r["dice"]


@pytest.mark.parametrize(("formula", "faces", "chains", "total"), [
    ("1d6xo", [(6, 6), (6, 6)], [[6, 6]], 12),                       # explode once: the new 6 does not explode
    ("2d6x5", [(5, 6), (6, 6), (3, 6)], [[5, 6, 3]], 14),           # x5 = exactly 5, not 5+
    ("1d6x>=5 * 2", [(5, 6), (6, 6), (1, 6)], [[5, 6, 1]], 24),      # * binds to the die term's total
    ("1d4x2>=3 - 1", [(4, 4), (3, 4), (4, 4)], [[4, 3, 4]], 10),     # at most 2 explosions for the term
])
def test_explosion_modifiers_follow_v13(gm_page: Page, formula, faces, chains, total):
    r = results(gm_page, formula, faces)
    assert [[x["result"] for x in die] for die in r["dice"]] == chains
    assert r["total"] == total


BLIND_ROLL = """async () => {
    window.__rendered = [];
    Hooks.on("renderChatMessageHTML", (message, html, context) =>
        window.__rendered.push({id: message.id, element: html instanceof HTMLElement, alias: context.alias}));
    const message = await new Roll("1d6x + 3").toMessage({flavor: "Sneaking past the bouncer"}, {rollMode: "blindroll"});
    return {id: message.id, whisper: message.whisper, blind: message.blind};
}"""


def test_blind_roll_shows_the_roller_no_number(gm_page: Page, player1_page: Page, player2_page: Page):
    gm_id = gm_page.evaluate("game.user.id")
    player1_page.evaluate(SEED_DICE, [(6, 6), (6, 6), (2, 6)])  # 6 → 6 → 2 = 14, + 3 = 17
    sent = player1_page.evaluate(BLIND_ROLL)
    # v13 whispers a blind roll to every GM user, active or not (getWhisperRecipients("GM")).
    gm_ids = gm_page.evaluate("game.users.filter(u => u.isGM).map(u => u.id)")
    assert gm_id in gm_ids and sent["whisper"] == gm_ids and sent["blind"] is True
    selector = f'#chat-log [data-message-id="{sent["id"]}"]'

    gm_message = gm_page.locator(selector)
    expect(gm_message.locator(".dice-total")).to_have_text("17")
    expect(gm_message.locator(".dice-formula")).to_have_text("1d6x + 3")

    for page in (player1_page, player2_page):
        message = page.locator(selector)
        expect(message).to_contain_text("Player One privately rolled some dice")
        assert not re.search(r"\d", message.inner_text()), message.inner_text()
        html = message.inner_html()
        for leak in ("17", "1d6", "dice-tooltip", "Sneaking"):
            assert leak not in html, f"{leak!r} reached {page.evaluate('game.user.name')}'s DOM"
    rendered = player1_page.evaluate("window.__rendered")
    assert rendered == [{"id": sent["id"], "element": True, "alias": "Player One"}]


def test_blind_check_from_the_sheet_hides_the_card_from_the_roller(gm_page: Page, player1_page: Page):
    """The system's own flow: a player's stat check from the sheet's roll dialog, rolled blind."""
    actor_name = gm_page.evaluate("""async playerId => {
        const pack = game.packs.get("the-smoke.pregens");
        const index = await pack.getIndex();
        const entry = index.contents.sort((a, b) => a.name.localeCompare(b.name))[0];
        const actor = await game.actors.importFromCompendium(pack, entry._id, {[`ownership.${playerId}`]: 3});
        return actor.name;
    }""", player1_page.evaluate("game.user.id"))
    player1_page.get_by_role("list", name="Actors").get_by_role("button", name=actor_name, exact=True).click()
    player1_page.evaluate(SEED_DICE, [(6, 6), (2, 6), (8, 8), (3, 8)] * 2)
    player1_page.locator(".application.sheet.actor").get_by_role("button", name="Roll Moves").click()
    dialog = player1_page.locator(".application.roll-dialog")
    dialog.get_by_label("Roll mode").select_option("blindroll")
    dialog.get_by_role("button", name="Roll", exact=True).click()

    expect(gm_page.locator("#chat-log .smoke-check-card .smoke-total")).to_be_visible()
    card = player1_page.locator("#chat-log .chat-message").last
    expect(card).to_contain_text("privately rolled some dice")
    assert not re.search(r"\d", card.inner_text()), card.inner_text()
    assert "smoke-check-card" not in card.inner_html()


@pytest.mark.harness_only
def test_precompiled_templates_are_every_served_template_and_render_as_compiled_in_the_page(gm_page: Page, server):
    """The stand-in serves every ``.hbs`` (the system's and its core stand-ins) precompiled in /harness/templates.mjs
    (server.mjs ``templatesModule``); ``renderTemplate`` of each gives what ``Handlebars.compile`` of the fetched source
    gives (or both throw), and a path that is not served still throws as v13's ``getTemplate`` does."""
    system = sorted(f"/systems/{server.manifest['id']}/{p.relative_to(server.system_dir).as_posix()}"
                    for p in server.system_dir.rglob("*.hbs"))
    core = sorted(f"/templates/{p.relative_to(ROOT / 'tests/harness/client/templates').as_posix()}"
                  for p in (ROOT / "tests/harness/client/templates").rglob("*.hbs"))
    result = gm_page.evaluate("""async () => {
        const { default: pre } = await import("/harness/templates.mjs");
        const opts = { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true };
        const context = { user: game.user, config: CONFIG, system: {}, document: game.user };
        const run = fn => { try { return fn(); } catch (err) { return `threw ${err.constructor.name}`; } };
        const differ = [];
        let drawn = 0;
        for (const path of Object.keys(pre)) {
            const source = await (await fetch(path)).text();
            const compiled = run(() => Handlebars.compile(source, { preventIndent: true })(context, opts));
            const rendered = await foundry.applications.handlebars.renderTemplate(path.slice(1), context)
                .catch(err => `threw ${err.constructor.name}`);
            if (compiled !== rendered) differ.push(path);
            else if (!rendered.startsWith("threw")) drawn++;
        }
        const missing = await foundry.applications.handlebars.renderTemplate("systems/the-smoke/templates/no-such.hbs", {})
            .then(() => "rendered", err => err.message);
        return { keys: Object.keys(pre).sort(), differ, drawn, missing };
    }""")
    assert result["keys"] == sorted(system + core)
    assert len(system) > 40 and result["differ"] == []
    assert result["drawn"] > len(result["keys"]) // 2, result  # most draw something with this context, not all throw
    assert result["missing"].startswith("Failed to load template systems/the-smoke/templates/no-such.hbs: 404")
