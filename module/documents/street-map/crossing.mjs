/**
 * Crossing an EXIT strip: the active GM moves the token — and for a motor its occupants' hidden tokens — onto the
 * linked map, at the same point along the linked strip, facing on, on the nearest free square, once.
 *
 * **Who may cross (the GM re-checks every time).** The mover owns the token; the token still stands for the actor the
 * GM recorded for it (documents/core/token-actors.mjs: a token whose `actorId` or `actorLink` a player changed, or one a
 * player made for an actor they do not own, never crosses, and the copy on the next map names the recorded actor,
 * whatever the token says by then); may see the destination scene (a GM, the active scene, or Limited on it); a
 * motor is taken across only by its driver's owner (the GM's seat store), with a hop's Fuel on the GM's record when
 * someone drives it (documents/vehicle/fuel.mjs), and a carried occupant's token never
 * crosses alone (it travels with its motor); an occupant's token that is not the GM's record of them stays behind. A strip with no link, or a link to a
 * scene or strip that is gone, does nothing and tells the GM which strip.
 *
 * **Moving between scenes, without duplicating or losing a token.** A token cannot change scene in v13: it is created
 * on the new scene (same actor, same data, a new id) and the old one deleted. The GM first writes a **crossing
 * record** (GM-only world store `the-smoke.crossings`): every token's old id, its new id (chosen now) and its data on
 * arrival, and the seats after. Then, each step idempotent: create the new tokens that are not there yet (with their
 * chosen ids), rewrite the seat store, delete the old tokens still there, drop the record. A reload at any point leaves
 * either nothing done (no record: the token is where it was) or a record that the active GM finishes on `ready`.
 *
 * **Never bouncing back.** A token lands with an arrival marker naming the strip it landed on
 * (`flags.the-smoke.arrived`); that strip's tokenMoveIn is ignored for it until it moves out of the strip.
 *
 * When it is done the GM's client calls the hook `smoke.crossed(record & {uuids})` — `uuids` maps each unlinked
 * token's old synthetic-actor UUID to its new one, for features that key something to such an actor.
 *
 * Rulebook: Playing through Foundry › Getting in; Vehicles and movement › Crossing London; Jobs and service shifts
 * (a map crossing moves the ongoing situation with them: jobs are keyed to actors and follow).
 * @module documents/street-map/crossing
 */
import { exitPoint, facingInto, freeSquare } from "../../rules/street-map.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { crossingRefusal, driverOf, occupantsOf, seatRecords, vehicleOf } from "../vehicle/vehicle.mjs";
import { writeOccupants } from "../vehicle/store.mjs";
import { leaveFights, pullViews } from "./follow.mjs";
import { bindingOf, isRecorded } from "../core/token-actors.mjs";
import { L, exitBehaviors, linkOf, rectOf, regionAt, stripName } from "./strips.mjs";
import { sceneRect, takenSquares } from "../core/scene-area.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";

export { SYSTEM_ID };
/** The crossing records, by crossing id (GM-only). */
export const crossings = gmStore("crossings");

/**
 * @typedef {object} CrossingRecord  What the GM wrote before moving anything (see the module notes).
 * @property {string} id
 * @property {string} fromSceneId
 * @property {string} toSceneId
 * @property {string} landingUuid  The strip landed on.
 * @property {string} userId  Who crossed.
 * @property {{oldId: string, newId: string, data: object}[]} tokens  The motor (or walker) first, then occupants.
 * @property {{from: string, to: string, occupants: {actorId: string, seat: string, tokenId: string}[]}|null} seats
 * @property {string[]} actorUuids  The crossing actors' UUIDs before (for the chase and the views).
 */

const isVehicle = a => a?.type === "vehicle";
/** @param {any} token */
const centreOf = token => token.getCenterPoint?.() ?? { x: token.x + 50, y: token.y + 50 };

/**
 * Why this user may not take this token across this strip, or null (read on any client: the mover's warns at once,
 * the GM's decides).
 * @param {any} user
 * @param {any} token
 * @param {any} region
 * @returns {{message: string, gm?: boolean}|null}  gm: a fault in the street map (the GM is told).
 */
export function refusal(user, token, region) {
  const behavior = exitBehaviors(region)[0];
  if (!behavior || !token || token.parent !== region.parent) return { message: L("SMOKE.StreetMap.notHere") };
  // A rider travels with the motor: the GM's seat store says who is aboard (the token's own flag is its owner's to write).
  if (token.getFlag?.(SYSTEM_ID, "carried") || (!isVehicle(token.actor) && vehicleOf(token.actor))) {
    return { message: L("SMOKE.StreetMap.carried", { name: token.name }) };
  }
  if (!user.isGM && !token.testUserPermission(user, "OWNER")) return { message: L("SMOKE.Request.notOwner", { name: token.name }) };
  if (!isRecorded(token)) return { message: L("SMOKE.Tokens.notTheirs", { name: token.name ?? "" }) };
  const name = stripName(region, behavior);
  const { toScene, toStrip } = linkOf(behavior);
  const scene = game.scenes.get(toScene);
  const landing = regionAt(toStrip);
  const where = { strip: name, scene: region.parent?.name ?? "" };
  if (!toScene && !toStrip) return { gm: true, message: L("SMOKE.StreetMap.problem.unlinked", where) };
  if (!scene) return { gm: true, message: L("SMOKE.StreetMap.problem.missingScene", where) };
  if (!landing || landing.parent !== scene || !rectOf(landing)) return { gm: true, message: L("SMOKE.StreetMap.problem.missingStrip", where) };
  if (!user.isGM && !scene.active && !scene.testUserPermission(user, "LIMITED")) {
    return { message: L("SMOKE.StreetMap.cannotSee", { scene: scene.name }) };
  }
  const actor = token.actor;
  if (isVehicle(actor) && !user.isGM) {
    const driver = driverOf(actor);
    if (!driver?.testUserPermission(user, "OWNER")) return { message: L("SMOKE.StreetMap.notDriver", { vehicle: actor.name }) };
  }
  // A driven motor needs a hop's Fuel (the GM's record: documents/vehicle/fuel.mjs).
  const dry = isVehicle(actor) ? crossingRefusal(actor) : null;
  if (dry) return { message: dry };
  return null;
}

/**
 * The point where a movement's path (its origin and the waypoints it passed) entered the region, or null.
 * @param {any} token
 * @param {any} region
 * @param {any} movement  A v13 TokenMovementOperation (`origin`, `passed.waypoints`), or nothing.
 * @returns {{x: number, y: number, elevation: number}|null}
 */
export function pathEntry(token, region, movement) {
  const half = { x: (token.width ?? 1) * (token.parent?.grid?.size ?? 100) / 2, y: (token.height ?? 1) * (token.parent?.grid?.size ?? 100) / 2 };
  const path = movement?.origin ? [movement.origin, ...(movement.passed?.waypoints ?? [])] : [];
  const pts = path.map(w => ({ x: w.x + half.x, y: w.y + half.y, elevation: w.elevation ?? 0 }));
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]; const b = pts[i];
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 10));
    for (let k = 1; k <= n; k++) {
      const p = { x: a.x + (b.x - a.x) * k / n, y: a.y + (b.y - a.y) * k / n, elevation: a.elevation };
      if (region.testPoint(p)) return p;
    }
  }
  return null;
}

/** The point where the token's path entered the region (its centre now when the path is unknown). */
function entryPoint(token, region, movement) {
  return pathEntry(token, region, movement) ?? centreOf(token);
}

/**
 * Plan the crossing: every token's arrival data, with new ids (nothing written).
 * @param {User.Stored} user
 * @param {TokenDocument.Stored} token  A token on a scene.
 * @param {RegionDocument.Implementation} region  The strip crossed.
 * @param {{x: number, y: number}} point  Where the token crossed it.
 * @returns {CrossingRecord}
 */
function plan(user, token, region, point) {
  const { toScene, toStrip } = linkOf(exitBehaviors(region)[0]);
  const scene = game.scenes.get(toScene);
  const landing = /** @type {RegionDocument.Implementation} */ (regionAt(toStrip)); // refusal() refuses a crossing without it
  const size = scene.grid?.size ?? 100;
  const bounds = sceneRect(scene);
  // Both strips have a shape: the token is in the one it crossed, and refusal() refuses a landing strip without one.
  const to = /** @type {import("../../rules/street-map.mjs").Rect} */ (rectOf(landing));
  const at = exitPoint({ from: /** @type {import("../../rules/street-map.mjs").Rect} */ (rectOf(region)), to, point });
  const w = Math.max(1, Math.round(token.width ?? 1)); const h = Math.max(1, Math.round(token.height ?? 1));
  const rows = Math.floor(bounds.height / size);
  const cols = Math.floor(bounds.width / size);
  const taken = takenSquares(scene, { size, origin: bounds, rows, cols });
  const want = { i: Math.round((at.y - bounds.y - h * size / 2) / size), j: Math.round((at.x - bounds.x - w * size / 2) / size) };
  const square = freeSquare({ at: want, w, h, taken, rows, cols }) ?? want;
  const x = bounds.x + square.j * size; const y = bounds.y + square.i * size;
  const rotation = facingInto({ strip: { ...to, x: to.x - bounds.x, y: to.y - bounds.y }, width: bounds.width, height: bounds.height });
  const id = foundry.utils.randomID();
  /**
   * @param {TokenDocument.Implementation} doc  A token on the scene left.
   * @param {Record<string, unknown>} [extra]
   */
  const arrive = (doc, extra = {}) => {
    const data = doc.toObject();
    const newId = foundry.utils.randomID();
    // The actor the GM recorded for the token, not what the token says now (a change since the check is not copied).
    const { actorId, actorLink } = /** @type {import("../core/token-actors.mjs").Binding} */ (bindingOf(doc));
    Object.assign(data, { _id: newId, x, y, _movementHistory: [], actorId, actorLink, ...extra });
    if ("_regions" in data) data._regions = []; // v13 keeps the regions a token is in: the new scene works them out
    if (data.delta && typeof data.delta === "object") data.delta._id = newId; // a token's ActorDelta has its id
    foundry.utils.setProperty(data, `flags.${SYSTEM_ID}.arrived`, landing.uuid);
    return { oldId: String(doc.id), newId, data };
  };
  const tokens = [arrive(token, { rotation })];
  /** @type {string[]} */
  const actorUuids = token.actor ? [token.actor.uuid] : [];
  const fromScene = /** @type {Scene.Stored} */ (token.parent);
  /** @type {CrossingRecord["seats"]} */
  let seats = null;
  const actor = token.actor;
  if (actor && isVehicle(actor)) {
    const newMotorUuid = actor.isToken ? `Scene.${scene.id}.Token.${tokens[0].newId}.Actor.${actor.id}` : actor.uuid;
    const aboard = new Map(occupantsOf(actor).map(o => [o.actor.uuid, o]));
    const occupants = [];
    for (const rec of seatRecords(actor)) {
      const o = aboard.get(rec.actorId);
      const old = o && rec.tokenId ? fromScene.tokens.get(rec.tokenId) : null;
      if (!old || !isRecorded(old)) { occupants.push(rec); continue; }
      const carried = { ...(old.getFlag(SYSTEM_ID, "carried") ?? { hidden: !!old.hidden }), vehicle: newMotorUuid };
      const moved = arrive(old, { hidden: true, rotation });
      foundry.utils.setProperty(moved.data, `flags.${SYSTEM_ID}.carried`, carried);
      tokens.push(moved);
      actorUuids.push(rec.actorId);
      const uuid = o?.actor.isToken ? `Scene.${scene.id}.Token.${moved.newId}.Actor.${o.actor.id}` : rec.actorId; // o: old was found by it
      occupants.push({ actorId: uuid, seat: rec.seat, tokenId: moved.newId });
    }
    seats = { from: actor.uuid, to: newMotorUuid, occupants };
  }
  return { id, fromSceneId: fromScene.id, toSceneId: scene.id, landingUuid: landing.uuid, userId: user.id, tokens, seats, actorUuids };
}

/** @type {Promise<unknown>} */
let queue = Promise.resolve();

/**
 * GM: take a token across a strip (see the module notes). Runs one crossing at a time; a token already crossing, or
 * gone, is left alone.
 * @param {any} user  The mover (authenticated: the update's user, or the request's).
 * @param {any} token  The TokenDocument.
 * @param {any} region  The strip's RegionDocument.
 * @param {{movement?: any}} [options]  The movement that brought it in (for the entry point).
 * @returns {Promise<{sceneId: string, tokenIds: string[]}|null>}  null when nothing crossed.
 * @throws {Error} the refusal, in words (a street-map fault is also shown to the GM).
 */
export function cross(user, token, region, { movement = null } = {}) {
  if (!game.user.isActiveGM) return Promise.reject(new Error(L("SMOKE.Combat.gmOnly")));
  const run = async () => {
    if (!token?.parent?.tokens?.get(token.id)) return null; // gone: crossed already
    if (Object.values(crossings.all() ?? {}).some(r => r?.tokens?.some(t => t.oldId === token.id))) return null;
    const no = refusal(user, token, region);
    if (no) {
      if (no.gm) ui.notifications.warn(no.message, { permanent: true });
      throw new Error(no.message);
    }
    // Only the user who moved a token may stop its movement: v13 throws for anyone else (core client/documents/token.mjs
    // `#stopMovement`; fvtt-types token.d.mts "Only the User that initiated the movement can stop it"). A player's own
    // client stops their drag at the strip (street-map.mjs); here only the GM's own.
    if (token.movement?.user?.isSelf) {
      try {
        token.stopMovement?.();
      } catch (err) {
        console.warn("The Smoke | could not stop a movement", err);
      }
    }
    await token.object?.movementAnimationPromise;
    if (!isRecorded(token)) throw new Error(L("SMOKE.Tokens.notTheirs", { name: token.name ?? "" })); // changed meanwhile
    const record = plan(user, token, region, entryPoint(token, region, movement));
    await crossings.set(record.id, record);
    return finish(record);
  };
  const result = queue.then(run);
  queue = result.catch(() => null);
  return result;
}

/**
 * GM: carry out a crossing record, each step only if not done yet, then forget it (see the module notes).
 * @param {CrossingRecord} record
 * @returns {Promise<{sceneId: string, tokenIds: string[]}>}
 */
export async function finish(record) {
  const to = game.scenes.get(record.toSceneId);
  const from = game.scenes.get(record.fromSceneId);
  if (to) {
    const missing = record.tokens.filter(t => !to.tokens.get(t.newId));
    if (missing.length) await to.createEmbeddedDocuments("Token", missing.map(t => t.data), { keepId: true, smokeCrossing: record.id });
  }
  if (record.seats && to) {
    if (record.seats.to !== record.seats.from) await writeOccupants(record.seats.from, []);
    await writeOccupants(record.seats.to, record.seats.occupants);
  }
  // The fights on the map left behind first: deleting a token deletes its combatants (v13 TokenDocument
  // _onDeleteOperation → Combat._onDeleteTokens, core client/documents/combat.mjs), so who left a chase is read before.
  if (to && from) await leaveFights(record, from, to).catch(err => console.warn("The Smoke | leaving a fight", err));
  const stale = to ? record.tokens.filter(t => from?.tokens.get(t.oldId)).map(t => t.oldId) : [];
  if (stale.length) await from.deleteEmbeddedDocuments("Token", stale, { smokeCrossing: record.id });
  await crossings.set(record.id, null);
  if (to) Hooks.callAll("smoke.crossed", { ...record, uuids: uuidChanges(record) });
  if (to) pullViews(record, to);
  return { sceneId: record.toSceneId, tokenIds: record.tokens.map(t => t.newId) };
}

/**
 * The actor UUIDs a crossing changed (an unlinked token's synthetic actor is named by its token): old → new.
 * @param {CrossingRecord} record
 * @returns {Record<string, string>}
 */
export function uuidChanges(record) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const t of record.tokens) {
    const actorId = t.data.actorId;
    if (t.data.actorLink || !actorId) continue;
    out[`Scene.${record.fromSceneId}.Token.${t.oldId}.Actor.${actorId}`] = `Scene.${record.toSceneId}.Token.${t.newId}.Actor.${actorId}`;
  }
  return out;
}

/** GM (ready): finish every crossing a reload interrupted. */
export async function resumeCrossings() {
  if (!game.user.isActiveGM) return;
  for (const record of Object.values(crossings.all() ?? {})) {
    if (record?.id) await (queue = queue.then(() => finish(record)).catch(err => console.warn("The Smoke | resuming a crossing", err)));
  }
}
