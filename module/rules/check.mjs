/**
 * The check, from fixing its TN to its plan: band TNs and the plan of a check (dice after perks, Hustle and
 * Performance; explosion modes; formulas; modifier). What applied comes back as data — ids and numbers, from which
 * rule, by how much — and the windows word it through lang/en.json (documents/check-words.mjs).
 * The effects of Conditions are rules/condition-effects.mjs, reading the rolled faces is rules/rolled-check.mjs, shared
 * attempts and challenges rules/teamwork.mjs; this module re-exports them, the check's public API.
 * Rulebook: The roll; Choosing difficulty › Set it before the boost; Hustle, perks and your luck; Teamwork and
 * challenges; Harm, aid and recovery › Keep Conditions readable; Conditions; Variable Effort TN tables.
 * Every number is read from RULES / CONDITIONS (packs-src/rules, packs-src/conditions).
 * Pure: imports only generated data and sibling rules, no Foundry globals.
 * @module rules/check
 */
import { RULES, CONDITIONS } from "../generated/rules.mjs";
import { stepDie, modifierOf, explodesFrom, dieFormula } from "./dice.mjs";
import { explosionModes } from "./odds.mjs";
import { conditionEffects, cannotDriveIds, cannotDriveNames } from "./condition-effects.mjs";
import { RuleError } from "./rule-error.mjs";

export { conditionEffects, cannotDriveIds, cannotDriveNames } from "./condition-effects.mjs";
export { outcomeFor, momentFor, resolveCheck, readRolledCheck, rollDifferences } from "./rolled-check.mjs";
export { teamwork, challengeContribution, challengeState } from "./teamwork.mjs";
export { RuleError } from "./rule-error.mjs";

const CONDITION_BY_ID = new Map(CONDITIONS.map(c => [c.key, c]));
const BANDS = RULES.difficulty.bands.map(b => b.id);

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
 * @typedef {object} ModifierPart  One thing added to the dice, as data.
 * @property {"stat"|"statOverflow"|"effortOverflow"|"handling"|"driving"|"situational"|"conditions"} kind
 * @property {number} value    By how much.
 * @property {string|null} [stat]  stat: the stat key (null for a check with no stat key).
 * @property {number} [die]    stat: the stat die rolled; statOverflow / effortOverflow: the top die the step passed.
 * @property {"effort"|"performance"} [source]  effortOverflow: which die.
 * @property {string} [text]   driving: the caller's own words for its modifier (already localized).
 */

/**
 * @typedef {object} AppliedStep  What was applied or spent, in the book's order, as data.
 * @property {"performance"|"perk"|"kit"|"hustle"|"effortStep"|"vehicleSteps"|"suppressed"|"condition"|"explosions"
 *   |"handling"|"driving"|"situational"|"weapon"} kind
 * @property {number} [die]      performance: the Performance die.
 * @property {string|null} [perk]  perk: the perk's name (the item's, data), or null for an unnamed perk.
 * @property {string|null} [kit]  kit: the item's name (data), or null for an unnamed item.
 * @property {string|null} [stat]  perk, kit: the stat stepped.
 * @property {number} [from]     perk, kit, hustle: the die before the step.
 * @property {number} [to]       perk, kit, hustle: the die after the step.
 * @property {number} [bonus]    perk, kit, hustle: the flat bonus of a step above the top die (0 for none).
 * @property {number} [cost]     hustle: Hustle paid.
 * @property {string} [spend]    hustle: the spend (RULES.hustle.spends id: "stepEffort", "onARoll").
 * @property {"effort"|"performance"} [source]  hustle, effortStep: which die.
 * @property {number} [steps]    effortStep, vehicleSteps: how many steps.
 * @property {string} [condition]  suppressed, condition: the Condition id.
 * @property {string} [name]     suppressed, condition: its printed name (catalogue data).
 * @property {string[]} [by]     suppressed: ids of the Conditions suppressing it.
 * @property {string[]} [byNames]  suppressed: their printed names.
 * @property {import("./condition-effects.mjs").ConditionEffect[]} [effects]  condition: what it did to this roll.
 * @property {"cancel"|"offYourGame"} [id]  explosions: On a Roll and Off Your Game cancelled, or neither die explodes;
 *   weapon: "offYourGame" (the weapon's entry makes the roll Off Your Game: the Hand Cannon with Muscle d4).
 * @property {number} [value]    handling, driving, situational: by how much.
 * @property {string} [text]     driving: the caller's own words.
 */

/**
 * @typedef {object} CheckPlan
 * @property {number|null} tn      The TN as given (fixed before boosts).
 * @property {string|null} statKey
 * @property {PlannedDie} effort   The Effort die, or the vehicle's Performance die.
 * @property {PlannedDie & {modifier: number}} stat  The stat die with its own modifier (of the stepped die).
 * @property {number} modifier     Everything added to the dice: stat modifier + overflow bonuses + situational +
 *   Condition modifiers + Handling.
 * @property {ModifierPart[]} modifierParts
 * @property {{effort: string, stat: string}} formulas
 * @property {string} formula      The whole roll for `new Roll(...)`, e.g. "1d6x>=6 + 1d8x>=8 + 4".
 * @property {{spend: string|null, cost: number, remaining: number|null}} hustle  The spend (RULES.hustle.spends id),
 *   its cost (paid even if the roll fails) and the points left after paying.
 * @property {{onARoll: boolean, offYourGame: boolean, inPain: boolean}} flags
 * @property {import("./condition-effects.mjs").ConditionEffects} conditions
 * @property {AppliedStep[]} applied  What was applied and spent, in the book's order.
 * @property {string[]} warnings   Ids of what the table should know: "cannotAct" (a Down character rolling).
 */
/**
 * Plan a check (Hustle, perks and your luck › Before you throw the dice): the TN is kept as given; a vehicle's
 * Performance replaces the Effort die and its Handling is added; one perk steps the stat die once, and one carried
 * kit item whose entry steps this stat (Tools and gear; Clobber and outfits: "Savvy steps up one die…") steps it once
 * more (RULES.hustle.kit; a ruling: the book's "do not stack" names perks only); Hustle is one
 * of the alternative spends (1: step Effort once; 2: On a Roll, with no Effort step); then Conditions. A step above
 * the top die becomes a flat bonus (see {@link stepDie}), for the Effort die as for the stat die. On a Roll and Off
 * Your Game cancel; In Pain stops only the Effort die exploding (Performance-as-Effort included).
 * @param {object} check
 * @param {number} [check.effortDie]  Effort die faces (default RULES.dice.defaultEffort); ignored with a vehicle.
 * @param {number} check.statDie      The unboosted stat die.
 * @param {string|null} [check.statKey]  Stat id, for Conditions (null: no Condition applies by stat).
 * @param {boolean|string} [check.perk=false]  A relevant perk applies (its name, for the applied list, or true).
 * @param {boolean|string} [check.kit=false]  A relevant kit item's stat step applies (its name, or true).
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
 * @param {boolean} [check.offYourGame=false]  The weapon fired makes this roll Off Your Game (Weapons › Hand Cannon:
 *   "Off Your Game for anyone with Muscle d4"; rules/weapon-effects.mjs weaponOffYourGame).
 * @returns {CheckPlan}
 * @throws {RangeError} for a die off the ladder or an unknown Hustle spend; {RuleError} (a RangeError with an id) for
 *   Hustle the character lacks ("hustleShort") or a driving
 *   check (`vehicle`) by someone a Condition stops driving ("cannotDrive"; Cuffed: Items › Handcuffs "prevents driving");
 *   {TypeError} for a missing hustlePoints or non-integer modifiers.
 */
export function planCheck({
  effortDie = RULES.dice.defaultEffort, statDie, statKey = null, perk = false, kit = false, hustle = 0, hustlePoints,
  situational = 0, effortSteps = 0, conditions = [], tn = null, empire = false, vehicle = null, offYourGame = false
} = /** @type {any} */ ({})) { // a bare call gets {}, which the checks below refuse; the JSDoc types the argument
  for (const [name, value] of [["situational", situational], ["effortSteps", effortSteps], ["hustle", hustle]]) {
    if (!Number.isInteger(value)) throw new TypeError(`${name} must be a whole number, got ${value}`);
  }
  if (tn !== null && !Number.isInteger(tn)) throw new TypeError(`tn must be a whole number or null, got ${tn}`);
  modifierOf(statDie); // validates the stat die
  /** @type {AppliedStep[]} */
  const applied = [];
  /** @type {string[]} */
  const warnings = [];

  // 3. Replace Effort with vehicle Performance if driving.
  /** @type {"effort"|"performance"} */
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
    applied.push({ kind: "performance", die: baseEffort });
  }
  modifierOf(baseEffort); // validates the Effort / Performance die

  // 4. One relevant perk, one relevant kit item and a Hustle spend.
  const perkSteps = perk ? RULES.hustle.perks.statSteps : 0;
  const kitSteps = kit ? RULES.hustle.kit.statSteps : 0;
  const afterPerk = stepDie(statDie, perkSteps, { empire });
  const stat = stepDie(statDie, perkSteps + kitSteps, { empire });
  if (perk) {
    applied.push({ kind: "perk", perk: typeof perk === "string" ? perk : null, stat: statKey, from: statDie,
      to: afterPerk.die, bonus: afterPerk.bonus });
  }
  if (kit) {
    applied.push({ kind: "kit", kit: typeof kit === "string" ? kit : null, stat: statKey, from: afterPerk.die,
      to: stat.die, bonus: stat.bonus });
  }

  let spend = null;
  if (hustle !== 0) {
    spend = RULES.hustle.spends.find(s => s.cost === hustle) ?? null;
    if (!spend) {
      throw new RangeError(`no Hustle spend costs ${hustle} (${RULES.hustle.spends.map(s => `${s.cost}: ${s.id}`).join(", ")})`);
    }
    if (!Number.isInteger(hustlePoints)) throw new TypeError("hustlePoints (the character's current Hustle) is required to spend Hustle");
    // A whole number from here on (tsc does not narrow on Number.isInteger).
    if (/** @type {number} */ (hustlePoints) < hustle) {
      throw new RuleError("hustleShort", { cost: hustle, points: /** @type {number} */ (hustlePoints) },
        `spending ${hustle} Hustle needs ${hustle} points; the character has ${hustlePoints}`);
    }
  }
  const onARoll = !!spend && spend.explodeTopFaces > RULES.dice.explosions.normalTopFaces;
  const effort = stepDie(baseEffort, (spend?.effortSteps ?? 0) + effortSteps + vehicleSteps, { empire });
  if (spend) {
    applied.push({ kind: "hustle", cost: hustle, spend: spend.id, source, from: baseEffort, to: effort.die,
      bonus: effort.bonus });
  }
  if (effortSteps) applied.push({ kind: "effortStep", source, steps: effortSteps });
  if (vehicleSteps) applied.push({ kind: "vehicleSteps", steps: vehicleSteps });

  // 5. Conditions, Handling and other modifiers.
  const cond = conditionEffects(conditions, statKey);
  for (const c of cond.applied) {
    if (c.suppressedBy) {
      applied.push({ kind: "suppressed", condition: c.id, name: c.name, by: c.suppressedBy,
        byNames: c.suppressedBy.map(id => CONDITION_BY_ID.get(id).name) });
    } else if (c.rollEffects.length) {
      applied.push({ kind: "condition", condition: c.id, name: c.name, effects: c.rollEffects });
    }
  }
  // Handcuffs: "The condition prevents driving" — a driving check is refused, not only warned about.
  if (vehicle && cond.cannotDrive) {
    throw new RuleError("cannotDrive", { conditions: cannotDriveIds(conditions).join(",") },
      `${cannotDriveNames(conditions)} prevents driving: no driving check`);
  }
  if (cond.cannotAct) warnings.push("cannotAct");

  // The weapon's own kick (rules/weapon-effects.mjs weaponOffYourGame: the Hand Cannon with Muscle d4).
  if (offYourGame) applied.push({ kind: "weapon", id: "offYourGame" });
  const offGame = cond.offYourGame || !!offYourGame;
  const flags = { onARoll, offYourGame: offGame, inPain: cond.inPain };
  const modes = explosionModes(flags);
  if (onARoll && offGame) applied.push({ kind: "explosions", id: "cancel" });
  else if (offGame) applied.push({ kind: "explosions", id: "offYourGame" });

  const statMod = modifierOf(stat.die);
  /** @type {ModifierPart[]} */
  const modifierParts = [{ kind: "stat", value: statMod, stat: statKey, die: stat.die }];
  if (stat.bonus) modifierParts.push({ kind: "statOverflow", value: stat.bonus, die: stat.die });
  if (effort.bonus) modifierParts.push({ kind: "effortOverflow", value: effort.bonus, die: effort.die, source });
  if (handling) modifierParts.push({ kind: "handling", value: handling });
  for (const m of driving) if (m.value) modifierParts.push({ kind: "driving", value: m.value, text: m.text });
  if (situational) modifierParts.push({ kind: "situational", value: situational });
  if (cond.modifier) modifierParts.push({ kind: "conditions", value: cond.modifier });
  if (vehicle) applied.push({ kind: "handling", value: handling });
  for (const m of driving) applied.push({ kind: "driving", value: m.value, text: m.text });
  if (situational) applied.push({ kind: "situational", value: situational });
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
