"""``the-smoke``: the one command line for building the system, checking the catalogue and exact odds.

Subcommands: build, validate, unpack, fmt, preview, odds, tn-table. Each has ``--help``; ``--version`` prints the
system's version (system.yml) and the tools'. Exit status 0 on success, 1 when the input is bad (the message names
file, line, entry and field), 2 on wrong usage. A user's mistake is one error type (errors.UserError), caught once
in :func:`main` and printed without a traceback; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from . import odds
from .build import ROOT, Options, build
from .errors import UserError

DICE = ("4", "6", "8", "10", "12", "20")


def _die(value: str) -> int:
    v = value.lower()
    v = v[1:] if v.startswith("d") else v
    if v not in DICE:
        raise argparse.ArgumentTypeError(f"{value!r} is not a die (d4, d6, d8, d10, d12, d20)")
    return int(v)


def cmd_build(args: argparse.Namespace) -> int:
    build(Options(root=args.root, extra=args.extra, force=args.force, quiet=args.quiet))
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from .catalogue import load_catalogue
    from .validate import validate

    t0 = time.perf_counter()
    cat = load_catalogue(args.root / "packs-src", args.extra)
    report = validate(cat)
    for problem in report.errors:
        print(problem, file=sys.stderr)
    for line in report.reconciliations:
        print(f"reconciliation: {line}")
    if report.errors:
        print(f"invalid: {len(report.errors)} problem(s)", file=sys.stderr)
        return 1
    print(f"valid: {cat.document_count} documents, {len(cat.conditions)} Conditions, {len(cat.rules)} rules "
          f"tables ({time.perf_counter() - t0:.2f} s)")
    return 0


def cmd_unpack(args: argparse.Namespace) -> int:
    from .unpack import unpack

    try:
        unpack(args.root, args.out or args.root / "packs-src", packs_dir=args.packs, only=args.pack or None)
    except OSError as e:  # a folder that cannot be read or written: say so, as for the input's own mistakes
        raise UserError(str(e)) from e
    return 0


def cmd_fmt(args: argparse.Namespace) -> int:
    from .unpack import format_tree

    changed = format_tree(args.root / "packs-src", args.dir)
    for f in changed:
        print(f"formatted {f}")
    print(f"{len(changed)} file(s) rewritten")
    return 0


def cmd_preview(args: argparse.Namespace) -> int:
    from .preview import main_preview

    return main_preview(args.root, args.port, demo=args.demo, world=args.world)


def _rules(root: Path) -> tuple[dict[int, int], dict]:
    """Die modifiers and band targets from packs-src/rules (dice.yml, difficulty.yml)."""
    from fractions import Fraction

    from .yamlio import load

    dice = load(root / "packs-src" / "rules" / "dice.yml").data
    difficulty = load(root / "packs-src" / "rules" / "difficulty.yml").data
    return ({row["die"]: row["modifier"] for row in dice["modifiers"]},
            {b["id"]: Fraction(b["targetChance"], 100) for b in difficulty["bands"]})


def _check_kwargs(args: argparse.Namespace) -> dict:
    return {"modifier": args.modifier, "bonus": args.bonus, "on_a_roll": args.on_a_roll,
            "off_your_game": args.off_your_game, "in_pain": args.in_pain, "modifiers": _rules(args.root)[0]}


def _margins(root: Path) -> odds.Margins:
    """The outcome margin table of ``root``'s packs-src/rules/outcomes.yml (the odds engine's, read once)."""
    return odds.outcome_margins(root / "packs-src" / "rules" / "outcomes.yml")


BOUND = 200  # every TN, bonus and modifier in play is far inside this; past it the exact sums get slow


def _bounded(args: argparse.Namespace) -> None:
    """Raise a usage error (exit 2) for a TN, bonus or modifier out of range."""
    for name in ("tn", "bonus", "modifier"):
        value = getattr(args, name, None)
        if value is not None and abs(value) > BOUND:
            raise UserError(f"--{name} {value} is out of range (use -{BOUND} to {BOUND})", exit_code=2)


def cmd_odds(args: argparse.Namespace) -> int:
    _bounded(args)
    kw = _check_kwargs(args)
    success = odds.success_chance(args.effort, args.stat, args.tn, **kw)
    outcomes = odds.outcome_chances(args.effort, args.stat, args.tn, margins=_margins(args.root), **kw)
    if args.json:
        print(json.dumps({"success": float(success), "outcomes": {k: float(v) for k, v in outcomes.items()}}))
    else:
        extras = [f"modifier {args.modifier:+d}" if args.modifier is not None else "",
                  f"bonus {args.bonus:+d}" if args.bonus else "", "On a Roll" if args.on_a_roll else "",
                  "Off Your Game" if args.off_your_game else "", "In Pain" if args.in_pain else ""]
        extra = ", ".join(e for e in extras if e)
        print(f"Effort d{args.effort} + stat d{args.stat}{f' ({extra})' if extra else ''} vs TN {args.tn}: "
              f"success {float(success):.2%}")
        for k, v in outcomes.items():
            print(f"  {k:<11} {float(v):7.2%}")
    return 0


def cmd_tn_table(args: argparse.Namespace) -> int:
    modifiers, targets = _rules(args.root)
    table = odds.tn_table(args.effort, modifiers=modifiers, targets=targets)
    if args.json:
        print(json.dumps({str(stat): row for stat, row in table.items()}))
    else:
        print(f"Effort or Performance d{args.effort}: Easy / Medium / Hard / Long Shot")
        for stat, row in table.items():
            print(f"  d{stat:<3} " + "  ".join(f"{row[b]:>3}" for b in odds.BANDS))
    return 0


def version_line(root: Path) -> str:
    """``the-smoke 0.1.0 (system.yml; tools 0.1.0)``: the system's version from ``root``, the installed tools'."""
    from importlib.metadata import PackageNotFoundError, version

    from .build import read_system_meta

    try:
        tools = version("the-smoke-tools")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree without installing
        tools = "not installed"
    try:
        system = str(read_system_meta(root)["version"])
    except (OSError, UserError) as e:
        system = f"unknown ({e})"
    return f"the-smoke {system} (system.yml; tools {tools})"


class _Version(argparse.Action):
    """``--version``: print :func:`version_line` for the ``--root`` given so far (or this checkout) and exit 0."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="print the system's version (system.yml) and the tools' version, then exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(version_line(getattr(namespace, "root", None) or ROOT))
        parser.exit()


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="the-smoke", description=__doc__.splitlines()[0])
    p.add_argument("--root", type=Path, default=ROOT, help="the repository (default: this checkout; before --version)")
    p.add_argument("--version", action=_Version)
    sub = p.add_subparsers(dest="command", required=True)

    b = sub.add_parser("build", help="validate the catalogue and build packs/, system.json and dist/*.zip",
                       description="Load and validate packs-src/ (plus --extra), compile it, pack the compendia with "
                                   "the official Foundry CLI, generate JS data, templates and system.json, and write "
                                   "dist/the-smoke-<version>.zip and dist/system.json. Nothing is replaced unless "
                                   "every stage succeeds. An unchanged input is not rebuilt (use --force).")
    b.add_argument("--extra", type=Path, help="a homebrew folder with the same layout as packs-src/, overlaid on it")
    b.add_argument("--force", action="store_true", help="rebuild even if no input changed")
    b.add_argument("-q", "--quiet", action="store_true", help="print errors only")
    b.set_defaults(fn=cmd_build)

    v = sub.add_parser("validate", help="check the catalogue (schemas and cross-checks) without writing anything",
                       description="Check every YAML file against its JSON Schema, then the cross-checks: references, "
                                   "vehicle Guard, pregenerated dice, printed TN tables against the odds engine.")
    v.add_argument("--extra", type=Path, help="a homebrew folder to check together with the catalogue")
    v.set_defaults(fn=cmd_validate)

    u = sub.add_parser("unpack", help="extract packs/ back into catalogue YAML (edits made in Foundry → source)",
                       description="Extract the built compendia with the official Foundry CLI and write canonical "
                                   "catalogue YAML. Each pack folder is replaced whole; the Rules journal and roll "
                                   "tables are skipped (their source is packs-src/rules and conditions).")
    u.add_argument("--packs", type=Path, help="folder of LevelDB packs (default: packs/)")
    u.add_argument("--out", type=Path, help="where to write the YAML (default: packs-src/)")
    u.add_argument("--pack", action="append", help="only this pack (repeatable)")
    u.set_defaults(fn=cmd_unpack)

    f = sub.add_parser("fmt", help="rewrite catalogue YAML in canonical form (what unpack writes)")
    f.add_argument("dir", nargs="?", type=Path, help="folder to format (default: packs-src/)")
    f.set_defaults(fn=cmd_fmt)

    pv = sub.add_parser("preview", help="click through the built system in the stand-in client (no Foundry needed)",
                        description="Unpack dist/the-smoke-<version>.zip, extract its compendia and serve them in the "
                                    "browser test rig's stand-in for the Foundry v13 client; prints the address.")
    pv.add_argument("--port", type=int, default=30013, help="port to listen on (0: any free port; default 30013)")
    pv.add_argument("--demo", action="store_true",
                    help="open a ready evening: the pregens given to the two players, Hackney with a place of every "
                         "kind, the crew's motor, police, a linked second map, missions on the board, a radio station "
                         "(seeds only an empty world)")
    pv.add_argument("--world", type=Path, metavar="FILE",
                    help="keep the world in FILE between runs (loaded when it exists, saved as you play); without "
                         "it the world is thrown away when the preview stops")
    pv.set_defaults(fn=cmd_preview)

    def check_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--effort", type=_die, default=6, help="Effort (or Performance) die, e.g. 6 or d6")
        sp.add_argument("--stat", type=_die, required=True, help="stat die, e.g. 8 or d8")
        sp.add_argument("--modifier", type=int, help="replaces the stat die's modifier (e.g. +8 for d12 stepped twice)")
        sp.add_argument("--bonus", type=int, default=0, help="added to the total (situational, Handling, Conditions)")
        sp.add_argument("--on-a-roll", action="store_true", help="2 Hustle: both dice explode on their top two faces")
        sp.add_argument("--off-your-game", action="store_true", help="neither die explodes (cancels On a Roll)")
        sp.add_argument("--in-pain", action="store_true", help="the Effort die never explodes")
        sp.add_argument("--json", action="store_true", help="machine-readable output")

    o = sub.add_parser("odds", help="exact chance of success and of each outcome for a check",
                       description="Exact odds for Effort + stat die (+ modifier + bonus) against a TN. "
                                   "Outputs {\"success\": p, \"outcomes\": {\"properMess\": p, ...}} with --json.")
    check_args(o)
    o.add_argument("--tn", type=int, required=True, help="the Target Number")
    o.set_defaults(fn=cmd_odds)

    t = sub.add_parser("tn-table", help="the band TNs (Easy/Medium/Hard/Long Shot) for an Effort die",
                       description="The Variable-Effort TN table the odds engine picks for one Effort or Performance die: "
                                   "each band's TN is the one whose success chance is closest to its target.")
    t.add_argument("--effort", type=_die, required=True, help="Effort or Performance die")
    t.add_argument("--json", action="store_true", help="print {\"4\": {\"easy\": 7, ...}, ...}")
    t.set_defaults(fn=cmd_tn_table)
    return p


#: How each command introduces a user error (the first line of what it prints), and what it adds after it.
FAILED = {"build": "build failed", "validate": "invalid", "unpack": "unpack failed", "fmt": "fmt failed"}
AFTER = {"build": "nothing was written; the previous build and dist/ are unchanged"}


def main(argv: list[str] | None = None) -> int:
    """Run one command. A :class:`UserError` is printed once (its located message) and sets the exit status;
    every other exception is a bug and propagates with its traceback."""
    args = parser().parse_args(argv)
    command = None  # until the checkout is known, a mistake is the program's, not one command's
    try:
        if not (args.root / "packs-src").is_dir() or not (args.root / "system.yml").is_file():
            raise UserError(f"{args.root} is not a The Smoke checkout (no packs-src/ and system.yml)", exit_code=2)
        command = args.command
        return int(args.fn(args))
    except UserError as e:
        print(f"{_head(command, e)}: {e}", file=sys.stderr)
        if e.exit_code != 2 and command in AFTER:
            print(AFTER[command], file=sys.stderr)
        return e.exit_code


def _head(command: str | None, error: UserError) -> str:
    """``build failed``, ``invalid``…: how ``command`` introduces ``error`` (``the-smoke <command>: error`` for
    wrong usage, as argparse does)."""
    if command is None:
        return "the-smoke: error"
    if error.exit_code == 2:
        return f"the-smoke {command}: error"
    return FAILED.get(command, f"the-smoke {command}: error")

if __name__ == "__main__":
    sys.exit(main())
