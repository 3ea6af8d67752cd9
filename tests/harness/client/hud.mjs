/**
 * The token HUD (TEST DOUBLE of v13 foundry.applications.hud.BasePlaceableHUD / TokenHUD, ApplicationV2 without a
 * frame): `canvas.hud.token` (also `canvas.tokens.hud`), `bind(token)` renders it for that Token placeable, `object`,
 * `document`, `actor`, `close()` unbinds. Its HTML has v13's three columns (`.col.left`, `.col.middle`,
 * `.col.right`) of `button.control-icon`s; rendering fires `renderTokenHUD(hud, html, context, options)` (html an
 * HTMLElement, as v13) then the parents' hooks. Right-click a token on the board to toggle it (owners and GMs, as v13
 * Token#_onClickRight). Only the visibility and combat toggles (GM) are working core controls; the others are not drawn.
 */
import { ApplicationV2 } from "./applications.mjs";
import { escapeHTML } from "./utils.mjs";

export class BasePlaceableHUD extends ApplicationV2 {
  static DEFAULT_OPTIONS = { classes: ["placeable-hud"], window: { frame: false, positioned: true } };

  #object = null;

  /** The placeable the HUD is bound to. */
  get object() {
    return this.#object;
  }

  get document() {
    return this.#object?.document ?? null;
  }

  get actor() {
    return this.#object?.actor ?? null;
  }

  /** Bind to a placeable and render (v13: `bind(object)`), beside the placeable on the board (v13 sets the HUD's
   * position over its object). */
  async bind(object) {
    this.#object = object;
    const el = document.querySelector(`#board [data-token-id="${object?.id}"]`);
    const rect = el?.getBoundingClientRect();
    if (rect) Object.assign(this.position, { left: rect.right + window.scrollX + 4, top: rect.top + window.scrollY });
    return this.render({ force: true });
  }

  async close(options = {}) {
    const r = await super.close(options);
    this.#object = null;
    return r;
  }
}

export class TokenHUD extends BasePlaceableHUD {
  static DEFAULT_OPTIONS = { id: "token-hud" };

  async _prepareContext() {
    const doc = this.document;
    return { id: doc?.id ?? "", name: doc?.name ?? "", hidden: !!doc?.hidden, isGM: game.user.isGM,
      inCombat: !!doc?.inCombat };
  }

  async _renderHTML(context) {
    const visibility = context.isGM ? `<button type="button" class="control-icon${context.hidden ? " active" : ""}"
        data-hud-control="visibility" aria-label="Toggle visibility">👁</button>` : "";
    // v13 TokenHUD's "Toggle Combat State" (data-action="combat", TokenDocument#toggleCombatant): GMs only here, as the
    // stand-in lets only a GM create a Combat
    const combat = context.isGM ? `<button type="button" class="control-icon${context.inCombat ? " active" : ""}"
        data-action="combat" aria-pressed="${context.inCombat}" aria-label="Toggle Combat State">⚔</button>` : "";
    return `<div class="col left"></div>
      <div class="col middle"><span class="token-hud-name">${escapeHTML(context.name)}</span></div>
      <div class="col right">${visibility}${combat}</div>`;
  }

  _replaceHTML(result, content) {
    content.innerHTML = result;
    content.dataset.tokenId = this.document?.id ?? "";
    content.querySelector('[data-hud-control="visibility"]')?.addEventListener("click", async () => {
      await this.document?.update({ hidden: !this.document.hidden });
      this.render();
    });
    content.querySelector('[data-action="combat"]')?.addEventListener("click", async () => {
      await this.document?.toggleCombatant();
      this.render();
    });
  }
}
