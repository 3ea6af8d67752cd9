// No GM request handler calls another as a function (issue 27): a handler is the GM's door for one request; a
// procedure two doors share is an exported function both call (as street/events.mjs's hazard and Pat's order call
// gm-screen/request-card.mjs announceHazard and shifts/callouts.mjs createCallout). Reads every file in module/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../module");

function files(dir = ROOT) {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".mjs") ? [path] : [];
  });
}

/** Places that pick one handler out of a `requests` table (a part's, or a manifest's `feature.requests`) by its type and call it. */
export function handlerCalls(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...code.matchAll(/\b\w*[Rr]equests(?:\.requests)?\s*\[\s*["'`][\w.]+["'`]\s*\]\s*\(/g)].map(m => m[0]);
}

test("the finder finds a handler called through its table", () => {
  assert.equal(handlerCalls('await gmScreenRequests["gm.hazard.announce"](user, {});').length, 1);
  assert.equal(handlerCalls("await calloutRequests['callout.create'](user, {});").length, 1);
  // …and through a feature's manifest (documents/core/feature.mjs), the tables' one way out of a face since issue 27.
  assert.equal(handlerCalls('await gmScreen.feature.requests["gm.hazard.announce"](user, {});').length, 1);
  assert.equal(handlerCalls("registerRequests(feature.requests); await announceHazard(key);").length, 0);
});

test("no module calls a request handler as a function", () => {
  const found = files().flatMap(f => handlerCalls(readFileSync(f, "utf8")).map(c => `${relative(ROOT, f)}: ${c}`));
  assert.deepEqual(found, []);
});
