"""The browser tests share their helpers through one package, tests/e2e/helpers/ (``from helpers import …``): no test file imports another
test file, so a test module can be renamed, split or deleted without breaking its neighbours. (conftest.py holds
the fixtures; it re-exports ``skew_time`` from helpers for tests written against the foundation's first cut.)"""

from __future__ import annotations

import ast
from pathlib import Path

E2E = Path(__file__).resolve().parents[1] / "e2e"


def imported_modules(source: str) -> set[str]:
    """Every top-level module name a Python source imports (``import a.b`` and ``from a import b`` give ``a``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_the_finder_sees_a_test_import_at_any_depth():
    source = "import os\nfrom helpers import x\ndef f():\n    from test_combat import make_actor\nimport test_checks.y\n"
    assert imported_modules(source) == {"os", "helpers", "test_combat", "test_checks"}


def test_no_e2e_file_imports_a_test_file():
    files = sorted(E2E.rglob("*.py"))
    assert len(files) > 10 and (E2E / "helpers" / "__init__.py") in files
    local_tests = {p.stem for p in files if p.stem.startswith("test_")}
    offenders = {p.name: sorted(imported_modules(p.read_text(encoding="utf-8")) & local_tests) for p in files}
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_the_shared_helpers_are_used_from_helpers():
    users = [p.name for p in sorted(E2E.glob("test_*.py")) if "helpers" in imported_modules(p.read_text(encoding="utf-8"))]
    assert len(users) > 10
    for part in sorted((E2E / "helpers").glob("*.py")):  # the package imports its parts relatively, never a test
        assert not {m for m in imported_modules(part.read_text(encoding="utf-8")) if m.startswith("test_")}, part.name
