// Node tests of the kit that changes a roll or Heat (issue 28 items 1–3), with the book's numbers read from the
// catalogue (packs-src/gear, packs-src/outfits): Tools and gear (Police Scanner, Fake ID, Balaclava); Clobber and
// outfits (Hi-Vis & Hard Hat, Smart Suit, the uniforms); Heat on your heels › Lose sight, then lose stars.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import yaml from "js-yaml";
import { planCheck } from "../../module/rules/check.mjs";
import { heatAfterCrime, heatIfCaught, outfitChange, wornWitnessedHeat } from "../../module/rules/heat.mjs";
import { RULES } from "../../module/generated/rules.mjs";
import { endOfRound } from "../../module/rules/round.mjs";

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

// ---------------------------------------------------------------- outfits and disguise Heat

const OUTFITS = ["tracksuit", "black-hoodie-and-mask", "hi-vis-and-hard-hat", "delivery-rider-jacket", "smart-suit",
  "football-shirt", "paramedic-uniform", "police-uniform"].map(k => item(`outfits/${k}`));

test("the Heat drop column: 1 for each outfit, 2 for the two uniforms (Clobber and outfits)", () => {
  assert.deepEqual(OUTFITS.map(o => o.heatDrop), [1, 1, 1, 1, 1, 1, 2, 2]);
  assert.equal(RULES.heat.services.outfitChangeMaxStars, 2);
  assert.equal(-RULES.heat.services.uniformStars, 2); // "a uniform can lose two"
});

test("an outfit out of sight at one or two stars loses its Heat drop; a uniform two", () => {
  const tracksuit = OUTFITS[0];
  const police = OUTFITS[7];
  assert.deepEqual(outfitChange({ heat: 1, heatDrop: tracksuit.heatDrop }), { ok: true, reason: null, stars: 0 });
  assert.deepEqual(outfitChange({ heat: 2, heatDrop: tracksuit.heatDrop }), { ok: true, reason: null, stars: 1 });
  assert.deepEqual(outfitChange({ heat: 2, heatDrop: police.heatDrop }), { ok: true, reason: null, stars: 0 });
  // A uniform at one star: Heat cannot go below 0.
  assert.deepEqual(outfitChange({ heat: 1, heatDrop: police.heatDrop }), { ok: true, reason: null, stars: 0 });
});

test("an outfit change is refused at 0 or three stars, in sight, for an outfit already used, or with no drop", () => {
  assert.equal(outfitChange({ heat: 0, heatDrop: 1 }).reason, "noHeat");
  assert.equal(outfitChange({ heat: 3, heatDrop: 2 }).reason, "tooHot");
  assert.equal(outfitChange({ heat: 5, heatDrop: 1 }).reason, "tooHot");
  assert.equal(outfitChange({ heat: 2, heatDrop: 1, seen: true }).reason, "policeSee");
  assert.equal(outfitChange({ heat: 2, heatDrop: 1, used: true }).reason, "used");
  assert.equal(outfitChange({ heat: 2, heatDrop: 0 }).reason, "noDrop");
  assert.equal(outfitChange({ heat: 2, heatDrop: 1, seen: true }).stars, 2);
  assert.throws(() => outfitChange({ heat: 2, heatDrop: -1 }), RangeError);
});

test("Police Uniform: +2 Heat if caught (its heatIfCaught), within 0–5", () => {
  const police = OUTFITS[7];
  assert.equal(police.heatIfCaught, 2);
  assert.equal(OUTFITS.filter(o => o.heatIfCaught).length, 1);
  assert.equal(heatIfCaught({ heat: 1, heatIfCaught: police.heatIfCaught }), 3);
  assert.equal(heatIfCaught({ heat: 4, heatIfCaught: police.heatIfCaught }), 5);
  assert.equal(heatIfCaught({ heat: 2, heatIfCaught: 0 }), 2);
});

// ---------------------------------------------------------------- the readings settled (issue 28)

test("Down healed by other means than aid: the round's end keeps Down and counts the round (Conditions › Down)", () => {
  // "Recovery: First aid or a paramedic gets you back to 1 Health" — a drug or a GM edit raising Health is not aid.
  const [fx] = endOfRound([{ id: "a", health: 3, conditions: ["down"], downRounds: 1 }]);
  assert.equal(fx.down, true);
  assert.equal(fx.downRounds, 2);
  const [third] = endOfRound([{ id: "a", health: 3, conditions: ["down"], downRounds: RULES.combat.down.roundsWithoutAid - 1 }]);
  assert.equal(third.wasted, true);
});
