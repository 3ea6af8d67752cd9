/**
 * One click, one action: the second click of a double click on a button of the system's windows (every window carries
 * the `the-smoke` class) or of its chat cards (`smoke-…` roots) does nothing. A button's own write often draws its
 * window again before the second click lands, so that click meets a fresh button — a fresh offer or act id, the next
 * die, the next stage of a job — and a guard on the button itself (its `disabled`, an id per drawing) cannot see it.
 * The click count is the DOM's (`MouseEvent#detail`: for click events, the current click count;
 * https://developer.mozilla.org/en-US/docs/Web/API/UIEvent/detail); a keyboard press has 0 and always acts.
 * Inputs, checkboxes, selects and a control marked `data-repeat` keep every click. What the GM accepts is still
 * checked on the GM's client: this spares a player's or GM's own double click, it is not the protection against a
 * forged request.
 * v13 facts relied on: a window's `classes` option is applied to the Application's element, and its `actions` run
 * from the click event on the element that carries `[data-action]`
 * (https://foundryvtt.com/api/interfaces/foundry.applications.types.ApplicationConfiguration.html,
 * https://foundryvtt.com/api/types/foundry.applications.types.ApplicationClickAction.html), so a listener on the
 * document in the capture phase meets the click first (DOM event order; a window's listeners are on its element).
 * @module apps/one-click
 */

/** What a click acts through: a button, or an element with a window action. */
const CONTROL = "button, [role=button], [data-action]";
/** Where the system's controls are: its windows (and their frames) and its chat cards. */
export const SYSTEM_ROOTS = ".the-smoke, .chat-message [class^='smoke-'], .chat-message [class*=' smoke-']";

/**
 * Drop the second (third…) click of a double click on a system button, before any listener of the window sees it. A
 * control meant to be clicked again and again (sell one more, step back once more) carries `data-repeat` and keeps
 * every click; so do inputs, checkboxes and selects.
 * @param {MouseEvent} event
 */
export function dropRepeatClick(event) {
  if (event.detail < 2) return;
  const control = event.target instanceof Element ? event.target.closest(CONTROL) : null;
  if (!control || control.matches("input, select, textarea, [data-repeat]") || !control.closest(SYSTEM_ROOTS)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}

let installed = false;

/**
 * Listen on the document in the capture phase (the first listener a click meets, ahead of every window's own).
 * Called once at init; without a document (the build's guide check loads the entry in Node) it does nothing.
 * @param {Document|undefined} [doc]
 */
export function registerOneClick(doc = globalThis.document) {
  if (installed || !doc) return;
  installed = true;
  doc.addEventListener("click", dropRepeatClick, { capture: true });
}
