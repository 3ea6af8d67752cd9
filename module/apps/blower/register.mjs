/**
 * The Blower's ways in: the keybindings (Alt+B the phone, Alt+N sat nav; v13 `game.keybindings`, rebindable in
 * Configure Controls), the scene-control buttons, and `game.system.api.blower`.
 * @module apps/blower/register
 */
import { BlowerPhone } from "./phone.mjs";
import { SatNav } from "./satnav.mjs";
import { inboxNow, refreshInbox } from "../../documents/blower/texts.mjs";
import { nowPlaying, stations, motorStation } from "../../documents/blower/radio.mjs";
import * as sources from "./sources.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";

/** v13 KeyboardManager.MODIFIER_KEYS.ALT is "Alt" (fvtt-types brands the value). */
const ALT = [/** @type {foundry.helpers.interaction.KeyboardManager.MODIFIER_KEYS} */ ("Alt")];

/** Register the Blower's keybindings (init; its settings are the documents' registerBlower); its scene controls are hooks. */
export function registerBlowerUI() {
  const precedence = CONST.KEYBINDING_PRECEDENCE.NORMAL;
  game.keybindings.register(SYSTEM_ID, "blower", { name: "SMOKE.Blower.keyPhone", hint: "SMOKE.Blower.keyPhoneHint",
    editable: [{ key: "KeyB", modifiers: ALT }], precedence,
    onDown: () => { BlowerPhone.toggle(); return true; } });
  game.keybindings.register(SYSTEM_ID, "satnav", { name: "SMOKE.Blower.keySatNav", hint: "SMOKE.Blower.keySatNavHint",
    editable: [{ key: "KeyN", modifiers: ALT }], precedence,
    onDown: () => { SatNav.toggle(); return true; } });
}

/** The Blower's and sat nav's buttons in the scene controls (registered by the entry with every feature's hooks). */
const hooks = {
  getSceneControlButtons: (/** @type {Record<string, foundry.applications.ui.SceneControls.Control>} */ controls) => {
    const tokens = controls.tokens ?? controls.token;
    if (!tokens?.tools) return;
    tokens.tools.smokeBlower = { name: "smokeBlower", title: "SMOKE.Blower.open", icon: "fa-solid fa-mobile-screen-button",
      button: true, order: 92, onChange: () => BlowerPhone.toggle() };
    tokens.tools.smokeSatNav = { name: "smokeSatNav", title: "SMOKE.Blower.SatNav.open", icon: "fa-solid fa-location-arrow",
      button: true, order: 93, onChange: () => SatNav.toggle() };
  }
};

/** `game.system.api.blower`: open the windows, read the phone's own stores, and the adapters it reads through. */
const blowerApi = {
  BlowerPhone, SatNav,
  open: (/** @type {Parameters<typeof BlowerPhone.open>[0]} */ options) => BlowerPhone.open(options),
  satnav: (/** @type {Parameters<typeof SatNav.open>[0]} */ options) => SatNav.open(options),
  texts: { inbox: inboxNow, refresh: refreshInbox },
  radio: { nowPlaying, stations, motorStation },
  sources
};

/**
 * The phone's manifest (documents/core/feature.mjs), registered by the entry: its scene controls and the Blower's api,
 * `game.system.api.blower` (it shares the id of the Blower's documents, documents/blower/blower.mjs).
 */
export const feature = { id: "blower", hooks, api: blowerApi };
