// Node tests of the Heat rules (module/rules/heat.mjs) and Busted's cash (module/rules/money.mjs bustedLoss) with the
// rulebook's numbers: Heat on your heels (Witnesses make the difference; Lose sight, then lose stars; When they catch
// up; Busted); Police at the table; Perk catalogue › Ghost.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  heatAfterCrime, coolDownSeconds, talkOutOfStopBand, policeResponse, canRest, crimes, crimeById, clampHeat,
  heatLevel, helicopterUp, coolingDown, assertHeat
} from "../../module/rules/heat.mjs";
import { bustedLoss } from "../../module/rules/money.mjs";

// The book's "Witnessed crime | Stars" table.
const BOOK_CRIMES = {
  "nicking-a-bike": 1, "nicking-a-car": 1, carjacking: 2, assault: 1, "assaulting-a-police-officer": 2,
  "firing-a-gun": 2, "killing-someone": 3, "killing-a-police-officer": 4, "failing-to-stop-for-police": 1,
  "dangerous-driving": 1, "stealing-a-police-vehicle": 3
};

test("the crimes table is the book's eleven crimes with their stars", () => {
  assert.deepEqual(Object.fromEntries(crimes().map(c => [c.key, c.stars])), BOOK_CRIMES);
  assert.equal(crimeById("carjacking").name, "Carjacking");
  assert.throws(() => crimeById("jaywalking"), /no crime "jaywalking"/);
});

test("each crime witnessed, witnessed by police, and unseen, from 0 stars", () => {
  for (const [crime, stars] of Object.entries(BOOK_CRIMES)) {
    assert.equal(heatAfterCrime({ heat: 0, crime }), stars, `${crime} witnessed`);
    assert.equal(heatAfterCrime({ heat: 0, crime, witnessed: true, policeSaw: true }), Math.min(5, stars + 1), `${crime} police`);
    assert.equal(heatAfterCrime({ heat: 0, crime, witnessed: false, policeSaw: false }), 0, `${crime} unseen`);
    // Police seeing it is a witness: the star of the crime plus the police star.
    assert.equal(heatAfterCrime({ heat: 0, crime, witnessed: false, policeSaw: true }), Math.min(5, stars + 1), `${crime} police only`);
  }
});

test("a car theft police see adds 2 stars; an assault adds 1, plus 1 if police saw it", () => {
  assert.equal(heatAfterCrime({ heat: 0, crime: "nicking-a-car", policeSaw: true }), 2);
  assert.equal(heatAfterCrime({ heat: 1, crime: "assault" }), 2);
  assert.equal(heatAfterCrime({ heat: 1, crime: "assault", policeSaw: true }), 3);
});

test("Heat stays within 0–5", () => {
  assert.equal(heatAfterCrime({ heat: 4, crime: "killing-a-police-officer", policeSaw: true }), 5);
  assert.equal(heatAfterCrime({ heat: 5, crime: "nicking-a-bike" }), 5);
  assert.equal(heatAfterCrime({ heat: 3, crime: "killing-someone", witnessed: false }), 3);
  assert.deepEqual([-2, 0, 3, 5, 9].map(clampHeat), [0, 0, 3, 5, 5]);
  for (const bad of [-1, 6, 2.5, null, "2"]) {
    assert.throws(() => heatAfterCrime({ heat: /** @type {any} */ (bad), crime: "assault" }), RangeError);
    assert.throws(() => assertHeat(bad), /whole number of stars 0–5/);
  }
});

test("cool-down per star: 45/60/90/120/150 s at 1–5 stars, null at 0", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(heat => coolDownSeconds({ heat })), [null, 45, 60, 90, 120, 150]);
  assert.throws(() => coolDownSeconds({ heat: 6 }), RangeError);
});

test("Ghost loses Heat 15 seconds faster: 30/45/75/105/135 s", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(heat => coolDownSeconds({ heat, ghost: true })), [null, 30, 45, 75, 105, 135]);
});

test("the Heat levels' names and the helicopter from 3 stars", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(h => heatLevel(h).name), ["Clean", "Clocked", "Wanted", "India 99", "Trojans", "Lockdown"]);
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(helicopterUp), [false, false, false, true, true, true]);
});

test("a timer runs only with Heat and no police seeing", () => {
  assert.equal(coolingDown({ heat: 2, seen: false }), true);
  assert.equal(coolingDown({ heat: 2, seen: true }), false);
  assert.equal(coolingDown({ heat: 0, seen: false }), false);
});

test("talking out of a stop: Hard at one star, Long Shot at two or more", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(talkOutOfStopBand), [null, "hard", "longShot", "longShot", "longShot", "longShot"]);
});

test("the police response table (Police at the table)", () => {
  const row = (areaCars, bikes, carriers, arvs, india99, roadblocks) => ({ areaCars, bikes, carriers, arvs, india99, roadblocks });
  assert.deepEqual(policeResponse(0), row(0, 0, 0, 0, false, false));
  assert.deepEqual(policeResponse(1), row(1, 0, 0, 0, false, false));
  assert.deepEqual(policeResponse(2), row(2, 1, 0, 0, false, false));
  assert.deepEqual(policeResponse(3), row(2, 1, 1, 0, true, false));
  assert.deepEqual(policeResponse(4), row(3, 1, 1, 2, true, false));
  assert.deepEqual(policeResponse(5), row(4, 2, 1, 3, true, true));
  assert.throws(() => policeResponse(6), RangeError);
});

test("a safe night at two stars or less clears Heat; at three or more it is refused", () => {
  for (const heat of [0, 1, 2]) assert.deepEqual(canRest({ heat }), { ok: true, reason: null, clearsHeat: true });
  for (const heat of [3, 4, 5]) assert.deepEqual(canRest({ heat }), { ok: false, reason: "heat", clearsHeat: false });
  assert.deepEqual(canRest({ heat: 1, bleeding: true }), { ok: false, reason: "bleeding", clearsHeat: false });
  assert.deepEqual(canRest({ heat: 1, policeSee: true }), { ok: false, reason: "policeSee", clearsHeat: false });
});

test("Busted: 20% of pocket cash, minimum £100, capped at cash held (£30, £300, £1,000)", () => {
  assert.equal(bustedLoss(30), 30);
  assert.equal(bustedLoss(300), 100);
  assert.equal(bustedLoss(1000), 200);
  assert.equal(bustedLoss(0), 0);
  assert.equal(bustedLoss(100), 100);
  assert.equal(bustedLoss(502), 100);
  assert.equal(bustedLoss(503), 101); // 100.6 rounds to 101
  assert.equal(bustedLoss(512), 102); // 102.4 rounds to 102
  for (const bad of [-1, 2.5, NaN, "30"]) assert.throws(() => bustedLoss(/** @type {any} */ (bad)), RangeError);
});
