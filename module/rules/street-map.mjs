/**
 * Crossing London (rulebook: Vehicles and movement › Crossing London, "Use connected street exits"; Playing through
 * Foundry › Getting in, "Step into an EXIT strip to follow a linked map edge"; Jobs and service shifts › Published
 * clock windows, "H … is the number of connected street-map hops to the destination"): the street map as a graph of
 * linked scenes, H along it, the arrival point on a linked strip, the facing and the free square a token lands on, and
 * the check of the links a GM drew.
 *
 * Pure: no Foundry globals; ids in, ids and numbers out. Geometry is in scene pixels (top-left origin, y down);
 * squares are grid offsets `{i: row, j: column}` as Foundry's square grid numbers them.
 * @module rules/street-map
 */

/**
 * @typedef {Record<string, string[]>} StreetGraph  Each scene id → the ids of the scenes its EXIT strips link to.
 * @typedef {{x: number, y: number, w: number, h: number}} Rect  A strip's bounds in pixels.
 * @typedef {{x: number, y: number}} Point  Pixels.
 * @typedef {object} Strip  An EXIT strip as the check and the graph read it.
 * @property {string} uuid      The strip's Region UUID.
 * @property {string} sceneId   The scene it is drawn on.
 * @property {string} name      Its name (for the GM's report).
 * @property {string} toScene   The linked scene's id ("" when unset).
 * @property {string} toStrip   The linked strip's Region UUID ("" when unset).
 */

/**
 * The street map's graph from its strips: every scene that has a strip is a key; a link to a scene is counted once.
 * Links with no scene are left out (checkGraph reports them).
 * @param {Strip[]} strips
 * @returns {StreetGraph}
 */
export function graphOf(strips) {
  /** @type {StreetGraph} */
  const graph = {};
  for (const s of strips) {
    const out = (graph[s.sceneId] ??= []);
    if (s.toScene && s.toScene !== s.sceneId && !out.includes(s.toScene)) out.push(s.toScene);
  }
  return graph;
}

/**
 * H: the number of connected street-map hops from one scene to another (breadth first along the graph's links).
 * @param {StreetGraph} graph
 * @param {string} from  A scene id.
 * @param {string} to    A scene id.
 * @returns {number|null}  0 for the same scene; null when `to` cannot be reached (or either id is missing).
 */
export function hops(graph, from, to) {
  if (typeof from !== "string" || typeof to !== "string" || !from || !to) return null;
  if (from === to) return 0;
  const seen = new Set([from]);
  let frontier = [from];
  for (let h = 1; frontier.length; h++) {
    const next = [];
    for (const id of frontier) {
      for (const n of graph?.[id] ?? []) {
        if (n === to) return h;
        if (!seen.has(n)) {
          seen.add(n);
          next.push(n);
        }
      }
    }
    frontier = next;
  }
  return null;
}

/**
 * The first strip to take towards a destination: the strip on `from` whose linked scene is fewest hops from `to`.
 * @param {Strip[]} strips
 * @param {string} from
 * @param {string} to  Scene ids.
 * @returns {{hops: number, exitRegionUuid: string|null}|null}  hops 0 and no strip for the same scene; null when `to`
 *   cannot be reached.
 */
export function route(strips, from, to) {
  if (from && from === to) return { hops: 0, exitRegionUuid: null };
  const graph = graphOf(strips);
  /** @type {{hops: number, exitRegionUuid: string|null}|null} */
  let best = null;
  for (const s of strips) {
    if (s.sceneId !== from || !s.toScene || s.toScene === from) continue;
    const rest = hops(graph, s.toScene, to);
    if (rest !== null && (!best || rest + 1 < best.hops)) best = { hops: rest + 1, exitRegionUuid: s.uuid };
  }
  return best;
}

/**
 * @param {number} v
 * @param {number} lo
 * @param {number} hi
 */
const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

/**
 * The arrival point on the linked strip: at the same proportion along it as the crossing point along the strip
 * crossed — along x for a strip wider than tall, along y otherwise — and in the middle of its depth.
 * @param {{from: Rect, to: Rect, point: Point}} args  The strip crossed, the linked strip, where the token crossed.
 * @returns {Point}  Pixels on the linked scene.
 * @throws {RangeError} for a strip with no length.
 */
export function exitPoint({ from, to, point }) {
  for (const [name, r] of [["from", from], ["to", to]]) {
    const rect = /** @type {Rect} */ (r);
    if (!rect || !(rect.w > 0) || !(rect.h > 0)) throw new RangeError(`${name} must be a strip with a width and height, got ${JSON.stringify(r)}`);
  }
  const t = from.w > from.h ? clamp((point.x - from.x) / from.w, 0, 1) : clamp((point.y - from.y) / from.h, 0, 1);
  if (to.w > to.h) return { x: to.x + t * to.w, y: to.y + to.h / 2 };
  return { x: to.x + to.w / 2, y: to.y + t * to.h };
}

/**
 * Facing on: the rotation of a token arriving on a strip, towards the map's interior — away from the nearer of the two
 * scene edges the strip runs along (west/east for a tall strip, north/south for a wide one). Foundry's convention: degrees clockwise, 0 facing down (south), 90 west, 180 north, 270 east.
 * @param {{strip: Rect, width: number, height: number}} args  The arrival strip and the scene's size in pixels.
 * @returns {0|90|180|270}
 */
export function facingInto({ strip, width, height }) {
  // A strip runs along its edge: a tall strip is on the west or east edge, a wide one on the north or south.
  if (strip.w > strip.h) return strip.y <= height - (strip.y + strip.h) ? 0 : 180; // north edge: face south
  return strip.x <= width - (strip.x + strip.w) ? 270 : 90; // west edge: face east
}

/**
 * The nearest free square for a token of `w`×`h` squares whose top-left square is wanted at `at`: the closest square
 * (by the distance between square centres, then row, then column) whose footprint overlaps no taken square and lies
 * within the scene.
 * @param {{at: {i: number, j: number}, w?: number, h?: number, taken: {i: number, j: number}[], rows: number,
 *   cols: number}} args  Squares: `taken` are the squares other tokens cover; rows/cols the scene's size.
 * @returns {{i: number, j: number}|null}  null when the scene has no room.
 */
export function freeSquare({ at, w = 1, h = 1, taken, rows, cols }) {
  const busy = new Set(taken.map(s => `${s.i},${s.j}`));
  const fits = (i, j) => {
    if (i < 0 || j < 0 || i + h > rows || j + w > cols) return false;
    for (let di = 0; di < h; di++) for (let dj = 0; dj < w; dj++) if (busy.has(`${i + di},${j + dj}`)) return false;
    return true;
  };
  const i0 = clamp(at.i, 0, Math.max(0, rows - h));
  const j0 = clamp(at.j, 0, Math.max(0, cols - w));
  /** @type {{i: number, j: number, d: number}|null} */
  let best = null;
  for (let i = 0; i + h <= rows; i++) {
    for (let j = 0; j + w <= cols; j++) {
      const d = (i - i0) ** 2 + (j - j0) ** 2;
      if (best && d >= best.d) continue; // rows then columns ascending: a tie keeps the earlier square
      if (fits(i, j)) best = { i, j, d };
    }
  }
  if (best) return { i: best.i, j: best.j };
  return null;
}

/**
 * @typedef {object} GraphProblem  One thing wrong with the street map, for the GM's report.
 * @property {"unlinked"|"missingScene"|"missingStrip"|"wrongScene"|"oneWay"} kind  No link set; the linked scene is
 *   gone; the linked strip is gone; the linked strip is not on the linked scene; the linked strip does not lead back
 *   to this strip's scene.
 * @property {string} strip    The strip's UUID.
 * @property {string} sceneId  Its scene.
 * @property {string} name     The strip's name.
 * @property {string} toScene
 * @property {string} toStrip  What it links to.
 */

/**
 * Check the links a GM drew: every strip links to a scene that exists and to a strip there that exists and leads back
 * to this strip's scene.
 * A link to a plain region (one with no EXIT strip of its own) is a one-way link: tokens arrive there, none come back.
 * @param {{scenes: string[], strips: Strip[], regions?: {uuid: string, sceneId: string}[]}} args  The ids of every
 *   scene, every strip, and every other region a strip may land on.
 * @returns {GraphProblem[]}  Empty when the street map is sound; in the strips' order.
 */
export function checkGraph({ scenes, strips, regions = [] }) {
  const sceneIds = new Set(scenes);
  /** @type {Map<string, {sceneId: string, toScene: string}>} */
  const byUuid = new Map();
  for (const r of regions) byUuid.set(r.uuid, { sceneId: r.sceneId, toScene: "" });
  for (const s of strips) byUuid.set(s.uuid, s);
  /** @type {GraphProblem[]} */
  const problems = [];
  for (const s of strips) {
    const base = { strip: s.uuid, sceneId: s.sceneId, name: s.name, toScene: s.toScene, toStrip: s.toStrip };
    if (!s.toScene && !s.toStrip) problems.push({ kind: "unlinked", ...base });
    else if (!s.toScene || !sceneIds.has(s.toScene)) problems.push({ kind: "missingScene", ...base });
    else {
      const other = s.toStrip ? byUuid.get(s.toStrip) : undefined;
      if (!other) problems.push({ kind: "missingStrip", ...base });
      else if (other.sceneId !== s.toScene) problems.push({ kind: "wrongScene", ...base });
      else if (other.toScene !== s.sceneId) problems.push({ kind: "oneWay", ...base });
    }
  }
  return problems;
}
