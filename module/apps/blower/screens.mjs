/**
 * The Blower's screens as data for templates/apps/blower/phone.hbs: the home screen's app icons with their badges
 * and each app's context, built from the records the phone reads (apps/blower/sources.mjs) and its own two stores
 * (texts, radio). Labels are localised here; user text (a contact's name, a text) stays raw and the template escapes it.
 * @module apps/blower/screens
 */
import { heatOf, isMissing, jobsOf, missionsOf, moneyOf, directionsOf, openMissionsNow } from "./sources.mjs";
import { inboxNow } from "../../documents/blower-texts.mjs";
import { effectiveVolume, motorStation, nowPlaying, stations } from "../../documents/radio.mjs";
import { driverOf, vehicleOf } from "../../documents/vehicle/seats.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";
import { mmss } from "../countdown.mjs";
import { systemApi } from "../../documents/lookup.mjs";
import { unitCounts } from "../../documents/counts.mjs";

/** @param {string} key @param {Record<string, unknown>} [data] */
const L = (key, data) => (data ? game.i18n.format(key, /** @type {any} */ (data)) : game.i18n.localize(key));

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

/** @param {any} actor */
function countBadges(actor) {
  const jobs = jobsOf(actor);
  const missions = missionsOf(actor);
  const open = (/** @type {any[]} */ list) => list.reduce((n, m) => n + (m.objectives ?? []).filter((/** @type {any} */ o) => (o.state ?? "open") === "open").length, 0);
  return {
    jobs: isMissing(jobs) ? 0 : (jobs.callouts?.length ?? 0),
    orders: isMissing(missions) ? 0 : missions.orders.length,
    objectives: isMissing(missions) ? 0 : open(missions.missions),
    messages: inboxNow().unread
  };
}

/** @param {any} actor @returns {object[]} The home screen's icons. */
export function homeApps(actor) {
  const badges = /** @type {Record<string, number>} */ (countBadges(actor));
  return APPS.map(a => ({ ...a, label: L(`SMOKE.Blower.App.${a.id}`), badge: badges[a.id] || 0 }));
}

/**
 * A shift's or a stage's name in words (the Shifts feature's ids: taxi, pickup…), or the text as given.
 * @param {"shift"|"stage"} group @param {unknown} id @returns {string}
 */
const named = (group, id) => (typeof id === "string" && game.i18n.has?.(`SMOKE.Shifts.${group}.${id}`)
  ? L(`SMOKE.Shifts.${group}.${id}`) : String(id ?? ""));

/** @param {any} actor @param {number} now Active ms. */
function jobsScreen(actor, now) {
  const got = jobsOf(actor);
  if (isMissing(got)) return { missing: L(got.messageKey) };
  const { shift, callouts = [], job } = got;
  const clockLeft = systemApi()?.rules?.clockLeft;
  // The Shifts feature gives the seconds left (a stage the crew has reached holds its time); else count the clock down.
  const left = typeof job?.secondsLeft === "number" ? job.secondsLeft
    : job?.clock && clockLeft ? clockLeft(job.clock, job.windowSeconds, now) : null;
  return {
    shift: shift ? (typeof shift === "string" ? named("shift", shift) : String(shift.name ?? shift.id ?? "")) : null,
    callouts: callouts.map((/** @type {any} */ c) => ({ id: c.id, name: String(c.name ?? c.id), pay: c.pay ?? null })),
    job: job ? { stage: named("stage", job.stage), left: left === null ? null : mmss(left),
      paused: Boolean(job.paused ?? job.clock?.pausedAt),
      cargo: job.cargo ? String(job.cargo.state ?? job.cargo) : null, patient: job.patient ? String(job.patient.state ?? job.patient) : null,
      pay: typeof job.pay === "number" ? job.pay : job.pay?.pounds ?? null, destination: job.destination?.name ?? "" } : null,
    none: !shift && !callouts.length && !job
  };
}

/** @param {any[]} list */
const missionRows = list => list.map(m => ({ name: String(m.name ?? ""), giver: String(m.giver ?? m.client ?? ""),
  left: typeof m.secondsLeft === "number" ? mmss(m.secondsLeft) : null,
  objectives: (m.objectives ?? []).map((/** @type {any} */ o) => ({ text: String(o.text ?? ""), state: o.state ?? "open",
    label: L(`SMOKE.Blower.Missions.state.${["open", "done", "failed"].includes(o.state) ? o.state : "open"}`) })) }));

/** @param {any} actor @param {"orders"|"missions"} which */
function missionsScreen(actor, which) {
  const got = missionsOf(actor);
  if (isMissing(got)) return { missing: L(got.messageKey) };
  const rows = missionRows(/** @type {any} */ (got)[which]);
  // Self-play (issue 16): the open missions a player may accept from the phone.
  const offers = which === "missions" && !game.user.isGM ? openMissionsNow().map((/** @type {any} */ m) => ({
    pageUuid: m.pageUuid, name: String(m.name ?? ""), giver: String(m.client ?? "") })) : [];
  return { rows, offers, none: !rows.length && !offers.length };
}

/** @param {any} actor */
function moneyScreen(actor) {
  const got = moneyOf(actor);
  if (isMissing(got)) return { missing: L(got.messageKey) };
  const { pocket, stash, log } = got;
  return { pocket, stash, log: (log ?? []).slice(0, 10).map((/** @type {any} */ e) => ({
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

function messagesScreen() {
  const box = inboxNow();
  const users = game.user.isGM ? game.users.filter(u => !u.isGM).map(u => ({ id: u.id, name: u.name })) : [];
  return { texts: box.texts.map(t => ({ ...t, at: new Date(t.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }),
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
    playlists: game.user.isGM ? [...(/** @type {any} */ (game).playlists ?? [])].map(p => ({ id: p.id, name: p.name,
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
    case "orders": return missionsScreen(actor, "orders");
    case "objectives": return missionsScreen(actor, "missions");
    case "money": return moneyScreen(actor);
    case "heat": return heatScreen(actor);
    case "directions": return directionsScreen(actor);
    case "messages": return messagesScreen();
    case "radio": return radioScreen(actor);
    default: return { apps: homeApps(actor) };
  }
}
