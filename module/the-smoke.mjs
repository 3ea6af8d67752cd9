/**
 * The Smoke for Foundry VTT v13 — entry module. Registration only: document classes, data models, sheets,
 * status effects, settings and templates. Rules live in module/rules (pure), data models in module/data,
 * documents in module/documents, windows in module/apps.
 *
 * Features declare themselves: each module in {@link FEATURES} may export a manifest's tables (documents/core/feature.mjs):
 * `requests` (request type → GM handler, documents/core/requests.mjs), `hooks` (hook name → handler or handlers) and
 * `roundEndSteps`; a feature's face merges its parts' tables, and all are registered here, in one loop. No feature
 * registers itself, and `game.system.api` is built here alone (its `rules` are the barrel rules/index.mjs).
 */
import { ACTOR_MODELS } from "./data/actors.mjs";
import { ITEM_MODELS } from "./data/items.mjs";
import { SmokeActor, hooks as actorHookTable } from "./documents/actor.mjs";
import * as sceneControls from "./apps/scene-controls.mjs";
import { CharacterSheet, NpcSheet, SmokeItemSheet, VehicleSheet } from "./apps/sheets.mjs";
import { ChallengeTracker, TeamworkApp, contribute, registerGroupSettings, rollTeamwork, setChallenge } from "./apps/group-checks.mjs";
import { statusEffects } from "./rules/conditions.mjs";
import { rules } from "./rules/index.mjs";
import { CharacterCreator, hooks as creatorHooks } from "./apps/creator.mjs";
import { CONDITIONS, RULES, SYSTEM_ID } from "./generated/rules.mjs";
import { SmokeCombatData, SmokeCombatantData } from "./data/combat.mjs";
import * as combat from "./documents/fight/combat.mjs";
import * as requestChannel from "./documents/core/requests.mjs";
import * as speedDice from "./documents/fight/speed-dice.mjs";
import * as attack from "./documents/fight/attack.mjs";
import * as actions from "./documents/fight/actions.mjs";
import * as durations from "./documents/fight/durations.mjs";
import { sideOf } from "./documents/fight/combat-state.mjs";
import * as combatConsole from "./apps/combat-console.mjs";
import * as attackCard from "./apps/attack-card.mjs";
import * as vehicles from "./documents/vehicle/vehicle.mjs";
import * as chase from "./documents/chase/chase.mjs";
import * as chaseGauge from "./apps/chase-gauge.mjs";
import { handlersOf } from "./documents/core/feature.mjs";
import { registerGMStores } from "./documents/core/gm-store.mjs";
import * as gmRequests from "./documents/gm-screen/gm-screen.mjs";
import * as gmRewards from "./documents/gm-screen/rewards.mjs";
import { defineMissionPage, MISSION_PAGE } from "./data/mission-page.mjs";
import { GMScreen, registerGMScreenKeybinding } from "./apps/gm-screen.mjs";
import * as streetControl from "./documents/street/street-control.mjs";
import * as streetApp from "./apps/street-control.mjs";
import * as streetCards from "./apps/street-cards.mjs";
import * as missionDocs from "./documents/missions/missions.mjs";
import { MissionBoard } from "./apps/mission-board.mjs";
import { MissionPageSheet } from "./apps/mission-page-sheet.mjs";
import * as activeTime from "./documents/core/active-time.mjs";
import * as purse from "./documents/core/purse.mjs";
import * as hustle from "./documents/core/hustle.mjs";
import * as healthRecord from "./documents/core/health-record.mjs";
import * as heatStore from "./documents/heat/store.mjs";
import * as relationships from "./documents/core/relationships.mjs";
import * as mirror from "./documents/core/mirror.mjs";
import * as record from "./documents/core/record.mjs";
import * as creation from "./documents/character/creation.mjs";
import * as advancement from "./documents/character/advancement.mjs";
import * as kitUse from "./documents/character/kit-use.mjs";
import * as blower from "./documents/blower/blower.mjs";
import * as blowerUi from "./apps/blower/register.mjs";
import * as money from "./documents/money/money.mjs";
import * as placesUi from "./apps/places.mjs";
import * as streetMap from "./documents/street-map/street-map.mjs";
import * as heat from "./documents/heat/heat.mjs";
import * as heatCards from "./apps/heat-cards.mjs";
import * as heatPanel from "./apps/heat-panel.mjs";
import { regionBehaviorModels } from "./data/regions.mjs";
import * as shifts from "./documents/shifts/shifts.mjs";
import * as shiftPanel from "./apps/shift-panel.mjs";
import { ShiftsApp } from "./apps/shifts-app.mjs";
import * as conditionText from "./documents/core/condition-text.mjs";
import * as rollCards from "./documents/core/roll-cards.mjs";
import * as coreTracker from "./apps/core-tracker.mjs";
import { registerWorldCheck } from "./apps/world-check.mjs";
import { worldCheck } from "./documents/core/world-check.mjs";
import * as tokenActors from "./documents/core/token-actors.mjs";
import { NOTE_TEMPLATE } from "./documents/core/chat-html.mjs";

const { SmokeCombat, SmokeCombatant } = combat;
const { CombatConsole } = combatConsole;
const actorHooks = { hooks: actorHookTable };
const creatorApp = { hooks: creatorHooks };
const { makeAttack } = attack;

/**
 * The entry's own hook: with the Quench module on, its quenchReady hook loads the in-world tests (module/quench/), which
 * nothing imports statically; a world without Quench never fetches them.
 */
const inWorldTests = { hooks: { quenchReady: (/** @type {any} */ quench) =>
  void import("./quench/index.mjs").then(batches => batches.registerBatches(quench)) } };

/** The features that declare `requests`, `hooks` and `roundEndSteps` (documents/core/feature.mjs; see the module notes). */
const FEATURES = [requestChannel, speedDice, rollCards, tokenActors, combat, attack, actions, durations, attackCard, activeTime, purse, hustle, healthRecord, heatStore, relationships, record,
  creation, advancement, kitUse, mirror, streetMap, heat, heatCards,
  heatPanel, gmRequests, gmRewards, streetControl, streetApp, streetCards, missionDocs, money, placesUi, shifts, shiftPanel, blower,
  conditionText, coreTracker, combatConsole, vehicles, chase, chaseGauge, blowerUi,
  actorHooks, creatorApp, sceneControls, inWorldTests];

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
  money.registerPlaces();
  registerGMStores();
  activeTime.registerActiveTime();
  if (CONFIG.RegionBehavior?.dataModels) Object.assign(CONFIG.RegionBehavior.dataModels, regionBehaviorModels());
  const pages = CONFIG.JournalEntryPage;
  if (pages?.dataModels) pages.dataModels[MISSION_PAGE] = defineMissionPage();
  requestChannel.registerRequestQueries();
  speedDice.registerSpeedDiceQuery();
  vehicles.registerSeatStore();
  for (const feature of /** @type {any[]} */ (FEATURES)) {
    if ("requests" in feature) requestChannel.registerRequests(feature.requests);
    if ("hooks" in feature) {
      for (const [name, entry] of Object.entries(feature.hooks)) for (const fn of handlersOf(entry)) Hooks.on(/** @type {any} */ (name), fn);
    }
    if ("roundEndSteps" in feature) for (const step of feature.roundEndSteps) combat.addRoundEndStep(step);
  }
  streetMap.registerExitBehavior();
  blowerUi.registerBlowerUI();

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
  registerGMScreenKeybinding();
  game.settings.register(SYSTEM_ID, "openConsole", {
    name: "SMOKE.Setting.openConsole.name", hint: "SMOKE.Setting.openConsole.hint",
    scope: "client", config: true, type: Boolean, default: true
  });

  // fvtt-types has ModuleConfig for a module's `api` but no counterpart for a system's.
  /** @type {foundry.packages.System & {api?: object}} */ (game.system).api = {
    RULES, CONDITIONS, apps: { TeamworkApp, ChallengeTracker, CharacterCreator, CombatConsole, ChaseGauge: chaseGauge.ChaseGauge, GMScreen, StreetControl: streetApp.StreetControl, MissionBoard, ShiftsApp }, rollTeamwork, setChallenge,
    contribute, requestGM: requestChannel.requestGM, makeAttack, sideOf, worldCheck,
    /** The pure rules by their rulebook names: the barrel module/rules/index.mjs, whole. */
    rules: { ...rules },
    street: streetControl.api,
    streetMap: streetMap.api,
    clock: { activeNow: activeTime.activeNow, onTick: activeTime.onTick },
    money: money.api.money,
    places: money.api.places,
    heat: { heatOf: heat.heatOf, heatView: heat.heatView, addCrime: heat.addCrime, setHeat: heat.setHeat, loseStars: heat.loseStars,
      bust: heat.bust, release: heat.release, custodyOf: heat.custodyOf, callInUnits: heat.callInUnits, demandStop: heat.demandStop,
      plateOf: heat.plateOf, anprPing: heat.anprPing },
    missions: { missionsOf: missionDocs.missionsOf, openMissions: missionDocs.openMissions, rememberedOf: missionDocs.rememberedOf },
    shifts: shifts.api,
    vehicles: vehicles.api,
    chase: { ...chase.api, open: () => chaseGauge.ChaseGauge.open() },
    /** The character record as the GM keeps it (documents/core/record.mjs). */
    record: { recordOf: record.recordOf, recordedDice: record.recordedDice, recordedRep: record.recordedRep,
      recordedPerk: record.recordedPerk, recordedItem: record.recordedItem, kitSystem: record.kitSystem,
      hasRecordedPerk: record.hasRecordedPerk, recordedMotorKey: record.recordedMotorKey, growthOf: advancement.growthOf },
    blower: blowerUi.blowerApi };
  return foundry.applications.handlebars.loadTemplates({
    [`${SYSTEM_ID}.stat-dice`]: "systems/the-smoke/templates/generated/stat-dice.hbs",
    [`${SYSTEM_ID}.heat-panel`]: "systems/the-smoke/templates/actor/parts/heat.hbs",
    [`${SYSTEM_ID}.places`]: "systems/the-smoke/templates/actor/parts/places.hbs",
    [`${SYSTEM_ID}.shift-panel`]: "systems/the-smoke/templates/actor/parts/shift.hbs",
    ...Object.fromEntries([attackCard.ATTACK_TEMPLATE, NOTE_TEMPLATE].map(path => [path, path])), // chat hooks render them at once
    ...Object.fromEntries(ITEM_TYPES.map(t => [`${SYSTEM_ID}.item-fields-${t}`,
      `systems/the-smoke/templates/generated/item-fields-${t}.hbs`]))
  });
});
