"""ARCHITECTURE.md stays true: every repository path it names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PATH = re.compile(r"`((?:module|tests|tools|packs-src|templates|styles|lang|docs|scripts)/[^`*<>\s]+)`")


def named_paths(text: str) -> list[str]:
    return sorted(set(PATH.findall(text)))


def test_the_path_finder_finds_paths_and_a_missing_one_would_fail():
    found = named_paths("see `module/rules/check.mjs` and `tests/nope.py`, not `game.user`")
    assert found == ["module/rules/check.mjs", "tests/nope.py"]
    assert not (ROOT / "tests/nope.py").exists()


def test_every_path_architecture_md_names_exists():
    paths = named_paths((ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8"))
    assert len(paths) > 40
    missing = [p for p in paths if not (ROOT / p.rstrip("/")).exists()]
    assert missing == []
