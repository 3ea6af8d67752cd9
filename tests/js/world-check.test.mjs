// The world check (issue 23; module/documents/core/world-check.mjs): its expectations follow what the entry module really
// registers (so a lost registration in a real world is reported, and the list cannot drift from the code), and the
// pure comparison reports exactly what is missing — including the manifest/code mismatch of issue 23 B1.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { install } from "./helpers/fake-foundry.mjs";
import { CONDITION_IDS } from "../../module/generated/rules.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const manifest = JSON.parse(readFileSync(path.join(root, "system.json"), "utf8"));
const registered = install();
await import("../../module/the-smoke.mjs");
await Hooks.callAll("init");
const { checkWorld, expectedRegistrations, EXPECTED } = await import("../../module/documents/core/world-check.mjs");

const own = keys => keys.map(k => k.replace(/^the-smoke\./, "")).sort();

test("the expectations are what the entry module registers: settings, the menu, keybindings, queries", () => {
  const expected = expectedRegistrations();
  assert.deepEqual(own(Object.keys(registered.settings)), [...expected.settings].sort());
  assert.deepEqual(own(Object.keys(registered.menus)), [...expected.menus].sort());
  assert.deepEqual(own(Object.keys(registered.keybindings)), [...expected.keybindings].sort());
  assert.deepEqual(own(Object.keys(CONFIG.queries)), [...expected.queries].sort());
  assert.equal(registered.menus["the-smoke.worldCheck"].restricted, true); // a GM's button
  assert.equal(expected.statusEffects.length, CONDITION_IDS.length + 1);
  assert.ok(expected.statusEffects.includes(EXPECTED.defeated));
});

/** A world holding everything the manifest declares and the system expects (as collectRegistrations reads it). */
function completeWorld() {
  const expected = expectedRegistrations();
  const declared = Object.fromEntries(Object.entries(manifest.documentTypes).map(([doc, types]) => [doc, Object.keys(types)]));
  return {
    declared, worldTypes: structuredClone(declared),
    models: Object.fromEntries(Object.entries(declared).map(([doc, types]) => [doc, Object.fromEntries(types.map(t => [t, `${t}Model`]))])),
    regionBehaviorTypes: Object.fromEntries(declared.RegionBehavior.map(t => [t, true])),
    sheets: Object.fromEntries(EXPECTED.sheets.map(doc => [doc, Object.fromEntries(declared[doc].map(t => [t, [`the-smoke.${doc}Sheet`]]))])),
    documentClasses: { ...EXPECTED.documentClasses }, baseModels: { Combat: "SmokeCombatData", Combatant: "SmokeCombatantData" },
    settings: [...expected.settings], menus: [...expected.menus], keybindings: [...expected.keybindings],
    queries: [...expected.queries], statusEffects: [...expected.statusEffects], defeated: "wasted"
  };
}

test("a complete world: nothing missing, every declared type, sheet and registration checked", () => {
  const report = checkWorld(completeWorld(), expectedRegistrations());
  assert.deepEqual(report.missing, []);
  const ids = report.sections.map(s => s.id);
  assert.deepEqual(ids, ["types", "regionBehaviors", "sheets", "classes", "keybindings", "queries", "settings", "statusEffects"]);
  const rows = Object.fromEntries(report.sections.map(s => [s.id, s.rows.length]));
  const e = expectedRegistrations();
  assert.deepEqual(rows, { types: 3 + 10 + 1 + 2, regionBehaviors: 3, sheets: 3 + 10 + 1, classes: 3, keybindings: e.keybindings.length,
    queries: e.queries.length, settings: e.settings.length + e.menus.length, statusEffects: e.statusEffects.length + 1 });
});

test("each lost registration is reported as exactly that item", () => {
  const cases = [
    [w => delete w.models.RegionBehavior["the-smoke.exit"], [["regionBehaviors", "the-smoke.exit", "noDataModel"]]],
    [w => { w.sheets.JournalEntryPage.mission = []; }, [["sheets", "JournalEntryPage.mission", "noSheet"]]],
    [w => { w.regionBehaviorTypes["the-smoke.place"] = false; }, [["regionBehaviors", "the-smoke.place", "notRegionBehaviorType"]]],
    [w => { w.keybindings = w.keybindings.filter(k => k !== "satnav"); }, [["keybindings", "satnav", "notRegistered"]]],
    [w => { w.queries = w.queries.filter(k => k !== "speedDice"); }, [["queries", "speedDice", "notRegistered"]]],
    [w => { w.settings = w.settings.filter(k => k !== "missionRuns"); }, [["settings", "missionRuns", "notRegistered"]]],
    [w => { w.statusEffects = w.statusEffects.filter(k => k !== "bleeding"); }, [["statusEffects", "bleeding", "notRegistered"]]],
    [w => { w.defeated = "dead"; }, [["statusEffects", "DEFEATED", "wrongDefeated"], ["statusEffects", "DEFEATED", "defeatedNotAStatus"]]],
    [w => { w.documentClasses.Combat = "Combat"; }, [["classes", "Combat", "wrongClass"]]],
    [w => { w.baseModels.Combatant = null; }, [["types", "Combatant.base", "noDataModel"]]],
    [w => { w.worldTypes.Actor = w.worldTypes.Actor.filter(t => t !== "vehicle"); }, [["types", "Actor.vehicle", "notInWorld"]]]
  ];
  for (const [lose, want] of cases) {
    const world = completeWorld();
    lose(world);
    const got = checkWorld(world, expectedRegistrations()).missing.map(m => [m.section, m.item, m.problem]);
    assert.deepEqual(got, want, String(lose));
  }
});

test("issue 23 B1 as the check sees it: a bare manifest key and a prefixed model are two problems, named", () => {
  const world = completeWorld();
  world.declared.RegionBehavior = ["exit", "the-smoke.indoors", "the-smoke.place"];
  world.worldTypes.RegionBehavior = [...world.declared.RegionBehavior];
  // what main's code registered against main's manifest: the model under the prefixed name only
  const got = checkWorld(world, expectedRegistrations()).missing.map(m => [m.section, m.item, m.problem]);
  assert.deepEqual(got, [["regionBehaviors", "exit", "noDataModel"], ["regionBehaviors", "the-smoke.exit", "notDeclared"]]);
});
