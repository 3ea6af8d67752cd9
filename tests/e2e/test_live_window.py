"""The system's windows follow the world from before their first render reads it (apps/live-window.mjs).

v13 reads a window's context before the window is on screen and queues renders of one application on its semaphore
(ApplicationV2#render: `_canRender` → `_configureRenderOptions` → `_prepareContext` → `_preFirstRender` → frame and
HTML → RENDERED → `_onFirstRender`; Foundry's client/applications/api/application.mjs, the hooks' order also in
fvtt-types' src/foundry/client/applications/api/application.d.mts). A change that lands after a window read the
world and before it is rendered used to be lost until the next one: a CI run showed a player's Mission Board saying
"No missions yet." for 15 s after the GM's mission had arrived (test_missions.py has that case with a real mission).
Here each window is opened with a change signalled while its first context is being read, and must render again."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

# (window, the change signalled mid-read: what a real change calls). Combat Console and Chase Gauge refresh on a
# 30 ms debounce from their document hooks: the read is held 150 ms so the debounce fires during the first render.
WINDOWS = [
    ("GMScreen", "Hooks.callAll('smoke.gmRequests')"),
    ("StreetControl", "Hooks.callAll('updateScene', game.scenes.contents[0] ?? null, {}, {}, game.user.id)"),
    ("MissionBoard", "Hooks.callAll('smoke.missions')"),
    ("CombatConsole", "Hooks.callAll('smoke.gmStore')"),
    ("ChaseGauge", "Hooks.callAll('canvasReady', canvas)"),
]


@pytest.mark.parametrize(("app", "change"), WINDOWS, ids=[w[0] for w in WINDOWS])
def test_a_change_while_a_window_opens_renders_it_again(world, gm_page: Page, app: str, change: str):
    renders = gm_page.evaluate(f"""async () => {{
        const cls = game.system.api.apps.{app};
        await cls.instance?.close();
        const win = cls.instance = new cls();
        let renders = 0;
        const id = Hooks.on(`render${{cls.name}}`, () => {{ renders += 1; }});
        const read = win._prepareContext.bind(win);
        win._prepareContext = async options => {{
          const context = await read(options);
          if (options.isFirstRender) {{ {change}; await new Promise(r => setTimeout(r, 150)); }}
          return context;
        }};
        await win.render({{ force: true }});
        const until = Date.now() + 5000;
        while (renders < 2 && Date.now() < until) await new Promise(r => setTimeout(r, 20));
        Hooks.off(`render${{cls.name}}`, id);
        await win.close();
        return renders;
    }}""")
    assert renders >= 2, f"{app} rendered {renders} time(s): the change during its first render was lost"


def test_a_change_while_a_button_is_held_waits_for_its_release(world, gm_page: Page):
    """A re-render between a button's press and its release replaces the button and the browser clicks nothing (a full
    run: the GM's Send on the phone lost while a player's read mark re-rendered it). A live window keeps its new HTML
    back while one of its buttons is held, and shows it once the button is let go."""
    gm_page.evaluate("game.system.api.apps.GMScreen.open()")
    button = gm_page.locator("#smoke-gm-screen .window-content button[data-action]").first
    button.evaluate("b => { b.dataset.held = 'yes'; }")  # gone when the window's HTML is replaced
    box = button.bounding_box()
    assert box
    gm_page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    gm_page.mouse.down()
    gm_page.evaluate("""() => { const win = game.system.api.apps.GMScreen.instance; window.__read = false;
        const read = win._prepareContext.bind(win);
        win._prepareContext = async options => { const c = await read(options); window.__read = true; return c; };
        Hooks.callAll('smoke.gmRequests'); }""")
    gm_page.wait_for_function("() => window.__read")  # the re-render is under way
    # What must NOT happen: the HTML replaced while held. Its template renders in a few ms; half a second is ample.
    gm_page.wait_for_timeout(500)
    assert gm_page.locator("#smoke-gm-screen button[data-held=yes]").count() == 1, "re-rendered under a held button"
    gm_page.mouse.move(1, 1)  # let go away from the button: no click
    gm_page.mouse.up()
    gm_page.wait_for_function("() => !document.querySelector('#smoke-gm-screen button[data-held=yes]')")


def test_a_window_whose_first_render_fails_stops_listening(world, gm_page: Page):
    """A live window whose first render throws never opens, and v13's close of a window without an element skips
    `_onClose`: its listeners must come off anyway, or each change would ask it to render for the rest of the session.
    The GM Screen's first context read throws: afterwards every listener it put on is off, and a change asks nothing;
    opened again (no failure), it listens and follows the change as before."""
    got = gm_page.evaluate("""async () => {
        const cls = game.system.api.apps.GMScreen;
        await cls.instance?.close();
        const win = cls.instance = new cls();
        let on = 0;
        const subscribe = win._subscribe.bind(win);
        win._subscribe = refresh => subscribe(refresh).map(off => { on += 1; return () => { on -= 1; off(); }; });
        const read = win._prepareContext.bind(win);
        let fail = true;
        win._prepareContext = async options => { if (fail) throw new Error("a broken record"); return read(options); };
        let renders = 0;
        const wrapped = win.render.bind(win);
        win.render = (...args) => { renders += 1; return wrapped(...args); };
        const first = await win.render({force: true}).then(() => "resolved", err => err.message);
        const after = on;
        const before = renders;
        Hooks.callAll('smoke.gmRequests');
        await new Promise(r => setTimeout(r, 100));
        const asked = renders - before;
        fail = false;
        await win.render({force: true});
        const open = [win.rendered, on > 0];
        await win.close();
        return {first, after, asked, open, closed: on};
    }""")
    assert got["first"] in ("a broken record", "resolved")
    assert got == {**got, "after": 0, "asked": 0, "open": [True, True], "closed": 0}, got
