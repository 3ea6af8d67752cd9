"""The item catalogue, checked against the printed rulebook.

Covers ``packs-src/{perks,weapons,armour,ammunition,gear,outfits,consumables,drugs,backgrounds,vehicle-abilities}``.
Every expected value is parsed from the book's source text (``book.py``); the YAML is only ever the thing under test.
The few structured rules fields (``lockEasing``, ``onHit``, ``repair`` …) are derived here from the printed wording of
each entry, so a field that the book's text does not support fails as surely as a missing one.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest
import yaml

import book

PACKS = book.ROOT / "packs-src"
SPEC = book.ROOT / "docs" / "catalogue-format.md"

STAT_KEYS = ["mus", "grt", "mov", "whl", "aim", "grf", "sav", "frt", "btl"]
STAT_WORDS = {"Muscle": "mus", "Grit": "grt", "Moves": "mov", "Wheels": "whl", "Aim": "aim", "Graft": "grf",
              "Savvy": "sav", "Front": "frt", "Bottle": "btl"}
BANDS = {"Easy": "easy", "Medium": "medium", "Hard": "hard", "Long Shot": "longShot"}
KEY_RE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
ITEM_PACKS = ("weapons", "armour", "ammunition", "gear", "outfits", "consumables", "drugs")

COMMON = {"key", "name", "folder", "img", "description"}
FIELDS = {
    "perk": COMMON | {"stat", "situation"},
    "weapon": COMMON | {"stat", "impact", "range", "magazine", "price", "traits", "category", "bleedOn", "onHit",
                        "areaEngaged", "jamsOn", "breaksOn", "fillsArea", "missSetsFire", "offYourGameWith",
                        "checkTool"},
    "armour": COMMON | {"guard", "reduction", "price", "worn", "offBikeDivisor", "barsWeaponTraits"},
    "ammo": COMMON | {"ammoType", "packSize", "price", "quantity"},
    "gear": COMMON | {"price", "lockEasing", "noise", "statStep", "bandEasing", "applies", "repair", "witnessedHeat",
             "plateSwap", "checkTool", "startsClean", "bikeLock", "refuels", "makes", "blinds"},
    "outfit": COMMON | {"disguise", "heatDrop", "price", "statStep", "heatIfCaught"},
    "consumable": COMMON | {"price", "restoreHealth", "removes", "grants", "duration", "uses", "check", "repeat"},
    "drug": COMMON | {"price", "salePrice", "saleUnit", "high", "comedown", "duration", "possessionHeat"},
    "background": COMMON | {"spread", "perks", "kit", "cash", "suggestedHustle"},
    "vehicleAbility": COMMON | {"wheels", "offRoadPenaltyWaived", "enclosedGuard", "blocksSightOut", "cage",
                                "stretcher", "foldable", "unsellable", "ignoresRoads", "hearingBand", "hearingStat",
                                "anprRange"},
}
DOC_TYPE = {"perks": "perk", "weapons": "weapon", "armour": "armour", "ammunition": "ammo", "gear": "gear",
            "outfits": "outfit", "consumables": "consumable", "drugs": "drug", "backgrounds": "background",
            "vehicle-abilities": "vehicleAbility"}
COUNTS = {"perks": 42, "weapons": 45, "armour": 9, "ammunition": 12, "gear": 37, "outfits": 8, "consumables": 12,
          "drugs": 6, "backgrounds": 10, "vehicle-abilities": 13}


# --------------------------------------------------------------------------------------------------- helpers


def between(start: str, end: str) -> str:
    """``book.between`` with the Homebrewery layout breaks (``\\column``, ``\\page``) removed: they are not text."""
    return re.sub(r"\s*\\(?:column|page)\b", "", book.between(start, end))


def kebab(name: str) -> str:
    """The catalogue key of a printed name: apostrophes dropped, "&" read as "and", other runs of punctuation and
    spaces become one hyphen ("Farmer's Double" -> farmers-double, "Pocket .22" -> pocket-22)."""
    s = re.sub(r"['’]", "", name.lower().replace("&", "and"))
    return re.sub(r"[^a-z0-9]+", "-", s).strip("-")


def camel(name: str) -> str:
    """A printed Condition name as its id: "In Pain" -> inPain."""
    words = name.split()
    return words[0].lower() + "".join(w[:1].upper() + w[1:].lower() for w in words[1:])


def money(cell: str) -> int | None:
    cell = cell.strip()
    if cell in {"—", "restricted", "not ordinary stock"}:
        return None
    m = re.fullmatch(r"£(\d{1,3}(?:,\d{3})*|\d+)", cell)
    assert m, f"unreadable price {cell!r}"
    return int(m.group(1).replace(",", ""))


def and_list(phrase: str) -> list[str]:
    """ "pavements, paths, parks and alleys" -> the four words."""
    return [p.strip() for p in re.split(r",\s*|\s+and\s+", phrase) if p.strip()]


def table(chunk: str, header: str) -> list[list[str]]:
    """The data rows of the table whose header row starts with ``| header |``; the table ends at the first bold
    note or heading after it."""
    i = chunk.index(f"| {header} |")
    end = re.search(r"\s(?:\*\*|###|\}\})", chunk[i:])
    rows = book.table_rows(chunk[i:i + end.start()] if end else chunk[i:])
    assert rows[0][0] == header, rows[0]
    return rows[1:]


def bold_notes(chunk: str) -> dict[str, str]:
    """``**Name.** text`` notes, as {name: text}."""
    out = {}
    for m in re.finditer(r"\*\*(.+?)\.\*\* (.*?)(?=\s\*\*|\s*\}\}|\s*\{\{|$)", chunk):
        assert m.group(1) not in out, m.group(1)
        out[m.group(1)] = m.group(2).strip()
    return out


load_pack = book.catalogue_pack


@lru_cache(maxsize=None)
def pack_meta(pack: str) -> dict:
    return yaml.safe_load((PACKS / pack / "_pack.yml").read_text(encoding="utf-8"))


def keyed(pack: str) -> dict[str, dict]:
    return {d["key"]: d for d in load_pack(pack).values()}


def resolve(ref) -> dict:
    """An item ref (``key``, ``pack/key`` or ``{item: …}``) to its document; ambiguity is an error."""
    key = ref if isinstance(ref, str) else ref["item"]
    if "/" in key:
        pack, key = key.split("/", 1)
        assert pack in ITEM_PACKS, ref
        return keyed(pack)[key]
    hits = [keyed(p)[key] for p in ITEM_PACKS if key in keyed(p)]
    assert len(hits) == 1, f"kit ref {key!r} matches {len(hits)} item documents"
    return hits[0]


@lru_cache(maxsize=1)
def condition_ids() -> set[str]:
    """The 31 Condition ids, as the format spec lists them."""
    text = SPEC.read_text(encoding="utf-8")
    block = re.search(r"Condition ids \(31\): `([^`]+)`", re.sub(r"\s+", " ", text)).group(1)
    ids = set(block.split())
    assert len(ids) == 31
    return ids


def structured(doc: dict, plain: set[str]) -> dict:
    """The optional structured fields of a document (everything beyond ``plain``)."""
    return {k: v for k, v in doc.items() if k not in plain}


def params(fn):
    """Parametrise over a book parser's entries, or skip if the book is absent."""
    return fn() if book.path().exists() else []


# ------------------------------------------------------------------------------------------- the book's text


@lru_cache(maxsize=1)
def book_perks() -> list[dict]:
    chunk = between("# Perks · 1–6", "# Weapons · 1–12")
    assert len(re.findall(r"# Perks · \d+–\d+", chunk)) == 7
    out = []
    for m in re.finditer(r"### ([^#*]+?) \*\*([A-Z]{3}) · ([^*]+?)\*\* ([^#{]+)", chunk):
        out.append({"name": m.group(1), "stat": m.group(2).lower(), "situation": m.group(3).strip(),
                    "description": m.group(4).strip()})
    assert len(out) == chunk.count("### "), "a perk heading did not parse"
    return out


WEAPON_PAGES = ["# Weapons · 1–12", "# Weapons · 13–24", "# Weapons · 25–36", "# Weapons · 37–45"]


@lru_cache(maxsize=1)
def book_weapons() -> list[dict]:
    out = []
    for title in WEAPON_PAGES:
        chunk = between(title, "{{footnote")
        head, notes_text = chunk.split("### Item notes")
        notes = bold_notes(notes_text)
        rows = table(head, "Weapon")
        assert len(rows) == int(re.search(r"(\d+)–(\d+)", title).group(2)) - int(
            re.search(r"(\d+)–", title).group(1)) + 1
        for name, stat, imp, rng, mag, price, traits in rows:
            out.append({"name": name, "stat": stat, "impact": imp, "range": rng, "magazine": mag, "price": price,
                        "traits": traits, "note": notes.pop(name)})
        assert not notes, f"notes without a table row: {sorted(notes)}"
    return out


@lru_cache(maxsize=1)
def book_gm_checks() -> list[dict]:
    """GM checks · 1–32 as printed: name, band, stats, stakes (the tools' checks are named against them)."""
    out = []
    for title in ("# GM checks · 1–16", "# GM checks · 17–32"):
        chunk = between(title, "{{footnote")
        for name, band, stats, stakes in table(chunk, "Check"):
            out.append({"name": name, "band": band, "stats": stats, "stakes": stakes})
    assert len(out) == 32
    return out


def book_gm_check(name: str) -> dict:
    return next(c for c in book_gm_checks() if c["name"] == name)


@lru_cache(maxsize=1)
def book_extra_effects() -> dict[str, list[str]]:
    """Trait -> Conditions, from "stun gives Stunned and Prone, gas or smoke gives Gassed, and fire gives Burning"."""
    para = between("### Extra effects", "###")
    out = {}
    for traits, conds in re.findall(r"(\w+(?: or \w+)?) gives ((?:[A-Z]\w+)(?: and [A-Z]\w+)?)", para):
        for t in traits.split(" or "):
            out[t] = [camel(c) for c in conds.split(" and ")]
    assert set(out) == {"stun", "gas", "smoke", "fire"}, out
    return out


@lru_cache(maxsize=1)
def book_armour() -> list[dict]:
    chunk = between("# Armour Only", "{{footnote")
    notes = bold_notes(chunk[chunk.index("**"):])
    rows = [{"name": n, "guard": g, "reduction": r, "price": p, "note": notes.pop(n)}
            for n, g, r, p in table(chunk, "Armour")]
    assert not notes
    return rows


@lru_cache(maxsize=1)
def book_ammo() -> list[dict]:
    chunk = between("# Ammunition Record", "{{footnote")
    notes = bold_notes(chunk[chunk.index("**"):])
    rows = [{"name": n, "type": t, "pack": q, "price": p, "note": notes.pop(n)}
            for n, t, q, p in table(chunk, "Item")]
    assert not notes
    return rows


@lru_cache(maxsize=1)
def book_gear() -> list[dict]:
    chunk = between("# Tools & gear · 1–8", "# Clobber & outfits")
    out = [{"name": m.group(1), "price": m.group(2), "text": m.group(3).strip()}
           for m in re.finditer(r"### ([^#]+?) · (£[\d,]+) ([^#{]+)", chunk)]
    assert len(out) == chunk.count("### ")
    return out


@lru_cache(maxsize=1)
def book_outfits() -> list[dict]:
    chunk = between("# Clobber & outfits", "{{footnote")
    notes = bold_notes(chunk[chunk.index("**"):])
    rows = [{"name": n, "disguise": d, "heat": h, "price": p, "note": notes.pop(n)}
            for n, d, h, p in table(chunk, "Outfit")]
    assert not notes
    return rows


@lru_cache(maxsize=1)
def book_consumables() -> list[dict]:
    chunk = between("# Food & medicine · 1–6", "# Drugs · game effects")
    out = [{"name": m.group(1), "price": m.group(2), "bold": m.group(3), "text": m.group(4).strip()}
           for m in re.finditer(r"### ([^#*]+?) · (£\d+) \*\*([^*]+)\*\* ([^#{]+)", chunk)]
    assert len(out) == chunk.count("### ")
    return out


@lru_cache(maxsize=1)
def book_drugs() -> list[dict]:
    chunk = between("# Drugs · game effects The following", "# Motors · 1–5")
    out = []
    for part in chunk.split(" ## ")[1:]:
        m = re.match(r"(.+?) · (£\d+) supply price (.+?) (\| Game effect .*)", part)
        assert m, part[:80]
        rows = dict(book.table_rows(re.split(r"\s\}\}", m.group(4))[0])[1:])
        out.append({"name": m.group(1), "price": m.group(2), "text": m.group(3).strip(), "table": rows})
    return out


@lru_cache(maxsize=1)
def book_backgrounds() -> list[dict]:
    chunk = between("# Backgrounds ## ", "# The roll")
    out = []
    for part in re.split(r"(?<!#)## ", chunk)[1:]:
        head, rest = part.split(" **Suggested spread:** ", 1)
        f = dict(re.findall(r"\*\*([A-Z][a-z ]+):\*\* (.+?)(?= \*\*|\s*\{\{|$)", "**Suggested spread:** " + rest))
        spread_text, others = re.fullmatch(r"(.+?)\. (All other stats d\d+)\.", f["Suggested spread"].strip()).groups()
        cash, _ = re.fullmatch(r"£(\d+)\. (.+)", f["Cash"].strip()).groups()
        hustle = re.match(r"“(.+?)” ", f["Suggested hustle"]).group(1)
        out.append({"head": head.strip(), "spread": spread_text, "others": others,
                    "perks": f["Choose one perk"].strip().rstrip(".").split(", "),
                    "kit": f["Starting kit"].strip().rstrip(".").split(", "),
                    "cash": int(cash), "hustle": hustle})
    return out


@lru_cache(maxsize=1)
def book_vehicle_ability_names() -> set[str]:
    roster = between("# Motors · 1–5", "# Vehicle abilities A vehicle")
    names = set()
    for listed in re.findall(r"\*\*Abilities:\*\* (.+?)\. ", roster):
        if listed != "none":
            names.update(listed.split(", "))
    return names


@lru_cache(maxsize=1)
def book_vehicle_abilities() -> list[dict]:
    chunk = between("# Vehicle abilities A vehicle", "# Rep, Renown")
    names = book_vehicle_ability_names()
    out = []
    for m in re.finditer(r"### ([^#{]+)", chunk):
        head = m.group(1).strip()
        name = max((n for n in names if head.startswith(n + " ")), key=len)
        out.append({"name": name, "text": head[len(name) + 1:]})
    return out


# ---------------------------------------------------------------------------------------------- counts, meta


def test_book_states_the_catalogue_counts():
    para = between("### The catalogue", "{{footnote")
    assert "**all 171 items**" in para
    stated = dict((w, int(n)) for n, w in re.findall(
        r"(\d+) (perks|weapons|tools and gear|ammunition|armour|outfits|drug|consumables)", para))
    assert stated == {"perks": 42, "weapons": 45, "tools and gear": 37, "ammunition": 12, "armour": 9,
                      "outfits": 8, "drug": 6, "consumables": 12}
    assert sum(stated.values()) == 171
    assert [stated[k] for k in ("perks", "weapons", "armour", "ammunition", "tools and gear", "outfits",
                                "consumables", "drug")] == [COUNTS[p] for p in (
                                    "perks", "weapons", "armour", "ammunition", "gear", "outfits", "consumables",
                                    "drugs")]


def test_book_parsers_find_every_entry():
    assert len(book_perks()) == 42
    assert len(book_weapons()) == 45
    assert len(book_armour()) == 9
    assert len(book_ammo()) == 12
    assert len(book_gear()) == 37
    assert len(book_outfits()) == 8
    assert len(book_consumables()) == 12
    assert len(book_drugs()) == 6
    assert len(book_backgrounds()) == 10
    assert len(book_vehicle_abilities()) == 13 == len(book_vehicle_ability_names())


@pytest.mark.parametrize("pack", list(COUNTS))
def test_pack_count_and_meta(pack):
    docs = load_pack(pack)
    assert len(docs) == COUNTS[pack]
    assert len(list((PACKS / pack).glob("*.yml"))) == COUNTS[pack] + 1
    meta = pack_meta(pack)
    assert set(meta) <= {"label", "type", "documentType", "folders"}
    assert meta["type"] == "Item" and meta["documentType"] == DOC_TYPE[pack] and meta["label"]
    folders = [f["key"] for f in meta.get("folders", [])]
    assert len(folders) == len(set(folders))
    for doc in docs.values():
        assert set(doc) <= FIELDS[DOC_TYPE[pack]], (doc["key"], set(doc) - FIELDS[DOC_TYPE[pack]])
        assert KEY_RE.fullmatch(doc["key"]), doc["key"]
        assert doc["key"] == kebab(doc["name"])
        assert isinstance(doc["description"], str) and doc["description"]
        for field in ("name", "description", "situation", "suggestedHustle"):
            if field in doc:
                assert not re.search(r"\\|\{\{|\}\}|\*\*|\||#|^\s|\s$|\s\s", doc[field]), (doc["key"], field)
        assert doc.get("folder") is None or doc["folder"] in folders, doc["key"]
        if "img" in doc:
            assert isinstance(doc["img"], str)


def test_item_total_is_171():
    assert sum(len(load_pack(p)) for p in ITEM_PACKS) + len(load_pack("perks")) == 171


def test_same_name_entries_stay_separate():
    assert {"Steady Hand", "Steady Hands"} <= set(load_pack("perks"))
    assert {"Brick", "Thrown Brick"} <= set(load_pack("weapons"))
    assert {"Angle Grinder", "Cordless Angle Grinder"} <= set(load_pack("gear"))
    assert keyed("perks")["bike-thief"]["name"] == keyed("backgrounds")["bike-thief"]["name"] == "Bike Thief"


# ------------------------------------------------------------------------------------------------------ perks


def test_perk_names_are_the_book_names():
    assert set(load_pack("perks")) == {p["name"] for p in book_perks()}


@pytest.mark.parametrize("printed", params(book_perks), ids=lambda p: p["name"])
def test_perk_matches_book(printed):
    doc = load_pack("perks")[printed["name"]]
    assert doc["stat"] == printed["stat"] and doc["stat"] in STAT_KEYS
    assert doc["situation"] == printed["situation"]
    assert doc["description"] == printed["description"]


# ---------------------------------------------------------------------------------------------------- weapons


def test_weapon_names_are_the_book_names():
    assert set(load_pack("weapons")) == {w["name"] for w in book_weapons()}


def expected_weapon_rules(w: dict) -> dict:
    """The structured notes the book supports for one weapon: its traits under the general "Extra effects" rule,
    plus what its item note says."""
    traits = [t.strip() for t in w["traits"].split(",")] if w["traits"] != "—" else []
    note = w["note"]
    rules = {}
    if "bleed" in traits:
        rules["bleedOn"] = "anyDamage" if "any damage also causes Bleeding" in note else "smashedIt"
        if rules["bleedOn"] == "smashedIt" and "Bleeding" in note:
            assert "A Smashed It hit causes Bleeding" in note
    else:
        assert "Bleeding" not in note
    on_hit = []
    for t in traits:
        on_hit += [c for c in book_extra_effects().get(t, []) if c not in on_hit]
    if on_hit:
        rules["onHit"] = on_hit
    if "Engaged with the target" in note:
        rules["areaEngaged"] = True
    if m := re.search(r"Jams on a (Proper Mess)", note):
        rules["jamsOn"] = camel(m.group(1))
    if m := re.search(r"Smashes on a (Proper Mess)", note):
        rules["breaksOn"] = camel(m.group(1))
    if "Fills the area" in note:
        rules["fillsArea"] = True
    if "a miss sets fire" in note:
        rules["missSetsFire"] = True
    if m := re.search(r"Off Your Game for anyone with (\w+) d(\d+)", note):
        rules["offYourGameWith"] = {"stat": STAT_WORDS[m.group(1)], "die": int(m.group(2))}
    # Tools for a GM check (GM checks · 17–32, Break Down a Door: "A crowbar or axe makes it Easy"): the claw
    # hammer's own number; the crowbar and the axe by the check's row, which names them.
    door = book_gm_check("Break Down a Door")
    if m := re.search(r"opens a cheap door \((Graft), (one) band easier\)", note):
        rules["checkTool"] = {"check": "break-down-a-door", "stats": [STAT_WORDS[m.group(1)]],
                              "bands": NUM_WORDS[m.group(2)], "when": "cheapDoor"}
    elif re.search(r"tool for breaking in|Through a door", note):
        m = re.search(r"A crowbar or axe makes it (Easy|Medium|Hard)", door["stakes"])
        assert m and w["name"].split()[-1].lower() in door["stakes"].lower(), (w["name"], door["stakes"])
        rules["checkTool"] = {"check": "break-down-a-door", "band": BANDS[m.group(1)]}
    return rules


@pytest.mark.parametrize("printed", params(book_weapons), ids=lambda w: w["name"])
def test_weapon_matches_book(printed):
    doc = load_pack("weapons")[printed["name"]]
    assert doc["stat"] == printed["stat"].lower() and doc["stat"] in {"mus", "aim"}
    assert doc["impact"] == int(printed["impact"])
    assert doc["range"] == printed["range"].lower() and doc["range"] in {"engaged", "near", "far", "distant"}
    if printed["magazine"] in {"—", "thrown"}:
        assert doc["magazine"] is None
    else:
        size, ammo_type = re.fullmatch(r"(\d+) (.+)", printed["magazine"]).groups()
        assert doc["magazine"] == {"size": int(size), "ammoType": ammo_type}
    assert doc["price"] == money(printed["price"])
    traits = [] if printed["traits"] == "—" else [t.strip() for t in printed["traits"].split(",")]
    assert doc["traits"] == [{"2 hands": "twoHanded"}.get(t, t) for t in traits]
    assert doc["description"] == printed["note"]
    # thrown weapons have no magazine and the thrown trait; hand-to-hand ones use Muscle
    assert ("thrown" in traits) == (printed["magazine"] == "thrown")
    plain = FIELDS["weapon"] - {"bleedOn", "onHit", "areaEngaged", "jamsOn", "breaksOn", "fillsArea", "missSetsFire",
                                "offYourGameWith", "checkTool"}
    assert structured(doc, plain) == expected_weapon_rules(printed)


@pytest.mark.parametrize("printed", params(book_weapons), ids=lambda w: w["name"])
def test_weapon_category_and_folder(printed):
    doc = load_pack("weapons")[printed["name"]]
    traits = printed["traits"]
    mag = printed["magazine"]
    if printed["stat"] == "MUS":
        cat, folder = "melee", "hand-to-hand"
    elif mag == "thrown":
        cat, folder = "thrown", "thrown"
    elif mag.endswith(" rocket"):
        cat, folder = "launcher", "firearms"
    elif mag.endswith(" 12-gauge"):
        cat, folder = "shotgun", "firearms"
    elif "2 hands" in traits:
        cat, folder = "rifle", "firearms"
    elif "burst" in traits:
        cat, folder = "smg", "firearms"
    else:
        cat, folder = "handgun", "firearms"
    assert (doc["category"], doc["folder"]) == (cat, folder)


def test_weapon_folders_declared():
    assert [f["key"] for f in pack_meta("weapons")["folders"]] == ["hand-to-hand", "firearms", "thrown"]


def test_weapon_ammo_types_match_ammunition():
    weapon_types = {d["magazine"]["ammoType"] for d in load_pack("weapons").values() if d["magazine"]}
    ammo_types = {d["ammoType"] for d in load_pack("ammunition").values()}
    assert weapon_types == ammo_types
    assert {".177 pellets", "taser cartridge", "CS canister", "12-gauge"} <= weapon_types


def test_weapon_condition_ids_exist():
    for doc in load_pack("weapons").values():
        for c in doc.get("onHit", []):
            assert c in condition_ids(), (doc["key"], c)


# ----------------------------------------------------------------------------------------------------- armour


@pytest.mark.parametrize("printed", params(book_armour), ids=lambda a: a["name"])
def test_armour_matches_book(printed):
    doc = load_pack("armour")[printed["name"]]
    assert doc["guard"] == int(printed["guard"])
    assert doc["reduction"] == int(printed["reduction"])
    assert doc["price"] == money(printed["price"])
    assert doc.get("worn", False) is False  # optional; the catalogue leaves the default out
    assert doc["description"] == printed["note"]
    # The notes the rules read: "coming off a bike does half damage"; "you cannot use a two-handed weapon".
    half = "coming off a bike does half damage" in printed["note"]
    assert doc.get("offBikeDivisor") == (2 if half else None)
    bars = "you cannot use a two-handed weapon" in printed["note"]
    assert doc.get("barsWeaponTraits", []) == (["twoHanded"] if bars else [])


def test_armour_names_are_the_book_names():
    assert set(load_pack("armour")) == {a["name"] for a in book_armour()}


# ------------------------------------------------------------------------------------------------- ammunition


@pytest.mark.parametrize("printed", params(book_ammo), ids=lambda a: a["name"])
def test_ammo_matches_book(printed):
    doc = load_pack("ammunition")[printed["name"]]
    assert doc["ammoType"] == printed["type"]
    assert doc["packSize"] == int(printed["pack"])
    assert doc.get("quantity", doc["packSize"]) == doc["packSize"]
    assert doc["price"] == money(printed["price"])
    assert doc["description"] == printed["note"]


def test_ammo_names_are_the_book_names():
    assert set(load_pack("ammunition")) == {a["name"] for a in book_ammo()}


# ------------------------------------------------------------------------------------------------------- gear


NUM_WORDS = {"one": 1, "two": 2, "three": 3}
LOCK_TARGETS = [(r"\bbike locks?\b", "bike"), (r"\b[Cc]ar locks\b", "car"), (r"\bolder cars\b", "olderCar"),
                (r"\bdoors\b", "door"), (r"\bpadlocks\b", "padlock"), (r"^Makes a lock\b", "any")]


def expected_gear_rules(text: str) -> dict:
    """The structured rules a gear entry's printed effect supports."""
    rules = {}
    if m := re.search(r"(Savvy|Front|Graft) (one|two) bands? easier for (.+?)\.", text):
        rules["bandEasing"] = {"stat": STAT_WORDS[m.group(1)], "situation": m.group(3),
                               "bands": NUM_WORDS[m.group(2)]}
    elif m := re.search(r"(one|two) bands? easier", text):
        targets = [t for pattern, t in LOCK_TARGETS if re.search(pattern, text)]
        assert targets, text
        rules["lockEasing"] = {"targets": targets, "bands": NUM_WORDS[m.group(1)]}
    if re.search(r"\bShrieks\b|\bLoud\b", text):
        rules["noise"] = "loud"
    elif re.search(r"\bsilent(ly)?\b|\bquiet\b", text):
        rules["noise"] = "silent"
    if m := re.search(r"(\w+) steps up one die (.+?)[,.]", text):
        rules["statStep"] = {"stat": STAT_WORDS[m.group(1)], "situation": m.group(2)}
    if re.search(r"they are Cuffed|Apply Cuffed", text):
        rules["applies"] = "cuffed"
    if m := re.search(r"a witnessed crime adds (\d+) less Heat", text):
        rules["witnessedHeat"] = -int(m.group(1))
    if m := re.search(r"(Graft) roll \((\w+)\) restores Body \(Sorted (\d+), Smashed It (\d+), Legendary (\w+)\)"
                      r"( or fixes a flat tyre)?", text):
        legendary = m.group(5) if m.group(5) == "all" else int(m.group(5))
        rules["repair"] = {"stat": STAT_WORDS[m.group(1)], "band": BANDS[m.group(2)], "sorted": int(m.group(3)),
                           "smashedIt": int(m.group(4)), "legendary": legendary, "fixesFlat": bool(m.group(6))}
    elif m := re.search(r"A (Graft) check can repair (\d+) Body", text):
        n = int(m.group(2))  # no band printed: the repair is the same on any success
        # fixesFlat is left out: false is its default and the canonical catalogue omits defaults
        rules["repair"] = {"stat": STAT_WORDS[m.group(1)], "sorted": n, "smashedIt": n, "legendary": n}
    if m := re.search(r"Swap them \((\w+), (Easy|Medium|Hard|Long Shot)\)", text):
        rules["plateSwap"] = {"stat": STAT_WORDS[m.group(1)], "band": BANDS[m.group(2)]}
    if m := re.search(r"blinding someone for a moment \((\w+) vs their (\w+)\)", text):
        rules["blinds"] = {"stat": STAT_WORDS[m.group(1)], "against": STAT_WORDS[m.group(2)]}
    if re.search(r"starts clean \(no hotwire\)", text):
        rules["startsClean"] = True
    if m := re.search(r"Locked bikes need an? (Easy|Medium|Hard|Long Shot) roll to nick", text):
        rules["bikeLock"] = {"band": BANDS[m.group(1)]}
    if re.search(r"\bRefuels a vehicle\b", text):
        rules["refuels"] = True
    if m := re.search(r"makes (one|two|three) (Petrol Bombs)", text):
        rules["makes"] = {"item": "weapons/" + kebab(m.group(2)[:-1]), "quantity": NUM_WORDS[m.group(1)]}
    # Tools for a GM check (GM checks · 1–16): lock picks ease Pick a Lock ("Lock picks make it one band easier");
    # the screwdriver set is for the ignition barrel, the Hotwire check, "No easier".
    if m := re.search(r"For doors and padlocks: (one) band easier", text):
        assert "Lock picks make it one band easier" in book_gm_check("Pick a Lock")["stakes"]
        rules["checkTool"] = {"check": "pick-a-lock", "bands": NUM_WORDS[m.group(1)]}
    if re.search(r"For the ignition barrel\. No easier", text):
        assert "Hotwire" in {c["name"] for c in book_gm_checks()}
        rules["checkTool"] = {"check": "hotwire", "bands": 0}
    return rules


def test_gear_names_are_the_book_names():
    assert set(load_pack("gear")) == {g["name"] for g in book_gear()}


@pytest.mark.parametrize("printed", params(book_gear), ids=lambda g: g["name"])
def test_gear_matches_book(printed):
    doc = load_pack("gear")[printed["name"]]
    assert doc["price"] == money(printed["price"])
    assert doc["description"] == printed["text"]
    assert structured(doc, COMMON | {"price"}) == expected_gear_rules(printed["text"])


def test_gear_rules_cover_the_lock_tools():
    rules = {d["name"]: d for d in load_pack("gear").values()}
    assert rules["Angle Grinder"]["lockEasing"] == {"targets": ["bike"], "bands": 2}
    assert rules["Angle Grinder"]["noise"] == "loud"
    assert rules["Cordless Angle Grinder"]["lockEasing"] == {"targets": ["any"], "bands": 2}
    assert rules["Relay Box"]["noise"] == "silent"
    assert rules["Lock Picks"]["lockEasing"] == {"targets": ["door", "padlock"], "bands": 1}
    assert rules["Balaclava"]["witnessedHeat"] == -1
    assert rules["Toolkit"]["repair"]["legendary"] == "all"
    assert "lockEasing" not in rules["Screwdriver Set"] and "lockEasing" not in rules["Screwdriver"]


# ---------------------------------------------------------------------------------------------------- outfits


@pytest.mark.parametrize("printed", params(book_outfits), ids=lambda o: o["name"])
def test_outfit_matches_book(printed):
    doc = load_pack("outfits")[printed["name"]]
    assert doc["disguise"] == printed["disguise"]
    assert doc["heatDrop"] == int(printed["heat"])
    assert doc["price"] == money(printed["price"])
    assert doc["description"] == printed["note"]
    rules = {}
    if m := re.search(r"(\w+) steps up one die (.+?)[,.]", printed["note"]):
        rules["statStep"] = {"stat": STAT_WORDS[m.group(1)], "situation": m.group(2)}
    if m := re.search(r"if you are caught \(\+(\d+) Heat\)", printed["note"]):
        rules["heatIfCaught"] = int(m.group(1))
    assert structured(doc, COMMON | {"disguise", "heatDrop", "price"}) == rules


def test_outfit_names_are_the_book_names():
    assert set(load_pack("outfits")) == {o["name"] for o in book_outfits()}


# ------------------------------------------------------------------------------------------------ consumables


USES = {"Three uses": 3, "A four-pack": 4, "Twenty in a pack": 20}


@pytest.mark.parametrize("printed", params(book_consumables), ids=lambda c: c["name"])
def test_consumable_matches_book(printed):
    doc = load_pack("consumables")[printed["name"]]
    assert doc["price"] == money(printed["price"])
    assert doc["description"] == printed["text"]
    want = {"restoreHealth": 0, "removes": [], "grants": None}
    for part in printed["bold"].strip().rstrip(".").split("; "):
        if m := re.fullmatch(r"restore (\d+) Health", part):
            want["restoreHealth"] = int(m.group(1))
        elif m := re.fullmatch(r"remove (.+)", part):
            want["removes"] = [camel(c) for c in m.group(1).split(", ")]
        elif m := re.fullmatch(r"gain (.+)", part):
            want["grants"] = camel(m.group(1))
        elif m := re.fullmatch(r"temporary effect (\d+) game minutes", part):
            want["duration"] = int(m.group(1))
        else:
            pytest.fail(f"unknown effect {part!r}")
    for c in want["removes"] + [want["grants"]] * bool(want["grants"]):
        assert c in condition_ids(), c
    uses = [n for phrase, n in USES.items() if phrase in printed["text"]]
    want["uses"] = uses[0] if uses else 1
    if m := re.search(r"\((Savvy|Grit|Front), (Easy|Medium|Hard)\)", printed["text"]):
        want["check"] = {"stat": STAT_WORDS[m.group(1)], "band": BANDS[m.group(2)]}
    if m := re.search(r"A second while you have it: (\w+)\.", printed["text"]):
        want["repeat"] = {"while": want["grants"], "grants": camel(m.group(1))}
        assert want["repeat"]["grants"] in condition_ids()
    got = {k: v for k, v in doc.items() if k not in COMMON | {"price"}}
    assert got == want


def test_consumable_names_are_the_book_names():
    assert set(load_pack("consumables")) == {c["name"] for c in book_consumables()}


# ------------------------------------------------------------------------------------------------------ drugs


@pytest.mark.parametrize("printed", params(book_drugs), ids=lambda d: d["name"])
def test_drug_matches_book(printed):
    doc = load_pack("drugs")[printed["name"]]
    t = printed["table"]
    assert set(t) == {"Street sale price", "High", "Comedown", "Duration", "Possession Heat"}
    assert doc["price"] == money(printed["price"])
    price, unit = re.fullmatch(r"(£\d+) per (\w+)", t["Street sale price"]).groups()
    assert (doc["salePrice"], doc["saleUnit"]) == (money(price), unit)
    assert doc["high"] == camel(t["High"]) and doc["high"] in condition_ids()
    assert doc["comedown"] == (None if t["Comedown"] == "none" else camel(t["Comedown"]))
    assert doc["comedown"] is None or doc["comedown"] in condition_ids()
    assert doc["duration"] == int(re.fullmatch(r"(\d+) game minutes", t["Duration"]).group(1))
    assert doc["possessionHeat"] == int(re.fullmatch(r"(\d+) if the item is discovered",
                                                     t["Possession Heat"]).group(1))
    # The source runs the possession sentence on without a space ("then Foggy.Caught with a bag"); the catalogue
    # restores the space, as it does for the street-people notes.
    assert doc["description"] == re.sub(r"(?<=[a-z])\.(?=[A-Z])", ". ", printed["text"])


def test_drug_text_joined_sentences():
    joined = [d["name"] for d in book_drugs() if re.search(r"[a-z]\.[A-Z]", d["text"])]
    assert joined == ["Skunk", "Charlie", "Pills"]
    for doc in load_pack("drugs").values():
        assert not re.search(r"[a-z]\.[A-Z]", doc["description"]), doc["key"]


def test_drug_names_are_the_book_names():
    assert set(load_pack("drugs")) == {d["name"] for d in book_drugs()}


# ------------------------------------------------------------------------------------------------ backgrounds


def test_background_count_matches_the_creation_steps():
    steps = between("### Seven steps", "### One extra thing")
    assert "ten starting points" in steps and "three perk choices" in steps
    assert len(book_backgrounds()) == 10 == len(load_pack("backgrounds"))


@pytest.mark.parametrize("printed", params(book_backgrounds), ids=lambda b: b["head"][:20])
def test_background_matches_book(printed):
    docs = [d for d in load_pack("backgrounds").values() if printed["head"].startswith(d["name"] + " ")]
    assert len(docs) == 1, printed["head"]
    doc = docs[0]
    assert f"{doc['name']} {doc['description']}" == printed["head"]
    base = int(re.fullmatch(r"All other stats d(\d+)", printed["others"]).group(1))
    spread = {s: base for s in STAT_KEYS}
    for part in printed["spread"].split(", "):
        stat, die = re.fullmatch(r"([A-Z]{3}) d(\d+)", part).groups()
        spread[stat.lower()] = int(die)
    assert doc["spread"] == spread
    assert list(doc["spread"]) == STAT_KEYS
    perks = load_pack("perks")
    assert doc["perks"] == [perks[n]["key"] for n in printed["perks"]]
    assert [resolve(r)["name"] for r in doc["kit"]] == printed["kit"]
    assert doc["kit"][0] == "fists"
    assert doc["cash"] == printed["cash"]
    assert doc["suggestedHustle"] == printed["hustle"]


def test_background_spreads_follow_the_creation_rule():
    steps = between("### Seven steps", "### One extra thing")
    assert "exactly **one d8, three d6s and five d4s**" in steps
    for doc in load_pack("backgrounds").values():
        assert sorted(doc["spread"].values()) == [4, 4, 4, 4, 4, 6, 6, 6, 8], doc["key"]


def test_kit_refs_resolve_and_are_unambiguous():
    owners: dict[str, list[str]] = {}
    for pack in ITEM_PACKS:
        for key in keyed(pack):
            owners.setdefault(key, []).append(pack)
    for doc in load_pack("backgrounds").values():
        for ref in doc["kit"]:
            key = ref if isinstance(ref, str) else ref["item"]
            if "/" not in key:
                assert len(owners.get(key, [])) == 1, (doc["key"], key)
            resolve(ref)


# ------------------------------------------------------------------------------------------ vehicle abilities


def expected_ability_rules(text: str) -> dict:
    rules = {}
    wheels = {}
    if re.search(r"\+1 Wheels while on", text):
        wheels["lightsOn"] = 1
    if re.search(r"\+1 Wheels off road", text):
        wheels["offRoad"] = 1
    if re.search(r"\+1 Wheels at junctions", text):
        wheels["junction"] = 1
    if wheels:
        rules["wheels"] = wheels
    if m := re.search(r"Avoid the off-road penalty on (.+?)\.", text):
        rules["offRoadPenaltyWaived"] = and_list(m.group(1))
    if "no enclosed-vehicle +2 Guard" in text:
        rules["enclosedGuard"] = False
    if "cannot see or attack out" in text:
        rules["blocksSightOut"] = True
    if text.startswith("Caged occupants"):
        rules["cage"] = True
    if text.startswith("Patient space"):
        rules["stretcher"] = True
    if "can be folded" in text:
        rules["foldable"] = True
    if "No fence will buy it" in text:
        rules["unsellable"] = True
    if text.startswith("Ignores roads"):
        rules["ignoresRoads"] = True
    if m := re.search(r"Hearing its approach with (\w+) is (Easy|Medium|Hard|Long Shot)", text):
        rules["hearingStat"] = STAT_WORDS[m.group(1)]
        rules["hearingBand"] = BANDS[m.group(2)]
    if m := re.search(r"ANPR can read a targeted plate within (\d+) squares", text):
        rules["anprRange"] = int(m.group(1))
    return rules


@pytest.mark.parametrize("printed", params(book_vehicle_abilities), ids=lambda a: a["name"])
def test_vehicle_ability_matches_book(printed):
    doc = load_pack("vehicle-abilities")[printed["name"]]
    assert doc["description"] == printed["text"]
    rules = expected_ability_rules(printed["text"])
    assert rules, f"no structured effect found for {printed['name']}"
    assert structured(doc, COMMON) == rules


def test_vehicle_ability_names_are_the_book_names():
    assert set(load_pack("vehicle-abilities")) == book_vehicle_ability_names()
