// Node tests of the chase additions (The chase gauge › Make the check at the line; Police at the table › The next
// police move), with the book's numbers: a move planned on the gauge, the Wheels of an unassigned police or traffic
// driver, and the police's next move by Heat.
import { test } from "node:test";
import assert from "node:assert/strict";
import { crewWheels, planMove, policeMove } from "../../module/rules/chase-gauge.mjs";
import { RULES } from "../../module/generated/rules.mjs";

test("a move on the gauge: the book's Speed 10 driver stops at each line until its check is passed", () => {
  // 12 squares from the start of the action: stopped at 10, the yellow line, for the Medium check (Handling −1).
  const first = planMove({ speed: 10, travelled: 0, squares: 12 });
  assert.equal(first.allowed, 10);
  assert.deepEqual(first.stop, { band: "yellow", at: 10, check: "medium", handling: -1 });
  assert.equal(first.after.band, "green");
  // Standing on the line with the check not yet made: nothing more moves.
  assert.equal(planMove({ speed: 10, travelled: 10, squares: 2 }).allowed, 0);
  // Check passed: the last 2 go through; 12 travelled leaves 3 yellow or 8 red (the book's example).
  const second = planMove({ speed: 10, travelled: 10, squares: 2, cleared: "yellow" });
  assert.equal(second.allowed, 2);
  assert.equal(second.stop, null);
  assert.equal(second.after.left, RULES.chase.gauge.example.yellowLeft);
  assert.equal(second.after.redLeft, RULES.chase.gauge.example.redLeft);
  // A further 10 stops at 15 for the Hard check (Handling −2 replaces −1).
  const third = planMove({ speed: 10, travelled: 12, squares: 10, cleared: "yellow" });
  assert.equal(third.allowed, 3);
  assert.deepEqual(third.stop, { band: "red", at: 15, check: "hard", handling: -2 });
  // Red passed: at most to 20 — "It does not gain another 20".
  const fourth = planMove({ speed: 10, travelled: 15, squares: 8, cleared: "red" });
  assert.equal(fourth.allowed, 5);
  assert.equal(fourth.stop?.band, "over");
  assert.equal(fourth.after.redLeft, 0);
  assert.equal(planMove({ speed: 10, travelled: 20, squares: 1, cleared: "red" }).allowed, 0);
  // A move inside green, or ending exactly on a line, goes through.
  assert.equal(planMove({ speed: 10, travelled: 4, squares: 6 }).stop, null);
  // One move crossing both lines stops at the first.
  assert.equal(planMove({ speed: 10, travelled: 0, squares: 20 }).stop?.band, "yellow");
  assert.throws(() => planMove({ speed: 10, travelled: 0, squares: -1 }), RangeError);
  assert.throws(() => planMove({ speed: 10, travelled: 0, squares: 1, cleared: "blue" }), RangeError);
});

test("a move on the gauge after flat tyres: Speed 9 with one flat is 7 → 7 / 11 / 14", () => {
  const m = planMove({ speed: 7, travelled: 0, squares: 12 });
  assert.equal(m.allowed, 7);
  assert.equal(planMove({ speed: 7, travelled: 7, squares: 12, cleared: "yellow" }).allowed, 4);
});

test("an unassigned police driver rolls Wheels d8, traffic d6, unless the unit has its own crew die", () => {
  assert.equal(crewWheels({ police: true }), 8);
  assert.equal(crewWheels({ police: false }), 6);
  assert.equal(crewWheels({ police: true, crewDie: 10 }), 10);
  assert.equal(crewWheels({ police: false, crewDie: null }), RULES["police-response"].driverWheels.traffic);
  assert.throws(() => crewWheels({ police: true, crewDie: 7 }), RangeError);
});

test("the next police move: PIT at low Heat when within 4 squares, ram at 3+, armed units fire at 4", () => {
  assert.deepEqual(policeMove({ stars: 0 }), { move: "none", stars: 0 });
  assert.equal(policeMove({ stars: 1, distance: 3 }).move, "pit");
  assert.equal(policeMove({ stars: 2, distance: 4 }).move, "pit");
  assert.equal(policeMove({ stars: 2, distance: 5 }).move, "close");
  assert.equal(policeMove({ stars: 2 }).move, "pit");
  assert.equal(policeMove({ stars: 3, distance: 2 }).move, "ram");
  assert.equal(policeMove({ stars: 4, distance: 20 }).move, "ram");
  assert.equal(policeMove({ stars: 4, armed: true }).move, "fire");
  assert.equal(policeMove({ stars: 3, armed: true }).move, "ram");
  assert.equal(policeMove({ stars: 5, armed: true }).move, "fire");
  assert.throws(() => policeMove({ stars: 6 }), RangeError);
  assert.throws(() => policeMove({ stars: 1.5 }), RangeError);
  assert.throws(() => policeMove({ stars: 2, distance: -1 }), RangeError);
});
