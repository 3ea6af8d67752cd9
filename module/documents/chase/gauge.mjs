/**
 * The chase gauge on the map: each driving action measured from the motor token's real movement, the check at each
 * line (or an evasive manoeuvre when a move crosses another motor), starting a driving action.
 *
 * **Where the gauge lives: with the GM.** On the fight, `combat.system.gauges[tokenId]` ({@link GaugeFlag}), which
 * only a GM writes (the driver owns the motor's token and could rewrite anything kept on it). Every client reads it
 * (the HUD, apps/chase-gauge.mjs). The active GM writes the start of a driving action (`chase.drive`, which also spends
 * the speed die), every move's squares, the checks due and their results:
 * - **Travelled is the GM's own measure.** On every move of a motor token (`moveToken` fires on every client, the
 *   active GM's too) the GM measures the path from where *it* last saw the token through the movement's passed
 *   waypoints to where the token now is (a position changed without a movement — `noHook`, a bare update — is
 *   measured straight). A move that crosses a line not yet cleared, or runs into another motor, makes that check due
 *   on the GM's record whatever the moving client did; further moves leave it due.
 * - **The moving client stops a drag at the line** (UX): `preMoveToken` (synchronous, so no roll inside it) refuses a
 *   move over a line or into another motor, moves the token as far as it may, and asks the GM to mark the check due
 *   there (`chase.due`: the GM checks the motor stands on the line, or next to that motor). Beyond red's limit the
 *   move is cut at the limit, or refused with a message when nothing is left.
 * - **The check is a roll the GM issued** (`chase.issueCheck`, documents/core/roll-claims.mjs): the GM fixes the roller
 *   (the driver, or a unit's crew for the GM), Wheels and the TN of the band due; `chase.resolve` claims the card and
 *   applies the outcome re-derived from its own roll. A hand-made card, or one for another check, is refused.
 * A driving action is open from Drive until the next speed die of the fight is spent (or the round ends); moving the
 * motor of a fight without an open action is refused for a player (the GM's free move is allowed, unmeasured).
 *
 * Rulebook: The chase gauge; Skids, collisions and contact › Evasive manoeuvre.
 * @module documents/chase/gauge
 */
import { evasiveManoeuvre, failedGaugeCheck, gaugeState, planMove } from "../../rules/chase-gauge.mjs";
import { bandTN } from "../../rules/check.mjs";
import { spendDieAsGM } from "../fight/combat.mjs";
import { assertOwner, requestGM } from "../core/requests.mjs";
import { claimRoll, issueRoll } from "../core/roll-claims.mjs";
import {
  GAUGE_BANDS, L, SYSTEM_ID, combatFrom, gaugeOn, isVehicle, refuseCard, signed, succeeded, warn, writeGauge
} from "./common.mjs";
import { actionOpen, chaseCombatOf, gaugeOf, movedSquares, sceneOf, squaresBetween, vehicleTokenIn } from "./map.mjs";
import { driveRoll, driveSpec, driveStatus, driverAt, mayRoll, unitWheels } from "./units.mjs";
import { harmRiders, harmVehicle, injuryLine, postCard } from "./harm.mjs";
import { rainBand } from "../street/setup.mjs";
import { conditionOf, motorNumbers, printedOf } from "../vehicle/vehicle.mjs";
import { recordedDice } from "../core/record.mjs";

/**
 * @typedef {import("./common.mjs").GaugeFlag} GaugeFlag
 * @typedef {import("./common.mjs").MotorToken} MotorToken
 * @typedef {import("../../rules/chase-gauge.mjs").GaugeBand} GaugeBand
 */

// ------------------------------------------------------------------------------------------------ the path of a move

/**
 * @typedef {object} PathStep  A position the moving token passes.
 * @property {number} x
 * @property {number} y  Top-left pixels.
 * @property {number} seg      The waypoint (1-based) this step leads to.
 * @property {number} squares  Squares from the origin to here, measured as the move is.
 */

/**
 * The grid steps of a move through its waypoints, each with the squares travelled to it.
 * @param {MotorToken} doc
 * @param {any} movement
 * @returns {PathStep[]}
 */
function walkPath(doc, movement) {
  return walkFrom(doc, { x: movement.origin.x, y: movement.origin.y }, movement.passed.waypoints.map(w => ({ x: w.x, y: w.y })));
}

/**
 * The grid steps from a point through waypoints, each with the squares travelled to it.
 * @param {MotorToken} doc
 * @param {{x: number, y: number}} origin
 * @param {{x: number, y: number}[]} wps
 * @returns {PathStep[]}
 */
function walkFrom(doc, origin, wps) {
  const grid = doc.parent.grid;
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
 * @param {any} movement
 * @param {PathStep[]} steps
 * @param {number} squares
 * @returns {{x: number, y: number}[]}
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
 * @param {MotorToken} doc
 * @param {PathStep[]} steps
 * @param {string[]} resolved
 * @param {{x: number, y: number}|null} [from]  Where the move started (default: where the token is now).
 * @returns {{other: any, at: number}|null}  at: squares travelled in this move up to the square before the contact.
 */
function firstContact(doc, steps, resolved, from = null) {
  const key = o => `${o.i},${o.j}`;
  const start = new Set((from ? doc.getOccupiedGridSpaceOffsets(from) : doc.getOccupiedGridSpaceOffsets()).map(key));
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

/**
 * preMoveToken (the moving client only; synchronous): measure the move on the GM's gauge; let it through, or refuse it
 * and move the motor only as far as it may, with the check due there. UX only: the GM measures the move again.
 * @param {MotorToken} doc
 * @param {any} movement
 * @param {any} operation
 * @returns {false|void}
 */
export function onPreMoveToken(doc, movement, operation) {
  if (operation?.smokeCarried || !isVehicle(doc.actor)) return undefined;
  const combat = chaseCombatOf(doc);
  if (!combat) return undefined;
  const vehicle = doc.actor;
  const g = gaugeOn(combat, doc.id);
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
  if (gauge.pending) {
    warn(pendingText(vehicle, gauge));
    return false;
  }
  if (operation?.smokeGauge) return undefined; // the cut move itself: it ends on the line or short of the contact
  const speed = motorNumbers(vehicle).speed;
  const plan = planMove({ speed, travelled: gauge.travelled, squares, cleared: gauge.cleared });
  const grid = doc.parent.grid;
  const steps = grid && !grid.isGridless ? walkPath(doc, movement) : null;
  const contact = steps ? firstContact(doc, steps, gauge.resolved ?? []) : null;
  // The first thing the motor meets stops it: a line (checked before carrying on), or another motor short of it.
  const hitsFirst = !!contact && (!plan.stop || contact.at < plan.allowed);
  if (!plan.stop && !contact) return undefined;
  /** @type {GaugeFlag["pending"]} */
  let pending = null;
  let stop = plan.allowed;
  if (hitsFirst && contact) {
    stop = contact.at;
    pending = { kind: "contact", band: /** @type {GaugeBand} */ (gaugeState(speed, gauge.travelled + stop).band), other: contact.other.id };
  } else if (plan.stop && plan.stop.band !== "over") {
    pending = { kind: "line", band: plan.stop.band, other: "" };
  }
  if (!steps) {
    // A gridless scene: no cutting along the path; say how far it may go.
    warn(L("SMOKE.Chase.stopAt", { vehicle: vehicle.name, squares: stop }));
    if (!stop && pending) cutAndPrompt(doc, [], pending).catch(err => console.warn("The Smoke | gauge", err));
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
  cutAndPrompt(doc, cutWaypoints(movement, steps, stop), pending, rest)
    .catch(err => console.warn("The Smoke | the gauge could not stop the motor at the line", err));
  return false;
}

/**
 * The rest of a move after the point it was cut at: the end of the cut segment and the waypoints after it.
 * @param {any} movement
 * @param {PathStep[]} steps
 * @param {number} squares
 * @returns {{x: number, y: number}[]}
 */
function restWaypoints(movement, steps, squares) {
  const wps = movement.passed.waypoints.map(w => ({ x: w.x, y: w.y }));
  const last = steps.filter(s => s.squares <= squares).at(-1);
  return wps.slice(last ? last.seg - 1 : 0);
}

/**
 * Move the motor as far as it may (the line, the square before a contact, red's limit), ask the GM to mark the check
 * due there and open it for the driver (when this user may roll it). When the check lets the motor carry on, the rest
 * of the move follows (measured again: it may stop at the next line), so a move over a line takes one drag and one
 * roll.
 * @param {MotorToken} doc
 * @param {{x: number, y: number}[]} waypoints
 * @param {GaugeFlag["pending"]} pending
 * @param {{x: number, y: number}[]} [rest]  Where the move was going after the cut.
 */
async function cutAndPrompt(doc, waypoints, pending, rest = []) {
  restOf.delete(/** @type {string} */ (doc.id));
  if (waypoints.length) await doc.move(waypoints, /** @type {TokenDocument.MoveOptions & {smokeGauge: boolean}} */ ({ smokeGauge: true })); // ours: the preUpdate hook lets it by
  if (!pending) return;
  let g;
  try {
    g = await requestGM("chase.due", { tokenUuid: doc.uuid, kind: pending.kind, other: pending.other ?? "" });
  } catch (err) {
    warn(err.message);
    return;
  }
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

/**
 * The check due, in words.
 * @param {any} vehicle
 * @param {GaugeFlag} g
 * @returns {string}
 */
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

// ------------------------------------------------------------------------------------------------ the GM's measure

/** GM: the work on each motor token's gauge, one after another (a request waits for the moves before it). */
const chains = new Map();

/**
 * GM: queue work on a token's gauge after the work before it.
 * @param {string} tokenId
 * @param {() => Promise<any>} fn
 * @returns {Promise<any>}
 */
function onToken(tokenId, fn) {
  const next = (chains.get(tokenId) ?? Promise.resolve()).then(fn);
  chains.set(tokenId, next.catch(err => console.warn("The Smoke | gauge", err)));
  return next;
}

/**
 * moveToken on every client: the active GM measures the move on its own record.
 * @param {MotorToken} doc
 * @param {any} movement
 */
export function onMoveToken(doc, movement) {
  if (!game.user.isActiveGM || !isVehicle(doc.actor) || !movement?.id) return;
  const wps = (movement.passed?.waypoints ?? []).map(w => ({ x: w.x, y: w.y }));
  // From the movement's origin (if the GM saw the token elsewhere — a move without hooks — that stretch counts too).
  if (movement.origin) wps.unshift({ x: movement.origin.x, y: movement.origin.y });
  const to = { x: doc.x, y: doc.y };
  onToken(/** @type {string} */ (doc.id), () => observeMove(doc, wps, to, movement.id));
}

/**
 * updateToken on every client: a position changed without a movement (an update with `noHook`, a bare x/y write) is
 * measured too, straight from where the GM last saw the token.
 * @param {MotorToken} doc
 * @param {any} changed
 * @param {any} options
 */
export function onUpdateToken(doc, changed, options) {
  if (!game.user.isActiveGM || !isVehicle(doc.actor) || !("x" in changed || "y" in changed)) return;
  // v13 carries the movement in `options._movement` (and removes `options.movement` before sending).
  const moving = options?._movement ?? options?.movement;
  const movementId = moving?.[/** @type {string} */ (doc.id)]?.id;
  if (movementId && !options?.noHook) return; // moveToken measures it
  const to = { x: doc.x, y: doc.y };
  onToken(/** @type {string} */ (doc.id), () => observeMove(doc, [to], to, movementId ?? ""));
}

/**
 * GM: count a move on the gauge. The squares are measured from where the GM last saw the token through the waypoints
 * to where it is; a line crossed that is not cleared, or another motor run into, makes the check due.
 * @param {MotorToken} doc
 * @param {{x: number, y: number}[]} waypoints
 * @param {{x: number, y: number}} to
 * @param {string} movementId
 */
async function observeMove(doc, waypoints, to, movementId) {
  const combat = chaseCombatOf(doc);
  const g = gaugeOn(combat, doc.id);
  if (!combat || !g || (movementId && g.lastMove === movementId)) return;
  if (!actionOpen(g, combat) || g.ended) {
    if (g.at) await writeGauge(combat, /** @type {string} */ (doc.id), { ...g, at: to });
    return;
  }
  const from = g.at ?? to;
  const wps = waypoints.filter((p, k) => k > 0 || p.x !== from.x || p.y !== from.y);
  const last = wps.at(-1);
  if (!last || last.x !== to.x || last.y !== to.y) wps.push(to);
  const grid = doc.parent?.grid;
  const points = [from, ...wps];
  let squares;
  if (grid && !grid.isGridless) {
    squares = typeof doc.measureMovementPath === "function" ? doc.measureMovementPath(/** @type {any} */ (points)).spaces
      : grid.measurePath(points).spaces;
  } else {
    const size = grid?.size ?? 100;
    squares = points.slice(1).reduce((n, p, k) => n + Math.hypot(p.x - points[k].x, p.y - points[k].y) / size, 0);
  }
  /** @type {GaugeFlag} */
  const next = { ...g, travelled: g.travelled + squares, at: to, lastMove: movementId };
  if (!g.pending && squares > 0) {
    const speed = motorNumbers(doc.actor).speed;
    const plan = planMove({ speed, travelled: g.travelled, squares, cleared: g.cleared });
    const steps = grid && !grid.isGridless ? walkFrom(doc, from, wps) : null;
    const contact = steps ? firstContact(doc, steps, g.resolved ?? [], from) : null;
    if (contact && (!plan.stop || contact.at < plan.allowed)) {
      next.pending = { kind: "contact", band: /** @type {GaugeBand} */ (gaugeState(speed, g.travelled + contact.at).band), other: contact.other.id };
    } else if (plan.stop && plan.stop.band !== "over") {
      next.pending = { kind: "line", band: plan.stop.band, other: "" };
    }
  }
  await writeGauge(combat, /** @type {string} */ (doc.id), next);
}

/**
 * GM: a token standing somewhere the GM did not see it move to (an update without hooks) is measured there, straight,
 * before anything reads its gauge.
 * @param {any} token
 */
async function catchUp(token) {
  const g = gaugeOn(chaseCombatOf(token), token.id);
  if (g?.at && (g.at.x !== token.x || g.at.y !== token.y)) await observeMove(token, [{ x: token.x, y: token.y }], { x: token.x, y: token.y }, "");
}

/**
 * The check a gauge's due check is: Wheels at the line's band (Medium into yellow, Hard into red), or the evasive
 * manoeuvre's for the band it is in.
 * @param {NonNullable<GaugeFlag["pending"]>} p
 * @returns {string}
 */
function checkFor(p) {
  return p.kind === "line" ? GAUGE_BANDS.find(b => b.id === p.band)?.check ?? "medium" : evasiveManoeuvre({ band: p.band }).check;
}

/**
 * GM: who rolls for a motor and the TN of a band for them (the driver's unboosted Wheels on the GM's record with the
 * motor's printed Performance on the GM's record, documents/vehicle/print.mjs; or the crew's Wheels die for a unit),
 * after checking the requester may roll it.
 * @param {User.Implementation} user
 * @param {any} vehicle
 * @param {string} band
 * @returns {{actor: any, tn: number}}
 */
export function rollerFor(user, vehicle, band) {
  band = rainBand(vehicle, "whl", band); // Sudden downpour: Wheels one band harder (documents/street/setup.mjs)
  const status = driveStatus(vehicle);
  if (!status.ok) throw new Error(status.message);
  const perf = printedOf(vehicle).performance;
  if (status.crew) {
    if (!user.isGM) throw new Error(L("SMOKE.Chase.crewGMOnly", { vehicle: vehicle.name }));
    return { actor: vehicle, tn: bandTN(perf, unitWheels(vehicle), /** @type {SmokeBand} */ (band)) };
  }
  const driver = status.driver;
  assertOwner(user, driver);
  return { actor: driver, tn: bandTN(perf, recordedDice(driver, "whl").statDie, /** @type {SmokeBand} */ (band)) };
}

/**
 * @param {string} uuid
 * @returns {{token: MotorToken, combat: any, g: GaugeFlag}}
 */
function tokenGauge(uuid) {
  const token = /** @type {MotorToken | null} */ (typeof uuid === "string" ? fromUuidSync(/** @type {SmokeUuid} */ (uuid)) : null);
  if (!token || !isVehicle(token.actor)) throw new Error(L("SMOKE.Request.missing"));
  const combat = chaseCombatOf(token);
  const g = gaugeOn(combat, token.id);
  if (!combat || !g || !actionOpen(g, combat)) throw new Error(L("SMOKE.Chase.nothingDue"));
  return { token, combat, g };
}

export const requests = {
  /** Drive: spend the die, start the action at 0 squares where the motor stands. */
  "chase.drive": async (user, { combatId, combatantId }) => {
    const { combat, combatant, vehicle, status } = driverAt(user, combatId, combatantId);
    if (status.crew && !isVehicle(combatant.actor)) throw new Error(L("SMOKE.Chase.notDriving", { name: combatant.name ?? "" }));
    const token = vehicleTokenIn(vehicle, sceneOf(combat));
    if (!token) throw new Error(L("SMOKE.Chase.noToken", { vehicle: vehicle.name }));
    const spend = combat.isSpeed ? combat.queue.nextSpend : 0;
    await spendDieAsGM(combat, combatant, "drive");
    /** @type {GaugeFlag} */
    const gauge = { action: foundry.utils.randomID(), combatId: combat.id, round: combat.round, turn: combat.turn ?? 0,
      combatantId: combatant.id, spend, driverId: status.driver?.id ?? "", travelled: 0, cleared: "green", pending: null,
      ended: "", resolved: [], lastMove: "", tokenUuid: token.uuid, at: { x: token.x, y: token.y } };
    await onToken(token.id, () => writeGauge(combat, token.id, gauge));
    return { tokenId: token.id, action: gauge.action };
  },

  /**
   * The moving client stopped its motor at a line or short of another motor: the GM marks that check due if the motor
   * stands there by its own measure (on the line of a band not cleared; next to that motor, not met yet).
   */
  "chase.due": async (user, { tokenUuid, kind, other = "" }) => {
    const token = /** @type {MotorToken | null} */ (fromUuidSync(tokenUuid));
    if (!token?.id) throw new Error(L("SMOKE.Request.missing"));
    return onToken(token.id, async () => {
      await catchUp(token);
      const { combat, g } = tokenGauge(tokenUuid);
      assertOwner(user, token);
      if (g.ended || g.pending) return g;
      const speed = motorNumbers(token.actor).speed;
      const state = gaugeState(speed, g.travelled);
      /** @type {GaugeFlag["pending"]} */
      let pending = null;
      if (kind === "line") {
        const order = GAUGE_BANDS.map(b => b.id);
        const nextBand = order[order.indexOf(/** @type {string} */ (state.band)) + 1];
        if (state.left === 0 && nextBand && order.indexOf(nextBand) > order.indexOf(g.cleared)) {
          pending = { kind: "line", band: /** @type {GaugeBand} */ (nextBand), other: "" }; // a band after this one
        }
      } else if (kind === "contact") {
        const them = token.parent?.tokens?.get(other);
        const d = squaresBetween(token, them);
        if (them && isVehicle(them.actor) && !them.hidden && !(g.resolved ?? []).includes(other) && d !== null && d <= 1) {
          pending = { kind: "contact", band: state.band === "over" ? "red" : state.band, other };
        }
      }
      if (!pending) throw new Error(L("SMOKE.Chase.notDueNow"));
      const next = { ...g, pending };
      await writeGauge(combat, token.id, next);
      return next;
    });
  },

  /** The check due on a motor's gauge: the GM fixes the roller, Wheels and the TN, and issues the roll. */
  "chase.issueCheck": async (user, { tokenUuid }) => {
    const token = /** @type {MotorToken | null} */ (fromUuidSync(tokenUuid));
    if (token?.id) await onToken(token.id, () => catchUp(token));
    const { combat, g, token: motor } = tokenGauge(tokenUuid); // the same token, found (or refused as missing)
    if (!g.pending) throw new Error(L("SMOKE.Chase.nothingDue"));
    const check = checkFor(g.pending);
    const { actor, tn } = rollerFor(user, motor.actor, check);
    const issued = issueRoll(user, { purpose: "chase.gauge", actor, stat: "whl", tn, ...driveSpec(actor, motor.actor, g.pending.band),
      context: { combatId: combat.id, tokenUuid, action: g.action, kind: g.pending.kind, band: g.pending.band,
        other: g.pending.other ?? "", check } });
    return { ...issued, kind: g.pending.kind, band: g.pending.band, check, other: g.pending.other ?? "" };
  },

  /** A gauge check at a line, or an evasive manoeuvre on contact: applied from the GM's roll and the card's own dice. */
  "chase.resolve": async (user, { rollId, messageId }) => {
    const { roll, message, check } = await claimRoll(user, { rollId, messageId, purpose: "chase.gauge" });
    const ctx = roll.context;
    const snapshot = message.flags?.[SYSTEM_ID]?.check;
    if (snapshot?.tnSource !== "band" || snapshot?.band !== ctx.check) {
      throw new Error(L("SMOKE.Chase.wrongBand", { band: L(`SMOKE.Band.${ctx.check}`) }));
    }
    const token = /** @type {MotorToken | null} */ (fromUuidSync(ctx.tokenUuid));
    const vehicle = token?.actor;
    if (!vehicle) throw new Error(L("SMOKE.Request.missing"));
    return onToken(token.id, async () => {
      await catchUp(token);
      return applyCheck(token, vehicle, ctx, check);
    });
  }
};

/**
 * GM: apply a gauge check's outcome to the gauge and the motors.
 * @param {any} token
 * @param {any} vehicle
 * @param {any} ctx
 * @param {{outcome: any}} check
 */
async function applyCheck(token, vehicle, ctx, check) {
  const combat = combatFrom(ctx.combatId);
  const g = gaugeOn(combat, token.id);
  if (!g || g.action !== ctx.action || !g.pending || g.pending.kind !== ctx.kind || g.pending.band !== ctx.band) {
    throw new Error(L("SMOKE.Chase.notDueNow"));
  }
  const round = combat.round ?? null;
  const success = succeeded(check.outcome);
  if (ctx.kind === "line") {
    // Heat (documents/heat/heat.mjs) reads a failed yellow check or a drive into red as dangerous driving, once per action.
    Hooks.callAll("smoke.driven", { motorUuid: vehicle.uuid, band: ctx.band, failed: !success,
      actId: `drive:${combat.id}:${token.id}:${ctx.action}` });
    if (success) {
      await writeGauge(combat, token.id, { ...g, cleared: ctx.band, pending: null });
      return { outcome: check.outcome, success };
    }
    const f = failedGaugeCheck({ band: ctx.band, outcome: check.outcome, size: printedOf(vehicle).size });
    const injuries = await harmRiders(vehicle, f.riderDamage, f.conditions);
    const body = await harmVehicle(vehicle, f.body, { what: "skid", round, riderInjuries: injuries });
    await writeGauge(combat, token.id, { ...g, pending: null, ended: "failed" });
    await postCard(L("SMOKE.Chase.skidTitle", { vehicle: vehicle.name }), [
      L("SMOKE.Chase.skid", { vehicle: vehicle.name, band: L(`SMOKE.Vehicle.gauge.${ctx.band}`),
        outcome: L(`SMOKE.Outcome.${check.outcome}`), body: f.body, left: body, max: conditionOf(vehicle).bodyMax }),
      ...injuries.map(injuryLine), L("SMOKE.Chase.actionStops")
    ]);
    return { outcome: check.outcome, success, body: f.body };
  }
  // Contact: each motor loses its own Body by the other's Size (the GM's printed record); the riders of both are harmed.
  const other = token.parent.tokens.get(ctx.other);
  const otherVehicle = other?.actor;
  if (!otherVehicle) throw new Error(L("SMOKE.Request.missing"));
  const mine = evasiveManoeuvre({ band: ctx.band, outcome: check.outcome, otherSize: printedOf(otherVehicle).size });
  const theirs = evasiveManoeuvre({ band: ctx.band, outcome: check.outcome, otherSize: printedOf(vehicle).size });
  const lines = [L(mine.clear ? "SMOKE.Chase.swerves" : "SMOKE.Chase.contact", { vehicle: vehicle.name, other: otherVehicle.name,
    outcome: L(`SMOKE.Outcome.${check.outcome}`) })];
  if (!mine.clear) {
    for (const [v, r, o] of [[vehicle, mine, otherVehicle], [otherVehicle, theirs, vehicle]]) {
      const injuries = await harmRiders(v, r.riderDamage, r.conditions);
      const left = await harmVehicle(v, r.body, { what: "evasive", other: o.name, round, riderInjuries: injuries });
      lines.push(L("SMOKE.Chase.bodyLost", { vehicle: v.name, body: r.body, left, max: conditionOf(v).bodyMax }), ...injuries.map(injuryLine));
    }
  }
  if (mine.stopsAction) lines.push(L("SMOKE.Chase.actionStops"));
  await writeGauge(combat, token.id, { ...g, pending: null, resolved: [...(g.resolved ?? []), other.id],
    ended: mine.stopsAction ? "crash" : g.ended });
  await postCard(L("SMOKE.Chase.contactTitle", { vehicle: vehicle.name, other: otherVehicle.name }), lines);
  return { outcome: check.outcome, success, body: mine.body, otherBody: theirs.body };
}

/** The gauge's hooks: the moving client's stop at the line, the GM's measure of every move. */
export const hooks = { preMoveToken: onPreMoveToken, moveToken: onMoveToken, updateToken: onUpdateToken };

// ------------------------------------------------------------------------------------------------ the check

/**
 * Make the check due on a motor's gauge (at a line, or an evasive manoeuvre on contact): the GM issues the roll, the
 * driver (or the GM for a crew) rolls it, the GM applies it.
 * @param {any} token  The motor's TokenDocument.
 * @param {{skipDialog?: boolean}} [options]
 * @returns {Promise<any>}  The GM's result ({outcome, …}), or null when refused or closed (a warning says why).
 */
export async function rollGaugeCheck(token, { skipDialog = false } = {}) {
  const vehicle = token?.actor;
  if (!vehicle) return warn(L("SMOKE.Chase.nothingDue"));
  let issued;
  try {
    issued = await requestGM("chase.issueCheck", { tokenUuid: token.uuid });
  } catch (err) {
    return warn(err.message);
  }
  const message = await driveRoll(vehicle, { gauge: issued.band, band: issued.check, situational: issued.situational, skipDialog,
    flags: { rollId: issued.rollId, chase: { kind: issued.kind, tokenUuid: token.uuid, band: issued.band, other: issued.other } } });
  if (!message) return null;
  let result;
  try {
    result = await requestGM("chase.resolve", { rollId: issued.rollId, messageId: message.id });
  } catch (err) {
    return refuseCard(message, err.message);
  }
  if (result) await carryOn(token);
  return result;
}

/**
 * Start a driving action on the current speed die (the console's Drive): the GM spends the die and sets the motor's
 * gauge to zero.
 * @param {any} combat
 * @param {any} combatant
 * @returns {Promise<{tokenId: string}|null>}  null when refused (a warning says why).
 */
export async function startDriving(combat, combatant) {
  try {
    return await requestGM("chase.drive", { combatId: combat.id, combatantId: combatant.id });
  } catch (err) {
    return warn(err.message);
  }
}
