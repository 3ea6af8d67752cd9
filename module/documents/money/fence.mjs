/**
 * Selling up and sharing out (Fire, repairs and selling up › The fence's offer, Buyers; Money, shops and a safe bed ›
 * Split the fee; The Rep ladder › Earn XP): a motor sold to the fence at the place (Pat for two-wheelers, Bow
 * Breakers for cars and vans) at the formula's offer, once per motor, the motor leaving the seller (every player's
 * ownership taken away, its tokens taken off the map) and 1 XP for a sale of £500 or more; the GM's crew fee split
 * between the participants (the remainder shown to the GM) or a per-head payment to each.
 * Foundry-side only; the rules are rules/money.mjs.
 * @module documents/money/fence
 */
import { CATALOGUE_IDS, SYSTEM_ID } from "../../generated/rules.mjs";
import { crewShares, drugSale, fenceBuyerFor, fenceOffer, knownSupplier, saleXp } from "../../rules/money.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { plateOf } from "../heat/heat.mjs";
import { assertAt, offersAt } from "./places.mjs";
import { pay } from "../core/purse.mjs";
import { assertGM } from "../core/requests.mjs";
import { indexFields } from "../core/lookup.mjs";
import { occupantsOf } from "../vehicle/seats.mjs";
import { L, assertMotorAt, characterFor, moneyCard, motorFor, pounds, takeOffer } from "./common.mjs";
import { recordedItem, recordedRep } from "../core/record.mjs";
import { printedOf } from "../vehicle/print.mjs";
import { conditionOf } from "../vehicle/condition.mjs";
import { wreckOf } from "../vehicle/wreck.mjs";

/** Motors sold, keyed by the motor actor's UUID: `{by, pounds, buyer, at}` (a GM-only world setting). */
export const sales = gmStore("sales");

/**
 * Whether the motor is hot: its plate marker on the Heat feature's record (Getting a motor › Plate markers).
 * @param {Actor.Implementation} motor
 * @returns {boolean}
 */
function hot(motor) {
  return plateOf(motor)?.hot === true;
}

/**
 * The offer for a motor from a buyer (the formula with the motor's value, Body, heat and the seller's Rep). Its value
 * and abilities (which buyer; a docked hire bike is worth nothing to a fence) are the GM's printed record
 * (documents/vehicle/print.mjs: the catalogue entry of the key the GM recorded, or what the GM wrote on a motor made by
 * hand), its Body the GM's record of its condition (documents/vehicle/condition.mjs), never what its owner wrote on
 * the sheet.
 * @param {Actor.Implementation} seller
 * @param {Actor.Implementation} motor
 * @returns {{buyer: import("../../rules/money.mjs").BuyerId, pounds: number, hot: boolean, knownSupplier: boolean,
 *   bodyFraction: number}}
 */
export function offerFor(seller, motor) {
  const book = printedOf(motor);
  const buyer = fenceBuyerFor({ abilities: book.abilities });
  const body = conditionOf(motor);
  const bodyFraction = body.bodyMax ? Math.max(0, Math.min(1, body.body / body.bodyMax)) : 0;
  const known = knownSupplier(recordedRep(seller)?.level ?? 1); // Rep is the GM's record
  const isHot = hot(motor);
  const value = book.abilities.includes("docked-hire-bike") ? null : book.value;
  return { buyer, pounds: fenceOffer({ value, buyer, bodyFraction, hot: isHot, knownSupplier: known }), hot: isHot,
    knownSupplier: known, bodyFraction };
}

/** GM: sell a motor the seller owns to the fence at their place; once per motor. */
async function onSell(user, { actorUuid, motorUuid, regionUuid }) {
  const seller = characterFor(user, actorUuid);
  const motor = motorFor(user, motorUuid);
  if (sales.get(motor.uuid)) throw new Error(L("SMOKE.Fence.sold", { motor: motor.name }));
  const offer = offerFor(seller, motor);
  const place = assertAt(seller, ["fence", "patsArches"], { regionUuid, test: p => offersAt(p).fence.includes(offer.buyer) });
  assertMotorAt(motor, place);
  if (wreckOf(motor).destroyed) throw new Error(L("SMOKE.Fence.destroyed", { motor: motor.name }));
  if (occupantsOf(motor).length) throw new Error(L("SMOKE.Fence.occupied", { motor: motor.name }));
  if (!offer.pounds) throw new Error(L("SMOKE.Fence.worthless", { motor: motor.name }));
  await sales.set(motor.uuid, { by: seller.uuid, pounds: offer.pounds, buyer: offer.buyer, at: Date.now() });
  await pay(seller, offer.pounds, { reason: L("SMOKE.Fence.reason", { motor: motor.name, buyer: L(`SMOKE.Places.buyer.${offer.buyer}`) }) });
  const xp = saleXp(offer.pounds);
  if (xp) await seller.awardXp("vehicleSale", { amount: offer.pounds });
  await leaveSeller(motor);
  await moneyCard({ kind: "fence", speaker: seller, title: L("SMOKE.Fence.title", { place: place.name }),
    lines: [L("SMOKE.Fence.done", { actor: seller.name, motor: motor.name, buyer: L(`SMOKE.Places.buyer.${offer.buyer}`),
      pounds: offer.pounds }), offer.hot ? L("SMOKE.Fence.hot") : null, offer.knownSupplier ? L("SMOKE.Fence.known") : null] });
  return { ...offer, xp };
}

/**
 * The motor goes to the buyer: its tokens leave the map and, for a world actor, no player owns it any more (an
 * unlinked token's motor is gone with its token).
 */
async function leaveSeller(motor) {
  const m = motor;
  if (!m.isToken) {
    const none = CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE;
    const ownership = Object.fromEntries(game.users.filter(u => !u.isGM).map(u => [`ownership.${u.id}`, none]));
    await m.update({ ...ownership, "ownership.default": none });
  }
  const tokens = m.isToken ? [m.token] : game.scenes.contents.flatMap(s => s.tokens.filter(t => t.actorId === m.id && t.actorLink));
  for (const t of tokens) if (t?.parent) await t.delete();
}

/**
 * GM: pay a crew fee split between the participants (each share rounded down; the remainder told to the GM) or a
 * per-head payment to each. One payment per offer id (the dialog's).
 * @param {User.Implementation} user
 * @param {{actorUuids: string[], pounds: number, mode: "split"|"perHead", offerId: string, reason?: string}} data
 */
async function onCrewFee(user, { actorUuids, pounds: fee, mode, offerId, reason = "" }) {
  assertGM(user);
  const amount = pounds(fee);
  const list = [...new Set(Array.isArray(actorUuids) ? actorUuids : [])].map(uuid => characterFor(user, uuid));
  if (!list.length) throw new Error(L("SMOKE.CrewFee.nobody"));
  if (mode !== "split" && mode !== "perHead") throw new Error(L("SMOKE.CrewFee.mode"));
  const { share, remainder } = mode === "split" ? crewShares({ fee: amount, participants: list.length })
    : { share: amount, remainder: 0 };
  if (!share) throw new Error(L("SMOKE.CrewFee.tooSmall", { pounds: amount, n: list.length }));
  takeOffer(offerId);
  const why = String(reason || L("SMOKE.CrewFee.reason")).slice(0, 120);
  for (const actor of list) await pay(actor, share, { reason: why });
  await moneyCard({ kind: "crewFee", title: L(`SMOKE.CrewFee.title.${mode}`, { pounds: amount }),
    lines: [L("SMOKE.CrewFee.paid", { names: list.map(a => a.name).join(", "), share })] });
  if (remainder) await moneyCard({ kind: "crewFeeRemainder", whisperGM: true, title: L("SMOKE.CrewFee.remainderTitle"),
    lines: [L("SMOKE.CrewFee.remainder", { remainder, pounds: amount, n: list.length })] });
  return { share, remainder, paid: list.length };
}

/**
 * A drug's street sale price from the catalogue (never the owned copy, whose fields its owner may edit): the entry of
 * the catalogue key on the GM's record of the item (documents/core/kit-record.mjs), for an item a character carries.
 * @param {Item.Implementation} item
 * @returns {Promise<number|null>}
 */
export async function catalogueSalePrice(item) {
  const entry = item.parent ? recordedItem(/** @type {Actor.Implementation} */ (item.parent), item.id) : null;
  const recorded = entry ?? (item.parent ? null : { type: item.type, key: String(item.flags?.[SYSTEM_ID]?.key ?? "") });
  if (!recorded || recorded.type !== "drug") return null;
  const key = recorded.key.replace(/^drugs\//, "");
  const id = /** @type {Record<string, Record<string, string> | undefined>} */ (CATALOGUE_IDS).drugs?.[key];
  if (!id) return null;
  const index = await /** @type {CompendiumCollection<"Item"> | undefined} */ (game.packs.get(`${SYSTEM_ID}.drugs`))
    ?.getIndex({ fields: indexFields("system.salePrice") });
  const price = /** @type {Partial<DrugSystem> | undefined} */ (index?.get(id)?.system)?.salePrice;
  return typeof price === "number" && Number.isInteger(price) && price > 0 ? price : null;
}

/**
 * GM: sell drugs at a fence at the book's street sale price (Drugs and game effects): as many as the GM's record says
 * the character carries (14,000 typed on the sheet sells as the recorded bags, never 14,000).
 */
async function onSellDrug(user, { actorUuid, regionUuid, itemId, quantity }) {
  const seller = characterFor(user, actorUuid);
  const place = assertAt(seller, ["fence"], { regionUuid });
  const item = seller.items.get(String(itemId ?? ""));
  const price = item ? await catalogueSalePrice(item) : null;
  if (!item || price === null) throw new Error(L("SMOKE.Fence.noSale", { item: item?.name ?? "" }));
  const have = Number(recordedItem(seller, item.id)?.system.quantity) || 0;
  const n = Number.isInteger(quantity) && quantity >= 1 ? quantity : NaN;
  if (!(n <= have)) throw new Error(L("SMOKE.Fence.notThatMany", { item: item.name, have }));
  const total = drugSale({ salePrice: price, quantity: n });
  if (n === have) await item.delete();
  else await item.update(/** @type {DottedUpdate<Item.UpdateData>} */ ({ "system.quantity": have - n }));
  await pay(seller, total, { reason: L("SMOKE.Fence.drugReason", { item: item.name, n }) });
  await moneyCard({ kind: "drugSale", speaker: seller, title: L("SMOKE.Fence.title", { place: place.name }),
    lines: [L("SMOKE.Fence.drugDone", { actor: seller.name, n, item: item.name, pounds: total })] });
  return { pounds: total, sold: n };
}

export const requests = { "fence.sell": onSell, "fence.sellDrug": onSellDrug, crewFee: onCrewFee };
