// The check's rules data in words: every id and kind the rules return (planCheck's applied steps, modifier parts and
// warnings, the Conditions' effects, RuleErrors, the spread's problems) has its words in lang/en.json, and the words
// carry the rule's numbers. A small i18n over the real language file stands in for game.i18n.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { CONDITIONS, STAT_KEYS } from "../../module/generated/rules.mjs";
import { planCheck, conditionEffects, readRolledCheck, rollDifferences } from "../../module/rules/check.mjs";
import { validateSpread } from "../../module/rules/creation.mjs";

const LANG = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8"));
const missing = [];
const lookup = key => {
  const v = key.split(".").reduce((o, k) => o?.[k], LANG);
  if (typeof v !== "string") missing.push(key);
  return typeof v === "string" ? v : key;
};
globalThis.game = { i18n: {
  localize: lookup,
  format: (key, data = {}) => lookup(key).replace(/\{(\w+)\}/g, (m, k) => (k in data ? String(data[k]) : m))
} };
const { appliedText, modifierText, warningText, conditionEffectText, errorText, spreadProblemText, differenceText } =
  await import("../../module/documents/core/check-words.mjs");

test("a plan's applied steps and modifier parts in the book's words, with the rule's numbers", () => {
  const plan = planCheck({ statDie: 8, statKey: "whl", perk: "Getaway Driver", hustle: 1, hustlePoints: 3, tn: 14,
    situational: -1, effortSteps: 1, vehicle: { performance: 6, handling: 1, steps: -1, modifiers: [{ value: 1, text: "Police kit +1" }] } });
  assert.deepEqual(plan.applied.map(appliedText), [
    "Performance d6 replaces Effort", "Getaway Driver: Wheels d8 → d10", "1 Hustle: Performance d6 → d8",
    "Performance stepped 1", "Performance stepped -1 (flat tyres)", "Handling +1", "Police kit +1", "situational −1"
  ]);
  assert.deepEqual(plan.modifierParts.map(modifierText), ["Wheels d10 +5", "Handling +1", "Police kit +1", "situational −1"]);
  const top = planCheck({ statDie: 12, statKey: "mus", perk: true, effortDie: 12, hustle: 1, hustlePoints: 1, tn: 16 });
  assert.deepEqual(top.applied.map(appliedText), ["Perk: Muscle d12 → d12 +2", "1 Hustle: Effort d12 → d12 +2"]);
  assert.deepEqual(top.modifierParts.map(modifierText), ["Muscle d12 +6", "stat step above d12 +2", "Effort step above d12 +2"]);
  const roll = planCheck({ statDie: 8, statKey: "grf", hustle: 2, hustlePoints: 2, conditions: ["hurt", "inPain", "numbed", "down"], tn: 12 });
  assert.deepEqual(roll.applied.map(appliedText), ["2 Hustle: On a Roll", "Hurt suppressed by Numbed", "In Pain suppressed by Numbed"]);
  assert.deepEqual(roll.warnings.map(warningText), ["A Condition prevents acting (Down)."]);
  const grabbed = planCheck({ statDie: 8, statKey: "mov", conditions: ["grabbed", "hurt"], tn: 12 });
  assert.ok(grabbed.applied.map(appliedText).includes("Grabbed: Moves Off Your Game"));
  assert.ok(grabbed.applied.map(appliedText).includes("Hurt: −1 Moves"));
  assert.ok(grabbed.applied.map(appliedText).includes("Off Your Game: neither die explodes"));
  assert.ok(grabbed.modifierParts.map(modifierText).includes("Conditions −1"));
  assert.deepEqual(missing, []);
});

test("every Condition's effects on every stat have words", () => {
  for (const stat of [...STAT_KEYS, null]) {
    for (const c of CONDITIONS) {
      for (const e of conditionEffects([c.key], stat).applied[0].effects) assert.doesNotMatch(conditionEffectText(e), /SMOKE\.|\{/);
    }
  }
  assert.deepEqual(conditionEffects(["prone"]).applied[0].effects.map(conditionEffectText), ["Guard −2"]);
  assert.deepEqual(missing, []);
});

test("a rule's refusal in words; any other error keeps its message", () => {
  const words = fn => { try { fn(); } catch (err) { return errorText(err); } return null; };
  assert.equal(words(() => planCheck({ statDie: 8, hustle: 2, hustlePoints: 1, tn: 12 })),
    "Spending 2 Hustle needs 2 points; the character has 1.");
  assert.equal(words(() => planCheck({ statDie: 8, statKey: "whl", conditions: ["cuffed"], vehicle: { performance: 6 }, tn: 14 })),
    "Cuffed prevents driving: no driving check.");
  assert.equal(errorText(new Error("already localized")), "already localized");
  assert.deepEqual(missing, []);
});

test("a stat spread's problems in words", () => {
  const jaz = { mus: 4, grt: 4, mov: 6, whl: 6, aim: 4, grf: 8, sav: 6, frt: 4, btl: 4 };
  assert.deepEqual(validateSpread({ ...jaz, btl: 8, mus: 5, luck: 4 }).problems.map(spreadProblemText),
    ['"luck" is not a stat', "Muscle: d5 is not on the die ladder", "2 d8 (needs 1)", "3 d4 (needs 5)"]);
  const { frt, ...short } = jaz;
  assert.deepEqual(validateSpread(short).problems.map(spreadProblemText), ["Front has no die", "4 d4 (needs 5)"]);
  assert.deepEqual(validateSpread(null).problems.map(spreadProblemText), ["no stats given"]);
  assert.deepEqual(missing, []);
});

test("a forged roll's refusal (readRolledCheck) names what does not follow in the language file's words", async () => {
  const { readRolledCheck } = await import("../../module/rules/check.mjs");
  const die = (faces, results, mod = `x>=${faces}`) => ({ class: "Die", number: 1, faces, modifiers: mod ? [mod] : [],
    results: results.map(r => ({ result: r, active: true })) });
  const op = operator => ({ class: "OperatorTerm", operator });
  const words = terms => { try { readRolledCheck({ terms }, 10); } catch (err) { return [err.id, errorText(err)]; } return null; };
  assert.deepEqual(words([die(6, [50]), op("+"), die(8, [2])]), ["notFace", "Effort: 50 is not a face of d6"]);
  assert.deepEqual(words([die(6, [2]), op("+"), die(8, [8])]), ["explodesAlone", "stat: 8 explodes on d8 but no further roll follows"]);
  assert.deepEqual(words([die(6, [2, 3]), op("+"), die(8, [2])]), ["followedNoExplosion",
    "Effort: 2 does not explode on d6 but is followed by another roll"]);
  assert.deepEqual(words([die(7, [2]), op("+"), die(8, [2])]), ["notLadderDie", "Effort: 1d7 is not a die of the ladder"]);
  assert.deepEqual(words([die(6, [2], "x>=2"), op("+"), die(8, [2])]), ["notExplosion", "Effort: x>=2 is not an explosion of d6"]);
  assert.deepEqual(words([die(6, [2]), op("*"), die(8, [2])]), ["notCheckOperator", "operator * is not part of a check"]);
  assert.deepEqual(words([die(6, [2])]), ["twoDice", "a check rolls exactly two dice"]);
  assert.deepEqual(words([die(6, [2]), op("+"), die(8, [2]), op("+"), { class: "PoolTerm" }]),
    ["notCheckTerm", "a PoolTerm is not part of a check"]);
  assert.deepEqual(missing, []);
});

test("a roll that is not this check, in words with both numbers (SMOKE.Check.differs.*)", () => {
  const die = (faces, results, mod) => ({ class: "Die", number: 1, faces, modifiers: mod ? [mod] : [],
    results: results.map(r => ({ result: r, active: true })) });
  const terms = (...t) => ({ terms: t });
  const op = { class: "OperatorTerm", operator: "+" };
  const rolled = readRolledCheck(terms(die(12, [3], "x>=12"), op, die(8, [3], null), op, { class: "NumericTerm", number: 64 }), 12);
  const plan = planCheck({ effortDie: 6, statDie: 8, statKey: "grf", tn: 12 });
  assert.deepEqual(rollDifferences(plan, rolled).map(d => differenceText(d, "grf")), [
    "the Effort die is d12, this check's is d6", "the Graft die never explodes, this check's explodes from 8",
    "the modifier is +64, this check's is +4"
  ]);
  const driving = planCheck({ statDie: 8, statKey: "whl", tn: 14, vehicle: { performance: 6, handling: 0 } });
  const early = readRolledCheck(terms(die(6, [5, 1], "x>=5"), op, die(8, [2], "x>=8"), op, { class: "NumericTerm", number: 1 }), 14);
  assert.deepEqual(rollDifferences(driving, early).map(d => differenceText(d, "whl")), [
    "the Performance die explodes from 5, this check's explodes from 6", "the modifier is +1, this check's is +4"
  ]);
  assert.deepEqual(missing, []);
});
