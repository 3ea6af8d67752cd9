// Loads the real entry module against a minimal stand-in of the Foundry globals and checks what it registers
// agrees with the built system.json. (Booting in a browser against the full stand-in client is the e2e suite's job.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { install } from "./helpers/fake-foundry.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const manifest = JSON.parse(readFileSync(path.join(root, "system.json"), "utf8"));
const registered = install();
await import("../../module/the-smoke.mjs");
await Hooks.callAll("init");

test("every documentType in system.json has a data model and a sheet", () => {
  for (const doc of ["Actor", "Item"]) {
    assert.deepEqual(Object.keys(CONFIG[doc].dataModels).sort(), Object.keys(manifest.documentTypes[doc]).sort());
    const sheet = registered.sheets.find(s => s.doc === doc);
    assert.ok(sheet, `${doc} sheet registered`);
    assert.deepEqual(sheet.opts.types.sort(), Object.keys(manifest.documentTypes[doc]).sort());
  }
});

test("the 31 Conditions are the status effects", () => {
  assert.equal(CONFIG.statusEffects.length, 31);
  for (const e of CONFIG.statusEffects) {
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

test("the language file has every TYPES label", () => {
  const lang = JSON.parse(readFileSync(path.join(root, "lang/en.json"), "utf8"));
  for (const doc of ["Actor", "Item"]) {
    for (const type of Object.keys(manifest.documentTypes[doc])) assert.ok(lang.TYPES[doc][type], `${doc}.${type}`);
  }
});
