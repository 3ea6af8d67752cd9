#!/usr/bin/env bash
# Build the installable system: dist/the-smoke-<version>.zip and dist/system.json (and packs/, system.json and
# the generated JS/templates in the tree, for a linked development install). Extra arguments go to
# `the-smoke build`, e.g. --extra my-homebrew/ (a path relative to where you run this) or --force.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
exec "$root/.venv/bin/the-smoke" --root "$root" build "$@"
