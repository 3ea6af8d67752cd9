/**
 * The Smoke for Foundry VTT v13 — entry module. Registration only: data models, sheets, status effects and
 * templates. Rules live in module/rules (pure), data models in module/data, windows in module/apps.
 */
import { ACTOR_MODELS } from "./data/actors.mjs";
import { ITEM_MODELS } from "./data/items.mjs";
import { SmokeActorSheet, SmokeItemSheet } from "./apps/sheets.mjs";
import { statusEffects } from "./rules/conditions.mjs";
import { CONDITIONS, RULES } from "./generated/rules.mjs";

export const SYSTEM_ID = "the-smoke";

Hooks.once("init", () => {
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  CONFIG.Actor.trackableAttributes = {
    character: { bar: ["health", "hustle"], value: ["heat", "cash.pocket"] },
    npc: { bar: ["health"], value: [] },
    vehicle: { bar: ["body", "fuel"], value: ["speed"] }
  };
  CONFIG.statusEffects = statusEffects(CONDITIONS);

  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, SmokeActorSheet, {
    types: Object.keys(ACTOR_MODELS), makeDefault: true, label: "SMOKE.Sheet.actor"
  });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, SmokeItemSheet, {
    types: Object.keys(ITEM_MODELS), makeDefault: true, label: "SMOKE.Sheet.item"
  });

  game.system.smoke = { RULES, CONDITIONS };
  return foundry.applications.handlebars.loadTemplates({
    "the-smoke.stat-dice": "systems/the-smoke/templates/generated/stat-dice.hbs"
  });
});

/** Vehicles track Body on their token bar; people track Health (system.json's primary attribute). */
Hooks.on("preCreateActor", (actor, data) => {
  if (actor.type === "vehicle" && !foundry.utils.hasProperty(data, "prototypeToken.bar1.attribute")) {
    actor.updateSource({ "prototypeToken.bar1.attribute": "body", "prototypeToken.bar2.attribute": "fuel" });
  }
});
