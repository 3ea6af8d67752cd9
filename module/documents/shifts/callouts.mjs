/**
 * Callouts (rulebook: Work the borough › Start a shift): the GM makes a job offer — the job, its destinations (one per
 * stage), H and the shift's details — from the Shifts window's form, or generates one from the shift's data and the
 * scene's named regions; a player on that shift accepts or passes. Requests run one at a time on the GM, so of two
 * players accepting one callout the first wins and the second is told who took it.
 * H: `game.system.api.streetMap.hops(fromSceneId, toSceneId)` when the street map links the first and the last
 * destination's (different) scenes, else the GM's number (a whole number 0–MAX_HOPS; anything else is refused).
 * @module documents/shifts/callouts
 */
import { jobStages, PAT_ORDER, POLICE_CALL_IDS, stageWindow } from "../../rules/jobs.mjs";
import { startClock, pauseClock } from "../../rules/clock.mjs";
import { checkHops, MAX_HOPS, PATIENT_STATES, SHIFT_IDS } from "../../rules/shifts.mjs";
import { activeNow } from "../core/active-time.mjs";
import { assertGM } from "../core/requests.mjs";
import { crewMember } from "./crew.mjs";
import { L, activeJobOf, callouts, crews, jobs } from "./store.mjs";
import { BANDS, RULES, STAT_KEYS } from "../../generated/rules.mjs";
import { docAt, systemApi } from "../core/lookup.mjs";

const STATS = STAT_KEYS;

/**
 * @param {unknown} n
 * @param {number} max
 * @param {string} what
 * @returns {number}
 */
function whole(n, max, what) {
  const v = n === "" || n === null || n === undefined ? 0 : Number(n);
  if (!Number.isInteger(v) || v < 0 || v > max) throw new Error(L("SMOKE.Shifts.badNumber", { what: L(what), value: String(n), max }));
  return v;
}

/**
 * A die's faces the GM typed (a pursuit target's Wheels or Performance): one of the die ladder's.
 * @param {unknown} n
 * @param {string} what  The lang key naming the field.
 * @returns {number}
 */
function die(n, what) {
  const v = Number(n);
  const ladder = RULES.dice.ladder;
  if (!ladder.includes(v)) throw new Error(L("SMOKE.Shifts.badNumber", { what: L(what), value: String(n), max: ladder[ladder.length - 1] }));
  return v;
}

/**
 * The callout's target (the ANPR's marked motor, a disturbance's suspect): a token's or an actor's UUID that exists.
 * @param {unknown} uuid
 * @returns {string}
 */
function targetOf(uuid) {
  if (uuid === undefined || uuid === null || uuid === "") return "";
  const doc = docAt(String(uuid));
  if (doc?.documentName !== "Token" && doc?.documentName !== "Actor") throw new Error(L("SMOKE.Shifts.badTarget"));
  return doc.uuid;
}

/**
 * A stage destination, checked: the scene exists; the region, when named, is that scene's.
 * @param {any} d
 * @returns {import("./store.mjs").Destination}
 */
function destination(d) {
  const scene = game.scenes.get(String(d?.sceneId ?? ""));
  if (!scene) throw new Error(L("SMOKE.Shifts.noDestination"));
  const regionUuid = String(d?.regionUuid ?? "");
  let name = String(d?.name ?? "").trim().slice(0, 80);
  if (regionUuid) {
    const region = /** @type {RegionDocument.Implementation | null} */ (docAt(regionUuid));
    if (region?.documentName !== "Region" || region.parent?.id !== scene.id) throw new Error(L("SMOKE.Shifts.badRegion", { scene: scene.name }));
    name ||= region.name;
  }
  if (!name) throw new Error(L("SMOKE.Shifts.noDestination"));
  return { sceneId: /** @type {string} */ (scene.id), regionUuid, name };
}

/**
 * H for a callout: the street map's hops from the first destination's scene to the last's, else the GM's number.
 * @param {import("./store.mjs").Destination[]} dests
 * @param {unknown} given
 */
function hopsFor(dests, given) {
  const map = systemApi()?.streetMap;
  const from = dests[0].sceneId;
  const to = dests[dests.length - 1].sceneId;
  // The street map counts the hops between two scenes it links; within one map (or with no route) the GM's number.
  const mapped = from !== to && typeof map?.hops === "function" ? map.hops(from, to) : null;
  if (mapped !== null && Number.isInteger(mapped) && mapped >= 0) return mapped;
  const n = given === "" || given === null || given === undefined ? NaN : Number(given);
  try {
    return checkHops(n);
  } catch {
    throw new Error(L("SMOKE.Shifts.badHops", { value: String(given ?? ""), max: MAX_HOPS }));
  }
}

/**
 * The band the GM set for a check the book prints without one (taxi, paramedic, fire, disturbance), or null: the
 * check takes the ruling's default (rules/shifts.mjs shiftCheckBand).
 * @param {unknown} band
 * @returns {string|null}
 * @throws {Error} for a band that is not one of the four, in words.
 */
function bandOf(band) {
  if (band === null || band === undefined || band === "") return null;
  if (!BANDS.includes(/** @type {string} */ (band))) throw new Error(L("SMOKE.Shifts.badBand", { band: String(band) }));
  return /** @type {string} */ (band);
}

/**
 * GM: check and store a callout (the request `callout.create`, and a street event's Pat's order).
 * @param {any} data  {shift, call, name, destinations: [{sceneId, regionUuid, name}], hops, offerTo, extra}
 * @returns {Promise<{id: string, hops: number}>}
 * @throws {Error} for an unknown shift or call, no name, or too few destinations.
 */
export async function createCallout(data) {
  const shift = String(data?.shift ?? "");
  if (![...SHIFT_IDS, PAT_ORDER].includes(shift)) throw new Error(L("SMOKE.Shifts.unknownShift", { shift }));
  const call = shift === "police" ? String(data?.call ?? "") : null;
  if (shift === "police" && !POLICE_CALL_IDS.includes(/** @type {string} */ (call))) throw new Error(L("SMOKE.Shifts.unknownCall"));
  const name = String(data?.name ?? "").trim().slice(0, 120);
  if (!name) throw new Error(L("SMOKE.Shifts.noName"));
  const x = data?.extra ?? {};
  const raw = Array.isArray(data?.destinations) ? data.destinations : [];
  const extra = {
    patient: PATIENT_STATES.includes(x.patient) && x.patient !== "lost" ? x.patient : "fading",
    fareName: String(x.fareName ?? "").trim().slice(0, 80),
    perkTip: whole(x.perkTip, 100, "SMOKE.Shifts.perkTip"),
    bonus: whole(x.bonus, 1000, "SMOKE.Shifts.bonus"),
    arrest: !!x.arrest,
    check: STATS.includes(x.check) ? x.check : "frt",
    band: bandOf(x.band),
    damaged: false,
    targetUuid: targetOf(x.targetUuid),
    // The GM's own numbers for a pursuit's target, or null: then the named target's, else the assumed getaway driver
    // (documents/shifts/pursuit.mjs).
    target: x.target ? { wheels: die(x.target.wheels, "SMOKE.Shifts.targetWheels"),
      performance: die(x.target.performance, "SMOKE.Shifts.targetPerformance"),
      handling: Math.max(-3, Math.min(3, Math.trunc(Number(x.target.handling) || 0))) } : null
  };
  const stages = jobStages({ shift, call, stops: shift === "bus" ? Math.max(1, raw.length) : 1, arrest: extra.arrest });
  if (raw.length < stages.length) throw new Error(L("SMOKE.Shifts.noDestination"));
  const destinations = raw.slice(0, stages.length).map(destination);
  const hops = hopsFor(destinations, data?.hops);
  const id = foundry.utils.randomID(16);
  const offerTo = typeof data?.offerTo === "string" ? data.offerTo : "";
  /** @type {import("./store.mjs").Callout} */
  const callout = { id, shift, call, name, destinations, hops, offerTo, passed: [], status: "open", jobId: "", extra,
    createdAt: game.time.serverTime };
  await callouts.set(id, callout);
  return { id, hops };
}

/**
 * GM: the request `callout.create`, from the GM's own Shifts window.
 * @param {User.Implementation} user
 * @param {any} data  As {@link createCallout}.
 */
function onCreate(user, data) {
  assertGM(user);
  return createCallout(data);
}

/** GM: withdraw an open callout. */
async function onWithdraw(user, { calloutId }) {
  assertGM(user);
  const c = callouts.get(String(calloutId ?? ""));
  if (!c) throw new Error(L("SMOKE.Shifts.noCallout"));
  if (c.status !== "open") throw new Error(L("SMOKE.Shifts.calloutTaken"));
  await callouts.set(c.id, { ...c, status: "withdrawn" });
  return { withdrawn: true };
}

/**
 * The open callouts an actor may take: on their shift (Pat's orders: anyone), offered to them or to all, not passed.
 * @param {string} actorUuid
 * @returns {import("./store.mjs").Callout[]}
 */
export function calloutsFor(actorUuid) {
  const crew = crews.get(actorUuid);
  return Object.values(callouts.all()).filter(c => c.status === "open" && !c.passed.includes(actorUuid)
    && (!c.offerTo || c.offerTo === actorUuid) && (c.shift === PAT_ORDER || c.shift === crew?.shift))
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** GM: one crew takes a callout; the job starts its first stage's clock. */
async function onAccept(user, { calloutId, actorUuid }) {
  const { actor, vehicle } = crewMember(user, actorUuid);
  const c = callouts.get(String(calloutId ?? ""));
  if (!c || c.status === "withdrawn") throw new Error(L("SMOKE.Shifts.noCallout"));
  if (c.status === "taken") {
    const taker = jobs.get(c.jobId)?.crew?.[0];
    throw new Error(L("SMOKE.Shifts.calloutTakenBy", { name: docAt(/** @type {string} */ (taker))?.name ?? "?" }));
  }
  if (c.offerTo && c.offerTo !== actor.uuid) throw new Error(L("SMOKE.Shifts.notOffered", { actor: actor.name }));
  if (activeJobOf(actor.uuid)) throw new Error(L("SMOKE.Shifts.onJob", { actor: actor.name }));
  const crew = crews.get(actor.uuid);
  let vehicleUuid = "";
  if (c.shift !== PAT_ORDER) {
    if (crew?.shift !== c.shift) throw new Error(L("SMOKE.Shifts.notOnShift", { actor: actor.name, shift: L(`SMOKE.Shifts.shift.${c.shift}`) }));
    if (!vehicle || vehicle.uuid !== crew.vehicleUuid) throw new Error(L("SMOKE.Shifts.notDriver", { actor: actor.name }));
    vehicleUuid = vehicle.uuid;
  }
  const stages = jobStages({ shift: c.shift, call: c.call, stops: c.shift === "bus" ? c.destinations.length : 1, arrest: c.extra.arrest });
  const now = activeNow();
  const id = foundry.utils.randomID(16);
  /** @type {import("./store.mjs").Job} */
  const job = { id, calloutId: c.id, shift: c.shift, call: c.call, name: c.name, crew: [actor.uuid], userId: /** @type {string} */ (user.id),
    vehicleUuid, stage: 0, destinations: c.destinations, hops: c.hops, clock: startClock(now), total: startClock(now),
    windowSeconds: stageWindow(stages[0], c.hops), paused: false, status: "travel", arrivedLeft: null,
    cargo: c.shift === "courier" ? { collected: false, damaged: false } : null, patient: null,
    fire: c.shift === "fire" ? { contributions: [] } : null, gap: null, passengerUuid: "", stopsPaid: 0, compromised: false,
    pay: null, paid: false, note: "" };
  await jobs.set(id, job);
  await callouts.set(c.id, { ...c, status: "taken", jobId: id });
  return { jobId: id };
}

/** GM: an actor passes on a callout (it stays open for others). */
async function onPass(user, { calloutId, actorUuid }) {
  const { actor } = crewMember(user, actorUuid);
  const c = callouts.get(String(calloutId ?? ""));
  if (!c || c.status !== "open") throw new Error(L("SMOKE.Shifts.noCallout"));
  await callouts.set(c.id, { ...c, passed: [...new Set([...c.passed, actor.uuid])] });
  return { passed: true };
}

/**
 * Freeze a clock (a paused job's new stage starts paused).
 * @param {any} clock
 * @param {boolean} paused
 * @param {number} now
 */
export const maybePaused = (clock, paused, now) => (paused ? pauseClock(clock, now) : clock);

export const requests = { "callout.create": onCreate, "callout.withdraw": onWithdraw, "callout.accept": onAccept,
  "callout.pass": onPass };
