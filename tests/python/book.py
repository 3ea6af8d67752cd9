"""The printed rulebook, for tests that check the catalogue against the book.

The authoritative text is ``../shared/rulebook/the-smoke-rulebook.source.txt`` beside the repository (override
with ``THE_SMOKE_RULEBOOK``). It is Homebrewery source on one line: sections start with ``# `` / ``## `` /
``### `` headings and tables are ``| a | b |`` rows run together.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT.parent / "shared" / "rulebook" / "the-smoke-rulebook.source.txt"


def path() -> Path:
    return Path(os.environ.get("THE_SMOKE_RULEBOOK", DEFAULT))


@lru_cache(maxsize=1)
def text() -> str:
    """The whole source text, whitespace collapsed to single spaces. Skips the test if the book is absent."""
    p = path()
    if not p.exists():
        pytest.skip(f"rulebook not found at {p} (set THE_SMOKE_RULEBOOK)")
    return re.sub(r"\s+", " ", p.read_text(encoding="utf-8"))


def between(start: str, end: str, *, after: str | None = None) -> str:
    """The text from the first ``start`` (searching from ``after`` if given) up to the next ``end``."""
    s = text()
    base = s.index(after) if after else 0
    i = s.index(start, base)
    j = s.index(end, i + len(start))
    return s[i:j]


def table_rows(chunk: str) -> list[list[str]]:
    """Rows of every markdown table in ``chunk`` as lists of stripped cells ; the ``:--`` separator rows are dropped,
    the header row is kept for the caller."""
    rows = []
    # Tables are run together on one line: split on the "| |" row boundary.
    for line in re.split(r"\|\s+\|", chunk):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and all(c.startswith(":--") for c in cells if c):
            continue
        rows.append(cells)
    return rows


@lru_cache(maxsize=None)
def catalogue_pack(pack: str) -> dict[str, dict]:
    """{printed name: document} of one catalogue pack (``packs-src/<pack>``); the file name must be the key and
    names must be unique within the pack."""
    import yaml

    folder = ROOT / "packs-src" / pack
    assert folder.is_dir(), f"{folder} is missing"
    docs: dict[str, dict] = {}
    for p in sorted(folder.glob("*.yml")):
        if p.name == "_pack.yml":
            continue
        doc = yaml.safe_load(p.read_text(encoding="utf-8"))
        assert isinstance(doc, dict), p
        assert p.stem == doc["key"], f"{p.name}: key {doc['key']!r} does not match the file name"
        assert doc["name"] not in docs, f"two documents named {doc['name']!r} in {pack}"
        docs[doc["name"]] = doc
    return docs
