/**
 * Street Control (rulebook: A d20 on the street; Police at the table; People on the street): the GM's window for city
 * activity — roll or choose the d20 street event (whispered to the GMs), run a police event for the chosen
 * characters (the GM Screen's choice, else everyone present), place the people on the street. Every button is a GM
 * request (documents/street-control.mjs), refused to a player.
 * @module apps/street-control
 */
import { policeEvents, streetEvents } from "../documents/street-control.mjs";
import { requestGM } from "../documents/requests.mjs";
import { GMScreen } from "./gm-screen.mjs";
import { SYSTEM_ID } from "../generated/rules.mjs";
import { askGM, openOnce } from "./gm-windows.mjs";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
const Base = /** @type {typeof ApplicationV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ApplicationV2)));

/** @extends {Base<Record<string, unknown>>} */
export class StreetControl extends Base {
  static DEFAULT_OPTIONS = {
    id: "smoke-street-control", classes: ["the-smoke", "street-control"], tag: "form",
    window: { title: "SMOKE.Street.title", resizable: true }, position: { width: 560, height: 600 },
    actions: { rollEvent: StreetControl.#onRoll, chooseEvent: StreetControl.#onChoose, policeEvent: StreetControl.#onPolice,
      place: StreetControl.#onPlace }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/apps/street-control.hbs", scrollable: [""] } };

  /** @type {StreetControl|null} */
  static instance = null;

  /** Open (or bring forward) the window; GM only. @returns {StreetControl|null} */
  static open() {
    return openOnce(this, { gmOnly: true });
  }

  _onClose(options) {
    super._onClose?.(options);
    if (StreetControl.instance === this) StreetControl.instance = null;
  }

  async _prepareContext() {
    const pack = game.packs.get(`${SYSTEM_ID}.street-people`);
    const people = pack ? (await pack.getIndex()).contents.map(e => ({ name: e.name })) : [];
    return { events: streetEvents(), police: policeEvents(), people };
  }

  /** @this {StreetControl} */
  static async #onRoll() {
    await askGM("street.event", {});
  }

  /** @this {StreetControl} */
  static async #onChoose() {
    const roll = Number(/** @type {HTMLSelectElement} */ (this.element.querySelector("[name=eventRoll]")).value);
    await askGM("street.event", { roll });
  }

  /** @this {StreetControl} */
  static async #onPolice(event, target) {
    const targets = (GMScreen.instance ?? new GMScreen()).targets();
    await askGM("street.police", { key: target.dataset.key, actorUuids: targets });
  }

  /** @this {StreetControl} */
  static async #onPlace(event, target) {
    await askGM("street.place", { name: target.dataset.name });
  }
}

/** A street event's follow-up button (the GM's card): announce its hazard and open the GM Screen's Hazards. */
export const hooks = {
  renderChatMessageHTML: (message, html) => {
    if (!/** @type {any} */ (message.flags?.[SYSTEM_ID])?.streetEvent) return;
    for (const b of /** @type {HTMLElement} */ (html).querySelectorAll("[data-smoke-street-hazard]")) {
      const button = /** @type {HTMLButtonElement} */ (b);
      if (!game.user.isGM) {
        button.remove();
        continue;
      }
      button.addEventListener("click", async () => {
        try {
          await requestGM("gm.hazard.announce", { key: button.dataset.smokeStreetHazard });
          const screen = GMScreen.open();
          if (screen) {
            screen.tab = "hazards";
            screen.render();
          }
        } catch (err) {
          ui.notifications.warn(err.message);
        }
      });
    }
  }
};
