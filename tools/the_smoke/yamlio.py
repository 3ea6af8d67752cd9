"""YAML in and out of the catalogue.

Reading keeps the line of every value so an error can name ``file:line`` and refuses duplicate mapping keys
(PyYAML would silently keep the last one). Writing produces the canonical form the catalogue is kept in:
keys in a given order, block style, UTF-8, no aliases, so ``unpack(pack(src))`` reproduces ``src`` byte for byte.
"""

from __future__ import annotations

import pickle
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import UserError

_Loader: type[Any]
try:  # the C parser is several times faster; both build the same nodes
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml missing
    _Loader = yaml.SafeLoader


#: The catalogue's errors are the tools' one user-error type (errors.py); the old name stays for callers.
CatalogueError = UserError


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

# Limits that keep a broken file from costing minutes and gigabytes. The book's largest file is 6 KB with 660
# values; a homebrew file past these is a mistake (or not a catalogue file at all).
MAX_FILE_BYTES = 256 * 1024
MAX_VALUES = 10_000
MAX_DIGITS = 30  # no number in the game has more digits; longer ones cannot even be converted quickly
TOO_LARGE = "is too large (numbers stay within ±1,000,000)"

_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_FLOAT = re.compile(r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")
# Characters YAML does not allow in a file (C0/C1 controls other than tab, newline, carriage return and NEL;
# DEL; lone surrogates; the non-characters U+FFFE and U+FFFF).
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")


def _plain_scalar(node: yaml.ScalarNode, file: str, field: str | None) -> Any:
    """Construct a plain (unquoted) scalar, refusing what YAML 1.1 reads as something the author did not mean:
    0x10 and 012 (hex and octal), 1:30 (base 60), 1_000, on/off/yes/no (booleans), dates, and numbers too long to
    be a number of the game (which Python would refuse to convert, or convert slowly)."""
    text, tag = node.value, node.tag

    def refuse(message: str) -> UserError:
        return UserError(message, file=file, line=node.start_mark.line + 1, field=field)

    shown = text if len(text) <= 40 else f"{text[:20]}… ({len(text)} characters)"
    if tag == "tag:yaml.org,2002:int":
        if len(text) > MAX_DIGITS:
            raise refuse(f"{shown} {TOO_LARGE}")
        if not _DECIMAL.fullmatch(text):
            value = _scalar.construct_object(node)
            if ":" in text:
                why = f"YAML 1.1 reads {text} as the base-60 number {value}"
            elif text.lstrip("+-").startswith("0") and text.lstrip("+-")[1:2].isdigit():
                why = f"YAML 1.1 reads {text} (a leading 0) as the octal number {value}"
            else:
                why = f"YAML 1.1 reads {text} as the number {value}"
            raise refuse(f"{why}: write the number in plain digits ({value}), or quote it (\"{text}\") if it is text")
    elif tag == "tag:yaml.org,2002:float":
        if len(text) > MAX_DIGITS:
            raise refuse(f"{shown} {TOO_LARGE}")
        if not _FLOAT.fullmatch(text):
            value = _scalar.construct_object(node)
            raise refuse(f"YAML 1.1 reads {text} as the number {value}: write a plain number, or quote it "
                         f"(\"{text}\") if it is text")
    elif tag == "tag:yaml.org,2002:bool":
        if text.lower() not in ("true", "false"):
            value = str(_scalar.construct_object(node)).lower()
            raise refuse(f"YAML 1.1 reads {text} as {value}: quote it (\"{text}\") if it is text, or write {value}")
    elif tag == "tag:yaml.org,2002:timestamp":
        raise refuse(f"YAML reads {text} as a date: quote it (\"{text}\")")
    return _scalar.construct_object(node)


def _construct(node: yaml.Node, file: str, field: str | None) -> Any:
    if isinstance(node, yaml.ScalarNode) and not node.style:  # plain (the C parser says "", PyYAML None)
        return _plain_scalar(node, file, field)
    return _scalar.construct_object(node)


def _build(node: yaml.Node, path: tuple, lines: dict, file: str) -> Any:
    if len(lines) >= MAX_VALUES:
        raise UserError(f"more than {MAX_VALUES:,} values in one file: a catalogue entry is far smaller "
                             f"(split it, or check that this is the right file)", file=file,
                             line=node.start_mark.line + 1)
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                raise UserError("mapping keys must be plain scalars", file=file,
                                     line=knode.start_mark.line + 1)
            key = _construct(knode, file, ".".join(map(str, path + (knode.value,))))
            if key in out:
                raise UserError(f"duplicate key {key!r} (first at line {lines[path + (key,)]})",
                                     file=file, line=knode.start_mark.line + 1,
                                     field=".".join(map(str, path + (key,))))
            lines[path + (key,)] = knode.start_mark.line + 1
            out[key] = _build(vnode, path + (key,), lines, file)
            lines[path + (key,)] = knode.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(v, path + (i,), lines, file) for i, v in enumerate(node.value)]
    return _construct(node, file, ".".join(map(str, path)) or None)


def _check_characters(text: str, file: str) -> None:
    """Refuse characters YAML does not allow, naming the line (PyYAML would give a character position)."""
    bad = _CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        col = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        raise UserError(f"control character U+{ord(bad.group()):04X} at column {col} is not allowed in YAML: "
                             f"delete it (an editor may show it as a box, or not at all)", file=file, line=line)


# Texts parsed in this process → their document and lines, pickled (a fresh copy for each caller, who may change it;
# pickle is C and several times faster than parsing again). What a parse makes depends on the text alone: the path
# only names the file in an error, and a text that fails is never remembered. Another build in the same process (the
# tests' many builds of scratch copies of one catalogue) parses only what changed.
_PARSED: OrderedDict[str, bytes] = OrderedDict()
_PARSED_MAX = 4096


def load(path: Path, *, text: str | None = None) -> Located:
    """Parse one YAML file. Raises :class:`UserError` naming the file and line on malformed YAML,
    anchors/aliases, duplicate keys, control characters, YAML 1.1 surprises and files too large to be catalogue
    entries (checked before the file is read)."""
    file = str(path)
    if text is None:
        try:
            size = path.stat().st_size
        except OSError as e:
            raise UserError(f"cannot read the file ({e.strerror})", file=file) from None
        if size > MAX_FILE_BYTES:
            raise UserError(f"the file is {size / 1024:,.0f} KB; a catalogue file is at most "
                                 f"{MAX_FILE_BYTES // 1024} KB (the book's largest is 6 KB): is this the right file?",
                                 file=file)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as e:
            raise UserError(f"not UTF-8 text ({e.reason})", file=file) from None
    elif len(text) > MAX_FILE_BYTES:
        raise UserError(f"the text is longer than {MAX_FILE_BYTES // 1024} KB", file=file)
    parsed = _PARSED.get(text)
    if parsed is not None:
        _PARSED.move_to_end(text)
        return Located(*pickle.loads(parsed))
    _check_characters(text, file)
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        raise UserError(f"malformed YAML: {e.problem or e.context}", file=file, line=line) from None
    except yaml.reader.ReaderError as e:
        line = text.count("\n", 0, e.position) + 1 if isinstance(e.position, int) else None
        raise UserError(f"malformed YAML: {e.reason}", file=file, line=line) from None
    except yaml.YAMLError as e:
        raise UserError(f"malformed YAML: {e}", file=file) from None
    lines: dict[tuple, int] = {}
    if node is None:
        return Located(None, {(): 1})
    if "*" in text or "&" in text:
        _refuse_aliases(node, file)
    data = _build(node, (), lines, file)
    _PARSED[text] = pickle.dumps((data, lines), protocol=pickle.HIGHEST_PROTOCOL)
    if len(_PARSED) > _PARSED_MAX:
        _PARSED.popitem(last=False)
    return Located(data, lines)


def _refuse_aliases(node: yaml.Node, file: str, seen: set | None = None) -> None:
    seen = set() if seen is None else seen
    if id(node) in seen:
        raise UserError("YAML anchors and aliases are not allowed in the catalogue", file=file,
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


def _str_representer(dumper: _CanonicalDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_CanonicalDumper.add_representer(str, _str_representer)


def dump(data: Any) -> str:
    """Canonical YAML text: insertion order kept (callers order keys), block style, unicode, no line wrapping."""
    return yaml.dump(data, Dumper=_CanonicalDumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=1_000_000, indent=2)
