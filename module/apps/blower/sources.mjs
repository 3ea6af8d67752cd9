/**
 * What the Blower reads, and from where: one small adapter per feature. The phone is **a view, not a store**: every
 * app shows a record another feature owns, read through `game.system.api.<feature>` (CONTRACT "Cross-feature
 * interfaces"), and says so plainly when that feature is absent ({@link Missing}) instead of failing. Wiring a
 * feature in is a change to this file only: each function below names the exact shape it expects.
 *
 * Reads only; the phone never writes these records (accepting a callout or moving cash are the owning feature's
 * requests, called from the phone by name when the feature exposes them).
 * @module apps/blower/sources
 */
import { RULES } from "../../generated/rules.mjs";
import { PAT_ORDER } from "../../rules/jobs.mjs";
import { systemApi } from "../../documents/core/lookup.mjs";

/** @returns {Partial<SmokeApi>} game.system.api, or {} before init. */
const api = () => systemApi() ?? {};

/**
 * @typedef {object} Missing  A feature that is not installed (or failed): the app shows `messageKey`.
 * @property {true} missing
 * @property {string} messageKey  A lang key, e.g. "SMOKE.Blower.Jobs.none".
 */

/**
 * @param {string} messageKey
 * @returns {Missing}
 */
const missing = messageKey => ({ missing: true, messageKey });

/**
 * Run a feature's reader; a throw or an absent function is "missing" (logged once per call site).
 * @template T
 * @param {(() => T|null|undefined)|null} fn
 * @param {string} messageKey
 * @returns {T|Missing}
 */
function read(fn, messageKey) {
  if (!fn) return missing(messageKey);
  try {
    return fn() ?? missing(messageKey);
  } catch (err) {
    console.warn("the-smoke | the Blower could not read a feature", err);
    return missing(messageKey);
  }
}

/**
 * Money (foundation `purse.mjs`, issue 13 extends it): `api.money.purseOf(actor)` →
 * `{pocket: number, stash: number, log: {at: ms, amount: ±pounds, where: "pocket"|"stash", reason: string}[]}`.
 * @param {Actor.Implementation} actor
 * @returns {ReturnType<SmokeApi["money"]["purseOf"]>|Missing}
 */
export function moneyOf(actor) {
  const fn = api().money?.purseOf;
  return read(fn ? () => fn(actor) : null, "SMOKE.Blower.Money.none");
}

/**
 * Heat (issue 12): `api.heat.heatView(actor)` → `{stars, nameKey, response, nextStarSeconds: number|null, inSight}`;
 * before issue 12 lands, the foundation's `api.heat.heatOf(actor)` → `{stars}`, with the level's name and response
 * from RULES.heat and no cool-down time.
 * @param {Actor.Implementation} actor
 * @returns {{stars: number, name: string, response: string, nextStarSeconds: number|null, inSight: boolean|null,
 *   units: {areaCars: number, bikes: number, carriers: number, arvs: number}|null}|Missing}
 */
export function heatOf(actor) {
  const heat = api().heat;
  return read(heat ? () => {
    const view = heat.heatView?.(actor) ?? heat.heatOf?.(actor);
    if (!view) return null;
    const stars = Number(view.stars) || 0;
    const level = RULES.heat.levels.find(l => l.stars === stars);
    const units = RULES["police-response"]?.response?.find((/** @type {{stars: number}} */ r) => r.stars === stars) ?? null;
    return {
      stars,
      name: view.nameKey ? game.i18n.localize(view.nameKey) : (level?.name ?? ""),
      response: view.response ?? level?.response ?? "",
      nextStarSeconds: Number.isFinite(view.nextStarSeconds) ? Number(view.nextStarSeconds) : null,
      inSight: typeof view.inSight === "boolean" ? view.inSight : null,
      units
    };
  } : null, "SMOKE.Blower.Heat.none");
}

/**
 * @typedef {Omit<ReturnType<SmokeApi["shifts"]["jobsOf"]>, "shift"> & {shift: string|{id?: string, name?: string}|null}} JobsView
 *   The Shifts feature's jobsOf, read as the phone reads it: the shift an id, or a `{id, name}` (as the tests' stand-in
 *   for the feature gives it: tests/e2e/helpers/blower.py).
 */

/**
 * Shifts (issue 14): `api.shifts.jobsOf(actor)` → `{shift: string|null, callouts: {id, name}[], job: JobView|null}`,
 * JobView = `{id, shift, stage, destination: {sceneId, regionUuid, name}, clock, windowSeconds, secondsLeft, paused,
 * cargo, patient: {state}|null, pay: {pounds, xp}|null}` (documents/shifts/shifts.mjs jobView; `clock` a rules/clock.mjs
 * clock). The Jobs app's Accept and Pass call `api.shifts.acceptCallout(actor, id)` / `passCallout(actor, id)`.
 * @param {Actor.Implementation} actor
 * @returns {JobsView|Missing}
 */
export function jobsOf(actor) {
  const fn = api().shifts?.jobsOf;
  return read(fn ? () => fn(actor) : null, "SMOKE.Blower.Jobs.none");
}

/**
 * Missions (issue 16): `api.missions.missionsOf(actor)` → `Mission[]` (issue 16's shape: `{id, name, client, state:
 * "open"|"active"|"completed"|"failed"|"abandoned", clock, terms: {deadlineSeconds}, objectives: {text, state?:
 * "open"|"done"|"failed"}[]}`); finished missions are left out. Every mission is a mission, whoever the client is
 * (Auntie Pat too): the phone's *Pat's orders* are the Shifts feature's Pat orders ({@link patOrdersOf}), the kind the
 * book calls one (Service pay and tips: "Pat's order … A completed order awards 2 XP; it is not a generic career crew
 * fee").
 * @param {Actor.Implementation} actor
 * @returns {ReturnType<SmokeApi["missions"]["missionsOf"]>|Missing}
 */
export function missionsOf(actor) {
  const fn = api().missions?.missionsOf;
  return read(fn ? () => {
    const got = fn(actor);
    if (!Array.isArray(got)) return null;
    return got.filter(m => !["completed", "failed", "abandoned"].includes(m?.state));
  } : null, "SMOKE.Blower.Missions.none");
}

/**
 * Pat's orders (the Shifts feature's `patOrder` callouts and job, rules/jobs.mjs `PAT_ORDER`): from
 * `api.shifts.jobsOf(actor)`, the Pat orders open to the actor and the one they are on.
 * @param {Actor.Implementation} actor
 * @returns {Pick<JobsView, "callouts"|"job">|Missing}
 */
export function patOrdersOf(actor) {
  const got = jobsOf(actor);
  if (isMissing(got)) return missing("SMOKE.Blower.Orders.none");
  const { callouts = [], job = null } = got;
  return { callouts: callouts.filter(c => c?.shift === PAT_ORDER),
    job: job?.shift === PAT_ORDER ? job : null };
}

/**
 * The service side of Jobs: {@link jobsOf} without Pat's orders (they have their own app).
 * @param {Actor.Implementation} actor
 * @returns {JobsView|Missing}
 */
export function serviceJobsOf(actor) {
  const got = jobsOf(actor);
  if (isMissing(got)) return got;
  const { callouts = [], job = null } = got;
  return { ...got, callouts: callouts.filter(c => c?.shift !== PAT_ORDER),
    job: job?.shift === PAT_ORDER ? null : job };
}

/**
 * Open missions (issue 16): `api.missions.openMissions()` → the Self-play missions nobody has taken
 * (`{pageUuid, name, client, fee, xp, deadlineSeconds}[]`), for the phone's Accept.
 * @returns {ReturnType<SmokeApi["missions"]["openMissions"]>}
 */
export function openMissionsNow() {
  const got = read(api().missions?.openMissions ?? null, "SMOKE.Blower.Missions.none");
  return Array.isArray(got) ? got : [];
}

/**
 * Street map (issue 17): `api.streetMap.route(fromSceneId, toSceneId)` → `{hops: number, exitRegionUuid: string}|null`
 * (null: no route between the maps).
 * @param {string} fromSceneId
 * @param {string} toSceneId
 * @returns {{hops: number, exitRegionUuid: string|null}|null|Missing}  null = the street map knows no route.
 */
export function routeBetween(fromSceneId, toSceneId) {
  const fn = api().streetMap?.route;
  if (!fn) return missing("SMOKE.Blower.SatNav.noStreetMap");
  try {
    return fn(fromSceneId, toSceneId) ?? null;
  } catch (err) {
    console.warn("the-smoke | the street map could not route", err);
    return missing("SMOKE.Blower.SatNav.noStreetMap");
  }
}

/**
 * Where to go now, from the job (Directions): the job's `destination` `{sceneId, regionUuid, name}` (pickup before
 * the fare boards, delivery after; the Shifts feature moves it), else null.
 * @param {Actor.Implementation} actor
 * @returns {{sceneId: string, regionUuid: string, name: string, stage: string}|null}
 */
export function directionsOf(actor) {
  const jobs = jobsOf(actor);
  const job = isMissing(jobs) ? null : jobs.job;
  const d = job?.destination;
  if (!d?.sceneId) return null;
  return { sceneId: String(d.sceneId), regionUuid: String(d.regionUuid ?? ""), name: String(d.name ?? ""), stage: String(job?.stage ?? "") };
}

/**
 * Call `fn` whenever the Shifts feature's records change (`api.shifts.watch(fn)` → an unsubscribe function); a no-op
 * without the feature.
 * @param {() => void} fn
 * @returns {() => void} unsubscribe
 */
export function onJobsChange(fn) {
  const off = api().shifts?.watch?.(fn);
  return typeof off === "function" ? off : () => {};
}

/**
 * @param {unknown} x
 * @returns {x is Missing}
 */
export const isMissing = x => Boolean(x && typeof x === "object" && "missing" in x && x.missing);
