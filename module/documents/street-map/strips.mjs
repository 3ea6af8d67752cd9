/**
 * Reading the street map off the scenes: every EXIT strip (a Region with an enabled `the-smoke.exit` behaviour), its
 * bounds, where it leads, and the strips as the pure rules read them (rules/street-map.mjs Strip).
 *
 * Rulebook: Vehicles and movement › Crossing London.
 * @module documents/street-map/strips
 */
import { EXIT_TYPE } from "../../data/exit-behavior.mjs";
import { docAt } from "../core/lookup.mjs";

/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 * @returns {string}
 */
export const L = (key, data) => (data ? game.i18n.format(key, /** @type {Record<string, string>} */ (data)) : game.i18n.localize(key));

/**
 * The enabled EXIT behaviours of a region.
 * @param {any} region  A RegionDocument.
 * @returns {any[]}
 */
export function exitBehaviors(region) {
  return Array.from(region?.behaviors ?? []).filter(b => b.type === EXIT_TYPE && !b.disabled);
}

/**
 * A strip's name on the street map: its behaviour's label, else the region's name.
 * @param {any} region
 * @param {any} [behavior]
 * @returns {string}
 */
export function stripName(region, behavior = exitBehaviors(region)[0]) {
  return behavior?.system?.label || region?.name || "";
}

/**
 * The bounds of a region's shapes (holes left out), in pixels.
 * @param {any} region
 * @returns {{x: number, y: number, w: number, h: number}|null}  null with no shape.
 */
export function rectOf(region) {
  let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
  for (const s of region?.shapes ?? []) {
    if (s.hole) continue;
    /** @type {number[]} */
    let xs = []; let ys = [];
    if (s.type === "rectangle") { xs = [s.x, s.x + s.width]; ys = [s.y, s.y + s.height]; }
    else if (s.type === "circle") { xs = [s.x - s.radius, s.x + s.radius]; ys = [s.y - s.radius, s.y + s.radius]; }
    else if (s.type === "ellipse") { xs = [s.x - s.radiusX, s.x + s.radiusX]; ys = [s.y - s.radiusY, s.y + s.radiusY]; }
    else if (s.type === "polygon") {
      xs = s.points.filter((_, i) => i % 2 === 0);
      ys = s.points.filter((_, i) => i % 2 === 1);
    }
    x0 = Math.min(x0, ...xs); x1 = Math.max(x1, ...xs); y0 = Math.min(y0, ...ys); y1 = Math.max(y1, ...ys);
  }
  return Number.isFinite(x0) ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
}

/**
 * The Region a link names: a Region UUID, or a behaviour's (its Region).
 * @param {string|null|undefined} uuid
 * @returns {RegionDocument.Implementation|null}
 */
export function regionAt(uuid) {
  if (typeof uuid !== "string" || !uuid) return null;
  let doc = docAt(uuid);
  if (doc?.documentName === "RegionBehavior") doc = doc.parent;
  return doc?.documentName === "Region" ? /** @type {RegionDocument.Implementation} */ (doc) : null;
}

/**
 * Where a strip's behaviour leads, as written: the scene id (the linked strip's when no scene is set) and the linked
 * Region's UUID (a behaviour's UUID read as its Region's; the UUID itself when nothing is there).
 * @param {any} behavior
 * @returns {{toScene: string, toStrip: string}}
 */
export function linkOf(behavior) {
  const sys = behavior?.system ?? {};
  const raw = typeof sys.toStrip === "string" ? sys.toStrip : "";
  const region = regionAt(raw);
  // "Scene.<id>.Region.<id>[.RegionBehavior.<id>]": the region part when the documents are gone.
  const parts = raw.split(".");
  const stripUuid = region?.uuid ?? (parts[0] === "Scene" && parts[2] === "Region" ? parts.slice(0, 4).join(".") : raw);
  const toScene = sys.toScene || region?.parent?.id || (parts[0] === "Scene" ? parts[1] ?? "" : "");
  return { toScene, toStrip: stripUuid };
}

/**
 * Every EXIT strip on every scene, as the pure rules read them.
 * @returns {import("../../rules/street-map.mjs").Strip[]}
 */
export function allStrips() {
  const out = [];
  for (const scene of game.scenes ?? []) {
    for (const region of scene.regions ?? []) {
      const behavior = exitBehaviors(region)[0];
      if (!behavior) continue;
      out.push({ uuid: region.uuid, sceneId: scene.id, name: stripName(region, behavior), ...linkOf(behavior) });
    }
  }
  return out;
}
