// Node tests of Spare Plates (rulebook: Tools & gear › Spare Plates "Swap them (Graft, Easy) and the police scanner
// reads the new plate"; Getting a motor › Plate markers; Police at the table › ANPR Ping "Spare plates beat it").
import { test } from "node:test";
import assert from "node:assert/strict";
import { anprRead, plateSwapCheck, plateSwapResult } from "../../module/rules/police.mjs";
import { entry } from "./helpers/catalogue.mjs";

test("Spare Plates swap with Graft, Easy (the gear's entry)", () => {
  assert.deepEqual(plateSwapCheck(entry("gear", "spare-plates")), { stat: "grf", band: "easy" });
  assert.throws(() => plateSwapCheck(entry("gear", "fictional-show-plates")), RangeError, "a story prop swaps nothing");
  assert.throws(() => plateSwapCheck(entry("gear", "toolkit")), RangeError);
});

test("a success (margin 0 or more) gives a new marker and uses the plates; a failure changes nothing", () => {
  assert.deepEqual(plateSwapResult(0), { newMarker: true, platesUsed: true });
  assert.deepEqual(plateSwapResult(5), { newMarker: true, platesUsed: true });
  assert.deepEqual(plateSwapResult(-1), { newMarker: false, platesUsed: false });
  assert.deepEqual(plateSwapResult(-4), { newMarker: false, platesUsed: false });
});

test("a nicked motor's hot plate is an ANPR hit (+1 Heat); after new plates it reads clean", () => {
  assert.deepEqual(anprRead({ stolen: true, hot: true }), { hit: true, heat: 1 });
  // documents/heat/units.mjs plateChanged: the new marker keeps `stolen`, clears `hot`.
  assert.deepEqual(anprRead({ stolen: true, hot: false }), { hit: false, heat: 0 });
});

test("roadblocks go on every exit of the map at 5 stars (Lockdown), on none below", async () => {
  const { roadblockExits } = await import("../../module/rules/heat.mjs");
  const exits = ["Mare Street east", "Morning Lane west"];
  assert.deepEqual(roadblockExits(5, exits), exits);
  for (const stars of [0, 1, 2, 3, 4]) assert.deepEqual(roadblockExits(stars, exits), [], `${stars}★`);
  assert.deepEqual(roadblockExits(5, []), []);
  assert.throws(() => roadblockExits(6, exits), RangeError);
});

test("Mullered at the wheel and stopped is drink-driving; a passenger or a sober driver is not", async () => {
  const { drinkDriving } = await import("../../module/rules/police.mjs");
  assert.equal(drinkDriving({ conditions: ["mullered"], driving: true }), true);
  assert.equal(drinkDriving({ conditions: ["mullered"], driving: false }), false);
  assert.equal(drinkDriving({ conditions: ["dutchCourage"], driving: true }), false, "a few cans in is not Mullered");
  assert.equal(drinkDriving({ conditions: [], driving: true }), false);
});
