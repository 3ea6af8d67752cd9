"""How the browser tests launch Chromium (``conftest.py``'s ``browser`` fixture)."""

from __future__ import annotations

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
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + REUSE_RENDERERS)]
