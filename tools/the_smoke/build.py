"""The build: load → validate → compile → generate → bundle → pack → zip, then install the results atomically.

``bundle`` is esbuild (``tools/bundle.mjs``): module/ becomes the one file system.json loads, ``the-smoke-compiled.mjs``
at the system's root (and its source map), importing this build's ``module/generated/`` data from beside it; the zip
ships that instead of module/'s ~200 files. It is kept in ``build/bundle/`` by its inputs' digest (:func:`bundle`).

Everything is produced in a private staging folder under ``build/``. Only when every stage has succeeded are the
generated folders swapped into the source tree (``packs/``, ``module/generated/``, ``templates/generated/``,
``icons/generated/``, ``system.json``) and the zip and manifest moved into ``dist/``. A failure at any stage leaves
the previous build, ``dist/`` included, exactly as it was.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import generate, guide, journals, missions, rules_map
from .catalogue import Catalogue, load_catalogue
from .compile import Compiler
from .errors import UserError
from .rules import Tables
from .validate import Report, validate
from .vocabulary import SYSTEM_ID
from .yamlio import load

ROOT = Path(__file__).resolve().parents[2]
GENERATED_DIRS = ("packs", "module/generated", "templates/generated", "icons/generated")
#: hand-written folders that go into the zip; module/ goes in as its bundle (BUNDLE_FILES)
SHIPPED = ("templates", "lang", "styles", "icons", guide.IMAGES)
#: read by the build but not shipped as they are (module/ becomes the bundle; the guide's Markdown becomes the gm-guide
#: compendium; the rules map, packs-src/rules-map, names the tests that check each rule)
SOURCES = ("module", "docs/guide", "tests/js", "tests/e2e", "tests/python")
SHIPPED_FILES = ("README.md",)
#: the bundle of module/ (tools/bundle.mjs) and its source map: made in the stage, shipped, installed at the root
BUNDLE_FILES = ("the-smoke-compiled.mjs", "the-smoke-compiled.mjs.map")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
SKIP_IN_PACKS = ("LOG", "LOG.old", "LOCK")


#: A stage failed; the message says which and why, and nothing was installed. The tools' one user-error type
#: (errors.py); the old name stays for callers.
BuildError = UserError


@dataclass
class Options:
    root: Path = ROOT
    # None at construction means the default; __post_init__ fills both in, so every reader sees a Path.
    source: Path = None  # type: ignore[assignment]  # default root/packs-src
    extra: Path | None = None
    dist: Path = None  # type: ignore[assignment]  # default root/dist
    force: bool = False
    quiet: bool = False
    odds_check: bool = True

    def __post_init__(self) -> None:
        self.source = self.source or self.root / "packs-src"
        self.dist = self.dist or self.root / "dist"


@dataclass
class Result:
    version: str
    zip_path: Path
    counts: dict[str, int] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    reconciliations: list[str] = field(default_factory=list)
    up_to_date: bool = False
    documents: int = 0


class Progress:
    def __init__(self, quiet: bool):
        self.quiet = quiet
        self.timings: dict[str, float] = {}

    def stage(self, name: str, fn: Callable[[], Any], describe: Callable[[Any], str]) -> Any:
        t0 = time.perf_counter()
        out = fn()
        dt = time.perf_counter() - t0
        self.timings[name] = self.timings.get(name, 0.0) + dt
        self.say(f"{name:<9} {describe(out)} ({dt:.2f} s)")
        return out

    def say(self, text: str) -> None:
        if not self.quiet:
            print(text, flush=True)


def read_system_meta(root: Path) -> dict[str, Any]:
    file = root / "system.yml"
    loc = load(file)
    meta = loc.data
    for need in ("title", "description", "version", "compatibility", "packFolders"):
        if not isinstance(meta, dict) or need not in meta:
            raise UserError(f"missing {need!r}", file=file, line=loc.line_of(()), field=need)
    if not isinstance(meta["version"], str):
        raise UserError(f"version must be text: write it in quotes, version: \"{meta['version']}\" "
                             f"(unquoted, 1.10 would be read as the number 1.1)", file=file,
                             line=loc.line_of(["version"]), field="version")
    check_document_types(meta, loc, file)
    meta["_loc"] = loc
    meta["_file"] = file
    return meta


def check_document_types(meta: dict[str, Any], loc: Any, file: Path) -> None:
    """system.yml's ``documentTypes``: a mapping of document name to sub-types; a RegionBehavior key names the system
    itself (``the-smoke.exit``). v13 takes a system's sub-type keys verbatim, so the key is the exact type the code
    registers; core's behaviour types are bare names, and dnd5e 5.3.3's system.json writes ``dnd5e.difficultTerrain``."""
    types = meta.get("documentTypes") or {}
    if not isinstance(types, dict):
        raise UserError("documentTypes must be a mapping of document name to sub-types", file=file,
                        line=loc.line_of(["documentTypes"]), field="documentTypes")
    for doc, subtypes in types.items():
        if not isinstance(subtypes, dict):
            raise UserError(f"documentTypes.{doc} must be a mapping of sub-type to options", file=file,
                            line=loc.line_of(["documentTypes", doc]), field=f"documentTypes.{doc}")
        if doc != "RegionBehavior":
            continue
        for key in subtypes:
            if not str(key).startswith(f"{SYSTEM_ID}.") or str(key) == f"{SYSTEM_ID}.":
                raise UserError(f"RegionBehavior type {key!r} must be written {SYSTEM_ID}.<type> (e.g. "
                                f"{SYSTEM_ID}.{key}): v13 reads a system's types as written, and the code registers "
                                f"{SYSTEM_ID}.<type>", file=file, line=loc.line_of(["documentTypes", doc, key]),
                                field=f"documentTypes.{doc}.{key}")


def output_fingerprint(opts: Options, version: str) -> str:
    """SHA-256 of what a build leaves behind: the zip's, both manifests', the rules map page's and the bundle's size and
    modification time (a file replaced or touched since the build changes them; reading the zip itself would cost
    a second per 30 MB at 100× the catalogue), and the generated folders' file lists."""
    h = hashlib.sha256()
    for rel in (opts.dist / f"the-smoke-{version}.zip", opts.dist / "system.json", opts.root / "system.json",
                opts.root / rules_map.PAGE, *(opts.root / f for f in BUNDLE_FILES)):
        st = rel.stat() if rel.is_file() else None
        h.update(f"{st.st_size}:{st.st_mtime_ns};".encode() if st else b"missing;")
    for d in GENERATED_DIRS:
        base = opts.root / d
        names = sorted(p.relative_to(base).as_posix() for p in base.rglob("*") if p.is_file()) if base.is_dir() else []
        h.update("\n".join(n for n in names if not n.split("/")[-1].startswith(("LOG", "LOCK", "MANIFEST", "0"))).encode())
    return h.hexdigest()


#: A file modified this close to the last stamp (ns) may have changed within one mtime tick: hash it again.
RACY_NS = 2_000_000_000


def _input_files(opts: Options) -> list[tuple[str, os.stat_result, str]]:
    """Every input file as (path relative to the root, its stat, its path on disk), sorted by path."""
    roots = ([opts.source, opts.root / "tools", opts.root / "system.yml"] + [opts.root / d for d in SHIPPED + SOURCES]
             + [opts.root / f for f in SHIPPED_FILES])  # README.md goes into the zip too
    if opts.extra:
        roots.append(opts.extra)
    skip = {os.fspath(opts.root / d) for d in GENERATED_DIRS}
    root = os.fspath(opts.root)
    out: list[tuple[str, os.stat_result, str]] = []

    prefix = root + os.sep
    cut = len(prefix)

    def rel(path: str) -> str:
        return path[cut:] if path.startswith(prefix) else path

    def walk(path: str) -> None:
        inside = path.startswith(prefix)  # every file under this folder shares its prefix
        with os.scandir(path) as it:
            for e in it:
                if e.is_dir():
                    if e.name != "__pycache__" and e.path not in skip:
                        walk(e.path)
                elif e.is_file():
                    out.append((e.path[cut:] if inside else e.path, e.stat(), e.path))

    for base in roots:
        b = os.fspath(base)
        if os.path.isfile(b):
            out.append((rel(b), os.stat(b), b))
        elif os.path.isdir(b):
            walk(b)
    return sorted(out)


def listing_key(entries: list[tuple[str, os.stat_result, str]], extra: Path | None) -> tuple[str, int]:
    """SHA-256 over every input file's path, size and modification time (no file is read), and the newest
    modification time (ns). Equal to the last build's key, with every file older than that build's read less
    :data:`RACY_NS`, the inputs are the last build's: its fingerprint stands without hashing a digest table."""
    h = hashlib.sha256("\n".join(f"{path}\0{st.st_size}\0{st.st_mtime_ns}" for path, st, _ in entries)
                       .encode("utf-8", "surrogateescape"))
    h.update(str(extra.resolve() if extra else "").encode())
    return h.hexdigest(), max((st.st_mtime_ns for _, st, _ in entries), default=0)


def input_fingerprint(opts: Options, known: dict[str, list] | None = None,
                      since_ns: int = 0, entries: list[tuple[str, os.stat_result, str]] | None = None
                      ) -> tuple[str, dict[str, list]]:
    """SHA-256 over every input file's path and bytes: catalogue, overlay, tooling, shipped sources. ``known`` is the
    last build's ``{path: [size, mtime_ns, sha256]}``: a file with the same size and modification time (older than
    ``since_ns`` − :data:`RACY_NS`, the last stamp) keeps its digest unread, as git's index does; returns the
    fingerprint and the new table."""
    known = known or {}
    h = hashlib.sha256()
    table: dict[str, list] = {}
    for path, st, full in entries if entries is not None else _input_files(opts):
        was = known.get(path)
        if was and was[0] == st.st_size and was[1] == st.st_mtime_ns and st.st_mtime_ns < since_ns - RACY_NS:
            digest = was[2]
        else:
            with open(full, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
        table[path] = [st.st_size, st.st_mtime_ns, digest]
        h.update(f"{path}\0{digest}\0".encode("utf-8", "surrogateescape"))
    h.update(str(opts.extra.resolve() if opts.extra else "").encode())
    return h.hexdigest(), table


def _read_table(path: Path) -> dict[str, list]:
    """The last build's digest table ``{path: [size, mtime_ns, sha256]}`` (build/inputs.json); empty when it is
    missing or unreadable (every file is then hashed)."""
    try:
        table = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return table if isinstance(table, dict) else {}


def node_packs(mode: str, src: Path, dest: Path, names: list[str], root: Path) -> dict[str, int]:
    """Run ``tools/pack.mjs`` (the official Foundry CLI) on ``names``; ``{pack: files}``. Raises UserError."""
    cli = root / "node_modules" / "@foundryvtt" / "foundryvtt-cli"
    if not cli.exists():
        raise UserError("the Foundry CLI is not installed: run `npm ci` (the README's build command does)")
    env = dict(os.environ, XDG_DATA_HOME=str(dest.parent / ".xdg"))
    proc = subprocess.run(["node", str(root / "tools" / "pack.mjs"), mode, str(src), str(dest), *names],
                          cwd=root, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise UserError(f"{mode} failed (official Foundry CLI):\n{proc.stderr.strip()}")
    out = {}
    for line in proc.stdout.splitlines():
        rec = json.loads(line)
        out[rec["pack"]] = rec["files"]
    return out


def node_bundle(root: Path, stage: Path) -> dict[str, Any]:
    """Run ``tools/bundle.mjs`` (esbuild): module/ and the staged generated modules → the one file system.json loads,
    ``stage/the-smoke-compiled.mjs`` and its map (BUNDLE_FILES); ``{file, bytes, modules}``. Raises UserError."""
    if not (root / "node_modules" / "esbuild").exists():
        raise UserError("esbuild is not installed: run `npm ci` (the README's build command does)")
    proc = subprocess.run(["node", str(root / "tools" / "bundle.mjs"), str(root), str(stage)],
                          cwd=root, capture_output=True, text=True)
    if proc.returncode != 0:
        raise UserError(f"bundling module/ failed (esbuild):\n{proc.stderr.strip()}")
    result: dict[str, Any] = json.loads(proc.stdout.splitlines()[-1])
    return result


#: Bundles kept in build/bundle/<key>/ (the newest; older ones are removed).
BUNDLES_KEPT = 3


def bundle_key(root: Path, stage: Path) -> str:
    """SHA-256 of everything the bundle is made from: tools/bundle.mjs, esbuild's version, every hand-written module
    under module/ (paths and bytes) and the names of this build's generated modules (imported from beside the bundle,
    not in it). esbuild's output is a function of them."""
    h = hashlib.sha256()
    esbuild = root / "node_modules" / "esbuild" / "package.json"
    sources = [root / "tools" / "bundle.mjs", esbuild]
    sources += sorted(p for p in (root / "module").rglob("*.mjs") if "generated" not in p.relative_to(root).parts)
    for p in sources:
        h.update(f"{p.relative_to(root).as_posix()}\0{p.stat().st_size}\0".encode())
        h.update(p.read_bytes())
    for p in sorted((stage / "module" / "generated").rglob("*.mjs")):
        h.update(f"generated:{p.relative_to(stage).as_posix()}\0".encode())
    return h.hexdigest()


def bundle(root: Path, stage: Path) -> dict[str, Any]:
    """The bundle of module/ into the stage (BUNDLE_FILES), from build/bundle/<key>/ when the same inputs were bundled
    before (a forced or homebrew-only rebuild does not run esbuild again), else by :func:`node_bundle`, whose output is
    then kept there. A cache entry appears whole or not at all (made aside, then renamed)."""
    cache = root / "build" / "bundle"
    entry = cache / bundle_key(root, stage)
    if (entry / "result.json").is_file() and all((entry / f).is_file() for f in BUNDLE_FILES):
        for f in BUNDLE_FILES:
            shutil.copy2(entry / f, stage / f)
        os.utime(entry)  # the newest use: kept the longest
        cached: dict[str, Any] = json.loads((entry / "result.json").read_text(encoding="utf-8"))
        return {**cached, "cached": True}
    result = node_bundle(root, stage)
    cache.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="new.", dir=cache))
    for f in BUNDLE_FILES:
        shutil.copy2(stage / f, tmp / f)
    (tmp / "result.json").write_text(json.dumps(result), encoding="utf-8")
    try:
        os.replace(tmp, entry)
    except OSError:  # the same entry made meanwhile: keep that one
        shutil.rmtree(tmp, ignore_errors=True)
    kept = sorted((d for d in cache.iterdir() if d.is_dir() and not d.name.startswith("new.")),
                  key=lambda d: d.stat().st_mtime_ns, reverse=True)
    for old in kept[BUNDLES_KEPT:]:
        shutil.rmtree(old, ignore_errors=True)
    return result


def write_json_docs(folder: Path, docs: list[dict[str, Any]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for doc in docs:
        (folder / f"{doc['_id']}.json").write_text(json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True),
                                                   encoding="utf-8")


def _shipped(rel: Path) -> bool:
    """Leave editor backups, hidden files and caches out of the zip."""
    return not any(part.startswith(".") or part == "__pycache__" for part in rel.parts) and \
        not rel.name.endswith(("~", ".swp", ".swo", ".bak", ".orig"))


def zip_members(opts: Options, stage: Path) -> dict[str, Path]:
    """Archive name → file: hand-written shipped files from the tree, generated ones from the stage."""
    members: dict[str, Path] = {}
    generated = [Path(d) for d in GENERATED_DIRS]
    for d in SHIPPED:
        base = opts.root / d
        if not base.exists():
            continue
        for p in sorted(base.rglob("*")):
            rel = p.relative_to(opts.root)
            if p.is_file() and not any(rel.is_relative_to(g) for g in generated) and _shipped(rel):
                members[rel.as_posix()] = p
    for f in SHIPPED_FILES:
        if (opts.root / f).exists():
            members[f] = opts.root / f
    for d in GENERATED_DIRS:
        base = stage / d
        for p in sorted(base.rglob("*")) if base.exists() else []:
            if p.is_file() and p.name not in SKIP_IN_PACKS:
                members[p.relative_to(stage).as_posix()] = p
    members["system.json"] = stage / "system.json"
    for f in BUNDLE_FILES:
        members[f] = stage / f
    return dict(sorted(members.items()))


def write_zip(path: Path, members: dict[str, Path]) -> None:
    """A byte-reproducible zip: sorted names, fixed dates and permissions."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, src in members.items():
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, src.read_bytes())


def _install(stage: Path, opts: Options, version: str, zip_tmp: Path, manifest_tmp: Path) -> None:
    """Move the staged outputs into place: all of them or, if any file operation fails, none.

    Each target's previous version is first moved aside into ``build/old.*`` and the new one moved in; a failure
    part-way moves every new output back out and every previous one back in, in reverse order, then says which
    path refused. Every move is a rename within one file system, so only an unusual failure can interrupt it."""
    # everything that could refuse is checked before the first move
    if opts.dist.exists() and not opts.dist.is_dir():
        raise UserError(f"{opts.dist} is a file; the build writes its zip into a dist/ folder")
    moves: list[tuple[Path, Path, bool]] = []  # (new output in the stage, target, target is a folder)
    for d in GENERATED_DIRS:
        moves.append((stage / d, opts.root / d, True))
    moves += [(stage / "system.json", opts.root / "system.json", False),
              (stage / rules_map.PAGE, opts.root / rules_map.PAGE, False),
              *((stage / f, opts.root / f, False) for f in BUNDLE_FILES),
              (zip_tmp, opts.dist / f"the-smoke-{version}.zip", False),
              (manifest_tmp, opts.dist / "system.json", False)]
    for _, target, is_dir in moves:
        if target.is_symlink() or (target.exists() and target.is_dir() != is_dir):
            what = "a link" if target.is_symlink() else ("a file" if is_dir else "a folder")
            raise UserError(f"{target} is {what} where the build writes {'a folder' if is_dir else 'a file'}: "
                             f"move it away and build again")
    opts.dist.mkdir(parents=True, exist_ok=True)
    trash = Path(tempfile.mkdtemp(prefix="old.", dir=opts.root / "build"))
    done: list[tuple[str, Path, Path]] = []  # ("aside", target, saved) or ("in", new, target), in order
    try:
        for i, (new, target, _) in enumerate(moves):
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.exists():
                saved = trash / f"{i}-{target.name}"
                os.replace(target, saved)
                done.append(("aside", target, saved))
            if new.exists():
                os.replace(new, target)
                done.append(("in", new, target))
    except OSError as e:
        problems = []
        for _kind, a, b in reversed(done):
            try:
                os.replace(b, a)  # "in": target → back to the stage; "aside": saved → back to the target
            except OSError as undo:  # pragma: no cover - a second failure while undoing
                problems.append(f"{b} → {a}: {undo.strerror or undo}")
        where = e.filename or "a file"
        if problems:  # pragma: no cover
            raise UserError(f"installing the build failed at {where} ({e.strerror or e}), and undoing it failed "
                             f"too: {'; '.join(problems)}; the previous outputs are in {trash}") from None
        shutil.rmtree(trash, ignore_errors=True)
        raise UserError(f"installing the build failed at {where} ({e.strerror or e}); every output was put back "
                         f"as it was") from None
    shutil.rmtree(trash, ignore_errors=True)


def pack_entries(meta: dict[str, Any], cat: Catalogue, compiled: dict[str, list]) -> tuple[list, list]:
    """``system.json`` ``packs`` and ``packFolders``; homebrew packs not in system.yml go to a Homebrew folder."""
    labels = {name: p.label for name, p in cat.packs.items()}
    types = {name: p.document_class for name, p in cat.packs.items()}
    labels.update({journals.RULES_PACK: "Rules Reference", journals.TABLES_PACK: "Roll Tables", missions.PACK: missions.LABEL,
                   guide.PACK: guide.LABEL})
    types.update({journals.RULES_PACK: "JournalEntry", journals.TABLES_PACK: "RollTable", missions.PACK: "JournalEntry",
                  guide.PACK: "JournalEntry"})
    packs = []
    for name in compiled:
        own = {"PLAYER": "OBSERVER", "ASSISTANT": "OWNER"}
        if name in cat.packs:
            own.update(cat.packs[name].meta.data.get("ownership", {}))
        packs.append({"name": name, "label": labels[name], "path": f"packs/{name}", "type": types[name],
                      "system": SYSTEM_ID, "ownership": own, "flags": {}})
    folders, placed = [], set()
    loc, file = meta["_loc"], meta["_file"]
    for i, f in enumerate(meta["packFolders"]):
        for j, name in enumerate(f["packs"]):
            if name not in compiled:
                raise UserError(f"pack {name!r} does not exist", file=file,
                                     line=loc.line_of(["packFolders", i, "packs", j]),
                                     field=f"packFolders.{i}.packs.{j}")
            placed.add(name)
        folders.append({"name": f["name"], "sorting": "m", "color": f.get("color"), "packs": list(f["packs"]),
                        "folders": []})
    rest = [n for n in compiled if n not in placed]
    if rest:
        folders.append({"name": "Homebrew", "sorting": "a", "color": None, "packs": rest, "folders": []})
    return packs, folders


def _describe_map(chapters: list[rules_map.Chapter]) -> str:
    total = rules_map.counts(chapters)
    return (f"{sum(total.values())} rules of the book in {len(chapters)} chapters, each with its code and test: "
            + ", ".join(f"{n} {rules_map.STATUS_WORDS[s]}" for s, n in total.items()))


def check_guide(opts: Options, stage: Path) -> int:
    """The GM's guide against what the staged system registers — its bundle, as the zip ships it, with the staged
    generated data beside it (guide.py); raises UserError listing each mistake."""
    lang = json.loads((opts.root / "lang" / "en.json").read_text(encoding="utf-8"))
    errors = guide.check_guide(opts.root, guide.registered(opts.root, stage / BUNDLE_FILES[0]), lang)
    if errors:
        raise UserError("the GM's guide names what the system no longer has:\n" + "\n".join(f"  {e}" for e in errors))
    return len(guide.guide_files(opts.root))


def build(opts: Options) -> Result:
    """Run the whole build. Raises :class:`UserError` (errors.py) and installs nothing on
    failure; returns the :class:`Result` on success."""
    progress = Progress(opts.quiet)
    (opts.root / "build").mkdir(exist_ok=True)
    meta = read_system_meta(opts.root)
    version = str(meta["version"])
    stamp = opts.root / "build" / "stamp.json"
    try:
        last = json.loads(stamp.read_text()) if stamp.exists() else {}
    except ValueError:
        last = {}
    read_at = time.time_ns()  # files newer than this, less RACY_NS, are hashed again next time
    since = int(last.get("read_at_ns", 0))
    entries = _input_files(opts)
    listing, newest = listing_key(entries, opts.extra)
    table = opts.root / "build" / "inputs.json"  # the digest table, apart: a settled no-op never parses it
    settled = last.get("listing") == listing and newest < since - RACY_NS
    fingerprint: str = last.get("fingerprint", "") if settled else ""
    files: dict[str, list] | None = None
    if not fingerprint:
        fingerprint, files = input_fingerprint(opts, _read_table(table), since, entries)
    zip_final = opts.dist / f"the-smoke-{version}.zip"
    if not opts.force and stamp.exists() and zip_final.exists() and (opts.root / "system.json").exists():
        previous = last
        if previous.get("fingerprint") == fingerprint and previous.get("outputs") == output_fingerprint(opts, version):
            progress.say(f"up to date: {zip_final.relative_to(opts.root) if zip_final.is_relative_to(opts.root) else zip_final} "
                         f"(inputs unchanged; --force rebuilds)")
            if files is not None:  # files read again (new within the last stamp's racy window): re-stamp, read once
                table.write_text(json.dumps(files))
                stamp.write_text(json.dumps({**previous, "read_at_ns": read_at, "listing": listing},
                                            indent=2, sort_keys=True))
            return Result(version=version, zip_path=zip_final, up_to_date=True, counts=previous.get("counts", {}),
                          documents=previous.get("documents", 0))

    cat = progress.stage("load", lambda: load_catalogue(opts.source, opts.extra),
                         lambda c: f"{c.document_count} documents in {len(c.packs)} packs, "
                                   f"{len(c.conditions)} Conditions, {len(c.rules)} rules tables "
                                   f"from {len(c.files)} files"
                                   + (f"; homebrew overrides {len(c.overrides)}" if c.overrides else ""))
    for line in cat.overrides:
        progress.say(f"  homebrew replaces {line}")
    report: Report = progress.stage("validate", lambda: validate(cat, odds=opts.odds_check),
                                    lambda r: "ok" if r.ok else f"{len(r.errors)} problem(s)")
    if not report.ok:
        raise UserError("validation failed:\n" + "\n".join(f"  {e}" for e in report.errors))
    for line in report.reconciliations:
        progress.say(f"  reconciliation: {line}")
    chapters = progress.stage("map", lambda: rules_map.check(opts.root, opts.source), _describe_map)

    tables = Tables.from_catalogue(cat)
    stage = Path(tempfile.mkdtemp(prefix="stage.", dir=opts.root / "build"))
    try:
        def do_compile() -> dict[str, list]:
            compiled = Compiler(cat, version, tables).compile_all()
            compiled[journals.RULES_PACK] = journals.rules_journal(cat, version)
            compiled[journals.TABLES_PACK] = journals.roll_tables(cat, version)
            compiled[missions.PACK] = missions.missions_pack(cat, version)
            made = [(rules_map.TITLE, rules_map.markdown(chapters, comment=False), rules_map.FOLDER)] if chapters else []
            pages = guide.guide_pack(opts.root, version, made)
            if pages:
                compiled[guide.PACK] = pages
            return compiled

        compiled = progress.stage("compile", do_compile,
                                  lambda c: f"{sum(len(v) for v in c.values())} documents and folders, "
                                            f"{sum(len(d.get('items', [])) for v in c.values() for d in v)} embedded items")
        packs, pack_folders = pack_entries(meta, cat, compiled)
        manifest = generate.system_manifest(meta, cat, packs, pack_folders)

        def do_generate() -> int:
            files = {
                "module/generated/rules.mjs": generate.rules_module(cat, tables.as_js()),
                "module/generated/odds.mjs": generate.odds_module(tables.modifiers),
                "templates/generated/stat-dice.hbs": generate.stat_dice_partial(tables.stats),
                "system.json": json.dumps(manifest, ensure_ascii=False, indent=2) + "\n",
            }
            if chapters:
                files[rules_map.PAGE] = rules_map.markdown(chapters)
            for kind in generate.DOCUMENT_TYPES["Item"]:
                files[f"templates/generated/item-fields-{kind}.hbs"] = generate.item_fields_partial(kind, cat)
            for key in cat.conditions:
                files[f"icons/generated/conditions/{key}.svg"] = generate.condition_icon(cat, key)
            for rel, text in files.items():
                generate.write_text(stage / rel, text)
            for name, docs in compiled.items():
                write_json_docs(stage / "packs-json" / name, docs)
            return len(files)

        progress.stage("generate", do_generate, lambda n: f"{n} files (JS data, odds, templates, icons, system.json)")
        progress.stage("bundle", lambda: bundle(opts.root, stage),
                       lambda b: f"{b['modules']} modules into {b['file']} ({b['bytes'] / 1024:.0f} KiB, "
                                 + ("unchanged since the last bundle: build/bundle/)" if b.get("cached") else "esbuild)"))
        if guide.PACK in compiled:
            progress.stage("guide", lambda: check_guide(opts, stage), lambda n: f"{n} pages checked against the system")
        progress.stage("pack", lambda: node_packs("pack", stage / "packs-json", stage / "packs",
                                                  list(compiled), opts.root),
                       lambda c: f"{len(c)} compendia, {sum(c.values())} documents with the official CLI")

        def do_zip() -> Path:
            members = zip_members(opts, stage)
            tmp = stage / "dist.zip"
            write_zip(tmp, members)
            return tmp

        zip_tmp = progress.stage("zip", do_zip, lambda p: f"{p.stat().st_size / 1024:.0f} KiB")
        manifest_tmp = stage / "dist-system.json"
        manifest_tmp.write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        _install(stage, opts, version, zip_tmp, manifest_tmp)
    finally:
        shutil.rmtree(stage, ignore_errors=True)

    documents = sum(len(v) for k, v in compiled.items())
    doc_counts = {k: sum(1 for d in v if not d["_key"].startswith("!folders!")) for k, v in compiled.items()}
    table.write_text(json.dumps(files if files is not None else _read_table(table)))
    stamp.write_text(json.dumps({"fingerprint": fingerprint, "read_at_ns": read_at, "listing": listing,
                                 "counts": doc_counts, "documents": documents,
                                 "outputs": output_fingerprint(opts, version),
                                 "extra": str(opts.extra.resolve()) if opts.extra else None},
                                indent=2, sort_keys=True))
    progress.say(f"built    {zip_final.relative_to(opts.root) if zip_final.is_relative_to(opts.root) else zip_final} "
                 f"and dist/system.json (version {version})")
    return Result(version=version, zip_path=zip_final, counts=doc_counts, timings=progress.timings,
                  reconciliations=report.reconciliations, documents=documents)
