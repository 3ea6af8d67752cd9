"""Tests for the exact odds engine (tools/the_smoke/odds.py) against the rulebook.

Printed numbers are typed in from the reading copy of the rulebook: "The roll", "Choosing difficulty",
"Hustle, perks and your luck" and the six "Variable Effort targets" tables.
"""

from __future__ import annotations

import json
import math
import time
from fractions import Fraction

import pytest

from the_smoke import odds
from the_smoke.odds import (
    BANDS,
    DICE,
    MODES,
    OUTCOMES,
    band_ties,
    book_percent,
    die_pmf,
    die_tail,
    effective_modes,
    odds_data,
    odds_json,
    outcome_chances,
    outcome_for_margin,
    pick_tn,
    success_chance,
    sum_at_least,
    tail_table,
    tn_table,
)

F = Fraction

# "Variable Effort targets" · 1 and · 2: Effort (or Performance) die -> stat die -> Easy / Medium / Hard / Long Shot.
BOOK_TN_TABLES: dict[int, dict[int, tuple[int, int, int, int]]] = {
    4: {4: (6, 7, 10, 14), 6: (7, 9, 11, 16), 8: (9, 11, 13, 19), 10: (10, 13, 16, 21), 12: (11, 15, 18, 23),
        20: (17, 22, 27, 32)},
    6: {4: (6, 8, 10, 15), 6: (8, 10, 12, 17), 8: (9, 12, 14, 20), 10: (11, 14, 17, 22), 12: (12, 16, 19, 24),
        20: (18, 23, 28, 34)},
    8: {4: (7, 9, 11, 17), 6: (8, 11, 13, 19), 8: (10, 13, 16, 21), 10: (11, 15, 18, 24), 12: (13, 16, 20, 26),
        20: (18, 24, 29, 35)},
    10: {4: (7, 10, 13, 18), 6: (9, 12, 15, 20), 8: (10, 14, 17, 23), 10: (12, 15, 19, 25), 12: (13, 17, 21, 27),
         20: (19, 25, 30, 36)},
    12: {4: (7, 11, 14, 19), 6: (9, 13, 16, 21), 8: (11, 14, 18, 24), 10: (12, 16, 20, 26), 12: (14, 18, 22, 28),
         20: (20, 26, 31, 38)},
    20: {4: (9, 14, 19, 24), 6: (11, 16, 21, 27), 8: (12, 18, 23, 29), 10: (14, 20, 25, 31), 12: (16, 22, 27, 34),
         20: (22, 29, 35, 44)},
}

# "Choosing difficulty": Effort d6, normal explosions; stat die -> ((TN, printed %) for Easy, Medium, Hard, Long Shot).
BOOK_D6_PERCENTS: dict[int, tuple[tuple[int, int], ...]] = {
    4: ((6, 87), (8, 62), (10, 39), (15, 12)),
    6: ((8, 83), (10, 58), (12, 38), (17, 13)),
    8: ((9, 87), (12, 58), (14, 39), (20, 12)),
    10: ((11, 83), (14, 58), (17, 32), (22, 12)),
    12: ((12, 86), (16, 58), (19, 34), (24, 13)),
    20: ((18, 83), (23, 60), (28, 36), (34, 11)),
}

# "The roll": modifier row.
BOOK_MODIFIERS = {4: 2, 6: 3, 8: 4, 10: 5, 12: 6, 20: 10}


# ---------------------------------------------------------------------------------------------------------------
# The book's tables


def test_default_modifiers_are_the_books():
    assert odds.DEFAULT_MODIFIERS == BOOK_MODIFIERS


@pytest.mark.parametrize("effort", DICE)
def test_variable_effort_tables_every_cell(effort):
    got = tn_table(effort)
    want = {stat: dict(zip(BANDS, row)) for stat, row in BOOK_TN_TABLES[effort].items()}
    wrong = [(effort, s, b, got[s][b], want[s][b]) for s in DICE for b in BANDS if got[s][b] != want[s][b]]
    assert not wrong, f"(effort, stat, band, engine, book): {wrong}"


def test_book_cells_are_closest_to_target():
    """Independently of pick_tn: no other TN is strictly closer to the target than the printed one."""
    for effort, rows in BOOK_TN_TABLES.items():
        for stat, row in rows.items():
            for band, tn in zip(BANDS, row):
                target = odds.DEFAULT_TARGETS[band]
                d = abs(success_chance(effort, stat, tn) - target)
                for other in (tn - 1, tn + 1):
                    assert abs(success_chance(effort, stat, other) - target) >= d, (effort, stat, band)


def test_choosing_difficulty_tns_and_percents():
    for stat, cells in BOOK_D6_PERCENTS.items():
        for band, (tn, pct) in zip(BANDS, cells):
            assert pick_tn(6, stat, band) == tn
            p = success_chance(6, stat, tn)
            assert book_percent(p) == pct, (stat, band, float(p))
            assert abs(p * 100 - pct) <= F(1, 2)  # nearest whole percent, whatever the tie rule


def test_exact_half_percents_are_printed_rounded_down():
    halves = {(4, "easy"): F(7, 8), (4, "medium"): F(5, 8), (8, "easy"): F(7, 8), (10, "longShot"): F(1, 8)}
    for (stat, band), p in halves.items():
        tn = pick_tn(6, stat, band)
        assert success_chance(6, stat, tn) == p
    # Only these four cells are rounding-sensitive.
    exact_halves = [
        (stat, band)
        for stat, cells in BOOK_D6_PERCENTS.items()
        for band, (tn, _) in zip(BANDS, cells)
        if (success_chance(6, stat, tn) * 200).denominator == 1 and (success_chance(6, stat, tn) * 200) % 2 == 1
    ]
    assert sorted(exact_halves) == sorted(halves)
    assert book_percent(F(7, 8)) == 87 and book_percent(F(8749, 10000)) == 87 and book_percent(F(8751, 10000)) == 88


def test_ties_and_tie_break():
    assert band_ties() == [(10, 12, "easy", 13, 14), (12, 10, "easy", 12, 13)]
    # d10 + d12 dice total >= 7 vs >= 8 (no explosion can matter that low): 105/120 and 99/120, 1/40 either side.
    assert success_chance(10, 12, 13) == F(105, 120) and success_chance(10, 12, 14) == F(99, 120)
    assert success_chance(12, 10, 12) == F(105, 120) and success_chance(12, 10, 13) == F(99, 120)
    # Lower TN wins, as printed.
    assert pick_tn(10, 12, "easy") == 13
    assert pick_tn(12, 10, "easy") == 12


def test_tn_tables_are_fast():
    """A bound on the work, not a benchmark: CPU time of this process (time.process_time), so a machine busy with
    the browser tests beside it does not count against it."""
    odds.clear_caches()
    t0 = time.process_time()
    tables = {e: tn_table(e) for e in DICE}
    elapsed = time.process_time() - t0
    assert len(tables) == 6 and all(len(t) == 6 for t in tables.values())
    assert elapsed < 2.0, elapsed


def test_tn_table_accepts_data_style_modifiers_and_targets():
    mods = {f"d{d}": m for d, m in BOOK_MODIFIERS.items()}
    assert tn_table("d6", modifiers=mods) == tn_table(6)
    assert pick_tn("d8", "d6", "hard", targets={"hard": "0.35"}) == 13
    # Every modifier one higher -> every TN one higher.
    shifted = {d: m + 1 for d, m in BOOK_MODIFIERS.items()}
    assert tn_table(6, modifiers=shifted) == {s: {b: t + 1 for b, t in row.items()} for s, row in tn_table(6).items()}


# ---------------------------------------------------------------------------------------------------------------
# Single dice


@pytest.mark.parametrize("faces", DICE)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("upto", [1, 2, 5, 21, 47, 90])
def test_pmf_mass_plus_tail_is_one(faces, mode, upto):
    pmf = die_pmf(faces, mode, upto)
    assert all(isinstance(p, Fraction) and p > 0 for p in pmf.values())
    assert all(1 <= v < upto for v in pmf)
    assert sum(pmf.values(), F(0)) + die_tail(faces, mode, upto) == 1


@pytest.mark.parametrize("faces", DICE)
def test_exact_tails(faces):
    for j in range(4):
        # Normal: above j*faces means the first j throws all showed the top face.
        assert die_tail(faces, "normal", j * faces + 1) == F(1, faces) ** j
    assert die_tail(faces, "none", faces) == F(1, faces)
    assert die_tail(faces, "none", faces + 1) == 0
    # On a Roll: at least faces - 1 exactly when the first throw explodes.
    assert die_tail(faces, "onARoll", faces - 1) == F(2, faces)
    assert die_tail(faces, "normal", 1) == 1 and die_tail(faces, "normal", -5) == 1


def test_small_pmfs_by_hand():
    assert die_pmf(4, "none", 10) == {1: F(1, 4), 2: F(1, 4), 3: F(1, 4), 4: F(1, 4)}
    assert die_pmf(4, "normal", 9) == {1: F(1, 4), 2: F(1, 4), 3: F(1, 4), 5: F(1, 16), 6: F(1, 16), 7: F(1, 16)}
    # d4 On a Roll explodes on 3-4: 3 and 4 are never final on the first throw; 4 = 3 then 1.
    assert die_pmf(4, "onARoll", 5) == {1: F(1, 4), 2: F(1, 4), 4: F(1, 16)}
    # d6 On a Roll (5-6): 6 = 5+1; 7 = 5+2 or 6+1; 11 = 5+5+1.
    p = die_pmf(6, "onARoll", 12)
    assert 5 not in p and p[6] == F(1, 36) and p[7] == F(2, 36)
    assert p[11] == F(1, 216)  # only 5+5+1 (5+6 and 6+5 explode again)
    assert p == _brute_pmf(6, {5, 6}, 12)


def _brute_pmf(faces, exploding, upto):
    """Enumerate roll sequences directly (slow, independent of the engine's recurrence)."""
    out: dict[int, Fraction] = {}

    def go(total, prob):
        for r in range(1, faces + 1):
            t, q = total + r, prob / faces
            if t >= upto:
                continue
            if r in exploding:
                go(t, q)
            else:
                out[t] = out.get(t, F(0)) + q

    go(0, F(1))
    return dict(sorted(out.items()))


@pytest.mark.parametrize("faces", [4, 6, 8])
@pytest.mark.parametrize("mode,exploding", [("normal", "top"), ("onARoll", "top2"), ("none", "")])
def test_pmf_matches_brute_force(faces, mode, exploding):
    ex = {"top": {faces}, "top2": {faces - 1, faces}, "": set()}[exploding]
    assert die_pmf(faces, mode, 3 * faces + 2) == _brute_pmf(faces, ex, 3 * faces + 2)


def test_die_names():
    assert die_pmf("d6", "normal", 20) == die_pmf(6, "normal", 20)
    with pytest.raises(ValueError):
        die_pmf(7, "normal", 10)
    with pytest.raises(ValueError):
        die_pmf(6, "sideways", 10)


# ---------------------------------------------------------------------------------------------------------------
# Checks


def test_hand_case_d4_plus_d4_no_explosions():
    # 16 equally likely pairs; totals >= 5: (1,4) (2,3) (2,4) (3,2..4) (4,1..4) = 10.
    assert success_chance(4, 4, 5, modifier=0, off_your_game=True) == F(10, 16)
    assert sum_at_least(4, "none", 4, "none", 5) == F(10, 16)
    assert sum_at_least(4, "none", 4, "none", 9) == 0
    assert sum_at_least(4, "none", 4, "none", 2) == 1


def test_effective_modes():
    assert effective_modes() == ("normal", "normal")
    assert effective_modes(on_a_roll=True) == ("onARoll", "onARoll")
    assert effective_modes(off_your_game=True) == ("none", "none")
    assert effective_modes(on_a_roll=True, off_your_game=True) == ("normal", "normal")
    assert effective_modes(in_pain=True) == ("none", "normal")
    assert effective_modes(in_pain=True, on_a_roll=True) == ("none", "onARoll")
    assert effective_modes(in_pain=True, off_your_game=True) == ("none", "none")
    assert effective_modes(in_pain=True, on_a_roll=True, off_your_game=True) == ("none", "normal")


@pytest.mark.parametrize("tn", [8, 12, 16, 20, 24])
def test_conditions_change_the_right_dice(tn):
    k = tn - 4  # Effort d6, stat d8 (+4)
    base = success_chance(6, 8, tn)
    assert base == sum_at_least(6, "normal", 8, "normal", k)
    assert success_chance(6, 8, tn, on_a_roll=True) == sum_at_least(6, "onARoll", 8, "onARoll", k)
    assert success_chance(6, 8, tn, off_your_game=True) == sum_at_least(6, "none", 8, "none", k)
    assert success_chance(6, 8, tn, on_a_roll=True, off_your_game=True) == base
    in_pain = success_chance(6, 8, tn, in_pain=True)
    assert in_pain == sum_at_least(6, "none", 8, "normal", k)
    if k > 6:  # low targets never need an explosion, so the modes only differ above that
        assert in_pain != sum_at_least(6, "normal", 8, "none", k)  # the stat die still explodes, not Effort
    assert success_chance(6, 8, tn, in_pain=True, on_a_roll=True, off_your_game=True) == in_pain
    assert success_chance(6, 8, tn, in_pain=True, on_a_roll=True) == sum_at_least(6, "none", 8, "onARoll", k)
    # Explosions only ever help, On a Roll more than normal.
    assert success_chance(6, 8, tn, off_your_game=True) <= in_pain <= base <= success_chance(6, 8, tn, on_a_roll=True)


def test_off_your_game_caps_the_total():
    # d6 + d8 + 4 without explosions tops out at 18.
    assert success_chance(6, 8, 18, off_your_game=True) == F(1, 48)
    assert success_chance(6, 8, 19, off_your_game=True) == 0
    assert success_chance(6, 8, 19) > 0
    # In Pain: Effort at most 6, but the d8 can still explode past it.
    assert success_chance(6, 8, 19, in_pain=True) > 0


def test_modifier_replaces_bonus_adds():
    for tn in range(5, 40):
        # A d12 stepped past the top before Empire: d12 at +8.
        assert success_chance(6, 12, tn, modifier=8) == success_chance(6, 12, tn, bonus=2)
        assert success_chance(6, 12, tn, modifier=8, bonus=-1) == success_chance(6, 12, tn, bonus=1)
        assert success_chance(6, 12, tn, modifier=0) == sum_at_least(6, "normal", 12, "normal", tn)
        assert success_chance(6, 12, tn, bonus=3) == success_chance(6, 12, tn - 3)
    assert success_chance(6, 8, 12, modifiers={8: 0}) == success_chance(6, 8, 12, modifier=0)
    assert success_chance(6, 8, 12, modifiers={"d8": 4}) == success_chance(6, 8, 12)


def test_meeting_the_tn_succeeds():
    # Effort d4 + stat d4 (+2), no explosions: the lowest total is 4.
    assert success_chance(4, 4, 4, off_your_game=True) == 1
    assert outcome_chances(4, 4, 4, off_your_game=True)["properMess"] == 0
    assert outcome_chances(4, 4, 4, off_your_game=True)["justAbout"] == F(1, 16)


def test_outcome_for_margin():
    want = {-10: "properMess", -4: "properMess", -3: "badLuck", -1: "badLuck", 0: "justAbout", 1: "sorted",
            3: "sorted", 4: "smashedIt", 7: "smashedIt", 8: "legendary", 30: "legendary"}
    for margin, oid in want.items():
        assert outcome_for_margin(margin) == oid


@pytest.mark.parametrize("effort,stat,tn,kw", [
    (6, 8, 12, {}),
    (6, 4, 15, {"on_a_roll": True}),
    (20, 20, 30, {"in_pain": True}),
    (4, 4, 6, {"off_your_game": True}),
    (10, 12, 9, {"bonus": -3}),
    (6, 12, 20, {"modifier": 8}),
])
def test_outcome_chances_are_consistent(effort, stat, tn, kw):
    oc = outcome_chances(effort, stat, tn, **kw)
    assert list(oc) == list(OUTCOMES)
    assert all(isinstance(p, Fraction) and 0 <= p <= 1 for p in oc.values())
    assert sum(oc.values(), F(0)) == 1
    assert oc["justAbout"] + oc["sorted"] + oc["smashedIt"] + oc["legendary"] == success_chance(effort, stat, tn, **kw)
    # Each outcome is a band of margins: check two against success_chance at shifted TNs.
    assert oc["legendary"] == success_chance(effort, stat, tn + 8, **kw)
    assert oc["justAbout"] == success_chance(effort, stat, tn, **kw) - success_chance(effort, stat, tn + 1, **kw)
    assert oc["properMess"] == 1 - success_chance(effort, stat, tn - 3, **kw)


# ---------------------------------------------------------------------------------------------------------------
# Worked examples


def test_danny_lock_under_the_arches():
    # "The roll": Danny, Effort d6 + Graft d8 (+4), Medium -> TN 12.
    assert pick_tn(6, 8, "medium") == 12
    assert odds.DEFAULT_MODIFIERS[8] == 4
    # He rolls 5 and 8, the 8 explodes into 2: 5 + 8 + 2 + 4 = 19, margin +7 = Smashed It.
    assert die_pmf(8, "normal", 11)[10] == F(1, 64)
    assert outcome_for_margin(5 + 8 + 2 + 4 - 12) == "smashedIt"
    p = success_chance(6, 8, 12)
    assert book_percent(p) == 58 and p == F(7, 12)
    oc = outcome_chances(6, 8, 12)
    assert oc["smashedIt"] > 0 and sum(oc.values()) == 1


def test_jaz_better_getaway():
    # "Hustle, perks and your luck": Wheels d8, d6 Performance, Hard -> TN 14, fixed before boosts.
    assert pick_tn(6, 8, "hard") == 14
    base = success_chance(6, 8, 14)
    assert book_percent(base) == 39
    perk = success_chance(6, 10, 14)  # Getaway Driver: Wheels d10 (+5)
    both = success_chance(8, 10, 14)  # ... and 1 Hustle: Performance d8 as Effort
    assert base < perk < both
    # Handling is added to the result (a bonus), against the same TN.
    assert success_chance(8, 10, 14, bonus=1) == success_chance(8, 10, 13) > both
    assert pick_tn(8, 10, "hard") == 18  # recalculating after the boost would erase it: the book says don't


# ---------------------------------------------------------------------------------------------------------------
# Tail tables and odds_data


def test_tail_table_matches_exact_engine():
    pairs = [(6, "normal", 8, "normal"), (4, "onARoll", 20, "none"), (20, "none", 4, "onARoll"),
             (12, "normal", 10, "onARoll"), (4, "none", 4, "none")]
    for pair in pairs:
        exact = tail_table(*pair, ppm=False)
        assert exact == [sum_at_least(*pair, k) for k in range(len(exact))]
        assert sum_at_least(*pair, len(exact)) < odds.DEFAULT_CUTOFF <= exact[-1]
        assert tail_table(*pair) == [math.floor(p * 1_000_000 + F(1, 2)) for p in exact]
    assert tail_table(4, "none", 4, "none", ppm=False) == [1, 1, 1, F(15, 16), F(13, 16), F(10, 16), F(6, 16),
                                                           F(3, 16), F(1, 16)]


def _js_lookup(t, tn, modifier, bonus=0):
    i = tn - modifier - bonus
    return 1_000_000 if i <= 0 else 0 if i >= len(t) else t[i]


@pytest.fixture(scope="module")
def data_and_timing():
    """The odds data, its JSON and the CPU time this process took to make them (not the wall clock: see
    test_tn_tables_are_fast)."""
    t0 = time.process_time()
    data = odds_data()
    text = odds_json()
    return data, text, time.process_time() - t0


def test_odds_data_shape_and_size(data_and_timing):
    data, text, elapsed = data_and_timing
    tails = data["tails"]
    assert len(tails) == 6 * 6 * 3 * 3
    assert "6:normal|8:onARoll" in tails and "20:none|4:normal" in tails
    assert list(tails) == sorted(tails) and list(data) == sorted(data)
    for key, t in tails.items():
        assert t[:3] == [1_000_000] * 3, key
        assert all(isinstance(x, int) for x in t)
        assert all(a >= b for a, b in zip(t, t[1:])) and t[-1] >= 1, key
    # Without explosions the table runs exactly to the maximum total.
    assert len(tails["6:none|8:none"]) == 6 + 8 + 1
    assert data["modifiers"] == {str(d): m for d, m in BOOK_MODIFIERS.items()}
    assert data["targets"] == {"easy": 850000, "hard": 350000, "longShot": 120000, "medium": 600000}
    assert data["tn"]["6"]["8"] == {"easy": 9, "hard": 14, "longShot": 20, "medium": 12}
    assert json.loads(text) == data
    assert text == odds_json()  # deterministic
    size = len(text.encode("utf-8"))
    print(f"odds_data: {size} bytes JSON, built in {elapsed:.2f} s of CPU")
    assert size < 250_000
    assert elapsed < 10


def test_js_lookup_agrees_with_exact(data_and_timing):
    data, _, _ = data_and_timing
    for effort, stat, kw, key in [
        (6, 8, {}, "6:normal|8:normal"),
        (6, 8, {"in_pain": True}, "6:none|8:normal"),
        (8, 10, {"on_a_roll": True}, "8:onARoll|10:onARoll"),
        (20, 4, {"off_your_game": True}, "20:none|4:none"),
    ]:
        t = data["tails"][key]
        for tn in range(-5, 80):
            for bonus in (-3, 0, 2):
                exact = success_chance(effort, stat, tn, bonus=bonus, **kw)
                got = _js_lookup(t, tn, BOOK_MODIFIERS[stat], bonus)
                assert abs(F(got, 1_000_000) - exact) <= F(1, 2_000_000), (key, tn, bonus)


def test_odds_data_uses_given_modifiers():
    shifted = {f"d{d}": m + 2 for d, m in BOOK_MODIFIERS.items()}
    data = odds_data(shifted)
    base = odds_data()
    assert data["tails"] == base["tails"]
    assert data["tn"]["6"]["8"]["medium"] == base["tn"]["6"]["8"]["medium"] + 2
