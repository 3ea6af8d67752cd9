/**
 * The check, from fixing its TN to reading its outcome: band TNs, the effects of Conditions on a roll, the plan of
 * a check (dice after perks, Hustle and Performance; explosion modes; formulas; modifier), the resolution of rolled
 * faces into total, margin, outcome and explosion moment, shared attempts and progress challenges.
 * Rulebook: The roll; Choosing difficulty › Set it before the boost; Hustle, perks and your luck; Teamwork and
 * challenges; Harm, aid and recovery › Keep Conditions readable; Conditions; Variable Effort TN tables.
 * Every number is read from RULES / CONDITIONS (packs-src/rules, packs-src/conditions).
 * Pure: imports only generated data and sibling rules, no Foundry globals.
 * @module rules/check
 */
import { RULES, CONDITIONS } from "../generated/rules.mjs";
import { stepDie, modifierOf, explodesFrom, dieFormula } from "./dice.mjs";
import { explosionModes } from "./odds.mjs";

const CONDITION_BY_ID = new Map(CONDITIONS.map(c => [c.key, c]));
const STAT_NAMES = new Map(RULES.stats.stats.map(s => [s.key, s.name]));
const BANDS = RULES.difficulty.bands.map(b => b.id);
const OUTCOMES = RULES.outcomes.outcomes;
const MOMENTS = RULES["explosion-moments"].moments;

/** "+2" / "−1" / "+0", the book's signs. @param {number} n @returns {string} */
const signed = n => (n < 0 ? `−${-n}` : `+${n}`);
/** @param {string|null} key @returns {string|null} */
const statName = key => STAT_NAMES.get(key) ?? key;

/**
 * The TN of a difficulty band for the UNBOOSTED dice (Variable Effort TN tables; Choosing difficulty). Fix it
 * before perks, Hustle, Handling or Conditions, and keep it. When driving, pass the vehicle's Performance die as
 * the Effort die.
 * @param {number} effortDie  Faces of the unboosted Effort (or Performance) die.
 * @param {number} statDie    Faces of the unboosted stat die.
 * @param {"easy"|"medium"|"hard"|"longShot"} band
 * @returns {number} The TN.
 * @throws {RangeError} for a die pair or band not in the tables.
 */
export function bandTN(effortDie, statDie, band) {
  if (!BANDS.includes(band)) throw new RangeError(`unknown difficulty band "${band}" (${BANDS.join(", ")})`);
  const table = RULES["tn-tables"].tables.find(t => t.effort === effortDie);
  if (!table) throw new RangeError(`no TN table for Effort d${effortDie}`);
  const row = table.rows.find(r => r.stat === statDie);
  if (!row || typeof row[band] !== "number") throw new RangeError(`no ${band} TN for Effort d${effortDie} and stat d${statDie}`);
  return row[band];
}

/**
 * @typedef {object} ConditionEntry  One active Condition and what it did to this roll.
 * @property {string} id           Condition id.
 * @property {string} name         Printed name.
 * @property {string[]|null} suppressedBy  Ids of the active Conditions suppressing it (it then contributes nothing),
 *   or null.
 * @property {number} modifier     Its roll modifier for the stat (0 when suppressed or not listed).
 * @property {number} guard        Its Guard change (0 when suppressed).
 * @property {boolean} offYourGame  It puts the stat Off Your Game.
 * @property {boolean} inPain       It stops the Effort die exploding.
 * @property {string[]} effects    What it did, in words ("−1 Bottle", "Bottle Off Your Game", "Guard −2" …).
 * @property {string[]} rollEffects  The part of `effects` that changes this roll (modifier and explosions).
 */

/**
 * @typedef {object} ConditionEffects
 * @property {string|null} statKey
 * @property {number} modifier     Sum of the active Conditions' roll modifiers for the stat.
 * @property {boolean} offYourGame The stat is Off Your Game.
 * @property {boolean} inPain      The Effort die does not explode (effortNoExplode).
 * @property {number} guard        Guard change.
 * @property {number} speedDice    Change to the number of speed dice.
 * @property {boolean} noReaction  No Dodge reaction.
 * @property {boolean} noSpeedDice Takes no speed dice (Cuffed, Down).
 * @property {boolean} cannotAct   Cannot act (Down).
 * @property {boolean} cannotDrive Cannot drive (Cuffed).
 * @property {boolean} cannotMoveAway  Cannot move away (Grabbed).
 * @property {ConditionEntry[]} applied  Every active Condition in the order given, suppressed ones included.
 * @property {string[]} suppressed  Ids of active Conditions that contribute nothing.
 * @property {string[]} unknown     Ids that are not Conditions (other status effects), ignored.
 */

/**
 * What a set of active Conditions does to a roll of one stat, and to Guard and speed dice.
 * A Condition listed in an active Condition's `suppresses` contributes nothing but is reported as suppressed
 * (Numb suppresses Shaken and Bricking It; Numbed suppresses In Pain and Hurt). Three Bruised marks becoming Hurt
 * is the caller's bookkeeping: a status set holds Bruised once.
 * @param {Iterable<string>} statusIds  Active status ids (e.g. an Actor's `statuses` Set); unknown ids are ignored.
 * @param {string|null} [statKey]  The stat rolled (mus grt mov whl aim grf sav frt btl), or null for no roll.
 * @returns {ConditionEffects}
 * @throws {RangeError} for an unknown stat key.
 */
export function conditionEffects(statusIds = [], statKey = null) {
  if (statKey !== null && !STAT_NAMES.has(statKey)) {
    throw new RangeError(`unknown stat "${statKey}" (${[...STAT_NAMES.keys()].join(" ")})`);
  }
  const ids = [...new Set(statusIds ?? [])];
  const active = ids.filter(id => CONDITION_BY_ID.has(id)).map(id => CONDITION_BY_ID.get(id));
  const unknown = ids.filter(id => !CONDITION_BY_ID.has(id));
  const suppressors = new Map();
  for (const c of active) {
    for (const target of c.suppresses ?? []) suppressors.set(target, [...(suppressors.get(target) ?? []), c.key]);
  }
  /** @type {ConditionEffects} */
  const result = {
    statKey, modifier: 0, offYourGame: false, inPain: false, guard: 0, speedDice: 0, noReaction: false,
    noSpeedDice: false, cannotAct: false, cannotDrive: false, cannotMoveAway: false,
    applied: [], suppressed: [], unknown
  };
  for (const c of active) {
    const by = suppressors.get(c.key) ?? null;
    /** @type {ConditionEntry} */
    const entry = {
      id: c.key, name: c.name, suppressedBy: by, modifier: 0, guard: 0, offYourGame: false, inPain: false, effects: [], rollEffects: []
    };
    result.applied.push(entry);
    if (by) {
      result.suppressed.push(c.key);
      continue;
    }
    const mod = statKey ? (c.modifiers?.[statKey] ?? 0) : 0;
    if (mod) {
      entry.modifier = mod;
      result.modifier += mod;
      entry.rollEffects.push(`${signed(mod)} ${statName(statKey)}`);
    }
    if (statKey && (c.offYourGame ?? []).includes(statKey)) {
      result.offYourGame = entry.offYourGame = true;
      entry.rollEffects.push(`${statName(statKey)} Off Your Game`);
    }
    if (c.effortNoExplode) {
      result.inPain = entry.inPain = true;
      entry.rollEffects.push("Effort does not explode");
    }
    entry.effects.push(...entry.rollEffects);
    if (c.guard) {
      entry.guard = c.guard;
      result.guard += c.guard;
      entry.effects.push(`Guard ${signed(c.guard)}`);
    }
    if (c.speedDice) {
      result.speedDice += c.speedDice;
      entry.effects.push(`speed dice ${signed(c.speedDice)}`);
    }
    for (const [flag, words] of [["noReaction", "no reaction"], ["noSpeedDice", "no speed dice"],
      ["cannotAct", "cannot act"], ["cannotDrive", "cannot drive"], ["cannotMoveAway", "cannot move away"]]) {
      if (c[flag]) {
        result[flag] = true;
        entry.effects.push(words);
      }
    }
  }
  return result;
}

/**
 * @typedef {object} PlannedDie
 * @property {"effort"|"performance"|"stat"} source
 * @property {number} baseDie   Faces before any step.
 * @property {number} die       Faces rolled.
 * @property {number} bonus     Flat bonus from overflow steps above the top die (included in the plan's modifier).
 * @property {"normal"|"onARoll"|"none"} mode  Explosion mode.
 * @property {number|null} explodesFrom  Lowest exploding face, null when it cannot explode.
 * @property {string} formula   Foundry v13 term, e.g. "1d8x>=8", "1d6x>=5", "1d6".
 */

/**
 * @typedef {object} CheckPlan
 * @property {number|null} tn      The TN as given (fixed before boosts).
 * @property {string|null} statKey
 * @property {PlannedDie} effort   The Effort die, or the vehicle's Performance die.
 * @property {PlannedDie & {modifier: number}} stat  The stat die with its own modifier (of the stepped die).
 * @property {number} modifier     Everything added to the dice: stat modifier + overflow bonuses + situational +
 *   Condition modifiers + Handling.
 * @property {{kind: string, value: number, text: string}[]} modifierParts
 * @property {{effort: string, stat: string}} formulas
 * @property {string} formula      The whole roll for `new Roll(...)`, e.g. "1d6x>=6 + 1d8x>=8 + 4".
 * @property {{spend: string|null, cost: number, remaining: number|null}} hustle  The spend (RULES.hustle.spends id),
 *   its cost (paid even if the roll fails) and the points left after paying.
 * @property {{onARoll: boolean, offYourGame: boolean, inPain: boolean}} flags
 * @property {ConditionEffects} conditions
 * @property {{kind: string, text: string}[]} applied  What was applied and spent, in the book's order, in words.
 * @property {string[]} warnings   Things the table should know (e.g. a Down character rolling).
 */

/**
 * The names of the active Conditions that prevent driving (Conditions › Cuffed: "you cannot drive").
 * @param {Iterable<string>} statusIds
 * @returns {string} e.g. "Cuffed".
 */
export function cannotDriveNames(statusIds) {
  return conditionEffects(statusIds, null).applied.filter(c => !c.suppressedBy?.length
    && /** @type {any} */ (CONDITION_BY_ID.get(c.id))?.cannotDrive).map(c => c.name).join(", ") || "A Condition";
}

/**
 * Plan a check (Hustle, perks and your luck › Before you throw the dice): the TN is kept as given; a vehicle's
 * Performance replaces the Effort die and its Handling is added; one perk steps the stat die once; Hustle is one
 * of the alternative spends (1: step Effort once; 2: On a Roll, with no Effort step); then Conditions. A step above
 * the top die becomes a flat bonus (see {@link stepDie}), for the Effort die as for the stat die. On a Roll and Off
 * Your Game cancel; In Pain stops only the Effort die exploding (Performance-as-Effort included).
 * @param {object} check
 * @param {number} [check.effortDie]  Effort die faces (default RULES.dice.defaultEffort); ignored with a vehicle.
 * @param {number} check.statDie      The unboosted stat die.
 * @param {string|null} [check.statKey]  Stat id, for Conditions (null: no Condition applies by stat).
 * @param {boolean|string} [check.perk=false]  A relevant perk applies (its name, for the applied list, or true).
 * @param {number} [check.hustle=0]   Hustle to spend: 0, or the cost of one spend in RULES.hustle.spends (1 or 2).
 * @param {number} [check.hustlePoints]  The character's current Hustle; required when spending.
 * @param {number} [check.situational=0]  Other modifiers agreed at the table.
 * @param {number} [check.effortSteps=0]  Other temporary Effort steps (e.g. the Aim action).
 * @param {Iterable<string>} [check.conditions=[]]  Active status ids.
 * @param {number|null} [check.tn=null]  The TN, fixed beforehand from the unboosted dice, a print or a defence.
 * @param {boolean} [check.empire=false]  Empire tier: temporary steps may reach d20.
 * @param {{performance: number, handling?: number, steps?: number, modifiers?: {value: number, text: string}[]}|null}
 *   [check.vehicle=null]  When driving: the record's Performance die (the TN's die), Handling, `steps` the die is
 *   stepped (flat tyres: −1 each, see rules/vehicles.mjs vehicleNumbers) and the situational driving `modifiers` with
 *   their words (blue lights, off road, a junction; rules/vehicles.mjs drivingModifiers).
 * @returns {CheckPlan}
 * @throws {RangeError} for a die off the ladder, an unknown Hustle spend, Hustle the character lacks, or a driving
 *   check (`vehicle`) by someone a Condition stops driving (Cuffed: Items › Handcuffs "prevents driving");
 *   {TypeError} for a missing hustlePoints or non-integer modifiers.
 */
export function planCheck({
  effortDie = RULES.dice.defaultEffort, statDie, statKey = null, perk = false, hustle = 0, hustlePoints,
  situational = 0, effortSteps = 0, conditions = [], tn = null, empire = false, vehicle = null
} = /** @type {any} */ ({})) { // a bare call gets {}, which the checks below refuse; the JSDoc types the argument
  for (const [name, value] of [["situational", situational], ["effortSteps", effortSteps], ["hustle", hustle]]) {
    if (!Number.isInteger(value)) throw new TypeError(`${name} must be a whole number, got ${value}`);
  }
  if (tn !== null && !Number.isInteger(tn)) throw new TypeError(`tn must be a whole number or null, got ${tn}`);
  modifierOf(statDie); // validates the stat die
  const applied = [];
  const warnings = [];

  // 3. Replace Effort with vehicle Performance if driving.
  /** @type {PlannedDie["source"]} */
  let source = "effort";
  let baseEffort = effortDie;
  let handling = 0;
  let vehicleSteps = 0;
  /** @type {{value: number, text: string}[]} */
  let driving = [];
  if (vehicle) {
    source = "performance";
    baseEffort = vehicle.performance;
    handling = vehicle.handling ?? 0;
    vehicleSteps = vehicle.steps ?? 0;
    driving = vehicle.modifiers ?? [];
    if (!Number.isInteger(handling)) throw new TypeError(`vehicle handling must be a whole number, got ${handling}`);
    if (!Number.isInteger(vehicleSteps)) throw new TypeError(`vehicle steps must be a whole number, got ${vehicleSteps}`);
    if (!Array.isArray(driving) || driving.some(m => !Number.isInteger(m?.value))) {
      throw new TypeError("vehicle modifiers must be a list of {value, text} with whole-number values");
    }
    applied.push({ kind: "performance", text: `Performance d${baseEffort} replaces Effort` });
  }
  modifierOf(baseEffort); // validates the Effort / Performance die

  // 4. One relevant perk and a Hustle spend.
  const perkSteps = perk ? RULES.hustle.perks.statSteps : 0;
  const stat = stepDie(statDie, perkSteps, { empire });
  if (perk) {
    const who = typeof perk === "string" ? perk : "Perk";
    const to = stat.bonus ? `d${stat.die} ${signed(stat.bonus)}` : `d${stat.die}`;
    applied.push({ kind: "perk", text: `${who}: ${statKey ? `${statName(statKey)} ` : ""}d${statDie} → ${to}` });
  }

  let spend = null;
  if (hustle !== 0) {
    spend = RULES.hustle.spends.find(s => s.cost === hustle) ?? null;
    if (!spend) {
      throw new RangeError(`no Hustle spend costs ${hustle} (${RULES.hustle.spends.map(s => `${s.cost}: ${s.id}`).join(", ")})`);
    }
    if (!Number.isInteger(hustlePoints)) throw new TypeError("hustlePoints (the character's current Hustle) is required to spend Hustle");
    // A whole number from here on (tsc does not narrow on Number.isInteger).
    if (/** @type {number} */ (hustlePoints) < hustle) throw new RangeError(`spending ${hustle} Hustle needs ${hustle} points; the character has ${hustlePoints}`);
  }
  const onARoll = !!spend && spend.explodeTopFaces > RULES.dice.explosions.normalTopFaces;
  const effort = stepDie(baseEffort, (spend?.effortSteps ?? 0) + effortSteps + vehicleSteps, { empire });
  const effortLabel = source === "performance" ? "Performance" : "Effort";
  const effortTo = effort.bonus ? `d${effort.die} ${signed(effort.bonus)}` : `d${effort.die}`;
  if (spend) {
    const what = spend.effortSteps ? `${effortLabel} d${baseEffort} → ${effortTo}` : "On a Roll";
    applied.push({ kind: "hustle", text: `${hustle} Hustle: ${what}` });
  }
  if (effortSteps) applied.push({ kind: "effortStep", text: `${effortLabel} stepped ${effortSteps}` });
  if (vehicleSteps) applied.push({ kind: "vehicleSteps", text: `Performance stepped ${vehicleSteps} (flat tyres)` });

  // 5. Conditions, Handling and other modifiers.
  const cond = conditionEffects(conditions, statKey);
  for (const c of cond.applied) {
    if (c.suppressedBy) {
      const by = c.suppressedBy.map(id => CONDITION_BY_ID.get(id).name).join(", ");
      applied.push({ kind: "suppressed", text: `${c.name} suppressed by ${by}` });
    } else if (c.rollEffects.length) {
      applied.push({ kind: "condition", text: `${c.name}: ${c.rollEffects.join(", ")}` });
    }
  }
  // Handcuffs: "The condition prevents driving" — a driving check is refused, not only warned about.
  if (vehicle && cond.cannotDrive) throw new RangeError(`${cannotDriveNames(conditions)} prevents driving: no driving check`);
  if (cond.cannotAct) warnings.push("A Condition prevents acting (Down).");

  const flags = { onARoll, offYourGame: cond.offYourGame, inPain: cond.inPain };
  const modes = explosionModes(flags);
  if (onARoll && cond.offYourGame) applied.push({ kind: "explosions", text: "On a Roll and Off Your Game cancel: normal explosions" });
  else if (cond.offYourGame) applied.push({ kind: "explosions", text: "Off Your Game: neither die explodes" });

  const statMod = modifierOf(stat.die);
  const modifierParts = [{ kind: "stat", value: statMod, text: `${statKey ? statName(statKey) : "Stat"} d${stat.die} ${signed(statMod)}` }];
  if (stat.bonus) modifierParts.push({ kind: "statOverflow", value: stat.bonus, text: `stat step above d${stat.die} ${signed(stat.bonus)}` });
  if (effort.bonus) modifierParts.push({ kind: "effortOverflow", value: effort.bonus, text: `${effortLabel} step above d${effort.die} ${signed(effort.bonus)}` });
  if (handling) modifierParts.push({ kind: "handling", value: handling, text: `Handling ${signed(handling)}` });
  for (const m of driving) if (m.value) modifierParts.push({ kind: "driving", value: m.value, text: m.text });
  if (situational) modifierParts.push({ kind: "situational", value: situational, text: `situational ${signed(situational)}` });
  if (cond.modifier) modifierParts.push({ kind: "conditions", value: cond.modifier, text: `Conditions ${signed(cond.modifier)}` });
  if (vehicle) applied.push({ kind: "handling", text: `Handling ${signed(handling)}` });
  for (const m of driving) applied.push({ kind: "driving", text: m.text });
  if (situational) applied.push({ kind: "situational", text: `situational ${signed(situational)}` });
  const modifier = modifierParts.reduce((sum, p) => sum + p.value, 0);

  /** @type {PlannedDie} */
  const effortPlan = {
    source, baseDie: baseEffort, die: effort.die, bonus: effort.bonus, mode: modes.effort,
    explodesFrom: explodesFrom(effort.die, modes.effort), formula: dieFormula(effort.die, modes.effort)
  };
  /** @type {PlannedDie & {modifier: number}} */
  const statPlan = {
    source: "stat", baseDie: statDie, die: stat.die, bonus: stat.bonus, modifier: statMod, mode: modes.stat,
    explodesFrom: explodesFrom(stat.die, modes.stat), formula: dieFormula(stat.die, modes.stat)
  };
  const formulas = { effort: effortPlan.formula, stat: statPlan.formula };
  const formula = `${formulas.effort} + ${formulas.stat}${modifier < 0 ? ` - ${-modifier}` : ` + ${modifier}`}`;
  return {
    tn, statKey, effort: effortPlan, stat: statPlan, modifier, modifierParts, formulas, formula,
    // With a spend, hustlePoints passed the whole-number check above.
    hustle: { spend: spend?.id ?? null, cost: hustle,
      remaining: spend ? /** @type {number} */ (hustlePoints) - hustle : (hustlePoints ?? null) },
    flags, conditions: cond, applied, warnings
  };
}

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
 * @param {string} name  For messages.
 * @returns {{die: number, chain: number[], total: number, explosions: number}}
 * @throws {RangeError} for an empty chain, a face off the die or a chain inconsistent with the mode.
 */
function readChain(chain, planned, name) {
  if (!Array.isArray(chain) || chain.length === 0) throw new RangeError(`${name}: no faces rolled`);
  chain.forEach((face, i) => {
    if (!Number.isInteger(face) || face < 1 || face > planned.die) {
      throw new RangeError(`${name}: ${face} is not a face of d${planned.die}`);
    }
    const explodes = planned.explodesFrom !== null && face >= planned.explodesFrom;
    const last = i === chain.length - 1;
    if (explodes && last) throw new RangeError(`${name}: ${face} explodes on d${planned.die} (${planned.mode}) but no further roll follows`);
    if (!explodes && !last) throw new RangeError(`${name}: ${face} does not explode on d${planned.die} (${planned.mode}) but is followed by another roll`);
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
  const effort = readChain(effortRolls, plan.effort, plan.effort.source === "performance" ? "Performance" : "Effort");
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
 * @returns {{effort: {die: number, chain: number[]}, stat: {die: number, chain: number[]}, modifier: number,
 *   total: number, tn: number, margin: number, outcome: string, success: boolean, explosions: number,
 *   moment: string|null}}
 * @throws {RangeError} naming what does not follow (a die off the ladder, a face off its die, a chain that should or
 *   should not have exploded, an extra term).
 */
export function readRolledCheck(roll, tn) {
  if (!Number.isInteger(tn)) throw new RangeError(`the TN must be a whole number, got ${tn}`);
  const terms = roll?.terms ?? [];
  const dice = [];
  let modifier = 0;
  let sign = 1;
  let expectDie = true;
  for (const t of terms) {
    if (t.class === "OperatorTerm") {
      if (t.operator !== "+" && t.operator !== "-") throw new RangeError(`operator ${t.operator} is not part of a check`);
      sign = t.operator === "-" ? -1 : 1;
    } else if (t.class === "Die") {
      if (!expectDie || dice.length >= 2) throw new RangeError("a check rolls exactly two dice");
      if (sign !== 1) throw new RangeError("a check adds its dice");
      dice.push(readDieTerm(t, dice.length ? "stat" : "Effort"));
    } else if (t.class === "NumericTerm") {
      if (dice.length < 2 || !Number.isInteger(t.number)) throw new RangeError("the modifier follows the two dice and is whole");
      modifier += sign * t.number;
      expectDie = false;
      sign = 1;
    } else {
      throw new RangeError(`a ${t.class ?? "term"} is not part of a check`);
    }
  }
  if (dice.length !== 2) throw new RangeError("a check rolls exactly two dice");
  const [effort, stat] = dice;
  const total = effort.chain.reduce((a, b) => a + b, 0) + stat.chain.reduce((a, b) => a + b, 0) + modifier;
  const margin = total - tn;
  const outcome = outcomeFor(margin);
  const explosions = effort.chain.length - 1 + stat.chain.length - 1;
  return { effort, stat, modifier, total, tn, margin, outcome: outcome.id, success: outcome.success, explosions,
    moment: momentFor(explosions)?.id ?? null };
}

/**
 * One die term of a check's roll, checked against its own explosion modifier.
 * @param {Record<string, any>} t  A Die term as JSON.
 * @param {string} name  For messages.
 * @returns {{die: number, chain: number[]}}
 */
function readDieTerm(t, name) {
  if (t.number !== 1 || !RULES.dice.ladder.includes(t.faces)) throw new RangeError(`${name}: 1d${t.faces} is not a die of the ladder`);
  const mods = t.modifiers ?? [];
  if (mods.length > 1) throw new RangeError(`${name}: only an explosion may modify a die`);
  let from = null;
  if (mods.length) {
    const m = /^x>=(\d+)$/.exec(mods[0]);
    const e = RULES.dice.explosions;
    const allowed = [e.normalTopFaces, e.onARollTopFaces].map(top => t.faces - top + 1);
    if (!m || !allowed.includes(Number(m[1]))) throw new RangeError(`${name}: ${mods[0]} is not an explosion of d${t.faces}`);
    from = Number(m[1]);
  }
  const planned = { die: t.faces, explodesFrom: from, mode: from === null ? "none" : `x>=${from}` };
  const chain = (t.results ?? []).filter(r => r.active !== false).map(r => r.result);
  return { die: t.faces, chain: readChain(chain, /** @type {any} */ (planned), name).chain };
}

/**
 * One shared attempt (Teamwork and challenges): add the totals, divide by the participants, round down
 * (RULES.outcomes.sharedAttempt.rounding) and read that margin once.
 * @param {number[]} totals  Each participant's check total.
 * @param {number} tn
 * @returns {{average: number, margin: number, outcome: string, outcomeLabel: string, success: boolean}}
 * @throws {RangeError} with no participants.
 */
export function teamwork(totals, tn) {
  if (!Array.isArray(totals) || totals.length === 0) throw new RangeError("a shared attempt needs at least one total");
  const mean = totals.reduce((a, b) => a + b, 0) / totals.length;
  const rounding = RULES.outcomes.sharedAttempt?.rounding ?? "down";
  const average = rounding === "up" ? Math.ceil(mean) : rounding === "nearest" ? Math.round(mean) : Math.floor(mean);
  const margin = average - tn;
  const outcome = outcomeFor(margin);
  return { average, margin, outcome: outcome.id, outcomeLabel: outcome.label, success: outcome.success };
}

/**
 * One contribution to a progress challenge (Teamwork and challenges › A job with several stages, Taking a cost).
 * Accepting a cost only changes Bad Luck; for any other outcome it is ignored (and reported false).
 * @param {string} outcome  Outcome id.
 * @param {{costAccepted?: boolean}} [opts]
 * @returns {{outcome: string, costAccepted: boolean, label: string, progress: number, consequences: number}}
 * @throws {RangeError} for an unknown outcome.
 */
export function challengeContribution(outcome, { costAccepted = false } = {}) {
  const rows = RULES.outcomes.challenge.filter(r => r.outcome === outcome);
  if (!rows.length) throw new RangeError(`unknown outcome "${outcome}" (${OUTCOMES.map(o => o.id).join(", ")})`);
  const row = rows.find(r => r.costAccepted === !!costAccepted) ?? rows.find(r => !r.costAccepted);
  return { outcome, costAccepted: row.costAccepted, label: row.label, progress: row.progress, consequences: row.consequences };
}

/**
 * The state of a progress challenge after its contributions, in order. It ends on the contribution that reaches the
 * progress target or the consequence limit; if one contribution reaches both, the consequence limit wins (failed).
 * Contributions after the end are not counted (see `ignored`).
 * @param {object} challenge
 * @param {Array<{progress: number, consequences: number}|string|{outcome: string, costAccepted?: boolean}>} challenge.contributions
 *   From {@link challengeContribution}, or outcome ids / {outcome, costAccepted}.
 * @param {number} challenge.target  Progress needed (book example 4).
 * @param {number} challenge.limit   Consequence limit (book example 3).
 * @returns {{progress: number, consequences: number, target: number, limit: number, done: boolean, failed: boolean,
 *   over: boolean, endedAt: number|null, ignored: number}}  endedAt: index of the ending contribution.
 */
export function challengeState({ contributions = [], target, limit } = /** @type {any} */ ({})) {
  // a bare call gets {}, which the checks below refuse; the JSDoc types the argument
  if (!Number.isInteger(target) || target < 1) throw new RangeError(`progress target must be a positive whole number, got ${target}`);
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`consequence limit must be a positive whole number, got ${limit}`);
  let progress = 0;
  let consequences = 0;
  let endedAt = null;
  let done = false;
  let failed = false;
  for (const [i, c] of contributions.entries()) {
    if (endedAt !== null) break;
    const step = typeof c === "string" ? challengeContribution(c)
      : ("progress" in c ? c : challengeContribution(c.outcome, { costAccepted: c.costAccepted }));
    progress += step.progress;
    consequences += step.consequences;
    if (consequences >= limit) failed = true;
    else if (progress >= target) done = true;
    if (done || failed) endedAt = i;
  }
  const ignored = endedAt === null ? 0 : contributions.length - endedAt - 1;
  return { progress, consequences, target, limit, done, failed, over: done || failed, endedAt, ignored };
}
