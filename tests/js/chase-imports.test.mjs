// The module graph has no import cycles through the chase (issue 10 item 5): every static import under module/ is
// read, and any cycle that passes through documents/chase/chase.mjs or documents/chase/* fails the test (as does any
// cycle at all, reported for the whole graph).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../module");

function files(dir) {
  return readdirSync(dir).flatMap(name => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".mjs") ? [p] : [];
  });
}

function graph() {
  const edges = new Map();
  for (const file of files(ROOT)) {
    const src = readFileSync(file, "utf8");
    const deps = [...src.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["'](\.[^"']+)["']/gms)].map(m => resolve(dirname(file), m[1]));
    edges.set(file, deps);
  }
  return edges;
}

function cycles(edges) {
  const found = [];
  const state = new Map();
  const stack = [];
  const visit = node => {
    state.set(node, 1);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 1) found.push([...stack.slice(stack.indexOf(next)), next].map(p => relative(ROOT, p)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 2);
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return found;
}

test("no import cycle passes through the chase", () => {
  const chase = cycles(graph()).filter(c => c.some(p => p.startsWith("documents/chase")));
  assert.deepEqual(chase, []);
});

test("the chase files import only downwards: common and map import no other chase file but common", () => {
  const edges = graph();
  const chaseDeps = f => (edges.get(join(ROOT, f)) ?? []).map(p => relative(ROOT, p)).filter(p => p.startsWith("documents/chase/"));
  assert.deepEqual(chaseDeps("documents/chase/common.mjs"), []);
  assert.deepEqual(chaseDeps("documents/chase/map.mjs"), ["documents/chase/common.mjs"]);
});

test("the whole module graph has no import cycle", () => {
  assert.deepEqual(cycles(graph()), []);
});
