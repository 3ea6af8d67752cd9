"""The Missions compendium (issue 16): packs-src/missions/*.yml compiled to JournalEntry documents with one
``mission`` page each; a mission without a fee type or without objectives is refused naming file, entry and field,
and nothing is written."""

from __future__ import annotations

import json

from test_build import edit, failing_build

from the_smoke import missions
from the_smoke.catalogue import load_catalogue


def test_the_books_example_missions_compile_to_mission_pages(project):
    cat = load_catalogue(project / "packs-src")
    assert sorted(cat.missions) == ["a-borrowed-rig-across-town", "two-bikes-before-tonight"]
    docs = {d["name"]: d for d in missions.missions_pack(cat, "0.1.0")}
    pat = docs["Two Bikes Before Tonight"]
    [page] = pat["pages"]
    assert page["type"] == "mission"
    # Auntie Pat's order is a Pat order (Jobs and service shifts › Service pay): no crew fee, 2 XP.
    assert page["system"]["fee"] == {"type": "patOrder", "amount": 0}
    assert page["system"]["xp"] == 2
    assert [o["id"] for o in page["system"]["objectives"]] == ["locks-off", "bring-back"]
    assert page["system"]["claimants"][0]["who"] == "Whoever recognises their own frame"
    assert "prints no missions" in page["flags"]["the-smoke"]["source"]
    rig = docs["A Borrowed Rig Across Town"]["pages"][0]["system"]
    assert rig["fee"] == {"type": "perHead", "amount": 40} and rig["deadlineSeconds"] == 3600
    manifest = json.loads((project / "system.json").read_text())
    assert manifest["documentTypes"]["JournalEntryPage"]["mission"] == {"htmlFields": ["briefing"]}
    assert {"name": "missions", "type": "JournalEntry"}.items() <= next(
        p for p in manifest["packs"] if p["name"] == "missions").items()


def test_a_mission_without_a_fee_type_is_refused(project):
    edit(project, "missions/two-bikes-before-tonight.yml", "  type: patOrder\n", "")
    msg = failing_build(project)
    assert ("packs-src/missions/two-bikes-before-tonight.yml:4: missions/two-bikes-before-tonight (Two Bikes Before "
            "Tonight): fee: a mission's fee needs its type: crewFee (one amount, split), perHead (to each) or patOrder (paid "
            "through the vehicle sale, 2 XP) — none is given") in msg


def test_a_mission_with_a_wrong_fee_type_is_refused(project):
    edit(project, "missions/two-bikes-before-tonight.yml", "type: patOrder", "type: crew")
    msg = failing_build(project)
    assert ("missions/two-bikes-before-tonight (Two Bikes Before Tonight): fee.type: a mission's fee needs its type: "
            "crewFee (one amount, split), perHead (to each) or patOrder (paid through the vehicle sale, 2 XP), not 'crew'") in msg


def test_a_mission_without_objectives_is_refused(project):
    path = edit(project, "missions/a-borrowed-rig-across-town.yml", "objectives:\n", "objectives: []\nold:\n")
    text = path.read_text().replace("old:\n  - id: rig-across\n    label: Get the borrowed rig across town to the venue\n"
                                    "  - id: promoter\n    label: Keep the anxious promoter from taking another offer\n", "")
    path.write_text(text)
    msg = failing_build(project)
    assert ("packs-src/missions/a-borrowed-rig-across-town.yml:9: missions/a-borrowed-rig-across-town (A Borrowed Rig "
            "Across Town): objectives: a mission needs at least one objective (a list of {id, label})") in msg


def test_mission_xp_outside_the_printed_range_is_refused(project):
    edit(project, "missions/a-borrowed-rig-across-town.yml", "xp: 3", "xp: 6")
    assert "missions/a-borrowed-rig-across-town (A Borrowed Rig Across Town): xp: 6 is greater than the maximum of 5" \
        in failing_build(project)


def test_a_pat_order_with_a_crew_fee_or_mission_xp_is_refused(project):
    edit(project, "missions/two-bikes-before-tonight.yml", "  amount: 0\nxp: 2", "  amount: 100\nxp: 3")
    msg = failing_build(project)
    assert ("missions/two-bikes-before-tonight (Two Bikes Before Tonight): fee.amount: a Pat order has no crew fee (it "
            "is paid through the vehicle sale): amount 0") in msg
    assert "missions/two-bikes-before-tonight (Two Bikes Before Tonight): xp: a completed Pat order awards 2 XP, not 3" in msg
