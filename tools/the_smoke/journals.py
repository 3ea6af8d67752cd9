"""Reference compendia made from data: the Rules journal (one JournalEntry per rules table and one for the
31 Conditions) and the RollTables (the d20 street events). They are read-only views of ``packs-src/rules`` and
``packs-src/conditions``; edit the YAML, not these documents (``unpack`` skips them).
"""

from __future__ import annotations

from typing import Any

from . import ids
from .catalogue import Catalogue
from .compile import SYSTEM_ID, stats_block
from .templating import _label, render

RULES_PACK = "rules"
TABLES_PACK = "roll-tables"
STAT_NAMES = {"mus": "Muscle", "grt": "Grit", "mov": "Moves", "whl": "Wheels", "aim": "Aim", "grf": "Graft",
              "sav": "Savvy", "frt": "Front", "btl": "Bottle"}


# Display names of the rules tables in the Rules journal (a homebrew table falls back to its file name).
TITLES = {
    "chase": "The chase gauge and contact", "combat": "Combat, harm and recovery", "creation": "Making a new face",
    "damage-severity": "Damage severity", "dice": "Dice and the die ladder", "difficulty": "Choosing difficulty",
    "explosion-moments": "Explosions and big moments", "fence": "The fence's offer", "gm-checks": "GM checks",
    "hazards": "Hazards", "heat": "Heat on your heels", "hustle": "Hustle", "money": "Money, shops and custody",
    "outcomes": "Outcomes and challenges", "police-response": "Police response", "ranges": "Range bands",
    "renown": "Renown and Influence", "rep": "The Rep ladder", "shifts": "Service shifts, clocks and pay",
    "speed-dice": "Speed dice", "stats": "The nine stats", "street-events": "Street events (d20)",
    "tn-tables": "Variable Effort TN tables", "vehicle-fire": "Vehicle fire and repairs",
    "vehicle-theft": "Vehicle theft", "witnessed-crimes": "Witnessed crimes",
}


# -- the Rules journal's pages: data → what the book prints ----------------------------------------------------
# Fields whose value is machine data, not something a reader looks up; they are left off the page.
HIDDEN = {"id", "key"}
# Fields whose integer value is a die (d4 … d20).
DIE_FIELDS = {"die", "stat", "effort", "statCap", "performance", "crewDie"}
# Fields whose text is a word, not a reference (so "down" stays "down", not the Down Condition).
PLAIN_FIELDS = {"rounding", "source", "appliesTo", "printed", "text", "description", "meaning", "use", "label",
                "name", "title", "stakes"}
TITLE_FIELDS = ("label", "name", "title", "rank")
# Fields whose text is a camelCase word of the data (an effect, a counter): shown in words, not looked up.
WORD_FIELDS = {"effect", "counter", "counters", "unit"}
# Headings of a table's name column where the list's own name would mislead.
NAME_HEADINGS = {"challenge": "Outcome"}


# Per table: columns left off because the row's label already says them ("Bad Luck, cost accepted").
HIDE_COLUMNS = {"challenge": {"outcome", "costAccepted"}}
_ACRONYMS = {"Xp": "XP", "xp": "XP", "Tn": "TN", "tn": "TN", "Gm": "GM", "gm": "GM", "Pc": "PC", "pc": "PC",
             "Anpr": "ANPR", "anpr": "ANPR", "Npc": "NPC", "npc": "NPC"}


def _heading(key: Any, names: dict[str, str] | None = None) -> str:
    """A field's heading: the book's name for an id (Long Shot, Proper Mess, Muscle), else the key in words."""
    if names and isinstance(key, str) and key in names:
        return names[key]
    return " ".join(_ACRONYMS.get(w, w) for w in _label(key).split(" "))


def _singular(field: str | None) -> str:
    if field in NAME_HEADINGS:
        return NAME_HEADINGS[field]
    if not field:
        return "Name"
    word = _heading(field).split(" ")[-1]
    word = word[:-3] + "y" if word.endswith("ies") else word[:-1] if word.endswith("s") else word
    return word[:1].upper() + word[1:]


def display_names(cat: Catalogue) -> dict[str, str]:
    """Id → the name the book prints: the nine stats, every row of a rules table with an id and a label, name or
    title (bands, outcomes, moments, tiers, …), the Conditions and the catalogue's entries."""
    names: dict[str, str] = {}
    for pack in cat.packs.values():
        for key, entry in pack.entries.items():
            names.setdefault(key, entry.data["name"])
    for key, entry in cat.conditions.items():
        names[key] = entry.data["name"]

    def rows(value: Any) -> None:
        if isinstance(value, dict):
            for v in value.values():
                rows(v)
        elif isinstance(value, list):
            for v in value:
                if isinstance(v, dict):
                    ident = v.get("id", v.get("key"))
                    title = next((v[t] for t in TITLE_FIELDS if isinstance(v.get(t), str)), None)
                    if isinstance(ident, str) and title:
                        names.setdefault(ident, title)
                rows(v)

    for key in sorted(cat.rules):
        rows(cat.rules[key].data)
    names.update(STAT_NAMES)
    stats = cat.rules.get("stats")
    for row in (stats.data.get("stats", []) if stats else []):
        names[row["key"]] = row["name"]
    return names


def _span(v: dict) -> str:
    lo, hi = v.get("min"), v.get("max")
    num = lambda n: f"{n}".replace("-", "−")  # noqa: E731 - the book's minus sign
    if lo is None and hi is None:
        return "—"
    if lo is None:
        return f"{num(hi)} or less"
    if hi is None:
        return f"{num(lo)} or more"
    return num(lo) if lo == hi else f"{num(lo)} to {num(hi)}"


def _is_span(v: Any) -> bool:
    return isinstance(v, dict) and set(v) <= {"min", "max"} and bool(v)


def _row_fields(rows: list[dict], names: dict[str, str], field: str | None) -> list[tuple[str, str]]:
    """The columns of a table as (field, heading): the id/key column gives way to the row's label, name or title
    (put in its place), a ``printedX`` replaces ``x`` (the book's wording of a number it also gives as data) and
    an abbreviation joins the name."""
    keys: list[str] = []
    for r in rows:
        keys += [k for k in r if k not in keys and k not in HIDE_COLUMNS.get(field or "", ())]
    title = next((t for t in TITLE_FIELDS if t in keys), None)
    out: list[tuple[str, str]] = []
    for k in keys:
        if k in HIDDEN and title:
            if title not in [f for f, _ in out]:
                out.append((title, _singular(field)))
            continue
        if k in HIDDEN:  # no label to stand for the id: the id in words names the row
            out.append((k, _singular(field)))
            continue
        if k == title and title in [f for f, _ in out]:
            continue
        if k == "abbreviation" and "name" in keys:
            continue
        printed = "printed" + k[:1].upper() + k[1:]
        if printed in keys:
            continue  # the printed column stands for it
        if k.startswith("printed") and len(k) > 7:
            out.append((k, _heading(k[7:])))
        elif k == "printed":
            spans = [f for f in keys if all(_is_span(r.get(f)) for r in rows if f in r) and f != k]
            out.append((k, _heading(spans[0]) if spans else "Printed"))
        elif k in (title,) and not any(h in HIDDEN for h in keys):
            out.append((k, _singular(field) if k != "title" else "Title"))
        else:
            out.append((k, _heading(k, names)))
    spans_replaced = {f for f in keys if "printed" in keys and all(_is_span(r.get(f)) for r in rows if f in r)}
    out = [(f, h) for f, h in out if f not in spans_replaced or f == "printed"]
    heads = [h for _, h in out]
    return [(f, "Name" if heads.count(h) > 1 and f in TITLE_FIELDS else h) for f, h in out]


def display(value: Any, names: dict[str, str], field: str | None = None) -> dict[str, Any]:
    """A rules value as a node the page template renders: text, list, dl (fields), table or sections."""
    if isinstance(value, bool):
        return {"t": "text", "v": "yes" if value else "no"}
    if value is None:
        return {"t": "text", "v": "—"}
    if isinstance(value, int) and field in DIE_FIELDS:
        return {"t": "text", "v": f"d{value}"}
    if isinstance(value, (int, float)):
        return {"t": "text", "v": str(value).replace("-", "−")}
    if isinstance(value, str):
        if field in HIDDEN:
            return {"t": "text", "v": names.get(value) or _heading(value)}
        if field in WORD_FIELDS:
            return {"t": "text", "v": _heading(value).lower() if field != "effect" else _heading(value)}
        if field not in PLAIN_FIELDS and value in names:
            return {"t": "text", "v": names[value]}
        return {"t": "text", "v": value}
    if _is_span(value):
        return {"t": "text", "v": _span(value)}
    if isinstance(value, dict) and set(value) == {"tn", "percent"}:  # the Choosing-difficulty cells: 6 (87%)
        return {"t": "text", "v": f"{value['tn']} ({value['percent']}%)"}
    if isinstance(value, dict):
        pairs = [(k, v) for k, v in value.items() if k not in HIDDEN]
        return {"t": "dl", "v": [(_heading(k, names), display(v, names, k)) for k, v in pairs]}
    if isinstance(value, list):
        if not value:
            return {"t": "text", "v": "—"}
        if all(isinstance(r, dict) for r in value):
            nested = [k for k in value[0] if all(isinstance(r.get(k), list) and r.get(k)
                                                 and all(isinstance(x, dict) for x in r[k]) for r in value)]
            if nested:  # a list of tables (the TN tables per Effort die): one headed table each
                sections = []
                for r in value:
                    head = ", ".join(f"{_heading(k)} {display(v, names, k)['v']}" for k, v in r.items()
                                     if k not in nested and k not in HIDDEN and not isinstance(v, (dict, list)))
                    sections.append((head, [(_heading(k), display(r[k], names, k)) for k in r if k in nested]))
                return {"t": "sections", "v": sections}
            fields = _row_fields(value, names, field)
            rows = []
            for r in value:
                cells = []
                for f, _ in fields:
                    cell = display(r.get(f), names, f) if f in r else {"t": "text", "v": ""}
                    if f == "name" and "abbreviation" in r:
                        cell = {"t": "text", "v": f"{r['name']} ({r['abbreviation']})"}
                    cells.append(cell)
                rows.append(cells)
            return {"t": "table", "head": [h for _, h in fields], "v": rows}
        items = [display(x, names, field) for x in value]
        if all(i["t"] == "text" for i in items):
            return {"t": "text", "v": ", ".join(i["v"] for i in items)}
        return {"t": "list", "v": items}
    return {"t": "text", "v": str(value)}


def rules_source(file) -> str:
    """The rulebook sections a rules file cites in its first comment line (``# Rulebook: ...``)."""
    first = file.read_text(encoding="utf-8").split("\n", 1)[0]
    return first[2:].strip() if first.startswith("# ") else ""


def title_of(key: str) -> str:
    return TITLES.get(key) or key.replace("-", " ").capitalize()


def _stats(version: str) -> dict[str, Any]:
    s = stats_block()
    s["systemVersion"] = version
    return s


def _page(entry_key: str, page_key: str, name: str, content: str, sort: int, version: str,
          parent_id: str) -> dict[str, Any]:
    pid = ids.embedded_id(RULES_PACK, entry_key, page_key)
    return {"_id": pid, "name": name, "type": "text", "title": {"show": True, "level": 1},
            "text": {"format": 1, "content": content}, "sort": sort, "ownership": {"default": -1},
            "flags": {}, "_stats": _stats(version), "_key": f"!journal.pages!{parent_id}.{pid}"}


def _journal(key: str, name: str, pages: list[tuple[str, str, str]], sort: int, version: str) -> dict:
    jid = ids.document_id(RULES_PACK, key)
    return {"_id": jid, "name": name, "folder": None, "sort": sort, "ownership": {"default": 0},
            "categories": [],
            "pages": [_page(key, pk, pn, content, (i + 1) * 100000, version, jid)
                      for i, (pk, pn, content) in enumerate(pages)],
            "flags": {SYSTEM_ID: {"key": f"{RULES_PACK}/{key}", "generated": True}},
            "_stats": _stats(version), "_key": f"!journal!{jid}"}


def condition_effects(c: dict[str, Any], names: dict[str, str] | None = None) -> list[str]:
    """Plain-language lines for a Condition's mechanics as data (shown under the printed text), naming other
    Conditions as the book does (``names``: id → name)."""
    names = names or {}

    def name(k: str) -> str:
        return names.get(k, k)

    out = []
    for stat, n in c.get("modifiers", {}).items():
        out.append(f"{STAT_NAMES[stat]} rolls {n:+d}")
    if c.get("offYourGame"):
        out.append("Off Your Game (no explosions): " + ", ".join(STAT_NAMES[s] for s in c["offYourGame"]))
    if c.get("effortNoExplode"):
        out.append("Effort die does not explode")
    if c.get("guard"):
        out.append(f"Guard {c['guard']:+d}")
    if c.get("speedDice"):
        out.append(f"Speed dice {c['speedDice']:+d}")
    for flag, text in (("noSpeedDice", "No speed dice"), ("noReaction", "No reaction"),
                       ("cannotAct", "Cannot act"), ("cannotDrive", "Cannot drive"),
                       ("cannotMoveAway", "Cannot move away")):
        if c.get(flag):
            out.append(text)
    if c.get("harmPerRound"):
        out.append(f"Loses {c['harmPerRound']} Health at the end of each round")
    if c.get("suppresses"):
        out.append("Suppresses (does not erase): " + ", ".join(name(k) for k in c["suppresses"]))
    if c.get("comedown"):
        out.append(f"Followed by {name(c['comedown'])} when it ends")
    if c.get("becomes"):
        out.append(f"{c['becomes']['count']} of these become {name(c['becomes']['condition'])}")
    if c.get("endsAt") == "roundEnd":
        out.append("Removed at the end of the round")
    if c.get("escalation"):
        out.append(f"Another dose while active gives {name(c['escalation']['repeat'])}")
    return out


def rules_journal(cat: Catalogue, version: str) -> list[dict[str, Any]]:
    docs = []
    names = display_names(cat)
    for i, key in enumerate(sorted(cat.rules)):
        entry = cat.rules[key]
        content = render("rules-page.html.j2", node=display(entry.data, names), source=rules_source(entry.file))
        docs.append(_journal(key, title_of(key), [(key, title_of(key), content)], (i + 1) * 100000, version))
    pages = []
    for key in sorted(cat.conditions, key=lambda k: cat.conditions[k].data["name"]):
        c = cat.conditions[key].data
        pages.append((key, c["name"], render("condition-page.html.j2", c=c, effects=condition_effects(c, names))))
    if pages:
        docs.append(_journal("conditions", "Conditions", pages, 0, version))
    return docs


def roll_tables(cat: Catalogue, version: str) -> list[dict[str, Any]]:
    """The street-events d20 as a RollTable (rulebook: A d20 on the street)."""
    entry = cat.rules.get("street-events")
    if entry is None:
        return []
    data = entry.data
    tid = ids.document_id(TABLES_PACK, "street-events")
    results = []
    for row in data["events"]:
        rid = ids.embedded_id(TABLES_PACK, "street-events", str(row["roll"]))
        results.append({"_id": rid, "type": "text", "name": row["title"], "img": "icons/svg/d20-black.svg",
                        "description": f"<p>{render('escape.j2', text=row['text'])}</p>",
                        "documentUuid": None, "weight": 1, "range": [row["roll"], row["roll"]], "drawn": False,
                        "flags": {}, "_stats": _stats(version), "_key": f"!tables.results!{tid}.{rid}"})
    return [{"_id": tid, "name": title_of("street-events"), "img": "icons/svg/d20-grey.svg",
             "description": f"<p>{render('escape.j2', text=rules_source(entry.file))}</p>",
             "results": results, "formula": "1d20", "replacement": True, "displayRoll": True, "folder": None,
             "sort": 0, "ownership": {"default": 0},
             "flags": {SYSTEM_ID: {"key": f"{TABLES_PACK}/street-events", "generated": True}},
             "_stats": _stats(version), "_key": f"!tables!{tid}"}]
