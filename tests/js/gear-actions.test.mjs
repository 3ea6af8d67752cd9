// Node tests of gear used as an action in a fight (rulebook: Tools and gear · 9–16 › Torch: "Also good for blinding
// someone for a moment (Front vs their Bottle)"; Choosing difficulty › Opposed situations), with the catalogue's
// entry (packs-src/gear/torch.yml).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import yaml from "js-yaml";
import { blindingContest, blindingOpponentPlan, blindingOpponentTotal, blindingResult } from "../../module/rules/gear-actions.mjs";

const gear = (/** @type {string} */ key) => yaml.load(readFileSync(new URL(`../../packs-src/gear/${key}.yml`, import.meta.url), "utf8"));

test("the Torch blinds: Front against their Bottle, from its catalogue entry; other gear does not", () => {
  const torch = /** @type {any} */ (gear("torch"));
  assert.equal(torch.description, "Bright LED torch. Also good for blinding someone for a moment (Front vs their Bottle).");
  assert.deepEqual(blindingContest(torch), { stat: "frt", against: "btl" });
  assert.equal(blindingContest(/** @type {any} */ (gear("pocket-torch"))), null);
  assert.equal(blindingContest(null), null);
  assert.throws(() => blindingContest({ blinds: { stat: "charm", against: "btl" } }), /blinds.stat must be a stat/);
});

test("their side: their own unboosted Effort and Bottle, their Conditions, no TN; its total is the TN", () => {
  // A Mook with Effort d6 and Bottle d6: 1d6x + 1d6x + 3 (the d6's modifier)
  const plan = blindingOpponentPlan({ against: "btl", effortDie: 6, statDie: 6 });
  assert.equal(plan.formula, "1d6x>=6 + 1d6x>=6 + 3");
  assert.equal(plan.tn, null);
  // 4 and 5 + 3 = 12; a 6 explodes (6 → 2): 6 + 2 + 5 + 3 = 16
  assert.equal(blindingOpponentTotal(plan, [4], [5]).total, 12);
  assert.equal(blindingOpponentTotal(plan, [6, 2], [5]).total, 16);
  // Shaken ("-1 to Bottle rolls") counts on their roll as on any of theirs
  const shaken = blindingOpponentPlan({ against: "btl", effortDie: 6, statDie: 6, conditions: ["shaken"] });
  assert.equal(shaken.formula, "1d6x>=6 + 1d6x>=6 + 2");
});

test("meeting their total blinds them (a margin of 0 succeeds); below it does not", () => {
  assert.deepEqual(blindingResult({ total: 12, opponentTotal: 12 }), { blinded: true, margin: 0, outcome: "justAbout" });
  assert.deepEqual(blindingResult({ total: 16, opponentTotal: 12 }), { blinded: true, margin: 4, outcome: "smashedIt" });
  assert.deepEqual(blindingResult({ total: 11, opponentTotal: 12 }), { blinded: false, margin: -1, outcome: "badLuck" });
});
