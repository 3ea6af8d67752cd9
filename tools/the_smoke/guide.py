"""The GM's guide inside Foundry: ``docs/guide/*.md`` (the same Markdown the repository documents the features
with) built into the journal compendium "The Smoke: GM's guide", one page per file, with its pictures.

Each file starts with a ``# Title`` (the page's name); files are ordered by name. Markdown is rendered with
markdown-it (CommonMark and tables, raw HTML off) and cleaned with nh3. A picture (``../images/x.png``) becomes the
shipped ``systems/the-smoke/docs/images/x.png``; a link to another guide file becomes a Foundry content link to its
page (``@UUID[Compendium.the-smoke.gm-guide.JournalEntry.….JournalEntryPage.…]{…}``); any other relative link keeps
only its words (the repository is not there in Foundry).

:func:`check_guide` is the build's check that the guide is still true: every key it names (``Alt+B``, ``Shift+G``)
is a keybinding the system registers, every ``game.system.api.…`` it quotes exists, every scene-control tool it
names (``scene controls *Shifts*``) is one the system adds, every picture and guide link exists. What the system
registers is read from the entry module itself, loaded in node (``tools/guide-check.mjs``).
"""

from __future__ import annotations

import json
import re
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Any

import nh3
from markdown_it import MarkdownIt

from . import ids
from .compile import stats_block
from .errors import UserError
from .vocabulary import SYSTEM_ID

PACK = "gm-guide"
LABEL = "The Smoke: GM's guide"
ENTRY_KEY = "guide"
IMAGES = "docs/images"

_LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")
_KEY = re.compile(r"\b(Alt|Shift|Ctrl|Control)\+([A-Z0-9])\b")
_API = re.compile(r"game\.system\.api\.([A-Za-z0-9_.]+)")
_TOOL = re.compile(r"scene controls?,? \*([^*]+)\*")
_MODIFIER = {"Alt": "Alt", "Shift": "Shift", "Ctrl": "Control", "Control": "Control"}
_TAGS = {"h1", "h2", "h3", "h4", "h5", "p", "ul", "ol", "li", "strong", "em", "code", "pre", "blockquote", "a", "img",
         "table", "thead", "tbody", "tr", "th", "td", "hr", "br"}


def guide_files(root: Path) -> list[Path]:
    return sorted((root / "docs" / "guide").glob("*.md"))


def _title(file: Path, text: str) -> str:
    first = text.lstrip().splitlines()[0] if text.strip() else ""
    if not first.startswith("# "):
        raise UserError("a guide page starts with its title, '# …'", file=file, line=1)
    return first[2:].strip()


def _ids(file: Path) -> tuple[str, str]:
    return ids.document_id(PACK, ENTRY_KEY), ids.embedded_id(PACK, ENTRY_KEY, file.stem)


def _line(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _links(root: Path, file: Path, text: str) -> str:
    """Rewrite pictures and links for Foundry (see the module notes); a missing picture or page is an error."""
    pages = {f.name: f for f in guide_files(root)}

    def swap(m: re.Match) -> str:
        bang, label, target = m.groups()
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            return m.group(0)
        if bang:
            picture = (file.parent / target).resolve()
            if not picture.is_file() or not picture.is_relative_to((root / IMAGES).resolve()):
                raise UserError(f"picture {target!r} is not a file in {IMAGES}/", file=file, line=_line(text, m.start()))
            return f"![{label}](systems/{SYSTEM_ID}/{IMAGES}/{picture.name})"
        name = target.split("#")[0]
        if name in pages:
            jid, pid = _ids(pages[name])
            return f"@UUID[Compendium.{SYSTEM_ID}.{PACK}.JournalEntry.{jid}.JournalEntryPage.{pid}]{{{label}}}"
        if name.endswith(".md") and "/" not in name:
            raise UserError(f"link to {target!r}: no such guide page", file=file, line=_line(text, m.start()))
        return label

    return _LINK.sub(swap, text)


@lru_cache(maxsize=64)
def _html(markdown: str) -> str:
    """A page's Markdown as the sanitised HTML of its journal page (pure: remembered per process by its text, as a
    test run builds the same rules map page ~100 times)."""
    body = markdown.split("\n", 1)[1] if markdown.startswith("# ") else markdown  # the title is the page's name
    html = MarkdownIt("commonmark", {"html": False}).enable("table").render(body)
    return nh3.clean(html, tags=_TAGS, attributes={"a": {"href"}, "img": {"src", "alt"}, "th": {"style"},
                                                   "td": {"style"}, "code": {"class"}}, link_rel=None)


def guide_pack(root: Path, version: str, made: list[tuple[str, str, str]] | None = None) -> list[dict[str, Any]]:
    """The guide compendium's one JournalEntry, a text page per ``docs/guide`` file, then each page the build
    made (``(name, markdown, key)``: the rules map). Raises UserError."""
    files = guide_files(root)
    if not files:
        return []
    jid = ids.document_id(PACK, ENTRY_KEY)
    stats = {**stats_block(), "systemVersion": version}
    pages = []
    for i, file in enumerate(files):
        text = file.read_text(encoding="utf-8")
        _, pid = _ids(file)
        pages.append({"_id": pid, "name": _title(file, text), "type": "text", "title": {"show": True, "level": 1},
                      "text": {"format": 1, "content": _html(_links(root, file, text))}, "sort": (i + 1) * 100000,
                      "ownership": {"default": -1}, "flags": {SYSTEM_ID: {"source": f"docs/guide/{file.name}"}},
                      "_stats": stats, "_key": f"!journal.pages!{jid}.{pid}"})
    for name, markdown, key in made or []:
        pid = ids.embedded_id(PACK, ENTRY_KEY, key)
        pages.append({"_id": pid, "name": name, "type": "text", "title": {"show": True, "level": 1},
                      "text": {"format": 1, "content": _html(markdown)}, "sort": (len(pages) + 1) * 100000,
                      "ownership": {"default": -1}, "flags": {SYSTEM_ID: {"source": f"packs-src/{key}", "generated": True}},
                      "_stats": stats, "_key": f"!journal.pages!{jid}.{pid}"})
    return [{"_id": jid, "name": LABEL, "folder": None, "sort": 0, "ownership": {"default": 0}, "categories": [],
             "pages": pages, "flags": {SYSTEM_ID: {"key": f"{PACK}/{ENTRY_KEY}", "generated": True}},
             "_stats": stats, "_key": f"!journal!{jid}"}]


def registered(root: Path, entry: Path) -> dict[str, Any]:
    """What the system registers (``tools/guide-check.mjs``), loaded from ``entry``: the staged bundle
    (``the-smoke-compiled.mjs``) or a module folder's ``the-smoke.mjs``. Raises UserError."""
    run = subprocess.run(["node", str(root / "tools" / "guide-check.mjs"), str(entry)], capture_output=True,
                         text=True, timeout=120)
    if run.returncode:
        raise UserError(f"the guide check could not load the entry module: {run.stderr.strip()[-2000:]}")
    data: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    return data


def check_guide(root: Path, found: dict[str, Any], lang: dict[str, Any]) -> list[UserError]:
    """Every key, api path and scene-control tool the guide names, against what the system registers."""
    def localize(key: str) -> str:
        node: Any = lang
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        return node if isinstance(node, str) else key

    keys = {(k["key"], tuple(sorted(k["modifiers"]))) for k in found["keys"]}
    api = set(found["api"])
    tools = {localize(t["title"]) for t in found["tools"]}
    errors = []
    for file in guide_files(root):
        text = file.read_text(encoding="utf-8")
        for m in _KEY.finditer(text):
            if (f"Key{m.group(2)}", (_MODIFIER[m.group(1)],)) not in keys:
                errors.append(UserError(f"{m.group(0)}: no keybinding of the system has it by default",
                                        file=file, line=_line(text, m.start())))
        for m in _API.finditer(text):
            path = m.group(1).rstrip(".")
            if path not in api and ".".join(path.split(".")[:3]) not in api:
                errors.append(UserError(f"game.system.api.{path}: not in the system's api", file=file,
                                        line=_line(text, m.start())))
        for m in _TOOL.finditer(text):
            if m.group(1) not in tools:
                errors.append(UserError(f"scene controls *{m.group(1)}*: the system adds no such tool "
                                        f"(it has: {', '.join(sorted(tools))})", file=file, line=_line(text, m.start())))
    return errors
