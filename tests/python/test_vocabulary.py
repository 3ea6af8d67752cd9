"""One vocabulary (issue 18): the ids come from one place on each side and the two sides agree; the rules schemas
share common.schema.json instead of copying its definitions; Health and Guard obey the data in JS as in Python."""

from __future__ import annotations

import copy
import json
import re
import subprocess

from jsonschema import Draft202012Validator

from project import ROOT
from the_smoke import schemas, vocabulary
from the_smoke.catalogue import load_catalogue
from the_smoke.rules import Tables

SCHEMAS = ROOT / "tools" / "the_smoke" / "schemas"


def node(script: str) -> object:
    """Run an ES module snippet in the project root; it prints one JSON value."""
    out = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, check=True, capture_output=True,
                         text=True)
    return json.loads(out.stdout)


def test_the_generated_js_vocabulary_is_the_python_vocabulary():
    js = node("""import * as v from "./module/generated/rules.mjs";
        console.log(JSON.stringify({SYSTEM_ID: v.SYSTEM_ID, STAT_KEYS: v.STAT_KEYS, BANDS: v.BANDS,
          OUTCOME_IDS: v.OUTCOME_IDS, RANGE_BANDS: v.RANGE_BANDS, CONDITION_IDS: v.CONDITION_IDS}));""")
    assert js == {"SYSTEM_ID": vocabulary.SYSTEM_ID, "STAT_KEYS": list(vocabulary.STAT_KEYS),
                  "BANDS": list(vocabulary.BANDS), "OUTCOME_IDS": list(vocabulary.OUTCOMES),
                  "RANGE_BANDS": list(vocabulary.RANGES), "CONDITION_IDS": sorted(vocabulary.CONDITION_IDS)}
    assert vocabulary.STAT_KEYS == ("mus", "grt", "mov", "whl", "aim", "grf", "sav", "frt", "btl")
    assert len(vocabulary.CONDITION_IDS) == 31
    assert json.loads((ROOT / "system.json").read_text(encoding="utf-8"))["id"] == vocabulary.SYSTEM_ID


def test_no_python_tool_spells_the_vocabulary_out():
    """The lists live in vocabulary.py (from the schema); nothing else in tools/ types them again."""
    spelled = re.compile(r'"mus", "grt"|"easy", "medium"|"properMess", "badLuck"|"engaged", "near"|"bruised", "hurt"'
                         r'|= "the-smoke"')
    found = [f"{p.relative_to(ROOT)}:{i}" for p in sorted((ROOT / "tools").rglob("*.py")) if p.name != "vocabulary.py"
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if spelled.search(line)]
    assert found == []


def test_the_rules_schemas_share_common_definitions_instead_of_copies():
    files = sorted((SCHEMAS / "rules").glob("*.schema.json"))
    assert len(files) >= 26
    copies = {p.name: sorted(json.loads(p.read_text(encoding="utf-8")).get("$defs", {})) for p in files}
    assert {k: v for k, v in copies.items() if v} == {}
    refs = sorted({r for p in files for r in re.findall(r'"\$ref": "([^"]+)"', p.read_text(encoding="utf-8"))})
    assert refs and all(r.startswith("../common.schema.json#/$defs/") for r in refs), refs
    common = json.loads((SCHEMAS / "common.schema.json").read_text(encoding="utf-8"))["$defs"]
    assert {r.rsplit("/", 1)[1] for r in refs} <= set(common)
    # Every ref resolves, through the validator's registry and through schemas.resolve.
    for r in refs:
        assert schemas.resolve({"$ref": r}) == common[r.rsplit("/", 1)[1]]


def test_a_rules_value_outside_the_shared_enum_is_still_refused():
    data = load_catalogue(ROOT / "packs-src").rules["dice"].data
    assert list(schemas.validator("rules/dice").iter_errors(data)) == []
    bad = copy.deepcopy(data)
    bad["ladder"][0] = 7
    errors = list(schemas.validator("rules/dice").iter_errors(bad))
    assert [e.validator for e in errors] == ["enum"] and list(errors[0].path) == ["ladder", 0]
    Draft202012Validator.check_schema(schemas.schema("rules/dice"))


def _js_numbers(spreads: list[dict], combat: dict | None) -> list[list[int]]:
    arg = json.dumps(combat)
    return node(f"""import {{ healthMax, guardBase }} from "./module/rules/record.mjs";
        const combat = {arg} ?? undefined;
        const spreads = {json.dumps(spreads)};
        console.log(JSON.stringify(spreads.map(s => [healthMax(s, 0, combat), guardBase(s, 0, combat),
          healthMax(Object.fromEntries(Object.entries(s).map(([k, die]) => [k, {{die}}])), 2, combat)])));""")


def test_health_and_guard_obey_the_data_in_js_as_in_python():
    cat = load_catalogue(ROOT / "packs-src")
    tables = Tables.from_catalogue(cat)
    spreads = [dict.fromkeys(vocabulary.STAT_KEYS, 4) | {"grt": 6, "mov": 8},
               dict.fromkeys(vocabulary.STAT_KEYS, 4) | {"mus": 8, "grt": 4, "mov": 6},
               dict.fromkeys(vocabulary.STAT_KEYS, 6) | {"grt": 12, "mus": 4}]
    expected = [[tables.health_rule(s), tables.guard_rule(s), tables.health_rule(s) + 2] for s in spreads]
    assert _js_numbers(spreads, None) == expected
    assert expected[0] == [8 + 3, 7 + 4, 13]  # the book: 8 + Grit d6 (+3); 7 + better of Moves d8 (+4) / Grit d6

    # Homebrew that reads Muscle for Health and Muscle or Aim for Guard: both sides follow it.
    combat = copy.deepcopy(tables.data["combat"])
    combat["health"]["plusModifierOf"] = "mus"
    combat["guard"]["plusBestModifierOf"] = ["mus", "aim"]
    brewed = Tables({**tables.entries})
    brewed.data = {**tables.data, "combat": combat}
    expected = [[brewed.health_rule(s), brewed.guard_rule(s), brewed.health_rule(s) + 2] for s in spreads]
    assert _js_numbers(spreads, combat) == expected
    assert expected[1] == [8 + 4, 7 + 4, 14]  # Muscle d8 (+4) now counts; Grit d4 does not
