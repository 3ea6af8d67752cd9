/**
 * The Smoke for Foundry VTT v13 — entry module. Registration only: document classes, data models, sheets,
 * status effects, settings and templates. Rules live in module/rules (pure), data models in module/data,
 * documents in module/documents, windows in module/apps.
 *
 * Features declare themselves: each module in {@link FEATURES} may export `requests` (request type → GM handler,
 * documents/requests.mjs) and `hooks` (hook name → handler); both are registered here, in one loop, so this page
 * lists everything the system hooks into.
 */
import { ACTOR_MODELS } from "./data/actors.mjs";
import { ITEM_MODELS } from "./data/items.mjs";
import { SmokeActor } from "./documents/actor.mjs";
import { CharacterSheet, NpcSheet, SmokeItemSheet, VehicleSheet } from "./apps/sheets.mjs";
import { ChallengeTracker, TeamworkApp, contribute, registerGroupSettings, rollTeamwork, setChallenge } from "./apps/group-checks.mjs";
import { statusEffects } from "./rules/conditions.mjs";
import { CharacterCreator } from "./apps/creator.mjs";
import { CONDITIONS, RULES } from "./generated/rules.mjs";
import { SmokeCombatData, SmokeCombatantData } from "./data/combat.mjs";
import * as combat from "./documents/combat.mjs";
import { registerRequestHooks, registerRequestQueries, registerRequests, requestGM } from "./documents/requests.mjs";
import { registerSpeedDiceQuery } from "./documents/speed-dice.mjs";
import * as attack from "./documents/attack.mjs";
import * as actions from "./documents/actions.mjs";
import * as durations from "./documents/durations.mjs";
import { sideOf } from "./documents/combat-state.mjs";
import { CombatConsole, registerConsoleHooks } from "./apps/combat-console.mjs";
import * as attackCard from "./apps/attack-card.mjs";
import { registerVehicleRequests } from "./documents/vehicle.mjs";
import { registerChaseGauge } from "./apps/chase-gauge.mjs";
import { registerGMStores } from "./documents/gm-store.mjs";
import * as activeTime from "./documents/active-time.mjs";
import * as purse from "./documents/purse.mjs";
import * as heatStore from "./documents/heat-store.mjs";
import * as clock from "./rules/clock.mjs";
import * as blower from "./documents/blower.mjs";
import { blowerApi, registerBlowerUI } from "./apps/blower/register.mjs";
import * as satnav from "./rules/satnav.mjs";

const { SmokeCombat } = combat;
const { makeAttack } = attack;

/** The features that declare `requests` and `hooks` (see the module notes). */
const FEATURES = [combat, attack, actions, durations, attackCard, activeTime, purse, heatStore, blower];

/** The status the core tracker's Toggle Defeated sets: Wasted, out of the fight (not Down, which is a Condition). */
const DEFEATED = { id: "wasted", name: "SMOKE.Status.wasted", img: "icons/svg/skull.svg" };

export const SYSTEM_ID = "the-smoke";
const ITEM_TYPES = Object.keys(ITEM_MODELS);

Hooks.once("init", () => {
  CONFIG.Actor.documentClass = SmokeActor;
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  CONFIG.Actor.trackableAttributes = {
    character: { bar: ["health", "hustle"], value: ["heat", "cash.pocket"] },
    npc: { bar: ["health"], value: [] },
    vehicle: { bar: ["body", "fuel"], value: ["speed"] }
  };
  CONFIG.statusEffects = [...statusEffects(CONDITIONS), DEFEATED];
  CONFIG.specialStatusEffects.DEFEATED = DEFEATED.id;

  // Fights (When it kicks off): speed dice on the core Combat documents; every write through the active GM.
  CONFIG.Combat.documentClass = SmokeCombat;
  CONFIG.Combat.dataModels.base = SmokeCombatData;
  CONFIG.Combatant.dataModels.base = SmokeCombatantData;
  registerGMStores();
  activeTime.registerActiveTime();
  registerRequestQueries();
  registerRequestHooks();
  registerSpeedDiceQuery();
  for (const feature of FEATURES) {
    if ("requests" in feature) registerRequests(feature.requests);
    if ("hooks" in feature) for (const [name, fn] of Object.entries(feature.hooks)) Hooks.on(/** @type {any} */ (name), fn);
  }
  registerConsoleHooks();
  registerVehicleRequests();
  registerChaseGauge();
  registerBlowerUI();

  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, CharacterSheet, { types: ["character"], makeDefault: true, label: "SMOKE.Sheet.actor" });
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, NpcSheet, { types: ["npc"], makeDefault: true, label: "SMOKE.Sheet.actor" });
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, VehicleSheet, { types: ["vehicle"], makeDefault: true, label: "SMOKE.Sheet.actor" });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, SmokeItemSheet, { types: ITEM_TYPES, makeDefault: true, label: "SMOKE.Sheet.item" });

  game.settings.register(SYSTEM_ID, "skipRollDialog", {
    name: "SMOKE.Setting.skipRollDialog.name", hint: "SMOKE.Setting.skipRollDialog.hint",
    scope: "client", config: true, type: Boolean, default: false
  });

  registerGroupSettings();
  game.settings.register(SYSTEM_ID, "openConsole", {
    name: "SMOKE.Setting.openConsole.name", hint: "SMOKE.Setting.openConsole.hint",
    scope: "client", config: true, type: Boolean, default: true
  });

  // fvtt-types has ModuleConfig for a module's `api` but no counterpart for a system's.
  /** @type {foundry.packages.System & {api?: object}} */ (game.system).api = {
    RULES, CONDITIONS, apps: { TeamworkApp, ChallengeTracker, CharacterCreator, CombatConsole }, rollTeamwork, setChallenge,
    contribute, requestGM, makeAttack, sideOf,
    /** The pure rules by their rulebook names (features add theirs). */
    rules: { ...clock, ...satnav },
    clock: { activeNow: activeTime.activeNow, onTick: activeTime.onTick },
    money: { purseOf: purse.purseOf },
    heat: { heatOf: heatStore.heatOf }, blower: blowerApi };
  return foundry.applications.handlebars.loadTemplates({
    "the-smoke.stat-dice": "systems/the-smoke/templates/generated/stat-dice.hbs",
    ...Object.fromEntries(ITEM_TYPES.map(t => [`the-smoke.item-fields-${t}`,
      `systems/the-smoke/templates/generated/item-fields-${t}.hbs`]))
  });
});

/** GM tools in the scene controls: the teamwork roll and the challenge track (players get the track only). */
Hooks.on("getSceneControlButtons", controls => {
  const tokens = controls.tokens ?? controls.token;
  if (!tokens?.tools) return;
  tokens.tools.smokeConsole = { name: "smokeConsole", title: "SMOKE.Combat.open", icon: "fa-solid fa-dice-six",
    button: true, order: 89, onChange: () => CombatConsole.open() };
  tokens.tools.smokeChallenge = { name: "smokeChallenge", title: "SMOKE.Group.openChallenge", icon: "fa-solid fa-list-check",
    button: true, order: 90, onChange: () => ChallengeTracker.open() };
  if (game.user.isGM) {
    tokens.tools.smokeTeamwork = { name: "smokeTeamwork", title: "SMOKE.Group.openTeamwork", icon: "fa-solid fa-people-group",
      button: true, order: 91, onChange: () => TeamworkApp.open() };
  }
});

/** However a Condition ends, its book consequences follow, once: on the client of the user who ended it. */
Hooks.on("deleteActiveEffect", (effect, options, userId) => {
  if (userId !== game.user.id || !(effect.parent instanceof Actor)) return;
  for (const id of effect.statuses ?? []) effect.parent.onConditionEnded?.(id);
});

/** The actor directory offers the Character Creator: a blank character, then the seven steps. */
Hooks.on("renderActorDirectory", (app, html) => {
  const root = html instanceof HTMLElement ? html : /** @type {any} */ (html)?.[0];
  const actions = root?.querySelector?.(".header-actions");
  if (!actions || actions.querySelector("[data-smoke-creator]") || !game.user.can("ACTOR_CREATE")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.smokeCreator = "";
  button.textContent = game.i18n.localize("SMOKE.Creator.title");
  button.addEventListener("click", async () => {
    const actor = await Actor.implementation.create({ name: game.i18n.localize("SMOKE.Creator.newName"), type: "character" });
    if (actor) new CharacterCreator({ actor: /** @type {any} */ (actor) }).render({ force: true });
  });
  actions.append(button);
});

/** Vehicles track Body on their token bar; people track Health (system.json's primary attribute). */
Hooks.on("preCreateActor", (actor, data) => {
  if (actor.type === "vehicle" && !foundry.utils.hasProperty(data, "prototypeToken.bar1.attribute")) {
    // fvtt-types 13.345 has no type for Foundry's dot-notation update keys.
    actor.updateSource(/** @type {Actor.UpdateData} */ (
      { "prototypeToken.bar1.attribute": "body", "prototypeToken.bar2.attribute": "fuel" }));
  }
});
