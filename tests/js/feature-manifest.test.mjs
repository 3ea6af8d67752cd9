// One registration route (issue 27): each feature's face merges its parts' tables (documents/core/feature.mjs) and
// the entry registers every feature's requests, hooks and round-end steps in one loop; nothing registers itself.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { handlersOf, mergeParts } from "../../module/documents/core/feature.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../module");

function files(dir = ROOT) {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".mjs") ? [path] : [];
  });
}

const code = f => readFileSync(f, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

test("mergeParts joins the parts' requests, hooks (in order, as lists) and round-end steps; a request handled twice is an error", () => {
  const a = () => 1, b = () => 2, c = () => 3, step = () => [];
  const merged = mergeParts([{ requests: { "x.one": a }, hooks: { ready: a } }, { hooks: { ready: [b, c] }, roundEndSteps: [step] }, {}]);
  assert.deepEqual(merged.requests, { "x.one": a });
  assert.deepEqual(merged.hooks, { ready: [a, b, c] });
  assert.deepEqual(merged.roundEndSteps, [step]);
  assert.throws(() => mergeParts([{ requests: { "x.one": a } }, { requests: { "x.one": b } }]), /x\.one/);
  assert.deepEqual(handlersOf(undefined), []);
  assert.deepEqual(handlersOf(a), [a]);
});

test("only the entry registers requests and round-end steps and builds game.system.api", () => {
  const entry = join(ROOT, "the-smoke.mjs");
  const found = files().filter(f => f !== entry).flatMap(f => {
    const text = code(f);
    return [/\bregisterRequests\(\s*[^)\s]/, /\baddRoundEndStep\(\s*[^)\s]/, /\.api\s*=\s*[{\w]/, /\bapi\.\w+\s*=[^=]/]
      .filter(re => re.test(text.replace(/export function (registerRequests|addRoundEndStep)\([^)]*\)/g, "")))
      .map(re => `${relative(ROOT, f)}: ${re}`);
  });
  assert.deepEqual(found, []);
});

test("the side doors are gone: no registerChase, registerChaseGauge, registerVehicleRequests, registerConsoleHooks", () => {
  const found = files().filter(f => /\bregister(Chase|ChaseGauge|VehicleRequests|ConsoleHooks)\b/.test(code(f))).map(f => relative(ROOT, f));
  assert.deepEqual(found, []);
});

test("no Hooks.on outside the entry but a window's own listener, taken off when it closes", () => {
  const entry = join(ROOT, "the-smoke.mjs");
  const found = files().filter(f => f !== entry && !relative(ROOT, f).startsWith("quench/")).flatMap(f => {
    const text = code(f);
    // (comments are gone, so `Hooks.on(/** @type … */ (hook), …)` reads `Hooks.on( (hook), …)`)
    // A hook named by a string is taken off by that name; one named by a variable (a window's list of hooks) by any off.
    const names = [...text.matchAll(/\bHooks\.(?:on|once)\(\s*\(?\s*(["']?)([\w.]+)/g)].map(m => ({ quoted: !!m[1], name: m[2] }));
    const takenOff = ({ quoted, name }) => quoted ? new RegExp(`\\.off\\(\\s*\\(?\\s*["']${name.replace(".", "\\.")}["']`).test(text)
      : /\bHooks\)?\.off\(/.test(text);
    return names.filter(h => !takenOff(h)).map(h => `${relative(ROOT, f)}: ${h.name}`);
  });
  assert.deepEqual(found, []);
});

test("the entry registers nothing but its init and the one loop: its own hooks are a table in the loop too", () => {
  const entry = code(join(ROOT, "the-smoke.mjs"));
  assert.deepEqual([...entry.matchAll(/\bHooks\.(on|once)\(\s*\(?\s*(?:\/\*\*[^*]*\*\/\s*)?\(?["']?(\w*)/g)].map(m => `${m[1]} ${m[2]}`),
    ["once init", "on name"]);
});
