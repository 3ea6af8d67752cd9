// Node tests of the weapons' own rules (rulebook: Weapons · item notes; Attacking and defending › Defensive actions,
// Damage): who an area weapon catches and what each takes, the Smoke Grenade, the Petrol Bomb's miss, the Converted
// Pistol's jam, the Broken Bottle smashing, the Hand Cannon's kick and full concealment. The weapons are read from
// their catalogue entries (packs-src/weapons), so a changed entry changes what these tests expect.
import { test } from "node:test";
import assert from "node:assert/strict";
import { areaCaught, areaDamage, attackAftermath, isArea, targetingBlocked, weaponOffYourGame } from "../../module/rules/weapon-effects.mjs";
import { weaponConditions } from "../../module/rules/combat.mjs";
import { planCheck } from "../../module/rules/check.mjs";
import { entry } from "./helpers/catalogue.mjs";

const W = key => entry("weapons", key);

test("the catalogue carries the book's notes as rule fields", () => {
  assert.equal(W("frag-grenade").areaEngaged, true);
  assert.equal(W("flashbang").areaEngaged, true);
  assert.equal(W("rocket-launcher").areaEngaged, true);
  assert.equal(W("smoke-grenade").fillsArea, true);
  assert.equal(W("petrol-bomb").missSetsFire, true);
  assert.equal(W("converted-pistol").jamsOn, "properMess");
  assert.equal(W("broken-bottle").breaksOn, "properMess");
  assert.deepEqual(W("hand-cannon").offYourGameWith, { stat: "mus", die: 4 });
  for (const k of ["kitchen-knife", "polymer-nine", "brick", "service-revolver"]) assert.equal(isArea(W(k)), false, k);
});

test("Frag, Flashbang and Rocket hit everyone Engaged with the target (≤ 1.6 squares), the attacker too", () => {
  const others = [{ id: "beside", distance: 1 }, { id: "diagonal", distance: Math.SQRT2 }, { id: "edge", distance: 1.6 },
    { id: "two", distance: 2 }, { id: "offMap", distance: null }, { id: "thrower", distance: 1 }];
  for (const k of ["frag-grenade", "flashbang", "rocket-launcher", "smoke-grenade"]) {
    assert.deepEqual(areaCaught(W(k), others), ["beside", "diagonal", "edge", "thrower"], k);
  }
  assert.deepEqual(areaCaught(W("polymer-nine"), others), []);
  assert.deepEqual(areaCaught(W("petrol-bomb"), others), [], "a Petrol Bomb's hit is its target's alone");
  assert.throws(() => areaCaught(W("frag-grenade"), [{ id: "x", distance: -1 }]), RangeError);
});

test("each caught takes the hit: the target's margin + Impact − their own armour, minimum 0", () => {
  // A Frag Grenade (Impact 8) thrown with margin +2: 10 to the unarmoured, 10 − 3 = 7 through Police Body Armour.
  const impact = W("frag-grenade").impact;
  assert.equal(impact, 8);
  assert.deepEqual(areaDamage({ margin: 2, impact, caught: [{ id: "a", reduction: 0 }, { id: "b", reduction: 3 }] }),
    [{ id: "a", damage: 10 }, { id: "b", damage: 7 }]);
  // The Rocket Launcher (Impact 10) at margin 0: 10.
  assert.deepEqual(areaDamage({ margin: 0, impact: W("rocket-launcher").impact, caught: [{ id: "a", reduction: 0 }] }),
    [{ id: "a", damage: 10 }]);
  // The Flashbang (Impact 0) at margin 1 through 3 armour: 0 damage, but its stun still lands (below).
  assert.deepEqual(areaDamage({ margin: 1, impact: W("flashbang").impact, caught: [{ id: "a", reduction: 3 }] }),
    [{ id: "a", damage: 0 }]);
});

test("the Flashbang stuns everyone it catches; the Smoke Grenade gasses them (the traits' Extra effects)", () => {
  assert.deepEqual(weaponConditions(W("flashbang").traits, "sorted", 0), ["stunned", "prone"]);
  assert.deepEqual(weaponConditions(W("smoke-grenade").traits, "justAbout", 0), ["gassed"]);
  assert.deepEqual(weaponConditions(W("frag-grenade").traits, "sorted", 10), []);
});

test("the Converted Pistol jams on a Proper Mess, and only then", () => {
  const pistol = W("converted-pistol");
  assert.deepEqual(attackAftermath(pistol, { outcome: "properMess", margin: -4 }), ["jammed"]);
  for (const outcome of ["badLuck", "justAbout", "sorted", "smashedIt", "legendary"]) {
    assert.deepEqual(attackAftermath(pistol, { outcome, margin: 0 }), [], outcome);
  }
  assert.deepEqual(attackAftermath(W("service-revolver"), { outcome: "properMess", margin: -5 }), [], "never jams");
});

test("the Broken Bottle smashes on a Proper Mess", () => {
  assert.deepEqual(attackAftermath(W("broken-bottle"), { outcome: "properMess", margin: -6 }), ["smashed"]);
  assert.deepEqual(attackAftermath(W("broken-bottle"), { outcome: "badLuck", margin: -1 }), []);
  assert.deepEqual(attackAftermath(W("kitchen-knife"), { outcome: "properMess", margin: -6 }), []);
});

test("a Petrol Bomb's miss sets fire to whatever is next to the target; its hit sets the target Burning", () => {
  const bomb = W("petrol-bomb");
  assert.deepEqual(attackAftermath(bomb, { outcome: "badLuck", margin: -1 }), ["missSetsFire"]);
  assert.deepEqual(attackAftermath(bomb, { outcome: "properMess", margin: -4 }), ["missSetsFire"]);
  assert.deepEqual(attackAftermath(bomb, { outcome: "justAbout", margin: 0 }), [], "margin 0 hits");
  assert.deepEqual(weaponConditions(bomb.traits, "justAbout", 5), ["burning"]);
  assert.deepEqual(attackAftermath(W("brick"), { outcome: "badLuck", margin: -1 }), []);
});

test("the Hand Cannon is Off Your Game for a shooter with Muscle d4, not d6", () => {
  const cannon = W("hand-cannon");
  assert.equal(weaponOffYourGame(cannon, { mus: 4, aim: 8 }), true);
  assert.equal(weaponOffYourGame(cannon, { mus: 6, aim: 4 }), false);
  assert.equal(weaponOffYourGame(W("polymer-nine"), { mus: 4 }), false);
  // The check: Off Your Game means no explosions (Aim d8 + Effort d6 roll without the x).
  const plan = planCheck({ statDie: 8, statKey: "aim", tn: 11, offYourGame: true });
  assert.equal(plan.flags.offYourGame, true);
  assert.equal(plan.formula.includes("x"), false);
  assert.ok(plan.applied.some(a => a.kind === "weapon" && a.id === "offYourGame"));
  // With 2 Hustle (On a Roll) the two cancel: normal explosions.
  const both = planCheck({ statDie: 8, statKey: "aim", tn: 11, offYourGame: true, hustle: 2, hustlePoints: 3 });
  assert.equal(both.flags.onARoll && both.flags.offYourGame, true);
  assert.match(both.formula, /1d6x>=6/);
  assert.equal(planCheck({ statDie: 8, statKey: "aim", tn: 11 }).flags.offYourGame, false);
});

test("full concealment blocks ordinary targeted attacks, not an area; smoke blocks targeting from outside it", () => {
  assert.equal(targetingBlocked({ weapon: W("polymer-nine"), concealed: true }), "concealed");
  assert.equal(targetingBlocked({ weapon: W("frag-grenade"), concealed: true }), null);
  assert.equal(targetingBlocked({ weapon: W("smoke-grenade"), concealed: true }), null);
  assert.equal(targetingBlocked({ weapon: W("polymer-nine") }), null);
  assert.equal(targetingBlocked({ weapon: W("polymer-nine"), targetCloud: "c1" }), "smoke");
  assert.equal(targetingBlocked({ weapon: W("frag-grenade"), targetCloud: "c1", attackerCloud: "c2" }), "smoke");
  assert.equal(targetingBlocked({ weapon: W("kitchen-knife"), targetCloud: "c1", attackerCloud: "c1" }), null, "inside the same cloud");
  assert.equal(targetingBlocked({ weapon: W("polymer-nine"), attackerCloud: "c1" }), null, "from inside out: the book does not bar it");
});
