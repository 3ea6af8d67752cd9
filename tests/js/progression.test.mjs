// Node tests of progression and creation: the 33-level ladder walked level by level, XP, stat raises and advances,
// Growth, faction Renown, career stages and Influence, relationship discounts and police stops, the creation spread
// and the starting numbers — against the rulebook's printed numbers (typed here from the book, not read from RULES).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  levelUpSteps, levelsAvailable, xpAward, legalStatRaises, applyStatRaise, advance, growthDice, growthHealth,
  growthGuard, renownRank, careerStages, stageAward, favourCost, spendInfluence, restoreInfluence, stances, stance,
  shopDiscount, shopDiscountBreakdown, policeStopStart
} from "../../module/rules/progression.mjs";
import { validateSpread, startingNumbers } from "../../module/rules/creation.mjs";
import { hustleMax, statCap } from "../../module/rules/record.mjs";

// The Rep ladder · 1–17 / 18–33: total XP per level, and the tier table's caps.
const LADDER_XP = [0, 5, 13, 23, 35, 50, 67, 87, 109, 133, 160, 189, 221, 255, 291, 330, 371, 415, 461, 509, 560, 613,
  669, 727, 787, 850, 915, 983, 1053, 1125, 1200, 1277, 1357];
const capOf = level => (level <= 4 ? 8 : level <= 10 ? 10 : level <= 26 ? 12 : 20);
const tierOf = level => (level <= 4 ? "street" : level <= 10 ? "known" : level <= 18 ? "firm" : level <= 26 ? "guvnor" : "empire");

// Jaz Kaur's printed record (Four pregenerated characters): Health 10, Hustle 3, Guard 10.
const JAZ = { mus: 4, grt: 4, mov: 6, whl: 8, aim: 4, grf: 6, sav: 6, frt: 4, btl: 4 };

// ---------------------------------------------------------------- the ladder, level by level

test("every level 2 → 33, one at a time: stat raises on odd, perks on even, Growth on every third, tiers and Hustle", () => {
  const grants = [];
  for (let level = 1; level < 33; level++) {
    const step = levelUpSteps(level, level + 1);
    assert.equal(step.length, 1, `Rep ${level} → ${level + 1}`);
    grants.push(step[0]);
  }
  assert.deepEqual(grants.map(g => g.level), Array.from({ length: 32 }, (_, i) => i + 2));
  let hustle = 3;
  const hustleAt = {};
  for (const g of grants) {
    const kinds = g.steps.map(s => s.kind);
    const L = g.level;
    assert.equal(g.xp, LADDER_XP[L - 1], `Rep ${L} threshold`);
    assert.equal(g.statCap, capOf(L), `Rep ${L} cap`);
    assert.equal(g.tier, tierOf(L), `Rep ${L} tier`);
    // odd → one stat step within the NEW tier's cap; even → one perk; never both
    if (L % 2 === 1) {
      assert.deepEqual(g.steps.find(s => s.kind === "statRaise"), { kind: "statRaise", statSteps: 1, cap: capOf(L) }, `Rep ${L}`);
      assert.ok(!kinds.includes("perk"), `Rep ${L} gives no perk`);
    } else {
      assert.deepEqual(g.steps.find(s => s.kind === "perk"), { kind: "perk", perks: 1 }, `Rep ${L}`);
      assert.ok(!kinds.includes("statRaise"), `Rep ${L} gives no stat raise`);
    }
    assert.equal(kinds.includes("growth"), L % 3 === 0, `Rep ${L} Growth`);
    const entersTier = [5, 11, 19, 27].includes(L);
    assert.equal(kinds.includes("tier"), entersTier, `Rep ${L} tier entry`);
    assert.equal(kinds.includes("hustleMax"), entersTier, `Rep ${L} Hustle`);
    const h = g.steps.find(s => s.kind === "hustleMax");
    if (h && h.kind === "hustleMax") {
      hustle += h.increase;
      assert.equal(h.max, hustle);
    }
    hustleAt[L] = hustle;
    assert.equal(hustleMax(L), hustle, `record.mjs hustleMax(${L})`);
    // the tier entry comes first, so the level's own raise already uses the new cap
    if (entersTier) assert.equal(kinds[0], "tier");
  }
  assert.deepEqual([4, 5, 10, 11, 18, 19, 26, 27, 33].map(L => hustleAt[L]), [3, 4, 4, 5, 5, 6, 6, 7, 7]);
  const count = kind => grants.filter(g => g.steps.some(s => s.kind === kind)).map(g => g.level);
  assert.deepEqual(count("statRaise"), [3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33]);
  assert.deepEqual(count("perk"), [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32]);
  assert.deepEqual(count("growth"), [3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33]);
  // tier entries: d8 → d10 at 5, d10 → d12 at 11, d12 stays at 19, and the d20 cap opens at 27 (Empire)
  const tiers = grants.flatMap(g => g.steps.filter(s => s.kind === "tier").map(s => ({ level: g.level, ...s })));
  assert.deepEqual(tiers.map(t => t.kind === "tier" && [t.level, t.tier, t.previousCap, t.statCap, t.capRaised, t.empire]), [
    [5, "known", 8, 10, true, false],
    [11, "firm", 10, 12, true, false],
    [19, "guvnor", 12, 12, false, false],
    [27, "empire", 12, 20, true, true]
  ]);
  // personal unlocks at 3, 6, 9, 13, 27
  assert.deepEqual(count("unlock"), [3, 6, 9, 13, 27]);
  assert.match(JSON.stringify(grants.find(g => g.level === 27)?.steps), /d20 cap/);
  // Rep 5 at 35 XP, Rep 33 at 1357
  assert.equal(grants.find(g => g.level === 5)?.xp, 35);
  assert.equal(grants.find(g => g.level === 33)?.xp, 1357);
  assert.equal(grants.find(g => g.level === 33)?.title, "King of London");
  // caps per tier from record.mjs agree
  assert.deepEqual([1, 4, 5, 10, 11, 18, 19, 26, 27, 33].map(statCap), [8, 8, 10, 10, 12, 12, 12, 12, 20, 20]);
  // the whole walk at once is the same list
  assert.deepEqual(levelUpSteps(1, 33), grants);
});

test("a jump across two levels returns both levels' grants, in order", () => {
  const jump = levelUpSteps(3, 5);
  assert.deepEqual(jump, [...levelUpSteps(3, 4), ...levelUpSteps(4, 5)]);
  assert.deepEqual(jump.map(g => g.level), [4, 5]);
  assert.deepEqual(jump[0].steps, [{ kind: "perk", perks: 1 }]);
  assert.deepEqual(jump[1].steps.map(s => s.kind), ["tier", "statRaise", "hustleMax"]);
  // Rep 26 → 28: a perk, then Empire with its d20-capped raise, Growth, Hustle 7 and the d20 unlock, then a perk
  assert.deepEqual(levelUpSteps(25, 27).map(g => g.steps.map(s => s.kind)), [["perk"], ["tier", "statRaise", "growth", "hustleMax", "unlock"]]);
  assert.deepEqual(levelUpSteps(5, 5), []);
  assert.throws(() => levelUpSteps(5, 4), RangeError);
  assert.throws(() => levelUpSteps(0, 2), RangeError);
  assert.throws(() => levelUpSteps(32, 34), RangeError);
});

test("levels available from cumulative XP (never spent)", () => {
  assert.equal(levelsAvailable(1, 0), 0);
  assert.equal(levelsAvailable(1, 4), 0);
  assert.equal(levelsAvailable(1, 5), 1);
  assert.equal(levelsAvailable(1, 35), 4);
  assert.equal(levelsAvailable(4, 34), 0);
  assert.equal(levelsAvailable(4, 35), 1);
  assert.equal(levelsAvailable(3, 50), 3);
  assert.equal(levelsAvailable(1, 1357), 32);
  assert.equal(levelsAvailable(32, 1356), 0);
  assert.equal(levelsAvailable(33, 99999), 0);
  assert.equal(levelsAvailable(5, 10), 0, "a record above its XP is not levelled down");
  assert.throws(() => levelsAvailable(1, -1), RangeError);
  assert.throws(() => levelsAvailable(34, 0), RangeError);
});

test("XP awards (The Rep ladder › Earn XP)", () => {
  assert.equal(xpAward("serviceJob"), 1);
  assert.equal(xpAward("patOrder"), 2);
  assert.equal(xpAward("vehicleSale", { amount: 500 }), 1);
  assert.equal(xpAward("vehicleSale", { amount: 499 }), 0);
  assert.equal(xpAward("mission", { amount: 3 }), 3);
  assert.equal(xpAward("mission", { amount: 5 }), 5);
  assert.throws(() => xpAward("mission", { amount: 6 }), RangeError);
  assert.throws(() => xpAward("mission"), RangeError);
  assert.equal(xpAward("gm", { amount: 7 }), 7);
  assert.throws(() => xpAward("gm", { amount: -1 }), RangeError);
  assert.equal(xpAward("busted"), 0);
  assert.equal(xpAward("wasted"), 0);
  assert.throws(() => xpAward("vehicleSale"), RangeError);
  assert.throws(() => xpAward("heist"), RangeError);
});

// ---------------------------------------------------------------- stat raises and advances

test("stat raises step one die within the cap; d12 → d20 only under the Empire cap", () => {
  assert.deepEqual(legalStatRaises(JAZ, 8), ["mus", "grt", "mov", "aim", "grf", "sav", "frt", "btl"]);
  assert.deepEqual(legalStatRaises(JAZ, 10), Object.keys(JAZ));
  assert.deepEqual(applyStatRaise(JAZ, "mov", 8), { ...JAZ, mov: 8 });
  assert.equal(JAZ.mov, 6, "the argument is not changed");
  assert.throws(() => applyStatRaise(JAZ, "whl", 8), RangeError);
  assert.deepEqual(applyStatRaise(JAZ, "whl", 10), { ...JAZ, whl: 10 });
  const big = { ...JAZ, whl: 12, grf: 10 };
  assert.ok(!legalStatRaises(big, 12).includes("whl"));
  assert.ok(legalStatRaises(big, 12).includes("grf"));
  assert.ok(legalStatRaises(big, 20).includes("whl"));
  assert.equal(applyStatRaise(big, "whl", 20).whl, 20);
  assert.throws(() => applyStatRaise({ ...big, whl: 20 }, "whl", 20), RangeError);
  assert.throws(() => applyStatRaise(JAZ, "luck", 8), RangeError);
  assert.throws(() => applyStatRaise(JAZ, "mus", 7), RangeError);
  // the actor's {die} form is accepted
  assert.deepEqual(legalStatRaises({ mus: { die: 8 }, grt: { die: 4 } }, 8), ["grt"]);
  // advances: one step within the CURRENT tier's cap
  assert.throws(() => advance(JAZ, "whl", 4), RangeError);
  assert.equal(advance(JAZ, "whl", 5).whl, 10);
  assert.equal(advance(big, "whl", 27).whl, 20);
  assert.throws(() => advance(big, "whl", 26), RangeError);
});

test("a character levelled 1 → 33 can take a legal raise at every odd level", () => {
  let stats = { ...JAZ };
  for (const grant of levelUpSteps(1, 33)) {
    for (const step of grant.steps) {
      if (step.kind !== "statRaise") continue;
      const legal = legalStatRaises(stats, step.cap);
      assert.ok(legal.length > 0, `Rep ${grant.level}`);
      for (const key of legal) assert.ok(stats[key] < step.cap);
      // raise the biggest die that may still go up
      const key = legal.reduce((a, b) => (stats[b] > stats[a] ? b : a));
      stats = applyStatRaise(stats, key, step.cap);
      assert.ok(Object.values(stats).every(d => d <= step.cap));
    }
  }
  assert.equal(Math.max(...Object.values(stats)), 20);
});

// ---------------------------------------------------------------- Growth

test("Growth: Health half the Grit face rounded up (min 1); Guard 0 / +1 / +2 on the top face", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 12, 20].map(f => growthHealth(f)), [1, 1, 2, 2, 3, 3, 6, 10]);
  assert.equal(growthHealth(4, 4), 2);
  assert.throws(() => growthHealth(5, 4), RangeError);
  assert.throws(() => growthHealth(0), RangeError);
  assert.deepEqual([1, 2, 3, 4, 5, 6].map(f => growthGuard(f, 6)), [0, 0, 1, 1, 1, 2]);
  assert.deepEqual([1, 2, 3, 4].map(f => growthGuard(f, 4)), [0, 0, 1, 2]);
  assert.equal(growthGuard(19, 20), 1);
  assert.equal(growthGuard(20, 20), 2);
  assert.equal(growthGuard(2, 12), 0);
  assert.throws(() => growthGuard(7, 6), RangeError);
  assert.throws(() => growthGuard(3, 7), RangeError);
  assert.deepEqual(growthDice(JAZ), { health: { stat: "grt", die: 4 }, guard: { stat: "mov", die: 6 } });
  assert.deepEqual(growthDice({ ...JAZ, grt: 8 }), { health: { stat: "grt", die: 8 }, guard: { stat: "grt", die: 8 } });
});

// ---------------------------------------------------------------- faction Renown and Influence

test("Renown ranks and Influence caps (0 Unproven 1 … 25 Pillar 6)", () => {
  const at = r => { const x = renownRank(r); return [x.rank, x.influenceCap]; };
  assert.deepEqual([0, 2, 3, 6, 7, 11, 12, 17, 18, 24, 25, 60].map(at), [
    ["Unproven", 1], ["Unproven", 1], ["Known", 2], ["Known", 2], ["Trusted", 3], ["Trusted", 3],
    ["Connected", 4], ["Connected", 4], ["Insider", 5], ["Insider", 5], ["Pillar", 6], ["Pillar", 6]
  ]);
  assert.equal(renownRank(4).next, 7);
  assert.equal(renownRank(25).next, null);
  assert.throws(() => renownRank(-1), RangeError);
});

test("career stages open at 0, 1, 3, 5, 8, 11, 15, 20 and award 1, 2, 2, 3, 3, 4, 5, 5", () => {
  const open = r => careerStages(r).filter(s => s.open).map(s => s.stage);
  assert.deepEqual(open(0), [1]);
  assert.deepEqual(open(1), [1, 2]);
  assert.deepEqual(open(4), [1, 2, 3]);
  assert.deepEqual(open(14), [1, 2, 3, 4, 5, 6]);
  assert.deepEqual(open(20), [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual(careerStages(0).map(s => s.opensAt), [0, 1, 3, 5, 8, 11, 15, 20]);
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8].map(stageAward), [1, 2, 2, 3, 3, 4, 5, 5]);
  assert.throws(() => stageAward(0), RangeError);
  assert.throws(() => stageAward(9), RangeError);
  // completing all eight stages in order from 0 Renown: each next stage is open when reached
  let renown = 0;
  for (const s of careerStages(0)) {
    assert.ok(careerStages(renown)[s.stage - 1].open, `stage ${s.stage} at Renown ${renown}`);
    renown += stageAward(s.stage);
  }
  assert.equal(renown, 25);
  assert.equal(renownRank(renown).rank, "Pillar");
});

test("Influence: spend on favours (refused when short), restore up to the rank's cap", () => {
  assert.deepEqual(["introduction", "access", "equipment", "lift", "majorIntervention"].map(favourCost), [1, 2, 2, 2, 4]);
  assert.equal(favourCost(3), 3);
  assert.throws(() => favourCost("bribe"), RangeError);
  assert.deepEqual(spendInfluence(2, "introduction"), { ok: true, cost: 1, influence: 1, problem: null });
  assert.deepEqual(spendInfluence(1, "lift"), { ok: false, cost: 2, influence: 1, problem: "notEnoughInfluence" });
  assert.deepEqual(spendInfluence(4, "majorIntervention"), { ok: true, cost: 4, influence: 0, problem: null });
  assert.equal(spendInfluence(3, "majorIntervention").ok, false);
  assert.throws(() => spendInfluence(-1, "introduction"), RangeError);
  assert.deepEqual(restoreInfluence(0, 0), { influence: 1, restored: 1, cap: 1 });
  assert.deepEqual(restoreInfluence(1, 0), { influence: 1, restored: 0, cap: 1 });
  assert.deepEqual(restoreInfluence(0, 0, { finale: true }), { influence: 1, restored: 1, cap: 1 });
  assert.deepEqual(restoreInfluence(0, 7, { finale: true }), { influence: 2, restored: 2, cap: 3 });
  assert.deepEqual(restoreInfluence(2, 7, { finale: true }), { influence: 3, restored: 1, cap: 3 });
  assert.deepEqual(restoreInfluence(5, 25), { influence: 6, restored: 1, cap: 6 });
  assert.deepEqual(restoreInfluence(4, 3), { influence: 4, restored: 0, cap: 2 }, "not reduced to the cap");
  assert.deepEqual(stances().map(s => s.id), ["open", "allied", "strained", "hostile"]);
  assert.equal(stance("hostile").label, "Hostile");
  assert.throws(() => stance("friendly"), RangeError);
});

// ---------------------------------------------------------------- relationship counters

test("shop discounts: street 5, Chainring 3 at Pat's, Wide Boy, capped at 20 %", () => {
  assert.equal(shopDiscount({}), 0);
  assert.equal(shopDiscount({ street: 4 }), 0);
  assert.equal(shopDiscount({ street: 5 }), 10);
  assert.equal(shopDiscount({ crew: 3 }), 0, "Pat's discount is Pat's only");
  assert.equal(shopDiscount({ crew: 3, shop: "pat" }), 10);
  assert.equal(shopDiscount({ crew: 2, shop: "pat" }), 0);
  assert.equal(shopDiscount({ wideBoy: true }), 10);
  assert.equal(shopDiscount({ street: 5, wideBoy: true }), 20);
  assert.equal(shopDiscount({ street: 9, crew: 9, wideBoy: true }), 20);
  assert.deepEqual(shopDiscountBreakdown({ street: 5, crew: 3, wideBoy: true, shop: "pat" }), {
    percent: 20, uncapped: 30, cap: 20,
    parts: [{ id: "street", percent: 10 }, { id: "chainring", percent: 10 }, { id: "wideBoy", percent: 10 }]
  });
});

test("police relationship 3 makes routine stops start at Wanted", () => {
  assert.equal(policeStopStart(0), null);
  assert.equal(policeStopStart(2), null);
  assert.deepEqual(policeStopStart(3), { stars: 2, id: "wanted", name: "Wanted" });
  assert.deepEqual(policeStopStart(5), { stars: 2, id: "wanted", name: "Wanted" });
  assert.throws(() => policeStopStart(-1), RangeError);
});

// ---------------------------------------------------------------- creation

test("creation spread: exactly one d8, three d6 and five d4", () => {
  assert.deepEqual(validateSpread(JAZ), { ok: true, problems: [], counts: { 4: 5, 6: 3, 8: 1 } });
  assert.equal(validateSpread(Object.fromEntries(Object.entries(JAZ).map(([k, d]) => [k, { die: d }]))).ok, true);
  // two d8
  const two = validateSpread({ ...JAZ, btl: 8 });
  assert.equal(two.ok, false);
  assert.deepEqual(two.problems, [{ id: "count", die: 8, have: 2, needs: 1 }, { id: "count", die: 4, have: 4, needs: 5 }]);
  // missing d4s: Front and Bottle not assigned
  const { frt, btl, ...short } = JAZ;
  assert.deepEqual(validateSpread(short).problems, [{ id: "noDie", stat: "frt" }, { id: "noDie", stat: "btl" },
    { id: "count", die: 4, have: 3, needs: 5 }]);
  // a die the spread does not use, a die off the ladder, an unknown key
  assert.deepEqual(validateSpread({ ...JAZ, whl: 10 }).problems, [{ id: "count", die: 8, have: 0, needs: 1 },
    { id: "count", die: 10, have: 1, needs: 0 }]);
  assert.deepEqual(validateSpread({ ...JAZ, mus: 5 }).problems, [{ id: "offLadder", stat: "mus", die: 5 },
    { id: "count", die: 4, have: 4, needs: 5 }]);
  assert.deepEqual(validateSpread({ ...JAZ, luck: 4 }).problems, [{ id: "unknownStat", stat: "luck" }]);
  assert.deepEqual(validateSpread(null), { ok: false, problems: [{ id: "noStats" }], counts: {} });
});

test("starting numbers: Rep 1, 0 XP, Hustle 3/3, Health 8 + Grit modifier, Guard base (Jaz's record)", () => {
  assert.deepEqual(startingNumbers(JAZ), {
    rep: { level: 1, xp: 0 }, hustle: { value: 3, max: 3 }, health: { value: 10, max: 10 }, guard: { base: 10 }, renown: 0
  });
  const tough = startingNumbers({ ...JAZ, grt: 8, whl: 4 });
  assert.deepEqual([tough.health.max, tough.guard.base], [12, 11]);
  assert.throws(() => startingNumbers({ mov: 6 }), RangeError);
});
