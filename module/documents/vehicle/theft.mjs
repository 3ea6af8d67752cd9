/**
 * Nicking a motor: the tools that ease its lock, and the theft or carjacking roll with its card. The GM fixes the
 * roll before it is made (`vehicle.theft.issue`: the lock's band — a Bike Lock's when the bike is locked with one,
 * documents/vehicle/bike-lock.mjs — eased by the thief's own tool as the GM's record of their kit has it
 * (documents/core/kit-record.mjs; an item or a number the player wrote on the sheet is never read), the TN for the
 * thief's dice) and applies it only from the claimed card (`vehicle.theft.claim`: the outcome re-derived from the
 * card's own roll, documents/core/roll-claims.mjs), handing over the motor — the GM's write — and cutting the Bike
 * Lock. The card says what the motor still needs: a hotwire, or nothing with a Key Programmer (it "starts clean").
 * Both handlers are declared here in {@link requests}.
 *
 * Rulebook: Getting a motor › Theft and recovery; Tools & gear (the tools, Key Programmer, Bike Lock).
 * @module documents/vehicle/theft
 */
import { theftBand, theftCrime, theftOutcome, theftStart, theftStats, toolEasing, toolFit } from "../../rules/vehicles.mjs";
import { refuseCard, resolveTN } from "../core/check.mjs";
import { kitSystem } from "../core/kit-record.mjs";
import { bikeLockOf, cutBikeLock } from "./lock-store.mjs";
import { requestGM } from "../core/requests.mjs";
import { isRecorded } from "../core/token-actors.mjs";
import { claimRoll, issueRoll } from "../core/roll-claims.mjs";
import { L, isVehicle, personAtMotor, postCard, purposeRoll, vehicleFrom } from "./common.mjs";
import { printedOf } from "./print.mjs";
import { ownActorFor } from "./promote.mjs";
import { BANDS } from "../../generated/rules.mjs";

/**
 * @typedef {import("./common.mjs").Vehicle} Vehicle
 * @typedef {import("./common.mjs").Seat} Seat
 */

// -- theft -----------------------------------------------------------------------------------------------

/**
 * The gear data the GM counts for a thief's item: the GM's record of it (documents/core/kit-record.mjs kitSystem),
 * with at least one carried; null for an item the GM has no record of or that is not gear.
 * @param {Item.Implementation|null|undefined} item
 * @returns {Record<string, any>|null}
 */
function recordedGear(item) {
  const g = item?.type === "gear" ? kitSystem(item) : null;
  return g && Number(g.quantity ?? 1) >= 1 ? g : null;
}

/**
 * The tools a thief carries that ease this motor's lock, best first: the thief's gear as the GM recorded it (an item
 * the GM has no record of, or a number a player wrote on it, never counts).
 * @param {Vehicle} vehicle
 * @param {Actor.Implementation} thief
 * @returns {{item: Item.Implementation, bands: number, loud: boolean, olderCarOnly: boolean}[]}
 */
export function theftTools(vehicle, thief) {
  const s = printedOf(vehicle); // the lock kind on the GM's printed record (documents/vehicle/print.mjs)
  const rows = [];
  for (const item of thief?.items ?? []) {
    const g = recordedGear(item);
    if (!g?.lockEasing) continue;
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
 * @property {boolean} [olderCar=false]  It is an older car (a slim jim works): the GM's call, so only a GM's request
 *   counts it.
 * @property {"easy"|"medium"|"hard"|"longShot"} [band]  A carjacking's band (default Medium; only a GM sets another).
 * @property {boolean} [skipDialog=false]
 */

/**
 * Nick a motor (Getting a motor › Theft and recovery): Graft against the lock's band, eased by the tool's bands before
 * the TN is set; or a carjacking with Muscle or Front. The GM fixes the band and TN first (from the motor's lock and
 * the thief's own tool); the thief rolls; the GM reads the outcome from the card's own roll and, when the lock opens,
 * gives the thief's user ownership of the motor (an unlinked token's copy first becomes a world motor). A card says
 * what the outcome does (the lock opens or holds; somebody sees — a loud tool makes a Sorted or a Bad Luck seen —, the
 * witnessed crime's Heat, lost time, a jammed lock, no automatic police call for a docked hire bike).
 * @param {Vehicle} vehicle
 * @param {Actor.Implementation} thief
 * @param {TheftOptions} [options]
 * @returns {Promise<{message: ChatMessage.Implementation, result: import("../../rules/vehicles.mjs").TheftResult,
 *   owner: boolean, vehicleUuid: string}|null>}  null when the dialog was closed or the roll could not be made (a
 *   warning says why). `vehicleUuid`: the motor now — an unlinked token's copy handed to the thief is a world actor
 *   of its own (documents/vehicle/promote.mjs).
 * @throws {Error} for a thief the user does not own, a stat carjacking does not use, or the GM's refusal.
 */
export async function rollTheft(vehicle, thief, { carjacking = false, stat = undefined, toolId = null, olderCar = false,
  band = "medium", skipDialog = false } = {}) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  if (!thief || isVehicle(thief)) throw new Error(L("SMOKE.Theft.notPerson"));
  if (!thief.isOwner) throw new Error(L("SMOKE.Request.notOwner", { name: thief.name }));
  const allowed = theftStats(carjacking);
  const useStat = stat ?? allowed[0];
  if (!allowed.includes(useStat)) throw new Error(L("SMOKE.Theft.wrongStat", { stat: L(`SMOKE.Stat.${useStat}.name`) }));
  const issued = await requestGM("vehicle.theft.issue", { vehicleUuid: vehicle.uuid, thiefUuid: thief.uuid, carjacking: !!carjacking,
    stat: useStat, toolId, olderCar: !!olderCar, band });
  const theft = { vehicleUuid: vehicle.uuid, carjacking: !!carjacking, toolId: issued.toolId, loud: issued.loud,
    base: issued.base, band: issued.band };
  const message = await purposeRoll(thief, useStat, { tnSource: "band", band: issued.band },
    { rollId: issued.rollId, theft }, skipDialog, issued.situational);
  if (!message) return null;
  const claimed = await requestGM("vehicle.theft.claim", { rollId: issued.rollId, messageId: message.id })
    .catch(async err => {
      await refuseCard(message, err.message, { notify: false });
      throw err;
    });
  // The GM posts the result card, then asks about the crime (onTheftClaim): the card comes first, and is the GM's.
  const result = claimed.result;
  return { message, result, owner: !!claimed.owner, vehicleUuid: String(claimed.vehicleUuid ?? vehicle.uuid) };
}

// -- the GM's handlers ----------------------------------------------------------------------------------

/**
 * A player may nick a motor only where what they would be handed is the GM's to hand over: not a world motor that
 * stands on a map as unlinked tokens (each token's copy takes its ownership from it, so the thief would own copies
 * whose numbers they could then write), and not a token's copy the GM never placed (documents/core/token-actors.mjs)
 * or that a player owns already (its numbers may be theirs). The GM's own requests are not limited.
 * @param {User.Implementation} user
 * @param {Vehicle} vehicle
 * @throws {Error} with the reason.
 */
function assertStealable(user, vehicle) {
  if (user.isGM) return;
  if (!vehicle.isToken) {
    const copies = (game.scenes ?? []).some(s => s.tokens.some(t => t.actorId === vehicle.id && !t.actorLink));
    if (copies) throw new Error(L("SMOKE.Theft.template", { vehicle: vehicle.name ?? "" }));
    return;
  }
  const playerOwned = game.users.some(u => !u.isGM && vehicle.testUserPermission(u, "OWNER"));
  if (!isRecorded(vehicle.token) || playerOwned) throw new Error(L("SMOKE.Theft.notTheGms", { vehicle: vehicle.name ?? "" }));
}

/**
 * GM: fix a theft roll before it is made. The thief is the requester's; the tool is one the thief carries that eases
 * this lock (the best by default); the band is the motor's lock eased by it (a carjacking: Medium, or the GM's band);
 * the TN is that band's for the thief's unboosted dice.
 */
async function onTheftIssue(user, { vehicleUuid, thiefUuid, carjacking = false, stat, toolId = null, olderCar = false,
  band = "medium" }) {
  const { vehicle, actor: thief } = personAtMotor(user, vehicleUuid, thiefUuid, "SMOKE.Theft.notPerson");
  assertStealable(user, vehicle);
  const allowed = theftStats(!!carjacking);
  const useStat = stat ?? allowed[0];
  if (!allowed.includes(useStat)) throw new Error(L("SMOKE.Theft.wrongStat", { stat: L(`SMOKE.Stat.${useStat}.name`) }));
  const s = printedOf(vehicle); // the lock band and kind on the GM's printed record, never the sheet's
  const older = !!olderCar && user.isGM;
  /** @type {{band: SmokeBand, base: SmokeBand, loud: boolean, locked?: boolean}} */
  let lock;
  let tool = null;
  if (carjacking) {
    const bands = BANDS;
    const chosen = /** @type {SmokeBand} */ (user.isGM && bands.includes(band) ? band : "medium"); // one of BANDS
    lock = { band: chosen, base: chosen, loud: false };
  } else {
    if (toolId === "") tool = null;
    else if (toolId) {
      // Refused with the reason that holds: not carried, not a tool for this lock, or for an older car only (the GM's say).
      tool = thief.items.get(toolId) ?? null;
      if (!tool) throw new Error(L("SMOKE.Theft.toolGone"));
      if (tool.type === "gear" && !recordedGear(tool)) throw new Error(L("SMOKE.Theft.toolNotRecorded", { tool: tool.name }));
      const fit = toolFit(recordedGear(tool), { lockKind: s.lockKind, olderCar: older });
      if (fit !== "fits") throw new Error(L(`SMOKE.Theft.toolRefused.${fit}`, { tool: tool.name, vehicle: vehicle.name }));
    } else tool = theftTools(vehicle, thief).find(t => !t.olderCarOnly || older)?.item ?? null;
    // A bike locked with a Bike Lock: the lock's band (the GM's record of the lock, documents/vehicle/bike-lock.mjs).
    const bikeLock = bikeLockOf(vehicle);
    lock = theftBand({ lock: s.lock, lockKind: s.lockKind, olderCar: older, tool: recordedGear(tool),
      bikeLock: /** @type {SmokeBand | null} */ (bikeLock?.band ?? null) });
  }
  const tn = resolveTN(thief, useStat, { tnSource: "band", band: lock.band });
  // One live theft roll per thief and motor: asking again (another tool, a carjacking) returns it.
  const { rollId, situational } = issueRoll(user, { purpose: "vehicle.theft", actor: thief, stat: useStat, tn, key: vehicle.uuid,
    context: { vehicleUuid: vehicle.uuid, carjacking: !!carjacking, loud: !!lock.loud, stat: useStat, base: lock.base,
      band: lock.band, toolName: tool?.name ?? "", startsClean: recordedGear(tool)?.startsClean === true,
      bikeLocked: !!lock.locked } });
  return { rollId, tn, situational, band: lock.band, base: lock.base, loud: !!lock.loud, toolId: tool?.id ?? "", toolName: tool?.name ?? "" };
}

/**
 * A motor's lock kind and abilities on the GM's printed record (which crime a theft is: rules/vehicles.mjs theftCrime).
 * @param {Vehicle} vehicle
 * @returns {{lockKind: string, abilities: string[]}}
 */
function lockAndAbilities(vehicle) {
  const p = printedOf(vehicle);
  return { lockKind: p.lockKind, abilities: p.abilities };
}

/**
 * GM: apply a theft roll from its claimed card (once): the outcome from the card's own roll against the TN fixed at
 * issue; when the lock opens, the requester gets ownership of the motor.
 */
async function onTheftClaim(user, { rollId, messageId }) {
  const { roll, check } = await claimRoll(user, { rollId, messageId, purpose: "vehicle.theft" });
  const ctx = roll.context;
  let vehicle = vehicleFrom(ctx.vehicleUuid);
  const result = theftOutcome({ outcome: /** @type {SmokeOutcome} */ (check.outcome), loud: !!ctx.loud });
  let owner = user.isGM || vehicle.testUserPermission(user, "OWNER");
  let handed = false;
  // The Bike Lock is cut when the lock opens (the GM's record of it goes: the bike is free to ride).
  if (result.opens && ctx.bikeLocked) await cutBikeLock(vehicle);
  if (result.opens && !owner) {
    assertStealable(user, vehicle); // again: a copy may have changed hands since the roll was issued
    // A motor on the map as an unlinked token's copy becomes a world motor first, so its numbers stay the GM's record.
    vehicle = await ownActorFor(vehicle);
    await vehicle.update({ [`ownership.${user.id}`]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER });
    owner = handed = true;
  }
  await postTheftCard(vehicle, /** @type {Actor.Implementation | null} */ (fromUuidSync(/** @type {`Actor.${string}`} */ (roll.actorUuid))), ctx, result, handed ? user.name : null);
  // Heat (documents/heat/heat.mjs): a motor nicked is a crime the GM is asked about, once for this roll — after the
  // theft's card, so the crime card follows the theft it is about.
  if (result.opens) {
    Hooks.callAll("smoke.crime", { actorUuid: roll.actorUuid, motorUuid: vehicle.uuid, actId: `theft:${rollId}`, witnessed: !!result.seen,
      crime: theftCrime({ ...lockAndAbilities(vehicle), carjacking: !!ctx.carjacking }).key });
  }
  return { result, owner: result.opens && owner, handed, outcome: check.outcome, total: check.total, vehicleUuid: vehicle.uuid };
}

/**
 * GM: the theft's result card (what the outcome does), spoken by the thief.
 * @param {any} vehicle
 * @param {any} thief
 * @param {{carjacking: boolean, loud: boolean, stat: string, base: string, band: string, toolName: string,
 *   startsClean?: boolean, bikeLocked?: boolean}} ctx  The issued roll's context.
 * @param {import("../../rules/vehicles.mjs").TheftResult} result
 * @param {string|null} handedTo  The user given the keys, or null.
 * @returns {Promise<unknown>}
 */
function postTheftCard(vehicle, thief, ctx, result, handedTo) {
  const carjacking = !!ctx.carjacking;
  const crime = theftCrime({ ...lockAndAbilities(vehicle), carjacking });
  const toolName = ctx.toolName || L("SMOKE.Theft.noTool");
  const start = theftStart({ opens: result.opens, carjacking, tool: { startsClean: !!ctx.startsClean } });
  return postCard({ kind: "theft", speaker: thief, flags: { theftResult: { vehicleUuid: vehicle.uuid, ...result, crime: crime.key } },
    title: L(carjacking ? "SMOKE.Theft.carjackTitle" : "SMOKE.Theft.cardTitle", { actor: thief.name, vehicle: vehicle.name }),
    lines: [
      carjacking ? L("SMOKE.Theft.carjackBand", { stat: L(`SMOKE.Stat.${ctx.stat}.name`), band: L(`SMOKE.Band.${ctx.band}`) })
        : L("SMOKE.Theft.lockBand", { base: L(`SMOKE.Band.${ctx.base}`), tool: toolName, band: L(`SMOKE.Band.${ctx.band}`) }),
      !!ctx.bikeLocked && L("SMOKE.Theft.bikeLocked", { band: L(`SMOKE.Band.${ctx.base}`) }),
      ctx.loud && L("SMOKE.Theft.loudTool", { tool: toolName }),
      L(result.opens ? (carjacking ? "SMOKE.Theft.carjacked" : "SMOKE.Theft.opens") : "SMOKE.Theft.holds"),
      result.seen ? L("SMOKE.Theft.seen", { crime: crime.name, stars: crime.stars }) : L("SMOKE.Theft.unseen"),
      result.seen && !crime.policeCall && L("SMOKE.Theft.noPoliceCall"),
      carjacking && L("SMOKE.Theft.carjackHeat"),
      result.costsTime && L("SMOKE.Theft.costsTime"),
      result.canJam && L("SMOKE.Theft.canJam"),
      result.opens && !!ctx.bikeLocked && L("SMOKE.Theft.bikeLockCut"),
      start === "clean" && L("SMOKE.Theft.startsClean", { tool: toolName }),
      start === "hotwire" && L("SMOKE.Theft.stillToStart"),
      handedTo && L("SMOKE.Theft.keys", { user: handedTo, vehicle: vehicle.name })
    ] });
}

/** The GM's theft requests (registered by documents/vehicle/vehicle.mjs). */
export const requests = { "vehicle.theft.issue": onTheftIssue, "vehicle.theft.claim": onTheftClaim };
