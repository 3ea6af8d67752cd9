"""A catalogue entry checked against its JSON Schema, each failure a located :class:`UserError` in words a GM can
act on (file, line, entry, field). Shared by ``validate.py`` (every pack, Condition and rules table) and
``missions.py`` (the Missions compendium), which both import it: it imports neither."""

from __future__ import annotations

import difflib
import itertools
from typing import Any

from . import schemas as sch
from .catalogue import Entry
from .errors import UserError

MAX_ERRORS_PER_ENTRY = 20  # past this an entry is not a near miss: say so once instead of listing thousands

# (schema name, repr of an entry's data) found valid in this process. Validity is a function of the schema (the
# tool's own files, fixed for the process) and the data alone, and the data's repr tells its types apart (1, 1.0,
# True and '1'; the YAML loader makes dicts, lists, str, int, float, bool and None, and a quoted explicit tag a
# date or bytes, each with a repr of its own), so an entry seen valid once
# is not walked through jsonschema again: every further build of the same catalogue in one process (the tests'
# scratch builds) skips the bulk of the validation. Invalid data is never remembered (its errors name its file and line).
_VALID: set[tuple[str, str]] = set()
_VALID_MAX = 20_000


def short(value: Any) -> str:
    """A value as an error message quotes it: its repr, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "...'"


def _friendly(err: Any) -> str:
    """A schema error in words a GM can act on."""
    v, kind = err.validator, err.validator_value
    if v == "type" and err.instance is None:
        return "is empty (in YAML a # starts a comment: put text with # in quotes)"
    if v == "type":
        names = {"integer": "a whole number", "string": "text", "boolean": "true or false", "array": "a list",
                 "object": "a mapping of fields", "null": "null", "number": "a number"}
        want = " or ".join(str(names.get(t, t)) for t in (kind if isinstance(kind, list) else [kind]))
        return f"{short(err.instance)} is not {want}"
    if v == "pattern" and "a-z0-9" in str(kind):
        return f"{short(err.instance)} must be lower-case letters and digits joined by hyphens (e.g. pool-cue)"
    if v == "enum":
        return f"{short(err.instance)} is not one of {', '.join(map(str, kind))}"
    if v == "required":
        return err.message
    return err.message if len(err.message) < 200 else err.message[:197] + "..."


def schema_errors(entry: Entry, schema_name: str) -> list[UserError]:
    """At most :data:`MAX_ERRORS_PER_ENTRY` located errors, then one line saying that there are more."""
    try:
        validator = sch.validator(schema_name)
    except KeyError:
        return [entry.error(f"no schema {schema_name!r} for this file")]
    seen = (schema_name, repr(entry.data))
    if seen in _VALID:
        return []
    raw = list(itertools.islice(validator.iter_errors(entry.data), MAX_ERRORS_PER_ENTRY + 1))
    out: list[UserError] = []
    more = len(raw) > MAX_ERRORS_PER_ENTRY
    for err in sorted(raw[:MAX_ERRORS_PER_ENTRY], key=lambda e: list(map(str, e.absolute_path))):
        path = list(err.absolute_path)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            allowed = list(err.schema.get("properties", {}))
            extras = [k for k in err.instance if k not in allowed]
            for extra in sorted(extras[:MAX_ERRORS_PER_ENTRY], key=str):
                hint = difflib.get_close_matches(str(extra), allowed, n=1)
                more_text = f"; did you mean {hint[0]!r}?" if hint else f"; allowed: {', '.join(allowed)}"
                out.append(entry.error(f"unknown field {short(extra)}{more_text}", path + [extra]))
            more = more or len(extras) > MAX_ERRORS_PER_ENTRY
            continue
        if err.validator in ("oneOf", "anyOf") and err.context:
            from jsonschema.exceptions import best_match

            # the alternative that got furthest into the value says what is wrong
            best = max(err.context, key=lambda e: (len(list(e.absolute_path)), e.validator != "type"))
            best = best_match([best]) or best
            path = list(best.absolute_path)
            message = _friendly(best)
        else:
            message = _friendly(err)
        out.append(entry.error(message, path))
    if len(out) > MAX_ERRORS_PER_ENTRY:
        out, more = out[:MAX_ERRORS_PER_ENTRY], True
    if more:
        out.append(entry.error(f"more than {MAX_ERRORS_PER_ENTRY} problems in this entry; fix these first "
                               f"(the rest are not listed)"))
    if not out:
        if len(_VALID) >= _VALID_MAX:
            _VALID.clear()
        _VALID.add(seen)
    return out
