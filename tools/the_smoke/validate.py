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
ITEM_TYPES = KIT_TYPES + ("perk", "background", "vehicleAbility")
ACTOR_TYPES = ("character", "npc", "vehicle")
LIMIT = 1_000_000  # no number in the game comes near this; larger ones are typing mistakes


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "...'"


def _friendly(err: Any) -> str:
    """A schema error in words a GM can act on."""
    v, kind = err.validator, err.validator_value
    if v == "type" and err.instance is None:
        return "is empty (in YAML a # starts a comment: put text with # in quotes)"
    if v == "type":
        names = {"integer": "a whole number", "string": "text", "boolean": "true or false", "array": "a list",
                 "object": "a mapping of fields", "null": "null", "number": "a number"}
        want = " or ".join(names.get(t, t) for t in (kind if isinstance(kind, list) else [kind]))
        return f"{_short(err.instance)} is not {want}"
    if v == "pattern" and "a-z0-9" in str(kind):
        return f"{_short(err.instance)} must be lower-case letters and digits joined by hyphens (e.g. pool-cue)"
    if v == "enum":
        return f"{_short(err.instance)} is not one of {', '.join(map(str, kind))}"
    if v == "required":
        return err.message
    return err.message if len(err.message) < 200 else err.message[:197] + "..."


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
            from jsonschema.exceptions import best_match

            # the alternative that got furthest into the value says what is wrong
            best = max(err.context, key=lambda e: (len(list(e.absolute_path)), e.validator != "type"))
            best = best_match([best]) or best
            path = list(best.absolute_path)
            message = _friendly(best)
        else:
            message = _friendly(err)
        yield entry.error(message, path)


def check_schemas(cat: Catalogue, report: Report) -> None:
    for pack in cat.packs.values():
        before = len(report.errors)
        report.errors.extend(_schema_errors(pack.meta, "pack"))
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
            report.errors.extend(_schema_errors(entry, pack.document_type))
    for entry in cat.conditions.values():
        report.errors.extend(_schema_errors(entry, "condition"))
    for entry in cat.rules.values():
        report.errors.extend(_schema_errors(entry, f"rules/{entry.key}"))
    for entry in [*cat.entries(), *cat.conditions.values(), *cat.rules.values()]:
        report.errors.extend(_too_large(entry, entry.data, []))


def _too_large(entry: Entry, value: Any, path: list) -> list[CatalogueError]:
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)) and abs(value) > LIMIT:
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
                report.errors.append(entry.error(why or "unresolved reference", path))

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
