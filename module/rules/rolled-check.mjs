/**
 * A rolled check read into its result: the outcome of a margin, the big moment of a number of explosions, rolled
 * faces checked against the plan's explosion modes (resolveCheck), and a chat card's roll re-derived on the GM's side
 * (readRolledCheck), and such a roll compared with the check the GM rebuilt for it (rollDifferences). Outcome and moment labels are the rules data's (packs-src/rules/outcomes.yml,
 * explosion-moments.yml); windows word the ids through lang/en.json.
 * Rulebook: The roll; Explosions and big moments.
 * Pure: imports only generated data, no Foundry globals.
 * @module rules/rolled-check
 */
import { RULES } from "../generated/rules.mjs";
import { RuleError } from "./rule-error.mjs";

const OUTCOMES = RULES.outcomes.outcomes;
const MOMENTS = RULES["explosion-moments"].moments;

/** @typedef {import("./check.mjs").PlannedDie} PlannedDie */
/** @typedef {import("./check.mjs").CheckPlan} CheckPlan */

/**
 * The outcome of a margin (RULES.outcomes; meeting the TN, margin 0, is Just About).
 * @param {number} margin  Total − TN.
 * @returns {{id: string, label: string, success: boolean}}
 */
export function outcomeFor(margin) {
  const o = OUTCOMES.find(row => (row.margin.min === null || margin >= row.margin.min)
    && (row.margin.max === null || margin <= row.margin.max));
  if (!o) throw new RangeError(`no outcome for margin ${margin}`);
  return { id: o.id, label: o.label, success: o.success };
}

/**
 * The big moment for a number of explosions (RULES["explosion-moments"]): 1 Nice One … 4+ Front Page; none for 0.
 * @param {number} explosions  Count across both dice, repeats included.
 * @returns {{id: string, label: string}|null}
 */
export function momentFor(explosions) {
  const m = MOMENTS.find(row => explosions >= row.explosions.min && (row.explosions.max === null || explosions <= row.explosions.max));
  return m ? { id: m.id, label: m.label } : null;
}

/**
 * Check one die's faces in roll order against its explosion mode: every face but the last must explode, the last
 * must not.
 * @param {number[]} chain
 * @param {PlannedDie} planned
 * @param {"effort"|"performance"|"stat"} name  Which die, for the refusal.
 * @returns {{die: number, chain: number[], total: number, explosions: number}}
 * @throws {RuleError} (a RangeError with an id: noFaces, notFace, explodesAlone, followedNoExplosion) for an empty
 *   chain, a face off the die or a chain inconsistent with the mode.
 */
function readChain(chain, planned, name) {
  if (!Array.isArray(chain) || chain.length === 0) throw new RuleError("noFaces", { die: name }, `${name}: no faces rolled`);
  chain.forEach((face, i) => {
    if (!Number.isInteger(face) || face < 1 || face > planned.die) {
      throw new RuleError("notFace", { die: name, face, faces: planned.die }, `${name}: ${face} is not a face of d${planned.die}`);
    }
    const explodes = planned.explodesFrom !== null && face >= planned.explodesFrom;
    const last = i === chain.length - 1;
    const data = { die: name, face, faces: planned.die };
    if (explodes && last) {
      throw new RuleError("explodesAlone", data, `${name}: ${face} explodes on d${planned.die} (${planned.mode}) but no further roll follows`);
    }
    if (!explodes && !last) {
      throw new RuleError("followedNoExplosion", data,
        `${name}: ${face} does not explode on d${planned.die} (${planned.mode}) but is followed by another roll`);
    }
  });
  return { die: planned.die, chain: [...chain], total: chain.reduce((a, b) => a + b, 0), explosions: chain.length - 1 };
}

/**
 * Resolve a rolled check (The roll; Explosions and big moments).
 * @param {object} rolled
 * @param {number[]} rolled.effortRolls  Effort (or Performance) faces in roll order, its explosion chain, e.g. [5].
 * @param {number[]} rolled.statRolls    Stat die faces in roll order, e.g. [8, 2].
 * @param {CheckPlan} rolled.plan        From {@link planCheck}: the dice and their explosion modes.
 * @param {number} [rolled.modifier]     Default plan.modifier.
 * @param {number|null} [rolled.tn]      Default plan.tn.
 * @returns {{effort: {die: number, chain: number[], total: number, explosions: number},
 *   stat: {die: number, chain: number[], total: number, explosions: number}, modifier: number, tn: number,
 *   total: number, margin: number, outcome: string, outcomeLabel: string, success: boolean, explosions: number,
 *   moment: string|null, momentLabel: string|null}}
 * @throws {RangeError} for faces inconsistent with the plan; {TypeError} without a plan or a TN.
 */
export function resolveCheck({ effortRolls, statRolls, modifier, tn, plan } = /** @type {any} */ ({})) {
  // a bare call gets {}, which the checks below refuse; the JSDoc types the argument
  if (!plan?.effort || !plan?.stat) throw new TypeError("resolveCheck needs the plan from planCheck");
  modifier ??= plan.modifier;
  tn ??= plan.tn;
  if (!Number.isInteger(tn)) throw new TypeError(`resolveCheck needs a whole-number TN, got ${tn}`);
  if (!Number.isInteger(modifier)) throw new TypeError(`modifier must be a whole number, got ${modifier}`);
  const effort = readChain(effortRolls, plan.effort, plan.effort.source);
  const stat = readChain(statRolls, plan.stat, "stat");
  const total = effort.total + stat.total + modifier;
  // tn is a whole number from here on (checked above; tsc does not narrow on Number.isInteger).
  const margin = total - /** @type {number} */ (tn);
  const outcome = outcomeFor(margin);
  const explosions = effort.explosions + stat.explosions;
  const moment = momentFor(explosions);
  return {
    effort, stat, modifier, tn: /** @type {number} */ (tn), total, margin, outcome: outcome.id, outcomeLabel: outcome.label,
    success: outcome.success, explosions, moment: moment?.id ?? null, momentLabel: moment?.label ?? null
  };
}

/**
 * Re-derive a check from its roll alone (The roll; Explosions and big moments): the GM's side reads the dice a chat
 * card's roll holds — their faces, explosion chains and the flat modifier — and never the numbers the card's author
 * wrote beside them. The roll must have the shape {@link planCheck} builds (`1dE[x>=n] + 1dS[x>=m] ± k`): two dice
 * of the ladder, each face on its die, every face but the last of a chain at or above its explosion threshold and
 * the last below it, the modifier a whole number.
 * @param {{terms?: Array<Record<string, any>>}} roll  A core Roll as JSON (`Roll#toJSON()`).
 * @param {number} tn  The TN the GM holds (a Guard it read, a band's TN it fixed, an attack's total).
 * @returns {{effort: RolledDie, stat: RolledDie, modifier: number,
 *   total: number, tn: number, margin: number, outcome: string, success: boolean, explosions: number,
 *   moment: string|null}}
 * @throws {RuleError} (a RangeError with an id and its numbers) naming what does not follow (a die off the ladder, a face off its die, a chain that should or
 *   should not have exploded, an extra term).
 */
export function readRolledCheck(roll, tn) {
  if (!Number.isInteger(tn)) throw new RuleError("tnWhole", { tn: String(tn) }, `the TN must be a whole number, got ${tn}`);
  const terms = roll?.terms ?? [];
  const dice = [];
  let modifier = 0;
  let sign = 1;
  let expectDie = true;
  for (const t of terms) {
    if (t.class === "OperatorTerm") {
      if (t.operator !== "+" && t.operator !== "-") {
        throw new RuleError("notCheckOperator", { operator: String(t.operator) }, `operator ${t.operator} is not part of a check`);
      }
      sign = t.operator === "-" ? -1 : 1;
    } else if (t.class === "Die") {
      if (!expectDie || dice.length >= 2) throw new RuleError("twoDice", {}, "a check rolls exactly two dice");
      if (sign !== 1) throw new RuleError("addsDice", {}, "a check adds its dice");
      dice.push(readDieTerm(t, dice.length ? "stat" : "effort"));
    } else if (t.class === "NumericTerm") {
      if (dice.length < 2 || !Number.isInteger(t.number)) {
        throw new RuleError("modifierAfterDice", {}, "the modifier follows the two dice and is whole");
      }
      modifier += sign * t.number;
      expectDie = false;
      sign = 1;
    } else {
      throw new RuleError("notCheckTerm", { term: String(t.class ?? "") }, `a ${t.class ?? "term"} is not part of a check`);
    }
  }
  if (dice.length !== 2) throw new RuleError("twoDice", {}, "a check rolls exactly two dice");
  const [effort, stat] = dice;
  const total = effort.chain.reduce((a, b) => a + b, 0) + stat.chain.reduce((a, b) => a + b, 0) + modifier;
  const margin = total - tn;
  const outcome = outcomeFor(margin);
  const explosions = effort.chain.length - 1 + stat.chain.length - 1;
  return { effort, stat, modifier, total, tn, margin, outcome: outcome.id, success: outcome.success, explosions,
    moment: momentFor(explosions)?.id ?? null };
}

/**
 * @typedef {object} RolledDie  One die of a rolled check, as its roll holds it.
 * @property {number} die        Faces.
 * @property {number[]} chain    The faces rolled, in order (an explosion chain).
 * @property {number|null} explodesFrom  The lowest face its explosion modifier explodes on (`x>=n`), null for none.
 */

/**
 * One die term of a check's roll, checked against its own explosion modifier.
 * @param {Record<string, any>} t  A Die term as JSON.
 * @param {"effort"|"stat"} name  Which die, for the refusal.
 * @returns {RolledDie}
 */
function readDieTerm(t, name) {
  if (t.number !== 1 || !RULES.dice.ladder.includes(t.faces)) {
    throw new RuleError("notLadderDie", { die: name, faces: t.faces }, `${name}: 1d${t.faces} is not a die of the ladder`);
  }
  const mods = t.modifiers ?? [];
  if (mods.length > 1) throw new RuleError("onlyExplosion", { die: name }, `${name}: only an explosion may modify a die`);
  let from = null;
  if (mods.length) {
    const m = /^x>=(\d+)$/.exec(mods[0]);
    const e = RULES.dice.explosions;
    const allowed = [e.normalTopFaces, e.onARollTopFaces].map(top => t.faces - top + 1);
    if (!m || !allowed.includes(Number(m[1]))) {
      throw new RuleError("notExplosion", { die: name, modifier: String(mods[0]), faces: t.faces },
        `${name}: ${mods[0]} is not an explosion of d${t.faces}`);
    }
    from = Number(m[1]);
  }
  const planned = { die: t.faces, explodesFrom: from, mode: from === null ? "none" : `x>=${from}` };
  const chain = (t.results ?? []).filter(r => r.active !== false).map(r => r.result);
  return { die: t.faces, chain: readChain(chain, /** @type {any} */ (planned), name).chain, explodesFrom: from };
}

/**
 * @typedef {object} RollDifference  One way a card's roll is not the check the GM rebuilt for it, as data (worded by
 *   documents/core/check-words.mjs `differenceText`, `SMOKE.Check.differs.*`).
 * @property {"die"|"explosion"|"modifier"} part
 * @property {"effort"|"performance"|"stat"} [die]  die, explosion: which die (the Effort die is "performance" when
 *   driving).
 * @property {number|null} card   die: its faces on the card; explosion: the lowest face it explodes on there (null:
 *   it does not explode); modifier: the card's flat modifier.
 * @property {number|null} check  The same for the check the GM rebuilt.
 */

/**
 * Compare a card's roll, as {@link readRolledCheck} read it, with the plan of the check it should be — the plan the
 * GM rebuilds from its own view of the character (their dice, the perk and Hustle they have and paid, the Conditions
 * that apply, the GM's situational modifier, a driven motor's numbers): each die's faces, each die's explosion and the
 * flat modifier (The roll; Before you throw the dice). The faces rolled are not compared: readRolledCheck has already
 * checked them against the roll's own dice.
 * @param {CheckPlan} plan  From planCheck.
 * @param {{effort: {die: number, explodesFrom: number|null}, stat: {die: number, explodesFrom: number|null},
 *   modifier: number}} rolled  From readRolledCheck.
 * @returns {RollDifference[]}  Empty when the roll is this check's; else the Effort (or Performance) die's differences,
 *   then the stat die's, then the modifier's.
 * @example rollDifferences(planCheck({statDie: 8, tn: 12}), {effort: {die: 6, explodesFrom: 6},
 *   stat: {die: 8, explodesFrom: 8}, modifier: 62}) // [{part: "modifier", card: 62, check: 4}]
 */
export function rollDifferences(plan, rolled) {
  /** @type {RollDifference[]} */
  const out = [];
  for (const [planned, got, name] of /** @type {const} */ ([[plan.effort, rolled.effort, plan.effort.source],
    [plan.stat, rolled.stat, "stat"]])) {
    if (got.die !== planned.die) out.push({ part: "die", die: name, card: got.die, check: planned.die });
    else if ((got.explodesFrom ?? null) !== planned.explodesFrom) {
      out.push({ part: "explosion", die: name, card: got.explodesFrom ?? null, check: planned.explodesFrom });
    }
  }
  if (rolled.modifier !== plan.modifier) out.push({ part: "modifier", card: rolled.modifier, check: plan.modifier });
  return out;
}
