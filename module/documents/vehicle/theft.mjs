/**
 * Nicking a motor: the tools that ease its lock, and the theft or carjacking roll with its card (the GM's check of the
 * roll, which hands over the motor, is the `vehicle.theft` handler in ./requests.mjs).
 *
 * Rulebook: Getting a motor › Theft and recovery.
 * @module documents/vehicle/theft
 */
import { theftBand, theftCrime, theftOutcome, theftStats, toolEasing } from "../../rules/vehicles.mjs";
import { L, flagsOf, isVehicle, postCard, purposeRoll, sys } from "./common.mjs";
import { perform } from "./requests.mjs";

/**
 * @typedef {import("./common.mjs").Vehicle} Vehicle
 * @typedef {import("./common.mjs").Seat} Seat
 */

// -- theft -----------------------------------------------------------------------------------------------

/**
 * The tools a thief carries that ease this motor's lock, best first.
 * @param {Vehicle} vehicle @param {Actor.Implementation} thief
 * @returns {{item: Item.Implementation, bands: number, loud: boolean, olderCarOnly: boolean}[]}
 */
export function theftTools(vehicle, thief) {
  const s = sys(vehicle);
  const rows = [];
  for (const item of thief?.items ?? []) {
    const g = /** @type {any} */ (item.system);
    if (item.type !== "gear" || !g.lockEasing) continue;
    const plain = toolEasing(g, { lockKind: s.lockKind, olderCar: false });
    const older = toolEasing(g, { lockKind: s.lockKind, olderCar: true });
    if (!older) continue;
    rows.push({ item, bands: older, loud: g.noise === "loud", olderCarOnly: !plain });
  }
  return rows.sort((a, b) => b.bands - a.bands || Number(a.loud) - Number(b.loud));
}

/**
 * @typedef {object} TheftOptions
 * @property {boolean} [carjacking=false]  Carjacking with Muscle or Front instead of working the lock.
 * @property {"mus"|"frt"} [stat]  The carjacking stat (default Muscle).
 * @property {string|null} [toolId]  The gear item used (default: the best carried for this lock; "" for none).
 * @property {boolean} [olderCar=false]  The thief says it is an older car (a slim jim works).
 * @property {"easy"|"medium"|"hard"|"longShot"} [band]  A carjacking's band (default Medium; the GM may set another).
 * @property {boolean} [skipDialog=false]
 */

/**
 * Nick a motor (Getting a motor › Theft and recovery): Graft against the lock's band, eased by the tool's bands before
 * the TN is set; or a carjacking with Muscle or Front. A card says what the outcome does (the lock opens or holds;
 * somebody sees — a loud tool makes a Sorted or a Bad Luck seen —, the witnessed crime's Heat, lost time, a jammed
 * lock, no automatic police call for a docked hire bike). When the lock opens the thief's user is given ownership of
 * the motor (by the GM, who checks the roll: theirs, Graft against the lock's eased band, an opening outcome, used
 * once).
 * @param {Vehicle} vehicle
 * @param {Actor.Implementation} thief
 * @param {TheftOptions} [options]
 * @returns {Promise<{message: ChatMessage.Implementation, result: import("../../rules/vehicles.mjs").TheftResult,
 *   owner: boolean}|null>}  null when the dialog was closed or the roll could not be made (a warning says why).
 * @throws {Error} for a thief the user does not own, or a stat carjacking does not use.
 */
export async function rollTheft(vehicle, thief, { carjacking = false, stat = undefined, toolId = null, olderCar = false,
  band = "medium", skipDialog = false } = {}) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  if (!thief || isVehicle(thief)) throw new Error(L("SMOKE.Theft.notPerson"));
  if (!thief.isOwner) throw new Error(L("SMOKE.Request.notOwner", { name: thief.name }));
  const s = sys(vehicle);
  const allowed = theftStats(carjacking);
  const useStat = stat ?? allowed[0];
  if (!allowed.includes(useStat)) throw new Error(L("SMOKE.Theft.wrongStat", { stat: L(`SMOKE.Stat.${useStat}.name`) }));
  const tools = carjacking ? [] : theftTools(vehicle, thief);
  // theftTools lists the best first (rules/vehicles.mjs bestTool's order: most bands, a quiet one before a loud one).
  const tool = toolId === "" ? null : toolId ? thief.items.get(toolId) ?? null
    : tools.find(t => !t.olderCarOnly || olderCar)?.item ?? null;
  const lock = carjacking ? { band, base: band, eased: 0, loud: false }
    : theftBand({ lock: s.lock, lockKind: s.lockKind, olderCar, tool: /** @type {any} */ (tool?.system) ?? null });
  const theft = { vehicleUuid: vehicle.uuid, carjacking, toolId: tool?.id ?? "", olderCar: !!olderCar, loud: lock.loud,
    base: lock.base, band: lock.band };
  const message = await purposeRoll(thief, useStat, { tnSource: "band", band: lock.band }, { theft }, skipDialog);
  if (!message) return null;
  const check = flagsOf(message).check;
  const result = theftOutcome({ outcome: check.outcome, loud: lock.loud });
  const crime = theftCrime({ lockKind: s.lockKind, abilities: s.abilities, carjacking });
  let owner = false;
  let ownerLine = null;
  if (result.opens) {
    if (vehicle.isOwner && !game.user.isGM) {
      owner = true;
    } else {
      try {
        await perform("vehicle.theft", { messageId: message.id }, game.user.isGM);
        owner = true;
        ownerLine = L("SMOKE.Theft.keys", { user: game.user.name, vehicle: vehicle.name });
      } catch (err) {
        ownerLine = err.message;
      }
    }
  }
  const toolName = tool?.name ?? L("SMOKE.Theft.noTool");
  await postCard({ kind: "theft", speaker: thief, flags: { theftResult: { vehicleUuid: vehicle.uuid, ...result, crime: crime.key } },
    title: L(carjacking ? "SMOKE.Theft.carjackTitle" : "SMOKE.Theft.cardTitle", { actor: thief.name, vehicle: vehicle.name }),
    lines: [
      carjacking ? L("SMOKE.Theft.carjackBand", { stat: L(`SMOKE.Stat.${useStat}.name`), band: L(`SMOKE.Band.${lock.band}`) })
        : L("SMOKE.Theft.lockBand", { base: L(`SMOKE.Band.${lock.base}`), tool: toolName, band: L(`SMOKE.Band.${lock.band}`) }),
      lock.loud && L("SMOKE.Theft.loudTool", { tool: toolName }),
      L(result.opens ? (carjacking ? "SMOKE.Theft.carjacked" : "SMOKE.Theft.opens") : "SMOKE.Theft.holds"),
      result.seen ? L("SMOKE.Theft.seen", { crime: crime.name, stars: crime.stars }) : L("SMOKE.Theft.unseen"),
      result.seen && !crime.policeCall && L("SMOKE.Theft.noPoliceCall"),
      carjacking && L("SMOKE.Theft.carjackHeat"),
      result.costsTime && L("SMOKE.Theft.costsTime"),
      result.canJam && L("SMOKE.Theft.canJam"),
      result.opens && !carjacking && L("SMOKE.Theft.stillToStart"),
      ownerLine
    ] });
  return { message, result, owner };
}
