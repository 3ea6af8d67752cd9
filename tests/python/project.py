"""Helpers shared by the build tests: a scratch copy of the project to build in (so tests can corrupt the catalogue
and check that a failed build leaves the previous ``dist/`` untouched), file digests, and pack extraction."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINKED = ("tools", "node_modules", "tests")  # read-only inputs, shared (the rules map names the tests)
# Copied: tests may edit them, and the build writes generated folders inside module/ and templates/.
COPIED = ("packs-src", "system.yml", "module", "templates", "lang", "styles", "docs")
GENERATED = ("generated",)


def make_project(dest: Path) -> Path:
    """A scratch project at ``dest``: catalogue copied, everything else linked to the real checkout."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in LINKED:
        if (ROOT / name).exists():
            (dest / name).symlink_to(ROOT / name, target_is_directory=True)
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns(*GENERATED, "__pycache__"))
        else:
            shutil.copy2(src, dest / name)
    return dest


def tree_digest(path: Path) -> dict[str, str]:
    """``{relative path: sha256}`` of every file under ``path`` (empty if it does not exist)."""
    if not path.exists():
        return {}
    return {p.relative_to(path).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.rglob("*")) if p.is_file()}


def extract(root: Path, packs: list[str] | None = None) -> dict[str, list[dict]]:
    """Extract built packs with the official CLI (from a copy, since opening LevelDB changes it)."""
    manifest = json.loads((root / "system.json").read_text())
    names = packs or [p["name"] for p in manifest["packs"]]
    work = root / "build" / "extract-test"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(root / "packs", work / "packs")
    subprocess.run(["node", str(ROOT / "tools" / "pack.mjs"), "extract", str(work / "packs"), str(work / "json"),
                    *names], check=True, capture_output=True, cwd=ROOT)
    out = {name: [json.loads(p.read_text()) for p in sorted((work / "json" / name).glob("*.json"))]
           for name in names}
    shutil.rmtree(work, ignore_errors=True)
    return out
