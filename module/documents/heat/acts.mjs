/**
 * The acts the system sees, as crimes (rulebook: Heat on your heels › Witnesses make the difference). Each handler
 * runs on the active GM from a hook the system's own GM code fires, and notices one crime per act id
 * (documents/heat/crimes.mjs noticeCrime):
 * - `smoke.attacked` (documents/fight/attack.mjs, an attack declared): assault, assaulting a police officer, or a gun fired
 *   (rules/police.mjs attackCrime), act `attack:<record id>`;
 * - `smoke.wasted` (documents/fight/combat.mjs): Wasted after a damaging attack is a killing by the last attacker who hurt
 *   them, act `kill:<combat id>:<combatant id>`;
 * - `smoke.driven` (documents/chase/gauge.mjs, a gauge line check): a failed yellow check or a drive into red is
 *   dangerous driving by the driver (a ruling; rules/police.mjs dangerousDriving), act `drive:<combat>:<token>:<action>`.
 * A motor nicked fires `smoke.crime` directly (documents/vehicle/theft.mjs).
 *
 * Foundry-side only.
 * @module documents/heat/acts
 */
import { attackCrime, dangerousDriving } from "../../rules/police.mjs";
import { driverOf } from "../vehicle/seats.mjs";
import { noticeCrime } from "./crimes.mjs";
import { isPolice } from "./sight.mjs";

/**
 * @param {string} what
 * @returns {(err: Error) => void}
 */
const logged = what => err => console.error(`the-smoke | heat: ${what}`, err);

/**
 * @param {{attackerUuid: string, targetUuid: string, actId: string, category: string, traits: string[]}} a
 */
export function onAttacked(a) {
  if (!game.user.isActiveGM || !a?.attackerUuid) return;
  const target = /** @type {Actor.Implementation | null} */ (fromUuidSync(/** @type {`Actor.${string}`} */ (a.targetUuid)));
  const crime = attackCrime({ category: a.category, traits: a.traits ?? [], targetPolice: isPolice(target) });
  noticeCrime({ actorUuid: a.attackerUuid, crime, actId: a.actId }).catch(logged("attack"));
}

/** @param {any} combatant  The combatant Wasted. */
export function onWasted(combatant) {
  const combat = combatant?.parent;
  if (!game.user.isActiveGM || !combat) return;
  const records = Object.values(/** @type {SmokeCombatSystem} */ (combat.system)?.records ?? {});
  const hits = records.filter(r => r?.kind === "attack" && r.otherId === combatant.id && r.resolved?.damage > 0);
  const last = hits.sort((x, y) => (x.round ?? 0) - (y.round ?? 0)).at(-1);
  const killer = last ? combat.combatants.get(last.actorId)?.actor : null;
  if (!killer) return;
  const crime = attackCrime({ category: "melee", targetPolice: isPolice(combatant.actor), killed: true });
  noticeCrime({ actorUuid: killer.uuid, crime, actId: `kill:${combat.id}:${combatant.id}` }).catch(logged("killing"));
}

/** @param {{motorUuid: string, band: "yellow"|"red", failed: boolean, actId: string}} d */
export function onDriven(d) {
  if (!game.user.isActiveGM || !dangerousDriving({ band: d.band, failed: d.failed })) return;
  const motor = /** @type {Actor.Implementation | null} */ (fromUuidSync(/** @type {`Actor.${string}`} */ (d.motorUuid)));
  const driver = motor ? driverOf(motor) : null;
  if (driver?.type !== "character" || isPolice(motor)) return;
  noticeCrime({ actorUuid: driver.uuid, crime: "dangerous-driving", actId: d.actId }).catch(logged("driving"));
}

/** Hooks (added to the facade's). */
export const actHooks = { "smoke.attacked": onAttacked, "smoke.wasted": onWasted, "smoke.driven": onDriven };
