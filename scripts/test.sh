#!/usr/bin/env bash
# Run every test: the build first (tests read its output), the linters (ESLint on module/ and tests/js/, ruff and
# mypy on tools/, configured in eslint.config.mjs and pyproject.toml), the type check, then pytest (tooling,
# catalogue against the book, build, odds, browser) and node's test runner (module/rules and the generated JS data).
# Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Browser tests drive Debian's Chromium (Playwright's own browser download is not reachable here); elsewhere set
# CHROMIUM_PATH, or run `.venv/bin/playwright install chromium` and the tests use Playwright's browser.
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing Chromium (apt-get install chromium)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "setup: no /usr/bin/chromium: the browser tests use CHROMIUM_PATH or Playwright's own browser" >&2
  fi
fi
.venv/bin/the-smoke build
status=0
echo "== eslint (module/, tests/js/: no import cycle, no Foundry global in module/rules/)"
npx --no-install eslint module tests/js || status=1
echo "== ruff and mypy (tools/)"
.venv/bin/ruff check tools || status=1
.venv/bin/mypy || status=1
echo "== typecheck (module/ against the community Foundry v13 types)"
npx --no-install tsc -p tsconfig.json || status=1
echo "== pytest"
.venv/bin/python -m pytest -q tests/python tests/e2e "$@" || status=1
echo "== node --test"
node --test tests/js/ || status=1
exit $status
