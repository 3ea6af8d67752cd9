/**
 * The motors' requests and hooks. Every write a user may not make themselves goes to the active GM through the request
 * channel (documents/requests.mjs: `vehicle.board`, `vehicle.leave`, `vehicle.lights`, `vehicle.theft`,
 * `vehicle.repair`, `vehicle.incident`); each handler re-derives what the requesting user may do from the documents
 * (they own the boarding actor, the roll's chat message is theirs and its check was the right one …) and throws a
 * localised Error to refuse. When the user owns everything a write touches, it runs on their own client through the
 * same handler. Also the registration: the handlers, the Board button on a motor token's HUD, the occupants' tokens
 * following the motor, empty seats for a copied motor, and `game.system.api.vehicles`.
 *
 * Rulebook: Getting a motor (Seats; Theft and recovery); Vehicle abilities; Fire, repairs and selling up › Repairs;
 * Skids, collisions and contact › Keep an incident record.
 * @module documents/vehicle/requests
 */
import {
  board, canRepair, incident as incidentEntry, leave, repair, repairCheck, theftBand, theftOutcome, theftStats
} from "../../rules/vehicles.mjs";
import { assertOwner, registerRequest, requestGM } from "../requests.mjs";
import {
  L, SYSTEM_ID, actorExists, actorFrom, isVehicle, postCard, purposeMessage, refusal, sys, vehicleFrom
} from "./common.mjs";
import {
  boardVehicle, canDrive, carry, driverOf, drop, leaveVehicle, occupantToken, occupantsOf, onMoveToken, promptBoard, riderOf,
  vehicleDrivenBy, vehicleOf
} from "./seats.mjs";
import { recordIncident, rollDriving, setAbilityOn } from "./driving.mjs";
import { rollTheft } from "./theft.mjs";
import { payGarage, rollRepair } from "./repair.mjs";

// ------------------------------------------------------------------------------------------------ writes

/** @type {Record<string, (user: User.Implementation, data: any) => Promise<any>>} */
const HANDLERS = {};

/**
 * Run a vehicle request: here, through its handler, when this user owns what it writes (or is the GM); otherwise on
 * the active GM.
 * @param {string} type @param {object} data @param {boolean} local
 */
export function perform(type, data, local) {
  return local || game.user.isGM ? HANDLERS[type](game.user, data) : requestGM(type, data);
}

// -- boarding and leaving -------------------------------------------------------------------------------

HANDLERS["vehicle.board"] = async (user, { vehicleUuid, actorId, seat = null, tokenId = "" }) => {
  const vehicle = vehicleFrom(vehicleUuid);
  const actor = actorFrom(actorId);
  if (isVehicle(actor)) throw new Error(L("SMOKE.Boarding.notPerson", { name: actor.name }));
  assertOwner(user, actor);
  if (!user.isGM && !vehicle.testUserPermission(user, "LIMITED")) {
    throw new Error(L("SMOKE.Boarding.refused.cannotSee", { vehicle: vehicle.name }));
  }
  const s = sys(vehicle);
  if (s.onFire || s.destroyed) throw new Error(L("SMOKE.Boarding.refused.burning", { vehicle: vehicle.name }));
  const elsewhere = vehicleOf(actor);
  if (elsewhere && elsewhere.vehicle.uuid !== vehicle.uuid) {
    throw new Error(L("SMOKE.Boarding.refused.aboardOther", { actor: actor.name, vehicle: elsewhere.vehicle.name }));
  }
  const token = occupantToken(vehicle, actor, tokenId);
  const result = board({ seats: s.seatList, occupants: s.occupants, actorId: /** @type {string} */ (actor.id), seat: seat || null,
    tokenId: token?.id ?? "", exists: actorExists });
  if (!result.ok) throw refusal(result, vehicle, actor);
  await vehicle.update(/** @type {any} */ ({ "system.occupants": result.occupants }));
  await carry(vehicle, token).catch(err => console.warn("The Smoke | could not hide a boarding token", err));
  return { seat: result.seat };
};

HANDLERS["vehicle.leave"] = async (user, { vehicleUuid, actorId, releaserId = null }) => {
  const vehicle = vehicleFrom(vehicleUuid);
  const actor = game.actors.get(actorId) ?? null;
  const releaser = releaserId ? actorFrom(releaserId) : null;
  if (releaser) assertOwner(user, releaser);
  const s = sys(vehicle);
  const entry = (s.occupants ?? []).find(o => o.actorId === actorId);
  // Anyone may let a caged rider out with one of their own people outside or in a front seat (checked by leave below).
  const releasing = !!releaser && !!s.seatList?.find(x => x.id === entry?.seat)?.caged;
  if (!user.isGM && !releasing && !(actor?.testUserPermission(user, "OWNER")) && !vehicle.testUserPermission(user, "OWNER")) {
    throw new Error(L("SMOKE.Request.notOwner", { name: actor?.name ?? vehicle.name }));
  }
  const result = leave({ seats: s.seatList, occupants: s.occupants, actorId, releaser: releaser?.id ?? null,
    gm: user.isGM, exists: actorExists });
  if (!result.ok) throw refusal(result, vehicle, actor);
  await vehicle.update(/** @type {any} */ ({ "system.occupants": result.occupants }));
  if (actor) await drop(vehicle, actor, entry?.tokenId ?? "").catch(err => console.warn("The Smoke | could not place a token", err));
  return { seat: result.seat };
};

// -- blue lights and incidents --------------------------------------------------------------------------

HANDLERS["vehicle.lights"] = async (user, { vehicleUuid, abilityId, on }) => {
  const vehicle = vehicleFrom(vehicleUuid);
  const s = sys(vehicle);
  if (!s.effects.switchable.includes(abilityId)) throw new Error(L("SMOKE.Vehicle.notSwitchable", { vehicle: vehicle.name }));
  const driver = driverOf(vehicle);
  if (!user.isGM && !vehicle.testUserPermission(user, "OWNER") && !driver?.testUserPermission(user, "OWNER")) {
    throw new Error(L("SMOKE.Vehicle.lightsRefused"));
  }
  const current = new Set(s.abilitiesOn ?? []);
  if (on) current.add(abilityId); else current.delete(abilityId);
  const list = [...current];
  await vehicle.update(/** @type {any} */ ({ "system.abilitiesOn": list }));
  return list;
};

HANDLERS["vehicle.incident"] = async (user, { vehicleUuid, entry }) => {
  const vehicle = vehicleFrom(vehicleUuid);
  const mayWrite = user.isGM || vehicle.testUserPermission(user, "OWNER")
    || occupantsOf(vehicle).some(o => o.actor.testUserPermission(user, "OWNER"));
  if (!mayWrite) throw new Error(L("SMOKE.Request.notOwner", { name: vehicle.name }));
  const normalised = incidentEntry(entry);
  await vehicle.update(/** @type {any} */ ({ "system.incidents": [...(sys(vehicle).incidents ?? []), normalised] }));
  return normalised;
};

// -- theft and repairs ----------------------------------------------------------------------------------

HANDLERS["vehicle.theft"] = async (user, { messageId }) => {
  const { message, check, purpose } = purposeMessage(user, messageId, "theft");
  const vehicle = vehicleFrom(purpose.vehicleUuid);
  const thief = actorFrom(check.actorId);
  assertOwner(user, thief);
  const s = sys(vehicle);
  if (!theftStats(!!purpose.carjacking).includes(check.stat)) {
    throw new Error(L("SMOKE.Theft.wrongStat", { stat: L(`SMOKE.Stat.${check.stat}.name`) }));
  }
  let loud = false;
  if (!purpose.carjacking) {
    const tool = purpose.toolId ? thief.items.get(purpose.toolId) ?? null : null;
    if (purpose.toolId && !tool) throw new Error(L("SMOKE.Theft.toolGone"));
    const expected = theftBand({ lock: s.lock, lockKind: s.lockKind, olderCar: !!purpose.olderCar,
      tool: /** @type {any} */ (tool?.system) ?? null });
    if (check.tnSource !== "band" || check.band !== expected.band) {
      throw new Error(L("SMOKE.Theft.wrongBand", { vehicle: vehicle.name, band: L(`SMOKE.Band.${expected.band}`) }));
    }
    loud = expected.loud;
  }
  if (!theftOutcome({ outcome: check.outcome, loud }).opens) throw new Error(L("SMOKE.Theft.notOpened"));
  await message.update({ [`flags.${SYSTEM_ID}.theft.applied`]: true });
  if (!user.isGM) await vehicle.update(/** @type {any} */ ({ [`ownership.${user.id}`]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER }));
  return { vehicleUuid: vehicle.uuid, owner: user.id };
};

HANDLERS["vehicle.repair"] = async (user, { messageId }) => {
  const { message, check, purpose } = purposeMessage(user, messageId, "repair");
  const vehicle = vehicleFrom(purpose.vehicleUuid);
  const repairer = actorFrom(check.actorId);
  assertOwner(user, repairer);
  const kit = purpose.kind === "toolkit" ? repairer.items.get(purpose.kitId) ?? null : null;
  const kitData = /** @type {any} */ (kit?.system)?.repair ?? null;
  if (purpose.kind === "toolkit" && !kitData) throw new Error(L("SMOKE.Repair.noKit", { actor: repairer.name }));
  const expected = repairCheck(purpose.kind, kitData);
  if (check.stat !== expected.stat || check.tnSource !== "band" || check.band !== expected.band) {
    throw new Error(L("SMOKE.Repair.wrongRoll", { stat: L(`SMOKE.Stat.${expected.stat}.name`), band: L(`SMOKE.Band.${expected.band}`) }));
  }
  const s = sys(vehicle);
  const state = { body: s.body.value, bodyMax: s.body.max, flatTyres: s.tyres.flat, patched: s.patched, destroyed: s.destroyed };
  const can = canRepair(purpose.kind, { ...state, mode: purpose.mode, fixesFlat: kitData ? kitData.fixesFlat : undefined,
    ...(purpose.kind === "patchUp" ? { body: 0 } : {}) });
  if (!can.ok && can.reason !== "noDamage") {
    throw new Error(L(`SMOKE.Repair.refused.${can.reason}`, { vehicle: vehicle.name, kit: kit?.name ?? "" }));
  }
  const result = repair(purpose.kind, { outcome: check.outcome, mode: purpose.mode, ...(kitData ? { repair: kitData } : {}), ...state });
  await message.update({ [`flags.${SYSTEM_ID}.repair.applied`]: true });
  await vehicle.update(/** @type {any} */ ({ "system.body.value": result.body, "system.tyres.flat": result.flatTyres,
    "system.patched": result.patched }));
  await postCard({ kind: "repair", speaker: repairer, flags: { repairResult: { vehicleUuid: vehicle.uuid, ...result } },
    title: L(`SMOKE.Repair.cardTitle.${purpose.kind}`, { actor: repairer.name, vehicle: vehicle.name }),
    lines: [
      !result.success && L("SMOKE.Repair.failed"),
      result.restored > 0 && L("SMOKE.Repair.restored", { vehicle: vehicle.name, n: result.restored, body: result.body, max: state.bodyMax }),
      result.success && !result.restored && !result.fixedFlat && L("SMOKE.Repair.nothingToRestore"),
      result.fixedFlat && L("SMOKE.Repair.fixedFlat", { flats: result.flatTyres }),
      result.cost && L("SMOKE.Repair.cost"),
      purpose.kind === "patchUp" && result.success && L("SMOKE.Repair.patchUsed")
    ] });
  return result;
};

// ------------------------------------------------------------------------------------------------ registration

/**
 * Register the vehicle requests on the request channel (`vehicle.board`, `vehicle.leave`, `vehicle.lights`,
 * `vehicle.theft`, `vehicle.repair`, `vehicle.incident`) and the vehicle hooks: the Board button on a motor token's
 * HUD (`renderTokenHUD`), the occupants' hidden tokens following the motor (`moveToken`), and empty seats for a copied
 * motor (`preCreateActor`, `preCreateToken`); and `game.system.api.vehicles` (these exports) at `setup`. Call once,
 * from `init`.
 */
export function registerVehicleRequests() {
  for (const [type, handler] of Object.entries(HANDLERS)) registerRequest(type, handler);
  const hooks = /** @type {any} */ (Hooks);
  hooks.on("renderTokenHUD", onRenderTokenHUD);
  // An occupant's actor deleted: open motor sheets show the seat vacant at once.
  hooks.on("deleteActor", () => {
    for (const actor of game.actors ?? []) if (isVehicle(actor) && actor.sheet?.rendered) actor.sheet.render();
  });
  hooks.on("moveToken", (tokenDoc, movement) => {
    onMoveToken(tokenDoc, movement).catch(err => console.warn("The Smoke | occupants did not follow the motor", err));
  });
  // For macros and the console: game.system.api.vehicles (the entry module sets game.system.api during init).
  Hooks.once("setup", () => {
    const api = /** @type {any} */ (game.system).api;
    if (api) api.vehicles = { occupantsOf, driverOf, vehicleOf, vehicleDrivenBy, riderOf, canDrive, boardVehicle, leaveVehicle,
      promptBoard, rollDriving, setAbilityOn, recordIncident, rollTheft, rollRepair, payGarage };
  });
  // A copy of a motor starts with empty seats: a duplicated actor, and a new unlinked token (its own synthetic actor)
  // of a motor someone boarded in the sidebar ("duplicates have independent seats").
  hooks.on("preCreateActor", (actor) => {
    if (isVehicle(actor) && sys(actor).occupants?.length) actor.updateSource({ "system.occupants": [] });
  });
  hooks.on("preCreateToken", (token) => {
    if (!token.actorLink && isVehicle(token.actor) && sys(token.actor).occupants?.length) {
      token.updateSource({ "delta.system.occupants": [] });
    }
  });
}

/**
 * The token HUD of a motor gets a Board button (v13: the HUD is an ApplicationV2 whose `document` is the
 * TokenDocument; the hook passes its HTMLElement).
 * @param {any} hud @param {HTMLElement|any} html
 */
function onRenderTokenHUD(hud, html) {
  const root = html instanceof HTMLElement ? html : html?.[0];
  const tokenDoc = hud?.document ?? hud?.object?.document;
  const vehicle = tokenDoc?.actor;
  if (!root || !isVehicle(vehicle) || root.querySelector("[data-smoke-board]")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "control-icon";
  button.dataset.smokeBoard = "";
  button.dataset.tooltip = L("SMOKE.Boarding.hud");
  button.setAttribute("aria-label", L("SMOKE.Boarding.hud"));
  button.innerHTML = '<i class="fa-solid fa-car-side" inert></i>';
  button.addEventListener("click", event => {
    event.preventDefault();
    promptBoard(vehicle, { tokenId: "" });
  });
  (root.querySelector(".col.right") ?? root).append(button);
}
