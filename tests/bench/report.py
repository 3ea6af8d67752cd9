"""The Markdown table of tests/bench/run_all.py: one row per figure — goal, the figure issue 26 measured before,
main's (when measured with ``--main-root``) and now, each as median (min–max) of the runs."""

from __future__ import annotations

import datetime
import statistics
from pathlib import Path

# key → (figure, goal, before (issue 26), unit, decimals)
ROWS: list[tuple[str, str, str, str, str, int]] = [
    ("round-speed-10", "Writes per round, 10 combatants, speed dice", "≤ dice + 5 (25)", "46", "", 0),
    ("round-speed-50", "Writes per round, 50 combatants, speed dice", "≤ dice + 5 (105)", "197", "", 0),
    ("round-simple-10", "Writes per round, 10 combatants, simple tracker", "≤ turns + 5 (15)", "—", "", 0),
    ("round-simple-50", "Writes per round, 50 combatants, simple tracker", "≤ turns + 5 (55)", "—", "", 0),
    ("check", "Writes per plain check (Shift-click a stat)", "1", "1", "", 0),
    ("text-0", "Bytes to the recipient per new text, 0 held", "the text and read marks", "—", " B", 0),
    ("text-100", "Bytes to the recipient per new text, 100 held", "no growth with the inbox", "—", " B", 0),
    ("text-200", "Bytes to the recipient per new text, 200 held", "no growth with the inbox", "+285 B per held text", " B", 0),
    ("text-answer-0", "… of which the inbox answer, 0 held", "the text and read marks", "—", " B", 0),
    ("text-answer-200", "… of which the inbox answer, 200 held", "same as 0 held", "+285 B per held text", " B", 0),
    ("phone-home", "Open the phone, home (20 callouts, 200 texts)", "< 50 ms", "5 ms (stubbed jobs)", " ms", 1),
    ("phone-messages", "Open the phone on Messages (200 texts)", "< 50 ms", "15–40 ms", " ms", 1),
    ("phone-jobs", "Open the phone on Jobs (20 callouts)", "< 50 ms", "—", " ms", 1),
    ("satnav-100", "Sat nav window, 100 × 100 squares, 80 walls", "< 50 ms", "10.7 ms (route only)", " ms", 1),
    ("satnav-200", "Sat nav window, 200 × 200 squares, 80 walls", "< 50 ms, ≤ 2× 100 × 100", "73 ms (route only)", " ms", 1),
    ("noop-1", "No-op rebuild, 1× catalogue", "< 0.3 s", "0.05 s", " s", 2),
    ("noop-100", "No-op rebuild, 100× catalogue", "< 0.3 s", "1.46 s", " s", 2),
]


def cell(entry: tuple[list[float], str] | None, unit: str, decimals: int) -> str:
    if not entry or not entry[0]:
        return "—"
    values = entry[0]
    med = statistics.median(values)
    text = f"{med:.{decimals}f}{unit}"
    if len(values) > 1 and min(values) != max(values):
        text += f" ({min(values):.{decimals}f}–{max(values):.{decimals}f})"
    if entry[1]:
        text += f"; {entry[1]}"
    return text


def write_report(out: Path, results: dict, runs: int) -> None:
    now = results.get("now", {})
    main = results.get("main")
    head = "| figure | goal | before (issue 26) |" + (" main |" if main else "") + " now |"
    rule = "|---|---|---|" + ("---|" if main else "") + "---|"
    lines = [
        "# Benchmarks",
        "",
        "Written by `.venv/bin/python tests/bench/run_all.py` (after `.venv/bin/the-smoke build`); "
        f"{datetime.date.today().isoformat()}, {runs} runs each, on the 2-core development machine. "
        "The built system in the stand-in (`tests/harness/`) with the GM and two players connected in headless "
        "Chromium; writes and bytes are counted at the stand-in server for every client (`GET /harness/stats`). "
        "Each cell is the median (min–max). \"Before\" is what issue 26 measured; " +
        ("\"main\" is main's build measured by the same script." if main else "main was not measured this time.") +
        " Stand-in figures: a real Foundry adds its own rendering.",
        "",
        head,
        rule,
    ]
    for key, label, goal, before, unit, decimals in ROWS:
        row = f"| {label} | {goal} | {before} |"
        if main is not None:
            row += f" {cell(main.get(key), unit, decimals)} |"
        row += f" {cell(now.get(key), unit, decimals)} |"
        lines.append(row)
    lines += [
        "",
        "What each figure drives: a round is the GM's Reveal, Done on every die (speed dice) or Next turn on every turn "
        "(simple tracker) and Next round, through the document methods the Combat Console's and the core tracker's "
        "buttons call (`tests/e2e/helpers/rounds.py`; `tests/e2e/test_round_writes.py` tests the count and the core "
        "tracker's highlight on every screen). A text is sent by the GM through `blower.text` (the GM Screen's Send) "
        "and pulled by the recipient's phone; its bytes are every frame the server sent the recipient from the send "
        "until the phone showed it (the inbox answer is the `response` frames; the rest is the seal store's broadcast, "
        "which every client receives). The phone and the sat nav are their windows opening or re-rendering in Player "
        "One's page; the callouts are real ones on the character's taxi shift. The no-op rebuild is "
        "`tools/bench.py`'s synthetic catalogue built twice.",
        "",
    ]
    out.write_text("\n".join(lines), encoding="utf-8")
