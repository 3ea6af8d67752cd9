/**
 * Scenes, tokens and a canvas WITHOUT drawing (TEST DOUBLE of the Foundry VTT v13 slice): Scene and TokenDocument
 * documents, the square grid's measurements (foundry.grid.SquareGrid: getOffset, getCenterPoint, getTopLeftPoint,
 * getDirectPath, measurePath with CONST.GRID_DIAGONALS.EQUIDISTANT), token movement (TokenDocument#move and x/y
 * updates fire preMoveToken on the moving client and moveToken on every client), and a `canvas` object whose token
 * layer holds plain Token placeables kept in sync with the viewed scene. Instead of PIXI, the page's #board shows one
 * absolutely positioned button per token (0.2 px per scene pixel); clicking one controls that token.
 */
import {
  ArrayField, BooleanField, DocumentIdField, ForeignDocumentField, NumberField, ObjectField, SchemaField, StringField
} from "./data.mjs";
import { DOCUMENT_OWNERSHIP_LEVELS, GRID_DIAGONALS, GRID_TYPES, TOKEN_DISPOSITIONS, TOKEN_SHAPES } from "./constants.mjs";
import Hooks from "./hooks.mjs";
import { ClientDocument, EmbeddedCollectionField, WorldCollection } from "./documents.mjs";
import { Collection, deepClone, escapeHTML, randomID } from "./utils.mjs";

const LEVELS = DOCUMENT_OWNERSHIP_LEVELS;

/** Scale of the #board drawing: page pixels per scene pixel. */
export const BOARD_SCALE = 0.2;

/* ================================================= Grid =============================================== */

/** v13 foundry.grid.BaseGrid: the configuration every grid shares. */
export class BaseGrid {
  constructor({ size = 100, distance = 1, units = "", style = "solidLines", thickness = 1, color = 0, alpha = 1 } = {}) {
    Object.assign(this, { size, sizeX: size, sizeY: size, distance, units, style, thickness, color, alpha });
  }

  get isGridless() {
    return this.type === GRID_TYPES.GRIDLESS;
  }

  get isSquare() {
    return this.type === GRID_TYPES.SQUARE;
  }

  get isHexagonal() {
    return !this.isGridless && !this.isSquare;
  }
}

/**
 * v13 foundry.grid.SquareGrid. Offsets are {i: row, j: column}; points are {x, y} in pixels. measurePath supports
 * the default diagonal rule only (EQUIDISTANT: a diagonal step counts 1 like any other step).
 */
export class SquareGrid extends BaseGrid {
  constructor(config = {}) {
    super(config);
    this.type = GRID_TYPES.SQUARE;
    this.diagonals = config.diagonals ?? GRID_DIAGONALS.EQUIDISTANT;
  }

  /** The grid space {i, j} of a point {x, y} (or the offset itself). */
  getOffset(coords) {
    if (("i" in coords) && ("j" in coords)) return { i: coords.i, j: coords.j };
    return { i: Math.floor(coords.y / this.size), j: Math.floor(coords.x / this.size) };
  }

  getTopLeftPoint(coords) {
    const { i, j } = this.getOffset(coords);
    return { x: j * this.size, y: i * this.size };
  }

  getCenterPoint(coords) {
    const { i, j } = this.getOffset(coords);
    return { x: (j + 0.5) * this.size, y: (i + 0.5) * this.size };
  }

  /** The grid spaces a straight line through the waypoints passes (8-connected steps), starting space included. */
  getDirectPath(waypoints) {
    const path = [];
    for (const [n, wp] of waypoints.entries()) {
      const b = this.getOffset(wp);
      if (n === 0) {
        path.push(b);
        continue;
      }
      path.push(...this.#line(path.at(-1), b));
    }
    return path;
  }

  #line(a, b) {
    const di = b.i - a.i;
    const dj = b.j - a.j;
    const steps = Math.max(Math.abs(di), Math.abs(dj));
    const out = [];
    for (let k = 1; k <= steps; k++) out.push({ i: a.i + Math.round((di * k) / steps), j: a.j + Math.round((dj * k) / steps) });
    return out;
  }

  /**
   * v13 measurePath(waypoints, {cost}) → {waypoints, segments, distance, spaces, cost, diagonals, euclidean}.
   * `spaces` counts grid steps (a diagonal is one step), `distance` = spaces × grid distance. `cost` is the distance
   * unless a cost function is given: then it is called per grid step of the direct path as
   * cost(from {i, j, k}, to {i, j, k}, stepDistance, waypoint) and summed; a waypoint's own `cost` (number or
   * function) replaces it for the segment ending there. A waypoint with `measure: false` measures 0.
   */
  measurePath(waypoints, { cost } = {}) {
    if (this.diagonals !== GRID_DIAGONALS.EQUIDISTANT) {
      throw new Error("The harness measures square grids with CONST.GRID_DIAGONALS.EQUIDISTANT only");
    }
    const result = { waypoints: [], segments: [], distance: 0, spaces: 0, cost: 0, diagonals: 0, euclidean: 0 };
    let previous = null;
    for (const waypoint of waypoints) {
      const measured = { backward: null, forward: null, distance: 0, spaces: 0, cost: 0, diagonals: 0, euclidean: 0 };
      if (previous) {
        const segment = { from: previous.measured, to: measured, ...this.#measureSegment(previous.waypoint, waypoint, cost) };
        previous.measured.forward = segment;
        measured.backward = segment;
        result.segments.push(segment);
        for (const k of ["distance", "spaces", "cost", "diagonals", "euclidean"]) result[k] += segment[k];
      }
      for (const k of ["distance", "spaces", "cost", "diagonals", "euclidean"]) measured[k] = result[k];
      result.waypoints.push(measured);
      previous = { waypoint, measured };
    }
    return result;
  }

  #measureSegment(from, to, costFn) {
    if (to.measure === false) return { distance: 0, spaces: 0, cost: 0, diagonals: 0, euclidean: 0 };
    const a = this.getOffset(from);
    const b = this.getOffset(to);
    const di = Math.abs(b.i - a.i);
    const dj = Math.abs(b.j - a.j);
    const spaces = Math.max(di, dj);
    const diagonals = Math.min(di, dj);
    const distance = spaces * this.distance;
    const pa = ("x" in from) ? from : this.getCenterPoint(a);
    const pb = ("x" in to) ? to : this.getCenterPoint(b);
    const euclidean = (Math.hypot(pb.x - pa.x, pb.y - pa.y) / this.size) * this.distance;
    let cost = distance;
    const fn = (typeof to.cost === "function") ? to.cost : costFn;
    if (typeof to.cost === "number") cost = to.cost;
    else if (fn) {
      cost = 0;
      let prev = a;
      for (const step of this.#line(a, b)) {
        cost += fn({ ...prev, k: 0 }, { ...step, k: 0 }, this.distance, to);
        prev = step;
      }
    }
    return { distance, spaces, cost, diagonals, euclidean };
  }
}

/* ================================================ Scene =============================================== */

export class Scene extends ClientDocument {
  static metadata = Object.freeze({ name: "Scene", collection: "scenes", label: "DOCUMENT.Scene",
    embedded: { Token: "tokens" }, hasTypeData: false });

  static defineSchema() {
    const systemGrid = () => globalThis.game?.system?.grid ?? {};
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      active: new BooleanField(),
      navigation: new BooleanField({ initial: true }),
      width: new NumberField({ integer: true, positive: true, initial: 4000 }),
      height: new NumberField({ integer: true, positive: true, initial: 3000 }),
      grid: new SchemaField({
        type: new NumberField({ required: true, choices: Object.values(GRID_TYPES),
          initial: () => systemGrid().type ?? GRID_TYPES.SQUARE }),
        size: new NumberField({ required: true, nullable: false, integer: true, min: 1, initial: 100 }),
        distance: new NumberField({ required: true, nullable: false, positive: true,
          initial: () => systemGrid().distance ?? 1 }),
        units: new StringField({ required: true, blank: true, initial: () => systemGrid().units ?? "" })
      }),
      tokens: new EmbeddedCollectionField("Token"),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      flags: new ObjectField(),
      _stats: new ObjectField()
    };
  }

  /** v13: after data preparation `scene.grid` is the grid instance (a SquareGrid here). */
  prepareBaseData() {
    super.prepareBaseData();
    const config = this._source.grid ?? {};
    if (config.type !== GRID_TYPES.SQUARE) {
      console.warn(`Scene ${this.name}: the harness has only square grids; grid type ${config.type} is measured as square`);
    }
    this.grid = new SquareGrid({ size: config.size ?? 100, distance: config.distance ?? 1, units: config.units ?? "",
      diagonals: globalThis.game?.settings?.get("core", "gridDiagonals") ?? GRID_DIAGONALS.EQUIDISTANT });
  }

  get isView() {
    return globalThis.game.scenes?.viewed === this;
  }

  /** Make this the active scene (the server deactivates the others). */
  async activate() {
    if (this.active) return this;
    return this.update({ active: true });
  }

  /** View this scene on this client's canvas only. */
  async view() {
    globalThis.game.scenes._viewedId = this.id;
    globalThis.canvas.draw(this);
    return this;
  }

  _onCreate(data, options, userId) {
    super._onCreate(data, options, userId);
    if (this.active || !globalThis.canvas?.ready) globalThis.canvas?.draw();
  }

  _onUpdate(changed, options, userId) {
    super._onUpdate(changed, options, userId);
    if (("active" in changed) || this.isView) globalThis.canvas?.draw();
  }

  _onDelete(options, userId) {
    super._onDelete(options, userId);
    if (globalThis.canvas?.scene?.id === this.id) globalThis.canvas.draw();
  }

  _onCreateDescendantDocuments(...args) {
    super._onCreateDescendantDocuments(...args);
    if (this.isView) globalThis.canvas.tokens._sync();
  }

  _onUpdateDescendantDocuments(...args) {
    super._onUpdateDescendantDocuments(...args);
    if (this.isView) globalThis.canvas.tokens._sync();
  }

  _onDeleteDescendantDocuments(...args) {
    super._onDeleteDescendantDocuments(...args);
    if (this.isView) globalThis.canvas.tokens._sync();
  }
}

/** game.scenes (v13 Scenes). */
export class Scenes extends WorldCollection {
  static documentName = "Scene";

  /** A scene this client chose to view (Scene#view), if any. */
  _viewedId = null;

  get active() {
    return this.find(s => s.active);
  }

  /** The viewed scene: the one this client chose to view, else the active one. */
  get viewed() {
    return (this._viewedId ? this.get(this._viewedId) : null) ?? this.active;
  }

  get current() {
    return this.viewed;
  }
}

/* ============================================ TokenDocument =========================================== */

const MOVEMENT_KEYS = ["x", "y", "elevation", "width", "height", "shape"];

const emptySection = () => ({ waypoints: [], distance: 0, spaces: 0, cost: 0, diagonals: 0 });

export class TokenDocument extends ClientDocument {
  static metadata = Object.freeze({ name: "Token", collection: "tokens", label: "DOCUMENT.Token", embedded: {},
    hasTypeData: false, isEmbedded: true });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: true, textSearch: true }),
      actorId: new ForeignDocumentField("Actor", { idOnly: true }),
      actorLink: new BooleanField({ initial: true }),
      width: new NumberField({ nullable: false, positive: true, initial: 1, step: 0.5 }),
      height: new NumberField({ nullable: false, positive: true, initial: 1, step: 0.5 }),
      texture: new SchemaField({ src: new StringField({ nullable: true, initial: null }) }),
      shape: new NumberField({ initial: TOKEN_SHAPES.RECTANGLE_1, choices: Object.values(TOKEN_SHAPES) }),
      x: new NumberField({ required: true, integer: true, nullable: false, initial: 0 }),
      y: new NumberField({ required: true, integer: true, nullable: false, initial: 0 }),
      elevation: new NumberField({ required: true, nullable: false, initial: 0 }),
      sort: new NumberField({ required: true, integer: true, nullable: false, initial: 0 }),
      locked: new BooleanField(),
      rotation: new NumberField({ required: true, nullable: false, initial: 0 }),
      hidden: new BooleanField(),
      disposition: new NumberField({ required: true, choices: Object.values(TOKEN_DISPOSITIONS),
        initial: TOKEN_DISPOSITIONS.HOSTILE }),
      _movementHistory: new ArrayField(new ObjectField()),
      flags: new ObjectField()
    };
  }

  _configure(options) {
    super._configure(options);
    Object.defineProperty(this, "movement", { value: null, writable: true, enumerable: false });
  }

  /** The world actor by actorId, linked or not (the harness has no ActorDelta / synthetic actors). */
  get actor() {
    return this.actorId ? (globalThis.game.actors.get(this.actorId) ?? null) : null;
  }

  get isLinked() {
    return this.actorLink;
  }

  /** v13 BaseToken#testUserPermission delegates to the actor. */
  getUserLevel(user = globalThis.game.user) {
    if (!user) return LEVELS.NONE;
    if (this.actor) return this.actor.getUserLevel(user);
    return super.getUserLevel(user);
  }

  get layer() {
    return globalThis.canvas?.tokens ?? null;
  }

  /** The Token placeable, when this token's scene is on this client's canvas. */
  get object() {
    if (!this.parent?.isView) return null;
    return globalThis.canvas.tokens.get(this.id) ?? null;
  }

  get rendered() {
    return !!this.object;
  }

  get combatant() {
    return globalThis.game.combats?.viewed?.getCombatantsByToken(this)[0] ?? null;
  }

  get inCombat() {
    return !!this.combatant;
  }

  /** The recorded movement waypoints (the `_movementHistory` source field). */
  get movementHistory() {
    return this._movementHistory;
  }

  get #grid() {
    return this.parent?.grid ?? new SquareGrid();
  }

  /** The centre {x, y} in pixels of this token (or of `data` {x, y, width, height} merged over it). */
  getCenterPoint(data = {}) {
    const { x, y, width, height } = { x: this.x, y: this.y, width: this.width, height: this.height, ...data };
    const size = this.#grid.size;
    return { x: x + ((width * size) / 2), y: y + ((height * size) / 2) };
  }

  /** The grid spaces {i, j} the token covers. */
  getOccupiedGridSpaceOffsets(data = {}) {
    const { x, y, width, height } = { x: this.x, y: this.y, width: this.width, height: this.height, ...data };
    const grid = this.#grid;
    const { i: i0, j: j0 } = grid.getOffset({ x: x + 1, y: y + 1 });
    const out = [];
    for (let i = 0; i < Math.max(1, Math.round(height)); i++) {
      for (let j = 0; j < Math.max(1, Math.round(width)); j++) out.push({ i: i0 + i, j: j0 + j });
    }
    return out;
  }

  /** Measure a path of token positions (top-left {x, y}) through their centres on the scene's grid. */
  measureMovementPath(waypoints, { cost } = {}) {
    const points = waypoints.map(w => ({ ...this.getCenterPoint(w), ...(w.cost !== undefined ? { cost: w.cost } : {}) }));
    return this.#grid.measurePath(points, { cost });
  }

  #position() {
    const s = this._source;
    return { x: s.x, y: s.y, elevation: s.elevation, width: s.width, height: s.height, shape: s.shape };
  }

  /**
   * v13 TokenDocument#move(waypoints, options): move through the waypoints ({x, y} top-left pixels, optionally
   * elevation, width, height). Resolves true if the token moved, false if the movement was cancelled (preMoveToken or
   * _preUpdateMovement returned false). A refused write rejects, as any update.
   */
  async move(waypoints, { method = "api", autoRotate = false, showRuler = false, constrainOptions = {}, ...operation } = {}) {
    if (!Array.isArray(waypoints)) waypoints = [waypoints];
    if (!waypoints.length) return false;
    let previous = this.#position();
    const path = waypoints.map(w => {
      const next = { ...previous };
      for (const k of MOVEMENT_KEYS) if (w[k] !== undefined) next[k] = w[k];
      previous = next;
      return next;
    });
    const destination = path.at(-1);
    const changes = {};
    for (const k of MOVEMENT_KEYS) changes[k] = destination[k];
    operation.movement = { ...(operation.movement ?? {}),
      [this.id]: { waypoints: path, method, autoRotate, showRuler, constrainOptions } };
    const updated = await this.update(changes, operation);
    return !!updated;
  }

  /**
   * Build the v13 TokenMovementOperation for an update that changes the position: {id, chain, origin, destination,
   * passed {waypoints, distance, spaces, cost, diagonals}, pending (empty), history {recorded, unrecorded, distance,
   * spaces, cost, diagonals}, constrained, recorded, method, constrainOptions, autoRotate, showRuler}.
   */
  #prepareMovement(changed, instruction, user) {
    const origin = this.#position();
    const destination = { ...origin };
    for (const k of MOVEMENT_KEYS) if (k in changed) destination[k] = changed[k];
    const path = instruction?.waypoints?.length ? instruction.waypoints : [destination];
    const id = randomID();
    const measured = this.measureMovementPath([origin, ...path]);
    const waypoint = (p, i) => ({ ...p, action: "walk", snapped: false, explicit: true, checkpoint: true,
      intermediate: false, userId: user.id, movementId: id, cost: measured.segments[i]?.cost ?? 0 });
    const passed = { waypoints: path.map(waypoint), distance: measured.distance, spaces: measured.spaces,
      cost: measured.cost, diagonals: measured.diagonals };
    const recordedWaypoints = deepClone(this._source._movementHistory ?? []);
    const recordedMeasure = this.measureMovementPath(recordedWaypoints);
    const recorded = { waypoints: recordedWaypoints, distance: recordedMeasure.distance, spaces: recordedMeasure.spaces,
      cost: recordedMeasure.cost, diagonals: recordedMeasure.diagonals };
    return {
      id, chain: [], origin, destination, passed, pending: emptySection(),
      history: { recorded, unrecorded: emptySection(), distance: recorded.distance, spaces: recorded.spaces,
        cost: recorded.cost, diagonals: recorded.diagonals },
      constrained: false, recorded: true, method: instruction?.method ?? "api",
      constrainOptions: instruction?.constrainOptions ?? {}, autoRotate: instruction?.autoRotate ?? false,
      showRuler: instruction?.showRuler ?? false
    };
  }

  /** v13: called on the moving client before the update; return false to cancel the movement. */
  async _preUpdateMovement(movement, operation) {}

  /** v13: called on every client after the update that moved the token. */
  _onUpdateMovement(movement, operation, user) {}

  async _preUpdate(changed, options, user) {
    const allowed = await super._preUpdate(changed, options, user);
    if (allowed === false) return false;
    if (options._clearMovementHistory || !MOVEMENT_KEYS.some(k => k in changed)) return undefined;
    const movement = this.#prepareMovement(changed, options.movement?.[this.id], user);
    const cancel = () => {
      if (options.movement) delete options.movement[this.id];
      return false;
    };
    if ((await this._preUpdateMovement(movement, options)) === false) return cancel();
    if (Hooks.call("preMoveToken", this, movement, options) === false) return cancel();
    options.movement = { ...(options.movement ?? {}), [this.id]: JSON.parse(JSON.stringify(movement)) };
    const history = deepClone(this._source._movementHistory ?? []);
    if (!history.length) history.push({ ...movement.origin, action: "walk", snapped: false, explicit: false,
      checkpoint: true, intermediate: false, userId: user.id, movementId: movement.id, cost: 0 });
    changed._movementHistory = [...history, ...movement.passed.waypoints];
    return undefined;
  }

  _onCreate(data, options, userId) {
    super._onCreate(data, options, userId);
    if (this.parent?.isView) globalThis.canvas.tokens._sync();
  }

  _onUpdate(changed, options, userId) {
    super._onUpdate(changed, options, userId);
    const movement = options.movement?.[this.id];
    if (movement && MOVEMENT_KEYS.some(k => k in changed)) {
      const user = globalThis.game.users.get(userId) ?? null;
      this.movement = { ...deepClone(movement), user, state: "completed", updateOptions: options };
      this._onUpdateMovement(movement, options, user);
      if (!options.noHook) Hooks.callAll("moveToken", this, movement, options, user);
    }
    if (this.parent?.isView) globalThis.canvas.tokens._sync();
  }

  _onDelete(options, userId) {
    super._onDelete(options, userId);
    if (this.parent?.isView) globalThis.canvas.tokens._sync();
  }

  /** Clear the recorded movement (an update of `_movementHistory` without hooks, as v13's `noHook`). */
  async clearMovementHistory() {
    if (!this._source._movementHistory?.length) return;
    await this.update({ _movementHistory: [] }, { noHook: true, _clearMovementHistory: true });
  }
}

/* ============================================ Placeables ============================================== */

/** A Token placeable (v13 foundry.canvas.placeables.Token) without PIXI: position, ownership and control. */
export class Token {
  constructor(document) {
    this.document = document;
    this.controlled = false;
  }

  get id() {
    return this.document.id;
  }

  get name() {
    return this.document.name;
  }

  get actor() {
    return this.document.actor;
  }

  get scene() {
    return this.document.parent;
  }

  get layer() {
    return globalThis.canvas.tokens;
  }

  get x() {
    return this.document.x;
  }

  get y() {
    return this.document.y;
  }

  get w() {
    return this.document.width * (this.scene?.grid.size ?? 100);
  }

  get h() {
    return this.document.height * (this.scene?.grid.size ?? 100);
  }

  get center() {
    return this.document.getCenterPoint();
  }

  get isOwner() {
    return this.document.isOwner;
  }

  /** Hidden tokens are visible to GMs only (no vision in the harness). */
  get visible() {
    return !this.document.hidden || globalThis.game.user.isGM;
  }

  /** Control this token (owners and GMs only); fires controlToken. */
  control({ releaseOthers = true } = {}) {
    if (!this.isOwner) return false;
    if (releaseOthers) for (const t of this.layer.controlled) if (t !== this) t.release();
    if (!this.controlled) {
      this.controlled = true;
      Hooks.callAll("controlToken", this, true);
    }
    globalThis.canvas._renderBoard();
    return true;
  }

  release() {
    if (this.controlled) {
      this.controlled = false;
      Hooks.callAll("controlToken", this, false);
    }
    globalThis.canvas._renderBoard();
    return true;
  }
}

/** canvas.tokens (v13 TokenLayer): the Token placeables of the viewed scene. */
export class TokenLayer {
  #objects = new Collection();
  hud = null;
  turnMarkers = [];

  get placeables() {
    return this.#objects.contents;
  }

  get controlled() {
    return this.placeables.filter(t => t.controlled);
  }

  get ownedTokens() {
    return this.placeables.filter(t => t.isOwner);
  }

  get(id) {
    return this.#objects.get(id);
  }

  releaseAll() {
    for (const t of this.controlled) t.release();
  }

  /** Re-synchronise the placeables with the viewed scene's tokens (kept by id, released when gone). */
  _sync() {
    const scene = globalThis.canvas.scene;
    const ids = new Set();
    for (const doc of scene?.tokens ?? []) {
      ids.add(doc.id);
      const existing = this.#objects.get(doc.id);
      if (existing) existing.document = doc;
      else this.#objects.set(doc.id, new Token(doc));
    }
    for (const [id, token] of Array.from(this.#objects.entries())) {
      if (ids.has(id)) continue;
      token.controlled = false;
      this.#objects.delete(id);
    }
    globalThis.canvas._renderBoard();
  }
}

/* =============================================== Canvas =============================================== */

/**
 * `canvas` (v13 Canvas, no PIXI): `ready` when a scene is viewed, `scene`, `grid` (the scene's SquareGrid, null when
 * not ready), `tokens`, `draw(scene)`. Fires canvasReady after drawing a scene.
 */
export class HarnessCanvas {
  scene = null;
  grid = null;
  ready = false;
  tokens = new TokenLayer();
  #board;

  constructor(board) {
    this.#board = board;
    board?.addEventListener("click", event => {
      const el = event.target.closest("[data-token-id]");
      if (el) this.tokens.get(el.dataset.tokenId)?.control();
    });
  }

  get dimensions() {
    if (!this.scene) return null;
    const { width, height } = this.scene;
    const { size, distance } = this.scene.grid;
    return { width, height, sceneWidth: width, sceneHeight: height, size, distance };
  }

  /** Draw the viewed scene (or `scene`): set grid and placeables, show them on the board. */
  draw(scene = globalThis.game.scenes?.viewed ?? null) {
    this.scene = scene ?? null;
    this.ready = !!this.scene;
    this.grid = this.scene?.grid ?? null;
    this.tokens._sync();
    if (this.ready) Hooks.callAll("canvasReady", this);
    return this;
  }

  _renderBoard() {
    const board = this.#board;
    if (!board) return;
    if (!this.scene) {
      board.innerHTML = `<p class="board-empty">No active scene</p>`;
      return;
    }
    const s = BOARD_SCALE;
    const px = v => `${Math.round(v * s)}px`;
    const tokens = this.tokens.placeables.filter(t => t.visible).map(t => `<button type="button"
        class="token${t.controlled ? " controlled" : ""}${t.document.hidden ? " hidden" : ""}" data-token-id="${t.id}"
        aria-pressed="${t.controlled}" title="${escapeHTML(t.name)}"
        style="left: ${px(t.x)}; top: ${px(t.y)}; width: ${px(t.w)}; height: ${px(t.h)};">${escapeHTML(t.name)}</button>`)
      .join("");
    board.innerHTML = `<h2 class="board-scene">${escapeHTML(this.scene.name)}</h2>
      <div class="board-surface" style="width: ${px(this.scene.width)}; height: ${px(this.scene.height)};
        background-size: ${px(this.scene.grid.size)} ${px(this.scene.grid.size)};">${tokens}</div>`;
  }
}
