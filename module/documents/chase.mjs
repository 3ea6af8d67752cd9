/**
 * The chase on the map (rulebook: The chase gauge; Skids, collisions and contact; Fire, repairs and selling up › At
 * zero Body; Police at the table › The next police move): the gauge of each driving action measured from the motor
 * token's real movement, the check at each line, evasive manoeuvres when a move crosses another motor, going evasive,
 * rams and PITs on a speed die, the fire at 0 Body and the blast at the end of the next round, and the end of the
 * chase when everyone wanted is more than 30 squares from every pursuing unit. The numbers come from the pure rules in
 * module/rules/chase-gauge.mjs (and rules/vehicles.mjs); this module reads and writes the documents.
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
 * **Who is wanted and who pursues.** A combatant's role is its `flags["the-smoke"].chaseRole` ("wanted", "pursuer" or
 * "none"), which the GM sets in the Combat Console; unset, a motor with the Police kit, anyone riding in one and the
 * book's police officers (catalogue keys in {@link POLICE_PEOPLE}) pursue, and a character with Heat 1 or more is
 * wanted (so is a motor carrying one). Positions are the motor's token for anyone aboard one.
 *
 * **Units nobody drives.** A motor in the fight with no driver is a police or traffic unit when it has the Police kit,
 * a crew die (`flags["the-smoke"].crewWheels`, die faces) or no player owner; its crew rolls Wheels d8 (police) or d6
 * (traffic) with the motor's Performance, Handling and abilities, on the GM's client. A player's motor with nobody in
 * the driver's seat cannot be driven, and says so.
 *
 * Harm from the gauge, contact, rams, PITs and the blast is applied as printed ("the manoeuvre's direct harm amounts"):
 * Body straight off the motor, damage straight off a rider's Health (Down at 0), Conditions added.
 * @module documents/chase
 */
import { RULES } from "../generated/rules.mjs";
import {
  crewWheels, evasiveManoeuvre, failedGaugeCheck, gaugeState, getaway, pit, planMove, policeMove, ram, vehicleFire
} from "../rules/chase-gauge.mjs";
import { POLICE_ABILITY, drivingModifiers, fireState, incident as incidentEntry } from "../rules/vehicles.mjs";
import { defaultChoices, rollCheck } from "./check.mjs";
import { RollDialog } from "../apps/roll-dialog.mjs";
import { applyHealthLoss, conditionName, spendDieAsGM } from "./combat.mjs";
import { currentGuard } from "./attack.mjs";
import { assertOwner, registerRequest, requestGM } from "./requests.mjs";
import { abilityName, driverOf, occupantsOf, rollDriving, vehicleDrivenBy, vehicleOf } from "./vehicle.mjs";

export const SYSTEM_ID = "the-smoke";
const CHASE = RULES.chase;
const FIRE = RULES["vehicle-fire"];
const GAUGE_BANDS = CHASE.gauge.bands;
const MOVE_KEYS = ["x", "y", "elevation", "width", "height", "shape"];
/** The book's police officers (street-people catalogue keys): pursuers by default. */
export const POLICE_PEOPLE = Object.freeze(["street-people/metro-police-officer", "street-people/armed-response-officer"]);
/** Units that carry firearms ("armed units can fire at four"): the Armed Response Vehicle. */
export const ARMED_UNITS = Object.freeze(["vehicles/metro-arv-trojan"]);
const ROLES = ["wanted", "pursuer", "none"];

/**
 * @typedef {object} GaugeFlag  A motor token's driving action (`flags["the-smoke"].gauge`). Distances in squares.
 * @property {string} action       A fresh id per driving action.
 * @property {string} combatId     @property {number} round  @property {number} turn  The fight and when it began.
 * @property {string} combatantId  Whose speed die started it (the driver's, or the unit's).
 * @property {number} spend        That die's spend counter (speed dice); the action is open while it is the last spent.
 * @property {string} driverId     The driver's actor id ("" for a unit's crew).
 * @property {number} travelled    Squares moved in this action (the sum of each move's grid spaces).
 * @property {"green"|"yellow"|"red"} cleared  The furthest band whose line check has been passed.
 * @property {{kind: "line"|"contact", band: "green"|"yellow"|"red", other: string}|null} pending  A check due before
 *   the motor moves on: at a band's line (band = the band entered), or on contact (band = the band it is in; other =
 *   the other motor's token id).
 * @property {""|"failed"|"crash"} ended  The action's driving ended: a failed gauge check, or a Proper Mess on contact.
 * @property {string[]} resolved  Token ids of motors already met (their evasive manoeuvre made) in this action.
 * @property {string} lastMove     The id of the last movement counted.
 */

/** @typedef {TokenDocument.Implementation & {flags: any, actor: any, parent: any}} MotorToken */

/** @param {string} key @param {Record<string, unknown>} [data] @returns {string} */
const L = (key, data) => (data ? game.i18n.format(key, /** @type {Record<string, string>} */ (data)) : game.i18n.localize(key));
/** @param {unknown} s @returns {string} */
const esc = s => foundry.utils.escapeHTML(String(s ?? ""));
/** @param {any} actor @returns {boolean} */
const isVehicle = actor => actor?.type === "vehicle";
/** @param {any} doc @returns {any} */
const sys = doc => doc?.system;
/** @param {string} text @returns {null} */
function warn(text) {
  ui.notifications.warn(text);
  return null;
}
/** "+1" / "−2". @param {number} n */
const signed = n => (n < 0 ? `−${-n}` : `+${n}`);

// ------------------------------------------------------------------------------------------------ reading the map

/**
 * The gauge of a motor's token, or null.
 * @param {any} token  A TokenDocument.
 * @returns {GaugeFlag|null}
 */
export function gaugeOf(token) {
  return token?.flags?.[SYSTEM_ID]?.gauge ?? null;
}

/**
 * The scene a fight is on: its own, else its first combatant's token's, else the viewed one.
 * @param {any} combat @returns {any}
 */
export function sceneOf(combat) {
  return combat?.scene ?? combat?.combatants?.find(c => c.token)?.token?.parent ?? game.scenes?.viewed ?? null;
}

/**
 * A motor's token on a scene (a synthetic actor's own; else the linked token, else any token of that actor).
 * @param {any} vehicle @param {any} scene @returns {MotorToken|null}
 */
export function vehicleTokenIn(vehicle, scene) {
  if (!vehicle) return null;
  if (vehicle.token && (!scene || vehicle.token.parent === scene)) return vehicle.token;
  const tokens = scene?.tokens;
  if (!tokens) return null;
  return tokens.find(t => t.actorId === vehicle.id && t.actorLink) ?? tokens.find(t => t.actorId === vehicle.id) ?? null;
}

/**
 * Squares between two tokens on a square grid: the fewest grid spaces between any square one covers and any square
 * the other covers (a motor two squares long is measured from its nearest end). On a gridless scene, centre to centre
 * in grid units.
 * @param {any} a @param {any} b  TokenDocuments.
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
 * @param {any} movement  A v13 TokenMovementOperation. @param {any} scene
 * @returns {number}
 */
export function movedSquares(movement, scene) {
  const grid = scene?.grid;
  if (grid?.isGridless) return (movement?.passed?.distance ?? 0) / (grid.distance || 1);
  return movement?.passed?.spaces ?? 0;
}

/**
 * The motor a combatant moves: the motor itself, or the one its actor drives.
 * @param {any} combatant @returns {any}
 */
export function motorOf(combatant) {
  const actor = combatant?.actor;
  if (!actor) return null;
  return isVehicle(actor) ? actor : vehicleDrivenBy(actor);
}

/**
 * The motor a combatant is in, whatever the seat (a ram or a PIT on someone aboard hits their motor), or the motor
 * itself.
 * @param {any} combatant @returns {any}
 */
export function motorAboard(combatant) {
  const actor = combatant?.actor;
  if (!actor) return null;
  return isVehicle(actor) ? actor : vehicleOf(actor)?.vehicle ?? null;
}

/**
 * The Guard a ram or a PIT rolls against: the target's motor's (6 + 2 × Size, +2 while evasive), or a person's on
 * foot (rulebook: Skids, collisions and contact › Ram, PIT).
 * @param {any} target  A combatant. @returns {number}
 */
export function manoeuvreGuard(target) {
  const motor = motorAboard(target);
  return motor ? sys(motor).guard.value : currentGuard(target);
}

/**
 * Whether a motor with nobody in the driver's seat is a unit with its own crew (a police unit, a crew die, or traffic
 * no player owns).
 * @param {any} vehicle @returns {boolean}
 */
export function isCrewedUnit(vehicle) {
  if (!isVehicle(vehicle) || driverOf(vehicle)) return false;
  const s = sys(vehicle);
  return (s.abilities ?? []).includes(POLICE_ABILITY) || !!vehicle.getFlag?.(SYSTEM_ID, "crewWheels") || !vehicle.hasPlayerOwner;
}

/**
 * The Wheels die of a unit's crew (rules crewWheels: police d8, traffic d6, unless the unit has a crew die).
 * @param {any} vehicle @returns {number}
 */
export function unitWheels(vehicle) {
  const crewDie = vehicle?.getFlag?.(SYSTEM_ID, "crewWheels") ?? null;
  return crewWheels({ police: (sys(vehicle)?.abilities ?? []).includes(POLICE_ABILITY), crewDie });
}

/**
 * Whether the motor can be driven now, and why not, in words ("With no driver the vehicle cannot be driven"; "A
 * burning or destroyed motor is not free to drive normally").
 * @param {any} vehicle
 * @returns {{ok: true, driver: any, crew: boolean}|{ok: false, message: string}}
 */
export function driveStatus(vehicle) {
  const s = sys(vehicle);
  if (!isVehicle(vehicle)) return { ok: false, message: L("SMOKE.Vehicle.notVehicle") };
  if (s.destroyed) return { ok: false, message: L("SMOKE.Vehicle.destroyedNoDrive", { vehicle: vehicle.name }) };
  if (s.onFire) return { ok: false, message: L("SMOKE.Vehicle.burningNoDrive", { vehicle: vehicle.name }) };
  const driver = driverOf(vehicle);
  if (driver) return { ok: true, driver, crew: false };
  if (isCrewedUnit(vehicle)) return { ok: true, driver: null, crew: true };
  return { ok: false, message: L("SMOKE.Chase.cannotDrive", { vehicle: vehicle.name }) };
}

/**
 * The fight a motor's token takes part in: a started fight on its scene with the motor, or someone aboard it, as a
 * combatant (the viewed fight first).
 * @param {any} token @returns {any}
 */
export function chaseCombatOf(token) {
  const vehicle = token?.actor;
  if (!isVehicle(vehicle)) return null;
  const aboard = new Set(occupantsOf(vehicle).map(o => o.actor.id));
  const fights = /** @type {any[]} */ ([game.combat, ...(game.combats?.contents ?? [])].filter(Boolean));
  return fights.find(c => c.started && (!c.scene || c.scene === token.parent) && c.combatants.some(x =>
    x.actorId === vehicle.id || (x.tokenId && x.tokenId === token.id) || aboard.has(x.actorId))) ?? null;
}

/**
 * Whether a driving action is still open: same fight and round, and its die is the last one spent (speed dice) or it
 * is still that combatant's turn (the simple tracker).
 * @param {GaugeFlag|null} g @param {any} combat @returns {boolean}
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
 * Who is wanted and who pursues (see the module notes): the GM's choice, else the default.
 * @param {any} combatant @returns {"wanted"|"pursuer"|""}
 */
export function chaseRole(combatant) {
  const set = combatant?.getFlag?.(SYSTEM_ID, "chaseRole");
  if (set === "wanted" || set === "pursuer") return set;
  if (set === "none") return "";
  const actor = combatant?.actor;
  if (!actor) return "";
  const police = v => (sys(v)?.abilities ?? []).includes(POLICE_ABILITY);
  if (isVehicle(actor)) {
    if (police(actor)) return "pursuer";
    return occupantsOf(actor).some(o => wantedPerson(o.actor)) ? "wanted" : "";
  }
  const ride = vehicleOf(actor);
  if (ride && police(ride.vehicle)) return "pursuer";
  if (POLICE_PEOPLE.includes(actor.getFlag?.(SYSTEM_ID, "key"))) return "pursuer";
  return wantedPerson(actor) ? "wanted" : "";
}

/** @param {any} actor @returns {boolean} A character with Heat 1 or more. */
const wantedPerson = actor => actor?.type === "character" && (sys(actor)?.heat ?? 0) >= 1;

/**
 * Where a combatant is on the map: the token of the motor it rides in, else its own token.
 * @param {any} combatant @param {any} scene @returns {any}
 */
export function positionOf(combatant, scene) {
  const actor = combatant?.actor;
  const ride = actor && !isVehicle(actor) ? vehicleOf(actor) : null;
  if (ride) return vehicleTokenIn(ride.vehicle, scene);
  return combatant?.token ?? (actor ? scene?.tokens?.find(t => t.actorId === actor.id) ?? null : null);
}

/**
 * The wanted and the pursuers of a fight, with their positions.
 * @param {any} combat
 * @returns {{wanted: any[], pursuers: any[], stars: number}}  stars: the highest Heat among the wanted characters.
 */
export function chaseSides(combat) {
  const wanted = [];
  const pursuers = [];
  let stars = 0;
  for (const c of combat?.combatants ?? []) {
    if (c.isDefeated) continue;
    const role = chaseRole(c);
    if (role === "wanted") wanted.push(c);
    if (role === "pursuer") pursuers.push(c);
    if (role === "wanted") {
      const people = isVehicle(c.actor) ? occupantsOf(c.actor).map(o => o.actor) : [c.actor];
      for (const p of people) if (p?.type === "character") stars = Math.max(stars, sys(p).heat ?? 0);
    }
  }
  return { wanted, pursuers, stars };
}

/**
 * Whether a unit (or the people in it) carries a firearm ("armed units can fire at four"): the Armed Response
 * Vehicle, or a loud Aim weapon on someone aboard (a gun; a Taser or CS spray is not).
 * @param {any} combatant @returns {boolean}
 */
export function isArmed(combatant) {
  const actor = combatant?.actor;
  const vehicle = motorOf(combatant);
  if (vehicle && ARMED_UNITS.includes(vehicle.getFlag?.(SYSTEM_ID, "key"))) return true;
  const people = vehicle ? [actor, ...occupantsOf(vehicle).map(o => o.actor)] : [actor];
  return people.some(p => p?.items?.some(i => i.type === "weapon" && sys(i).stat === "aim" && (sys(i).traits ?? []).includes("loud")));
}

/**
 * The console's suggestion for a pursuing unit (rules policeMove): from the highest Heat among the wanted and the
 * distance to the nearest of them.
 * @param {any} combat @param {any} combatant
 * @returns {(import("../rules/chase-gauge.mjs").PoliceMove & {text: string})|null}  null when it is not a pursuer.
 */
export function policeSuggestion(combat, combatant) {
  if (chaseRole(combatant) !== "pursuer") return null;
  const scene = sceneOf(combat);
  const { wanted, stars } = chaseSides(combat);
  const here = positionOf(combatant, scene);
  const distances = wanted.map(w => squaresBetween(here, positionOf(w, scene))).filter(d => d !== null);
  const distance = distances.length ? Math.min(.../** @type {number[]} */ (distances)) : null;
  const move = policeMove({ stars: Math.min(stars, RULES.heat.max), armed: isArmed(combatant), distance });
  const text = L(`SMOKE.Chase.police.${move.move}`, { stars: move.stars, distance: distance ?? "?" });
  return { ...move, text };
}

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
function onPreMoveToken(doc, movement, operation) {
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
  if (waypoints.length) {
    await doc.move(waypoints, /** @type {any} */ ({ smokeGauge: { pending: state.pending, action: state.action } }));
  } else if (state.pending) {
    await doc.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.gauge`]: state }));
  }
  const g = gaugeOf(doc);
  if (!g?.pending) return;
  ui.notifications.info(pendingText(doc.actor, g));
  if (!mayRoll(doc.actor)) return;
  const result = await rollGaugeCheck(doc);
  const after = gaugeOf(doc);
  if (result && rest.length && after && !after.pending && !after.ended && after.action === g.action) await doc.move(rest);
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
function onPreUpdateToken(doc, changes, options) {
  const w = pendingWrites.get(doc.id);
  if (!w || !MOVE_KEYS.some(k => k in changes)) return;
  const movementId = options?.movement?.[doc.id]?.id;
  if (movementId && movementId !== w.movementId) return;
  pendingWrites.delete(doc.id);
  foundry.utils.setProperty(changes, `flags.${SYSTEM_ID}.gauge`, w.gauge);
}

/** moveToken on the moving client: if the total did not travel with the position, write it now. */
function onMoveToken(doc, movement, operation, user) {
  if (user && user.id !== game.user.id) return;
  const w = pendingWrites.get(doc.id);
  if (!w || w.movementId !== movement?.id) return;
  pendingWrites.delete(doc.id);
  if (gaugeOf(doc)?.lastMove !== movement.id) {
    doc.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.gauge`]: w.gauge })).catch(err => console.warn("The Smoke | gauge", err));
  }
}

// ------------------------------------------------------------------------------------------------ rolling

/**
 * Whether this user rolls for the motor: the driver's owner, or the GM for a unit's crew (or anyone's).
 * @param {any} vehicle @returns {boolean}
 */
export function mayRoll(vehicle) {
  const driver = driverOf(vehicle);
  if (driver) return driver.isOwner;
  return game.user.isGM && isCrewedUnit(vehicle);
}

/**
 * The driving check for a motor: its driver's (documents/vehicle.mjs rollDriving), or its crew's when it is a unit
 * nobody drives (the GM: Wheels d8 police / d6 traffic with the motor's Performance, Handling and abilities).
 * @param {any} vehicle
 * @param {{band?: string|null, gauge?: string|null, tn?: number|null, targetName?: string|null, flags?: object,
 *   skipDialog?: boolean}} options
 * @returns {Promise<any>}  The chat message, or null when refused (a warning says why) or closed.
 */
export async function driveRoll(vehicle, options) {
  const status = driveStatus(vehicle);
  if (!status.ok) return warn(status.message);
  if (!status.crew) return rollDriving(vehicle, /** @type {any} */ (options));
  if (!game.user.isGM) return warn(L("SMOKE.Chase.crewGMOnly", { vehicle: vehicle.name }));
  return rollCrew(vehicle, options);
}

/**
 * A unit's crew rolls Wheels with the motor's Performance (Police at the table › The next police move). The crew is a
 * temporary actor (never saved) with the crew's Wheels die; the card's check has no actor id.
 * @param {any} vehicle @param {any} options @returns {Promise<any>}
 */
async function rollCrew(vehicle, { band = null, gauge = null, tn = null, targetName = null, flags = {}, skipDialog = false }) {
  const die = unitWheels(vehicle);
  const ActorClass = /** @type {any} */ (Actor.implementation);
  const crew = new ActorClass({ name: L("SMOKE.Chase.crewName", { vehicle: vehicle.name }), type: "npc",
    system: { stats: { whl: { die } } } });
  const s = sys(vehicle);
  const driving = drivingModifiers({ abilities: s.abilities, on: s.abilitiesOn });
  const gaugeRow = gauge ? GAUGE_BANDS.find(b => b.id === gauge) : null;
  const modifiers = driving.parts.map(p => ({ value: p.value, text: L(`SMOKE.Vehicle.driving.${p.id}`,
    { ability: p.ability ? abilityName(p.ability) : "", value: signed(p.value) }) }));
  if (gaugeRow?.handling) {
    modifiers.push({ value: gaugeRow.handling, text: L("SMOKE.Vehicle.gaugeHandling",
      { band: L(`SMOKE.Vehicle.gauge.${gaugeRow.id}`), value: signed(gaugeRow.handling) }) });
  }
  const a = s.adjusted;
  const numbers = { performance: a.printedPerformance, handling: a.handling, steps: a.steps, modifiers, name: vehicle.name };
  /** @type {any} */
  const initial = tn === null || tn === undefined
    ? { tnSource: "band", band: band ?? gaugeRow?.check ?? "medium" }
    : { tnSource: targetName ? "guard" : "fixed", tn, targetGuard: targetName ? tn : undefined, targetName: targetName ?? undefined };
  const skip = skipDialog || game.settings.get(SYSTEM_ID, "skipRollDialog");
  const choices = skip ? { ...defaultChoices(), ...initial } : await RollDialog.prompt(crew, "whl", { vehicle: numbers, initial });
  if (!choices) return null;
  try {
    return await rollCheck(crew, "whl", /** @type {any} */ (choices), { vehicle: numbers, flags: { ...flags,
      driving: { vehicleUuid: vehicle.uuid, gauge, band: choices.tnSource === "band" ? choices.band : null, terrain: "road",
        junction: false, modifier: driving.total + (gaugeRow?.handling ?? 0), crew: die } } });
  } catch (err) {
    return warn(err.message);
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
  try {
    return await requestGM("chase.resolve", { messageId: message.id });
  } catch (err) {
    return warn(err.message);
  }
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

/**
 * Go evasive on the current speed die: +2 vehicle Guard against shots, rams and PITs until the end of the round.
 * @param {any} combat @param {any} combatant @returns {Promise<boolean>}
 */
export async function goEvasive(combat, combatant) {
  try {
    await requestGM("chase.evasive", { combatId: combat.id, combatantId: combatant.id });
    return true;
  } catch (err) {
    warn(err.message);
    return false;
  }
}

/**
 * Ram or PIT on the current speed die: Wheels against the target's current Guard (its evasive +2 included); the GM
 * spends the die, checks the roll and applies it. A PIT needs the motors within 4 squares (refused before rolling).
 * @param {any} combat @param {any} combatant @param {"ram"|"pit"} kind @param {string} targetId  A combatant id.
 * @param {{skipDialog?: boolean}} [options]
 * @returns {Promise<any>}  The GM's result, or null when refused (a warning says why).
 */
export async function rollManoeuvre(combat, combatant, kind, targetId, { skipDialog = false } = {}) {
  const vehicle = motorOf(combatant);
  const target = combat.combatants.get(targetId);
  if (!vehicle) return warn(L("SMOKE.Chase.notDriving", { name: combatant.name ?? "" }));
  if (!target?.actor || target.id === combatant.id || motorAboard(target) === vehicle) return warn(L("SMOKE.Chase.noTarget"));
  const refusal = manoeuvreRefusal(combat, combatant, kind, target);
  if (refusal) return warn(refusal);
  const guard = manoeuvreGuard(target);
  const message = await driveRoll(vehicle, { tn: guard, targetName: target.name ?? "", skipDialog,
    flags: { chase: { kind, combatId: combat.id, combatantId: combatant.id, targetId: target.id } } });
  if (!message) return null;
  try {
    return await requestGM(`chase.${kind}`, { messageId: message.id });
  } catch (err) {
    return warn(err.message);
  }
}

/**
 * Why a ram or a PIT cannot be made on this target, or null: a PIT needs another motor within 4 squares.
 * @param {any} combat @param {any} combatant @param {"ram"|"pit"} kind @param {any} target @returns {string|null}
 */
export function manoeuvreRefusal(combat, combatant, kind, target) {
  if (kind !== "pit") return null;
  const targetMotor = motorAboard(target);
  if (!targetMotor) return L("SMOKE.Chase.pitNotMotor", { name: target.name ?? "" });
  const scene = sceneOf(combat);
  const d = squaresBetween(vehicleTokenIn(motorOf(combatant), scene), vehicleTokenIn(targetMotor, scene));
  if (d !== null && d > CHASE.pit.withinSquares) {
    return L("SMOKE.Chase.pitTooFar", { name: target.name ?? "", squares: d, within: CHASE.pit.withinSquares });
  }
  return null;
}

/**
 * The target's driver (or crew) holds the line against a PIT: Wheels, Hard.
 * @param {any} pitMessage  The PIT's chat message. @param {{skipDialog?: boolean}} [options]
 * @returns {Promise<any>}
 */
export async function resistPit(pitMessage, { skipDialog = false } = {}) {
  const state = pitMessage?.flags?.[SYSTEM_ID]?.chase?.pit;
  const combat = game.combats?.get(pitMessage?.flags?.[SYSTEM_ID]?.chase?.combatId);
  const target = combat?.combatants.get(state?.targetId ?? "");
  const vehicle = motorAboard(target);
  if (!state || state.state !== "resist" || !vehicle) return warn(L("SMOKE.Chase.nothingDue"));
  const message = await driveRoll(vehicle, { band: CHASE.pit.resist.band, skipDialog,
    flags: { chase: { kind: "pitResist", pitMessageId: pitMessage.id } } });
  if (!message) return null;
  try {
    return await requestGM("chase.resolve", { messageId: message.id });
  } catch (err) {
    return warn(err.message);
  }
}

/**
 * Set a combatant's role in the chase (the GM, from the console): wanted, pursuer, or none.
 * @param {any} combat @param {any} combatant @param {"wanted"|"pursuer"|"none"} role
 */
export async function setChaseRole(combat, combatant, role) {
  try {
    await requestGM("chase.role", { combatId: combat.id, combatantId: combatant.id, role });
  } catch (err) {
    warn(err.message);
  }
}

// ------------------------------------------------------------------------------------------------ harm (GM side)

/**
 * Body off a motor, and an incident entry (Skids, collisions and contact › Keep an incident record). GM side.
 * @param {any} vehicle @param {number} body  Body lost (≥ 0).
 * @param {{what: string, other?: string, riderInjuries?: any[], round?: number|null}} entry
 * @returns {Promise<number>}  Body afterwards.
 */
async function harmVehicle(vehicle, body, entry) {
  const s = sys(vehicle);
  const value = Math.max(0, s.body.value - body);
  const record = incidentEntry({ vehicle: vehicle.name, bodyLost: s.body.value - value, ...entry });
  await vehicle.update({ "system.body.value": value, "system.incidents": [...(s.incidents ?? []), record] });
  return value;
}

/**
 * Damage and Conditions to everyone aboard a motor. GM side.
 * @param {any} vehicle @param {number} damage @param {string[]} conditions
 * @returns {Promise<{name: string, damage: number, conditions: string[]}[]>}  The injuries, for the record.
 */
async function harmRiders(vehicle, damage, conditions) {
  const injuries = [];
  if (!damage && !conditions.length) return injuries;
  for (const { actor } of occupantsOf(vehicle)) {
    if (damage) await applyHealthLoss(actor, damage);
    const applied = [];
    for (const id of conditions) applied.push(await /** @type {any} */ (actor).addCondition(id));
    injuries.push({ name: actor.name ?? "", damage, conditions: applied });
  }
  return injuries;
}

/** A rider injury line. @param {{name: string, damage: number, conditions: string[]}} r */
const injuryLine = r => L(r.damage ? "SMOKE.Chase.riderHurt" : "SMOKE.Chase.riderCondition", { name: r.name, damage: r.damage,
  conditions: r.conditions.map(conditionName).join(", ") || "—" });

/**
 * Post a chase card (every string escaped).
 * @param {string} title @param {(string|false|null|undefined)[]} lines @param {object} [flags]
 */
async function postCard(title, lines, flags = {}) {
  const items = lines.filter(Boolean).map(l => `<li>${esc(l)}</li>`).join("");
  return ChatMessage.create(/** @type {any} */ ({ speaker: { alias: L("SMOKE.Chase.title") },
    content: `<div class="smoke-chase-card"><header><strong>${esc(title)}</strong></header><ul>${items}</ul></div>`,
    flags: { [SYSTEM_ID]: flags } }));
}

/**
 * The combatant that acts for a motor: its driver's, else the motor's own.
 * @param {any} combat @param {any} vehicle @returns {any}
 */
function actingCombatant(combat, vehicle) {
  const driver = driverOf(vehicle);
  return (driver && combat.combatants.find(c => c.actorId === driver.id)) || combat.combatants.find(c => c.actorId === vehicle.id) || null;
}

// ------------------------------------------------------------------------------------------------ requests (GM side)

/** @param {string} id @returns {any} */
function combatFrom(id) {
  const combat = game.combats?.get(id);
  if (!combat) throw new Error(L("SMOKE.Combat.noCombat"));
  return combat;
}

/**
 * A chase roll's message, checked: it exists, carries a Wheels check with the chase purpose `kind`, is unused, and
 * was made by the GM or the owner of the motor's driver.
 * @param {any} user @param {string} messageId @param {string[]} kinds
 */
function chaseMessage(user, messageId, kinds) {
  const message = game.messages?.get(messageId);
  const f = /** @type {any} */ (message?.flags?.[SYSTEM_ID]);
  if (!message || !f?.check || !f?.chase || !kinds.includes(f.chase.kind)) throw new Error(L("SMOKE.Chase.notThatRoll"));
  if (f.chase.applied) throw new Error(L("SMOKE.Vehicle.rollUsed"));
  if (f.check.stat !== "whl" || !f.driving) throw new Error(L("SMOKE.Chase.notThatRoll"));
  const author = /** @type {any} */ (message).author;
  if (!user.isGM && author?.id !== user.id) throw new Error(L("SMOKE.Vehicle.notYourRoll"));
  return { message, check: f.check, chase: f.chase, driving: f.driving, author };
}

/**
 * The roll was made for this motor by someone allowed: its driver (owned by the author), or the GM for a crew.
 * @param {any} author @param {any} check @param {any} driving @param {any} vehicle
 */
function assertDriverRoll(author, check, driving, vehicle) {
  if (driving.vehicleUuid !== vehicle.uuid) throw new Error(L("SMOKE.Chase.notThatRoll"));
  const driver = driverOf(vehicle);
  if (driver) {
    if (check.actorId !== driver.id) throw new Error(L("SMOKE.Chase.notTheDriver", { vehicle: vehicle.name }));
    if (!author?.isGM && !driver.testUserPermission(author, "OWNER")) throw new Error(L("SMOKE.Vehicle.notYourRoll"));
  } else if (!author?.isGM || !isCrewedUnit(vehicle) || check.actorId) {
    throw new Error(L("SMOKE.Chase.notTheDriver", { vehicle: vehicle.name }));
  }
}

const HANDLERS = {
  /** Drive: spend the die, start the action at 0 squares. */
  "chase.drive": async (user, { combatId, combatantId }) => {
    const combat = combatFrom(combatId);
    const combatant = combat.combatants.get(combatantId);
    assertOwner(user, combatant?.actor ?? null);
    const vehicle = motorOf(combatant);
    if (!vehicle) throw new Error(L("SMOKE.Chase.notDriving", { name: combatant.name ?? "" }));
    const status = driveStatus(vehicle);
    if (!status.ok) throw new Error(status.message);
    if (status.crew && !isVehicle(combatant.actor)) throw new Error(L("SMOKE.Chase.notDriving", { name: combatant.name ?? "" }));
    const token = vehicleTokenIn(vehicle, sceneOf(combat));
    if (!token) throw new Error(L("SMOKE.Chase.noToken", { vehicle: vehicle.name }));
    const spend = combat.isSpeed ? combat.queue.nextSpend : 0;
    await spendDieAsGM(combat, combatant, "drive");
    /** @type {GaugeFlag} */
    const gauge = { action: foundry.utils.randomID(), combatId: combat.id, round: combat.round, turn: combat.turn ?? 0,
      combatantId: combatant.id, spend, driverId: status.driver?.id ?? "", travelled: 0, cleared: "green", pending: null,
      ended: "", resolved: [], lastMove: "" };
    await token.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.gauge`]: gauge }));
    return { tokenId: token.id, action: gauge.action };
  },

  /** Go evasive: spend the die; +2 vehicle Guard until the end of the round. */
  "chase.evasive": async (user, { combatId, combatantId }) => {
    const combat = combatFrom(combatId);
    const combatant = combat.combatants.get(combatantId);
    assertOwner(user, combatant?.actor ?? null);
    const vehicle = motorOf(combatant);
    if (!vehicle) throw new Error(L("SMOKE.Chase.notDriving", { name: combatant.name ?? "" }));
    const status = driveStatus(vehicle);
    if (!status.ok) throw new Error(status.message);
    await spendDieAsGM(combat, combatant, "evasive");
    await vehicle.update({ "system.defences.evasive": true });
    return { guard: sys(vehicle).guard.value };
  },

  /** A gauge check at a line, an evasive manoeuvre on contact, or holding the line against a PIT. */
  "chase.resolve": async (user, { messageId }) => {
    const { message, check, chase, driving, author } = chaseMessage(user, messageId, ["line", "contact", "pitResist"]);
    if (chase.kind === "pitResist") return resolvePitResist(user, message, check, chase, driving, author);
    const token = /** @type {any} */ (fromUuidSync(chase.tokenUuid));
    const vehicle = token?.actor;
    if (!vehicle) throw new Error(L("SMOKE.Request.missing"));
    assertDriverRoll(author, check, driving, vehicle);
    const g = gaugeOf(token);
    if (!g || g.action !== chase.action || !g.pending || g.pending.kind !== chase.kind || g.pending.band !== chase.band) {
      throw new Error(L("SMOKE.Chase.notDueNow"));
    }
    const expected = chase.kind === "line" ? GAUGE_BANDS.find(b => b.id === chase.band)?.check : evasiveManoeuvre({ band: chase.band }).check;
    if (check.tnSource !== "band" || check.band !== expected || driving.gauge !== chase.band) {
      throw new Error(L("SMOKE.Chase.wrongBand", { band: L(`SMOKE.Band.${expected}`) }));
    }
    await message.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.chase.applied`]: true }));
    const combat = game.combats?.get(g.combatId);
    const round = combat?.round ?? null;
    const success = RULES.outcomes.outcomes.find(o => o.id === check.outcome)?.success === true;
    if (chase.kind === "line") {
      if (success) {
        await token.update({ [`flags.${SYSTEM_ID}.gauge`]: { ...g, cleared: chase.band, pending: null } });
        return { outcome: check.outcome, success };
      }
      const f = failedGaugeCheck({ band: chase.band, outcome: check.outcome, size: sys(vehicle).size });
      const injuries = await harmRiders(vehicle, f.riderDamage, f.conditions);
      const body = await harmVehicle(vehicle, f.body, { what: "skid", round, riderInjuries: injuries });
      await token.update({ [`flags.${SYSTEM_ID}.gauge`]: { ...g, pending: null, ended: "failed" } });
      await postCard(L("SMOKE.Chase.skidTitle", { vehicle: vehicle.name }), [
        L("SMOKE.Chase.skid", { vehicle: vehicle.name, band: L(`SMOKE.Vehicle.gauge.${chase.band}`),
          outcome: L(`SMOKE.Outcome.${check.outcome}`), body: f.body, left: body, max: sys(vehicle).body.max }),
        ...injuries.map(injuryLine), L("SMOKE.Chase.actionStops")]);
      return { outcome: check.outcome, success, body: f.body };
    }
    // Contact: each motor loses its own Body by the other's Size; the riders of both are harmed.
    const other = token.parent.tokens.get(chase.other);
    const otherVehicle = other?.actor;
    if (!otherVehicle) throw new Error(L("SMOKE.Request.missing"));
    const mine = evasiveManoeuvre({ band: chase.band, outcome: check.outcome, otherSize: sys(otherVehicle).size });
    const theirs = evasiveManoeuvre({ band: chase.band, outcome: check.outcome, otherSize: sys(vehicle).size });
    const lines = [L(mine.clear ? "SMOKE.Chase.swerves" : "SMOKE.Chase.contact", { vehicle: vehicle.name, other: otherVehicle.name,
      outcome: L(`SMOKE.Outcome.${check.outcome}`) })];
    if (!mine.clear) {
      for (const [v, r, o] of [[vehicle, mine, otherVehicle], [otherVehicle, theirs, vehicle]]) {
        const injuries = await harmRiders(v, r.riderDamage, r.conditions);
        const left = await harmVehicle(v, r.body, { what: "evasive", other: o.name, round, riderInjuries: injuries });
        lines.push(L("SMOKE.Chase.bodyLost", { vehicle: v.name, body: r.body, left, max: sys(v).body.max }), ...injuries.map(injuryLine));
      }
    }
    if (mine.stopsAction) lines.push(L("SMOKE.Chase.actionStops"));
    await token.update({ [`flags.${SYSTEM_ID}.gauge`]: { ...g, pending: null, resolved: [...(g.resolved ?? []), other.id],
      ended: mine.stopsAction ? "crash" : g.ended } });
    await postCard(L("SMOKE.Chase.contactTitle", { vehicle: vehicle.name, other: otherVehicle.name }), lines);
    return { outcome: check.outcome, success, body: mine.body, otherBody: theirs.body };
  },

  /** A ram: spend the die, then margin + 2 × Size to the target, half (or a quarter) back to the rammer. */
  "chase.ram": async (user, { messageId }) => {
    const ctx = manoeuvreContext(user, messageId, "ram");
    const { message, check, combat, combatant, target, vehicle } = ctx;
    await spendDieAsGM(combat, combatant, "ram");
    await message.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.chase.applied`]: true }));
    const targetMotor = motorAboard(target);
    if (targetMotor === vehicle) throw new Error(L("SMOKE.Chase.noTarget"));
    const guard = manoeuvreGuard(target);
    const margin = check.total - guard;
    const r = ram({ margin, ownSize: sys(vehicle).size, target: targetMotor ? "vehicle" : "person" });
    const lines = [L(r.hit ? "SMOKE.Chase.ramHit" : "SMOKE.Chase.ramMiss", { vehicle: vehicle.name, target: targetMotor?.name ?? target.name ?? "",
      total: check.total, guard, margin, damage: r.damage })];
    if (r.hit) {
      if (targetMotor) {
        const left = await harmVehicle(targetMotor, r.damage, { what: "ram", other: vehicle.name, round: combat.round });
        lines.push(L("SMOKE.Chase.bodyLost", { vehicle: targetMotor.name, body: r.damage, left, max: sys(targetMotor).body.max }));
      } else {
        await applyHealthLoss(target.actor, r.damage);
        for (const id of r.conditions) await /** @type {any} */ (target.actor).addCondition(id);
        lines.push(L("SMOKE.Chase.personHit", { name: target.name ?? "", damage: r.damage,
          conditions: r.conditions.map(conditionName).join(", ") || "—" }));
      }
      const left = await harmVehicle(vehicle, r.self, { what: "ram", other: target.name ?? "", round: combat.round });
      lines.push(L("SMOKE.Chase.bodyLost", { vehicle: vehicle.name, body: r.self, left, max: sys(vehicle).body.max }));
    }
    await postCard(L("SMOKE.Chase.ramTitle", { vehicle: vehicle.name, target: targetMotor?.name ?? target.name ?? "" }), lines);
    return { ...r, margin, guard };
  },

  /** A PIT: spend the die; on a hit the target's driver must hold the line (Wheels, Hard). */
  "chase.pit": async (user, { messageId }) => {
    const ctx = manoeuvreContext(user, messageId, "pit");
    const { message, check, combat, combatant, target, vehicle } = ctx;
    const refusal = manoeuvreRefusal(combat, combatant, "pit", target);
    if (refusal) throw new Error(refusal);
    await spendDieAsGM(combat, combatant, "pit");
    const guard = manoeuvreGuard(target);
    const margin = check.total - guard;
    const hit = margin >= RULES.combat.attack.hitsAtMargin;
    await message.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.chase.applied`]: true,
      [`flags.${SYSTEM_ID}.chase.pit`]: { state: hit ? "resist" : "missed", targetId: target.id, guard, margin } }));
    const targetName = motorAboard(target)?.name ?? target.name ?? "";
    await postCard(L("SMOKE.Chase.pitTitle", { vehicle: vehicle.name, target: targetName }), [
      L(hit ? "SMOKE.Chase.pitHit" : "SMOKE.Chase.pitMiss", { vehicle: vehicle.name, target: targetName,
        total: check.total, guard })]);
    return { hit, margin, guard };
  },

  /** The GM marks who is wanted and who pursues. */
  "chase.role": async (user, { combatId, combatantId, role }) => {
    if (!user.isGM) throw new Error(L("SMOKE.Combat.gmOnly"));
    if (!ROLES.includes(role)) throw new Error(`unknown chase role ${role}`);
    const combatant = combatFrom(combatId).combatants.get(combatantId);
    if (!combatant) throw new Error(L("SMOKE.Request.missing"));
    await combatant.setFlag(SYSTEM_ID, "chaseRole", role);
    return role;
  }
};

/**
 * A ram or PIT message and its fight, checked (GM side).
 * @param {any} user @param {string} messageId @param {"ram"|"pit"} kind
 */
function manoeuvreContext(user, messageId, kind) {
  const { message, check, chase, driving, author } = chaseMessage(user, messageId, [kind]);
  const combat = combatFrom(chase.combatId);
  const combatant = combat.combatants.get(chase.combatantId);
  const target = combat.combatants.get(chase.targetId);
  if (!combatant?.actor || !target?.actor) throw new Error(L("SMOKE.Chase.noTarget"));
  assertOwner(user, combatant.actor);
  const vehicle = motorOf(combatant);
  if (!vehicle) throw new Error(L("SMOKE.Chase.notDriving", { name: combatant.name ?? "" }));
  const status = driveStatus(vehicle);
  if (!status.ok) throw new Error(status.message);
  assertDriverRoll(author, check, driving, vehicle);
  if (check.tnSource === "band") throw new Error(L("SMOKE.Chase.notThatRoll"));
  return { message, check, combat, combatant, target, vehicle };
}

/**
 * Holding the line against a PIT (Skids, collisions and contact › PIT): a failed Wheels, Hard spins the target —
 * 4 Body (5 at Size 3+), riders Shaken, and it loses its next speed-die action. GM side.
 */
async function resolvePitResist(user, message, check, chase, driving, author) {
  const pitMessage = game.messages?.get(chase.pitMessageId);
  const pitFlags = /** @type {any} */ (pitMessage?.flags?.[SYSTEM_ID])?.chase;
  if (!pitMessage || pitFlags?.pit?.state !== "resist") throw new Error(L("SMOKE.Chase.notDueNow"));
  const combat = combatFrom(pitFlags.combatId);
  const target = combat.combatants.get(pitFlags.pit.targetId);
  const vehicle = motorAboard(target);
  if (!vehicle) throw new Error(L("SMOKE.Request.missing"));
  assertDriverRoll(author, check, driving, vehicle);
  if (check.tnSource !== "band" || check.band !== CHASE.pit.resist.band) {
    throw new Error(L("SMOKE.Chase.wrongBand", { band: L(`SMOKE.Band.${CHASE.pit.resist.band}`) }));
  }
  const success = RULES.outcomes.outcomes.find(o => o.id === check.outcome)?.success === true;
  await message.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.chase.applied`]: true }));
  await pitMessage.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.chase.pit.state`]: success ? "held" : "spun" }));
  const attacker = combat.combatants.get(pitFlags.combatantId);
  if (success) {
    await postCard(L("SMOKE.Chase.pitTitle", { vehicle: motorOf(attacker)?.name ?? "", target: vehicle.name }),
      [L("SMOKE.Chase.pitHeld", { vehicle: vehicle.name })]);
    return { outcome: check.outcome, success };
  }
  const p = pit({ size: sys(vehicle).size });
  const injuries = await harmRiders(vehicle, 0, p.riderConditions);
  const left = await harmVehicle(vehicle, p.body, { what: "pit", other: motorOf(attacker)?.name ?? attacker?.name ?? "",
    round: combat.round, riderInjuries: injuries });
  const loser = actingCombatant(combat, vehicle);
  if (p.losesNextAction && loser) await loser.setFlag(SYSTEM_ID, "spun", true);
  await postCard(L("SMOKE.Chase.pitTitle", { vehicle: motorOf(attacker)?.name ?? "", target: vehicle.name }), [
    L("SMOKE.Chase.pitSpun", { vehicle: vehicle.name, body: p.body, left, max: sys(vehicle).body.max }),
    ...injuries.map(injuryLine), loser ? L("SMOKE.Chase.losesAction", { name: loser.name ?? "" }) : null]);
  return { outcome: check.outcome, success, body: p.body };
}

// ------------------------------------------------------------------------------------------------ fire and the blast

/** Motors catching fire right now on this GM client (one update at a time). */
const igniting = new Set();
/** Countdown timers outside rounds, by motor UUID. */
const timers = new Map();

/**
 * A motor at 0 Body catches fire (Fire, repairs and selling up › At zero Body): in a fight it explodes at the end of
 * the next round, outside one after about 15 seconds. A chat card tells everyone. Active GM only.
 * @param {any} vehicle @returns {Promise<void>}
 */
export async function catchFire(vehicle) {
  const s = sys(vehicle);
  if (!game.user.isActiveGM || s.onFire || s.destroyed || s.body.value > FIRE.catchesFireAtBody || igniting.has(vehicle.uuid)) return;
  igniting.add(vehicle.uuid);
  try {
    const combat = fireCombatOf(vehicle);
    const round = combat ? combat.round : null;
    const state = fireState({ body: s.body.value, fireRound: round });
    const at = combat ? 0 : Date.now() + state.countdownSeconds * 1000;
    await vehicle.update(/** @type {any} */ ({ "system.onFire": true, "system.fire.round": round, "system.fire.combatId": combat?.id ?? "",
      [`flags.${SYSTEM_ID}.fireAt`]: at }));
    await postCard(L("SMOKE.Chase.fireTitle", { vehicle: vehicle.name }), [
      combat ? L("SMOKE.Vehicle.fireRound", { round: state.explodesAtEndOfRound })
        : L("SMOKE.Vehicle.fireSeconds", { seconds: state.countdownSeconds }),
      ...occupantsOf(vehicle).map(o => L("SMOKE.Chase.getOut", { name: o.actor.name ?? "" }))]);
    if (!combat) scheduleBlast(vehicle, at);
  } finally {
    igniting.delete(vehicle.uuid);
  }
}

/** The started fight a motor is in (its token on the fight's scene), or null. @param {any} vehicle */
function fireCombatOf(vehicle) {
  const fights = [game.combat, ...(game.combats?.contents ?? [])].filter(c => c?.started);
  return fights.find(c => vehicleTokenIn(vehicle, sceneOf(c))) ?? null;
}

/** Outside rounds: the blast after the countdown (active GM). @param {any} vehicle @param {number} at  ms since 1970. */
function scheduleBlast(vehicle, at) {
  clearTimeout(timers.get(vehicle.uuid));
  timers.set(vehicle.uuid, setTimeout(async () => {
    timers.delete(vehicle.uuid);
    const v = /** @type {any} */ (fromUuidSync(vehicle.uuid));
    if (!game.user.isActiveGM || !sys(v)?.onFire || sys(v).destroyed) return;
    const scenes = [game.scenes?.viewed, .../** @type {any[]} */ (game.scenes?.contents ?? [])].filter(Boolean);
    const token = scenes.map(scene => vehicleTokenIn(v, scene)).find(Boolean) ?? null;
    const lines = await explode(v, token, null);
    await postCard(L("SMOKE.Chase.blastTitle", { vehicle: v.name }), lines);
  }, Math.max(0, at - Date.now())));
}

/**
 * The blast of a burning motor (the blast table, rules vehicleFire): everyone still inside 10 damage and Burning;
 * people outside within 2 squares 5 damage, Burning and Prone, over 2 to 4 squares 2 damage and Prone; motors within
 * 2 squares 5 Body, over 2 to 4 2 Body (a motor reduced to 0 catches fire in its turn); people riding in another motor
 * are behind its bodywork (the motor takes the blast). The motor becomes a destroyed shell. GM side.
 * @param {any} vehicle @param {any} token  Its token (null: only the people inside are hurt).
 * @param {number|null} round
 * @returns {Promise<string[]>}  What happened, in words.
 */
export async function explode(vehicle, token, round) {
  const lines = [L("SMOKE.Chase.explodes", { vehicle: vehicle.name })];
  const inside = occupantsOf(vehicle);
  const insideIds = new Set(inside.map(o => o.actor.id));
  for (const { actor } of inside) {
    const row = /** @type {any} */ (vehicleFire(0, { inside: true }));
    lines.push(await blastPerson(actor, row, null));
  }
  if (token?.parent) {
    for (const t of token.parent.tokens) {
      if (t.id === token.id || !t.actor || insideIds.has(t.actor.id)) continue;
      if (!isVehicle(t.actor) && vehicleOf(t.actor)) continue; // in another motor: its bodywork takes the blast
      const d = squaresBetween(token, t);
      if (d === null) continue;
      if (isVehicle(t.actor)) {
        const row = vehicleFire(d, { target: "vehicle" });
        if (!row || sys(t.actor).destroyed) continue;
        const left = await harmVehicle(t.actor, row.body, { what: "fire", other: vehicle.name, round });
        lines.push(L("SMOKE.Chase.blastVehicle", { vehicle: t.actor.name, squares: d, body: row.body, left, max: sys(t.actor).body.max }));
      } else {
        const row = vehicleFire(d);
        if (row) lines.push(await blastPerson(t.actor, row, d));
      }
    }
  }
  await vehicle.update(/** @type {any} */ ({ "system.onFire": false, "system.destroyed": true, "system.body.value": 0,
    "system.incidents": [...(sys(vehicle).incidents ?? []), incidentEntry({ vehicle: vehicle.name, what: "fire", round,
      riderInjuries: inside.map(o => ({ name: o.actor.name ?? "", damage: FIRE.blast[0].damage, conditions: [...FIRE.blast[0].conditions] })) })] }));
  return lines;
}

/** One person in the blast. @param {any} actor @param {any} row @param {number|null} squares @returns {Promise<string>} */
async function blastPerson(actor, row, squares) {
  await applyHealthLoss(actor, row.damage);
  for (const id of row.conditions) await actor.addCondition(id);
  return L(squares === null ? "SMOKE.Chase.blastInside" : "SMOKE.Chase.blastPerson", { name: actor.name ?? "", squares: squares ?? 0,
    damage: row.damage, conditions: row.conditions.map(conditionName).join(", ") || "—" });
}

/**
 * The end of a round for the chase (When it kicks off › End a round, step 4: "Resolve vehicle fires when due and check
 * whether the chase has ended"), with step 2's round-long defence of motors (go evasive ends). Called once per round by
 * documents/combat.mjs advanceRound on the active GM.
 * @param {any} combat
 * @returns {Promise<string[]>}  What happened, in words, for the round's card.
 */
export async function resolveChaseRoundEnd(combat) {
  const lines = [];
  const scene = sceneOf(combat);
  const round = combat.round;
  const motors = [...new Set((scene?.tokens ?? []).filter(t => isVehicle(t.actor)).map(t => t.actor))];
  for (const v of motors) {
    const s = sys(v);
    if (s.defences?.evasive) await v.update({ "system.defences.evasive": false });
  }
  // Fires due: caught in this fight, exploding at the end of the round after the one they caught in.
  for (const v of motors) {
    const s = sys(v);
    if (!s.onFire || s.destroyed || s.fire?.combatId !== combat.id) continue;
    const due = fireState({ body: 0, fireRound: s.fire.round ?? round }).explodesAtEndOfRound;
    if (due !== null && due <= round) lines.push(...await explode(v, vehicleTokenIn(v, scene), round));
    else if (due !== null) lines.push(L("SMOKE.Chase.burning", { vehicle: v.name, round: due }));
  }
  const over = combat.getFlag?.(SYSTEM_ID, "chaseOver");
  const { wanted, pursuers } = chaseSides(combat);
  if (!over && wanted.length && pursuers.length) {
    const distances = wanted.map(w => pursuers.map(p => squaresBetween(positionOf(w, scene), positionOf(p, scene))));
    if (distances.every(list => list.every(d => d !== null)) && getaway(/** @type {number[][]} */ (distances))) {
      await combat.setFlag(SYSTEM_ID, "chaseOver", round);
      lines.push(L("SMOKE.Chase.over", { beyond: CHASE.getaway.beyondSquares }));
    }
  }
  return lines;
}

// ------------------------------------------------------------------------------------------------ the PIT card

/**
 * The PIT card's button for whoever holds the line (the target driver's player, or the GM for a crew).
 * @param {any} message @param {HTMLElement} html
 */
function onRenderChatMessage(message, html) {
  const chase = message.flags?.[SYSTEM_ID]?.chase;
  if (chase?.kind !== "pit" || chase.pit?.state !== "resist") return;
  const combat = game.combats?.get(chase.combatId);
  const vehicle = motorAboard(combat?.combatants.get(chase.pit.targetId));
  if (!vehicle || !mayRoll(vehicle)) return;
  const root = html instanceof HTMLElement ? html : /** @type {any} */ (html)?.[0];
  const host = root?.querySelector?.(".smoke-check-card") ?? root?.querySelector?.(".message-content") ?? root;
  if (!host || host.querySelector("[data-smoke-pit-resist]")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.smokePitResist = "";
  button.textContent = L("SMOKE.Chase.holdTheLine", { vehicle: vehicle.name });
  button.addEventListener("click", async event => {
    button.disabled = true;
    const result = await resistPit(message, { skipDialog: event.shiftKey });
    if (!result) button.disabled = false;
  });
  host.append(button);
}

// ------------------------------------------------------------------------------------------------ registration

/**
 * Register the chase requests (`chase.drive`, `chase.evasive`, `chase.resolve`, `chase.ram`, `chase.pit`,
 * `chase.role`) and hooks: the gauge on every move (`preMoveToken`, `preUpdateToken`, `moveToken` on the moving
 * client), a motor catching fire at 0 Body (`updateActor`, active GM), the countdowns outside rounds resumed at
 * `ready`, and the PIT card's button (`renderChatMessageHTML`). Call once, from `init` (apps/chase-gauge.mjs does).
 */
export function registerChaseRequests() {
  for (const [type, handler] of Object.entries(HANDLERS)) registerRequest(type, handler);
  const hooks = /** @type {any} */ (Hooks);
  hooks.on("preMoveToken", onPreMoveToken);
  hooks.on("preUpdateToken", onPreUpdateToken);
  hooks.on("moveToken", onMoveToken);
  hooks.on("updateActor", (actor, changed) => {
    if (!game.user.isActiveGM || !isVehicle(actor)) return;
    if (foundry.utils.getProperty(changed, "system.body.value") === undefined) return;
    catchFire(actor).catch(err => console.warn("The Smoke | a motor at 0 Body did not catch fire", err));
  });
  hooks.on("renderChatMessageHTML", onRenderChatMessage);
  Hooks.once("ready", () => {
    if (!game.user.isActiveGM) return;
    for (const v of game.actors ?? []) {
      const at = v.getFlag?.(SYSTEM_ID, "fireAt");
      if (isVehicle(v) && sys(v).onFire && !sys(v).destroyed && at) scheduleBlast(v, at);
    }
  });
}
