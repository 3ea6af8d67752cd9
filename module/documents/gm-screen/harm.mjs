/**
 * A hazard's column applied to one character, once, even across a GM reload (rulebook: Hazards · "Just About, Bad
 * Luck and Proper Mess use the corresponding column"). The harm is planned when the result is claimed and kept with
 * the result in the GM store; its steps (the damage, then each Condition) run in order, and the record says how many
 * were begun and how many finished. A step a reload cut short is never run again (the record marks it
 * `interrupted`, and the card says so); the steps after it are finished by the active GM when it loads.
 * Foundry-side only; the numbers are rules/gm-screen.mjs hazardOutcome's.
 * @module documents/gm-harm
 */
import { hazardOutcome } from "../../rules/gm-screen.mjs";
import { armourReduction, wornSuit } from "../../rules/record.mjs";
import { recordedArmour } from "../core/kit-record.mjs";
import { applyHealthLoss } from "../fight/combat.mjs";
import { healthOf } from "../core/health-record.mjs";

/**
 * @typedef {object} Harm  A hazard result's harm, as stored.
 * @property {boolean} avoided
 * @property {number} damage  Health points after armour.
 * @property {number} reduced
 * @property {string[]} conditions  Planned Condition ids.
 * @property {string[]} applied  Those applied (a third Bruised is Hurt).
 * @property {number|null} health  Health after the damage (before it, until the damage step finished).
 * @property {number} started  Steps begun.
 * @property {number} finished  Steps finished.
 * @property {boolean} done
 * @property {boolean} [interrupted]  A GM reload cut a step short; it was not repeated.
 * @property {number} [printed]  Coming off a bike in a suit that halves it: the column's damage before halving.
 * @property {string} [suit]  That suit's name (Motorbike Leathers).
 */

/**
 * The steps of a harm: the damage, then each Condition.
 * @param {Harm} harm
 * @returns {{damage?: number, condition?: string}[]}
 */
const stepsOf = harm => [...(harm.damage ? [{ damage: harm.damage }] : []), ...harm.conditions.map(id => ({ condition: id }))];

/**
 * The harm a hazard result will do (nothing applied yet; the first step counted as begun, since the claim that
 * stores this runs it next).
 * @param {any} actor
 * @param {{key: string, armourMarked: boolean}} request
 * @param {string} outcome
 * @returns {Harm}
 */
export function plannedHarm(actor, request, outcome) {
  // The armour as the GM recorded it (its numbers; which suit is worn is the owner's), never the sheet's numbers.
  const armour = recordedArmour(actor);
  const h = hazardOutcome(request.key, outcome, { armourMarked: request.armourMarked, armourReduction: armourReduction(armour),
    armour });
  const halved = h.offBikeDivisor ? { printed: h.printedDamage, suit: wornSuit(armour)?.name ?? "" } : {};
  const harm = { avoided: h.avoided, damage: h.damage, reduced: h.reduced, conditions: h.conditions, applied: [],
    health: healthOf(actor), started: 0, finished: 0, done: false, ...halved };
  const n = stepsOf(harm).length;
  return { ...harm, started: n ? 1 : 0, done: n === 0 };
}

/**
 * Active GM: run a harm's remaining steps, one store write per step (each write also marks the next step begun).
 * @param {any} actor
 * @param {Harm} harm
 * @param {(fn: (h: Harm) => Harm) => Promise<Harm>} save  Rewrites the stored harm (read and written in one step).
 * @param {{resume?: boolean}} [options]  resume: after a GM reload — a step begun and not finished is not repeated.
 * @returns {Promise<Harm>}
 */
export async function runHarm(actor, harm, save, { resume = false } = {}) {
  const steps = stepsOf(harm);
  let h = harm;
  if (h.done) return h;
  let i = h.finished;
  if (resume && h.started > h.finished) {
    i = h.started;
    h = await save(x => ({ ...x, interrupted: true, finished: x.started, done: x.started >= steps.length }));
  }
  for (; i < steps.length; i++) {
    if (h.started < i + 1) h = await save(x => ({ ...x, started: i + 1 }));
    const step = steps[i];
    const out = step.damage ? { health: await applyHealthLoss(actor, step.damage) }
      : { applied: [...h.applied, await actor.addCondition(step.condition)] };
    const more = i + 1 < steps.length;
    h = await save(x => ({ ...x, ...out, finished: i + 1, started: more ? i + 2 : i + 1, done: !more }));
  }
  return h;
}
