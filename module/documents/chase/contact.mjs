/**
 * Contact between motors on a speed die: going evasive, rams and PITs (Wheels against the target's current Guard), the
 * target holding the line against a PIT, and the PIT card's button.
 *
 * **Every roll the GM applies is one it issued** (documents/core/roll-claims.mjs): the driver's client asks the GM to
 * declare the ram or PIT (`chase.declare`: the GM checks the combatant, the motor, the target, a PIT's 4 squares,
 * reads the target's Guard and fixes it as the TN); the card is claimed once by `chase.ram`/`chase.pit`, whose
 * total and margin come from its own dice against that Guard. A PIT that hits is recorded on the Combat
 * (`system.records`, GM-owned, kind "chasePit"); holding the line is issued from that record (`chase.holdLine`, Wheels,
 * Hard) and claimed by `chase.resist`. A lost next die is the target's side's `spun` (documents/fight/combat-state.mjs).
 *
 * Rulebook: Skids, collisions and contact › Go evasive, Ram, PIT.
 * @module documents/chase/contact
 */
import { RULES } from "../../generated/rules.mjs";
import { pit, ram } from "../../rules/chase-gauge.mjs";
import { bandTN } from "../../rules/check.mjs";
import { currentGuard } from "../fight/attack.mjs";
import { applyHealthLoss, conditionName, spendDieAsGM } from "../fight/combat.mjs";
import { writeSides } from "../fight/combat-state.mjs";
import { assertOwner, requestGM } from "../core/requests.mjs";
import { claimRoll, issueRoll } from "../core/roll-claims.mjs";
import { conditionOf, driverOf, motorGuard, printedOf, writeCondition } from "../vehicle/vehicle.mjs";
import { recordedDice } from "../core/record.mjs";
import { CHASE, L, SYSTEM_ID, combatFrom, succeeded, warn, refuseCard } from "./common.mjs";
import { combatantOfActor, motorAboard, motorOf, sceneOf, squaresBetween, vehicleTokenIn } from "./map.mjs";
import { driveRoll, driveSpec, driveStatus, driverAt, mayRoll, unitWheels } from "./units.mjs";
import { harmRiders, harmVehicle, injuryLine, postCard } from "./harm.mjs";

/**
 * @typedef {object} PitRecord  A PIT that hit or missed, in the fight's GM-owned `system.records` beside the attacks'
 *   (`chase.pit` writes it; `chase.resist` marks it held or spun).
 * @property {string} id
 * @property {"chasePit"} kind
 * @property {"resist"|"missed"|"held"|"spun"} state  resist: the target's driver must hold the line.
 * @property {string} attackerId  The PITting combatant's id.
 * @property {string} targetId    The target combatant's id.
 * @property {number} guard
 * @property {number} margin
 * @property {number} round
 * @property {string} messageId   The PIT's card.
 * @property {string} [resistMessageId]  The hold-the-line card.
 */

/**
 * The fight's records by id, a PIT's or another roll's (the `kind` says which).
 * @typedef {{records?: Record<string, PitRecord | import("../fight/attack.mjs").RollRecord | undefined>}} RecordsHolder
 */

/**
 * The Guard a ram or a PIT rolls against: the target's motor's (6 + 2 × Size, +2 while evasive: the GM's records of
 * its Size and its temporary defences, documents/vehicle/print.mjs and condition.mjs), or a person's on foot (rulebook:
 * Skids, collisions and contact › Ram, PIT).
 * @param {any} target  A combatant.
 * @returns {number}
 */
export function manoeuvreGuard(target) {
  const motor = motorAboard(target);
  return motor ? motorGuard(motor) : currentGuard(target);
}

/**
 * Go evasive on the current speed die: +2 vehicle Guard against shots, rams and PITs until the end of the round.
 * @param {any} combat
 * @param {any} combatant
 * @returns {Promise<boolean>}
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
 * declares it (fixes the Guard), the driver rolls, the GM spends the die and applies the card's own roll. A PIT needs
 * the motors within 4 squares (refused before rolling).
 * @param {any} combat
 * @param {any} combatant
 * @param {"ram"|"pit"} kind
 * @param {string} targetId  A combatant id.
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
  let declared;
  try {
    declared = await requestGM("chase.declare", { combatId: combat.id, combatantId: combatant.id, kind, targetId: target.id });
  } catch (err) {
    return warn(err.message);
  }
  const message = await driveRoll(vehicle, { tn: declared.tn, targetName: target.name ?? "", situational: declared.situational, skipDialog,
    flags: { rollId: declared.rollId, chase: { kind, combatId: combat.id, combatantId: combatant.id, targetId: target.id } } });
  if (!message) return null;
  try {
    return await requestGM(`chase.${kind}`, { rollId: declared.rollId, messageId: message.id });
  } catch (err) {
    return refuseCard(message, err.message);
  }
}

/**
 * Why a ram or a PIT cannot be made on this target, or null: a PIT needs another motor within 4 squares.
 * @param {any} combat
 * @param {any} combatant
 * @param {"ram"|"pit"} kind
 * @param {any} target
 * @returns {string|null}
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
 * GM: who rolls Wheels for a motor (its driver — the requester must own them — or its crew, for a GM).
 * @param {User.Implementation} user
 * @param {any} vehicle
 * @returns {any}  The actor the card is rolled for.
 */
function rollerOf(user, vehicle) {
  const status = driveStatus(vehicle);
  if (!status.ok) throw new Error(status.message);
  if (status.crew) {
    if (!user.isGM) throw new Error(L("SMOKE.Chase.crewGMOnly", { vehicle: vehicle.name }));
    return vehicle;
  }
  assertOwner(user, status.driver);
  return status.driver;
}

/**
 * The target's driver (or crew) holds the line against a PIT: Wheels, Hard, issued by the GM from its PIT record.
 * @param {any} pitCard  The GM's PIT chat card (its flags say which fight and record).
 * @param {{skipDialog?: boolean}} [options]
 * @returns {Promise<any>}
 */
export async function resistPit(pitCard, { skipDialog = false } = {}) {
  const ref = pitCard?.flags?.[SYSTEM_ID]?.chase;
  const combat = game.combats?.get(ref?.combatId ?? "");
  const record = /** @type {RecordsHolder | undefined} */ (combat?.system)?.records?.[ref?.recordId ?? ""];
  if (record?.kind !== "chasePit" || record.state !== "resist") return warn(L("SMOKE.Chase.nothingDue"));
  const vehicle = motorAboard(combat?.combatants.get(record.targetId ?? ""));
  if (!vehicle) return warn(L("SMOKE.Chase.nothingDue"));
  let issued;
  try {
    issued = await requestGM("chase.holdLine", { combatId: combat.id, recordId: record.id });
  } catch (err) {
    return warn(err.message);
  }
  const message = await driveRoll(vehicle, { band: CHASE.pit.resist.band, situational: issued.situational, skipDialog,
    flags: { rollId: issued.rollId, chase: { kind: "pitResist", combatId: combat.id, recordId: record.id } } });
  if (!message) return null;
  try {
    return await requestGM("chase.resist", { rollId: issued.rollId, messageId: message.id });
  } catch (err) {
    return refuseCard(message, err.message);
  }
}

/**
 * The combatant that acts for a motor: its driver's, else the motor's own (by uuid: two unlinked motors of one actor
 * are two combatants).
 * @param {any} combat
 * @param {any} vehicle
 * @returns {any}
 */
function actingCombatant(combat, vehicle) {
  return combatantOfActor(combat, driverOf(vehicle)) ?? combatantOfActor(combat, vehicle);
}

/**
 * GM: write a PIT record (whole) on its fight.
 * @param {any} combat
 * @param {any} record
 */
async function saveRecord(combat, record) {
  await combat.update({ [`system.records.${record.id}`]: record }, { turnEvents: false });
}

export const requests = {
  /** Go evasive: spend the die; +2 vehicle Guard until the end of the round. */
  "chase.evasive": async (user, { combatId, combatantId }) => {
    const { combat, combatant, vehicle } = driverAt(user, combatId, combatantId);
    await spendDieAsGM(combat, combatant, "evasive");
    await writeCondition(vehicle, { evasive: true });
    return { guard: motorGuard(vehicle) };
  },

  /** Declare a ram or a PIT: the GM checks it and issues the Wheels roll against the target's Guard now. */
  "chase.declare": async (user, { combatId, combatantId, kind, targetId }) => {
    if (kind !== "ram" && kind !== "pit") throw new Error(L("SMOKE.Chase.notThatRoll"));
    const { combat, combatant, vehicle } = driverAt(user, combatId, combatantId);
    const target = combat.combatants.get(targetId);
    if (!target?.actor || target.id === combatant.id || motorAboard(target) === vehicle) throw new Error(L("SMOKE.Chase.noTarget"));
    const refusal = manoeuvreRefusal(combat, combatant, kind, target);
    if (refusal) throw new Error(refusal);
    const actor = rollerOf(user, vehicle);
    const tn = manoeuvreGuard(target);
    // One live roll per manoeuvre on a target this round (the die is spent when it is claimed): asking again returns it.
    return issueRoll(user, { purpose: `chase.${kind}`, actor, stat: "whl", tn, ...driveSpec(actor, vehicle),
      key: `${combat.id}:${combatant.id}:${target.id}:${combat.round ?? 0}`,
      context: { combatId: combat.id, combatantId: combatant.id, targetId: target.id } });
  },

  /** A ram: spend the die, then margin + 2 × Size to the target, half (or a quarter) back to the rammer. */
  "chase.ram": async (user, { rollId, messageId }) => {
    const { combat, combatant, target, vehicle, check, guard } = await claimManoeuvre(user, rollId, messageId, "ram");
    await spendDieAsGM(combat, combatant, "ram");
    const targetMotor = motorAboard(target);
    const margin = check.margin;
    const r = ram({ margin, ownSize: printedOf(vehicle).size, target: targetMotor ? "vehicle" : "person" });
    const lines = [L(r.hit ? "SMOKE.Chase.ramHit" : "SMOKE.Chase.ramMiss", { vehicle: vehicle.name, target: targetMotor?.name ?? target.name ?? "",
      total: check.total, guard, margin, damage: r.damage })];
    if (r.hit) {
      if (targetMotor) {
        const left = await harmVehicle(targetMotor, r.damage, { what: "ram", other: vehicle.name, round: combat.round });
        lines.push(L("SMOKE.Chase.bodyLost", { vehicle: targetMotor.name, body: r.damage, left, max: conditionOf(targetMotor).bodyMax }));
      } else {
        await applyHealthLoss(target.actor, r.damage);
        for (const id of r.conditions) await target.actor.addCondition(id);
        lines.push(L("SMOKE.Chase.personHit", { name: target.name ?? "", damage: r.damage,
          conditions: r.conditions.map(conditionName).join(", ") || "—" }));
      }
      const left = await harmVehicle(vehicle, r.self, { what: "ram", other: target.name ?? "", round: combat.round });
      lines.push(L("SMOKE.Chase.bodyLost", { vehicle: vehicle.name, body: r.self, left, max: conditionOf(vehicle).bodyMax }));
    }
    await postCard(L("SMOKE.Chase.ramTitle", { vehicle: vehicle.name, target: targetMotor?.name ?? target.name ?? "" }), lines);
    return { ...r, margin, guard };
  },

  /** A PIT: spend the die; on a hit the GM records it and the target's driver must hold the line (Wheels, Hard). */
  "chase.pit": async (user, { rollId, messageId }) => {
    const { combat, combatant, target, vehicle, check, guard } = await claimManoeuvre(user, rollId, messageId, "pit");
    const refusal = manoeuvreRefusal(combat, combatant, "pit", target);
    if (refusal) throw new Error(refusal);
    await spendDieAsGM(combat, combatant, "pit");
    const margin = check.margin;
    const hit = margin >= RULES.combat.attack.hitsAtMargin;
    const record = { id: foundry.utils.randomID(), kind: "chasePit", state: hit ? "resist" : "missed", attackerId: combatant.id,
      targetId: target.id, guard, margin, round: combat.round, messageId };
    await saveRecord(combat, record);
    const targetName = motorAboard(target)?.name ?? target.name ?? "";
    await postCard(L("SMOKE.Chase.pitTitle", { vehicle: vehicle.name, target: targetName }), [
      L(hit ? "SMOKE.Chase.pitHit" : "SMOKE.Chase.pitMiss", { vehicle: vehicle.name, target: targetName,
        total: check.total, guard })
    ], { chase: { kind: "pit", combatId: combat.id, recordId: record.id } });
    return { hit, margin, guard };
  },

  /** Holding the line against a recorded PIT: the GM issues Wheels, Hard to the target's driver (or its crew). */
  "chase.holdLine": async (user, { combatId, recordId }) => {
    const combat = combatFrom(combatId);
    const record = combat.system?.records?.[recordId];
    if (record?.kind !== "chasePit" || record.state !== "resist") throw new Error(L("SMOKE.Chase.notDueNow"));
    const vehicle = motorAboard(combat.combatants.get(record.targetId));
    if (!vehicle) throw new Error(L("SMOKE.Request.missing"));
    const actor = rollerOf(user, vehicle);
    const band = CHASE.pit.resist.band;
    // The TN from the driver's unboosted Wheels on the GM's record and the printed Performance on the GM's record.
    const statDie = actor === vehicle ? unitWheels(vehicle) : recordedDice(actor, "whl").statDie;
    const tn = bandTN(printedOf(vehicle).performance, statDie, band);
    return issueRoll(user, { purpose: "chase.pitResist", actor, stat: "whl", tn, ...driveSpec(actor, vehicle),
      context: { combatId, recordId } });
  },

  /**
   * Holding the line (Skids, collisions and contact › PIT): a failed Wheels, Hard spins the target — 4 Body (5 at
   * Size 3+), riders Shaken, and it loses its next speed-die action (its side's `spun`).
   */
  "chase.resist": async (user, { rollId, messageId }) => {
    const { roll, message, check } = await claimRoll(user, { rollId, messageId, purpose: "chase.pitResist" });
    const { combatId, recordId } = roll.context;
    const snapshot = message.flags?.[SYSTEM_ID]?.check;
    if (snapshot?.tnSource !== "band" || snapshot?.band !== CHASE.pit.resist.band) {
      throw new Error(L("SMOKE.Chase.wrongBand", { band: L(`SMOKE.Band.${CHASE.pit.resist.band}`) }));
    }
    const combat = combatFrom(combatId);
    const record = combat.system?.records?.[recordId];
    if (record?.kind !== "chasePit" || record.state !== "resist") throw new Error(L("SMOKE.Chase.notDueNow"));
    const target = combat.combatants.get(record.targetId);
    const vehicle = motorAboard(target);
    if (!vehicle) throw new Error(L("SMOKE.Request.missing"));
    const success = succeeded(check.outcome);
    await saveRecord(combat, { ...record, state: success ? "held" : "spun", resistMessageId: messageId });
    const attacker = combat.combatants.get(record.attackerId);
    const title = L("SMOKE.Chase.pitTitle", { vehicle: motorOf(attacker)?.name ?? "", target: vehicle.name });
    if (success) {
      await postCard(title, [L("SMOKE.Chase.pitHeld", { vehicle: vehicle.name })]);
      return { outcome: check.outcome, success };
    }
    const p = pit({ size: printedOf(vehicle).size });
    const injuries = await harmRiders(vehicle, 0, p.riderConditions);
    const left = await harmVehicle(vehicle, p.body, { what: "pit", other: motorOf(attacker)?.name ?? attacker?.name ?? "",
      round: combat.round, riderInjuries: injuries });
    const loser = actingCombatant(combat, vehicle);
    if (p.losesNextAction && loser) await writeSides(combat, { [loser.id]: { spun: true } });
    await postCard(title, [
      L("SMOKE.Chase.pitSpun", { vehicle: vehicle.name, body: p.body, left, max: conditionOf(vehicle).bodyMax }),
      ...injuries.map(injuryLine), loser ? L("SMOKE.Chase.losesAction", { name: loser.name ?? "" }) : null
    ]);
    return { outcome: check.outcome, success, body: p.body };
  }
};

/**
 * GM: claim a ram's or a PIT's card against the roll the GM issued, and the fight around it.
 * @param {User.Implementation} user
 * @param {string} rollId
 * @param {string} messageId
 * @param {"ram"|"pit"} kind
 */
async function claimManoeuvre(user, rollId, messageId, kind) {
  const { roll, check } = await claimRoll(user, { rollId, messageId, purpose: `chase.${kind}` });
  const ctx = roll.context;
  const { combat, combatant, vehicle } = driverAt(user, ctx.combatId, ctx.combatantId);
  const target = combat.combatants.get(ctx.targetId);
  if (!target?.actor || motorAboard(target) === vehicle) throw new Error(L("SMOKE.Chase.noTarget"));
  return { combat, combatant, target, vehicle, check, guard: roll.tn };
}

// ------------------------------------------------------------------------------------------------ the PIT card

/**
 * The PIT card's button for whoever holds the line (the target driver's player, or the GM for a crew): only on the
 * GM's own PIT card, while the GM's record says the line is still to be held.
 * @param {any} message
 * @param {HTMLElement} html
 */
export function onRenderChatMessage(message, html) {
  const chase = message.flags?.[SYSTEM_ID]?.chase;
  if (chase?.kind !== "pit" || !message.author?.isGM) return;
  const combat = game.combats?.get(chase.combatId);
  const record = /** @type {RecordsHolder | undefined} */ (combat?.system)?.records?.[chase.recordId];
  if (record?.kind !== "chasePit" || record.state !== "resist") return;
  const vehicle = motorAboard(combat?.combatants.get(record.targetId));
  if (!vehicle || !mayRoll(vehicle)) return;
  const root = html instanceof HTMLElement ? html : html?.[0];
  const host = root?.querySelector?.(".smoke-chase-card") ?? root?.querySelector?.(".message-content") ?? root;
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

export const hooks = { renderChatMessageHTML: onRenderChatMessage };
