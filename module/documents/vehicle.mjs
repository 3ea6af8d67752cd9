/**
 * Motors in Foundry: who sits where (boarding, leaving, the cage), the driving check, blue lights, theft, repairs and
 * the garage, the incident record, and the occupants' tokens travelling with the motor. The numbers and refusals come
 * from the pure rules in module/rules/vehicles.mjs (and rules/chase-gauge.mjs); this module reads and writes the
 * documents.
 *
 * This module is the public face: it re-exports the names other modules use from the files under documents/vehicle/:
 * - vehicle/common.mjs — shared helpers (words, a motor's data, seat names, refusals, rolls with a purpose, the card);
 * - vehicle/seats.mjs — occupants and driver, boarding and leaving, the occupants' tokens following the motor, the
 *   Board dialog and choosing who acts;
 * - vehicle/driving.mjs — the driving check, blue lights, the incident record;
 * - vehicle/theft.mjs — nicking a motor; vehicle/repair.mjs — repairs and the garage;
 * - vehicle/requests.mjs — the GM request handlers (`vehicle.board`, `vehicle.leave`, `vehicle.lights`,
 *   `vehicle.theft`, `vehicle.repair`, `vehicle.incident`) and the registration of requests and hooks.
 *
 * Rulebook: Getting a motor (Seats; Driving modifiers; Theft and recovery); Vehicle abilities; Fire, repairs and
 * selling up › Repairs, Garage work; Skids, collisions and contact › Keep an incident record.
 * @module documents/vehicle
 */
export { SYSTEM_ID, seatLabel } from "./vehicle/common.mjs";
export {
  boardVehicle, canDrive, chooseActor, driverOf, leaveVehicle, occupantsOf, ownedPeople, promptBoard, riderOf,
  vehicleDrivenBy, vehicleOf
} from "./vehicle/seats.mjs";
export { abilityName, recordIncident, rollDriving, setAbilityOn } from "./vehicle/driving.mjs";
export { rollTheft, theftTools } from "./vehicle/theft.mjs";
export { payGarage, repairKits, rollRepair } from "./vehicle/repair.mjs";
export { registerVehicleRequests } from "./vehicle/requests.mjs";

/**
 * @typedef {import("./vehicle/common.mjs").Vehicle} Vehicle
 * @typedef {import("./vehicle/common.mjs").Seat} Seat
 * @typedef {import("./vehicle/seats.mjs").Aboard} Aboard
 * @typedef {import("./vehicle/driving.mjs").DrivingOptions} DrivingOptions
 * @typedef {import("./vehicle/theft.mjs").TheftOptions} TheftOptions
 */
