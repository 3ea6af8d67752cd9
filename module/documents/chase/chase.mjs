/**
 * The chase on the map (rulebook: The chase gauge; Skids, collisions and contact; Fire, repairs and selling up › At
 * zero Body; Police at the table › The next police move): the gauge of each driving action measured from the motor
 * token's real movement, the check at each line, evasive manoeuvres when a move crosses another motor, going evasive,
 * rams and PITs on a speed die, the fire at 0 Body and the blast at the end of the next round, and the end of the
 * chase when everyone wanted is more than 30 squares from every pursuing unit. The numbers come from the pure rules in
 * module/rules/chase-gauge.mjs (and rules/vehicles.mjs); this module reads and writes the documents.
 *
 * This module is the public face: it re-exports the names other modules use from the files under documents/chase/:
 * - chase/common.mjs — shared numbers and helpers, the gauge flag's shape;
 * - chase/map.mjs — reading the map (a motor's token and gauge, squares between tokens, who drives or rides what);
 * - chase/gauge.mjs — the gauge measured from each move, the check at a line or on contact, starting a driving action;
 * - chase/units.mjs — who rolls for a motor (its driver, or a police or traffic unit's crew), the police's next move;
 * - chase/contact.mjs — going evasive, rams and PITs, holding the line against a PIT;
 * - chase/harm.mjs — Body, damage and Conditions as printed, the chase card;
 * - chase/fire.mjs — fire at 0 Body and the blast;
 * - chase/getaway.mjs — who is wanted and who pursues, the end of a round and of the chase;
 * Each file declares its own GM requests (`requests`), hooks (`hooks`) and round-end steps (`roundEndSteps`);
 * this module merges them into the chase's manifest, which the entry registers once, at init: gauge.mjs (`chase.drive`,
 * `chase.due`, `chase.issueCheck`, `chase.resolve`; the moves), contact.mjs (`chase.evasive`, `chase.declare`,
 * `chase.ram`, `chase.pit`, `chase.holdLine`, `chase.resist`; the PIT card), getaway.mjs (`chase.role`; the round's
 * end), fire.mjs (catching fire, the countdowns). The imports only go down: common ← map ← units ← gauge/contact.
 * @module documents/chase
 */
import { mergeParts } from "../core/feature.mjs";
import * as gauge from "./gauge.mjs";
import * as contact from "./contact.mjs";
import * as getawayFeature from "./getaway.mjs";
import * as fire from "./fire.mjs";
import * as map from "./map.mjs";
import * as units from "./units.mjs";
export { SYSTEM_ID } from "./common.mjs";
export {
  actionOpen, chaseCombatOf, combatantOfActor, gaugeOf, motorAboard, motorOf, movedSquares, positionOf, sameActor, sceneOf,
  squaresBetween, vehicleTokenIn
} from "./map.mjs";
export {
  ARMED_UNITS, POLICE_PEOPLE, driveRoll, driveStatus, isArmed, isCrewedUnit, mayRoll, policeSuggestion, unitWheels
} from "./units.mjs";
export { pendingText, rollGaugeCheck, startDriving } from "./gauge.mjs";
export { goEvasive, manoeuvreGuard, manoeuvreRefusal, resistPit, rollManoeuvre } from "./contact.mjs";
export { catchFire, explode } from "./fire.mjs";
export { chaseRole, chaseSides, resolveChaseRoundEnd, setChaseRole } from "./getaway.mjs";

/**
 * The chase's manifest (documents/core/feature.mjs), registered by the entry: its parts' requests, hooks and
 * round-end step, and the api for macros and the console, `game.system.api.chase` (the gauge's window,
 * apps/chase-gauge.mjs, adds `open`, the HUD).
 */
export const feature = {
  id: "chase",
  ...mergeParts([gauge, contact, getawayFeature, fire]),
  api: {
    gaugeOf: map.gaugeOf, rollGaugeCheck: gauge.rollGaugeCheck, startDriving: gauge.startDriving, goEvasive: contact.goEvasive,
    rollManoeuvre: contact.rollManoeuvre, resistPit: contact.resistPit, setChaseRole: getawayFeature.setChaseRole,
    chaseRole: getawayFeature.chaseRole, chaseSides: getawayFeature.chaseSides, policeSuggestion: units.policeSuggestion,
    squaresBetween: map.squaresBetween
  }
};

/**
 * @typedef {import("./common.mjs").GaugeFlag} GaugeFlag
 * @typedef {import("./common.mjs").MotorToken} MotorToken
 * @typedef {import("./gauge.mjs").PathStep} PathStep
 */
