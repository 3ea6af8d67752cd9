/**
 * The radio (rulebook, Radio: "The vehicle's driver tunes the car radio for those aboard; each listener controls their
 * own volume. The Blower has a radio on foot."). Stations are v13 Playlists the GM marks as radio (flag
 * `the-smoke.radio`); a station plays its first sound's `path` (a Dead Air programme, a clue recording, or a live
 * stream URL).
 *
 * - A motor's tuning is a fact in the GM store `radio` (`{[motorUuid]: {stationId, by, at}}`), written only by the
 *   `radio.tune` request, which the active GM grants to the owner of the character in the motor's driver's seat (the
 *   seat store `the-smoke.seats`) or a GM.
 * - Playback is **this client only**: each client works out what its own character hears — the motor it is aboard
 *   (its radio, or silence) or, on foot, the phone's own station (a client setting) — and plays it in a plain
 *   `<audio>` element at the listener's own volume (client setting `radioVolume` × core's playlist volume where
 *   registered). A plain element rather than Web Audio, so a stream without CORS headers still plays (Web Audio
 *   plays such a stream as silence, without an error: table-features.md §3); a source that cannot load says so.
 *   Nobody else's browser plays anything; core's world-wide Playlist playback is not used.
 * Leaving the motor stops its radio for that listener at the next tick (one per second, no writes).
 *
 * Foundry-side only; no rules here.
 * @module documents/radio
 */
import { gmStore } from "../core/gm-store.mjs";
import { assertOwner } from "../core/requests.mjs";
import { onTick } from "../core/active-time.mjs";
import { driverOf, vehicleOf } from "../vehicle/seats.mjs";
import { actorAt, isVehicle } from "../vehicle/common.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";

const settings = () => game.settings;
/** @type {import("../core/gm-store.mjs").GMStore<{stationId: string|null, by: string, at: number}>} */
const tuning = gmStore("radio", { onChange: () => sync() });

/**
 * @param {string} key
 * @param {Record<string, string>} [data]
 */
const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * @param {Playlist.Implementation|null|undefined} playlist
 * @returns {playlist is Playlist.Implementation} Whether the GM marked it as a radio station.
 */
export const isStation = playlist => Boolean(playlist?.getFlag?.(SYSTEM_ID, "radio"));

/** @returns {any[]} The radio stations (playlists marked as radio), by name. */
export function stations() {
  return [...(game.playlists ?? [])].filter(isStation).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * @param {any} playlist
 * @returns {string} The station's source: its first sound's path ("" when none).
 */
export function stationSource(playlist) {
  const sounds = [...(playlist?.sounds ?? [])].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  return String(sounds.find(s => s.path)?.path ?? "");
}

/**
 * @param {string} motorUuid
 * @returns {string|null} The station a motor is tuned to.
 */
export const motorStation = motorUuid => tuning.get(motorUuid)?.stationId ?? null;

/** Register the listener's own settings (init). */
export function registerRadio() {
  settings().register(SYSTEM_ID, "radioVolume", { name: "SMOKE.Blower.Radio.volume", scope: "client", config: false,
    type: Number, default: 0.5, onChange: () => sync() });
  settings().register(SYSTEM_ID, "phoneStation", { scope: "client", config: false, type: String, default: "",
    onChange: () => sync() });
}

/** Requests (the active GM runs them). */
export const requests = {
  /**
   * Tune a motor's radio (null turns it off): its driver's owner, or a GM.
   * @param {User.Implementation} user
   * @param {{motorUuid?: string, stationId?: string|null}} data
   */
  "radio.tune": async (user, { motorUuid, stationId } = {}) => {
    const vehicle = actorAt(String(motorUuid ?? ""));
    if (!vehicle || !isVehicle(vehicle)) throw new Error(L("SMOKE.Blower.Radio.noMotor"));
    if (!user.isGM) {
      const driver = driverOf(vehicle);
      if (!driver) throw new Error(L("SMOKE.Blower.Radio.noDriver", { motor: vehicle.name }));
      if (!driver.testUserPermission(user, "OWNER")) throw new Error(L("SMOKE.Blower.Radio.driverOnly", { motor: vehicle.name }));
      assertOwner(user, driver);
    }
    let id = null;
    if (stationId) {
      const playlist = game.playlists?.get(String(stationId));
      if (!isStation(playlist)) throw new Error(L("SMOKE.Blower.Radio.noStation"));
      if (!stationSource(playlist)) throw new Error(L("SMOKE.Blower.Radio.silent", { station: playlist.name }));
      id = playlist.id;
    }
    await tuning.set(vehicle.uuid, id ? { stationId: id, by: String(user.id), at: game.time.serverTime } : null);
    return { stationId: id };
  }
};

/* ------------------------------------------------ this client's ears ------------------------------------------------ */

let audio = /** @type {HTMLAudioElement|null} */ (null);
let playing = /** @type {{via: string, stationId: string, name: string, src: string, motorUuid: string|null}|null} */ (null);
let failed = /** @type {string|null} */ (null);
/** @type {Set<() => void>} */
const listeners = new Set();

/** @returns {Actor.Implementation|null} The character this client listens as (the user's own). */
const listener = () => game.user?.character ?? null;

/** What this client should hear now. */
function wanted() {
  const actor = listener();
  const aboard = actor ? vehicleOf(actor) : null;
  if (aboard) {
    const id = motorStation(aboard.vehicle.uuid);
    const playlist = id ? game.playlists?.get(id) : null;
    if (!isStation(playlist)) return null;
    return { via: "motor", stationId: playlist.id, name: playlist.name, src: stationSource(playlist), motorUuid: aboard.vehicle.uuid };
  }
  const id = settings().get(SYSTEM_ID, "phoneStation");
  const playlist = id ? game.playlists?.get(id) : null;
  if (!isStation(playlist)) return null;
  return { via: "phone", stationId: playlist.id, name: playlist.name, src: stationSource(playlist), motorUuid: null };
}

/** @returns {number} This listener's volume, 0–1 (their own setting × core's playlist volume where registered). */
export function effectiveVolume() {
  const own = Math.min(1, Math.max(0, Number(settings().get(SYSTEM_ID, "radioVolume")) || 0));
  let core = 1;
  try {
    if (settings().settings?.has?.("core.globalPlaylistVolume")) core = Number(settings().get("core", "globalPlaylistVolume"));
  } catch { core = 1; }
  return Math.round(own * (Number.isFinite(core) ? core : 1) * 100) / 100;
}

/** Start, change or stop this client's radio to match what it should hear (no writes). */
export function sync() {
  if (!game.ready) return;
  const want = wanted();
  const same = want && playing && want.src === playing.src && want.stationId === playing.stationId;
  if (!same) {
    if (audio) {
      audio.pause();
      audio.removeAttribute("src");
      audio.remove();
      audio = null;
    }
    playing = want && want.src ? want : null;
    failed = null;
    if (playing) start(playing);
    for (const fn of [...listeners]) fn();
  }
  if (audio) audio.volume = effectiveVolume();
}

/** @param {{name: string, src: string}} station */
function start(station) {
  const el = document.createElement("audio");
  el.className = "smoke-radio-audio";
  el.loop = true;
  el.preload = "auto";
  el.hidden = true;
  el.volume = effectiveVolume();
  el.addEventListener("error", () => {
    failed = L("SMOKE.Blower.Radio.cannotPlay", { station: station.name });
    ui.notifications?.warn(failed);
    for (const fn of [...listeners]) fn();
  });
  el.src = station.src;
  document.body.append(el);
  audio = el;
  // A browser that wants a click first (autoplay policy) leaves it paused: the phone's Play button starts it.
  el.play().catch(() => {});
}

/**
 * Check that a station's source loads in this browser before the GM puts it on the radio (a live stream or a file):
 * resolves true when its metadata loads, false when it errors or nothing comes within the timeout.
 * @param {string} src
 * @param {number} [timeoutMs]
 * @returns {Promise<boolean>}
 */
export function probe(src, timeoutMs = 8000) {
  if (!src) return Promise.resolve(false);
  return new Promise(resolve => {
    const el = document.createElement("audio");
    el.preload = "metadata";
    const done = (/** @type {boolean} */ ok) => {
      clearTimeout(timer);
      el.removeAttribute("src");
      el.load();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    el.addEventListener("loadedmetadata", () => done(true), { once: true });
    el.addEventListener("error", () => done(false), { once: true });
    el.src = src;
  });
}

/**
 * GM: put a playlist on the radio (after its source loads here) or take it off.
 * @param {any} playlist
 * @param {boolean} on
 * @returns {Promise<boolean>} Whether it is a station now.
 */
export async function markStation(playlist, on) {
  if (on && !(await probe(stationSource(playlist)))) {
    ui.notifications?.warn(L("SMOKE.Blower.Radio.cannotPlay", { station: playlist.name }));
    return false;
  }
  await playlist.setFlag(SYSTEM_ID, "radio", Boolean(on));
  return Boolean(on);
}

/** Play after a click (browsers' autoplay rules). */
export function resume() {
  audio?.play().catch(() => {});
}

/**
 * What this client is playing (for the phone, the GM and tests).
 * @returns {{via: string, stationId: string, name: string, src: string, motorUuid: string|null, volume: number,
 *   paused: boolean, error: string|null}|null}
 */
export function nowPlaying() {
  if (!playing) return null;
  return { ...playing, volume: audio?.volume ?? effectiveVolume(), paused: audio ? audio.paused : true, error: failed };
}

/**
 * @param {() => void} fn
 * @returns {() => void}
 */
export function onRadio(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Hooks (registered by the facade). */
export const hooks = {
  ready: () => {
    onTick(() => sync());
    sync();
  }
};
