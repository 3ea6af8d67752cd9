// Node tests of readRolledCheck (The roll; Explosions and big moments): the GM re-derives a card's numbers from the
// roll's own dice and the TN it holds, and refuses a roll a check could not have produced.
import { test } from "node:test";
import assert from "node:assert/strict";
import { planCheck, readRolledCheck, rollDifferences } from "../../module/rules/check.mjs";

const die = (faces, results, mod = `x>=${faces}`) => ({ class: "Die", number: 1, faces, modifiers: mod ? [mod] : [],
  results: results.map((r, i) => ({ result: r, active: true, exploded: i < results.length - 1 })) });
const op = operator => ({ class: "OperatorTerm", operator });
const num = n => ({ class: "NumericTerm", number: n });
const roll = (...terms) => ({ terms });

test("The roll: Danny's Graft check from its dice — d6 5, d8 8→2, +4 → 19 vs TN 12, margin +7, Smashed It, Nice One", () => {
  const r = readRolledCheck(roll(die(6, [5]), op("+"), die(8, [8, 2]), op("+"), num(4)), 12);
  assert.equal(r.total, 19);
  assert.equal(r.margin, 7);
  assert.equal(r.outcome, "smashedIt");
  assert.equal(r.moment, "niceOne");
  assert.deepEqual(r.stat.chain, [8, 2]);
});

test("The roll: a negative modifier and On a Roll's top-two explosion read from the roll", () => {
  const r = readRolledCheck(roll(die(6, [5, 1], "x>=5"), op("+"), die(4, [3]), op("-"), num(1)), 10);
  assert.equal(r.total, 8);
  assert.equal(r.margin, -2);
});

test("a forged roll is refused: a face off its die, a chain that stops on an exploding face, a third die, a d7", () => {
  assert.throws(() => readRolledCheck(roll(die(6, [50]), op("+"), die(8, [2]), op("+"), num(3)), 10), /50 is not a face of d6/);
  assert.throws(() => readRolledCheck(roll(die(6, [6]), op("+"), die(8, [2]), op("+"), num(3)), 10), /explodes/);
  assert.throws(() => readRolledCheck(roll(die(6, [2, 3]), op("+"), die(8, [2]), op("+"), num(3)), 10), /does not explode/);
  assert.throws(() => readRolledCheck(roll(die(6, [2]), op("+"), die(8, [2]), op("+"), die(8, [3])), 10), /exactly two dice/);
  assert.throws(() => readRolledCheck(roll(die(7, [2]), op("+"), die(8, [2])), 10), /not a die of the ladder/);
  assert.throws(() => readRolledCheck(roll(die(6, [2], "x>=2"), op("+"), die(8, [2])), 10), /not an explosion/);
  assert.throws(() => readRolledCheck(roll(die(6, [2]), op("*"), die(8, [2])), 10), /operator/);
  assert.throws(() => readRolledCheck(roll(die(6, [2])), 10), /exactly two dice/);
  assert.throws(() => readRolledCheck({}, 10), /exactly two dice/);
});

// rollDifferences (The roll; Before you throw the dice): the GM compares a card's roll with the check it rebuilt from
// its own view of the character, and names each die, explosion or modifier that differs, with both numbers.
const plan = (opts = {}) => planCheck({ effortDie: 6, statDie: 8, statKey: "grf", tn: 12, ...opts });
const read = (...terms) => readRolledCheck(roll(...terms), 12);

test("Danny's honest Graft check (d6 + d8 + 4, TN 12) matches the check rebuilt for him: no differences", () => {
  assert.deepEqual(rollDifferences(plan(), read(die(6, [5]), op("+"), die(8, [8, 2]), op("+"), num(4))), []);
});

test("a +60 situational the GM never set: the modifier is +64 on the card, +4 for this check", () => {
  const r = read(die(6, [1]), op("+"), die(8, [1]), op("+"), num(64));
  assert.deepEqual(rollDifferences(plan(), r), [{ part: "modifier", card: 64, check: 4 }]);
  // the GM's own situational (+2, set when it issued the roll) is part of the check: +6 then matches
  assert.deepEqual(rollDifferences(plan({ situational: 2 }), read(die(6, [1]), op("+"), die(8, [1]), op("+"), num(6))), []);
});

test("a forged die size: a d12 Effort die and a d20 stat die where the check rolls d6 and d8", () => {
  const r = read(die(12, [3]), op("+"), die(20, [19]), op("+"), num(4));
  assert.deepEqual(rollDifferences(plan(), r), [
    { part: "die", die: "effort", card: 12, check: 6 },
    { part: "die", die: "stat", card: 20, check: 8 }
  ]);
});

test("a forged explosion mode: On a Roll's top two faces (x>=5 on d6) without the 2 Hustle, and a stat die that never explodes", () => {
  const r = read(die(6, [5, 2], "x>=5"), op("+"), die(8, [3], null), op("+"), num(4));
  assert.deepEqual(rollDifferences(plan(), r), [
    { part: "explosion", die: "effort", card: 5, check: 6 },
    { part: "explosion", die: "stat", card: null, check: 8 }
  ]);
  // with the 2 Hustle paid (On a Roll) the same Effort die is this check's
  assert.deepEqual(rollDifferences(plan({ hustle: 2, hustlePoints: 2 }),
    read(die(6, [5, 2], "x>=5"), op("+"), die(8, [3], "x>=7"), op("+"), num(4))), []);
});

test("a perk on the card the check does not have: Graft stepped to d10 (+5) where the rebuilt check rolls d8 (+4)", () => {
  const r = read(die(6, [2]), op("+"), die(10, [4]), op("+"), num(5));
  assert.deepEqual(rollDifferences(plan(), r), [
    { part: "die", die: "stat", card: 10, check: 8 },
    { part: "modifier", card: 5, check: 4 }
  ]);
  assert.deepEqual(rollDifferences(plan({ perk: "Light Fingers" }), r), []);
});

test("A better getaway, driving: Performance d8 after 1 Hustle, Wheels d10 +5 and Handling +1 match; Effort d6 is named as Performance", () => {
  const driving = plan({ statDie: 8, statKey: "whl", perk: "Getaway Driver", hustle: 1, hustlePoints: 3, tn: 14,
    vehicle: { performance: 6, handling: 1 } });
  assert.deepEqual(rollDifferences(driving, read(die(8, [3]), op("+"), die(10, [7]), op("+"), num(6))), []);
  assert.deepEqual(rollDifferences(driving, read(die(6, [3]), op("+"), die(10, [7]), op("+"), num(6))),
    [{ part: "die", die: "performance", card: 6, check: 8 }]);
});
