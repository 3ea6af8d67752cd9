/**
 * The system's Region behaviour types (v13 `CONFIG.RegionBehavior.dataModels`, declared in system.yml
 * `documentTypes.RegionBehavior`, registered as `"the-smoke.<type>"`).
 * - `indoors` (issue 12; rulebook: Heat on your heels › Lose sight, then lose stars): a roofed area; the India 99
 *   helicopter cannot see a character standing in it (documents/heat/sight.mjs underRoof). It has no fields and
 *   handles no events: the Heat check reads `TokenDocument#regions`.
 * @module data/regions
 */
import { SYSTEM_ID } from "../generated/rules.mjs";

/** @returns {any} v13's RegionBehaviorType, or null where it is absent. */
const base = () => foundry.data?.regionBehaviors?.RegionBehaviorType ?? null;

/**
 * The behaviour types by their system-qualified name, built at init (where v13's base class exists).
 * @returns {Record<string, any>}
 */
export function regionBehaviorModels() {
  const Base = base();
  if (!Base) return {};
  class IndoorsBehavior extends Base {
    static defineSchema() {
      return {};
    }
  }
  return { [`${SYSTEM_ID}.indoors`]: IndoorsBehavior };
}
