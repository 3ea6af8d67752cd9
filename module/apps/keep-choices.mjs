/**
 * A window's unsent choices survive its redraw: a select marked `data-keep="<key>"` — a Condition to add, the stat
 * an advance raises, a faction favour, the shift to start — keeps the option its user chose when the window is drawn
 * again before they press its button (another client's change, the GM's write, a countdown), instead of going back to
 * its first option. A choice the new drawing no longer offers falls back to the new first option.
 *
 * v13 brackets the replacement of each rendered part with `_preSyncPartState(partId, newElement, priorElement,
 * state)` before and `_syncPartState(…)` after — where core itself keeps the focused field and the scroll positions
 * (HandlebarsApplicationMixin: fvtt-types src/foundry/client/applications/api/handlebars-application.d.mts,
 * "Prepare data used to synchronize the state of a template part" / "Synchronize the state of a template part after
 * it has been rendered and replaced in the DOM"); a window calls these two from its own overrides.
 * @module apps/keep-choices
 */

/** Where the kept choices ride in the part's sync state. */
const KEPT = "smokeKeptChoices";

/**
 * Before a part is replaced: remember each kept select's value, by its `data-keep` key.
 * @param {HTMLElement} priorElement  The part as it was drawn.
 * @param {Record<string, unknown>} state  v13's sync state for this part.
 */
export function rememberChoices(priorElement, state) {
  /** @type {[string, string][]} */
  const kept = [];
  for (const select of priorElement.querySelectorAll("select[data-keep]")) {
    kept.push([String(/** @type {HTMLSelectElement} */ (select).dataset.keep), /** @type {HTMLSelectElement} */ (select).value]);
  }
  state[KEPT] = kept;
}

/**
 * After a part is replaced: choose again what was chosen, where the new drawing still offers it.
 * @param {HTMLElement} newElement  The part as it is drawn now.
 * @param {Record<string, unknown>} state  The state {@link rememberChoices} filled.
 */
export function restoreChoices(newElement, state) {
  const kept = /** @type {[string, string][]|undefined} */ (state[KEPT]);
  for (const [key, value] of kept ?? []) {
    const select = /** @type {HTMLSelectElement|null} */ (newElement.querySelector(`select[data-keep="${CSS.escape(key)}"]`));
    if (select && [...select.options].some(o => o.value === value)) select.value = value;
  }
}
