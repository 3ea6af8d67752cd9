/**
 * Shop here (Money, shops and a safe bed › Buy what is actually available, Discounts): the shelf a place sells, at
 * catalogue prices (or the GM's), after the buyer's discounts (capped at 20 %), shown before buying; paid from pocket
 * cash on the active GM (`shop.buy`), the item copied onto the sheet from the compendium. Restricted items (a `null`
 * price) are never on sale.
 * Foundry-side only; the rules are rules/money.mjs.
 * @module documents/money/shop
 */
import { CATALOGUE_IDS } from "../../generated/rules.mjs";
import { shopDiscount, shopPrice, shopStock } from "../../rules/money.mjs";
import { assertAt, offersAt, placesOf } from "./places.mjs";
import { charge } from "../core/purse.mjs";
import { requestGM } from "../core/requests.mjs";
import { indexFields } from "../core/lookup.mjs";
import { L, SYSTEM_ID, characterFor, moneyCard, spendOffer, standingOffer, takeOffer } from "./common.mjs";
import { relationshipsOf } from "../core/relationships.mjs";
import { hasRecordedPerk, recordedItem, recordedRep } from "../core/record.mjs";

/** The item packs a shop sells from (catalogue folder → compendium). */
const ITEM_PACKS = ["consumables", "gear", "outfits", "weapons", "ammunition", "armour", "drugs"];

/**
 * Where a catalogue key lives: its pack and document id.
 * @param {string} key
 * @returns {{pack: string, id: string}|null}
 */
function catalogueRef(key) {
  for (const pack of ITEM_PACKS) {
    const id = CATALOGUE_IDS[pack]?.[key];
    if (id) return { pack, id };
  }
  return null;
}

/** @type {Map<string, Promise<any>>} */
const indexes = new Map();
/**
 * A pack's index with prices (loaded once per client).
 * @param {string} pack
 */
function indexOf(pack) {
  if (!indexes.has(pack)) {
    const p = /** @type {CompendiumCollection<"Item"> | undefined} */ (game.packs.get(`${SYSTEM_ID}.${pack}`))
      ?.getIndex({ fields: indexFields("system.price") }) ?? Promise.resolve(null);
    indexes.set(pack, p);
  }
  return /** @type {Promise<any>} */ (indexes.get(pack));
}

/**
 * A catalogue item's name and price.
 * @param {string} key
 * @returns {Promise<{key: string, pack: string, id: string, name: string, img: string,
 *   price: number|null}|null>}
 */
export async function catalogueItem(key) {
  const ref = catalogueRef(key);
  if (!ref) return null;
  const entry = (await indexOf(ref.pack))?.get(ref.id);
  if (!entry) return null;
  const price = entry.system?.price;
  return { key, ...ref, name: entry.name, img: entry.img, price: Number.isInteger(price) ? price : null };
}

/**
 * The GM's shelf text of a place: one catalogue key a line (or comma-separated); "key = pounds" sets the GM's price.
 * @param {string} text
 * @returns {{keys: string[], prices: Record<string, number>}}
 */
export function parseShelf(text) {
  const keys = [];
  /** @type {Record<string, number>} */
  const prices = {};
  for (const raw of String(text ?? "").split(/[\n,;]+/)) {
    const [k, p] = raw.split("=").map(s => s.trim());
    if (!k) continue;
    keys.push(k);
    if (p !== undefined && /^\d+$/.test(p.replace(/^£/, ""))) prices[k] = Number(p.replace(/^£/, ""));
  }
  return { keys, prices };
}

/**
 * Whether the actor has Wide Boy on the GM's record.
 * @param {Actor.Implementation} actor
 */
const wideBoy = actor => hasRecordedPerk(actor, "wide-boy");

/**
 * The buyer's discount at a place (rules/progression.mjs shopDiscount, capped).
 * @param {Actor.Implementation} actor
 * @param {import("./places.mjs").Place} place
 * @returns {number} percent
 */
export function discountAt(actor, place) {
  const { street, crew } = relationshipsOf(actor);
  return shopDiscount({ street, crew, wideBoy: wideBoy(actor),
    shop: offersAt(place).discountAt ?? "shops" });
}

/**
 * What a place's shelf holds for this buyer, priced (restricted and unknown items left out). Each row carries this
 * client's standing offer id for it (common.mjs `standingOffer`), the same on every drawing until the GM answers it.
 * @param {Actor.Implementation} actor
 * @param {import("./places.mjs").Place} place
 * @returns {Promise<{key: string, name: string, img: string, list: number, pounds: number, percent: number,
 *   offerId: string}[]>}
 */
export async function shelfFor(actor, place) {
  const { keys, prices } = parseShelf(place.system?.shelf);
  const rep = recordedRep(actor)?.level ?? 1; // the GM's record: Uncle's shelves open with Rep
  const percent = discountAt(actor, place);
  const rows = [];
  for (const { key } of shopStock({ kind: place.kind, rep, own: keys })) {
    const item = await catalogueItem(key);
    if (!item) continue;
    const p = shopPrice({ catalogue: item.price, gmPrice: prices[key] ?? null, discount: percent });
    if (!p.ok) continue;
    rows.push({ key, name: item.name, img: item.img, list: p.list, pounds: p.pounds, percent: p.percent,
      offerId: standingOffer(actor.uuid, place.regionUuid, key) });
  }
  return rows;
}

/** Item types carried as a count (a second one adds to the first): gear, food & medicine, drugs, ammunition. */
const STACKING = Object.freeze(["gear", "consumable", "drug", "ammo"]);

/**
 * GM: give a character an item; a stacking item of the same catalogue key they already carry gains the new item's
 * quantity instead (issue 25: a second Burner Phone is "Burner Phone ×2", not a second entry). The quantity read is the
 * GM's record (documents/core/kit-record.mjs).
 * @param {Actor.Implementation} actor
 * @param {any} data  Item data (from the compendium).
 */
async function addKit(actor, data) {
  const key = data?.flags?.[SYSTEM_ID]?.key;
  const same = key && STACKING.includes(data.type)
    ? actor.items.find(i => i.type === data.type && i.flags?.[SYSTEM_ID]?.key === key) : null;
  if (!same) return actor.createEmbeddedDocuments("Item", [data]);
  const have = Number(/** @type {{system?: {quantity?: number}}} */ (recordedItem(actor, same.id ?? "") ?? same).system?.quantity) || 0;
  const adds = Number(data.system?.quantity);
  return same.update(/** @type {DottedUpdate<Item.UpdateData>} */ ({ "system.quantity": have + (Number.isFinite(adds) && adds > 0 ? adds : 1) }));
}

/**
 * GM: buy one item from the shelf of a place the buyer's token is in. Re-checked here: the owner, the place, the
 * item on that shelf for this buyer's Rep, its price and discount now, the pocket cash; one purchase per offer id.
 * @param {User.Implementation} user
 * @param {{actorUuid: string, regionUuid: string, key: string, offerId: string}} data
 */
async function onBuy(user, { actorUuid, regionUuid, key, offerId }) {
  const actor = characterFor(user, actorUuid);
  const place = assertAt(actor, ["shop"], { regionUuid: typeof regionUuid === "string" ? regionUuid : null });
  const row = (await shelfFor(actor, place)).find(r => r.key === key);
  if (!row) throw new Error(L("SMOKE.Shop.notStocked", { item: String(key ?? ""), place: place.name }));
  const release = takeOffer(offerId);
  // A shelf's row is a catalogue item (shelfFor).
  const item = /** @type {NonNullable<Awaited<ReturnType<typeof catalogueItem>>>} */ (await catalogueItem(row.key));
  const doc = await /** @type {CompendiumCollection<"Item"> | undefined} */ (game.packs.get(`${SYSTEM_ID}.${item.pack}`))?.getDocument(item.id);
  if (!doc) throw new Error(L("SMOKE.Shop.notStocked", { item: row.name, place: place.name }));
  try {
    await charge(actor, row.pounds, { reason: L("SMOKE.Shop.reason", { item: row.name, place: place.name }) });
  } catch (err) {
    release(); // nothing was bought: the same button may try again
    throw err;
  }
  const data = game.items.fromCompendium(doc, { clearFolder: true });
  await addKit(actor, data);
  await moneyCard({ kind: "shop", speaker: actor, title: L("SMOKE.Shop.cardTitle", { place: place.name }),
    lines: [L("SMOKE.Shop.bought", { actor: actor.name, item: row.name, pounds: row.pounds }),
      row.percent ? L("SMOKE.Shop.discounted", { list: row.list, percent: row.percent }) : null] });
  return { key: row.key, pounds: row.pounds, percent: row.percent };
}

/**
 * Ask the GM to buy (a button of the places section). Once the GM has answered, the row's offer id is spent here and
 * the next drawing carries a fresh one.
 * @param {Actor.Implementation} actor
 * @param {{regionUuid: string, key: string, offerId: string}} offer
 */
export async function buy(actor, offer) {
  try {
    return await requestGM("shop.buy", { actorUuid: actor.uuid, ...offer });
  } finally {
    spendOffer(actor.uuid, offer.regionUuid, offer.key);
  }
}

export { placesOf };
export const requests = { "shop.buy": onBuy };
