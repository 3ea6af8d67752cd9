/**
 * Money and services in the world (issue 13), the feature's facade: its manifest ({@link feature}: the GM's request
 * handlers and the api), and what a player's click calls. Every purchase, sale, transfer, payment and heal runs on the
 * active GM (documents/core/requests.mjs), which re-checks the place (a token in the region, documents/money/places.mjs), the
 * cash (documents/core/purse.mjs), the price and the reach before it writes once.
 *
 * Rulebook: Money, shops and a safe bed; Fire, repairs and selling up; Harm, aid and recovery.
 * @module documents/money
 */
import { crewShares, fenceOffer, priceAfterDiscount, shopDiscount } from "../../rules/money.mjs";
import { purseOf } from "../core/purse.mjs";
import { requestGM } from "../core/requests.mjs";
import { assertAt, assertLivesAt, definePlaceBehavior, kindsOffering, livesAt, offersAt, placeFor, placesOf, PLACE_TYPE } from "./places.mjs";
import * as shop from "./shop.mjs";
import * as services from "./services.mjs";
import * as aid from "./aid.mjs";
import * as fence from "./fence.mjs";
import { newOffer } from "./common.mjs";
import { mergeParts } from "../core/feature.mjs";

export { placesOf, placeFor, assertAt, offersAt, livesAt, PLACE_TYPE };
export const { buy, shelfFor, catalogueItem, parseShelf } = shop;
export const { streetFirstAid } = aid;
export const { offerFor, catalogueSalePrice } = fence;

/** Register the place behaviour type (init). */
export function registerPlaces() {
  CONFIG.RegionBehavior.dataModels[PLACE_TYPE] = definePlaceBehavior();
  CONFIG.RegionBehavior.typeIcons ??= {};
  CONFIG.RegionBehavior.typeIcons[PLACE_TYPE] = "fa-solid fa-store";
}

/**
 * Ask the GM for something at a place: the request names the place (`regionUuid`, the sheet's button gives its own;
 * otherwise the place of those kinds this client sees the actor at) and the GM checks the actor is in it.
 * @param {Actor.Implementation} actor
 * @param {string} type
 * @param {string[]} kinds
 * @param {string|null|undefined} regionUuid
 * @param {object} [data]
 */
const ask = (actor, type, kinds, regionUuid, data = {}) =>
  requestGM(type, { actorUuid: actor.uuid, regionUuid: regionUuid ?? placeFor(actor, kinds), ...data });

/** @param {string} service */
const serving = service => kindsOffering(o => o.services.includes(service));

/**
 * Respray the motor (at a respray).
 * @param {Actor.Implementation} actor
 * @param {Actor.Implementation} motor
 * @param {string|null} [regionUuid]  The place (a Region UUID); by default the respray this client sees them at.
 */
export const respray = (actor, motor, regionUuid = null) => ask(actor, "service.respray", serving("respray"), regionUuid, { motorUuid: motor.uuid });
/**
 * New clobber at the market.
 * @param {Actor.Implementation} actor
 * @param {string|null} [regionUuid]
 */
export const marketChange = (actor, regionUuid = null) => ask(actor, "service.marketChange", serving("marketChange"), regionUuid);
/**
 * Garage work on the motor (at a garage).
 * @param {Actor.Implementation} actor
 * @param {Actor.Implementation} motor
 * @param {string|null} [regionUuid]
 */
export const garage = (actor, motor, regionUuid = null) => ask(actor, "service.garage", serving("garage"), regionUuid, { motorUuid: motor.uuid });
/**
 * Treatment at A&E.
 * @param {Actor.Implementation} actor
 * @param {string|null} [regionUuid]
 */
export const aAndE = (actor, regionUuid = null) => ask(actor, "service.aAndE", serving("aAndE"), regionUuid);
/**
 * Pocket ↔ stash at a flat the character lives at (+ into the stash, − out).
 * @param {Actor.Implementation} actor
 * @param {number} pounds
 * @param {string|null} [regionUuid]
 */
export const moveStash = (actor, pounds, regionUuid = null) => ask(actor, "stash.move", kindsOffering(o => o.stash), regionUuid, { pounds });
/**
 * A safe night (their flat or a safehouse).
 * @param {Actor.Implementation} actor
 * @param {string|null} [regionUuid]
 */
export const rest = (actor, regionUuid = null) => ask(actor, "rest", kindsOffering(o => o.rest), regionUuid);
/**
 * Sell a motor to the fence here.
 * @param {Actor.Implementation} actor
 * @param {Actor.Implementation} motor
 * @param {string|null} [regionUuid]
 */
export const sell = (actor, motor, regionUuid = null) => ask(actor, "fence.sell", kindsOffering(o => o.fence.length > 0), regionUuid, { motorUuid: motor.uuid });
/**
 * Sell drugs at a fence.
 * @param {Actor.Implementation} actor
 * @param {string} itemId
 * @param {number} quantity
 * @param {string|null} [regionUuid]
 */
export const sellDrug = (actor, itemId, quantity, regionUuid = null) => ask(actor, "fence.sellDrug", ["fence"], regionUuid, { itemId, quantity });

/**
 * GM: pay a crew fee (split) or a per-head payment to each participant.
 * @param {Actor.Implementation[]} actors
 * @param {number} pounds
 * @param {{mode?: "split"|"perHead", reason?: string}} [opts]
 * @returns {Promise<{share: number, remainder: number, paid: number}>}
 */
export function payCrew(actors, pounds, { mode = "split", reason = "" } = {}) {
  return requestGM("crewFee", { actorUuids: actors.map(a => a.uuid), pounds, mode, reason, offerId: newOffer() });
}

/**
 * Money's manifest (documents/core/feature.mjs), registered by the entry: the request handlers the active GM runs, its
 * parts' (shop, services, first aid, the fence). Its api is `game.system.api.money`, with the places (`money.places`;
 * the entry keeps the short path `game.system.api.places`).
 */
export const feature = {
  id: "money",
  ...mergeParts([shop, services, aid, fence]),
  api: { purseOf, fenceOffer, crewShares, priceAfterDiscount, shopDiscount, offerFor, shelfFor, buy, respray,
    marketChange, garage, aAndE, moveStash, rest, sell, sellDrug, payCrew, streetFirstAid,
    places: { placesOf, placeFor, assertAt, assertLivesAt, livesAt, offersAt, type: PLACE_TYPE } }
};
