"""Broken input the catalogue used to accept, crash on, or spend minutes and gigabytes on (issue 11, part C): each is
refused with ``file:line: entry: field: message`` in seconds, with ``dist/``, ``packs/`` and the generated files as
the previous build left them (``failing_build`` / ``homebrew_build`` check that)."""

from __future__ import annotations

import os
import resource
import socket
import time

import pytest

from project import tree_digest
from test_build import edit, failing_build, run_cli, snapshot
from test_homebrew_mistakes import WEAPON, homebrew_build
from the_smoke import build as build_module
from the_smoke.build import Options, build
from the_smoke.errors import UserError


@pytest.fixture()
def extra(tmp_path):
    d = tmp_path / "homebrew"
    d.mkdir()
    return d


def weapon(extra, key="pool-cue", text=None):
    (extra / "weapons").mkdir(exist_ok=True)
    path = extra / "weapons" / f"{key}.yml"
    path.write_text(text if text is not None else WEAPON.format(key=key, name="Pool Cue", description="x"))
    return path


# -- rules tables that name catalogue entries -------------------------------------------------------------------

def test_creation_extra_items_must_exist(project):
    edit(project, "rules/creation.yml", "oyster-card, duct-tape", "oyster-card, duct-tap")
    assert ("packs-src/rules/creation.yml:12: rules/creation: extraItems.items.9: no weapon or armour or ammo or gear "
            "or outfit or consumable or drug with key 'duct-tap'; did you mean 'duct-tape'?") in failing_build(project)


def test_creation_starting_items_must_exist(project):
    edit(project, "rules/creation.yml", "startingItems: [fists]", "startingItems: [fist]")
    assert ("packs-src/rules/creation.yml:13: rules/creation: startingItems.0: no weapon or armour or ammo or gear or "
            "outfit or consumable or drug with key 'fist'; did you mean 'fists'?") in failing_build(project)


def test_money_discount_perk_must_exist(project):
    edit(project, "rules/money.yml", "perk: wide-boy", "perk: wide-by")
    assert ("packs-src/rules/money.yml:22: rules/money: discounts.2.perk: no perk with key 'wide-by'; "
            "did you mean 'wide-boy'?") in failing_build(project)


def test_a_tool_must_name_a_gm_check_and_its_stats(project):
    """A tool's ``checkTool`` names one of the 32 GM checks and only stats that check is rolled with (the GM Screen
    eases that check for a character carrying it)."""
    edit(project, "weapons/crowbar.yml", "check: break-down-a-door", "check: break-down-the-door")
    assert ("packs-src/weapons/crowbar.yml:13: weapons/crowbar (Crowbar): checkTool.check: no GM check with key "
            "'break-down-the-door' in rules/gm-checks.yml; did you mean 'break-down-a-door'?") in failing_build(project)
    edit(project, "weapons/crowbar.yml", "check: break-down-the-door", "check: break-down-a-door\n  stats: [aim]")
    assert ("packs-src/weapons/crowbar.yml:14: weapons/crowbar (Crowbar): checkTool.stats.0: Break Down a Door is not "
            "rolled with aim (mus, grf)") in failing_build(project)


def test_a_gear_item_makes_only_catalogue_items(project):
    edit(project, "gear/jerry-can.yml", "item: weapons/petrol-bomb", "item: weapons/petrol-bom")
    assert ("packs-src/gear/jerry-can.yml:7: gear/jerry-can (Jerry Can): makes.item: no 'petrol-bom' in pack "
            "'weapons'") in failing_build(project)


def test_duplicate_stat_rows_nine_muscle_buttons(project):
    edit(project, "rules/stats.yml", "  - key: grt\n    name: Grit", "  - key: mus\n    name: Grit")
    msg = failing_build(project)
    assert ("packs-src/rules/stats.yml:8: rules/stats: stats.1.key: key 'mus' appears twice (first at line 4); "
            "each row needs its own") in msg
    assert "packs-src/rules/stats.yml:3: rules/stats: stats: missing stat(s): grt" in msg


def test_duplicate_rep_levels(project):
    edit(project, "rules/rep.yml", "{level: 3, title: Lookout", "{level: 2, title: Lookout")
    assert ("packs-src/rules/rep.yml:15: rules/rep: levels.2.level: level 2 appears twice (first at line 14); "
            "each row needs its own") in failing_build(project)


# The bounds below (< 5 s) are on the work a refusal takes, not benchmarks: CPU time of this process
# (time.process_time; these builds run in it), so a machine busy with the browser tests beside them does not count.

# -- numbers ----------------------------------------------------------------------------------------------------

def test_an_integer_of_thousands_of_digits(project, extra):
    weapon(extra, text=WEAPON.format(key="pool-cue", name="Pool Cue", description="x")
           .replace("impact: 2", "impact: " + "9" * 5000))
    t0 = time.process_time()
    msg = homebrew_build(project, extra)
    assert msg == ("homebrew/weapons/pool-cue.yml:5: weapons/pool-cue: impact: 99999999999999999999… "
                   "(5000 characters) is too large (numbers stay within ±1,000,000)") or \
        msg.endswith("weapons/pool-cue.yml:5: weapons/pool-cue: impact: 99999999999999999999… (5000 characters) is "
                     "too large (numbers stay within ±1,000,000)")
    assert "Traceback" not in msg and time.process_time() - t0 < 5


def test_target_chance_zero(project):
    edit(project, "rules/difficulty.yml", "targetChance: 85", "targetChance: 0")
    assert "packs-src/rules/difficulty.yml:8: rules/difficulty: bands.0.targetChance: 0 is less than the minimum of 1" \
        in failing_build(project)


# -- size ---------------------------------------------------------------------------------------------------------

def _peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_a_50_mb_file_of_unknown_fields_is_refused_at_once(project, extra):
    path = weapon(extra)
    with path.open("a") as f:
        block = "".join(f"unknownField{i:08d}: 1\n" for i in range(100_000))
        while f.tell() < 50 * 1024 * 1024:
            f.write(block)
    rss0, t0 = _peak_rss_mib(), time.process_time()
    msg = homebrew_build(project, extra)
    assert msg.endswith("homebrew/weapons/pool-cue.yml: weapons/pool-cue: the file is 51,563 KB; a catalogue file is "
                        "at most 256 KB (the book's largest is 6 KB): is this the right file?")
    assert time.process_time() - t0 < 5
    assert _peak_rss_mib() - rss0 < 100


def test_a_list_of_millions_of_items_is_refused(project, extra):
    # 250 KB of a flow list: under the size cap, but more values than any entry has
    weapon(extra, text=WEAPON.format(key="pool-cue", name="Pool Cue", description="x")
           .replace("traits: []", "traits: [" + "loud," * 50_000 + "loud]"))
    t0 = time.process_time()
    msg = homebrew_build(project, extra)
    assert msg.endswith("homebrew/weapons/pool-cue.yml:9: weapons/pool-cue: more than 10,000 values in one file: a "
                        "catalogue entry is far smaller (split it, or check that this is the right file)")
    assert time.process_time() - t0 < 5


def test_errors_reported_per_entry_are_capped(project, extra):
    path = weapon(extra)
    with path.open("a") as f:
        f.write("".join(f"unknownField{i:04d}: 1\n" for i in range(5000)))
    t0 = time.process_time()
    msg = homebrew_build(project, extra)
    lines = [line for line in msg.splitlines() if "weapons/pool-cue" in line]
    assert len(lines) == 21
    assert lines[0].endswith("homebrew/weapons/pool-cue.yml:11: weapons/pool-cue (Pool Cue): unknownField0000: "
                             "unknown field 'unknownField0000'; allowed: key, name, folder, img, description, stat, "
                             "impact, range, magazine, price, traits, category, bleedOn, onHit, areaEngaged, jamsOn, "
                             "breaksOn, fillsArea, missSetsFire, offYourGameWith, checkTool")
    assert lines[-1].endswith("homebrew/weapons/pool-cue.yml:1: weapons/pool-cue (Pool Cue): more than 20 problems in "
                              "this entry; fix these first (the rest are not listed)")
    assert time.process_time() - t0 < 5


# -- Conditions ----------------------------------------------------------------------------------------------------

def test_comedown_cycle(project):
    edit(project, "conditions/wrungOut.yml", "group: comedown", "group: comedown\ncomedown: lovedUp")
    msg = failing_build(project)
    assert ("packs-src/conditions/lovedUp.yml:10: conditions/lovedUp (Loved Up): comedown: comedown chain goes round "
            "in a circle: lovedUp → wrungOut → lovedUp; it must end at a Condition without a comedown") in msg


def test_becomes_itself(project):
    edit(project, "conditions/bruised.yml", "condition: hurt", "condition: bruised")
    assert ("packs-src/conditions/bruised.yml:8: conditions/bruised (Bruised): becomes.condition: becomes 'bruised' "
            "is the Condition itself; it must end at a Condition without a becomes") in failing_build(project)


# -- images --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("img, why", [
    ("../../etc/passwd", "must start with systems/the-smoke/ (an image shipped with the system) or icons/ (Foundry's "
                         "core icons)"),
    ("javascript:alert(1)", "must start with systems/the-smoke/ (an image shipped with the system) or icons/ "
                            "(Foundry's core icons)"),
    ("icons/../../etc/passwd", "must not contain empty, . or .. segments (it would point outside the folder)"),
    ("systems/the-smoke/icons/a b.svg", "must not contain ' '"),
])
def test_img_outside_the_system_or_core_icons(project, extra, img, why):
    weapon(extra, text=WEAPON.format(key="pool-cue", name="Pool Cue", description="x") + f"img: '{img}'\n")
    assert f"homebrew/weapons/pool-cue.yml:11: weapons/pool-cue (Pool Cue): img: image path {img!r} {why}" in \
        homebrew_build(project, extra)


def test_img_in_core_icons_and_the_system_builds(project, extra):
    weapon(extra, text=WEAPON.format(key="pool-cue", name="Pool Cue", description="x") + "img: icons/svg/sword.svg\n")
    weapon(extra, "cue-two", WEAPON.format(key="cue-two", name="Cue Two", description="x")
           + "img: systems/the-smoke/icons/cue.webp\n")
    build(Options(root=project, extra=extra, quiet=True, force=True))


# -- YAML 1.1 surprises -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("old, new, message", [
    ("impact: 2", "impact: 0x10", "impact: YAML 1.1 reads 0x10 as the number 16: write the number in plain digits "
                                  "(16), or quote it (\"0x10\") if it is text"),
    ("price: 20", "price: 1:30", "price: YAML 1.1 reads 1:30 as the base-60 number 90: write the number in plain "
                                 "digits (90), or quote it (\"1:30\") if it is text"),
    ("price: 20", "price: 020", "price: YAML 1.1 reads 020 (a leading 0) as the octal number 16: write the number in "
                                "plain digits (16), or quote it (\"020\") if it is text"),
    ("key: pool-cue", "key: on", "key: YAML 1.1 reads on as true: quote it (\"on\") if it is text, or write true"),
    ("name: Pool Cue", "name: no", "name: YAML 1.1 reads no as false: quote it (\"no\") if it is text, or write false"),
    ("description: x", "description: 2024-01-01", "description: YAML reads 2024-01-01 as a date: quote it "
                                                  "(\"2024-01-01\")"),
])
def test_yaml_1_1_surprises(project, extra, old, new, message):
    text = WEAPON.format(key="pool-cue", name="Pool Cue", description="x")
    line = text[:text.index(old)].count("\n") + 1
    weapon(extra, text=text.replace(old, new))
    assert homebrew_build(project, extra).endswith(f"homebrew/weapons/pool-cue.yml:{line}: weapons/pool-cue: {message}")


def test_quoted_yaml_1_1_words_are_text(project, extra):
    weapon(extra, text=WEAPON.format(key="pool-cue", name="'on'", description="'1:30'"))
    build(Options(root=project, extra=extra, quiet=True, force=True))


def test_control_character_is_reported_with_its_line(project, extra):
    weapon(extra, text=WEAPON.format(key="pool-cue", name="Pool Cue", description="a bell \x07 here"))
    assert homebrew_build(project, extra).endswith(
        "homebrew/weapons/pool-cue.yml:3: weapons/pool-cue: control character U+0007 at column 21 is not allowed in "
        "YAML: delete it (an editor may show it as a box, or not at all)")


# -- symbolic links ------------------------------------------------------------------------------------------------

def test_fmt_and_build_do_not_follow_a_link_out_of_the_homebrew(project, extra, tmp_path):
    outside = tmp_path / "outside.yml"
    original = WEAPON.format(key="pool-cue", name="Pool Cue", description="x").replace("traits: []", "traits: [ ]")
    outside.write_text(original)
    (extra / "weapons").mkdir()
    (extra / "weapons" / "pool-cue.yml").symlink_to(outside)
    want = (f"homebrew/weapons/pool-cue.yml: is a symbolic link to {outside}, outside {extra}: the build and fmt "
            f"read only files inside the folder (copy the file in instead of linking it)")
    assert homebrew_build(project, extra).endswith(want)
    out = run_cli("fmt", str(extra), root=project)
    assert out.returncode == 1 and want in out.stderr and "Traceback" not in out.stderr
    assert outside.read_text() == original


def test_a_linked_pack_folder_out_of_the_homebrew_is_refused(project, extra, tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (extra / "weapons").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    assert "homebrew/weapons: is a symbolic link to" in homebrew_build(project, extra)


# -- the install step -------------------------------------------------------------------------------------------

def _outputs(project):
    return snapshot(project), tree_digest(project / "packs"), sorted(p.name for p in (project / "build").glob("old.*"))


def test_a_folder_where_the_zip_goes_changes_nothing(project):
    zip_path = next((project / "dist").glob("the-smoke-*.zip"))
    zip_path.unlink()
    zip_path.mkdir()
    before = _outputs(project)
    with pytest.raises(UserError) as info:
        build(Options(root=project, quiet=True, force=True))
    assert str(info.value) == (f"{zip_path} is a folder where the build writes a file: move it away and build again")
    assert _outputs(project) == before and before[2] == []


@pytest.mark.parametrize("fail_at", [1, 4, 6, 9])
def test_install_is_all_or_nothing_when_a_move_fails(project, monkeypatch, fail_at):
    # edit the catalogue so that the new build differs from the installed one
    edit(project, "weapons/brick.yml", "name: Brick", "name: Half a Brick")
    before = _outputs(project)
    real, calls = os.replace, []

    def flaky(src, dst):
        calls.append(dst)
        if len(calls) == fail_at:
            raise PermissionError(13, "Permission denied", str(dst))
        return real(src, dst)

    monkeypatch.setattr(build_module.os, "replace", flaky)
    with pytest.raises(UserError) as info:
        build(Options(root=project, quiet=True, force=True))
    assert str(info.value) == (f"installing the build failed at {calls[fail_at - 1]} (Permission denied); every "
                               f"output was put back as it was")
    assert _outputs(project) == before
    assert not list((project / "build").glob("stage.*"))


def test_the_cli_says_what_failed_at_install(project):
    zip_path = next((project / "dist").glob("the-smoke-*.zip"))
    zip_path.unlink()
    zip_path.mkdir()
    out = run_cli("build", "--force", root=project)
    assert out.returncode == 1 and "is a folder where the build writes a file" in out.stderr
    assert "Traceback" not in out.stderr


# -- A12: a pregen above Rep 1 ------------------------------------------------------------------------------------

def test_pregen_above_rep_1_gets_its_reps_xp_threshold(project):
    """The Rep ladder: Rep 3 (Lookout) is reached at 13 XP, Rep 5 (Face) at 35."""
    from project import extract
    edit(project, "pregens/jaz-kaur.yml", "rep: 1", "rep: 3")
    edit(project, "pregens/femi-adebayo.yml", "rep: 1", "rep: 5")
    build(Options(root=project, quiet=True, force=True))
    docs = {d["name"]: d["system"]["rep"] for d in extract(project, ["pregens"])["pregens"]}
    assert docs["Jaz Kaur"] == {"level": 3, "xp": 13}
    assert docs["Femi Adebayo"] == {"level": 5, "xp": 35}
    assert docs["Big Sal Moretti"] == {"level": 1, "xp": 0}


# -- B7: preview frees its port --------------------------------------------------------------------------------

@pytest.fixture()
def preview_root(built_project):
    """The built scratch project with the stand-in server (tests/harness) linked in."""
    from project import ROOT
    if not (built_project / "tests").exists():
        (built_project / "tests").symlink_to(ROOT / "tests", target_is_directory=True)
    return built_project


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _port_free(port: int) -> bool:
    """Nothing listens on the port (bound as node binds, so closed connections in TIME_WAIT do not count)."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _start_preview(root, port):
    import subprocess
    from project import ROOT
    proc = subprocess.Popen([str(ROOT / ".venv/bin/the-smoke"), "--root", str(root), "preview", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    for line in proc.stdout:
        lines.append(line)
        if line.startswith("Ctrl+C stops it."):
            break
    assert lines and lines[0].startswith(f"The Smoke in the stand-in client (not Foundry): http://127.0.0.1:{port}"), \
        (lines, proc.stderr.read() if proc.poll() is not None else "")
    return proc


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGINT"])
def test_preview_frees_its_port_when_stopped(preview_root, sig):
    import signal
    port = _free_port()
    proc = _start_preview(preview_root, port)
    assert not _port_free(port)
    proc.send_signal(getattr(signal, sig))
    out, err = proc.communicate(timeout=15)
    assert proc.returncode == 0, err
    assert "preview stopped; the port is free" in out and "Traceback" not in err
    deadline = time.monotonic() + 5
    while not _port_free(port) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _port_free(port)
    # and the next start works on the same port
    again = _start_preview(preview_root, port)
    again.send_signal(signal.SIGTERM)
    again.communicate(timeout=15)
    assert again.returncode == 0


def test_preview_frees_its_port_when_killed_outright(preview_root):
    import signal
    port = _free_port()
    proc = _start_preview(preview_root, port)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=15)
    deadline = time.monotonic() + 10
    while not _port_free(port) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _port_free(port)


def test_preview_says_when_the_port_is_taken(preview_root):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        out = run_cli("preview", "--port", str(port), root=preview_root)
    assert out.returncode == 1
    assert out.stderr.strip() == (f"preview failed: port {port} is already in use (is another `the-smoke preview` "
                                  f"still running? stop it, or pick another port with --port N, or --port 0 for any "
                                  f"free one)")
    assert "EADDRINUSE" not in out.stderr


def test_preview_server_race_for_the_port_is_said_in_words(preview_root, tmp_path):
    """The port is taken between the check and the server's listen: the server's EADDRINUSE becomes the same
    sentence."""
    from the_smoke.preview import prepare, start_server
    system, packs = prepare(preview_root, tmp_path / "preview")
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        with pytest.raises(UserError) as info:
            start_server(preview_root, system, packs, port)
    assert str(info.value).startswith(f"port {port} is already in use")


# -- B4: compendium content a person reads ---------------------------------------------------------------------

RENDER_PARTIAL = """
import { createRequire } from "node:module";
import fs from "node:fs";
const require = createRequire(process.argv[2] + "/package.json");
const H = require("handlebars");
const lang = JSON.parse(fs.readFileSync(process.argv[2] + "/lang/en.json", "utf8"));
const localize = k => k.split(".").reduce((o, p) => o?.[p], lang) ?? k;
H.registerHelper({ eq: (a, b) => a === b, localize, not: x => !x, disabled: x => (x ? "disabled" : "") });
const t = H.compile(fs.readFileSync(process.argv[3], "utf8"));
process.stdout.write(t({ system: JSON.parse(process.argv[4]), editable: false }));
"""


def test_background_sheet_shows_the_spread_perks_and_kit_by_name(built_project, tmp_path):
    """The Boxer as the book prints it: MUS d8, GRT d6, MOV d6, BTL d6, all other stats d4; Brawler, Hard as Nails,
    Dirty Fighter; Fists, Puffer Jacket, Tracksuit, Energy Drink."""
    import json
    import subprocess
    from project import ROOT, extract
    boxer = next(d for d in extract(built_project, ["backgrounds"])["backgrounds"] if d["name"] == "Boxer")
    script = tmp_path / "render.mjs"
    script.write_text(RENDER_PARTIAL)
    out = subprocess.run(["node", str(script), str(ROOT), str(built_project / "templates/generated/item-fields-background.hbs"),
                          json.dumps(boxer["system"])], capture_output=True, text=True, check=True).stdout
    assert "[object Object]" not in out and "hard-as-nails" not in out and "puffer-jacket" not in out
    assert ('<th title="Muscle">MUS</th><th title="Grit">GRT</th><th title="Moves">MOV</th><th title="Wheels">WHL</th>'
            '<th title="Aim">AIM</th><th title="Graft">GRF</th><th title="Savvy">SAV</th><th title="Front">FRT</th>'
            '<th title="Bottle">BTL</th>') in out
    assert "<td>d8</td><td>d6</td><td>d6</td><td>d4</td><td>d4</td><td>d4</td><td>d4</td><td>d4</td><td>d6</td>" in out
    assert 'Perks: <span class="smoke-field-value">Brawler, Hard as Nails, Dirty Fighter</span>' in out
    assert 'Kit: <span class="smoke-field-value">Fists, Puffer Jacket, Tracksuit, Energy Drink</span>' in out


def test_background_sheet_names_a_quantity_and_an_unknown_key(built_project, tmp_path):
    import json
    import subprocess
    from project import ROOT
    script = tmp_path / "render.mjs"
    script.write_text(RENDER_PARTIAL)
    system = {"spread": {k: 4 for k in ("mus", "grt", "mov", "whl", "aim", "grf", "sav", "frt", "btl")},
              "perks": ["medic", "made-up-perk"], "kit": [{"item": "bandages", "quantity": 2}, "weapons/fists"],
              "cash": 40, "suggestedHustle": "x"}
    out = subprocess.run(["node", str(script), str(ROOT), str(built_project / "templates/generated/item-fields-background.hbs"),
                          json.dumps(system)], capture_output=True, text=True, check=True).stdout
    assert "Medic, made-up-perk" in out and "Bandages ×2, Fists" in out


def _rules_pages(root):
    from project import extract
    return {p["name"]: p["text"]["content"] for d in extract(root, ["rules"])["rules"] for p in d["pages"]}


def test_rules_reference_reads_as_the_book(built_project):
    import re
    pages = _rules_pages(built_project)
    everything = "".join(pages.values())
    for raw in ("niceOne", "properMess", "longShot", ">sav<", ">mus<", "<th>Id</th>", "<th>Key</th>", ">wrungOut<"):
        assert raw not in everything, raw
    outcomes = pages["Outcomes and challenges"]
    assert ("<tr><th>Outcome</th><th>Margin</th><th>Meaning</th><th>Success</th></tr></thead><tbody><tr><td>Proper "
            "Mess</td><td>−4 or less</td><td>Fails badly; serious consequence.</td><td>no</td></tr>") in outcomes
    assert "<td>Bad Luck, cost accepted</td><td>1</td><td>1</td>" in outcomes
    assert "<td>Muscle (MUS)</td><td>Lifting, shoving, fighting hand to hand, kicking a door in.</td>" in pages["The nine stats"]
    difficulty = pages["Choosing difficulty"]
    assert ("<th>Stat</th><th>Easy</th><th>Medium</th><th>Hard</th><th>Long Shot</th>" in difficulty
            and "<td>d4</td><td>6 (87%)</td><td>8 (62%)</td><td>10 (39%)</td><td>15 (12%)</td>" in difficulty)
    tn = pages["Variable Effort TN tables"]
    assert "<h3>Effort d4</h3>" in tn and "<td>d20</td><td>22</td><td>29</td><td>35</td><td>44</td>" in tn
    assert "<td>Nice One</td><td>1</td>" in pages["Explosions and big moments"]
    assert "<td>3</td><td>Lookout</td><td>13</td><td>Street</td>" in pages["The Rep ladder"]
    assert "Bike Lock, Balaclava, Spray Paint, Meal Deal" in pages["Making a new face"]
    assert "<td>Spot the Old Bill</td><td>Medium</td><td>Savvy, Moves</td>" in pages["GM checks"]
    assert "Followed by Wrung Out when it ends" in pages["Loved Up"]
    assert not re.search(r"<td>[a-z]+[A-Z][a-zA-Z]*</td>", outcomes + pages["Damage severity"])


# -- the bundle (tools/bundle.mjs) ---------------------------------------------------------------------------------

def test_a_syntax_error_in_module_names_the_file_and_line_and_installs_nothing(project):
    """A module that does not parse stops the build at its bundle stage, with esbuild's file:line:column and text;
    the previous bundle, zip and generated output stay as they were."""
    bundle = (project / "the-smoke-compiled.mjs").read_bytes()
    broken = project / "module" / "rules" / "dice.mjs"
    broken.write_text(broken.read_text(encoding="utf-8") + "\nexport const oops = ;\n", encoding="utf-8")
    line = broken.read_text(encoding="utf-8").count("\n")
    message = failing_build(project)
    assert "bundling module/ failed (esbuild)" in message
    assert f"module/rules/dice.mjs:{line}:" in message and "Unexpected" in message, message
    assert (project / "the-smoke-compiled.mjs").read_bytes() == bundle
