"""jinja2 rendering for everything the build generates from templates in ``templates/``.

Two environments: HTML/SVG (autoescaped, ``{{ }}`` delimiters) and Handlebars output, whose own ``{{ }}`` would
clash, so those templates use ``[[ ]]`` for jinja2 expressions and ``[% %]`` for jinja2 statements.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

TEMPLATES = Path(__file__).parent / "templates"


def _label(key: Any) -> str:
    """``longShot`` → ``Long shot``; ``cool-down`` → ``Cool down``; numbers unchanged."""
    s = str(key)
    out: list[str] = []
    for ch in s.replace("-", " ").replace("_", " "):
        if ch.isupper() and out and out[-1] != " ":
            out.append(" ")
        out.append(ch.lower())
    text = "".join(out)
    return text[:1].upper() + text[1:]


def _tabular(rows: list) -> bool:
    keys = list(rows[0].keys())
    return all(isinstance(r, dict) and list(r.keys()) == keys for r in rows)


@lru_cache(maxsize=1)
def html_env() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=False)
    env.filters["label"] = _label
    env.filters["tabular"] = _tabular
    return env


@lru_cache(maxsize=1)
def hbs_env() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=False,
                              undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                              variable_start_string="[[", variable_end_string="]]",
                              block_start_string="[%", block_end_string="%]",
                              comment_start_string="[#", comment_end_string="#]")


def render(template: str, **context: Any) -> str:
    """Render an HTML/SVG template (autoescaped)."""
    return html_env().get_template(template).render(**context)


def render_hbs(name: str, **context: Any) -> str:
    """Render a Handlebars-producing template (``[[ ]]`` / ``[% %]`` jinja2 syntax, not escaped)."""
    return hbs_env().get_template(name).render(**context)
