/**
 * A motor's entry in the catalogue: the vehicles compendium's document for the catalogue key the GM recorded when the
 * motor was made or imported (documents/core/record.mjs `recordedMotorKey`; a key its owner wrote later is never read).
 * Homebrew entries count: a homebrew folder's motors are built into the same pack. The printed record a catalogue
 * motor starts from when the GM adopts a world (documents/vehicle/print.mjs) is this entry's.
 *
 * Foundry-side only; no rules here.
 * @module documents/vehicle/catalogue
 */
import { CATALOGUE_IDS, SYSTEM_ID } from "../../generated/rules.mjs";
import { recordedMotorKey } from "../core/record.mjs";

/**
 * The stored data of the catalogue entry the GM recorded for a motor (its `_source`: name, system, flags …), or null
 * when the GM recorded no key (a motor made by hand) or the built packs hold no entry for it.
 * @param {Actor.Implementation} motor  A vehicle (an unlinked token's copy: its base actor's key).
 * @returns {Promise<Record<string, any>|null>}
 */
export async function catalogueEntry(motor) {
  const key = recordedMotorKey(motor).replace(/^vehicles\//, "");
  const id = key ? /** @type {Record<string, string>} */ (CATALOGUE_IDS.vehicles ?? {})[key] : undefined;
  const doc = /** @type {Actor.Implementation | null | undefined} */ (id ? await game.packs.get(`${SYSTEM_ID}.vehicles`)?.getDocument(id) : null);
  return doc ? doc._source ?? doc : null;
}
