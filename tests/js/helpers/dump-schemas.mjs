// Prints the field tree of every registered data model as JSON: {"Actor": {"character": {...}}, "Item": {...}}.
// Used by tests/python/test_data_models.py to check the build fills exactly the fields the models declare.
import { install, fieldTree } from "./fake-foundry.mjs";

install();
await import("../../../module/the-smoke.mjs");
await Hooks.callAll("init");
const out = {};
for (const doc of ["Actor", "Item"]) {
  out[doc] = Object.fromEntries(Object.entries(CONFIG[doc].dataModels).map(([type, cls]) => [type, fieldTree(cls.defineSchema())]));
}
console.log(JSON.stringify(out));
