/**
 * What the motor modules share: the words (`L`), a motor's system data, a seat's name, a refusal from the pure rules in
 * words, the motor and actor a request names, and rolls with a purpose (theft, repairs) with the small chat card about
 * a motor. Internal to documents/vehicle/; documents/vehicle/vehicle.mjs re-exports the public names (SYSTEM_ID, seatLabel).
 *
 * Rulebook: Getting a motor (Seats; Theft and recovery); Fire, repairs and selling up › Repairs.
 * @module documents/vehicle/common
 */
import { gmSituational, rollCheck } from "../core/check.mjs";
import { promptCheck } from "../core/prompt-check.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";
import { actorAt as actorByUuid } from "../core/lookup.mjs";
import { printedOf, seatsOf } from "./print.mjs";

export { SYSTEM_ID };
const CARD_TEMPLATE = "systems/the-smoke/templates/chat/vehicle-card.hbs";

/**
 * @typedef {Actor.Implementation} Vehicle  An actor of type "vehicle" (its system is VehicleData, derived fields
 *   included: seatList, adjusted, guard, effects, capacity, riderGuard).
 * @typedef {import("../../rules/vehicles.mjs").Seat} Seat
 */

/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 * @returns {string}
 */
export const L = (key, data) => (data ? game.i18n.format(key, /** @type {Record<string, string>} */ (data)) : game.i18n.localize(key));
/**
 * @param {any} actor
 * @returns {boolean}
 */
export const isVehicle = actor => actor?.type === "vehicle";
/**
 * @param {Vehicle} vehicle
 * @returns {any} The vehicle's system data (VehicleData with its derived fields).
 */
export const sys = vehicle => vehicle.system;
/**
 * The actor a UUID names: a world actor, an unlinked token's synthetic actor (or the actor of a Token UUID).
 * @param {string} uuid
 * @returns {Actor.Implementation|null}
 */
export function actorAt(uuid) {
  if (typeof uuid !== "string" || !uuid) return null;
  return actorByUuid(uuid);
}
/**
 * Whether the actor a UUID names still exists.
 * @param {string} uuid
 * @returns {boolean}
 */
export const actorExists = uuid => !!actorAt(uuid);

/**
 * A seat's name in words: "Driver", "Crew 2", "Passenger 3".
 * @param {Seat} seat
 * @returns {string}
 */
export function seatLabel(seat) {
  if (!seat) return "";
  if (seat.kind === "driver") return L("SMOKE.Boarding.driver");
  return L(seat.kind === "crew" ? "SMOKE.Boarding.crew" : "SMOKE.Boarding.passenger", { n: seat.number });
}

/**
 * @param {Vehicle} vehicle
 * @param {string} seatId
 * @returns {string}
 */
function seatName(vehicle, seatId) {
  const seat = seatsOf(vehicle).find(s => s.id === seatId);
  return seat ? seatLabel(seat) : seatId;
}

// ------------------------------------------------------------------------------------------------ what a request names

/**
 * The motor a request names (a world actor's or a synthetic token actor's UUID).
 * @param {string} uuid
 * @returns {Vehicle}
 * @throws {Error} when it is missing or not a motor.
 */
export function vehicleFrom(uuid) {
  let doc = typeof uuid === "string"
    ? /** @type {Actor.Implementation | TokenDocument.Implementation | null} */ (fromUuidSync(/** @type {SmokeUuid} */ (uuid))) : null;
  if (doc?.documentName === "Token") doc = doc.actor;
  if (!doc) throw new Error(L("SMOKE.Request.missing"));
  if (!isVehicle(doc)) throw new Error(L("SMOKE.Vehicle.notVehicle"));
  return doc;
}

/**
 * The actor a request names: by UUID (world or synthetic), or a world actor's id.
 * @param {string} ref
 * @returns {Actor.Implementation}
 * @throws {Error} when no such actor.
 */
export function actorFrom(ref) {
  const actor = typeof ref !== "string" ? null : ref.includes(".") ? actorAt(ref) : game.actors.get(ref) ?? null;
  if (!actor) throw new Error(L("SMOKE.Request.missing"));
  return actor;
}

/**
 * GM: the motor and the person a request names, after the checks every motor request makes: the person is not a motor,
 * the requester owns them, and the requester can see the motor (Limited), or is a GM.
 * @param {User.Implementation} user  The requester.
 * @param {string} vehicleUuid
 * @param {string} actorRef  A UUID or a world actor's id.
 * @param {string} notPersonKey  The lang key for "that is not a person" ({name} is filled).
 * @returns {{vehicle: Vehicle, actor: Actor.Implementation}}
 * @throws {Error} with the reason, in words.
 */
export function personAtMotor(user, vehicleUuid, actorRef, notPersonKey) {
  const vehicle = vehicleFrom(vehicleUuid);
  const actor = actorFrom(actorRef);
  if (isVehicle(actor)) throw new Error(L(notPersonKey, { name: actor.name ?? "" }));
  if (!user.isGM && !actor.testUserPermission(user, "OWNER")) {
    throw new Error(L("SMOKE.Request.notOwner", { name: actor.name ?? "" }));
  }
  if (!user.isGM && !vehicle.testUserPermission(user, "LIMITED")) {
    throw new Error(L("SMOKE.Boarding.refused.cannotSee", { vehicle: vehicle.name }));
  }
  return { vehicle, actor };
}

/**
 * A refusal from the pure rules, in words (the seats the GM's printed record gives the motor: documents/vehicle/print.mjs).
 * @param {any} r
 * @param {Vehicle} vehicle
 * @param {Actor.Implementation|null} actor
 */
export function refusal(r, vehicle, actor) {
  const seats = printedOf(vehicle).seats;
  const holder = r.holder ? actorAt(r.holder)?.name ?? "" : "";
  return new Error(L(`SMOKE.Boarding.refused.${r.reason}`, { vehicle: vehicle.name, actor: actor?.name ?? "",
    seat: r.seat ? seatName(vehicle, r.seat) : "", holder, capacity: r.capacity ?? seats.crew + seats.passengers,
    crew: seats.crew, passengers: seats.passengers }));
}

/** @param {string} s */
export const esc = s => foundry.utils.escapeHTML(String(s ?? ""));

// ------------------------------------------------------------------------------------------------ rolls with a purpose

/**
 * Roll a check the GM issued (documents/core/roll-claims.mjs) and return its chat message: the roll dialog (unless skipped)
 * opened on `initial`, with the GM's situational modifier shown and kept.
 * @param {Actor.Implementation} actor
 * @param {string} stat
 * @param {object} initial  The TN's choices.
 * @param {object} flags  The card's `flags["the-smoke"]` (its `rollId`).
 * @param {boolean} skipDialog
 * @param {number} [situational=0]  The GM's modifier (the issued roll's).
 * @param {string[]} [notes=[]]  Lines for the card, in the table's words (rollCheck's `notes`).
 * @returns {Promise<ChatMessage.Implementation|null>}
 */
export async function purposeRoll(actor, stat, initial, flags, skipDialog, situational = 0, notes = []) {
  const gm = gmSituational(situational);
  const choices = await promptCheck(actor, stat, { initial: { ...initial, ...gm }, skipDialog });
  if (!choices) return null;
  try {
    return (await rollCheck(actor, stat, { ...choices, ...gm }, { flags, notes })) ?? null;
  } catch (err) {
    ui.notifications.warn(err.message);
    return null;
  }
}

/**
 * Post a small card about a motor (theft, repair, garage). Every string is escaped by the template.
 * @param {{title: string, lines: (string|null|false)[], kind: string, speaker?: Actor.Implementation|null, flags?: object}} card
 */
export async function postCard({ title, lines, kind, speaker = null, flags = {} }) {
  const content = await foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE,
    { title, kind, lines: lines.filter(Boolean) });
  return ChatMessage.create({ content, flags: { [SYSTEM_ID]: flags },
    speaker: speaker ? ChatMessage.getSpeaker({ actor: speaker }) : ChatMessage.getSpeaker() });
}

/**
 * This system's flags of a chat message.
 * @param {any} message
 */
export const flagsOf = message => message?.flags?.[SYSTEM_ID] ?? {};
