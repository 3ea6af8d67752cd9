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
 * @param {(sq: Square) => boolean} [args.blocked]  Whether a square cannot be entered (a blocked area); none by
 *   default.
 * @param {StepCrossing} [args.crosses]  Whether the step from square (ai, aj) to its neighbour (bi, bj) crosses a wall
 *   (walls lie between squares); none by default (see {@link wallCrossing}).
 * @param {Square} args.from
 * @param {Square} args.to
 * @returns {{ok: true, squares: number, path: Square[]}|{ok: false, reason: "outside"|"blocked"|"unreachable"}}
 *   `path` runs from `from` to `to`, both included; `squares` = path length − 1.
 */
export function gridRoute({ rows, cols, blocked, crosses, from, to }) {
  const inside = (/** @type {number} */ i, /** @type {number} */ j) => i >= 0 && j >= 0 && i < rows && j < cols;
  if (!inside(from.i, from.j) || !inside(to.i, to.j)) return { ok: false, reason: "outside" };
  if (blocked?.(to)) return { ok: false, reason: "blocked" };
  const n = rows * cols;
  const previous = new Int32Array(n);
  const cost = new Int32Array(n).fill(-1);
  // per square: 1 passable, 2 blocked (0 not yet asked); 4 done
  const state = new Uint8Array(n);
  // asked only when `blocked` is given
  const passable = (/** @type {number} */ k) => {
    if (!(state[k] & 3)) state[k] |= /** @type {(sq: Square) => boolean} */ (blocked)({ i: Math.floor(k / cols), j: k % cols }) ? 2 : 1;
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
      // the neighbours inside the grid (the square itself is done, so it is passed over)
      for (let ni = Math.max(0, i - 1); ni <= Math.min(rows - 1, i + 1); ni++) {
        const di = ni - i;
        for (let nj = Math.max(0, j - 1); nj <= Math.min(cols - 1, j + 1); nj++) {
          const dj = nj - j;
          const k = at + di * cols + dj;
          if (state[k] & 4 || (cost[k] !== -1 && cost[k] <= next)) continue;
          if (blocked && (!passable(k) || (di && dj && !passable(at + di * cols) && !passable(at + dj)))) continue;
          if (crosses?.(i, j, ni, nj)) continue;
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
 * Whether two segments cross or touch, as plain numbers (the wall index's test, run for every step beside a wall:
 * nothing is allocated, and its helpers are module functions, not closures made per call, since the system's bundle
 * wraps each closure it makes in a naming call, tools/bundle.mjs keepNames).
 * @param {number} ax  First segment, pixels: (ax, ay) to (bx, by).
 * @param {number} ay
 * @param {number} bx
 * @param {number} by
 * @param {number} cx  Second segment: (cx, cy) to (dx, dy).
 * @param {number} cy
 * @param {number} dx
 * @param {number} dy
 * @returns {boolean}
 */
function segmentsMeet(ax, ay, bx, by, cx, cy, dx, dy) {
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && within(ax, ay, bx, by, cx, cy)) || (o2 === 0 && within(ax, ay, bx, by, dx, dy))
    || (o3 === 0 && within(cx, cy, dx, dy, ax, ay)) || (o4 === 0 && within(cx, cy, dx, dy, bx, by));
}

/**
 * Whether two segments cross or touch (for walls: does a step between two square centres pass through a wall).
 * @param {number[]} p  [x0, y0, x1, y1], pixels.
 * @param {number[]} q  [x0, y0, x1, y1], pixels.
 * @returns {boolean}
 */
export function segmentsCross(p, q) {
  return segmentsMeet(p[0], p[1], p[2], p[3], q[0], q[1], q[2], q[3]);
}

const EPS = 1e-6;

/**
 * A wall index for the sat nav's route (Foundry table guide › Sat nav): each wall is listed under every grid square
 * it touches (its exact supercover, edges and corners included), so a step between two squares is tested against the
 * walls of the squares it passes through, not every wall of the scene. The answer is the same as testing every wall
 * with {@link segmentsCross}; the cost of a route no longer grows with walls × squares. The squares are a dense table
 * over the walls' bounds, held in typed arrays (each square's walls a run of one list, as a compressed sparse row), so
 * a step far from any wall is answered by two array reads and building the index makes no object per square.
 * @param {number[][]} walls  Wall segments [x0, y0, x1, y1], pixels (v13 WallDocument `c`).
 * @param {number} size  Grid square size, pixels.
 * @returns {StepCrossing}  Whether the step between the centres of two squares (a neighbour, or the same square)
 *   crosses or touches a wall.
 */
export function wallCrossing(walls, size) {
  if (!walls.length) return () => false;
  // each wall left to right (a vertical wall as it is), and the squares its bounds cover
  const xy = new Float64Array(walls.length * 4);
  let r0 = Infinity;
  let r1 = -Infinity;
  let c0 = Infinity;
  let c1 = -Infinity;
  walls.forEach((w, k) => {
    xy.set(w[0] <= w[2] ? w : [w[2], w[3], w[0], w[1]], k * 4);
    r0 = Math.min(r0, Math.floor((Math.min(w[1], w[3]) - EPS) / size));
    r1 = Math.max(r1, Math.floor((Math.max(w[1], w[3]) + EPS) / size));
    c0 = Math.min(c0, Math.floor((Math.min(w[0], w[2]) - EPS) / size));
    c1 = Math.max(c1, Math.floor((Math.max(w[0], w[2]) + EPS) / size));
  });
  const width = c1 - c0 + 1;
  const cellCount = (r1 - r0 + 1) * width;
  // (square, wall) pairs, square by square along each wall
  /** @type {number[]} */
  const pairs = [];
  for (let k = 0; k < walls.length; k++) {
    const x0 = xy[k * 4];
    const y0 = xy[k * 4 + 1];
    const x1 = xy[k * 4 + 2];
    const y1 = xy[k * 4 + 3];
    for (let c = Math.floor((x0 - EPS) / size); c <= Math.floor((x1 + EPS) / size); c++) {
      let lo = Math.min(y0, y1);
      let hi = Math.max(y0, y1);
      if (x1 !== x0) {
        // the wall's height where it enters and leaves this column
        const ya = y0 + ((y1 - y0) * (Math.max(x0, c * size) - x0)) / (x1 - x0);
        const yb = y0 + ((y1 - y0) * (Math.min(x1, (c + 1) * size) - x0)) / (x1 - x0);
        lo = Math.min(ya, yb);
        hi = Math.max(ya, yb);
      }
      for (let r = Math.floor((lo - EPS) / size); r <= Math.floor((hi + EPS) / size); r++) {
        pairs.push((r - r0) * width + (c - c0), k);
      }
    }
  }
  // square q's walls are list[first[q] .. first[q + 1] − 1]
  const first = new Int32Array(cellCount + 1);
  for (let p = 0; p < pairs.length; p += 2) first[pairs[p] + 1]++;
  for (let q = 0; q < cellCount; q++) first[q + 1] += first[q];
  const list = new Int32Array(pairs.length / 2);
  const fill = first.slice(0, cellCount);
  for (let p = 0; p < pairs.length; p += 2) list[fill[pairs[p]]++] = pairs[p + 1];
  /** The square's cell in the table, −1 when it holds no wall. */
  const cell = (/** @type {number} */ i, /** @type {number} */ j) => {
    if (i < r0 || i > r1 || j < c0 || j > c1) return -1;
    const q = (i - r0) * width + (j - c0);
    return first[q] === first[q + 1] ? -1 : q;
  };
  const half = size / 2;
  /** Whether the step from (ax, ay) to (bx, by) meets one of the walls listed under cell q. */
  const meets = (/** @type {number} */ q, /** @type {number} */ ax, /** @type {number} */ ay, /** @type {number} */ bx,
    /** @type {number} */ by) => {
    if (q < 0) return false;
    for (let p = first[q]; p < first[q + 1]; p++) {
      const w = list[p] * 4;
      if (segmentsMeet(ax, ay, bx, by, xy[w], xy[w + 1], xy[w + 2], xy[w + 3])) return true;
    }
    return false;
  };
  // Called for every step the route tries: most squares hold no wall (a wall listed under two of the squares is
  // tested twice, with the same answer).
  return (ai, aj, bi, bj) => {
    const qa = cell(ai, aj);
    const qb = cell(bi, bj);
    const diagonal = ai !== bi && aj !== bj;
    const qc = diagonal ? cell(ai, bj) : -1;
    const qd = diagonal ? cell(bi, aj) : -1;
    if (qa < 0 && qb < 0 && qc < 0 && qd < 0) return false;
    const ax = aj * size + half;
    const ay = ai * size + half;
    const bx = bj * size + half;
    const by = bi * size + half;
    return meets(qa, ax, ay, bx, by) || meets(qb, ax, ay, bx, by) || meets(qc, ax, ay, bx, by)
      || meets(qd, ax, ay, bx, by);
  };
}
