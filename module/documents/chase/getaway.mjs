/**
 * Who is wanted and who pursues, and the end of a round for the chase: go evasive ends, vehicle fires due explode, and
 * the chase is over when everyone wanted is more than 30 squares from every pursuing unit.
 *
 * **Who is wanted and who pursues.** A combatant's role is its side's `chaseRole` on the Combat ("wanted", "pursuer"
 * or "none"; documents/fight/combat-state.mjs, GM-owned — never the Combatant's own flags or system, which its owner may
 * write), which the GM sets in the Combat Console (`chase.role`); unset, a motor with the Police kit on the GM's printed
 * record (documents/vehicle/print.mjs), anyone riding in one and the book's police officers (catalogue keys in
 * POLICE_PEOPLE, ./units.mjs) pursue. "When police get eyes on a wanted driver, or chase a suspect on foot at two stars
 * or more" (The chase gauge), by the GM's record of each character's Heat (documents/heat/store.mjs heatOf, never the
 * sheet): a character on foot is wanted from `RULES.chase.footChaseFromStars` (2) stars; aboard a motor — and the motor
 * carrying them — from
 * `RULES.chase.wantedDriverFromStars` (2: the Heat table's "2 · Wanted | Area cars hunt you and give chase on sight";
 * rules/chase-gauge.mjs wantedFromStars). Positions are the motor's token for anyone aboard one.
 *
 * Rulebook: The chase gauge (getting away); When it kicks off › End a round; Police at the table.
 * @module documents/chase/getaway
 */
import { getaway, wantedFromStars } from "../../rules/chase-gauge.mjs";
import { POLICE_ABILITY, fireState } from "../../rules/vehicles.mjs";
import { isOut, sideOf, writeSides } from "../fight/combat-state.mjs";
import { assertGM, requestGM } from "../core/requests.mjs";
import { conditionOf, hasAbility, occupantsOf, vehicleOf, wreckOf, writeCondition } from "../vehicle/vehicle.mjs";
import { heatOf } from "../heat/store.mjs";
import { CHASE, L, POLICE_PEOPLE, SYSTEM_ID, combatFrom, isVehicle, warn } from "./common.mjs";
import { positionOf, sceneOf, squaresBetween, vehicleTokenIn } from "./map.mjs";
import { explode } from "./fire.mjs";

export const ROLES = ["wanted", "pursuer", "none"];

/**
 * Who is wanted and who pursues (see the module notes): the GM's choice, else the default.
 * @param {any} combatant
 * @returns {"wanted"|"pursuer"|""}
 */
export function chaseRole(combatant) {
  const set = combatant?.parent ? sideOf(combatant).chaseRole : "";
  if (set === "wanted" || set === "pursuer") return set;
  if (set === "none") return "";
  const actor = combatant?.actor;
  if (!actor) return "";
  const police = (/** @type {Actor.Implementation} */ v) => hasAbility(v, POLICE_ABILITY);
  if (isVehicle(actor)) {
    if (police(actor)) return "pursuer";
    return occupantsOf(actor).some(o => wantedAt(o.actor, wantedFromStars({ aboard: true }))) ? "wanted" : "";
  }
  const ride = vehicleOf(actor);
  if (ride && police(ride.vehicle)) return "pursuer";
  // The book's officers by their catalogue key: only an actor no player owns (an owner may write its own flags).
  if (!actor.hasPlayerOwner && POLICE_PEOPLE.includes(actor.getFlag?.(SYSTEM_ID, "key"))) return "pursuer";
  return wantedAt(actor, wantedFromStars({ aboard: !!ride })) ? "wanted" : "";
}

/**
 * A character's Heat on the GM's record (documents/heat/store.mjs), 0 for anyone else.
 * @param {any} actor
 * @returns {number}
 */
const starsOf = actor => (actor?.type === "character" ? heatOf(actor).stars : 0);

/**
 * @param {any} actor
 * @param {number} stars
 * @returns {boolean} A character with at least this much Heat on the GM's record.
 */
const wantedAt = (actor, stars) => actor?.type === "character" && starsOf(actor) >= stars;

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
    if (isOut(c)) continue;
    const role = chaseRole(c);
    if (role === "wanted") wanted.push(c);
    if (role === "pursuer") pursuers.push(c);
    if (role === "wanted") {
      const people = isVehicle(c.actor) ? occupantsOf(c.actor).map(o => o.actor) : [c.actor];
      for (const p of people) stars = Math.max(stars, starsOf(p));
    }
  }
  return { wanted, pursuers, stars };
}

/**
 * Set a combatant's role in the chase (the GM, from the console): wanted, pursuer, or none.
 * @param {any} combat
 * @param {any} combatant
 * @param {"wanted"|"pursuer"|"none"} role
 */
export async function setChaseRole(combat, combatant, role) {
  try {
    await requestGM("chase.role", { combatId: combat.id, combatantId: combatant.id, role });
  } catch (err) {
    warn(err.message);
  }
}

/**
 * The end of a round for the chase (When it kicks off › End a round, step 4: "Resolve vehicle fires when due and check
 * whether the chase has ended"), with step 2's round-long defence of motors (go evasive ends). Called once per round by
 * documents/fight/combat.mjs advanceRound on the active GM.
 * @param {any} combat
 * @returns {Promise<string[]>}  What happened, in words, for the round's card.
 */
export async function resolveChaseRoundEnd(combat) {
  const lines = [];
  const scene = sceneOf(combat);
  const round = combat.round;
  const motors = [...new Set((scene?.tokens ?? []).filter(t => isVehicle(t.actor)).map(t => t.actor))];
  // The GM's records of each motor's defences and fire (documents/vehicle/condition.mjs, wreck.mjs), not its sheet.
  for (const v of motors) {
    if (conditionOf(v).evasive) await writeCondition(v, { evasive: false });
  }
  // Fires due: caught in this fight, exploding at the end of the round after the one they caught in.
  for (const v of motors) {
    const w = wreckOf(v);
    const c = conditionOf(v);
    if (!w.onFire || w.destroyed || c.fireCombatId !== combat.id) continue;
    const due = fireState({ body: 0, fireRound: c.fireRound ?? round }).explodesAtEndOfRound;
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

export const requests = {
  /** The GM marks who is wanted and who pursues: on the combatant's side, on the Combat. */
  "chase.role": async (user, { combatId, combatantId, role }) => {
    assertGM(user);
    if (!ROLES.includes(role)) throw new Error(`unknown chase role ${role}`);
    const combat = combatFrom(combatId);
    if (!combat.combatants.get(combatantId)) throw new Error(L("SMOKE.Request.missing"));
    await writeSides(combat, { [combatantId]: { chaseRole: role } });
    return role;
  }
};

/**
 * The chase's part of the round's end (documents/fight/combat.mjs runs it after the people's): the book's step 4 of
 * End a round, vehicle fires when due and whether the chase has ended (and Evasive ends with the round).
 * @type {import("../core/feature.mjs").RoundEndStep[]}
 */
export const roundEndSteps = [{ id: "chase.firesAndEnd", at: 4, run: resolveChaseRoundEnd }];
