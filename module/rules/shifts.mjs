/**
 * Service shifts: the published job-clock windows, the pay and tip formulas, the paramedic's patient ladder, the
 * fire track and the police's abstract pursuit gap.
 * Units: windows in job-clock seconds (active time); H = street-map hops to the destination (whole, 0 or more);
 * T (`clockLeft`) = the fraction of the delivery clock left, clamped to 0–1; money in whole pounds, rounded half up.
 * Rulebook: Work the borough (Start a shift; Taxi; Courier; Bus; Police); Patients, fires and job clocks (Paramedic;
 * Firefighter; Published clock windows); Shift pay and tips (the table and "A cab example").
 * Every number is read from RULES.shifts (packs-src/rules/shifts.yml); the challenge contribution table from
 * RULES.outcomes through rules/check.mjs.
 * Pure: imports only generated data and sibling rules, no Foundry globals.
 * @module rules/shifts
 */
import { BANDS, RULES } from "../generated/rules.mjs";
import { challengeContribution, challengeState } from "./check.mjs";

const SHIFTS = RULES.shifts;
const PAY = SHIFTS.pay;
const OUTCOMES = RULES.outcomes.outcomes.map(o => o.id);

/**
 * The most hops a job may name: a sanity bound on the GM's number (not a rulebook figure), far beyond any street map
 * the system ships.
 */
export const MAX_HOPS = 30;

/**
 * The shift ids, in the book's order.
 * @type {readonly string[]}
 */
export const SHIFT_IDS = Object.freeze([...SHIFTS.shifts]);
/**
 * The clock-window stage ids, in the book's order.
 * @type {readonly string[]}
 */
export const STAGE_IDS = Object.freeze(SHIFTS.clockWindows.map(w => w.id));
/**
 * The patient states, best first (Stable … Lost).
 * @type {readonly string[]}
 */
export const PATIENT_STATES = Object.freeze([...SHIFTS.paramedic.states]);

/**
 * @typedef {"properMess"|"badLuck"|"justAbout"|"sorted"|"smashedIt"|"legendary"} Outcome  A check's outcome id.
 * @typedef {"stable"|"fading"|"faltering"|"passing"|"lost"} PatientState
 */

/**
 * Round half up (money, TNs), immune to binary noise such as 25 × 0.245 = 6.1249….
 * @param {number} x
 * @returns {number}
 */
const roundHalfUp = x => Math.round(Number(x.toFixed(9)));

/**
 * H, validated: a whole number 0…MAX_HOPS.
 * @param {unknown} hops
 * @returns {number}
 * @throws {RangeError} naming the bad value.
 */
export function checkHops(hops) {
  if (typeof hops !== "number" || !Number.isInteger(hops) || hops < 0 || hops > MAX_HOPS) {
    throw new RangeError(`hops (H) must be a whole number from 0 to ${MAX_HOPS}, got ${hops}`);
  }
  return hops;
}

/**
 * T: the fraction of the clock left, clamped to 0–1.
 * @param {unknown} clockLeft
 * @returns {number}
 * @throws {RangeError} for anything but a number.
 */
export function clampT(clockLeft) {
  if (typeof clockLeft !== "number" || Number.isNaN(clockLeft)) {
    throw new RangeError(`clockLeft (T) must be a number from 0 to 1, got ${clockLeft}`);
  }
  return Math.min(1, Math.max(0, clockLeft));
}

/**
 * @param {unknown} outcome
 * @returns {Outcome}
 */
function checkOutcome(outcome) {
  if (typeof outcome !== "string" || !OUTCOMES.includes(outcome)) {
    throw new RangeError(`unknown outcome "${outcome}" (${OUTCOMES.join(", ")})`);
  }
  return /** @type {Outcome} */ (outcome);
}

/**
 * @param {unknown} state
 * @returns {PatientState}
 */
function checkState(state) {
  if (typeof state !== "string" || !PATIENT_STATES.includes(state)) {
    throw new RangeError(`unknown patient state "${state}" (${PATIENT_STATES.join(", ")})`);
  }
  return /** @type {PatientState} */ (state);
}

/**
 * @param {string} name
 * @param {unknown} n
 * @returns {number}
 */
function count(name, n) {
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number 0 or more, got ${n}`);
  return n;
}

/**
 * A stage's clock window (Published clock windows): base + perHop × H seconds.
 * @param {{stage: string, hops?: number}} args  stage: an id of shifts.yml clockWindows (pickup, taxiDropOff,
 *   courierDropOff, reachPatient, patientToHospital, fireOrPoliceResponse, anprSweep, deliveryToCustody, busStop,
 *   patOrder).
 * @returns {number} seconds of active job-clock time.
 * @throws {RangeError} for an unknown stage or a bad H.
 */
export function clockWindow({ stage, hops = 0 } = /** @type {NonNullable<Parameters<typeof clockWindow>[0]>} */ ({})) {
  const row = SHIFTS.clockWindows.find(w => w.id === stage);
  if (!row) throw new RangeError(`unknown clock stage "${stage}" (${STAGE_IDS.join(", ")})`);
  return row.base + row.perHop * checkHops(hops);
}

/**
 * A taxi fare and its tip (Shift pay and tips): fare = £12 + £9H (+ £4 in a cab); tip = fare × (the outcome's tip
 * rate + 0.25T), rounded. The Cabbie perk's "fares tip more" has no number in the book: the GM agrees it before the
 * job pays and passes it as `perkTip` (whole pounds, added to the tip), paid only when `perk` says the crew has the
 * perk the data names (`pay.taxi.perkTipPerk`, Cabbie) on the GM's record.
 * @param {{hops: number, cab?: boolean, outcome: Outcome, clockLeft: number, perkTip?: number, perk?: boolean}} args
 * @returns {{fare: number, tip: number, total: number, perkTip: number}} whole pounds; `perkTip` the agreed tip paid
 *   (0 without the perk), included in `tip`.
 */
export function taxiPay({ hops, cab = false, outcome, clockLeft, perkTip = 0, perk = false } = /** @type {NonNullable<Parameters<typeof taxiPay>[0]>} */ ({})) {
  const t = PAY.taxi;
  const fare = t.base + t.perHop * checkHops(hops) + (cab ? t.cabBonus : 0);
  const rate = t.tipRates[checkOutcome(outcome)] ?? 0;
  const agreed = count("perkTip", perkTip);
  const paid = perk ? agreed : 0;
  const tip = roundHalfUp(fare * (rate + t.timeRate * clampT(clockLeft))) + paid;
  return { fare, tip, total: fare + tip, perkTip: paid };
}

/** The perk key whose "fares tip more" the GM's agreed tip stands for (shifts.yml pay.taxi.perkTipPerk). */
export const PERK_TIP_PERK = PAY.taxi.perkTipPerk;

/**
 * The band of a shift check the book prints without one (Taxi's Wheels, the Paramedic's Savvy, the Firefighter's
 * Grit, a disturbance's requested check): the band the GM set on the callout, else the ruling's default (Medium,
 * shifts.yml `checkBand.default`).
 * @param {string|null|undefined} band  The callout's band: a difficulty band id, or null/"" for none set.
 * @returns {{band: SmokeBand, byGM: boolean}}  byGM: the GM set it (false: the default).
 * @throws {RangeError} for a band that is not a difficulty band.
 */
export function shiftCheckBand(band) {
  if (band === null || band === undefined || band === "") return { band: SHIFTS.checkBand.default, byGM: false };
  if (!BANDS.includes(band)) throw new RangeError(`unknown band "${band}"`);
  return { band: /** @type {SmokeBand} */ (band), byGM: true }; // one of BANDS
}

/**
 * Whether a disturbance's requested check compromises the completion (Shift pay and tips: "A compromised completion
 * pays 60% of the clean amount"; the book names no cause — a ruling, shifts.yml `disturbance.compromisedOn`: Bad Luck
 * or Proper Mess).
 * @param {Outcome} outcome
 * @returns {boolean}
 */
export function disturbanceCompromised(outcome) {
  return SHIFTS.disturbance.compromisedOn.includes(checkOutcome(outcome));
}

/**
 * A courier delivery (Shift pay and tips): (£8 + £7H) × (0.6 + 0.6T), rounded; halved (then rounded) for damaged
 * cargo. The Courier perk ("late deliveries still pay full", rulebook Perks): the time factor never drops below 1,
 * so a late or tight delivery pays the listed £8 + £7H in full (our ruling; see README › Rulings).
 * @param {{hops: number, clockLeft: number, damaged?: boolean, perk?: boolean}} args
 * @returns {number} whole pounds.
 */
export function courierPay({ hops, clockLeft, damaged = false, perk = false } = /** @type {NonNullable<Parameters<typeof courierPay>[0]>} */ ({})) {
  const c = PAY.courier;
  const fee = c.base + c.perHop * checkHops(hops);
  let factor = c.factorBase + c.factorTime * clampT(clockLeft);
  if (perk) factor = Math.max(1, factor);
  const pay = roundHalfUp(fee * factor);
  return damaged ? roundHalfUp(pay * c.damagedMultiplier) : pay;
}

/**
 * A patient delivered to A&E (Shift pay and tips): (£40 + £15H) × the arrival state's multiplier (Stable 2, Fading
 * 1.5, Faltering 1, Passing 0.5, Lost 0), rounded.
 * @param {{hops: number, state: PatientState}} args
 * @returns {number} whole pounds.
 */
export function paramedicPay({ hops, state } = /** @type {NonNullable<Parameters<typeof paramedicPay>[0]>} */ ({})) {
  const p = PAY.paramedic;
  return roundHalfUp((p.base + p.perHop * checkHops(hops)) * p.multipliers[checkState(state)]);
}

/**
 * A fire (Shift pay and tips): saved, £60 + £20 per progress − £15 per consequence, minimum £25; lost, £10.
 * @param {{progress: number, consequences: number, lost?: boolean}} args
 * @returns {number} whole pounds.
 */
export function firePay({ progress, consequences, lost = false } = /** @type {NonNullable<Parameters<typeof firePay>[0]>} */ ({})) {
  const f = PAY.fire;
  count("progress", progress);
  count("consequences", consequences);
  if (lost) return f.lost;
  return Math.max(f.minimum, f.base + f.perProgress * progress - f.perConsequence * consequences);
}

/** The police call ids that pay (shifts.yml pay.police). */
export const POLICE_CALLS = Object.freeze(["anpr", "pursuit", "disturbance"]);

/**
 * A police call (Shift pay and tips): ANPR £75, pursuit £90, disturbance £50; a compromised completion pays 60 %
 * of the clean amount, rounded.
 * @param {{call: "anpr"|"pursuit"|"disturbance", compromised?: boolean}} args
 * @returns {number} whole pounds.
 */
export function policePay({ call, compromised = false } = /** @type {NonNullable<Parameters<typeof policePay>[0]>} */ ({})) {
  const p = PAY.police;
  if (!POLICE_CALLS.includes(call)) throw new RangeError(`unknown police call "${call}" (${POLICE_CALLS.join(", ")})`);
  const clean = p[call];
  return compromised ? roundHalfUp(clean * p.compromisedPercent / 100) : clean;
}

/**
 * One bus stop reached (Shift pay and tips): £6 + £6T, rounded. The route's completion bonus is the GM's.
 * @param {{clockLeft: number}} args
 * @returns {number} whole pounds.
 */
export function busStopPay({ clockLeft } = /** @type {NonNullable<Parameters<typeof busStopPay>[0]>} */ ({})) {
  return roundHalfUp(PAY.bus.base + PAY.bus.timeRate * clampT(clockLeft));
}

/**
 * Move a patient along the ladder by `steps` (+ towards Stable, − towards Lost), clamped to its ends; Lost stays Lost.
 * @param {PatientState} state
 * @param {number} steps
 * @returns {PatientState}
 */
function stepPatient(state, steps) {
  const i = PATIENT_STATES.indexOf(state);
  if (state === "lost") return "lost";
  const j = Math.min(PATIENT_STATES.length - 1, Math.max(0, i - steps));
  return /** @type {PatientState} */ (PATIENT_STATES[j]);
}

/**
 * A Savvy treatment (Patients, fires and job clocks › Paramedic): Sorted improves one step, Smashed It or Legendary
 * two, Just About holds, Bad Luck worsens one, Proper Mess two. Lost stays Lost (the callout has ended).
 * @param {{state: PatientState, outcome: Outcome}} args
 * @returns {PatientState}
 */
export function patientAfterTreatment({ state, outcome } = /** @type {NonNullable<Parameters<typeof patientAfterTreatment>[0]>} */ ({})) {
  return stepPatient(checkState(state), SHIFTS.paramedic.treatment[checkOutcome(outcome)]);
}

/**
 * An untreated patient over time (Paramedic): a non-Stable patient worsens one step every 45 s of active job-clock
 * time; a Stable one holds.
 * @param {{state: PatientState, seconds: number}} args  seconds: active job-clock seconds since the last treatment
 *   (or since the patient was reached).
 * @returns {PatientState}
 */
export function patientAfterTime({ state, seconds } = /** @type {NonNullable<Parameters<typeof patientAfterTime>[0]>} */ ({})) {
  checkState(state);
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) {
    throw new RangeError(`seconds must be a non-negative number of job-clock seconds, got ${seconds}`);
  }
  if (state === "stable") return state;
  const p = SHIFTS.paramedic;
  return stepPatient(state, -Math.floor(seconds / p.worsenEverySeconds) * p.worsenSteps);
}

/**
 * The seconds of active clock until an untreated patient next worsens (for countdowns and the GM's tick), or null
 * when it will not (Stable or Lost).
 * @param {{state: PatientState, seconds: number}} args
 * @returns {number|null}
 */
export function patientNextWorse({ state, seconds } = /** @type {NonNullable<Parameters<typeof patientNextWorse>[0]>} */ ({})) {
  checkState(state);
  if (state === "stable" || state === "lost") return null;
  const every = SHIFTS.paramedic.worsenEverySeconds;
  return every - (Math.max(0, seconds) % every);
}

/**
 * The fire's structural track (Firefighter): 4 progress before 3 consequences from the challenge contribution table;
 * when one roll reaches both limits the consequence limit wins and the building is lost.
 * @param {{contributions: Array<Outcome|{outcome: Outcome, costAccepted?: boolean}>}} args
 * @returns {{progress: number, consequences: number, saved: boolean, lost: boolean, over: boolean}}
 */
export function fireTrack({ contributions = [] } = /** @type {NonNullable<Parameters<typeof fireTrack>[0]>} */ ({})) {
  const f = SHIFTS.fire;
  const s = challengeState({ contributions, target: f.progress, limit: f.consequences });
  return { progress: s.progress, consequences: s.consequences, saved: s.done, lost: s.failed, over: s.over };
}

/**
 * The abstract service pursuit (Police › Pursuit): the gap starts at 2; a successful check closes it by its challenge
 * progress (Just About and Sorted 1, Smashed It 2, Legendary 3, or `progress` when given — a teamwork or a GM call);
 * Bad Luck opens 1; Proper Mess opens 2 and causes a collision. 0 catches, 5 escapes. Never charge this together
 * with a gauge failure for the same roll (Which chase?).
 * @param {{gap?: number, outcome: Outcome, progress?: number}} args  gap: the current gap (whole, 0–5).
 * @returns {{gap: number, caught: boolean, escaped: boolean, collision: boolean}}
 */
export function pursuitGap({ gap = SHIFTS.pursuit.gapStart, outcome, progress } = /** @type {NonNullable<Parameters<typeof pursuitGap>[0]>} */ ({})) {
  const p = SHIFTS.pursuit;
  count("gap", gap);
  if (gap < p.gapCatch || gap > p.gapEscape) throw new RangeError(`gap must be ${p.gapCatch}–${p.gapEscape}, got ${gap}`);
  checkOutcome(outcome);
  let next = gap;
  let collision = false;
  if (outcome === "properMess") {
    next += p.properMessOpens;
    collision = !!p.properMessCollision;
  } else if (outcome === "badLuck") {
    next += p.badLuckOpens;
  } else {
    next -= progress === undefined ? challengeContribution(outcome).progress : count("progress", progress);
  }
  next = Math.min(p.gapEscape, Math.max(p.gapCatch, next));
  return { gap: next, caught: next <= p.gapCatch, escaped: next >= p.gapEscape, collision };
}

/**
 * Whose numbers set a pursuit's getaway TN (Police › Pursuit: "driver Wheels and vehicle Performance faces +
 * Handling"): the named target's — its driver's Wheels die and its motor's Performance die and Handling — when the GM
 * named a target who drives a motor; otherwise the assumed getaway driver of `RULES.shifts.pursuit.assumedTarget` (a
 * ruling: the book's own "Jaz has Wheels d8 and drives a d6-Performance motor", Handling +0), and `assumed` says so.
 * @param {{wheels: number, performance: number, handling: number}|null} [target]  Faces and Handling, or null.
 * @returns {{wheels: number, performance: number, handling: number, assumed: boolean}}
 * @example pursuitTarget(null) // {wheels: 8, performance: 6, handling: 0, assumed: true}
 */
export function pursuitTarget(target = null) {
  if (!target) return { ...SHIFTS.pursuit.assumedTarget, assumed: true };
  return { wheels: target.wheels, performance: target.performance, handling: target.handling, assumed: false };
}

/**
 * The pursued driver's getaway TN (Police › Pursuit): 4 + (driver Wheels faces + vehicle Performance faces) / 2 +
 * Handling, rounded.
 * @param {{wheels: number|string, performance: number|string, handling: number}} args  wheels, performance: faces
 *   (8) or a die ("d8").
 * @returns {number}
 */
export function getawayTN({ wheels, performance, handling = 0 } = /** @type {NonNullable<Parameters<typeof getawayTN>[0]>} */ ({})) {
  const g = SHIFTS.pursuit.getawayTn;
  const faces = (/** @type {string} */ name, /** @type {unknown} */ d) => {
    const n = typeof d === "string" && /^d\d+$/.test(d) ? Number(d.slice(1)) : d;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 2) throw new RangeError(`${name} must be a die (d8) or its faces, got ${d}`);
    return n;
  };
  if (typeof handling !== "number" || !Number.isInteger(handling)) throw new RangeError(`handling must be a whole number, got ${handling}`);
  const sum = faces("wheels", wheels) + faces("performance", performance);
  return roundHalfUp(g.base + sum / g.facesDivisor + (g.plusHandling ? handling : 0));
}
