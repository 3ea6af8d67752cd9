"""Validation of the whole catalogue before anything is written.

Two passes: every YAML file against its JSON Schema (``schemas/``), then cross-checks that a schema cannot
express (references resolve, printed numbers agree with the rules that derive them, printed TN tables agree
with the odds engine). Every problem is collected, each naming file, line, entry and field; where the book
disagrees with its own rule and the record is kept as printed, a *reconciliation* note is reported instead.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from . import ids, missions, rules
from . import schemas as sch
from .catalogue import Catalogue, Entry
from .errors import UserError
from .schema_errors import schema_errors
from .schema_errors import short as _short

KIT_TYPES = ("weapon", "armour", "ammo", "gear", "outfit", "consumable", "drug")
ITEM_TYPES = KIT_TYPES + ("perk", "background", "vehicleAbility")
ACTOR_TYPES = ("character", "npc", "vehicle")
LIMIT = 1_000_000  # no number in the game comes near this; larger ones are typing mistakes


@dataclass
class Report:
    """The outcome of validation: ``errors`` stop the build; ``reconciliations`` are printed and kept."""

    errors: list[UserError] = field(default_factory=list)
    reconciliations: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def check_schemas(cat: Catalogue, report: Report) -> None:
    for pack in cat.packs.values():
        before = len(report.errors)
        report.errors.extend(schema_errors(pack.meta, "pack"))
        if len(report.errors) == before:
            meta = pack.meta.data
            allowed = ITEM_TYPES if meta["type"] == "Item" else ACTOR_TYPES
            if meta["documentType"] not in allowed:
                report.errors.append(pack.meta.error(
                    f"{meta['documentType']!r} is not an {meta['type']} type (use one of {', '.join(allowed)})",
                    ["documentType"]))
            keys = [f["key"] for f in meta.get("folders", [])]
            for i, key in enumerate(keys):
                if key in keys[:i]:
                    report.errors.append(pack.meta.error(f"folder key {key!r} is declared twice", ["folders", i, "key"]))
        if len(report.errors) > before:
            continue  # documents of a broken pack cannot be checked against its type
        for entry in pack.entries.values():
            report.errors.extend(schema_errors(entry, pack.document_type))
    for entry in cat.conditions.values():
        report.errors.extend(schema_errors(entry, "condition"))
    for entry in cat.rules.values():
        report.errors.extend(schema_errors(entry, f"rules/{entry.key}"))
    for entry in [*cat.entries(), *cat.conditions.values(), *cat.rules.values()]:
        report.errors.extend(_too_large(entry, entry.data, []))


def _too_large(entry: Entry, value: Any, path: list) -> list[UserError]:
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)) and not abs(value) <= LIMIT:  # NaN too
        return [entry.error(f"{_short(value)} is too large (numbers stay within ±{LIMIT:,})", path)]
    if isinstance(value, dict):
        return [e for k, v in value.items() for e in _too_large(entry, v, path + [k])]
    if isinstance(value, list):
        return [e for i, v in enumerate(value) for e in _too_large(entry, v, path + [i])]
    return []


class Index:
    """Lookups across packs by document type and key."""

    def __init__(self, cat: Catalogue):
        self.by_type: dict[str, dict[str, list[Entry]]] = {}
        for pack in cat.packs.values():
            for entry in pack.entries.values():
                self.by_type.setdefault(pack.document_type, {}).setdefault(entry.key, []).append(entry)
        self.packs = cat.packs

    def resolve(self, ref: str, types: tuple[str, ...]) -> tuple[Entry | None, str | None]:
        """``(entry, None)`` or ``(None, why)`` for a reference ``key`` or ``pack/key`` among ``types``."""
        if "/" in ref:
            pack, key = ref.split("/", 1)
            p = self.packs.get(pack)
            if p is None or p.document_type not in types:
                return None, f"no pack {pack!r} holding {' or '.join(types)}"
            entry = p.entries.get(key)
            return (entry, None) if entry else (None, f"no {key!r} in pack {pack!r}")
        found = [e for t in types for e in self.by_type.get(t, {}).get(ref, [])]
        if not found:
            close = difflib.get_close_matches(ref, [k for t in types for k in self.by_type.get(t, {})], n=1)
            return None, f"no {' or '.join(types)} with key {ref!r}" + (f"; did you mean {close[0]!r}?" if close else "")
        if len(found) > 1:
            return None, (f"{ref!r} is ambiguous: " + ", ".join(f"{e.pack} ({e.file})" for e in found)
                          + f" share the key; write it as <pack>/{ref}, or rename the new entry's key")
        return found[0], None


def item_ref_key(ref: Any) -> str:
    return ref["item"] if isinstance(ref, dict) else ref


def check_references(cat: Catalogue, index: Index, report: Report) -> None:
    ammo_types = {e.data.get("ammoType") for es in index.by_type.get("ammo", {}).values() for e in es}
    for entry in cat.entries():
        data, kind = entry.data, cat.packs[entry.pack].document_type
        folder = data.get("folder")
        if folder is not None:
            declared = [f["key"] for f in cat.packs[entry.pack].meta.data.get("folders", [])]
            if folder not in declared:
                report.errors.append(entry.error(f"folder {folder!r} is not declared in "
                                                 f"{entry.pack}/_pack.yml (declared: {', '.join(declared) or 'none'})",
                                                 ["folder"]))

        def need(path: list, ref: str, types: tuple[str, ...]) -> None:
            found, why = index.resolve(ref, types)
            if found is None:
                report.errors.append(entry.error(why or "unresolved reference", path))  # noqa: B023 — called in this iteration

        for i, perk in enumerate(data.get("perks", []) if kind in ("background", "character") else []):
            need(["perks", i], perk, ("perk",))
        for i, ref in enumerate(data.get("kit", [])):
            found, why = index.resolve(item_ref_key(ref), KIT_TYPES)
            if found is None:
                report.errors.append(entry.error(why or "unresolved reference",
                                                 ["kit", i] + (["item"] if isinstance(ref, dict) else [])))
                continue
            if not isinstance(ref, dict):
                continue
            kind_of = cat.packs[found.pack].document_type
            if ref.get("worn") and kind_of != "armour":
                report.errors.append(entry.error(f"only armour is worn; {found.label} is {kind_of}",
                                                 ["kit", i, "worn"]))
            if "loaded" in ref:
                mag = found.data.get("magazine") if kind_of == "weapon" else None
                if not mag:
                    report.errors.append(entry.error(f"{found.label} has no magazine to load", ["kit", i, "loaded"]))
                elif ref["loaded"] > mag["size"]:
                    report.errors.append(entry.error(f"loaded {ref['loaded']} but {found.label}'s magazine holds "
                                                     f"{mag['size']}", ["kit", i, "loaded"]))
        if kind == "character":
            need(["details", "background"], data["details"]["background"], ("background",))
        if kind == "vehicle":
            for i, ability in enumerate(data.get("abilities", [])):
                need(["abilities", i], ability, ("vehicleAbility",))
        if kind == "gear" and isinstance(data.get("makes"), dict):
            need(["makes", "item"], data["makes"]["item"], KIT_TYPES)
        if isinstance(data.get("checkTool"), dict):
            check_tool(cat, entry, data["checkTool"], report)
        if kind == "weapon" and data.get("magazine"):
            ammo = data["magazine"]["ammoType"]
            if ammo not in ammo_types:
                close = difflib.get_close_matches(ammo, sorted(t for t in ammo_types if t), n=1)
                report.errors.append(entry.error(
                    f"no ammunition of type {ammo!r}" + (f"; did you mean {close[0]!r}?" if close else ""),
                    ["magazine", "ammoType"]))


def check_tool(cat: Catalogue, entry: Entry, tool: dict, report: Report) -> None:
    """A tool's ``checkTool`` names one of the GM checks (rules/gm-checks.yml) and only stats that check lists."""
    table = cat.rules.get("gm-checks")
    checks = {c["key"]: c for c in (table.data.get("checks", []) if table else [])}
    row = checks.get(tool["check"])
    if row is None:
        close = difflib.get_close_matches(tool["check"], sorted(checks), n=1)
        report.errors.append(entry.error(f"no GM check with key {tool['check']!r} in rules/gm-checks.yml"
                                         + (f"; did you mean {close[0]!r}?" if close else ""), ["checkTool", "check"]))
        return
    for i, stat in enumerate(tool.get("stats", [])):
        if stat not in row["stats"]:
            report.errors.append(entry.error(f"{row['name']} is not rolled with {stat} ({', '.join(row['stats'])})",
                                             ["checkTool", "stats", i]))


# Rules tables that name catalogue entries: table → [(path with "*" for every list item, document types)].
# The Character Creator offers these items and the shops read the perk, so a name that resolves to nothing breaks
# them in play; the build refuses it instead.
RULES_REFERENCES: dict[str, list[tuple[tuple, tuple[str, ...]]]] = {
    "creation": [(("extraItems", "items", "*"), KIT_TYPES), (("startingItems", "*"), KIT_TYPES)],
    "money": [(("discounts", "*", "perk"), ("perk",)), (("places", "*", "stock", "*"), KIT_TYPES),
              (("places", "*", "unlocks", "*", "items", "*"), KIT_TYPES)],
}
# Lists of rows in rules tables whose rows are told apart by a field: a second row with the same value is a
# mistake (two Muscle rows would put two Muscle buttons on every sheet). Rows with an ``id`` or ``key`` are
# checked everywhere; these are the others.
UNIQUE_ROWS: dict[str, list[tuple[tuple, str]]] = {
    "dice": [(("modifiers",), "die")],
    "rep": [(("levels",), "level")],
    "creation": [(("statDistribution",), "die")],
    "tn-tables": [(("tables",), "effort"), (("tables", "*", "rows"), "stat")],
    "difficulty": [(("choosingDifficulty", "rows"), "stat")],
}


def _walk(value: Any, pattern: tuple, path: list):
    """``(path, value)`` for every value at ``pattern`` (``"*"`` matches every item of a list)."""
    if not pattern:
        yield path, value
        return
    head, rest = pattern[0], pattern[1:]
    if head == "*":
        if isinstance(value, list):
            for i, v in enumerate(value):
                yield from _walk(v, rest, path + [i])
    elif isinstance(value, dict) and head in value:
        yield from _walk(value[head], rest, path + [head])


def _row_lists(value: Any, path: list):
    """Every list of mappings inside ``value`` with its path."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _row_lists(v, path + [k])
    elif isinstance(value, list):
        if value and all(isinstance(v, dict) for v in value):
            yield path, value
        for i, v in enumerate(value):
            yield from _row_lists(v, path + [i])


def check_rules_tables(cat: Catalogue, index: Index, report: Report) -> None:
    """References from rules tables to catalogue entries resolve; rows that name a stat, level, die or id are
    not repeated; the stats table holds each of the nine stats once."""
    for table, refs in RULES_REFERENCES.items():
        entry = cat.rules.get(table)
        if entry is None:
            continue
        for pattern, types in refs:
            for path, ref in _walk(entry.data, pattern, []):
                if isinstance(ref, str):
                    found, why = index.resolve(ref, types)
                    if found is None:
                        report.errors.append(entry.error(why or "unresolved reference", path))
    for table, entry in cat.rules.items():
        checks = [(path, rows, col) for path, rows in _row_lists(entry.data, [])
                  for col in ("id", "key") if all(col in r for r in rows)]
        for pattern, col in UNIQUE_ROWS.get(table, []):
            checks += [(path, rows, col) for path, rows in _walk(entry.data, pattern, []) if isinstance(rows, list)]
        for path, rows, col in checks:
            seen: dict[Any, int] = {}
            for i, row in enumerate(rows):
                if not isinstance(row, dict) or col not in row:
                    continue
                value = row[col]
                if isinstance(value, (str, int)) and value in seen:
                    first = entry.loc.line_of(path + [seen[value], col])
                    report.errors.append(entry.error(f"{col} {value!r} appears twice (first at line {first}); "
                                                     f"each row needs its own", path + [i, col]))
                elif isinstance(value, (str, int)):
                    seen[value] = i
    stats = cat.rules.get("stats")
    if stats is not None and isinstance(stats.data.get("stats"), list):
        have = {row.get("key") for row in stats.data["stats"] if isinstance(row, dict)}
        missing = [k for k in rules.STAT_KEYS if k not in have]
        if missing:
            report.errors.append(stats.error(f"missing stat(s): {', '.join(missing)} (the nine are "
                                             f"{' '.join(rules.STAT_KEYS)})", ["stats"]))


def check_condition_chains(cat: Catalogue, report: Report) -> None:
    """A Condition's ``comedown`` chain and its ``becomes`` chain must end: a high whose comedown leads back to it
    would be applied for ever, three of a Condition that become itself would never stop."""
    conditions = {k: e.data for k, e in cat.conditions.items()}
    for link, name in (("comedown", "comedown"), ("becomes", "becomes")):
        def next_of(key: str) -> str | None:
            value = conditions.get(key, {}).get(link)  # noqa: B023 — called in this iteration
            return value.get("condition") if isinstance(value, dict) else value

        reported: set[str] = set()
        for start in sorted(conditions):
            chain = [start]
            while True:
                nxt = next_of(chain[-1])
                if nxt is None or nxt not in conditions:
                    break
                if nxt in chain:
                    loop = chain[chain.index(nxt):] + [nxt]
                    if not reported & set(loop):
                        first = loop[0]
                        path = [link] + (["condition"] if link == "becomes" else [])
                        what = (f"{name} {first!r} is the Condition itself" if len(loop) == 2 else
                                f"{name} chain goes round in a circle: {' → '.join(loop)}")
                        report.errors.append(cat.conditions[first].error(f"{what}; it must end at a Condition "
                                                                         f"without a {name}", path))
                        reported |= set(loop)
                    break
                chain.append(nxt)


SYSTEM_IMAGES = "systems/the-smoke/"
CORE_ICONS = "icons/"
_BAD_IMG_CHARS = set('\\:?#%"<>\'` ') | {chr(c) for c in range(32)}


def check_images(cat: Catalogue, report: Report) -> None:
    """``img`` is a relative path inside the system (``systems/the-smoke/…``) or Foundry's core icons
    (``icons/…``): no scheme (``javascript:``, ``https:``), no ``..``, no absolute or backslashed path."""
    for entry in [*cat.entries(), *cat.conditions.values()]:
        img = entry.data.get("img") if isinstance(entry.data, dict) else None
        if not isinstance(img, str):
            continue
        parts = img.split("/")
        bad = next((c for c in img if c in _BAD_IMG_CHARS), None)
        why = None
        if not img.startswith((SYSTEM_IMAGES, CORE_ICONS)):
            why = f"must start with {SYSTEM_IMAGES} (an image shipped with the system) or {CORE_ICONS} (Foundry's core icons)"
        elif any(p in ("", ".", "..") for p in parts):
            why = "must not contain empty, . or .. segments (it would point outside the folder)"
        elif bad is not None:
            why = f"must not contain {bad!r}"
        if why:
            report.errors.append(entry.error(f"image path {_short(img)} {why}", ["img"]))


def check_ids(cat: Catalogue, report: Report) -> None:
    seen: dict[str, Entry] = {}
    for entry in cat.entries():
        doc_id = ids.document_id(entry.pack, entry.key)
        if doc_id in seen:
            report.errors.append(entry.error(f"_id {doc_id} collides with {seen[doc_id].label}", ["key"]))
        seen[doc_id] = entry


def check_conditions(cat: Catalogue, report: Report) -> None:
    expected = set(sch.resolve({"$ref": "common.schema.json#/$defs/conditionId"})["enum"])
    missing = sorted(expected - set(cat.conditions))
    if missing and cat.conditions:
        first = next(iter(cat.conditions.values()))
        report.errors.append(UserError(f"missing Conditions: {', '.join(missing)}",
                                            file=first.file.parent, entry="conditions"))


def check_rules(cat: Catalogue, report: Report, *, odds: bool = True) -> None:
    """Cross-checks that read the rules tables: vehicle Guard, pregen dice, TN tables, reconciliations."""
    try:
        tables = rules.Tables.from_catalogue(cat)
    except UserError as e:
        report.errors.append(e)
        return
    for entry in cat.entries():
        kind = cat.packs[entry.pack].document_type
        data = entry.data
        if kind == "vehicle":
            expected = tables.vehicle_guard(data["size"])
            if data["guard"] != expected:
                report.errors.append(entry.error(
                    f"Guard {data['guard']} but 6 + 2 × Size {data['size']} = {expected}", ["guard"]))
        if kind == "character":
            levels = [row["level"] for row in tables.data["rep"]["levels"]]
            if levels and data["rep"] not in levels:
                report.errors.append(entry.error(f"Rep {data['rep']} is not on the Rep ladder "
                                                 f"(rules/rep.yml has levels {min(levels)}–{max(levels)})", ["rep"]))
            counts = Counter(data["stats"].values())
            want = tables.creation_distribution()
            if dict(counts) != want:
                have = ", ".join(f"{n} d{d}" for d, n in sorted(counts.items()))
                need = ", ".join(f"{n} d{d}" for d, n in sorted(want.items()))
                report.errors.append(entry.error(f"stats use {have}; a character uses {need}", ["stats"]))
            else:
                report.reconciliations.extend(
                    tables.reconcile_character(entry, rules.worn_armour_guard(cat, data["kit"])))
    report.errors.extend(tables.check_engine_constants())
    if odds:
        report.errors.extend(tables.check_tn_tables())


def validate(cat: Catalogue, *, odds: bool = True) -> Report:
    """Run every check; never raises for catalogue problems (they are in ``report.errors``)."""
    report = Report()
    check_schemas(cat, report)
    missions.check_missions(cat, report)
    if report.errors:
        return report  # cross-checks assume well-formed documents
    index = Index(cat)
    check_references(cat, index, report)
    check_rules_tables(cat, index, report)
    check_condition_chains(cat, report)
    check_images(cat, report)
    check_ids(cat, report)
    check_conditions(cat, report)
    check_rules(cat, report, odds=odds)
    return report
