/**
 * Places a GM marks on a scene (rulebook: Money, shops and a safe bed; Fire, repairs and selling up; Harm, aid and
 * recovery › Rest, Homerton A&E): a v13 Scene Region with the system's `the-smoke.place` behaviour, whose `kind` says
 * what it is (corner shop, market, Pat's Arches, Uncle's Cafe, garage, respray, fence, flat, safehouse, A&E, custody),
 * and whose fields hold the GM's own shelf and prices and, for a flat, who lives there. A character is "at" a place
 * while a token that stands for them (or for the motor they sit in) is inside its region: a token the GM recorded
 * for them (documents/core/token-actors.mjs), never one a player pointed at them.
 *
 * **A request at a place names it.** Every money request carries the place's Region UUID; the GM counts only the
 * character's tokens on that Region's scene, inside that Region ({@link assertAt}) — never "any token on any scene".
 *
 * **A flat has its residents** (Stash and obligations: "write down a shared stash's ownership and who may spend it";
 * Make a crew: "agree where you sleep"): the characters the GM drops on the behaviour's "Who lives here" field — one
 * character, or a crew. Only they stash and rest there ({@link assertLivesAt}); a safehouse is anyone's the GM puts
 * on the map ("an agreed safehouse").
 *
 * The behaviour's data is written by whoever may edit the Region (a GM): players cannot change a shelf, a price or
 * who lives at a flat. Region events (`tokenEnter`, `tokenExit`) run on every client; each client re-renders the
 * sheets and HUD it shows, so a place's actions appear and disappear as a token walks in and out. Nothing is written
 * on those events.
 *
 * Foundry-side only; the rules are rules/money.mjs.
 * @module documents/places
 */
import { placeKinds, placeOffers } from "../../rules/money.mjs";
import { vehicleOf } from "../vehicle/seats.mjs";
import { tokensOf } from "../core/token-actors.mjs";
import { tokenIn } from "../core/scene-area.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";

export const PLACE_TYPE = `${SYSTEM_ID}.place`;

/**
 * @typedef {object} Place  One place a character is at.
 * @property {string} regionUuid
 * @property {string} behaviorId
 * @property {import("../../rules/money.mjs").PlaceKind} kind
 * @property {string} name       The Region's name (the GM's label: "Chicken Palace", "Bow Breakers Yard").
 * @property {string} sceneId
 * @property {any} system        The behaviour's data (shelf, prices, buyer, residents).
 */

/**
 * The place behaviour's data model (built at init, when the v13 base class exists).
 * @returns {any}
 */
export function definePlaceBehavior() {
  const { StringField, NumberField, SetField, DocumentUUIDField } = foundry.data.fields;
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
        garagePerBody: price(),
        // A flat's residents: the characters the GM drops here (one, or a crew), shown by name (v13 renders a set of
        // document UUIDs as a <document-tags> element, as its own toggleBehavior's `enable` field: fvtt-types
        // client/data/region-behaviors/toggle-behavior.d.mts, client/applications/elements/document-tags.d.mts).
        residents: new SetField(new DocumentUUIDField({ type: "Actor" }))
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
 * @this {any}
 * @param {any} event
 */
function refreshFor(event) {
  const actor = event?.data?.token?.actor;
  for (const app of Object.values(actor?.apps ?? {})) if (app.rendered) app.render();
  const hud = /** @type {{canvas?: Canvas}} */ (globalThis).canvas?.hud?.token; // no canvas: no HUD
  if (hud?.rendered && hud.object?.document === event?.data?.token) hud.render();
}

/**
 * The tokens that put an actor somewhere: the ones that stand for them, and for the motor they sit in (the GM's seat
 * store), on one scene or every scene.
 * @param {Actor.Implementation} actor
 * @param {any} [scene]
 */
function presence(actor, scene = null) {
  const tokens = tokensOf(actor, { scene });
  const motor = vehicleOf(actor)?.vehicle;
  if (motor) tokens.push(...tokensOf(motor, { scene }));
  return tokens;
}

/** Whether the token's centre is in the region (documents/core/scene-area.mjs tokenIn: never the token's own record). */
const holds = tokenIn;

/**
 * @param {any} region
 * @returns {Place[]} The region's enabled place behaviours.
 */
function placesIn(region) {
  return [...(region.behaviors ?? [])].filter(b => b.type === PLACE_TYPE && !b.disabled).map(b => ({
    regionUuid: region.uuid, behaviorId: b.id, kind: b.system.kind, name: region.name ?? "",
    sceneId: region.parent?.id ?? "", system: b.system }));
}

/**
 * The places a token or actor is at now: every enabled `the-smoke.place` behaviour of every Region that holds the
 * token — for an actor, one of the tokens that stand for them or for the motor they sit in (recorded by the GM,
 * documents/core/token-actors.mjs). A token passed in is taken as it is (the token HUD shows its own token).
 * @param {TokenDocument.Implementation|Actor.Implementation|null|undefined} tokenOrActor
 * @returns {Place[]}
 */
export function placesOf(tokenOrActor) {
  if (!tokenOrActor) return [];
  const tokens = tokenOrActor.documentName === "Token" ? [tokenOrActor] : presence(tokenOrActor);
  /** @type {Place[]} */
  const out = [];
  const seen = new Set();
  for (const token of tokens) {
    for (const region of token.parent?.regions ?? []) {
      if (!holds(region, token)) continue;
      for (const p of placesIn(region)) {
        if (seen.has(p.regionUuid + p.behaviorId)) continue;
        seen.add(p.regionUuid + p.behaviorId);
        out.push(p);
      }
    }
  }
  return out;
}

/**
 * The kinds of place whose offers pass a test (RULES.money.places), e.g. every kind with a garage.
 * @param {(offers: ReturnType<typeof placeOffers>) => boolean} test
 * @returns {string[]}
 */
export const kindsOffering = test => placeKinds().filter(k => test(placeOffers(k)));

/**
 * @param {string[]} kinds
 * @returns {string[]} The kinds asked for ("shop": every kind with a shelf).
 */
const wantedKinds = kinds => (kinds.includes("shop") ? placeKinds().filter(k => placeOffers(k).shop) : kinds);

/**
 * The place a request names, if the actor is at it: the Region with that UUID holds a place of one of `kinds`, and a
 * token that stands for the actor (or their motor) **on that Region's scene** is inside it. A token on another scene,
 * or one a player pointed at the actor, does not count.
 * @param {Actor.Implementation} actor
 * @param {string[]} kinds  Place kinds (rules/money.mjs placeKinds), or "shop" for any kind with a shelf.
 * @param {{regionUuid?: unknown, test?: (p: Place) => boolean}} [opts]  regionUuid: the place the request names (a
 *   Region UUID, `Scene.<id>.Region.<id>`); test: a further condition (a fence that buys this motor).
 * @returns {Place}
 * @throws {Error} "Reach … first" naming the first kind asked for: no such region, not a place of those kinds, or
 *   the actor is not in it.
 */
export function assertAt(actor, kinds, { regionUuid = null, test = () => true } = {}) {
  const wanted = wantedKinds(kinds);
  const region = typeof regionUuid === "string"
    ? /** @type {RegionDocument.Implementation | null} */ (fromUuidSync(/** @type {SmokeUuid} */ (regionUuid))) : null;
  if (region?.documentName === "Region" && region.parent?.documentName === "Scene") {
    const place = placesIn(region).find(p => wanted.includes(p.kind) && test(p));
    if (place && presence(actor, region.parent).some(t => holds(region, t))) return place;
  }
  const first = kinds[0] === "shop" ? "shop" : kinds[0];
  throw new Error(game.i18n.format("SMOKE.Places.reach", { place: game.i18n.localize(`SMOKE.Places.reachKind.${first}`) }));
}

/**
 * Client side: the place of one of `kinds` this client sees the actor at (the viewed scene's first), for a request
 * to name when the caller did not say which (a macro, the motor sheet's garage button). The GM checks it again.
 * @param {Actor.Implementation} actor
 * @param {string[]} kinds
 * @returns {string|null} The Region UUID, or null (the GM then says "Reach … first").
 */
export function placeFor(actor, kinds) {
  const wanted = wantedKinds(kinds);
  const here = placesOf(actor).filter(p => wanted.includes(p.kind));
  const viewed = game.scenes?.viewed?.id;
  return (here.find(p => p.sceneId === viewed) ?? here[0])?.regionUuid ?? null;
}

/**
 * Whether the character lives at the place: anyone at a place that is not a flat; at a flat, the characters the GM
 * named on its "Who lives here" field.
 * @param {Actor.Implementation} actor
 * @param {Place} place
 * @returns {boolean}
 */
export function livesAt(actor, place) {
  if (place.kind !== "flat") return true;
  return [...(place.system?.residents ?? [])].includes(actor.uuid);
}

/**
 * Refuse the stash or a night's rest at a flat the character does not live at.
 * @param {Actor.Implementation} actor
 * @param {Place} place
 * @throws {Error} "Rook's flat is not Sal's: only Rook can stash and rest there" (or "nobody lives there yet").
 */
export function assertLivesAt(actor, place) {
  if (livesAt(actor, place)) return;
  const names = [...(place.system?.residents ?? [])].map(uuid => /** @type {Actor.Implementation | null} */ (fromUuidSync(/** @type {SmokeUuid} */ (uuid)))?.name)
    .filter(Boolean);
  const data = { place: place.name, actor: actor.name ?? "", residents: names.join(", ") };
  throw new Error(game.i18n.format(names.length ? "SMOKE.Places.notYourFlat" : "SMOKE.Places.nobodyLives", data));
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
