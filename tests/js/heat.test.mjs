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
import {
  SIGHT_SQUARES, withinSight, policeSee, sightChanged, starsSet, secondsLeft, coolDown, attackCrime, dangerousDriving,
  footMove, anprRead, anprPass
} from "../../module/rules/police.mjs";

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

// ------------------------------------------------------------------ rules/police.mjs: timers, sight, acts

test("sight: within 30 squares (the chase's contact distance); the GM's override wins; the helicopter at 3+ outdoors", () => {
  assert.equal(SIGHT_SQUARES, 30);
  assert.deepEqual([0, 30, 30.5, null].map(withinSight), [true, true, false, false]);
  assert.equal(policeSee({ heat: 2, unitInSight: false, indoors: false }), false);
  assert.equal(policeSee({ heat: 3, unitInSight: false, indoors: false }), true);
  assert.equal(policeSee({ heat: 3, unitInSight: false, indoors: true }), false);
  assert.equal(policeSee({ heat: 1, unitInSight: true, indoors: true }), true);
  assert.equal(policeSee({ heat: 5, unitInSight: true, indoors: false, override: "unseen" }), false);
  assert.equal(policeSee({ heat: 0, unitInSight: false, indoors: true, override: "seen" }), true);
});

test("a timer: one star at 45 s of active time out of sight, restarted when seen, nothing due before", () => {
  let t = starsSet({ stars: 0, seen: false, since: null }, 2, 1000);
  assert.deepEqual(t, { stars: 2, seen: false, since: 1000 });
  assert.equal(secondsLeft(t, 1000), 60);
  assert.equal(coolDown(t, 60_999), t); // 59.999 s: nothing to write
  assert.equal(secondsLeft(t, 60_999), 1);
  t = coolDown(t, 61_000);
  assert.deepEqual(t, { stars: 1, seen: false, since: 61_000 });
  assert.equal(secondsLeft(t, 61_000), 45);
  const seen = sightChanged(t, true, 80_000);
  assert.deepEqual(seen, { stars: 1, seen: true, since: null });
  assert.equal(secondsLeft(seen, 200_000), null);
  assert.equal(coolDown(seen, 10_000_000), seen);
  assert.equal(sightChanged(seen, true, 90_000), seen); // no change, no write
  const lost = sightChanged(seen, false, 100_000);
  assert.deepEqual(lost, { stars: 1, seen: false, since: 100_000 }); // restarted: a full 45 s again
  assert.equal(coolDown(lost, 144_999), lost);
  assert.deepEqual(coolDown(lost, 145_000), { stars: 0, seen: false, since: null });
});

test("a GM away for a while loses exactly the stars whose windows passed (5★: 150+120+90 s → 2★)", () => {
  const t = { stars: 5, seen: false, since: 0 };
  assert.equal(coolDown(t, 359_999).stars, 3);
  assert.deepEqual(coolDown(t, 360_000), { stars: 2, seen: false, since: 360_000 });
  assert.deepEqual(coolDown(t, 9_999_999), { stars: 0, seen: false, since: null });
  // Ghost: 30 s at one star.
  assert.equal(coolDown({ stars: 1, seen: false, since: 0 }, 30_000, true).stars, 0);
  assert.equal(coolDown({ stars: 1, seen: false, since: 0 }, 30_000, false).stars, 1);
});

test("an attack's crime: a gun fired, on a police officer, a killing", () => {
  assert.equal(attackCrime({ category: "melee" }), "assault");
  assert.equal(attackCrime({ category: "melee", targetPolice: true }), "assaulting-a-police-officer");
  assert.equal(attackCrime({ category: "handgun" }), "firing-a-gun");
  assert.equal(attackCrime({ category: "handgun", traits: ["stun"] }), "assault"); // a Taser is no gunshot
  assert.equal(attackCrime({ category: "rifle", targetPolice: true }), "assaulting-a-police-officer");
  assert.equal(attackCrime({ category: "melee", killed: true }), "killing-someone");
  assert.equal(attackCrime({ category: "handgun", killed: true, targetPolice: true }), "killing-a-police-officer");
});

test("dangerous driving: a failed yellow check or a drive into red", () => {
  assert.equal(dangerousDriving({ band: "green", failed: true }), false);
  assert.equal(dangerousDriving({ band: "yellow" }), false);
  assert.equal(dangerousDriving({ band: "yellow", failed: true }), true);
  assert.equal(dangerousDriving({ band: "red" }), true);
});

test("the next police move on foot", () => {
  assert.deepEqual(footMove({ stars: 0 }), ["none"]);
  assert.deepEqual(footMove({ stars: 1, distance: 5 }), ["stop"]);
  assert.deepEqual(footMove({ stars: 1, distance: 1, surrendered: true }), ["cuff", "closeUp"]);
  assert.deepEqual(footMove({ stars: 1, distance: 3, armed: true }), ["stop", "taser"]);
  assert.deepEqual(footMove({ stars: 2, distance: 4, inMotor: true }), ["dismount", "stop", "taser"]);
  assert.deepEqual(footMove({ stars: 2, distance: 5, inMotor: true }), ["stop", "taser"]);
  assert.deepEqual(footMove({ stars: 4, distance: 10, armedUnit: true }), ["stop", "taser", "shoot"]);
  assert.deepEqual(footMove({ stars: 3, distance: 10, armedUnit: true }), ["stop", "taser"]);
});

test("ANPR: one drive past three units is one ping, +1 Heat once (ruling: every unit hears it; issue 25, defect 4)", () => {
  // Police at the table › ANPR Ping: "If the motor is nicked, every unit hears it. | If they are in a nicked vehicle: +1 Heat."
  const hot = { stolen: true, hot: true, pinged: [] };
  const units = ["area", "bike", "carrier"];
  const pass = anprPass({ plate: hot, readers: units, heardBy: units });
  assert.deepEqual(pass, { ping: true, heat: 1, pinged: units });
  // The next drive past the same units (or any that heard it): nothing more.
  assert.deepEqual(anprPass({ plate: { ...hot, pinged: pass.pinged }, readers: ["bike"], heardBy: units }),
    { ping: false, heat: 0, pinged: units });
  // One unit read it, every unit on the scene heard it: the others do not ping it on a later drive.
  const one = anprPass({ plate: hot, readers: ["area"], heardBy: units });
  assert.deepEqual(one, { ping: true, heat: 1, pinged: units });
  assert.equal(anprPass({ plate: { ...hot, pinged: one.pinged }, readers: ["carrier"], heardBy: units }).ping, false);
  // A unit called in afterwards had not heard it: a new read on a later drive.
  assert.deepEqual(anprPass({ plate: { ...hot, pinged: units }, readers: ["arv"], heardBy: [...units, "arv"] }),
    { ping: true, heat: 1, pinged: [...units, "arv"] });
  // The GM's read (a camera, a street event) is always a new read; a clean or new marker never pings.
  assert.deepEqual(anprPass({ plate: { ...hot, pinged: units }, readers: null }), { ping: true, heat: 1, pinged: units });
  assert.equal(anprPass({ plate: { stolen: true, hot: false, pinged: [] }, readers: units, heardBy: units }).ping, false);
  assert.equal(anprPass({ plate: null, readers: units }).ping, false);
});

test("ANPR: a hot plate is a hit, +1 Heat; a new marker reads clean", () => {
  assert.deepEqual(anprRead({ stolen: true, hot: true }), { hit: true, heat: 1 });
  assert.deepEqual(anprRead({ stolen: true, hot: false }), { hit: false, heat: 0 });
  assert.deepEqual(anprRead(null), { hit: false, heat: 0 });
});
