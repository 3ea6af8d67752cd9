#!/usr/bin/env bash
# Build the installable system: dist/the-smoke-<version>.zip and dist/system.json (and packs/, system.json and
# the generated JS/templates in the tree, for a linked development install). Extra arguments go to
# `the-smoke build`, e.g. --extra my-homebrew/ or --force.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec .venv/bin/the-smoke build "$@"
