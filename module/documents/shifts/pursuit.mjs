/**
 * The police shift's abstract pursuit (rulebook: Work the borough › Police, "Pursuit: … The getaway TN is 4 + half the
 * sum of driver Wheels and vehicle Performance faces + Handling, rounded"; "Proper Mess opens 2 and causes a
 * collision"; Which chase?): whose numbers set the getaway TN, and the words the pursuit's card says.
 *
 * The target's numbers are the GM's: the numbers the GM typed for the callout, else the target the GM named — the
 * driver's Wheels die on the GM's record (documents/core/record.mjs; an NPC's own; nobody at the wheel: the book's
 * "Wheels d8 for an unassigned police driver, d6 for ordinary traffic") and the motor's Performance and Handling on
 * the GM's printed record (documents/vehicle/print.mjs: the catalogue entry of the key the GM recorded, or what the GM
 * wrote; never what a player wrote on their motor) — else, with nobody named or the target on foot, the assumed
 * getaway driver of
 * `RULES.shifts.pursuit.assumedTarget` (a ruling: the book's own "Jaz has Wheels d8 and drives a d6-Performance
 * motor"), and the card says so. The collision a Proper Mess causes has no harm of its own in the book ("do not charge
 * both a gap failure and a gauge crash for the same failed roll"): the card says it is the GM's.
 *
 * Foundry-side only; the rules are rules/shifts.mjs pursuitTarget, getawayTN and pursuitGap.
 * @module documents/shifts/pursuit
 */
import { SYSTEM_ID } from "../../generated/rules.mjs";
import { crewWheels } from "../../rules/chase-gauge.mjs";
import { getawayTN, pursuitTarget } from "../../rules/shifts.mjs";
import { POLICE_ABILITY } from "../../rules/vehicles.mjs";
import { recordedDice } from "../core/record.mjs";
import { driverOf, printedOf, vehicleDrivenBy } from "../vehicle/vehicle.mjs";
import { actorAt } from "../core/lookup.mjs";
import { L } from "./store.mjs";

/**
 * @typedef {object} PursuitTarget  The getaway TN and whose numbers set it.
 * @property {number} wheels        The pursued driver's Wheels die (faces).
 * @property {number} performance   Their motor's Performance die (faces).
 * @property {number} handling      Their motor's Handling.
 * @property {boolean} assumed      No target the GM named drives a motor: the assumed getaway driver.
 * @property {"typed"|"named"|"assumed"} source  The GM's typed numbers, the named target's, or the assumption.
 * @property {string} name          Who drives (the named target's name; "" when assumed).
 * @property {number} tn            The getaway TN.
 */

/**
 * GM: the numbers a pursuit's getaway TN is set from (see the module notes).
 * @param {{target?: {wheels: number, performance: number, handling: number}|null, targetUuid?: string}} extra
 *   The callout's terms: the GM's typed numbers (or null) and the named target's UUID ("" for nobody).
 * @returns {Promise<PursuitTarget>}
 */
export async function pursuitTargetOf(extra) {
  const done = (/** @type {Parameters<typeof pursuitTarget>[0]} */ numbers, /** @type {PursuitTarget["source"]} */ source, name = "") => {
    const t = pursuitTarget(numbers);
    return { ...t, source, name, tn: getawayTN(t) };
  };
  if (extra?.target) return done(extra.target, "typed");
  const who = extra?.targetUuid ? actorAt(extra.targetUuid) : null; // a token's UUID names its actor
  if (!who) return done(null, "assumed");
  const motor = who.type === "vehicle" ? who : vehicleDrivenBy(who);
  if (!motor) return done(null, "assumed");
  const book = printedOf(motor);
  const driver = who.type === "vehicle" ? driverOf(motor) : who;
  const crewDie = motor.hasPlayerOwner ? null : motor.getFlag?.(SYSTEM_ID, "crewWheels") ?? null;
  const wheels = driver ? recordedDice(driver, "whl").statDie
    : crewWheels({ police: book.abilities.includes(POLICE_ABILITY), crewDie });
  return done({ wheels, performance: book.performance, handling: Number(book.handling) || 0 }, "named", driver?.name ?? motor.name ?? "");
}

/**
 * The card's line for whose numbers set the getaway TN: "Getaway TN 11: the target is assumed — Wheels d8,
 * Performance d6, Handling +0 (nobody named drives a motor)".
 * @param {PursuitTarget} target
 * @returns {string}
 */
export function targetLine(target) {
  const data = { tn: String(target.tn), wheels: String(target.wheels), performance: String(target.performance), name: target.name,
    handling: target.handling < 0 ? `−${-target.handling}` : `+${target.handling}` };
  return L(`SMOKE.Shifts.pursuitTarget.${target.source}`, data);
}

/**
 * The card's lines after a pursuit roll: the gap, and a collision's note.
 * @param {{gap: number, collision: boolean, caught: boolean, escaped: boolean}} step  rules/shifts.mjs pursuitGap.
 * @returns {string[]}
 */
export function gapLines(step) {
  return [L("SMOKE.Shifts.pursuitGapLine", { gap: step.gap }),
    ...(step.collision ? [L("SMOKE.Shifts.pursuitCollision")] : [])];
}
