"""The one error type for a user's mistake: bad YAML, a schema or cross-check failure, an unknown id, a build
folder in the way, a bad command-line argument. Its ``str()`` is the located message
(``file:line: entry: field: message``, with the parts that are known), which the CLI prints once, without a
traceback, and exits with ``exit_code`` (1: the input is bad; 2: wrong usage). Anything else that escapes is a bug
in the tools and keeps its traceback.
"""

from __future__ import annotations

import os
from pathlib import Path


class UserError(Exception):
    """A mistake in what the user gave the tools, located as precisely as it can be.

    ``str()`` gives ``file:line: entry: field: message`` with the parts that are known (just ``message`` when no
    part is).
    """

    def __init__(self, message: str, *, file: str | Path | None = None, line: int | None = None,
                 entry: str | None = None, field: str | None = None, exit_code: int = 1):
        super().__init__(message)
        self.message = message
        self.file = str(file) if file is not None else None
        self.line = line
        self.entry = entry
        self.field = field
        self.exit_code = exit_code

    @property
    def located(self) -> bool:
        """True when the message names a file, entry or field."""
        return bool(self.file or self.entry or self.field)

    def __str__(self) -> str:
        if not self.located:
            return self.message
        where = display_path(self.file) if self.file else "<input>"
        if self.line:
            where += f":{self.line}"
        parts = [where]
        if self.entry:
            parts.append(self.entry)
        if self.field:
            parts.append(self.field)
        return ": ".join(parts + [self.message])


def display_path(file: str) -> str:
    """``file`` relative to the working directory when it is inside it, else as given."""
    try:
        rel = os.path.relpath(file)
    except ValueError:
        return file
    return file if rel.startswith("..") else rel


__all__ = ["UserError", "display_path"]
