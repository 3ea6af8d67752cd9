// Node tests of the service shifts' rules with the rulebook's printed numbers and its worked example (Work the
// borough; Patients, fires and job clocks; Shift pay and tips).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clockWindow, taxiPay, courierPay, paramedicPay, firePay, policePay, busStopPay, patientAfterTreatment,
  patientAfterTime, patientNextWorse, fireTrack, pursuitGap, getawayTN, checkHops, clampT, MAX_HOPS, STAGE_IDS,
  SHIFT_IDS, PATIENT_STATES, shiftCheckBand, disturbanceCompromised, PERK_TIP_PERK
} from "../../module/rules/shifts.mjs";
import { RULES } from "../../module/generated/rules.mjs";

// ---------------------------------------------------------------- clock windows

test("every published clock window, at H = 0, 1 and 3", () => {
  const book = { // seconds = base + perHop × H, as printed
    pickup: [150, 0], taxiDropOff: [120, 90], courierDropOff: [100, 80], reachPatient: [180, 0],
    patientToHospital: [150, 90], fireOrPoliceResponse: [150, 60], anprSweep: [300, 0], deliveryToCustody: [240, 90],
    busStop: [120, 60], patOrder: [1800, 0]
  };
  assert.deepEqual([...STAGE_IDS], Object.keys(book));
  for (const [stage, [base, perHop]] of Object.entries(book)) {
    assert.equal(clockWindow({ stage }), base, stage);
    assert.equal(clockWindow({ stage, hops: 1 }), base + perHop, stage);
    assert.equal(clockWindow({ stage, hops: 3 }), base + 3 * perHop, stage);
  }
  assert.equal(clockWindow({ stage: "taxiDropOff", hops: 1 }), 210);
  assert.equal(clockWindow({ stage: "courierDropOff", hops: 2 }), 260);
  assert.equal(clockWindow({ stage: "patientToHospital", hops: 2 }), 330);
  assert.equal(clockWindow({ stage: "fireOrPoliceResponse", hops: 2 }), 270);
  assert.equal(clockWindow({ stage: "deliveryToCustody", hops: 1 }), 330);
  assert.equal(clockWindow({ stage: "busStop", hops: 1 }), 180);
  assert.equal(clockWindow({ stage: "patOrder" }), 1800);
});

test("clock windows refuse an unknown stage and a negative, fractional or absurd H", () => {
  assert.throws(() => clockWindow({ stage: "dropOff" }), /unknown clock stage "dropOff"/);
  assert.throws(() => clockWindow({ stage: "taxiDropOff", hops: -1 }), /hops \(H\).*got -1/);
  assert.throws(() => clockWindow({ stage: "taxiDropOff", hops: 1.5 }), RangeError);
  assert.throws(() => clockWindow({ stage: "taxiDropOff", hops: MAX_HOPS + 1 }), RangeError);
  assert.throws(() => clockWindow({ stage: "taxiDropOff", hops: /** @type {any} */ ("2") }), RangeError);
  assert.equal(checkHops(MAX_HOPS), MAX_HOPS);
});

test("shift ids and patient states are the book's", () => {
  assert.deepEqual([...SHIFT_IDS], ["taxi", "courier", "police", "paramedic", "fire", "bus"]);
  assert.deepEqual([...PATIENT_STATES], ["stable", "fading", "faltering", "passing", "lost"]);
});

test("T is clamped to 0–1; a non-number is refused", () => {
  assert.equal(clampT(-0.2), 0);
  assert.equal(clampT(1.7), 1);
  assert.equal(clampT(0.5), 0.5);
  assert.throws(() => clampT(NaN), RangeError);
  assert.throws(() => clampT(undefined), RangeError);
});

// ---------------------------------------------------------------- taxi

test("the book's cab example: 1 hop, a cab, Sorted, half the clock → £25 + £6 = £31", () => {
  const ex = RULES.shifts.example;
  const pay = taxiPay({ hops: ex.hops, cab: ex.cab, outcome: ex.outcome, clockLeft: ex.timeFraction });
  assert.deepEqual(pay, { fare: 25, tip: 6, total: 31, perkTip: 0 });
  assert.deepEqual(pay, { fare: ex.fare, tip: ex.tip, total: ex.total, perkTip: 0 });
});

test("taxi fare £12 + £9H (+ £4 in a cab); each outcome's tip rate + 0.25T", () => {
  assert.deepEqual(taxiPay({ hops: 0, outcome: "properMess", clockLeft: 0 }), { fare: 12, tip: 0, total: 12, perkTip: 0 });
  assert.deepEqual(taxiPay({ hops: 2, outcome: "badLuck", clockLeft: 0 }), { fare: 30, tip: 0, total: 30, perkTip: 0 });
  // 30 × (0.05 + 0.25) = 9
  assert.deepEqual(taxiPay({ hops: 2, outcome: "justAbout", clockLeft: 1 }), { fare: 30, tip: 9, total: 39, perkTip: 0 });
  // 25 × 0.20 = 5; 25 × (0.35 + 0.25) = 15
  assert.equal(taxiPay({ hops: 1, cab: true, outcome: "smashedIt", clockLeft: 0 }).tip, 5);
  assert.equal(taxiPay({ hops: 1, cab: true, outcome: "legendary", clockLeft: 1 }).tip, 15);
  // 21 × (0.12 + 0.25 × 0.3) = 4.095 → 4; a clock overrun counts as T = 0, a bad T is refused
  assert.equal(taxiPay({ hops: 1, outcome: "sorted", clockLeft: 0.3 }).tip, 4);
  assert.equal(taxiPay({ hops: 1, outcome: "sorted", clockLeft: -3 }).tip, 3);
  assert.throws(() => taxiPay({ hops: 1, outcome: "sorted", clockLeft: NaN }), RangeError);
  assert.throws(() => taxiPay({ hops: 1, outcome: "fine", clockLeft: 1 }), /unknown outcome "fine"/);
  // the Cabbie perk's agreed extra tip adds whole pounds to the tip — only for a crew with the perk
  assert.equal(PERK_TIP_PERK, "cabbie");
  assert.deepEqual(taxiPay({ hops: 1, cab: true, outcome: "sorted", clockLeft: 0.5, perkTip: 3, perk: true }),
    { fare: 25, tip: 9, total: 34, perkTip: 3 });
  assert.deepEqual(taxiPay({ hops: 1, cab: true, outcome: "sorted", clockLeft: 0.5, perkTip: 3 }), { fare: 25, tip: 6, total: 31, perkTip: 0 });
  assert.throws(() => taxiPay({ hops: 1, outcome: "sorted", clockLeft: 0.5, perkTip: -1 }), RangeError);
});

// ---------------------------------------------------------------- courier

test("courier (£8 + £7H) × (0.6 + 0.6T), rounded; halved for damaged cargo; the perk pays late ones in full", () => {
  assert.equal(courierPay({ hops: 1, clockLeft: 1 }), 18); // 15 × 1.2
  assert.equal(courierPay({ hops: 1, clockLeft: 0 }), 9); // 15 × 0.6
  assert.equal(courierPay({ hops: 2, clockLeft: 0.5 }), 20); // 22 × 0.9 = 19.8
  assert.equal(courierPay({ hops: 0, clockLeft: 0.25 }), 6); // 8 × 0.75
  assert.equal(courierPay({ hops: 1, clockLeft: 1, damaged: true }), 9); // 18 / 2
  assert.equal(courierPay({ hops: 1, clockLeft: 0, damaged: true }), 5); // 9 / 2 = 4.5 → 5
  assert.equal(courierPay({ hops: 1, clockLeft: 0, perk: true }), 15);
  assert.equal(courierPay({ hops: 1, clockLeft: 1, perk: true }), 18);
  assert.throws(() => courierPay({ hops: -1, clockLeft: 1 }), RangeError);
});

// ---------------------------------------------------------------- paramedic

test("paramedic (£40 + £15H) × Stable 2, Fading 1.5, Faltering 1, Passing 0.5, Lost 0, rounded", () => {
  assert.equal(paramedicPay({ hops: 1, state: "stable" }), 110);
  assert.equal(paramedicPay({ hops: 1, state: "fading" }), 83); // 82.5
  assert.equal(paramedicPay({ hops: 1, state: "faltering" }), 55);
  assert.equal(paramedicPay({ hops: 1, state: "passing" }), 28); // 27.5
  assert.equal(paramedicPay({ hops: 1, state: "lost" }), 0);
  assert.equal(paramedicPay({ hops: 0, state: "stable" }), 80);
  assert.throws(() => paramedicPay({ hops: 1, state: "dead" }), /unknown patient state/);
});

test("each treatment outcome from each state", () => {
  const expected = {
    // state → [properMess, badLuck, justAbout, sorted, smashedIt, legendary]
    stable: ["faltering", "fading", "stable", "stable", "stable", "stable"],
    fading: ["passing", "faltering", "fading", "stable", "stable", "stable"],
    faltering: ["lost", "passing", "faltering", "fading", "stable", "stable"],
    passing: ["lost", "lost", "passing", "faltering", "fading", "fading"],
    lost: ["lost", "lost", "lost", "lost", "lost", "lost"]
  };
  const outcomes = ["properMess", "badLuck", "justAbout", "sorted", "smashedIt", "legendary"];
  for (const [state, row] of Object.entries(expected)) {
    for (const [i, outcome] of outcomes.entries()) {
      assert.equal(patientAfterTreatment({ state: /** @type {any} */ (state), outcome: /** @type {any} */ (outcome) }), row[i], `${state} ${outcome}`);
    }
  }
});

test("an untreated non-Stable patient worsens one step every 45 s of active clock", () => {
  assert.equal(patientAfterTime({ state: "fading", seconds: 44.9 }), "fading");
  assert.equal(patientAfterTime({ state: "fading", seconds: 45 }), "faltering");
  assert.equal(patientAfterTime({ state: "fading", seconds: 90 }), "passing");
  assert.equal(patientAfterTime({ state: "fading", seconds: 135 }), "lost");
  assert.equal(patientAfterTime({ state: "fading", seconds: 1000 }), "lost");
  assert.equal(patientAfterTime({ state: "passing", seconds: 45 }), "lost");
  assert.equal(patientAfterTime({ state: "stable", seconds: 500 }), "stable");
  assert.equal(patientAfterTime({ state: "lost", seconds: 0 }), "lost");
  assert.throws(() => patientAfterTime({ state: "fading", seconds: -1 }), RangeError);
  assert.equal(patientNextWorse({ state: "fading", seconds: 40 }), 5);
  assert.equal(patientNextWorse({ state: "fading", seconds: 45 }), 45);
  assert.equal(patientNextWorse({ state: "stable", seconds: 40 }), null);
  assert.equal(patientNextWorse({ state: "lost", seconds: 40 }), null);
});

// ---------------------------------------------------------------- fire

test("fire pay: £60 + £20 per progress − £15 per consequence, minimum £25; lost £10", () => {
  assert.equal(firePay({ progress: 4, consequences: 0 }), 140);
  assert.equal(firePay({ progress: 4, consequences: 2 }), 110);
  assert.equal(firePay({ progress: 0, consequences: 3 }), 25); // 15 → minimum
  assert.equal(firePay({ progress: 4, consequences: 3, lost: true }), 10);
  assert.throws(() => firePay({ progress: -1, consequences: 0 }), RangeError);
});

test("the fire track: 4 progress before 3 consequences; a tie on one roll loses the building", () => {
  assert.deepEqual(fireTrack({ contributions: ["sorted", "smashedIt", "sorted"] }),
    { progress: 4, consequences: 0, saved: true, lost: false, over: true });
  assert.deepEqual(fireTrack({ contributions: ["badLuck", "properMess"] }),
    { progress: 0, consequences: 3, saved: false, lost: true, over: true });
  // 3 progress and 2 consequences, then Just About (1 and 1) reaches both limits: lost
  const tie = fireTrack({ contributions: ["legendary", "properMess", "justAbout"] });
  assert.deepEqual(tie, { progress: 4, consequences: 3, saved: false, lost: true, over: true });
  assert.equal(firePay({ progress: tie.progress, consequences: tie.consequences, lost: tie.lost }), 10);
  assert.deepEqual(fireTrack({ contributions: ["sorted"] }), { progress: 1, consequences: 0, saved: false, lost: false, over: false });
});

// ---------------------------------------------------------------- police

test("police calls: ANPR £75, pursuit £90, disturbance £50; compromised 60 %", () => {
  assert.equal(policePay({ call: "anpr" }), 75);
  assert.equal(policePay({ call: "pursuit" }), 90);
  assert.equal(policePay({ call: "disturbance" }), 50);
  assert.equal(policePay({ call: "anpr", compromised: true }), 45);
  assert.equal(policePay({ call: "pursuit", compromised: true }), 54);
  assert.equal(policePay({ call: "disturbance", compromised: true }), 30);
  assert.throws(() => policePay({ call: /** @type {any} */ ("raid") }), /unknown police call/);
});

test("a disturbance is compromised by a failed requested check (Bad Luck, Proper Mess), a ruling", () => {
  assert.deepEqual(RULES.shifts.disturbance.compromisedOn, ["badLuck", "properMess"]);
  const compromised = ["properMess", "badLuck", "justAbout", "sorted", "smashedIt", "legendary"].filter(disturbanceCompromised);
  assert.deepEqual(compromised, ["properMess", "badLuck"]);
  // its pay: £50 clean, £30 compromised
  assert.equal(policePay({ call: "disturbance", compromised: disturbanceCompromised("badLuck") }), 30);
  assert.equal(policePay({ call: "disturbance", compromised: disturbanceCompromised("justAbout") }), 50);
  assert.throws(() => disturbanceCompromised(/** @type {any} */ ("meh")), /unknown outcome "meh"/);
});

test("a shift check the book prints without a band is Medium unless the GM set another on the callout", () => {
  assert.deepEqual(RULES.shifts.checkBand.unbanded, ["taxi", "paramedic", "fire", "disturbance"]);
  assert.deepEqual(shiftCheckBand(null), { band: "medium", byGM: false });
  assert.deepEqual(shiftCheckBand(""), { band: "medium", byGM: false });
  assert.deepEqual(shiftCheckBand("hard"), { band: "hard", byGM: true });
  assert.deepEqual(shiftCheckBand("medium"), { band: "medium", byGM: true });
  assert.throws(() => shiftCheckBand("brutal"), /unknown band "brutal"/);
});

test("the pursuit gap: starts 2, success closes by its progress, Bad Luck opens 1, Proper Mess opens 2 and collides", () => {
  assert.deepEqual(pursuitGap({ outcome: "sorted" }), { gap: 1, caught: false, escaped: false, collision: false });
  assert.deepEqual(pursuitGap({ gap: 1, outcome: "justAbout" }), { gap: 0, caught: true, escaped: false, collision: false });
  assert.deepEqual(pursuitGap({ gap: 2, outcome: "smashedIt" }), { gap: 0, caught: true, escaped: false, collision: false });
  assert.deepEqual(pursuitGap({ gap: 4, outcome: "legendary" }), { gap: 1, caught: false, escaped: false, collision: false });
  assert.deepEqual(pursuitGap({ gap: 2, outcome: "badLuck" }), { gap: 3, caught: false, escaped: false, collision: false });
  assert.deepEqual(pursuitGap({ gap: 2, outcome: "properMess" }), { gap: 4, caught: false, escaped: false, collision: true });
  assert.deepEqual(pursuitGap({ gap: 4, outcome: "badLuck" }), { gap: 5, caught: false, escaped: true, collision: false });
  assert.deepEqual(pursuitGap({ gap: 4, outcome: "properMess" }), { gap: 5, caught: false, escaped: true, collision: true });
  assert.deepEqual(pursuitGap({ gap: 3, outcome: "sorted", progress: 2 }), { gap: 1, caught: false, escaped: false, collision: false });
  assert.throws(() => pursuitGap({ gap: 6, outcome: "sorted" }), RangeError);
  assert.throws(() => pursuitGap({ gap: 2, outcome: "nope" }), RangeError);
});

test("getaway TN = 4 + (Wheels faces + Performance faces) / 2 + Handling, rounded", () => {
  assert.equal(getawayTN({ wheels: 8, performance: 6, handling: 1 }), 12);
  assert.equal(getawayTN({ wheels: "d8", performance: "d6", handling: -2 }), 9);
  assert.equal(getawayTN({ wheels: "d4", performance: "d10", handling: 0 }), 11);
  assert.throws(() => getawayTN({ wheels: "d", performance: 6, handling: 0 }), RangeError);
});

// ---------------------------------------------------------------- bus

test("bus stop: £6 + £6T, rounded", () => {
  assert.equal(busStopPay({ clockLeft: 1 }), 12);
  assert.equal(busStopPay({ clockLeft: 0 }), 6);
  assert.equal(busStopPay({ clockLeft: 0.5 }), 9);
  assert.equal(busStopPay({ clockLeft: 0.25 }), 8); // 7.5 → 8
  assert.equal(busStopPay({ clockLeft: 2 }), 12);
});
