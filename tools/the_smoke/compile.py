"""Compile catalogue entries into Foundry v13 document JSON (the shape ``compilePack`` reads).

Every document gets a deterministic ``_id`` (``ids.document_id(pack, key)``), a ``_key`` for the official CLI,
``flags["the-smoke"].key`` (its catalogue path), default ownership and cleaned ``_stats``. ``system`` follows the
data dictionary of DESIGN.md §4. :mod:`the_smoke.unpack` inverts this mapping.
"""

from __future__ import annotations

import copy
import html
import re
from typing import Any

import nh3

from . import ids
from .catalogue import Catalogue, Entry, Pack
from .rules import worn_armour_guard
from .vocabulary import STAT_KEYS, SYSTEM_ID

CORE_VERSION = "13.345"
META = ("key", "name", "folder", "img", "description")
KIT_ORIGIN = ("weapon", "armour", "ammo", "gear", "outfit", "consumable", "drug")

# Values an optional catalogue field takes when the YAML leaves it out. Unpack drops a field equal to its default,
# so the canonical YAML never spells a default out.
DEFAULTS: dict[str, dict[str, Any]] = {
    "weapon": {"bleedOn": None, "onHit": [], "areaEngaged": False, "jamsOn": None, "breaksOn": None,
               "fillsArea": False, "missSetsFire": False, "offYourGameWith": None, "checkTool": None},
    "armour": {"worn": False, "offBikeDivisor": None, "barsWeaponTraits": []},
    "ammo": {},  # quantity defaults to packSize, handled below
    "gear": {"lockEasing": None, "noise": None, "statStep": None, "bandEasing": None, "applies": None,
             "repair": None, "witnessedHeat": 0, "uses": None, "plateSwap": None, "worn": False, "checkTool": None,
             "startsClean": False, "bikeLock": None, "refuels": False, "makes": None, "blinds": None},
    "outfit": {"statStep": None, "heatIfCaught": 0, "authorised": False, "worn": False},
    "consumable": {"check": None, "repeat": None},
    "drug": {},
    "perk": {},
    "background": {},
    "vehicleAbility": {"wheels": {}, "offRoadPenaltyWaived": [], "enclosedGuard": True, "blocksSightOut": False,
                       "cage": False, "stretcher": False, "foldable": False, "unsellable": False,
                       "ignoresRoads": False, "hearingBand": None, "hearingStat": None,
                       "anprRange": None},
    "vehicle": {"lockKind": "car"},
}

# Sub-fields of structured gear rules that the YAML may leave out.
NESTED_DEFAULTS: dict[tuple[str, str], dict[str, Any]] = {
    ("gear", "repair"): {"band": None, "sorted": 0, "smashedIt": 0, "legendary": 0, "fixesFlat": False},
    ("gear", "checkTool"): {"stats": [], "bands": None, "band": None, "when": None},
    ("weapon", "checkTool"): {"stats": [], "bands": None, "band": None, "when": None},
}

DEFAULT_IMG = {
    "perk": "icons/svg/upgrade.svg", "weapon": "icons/svg/sword.svg", "armour": "icons/svg/shield.svg",
    "ammo": "icons/svg/target.svg", "gear": "icons/svg/item-bag.svg", "outfit": "icons/svg/mystery-man.svg",
    "consumable": "icons/svg/heal.svg", "drug": "icons/svg/pill.svg", "background": "icons/svg/book.svg",
    "vehicleAbility": "icons/svg/wing.svg", "character": "icons/svg/mystery-man.svg",
    "npc": "icons/svg/mystery-man.svg", "vehicle": "icons/svg/wingfoot.svg",  # a core v13 icon (the "hover" status)
}


def text_to_html(text: str) -> str:
    """Printed plain text → the HTML stored in ``system.description`` (one ``<p>`` per paragraph, escaped).
    Text that is already HTML (it starts with a tag, as ``unpack`` writes rich text edited in Foundry) is kept,
    after the ammonia sanitizer (``nh3``) removes scripts, event handlers and other unsafe markup."""
    if not text:
        return ""
    if re.match(r"\s*<[A-Za-z]", text):
        return nh3.clean(text)
    return "".join(f"<p>{html.escape(p, quote=False)}</p>" for p in text.split("\n\n"))


def stats_block(cat: Catalogue | None = None) -> dict[str, Any]:
    return {"coreVersion": CORE_VERSION, "systemId": SYSTEM_ID, "systemVersion": None, "createdTime": None,
            "modifiedTime": None, "lastModifiedBy": None, "compendiumSource": None, "duplicateSource": None,
            "exportSource": None}


class Compiler:
    """Turns a validated :class:`Catalogue` into document dicts, one list per pack."""

    def __init__(self, cat: Catalogue, version: str, rules: Any):
        self.cat = cat
        self.version = version
        self.rules = rules
        self._items: dict[tuple[str, str], dict] = {}
        self._kit_index: dict[str, list[Entry]] = {}
        for pack in cat.packs.values():
            if pack.document_class == "Item":
                for entry in pack.entries.values():
                    self._kit_index.setdefault(entry.key, []).append(entry)

    # -- shared ------------------------------------------------------------------------------------------
    def _stats(self) -> dict[str, Any]:
        s = stats_block()
        s["systemVersion"] = self.version
        return s

    def _base(self, pack: Pack, entry: Entry, collection: str) -> dict[str, Any]:
        doc_id = ids.document_id(pack.name, entry.key)
        data = entry.data
        folder = data.get("folder")
        return {
            "_id": doc_id,
            "name": data["name"],
            "type": pack.document_type,
            "img": data.get("img") or DEFAULT_IMG.get(pack.document_type, "icons/svg/item-bag.svg"),
            "system": {},
            "folder": ids.folder_id(pack.name, folder) if folder else None,
            "sort": 0,
            "ownership": {"default": 0},
            "flags": {SYSTEM_ID: {"key": f"{pack.name}/{entry.key}"}},
            "_stats": self._stats(),
            "_key": f"!{collection}!{doc_id}",
        }

    # -- items -------------------------------------------------------------------------------------------
    def item_system(self, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        system: dict[str, Any] = {"description": text_to_html(data.get("description", ""))}
        for k, v in data.items():
            if k not in META:
                system[k] = copy.deepcopy(v)
        for k, v in DEFAULTS.get(kind, {}).items():
            system.setdefault(k, copy.deepcopy(v))
        for (nkind, nfield), nested in NESTED_DEFAULTS.items():
            if nkind == kind and isinstance(system.get(nfield), dict):
                system[nfield] = {**nested, **system[nfield]}
        if kind == "weapon":
            mag = system.get("magazine")
            system["magazine"] = ({"size": mag["size"], "ammoType": mag["ammoType"], "loaded": 0} if mag
                                  else {"size": 0, "ammoType": "", "loaded": 0})
        if kind == "ammo":
            system.setdefault("quantity", system["packSize"])
        if kind in KIT_ORIGIN and kind != "ammo":
            system["quantity"] = 1
        if kind == "consumable":
            system["usesLeft"] = system["uses"]
        return system

    def item(self, pack: Pack, entry: Entry) -> dict[str, Any]:
        doc = self._base(pack, entry, "items")
        doc["system"] = self.item_system(pack.document_type, entry.data)
        doc["effects"] = []
        self._items[(pack.name, entry.key)] = doc
        return doc

    # -- actors ------------------------------------------------------------------------------------------
    def _resolve_item(self, ref: str, types: tuple[str, ...]) -> tuple[Pack, Entry]:
        if "/" in ref:
            pack_name, key = ref.split("/", 1)
            return self.cat.packs[pack_name], self.cat.packs[pack_name].entries[key]
        for entry in self._kit_index.get(ref, []):
            pack = self.cat.packs[entry.pack]
            if pack.document_type in types:
                return pack, entry
        raise KeyError(ref)  # validation guarantees this cannot happen

    def _embedded_item(self, actor_pack: Pack, actor: Entry, ref: Any, types: tuple[str, ...],
                       slot: int) -> dict[str, Any]:
        key = ref["item"] if isinstance(ref, dict) else ref
        pack, entry = self._resolve_item(key, types)
        source = self._items.get((pack.name, entry.key)) or self.item(pack, entry)
        item = copy.deepcopy(source)
        item_id = ids.embedded_id(actor_pack.name, actor.key, f"{slot}:{pack.name}/{entry.key}")
        actor_id = ids.document_id(actor_pack.name, actor.key)
        item["_id"] = item_id
        item["_key"] = f"!actors.items!{actor_id}.{item_id}"
        item["folder"] = None
        item["sort"] = (slot + 1) * 100000
        item["_stats"]["compendiumSource"] = f"Compendium.{SYSTEM_ID}.{pack.name}.Item.{source['_id']}"
        item["flags"][SYSTEM_ID]["ref"] = key
        if isinstance(ref, dict):
            if "quantity" in ref:
                item["system"]["quantity"] = ref["quantity"]
            if "worn" in ref:
                item["system"]["worn"] = ref["worn"]
            if "loaded" in ref:
                item["system"]["magazine"]["loaded"] = ref["loaded"]
        return item

    def _embedded(self, pack: Pack, entry: Entry) -> list[dict[str, Any]]:
        data = entry.data
        items = []
        slot = 0
        for ref in data.get("perks", []):
            items.append(self._embedded_item(pack, entry, ref, ("perk",), slot))
            slot += 1
        for ref in data.get("kit", []):
            items.append(self._embedded_item(pack, entry, ref, KIT_ORIGIN, slot))
            slot += 1
        return items

    def actor(self, pack: Pack, entry: Entry) -> dict[str, Any]:
        doc = self._base(pack, entry, "actors")
        data = entry.data
        kind = pack.document_type
        description = text_to_html(data.get("description", ""))
        if kind == "character":
            system = self.rules.character_system(data, worn_armour_guard(self.cat, data["kit"]))
        elif kind == "npc":
            system = {
                "stats": {k: {"die": data["stats"][k]} for k in STAT_KEYS},
                "health": {"value": data["health"], "max": data["health"]},
                "guard": {"value": data["guard"]},
                "armourReduction": data["armourReduction"],
            }
        else:  # vehicle
            system = {
                "performance": {"die": data["performance"]}, "handling": data["handling"],
                "speed": data["speed"], "body": {"value": data["body"], "max": data["body"]},
                "size": data["size"], "armour": data["armour"],
                "seats": dict(data["seats"]),
                "fuel": {"value": data["fuel"], "max": data["fuel"]}, "lock": data["lock"],
                "lockKind": data.get("lockKind", DEFAULTS["vehicle"]["lockKind"]),
                "value": data["value"], "abilities": list(data["abilities"]), "abilitiesOn": [],
                "tyres": {"flat": 0}, "defences": {"evasive": False, "bonus": 0}, "onFire": False,
                "fire": {"round": None, "combatId": ""}, "destroyed": False, "patched": False, "incidents": [],
            }
        system["description"] = description
        doc["system"] = system
        doc["items"] = self._embedded(pack, entry)
        doc["effects"] = []
        doc["prototypeToken"] = self.rules.prototype_token(kind, data["name"])
        return doc

    # -- packs -------------------------------------------------------------------------------------------
    def folders(self, pack: Pack) -> list[dict[str, Any]]:
        out = []
        for i, folder in enumerate(pack.meta.data.get("folders", [])):
            fid = ids.folder_id(pack.name, folder["key"])
            out.append({"_id": fid, "name": folder["name"], "type": pack.document_class, "folder": None,
                        "description": "", "sorting": "m", "sort": (i + 1) * 100000, "color": None,
                        "flags": {SYSTEM_ID: {"key": folder["key"]}}, "_stats": self._stats(),
                        "_key": f"!folders!{fid}"})
        return out

    def pack_documents(self, pack: Pack) -> list[dict[str, Any]]:
        """All documents of one pack (folders first, then entries in key order), each with ``_key``."""
        docs = self.folders(pack)
        for i, key in enumerate(sorted(pack.entries)):
            entry = pack.entries[key]
            doc = self.item(pack, entry) if pack.document_class == "Item" else self.actor(pack, entry)
            doc["sort"] = (i + 1) * 100000
            docs.append(doc)
        return docs

    def compile_all(self) -> dict[str, list[dict[str, Any]]]:
        # Items first so actors embed the compiled copies.
        order = sorted(self.cat.packs, key=lambda n: (self.cat.packs[n].document_class != "Item", n))
        return {name: self.pack_documents(self.cat.packs[name]) for name in order}
