/**
 * The Blower's feature glue (issue 15): the manifest of its two stores of its own — texts from contacts
 * (documents/blower/texts.mjs) and the radio (documents/blower/radio.mjs). Everything else the phone shows belongs to other
 * features and is read through apps/blower/sources.mjs.
 * @module documents/blower
 */
import * as texts from "./texts.mjs";
import * as radio from "./radio.mjs";
import { mergeParts } from "../core/feature.mjs";

/** Register the Blower's settings and query (init; called by the entry). */
export function registerBlower() {
  texts.registerTexts();
  radio.registerRadio();
}

/**
 * The Blower's manifest (documents/core/feature.mjs), registered by the entry: the texts' and the radio's requests and
 * hooks. Its api, `game.system.api.blower`, is the phone's window's (apps/blower/register.mjs), which shares the id.
 */
export const feature = { id: "blower", ...mergeParts([texts, radio]) };
