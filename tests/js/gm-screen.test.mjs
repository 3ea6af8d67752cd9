// Node tests of the GM Screen's rules (rulebook: GM checks · 1–32; Hazards · 1–16; Variable Effort targets): the
// TN a check request fixes per character, the printed tweaks, and every hazard column — the numbers typed here from
// the book, not read from RULES.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  BANDS, CHECK_TWEAKS, OPPOSED_CHECKS, checkBand, checkRequestTN, factionAfter, gmCheck, gmChecks, hazard, hazardOutcome,
  hazards, obstacleId, obstacleTarget, opponentRoll, opponentTotal, opposedRequestTN, opposedWinner, rewardAmount
} from "../../module/rules/gm-screen.mjs";
import { renownRank } from "../../module/rules/progression.mjs";

test("the 32 GM checks in printed order with their bands and stats", () => {
  const checks = gmChecks();
  assert.equal(checks.length, 32);
  assert.equal(checks[0].name, "Spot the Old Bill");
  assert.equal(checks[31].name, "Read the Room");
  assert.deepEqual([gmCheck("lose-a-tail").band, gmCheck("lose-a-tail").stats], ["hard", ["sav", "mov", "btl"]]);
  assert.deepEqual([gmCheck("pick-a-lock").band, gmCheck("pick-a-lock").stats], ["medium", ["grf"]]);
  assert.throws(() => gmCheck("juggle"), /no GM check/);
});

test("every printed tweak quotes its check's stakes", () => {
  for (const [key, tweaks] of Object.entries(CHECK_TWEAKS)) {
    for (const t of tweaks) assert.ok(gmCheck(key).stakes.includes(t.quote), `${key}: "${t.quote}"`);
  }
});

test("Danny (Graft d8, Effort d6): Pick a Lock Medium is TN 12; with lock picks Easy, TN 9", () => {
  assert.deepEqual(checkRequestTN({ checkKey: "pick-a-lock", stat: "grf", effortDie: 6, statDie: 8 }),
    { band: "medium", tn: 12, effortDie: 6, performance: false, tool: null, eased: 0, noise: null });
  assert.deepEqual(checkRequestTN({ checkKey: "pick-a-lock", stat: "grf", effortDie: 6, statDie: 8, tweaks: ["lockPicks"] }),
    { band: "easy", tn: 9, effortDie: 6, performance: false, tool: null, eased: 0, noise: null });
});

test("each character gets the band's TN for their own dice (Jaz, Savvy d6 / Moves d8, Spot the Old Bill)", () => {
  // Effort d6: Medium d6 → 10, d8 → 12 (Variable Effort targets · 1).
  assert.equal(checkRequestTN({ checkKey: "spot-the-old-bill", stat: "sav", effortDie: 6, statDie: 6 }).tn, 10);
  assert.equal(checkRequestTN({ checkKey: "spot-the-old-bill", stat: "mov", effortDie: 6, statDie: 8 }).tn, 12);
  assert.throws(() => checkRequestTN({ checkKey: "spot-the-old-bill", stat: "mus", effortDie: 6, statDie: 6 }), /not rolled with mus/);
});

test("Fix It: Easy with a toolkit, Hard without tools; Talk Your Way Out Long Shot at 2+ stars", () => {
  assert.equal(checkBand("fix-it"), "medium");
  assert.equal(checkBand("fix-it", ["toolkit"]), "easy");
  assert.equal(checkBand("fix-it", ["noTools"]), "hard");
  // Effort d6, Graft d8, Hard → 14.
  assert.equal(checkRequestTN({ checkKey: "fix-it", stat: "grf", effortDie: 6, statDie: 8, tweaks: ["noTools"] }).tn, 14);
  assert.equal(checkBand("talk-your-way-out", ["twoStars"]), "longShot");
  assert.equal(checkBand("case-the-joint", ["binoculars"]), "easy");
  assert.throws(() => checkBand("pick-a-lock", ["toolkit"]), /no tweak "toolkit"/);
});

test("a band step stays within Easy … Long Shot", () => {
  assert.deepEqual(BANDS, ["easy", "medium", "hard", "longShot"]);
  assert.equal(checkBand("pick-a-lock", ["lockPicks"]), "easy");
});

test("Drive Like You Stole It uses the motor's Performance for Effort", () => {
  // Performance d8, Wheels d6, Medium: 11 (Effort or Performance d8); without a motor, Effort d6: 10.
  assert.deepEqual(checkRequestTN({ checkKey: "drive-like-you-stole-it", stat: "whl", effortDie: 6, statDie: 6, performanceDie: 8 }),
    { band: "medium", tn: 11, effortDie: 8, performance: true, tool: null, eased: 0, noise: null });
  assert.equal(checkRequestTN({ checkKey: "drive-like-you-stole-it", stat: "whl", effortDie: 6, statDie: 6 }).tn, 10);
  // Other checks ignore a motor's Performance.
  assert.equal(checkRequestTN({ checkKey: "squeeze-through", stat: "whl", effortDie: 6, statDie: 6, performanceDie: 8 }).tn, 10);
});

// Hazards · 1–8 and 9–16, typed from the book: [key, band, stats, Just About, Bad Luck, Proper Mess] with each cell
// [damage, Conditions].
const HAZARDS = [
  ["hit-by-a-car", "hard", ["mov", "grt"], [2, ["prone"]], [6, ["prone", "hurt"]], [9, ["broken", "prone"]]],
  ["come-off-the-bike", "medium", ["whl", "mov"], [1, ["bruised"]], [4, ["prone", "bruised"]], [7, ["broken", "prone"]]],
  ["car-crash", "medium", ["grt", "whl"], [1, ["shaken"]], [4, ["hurt"]], [7, ["broken", "brickingIt"]]],
  ["glass-everywhere", "medium", ["mov", "grt"], [1, []], [3, ["bleeding"]], [5, ["bleeding", "inPain"]]],
  ["fall-from-scaffolding", "hard", ["mov", "grt"], [2, ["bruised"]], [5, ["hurt", "prone"]], [8, ["broken", "down"]]],
  ["staffie-on-the-loose", "medium", ["mov", "btl", "mus"], [1, []], [3, ["bleeding"]], [4, ["bleeding", "restrained"]]],
  ["bottle-thrown", "medium", ["mov"], [0, ["shaken"]], [3, ["bleeding"]], [4, ["bleeding", "prone"]]],
  ["crowd-crush", "medium", ["mus", "btl"], [1, ["shaken"]], [3, ["knackered"]], [5, ["down"]]],
  ["stray-bullet", "hard", ["mov", "sav"], [0, ["shaken"]], [5, ["bleeding"]], [8, ["bleeding", "down"]]],
  ["taser", "hard", ["mov", "grt"], [0, ["shaken"]], [1, ["stunned", "prone"]], [1, ["stunned", "prone", "restrained"]]],
  ["cs-spray", "medium", ["mov", "grt"], [0, ["shaken"]], [0, ["gassed"]], [0, ["gassed", "brickingIt"]]],
  ["police-dog", "hard", ["mov", "btl"], [1, []], [3, ["bleeding", "grabbed"]], [5, ["bleeding", "grabbed", "prone"]]],
  ["fire-and-smoke", "medium", ["mov", "grt"], [1, ["gassed"]], [3, ["gassed", "knackered"]], [5, ["burning"]]],
  ["in-the-canal", "medium", ["grt", "mov"], [0, ["knackered"]], [2, ["knackered", "shaken"]], [4, ["knackered", "down"]]],
  ["petrol-bomb", "hard", ["mov"], [1, []], [3, ["burning"]], [5, ["burning", "inPain"]]],
  ["dodgy-kebab", "easy", ["grt"], [0, ["shaken"]], [0, ["knackered"]], [1, ["knackered", "inPain"]]]
];

test("each hazard column's damage and Conditions, as printed", () => {
  assert.deepEqual(hazards().map(h => h.key), HAZARDS.map(h => h[0]));
  for (const [key, band, stats, ja, bl, pm] of HAZARDS) {
    assert.deepEqual([hazard(key).band, hazard(key).stats], [band, stats], key);
    for (const [outcome, [damage, conditions]] of [["justAbout", ja], ["badLuck", bl], ["properMess", pm]]) {
      const r = hazardOutcome(key, outcome);
      assert.deepEqual([r.avoided, r.column, r.damage, r.conditions], [false, outcome, damage, conditions], `${key} ${outcome}`);
    }
    for (const outcome of ["sorted", "smashedIt", "legendary"]) {
      assert.deepEqual(hazardOutcome(key, outcome), { avoided: true, column: null, printedDamage: 0, damage: 0, reduced: 0, conditions: [],
        offBikeDivisor: null });
    }
  }
});

test("armour reduces a hazard's damage only where the hazard is marked for it", () => {
  // Fall from Scaffolding, Proper Mess: 8 damage, Broken, Down; a Stab Vest (reduction 2) is not counted unmarked.
  assert.deepEqual(hazardOutcome("fall-from-scaffolding", "properMess", { armourReduction: 2 }),
    { avoided: false, column: "properMess", printedDamage: 8, damage: 8, reduced: 0, conditions: ["broken", "down"],
      offBikeDivisor: null });
  assert.equal(hazardOutcome("fall-from-scaffolding", "properMess", { armourMarked: true, armourReduction: 2 }).damage, 6);
  // Never below 0: Bottle Thrown, Bad Luck (3) with reduction 5 marked.
  assert.equal(hazardOutcome("bottle-thrown", "badLuck", { armourMarked: true, armourReduction: 5 }).damage, 0);
  assert.throws(() => hazardOutcome("fall-from-scaffolding", "nope"), /unknown outcome/);
  assert.throws(() => hazardOutcome("lava", "sorted"), /no hazard/);
});

test("reward amounts are whole numbers; relationships move both ways", () => {
  assert.equal(rewardAmount("cash", "120"), 120);
  assert.equal(rewardAmount("relationship", -1), -1);
  for (const bad of [0, -5, 1.5, "", "ten", null]) assert.throws(() => rewardAmount("cash", bad), /cash: a whole number/);
  assert.throws(() => rewardAmount("relationship", 0), /relationship/);
});

test("Influence stays within the cap of the rank the Renown gives (Known at 3: cap 2)", () => {
  assert.deepEqual(factionAfter({ renown: 2, influence: 1 }, { renown: 1, influence: 3 }, renownRank),
    { renown: 3, influence: 2, cap: 2, capped: true });
  assert.deepEqual(factionAfter({ renown: 0, influence: 0 }, { influence: 1 }, renownRank),
    { renown: 0, influence: 1, cap: 1, capped: false });
});

test("the three opposed checks and the opponent's stat each quotes (Leg It: Moves, Shove Past: Muscle, Scare Them Off: Bottle)", () => {
  assert.deepEqual(Object.fromEntries(Object.entries(OPPOSED_CHECKS).map(([k, v]) => [k, v.stat])),
    { "leg-it": "mov", "shove-past": "mus", "scare-them-off": "btl" });
  for (const [key, o] of Object.entries(OPPOSED_CHECKS)) assert.ok(gmCheck(key).stakes.includes(o.quote), key);
});

test("the opponent rolls their own unboosted dice: a Metro officer's Moves d6 with Effort d6", () => {
  const { stat, plan } = opponentRoll({ checkKey: "leg-it", effortDie: 6, statDie: 6 });
  assert.equal(stat, "mov");
  assert.equal(plan.formula, "1d6x>=6 + 1d6x>=6 + 3");
  // 6 explodes into 2, Moves 4, +3 (d6): 15.
  assert.deepEqual(opponentTotal(plan, [6, 2], [4]), { total: 15, effort: [6, 2], stat: [4], modifier: 3 });
  assert.throws(() => opponentTotal(plan, [6], [4]), /explodes/);
  // A Firefighter's Bottle d10 (Scare Them Off): +5.
  assert.equal(opponentRoll({ checkKey: "scare-them-off", effortDie: 6, statDie: 10 }).plan.formula, "1d6x>=6 + 1d10x>=10 + 5");
  assert.equal(opponentRoll({ checkKey: "shove-past", effortDie: 6, statDie: 8 }).stat, "mus");
  assert.throws(() => opponentRoll({ checkKey: "pick-a-lock", effortDie: 6, statDie: 8 }), /not an opposed check/);
});

test("the opponent's total is every character's TN, for each of the check's stats", () => {
  assert.deepEqual(opposedRequestTN({ checkKey: "leg-it", stat: "mov", opponentTotal: 14 }),
    { band: null, tn: 14, opposed: true, opponentStat: "mov", performance: false });
  assert.equal(opposedRequestTN({ checkKey: "leg-it", stat: "grt", opponentTotal: 14 }).tn, 14);
  assert.equal(opposedRequestTN({ checkKey: "scare-them-off", stat: "frt", opponentTotal: 9 }).opponentStat, "btl");
  assert.throws(() => opposedRequestTN({ checkKey: "shove-past", stat: "frt", opponentTotal: 9 }), /not rolled with frt/);
  assert.throws(() => opposedRequestTN({ checkKey: "pick-a-lock", stat: "grf", opponentTotal: 9 }), /not an opposed check/);
  for (const bad of [0, 8.5, "12", null]) {
    assert.throws(() => opposedRequestTN({ checkKey: "leg-it", stat: "mov", opponentTotal: /** @type {any} */ (bad) }), /whole number/);
  }
});

test("meeting the opponent's total carries it (margin 0: Just About); one short loses", () => {
  assert.deepEqual(opposedWinner({ total: 14, opponentTotal: 14 }), { winner: "character", margin: 0, outcome: "justAbout" });
  assert.deepEqual(opposedWinner({ total: 13, opponentTotal: 14 }), { winner: "opponent", margin: -1, outcome: "badLuck" });
  assert.deepEqual(opposedWinner({ total: 19, opponentTotal: 15 }), { winner: "character", margin: 4, outcome: "smashedIt" });
});

// Choosing difficulty › Keep a known obstacle known: "Once you have established a specific lock or task and its TN, keep
// the same target for that attempt and circumstances. Another character can try a different approach, but changing
// who rolls does not rewrite what the crew already learned about the obstacle."
test("a known obstacle: one id per check and name, whatever its case and spacing", () => {
  assert.equal(obstacleId("pick-a-lock", "The Crown's back door"), "pick-a-lock:the-crown-s-back-door");
  assert.equal(obstacleId("pick-a-lock", "  the crown's   BACK door "), "pick-a-lock:the-crown-s-back-door");
  assert.notEqual(obstacleId("break-down-a-door", "The Crown's back door"), obstacleId("pick-a-lock", "The Crown's back door"));
  assert.throws(() => obstacleId("pick-a-lock", " -- "), /needs a name/);
  assert.throws(() => obstacleId("juggle", "a door"), /no GM check/);
});

test("the first attempt sets the obstacle's target; the next roller keeps it; new circumstances change it", () => {
  // The GM calls the Crown's back door Hard for Danny: set. Jaz tries it next: kept (Hard), not re-chosen.
  assert.deepEqual(obstacleTarget({ checkKey: "pick-a-lock", band: "hard" }),
    { target: { band: "hard", tn: null }, status: "set", was: null });
  assert.deepEqual(obstacleTarget({ checkKey: "pick-a-lock" }),
    { target: { band: "medium", tn: null }, status: "set", was: null }); // nothing chosen: the printed Medium
  const known = { band: "hard", tn: null };
  assert.deepEqual(obstacleTarget({ checkKey: "pick-a-lock", known }), { target: known, status: "kept", was: null });
  assert.deepEqual(obstacleTarget({ checkKey: "pick-a-lock", known, band: "hard" }), { target: known, status: "kept", was: null });
  // Another band for the same door without saying why is refused, naming the known one.
  assert.throws(() => obstacleTarget({ checkKey: "pick-a-lock", known, band: "medium" }),
    e => e.name === "RuleError" && e.id === "knownObstacle" && e.data.band === "hard" && e.data.tn === 0);
  // The alarm is off now: new circumstances, Medium from here on.
  assert.deepEqual(obstacleTarget({ checkKey: "pick-a-lock", known, band: "medium", newCircumstances: true }),
    { target: { band: "medium", tn: null }, status: "changed", was: known });
});

test("a fixed TN for an obstacle is every roller's, whatever their dice; a band's TN is each roller's own", () => {
  // Danny (Effort d6, Graft d8) at Hard: 14; Jaz (Graft d6): 12 (Variable Effort targets · 1). The GM fixes 14.
  assert.equal(checkRequestTN({ checkKey: "pick-a-lock", stat: "grf", effortDie: 6, statDie: 8, band: "hard" }).tn, 14);
  assert.equal(checkRequestTN({ checkKey: "pick-a-lock", stat: "grf", effortDie: 6, statDie: 6, band: "hard" }).tn, 12);
  // The band the GM set is where the attempt's printed tweaks start: Hard with lock picks is Medium (Jaz: 10).
  assert.equal(checkRequestTN({ checkKey: "pick-a-lock", stat: "grf", effortDie: 6, statDie: 6, band: "hard", tweaks: ["lockPicks"] }).tn, 10);
  const known = obstacleTarget({ checkKey: "pick-a-lock", tn: 14 });
  assert.deepEqual(known, { target: { band: "medium", tn: 14 }, status: "set", was: null });
  assert.deepEqual(obstacleTarget({ checkKey: "pick-a-lock", known: known.target }).target, { band: "medium", tn: 14 });
  const picks = { id: "p", checkTool: { check: "pick-a-lock", bands: 1 }, noise: /** @type {const} */ ("silent") };
  assert.deepEqual(checkRequestTN({ checkKey: "pick-a-lock", stat: "grf", effortDie: 6, statDie: 6, fixedTN: 14, tools: [picks] }),
    { band: null, tn: 14, effortDie: 6, performance: false, tool: null, eased: 0, noise: null });
  assert.throws(() => checkRequestTN({ checkKey: "pick-a-lock", stat: "grf", effortDie: 6, statDie: 6, fixedTN: 14, tweaks: ["lockPicks"] }),
    /fixed TN is not changed by tweaks/);
  assert.throws(() => obstacleTarget({ checkKey: "pick-a-lock", tn: 0 }), /whole number from 1/);
  assert.throws(() => obstacleTarget({ checkKey: "pick-a-lock", tn: 12.5 }), /whole number from 1/);
  assert.throws(() => obstacleTarget({ checkKey: "pick-a-lock", band: "impossible" }), /band must be one of/);
  // Clearing the fixed TN of a known obstacle is a change too: it needs new circumstances.
  assert.throws(() => obstacleTarget({ checkKey: "pick-a-lock", known: known.target, band: "medium" }), /known at TN 14/);
});
