/**
 * Places a GM marks on a scene (rulebook: Money, shops and a safe bed; Fire, repairs and selling up; Harm, aid and
 * recovery › Rest, Homerton A&E): a v13 Scene Region with the system's `the-smoke.place` behaviour, whose `kind` says
 * what it is (corner shop, market, Pat's Arches, Uncle's Cafe, garage, respray, fence, flat, safehouse, A&E, custody),
 * and whose fields hold the GM's own shelf and prices. A character is "at" a place while one of their tokens (or the
 * token of the motor they sit in) is inside its region (`TokenDocument#regions`).
 *
 * The behaviour's data is written by whoever may edit the Region (a GM): players cannot change a shelf or a price.
 * Region events (`tokenEnter`, `tokenExit`) run on every client; each client re-renders the sheets and HUD it shows,
 * so a place's actions appear and disappear as a token walks in and out. Nothing is written on those events.
 *
 * Foundry-side only; the rules are rules/money.mjs.
 * @module documents/places
 */
import { placeKinds, placeOffers } from "../rules/money.mjs";
import { vehicleOf } from "./vehicle/seats.mjs";
import { SYSTEM_ID } from "../generated/rules.mjs";

export const PLACE_TYPE = `${SYSTEM_ID}.place`;

/**
 * @typedef {object} Place  One place a character is at.
 * @property {string} regionUuid
 * @property {string} behaviorId
 * @property {import("../rules/money.mjs").PlaceKind} kind
 * @property {string} name       The Region's name (the GM's label: "Chicken Palace", "Bow Breakers Yard").
 * @property {string} sceneId
 * @property {any} system        The behaviour's data (shelf, prices, buyer).
 */

/** The place behaviour's data model (built at init, when the v13 base class exists). @returns {any} */
export function definePlaceBehavior() {
  const { StringField, NumberField } = foundry.data.fields;
  const kinds = placeKinds();
  const price = () => new NumberField({ required: false, nullable: true, integer: true, min: 0, initial: null });
  const Base = /** @type {any} */ (foundry.data.regionBehaviors).RegionBehaviorType;
  return class PlaceBehavior extends Base {
    static LOCALIZATION_PREFIXES = ["SMOKE.Places.behavior"];

    static defineSchema() {
      return {
        kind: new StringField({ required: true, blank: false, initial: "cornerShop", choices: Object.fromEntries(kinds.map(k =>
          [k, `SMOKE.Places.kind.${k}`])) }),
        // A fence's buyer ("" = both; Pat's Arches is always Pat).
        buyer: new StringField({ required: true, blank: true, initial: "", choices: { "": "SMOKE.Places.buyer.any",
          pat: "SMOKE.Places.buyer.pat", bowBreakers: "SMOKE.Places.buyer.bowBreakers" } }),
        // The GM's own shelf: one catalogue key a line, "key = pounds" for the GM's price; blank = the kind's stock.
        shelf: new StringField({ required: true, blank: true, initial: "" }),
        respray: price(),
        marketChange: price(),
        garagePerBody: price()
      };
    }

    static events = {
      tokenEnter: refreshFor,
      tokenExit: refreshFor
    };
  };
}

/**
 * A token walked in or out of a place: re-render this client's sheet of its actor (and its seated riders' sheets
 * through their own tokens moving) and the token HUD, so the place's actions follow. No writes.
 * @this {any} @param {any} event
 */
function refreshFor(event) {
  const actor = event?.data?.token?.actor;
  for (const app of Object.values(actor?.apps ?? {})) if (app.rendered) app.render();
  const hud = /** @type {any} */ (globalThis).canvas?.hud?.token;
  if (hud?.rendered && hud.object?.document === event?.data?.token) hud.render();
}

/** The token documents that stand for an actor in every scene (a linked actor's, or a synthetic actor's own). */
function tokensOf(actor) {
  if (!actor) return [];
  if (actor.isToken && actor.token) return [actor.token];
  const out = [];
  for (const scene of game.scenes ?? []) for (const t of scene.tokens) if (t.actorLink && t.actorId === actor.id) out.push(t);
  return out;
}

/** @param {any} token @returns {{x: number, y: number, elevation: number}} The token's centre. */
function tokenCentre(token) {
  const size = token.parent?.grid?.size ?? 100;
  return { x: token.x + ((token.width ?? 1) * size) / 2, y: token.y + ((token.height ?? 1) * size) / 2,
    elevation: token.elevation ?? 0 };
}

/**
 * The places a token or actor is at now: every enabled `the-smoke.place` behaviour of every Region that holds one of
 * the actor's tokens, or the token of the motor the actor sits in.
 * @param {TokenDocument.Implementation|Actor.Implementation|null|undefined} tokenOrActor
 * @returns {Place[]}
 */
export function placesOf(tokenOrActor) {
  if (!tokenOrActor) return [];
  const doc = tokenOrActor;
  const tokens = doc.documentName === "Token" ? [doc] : tokensOf(doc);
  const motor = doc.documentName === "Token" ? null : vehicleOf(doc)?.vehicle;
  if (motor) tokens.push(...tokensOf(motor));
  /** @type {Place[]} */
  const out = [];
  const seen = new Set();
  for (const token of tokens) {
    // Worked out from the token's position on this client (the GM's, in a request), not read from what the moving
    // client recorded of the token's regions.
    const centre = tokenCentre(token);
    const regions = [...(token.parent?.regions ?? [])].filter(r => typeof r.testPoint === "function"
      ? r.testPoint(centre) : token.regions?.has?.(r));
    for (const region of regions) {
      for (const b of region.behaviors ?? []) {
        if (b.type !== PLACE_TYPE || b.disabled || seen.has(b.uuid)) continue;
        seen.add(b.uuid);
        out.push({ regionUuid: region.uuid, behaviorId: b.id, kind: b.system.kind, name: region.name ?? "",
          sceneId: region.parent?.id ?? "", system: b.system });
      }
    }
  }
  return out;
}

/**
 * The first place of one of `kinds` the actor is at, or a refusal in words: "Reach the shop first".
 * @param {Actor.Implementation} actor
 * @param {string[]} kinds  Place kinds (rules/money.mjs placeKinds), or "shop" for any kind with a shelf.
 * @param {{regionUuid?: string|null, test?: (p: Place) => boolean}} [opts]  regionUuid: that place only; test: a further
 *   condition (a fence that buys this motor).
 * @returns {Place}
 * @throws {Error} "Reach the … first" naming the first kind asked for.
 */
export function assertAt(actor, kinds, { regionUuid = null, test = () => true } = {}) {
  const wanted = kinds.includes("shop") ? placeKinds().filter(k => placeOffers(k).shop) : kinds;
  const place = placesOf(actor).find(p => wanted.includes(p.kind) && (!regionUuid || p.regionUuid === regionUuid) && test(p));
  if (place) return place;
  const first = kinds[0] === "shop" ? "shop" : kinds[0];
  throw new Error(game.i18n.format("SMOKE.Places.reach", { place: game.i18n.localize(`SMOKE.Places.reachKind.${first}`) }));
}

/**
 * What a place offers, with the buyers a fence there takes (Pat's Arches: Pat; a fence: its GM-set buyer or both).
 * @param {Place} place
 */
export function offersAt(place) {
  const offers = placeOffers(place.kind);
  const buyer = place.system?.buyer;
  const fence = place.kind === "fence" && buyer ? offers.fence.filter(b => b === buyer) : offers.fence;
  return { ...offers, fence };
}
