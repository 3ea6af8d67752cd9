// Node tests of the die ladder, the check (plan → resolve), teamwork, challenges and the derived record numbers,
// with the rulebook's worked examples and its numbers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { stepDie, modifierOf, explodesFrom, dieFormula } from "../../module/rules/dice.mjs";
import {
  bandTN, conditionEffects, planCheck, resolveCheck, outcomeFor, momentFor, teamwork, challengeContribution,
  challengeState
} from "../../module/rules/check.mjs";
import {
  guardBase, guardValue, guardBreakdown, armourReduction, wornArmour, hustleMax, repTier, statCap, isEmpire,
  nextThreshold, levelForXp
} from "../../module/rules/record.mjs";
import { RULES } from "../../module/generated/rules.mjs";
import { entry } from "./helpers/catalogue.mjs";

// ---------------------------------------------------------------- the die ladder

test("die ladder: steps, modifiers, and the +2 overflow above d12 before Empire", () => {
  assert.deepEqual([4, 6, 8, 10, 12, 20].map(modifierOf), [2, 3, 4, 5, 6, 10]);
  assert.throws(() => modifierOf(7), RangeError);
  assert.deepEqual(stepDie(6, 1), { die: 8, bonus: 0, overflowSteps: 0 });
  assert.deepEqual(stepDie(8, 2), { die: 12, bonus: 0, overflowSteps: 0 });
  assert.deepEqual(stepDie(12, 1), { die: 12, bonus: 2, overflowSteps: 1 });
  assert.deepEqual(stepDie(12, 2), { die: 12, bonus: 4, overflowSteps: 2 });
  assert.deepEqual(stepDie(10, 3), { die: 12, bonus: 4, overflowSteps: 2 });
  // At Empire a temporary step can reach d20; beyond it the same +2 overflow applies.
  assert.deepEqual(stepDie(12, 1, { empire: true }), { die: 20, bonus: 0, overflowSteps: 0 });
  assert.deepEqual(stepDie(20, 1, { empire: true }), { die: 20, bonus: 2, overflowSteps: 1 });
  assert.deepEqual(stepDie(6, 0), { die: 6, bonus: 0, overflowSteps: 0 });
  assert.deepEqual(stepDie(8, -1), { die: 6, bonus: 0, overflowSteps: 0 });
  assert.throws(() => stepDie(4, -1), RangeError);
  assert.throws(() => stepDie(7, 1), RangeError);
  assert.throws(() => stepDie(6, 0.5), TypeError);
});

test("explosion thresholds and Foundry formulas: top face, On a Roll top two, none", () => {
  assert.equal(explodesFrom(6, "normal"), 6);
  assert.equal(explodesFrom(6, "onARoll"), 5);
  assert.equal(explodesFrom(8, "onARoll"), 7);
  assert.equal(explodesFrom(6, "none"), null);
  assert.equal(dieFormula(6, "normal"), "1d6x>=6");
  assert.equal(dieFormula(6, "onARoll"), "1d6x>=5");
  assert.equal(dieFormula(6, "none"), "1d6");
  assert.throws(() => explodesFrom(6, "wild"), RangeError);
});

// ---------------------------------------------------------------- TNs and outcomes

test("band TNs come from the unboosted dice (Choosing difficulty; Variable Effort tables)", () => {
  assert.equal(bandTN(6, 8, "medium"), 12); // Danny's lock
  assert.equal(bandTN(6, 8, "hard"), 14); // Jaz's getaway: Performance d6, Wheels d8
  assert.equal(bandTN(6, 4, "easy"), 6);
  assert.equal(bandTN(20, 20, "longShot"), 44);
  assert.throws(() => bandTN(6, 7, "medium"), RangeError);
  assert.throws(() => bandTN(5, 8, "medium"), RangeError);
  assert.throws(() => bandTN(6, 8, "impossible"), RangeError);
});

test("margins read the outcome table; meeting the TN is Just About", () => {
  const cases = { [-10]: "properMess", [-4]: "properMess", [-3]: "badLuck", [-1]: "badLuck", 0: "justAbout",
    1: "sorted", 3: "sorted", 4: "smashedIt", 7: "smashedIt", 8: "legendary", 30: "legendary" };
  for (const [margin, id] of Object.entries(cases)) assert.equal(outcomeFor(Number(margin)).id, id, `margin ${margin}`);
  assert.equal(outcomeFor(0).success, true);
  assert.equal(outcomeFor(-1).success, false);
  assert.equal(momentFor(0), null);
  assert.deepEqual([1, 2, 3, 4, 9].map(n => momentFor(n).id), ["niceOne", "aBlinder", "absoluteScenes", "frontPage", "frontPage"]);
});

// ---------------------------------------------------------------- the book's checks

test("A lock under the arches: Danny, Effort d6 5, Graft d8 8→2, +4 vs TN 12 = 19, +7, Smashed It, Nice One", () => {
  const tn = bandTN(6, 8, "medium");
  const plan = planCheck({ effortDie: 6, statDie: 8, statKey: "grf", tn });
  assert.equal(plan.tn, 12);
  assert.equal(plan.modifier, 4);
  assert.deepEqual(plan.formulas, { effort: "1d6x>=6", stat: "1d8x>=8" });
  assert.equal(plan.formula, "1d6x>=6 + 1d8x>=8 + 4");
  const r = resolveCheck({ effortRolls: [5], statRolls: [8, 2], plan });
  assert.equal(r.total, 19);
  assert.equal(r.margin, 7);
  assert.equal(r.outcome, "smashedIt");
  assert.equal(r.outcomeLabel, "Smashed It");
  assert.equal(r.success, true);
  assert.equal(r.explosions, 1);
  assert.equal(r.moment, "niceOne");
  assert.deepEqual(r.stat, { die: 8, chain: [8, 2], total: 10, explosions: 1 });
  assert.deepEqual(r.effort, { die: 6, chain: [5], total: 5, explosions: 0 });
  // The same numbers are the data's own worked example.
  const ex = RULES.outcomes.example;
  assert.deepEqual([r.total, r.margin, r.outcome, r.explosions, r.moment], [ex.total, ex.margin, ex.outcome, ex.explosions, ex.moment]);
});

test("A better getaway: Getaway Driver → Wheels d10 +5, 1 Hustle → Performance d8, TN stays 14, Handling added", () => {
  const tn = bandTN(6, 8, "hard");
  assert.equal(tn, 14);
  const plan = planCheck({
    statDie: 8, statKey: "whl", perk: "Getaway Driver", hustle: 1, hustlePoints: 3, tn,
    vehicle: { performance: 6, handling: 1 }
  });
  assert.equal(plan.tn, 14);
  assert.equal(plan.stat.die, 10);
  assert.equal(plan.stat.modifier, 5);
  assert.equal(plan.effort.source, "performance");
  assert.equal(plan.effort.baseDie, 6);
  assert.equal(plan.effort.die, 8);
  assert.equal(plan.modifier, 5 + 1);
  assert.equal(plan.formula, "1d8x>=8 + 1d10x>=10 + 6");
  assert.deepEqual(plan.hustle, { spend: "stepEffort", cost: 1, remaining: 2 });
  assert.deepEqual(plan.flags, { onARoll: false, offYourGame: false, inPain: false });
  // What applied is data (ids and numbers); the windows word it (documents/core/check-words.mjs).
  assert.deepEqual(plan.applied, [
    { kind: "performance", die: 6 },
    { kind: "perk", perk: "Getaway Driver", stat: "whl", from: 8, to: 10, bonus: 0 },
    { kind: "hustle", cost: 1, spend: "stepEffort", source: "performance", from: 6, to: 8, bonus: 0 },
    { kind: "handling", value: 1 }
  ]);
  assert.deepEqual(plan.modifierParts, [{ kind: "stat", value: 5, stat: "whl", die: 10 }, { kind: "handling", value: 1 }]);
  assert.deepEqual(plan.warnings, []);
  // Negative Handling is subtracted in the formula.
  const rough = planCheck({ statDie: 8, statKey: "whl", tn, vehicle: { performance: 6, handling: -2 }, situational: -3 });
  assert.equal(rough.modifier, 4 - 2 - 3);
  assert.equal(rough.formula, "1d6x>=6 + 1d8x>=8 - 1");
});

test("a d12 stepped by a perk before Empire stays d12 at +8; at Empire it becomes d20 +10", () => {
  const plan = planCheck({ statDie: 12, statKey: "mus", perk: true, tn: 16 });
  assert.equal(plan.stat.die, 12);
  assert.equal(plan.stat.bonus, 2);
  assert.equal(plan.modifier, 8);
  assert.deepEqual(plan.applied, [{ kind: "perk", perk: null, stat: "mus", from: 12, to: 12, bonus: 2 }]);
  assert.deepEqual(plan.modifierParts, [{ kind: "stat", value: 6, stat: "mus", die: 12 },
    { kind: "statOverflow", value: 2, die: 12 }]);
  const empire = planCheck({ statDie: 12, statKey: "mus", perk: true, tn: 16, empire: true });
  assert.equal(empire.stat.die, 20);
  assert.equal(empire.modifier, 10);
  assert.equal(empire.formulas.stat, "1d20x>=20");
  // Effort overflow too: Effort d12 + 1 Hustle → d12, +2 on the modifier.
  const effort = planCheck({ effortDie: 12, statDie: 6, hustle: 1, hustlePoints: 1, tn: 10 });
  assert.equal(effort.effort.die, 12);
  assert.equal(effort.modifier, 3 + 2);
});

test("2 Hustle is On a Roll (d6 explodes on 5–6) and does NOT also step Effort", () => {
  const plan = planCheck({ effortDie: 6, statDie: 8, statKey: "grf", hustle: 2, hustlePoints: 2, tn: 12 });
  assert.equal(plan.effort.die, 6);
  assert.equal(plan.effort.mode, "onARoll");
  assert.equal(plan.stat.mode, "onARoll");
  assert.equal(plan.effort.explodesFrom, 5);
  assert.equal(plan.stat.explodesFrom, 7);
  assert.deepEqual(plan.formulas, { effort: "1d6x>=5", stat: "1d8x>=7" });
  assert.deepEqual(plan.hustle, { spend: "onARoll", cost: 2, remaining: 0 });
  assert.equal(plan.modifier, 4);
  // A 5 on the d6 now explodes: [5, 6, 1] is two explosions on Effort; [7, 3] one on the stat die.
  const r = resolveCheck({ effortRolls: [5, 6, 1], statRolls: [7, 3], plan });
  assert.equal(r.total, 5 + 6 + 1 + 7 + 3 + 4);
  assert.equal(r.explosions, 3);
  assert.equal(r.moment, "absoluteScenes");
  // Without On a Roll a 5 cannot be followed by another roll.
  const normal = planCheck({ effortDie: 6, statDie: 8, tn: 12 });
  assert.throws(() => resolveCheck({ effortRolls: [5, 6, 1], statRolls: [3], plan: normal }), RangeError);
});

test("Hustle the character lacks, or no such spend, is refused", () => {
  assert.throws(() => planCheck({ statDie: 8, hustle: 2, hustlePoints: 1, tn: 12 }),
    err => err.id === "hustleShort" && err.data.cost === 2 && err.data.points === 1 && /the character has 1/.test(err.message));
  assert.throws(() => planCheck({ statDie: 8, hustle: 1, hustlePoints: 0, tn: 12 }), RangeError);
  assert.throws(() => planCheck({ statDie: 8, hustle: 1, tn: 12 }), TypeError);
  assert.throws(() => planCheck({ statDie: 8, hustle: 3, hustlePoints: 3, tn: 12 }), /no Hustle spend costs 3/);
  assert.throws(() => planCheck({ statDie: 9, tn: 12 }), RangeError);
  assert.throws(() => planCheck({ statDie: 8, tn: 12, vehicle: { performance: 7 } }), RangeError);
});

test("Off Your Game stops both dice; with On a Roll they cancel to normal", () => {
  // Bricking It: Bottle is Off Your Game, −1 Bottle.
  const off = planCheck({ statDie: 8, statKey: "btl", conditions: ["brickingIt"], tn: 12 });
  assert.deepEqual([off.effort.mode, off.stat.mode], ["none", "none"]);
  assert.deepEqual(off.formulas, { effort: "1d6", stat: "1d8" });
  assert.equal(off.modifier, 4 - 1);
  assert.throws(() => resolveCheck({ effortRolls: [6, 2], statRolls: [3], plan: off }), RangeError);
  const r = resolveCheck({ effortRolls: [6], statRolls: [8], plan: off });
  assert.equal(r.explosions, 0);
  assert.equal(r.moment, null);
  const both = planCheck({ statDie: 8, statKey: "btl", conditions: ["brickingIt"], hustle: 2, hustlePoints: 3, tn: 12 });
  assert.deepEqual([both.effort.mode, both.stat.mode], ["normal", "normal"]);
  assert.deepEqual(both.formulas, { effort: "1d6x>=6", stat: "1d8x>=8" });
  assert.ok(both.applied.some(a => a.kind === "explosions" && a.id === "cancel"));
  // Off Your Game only for the listed stats: Bricking It does not touch a Graft roll.
  const graft = planCheck({ statDie: 8, statKey: "grf", conditions: ["brickingIt"], tn: 12 });
  assert.deepEqual([graft.effort.mode, graft.stat.mode], ["normal", "normal"]);
  assert.equal(graft.modifier, 4);
});

test("In Pain stops only Effort exploding, even On a Roll", () => {
  const plan = planCheck({ statDie: 8, statKey: "grf", conditions: ["inPain"], tn: 12 });
  assert.deepEqual([plan.effort.mode, plan.stat.mode], ["none", "normal"]);
  assert.deepEqual(plan.formulas, { effort: "1d6", stat: "1d8x>=8" });
  const onARoll = planCheck({ statDie: 8, statKey: "grf", conditions: ["inPain"], hustle: 2, hustlePoints: 2, tn: 12 });
  assert.deepEqual([onARoll.effort.mode, onARoll.stat.mode], ["none", "onARoll"]);
  const r = resolveCheck({ effortRolls: [6], statRolls: [8, 8, 1], plan });
  assert.equal(r.total, 6 + 17 + 4);
  assert.equal(r.moment, "aBlinder");
  assert.throws(() => resolveCheck({ effortRolls: [6, 1], statRolls: [2], plan }), RangeError);
});

test("chains are validated against the die and the mode", () => {
  const plan = planCheck({ statDie: 8, tn: 12 });
  assert.throws(() => resolveCheck({ effortRolls: [6], statRolls: [2], plan }), /no further roll follows/); // 6 must explode
  assert.throws(() => resolveCheck({ effortRolls: [], statRolls: [2], plan }), RangeError);
  assert.throws(() => resolveCheck({ effortRolls: [7], statRolls: [2], plan }), /not a face of d6/);
  assert.throws(() => resolveCheck({ effortRolls: [3], statRolls: [2], plan: null }), TypeError);
  assert.throws(() => resolveCheck({ effortRolls: [3], statRolls: [2], plan: planCheck({ statDie: 8 }) }), TypeError);
  // Modifier and TN can be overridden at resolution (e.g. an opposed total known only afterwards).
  const r = resolveCheck({ effortRolls: [3], statRolls: [2], plan: planCheck({ statDie: 8 }), tn: 9 });
  assert.equal(r.margin, 0);
  assert.equal(r.outcome, "justAbout");
});

test("meeting the TN exactly is Just About", () => {
  const plan = planCheck({ statDie: 8, statKey: "grf", tn: 12 });
  const r = resolveCheck({ effortRolls: [4], statRolls: [4], plan });
  assert.deepEqual([r.total, r.margin, r.outcome, r.success], [12, 0, "justAbout", true]);
});

// ---------------------------------------------------------------- Conditions

test("Condition effects: stat modifiers, Off Your Game, Guard, speed dice, reactions", () => {
  const hurt = conditionEffects(["hurt", "bleeding"], "mov");
  assert.equal(hurt.modifier, -2);
  assert.equal(hurt.offYourGame, false);
  assert.deepEqual(hurt.applied.map(a => [a.id, a.name, a.modifier]), [["hurt", "Hurt", -1], ["bleeding", "Bleeding", -1]]);
  assert.deepEqual(hurt.applied[0].effects, [{ id: "modifier", stat: "mov", value: -1 }]);
  const stunned = conditionEffects(["stunned", "prone"], null);
  assert.equal(stunned.guard, -4);
  assert.equal(stunned.speedDice, -1);
  assert.equal(stunned.noReaction, true);
  assert.deepEqual(stunned.applied.find(a => a.id === "prone").effects, [{ id: "guard", value: -2 }]);
  const cuffed = conditionEffects(new Set(["cuffed"]), "aim");
  assert.equal(cuffed.offYourGame, true);
  assert.equal(cuffed.cannotDrive, true);
  assert.equal(cuffed.noSpeedDice, true);
  const unknown = conditionEffects(["dead", "shaken"], "btl");
  assert.deepEqual(unknown.unknown, ["dead"]);
  assert.equal(unknown.modifier, -1);
  assert.throws(() => conditionEffects([], "xyz"), RangeError);
});

test("Numbed suppresses Hurt and In Pain; Numb suppresses Shaken and Bricking It (reported, not counted)", () => {
  const numbed = conditionEffects(["hurt", "inPain", "numbed"], "grt");
  assert.equal(numbed.modifier, 0);
  assert.equal(numbed.inPain, false);
  assert.deepEqual(numbed.suppressed, ["hurt", "inPain"]);
  const hurtEntry = numbed.applied.find(a => a.id === "hurt");
  assert.deepEqual(hurtEntry.suppressedBy, ["numbed"]);
  assert.deepEqual(hurtEntry.effects, []);
  const plan = planCheck({ statDie: 6, statKey: "grt", conditions: ["hurt", "inPain", "numbed"], tn: 10 });
  assert.equal(plan.modifier, 3);
  assert.equal(plan.effort.mode, "normal");
  assert.ok(plan.applied.some(a => a.kind === "suppressed" && a.condition === "hurt" && a.by.join() === "numbed"
    && a.byNames.join() === "Numbed"));
  const numb = conditionEffects(["brickingIt", "shaken", "numb"], "btl");
  assert.equal(numb.modifier, 0);
  assert.equal(numb.offYourGame, false);
  assert.deepEqual(numb.suppressed, ["brickingIt", "shaken"]);
  // Numb's own −1 Moves still applies.
  assert.equal(conditionEffects(["numb", "shaken"], "mov").modifier, -1);
});

test("Conditions reach the plan's modifier and the applied list", () => {
  const plan = planCheck({ statDie: 8, statKey: "mov", conditions: ["hurt", "buzzing", "grabbed"], situational: 1, tn: 12 });
  assert.equal(plan.modifier, 4 - 1 + 1 + 1);
  assert.equal(plan.stat.mode, "none"); // Grabbed: Moves Off Your Game
  const conditions = plan.applied.filter(a => a.kind === "condition");
  assert.deepEqual(conditions.find(a => a.condition === "hurt").effects, [{ id: "modifier", stat: "mov", value: -1 }]);
  assert.deepEqual(conditions.find(a => a.condition === "grabbed").effects, [{ id: "offYourGame", stat: "mov" }]);
  assert.ok(plan.applied.some(a => a.kind === "explosions" && a.id === "offYourGame"));
  assert.ok(plan.applied.some(a => a.kind === "situational" && a.value === 1));
  assert.equal(plan.modifierParts.reduce((sum, p) => sum + p.value, 0), plan.modifier); // Hurt −1 and Buzzing +1 cancel
});

test("Items › Handcuffs: Cuffed prevents driving — a Cuffed driver's check is refused, not only warned about", () => {
  assert.throws(() => planCheck({ statDie: 8, statKey: "whl", conditions: ["cuffed"], vehicle: { performance: 6 }, tn: 14 }),
    err => err instanceof RangeError && err.name === "RuleError" && err.id === "cannotDrive"
      && err.data.conditions === "cuffed" && /Cuffed prevents driving/.test(err.message));
  assert.deepEqual(planCheck({ statDie: 8, statKey: "mov", conditions: ["down"], tn: 12 }).warnings, ["cannotAct"]);
  // Wheels without a motor (a Cuffed passenger's knowledge check) is still a roll, Off Your Game where it applies.
  assert.equal(planCheck({ statDie: 8, statKey: "whl", conditions: ["cuffed"], tn: 14 }).warnings.length, 0);
});

// ---------------------------------------------------------------- teamwork and challenges

test("One shared attempt: totals 9, 12, 16 average 12; vs TN 12 Just About", () => {
  assert.deepEqual(teamwork([9, 12, 16], 12), { average: 12, margin: 0, outcome: "justAbout", outcomeLabel: "Just About", success: true });
  assert.equal(teamwork([9, 10], 12).average, 9); // 9.5 rounds down
  assert.equal(teamwork([9, 10], 12).outcome, "badLuck");
  const ex = RULES.outcomes.sharedAttempt.example;
  assert.equal(teamwork(ex.totals, ex.tn).outcome, ex.outcome);
  assert.throws(() => teamwork([], 12), RangeError);
});

test("the challenge table: progress and consequences per outcome", () => {
  const table = ["properMess", "badLuck", "justAbout", "sorted", "smashedIt", "legendary"]
    .map(o => { const c = challengeContribution(o); return [o, c.progress, c.consequences]; });
  assert.deepEqual(table, [["properMess", 0, 2], ["badLuck", 0, 1], ["justAbout", 1, 1], ["sorted", 1, 0],
    ["smashedIt", 2, 0], ["legendary", 3, 0]]);
  const cost = challengeContribution("badLuck", { costAccepted: true });
  assert.deepEqual([cost.progress, cost.consequences, cost.costAccepted, cost.label], [1, 1, true, "Bad Luck, cost accepted"]);
  // A cost only changes Bad Luck.
  assert.equal(challengeContribution("sorted", { costAccepted: true }).costAccepted, false);
  assert.throws(() => challengeContribution("great"), RangeError);
});

test("A first challenge: 4 progress before 3 consequences; the limit wins a tie", () => {
  const { progress: target, consequences: limit } = RULES.outcomes.exampleChallenge;
  assert.deepEqual([target, limit], [4, 3]);
  const won = challengeState({ contributions: ["sorted", "badLuck", "smashedIt", "sorted", "legendary"], target, limit });
  assert.deepEqual(won, { progress: 4, consequences: 1, target: 4, limit: 3, done: true, failed: false, over: true, endedAt: 3, ignored: 1 });
  const ongoing = challengeState({ contributions: ["sorted", { outcome: "badLuck", costAccepted: true }], target, limit });
  assert.deepEqual([ongoing.progress, ongoing.consequences, ongoing.over], [2, 1, false]);
  const lost = challengeState({ contributions: ["properMess", "properMess"], target, limit });
  assert.deepEqual([lost.failed, lost.done, lost.endedAt], [true, false, 1]);
  // Progress 3 + Just About reaches 4 progress and the 3rd consequence on the same roll: the limit takes priority.
  const tie = challengeState({ contributions: ["legendary", "properMess", challengeContribution("justAbout")], target, limit });
  assert.deepEqual([tie.progress, tie.consequences, tie.done, tie.failed], [4, 3, false, true]);
  assert.throws(() => challengeState({ contributions: [], target: 0, limit: 3 }), RangeError);
});

// ---------------------------------------------------------------- derived record numbers

const stabVest = { name: "Stab Vest", system: { guard: 1, reduction: 2, worn: true } };

test("Guard example: Moves d6 Grit d4 → 10; a worn Stab Vest → 11 and reduction 2", () => {
  const base = guardBase(6, 4);
  assert.equal(guardValue({ base }), 10);
  assert.equal(guardValue({ base, wornArmour: stabVest }), 11);
  assert.equal(armourReduction(stabVest), 2);
  assert.equal(armourReduction([stabVest]), 2);
  // Plain data works too; an unworn suit gives nothing.
  assert.equal(guardValue({ base, wornArmour: [{ guard: 1, reduction: 2, worn: false }] }), 10);
  assert.equal(armourReduction([{ guard: 1, reduction: 2, worn: false }]), 0);
  assert.equal(armourReduction(null), 0);
});

test("only one worn suit counts: a second worn armour replaces the first", () => {
  const ballistic = { name: "Ballistic Vest", system: { guard: 2, reduction: 3, worn: true } };
  const puffer = { name: "Puffer Jacket", system: { guard: 0, reduction: 1, worn: false } };
  const base = guardBase(6, 4);
  assert.equal(guardValue({ base, wornArmour: [stabVest, puffer, ballistic] }), 12);
  assert.equal(armourReduction([stabVest, puffer, ballistic]), 3);
  assert.equal(wornArmour([ballistic, stabVest]).name, "Stab Vest");
});

test("a worn Cycle Helmet does not stack another armour bonus: Stab Vest and helmet → Guard 11, reduction 2", () => {
  // Tools & gear › Cycle Helmet: "Practical protection. Does not stack another mechanical armour bonus." Its
  // catalogue entry is gear with no Guard or reduction of its own; the book's example (Your character record): Moves d6
  // and Grit d4 give an unarmoured Guard of 10; a Stab Vest adds 1 Guard and reduces incoming damage by 2.
  const helmetEntry = entry("gear", "cycle-helmet");
  const vestEntry = entry("armour", "stab-vest");
  assert.deepEqual([helmetEntry.guard, helmetEntry.reduction, vestEntry.guard, vestEntry.reduction], [undefined, undefined, 1, 2]);
  const vest = { type: "armour", name: vestEntry.name, system: { guard: vestEntry.guard, reduction: vestEntry.reduction, worn: true } };
  const helmet = { type: "gear", name: helmetEntry.name, system: { worn: true } };
  const base = guardBase(6, 4);
  for (const kit of [[vest, helmet], [helmet, vest]]) {
    assert.equal(guardValue({ base, wornArmour: kit }), 11);
    assert.equal(armourReduction(kit), 2);
    assert.equal(wornArmour(kit).name, "Stab Vest");
  }
  // The helmet alone: practical protection, no mechanical bonus — the unarmoured 10, no reduction.
  assert.equal(guardValue({ base, wornArmour: [helmet] }), 10);
  assert.equal(armourReduction([helmet]), 0);
  // Whatever numbers a helmet (or an outfit) carries, it is never the suit: it neither replaces nor adds to the vest.
  const forged = { type: "gear", name: "Cycle Helmet", system: { guard: 3, reduction: 3, worn: true } };
  const outfit = { type: "outfit", name: "Smart Suit", system: { guard: 2, reduction: 2, worn: true } };
  assert.equal(guardValue({ base, wornArmour: [vest, forged, outfit] }), 11);
  assert.equal(armourReduction([vest, forged, outfit]), 2);
  assert.equal(armourReduction(forged), 0);
});

test("cover and Conditions change the current Guard; heavy cover adds 1 reduction", () => {
  const base = guardBase(6, 4);
  assert.equal(guardValue({ base, cover: "light" }), 12);
  assert.equal(guardValue({ base, cover: "heavy", wornArmour: stabVest }), 15);
  assert.equal(armourReduction(stabVest, { cover: "heavy" }), 3);
  assert.equal(armourReduction(stabVest, { cover: "light" }), 2);
  assert.equal(guardValue({ base, conditions: ["prone"] }), 8);
  assert.equal(guardValue({ base, conditions: ["down"] }), 6);
  assert.equal(guardValue({ base, conditions: ["stunned", "grabbed", "hurt"] }), 6);
  const b = guardBreakdown({ base, wornArmour: stabVest, cover: "light", conditions: ["prone"] });
  assert.equal(b.value, 11);
  assert.deepEqual(b.parts.map(p => [p.kind, p.guard]), [["base", 10], ["armour", 1], ["cover", 2], ["condition", -2]]);
  assert.throws(() => guardValue({ base, cover: "fortress" }), RangeError);
});

test("Rep: thresholds, tiers, caps and maximum Hustle (Rep, Renown and Influence)", () => {
  assert.equal(nextThreshold(4), 35); // level 5 needs 35 XP in total
  assert.equal(nextThreshold(1), 5);
  assert.equal(nextThreshold(32), 1357);
  assert.equal(nextThreshold(33), null);
  assert.equal(levelForXp(0), 1);
  assert.equal(levelForXp(34), 4);
  assert.equal(levelForXp(35), 5);
  assert.equal(levelForXp(5000), 33);
  assert.throws(() => levelForXp(-1), RangeError);
  assert.equal(repTier(5).id, "known");
  assert.equal(repTier(4).id, "street");
  assert.equal(statCap(4), 8);
  assert.equal(statCap(5), 10);
  assert.equal(statCap(11), 12);
  assert.equal(statCap(26), 12);
  assert.equal(statCap(27), 20);
  assert.equal(isEmpire(26), false);
  assert.equal(isEmpire(27), true);
  assert.deepEqual([1, 4, 5, 10, 11, 19, 26, 27, 33].map(hustleMax), [3, 3, 4, 4, 5, 6, 6, 7, 7]);
  assert.throws(() => repTier(0), RangeError);
  assert.throws(() => hustleMax(34), RangeError);
});
