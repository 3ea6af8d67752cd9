// Node tests of the motor rules off the gauge (module/rules/vehicles.mjs) with the rulebook's numbers: the abilities'
// driving modifiers, seats, boarding and the cage, the record's adjusted numbers and Guard, repairs and garage
// prices, theft against the lock band with the tools' easing, and the incident record (Getting a motor; Vehicle
// abilities; Fire, repairs and selling up; Skids, collisions and contact › Keep an incident record; Tools & gear).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  besideMotor, reachesMotor, alightSquare, standingSquare, motorFootprint, MOTOR_REACH_SQUARES,
  abilityEffects, drivingModifiers, riderGuard, vehicleGuardValue, vehicleNumbers, seatPlan, seating, board, leave,
  canRelease, canRepair, riderPosition, canFold, patchUp, kitRepair, repair, repairCheck, garageBill, fireState, lockTargets, toolEasing, bestTool, toolFit,
  theftBand, theftOutcome, theftCrime, theftStats, incident, TERRAINS, STRONG_FROM
} from "../../module/rules/vehicles.mjs";
import { planCheck } from "../../module/rules/check.mjs";
import { RULES, VEHICLE_ABILITIES } from "../../module/generated/rules.mjs";

// The roster's abilities (packs-src/vehicles), by motor.
const VEXA = [];
const AREA_CAR = ["police-kit", "prisoner-cage"];
const AMBULANCE = ["lights-and-siren", "stretcher-bay"];
const BMX = ["nimble", "exposed"];
const TRAILBLAZER = ["nimble", "off-road", "exposed"];
const RANGE_RULER = ["off-road"];
const CAB = ["tight-turning-circle"];
const HELICOPTER = ["police-kit", "flying"];
const VAN = ["windowless-load-bay"];
const HIRE_BIKE = ["nimble", "exposed", "docked-hire-bike"];

// ---------------------------------------------------------------- abilities

test("the thirteen abilities are data with the book's effects", () => {
  assert.equal(Object.keys(VEHICLE_ABILITIES).length, 13);
  const all = abilityEffects(Object.keys(VEHICLE_ABILITIES));
  assert.deepEqual(all.unknown, []);
  assert.deepEqual(all.wheels, { lightsOn: 1, offRoad: 1, junction: 1 });
  assert.deepEqual(all.offRoadPenaltyWaived, ["pavements", "paths", "parks", "alleys"]);
  assert.equal(all.enclosedGuard, false);
  for (const flag of ["blocksSightOut", "cage", "stretcher", "foldable", "unsellable", "ignoresRoads"]) assert.equal(all[flag], true, flag);
  assert.equal(all.hearingBand, "hard"); // Silent: hearing its approach with Savvy is Hard
  assert.equal(all.anprRange, 12); // Police kit: ANPR within 12 squares
  assert.deepEqual(all.switchable.sort(), ["lights-and-siren", "police-kit"]);
  const none = abilityEffects(VEXA);
  assert.deepEqual(none.wheels, { lightsOn: 0, offRoad: null, junction: 0 });
  assert.equal(none.enclosedGuard, true);
  assert.deepEqual(abilityEffects(["hover-jets"]).unknown, ["hover-jets"]);
  assert.throws(() => abilityEffects("nimble"), RangeError);
});

test("driving modifiers: blue lights +1 while on (Police kit, Lights and siren), never +2 for both", () => {
  assert.deepEqual(drivingModifiers({ abilities: AREA_CAR, on: ["police-kit"] }),
    { total: 1, parts: [{ id: "blueLights", value: 1, ability: "police-kit" }] });
  assert.equal(drivingModifiers({ abilities: AREA_CAR, on: [] }).total, 0);
  assert.equal(drivingModifiers({ abilities: AMBULANCE, on: ["lights-and-siren"] }).total, 1);
  assert.equal(drivingModifiers({ abilities: ["police-kit", "lights-and-siren"], on: ["police-kit", "lights-and-siren"] }).total, 1);
  // Switching on something the motor does not have gives nothing.
  assert.equal(drivingModifiers({ abilities: VEXA, on: ["police-kit"] }).total, 0);
  assert.equal(RULES.chase.driving.blueLights, 1);
});

test("driving modifiers: off road −2, Off-road +1 instead, Nimble no penalty on pavements, paths, parks, alleys", () => {
  assert.deepEqual(drivingModifiers({ abilities: VEXA, terrain: "offRoad" }).parts, [{ id: "offRoad", value: -2, ability: null }]);
  for (const t of ["pavements", "paths", "parks", "alleys"]) {
    assert.equal(drivingModifiers({ abilities: VEXA, terrain: t }).total, -2, `ordinary motor on ${t}`);
    assert.deepEqual(drivingModifiers({ abilities: BMX, terrain: t }).parts, [{ id: "offRoadWaived", value: 0, ability: "nimble" }]);
  }
  assert.equal(drivingModifiers({ abilities: BMX, terrain: "offRoad" }).total, -2); // Nimble: only the listed places
  assert.deepEqual(drivingModifiers({ abilities: RANGE_RULER, terrain: "offRoad" }).parts, [{ id: "offRoadAbility", value: 1, ability: "off-road" }]);
  assert.equal(drivingModifiers({ abilities: TRAILBLAZER, terrain: "paths" }).total, 1); // Off-road's +1 wins
  assert.equal(drivingModifiers({ abilities: HELICOPTER, terrain: "offRoad" }).total, 0); // Flying ignores the ground
  assert.equal(drivingModifiers({ abilities: VEXA, terrain: "road" }).total, 0);
  assert.equal(RULES.chase.driving.offRoad, -2);
  assert.equal(RULES.chase.driving.offRoadVehicleOffRoad, 1);
  assert.throws(() => drivingModifiers({ abilities: VEXA, terrain: "canal" }), RangeError);
  assert.deepEqual(TERRAINS, ["road", "offRoad", "pavements", "paths", "parks", "alleys"]);
});

test("driving modifiers: Tight turning circle +1 at a junction; they add up", () => {
  assert.deepEqual(drivingModifiers({ abilities: CAB, junction: true }).parts, [{ id: "junction", value: 1, ability: "tight-turning-circle" }]);
  assert.equal(drivingModifiers({ abilities: VEXA, junction: true }).total, 0);
  assert.equal(drivingModifiers({ abilities: CAB, junction: true, terrain: "offRoad" }).total, -1);
  assert.equal(drivingModifiers({ abilities: AREA_CAR, on: ["police-kit"], terrain: "parks" }).total, -1);
  assert.equal(RULES.chase.driving.tightTurningJunction, 1);
});

test("riders: enclosed +2 Guard, none with Exposed", () => {
  assert.equal(riderGuard(VEXA), 2);
  assert.equal(riderGuard(AREA_CAR), 2);
  assert.equal(riderGuard(BMX), 0);
  assert.equal(riderGuard(["police-kit", "exposed"]), 0); // the police bike
});

test("a rider's position: enclosed Guard, the load bay, the cage, the stretcher, the drive-by penalty", () => {
  const van = seatPlan({ crew: 1, passengers: 2 }, VAN);
  assert.deepEqual(riderPosition(van[0], VAN), { guard: 2, enclosed: true, canSeeOut: true, canAttackOut: true, caged: false,
    stretcher: false, driveBy: "driver" });
  assert.deepEqual(riderPosition(van[1], VAN), { guard: 2, enclosed: true, canSeeOut: false, canAttackOut: false, caged: false,
    stretcher: false, driveBy: "passenger" });
  const bike = seatPlan({ crew: 1, passengers: 0 }, BMX);
  assert.deepEqual([riderPosition(bike[0], BMX).guard, riderPosition(bike[0], BMX).enclosed], [0, false]);
  const car = seatPlan({ crew: 1, passengers: 3 }, AREA_CAR);
  assert.equal(riderPosition(car[1], AREA_CAR).caged, true);
  const amb = seatPlan({ crew: 2, passengers: 2 }, AMBULANCE);
  assert.deepEqual([riderPosition(amb[1], AMBULANCE).driveBy, riderPosition(amb[2], AMBULANCE).stretcher], ["passenger", true]);
  assert.deepEqual(RULES.combat.shooting.driveBy, { passenger: -1, driver: -2, driverTwoHanded: false });
});

test("Foldable: an empty Zap E-Scooter folds; not with a rider; not a motor without the ability", () => {
  const zap = ["nimble", "silent", "foldable", "exposed"];
  assert.equal(canFold({ abilities: zap, aboard: 0 }), true);
  assert.equal(canFold({ abilities: zap, aboard: 1 }), false);
  assert.equal(canFold({ abilities: BMX, aboard: 0 }), false);
});

// ---------------------------------------------------------------- the record

test("vehicle Guard: 6 + 2 × Size, +2 gone evasive, plus other temporary defences", () => {
  assert.deepEqual(vehicleGuardValue({ size: 0 }), { base: 6, evasive: 0, bonus: 0, value: 6 });
  assert.equal(vehicleGuardValue({ size: 2 }).value, 10);
  assert.equal(vehicleGuardValue({ size: 3 }).value, 12);
  assert.equal(vehicleGuardValue({ size: 4 }).value, 14);
  assert.deepEqual(vehicleGuardValue({ size: 2, evasive: true }), { base: 10, evasive: 2, bonus: 0, value: 12 });
  assert.equal(vehicleGuardValue({ size: 2, evasive: true, bonus: 1 }).value, 13);
  assert.throws(() => vehicleGuardValue({ size: -1 }), RangeError);
  assert.throws(() => vehicleGuardValue({ size: 1, bonus: 0.5 }), RangeError);
});

test("adjusted numbers: a flat steps Performance down, Handling −2, Speed −2; a d4 stays d4", () => {
  assert.deepEqual(vehicleNumbers({ performance: 8, handling: 1, speed: 10 }),
    { printedPerformance: 8, performance: 8, steps: 0, floored: false, handling: 1, speed: 10, flatTyres: 0, lowBody: false });
  assert.deepEqual(vehicleNumbers({ performance: 8, handling: 1, speed: 10, flatTyres: 1 }),
    { printedPerformance: 8, performance: 6, steps: -1, floored: false, handling: -1, speed: 8, flatTyres: 1, lowBody: false });
  // The Grit Kid BMX: d4, +2, Speed 6 — a flat leaves d4, Handling 0, Speed 4.
  assert.deepEqual(vehicleNumbers({ performance: 4, handling: 2, speed: 6, flatTyres: 1 }),
    { printedPerformance: 4, performance: 4, steps: 0, floored: true, handling: 0, speed: 4, flatTyres: 1, lowBody: false });
  const two = vehicleNumbers({ performance: 6, handling: 0, speed: 9, flatTyres: 2 });
  assert.deepEqual([two.performance, two.steps, two.floored, two.handling, two.speed], [4, -1, true, -4, 5]);
  // Below half Body: Speed × 0.85 to the nearest square (Vexa Hatch Speed 9, Body 4 of 10 → 7.65 → 8).
  const low = vehicleNumbers({ performance: 6, handling: 0, speed: 9, body: 4, bodyMax: 10 });
  assert.deepEqual([low.speed, low.lowBody], [8, true]);
  assert.throws(() => vehicleNumbers({ performance: 7, handling: 0, speed: 9 }), RangeError);
  assert.throws(() => vehicleNumbers({ performance: 6, handling: 0, speed: 9, flatTyres: -1 }), RangeError);
});

test("a driving check: Performance replaces Effort, Handling and the driving modifiers are added, flats step the die", () => {
  const plan = planCheck({ statDie: 8, statKey: "whl", tn: 12,
    vehicle: { performance: 8, handling: -1, steps: -1, modifiers: [{ value: 1, text: "Police kit +1" }] } });
  assert.equal(plan.effort.source, "performance");
  assert.equal(plan.effort.baseDie, 8);
  assert.equal(plan.effort.die, 6);
  assert.equal(plan.modifier, 4 - 1 + 1); // Wheels d8 +4, Handling −1, blue lights +1
  assert.deepEqual(plan.modifierParts.map(p => p.kind), ["stat", "handling", "driving"]);
  assert.ok(plan.applied.some(a => a.kind === "driving" && a.value === 1 && a.text === "Police kit +1"));
  assert.ok(plan.applied.some(a => a.kind === "vehicleSteps" && a.steps === -1));
  assert.equal(plan.formula, "1d6x>=6 + 1d8x>=8 + 4");
  assert.throws(() => planCheck({ statDie: 8, tn: 12, vehicle: { performance: 8, modifiers: [{ value: 0.5, text: "x" }] } }), TypeError);
});

// ---------------------------------------------------------------- seats and boarding

test("seats: one driver, further crew, then passengers; cage, load bay and stretcher seats", () => {
  assert.deepEqual(seatPlan({ crew: 1, passengers: 4 }).map(s => s.id), ["driver", "passenger-1", "passenger-2", "passenger-3", "passenger-4"]);
  const amb = seatPlan({ crew: 2, passengers: 2 }, AMBULANCE);
  assert.deepEqual(amb.map(s => [s.id, s.kind, s.stretcher]),
    [["driver", "driver", false], ["crew-2", "crew", false], ["passenger-1", "passenger", true], ["passenger-2", "passenger", false]]);
  const car = seatPlan({ crew: 1, passengers: 3 }, AREA_CAR);
  assert.deepEqual(car.map(s => s.caged), [false, true, true, true]);
  assert.deepEqual(seatPlan({ crew: 1, passengers: 4 }, VAN).map(s => s.loadBay), [false, true, true, true, true]);
  assert.deepEqual(seatPlan({ crew: 1, passengers: 0 }, BMX).map(s => s.id), ["driver"]);
  assert.throws(() => seatPlan({ crew: 0, passengers: 2 }), RangeError);
  assert.throws(() => seatPlan({ crew: 1, passengers: -1 }), RangeError);
});

test("boarding: a driver and a passenger; a fifth occupant in a four-seat car is refused", () => {
  const seats = seatPlan({ crew: 1, passengers: 3 }); // e.g. the Metro Police Area Car: four seats
  let occupants = [];
  const first = board({ seats, occupants, actorId: "a" });
  assert.deepEqual(first, { ok: true, seat: "driver", occupants: [{ actorId: "a", seat: "driver", tokenId: "" }] });
  assert.deepEqual(occupants, []); // never mutated: a duplicated motor's seats stay its own
  occupants = first.occupants;
  const second = board({ seats, occupants, actorId: "b", seat: "passenger-2", tokenId: "tok" });
  assert.equal(second.ok, true);
  occupants = second.occupants;
  occupants = board({ seats, occupants, actorId: "c" }).occupants;
  assert.deepEqual(occupants.find(o => o.actorId === "c").seat, "passenger-1");
  occupants = board({ seats, occupants, actorId: "d" }).occupants;
  assert.deepEqual(board({ seats, occupants, actorId: "e" }), { ok: false, reason: "full", capacity: 4 });
  assert.deepEqual(board({ seats, occupants, actorId: "e", seat: "driver" }), { ok: false, reason: "full", capacity: 4 });
});

test("boarding: a taken seat, an unknown seat, already aboard, changing seats", () => {
  const seats = seatPlan({ crew: 1, passengers: 2 });
  const occupants = [{ actorId: "a", seat: "driver", tokenId: "" }];
  assert.deepEqual(board({ seats, occupants, actorId: "b", seat: "driver" }), { ok: false, reason: "seatTaken", seat: "driver", holder: "a" });
  assert.deepEqual(board({ seats, occupants, actorId: "b", seat: "boot" }), { ok: false, reason: "noSuchSeat", seat: "boot" });
  assert.deepEqual(board({ seats, occupants, actorId: "a" }), { ok: false, reason: "alreadyAboard", seat: "driver" });
  const moved = board({ seats, occupants, actorId: "a", seat: "passenger-2" });
  assert.deepEqual(moved, { ok: true, seat: "passenger-2", occupants: [{ actorId: "a", seat: "passenger-2", tokenId: "" }] });
});

test("a deleted occupant leaves the seat vacant and frees it", () => {
  const seats = seatPlan({ crew: 1, passengers: 1 });
  const occupants = [{ actorId: "gone", seat: "driver", tokenId: "" }, { actorId: "b", seat: "passenger-1", tokenId: "" }];
  const exists = id => id !== "gone";
  const view = seating(seats, occupants, exists);
  assert.deepEqual(view.rows.map(r => [r.seat.id, r.occupant?.actorId ?? null, r.missing]),
    [["driver", null, true], ["passenger-1", "b", false]]);
  assert.deepEqual(view.aboard.map(o => o.actorId), ["b"]);
  const result = board({ seats, occupants, actorId: "c", exists });
  assert.deepEqual(result, { ok: true, seat: "driver", occupants: [{ actorId: "b", seat: "passenger-1", tokenId: "" },
    { actorId: "c", seat: "driver", tokenId: "" }] });
  // A record for a seat the motor no longer has is kept, not lost.
  assert.deepEqual(seating(seats, [{ actorId: "x", seat: "passenger-5" }]).stray, [{ actorId: "x", seat: "passenger-5" }]);
  assert.deepEqual(seating(seats, null).rows.every(r => !r.occupant), true);
});

test("leaving; a caged rider needs someone outside, a front-seat occupant or the GM", () => {
  const seats = seatPlan({ crew: 1, passengers: 3 }, AREA_CAR);
  const occupants = [{ actorId: "cop", seat: "driver", tokenId: "" }, { actorId: "lag", seat: "passenger-1", tokenId: "" },
    { actorId: "pal", seat: "passenger-2", tokenId: "" }];
  assert.deepEqual(leave({ seats, occupants, actorId: "lag" }), { ok: false, reason: "caged", seat: "passenger-1" });
  assert.deepEqual(leave({ seats, occupants, actorId: "lag", releaser: "lag" }).ok, false);
  assert.deepEqual(leave({ seats, occupants, actorId: "lag", releaser: "pal" }).ok, false); // also caged
  assert.deepEqual(leave({ seats, occupants, actorId: "lag", releaser: "cop" }).ok, true); // the front seat
  assert.deepEqual(leave({ seats, occupants, actorId: "lag", releaser: "passer-by" }).ok, true); // outside
  const gm = leave({ seats, occupants, actorId: "lag", gm: true });
  assert.deepEqual(gm.occupants.map(o => o.actorId), ["cop", "pal"]);
  assert.deepEqual(leave({ seats, occupants, actorId: "cop" }).ok, true); // the driver just gets out
  assert.deepEqual(leave({ seats, occupants, actorId: "nobody" }), { ok: false, reason: "notAboard" });
  // A caged rider cannot move out of the cage by changing seats either.
  const seats2 = seatPlan({ crew: 2, passengers: 1 }, AREA_CAR);
  assert.deepEqual(board({ seats: seats2, occupants: [{ actorId: "lag", seat: "passenger-1" }], actorId: "lag", seat: "crew-2" }),
    { ok: false, reason: "caged", seat: "passenger-1" });
  assert.equal(canRelease({ seats, occupants, releaser: null, caged: "lag" }), false);
});

// ---------------------------------------------------------------- repairs

test("patch up: Graft, Hard; 2 Body, 4 on a strong result; once until a garage", () => {
  assert.deepEqual(repairCheck("patchUp"), { stat: "grf", band: "hard" });
  const at = { body: 5, bodyMax: 16 };
  assert.deepEqual(patchUp({ outcome: "justAbout", ...at }),
    { kind: "patchUp", success: true, restored: 2, body: 7, fixedFlat: false, flatTyres: 0, cost: false, patched: true });
  assert.equal(patchUp({ outcome: "sorted", ...at }).restored, 2);
  assert.equal(patchUp({ outcome: "smashedIt", ...at }).restored, 4);
  assert.equal(patchUp({ outcome: "legendary", ...at }).restored, 4);
  assert.equal(STRONG_FROM, "smashedIt");
  const fail = patchUp({ outcome: "badLuck", ...at });
  assert.deepEqual([fail.success, fail.restored, fail.patched], [false, 0, false]);
  assert.equal(patchUp({ outcome: "smashedIt", body: 14, bodyMax: 16 }).body, 16); // never above the maximum
  assert.throws(() => patchUp({ outcome: "sorted", ...at, patched: true }), RangeError);
  assert.throws(() => patchUp({ outcome: "sorted", ...at, destroyed: true }), RangeError);
  assert.deepEqual(canRepair("patchUp", { ...at, patched: true }), { ok: false, reason: "alreadyPatched" });
  assert.deepEqual(canRepair("patchUp", { body: 16, bodyMax: 16 }), { ok: false, reason: "noDamage" });
  assert.deepEqual(canRepair("patchUp", { body: 0, bodyMax: 16, onFire: true }), { ok: false, reason: "burning" },
    "at 0 Body a motor burns: everyone gets out, nobody patches it");
  assert.deepEqual(canRepair("toolkit", { body: 0, bodyMax: 16, onFire: true }), { ok: false, reason: "burning" });
  assert.deepEqual(canRepair("toolkit", { ...at, destroyed: true }), { ok: false, reason: "destroyed" });
});

test("toolkit: Graft, Medium; Sorted 2, Smashed It 4, Legendary all; Just About with a cost; or one flat", () => {
  assert.deepEqual(repairCheck("toolkit"), { stat: "grf", band: "medium" });
  const at = { body: 3, bodyMax: 16, flatTyres: 1 };
  assert.equal(kitRepair({ outcome: "sorted", ...at }).restored, 2);
  assert.equal(kitRepair({ outcome: "smashedIt", ...at }).restored, 4);
  assert.deepEqual([kitRepair({ outcome: "legendary", ...at }).restored, kitRepair({ outcome: "legendary", ...at }).body], [13, 16]);
  const ja = kitRepair({ outcome: "justAbout", ...at });
  assert.deepEqual([ja.success, ja.restored, ja.cost], [true, 2, true]);
  assert.equal(kitRepair({ outcome: "properMess", ...at }).restored, 0);
  const flat = kitRepair({ outcome: "sorted", mode: "flat", ...at });
  assert.deepEqual([flat.fixedFlat, flat.flatTyres, flat.restored, flat.body], [true, 0, 0, 3]);
  assert.equal(kitRepair({ outcome: "badLuck", mode: "flat", ...at }).flatTyres, 1);
  // The Vehicle Repair Kit prints 2 Body on any success and fixes no flat.
  const kit = { stat: "grf", band: null, sorted: 2, smashedIt: 2, legendary: 2, fixesFlat: false };
  assert.equal(kitRepair({ outcome: "legendary", repair: kit, ...at }).restored, 2);
  assert.deepEqual(repairCheck("toolkit", kit), { stat: "grf", band: "medium" });
  assert.throws(() => kitRepair({ outcome: "sorted", mode: "flat", repair: kit, ...at }), RangeError);
  assert.deepEqual(canRepair("toolkit", { ...at, mode: "flat", fixesFlat: false }), { ok: false, reason: "kitNoFlat" });
  assert.deepEqual(canRepair("toolkit", { body: 3, bodyMax: 16, mode: "flat" }), { ok: false, reason: "noFlat" });
  // A toolkit repair does not use up the roadside patch.
  assert.equal(kitRepair({ outcome: "sorted", ...at }).patched, false);
});

test("one roll, one repair entry", () => {
  assert.equal(repair("patchUp", { outcome: "smashedIt", body: 0, bodyMax: 10 }).restored, 4);
  assert.equal(repair("toolkit", { outcome: "smashedIt", body: 0, bodyMax: 10 }).restored, 4);
  assert.throws(() => repair("both", { outcome: "sorted", body: 0, bodyMax: 10 }), RangeError);
  assert.throws(() => canRepair("both", { body: 0, bodyMax: 10 }), RangeError);
});

test("garage: £10 per missing Body, £60 a flat tyre", () => {
  assert.deepEqual(garageBill({ body: 6, bodyMax: 10 }), { missingBody: 4, flatTyres: 0, pounds: 40 });
  assert.deepEqual(garageBill({ body: 6, bodyMax: 10, flatTyres: 1 }), { missingBody: 4, flatTyres: 1, pounds: 100 });
  assert.deepEqual(garageBill({ body: 16, bodyMax: 16, flatTyres: 2 }).pounds, 120);
  assert.equal(RULES["vehicle-fire"].repairs.garage.pricePerBody * RULES["vehicle-fire"].repairs.garage.flatTyreBody, 60);
  assert.throws(() => garageBill({ body: -1, bodyMax: 10 }), RangeError);
});

test("fire: at 0 Body it catches fire and explodes at the end of the next round (15 seconds outside rounds)", () => {
  assert.deepEqual(fireState({ body: 0, fireRound: 3 }), { catchesFire: true, explodesAtEndOfRound: 4, countdownSeconds: 15 });
  assert.deepEqual(fireState({ body: 1 }), { catchesFire: false, explodesAtEndOfRound: null, countdownSeconds: 15 });
  assert.throws(() => fireState({ body: 0, fireRound: 1.5 }), RangeError);
});

// ---------------------------------------------------------------- theft

// The tools as Tools & gear prints them (packs-src/gear).
const BOLT_CUTTERS = { name: "Bolt Cutters", lockEasing: { targets: ["bike"], bands: 1 }, noise: null };
const ANGLE_GRINDER = { name: "Angle Grinder", lockEasing: { targets: ["bike"], bands: 2 }, noise: "loud" };
const RELAY_BOX = { name: "Relay Box", lockEasing: { targets: ["car"], bands: 2 }, noise: "silent" };
const KEY_PROGRAMMER = { name: "Key Programmer", lockEasing: { targets: ["car"], bands: 2 }, noise: null };
const SLIM_JIM = { name: "Slim Jim", lockEasing: { targets: ["olderCar"], bands: 1 }, noise: null };
const LOCK_PICKS = { name: "Lock Picks", lockEasing: { targets: ["door", "padlock"], bands: 1 }, noise: "silent" };
const CORDLESS = { name: "Cordless Angle Grinder", lockEasing: { targets: ["any"], bands: 2 }, noise: "loud" };
const SCREWDRIVER = { name: "Screwdriver", lockEasing: null, noise: null };

test("theft: the lock band eased by the tool's bands, never below Easy", () => {
  // Carbon Whippet (Hard, bike lock): bolt cutters one band easier, the angle grinder two and loud.
  assert.deepEqual(theftBand({ lock: "hard", lockKind: "bike", tool: BOLT_CUTTERS }), { band: "medium", base: "hard", eased: 1, loud: false, locked: false });
  assert.deepEqual(theftBand({ lock: "hard", lockKind: "bike", tool: ANGLE_GRINDER }), { band: "easy", base: "hard", eased: 2, loud: true, locked: false });
  // Range Ruler (Hard, car): the relay box two bands easier, silently.
  assert.deepEqual(theftBand({ lock: "hard", lockKind: "car", tool: RELAY_BOX }), { band: "easy", base: "hard", eased: 2, loud: false, locked: false });
  // A police area car (Long Shot) with a key programmer: Medium.
  assert.equal(theftBand({ lock: "longShot", lockKind: "car", tool: KEY_PROGRAMMER }).band, "medium");
  // The slim jim only for an older car.
  assert.equal(theftBand({ lock: "medium", lockKind: "car", tool: SLIM_JIM }).band, "medium");
  assert.equal(theftBand({ lock: "medium", lockKind: "car", olderCar: true, tool: SLIM_JIM }).band, "easy");
  // Tools for other locks do nothing: a relay box on a bike, bolt cutters on a car, lock picks on either.
  assert.equal(theftBand({ lock: "medium", lockKind: "bike", tool: RELAY_BOX }).eased, 0);
  assert.equal(theftBand({ lock: "medium", lockKind: "car", tool: BOLT_CUTTERS }).eased, 0);
  assert.equal(theftBand({ lock: "medium", lockKind: "car", tool: LOCK_PICKS }).eased, 0);
  assert.equal(theftBand({ lock: "medium", lockKind: "car", tool: SCREWDRIVER }).eased, 0);
  // The cordless grinder: any lock, a motorbike's too (Fang 1000, Hard).
  assert.deepEqual(theftBand({ lock: "hard", lockKind: "motorbike", tool: CORDLESS }), { band: "easy", base: "hard", eased: 2, loud: true, locked: false });
  // Never below Easy.
  assert.deepEqual(theftBand({ lock: "easy", lockKind: "car", tool: RELAY_BOX }), { band: "easy", base: "easy", eased: 0, loud: false, locked: false });
  assert.deepEqual(theftBand({ lock: "medium", lockKind: "car", tool: RELAY_BOX }).eased, 1);
  assert.throws(() => theftBand({ lock: "impossible", lockKind: "car" }), RangeError);
  assert.throws(() => theftBand({ lock: "easy", lockKind: "boat" }), RangeError);
  assert.deepEqual(lockTargets({ lockKind: "aircraft" }), ["any"]);
  assert.equal(toolEasing(null, { lockKind: "car" }), 0);
});

test("theft: the best tool is the most bands, a quiet one before a loud one", () => {
  assert.equal(bestTool([BOLT_CUTTERS, ANGLE_GRINDER, RELAY_BOX], { lockKind: "bike" }), ANGLE_GRINDER);
  assert.equal(bestTool([CORDLESS, RELAY_BOX], { lockKind: "car" }), RELAY_BOX);
  assert.equal(bestTool([RELAY_BOX, CORDLESS], { lockKind: "car" }), RELAY_BOX);
  assert.equal(bestTool([SCREWDRIVER, LOCK_PICKS], { lockKind: "car" }), null);
  assert.equal(bestTool([], { lockKind: "car" }), null);
});

test("theft: whether a tool works this lock, and why not (issue 25, defect 1)", () => {
  // Tools & gear: "Slim Jim · older cars one band easier": on a car nobody has said is old, for older cars only.
  assert.equal(toolFit(SLIM_JIM, { lockKind: "car" }), "olderCarOnly");
  assert.equal(toolFit(SLIM_JIM, { lockKind: "car", olderCar: true }), "fits");
  assert.equal(toolFit(SLIM_JIM, { lockKind: "bike" }), "notThisLock");
  assert.equal(toolFit(RELAY_BOX, { lockKind: "car" }), "fits");
  assert.equal(toolFit(ANGLE_GRINDER, { lockKind: "car" }), "notThisLock");
  assert.equal(toolFit(ANGLE_GRINDER, { lockKind: "bike" }), "fits");
  assert.equal(toolFit(CORDLESS, { lockKind: "motorbike" }), "fits");
  assert.equal(toolFit(SCREWDRIVER, { lockKind: "car" }), "notThisLock");
  assert.equal(toolFit(null, { lockKind: "car" }), "notThisLock");
  assert.throws(() => toolFit(RELAY_BOX, { lockKind: "boat" }), RangeError);
});

test("theft outcomes: what opens, who sees, time and a jammed lock", () => {
  const row = (outcome, loud) => { const r = theftOutcome({ outcome, loud }); return [r.opens, r.seen, r.costsTime, r.canJam]; };
  assert.deepEqual(row("legendary", true), [true, false, false, false]);
  assert.deepEqual(row("smashedIt", true), [true, false, false, false]);
  assert.deepEqual(row("sorted", false), [true, false, false, false]);
  assert.deepEqual(row("sorted", true), [true, true, false, false]); // a loud tool can draw witnesses
  assert.deepEqual(row("justAbout", false), [true, true, false, false]); // opens, but somebody sees
  assert.deepEqual(row("badLuck", false), [false, false, true, false]); // costs time
  assert.deepEqual(row("badLuck", true), [false, true, true, false]); // a loud attempt is seen
  assert.deepEqual(row("properMess", false), [false, true, false, true]); // seen, can jam
  assert.throws(() => theftOutcome({ outcome: "meh" }), RangeError);
});

test("theft crimes and stats: nicking a bike or a car, a police vehicle, carjacking; Graft, or Muscle or Front", () => {
  assert.deepEqual(theftCrime({ lockKind: "car" }), { key: "nicking-a-car", name: "Nicking a car", stars: 1, policeCall: true });
  assert.equal(theftCrime({ lockKind: "bike" }).key, "nicking-a-bike");
  assert.equal(theftCrime({ lockKind: "motorbike" }).key, "nicking-a-bike");
  assert.deepEqual(theftCrime({ lockKind: "car", abilities: AREA_CAR }).stars, 3);
  assert.deepEqual(theftCrime({ lockKind: "car", carjacking: true }).stars, 2);
  assert.equal(theftCrime({ lockKind: "bike", abilities: HIRE_BIKE }).policeCall, false);
  assert.deepEqual(theftStats(false), ["grf"]);
  assert.deepEqual(theftStats(true), ["mus", "frt"]);
});

// ---------------------------------------------------------------- incidents

test("incident record: who hit whom, Body lost, rider injuries, flat tyres, witnesses", () => {
  const entry = incident({ round: 2, what: "ram", vehicle: "Vexa Hatch", other: "Metro Police Area Car", bodyLost: 3,
    riderInjuries: [{ name: "Danny", damage: 1, conditions: ["bruised"] }], witnesses: "a bus queue", at: 1000 });
  assert.deepEqual(entry, { round: 2, what: "ram", vehicle: "Vexa Hatch", other: "Metro Police Area Car", bodyLost: 3,
    riderInjuries: [{ name: "Danny", damage: 1, conditions: ["bruised"] }], flatTyres: 0, witnesses: "a bus queue", at: 1000 });
  const bare = incident({ what: "skid", vehicle: "Vexa Hatch" });
  assert.deepEqual([bare.round, bare.other, bare.bodyLost, bare.riderInjuries, bare.flatTyres, bare.witnesses],
    [null, "", 0, [], 0, ""]);
  assert.ok(Number.isInteger(bare.at));
  assert.throws(() => incident({ what: "", vehicle: "x" }), /what/);
  assert.throws(() => incident({ what: "ram", vehicle: "x", bodyLost: -1 }), /bodyLost/);
  assert.throws(() => incident({ what: "ram", vehicle: "x", riderInjuries: [{ name: "y", damage: "2" }] }), /damage/);
  assert.throws(() => incident({ what: "ram", vehicle: "x", round: 1.5 }), /round/);
  assert.throws(() => incident(null), RangeError);
});

test("The chase gauge › Tyres and damage: six or more flat tyres still take every tyre and low-Body penalty, Speed never below 2", () => {
  // Toro Furioso Supercar (d12, Handling +1, Speed 15), six flats: d12 → d4 (four steps, then floored), Handling
  // 1 − 12 = −11, Speed 15 − 12 = 3; below half Body (4 of 10) 3 × 0.85 = 2.55 → 3.
  const six = vehicleNumbers({ performance: 12, handling: 1, speed: 15, flatTyres: 6 });
  assert.deepEqual(six, { printedPerformance: 12, performance: 4, steps: -4, floored: true, handling: -11, speed: 3,
    flatTyres: 6, lowBody: false });
  const sixLow = vehicleNumbers({ performance: 12, handling: 1, speed: 15, flatTyres: 6, body: 4, bodyMax: 10 });
  assert.deepEqual([sixLow.performance, sixLow.handling, sixLow.speed, sixLow.lowBody], [4, -11, 3, true]);
  // Vexa Hatch (d6, 0, Speed 9), eight flats: Speed 9 − 16 stops at the minimum 2; low Body 2 × 0.85 = 1.7 → 2.
  const eight = vehicleNumbers({ performance: 6, handling: 0, speed: 9, flatTyres: 8, body: 3, bodyMax: 10 });
  assert.deepEqual([eight.performance, eight.steps, eight.floored, eight.handling, eight.speed, eight.lowBody],
    [4, -1, true, -16, 2, true]);
  assert.equal(RULES.chase.flatTyre.minimumSpeed, 2);
});

test("getting in: from beside the motor, diagonals included, never a square or more away (a ruling)", () => {
  const size = 100;
  const car = { x: 500, y: 500, width: 2, height: 1 }; // columns 5–6, row 5
  assert.equal(besideMotor({ x: 700, y: 500 }, car, size), true, "touching its right end");
  assert.equal(besideMotor({ x: 400, y: 400 }, car, size), true, "touching a corner, diagonally");
  assert.equal(besideMotor({ x: 600, y: 600 }, car, size), true, "below its second square");
  assert.equal(besideMotor({ x: 500, y: 500 }, car, size), true, "aboard: on its square");
  assert.equal(besideMotor({ x: 800, y: 500 }, car, size), false, "one empty square between");
  assert.equal(besideMotor({ x: 500, y: 700 }, car, size), false, "one row between");
  assert.equal(besideMotor({ x: 4000, y: 500 }, car, size), false, "across the map");
  assert.equal(besideMotor({ x: 750, y: 500 }, car, size), true, "half a square off the grid still touches");
  const bus = { x: 0, y: 0, width: 4, height: 2 };
  assert.equal(besideMotor({ x: 400, y: 100 }, bus, size), true, "beside a bus's far end, 2.5 squares from its centre");
  assert.throws(() => besideMotor({ x: 0, y: 0 }, bus, 0), RangeError);
});

test("getting in: not through a wall, though the person stands beside the motor (a ruling)", () => {
  const size = 100;
  const car = { x: 500, y: 500, width: 2, height: 1 }; // columns 5–6, row 5; riders carried to (500, 500)
  const wall = [[700, 400, 700, 700]]; // down the car's right end
  assert.equal(reachesMotor({ x: 700, y: 500 }, car, size, wall), false, "beside its right end, the wall between");
  assert.equal(reachesMotor({ x: 600, y: 600 }, car, size, wall), true, "below its second square, the wall not between");
  assert.equal(reachesMotor({ x: 700, y: 500 }, car, size, []), true, "no walls");
  // a car parked across a wall is got into from the side its first square is on
  const across = [[600, 400, 600, 700]];
  assert.equal(reachesMotor({ x: 400, y: 500 }, car, size, across), true, "its first square's side");
  assert.equal(reachesMotor({ x: 700, y: 500 }, car, size, across), false, "the far side");
  // a wall that stops short of the line still lets them in
  assert.equal(reachesMotor({ x: 700, y: 400 }, car, size, [[700, 500, 700, 700]]), true, "diagonally past the wall's end");
});

test("getting in: a token made bigger or smaller stands on the square at its centre; a motor reaches 4 squares at most", () => {
  const size = 100;
  // a half-size token hard against a wall at x = 1100 still stands left of it
  assert.deepEqual(standingSquare({ x: 1050, y: 500, width: 0.5, height: 0.5 }, size), { x: 1025, y: 475, width: 1, height: 1 });
  const car = { x: 1100, y: 500 };
  assert.equal(reachesMotor(standingSquare({ x: 1050, y: 500, width: 0.5, height: 0.5 }, size), car, size,
    [[1100, 300, 1100, 800]]), false);
  // a 15 × 8 token over a garage across the map stands where its centre is, far from the car
  assert.equal(besideMotor(standingSquare({ x: 100, y: 100, width: 15, height: 8 }, size), car, size), false);
  assert.deepEqual(motorFootprint({ x: 0, y: 0, width: 300, height: 0.4 }), { x: 0, y: 0, width: MOTOR_REACH_SQUARES, height: 1 });
  assert.equal(MOTOR_REACH_SQUARES, 4);
});

test("getting out: the first free square clockwise from the motor's right, on the map, not across a wall (a ruling)", () => {
  const size = 100;
  const bounds = { i0: 0, j0: 0, i1: 20, j1: 40 };
  const none = () => false;
  const car = { i: 5, j: 5, w: 2, h: 1 };
  assert.deepEqual(alightSquare({ motor: car, bounds, taken: none }), { i: 5, j: 7 }, "beside its right end, as before");
  // that square is taken: the corner below it, then along the bottom
  const busy = new Set(["5,7"]);
  assert.deepEqual(alightSquare({ motor: car, bounds, taken: (i, j) => busy.has(`${i},${j}`) }), { i: 6, j: 7 });
  // a wall down the car's right side and along its bottom: the left side is next
  const walls = [[700, 400, 700, 700], [400, 600, 800, 600]];
  assert.deepEqual(alightSquare({ motor: car, bounds, taken: none, walls, size }), { i: 5, j: 4 });
  // a car parked across a wall (between its two squares): out on the side of its first square only
  assert.deepEqual(alightSquare({ motor: car, bounds, taken: none, walls: [[600, 0, 600, 2000]], size }), { i: 6, j: 5 });
  // at the map's right edge the right side is off the map
  const atEdge = { i: 5, j: 38, w: 2, h: 1 };
  assert.deepEqual(alightSquare({ motor: atEdge, bounds, taken: none }), { i: 6, j: 39 }, "the corner's off the map too: below");
  // a car boxed in: nowhere to get out
  assert.equal(alightSquare({ motor: car, bounds, taken: () => true }), null);
  // on a padded canvas the map starts at square (5, 10): a motor against its top-left corner
  const padded = { i0: 5, j0: 10, i1: 25, j1: 50 };
  assert.deepEqual(alightSquare({ motor: { i: 5, j: 10 }, bounds: padded, taken: (i, j) => i === 5 && j === 11 }),
    { i: 6, j: 11 });
  // a motor token made huge is taken as 4 squares each way: its ring is tried, not thousands of squares
  let asked = 0;
  assert.equal(alightSquare({ motor: { i: 0, j: 0, w: 3000, h: 3000 }, bounds, taken: () => { asked++; return true; } }), null);
  assert.equal(asked, 9, "the in-bounds squares of a 4 × 4 footprint's ring at the map's corner: right 4, corner 1, below 4");
});
