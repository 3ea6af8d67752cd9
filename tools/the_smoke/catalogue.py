"""Load the catalogue (``packs-src/``) and an optional homebrew overlay into memory.

Layout (see ``docs/catalogue-format.md``)::

    <root>/<pack>/_pack.yml      compendium metadata
    <root>/<pack>/<key>.yml      one document
    <root>/conditions/<id>.yml   one Condition
    <root>/rules/<table>.yml     one rules table
    <root>/missions/<key>.yml    one mission (a journal entry with one mission page)
    <root>/rules-map/<key>.yml   one chapter of the map from the book to the code (rules_map.py, not a document)

An overlay (a GM's homebrew folder) has the same layout. Its documents add to a pack or, with the same key,
replace the catalogue's entry; a new pack needs its own ``_pack.yml``. Nothing here writes to disk.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import UserError
from .yamlio import Located, load

CONDITIONS = "conditions"
RULES = "rules"
MISSIONS = "missions"  # the Missions compendium's entries (tools/the_smoke/missions.py compiles them)
RULES_MAP = "rules-map"  # the map from the book to the code (tools/the_smoke/rules_map.py reads and checks it)
PACK_META = "_pack.yml"
# Compendia the build makes itself (the Rules journal and the roll tables); a catalogue pack may not use the names.
GENERATED_PACKS = ("rules", "roll-tables", MISSIONS)
PACK_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
# Names Windows (and so Foundry) refuses as file or folder names.
RESERVED_NAMES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}


@dataclass
class Entry:
    """One YAML document of the catalogue: a compendium document, a Condition or a rules table."""

    pack: str
    key: str
    file: Path
    loc: Located
    origin: str = "core"  # "core" or "extra"

    @property
    def data(self) -> Any:
        return self.loc.data

    @property
    def label(self) -> str:
        name = self.data.get("name") if isinstance(self.data, dict) else None
        return f"{self.pack}/{self.key}" + (f" ({name})" if name else "")

    def error(self, message: str, path: tuple | list = ()) -> UserError:
        """A :class:`UserError` located at ``path`` inside this entry."""
        return UserError(message, file=self.file, line=self.loc.line_of(path), entry=self.label,
                         field=".".join(str(p) for p in path) or None)


@dataclass
class Pack:
    """A compendium's metadata and its documents, keyed by catalogue key."""

    name: str
    meta: Entry
    entries: dict[str, Entry] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return self.meta.data["label"]

    @property
    def document_class(self) -> str:
        return self.meta.data["type"]

    @property
    def document_type(self) -> str:
        return self.meta.data["documentType"]


@dataclass
class Catalogue:
    """Everything the build reads from YAML."""

    packs: dict[str, Pack] = field(default_factory=dict)
    conditions: dict[str, Entry] = field(default_factory=dict)
    rules: dict[str, Entry] = field(default_factory=dict)
    missions: dict[str, Entry] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    overrides: list[str] = field(default_factory=list)

    @property
    def document_count(self) -> int:
        return sum(len(p.entries) for p in self.packs.values())

    def entries(self):
        """Every compendium document entry, in pack then key order."""
        for pack in sorted(self.packs):
            for key in sorted(self.packs[pack].entries):
                yield self.packs[pack].entries[key]


def _yaml_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix in (".yml", ".yaml"))


def _entry(pack: str, file: Path, origin: str) -> Entry:
    key = file.stem
    try:
        loc = load(file)
    except UserError as e:
        e.entry = e.entry or f"{pack}/{key}"
        raise
    if loc.data is None:
        raise UserError("the file is empty (it needs the entry's fields, starting with key: and name:)",
                             file=file, entry=f"{pack}/{key}")
    if not isinstance(loc.data, dict):
        raise UserError("expected a mapping of fields (field: value lines)", file=file, line=loc.line_of(()),
                             entry=f"{pack}/{key}")
    entry = Entry(pack=pack, key=key, file=file, loc=loc, origin=origin)
    declared = loc.data.get("key")
    if pack != RULES and declared != key:
        if "key" not in loc.data:
            raise entry.error(f"missing key: (the file name says it should be 'key: {key}')")
        raise entry.error(f"key {str(declared)[:60]!r} does not match the file name {file.name!r} "
                          f"(a document's file is named <key>.yml)", ["key"])
    return entry


def load_catalogue(root: Path, extra: Path | None = None) -> Catalogue:
    """Read ``root`` (normally ``packs-src/``) and overlay ``extra``. Raises :class:`UserError` on the first
    unreadable file, malformed YAML, duplicate mapping key or file-name/key mismatch."""
    cat = Catalogue()
    if not root.is_dir():
        raise UserError("catalogue folder not found", file=root)
    _read_tree(cat, root, "core")
    if extra is not None:
        if not extra.is_dir():
            raise UserError("homebrew folder not found", file=extra)
        _read_tree(cat, extra, "extra")
    return cat


def _refuse_outside_links(paths: list[Path], base: Path) -> None:
    """A symbolic link that leads out of the catalogue folder is refused: ``build`` would read, and ``fmt``
    rewrite, a file that is not part of the homebrew (``packs-src/x.yml -> /etc/...``)."""
    for p in paths:
        if p.is_symlink():
            target = p.resolve()
            if not target.is_relative_to(base):
                raise UserError(f"is a symbolic link to {target}, outside {base}: the build and fmt read only "
                                     f"files inside the folder (copy the file in instead of linking it)", file=p)


def _read_tree(cat: Catalogue, root: Path, origin: str) -> None:
    base = root.resolve()
    folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
    _refuse_outside_links(folders, base)
    for folder in folders:
        name = folder.name
        if name == RULES_MAP:
            if origin == "extra":
                raise UserError(f"{RULES_MAP!r} is the system's own map from the book to its code and tests; a "
                                f"homebrew folder cannot add to it", file=folder)
            continue  # read and checked by rules_map.py, not a compendium
        files = _yaml_files(folder)
        _refuse_outside_links(files, base)
        cat.files.extend(files)
        for sub in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")):
            raise UserError(f"subfolders are not read: move the files of {sub.name!r} up into {name!r} "
                                 f"(group entries with `folder:` and the pack's folders instead)", file=sub)
        if name in (CONDITIONS, RULES, MISSIONS) and (folder / PACK_META).exists():
            raise UserError(f"{name!r} is not a compendium: it holds the {name} data, so it takes no "
                                 f"{PACK_META}", file=folder / PACK_META)
        if name == CONDITIONS:
            target = cat.conditions
        elif name == RULES:
            target = cat.rules
        elif name == MISSIONS:
            target = cat.missions
        else:
            if not PACK_NAME.match(name) or name in RESERVED_NAMES:
                raise UserError(f"pack folder {name!r} must be lower-case words joined by hyphens "
                                     f"(e.g. my-gadgets), and not a reserved name", file=folder)
            if name in GENERATED_PACKS:
                raise UserError(f"pack name {name!r} is used by the build's own reference compendium; "
                                     f"choose another folder name", file=folder)
            meta_file = folder / PACK_META
            if meta_file.exists():
                meta = Entry(pack=name, key="_pack", file=meta_file, loc=load(meta_file), origin=origin)
                if not isinstance(meta.data, dict):
                    raise meta.error("expected a mapping (label, type, documentType)")
                if name in cat.packs:
                    raise meta.error(f"pack {name!r} already exists in the catalogue; add documents to it "
                                     f"without a _pack.yml")
                cat.packs[name] = Pack(name=name, meta=meta)
            elif name not in cat.packs:
                raise UserError(f"folder {name!r} has no {PACK_META} and is not an existing pack",
                                     file=folder)
            target = cat.packs[name].entries
        for file in files:
            if file.name == PACK_META:
                continue
            entry = _entry(name, file, origin)
            if entry.key in target:
                previous = target[entry.key]
                if previous.origin == origin:  # same key twice in one tree (e.g. x.yml and x.yaml)
                    raise entry.error(f"duplicate key {entry.key!r} (also in {previous.file})", ["key"])
                cat.overrides.append(f"{name}/{entry.key} from {file}")
            target[entry.key] = entry
