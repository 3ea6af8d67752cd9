"""The Missions compendium (issue 16): ``packs-src/missions/<key>.yml``, one mission each, compiled to a JournalEntry
holding one page of the system's ``mission`` type (``module/data/mission-page.mjs`` reads the same fields).

A mission without a fee type or without objectives is refused here, as the data model refuses it in Foundry, with
the file, the entry and the field named; so are XP outside the printed 3–5 and the other schema problems
(``schemas/mission.schema.json``). The rulebook prints no missions (they are in the Campaign Book): the two shipped
are the examples it gives, with the GM's numbers said to be so in their ``source``.
"""

from __future__ import annotations

from typing import Any

from . import ids
from .catalogue import MISSIONS, Catalogue, Entry
from .compile import SYSTEM_ID, stats_block
from .errors import UserError
from .templating import render

PACK = MISSIONS
PAGE_TYPE = "mission"
LABEL = "Missions"
FEE_TYPES = ("crewFee", "perHead", "patOrder")


def problems(entry: Entry, xp_pat: int | None = None) -> list[UserError]:
    """The refusals the data model also makes, in words, before the schema's own checks. ``xp_pat`` is a Pat order's
    XP (packs-src/rules/rep.yml ``xp.patOrder``)."""
    data = entry.data
    out = []
    fee = data.get("fee")
    if not isinstance(fee, dict) or fee.get("type") not in FEE_TYPES:
        where = ["fee", "type"] if isinstance(fee, dict) and "type" in fee else ["fee"]
        got = fee.get("type") if isinstance(fee, dict) else None
        out.append(entry.error("a mission's fee needs its type: crewFee (one amount, split), perHead (to each) or patOrder "
                               "(paid through the vehicle sale, 2 XP)"
                               + (f", not {got!r}" if got is not None else " — none is given"), where))
    if isinstance(fee, dict) and fee.get("type") == "patOrder":
        if fee.get("amount", 0) != 0:
            out.append(entry.error("a Pat order has no crew fee (it is paid through the vehicle sale): amount 0",
                                   ["fee", "amount"]))
        if xp_pat is not None and data.get("xp") != xp_pat:
            out.append(entry.error(f"a completed Pat order awards {xp_pat} XP, not {data.get('xp')!r}", ["xp"]))
    elif isinstance(data.get("xp"), int) and data["xp"] < 3:
        out.append(entry.error(f"xp: {data['xp']} is less than the minimum of 3", ["xp"]))
    objectives = data.get("objectives")
    if not isinstance(objectives, list) or not objectives:
        out.append(entry.error("a mission needs at least one objective (a list of {id, label})", ["objectives"]))
    else:
        seen: set[str] = set()
        for i, o in enumerate(objectives):
            oid = o.get("id") if isinstance(o, dict) else None
            if isinstance(oid, str) and oid in seen:
                out.append(entry.error(f"objective id {oid!r} is used twice", ["objectives", i, "id"]))
            if isinstance(oid, str):
                seen.add(oid)
    return out


def check_missions(cat: Catalogue, report: Any) -> None:
    """Validate every mission (the fee type and objectives in words, then the schema); errors go on ``report``."""
    from .validate import _schema_errors

    for key in sorted(cat.missions):
        entry = cat.missions[key]
        rep = cat.rules.get("rep")
        found = problems(entry, rep.data["xp"]["patOrder"] if rep is not None else None)
        # the schema's own message for a missing or wrong fee type / objectives would repeat the two above
        found += [e for e in _schema_errors(entry, "mission")
                  if not (found and (e.field or "").split(".")[0] in ("fee", "objectives")
                          and e.field in ("fee", "fee.type", "objectives"))]
        report.errors.extend(found)


def _stats(version: str) -> dict[str, Any]:
    s = stats_block()
    s["systemVersion"] = version
    return s


def page_system(data: dict[str, Any]) -> dict[str, Any]:
    """A mission's YAML → the page's ``system`` (module/data/mission-page.mjs)."""
    briefing = render("escape.j2", text=data.get("briefing", "")) if data.get("briefing") else ""
    return {"client": data.get("client", ""), "fee": {"type": data["fee"]["type"], "amount": data["fee"].get("amount", 0)},
            "xp": data["xp"], "deadlineSeconds": data.get("deadlineSeconds"),
            "objectives": [{"id": o["id"], "label": o["label"]} for o in data["objectives"]],
            "obligations": [dict(r) for r in data.get("obligations", [])],
            "claimants": [dict(r) for r in data.get("claimants", [])],
            "selfPlay": data.get("selfPlay", True), "briefing": f"<p>{briefing}</p>" if briefing else ""}


def missions_pack(cat: Catalogue, version: str) -> list[dict[str, Any]]:
    """The Missions compendium's JournalEntry documents, one page each (the page is the mission)."""
    docs = []
    for i, key in enumerate(sorted(cat.missions)):
        data = cat.missions[key].data
        jid = ids.document_id(PACK, key)
        pid = ids.embedded_id(PACK, key, "mission")
        source = render("escape.j2", text=data["source"])
        page = {"_id": pid, "name": data["name"], "type": PAGE_TYPE, "system": page_system(data),
                "title": {"show": True, "level": 1}, "text": {"format": 1, "content": f"<p>{source}</p>"},
                "sort": 100000, "ownership": {"default": -1}, "flags": {SYSTEM_ID: {"source": data["source"]}},
                "_stats": _stats(version), "_key": f"!journal.pages!{jid}.{pid}"}
        docs.append({"_id": jid, "name": data["name"], "folder": None, "sort": (i + 1) * 100000,
                     "ownership": {"default": 0}, "categories": [], "pages": [page],
                     "flags": {SYSTEM_ID: {"key": f"{PACK}/{key}"}}, "_stats": _stats(version),
                     "_key": f"!journal!{jid}"})
    return docs
