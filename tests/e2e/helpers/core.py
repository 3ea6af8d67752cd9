"""Helpers the browser tests share: the users, fixed dice, actors and fights made as the GM, the windows a test
opens, compendium look-ups and the server clock (imported through ``helpers``)."""

from __future__ import annotations

import os
import re

from playwright.sync_api import Page, expect

# Each die face f of an N-sided die comes from u = 1 - (f - 0.5) / N (v13 mapRandomFace = ceil((1 - u) * N)).
SEED_DICE = """faces => {
  const seq = faces.map(([f, n]) => 1 - (f - 0.5) / n);
  let i = 0;
  CONFIG.Dice.randomUniform = () => {
    if (i >= seq.length) throw new Error("the seeded dice ran out");
    return seq[i++];
  };
}"""


CORE_COMBAT = """() => {
    CONFIG.Combat.documentClass = foundry.documents.Combat;
    CONFIG.Combatant.documentClass = foundry.documents.Combatant;
}"""


def refused(page: Page, script: str, arg=None) -> str | None:
    """Run an async expression; the error message if it rejected, else None."""
    wrapped = f"async arg => {{ try {{ await ({script})(arg); return null; }} catch (e) {{ return e.message; }} }}"
    return page.evaluate(wrapped, arg)


P1, P2, GM = "HarnessPlayer001", "HarnessPlayer002", "HarnessGMaster01"


def make_actor(page: Page, name: str, *, owner: str | None = None, kind: str = "character", system: dict | None = None,
               items: list | None = None) -> str:
    """Create an actor as the GM (owned by ``owner`` if given); returns its id once every connected client has it
    (``settle``)."""
    actor_id = page.evaluate("""async ([name, owner, kind, system, items]) => {
        const data = {name, type: kind, system: system ?? {}, items: items ?? []};
        if (owner) data.ownership = {[owner]: 3};
        return (await Actor.implementation.create(data)).id;
    }""", [name, owner, kind, system, items])
    settle(page, 0)
    return actor_id


def make_fight(page: Page, actor_ids: list[str], *, mode: str = "speed", start: bool = True) -> str:
    """Create a combat with one combatant per actor (as the GM) and start it; returns the combat id."""
    return page.evaluate("""async ([ids, mode, start]) => {
        const combat = await Combat.implementation.create({system: {mode}});
        await combat.createEmbeddedDocuments("Combatant", ids.map(actorId => ({actorId})));
        await combat.activate?.();
        if (start) await combat.startCombat();
        return combat.id;
    }""", [actor_ids, mode, start])


def console(page: Page):
    page.evaluate("() => game.system.api.apps.CombatConsole.open()")
    app = page.locator("#smoke-combat-console")
    expect(app).to_be_visible()
    return app


def end_round(page: Page, *, dbl: bool = False) -> None:
    """The GM's End round; when dice are still unspent (or unrevealed) the console asks first: answer Yes."""
    button = console(page).get_by_role("button", name="End round")
    round_before = page.evaluate("() => game.combat?.round ?? null")
    button.dblclick() if dbl else button.click()
    yes = page.locator("dialog[open]", has_text="anyway?").get_by_role("button", name="Yes")
    # Either the console asks, or (nobody could act any more) the round ends at once: whichever comes first.
    try:
        page.wait_for_function("""r => [...document.querySelectorAll("dialog[open]")].some(d => d.textContent.includes("anyway?"))
            || (game.combat?.round ?? null) !== r""", arg=round_before, timeout=10_000)
    except Exception:  # noqa: BLE001 — neither: nothing to answer (as before)
        return
    if not yes.count():
        return
    # A double click's second click brings the console in front of the question, so press Yes where it is.
    yes.dispatch_event("click")


def row(app, name: str):
    return app.locator("tr.smoke-combatant", has=app.page.locator(".smoke-combatant-name", has_text=re.compile(f"^{name}$")))


def combatant_id(page: Page, actor_id: str) -> str:
    return page.evaluate("id => game.combat.combatants.find(c => c.actorId === id).id", actor_id)


def reveal_with(gm: Page, p1: Page, p2: Page, alf_dice, bex_dice, names=("Alf", "Bex")) -> None:
    """Each player rolls their own speed dice (fixed faces) in their console, then the GM reveals."""
    for page, dice, name in ((p1, alf_dice, names[0]), (p2, bex_dice, names[1])):
        app = console(page)
        page.evaluate(SEED_DICE, [(f, 6) for f in dice])
        row(app, name).get_by_role("button", name=re.compile("Roll 2 speed dice")).click()
        expect(row(app, name).locator(".smoke-secret .smoke-face")).to_have_count(len(dice))
    gm_app = console(gm)
    gm_app.get_by_role("button", name="Reveal speed dice").click()
    expect(gm_app.locator(".smoke-queue li")).to_have_count(len(alf_dice) + len(bex_dice))


def sal_and_target(gm: Page, *, target_owner: str | None = None, target_kind: str = "npc", reaction_spent=False):
    """Sal (player 1) with a Cricket Bat; the target has Guard 10, 1 armour reduction and 8 Health."""
    bat = gm.evaluate("""async () => {
        const pack = game.packs.get("the-smoke.weapons");
        const entry = (await pack.getIndex()).contents.find(e => e.name === "Cricket Bat");
        return (await pack.getDocument(entry._id)).toObject();
    }""")
    sal = make_actor(gm, "Sal", owner=P1, system={"stats": {"mus": {"die": 8}, "mov": {"die": 6}}}, items=[bat])
    if target_kind == "npc":
        target = make_actor(gm, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}, "guard": {"value": 10},
                                                            "armourReduction": 1, "health": {"value": 8, "max": 8}})
    else:
        target = make_actor(gm, "Bex", owner=target_owner, system={"stats": {"mov": {"die": 6}}})
    return sal, target


def choose(select, text: str) -> None:
    """Select the option whose label starts with ``text``."""
    value = select.locator("option", has_text=re.compile(f"^{re.escape(text)}")).first.get_attribute("value")
    select.select_option(value)


def attack_as(page: Page, target_name: str, band: str = "engaged"):
    app = console(page)
    choose(app.get_by_label("Weapon"), "Cricket Bat")
    choose(app.get_by_label("Target"), target_name)
    if app.get_by_label("Range band").count():
        app.get_by_label("Range band").select_option(band)
    app.get_by_role("button", name="Attack", exact=True).click(modifiers=["Shift"])


def weapon(page: Page, name: str, **system) -> dict:
    data = page.evaluate("""async name => {
        const pack = game.packs.get("the-smoke.weapons");
        const entry = (await pack.getIndex()).contents.find(e => e.name === name);
        return (await pack.getDocument(entry._id)).toObject();
    }""", name)
    for key, value in system.items():
        data["system"][key] = value
    return data


def scene_with(page: Page, tokens: list[tuple[str, int, int]]) -> dict[str, str]:
    """An active 100-px-grid scene with a token per (actor id, column, row); returns actor id → token id."""
    return page.evaluate("""async tokens => {
        const scene = await Scene.create({name: "Estate", active: true, width: 4000, height: 2000,
            grid: {type: 1, size: 100, distance: 1, units: "sq"},
            tokens: tokens.map(([actorId, i, j]) => ({name: game.actors.get(actorId).name, actorId, x: i * 100, y: j * 100}))});
        return Object.fromEntries(scene.tokens.map(t => [t.actorId, t.id]));
    }""", tokens)


def fight_on_scene(page: Page, token_ids: dict[str, str], *, start=True) -> str:
    return page.evaluate("""async ([tokens, start]) => {
        const combat = await Combat.implementation.create({scene: canvas.scene.id});
        await combat.createEmbeddedDocuments("Combatant", Object.entries(tokens).map(([actorId, tokenId]) =>
            ({actorId, tokenId, sceneId: canvas.scene.id})));
        await combat.activate?.();
        if (start) await combat.startCombat();
        return combat.id;
    }""", [token_ids, start])


def gm_reveals_all(gm: Page, faces: list[int]) -> None:
    """Every combatant is the GM's or rolled by the GM: fixed faces in combatant order, then reveal."""
    gm.evaluate(SEED_DICE, [(f, 6) for f in faces])
    console(gm).get_by_role("button", name="Reveal speed dice").click()
    expect(console(gm).locator(".smoke-queue li")).to_have_count(len(faces))


def import_pregen(page: Page, name: str, owner_id: str | None = None) -> str:
    """Import a pregenerated character from the compendium (as the GM); returns its actor id."""
    return page.evaluate("""async ([name, ownerId]) => {
        const pack = game.packs.get("the-smoke.pregens");
        const index = await pack.getIndex();
        const entry = index.contents.find(e => e.name === name);
        const data = ownerId ? {[`ownership.${ownerId}`]: 3} : {};
        const actor = await game.actors.importFromCompendium(pack, entry._id, data);
        return actor.id;
    }""", [name, owner_id])


def open_sheet(page: Page, actor_id: str):
    page.evaluate("id => game.actors.get(id).sheet.render({force: true})", actor_id)
    sheet = page.locator(".application.sheet.actor")
    expect(sheet).to_be_visible()
    return sheet


def add_from_pack(page: Page, actor_id: str, pack: str, name: str) -> str:
    return page.evaluate("""async ([actorId, pack, name]) => {
        const p = game.packs.get(`the-smoke.${pack}`);
        const entry = (await p.getIndex()).contents.find(e => e.name === name);
        const doc = await p.getDocument(entry._id);
        const [item] = await game.actors.get(actorId).createEmbeddedDocuments("Item", [doc.toObject()]);
        return item.id;
    }""", [actor_id, pack, name])


def statuses(page: Page, actor_id: str) -> list[str]:
    return page.evaluate("id => [...game.actors.get(id).statuses].sort()", actor_id)


def blank_character(page: Page, name: str = "New Face") -> str:
    return page.evaluate("async name => (await Actor.create({name, type: 'character'})).id", name)


def open_creator(page: Page, actor_id: str):
    page.evaluate("id => game.actors.get(id).sheet.render({force: true})", actor_id)
    page.locator(".application.sheet.actor").get_by_role("button", name=re.compile("Make a new face")).click()
    window = page.locator(".application.creator")
    expect(window).to_be_visible()
    return window



def skew_time(page: Page, seconds: float) -> int:
    """Move the stand-in server's clock on by ``seconds`` (as if that much real time passed) and return the new
    server time in ms. Every connected client re-syncs from the broadcast; ``page`` has synced when this returns."""
    return page.evaluate("ms => game.harness.skewTime(ms)", int(seconds * 1000))


def settle(page: Page, fallback_ms: int = 500) -> None:
    """Until every connected client has handled every change the stand-in server sent it, and what each did in answer
    (writes, requests, queries, and what those caused) has run its course: the stand-in's ``POST /harness/settle``
    (two rounds of a settle frame every client answers in order with the document events, with no other frame and no
    query in flight; see tests/harness/server.mjs). What a test waits for before asserting that something did NOT
    happen, instead of a fixed sleep. Work a client defers by a timer (the 1-second clock, see ``ticks``) is not
    covered. Against a real Foundry (``FOUNDRY_URL``: no such endpoint) it sleeps ``fallback_ms``."""
    if os.environ.get("FOUNDRY_URL"):
        page.wait_for_timeout(fallback_ms)
        return
    page.evaluate("""() => fetch('/harness/settle', {method: 'POST'})
        .then(r => r.ok ? r.json() : r.text().then(t => { throw new Error(t); }))""")


TICKS_INSTALL = """() => {
    const t = window.__smokeTicks = {count: 0, off: null};
    t.off = game.system.api.clock.onTick(() => { t.count++; });
}"""


def ticks(*pages: Page, n: int = 1) -> None:
    """Until each page's one-second clock (``game.system.api.clock.onTick``: the countdowns and the active GM's timer
    checks) has ticked ``n`` times from now, every listener of that tick run, then ``settle`` (so whatever the tick
    wrote has reached every client). What a test waits for after moving the server clock (``skew_time``) before
    asserting what the clocks show or that a check wrote nothing more — rather than sleeping 1.2 s "for a tick"."""
    for page in pages:
        page.evaluate(TICKS_INSTALL)
    for page in pages:
        # polled by requestAnimationFrame: after the whole tick (every listener) has run
        page.wait_for_function("n => window.__smokeTicks.count >= n", arg=n)
        page.evaluate("() => window.__smokeTicks.off()")
    settle(pages[0])


def press_twice(button) -> None:
    """Two presses of a button in one go, before the page does anything else: ``HTMLElement#click()`` twice in one
    task, each a click with a click count of 0 (as a keyboard's Enter or Space gives: ``MouseEvent#detail`` is the
    current click count, https://developer.mozilla.org/en-US/docs/Web/API/UIEvent/detail). The one-click guard
    (module/apps/one-click.mjs) drops only a double click's second click, so both presses reach the button's window,
    and what keeps the action to one is the feature's own guard — its id, ``disabled``, an in-flight flag, the GM's
    once — which a ``dblclick()`` no longer reaches. A disabled button ignores ``click()``, as it ignores a user, so,
    as Playwright's own clicks wait for an enabled button, the presses are made only on the button as drawn when it is
    enabled (the Combat Console turns its buttons off while an action runs and on again when it ends); 15 s at most."""
    for _ in range(300):
        if button.evaluate("el => { if (el.disabled || !el.isConnected) return false; el.click(); el.click(); return true; }"):
            return
        button.page.wait_for_timeout(50)
    raise AssertionError("the button stayed disabled: it could not be pressed")


def double_click_across_a_redraw(page: Page, button, between) -> None:
    """A double click whose second click comes after ``between()`` has run (the GM answering the first, the window
    drawn again): the first click at the button's centre with a click count of 1, the second at the same point with a
    click count of 2, which the page sees as ``MouseEvent#detail`` 2 (for click events, detail is the current click
    count: https://developer.mozilla.org/en-US/docs/Web/API/UIEvent/detail) on whatever button is drawn there then."""
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box, "the button is not on the page"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    between()
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
