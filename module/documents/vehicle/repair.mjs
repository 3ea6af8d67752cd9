/**
 * Repairing a motor: the repair kits an actor carries, the roadside patch or a Toolkit repair (the GM's check of the
 * roll is the `vehicle.repair` handler in ./requests.mjs), and the garage bill.
 *
 * Rulebook: Fire, repairs and selling up › Repairs, Garage work.
 * @module documents/vehicle/repair
 */
import { canRepair, garageBill, repairCheck } from "../../rules/vehicles.mjs";
import { L, isVehicle, postCard, purposeRoll, sys } from "./common.mjs";
import { perform } from "./requests.mjs";

/**
 * @typedef {import("./common.mjs").Vehicle} Vehicle
 * @typedef {import("./common.mjs").Seat} Seat
 */

// -- repairs ---------------------------------------------------------------------------------------------

/**
 * The repair kits an actor carries (gear with `repair`), those that fix a flat first when `flat`.
 * @param {Actor.Implementation} actor @param {boolean} [flat=false]
 * @returns {Item.Implementation[]}
 */
export function repairKits(actor, flat = false) {
  const kits = (actor?.items ?? []).filter(i => i.type === "gear" && /** @type {any} */ (i.system).repair);
  return flat ? kits.filter(i => /** @type {any} */ (i.system).repair.fixesFlat) : kits;
}

/**
 * Repair a motor (Fire, repairs and selling up › Repairs): the roadside patch (Graft, Hard: 2 Body, 4 on a strong
 * result, once until a garage) or a Toolkit repair (the kit's own band, Medium for the Toolkit: Sorted 2, Smashed It 4,
 * Legendary all; or one flat tyre). One roll applies exactly one entry: the kind is fixed before the roll and the roll
 * is used once. The motor's owner applies it; anyone else's roll goes to the GM, who checks it.
 * @param {Vehicle} vehicle
 * @param {Actor.Implementation} repairer  In or beside the motor; owned by the user.
 * @param {{kind: "patchUp"|"toolkit", mode?: "body"|"flat", kitId?: string|null, skipDialog?: boolean}} options
 * @returns {Promise<{message: ChatMessage.Implementation, result: import("../../rules/vehicles.mjs").RepairResult}|null>}
 *   null when refused before the roll (a warning says why: nothing to repair, the patch used, no kit …), the dialog was
 *   closed, or the GM refused (a warning says why).
 */
export async function rollRepair(vehicle, repairer, { kind, mode = "body", kitId = null, skipDialog = false }) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  if (!repairer || isVehicle(repairer)) throw new Error(L("SMOKE.Repair.notPerson"));
  if (!repairer.isOwner) throw new Error(L("SMOKE.Request.notOwner", { name: repairer.name }));
  const s = sys(vehicle);
  const kit = kind === "toolkit" ? (kitId ? repairer.items.get(kitId) : repairKits(repairer, mode === "flat")[0]) ?? null : null;
  if (kind === "toolkit" && !kit) {
    ui.notifications.warn(L("SMOKE.Repair.noKit", { actor: repairer.name }));
    return null;
  }
  const kitData = /** @type {any} */ (kit?.system)?.repair ?? null;
  const can = canRepair(kind, { body: s.body.value, bodyMax: s.body.max, flatTyres: s.tyres.flat, patched: s.patched,
    destroyed: s.destroyed, onFire: s.onFire, mode, fixesFlat: kitData ? kitData.fixesFlat : undefined });
  if (!can.ok) {
    ui.notifications.warn(L(`SMOKE.Repair.refused.${can.reason}`, { vehicle: vehicle.name, kit: kit?.name ?? "" }));
    return null;
  }
  const { stat, band } = repairCheck(kind, kitData);
  const message = await purposeRoll(repairer, stat, { tnSource: "band", band },
    { repair: { vehicleUuid: vehicle.uuid, kind, mode, kitId: kit?.id ?? "" } }, skipDialog);
  if (!message) return null;
  try {
    const result = await perform("vehicle.repair", { messageId: message.id }, vehicle.isOwner);
    return { message, result };
  } catch (err) {
    ui.notifications.warn(err.message);
    return null;
  }
}

/**
 * Take a motor to a garage (Fire, repairs and selling up › Garage work): £10 per missing Body and £60 per flat tyre
 * from the payer's pocket; the motor gets full Body, no flats, and the roadside patch back. The motor's owner (paying
 * with a character they own) or the GM. A destroyed shell is the GM's business, not a garage bill.
 * @param {Vehicle} vehicle
 * @param {Actor.Implementation} payer  A character with pocket cash.
 * @returns {Promise<{pounds: number}>}  pounds: whole pounds paid.
 * @throws {Error} in words: not the owner, nothing to do, a destroyed shell, not enough cash.
 */
export async function payGarage(vehicle, payer) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  if (!vehicle.isOwner || !payer?.isOwner) throw new Error(L("SMOKE.Repair.garageOwner"));
  const s = sys(vehicle);
  if (s.destroyed) throw new Error(L("SMOKE.Repair.refused.destroyed", { vehicle: vehicle.name }));
  const bill = garageBill({ body: s.body.value, bodyMax: s.body.max, flatTyres: s.tyres.flat });
  if (!bill.pounds && !s.patched) throw new Error(L("SMOKE.Repair.garageNothing", { vehicle: vehicle.name }));
  const cash = /** @type {any} */ (payer.system).cash?.pocket;
  if (typeof cash !== "number" || cash < bill.pounds) {
    throw new Error(L("SMOKE.Repair.tooPoor", { payer: payer.name, cash: cash ?? 0, pounds: bill.pounds }));
  }
  if (bill.pounds) await payer.update(/** @type {any} */ ({ "system.cash.pocket": cash - bill.pounds }));
  await vehicle.update(/** @type {any} */ ({ "system.body.value": s.body.max, "system.tyres.flat": 0, "system.patched": false }));
  await postCard({ kind: "garage", speaker: payer, title: L("SMOKE.Repair.garageTitle", { vehicle: vehicle.name }),
    lines: [L("SMOKE.Repair.garagePaid", { payer: payer.name, pounds: bill.pounds, vehicle: vehicle.name, max: s.body.max })] });
  return { pounds: bill.pounds };
}
