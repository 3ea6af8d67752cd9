"""What a build remembers within one process, so that another build there (the tests' many builds of scratch copies
of one catalogue) redoes only what changed: parsed YAML by its text (yamlio), entries found valid by schema and data
(schema_errors), the rules map's indexes of a file's names by its text (rules_map). Each is a function of its input
alone; these check that a remembered answer is never given for other input, nor shared with a caller who changes it."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from the_smoke import rules_map
from the_smoke.catalogue import Entry
from the_smoke.errors import UserError
from the_smoke.schema_errors import schema_errors
from the_smoke.yamlio import load

BRUISED = """key: bruised
name: Bruised
group: injury
description: Knocked about. No effect on its own; two more Bruises make you Hurt.
recovery: A rest or a night's kip.
becomes:
  count: 3
  condition: hurt
"""


def test_a_text_parsed_again_is_a_fresh_copy_with_its_lines(tmp_path: Path):
    file = tmp_path / "bruised.yml"
    file.write_text(BRUISED, encoding="utf-8")
    first = load(file)
    first.data["becomes"]["count"] = 99
    first.lines[("becomes", "count")] = 1
    again = load(file)
    assert again.data["becomes"] == {"count": 3, "condition": "hurt"}
    assert again.line_of(["becomes", "count"]) == 7
    assert again.data is not first.data and again.lines is not first.lines


def test_a_text_that_fails_fails_again_naming_each_file(tmp_path: Path):
    bad = BRUISED + "name: Bruised again\n"
    for name in ("one.yml", "two.yml"):
        with pytest.raises(UserError) as err:
            load(tmp_path / name, text=bad)
        assert name in str(err.value) and "duplicate key 'name'" in str(err.value)


def test_an_entry_found_valid_makes_no_other_entry_valid(tmp_path: Path):
    def entry(data: dict) -> Entry:
        loc = load(tmp_path / "bruised.yml", text=BRUISED)
        loc.data = data
        return Entry(pack="conditions", key="bruised", file=tmp_path / "bruised.yml", loc=loc)

    good = load(tmp_path / "bruised.yml", text=BRUISED).data
    assert schema_errors(entry(good), "condition") == []
    assert schema_errors(entry(copy.deepcopy(good)), "condition") == [], "the same data, valid again"
    # the same values but for a type: a count of True (a YAML `true`) is not a whole number
    forged = copy.deepcopy(good)
    forged["becomes"]["count"] = True
    errors = [str(e) for e in schema_errors(entry(forged), "condition")]
    assert len(errors) == 1 and "True is not a whole number" in errors[0] and "becomes.count" in errors[0], errors
    # an unknown field on data that was valid
    extra = {**copy.deepcopy(good), "colour": "blue"}
    assert [str(e) for e in schema_errors(entry(extra), "condition")][0].count("unknown field 'colour'") == 1


def test_the_name_indexes_follow_the_text_not_the_file():
    before = "export function explodesFrom(die) {\n  return die;\n}\n"
    after = "export function explodesNever(die) {\n  return die;\n}\n"
    assert "explodesFrom" in rules_map._names_in(before, ".mjs")
    assert "explodesFrom" not in rules_map._names_in(after, ".mjs")
    assert rules_map._defines(before, "explodesFrom", ".mjs") and not rules_map._defines(after, "explodesFrom", ".mjs")
    assert rules_map._test_defs_in("def test_a():\n    pass\n") == {"test_a"}
    assert rules_map._titles_in("test('rolls a die', () => {});") == ("rolls a die",)
