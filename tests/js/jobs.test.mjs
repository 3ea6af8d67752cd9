// Node tests of a service job's stages, their windows, the finished job's pay and XP, and which motors suit which
// shift (Work the borough; Patients, fires and job clocks; Shift pay and tips; The Rep ladder › Earn XP).
import { test } from "node:test";
import assert from "node:assert/strict";
import { crewShare, jobPay, jobStages, motorShifts, stageWindow } from "../../module/rules/jobs.mjs";

test("each shift's stages and their windows for H = 1", () => {
  const w = (/** @type {any} */ spec) => jobStages(spec).map(s => [s.id, stageWindow(s, 1)]);
  assert.deepEqual(w({ shift: "taxi" }), [["pickup", 150], ["dropOff", 210]]);
  assert.deepEqual(w({ shift: "courier" }), [["pickup", 150], ["dropOff", 180]]);
  assert.deepEqual(w({ shift: "paramedic" }), [["reachPatient", 180], ["hospital", 240]]);
  assert.deepEqual(w({ shift: "fire" }), [["response", 210]]);
  assert.deepEqual(w({ shift: "police", call: "anpr" }), [["sweep", 300]]);
  assert.deepEqual(w({ shift: "police", call: "pursuit" }), [["response", 210]]);
  assert.deepEqual(w({ shift: "police", call: "disturbance", arrest: true }), [["response", 210], ["custody", 330]]);
  assert.deepEqual(w({ shift: "bus", stops: 2 }), [["stop1", 180], ["stop2", 180]]);
  assert.deepEqual(w({ shift: "patOrder" }), [["order", 1800]]);
  assert.equal(jobStages({ shift: "taxi" })[1].check, "whl");
  assert.equal(jobStages({ shift: "paramedic" })[0].check, "sav");
  assert.equal(jobStages({ shift: "fire" })[0].check, "grt");
  assert.throws(() => jobStages({ shift: "police", call: "raid" }), /unknown police call/);
  assert.throws(() => jobStages({ shift: "milk" }), /unknown shift/);
  assert.throws(() => jobStages({ shift: "bus", stops: 0 }), RangeError);
  assert.throws(() => stageWindow(jobStages({ shift: "taxi" })[1], -1), RangeError);
});

test("a finished job pays its formula and 1 XP; a Pat order 2 XP and no money", () => {
  assert.deepEqual(jobPay({ shift: "taxi", hops: 1, cab: true, outcome: "sorted", clockLeft: 0.5 }),
    { pounds: 31, xp: 1, xpKind: "serviceJob", detail: { fare: 25, tip: 6, total: 31, perkTip: 0 } });
  // the Cabbie tip the GM agreed is paid only to a crew with the perk on the GM's record
  assert.equal(jobPay({ shift: "taxi", hops: 1, cab: true, outcome: "sorted", clockLeft: 0.5, perkTip: 5 }).pounds, 31);
  assert.equal(jobPay({ shift: "taxi", hops: 1, cab: true, outcome: "sorted", clockLeft: 0.5, perkTip: 5, cabbiePerk: true }).pounds, 36);
  assert.equal(jobPay({ shift: "courier", hops: 1, clockLeft: 1, damaged: true }).pounds, 9);
  assert.equal(jobPay({ shift: "paramedic", hops: 1, clockLeft: 0, patient: "fading" }).pounds, 83);
  assert.equal(jobPay({ shift: "fire", hops: 0, clockLeft: 0, fire: { progress: 4, consequences: 3, lost: true } }).pounds, 10);
  assert.equal(jobPay({ shift: "police", call: "pursuit", hops: 0, clockLeft: 0, compromised: true }).pounds, 54);
  assert.equal(jobPay({ shift: "bus", hops: 0, clockLeft: 0, stopsPaid: 21, bonus: 10 }).pounds, 31);
  assert.deepEqual(jobPay({ shift: "patOrder", hops: 0, clockLeft: 0 }), { pounds: 0, xp: 2, xpKind: "patOrder", detail: {} });
});

test("a crew fee splits with each share rounded down", () => {
  assert.equal(crewShare(31, 1), 31);
  assert.equal(crewShare(100, 3), 33);
  assert.throws(() => crewShare(10, 0), RangeError);
});

test("which motors suit which shift: the roster's, Police kit, a stretcher bay; the GM's override replaces", () => {
  assert.deepEqual(motorShifts({ key: "hackney-carriage" }), ["taxi"]);
  assert.deepEqual(motorShifts({ key: "pious-hybrid-minicab" }), ["taxi"]);
  assert.deepEqual(motorShifts({ key: "capital-ambulance", abilities: ["lights-and-siren", "stretcher-bay"] }), ["paramedic"]);
  assert.deepEqual(motorShifts({ key: "metro-police-carrier", abilities: ["police-kit", "prisoner-cage"] }), ["police"]);
  assert.deepEqual(motorShifts({ key: "vexa-hatch", abilities: [] }), []);
  assert.deepEqual(motorShifts({ key: "vexa-hatch", override: ["courier", "taxi"] }), ["taxi", "courier"]);
  assert.deepEqual(motorShifts({ key: "hackney-carriage", override: [] }), []);
});
