/**
 * The kit a character carries is the GM's record (rulebook: Your character record › Kit; Money, shops and a safe bed):
 * each owned item of a character — perks, weapons, armour, ammunition, gear, outfits, consumables, drugs — is an entry
 * in the GM store `kit`, keyed by the character's actor UUID, then by item id:
 * `{type, key, name, system}` — the item type, its catalogue key (`flags["the-smoke"].key`, "" for a hand-made
 * item), its name when the GM last wrote it, and its system data except {@link FREE_FIELDS} (quantity, uses, a
 * magazine's rounds, a perk's stat, a weapon's Impact, armour's Guard…).
 *
 * The active GM records an item a GM creates or changes (the Creator's finish, Level Up, a shop, the fence, loot the
 * GM hands over, the GM's own edits), and drops one that is deleted (a discard, a sale, a seizure). Anybody else:
 * - creating an item on a character is refused on their own client with a notice (the kit is not theirs to add), and
 *   a forged one (sent past that client) is removed by the active GM;
 * - changing a recorded field is stripped on their own client with a notice, and a forged change is put back;
 * - deleting their own item is a discard: the entry goes (nothing is gained by it).
 * The item's name, description and whether armour is worn stay the owner's (words, and which suit counts is theirs
 * to choose: only one worn suit ever counts, rules/record.mjs wornArmour).
 * At `ready` the active GM adopts a world from before this store once, and otherwise puts back what changed while no
 * GM was connected ({@link module:documents/mirror} `onReconcile`).
 *
 * Foundry-side only; no rules here.
 * @module documents/kit-record
 */
import { SYSTEM_ID } from "../../generated/rules.mjs";
import { gmStore } from "./gm-store.mjs";
import { onReconcile, worldAdopted } from "./mirror.mjs";

/**
 * @typedef {object} KitEntry  What the GM recorded of one owned item.
 * @property {string} type    The Item type.
 * @property {string} key     The catalogue key ("drugs/charlie"), "" for an item made by hand.
 * @property {string} name    Its name when a GM last wrote it (a perk made by hand is known by it).
 * @property {SmokeItemSystem} system  Its system data (the stored source), less {@link FREE_FIELDS}.
 */

/** The system fields that stay the owner's: words, and which armour is worn. */
export const FREE_FIELDS = Object.freeze(["description", "worn"]);
const KEY = "key";
const NOTICE = "SMOKE.Record.kitGmOwned";

/** @type {import("./gm-store.mjs").GMStore<Record<string, KitEntry>>} */
const kit = gmStore("kit");

/**
 * A character whose kit the GM records (a world actor: an unlinked token's copy reads its base actor's).
 * @param {unknown} actor
 * @returns {actor is Actor.Implementation}
 */
const guarded = actor => actor instanceof Actor && actor.type === "character" && !actor.isToken;
/**
 * The guarded character that carries an item, or null.
 * @param {{parent?: unknown}|null|undefined} item
 * @returns {Actor.Implementation|null}
 */
const carrier = item => (guarded(item?.parent) ? item.parent : null);
/**
 * The world character whose record an actor reads (an unlinked token's copy of a character: its base actor's).
 * @param {any} actor
 */
const holder = actor => (actor?.isToken && actor.type === "character" ? actor.token?.baseActor ?? actor : actor);

/**
 * @param {any} item
 * @returns {KitEntry}
 */
export function entryOf(item) {
  const system = foundry.utils.deepClone(item._source?.system ?? item.system ?? {});
  for (const f of FREE_FIELDS) delete system[f];
  return { type: item.type, key: String(item._source?.flags?.[SYSTEM_ID]?.[KEY] ?? item.flags?.[SYSTEM_ID]?.[KEY] ?? ""),
    name: String(item.name ?? ""), system };
}

/**
 * Every item of a character as the GM recorded it (id → entry); an unlinked token's copy of a character reads its base
 * actor's. An actor that is not a character (an NPC, a motor): its own items as they are. A character the GM has no record of: none once the world is adopted (before, as it stands).
 * @param {Actor.Implementation} actor
 * @returns {Record<string, KitEntry>}
 */
export function recordedKit(actor) {
  actor = holder(actor);
  const own = () => Object.fromEntries(actor.items.map(i => [/** @type {string} */ (i.id), entryOf(i)]));
  if (!guarded(actor)) return own();
  return kit.get(actor.uuid) ?? (worldAdopted() ? {} : own());
}

/**
 * One item as the GM recorded it, or null (not the character's kit: never recorded, or discarded).
 * @param {Actor.Implementation} actor
 * @param {string|null|undefined} itemId
 * @returns {KitEntry|null}
 */
export function recordedItem(actor, itemId) {
  return itemId ? recordedKit(actor)[itemId] ?? null : null;
}

/**
 * The system data the GM counts for an owned item: the record's fields over the item's free ones; null for an item
 * the GM has no record of (a forged item before the GM removed it). An item not carried by a world character (an NPC's,
 * or an unlinked token's copy, which its owner may write and the money handlers refuse): its own data.
 * @param {Item.Implementation} item
 * @returns {SmokeItemSystem|null}
 */
export function kitSystem(item) {
  const own = /** @type {SmokeItemSystem} */ (foundry.utils.deepClone(item._source?.system ?? item.system));
  if (!carrier(item)) return own;
  const entry = recordedItem(/** @type {Actor.Implementation} */ (item.parent), item.id);
  return entry && entry.type === item.type ? Object.assign(own, entry.system) : null; // own is a fresh copy
}

/**
 * Whether a character has a perk on the GM's record: by its catalogue key ("ghost"), or a perk made by hand by the
 * name the GM gave it.
 * @param {Actor.Implementation|null|undefined} actor
 * @param {string} key  The perk's catalogue key without "perks/".
 * @param {string} [name]  The printed name, for a perk made by hand.
 * @returns {boolean}
 */
export function hasRecordedPerk(actor, key, name = "") {
  if (!actor?.items) return false;
  const wanted = name.trim().toLowerCase();
  return Object.values(recordedKit(actor)).some(e => e.type === "perk"
    && (e.key === `perks/${key}` || (!e.key && !!wanted && e.name.trim().toLowerCase() === wanted)));
}

/**
 * The perk a check names, as the GM recorded it, or null (the character has no such perk on the record).
 * @param {Actor.Implementation} actor
 * @param {string|null|undefined} perkId  An owned perk item's id.
 * @returns {{id: string, key: string, name: string, stat: string, situation: string}|null}
 */
export function recordedPerk(actor, perkId) {
  const entry = recordedItem(actor, perkId);
  if (!entry || entry.type !== "perk") return null;
  return { id: /** @type {string} */ (perkId), key: entry.key, name: actor.items.get(/** @type {string} */ (perkId))?.name ?? entry.name,
    stat: String(entry.system.stat ?? ""), situation: String(entry.system.situation ?? "") };
}

/** Item types whose entry can step a stat (Tools and gear; Clobber and outfits: `statStep`). */
export const STAT_STEP_TYPES = Object.freeze(["gear", "outfit"]);

/**
 * The kit a check names, as the GM recorded it, or null: an owned gear or outfit item on the record with a stat step
 * (`statStep: {stat, situation}`) and at least one carried (quantity ≥ 1). Rulebook: Tools and gear (Police Scanner,
 * Fake ID); Clobber and outfits (Hi-Vis & Hard Hat, Smart Suit).
 * @param {Actor.Implementation} actor
 * @param {string|null|undefined} itemId  An owned item's id.
 * @returns {{id: string, key: string, name: string, stat: string, situation: string}|null}
 */
export function recordedKitStep(actor, itemId) {
  const entry = recordedItem(actor, itemId);
  const step = entry?.system?.statStep;
  if (!entry || !STAT_STEP_TYPES.includes(entry.type) || !step?.stat) return null;
  if (Number(entry.system.quantity ?? 1) < 1) return null;
  return { id: /** @type {string} */ (itemId), key: entry.key, name: actor.items.get(/** @type {string} */ (itemId))?.name ?? entry.name,
    stat: String(step.stat), situation: String(step.situation ?? "") };
}

/**
 * The tools for the GM checks a character carries, as the GM recorded them (Weapons › Item notes: the claw hammer,
 * crowbar and fire axe; Tools & gear: lock picks, the screwdriver set): every recorded gear or weapon entry with a
 * `checkTool`, at least one carried; never the sheet's items. For rules/gm-screen.mjs `toolBand`.
 * @param {Actor.Implementation} actor
 * @returns {{id: string, name: string, checkTool: any, noise: "loud"|"silent"|null}[]}
 */
export function recordedTools(actor) {
  return Object.entries(recordedKit(actor))
    .filter(([, e]) => ["gear", "weapon"].includes(e.type) && e.system?.checkTool?.check && Number(e.system.quantity ?? 1) >= 1)
    .map(([id, e]) => ({ id, name: actor.items?.get(id)?.name ?? e.name, checkTool: e.system.checkTool,
      noise: /** @type {"loud"|"silent"|null} */ (e.system.noise ?? null) })); // the catalogue's choices
}

/**
 * The gear a character carries whose recorded data has a field (a Jerry Can's `refuels`, a Bike Lock's `bikeLock`, a
 * theft tool's `lockEasing`), as the GM recorded it, at least one carried: id, name and the recorded system data.
 * @param {Actor.Implementation} actor
 * @param {string} field  A gear system field that must be set (truthy).
 * @returns {{id: string, name: string, system: Record<string, any>}[]}
 */
export function recordedGearWith(actor, field) {
  return Object.entries(recordedKit(actor))
    .filter(([, e]) => e.type === "gear" && !!e.system?.[field] && Number(e.system.quantity ?? 1) >= 1)
    .map(([id, e]) => ({ id, name: actor.items?.get(id)?.name ?? e.name, system: e.system }));
}

/* ------------------------------------------------ GM side ------------------------------------------------ */

/**
 * @typedef {{[path: string]: unknown, system?: Record<string, unknown>, flags?: Record<string, Record<string, unknown>|undefined>,
 *   name?: unknown, type?: unknown}} ItemChanges  An item's update as the update hooks receive it: nested
 *   (`{system: {worn: true}}`) or dotted (`{"system.worn": true}`).
 */

/**
 * Top-level system fields of a change (expanded or dotted) that are recorded.
 * @param {ItemChanges} changes
 */
function touchedFields(changes) {
  const fields = new Set(Object.keys(changes?.system ?? {}));
  for (const k of Object.keys(changes ?? {})) if (k.startsWith("system.")) fields.add(k.split(".")[1]);
  for (const f of FREE_FIELDS) fields.delete(f);
  return fields;
}

/**
 * Whether a change names the catalogue key.
 * @param {ItemChanges} changes
 */
const touchesKey = changes => foundry.utils.hasProperty(changes ?? {}, `flags.${SYSTEM_ID}.${KEY}`)
  || `flags.${SYSTEM_ID}.${KEY}` in (changes ?? {});

/**
 * The update that puts an item back to its entry (empty when it matches).
 * @param {any} item
 * @param {KitEntry} entry
 * @returns {Record<string, any>}
 */
function putBack(item, entry) {
  const now = entryOf(item);
  const diff = /** @type {Record<string, any>} */ ({});
  for (const f of new Set([...Object.keys(entry.system), ...Object.keys(now.system)])) {
    if (f in entry.system && JSON.stringify(entry.system[f]) !== JSON.stringify(now.system[f])) diff[`system.${f}`] = entry.system[f];
  }
  if (now.key !== entry.key) diff[`flags.${SYSTEM_ID}.${KEY}`] = entry.key;
  return diff;
}

/**
 * Active GM: record items of a character as they are.
 * @param {any} actor
 * @param {any[]} items
 */
function recordItems(actor, items) {
  return kit.update(actor.uuid, cur => ({ ...(cur ?? {}), ...Object.fromEntries(items.map(i => [i.id, entryOf(i)])) }));
}

/**
 * Active GM: drop entries.
 * @param {any} actor
 * @param {string[]} ids
 */
function dropItems(actor, ids) {
  return kit.update(actor.uuid, cur => {
    const next = { ...(cur ?? {}) };
    for (const id of ids) delete next[id];
    return next;
  });
}

/**
 * Active GM: a GM changed an item: record the fields it touched (and the name), as they now are.
 * @param {Item.Implementation} item  An item of a guarded character.
 * @param {ItemChanges} changes
 */
function recordGMEdit(item, changes) {
  const actor = /** @type {Actor.Implementation} */ (item.parent);
  const id = /** @type {string} */ (item.id);
  return kit.update(actor.uuid, cur => {
    const before = cur?.[id];
    const now = entryOf(item);
    if (!before) return { ...(cur ?? {}), [id]: now };
    const system = Object.assign({}, before.system);
    for (const f of touchedFields(changes)) if (f in now.system) system[f] = now.system[f];
    return { ...cur, [id]: { ...before, type: now.type, name: "name" in changes ? now.name : before.name,
      key: touchesKey(changes) ? now.key : before.key, system } };
  });
}

/**
 * Active GM: put an item back to the record, or remove it when the GM never recorded it.
 * @param {any} item
 */
async function restore(item) {
  const entry = recordedItem(item.parent, item.id);
  if (!entry) {
    await item.delete({ smokeGuarded: true });
    return;
  }
  const diff = putBack(item, entry);
  if (Object.keys(diff).length) await item.update(diff, { smokeGuarded: true });
}

/**
 * Active GM at `ready`: adopt every character's kit once (a world from before this store); after that, remove the
 * items the GM never recorded, drop entries whose item is gone, and put back changed fields.
 */
onReconcile(async (first, actors) => {
  for (const actor of actors) {
    if (!guarded(actor)) continue;
    const entries = kit.get(actor.uuid);
    if (!entries) {
      if (first) await recordItems(actor, [...actor.items]);
      else {
        const ids = actor.items.map(i => /** @type {string} */ (i.id));
        if (ids.length) await actor.deleteEmbeddedDocuments("Item", ids, { smokeGuarded: true });
        await kit.set(actor.uuid, {});
      }
      continue;
    }
    const gone = Object.keys(entries).filter(id => !actor.items.has(id));
    if (gone.length) await dropItems(actor, gone);
    for (const item of [...actor.items]) await restore(item);
  }
});

const fail = (/** @type {unknown} */ err) => console.error("the-smoke | kit: could not keep the GM's record", err);
const byGM = (/** @type {string} */ userId) => !!game.users.get(userId)?.isGM;
const warn = () => ui.notifications?.warn(game.i18n.localize(NOTICE));

/** Hooks (registered by the entry). */
export const hooks = {
  /** A player's own new item on a character is not kit the GM counts: refused before it is sent. */
  preCreateItem: (/** @type {Item.Implementation} */ item) => {
    if (game.user.isGM || !carrier(item)) return;
    warn();
    return false;
  },
  /** A player's own change of a recorded field never leaves their client. */
  preUpdateItem: (/** @type {Item.Implementation} */ item, /** @type {ItemChanges} */ changes) => {
    if (game.user.isGM || !carrier(item)) return;
    const fields = touchedFields(changes);
    if (!fields.size && !touchesKey(changes) && !("type" in changes)) return;
    for (const f of fields) {
      if (changes.system) delete changes.system[f];
      for (const k of Object.keys(changes)) if (k === `system.${f}` || k.startsWith(`system.${f}.`)) delete changes[k];
    }
    if (changes.flags?.[SYSTEM_ID]) delete changes.flags[SYSTEM_ID][KEY];
    delete changes[`flags.${SYSTEM_ID}.${KEY}`];
    delete changes.type;
    warn();
  },
  createItem: (/** @type {Item.Implementation} */ item, /** @type {unknown} */ options, /** @type {string} */ userId) => {
    if (!game.user.isActiveGM || !carrier(item)) return;
    void options;
    (byGM(userId) ? recordItems(item.parent, [item]) : item.delete({ smokeGuarded: true })).catch(fail);
  },
  updateItem: (/** @type {Item.Implementation} */ item, /** @type {ItemChanges} */ changes,
    /** @type {{smokeGuarded?: boolean}|undefined} */ options, /** @type {string} */ userId) => {
    if (!game.user.isActiveGM || !carrier(item) || options?.smokeGuarded) return;
    if (byGM(userId)) recordGMEdit(item, changes).catch(fail);
    else if (touchedFields(changes).size || touchesKey(changes) || "type" in changes) restore(item).catch(fail);
  },
  deleteItem: (/** @type {Item.Implementation} */ item) => {
    const actor = carrier(item);
    const id = /** @type {string} */ (item.id);
    if (!game.user.isActiveGM || !actor || !kit.get(actor.uuid)?.[id]) return;
    dropItems(actor, [id]).catch(fail);
  },
  createActor: (/** @type {Actor.Implementation} */ actor, /** @type {unknown} */ options, /** @type {string} */ userId) => {
    if (!game.user.isActiveGM || !guarded(actor) || kit.get(actor.uuid)) return;
    if (byGM(userId)) {
      recordItems(actor, [...actor.items]).catch(fail);
      return;
    }
    // Made by a player (or a copy of another character): nothing on it is kit the GM counts.
    const ids = actor.items.map(i => /** @type {string} */ (i.id));
    (ids.length ? actor.deleteEmbeddedDocuments("Item", ids, { smokeGuarded: true }) : Promise.resolve())
      .then(() => kit.set(actor.uuid, {})).catch(fail);
  },
  deleteActor: (/** @type {Actor.Implementation} */ actor) => {
    if (!game.user.isActiveGM || !kit.get(actor.uuid)) return;
    kit.set(actor.uuid, null).catch(fail);
  }
};

/**
 * A person's armour as the GM counts it: each armour item's numbers from the GM's record of the kit (Guard, reduction,
 * `offBikeDivisor`, `barsWeaponTraits`) with its owner's `worn` (which suit is on is theirs to choose: only one ever
 * counts, rules/record.mjs wornSuit). An item the GM has no record of counts nothing. An NPC's: its own items.
 * @param {Actor.Implementation|null|undefined} actor
 * @returns {{id: string, name: string, system: Record<string, any>}[]}
 */
export function recordedArmour(actor) {
  const out = [];
  for (const item of actor?.items ?? []) {
    if (item.type !== "armour") continue;
    const system = kitSystem(item);
    if (system) out.push({ id: /** @type {string} */ (item.id), name: item.name ?? "", system });
  }
  return out;
}
