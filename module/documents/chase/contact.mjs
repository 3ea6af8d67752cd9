/**
 * Contact between motors on a speed die: going evasive, rams and PITs (Wheels against the target's current Guard), the
 * target holding the line against a PIT, and the PIT card's button. The GM's side of a ram and a PIT is in
 * ./requests.mjs (`chase.ram`, `chase.pit`); holding the line is resolved here.
 *
 * Rulebook: Skids, collisions and contact › Go evasive, Ram, PIT.
 * @module documents/chase/contact
 */
import { RULES } from "../../generated/rules.mjs";
import { pit } from "../../rules/chase-gauge.mjs";
import { currentGuard } from "../attack.mjs";
import { requestGM } from "../requests.mjs";
import { driverOf } from "../vehicle.mjs";
import { CHASE, L, refuseCard, sys, SYSTEM_ID, warn } from "./common.mjs";
import { motorAboard, motorOf, sceneOf, squaresBetween, vehicleTokenIn } from "./map.mjs";
import { driveRoll, mayRoll } from "./units.mjs";
import { harmRiders, harmVehicle, injuryLine, postCard } from "./harm.mjs";
import { assertDriverRoll, combatFrom } from "./requests.mjs";

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
    return refuseCard(message, err.message);
  }
}

/**
 * The combatant that acts for a motor: its driver's, else the motor's own.
 * @param {any} combat @param {any} vehicle @returns {any}
 */
function actingCombatant(combat, vehicle) {
  const driver = driverOf(vehicle);
  return (driver && combat.combatants.find(c => c.actorId === driver.id)) || combat.combatants.find(c => c.actorId === vehicle.id) || null;
}

/**
 * Holding the line against a PIT (Skids, collisions and contact › PIT): a failed Wheels, Hard spins the target —
 * 4 Body (5 at Size 3+), riders Shaken, and it loses its next speed-die action. GM side.
 */
export async function resolvePitResist(user, message, check, chase, driving, author) {
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

// ------------------------------------------------------------------------------------------------ the PIT card

/**
 * The PIT card's button for whoever holds the line (the target driver's player, or the GM for a crew).
 * @param {any} message @param {HTMLElement} html
 */
export function onRenderChatMessage(message, html) {
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
