/**
 * The 31 Conditions as Foundry status effects (rulebook: Conditions; Harm, aid and recovery).
 * Pure: no Foundry globals; the entry module assigns the result to CONFIG.statusEffects.
 * @module rules/conditions
 */

/**
 * @typedef {object} Condition  One entry of packs-src/conditions (see docs/catalogue-format.md).
 * @property {string} key   Condition id, e.g. "bleeding".
 * @property {string} name  Printed name.
 * @property {string} img   Icon path.
 * @property {string} description
 * @property {string} recovery
 */

/**
 * Status-effect configs for CONFIG.statusEffects (v13 StatusEffectConfig): a stable 16-character `_id`, the
 * printed name, the generated icon, and the Condition's data under `flags["the-smoke"].condition` so rules can
 * read its mechanics from the effect. People only: vehicles have no Conditions in the book.
 * @param {Condition[]} conditions
 * @returns {{id: string, _id: string, name: string, img: string, description: string, hud: {actorTypes: string[]},
 *   flags: object}[]}
 */
export function statusEffects(conditions) {
  return conditions.map(c => ({
    id: c.key,
    _id: `smoke${c.key}`.padEnd(16, "0").slice(0, 16),
    name: c.name,
    img: c.img,
    description: `<p>${escapeHTML(c.description)}</p><p><strong>Recovery:</strong> ${escapeHTML(c.recovery)}</p>`,
    hud: { actorTypes: ["character", "npc"] },
    flags: { "the-smoke": { condition: c.key } }
  }));
}

/** @param {string} text @returns {string} */
function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, ch => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);
}
