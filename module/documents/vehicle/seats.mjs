/**
 * Who sits where in a motor: its occupants and driver, the motor an actor is aboard and what their seat means, whether
 * the motor can be driven; boarding and leaving with the GM's handlers ({@link requests}); the occupants' tokens
 * travelling with the motor ({@link hooks}); the Board dialog and choosing which of the user's people acts.
 *
 * **The seats are the GM's** (issue 10): they live in the GM-owned seat store (./store.mjs), keyed by the motor's
 * actor UUID, never on the motor actor, which its owner may write. Boarding and leaving always run on the active GM;
 * an occupant is named by its actor's UUID, so an unlinked token boards as its own synthetic actor.
 *
 * **Occupants' tokens are hidden and moved along.** Boarding from a scene hides the occupant's token and puts it on
 * the motor's; when the motor's token moves (the `moveToken` hook) the active GM's client — one client, with the
 * permission to move every token — moves the hidden tokens the GM recorded to the same place; leaving puts the token
 * beside the motor and shows it again (as hidden as it was before). Without a connected GM nobody boards or leaves.
 *
 * Rulebook: Getting a motor › Seats; Vehicle abilities.
 * @module documents/vehicle/seats
 */
import { alightSquare, besideMotor, board, leave, motorFootprint, reachesMotor, riderPosition, seating, standingSquare }
  from "../../rules/vehicles.mjs";
import { canvasSquares, movementWalls, sceneRect, takenSquares } from "../core/scene-area.mjs";
import { assertGM, assertOwner, requestGM } from "../core/requests.mjs";
import {
  L, SYSTEM_ID, actorAt, actorExists, actorFrom, isVehicle, personAtMotor, refusal, seatLabel, vehicleFrom
} from "./common.mjs";
import { allSeats, pruneSeats, storedOccupants, writeOccupants } from "./store.mjs";
import { bikeLockOf } from "./lock-store.mjs";
import { wreckOf } from "./wreck.mjs";
import { printedOf, seatsOf } from "./print.mjs";
import { chooseHTML } from "../core/chat-html.mjs";

/**
 * @typedef {import("./common.mjs").Vehicle} Vehicle
 * @typedef {import("./common.mjs").Seat} Seat
 */

// ------------------------------------------------------------------------------------------------ who is aboard

/**
 * @typedef {object} Aboard  An occupant of a motor.
 * @property {Seat} seat
 * @property {Actor.Implementation} actor  The world actor, or an unlinked token's synthetic actor.
 * @property {string} tokenId  Their carried token's id in the motor's scene ("" when not boarded from a scene).
 */

/**
 * The stored occupants of a motor (the GM's seat store), as the pure rules read them.
 * @param {Vehicle} vehicle
 * @returns {{actorId: string, seat: string, tokenId: string}[]}
 */
export function seatRecords(vehicle) {
  return isVehicle(vehicle) ? storedOccupants(vehicle.uuid) : [];
}

/**
 * The living occupants of a motor, in seat order (driver, crew, passengers), from the GM's seat store. Records of
 * deleted actors are left out (their seats are vacant).
 * @param {Vehicle} vehicle
 * @returns {Aboard[]}  [] for anything that is not a motor.
 */
export function occupantsOf(vehicle) {
  if (!isVehicle(vehicle)) return [];
  const { rows } = seating(seatsOf(vehicle), seatRecords(vehicle), actorExists);
  return rows.filter(r => r.occupant).map(r => ({ seat: r.seat,
    actor: /** @type {Actor.Implementation} */ (actorAt(/** @type {any} */ (r.occupant).actorId)),
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

/**
 * The motor an actor is aboard, and their seat (from the GM's seat store; the actor by UUID: an unlinked token's
 * synthetic actor is its own occupant).
 * @param {Actor.Implementation} actor
 * @returns {{vehicle: Vehicle, seat: Seat}|null}
 */
export function vehicleOf(actor) {
  if (!actor || isVehicle(actor)) return null;
  const uuid = actor.uuid;
  for (const [motorUuid, list] of Object.entries(allSeats())) {
    if (!Array.isArray(list) || !list.some(o => o?.actorUuid === uuid)) continue;
    const vehicle = actorAt(motorUuid);
    if (!isVehicle(vehicle)) continue;
    const o = occupantsOf(/** @type {Vehicle} */ (vehicle)).find(x => x.actor.uuid === uuid);
    if (o) return { vehicle: /** @type {Vehicle} */ (vehicle), seat: o.seat };
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
  return at ? { ...at, ...riderPosition(at.seat, printedOf(at.vehicle).abilities) } : null;
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
  const s = wreckOf(vehicle); // the GM's record of the fire (documents/vehicle/wreck.mjs)
  if (s.destroyed) return { ok: false, reason: "destroyed", message: L("SMOKE.Vehicle.destroyedNoDrive", { vehicle: vehicle.name }) };
  if (s.onFire) return { ok: false, reason: "burning", message: L("SMOKE.Vehicle.burningNoDrive", { vehicle: vehicle.name }) };
  const driver = driverOf(vehicle);
  if (!driver) return { ok: false, reason: "noDriver", message: L("SMOKE.Vehicle.noDriver", { vehicle: vehicle.name }) };
  return { ok: true, driver };
}

// -- boarding ------------------------------------------------------------------------------------------

/**
 * Board a motor: into `seat` or the first free seat. Always through the active GM, who checks the user owns the
 * boarding actor and may see the motor, and writes the seat store.
 * @param {Vehicle} vehicle
 * @param {Actor.Implementation} actor  A character or NPC the user owns (a world actor or an unlinked token's).
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
  return requestGM("vehicle.board", { vehicleUuid: vehicle.uuid, actorUuid: actor.uuid, seat, tokenId });
}

/**
 * Get out of a motor: the occupant's owner, the motor's owner or the GM (always through the active GM). A rider behind
 * a Prisoner cage needs a `releaser`: someone outside the motor or in a front seat, owned by the user (the GM needs
 * nobody); with one, any user may let a caged rider out.
 * @param {Vehicle} vehicle
 * @param {Actor.Implementation|string} actor  The occupant, or the actor UUID (or world actor id) of a record whose
 *   actor was deleted.
 * @param {{releaser?: Actor.Implementation|null}} [options]
 * @returns {Promise<{seat: string}>}
 * @throws {Error} in words: not aboard, caged without a permitted releaser, not the user's to move.
 */
export async function leaveVehicle(vehicle, actor, { releaser = null } = {}) {
  if (!isVehicle(vehicle)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  const actorUuid = typeof actor === "string" ? (actor.includes(".") ? actor : `Actor.${actor}`) : actor?.uuid;
  return requestGM("vehicle.leave", { vehicleUuid: vehicle.uuid, actorUuid, releaserUuid: releaser?.uuid ?? null });
}

// -- the GM's handlers ----------------------------------------------------------------------------------

/** GM: board (checks who asks, writes the seat store, hides the boarding token on the motor's square). */
async function onBoard(user, { vehicleUuid, actorUuid, seat = null, tokenId = "" }) {
  const { vehicle, actor } = personAtMotor(user, vehicleUuid, actorUuid, "SMOKE.Boarding.notPerson");
  const wreck = wreckOf(vehicle); // the GM's record (documents/vehicle/wreck.mjs)
  if (wreck.onFire || wreck.destroyed) throw new Error(L("SMOKE.Boarding.refused.burning", { vehicle: vehicle.name }));
  // A bike locked with a Bike Lock is ridden by nobody until it is unlocked (or cut: documents/vehicle/theft.mjs).
  if (bikeLockOf(vehicle)) throw new Error(L("SMOKE.Boarding.refused.bikeLocked", { vehicle: vehicle.name }));
  const elsewhere = vehicleOf(actor);
  if (elsewhere && elsewhere.vehicle.uuid !== vehicle.uuid) {
    throw new Error(L("SMOKE.Boarding.refused.aboardOther", { actor: actor.name, vehicle: elsewhere.vehicle.name }));
  }
  const token = occupantToken(vehicle, actor, typeof tokenId === "string" ? tokenId : "");
  // A player gets in from beside the motor (a ruling: rules/vehicles.mjs besideMotor): their token is then carried
  // to the motor's square, and where they ride counts as where they are (places, shops), so a board from across the
  // map, or from another map, would put them there. A motor on no map is boarded from its sheet. The GM seats anyone.
  const motorToken = vehicleToken(vehicle);
  if (!user.isGM && motorToken) {
    const scene = motorToken.parent;
    const size = scene?.grid?.size ?? 100;
    const names = { actor: actor.name ?? "", vehicle: vehicle.name ?? "" };
    // Token sizes are their owners' to set: the person stands on the square at their token's centre, and the motor
    // reaches no further than rules/vehicles.mjs MOTOR_REACH_SQUARES.
    const stand = token ? standingSquare(token, size) : null;
    const body = motorFootprint(motorToken);
    if (!(stand && besideMotor(stand, body, size))) throw new Error(L("SMOKE.Boarding.refused.notBeside", names));
    // ... and not through a wall (rules/vehicles.mjs reachesMotor)
    if (!reachesMotor(stand, body, size, movementWalls(scene))) throw new Error(L("SMOKE.Boarding.refused.walledOff", names));
  }
  const result = board({ seats: seatsOf(vehicle), occupants: seatRecords(vehicle), actorId: actor.uuid, seat: seat || null,
    tokenId: token?.id ?? "", exists: actorExists });
  if (!result.ok) throw refusal(result, vehicle, actor);
  // Only the token the GM found for this actor is carried (a stale id from an earlier boarding is dropped).
  const occupants = result.occupants.map(o => (o.actorId === actor.uuid ? { ...o, tokenId: token?.id ?? "" } : o));
  await writeOccupants(vehicle.uuid, occupants);
  await carry(vehicle, token).catch(err => console.warn("The Smoke | could not hide a boarding token", err));
  return { seat: result.seat };
}

/** GM: leave (checks who asks and the cage, writes the seat store, puts the token beside the motor). */
async function onLeave(user, { vehicleUuid, actorUuid, releaserUuid = null }) {
  const vehicle = vehicleFrom(vehicleUuid);
  if (typeof actorUuid !== "string" || !actorUuid) throw new Error(L("SMOKE.Request.missing"));
  const actor = actorAt(actorUuid);
  const releaser = releaserUuid ? actorFrom(releaserUuid) : null;
  if (releaser) assertOwner(user, releaser);
  const seats = seatsOf(vehicle); // the GM's printed record's seats (documents/vehicle/print.mjs), not the sheet's
  const records = seatRecords(vehicle);
  const entry = records.find(o => o.actorId === actorUuid);
  // Anyone may let a caged rider out with one of their own people outside or in a front seat (checked by leave below).
  const releasing = !!releaser && !!seats.find(x => x.id === entry?.seat)?.caged;
  if (!user.isGM && !releasing && !(actor?.testUserPermission(user, "OWNER")) && !vehicle.testUserPermission(user, "OWNER")) {
    throw new Error(L("SMOKE.Request.notOwner", { name: actor?.name ?? vehicle.name }));
  }
  const result = leave({ seats, occupants: records, actorId: actorUuid, releaser: releaser?.uuid ?? null,
    gm: user.isGM, exists: actorExists });
  if (!result.ok) throw refusal(result, vehicle, actor);
  await writeOccupants(vehicle.uuid, result.occupants);
  if (actor) await drop(vehicle, actor, entry?.tokenId ?? "").catch(err => console.warn("The Smoke | could not place a token", err));
  return { seat: result.seat };
}

/** GM: forget the seats of motors and occupants that are gone (after a deletion). */
async function onPrune(user) {
  assertGM(user);
  await pruneSeats(uuid => !!actorAt(uuid));
}

/** The GM's seat requests (registered by documents/vehicle/vehicle.mjs). */
export const requests = { "vehicle.board": onBoard, "vehicle.leave": onLeave, "vehicle.prune": onPrune };

// -- tokens travel with the motor ------------------------------------------------------------------------

/**
 * The motor's token: a synthetic actor's own, else its linked token in the viewed scene, else in any.
 * @returns {any}
 */
function vehicleToken(vehicle) {
  const v = vehicle;
  if (v.token) return v.token;
  const scenes = /** @type {Scene.Implementation[]} */ ([game.scenes?.viewed, ...(game.scenes ?? [])].filter(Boolean));
  for (const scene of scenes) {
    const t = scene.tokens?.find?.(x => x.actorId === vehicle.id && x.actorLink);
    if (t) return t;
  }
  return null;
}

/**
 * Whether a token stands for this actor: an unlinked token's synthetic actor is its own; a world actor's tokens are
 * its linked ones.
 * @param {any} token
 * @param {Actor.Implementation} actor
 */
function tokenOf(token, actor) {
  if (!token) return false;
  const a = actor;
  if (a.isToken) return a.token?.id === token.id;
  return token.actorId === actor.id && (token.actorLink || token.actor?.uuid === actor.uuid);
}

/**
 * The boarding actor's token in the motor's scene (the given id first).
 * @returns {any}
 */
export function occupantToken(vehicle, actor, tokenId = "") {
  const scene = vehicleToken(vehicle)?.parent;
  if (!scene) return null;
  const byId = tokenId ? scene.tokens.get(tokenId) : null;
  if (tokenOf(byId, actor)) return byId;
  return scene.tokens.find(t => tokenOf(t, actor)) ?? null;
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

/**
 * Where a leaving occupant stands: the first free square around the motor that no wall cuts off (rules/vehicles.mjs
 * alightSquare) on the scene's image, else on the canvas's padding (a motor parked there), else the motor's own square.
 * @param {any} scene
 * @param {any} vt  The motor's token.
 * @param {any} token  The leaving occupant's token.
 * @returns {{x: number, y: number}}  Canvas pixels.
 */
function alightPoint(scene, vt, token) {
  const size = scene.grid?.size ?? 100;
  const body = motorFootprint(vt);
  const motor = { i: Math.round(vt.y / size), j: Math.round(vt.x / size), w: body.width ?? 1, h: body.height ?? 1 };
  // The squares other tokens hold, looked at only round the motor (a token of any size costs no more than the ring).
  const i0 = motor.i - 1;
  const j0 = motor.j - 1;
  const busy = new Set(takenSquares(scene, { size, origin: { x: j0 * size, y: i0 * size }, rows: motor.h + 2, cols: motor.w + 2 },
    t => t.id === token.id || t.id === vt.id || !!t.getFlag?.(SYSTEM_ID, "carried")).map(q => `${q.i + i0},${q.j + j0}`));
  const rect = sceneRect(scene);
  const { rows, cols } = canvasSquares(scene);
  const walls = movementWalls(scene);
  const ask = (/** @type {{i0: number, j0: number, i1: number, j1: number}} */ bounds) => alightSquare({
    motor, bounds, taken: (i, j) => busy.has(`${i},${j}`), walls, size });
  const square = ask({ i0: Math.ceil(rect.y / size), j0: Math.ceil(rect.x / size),
    i1: Math.floor((rect.y + rect.height) / size), j1: Math.floor((rect.x + rect.width) / size) })
    ?? ask({ i0: 0, j0: 0, i1: rows, j1: cols });
  return square ? { x: square.j * size, y: square.i * size } : { x: vt.x, y: vt.y };
}

/** Put a leaving occupant's token beside the motor (alightPoint), shown as it was before boarding. */
export async function drop(vehicle, actor, tokenId) {
  const vt = vehicleToken(vehicle);
  const scene = vt?.parent;
  if (!scene) return;
  const byId = tokenId ? scene.tokens.get(tokenId) : null;
  const token = (tokenOf(byId, actor) && byId) || scene.tokens.find(t => tokenOf(t, actor)
    && t.getFlag?.(SYSTEM_ID, "carried")?.vehicle === vehicle.uuid);
  if (!token) return;
  const was = token.getFlag?.(SYSTEM_ID, "carried");
  await token.update({ ...alightPoint(scene, vt, token), hidden: was ? !!was.hidden : false,
    [`flags.${SYSTEM_ID}.-=carried`]: null }, { animate: false, smokeCarried: true });
}

/**
 * The motor's token moved: its occupants' hidden tokens follow (on the active GM's client only, which may move every
 * token). Only the seat store's occupants, and only the token the GM recorded for each when they boarded.
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
    if (t && tokenOf(t, o.actor) && (t.x !== to.x || t.y !== to.y)) updates.push({ _id: t.id, x: to.x, y: to.y });
  }
  if (updates.length) await scene.updateEmbeddedDocuments("Token", updates, { animate: false, smokeCarried: true });
}

/**
 * The board button on a motor token's HUD (v13: the HUD is an ApplicationV2 whose `document` is the TokenDocument;
 * the hook passes its HTMLElement).
 * @param {any} hud
 * @param {HTMLElement|any} html
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
  button.append(Object.assign(document.createElement("i"), { className: "fa-solid fa-car-side", inert: true }));
  button.addEventListener("click", event => {
    event.preventDefault();
    promptBoard(vehicle, { tokenId: "" });
  });
  (root.querySelector(".col.right") ?? root).append(button);
}

/** A motor or an occupant deleted: the active GM forgets the seats that are gone; open motor sheets re-render. */
function onDeleted() {
  for (const actor of game.actors ?? []) if (isVehicle(actor) && actor.sheet?.rendered) actor.sheet.render();
  if (game.user.isActiveGM) requestGM("vehicle.prune").catch(err => console.warn("The Smoke | could not prune seats", err));
}

/** The seat hooks (registered by documents/vehicle/vehicle.mjs). */
export const hooks = {
  renderTokenHUD: onRenderTokenHUD,
  deleteActor: onDeleted,
  deleteToken: onDeleted,
  /**
   * @param {any} tokenDoc
   * @param {any} movement
   */
  moveToken: (tokenDoc, movement) => {
    onMoveToken(tokenDoc, movement).catch(err => console.warn("The Smoke | occupants did not follow the motor", err));
  }
};

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
 * The scene a motor stands on: its token's (the one named, else the motor's own synthetic token), else the viewed
 * scene when the motor has a token there; null when it is on no map.
 * @param {any} vehicle
 * @param {string} [tokenId]
 * @returns {any|null} a Scene
 */
function motorScene(vehicle, tokenId = "") {
  if (vehicle?.token?.parent) return vehicle.token.parent;
  const viewed = game.scenes?.viewed;
  const on = (/** @type {Scene.Implementation | null | undefined} */ scene) =>
    scene?.tokens?.some(t => (tokenId ? t.id === tokenId : t.actorId === vehicle?.id));
  if (on(viewed)) return viewed;
  return game.scenes?.find(s => !!on(s)) ?? null;
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
  const options = candidates.map(a => ({ value: a.id ?? "", label: a.name }));
  const content = await chooseHTML({ selects: [{ label: L("SMOKE.Boarding.who"), name: "actorId", options }] });
  const data = /** @type {any} */ (await foundry.applications.api.DialogV2.input(/** @type {any} */ ({
    window: { title }, content,
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
  const scene = motorScene(vehicle, tokenId);
  const candidates = actor ? [actor] : ownedPeople().filter(a => !occupantsOf(vehicle).some(o => o.actor.uuid === a.uuid))
    // Only people on the motor's map (issue 25: Board offered characters on another map).
    .filter(a => !scene || scene.tokens.some((/** @type {TokenDocument.Implementation} */ t) => t.actorId === a.id));
  if (!candidates.length) {
    ui.notifications.warn(L("SMOKE.Boarding.noCandidates"));
    return null;
  }
  const { rows } = seating(seatsOf(vehicle), seatRecords(vehicle), actorExists);
  const free = rows.filter(r => !r.occupant);
  if (!free.length) {
    ui.notifications.warn(refusal({ reason: "full", capacity: rows.length }, vehicle, null).message);
    return null;
  }
  const who = candidates.map(a => ({ value: a.id ?? "", label: a.name }));
  const seats = [{ value: "", label: L("SMOKE.Boarding.firstFree") }, ...free.map(r => ({ value: r.seat.id, label: seatLabel(r.seat) }))];
  const content = await chooseHTML({ selects: [{ label: L("SMOKE.Boarding.who"), name: "actorId", options: who },
    { label: L("SMOKE.Boarding.seat"), name: "seat", options: seats }] });
  const data = /** @type {any} */ (await foundry.applications.api.DialogV2.input(/** @type {any} */ ({
    window: { title: L("SMOKE.Boarding.title", { vehicle: vehicle.name }) }, content,
    ok: { label: L("SMOKE.Boarding.board") } })));
  if (!data?.actorId) return null;
  try {
    return await boardVehicle(vehicle, actorFrom(data.actorId), { seat: data.seat || null, tokenId });
  } catch (err) {
    ui.notifications.warn(err.message);
    return null;
  }
}
