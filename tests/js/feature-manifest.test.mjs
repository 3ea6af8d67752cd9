// One registration route (issue 27): each feature's face exports ONE manifest, `feature = {id, requests, hooks,
// roundEndSteps, api}`, merged from its parts' tables (documents/core/feature.mjs); the windows with hooks export
// theirs; the entry registers every manifest in one loop and builds game.system.api from their apis; nothing registers
// itself. The entry is loaded against the node stand-in of Foundry (tools/fake-foundry.mjs) to see what it registers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildApi, handlersOf, mergeParts } from "../../module/documents/core/feature.mjs";
import { install } from "./helpers/fake-foundry.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../module");
const DOCS = join(ROOT, "documents");

function files(dir = ROOT) {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".mjs") ? [path] : [];
  });
}

const code = f => readFileSync(f, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

// The entry, loaded as Foundry would at init, with every Hooks.on it makes recorded.
install();
const registeredHooks = [];
const on = Hooks.on;
Hooks.on = (name, fn) => {
  registeredHooks.push({ name, fn });
  return on(name, fn);
};
await import("../../module/the-smoke.mjs");
await Hooks.callAll("init");
const { registerRequest } = await import("../../module/documents/core/requests.mjs");
const { addRoundEndStep, roundEndOrder } = await import("../../module/documents/fight/combat.mjs");
const modules = new Map();
for (const f of files().filter(f => !relative(ROOT, f).startsWith("quench/"))) modules.set(f, await import(pathToFileURL(f).href));

/** The feature folders under module/documents/ and each one's face, `<folder>/<folder>.mjs`. */
const FOLDERS = readdirSync(DOCS).filter(name => statSync(join(DOCS, name)).isDirectory());
const faceOf = folder => join(DOCS, folder, `${folder}.mjs`);
/** The manifests every module exports, by file. */
const manifests = [...modules].filter(([, m]) => "feature" in m).map(([f, m]) => ({ file: relative(ROOT, f), feature: m.feature }));

test("mergeParts joins the parts' requests, hooks (in order, as lists) and round-end steps; a request handled twice is an error", () => {
  const a = () => 1, b = () => 2, c = () => 3, step = { id: "x.step", at: 1, run: async () => [] };
  const merged = mergeParts([{ requests: { "x.one": a }, hooks: { ready: a } }, { hooks: { ready: [b, c] }, roundEndSteps: [step] }, {}]);
  assert.deepEqual(merged.requests, { "x.one": a });
  assert.deepEqual(merged.hooks, { ready: [a, b, c] });
  assert.deepEqual(merged.roundEndSteps, [step]);
  assert.throws(() => mergeParts([{ requests: { "x.one": a } }, { requests: { "x.one": b } }]), /x\.one/);
  assert.deepEqual(handlersOf(undefined), []);
  assert.deepEqual(handlersOf(a), [a]);
});

test("buildApi puts each manifest's api under its id (a face and its window join), keeps the short paths, and refuses a name twice", () => {
  const f = () => 1, g = () => 2, h = () => 3;
  const api = buildApi({ RULES: {} }, [{ id: "chase", api: { gaugeOf: f } }, { id: "chase", hooks: {}, api: { open: g } },
    { id: "core", api: { requestGM: h } }, { id: "quench", hooks: {} }], { requestGM: "core.requestGM" });
  assert.deepEqual(api, { RULES: {}, chase: { gaugeOf: f, open: g }, core: { requestGM: h }, requestGM: h });
  assert.throws(() => buildApi({}, [{ id: "chase", api: { open: f } }, { id: "chase", api: { open: g } }]), /"chase".*"open" is given twice/);
  assert.throws(() => buildApi({ rules: {} }, [{ id: "rules", api: { x: f } }]), /"rules".*entry's own/);
  assert.throws(() => buildApi({}, [{ id: "core", api: {} }], { worldCheck: "core.worldCheck" }), /"worldCheck".*"core" has no api name "worldCheck"/);
  assert.throws(() => buildApi({ clock: {} }, [{ id: "core", api: { clock: f } }], { clock: "core.clock" }), /"clock" is taken/);
});

test("every feature folder has its face, <folder>/<folder>.mjs, exporting one manifest with an id, and no bare requests, hooks, round-end steps or api", () => {
  assert.ok(FOLDERS.length >= 13, `read ${FOLDERS.length} feature folders`);
  for (const folder of FOLDERS) {
    const face = modules.get(faceOf(folder));
    assert.ok(face, `documents/${folder}/${folder}.mjs: no face`);
    assert.equal(typeof face.feature?.id, "string", `documents/${folder}/${folder}.mjs: no manifest with an id`);
    assert.ok(face.feature.id.length > 0);
    const bare = ["requests", "hooks", "roundEndSteps", "api"].filter(name => name in face);
    assert.deepEqual(bare, [], `documents/${folder}/${folder}.mjs exports ${bare.join(", ")} beside its manifest`);
  }
});

test("every module that exports a manifest exports nothing else to register, and the entry lists every manifest in FEATURES", () => {
  assert.ok(manifests.length >= 25, `read ${manifests.length} manifests`);
  const entry = code(join(ROOT, "the-smoke.mjs"));
  const list = entry.match(/const FEATURES = \[([^\]]*)\]/)?.[1].split(",").map(s => s.trim()).filter(Boolean) ?? [];
  const missing = [];
  for (const { file } of manifests) {
    const bare = ["requests", "hooks", "roundEndSteps", "api"].filter(name => name in modules.get(join(ROOT, file)));
    assert.deepEqual(bare, [], `${file} exports ${bare.join(", ")} beside its manifest`);
    const spec = `./${file}`.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    const name = entry.match(new RegExp(`import \\{[^}]*\\bfeature as (\\w+)[^}]*\\} from "${spec}"`))?.[1];
    if (!name || !list.includes(name)) missing.push(file);
  }
  assert.deepEqual(missing, []);
  // …and FEATURES lists nothing else but the entry's own manifest (its quenchReady).
  assert.equal(list.length, manifests.length + 1);
});

test("every part's request, hook and round-end step is registered through a manifest (no part left out)", () => {
  // kit-record's hooks run inside the character record's combined hooks (documents/core/record.mjs), not on their own.
  const insideAnother = new Set(["documents/core/kit-record.mjs"]);
  const hookFns = new Set(registeredHooks.map(h => h.fn));
  const left = [];
  for (const [file, m] of modules) {
    const name = relative(ROOT, file);
    const tables = "feature" in m ? m.feature : m;
    for (const [hook, entry] of Object.entries(tables.hooks ?? {})) {
      for (const fn of handlersOf(entry)) if (!insideAnother.has(name) && !hookFns.has(fn)) left.push(`${name}: hook ${hook}`);
    }
    for (const type of Object.keys(tables.requests ?? {})) {
      // registerRequest refuses a type already registered: the probe's only way to see the channel's table.
      let registered = false;
      try {
        registerRequest(type, () => null);
      } catch (err) {
        registered = /registered twice/.test(err.message);
      }
      if (!registered) left.push(`${name}: request ${type}`);
    }
    for (const step of tables.roundEndSteps ?? []) if (!roundEndOrder().some(s => s.id === step.id)) left.push(`${name}: step ${step.id}`);
  }
  assert.deepEqual(left, []);
  assert.ok(registeredHooks.length > 100, `${registeredHooks.length} hooks registered`);
});

test("the entry registers in one loop over FEATURES and builds game.system.api once, with buildApi", () => {
  const entry = code(join(ROOT, "the-smoke.mjs"));
  assert.equal(entry.match(/\bfor \(const feature of FEATURES\)/g)?.length, 1);
  for (const call of ["registerRequests(", "addRoundEndStep(", "Hooks.on(", "buildApi("]) {
    assert.equal(entry.split(call).length - 1, 1, `${call} once in the entry`);
  }
  const loop = entry.slice(entry.indexOf("for (const feature of FEATURES)"));
  const body = loop.slice(0, loop.indexOf("\n  }\n"));
  for (const call of ["registerRequests(feature.requests", "addRoundEndStep(step)", "Hooks.on("]) assert.ok(body.includes(call), call);
});

test("only the entry registers requests and round-end steps and builds game.system.api", () => {
  const entry = join(ROOT, "the-smoke.mjs");
  const found = files().filter(f => f !== entry).flatMap(f => {
    const text = code(f);
    return [/\bregisterRequests\(\s*[^)\s]/, /\baddRoundEndStep\(\s*[^)\s]/, /\.api\s*=\s*[{\w]/, /\bapi\.\w+\s*=[^=]/, /\bbuildApi\(\s*[^)\s]/]
      .filter(re => re.test(text.replace(/export function (registerRequests|addRoundEndStep|buildApi)\([^)]*\)/g, "")))
      .map(re => `${relative(ROOT, f)}: ${re}`);
  });
  assert.deepEqual(found, []);
});

test("game.system.api: each manifest's api under its id, the older short paths beside them", () => {
  const api = game.system.api;
  for (const { file, feature } of manifests) {
    for (const [name, value] of Object.entries(feature.api ?? {})) assert.equal(api[feature.id]?.[name], value, `${file}: ${feature.id}.${name}`);
  }
  // The paths macros, the guide and the tests name (issue 27 kept every one).
  assert.equal(api.requestGM, api.core.requestGM);
  assert.equal(api.clock.activeNow, api.core.clock.activeNow);
  assert.equal(api.sideOf, api.fight.sideOf);
  assert.equal(api.places.placesOf, api.money.places.placesOf);
  assert.equal(typeof api.chase.open, "function"); // the gauge window's, under the chase's id
  assert.equal(typeof api.chase.gaugeOf, "function");
  assert.equal(typeof api.blower.texts.inbox, "function");
  assert.equal(typeof api.record.growthOf, "function");
});

test("the round's end is one list in the book's order: the people's step (1–3), then the chase's (4)", () => {
  assert.deepEqual(roundEndOrder(), [{ id: "fight.people", at: 1 }, { id: "chase.firesAndEnd", at: 4 }]);
  // A step is placed by its book step, not by when it was added; a second step of the same id, or one without a
  // book step, is refused. (Last in this file: it changes the list.)
  addRoundEndStep({ id: "test.between", at: 2, run: async () => [] });
  assert.deepEqual(roundEndOrder().map(s => s.id), ["fight.people", "test.between", "chase.firesAndEnd"]);
  assert.throws(() => addRoundEndStep({ id: "test.between", at: 3, run: async () => [] }), /"test\.between" is added twice/);
  assert.throws(() => addRoundEndStep(/** @type {any} */ ({ id: "test.nowhere", run: async () => [] })), /needs \{id, at, run\}/);
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
