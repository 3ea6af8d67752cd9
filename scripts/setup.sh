#!/usr/bin/env bash
# Set-up shared by scripts/build.sh and scripts/test.sh: a Python venv with the tooling (.venv) and the node
# packages (node_modules, from package-lock.json). Re-runs are cheap: each step is skipped while its inputs are
# unchanged. Needs python3 (3.11+) with venv, and node 20 + npm.
set -euo pipefail
cd "$(dirname "$0")/.."

need() { command -v "$1" >/dev/null 2>&1 || { echo "setup: '$1' is required ($2)" >&2; exit 1; }; }
need python3 "Python 3.11 or newer"
need node "Node.js 20"
need npm "npm, shipped with Node.js"

stamp() { sha256sum "$@" | sha256sum | cut -c1-16; }

# The node packages install while the Python tooling does (independent; on a fresh clone ~10 s each).
npm_stamp=$(stamp package.json package-lock.json)
npm_pid=""
if [ "$(cat node_modules/.the-smoke-stamp 2>/dev/null)" != "$npm_stamp" ]; then
  echo "setup: installing node packages (npm ci)"
  ( npm ci --no-audit --no-fund --loglevel=error && echo "$npm_stamp" > node_modules/.the-smoke-stamp ) &
  npm_pid=$!
fi

if [ ! -x .venv/bin/python ]; then
  if ! python3 -m venv .venv 2>/dev/null; then
    echo "setup: python3 -m venv failed; on Debian: apt-get install -y python3-venv" >&2
    exit 1
  fi
fi
py_stamp=$(stamp pyproject.toml)
if [ "$(cat .venv/.the-smoke-stamp 2>/dev/null)" != "$py_stamp" ]; then
  echo "setup: installing the Python tooling into .venv"
  .venv/bin/python -m pip install --quiet --upgrade pip 2>&1 | grep -v "is ignored" || true
  .venv/bin/python -m pip install --quiet -e ".[test]" 2>&1 | grep -v "is ignored" || true
  .venv/bin/python -c "import the_smoke, yaml, jinja2, jsonschema, pytest" \
    || { echo "setup: the Python install failed" >&2; exit 1; }
  echo "$py_stamp" > .venv/.the-smoke-stamp
fi

if [ -n "$npm_pid" ] && ! wait "$npm_pid"; then
  echo "setup: npm ci failed" >&2
  exit 1
fi
