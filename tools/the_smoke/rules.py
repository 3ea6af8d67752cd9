"""The rules tables the build itself needs, read from ``packs-src/rules`` (never typed in code).

:class:`Tables` wraps the loaded YAML and answers the questions the validator and compiler ask: a die's modifier,
a character's Health and Guard by the book's formulas (rulebook: Your character record), vehicle Guard
(6 + 2 × Size; Getting a motor), the creation dice (one d8, three d6, five d4; Making a new face) and whether the
printed Variable-Effort TN tables agree with the odds engine.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from . import odds
from .catalogue import Catalogue, Entry
from .errors import UserError
from .vocabulary import STAT_KEYS

REQUIRED = ("dice", "tn-tables", "difficulty", "outcomes", "creation", "combat", "chase", "stats", "rep")


class Tables:
    """Typed access to the rules tables. Construct with :meth:`from_catalogue`."""

    def __init__(self, entries: dict[str, Entry]):
        self.entries = entries
        self.data = {k: e.data for k, e in entries.items()}
        d = self.data
        self.modifiers: dict[int, int] = {row["die"]: row["modifier"] for row in d["dice"]["modifiers"]}
        self.targets: dict[str, Fraction] = {b["id"]: Fraction(b["targetChance"], 100)
                                             for b in d["difficulty"]["bands"]}
        self.stats: list[dict[str, Any]] = d["stats"]["stats"]
        #: The outcome margin table the odds engine reads ("The roll"); checked when the tables are checked.
        self.margins: odds.Margins | None = None

    @classmethod
    def from_catalogue(cls, cat: Catalogue) -> Tables:
        missing = [name for name in REQUIRED if name not in cat.rules]
        if missing:
            raise UserError(f"missing rules table(s): {', '.join(f'rules/{m}.yml' for m in missing)}",
                                 entry="rules")
        return cls(cat.rules)

    # -- formulas ----------------------------------------------------------------------------------------
    def modifier(self, die: int) -> int:
        return self.modifiers[die]

    def health_rule(self, stats: dict[str, int]) -> int:
        """Rep 1 maximum Health: base + the Grit modifier (rulebook: The numbers beside your name)."""
        h = self.data["combat"]["health"]
        return h["base"] + self.modifier(stats[h["plusModifierOf"]])

    def guard_rule(self, stats: dict[str, int], worn_guard: int = 0) -> int:
        """Guard: base + the better of the Moves/Grit modifiers (+ worn armour's Guard)."""
        g = self.data["combat"]["guard"]
        return g["base"] + max(self.modifier(stats[s]) for s in g["plusBestModifierOf"]) + worn_guard

    def vehicle_guard(self, size: int) -> int:
        """Vehicle Guard = base + perSize × Size (rulebook: Getting a motor)."""
        v = self.data["chase"]["vehicleGuard"]
        return v["base"] + v["perSize"] * size

    def creation_distribution(self) -> dict[int, int]:
        """``{die: how many stats}`` for a new character: ``{8: 1, 6: 3, 4: 5}``."""
        return {row["die"]: row["count"] for row in self.data["creation"]["statDistribution"]}

    # -- characters --------------------------------------------------------------------------------------
    def reconcile_character(self, entry: Entry, worn_guard: int = 0) -> list[str]:
        """Lines reporting where a record's printed number differs from the book's rule. The printed value is
        kept (the record is what the book prints); the difference is stored as the number's bonus."""
        data = entry.data
        out = []
        rule_health = self.health_rule(data["stats"])
        printed = data["printed"]
        if printed["health"] != rule_health:
            grt = data["stats"]["grt"]
            out.append(f"{entry.label}: printed Health {printed['health']}, rule 8 + Grit d{grt} modifier "
                       f"{self.modifier(grt):+d} = {rule_health}; kept the printed {printed['health']} "
                       f"(health bonus {printed['health'] - rule_health:+d}) [{_where(entry, ['printed', 'health'])}]")
        rule_guard = self.guard_rule(data["stats"], worn_guard)
        if printed["guard"] != rule_guard:
            out.append(f"{entry.label}: printed Guard {printed['guard']}, rule gives {rule_guard}; kept the printed "
                       f"{printed['guard']} (guard bonus {printed['guard'] - rule_guard:+d}) "
                       f"[{_where(entry, ['printed', 'guard'])}]")
        return out

    def character_system(self, data: dict[str, Any], worn_guard: int = 0) -> dict[str, Any]:
        """A pregenerated character's ``system`` data: the record's printed numbers are kept; where they differ
        from the rule the difference becomes ``health.bonus`` / ``guard.bonus`` and a ``reconciliation`` note."""
        printed = data["printed"]
        start = self.data["creation"]["start"]
        health_bonus = printed["health"] - self.health_rule(data["stats"])
        guard_bonus = printed["guard"] - self.guard_rule(data["stats"], worn_guard)
        notes = []
        if health_bonus:
            notes.append({"field": "health.max", "printed": printed["health"],
                          "rule": self.health_rule(data["stats"]), "source": "Four pregenerated characters"})
        if guard_bonus:
            notes.append({"field": "guard.value", "printed": printed["guard"],
                          "rule": self.guard_rule(data["stats"], worn_guard), "source": "Four pregenerated characters"})
        return {
            "stats": {k: {"die": data["stats"][k]} for k in STAT_KEYS},
            "effort": {"die": data["effort"]},
            "health": {"value": printed["health"], "bonus": health_bonus},
            "hustle": {"value": printed["hustle"], "max": printed["hustle"]},
            "guard": {"bonus": guard_bonus},
            "cash": {"pocket": data["cash"], "stash": 0},
            "heat": 0,
            "rep": {"level": data["rep"], "xp": start["xp"] if data["rep"] == start["rep"] else self.xp_for(data["rep"])},
            "advances": 0,
            "relationships": {"crew": 0, "street": 0, "police": 0},
            "story": dict(data["story"]),
            "details": dict(data["details"]),
            "factions": [],
            "obligations": [],
            "printed": dict(printed),
            "reconciliation": notes,
        }

    def character_yaml(self, system: dict[str, Any]) -> dict[str, Any]:
        """Inverse of :meth:`character_system` (perks and kit are added by the caller)."""
        return {"details": system["details"], "stats": {k: system["stats"][k]["die"] for k in STAT_KEYS},
                "effort": system["effort"]["die"], "printed": system["printed"], "cash": system["cash"]["pocket"],
                "rep": system["rep"]["level"], "story": system["story"]}

    def xp_for(self, level: int) -> int:
        """The total XP a character at Rep ``level`` has reached: the level's threshold on the Rep ladder
        (rulebook: The Rep ladder; ``rules/rep.yml`` ``levels``)."""
        for row in self.data["rep"]["levels"]:
            if row["level"] == level:
                return row["xp"]
        raise UserError(f"Rep {level} is not on the Rep ladder (levels 1–{self.data['rep']['maxLevel']})",
                             entry="rules/rep")

    def prototype_token(self, kind: str, name: str) -> dict[str, Any]:
        """Token defaults: people show Health, motors Body; characters are linked to their actor."""
        bar1 = "body" if kind == "vehicle" else "health"
        bar2 = "fuel" if kind == "vehicle" else ("hustle" if kind == "character" else None)
        return {"name": name, "actorLink": kind == "character", "disposition": 1 if kind == "character" else 0,
                "displayBars": 20, "bar1": {"attribute": bar1}, "bar2": {"attribute": bar2}}

    # -- checks against the odds engine -----------------------------------------------------------------
    def check_tn_tables(self) -> list[UserError]:
        """Every printed cell of the Variable-Effort tables (and the Choosing-difficulty table) must equal the TN
        the odds engine picks; each mismatch names its file, line and cell."""
        errors = []
        entry = self.entries["tn-tables"]
        for ti, table in enumerate(entry.data["tables"]):
            effort = table["effort"]
            computed = odds.tn_table(effort, targets=self.targets, modifiers=self.modifiers)
            for ri, row in enumerate(table["rows"]):
                for band in odds.BANDS:
                    want = computed[row["stat"]][band]
                    if row[band] != want:
                        errors.append(entry.error(
                            f"Effort d{effort}, stat d{row['stat']}, {band}: printed TN {row[band]} but the odds "
                            f"engine picks {want} (success closest to {float(self.targets[band]):.0%})",
                            ["tables", ti, "rows", ri, band]))
        entry = self.entries["difficulty"]
        cd = entry.data["choosingDifficulty"]
        computed = odds.tn_table(cd["effort"], targets=self.targets, modifiers=self.modifiers)
        for ri, row in enumerate(cd["rows"]):
            for band in odds.BANDS:
                cell = row[band]
                want = computed[row["stat"]][band]
                if cell["tn"] != want:
                    errors.append(entry.error(f"Effort d{cd['effort']}, stat d{row['stat']}, {band}: printed TN "
                                              f"{cell['tn']} but the odds engine picks {want}",
                                              ["choosingDifficulty", "rows", ri, band, "tn"]))
                    continue
                p = odds.success_chance(cd["effort"], row["stat"], cell["tn"], modifiers=self.modifiers)
                if odds.book_percent(p) != cell["percent"]:
                    errors.append(entry.error(f"Effort d{cd['effort']}, stat d{row['stat']}, {band}: printed "
                                              f"{cell['percent']}% but TN {cell['tn']} succeeds {float(p):.2%}",
                                              ["choosingDifficulty", "rows", ri, band, "percent"]))
        return errors

    def check_engine_constants(self) -> list[UserError]:
        """The odds engine's built-in book values (used when it is called without data, e.g. in its own tests)
        must equal the rules tables, so the numbers cannot drift apart; the outcome margins, which the engine reads
        from the outcomes table itself, must form a table it can read (``self.margins``)."""
        errors = []
        if dict(odds.DEFAULT_MODIFIERS) != self.modifiers:
            errors.append(self.entries["dice"].error(
                f"die modifiers {self.modifiers} differ from the odds engine's {odds.DEFAULT_MODIFIERS}", ["modifiers"]))
        if dict(odds.DEFAULT_TARGETS) != self.targets:
            errors.append(self.entries["difficulty"].error("band target chances differ from the odds engine's", ["bands"]))
        if "outcomes" in self.entries:  # the engine reads its margins from this table: it must be one it can read
            entry = self.entries["outcomes"]
            try:
                self.margins = odds.margins_from(entry.data)
            except UserError as e:
                errors.append(entry.error(e.message, [int(p) if p.isdigit() else p
                                                      for p in (e.field or "outcomes").split(".")]))
        return errors

    def as_js(self) -> dict[str, Any]:
        """Every rules table for the generated JS module, keyed by file name, sorted."""
        return {k: self.data[k] for k in sorted(self.data)}


def worn_armour_guard(cat: Catalogue, kit: list) -> int:
    """The Guard bonus of the one worn armour in ``kit`` (the last one listed: wearing a second replaces the
    first; rulebook: Attacking and defending › Damage). 0 if none is worn."""
    guard = 0
    for ref in kit:
        if not (isinstance(ref, dict) and ref.get("worn")):
            continue
        key = ref["item"]
        pack_name, _, k = key.rpartition("/")
        for pack in cat.packs.values():
            if pack.document_type == "armour" and (not pack_name or pack.name == pack_name) and k in pack.entries:
                guard = pack.entries[k].data["guard"]
    return guard


def _where(entry: Entry, path: list) -> str:
    from .errors import display_path as _display_path

    return f"{_display_path(str(entry.file))}:{entry.loc.line_of(path)}"
