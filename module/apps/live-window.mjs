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
      this.#stopListening();
    }

    /** Take the window's listeners off. */
    #stopListening() {
      for (const off of this.#live ?? []) off();
      this.#live = null;
    }

    /**
     * A first render that fails leaves a window that never opened: v13's `close` of a window without an element
     * returns before `_onClose`, so its listeners would stay on. They are taken off once a forced render asked of a
     * window not yet open has run its course and the window is still not rendered (v13's `rendered`: its state is
     * RENDERED, https://foundryvtt.com/api/v13/classes/foundry.applications.api.ApplicationV2.html#rendered), whether
     * the failed render rejects (the stand-in's reading) or resolves after logging its error. Only such a render:
     * a plain re-render asked while the first is still under way may return at once, and must not end the listening.
     * @param {any} [options]
     * @param {any} [_options]
     */
    async render(options, _options) {
      const opening = !this.rendered && (options === true || !!options?.force);
      try {
        return await super.render(options, _options);
      } finally {
        if (opening && this.#live && !this.rendered) this.#stopListening();
      }
    }

    /** @type {Promise<void>|null} Settles when the button pressed in this window is let go; null when none is. */
    #press = null;

    /**
     * A press on one of the window's buttons holds back any new HTML until it is let go (and its click handled): a
     * re-render between a button's press and its release replaces the button, and the browser then clicks nothing.
     * Held at most 5 s.
     * @param {any} context
     * @param {any} options
     */
    async _onFirstRender(context, options) {
      await super._onFirstRender?.(context, options);
      this.element.addEventListener("pointerdown", event => {
        if (this.#press || !(/** @type {HTMLElement} */ (event.target))?.closest?.("button, [data-action]")) return;
        this.#press = new Promise(resolve => {
          let done = false;
          const release = () => {
            if (done) return;
            done = true;
            window.removeEventListener("click", letGo);
            window.removeEventListener("pointerup", later);
            window.removeEventListener("pointercancel", later);
            clearTimeout(limit);
            this.#press = null;
            resolve();
          };
          // Let go once the click has reached the window (the window's own handler has run, and asked for its
          // render); a press that ends in no click (released elsewhere, cancelled) lets go after its release.
          const letGo = () => release();
          const later = () => setTimeout(release, 0);
          const limit = setTimeout(release, 5000);
          window.addEventListener("click", letGo, { once: true });
          window.addEventListener("pointerup", later, { once: true });
          window.addEventListener("pointercancel", later, { once: true });
        });
      });
    }

    /**
     * The new HTML, kept back while a button is pressed. v13 replaces the window's HTML straight after this resolves
     * (ApplicationV2#render: `await this._renderHTML(…)` then `this._replaceHTML(…)`, Foundry's
     * client/applications/api/application.mjs), so no press can start in between.
     * @param {any} context
     * @param {any} options
     */
    async _renderHTML(context, options) {
      const result = await super._renderHTML(context, options);
      while (this.#press) await this.#press;
      return result;
    }
  };
}

/**
 * Listen to Foundry hooks for a live window's `_subscribe`: `fn` on each of `hooks`.
 * @param {string[]} hooks  Hook names.
 * @param {(...args: any[]) => void} fn
 * @returns {(() => void)[]}  What takes each listener off again.
 */
export function onHooks(hooks, fn) {
  return hooks.map(hook => {
    const id = Hooks.on(/** @type {Hooks.HookName} */ (hook), fn);
    return () => Hooks.off(/** @type {Hooks.HookName} */ (hook), id);
  });
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
