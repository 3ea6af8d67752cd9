"""Deterministic Foundry document ids.

An ``_id`` is 16 characters of ``[0-9A-Za-z]`` taken from the SHA-256 of an immutable catalogue path
(``"<pack>/<key>"``, never a display name), so a rebuild gives the same ids and correcting an entry's name keeps
its id and every link to it.
"""

from __future__ import annotations

import hashlib

from .vocabulary import SYSTEM_ID

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
NAMESPACE = SYSTEM_ID


def stable_id(*parts: str) -> str:
    """16 base-62 characters derived from ``parts`` (joined with ``/``)."""
    digest = int.from_bytes(hashlib.sha256("/".join((NAMESPACE,) + parts).encode("utf-8")).digest(), "big")
    out = []
    for _ in range(16):
        digest, rem = divmod(digest, 62)
        out.append(ALPHABET[rem])
    return "".join(out)


def document_id(pack: str, key: str) -> str:
    """The ``_id`` of the catalogue document ``key`` in ``pack``."""
    return stable_id("doc", pack, key)


def folder_id(pack: str, key: str) -> str:
    return stable_id("folder", pack, key)


def embedded_id(parent_pack: str, parent_key: str, child: str) -> str:
    """The ``_id`` of an embedded document (an actor's item, a journal page, a table result)."""
    return stable_id("embedded", parent_pack, parent_key, child)
