// Node tests of armour's own notes (rulebook: Armour › item notes): Motorbike Leathers' "Reduction 2, and coming off a
// bike does half damage" and the Riot Shield's "+3 Guard while you hold it; you cannot use a two-handed weapon", with
// the catalogue's numbers (packs-src/armour) and the book's crash and hazard damage.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import yaml from "js-yaml";
import { barredByArmour, isBike, offBikeDamage, OPEN_RIDER_ABILITIES } from "../../module/rules/armour.mjs";
import { hazardOutcome } from "../../module/rules/gm-screen.mjs";
import { RULES } from "../../module/generated/rules.mjs";

const armour = (/** @type {string} */ key) => yaml.load(readFileSync(new URL(`../../packs-src/armour/${key}.yml`, import.meta.url), "utf8"));
const LEATHERS = { ...armour("motorbike-leathers"), worn: true };
const SHIELD = { ...armour("riot-shield"), worn: true };
const STAB = { ...armour("stab-vest"), worn: true };

test("Motorbike Leathers: reduction 2, and coming off a bike does half damage (the catalogue's numbers)", () => {
  assert.deepEqual([LEATHERS.guard, LEATHERS.reduction, LEATHERS.offBikeDivisor], [1, 2, 2]);
  // a red Proper Mess's 2 rider damage (Skids, collisions and contact) → 1; an ordinary red failure's 1 → 1 (rounded up)
  assert.equal(RULES.chase.failedCheck.redProperMessRiderDamage, 2);
  assert.deepEqual(offBikeDamage({ damage: 2, armour: [LEATHERS] }), { damage: 1, printed: 2, divisor: 2, suit: LEATHERS });
  assert.equal(offBikeDamage({ damage: 1, armour: [LEATHERS] }).damage, 1);
  assert.equal(offBikeDamage({ damage: 7, armour: [LEATHERS] }).damage, 4); // Come Off the Bike, Proper Mess
  assert.equal(offBikeDamage({ damage: 4, armour: [LEATHERS] }).damage, 2);
  assert.equal(offBikeDamage({ damage: 0, armour: [LEATHERS] }).damage, 0);
  // only the worn suit counts: Leathers carried, a Stab Vest worn — full damage; the last worn suit is the one
  assert.deepEqual(offBikeDamage({ damage: 7, armour: [{ ...LEATHERS, worn: false }, STAB] }), { damage: 7, printed: 7, divisor: null, suit: null });
  assert.equal(offBikeDamage({ damage: 7, armour: [STAB, LEATHERS] }).damage, 4);
  assert.equal(offBikeDamage({ damage: 7, armour: [LEATHERS, STAB] }).damage, 7);
  assert.equal(offBikeDamage({ damage: 7, armour: null }).damage, 7);
  // an item (its data under `system`) reads the same
  assert.equal(offBikeDamage({ damage: 7, armour: [{ name: "Motorbike Leathers", system: LEATHERS }] }).damage, 4);
  assert.throws(() => offBikeDamage({ damage: -1, armour: [LEATHERS] }), /whole number ≥ 0/);
  assert.throws(() => offBikeDamage({ damage: 1.5, armour: [LEATHERS] }), RangeError);
});

test("a bike is a motor whose riders are Exposed: every bicycle, scooter and motorbike of the roster, no other motor", () => {
  assert.deepEqual([...OPEN_RIDER_ABILITIES], ["exposed"]);
  const roster = new URL("../../packs-src/vehicles/", import.meta.url);
  const bikeFolders = new Set(["bicycles-and-scooters", "motorbikes"]);
  const motors = readdirSync(roster).filter(f => f.endsWith(".yml") && !f.startsWith("_"))
    .map(f => yaml.load(readFileSync(new URL(f, roster), "utf8")));
  assert.ok(motors.length >= 29);
  for (const v of motors) {
    // the police bike is filed with the emergency motors; it is a motorbike (Metro Police Bike)
    const twoWheeler = bikeFolders.has(v.folder) || v.key === "metro-police-bike";
    assert.equal(isBike(v), twoWheeler, v.key);
  }
  assert.equal(isBike({}), false);
});

test("Come Off the Bike in Motorbike Leathers does half damage, rounded up, before a marked reduction", () => {
  // printed: Just About 1 · Bruised; Bad Luck 4 · Prone, Bruised; Proper Mess 7 · Broken, Prone
  const worn = { armour: [LEATHERS] };
  assert.deepEqual([1, 4, 7], ["justAbout", "badLuck", "properMess"].map(o => hazardOutcome("come-off-the-bike", o).damage));
  assert.deepEqual([1, 2, 4], ["justAbout", "badLuck", "properMess"].map(o => hazardOutcome("come-off-the-bike", o, worn).damage));
  assert.equal(hazardOutcome("come-off-the-bike", "properMess", worn).offBikeDivisor, 2);
  assert.deepEqual(hazardOutcome("come-off-the-bike", "properMess", worn).conditions, ["broken", "prone"]);
  // marked for armour as well: half (4), then the Leathers' reduction 2
  assert.equal(hazardOutcome("come-off-the-bike", "properMess", { ...worn, armourMarked: true, armourReduction: 2 }).damage, 2);
  // not coming off a bike: the Leathers change nothing (Hit by a Car, Proper Mess 9)
  assert.equal(hazardOutcome("hit-by-a-car", "properMess", worn).damage, 9);
  assert.equal(hazardOutcome("hit-by-a-car", "properMess", worn).offBikeDivisor, null);
  assert.equal(hazardOutcome("come-off-the-bike", "sorted", worn).damage, 0);
});

test("the Riot Shield: +3 Guard, 1 reduction, and no two-handed weapon while it is held", () => {
  assert.deepEqual([SHIELD.guard, SHIELD.reduction, SHIELD.barsWeaponTraits], [3, 1, ["twoHanded"]]);
  const bat = { traits: ["twoHanded"] }; // Baseball Bat
  assert.deepEqual(barredByArmour(bat, [SHIELD]), { trait: "twoHanded", suit: SHIELD });
  assert.equal(barredByArmour({ traits: ["concealable"] }, [SHIELD]), null);
  assert.equal(barredByArmour({}, [SHIELD]), null);
  // put down (not worn), or another suit worn over it: the bat swings
  assert.equal(barredByArmour(bat, [{ ...SHIELD, worn: false }]), null);
  assert.equal(barredByArmour(bat, [SHIELD, STAB]), null);
  assert.equal(barredByArmour(bat, [LEATHERS]), null);
});
