/**
 * The chase gauge on the map: each driving action measured from the motor token's real movement, the check at each
 * line (or an evasive manoeuvre when a move crosses another motor), starting a driving action.
 *
 * **Where the gauge lives.** On the motor's TokenDocument, `flags["the-smoke"].gauge` ({@link GaugeFlag}), so every
 * client on the scene sees it (the HUD, apps/chase-gauge.mjs, reads it). The active GM writes the start of a driving
 * action (`chase.drive`, which also spends the speed die), a check's result (`chase.resolve`, after re-checking the
 * roll) and the loss of control. The distance travelled is written by the client that moves the token, **in the
 * move's own update** (`preUpdateToken` adds it to the position change), so the position and the gauge never
 * disagree and a second move reads the first one's total. A driving action is open from Drive until the next speed
 * die of the fight is spent (or the round ends); moving the motor of a fight without an open action is refused for a
 * player (the GM's free move is allowed, unmeasured, with a notice).
 *
 * **A move over a line or into another motor** is refused by `preMoveToken` (v13 calls it synchronously, so no roll can
 * happen inside it); the moving client then moves the token as far as it may — to the line, or to the square before
 * the contact — marks the check as due (`pending`) and opens the driving check (Wheels with the motor's Performance,
 * documents/vehicle.mjs rollDriving). The HUD offers the same check to the driver's player and the GM until it is
 * made. Beyond red's limit the move is cut at the limit, or refused with a message when nothing is left.
 *
 * Rulebook: The chase gauge; Skids, collisions and contact › Evasive manoeuvre.
 * @module documents/chase/gauge
 */
import { evasiveManoeuvre, gaugeState, planMove } from "../../rules/chase-gauge.mjs";
import { requestGM } from "../requests.mjs";
import { GAUGE_BANDS, isVehicle, L, refuseCard, signed, sys, SYSTEM_ID, warn } from "./common.mjs";
import { actionOpen, chaseCombatOf, gaugeOf, movedSquares } from "./map.mjs";
import { driveRoll, driveStatus, mayRoll } from "./units.mjs";

/**
 * @typedef {import("./common.mjs").GaugeFlag} GaugeFlag
 * @typedef {import("./common.mjs").MotorToken} MotorToken
 */

const MOVE_KEYS = ["x", "y", "elevation", "width", "height", "shape"];

// ------------------------------------------------------------------------------------------------ the path of a move

/**
 * @typedef {object} PathStep  A position the moving token passes.
 * @property {number} x  @property {number} y  Top-left pixels.
 * @property {number} seg      The waypoint (1-based) this step leads to.
 * @property {number} squares  Squares from the origin to here, measured as the move is.
 */

/**
 * The grid steps of a move through its waypoints, each with the squares travelled to it.
 * @param {MotorToken} doc @param {any} movement @returns {PathStep[]}
 */
function walkPath(doc, movement) {
  const grid = doc.parent.grid;
  const origin = { x: movement.origin.x, y: movement.origin.y };
  const wps = movement.passed.waypoints.map(w => ({ x: w.x, y: w.y }));
  const all = [origin, ...wps];
  const half = (grid.size ?? 100) / 2;
  const centre = p => ({ x: p.x + half, y: p.y + half });
  /** @type {PathStep[]} */
  const steps = [];
  for (let s = 1; s < all.length; s++) {
    const offsets = grid.getDirectPath([centre(all[s - 1]), centre(all[s])]);
    for (let k = 1; k < offsets.length; k++) {
      const tl = grid.getTopLeftPoint(offsets[k]);
      steps.push({ x: tl.x, y: tl.y, seg: s, squares: 0 });
    }
    if (offsets.length > 1) Object.assign(steps[steps.length - 1], { x: all[s].x, y: all[s].y });
  }
  const measure = pts => (typeof doc.measureMovementPath === "function" ? doc.measureMovementPath(pts).spaces : pts.length - 1);
  for (const step of steps) step.squares = measure([origin, ...wps.slice(0, step.seg - 1), { x: step.x, y: step.y }]);
  return steps;
}

/**
 * The waypoints of the part of a move up to `squares` squares.
 * @param {any} movement @param {PathStep[]} steps @param {number} squares @returns {{x: number, y: number}[]}
 */
function cutWaypoints(movement, steps, squares) {
  const wps = movement.passed.waypoints.map(w => ({ x: w.x, y: w.y }));
  const last = steps.filter(s => s.squares <= squares).at(-1);
  if (!last) return [];
  return [...wps.slice(0, last.seg - 1), { x: last.x, y: last.y }];
}

/**
 * The first other motor a move runs into (Skids, collisions and contact › Evasive manoeuvre: "When a move crosses
 * another vehicle"): the first step whose squares overlap a visible motor's token, other than those already met in
 * this action or overlapping the mover where it started.
 * @param {MotorToken} doc @param {PathStep[]} steps @param {string[]} resolved
 * @returns {{other: any, at: number}|null}  at: squares travelled in this move up to the square before the contact.
 */
function firstContact(doc, steps, resolved) {
  const key = o => `${o.i},${o.j}`;
  const start = new Set(doc.getOccupiedGridSpaceOffsets().map(key));
  const others = doc.parent.tokens.filter(t => t.id !== doc.id && !t.hidden && isVehicle(t.actor) && !resolved.includes(t.id))
    .map(t => ({ t, spaces: new Set(t.getOccupiedGridSpaceOffsets().map(key)) }))
    .filter(o => ![...o.spaces].some(s => start.has(s)));
  if (!others.length) return null;
  let before = 0;
  for (const step of steps) {
    const here = doc.getOccupiedGridSpaceOffsets({ x: step.x, y: step.y }).map(key);
    const hit = others.find(o => here.some(s => o.spaces.has(s)));
    if (hit) return { other: hit.t, at: before };
    before = step.squares;
  }
  return null;
}

// ------------------------------------------------------------------------------------------------ moving a motor

/** Gauge totals to write with a move, keyed by token id (preMoveToken → preUpdateToken on the moving client). */
const pendingWrites = new Map();

/**
 * preMoveToken (the moving client only; synchronous): measure the move on the gauge; let it through, or refuse it and
 * move the motor only as far as it may, with the check due there.
 * @param {MotorToken} doc @param {any} movement @param {any} operation
 * @returns {false|void}
 */
export function onPreMoveToken(doc, movement, operation) {
  if (operation?.smokeCarried || !isVehicle(doc.actor)) return undefined;
  const combat = chaseCombatOf(doc);
  if (!combat) return undefined;
  const vehicle = doc.actor;
  const g = gaugeOf(doc);
  const squares = movedSquares(movement, doc.parent);
  if (!squares) return undefined;
  const status = driveStatus(vehicle);
  if (!status.ok) {
    // Burning, a wreck, or nobody at the wheel: it does not drive (the GM may still place its token, unmeasured).
    if (game.user.isGM) return undefined;
    warn(status.message);
    return false;
  }
  if (!actionOpen(g, combat)) {
    if (game.user.isGM) {
      ui.notifications.info(L("SMOKE.Chase.unmeasured", { vehicle: vehicle.name }));
      return undefined;
    }
    warn(L("SMOKE.Chase.driveFirst", { vehicle: vehicle.name }));
    return false;
  }
  const gauge = /** @type {GaugeFlag} */ (g);
  if (gauge.ended) {
    warn(L(`SMOKE.Chase.ended.${gauge.ended}`, { vehicle: vehicle.name }));
    return false;
  }
  if (gauge.pending && !operation?.smokeGauge) {
    warn(pendingText(vehicle, gauge));
    return false;
  }
  const speed = sys(vehicle).adjusted.speed;
  const plan = planMove({ speed, travelled: gauge.travelled, squares, cleared: gauge.cleared });
  const grid = doc.parent.grid;
  const steps = grid && !grid.isGridless ? walkPath(doc, movement) : null;
  const contact = steps ? firstContact(doc, steps, gauge.resolved ?? []) : null;
  // The first thing the motor meets stops it: a line (checked before carrying on), or another motor short of it.
  const hitsFirst = !!contact && (!plan.stop || contact.at < plan.allowed);
  const cutMove = operation?.smokeGauge;
  if (!plan.stop && !contact) {
    pendingWrites.set(doc.id, { movementId: movement.id,
      gauge: { ...gauge, travelled: gauge.travelled + squares, lastMove: movement.id, pending: cutMove?.pending ?? gauge.pending } });
    return undefined;
  }
  if (cutMove) {
    // A cut move ends on the line or short of the contact, so it never needs cutting again; if it does, stop here.
    console.warn("The Smoke | a move cut at the gauge's line still crossed it", { plan, contact });
    return false;
  }
  /** @type {GaugeFlag["pending"]} */
  let pending = null;
  let stop = plan.allowed;
  if (hitsFirst && contact) {
    stop = contact.at;
    pending = { kind: "contact", band: /** @type {any} */ (gaugeState(speed, gauge.travelled + stop).band), other: contact.other.id };
  } else if (plan.stop && plan.stop.band !== "over") {
    pending = { kind: "line", band: plan.stop.band, other: "" };
  }
  if (!steps) {
    // A gridless scene: no cutting along the path; say how far it may go.
    warn(L("SMOKE.Chase.stopAt", { vehicle: vehicle.name, squares: stop }));
    if (!stop && pending) cutAndPrompt(doc, [], { ...gauge, pending }).catch(err => console.warn("The Smoke | gauge", err));
    return false;
  }
  if (!pending) {
    if (!stop) {
      warn(L("SMOKE.Chase.redLimit", { vehicle: vehicle.name }));
      return false;
    }
    warn(L("SMOKE.Chase.stoppedAtLimit", { vehicle: vehicle.name, squares: gauge.travelled + stop }));
  }
  const rest = pending ? restWaypoints(movement, steps, stop) : [];
  cutAndPrompt(doc, cutWaypoints(movement, steps, stop), { ...gauge, pending }, rest)
    .catch(err => console.warn("The Smoke | the gauge could not stop the motor at the line", err));
  return false;
}

/**
 * The rest of a move after the point it was cut at: the end of the cut segment and the waypoints after it.
 * @param {any} movement @param {PathStep[]} steps @param {number} squares @returns {{x: number, y: number}[]}
 */
function restWaypoints(movement, steps, squares) {
  const wps = movement.passed.waypoints.map(w => ({ x: w.x, y: w.y }));
  const last = steps.filter(s => s.squares <= squares).at(-1);
  return wps.slice(last ? last.seg - 1 : 0);
}

/**
 * Move the motor as far as it may (the line, the square before a contact, red's limit), mark the check due and open
 * it for the driver (when this user may roll it). When the check lets the motor carry on, the rest of the move follows
 * (measured again: it may stop at the next line), so a move over a line takes one drag and one roll.
 * @param {MotorToken} doc @param {{x: number, y: number}[]} waypoints @param {GaugeFlag} state
 * @param {{x: number, y: number}[]} [rest]  Where the move was going after the cut.
 */
async function cutAndPrompt(doc, waypoints, state, rest = []) {
  restOf.delete(/** @type {string} */ (doc.id));
  if (waypoints.length) {
    await doc.move(waypoints, /** @type {any} */ ({ smokeGauge: { pending: state.pending, action: state.action } }));
  } else if (state.pending) {
    await doc.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.gauge`]: state }));
  }
  const g = gaugeOf(doc);
  if (!g?.pending) return;
  if (rest.length) restOf.set(/** @type {string} */ (doc.id), { action: g.action, rest });
  ui.notifications.info(pendingText(doc.actor, g));
  if (!mayRoll(doc.actor)) return;
  await rollGaugeCheck(doc);
}

/**
 * Where a move cut at a line or a contact was going, per motor token, on the client that made the move: when the
 * check lets the motor carry on — from the dialog that opened or later from the gauge's Make the check — the rest
 * of the move follows.
 * @type {Map<string, {action: string, rest: {x: number, y: number}[]}>}
 */
const restOf = new Map();

/** After a passed check, carry on with the rest of the cut move (if this client made it, in the same action). */
async function carryOn(token) {
  const r = restOf.get(token.id);
  const after = gaugeOf(token);
  if (!r || !after || after.pending || after.ended || after.action !== r.action) return;
  restOf.delete(token.id);
  await token.move(r.rest);
}

/** The check due, in words. @param {any} vehicle @param {GaugeFlag} g @returns {string} */
export function pendingText(vehicle, g) {
  const p = /** @type {NonNullable<GaugeFlag["pending"]>} */ (g.pending);
  if (p.kind === "line") {
    const row = GAUGE_BANDS.find(b => b.id === p.band);
    return L("SMOKE.Chase.lineDue", { vehicle: vehicle.name, band: L(`SMOKE.Vehicle.gauge.${p.band}`), squares: g.travelled,
      check: L(`SMOKE.Band.${row?.check ?? "medium"}`), handling: signed(row?.handling ?? 0) });
  }
  const other = vehicle.parent?.tokens?.get?.(p.other) ?? game.scenes?.viewed?.tokens?.get(p.other) ?? null;
  return L("SMOKE.Chase.contactDue", { vehicle: vehicle.name, other: other?.name ?? "",
    check: L(`SMOKE.Band.${evasiveManoeuvre({ band: p.band }).check}`) });
}

/** preUpdateToken on the moving client: the gauge total goes with the position. */
export function onPreUpdateToken(doc, changes, options) {
  const w = pendingWrites.get(doc.id);
  if (!w || !MOVE_KEYS.some(k => k in changes)) return;
  const movementId = options?.movement?.[doc.id]?.id;
  if (movementId && movementId !== w.movementId) return;
  pendingWrites.delete(doc.id);
  foundry.utils.setProperty(changes, `flags.${SYSTEM_ID}.gauge`, w.gauge);
}

/** moveToken on the moving client: if the total did not travel with the position, write it now. */
export function onMoveToken(doc, movement, operation, user) {
  if (user && user.id !== game.user.id) return;
  const w = pendingWrites.get(doc.id);
  if (!w || w.movementId !== movement?.id) return;
  pendingWrites.delete(doc.id);
  if (gaugeOf(doc)?.lastMove !== movement.id) {
    doc.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.gauge`]: w.gauge })).catch(err => console.warn("The Smoke | gauge", err));
  }
}

/**
 * Make the check due on a motor's gauge (at a line, or an evasive manoeuvre on contact) and have the GM apply it.
 * @param {any} token  The motor's TokenDocument.
 * @param {{skipDialog?: boolean}} [options]
 * @returns {Promise<any>}  The GM's result ({outcome, …}), or null when refused or closed (a warning says why).
 */
export async function rollGaugeCheck(token, { skipDialog = false } = {}) {
  const g = gaugeOf(token);
  const vehicle = token?.actor;
  if (!g?.pending || !vehicle) return warn(L("SMOKE.Chase.nothingDue"));
  const p = g.pending;
  const check = p.kind === "line" ? GAUGE_BANDS.find(b => b.id === p.band)?.check ?? "medium" : evasiveManoeuvre({ band: p.band }).check;
  const message = await driveRoll(vehicle, { gauge: p.band, band: check, skipDialog,
    flags: { chase: { kind: p.kind, tokenUuid: token.uuid, action: g.action, band: p.band, other: p.other ?? "" } } });
  if (!message) return null;
  let result;
  try {
    result = await requestGM("chase.resolve", { messageId: message.id });
  } catch (err) {
    return refuseCard(message, err.message);
  }
  if (result) await carryOn(token);
  return result;
}

/**
 * Start a driving action on the current speed die (the console's Drive): the GM spends the die and sets the motor's
 * gauge to zero.
 * @param {any} combat @param {any} combatant
 * @returns {Promise<{tokenId: string}|null>}  null when refused (a warning says why).
 */
export async function startDriving(combat, combatant) {
  try {
    return await requestGM("chase.drive", { combatId: combat.id, combatantId: combatant.id });
  } catch (err) {
    return warn(err.message);
  }
}
