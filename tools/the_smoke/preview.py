"""``the-smoke preview``: click through the built system without Foundry.

Unpacks the built zip, extracts its compendia with the official CLI, and starts the browser test rig's stand-in
server (``tests/harness/server.mjs``) on it. The stand-in implements only the slice of the Foundry v13 client the
system uses (see ``tests/harness/README.md``); it is a test double, not Foundry.
"""

from __future__ import annotations

import json
import shutil
import signal
import socket
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

from .build import node_packs
from .errors import UserError


def prepare(root: Path, work: Path) -> tuple[Path, Path]:
    """Unzip ``dist/the-smoke-<version>.zip`` into ``work/system`` and extract its packs to ``work/packs``."""
    manifest = json.loads((root / "dist" / "system.json").read_text(encoding="utf-8")) \
        if (root / "dist" / "system.json").exists() else None
    if manifest is None:
        raise UserError("no build in dist/: run scripts/build.sh first")
    archive = root / "dist" / f"the-smoke-{manifest['version']}.zip"
    if not archive.exists():
        raise UserError(f"{archive} is missing: run scripts/build.sh first")
    shutil.rmtree(work, ignore_errors=True)
    system = work / "system"
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(system)
    names = [p["name"] for p in manifest["packs"]]
    node_packs("extract", system / "packs", work / "packs", names, root)
    return system, work / "packs"


HOST = "127.0.0.1"


class _Stop(Exception):
    """SIGTERM, SIGINT or SIGHUP arrived: stop the server and free the port."""


def port_taken(port: int, host: str = HOST) -> bool:
    """Whether something already listens on ``host:port`` (0 is never taken)."""
    if port == 0:
        return False
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        # as node's listen does: a connection of the last preview still in TIME_WAIT does not make the port taken
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return True
    return False


def _taken_message(port: int) -> str:
    return (f"port {port} is already in use (is another `the-smoke preview` still running? stop it, or pick "
            f"another port with --port N, or --port 0 for any free one)")


def start_server(root: Path, system: Path, packs: Path, port: int = 0,
                 log: Path | None = None, world: Path | None = None) -> tuple[subprocess.Popen, str]:
    """Start the stand-in server; returns the process and its base URL. The server stops by itself when this
    process's pipe to it closes (``--exit-with-stdin``), so even a killed preview frees the port. With ``world``
    the server keeps its world in that file (loaded when it exists, saved after every change)."""
    log = log or system.parent / "server.log"
    keep = ["--world", str(world)] if world else []
    with log.open("w") as err:
        proc = subprocess.Popen(["node", str(root / "tests" / "harness" / "server.mjs"), "--system", str(system),
                                 "--packs", str(packs), "--port", str(port), "--host", HOST, "--exit-with-stdin", "1",
                                 *keep],
                                cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True)
    line = proc.stdout.readline() if proc.stdout else ""
    try:
        url = json.loads(line)["url"]
    except (ValueError, KeyError):
        stop_server(proc)
        said = log.read_text(errors="replace").strip()
        first = said.splitlines()[0] if said else ""
        try:
            said_json = json.loads(first)
        except ValueError:
            said_json = None
        if isinstance(said_json, dict) and said_json.get("error") == "EADDRINUSE":
            raise UserError(_taken_message(port)) from None
        if isinstance(said_json, dict) and said_json.get("error") == "BADWORLD":
            raise UserError(f"{said_json.get('file')} is not a world the preview saved ({said_json.get('why')}); "
                            f"it was left as it is: name another file, or move it away") from None
        raise UserError(f"the stand-in server did not start (said {(line or said)[:2000]!r})") from None
    return proc, url


def stop_server(proc: subprocess.Popen, timeout: float = 5) -> None:
    """Ask the server to stop (SIGTERM), then kill it if it has not after ``timeout`` seconds; the port is free
    when this returns."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for stream in (proc.stdin, proc.stdout):
        if stream:
            try:
                stream.close()
            except OSError:
                pass


def _post(url: str, body: dict) -> dict:
    import urllib.request

    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def _get(url: str) -> Any:
    import urllib.request

    with urllib.request.urlopen(url, timeout=10) as resp:
        return json.loads(resp.read())


def seed_demo(url: str, system: Path, packs: Path) -> bool:
    """Give the running stand-in the demo evening, unless its world already holds actors or scenes (a kept world is
    never overwritten). Writes the demo's files (the radio's tone) into the unpacked system either way. Returns
    whether it seeded."""
    from .demo import demo_world

    seed, files = demo_world(packs)
    for name, data in files.items():
        (system / name).parent.mkdir(parents=True, exist_ok=True)
        (system / name).write_bytes(data)
    world = _get(f"{url}/harness/world")
    if world.get("actors") or world.get("scenes"):
        return False
    _post(f"{url}/harness/seed", seed)
    return True


def main_preview(root: Path, port: int, *, demo: bool = False, world: Path | None = None) -> int:
    if port_taken(port):
        print(f"preview failed: {_taken_message(port)}", file=sys.stderr)
        return 1

    def on_signal(signum, frame):
        raise _Stop()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    proc = None
    try:
        if world is not None:
            world = world.resolve()
            if world.exists() and world.is_dir():
                raise UserError(f"--world {world} is a folder: name a file (e.g. {world / 'evening.json'})")
            world.parent.mkdir(parents=True, exist_ok=True)
        system, packs = prepare(root, root / "build" / "preview")
        proc, url = start_server(root, system, packs, port, world=world)
        seeded = seed_demo(url, system, packs) if demo else False
        users = _get(f"{url}/harness/users")
        print(f"The Smoke in the stand-in client (not Foundry): {url}")
        cast = {u["_id"]: u.get("character") for u in _get(f"{url}/harness/world").get("users", [])}
        actors = {a["_id"]: a["name"] for a in _get(f"{url}/harness/world").get("actors", [])}
        for user in users:
            plays = actors.get(cast.get(user["_id"]) or "")
            print(f"  as {user['name'] + ':':<13} {url}/game?user={user['_id']}" + (f"  (plays {plays})" if plays else ""))
        if demo:
            print("The demo evening is " + ("ready: open the Gamemaster's link first." if seeded
                                            else "not seeded: the kept world already has actors or scenes."))
        print(f"The world is kept in {world} (saved as you play)." if world
              else "The world is thrown away when the preview stops (keep it with --world FILE).")
        print("Ctrl+C stops it.", flush=True)
        code = proc.wait()
        if code != 0:
            print(f"preview: the stand-in server stopped with status {code}", file=sys.stderr)
            return 1
        return 0
    except _Stop:
        print("preview stopped; the port is free", flush=True)
        return 0
    except (UserError, OSError) as e:
        print(f"preview failed: {e}", file=sys.stderr)
        return 1
    finally:
        if proc is not None:
            stop_server(proc)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
