// Node tests of the pure rules in module/rules against the generated data and the book's numbers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { statModifier, healthMax, guardBase, vehicleGuard } from "../../module/rules/record.mjs";
import { checkOdds, diceAtLeast, explosionModes } from "../../module/rules/odds.mjs";
import { statusEffects } from "../../module/rules/conditions.mjs";
import { CONDITIONS, RULES, CATALOGUE_IDS } from "../../module/generated/rules.mjs";
import { ODDS } from "../../module/generated/odds.mjs";

test("stat modifiers follow the die ladder (The roll)", () => {
  assert.deepEqual([4, 6, 8, 10, 12, 20].map(statModifier), [2, 3, 4, 5, 6, 10]);
  assert.throws(() => statModifier(7), RangeError);
});

test("Health and Guard by the record's formulas (Your character record example)", () => {
  // "Moves d6 and Grit d4 give an unarmoured Guard of 10: 7 + 3. Grit d4 gives 10 Health: 8 + 2."
  assert.equal(guardBase(6, 4), 10);
  assert.equal(healthMax(4), 10);
  // Big Sal: Grit d6 → 11 by the rule; his record prints 14, kept as a +3 bonus.
  assert.equal(healthMax(6), 11);
  assert.equal(healthMax(6, 3), 14);
  // Femi: Moves d8 → Guard 11.
  assert.equal(guardBase(8, 4), 11);
});

test("vehicle Guard is 6 + 2 × Size (Getting a motor)", () => {
  assert.deepEqual([0, 1, 2, 3, 4].map(vehicleGuard), [6, 8, 10, 12, 14]);
});

test("explosion modes: On a Roll and Off Your Game cancel; In Pain stops Effort only", () => {
  assert.deepEqual(explosionModes({}), { effort: "normal", stat: "normal" });
  assert.deepEqual(explosionModes({ onARoll: true }), { effort: "onARoll", stat: "onARoll" });
  assert.deepEqual(explosionModes({ offYourGame: true }), { effort: "none", stat: "none" });
  assert.deepEqual(explosionModes({ onARoll: true, offYourGame: true }), { effort: "normal", stat: "normal" });
  assert.deepEqual(explosionModes({ inPain: true, onARoll: true }), { effort: "none", stat: "onARoll" });
});

test("live odds: Danny's Medium lock, Effort d6 + Graft d8 (+4) vs TN 12 succeeds 7/12", () => {
  const { success, outcomes } = checkOdds({ effortDie: 6, statDie: 8, tn: 12, modifier: 4 });
  assert.ok(Math.abs(success - 7 / 12) < 1e-6, `success ${success}`);
  const total = Object.values(outcomes).reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(total - 1) < 1e-5, `outcomes sum ${total}`);
  assert.ok(Math.abs(outcomes.justAbout + outcomes.sorted + outcomes.smashedIt + outcomes.legendary - success) < 1e-5);
});

test("odds: two plain d4 (Off Your Game) reach 5 or more 10/16 of the time", () => {
  assert.equal(diceAtLeast(4, 4, explosionModes({ offYourGame: true }), 5), 0.625);
  assert.equal(diceAtLeast(4, 4, explosionModes({ offYourGame: true }), 9), 0);
  assert.equal(diceAtLeast(4, 4, explosionModes({}), 0), 1);
});

test("the printed Variable-Effort tables equal the odds engine's picks shipped in ODDS.tn", () => {
  for (const table of RULES["tn-tables"].tables) {
    for (const row of table.rows) {
      const picked = ODDS.tn[String(table.effort)][String(row.stat)];
      for (const band of ["easy", "medium", "hard", "longShot"]) {
        assert.equal(row[band], picked[band], `Effort d${table.effort} stat d${row.stat} ${band}`);
      }
    }
  }
});

test("the 31 Conditions become status effects with unique 16-character ids and icons", () => {
  const effects = statusEffects(CONDITIONS);
  assert.equal(effects.length, 31);
  assert.equal(new Set(effects.map(e => e.id)).size, 31);
  assert.equal(new Set(effects.map(e => e._id)).size, 31);
  for (const e of effects) {
    assert.match(e._id, /^[A-Za-z0-9]{16}$/);
    assert.match(e.img, /^systems\/the-smoke\/icons\/generated\/conditions\/\w+\.svg$/);
  }
  const stunned = CONDITIONS.find(c => c.key === "stunned");
  assert.equal(stunned.guard, -2);
  assert.equal(stunned.speedDice, -1);
  assert.equal(stunned.noReaction, true);
});

test("generated data is frozen and ids are 16 alphanumerics", () => {
  assert.ok(Object.isFrozen(RULES.dice.modifiers));
  assert.throws(() => { RULES.dice.ladder.push(30); }, TypeError);
  const all = Object.values(CATALOGUE_IDS).flatMap(p => Object.values(p));
  assert.ok(all.length >= 236);
  assert.equal(new Set(all).size, all.length);
  for (const id of all) assert.match(id, /^[A-Za-z0-9]{16}$/);
});
