/**
 * Reading the map for the chase: a motor token's gauge, the scene a fight is on, a motor's token, squares between
 * tokens and squares a move passed, the motor a combatant drives or rides in, the fight a motor's token takes part in,
 * whether a driving action is still open, and where a combatant is (positions are the motor's token for anyone aboard
 * one).
 *
 * Rulebook: The chase gauge; Skids, collisions and contact.
 * @module documents/chase/map
 */
import { occupantsOf, vehicleDrivenBy, vehicleOf } from "../vehicle/vehicle.mjs";
import { gaugeOn, isVehicle } from "./common.mjs";

/**
 * @typedef {import("./common.mjs").GaugeFlag} GaugeFlag
 * @typedef {import("./common.mjs").MotorToken} MotorToken
 */

// ------------------------------------------------------------------------------------------------ reading the map

/**
 * The gauge of a motor's token, as the GM recorded it on the fight it drives in (never the token's own flags, which
 * its owner may write), or null.
 * @param {any} token  A TokenDocument.
 * @returns {GaugeFlag|null}
 */
export function gaugeOf(token) {
  if (!token?.id) return null;
  const fights = /** @type {any[]} */ ([chaseCombatOf(token), game.combat, ...(game.combats?.contents ?? [])].filter(Boolean));
  for (const c of fights) {
    const g = gaugeOn(c, token.id);
    if (g && (!g.tokenUuid || g.tokenUuid === token.uuid)) return g;
  }
  return null;
}

/**
 * Whether two actors are the same one. Two unlinked tokens of one base actor are each their own synthetic actor whose
 * \`id\` is the base actor's: they are told apart by uuid. A world actor stands for its (linked or lone) token's actor,
 * so a world actor and a synthetic one of that actor match by id.
 * @param {any} a
 * @param {any} b
 * @returns {boolean}
 */
export const sameActor = (a, b) => !!a && !!b && (a.uuid === b.uuid || ((!a.isToken || !b.isToken) && a.id === b.id));

/**
 * The combatant of a fight that is this actor (by uuid: a synthetic actor is its token's own), or null.
 * @param {any} combat
 * @param {any} actor
 * @returns {any}
 */
export function combatantOfActor(combat, actor) {
  if (!actor) return null;
  return combat?.combatants?.find(c => sameActor(c.actor, actor)) ?? null;
}

/**
 * The scene a fight is on: its own, else its first combatant's token's, else the viewed one.
 * @param {any} combat
 * @returns {any}
 */
export function sceneOf(combat) {
  return combat?.scene ?? combat?.combatants?.find(c => c.token)?.token?.parent ?? game.scenes?.viewed ?? null;
}

/**
 * A motor's token on a scene (a synthetic actor's own; else the linked token, else any token of that actor).
 * @param {any} vehicle
 * @param {any} scene
 * @returns {MotorToken|null}
 */
export function vehicleTokenIn(vehicle, scene) {
  if (!vehicle) return null;
  if (vehicle.token && (!scene || vehicle.token.parent === scene)) return vehicle.token;
  const tokens = scene?.tokens;
  if (!tokens) return null;
  // A world actor's linked token; else its one unlinked token — with two or more (two police cars of one actor) each
  // is its own synthetic actor (handled above) and none is "the" world actor's.
  const linked = tokens.find(t => t.actorId === vehicle.id && t.actorLink);
  if (linked) return linked;
  const unlinked = tokens.filter(t => t.actorId === vehicle.id);
  return unlinked.length === 1 ? unlinked[0] : null;
}

/**
 * Squares between two tokens on a square grid: the fewest grid spaces between any square one covers and any square
 * the other covers (a motor two squares long is measured from its nearest end). On a gridless scene, centre to centre
 * in grid units.
 * @param {any} a
 * @param {any} b  TokenDocuments.
 * @returns {number|null}  null when either is missing or they are on different scenes.
 */
export function squaresBetween(a, b) {
  if (!a || !b || a.parent !== b.parent) return null;
  const grid = a.parent.grid;
  if (!grid || grid.isGridless) {
    const size = grid?.size ?? 100;
    const ca = a.getCenterPoint();
    const cb = b.getCenterPoint();
    return Math.hypot(ca.x - cb.x, ca.y - cb.y) / size;
  }
  let best = Infinity;
  for (const p of a.getOccupiedGridSpaceOffsets()) {
    for (const q of b.getOccupiedGridSpaceOffsets()) {
      best = Math.min(best, grid.measurePath([grid.getCenterPoint(p), grid.getCenterPoint(q)]).spaces);
    }
  }
  return best;
}

/**
 * Squares a movement passed: its grid spaces (on a gridless scene its distance over the grid's distance).
 * @param {any} movement  A v13 TokenMovementOperation.
 * @param {any} scene
 * @returns {number}
 */
export function movedSquares(movement, scene) {
  const grid = scene?.grid;
  if (grid?.isGridless) return (movement?.passed?.distance ?? 0) / (grid.distance || 1);
  return movement?.passed?.spaces ?? 0;
}

/**
 * The motor a combatant moves: the motor itself, or the one its actor drives.
 * @param {any} combatant
 * @returns {any}
 */
export function motorOf(combatant) {
  const actor = combatant?.actor;
  if (!actor) return null;
  return isVehicle(actor) ? actor : vehicleDrivenBy(actor);
}

/**
 * The motor a combatant is in, whatever the seat (a ram or a PIT on someone aboard hits their motor), or the motor
 * itself.
 * @param {any} combatant
 * @returns {any}
 */
export function motorAboard(combatant) {
  const actor = combatant?.actor;
  if (!actor) return null;
  return isVehicle(actor) ? actor : vehicleOf(actor)?.vehicle ?? null;
}

/**
 * The fight a motor's token takes part in: a started fight on its scene with the motor, or someone aboard it, as a
 * combatant (the viewed fight first).
 * @param {any} token
 * @returns {any}
 */
export function chaseCombatOf(token) {
  const vehicle = token?.actor;
  if (!isVehicle(vehicle)) return null;
  const aboard = new Set(occupantsOf(vehicle).map(o => o.actor.uuid));
  const fights = /** @type {any[]} */ ([game.combat, ...(game.combats?.contents ?? [])].filter(Boolean));
  return fights.find(c => c.started && (!c.scene || c.scene === token.parent) && c.combatants.some(x =>
    (x.tokenId && x.tokenId === token.id) || sameActor(x.actor, vehicle) || aboard.has(x.actor?.uuid))) ?? null;
}

/**
 * Whether a driving action is still open: same fight and round, and its die is the last one spent (speed dice) or it
 * is still that combatant's turn (the simple tracker).
 * @param {GaugeFlag|null} g
 * @param {any} combat
 * @returns {boolean}
 */
export function actionOpen(g, combat) {
  if (!g || !combat || g.combatId !== combat.id || g.round !== combat.round) return false;
  if (combat.isSpeed) {
    const last = combat.queue.last;
    return !!last && last.combatantId === g.combatantId && last.spent === g.spend;
  }
  return combat.combatant?.id === g.combatantId && combat.turn === g.turn;
}

/**
 * Where a combatant is on the map: the token of the motor it rides in, else its own token.
 * @param {any} combatant
 * @param {any} scene
 * @returns {any}
 */
export function positionOf(combatant, scene) {
  const actor = combatant?.actor;
  const ride = actor && !isVehicle(actor) ? vehicleOf(actor) : null;
  if (ride) return vehicleTokenIn(ride.vehicle, scene);
  return combatant?.token ?? (actor ? actor.token ?? vehicleTokenIn(actor, scene) : null);
}
