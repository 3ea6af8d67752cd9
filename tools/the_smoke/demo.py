"""The demo evening of ``the-smoke preview --demo``: a world ready to play in the stand-in.

:func:`demo_world` reads ``demo/evening.yml`` (who plays whom, the scenes with their places, tokens and EXIT strips,
the missions on the board, a radio station) and turns it into the stand-in's seed (``POST /harness/seed``): world
actors copied from the compendia the build made (by catalogue key, as a GM imports them), scenes with Regions and
their behaviours, journal entries holding the missions, flagged playlists, the users' assigned characters and the GM
stores a GM would fill by hand (which shifts the crew's motor suits). Everything is deterministic: the same file and
build give the same world, ids included.

What a GM would click in Foundry to make the same evening is ``docs/demo.md``.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import struct
import wave
from pathlib import Path
from typing import Any

import jsonschema

from .errors import UserError
from .vocabulary import SYSTEM_ID
from .yamlio import Located, load

HERE = Path(__file__).resolve().parent
DEMO_FILE = HERE / "demo" / "evening.yml"
SQUARE = 100  # pixels per grid square in the demo's scenes

PLAYERS = ("HarnessPlayer001", "HarnessPlayer002")
OWNER, LIMITED, OBSERVER = 3, 1, 2
REGION_ALWAYS = 2  # v13 CONST.REGION_VISIBILITY.ALWAYS: players see the strip or place drawn
#: The place behaviour's field naming who may stash and rest at a flat (module/documents/money/places.mjs).
FLAT_OWNERS_FIELD = "residents"

_XY = {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2}
_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["cast", "scenes"],
    "properties": {
        "cast": {"type": "object", "additionalProperties": {"type": "string"}},
        "scenes": {"type": "array", "minItems": 1, "items": {
            "type": "object", "additionalProperties": False, "required": ["id", "name", "squares"],
            "properties": {
                "id": {"type": "string", "pattern": "^[A-Za-z0-9]{16}$"}, "name": {"type": "string", "minLength": 1},
                "active": {"type": "boolean"}, "squares": _XY, "players": {"enum": ["none", "limited", "observer"]},
                "places": {"type": "array", "items": {
                    "type": "object", "additionalProperties": False, "required": ["name", "kind", "at"],
                    "properties": {"name": {"type": "string"}, "kind": {"type": "string"}, "at": _XY, "squares": _XY,
                                   "buyer": {"type": "string"}, "indoors": {"type": "boolean"},
                                   "residents": {"type": "array", "items": {"type": "string"}}}}},
                "tokens": {"type": "array", "items": {
                    "type": "object", "additionalProperties": False, "required": ["actor", "at"],
                    "properties": {"actor": {"type": "string"}, "at": _XY, "owners": {"enum": ["players"]},
                                   "shifts": {"type": "array", "items": {"type": "string"}}}}},
                "exits": {"type": "array", "items": {
                    "type": "object", "additionalProperties": False, "required": ["name", "at", "squares", "to"],
                    "properties": {"name": {"type": "string"}, "at": _XY, "squares": _XY, "to": {"type": "string"}}}}}}},
        "missions": {"type": "array", "items": {"type": "string"}},
        "radio": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["name", "hz"],
            "properties": {"name": {"type": "string"}, "hz": {"type": "integer", "minimum": 50, "maximum": 2000}}}},
    },
}


def _id(*parts: str) -> str:
    """A stable 16-character document id from a name (the same demo gives the same ids)."""
    digest = hashlib.sha256("/".join(parts).encode()).hexdigest()
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    n = int(digest, 16)
    out = []
    for _ in range(16):
        n, r = divmod(n, len(alphabet))
        out.append(alphabet[r])
    return "".join(out)


def _rect(at: list[int], squares: list[int]) -> dict:
    return {"type": "rectangle", "x": at[0] * SQUARE, "y": at[1] * SQUARE, "width": squares[0] * SQUARE,
            "height": squares[1] * SQUARE}


class _Packs:
    """The extracted compendia (``<packs>/<pack>/*.json``), looked up by catalogue key (``pregens/jaz-kaur``)."""

    def __init__(self, packs: Path):
        self.by_key: dict[str, dict] = {}
        for file in sorted(packs.glob("*/*.json")):
            doc = json.loads(file.read_text(encoding="utf-8"))
            key = (doc.get("flags") or {}).get(SYSTEM_ID, {}).get("key")
            if key and (doc.get("type") or doc.get("pages") is not None):
                self.by_key[key] = doc

    def get(self, key: str, where: str, located: Located, path: tuple) -> dict:
        doc = self.by_key.get(key)
        if doc is None:
            near = sorted(k for k in self.by_key if k.split("/")[0] == key.split("/")[0])[:8]
            raise UserError(f"no compendium entry {key!r} (some there: {', '.join(near) or 'none'})",
                            file=DEMO_FILE, line=located.line_of(path), field=where)
        return json.loads(json.dumps(doc))


def load_demo(path: Path = DEMO_FILE) -> Located:
    """Read and check the demo file; a mistake names its file, line and field."""
    located = load(path)
    errors = sorted(jsonschema.Draft202012Validator(_SCHEMA).iter_errors(located.data),
                    key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        err = errors[0]
        where = ".".join(map(str, err.absolute_path)) or None
        raise UserError(err.message, file=path, line=located.line_of(tuple(err.absolute_path)), field=where)
    return located


def tone_wav(hz: int, seconds: float = 4.0, rate: int = 8000) -> bytes:
    """A quiet sine tone as a WAV file: the demo's radio programme (the preview has no internet radio)."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        frames = (int(3000 * math.sin(2 * math.pi * hz * i / rate)) for i in range(int(seconds * rate)))
        w.writeframes(b"".join(struct.pack("<h", f) for f in frames))
    return buf.getvalue()


def demo_world(packs: Path, *, path: Path = DEMO_FILE) -> tuple[dict, dict[str, bytes]]:
    """The seed for the stand-in and the files it refers to (relative path under the system folder → bytes)."""
    located = load_demo(path)
    demo = located.data
    library = _Packs(packs)
    actors: dict[str, dict] = {}  # catalogue key → world actor

    def actor(key: str, where: str, at: tuple) -> dict:
        if key not in actors:
            doc = library.get(key, where, located, at)
            doc["_id"] = _id("actor", key)
            doc["folder"] = None
            doc["ownership"] = {"default": 0}
            actors[key] = doc
        return actors[key]

    users = []
    for user_id, key in demo["cast"].items():
        a = actor(key, f"cast.{user_id}", ("cast", user_id))
        a["ownership"][user_id] = OWNER
        users.append({"_id": user_id, "character": a["_id"]})

    scenes: list[dict] = []
    stores: dict[str, dict] = {"shiftMotors": {}}
    strips: dict[str, tuple[str, str]] = {}  # strip name → (scene id, region id)
    for s_i, scene in enumerate(demo["scenes"]):
        regions = []
        for p_i, place in enumerate(scene.get("places", [])):
            rid = _id("region", scene["id"], place["name"])
            system: dict[str, Any] = {"kind": place["kind"]}
            if place.get("buyer"):
                system["buyer"] = place["buyer"]
            if place.get("residents"):
                system[FLAT_OWNERS_FIELD] = [f"Actor.{actor(k, 'residents', ('scenes', s_i, 'places', p_i, 'residents'))['_id']}"
                                             for k in place["residents"]]
            behaviors = [{"_id": _id("behavior", rid), "name": place["name"], "type": f"{SYSTEM_ID}.place",
                          "system": system}]
            if place.get("indoors"):
                behaviors.append({"_id": _id("indoors", rid), "name": "Indoors", "type": f"{SYSTEM_ID}.indoors",
                                  "system": {}})
            regions.append({"_id": rid, "name": place["name"], "visibility": REGION_ALWAYS,
                            "shapes": [_rect(place["at"], place.get("squares", [3, 3]))], "behaviors": behaviors})
        for exit_ in scene.get("exits", []):
            rid = _id("region", scene["id"], exit_["name"])
            strips[exit_["name"]] = (scene["id"], rid)
            regions.append({"_id": rid, "name": exit_["name"], "visibility": REGION_ALWAYS,
                            "shapes": [_rect(exit_["at"], exit_["squares"])], "behaviors": []})
        tokens = []
        for t_i, token in enumerate(scene.get("tokens", [])):
            a = actor(token["actor"], "actor", ("scenes", s_i, "tokens", t_i, "actor"))
            if token.get("owners") == "players":
                for p in PLAYERS:
                    a["ownership"][p] = OWNER
            if token.get("shifts"):
                stores["shiftMotors"][f"Actor.{a['_id']}"] = {"shifts": token["shifts"], "cab": False}
            proto = a.get("prototypeToken") or {}
            tokens.append({"_id": _id("token", scene["id"], token["actor"]), "name": proto.get("name") or a["name"],
                           "actorId": a["_id"], "actorLink": True, "x": token["at"][0] * SQUARE,
                           "y": token["at"][1] * SQUARE, "width": proto.get("width", 1), "height": proto.get("height", 1)})
        level = {"none": 0, "limited": LIMITED, "observer": OBSERVER}[scene.get("players", "none")]
        scenes.append({"_id": scene["id"], "name": scene["name"], "active": bool(scene.get("active")),
                       "width": scene["squares"][0] * SQUARE, "height": scene["squares"][1] * SQUARE,
                       # no padding (v13's default is a quarter): `at` squares count from the canvas's corner
                       "padding": 0,
                       "grid": {"type": 1, "size": SQUARE, "distance": 1, "units": "sq"}, "navigation": True,
                       "ownership": {"default": level}, "regions": regions, "tokens": tokens})

    # EXIT strips, both ways: each strip's behaviour points at the strip it names
    for s_i, scene in enumerate(demo["scenes"]):
        for e_i, exit_ in enumerate(scene.get("exits", [])):
            if exit_["to"] not in strips:
                raise UserError(f"no EXIT strip named {exit_['to']!r} on any scene",
                                file=path, line=located.line_of(("scenes", s_i, "exits", e_i, "to")), field="to")
            to_scene, to_region = strips[exit_["to"]]
            here = next(s for s in scenes if s["_id"] == scene["id"])
            region = next(r for r in here["regions"] if r["name"] == exit_["name"])
            region["behaviors"].append({"_id": _id("exit", region["_id"]), "name": "EXIT", "type": f"{SYSTEM_ID}.exit",
                                        "system": {"toScene": to_scene,
                                                   "toStrip": f"Scene.{to_scene}.Region.{to_region}", "label": ""}})

    journal = []
    for m_i, key in enumerate(demo.get("missions", [])):
        entry = library.get(key, "missions", located, ("missions", m_i))
        entry["_id"] = _id("journal", key)
        entry["folder"] = None
        entry["ownership"] = {"default": 0}
        journal.append(entry)

    playlists, files = [], {}
    for station in demo.get("radio", []):
        name = f"demo/{_id('radio', station['name'])}.wav"
        files[name] = tone_wav(station["hz"])
        pid = _id("playlist", station["name"])
        playlists.append({"_id": pid, "name": station["name"], "flags": {SYSTEM_ID: {"radio": True}},
                          "sounds": [{"_id": _id("sound", pid), "name": station["name"],
                                      "path": f"systems/{SYSTEM_ID}/{name}"}]})

    # a v13 Setting's value is its JSON text (what ClientSettings#set stores)
    settings = [{"key": f"{SYSTEM_ID}.{k}", "value": json.dumps(v)} for k, v in stores.items() if v]
    seed = {"actors": list(actors.values()), "scenes": scenes, "journal": journal, "playlists": playlists,
            "users": users, "settings": settings}
    return seed, files
