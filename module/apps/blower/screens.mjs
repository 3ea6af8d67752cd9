/**
 * The Blower's screens as data for templates/apps/blower/phone.hbs: the home screen's app icons with their badges
 * and each app's context, built from the records the phone reads (apps/blower/sources.mjs) and its own two stores
 * (texts, radio). Labels are localised here; user text (a contact's name, a text) stays raw and the template escapes it.
 * @module apps/blower/screens
 */
import { heatOf, isMissing, jobsOf, missionsOf, moneyOf, directionsOf, openMissionsNow, patOrdersOf, serviceJobsOf } from "./sources.mjs";
import { deadlineLeft } from "../../rules/missions.mjs";
import { inboxNow } from "../../documents/blower/texts.mjs";
import { effectiveVolume, motorStation, nowPlaying, stations } from "../../documents/blower/radio.mjs";
import { driverOf, vehicleOf } from "../../documents/vehicle/seats.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";
import { mmss } from "../countdown.mjs";
import { systemApi } from "../../documents/core/lookup.mjs";
import { unitCounts } from "../../documents/core/counts.mjs";

/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]  Strings or numbers: v13's format puts each in its `{name}` as text.
 */
const L = (key, data) => (data ? game.i18n.format(key, /** @type {Record<string, string>} */ (data)) : game.i18n.localize(key));

/** The apps on the home screen, in order, with their Font Awesome icons. */
export const APPS = Object.freeze([
  { id: "jobs", icon: "fa-solid fa-briefcase" },
  { id: "orders", icon: "fa-solid fa-clipboard-list" },
  { id: "objectives", icon: "fa-solid fa-bullseye" },
  { id: "money", icon: "fa-solid fa-sterling-sign" },
  { id: "heat", icon: "fa-solid fa-star" },
  { id: "directions", icon: "fa-solid fa-diamond-turn-right" },
  { id: "messages", icon: "fa-solid fa-comment-sms" },
  { id: "radio", icon: "fa-solid fa-radio" }
]);

/** @param {string} reason A lang key or the GM's words. */
const words = reason => (reason && game.i18n.has?.(reason) ? L(reason) : String(reason ?? ""));

/** @param {Actor.Implementation} actor */
function countBadges(actor) {
  const jobs = serviceJobsOf(actor);
  const orders = patOrdersOf(actor);
  const missions = missionsOf(actor);
  /** @param {{objectives?: {state?: string}[]}[]} list */
  const open = list => list.reduce((n, m) => n + (m.objectives ?? []).filter(o => (o.state ?? "open") === "open").length, 0);
  return {
    jobs: isMissing(jobs) ? 0 : (jobs.callouts?.length ?? 0),
    orders: isMissing(orders) ? 0 : orders.callouts.length + (orders.job ? 1 : 0),
    objectives: isMissing(missions) ? 0 : open(missions),
    messages: inboxNow().unread
  };
}

/**
 * @param {any} actor
 * @returns {object[]} The home screen's icons.
 */
export function homeApps(actor) {
  const badges = /** @type {Record<string, number>} */ (countBadges(actor));
  return APPS.map(a => ({ ...a, label: L(`SMOKE.Blower.App.${a.id}`), badge: badges[a.id] || 0 }));
}

/**
 * A shift's, a stage's or a patient's state's name in words (the Shifts feature's ids: taxi, pickup, fading…), or the
 * text as given.
 * @param {"shift"|"stage"|"patient"} group
 * @param {unknown} id
 * @returns {string}
 */
const named = (group, id) => (typeof id === "string" && game.i18n.has?.(`SMOKE.Shifts.${group}.${id}`)
  ? L(`SMOKE.Shifts.${group}.${id}`) : String(id ?? ""));

/**
 * A running job as the phone shows it: its stage and place, the seconds left (the Shifts feature's, frozen once the
 * stage is reached; else counted down from the clock's timestamps at `now`), cargo, patient and pay.
 * @param {any} job
 * @param {number} now Active ms.
 */
function jobCard(job, now) {
  const clockLeft = systemApi()?.rules?.clockLeft;
  // The Shifts feature gives the seconds left (a stage the crew has reached holds its time); else count the clock down.
  const left = typeof job?.secondsLeft === "number" ? job.secondsLeft
    : job?.clock && clockLeft ? clockLeft(job.clock, job.windowSeconds, now) : null;
  return { name: String(job.name ?? ""), stage: named("stage", job.stage), left: left === null ? null : mmss(left),
    paused: Boolean(job.paused ?? job.clock?.pausedAt),
    cargo: cargoWords(job.cargo), patient: job.patient ? named("patient", job.patient.state ?? job.patient) : null,
    pay: typeof job.pay === "number" ? job.pay : job.pay?.pounds ?? null, destination: job.destination?.name ?? "" };
}

/**
 * A courier's cargo in words (the Shifts feature's `{collected, damaged}`): to collect, aboard, or damaged.
 * @param {{collected?: boolean, damaged?: boolean}|null|undefined} cargo
 * @returns {string|null}
 */
function cargoWords(cargo) {
  if (!cargo || typeof cargo !== "object") return null;
  const state = cargo.damaged ? "damaged" : cargo.collected ? "aboard" : "toCollect";
  return L(`SMOKE.Blower.Jobs.cargoState.${state}`);
}

/** @param {{id: string, name?: string, pay?: unknown}[]} callouts */
const calloutRows = callouts => callouts.map(c => ({ id: c.id, name: String(c.name ?? c.id), pay: c.pay ?? null }));

/**
 * Jobs: the service shift's callouts and job (Pat's orders have their own app).
 * @param {any} actor
 * @param {number} now Active ms.
 */
function jobsScreen(actor, now) {
  const got = serviceJobsOf(actor);
  if (isMissing(got)) return { missing: L(got.messageKey) };
  const { shift, callouts = [], job } = got;
  return {
    shift: shift ? (typeof shift === "string" ? named("shift", shift) : String(shift.name ?? shift.id ?? "")) : null,
    callouts: calloutRows(callouts),
    job: job ? jobCard(job, now) : null,
    none: !shift && !callouts.length && !job, empty: L("SMOKE.Blower.Jobs.idle")
  };
}

/**
 * Pat's orders: the orders open to the character and the one they are on.
 * @param {any} actor
 * @param {number} now Active ms.
 */
function ordersScreen(actor, now) {
  const got = patOrdersOf(actor);
  if (isMissing(got)) return { missing: L(got.messageKey) };
  return { callouts: calloutRows(got.callouts), job: got.job ? jobCard(got.job, now) : null, none: !got.callouts.length && !got.job,
    empty: L("SMOKE.Blower.Orders.empty") };
}

/**
 * The missions' rows, each deadline counted down from the run's clock (timestamps) at `now`.
 * @param {(ReturnType<SmokeApi["missions"]["missionsOf"]>[number] & {giver?: string})[]} list
 * @param {number} now Active ms.
 */
const missionRows = (list, now) => list.map(m => {
  const secondsLeft = m.clock ? deadlineLeft(m, now) : (typeof m.secondsLeft === "number" ? m.secondsLeft : null);
  return { name: String(m.name ?? ""), giver: String(m.giver ?? m.client ?? ""),
    left: typeof secondsLeft === "number" ? mmss(secondsLeft) : null,
    objectives: (m.objectives ?? []).map(o => ({ text: String(o.text ?? ""), state: o.state ?? "open",
      label: L(`SMOKE.Blower.Missions.state.${["open", "done", "failed"].includes(o.state) ? o.state : "open"}`) })) };
});

/**
 * Objectives: every mission the character's crew is on, whoever the client.
 * @param {any} actor
 * @param {number} now Active ms.
 */
function missionsScreen(actor, now) {
  const got = missionsOf(actor);
  if (isMissing(got)) return { missing: L(got.messageKey) };
  const rows = missionRows(got, now);
  // Self-play (issue 16): the open missions a player may accept from the phone.
  const offers = !game.user.isGM ? openMissionsNow().map(m => ({
    pageUuid: m.pageUuid, name: String(m.name ?? ""), giver: String(m.client ?? "") })) : [];
  return { rows, offers, none: !rows.length && !offers.length };
}

/** @param {any} actor */
function moneyScreen(actor) {
  const got = moneyOf(actor);
  if (isMissing(got)) return { missing: L(got.messageKey) };
  const { pocket, stash, log } = got;
  return { pocket, stash, log: (log ?? []).slice(0, 10).map(e => ({
    amount: `${e.amount < 0 ? "−" : "+"}£${Math.abs(e.amount)}`, incoming: e.amount >= 0,
    where: L(`SMOKE.Blower.Money.${e.where === "stash" ? "stash" : "pocket"}`), reason: words(e.reason),
    at: new Date(e.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) })) };
}

/** @param {any} actor */
function heatScreen(actor) {
  const got = heatOf(actor);
  if (isMissing(got)) return { missing: L(got.messageKey) };
  const h = got;
  const u = h.units;
  return { stars: h.stars, starRow: [1, 2, 3, 4, 5].map(n => ({ lit: n <= h.stars })), name: h.name, response: h.response,
    units: u ? L("SMOKE.Blower.Heat.units", unitCounts(u)) : "",
    next: h.nextStarSeconds === null ? null : mmss(h.nextStarSeconds),
    inSight: h.inSight === null ? null : L(h.inSight ? "SMOKE.Blower.Heat.seen" : "SMOKE.Blower.Heat.unseen") };
}

/** @param {any} actor */
function directionsScreen(actor) {
  const d = directionsOf(actor);
  if (!d) return { none: L(isMissing(jobsOf(actor)) ? "SMOKE.Blower.Directions.noShifts" : "SMOKE.Blower.Directions.none") };
  return { name: d.name, stage: named("stage", d.stage), sceneName: game.scenes?.get(d.sceneId)?.name ?? "" };
}

/** One formatter for every text's time (`toLocaleTimeString` builds a new one per call: 200 texts, 200 formatters). */
let clock = /** @type {Intl.DateTimeFormat|null} */ (null);
/**
 * @param {number} at
 * @returns {string} Hours and minutes, in the browser's locale.
 */
const timeOf = at => (clock ??= new Intl.DateTimeFormat([], { hour: "2-digit", minute: "2-digit" })).format(new Date(at));

function messagesScreen() {
  const box = inboxNow();
  const users = game.user.isGM ? game.users.filter(u => !u.isGM).map(u => ({ id: u.id, name: u.name })) : [];
  return { texts: box.texts.map(t => ({ ...t, at: timeOf(t.at),
    to: t.to?.join(", ") ?? "" })), none: box.loaded && !box.texts.length, noSignal: !box.signal, users,
  contacts: ["Pat", "Kez"] };
}

/** @param {any} actor */
function radioScreen(actor) {
  const aboard = actor ? vehicleOf(actor) : null;
  const list = stations().map(p => ({ id: p.id, name: p.name }));
  const now = nowPlaying();
  const motor = aboard ? { name: aboard.vehicle.name, uuid: aboard.vehicle.uuid, station: motorStation(aboard.vehicle.uuid) ?? "",
    driving: driverOf(aboard.vehicle)?.uuid === actor.uuid || game.user.isGM } : null;
  const phone = String(game.settings.get(SYSTEM_ID, "phoneStation") ?? "");
  return { motor, stations: list, none: !list.length, phoneStation: phone, volume: Math.round(effectiveVolume() * 100),
    ownVolume: Math.round(Number(game.settings.get(SYSTEM_ID, "radioVolume")) * 100),
    now: now ? { name: now.name, via: L(`SMOKE.Blower.Radio.via.${now.via}`), paused: now.paused, error: now.error } : null,
    playlists: game.user.isGM ? [...(game.playlists ?? [])].map(p => ({ id: p.id, name: p.name,
      radio: Boolean(p.getFlag(SYSTEM_ID, "radio")) })) : [] };
}

/**
 * One screen's context.
 * @param {string} screen  "home" or an app id.
 * @param {any} actor
 * @param {number} now  Active ms (for clocks).
 */
export function screenContext(screen, actor, now) {
  switch (screen) {
    case "jobs": return jobsScreen(actor, now);
    case "orders": return ordersScreen(actor, now);
    case "objectives": return missionsScreen(actor, now);
    case "money": return moneyScreen(actor);
    case "heat": return heatScreen(actor);
    case "directions": return directionsScreen(actor);
    case "messages": return messagesScreen();
    case "radio": return radioScreen(actor);
    default: return { apps: homeApps(actor) };
  }
}
