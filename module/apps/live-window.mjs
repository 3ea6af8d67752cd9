/**
 * A window that follows the world: it re-renders on each change it listens to, including a change that lands while
 * its first render is under way. Foundry-side only.
 *
 * v13 renders an application in this order (ApplicationV2#render → #render in
 * foundry/client/applications/api/application.mjs; the hooks' order is in fvtt-types'
 * src/foundry/client/applications/api/application.d.mts): `_canRender` → `_configureRenderOptions` →
 * `_prepareContext` → `_preFirstRender(context)` → frame and HTML → state RENDERED → `_onFirstRender`; and renders of
 * one application queue on its semaphore. A window that starts listening in `_onFirstRender`, or re-renders only when
 * `rendered`, misses a change that lands after its context was read and before it is rendered: it shows the old world
 * until the next change (a CI run: a player's Mission Board said "No missions yet." for 15 s after the GM's mission
 * had arrived). Here the window is *live* from `_configureRenderOptions` of its first forced render — before the
 * context is read — until it closes, and a change re-renders it through the queue, after the render under way.
 * @module apps/live-window
 */

/**
 * @template {new (...args: any[]) => foundry.applications.api.ApplicationV2.Any} B
 * @param {B} Base  An ApplicationV2 class.
 */
export function LiveWindow(Base) {
  return class LiveWindow extends Base {
    /** @type {(() => void)[]|null} What stops the listeners; null while the window is neither opening nor open. */
    #live = null;

    /**
     * The window's listeners, put on as it opens (before its context is read) and taken off as it closes.
     * @param {() => void} refresh  Re-renders the window (queued after a render under way).
     * @returns {(() => void)[]}  What stops each listener.
     */
    _subscribe(refresh) {
      return [];
    }

    /** Re-render the window if it is opening or open: queued behind a render under way, so nothing is missed. */
    refresh() {
      if (this.#live) void this.render();
    }

    /** @param {any} options */
    _configureRenderOptions(options) {
      super._configureRenderOptions(options);
      if (options.isFirstRender && options.force && !this.#live) this.#live = this._subscribe(() => this.refresh());
    }

    /** @param {any} options */
    _onClose(options) {
      super._onClose?.(options);
      for (const off of this.#live ?? []) off();
      this.#live = null;
    }
  };
}

/**
 * What a live window adds to ApplicationV2.
 * @typedef {object} Live
 * @property {() => void} refresh  Re-render if opening or open.
 */

/**
 * The base of the system's live windows: v13's HandlebarsApplicationMixin(ApplicationV2) made live, typed as
 * ApplicationV2 (fvtt-types' mixin generics do not carry through a JS mixin) with {@link Live}'s members.
 * @returns {typeof foundry.applications.api.ApplicationV2 & (new (...args: any[]) => Live)}
 */
export function liveHandlebarsBase() {
  const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
  const live = LiveWindow(/** @type {typeof ApplicationV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ApplicationV2))));
  return /** @type {typeof ApplicationV2 & (new (...args: any[]) => Live)} */ (/** @type {unknown} */ (live));
}
