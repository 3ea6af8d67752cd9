/**
 * Busted (rulebook: Heat on your heels › Busted): police cuffing you sends you to Stoke Newington custody. Heat is
 * cleared; pocket cash loses 20 %, rounded to whole pounds, minimum £100, capped at cash held (rules/money.mjs
 * bustedLoss, taken with the purse's GM charge); weapons, ammunition, drugs and unauthorised uniforms go into a
 * custody record the GM can release; the stash is untouched. Exactly once: a character already in custody (an open
 * record) is not busted again, and a release gives the kit back once.
 *
 * The custody records live in the GM store `custody`, keyed by actor UUID:
 * `{open: boolean, at, loss, items: ItemSource[], released: number|null}`.
 *
 * Foundry-side only; the rules are in rules/money.mjs.
 * @module documents/heat/custody
 */
import { bustedLoss } from "../../rules/money.mjs";
import { activeNow } from "../core/active-time.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { setHeat } from "./store.mjs";
import { charge, purseOf } from "../core/purse.mjs";
import { L, postHeatCard } from "./crimes.mjs";
import { kitSystem, recordedItem } from "../core/kit-record.mjs";

/** Kit the police keep (item types). Outfits only when they are an unauthorised uniform. */
export const SEIZED_TYPES = Object.freeze(["weapon", "ammo", "drug"]);
/** Outfit disguises that are uniforms (packs-src/outfits: police, paramedic). */
export const UNIFORMS = Object.freeze(["police", "paramedic"]);
/** A weapon that is part of you (Fists: price 0, no magazine) is not seized. */
const NATURAL_WEAPONS = Object.freeze(["fists"]);

/**
 * Your own two hands: the catalogue's Fists (its key) with Fists' numbers (Impact 0, no magazine) — a name, or a key
 * alone, is the owner's to write, so a renamed gun is still a gun.
 * @param {any} item
 * @returns {boolean}
 */
function natural(item) {
  // The key and numbers on the GM's record of the kit (documents/core/kit-record.mjs), never the owner's copy.
  const entry = item.parent ? recordedItem(item.parent, item.id) : null;
  const key = String(entry?.key ?? "").replace(/^weapons\//, "");
  return NATURAL_WEAPONS.includes(key) && Number(entry?.system?.impact) === 0 && !entry?.system?.magazine?.size;
}

/**
 * @typedef {object} CustodyRecord
 * @property {boolean} open  In custody, the kit not yet released.
 * @property {number} at  Active ms when busted.
 * @property {number} loss  Pounds taken from the pocket.
 * @property {object[]} items  The seized items' source data.
 * @property {number|null} released  Active ms of the release.
 */

/** @type {import("../core/gm-store.mjs").GMStore<CustodyRecord>} */
export const custody = gmStore("custody", { onChange: () => Hooks.callAll("smoke.heatChanged") });

/**
 * @param {Actor.Implementation} actor
 * @returns {CustodyRecord|null}
 */
export const custodyOf = actor => custody.get(actor.uuid);

/**
 * Whether police keep this item: weapons (not Fists), ammunition, drugs, and a uniform the character is not
 * authorised to wear (a uniform outfit unless the GM's record of it says *Authorised*: `system.authorised`).
 * @param {any} item
 * @returns {boolean}
 */
export function seized(item) {
  if (item.type === "weapon") return !natural(item);
  if (SEIZED_TYPES.includes(item.type)) return true;
  // The GM's record of the item (documents/core/kit-record.mjs), never the sheet: an owner could tick *Authorised* there.
  const recorded = /** @type {OutfitSystem | null} */ (kitSystem(item)); // read for an outfit only
  return item.type === "outfit" && UNIFORMS.includes(recorded?.disguise ?? item.system?.disguise) && recorded?.authorised !== true;
}

const busy = new Set();

/**
 * Active GM: Busted. Clears Heat, takes the loss from pocket cash, moves the seized kit into custody. Refused for a
 * character already in custody (nothing changes).
 * @param {Actor.Implementation} actor  A character.
 * @returns {Promise<{loss: number, items: string[]}>}
 * @throws {Error} not a character, already in custody, not on the active GM (localized).
 */
export async function bust(actor) {
  if (!game.user.isActiveGM) throw new Error(L("SMOKE.Store.gmOnly"));
  if (actor?.type !== "character") throw new Error(L("SMOKE.Wanted.notCharacter"));
  if (busy.has(actor.uuid) || custodyOf(actor)?.open) throw new Error(L("SMOKE.Wanted.inCustody", { name: actor.name }));
  busy.add(actor.uuid);
  try {
    const loss = bustedLoss(purseOf(actor).pocket);
    const items = actor.items.filter(seized);
    const sources = items.map(i => i.toObject());
    // The record first: from here on a second Busted is refused, and the kit is never lost between two writes.
    await custody.set(actor.uuid, { open: true, at: activeNow(), loss, items: sources, released: null });
    if (loss > 0) await charge(actor, loss, { reason: "SMOKE.Wanted.bustedReason" });
    await setHeat(actor, 0, { reason: "busted" });
    if (items.length) await actor.deleteEmbeddedDocuments("Item", items.map(i => /** @type {string} */ (i.id)));
    const names = sources.map(s => s.name);
    await postHeatCard({ kind: "busted", whisper: null, speaker: actor, title: L("SMOKE.Wanted.bustedTitle", { name: actor.name }),
      lines: [L("SMOKE.Wanted.bustedLoss", { loss: String(loss) }), L("SMOKE.Wanted.bustedHeat"),
        names.length ? L("SMOKE.Wanted.bustedKit", { items: names.join(", ") }) : L("SMOKE.Wanted.bustedNoKit"),
        L("SMOKE.Wanted.bustedStash")],
      flags: { heatBusted: actor.uuid } });
    Hooks.callAll("smoke.busted", actor, { loss, items: names });
    return { loss, items: names };
  } finally {
    busy.delete(actor.uuid);
  }
}

/**
 * Active GM: release a character from custody, giving the seized kit back (once).
 * @param {Actor.Implementation} actor
 * @returns {Promise<number>} How many items came back.
 * @throws {Error} no open custody record (localized).
 */
export async function release(actor) {
  if (!game.user.isActiveGM) throw new Error(L("SMOKE.Store.gmOnly"));
  const record = custodyOf(actor);
  if (!record?.open) throw new Error(L("SMOKE.Wanted.notInCustody", { name: actor.name }));
  await custody.set(actor.uuid, { ...record, open: false, released: activeNow() });
  if (record.items.length) await actor.createEmbeddedDocuments("Item", record.items, { keepId: true });
  await postHeatCard({ kind: "released", whisper: null, speaker: actor, title: L("SMOKE.Wanted.releasedTitle", { name: actor.name }),
    lines: [L("SMOKE.Wanted.releasedKit", { n: String(record.items.length) })] });
  return record.items.length;
}
