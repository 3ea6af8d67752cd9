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
 * destination first instead of every square of the scene). Each square is asked `blocked` at most once, and the search
 * allocates nothing per step (typed arrays indexed by square), so its cost grows with the squares it visits.
 * @param {object} args
 * @param {number} args.rows   Grid rows (i from 0 to rows − 1).
 * @param {number} args.cols   Grid columns.
 * @param {(sq: Square) => boolean} args.blocked  Whether a square cannot be entered (a blocked area).
 * @param {StepCrossing} [args.crosses]  Whether the step from square (ai, aj) to its neighbour (bi, bj) crosses a wall
 *   (walls lie between squares); none by default (see {@link wallCrossing}).
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
  const previous = new Int32Array(n);
  const cost = new Int32Array(n).fill(-1);
  // per square: 1 passable, 2 blocked (0 not yet asked); 4 done
  const state = new Uint8Array(n);
  const passable = (/** @type {number} */ k) => {
    if (!(state[k] & 3)) state[k] |= blocked({ i: Math.floor(k / cols), j: k % cols }) ? 2 : 1;
    return (state[k] & 3) === 1;
  };
  const start = from.i * cols + from.j;
  const goal = to.i * cols + to.j;
  // a bucket per estimated length (whole squares); within a bucket the last added is taken first
  /** @type {number[][]} */
  const buckets = [];
  previous[start] = start;
  cost[start] = 0;
  buckets[Math.max(Math.abs(from.i - to.i), Math.abs(from.j - to.j))] = [start];
  for (let f = 0; f < buckets.length; f++) {
    const bucket = buckets[f];
    while (bucket?.length) {
      const at = /** @type {number} */ (bucket.pop());
      if (state[at] & 4) continue;
      state[at] |= 4;
      if (at === goal) return route(previous, start, goal, cols);
      const i = Math.floor(at / cols);
      const j = at - i * cols;
      const next = cost[at] + 1;
      for (let di = -1; di <= 1; di++) {
        const ni = i + di;
        if (ni < 0 || ni >= rows) continue;
        for (let dj = -1; dj <= 1; dj++) {
          const nj = j + dj;
          if ((!di && !dj) || nj < 0 || nj >= cols) continue;
          const k = at + di * cols + dj;
          if (state[k] & 4 || (cost[k] !== -1 && cost[k] <= next)) continue;
          if (!passable(k)) continue;
          if (di && dj && !passable(at + di * cols) && !passable(at + dj)) continue;
          if (crosses(i, j, ni, nj)) continue;
          cost[k] = next;
          previous[k] = at;
          const f2 = next + Math.max(Math.abs(ni - to.i), Math.abs(nj - to.j));
          (buckets[f2] ??= []).push(k);
        }
      }
    }
  }
  return { ok: false, reason: "unreachable" };
}

/**
 * @callback StepCrossing  Whether the step between the centres of square (ai, aj) and its neighbour (bi, bj) crosses
 *   a wall; plain numbers, so a route's search allocates nothing per step.
 * @param {number} ai  The first square's row.
 * @param {number} aj  The first square's column.
 * @param {number} bi  The neighbour's row.
 * @param {number} bj  The neighbour's column.
 * @returns {boolean}
 */

/**
 * The path found, from its start to `goal`.
 * @param {Int32Array} previous
 * @param {number} start
 * @param {number} goal
 * @param {number} cols
 */
function route(previous, start, goal, cols) {
  const path = [];
  for (let at = goal; ; at = previous[at]) {
    path.push({ i: Math.floor(at / cols), j: at % cols });
    if (at === start) break;
  }
  path.reverse();
  return { ok: /** @type {const} */ (true), squares: path.length - 1, path };
}

/**
 * The turn from p to q to r: 1 one way, −1 the other, 0 in a line.
 * @param {number} px
 * @param {number} py
 * @param {number} qx
 * @param {number} qy
 * @param {number} rx
 * @param {number} ry
 */
function orient(px, py, qx, qy, rx, ry) {
  return Math.sign((qx - px) * (ry - py) - (qy - py) * (rx - px));
}

/**
 * Whether r, in line with p and q, lies within their box.
 * @param {number} px
 * @param {number} py
 * @param {number} qx
 * @param {number} qy
 * @param {number} rx
 * @param {number} ry
 */
function within(px, py, qx, qy, rx, ry) {
  return Math.min(px, qx) <= rx && rx <= Math.max(px, qx) && Math.min(py, qy) <= ry && ry <= Math.max(py, qy);
}

/**
 * Whether two segments cross or touch (for walls: does a step between two square centres pass through a wall).
 * Its helpers are module functions, not closures made per call: the route asks it for every step beside a wall, and
 * the system's bundle wraps each closure it makes in a naming call (tools/bundle.mjs keepNames), which made the
 * 200 × 200 sat nav four times slower.
 * @param {number[]} p  [x0, y0, x1, y1], pixels.
 * @param {number[]} q  [x0, y0, x1, y1], pixels.
 * @returns {boolean}
 */
export function segmentsCross(p, q) {
  const [ax, ay, bx, by] = p;
  const [cx, cy, dx, dy] = q;
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && within(ax, ay, bx, by, cx, cy)) || (o2 === 0 && within(ax, ay, bx, by, dx, dy))
    || (o3 === 0 && within(cx, cy, dx, dy, ax, ay)) || (o4 === 0 && within(cx, cy, dx, dy, bx, by));
}

const EPS = 1e-6;

/**
 * A wall index for the sat nav's route (Foundry table guide › Sat nav): each wall is listed under every grid square
 * it touches (its exact supercover, edges and corners included), so a step between two squares is tested against the
 * walls of the squares it passes through, not every wall of the scene. The answer is the same as testing every wall
 * with {@link segmentsCross}; the cost of a route no longer grows with walls × squares. The squares are held in a
 * dense table over the walls' bounds, so a step far from any wall is answered by two array reads.
 * @param {number[][]} walls  Wall segments [x0, y0, x1, y1], pixels (v13 WallDocument `c`).
 * @param {number} size  Grid square size, pixels.
 * @returns {StepCrossing}  Whether the step between the centres of two squares (a neighbour, or the same square)
 *   crosses or touches a wall.
 */
export function wallCrossing(walls, size) {
  /** @type {[number, number, number[]][]} */
  const touched = [];
  let r0 = Infinity;
  let r1 = -Infinity;
  let c0 = Infinity;
  let c1 = -Infinity;
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
      for (let r = Math.floor((lo - EPS) / size); r <= Math.floor((hi + EPS) / size); r++) {
        touched.push([r, c, w]);
        r0 = Math.min(r0, r);
        r1 = Math.max(r1, r);
        c0 = Math.min(c0, c);
        c1 = Math.max(c1, c);
      }
    }
  }
  if (!touched.length) return () => false;
  const width = c1 - c0 + 1;
  /** @type {(number[][]|undefined)[]} */
  const cells = new Array((r1 - r0 + 1) * width);
  for (const [r, c, w] of touched) (cells[(r - r0) * width + (c - c0)] ??= []).push(w);
  const at = (/** @type {number} */ i, /** @type {number} */ j) =>
    (i < r0 || i > r1 || j < c0 || j > c1 ? undefined : cells[(i - r0) * width + (j - c0)]);
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
  return (ai, aj, bi, bj) => {
    const la = at(ai, aj);
    const lb = at(bi, bj);
    const diagonal = ai !== bi && aj !== bj;
    const lc = diagonal ? at(ai, bj) : undefined;
    const ld = diagonal ? at(bi, aj) : undefined;
    if (!la && !lb && !lc && !ld) return false;
    const step = [aj * size + half, ai * size + half, bj * size + half, bi * size + half];
    return hits(step, la) || hits(step, lb) || hits(step, lc) || hits(step, ld);
  };
}
