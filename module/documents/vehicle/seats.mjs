/**
 * Who sits where in a motor: its occupants and driver, the motor an actor is aboard and what their seat means, whether
 * the motor can be driven; boarding and leaving (the requests' handlers are in ./requests.mjs); the occupants' tokens
 * travelling with the motor; the Board dialog and choosing which of the user's people acts.
 *
 * **Occupants' tokens are hidden and moved along.** Boarding from a scene hides the occupant's token and puts it on
 * the motor's; when the motor's token moves (the `moveToken` hook) the active GM's client — one client, with the
 * permission to move every token — moves the hidden tokens to the same place; leaving puts the token beside the motor
 * and shows it again (as hidden as it was before). Without a connected GM the hidden tokens stay behind, which nobody
 * sees: leaving still places them beside the motor. Occupants are world actors (`occupants[].actorId`); an unlinked
 * token boards as its base actor, remembering its token id.
 *
 * Rulebook: Getting a motor › Seats; Vehicle abilities.
 * @module documents/vehicle/seats
 */
import { riderPosition, seating } from "../../rules/vehicles.mjs";
import { L, SYSTEM_ID, actorExists, actorFrom, esc, isVehicle, refusal, seatLabel, sys } from "./common.mjs";
import { perform } from "./requests.mjs";

/**
 * @typedef {import("./common.mjs").Vehicle} Vehicle
 * @typedef {import("./common.mjs").Seat} Seat
 */

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
export function occupantToken(vehicle, actor, tokenId = "") {
  const scene = vehicleToken(vehicle)?.parent;
  if (!scene) return null;
  const byId = tokenId ? scene.tokens.get(tokenId) : null;
  if (byId && byId.actorId === actor.id) return byId;
  return scene.tokens.find(t => t.actorId === actor.id) ?? null;
}

/** Hide a boarding token on the motor's square. */
export async function carry(vehicle, token) {
  const vt = vehicleToken(vehicle);
  if (!token || !vt || token.parent !== vt.parent) return;
  const already = token.getFlag?.(SYSTEM_ID, "carried");
  await token.update({ x: vt.x, y: vt.y, hidden: true,
    [`flags.${SYSTEM_ID}.carried`]: { vehicle: vehicle.uuid, hidden: already ? already.hidden : !!token.hidden } },
  { animate: false, smokeCarried: true });
}

/** Put a leaving occupant's token beside the motor, shown as it was before boarding. */
export async function drop(vehicle, actor, tokenId) {
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
export async function onMoveToken(tokenDoc, movement) {
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
