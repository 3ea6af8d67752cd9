// Node tests of speed-dice combat: speed-dice counts, the queue and its tie-breaks (the book's example round),
// range bands, attack modifiers, damage and severity (the book's bat example), Dodge and reactions.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  speedDiceForDie, speedDiceCount, speedQueue, rangeBand, bandAttack, inRange, attackModifiers, damage, severity,
  dodge, canReact, weaponOptions
} from "../../module/rules/combat.mjs";
import { RULES } from "../../module/generated/rules.mjs";

const weapon = key => {
  const table = {
    kalash: { category: "rifle", traits: ["burst", "twoHanded", "loud"], range: "far" },
    sawnOff: { category: "shotgun", traits: ["loud"], range: "near" },
    microSmg: { category: "smg", traits: ["burst", "loud", "concealable"], range: "near" },
    huntingRifle: { category: "rifle", traits: ["twoHanded", "loud"], range: "distant" },
    cricketBat: { category: "melee", traits: [], range: "engaged" },
    polymerNine: { category: "handgun", traits: ["concealable"], range: "near" }
  };
  return table[key];
};

// ---------------------------------------------------------------- speed dice

test("speed dice: d4→1, d6/d8→2, d10/d12→3, d20→4", () => {
  assert.deepEqual([4, 6, 8, 10, 12, 20].map(speedDiceForDie), [1, 2, 2, 3, 3, 4]);
  assert.deepEqual([4, 6, 8, 10, 12, 20].map(moves => speedDiceCount({ moves })), [1, 2, 2, 3, 3, 4]);
  assert.throws(() => speedDiceForDie(7), RangeError);
});

test("speed dice: Stunned and Knackered each remove one, minimum one if able to act", () => {
  assert.equal(speedDiceCount({ moves: 10, conditions: ["stunned"] }), 2);
  assert.equal(speedDiceCount({ moves: 10, conditions: ["stunned", "knackered"] }), 1);
  assert.equal(speedDiceCount({ moves: 20, conditions: new Set(["stunned", "knackered"]) }), 2);
  assert.equal(speedDiceCount({ moves: 6, conditions: ["stunned", "knackered"] }), 1);
  assert.equal(speedDiceCount({ moves: 4, conditions: ["knackered"] }), 1);
  assert.equal(speedDiceCount({ moves: 6, conditions: ["shaken", "prone"] }), 2, "other Conditions do nothing");
});

test("speed dice: Down, Cuffed or surrendered have none", () => {
  assert.equal(speedDiceCount({ moves: 12, conditions: ["down"] }), 0);
  assert.equal(speedDiceCount({ moves: 12, conditions: ["cuffed"] }), 0);
  assert.equal(speedDiceCount({ moves: 12, surrendered: true }), 0);
  assert.equal(speedDiceCount({ moves: 6, conditions: ["cuffed"], vehicle: { performance: 20, flatTyres: 0, body: 5 } }), 0);
});

test("speed dice: a driver uses the better of personal and motor counts; tyres and Body cut the motor's", () => {
  assert.equal(speedDiceCount({ moves: 6, vehicle: { performance: 10, flatTyres: 0, body: 8 } }), 3);
  assert.equal(speedDiceCount({ moves: 12, vehicle: { performance: 6, flatTyres: 0, body: 8 } }), 3);
  assert.equal(speedDiceCount({ moves: 4, vehicle: { performance: 10, flatTyres: 1, body: 8 } }), 3, "one flat tyre: no loss");
  assert.equal(speedDiceCount({ moves: 4, vehicle: { performance: 10, flatTyres: 2, body: 8 } }), 2);
  assert.equal(speedDiceCount({ moves: 4, vehicle: { performance: 10, flatTyres: 3, body: 0 } }), 1);
  assert.equal(speedDiceCount({ moves: 4, vehicle: { performance: 6, flatTyres: 4, body: 0 } }), 1, "motor minimum one");
  assert.equal(speedDiceCount({ moves: 20, conditions: ["stunned"], vehicle: { performance: 10, flatTyres: 0, body: 3 } }), 3);
  assert.equal(speedDiceCount({ moves: 6, vehicle: null }), 2);
  assert.throws(() => speedDiceCount({ moves: 6, vehicle: { performance: 7, flatTyres: 0, body: 3 } }), RangeError);
});

// ---------------------------------------------------------------- the queue

test("queue: the book's example round — Jaz's better Moves breaks her tie with the rival's 5", () => {
  // Jaz Kaur's pregen has Moves d6 (two dice); the book says Sal's Moves d6 gives two; the rival rolls one die (d4).
  const jaz = { id: "jaz", name: "Jaz", isPC: true, movesDie: 6, dice: [5, 2] };
  const sal = { id: "sal", name: "Sal", isPC: true, movesDie: 6, dice: [4, 1] };
  const rival = { id: "rival", name: "Rival", isPC: false, movesDie: 4, dice: [5] };
  assert.equal(speedDiceCount({ moves: jaz.movesDie }), 2);
  assert.equal(speedDiceCount({ moves: sal.movesDie }), 2);
  assert.equal(speedDiceCount({ moves: rival.movesDie }), 1);
  const queue = speedQueue([rival, sal, jaz]);
  assert.deepEqual(queue, [
    { combatantId: "jaz", face: 5, index: 0 },
    { combatantId: "rival", face: 5, index: 0 },
    { combatantId: "sal", face: 4, index: 0 },
    { combatantId: "jaz", face: 2, index: 1 },
    { combatantId: "sal", face: 1, index: 1 }
  ]);
  assert.equal(queue.length, 5, "each die is one action");
});

test("queue: ties go better Moves, then PC before NPC, then name, then id — whatever the input order", () => {
  const entries = [
    { id: "z", name: "Bob", isPC: false, movesDie: 8, dice: [3] },
    { id: "y", name: "Bob", isPC: false, movesDie: 8, dice: [3] },
    { id: "x", name: "Ade", isPC: false, movesDie: 8, dice: [3] },
    { id: "w", name: "Zed", isPC: true, movesDie: 8, dice: [3] },
    { id: "v", name: "Yan", isPC: false, movesDie: 10, dice: [3] },
    { id: "u", name: "Émile", isPC: false, movesDie: 8, dice: [3, 3] }
  ];
  // Yan's d10 first; then at d8 the PC Zed; then NPCs by name — Ade, Bob (id y), Bob (id z), Émile (both dice).
  const expected = ["v", "w", "x", "y", "z", "u", "u"];
  const order = q => q.map(a => a.combatantId);
  const run = speedQueue(entries);
  assert.deepEqual(order(run), expected);
  assert.deepEqual(order(speedQueue([...entries].reverse())), expected, "input order does not matter");
  assert.deepEqual(run.filter(a => a.combatantId === "u").map(a => a.index), [0, 1]);
});

test("queue: alphabetical uses a fixed locale (accents sort with their letter)", () => {
  const q = speedQueue([
    { id: "1", name: "Zed", isPC: false, movesDie: 6, dice: [4] },
    { id: "2", name: "Émile", isPC: false, movesDie: 6, dice: [4] },
    { id: "3", name: "Bob", isPC: false, movesDie: 6, dice: [4] }
  ]);
  assert.deepEqual(q.map(a => a.combatantId), ["3", "2", "1"]);
});

test("queue: bad faces and duplicate ids are refused", () => {
  assert.throws(() => speedQueue([{ id: "a", name: "A", isPC: true, movesDie: 6, dice: [7] }]), RangeError);
  assert.throws(() => speedQueue([{ id: "a", name: "A", isPC: true, movesDie: 6, dice: [0] }]), RangeError);
  assert.throws(() => speedQueue([
    { id: "a", name: "A", isPC: true, movesDie: 6, dice: [1] },
    { id: "a", name: "B", isPC: true, movesDie: 6, dice: [2] }
  ]), RangeError);
  assert.deepEqual(speedQueue([]), []);
});

// ---------------------------------------------------------------- ranges

test("range bands: Engaged ≤1.6, Near ≤10, Far ≤25, Distant beyond, Distant −1", () => {
  assert.deepEqual([0, 1, 1.6, 1.61, 10, 10.5, 25, 25.01, 100].map(rangeBand),
    ["engaged", "engaged", "engaged", "near", "near", "far", "far", "distant", "distant"]);
  assert.equal(rangeBand(Math.SQRT2), "engaged", "very close diagonal contact is Engaged");
  assert.throws(() => rangeBand(-1), RangeError);
  assert.throws(() => rangeBand(Number.NaN), RangeError);
  assert.deepEqual(["engaged", "near", "far", "distant"].map(bandAttack), [0, 0, 0, -1]);
  assert.throws(() => bandAttack("miles"), RangeError);
});

test("inRange: a weapon's listed range is its maximum", () => {
  assert.equal(inRange("near", "engaged"), true);
  assert.equal(inRange("near", "near"), true);
  assert.equal(inRange("near", "far"), false);
  assert.equal(inRange("engaged", "near"), false);
  assert.equal(inRange("distant", "distant"), true);
  assert.equal(inRange("far", "distant"), false);
  assert.throws(() => inRange("near", "miles"), RangeError);
});

// ---------------------------------------------------------------- attack modifiers

test("attack modifiers: single shot, burst (burst trait only), close quarters and Distant", () => {
  const pick = m => ({ attack: m.attack, impact: m.impact, rounds: m.rounds });
  assert.deepEqual(pick(attackModifiers({ weapon: weapon("polymerNine"), band: "near" })), { attack: 0, impact: 0, rounds: 1 });
  assert.deepEqual(pick(attackModifiers({ weapon: weapon("microSmg"), band: "near", burst: true })), { attack: 0, impact: 2, rounds: 3 });
  assert.throws(() => attackModifiers({ weapon: weapon("polymerNine"), band: "near", burst: true }), RangeError);
  assert.deepEqual(pick(attackModifiers({ weapon: weapon("sawnOff"), band: "engaged" })), { attack: 0, impact: 2, rounds: 1 });
  assert.deepEqual(pick(attackModifiers({ weapon: weapon("sawnOff"), band: "near" })), { attack: 0, impact: 0, rounds: 1 });
  assert.deepEqual(pick(attackModifiers({ weapon: weapon("kalash"), band: "engaged", burst: true })), { attack: -2, impact: 2, rounds: 3 });
  assert.deepEqual(pick(attackModifiers({ weapon: weapon("huntingRifle"), band: "distant" })), { attack: -1, impact: 0, rounds: 1 });
  assert.deepEqual(pick(attackModifiers({ weapon: weapon("cricketBat"), band: "engaged" })), { attack: 0, impact: 0, rounds: 0 });
  assert.throws(() => attackModifiers({ weapon: weapon("kalash"), band: "distant" }), RangeError, "beyond listed range");
  const m = attackModifiers({ weapon: weapon("kalash"), band: "engaged", burst: true });
  assert.deepEqual(m.effects, [{ id: "burst", value: 2 }, { id: "rifleEngaged", value: -2 }]);
  // What applied is data (ids and numbers); the attack card words it through lang/en.json (SMOKE.AttackEffect.*).
  assert.deepEqual(attackModifiers({ weapon: weapon("sawnOff"), band: "engaged" }).effects, [{ id: "shotgunEngaged", value: 2 }]);
  assert.deepEqual(attackModifiers({ weapon: weapon("huntingRifle"), band: "distant" }).effects, [{ id: "range", band: "distant", value: -1 }]);
  assert.deepEqual(attackModifiers({ weapon: weapon("polymerNine"), band: "near" }).effects, []);
});

test("attack modifiers: drive-by −1 / −2 (driver no two-handed weapon), tyres −2", () => {
  const pick = m => ({ attack: m.attack, impact: m.impact, rounds: m.rounds });
  assert.deepEqual(pick(attackModifiers({ weapon: weapon("polymerNine"), band: "near", driveBy: "passenger" })), { attack: -1, impact: 0, rounds: 1 });
  assert.deepEqual(pick(attackModifiers({ weapon: weapon("polymerNine"), band: "near", driveBy: "driver" })), { attack: -2, impact: 0, rounds: 1 });
  assert.deepEqual(pick(attackModifiers({ weapon: weapon("kalash"), band: "far", driveBy: "passenger", burst: true })), { attack: -1, impact: 2, rounds: 3 });
  assert.throws(() => attackModifiers({ weapon: weapon("kalash"), band: "far", driveBy: "driver" }), RangeError);
  assert.deepEqual(pick(attackModifiers({ weapon: weapon("polymerNine"), band: "near", tyres: true })), { attack: -2, impact: 0, rounds: 1 });
  assert.deepEqual(pick(attackModifiers({ weapon: weapon("polymerNine"), band: "near", tyres: true, driveBy: "driver" })), { attack: -4, impact: 0, rounds: 1 });
  assert.throws(() => attackModifiers({ weapon: weapon("polymerNine"), band: "near", driveBy: /** @type {any} */ ("rider") }), RangeError);
  assert.deepEqual(attackModifiers({ weapon: weapon("polymerNine"), band: "near", tyres: true, driveBy: "driver" }).effects,
    [{ id: "driveBy", role: "driver", value: -2 }, { id: "tyres", value: -2 }]);
});

// ---------------------------------------------------------------- damage, severity, Dodge

test("damage and severity: the book's bat example (Guard 10, Impact 3, total 13, reduction 1 → 5, Severe)", () => {
  const ex = RULES.combat.attack.example;
  const guard = 10, impact = 3, total = 13, reduction = 1;
  const margin = total - guard;
  assert.equal(margin, 3);
  const dmg = damage({ margin, impact, reduction });
  assert.equal(dmg, 5);
  const sev = severity(dmg);
  assert.equal(sev.id, "severe");
  assert.ok(sev.suggested.includes("bleeding"), "the GM chooses Bleeding");
  assert.equal(8 - dmg, 3, "8 Health → 3, still standing");
  assert.deepEqual({ margin, dmg, sev: sev.id }, { margin: ex.margin, dmg: ex.damage, sev: ex.severity });
});

test("damage: minimum 0, a miss deals nothing, margin 0 hits", () => {
  assert.equal(damage({ margin: 0, impact: 2, reduction: 0 }), 2);
  assert.equal(damage({ margin: 0, impact: 1, reduction: 3 }), 0);
  assert.equal(damage({ margin: -1, impact: 6, reduction: 0 }), 0);
  assert.equal(damage({ margin: 2, impact: 4 }), 6);
  assert.throws(() => damage({ margin: Number.NaN, impact: 1, reduction: 0 }), RangeError);
});

test("severity: the table's bands and suggested Conditions", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 20].map(d => severity(d).id),
    ["none", "minor", "minor", "moderate", "moderate", "severe", "severe", "critical", "critical"]);
  assert.deepEqual(severity(0).suggested, []);
  assert.deepEqual(severity(1).suggested, ["bruised", "shaken", "prone"]);
  assert.deepEqual(severity(3).suggested, ["hurt", "stunned", "restrained"]);
  assert.deepEqual(severity(9).suggested, ["broken", "bleeding"]);
  assert.equal(severity(5).label, "Severe");
  assert.throws(() => severity(-1), RangeError);
  assert.throws(() => severity(1.5), RangeError);
});

test("Dodge: meeting the attack's total succeeds; Stunned and Down prevent the reaction", () => {
  assert.equal(dodge({ attackTotal: 13, dodgeTotal: 13 }), true);
  assert.equal(dodge({ attackTotal: 13, dodgeTotal: 14 }), true);
  assert.equal(dodge({ attackTotal: 13, dodgeTotal: 12 }), false);
  assert.equal(canReact([], false), true);
  assert.equal(canReact([], true), false);
  assert.equal(canReact(["stunned"], false), false);
  assert.equal(canReact(new Set(["down"]), false), false);
  assert.equal(canReact(["prone", "grabbed"], false), true);
});

test("a weapon offers only its own attack options (issue 25: no burst, tyres or drive-by with Fists)", () => {
  assert.deepEqual(weaponOptions({ category: "melee", traits: [] }), { burst: false, tyres: false, driveBy: false });
  assert.deepEqual(weaponOptions({ category: "thrown", traits: [] }), { burst: false, tyres: false, driveBy: false });
  assert.deepEqual(weaponOptions({ category: "handgun", traits: [] }), { burst: false, tyres: true, driveBy: true });
  assert.deepEqual(weaponOptions({ category: "smg", traits: ["burst"] }), { burst: true, tyres: true, driveBy: true });
  const fists = { category: "melee", traits: [], range: "engaged" };
  assert.throws(() => attackModifiers({ weapon: fists, band: "engaged", tyres: true }), /fires/);
  assert.throws(() => attackModifiers({ weapon: fists, band: "engaged", driveBy: "passenger" }), /fires/);
});
