"""The rest of the slice the system relies on, across users: sheet forms, drag and drop from a compendium,
game.socket relays, User#query and DialogV2.query, and world settings that only a GM may write."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

GIVE_PREGEN = """async playerId => {
    const pack = game.packs.get("the-smoke.pregens");
    const index = await pack.getIndex();
    const entry = index.contents.sort((a, b) => a.name.localeCompare(b.name))[0];
    const actor = await game.actors.importFromCompendium(pack, entry._id, {[`ownership.${playerId}`]: 3});
    return {id: actor.id, name: actor.name};
}"""


def give_pregen(gm_page: Page, player_page: Page) -> dict:
    return gm_page.evaluate(GIVE_PREGEN, player_page.evaluate("game.user.id"))


def open_sheet(page: Page, name: str):
    page.get_by_role("list", name="Actors").get_by_role("button", name=name, exact=True).click()
    sheet = page.locator(".application.sheet.actor")
    expect(sheet).to_be_visible()
    return sheet


@pytest.mark.harness_only
def test_sheet_form_submits_on_change_and_the_model_cleans_it(gm_page: Page, player1_page: Page):
    """A player's sheet submits a field they own (the look: words) on change; the GM's sheet submits current Health
    (the GM's record, documents/core/health-record.mjs) and the model's cleaning clamps it to the maximum."""
    actor = give_pregen(gm_page, player1_page)
    look = open_sheet(player1_page, actor["name"]).get_by_label("Look", exact=True)
    look.fill("Green bomber jacket")
    look.press("Tab")
    gm_page.wait_for_function("id => game.actors.get(id).system.details.look === 'Green bomber jacket'", arg=actor["id"])
    health = open_sheet(gm_page, actor["name"]).get_by_label("Health", exact=True)
    most = gm_page.evaluate("id => game.actors.get(id).system.health.max", actor["id"])
    health.fill("1")
    health.press("Tab")
    gm_page.wait_for_function("id => game.actors.get(id).system.health.value === 1", arg=actor["id"])
    health.fill("99")  # above the maximum: the model's cleaning clamps it
    health.press("Tab")
    gm_page.wait_for_function("([id, most]) => game.actors.get(id).system.health.value === most", arg=[actor["id"], most])
    expect(gm_page.locator(".application.sheet.actor").get_by_label("Health", exact=True)).to_have_value(str(most))
    player1_page.wait_for_function("([id, most]) => game.actors.get(id).system.health.value === most", arg=[actor["id"], most])


@pytest.mark.harness_only
def _drag_first_weapon(page: Page, name: str) -> str:
    sheet = open_sheet(page, name)
    sidebar = page.get_by_role("complementary", name="Sidebar")
    sidebar.get_by_text("Weapons", exact=True).click()
    entry = sidebar.get_by_role("list", name="Weapons").locator("li").first
    weapon = entry.locator(".entry-name").inner_text()
    entry.drag_to(sheet.locator(".window-content"))
    return weapon


def test_drag_a_compendium_item_onto_an_owned_sheet(gm_page: Page, player1_page: Page):
    """The GM drags a compendium weapon onto a player's character (loot the GM hands over); the player's own drag is
    refused, with a notice: a character's kit is the GM's record (documents/core/kit-record.mjs)."""
    actor = give_pregen(gm_page, player1_page)
    player1_page.wait_for_function("id => game.actors.get(id)?.isOwner", arg=actor["id"])
    before = player1_page.evaluate("id => game.actors.get(id).items.size", actor["id"])
    _drag_first_weapon(player1_page, actor["name"])
    expect(player1_page.locator("#notifications")).to_contain_text("Kit is the GM's record")
    assert player1_page.evaluate("id => game.actors.get(id).items.size", actor["id"]) == before
    weapon = _drag_first_weapon(gm_page, actor["name"])
    gm_page.wait_for_function("([id, name]) => !!game.actors.get(id).items.getName(name)", arg=[actor["id"], weapon])
    assert gm_page.evaluate("([id, name]) => game.actors.get(id).items.getName(name).type", [actor["id"], weapon]) == "weapon"


def test_socket_relay_and_queries(gm_page: Page, player1_page: Page):
    for page in (gm_page, player1_page):
        page.evaluate("() => { window.__got = []; game.socket.on('system.the-smoke', d => window.__got.push(d)); }")
    player1_page.evaluate("game.socket.emit('system.the-smoke', {hello: 'GM'})")
    gm_page.wait_for_function("window.__got.length === 1")
    assert gm_page.evaluate("window.__got") == [{"hello": "GM"}]
    assert player1_page.evaluate("window.__got") == []  # the sender does not receive its own emit

    gm_page.evaluate("""() => { CONFIG.queries["the-smoke.ping"] = async (data, {timeout}) =>
        ({pong: data.n + 1, ranAsGM: game.user.isGM}); }""")
    assert player1_page.evaluate("game.users.activeGM.query('the-smoke.ping', {n: 41})") == {"pong": 42, "ranAsGM": True}
    refused = player1_page.evaluate("game.users.activeGM.query('the-smoke.unknown', {}).then(() => null, e => e.message)")
    assert "not registered" in refused
    inactive = gm_page.evaluate("game.users.getName('Player Two').query('the-smoke.ping', {n: 1}).then(() => null, e => e.message)")
    assert "not active" in inactive


def test_dialog_query_asks_another_user(gm_page: Page, player1_page: Page):
    gm_page.evaluate("""() => { window.__answer = foundry.applications.api.DialogV2.query(
        game.users.getName("Player One"), "confirm", {window: {title: "Dodge?"}, content: "<p>Dodge the swing?</p>"}); }""")
    dialog = player1_page.get_by_role("dialog")
    expect(dialog).to_contain_text("Dodge the swing?")
    dialog.get_by_role("button", name="Yes").click()
    assert gm_page.evaluate("window.__answer") is True
    expect(player1_page.get_by_role("dialog")).to_have_count(0)


def test_world_settings_are_written_by_a_gm_only(gm_page: Page, player1_page: Page):
    refused = player1_page.evaluate("""game.settings.set("the-smoke", "challenge", {name: "mine"})
        .then(() => null, e => e.message)""")
    assert refused and "lacks permission" in refused
    assert player1_page.evaluate("game.settings.get('the-smoke', 'challenge')") is None
    challenge = {"name": "The heist", "target": 5, "limit": 3, "contributions": []}
    gm_page.evaluate("c => game.settings.set('the-smoke', 'challenge', c)", challenge)
    player1_page.wait_for_function("game.settings.get('the-smoke', 'challenge')?.name === 'The heist'")
    assert player1_page.evaluate("game.settings.get('the-smoke', 'challenge')") == challenge


@pytest.mark.harness_only
def test_settle_returns_once_what_clients_do_in_answer_has_run_its_course(gm_page: Page, player1_page: Page):
    """The stand-in's test endpoint POST /harness/settle (helpers.settle, what a test waits for instead of a fixed
    sleep before asserting that nothing more happened): the GM renames Player One's actor; Player One's client answers
    the change with a User#query to the GM, which takes 0.4 s to answer, and then writes a flag; the GM's client answers
    that flag with a chat message. settle() returns only when all of it has reached every client: the GM and Player
    One see the flag and the message at once, with no wait. A quiet world settles in two rounds."""
    from helpers import make_actor, settle

    actor = make_actor(gm_page, "Chain", owner=player1_page.evaluate("game.user.id"))
    gm_page.evaluate("""id => {
        CONFIG.queries["harness.chainTest"] = () => new Promise(r => setTimeout(() => r("answered"), 400));
        Hooks.on("updateActor", (a, c) => {
            if (a.id === id && c.flags?.chain?.step === 2) ChatMessage.implementation.create({content: "chain done"});
        });
    }""", actor)
    player1_page.evaluate("""id => Hooks.on("updateActor", async (a, c) => {
        if (a.id !== id || c.name !== "Go") return;
        const answer = await game.users.activeGM.query("harness.chainTest", {});
        if (answer === "answered") await a.update({"flags.chain.step": 2});
    })""", actor)
    gm_page.evaluate("id => game.actors.get(id).update({name: 'Go'})", actor)
    settle(gm_page)
    for page in (gm_page, player1_page):
        assert page.evaluate("id => game.actors.get(id).flags.chain?.step", actor) == 2
        assert page.evaluate("() => game.messages.contents.map(m => m.content)") == ["chain done"]
    assert gm_page.evaluate("() => fetch('/harness/settle', {method: 'POST'}).then(r => r.json())") == {"rounds": 2}
