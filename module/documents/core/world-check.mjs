/**
 * The world check (issue 23): what the system registered in this world, against what its manifest declares and what
 * the system expects, and plainly what is missing. It is how a real table tells us what the stand-in got wrong, so it
 * reads only what v13 itself holds:
 * - the manifest as v13 loaded it (`game.system.documentTypes`, a system's sub-type keys verbatim) and the world's
 *   types (`game.documentTypes`);
 * - `CONFIG.<Doc>.dataModels`, `CONFIG.<Doc>.sheetClasses[type][sheetId]` (fvtt-types 13.345 `client/config.d.mts`
 *   SheetClassConfig), `CONFIG.RegionBehavior.dataModels` against `foundry.data.regionBehaviors.RegionBehaviorType`;
 * - `game.settings.settings` / `game.settings.menus` (Maps keyed `namespace.key`), `game.keybindings.actions` (a Map
 *   keyed `namespace.action`), `CONFIG.queries`, `CONFIG.statusEffects` and `CONFIG.specialStatusEffects.DEFEATED`.
 * What the system expects is not read back from those registries (else a lost registration would expect nothing): the
 * manifest's types, the GM stores the modules define (documents/core/gm-store.mjs), the Conditions (generated rules) and
 * {@link EXPECTED}, which tests/js/world-check.test.mjs holds to what the entry module registers.
 *
 * `collectRegistrations` reads Foundry; `checkWorld` is pure (data in, a report out). The window is apps/world-check.mjs,
 * the Quench batch module/quench/world-check.mjs.
 * @module documents/world-check
 */
import { CONDITION_IDS, SYSTEM_ID } from "../../generated/rules.mjs";
import { storeKeys } from "./gm-store.mjs";

/** The system's registrations besides its manifest types and GM stores (keys without the `the-smoke.` namespace). */
export const EXPECTED = Object.freeze({
  settings: Object.freeze(["activeTime", "seats", "blowerTexts", "blowerHeld", "radioVolume", "phoneStation", "skipRollDialog",
    "challenge", "openConsole"]),
  menus: Object.freeze(["worldCheck"]),
  keybindings: Object.freeze(["blower", "satnav", "gmScreen"]),
  queries: Object.freeze(["request", "sessionKey", "wantKey", "speedDice", "blowerPing"]),
  /** Documents whose class is the system's, by class name. */
  documentClasses: Object.freeze({ Actor: "SmokeActor", Combat: "SmokeCombat", Combatant: "SmokeCombatant" }),
  /** Documents without sub-types whose `base` type carries the system's data model. */
  baseModels: Object.freeze(["Combat", "Combatant"]),
  /** Documents whose system sub-types each need a sheet of the system's (core's journal reads a page's sheet class). */
  sheets: Object.freeze(["Actor", "Item", "JournalEntryPage"]),
  /** The status the core tracker's Toggle Defeated sets (module/the-smoke.mjs). */
  defeated: "wasted"
});

/**
 * @typedef {object} Registrations  What a world holds (plain data; `collectRegistrations`).
 * @property {Record<string, string[]>} declared   Manifest sub-types by document (`game.system.documentTypes`).
 * @property {Record<string, string[]>} worldTypes `game.documentTypes` for the same documents.
 * @property {Record<string, Record<string, string>>} models  Data model class name by document and type: every
 *   declared type that has one, and every `the-smoke.*` type registered (declared or not).
 * @property {Record<string, boolean>} regionBehaviorTypes  Per registered RegionBehavior model: a RegionBehaviorType?
 * @property {Record<string, Record<string, string[]>>} sheets  The system's sheet ids by document and type.
 * @property {Record<string, string>} documentClasses  Class name by document.
 * @property {Record<string, string|null>} baseModels  The `base` data model's class name by document.
 * @property {string[]} settings   The system's setting keys (namespace dropped).
 * @property {string[]} menus      The system's settings menus.
 * @property {string[]} keybindings  The system's keybinding actions.
 * @property {string[]} queries    The system's query names (namespace dropped).
 * @property {string[]} statusEffects  `CONFIG.statusEffects` ids.
 * @property {string|null} defeated  `CONFIG.specialStatusEffects.DEFEATED`.
 */

/**
 * @typedef {object} Expectations
 * @property {readonly string[]} settings
 * @property {readonly string[]} menus
 * @property {readonly string[]} keybindings
 * @property {readonly string[]} queries
 * @property {Readonly<Record<string, string>>} documentClasses
 * @property {readonly string[]} baseModels
 * @property {readonly string[]} sheets
 * @property {readonly string[]} statusEffects  Every Condition id and the defeated status.
 * @property {string} defeated
 */

/**
 * @typedef {object} CheckRow  One thing checked.
 * @property {string} item        What it is ("Actor.character", "the-smoke.exit", "blower").
 * @property {string} have        What the world holds for it ("CharacterData", a sheet id, "" when nothing).
 * @property {string[]} problems  Problem ids (none = fine): notInWorld, noDataModel, notDeclared,
 *   notRegionBehaviorType, noSheet, wrongClass, notRegistered, wrongDefeated, defeatedNotAStatus.
 */

/**
 * @typedef {object} WorldReport
 * @property {{id: string, rows: CheckRow[]}[]} sections  types, regionBehaviors, sheets, classes, keybindings, queries,
 *   settings, statusEffects — in that order.
 * @property {{section: string, item: string, problem: string}[]} missing  Every problem, flat.
 * @property {number} checked  How many things were checked.
 */

/** @returns {Expectations} What the system expects this world to hold (from its own definitions). */
export function expectedRegistrations() {
  return { ...EXPECTED, settings: [...storeKeys(), ...EXPECTED.settings],
    statusEffects: [...CONDITION_IDS, EXPECTED.defeated] };
}

/**
 * @param {string} key
 * @returns {string|null} The key without `the-smoke.`, or null if it is another namespace's.
 */
const own = key => (String(key).startsWith(`${SYSTEM_ID}.`) ? String(key).slice(SYSTEM_ID.length + 1) : null);

/**
 * @typedef {object} DocumentConfig  What the check reads of one document's entry in CONFIG (CONFIG.Actor, …).
 * @property {Record<string, Function>} [dataModels]  Sub-type → its data model class.
 * @property {Record<string, Record<string, unknown>|undefined>} [sheetClasses]  Sub-type → sheet id → its entry.
 * @property {Function} [documentClass]
 */

/**
 * One document's entry in CONFIG by its name (the check walks the names system.json declares).
 * @param {string} doc  "Actor", "Item", …
 * @returns {DocumentConfig|undefined}
 */
const configOf = doc => /** @type {DocumentConfig|undefined} */ (CONFIG[/** @type {keyof CONFIG} */ (doc)]);

/**
 * Read what this world holds (Foundry globals; call after `setup`).
 * @returns {Registrations}
 */
export function collectRegistrations() {
  const declaredTypes = game.system.documentTypes ?? {};
  /** @type {Registrations} */
  const found = { declared: {}, worldTypes: {}, models: {}, regionBehaviorTypes: {}, sheets: {}, documentClasses: {},
    baseModels: {}, settings: [], menus: [], keybindings: [], queries: [], statusEffects: [], defeated: null };
  const RegionBehaviorType = foundry.data.regionBehaviors?.RegionBehaviorType;
  for (const [doc, types] of Object.entries(declaredTypes)) {
    found.declared[doc] = Object.keys(types ?? {});
    found.worldTypes[doc] = [...(/** @type {Record<string, string[]|undefined>} */ (game.documentTypes))[doc] ?? []];
    const models = configOf(doc)?.dataModels ?? {};
    const names = new Set([...found.declared[doc], ...Object.keys(models).filter(t => own(t) !== null)]);
    found.models[doc] = Object.fromEntries([...names].filter(t => models[t]).map(t => [t, models[t].name || "(anonymous)"]));
    if (doc === "RegionBehavior") {
      for (const t of names) if (models[t]) found.regionBehaviorTypes[t] = !!RegionBehaviorType && (models[t].prototype instanceof RegionBehaviorType);
    }
  }
  for (const doc of EXPECTED.sheets) {
    found.sheets[doc] = Object.fromEntries(Object.entries(configOf(doc)?.sheetClasses ?? {})
      .map(([type, sheets]) => [type, Object.keys(sheets ?? {}).filter(id => own(id) !== null)]));
  }
  for (const doc of Object.keys(EXPECTED.documentClasses)) found.documentClasses[doc] = configOf(doc)?.documentClass?.name ?? "";
  for (const doc of EXPECTED.baseModels) found.baseModels[doc] = configOf(doc)?.dataModels?.base?.name ?? null;
  const keys = (/** @type {Map<string, unknown>|undefined} */ map) => Array.from(map?.keys?.() ?? []).map(own).filter(k => k !== null);
  found.settings = keys(game.settings.settings);
  found.menus = keys(game.settings.menus);
  found.keybindings = keys(game.keybindings.actions);
  found.queries = Object.keys(CONFIG.queries ?? {}).map(own).filter(k => k !== null);
  found.statusEffects = (CONFIG.statusEffects ?? []).map(e => e.id);
  found.defeated = CONFIG.specialStatusEffects?.DEFEATED ?? null;
  return found;
}

/**
 * Compare a world's registrations with the manifest and the system's expectations.
 * @param {Registrations} found
 * @param {Expectations} expected
 * @returns {WorldReport}
 */
export function checkWorld(found, expected) {
  /** @type {WorldReport["sections"]} */
  const sections = [];
  const section = (id, rows) => sections.push({ id, rows });
  const row = (item, have, problems) => ({ item, have, problems: problems.filter(Boolean) });

  const types = [];
  const regionBehaviors = [];
  for (const [doc, declared] of Object.entries(found.declared)) {
    const models = found.models[doc] ?? {};
    for (const t of declared) {
      const problems = [!(found.worldTypes[doc] ?? []).includes(t) && "notInWorld", !models[t] && "noDataModel"];
      if (doc === "RegionBehavior") regionBehaviors.push(row(t, models[t] ?? "", [...problems,
        models[t] && !found.regionBehaviorTypes[t] && "notRegionBehaviorType"]));
      else types.push(row(`${doc}.${t}`, models[t] ?? "", problems));
    }
    for (const t of Object.keys(models).filter(t => !declared.includes(t))) {
      (doc === "RegionBehavior" ? regionBehaviors : types).push(row(doc === "RegionBehavior" ? t : `${doc}.${t}`, models[t], ["notDeclared"]));
    }
  }
  for (const doc of expected.baseModels) types.push(row(`${doc}.base`, found.baseModels[doc] ?? "", [!found.baseModels[doc] && "noDataModel"]));
  section("types", types);
  section("regionBehaviors", regionBehaviors);

  section("sheets", expected.sheets.flatMap(doc => (found.declared[doc] ?? []).map(t => {
    const ids = found.sheets[doc]?.[t] ?? [];
    return row(`${doc}.${t}`, ids.join(", "), [!ids.length && "noSheet"]);
  })));
  section("classes", Object.entries(expected.documentClasses).map(([doc, name]) => {
    const have = found.documentClasses[doc] ?? "";
    return row(doc, have, [have !== name && "wrongClass"]);
  }));
  const listed = (id, want, have) => section(id, want.map(k => row(k, have.includes(k) ? k : "", [!have.includes(k) && "notRegistered"])));
  listed("keybindings", expected.keybindings, found.keybindings);
  listed("queries", expected.queries, found.queries);
  listed("settings", [...expected.settings, ...expected.menus], [...found.settings, ...found.menus]);
  listed("statusEffects", expected.statusEffects, found.statusEffects);
  sections.at(-1)?.rows.push(row("DEFEATED", found.defeated ?? "", [found.defeated !== expected.defeated && "wrongDefeated",
    !found.statusEffects.includes(found.defeated ?? "") && "defeatedNotAStatus"]));

  const missing = sections.flatMap(s => s.rows.flatMap(r => r.problems.map(problem => ({ section: s.id, item: r.item, problem }))));
  return { sections, missing, checked: sections.reduce((n, s) => n + s.rows.length, 0) };
}

/** @returns {WorldReport} This world's report (the window, the Quench batch, `game.system.api.worldCheck()`). */
export function worldCheck() {
  return checkWorld(collectRegistrations(), expectedRegistrations());
}
