// Node tests of the chase gauge, skids and collisions, the getaway and the vehicle fire, with the rulebook's
// worked examples and its printed numbers (The chase gauge; Skids, collisions and contact; Fire, repairs and
// selling up).
import { test } from "node:test";
import assert from "node:assert/strict";
import { wantedFromStars,
  adjustedVehicle, gaugeBands, gaugeState, crossing, failedGaugeCheck, evasiveManoeuvre, ram, pit, getaway, vehicleFire
} from "../../module/rules/chase-gauge.mjs";
import { RULES } from "../../module/generated/rules.mjs";

// ---------------------------------------------------------------- the gauge

test("gauge bands: the book's Speed 10 example is 10 / 15 / 20, rounded from adjusted Speed", () => {
  const ex = RULES.chase.gauge.example;
  assert.deepEqual(gaugeBands(ex.speed), { green: ex.green, yellow: ex.yellow, red: ex.red });
  assert.deepEqual(gaugeBands(10), { green: 10, yellow: 15, red: 20 });
  assert.deepEqual(gaugeBands(7), { green: 7, yellow: 11, red: 14 });
  assert.deepEqual(gaugeBands(2), { green: 2, yellow: 3, red: 4 });
  assert.throws(() => gaugeBands(-1), RangeError);
  assert.throws(() => gaugeBands(NaN), RangeError);
});

test("gauge state: after 12 squares at Speed 10, yellow with 3 left and 8 to red's limit", () => {
  const s = gaugeState(10, 12);
  assert.equal(s.band, "yellow");
  assert.equal(s.left, RULES.chase.gauge.example.yellowLeft);
  assert.equal(s.left, 3);
  assert.equal(s.redLeft, 8);
  assert.equal(s.check, "medium");
  assert.equal(s.handling, -1);
  // It does not gain another 20: the limits are cumulative.
  assert.deepEqual(s.limits, { green: 10, yellow: 15, red: 20 });
});

test("gauge state: limits are inclusive, penalties replace (red −2, never −3), past red is over", () => {
  assert.deepEqual(
    [0, 10, 11, 15, 16, 20].map(t => [gaugeState(10, t).band, gaugeState(10, t).left, gaugeState(10, t).check, gaugeState(10, t).handling]),
    [["green", 10, null, 0], ["green", 0, null, 0], ["yellow", 4, "medium", -1], ["yellow", 0, "medium", -1],
      ["red", 4, "hard", -2], ["red", 0, "hard", -2]]
  );
  const over = gaugeState(10, 21);
  assert.equal(over.band, "over");
  assert.equal(over.left, 0);
  assert.equal(over.redLeft, 0);
  assert.equal(over.handling, -2);
  assert.throws(() => gaugeState(10, -1), RangeError);
});

test("crossing: the lines a move crosses, in order, each check made at its line", () => {
  assert.deepEqual(crossing(10, 0, 10), []);
  assert.deepEqual(crossing(10, 0, 12), [{ band: "yellow", at: 10, check: "medium", handling: -1 }]);
  assert.deepEqual(crossing(10, 10, 11), [{ band: "yellow", at: 10, check: "medium", handling: -1 }]);
  assert.deepEqual(crossing(10, 5, 20), [
    { band: "yellow", at: 10, check: "medium", handling: -1 },
    { band: "red", at: 15, check: "hard", handling: -2 }
  ]);
  assert.deepEqual(crossing(10, 12, 15), []);
  assert.deepEqual(crossing(10, 12, 16), [{ band: "red", at: 15, check: "hard", handling: -2 }]);
  assert.deepEqual(crossing(10, 18, 25), [{ band: "over", at: 20, check: null, handling: -2 }]);
  assert.throws(() => crossing(10, 5, 4), RangeError);
});

// ---------------------------------------------------------------- tyres and damage

test("adjusted vehicle: flat tyres step Performance down, Handling −2, Speed −2 to a minimum of 2", () => {
  assert.deepEqual(adjustedVehicle({ performance: 8, handling: 1, speed: 10 }),
    { performance: 8, handling: 1, speed: 10, flatTyres: 0, lowBody: false });
  assert.deepEqual(adjustedVehicle({ performance: 8, handling: 1, speed: 10, flatTyres: 1 }),
    { performance: 6, handling: -1, speed: 8, flatTyres: 1, lowBody: false });
  assert.deepEqual(adjustedVehicle({ performance: 10, handling: 0, speed: 10, flatTyres: 2 }),
    { performance: 6, handling: -4, speed: 6, flatTyres: 2, lowBody: false });
  assert.equal(adjustedVehicle({ performance: 8, handling: 0, speed: 3, flatTyres: 1 }).speed, 2);
  assert.throws(() => adjustedVehicle({ performance: 4, handling: 0, speed: 10, flatTyres: 1 }), RangeError);
  assert.throws(() => adjustedVehicle({ performance: 8, handling: 0, speed: 10, flatTyres: -1 }), RangeError);
});

test("adjusted vehicle: below half Body, Speed × 0.85 to the nearest square (exactly half is not below)", () => {
  assert.equal(adjustedVehicle({ performance: 8, handling: 0, speed: 10, body: 4, bodyMax: 10 }).speed, 9); // 8.5 → 9
  assert.equal(adjustedVehicle({ performance: 8, handling: 0, speed: 12, body: 4, bodyMax: 10 }).speed, 10); // 10.2
  assert.equal(adjustedVehicle({ performance: 8, handling: 0, speed: 10, body: 5, bodyMax: 10 }).lowBody, false);
  // After a flat: 10 − 2 = 8, × 0.85 = 6.8 → 7, then yellow round(10.5) = 11, red 14.
  const both = adjustedVehicle({ performance: 8, handling: 0, speed: 10, body: 2, bodyMax: 10, flatTyres: 1 });
  assert.equal(both.speed, 7);
  assert.equal(both.lowBody, true);
  assert.deepEqual(gaugeBands(both.speed), { green: 7, yellow: 11, red: 14 });
});

// ---------------------------------------------------------------- skids, collisions and contact

test("failed gauge checks: Bad Luck 2 / 3, Proper Mess 4 / 7, Size 3+ adds 1, Shaken and red rider damage", () => {
  assert.deepEqual(failedGaugeCheck({ band: "yellow", outcome: "badLuck" }), { body: 2, conditions: [], riderDamage: 0, stopsAction: true });
  assert.deepEqual(failedGaugeCheck({ band: "red", outcome: "badLuck" }), { body: 3, conditions: [], riderDamage: 0, stopsAction: true });
  assert.deepEqual(failedGaugeCheck({ band: "yellow", outcome: "properMess" }), { body: 4, conditions: ["shaken"], riderDamage: 0, stopsAction: true });
  assert.deepEqual(failedGaugeCheck({ band: "red", outcome: "properMess" }), { body: 7, conditions: ["shaken"], riderDamage: 2, stopsAction: true });
  assert.equal(failedGaugeCheck({ band: "yellow", outcome: "badLuck", size: 2 }).body, 2);
  assert.equal(failedGaugeCheck({ band: "yellow", outcome: "badLuck", size: 3 }).body, 3);
  assert.equal(failedGaugeCheck({ band: "red", outcome: "properMess", size: 4 }).body, 8);
  assert.throws(() => failedGaugeCheck({ band: /** @type {any} */ ("green"), outcome: "badLuck" }), RangeError);
  assert.throws(() => failedGaugeCheck({ band: "red", outcome: /** @type {any} */ ("sorted") }), RangeError);
});

test("evasive manoeuvre: Easy / Medium / Hard, pace 0 / 2 / 4, Body each and rider harm as printed", () => {
  assert.deepEqual(["green", "yellow", "red"].map(band => {
    const r = evasiveManoeuvre({ band: /** @type {any} */ (band) });
    return [r.check, r.pace];
  }), [["easy", 0], ["medium", 2], ["hard", 4]]);
  for (const outcome of ["sorted", "smashedIt", "legendary"]) {
    const r = evasiveManoeuvre({ band: "red", outcome: /** @type {any} */ (outcome), otherSize: 3 });
    assert.equal(r.clear, true);
    assert.equal(r.body, 0);
  }
  assert.deepEqual(evasiveManoeuvre({ band: "red", outcome: "justAbout", otherSize: 3 }),
    { check: "hard", pace: 4, clear: false, body: 1, riderDamage: 0, conditions: [], stopsAction: false });
  // Bad Luck: 2 + pace + the other's Size; red deals 1 to riders, yellow and red give Bruised.
  assert.deepEqual(evasiveManoeuvre({ band: "green", outcome: "badLuck", otherSize: 2 }),
    { check: "easy", pace: 0, clear: false, body: 4, riderDamage: 0, conditions: [], stopsAction: false });
  assert.deepEqual(evasiveManoeuvre({ band: "yellow", outcome: "badLuck", otherSize: 2 }),
    { check: "medium", pace: 2, clear: false, body: 6, riderDamage: 0, conditions: ["bruised"], stopsAction: false });
  assert.deepEqual(evasiveManoeuvre({ band: "red", outcome: "badLuck", otherSize: 2 }),
    { check: "hard", pace: 4, clear: false, body: 8, riderDamage: 1, conditions: ["bruised"], stopsAction: false });
  // Proper Mess: 4 + pace + twice the other's Size, 2 to riders and Shaken, the action stops.
  assert.deepEqual(evasiveManoeuvre({ band: "yellow", outcome: "properMess", otherSize: 2 }),
    { check: "medium", pace: 2, clear: false, body: 10, riderDamage: 2, conditions: ["shaken"], stopsAction: true });
  assert.equal(evasiveManoeuvre({ band: "red", outcome: "properMess", otherSize: 4 }).body, 16);
  assert.throws(() => evasiveManoeuvre({ band: /** @type {any} */ ("blue"), outcome: "badLuck" }), RangeError);
  assert.throws(() => evasiveManoeuvre({ band: "red", outcome: /** @type {any} */ ("meh") }), RangeError);
});

test("ram: margin + twice Size; self half (vehicle) or a quarter (person) rounded up; positive damage → Prone", () => {
  assert.deepEqual(ram({ margin: 3, ownSize: 2, target: "vehicle" }), { hit: true, damage: 7, self: 4, conditions: [] });
  assert.deepEqual(ram({ margin: 4, ownSize: 2, target: "vehicle" }), { hit: true, damage: 8, self: 4, conditions: [] });
  assert.deepEqual(ram({ margin: 3, ownSize: 2, target: "person" }), { hit: true, damage: 7, self: 2, conditions: ["prone"] });
  assert.deepEqual(ram({ margin: 1, ownSize: 0, target: "person" }), { hit: true, damage: 1, self: 1, conditions: ["prone"] });
  assert.deepEqual(ram({ margin: 0, ownSize: 0, target: "person" }), { hit: true, damage: 0, self: 0, conditions: [] });
  assert.deepEqual(ram({ margin: -1, ownSize: 3, target: "vehicle" }), { hit: false, damage: 0, self: 0, conditions: [] });
  assert.equal(ram({ margin: 2, ownSize: 1 }).self, 2);
  assert.throws(() => ram({ margin: 2, ownSize: 1, target: /** @type {any} */ ("wall") }), RangeError);
});

test("PIT: 4 Body, 5 at Size 3 or larger, riders Shaken, next action lost", () => {
  assert.deepEqual(pit({ size: 2 }), { body: 4, riderConditions: ["shaken"], losesNextAction: true });
  assert.equal(pit({ size: 3 }).body, 5);
  assert.equal(pit({ size: 4 }).body, 5);
  assert.equal(pit().body, 4);
  assert.equal(RULES.chase.pit.withinSquares, 4);
});

test("getaway: every wanted participant MORE than 30 squares from every pursuer; exactly 30 is not enough", () => {
  assert.equal(getaway([31, 45, 60]), true);
  assert.equal(getaway([31, 30]), false);
  assert.equal(getaway([30]), false);
  assert.equal(getaway([[31, 40], [50, 32]]), true);
  assert.equal(getaway([[31, 40], [50, 29]]), false);
  assert.equal(getaway([]), true);
  assert.throws(() => getaway([-1]), RangeError);
});

// ---------------------------------------------------------------- fire

test("vehicle fire: each row of the blast table", () => {
  const pick = (/** @type {ReturnType<typeof vehicleFire>} */ r) => r && [r.id, r.damage, r.body, r.conditions];
  assert.deepEqual(pick(vehicleFire(0, { inside: true })), ["stillInside", 10, 0, ["burning"]]);
  assert.deepEqual(pick(vehicleFire(0)), ["outsideNear", 5, 0, ["burning", "prone"]]);
  assert.deepEqual(pick(vehicleFire(2)), ["outsideNear", 5, 0, ["burning", "prone"]]);
  assert.deepEqual(pick(vehicleFire(3)), ["outsideFar", 2, 0, ["prone"]]);
  assert.deepEqual(pick(vehicleFire(4)), ["outsideFar", 2, 0, ["prone"]]);
  assert.equal(vehicleFire(5), null);
  assert.deepEqual(pick(vehicleFire(1, { target: "vehicle" })), ["vehicleNear", 0, 5, []]);
  assert.deepEqual(pick(vehicleFire(4, { target: "vehicle" })), ["vehicleFar", 0, 2, []]);
  assert.equal(vehicleFire(4, { target: "vehicle" })?.fireIfZero, true);
  assert.equal(vehicleFire(4.5, { target: "vehicle" }), null);
  assert.throws(() => vehicleFire(0, { inside: true, target: "vehicle" }), RangeError);
  assert.throws(() => vehicleFire(-1), RangeError);
});

test("wanted for the mapped chase from two stars, on foot and at the wheel (the Heat table's Wanted row)", () => {
  const wanted = RULES.heat.levels.find(l => l.id === "wanted");
  assert.equal(wanted.stars, 2);
  assert.equal(wantedFromStars({ aboard: true }), wanted.stars);
  assert.equal(wantedFromStars({ aboard: false }), 2);
});
