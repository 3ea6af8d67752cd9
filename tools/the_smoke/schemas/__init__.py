"""JSON Schemas of the catalogue: one per document type (``<type>.schema.json``), one per rules table
(``rules/<table>.schema.json``) and shared definitions (``common.schema.json``)."""

from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

HERE = Path(__file__).parent
BASE = "https://the-smoke.invalid/schemas/"


@lru_cache(maxsize=1)
def registry() -> Registry:
    resources = []
    for file in sorted(HERE.rglob("*.schema.json")):
        doc = json.loads(file.read_text(encoding="utf-8"))
        resources.append((doc.get("$id") or BASE + file.relative_to(HERE).as_posix(),
                          Resource.from_contents(doc)))
    return Registry().with_resources(resources)


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema ``<name>.schema.json`` (``name`` may be ``rules/<table>``). Raises ``KeyError`` if absent."""
    file = HERE / f"{name}.schema.json"
    if not file.exists():
        raise KeyError(name)
    return json.loads(file.read_text(encoding="utf-8"))


@cache
def validator(name: str) -> Draft202012Validator:
    """The validator of ``<name>.schema.json``. The schema files are the tool's own (tests/python/test_book_rules.py
    checks each against the 2020-12 meta-schema): a build does not check them again (0.3 s of every run)."""
    return Draft202012Validator(schema(name), registry=registry())


def resolve(node: dict[str, Any]) -> dict[str, Any]:
    """Follow ``$ref`` links to the schema they name. The only shared target is ``common.schema.json``: fragment-only
    refs (``#/$defs/...``) occur only inside it, and the rules schemas name it as ``../common.schema.json``."""
    while isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"].removeprefix("../")
        if ref.startswith("#"):
            ref = "common.schema.json" + ref
        node = registry().resolver(BASE).lookup(ref).contents
    return node


def property_order(node: dict[str, Any]) -> list[str]:
    """The declared property order of an object schema (used to write canonical YAML)."""
    node = resolve(node)
    props = node.get("properties")
    if props:
        return list(props)
    for alt in node.get("oneOf", []) + node.get("anyOf", []):
        order = property_order(alt)
        if order:
            return order
    return []
