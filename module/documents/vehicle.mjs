/**
 * Motors in Foundry: who sits where (boarding, leaving, the cage), the driving check, blue lights, theft, repairs and
 * the garage, the incident record, and the occupants' tokens travelling with the motor. The numbers and refusals come
 * from the pure rules in module/rules/vehicles.mjs (and rules/chase-gauge.mjs); this module reads and writes the
 * documents.
 *
 * Every write a user may not make themselves goes to the active GM through the request channel (documents/
 * requests.mjs: `vehicle.board`, `vehicle.leave`, `vehicle.lights`, `vehicle.theft`, `vehicle.repair`,
 * `vehicle.incident`); each handler re-derives what the requesting user may do from the documents (they own the
 * boarding actor, the roll's chat message is theirs and its check was the right one …) and throws a localised Error to
 * refuse. When the user owns everything a write touches, it runs on their own client through the same handler.
 *
 * **Occupants' tokens are hidden and moved along.** Boarding from a scene hides the occupant's token and puts it on
 * the motor's; when the motor's token moves (the `moveToken` hook) the active GM's client — one client, with the
 * permission to move every token — moves the hidden tokens to the same place; leaving puts the token beside the motor
 * and shows it again (as hidden as it was before). Without a connected GM the hidden tokens stay behind, which nobody
 * sees: leaving still places them beside the motor. Occupants are world actors (`occupants[].actorId`); an unlinked
 * token boards as its base actor, remembering its token id.
 *
 * Rulebook: Getting a motor (Seats; Driving modifiers; Theft and recovery); Vehicle abilities; Fire, repairs and
 * selling up › Repairs, Garage work; Skids, collisions and contact › Keep an incident record.
 * @module documents/vehicle
 */
import { RULES, VEHICLE_ABILITIES } from "../generated/rules.mjs";
import {
  board, canRepair, riderPosition, drivingModifiers, garageBill, incident as incidentEntry, leave, lockTargets, repair,
  repairCheck, seating, theftBand, theftCrime, theftOutcome, theftStats, toolEasing
} from "../rules/vehicles.mjs";
import { defaultChoices, rollCheck } from "./check.mjs";
import { RollDialog } from "../apps/roll-dialog.mjs";
import { assertOwner, registerRequest, requestGM } from "./requests.mjs";

export const SYSTEM_ID = "the-smoke";
const CARD_TEMPLATE = "systems/the-smoke/templates/chat/vehicle-card.hbs";
const GAUGE_BANDS = RULES.chase.gauge.bands;

/**
 * @typedef {Actor.Implementation} Vehicle  An actor of type "vehicle" (its system is VehicleData, derived fields
 *   included: seatList, adjusted, guard, effects, capacity, riderGuard).
 * @typedef {import("../rules/vehicles.mjs").Seat} Seat
 */

/** @param {string} key @param {Record<string, unknown>} [data] @returns {string} */
const L = (key, data) => (data ? game.i18n.format(key, /** @type {Record<string, string>} */ (data)) : game.i18n.localize(key));
/** @param {any} actor @returns {boolean} */
const isVehicle = actor => actor?.type === "vehicle";
/** @param {Vehicle} vehicle @returns {any} The vehicle's system data (VehicleData with its derived fields). */
const sys = vehicle => /** @type {any} */ (vehicle).system;
/** @param {string} id @returns {boolean} */
const actorExists = id => !!game.actors?.get(id);

/** A seat's name in words: "Driver", "Crew 2", "Passenger 3". @param {Seat} seat @returns {string} */
export function seatLabel(seat) {
  if (!seat) return "";
  if (seat.kind === "driver") return L("SMOKE.Boarding.driver");
  return L(seat.kind === "crew" ? "SMOKE.Boarding.crew" : "SMOKE.Boarding.passenger", { n: seat.number });
}

/** @param {Vehicle} vehicle @param {string} seatId @returns {string} */
function seatName(vehicle, seatId) {
  const seat = sys(vehicle).seatList?.find(s => s.id === seatId);
  return seat ? seatLabel(seat) : seatId;
}

// ------------------------------------------------------------------------------------------------ who is aboard

/**
 * @typedef {object} Aboard  An occupant of a motor.
 * @property {Seat} seat
 * @property {Actor.Implementation} actor
 * @property {string} tokenId  Their carried token's id in the motor's scene ("" when not boarded from a scene).
 */

/**
 * The living occupants of a motor, in seat order (driver, crew, passengers). Records of deleted actors are left out
 * (their seats are vacant).
 * @param {Vehicle} vehicle
 * @returns {Aboard[]}  [] for anything that is not a motor.
 */
export function occupantsOf(vehicle) {
  if (!isVehicle(vehicle)) return [];
  const s = sys(vehicle);
  const { rows } = seating(s.seatList ?? [], s.occupants ?? [], actorExists);
  return rows.filter(r => r.occupant).map(r => ({ seat: r.seat,
    actor: /** @type {Actor.Implementation} */ (game.actors.get(/** @type {any} */ (r.occupant).actorId)),
    tokenId: /** @type {any} */ (r.occupant).tokenId ?? "" }));
}

/**
 * Who is in the driver's seat.
 * @param {Vehicle} vehicle
 * @returns {Actor.Implementation|null}  null with no (living) driver.
 */
export function driverOf(vehicle) {
  return occupantsOf(vehicle).find(o => o.seat.kind === "driver")?.actor ?? null;
}

/** Every motor of the world: world actors, and the synthetic actors of unlinked motor tokens in any scene. */
function allVehicles() {
  /** @type {Map<string, Vehicle>} */
  const found = new Map();
  for (const a of game.actors ?? []) if (isVehicle(a)) found.set(a.uuid, a);
  for (const scene of /** @type {any} */ (game).scenes ?? []) {
    for (const t of scene.tokens ?? []) {
      if (!t.actorLink && isVehicle(t.actor)) found.set(t.actor.uuid, t.actor);
    }
  }
  return [...found.values()];
}

/**
 * The motor an actor is aboard, and their seat.
 * @param {Actor.Implementation} actor
 * @returns {{vehicle: Vehicle, seat: Seat}|null}
 */
export function vehicleOf(actor) {
  if (!actor || isVehicle(actor)) return null;
  for (const vehicle of allVehicles()) {
    const o = occupantsOf(vehicle).find(x => x.actor.id === actor.id);
    if (o) return { vehicle, seat: o.seat };
  }
  return null;
}

/**
 * The motor an actor drives (they sit in its driver's seat).
 * @param {Actor.Implementation} actor
 * @returns {Vehicle|null}
 */
export function vehicleDrivenBy(actor) {
  const at = vehicleOf(actor);
  return at?.seat.kind === "driver" ? at.vehicle : null;
}

/**
 * Where an actor rides and what it means (rules/vehicles.mjs riderPosition): the enclosed +2 Guard unless Exposed, no
 * seeing or attacking out of a windowless load bay, behind the cage, the drive-by penalty ("driver" or "passenger").
 * @param {Actor.Implementation} actor
 * @returns {({vehicle: Vehicle, seat: Seat} & ReturnType<typeof riderPosition>)|null}  null when not aboard.
 */
export function riderOf(actor) {
  const at = vehicleOf(actor);
  return at ? { ...at, ...riderPosition(at.seat, sys(at.vehicle).abilities ?? []) } : null;
}

/**
 * Whether a motor can be driven now, and by whom ("With no driver the vehicle cannot be driven"; "A burning or
 * destroyed motor is not free to drive normally").
 * @param {Vehicle} vehicle
 * @returns {{ok: true, driver: Actor.Implementation}|{ok: false, reason: "notVehicle"|"noDriver"|"burning"|"destroyed",
 *   message: string}}
 */
export function canDrive(vehicle) {
  if (!isVehicle(vehicle)) return { ok: false, reason: "notVehicle", message: L("SMOKE.Vehicle.notVehicle") };
  const s = sys(vehicle);
  if (s.destroyed) return { ok: false, reason: "destroyed", message: L("SMOKE.Vehicle.destroyedNoDrive", { vehicle: vehicle.name }) };
  if (s.onFire) return { ok: false, reason: "burning", message: L("SMOKE.Vehicle.burningNoDrive", { vehicle: vehicle.name }) };
  const driver = driverOf(vehicle);
  if (!driver) return { ok: false, reason: "noDriver", message: L("SMOKE.Vehicle.noDriver", { vehicle: vehicle.name }) };
  return { ok: true, driver };
}

// ------------------------------------------------------------------------------------------------ writes

/** @type {Record<string, (user: User.Implementation, data: any) => Promise<any>>} */
const HANDLERS = {};

/**
 * Run a vehicle request: here, through its handler, when this user owns what it writes (or is the GM); otherwise on
 * the active GM.
 * @param {string} type @param {object} data @param {boolean} local
 */
function perform(type, data, local) {
  return local || game.user.isGM ? HANDLERS[type](game.user, data) : requestGM(type, data);
}

/**
 * The motor a request names (a world actor's or a synthetic token actor's UUID).
 * @param {string} uuid @returns {Vehicle}
 * @throws {Error} when it is missing or not a motor.
 */
function vehicleFrom(uuid) {
  let doc = typeof uuid === "string" ? /** @type {any} */ (fromUuidSync(/** @type {any} */ (uuid))) : null;
  if (doc?.documentName === "Token") doc = doc.actor;
  if (!doc) throw new Error(L("SMOKE.Request.missing"));
  if (!isVehicle(doc)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  return doc;
}

/** @param {string} id @returns {Actor.Implementation} @throws {Error} when no such actor. */
function actorFrom(id) {
  const actor = typeof id === "string" ? game.actors.get(id) : null;
  if (!actor) throw new Error(L("SMOKE.Request.missing"));
  return actor;
}

/** A refusal from the pure rules, in words. @param {any} r @param {Vehicle} vehicle @param {Actor.Implementation|null} actor */
function refusal(r, vehicle, actor) {
  const s = sys(vehicle);
  const holder = r.holder ? game.actors.get(r.holder)?.name ?? "" : "";
  return new Error(L(`SMOKE.Boarding.refused.${r.reason}`, { vehicle: vehicle.name, actor: actor?.name ?? "",
    seat: r.seat ? seatName(vehicle, r.seat) : "", holder, capacity: r.capacity ?? s.capacity?.seats,
    crew: s.seats.crew, passengers: s.seats.passengers }));
}

// -- boarding ------------------------------------------------------------------------------------------

/**
 * Board a motor: into `seat` or the first free seat. A player boarding a motor they do not own goes through the GM.
 * @param {Vehicle} vehicle
 * @param {Actor.Implementation} actor  A character or NPC the user owns.
 * @param {{seat?: string|null, tokenId?: string}} [options]  seat: a seat id (rules/vehicles.mjs seatPlan); tokenId:
 *   the boarding token (from the token HUD), else their token in the motor's scene is found.
 * @returns {Promise<{seat: string}>}
 * @throws {Error} with the reason in words: a full motor ("… all 4 seats … are taken"), a taken or unknown seat, a
 *   motor dropped on a motor, someone already aboard another motor, a burning motor, an actor the user does not own.
 */
export async function boardVehicle(vehicle, actor, { seat = null, tokenId = "" } = {}) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  if (!actor) throw new Error(L("SMOKE.Request.missing"));
  if (isVehicle(actor)) throw new Error(L("SMOKE.Boarding.notPerson", { name: actor.name }));
  return perform("vehicle.board", { vehicleUuid: vehicle.uuid, actorId: actor.id, seat, tokenId },
    vehicle.isOwner && actor.isOwner);
}

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

/**
 * Get out of a motor: the occupant's owner, the motor's owner or the GM. A rider behind a Prisoner cage needs a
 * `releaser`: someone outside the motor or in a front seat, owned by the user (the GM needs nobody); with one, any user
 * may let a caged rider out.
 * @param {Vehicle} vehicle
 * @param {Actor.Implementation|string} actor  The occupant, or the actor id of a record whose actor was deleted.
 * @param {{releaser?: Actor.Implementation|null}} [options]
 * @returns {Promise<{seat: string}>}
 * @throws {Error} in words: not aboard, caged without a permitted releaser, not the user's to move.
 */
export async function leaveVehicle(vehicle, actor, { releaser = null } = {}) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  const actorId = typeof actor === "string" ? actor : actor?.id;
  const doc = typeof actor === "string" ? game.actors.get(actor) : actor;
  return perform("vehicle.leave", { vehicleUuid: vehicle.uuid, actorId, releaserId: releaser?.id ?? null },
    vehicle.isOwner && (!doc || doc.isOwner));
}

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

// -- tokens travel with the motor ------------------------------------------------------------------------

/** The motor's token: a synthetic actor's own, else its token in the viewed scene, else in any scene. @returns {any} */
function vehicleToken(vehicle) {
  const v = /** @type {any} */ (vehicle);
  if (v.token) return v.token;
  const scenes = [/** @type {any} */ (game).scenes?.viewed, ...(/** @type {any} */ (game).scenes ?? [])].filter(Boolean);
  for (const scene of scenes) {
    const t = scene.tokens?.find?.(x => x.actorId === vehicle.id && x.actorLink);
    if (t) return t;
  }
  return null;
}

/** The boarding actor's token in the motor's scene (the given id first). @returns {any} */
function occupantToken(vehicle, actor, tokenId = "") {
  const scene = vehicleToken(vehicle)?.parent;
  if (!scene) return null;
  const byId = tokenId ? scene.tokens.get(tokenId) : null;
  if (byId && byId.actorId === actor.id) return byId;
  return scene.tokens.find(t => t.actorId === actor.id) ?? null;
}

/** Hide a boarding token on the motor's square. */
async function carry(vehicle, token) {
  const vt = vehicleToken(vehicle);
  if (!token || !vt || token.parent !== vt.parent) return;
  const already = token.getFlag?.(SYSTEM_ID, "carried");
  await token.update({ x: vt.x, y: vt.y, hidden: true,
    [`flags.${SYSTEM_ID}.carried`]: { vehicle: vehicle.uuid, hidden: already ? already.hidden : !!token.hidden } },
  { animate: false, smokeCarried: true });
}

/** Put a leaving occupant's token beside the motor, shown as it was before boarding. */
async function drop(vehicle, actor, tokenId) {
  const vt = vehicleToken(vehicle);
  const scene = vt?.parent;
  if (!scene) return;
  const token = (tokenId && scene.tokens.get(tokenId)) || scene.tokens.find(t => t.actorId === actor.id
    && t.getFlag?.(SYSTEM_ID, "carried")?.vehicle === vehicle.uuid);
  if (!token) return;
  const was = token.getFlag?.(SYSTEM_ID, "carried");
  const size = scene.grid?.size ?? 100;
  await token.update({ x: vt.x + Math.round((vt.width ?? 1) * size), y: vt.y, hidden: was ? !!was.hidden : false,
    [`flags.${SYSTEM_ID}.-=carried`]: null }, { animate: false, smokeCarried: true });
}

/**
 * The motor's token moved: its hidden occupants' tokens follow (on the active GM's client only, which may move
 * every token).
 * @param {any} tokenDoc  The moved TokenDocument.
 * @param {any} movement  The v13 TokenMovementOperation (its destination is the final position).
 */
async function onMoveToken(tokenDoc, movement) {
  if (!game.user.isActiveGM || !isVehicle(tokenDoc?.actor)) return;
  const vehicle = tokenDoc.actor;
  const scene = tokenDoc.parent;
  const to = movement?.destination ?? { x: tokenDoc.x, y: tokenDoc.y };
  const updates = [];
  for (const o of occupantsOf(vehicle)) {
    const t = (o.tokenId && scene.tokens.get(o.tokenId)) || null;
    if (t && (t.x !== to.x || t.y !== to.y)) updates.push({ _id: t.id, x: to.x, y: to.y });
  }
  if (updates.length) await scene.updateEmbeddedDocuments("Token", updates, { animate: false, smokeCarried: true });
}

// -- blue lights -----------------------------------------------------------------------------------------

/**
 * Switch a switchable ability (blue lights: Police kit, Lights and siren) on or off. The driver's player, the motor's
 * owner or the GM may.
 * @param {Vehicle} vehicle
 * @param {string} abilityId
 * @param {boolean} on
 * @returns {Promise<string[]>} The abilities now on.
 * @throws {Error} when the ability is not a switchable one of this motor, or the user may not switch it.
 */
export async function setAbilityOn(vehicle, abilityId, on) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  return perform("vehicle.lights", { vehicleUuid: vehicle.uuid, abilityId, on: !!on }, vehicle.isOwner);
}

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

// -- incidents -------------------------------------------------------------------------------------------

/**
 * Add an entry to the motor's incident record (Skids, collisions and contact › Keep an incident record). The motor's
 * owner, an occupant's owner or the GM may.
 * @param {Vehicle} vehicle
 * @param {Partial<import("../rules/vehicles.mjs").Incident> & {what: string}} entry  `vehicle` defaults to its name.
 * @returns {Promise<import("../rules/vehicles.mjs").Incident>}
 * @throws {Error|RangeError} for a malformed entry (naming the field) or a user who may not write it.
 */
export async function recordIncident(vehicle, entry) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  const normalised = incidentEntry({ vehicle: vehicle.name, ...entry });
  return perform("vehicle.incident", { vehicleUuid: vehicle.uuid, entry: normalised }, vehicle.isOwner);
}

HANDLERS["vehicle.incident"] = async (user, { vehicleUuid, entry }) => {
  const vehicle = vehicleFrom(vehicleUuid);
  const mayWrite = user.isGM || vehicle.testUserPermission(user, "OWNER")
    || occupantsOf(vehicle).some(o => o.actor.testUserPermission(user, "OWNER"));
  if (!mayWrite) throw new Error(L("SMOKE.Request.notOwner", { name: vehicle.name }));
  const normalised = incidentEntry(entry);
  await vehicle.update(/** @type {any} */ ({ "system.incidents": [...(sys(vehicle).incidents ?? []), normalised] }));
  return normalised;
};

// ------------------------------------------------------------------------------------------------ driving

/**
 * @typedef {object} DrivingOptions
 * @property {"easy"|"medium"|"hard"|"longShot"|null} [band]  The TN's band (default: the gauge band's check —
 *   Medium in yellow, Hard in red — else Medium). Looked up for the unboosted Wheels and the record's Performance.
 * @property {"green"|"yellow"|"red"|null} [gauge]  The gauge band the motor is in: its Handling penalty (−1, −2).
 * @property {{terrain?: string, junction?: boolean}} [situation]  Where it is driven (rules/vehicles.mjs TERRAINS) and
 *   whether at a junction or in a tight street; blue lights come from the motor's switched-on abilities.
 * @property {number|null} [tn]  A fixed TN instead of a band (a ram or a PIT: the target's Guard).
 * @property {string|null} [targetName]  Whose Guard `tn` is (the card says "vs X's Guard").
 * @property {boolean} [skipDialog]  Roll with these choices, no dialog.
 * @property {object} [flags]  More `flags["the-smoke"]` for the card (the Combat Console's context).
 */

/**
 * A driving check (Getting a motor › Vehicles have their own record, Driving modifiers): the driver's Wheels with the
 * motor's Performance replacing Effort (one step down per flat tyre), its Handling (after flat tyres), the gauge
 * band's Handling penalty and the abilities' situational modifiers. The TN is set from the Variable-Effort table of the
 * unboosted Wheels die and the record's Performance die. The card's flags carry
 * `driving: {vehicleUuid, gauge, band, terrain, junction, modifier}` beside the usual `check`.
 * With no driver (or a burning or destroyed motor) a warning says why and nothing is rolled; only the driver's owner
 * or the GM rolls.
 * @param {Vehicle} vehicle
 * @param {DrivingOptions} [options]
 * @returns {Promise<ChatMessage.Implementation|null|undefined>}  null when refused (a warning says why) or the dialog
 *   was closed; undefined if a hook cancelled the message.
 */
export async function rollDriving(vehicle, { band = null, gauge = null, situation = {}, tn = null, targetName = null,
  skipDialog = false, flags = {} } = {}) {
  const can = canDrive(vehicle);
  if (!can.ok) {
    ui.notifications.warn(can.message);
    return null;
  }
  const driver = can.driver;
  if (!driver.isOwner) {
    ui.notifications.warn(L("SMOKE.Vehicle.notYourDriver", { driver: driver.name, vehicle: vehicle.name }));
    return null;
  }
  const gaugeRow = gauge ? GAUGE_BANDS.find(b => b.id === gauge) : null;
  if (gauge && !gaugeRow) throw new RangeError(`gauge must be ${GAUGE_BANDS.map(b => b.id).join(", ")}, got "${gauge}"`);
  const s = sys(vehicle);
  const terrain = situation.terrain ?? "road";
  const junction = !!situation.junction;
  const driving = drivingModifiers({ abilities: s.abilities, on: s.abilitiesOn, terrain: /** @type {any} */ (terrain), junction });
  const names = /** @type {Record<string, string>} */ (Object.fromEntries(s.effects.known.map(id => [id, abilityName(id)])));
  const modifiers = driving.parts.map(p => ({ value: p.value, text: L(`SMOKE.Vehicle.driving.${p.id}`,
    { ability: p.ability ? names[p.ability] : "", value: signed(p.value) }) }));
  if (gaugeRow?.handling) {
    modifiers.push({ value: gaugeRow.handling, text: L("SMOKE.Vehicle.gaugeHandling",
      { band: L(`SMOKE.Vehicle.gauge.${gaugeRow.id}`), value: signed(gaugeRow.handling) }) });
  }
  const a = s.adjusted;
  const numbers = { performance: a.printedPerformance, handling: a.handling, steps: a.steps, modifiers, name: vehicle.name };
  const difficulty = band ?? gaugeRow?.check ?? "medium";
  /** @type {any} */
  const initial = tn === null || tn === undefined
    ? { tnSource: "band", band: difficulty }
    : { tnSource: targetName ? "guard" : "fixed", tn, targetGuard: targetName ? tn : undefined, targetName: targetName ?? undefined };
  const skip = skipDialog || game.settings.get(SYSTEM_ID, "skipRollDialog");
  const choices = skip ? { ...defaultChoices(), ...initial } : await RollDialog.prompt(driver, "whl", { vehicle: numbers, initial });
  if (!choices) return null;
  try {
    return await rollCheck(driver, "whl", choices, { vehicle: numbers, flags: { ...flags,
      driving: { vehicleUuid: vehicle.uuid, gauge, band: choices.tnSource === "band" ? choices.band : null, terrain, junction,
        modifier: driving.total + (gaugeRow?.handling ?? 0) } } });
  } catch (err) {
    ui.notifications.warn(err.message);
    return null;
  }
}

/** "+1" / "−2". @param {number} n */
const signed = n => (n < 0 ? `−${-n}` : `+${n}`);

/** An ability's printed name (the catalogue's), or its key. @param {string} id @returns {string} */
export function abilityName(id) {
  return /** @type {Record<string, {name: string}>} */ (VEHICLE_ABILITIES)[id]?.name ?? id;
}

// ------------------------------------------------------------------------------------------------ rolls with a purpose

/**
 * Roll a check for a purpose and return its chat message: the roll dialog (unless skipped) opened on `initial`.
 * @param {Actor.Implementation} actor @param {string} stat @param {object} initial @param {object} flags
 * @param {boolean} skipDialog
 * @returns {Promise<ChatMessage.Implementation|null>}
 */
async function purposeRoll(actor, stat, initial, flags, skipDialog) {
  const skip = skipDialog || game.settings.get(SYSTEM_ID, "skipRollDialog");
  const choices = skip ? { ...defaultChoices(), ...initial } : await RollDialog.prompt(actor, stat, { initial });
  if (!choices) return null;
  try {
    return (await rollCheck(actor, stat, choices, { flags })) ?? null;
  } catch (err) {
    ui.notifications.warn(err.message);
    return null;
  }
}

/**
 * Post a small card about a motor (theft, repair, garage). Every string is escaped by the template.
 * @param {{title: string, lines: (string|null|false)[], kind: string, speaker?: Actor.Implementation|null, flags?: object}} card
 */
async function postCard({ title, lines, kind, speaker = null, flags = {} }) {
  const content = await foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE,
    { title, kind, lines: lines.filter(Boolean) });
  return ChatMessage.create(/** @type {any} */ ({ content, flags: { [SYSTEM_ID]: flags },
    speaker: speaker ? ChatMessage.getSpeaker({ actor: speaker }) : ChatMessage.getSpeaker() }));
}

/** The check snapshot and this system's flags of a chat message. @param {any} message */
const flagsOf = message => message?.flags?.[SYSTEM_ID] ?? {};

/**
 * A chat message a request may use: it exists, its author is the requester (or the requester is the GM), it holds a
 * check and the purpose `key`, not yet applied.
 * @param {User.Implementation} user @param {string} messageId @param {"theft"|"repair"} key
 */
function purposeMessage(user, messageId, key) {
  const message = /** @type {any} */ (game.messages.get(messageId));
  if (!message) throw new Error(L("SMOKE.Request.missing"));
  const f = flagsOf(message);
  if (!f.check || !f[key]) throw new Error(L(`SMOKE.${key === "theft" ? "Theft" : "Repair"}.notThatRoll`));
  if (!user.isGM && message.author?.id !== user.id) throw new Error(L("SMOKE.Vehicle.notYourRoll"));
  if (f[key].applied) throw new Error(L("SMOKE.Vehicle.rollUsed"));
  return { message, check: f.check, purpose: f[key] };
}

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
 * @returns {Promise<{message: ChatMessage.Implementation, result: import("../rules/vehicles.mjs").TheftResult,
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
 * @returns {Promise<{message: ChatMessage.Implementation, result: import("../rules/vehicles.mjs").RepairResult}|null>}
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
    destroyed: s.destroyed, mode, fixesFlat: kitData ? kitData.fixesFlat : undefined });
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

// ------------------------------------------------------------------------------------------------ choosing who

/**
 * The actors this user may act with, their assigned character first (never motors).
 * @returns {Actor.Implementation[]}
 */
export function ownedPeople() {
  const mine = game.user.character && !isVehicle(game.user.character) ? [game.user.character] : [];
  const rest = (game.actors?.filter(a => !isVehicle(a) && a.isOwner && a.id !== mine[0]?.id) ?? [])
    .sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
  return [...mine, ...rest];
}

/** @param {string} s */
const esc = s => foundry.utils.escapeHTML(String(s ?? ""));

/**
 * Ask which actor acts (the assigned character preselected); skipped when there is only one.
 * @param {string} title
 * @param {Actor.Implementation[]} [candidates]
 * @returns {Promise<Actor.Implementation|null>}  null when there is nobody (a warning says so) or the dialog was closed.
 */
export async function chooseActor(title, candidates = ownedPeople()) {
  if (!candidates.length) {
    ui.notifications.warn(L("SMOKE.Boarding.noCandidates"));
    return null;
  }
  if (candidates.length === 1) return candidates[0];
  const options = candidates.map(a => `<option value="${esc(a.id ?? "")}">${esc(a.name)}</option>`).join("");
  const data = /** @type {any} */ (await foundry.applications.api.DialogV2.input(/** @type {any} */ ({
    window: { title }, content: `<label>${esc(L("SMOKE.Boarding.who"))} <select name="actorId">${options}</select></label>`,
    ok: { label: L("SMOKE.Boarding.choose") } })));
  return data?.actorId ? game.actors.get(data.actorId) ?? null : null;
}

/**
 * The Board dialog: who (the user's assigned character or an actor they own) and which free seat.
 * @param {Vehicle} vehicle
 * @param {{tokenId?: string, actor?: Actor.Implementation|null}} [options]
 * @returns {Promise<{seat: string}|null>}  null when closed or refused (a warning says why).
 */
export async function promptBoard(vehicle, { tokenId = "", actor = null } = {}) {
  const candidates = actor ? [actor] : ownedPeople().filter(a => !occupantsOf(vehicle).some(o => o.actor.id === a.id));
  if (!candidates.length) {
    ui.notifications.warn(L("SMOKE.Boarding.noCandidates"));
    return null;
  }
  const s = sys(vehicle);
  const { rows } = seating(s.seatList, s.occupants, actorExists);
  const free = rows.filter(r => !r.occupant);
  if (!free.length) {
    ui.notifications.warn(refusal({ reason: "full", capacity: s.capacity.seats }, vehicle, null).message);
    return null;
  }
  const who = candidates.map(a => `<option value="${esc(a.id ?? "")}">${esc(a.name)}</option>`).join("");
  const seats = [`<option value="">${esc(L("SMOKE.Boarding.firstFree"))}</option>`,
    ...free.map(r => `<option value="${esc(r.seat.id)}">${esc(seatLabel(r.seat))}</option>`)].join("");
  const data = /** @type {any} */ (await foundry.applications.api.DialogV2.input(/** @type {any} */ ({
    window: { title: L("SMOKE.Boarding.title", { vehicle: vehicle.name }) },
    content: `<label>${esc(L("SMOKE.Boarding.who"))} <select name="actorId">${who}</select></label>
      <label>${esc(L("SMOKE.Boarding.seat"))} <select name="seat">${seats}</select></label>`,
    ok: { label: L("SMOKE.Boarding.board") } })));
  if (!data?.actorId) return null;
  try {
    return await boardVehicle(vehicle, actorFrom(data.actorId), { seat: data.seat || null, tokenId });
  } catch (err) {
    ui.notifications.warn(err.message);
    return null;
  }
}

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
