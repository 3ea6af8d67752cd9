/**
 * The Smoke for Foundry VTT v13 — entry module. Registration only: document classes, data models, sheets,
 * status effects, settings and templates. Rules live in module/rules (pure), data models in module/data,
 * documents in module/documents, windows in module/apps.
 *
 * Features declare themselves: each feature's face (`documents/<feature>/<feature>.mjs`, the shared ground's
 * `documents/core/core.mjs`) and each window with hooks exports one manifest, `feature` = `{id, requests, hooks,
 * roundEndSteps, api}` (documents/core/feature.mjs), a face merging its parts' tables. {@link FEATURES} lists them and
 * one loop registers their requests (documents/core/requests.mjs), hooks and round-end steps (documents/fight/combat.mjs);
 * `game.system.api` is built here alone: each manifest's api under its id, the entry's own names beside them (its
 * `rules` the barrel rules/index.mjs) and the short paths older than the manifests. No feature registers itself.
 */
import { ACTOR_MODELS } from "./data/actors.mjs";
import { ITEM_MODELS } from "./data/items.mjs";
import { SmokeActor, feature as actor } from "./documents/actor.mjs";
import { feature as sceneControls } from "./apps/scene-controls.mjs";
import { CharacterSheet, NpcSheet, SmokeItemSheet, VehicleSheet } from "./apps/sheets.mjs";
import { ChallengeTracker, TeamworkApp, contribute, registerGroupSettings, rollTeamwork, setChallenge } from "./apps/group-checks.mjs";
import { statusEffects } from "./rules/conditions.mjs";
import { rules } from "./rules/index.mjs";
import { CharacterCreator, feature as creator } from "./apps/creator.mjs";
import { CONDITIONS, RULES, SYSTEM_ID } from "./generated/rules.mjs";
import { SmokeCombatData, SmokeCombatantData } from "./data/combat.mjs";
import { SmokeCombat, SmokeCombatant, addRoundEndStep } from "./documents/fight/combat.mjs";
import { registerRequestQueries, registerRequests } from "./documents/core/requests.mjs";
import { registerSpeedDiceQuery } from "./documents/fight/speed-dice.mjs";
import { feature as core } from "./documents/core/core.mjs";
import { feature as fight } from "./documents/fight/fight.mjs";
import { feature as character } from "./documents/character/character.mjs";
import { CombatConsole, feature as combatConsole } from "./apps/combat-console.mjs";
import { ATTACK_TEMPLATE, feature as attackCard } from "./apps/attack-card.mjs";
import { feature as coreTracker } from "./apps/core-tracker.mjs";
import { feature as vehicles, registerSeatStore } from "./documents/vehicle/vehicle.mjs";
import { feature as chase } from "./documents/chase/chase.mjs";
import { ChaseGauge, feature as chaseGauge } from "./apps/chase-gauge.mjs";
import { buildApi, handlersOf } from "./documents/core/feature.mjs";
import { registerGMStores } from "./documents/core/gm-store.mjs";
import { feature as gmScreen } from "./documents/gm-screen/gm-screen.mjs";
import { defineMissionPage, MISSION_PAGE } from "./data/mission-page.mjs";
import { GMScreen, registerGMScreenKeybinding } from "./apps/gm-screen.mjs";
import { feature as street } from "./documents/street/street.mjs";
import { StreetControl } from "./apps/street-control.mjs";
import { feature as streetCards } from "./apps/street-cards.mjs";
import { feature as missions } from "./documents/missions/missions.mjs";
import { MissionBoard } from "./apps/mission-board.mjs";
import { MissionPageSheet } from "./apps/mission-page-sheet.mjs";
import { registerActiveTime } from "./documents/core/active-time.mjs";
import { feature as heat } from "./documents/heat/heat.mjs";
import { feature as blower, registerBlower } from "./documents/blower/blower.mjs";
import { feature as phone, registerBlowerUI } from "./apps/blower/register.mjs";
import { feature as money, registerPlaces } from "./documents/money/money.mjs";
import { feature as places } from "./apps/places.mjs";
import { feature as streetMap, registerExitBehavior } from "./documents/street-map/street-map.mjs";
import { feature as heatCards } from "./apps/heat-cards.mjs";
import { feature as heatPanel } from "./apps/heat-panel.mjs";
import { regionBehaviorModels } from "./data/regions.mjs";
import { feature as shifts } from "./documents/shifts/shifts.mjs";
import { feature as shiftPanel } from "./apps/shift-panel.mjs";
import { ShiftsApp } from "./apps/shifts-app.mjs";
import { registerWorldCheck } from "./apps/world-check.mjs";
import { registerOneClick } from "./apps/one-click.mjs";
import { NOTE_TEMPLATE } from "./documents/core/chat-html.mjs";

/**
 * The entry's own manifest: with the Quench module on, its quenchReady hook loads the in-world tests
 * (module/quench/), which nothing imports statically; a world without Quench never fetches them.
 */
const inWorldTests = { id: "quench", hooks: { quenchReady: (/** @type {any} */ quench) =>
  void import("./quench/index.mjs").then(batches => batches.registerBatches(quench)) } };

/**
 * Every manifest (documents/core/feature.mjs), in registration order: the shared ground first, then each feature's
 * face, with the windows that have hooks beside the feature they serve.
 * @type {import("./documents/core/feature.mjs").Feature[]}
 */
const FEATURES = [core, fight, attackCard, character, streetMap, heat, heatCards, heatPanel, gmScreen, street, streetCards,
  missions, money, places, shifts, shiftPanel, blower, coreTracker, combatConsole, vehicles, chase, chaseGauge, phone, actor,
  creator, sceneControls, inWorldTests];

/**
 * Paths of `game.system.api` older than the manifests, which macros, the guide and the tests name: each is one
 * manifest's api entry ("id.name").
 */
const SHORT_PATHS = { requestGM: "core.requestGM", worldCheck: "core.worldCheck", clock: "core.clock",
  makeAttack: "fight.makeAttack", sideOf: "fight.sideOf", places: "money.places" };

/** The status the core tracker's Toggle Defeated sets: Wasted, out of the fight (not Down, which is a Condition). */
const DEFEATED = { id: "wasted", name: "SMOKE.Status.wasted", img: "icons/svg/skull.svg" };

export { SYSTEM_ID };
const ITEM_TYPES = Object.keys(ITEM_MODELS);

Hooks.once("init", () => {
  CONFIG.Actor.documentClass = SmokeActor;
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  CONFIG.Actor.trackableAttributes = {
    character: { bar: ["health", "hustle", "heatBar"], value: ["heat", "cash.pocket"] },
    npc: { bar: ["health"], value: [] },
    vehicle: { bar: ["body", "fuel"], value: ["speed"] }
  };
  CONFIG.statusEffects = [...statusEffects(CONDITIONS), DEFEATED];
  CONFIG.specialStatusEffects.DEFEATED = DEFEATED.id;

  // Fights (When it kicks off): speed dice on the core Combat documents; every write through the active GM.
  CONFIG.Combat.documentClass = SmokeCombat;
  CONFIG.Combatant.documentClass = SmokeCombatant;
  CONFIG.Combat.dataModels.base = SmokeCombatData;
  CONFIG.Combatant.dataModels.base = SmokeCombatantData;
  registerPlaces();
  registerGMStores();
  registerActiveTime();
  if (CONFIG.RegionBehavior?.dataModels) Object.assign(CONFIG.RegionBehavior.dataModels, regionBehaviorModels());
  const pages = CONFIG.JournalEntryPage;
  if (pages?.dataModels) pages.dataModels[MISSION_PAGE] = defineMissionPage();
  registerRequestQueries();
  registerSpeedDiceQuery();
  registerSeatStore();
  for (const feature of FEATURES) {
    registerRequests(feature.requests ?? {});
    for (const [name, entry] of Object.entries(feature.hooks ?? {})) for (const fn of handlersOf(entry)) Hooks.on(/** @type {any} */ (name), fn);
    for (const step of feature.roundEndSteps ?? []) addRoundEndStep(step);
  }
  registerExitBehavior();
  registerBlower();
  registerBlowerUI();

  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, CharacterSheet, { types: ["character"], makeDefault: true, label: "SMOKE.Sheet.actor" });
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, NpcSheet, { types: ["npc"], makeDefault: true, label: "SMOKE.Sheet.actor" });
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, VehicleSheet, { types: ["vehicle"], makeDefault: true, label: "SMOKE.Sheet.actor" });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, SmokeItemSheet, { types: ITEM_TYPES, makeDefault: true, label: "SMOKE.Sheet.item" });
  // Core's journal window shows each page through its type's sheet (issue 23 B2; dnd5e registers one per page type).
  // (fvtt-types 13.345 stubs JournalEntryPageHandlebarsSheet, whose class type registerSheet does not accept.)
  DocumentSheetConfig.registerSheet(JournalEntryPage, SYSTEM_ID, /** @type {any} */ (MissionPageSheet), { types: [MISSION_PAGE], makeDefault: true,
    label: "SMOKE.Mission.sheet.label" });

  game.settings.register(SYSTEM_ID, "skipRollDialog", {
    name: "SMOKE.Setting.skipRollDialog.name", hint: "SMOKE.Setting.skipRollDialog.hint",
    scope: "client", config: true, type: Boolean, default: false
  });

  registerGroupSettings();
  registerWorldCheck();
  registerOneClick();
  registerGMScreenKeybinding();
  game.settings.register(SYSTEM_ID, "openConsole", {
    name: "SMOKE.Setting.openConsole.name", hint: "SMOKE.Setting.openConsole.hint",
    scope: "client", config: true, type: Boolean, default: true
  });

  // fvtt-types has ModuleConfig for a module's `api` but no counterpart for a system's.
  /** @type {foundry.packages.System & {api?: object}} */ (game.system).api = buildApi({
    RULES, CONDITIONS, rollTeamwork, setChallenge, contribute,
    apps: { TeamworkApp, ChallengeTracker, CharacterCreator, CombatConsole, ChaseGauge, GMScreen, StreetControl, MissionBoard, ShiftsApp },
    /** The pure rules by their rulebook names: the barrel module/rules/index.mjs, whole. */
    rules: { ...rules }
  }, FEATURES, SHORT_PATHS);
  return foundry.applications.handlebars.loadTemplates({
    [`${SYSTEM_ID}.stat-dice`]: "systems/the-smoke/templates/generated/stat-dice.hbs",
    [`${SYSTEM_ID}.heat-panel`]: "systems/the-smoke/templates/actor/parts/heat.hbs",
    [`${SYSTEM_ID}.places`]: "systems/the-smoke/templates/actor/parts/places.hbs",
    [`${SYSTEM_ID}.shift-panel`]: "systems/the-smoke/templates/actor/parts/shift.hbs",
    ...Object.fromEntries([ATTACK_TEMPLATE, NOTE_TEMPLATE].map(path => [path, path])), // chat hooks render them at once
    ...Object.fromEntries(ITEM_TYPES.map(t => [`${SYSTEM_ID}.item-fields-${t}`,
      `systems/the-smoke/templates/generated/item-fields-${t}.hbs`]))
  });
});
