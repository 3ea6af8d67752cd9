"""How the browser tests launch Chromium (``conftest.py``'s ``browser`` fixture)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

#: The browsers the tests look for, best first. Debian's ``chromium-headless-shell`` is Chromium's old headless mode
#: built as its own binary: the browser Playwright itself runs headless Chromium tests on ("Playwright runs a separate
#: chromium headless shell build for headless operation", microsoft/playwright#33566; Chrome's "Headless mode" page:
#: since Chrome 132 the old mode is only that standalone binary). The same Blink and V8 as Debian's ``chromium``, without
#: the full browser's window machinery: the whole test command took a fifth less CPU on it (``docs/benchmarks.md``).
#: Debian's ``chromium`` (the new headless mode) is the fallback.
CHROMIUM_CANDIDATES = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")


def chromium_path() -> str | None:
    """The Chromium the browser tests launch: ``CHROMIUM_PATH`` when set, else the first of ``CHROMIUM_CANDIDATES``
    installed, else None (Playwright's own downloaded browser)."""
    if os.environ.get("CHROMIUM_PATH"):
        return os.environ["CHROMIUM_PATH"]
    return next((c for c in CHROMIUM_CANDIDATES if Path(c).exists() or shutil.which(c)), None)


#: The features Playwright 1.65.2 itself launches Chromium without (``disabledFeatures`` in the driver's
#: ``lib/coreBundle.js``, pinned in pyproject.toml). Chromium keeps only the last ``--disable-features`` switch and
#: Playwright puts the caller's arguments after its own (the same driver file; browserless/browserless#5450 shows the
#: loss), so ours below repeats them; ``test_harness_page_pool.py`` checks this copy against the installed driver.
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying",
    "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
]
#: A pooled page's next test navigates it from about:blank back to the game. With a spare renderer kept warm for the
#: next navigation, Chromium starts a new renderer process for each of those: 44 renderer processes for 40 two-page
#: tests against 4 without it, and a quarter less CPU per boot (``docs/benchmarks.md``).
#: ``RenderDocument`` stays on, as in a user's Chromium: turned off too, it saves nothing more (4 renderers either way,
#: the same CPU), and a reloaded page's old document then runs on while it unloads, so a fetch it had in flight fails
#: inside it and its ``catch`` logs an error no user would see (``test_harness_page_pool.py`` checks this).
REUSE_RENDERERS = ["SpareRendererForSitePerProcess"]
#: V8 without its optimizing compilers (Maglev and Turbofan; flags as V8 156 lists them with ``--js-flags=--help``, from
#: v8/src/flags/flag-definitions.h). A test's page lives a few seconds: the optimized code it compiled on the renderer's
#: background threads was rarely run long enough to pay back, and the renderers took about a tenth less CPU without it
#: (three browser test files, three runs each, ``docs/benchmarks.md``). The interpreter and the Sparkplug baseline
#: compiler run the same JavaScript with the same semantics. The benchmarks keep V8 as a user's browser runs it.
V8_FLAGS = ["--no-turbofan", "--no-maglev"]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--js-flags=" + " ".join(V8_FLAGS),
                 "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + REUSE_RENDERERS)]
