/**
 * The Heat chat cards' buttons (templates/chat/heat-card.hbs; documents/heat/*): bound per viewer in
 * `renderChatMessageHTML`, so a GM's button shows only to a GM and a stop's answers only to the character's owners —
 * and every click is a request the active GM checks again.
 *
 * - a witnessed crime (GM): *witnessed?* / *police saw?* ticks, **Add to Heat** or **No Heat**;
 * - Heat rose (GM): **Call in units**, **Demand a stop**;
 * - a stop on foot (owner): **Run**, **Talk**, **Surrender**, **Fight**;
 * - a surrender or a failed run/talk (GM): **Cuff: Busted**.
 * @module apps/heat-cards
 */
import { requestGM } from "../documents/core/requests.mjs";
import { answerStop, stops } from "../documents/heat/stop.mjs";
import { SYSTEM_ID } from "../generated/rules.mjs";
import { canvasIfAny } from "../documents/core/lookup.mjs";

/** @param {Error} err */
const warn = err => ui.notifications?.warn(err.message);

/**
 * @param {HTMLButtonElement} button
 * @param {() => Promise<unknown>} fn
 */
function bind(button, fn) {
  button.addEventListener("click", async event => {
    event.preventDefault();
    button.disabled = true;
    try {
      await fn();
    } catch (err) {
      warn(/** @type {Error} */ (err));
      button.disabled = false;
    }
  });
}

/**
 * Whether a card's tick box is ticked.
 * @param {Element} root  The card.
 * @param {string} name  Its `data-heat-toggle`.
 * @returns {boolean}
 */
const ticked = (root, name) => !!(/** @type {HTMLInputElement|null} */ (root.querySelector(`[data-heat-toggle=${name}]`)))?.checked;

/**
 * What a card's buttons do, by `data-heat-action`.
 * @type {Record<string, (ctx: {flags: SmokeChatFlags, root: Element, button: HTMLButtonElement,
 *   message: ChatMessage.Implementation}) => Promise<unknown>>}
 */
const ACTIONS = {
  crimeApply: ({ flags, root }) => requestGM("heat.crime.resolve", { actId: flags.heatCrime,
    witnessed: ticked(root, "witnessed"), policeSaw: ticked(root, "policeSaw") }),
  crimeDismiss: ({ flags }) => requestGM("heat.crime.resolve", { actId: flags.heatCrime, dismiss: true }),
  callUnits: ({ flags, button }) => requestGM("heat.callUnits", { stars: Number(button.dataset.value ?? flags.heatRise?.stars),
    sceneId: canvasIfAny()?.scene?.id ?? game.scenes.active?.id ?? null }),
  demandStop: ({ flags }) => requestGM("heat.stop.demand", { actorUuid: flags.heatRise?.actorUuid }),
  // Bound only on a stop's card (the hook removes the button when the stop is not found).
  stopAnswer: ({ flags, button }) => answerStop(String(flags.heatStop), String(button.dataset.value)),
  bust: ({ flags }) => requestGM("heat.bust", { actorUuid: flags.heatStopAnswer?.actorUuid })
};
/** The actions only a GM may see. */
const GM_ACTIONS = new Set(["crimeApply", "crimeDismiss", "callUnits", "demandStop", "bust"]);

/** Hooks (registered by the entry). */
const hooks = {
  /**
   * @param {ChatMessage.Implementation} message
   * @param {HTMLElement} html
   */
  renderChatMessageHTML: (message, html) => {
    const flags = message.flags?.[SYSTEM_ID];
    const root = html.querySelector?.(".smoke-heat-card");
    if (!flags || !root) return;
    // A card counts only when a GM made it (a player's hand-made copy gets no buttons).
    if (!message.author?.isGM) {
      root.querySelectorAll("button, input").forEach(el => el.remove());
      return;
    }
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll("[data-heat-action]"))) {
      const action = String(button.dataset.heatAction);
      const fn = ACTIONS[action];
      const stop = action === "stopAnswer" && flags.heatStop ? stops.get(flags.heatStop) : null;
      const actor = stop ? /** @type {Actor.Implementation | null} */ (fromUuidSync(/** @type {`Actor.${string}`} */ (stop.actorUuid))) : null;
      const allowed = GM_ACTIONS.has(action) ? game.user.isGM : !!actor?.isOwner && !stop?.answer;
      if (!fn || !allowed) {
        button.remove();
        continue;
      }
      bind(button, () => fn({ flags, root, button, message }));
    }
    if (!game.user.isGM) root.querySelectorAll("[data-heat-toggle]").forEach(el => el.closest("label")?.remove());
    // No police token sees it: the GM's *Police saw?* tick says so on the card at once.
    const sight = /** @type {HTMLElement|null} */ (root.querySelector("[data-heat-sight]"));
    const saw = /** @type {HTMLInputElement|null} */ (root.querySelector("[data-heat-toggle=policeSaw]"));
    if (sight && saw) saw.addEventListener("change", () => {
      sight.textContent = String(saw.checked ? sight.dataset.saw : sight.dataset.unseen);
    });
  }
};

/** The window's manifest (documents/core/feature.mjs), registered by the entry: the Heat cards serve Heat (id "heat"). */
export const feature = { id: "heat", hooks };
