/**
 * The Conditions' status-effect descriptions (rulebook: Conditions): rules/conditions.mjs `statusEffects` keeps the
 * catalogue's description and recovery as data; once the language is loaded each description becomes the
 * Condition's text with its recovery, from templates/chat/condition-description.hbs (the label through lang/en.json).
 * Foundry-side only.
 * @module documents/condition-text
 */
import { SYSTEM_ID } from "../../generated/rules.mjs";

export const TEMPLATE = "systems/the-smoke/templates/chat/condition-description.hbs";

/**
 * Render every Condition's description (the defeated status has none of its own).
 * @returns {Promise<void>}
 */
export async function describeConditions() {
  for (const effect of /** @type {any[]} */ (CONFIG.statusEffects)) {
    const data = effect.flags?.[SYSTEM_ID];
    if (!data?.condition) continue;
    effect.description = await foundry.applications.handlebars.renderTemplate(TEMPLATE,
      { description: data.description, recovery: data.recovery });
  }
}

/** @type {Record<string, Function>} */
export const hooks = {
  i18nInit: () => { describeConditions().catch(err => console.warn("The Smoke | Condition descriptions", err)); }
};
