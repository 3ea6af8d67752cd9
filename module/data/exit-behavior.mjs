/**
 * The EXIT strip: the system's region behaviour type `the-smoke.exit` (system.json documentTypes.RegionBehavior
 * `exit`), a v13 `foundry.data.regionBehaviors.RegionBehaviorType` whose data says where the strip leads.
 *
 * Fields (set by the GM in the behaviour's config):
 * - `toScene` — the linked scene's id ("" = none; the linked strip's scene is used when only the strip is set);
 * - `toStrip` — the linked strip on that scene: a Region UUID (`Scene.<id>.Region.<id>`), or the UUID of a behaviour on
 *   it (its Region is meant);
 * - `label` — what the strip is called on the street map and in the GM's report ("" = the region's name).
 *
 * (Not `scene`/`strip`: v13's RegionBehaviorType already has `scene`, `region` and `behavior` getters.)
 *
 * The class is made at init ({@link defineExitBehavior}) with the event handlers of documents/street-map (the layers
 * run rules ← data ← documents: the handlers live there and are passed in).
 *
 * Rulebook: Playing through Foundry › Getting in ("Step into an EXIT strip to follow a linked map edge").
 * @module data/exit-behavior
 */
import { SYSTEM_ID } from "../generated/rules.mjs";

/** The behaviour's sub-type in system.json, and its registered name. */
export const EXIT_SUBTYPE = "exit";
export const EXIT_TYPE = `${SYSTEM_ID}.${EXIT_SUBTYPE}`;

/**
 * @typedef {object} ExitData  The system data of an EXIT strip's behaviour.
 * @property {string} toScene  The linked scene's id ("" when unset).
 * @property {string|null} toStrip  The linked strip's Region (or behaviour) UUID.
 * @property {string} label  Its name on the street map ("" = the region's).
 */

/**
 * The EXIT strip's data model class, subclassing v13's RegionBehaviorType, with the given event handlers (called with
 * `this` the behaviour's system data, as v13 calls `static events`).
 * @param {Record<string, (this: any, event: any) => Promise<void>>} events  Region event name → handler.
 * @returns {any} The class, for `CONFIG.RegionBehavior.dataModels["the-smoke.exit"]`.
 */
export function defineExitBehavior(events) {
  const { RegionBehaviorType } = foundry.data.regionBehaviors;
  const fields = foundry.data.fields;
  return class ExitBehaviorData extends RegionBehaviorType {
    static LOCALIZATION_PREFIXES = ["SMOKE.StreetMap.behavior"];

    static events = events;

    static defineSchema() {
      return {
        toScene: new fields.StringField({ required: true, blank: true, initial: "",
          label: "SMOKE.StreetMap.behavior.scene", hint: "SMOKE.StreetMap.behavior.sceneHint" }),
        toStrip: new fields.DocumentUUIDField({ nullable: true, initial: null,
          label: "SMOKE.StreetMap.behavior.strip", hint: "SMOKE.StreetMap.behavior.stripHint" }),
        label: new fields.StringField({ required: true, blank: true, initial: "",
          label: "SMOKE.StreetMap.behavior.label", hint: "SMOKE.StreetMap.behavior.labelHint" })
      };
    }
  };
}
