/**
 * Swapping Spare Plates onto a motor (rulebook: Tools & gear › Spare Plates: "Swap them (Graft, Easy) and the police
 * scanner reads the new plate"; Getting a motor › Plate markers: "New plates or the abstract respray service change
 * that marker in the game"). The shape of a repair: the GM fixes the roll first (`vehicle.plates.issue`: the swapper's
 * own plates as the GM's kit record has them, the stat and band from the entry, the TN for the swapper's unboosted
 * dice) and applies it only from the claimed card (`vehicle.plates.claim`, documents/core/roll-claims.mjs): on a success the
 * plates leave the kit and the motor's plate gets a new marker (the Heat feature's hook `smoke.resprayed`, the same
 * reset a respray makes, documents/heat/units.mjs `plateChanged`), which ANPR reads clean.
 * @module documents/vehicle/plates
 */
import { plateSwapCheck, plateSwapResult } from "../../rules/police.mjs";
import { refuseCard, resolveTN } from "../core/check.mjs";
import { kitSystem } from "../core/kit-record.mjs";
import { requestGM } from "../core/requests.mjs";
import { claimRoll, issueRoll } from "../core/roll-claims.mjs";
import { L, isVehicle, personAtMotor, postCard, purposeRoll, vehicleFrom } from "./common.mjs";

/**
 * The Spare Plates an actor carries (gear with `plateSwap`), as the GM's kit record has them when `recorded`.
 * @param {Actor.Implementation|null|undefined} actor
 * @param {boolean} [recorded=false]
 * @returns {Item.Implementation[]}
 */
export function plateKits(actor, recorded = false) {
  if (!actor) return [];
  return actor.items.filter(i => i.type === "gear" && !!(/** @type {{plateSwap?: unknown}|null} */ (recorded ? kitSystem(i) : i.system))?.plateSwap);
}

/**
 * Swap Spare Plates onto a motor: the GM issues the check (Graft, Easy for the book's plates), the swapper rolls it
 * through the roll dialog, the GM applies the card once.
 * @param {Actor.Implementation} vehicle
 * @param {Actor.Implementation} swapper  Carries the plates; owned by the user.
 * @param {{skipDialog?: boolean}} [options]
 * @returns {Promise<{message: ChatMessage.Implementation, result: {newMarker: boolean, platesUsed: boolean}}|null>}
 *   null when refused (a warning says why) or the dialog was closed.
 */
export async function swapPlates(vehicle, swapper, { skipDialog = false } = {}) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  if (!swapper || isVehicle(swapper)) throw new Error(L("SMOKE.Plates.notPerson"));
  const kit = plateKits(swapper)[0];
  if (!kit) {
    ui.notifications.warn(L("SMOKE.Plates.noPlates", { actor: swapper.name ?? "" }));
    return null;
  }
  let issued;
  try {
    issued = await requestGM("vehicle.plates.issue", { vehicleUuid: vehicle.uuid, swapperUuid: swapper.uuid, kitId: kit.id });
  } catch (err) {
    ui.notifications.warn(err.message);
    return null;
  }
  const message = await purposeRoll(swapper, issued.stat, { tnSource: "band", band: issued.band },
    { rollId: issued.rollId, plates: { vehicleUuid: vehicle.uuid, kitId: issued.kitId } }, skipDialog, issued.situational);
  if (!message) return null;
  try {
    const result = await requestGM("vehicle.plates.claim", { rollId: issued.rollId, messageId: message.id });
    return { message, result };
  } catch (err) {
    return refuseCard(message, err.message);
  }
}

/** The plates a request names, as the GM's record has them: one the swapper carries. */
function platesFor(swapper, kitId) {
  const kit = kitId ? swapper.items.get(String(kitId)) ?? null : null;
  return kit && plateKits(swapper, true).includes(kit) ? kit : null;
}

/** GM: fix the swap's roll before it is made (the stat and band from the plates' entry; the TN for the swapper's dice). */
async function onPlatesIssue(user, { vehicleUuid, swapperUuid, kitId = "" }) {
  const { vehicle, actor: swapper } = personAtMotor(user, vehicleUuid, swapperUuid, "SMOKE.Plates.notPerson");
  const kit = platesFor(swapper, kitId);
  if (!kit) throw new Error(L("SMOKE.Plates.noPlates", { actor: swapper.name ?? "" }));
  const { stat, band } = plateSwapCheck(/** @type {GearSystem | null} */ (kitSystem(kit))); // plates are gear
  const tn = resolveTN(swapper, stat, { tnSource: "band", band: /** @type {SmokeBand} */ (band) }); // the entry's band id
  const { rollId, situational } = issueRoll(user, { purpose: "vehicle.plates", actor: swapper, stat, tn,
    key: `${vehicle.uuid}:plates`, context: { vehicleUuid: vehicle.uuid, kitId: kit.id } });
  return { rollId, tn, situational, stat, band, kitId: kit.id };
}

/** GM: apply a swap from its claimed card (once): a success uses the plates and gives the motor a new marker. */
async function onPlatesClaim(user, { rollId, messageId }) {
  const { roll, actor: swapper, check } = await claimRoll(user, { rollId, messageId, purpose: "vehicle.plates" });
  const ctx = roll.context;
  const vehicle = vehicleFrom(ctx.vehicleUuid);
  const kit = platesFor(swapper, ctx.kitId);
  if (!kit) throw new Error(L("SMOKE.Plates.noPlates", { actor: swapper.name ?? "" }));
  const result = plateSwapResult(check.margin);
  if (result.platesUsed) {
    const quantity = /** @type {GearSystem | null} */ (kitSystem(kit))?.quantity ?? 1;
    if (quantity > 1) await kit.update(/** @type {DottedUpdate<Item.UpdateData>} */ ({ "system.quantity": quantity - 1 }));
    else await kit.delete();
  }
  if (result.newMarker) Hooks.callAll("smoke.resprayed", vehicle);
  await postCard({ kind: "plates", speaker: swapper, flags: { platesResult: { vehicleUuid: vehicle.uuid, ...result } },
    title: L("SMOKE.Plates.cardTitle", { actor: swapper.name ?? "", vehicle: vehicle.name ?? "" }),
    lines: [result.newMarker ? L("SMOKE.Plates.swapped", { vehicle: vehicle.name ?? "" }) : L("SMOKE.Plates.failed")] });
  return result;
}

/** The GM's plate requests (registered by documents/vehicle/vehicle.mjs). */
export const requests = { "vehicle.plates.issue": onPlatesIssue, "vehicle.plates.claim": onPlatesClaim };
