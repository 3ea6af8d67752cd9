/**
 * Money in the world (pure): the fence's offer, the crew fee, shop prices after discounts, what each kind of place
 * offers and stocks, the service prices, a safe night's rest and the bounds on an amount of money.
 * Rulebook: Money, shops and a safe bed (Buy what is actually available, Discounts, Split the fee, Stash and
 * obligations); Fire, repairs and selling up (Garage work, The fence's offer, Buyers); Harm, aid and recovery (Rest,
 * Homerton A&E); Heat on your heels (Respray, New clobber, Safe night); Getting a motor › Plate markers (hire bikes);
 * The Rep ladder › Earn XP, Personal unlocks.
 * Numbers: RULES.money (places, services, discounts, rest, maxPounds), RULES.fence, RULES["vehicle-fire"] (garage),
 * RULES.rep (XP for a sale, Rep 6). Money is whole pounds throughout.
 * Pure: generated data and sibling rules only, no Foundry globals. A refusal a player can cause comes back as
 * `{ok: false, reason}`; impossible input throws a RangeError naming it.
 * @module rules/money
 */
import { CONDITIONS, RULES } from "../generated/rules.mjs";
import { shopDiscount, shopDiscountBreakdown } from "./progression.mjs";
import { canRest } from "./heat.mjs";

export { shopDiscount, shopDiscountBreakdown };

const MONEY = RULES.money;
const FENCE = RULES.fence;

/** @typedef {"pat"|"bowBreakers"} BuyerId */
/**
 * @typedef {"cornerShop"|"market"|"patsArches"|"unclesCafe"|"garage"|"respray"|"fence"|"flat"|"safehouse"|"aAndE"|
 *   "custody"} PlaceKind
 */

/**
 * The place kinds, in the data's order (RULES.money.places).
 * @returns {PlaceKind[]}
 */
export function placeKinds() {
  return MONEY.places.map(p => /** @type {PlaceKind} */ (p.id));
}

/**
 * Whether `n` is an amount of money a request may move: whole pounds, at least `min` (1 unless told), at most
 * RULES.money.maxPounds (a typo guard).
 * @param {unknown} n
 * @param {{min?: number}} [opts]
 * @returns {{ok: true, pounds: number}|{ok: false, reason: "notWhole"|"tooSmall"|"absurd"}}
 */
export function checkPounds(n, { min = 1 } = {}) {
  if (typeof n !== "number" || !Number.isInteger(n)) return { ok: false, reason: "notWhole" };
  if (n < min) return { ok: false, reason: "tooSmall" };
  if (n > MONEY.maxPounds) return { ok: false, reason: "absurd" };
  return { ok: true, pounds: n };
}

/**
 * What a kind of place offers (RULES.money.places).
 * @param {PlaceKind} kind
 * @returns {{kind: PlaceKind, shop: boolean, discountAt: "shops"|"pat"|null, services: string[], fence: BuyerId[],
 *   stash: boolean, rest: boolean}}
 * @throws {RangeError} for an unknown kind.
 */
export function placeOffers(kind) {
  const row = MONEY.places.find(p => p.id === kind);
  if (!row) throw new RangeError(`unknown place kind "${kind}" (${placeKinds().join(", ")})`);
  return { kind, shop: Array.isArray(row.stock), discountAt: row.discountAt ?? null, services: [...(row.services ?? [])],
    fence: [...(row.fence ?? [])], stash: row.stash === true, rest: row.rest === true };
}

/**
 * A shop's shelf for a buyer (Money, shops and a safe bed › Buy what is actually available): the kind's stock, plus
 * the Rep-unlocked shelves the buyer's personal Rep has reached (Uncle's Cafe). A GM's own list for that place
 * replaces the kind's (`own`); a GM's price replaces the catalogue's.
 * @param {{kind: PlaceKind, rep?: number, own?: string[]|null}} who  rep: personal Rep level (1–33).
 * @returns {{key: string, minRep: number}[]}  Catalogue keys in shelf order; minRep 0 = always on the shelf.
 * @throws {RangeError} for an unknown kind.
 */
export function shopStock({ kind, rep = 1, own = null }) {
  placeOffers(kind);
  const row = MONEY.places.find(p => p.id === kind);
  if (Array.isArray(own) && own.length) return [...new Set(own)].map(key => ({ key, minRep: 0 }));
  const shelf = (row.stock ?? []).map(key => ({ key, minRep: 0 }));
  for (const u of row.unlocks ?? []) if (rep >= u.rep) for (const key of u.items) shelf.push({ key, minRep: u.rep });
  return shelf;
}

/**
 * A price after a shop discount (Money, shops and a safe bed › Discounts): price × (100 − percent) / 100, rounded to
 * the nearest whole pound (halves up; a ruling). The percent is capped at RULES.money.discountCap (20) here too, so a
 * third discount changes nothing.
 * @param {{price: number, percent?: number}} p  price: whole pounds ≥ 0; percent: 0–100.
 * @returns {number} Whole pounds.
 * @throws {RangeError} for a price that is not whole pounds ≥ 0 or a percent outside 0–100.
 */
export function priceAfterDiscount({ price, percent = 0 }) {
  if (!Number.isInteger(price) || price < 0) throw new RangeError(`price must be whole pounds ≥ 0, not ${price}`);
  if (typeof percent !== "number" || !(percent >= 0 && percent <= 100)) throw new RangeError(`percent must be 0–100, not ${percent}`);
  const p = Math.min(percent, MONEY.discountCap);
  return Math.floor((price * (100 - p) + 50) / 100);
}

/**
 * A shop's price for an item (catalogue price or the GM's), after the buyer's discount. Restricted items (a `null`
 * catalogue price, no GM price) are not for sale.
 * @param {{catalogue: number|null, gmPrice?: number|null, discount?: number}} p  discount: percent (shopDiscount).
 * @returns {{ok: true, list: number, pounds: number, percent: number}|{ok: false, reason: "restricted"}}
 */
export function shopPrice({ catalogue, gmPrice = null, discount = 0 }) {
  const list = Number.isInteger(gmPrice) && /** @type {number} */ (gmPrice) >= 0 ? /** @type {number} */ (gmPrice) : catalogue;
  if (list === null || list === undefined) return { ok: false, reason: "restricted" };
  const percent = Math.min(discount, MONEY.discountCap);
  return { ok: true, list, pounds: priceAfterDiscount({ price: list, percent }), percent };
}

/**
 * A listed service's price (Money, shops and a safe bed: respray £100, market change £25, A&E free; garage work is
 * {@link garageQuote}). A GM's campaign price replaces it.
 * @param {"respray"|"marketChange"|"aAndE"} id
 * @param {number|null} [gmPrice]
 * @returns {number} Whole pounds.
 * @throws {RangeError} for an unknown service.
 */
export function servicePrice(id, gmPrice = null) {
  const printed = /** @type {Record<string, number>} */ (MONEY.services)[id];
  if (typeof printed !== "number" || /** @type {string} */ (id) === "garagePerBody") throw new RangeError(`unknown service "${id}"`);
  return Number.isInteger(gmPrice) && /** @type {number} */ (gmPrice) >= 0 ? /** @type {number} */ (gmPrice) : printed;
}

/**
 * A garage's quote (Fire, repairs and selling up › Garage work): £10 per missing Body, a flat tyre as six Body (£60).
 * @param {{body: number, bodyMax: number, flatTyres?: number, perBody?: number|null}} m  perBody: a GM's price.
 * @returns {{missingBody: number, flatTyres: number, pounds: number}}
 * @throws {RangeError} for bad numbers.
 */
export function garageQuote({ body, bodyMax, flatTyres = 0, perBody = null }) {
  for (const [k, v] of /** @type {[string, number][]} */ ([["body", body], ["bodyMax", bodyMax], ["flatTyres", flatTyres]])) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`${k} must be a whole number ≥ 0, not ${v}`);
  }
  const g = RULES["vehicle-fire"].repairs.garage;
  const per = Number.isInteger(perBody) && /** @type {number} */ (perBody) >= 0 ? /** @type {number} */ (perBody) : g.pricePerBody;
  const missing = Math.max(0, bodyMax - Math.min(body, bodyMax));
  return { missingBody: missing, flatTyres, pounds: (missing + flatTyres * g.flatTyreBody) * per };
}

/**
 * Which fence buys a motor (Fire, repairs and selling up › Buyers): "Bicycles and suitable two-wheelers go to Pat at
 * The Arches; cars and vans go to Bow Breakers Yard". A two-wheeler is a motor with the Exposed ability (a ruling:
 * the record has no wheel count).
 * @param {{abilities?: string[]}} motor
 * @returns {BuyerId}
 */
export function fenceBuyerFor({ abilities = [] }) {
  return abilities.includes("exposed") ? "pat" : "bowBreakers";
}

/**
 * The fence's offer (Fire, repairs and selling up › The fence's offer): value × share (Pat 35 %, Bow Breakers 25 %)
 * × (0.4 + 0.6 × remaining Body fraction), × 0.8 if hot, rounded to the nearest £5 (halves up); at Rep 6 (known
 * supplier) the final offer +10 %, rounded to whole pounds (a ruling). A hire bike (`value: null`) is worth nothing.
 * Book: a £450 bike at full Body → £157.50 → £160; hot £126 → £125.
 * @param {{value: number|null, buyer: BuyerId, bodyFraction?: number, hot?: boolean, knownSupplier?: boolean}} sale
 *   value: the motor's base value in whole pounds (null: a docking-station hire bike); bodyFraction: Body / max, 0–1.
 * @returns {number} Whole pounds.
 * @throws {RangeError} for an unknown buyer, a bad value or a fraction outside 0–1.
 */
export function fenceOffer({ value, buyer, bodyFraction = 1, hot = false, knownSupplier = false }) {
  const row = FENCE.buyers.find(b => b.id === buyer);
  if (!row) throw new RangeError(`unknown buyer "${buyer}" (${FENCE.buyers.map(b => b.id).join(", ")})`);
  if (value === null || value === undefined) return FENCE.hireBikeValue;
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`value must be whole pounds ≥ 0, not ${value}`);
  if (typeof bodyFraction !== "number" || !(bodyFraction >= 0 && bodyFraction <= 1)) {
    throw new RangeError(`bodyFraction must be 0–1, not ${bodyFraction}`);
  }
  const f = FENCE.formula;
  let raw = value * row.sharePercent / 100 * (f.bodyBase + f.bodyFactor * bodyFraction);
  if (hot) raw *= FENCE.hotMultiplier;
  raw = Number(raw.toFixed(6)); // 450 × 0.35 is 157.5, not 157.4999…
  const offer = Math.floor(raw / FENCE.roundTo + 0.5) * FENCE.roundTo;
  return knownSupplier ? Math.floor(offer * (100 + FENCE.repBonus.percent) / 100 + 0.5) : offer;
}

/**
 * Whether Rep gives the known-supplier bonus (Rep 6).
 * @param {number} rep
 * @returns {boolean}
 */
export function knownSupplier(rep) {
  return rep >= FENCE.repBonus.rep;
}

/**
 * XP for a sale (The Rep ladder › Earn XP: one stolen vehicle sale worth £500 or more, 1).
 * @param {number} pounds
 */
export function saleXp(pounds) {
  const rule = RULES.rep.xp.vehicleSale;
  return pounds >= rule.minValue ? rule.xp : 0;
}

/**
 * A drug's street sale (Drugs and game effects: "Street sale price £15 per bag"): sale price × quantity.
 * @param {{salePrice: number|null, quantity?: number}} d
 * @returns {number} Whole pounds (0 when the book gives no sale price).
 * @throws {RangeError} for a quantity that is not a whole number ≥ 1.
 */
export function drugSale({ salePrice, quantity = 1 }) {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`quantity must be a whole number ≥ 1, not ${quantity}`);
  return Number.isInteger(salePrice) ? /** @type {number} */ (salePrice) * quantity : 0;
}

/**
 * The crew fee split (Money, shops and a safe bed › Split the fee): the fee divided by the participants, each share
 * rounded down to whole pounds; the remainder is what is left over (shown to the GM, not lost silently).
 * @param {{fee: number, participants: number}} p  fee: whole pounds ≥ 0; participants: whole, ≥ 1.
 * @returns {{share: number, remainder: number}}
 * @throws {RangeError} for a bad fee or participant count.
 */
export function crewShares({ fee, participants }) {
  if (!Number.isInteger(fee) || fee < 0) throw new RangeError(`fee must be whole pounds ≥ 0, not ${fee}`);
  if (!Number.isInteger(participants) || participants < 1) throw new RangeError(`participants must be 1 or more, not ${participants}`);
  const share = Math.floor(fee / participants);
  return { share, remainder: fee - share * participants };
}

/**
 * The Conditions a safe night clears (Harm, aid and recovery › Rest: "everyday fatigue, pain and stress
 * Conditions"): those whose printed recovery names rest or sleep (RULES.money.rest.recoveryWords), never Broken.
 * @param {{key: string, recovery?: string}[]} [catalogue=CONDITIONS]
 * @returns {string[]} Condition ids.
 */
export function restClears(catalogue = CONDITIONS) {
  const words = MONEY.rest.recoveryWords.map(w => w.toLowerCase());
  return catalogue.filter(c => c.key !== "broken" && words.some(w => new RegExp(`\\b${w}\\b`).test((c.recovery ?? "").toLowerCase())))
    .map(c => c.key);
}

/**
 * Whether a character may rest now (Harm, aid and recovery › Rest; Heat on your heels › Safe night): Heat's
 * {@link canRest} (refused at three stars or more, while police can see you, while Bleeding).
 */
export { canRest };

/**
 * What a safe night does: full Health and Hustle, the rest-recovered Conditions cleared, Heat cleared at two stars or
 * less; long-term injuries (Broken) stay. Call {@link canRest} first.
 * @param {{healthMax: number, hustleMax: number, conditions: Iterable<string>, stars?: number}} s
 * @param {{key: string, recovery?: string}[]} [catalogue=CONDITIONS]
 * @returns {{health: number, hustle: number, remove: string[], stars: number}}
 */
export function restOutcome({ healthMax, hustleMax, conditions, stars = 0 }, catalogue = CONDITIONS) {
  const clears = new Set(restClears(catalogue));
  return { health: healthMax, hustle: hustleMax, remove: [...conditions].filter(id => clears.has(id)),
    stars: stars <= RULES.heat.rest.clearsHeatAtMaxStars ? 0 : stars };
}

// ---------------------------------------------------------------- Heat (issue 12) adds bustedLoss below

/**
 * Pocket cash lost when Busted (Heat on your heels › Busted): 20% of pocket cash rounded to whole pounds, at least
 * £100, never more than the cash held (RULES.money.busted); the stash is untouched. £30 → £30, £300 → £100,
 * £1,000 → £200.
 * @param {number} pocket  Pocket cash, whole pounds ≥ 0.
 * @returns {number} Whole pounds lost.
 * @throws {RangeError} for a negative or fractional amount.
 */
export function bustedLoss(pocket) {
  if (!Number.isInteger(pocket) || pocket < 0) throw new RangeError(`pocket cash must be whole pounds ≥ 0, not ${pocket}`);
  const rule = RULES.money.busted;
  const loss = Math.max(rule.minimum, Math.round(pocket * rule.percent / 100));
  return rule.capAtCash ? Math.min(pocket, loss) : loss;
}
