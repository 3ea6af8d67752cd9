#!/usr/bin/env bash
# Run every test: the build first (tests read its output), then pytest (tooling, catalogue against the book,
# build, odds) and node's test runner (module/rules and the generated JS data). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/the-smoke build
status=0
echo "== pytest"
.venv/bin/python -m pytest -q "$@" || status=1
echo "== node --test"
node --test tests/js/ || status=1
exit $status
