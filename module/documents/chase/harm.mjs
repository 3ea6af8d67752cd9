/**
 * Harm in the chase, on the GM's side: Body off a motor with an entry in its incident record, damage and Conditions to
 * everyone aboard, and the chase's chat card.
 *
 * Harm from the gauge, contact, rams, PITs and the blast is applied as printed ("the manoeuvre's direct harm amounts"):
 * Body straight off the motor, damage straight off a rider's Health (Down at 0), Conditions added.
 *
 * Rulebook: Skids, collisions and contact (and › Keep an incident record); Fire, repairs and selling up › At zero Body.
 * @module documents/chase/harm
 */
import { applyHealthLoss, conditionName } from "../fight/combat.mjs";
import { conditionOf, occupantsOf, recordIncident, writeCondition } from "../vehicle/vehicle.mjs";
import { L, SYSTEM_ID } from "./common.mjs";
import { listCardHTML } from "../core/chat-html.mjs";

// ------------------------------------------------------------------------------------------------ harm (GM side)

/**
 * Body off a motor (the GM's record of its condition, documents/vehicle/condition.mjs), and an incident entry (Skids,
 * collisions and contact › Keep an incident record). GM side.
 * @param {any} vehicle
 * @param {number} body  Body lost (≥ 0).
 * @param {{what: string, other?: string, riderInjuries?: any[], round?: number|null}} entry
 * @returns {Promise<number>}  Body afterwards.
 */
export async function harmVehicle(vehicle, body, entry) {
  const before = conditionOf(vehicle).body; // the GM's record, never a Body its owner typed back up
  const value = Math.max(0, before - body);
  const bodyLost = before - value;
  await writeCondition(vehicle, { body: value });
  // The incident goes through the GM's queue like every other, with its own id (stored once, never lost).
  await recordIncident(vehicle, { bodyLost, ...entry });
  return value;
}

/**
 * Damage and Conditions to everyone aboard a motor. GM side.
 * @param {any} vehicle
 * @param {number} damage
 * @param {string[]} conditions
 * @returns {Promise<{name: string, damage: number, conditions: string[]}[]>}  The injuries, for the record.
 */
export async function harmRiders(vehicle, damage, conditions) {
  const injuries = [];
  if (!damage && !conditions.length) return injuries;
  for (const { actor } of occupantsOf(vehicle)) {
    if (damage) await applyHealthLoss(actor, damage);
    const applied = [];
    for (const id of conditions) applied.push(await actor.addCondition(id));
    injuries.push({ name: actor.name ?? "", damage, conditions: applied });
  }
  return injuries;
}

/**
 * A rider injury line.
 * @param {{name: string, damage: number, conditions: string[]}} r
 */
export const injuryLine = r => L(r.damage ? "SMOKE.Chase.riderHurt" : "SMOKE.Chase.riderCondition", { name: r.name, damage: r.damage,
  conditions: r.conditions.map(conditionName).join(", ") || "—" });

/**
 * Post a chase card (every string escaped).
 * @param {string} title
 * @param {(string|false|null|undefined)[]} lines
 * @param {object} [flags]
 */
export async function postCard(title, lines, flags = {}) {
  const content = await listCardHTML({ cls: "smoke-chase-card", title,
    lines: /** @type {string[]} */ (lines.filter(Boolean)) });
  return ChatMessage.create(/** @type {any} */ ({ speaker: { alias: L("SMOKE.Chase.title") }, content,
    flags: { [SYSTEM_ID]: flags } }));
}
