/**
 * The Smoke's in-world tests for the Quench module (github Ethaks/FVTT-Quench): imported by the entry's
 * `quenchReady` hook only, so nothing here loads without Quench. One batch per area; each file exports `key`,
 * `displayName` and `register(context)` (Quench's batch function: Mocha's describe/it/before/after, Chai's
 * assert/expect). The quench layer sits above the entry: it may import anything in module/, nothing imports it.
 */
import * as checks from "./checks.mjs";
import * as creator from "./creator.mjs";
import * as combat from "./combat.mjs";
import * as chase from "./chase.mjs";
import * as heat from "./heat.mjs";
import * as money from "./money.mjs";
import * as shifts from "./shifts.mjs";
import * as blower from "./blower.mjs";
import * as gmScreen from "./gm-screen.mjs";
import * as exitStrips from "./exit-strips.mjs";
import * as streetControl from "./street-control.mjs";
import * as missions from "./missions.mjs";
import * as worldCheck from "./world-check.mjs";

/** Every batch, in the order Quench lists them. */
export const BATCHES = [checks, creator, combat, chase, heat, money, shifts, blower, exitStrips, gmScreen, streetControl, missions,
  worldCheck];

/** Register every batch with Quench (`quench` is the instance the quenchReady hook passes). */
export function registerBatches(quench) {
  for (const batch of BATCHES) quench.registerBatch(batch.key, batch.register, { displayName: batch.displayName });
}
