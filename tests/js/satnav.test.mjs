import test from "node:test";
import assert from "node:assert/strict";
import { bearing, gridRoute, satnavReading, segmentsCross, squaresBetween, wallCrossing } from "../../module/rules/satnav.mjs";

test("squares between: a diagonal step is one square (EQUIDISTANT grid)", () => {
  assert.equal(squaresBetween({ i: 0, j: 0 }, { i: 3, j: 4 }), 4);
  assert.equal(squaresBetween({ i: 5, j: 5 }, { i: 5, j: 5 }), 0);
  assert.equal(squaresBetween({ i: 2, j: 9 }, { i: 12, j: 1 }), 10);
});

test("bearing: north is up the map", () => {
  assert.equal(bearing({ i: 5, j: 5 }, { i: 0, j: 5 }), "n");
  assert.equal(bearing({ i: 5, j: 5 }, { i: 5, j: 9 }), "e");
  assert.equal(bearing({ i: 5, j: 5 }, { i: 9, j: 9 }), "se");
  assert.equal(bearing({ i: 5, j: 5 }, { i: 9, j: 5 }), "s");
  assert.equal(bearing({ i: 5, j: 5 }, { i: 5, j: 0 }), "w");
  assert.equal(bearing({ i: 5, j: 5 }, { i: 1, j: 1 }), "nw");
  assert.equal(bearing({ i: 5, j: 5 }, { i: 5, j: 5 }), null);
});

test("a reading: 10 squares east, arrived only on or next to the destination", () => {
  assert.deepEqual(satnavReading({ i: 2, j: 2 }, { i: 2, j: 12 }), { squares: 10, bearing: "e", arrived: false });
  assert.equal(satnavReading({ i: 2, j: 2 }, { i: 3, j: 3 }).arrived, true);
});

test("grid route: straight when open, round a wall when not, none when walled in", () => {
  const open = gridRoute({ rows: 10, cols: 10, blocked: () => false, from: { i: 0, j: 0 }, to: { i: 0, j: 6 } });
  assert.equal(open.ok && open.squares, 6);
  // a wall down column 3 from row 0 to row 7: the route goes round its foot
  const wall = (/** @type {{i: number, j: number}} */ s) => s.j === 3 && s.i <= 7;
  const round = gridRoute({ rows: 10, cols: 10, blocked: wall, from: { i: 0, j: 0 }, to: { i: 0, j: 6 } });
  assert.ok(round.ok);
  assert.equal(round.ok && round.squares, 16);
  assert.ok(round.ok && round.path.every(s => !wall(s)));
  const closed = gridRoute({ rows: 10, cols: 10, blocked: s => s.j === 3, from: { i: 0, j: 0 }, to: { i: 0, j: 6 } });
  assert.deepEqual(closed, { ok: false, reason: "unreachable" });
  assert.deepEqual(gridRoute({ rows: 10, cols: 10, blocked: wall, from: { i: 0, j: 0 }, to: { i: 0, j: 3 } }),
    { ok: false, reason: "blocked" });
  assert.deepEqual(gridRoute({ rows: 10, cols: 10, blocked: wall, from: { i: 0, j: 0 }, to: { i: 0, j: 30 } }),
    { ok: false, reason: "outside" });
});

test("grid route: no cutting a corner between two blocked squares", () => {
  const blocked = (/** @type {{i: number, j: number}} */ s) => (s.i === 0 && s.j === 1) || (s.i === 1 && s.j === 0);
  const r = gridRoute({ rows: 2, cols: 2, blocked, from: { i: 0, j: 0 }, to: { i: 1, j: 1 } });
  assert.deepEqual(r, { ok: false, reason: "unreachable" });
});

test("grid route across a 100 × 100 scene with ten walls: a shortest route, each step legal", () => {
  // Walls down every tenth column, each with a one-square gap; its speed is measured by tests/bench (sat nav rows).
  const blocked = (/** @type {{i: number, j: number}} */ s) => (s.j % 10 === 5 && s.i !== (s.j * 7) % 100);
  const from = { i: 0, j: 0 }, to = { i: 99, j: 99 };
  const r = gridRoute({ rows: 100, cols: 100, blocked, from, to });
  assert.ok(r.ok);
  // The fewest steps, by a plain breadth-first search with the same moves: 8 neighbours, one square each, no
  // diagonal between two blocked squares.
  const dist = new Map([["0,0", 0]]);
  const queue = [from];
  while (queue.length) {
    const at = /** @type {{i: number, j: number}} */ (queue.shift());
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        const next = { i: at.i + di, j: at.j + dj };
        if ((!di && !dj) || next.i < 0 || next.j < 0 || next.i > 99 || next.j > 99 || blocked(next)) continue;
        if (di && dj && blocked({ i: at.i + di, j: at.j }) && blocked({ i: at.i, j: at.j + dj })) continue;
        const key = `${next.i},${next.j}`;
        if (dist.has(key)) continue;
        dist.set(key, /** @type {number} */ (dist.get(`${at.i},${at.j}`)) + 1);
        queue.push(next);
      }
    }
  }
  assert.equal(r.squares, dist.get("99,99"));
  assert.deepEqual([r.path[0], r.path.at(-1)], [from, to]);
  assert.equal(r.path.length, r.squares + 1);
  for (const [k, s] of r.path.entries()) {
    assert.ok(!blocked(s), `step ${k} is on a wall`);
    if (k) assert.equal(Math.max(Math.abs(s.i - r.path[k - 1].i), Math.abs(s.j - r.path[k - 1].j)), 1, `step ${k} jumps`);
  }
});

test("segments cross: a step through a wall does, a step beside it does not", () => {
  assert.equal(segmentsCross([50, 50, 150, 50], [100, 0, 100, 100]), true);
  assert.equal(segmentsCross([50, 150, 150, 150], [100, 0, 100, 100]), false);
  assert.equal(segmentsCross([50, 50, 150, 150], [100, 0, 100, 100]), true);
  assert.equal(segmentsCross([0, 0, 10, 0], [20, 0, 30, 0]), false);
});

test("grid route with walls between squares: round the wall's end, none through a closed wall", () => {
  // 100-pixel squares; a wall along x = 300 from y = 0 to y = 500 (between columns 2 and 3, rows 0–4)
  const wall = [300, 0, 300, 500];
  const centre = (/** @type {{i: number, j: number}} */ s) => [s.j * 100 + 50, s.i * 100 + 50];
  // the step's squares as numbers (row, column of each end)
  const crosses = (/** @type {number} */ ai, /** @type {number} */ aj, /** @type {number} */ bi, /** @type {number} */ bj) =>
    segmentsCross([...centre({ i: ai, j: aj }), ...centre({ i: bi, j: bj })], wall);
  const r = gridRoute({ rows: 10, cols: 10, blocked: () => false, crosses, from: { i: 0, j: 0 }, to: { i: 0, j: 5 } });
  assert.ok(r.ok);
  // down to row 5, one straight step past the wall's end (a diagonal there would graze it), and back up:
  // 5 + 1 + 5 = 11 squares (diagonals count one)
  assert.equal(r.ok && r.squares, 11);
  const closed = [300, 0, 300, 1000];
  const none = gridRoute({ rows: 10, cols: 10, blocked: () => false, from: { i: 0, j: 0 }, to: { i: 0, j: 5 },
    crosses: (ai, aj, bi, bj) => segmentsCross([...centre({ i: ai, j: aj }), ...centre({ i: bi, j: bj })], closed) });
  assert.deepEqual(none, { ok: false, reason: "unreachable" });
});

test("the wall index answers every step as testing every wall does (walls on grid lines, through corners, diagonal, long)", () => {
  let seed = 7;
  const rand = n => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor((seed / 2147483648) * n); };
  const size = 100;
  const walls = [[0, 500, 1000, 500], [300, 0, 300, 1000], [150, 150, 850, 850], [250, 950, 950, 250], [500, 450, 500, 450]];
  for (let k = 0; k < 60; k++) {
    const snap = rand(2) ? 50 : 1; // half the walls on half squares (through centres and corners)
    walls.push([rand(21) * snap * (snap === 1 ? 50 : 1), rand(21) * 50, rand(21) * 50, rand(21) * 50]);
  }
  const crosses = wallCrossing(walls, size);
  const centre = sq => [sq.j * size + size / 2, sq.i * size + size / 2];
  let blockedSteps = 0;
  for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) for (let di = -1; di <= 1; di++) for (let dj = -1; dj <= 1; dj++) {
    const a = { i, j };
    const b = { i: i + di, j: j + dj };
    const brute = walls.some(w => segmentsCross([...centre(a), ...centre(b)], w));
    assert.equal(crosses(a.i, a.j, b.i, b.j), brute, `step ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
    if (brute) blockedSteps++;
  }
  assert.ok(blockedSteps > 50, "the walls block some steps");
});

test("a route on 200 × 200 squares round 80 walls is the brute-force route", () => {
  const size = 100;
  const walls = Array.from({ length: 80 }, (_, k) => k % 2
    ? [(k * 250) % 20000, 0, (k * 250) % 20000, 15000 + (k % 5) * 500]
    : [0, (k * 240) % 20000, 14000 + (k % 7) * 500, (k * 240) % 20000]);
  const centre = sq => [sq.j * size + size / 2, sq.i * size + size / 2];
  const brute = (ai, aj, bi, bj) => walls.some(w => segmentsCross([...centre({ i: ai, j: aj }), ...centre({ i: bi, j: bj })], w));
  // from inside the walled top-left box (unreachable) and along the open bottom rows (reachable)
  for (const [from, to, ok] of [[{ i: 0, j: 0 }, { i: 199, j: 199 }, false], [{ i: 199, j: 0 }, { i: 150, j: 199 }, true]]) {
    const args = { rows: 200, cols: 200, blocked: () => false, from, to };
    const fast = gridRoute({ ...args, crosses: wallCrossing(walls, size) });
    assert.deepEqual(fast, gridRoute({ ...args, crosses: brute }));
    assert.equal(fast.ok, ok);
  }
});

test("a route with no blocked squares given is the route with none blocked (the sat nav window passes none)", () => {
  const size = 100;
  const walls = Array.from({ length: 12 }, (_, k) => [(k + 1) * 700, k % 2 ? 0 : 1200, (k + 1) * 700, k % 2 ? 8800 : 10000]);
  const args = { rows: 100, cols: 100, crosses: wallCrossing(walls, size), from: { i: 3, j: 0 }, to: { i: 96, j: 99 } };
  const r = gridRoute(args);
  assert.ok(r.ok && r.squares > 99, "the walls lengthen the route");
  assert.deepEqual(r, gridRoute({ ...args, blocked: () => false }));
});
