"""The build end to end in a scratch project: bad input fails with a located message and leaves the previous
build untouched; good input is reproducible; homebrew overlays; packs hold exactly the catalogue."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
import yaml

from project import ROOT, extract, make_project, tree_digest
from the_smoke.build import Options, build
from the_smoke.errors import UserError

OUTPUTS = ("dist", "packs", "module/generated", "templates/generated", "icons/generated")

EXPECTED_COUNTS = {"perks": 42, "weapons": 45, "gear": 37, "ammunition": 12, "armour": 9, "outfits": 8, "drugs": 6,
                   "consumables": 12, "backgrounds": 10, "vehicle-abilities": 13, "vehicles": 29, "pregens": 4,
                   "street-people": 9}


def snapshot(root: Path) -> dict:
    out = {d: tree_digest(root / d) for d in OUTPUTS}
    sj = root / "system.json"
    out["system.json"] = sj.read_bytes() if sj.exists() else None
    return out


def failing_build(root: Path) -> str:
    """Run a build expected to fail; return its message after checking nothing was written."""
    before = snapshot(root)
    with pytest.raises(UserError) as info:
        build(Options(root=root, quiet=True, force=True))
    assert snapshot(root) == before, "a failed build changed the previous output"
    assert not list((root / "build").glob("stage.*")), "staging folder left behind"
    return str(info.value)


def edit(root: Path, rel: str, old: str, new: str) -> Path:
    path = root / "packs-src" / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


# -- bad input ---------------------------------------------------------------------------------------------

def test_malformed_yaml_names_file_and_line(project):
    path = edit(project, "weapons/cricket-bat.yml", "impact: 3", "impact: [3")
    msg = failing_build(project)
    assert "weapons/cricket-bat.yml:" in msg and "malformed YAML" in msg


def test_mistyped_field_names_file_line_entry_and_field(project):
    path = edit(project, "weapons/cricket-bat.yml", "impact: 3", "impcat: 3")
    msg = failing_build(project)
    line = line_of(path, "impcat")
    assert f"weapons/cricket-bat.yml:{line}: weapons/cricket-bat (Cricket Bat): impcat: unknown field 'impcat'; " \
           f"did you mean 'impact'?" in msg
    assert "'impact' is a required property" in msg


def test_wrong_type_names_the_field(project):
    path = edit(project, "vehicles/hackney-carriage.yml", "speed: 9", "speed: nine")
    msg = failing_build(project)
    assert f"vehicles/hackney-carriage.yml:{line_of(path, 'speed: nine')}: vehicles/hackney-carriage " \
           f"(Hackney Carriage): speed: 'nine' is not a whole number" in msg


def test_duplicate_mapping_key(project):
    path = edit(project, "armour/stab-vest.yml", "reduction: 2", "reduction: 2\nreduction: 3")
    msg = failing_build(project)
    assert f"armour/stab-vest.yml:{line_of(path, 'reduction: 3')}" in msg
    assert "duplicate key 'reduction'" in msg


def test_duplicate_document_key(project):
    shutil.copy(project / "packs-src/perks/parkour.yml", project / "packs-src/perks/parkour.yaml")
    msg = failing_build(project)
    assert "duplicate key 'parkour'" in msg and "perks/parkour.y" in msg


def test_key_must_match_file_name(project):
    edit(project, "perks/parkour.yml", "key: parkour", "key: leg-it")
    msg = failing_build(project)
    assert "perks/parkour.yml:1: perks/parkour" in msg and "does not match the file name" in msg


def test_dangling_background_reference(project):
    path = edit(project, "backgrounds/bike-thief.yml", "- bolt-cutters", "- bolt-cuters")
    msg = failing_build(project)
    assert f"backgrounds/bike-thief.yml:{line_of(path, 'bolt-cuters')}: backgrounds/bike-thief (Bike Thief): " \
           f"kit.1: no weapon or armour or ammo or gear or outfit or consumable or drug with key 'bolt-cuters'; " \
           f"did you mean 'bolt-cutters'?" in msg


def test_dangling_perk_and_ability(project):
    edit(project, "pregens/jaz-kaur.yml", "- getaway-driver", "- getaway-drivr")
    edit(project, "vehicles/grit-kid-bmx.yml", "- nimble", "- nimbel")
    msg = failing_build(project)
    assert "pregens/jaz-kaur (Jaz Kaur): perks.0: no perk with key 'getaway-drivr'" in msg
    assert "vehicles/grit-kid-bmx (Grit Kid BMX): abilities.0: no vehicleAbility with key 'nimbel'" in msg


def test_unknown_ammunition_type(project):
    path = edit(project, "weapons/pocket-22.yml", "ammoType: '.22'", "ammoType: '.23'")
    msg = failing_build(project)
    assert f"weapons/pocket-22.yml:{line_of(path, '.23')}: weapons/pocket-22 (Pocket .22): magazine.ammoType: " \
           f"no ammunition of type '.23'" in msg


def test_vehicle_guard_must_be_six_plus_twice_size(project):
    path = edit(project, "vehicles/tranzit-white-van.yml", "guard: 12", "guard: 11")
    msg = failing_build(project)
    assert f"vehicles/tranzit-white-van.yml:{line_of(path, 'guard: 11')}" in msg
    assert "Guard 11 but 6 + 2 × Size 3 = 12" in msg


def test_pregen_dice_distribution(project):
    edit(project, "pregens/femi-adebayo.yml", "mus: 4", "mus: 6")
    msg = failing_build(project)
    assert "pregens/femi-adebayo (Femi Adebayo): stats: stats use 4 d4, 4 d6, 1 d8; a character uses " \
           "5 d4, 3 d6, 1 d8" in msg


def test_corrupted_tn_cell_is_named(project):
    path = project / "packs-src/rules/tn-tables.yml"
    text = path.read_text()
    old = "{stat: 8, easy: 10, medium: 14, hard: 17, longShot: 23}"  # Effort d10, stat d8
    assert old in text
    new = old.replace("medium: 14", "medium: 15")
    path.write_text(text.replace(old, new))
    msg = failing_build(project)
    assert f"rules/tn-tables.yml:{line_of(path, new)}: rules/tn-tables: tables.3.rows.2.medium:" in msg
    assert "Effort d10, stat d8, medium: printed TN 15 but the odds engine picks 14" in msg


def test_missing_condition(project):
    (project / "packs-src/conditions/numbed.yml").unlink()
    assert "missing Conditions: numbed" in failing_build(project)


def test_a_bare_region_behavior_type_is_refused_with_its_line(project):
    """v13 takes a system's sub-type keys as written (dnd5e 5.3.3 system.json: "dnd5e.difficultTerrain"), so a bare
    `exit:` would name a type the code never registers (issue 23 B1): the build refuses it, naming the line."""
    meta = project / "system.yml"
    text = meta.read_text(encoding="utf-8")
    meta.write_text(text.replace("    the-smoke.exit: {}", "    exit: {}", 1), encoding="utf-8")
    msg = failing_build(project)
    assert "system.yml" in msg and f":{line_of(meta, '    exit: {}')}" in msg
    assert "'exit' must be written the-smoke.<type> (e.g. the-smoke.exit)" in msg


def test_every_error_is_reported_not_just_the_first(project):
    edit(project, "weapons/cricket-bat.yml", "impact: 3", "impact: -3")
    edit(project, "armour/stab-vest.yml", "guard: 1", "guard: one")
    msg = failing_build(project)
    assert "cricket-bat" in msg and "stab-vest" in msg


# -- good builds -------------------------------------------------------------------------------------------

def test_packs_hold_exactly_the_catalogue(built_project):
    packs = extract(built_project)
    docs = {name: [d for d in ds if not d["_key"].startswith("!folders!")] for name, ds in packs.items()}
    assert {k: len(v) for k, v in docs.items() if k in EXPECTED_COUNTS} == EXPECTED_COUNTS
    assert sum(EXPECTED_COUNTS[p] for p in ("perks", "weapons", "gear", "ammunition", "armour", "outfits", "drugs",
                                             "consumables")) == 171
    # the extracted values are the catalogue's (a sample of every kind; test_book_* check the YAML against the book)
    bat = next(d for d in docs["weapons"] if d["name"] == "Cricket Bat")
    assert (bat["system"]["impact"], bat["system"]["range"], bat["system"]["price"], bat["system"]["traits"]) == \
           (3, "engaged", 25, ["twoHanded"])
    sal = next(d for d in docs["pregens"] if d["name"] == "Big Sal Moretti")
    assert sal["system"]["health"] == {"value": 14, "bonus": 3}
    assert sal["system"]["reconciliation"] == [{"field": "health.max", "printed": 14, "rule": 11,
                                                "source": "Four pregenerated characters"}]
    assert [i["name"] for i in sal["items"]] == ["Brawler", "Fists", "Cricket Bat", "Puffer Jacket", "Burner Phone",
                                                 "Football Shirt", "Cans of Lager"]
    assert next(i for i in sal["items"] if i["name"] == "Puffer Jacket")["system"]["worn"] is True
    van = next(d for d in docs["vehicles"] if d["name"] == "Tranzit White Van")
    assert (van["system"]["body"], van["system"]["size"], van["system"]["seats"]) == \
           ({"value": 18, "max": 18}, 3, {"crew": 1, "passengers": 4})
    assert len(docs["rules"]) >= 20
    conditions = next(d for d in docs["rules"] if d["name"] == "Conditions")
    assert len(conditions["pages"]) == 31
    table = docs["roll-tables"][0]
    assert table["formula"] == "1d20" and len(table["results"]) == 20
    for name, ds in docs.items():
        for d in ds:
            assert re.fullmatch(r"[A-Za-z0-9]{16}", d["_id"]), (name, d["_id"])


def test_system_json(built_project):
    manifest = json.loads((built_project / "system.json").read_text())
    assert manifest["id"] == "the-smoke"
    assert manifest["compatibility"]["minimum"] == "13.341"  # a stable v13 build (issue 11, F16)
    assert set(manifest["documentTypes"]["Actor"]) == {"character", "npc", "vehicle"}
    assert len(manifest["documentTypes"]["Item"]) == 10
    # system.yml's documentTypes, as v13 reads a system's (verbatim): the region behaviours are the exact names the
    # code registers in CONFIG.RegionBehavior.dataModels (issue 23 B1; dnd5e 5.3.3 system.json declares
    # "dnd5e.difficultTerrain"), the mission page type a bare name (dnd5e's "class", "map", "rule", "spells")
    assert set(manifest["documentTypes"]["RegionBehavior"]) == {"the-smoke.exit", "the-smoke.indoors", "the-smoke.place"}
    assert manifest["documentTypes"]["JournalEntryPage"] == {"mission": {"htmlFields": ["briefing"]}}
    assert {p["name"] for p in manifest["packs"]} == set(EXPECTED_COUNTS) | {"rules", "roll-tables", "missions", "gm-guide"}
    assert {p["name"]: p["ownership"]["PLAYER"] for p in manifest["packs"]}["street-people"] == "NONE"
    placed = [n for f in manifest["packFolders"] for n in f["packs"]]
    assert sorted(placed) == sorted(p["name"] for p in manifest["packs"])
    assert manifest["grid"] == {"type": 1, "distance": 1, "units": "sq", "diagonals": 0}
    assert json.loads((built_project / "dist/system.json").read_text()) == manifest


def test_zip_is_an_installable_system(built_project):
    with zipfile.ZipFile(built_project / "dist/the-smoke-0.1.0.zip") as zf:
        names = set(zf.namelist())
        manifest = json.loads(zf.read("system.json"))
        bundle = zf.read("the-smoke-compiled.mjs").decode()
    # module/ ships as one bundle (tools/bundle.mjs) with its map; no hand-written module/ file is left to import
    assert manifest["esmodules"] == ["the-smoke-compiled.mjs"] and "the-smoke-compiled.mjs.map" in names
    assert not [n for n in names if n.startswith("module/") and not n.startswith("module/generated/")]
    assert bundle.rstrip().endswith("//# sourceMappingURL=the-smoke-compiled.mjs.map")
    assert '"documents/core/requests.mjs": ' in bundle and '"the-smoke.mjs": ' in bundle  # the `modules` export
    assert '"quench/index.mjs"' not in bundle  # the in-world tests stay lazy: never in the registry
    assert "templates/generated/stat-dice.hbs" in names and "lang/en.json" in names
    for pack in manifest["packs"]:
        assert f"{pack['path']}/CURRENT" in names
    assert not any(n.endswith(("/LOG", "/LOCK")) for n in names)
    assert not any("__pycache__" in n for n in names)


def test_same_input_gives_byte_identical_output(tmp_path, built_project):
    other = make_project(tmp_path / "again")
    build(Options(root=other, quiet=True))
    for rel in ("system.json", "dist/system.json", "dist/the-smoke-0.1.0.zip", "the-smoke-compiled.mjs",
                "the-smoke-compiled.mjs.map"):
        assert (other / rel).read_bytes() == (built_project / rel).read_bytes(), rel
    for d in ("module/generated", "templates/generated", "icons/generated"):
        assert tree_digest(other / d) == tree_digest(built_project / d), d
    assert extract(other) == extract(built_project)


def test_noop_rebuild_is_detected(project, capsys):
    result = build(Options(root=project))
    assert result.up_to_date
    assert "up to date" in capsys.readouterr().out


def test_a_no_op_rebuild_reads_no_unchanged_file_but_sees_any_change(project, monkeypatch):
    """The fingerprint keeps each file's digest with its size and modification time (as git's index): an unchanged
    tree is stat-ed, not read; an edit of the same size made right after the stamp is still seen (hashed again)."""
    import builtins
    import os

    first = build(Options(root=project, quiet=True, force=True))
    assert not first.up_to_date
    stamp = json.loads((project / "build" / "stamp.json").read_text())
    files = json.loads((project / "build" / "inputs.json").read_text())
    old = stamp["read_at_ns"] - 10 * 10**9  # every file older than the stamp's racy window
    for rel in files:
        path = project / rel
        if path.exists() and not path.is_symlink() and not any(p.is_symlink() for p in path.parents):
            os.utime(path, ns=(old, old))
    (project / "build" / "inputs.json").write_text(json.dumps({k: [v[0], old, v[2]] for k, v in files.items()}))
    opened = []
    real_open = builtins.open
    def spy(f, *a, **k):
        opened.append(str(f))
        return real_open(f, *a, **k)

    import io

    monkeypatch.setattr(builtins, "open", spy)
    monkeypatch.setattr(io, "open", spy)
    assert build(Options(root=project, quiet=True)).up_to_date
    assert not [f for f in opened if f.endswith(".yml") and "packs-src" in f]
    monkeypatch.undo()
    brick = project / "packs-src" / "weapons" / "brick.yml"
    text = brick.read_text(encoding="utf-8")
    brick.write_text(text.replace("Brick", "Brock", 1), encoding="utf-8")  # same size, just now
    assert not build(Options(root=project, quiet=True)).up_to_date


def test_a_settled_no_op_reads_neither_the_inputs_nor_the_digest_table_and_still_sees_a_change(project, monkeypatch):
    """Once every input is older than the last stamp's racy window, a no-op compares one key over the files' paths,
    sizes and modification times (issue 26: a no-op at 100x the catalogue < 0.3 s): no input and not the digest
    table (build/inputs.json) is opened. A removed file, a touched one and an edited one are each still seen."""
    import builtins
    import io
    import os
    import time

    build(Options(root=project, quiet=True, force=True))
    stamp_path, table_path = project / "build" / "stamp.json", project / "build" / "inputs.json"
    time.sleep(0.01)
    stamp = json.loads(stamp_path.read_text())
    stamp["read_at_ns"] = time.time_ns() + 10 * 10**9  # as if built long after every input was written
    stamp_path.write_text(json.dumps(stamp))
    assert build(Options(root=project, quiet=True)).up_to_date  # hashes once more, then re-stamps with its key
    opened: list[str] = []
    real_open = builtins.open

    def spy(f, *a, **k):
        opened.append(str(f))
        return real_open(f, *a, **k)

    monkeypatch.setattr(builtins, "open", spy)
    monkeypatch.setattr(io, "open", spy)
    stamp = json.loads(stamp_path.read_text())
    stamp["read_at_ns"] = time.time_ns() + 10 * 10**9
    stamp_path.write_text(json.dumps(stamp))
    opened.clear()
    assert build(Options(root=project, quiet=True)).up_to_date
    assert not [f for f in opened if "packs-src" in f or f == str(table_path)], opened
    monkeypatch.undo()
    brick = project / "packs-src" / "weapons" / "brick.yml"
    os.utime(brick)  # touched, bytes unchanged: hashed again, still up to date
    assert build(Options(root=project, quiet=True)).up_to_date
    brick.write_text(brick.read_text(encoding="utf-8").replace("Brick", "Brock", 1), encoding="utf-8")
    assert not build(Options(root=project, quiet=True)).up_to_date
    extra = project / "styles" / "new.css"  # a file more: the listing's key changes
    extra.write_text("/* new */\n", encoding="utf-8")
    assert not build(Options(root=project, quiet=True)).up_to_date
    extra.unlink()  # and a file less
    assert not build(Options(root=project, quiet=True)).up_to_date


def test_unpack_of_pack_is_the_source(built_project, tmp_path):
    from the_smoke.unpack import unpack

    out = tmp_path / "unpacked"
    counts = unpack(built_project, out, quiet=True)
    assert {k: v for k, v in counts.items()} == EXPECTED_COUNTS
    src = built_project / "packs-src"
    for pack in EXPECTED_COUNTS:
        assert tree_digest(out / pack) == tree_digest(src / pack), pack


def test_renaming_an_entry_keeps_its_id(project):
    edit(project, "weapons/cricket-bat.yml", "name: Cricket Bat", "name: Cricket Bat (Willow)")
    build(Options(root=project, quiet=True, force=True))
    docs = extract(project, ["weapons"])["weapons"]
    renamed = next(d for d in docs if d["name"] == "Cricket Bat (Willow)")
    from the_smoke.ids import document_id
    assert renamed["_id"] == document_id("weapons", "cricket-bat")


def test_homebrew_overlay_adds_and_replaces(project, tmp_path):
    extra = tmp_path / "homebrew"
    (extra / "weapons").mkdir(parents=True)
    (extra / "weapons" / "pool-cue.yml").write_text(
        "key: pool-cue\nname: Pool Cue\ndescription: Chalked.\nstat: mus\nimpact: 2\nrange: engaged\nmagazine: null\n"
        "price: 20\ntraits:\n  - twoHanded\ncategory: melee\n")
    (extra / "weapons" / "brick.yml").write_text(
        (project / "packs-src/weapons/brick.yml").read_text().replace("impact: 2", "impact: 3"))
    (extra / "gadgets").mkdir()
    (extra / "gadgets" / "_pack.yml").write_text("label: Gadgets\ntype: Item\ndocumentType: gear\n")
    (extra / "gadgets" / "lock-bumper.yml").write_text(
        "key: lock-bumper\nname: Lock Bumper\ndescription: Opens a cheap door.\nprice: 30\n"
        "lockEasing:\n  targets:\n    - door\n  bands: 1\n")
    build(Options(root=project, extra=extra, quiet=True, force=True))
    packs = extract(project, ["weapons", "gadgets"])
    weapons = {d["name"]: d for d in packs["weapons"]}
    assert "Pool Cue" in weapons and weapons["Brick"]["system"]["impact"] == 3
    assert len([d for d in packs["weapons"] if not d["_key"].startswith("!folders!")]) == 46
    manifest = json.loads((project / "system.json").read_text())
    assert ["gadgets"] in [f["packs"] for f in manifest["packFolders"] if f["name"] == "Homebrew"]


def test_homebrew_errors_name_the_homebrew_file(project, tmp_path):
    extra = tmp_path / "homebrew"
    (extra / "weapons").mkdir(parents=True)
    (extra / "weapons" / "spud-gun.yml").write_text(
        "key: spud-gun\nname: Spud Gun\ndescription: Potatoes.\nstat: aim\nimpact: 1\nrange: near\n"
        "magazine:\n  size: 1\n  ammoType: potato\nprice: 12\ntraits: []\ncategory: handgun\n")
    before = snapshot(project)
    with pytest.raises(UserError) as info:
        build(Options(root=project, extra=extra, quiet=True, force=True))
    assert snapshot(project) == before
    assert "homebrew/weapons/spud-gun.yml:9: weapons/spud-gun (Spud Gun): magazine.ammoType: no ammunition of " \
           "type 'potato'" in str(info.value)


# -- the command line --------------------------------------------------------------------------------------

def run_cli(*args: str, root: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([str(ROOT / ".venv/bin/the-smoke"), "--root", str(root), *args], capture_output=True,
                          text=True)


def test_cli_odds_json():
    out = run_cli("odds", "--effort", "6", "--stat", "8", "--tn", "12", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert abs(data["success"] - 7 / 12) < 1e-12
    assert list(data["outcomes"]) == ["properMess", "badLuck", "justAbout", "sorted", "smashedIt", "legendary"]
    assert abs(sum(data["outcomes"].values()) - 1) < 1e-12


def test_cli_tn_table_json_matches_the_book():
    out = run_cli("tn-table", "--effort", "8", "--json")
    assert out.returncode == 0, out.stderr
    table = json.loads(out.stdout)
    # "Effort or Performance d8" as printed
    assert table["4"] == {"easy": 7, "medium": 9, "hard": 11, "longShot": 17}
    assert table["20"] == {"easy": 18, "medium": 24, "hard": 29, "longShot": 35}


def test_cli_validate_reports_reconciliation():
    out = run_cli("validate")
    assert out.returncode == 0, out.stderr
    assert "(Big Sal Moretti): printed Health 14, rule 8 + Grit d6 modifier +3 = 11; kept the printed 14" in out.stdout


def test_cli_bad_input_exits_non_zero(project):
    edit(project, "weapons/cricket-bat.yml", "impact: 3", "impcat: 3")
    out = run_cli("build", "--force", root=project)
    assert out.returncode == 1
    assert "unknown field 'impcat'" in out.stderr and "previous build and dist/ are unchanged" in out.stderr


@pytest.mark.parametrize("command", ["build", "validate", "unpack", "fmt", "preview", "odds", "tn-table"])
def test_every_subcommand_has_help(command):
    out = run_cli(command, "--help")
    assert out.returncode == 0 and "usage: the-smoke" in out.stdout


def test_odds_engine_constants_follow_the_rules_tables(project):
    path = project / "packs-src/rules/outcomes.yml"
    path.write_text(path.read_text().replace("margin: {min: 4, max: 7}", "margin: {min: 5, max: 7}"))
    msg = failing_build(project)
    assert "rules/outcomes.yml:" in msg and "outcome margins" in msg and "'smashedIt': 5" in msg
