// The linter's two project rules can fail (issue 18): ESLint with eslint.config.mjs refuses an import cycle and a
// Foundry global in module/rules/, and allows the same global one layer up. Lints scratch files in a temp project.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

async function lint(files) {
  const dir = mkdtempSync(join(tmpdir(), "smoke-eslint-"));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    // import-x/no-restricted-paths resolves its zones from the process's working folder, as `npx eslint` at the root.
    process.chdir(dir);
    const eslint = new ESLint({ cwd: dir, overrideConfigFile: join(ROOT, "eslint.config.mjs") });
    const results = await eslint.lintFiles(Object.keys(files));
    return Object.fromEntries(results.map(r => [r.filePath.slice(dir.length + 1), r.messages.map(m => m.ruleId)]));
  } finally {
    process.chdir(ROOT);
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a Foundry global in module/rules/ is refused, in module/documents/ it is allowed", async () => {
  const found = await lint({
    "module/rules/a.mjs": "export const who = () => game.user.name;\nexport const n = typeof CONFIG;\n",
    "module/documents/a.mjs": "export const who = () => game.user.name;\n"
  });
  // `game` is also undefined there (no-undef); `typeof CONFIG` is caught only by no-restricted-globals.
  assert.deepEqual(found, { "module/rules/a.mjs": ["no-restricted-globals", "no-undef", "no-restricted-globals"], "module/documents/a.mjs": [] });
});

test("an import cycle is refused", async () => {
  const found = await lint({
    "module/rules/a.mjs": 'import { b } from "./b.mjs";\nexport const a = () => b;\n',
    "module/rules/b.mjs": 'import { a } from "./a.mjs";\nexport const b = () => a;\n',
    "module/rules/c.mjs": 'import { b } from "./b.mjs";\nexport const c = () => b;\n'
  });
  assert.deepEqual(found, { "module/rules/a.mjs": ["import-x/no-cycle"], "module/rules/b.mjs": ["import-x/no-cycle"], "module/rules/c.mjs": [] });
});

test("module/documents/core importing a feature or a window is refused; rules, core and the roll dialog are not (issue 27)", async () => {
  const found = await lint({
    "module/documents/chase/x.mjs": "export const x = 1;\n",
    "module/apps/sheet.mjs": "export const s = 1;\n",
    "module/apps/roll-dialog.mjs": "export const d = 1;\n",
    "module/rules/r.mjs": "export const r = 1;\n",
    "module/documents/core/base.mjs": "export const b = 1;\n",
    "module/documents/core/a.mjs": 'import { x } from "../chase/x.mjs";\nimport { s } from "../../apps/sheet.mjs";\n'
      + "export const a = () => [x, s];\n",
    "module/documents/core/ok.mjs": 'import { b } from "./base.mjs";\nimport { d } from "../../apps/roll-dialog.mjs";\n'
      + 'import { r } from "../../rules/r.mjs";\nexport const ok = () => [b, d, r];\n'
  });
  assert.deepEqual(found["module/documents/core/a.mjs"], ["import-x/no-restricted-paths", "import-x/no-restricted-paths"]);
  assert.deepEqual(found["module/documents/core/ok.mjs"], []);
});

test("form (issue 27): two tags on one JSDoc line, an undocumented parameter, an undocumented export and loose formatting are refused", async () => {
  const found = await lint({
    "module/rules/oneline.mjs": "/**\n * Sum.\n * @param {number} a @param {number} b\n * @returns {number}\n */\nexport function sum(a, b) {\n  return a + b;\n}\n",
    "module/rules/missing.mjs": "/**\n * Sum.\n * @param {number} a\n */\nexport function sum(a, b) {\n  return a + b;\n}\n",
    "module/rules/bare.mjs": "export function sum(a, b) {\n  return a + b;\n}\n",
    "module/rules/loose.mjs": "/**\n * Sum.\n * @param {number} a\n * @param {number} b\n */\nexport function sum(a, b) {\n    return a+b\n}\n",
    "module/rules/good.mjs": "/**\n * Sum.\n * @param {number} a  The first.\n * @param {number} b  The second.\n * @returns {number}\n */\nexport function sum(a, b) {\n  return a + b;\n}\n"
  });
  // The one-line pair hides b from the parser: it reads "@param {number} a" with the rest as a's description.
  assert.deepEqual(found["module/rules/oneline.mjs"], ["jsdoc/require-param"]);
  assert.deepEqual(found["module/rules/missing.mjs"], ["jsdoc/require-param"]);
  assert.deepEqual(found["module/rules/bare.mjs"], ["jsdoc/require-jsdoc"]);
  assert.deepEqual(found["module/rules/loose.mjs"].sort(), ["@stylistic/indent", "@stylistic/semi", "@stylistic/space-infix-ops"]);
  assert.deepEqual(found["module/rules/good.mjs"], []);
});
