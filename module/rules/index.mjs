/**
 * The pure rules as one barrel (issue 27): every rule function and table by its rulebook name, for
 * `game.system.api.rules` (the entry exposes it) and macros. Each file is taken whole; a name two files share is the
 * same function (check.mjs re-exports the pieces it is made of). An object of the values, not `export *`, so the
 * files' JSDoc types (two `Outcome`s) do not collide.
 * @module rules
 */
import * as armourRules from "./armour.mjs";
import * as chaseGaugeRules from "./chase-gauge.mjs";
import * as checkRules from "./check.mjs";
import * as clockRules from "./clock.mjs";
import * as combatRules from "./combat.mjs";
import * as conditionEffectsRules from "./condition-effects.mjs";
import * as conditionsRules from "./conditions.mjs";
import * as creationRules from "./creation.mjs";
import * as diceRules from "./dice.mjs";
import * as fuelRules from "./fuel.mjs";
import * as gearActionsRules from "./gear-actions.mjs";
import * as gmScreenRules from "./gm-screen.mjs";
import * as heatRules from "./heat.mjs";
import * as jobsRules from "./jobs.mjs";
import * as missionsRules from "./missions.mjs";
import * as moneyRules from "./money.mjs";
import * as oddsRules from "./odds.mjs";
import * as policeRules from "./police.mjs";
import * as progressionRules from "./progression.mjs";
import * as rangeDisplayRules from "./range-display.mjs";
import * as recordRules from "./record.mjs";
import * as rolledCheckRules from "./rolled-check.mjs";
import * as roundRules from "./round.mjs";
import * as ruleErrorRules from "./rule-error.mjs";
import * as satnavRules from "./satnav.mjs";
import * as shiftsRules from "./shifts.mjs";
import * as streetMapRules from "./street-map.mjs";
import * as streetRules from "./street.mjs";
import * as teamworkRules from "./teamwork.mjs";
import * as vehiclesRules from "./vehicles.mjs";
import * as weaponEffectsRules from "./weapon-effects.mjs";

/** Every rule by name. */
export const rules = {
  ...armourRules, ...chaseGaugeRules, ...checkRules, ...clockRules, ...combatRules, ...conditionEffectsRules, ...conditionsRules,
  ...creationRules, ...diceRules, ...fuelRules, ...gearActionsRules, ...gmScreenRules, ...heatRules, ...jobsRules, ...missionsRules,
  ...moneyRules,
  ...oddsRules, ...policeRules, ...progressionRules, ...rangeDisplayRules, ...recordRules, ...rolledCheckRules,
  ...roundRules, ...ruleErrorRules, ...satnavRules, ...shiftsRules, ...streetMapRules, ...streetRules,
  ...teamworkRules, ...vehiclesRules, ...weaponEffectsRules
};
