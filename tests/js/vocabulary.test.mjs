// One vocabulary (issue 18): module/ takes the system id and the ids of the stats, difficulty bands, outcomes, range
// bands and Conditions from module/generated/rules.mjs (generated from the YAML), never from a list of its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BANDS, CONDITION_IDS, CONDITIONS, OUTCOME_IDS, RANGE_BANDS, RULES, STAT_KEYS, SYSTEM_ID } from "../../module/generated/rules.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../module");
const files = (dir = ROOT) => readdirSync(dir).flatMap(name => {
  const path = join(dir, name);
  if (statSync(path).isDirectory()) return name === "generated" ? [] : files(path);
  return path.endsWith(".mjs") ? [path] : [];
});

/** Lines of code (comments removed) that spell a vocabulary list or the system id out. */
export function spelledOut(text) {
  // Foundry's type-label keys (TYPES.RegionBehavior.the-smoke.exit) name the id as part of a lang key, not a value.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "").replace(/TYPES\.\w+\.the-smoke\./g, "TYPES.");
  const list = /["'](mus["'], ["']grt|easy["'], ["']medium|properMess["'], ["']badLuck|engaged["'], ["']near|bruised["'], ["']hurt)["']/;
  // The id as a value: a flags scope, a setting or pack prefix; CSS class names ("classes: [...]") and log prefixes
  // ("the-smoke | …") are not the id.
  const id = /["'`]the-smoke(["'`]|\.)|the-smoke\./;
  return code.split("\n").filter(line => list.test(line) || (id.test(line) && !/classes: \[/.test(line) && !/console\.\w+\(/.test(line)));
}

test("the finder sees a spelled-out list and the id, and passes imports, classes and logs", () => {
  assert.deepEqual(spelledOut('const S = ["mus", "grt", "mov"];\nconst B = ["easy", "medium"];\nactor.getFlag("the-smoke", "x");\n'
    + "const q = `the-smoke.speedDice`;\n"), ['const S = ["mus", "grt", "mov"];', 'const B = ["easy", "medium"];',
    'actor.getFlag("the-smoke", "x");', "const q = `the-smoke.speedDice`;"]);
  assert.deepEqual(spelledOut('import { STAT_KEYS } from "../generated/rules.mjs";\n// ["mus", "grt"]\n'
    + 'classes: ["the-smoke", "sheet"],\nconsole.error("the-smoke | failed", err);\n'), []);
});

test("no file in module/ spells the vocabulary out", () => {
  const all = files();
  assert.ok(all.length > 40, `read ${all.length} modules`);
  const found = all.flatMap(f => spelledOut(readFileSync(f, "utf8")).map(line => `${relative(ROOT, f)}: ${line.trim()}`));
  assert.deepEqual(found, []);
});

test("the generated vocabulary is the data's", () => {
  assert.equal(SYSTEM_ID, "the-smoke");
  assert.deepEqual(STAT_KEYS, RULES.stats.stats.map(s => s.key));
  assert.deepEqual(STAT_KEYS, ["mus", "grt", "mov", "whl", "aim", "grf", "sav", "frt", "btl"]);
  assert.deepEqual(BANDS, RULES.difficulty.bands.map(b => b.id));
  assert.deepEqual(OUTCOME_IDS, RULES.outcomes.outcomes.map(o => o.id));
  assert.deepEqual(RANGE_BANDS, RULES.ranges.bands.map(b => b.id));
  assert.deepEqual(CONDITION_IDS, CONDITIONS.map(c => c.key));
  assert.equal(CONDITION_IDS.length, 31);
  assert.ok(Object.isFrozen(STAT_KEYS) && Object.isFrozen(CONDITION_IDS));
});
