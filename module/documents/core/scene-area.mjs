/**
 * Where things are on a scene, in v13's terms: the canvas is the scene's image with padding around it, and token,
 * wall and region coordinates are canvas pixels. A new v13 scene has a quarter of padding (BaseScene `padding`:
 * `initial: 0.25`, fvtt-types client/documents/scene.d.mts), so the image's top-left corner is not (0, 0): it is
 * `scene.dimensions.sceneX/sceneY`, and the canvas is `scene.dimensions.width/height` (v13 SceneDimensions, API docs;
 * `Scene#prepareBaseData` sets `dimensions`, fvtt-types). A scene without `dimensions` (not prepared) is read as its
 * image at the origin with no padding: both readings place things on the image.
 *
 * Foundry-side only; no rules here.
 * @module documents/core/scene-area
 */

/**
 * @typedef {object} PixelRect
 * @property {number} x       Canvas pixels.
 * @property {number} y
 * @property {number} width
 * @property {number} height
 */

/**
 * The scene's image on the canvas (v13 `scene.dimensions.sceneRect`; the padding lies outside it), in canvas pixels.
 * @param {any} scene
 * @returns {PixelRect}
 */
export function sceneRect(scene) {
  const r = scene?.dimensions?.sceneRect;
  if (r) return { x: r.x, y: r.y, width: r.width, height: r.height };
  return { x: 0, y: 0, width: scene?.width ?? 4000, height: scene?.height ?? 3000 };
}

/**
 * The canvas's squares: rows and columns from its top-left corner (v13 `scene.dimensions.rows/columns`, padding
 * included), so every square a token can stand on has an index.
 * @param {any} scene
 * @returns {{rows: number, cols: number, size: number}}  `size`: the grid square, pixels.
 */
export function canvasSquares(scene) {
  const size = scene?.grid?.size ?? 100;
  const d = scene?.dimensions;
  if (d && Number.isFinite(d.rows) && Number.isFinite(d.columns)) return { rows: d.rows, cols: d.columns, size };
  const r = sceneRect(scene);
  return { rows: Math.ceil((r.y + r.height) / size), cols: Math.ceil((r.x + r.width) / size), size };
}

/**
 * The scene's walls that stop a token moving, as segments: v13 Wall documents whose `move` is not NONE and that are
 * not an open door (fvtt-types common/constants.d.mts: WALL_MOVEMENT_TYPES.NONE 0; WALL_DOOR_TYPES.NONE 0;
 * WALL_DOOR_STATES.OPEN 1); `c` is [x0, y0, x1, y1] in canvas pixels.
 * @param {any} scene
 * @returns {number[][]}
 */
export function movementWalls(scene) {
  return [...(scene?.walls ?? [])].filter(w => w.move !== 0 && !(w.door > 0 && w.ds === 1) && w.c?.length === 4)
    .map(w => /** @type {number[]} */ ([...w.c]));
}

/**
 * The squares the scene's tokens cover, counted from `origin` and clipped to `rows` × `cols` (the area the caller looks
 * at): a token's size is its owner's to set, so a huge one costs no more than the area does.
 * @param {any} scene
 * @param {{size: number, origin: {x: number, y: number}, rows: number, cols: number}} area  `size`: the grid square,
 *   pixels; `origin`: the area's top-left corner, canvas pixels.
 * @param {(token: any) => boolean} [skip]  Tokens not counted.
 * @returns {{i: number, j: number}[]}
 */
export function takenSquares(scene, { size, origin, rows, cols }, skip = () => false) {
  const out = [];
  for (const t of scene?.tokens ?? []) {
    if (skip(t)) continue;
    const i = Math.round((t.y - origin.y) / size);
    const j = Math.round((t.x - origin.x) / size);
    const i1 = Math.min(rows, i + Math.max(1, Math.ceil((t.height ?? 1) - 1e-6)));
    const j1 = Math.min(cols, j + Math.max(1, Math.ceil((t.width ?? 1) - 1e-6)));
    for (let r = Math.max(0, i); r < i1; r++) for (let c = Math.max(0, j); c < j1; c++) out.push({ i: r, j: c });
  }
  return out;
}

/**
 * @param {any} token
 * @returns {{x: number, y: number, elevation: number}} The token's centre, canvas pixels.
 */
export function tokenCentre(token) {
  const size = token.parent?.grid?.size ?? 100;
  return { x: token.x + ((token.width ?? 1) * size) / 2, y: token.y + ((token.height ?? 1) * size) / 2,
    elevation: token.elevation ?? 0 };
}

/**
 * Whether a token's centre is in a region, worked out from where the token stands (v13 `RegionDocument#testPoint`).
 * Never read from `token.regions`: v13 builds that from the token's stored `_regions`, which the moving client works
 * out and sends, and which the token's owner may write (core v13 client/documents/token.mjs `#onUpdateRegions`:
 * `for ( const id of this._source._regions )`; common/documents/token.mjs `_regions` is a plain field, code index).
 * @param {any} region
 * @param {any} token
 * @returns {boolean}
 */
export function tokenIn(region, token) {
  return typeof region?.testPoint === "function" ? !!region.testPoint(tokenCentre(token)) : !!token.regions?.has?.(region);
}
