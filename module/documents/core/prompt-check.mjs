/**
 * The one way a check's choices are made (rulebook: The roll; Before you throw the dice): the roll dialog, or — when
 * skipped by Shift-click or the client setting — the defaults with the fixed choices laid over them.
 * A module of its own because the roll dialog itself imports documents/core/check.mjs.
 * @module documents/prompt-check
 */
import { defaultChoices, SYSTEM_ID } from "./check.mjs";
import { RollDialog } from "../../apps/roll-dialog.mjs";

/**
 * Choose how to roll a check.
 * @param {Actor.Implementation} actor  A character or NPC.
 * @param {string} stat  Stat key.
 * @param {{initial?: object, vehicle?: {performance: number, handling: number, name?: string}|null, skipDialog?: boolean}} [options]
 *   `initial`: choices fixed or pre-set (a Guard TN, an opposed total, an Aim's step); `vehicle`: the driven motor.
 * @returns {Promise<import("./check.mjs").CheckChoices|null>} The choices, or null when the dialog was closed.
 */
export async function promptCheck(actor, stat, { initial = {}, vehicle = null, skipDialog = false } = {}) {
  const skip = skipDialog || game.settings.get(SYSTEM_ID, "skipRollDialog");
  if (skip) return /** @type {import("./check.mjs").CheckChoices} */ ({ ...defaultChoices(), ...initial });
  return RollDialog.prompt(actor, stat, { initial: initial, vehicle });
}
