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
 * never cuts between two blocked squares), by a breadth-first search over the grid.
 * @param {object} args
 * @param {number} args.rows   Grid rows (i from 0 to rows − 1).
 * @param {number} args.cols   Grid columns.
 * @param {(sq: Square) => boolean} args.blocked  Whether a square cannot be entered (a blocked area).
 * @param {(a: Square, b: Square) => boolean} [args.crosses]  Whether the step from square a to its neighbour b
 *   crosses a wall (walls lie between squares); none by default.
 * @param {Square} args.from
 * @param {Square} args.to
 * @returns {{ok: true, squares: number, path: Square[]}|{ok: false, reason: "outside"|"blocked"|"unreachable"}}
 *   `path` runs from `from` to `to`, both included; `squares` = path length − 1.
 */
export function gridRoute({ rows, cols, blocked, crosses = () => false, from, to }) {
  const inside = (/** @type {Square} */ s) => s.i >= 0 && s.j >= 0 && s.i < rows && s.j < cols;
  if (!inside(from) || !inside(to)) return { ok: false, reason: "outside" };
  if (blocked(to)) return { ok: false, reason: "blocked" };
  const key = (/** @type {Square} */ s) => s.i * cols + s.j;
  const previous = new Int32Array(rows * cols).fill(-1);
  const start = key(from);
  const goal = key(to);
  previous[start] = start;
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head];
    if (at === goal) break;
    const i = Math.floor(at / cols);
    const j = at % cols;
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        if (!di && !dj) continue;
        const next = { i: i + di, j: j + dj };
        if (!inside(next) || previous[key(next)] !== -1 || blocked(next)) continue;
        if (di && dj && blocked({ i: i + di, j }) && blocked({ i, j: j + dj })) continue;
        if (crosses({ i, j }, next)) continue;
        previous[key(next)] = at;
        queue.push(key(next));
      }
    }
  }
  if (previous[goal] === -1) return { ok: false, reason: "unreachable" };
  const path = [];
  for (let at = goal; ; at = previous[at]) {
    path.push({ i: Math.floor(at / cols), j: at % cols });
    if (at === start) break;
  }
  path.reverse();
  return { ok: true, squares: path.length - 1, path };
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
