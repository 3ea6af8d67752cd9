"""Mistakes a GM makes in homebrew (found by trying the README as a new user): each is refused with a located
message before anything is written, or handled without losing data."""

from __future__ import annotations

import json
import subprocess

import pytest

from project import ROOT, tree_digest
from test_build import failing_build, run_cli, snapshot
from the_smoke.build import Options, build
from the_smoke.errors import UserError

WEAPON = ("key: {key}\nname: {name}\ndescription: {description}\nstat: mus\nimpact: 2\nrange: engaged\n"
          "magazine: null\nprice: 20\ntraits: []\ncategory: melee\n")


def homebrew_build(project, extra):
    before = snapshot(project)
    with pytest.raises(UserError) as info:
        build(Options(root=project, extra=extra, quiet=True, force=True))
    assert snapshot(project) == before
    return str(info.value)


@pytest.fixture()
def extra(tmp_path):
    d = tmp_path / "homebrew"
    d.mkdir()
    return d


def test_pack_type_must_hold_its_document_type(project, extra):
    (extra / "gadgets").mkdir()
    (extra / "gadgets" / "_pack.yml").write_text("label: Gadgets\ntype: Actor\ndocumentType: gear\n")
    msg = homebrew_build(project, extra)
    assert "homebrew/gadgets/_pack.yml:3" in msg and "'gear' is not an Actor type" in msg


def test_loaded_and_worn_only_where_they_mean_something(project):
    path = project / "packs-src/street-people/lea-boy.yml"
    path.write_text(path.read_text().replace("  - bike-chain", "  - item: bike-chain\n    loaded: 6\n    worn: true"))
    msg = failing_build(project)
    assert "kit.0.loaded: weapons/bike-chain (Bike Chain) has no magazine to load" in msg
    assert "kit.0.worn: only armour is worn" in msg


def test_subfolders_are_refused(project, extra):
    (extra / "weapons" / "melee").mkdir(parents=True)
    (extra / "weapons" / "melee" / "pool-cue.yml").write_text(WEAPON.format(key="pool-cue", name="Pool Cue",
                                                                             description="x"))
    assert "subfolders are not read" in homebrew_build(project, extra)


@pytest.mark.parametrize("folder", ["My Gadgets", "my.gadgets", "aux", "roll-tables"])
def test_pack_folder_names(project, extra, folder):
    (extra / folder).mkdir()
    (extra / folder / "_pack.yml").write_text("label: X\ntype: Item\ndocumentType: gear\n")
    msg = homebrew_build(project, extra)
    assert folder in msg and ("lower-case words" in msg or "reference compendium" in msg)


def test_enormous_numbers_are_refused(project, extra):
    (extra / "weapons").mkdir()
    (extra / "weapons" / "big.yml").write_text(
        WEAPON.format(key="big", name="Big", description="x").replace("impact: 2", "impact: 99999999999999999999"))
    assert "homebrew/weapons/big.yml:5: weapons/big (Big): impact: 99999999999999999999 is too large" in \
        homebrew_build(project, extra)


def test_version_must_be_quoted(project):
    path = project / "system.yml"
    path.write_text(path.read_text().replace("version: 0.1.0", "version: 1.10"))
    msg = failing_build(project)
    assert "system.yml:" in msg and 'version must be text: write it in quotes, version: "1.1"' in msg


def test_duplicate_folder_keys(project):
    path = project / "packs-src/weapons/_pack.yml"
    path.write_text(path.read_text() + "  - key: thrown\n    name: Thrown again\n")
    assert "folder key 'thrown' is declared twice" in failing_build(project)


def test_empty_file_and_missing_key_say_so(project, extra):
    (extra / "weapons").mkdir()
    (extra / "weapons" / "empty.yml").write_text("# nothing yet\n")
    assert "homebrew/weapons/empty.yml: weapons/empty: the file is empty" in homebrew_build(project, extra)
    (extra / "weapons" / "empty.yml").write_text("name: Nameless\n")
    assert "missing key: (the file name says it should be 'key: empty')" in homebrew_build(project, extra)


def test_kit_ref_quantity_message_points_at_the_quantity(project):
    path = project / "packs-src/backgrounds/boxer.yml"
    path.write_text(path.read_text().replace("  - fists", "  - item: fists\n    quantity: 0"))
    assert "kit.0.quantity: 0 is less than the minimum of 1" in failing_build(project)


def test_homebrew_key_clash_names_both_files(project, extra):
    (extra / "gear").mkdir()
    (extra / "gear" / "fists.yml").write_text("key: fists\nname: Fists\ndescription: x\nprice: 0\n")
    msg = homebrew_build(project, extra)
    assert "'fists' is ambiguous: weapons (" in msg and "homebrew/gear/fists.yml" in msg


def test_html_descriptions_are_sanitised(project, extra):
    (extra / "weapons").mkdir()
    (extra / "weapons" / "shiv.yml").write_text(WEAPON.format(
        key="shiv", name="Shiv", description="'<p onclick=\"x()\">Sharp<script>alert(1)</script></p>'"))
    build(Options(root=project, extra=extra, quiet=True, force=True))
    from project import extract
    shiv = next(d for d in extract(project, ["weapons"])["weapons"] if d["name"] == "Shiv")
    assert shiv["system"]["description"] == "<p>Sharp</p>"


def test_unpack_keeps_notes_and_refuses_to_copy_homebrew_into_the_book(project, extra, tmp_path):
    (extra / "weapons").mkdir()
    (extra / "weapons" / "pool-cue.yml").write_text(WEAPON.format(key="pool-cue", name="Pool Cue", description="x"))
    build(Options(root=project, extra=extra, quiet=True, force=True))
    from the_smoke.unpack import unpack
    with pytest.raises(UserError, match="built with homebrew"):
        unpack(project, project / "packs-src", quiet=True)
    build(Options(root=project, quiet=True, force=True))
    (project / "packs-src/weapons/NOTES.txt").write_text("keep me")
    before = tree_digest(project / "packs-src")
    unpack(project, project / "packs-src", quiet=True)
    assert tree_digest(project / "packs-src") == before
    with pytest.raises(UserError, match="made by the build"):
        unpack(project, tmp_path / "out", only=["rules"], quiet=True)


def test_dist_as_a_file_changes_nothing(project):
    import shutil
    shutil.rmtree(project / "dist")
    (project / "dist").write_text("oops")
    before = snapshot(project)
    before_packs = tree_digest(project / "packs")
    with pytest.raises(UserError, match="is a file"):
        build(Options(root=project, quiet=True, force=True))
    assert snapshot(project) == before and tree_digest(project / "packs") == before_packs


def test_missing_outputs_are_rebuilt(project):
    import shutil
    shutil.rmtree(project / "module/generated")
    result = build(Options(root=project, quiet=True))
    assert not result.up_to_date
    assert (project / "module/generated/rules.mjs").exists()


def test_fmt_formats_a_homebrew_folder_only(project, extra):
    (extra / "weapons").mkdir()
    f = extra / "weapons" / "pool-cue.yml"
    f.write_text(WEAPON.format(key="pool-cue", name="Pool Cue", description="x").replace("traits: []", "traits: []\n"))
    before = tree_digest(project / "packs-src")
    out = run_cli("fmt", str(extra), root=project)
    assert out.returncode == 0, out.stderr
    assert tree_digest(project / "packs-src") == before
    from the_smoke.unpack import canonical
    import yaml
    assert f.read_text() == canonical("weapon", yaml.safe_load(f.read_text()))


@pytest.mark.parametrize("args", [["--tn", "10000"], ["--tn", "12", "--bonus", "-5000"], ["--tn", "12", "--modifier", "999"]])
def test_odds_out_of_range_answers_at_once(args):
    out = run_cli("odds", "--stat", "8", *args)
    assert out.returncode == 2 and "out of range" in out.stderr


def test_odds_refuses_malformed_dice():
    out = run_cli("odds", "--effort", "dddd6", "--stat", "8", "--tn", "12")
    assert out.returncode == 2 and "is not a die" in out.stderr


def test_cli_on_a_missing_root():
    out = subprocess.run([str(ROOT / ".venv/bin/the-smoke"), "--root", "/nonexistent", "build"], capture_output=True,
                         text=True)
    assert out.returncode == 2 and "is not a The Smoke checkout" in out.stderr and "Traceback" not in out.stderr


def test_build_script_resolves_extra_from_the_callers_folder(tmp_path):
    hb = tmp_path / "campaign" / "my-homebrew"
    (hb / "weapons").mkdir(parents=True)
    (hb / "weapons" / "bad.yml").write_text("key: bad\nname: Bad\n")  # invalid: proves the folder was read
    out = subprocess.run([str(ROOT / "scripts/build.sh"), "--extra", "my-homebrew"], cwd=tmp_path / "campaign",
                         capture_output=True, text=True)
    assert out.returncode == 1
    assert "my-homebrew/weapons/bad.yml" in out.stderr and "homebrew folder not found" not in out.stderr
