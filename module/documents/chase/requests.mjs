/**
 * The chase's requests to the active GM and its registration. The GM checks each roll (its message is unused, made by
 * the driver's owner or the GM for a crew, the right check) before applying it: `chase.drive` (spend the die, start
 * the gauge), `chase.evasive`, `chase.resolve` (a gauge check at a line, an evasive manoeuvre on contact, holding the
 * line against a PIT), `chase.ram`, `chase.pit` and `chase.role`. The hooks: the gauge on every move, a motor
 * catching fire at 0 Body, the countdowns outside rounds, and the PIT card's button.
 *
 * Rulebook: The chase gauge; Skids, collisions and contact; Fire, repairs and selling up › At zero Body.
 * @module documents/chase/requests
 */
import { RULES } from "../../generated/rules.mjs";
import { evasiveManoeuvre, failedGaugeCheck, ram } from "../../rules/chase-gauge.mjs";
import { applyHealthLoss, conditionName, spendDieAsGM } from "../combat.mjs";
import { assertOwner, registerRequest } from "../requests.mjs";
import { driverOf } from "../vehicle.mjs";
import { GAUGE_BANDS, L, SYSTEM_ID, isVehicle, sys } from "./common.mjs";
import { gaugeOf, motorAboard, motorOf, sceneOf, vehicleTokenIn } from "./map.mjs";
import { driveStatus, isCrewedUnit } from "./units.mjs";
import { ROLES } from "./getaway.mjs";
import { onMoveToken, onPreMoveToken, onPreUpdateToken } from "./gauge.mjs";
import { manoeuvreGuard, manoeuvreRefusal, onRenderChatMessage, resolvePitResist } from "./contact.mjs";
import { catchFire, scheduleBlast } from "./fire.mjs";
import { harmRiders, harmVehicle, injuryLine, postCard } from "./harm.mjs";

/**
 * @typedef {import("./common.mjs").GaugeFlag} GaugeFlag
 * @typedef {import("./common.mjs").MotorToken} MotorToken
 */

// ------------------------------------------------------------------------------------------------ requests (GM side)

/** @param {string} id @returns {any} */
export function combatFrom(id) {
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
export function assertDriverRoll(author, check, driving, vehicle) {
  if (driving.vehicleUuid !== vehicle.uuid) throw new Error(L("SMOKE.Chase.notThatRoll"));
  const driver = driverOf(vehicle);
  if (driver) {
    if (check.actorId !== driver.id) throw new Error(L("SMOKE.Chase.notTheDriver", { vehicle: vehicle.name }));
    if (!author?.isGM && !driver.testUserPermission(author, "OWNER")) throw new Error(L("SMOKE.Vehicle.notYourRoll"));
  } else if (!author?.isGM || !isCrewedUnit(vehicle) || check.actorId) {
    throw new Error(L("SMOKE.Chase.notTheDriver", { vehicle: vehicle.name }));
  }
}

/**
 * The fight, the acting combatant (owned by the requester), the motor it drives or is, and whether it can be driven.
 * @param {User.Implementation} user  @param {string} combatId  @param {string} combatantId
 * @throws {Error} when the requester does not own the combatant, it drives nothing, or the motor cannot be driven.
 */
function driverAt(user, combatId, combatantId) {
  const combat = combatFrom(combatId);
  const combatant = combat.combatants.get(combatantId);
  assertOwner(user, combatant?.actor ?? null);
  const vehicle = motorOf(/** @type {any} */ (combatant));
  if (!vehicle) throw new Error(L("SMOKE.Chase.notDriving", { name: combatant?.name ?? "" }));
  const status = driveStatus(vehicle);
  if (!status.ok) throw new Error(status.message);
  return { combat, combatant: /** @type {any} */ (combatant), vehicle, status };
}

const HANDLERS = {
  /** Drive: spend the die, start the action at 0 squares. */
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
      ended: "", resolved: [], lastMove: "" };
    await token.update(/** @type {any} */ ({ [`flags.${SYSTEM_ID}.gauge`]: gauge }));
    return { tokenId: token.id, action: gauge.action };
  },

  /** Go evasive: spend the die; +2 vehicle Guard until the end of the round. */
  "chase.evasive": async (user, { combatId, combatantId }) => {
    const { combat, combatant, vehicle, status } = driverAt(user, combatId, combatantId);
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
