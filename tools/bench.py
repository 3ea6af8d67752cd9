"""Benchmark of the build (a script that prints figures; not a test).

For the real catalogue and synthetic catalogues 10× and 100× its size (every document copied under new keys,
references kept valid), prints the time of each stage (load, validate, compile, generate, pack, zip), documents
per second, peak memory and a no-op rebuild's time.

Usage: .venv/bin/python tools/bench.py [--scales 1,10,100] [--out bench-out]
"""

from __future__ import annotations

import argparse
import resource
import shutil
import sys
import time
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from the_smoke.build import Options, build  # noqa: E402

ROOT = HERE.parent
LINKED = ("tools", "node_modules", "tests")  # read-only inputs (the rules map names the tests)
COPIED = ("module", "templates", "lang", "styles", "docs")


def make_project(dest: Path, scale: int) -> int:
    """A scratch project whose catalogue has ``scale`` copies of every document; returns the document count."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in LINKED:
        (dest / name).symlink_to(ROOT / name, target_is_directory=True)
    for name in COPIED:
        shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("generated", "__pycache__"))
    shutil.copy2(ROOT / "system.yml", dest / "system.yml")
    shutil.copytree(ROOT / "packs-src", dest / "packs-src")
    count = sum(1 for p in (dest / "packs-src").glob("*/*.yml") if p.parent.name not in ("rules", "conditions", "rules-map")
                and p.name != "_pack.yml")
    if scale == 1:
        return count
    for pack in sorted((dest / "packs-src").iterdir()):
        if pack.name in ("rules", "conditions", "rules-map"):  # rules tables and the map are not documents
            continue
        for src in sorted(pack.glob("*.yml")):
            if src.name == "_pack.yml":
                continue
            data = yaml.safe_load(src.read_text(encoding="utf-8"))
            for n in range(2, scale + 1):
                copy = dict(data, key=f"{data['key']}-x{n}", name=f"{data['name']} #{n}")
                (pack / f"{copy['key']}.yml").write_text(yaml.safe_dump(copy, sort_keys=False, allow_unicode=True),
                                                         encoding="utf-8")
    return count * scale


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scales", default="1,10,100", help="catalogue multiples to build (default 1,10,100)")
    ap.add_argument("--out", type=Path, default=ROOT / "bench-out", help="scratch folder (deleted and rebuilt)")
    args = ap.parse_args()
    stages = ("load", "validate", "compile", "generate", "pack", "zip")
    print(f"{'scale':>5} {'docs':>6} " + " ".join(f"{s:>9}" for s in stages)
          + f" {'total s':>8} {'docs/s':>8} {'no-op s':>8} {'zip KiB':>8}")
    for scale in (int(s) for s in args.scales.split(",")):
        root = args.out / f"x{scale}"
        docs = make_project(root, scale)
        t0 = time.perf_counter()
        result = build(Options(root=root, quiet=True))
        total = time.perf_counter() - t0
        t1 = time.perf_counter()
        again = build(Options(root=root, quiet=True))
        noop = time.perf_counter() - t1
        assert again.up_to_date
        cells = " ".join(f"{result.timings.get(s, 0):>9.2f}" for s in stages)
        print(f"{scale:>5} {docs:>6} {cells} {total:>8.2f} {docs / total:>8.0f} {noop:>8.2f} "
              f"{result.zip_path.stat().st_size / 1024:>8.0f}", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    # (the node packer's own peak is not shown: a forked child's maxrss starts at the parent's size)
    print(f"peak memory of the build process (Python, all scales): {peak:.0f} MiB")
    shutil.rmtree(args.out, ignore_errors=True)


if __name__ == "__main__":
    main()
