#!/usr/bin/env node
/**
 * What the system registers, for the build's check of the GM's guide (tools/the_smoke/guide.py): loads the system's
 * entry — the build's staged bundle (`the-smoke-compiled.mjs`, its generated data beside it in module/generated), or
 * the entry module of a module folder — against tools/fake-foundry.mjs, runs `init` and `setup`, and prints one
 * JSON line:
 *   {"api": ["blower", "blower.open", …], "keys": [{"action": "the-smoke.blower", "key": "KeyB", "modifiers": ["Alt"]}],
 *    "tools": [{"title": "SMOKE.Blower.open", "gm": false}, …]}
 * `api` is every path of `game.system.api` three levels deep; `tools` the scene-control tools a player and a GM get.
 *
 *   node tools/guide-check.mjs <entry .mjs file | module folder>
 */
import { statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { install } from "./fake-foundry.mjs";

const given = path.resolve(process.argv[2] ?? "module");
const entry = statSync(given).isDirectory() ? path.join(given, "the-smoke.mjs") : given;
const registered = install();
await import(pathToFileURL(entry).href);
await Hooks.callAll("init");
await Hooks.callAll("setup");

const paths = (o, prefix, depth) => Object.entries(o ?? {}).flatMap(([k, v]) => [`${prefix}${k}`,
  ...(depth > 1 && v && typeof v === "object" && !Array.isArray(v) ? paths(v, `${prefix}${k}.`, depth - 1) : [])]);

const tools = [];
for (const isGM of [false, true]) {
  game.user = { isGM };
  const controls = { tokens: { name: "tokens", tools: {} } };
  await Hooks.callAll("getSceneControlButtons", controls);
  for (const t of Object.values(controls.tokens.tools)) {
    if (t.visible !== false && !tools.some(x => x.title === t.title && !x.gm)) tools.push({ title: t.title, gm: isGM });
  }
}
const keys = Object.entries(registered.keybindings).flatMap(([action, config]) =>
  (config.editable ?? []).map(b => ({ action, key: b.key, modifiers: b.modifiers ?? [], restricted: !!config.restricted })));
process.stdout.write(`${JSON.stringify({ api: paths(game.system.api, "", 3), keys, tools })}\n`);
