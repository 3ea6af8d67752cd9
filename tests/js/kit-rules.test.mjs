// Node tests of the kit that changes a roll or Heat (issue 28 items 1–3), with the book's numbers read from the
// catalogue (packs-src/gear, packs-src/outfits): Tools and gear (Police Scanner, Fake ID, Balaclava); Clobber and
// outfits (Hi-Vis & Hard Hat, Smart Suit, the uniforms); Heat on your heels › Lose sight, then lose stars.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import yaml from "js-yaml";
import { planCheck } from "../../module/rules/check.mjs";
import { heatAfterCrime, wornWitnessedHeat } from "../../module/rules/heat.mjs";
import { RULES } from "../../module/generated/rules.mjs";

const item = path => yaml.load(readFileSync(new URL(`../../packs-src/${path}.yml`, import.meta.url), "utf8"));
const SCANNER = item("gear/police-scanner");
const FAKE_ID = item("gear/fake-id");
const HI_VIS = item("outfits/hi-vis-and-hard-hat");
const SMART_SUIT = item("outfits/smart-suit");

// ---------------------------------------------------------------- kit that steps a stat

test("the four kit entries step the stat the book names", () => {
  assert.deepEqual([SCANNER, FAKE_ID, HI_VIS, SMART_SUIT].map(i => i.statStep.stat), ["sav", "frt", "frt", "frt"]);
  assert.equal(SCANNER.statStep.situation, "to spot police coming");
  assert.equal(FAKE_ID.statStep.situation, "when the police ask who you are");
  assert.equal(RULES.hustle.kit.statSteps, 1); // "steps up one die"
});

test("Police Scanner: Savvy d6 steps to d8 and its modifier +4 (Tools and gear; The die ladder)", () => {
  const plan = planCheck({ statDie: 6, statKey: "sav", kit: SCANNER.name, tn: 10 });
  assert.equal(plan.stat.baseDie, 6);
  assert.equal(plan.stat.die, 8);
  assert.equal(plan.stat.modifier, 4);
  assert.equal(plan.formula, "1d6x>=6 + 1d8x>=8 + 4");
  assert.deepEqual(plan.applied, [{ kind: "kit", kit: "Police Scanner", stat: "sav", from: 6, to: 8, bonus: 0 }]);
  assert.equal(plan.tn, 10); // the TN is fixed before the boost
});

test("Fake ID with a Front perk: the perk steps d6 → d8, the kit d8 → d10 (a ruling: kit is not a perk)", () => {
  const plan = planCheck({ statDie: 6, statKey: "frt", perk: "Blag Merchant", kit: FAKE_ID.name, tn: 10 });
  assert.equal(plan.stat.die, 10);
  assert.equal(plan.stat.modifier, 5);
  assert.deepEqual(plan.applied, [
    { kind: "perk", perk: "Blag Merchant", stat: "frt", from: 6, to: 8, bonus: 0 },
    { kind: "kit", kit: "Fake ID", stat: "frt", from: 8, to: 10, bonus: 0 }
  ]);
});

test("Smart Suit on Front d12 before Empire: d12 and +2 (a step above d12 gives +2)", () => {
  const plan = planCheck({ statDie: 12, statKey: "frt", kit: SMART_SUIT.name, tn: 16 });
  assert.equal(plan.stat.die, 12);
  assert.equal(plan.stat.bonus, RULES.dice.overflow.stepBonus);
  assert.equal(plan.modifier, 6 + 2);
  // With a perk too: the perk takes it to +2 and the kit's further step another +2 ("Further overflow steps each give
  // another +2"): +4 in all.
  const both = planCheck({ statDie: 12, statKey: "frt", perk: true, kit: HI_VIS.name, tn: 16 });
  assert.equal(both.stat.bonus, RULES.dice.overflow.stepBonus + RULES.dice.overflow.furtherStepBonus);
  assert.deepEqual(both.applied.map(a => [a.kind, a.to, a.bonus]), [["perk", 12, 2], ["kit", 12, 4]]);
});

test("no kit, no step: the plan is the bare stat", () => {
  const plan = planCheck({ statDie: 6, statKey: "frt", tn: 10 });
  assert.equal(plan.stat.die, 6);
  assert.deepEqual(plan.applied, []);
});

// ---------------------------------------------------------------- the Balaclava

const BALACLAVA = item("gear/balaclava");

test("Balaclava: a witnessed crime adds 1 less Heat, minimum 0 (Tools and gear › Balaclava)", () => {
  assert.equal(BALACLAVA.witnessedHeat, -1);
  const masked = wornWitnessedHeat([{ ...BALACLAVA, worn: true }]);
  assert.equal(masked, -1);
  // The book's car theft police see at 0 stars: 2 stars; in a Balaclava 1.
  assert.equal(heatAfterCrime({ heat: 0, crime: "nicking-a-car", policeSaw: true }), 2);
  assert.equal(heatAfterCrime({ heat: 0, crime: "nicking-a-car", policeSaw: true, witnessedHeat: masked }), 1);
  // Nicking a bike (+1) witnessed: 1 less is 0 — minimum 0, Heat never goes down for it.
  assert.equal(heatAfterCrime({ heat: 2, crime: "nicking-a-bike", witnessedHeat: masked }), 2);
  // Killing a police officer (+4) witnessed: 3.
  assert.equal(heatAfterCrime({ heat: 0, crime: "killing-a-police-officer", witnessedHeat: masked }), 3);
  // Unseen: nothing either way.
  assert.equal(heatAfterCrime({ heat: 1, crime: "carjacking", witnessed: false, witnessedHeat: masked }), 1);
});

test("Balaclava: only while worn, and two hide a face no better than one", () => {
  assert.equal(wornWitnessedHeat([{ ...BALACLAVA, worn: false }]), 0);
  assert.equal(wornWitnessedHeat([]), 0);
  assert.equal(wornWitnessedHeat([{ ...BALACLAVA, worn: true }, { ...BALACLAVA, worn: true }]), -1);
  assert.throws(() => heatAfterCrime({ heat: 0, crime: "assault", witnessedHeat: 0.5 }), RangeError);
});
