// The module graph of module/ (issue 10; ARCHITECTURE layers): no import cycle anywhere, and the pure rules import
// only module/generated and each other. Reads every .mjs file's static imports and re-exports.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../module");

/** Every .mjs file under module/, as absolute paths. */
function files(dir = ROOT) {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".mjs") ? [path] : [];
  });
}

/** The relative modules a file imports or re-exports (static, including `import "./x.mjs"`). */
export function importsOf(path) {
  const text = readFileSync(path, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const specs = [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gm), ...text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)]
    .map(m => m[1]).filter(s => s.startsWith("."));
  return specs.map(s => resolve(dirname(path), s));
}

/** The cycles of a graph (each as a list of files), by depth-first search. */
export function cycles(graph) {
  const found = [];
  const state = new Map();
  const stack = [];
  const visit = node => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

const graph = new Map(files().map(f => [f, importsOf(f)]));
const name = f => relative(ROOT, f);

test("the cycle finder finds a cycle (so the next test can fail)", () => {
  const g = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]);
  assert.deepEqual(cycles(g), [["a", "b", "c", "a"]]);
  assert.deepEqual(cycles(new Map([["a", ["b"]], ["b", []]])), []);
});

test("module/ has no import cycle", () => {
  assert.ok(graph.size > 30, `read ${graph.size} modules`);
  const found = cycles(graph).map(c => c.map(name).join(" → "));
  assert.deepEqual(found, []);
});

test("module/rules imports only module/generated and the other rules", () => {
  const wrong = [...graph].filter(([f]) => name(f).startsWith("rules/"))
    .flatMap(([f, deps]) => deps.filter(d => !/^(rules|generated)\//.test(name(d))).map(d => `${name(f)} → ${name(d)}`));
  assert.deepEqual(wrong, []);
});

test("module/documents/core imports no feature: only rules, data, generated, core and the roll dialog (issue 27)", () => {
  const allowed = /^(rules|data|generated|documents\/core)\/|^apps\/roll-dialog\.mjs$/;
  const core = [...graph].filter(([f]) => name(f).startsWith("documents/core/"));
  assert.ok(core.length > 15, `read ${core.length} core modules`);
  const wrong = core.flatMap(([f, deps]) => deps.filter(d => !allowed.test(name(d))).map(d => `${name(f)} → ${name(d)}`));
  assert.deepEqual(wrong, []);
  // The one climb to a window is prompt-check's (ARCHITECTURE.md).
  const climbs = core.flatMap(([f, deps]) => deps.filter(d => name(d).startsWith("apps/")).map(() => name(f)));
  assert.deepEqual(climbs, ["documents/core/prompt-check.mjs"]);
});

test("module/documents climbs to a window in one place: core/prompt-check.mjs, the one prompt-then-roll (issue 27)", () => {
  const climbs = [...graph].filter(([f]) => name(f).startsWith("documents/"))
    .flatMap(([f, deps]) => deps.filter(d => name(d).startsWith("apps/")).map(d => `${name(f)} → ${name(d)}`));
  assert.deepEqual(climbs, ["documents/core/prompt-check.mjs → apps/roll-dialog.mjs"]);
});
