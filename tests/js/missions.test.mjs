// The Mission Board's pure rules (module/rules/missions.mjs): what a mission must carry to be saved, the fee's split
// (Money › Split the fee), the deadline on active time and the objective cycle.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deadlineLeft, isOverdue, missionPay, missionProblems, nextObjectiveState } from "../../module/rules/missions.mjs";
import { pauseClock, startClock } from "../../module/rules/clock.mjs";
import { readFileSync } from "node:fs";
import yaml from "js-yaml";
import { RULES } from "../../module/generated/rules.mjs";

const ok = { client: "Auntie Pat", fee: { type: "crewFee", amount: 300 }, xp: 3,
  objectives: [{ id: "locks", label: "Get the locks off" }, { id: "back", label: "Bring the bikes back" }] };

test("a mission with a labelled fee, objectives and its printed 3–5 XP may be saved", () => {
  assert.deepEqual(missionProblems(ok), []);
  assert.deepEqual(missionProblems({ ...ok, fee: { type: "perHead", amount: 0 }, xp: 5, deadlineSeconds: 3600 }), []);
});

test("a mission without a fee type or without objectives is refused", () => {
  assert.deepEqual(missionProblems({ ...ok, fee: { amount: 300 } }), ["noFeeType"]);
  assert.deepEqual(missionProblems({ ...ok, fee: { type: "", amount: 300 } }), ["noFeeType"]);
  assert.deepEqual(missionProblems({ ...ok, fee: { type: "crew", amount: 300 } }), ["noFeeType"]);
  assert.deepEqual(missionProblems({ ...ok, objectives: [] }), ["noObjectives"]);
  assert.deepEqual(missionProblems({ ...ok, objectives: undefined }), ["noObjectives"]);
  assert.deepEqual(missionProblems({ xp: 3 }), ["noFeeType", "badFee", "noObjectives"]);
});

test("the other problems: pounds, XP outside 3–5, objectives without a label or id, deadline, records", () => {
  assert.deepEqual(missionProblems({ ...ok, fee: { type: "crewFee", amount: 10.5 } }), ["badFee"]);
  assert.deepEqual(missionProblems({ ...ok, fee: { type: "crewFee", amount: -1 } }), ["badFee"]);
  assert.deepEqual(missionProblems({ ...ok, xp: 6 }), ["badXp"]);
  assert.deepEqual(missionProblems({ ...ok, xp: 2, deadlineSeconds: 0 }), ["badXp", "badDeadline"]);
  assert.deepEqual(missionProblems({ ...ok, objectives: [{ id: "a", label: " " }] }), ["badObjective"]);
  assert.deepEqual(missionProblems({ ...ok, objectives: [{ id: "a", label: "x" }, { id: "a", label: "y" }] }), ["badObjective"]);
  assert.deepEqual(missionProblems({ ...ok, deadlineSeconds: 90.5 }), ["badDeadline"]);
  assert.deepEqual(missionProblems({ ...ok, deadlineSeconds: null }), []);
  assert.deepEqual(missionProblems({ ...ok, obligations: [{ who: "Pat", what: "" }] }), ["badRecord"]);
  assert.deepEqual(missionProblems({ ...ok, claimants: [{ who: "The frame's owner", what: "wants it back" }] }), []);
});

test("a crew fee is divided, each share rounded down, the remainder shown; a per-head payment goes to each", () => {
  assert.deepEqual(missionPay({ type: "crewFee", amount: 101 }, 2), { each: 50, remainder: 1, total: 100 });
  assert.deepEqual(missionPay({ type: "crewFee", amount: 100 }, 3), { each: 33, remainder: 1, total: 99 });
  assert.deepEqual(missionPay({ type: "crewFee", amount: 2 }, 3), { each: 0, remainder: 2, total: 0 });
  assert.deepEqual(missionPay({ type: "perHead", amount: 50 }, 3), { each: 50, remainder: 0, total: 150 });
  assert.throws(() => missionPay({ type: "crewFee", amount: 100 }, 0), RangeError);
  assert.throws(() => missionPay({ type: "perHead", amount: 50 }, 0), RangeError);
  assert.throws(() => missionPay({ type: "", amount: 50 }, 2), RangeError);
});

test("the deadline counts active time: 60 s window, 45 s in → 15 s left; paused it stands; at 0 the run is overdue", () => {
  const run = { state: "active", clock: startClock(1_000), terms: { deadlineSeconds: 60 } };
  assert.equal(deadlineLeft(run, 46_000), 15);
  assert.equal(isOverdue(run, 46_000), false);
  assert.equal(deadlineLeft(run, 61_000), 0);
  assert.equal(isOverdue(run, 61_000), true);
  assert.equal(isOverdue({ ...run, state: "completed" }, 61_000), false);
  const paused = { ...run, clock: pauseClock(run.clock, 31_000) };
  assert.equal(deadlineLeft(paused, 500_000), 30);
  assert.equal(deadlineLeft({ ...run, terms: { deadlineSeconds: null } }, 61_000), null);
  assert.equal(isOverdue({ ...run, terms: {} }, 1e12), false);
});

test("an objective cycles open → done → failed → open", () => {
  assert.deepEqual(["open", "done", "failed"].map(nextObjectiveState), ["done", "failed", "open"]);
});

// Jobs and service shifts › Service pay and tips: "Pat's order | Use the accepted order and the vehicle-sale procedure.
// A completed order awards 2 XP; it is not a generic career crew fee."
test("a Pat order: no crew fee (paid through the vehicle sale) and 2 XP", () => {
  const pat = { fee: { type: "patOrder", amount: 0 }, xp: RULES.rep.xp.patOrder, objectives: [{ id: "a", label: "Two bikes" }] };
  assert.equal(RULES.rep.xp.patOrder, 2);
  assert.deepEqual(missionProblems(pat), []);
  assert.deepEqual(missionProblems({ ...pat, fee: { type: "patOrder", amount: 100 } }), ["badFee"]);
  assert.deepEqual(missionProblems({ ...pat, xp: 3 }), ["badXp"]);
  assert.deepEqual(missionPay(pat.fee, 3), { each: 0, remainder: 0, total: 0 });
  // A mission still needs its printed 3–5.
  assert.deepEqual(missionProblems({ ...pat, fee: { type: "crewFee", amount: 100 }, xp: 2 }), ["badXp"]);
});

test("the book's Pat order, Two Bikes Before Tonight, is data as a Pat order", () => {
  const m = yaml.load(readFileSync(new URL("../../packs-src/missions/two-bikes-before-tonight.yml", import.meta.url), "utf8"));
  assert.deepEqual(m.fee, { type: "patOrder", amount: 0 });
  assert.equal(m.xp, 2);
  assert.equal(m.client, "Auntie Pat");
});
