"""One error type for a user's mistake (tools/the_smoke/errors.py ``UserError``): its message is located
(``file:line: entry: field: message``), the CLI prints it once without a traceback and exits 1 (bad input) or 2
(wrong usage), nothing is half-written, and a bug in the tools still shows its traceback. And the odds engine's
outcome margins come from packs-src/rules/outcomes.yml, read once (issue 18, item 8)."""

from __future__ import annotations

import shutil
from fractions import Fraction

import pytest
from project import ROOT
from test_build import edit, failing_build, run_cli, snapshot

from the_smoke import cli, odds
from the_smoke.build import BuildError
from the_smoke.errors import UserError
from the_smoke.yamlio import CatalogueError, load


def test_one_error_type():
    assert BuildError is UserError and CatalogueError is UserError


def test_the_message_is_located():
    e = UserError("unknown field 'impcat'", file=ROOT / "packs-src/weapons/brick.yml", line=7, entry="weapons/brick",
                  field="impcat")
    assert str(e).endswith("packs-src/weapons/brick.yml:7: weapons/brick: impcat: unknown field 'impcat'")
    assert str(UserError("no build in dist/: run scripts/build.sh first")) == "no build in dist/: run scripts/build.sh first"
    assert UserError("x").exit_code == 1 and UserError("x", exit_code=2).exit_code == 2


def test_bad_yaml_gives_the_located_message_and_exit_1_and_writes_nothing(project):
    before = snapshot(project)
    edit(project, "weapons/brick.yml", "name: Brick", "name: [Brick")
    out = run_cli("build", "--force", root=project)
    assert out.returncode == 1, out.stderr
    first = out.stderr.splitlines()[0]
    assert first == (f"build failed: {project}/packs-src/weapons/brick.yml:3: weapons/brick: malformed YAML: "
                     "did not find expected ',' or ']'")
    assert "nothing was written; the previous build and dist/ are unchanged" in out.stderr
    assert "Traceback" not in out.stderr
    assert snapshot(project) == before, "a failed build changed the previous output"
    assert not list((project / "build").glob("stage.*"))


def test_a_schema_failure_through_validate_is_located(project):
    edit(project, "weapons/brick.yml", "impact:", "impcat:")
    out = run_cli("validate", root=project)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "packs-src/weapons/brick.yml:" in out.stderr and "impcat" in out.stderr


def test_bad_yaml_in_the_odds_rules_is_a_user_error_not_a_traceback(project):
    path = project / "packs-src/rules/dice.yml"
    path.write_text(path.read_text() + "\n  - [unclosed\n")
    out = run_cli("odds", "--stat", "8", "--tn", "12", root=project)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.startswith("the-smoke odds: error: ") and "packs-src/rules/dice.yml:" in out.stderr


def test_bad_cli_arguments_exit_2():
    out = run_cli("odds", "--stat", "8", "--tn", "900")
    assert out.returncode == 2 and out.stderr.strip() == "the-smoke odds: error: --tn 900 is out of range (use -200 to 200)"


def test_a_bug_in_the_tools_keeps_its_traceback(monkeypatch):
    def broken(args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(cli, "cmd_tn_table", broken)
    with pytest.raises(RuntimeError, match="a bug"):
        cli.main(["--root", str(ROOT), "tn-table", "--effort", "6"])


# -- the odds engine's outcome margins are the data's ---------------------------------------------------------

def test_the_margins_are_read_from_the_rules_table_once():
    table = odds.outcome_margins()
    assert table is odds.outcome_margins()
    data = load(ROOT / "packs-src/rules/outcomes.yml").data
    assert table == tuple((o["id"], o["margin"]["min"], o["margin"]["max"]) for o in data["outcomes"])
    assert [oid for oid, _, _ in table] == list(odds.OUTCOMES)


def _changed_copy(tmp_path):
    """outcomes.yml with Smashed It from +5 (Sorted to +4) and Legendary from +7."""
    copy = tmp_path / "outcomes.yml"
    text = (ROOT / "packs-src/rules/outcomes.yml").read_text()
    for old, new in (("margin: {min: 1, max: 3}", "margin: {min: 1, max: 4}"),
                     ("margin: {min: 4, max: 7}", "margin: {min: 5, max: 6}"),
                     ("margin: {min: 8, max: null}", "margin: {min: 7, max: null}")):
        assert old in text
        text = text.replace(old, new)
    copy.write_text(text)
    return copy


def test_changing_the_data_changes_the_engine(tmp_path):
    changed = odds.outcome_margins(_changed_copy(tmp_path))
    assert odds.outcome_for_margin(4) == "smashedIt" and odds.outcome_for_margin(4, changed) == "sorted"
    assert odds.outcome_for_margin(7) == "smashedIt" and odds.outcome_for_margin(7, changed) == "legendary"
    book = odds.outcome_chances(6, 8, 12)
    other = odds.outcome_chances(6, 8, 12, margins=changed)
    assert other["sorted"] > book["sorted"] and other["legendary"] > book["legendary"]
    assert sum(other.values(), Fraction(0)) == 1
    # the successes still add up to the success chance: only where the lines fall moved
    success = odds.success_chance(6, 8, 12)
    assert other["justAbout"] + other["sorted"] + other["smashedIt"] + other["legendary"] == success


def test_the_cli_reads_the_margins_of_its_root(project, tmp_path):
    shutil.copy(_changed_copy(tmp_path), project / "packs-src/rules/outcomes.yml")
    args = ("odds", "--effort", "6", "--stat", "8", "--tn", "12", "--json")
    book, changed = run_cli(*args), run_cli(*args, root=project)
    assert book.returncode == 0 and changed.returncode == 0, changed.stderr
    assert book.stdout != changed.stdout


def test_a_gap_in_the_margins_is_refused_where_it_is(tmp_path, project):
    copy = tmp_path / "outcomes.yml"
    copy.write_text((ROOT / "packs-src/rules/outcomes.yml").read_text().replace("margin: {min: 4, max: 7}",
                                                                                 "margin: {min: 5, max: 7}"))
    with pytest.raises(UserError) as info:
        odds.outcome_margins(copy)
    assert info.value.file == str(copy) and info.value.field == "outcomes.4.margin"
    assert "leave a gap or overlap at smashedIt" in str(info.value)
    edit(project, "rules/outcomes.yml", "margin: {min: 4, max: 7}", "margin: {min: 5, max: 7}")
    msg = failing_build(project)
    assert "rules/outcomes.yml:" in msg and "outcomes.4.margin" in msg and "'smashedIt': 5" in msg
