"""The rules tables (``packs-src/rules/*.yml``) checked against their schemas and the printed rulebook.

(a) Every rules file validates against ``tools/the_smoke/schemas/rules/<table>.schema.json`` (draft 2020-12), and
    every schema is strict (``additionalProperties: false`` and a ``required`` list on every object).
(b) Every value in every table is compared with the book. The expected values are parsed from the book's source
    text (``book.py``) here, never from the YAML: printed tables are read row by row; a value that only appears in
    prose is read out of the exact printed phrase (``said``/``says`` fail if the phrase is not in the book). Each
    per-file test finally asserts that every non-text value of the file (numbers, booleans, nulls) was checked.
"""

from __future__ import annotations

import json
import math
import re
from contextlib import contextmanager
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import jsonschema
import pytest
import yaml

import book
from the_smoke import schemas  # the registry holds common.schema.json, which the rules schemas $ref

RULES = book.ROOT / "packs-src" / "rules"
SCHEMAS = book.ROOT / "tools" / "the_smoke" / "schemas" / "rules"

TABLES = [
    "chase", "combat", "creation", "damage-severity", "dice", "difficulty", "explosion-moments", "fence", "gm-checks",
    "hazards", "heat", "hustle", "money", "outcomes", "police-response", "ranges", "renown", "rep", "shifts",
    "speed-dice", "stats", "street-events", "tn-tables", "vehicle-fire", "vehicle-theft", "witnessed-crimes",
]
DICE = [4, 6, 8, 10, 12, 20]
STAT_ABBR = {"MUS": "mus", "GRT": "grt", "MOV": "mov", "WHL": "whl", "AIM": "aim", "GRF": "grf", "SAV": "sav",
             "FRT": "frt", "BTL": "btl"}
STAT_NAME = {"Muscle": "mus", "Grit": "grt", "Moves": "mov", "Wheels": "whl", "Aim": "aim", "Graft": "grf",
             "Savvy": "sav", "Front": "frt", "Bottle": "btl"}
CONDITION_IDS = set(
    "bruised hurt bleeding inPain broken knackered restrained stunned prone down cuffed grabbed burning shaken "
    "brickingIt mullered gassed blazed wired lovedUp numb giggling pumped foggy crashing wrungOut jittery roidRage "
    "buzzing dutchCourage numbed".split())
WORDS = {"zero": 0, "one": 1, "once": 1, "two": 2, "twice": 2, "three": 3, "third": 3, "four": 4,
         "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}


# --------------------------------------------------------------------------------------------------- helpers


def camel(label: str) -> str:
    """A printed label as an id: "Smashed It" -> smashedIt, "Long Shot" -> longShot, "India 99" -> india99."""
    words = re.sub(r"[^A-Za-z0-9 ]+", "", label).split()
    return words[0].lower() + "".join(w[:1].upper() + w[1:].lower() for w in words[1:])


def kebab(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("&", "and")).strip("-")


def condition(name: str) -> str:
    cid = camel(name.strip())
    assert cid in CONDITION_IDS, f"not a Condition: {name!r}"
    return cid


def names_list(phrase: str) -> list[str]:
    """ "Muscle, Grit and Moves" -> ["Muscle", "Grit", "Moves"]."""
    return [p.strip() for p in re.split(r",\s*|\s+and\s+|\s+or\s+", phrase) if p.strip()]


def plain(s: str) -> str:
    """Printed text without Homebrewery bold/italic markers."""
    return re.sub(r"\*+", "", s).strip()


def num(cell: str) -> int | float:
    """A printed number: typographic minus, "+", "£", "%", "½" and ".05"-style decimals."""
    c = cell.strip().replace("−", "-").replace("£", "").replace("%", "").replace("+", "").replace(",", "")
    if c.endswith("½"):
        return float(c[:-1] or 0) + 0.5
    if c.startswith(".") or c.startswith("-."):
        c = c.replace(".", "0.", 1)
    v = float(c)
    return int(v) if v.is_integer() and "." not in c else v


_NUM = r"([−+-]?(?:\d+(?:\.\d+)?|\.\d+))"
_WORD = r"((?i:" + "|".join(sorted(WORDS, key=len, reverse=True)) + r"))"


def said(template: str) -> list[int | float]:
    """Assert the printed phrase occurs in the book and return the numbers in its slots, in order.

    ``{}`` is a printed number (sign and decimals kept: "−2" -> -2, ".12" -> 0.12); ``{w}`` a number word
    ("three", "twice", "third"). Everything else must match the book's source text exactly."""
    out, parts = [], re.split(r"(\{w?\})", template)
    for p in parts:
        out.append(_NUM if p == "{}" else _WORD if p == "{w}" else re.escape(p))
    m = re.search("".join(out), book.text())
    assert m, f"phrase not in the book: {template!r}"
    slots = [p for p in parts if p in ("{}", "{w}")]
    return [WORDS[g.lower()] if s == "{w}" else num(g) for s, g in zip(slots, m.groups())]


def says(phrase: str) -> bool:
    """Assert an exact printed phrase is in the book (a rule stated in words only)."""
    assert phrase in book.text(), f"phrase not in the book: {phrase!r}"
    return True


def table(header: str, *, after: str | None = None) -> list[list[str]]:
    """The body rows of the printed table whose header row is ``header`` (a complete ``| a | b |`` row), the first
    one after ``after``. The rows run together on one line in the source; the table ends at the first row that is
    not followed by another ``|``."""
    s = book.text()
    start = s.index(header, s.index(after) if after else 0)
    ncols = header.count("|") - 1
    row = re.compile(r"\|" + r"[^|]*\|" * ncols)
    pos = start
    while (m := row.match(s, pos)):
        pos = m.end()
        nxt = len(s) - len(s[pos:].lstrip())
        if nxt >= len(s) or s[nxt] != "|":
            break
        pos = nxt
    rows = book.table_rows(s[start:pos])
    assert rows and "|".join(rows[0]) == "|".join(c.strip() for c in header.strip().strip("|").split("|"))
    body = rows[1:]
    assert body and all(len(r) == ncols for r in body), f"table {header!r} did not parse: {body!r}"
    return body


def section(start: str, end: str, *, after: str | None = None) -> str:
    return book.between(start, end, after=after)


def same(a, b) -> bool:
    """Deep equality that keeps booleans apart from 0/1 (1 == 1.0 is fine)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def round_half_up(x: float, step: int = 1) -> int:
    return int((Decimal(str(x)) / step).quantize(Decimal(1), rounding=ROUND_HALF_UP)) * step


def load(name: str) -> dict:
    return yaml.safe_load((RULES / f"{name}.yml").read_text(encoding="utf-8"))


class Rules:
    """One rules file, with a record of which values the test compared with the book."""

    def __init__(self, name: str):
        self.name = name
        self.data = load(name)
        self.checked: set[tuple] = set()

    def get(self, *path):
        v = self.data
        for k in path:
            v = v[k]
        self.checked.add(path)
        return v

    def peek(self, *path):
        v = self.data
        for k in path:
            v = v[k]
        return v

    def eq(self, expected, *path):
        """Assert the value at ``path`` equals the book's ``expected`` (the whole subtree counts as checked)."""
        actual = self.get(*path)
        where = ".".join(map(str, path)) or "<root>"
        assert same(actual, expected), f"{self.name}.yml {where}: {actual!r} != book {expected!r}"

    def index(self, listpath: tuple, **match) -> int:
        rows = self.peek(*listpath)
        hits = [i for i, r in enumerate(rows) if all(r.get(k) == v for k, v in match.items())]
        assert len(hits) == 1, f"{self.name}.yml {listpath}: no single row with {match}"
        return hits[0]

    def unchecked(self, keys: tuple[str, ...] = ()) -> list[str]:
        """Non-text values (under the top-level ``keys``, default all) that no check covered."""
        out = []

        def walk(v, path):
            if isinstance(v, dict):
                for k, x in v.items():
                    walk(x, path + (k,))
            elif isinstance(v, list):
                for i, x in enumerate(v):
                    walk(x, path + (i,))
            elif not isinstance(v, str):
                if not any(path[:n] in self.checked for n in range(len(path) + 1)):
                    out.append(".".join(map(str, path)))

        for k, v in self.data.items():
            if not keys or k in keys:
                walk(v, (k,))
        return out


# Files checked by several tests: each test owns some top-level keys (test_parts_cover_their_files checks the union).
PARTS = {
    "combat": [("health", "guard", "attack", "weaponEffects"), ("reactions", "guardModifiers", "conditionGuard"),
               ("shooting", "grab", "breakFree", "cuff"), ("down", "firstAid", "ongoingHarm", "endOfRound", "recovery",
                                                           "simpleTracker")],
    "rep": [("maxLevel", "tiers", "levels"), ("levelUp", "growth", "advance", "unlocks", "xp")],
    "chase": [("vehicleGuard", "footChaseFromStars", "wantedDriverFromStars", "gauge", "fuel", "boarding"),
              ("failedCheck", "evasive", "goEvasive", "ram", "pit", "flatTyre", "lowBody", "getaway", "driving")],
    "shifts": [("shifts", "clockWindows"), ("pay", "example"), ("paramedic", "fire", "pursuit", "checkBand", "disturbance")],
}


@contextmanager
def rules(name: str, part: int | None = None):
    """A rules file whose every non-text value (in ``PARTS[name][part]`` if given) must be checked in the block."""
    t = Rules(name)
    yield t
    keys = PARTS[name][part] if part is not None else ()
    left = t.unchecked(keys)
    assert not left, f"{name}.yml: values not compared with the book: {left}"


@pytest.mark.parametrize("name", sorted(PARTS))
def test_parts_cover_their_files(name):
    keys = [k for part in PARTS[name] for k in part]
    assert sorted(keys) == sorted(load(name)), f"{name}.yml: top-level keys not owned by exactly one test"


# ------------------------------------------------------------------------------------- files, schemas, headers


def test_every_table_has_its_file_and_schema():
    assert sorted(p.stem for p in RULES.glob("*.yml")) == TABLES
    assert sorted(p.name.removesuffix(".schema.json") for p in SCHEMAS.glob("*.schema.json")) == TABLES


def _objects(schema, path="#"):
    if isinstance(schema, dict):
        if schema.get("type") == "object" or "properties" in schema:
            yield path, schema
        for k, v in schema.items():
            yield from _objects(v, f"{path}/{k}")
    elif isinstance(schema, list):
        for i, v in enumerate(schema):
            yield from _objects(v, f"{path}/{i}")


def test_every_schema_of_the_tool_is_a_valid_2020_12_schema():
    """The build's validators take the schema files as they are (schemas.validator): each is checked here instead."""
    files = sorted(SCHEMAS.parent.rglob("*.schema.json"))  # SCHEMAS is its rules/ folder
    assert len(files) >= 40
    for file in files:
        schema = json.loads(file.read_text(encoding="utf-8"))
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema", file
        jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("name", TABLES)
def test_file_validates_against_its_schema(name):
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    for where, obj in _objects({k: v for k, v in schema.items() if k != "$defs"}):
        assert obj.get("additionalProperties") is False, f"{name}: {where} allows extra properties"
        assert set(obj.get("required", [])) <= set(obj["properties"]), f"{name}: {where} requires unknown fields"
        assert "required" in obj, f"{name}: {where} lists no required fields"
    data = load(name)
    errors = sorted(jsonschema.Draft202012Validator(schema, registry=schemas.registry()).iter_errors(data), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)


@pytest.mark.parametrize("name", TABLES)
def test_schema_rejects_unknown_fields(name):
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    data = dict(load(name), unexpectedField=1)
    assert list(jsonschema.Draft202012Validator(schema, registry=schemas.registry()).iter_errors(data))


def _headings(part: str) -> list[str]:
    """ "A, B, C" where headings may contain commas: longest run of tokens that is a heading in the book first."""
    tokens, out = [t.strip() for t in part.split(",")], []
    s = book.text()
    while tokens:
        for n in range(len(tokens), 0, -1):
            cand = ", ".join(tokens[:n])
            if any(f"{h} {cand}" in s for h in ("#", "##", "###")):
                out.append(cand)
                tokens = tokens[n:]
                break
        else:
            raise AssertionError(f"no rulebook heading {tokens[0]!r}")
    return out


@pytest.mark.parametrize("name", TABLES)
def test_file_names_its_rulebook_sections(name):
    first = (RULES / f"{name}.yml").read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# Rulebook: "), f"{name}.yml must start with a '# Rulebook: <section>' comment"
    for part in first.removeprefix("# Rulebook: ").split(";"):
        part = re.sub(r"\s*\([^)]*\)", "", part).strip()
        for piece in part.split("›"):
            assert _headings(piece.strip())


# ------------------------------------------------------------------------------------------------- stats.yml


def test_stats():
    with rules("stats") as t:
        rows = table("| Stat | Use |", after="# Your character record")
        expected = []
        for name_cell, use in rows:
            m = re.fullmatch(r"(\w+) \((\w{3})\)", name_cell)
            expected.append({"key": STAT_ABBR[m.group(2)], "name": m.group(1), "abbreviation": m.group(2), "use": use})
        assert len(expected) == said("### The {w} stats")[0]
        t.eq(expected, "stats")


# -------------------------------------------------------------------------------------------------- dice.yml


def test_dice():
    with rules("dice") as t:
        ladder = re.search(r"### The die ladder ((?:d\d+(?: → )?)+)\.", book.text()).group(1)
        t.eq([int(d) for d in re.findall(r"d(\d+)", ladder)], "ladder")
        ((label, *mods),) = table("| Stat die | d4 | d6 | d8 | d10 | d12 | d20 |", after="# The roll")
        assert label == "Modifier"
        t.eq([{"die": d, "modifier": num(m)} for d, m in zip(DICE, mods)], "modifiers")
        t.eq(said("Your Effort die normally starts at d{}.")[0], "defaultEffort")
        assert said("A check Effort d{} + stat die")[0] == t.peek("defaultEffort")
        says("Both dice normally **explode** on their highest face")
        t.eq(1, "explosions", "normalTopFaces")
        t.eq(said("both dice explode on their highest {w} faces")[0], "explosions", "onARollTopFaces")
        says("Off Your Game prevents **both dice** from exploding")
        says("On a Roll: top two faces explode. Off Your Game: no explosions. Both together: normal.")
        t.eq(0, "explosions", "offYourGameTopFaces")
        above, bonus, further, top = said(
            "Before the Empire tier, a temporary step above d{} gives **+{}** instead. Further overflow steps each "
            "give another +{}. At Empire, temporary steps can reach d{}.")
        t.eq({"aboveDie": above, "stepBonus": bonus, "furtherStepBonus": further, "exceptTier": camel("Empire"),
              "empireTopDie": top}, "overflow")
        # A perk's stepped die uses the new modifier: "d6 becomes d8 and its modifier becomes +4".
        d_from, d_to, mod = said("d{} becomes d{} and its modifier becomes +{}.")
        assert t.peek("ladder").index(d_to) == t.peek("ladder").index(d_from) + 1
        assert {"die": d_to, "modifier": mod} in t.peek("modifiers")


# -------------------------------------------------------------------------------------- explosion-moments.yml


def test_explosion_moments():
    with rules("explosion-moments") as t:
        says("Count the explosions across both dice, including repeats from the same die.")
        t.eq(True, "countsRepeats")
        expected = []
        for count, label in table("| Explosions | Moment |", after="### Explosions and big moments"):
            lo = int(count.rstrip("+"))
            expected.append({"id": camel(label), "label": label,
                             "explosions": {"min": lo, "max": None if count.endswith("+") else lo}, "printed": count})
        t.eq(expected, "moments")


# ---------------------------------------------------------------------------------------------- outcomes.yml


def _margin(cell: str) -> dict:
    if m := re.fullmatch(r"(\S+) or less", cell):
        return {"min": None, "max": num(m.group(1))}
    if m := re.fullmatch(r"(\S+) or more", cell):
        return {"min": num(m.group(1)), "max": None}
    if m := re.fullmatch(r"(\S+) to (\S+)", cell):
        return {"min": num(m.group(1)), "max": num(m.group(2))}
    return {"min": num(cell), "max": num(cell)}


def test_outcomes():
    with rules("outcomes") as t:
        success_at = said("A margin of {} succeeds.")[0]
        assert said("A margin of {w} or more hits.")[0] == success_at
        t.eq(success_at, "successAtMargin")
        margin_tables = [table("| Margin | Outcome | Meaning |", after=a)
                         for a in ("# The roll", "# At the table · quick reference")]
        assert margin_tables[0] == margin_tables[1]
        expected = []
        for margin, label, meaning in margin_tables[0]:
            rng = _margin(margin)
            expected.append({"id": camel(label), "label": label, "margin": rng, "printedMargin": margin,
                             "meaning": meaning, "success": rng["max"] is None or rng["max"] >= success_at})
        t.eq(expected, "outcomes")
        challenge_tables = [table("| Outcome | Progress | Consequences |", after=a)
                            for a in ("# Teamwork and challenges", "# At the table · quick reference")]
        assert challenge_tables[0] == challenge_tables[1]
        expected = []
        for label, progress, consequences in challenge_tables[0]:
            base, _, extra = label.partition(", ")
            assert extra in ("", "cost accepted")
            expected.append({"outcome": camel(base), "costAccepted": extra == "cost accepted", "label": label,
                             "progress": num(progress), "consequences": num(consequences)})
        t.eq(expected, "challenge")
        says("On Bad Luck, a character can accept a fitting cost for 1 progress and 1 consequence")
        progress, consequences = said("might need **{} progress before {} consequences**")
        t.eq({"progress": progress, "consequences": consequences}, "exampleChallenge")
        says("Add their totals, divide by the number of participants, and **round down**.")
        t.eq("down", "sharedAttempt", "rounding")
        a, b, c, avg, tn = said("For example, totals of {}, {} and {} average {} after rounding down. "
                                "Against TN {}, the group gets Just About.")
        assert (a + b + c) // 3 == avg
        t.eq({"totals": [a, b, c], "average": avg, "tn": tn, "outcome": "justAbout"}, "sharedAttempt", "example")
        (graft, mod, effort, stat, tn, e_roll, s_roll, face, s_roll2, r1, r2, r3, r4, total, margin) = said(
            "Danny has Graft d{}, giving +{}. The GM calls the lock Medium: with Effort d{} and Graft d{}, the TN is "
            "{}. Danny rolls {} on Effort and {} on Graft. The {} explodes; its next roll is {}. Total: {} + {} + {} + "
            "{} = **{}**. Margin +{} is **Smashed It**.")
        assert graft == stat and face == s_roll == stat and [r1, r2, r3, r4] == [e_roll, s_roll, s_roll2, mod]
        assert e_roll + s_roll + s_roll2 + mod == total and total - tn == margin
        assert {"die": graft, "modifier": mod} in load("dice")["modifiers"] or pytest.fail("Graft d8 is +4")
        says("The exploding die is also a **Nice One**.")
        t.eq({"effort": effort, "stat": stat, "modifier": mod, "band": "medium", "tn": tn, "effortRolls": [e_roll],
              "statRolls": [s_roll, s_roll2], "total": total, "margin": margin, "outcome": "smashedIt",
              "explosions": 1, "moment": "niceOne"}, "example")
        # The example's TN is the book's Medium TN for Effort d6 / stat d8.
        assert _tn_tables()[effort][stat]["medium"] == tn


# -------------------------------------------------------------------------------------------- difficulty.yml


def test_difficulty():
    with rules("difficulty") as t:
        chances = said("Easy aims for about {}% success, Medium {}%, Hard {}% and Long Shot {}%.")
        descriptions = dict(re.findall(r"\*\*(Easy|Medium|Hard|Long Shot):\*\* (.*?)(?= \*\*|\s*$)",
                                       section("**Easy:**", "### Opposed situations")))
        t.eq([{"id": camel(label), "label": label, "targetChance": chance, "description": descriptions[label]}
              for label, chance in zip(["Easy", "Medium", "Hard", "Long Shot"], chances)], "bands")
        t.eq(said("The table below uses the normal Effort d{} and normal explosions.")[0],
             "choosingDifficulty", "effort")
        rows = []
        for stat, *cells in table("| Stat | Easy | Medium | Hard | Long Shot |", after="# Choosing difficulty"):
            row = {"stat": num(stat[1:])}
            for band, cell in zip(["easy", "medium", "hard", "longShot"], cells):
                tn, pct = re.fullmatch(r"(\d+) \((\d+)%\)", cell).groups()
                row[band] = {"tn": int(tn), "percent": int(pct)}
            rows.append(row)
        t.eq(rows, "choosingDifficulty", "rows")
        # The book prints the same TNs in its Effort d6 Variable Effort table.
        for row in rows:
            assert {b: row[b]["tn"] for b in ("easy", "medium", "hard", "longShot")} == _tn_tables()[6][row["stat"]]


# -------------------------------------------------------------------------------------------- tn-tables.yml


def _tn_tables() -> dict[int, dict[int, dict[str, int]]]:
    out = {}
    for effort in DICE:
        rows = table("| Stat | Easy | Medium | Hard | Long Shot |", after=f"### Effort or Performance d{effort} ")
        out[effort] = {num(r[0][1:]): dict(zip(["easy", "medium", "hard", "longShot"], map(num, r[1:])))
                       for r in rows}
    return out


def test_tn_tables():
    with rules("tn-tables") as t:
        says("The four numbers are **Easy / Medium / Hard / Long Shot**.")
        t.eq([{"effort": e, "rows": [{"stat": s, **cells} for s, cells in rows.items()]}
              for e, rows in _tn_tables().items()], "tables")
        # The two worked examples: Danny (Effort d6, Graft d8, Medium 12) and Jaz (Performance d6, Wheels d8, Hard 14).
        stat, tn = said("Jaz has Wheels d{} and drives a d6-Performance motor. A Hard check starts at TN {}.")
        assert _tn_tables()[6][stat]["hard"] == tn


# ------------------------------------------------------------------------------------------------ hustle.yml


def test_hustle():
    with rules("hustle") as t:
        start, most = said("Begin with {} points and a maximum of {}.")
        t.eq(start, "start")
        t.eq(most, "max")
        says("Choose before rolling and pay even if the roll fails.")
        t.eq(True, "payEvenIfFails")
        says("These are alternative spends. Two Hustle buys On a Roll; it does not also grant the one-point Effort "
             "upgrade.")
        t.eq(False, "spendsCombine")
        rows = table("| Spend | Benefit for this roll |", after="### Spending Hustle")
        (c1, b1), (c2, b2) = rows
        assert b1 == "Step the Effort die up once."
        onaroll_faces = re.search(r"explode on their highest (\w+) faces", b2).group(1)
        t.eq([{"id": "stepEffort", "cost": num(c1.removesuffix(" Hustle")), "effortSteps": WORDS["once"],
               "explodeTopFaces": 1, "label": plain(b1)},
              {"id": "onARoll", "cost": num(c2.removesuffix(" Hustle")), "effortSteps": 0,
               "explodeTopFaces": WORDS[onaroll_faces], "label": plain(b2)}], "spends")
        says("1 Hustle steps Effort once. 2 Hustle gives On a Roll instead.")
        *levels, amount = said("Entering Rep **{}, {}, {} or {}** adds {} maximum Hustle.")
        t.eq({"atRep": levels, "amount": amount}, "maxIncrease")
        says("A safe night's rest restores it.")
        t.eq(True, "restoredByRest")
        says("One relevant perk steps its associated **stat die** up once.")
        says("Perks do not stack with one another on a roll.")
        says("One relevant perk steps the stat once.")
        t.eq({"statSteps": WORDS["once"], "perRoll": WORDS["one"]}, "perks")
        # Kit that steps a stat: "steps up one die" in each entry; one item per roll is a ruling (docs/guide/13-rulings.md).
        for phrase in ("Savvy steps up one die to spot police coming", "Front steps up one die when the police ask who you are",
                       "Front steps up one die to walk in somewhere like you are meant to be there",
                       "Front steps up one die with anyone posh"):
            says(phrase)
        t.eq({"statSteps": WORDS["one"], "perRoll": 1}, "kit")


# ------------------------------------------------------------------------------------------------ combat.yml


def test_combat_health_guard_attack():
    with rules("combat", 0) as t:
        t.eq({"base": said("At Rep 1, maximum Health is {} + your Grit modifier.")[0], "plusModifierOf": "grt"},
             "health")
        base = said("Start with {} + the better of your Moves or Grit modifier, then add the Guard bonus from your "
                    "worn armour.")[0]
        t.eq(base, "guard", "base")
        t.eq([STAT_NAME["Moves"], STAT_NAME["Grit"]], "guard", "plusBestModifierOf")
        t.eq(True, "guard", "plusWornArmourGuard")
        assert said("People: **{} + best Moves/Grit modifier + worn armour Guard**")[0] == base
        mov, grt, guard, g1, g2, grt2, health, h1, h2, vest_guard, vest_red = said(
            "**Example:** Moves d{} and Grit d{} give an unarmoured Guard of {}: {} + {}. Grit d{} gives {} Health: "
            "{} + {}. A Stab Vest adds {} Guard and reduces incoming damage by {};")
        assert grt == grt2 and g1 + g2 == guard and h1 + h2 == health
        vest = table("| Armour | Guard | Reduction | Price |", after="# Armour")
        assert [num(c) for c in next(r for r in vest if r[0] == "Stab Vest")[1:3]] == [vest_guard, vest_red]
        t.eq({"mov": mov, "grt": grt, "guard": guard, "health": health,
              "armour": {"name": "Stab Vest", "guard": vest_guard, "reduction": vest_red}}, "guard", "example")

        says("Use **Muscle** for hand-to-hand weapons or **Aim** for guns and thrown weapons")
        t.eq({"handToHand": STAT_NAME["Muscle"], "gunsAndThrown": STAT_NAME["Aim"]}, "attack", "stats")
        t.eq(said("A margin of {w} or more hits.")[0], "attack", "hitsAtMargin")
        formula = t.peek("attack", "damage", "formula")
        (minimum,) = said(f"**{formula}**, minimum {{}}.")
        t.eq({"formula": formula, "minimum": minimum}, "attack", "damage")
        t.eq(said("the GM may add **{w} appropriate Condition**")[0], "attack", "gmConditionsPerHit")
        (guard, impact, total, margin, reduction, d1, d2, d3, damage, before, after) = said(
            "Sal attacks Guard {} with a Cricket Bat, Impact {}. He totals {}: margin +{}. The target has {} armour "
            "reduction and no reaction left. Damage is {} + {} − {} = **{}**, a Severe injury. The GM chooses "
            "Bleeding. If the target had {} Health, they now have {} and remain standing.")
        assert total - guard == margin and [d1, d2, d3] == [margin, impact, reduction]
        assert margin + impact - reduction == damage and before - damage == after
        t.eq({"guard": guard, "impact": impact, "total": total, "margin": margin, "reduction": reduction,
              "damage": damage, "severity": "severe", "condition": "bleeding", "healthBefore": before,
              "healthAfter": after}, "attack", "example")
        says("stun gives Stunned and Prone, gas or smoke gives Gassed, and fire gives Burning. A bleed weapon adds "
             "Bleeding on Smashed It or Legendary when it causes damage.")
        t.eq([{"trait": "stun", "conditions": ["stunned", "prone"]}, {"trait": "gas", "conditions": ["gassed"]},
              {"trait": "smoke", "conditions": ["gassed"]}, {"trait": "fire", "conditions": ["burning"]},
              {"trait": "bleed", "conditions": ["bleeding"], "outcomes": ["smashedIt", "legendary"],
               "needsDamage": True}], "weaponEffects")


def test_combat_reactions_and_guard_changes():
    with rules("combat", 1) as t:
        t.eq(said("You have **{w} Dodge reaction per round**")[0], "reactions", "perRound")
        says("Roll Moves against the **attack's total**. Meeting that total succeeds and cancels the whole hit.")
        says("**Stunned** prevents a reaction. **Down** prevents acting or reacting.")
        t.eq({"stat": "mov", "against": "attackTotal", "meetingSucceeds": True,
              "preventedBy": [condition("Stunned"), condition("Down")]}, "reactions", "dodge")

        (dodge,) = said("**Dodge:** spend your action to gain +{} Guard until your next action.")
        light, heavy, heavy_red = said("light cover gives +{} Guard. Heavy cover gives +{} Guard and +{} damage "
                                       "reduction.")
        (enclosed,) = said("Enclosed occupants gain +{} Guard; exposed riders do not.")
        q_light, q_heavy, q_red, q_enc, prone, grabbed, stunned, down = said(
            "Light cover +{}; heavy +{} and {} reduction; enclosed rider +{}; Prone {}; Grabbed {}; Stunned {}; "
            "Down {}.")
        assert (q_light, q_heavy, q_red, q_enc) == (light, heavy, heavy_red, enclosed)
        t.eq([{"id": "dodgeAction", "label": "Dodge", "guard": dodge, "reduction": 0, "lasts": "untilNextAction"},
              {"id": "lightCover", "label": "Light cover", "guard": light, "reduction": 0},
              {"id": "heavyCover", "label": "Heavy cover", "guard": heavy, "reduction": heavy_red},
              {"id": "enclosed", "label": "Enclosed occupant", "guard": enclosed, "reduction": 0}], "guardModifiers")
        t.eq([{"condition": "prone", "guard": prone}, {"condition": "grabbed", "guard": grabbed},
              {"condition": "stunned", "guard": stunned}, {"condition": "down", "guard": down}], "conditionGuard")
        # The Conditions print the same Guard changes.
        assert said("### Prone On the floor: {} Guard.")[0] == prone
        assert said("Moves is Off Your Game and {} Guard.")[0] == grabbed
        assert said("### Stunned Guard {}, no reaction")[0] == stunned
        assert said("### At zero Health You are **Down**, with {} Guard.")[0] == down
        assert said("Grabbed**: they cannot move away, Moves is Off Your Game, and Guard is {}.")[0] == grabbed


def test_combat_shooting_and_holds():
    with rules("combat", 2) as t:
        says("**Single shot:** spend one matching round.")
        burst_rounds, burst_impact = said("**Burst:** an eligible weapon spends {w} rounds for +{} Impact.")
        assert said("a burst uses {w} rounds")[0] == burst_rounds
        says("**Aim:** spend an action to step Effort up once for your next shot.")
        passenger, driver = said("**Drive-by:** a passenger fires at {}. A driver fires at {} and cannot use a "
                                 "two-handed weapon.")
        tyres, flats = said("Shooting at tyres takes {}; a successful tyre hit flattens {w} tyre.")
        shotgun, rifle, distant = said("shotguns gain +{} Impact at Engaged; rifles take {} to the attack total "
                                       "there. A weapon allowed at Distant takes {} when used at that range.")
        t.eq({"singleShot": {"rounds": WORDS["one"]}, "burst": {"rounds": burst_rounds, "impact": burst_impact},
              "aim": {"effortSteps": WORDS["once"]},
              "driveBy": {"passenger": passenger, "driver": driver, "driverTwoHanded": False},
              "tyres": {"attack": tyres, "flatTyres": flats},
              "closeQuarters": {"shotgunEngagedImpact": shotgun, "rifleEngagedAttack": rifle},
              "distantAttack": distant}, "shooting")

        says("### Grab At Engaged, roll Muscle against the target's Guard. A success makes them **Grabbed**")
        t.eq({"range": "engaged", "stat": "mus", "against": "guard", "condition": "grabbed"}, "grab")
        says("Roll Muscle or Moves against the grabber's Guard.")
        t.eq({"stats": [STAT_NAME[n] for n in names_list("Muscle or Moves")], "against": "grabberGuard"},
             "breakFree")
        who = re.search(r"You can cuff someone who is ([^.]+)\.", book.text()).group(1)
        targets = names_list(who)
        assert targets[-1] == "surrendered"
        says("Cuffed makes Muscle, Moves, Aim and Graft Off Your Game and prevents driving.")
        t.eq({"targets": [condition(n) for n in targets[:-1]], "surrendered": True, "condition": "cuffed"}, "cuff")


def test_combat_down_aid_and_round_end():
    with rules("combat", 3) as t:
        at, guard = said("### At {w} Health You are **Down**, with {} Guard.")
        says("roll **Grit, Medium, to Stay Conscious** when called for. A Proper Mess on that roll makes you Wasted.")
        (rounds,) = said("after **{w} rounds Down without aid**, you are Wasted anyway.")
        (stabilise,) = said("assistance that only stabilises a Down character can return them to {} as its specific "
                            "effect states.")
        q_rounds = said("Down: Grit Medium; Proper Mess or {} rounds without aid → Wasted.")[0]
        assert q_rounds == rounds
        t.eq({"atHealth": at, "guard": guard,
              "stayConscious": {"stat": "grt", "band": "medium", "properMess": "wasted"},
              "roundsWithoutAid": rounds, "stabiliseHealth": stabilise}, "down")

        (restore,) = said("Roll **Savvy, Medium**. On a success, restore **{} Health** and remove **Bleeding and "
                          "Hurt**. Treat an injury once;")
        assert said("First aid: Savvy Medium, +{} Health, remove Bleeding and Hurt, once per injury.")[0] == restore
        t.eq({"stat": "sav", "band": "medium", "restoreHealth": restore,
              "removes": [condition(n) for n in names_list("Bleeding and Hurt")], "perInjury": WORDS["once"]},
             "firstAid")

        bleed, burn = said("1. Resolve ongoing harm: Bleeding loses {} Health and Burning loses {}.")
        assert said("Bleeding {} per round; Burning {}.") == [bleed, burn]
        assert said("Lose {} Health every round until patched up")[0] == bleed
        assert said("and {} damage at the end of each round.")[0] == burn
        t.eq([{"condition": "bleeding", "health": bleed}, {"condition": "burning", "health": burn}], "ongoingHarm")

        steps = re.findall(r"(\d)\. (.*?)(?= \d\. [A-Z]|$)", section("### End a round ", " ### One reaction")
                           .removeprefix("### End a round "))
        ids = ["ongoingHarm", "removeStunned", "downClock", "firesAndChase", "newRound"]
        t.eq([{"step": int(n), "id": i, "text": text} for (n, text), i in zip(steps, ids, strict=True)],
             "endOfRound")

        says("restores full Health and Hustle")
        says("You cannot rest while Bleeding, while police can see you, or at three or more stars.")
        t.eq({"restoresHealth": True, "restoresHustle": True, "blockedBy": ["bleeding"], "blockedWhilePoliceSee": True},
             "recovery", "rest")
        says("Ordinary A&E treatment is free in the game's service list")
        says("Broken is set, but remains until **a week of recovery** has passed")
        says("**Recovery:** A&E and a week.")
        t.eq({"cost": 0, "brokenRecoveryWeeks": 1}, "recovery", "homerton")

        die, actions, zones = said("The alternate core tracker uses exploding d{} + Moves modifier for initiative, "
                                   "{w} action and {w}-zone move per turn")
        t.eq({"initiativeDie": die, "initiativeExplodes": True, "plusModifierOf": "mov", "actionsPerTurn": actions,
              "zonesMovedPerTurn": zones}, "simpleTracker")


# -------------------------------------------------------------------------------------------- speed-dice.yml


def test_speed_dice():
    with rules("speed-dice") as t:
        t.eq(said("Everyone rolls a number of **ordinary d{} speed dice**")[0], "die")
        says("Speed dice do not explode.")
        says("nobody explodes a speed die")
        t.eq(False, "explode")
        t.eq(said("Each individual die is **{w} action**.")[0], "actionsPerDie")
        counts = []
        for dice, speed in table("| Moves or Performance | Speed dice |", after="### Start a round"):
            n, faces = re.fullmatch(r"(\d+)d(\d+)", speed).groups()
            assert int(faces) == t.peek("die")
            counts.append({"dice": [int(d) for d in re.findall(r"d(\d+)", dice)], "count": int(n), "printed": speed})
        t.eq(counts, "counts")
        stunned, knackered, minimum = said("Stunned removes {w} die and Knackered removes {w} more, to a minimum of "
                                           "{w} if you can act.")
        says("### Stunned Guard −2, no reaction, one fewer speed die.")
        t.eq([{"condition": "stunned", "dice": -stunned}, {"condition": "knackered", "dice": -knackered}],
             "reductions")
        t.eq(minimum, "minimumIfCanAct")
        says("Down, Cuffed or surrendered characters have no speed dice.")
        t.eq({"conditions": ["down", "cuffed"], "surrendered": True}, "noDice")
        says("On a tie, the better Moves die acts first, then a PC before an NPC. If still tied, use alphabetical "
             "name order")
        t.eq(["betterMoves", "pcBeforeNpc", "alphabetical"], "tieBreak")
        says("a vehicle's count comes from its Performance die")
        says("the driver uses the better of their personal count and the motor's count")
        flats, removed, body, vmin = said("{w} or more flat tyres remove {w} vehicle die; a motor at {} Body removes "
                                          "another, with a minimum of {w} while it is still a viable participant.")
        assert body == 0
        t.eq({"countFrom": "performance", "driverUsesBetterCount": True,
              "flatTyres": {"atLeast": flats, "dice": -removed}, "zeroBody": {"dice": -removed}, "minimum": vmin},
             "vehicle")


# ------------------------------------------------------------------------------------------------ ranges.yml


def test_ranges():
    with rules("ranges") as t:
        bands = []
        for label, distance, use in table("| Band | Distance | Use |", after="# Distance, ammunition and holds"):
            if m := re.fullmatch(r"Up to ([\d.]+) squares", distance):
                over, up_to = None, num(m.group(1))
            elif m := re.fullmatch(r"Over ([\d.]+) to ([\d.]+)", distance):
                over, up_to = num(m.group(1)), num(m.group(2))
            else:
                over, up_to = num(re.fullmatch(r"Over ([\d.]+)", distance).group(1)), None
            mod = re.search(r"; (−\d+)\.$", use)
            bands.append({"id": camel(label), "label": label, "over": over, "upTo": up_to,
                          "attack": num(mod.group(1)) if mod else 0, "distance": distance, "use": use})
        # The prose says the same about Distant.
        assert said("A weapon allowed at Distant takes {} when used at that range.")[0] == bands[-1]["attack"]
        says("Use the map's squares consistently within a scene")
        t.eq("squares", "unit")
        t.eq(bands, "bands")


# --------------------------------------------------------------------------------------- damage-severity.yml


def test_damage_severity():
    with rules("damage-severity") as t:
        t.eq(said("the GM may add **{w} appropriate Condition** from the severity suggestions")[0],
             "gmConditionsPerHit")
        t.eq(said("**Down is automatic at {} Health**")[0], "downAtHealth")
        rows = []
        for damage, severity, suggested in table("| Damage | Severity | Suggested Condition |",
                                                 after="# Harm, aid and recovery"):
            if damage.endswith("+"):
                rng = {"min": int(damage[:-1]), "max": None}
            else:
                lo, _, hi = damage.partition("–")
                rng = {"min": int(lo), "max": int(hi or lo)}
            names = [] if suggested == "None" else names_list(suggested.split(";")[0])
            rows.append({"id": camel(severity), "label": severity, "damage": rng,
                         "suggested": [condition(n) for n in names], "printed": suggested})
        assert said("Down at {} Health")[0] == t.peek("downAtHealth")
        t.eq(rows, "severities")


# -------------------------------------------------------------------------------------------------- heat.yml


def test_heat():
    with rules("heat") as t:
        lo, hi = said("Heat cannot go below {} or above {}.")
        t.eq(lo, "min")
        t.eq(hi, "max")
        levels = []
        for heat, response, cool in table("| Heat | Response | Lose one star |", after="# Heat on your heels"):
            stars, name = heat.split(" · ")
            levels.append({"stars": int(stars), "id": camel(name), "name": name, "response": response,
                           "coolDownSeconds": None if cool == "—" else int(cool.removesuffix(" sec"))})
        assert [lv["stars"] for lv in levels] == list(range(lo, hi + 1))
        t.eq(levels, "levels")
        (bonus,) = said("If police witness it, add **{w} further star**.")
        says("Unseen crimes add no stars through this rule.")
        assert said("A witnessed assault adds {} Heat, plus {} if police saw it.")[1] == bonus
        t.eq({"policeWitnessBonus": bonus, "unseenStars": 0}, "witnesses")
        (per,) = said("The timer applies to **{w} star at the current level**. No police unit can be seeing you.")
        (ghost,) = said("and you lose Heat {} seconds faster")
        t.eq({"starsPerTimer": per, "policeMustNotSee": True, "ghostFasterSeconds": ghost}, "coolDown")
        (heli,) = said("At {w} stars the helicopter spots people outdoors on its map")
        assert said("At {}+ stars it sees anyone outdoors.")[0] == heli
        assert levels[heli]["name"] == "India 99"
        t.eq(heli, "helicopterFromStars")
        (respray,) = said("**Respray:** £{} at a listed service, with no police seeing you go in")
        says("clears Heat in the game's abstract service procedure")
        clobber, clobber_stars, s1, s2, uniform = said(
            "**New clobber:** £{} at the market loses {w} star when out of sight. At {w} or {w} stars, an owned "
            "replacement outfit can also change your description; a uniform can lose {w} where its effect applies.")
        assert (s1, s2) == (1, 2)
        t.eq({"respray": {"price": respray, "clearsHeat": True}, "newClobber": {"price": clobber,
              "stars": -clobber_stars}, "outfitChangeMaxStars": s2, "uniformStars": -uniform}, "services")
        rest_max, blocked = said("**Safe night:** rest with {w} stars or less. At {w} or more, the police would come "
                                 "looking at the door.")
        assert said("At {w} Heat stars or less, it clears Heat overnight too.")[0] == rest_max
        assert said("or at {w} or more stars.")[0] == blocked
        t.eq({"clearsHeatAtMaxStars": rest_max, "blockedFromStars": blocked}, "rest")
        one, two = said("Talking out of a stop is normally Hard at {w} star and Long Shot at {w} or more.")
        assert said("Police stops: Hard at {} star, Long Shot at {}+.") == [one, two]
        t.eq([{"minStars": one, "maxStars": one, "band": "hard"}, {"minStars": two, "maxStars": None,
              "band": "longShot"}], "talkOutOfStop")


def test_witnessed_crimes():
    with rules("witnessed-crimes") as t:
        t.eq([{"key": kebab(name), "name": name, "stars": num(stars)}
              for name, stars in table("| Witnessed crime | Stars |", after="# Heat on your heels")], "crimes")


# --------------------------------------------------------------------------------------- police-response.yml


def test_police_response():
    with rules("police-response") as t:
        flag = {"yes": True, "—": False}
        rows = table("| Stars | Area cars | Bikes | Carriers | ARVs | India 99 | Blocks |",
                     after="# Police at the table")
        t.eq([{"stars": int(s), "areaCars": int(a), "bikes": int(b), "carriers": int(c), "arvs": int(v),
               "india99": flag[h], "roadblocks": flag[k]} for s, a, b, c, v, h, k in rows], "response")
        (stop,) = said("At {w} star, officers first demand a stop.")
        (tasers,) = said("Tasers enter at {w} stars or against an armed person")
        (shoot,) = said("At {w} stars, armed officers shoot.")
        ram, fire = said("nearby units PIT at low Heat and ram at {w} or more; armed units can fire at {w}.")
        (dismount,) = said("Officers get out within {w} squares of a suspect on foot.")
        t.eq({"demandStopFromStars": stop, "tasersFromStars": tasers, "armedShootFromStars": shoot,
              "chasePitBelowStars": ram, "chaseRamFromStars": ram, "chaseArmedFireFromStars": fire,
              "dismountWithinSquares": dismount}, "tactics")
        police, traffic = said("Use Wheels d{} for an unassigned police driver, d{} for ordinary traffic")
        t.eq({"police": police, "traffic": traffic}, "driverWheels")
        says("Traffic continues its own route at green pace.")
        t.eq("green", "trafficPace")
        (beyond,) = said("ends only when everyone wanted is **more than {} squares** from every unit at round end")
        t.eq(beyond, "chaseEndsBeyondSquares")
        events = []
        for name, appears, consequence in table("| Event | What appears | Check / consequence |",
                                                after="# Police at the table"):
            heat = re.search(r"\+(\d+) Heat", consequence)
            stars = re.search(r"At (\d+)\+ stars", consequence)
            known = re.search(r"Known to police (\d+)\+", consequence)
            stats = re.findall(r"\b(" + "|".join(STAT_NAME) + r") to\b", consequence)
            events.append({"key": kebab(name), "name": name, "appears": appears, "consequence": consequence,
                           "stats": [STAT_NAME[s] for s in stats], "heat": int(heat.group(1)) if heat else None,
                           "minStars": int(stars.group(1)) if stars else None,
                           "minPoliceRelationship": int(known.group(1)) if known else None})
        t.eq(events, "events")


# --------------------------------------------------------------------- hazards, GM checks and street events


def _harm(cell: str) -> dict:
    m = re.fullmatch(r"(\d+) dmg(?: · (.*))?", cell)
    damage, rest = (int(m.group(1)), m.group(2) or "") if m else (0, cell)
    return {"damage": damage, "conditions": [condition(c[:1].upper() + c[1:]) for c in names_list(rest)]}


def test_hazards():
    with rules("hazards") as t:
        expected = []
        for page in ("# Hazards · 1–8", "# Hazards · 9–16"):
            for name, band, stats, ja, bl, pm in table(
                    "| Hazard | Band | Stats | Just About | Bad Luck | Proper Mess |", after=page):
                expected.append({"key": kebab(name), "name": name, "band": camel(band),
                                 "stats": [STAT_ABBR[s.strip()] for s in stats.split("/")],
                                 **({"offBike": True} if name == "Come Off the Bike" else {}),
                                 "justAbout": _harm(ja), "badLuck": _harm(bl), "properMess": _harm(pm),
                                 "printed": {"justAbout": ja, "badLuck": bl, "properMess": pm}})
        # Motorbike Leathers: "coming off a bike does half damage" — the hazard that is coming off a bike.
        says("Reduction 2, and coming off a bike does half damage.")
        assert len(expected) == 16
        t.eq(expected, "hazards")


def test_gm_checks():
    with rules("gm-checks") as t:
        expected = []
        for page in ("# GM checks · 1–16", "# GM checks · 17–32"):
            for name, band, stats, stakes in table("| Check | Band | Stats | Stakes / result |", after=page):
                expected.append({"key": kebab(name), "name": name, "band": camel(band),
                                 "stats": [STAT_ABBR[s.strip()] for s in stats.split("/")], "stakes": stakes})
        assert len(expected) == 32
        t.eq(expected, "checks")


def test_street_events():
    with rules("street-events") as t:
        t.eq(said("| d{} | Event | What appears |")[0], "die")
        rows = table("| d20 | Event | What appears |", after="# A d20 on the street")
        t.eq([{"roll": int(n), "title": title, "text": text} for n, title, text in rows], "events")
        assert [e["roll"] for e in t.peek("events")] == list(range(1, t.peek("die") + 1))


# --------------------------------------------------------------------------------------------------- rep.yml


def _tier_id(label: str) -> str:
    return re.sub(r"[^a-z]", "", label.lower())


def test_rep_ladder_and_tiers():
    with rules("rep", 0) as t:
        t.eq(said("Rep has {} levels.")[0], "maxLevel")
        tiers = []
        for levels, tier, cap in table("| Rep | Tier | Permanent cap |", after="### Personal Rep"):
            lo, hi = levels.split("–")
            tiers.append({"id": _tier_id(tier), "label": tier, "minLevel": int(lo), "maxLevel": int(hi),
                          "statCap": num(cap[1:])})
        t.eq(tiers, "tiers")
        levels = []
        for page in ("# The Rep ladder · 1–17", "# The Rep ladder · 18–33"):
            for rep, title, xp, tier, cap in table("| Rep | Title | Total XP | Tier | Stat cap |", after=page):
                (band,) = [x for x in tiers if x["label"] == tier]
                # The ladder's tier and stat cap agree with the tier table.
                assert band["minLevel"] <= int(rep) <= band["maxLevel"] and band["statCap"] == num(cap[1:])
                levels.append({"level": int(rep), "title": title, "xp": int(xp), "tier": band["id"]})
        assert [lv["level"] for lv in levels] == list(range(1, t.peek("maxLevel") + 1))
        t.eq(levels, "levels")


def test_rep_levelling_growth_unlocks_xp():
    with rules("rep", 1) as t:
        says("At an **odd new level**, raise one stat by one step within the new tier's cap.")
        says("At an **even new level**, choose a new perk.")
        (every,) = said("Every **{w} new level**, roll Growth as well.")
        *hustle_at, hustle_add = said("Entering Rep **{}, {}, {} or {}** adds {} maximum Hustle.")
        t.eq({"odd": {"statSteps": WORDS["one"]}, "even": {"perks": 1}, "growthEvery": every, "hustleMaxAt": hustle_at,
              "hustleMaxIncrease": hustle_add}, "levelUp")
        # Each Hustle level is the first level of a tier.
        assert hustle_at == [tier["minLevel"] for tier in t.peek("tiers")][1:]
        (minimum,) = said("Roll your **Grit die once**, without explosions, for Health. Increase maximum Health by "
                          "half the result, rounded up, minimum {}.")
        t.eq({"die": "grt", "explodes": False, "divideBy": 2, "rounding": "up", "minimum": minimum},
             "growth", "health")
        lo, hi, from_, plus, top = said(
            "Roll the better of **Moves or Grit once**, without explosions, for Guard: {}–{} gives no increase, {}+ "
            "adds {} to the base, and the die's top face adds {} instead.")
        t.eq({"dieOf": ["mov", "grt"], "explodes": False,
              "results": [{"min": lo, "max": hi, "increase": 0}, {"min": from_, "max": None, "increase": plus}],
              "topFaceIncrease": top}, "growth", "guard")
        says("Spend one to raise a stat one permanent step within your current Rep tier cap.")
        t.eq({"statSteps": WORDS["one"]}, "advance")
        unlocks = re.findall(r"Rep \*\*(\d+):\*\* (.*?)(?= Rep \*\*\d+:\*\*|$)",
                             section("### Personal unlocks", " None creates"))
        t.eq([{"rep": int(rep), "text": text} for rep, text in unlocks], "unlocks")
        service, pat, sale_min, sale_xp, m_lo, m_hi = said(
            "Completed service job **{}**; completed Pat order **{}**; one stolen vehicle sale worth £{} or more "
            "**{}**; mission **{}–{}**, as printed; GM awards as earned. Busted or Wasted awards no XP.")
        assert said("Each completed service job normally awards **{} XP**. A completed Pat order awards **{} XP**.") \
            == [service, pat]
        t.eq({"serviceJob": service, "patOrder": pat, "vehicleSale": {"minValue": sale_min, "xp": sale_xp},
              "mission": {"min": m_lo, "max": m_hi}, "bustedOrWasted": 0}, "xp")


# ------------------------------------------------------------------------------------------------ renown.yml


def test_renown():
    with rules("renown") as t:
        (orgs,) = said("Each of the {w} campaign organisations keeps its own **Renown** with the crew.")
        t.eq(orgs, "organisationCount")
        start, *opens = said("It starts at {} and opens career jobs at {}, {}, {}, {}, {}, {}, {} and {}.")
        stages, *awards = said("Completing those {w} stages awards {}, {}, {}, {}, {}, {}, {} and {} Renown.")
        assert len(opens) == len(awards) == stages
        t.eq(start, "startingRenown")
        t.eq([{"stage": i, "opensAt": o, "award": a} for i, (o, a) in enumerate(zip(opens, awards), 1)],
             "careerStages")
        t.eq([{"renown": int(r), "id": camel(rank), "rank": rank, "influenceCap": int(cap)}
              for r, rank, cap in table("| Renown | Rank | Influence cap |", after="### Faction Renown")], "ranks")
        job, finale, intro, access, major = said(
            "Career jobs restore {} Influence, or {} for a finale, up to the current cap. Typical costs are {} for "
            "an introduction, {} for agreed access, equipment hire or a lift, and {} for a major intervention the "
            "faction can actually support.")
        labels = re.search(r"Typical costs are \d+ for (an introduction), \d+ for (agreed access, equipment hire or "
                           r"a lift), and \d+ for (a major intervention the faction can actually support)\.",
                           book.text()).groups()
        t.eq({"restore": {"careerJob": job, "finale": finale},
              "costs": [{"id": i, "cost": c, "label": lab} for i, c, lab in
                        zip(["introduction", "access", "majorIntervention"], [intro, access, major], labels)]},
             "influence")
        stances = re.search(r"An ([\w, ]+) stance describes the current relationship\.", book.text()).group(1)
        t.eq([{"id": camel(s), "label": s} for s in names_list(stances)], "stances")
        says("The character's **crew, street and police** counters track recognition in those circles.")
        police, street, crew = said("Police relationship {} makes routine stops start at Wanted. Street {} and crew "
                                    "{} unlock the shop discounts described earlier.")
        m_street, street_pct, m_chain, chain_pct = said("Street relationship {} gives {}% off shops; Chainring "
                                                        "relationship {} gives Pat's {}% discount.")
        assert (m_street, m_chain) == (street, crew)
        texts = [f"Police relationship {police} makes routine stops start at Wanted.",
                 f"Street relationship {street} gives {street_pct}% off shops",
                 f"Chainring relationship {crew} gives Pat's {chain_pct}% discount"]
        assert all(says(x) for x in texts)
        t.eq({"counters": ["crew", "street", "police"],
              "unlocks": [{"counter": "police", "level": police, "effect": "stopsStartAtWanted", "text": texts[0]},
                          {"counter": "street", "level": street, "effect": "shopDiscount", "text": texts[1]},
                          {"counter": "crew", "level": crew, "effect": "patDiscount", "text": texts[2]}]},
             "relationships")


# ------------------------------------------------------------------------------------------------- chase.yml


def test_chase_gauge():
    with rules("chase", 0) as t:
        base, = said("**Size** sets vehicle Guard: **{} + twice Size**, before temporary defences.")
        assert said("Motors: **{} + {} × Size**.") == [base, WORDS["twice"]]
        t.eq({"base": base, "perSize": WORDS["twice"]}, "vehicleGuard")
        t.eq(said("or chase a suspect on foot at {w} stars or more")[0], "footChaseFromStars")
        # A wanted driver: the Heat table's Wanted row (a ruling, docs/guide/13-rulings.md).
        t.eq(said("| {} · Wanted | Area cars hunt you and give chase on sight. |")[0], "wantedDriverFromStars")
        # Fuel (a ruling, docs/guide/13-rulings.md): the book prints Fuel and one refill, no rate of use; its measure
        # of a journey is the hop, so one Fuel a hop.
        says("Fuel, seats, value and lock difficulty appear in the roster.")
        says("**H** below is the number of connected street-map hops to the destination.")
        says("Five litres. Refuels a vehicle")
        assert not re.search(r"Fuel[^.|]*\b(per|each|every)\b", book.text()), "the book now gives a rate of fuel use"
        t.eq({"perHop": WORDS["one"]}, "fuel")
        # Getting in and out (a ruling, docs/guide/13-rulings.md): the book names a free seat and no distance; beside
        # is less than one square apart, and a motor's footprint (its owner may resize the token) counts 4 squares at most.
        says("Board an actual free seat")
        t.eq({"besideSquares": 1, "motorReachSquares": 4}, "boarding")
        says("At the start of each driving action, reset distance travelled to zero.")
        says("The limits are **cumulative**")
        t.eq(True, "gauge", "resetEachAction")
        t.eq(True, "gauge", "cumulative")
        bands = []
        for label, distance, check in table("| Band | Total distance | Check / Handling |", after="# The chase gauge"):
            mult = re.fullmatch(r"Up to (?:Speed|round\((\S+) × Speed\))", distance).group(1)
            band, handling = check.split(" / ")
            bands.append({"id": camel(label), "label": label, "multiplier": num(mult) if mult else 1,
                          "check": None if band == "No gauge check" else camel(band),
                          "handling": 0 if handling == "normal" else num(handling), "printed": distance})
        t.eq(bands, "gauge", "bands")
        says("Reaching red triggers its check and replaces the yellow Handling penalty with −2; the penalties do not "
             "add to −3.")
        t.eq(True, "gauge", "penaltiesReplace")
        speed, green, yellow, red, driven, y_left, r_left = said(
            "For Speed {}, the gauge is green {}, yellow {} and red {} squares. If you have already driven {}, the "
            "action has {} yellow squares or {} red squares left.")
        assert [round_half_up(b["multiplier"] * speed) for b in bands] == [green, yellow, red]
        assert (yellow - driven, red - driven) == (y_left, r_left)
        t.eq({"speed": speed, "green": green, "yellow": yellow, "red": red, "driven": driven, "yellowLeft": y_left,
              "redLeft": r_left}, "gauge", "example")


def test_chase_collisions():
    with rules("chase", 1) as t:
        bl_y, bl_r, pm_y, pm_r, size, extra, riders = said(
            "Bad Luck in yellow costs **{} Body**; in red, **{} Body**. A Proper Mess costs **{} Body** in yellow and "
            "**{} Body** in red. Size {} or larger adds {} Body loss. A Proper Mess also gives Shaken; a red Proper "
            "Mess deals {} damage to riders.")
        t.eq({"bodyLoss": {"badLuck": {"yellow": bl_y, "red": bl_r}, "properMess": {"yellow": pm_y, "red": pm_r}},
              "largeSize": {"minSize": size, "extraBody": extra}, "properMessConditions": ["shaken"],
              "redProperMessRiderDamage": riders}, "failedCheck")

        zones = re.search(r"make a Wheels check: \*\*(\w+) in green, (\w+) in yellow, (\w+) in red\*\*",
                          book.text()).groups()
        ja, bl, pm, p_g, p_y, p_r, pm_riders, red_riders = said(
            "Just About scrapes both vehicles for {} Body each. For Bad Luck, each vehicle loses **{} + pace + the "
            "other vehicle's Size** Body. For Proper Mess, each loses **{} + pace + twice the other vehicle's "
            "Size**. Here **pace** is {} in green, {} in yellow, {} in red. Proper Mess deals {} damage to riders and "
            "gives Shaken; ordinary red failure deals {} to riders, and yellow or red ordinary failures give Bruised.")
        says("Proper Mess stops the action.")
        t.eq({"stat": "whl", "bands": dict(zip(["green", "yellow", "red"], map(camel, zones))),
              "pace": {"green": p_g, "yellow": p_y, "red": p_r}, "justAbout": {"body": ja},
              "badLuck": {"base": bl, "otherSizeMultiplier": 1},
              "properMess": {"base": pm, "otherSizeMultiplier": WORDS["twice"]},
              "riders": {"properMess": {"damage": pm_riders, "conditions": ["shaken"]},
                         "redBadLuck": {"damage": red_riders, "conditions": ["bruised"]},
                         "yellowBadLuck": {"damage": 0, "conditions": ["bruised"]}},
              "properMessStopsAction": True}, "evasive")

        (evasive,) = said("gain **+{} vehicle Guard** against shots, rams and PITs until the end of the round.")
        t.eq({"guard": evasive, "lasts": "roundEnd"}, "goEvasive")

        says("### Ram Roll Wheels against the target's Guard. On a hit, collision damage is **margin + twice your "
             "vehicle's Size**. Your motor also suffers half that amount, rounded up, when ramming a vehicle; against "
             "a person it suffers a quarter, rounded up, and positive damage knocks the person Prone.")
        t.eq({"stat": "whl", "against": "guard", "ownSizeMultiplier": WORDS["twice"],
              "selfDivisor": {"vehicle": 2, "person": 4}, "selfRounding": "up", "personConditions": ["prone"]},
             "ram")

        within, body, big_body, big_size = said(
            "### PIT Get alongside within {} squares. Roll Wheels against the vehicle's Guard. A success forces its "
            "driver to make **Wheels, Hard** to hold the line. Failure spins the target and costs its next speed-die "
            "action: lose **{} Body**, or **{} Body at Size {} or larger**, and give riders Shaken.")
        says("This uses the yellow Proper Mess spin result even though the resistance roll is Hard.")
        assert (body, big_body, big_size) == (pm_y, pm_y + extra, size)
        t.eq({"withinSquares": within, "stat": "whl", "against": "guard", "resist": {"stat": "whl", "band": "hard"},
              "body": body, "largeSize": {"minSize": big_size, "body": big_body}, "riderConditions": ["shaken"],
              "losesNextAction": True}, "pit")

        handling, speed, minimum = said("Each flat tyre steps Performance down once, reduces Handling by {}, and "
                                        "shortens Speed by {} squares, to a minimum of {}.")
        t.eq({"performanceSteps": -WORDS["once"], "handling": -handling, "speed": -speed, "minimumSpeed": minimum},
             "flatTyre")
        (mult,) = said("Below half Body, round Speed × {} to the nearest whole square.")
        t.eq({"belowFraction": 0.5, "speedMultiplier": mult, "rounding": "nearest"}, "lowBody")
        beyond, exact = said("if **every wanted participant is more than {} squares from every pursuing unit**, the "
                             "immediate chase ends. Exactly {} is not enough.")
        assert beyond == exact
        says("Remaining Heat still needs to cool.")
        says("it does not itself clear Heat.")
        t.eq({"beyondSquares": beyond, "clearsHeat": False}, "getaway")
        blue, off_road, off_roader, tight = said(
            "Blue lights on suitable emergency vehicles give +{} Wheels. Ordinary vehicles take {} off road; an "
            "Off-road vehicle gains +{} there instead, while Nimble vehicles avoid that penalty. A Tight turning "
            "circle gives +{} at a junction.")
        t.eq({"blueLights": blue, "offRoad": off_road, "offRoadVehicleOffRoad": off_roader,
              "tightTurningJunction": tight}, "driving")


# ------------------------------------------------------------------------------------------ vehicle-fire.yml


def test_vehicle_fire():
    with rules("vehicle-fire") as t:
        t.eq(said("A vehicle at **{} Body catches fire**.")[0], "catchesFireAtBody")
        says("In a round-based scene it explodes at the **end of the next round**")
        (seconds,) = said("outside it, the game's countdown is about **{} seconds**.")
        t.eq({"roundsLater": 1, "at": "roundEnd", "countdownSeconds": seconds}, "explodes")
        rows = []
        ids = ["stillInside", "outsideNear", "outsideFar", "vehicleNear", "vehicleFar"]
        for (where, harm, conds), rid in zip(table("| Where | Harm | Conditions |", after="### At zero Body"), ids,
                                             strict=True):
            over, up_to = None, None
            if m := re.search(r"within (\d+)", where):
                up_to = int(m.group(1))
            elif m := re.search(r"[Oo]ver (\d+) to (\d+)", where):
                over, up_to = int(m.group(1)), int(m.group(2))
            amount, unit = harm.split(" ")
            fire = re.fullmatch(r"Fire if reduced to (\d+)", conds)
            assert not fire or int(fire.group(1)) == t.peek("catchesFireAtBody")
            rows.append({"id": rid, "target": "vehicle" if where.startswith("Vehicle") else "person", "label": where,
                         "over": over, "upTo": up_to, "damage": int(amount) if unit == "damage" else 0,
                         "body": int(amount) if unit == "Body" else 0,
                         "conditions": [] if fire else [condition(c) for c in names_list(conds)],
                         "fireIfZero": bool(fire), "printedHarm": harm, "printedConditions": conds})
        t.eq(rows, "blast")
        patch, strong, sorted_, smashed = said(
            "**Patch up:** while in or beside the motor, roll **Graft, Hard**. Success restores {} Body, or {} on a "
            "strong result. This roadside patch is available once until a garage works on the motor. A **Toolkit** "
            "is its own equipment procedure: a Medium Graft repair restores {} Body on Sorted, {} on Smashed It, or "
            "all on Legendary, and can fix a flat.")
        # The Toolkit's own catalogue entry prints the same numbers.
        assert said("a Graft roll (Medium) restores Body (Sorted {}, Smashed It {}, Legendary all) or fixes a flat "
                    "tyre.") == [sorted_, smashed]
        per_body, flat_body, flat_price = said("The listed garages charge **£{} per missing Body**. A flat tyre "
                                               "counts as {w} Body for pricing: £{}.")
        assert per_body * flat_body == flat_price
        t.eq({"patchUp": {"stat": "grf", "band": "hard", "body": patch, "strongBody": strong,
                          "oncePerGarageVisit": True},
              "toolkit": {"stat": "grf", "band": "medium", "sorted": sorted_, "smashedIt": smashed,
                          "legendary": "all", "fixesFlat": True},
              "garage": {"pricePerBody": per_body, "flatTyreBody": flat_body, "flatTyrePrice": flat_price}},
             "repairs")


# ------------------------------------------------------------------------------------------------- fence.yml


def test_fence():
    with rules("fence") as t:
        pat, bow = said("Pat's bicycle share is **{}%** of base value. Bow Breakers' motor share is **{}%**.")
        says("Bicycles and suitable two-wheelers go to Pat at The Arches; cars and vans go to Bow Breakers Yard.")
        t.eq([{"id": "pat", "name": "Pat", "place": "The Arches", "buys": "bicycles", "sharePercent": pat},
              {"id": "bowBreakers", "name": "Bow Breakers", "place": "Bow Breakers Yard", "buys": "motors",
               "sharePercent": bow}], "buyers")
        body_base, body_factor, hot, round_to, rep, bonus = said(
            "**Value × share × ({} + {} × remaining Body fraction).** If it is hot, multiply that by **{}**. Round to "
            "the nearest **£{}**. At Rep {}, the known-supplier bonus raises the final fence offer by {}% where "
            "applicable.")
        assert said("Rep **{}:** +{}% fence offers") == [rep, bonus]
        t.eq({"bodyBase": body_base, "bodyFactor": body_factor}, "formula")
        t.eq(hot, "hotMultiplier")
        t.eq(round_to, "roundTo")
        t.eq({"rep": rep, "percent": bonus}, "repBonus")
        says("A docking-station hire bike has no resale value to a fence.")
        t.eq(0, "hireBikeValue")
        value, raw, offer, hot_raw, hot_offer = said(
            "**Example:** a £{} mountain bike at full Body yields £{} before rounding, so £{}. If hot, the offer is "
            "£{} before rounding, so £{}.")
        # The book's formula reproduces its own example.
        computed = value * pat / 100 * (body_base + body_factor * 1)
        assert math.isclose(computed, raw) and math.isclose(computed * hot, hot_raw)
        assert round_half_up(raw, round_to) == offer and round_half_up(hot_raw, round_to) == hot_offer
        t.eq({"value": value, "buyer": "pat", "bodyFraction": 1, "raw": raw, "offer": offer, "hotRaw": hot_raw,
              "hotOffer": hot_offer}, "example")


# ------------------------------------------------------------------------------------------------ shifts.yml


def test_shift_clocks():
    with rules("shifts", 0) as t:
        kinds = re.search(r"choose a shift: ([a-z, ]+)\.", book.text()).group(1)
        t.eq(names_list(kinds), "shifts")
        ids = ["pickup", "taxiDropOff", "courierDropOff", "reachPatient", "patientToHospital", "fireOrPoliceResponse",
               "anprSweep", "deliveryToCustody", "busStop", "patOrder"]
        rows = []
        for (stage, seconds), sid in zip(table("| Stage | Seconds |", after="### Published clock windows"), ids,
                                         strict=True):
            m = re.fullmatch(r"(\d+)(?: \+ (\d+)H)?", seconds)
            rows.append({"id": sid, "label": stage, "base": int(m.group(1)), "perHop": int(m.group(2) or 0)})
        t.eq(rows, "clockWindows")


def test_shift_pay():
    with rules("shifts", 1) as t:
        pay = dict(table("| Work | Calculation |", after="# Shift pay and tips"))
        base, hop, cab = map(num, re.fullmatch(r"£(\d+) \+ £(\d+)H, plus £(\d+) if using a cab\.",
                                               pay["Taxi fare"]).groups())
        tip = re.fullmatch(r"Fare × \(outcome tip rate \+ ([\d.]+)T\), rounded\. Tip rate: (.*)\. Add to the fare\.",
                           pay["Taxi tip"])
        rates = {}
        for part in tip.group(2).split("; "):
            labels, rate = part.rsplit(" ", 1)
            for label in labels.split(" / "):
                rates[camel(label)] = num(rate)
        # Cabbie: "fares tip more" (no number): the tip the GM agrees is paid with that perk only (a ruling).
        says("Wheels steps up one die on taxi jobs, and fares tip more.")
        t.eq({"base": base, "perHop": hop, "cabBonus": cab, "timeRate": num(tip.group(1)), "tipRates": rates,
              "perkTipPerk": kebab("Cabbie")}, "pay", "taxi")
        c = re.fullmatch(r"\(£(\d+) \+ £(\d+)H\) × \(([\d.]+) \+ ([\d.]+)T\), rounded\. Halve the amount for damaged "
                         r"cargo\.", pay["Courier"]).groups()
        t.eq({"base": num(c[0]), "perHop": num(c[1]), "factorBase": num(c[2]), "factorTime": num(c[3]),
              "damagedMultiplier": 0.5}, "pay", "courier")
        p = re.fullmatch(r"Base £(\d+) \+ £(\d+)H\. (.*); Lost £(\d+)\.", pay["Paramedic"])
        mults = {camel(s): num(x) for s, x in re.findall(r"(\w+) ×([\d.]+)", p.group(3))}
        t.eq({"base": num(p.group(1)), "perHop": num(p.group(2)), "multipliers": {**mults, "lost": num(p.group(4))}},
             "pay", "paramedic")
        f = re.fullmatch(r"£(\d+) \+ £(\d+) per progress − £(\d+) per consequence, minimum £(\d+)\. Lost structure "
                         r"£(\d+)\.", pay["Fire, saved"]).groups()
        t.eq(dict(zip(["base", "perProgress", "perConsequence", "minimum", "lost"], map(num, f))), "pay", "fire")
        pc = re.fullmatch(r"ANPR £(\d+); pursuit £(\d+); disturbance £(\d+)\. A compromised completion pays (\d+)% of "
                          r"the clean amount\.", pay["Police call"]).groups()
        t.eq(dict(zip(["anpr", "pursuit", "disturbance", "compromisedPercent"], map(num, pc))), "pay", "police")
        b = re.fullmatch(r"£(\d+) \+ £(\d+)T, rounded\. The route can separately award a completion bonus\.",
                         pay["Bus stop"]).groups()
        t.eq({"base": num(b[0]), "timeRate": num(b[1])}, "pay", "bus")
        assert "A completed order awards 2 XP" in pay["Pat's order"]
        says("Round money to whole pounds unless a formula says otherwise.")
        t.eq("halfUp", "pay", "rounding")

        hops, fare, rate, time_tip, tip_paid, total, xp = said(
            "A {w}-hop cab fare is £{}. Sorted gives a {} tip rate; arriving with half the clock left adds {}. The "
            "rounded tip is £{}, so the completed fare pays **£{}** and normally {} XP.")
        # The book's formulas reproduce its example.
        assert base + hop * hops + cab == fare and rates["sorted"] == rate
        assert math.isclose(0.25 * 0.5, time_tip) and math.isclose(float(tip.group(1)) * 0.5, time_tip)
        assert round_half_up(fare * (rate + time_tip)) == tip_paid and fare + tip_paid == total
        t.eq({"hops": hops, "cab": True, "fare": fare, "outcome": "sorted", "tipRate": rate, "timeFraction": 0.5,
              "timeTip": time_tip, "tip": tip_paid, "total": total, "xp": xp}, "example")


def test_shift_procedures():
    with rules("shifts", 2) as t:
        states = re.search(r"Their state is \*\*([\w →]+)\*\*\.", book.text()).group(1).split(" → ")
        says("Reach the patient and roll **Savvy** for treatment.")
        says("Sorted improves one step; Smashed It or Legendary improves two. Just About holds the current state. "
             "Bad Luck worsens one; Proper Mess worsens two.")
        (seconds,) = said("An untreated non-Stable patient worsens every **{} seconds of active job-clock time**.")
        t.eq({"stat": "sav", "states": [camel(s) for s in states],
              "treatment": {"properMess": -WORDS["two"], "badLuck": -WORDS["one"], "justAbout": 0,
                            "sorted": WORDS["one"], "smashedIt": WORDS["two"], "legendary": WORDS["two"]},
              "worsenEverySeconds": seconds, "worsenSteps": 1}, "paramedic")
        progress, consequences = said("Reach the fire and roll **Grit**. Use the challenge contribution table. "
                                      "Extinguish it at **{} progress before {} consequences**.")
        says("If both limits are reached on one roll, the consequence limit takes priority: the building is lost.")
        t.eq({"stat": "grt", "progress": progress, "consequences": consequences, "bothReached": "lost"}, "fire")
        start, catch, escape, bad, mess, tn_base = said(
            "Start at {}; close to {} to catch, or let it open to {} and the target escapes. A successful check "
            "closes by its challenge progress; Bad Luck opens {}; Proper Mess opens {} and causes a collision. The "
            "getaway TN is {} + half the sum of driver Wheels and vehicle Performance faces + Handling, rounded.")
        t.eq({"gapStart": start, "gapCatch": catch, "gapEscape": escape, "badLuckOpens": bad, "properMessOpens": mess,
              "properMessCollision": True, "getawayTn": {"base": tn_base, "facesDivisor": 2, "plusHandling": True},
              # a ruling: no target named is the book's own getaway driver (docs/guide/13-rulings.md)
              "assumedTarget": dict(zip(("wheels", "performance"), said(
                  "Jaz has Wheels d{} and drives a d{}-Performance motor.")), handling=0)},
             "pursuit")
        # The checks printed without a band (a ruling, docs/guide/13-rulings.md: Medium unless the GM sets another).
        says("Wheels resolves the demanding part of the journey.")
        says("resolve the requested check.")
        t.eq({"default": "medium", "unbanded": ["taxi", "paramedic", "fire", "disturbance"]}, "checkBand")
        # "A compromised completion" names no cause: a failed requested check (a ruling).
        says("A compromised completion pays 60% of the clean amount.")
        t.eq({"compromisedOn": ["badLuck", "properMess"]}, "disturbance")


# ------------------------------------------------------------------------------------------------- money.yml


def test_money():
    with rules("money") as t:
        pct, minimum = said("Clear Heat and lose **{}% of pocket cash, rounded to whole pounds, minimum £{}**, capped "
                            "at cash held.")
        t.eq({"percent": pct, "minimum": minimum, "capAtCash": True, "clearsHeat": True}, "busted")
        pct, minimum = said("Clear Heat and resolve the hospital reset. Lose **{}% of pocket cash, rounded to whole "
                            "pounds, with a minimum of £{}**, capped at the cash you actually have.")
        c1, l1, c2, l2 = said("If you had £{}, you lose £{}; with £{}, you lose £{}.")
        for cash, loss in ((c1, l1), (c2, l2)):
            assert min(cash, max(minimum, round_half_up(cash * pct / 100))) == loss
        t.eq({"percent": pct, "minimum": minimum, "capAtCash": True, "clearsHeat": True,
              "examples": [{"cash": c1, "loss": l1}, {"cash": c2, "loss": l2}]}, "wasted")
        street, street_pct, chain, chain_pct, wide_pct, cap = said(
            "Street relationship {} gives {}% off shops; Chainring relationship {} gives Pat's {}% discount. Wide Boy "
            "gives another {}% where applicable. Total shop discount is capped at **{}%**.")
        assert said("**FRT · Haggling, buying and selling.** Front steps up one die when you haggle; shops knock {}% "
                    "off for you.")[0] == wide_pct
        t.eq([{"id": "street", "source": "relationship", "counter": "street", "level": street, "percent": street_pct,
               "appliesTo": "shops"},
              {"id": "chainring", "source": "relationship", "counter": "crew", "level": chain, "percent": chain_pct,
               "appliesTo": "pat"},
              {"id": "wideBoy", "source": "perk", "perk": kebab("Wide Boy"), "percent": wide_pct,
               "appliesTo": "shops"}], "discounts")
        t.eq(cap, "discountCap")
        respray, market, garage = said("Respray is £{}, a market change is £{}, and garage Body repair is £{} per "
                                       "missing point by default.")
        assert said("**Respray:** £{} at a listed service")[0] == respray
        assert said("**New clobber:** £{} at the market")[0] == market
        assert said("The listed garages charge **£{} per missing Body**.")[0] == garage
        says("Ordinary A&E treatment is free in the game's service list")
        t.eq({"respray": respray, "marketChange": market, "garagePerBody": garage, "aAndE": 0}, "services")
        says("Divide it by the number of participants, rounding each share down to whole pounds.")
        t.eq({"rounding": "down"}, "crewFee")
        # Rest (Harm, aid and recovery › Rest; Heat on your heels › Safe night).
        (hot,) = said("You cannot rest while Bleeding, while police can see you, or at {w} or more stars.")
        (cool,) = said("At {w} Heat stars or less, it clears Heat overnight too.")
        assert said("**Safe night:** rest with {w} stars or less.")[0] == cool
        says("clears everyday fatigue, pain and stress Conditions")
        # the Heat side is heat.yml's rest (checked with the Heat tables): the same numbers, once
        heat_rest = load("heat")["rest"]
        assert (hot, cool) == (heat_rest["blockedFromStars"], heat_rest["clearsHeatAtMaxStars"])
        # Places (Buy what is actually available): which shelf sells what is a ruling; the book names the kinds.
        says("Ordinary corner shops sell food, water, basic medicine and small essentials. Pat's Arches sell cycle "
             "tools and repairs. Markets supply clobber; Uncle's Cafe supplies more dangerous kit when your personal "
             "Rep unlocks it.")
        places = {p["id"]: p for p in t.get("places")}
        unlocks = [u["rep"] for u in places["unclesCafe"]["unlocks"]]
        book_reps = [said("Rep **{}:** Uncle's guns and ammunition")[0], said("Rep **{}:** +10% fence offers and Uncle's "
                     "better stock")[0], said("Rep **{}:** car jobs and the “don't ask” shelf")[0]]
        assert unlocks == book_reps
        assert places["flat"]["stash"] and places["flat"]["rest"] and places["safehouse"]["rest"]
        # A typo guard, not a rule of the book.
        assert t.get("maxPounds") > 0


# ---------------------------------------------------------------------------------------------- creation.yml


def test_creation():
    with rules("creation") as t:
        (steps,) = said("### {w} steps to your first night")
        listed = re.findall(r" (\d)\. \*\*", section("### Seven steps to your first night", "### One extra thing"))
        assert [int(n) for n in listed] == list(range(1, steps + 1))
        t.eq(steps, "steps")
        n8, d8, n6, d6, n4, d4 = said("Use exactly **{w} d{}, {w} d{}s and {w} d{}s** across the nine stats.")
        assert n8 + n6 + n4 == len(STAT_ABBR)
        t.eq([{"die": d8, "count": n8}, {"die": d6, "count": n6}, {"die": d4, "count": n4}], "statDistribution")
        (of,) = said("**Choose one perk** from your background's {w}.")
        t.eq({"choose": WORDS["one"], "from": of}, "perkChoices")
        extras = re.search(r"### One extra thing Choose a ([^.]+)\. This is one item", book.text()).group(1)
        names = names_list(extras)
        for n in names:  # every extra is a catalogue item
            assert re.search(rf"### {re.escape(n)} · £\d+", book.text()), n
        t.eq({"choose": WORDS["one"], "items": [kebab(n) for n in names]}, "extraItems")
        says("Add your background's items, Fists and one extra from the list below.")
        t.eq([kebab("Fists")], "startingItems")
        rep, xp, hustle = said("**Finish the numbers.** Rep {}, {} XP, {} Hustle and Health 8 + Grit modifier.")
        _, most = said("Begin with {} points and a maximum of {}.")
        says("start with no faction Renown unless the GM establishes otherwise")
        t.eq({"rep": rep, "xp": xp, "hustle": hustle, "hustleMax": most, "renown": 0}, "start")
        t.eq(said("Player characters are adults, aged {} or over.")[0], "minimumAge")


# ----------------------------------------------------------------------------------------- vehicle-theft.yml


def test_vehicle_theft():
    with rules("vehicle-theft") as t:
        says("### Theft and recovery Roll Graft against the established lock target.")
        t.eq("grf", "stat")
        says("Carjacking uses Muscle or Front and attracts the carjacking Heat response.")
        t.eq([STAT_NAME[n] for n in names_list("Muscle or Front")], "carjackingStats")
        says("Sorted or better opens the lock. With a loud tool, Sorted can draw witnesses. Just About opens it but "
             "somebody sees. Bad Luck costs time; a loud attempt is seen. Proper Mess is seen and can jam the lock.")

        def row(outcome, opens, seen, time=False, jam=False):
            return {"outcome": outcome, "opens": opens, "seen": seen, "costsTime": time, "canJam": jam}

        t.eq([row("legendary", True, "never"), row("smashedIt", True, "never"), row("sorted", True, "ifLoud"),
              row("justAbout", True, "always"), row("badLuck", False, "ifLoud", time=True),
              row("properMess", False, "always", jam=True)], "results")
