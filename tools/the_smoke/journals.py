"""Reference compendia made from data: the Rules journal (one JournalEntry per rules table and one for the
31 Conditions) and the RollTables (the d20 street events). They are read-only views of ``packs-src/rules`` and
``packs-src/conditions``; edit the YAML, not these documents (``unpack`` skips them).
"""

from __future__ import annotations

from typing import Any

from . import ids
from .catalogue import Catalogue
from .compile import SYSTEM_ID, stats_block
from .templating import render

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


def condition_effects(c: dict[str, Any]) -> list[str]:
    """Plain-language lines for a Condition's mechanics as data (shown under the printed text)."""
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
        out.append("Suppresses (does not erase): " + ", ".join(c["suppresses"]))
    if c.get("comedown"):
        out.append(f"Followed by {c['comedown']} when it ends")
    if c.get("becomes"):
        out.append(f"{c['becomes']['count']} of these become {c['becomes']['condition']}")
    if c.get("endsAt") == "roundEnd":
        out.append("Removed at the end of the round")
    if c.get("escalation"):
        out.append(f"Another dose while active gives {c['escalation']['repeat']}")
    return out


def rules_journal(cat: Catalogue, version: str) -> list[dict[str, Any]]:
    docs = []
    for i, key in enumerate(sorted(cat.rules)):
        entry = cat.rules[key]
        content = render("rules-page.html.j2", data=entry.data, source=rules_source(entry.file))
        docs.append(_journal(key, title_of(key), [(key, title_of(key), content)], (i + 1) * 100000, version))
    pages = []
    for key in sorted(cat.conditions, key=lambda k: cat.conditions[k].data["name"]):
        c = cat.conditions[key].data
        pages.append((key, c["name"], render("condition-page.html.j2", c=c, effects=condition_effects(c))))
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
