/**
 * Money and services in the world (issue 13), the feature's facade: the GM's request handlers (`requests`), the
 * hooks (`hooks`), and what a player's click calls. Every purchase, sale, transfer, payment and heal runs on the
 * active GM (documents/requests.mjs), which re-checks the place (a token in the region, documents/places.mjs), the
 * cash (documents/purse.mjs), the price and the reach before it writes once.
 *
 * Rulebook: Money, shops and a safe bed; Fire, repairs and selling up; Harm, aid and recovery.
 * @module documents/money
 */
import { crewShares, fenceOffer, priceAfterDiscount, shopDiscount } from "../rules/money.mjs";
import { purseOf } from "./purse.mjs";
import { requestGM } from "./requests.mjs";
import { assertAt, definePlaceBehavior, offersAt, placesOf, PLACE_TYPE } from "./places.mjs";
import * as shop from "./money/shop.mjs";
import * as services from "./money/services.mjs";
import * as aid from "./money/aid.mjs";
import * as fence from "./money/fence.mjs";
import { newOffer } from "./money/common.mjs";

export { placesOf, assertAt, offersAt, PLACE_TYPE };
export const { buy, shelfFor, catalogueItem, parseShelf } = shop;
export const { streetFirstAid } = aid;
export const { offerFor, catalogueSalePrice } = fence;

/** Register the place behaviour type (init). */
export function registerPlaces() {
  CONFIG.RegionBehavior.dataModels[PLACE_TYPE] = definePlaceBehavior();
  CONFIG.RegionBehavior.typeIcons ??= {};
  CONFIG.RegionBehavior.typeIcons[PLACE_TYPE] = "fa-solid fa-store";
}

/** @param {Actor.Implementation} actor @param {string} type @param {object} [data] */
const ask = (actor, type, data = {}) => requestGM(type, { actorUuid: actor.uuid, ...data });

/** Respray the motor (at a respray). @param {Actor.Implementation} actor @param {Actor.Implementation} motor */
export const respray = (actor, motor) => ask(actor, "service.respray", { motorUuid: motor.uuid });
/** New clobber at the market. @param {Actor.Implementation} actor */
export const marketChange = actor => ask(actor, "service.marketChange");
/** Garage work on the motor (at a garage). @param {Actor.Implementation} actor @param {Actor.Implementation} motor */
export const garage = (actor, motor) => ask(actor, "service.garage", { motorUuid: motor.uuid });
/** Treatment at A&E. @param {Actor.Implementation} actor */
export const aAndE = actor => ask(actor, "service.aAndE");
/** Pocket ↔ stash at your flat (+ into the stash, − out). @param {Actor.Implementation} actor @param {number} pounds */
export const moveStash = (actor, pounds) => ask(actor, "stash.move", { pounds });
/** A safe night. @param {Actor.Implementation} actor */
export const rest = actor => ask(actor, "rest");
/** Sell a motor to the fence here. @param {Actor.Implementation} actor @param {Actor.Implementation} motor */
export const sell = (actor, motor) => ask(actor, "fence.sell", { motorUuid: motor.uuid });
/** Sell drugs at a fence. @param {Actor.Implementation} actor @param {string} itemId @param {number} quantity */
export const sellDrug = (actor, itemId, quantity) => ask(actor, "fence.sellDrug", { itemId, quantity });

/**
 * GM: pay a crew fee (split) or a per-head payment to each participant.
 * @param {Actor.Implementation[]} actors @param {number} pounds @param {{mode?: "split"|"perHead", reason?: string}} [opts]
 * @returns {Promise<{share: number, remainder: number, paid: number}>}
 */
export function payCrew(actors, pounds, { mode = "split", reason = "" } = {}) {
  return requestGM("crewFee", { actorUuids: actors.map(a => a.uuid), pounds, mode, reason, offerId: newOffer() });
}

/** The request handlers the active GM runs. */
export const requests = { ...shop.requests, ...services.requests, ...aid.requests, ...fence.requests };

/** The feature's API (`game.system.api.money`, `game.system.api.places`). */
export const api = {
  money: { purseOf, fenceOffer, crewShares, priceAfterDiscount, shopDiscount, offerFor, shelfFor, buy, respray,
    marketChange, garage, aAndE, moveStash, rest, sell, sellDrug, payCrew, streetFirstAid },
  places: { placesOf, assertAt, offersAt, type: PLACE_TYPE }
};
