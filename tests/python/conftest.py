"""Fixtures of the build tests (helpers in project.py, importable as ``from project import ...``)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from project import make_project


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``SMOKE_SKIP_SCRATCH_BUILDS=1`` (``scripts/test.sh --quick`` sets it when a change touches no build code or
    input): leave out the tests that copy the project and build the copy (fixture ``project``), which test the build
    tool itself and are most of these tests' time. They are deselected (test.sh prints how many: under xdist the
    summary line does not count what the workers deselected)."""
    if os.environ.get("SMOKE_SKIP_SCRATCH_BUILDS") != "1":
        return
    left_out = [item for item in items if "project" in getattr(item, "fixturenames", ())]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if item not in left_out]


@pytest.fixture(scope="session")
def built_project(tmp_path_factory) -> Path:
    """A scratch project with one good build done (quiet)."""
    from the_smoke.build import Options, build

    root = make_project(tmp_path_factory.mktemp("project") / "the-smoke")
    build(Options(root=root, quiet=True))
    return root


#: outputs of the good build that the build only ever replaces whole (os.replace), never writes into: a scratch
#: project links them instead of copying ~9 MB per test (the bundle, its map and build/bundle/, the bundle's cache)
LINKED_OUTPUTS = ("the-smoke-compiled.mjs", "the-smoke-compiled.mjs.map", "build/bundle")


@pytest.fixture()
def project(tmp_path, built_project) -> Path:
    """A fresh scratch project whose ``dist/`` and generated output are copies of a good build."""
    root = make_project(tmp_path / "the-smoke")

    def copy(src: str, dst: str) -> object:
        rel = Path(src).relative_to(built_project).as_posix()
        if any(rel == n or rel.startswith(n + "/") for n in LINKED_OUTPUTS):
            os.link(src, dst)
            return dst
        return shutil.copy2(src, dst)

    for name in ("dist", "packs", "build", "system.json", "module/generated", "templates/generated", "icons",
                 "docs/rules-map.md", "the-smoke-compiled.mjs", "the-smoke-compiled.mjs.map"):
        src = built_project / name
        if src.is_dir():
            shutil.copytree(src, root / name, copy_function=copy)
        elif src.exists():
            copy(str(src), str(root / name))
    return root
