"""The actor packs and the Conditions, checked against the printed rulebook.

Covers ``packs-src/vehicles`` (the 29 motors), ``packs-src/pregens`` (the four pregenerated characters),
``packs-src/street-people`` (the nine "People on the street" profiles) and ``packs-src/conditions`` (the 31
Conditions). Every expected value here is parsed from the book's source text (``book.py``), never from the YAML.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

import book

PACKS = book.ROOT / "packs-src"
SPEC = book.ROOT / "docs" / "catalogue-format.md"

STAT_KEYS = ["mus", "grt", "mov", "whl", "aim", "grf", "sav", "frt", "btl"]
DIE_FACES = {4, 6, 8, 10, 12, 20}
KEY_RE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")

COMMON = {"key", "name", "folder", "img", "description"}
FIELDS = {
    "vehicle": COMMON | {"performance", "handling", "speed", "body", "size", "guard", "armour", "seats", "fuel",
                         "lock", "lockKind", "value", "abilities"},
    "character": COMMON | {"details", "stats", "effort", "printed", "cash", "rep", "story", "perks", "kit"},
    "npc": COMMON | {"stats", "health", "guard", "armourReduction", "kit"},
    "condition": {"key", "name", "group", "description", "recovery", "modifiers", "offYourGame", "effortNoExplode",
                  "guard", "speedDice", "noSpeedDice", "noReaction", "cannotAct", "cannotDrive", "cannotMoveAway",
                  "harmPerRound", "suppresses", "comedown", "becomes", "endsAt", "escalation"},
}
CONDITION_MECHANICS = FIELDS["condition"] - {"key", "name", "group", "description", "recovery"}


# --------------------------------------------------------------------------------------------------- helpers


def kebab(name: str) -> str:
    """The catalogue key of a printed name: lower-case kebab-case, "&" read as "and"."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("&", "and")).strip("-")


def strip_markup(chunk: str) -> str:
    """Drop Homebrewery page furniture (footnotes, page numbers, column/page breaks, block closers)."""
    chunk = re.sub(r"\{\{(?:footnote|pageNumber)[^}]*\}\}", " ", chunk)
    chunk = re.sub(r"\\(?:column|page)\b", " ", chunk)
    chunk = re.sub(r"\{\{\w+|\}\}", " ", chunk)
    return re.sub(r"\s+", " ", chunk).strip()


def money(cell: str) -> int | None:
    cell = cell.strip()
    if cell in {"not ordinary stock", "restricted", "—"}:
        return None
    return int(cell.lstrip("£").replace(",", ""))


def names_list(phrase: str) -> list[str]:
    """ "Muscle, Grit and Moves" -> ["Muscle", "Grit", "Moves"]."""
    return [p.strip() for p in re.split(r",\s*|\s+and\s+|\s+or\s+", phrase) if p.strip()]


def ref_key(ref) -> str:
    return ref if isinstance(ref, str) else ref["item"]


def ref_opts(ref) -> dict:
    return {} if isinstance(ref, str) else {k: v for k, v in ref.items() if k != "item"}


load_pack = book.catalogue_pack


def load_pack_meta(pack: str) -> dict:
    return yaml.safe_load((PACKS / pack / "_pack.yml").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def die_modifiers() -> dict[int, int]:
    """The "Stat die | d4 … | Modifier | +2 …" table of The roll."""
    rows = book.table_rows(book.between("| Stat die |", "Before rolling"))
    dice = [int(c[1:]) for c in rows[0][1:] if c]
    mods = [int(c) for c in rows[-1][1:] if c]
    assert rows[-1][0] == "Modifier" and len(dice) == len(mods) == 6
    return dict(zip(dice, mods))


@lru_cache(maxsize=1)
def stat_names() -> dict[str, str]:
    """Stat display names -> keys, from "Muscle (MUS)" etc. in the character record table."""
    chunk = book.between("| Stat | Use |", "### The numbers beside your name")
    out = {}
    for row in book.table_rows(chunk):
        m = re.fullmatch(r"(\w+) \(([A-Z]{3})\)", row[0])
        if m:
            out[m.group(1)] = m.group(2).lower()
    assert sorted(out.values()) == sorted(STAT_KEYS)
    return out


def stat_table(chunk: str) -> dict[str, int]:
    """The MUS … BTL table in a pregen or NPC block, as stat key -> die faces."""
    table = chunk[chunk.index("| MUS |"):]
    table = table[: table.index("**Health:**")]
    rows = book.table_rows(table)
    header = [c.lower() for c in rows[0] if c]
    dice = [c for c in rows[1] if c]
    assert header == STAT_KEYS
    assert all(re.fullmatch(r"d\d+", d) for d in dice)
    return dict(zip(header, (int(d[1:]) for d in dice)))


@lru_cache(maxsize=1)
def weapon_table() -> dict[str, dict]:
    """Weapon name -> {stat, impact, range, magazine} from the four "Weapons ·" tables."""
    out = {}
    s = book.text()
    for m in re.finditer(r"# Weapons · \d+–\d+", s):
        chunk = s[m.start(): s.index("### Item notes", m.start())]
        for row in book.table_rows(chunk[chunk.index("| Weapon |"):]):
            if row[0] in {"Weapon", ""} or len(row) < 7:
                continue
            mag = re.match(r"(\d+) ", row[4])
            out[row[0]] = {"stat": row[1].lower(), "impact": int(row[2]), "range": row[3],
                           "magazine": int(mag.group(1)) if mag else None}
    assert len(out) == 45, len(out)
    return out


@lru_cache(maxsize=1)
def armour_table() -> dict[str, dict]:
    chunk = book.between("| Armour | Guard | Reduction | Price |", "**Puffer Jacket.**")
    out = {}
    for row in book.table_rows(chunk):
        if row[0] in {"Armour", ""}:
            continue
        out[row[0]] = {"guard": int(row[1]), "reduction": int(row[2])}
    assert len(out) == 9
    return out


@lru_cache(maxsize=1)
def gear_names() -> set[str]:
    """Entry names in the "Tools & gear" chapters ("### Bolt Cutters · £35 …")."""
    s = book.text()
    i = s.index("# Tools & gear · 1–8")
    j = s.index("# Clobber & outfits", i)
    names = set(re.findall(r"### ([^#·]+?) · £", s[i:j]))
    assert len(names) == 37, len(names)
    return names


@lru_cache(maxsize=1)
def outfit_names() -> set[str]:
    chunk = book.between("| Outfit | Disguise |", "**Tracksuit.**")
    return {r[0] for r in book.table_rows(chunk) if r[0] not in {"Outfit", ""}}


@lru_cache(maxsize=1)
def consumable_names() -> set[str]:
    s = book.text()
    i = s.index("# Food & medicine · 1–6")
    j = s.index("# Drugs · game effects", i)
    return set(re.findall(r"### ([^#·]+?) · £", s[i:j]))


@lru_cache(maxsize=1)
def perk_names() -> set[str]:
    s = book.text()
    i = s.index("# Perks · 1–6")
    j = s.index("# Weapons · 1–12", i)
    return set(re.findall(r"### ([^#*]+?) \*\*[A-Z]{3} · ", s[i:j]))


def backgrounds_chapter() -> str:
    s = book.text()
    i = s.index("# Backgrounds ")
    return s[i: s.index("# The roll", i)]


# --------------------------------------------------------------------------------------------------- vehicles


@lru_cache(maxsize=1)
def book_vehicles() -> list[dict]:
    chunk = book.between("# Motors · 1–5", "# Vehicle abilities")
    out = []
    for part in chunk.split("### ")[1:]:
        name = part[: part.index(" |")].strip()
        table = part[part.index("|"): part.index("**Seats:**")]
        rows = [r for r in book.table_rows(table) if r and r[0] not in {"", "Perf."}]
        cells = [c for c in rows[0] if c]
        assert re.fullmatch(r"d\d+", cells[0]), (name, cells)
        perf, hand, speed, body, size, guard, arm = cells[:7]
        seats = re.search(r"\*\*Seats:\*\* (\d+) crew including driver; (\d+) passengers\.", part)
        fuel = re.search(r"\*\*Fuel:\*\* (\d+)\.", part)
        lock = re.search(r"\*\*Lock:\*\* ([^.]+)\.", part)
        value = re.search(r"\*\*Value:\*\* ([^*]+?)\. \*\*", part)
        abil = re.search(r"\*\*Abilities:\*\* ([^.]+)\. (.*)", part)
        rest = abil.group(2)
        rest = re.split(r"\{\{|\\column|\\page|# Motors", rest)[0]
        out.append({
            "name": name,
            "performance": int(perf[1:]), "handling": int(hand), "speed": int(speed), "body": int(body),
            "size": int(size), "guard": int(guard), "armour": int(arm),
            "seats": {"crew": int(seats.group(1)), "passengers": int(seats.group(2))},
            "fuel": int(fuel.group(1)),
            "lock": lock.group(1).strip(),
            "value": money(value.group(1)),
            "abilities": [] if abil.group(1).strip() == "none" else abil.group(1).split(", "),
            "description": strip_markup(rest),
        })
    return out


@lru_cache(maxsize=1)
def book_vehicle_abilities() -> list[str]:
    chunk = book.between("# Vehicle abilities", "{{footnote")
    return re.findall(r"### ([A-Z][a-z-]+(?: [a-z-]+)*) ", chunk)


LOCK_BANDS = {"Easy": "easy", "Medium": "medium", "Hard": "hard", "Long Shot": "longShot"}


def test_vehicle_count():
    assert len(book_vehicles()) == 29
    assert "# Motors · 26–29" in book.text()
    docs = load_pack("vehicles")
    assert len(docs) == 29
    assert set(docs) == {v["name"] for v in book_vehicles()}


def test_vehicle_abilities_are_the_thirteen_printed():
    printed = book_vehicle_abilities()
    assert len(printed) == 13, printed
    keys = {kebab(a) for a in printed}
    used = {a for d in load_pack("vehicles").values() for a in d["abilities"]}
    assert used <= keys
    assert used == keys  # every printed ability appears on at least one motor


@pytest.mark.parametrize("printed", book_vehicles() if book.path().exists() else [],
                         ids=lambda v: v["name"])
def test_vehicle_matches_book(printed):
    doc = load_pack("vehicles")[printed["name"]]
    assert set(doc) <= FIELDS["vehicle"], set(doc) - FIELDS["vehicle"]
    assert doc["key"] == kebab(printed["name"])
    for field in ("performance", "handling", "speed", "body", "size", "guard", "armour", "seats", "fuel", "value"):
        assert doc[field] == printed[field], field
    assert doc["performance"] in DIE_FACES
    assert doc["lock"] == LOCK_BANDS[printed["lock"]]
    assert doc["abilities"] == [kebab(a) for a in printed["abilities"]]
    assert doc["description"] == printed["description"]
    assert "{{" not in doc["description"] and "\\" not in doc["description"]


def test_vehicle_guard_is_six_plus_twice_size():
    rule = book.between("### Guard People:", "Light cover")
    assert "Motors: **6 + 2 × Size**" in rule
    assert len(book_vehicles()) == 29
    for v in book_vehicles():
        assert v["guard"] == 6 + 2 * v["size"], v["name"]
    for d in load_pack("vehicles").values():
        assert d["guard"] == 6 + 2 * d["size"], d["name"]


def test_vehicle_lock_kind_follows_the_book():
    """Which tools ease a motor's lock (Tools & gear: "bike locks", "car locks"): the roster's bicycles and scooters
    (Size 0) have bike locks, motorbikes (Size 1, the police bike too) their own, the helicopter (Flying) none a tool
    names; every car, van, bus and emergency vehicle a car lock (the default, left out of the YAML)."""
    says = book.between("# Tools & gear · 1–8", "# Tools & gear · 9–16")
    assert "bike locks are one band easier" in says and "car locks two bands easier" in says
    for d in load_pack("vehicles").values():
        expected = {0: "bike", 1: "motorbike"}.get(d["size"], "car")
        assert expected != "bike" or d["folder"] == "bicycles-and-scooters", d["name"]
        if "flying" in d["abilities"]:
            expected = "aircraft"
        assert d.get("lockKind", "car") == expected, d["name"]
        assert "lockKind" not in d or d["lockKind"] != "car", f"{d['name']}: the default is left out"


def test_vehicle_pack_folders():
    meta = load_pack_meta("vehicles")
    assert meta["type"] == "Actor" and meta["documentType"] == "vehicle"
    folders = [f["key"] for f in meta["folders"]]
    assert len(folders) == len(set(folders))
    for d in load_pack("vehicles").values():
        assert d["folder"] in folders, d["name"]
    assert {d["folder"] for d in load_pack("vehicles").values()} == set(folders)


# --------------------------------------------------------------------------------------------------- pregens

PREGEN_HEAD = re.compile(r"# ([^#*]+?) \*\*([A-Z][A-Za-z' ]+) · (\d+) · ([A-Z][A-Za-z ]+)\.\*\* ")


@lru_cache(maxsize=1)
def book_pregens() -> list[dict]:
    s = book.text()
    out = []
    for m in PREGEN_HEAD.finditer(s):
        block = s[m.start(): s.index("### Before play", m.start())]
        bio, look = re.search(r"\.\*\* (.+?) \*\*Look:\*\* (.+?) \| MUS", block).groups()
        nums = dict(re.findall(r"\*\*(Health|Hustle|Guard before situational effects|Cash|Rep):\*\* £?(\d+)", block))
        drives = block[block.index("### What drives you"):]
        story = dict(re.findall(r"\*\*(Hustle|Vice|Bond|Ambition):\*\* (.+?)(?= \*\*| ###)", drives))
        pockets = re.search(r"### In your pockets (.+?)\. ###", block).group(1)
        perk = re.search(r"### Your perk \*\*(.+?)\.\*\*", block).group(1)
        street = re.search(r'"([^"]+)"', m.group(1))
        out.append({
            "name": m.group(1).strip(), "background": m.group(2), "age": int(m.group(3)), "ends": m.group(4),
            "bio": bio.strip(), "look": look.strip(), "stats": stat_table(block),
            "health": int(nums["Health"]), "hustle": int(nums["Hustle"]),
            "guard": int(nums["Guard before situational effects"]), "cash": int(nums["Cash"]),
            "rep": int(nums["Rep"]),
            "story": {k.lower(): v.strip() for k, v in story.items()},
            "kit": pockets.split(", "),
            "perk": perk, "streetName": street.group(1) if street else "",
        })
    return out


def pronouns_from_prose(bio: str) -> str:
    words = set(re.findall(r"[A-Za-z]+", bio.lower()))
    she, he = words & {"she", "her", "hers", "herself"}, words & {"he", "him", "his", "himself"}
    assert bool(she) != bool(he), bio
    return "she/her" if she else "he/him"


def test_pregen_count():
    printed = book_pregens()
    assert len(printed) == 4
    # The "Ready-made characters" paragraph names the same four.
    intro = book.between("### Ready-made characters", "appear near the end")
    for p in printed:
        plain = p["name"].replace('"', "")
        assert plain in intro.replace("“", "").replace("”", ""), p["name"]
    assert len(load_pack("pregens")) == 4
    assert set(load_pack("pregens")) == {p["name"] for p in printed}


@pytest.mark.parametrize("printed", book_pregens() if book.path().exists() else [],
                         ids=lambda p: p["name"])
def test_pregen_matches_book(printed):
    doc = load_pack("pregens")[printed["name"]]
    assert set(doc) <= FIELDS["character"], set(doc) - FIELDS["character"]
    assert doc["key"] == kebab(printed["name"])
    assert doc["description"] == printed["bio"]
    d = doc["details"]
    assert set(d) == {"streetName", "pronouns", "age", "ends", "look", "background"}
    assert d["streetName"] == printed["streetName"]
    assert d["pronouns"] == pronouns_from_prose(printed["bio"])
    assert d["age"] == printed["age"]
    assert d["ends"] == printed["ends"]
    assert d["look"] == printed["look"]
    assert f"## {printed['background']} " in backgrounds_chapter()
    assert d["background"] == kebab(printed["background"])
    assert doc["stats"] == printed["stats"]
    assert list(doc["stats"]) == STAT_KEYS
    assert doc["effort"] == 6
    assert doc["printed"] == {"health": printed["health"], "hustle": printed["hustle"], "guard": printed["guard"]}
    assert doc["cash"] == printed["cash"]
    assert doc["rep"] == printed["rep"]
    assert doc["story"] == printed["story"]
    assert printed["perk"] in perk_names()
    assert doc["perks"] == [kebab(printed["perk"])]
    assert [ref_key(r) for r in doc["kit"]] == [kebab(n) for n in printed["kit"]]
    # Armour carried by a pregen is worn; nothing else is marked worn.
    armour = {kebab(n) for n in armour_table()}
    for ref in doc["kit"]:
        assert ref_opts(ref) == ({"worn": True} if ref_key(ref) in armour else {}), ref


def test_pregen_kit_names_are_catalogue_items():
    known = set(weapon_table()) | set(armour_table()) | gear_names() | outfit_names() | consumable_names()
    for p in book_pregens():
        for item in p["kit"]:
            assert item in known, (p["name"], item)


def test_pregen_dice_spread():
    assert len(book_pregens()) == 4
    for p in book_pregens():
        dice = sorted(p["stats"].values())
        assert dice.count(8) == 1 and dice.count(6) == 3 and dice.count(4) == 5 and len(dice) == 9, p["name"]
    for doc in load_pack("pregens").values():
        dice = sorted(doc["stats"].values())
        assert (dice.count(8), dice.count(6), dice.count(4), len(dice)) == (1, 3, 5, 9), doc["name"]


def test_pregen_printed_numbers_against_the_record_rules():
    """Guard = 7 + better Moves/Grit modifier + worn armour Guard holds for all four; Health = 8 + Grit modifier
    holds for three. Big Sal's printed Health 14 is kept as printed (the rule gives 11)."""
    mod = die_modifiers()
    armour = armour_table()
    off = []
    for p in book_pregens():
        worn = sum(armour[n]["guard"] for n in p["kit"] if n in armour)
        assert p["guard"] == 7 + max(mod[p["stats"]["mov"]], mod[p["stats"]["grt"]]) + worn, p["name"]
        if p["health"] != 8 + mod[p["stats"]["grt"]]:
            off.append((p["name"], p["health"], 8 + mod[p["stats"]["grt"]]))
    assert off == [("Big Sal Moretti", 14, 11)]
    assert load_pack("pregens")["Big Sal Moretti"]["printed"]["health"] == 14


def test_pregen_pack_meta():
    meta = load_pack_meta("pregens")
    assert meta["type"] == "Actor" and meta["documentType"] == "character"


# --------------------------------------------------------------------------------------------------- street people


@lru_cache(maxsize=1)
def book_npcs() -> list[dict]:
    chunk = book.between("# People on the street · 1–3", "# Variable Effort targets")
    out = []
    for part in re.split(r"(?<!#)## ", chunk)[1:]:
        name = part[: part.index(" |")].strip()
        h, g, a = re.search(r"\*\*Health:\*\* (\d+) · \*\*Guard:\*\* (\d+) · \*\*Armour reduction:\*\* (\d+)\.",
                            part).groups()
        kit_text = strip_markup(re.split(r"\{\{footnote", part[part.index("**Kit:** ") + len("**Kit:** "):])[0])
        weapons = []
        if kit_text.startswith("no listed weapon. "):
            rest = kit_text[len("no listed weapon. "):]
        else:
            wpart, rest = re.match(r"(.+?\))\. (.*)", kit_text).groups()
            for w in wpart.split("; "):
                wm = re.fullmatch(r"(.+?) \((MUS|AIM), Impact (\d+), (\w+)(?:, (\w+))?\)", w)
                weapons.append({"name": wm.group(1), "stat": wm.group(2).lower(), "impact": int(wm.group(3)),
                                "range": wm.group(4), "trait": wm.group(5)})
        # An optional sentence listing gear/armour by catalogue name follows the weapons.
        gear = []
        first, _, after = rest.partition(". ")
        listed = first.split(", ")
        if after and all(n in gear_names() or n in armour_table() for n in listed):
            gear, rest = listed, after
        out.append({"name": name, "stats": stat_table(part), "health": int(h), "guard": int(g),
                    "armourReduction": int(a), "weapons": weapons, "gear": gear, "notes": rest.strip()})
    return out


def test_npc_count():
    assert len(book_npcs()) == 9
    assert len(load_pack("street-people")) == 9
    assert set(load_pack("street-people")) == {n["name"] for n in book_npcs()}


@pytest.mark.parametrize("printed", book_npcs() if book.path().exists() else [],
                         ids=lambda n: n["name"])
def test_npc_matches_book(printed):
    doc = load_pack("street-people")[printed["name"]]
    assert set(doc) <= FIELDS["npc"], set(doc) - FIELDS["npc"]
    assert doc["key"] == kebab(printed["name"])
    assert doc["stats"] == printed["stats"]
    assert list(doc["stats"]) == STAT_KEYS
    assert doc["health"] == printed["health"]
    assert doc["guard"] == printed["guard"]
    assert doc["armourReduction"] == printed["armourReduction"]
    table = weapon_table()
    armour = armour_table()
    expected = []
    for w in printed["weapons"]:
        # The profile's weapon summary agrees with the weapon table.
        row = table[w["name"]]
        assert (w["stat"], w["impact"], w["range"]) == (row["stat"], row["impact"], row["range"]), w
        expected.append((kebab(w["name"]), {"loaded": row["magazine"]} if row["magazine"] else {}))
    for g in printed["gear"]:
        expected.append((kebab(g), {"worn": True} if g in armour else {}))
    assert [(ref_key(r), ref_opts(r)) for r in doc["kit"]] == expected
    # Notes: the printed sentences, with the space the source drops after some full stops restored.
    assert doc["description"] == re.sub(r"\.(?=[A-Z])", ". ", printed["notes"])
    assert doc["description"].replace(". ", ".") == printed["notes"].replace(". ", ".")


def test_npc_armour_reduction_matches_worn_armour():
    armour = armour_table()
    for n in book_npcs():
        worn = [g for g in n["gear"] if g in armour]
        assert n["armourReduction"] == sum(armour[g]["reduction"] for g in worn), n["name"]


def test_npc_notes_needed_spaces():
    """The source runs some note sentences together ("lads.A local"); the catalogue restores the space."""
    joined = sum(len(re.findall(r"\.(?=[A-Z])", n["notes"])) for n in book_npcs())
    assert joined == 12
    for doc in load_pack("street-people").values():
        assert not re.search(r"\.(?=[A-Z])", doc["description"]), doc["name"]


def test_npc_pack_meta():
    meta = load_pack_meta("street-people")
    assert meta["type"] == "Actor" and meta["documentType"] == "npc"


# --------------------------------------------------------------------------------------------------- conditions


@lru_cache(maxsize=1)
def spec_condition_ids() -> list[str]:
    spec = SPEC.read_text(encoding="utf-8")
    block = spec[spec.index("Condition ids (31):"):]
    block = block[block.index("`") + 1:]
    block = block[: block.index("`")]
    ids = block.split()
    assert len(ids) == 31
    return ids


def id_to_name(cid: str) -> str:
    return " ".join(w.capitalize() for w in re.findall(r"[a-z]+|[A-Z][a-z]*", cid))


CHAPTER_GROUP = {"injuries": "injury", "head": "head", "highs": "high"}


@lru_cache(maxsize=1)
def book_conditions() -> dict[str, dict]:
    s = book.text()
    start = s.index("# Conditions · injuries")
    end = s.index("# Heat on your heels", start)
    chunk = s[start:end]
    names = {id_to_name(c): c for c in spec_condition_ids()}
    out = {}
    for ch in re.finditer(r"# Conditions · ([a-z &]+?) (?=###|[A-Z])", chunk):
        body_end = chunk.find("# Conditions · ", ch.end())
        body = chunk[ch.end(): body_end if body_end >= 0 else len(chunk)]
        for entry in body.split("### ")[1:]:
            name = next(n for n in sorted(names, key=len, reverse=True) if entry.startswith(n + " "))
            desc, rec = entry[len(name) + 1:].split("**Recovery:** ")
            rec = strip_markup(re.split(r"\{\{footnote|\\column", rec)[0])
            desc = strip_markup(desc)
            chapter = ch.group(1)
            if chapter in CHAPTER_GROUP:
                group = CHAPTER_GROUP[chapter]
            else:
                assert chapter == "comedowns & boosts"
                group = "comedown" if desc.startswith("Comedown:") else "boost"
            out[names[name]] = {"name": name, "group": group, "description": desc, "recovery": rec}
    return out


def book_condition_mechanics() -> dict[str, dict]:
    """Each Condition's structured mechanics, read from its entry and the combat and harm chapters."""
    conds = book_conditions()
    by_name = {c["name"]: cid for cid, c in conds.items()}
    stats = stat_names()
    mech: dict[str, dict] = {cid: {} for cid in conds}
    word_list = r"([A-Z][a-z]+(?:(?:, | and )[A-Z][a-z]+)*)"
    for cid, c in conds.items():
        d = c["description"]
        for sign, words in re.findall(r"([+\-−]\d) (?:to )?" + word_list, d):
            n = int(sign.replace("−", "-"))
            for w in names_list(words):
                if w == "Guard":
                    mech[cid]["guard"] = n
                else:
                    mech[cid].setdefault("modifiers", {})[stats[w]] = n
        m = re.search(r"Guard [−-](\d)", d)
        if m:
            mech[cid]["guard"] = -int(m.group(1))
        m = re.search(word_list + r" (?:are|is)(?: also)?(?: rolled)? Off Your Game", d)
        if m:
            mech[cid]["offYourGame"] = [stats[w] for w in names_list(m.group(1))]
        if "Your Effort die does not explode" in d:
            mech[cid]["effortNoExplode"] = True
        if "you cannot drive" in d:
            mech[cid]["cannotDrive"] = True
        if "you cannot move away" in d:
            mech[cid]["cannotMoveAway"] = True
        if "You cannot act" in d:
            mech[cid]["cannotAct"] = True
        m = re.search(r"([A-Z][A-Za-z ]+?) have no effect", d.split(": ", 1)[-1])
        if m:
            mech[cid]["suppresses"] = [by_name[n] for n in names_list(m.group(1))]
        m = re.search(r"Any more and you are (\w+)\.", d)
        if m:
            mech[cid]["escalation"] = {"repeat": by_name[m.group(1)]}
        m = re.fullmatch(r"Wears off \(then ([A-Za-z ]+)\)\.", c["recovery"])
        if m:
            mech[cid]["comedown"] = by_name[m.group(1)]

    # When it kicks off: speed dice and the end of the round.
    speed = book.between("Stunned removes one die", "In a vehicle chase")
    if "Stunned removes one die and Knackered removes one more" in speed:
        mech["stunned"]["speedDice"] = -1
        mech["knackered"]["speedDice"] = -1
    none = re.search(r"([A-Z][a-z]+(?:, [A-Z][a-z]+)*(?:,? or \w+)?) characters have no speed dice", speed)
    for n in names_list(none.group(1)):
        if n in by_name:
            mech[by_name[n]]["noSpeedDice"] = True
    end_round = book.between("### End a round", "### One reaction")
    for n, amount in re.findall(r"(\w+) loses (\d+)", end_round):
        mech[by_name[n]]["harmPerRound"] = int(amount)
    m = re.search(r"Remove (\w+) and round-long", end_round)
    mech[by_name[m.group(1)]]["endsAt"] = "roundEnd"

    # Attacking and defending: reactions.
    dodge = book.between("### Take the hit or Dodge", "### Damage")
    for n in re.findall(r"\*\*(\w+)\*\* prevents (?:a reaction|acting or reacting)", dodge):
        mech[by_name[n]]["noReaction"] = True
    if "**Down** prevents acting" in dodge:
        mech["down"]["cannotAct"] = True

    # Harm, aid and recovery: three Bruised become Hurt.
    harm = book.between("### Keep Conditions readable", "{{footnote")
    m = re.search(r"Three (\w+) marks become (\w+)\.", harm)
    mech[by_name[m.group(1)]]["becomes"] = {"count": 3, "condition": by_name[m.group(2)]}
    assert "two more Bruises make you Hurt" in conds["bruised"]["description"]
    return mech


def test_condition_count():
    conds = book_conditions()
    assert len(conds) == 31
    assert sorted(conds) == sorted(spec_condition_ids())
    files = sorted(p.stem for p in (PACKS / "conditions").glob("*.yml"))
    assert files == sorted(spec_condition_ids())
    assert not (PACKS / "conditions" / "_pack.yml").exists()


@pytest.mark.parametrize("cid", spec_condition_ids() if SPEC.exists() else [])
def test_condition_matches_book(cid):
    printed = book_conditions()[cid]
    doc = yaml.safe_load((PACKS / "conditions" / f"{cid}.yml").read_text(encoding="utf-8"))
    assert set(doc) <= FIELDS["condition"], set(doc) - FIELDS["condition"]
    assert doc["key"] == cid
    assert doc["name"] == printed["name"]
    assert doc["group"] == printed["group"]
    assert doc["description"] == printed["description"]
    assert doc["recovery"] == printed["recovery"]
    mechanics = {k: v for k, v in doc.items() if k in CONDITION_MECHANICS}
    expected = book_condition_mechanics()[cid]
    assert {k: sorted(v) if isinstance(v, list) else v for k, v in mechanics.items()} == \
           {k: sorted(v) if isinstance(v, list) else v for k, v in expected.items()}


def test_condition_guard_matches_quick_reference():
    line = book.between("### Guard People:", "### Ongoing harm")
    quick = {n: -int(v) for n, v in re.findall(r"(Prone|Grabbed|Stunned|Down) −(\d)", line)}
    assert quick == {"Prone": -2, "Grabbed": -2, "Stunned": -2, "Down": -4}
    docs = {yaml.safe_load(p.read_text(encoding="utf-8"))["name"]: yaml.safe_load(p.read_text(encoding="utf-8"))
            for p in (PACKS / "conditions").glob("*.yml")}
    for name, guard in quick.items():
        assert docs[name]["guard"] == guard
    assert {n for n, d in docs.items() if "guard" in d} == set(quick)


def test_condition_harm_matches_quick_reference():
    line = book.between("### Ongoing harm", "Down:")
    assert "Bleeding 1 per round; Burning 2." in line
    conds = {cid: yaml.safe_load((PACKS / "conditions" / f"{cid}.yml").read_text(encoding="utf-8"))
             for cid in spec_condition_ids()}
    assert {cid: d["harmPerRound"] for cid, d in conds.items() if "harmPerRound" in d} == {"bleeding": 1, "burning": 2}


def test_condition_group_counts():
    groups = [c["group"] for c in book_conditions().values()]
    assert {g: groups.count(g) for g in set(groups)} == {"injury": 13, "head": 4, "high": 6, "comedown": 5,
                                                        "boost": 3}


def test_every_key_is_kebab_case():
    for pack in ("vehicles", "pregens", "street-people"):
        for doc in load_pack(pack).values():
            assert KEY_RE.fullmatch(doc["key"]), doc["key"]
            for ref in doc.get("kit", []):
                assert KEY_RE.fullmatch(ref_key(ref)), ref
