"""YAML in and out of the catalogue.

Reading keeps the line of every value so an error can name ``file:line`` and refuses duplicate mapping keys
(PyYAML would silently keep the last one). Writing produces the canonical form the catalogue is kept in:
keys in a given order, block style, UTF-8, no aliases, so ``unpack(pack(src))`` reproduces ``src`` byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

try:  # the C parser is several times faster; both build the same nodes
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml missing
    _Loader = yaml.SafeLoader


class CatalogueError(Exception):
    """A problem in catalogue input, located as precisely as it can be.

    ``str()`` gives ``file:line: entry: field: message`` with the parts that are known.
    """

    def __init__(self, message: str, *, file: str | Path | None = None, line: int | None = None,
                 entry: str | None = None, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.file = str(file) if file is not None else None
        self.line = line
        self.entry = entry
        self.field = field

    def __str__(self) -> str:
        where = _display_path(self.file) if self.file else "<input>"
        if self.line:
            where += f":{self.line}"
        parts = [where]
        if self.entry:
            parts.append(self.entry)
        if self.field:
            parts.append(self.field)
        return ": ".join(parts + [self.message])


def _display_path(file: str) -> str:
    """``file`` relative to the working directory when it is inside it, else as given."""
    import os

    try:
        rel = os.path.relpath(file)
    except ValueError:
        return file
    return file if rel.startswith("..") else rel


@dataclass
class Located:
    """A parsed YAML document and the 1-based line of each value, keyed by its path tuple."""

    data: Any
    lines: dict[tuple, int] = field(default_factory=dict)

    def line_of(self, path: tuple | list) -> int | None:
        """The line of the value at ``path``, or of its nearest parent that has one."""
        p = tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return self.lines.get(())


_scalar = yaml.constructor.SafeConstructor()


def _build(node: yaml.Node, path: tuple, lines: dict, file: str) -> Any:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                raise CatalogueError("mapping keys must be plain scalars", file=file,
                                     line=knode.start_mark.line + 1)
            key = _scalar.construct_object(knode)
            if key in out:
                raise CatalogueError(f"duplicate key {key!r} (first at line {lines[path + (key,)]})",
                                     file=file, line=knode.start_mark.line + 1,
                                     field=".".join(map(str, path + (key,))))
            lines[path + (key,)] = knode.start_mark.line + 1
            out[key] = _build(vnode, path + (key,), lines, file)
            lines[path + (key,)] = knode.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(v, path + (i,), lines, file) for i, v in enumerate(node.value)]
    return _scalar.construct_object(node)


def load(path: Path, *, text: str | None = None) -> Located:
    """Parse one YAML file. Raises :class:`CatalogueError` naming the file and line on malformed YAML,
    anchors/aliases or duplicate keys."""
    file = str(path)
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as e:
            raise CatalogueError(f"not UTF-8 text ({e.reason})", file=file) from None
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        raise CatalogueError(f"malformed YAML: {e.problem or e.context}", file=file, line=line) from None
    except yaml.YAMLError as e:
        raise CatalogueError(f"malformed YAML: {e}", file=file) from None
    lines: dict[tuple, int] = {}
    if node is None:
        return Located(None, {(): 1})
    if "*" in text or "&" in text:
        _refuse_aliases(node, file)
    return Located(_build(node, (), lines, file), lines)


def _refuse_aliases(node: yaml.Node, file: str, seen: set | None = None) -> None:
    seen = set() if seen is None else seen
    if id(node) in seen:
        raise CatalogueError("YAML anchors and aliases are not allowed in the catalogue", file=file,
                             line=node.start_mark.line + 1)
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            _refuse_aliases(k, file, seen)
            _refuse_aliases(v, file, seen)
    elif isinstance(node, yaml.SequenceNode):
        for v in node.value:
            _refuse_aliases(v, file, seen)


class _CanonicalDumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> Any:
        # indent sequence items under their key: "traits:\n  - loud"
        return super().increase_indent(flow, False)


def _str_representer(dumper: yaml.Dumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_CanonicalDumper.add_representer(str, _str_representer)


def dump(data: Any) -> str:
    """Canonical YAML text: insertion order kept (callers order keys), block style, unicode, no line wrapping."""
    return yaml.dump(data, Dumper=_CanonicalDumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=1_000_000, indent=2)
