/**
 * Repairing a motor: the repair kits an actor carries, the roadside patch or a Toolkit repair, and the garage bill. A
 * repair has the shape of a theft: the GM fixes the roll first (`vehicle.repair.issue`: the kind, the repairer's own
 * kit, its stat and band, the TN for the repairer's dice) and applies it only from the claimed card
 * (`vehicle.repair.claim`, documents/core/roll-claims.mjs); both handlers are declared here in {@link requests}.
 *
 * Rulebook: Fire, repairs and selling up › Repairs, Garage work.
 * @module documents/vehicle/repair
 */
import { canRepair, repair, repairCheck } from "../../rules/vehicles.mjs";
import { refuseCard, resolveTN } from "../core/check.mjs";
import { requestGM } from "../core/requests.mjs";
import { kindsOffering, placeFor } from "../money/places.mjs";
import { claimRoll, issueRoll } from "../core/roll-claims.mjs";
import { kitSystem } from "../core/kit-record.mjs";
import { L, isVehicle, personAtMotor, postCard, purposeRoll, vehicleFrom } from "./common.mjs";
import { conditionOf, writeCondition } from "./condition.mjs";
import { wreckOf } from "./wreck.mjs";

/**
 * @typedef {import("./common.mjs").Vehicle} Vehicle
 * @typedef {import("./common.mjs").Seat} Seat
 */

// -- repairs ---------------------------------------------------------------------------------------------

/**
 * The repair kits an actor carries (gear with `repair`), those that fix a flat first when `flat`.
 * @param {Actor.Implementation} actor
 * @param {boolean} [flat=false]
 * @returns {Item.Implementation[]}
 */
export function repairKits(actor, flat = false) {
  const kits = (actor?.items ?? []).filter(i => i.type === "gear" && !!(/** @type {GearSystem} */ (i.system).repair));
  return flat ? kits.filter(i => /** @type {GearSystem} */ (i.system).repair.fixesFlat) : kits;
}

/**
 * Repair a motor (Fire, repairs and selling up › Repairs): the roadside patch (Graft, Hard: 2 Body, 4 on a strong
 * result, once until a garage) or a Toolkit repair (the kit's own band, Medium for the Toolkit: Sorted 2, Smashed It 4,
 * Legendary all; or one flat tyre). One roll applies exactly one entry: the kind is fixed before the roll and the roll
 * is used once. The GM fixes the roll before it is made and applies it from the card, always.
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
  const kit = kind === "toolkit" ? (kitId ? repairer.items.get(kitId) : repairKits(repairer, mode === "flat")[0]) ?? null : null;
  if (kind === "toolkit" && !kit) {
    ui.notifications.warn(L("SMOKE.Repair.noKit", { actor: repairer.name }));
    return null;
  }
  const kitData = /** @type {SmokeItemSystem} */ (kit?.system)?.repair ?? null;
  const can = canRepair(kind, { ...stateOf(vehicle), mode, fixesFlat: kitData ? kitData.fixesFlat : undefined });
  if (!can.ok) {
    ui.notifications.warn(L(`SMOKE.Repair.refused.${can.reason}`, { vehicle: vehicle.name, kit: kit?.name ?? "" }));
    return null;
  }
  let issued;
  try {
    issued = await requestGM("vehicle.repair.issue", { vehicleUuid: vehicle.uuid, repairerUuid: repairer.uuid, kind, mode,
      kitId: kit?.id ?? "" });
  } catch (err) {
    ui.notifications.warn(err.message);
    return null;
  }
  const message = await purposeRoll(repairer, issued.stat, { tnSource: "band", band: issued.band },
    { rollId: issued.rollId, repair: { vehicleUuid: vehicle.uuid, kind, mode, kitId: issued.kitId } }, skipDialog,
    issued.situational);
  if (!message) return null;
  try {
    const result = await requestGM("vehicle.repair.claim", { rollId: issued.rollId, messageId: message.id });
    return { message, result };
  } catch (err) {
    return refuseCard(message, err.message);
  }
}

// -- the GM's handlers ----------------------------------------------------------------------------------

/**
 * The repair kit a request names: gear with `repair` the repairer carries on the GM's record of their kit
 * (documents/core/kit-record.mjs), with the recorded numbers (a Toolkit's amounts its owner rewrote are never read).
 * @param {Actor.Implementation} repairer
 * @param {string} kind
 * @param {string} kitId
 * @returns {{id: string, name: string, repair: any}|null}
 */
function kitFor(repairer, kind, kitId) {
  if (kind !== "toolkit") return null;
  const item = kitId ? repairer.items.get(kitId) ?? null : null;
  const data = item?.type === "gear" ? kitSystem(item) : null;
  return item && data?.repair ? { id: /** @type {string} */ (item.id), name: item.name ?? "", repair: data.repair } : null;
}

/**
 * The motor's state for the repair rules: the GM's records of its condition and fire (documents/vehicle/condition.mjs,
 * wreck.mjs), never what its owner wrote on the sheet (Body typed back up, the patch's "once" unticked).
 * @param {Actor.Implementation} vehicle
 */
function stateOf(vehicle) {
  const c = conditionOf(vehicle);
  const w = wreckOf(vehicle);
  return { body: c.body, bodyMax: c.bodyMax, flatTyres: c.flatTyres, patched: c.patched, destroyed: w.destroyed, onFire: w.onFire };
}

/**
 * GM: fix a repair roll before it is made: the repairer is the requester's, the kit one they carry, the repair one the
 * motor can have; the stat and band from the kind and kit; the TN for the repairer's unboosted dice.
 */
async function onRepairIssue(user, { vehicleUuid, repairerUuid, kind, mode = "body", kitId = "" }) {
  const { vehicle, actor: repairer } = personAtMotor(user, vehicleUuid, repairerUuid, "SMOKE.Repair.notPerson");
  if (kind !== "patchUp" && kind !== "toolkit") throw new Error(L("SMOKE.Request.missing"));
  const useMode = mode === "flat" ? "flat" : "body";
  const kit = kitFor(repairer, kind, kitId);
  if (kind === "toolkit" && !kit) throw new Error(L("SMOKE.Repair.noKit", { actor: repairer.name }));
  const kitData = kit?.repair ?? null;
  const can = canRepair(kind, { ...stateOf(vehicle), mode: useMode, fixesFlat: kitData ? kitData.fixesFlat : undefined });
  if (!can.ok) throw new Error(L(`SMOKE.Repair.refused.${can.reason}`, { vehicle: vehicle.name, kit: kit?.name ?? "" }));
  const { stat, band } = repairCheck(kind, kitData);
  const tn = resolveTN(repairer, stat, { tnSource: "band", band });
  // One live repair roll per repairer, motor and kind of repair: asking again (another kit) returns it.
  const { rollId, situational } = issueRoll(user, { purpose: "vehicle.repair", actor: repairer, stat, tn,
    key: `${vehicle.uuid}:${kind}:${useMode}`, context: { vehicleUuid: vehicle.uuid, kind, mode: useMode, kitId: kit?.id ?? "" } });
  return { rollId, tn, situational, stat, band, kitId: kit?.id ?? "" };
}

/** GM: apply a repair from its claimed card (once), from the card's own roll; the motor's state read now. */
async function onRepairClaim(user, { rollId, messageId }) {
  const { roll, actor: repairer, check } = await claimRoll(user, { rollId, messageId, purpose: "vehicle.repair" });
  const ctx = roll.context;
  const vehicle = vehicleFrom(ctx.vehicleUuid);
  const kit = kitFor(repairer, ctx.kind, ctx.kitId);
  if (ctx.kind === "toolkit" && !kit) throw new Error(L("SMOKE.Repair.noKit", { actor: repairer.name }));
  const kitData = kit?.repair ?? null;
  const { onFire, ...state } = stateOf(vehicle);
  const can = canRepair(ctx.kind, { ...state, onFire, mode: ctx.mode, fixesFlat: kitData ? kitData.fixesFlat : undefined,
    ...(ctx.kind === "patchUp" ? { body: 0 } : {}) });
  if (!can.ok && can.reason !== "noDamage") {
    throw new Error(L(`SMOKE.Repair.refused.${can.reason}`, { vehicle: vehicle.name, kit: kit?.name ?? "" }));
  }
  const result = repair(ctx.kind, { outcome: /** @type {SmokeOutcome} */ (check.outcome), mode: ctx.mode, ...(kitData ? { repair: kitData } : {}), ...state });
  await writeCondition(vehicle, { body: result.body, flatTyres: result.flatTyres, patched: result.patched });
  await postCard({ kind: "repair", speaker: repairer, flags: { repairResult: { vehicleUuid: vehicle.uuid, ...result } },
    title: L(`SMOKE.Repair.cardTitle.${ctx.kind}`, { actor: repairer.name, vehicle: vehicle.name }),
    lines: [
      !result.success && L("SMOKE.Repair.failed"),
      result.restored > 0 && L("SMOKE.Repair.restored", { vehicle: vehicle.name, n: result.restored, body: result.body, max: state.bodyMax }),
      result.success && !result.restored && !result.fixedFlat && L("SMOKE.Repair.nothingToRestore"),
      result.fixedFlat && L("SMOKE.Repair.fixedFlat", { flats: result.flatTyres }),
      result.cost && L("SMOKE.Repair.cost"),
      ctx.kind === "patchUp" && result.success && L("SMOKE.Repair.patchUsed")
    ] });
  return result;
}

/** The GM's repair requests (registered by documents/vehicle/vehicle.mjs). */
export const requests = { "vehicle.repair.issue": onRepairIssue, "vehicle.repair.claim": onRepairClaim };

/**
 * Take a motor to a garage (Fire, repairs and selling up › Garage work): £10 per missing Body and £60 per flat tyre
 * from the payer's pocket; the motor gets full Body, no flats, and the roadside patch back. It runs on the active GM
 * (`service.garage`, documents/money/services.mjs), which checks the payer's token is at the garage the request
 * names (the one this client sees them at; a GM's own request may be anywhere), the owner, the bill and the cash. A
 * destroyed shell is the GM's business, and a burning motor is refused ("A vehicle at 0 Body catches fire … Everyone
 * must get out": it explodes before any garage works on it).
 * @param {Vehicle} vehicle
 * @param {Actor.Implementation} payer  A character with pocket cash.
 * @returns {Promise<{pounds: number}>}  pounds: whole pounds paid.
 * @throws {Error} in words: not at a garage, not the owner, nothing to do, a destroyed shell, a burning motor, not
 *   enough cash.
 */
export async function payGarage(vehicle, payer) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  if (!vehicle.isOwner || !payer?.isOwner) throw new Error(L("SMOKE.Repair.garageOwner"));
  return requestGM("service.garage", { actorUuid: payer.uuid, motorUuid: vehicle.uuid,
    regionUuid: placeFor(payer, kindsOffering(o => o.services.includes("garage"))) });
}
