// Node tests of a speed-dice round in play (module/rules/round.mjs) and the attack helpers added to
// module/rules/combat.mjs: the queue and its tie-breaks, spending and stepping back, the end of a round, the
// Wasted cash loss, defences, weapon Conditions, the GM's Condition choices and reloading. Numbers are the book's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { queueState, endOfRound, endOfTurn, pocketCashLoss, defenceModifiers, combatGuard } from "../../module/rules/round.mjs";
import { compareTied, conditionChoices, damage, reloadPlan, severity, weaponConditions } from "../../module/rules/combat.mjs";

const die = (face, spent = null) => ({ face, spent });
const pc = (id, name, dice, movesDie = 6) => ({ id, name, isPC: true, movesDie, dice });
const npc = (id, name, dice, movesDie = 6) => ({ id, name, isPC: false, movesDie, dice });

test("queue: A [5, 3] and B [5, 2] → A5, B5, A3, B2 (a tie on 5 goes alphabetically when Moves and side match)", () => {
  const q = queueState([pc("b", "B", [die(5), die(2)]), pc("a", "A", [die(5), die(3)])]);
  assert.deepEqual(q.actions.map(a => `${a.combatantId}${a.face}`), ["a5", "b5", "a3", "b2"]);
  assert.equal(q.current?.combatantId, "a");
  assert.equal(q.current?.face, 5);
  assert.deepEqual(q.left, { a: 2, b: 2 });
  assert.equal(q.last, null);
  assert.equal(q.nextSpend, 1);
});

test("queue tie-breaks: better Moves first, then PC before NPC, then name", () => {
  const moves = queueState([pc("a", "A", [die(4)], 6), pc("z", "Z", [die(4)], 10)]);
  assert.deepEqual(moves.actions.map(a => a.combatantId), ["z", "a"], "d10 Moves beats d6 on a tie");
  const side = queueState([npc("a", "A", [die(4)]), pc("z", "Z", [die(4)])]);
  assert.deepEqual(side.actions.map(a => a.combatantId), ["z", "a"], "PC before NPC");
  assert.ok(compareTied({ id: "1", name: "Ann", isPC: true, movesDie: 6 }, { id: "2", name: "Bob", isPC: true, movesDie: 6 }) < 0);
  assert.ok(compareTied({ id: "2", name: "Ann", isPC: true, movesDie: 6 }, { id: "1", name: "Ann", isPC: true, movesDie: 6 }) > 0,
    "same name: the id decides, so every client agrees");
});

test("queue: spending moves the current die; stepping back finds the last spent; a joiner resets nothing", () => {
  const a = pc("a", "A", [die(5, 1), die(3)]);
  const b = pc("b", "B", [die(5, 2), die(2)]);
  let q = queueState([a, b]);
  assert.equal(q.current?.combatantId, "a");
  assert.equal(q.current?.face, 3);
  assert.equal(q.last?.combatantId, "b", "B's 5 was spent second");
  assert.equal(q.nextSpend, 3);
  q = queueState([a, b, npc("c", "C", [die(6), die(1)])]);
  assert.equal(q.current?.combatantId, "c", "a late 6 acts next");
  assert.equal(q.actions.filter(x => x.spent !== null).length, 2, "the spent dice stay spent");
  assert.deepEqual(q.left, { a: 1, b: 1, c: 2 });
  assert.throws(() => queueState([pc("a", "A", [die(7)])]), RangeError);
  assert.throws(() => queueState([pc("a", "A", [die(4, 0)])]), RangeError);
  const down = queueState([{ ...pc("a", "A", [die(6), die(2)]), canAct: false }, pc("b", "B", [die(4)])]);
  assert.equal(down.current?.combatantId, "b", "a Down combatant's dice are skipped");
  assert.deepEqual(down.left, { a: 0, b: 1 });
  assert.deepEqual(down.actions.map(x => x.lost), [true, false, true]);
  const done = queueState([pc("a", "A", [die(4, 1)])]);
  assert.equal(done.current, null);
});

test("end of round: Bleeding −1, Burning −2, Stunned ends, 0 Health is Down", () => {
  const [e] = endOfRound([{ id: "x", health: 8, conditions: ["bleeding", "burning", "stunned"] }]);
  assert.equal(e.healthLost, 3);
  assert.equal(e.health, 5);
  assert.deepEqual(e.remove, ["stunned"]);
  assert.equal(e.clearDefences, true);
  assert.equal(e.down, false);
  const [low] = endOfRound([{ id: "y", health: 1, conditions: ["burning"] }]);
  assert.equal(low.health, 0);
  assert.equal(low.healthLost, 1, "Health does not go below 0");
  assert.equal(low.down, true);
  assert.equal(low.downRounds, 1, "Down at step 3 counts (see the A10 ruling below)");
  const [plain] = endOfRound([{ id: "z", health: 6, conditions: ["prone"] }]);
  assert.equal(plain.healthLost, 0);
  assert.deepEqual(plain.remove, []);
});

test("end of round: three rounds Down without aid → Wasted", () => {
  const down = n => endOfRound([{ id: "d", health: 0, conditions: ["down"], downRounds: n }])[0];
  assert.equal(down(0).downRounds, 1);
  assert.equal(down(0).wasted, false);
  assert.equal(down(1).wasted, false);
  assert.equal(down(2).downRounds, 3);
  assert.equal(down(2).wasted, true);
  assert.throws(() => endOfRound([{ id: "q", health: -1, conditions: [] }]), RangeError);
  const [gone] = endOfRound([{ id: "w", health: 0, conditions: ["down", "bleeding", "stunned"], downRounds: 3, defeated: true }]);
  assert.deepEqual([gone.healthLost, gone.remove, gone.downRounds, gone.wasted], [0, [], 3, false],
    "someone already Wasted is not Wasted again, nor bleeds");
  const [car] = endOfRound([{ id: "v", health: 5, conditions: ["burning"], person: false }]);
  assert.equal(car.healthLost, 0, "a motor's fire is its own rule");
});

test("Wasted: 10% of pocket cash rounded, at least £50, never more than held (book: £30 → £30, £800 → £80)", () => {
  assert.equal(pocketCashLoss(30), 30);
  assert.equal(pocketCashLoss(800), 80);
  assert.equal(pocketCashLoss(0), 0);
  assert.equal(pocketCashLoss(499), 50);
  assert.equal(pocketCashLoss(1000), 100);
  assert.equal(pocketCashLoss(505), 51);
  assert.equal(pocketCashLoss(1000, "busted"), 200);
  assert.equal(pocketCashLoss(60, "busted"), 60);
  assert.throws(() => pocketCashLoss(-1), RangeError);
  assert.throws(() => pocketCashLoss(10.5), RangeError);
  assert.throws(() => pocketCashLoss(10, "mugged"), RangeError);
});

test("defences: Dodge action +2, light cover +2, heavy +4 and 1 reduction, enclosed +2", () => {
  assert.deepEqual([defenceModifiers({ dodge: true }).guard, defenceModifiers({ cover: "light" }).guard,
    defenceModifiers({ cover: "heavy" }).guard, defenceModifiers({ enclosed: true }).guard], [2, 2, 4, 2]);
  assert.equal(defenceModifiers({ cover: "heavy" }).reduction, 1);
  assert.equal(defenceModifiers({ dodge: true, cover: "heavy" }).guard, 6);
  assert.equal(defenceModifiers({}).guard, 0);
  assert.equal(combatGuard({ guard: 10, defences: { dodge: true } }), 12);
  assert.equal(combatGuard({ guard: 11, includesConditions: false, conditions: ["prone"] }), 9, "an NPC's printed Guard, Prone −2");
  assert.equal(combatGuard({ guard: 11, includesConditions: true, conditions: ["prone"] }), 11, "a character's Guard already counts it");
  assert.equal(combatGuard({ guard: 11, includesConditions: false, conditions: ["down"], defences: { cover: "light" } }), 9);
});

test("the bat: Guard 10, Impact 3, total 13, armour 1 → 5 damage, Severe; the GM picks one of its suggestions", () => {
  const dealt = damage({ margin: 13 - 10, impact: 3, reduction: 1 });
  assert.equal(dealt, 5);
  assert.equal(severity(dealt).id, "severe");
  const choice = conditionChoices(dealt, false);
  assert.equal(choice.severity, "severe");
  assert.ok(choice.suggested.includes("bleeding"));
  assert.deepEqual(conditionChoices(3, false).suggested, ["hurt", "stunned", "restrained"]);
  assert.deepEqual(conditionChoices(3, true).suggested, ["hurt", "stunned", "restrained", "bleeding", "inPain", "broken", "brickingIt"],
    "an explosion unlocks the next band's suggestions too");
  assert.deepEqual(conditionChoices(0, true).suggested, [], "no damage, no Condition");
  assert.ok(!conditionChoices(8, false).suggested.includes("down"), "Down is automatic at 0 Health, never a pick");
});

test("weapon Conditions: stun → Stunned + Prone; gas/smoke → Gassed; fire → Burning; bleed on Smashed It+ with damage", () => {
  assert.deepEqual(weaponConditions(["stun"], "sorted", 0), ["stunned", "prone"]);
  assert.deepEqual(weaponConditions(["gas"], "justAbout", 0), ["gassed"]);
  assert.deepEqual(weaponConditions(["smoke", "gas"], "sorted", 0), ["gassed"]);
  assert.deepEqual(weaponConditions(["fire"], "sorted", 2), ["burning"]);
  assert.deepEqual(weaponConditions(["bleed"], "smashedIt", 3), ["bleeding"]);
  assert.deepEqual(weaponConditions(["bleed"], "legendary", 1), ["bleeding"]);
  assert.deepEqual(weaponConditions(["bleed"], "sorted", 3), [], "Sorted is not enough");
  assert.deepEqual(weaponConditions(["bleed"], "smashedIt", 0), [], "a bleed needs damage");
  assert.deepEqual(weaponConditions(["loud", "concealable"], "legendary", 9), []);
});

test("reload: fills what the magazine lacks from matching carried rounds, in order", () => {
  const mag = { size: 15, loaded: 3, ammoType: "9mm" };
  assert.deepEqual(reloadPlan(mag, [{ id: "a", ammoType: "9mm", quantity: 5 }, { id: "b", ammoType: ".22", quantity: 50 },
    { id: "c", ammoType: "9mm", quantity: 50 }]), { moved: 12, takes: [{ id: "a", quantity: 0 }, { id: "c", quantity: 43 }] });
  assert.deepEqual(reloadPlan(mag, [{ id: "b", ammoType: ".22", quantity: 50 }]), { moved: 0, takes: [] });
  assert.deepEqual(reloadPlan({ size: 6, loaded: 6, ammoType: "x" }, [{ id: "a", ammoType: "x", quantity: 9 }]), { moved: 0, takes: [] });
});

test("Attacking and defending › Extra effects, Weapons · Item notes: the Broken Bottle bleeds on any hit that does damage, not only on Smashed It", async () => {
  const { RULES } = await import("../../module/generated/rules.mjs");
  // packs-src/weapons/broken-bottle.yml: traits bleed, concealable; bleedOn: anyDamage (its entry's own rule).
  const bottle = { bleedOn: "anyDamage" };
  assert.deepEqual(weaponConditions(["bleed", "concealable"], "justAbout", 1, bottle), ["bleeding"]);
  assert.deepEqual(weaponConditions(["bleed", "concealable"], "sorted", 2, bottle), ["bleeding"]);
  assert.deepEqual(weaponConditions(["bleed", "concealable"], "smashedIt", 4, bottle), ["bleeding"]);
  assert.deepEqual(weaponConditions(["bleed", "concealable"], "sorted", 0, bottle), [], "any damage: none dealt, no bleed");
  // The Kitchen Knife (bleedOn: smashedIt) keeps the generic bleed trait's rule.
  assert.deepEqual(weaponConditions(["bleed", "concealable"], "sorted", 3, { bleedOn: "smashedIt" }), []);
  assert.deepEqual(weaponConditions(["bleed", "concealable"], "smashedIt", 3, { bleedOn: "smashedIt" }), ["bleeding"]);
  // The generic row stays the book's "Extra effects" rule.
  assert.deepEqual(RULES.combat.weaponEffects.find(r => r.trait === "bleed")?.outcomes, ["smashedIt", "legendary"]);
});

test("End a round › the Down clock (ruling: step 3 counts everyone Down then) starts the same whether an attack or Bleeding caused Down", () => {
  // Knocked Down by an attack during the round: at 0 Health and Down when the round ends.
  const [attack] = endOfRound([{ id: "a", health: 0, conditions: ["down"], downRounds: 0 }]);
  // Bled to 0 in step 1 of the same end of round (1 Health, Bleeding −1).
  const [bleed] = endOfRound([{ id: "b", health: 1, conditions: ["bleeding"], downRounds: 0 }]);
  assert.deepEqual([attack.down, attack.downRounds], [true, 1]);
  assert.deepEqual([bleed.down, bleed.health, bleed.downRounds], [true, 0, 1]);
  // Three rounds Down without aid → Wasted, counted alike.
  const third = n => endOfRound([{ id: "c", health: 0, conditions: ["down", "bleeding"], downRounds: n }])[0];
  assert.deepEqual([third(1).wasted, third(2).wasted], [false, true]);
});

test("Conditions › Stunned: the simple tracker ends it at the end of the character's next turn, not at the round's end", () => {
  const [e] = endOfRound([{ id: "s", health: 6, conditions: ["stunned"], simple: true }]);
  assert.deepEqual(e.remove, [], "the round's end leaves it (simple tracker)");
  assert.deepEqual(endOfRound([{ id: "s", health: 6, conditions: ["stunned"] }])[0].remove, ["stunned"], "speed dice: the round's end");
  // Stunned by someone else's attack before this turn: the turn began Stunned and ends it.
  assert.deepEqual(endOfTurn({ conditions: ["stunned"], key: 2001, start: { key: 2001, stunned: true } }), ["stunned"]);
  // Stunned during the character's own turn: it lasts to the end of the next one.
  assert.deepEqual(endOfTurn({ conditions: ["stunned"], key: 2001, start: { key: 2001, stunned: false } }), []);
  assert.deepEqual(endOfTurn({ conditions: ["stunned"], key: 3001, start: { key: 3001, stunned: true } }), ["stunned"]);
  assert.deepEqual(endOfTurn({ conditions: ["stunned"], key: 1000, start: null }), ["stunned"], "no record: it began Stunned");
  assert.deepEqual(endOfTurn({ conditions: ["prone"], key: 1000 }), []);
});
