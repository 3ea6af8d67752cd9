/**
 * A speed-dice round in play (rulebook: When it kicks off › Read the queue, End a round, One reaction; Attacking and
 * defending › Defensive actions; Harm, aid and recovery › At zero Health, Wasted): where the queue stands, what a
 * round's end does to each combatant, the combat Guard with round-long defences, and the Wasted cash loss.
 * Pure: no Foundry globals.
 * @module rules/round
 */
import { RULES } from "../generated/rules.mjs";
import { speedQueue } from "./combat.mjs";
import { conditionEffects } from "./check.mjs";

const COMBAT = RULES.combat;

/**
 * @typedef {object} SpeedDie  One rolled speed die on a combatant.
 * @property {number} face        1 … 6.
 * @property {number|null} spent  null = unspent; otherwise the round's spend counter when it was used (1, 2, …).
 */

/**
 * @typedef {object} QueueEntry  A combatant as the queue needs it.
 * @property {string} id
 * @property {string} name
 * @property {boolean} isPC
 * @property {number} movesDie
 * @property {SpeedDie[]} dice
 * @property {boolean} [canAct=true]  false: Down, Cuffed, surrendered or gone — its unspent dice are lost (skipped).
 */

/**
 * @typedef {object} QueueAction
 * @property {string} combatantId
 * @property {number} face
 * @property {number} index  Position in that combatant's dice.
 * @property {number|null} spent  The spend counter, null while unspent.
 * @property {boolean} lost  Unspent, but its combatant can no longer act.
 */

/**
 * Where the round's queue stands: every die in queue order (highest first, the book's tie-breaks), the current
 * action (the first unspent die in that order), the last spent one (what "step back" undoes) and the next spend
 * counter. A combatant joining mid-round simply adds dice: they are placed by face, nothing spent is reset. The
 * unspent dice of a combatant who can no longer act are lost: never current, not counted as left.
 * @param {QueueEntry[]} entries
 * @returns {{actions: QueueAction[], current: QueueAction|null, last: QueueAction|null, nextSpend: number,
 *   left: Record<string, number>}}  `left`: unspent dice per combatant id.
 * @throws {RangeError} for a face that is not 1 … 6 (see speedQueue) or a spend counter that is not a whole number ≥ 1.
 */
export function queueState(entries) {
  const byId = new Map(entries.map(e => [e.id, e]));
  const order = speedQueue(entries.map(e => ({ ...e, dice: e.dice.map(d => d.face) })));
  const actions = order.map(a => {
    const spent = byId.get(a.combatantId)?.dice[a.index].spent ?? null;
    if (spent !== null && (!Number.isInteger(spent) || spent < 1)) throw new RangeError(`spend counter ${spent} is not a whole number ≥ 1`);
    return { ...a, spent, lost: spent === null && byId.get(a.combatantId)?.canAct === false };
  });
  /** @type {Record<string, number>} */
  const left = Object.fromEntries(entries.map(e => [e.id, e.canAct === false ? 0 : e.dice.filter(d => d.spent === null).length]));
  const current = actions.find(a => a.spent === null && !a.lost) ?? null;
  const last = actions.reduce((best, a) => (a.spent !== null && (!best || a.spent > /** @type {number} */ (best.spent)) ? a : best),
    /** @type {QueueAction|null} */ (null));
  return { actions, current, last, nextSpend: (last?.spent ?? 0) + 1, left };
}

/**
 * @typedef {object} Defences  Round-long defensive effects on a combatant.
 * @property {boolean} [dodge]  The Dodge action: +2 Guard until the combatant's next action.
 * @property {"none"|"light"|"heavy"} [cover]  Take cover: light +2, heavy +4 Guard and 1 damage reduction, to round end.
 * @property {boolean} [enclosed]  An enclosed vehicle occupant (+2 Guard).
 */

/**
 * Guard and damage reduction from round-long defences (Attacking and defending › Defensive actions; Distance… ›
 * Drive-by: enclosed occupants +2 Guard).
 * @param {Defences} [defences]
 * @returns {{guard: number, reduction: number, parts: {id: string, label: string, guard: number, reduction: number}[]}}
 */
export function defenceModifiers(defences = {}) {
  const rows = COMBAT.guardModifiers;
  const ids = [];
  if (defences.dodge) ids.push("dodgeAction");
  if (defences.cover === "light") ids.push("lightCover");
  if (defences.cover === "heavy") ids.push("heavyCover");
  if (defences.enclosed) ids.push("enclosed");
  const parts = ids.map(id => {
    const row = rows.find(r => r.id === id);
    if (!row) throw new Error(`RULES.combat.guardModifiers lacks ${id}`);
    return { id, label: row.label, guard: row.guard, reduction: row.reduction };
  });
  return { guard: parts.reduce((s, p) => s + p.guard, 0), reduction: parts.reduce((s, p) => s + p.reduction, 0), parts };
}

/**
 * A combatant's current Guard in a fight: the record's Guard (for a character it already counts worn armour and
 * Conditions; an NPC's printed Guard gets the Conditions here) plus the round's defences.
 * @param {object} args
 * @param {number} args.guard  The actor's Guard value (character: derived; NPC: as printed).
 * @param {boolean} [args.includesConditions=true]  false for a printed Guard: Conditions are added here.
 * @param {Iterable<string>} [args.conditions=[]]  Active status ids.
 * @param {Defences} [args.defences]
 * @returns {number}
 */
export function combatGuard({ guard, includesConditions = true, conditions = [], defences = {} }) {
  let value = guard + defenceModifiers(defences).guard;
  if (!includesConditions) for (const e of conditionEffects(conditions, null).applied) value += e.guard ?? 0;
  return value;
}

/**
 * @typedef {object} RoundEndInput  A combatant at the end of a round.
 * @property {string} id
 * @property {number} health          Current Health (or Body, unused here).
 * @property {Iterable<string>} conditions  Active status ids.
 * @property {number} [downRounds=0]  Rounds already counted Down without aid.
 * @property {boolean} [person=true]  false for a vehicle (no Health harm or Down clock).
 * @property {boolean} [defeated=false]  Out of the fight (Wasted, defeated): nothing more happens to them here.
 * @property {boolean} [simple=false]  The simple tracker: Stunned ends at the end of the character's next turn
 *   ({@link endOfTurn}), not here.
 */

/**
 * @typedef {object} RoundEndEffect  What the end of a round does to one combatant (End a round, steps 1–3).
 * @property {string} id
 * @property {number} healthLost      Bleeding 1 + Burning 2 (not below 0).
 * @property {number} health          Health afterwards.
 * @property {string[]} remove        Conditions that end: Stunned.
 * @property {boolean} clearDefences  Round-long defences end (always true).
 * @property {boolean} down           Down afterwards (at 0 Health, or already Down).
 * @property {number} downRounds      The Down clock afterwards (0 when not Down).
 * @property {boolean} wasted         Three rounds Down without aid: Wasted.
 */

/**
 * The end of a round for each combatant, in the book's order: ongoing harm (Bleeding −1, Burning −2 Health), remove
 * Stunned and round-long defences, count a round without aid for anyone Down (three → Wasted). Step 3 counts
 * everyone Down at that point, however they went Down: a combatant brought to 0 Health by ongoing harm in step 1
 * counts this round, exactly as one knocked Down by an attack during the round (a ruling: the book's steps run in
 * order). In the simple tracker (`simple`) Stunned is left to {@link endOfTurn} (Conditions › Stunned).
 * @param {RoundEndInput[]} combatants
 * @returns {RoundEndEffect[]}
 * @throws {RangeError} for a negative or fractional Health.
 */
export function endOfRound(combatants) {
  const harm = COMBAT.ongoingHarm;
  const downAt = COMBAT.down.atHealth;
  const limit = COMBAT.down.roundsWithoutAid;
  const ends = RULES.combat.endOfRound.some(s => s.id === "removeStunned") ? ["stunned"] : [];
  return combatants.map(c => {
    if (!Number.isInteger(c.health) || c.health < 0) throw new RangeError(`Health ${c.health} of ${c.id} is not a whole number ≥ 0`);
    const active = new Set(c.conditions);
    const person = c.person !== false && !c.defeated;
    const loss = person ? harm.filter(h => active.has(h.condition)).reduce((s, h) => s + h.health, 0) : 0;
    const health = Math.max(0, c.health - loss);
    const wasDown = active.has("down");
    const down = person && (wasDown || health <= downAt);
    const downRounds = down ? (wasDown ? c.downRounds ?? 0 : 0) + 1 : (c.defeated ? c.downRounds ?? 0 : 0);
    return {
      id: c.id, healthLost: c.health - health, health,
      remove: c.defeated || c.simple ? [] : ends.filter(id => active.has(id)), clearDefences: true,
      down, downRounds, wasted: down && downRounds >= limit
    };
  });
}

/**
 * @typedef {object} TurnStart  What a combatant's turn began with (the simple tracker), GM-recorded.
 * @property {number} key      The turn's key (round × 1000 + turn).
 * @property {boolean} stunned Stunned when the turn began.
 */

/**
 * The Conditions that end at the end of a combatant's own turn in the simple tracker (Conditions › Stunned: "In
 * speed-dice combat remove it at the end of the round; the simple tracker uses the end of your next turn"). Stunned
 * ends at the end of the first turn of the character's that **began** Stunned: one Stunned during the character's
 * own turn lasts to the end of its following turn. A turn with no record of its start (the fight's first turn, a
 * round the GM ended by hand) counts as begun Stunned.
 * @param {{conditions: Iterable<string>, key: number, start?: TurnStart|null}} turn  The turn ending: the active
 *   status ids now, its key, and the record of its start.
 * @returns {string[]} Condition ids to remove (["stunned"] or []).
 */
export function endOfTurn({ conditions, key, start = null }) {
  const active = new Set(conditions);
  if (!active.has("stunned") || !RULES.combat.endOfRound.some(s => s.id === "removeStunned")) return [];
  const begunStunned = !start || start.key !== key || start.stunned;
  return begunStunned ? ["stunned"] : [];
}

/**
 * Pocket cash lost when Wasted or Busted (Harm, aid and recovery › Wasted; Heat on your heels › Busted): the
 * percentage of pocket cash rounded to whole pounds, at least the minimum, never more than the cash held. The stash
 * is untouched. Book: £30 → £30 (Wasted), £800 → £80.
 * @param {number} pocket  Pocket cash, whole pounds ≥ 0.
 * @param {"wasted"|"busted"} [kind="wasted"]
 * @returns {number} Whole pounds lost.
 * @throws {RangeError} for a negative or fractional amount, or an unknown kind.
 */
export function pocketCashLoss(pocket, kind = "wasted") {
  const rule = RULES.money[kind];
  if (!rule || typeof rule.percent !== "number") throw new RangeError(`unknown pocket-cash loss "${kind}" (wasted, busted)`);
  if (!Number.isInteger(pocket) || pocket < 0) throw new RangeError(`pocket cash must be whole pounds ≥ 0, not ${pocket}`);
  const loss = Math.max(rule.minimum, Math.round(pocket * rule.percent / 100));
  return rule.capAtCash ? Math.min(pocket, loss) : loss;
}
