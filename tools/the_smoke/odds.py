"""Exact odds for a Covenant Dice System check in The Smoke (pure standard library, exact ``Fraction`` arithmetic).

Rulebook sections: "The roll" (Effort + stat + modifier, exploding dice, margins and outcomes), "Choosing
difficulty" (the four bands and their target chances), "Hustle, perks and your luck" (On a Roll, Off Your Game,
In Pain, the die ladder and the +2 overflow) and "Variable Effort targets" (the band TN for every Effort/stat pair).

A check
    total  = Effort roll + stat roll + modifier + bonus          (all integers)
    margin = total - TN;  success  <=>  margin >= 0                ("Meeting the TN succeeds")

Dice are given by their number of faces (``4 6 8 10 12 20``; ``"d6"`` strings are accepted too). Every die
explodes: while it shows an exploding face, keep that face and roll the same die again, adding the new result.
Explosion modes (``MODES``):

    "normal"   explodes on its top face (d6 on 6)
    "onARoll"  explodes on its top two faces (d6 on 5-6, d4 on 3-4); each re-roll explodes the same way
    "none"     never explodes (a plain d``faces``)

Conditions map to modes with :func:`effective_modes`: On a Roll applies to both dice; Off Your Game stops both
dice exploding; both together cancel to normal; In Pain stops only the Effort die exploding, after that cancel.

Exactness. A die's value is finite with probability 1 and every explosion adds at least 1 (in fact at least
``faces - 1``), so P(roll == v) only involves finitely many roll sequences and is an exact rational. Everything
below is computed with ``fractions.Fraction``; nothing is sampled or truncated except where a function says it
rounds (``tail_table`` with ``ppm=True``).

Band TNs. A band's TN is the integer TN whose success chance -- normal explosions on both dice, the stat die's own
modifier, no bonus -- is closest to the band's target chance (``DEFAULT_TARGETS``). Success chance strictly falls
as the TN rises (with normal explosions every dice total >= 2 is possible), so the only candidates are the two
adjacent TNs either side of the target.

Tie-break: if those two TNs are exactly equally close, the LOWER TN wins (the one whose chance is at or above the
target, i.e. the more generous to the roller). Exact ties do occur in the book's tables, in two Easy cells, both
the same dice total (d10 + d12 needing 7 vs 8: 105/120 and 99/120, each 1/40 from 17/20):
Effort d10 / stat d12 Easy (13 or 14; the book prints 13) and Effort d12 / stat d10 Easy (12 or 13; the book
prints 12). The lower-TN rule reproduces both; :func:`band_ties` lists them.

Outcomes. The margin table ("The roll": Proper Mess at -4 or less ... Legendary at +8 or more) is data, read once
from packs-src/rules/outcomes.yml -- the file the JS side reads as ``RULES.outcomes`` -- by :func:`outcome_margins`
(the only part of this module that reads a file; the arithmetic is pure standard library). A caller with its own
rules tables (the build, a homebrew folder, a tmp copy) passes ``margins=`` instead.

Percentages. "Choosing difficulty" prints chances to the whole percent. They are nearest-whole-percent with exact
halves rounded DOWN: four cells are exactly x.5% (Effort d6 with d4 Easy 87.5%, d4 Medium 62.5%, d8 Easy 87.5%,
d10 Long Shot 12.5%) and the book prints 87, 62, 87, 12.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from pathlib import Path

from . import vocabulary as _vocabulary
from .errors import UserError

__all__ = [
    "DICE",
    "MODES",
    "BANDS",
    "OUTCOMES",
    "DEFAULT_MODIFIERS",
    "DEFAULT_TARGETS",
    "DEFAULT_CUTOFF",
    "effective_modes",
    "OUTCOMES_FILE",
    "margins_from",
    "outcome_margins",
    "outcome_for_margin",
    "die_pmf",
    "die_tail",
    "sum_at_least",
    "success_chance",
    "outcome_chances",
    "pick_tn",
    "tn_table",
    "band_ties",
    "tail_table",
    "odds_data",
    "odds_json",
    "pair_key",
    "book_percent",
    "clear_caches",
]

#: Die sizes on the ladder d4 -> d6 -> d8 -> d10 -> d12 -> d20 ("The die ladder").
DICE: tuple[int, ...] = _vocabulary.DICE

#: Explosion modes, see the module docstring.
MODES: tuple[str, ...] = ("normal", "onARoll", "none")

#: Difficulty band ids, easiest first ("Choosing difficulty"), and outcome ids by margin, worst first ("The roll"):
#: the system's vocabulary (vocabulary.py), re-exported here.
BANDS: tuple[str, ...] = _vocabulary.BANDS
OUTCOMES: tuple[str, ...] = _vocabulary.OUTCOMES

#: The rules table the outcome margins are read from ("The roll", margin table): the same file the JS side reads.
OUTCOMES_FILE: Path = Path(__file__).resolve().parents[2] / "packs-src" / "rules" / "outcomes.yml"

#: The margin table: ``(outcome id, lowest margin or None = open below, highest margin or None = open above)``,
#: worst first (``OUTCOMES`` order).
Margins = tuple[tuple[str, "int | None", "int | None"], ...]

#: Stat die -> modifier ("The roll", modifier row). The build passes values read from the rules data instead.
DEFAULT_MODIFIERS: dict[int, int] = {4: 2, 6: 3, 8: 4, 10: 5, 12: 6, 20: 10}

#: Band -> target success chance ("Choosing difficulty": 85%, 60%, 35%, 12%).
DEFAULT_TARGETS: dict[str, Fraction] = {
    "easy": Fraction(85, 100),
    "medium": Fraction(60, 100),
    "hard": Fraction(35, 100),
    "longShot": Fraction(12, 100),
}

#: Default ``tail_table`` cutoff (a probability): entries stop before the first k with P(sum >= k) < 0.5 ppm,
#: i.e. every kept entry rounds to at least 1 ppm and everything past the end rounds to 0.
DEFAULT_CUTOFF = Fraction(1, 2_000_000)

PPM = 1_000_000


# --------------------------------------------------------------------------------------------------------------
# Small helpers


def _faces(die: int | str) -> int:
    """``6``, ``"6"`` or ``"d6"`` -> ``6``; rejects anything that is not one of ``DICE``."""
    if isinstance(die, str):
        s = die.strip().lower()
        die = int(s[1:] if s.startswith("d") else s)
    if isinstance(die, bool) or die not in DICE:
        raise ValueError(f"unknown die {die!r}; expected one of {DICE}")
    return int(die)


def _mode(mode: str) -> str:
    if mode not in MODES:
        raise ValueError(f"unknown explosion mode {mode!r}; expected one of {MODES}")
    return mode


def _modifier_map(modifiers: Mapping) -> dict[int, int]:
    """Normalise a stat-die -> modifier mapping whose keys may be ``6``, ``"6"`` or ``"d6"``."""
    return {_faces(k): int(v) for k, v in modifiers.items()}


def _targets_map(targets: Mapping) -> dict[str, Fraction]:
    out = {}
    for band, t in targets.items():
        if band not in BANDS:
            raise ValueError(f"unknown band {band!r}; expected one of {BANDS}")
        out[band] = t if isinstance(t, Fraction) else Fraction(str(t))  # "0.85" / 0.85 -> exactly 17/20
    return out


def _half_up(x: Fraction) -> int:
    """Round a non-negative rational to the nearest integer, halves up."""
    return math.floor(x + Fraction(1, 2))


def book_percent(p: Fraction) -> int:
    """A chance as the book prints it ("Choosing difficulty"): whole percent, nearest, exact halves rounded down
    (87.5% -> 87). Reproduces all 24 printed percentages of the Effort d6 table."""
    return math.ceil(Fraction(p) * 100 - Fraction(1, 2))


def effective_modes(*, on_a_roll: bool = False, off_your_game: bool = False, in_pain: bool = False) -> tuple[str, str]:
    """The (Effort mode, stat mode) for a roll's conditions ("Hustle, perks and your luck" -> "Off Your Game").

    On a Roll -> both ``"onARoll"``; Off Your Game -> both ``"none"``; both -> both ``"normal"`` (they cancel);
    In Pain then forces the Effort die to ``"none"`` whatever the rest says. The stat die is never affected by
    In Pain.
    """
    if on_a_roll and not off_your_game:
        mode = "onARoll"
    elif off_your_game and not on_a_roll:
        mode = "none"
    else:
        mode = "normal"
    return ("none" if in_pain else mode), mode


def margins_from(table: Mapping, *, file: str | Path | None = None) -> Margins:
    """The margin table of an outcomes rules table (outcomes.yml's data, ``{"outcomes": [{id, margin: {min, max}},
    ...]}``). Raises :class:`UserError` unless it names the outcomes in ``OUTCOMES`` order and its ranges cover every
    margin once (open below, each ``min`` one past the previous ``max``, open above)."""
    try:
        rows: Margins = tuple((str(o["id"]), o["margin"]["min"], o["margin"]["max"]) for o in table["outcomes"])
    except (KeyError, TypeError) as e:
        raise UserError(f"the outcomes table needs outcomes: [{{id, margin: {{min, max}}}}, ...] ({e!r} missing)",
                        file=file, field="outcomes") from None
    ids = tuple(r[0] for r in rows)
    if ids != OUTCOMES:
        raise UserError(f"outcomes must be {', '.join(OUTCOMES)} in that order (worst first), not {', '.join(ids)}",
                        file=file, field="outcomes")
    for i, (oid, lo, hi) in enumerate(rows):
        first, last = i == 0, i == len(rows) - 1
        prev_hi = rows[i - 1][2] if i else None
        if (lo is None) != first or (hi is None) != last or (not first and (prev_hi is None or lo != prev_hi + 1)) \
                or (lo is not None and hi is not None and hi < lo):
            minima = {r[0]: r[1] for r in rows}
            raise UserError(f"outcome margins {minima} leave a gap or overlap at {oid} (min {lo}, max {hi}): the first "
                            f"outcome is open below, each next min is the previous max + 1, the last is open above",
                            file=file, field=f"outcomes.{i}.margin")
    return rows


_MARGINS: dict[Path, Margins] = {}


def outcome_margins(file: str | Path | None = None) -> Margins:
    """The margin table read from ``file`` (default :data:`OUTCOMES_FILE`), once: later calls return the same
    tuple. Raises :class:`UserError` for a missing, malformed or inconsistent file."""
    path = Path(file) if file is not None else OUTCOMES_FILE
    if path not in _MARGINS:
        from .yamlio import load  # the one file this module reads

        _MARGINS[path] = margins_from(load(path).data, file=path)
    return _MARGINS[path]


def outcome_for_margin(margin: int, margins: Margins | None = None) -> str:
    """Outcome id for an integer margin (total - TN), by the margin table (``margins``, default
    :func:`outcome_margins`; the book's: ``properMess`` <= -4, ``badLuck`` -3..-1, ``justAbout`` 0, ``sorted``
    +1..+3, ``smashedIt`` +4..+7, ``legendary`` >= +8; "The roll", margin table)."""
    for oid, lo, hi in margins if margins is not None else outcome_margins():
        if (lo is None or margin >= lo) and (hi is None or margin <= hi):
            return oid
    raise AssertionError(f"no outcome for margin {margin}")  # pragma: no cover - margins_from rules this out


# --------------------------------------------------------------------------------------------------------------
# Single die


# (faces, mode) -> list p where p[v] = P(roll == v) for 0 <= v < len(p); grown on demand, never shrunk.
_PMF_CACHE: dict[tuple[int, str], list[Fraction]] = {}


def _pmf_list(faces: int, mode: str, upto: int) -> list[Fraction]:
    """Cached exact P(roll == v) for v in ``range(max(upto, current length))`` (index 0 is always 0)."""
    key = (faces, mode)
    p = _PMF_CACHE.get(key)
    if p is None:
        p = _PMF_CACHE[key] = [Fraction(0)]
    if len(p) >= upto:
        return p
    each = Fraction(1, faces)
    if mode == "none":
        exploding: tuple[int, ...] = ()
    elif mode == "normal":
        exploding = (faces,)
    else:  # onARoll
        exploding = (faces - 1, faces)
    for v in range(len(p), upto):
        # Either the first throw shows v and stops, or it shows an exploding face e and the rest totals v - e.
        x = each if (1 <= v <= faces and v not in exploding) else Fraction(0)
        for e in exploding:
            if v - e >= 1:
                x += each * p[v - e]
        p.append(x)
    return p


def die_pmf(faces: int | str, mode: str, upto: int) -> dict[int, Fraction]:
    """Exact distribution of one (possibly exploding) die, below a bound.

    Args:
        faces: die size, one of ``DICE`` (``6`` or ``"d6"``).
        mode: ``"normal"``, ``"onARoll"`` or ``"none"`` (see module docstring).
        upto: exclusive upper bound on the roll value (an integer).
    Returns:
        ``{v: P(roll == v)}`` for every value ``1 <= v < upto`` that has non-zero probability, ascending ``v``.
        Impossible values are left out (e.g. a normal d6 never totals 6, 12, ...). The missing mass is exactly
        :func:`die_tail` ``(faces, mode, upto)``.
    """
    faces, mode = _faces(faces), _mode(mode)
    p = _pmf_list(faces, mode, max(upto, 1))
    return {v: p[v] for v in range(1, upto) if p[v]}


def die_tail(faces: int | str, mode: str, k: int) -> Fraction:
    """Exact P(roll >= k) for one die (``1`` for k <= 1), computed as 1 - P(roll < k)."""
    faces, mode = _faces(faces), _mode(mode)
    if k <= 1:
        return Fraction(1)
    p = _pmf_list(faces, mode, k)
    return 1 - sum(p[1:k], Fraction(0))


# --------------------------------------------------------------------------------------------------------------
# Effort + stat


# (effort faces, effort mode, stat faces, stat mode) -> (q, c) with q[n] = P(E + S == n), c[n] = P(E + S < n).
_SUM_CACHE: dict[tuple[int, str, int, str], tuple[list[Fraction], list[Fraction]]] = {}


def _sum_lists(ef: int, em: str, sf: int, sm: str, upto: int) -> tuple[list[Fraction], list[Fraction]]:
    key = (ef, em, sf, sm)
    entry = _SUM_CACHE.get(key)
    if entry is None:
        entry = _SUM_CACHE[key] = ([Fraction(0)], [Fraction(0)])
    q, c = entry
    if len(c) > upto:
        return entry
    pe = _pmf_list(ef, em, upto + 1)
    ps = _pmf_list(sf, sm, upto + 1)
    for n in range(len(q), upto + 1):
        c.append(c[-1] + q[-1])  # c[n] = c[n-1] + q[n-1]
        q.append(sum((pe[a] * ps[n - a] for a in range(1, n) if pe[a] and ps[n - a]), Fraction(0)))
    return entry


def sum_at_least(effort: int | str, effort_mode: str, stat: int | str, stat_mode: str, k: int) -> Fraction:
    """Exact P(Effort roll + stat roll >= k), dice only (no modifiers). ``1`` for k <= 2 (each die rolls >= 1)."""
    ef, em, sf, sm = _faces(effort), _mode(effort_mode), _faces(stat), _mode(stat_mode)
    if k <= 2:
        return Fraction(1)
    _, c = _sum_lists(ef, em, sf, sm, k)
    return 1 - c[k]


def _total_modifier(stat: int, modifier: int | None, bonus: int, modifiers: Mapping) -> int:
    if modifier is None:
        mods = _modifier_map(modifiers)
        if stat not in mods:
            raise ValueError(f"no modifier given for d{stat}")
        modifier = mods[stat]
    return int(modifier) + int(bonus)


def success_chance(
    effort: int | str,
    stat: int | str,
    tn: int,
    *,
    modifier: int | None = None,
    bonus: int = 0,
    on_a_roll: bool = False,
    off_your_game: bool = False,
    in_pain: bool = False,
    modifiers: Mapping = DEFAULT_MODIFIERS,
) -> Fraction:
    """Exact chance that a check succeeds (margin >= 0), as a ``Fraction`` in [0, 1].

    Args:
        effort: Effort (or vehicle Performance) die faces.
        stat: stat die faces.
        tn: target number (integer).
        modifier: replaces the stat die's own modifier when given (e.g. a d12 stepped past the top of the ladder
            before Empire rolls d12 at +8); ``None`` uses ``modifiers[stat]``.
        bonus: added to the modifier (Handling, Condition penalties as negatives, ...).
        on_a_roll, off_your_game, in_pain: conditions, combined by :func:`effective_modes`.
        modifiers: stat die -> modifier table (keys ``6``/``"d6"``), default ``DEFAULT_MODIFIERS``.
    Rulebook: "The roll", "Hustle, perks and your luck".
    """
    ef, sf = _faces(effort), _faces(stat)
    em, sm = effective_modes(on_a_roll=on_a_roll, off_your_game=off_your_game, in_pain=in_pain)
    mod = _total_modifier(sf, modifier, bonus, modifiers)
    return sum_at_least(ef, em, sf, sm, int(tn) - mod)


def outcome_chances(
    effort: int | str,
    stat: int | str,
    tn: int,
    *,
    modifier: int | None = None,
    bonus: int = 0,
    on_a_roll: bool = False,
    off_your_game: bool = False,
    in_pain: bool = False,
    modifiers: Mapping = DEFAULT_MODIFIERS,
    margins: Margins | None = None,
) -> dict[str, Fraction]:
    """Exact chance of each outcome, ``{outcome id: Fraction}`` in ``OUTCOMES`` order (worst first).

    Same arguments as :func:`success_chance`, plus ``margins``: the margin table (default :func:`outcome_margins`,
    read from packs-src/rules/outcomes.yml). The six values sum to exactly 1, and the successes' (margin >= 0)
    equal :func:`success_chance`. Rulebook: "The roll" (margin table).
    """
    table = margins if margins is not None else outcome_margins()
    ef, sf = _faces(effort), _faces(stat)
    em, sm = effective_modes(on_a_roll=on_a_roll, off_your_game=off_your_game, in_pain=in_pain)
    k = int(tn) - _total_modifier(sf, modifier, bonus, modifiers)  # dice total needed for margin 0

    def at_least(margin: int) -> Fraction:  # P(margin >= m)
        return sum_at_least(ef, em, sf, sm, k + margin)

    cuts = [at_least(lo) for _, lo, _ in table[1:] if lo is not None]  # P(margin >= lower bound) of outcomes 2..6
    bounds = [Fraction(1)] + cuts + [Fraction(0)]
    return {oid: bounds[i] - bounds[i + 1] for i, (oid, _, _) in enumerate(table)}


# --------------------------------------------------------------------------------------------------------------
# Band TNs


def _band_candidates(ef: int, sf: int, target: Fraction, mod: int) -> tuple[tuple[int, Fraction], tuple[int, Fraction]]:
    """The adjacent TNs straddling ``target`` under normal explosions: ``((lo, p_lo), (hi, p_hi))`` with
    p_lo >= target > p_hi and hi == lo + 1."""
    if not (0 < target <= 1):
        raise ValueError(f"target chance must be in (0, 1], got {target}")
    tn = 2 + mod  # the dice total at least 2, so this TN always succeeds
    prev = (tn, Fraction(1))
    while True:
        tn += 1
        p = sum_at_least(ef, "normal", sf, "normal", tn - mod)
        if p < target:
            return prev, (tn, p)
        prev = (tn, p)


def pick_tn(
    effort: int | str,
    stat: int | str,
    band: str,
    *,
    targets: Mapping = DEFAULT_TARGETS,
    modifiers: Mapping = DEFAULT_MODIFIERS,
) -> int:
    """The band TN for an unboosted Effort/stat pair ("Choosing difficulty", "Variable Effort targets").

    The integer TN whose success chance (normal explosions on both dice, the stat die's modifier from
    ``modifiers``, no bonus) is closest to ``targets[band]``; on an exact tie the lower TN (chance at or above
    the target) wins. ``band`` is one of ``BANDS``; ``targets`` maps band -> chance (``Fraction``, or a float/str
    that is read as its decimal text, so ``0.85`` means exactly 17/20).
    """
    ef, sf = _faces(effort), _faces(stat)
    tmap = _targets_map(targets)
    if band not in tmap:
        raise ValueError(f"no target for band {band!r}")
    target = tmap[band]
    mod = _modifier_map(modifiers)[sf]
    (lo, p_lo), (hi, p_hi) = _band_candidates(ef, sf, target, mod)
    return lo if (p_lo - target) <= (target - p_hi) else hi


def tn_table(
    effort: int | str,
    *,
    stats: tuple = DICE,
    targets: Mapping = DEFAULT_TARGETS,
    modifiers: Mapping = DEFAULT_MODIFIERS,
) -> dict[int, dict[str, int]]:
    """One "Variable Effort targets" table: ``{stat faces: {band: TN}}`` for ``stats`` (default all of ``DICE``),
    bands in ``BANDS`` order for every band present in ``targets``."""
    ef = _faces(effort)
    bands = [b for b in BANDS if b in _targets_map(targets)]
    return {
        _faces(s): {b: pick_tn(ef, s, b, targets=targets, modifiers=modifiers) for b in bands} for s in stats
    }


def band_ties(
    *,
    targets: Mapping = DEFAULT_TARGETS,
    modifiers: Mapping = DEFAULT_MODIFIERS,
) -> list[tuple[int, int, str, int, int]]:
    """Every (effort, stat, band, lower TN, higher TN) over ``DICE`` x ``DICE`` x bands where the two straddling
    TNs are exactly equally close to the target -- the only cells where the tie-break rule matters. With the
    defaults: ``[(10, 12, "easy", 13, 14), (12, 10, "easy", 12, 13)]``."""
    tmap = _targets_map(targets)
    mods = _modifier_map(modifiers)
    ties = []
    for ef in DICE:
        for sf in DICE:
            for band in (b for b in BANDS if b in tmap):
                (lo, p_lo), (hi, p_hi) = _band_candidates(ef, sf, tmap[band], mods[sf])
                if p_lo - tmap[band] == tmap[band] - p_hi:
                    ties.append((ef, sf, band, lo, hi))
    return ties


# --------------------------------------------------------------------------------------------------------------
# Compact tables for the JS roll dialog


def tail_table(
    effort: int | str,
    effort_mode: str,
    stat: int | str,
    stat_mode: str,
    *,
    ppm: bool = True,
    cutoff: Fraction = DEFAULT_CUTOFF,
) -> list:
    """Tail of the dice total, for looking up success chances without doing the maths in JS.

    Returns a list ``t`` with ``t[k] = P(Effort roll + stat roll >= k)`` (dice only, no modifiers) for
    ``k = 0, 1, 2, ...`` up to the last ``k`` whose chance is still ``>= cutoff`` (a probability; default
    0.5 ppm). With ``ppm=True`` (default) each entry is an ``int`` in parts per million, rounded half-up
    (``t[0] == t[1] == t[2] == 1_000_000``); with ``ppm=False`` they are exact ``Fraction`` s.

    JS lookup: ``i = tn - modifier - bonus``; success ``= i <= 0 ? 1 : i >= t.length ? 0 : t[i] / 1e6``. The
    error is below 0.5 ppm everywhere (past the end the true chance is < ``cutoff``).
    """
    ef, em, sf, sm = _faces(effort), _mode(effort_mode), _faces(stat), _mode(stat_mode)
    cutoff = Fraction(cutoff)
    if cutoff <= 0:
        raise ValueError("cutoff must be positive (exploding tails never reach 0)")
    return list(_tail(ef, em, sf, sm, ppm, cutoff))


@cache
def _tail(ef: int, em: str, sf: int, sm: str, ppm: bool, cutoff: Fraction) -> tuple:
    """:func:`tail_table`'s numbers, worked out once per process (exact integer sums: the odds module and the
    validator's odds check ask for the same 324 tables on every build; a test run builds ~100 times)."""
    span = 64
    while True:
        out = _tail_upto(ef, em, sf, sm, span, cutoff, ppm)
        if out is not None:
            return tuple(out)
        span *= 2


def _tail_upto(ef: int, em: str, sf: int, sm: str, span: int, cutoff: Fraction, ppm: bool) -> list | None:
    """``tail_table`` computed with exact integers over one common denominator, for totals below ``span``;
    ``None`` if the tail is still >= ``cutoff`` at ``span`` (the caller retries with a larger span).

    Same numbers as :func:`sum_at_least` (a test checks this), but ~50x faster than summing ``Fraction`` s."""
    pe, ps = _pmf_list(ef, em, span), _pmf_list(sf, sm, span)
    de = math.lcm(*(x.denominator for x in pe[:span]))
    ds = math.lcm(*(x.denominator for x in ps[:span]))
    ae = [x.numerator * (de // x.denominator) for x in pe[:span]]
    as_ = [x.numerator * (ds // x.denominator) for x in ps[:span]]
    den = de * ds
    out: list = []
    below = 0  # den * P(E + S < k)
    for k in range(span):
        if k >= 1:
            n = k - 1
            below += sum(ae[a] * as_[n - a] for a in range(1, n) if ae[a] and as_[n - a])
        tail = den - below  # den * P(E + S >= k)
        if tail * cutoff.denominator < cutoff.numerator * den:
            return out
        out.append((2 * tail * PPM + den) // (2 * den) if ppm else Fraction(tail, den))
    return None


def pair_key(effort: int | str, effort_mode: str, stat: int | str, stat_mode: str) -> str:
    """Key of a tail table in :func:`odds_data`: ``"<effort faces>:<mode>|<stat faces>:<mode>"``,
    e.g. ``"6:normal|8:onARoll"``."""
    return f"{_faces(effort)}:{_mode(effort_mode)}|{_faces(stat)}:{_mode(stat_mode)}"


def odds_data(modifiers: Mapping = DEFAULT_MODIFIERS, *, targets: Mapping = DEFAULT_TARGETS) -> dict:
    """Everything the JS roll dialog needs, as plain JSON-ready data (deterministic; keys sorted).

    Shape::

        {
          "unit": "ppm",
          "modifiers": {"4": 2, ..., "20": 10},                    # stat die -> modifier used for the TNs
          "targets": {"easy": 850000, ...},                        # band target chances, ppm
          "tn": {"6": {"4": {"easy": 6, "medium": 8, ...}, ...}},  # effort -> stat -> band TN ("Variable Effort targets")
          "tails": {"6:normal|8:onARoll": [1000000, ...], ...}     # 6 x 6 dice x 3 x 3 modes, see tail_table
        }

    ``tails`` do not depend on ``modifiers``; the JS applies the modifier and bonus at lookup time.
    """
    mods = _modifier_map(modifiers)
    tmap = _targets_map(targets)
    tails = {}
    for ef in DICE:
        for em in MODES:
            for sf in DICE:
                for sm in MODES:
                    tails[pair_key(ef, em, sf, sm)] = tail_table(ef, em, sf, sm)
    data = {
        "unit": "ppm",
        "modifiers": {str(d): mods[d] for d in DICE if d in mods},
        "targets": {b: _half_up(tmap[b] * PPM) for b in BANDS if b in tmap},
        "tn": {
            str(ef): {str(sf): row for sf, row in tn_table(ef, targets=tmap, modifiers=mods).items()} for ef in DICE
        },
        "tails": tails,
    }
    return _sorted(data)


def _sorted(x):
    if isinstance(x, dict):
        return {k: _sorted(x[k]) for k in sorted(x)}
    return x


def odds_json(modifiers: Mapping = DEFAULT_MODIFIERS, *, targets: Mapping = DEFAULT_TARGETS) -> str:
    """:func:`odds_data` as compact, deterministic JSON text (sorted keys, no spaces)."""
    return json.dumps(odds_data(modifiers, targets=targets), sort_keys=True, separators=(",", ":"))


def clear_caches() -> None:
    """Forget every cached distribution (for timing from cold)."""
    _PMF_CACHE.clear()
    _SUM_CACHE.clear()
    _MARGINS.clear()


def _main() -> None:  # pragma: no cover - a convenience report
    t0 = time.perf_counter()
    tables = {ef: tn_table(ef) for ef in DICE}
    t1 = time.perf_counter()
    text = odds_json()
    t2 = time.perf_counter()
    for ef, table in tables.items():
        print(f"Effort d{ef}")
        for sf, row in table.items():
            print(f"  d{sf:<3}" + " ".join(f"{row[b]:>3}" for b in BANDS))
    print(f"tn tables: {t1 - t0:.3f}s; odds_data: {t2 - t1:.3f}s, {len(text.encode())} bytes JSON")
    print(f"exact ties: {band_ties()}")


if __name__ == "__main__":  # pragma: no cover
    _main()
