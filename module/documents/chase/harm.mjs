/**
 * Harm in the chase, on the GM's side: Body off a motor with an entry in its incident record, damage and Conditions to
 * everyone aboard, and the chase's chat card.
 *
 * Harm from the gauge, contact, rams, PITs and the blast is applied as printed ("the manoeuvre's direct harm amounts"):
 * Body straight off the motor, damage straight off a rider's Health (Down at 0), Conditions added — except that a
 * rider coming off a bike in Motorbike Leathers takes half (Armour: "coming off a bike does half damage";
 * rules/armour.mjs offBikeDamage), the suit read from the GM's record of their kit and the bike from the GM's printed
 * record of the motor (documents/vehicle/print.mjs).
 *
 * Rulebook: Skids, collisions and contact (and › Keep an incident record); Fire, repairs and selling up › At zero Body;
 * Armour › Motorbike Leathers.
 * @module documents/chase/harm
 */
import { isBike, offBikeDamage } from "../../rules/armour.mjs";
import { applyHealthLoss, conditionName } from "../fight/combat.mjs";
import { conditionOf, occupantsOf, printedOf, recordIncident, writeCondition } from "../vehicle/vehicle.mjs";
import { L, SYSTEM_ID } from "./common.mjs";
import { listCardHTML } from "../core/chat-html.mjs";
import { recordedArmour } from "../core/kit-record.mjs";

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
 * A motor's abilities as the GM knows them: its printed record (documents/vehicle/print.mjs printedOf — the catalogue
 * entry's for the key the GM recorded, or what the GM wrote on a motor made by hand; an owner's edit is never read).
 * @param {any} vehicle
 * @returns {Promise<string[]>}
 */
export async function knownAbilities(vehicle) {
  return printedOf(vehicle).abilities;
}

/**
 * Damage and Conditions to everyone aboard a motor. GM side. On a bike, a rider whose worn suit halves coming off it
 * (Motorbike Leathers, on the GM's record of their kit; which suit is worn is the rider's owner's, read now) takes
 * half, rounded up.
 * @param {any} vehicle
 * @param {number} damage
 * @param {string[]} conditions
 * @returns {Promise<{name: string, damage: number, conditions: string[], printed?: number, suit?: string}[]>}  The
 *   injuries, for the record (`printed` and `suit` when a suit halved the damage).
 */
export async function harmRiders(vehicle, damage, conditions) {
  const injuries = [];
  if (!damage && !conditions.length) return injuries;
  const bike = !!damage && isBike({ abilities: await knownAbilities(vehicle) });
  for (const { actor } of occupantsOf(vehicle)) {
    const fall = bike ? offBikeDamage({ damage, armour: recordedArmour(actor) }) : null;
    const dealt = fall ? fall.damage : damage;
    if (dealt) await applyHealthLoss(actor, dealt);
    const applied = [];
    for (const id of conditions) applied.push(await actor.addCondition(id));
    injuries.push({ name: actor.name ?? "", damage: dealt, conditions: applied,
      ...(fall?.suit ? { printed: damage, suit: fall.suit.name ?? "" } : {}) });
  }
  return injuries;
}

/**
 * A rider injury line (a suit that halved coming off a bike named).
 * @param {{name: string, damage: number, conditions: string[], printed?: number, suit?: string}} r
 */
export const injuryLine = r => L(r.suit ? "SMOKE.Chase.riderHurtHalved" : r.damage ? "SMOKE.Chase.riderHurt" : "SMOKE.Chase.riderCondition",
  { name: r.name, damage: r.damage, printed: r.printed ?? r.damage, suit: r.suit ?? "",
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
  return ChatMessage.create({ speaker: { alias: L("SMOKE.Chase.title") }, content, flags: { [SYSTEM_ID]: flags } });
}
