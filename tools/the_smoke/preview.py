"""``the-smoke preview``: click through the built system without Foundry.

Unpacks the built zip, extracts its compendia with the official CLI, and starts the browser test rig's stand-in
server (``tests/harness/server.mjs``) on it. The stand-in implements only the slice of the Foundry v13 client the
system uses (see ``tests/harness/README.md``); it is a test double, not Foundry.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from .build import BuildError, node_packs


def prepare(root: Path, work: Path) -> tuple[Path, Path]:
    """Unzip ``dist/the-smoke-<version>.zip`` into ``work/system`` and extract its packs to ``work/packs``."""
    manifest = json.loads((root / "dist" / "system.json").read_text(encoding="utf-8")) \
        if (root / "dist" / "system.json").exists() else None
    if manifest is None:
        raise BuildError("no build in dist/: run scripts/build.sh first")
    archive = root / "dist" / f"the-smoke-{manifest['version']}.zip"
    if not archive.exists():
        raise BuildError(f"{archive} is missing: run scripts/build.sh first")
    shutil.rmtree(work, ignore_errors=True)
    system = work / "system"
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(system)
    names = [p["name"] for p in manifest["packs"]]
    node_packs("extract", system / "packs", work / "packs", names, root)
    return system, work / "packs"


def start_server(root: Path, system: Path, packs: Path, port: int = 0) -> tuple[subprocess.Popen, str]:
    """Start the stand-in server; returns the process and its base URL."""
    proc = subprocess.Popen(["node", str(root / "tests" / "harness" / "server.mjs"), "--system", str(system),
                             "--packs", str(packs), "--port", str(port)], cwd=root, stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline() if proc.stdout else ""
    try:
        url = json.loads(line)["url"]
    except (ValueError, KeyError):
        proc.kill()
        raise BuildError(f"the stand-in server did not start (said {line!r})") from None
    return proc, url


def main_preview(root: Path, port: int) -> int:
    try:
        system, packs = prepare(root, root / "build" / "preview")
        proc, url = start_server(root, system, packs, port)
    except BuildError as e:
        print(f"preview failed: {e}", file=sys.stderr)
        return 1
    import urllib.request

    with urllib.request.urlopen(f"{url}/harness/users", timeout=10) as resp:
        users = json.loads(resp.read())
    print(f"The Smoke in the stand-in client (not Foundry): {url}")
    for user in users:
        print(f"  as {user['name'] + ':':<12} {url}/game?user={user['_id']}")
    print("Ctrl+C stops it.", flush=True)
    try:
        proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
    return 0
