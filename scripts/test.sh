#!/usr/bin/env bash
# Run every test: the build first (tests read its output), then pytest (tooling, catalogue against the book, build,
# odds, browser) while the linters (ESLint on module/ and tests/js/, ruff and mypy on tools/, configured in
# eslint.config.mjs and pyproject.toml), the type check and node's test runner (module/rules and the generated JS
# data) run beside it; their reports follow pytest's. Exits non-zero on any failure.
#
#   scripts/test.sh [pytest args]          everything (test files on SMOKE_TEST_WORKERS=2 workers)
#   scripts/test.sh --quick [pytest args]  the inner loop: linters, type check, node and Python tests (without the
#                                          scratch-project build tests when only client-side files changed: see
#                                          client_side_only below), and only the browser test files a change touches
#                                          against main (see quick_e2e below)
#
# ESLint and tsc keep caches in node_modules/.cache/ (re-runs check only what changed); mypy keeps .mypy_cache/.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
if [ "${1:-}" = "--quick" ]; then quick=1; shift; fi
# Two workers, one per core. Three were 15–19 s faster warm (a third worker fills the moments a browser test waits),
# but no faster over seven clean clones, where a client lagged long enough to show two test races (docs/benchmarks.md).
workers=${SMOKE_TEST_WORKERS:-2}

# The browser test files a change touches: every changed or new file against main (committed on this branch,
# staged, unstaged or untracked) → tests/e2e/test_*.py itself, or for module/, templates/, styles/, lang/ and
# tests/harness/ files the browser test files whose name starts with the changed file's name (module/documents/heat/heat.mjs
# → test_heat.py, test_heat_attacks.py); a change to tests/e2e/conftest.py or tests/e2e/helpers/ → every file.
quick_e2e() {
  local base changed f stem
  base=$(git merge-base HEAD main 2>/dev/null || git merge-base HEAD origin/main 2>/dev/null || echo HEAD)
  changed=$( { git diff --name-only "$base"; git ls-files --others --exclude-standard; } | sort -u)
  for f in $changed; do
    case "$f" in
      tests/e2e/conftest.py|tests/e2e/helpers/*) ls tests/e2e/test_*.py; return ;;
      tests/e2e/test_*.py) [ -f "$f" ] && echo "$f" ;;
      module/*|templates/*|styles/*|lang/*|tests/harness/*)
        stem=$(basename "$f"); stem=${stem%%.*}
        ls tests/e2e/test_"${stem//-/_}"*.py 2>/dev/null || true ;;
    esac
  done | sort -u
}
# Whether every change against main is on the client side (module/, templates/, styles/, lang/, the browser and node
# tests and the stand-in): then the quick loop leaves out the Python tests that copy the project and build the copy
# (tests/python, fixture `project`: the build tool's own behaviour, most of the Python tests' time); the real build
# below still checks the project. Any other change (tools/, packs-src/, docs/, system.yml, tests/python/, …) runs them.
client_side_only() {
  local base changed f
  base=$(git merge-base HEAD main 2>/dev/null || git merge-base HEAD origin/main 2>/dev/null || echo HEAD)
  changed=$( { git diff --name-only "$base"; git ls-files --others --exclude-standard; } | sort -u)
  for f in $changed; do
    case "$f" in
      module/*|templates/*|styles/*|lang/*|tests/e2e/*|tests/harness/*|tests/js/*|tests/bench/*) ;;
      *) return 1 ;;
    esac
  done
  return 0
}
scripts/setup.sh
# Browser tests drive Debian's chromium-headless-shell, Chromium's headless build (tests/e2e/helpers/browser.py says why;
# Playwright's own browser download is not reachable here), else Debian's chromium; elsewhere set CHROMIUM_PATH, or run
# `.venv/bin/playwright install chromium` and the tests use Playwright's browser.
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing Chromium's headless shell (apt-get install chromium-headless-shell)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  elif [ ! -x /usr/bin/chromium ]; then
    echo "setup: no /usr/bin/chromium-headless-shell nor /usr/bin/chromium: the browser tests use CHROMIUM_PATH or" \
         "Playwright's own browser" >&2
  fi
fi
.venv/bin/the-smoke build
status=0
# The linters, the type check and node --test need no browser: they run in the background while pytest runs (its
# browser tests wait on the browser much of the time), each into its own log, printed after pytest in the usual
# order; their exit status counts like the rest.
bg=$(mktemp -d)
trap 'rm -rf "$bg"' EXIT
declare -A pids
# They run at the lowest CPU priority (nice 19): pytest keeps both cores whenever it can use them and the checks take
# the moments it leaves idle (a worker waiting on a clock or a client), instead of slowing it down by their share.
background() {  # background NAME COMMAND...: run COMMAND, its output in $bg/NAME.log and its status in $bg/NAME.rc
  local name=$1; shift
  ( set +e; nice -n 19 "$@" >"$bg/$name.log" 2>&1; echo $? >"$bg/$name.rc" ) &
  pids[$name]=$!
}
report() {  # report NAME TITLE: wait for it, print its title and log; a failure (or no status) counts
  wait "${pids[$1]}" || true
  echo "== $2"
  cat "$bg/$1.log"
  [ "$(cat "$bg/$1.rc" 2>/dev/null)" = 0 ] || status=1
}
background eslint npx --no-install eslint --cache --cache-location node_modules/.cache/eslint/ module tests/js
background ruff .venv/bin/ruff check tools
background mypy .venv/bin/mypy
background tsc npx --no-install tsc -p tsconfig.json --incremental --tsBuildInfoFile node_modules/.cache/tsc/tsbuildinfo
background node node --test tests/js/
echo "== pytest"
if [ "$quick" = 1 ]; then
  e2e=$(quick_e2e)
  echo "quick: browser test files touched against main: ${e2e:-none}"
  if client_side_only; then
    export SMOKE_SKIP_SCRATCH_BUILDS=1
    left=$(.venv/bin/python -m pytest -q --collect-only tests/python 2>/dev/null | tail -1 || true)
    echo "quick: only client-side files changed: the scratch-project build tests (tests/python, fixture project) are left out ($left)"
  fi
  # shellcheck disable=SC2086 # one word per file
  .venv/bin/python -m pytest -q -n "$workers" --dist loadfile tests/python $e2e "$@" || status=1
else
  # Each worker runs whole files (loadfile) with its own stand-in server (a free port) and browser.
  .venv/bin/python -m pytest -q -n "$workers" --dist loadfile tests/python tests/e2e "$@" || status=1
fi
report eslint "eslint (module/, tests/js/: no import cycle, no Foundry global in module/rules/)"
report ruff "ruff (tools/)"
report mypy "mypy (tools/)"
report tsc "typecheck (module/ against the community Foundry v13 types)"
report node "node --test"
exit $status
