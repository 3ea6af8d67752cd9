/**
 * The GM-owned state of each side in a fight (rulebook: When it kicks off; Attacking and defending; Distance,
 * ammunition and holds; Harm, aid and recovery › At zero Health; The chase gauge).
 *
 * In v13 the owner of a Combatant may update its `system`, `flags`, `initiative` and `defeated`, so nothing the GM's
 * automation acts on lives there. Each combatant's revealed speed dice, reaction, defences, Aim, surrender, hold, the
 * Down clock, the chase role and a PIT's spin live on the **Combat** document instead — `combat.system.sides[id]` —
 * which only a GM may write (a player may change a Combat's round or turn, never its `system`). Combatant
 * `defeated` (and the simple tracker's `initiative`) are mirrors for the core tracker, written by the GM; in speed mode
 * a Combatant's `initiative` is derived from this record (documents/fight/combat.mjs `SmokeCombatant`), so a spent die is
 * one Combat write. The rules never read them back from a player (`isOut` reads the GM's record).
 *
 * This module imports nothing of the features, so the fight, the attack and the chase can all use it.
 * Foundry-side only; no rules here.
 * @module documents/combat-state
 */

/**
 * @typedef {object} SpeedDie
 * @property {number} face           1–6.
 * @property {number|null} spent     The spend counter when it was used, or null.
 * @property {string} [action]       What it was spent on.
 * @property {object} [undo]         The defences/aim/surrender/Prone before it (stepping back restores them).
 */

/**
 * @typedef {object} Side  One combatant's state in a fight, GM-owned.
 * @property {SpeedDie[]} dice       The revealed speed dice (empty until the reveal).
 * @property {boolean} reaction      The round's Dodge reaction is spent.
 * @property {{dodge: boolean, cover: "none"|"light"|"heavy"}} defences  Dodge (+2 Guard until the next action), cover.
 * @property {boolean} aimed         An Aim steps Effort up once for the next shot.
 * @property {boolean} surrendered   Hands up: no more speed dice; can be cuffed without a roll.
 * @property {number} downRounds     Rounds Down without aid (three → Wasted).
 * @property {string} grabbedBy      The combatant id holding this one (Grabbed), or "".
 * @property {number} acted          Simple tracker: the (round × 1000 + turn) of its one action.
 * @property {number} consciousRound The round Stay Conscious was last rolled.
 * @property {""|"wanted"|"pursuer"|"none"} chaseRole  The GM's chase role ("" = by default).
 * @property {boolean} spun          A PIT spun this motor's driver out: the next die is lost.
 * @property {number} diceRound      The round whose speed dice this side was given (a second Combatant for the same
 *   actor or token in that round gets none).
 * @property {string} actorKey       Whose dice they are: the actor's uuid (a token's synthetic actor is its own).
 * @property {boolean} out           Out of the fight (Wasted, or the GM marked it defeated).
 * @property {number|null} initiative  Simple tracker: the initiative the GM rolled or set (speed mode: unused).
 * @property {string[]} jammed       Weapon item ids that jammed (Converted Pistol on a Proper Mess) until a Reload action.
 * @property {boolean} concealed     The GM marked this combatant fully concealed: no ordinary targeted attack reaches it.
 * @property {string} smoke          The Smoke Grenade cloud it is in (the throw's record id), "" for none: nobody
 *   outside the cloud can target it until the GM clears the cloud.
 * @property {import("../../rules/round.mjs").TurnStart} [turnStart]  Simple tracker: the turn it began (its key, Stunned
 *   then; documents/fight/combat.mjs turnStartOf).
 */

/** @returns {Side} A fresh side. */
export function freshSide() {
  return { dice: [], reaction: false, defences: { dodge: false, cover: "none" }, aimed: false, surrendered: false,
    downRounds: 0, grabbedBy: "", acted: 0, consciousRound: 0, chaseRole: "", spun: false, diceRound: 0, actorKey: "", out: false, initiative: null,
    jammed: [], concealed: false, smoke: "" };
}

/**
 * A combatant's side as the GM recorded it (defaults for anything not yet written).
 * @param {Combatant.Implementation|null|undefined} combatant
 * @returns {Side}
 */
export function sideOf(combatant) {
  const combat = combatant?.parent;
  const stored = combat?.system?.sides?.[/** @type {string} */ (combatant?.id)] ?? {};
  const side = foundry.utils.mergeObject(freshSide(), foundry.utils.deepClone(stored), { inplace: false });
  return /** @type {Side} */ (side);
}

/**
 * Whether a combatant is out of the fight: the GM's record (Wasted, or the GM marked it defeated) or — only ever
 * against its owner's own interest — its Combatant's `defeated`.
 * @param {Combatant.Implementation} combatant
 * @returns {boolean}
 */
export function isOut(combatant) {
  return sideOf(combatant).out || !!combatant.isDefeated;
}

/**
 * Write sides (GM only): each patch is merged into that combatant's side and written whole, in one Combat update —
 * with any other fields of the Combat (`turn`, `round`, `system.phase` …) in the same write, so a spent die is one
 * write (issue 26).
 * @param {Combat.Implementation} combat
 * @param {Record<string, Partial<Side>>} patches  Combatant id → fields to change.
 * @param {object} [options]  Passed to `Combat#update`.
 * @param {Record<string, unknown>} [also]  Other fields of the Combat to write with them (dotted keys).
 * @returns {Promise<void>}
 */
export async function writeSides(combat, patches, options = {}, also = {}) {
  /** @type {Record<string, any>} */
  const update = { ...also };
  for (const [id, patch] of Object.entries(patches)) update[`system.sides.${id}`] = patchedSide(combat, id, patch);
  if (Object.keys(update).length) await combat.update(update, { turnEvents: false, ...options });
}

/**
 * A combatant's side with a patch merged in (what {@link writeSides} writes).
 * @param {Combat.Implementation} combat
 * @param {string} id
 * @param {Partial<Side>} patch
 * @returns {Side}
 */
export function patchedSide(combat, id, patch) {
  const combatant = combat.combatants.get(id);
  const current = combatant ? sideOf(combatant) : freshSide();
  return /** @type {Side} */ (foundry.utils.mergeObject(current, foundry.utils.deepClone(patch), { inplace: false }));
}

/**
 * The highest unspent face of a side's dice, or null.
 * @param {SpeedDie[]} dice
 * @returns {number|null}
 */
export function topUnspent(dice) {
  const left = dice.filter(d => d.spent === null || d.spent === undefined).map(d => d.face);
  return left.length ? Math.max(...left) : null;
}
