/**
 * The Blower's feature glue (issue 15): the requests and hooks of its two stores of its own — texts from contacts
 * (documents/blower/texts.mjs) and the radio (documents/blower/radio.mjs). Everything else the phone shows belongs to other
 * features and is read through apps/blower/sources.mjs.
 * @module documents/blower
 */
import * as texts from "./texts.mjs";
import * as radio from "./radio.mjs";

/** Register the Blower's settings and query (init). */
export function registerBlower() {
  texts.registerTexts();
  radio.registerRadio();
}

/** Requests (registered by the entry). */
export const requests = { ...texts.requests, ...radio.requests };

/** Hooks (registered by the entry). */
export const hooks = {
  ready: () => {
    texts.hooks.ready();
    radio.hooks.ready();
  },
  userConnected: texts.hooks.userConnected
};
