/**
 * Street Control's chat-card buttons (rulebook: A d20 on the street; Police at the table). A street event's follow-up
 * shows to GMs only (the card is whispered to them) and asks the GM to run it — once: the GM's record refuses a second
 * click or a reload; a hazard then opens the GM Screen on that hazard. A police event's roll buttons show only to the
 * character's roller; the GM reads the card and applies the consequence (documents/street/police.mjs).
 * @module apps/street-cards
 */
import { rollPolice } from "../documents/street/street.mjs";
import { SYSTEM_ID } from "../generated/rules.mjs";
import { GMScreen } from "./gm-screen.mjs";
import { askGM } from "./gm-windows.mjs";
import { canvasIfAny } from "../documents/core/lookup.mjs";

/**
 * The centre of the GM's view in scene pixels (v13: `canvas.stage.pivot`), or null without a drawn canvas.
 * @returns {{x: number, y: number}|null}
 */
export function viewPoint() {
  const pivot = canvasIfAny()?.stage?.pivot;
  return pivot && Number.isFinite(pivot.x) && Number.isFinite(pivot.y) ? { x: pivot.x, y: pivot.y } : null;
}

/**
 * @param {HTMLElement} root
 * @param {string} selector
 * @param {(b: HTMLButtonElement) => boolean} keep
 * @param {(b: HTMLButtonElement) => Promise<unknown>} fn
 */
function wire(root, selector, keep, fn) {
  for (const b of root.querySelectorAll(selector)) {
    const button = /** @type {HTMLButtonElement} */ (b);
    if (!keep(button)) {
      button.remove();
      continue;
    }
    button.addEventListener("click", async () => {
      if (button.disabled) return;
      button.disabled = true;
      const r = await fn(button);
      if (!r) button.disabled = false;
    });
  }
}

const hooks = {
  renderChatMessageHTML: (message, html) => {
    const flags = message.flags?.[SYSTEM_ID];
    const root = /** @type {HTMLElement} */ (html);
    // Only the GM's own cards carry live buttons: a player's hand-made card with the same flags gets none.
    if (!message.author?.isGM) {
      for (const b of root.querySelectorAll("[data-smoke-street-follow], [data-smoke-police-roll]")) b.remove();
      return;
    }
    if (flags?.streetEvent) {
      wire(root, "[data-smoke-street-follow]", () => game.user.isGM, async button => {
        const r = await askGM("street.followUp", { eventId: flags.streetEvent.id, view: viewPoint() });
        const hazard = button.dataset.hazard;
        if (r && hazard) {
          const screen = GMScreen.open();
          if (screen) {
            screen.tab = "hazards";
            screen.render();
          }
        }
        return r;
      });
    }
    if (flags?.policeEvent) {
      wire(root, "[data-smoke-police-roll]", b => b.dataset.userId === game.user.id,
        b => rollPolice({ eventId: flags.policeEvent.id, rollId: String(b.dataset.rollId) }));
    }
  }
};

/** The window's manifest (documents/core/feature.mjs), registered by the entry: the street cards serve Street Control (id "street"). */
export const feature = { id: "street", hooks };
