// Node tests of aid and recovery (module/rules/conditions.mjs): first aid's Health and Conditions, Down ending when
// aid brings a character above 0 Health, once per injury, and Homerton's reset after Wasted. Numbers are the book's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyAid, firstAidAllowed, hospitalReset } from "../../module/rules/conditions.mjs";
import { CONDITIONS, RULES } from "../../module/generated/rules.mjs";

const kit = { restore: RULES.combat.firstAid.restoreHealth, removes: RULES.combat.firstAid.removes };

test("Harm, aid and recovery › First aid: restore 2 Health, remove Bleeding and Hurt (never above the maximum)", () => {
  assert.deepEqual(kit, { restore: 2, removes: ["bleeding", "hurt"] });
  assert.deepEqual(applyAid({ health: 5, max: 9, conditions: ["bleeding", "hurt", "prone"] }, kit),
    { health: 7, restored: 2, remove: ["bleeding", "hurt"], downEnds: false });
  assert.equal(applyAid({ health: 8, max: 9, conditions: [] }, kit).health, 9);
  assert.throws(() => applyAid({ health: -1, max: 9, conditions: [] }, kit), RangeError);
});

test("Harm, aid and recovery › At zero Health: aid that brings a Down character above 0 Health removes Down", () => {
  const r = applyAid({ health: 0, max: 9, conditions: ["down", "bleeding"] }, kit, { atHealth: RULES.combat.down.atHealth });
  assert.deepEqual(r, { health: 2, restored: 2, remove: ["bleeding", "down"], downEnds: true });
  // Aid that adds nothing leaves Down (the book: "assistance must bring you above 0 Health").
  assert.equal(applyAid({ health: 0, max: 9, conditions: ["down"] }, { restore: 0 }).downEnds, false);
});

test("Harm, aid and recovery › First aid (ruling: a fresh injury is Health lost since the last attempt): treat an injury once", () => {
  assert.equal(firstAidAllowed({ health: 5, treatedAt: null }), true, "never treated");
  assert.equal(firstAidAllowed({ health: 7, treatedAt: 7 }), false, "treated, nothing new");
  assert.equal(firstAidAllowed({ health: 5, treatedAt: 5 }), false, "a failed attempt counts too");
  assert.equal(firstAidAllowed({ health: 4, treatedAt: 7 }), true, "a fresh injury allows a fresh attempt");
});

test("Harm, aid and recovery › Homerton A&E, Wasted (ruling: the treatable injuries are those whose recovery names A&E, a paramedic or first aid): Health restored, Broken stays", () => {
  const r = hospitalReset({ max: 9, conditions: ["down", "bleeding", "hurt", "inPain", "broken"] }, CONDITIONS);
  assert.equal(r.health, 9);
  assert.deepEqual(r.remove.sort(), ["bleeding", "down", "hurt", "inPain"]);
  assert.deepEqual(r.keep, ["broken"], "Broken is set, but remains until a week of recovery");
});
