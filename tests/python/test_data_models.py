"""The build fills exactly the fields the in-Foundry data models declare (module/data), for every document."""

from __future__ import annotations

import json
import subprocess

import pytest

from project import ROOT
from the_smoke.build import Options, read_system_meta
from the_smoke.catalogue import load_catalogue
from the_smoke.compile import Compiler
from the_smoke.rules import Tables


@pytest.fixture(scope="module")
def models() -> dict:
    out = subprocess.run(["node", "tests/js/helpers/dump-schemas.mjs"], cwd=ROOT, check=True, capture_output=True,
                         text=True)
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def compiled() -> dict:
    cat = load_catalogue(ROOT / "packs-src")
    return Compiler(cat, str(read_system_meta(ROOT)["version"]), Tables.from_catalogue(cat)).compile_all()


def mismatches(tree: dict, data: dict, path: str = "") -> list[str]:
    out = []
    for k in sorted((set(tree) - {"__nullable"}) | set(data)):
        where = f"{path}.{k}" if path else k
        if k not in tree:
            out.append(f"{where}: written by the build, not declared by the data model")
        elif k not in data:
            out.append(f"{where}: declared by the data model, not written by the build")
        elif isinstance(tree[k], dict):
            if data[k] is None and tree[k].get("__nullable"):
                continue
            if not isinstance(data[k], dict):
                out.append(f"{where}: model has fields, build wrote {type(data[k]).__name__}")
            else:
                out.extend(mismatches(tree[k], data[k], where))
    return out


def test_every_compiled_document_matches_its_data_model(models, compiled):
    problems = []
    seen = set()
    for pack, docs in compiled.items():
        for doc in docs:
            if doc["_key"].startswith("!folders!"):
                continue
            klass = "Actor" if doc["_key"].startswith("!actors!") else "Item"
            docs_to_check = [(klass, doc)] + [("Item", i) for i in doc.get("items", [])]
            for k, d in docs_to_check:
                seen.add(d["type"])
                for p in mismatches(models[k][d["type"]], d["system"]):
                    problems.append(f"{pack}/{d['name']} ({d['type']}): {p}")
    assert not problems, "\n".join(problems[:40])
    assert seen == set(models["Actor"]) | set(models["Item"])
