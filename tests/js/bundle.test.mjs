// The built bundle (the-smoke-compiled.mjs, tools/bundle.mjs) registers exactly what module/the-smoke.mjs does:
// the same sheets under the same class names (and their ancestors': Foundry names sheet ids and render hooks after
// them — v13 https://foundryvtt.com/api/functions/hookEvents.renderApplicationV2.html: "Each ApplicationV2 class in
// the inheritance chain will also fire this hook" — so esbuild's renaming of a name two modules share must not show), settings, keybindings, templates, data
// models, status effects, queries and API. Each entry is loaded in its own node process.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const helper = path.join(root, "tests/js/helpers/registration-summary.mjs");
const summary = entry => JSON.parse(execFileSync(process.execPath, [helper, path.join(root, entry)], { encoding: "utf8" }).trim().split("\n").at(-1));

test("the bundle system.json loads registers what the sources register, under the same class names", () => {
  const manifest = JSON.parse(readFileSync(path.join(root, "system.json"), "utf8"));
  assert.deepEqual(manifest.esmodules, ["the-smoke-compiled.mjs"]);
  assert.ok(existsSync(path.join(root, "the-smoke-compiled.mjs")), "build first: the bundle is the build's");
  const sources = summary("module/the-smoke.mjs");
  const bundle = summary("the-smoke-compiled.mjs");
  assert.ok(sources.sheets.some(s => s.classes[0] === "CharacterSheet"), "the summary sees the sheets");
  assert.ok(sources.settings.length > 10 && sources.api.length > 10, "the summary sees the settings and the API");
  assert.deepEqual(bundle, sources);
});

test("the bundle's `modules` names every module under module/ but the in-world tests", async () => {
  const text = readFileSync(path.join(root, "the-smoke-compiled.mjs"), "utf8");
  const names = [...text.matchAll(/^ {2}"([^"]+\.mjs)": \w+,?$/gm)].map(m => m[1]);
  assert.ok(names.includes("documents/core/requests.mjs") && names.includes("generated/rules.mjs"));
  assert.ok(!names.some(n => n.startsWith("quench/")));
  assert.deepEqual(names, [...names].sort());
});
