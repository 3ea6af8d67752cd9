/**
 * Motors in Foundry: who sits where (boarding, leaving, the cage), the driving check, blue lights, theft, repairs and
 * the garage, the incident record, and the occupants' tokens travelling with the motor. The numbers and refusals come
 * from the pure rules in module/rules/vehicles.mjs (and rules/chase-gauge.mjs); this module reads and writes the
 * documents.
 *
 * This module is the public face: it re-exports the names other modules use from the files under documents/vehicle/:
 * - vehicle/common.mjs — shared helpers (words, a motor's data, seat names, refusals, rolls with a purpose, the card);
 * - vehicle/store.mjs — the GM-owned seat store (a world setting keyed by the motor's actor UUID);
 * - vehicle/seats.mjs — occupants and driver, boarding and leaving, the occupants' tokens following the motor, the
 *   Board dialog and choosing who acts;
 * - vehicle/driving.mjs — the driving check, blue lights, the incident record;
 * - vehicle/theft.mjs — nicking a motor; vehicle/repair.mjs — repairs and the garage; vehicle/plates.mjs — Spare Plates;
 * - vehicle/bike-lock.mjs — locking your own bike (its record: vehicle/lock-store.mjs); vehicle/fuel.mjs — Fuel used
 *   by the hop and the Jerry Can; vehicle/catalogue.mjs — the catalogue entry of the GM's key; vehicle/print.mjs —
 *   its printed record (Performance, Handling, Speed, Size, Armour, seats, lock, value, abilities), the GM's record;
 *   vehicle/wreck.mjs — whether it burns or is a destroyed shell, the GM's record; vehicle/condition.mjs — its Body,
 *   flat tyres, the patch's "once", temporary defences and the fire's clock, the GM's record.
 * Each feature file declares its GM handlers next to its client half (`requests`, and `hooks`); this module merges
 * them into the motors' manifest, which the entry registers. The imports run one way (common ← store ← seats ← driving; common ← theft,
 * repair; all ← this module), so there is no cycle.
 *
 * Rulebook: Getting a motor (Seats; Driving modifiers; Theft and recovery); Vehicle abilities; Fire, repairs and
 * selling up › Repairs, Garage work; Skids, collisions and contact › Keep an incident record.
 * @module documents/vehicle
 */
import { mergeParts } from "../core/feature.mjs";
import { registerSeatStore } from "./store.mjs";
import * as seats from "./seats.mjs";
import * as driving from "./driving.mjs";
import * as theft from "./theft.mjs";
import * as repair from "./repair.mjs";
import * as plates from "./plates.mjs";
import * as bikeLock from "./bike-lock.mjs";
import * as fuel from "./fuel.mjs";
import * as wreck from "./wreck.mjs";
import * as condition from "./condition.mjs";
import * as print from "./print.mjs";

export { SYSTEM_ID, seatLabel } from "./common.mjs";
export {
  boardVehicle, canDrive, chooseActor, driverOf, leaveVehicle, occupantsOf, ownedPeople, promptBoard, riderOf,
  seatRecords, vehicleDrivenBy, vehicleOf
} from "./seats.mjs";
export { abilityName, drivingNumbers, drivingTN, recordIncident, rollDriving, setAbilityOn } from "./driving.mjs";
export { rollTheft, theftTools } from "./theft.mjs";
export { payGarage, repairKits, rollRepair } from "./repair.mjs";
export { plateKits, swapPlates } from "./plates.mjs";
export { bikeLockOf, bikeLocksOf, setBikeLock } from "./bike-lock.mjs";
export { crossingRefusal, fuelOf, fuelStatus, jerryCans, makeFromKit, refuelMotor } from "./fuel.mjs";
export { wreckOf, writeWreck } from "./wreck.mjs";
export { conditionOf, motorGuard, motorNumbers, writeCondition } from "./condition.mjs";
export { effectsOf, hasAbility, printedOf, seatsOf } from "./print.mjs";

/**
 * The motors' manifest (documents/core/feature.mjs), registered by the entry: the GM requests (`vehicle.board`,
 * `vehicle.leave`, `vehicle.prune`, `vehicle.lights`, `vehicle.incident`, `vehicle.theft.issue`/`.claim`,
 * `vehicle.repair.issue`/`.claim`, `vehicle.plates.issue`/`.claim`, `vehicle.bikeLock`, `vehicle.refuel`,
 * `vehicle.jerryCan.make`) and hooks (the Board button on a motor token's HUD, the occupants' tokens following the
 * motor, forgetting the seats of deleted motors, Fuel used by a crossing, the Fuel, fire, condition and printed records) of its parts, and
 * the api for macros and the console, `game.system.api.vehicles`. The seat store is a world setting, registered at
 * init ({@link registerSeatStore}).
 */
export const feature = {
  id: "vehicles",
  ...mergeParts([seats, driving, theft, repair, plates, bikeLock, fuel, wreck, condition, print]),
  api: {
    occupantsOf: seats.occupantsOf, driverOf: seats.driverOf, vehicleOf: seats.vehicleOf,
    vehicleDrivenBy: seats.vehicleDrivenBy, riderOf: seats.riderOf, canDrive: seats.canDrive, seatRecords: seats.seatRecords,
    boardVehicle: seats.boardVehicle, leaveVehicle: seats.leaveVehicle, promptBoard: seats.promptBoard,
    rollDriving: driving.rollDriving, setAbilityOn: driving.setAbilityOn, recordIncident: driving.recordIncident,
    rollTheft: theft.rollTheft, rollRepair: repair.rollRepair, payGarage: repair.payGarage, swapPlates: plates.swapPlates,
    setBikeLock: bikeLock.setBikeLock, refuelMotor: fuel.refuelMotor, makeFromKit: fuel.makeFromKit, fuelOf: fuel.fuelOf,
    conditionOf: condition.conditionOf, printedOf: print.printedOf
  }
};
export { registerSeatStore };

/**
 * @typedef {import("./common.mjs").Vehicle} Vehicle
 * @typedef {import("./common.mjs").Seat} Seat
 * @typedef {import("./seats.mjs").Aboard} Aboard
 * @typedef {import("./driving.mjs").DrivingOptions} DrivingOptions
 * @typedef {import("./theft.mjs").TheftOptions} TheftOptions
 */
