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
#: A pooled page's next test navigates it from about:blank back to the game. With these two features on, Chromium
#: starts a new renderer process for that navigation (a new RenderFrameHost per document, and a spare renderer kept
#: warm for the next one): 44 renderer processes for 40 two-page tests against 4 without them, and a quarter less CPU
#: per boot (``docs/benchmarks.md``). Nothing the tests check depends on which process renders a page.
REUSE_RENDERERS = ["RenderDocument", "SpareRendererForSitePerProcess"]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + REUSE_RENDERERS)]
