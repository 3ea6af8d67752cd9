// Node tests of the street map's pure rules (module/rules/street-map.mjs): H along the graph of linked scenes (Jobs
// and service shifts › Published clock windows: "H … is the number of connected street-map hops"), the arrival point
// at the same proportion along the linked strip, facing on, the nearest free square, and the check of the links.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkGraph, exitPoint, facingInto, freeSquare, graphOf, hops, route } from "../../module/rules/street-map.mjs";

// Hackney's street map as a GM might link it: Mare Street ↔ Morning Lane ↔ Dalston ↔ Kingsland Road, and Mare Street ↔
// Homerton; Bow is drawn but unlinked.
const strip = (uuid, sceneId, toScene, toStrip, name = uuid) => ({ uuid, sceneId, name, toScene, toStrip });
const STRIPS = [
  strip("mare-e", "mare", "morning", "morning-w"), strip("morning-w", "morning", "mare", "mare-e"),
  strip("morning-e", "morning", "dalston", "dalston-w"), strip("dalston-w", "dalston", "morning", "morning-e"),
  strip("dalston-n", "dalston", "kingsland", "kingsland-s"), strip("kingsland-s", "kingsland", "dalston", "dalston-n"),
  strip("mare-s", "mare", "homerton", "homerton-n"), strip("homerton-n", "homerton", "mare", "mare-s")
];

test("graphOf: each scene to the scenes its strips link to, once", () => {
  assert.deepEqual(graphOf(STRIPS), {
    mare: ["morning", "homerton"], morning: ["mare", "dalston"], dalston: ["morning", "kingsland"],
    kingsland: ["dalston"], homerton: ["mare"]
  });
  // two strips to one scene count as one link; a strip with no scene adds none
  assert.deepEqual(graphOf([strip("a1", "a", "b", "b1"), strip("a2", "a", "b", "b1"), strip("a3", "a", "", "")]), { a: ["b"] });
});

test("hops: H is 0 on the same scene, 1 next door, 2 two maps away, the fewest along any route", () => {
  const g = graphOf(STRIPS);
  assert.equal(hops(g, "mare", "mare"), 0);
  assert.equal(hops(g, "mare", "morning"), 1);
  assert.equal(hops(g, "mare", "dalston"), 2);
  assert.equal(hops(g, "mare", "kingsland"), 3);
  assert.equal(hops(g, "homerton", "kingsland"), 4);
  assert.equal(hops(g, "kingsland", "homerton"), 4);
  // a shortcut is taken: link Mare Street straight to Dalston
  const short = graphOf([...STRIPS, strip("mare-n", "mare", "dalston", "dalston-w")]);
  assert.equal(hops(short, "mare", "kingsland"), 2);
});

test("hops: null when the destination cannot be reached, or an id is missing", () => {
  const g = graphOf(STRIPS);
  assert.equal(hops(g, "mare", "bow"), null);
  assert.equal(hops(g, "bow", "mare"), null);
  assert.equal(hops(g, "", "mare"), null);
  assert.equal(hops(g, "mare", /** @type {any} */ (null)), null);
  // a one-way link is followed one way only
  const oneWay = { a: ["b"], b: [] };
  assert.equal(hops(oneWay, "a", "b"), 1);
  assert.equal(hops(oneWay, "b", "a"), null);
});

test("H feeds the book's clock windows: taxi drop-off 120 + 90H is 300 s two hops away", () => {
  const H = hops(graphOf(STRIPS), "mare", "dalston");
  assert.equal(120 + 90 * /** @type {number} */ (H), 300);
});

test("route: the strip to take first and the hops left", () => {
  assert.deepEqual(route(STRIPS, "mare", "kingsland"), { hops: 3, exitRegionUuid: "mare-e" });
  assert.deepEqual(route(STRIPS, "mare", "homerton"), { hops: 1, exitRegionUuid: "mare-s" });
  assert.deepEqual(route(STRIPS, "dalston", "mare"), { hops: 2, exitRegionUuid: "dalston-w" });
  assert.deepEqual(route(STRIPS, "mare", "mare"), { hops: 0, exitRegionUuid: null });
  assert.equal(route(STRIPS, "mare", "bow"), null);
});

test("exitPoint: 30 % down an east strip arrives 30 % down the linked west strip", () => {
  // east strip of a 4000×3000 map: x 3900–4000, y 0–3000; west strip of the next: x 0–100, y 500–2500
  const p = exitPoint({ from: { x: 3900, y: 0, w: 100, h: 3000 }, to: { x: 0, y: 500, w: 100, h: 2000 }, point: { x: 3950, y: 900 } });
  assert.deepEqual(p, { x: 50, y: 500 + 0.3 * 2000 });
});

test("exitPoint: along x for a strip wider than tall, and from a tall strip to a wide one", () => {
  // south strip y 2900–3000 across x 1000–3000 → north strip of the next map across x 0–4000
  assert.deepEqual(exitPoint({ from: { x: 1000, y: 2900, w: 2000, h: 100 }, to: { x: 0, y: 0, w: 4000, h: 100 },
    point: { x: 2500, y: 2950 } }), { x: 3000, y: 50 });
  // a tall strip's 25 % becomes 25 % across a wide one
  assert.deepEqual(exitPoint({ from: { x: 0, y: 0, w: 100, h: 400 }, to: { x: 200, y: 0, w: 800, h: 200 },
    point: { x: 10, y: 100 } }), { x: 400, y: 100 });
  // the ends of the strip, and a point just outside it, stay on the linked strip
  const from = { x: 0, y: 0, w: 100, h: 1000 };
  const to = { x: 0, y: 0, w: 100, h: 2000 };
  assert.deepEqual(exitPoint({ from, to, point: { x: 50, y: 0 } }), { x: 50, y: 0 });
  assert.deepEqual(exitPoint({ from, to, point: { x: 50, y: 1000 } }), { x: 50, y: 2000 });
  assert.deepEqual(exitPoint({ from, to, point: { x: 50, y: -40 } }), { x: 50, y: 0 });
  assert.deepEqual(exitPoint({ from, to, point: { x: 50, y: 1200 } }), { x: 50, y: 2000 });
});

test("exitPoint: a strip with no length is refused by name", () => {
  assert.throws(() => exitPoint({ from: { x: 0, y: 0, w: 0, h: 100 }, to: { x: 0, y: 0, w: 100, h: 100 }, point: { x: 0, y: 0 } }),
    /from must be a strip/);
  assert.throws(() => exitPoint({ from: { x: 0, y: 0, w: 100, h: 100 }, to: /** @type {any} */ (null), point: { x: 0, y: 0 } }),
    /to must be a strip/);
});

test("facingInto: a token arriving on an edge faces into the map", () => {
  const size = { width: 4000, height: 3000 };
  assert.equal(facingInto({ strip: { x: 0, y: 500, w: 100, h: 2000 }, ...size }), 270); // west edge → faces east
  assert.equal(facingInto({ strip: { x: 3900, y: 0, w: 100, h: 3000 }, ...size }), 90); // east edge → faces west
  assert.equal(facingInto({ strip: { x: 0, y: 0, w: 4000, h: 100 }, ...size }), 0); // north edge → faces south
  assert.equal(facingInto({ strip: { x: 1000, y: 2900, w: 2000, h: 100 }, ...size }), 180); // south edge → faces north
});

test("freeSquare: the wanted square when free, else the nearest free one that fits", () => {
  const scene = { rows: 30, cols: 40 };
  assert.deepEqual(freeSquare({ at: { i: 5, j: 0 }, taken: [], ...scene }), { i: 5, j: 0 });
  // taken: the next straight neighbour (row above) before a diagonal
  assert.deepEqual(freeSquare({ at: { i: 5, j: 0 }, taken: [{ i: 5, j: 0 }], ...scene }), { i: 4, j: 0 });
  assert.deepEqual(freeSquare({ at: { i: 5, j: 0 }, taken: [{ i: 5, j: 0 }, { i: 4, j: 0 }], ...scene }), { i: 5, j: 1 });
  // a 2×1 motor does not overlap a taken square
  assert.deepEqual(freeSquare({ at: { i: 5, j: 0 }, w: 2, taken: [{ i: 5, j: 1 }], ...scene }), { i: 4, j: 0 });
  // wanted off the map: clamped inside it
  assert.deepEqual(freeSquare({ at: { i: 40, j: -3 }, taken: [], ...scene }), { i: 29, j: 0 });
  // no room at all
  assert.equal(freeSquare({ at: { i: 0, j: 0 }, taken: [{ i: 0, j: 0 }, { i: 0, j: 1 }], rows: 1, cols: 2 }), null);
});

test("checkGraph: a sound street map has no problems", () => {
  assert.deepEqual(checkGraph({ scenes: ["mare", "morning", "dalston", "kingsland", "homerton", "bow"], strips: STRIPS }), []);
});

test("checkGraph: an unlinked strip, a missing scene or strip, a strip on the wrong scene and a one-way link, by name", () => {
  const strips = [
    strip("a-e", "a", "b", "b-w", "A east"), strip("b-w", "b", "a", "a-e", "B west"),
    strip("a-n", "a", "", "", "A north"),
    strip("a-s", "a", "gone", "x", "A south"),
    strip("b-e", "b", "a", "deleted", "B east"),
    strip("b-n", "b", "a", "b-w", "B north"),
    strip("c-w", "c", "a", "a-e", "C west")
  ];
  const problems = checkGraph({ scenes: ["a", "b", "c"], strips });
  assert.deepEqual(problems.map(p => [p.kind, p.name]), [
    ["unlinked", "A north"], ["missingScene", "A south"], ["missingStrip", "B east"], ["wrongScene", "B north"],
    ["oneWay", "C west"]
  ]);
  assert.deepEqual(problems[4], { kind: "oneWay", strip: "c-w", sceneId: "c", name: "C west", toScene: "a", toStrip: "a-e" });
});

test("checkGraph: a link to a plain region (no EXIT strip there) is one-way, not missing", () => {
  const strips = [strip("a-e", "a", "b", "b-plaza", "A east")];
  assert.deepEqual(checkGraph({ scenes: ["a", "b"], strips }).map(p => p.kind), ["missingStrip"]);
  assert.deepEqual(checkGraph({ scenes: ["a", "b"], strips, regions: [{ uuid: "b-plaza", sceneId: "b" }] }).map(p => p.kind), ["oneWay"]);
  assert.deepEqual(checkGraph({ scenes: ["a", "b"], strips, regions: [{ uuid: "b-plaza", sceneId: "a" }] }).map(p => p.kind), ["wrongScene"]);
});
