/**
 * What the GM's windows (GM Screen, Street Control, Mission Board) share: opening one window of a kind, and asking
 * the GM with a refusal shown as a warning. Foundry-side only.
 * @module apps/gm-windows
 */
import { requestGM } from "../documents/core/requests.mjs";

/**
 * Open (or bring forward) the one window of a class; with `gmOnly` a player gets a warning instead (and every action
 * behind it is refused by the GM anyway).
 * @template {{instance: any, new (): any}} C
 * @param {C} cls  An ApplicationV2 class with a static `instance`.
 * @param {{gmOnly?: boolean}} [options]
 * @returns {InstanceType<C>|null}
 */
export function openOnce(cls, { gmOnly = false } = {}) {
  if (gmOnly && !game.user.isGM) {
    ui.notifications.warn(game.i18n.localize("SMOKE.GMScreen.gmOnly"));
    return null;
  }
  cls.instance ??= new cls();
  cls.instance.render({ force: true });
  return cls.instance;
}

/**
 * A request to the GM from a window: its answer, or null with the refusal as a warning.
 * @param {string} type
 * @param {object} data
 * @returns {Promise<any>}
 */
export async function askGM(type, data) {
  try {
    return await requestGM(type, data);
  } catch (err) {
    ui.notifications.warn(/** @type {Error} */ (err).message);
    return null;
  }
}
