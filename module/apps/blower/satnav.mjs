/**
 * Sat nav (rulebook: "Alt+N opens sat nav for other destinations; it follows your own token and route"): a small
 * window that reads, for this user only, where a destination lies from their own token — the direction and the squares
 * to it on the same scene; on another scene, the exit to take and the hops H, from the street map when it is present
 * (`api.streetMap.route`, apps/blower/sources.mjs). It re-reads as tokens move; it writes nothing.
 *
 * Destinations: the job's Directions (passed in from the phone), named tokens and regions on this scene, and other
 * scenes. The measure is rules/satnav.mjs (squares with EQUIDISTANT diagonals, the system's grid).
 * @module apps/blower/satnav
 */
import { gridRoute, satnavReading, wallCrossing } from "../../rules/satnav.mjs";
import { canvasSquares, movementWalls } from "../../documents/core/scene-area.mjs";
import { directionsOf, isMissing, onJobsChange, routeBetween } from "./sources.mjs";
import { liveHandlebarsBase, onHooks } from "../live-window.mjs";

const Base = liveHandlebarsBase();
/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 */
const L = (key, data) => (data ? game.i18n.format(key, /** @type {object} */ (data)) : game.i18n.localize(key));

/**
 * @typedef {object} Destination
 * @property {string} sceneId
 * @property {string|null} [tokenId]  A token on that scene.
 * @property {string|null} [regionUuid] A region on that scene.
 * @property {string} name
 * @property {boolean} [job]       Set from the job's Directions: it follows the job's stage (and ends with the job).
 */

/**
 * @typedef {object} Reading  What the window shows.
 * @property {string} reading  The line in words.
 * @property {{key: string, name: string, selected: boolean}[]} choices
 * @property {string} destination  Its name ("" for none).
 * @property {string} [note]  Why the street map cannot help.
 * @property {number|null} [squares]
 * @property {number|null} [arrow]  Degrees clockwise from north.
 * @property {string} [compass]
 * @property {boolean} [arrived]
 * @property {string|null} [blocked]
 */

/**
 * Whether this user may aim sat nav at a token: a GM at any; a player at their own, the crew's (an actor some player
 * owns, v13 `Actor#hasPlayerOwner`) and what the GM lets them see (`Actor#testUserPermission(user, "LIMITED")`), never a
 * hidden token nor one with no actor (a police unit, a passer-by). Police positions are not the players' to know.
 * @param {TokenDocument.Implementation|null|undefined} token
 * @returns {boolean}
 */
export function mayTrack(token) {
  if (game.user.isGM) return true;
  if (!token || token.hidden) return false;
  const actor = token.actor;
  if (!actor) return false;
  return !!actor.hasPlayerOwner || !!actor.testUserPermission?.(game.user, "LIMITED");
}

/** @returns {Destination|null} The job's Directions now, for the user's character. */
function jobDestination() {
  const character = game.user.character;
  const d = character ? directionsOf(character) : null;
  return d ? { sceneId: d.sceneId, regionUuid: d.regionUuid, name: d.name, job: true } : null;
}

/** @returns {TokenDocument.Implementation|null} The user's own token on the viewed scene (their character's; else the one they control). */
function ownToken() {
  const scene = game.scenes?.viewed;
  if (!scene) return null;
  const character = game.user.character;
  const mine = character ? scene.tokens.find(t => t.actorId === character.id) : null;
  return mine ?? canvas?.tokens?.controlled?.[0]?.document ?? null;
}

/**
 * @param {any} region
 * @returns {{x: number, y: number}|null} The centre of a region's first shape's bounds.
 */
function regionCentre(region) {
  const s = region?.shapes?.[0];
  if (!s) return null;
  if (s.type === "polygon" && Array.isArray(s.points) && s.points.length >= 2) {
    const xs = s.points.filter((/** @type {number} */ _v, /** @type {number} */ k) => k % 2 === 0);
    const ys = s.points.filter((/** @type {number} */ _v, /** @type {number} */ k) => k % 2 === 1);
    return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
  }
  if (s.type === "ellipse") return { x: s.x, y: s.y };
  return { x: (s.x ?? 0) + (s.width ?? 0) / 2, y: (s.y ?? 0) + (s.height ?? 0) / 2 };
}

/**
 * @param {Scene.Implementation} scene
 * @param {Destination} d
 * @returns {{x: number, y: number}|null}
 */
function pointOf(scene, d) {
  if (d.tokenId) {
    const t = scene.tokens.get(d.tokenId);
    return t && mayTrack(t) ? t.getCenterPoint() : null;
  }
  if (d.regionUuid) {
    const region = /** @type {RegionDocument.Implementation | null} */ (fromUuidSync(/** @type {SmokeUuid} */ (d.regionUuid)));
    return region?.parent?.id === scene.id ? regionCentre(region) : null;
  }
  return null;
}

/**
 * The route along passable squares when the scene has walls that stop movement (documents/core/scene-area.mjs
 * movementWalls); null when it has none (the straight count is the route).
 * @param {any} scene
 * @param {{i: number, j: number}} from
 * @param {{i: number, j: number}} to
 */
function wallRoute(scene, from, to) {
  const walls = movementWalls(scene);
  if (!walls.length) return null;
  // the canvas's squares, padding included: token and wall coordinates are canvas pixels (documents/core/scene-area.mjs)
  const { rows, cols, size } = canvasSquares(scene);
  return gridRoute({ rows, cols, crosses: wallCrossing(walls, size), from, to });
}

/** @extends {Base<Record<string, any>>} */
export class SatNav extends Base {
  static DEFAULT_OPTIONS = {
    id: "smoke-satnav", classes: ["the-smoke", "smoke-satnav"],
    window: { title: "SMOKE.Blower.SatNav.title", icon: "fa-solid fa-location-arrow" },
    position: { width: 260, height: /** @type {"auto"} */ ("auto") }
  };

  static PARTS = { nav: { template: "systems/the-smoke/templates/apps/blower/satnav.hbs" } };

  /** @type {SatNav|null} */
  static instance = null;

  /** Alt+N: open (with the job's Directions when there are some) or close. */
  static toggle() {
    if (this.instance?.rendered) {
      void this.instance.close();
      return null;
    }
    const destination = jobDestination();
    return this.open(destination ? { destination } : {});
  }

  /** @param {{destination?: Destination|null}} [options] */
  static open({ destination = null } = {}) {
    this.instance ??= new this();
    if (destination) this.instance.destination = destination;
    void this.instance.render({ force: true });
    return this.instance;
  }

  /** @type {Destination|null} */
  destination = null;
  /** Every place this user can aim for, from the viewed scene. */
  #choices() {
    const scene = game.scenes?.viewed;
    const own = ownToken();
    /** @type {{key: string, name: string, d: Destination}[]} */
    const out = [];
    if (this.destination) out.push({ key: "current", name: this.destination.name, d: this.destination });
    if (scene) {
      for (const t of scene.tokens) {
        if (t.id === own?.id || !t.name || !mayTrack(t)) continue;
        out.push({ key: `t:${t.id}`, name: t.name, d: { sceneId: scene.id, tokenId: t.id, name: t.name } });
      }
      for (const r of scene.regions ?? []) {
        if (r.name) out.push({ key: `r:${r.uuid}`, name: r.name, d: { sceneId: scene.id, regionUuid: r.uuid, name: r.name } });
      }
    }
    for (const s of game.scenes ?? []) {
      if (s.id !== scene?.id && s.visible) out.push({ key: `s:${s.id}`, name: s.name, d: { sceneId: s.id, name: s.name } });
    }
    return out;
  }

  /** @override */
  async _prepareContext() {
    const c = await this.#context();
    return { ...c, hasArrow: Number.isFinite(c.arrow), hasSquares: Number.isFinite(c.squares) };
  }

  /**
   * What the window reads now.
   * @returns {Promise<Reading>}
   */
  async #context() {
    const scene = game.scenes?.viewed;
    const own = ownToken();
    // Set from the job, it follows the job: the stage's destination now, none once the job is over.
    if (this.destination?.job) this.destination = jobDestination();
    const d = this.destination;
    const choices = this.#choices().map(c => ({ key: c.key, name: c.name, selected: c.key === "current" }));
    const base = { choices, destination: d?.name ?? "" };
    if (!d) return { ...base, reading: L("SMOKE.Blower.SatNav.pick") };
    if (!scene || !own) return { ...base, reading: L("SMOKE.Blower.SatNav.noToken") };
    if (d.sceneId !== scene.id) {
      const route = routeBetween(scene.id, d.sceneId);
      const there = game.scenes.get(d.sceneId)?.name ?? d.name;
      if (isMissing(route)) return { ...base, reading: L("SMOKE.Blower.SatNav.otherMap", { scene: there }), note: L(route.messageKey) };
      if (!route) return { ...base, reading: L("SMOKE.Blower.SatNav.noRoute", { scene: there }) };
      const exit = /** @type {RegionDocument.Implementation | null} */ (fromUuidSync(/** @type {SmokeUuid} */ (route.exitRegionUuid)));
      const at = exit ? pointOf(scene, { sceneId: scene.id, regionUuid: route.exitRegionUuid, name: exit.name }) : null;
      const r = at ? this.#read(scene, own, at) : null;
      return { ...base, reading: L(route.hops === 1 ? "SMOKE.Blower.SatNav.takeExitOne" : "SMOKE.Blower.SatNav.takeExit",
        { exit: exit?.name ?? "?", hops: route.hops, scene: there }),
      squares: r?.squares ?? null, arrow: r?.arrow ?? null, compass: r?.compass ?? "" };
    }
    // A map as the destination, and this is it: arrived.
    if (!d.tokenId && !d.regionUuid) return { ...base, reading: L("SMOKE.Blower.SatNav.arrived", { name: scene.name }) };
    const token = d.tokenId ? scene.tokens.get(d.tokenId) : null;
    if (token && !mayTrack(token)) return { ...base, reading: L("SMOKE.Blower.SatNav.unknown", { name: d.name }) };
    const point = pointOf(scene, d);
    if (!point) return { ...base, reading: L("SMOKE.Blower.SatNav.gone", { name: d.name }) };
    const r = this.#read(scene, own, point);
    if (r.blocked) return { ...base, reading: L("SMOKE.Blower.SatNav.noPath", { name: d.name, reason: r.blocked }) };
    return { ...base, ...r, reading: r.arrived ? L("SMOKE.Blower.SatNav.arrived", { name: d.name })
      : L("SMOKE.Blower.SatNav.squares", { squares: r.squares, compass: r.compass, name: d.name }) };
  }

  /**
   * @param {Scene.Implementation} scene
   * @param {TokenDocument.Implementation} own
   * @param {{x: number, y: number}} point
   */
  #read(scene, own, point) {
    const grid = scene.grid;
    const from = grid.getOffset(own.getCenterPoint());
    const to = grid.getOffset(point);
    const r = satnavReading(from, to);
    const route = r.arrived ? null : wallRoute(scene, from, to);
    const blocked = route && !route.ok ? L(`SMOKE.Blower.SatNav.blocked.${route.reason}`) : null;
    return { squares: route?.ok ? route.squares : r.squares, arrived: r.arrived, blocked,
      compass: r.bearing ? L(`SMOKE.Blower.SatNav.compass.${r.bearing}`) : "",
      arrow: r.bearing ? ["n", "ne", "e", "se", "s", "sw", "w", "nw"].indexOf(r.bearing) * 45 : null };
  }

  /**
   * The sat nav follows the tokens, the walls and the jobs (many changes arrive together: one re-render for them).
   * @param {() => void} refresh
   * @returns {(() => void)[]}
   */
  _subscribe(refresh) {
    const rerender = foundry.utils.debounce(refresh, 50);
    return [...onHooks(["updateToken", "moveToken", "createToken", "deleteToken", "canvasReady", "createWall", "updateWall",
      "deleteWall"], rerender), onJobsChange(rerender)];
  }

  /** @override */
  async _onRender(context, options) {
    await super._onRender?.(context, options);
    this.element.querySelector("[name=destination]")?.addEventListener("change", event => {
      const key = /** @type {HTMLSelectElement} */ (event.target).value;
      const found = this.#choices().find(c => c.key === key);
      if (found) this.destination = found.d;
      void this.render();
    });
  }

  /** @override */
  _onClose(options) {
    super._onClose?.(options);
    if (SatNav.instance === this) SatNav.instance = null;
  }
}
