"""The system's vocabulary on the Python side, in one place: the system id and the ids the catalogue and the rules
speak in (stat keys, difficulty bands, outcomes, range bands, Condition ids, die sizes). The id lists are the enums
of ``schemas/common.schema.json``, the schema every catalogue and rules file is validated against, so they cannot
drift from what the YAML may say; the JS side gets the same lists generated from the YAML into
``module/generated/rules.mjs`` (``tests/python/test_vocabulary.py`` checks the two agree)."""

from __future__ import annotations

import json
from pathlib import Path

#: The Foundry package id: system.json ``id``, the flags scope, compendium ids (``the-smoke.<pack>``), the
#: namespace document ids derive from.
SYSTEM_ID = "the-smoke"

_COMMON = json.loads((Path(__file__).parent / "schemas" / "common.schema.json").read_text(encoding="utf-8"))["$defs"]


def _enum(name: str) -> tuple:
    return tuple(_COMMON[name]["enum"])


#: The nine stats in the book's order (Your character record › The nine stats).
STAT_KEYS: tuple[str, ...] = _enum("stat")
#: Difficulty band ids, easiest first (Choosing difficulty).
BANDS: tuple[str, ...] = _enum("band")
#: Outcome ids by margin, worst first (The roll).
OUTCOMES: tuple[str, ...] = _enum("outcome")
#: Range band ids, nearest first (Distance, ammunition and holds).
RANGES: tuple[str, ...] = _enum("range")
#: The 31 Condition ids (Conditions).
CONDITION_IDS: tuple[str, ...] = _enum("conditionId")
#: Die sizes on the ladder.
DICE: tuple[int, ...] = _enum("die")

__all__ = ["BANDS", "CONDITION_IDS", "DICE", "OUTCOMES", "RANGES", "STAT_KEYS", "SYSTEM_ID"]
