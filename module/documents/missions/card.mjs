/**
 * The Mission Board's chat cards (templates/chat/gm-reward.hbs): a run started, accepted, finished or run out of time.
 * @module documents/missions/card
 */
import { SYSTEM_ID } from "../core/check.mjs";

/**
 * Post a mission card.
 * @param {string} title  Localized.
 * @param {string} runId  The run's store key (in the card's flags).
 * @param {string[]} [lines]  Localized lines.
 * @param {{gmOnly?: boolean}} [options]  Whisper it to the GMs.
 * @returns {Promise<unknown>}
 */
export async function missionCard(title, runId, lines = [], { gmOnly = false } = {}) {
  const content = await foundry.applications.handlebars.renderTemplate("systems/the-smoke/templates/chat/gm-reward.hbs",
    { title, reason: "", lines });
  return ChatMessage.create({ content, speaker: { alias: game.i18n.localize("SMOKE.Mission.board") },
    ...(gmOnly ? { whisper: game.users.filter(u => u.isGM).map(u => u.id) } : {}),
    flags: { [SYSTEM_ID]: { mission: { runId } } } });
}
