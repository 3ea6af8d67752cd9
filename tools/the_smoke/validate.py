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
from typing import Any, Iterable

from . import ids, rules
from . import schemas as sch
from .catalogue import Catalogue, Entry
from .yamlio import CatalogueError

KIT_TYPES = ("weapon", "armour", "ammo", "gear", "outfit", "consumable", "drug")


@dataclass
class Report:
    """The outcome of validation: ``errors`` stop the build; ``reconciliations`` are printed and kept."""

    errors: list[CatalogueError] = field(default_factory=list)
    reconciliations: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def _schema_errors(entry: Entry, schema_name: str) -> Iterable[CatalogueError]:
    try:
        validator = sch.validator(schema_name)
    except KeyError:
        yield entry.error(f"no schema {schema_name!r} for this file")
        return
    for err in sorted(validator.iter_errors(entry.data), key=lambda e: list(map(str, e.absolute_path))):
        path = list(err.absolute_path)
        message = err.message
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            allowed = list(err.schema.get("properties", {}))
            for extra in sorted(set(err.instance) - set(allowed)):
                hint = difflib.get_close_matches(str(extra), allowed, n=1)
                more = f"; did you mean {hint[0]!r}?" if hint else f"; allowed: {', '.join(allowed)}"
                yield entry.error(f"unknown field {extra!r}{more}", path + [extra])
            continue
        if err.validator in ("oneOf", "anyOf") and err.context:
            best = min(err.context, key=lambda e: len(list(e.absolute_path)))
            message = best.message
        yield entry.error(message, path)


def check_schemas(cat: Catalogue, report: Report) -> None:
    for pack in cat.packs.values():
        before = len(report.errors)
        report.errors.extend(_schema_errors(pack.meta, "pack"))
        if len(report.errors) > before:
            continue  # documents of a broken pack cannot be checked against its type
        for entry in pack.entries.values():
            report.errors.extend(_schema_errors(entry, pack.document_type))
    for entry in cat.conditions.values():
        report.errors.extend(_schema_errors(entry, "condition"))
    for entry in cat.rules.values():
        report.errors.extend(_schema_errors(entry, f"rules/{entry.key}"))


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
            return None, (f"{ref!r} is ambiguous ({', '.join(e.pack for e in found)}); "
                          f"write it as <pack>/{ref}")
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
                report.errors.append(entry.error(why or "unresolved reference", path))

        for i, perk in enumerate(data.get("perks", []) if kind in ("background", "character") else []):
            need(["perks", i], perk, ("perk",))
        for i, ref in enumerate(data.get("kit", [])):
            need(["kit", i] + (["item"] if isinstance(ref, dict) else []), item_ref_key(ref), KIT_TYPES)
        if kind == "character":
            need(["details", "background"], data["details"]["background"], ("background",))
        if kind == "vehicle":
            for i, ability in enumerate(data.get("abilities", [])):
                need(["abilities", i], ability, ("vehicleAbility",))
        if kind == "weapon" and data.get("magazine"):
            ammo = data["magazine"]["ammoType"]
            if ammo not in ammo_types:
                close = difflib.get_close_matches(ammo, sorted(t for t in ammo_types if t), n=1)
                report.errors.append(entry.error(
                    f"no ammunition of type {ammo!r}" + (f"; did you mean {close[0]!r}?" if close else ""),
                    ["magazine", "ammoType"]))


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
        report.errors.append(CatalogueError(f"missing Conditions: {', '.join(missing)}",
                                            file=first.file.parent, entry="conditions"))


def check_rules(cat: Catalogue, report: Report, *, odds: bool = True) -> None:
    """Cross-checks that read the rules tables: vehicle Guard, pregen dice, TN tables, reconciliations."""
    try:
        tables = rules.Tables.from_catalogue(cat)
    except CatalogueError as e:
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
    if report.errors:
        return report  # cross-checks assume well-formed documents
    index = Index(cat)
    check_references(cat, index, report)
    check_ids(cat, report)
    check_conditions(cat, report)
    check_rules(cat, report, odds=odds)
    return report
