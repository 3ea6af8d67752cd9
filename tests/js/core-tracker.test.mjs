// The core tracker's context-menu entries that roll or clear initiative are hidden while the viewed fight is in speed
// mode (issue 23 F3). Entry names from Draw Steel 0.10.2's v13 tracker (`COMBAT.CombatantClear`, `COMBAT.CombatantReroll`);
// v13 entries carry `condition`, v14's `visible` (both are kept working).
import { test } from "node:test";
import assert from "node:assert/strict";
import { feature, guardInitiativeEntries } from "../../module/apps/core-tracker.mjs";

const entries = () => [
  { name: "COMBAT.CombatantUpdate", condition: () => true },
  { name: "COMBAT.CombatantClear", condition: li => li === "owned" },
  { name: "COMBAT.CombatantReroll" },
  { label: "COMBAT.CombatantClear", visible: () => true }
];

test("in speed mode the initiative entries are hidden; in the simple tracker they keep their own condition", () => {
  let combat = { isSpeed: true };
  const list = entries();
  assert.equal(guardInitiativeEntries(list, () => combat), 3);
  assert.equal(list[0].condition(), true); // not an initiative entry: untouched
  assert.deepEqual([list[1].condition("owned"), list[2].condition(), list[3].visible()], [false, false, false]);
  combat = { isSpeed: false };
  assert.deepEqual([list[1].condition("owned"), list[1].condition("other"), list[2].condition(), list[3].visible()],
    [true, false, true, true]);
  combat = null; // no fight viewed: core's own rules
  assert.equal(list[2].condition(), true);
});

test("the guard listens where v13's tracker calls: get<Class>ContextOptions for the CombatTracker", () => {
  // v13 CombatTracker#_onFirstRender: `_createContextMenu(this._getEntryContextOptions, ".combatant", {fixed: true})`
  // with the default hook `get{}ContextOptions` per class up the chain (core v13 ApplicationV2, code index;
  // fvtt-types client/hooks.d.mts `get${ApplicationV2Name}ContextOptions`).
  const list = entries();
  feature.hooks.getCombatTrackerContextOptions({ viewed: { isSpeed: true } }, list);
  assert.deepEqual([list[1].condition("owned"), list[2].condition(), list[3].visible()], [false, false, false]);
});
