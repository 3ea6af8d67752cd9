/**
 * A service job's stages and what finishing it pays: which stages each shift's job has (the clock window of each,
 * whether its window counts H), what reaching a stage asks for (a fare boarding, a check, a hand-over), the stage
 * after it, and the pay and XP of the finished job from the pure formulas in rules/shifts.mjs.
 * Units: windows in job-clock seconds; money in whole pounds.
 * Rulebook: Work the borough (Start a shift; Taxi; Courier; Bus; Police); Patients, fires and job clocks; Shift pay
 * and tips; The Rep ladder › Earn XP (RULES.rep.xp).
 * Pure: imports only generated data and sibling rules, no Foundry globals.
 * @module rules/jobs
 */
import { RULES } from "../generated/rules.mjs";
import {
  busStopPay, checkHops, clockWindow, courierPay, firePay, paramedicPay, policePay, SHIFT_IDS, taxiPay
} from "./shifts.mjs";

/**
 * @typedef {object} StagePlan  One stage of a job.
 * @property {string} id       The stage's own id ("pickup", "dropOff", "reachPatient", "hospital", "response",
 *   "sweep", "custody", "stop1"…, "order").
 * @property {string} window   Its clock window (a shifts.yml clockWindows id).
 * @property {boolean} hops    Whether the window counts H.
 * @property {"board"|"collect"|"deliver"|"patient"|"fire"|"stop"|"pursuit"|"check"|"stopPay"|"handOver"} arrive
 *   What reaching it asks for: board the fare or the patient (a free seat), collect the cargo, deliver and pay, fight
 *   the fire (Grit challenge), make the ANPR stop, run the pursuit gap, resolve the disturbance's check, pay a bus
 *   stop, hand over Pat's order.
 * @property {string|null} check  The stat the stage's check uses (rulebook), or null.
 */

/** Police calls. */
export const POLICE_CALL_IDS = Object.freeze(["anpr", "pursuit", "disturbance"]);
/** Job kinds beyond the six shifts. */
export const PAT_ORDER = "patOrder";

/**
 * @param {string} id
 * @param {string} window
 * @param {boolean} hops
 * @param {StagePlan["arrive"]} arrive
 * @param {string|null} [check]
 */
const stage = (id, window, hops, arrive, check = null) => ({ id, window, hops, arrive, check });

/**
 * The stages of a job.
 * @param {{shift: string, call?: string|null, stops?: number, arrest?: boolean, check?: string|null}} spec
 *   shift: a shift id or "patOrder"; call: the police call; stops: a bus route's stop count (1–20); arrest: a
 *   disturbance ends in custody; check: a disturbance's stat (default Front).
 * @returns {StagePlan[]}
 * @throws {RangeError} for an unknown shift or call, or a bad stop count.
 */
export function jobStages({ shift, call = null, stops = 1, arrest = false, check = null } = /** @type {NonNullable<Parameters<typeof jobStages>[0]>} */ ({})) {
  switch (shift) {
    case "taxi": return [stage("pickup", "pickup", false, "board"), stage("dropOff", "taxiDropOff", true, "deliver", "whl")];
    case "courier": return [stage("pickup", "pickup", false, "collect"), stage("dropOff", "courierDropOff", true, "deliver")];
    case "paramedic": return [stage("reachPatient", "reachPatient", false, "patient", RULES.shifts.paramedic.stat),
      stage("hospital", "patientToHospital", true, "deliver")];
    case "fire": return [stage("response", "fireOrPoliceResponse", true, "fire", RULES.shifts.fire.stat)];
    case "bus": {
      if (!Number.isInteger(stops) || stops < 1 || stops > 20) throw new RangeError(`a bus route needs 1–20 stops, got ${stops}`);
      return Array.from({ length: stops }, (_, i) => stage(`stop${i + 1}`, "busStop", true, "stopPay"));
    }
    case "police":
      if (call === "anpr") return [stage("sweep", "anprSweep", false, "stop")];
      if (call === "pursuit") return [stage("response", "fireOrPoliceResponse", true, "pursuit", "whl")];
      if (call === "disturbance") {
        const first = stage("response", "fireOrPoliceResponse", true, "check", check || "frt");
        return arrest ? [first, stage("custody", "deliveryToCustody", true, "deliver")] : [first];
      }
      throw new RangeError(`unknown police call "${call}" (${POLICE_CALL_IDS.join(", ")})`);
    case PAT_ORDER: return [stage("order", "patOrder", false, "handOver")];
    default: throw new RangeError(`unknown shift "${shift}" (${[...SHIFT_IDS, PAT_ORDER].join(", ")})`);
  }
}

/**
 * A stage's window in seconds for the job's H.
 * @param {StagePlan} plan
 * @param {number} hops
 * @returns {number}
 */
export function stageWindow(plan, hops) {
  return clockWindow({ stage: plan.window, hops: plan.hops ? checkHops(hops) : 0 });
}

/**
 * @typedef {object} JobFacts  What a finished (or ended) job knows, for its pay.
 * @property {string} shift
 * @property {string|null} [call]
 * @property {number} hops
 * @property {number} clockLeft   T at the last stage (0–1; clamped by the formulas).
 * @property {string|null} [outcome]  The taxi's Wheels outcome.
 * @property {boolean} [cab]      A taxi in a cab (the motor's data).
 * @property {number} [perkTip]   The Cabbie tip the GM agreed (whole pounds).
 * @property {boolean} [cabbiePerk]  The crew has the Cabbie perk on the GM's record (the agreed tip is paid only then).
 * @property {boolean} [damaged]  Courier cargo damaged.
 * @property {boolean} [courierPerk]  The courier has the Courier perk.
 * @property {string|null} [patient]  The arrival state.
 * @property {{progress: number, consequences: number, lost: boolean}|null} [fire]
 * @property {boolean} [compromised]  A compromised police completion.
 * @property {number} [stopsPaid]  Bus: pounds already paid for stops (the total adds them).
 * @property {number} [bonus]     Bus: the route's completion bonus (whole pounds, the GM's).
 */

/**
 * What a finished job pays and the XP it awards (Shift pay and tips; Earn XP: a service job 1, a Pat order 2 and no
 * money here — it is paid through the vehicle sale). Busted or Wasted crew get no XP (the caller checks each person).
 * @param {JobFacts} facts
 * @returns {{pounds: number, xp: number, xpKind: "serviceJob"|"patOrder", detail: object}}
 */
export function jobPay(facts) {
  const { shift, hops } = facts;
  const xpKind = shift === PAT_ORDER ? "patOrder" : "serviceJob";
  const xp = RULES.rep.xp[xpKind];
  switch (shift) {
    case "taxi": {
      const pay = taxiPay({ hops, cab: !!facts.cab, outcome: /** @type {SmokeOutcome} */ (facts.outcome), clockLeft: facts.clockLeft,
        perkTip: facts.perkTip ?? 0, perk: !!facts.cabbiePerk });
      return { pounds: pay.total, xp, xpKind, detail: pay };
    }
    case "courier": return { pounds: courierPay({ hops, clockLeft: facts.clockLeft, damaged: !!facts.damaged, perk: !!facts.courierPerk }),
      xp, xpKind, detail: { damaged: !!facts.damaged } };
    case "paramedic": return { pounds: paramedicPay({ hops, state: /** @type {NonNullable<Parameters<typeof paramedicPay>[0]>["state"]} */ (facts.patient) }), xp, xpKind,
      detail: { state: facts.patient } };
    case "fire": {
      const f = facts.fire ?? { progress: 0, consequences: 0, lost: false };
      return { pounds: firePay(f), xp, xpKind, detail: f };
    }
    case "police": return { pounds: policePay({ call: /** @type {NonNullable<Parameters<typeof policePay>[0]>["call"]} */ (facts.call), compromised: !!facts.compromised }), xp, xpKind,
      detail: { call: facts.call, compromised: !!facts.compromised } };
    case "bus": return { pounds: (facts.stopsPaid ?? 0) + (facts.bonus ?? 0), xp, xpKind, detail: { bonus: facts.bonus ?? 0 } };
    case PAT_ORDER: return { pounds: 0, xp, xpKind, detail: {} };
    default: throw new RangeError(`unknown shift "${shift}"`);
  }
}

/** One bus stop's pay (re-exported for the stage that pays it). */
export { busStopPay };

/**
 * Split a crew's pay: each share rounded down to whole pounds (Money and shops › Split the fee).
 * @param {number} pounds
 * @param {number} people
 * @returns {number}
 */
export function crewShare(pounds, people) {
  if (!Number.isInteger(people) || people < 1) throw new RangeError(`a crew needs at least one person, got ${people}`);
  return Math.floor(pounds / people);
}

/**
 * The catalogue motors the vehicle roster names for a shift ("Start a Taxi shift…", "Works taxi shifts like the
 * cab"), by catalogue key; `cab` marks the one that earns the taxi's cab bonus (the black cab, not the minicab).
 */
export const ROSTER_SHIFTS = Object.freeze({
  "hackney-carriage": ["taxi"], "pious-hybrid-minicab": ["taxi"], "deliverer-e-bike": ["courier"],
  "capital-ambulance": ["paramedic"], "city-fire-pump": ["fire"], "clippermaster-bus": ["bus"],
  "metro-police-area-car": ["police"], "metro-police-bike": ["police"]
});
/** Abilities that make any motor suit a shift (Vehicle abilities: Police kit's ANPR; a Stretcher bay's patient space). */
export const ABILITY_SHIFTS = Object.freeze({ "police-kit": ["police"], "stretcher-bay": ["paramedic"] });
/** The catalogue keys of cabs (the taxi fare's "+ £4 if using a cab"). */
export const CABS = Object.freeze(["hackney-carriage"]);

/**
 * The shifts a motor suits from its data: the roster's named motors and the abilities above; the GM's override, when
 * given, replaces them.
 * @param {{key?: string|null, abilities?: string[], override?: string[]|null}} motor  key: the catalogue key
 *   ("hackney-carriage", without the pack); override: the GM's list.
 * @returns {string[]} shift ids, in the book's order.
 */
export function motorShifts({ key = null, abilities = [], override = null } = {}) {
  const found = new Set(Array.isArray(override) ? override
    : [...(ROSTER_SHIFTS[/** @type {keyof typeof ROSTER_SHIFTS} */ (key ?? "")] ?? []),
      ...abilities.flatMap(a => ABILITY_SHIFTS[/** @type {keyof typeof ABILITY_SHIFTS} */ (a)] ?? [])]);
  return SHIFT_IDS.filter(s => found.has(s));
}
