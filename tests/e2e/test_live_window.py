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
