/**
 * Fire and the blast: a motor at 0 Body catches fire and explodes at the end of the next round (outside a fight after
 * about 15 seconds), hurting everyone inside and those nearby by the blast table, and leaving a destroyed shell.
 *
 * Rulebook: Fire, repairs and selling up › At zero Body.
 * @module documents/chase/fire
 */
import { RULES } from "../../generated/rules.mjs";
import { vehicleFire } from "../../rules/chase-gauge.mjs";
import { fireState } from "../../rules/vehicles.mjs";
import { applyHealthLoss, conditionName } from "../fight/combat.mjs";
import { conditionOf, occupantsOf, recordIncident, vehicleOf, wreckOf, writeCondition, writeWreck } from "../vehicle/vehicle.mjs";
import { L, isVehicle } from "./common.mjs";
import { sceneOf, squaresBetween, vehicleTokenIn } from "./map.mjs";
import { harmVehicle, postCard } from "./harm.mjs";

const FIRE = RULES["vehicle-fire"];

// ------------------------------------------------------------------------------------------------ fire and the blast

/** Motors catching fire right now on this GM client (one update at a time). */
const igniting = new Set();
/** Countdown timers outside rounds, by motor UUID. */
const timers = new Map();

/**
 * A motor at 0 Body catches fire (Fire, repairs and selling up › At zero Body): in a fight it explodes at the end of
 * the next round, outside one after about 15 seconds. A chat card tells everyone. Active GM only. Its Body and fire are
 * the GM's records (documents/vehicle/condition.mjs, wreck.mjs): a Body its owner wrote on the sheet sets nothing
 * alight. The fire's clock (round, fight, the blast's time) is recorded first, then the fire (the wreck record, then the
 * motor's mirror of it).
 * @param {any} vehicle
 * @returns {Promise<void>}
 */
export async function catchFire(vehicle) {
  if (!game.user.isActiveGM || igniting.has(vehicle.uuid)) return;
  const w = wreckOf(vehicle);
  const body = conditionOf(vehicle).body;
  if (w.onFire || w.destroyed || body > FIRE.catchesFireAtBody) return;
  igniting.add(vehicle.uuid);
  try {
    const combat = fireCombatOf(vehicle);
    const round = combat ? combat.round : null;
    const state = fireState({ body, fireRound: round });
    const at = combat ? 0 : Date.now() + state.countdownSeconds * 1000;
    await writeCondition(vehicle, { fireRound: round, fireCombatId: combat?.id ?? "", fireAt: at });
    await writeWreck(vehicle, { onFire: true });
    await postCard(L("SMOKE.Chase.fireTitle", { vehicle: vehicle.name }), [
      combat ? L("SMOKE.Vehicle.fireRound", { round: state.explodesAtEndOfRound })
        : L("SMOKE.Vehicle.fireSeconds", { seconds: state.countdownSeconds }),
      ...occupantsOf(vehicle).map(o => L("SMOKE.Chase.getOut", { name: o.actor.name ?? "" }))
    ]);
    if (!combat) scheduleBlast(vehicle, at);
  } finally {
    igniting.delete(vehicle.uuid);
  }
}

/**
 * The started fight a motor is in (its token on the fight's scene), or null.
 * @param {any} vehicle
 */
function fireCombatOf(vehicle) {
  const fights = [game.combat, ...(game.combats?.contents ?? [])].filter(c => c?.started);
  return fights.find(c => vehicleTokenIn(vehicle, sceneOf(c))) ?? null;
}

/**
 * Outside rounds: the blast after the countdown (active GM).
 * @param {any} vehicle
 * @param {number} at  ms since 1970.
 */
export function scheduleBlast(vehicle, at) {
  clearTimeout(timers.get(vehicle.uuid));
  timers.set(vehicle.uuid, setTimeout(async () => {
    timers.delete(vehicle.uuid);
    const v = /** @type {Actor.Implementation | null} */ (fromUuidSync(vehicle.uuid));
    if (!game.user.isActiveGM || !v || !wreckOf(v).onFire || wreckOf(v).destroyed) return;
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
 * @param {any} vehicle
 * @param {any} token  Its token (null: only the people inside are hurt).
 * @param {number|null} round
 * @returns {Promise<string[]>}  What happened, in words.
 */
export async function explode(vehicle, token, round) {
  const lines = [L("SMOKE.Chase.explodes", { vehicle: vehicle.name })];
  const inside = occupantsOf(vehicle);
  const insideIds = new Set(inside.map(o => o.actor.uuid));
  for (const { actor } of inside) {
    const row = vehicleFire(0, { inside: true });
    lines.push(await blastPerson(actor, row, null));
  }
  if (token?.parent) {
    for (const t of token.parent.tokens) {
      if (t.id === token.id || !t.actor || insideIds.has(t.actor.uuid) || insideIds.has(game.actors?.get(t.actorId ?? "")?.uuid ?? "")) continue;
      if (!isVehicle(t.actor) && vehicleOf(t.actor)) continue; // in another motor: its bodywork takes the blast
      const d = squaresBetween(token, t);
      if (d === null) continue;
      if (isVehicle(t.actor)) {
        const row = vehicleFire(d, { target: "vehicle" });
        if (!row || wreckOf(t.actor).destroyed) continue;
        const left = await harmVehicle(t.actor, row.body, { what: "fire", other: vehicle.name, round });
        lines.push(L("SMOKE.Chase.blastVehicle", { vehicle: t.actor.name, squares: d, body: row.body, left, max: conditionOf(t.actor).bodyMax }));
      } else {
        const row = vehicleFire(d);
        if (row) lines.push(await blastPerson(t.actor, row, d));
      }
    }
  }
  await writeCondition(vehicle, { body: 0 });
  await writeWreck(vehicle, { onFire: false, destroyed: true });
  await recordIncident(vehicle, { what: "fire", round,
    riderInjuries: inside.map(o => ({ name: o.actor.name ?? "", damage: FIRE.blast[0].damage, conditions: [...FIRE.blast[0].conditions] })) });
  return lines;
}

/**
 * One person in the blast.
 * @param {any} actor
 * @param {any} row
 * @param {number|null} squares
 * @returns {Promise<string>}
 */
async function blastPerson(actor, row, squares) {
  await applyHealthLoss(actor, row.damage);
  for (const id of row.conditions) await actor.addCondition(id);
  return L(squares === null ? "SMOKE.Chase.blastInside" : "SMOKE.Chase.blastPerson", { name: actor.name ?? "", squares: squares ?? 0,
    damage: row.damage, conditions: row.conditions.map(conditionName).join(", ") || "—" });
}

export const hooks = {
  /** A motor at 0 Body catches fire (active GM). */
  updateActor: (actor, changed) => {
    if (!game.user.isActiveGM || !isVehicle(actor)) return;
    if (foundry.utils.getProperty(changed, "system.body.value") === undefined) return;
    catchFire(actor).catch(err => console.warn("The Smoke | a motor at 0 Body did not catch fire", err));
  },
  /** The countdowns outside rounds resume when the GM loads (the GM's records of the fire and its clock). */
  ready: () => {
    if (!game.user.isActiveGM) return;
    for (const v of game.actors ?? []) {
      if (!isVehicle(v)) continue;
      const at = conditionOf(v).fireAt;
      if (wreckOf(v).onFire && !wreckOf(v).destroyed && at) scheduleBlast(v, at);
    }
  }
};
