"""Unpack compendia back into catalogue YAML, so edits made in Foundry return to ``packs-src/``.

The official CLI extracts each LevelDB pack to JSON; this module inverts :mod:`the_smoke.compile` and writes the
canonical YAML (keys in schema order, defaults omitted). ``unpack(pack(src)) == src`` byte for byte for a canonical
catalogue. The generated reference packs (Rules journal, roll tables) are skipped: their source is
``packs-src/rules`` and ``packs-src/conditions``. Embedded items of actors come back as references to the
catalogue entries they were made from (``flags.the-smoke.ref``); changes made to an embedded copy are not kept.

Output is written to a temporary folder and each pack folder is swapped in whole, so an error leaves the target
unchanged.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from . import journals
from . import schemas as sch
from .build import node_packs
from .compile import DEFAULT_IMG, DEFAULTS, KIT_ORIGIN, NESTED_DEFAULTS
from .errors import UserError
from .rules import Tables
from .vocabulary import STAT_KEYS, SYSTEM_ID
from .yamlio import dump

# compiled from YAML only (missions.py) or from docs/guide (guide.py)
GENERATED_PACKS = {journals.RULES_PACK, journals.TABLES_PACK, "missions", "gm-guide"}
_PARAGRAPHS = re.compile(r"^(<p>[^<]*</p>)+$")
_SLUG = re.compile(r"[^a-z0-9]+")


def html_to_text(value: str) -> str:
    """Inverse of :func:`the_smoke.compile.text_to_html`; other HTML is kept as HTML."""
    if not value:
        return ""
    if _PARAGRAPHS.match(value):
        return "\n\n".join(html.unescape(p) for p in re.findall(r"<p>([^<]*)</p>", value))
    return value


def slug(name: str) -> str:
    return _SLUG.sub("-", name.lower()).strip("-") or "entry"


def order(data: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """``data`` with keys in the schema's declared order, recursively; undeclared keys last, sorted."""
    schema = sch.resolve(schema)
    props = schema.get("properties", {})
    out = {}
    for k in list(props) + sorted(k for k in data if k not in props):
        if k not in data:
            continue
        v = data[k]
        sub = props.get(k, {})
        if isinstance(v, dict):
            v = order(v, _object_schema(sub))
        elif isinstance(v, list):
            item_schema = _object_schema(sch.resolve(sub).get("items", {})) if sub else {}
            v = [order(x, item_schema) if isinstance(x, dict) else x for x in v]
        out[k] = v
    return out


def _object_schema(node: dict[str, Any]) -> dict[str, Any]:
    node = sch.resolve(node)
    if "properties" in node:
        return node
    for alt in node.get("oneOf", []) + node.get("anyOf", []):
        alt = sch.resolve(alt)
        if "properties" in alt:
            return alt
    return {}


def strip_defaults(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without optional fields that equal their default (canonical YAML never spells a default out)."""
    defaults = DEFAULTS.get(kind, {})
    out = {k: v for k, v in data.items() if not (k in defaults and v == defaults[k])}
    for (nkind, nfield), nested in NESTED_DEFAULTS.items():
        if nkind == kind and isinstance(out.get(nfield), dict):
            out[nfield] = {k: v for k, v in out[nfield].items() if not (k in nested and v == nested[k])}
    if kind == "ammo" and out.get("quantity") == out.get("packSize"):
        out.pop("quantity", None)
    return out


def canonical(kind: str, data: dict[str, Any]) -> str:
    """Canonical YAML text of one catalogue document of type ``kind``."""
    return dump(order(strip_defaults(kind, data), sch.schema(kind)))


class Decompiler:
    def __init__(self, tables: Tables):
        self.tables = tables

    def meta(self, doc: dict[str, Any], key: str, folders: dict[str, str]) -> dict[str, Any]:
        data: dict[str, Any] = {"key": key, "name": doc["name"]}
        if doc.get("folder"):
            data["folder"] = folders.get(doc["folder"], slug(doc["folder"]))
        if doc.get("img") and doc["img"] != DEFAULT_IMG.get(doc["type"]):
            data["img"] = doc["img"]
        data["description"] = html_to_text(doc.get("system", {}).get("description", ""))
        return data

    def item_fields(self, kind: str, system: dict[str, Any]) -> dict[str, Any]:
        out = {k: v for k, v in system.items() if k not in ("description", "quantity", "usesLeft")}
        if kind == "ammo":
            out["quantity"] = system.get("quantity")
            if out["quantity"] == out.get("packSize"):
                del out["quantity"]
        if kind == "weapon":
            mag = out.get("magazine") or {}
            out["magazine"] = {"size": mag["size"], "ammoType": mag["ammoType"]} if mag.get("size") else None
        return strip_defaults(kind, out)

    def refs(self, doc: dict[str, Any]) -> tuple[list, list]:
        perks, kit = [], []
        for item in sorted(doc.get("items", []), key=lambda i: i.get("sort", 0)):
            flags = item.get("flags", {}).get(SYSTEM_ID, {})
            ref = flags.get("ref") or flags.get("key", "").split("/")[-1] or slug(item["name"])
            if item["type"] == "perk":
                perks.append(ref)
                continue
            system = item.get("system", {})
            extra: dict[str, Any] = {}
            if item["type"] in KIT_ORIGIN and item["type"] != "ammo" and system.get("quantity", 1) != 1:
                extra["quantity"] = system["quantity"]
            if system.get("worn"):
                extra["worn"] = True
            if (system.get("magazine") or {}).get("loaded"):
                extra["loaded"] = system["magazine"]["loaded"]
            kit.append({"item": ref, **extra} if extra else ref)
        return perks, kit

    def actor_fields(self, kind: str, doc: dict[str, Any]) -> dict[str, Any]:
        system = doc["system"]
        perks, kit = self.refs(doc)
        if kind == "character":
            out = self.tables.character_yaml(system)
            out["perks"], out["kit"] = perks, kit
            return out
        if kind == "npc":
            return {"stats": {k: system["stats"][k]["die"] for k in STAT_KEYS}, "health": system["health"]["max"],
                    "guard": system["guard"]["value"], "armourReduction": system["armourReduction"], "kit": kit}
        return strip_defaults(kind, {
            "performance": system["performance"]["die"], "handling": system["handling"],
            "speed": system["speed"], "body": system["body"]["max"], "size": system["size"],
            "guard": self.tables.vehicle_guard(system["size"]), "armour": system["armour"],
            "seats": system["seats"], "fuel": system["fuel"]["max"], "lock": system["lock"],
            "lockKind": system.get("lockKind", DEFAULTS["vehicle"]["lockKind"]),
            "value": system["value"], "abilities": system["abilities"]})

    def document(self, doc: dict[str, Any], key: str, folders: dict[str, str]) -> tuple[str, dict[str, Any]]:
        kind = doc["type"]
        data = self.meta(doc, key, folders)
        if "items" in doc or kind in ("character", "npc", "vehicle"):
            data.update(self.actor_fields(kind, doc))
        else:
            data.update(self.item_fields(kind, doc["system"]))
        return kind, data


def decompile_pack(json_dir: Path, pack: str, label: str, doc_class: str, ownership: dict[str, str],
                   tables: Tables) -> dict[str, str]:
    """``{file name: YAML text}`` for one extracted pack (``_pack.yml`` included)."""
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(json_dir.glob("*.json"))]
    folder_docs = sorted((d for d in docs if d.get("_key", "").startswith("!folders!")), key=lambda d: d.get("sort", 0))
    folders = {d["_id"]: d.get("flags", {}).get(SYSTEM_ID, {}).get("key") or slug(d["name"]) for d in folder_docs}
    entries = [d for d in docs if not d.get("_key", "").startswith("!folders!")]
    dec = Decompiler(tables)
    files: dict[str, str] = {}
    kinds = set()
    for doc in sorted(entries, key=lambda d: d.get("sort", 0)):
        key = (doc.get("flags", {}).get(SYSTEM_ID, {}).get("key") or "").split("/")[-1] or slug(doc["name"])
        while f"{key}.yml" in files:
            key += "-2"
        kind, data = dec.document(doc, key, folders)
        kinds.add(kind)
        files[f"{key}.yml"] = canonical(kind, data)
    if len(kinds) > 1:
        raise UserError(f"pack {pack!r} mixes document types {sorted(kinds)}; one type per pack")
    meta: dict[str, Any] = {"label": label, "type": doc_class, "documentType": kinds.pop() if kinds else "gear"}
    if ownership != {"PLAYER": "OBSERVER", "ASSISTANT": "OWNER"}:
        meta["ownership"] = ownership
    if folder_docs:
        meta["folders"] = [{"key": folders[d["_id"]], "name": d["name"]} for d in folder_docs]
    files["_pack.yml"] = canonical("pack", meta)
    return files


def unpack(root: Path, out: Path, *, packs_dir: Path | None = None, only: list[str] | None = None,
           quiet: bool = False) -> dict[str, int]:
    """Extract ``packs/`` (per ``system.json``) into catalogue YAML under ``out``. Returns ``{pack: documents}``."""
    packs_dir = packs_dir or root / "packs"
    if not (root / "system.json").exists():
        raise UserError("no system.json: build first (scripts/build.sh)")
    manifest = json.loads((root / "system.json").read_text(encoding="utf-8"))
    wanted = [p for p in manifest["packs"] if p["name"] not in GENERATED_PACKS and (not only or p["name"] in only)]
    if only:
        unknown = sorted(set(only) - {p["name"] for p in manifest["packs"]})
        if unknown:
            raise UserError(f"no such pack: {', '.join(unknown)}")
        generated = sorted(set(only) & set(GENERATED_PACKS))
        if generated:
            raise UserError(f"{', '.join(generated)} are made by the build from packs-src/rules and "
                             f"packs-src/conditions: edit that YAML instead")
    if not packs_dir.is_dir():
        raise UserError(f"packs folder {packs_dir} not found")
    missing = [p["name"] for p in wanted if not (packs_dir / p["name"]).is_dir()]
    if missing:
        raise UserError(f"no pack folder for {', '.join(missing)} in {packs_dir}")
    if out.exists() and not out.is_dir():
        raise UserError(f"--out {out} is a file, not a folder")
    stamp = root / "build" / "stamp.json"
    homebrew = json.loads(stamp.read_text()).get("extra") if stamp.exists() else None
    if homebrew and out.resolve() == (root / "packs-src").resolve() and packs_dir.resolve() == (root / "packs").resolve():
        raise UserError(f"the packs were built with homebrew from {homebrew}; unpacking them into packs-src/ "
                         f"would copy it into the book's catalogue. Use --out DIR (or rebuild without --extra)")
    from .catalogue import load_catalogue
    tables = Tables.from_catalogue(load_catalogue(root / "packs-src"))
    (root / "build").mkdir(exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="unpack.", dir=root / "build"))
    try:
        # read a copy: opening a LevelDB pack rewrites its log and manifest
        for p in wanted:
            shutil.copytree(packs_dir / p["name"], tmp / "packs" / p["name"])
        node_packs("extract", tmp / "packs", tmp / "json", [p["name"] for p in wanted], root)
        counts = {}
        for p in wanted:
            files = decompile_pack(tmp / "json" / p["name"], p["name"], p["label"], p["type"],
                                   p.get("ownership", {}), tables)
            target = tmp / "yaml" / p["name"]
            target.mkdir(parents=True)
            for name, text in files.items():
                (target / name).write_text(text, encoding="utf-8", newline="\n")
            counts[p["name"]] = len(files) - 1
        out.mkdir(parents=True, exist_ok=True)
        for p in wanted:
            dest = out / p["name"]
            # keep what is not catalogue YAML (a GM's notes beside the entries)
            if dest.is_dir():
                for f in dest.iterdir():
                    if f.is_file() and f.suffix not in (".yml", ".yaml"):
                        shutil.copy2(f, tmp / "yaml" / p["name"] / f.name)
            old = tmp / "old" / p["name"]
            old.parent.mkdir(parents=True, exist_ok=True)
            if dest.exists():
                os.replace(dest, old)
            os.replace(tmp / "yaml" / p["name"], dest)
            if not quiet:
                print(f"unpacked {p['name']:<18} {counts[p['name']]:>4} documents → {dest}")
        return counts
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def format_tree(source: Path, extra: Path | None = None) -> list[Path]:
    """Rewrite document YAML in canonical form: the whole catalogue ``source``, or only a homebrew folder ``extra``
    (read as an overlay on ``source``). Returns the files that changed."""
    from .catalogue import load_catalogue
    if extra is not None and extra.resolve() == source.resolve():
        extra = None
    cat = load_catalogue(source, extra)
    wanted = "extra" if extra is not None else "core"
    changed = []
    for pack in cat.packs.values():
        for entry in [pack.meta, *pack.entries.values()]:
            if entry.origin != wanted:
                continue
            kind = "pack" if entry is pack.meta else pack.document_type
            text = canonical(kind, entry.data)
            if entry.file.read_text(encoding="utf-8") != text:
                entry.file.write_text(text, encoding="utf-8", newline="\n")
                changed.append(entry.file)
    for entry in cat.conditions.values():
        if entry.origin != wanted:
            continue
        text = canonical("condition", entry.data)
        if entry.file.read_text(encoding="utf-8") != text:
            entry.file.write_text(text, encoding="utf-8", newline="\n")
            changed.append(entry.file)
    return changed


__all__ = ["unpack", "format_tree", "canonical", "html_to_text"]
