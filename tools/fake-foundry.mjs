// A minimal stand-in for the slice of the Foundry v13 client the entry module touches at load time: enough to
// import module/the-smoke.mjs in node, run its init hook and inspect what it registered. Test double only: the node
// tests (tests/js/system-load.test.mjs) and the build's guide check (tools/guide-check.mjs) use it.
class Field {
  constructor(options = {}) { this.options = options; }
}
class SchemaField extends Field {
  constructor(fields, options = {}) { super(options); this.fields = fields; }
}
class ArrayField extends Field {
  constructor(element, options = {}) { super(options); this.element = element; }
}
const fields = {
  SchemaField, ArrayField, SetField: class SetField extends ArrayField {},
  NumberField: class NumberField extends Field {},
  StringField: class StringField extends Field {},
  BooleanField: class BooleanField extends Field {},
  HTMLField: class HTMLField extends Field {},
  ObjectField: class ObjectField extends Field {},
  JSONField: class JSONField extends Field {},
  DocumentUUIDField: class DocumentUUIDField extends Field {}
};

const hooks = new Map();
const registered = { sheets: [], templates: null, settings: {}, keybindings: {}, menus: {} };

export function install() {
  const Base = class {};
  globalThis.foundry = {
    data: { fields, regionBehaviors: { RegionBehaviorType: class RegionBehaviorType {} } },
    abstract: { TypeDataModel: class TypeDataModel {} },
    applications: {
      api: { HandlebarsApplicationMixin: B => class extends B {}, ApplicationV2: class ApplicationV2 extends Base {} },
      sheets: { ActorSheetV2: class ActorSheetV2 extends Base {}, ItemSheetV2: class ItemSheetV2 extends Base {},
        journal: { JournalEntryPageHandlebarsSheet: class JournalEntryPageHandlebarsSheet extends Base {
          static EDIT_PARTS = { header: { template: "templates/journal/parts/page-header.hbs" },
            footer: { template: "templates/journal/parts/page-footer.hbs" } };
          static VIEW_PARTS = {};
        } } },
      apps: { DocumentSheetConfig: { registerSheet: (doc, scope, cls, opts) => registered.sheets.push({ doc: doc.name, scope, cls, opts }) } },
      handlebars: { loadTemplates: async paths => { registered.templates = paths; } },
      ux: { TextEditor: { implementation: { enrichHTML: async s => s } } }
    },
    utils: { hasProperty: (o, p) => p.split(".").reduce((x, k) => x?.[k], o) !== undefined, debounce: fn => fn }
  };
  globalThis.Hooks = {
    once: (name, fn) => hooks.set(name, [...(hooks.get(name) ?? []), fn]),
    on: (name, fn) => hooks.set(name, [...(hooks.get(name) ?? []), fn]),
    callAll: async (name, ...args) => { for (const fn of hooks.get(name) ?? []) await fn(...args); }
  };
  globalThis.CONFIG = { Actor: { dataModels: {}, documentClass: null }, Item: { dataModels: {} }, statusEffects: [], specialStatusEffects: { DEFEATED: "dead" },
    Combat: { dataModels: {}, documentClass: null }, Combatant: { dataModels: {}, documentClass: null }, queries: {}, JournalEntryPage: { dataModels: {} },
    RegionBehavior: { dataModels: {}, typeIcons: {} } };
  globalThis.game = { system: {}, i18n: { localize: s => s },
    settings: { register: (scope, key, config) => { registered.settings[`${scope}.${key}`] = config; },
      registerMenu: (scope, key, config) => { registered.menus[`${scope}.${key}`] = config; } },
    keybindings: { register: (scope, key, config) => { registered.keybindings[`${scope}.${key}`] = config; } } };
  globalThis.CONST = { KEYBINDING_PRECEDENCE: { PRIORITY: 0, NORMAL: 1, DEFERRED: 2 } };
  globalThis.Actor = class Actor {};
  globalThis.Item = class Item {};
  globalThis.JournalEntryPage = class JournalEntryPage {};
  globalThis.Combat = class Combat {};
  globalThis.Combatant = class Combatant {};
  return registered;
}

/**
 * The field tree of a data model: nested SchemaFields as objects (with `"__nullable": true` when the field
 * accepts null), every other field as its class name.
 */
export function fieldTree(schema) {
  return Object.fromEntries(Object.entries(schema).map(([k, f]) => {
    if (!(f instanceof SchemaField)) return [k, f.constructor.name];
    const tree = fieldTree(f.fields);
    if (f.options.nullable) tree.__nullable = true;
    return [k, tree];
  }));
}
