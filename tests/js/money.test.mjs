// Node tests of money in the world (module/rules/money.mjs): the fence's offer with the book's worked example, the
// crew fee split, discounts and their cap, shop stock per place kind (Uncle's shelves by Rep), service and garage
// prices, a safe night's rest and the bounds on an amount. Numbers are typed from the book, not read from RULES.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  checkPounds, crewShares, drugSale, fenceBuyerFor, fenceOffer, garageQuote, knownSupplier, placeKinds, placeOffers,
  priceAfterDiscount, restClears, restOutcome, canRest, saleXp, servicePrice, shopDiscount, shopPrice, shopStock
} from "../../module/rules/money.mjs";

test("The fence's offer: the book's £450 mountain bike at full Body → £157.50 → £160; hot £126 → £125", () => {
  assert.equal(fenceOffer({ value: 450, buyer: "pat" }), 160);
  assert.equal(fenceOffer({ value: 450, buyer: "pat", bodyFraction: 1, hot: true }), 125);
});

test("The fence's offer: Bow Breakers 25 %, Body fraction, hot, rounding to £5, Rep 6 +10 %", () => {
  // £6,000 Vexa Hatch at half Body: 6000 × 0.25 × (0.4 + 0.3) = 1050.
  assert.equal(fenceOffer({ value: 6000, buyer: "bowBreakers", bodyFraction: 0.5 }), 1050);
  // hot: 1050 × 0.8 = 840.
  assert.equal(fenceOffer({ value: 6000, buyer: "bowBreakers", bodyFraction: 0.5, hot: true }), 840);
  // a wreck at 0 Body still fetches 40 %: 6000 × 0.25 × 0.4 = 600.
  assert.equal(fenceOffer({ value: 6000, buyer: "bowBreakers", bodyFraction: 0 }), 600);
  // £120 BMX at Pat's: 120 × 0.35 = 42 → £40 (nearest £5); at 3/4 Body: 42 × 0.85 = 35.7 → £35.
  assert.equal(fenceOffer({ value: 120, buyer: "pat" }), 40);
  assert.equal(fenceOffer({ value: 120, buyer: "pat", bodyFraction: 0.75 }), 35);
  // known supplier (Rep 6): the final £160 + 10 % = £176.
  assert.equal(fenceOffer({ value: 450, buyer: "pat", knownSupplier: true }), 176);
  assert.equal(knownSupplier(5), false);
  assert.equal(knownSupplier(6), true);
});

test("The fence's offer: a docking-station hire bike has no resale value; bad input is refused", () => {
  assert.equal(fenceOffer({ value: null, buyer: "pat" }), 0);
  assert.throws(() => fenceOffer({ value: 450, buyer: "uncle" }), RangeError);
  assert.throws(() => fenceOffer({ value: -1, buyer: "pat" }), RangeError);
  assert.throws(() => fenceOffer({ value: 450, buyer: "pat", bodyFraction: 1.5 }), RangeError);
});

test("Buyers: two-wheelers (Exposed) to Pat, cars and vans to Bow Breakers", () => {
  assert.equal(fenceBuyerFor({ abilities: ["nimble", "off-road", "exposed"] }), "pat");
  assert.equal(fenceBuyerFor({ abilities: [] }), "bowBreakers");
  assert.equal(fenceBuyerFor({ abilities: ["windowless-load-bay"] }), "bowBreakers");
});

test("Earn XP: one stolen vehicle sale worth £500 or more is 1 XP", () => {
  assert.equal(saleXp(499), 0);
  assert.equal(saleXp(500), 1);
  assert.equal(saleXp(1050), 1);
});

test("Drugs sell at their street sale price: Skunk £15 a bag, Charlie £70 a wrap", () => {
  assert.equal(drugSale({ salePrice: 15, quantity: 3 }), 45);
  assert.equal(drugSale({ salePrice: 70 }), 70);
  assert.equal(drugSale({ salePrice: null }), 0);
  assert.throws(() => drugSale({ salePrice: 15, quantity: 0 }), RangeError);
});

test("Split the fee: each share rounded down, the remainder kept for the GM", () => {
  assert.deepEqual(crewShares({ fee: 1000, participants: 3 }), { share: 333, remainder: 1 });
  assert.deepEqual(crewShares({ fee: 500, participants: 4 }), { share: 125, remainder: 0 });
  assert.deepEqual(crewShares({ fee: 2, participants: 3 }), { share: 0, remainder: 2 });
  assert.throws(() => crewShares({ fee: 100, participants: 0 }), RangeError);
  assert.throws(() => crewShares({ fee: -5, participants: 2 }), RangeError);
  assert.throws(() => crewShares({ fee: 10.5, participants: 2 }), RangeError);
});

test("Discounts: street 5 10 %, Chainring 3 10 % at Pat's only, Wide Boy 10 %, capped at 20 %", () => {
  assert.equal(shopDiscount({ street: 5 }), 10);
  assert.equal(shopDiscount({ street: 4 }), 0);
  assert.equal(shopDiscount({ street: 5, wideBoy: true }), 20);
  assert.equal(shopDiscount({ crew: 3 }), 0);
  assert.equal(shopDiscount({ crew: 3, shop: "pat" }), 10);
  // a third discount changes nothing
  assert.equal(shopDiscount({ street: 5, crew: 3, wideBoy: true, shop: "pat" }), 20);
});

test("priceAfterDiscount: whole pounds, nearest pound, the cap applies", () => {
  assert.equal(priceAfterDiscount({ price: 25, percent: 20 }), 20);
  assert.equal(priceAfterDiscount({ price: 15, percent: 10 }), 14); // 13.5 → 14
  assert.equal(priceAfterDiscount({ price: 4, percent: 10 }), 4); // 3.6 → 4
  assert.equal(priceAfterDiscount({ price: 900, percent: 30 }), 720); // capped at 20
  assert.equal(priceAfterDiscount({ price: 40 }), 40);
  assert.throws(() => priceAfterDiscount({ price: -1, percent: 0 }), RangeError);
  assert.throws(() => priceAfterDiscount({ price: 10, percent: 120 }), RangeError);
});

test("shopPrice: catalogue or GM price, restricted (null) never for sale", () => {
  assert.deepEqual(shopPrice({ catalogue: 40, discount: 20 }), { ok: true, list: 40, pounds: 32, percent: 20 });
  assert.deepEqual(shopPrice({ catalogue: 40, gmPrice: 30, discount: 10 }), { ok: true, list: 30, pounds: 27, percent: 10 });
  assert.deepEqual(shopPrice({ catalogue: null }), { ok: false, reason: "restricted" });
});

test("Places: every kind and what it offers", () => {
  assert.deepEqual(placeKinds(), ["cornerShop", "market", "patsArches", "unclesCafe", "garage", "respray", "fence", "flat",
    "safehouse", "aAndE", "custody"]);
  assert.equal(placeOffers("flat").stash, true);
  assert.equal(placeOffers("flat").rest, true);
  assert.equal(placeOffers("safehouse").stash, false);
  assert.equal(placeOffers("safehouse").rest, true);
  assert.deepEqual(placeOffers("market").services, ["marketChange"]);
  assert.deepEqual(placeOffers("respray").services, ["respray"]);
  assert.deepEqual(placeOffers("fence").fence, ["pat", "bowBreakers"]);
  assert.equal(placeOffers("patsArches").discountAt, "pat");
  assert.equal(placeOffers("garage").shop, false);
  assert.throws(() => placeOffers("pub"), RangeError);
});

test("Shop stock: the corner shop sells food, water, medicine; Uncle's guns open at Rep 3, better at 6, don't-ask at 9", () => {
  const corner = shopStock({ kind: "cornerShop" }).map(s => s.key);
  for (const key of ["bottle-of-water", "meal-deal", "painkillers", "bandages"]) assert.ok(corner.includes(key), key);
  assert.ok(!corner.includes("compact-pistol"));
  assert.ok(shopStock({ kind: "market" }).some(s => s.key === "tracksuit"));
  assert.ok(shopStock({ kind: "patsArches" }).some(s => s.key === "bike-lock"));
  const uncle = rep => shopStock({ kind: "unclesCafe", rep }).map(s => s.key);
  assert.ok(!uncle(2).includes("compact-pistol"));
  assert.ok(uncle(3).includes("compact-pistol"));
  assert.ok(!uncle(5).includes("polymer-nine"));
  assert.ok(uncle(6).includes("polymer-nine"));
  assert.ok(uncle(9).includes("kalash"));
  assert.deepEqual(shopStock({ kind: "cornerShop", own: ["kebab", "kebab"] }), [{ key: "kebab", minRep: 0 }]);
  assert.deepEqual(shopStock({ kind: "garage" }), []);
});

test("Services: respray £100, market change £25, A&E free, a GM's price replaces the printed one", () => {
  assert.equal(servicePrice("respray"), 100);
  assert.equal(servicePrice("marketChange"), 25);
  assert.equal(servicePrice("aAndE"), 0);
  assert.equal(servicePrice("respray", 150), 150);
  assert.throws(() => servicePrice("haircut"), RangeError);
});

test("Garage work: £10 per missing Body, a flat tyre as £60", () => {
  assert.deepEqual(garageQuote({ body: 5, bodyMax: 10 }), { missingBody: 5, flatTyres: 0, pounds: 50 });
  assert.deepEqual(garageQuote({ body: 10, bodyMax: 10, flatTyres: 1 }), { missingBody: 0, flatTyres: 1, pounds: 60 });
  assert.equal(garageQuote({ body: 7, bodyMax: 10, flatTyres: 2 }).pounds, 150);
  assert.equal(garageQuote({ body: 5, bodyMax: 10, perBody: 12 }).pounds, 60);
  assert.throws(() => garageQuote({ body: -1, bodyMax: 10 }), RangeError);
});

test("Rest: refused while Bleeding, while police see you, at three stars or more", () => {
  assert.deepEqual(canRest({ heat: 0, bleeding: true }), { ok: false, reason: "bleeding", clearsHeat: false });
  assert.deepEqual(canRest({ heat: 0, policeSee: true }), { ok: false, reason: "policeSee", clearsHeat: false });
  assert.deepEqual(canRest({ heat: 3 }), { ok: false, reason: "heat", clearsHeat: false });
  assert.deepEqual(canRest({ heat: 2 }), { ok: true, reason: null, clearsHeat: true });
});

test("Rest: full Health and Hustle, rest-recovered Conditions cleared, Heat cleared at 2 stars, Broken stays", () => {
  const clears = restClears();
  for (const id of ["bruised", "hurt", "inPain", "knackered", "shaken"]) assert.ok(clears.includes(id), id);
  for (const id of ["broken", "bleeding", "down", "cuffed"]) assert.ok(!clears.includes(id), id);
  assert.deepEqual(restOutcome({ healthMax: 10, hustleMax: 3, conditions: ["hurt", "broken", "knackered"], stars: 2 }),
    { health: 10, hustle: 3, remove: ["hurt", "knackered"], stars: 0 });
  assert.equal(restOutcome({ healthMax: 10, hustleMax: 3, conditions: [], stars: 1 }).stars, 0);
});

test("Amounts: whole pounds, at least 1, absurd sums refused", () => {
  assert.deepEqual(checkPounds(25), { ok: true, pounds: 25 });
  assert.deepEqual(checkPounds(-5), { ok: false, reason: "tooSmall" });
  assert.deepEqual(checkPounds(0), { ok: false, reason: "tooSmall" });
  assert.deepEqual(checkPounds(0, { min: 0 }), { ok: true, pounds: 0 });
  assert.deepEqual(checkPounds(2.5), { ok: false, reason: "notWhole" });
  assert.deepEqual(checkPounds("100"), { ok: false, reason: "notWhole" });
  assert.deepEqual(checkPounds(1e9), { ok: false, reason: "absurd" });
});
