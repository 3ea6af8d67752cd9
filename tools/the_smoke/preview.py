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
                 log: Path | None = None) -> tuple[subprocess.Popen, str]:
    """Start the stand-in server; returns the process and its base URL. The server stops by itself when this
    process's pipe to it closes (``--exit-with-stdin``), so even a killed preview frees the port."""
    log = log or system.parent / "server.log"
    with log.open("w") as err:
        proc = subprocess.Popen(["node", str(root / "tests" / "harness" / "server.mjs"), "--system", str(system),
                                 "--packs", str(packs), "--port", str(port), "--host", HOST, "--exit-with-stdin", "1"],
                                cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True)
    line = proc.stdout.readline() if proc.stdout else ""
    try:
        url = json.loads(line)["url"]
    except (ValueError, KeyError):
        stop_server(proc)
        said = log.read_text(errors="replace").strip()
        first = said.splitlines()[0] if said else ""
        try:
            if json.loads(first).get("error") == "EADDRINUSE":
                raise UserError(_taken_message(port)) from None
        except (ValueError, AttributeError):
            pass
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


def main_preview(root: Path, port: int) -> int:
    if port_taken(port):
        print(f"preview failed: {_taken_message(port)}", file=sys.stderr)
        return 1

    def on_signal(signum, frame):
        raise _Stop()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    proc = None
    try:
        system, packs = prepare(root, root / "build" / "preview")
        proc, url = start_server(root, system, packs, port)
        import urllib.request

        with urllib.request.urlopen(f"{url}/harness/users", timeout=10) as resp:
            users = json.loads(resp.read())
        print(f"The Smoke in the stand-in client (not Foundry): {url}")
        for user in users:
            print(f"  as {user['name'] + ':':<12} {url}/game?user={user['_id']}")
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
