// Loads the real entry module against a minimal stand-in of the Foundry globals and checks what it registers
// agrees with the built system.json. (Booting in a browser against the full stand-in client is the e2e suite's job.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { install } from "./helpers/fake-foundry.mjs";
import { RULES } from "../../module/generated/rules.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const manifest = JSON.parse(readFileSync(path.join(root, "system.json"), "utf8"));
const registered = install();
await import("../../module/the-smoke.mjs");
await Hooks.callAll("init");

test("every documentType in system.json has a data model and a sheet (mission pages too)", () => {
  for (const doc of ["Actor", "Item"]) {
    assert.deepEqual(Object.keys(CONFIG[doc].dataModels).sort(), Object.keys(manifest.documentTypes[doc]).sort());
    const types = registered.sheets.filter(s => s.doc === doc).flatMap(s => s.opts.types);
    assert.deepEqual(types.sort(), Object.keys(manifest.documentTypes[doc]).sort());
  }
  // Core's journal window reads every page's sheet class (issue 23 B2): each of the system's page types has one,
  // made from v13's JournalEntryPageHandlebarsSheet (as dnd5e 5.3.3 registers one per page type, dnd5e.mjs).
  const pageTypes = Object.keys(manifest.documentTypes.JournalEntryPage);
  assert.deepEqual(Object.keys(CONFIG.JournalEntryPage.dataModels).sort(), pageTypes.sort());
  const pageSheets = registered.sheets.filter(s => s.doc === "JournalEntryPage");
  assert.deepEqual(pageSheets.flatMap(s => s.opts.types).sort(), pageTypes.sort());
  for (const s of pageSheets) {
    assert.ok(s.cls.prototype instanceof foundry.applications.sheets.journal.JournalEntryPageHandlebarsSheet, s.cls.name);
    assert.ok(s.cls.VIEW_PARTS.content && s.cls.EDIT_PARTS.header && s.cls.EDIT_PARTS.footer, s.cls.name);
  }
  assert.equal(CONFIG.Actor.documentClass.name, "SmokeActor");
  assert.equal(registered.settings["the-smoke.skipRollDialog"].scope, "client");
});

test("the Blower opens on Alt+B and sat nav on Alt+N (rebindable: editable bindings); the radio volume is the listener's own", () => {
  assert.deepEqual(registered.keybindings["the-smoke.blower"].editable, [{ key: "KeyB", modifiers: ["Alt"] }]);
  assert.deepEqual(registered.keybindings["the-smoke.satnav"].editable, [{ key: "KeyN", modifiers: ["Alt"] }]);
  assert.equal(registered.settings["the-smoke.radioVolume"].scope, "client");
  assert.equal(registered.settings["the-smoke.blowerTexts"].scope, "client");
});

// v13 takes a system's sub-type keys verbatim (only a module's are prefixed): dnd5e 5.3.3's system.json declares
// "dnd5e.difficultTerrain" and its dnd5e.mjs registers CONFIG.RegionBehavior.dataModels under that same key (issue 23 B1).
test("every RegionBehavior type in system.json is registered under its exact key, with a label; the rules API has H", () => {
  const types = Object.keys(manifest.documentTypes.RegionBehavior ?? {});
  assert.deepEqual(types.sort(), ["the-smoke.exit", "the-smoke.indoors", "the-smoke.place"]);
  assert.deepEqual(Object.keys(CONFIG.RegionBehavior.dataModels).sort(), types.sort());
  const lang = JSON.parse(readFileSync(path.join(root, "lang/en.json"), "utf8"));
  // core labels a type with TYPES.RegionBehavior.<type>, resolved by path: TYPES.RegionBehavior["the-smoke"].exit
  for (const t of types) assert.ok(t.split(".").reduce((o, k) => o?.[k], lang.TYPES.RegionBehavior), t);
  const api = game.system.api;
  assert.equal(api.rules.hops({ a: ["b"], b: ["c"] }, "a", "c"), 2);
  assert.deepEqual(api.rules.exitPoint({ from: { x: 0, y: 0, w: 100, h: 1000 }, to: { x: 0, y: 0, w: 100, h: 500 },
    point: { x: 50, y: 300 } }), { x: 50, y: 150 });
  assert.deepEqual(Object.keys(api.streetMap).sort(), ["check", "cross", "crossings", "graph", "hops", "link", "report", "route"]);
});

test("the place region behaviour (issue 13) is registered as the-smoke.place with its kind and a flat's residents", () => {
  const Place = CONFIG.RegionBehavior.dataModels["the-smoke.place"];
  assert.ok(Place, "the-smoke.place");
  assert.deepEqual(Object.keys(Place.defineSchema()), ["kind", "buyer", "shelf", "respray", "marketChange", "garagePerBody",
    "residents"]);
  // a set of actor UUIDs (issue 24): drawn by name as v13's document tags, never typed as raw ids
  assert.equal(Place.defineSchema().residents.element.options.type, "Actor");
  assert.ok(Object.keys(Place.defineSchema().kind.options.choices).includes("flat"));
});

test("the 31 Conditions and the defeated status (Wasted) are the status effects; Toggle Defeated uses one of them", () => {
  assert.equal(CONFIG.statusEffects.length, 32);
  assert.equal(CONFIG.specialStatusEffects.DEFEATED, "wasted");
  assert.ok(CONFIG.statusEffects.some(e => e.id === CONFIG.specialStatusEffects.DEFEATED));
  for (const e of CONFIG.statusEffects.filter(s => s.id !== "wasted")) {
    const file = path.join(root, e.img.replace(/^systems\/the-smoke\//, ""));
    assert.ok(existsSync(file), `${e.id} icon ${file}`);
  }
});

test("every file the manifest and the entry module load exists in the build", () => {
  for (const rel of [...manifest.esmodules, ...manifest.styles, ...manifest.languages.map(l => l.path)]) {
    assert.ok(existsSync(path.join(root, rel)), rel);
  }
  for (const p of Object.values(registered.templates)) {
    assert.ok(existsSync(path.join(root, p.replace(/^systems\/the-smoke\//, ""))), p);
  }
  for (const pack of manifest.packs) assert.ok(existsSync(path.join(root, pack.path, "CURRENT")), pack.path);
});

test("the language file has every TYPES label, for every sub-type the manifest declares", () => {
  // core labels a type TYPES.<Doc>.<type>, resolved by path (so "the-smoke.exit" is TYPES.RegionBehavior["the-smoke"].exit)
  const lang = JSON.parse(readFileSync(path.join(root, "lang/en.json"), "utf8"));
  const declared = Object.entries(manifest.documentTypes).flatMap(([doc, types]) => Object.keys(types).map(t => `${doc}.${t}`));
  assert.equal(declared.length, 3 + 10 + 3 + 1);
  for (const key of declared) assert.equal(typeof key.split(".").reduce((o, k) => o?.[k], lang.TYPES), "string", key);
});

test("every SMOKE.* string the code and templates name is in lang/en.json", async () => {
  const { readdirSync, statSync } = await import("node:fs");
  const lang = JSON.parse(readFileSync(path.join(root, "lang/en.json"), "utf8"));
  const has = key => key.split(".").reduce((o, k) => o?.[k], lang) !== undefined;
  const files = [];
  const walk = dir => readdirSync(dir).forEach(f => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) walk(p); else if (/\.(mjs|hbs)$/.test(f)) files.push(p);
  });
  ["module", "templates"].forEach(d => walk(path.join(root, d)));
  const missing = new Set();
  for (const file of files) {
    for (const [, key] of readFileSync(file, "utf8").matchAll(/["'](SMOKE\.[A-Za-z0-9_.]+[A-Za-z0-9_])["']/g)) {
      if (!has(key)) missing.add(`${key} (${path.relative(root, file)})`);
    }
  }
  // keys built at run time: every value they can take
  const dynamic = [
    ...RULES.difficulty.bands.map(b => `SMOKE.Band.${b.id}`),
    ...RULES.outcomes.outcomes.map(o => `SMOKE.Outcome.${o.id}`),
    ...RULES["explosion-moments"].moments.map(m => `SMOKE.Moment.${m.id}`),
    ...RULES.rep.tiers.map(t => `SMOKE.Tier.${t.id}`),
    ...RULES.hustle.spends.map(s => `SMOKE.Check.spent.${s.id}`),
    ...RULES.stats.stats.flatMap(s => ["name", "abbr", "use"].map(k => `SMOKE.Stat.${s.key}.${k}`))
  ];
  for (const key of dynamic) if (!has(key)) missing.add(key);
  assert.deepEqual([...missing], []);
});

test("game.system.api is built at init, in the entry alone: the motors', the chase's and the HUD's parts too (issue 27)", () => {
  const api = game.system.api;
  for (const name of ["occupantsOf", "driverOf", "rollDriving", "rollTheft", "rollRepair", "payGarage"]) {
    assert.equal(typeof api.vehicles?.[name], "function", `api.vehicles.${name}`);
  }
  for (const name of ["gaugeOf", "rollGaugeCheck", "startDriving", "goEvasive", "rollManoeuvre", "resistPit", "setChaseRole",
    "chaseRole", "chaseSides", "policeSuggestion", "squaresBetween", "open"]) {
    assert.equal(typeof api.chase?.[name], "function", `api.chase.${name}`);
  }
  assert.equal(typeof api.apps.ChaseGauge, "function");
  assert.equal(typeof api.apps.CombatConsole, "function");
});

test("game.system.api.rules is the rules barrel: every export of every module/rules/ file, the same value (issue 27)", async () => {
  const { readdirSync } = await import("node:fs");
  const dir = path.join(root, "module/rules");
  let count = 0;
  for (const file of readdirSync(dir).filter(f => f.endsWith(".mjs") && f !== "index.mjs")) {
    const mod = await import(path.join(dir, file));
    for (const [name, value] of Object.entries(mod)) {
      assert.equal(game.system.api.rules[name], value, `${file} ${name}`);
      count++;
    }
  }
  assert.ok(count > 200, `${count} rules`);
  // the names the guide and the tests call (as before the barrel)
  for (const name of ["hops", "crewShares", "heatAfterCrime", "checkRequestTN", "missionPay", "india99Sees", "bustedLoss"]) {
    assert.equal(typeof game.system.api.rules[name], "function", name);
  }
});
