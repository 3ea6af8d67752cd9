/**
 * ui.nav (TEST DOUBLE of v13 foundry.applications.ui.SceneNavigation, not an ApplicationV2): the bar of scenes above
 * the board, so a GM of the preview views another map or makes one the active scene by a click.
 *
 * v13 (foundryvtt.com/api/v13 `foundry.applications.ui.SceneNavigation`; its render context, fvtt-types 13.345
 * `client/applications/ui/scene-navigation.d.mts`, splits `scenes.active` from `scenes.inactive`): it lists the scenes
 * with `navigation: true` that the user may see (a GM: all of them; a player: the active scene and those with
 * Limited or better, BaseScene ownership), the active one marked; clicking a scene views it on this client
 * (`Scene#view`); a GM activates one for everybody from its context menu (here an *Activate* button beside it,
 * `Scene#activate`).
 */
import { escapeHTML } from "./utils.mjs";

export class SceneNavigation {
  constructor(element) {
    this.element = element;
    element?.addEventListener("click", event => {
      const button = event.target.closest("[data-scene-id]");
      const scene = button ? game.scenes.get(button.dataset.sceneId) : null;
      if (!scene) return;
      if (button.dataset.action === "activate") scene.activate();
      else scene.view().then(() => this.render());
    });
    for (const hook of ["createScene", "updateScene", "deleteScene", "canvasReady"]) Hooks.on(hook, () => this.render());
  }

  /** The scenes this user sees in the bar (v13: `navigation` on, and visible to the user). */
  get scenes() {
    const user = game.user;
    return game.scenes.filter(s => s.navigation !== false
      && (user.isGM || s.active || s.testUserPermission(user, "LIMITED")))
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name));
  }

  render() {
    if (!this.element) return this;
    const viewed = game.scenes.viewed;
    this.element.innerHTML = this.scenes.map(s => `<span class="scene-nav-entry">
        <button type="button" class="scene-nav-item${s.active ? " active" : ""}${s === viewed ? " viewed" : ""}"
          data-scene-id="${s.id}" data-action="view"${s === viewed ? ' aria-current="true"' : ""}>${escapeHTML(s.name)}</button>${
        game.user.isGM && !s.active ? `<button type="button" class="scene-nav-activate" data-scene-id="${s.id}"
          data-action="activate" title="Activate ${escapeHTML(s.name)}">Activate</button>` : ""}</span>`).join("");
    return this;
  }
}
