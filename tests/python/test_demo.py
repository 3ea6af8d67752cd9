"""The demo evening (``the-smoke preview --demo``, tools/the_smoke/demo.py and demo/evening.yml): what it seeds, that
it is the same every time, and that a mistake in its file names the file, line and field."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from the_smoke.demo import DEMO_FILE, demo_world
from the_smoke.errors import UserError
from the_smoke.preview import prepare

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def packs(built_project, tmp_path_factory) -> Path:
    """The built compendia extracted to JSON, as the preview extracts them."""
    _, packs = prepare(built_project, tmp_path_factory.mktemp("preview"))
    return packs


@pytest.fixture(scope="module")
def seed(packs) -> dict:
    return demo_world(packs)[0]


def _place_kinds() -> list[str]:
    import yaml

    money = yaml.safe_load((ROOT / "packs-src" / "rules" / "money.yml").read_text(encoding="utf-8"))
    return [p["id"] for p in money["places"]]


def test_the_two_players_get_their_pregens_as_owners_and_assigned_characters(seed):
    actors = {a["_id"]: a for a in seed["actors"]}
    cast = {u["_id"]: actors[u["character"]] for u in seed["users"]}
    assert {k: a["name"] for k, a in cast.items()} == {"HarnessPlayer001": "Jaz Kaur",
                                                         "HarnessPlayer002": 'Danny "Tealeaf" Doyle'}
    for user, actor in cast.items():
        assert actor["type"] == "character" and actor["ownership"][user] == 3
        assert actor["items"], "the pregen keeps its kit"


def test_hackney_has_a_place_of_every_kind_and_players_see_them(seed):
    hackney = next(s for s in seed["scenes"] if s["name"] == "Hackney")
    kinds = {b["system"]["kind"] for r in hackney["regions"] for b in r["behaviors"] if b["type"] == "the-smoke.place"}
    assert kinds == set(_place_kinds())
    assert hackney["active"] and all(r["visibility"] == 2 for r in hackney["regions"])
    flats = [b["system"] for r in hackney["regions"] for b in r["behaviors"] if b["system"].get("kind") == "flat"]
    assert len(flats) == 2 and all(f["residents"] for f in flats), "each flat names its owner"


def test_the_crews_motor_is_theirs_and_suits_a_taxi_shift_and_police_are_on_the_map(seed):
    actors = {a["name"]: a for a in seed["actors"]}
    cab = actors["Pious Hybrid Minicab"]
    assert cab["ownership"] == {"default": 0, "HarnessPlayer001": 3, "HarnessPlayer002": 3}
    stores = {s["key"]: json.loads(s["value"]) for s in seed["settings"]}
    assert stores["the-smoke.shiftMotors"] == {f"Actor.{cab['_id']}": {"shifts": ["taxi"], "cab": False}}
    assert {"Metro Police Area Car", "Metro Police Officer", "Vexa Hatch"} <= set(actors)


def test_the_exit_strips_link_both_ways(seed):
    regions = {f"Scene.{s['_id']}.Region.{r['_id']}": (s["_id"], r) for s in seed["scenes"] for r in s["regions"]}
    exits = [(uuid, b["system"]) for uuid, (_, r) in regions.items() for b in r["behaviors"] if b["type"] == "the-smoke.exit"]
    assert len(exits) == 2
    for uuid, system in exits:
        scene_id, target = regions[system["toStrip"]]
        assert system["toScene"] == scene_id
        back = next(b["system"] for b in target["behaviors"] if b["type"] == "the-smoke.exit")
        assert back["toStrip"] == uuid


def test_missions_and_a_radio_station_with_its_tone(packs):
    seed, files = demo_world(packs)
    assert [j["name"] for j in seed["journal"]] == ["Two Bikes Before Tonight", "A Borrowed Rig Across Town"]
    assert all(p["type"] == "mission" for j in seed["journal"] for p in j["pages"])
    [station] = seed["playlists"]
    assert station["flags"]["the-smoke"]["radio"] is True
    path = station["sounds"][0]["path"].removeprefix("systems/the-smoke/")
    assert files[path][:4] == b"RIFF" and len(files[path]) > 40_000


def test_the_same_demo_every_time(packs):
    assert json.dumps(demo_world(packs), sort_keys=True, default=str) == \
        json.dumps(demo_world(packs), sort_keys=True, default=str)


@pytest.mark.parametrize("change, where", [
    (("  - {actor: vehicles/vexa-hatch, at: [24, 9]}", "  - {actor: vehicles/vexa-hatchback, at: [24, 9]}"),
     "no compendium entry 'vehicles/vexa-hatchback'"),
    (("to: Kingsland Road west}", "to: Kingsland Rd west}"), "no EXIT strip named 'Kingsland Rd west'"),
    (("squares: [40, 20]", "squares: [40]"), "is too short"),
])
def test_a_mistake_in_the_demo_file_is_located(packs, tmp_path, change, where):
    text = DEMO_FILE.read_text(encoding="utf-8")
    old, new = change
    assert old in text
    bad = tmp_path / "evening.yml"
    bad.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(UserError) as err:
        demo_world(packs, path=bad)
    line = next(i for i, line in enumerate(bad.read_text().splitlines(), 1) if new.strip() in line)
    assert where in str(err.value) and f":{line}:" in str(err.value)


def test_a_kept_world_file_that_is_not_a_world_is_refused_and_left_as_it_was(built_project, tmp_path):
    from the_smoke.preview import start_server, stop_server

    system, packs = prepare(built_project, tmp_path / "preview")
    broken = tmp_path / "evening.json"
    broken.write_text('{"actors": [{"name": "no id"}]}', encoding="utf-8")
    with pytest.raises(UserError, match="not a world the preview saved"):
        proc, _ = start_server(ROOT, system, packs, 0, world=broken)
        stop_server(proc)
    assert broken.read_text(encoding="utf-8") == '{"actors": [{"name": "no id"}]}'
    shutil.rmtree(tmp_path / "preview")


def test_a_kept_world_survives_a_restart_and_the_demo_never_overwrites_it(built_project, tmp_path):
    """--world FILE: the world is saved as it changes and at shutdown, loaded on the next start; --demo seeds only
    an empty world."""
    from the_smoke.preview import _get, _post, seed_demo, start_server, stop_server

    system, packs = prepare(built_project, tmp_path / "preview")
    kept = tmp_path / "evening.json"
    proc, url = start_server(ROOT, system, packs, 0, world=kept)
    try:
        assert seed_demo(url, system, packs) is True
        _post(f"{url}/harness/seed", {"actors": [{"_id": "KeptActor0000001", "name": "Kept", "type": "npc"}]})
    finally:
        stop_server(proc)
    saved = json.loads(kept.read_text(encoding="utf-8"))
    assert "Kept" in [a["name"] for a in saved["actors"]] and "Jaz Kaur" in [a["name"] for a in saved["actors"]]
    proc, url = start_server(ROOT, system, packs, 0, world=kept)
    try:
        world = _get(f"{url}/harness/world")
        assert seed_demo(url, system, packs) is False
        assert sorted(a["name"] for a in _get(f"{url}/harness/world")["actors"]) == sorted(a["name"] for a in world["actors"])
        assert {u["_id"]: u["character"] for u in world["users"]}["HarnessPlayer001"] == \
            next(a["_id"] for a in world["actors"] if a["name"] == "Jaz Kaur")
    finally:
        stop_server(proc)


def test_the_preview_serves_its_templates_precompiled_afresh_so_an_edit_shows_on_reload(built_project, tmp_path):
    """The preview (no ``--cache``) builds /harness/templates.mjs on every request, uncached: a template edited in the
    unpacked system is in the next page load's module (tests/harness/server.mjs ``templatesModule``)."""
    import urllib.request

    from the_smoke.preview import start_server, stop_server

    system, packs = prepare(built_project, tmp_path / "preview")
    template = next(p for p in sorted((system / "templates").rglob("*.hbs")))
    system_id = json.loads((system / "system.json").read_text(encoding="utf-8"))["id"]
    key = json.dumps(f"/systems/{system_id}/{template.relative_to(system).as_posix()}")
    proc, url = start_server(ROOT, system, packs, 0)
    try:
        def get() -> tuple[str, str]:
            with urllib.request.urlopen(f"{url}/harness/templates.mjs", timeout=30) as resp:
                return resp.headers["cache-control"], resp.read().decode()

        cache, before = get()
        assert cache == "no-store" and f"{key}: " in before and "Edited in the preview" not in before
        template.write_text(template.read_text(encoding="utf-8") + "<p>Edited in the preview</p>\n", encoding="utf-8")
        assert "Edited in the preview" in get()[1]
    finally:
        stop_server(proc)
