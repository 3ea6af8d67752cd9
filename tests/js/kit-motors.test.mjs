// Node tests of the motors', theft's and tools' kit rules (issue 28, the kit and motors rows), with the book's numbers
// read from the catalogue (packs-src/gear, packs-src/weapons, packs-src/vehicles, packs-src/vehicle-abilities) and the
// rules tables: Tools & gear (Key Programmer, Lock Picks, Screwdriver Set, Screwdriver, Bike Lock, Jerry Can);
// Weapons › Item notes (Claw Hammer, Crowbar, Fire Axe); GM checks (Pick a Lock, Break Down a Door, Hotwire);
// Vehicle abilities › Silent; Motors (Fuel); Work the borough › Police (Pursuit).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import yaml from "js-yaml";
import { canBikeLock, hearingCheck, theftBand, theftStart, toolEasing } from "../../module/rules/vehicles.mjs";
import { checkBand, checkRequestTN, gmCheck, toolBand, toolSituations, tweaksNameATool } from "../../module/rules/gm-screen.mjs";
import { canDriveOnFuel, fuelForHop, makesFrom, refuel, usesFuel } from "../../module/rules/fuel.mjs";
import { getawayTN, pursuitGap, pursuitTarget } from "../../module/rules/shifts.mjs";
import { bandTN } from "../../module/rules/check.mjs";
import { RULES, VEHICLE_ABILITIES } from "../../module/generated/rules.mjs";

const item = path => ({ id: path, ...yaml.load(readFileSync(new URL(`../../packs-src/${path}.yml`, import.meta.url), "utf8")) });
const KEY_PROGRAMMER = item("gear/key-programmer");
const RELAY_BOX = item("gear/relay-box");
const LOCK_PICKS = item("gear/lock-picks");
const SCREWDRIVER_SET = item("gear/screwdriver-set");
const SCREWDRIVER = item("gear/screwdriver");
const BIKE_LOCK = item("gear/bike-lock");
const BOLT_CUTTERS = item("gear/bolt-cutters");
const ANGLE_GRINDER = item("gear/angle-grinder");
const JERRY_CAN = item("gear/jerry-can");
const CLAW_HAMMER = item("weapons/claw-hammer");
const CROWBAR = item("weapons/crowbar");
const FIRE_AXE = item("weapons/fire-axe");
const motor = key => item(`vehicles/${key}`);

// ---------------------------------------------------------------- Key Programmer: the clean start

test("Key Programmer: car locks two bands easier and the car starts clean (no hotwire)", () => {
  assert.equal(KEY_PROGRAMMER.startsClean, true);
  assert.equal(toolEasing(KEY_PROGRAMMER, { lockKind: "car" }), 2);
  // The Range Ruler's Hard lock: Easy with the programmer, and it starts clean.
  assert.equal(motor("range-ruler-suv").lock, "hard");
  assert.equal(theftBand({ lock: "hard", lockKind: "car", tool: KEY_PROGRAMMER }).band, "easy");
  assert.equal(theftStart({ opens: true, tool: KEY_PROGRAMMER }), "clean");
  // The relay box eases as much but only opens it: the motor still needs a hotwire; so does no tool at all.
  assert.equal(RELAY_BOX.startsClean, undefined);
  assert.equal(theftStart({ opens: true, tool: RELAY_BOX }), "hotwire");
  assert.equal(theftStart({ opens: true, tool: null }), "hotwire");
  // A lock that held starts nothing; a carjacking takes the motor running.
  assert.equal(theftStart({ opens: false, tool: KEY_PROGRAMMER }), null);
  assert.equal(theftStart({ opens: true, carjacking: true, tool: null }), null);
});

// ---------------------------------------------------------------- the Bike Lock

test("Bike Lock: locked bikes need a Hard roll to nick; the tools still ease the lock", () => {
  assert.deepEqual(BIKE_LOCK.bikeLock, { band: "hard" });
  // The Grit Kid BMX's own lock is Easy; locked with a Bike Lock it is Hard.
  const bmx = motor("grit-kid-bmx");
  assert.deepEqual([bmx.lock, bmx.lockKind], ["easy", "bike"]);
  assert.deepEqual(theftBand({ lock: bmx.lock, lockKind: "bike", bikeLock: "hard" }),
    { band: "hard", base: "hard", eased: 0, loud: false, locked: true });
  // Bolt cutters ("bike locks are one band easier") take it to Medium; the angle grinder (two, loud) to Easy.
  assert.equal(theftBand({ lock: "easy", lockKind: "bike", bikeLock: "hard", tool: BOLT_CUTTERS }).band, "medium");
  assert.deepEqual(theftBand({ lock: "easy", lockKind: "bike", bikeLock: "hard", tool: ANGLE_GRINDER }),
    { band: "easy", base: "hard", eased: 2, loud: true, locked: true });
  // A bike whose own lock is already Hard (the Carbon Whippet) is no harder for it: "a Hard roll", not a harder one.
  assert.equal(motor("carbon-whippet-road-bike").lock, "hard");
  assert.deepEqual(theftBand({ lock: "hard", lockKind: "bike", bikeLock: "hard" }),
    { band: "hard", base: "hard", eased: 0, loud: false, locked: false });
  // Only a bike: a car cannot be locked with it.
  assert.throws(() => theftBand({ lock: "easy", lockKind: "car", bikeLock: "hard" }), /locks a bike, not a car/);
});

test("Bike Lock: your own ride, empty, one bike a lock", () => {
  const ok = { lockKind: "bike", aboard: 0, locked: false, locks: 1, inUse: 0 };
  assert.deepEqual(canBikeLock(ok), { ok: true });
  assert.deepEqual(canBikeLock({ ...ok, lockKind: "car" }), { ok: false, reason: "notABike" });
  assert.deepEqual(canBikeLock({ ...ok, aboard: 1 }), { ok: false, reason: "occupied" });
  assert.deepEqual(canBikeLock({ ...ok, locked: true }), { ok: false, reason: "alreadyLocked" });
  assert.deepEqual(canBikeLock({ ...ok, inUse: 1 }), { ok: false, reason: "noLock" });
  assert.deepEqual(canBikeLock({ ...ok, locks: 0 }), { ok: false, reason: "noLock" });
  assert.deepEqual(canBikeLock({ ...ok, locks: 2, inUse: 1 }), { ok: true });
});

// ---------------------------------------------------------------- the screwdrivers

test("Screwdriver Set: for the ignition barrel (Hotwire) — no easier, but you can try; the Screwdriver eases nothing", () => {
  assert.deepEqual(SCREWDRIVER_SET.checkTool, { check: "hotwire", bands: 0 });
  assert.equal(gmCheck("hotwire").band, "medium");
  // Offered for Hotwire (named on the card) and the band stays Medium.
  assert.deepEqual(toolBand({ checkKey: "hotwire", stat: "grf", band: "medium", tools: [SCREWDRIVER_SET] }),
    { band: "medium", tool: "gear/screwdriver-set", eased: 0, noise: null });
  // Neither eases a motor's lock; the improvised Screwdriver is a tool for no check ("No automatic difficulty reduction").
  for (const t of [SCREWDRIVER_SET, SCREWDRIVER]) {
    for (const lockKind of ["bike", "motorbike", "car"]) assert.equal(toolEasing(t, { lockKind, olderCar: true }), 0);
  }
  assert.equal(SCREWDRIVER.checkTool, undefined);
  for (const c of ["hotwire", "pick-a-lock", "break-down-a-door", "fix-it"]) {
    const band = gmCheck(c).band;
    assert.deepEqual(toolBand({ checkKey: c, stat: "grf", band, tools: [SCREWDRIVER] }), { band, tool: null, eased: 0, noise: null }, c);
  }
});

// ---------------------------------------------------------------- Lock Picks: one band easier, and silent

test("Lock Picks: Pick a Lock one band easier, and silent (Danny, Graft d8, Effort d6: TN 12 → 9)", () => {
  assert.deepEqual(LOCK_PICKS.checkTool, { check: "pick-a-lock", bands: 1 });
  assert.equal(LOCK_PICKS.noise, "silent");
  // The same step the GM check prints: "Lock picks make it one band easier".
  assert.equal(checkBand("pick-a-lock", ["lockPicks"]), "easy");
  const tn = checkRequestTN({ checkKey: "pick-a-lock", stat: "grf", effortDie: 6, statDie: 8, tools: [LOCK_PICKS] });
  assert.deepEqual(tn, { band: "easy", tn: 9, effortDie: 6, performance: false, tool: "gear/lock-picks", eased: 1, noise: "silent" });
  assert.equal(tn.tn, bandTN(6, 8, "easy"));
  // The GM's own "Lock picks" toggle names the tool: the carried picks are not counted again (one tool a check).
  assert.equal(tweaksNameATool("pick-a-lock", ["lockPicks"]), true);
  assert.deepEqual(checkRequestTN({ checkKey: "pick-a-lock", stat: "grf", effortDie: 6, statDie: 8, tweaks: ["lockPicks"], tools: [LOCK_PICKS] }),
    { band: "easy", tn: 9, effortDie: 6, performance: false, tool: null, eased: 0, noise: null });
  // Lock picks are no tool for a door that is broken down.
  assert.equal(toolBand({ checkKey: "break-down-a-door", stat: "grf", band: "medium", tools: [LOCK_PICKS] }).tool, null);
});

// ---------------------------------------------------------------- claw hammer, crowbar, fire axe

test("Break Down a Door: a crowbar or axe makes it Easy; the claw hammer opens a cheap door with Graft one band easier", () => {
  assert.equal(gmCheck("break-down-a-door").band, "medium");
  assert.deepEqual(gmCheck("break-down-a-door").stats, ["mus", "grf"]);
  for (const t of [CROWBAR, FIRE_AXE]) {
    assert.deepEqual(t.checkTool, { check: "break-down-a-door", band: "easy" });
    for (const stat of ["mus", "grf"]) {
      assert.deepEqual(toolBand({ checkKey: "break-down-a-door", stat, band: "medium", tools: [t] }),
        { band: "easy", tool: t.id, eased: 1, noise: null });
    }
  }
  assert.deepEqual(CLAW_HAMMER.checkTool, { check: "break-down-a-door", stats: ["grf"], bands: 1, when: "cheapDoor" });
  // Only for a cheap door (the GM says so), only with Graft.
  assert.equal(toolBand({ checkKey: "break-down-a-door", stat: "grf", band: "medium", tools: [CLAW_HAMMER] }).tool, null);
  assert.deepEqual(toolBand({ checkKey: "break-down-a-door", stat: "grf", band: "medium", tools: [CLAW_HAMMER], situations: ["cheapDoor"] }),
    { band: "easy", tool: "weapons/claw-hammer", eased: 1, noise: null });
  assert.equal(toolBand({ checkKey: "break-down-a-door", stat: "mus", band: "medium", tools: [CLAW_HAMMER], situations: ["cheapDoor"] }).tool, null);
  assert.deepEqual(toolSituations("break-down-a-door", [CLAW_HAMMER, CROWBAR, CLAW_HAMMER]), ["cheapDoor"]);
  assert.deepEqual(toolSituations("pick-a-lock", [CLAW_HAMMER]), []);
  // One tool a check, the best: a crowbar and a claw hammer on a cheap, Hard door (the GM's Hard): the crowbar's Easy,
  // not Hard − 1 − …; a "makes it Easy" never makes an Easy door harder.
  assert.deepEqual(toolBand({ checkKey: "break-down-a-door", stat: "grf", band: "hard", tools: [CLAW_HAMMER, CROWBAR], situations: ["cheapDoor"] }),
    { band: "easy", tool: "weapons/crowbar", eased: 2, noise: null });
  assert.equal(toolBand({ checkKey: "break-down-a-door", stat: "mus", band: "easy", tools: [CROWBAR] }).band, "easy");
  // Danny (Effort d6) with a crowbar: Muscle d4 Medium TN 10 → Easy TN 8.
  assert.equal(checkRequestTN({ checkKey: "break-down-a-door", stat: "mus", effortDie: 6, statDie: 4 }).tn, bandTN(6, 4, "medium"));
  assert.equal(checkRequestTN({ checkKey: "break-down-a-door", stat: "mus", effortDie: 6, statDie: 4, tools: [CROWBAR] }).tn, bandTN(6, 4, "easy"));
});

// ---------------------------------------------------------------- Silent

test("Silent: hearing its approach with Savvy is Hard; a motor without it is heard", () => {
  assert.deepEqual([VEHICLE_ABILITIES.silent.hearingStat, VEHICLE_ABILITIES.silent.hearingBand], ["sav", "hard"]);
  const scooter = motor("zap-e-scooter");
  assert.ok(scooter.abilities.includes("silent"));
  assert.deepEqual(hearingCheck(scooter.abilities), { stat: "sav", band: "hard", ability: "silent" });
  assert.equal(hearingCheck(motor("vexa-hatch").abilities), null);
  assert.equal(hearingCheck(["not-an-ability"]), null);
  // Jaz (Effort d6, Savvy d6) hears the scooter at Hard: TN 12.
  assert.equal(bandTN(6, 6, "hard"), 12);
});

// ---------------------------------------------------------------- fuel and the Jerry Can

test("fuel: the roster's Fuel, one a hop (the ruling), none for pedal power", () => {
  assert.equal(RULES.chase.fuel.perHop, 1);
  assert.deepEqual(["grit-kid-bmx", "zap-e-scooter", "deliverer-e-bike", "vexa-hatch"].map(k => motor(k).fuel), [0, 4, 6, 10]);
  // A Vexa Hatch (Fuel 10) crosses ten EXIT strips and is dry at the eleventh.
  let tank = { value: 10, max: 10 };
  for (let hop = 1; hop <= 10; hop++) {
    const r = fuelForHop(tank);
    assert.equal(r.ok, true);
    tank = { ...tank, value: r.value };
  }
  assert.deepEqual(tank, { value: 0, max: 10 });
  assert.deepEqual(fuelForHop(tank), { ok: false, reason: "empty", value: 0, needs: 1 });
  assert.equal(canDriveOnFuel(tank), false);
  assert.equal(canDriveOnFuel({ value: 1, max: 10 }), true);
  // The Grit Kid BMX (Fuel 0) uses none and never runs dry.
  assert.equal(usesFuel({ value: 0, max: 0 }), false);
  assert.deepEqual(fuelForHop({ value: 0, max: 0 }), { ok: true, value: 0, used: 0 });
  assert.equal(canDriveOnFuel({ value: 0, max: 0 }), true);
  assert.throws(() => fuelForHop({ value: 11, max: 10 }), /more than the tank holds/);
  assert.throws(() => fuelForHop({ value: -1, max: 10 }), /fuel value must be a whole number/);
});

test("Jerry Can: refuels a vehicle to its roster Fuel, or makes three Petrol Bombs", () => {
  assert.equal(JERRY_CAN.refuels, true);
  assert.equal(JERRY_CAN.price, 15);
  // The Zap E-Scooter (Fuel 4) with 1 left: back to 4.
  assert.deepEqual(refuel({ value: 1, max: 4 }), { ok: true, value: 4, added: 3 });
  assert.deepEqual(refuel({ value: 0, max: 10 }), { ok: true, value: 10, added: 10 });
  assert.deepEqual(refuel({ value: 10, max: 10 }), { ok: false, reason: "full" });
  assert.deepEqual(refuel({ value: 0, max: 0 }), { ok: false, reason: "noTank" });
  assert.deepEqual(makesFrom(JERRY_CAN), { item: "weapons/petrol-bomb", quantity: 3 });
  assert.equal(makesFrom(SCREWDRIVER), null);
});

// ---------------------------------------------------------------- the pursuit's target

test("a pursuit with no target named assumes the book's getaway driver: Wheels d8, Performance d6, Handling +0", () => {
  assert.deepEqual(pursuitTarget(null), { wheels: 8, performance: 6, handling: 0, assumed: true });
  // 4 + (8 + 6) / 2 + 0 = 11.
  assert.equal(getawayTN(pursuitTarget(null)), 11);
  // A named target drives its own numbers: a Wheels d10 driver in a Vexa Hatch (Performance d6, Handling +0): 12.
  const vexa = motor("vexa-hatch");
  const named = pursuitTarget({ wheels: 10, performance: vexa.performance, handling: vexa.handling });
  assert.deepEqual(named, { wheels: 10, performance: vexa.performance, handling: vexa.handling, assumed: false });
  assert.equal(getawayTN(named), Math.round(4 + (10 + vexa.performance) / 2 + vexa.handling));
  // Proper Mess opens 2 and causes a collision; the book gives the collision no harm of its own.
  assert.deepEqual(pursuitGap({ gap: 2, outcome: "properMess" }), { gap: 4, caught: false, escaped: false, collision: true });
});
