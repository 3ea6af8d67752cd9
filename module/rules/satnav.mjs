/**
 * Sat nav on the Blower (rulebook, Foundry table guide: "Alt+N opens sat nav for other destinations; it follows your
 * own token and route"): where a destination lies from the player's own token, in grid squares, and a route along
 * passable squares. Pure: grid offsets in, data out; no Foundry globals.
 *
 * Squares are counted as the system's grid measures them (system.json `grid.diagonals: 0`, v13
 * GRID_DIAGONALS.EQUIDISTANT: a diagonal step is one square), so the distance is the larger of the row and column
 * differences.
 * @module rules/satnav
 */

/** The eight compass points, clockwise from north (screen up), as lang keys' ids. */
export const COMPASS = Object.freeze(["n", "ne", "e", "se", "s", "sw", "w", "nw"]);

/**
 * @typedef {object} Square  A grid offset.
 * @property {number} i  Row (down is +).
 * @property {number} j  Column (right is +).
 */

/**
 * Squares between two grid squares, one square per step in any of the eight directions (EQUIDISTANT diagonals).
 * @param {Square} from
 * @param {Square} to
 * @returns {number} Whole squares ≥ 0.
 */
export function squaresBetween(from, to) {
  return Math.max(Math.abs(to.i - from.i), Math.abs(to.j - from.j));
}

/**
 * The compass point of `to` seen from `from` (north is up the map).
 * @param {Square} from
 * @param {Square} to
 * @returns {string|null} One of {@link COMPASS}; null when they are the same square.
 */
export function bearing(from, to) {
  const di = to.i - from.i;
  const dj = to.j - from.j;
  if (!di && !dj) return null;
  const degrees = (Math.atan2(dj, -di) * 180 / Math.PI + 360) % 360; // 0 = north, 90 = east
  return COMPASS[Math.round(degrees / 45) % 8];
}

/**
 * A sat nav reading: how far and which way, and whether the token has arrived (on or next to the destination).
 * @param {Square} from  The player's token.
 * @param {Square} to    The destination's square (a token's, or a region's centre).
 * @returns {{squares: number, bearing: string|null, arrived: boolean}}
 */
export function satnavReading(from, to) {
  const squares = squaresBetween(from, to);
  return { squares, bearing: bearing(from, to), arrived: squares <= 1 };
}

/**
 * The shortest route along passable squares (8-way steps, a diagonal costs one square like a straight step, and
 * never cuts between two blocked squares), by an A* search over the grid with the Chebyshev distance as its estimate
 * (exact for this step cost, so the route is as short as a breadth-first search's; it looks at the squares towards the
 * destination first instead of every square of the scene).
 * @param {object} args
 * @param {number} args.rows   Grid rows (i from 0 to rows − 1).
 * @param {number} args.cols   Grid columns.
 * @param {(sq: Square) => boolean} args.blocked  Whether a square cannot be entered (a blocked area).
 * @param {(a: Square, b: Square) => boolean} [args.crosses]  Whether the step from square a to its neighbour b
 *   crosses a wall (walls lie between squares); none by default (see {@link wallCrossing}).
 * @param {Square} args.from
 * @param {Square} args.to
 * @returns {{ok: true, squares: number, path: Square[]}|{ok: false, reason: "outside"|"blocked"|"unreachable"}}
 *   `path` runs from `from` to `to`, both included; `squares` = path length − 1.
 */
export function gridRoute({ rows, cols, blocked, crosses = () => false, from, to }) {
  const inside = (/** @type {number} */ i, /** @type {number} */ j) => i >= 0 && j >= 0 && i < rows && j < cols;
  if (!inside(from.i, from.j) || !inside(to.i, to.j)) return { ok: false, reason: "outside" };
  if (blocked(to)) return { ok: false, reason: "blocked" };
  const n = rows * cols;
  const previous = new Int32Array(n).fill(-1);
  const cost = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const start = from.i * cols + from.j;
  const goal = to.i * cols + to.j;
  const estimate = (/** @type {number} */ i, /** @type {number} */ j) => Math.max(Math.abs(i - to.i), Math.abs(j - to.j));
  // a bucket per estimated length (whole squares); within a bucket the last added is taken first
  /** @type {number[][]} */
  const buckets = [];
  const push = (/** @type {number} */ k, /** @type {number} */ f) => (buckets[f] ??= []).push(k);
  previous[start] = start;
  cost[start] = 0;
  push(start, estimate(from.i, from.j));
  for (let f = 0; f < buckets.length; f++) {
    const bucket = buckets[f];
    while (bucket?.length) {
      const at = /** @type {number} */ (bucket.pop());
      if (done[at]) continue;
      done[at] = 1;
      if (at === goal) return route(previous, start, goal, cols);
      const i = Math.floor(at / cols);
      const j = at % cols;
      const here = { i, j };
      for (let di = -1; di <= 1; di++) {
        for (let dj = -1; dj <= 1; dj++) {
          if ((!di && !dj) || !inside(i + di, j + dj)) continue;
          const k = at + di * cols + dj;
          if (done[k] || (cost[k] !== -1 && cost[k] <= cost[at] + 1)) continue;
          const next = { i: i + di, j: j + dj };
          if (blocked(next)) continue;
          if (di && dj && blocked({ i: i + di, j }) && blocked({ i, j: j + dj })) continue;
          if (crosses(here, next)) continue;
          cost[k] = cost[at] + 1;
          previous[k] = at;
          push(k, cost[k] + estimate(next.i, next.j));
        }
      }
    }
  }
  return { ok: false, reason: "unreachable" };
}

/** The path found, from its start to `goal`. */
function route(/** @type {Int32Array} */ previous, /** @type {number} */ start, /** @type {number} */ goal,
  /** @type {number} */ cols) {
  const path = [];
  for (let at = goal; ; at = previous[at]) {
    path.push({ i: Math.floor(at / cols), j: at % cols });
    if (at === start) break;
  }
  path.reverse();
  return { ok: /** @type {const} */ (true), squares: path.length - 1, path };
}

/**
 * Whether two segments cross or touch (for walls: does a step between two square centres pass through a wall).
 * @param {number[]} p  [x0, y0, x1, y1], pixels.
 * @param {number[]} q  [x0, y0, x1, y1], pixels.
 * @returns {boolean}
 */
export function segmentsCross(p, q) {
  const [ax, ay, bx, by] = p;
  const [cx, cy, dx, dy] = q;
  const orient = (/** @type {number} */ px, /** @type {number} */ py, /** @type {number} */ qx, /** @type {number} */ qy,
    /** @type {number} */ rx, /** @type {number} */ ry) => Math.sign((qx - px) * (ry - py) - (qy - py) * (rx - px));
  const on = (/** @type {number} */ px, /** @type {number} */ py, /** @type {number} */ qx, /** @type {number} */ qy,
    /** @type {number} */ rx, /** @type {number} */ ry) =>
    Math.min(px, qx) <= rx && rx <= Math.max(px, qx) && Math.min(py, qy) <= ry && ry <= Math.max(py, qy);
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && on(ax, ay, bx, by, cx, cy)) || (o2 === 0 && on(ax, ay, bx, by, dx, dy))
    || (o3 === 0 && on(cx, cy, dx, dy, ax, ay)) || (o4 === 0 && on(cx, cy, dx, dy, bx, by));
}

/** Cells are keyed i × WALL_KEY + j (a scene is far fewer than 65,536 squares across). */
const WALL_KEY = 65536;
const EPS = 1e-6;

/**
 * A wall index for the sat nav's route (Foundry table guide › Sat nav): each wall is listed under every grid square
 * it touches (its exact supercover, edges and corners included), so a step between two squares is tested against the
 * walls of the squares it passes through, not every wall of the scene. The answer is the same as testing every wall
 * with {@link segmentsCross}; the cost of a route no longer grows with walls × squares.
 * @param {number[][]} walls  Wall segments [x0, y0, x1, y1], pixels (v13 WallDocument `c`).
 * @param {number} size  Grid square size, pixels.
 * @returns {(a: Square, b: Square) => boolean}  Whether the step between the centres of two squares (a neighbour, or
 *   the same square) crosses or touches a wall.
 */
export function wallCrossing(walls, size) {
  /** @type {Map<number, number[][]>} */
  const cells = new Map();
  const add = (/** @type {number} */ i, /** @type {number} */ j, /** @type {number[]} */ w) => {
    const k = i * WALL_KEY + j;
    const list = cells.get(k);
    if (list) list.push(w);
    else cells.set(k, [w]);
  };
  for (const w of walls) {
    // left to right (a vertical wall as it is)
    const [x0, y0, x1, y1] = w[0] <= w[2] ? w : [w[2], w[3], w[0], w[1]];
    const yAt = (/** @type {number} */ x) => (x1 === x0 ? y0 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0));
    for (let c = Math.floor((x0 - EPS) / size); c <= Math.floor((x1 + EPS) / size); c++) {
      const xa = Math.max(x0, c * size);
      const xb = Math.min(x1, (c + 1) * size);
      const ys = x1 === x0 ? [y0, y1] : [yAt(Math.min(xa, xb)), yAt(Math.max(xa, xb))];
      const lo = Math.min(...ys);
      const hi = Math.max(...ys);
      for (let r = Math.floor((lo - EPS) / size); r <= Math.floor((hi + EPS) / size); r++) add(r, c, w);
    }
  }
  const half = size / 2;
  /**
   * @param {number[]} step
   * @param {number[][]|undefined} list
   */
  const hits = (step, list) => {
    if (list) for (const w of list) if (segmentsCross(step, w)) return true;
    return false;
  };
  // Called for every step the route tries: most squares hold no wall, so nothing is allocated until one does (a wall
  // listed under two of the squares is tested twice, with the same answer).
  return (a, b) => {
    const la = cells.get(a.i * WALL_KEY + a.j);
    const lb = cells.get(b.i * WALL_KEY + b.j);
    const diagonal = a.i !== b.i && a.j !== b.j;
    const lc = diagonal ? cells.get(a.i * WALL_KEY + b.j) : undefined;
    const ld = diagonal ? cells.get(b.i * WALL_KEY + a.j) : undefined;
    if (!la && !lb && !lc && !ld) return false;
    const step = [a.j * size + half, a.i * size + half, b.j * size + half, b.i * size + half];
    return hits(step, la) || hits(step, lb) || hits(step, lc) || hits(step, ld);
  };
}
