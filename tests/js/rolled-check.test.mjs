// Node tests of readRolledCheck (The roll; Explosions and big moments): the GM re-derives a card's numbers from the
// roll's own dice and the TN it holds, and refuses a roll a check could not have produced.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readRolledCheck } from "../../module/rules/check.mjs";

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
