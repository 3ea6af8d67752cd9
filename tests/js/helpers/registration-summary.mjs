// Prints, as one JSON line, what an entry registers at init against the fake Foundry globals (tools/fake-foundry.mjs):
// node tests/js/helpers/registration-summary.mjs <entry.mjs>. Run once per entry in its own process (the fake keeps
// its registrations in module state), so tests/js/bundle.test.mjs can compare the sources with the built bundle.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { install } from "../../../tools/fake-foundry.mjs";

/** A class's name and its ancestors' up to the fake's base: Foundry's render hooks are named after each. */
const chain = cls => {
  const names = [];
  for (let c = cls; c && c.name && c !== Object; c = Object.getPrototypeOf(c)) names.push(c.name);
  return names;
};

const registered = install();
await import(pathToFileURL(path.resolve(process.argv[2])).href);
await Hooks.callAll("init");
const models = doc => Object.fromEntries(Object.entries(CONFIG[doc]?.dataModels ?? {}).map(([k, v]) => [k, v.name]));
console.log(JSON.stringify({
  sheets: registered.sheets.map(s => ({ doc: s.doc, scope: s.scope, classes: chain(s.cls), types: s.opts?.types ?? null })),
  settings: Object.keys(registered.settings).sort(),
  menus: Object.keys(registered.menus).sort(),
  keybindings: Object.keys(registered.keybindings).sort(),
  templates: registered.templates,
  documentClasses: ["Actor", "Combat", "Combatant"].map(d => chain(CONFIG[d].documentClass)),
  dataModels: Object.fromEntries(["Actor", "Item", "Combat", "Combatant", "JournalEntryPage", "RegionBehavior"].map(d => [d, models(d)])),
  statusEffects: CONFIG.statusEffects.map(s => s.id),
  queries: Object.keys(CONFIG.queries).sort(),
  api: Object.keys(game.system.api ?? {}).sort()
}));
