/**
 * ui.controls (TEST DOUBLE of v13 foundry.applications.ui.SceneControls, not an ApplicationV2): the scene controls
 * bar, so a user of the preview reaches a system's tools by a click, as in Foundry's left-hand toolbar.
 *
 * v13 (fvtt-types 13.345 `client/applications/ui/scene-controls.d.mts`, `SceneControls.Control` / `.Tool`): the
 * controls are a record `{[name]: Control}` with `{name, order, title, icon, visible?, tools: {[name]: Tool},
 * activeTool}`; a tool is `{name, order, title, icon, visible?, toggle?, active?, button?, onChange?(event, active)}`.
 * Each render fires `getSceneControlButtons(controls)` (hooks.d.mts) so packages add or change tools on the record;
 * a `button` tool calls `onChange(event, true)` when clicked, a `toggle` flips `active` and calls `onChange(event,
 * active)`. The stand-in draws only the token controls (`tokens`, core's first group) with core's Select tool, and
 * the system's tools after it in `order`; tools with `visible: false` are left out (v13 filters them the same way).
 * Titles are localized as v13 does (`game.i18n.localize(tool.title)`).
 */
import { escapeHTML } from "./utils.mjs";

export class SceneControls {
  /** @type {Record<string, any>} the record the last render built (v13 `SceneControls#controls`). */
  controls = {};

  constructor(element) {
    this.element = element;
    element?.addEventListener("click", event => {
      const button = event.target.closest("[data-tool]");
      if (!button) return;
      const tool = this.controls[button.dataset.control]?.tools?.[button.dataset.tool];
      if (!tool) return;
      if (tool.toggle) {
        tool.active = !tool.active;
        tool.onChange?.(event, tool.active);
        this.render();
      } else tool.onChange?.(event, true);
    });
  }

  /** The core controls the stand-in starts from (v13 has more groups; only the token group is drawn). */
  #coreControls() {
    return {
      tokens: { name: "tokens", order: 1, title: "CONTROLS.GroupToken", icon: "fa-solid fa-user-alt", activeTool: "select",
        tools: { select: { name: "select", order: 1, title: "CONTROLS.BasicSelect", icon: "fa-solid fa-expand" } } }
    };
  }

  /** Build the record, let packages change it (`getSceneControlButtons`), and draw the token tools. */
  render() {
    const previous = this.controls;
    const controls = this.#coreControls();
    Hooks.callAll("getSceneControlButtons", controls);
    // a toggle keeps its state across renders, as v13's SceneControls does
    for (const [c, control] of Object.entries(controls)) {
      for (const [t, tool] of Object.entries(control.tools ?? {})) {
        const was = previous[c]?.tools?.[t];
        if (tool.toggle && was && !("active" in tool)) tool.active = was.active;
      }
    }
    this.controls = controls;
    if (!this.element) return this;
    const tokens = controls.tokens;
    const tools = Object.values(tokens?.tools ?? {}).filter(t => t.visible !== false)
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    const i18n = game.i18n;
    this.element.innerHTML = tools.map(t => `<button type="button" class="scene-control-tool${t.active ? " active" : ""}"
        data-control="tokens" data-tool="${escapeHTML(t.name)}"${t.toggle ? ` aria-pressed="${!!t.active}"` : ""}
        title="${escapeHTML(i18n.localize(t.title ?? t.name))}">${escapeHTML(i18n.localize(t.title ?? t.name))}</button>`)
      .join("");
    return this;
  }
}
