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
import { DOCUMENT_OWNERSHIP_LEVELS, GRID_DIAGONALS, GRID_TYPES, REGION_EVENTS, REGION_MOVEMENT_SEGMENTS, TOKEN_DISPOSITIONS,
  TOKEN_SHAPES } from "./constants.mjs";
import Hooks from "./hooks.mjs";
import { ClientDocument, EmbeddedCollectionField, getDocumentClass, WorldCollection } from "./documents.mjs";
import { Collection, deepClone, escapeHTML, isEmpty, mergeObject, randomID } from "./utils.mjs";
import { applyDeltaSource, DELTA_EMBEDDED, emptyDelta } from "./actor-delta.mjs";
import { syncSceneRegions, syncTokenRegions, tokenRegions, triggerMoveEvents } from "./regions.mjs";

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
    embedded: { Token: "tokens", Region: "regions", Wall: "walls" }, hasTypeData: false });

  static defineSchema() {
    const systemGrid = () => globalThis.game?.system?.grid ?? {};
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      active: new BooleanField(),
      navigation: new BooleanField({ initial: true }),
      // v13 BaseScene ownership: a player sees a scene (in navigation, or to view it) with Limited or better
      ownership: new ObjectField({ initial: { default: LEVELS.NONE } }),
      width: new NumberField({ integer: true, positive: true, initial: 4000 }),
      height: new NumberField({ integer: true, positive: true, initial: 3000 }),
      // v13 BaseScene: the proportion of canvas padding around the scene (fvtt-types client/documents/scene.d.mts:
      // `padding: NumberField<{min: 0, max: 0.5, step: 0.05, initial: 0.25}>`), so by default the scene's image starts
      // a quarter of its size in from the canvas's top-left corner, and token and wall coordinates are canvas pixels
      padding: new NumberField({ required: true, nullable: false, min: 0, max: 0.5, step: 0.05, initial: 0.25 }),
      grid: new SchemaField({
        type: new NumberField({ required: true, choices: Object.values(GRID_TYPES),
          initial: () => systemGrid().type ?? GRID_TYPES.SQUARE }),
        size: new NumberField({ required: true, nullable: false, integer: true, min: 1, initial: 100 }),
        distance: new NumberField({ required: true, nullable: false, positive: true,
          initial: () => systemGrid().distance ?? 1 }),
        units: new StringField({ required: true, blank: true, initial: () => systemGrid().units ?? "" })
      }),
      tokens: new EmbeddedCollectionField("Token"),
      regions: new EmbeddedCollectionField("Region"),
      walls: new EmbeddedCollectionField("Wall"),
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
    this.dimensions = this.getDimensions();
  }

  /**
   * v13 Scene#getDimensions (set as `scene.dimensions` by prepareBaseData: fvtt-types client/documents/scene.d.mts),
   * for a square grid: the padding rounded up to whole squares on each side (v13 common/grid/square.mjs
   * `calculateDimensions`, as Crucible's own `getDimensions` in module/documents/scene.mjs calls it), the scene's image
   * the rectangle inside (`sceneRect`, at `sceneX`, `sceneY`; v13 SceneDimensions in the API docs). The harness has no
   * background offset (v13 subtracts `background.offsetX/Y` from `sceneX/Y`).
   */
  getDimensions() {
    const size = this.grid.size;
    const sceneWidth = this.width;
    const sceneHeight = this.height;
    const padding = this.padding ?? 0;
    const x = Math.ceil((padding * sceneWidth) * (1 / size)) * size;
    const y = Math.ceil((padding * sceneHeight) * (1 / size)) * size;
    const width = sceneWidth + (2 * x);
    const height = sceneHeight + (2 * y);
    return { width, height, size, rect: { x: 0, y: 0, width, height }, sceneX: x, sceneY: y, sceneWidth, sceneHeight,
      sceneRect: { x, y, width: sceneWidth, height: sceneHeight }, distance: this.grid.distance,
      distancePixels: size / this.grid.distance, ratio: sceneWidth / sceneHeight, maxR: Math.hypot(width, height),
      rows: Math.ceil((height / size) - 1e-6), columns: Math.ceil((width / size) - 1e-6) };
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

  /**
   * v13 Scene#pullUsers: send these users' clients to this scene (the core "pullToScene" socket event; the server
   * refuses anyone but a GM). Each pulled client views the scene.
   * @param {(User|string)[]} users
   */
  pullUsers(users = []) {
    for (const u of users) globalThis.game.socket.emit("pullToScene", this.id, typeof u === "string" ? u : u.id);
  }

  _onCreate(data, options, userId) {
    super._onCreate(data, options, userId);
    syncSceneRegions(this, { silent: true });
    if (this.active || !globalThis.canvas?.ready) globalThis.canvas?.draw();
  }

  _onUpdate(changed, options, userId) {
    super._onUpdate(changed, options, userId);
    // an update carrying the `regions` or `tokens` array (replaced wholesale): membership follows
    if (("regions" in changed) || ("tokens" in changed)) syncSceneRegions(this, { userId });
    if (("active" in changed) || this.isView) globalThis.canvas?.draw();
  }

  _onDelete(options, userId) {
    super._onDelete(options, userId);
    if (globalThis.canvas?.scene?.id === this.id) globalThis.canvas.draw();
  }

  _onCreateDescendantDocuments(...args) {
    super._onCreateDescendantDocuments(...args);
    this.#regionsChanged(args);
    if (this.isView) globalThis.canvas.tokens._sync();
  }

  _onUpdateDescendantDocuments(...args) {
    super._onUpdateDescendantDocuments(...args);
    const [parent, collection, , changes] = args;
    if ((parent === this) && (collection === "regions")
      && changes.some(c => ("shapes" in c) || ("elevation" in c))) this.#regionsChanged(args);
    if (this.isView) globalThis.canvas.tokens._sync();
  }

  _onDeleteDescendantDocuments(...args) {
    super._onDeleteDescendantDocuments(...args);
    this.#regionsChanged(args);
    if (this.isView) globalThis.canvas.tokens._sync();
  }

  /** A region of this scene was created, reshaped or deleted: token membership (tokenEnter/tokenExit, movement null). */
  #regionsChanged([parent, collection, , , , userId]) {
    if ((parent === this) && (collection === "regions")) syncSceneRegions(this, { userId });
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

/* ============================================= ActorDelta ============================================= */

/** Replace an object's own keys with another's, keeping the object (sources shared by reference stay shared). */
function replaceContents(target, source) {
  for (const k of Object.keys(target)) if (!(k in source)) delete target[k];
  Object.assign(target, source);
  return target;
}

/**
 * v13 ActorDelta (client/documents/actor-delta.mjs, common/documents/actor-delta.mjs), minimal: the singleton
 * embedded document of a TokenDocument (`token.delta`, id = the token's id) whose source is the token's `delta`
 * source: `{_id, name, type, img, system (partial), items, effects, ownership, flags}`. `syntheticActor` is the
 * token's Actor for an unlinked token: the base actor's data with the delta applied (`applyDelta`), its parent the
 * TokenDocument. The harness keeps ONE synthetic actor instance per token and updates it in place, so sheets and
 * references stay valid.
 */
export class ActorDelta extends ClientDocument {
  static metadata = Object.freeze({ name: "ActorDelta", collection: "delta", label: "DOCUMENT.ActorDelta",
    embedded: {}, hasTypeData: false, isEmbedded: true });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ nullable: true, initial: null }),
      type: new StringField({ nullable: true, initial: null }),
      img: new StringField({ nullable: true, initial: null }),
      system: new ObjectField(),
      items: new ArrayField(new ObjectField()),
      effects: new ArrayField(new ObjectField()),
      ownership: new ObjectField({ nullable: true, initial: null }),
      flags: new ObjectField()
    };
  }

  /** v13 BaseActorDelta.applyDelta: the synthetic Actor for `delta` over `baseActor` (the base itself if linked). */
  static applyDelta(delta, baseActor, context = {}) {
    if (!baseActor) return null;
    if (delta.parent?.isLinked) return baseActor;
    const cls = getDocumentClass("Actor");
    return new cls(applyDeltaSource(baseActor.toObject(), delta._source), { parent: delta.parent, strict: false, ...context });
  }

  /** v13 ActorDelta#apply. */
  apply(context = {}) {
    return this.constructor.applyDelta(this, this.parent.baseActor, context);
  }

  /** v13 ActorDelta#getBaseCollection. */
  getBaseCollection(collectionName) {
    return this.parent?.baseActor?.getEmbeddedCollection(collectionName);
  }

  /** v13: an ActorDelta's permissions are its token's (which are its actor's). */
  getUserLevel(user = globalThis.game.user) {
    return this.parent.getUserLevel(user);
  }

  /**
   * (Re)build the synthetic actor from the base actor and this delta (v13 `_createSyntheticActor` /
   * `updateSyntheticActor`), updating the existing instance in place and preparing it.
   */
  updateSyntheticActor() {
    const token = this.parent;
    const base = token.baseActor;
    if (token.isLinked || !base) {
      this.syntheticActor = null;
      return null;
    }
    const data = applyDeltaSource(base.toObject(), this._source);
    let actor = this.syntheticActor;
    if (!actor || (actor.id !== base.id)) {
      const cls = getDocumentClass("Actor");
      actor = new cls(data, { parent: token, strict: false });
      Object.defineProperty(this, "syntheticActor", { value: actor, writable: true, configurable: true, enumerable: false });
    } else {
      for (const key of Object.values(DELTA_EMBEDDED)) {
        data[key] = data[key].map(src => {
          const existing = actor[key]?.get(src._id);
          return existing ? replaceContents(existing._source, src) : src;
        });
      }
      replaceContents(actor._source, data);
      actor._initialize({ prepare: false });
    }
    actor._safePrepareData();
    return actor;
  }

  /** v13 ActorDelta#_onUpdate: the synthetic actor's `_onUpdate` and the `updateActor` hook, on every client. */
  _onUpdate(changed, options, userId) {
    if (this.parent.isLinked || !this.syntheticActor) return;
    this.syntheticActor._onUpdate(changed, options, userId);
    if (!options.noHook) Hooks.callAll("updateActor", this.syntheticActor, changed, options, userId);
  }

  _onCreate() {}
  _onDelete() {}
}

/* ============================================ TokenDocument =========================================== */

const MOVEMENT_KEYS = ["x", "y", "elevation", "width", "height", "shape"];

const emptySection = () => ({ waypoints: [], distance: 0, spaces: 0, cost: 0, diagonals: 0 });
/** v13 #VALID_MOVEMENT_WAYPOINT_PROPERTIES. */
const WAYPOINT_KEYS = new Set(["x", "y", "elevation", "width", "height", "shape", "action", "snapped", "explicit", "checkpoint"]);
const MOVEMENT_METHODS = ["api", "config", "dragging", "keyboard", "paste", "undo"];
/** v13 #WRITEABLE_MOVEMENT_OPERATION_PROPERTIES (writable in preMoveToken). */
const WRITEABLE_MOVEMENT_KEYS = ["autoRotate", "showRuler"];
/** Movement actions without intermediate steps (v13 CONFIG.Token.movement.actions[action].teleport). */
const TELEPORT_ACTIONS = new Set(["displace", "blink"]);

function deepFreeze(value) {
  if (value && (typeof value === "object") && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

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
      delta: new ObjectField({ nullable: true, initial: null }),
      flags: new ObjectField()
    };
  }

  _configure(options) {
    super._configure(options);
    Object.defineProperty(this, "_movementState", { value: null, writable: true, enumerable: false });
    // v13 TokenDocument#actors: the singleton collection holding the synthetic actor by its base actor's id
    Object.defineProperty(this, "actors", { value: new Collection(), enumerable: false });
  }

  /**
   * The token's `delta` source is kept (one ActorDelta instance per token, its `_source` the token's `delta` source,
   * id = the token's id; v13 TokenDocument#prepareEmbeddedDocuments creates `{_id: token.id}` when missing).
   */
  _initialize(options = {}) {
    super._initialize(options);
    const src = this._source;
    if (!src.delta || (typeof src.delta !== "object")) src.delta = emptyDelta(src._id ?? null);
    if (src.delta._id !== (src._id ?? null)) src.delta._id = src._id ?? null;
    let delta = this._deltaDocument;
    if (!delta || (delta._source !== src.delta)) {
      delta = new ActorDelta(src.delta, { parent: this, strict: false });
      if (delta._source !== src.delta) src.delta = delta._source;
      Object.defineProperty(this, "_deltaDocument", { value: delta, writable: true, configurable: true, enumerable: false });
    } else delta._initialize({ prepare: false });
    Object.defineProperty(this, "delta", { value: delta, writable: true, configurable: true, enumerable: false });
  }

  /** v13: the synthetic actor is (re)built with the token's data preparation. */
  prepareEmbeddedDocuments() {
    this.delta?.updateSyntheticActor();
  }

  /**
   * v13 TokenDocument#actor: the world actor for a linked token, else the synthetic actor of the token's ActorDelta
   * (uuid `Scene.<sid>.Token.<tid>.Actor.<aid>`, `isToken`, `token`); null without a base actor.
   */
  get actor() {
    if (this.isLinked) return this.baseActor;
    const delta = this.delta;
    if (delta && (delta.syntheticActor === undefined)) delta.updateSyntheticActor();
    return delta?.syntheticActor ?? null;
  }

  /** v13 TokenDocument#baseActor: the world actor by actorId. */
  get baseActor() {
    return this.actorId ? (globalThis.game.actors?.get(this.actorId) ?? null) : null;
  }

  get isLinked() {
    return this.actorLink;
  }

  /** v13 BaseToken#testUserPermission delegates to the actor (synthetic or world). */
  getUserLevel(user = globalThis.game.user) {
    if (!user) return LEVELS.NONE;
    if (this.actor) return this.actor.getUserLevel(user);
    return super.getUserLevel(user);
  }

  /**
   * v13 TokenDocument#getEmbeddedCollection: for an unlinked token "Actor" is the `actors` singleton collection (the
   * synthetic actor), "Item"/"ActiveEffect" the synthetic actor's; "ActorDelta" is the delta (harness: any token).
   */
  getEmbeddedCollection(embeddedName) {
    if (embeddedName === "ActorDelta") return new Collection(this.delta ? [[this.delta.id, this.delta]] : []);
    if (!this.isLinked) {
      switch (embeddedName) {
        case "Actor":
          this.actors.clear();
          if (this.actor) this.actors.set(this.actorId, this.actor);
          return this.actors;
        case "Item":
          return this.actor?.items;
        case "ActiveEffect":
          return this.actor?.effects;
      }
    }
    return super.getEmbeddedCollection(embeddedName);
  }

  /** v13 TokenDocument#_onUpdateBaseActor: the base actor changed → rebuild the synthetic actor and re-render it. */
  _onUpdateBaseActor(update = {}, options = {}) {
    if (!this.isLinked && this.delta) {
      this.delta.updateSyntheticActor();
      this.actor?.render(false, { renderContext: "updateActor" });
    }
    this._onRelatedUpdate(update, options);
  }

  /** v13 TokenDocument#_onRelatedUpdate (harness: re-render the combat tracker stand-in when in combat). */
  _onRelatedUpdate(update = {}, options = {}) {
    if (this.combatant) globalThis.ui.combat?.render();
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
  /** v13 TokenDocument#regions: the Set of this scene's RegionDocuments the token's centre is in. */
  get regions() {
    return tokenRegions(this);
  }

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

  /** v13 TokenDocument.MOVEMENT_FIELDS. */
  static MOVEMENT_FIELDS = Object.freeze([...MOVEMENT_KEYS]);

  /** v13 TokenDocument._isMovementUpdate(changes, origin?). */
  static _isMovementUpdate(changes, origin) {
    if (!origin) return MOVEMENT_KEYS.some(k => k in changes);
    return MOVEMENT_KEYS.some(k => (k in changes) && (changes[k] !== origin[k]));
  }

  /** v13 TokenDocument.arePositionsEqual. */
  static arePositionsEqual(a, b) {
    return MOVEMENT_KEYS.every(k => a[k] === b[k]);
  }

  /**
   * v13 TokenDocument#movement: the current movement (the last TokenMovementOperation received, with `user`, `state`
   * ("pending" while chained sections follow, "completed", "stopped") and `updateOptions`), or an empty completed one.
   */
  get movement() {
    if (this._movementState) return this._movementState;
    const p = this.#position();
    return deepFreeze({ id: "", chain: [], origin: p, destination: { ...p }, passed: emptySection(), pending: emptySection(),
      history: { recorded: emptySection(), unrecorded: emptySection(), distance: 0, cost: 0, spaces: 0, diagonals: 0 },
      recorded: false, method: "api", constrainOptions: {}, autoRotate: false, showRuler: false,
      user: globalThis.game.user, state: "completed", updateOptions: {} });
  }

  /**
   * v13 TokenDocument#move(waypoints, {method, constrainOptions, autoRotate, showRuler, ...operation}): an update
   * `update({}, {...operation, movement: {[id]: {waypoints, method, …}}})`. Resolves true if the token moved (the first
   * section; the rest of a multi-checkpoint path follows as chained updates), false if the movement was refused.
   */
  async move(waypoints, { method, constrainOptions, autoRotate, showRuler, ...options } = {}) {
    if (!Array.isArray(waypoints)) waypoints = [waypoints];
    else if (waypoints.length === 0) return false;
    const args = { result: false };
    const updated = await this.update({}, { ...options, movement: { [this.id]: { waypoints, method, constrainOptions,
      autoRotate, showRuler } }, _movementArguments: args });
    return args.result && !!updated;
  }

  /**
   * v13 TokenDocument#stopMovement: "Only the User that initiated the movement can stop it" (fvtt-types
   * client/documents/token.d.mts), and core throws for anyone else before it looks at the state (core v13
   * `client/documents/token.mjs` `#stopMovement(broadcast)`: `if ( broadcast && !this.movement.user.isSelf ) throw new
   * Error("Only the User that initiated the movement can stop it.")`, code index). Harness: local state only; other
   * clients are not told.
   */
  stopMovement() {
    if (!this.movement.user?.isSelf) throw new Error("Only the User that initiated the movement can stop it.");
    return this.#stop();
  }

  /** The stop itself (v13 `#stopMovement(false)`, as on a mover's disconnect: no check of who moved). */
  #stop() {
    const m = this.movement;
    if (m.state === "stopped") return true;
    if (m.state === "completed") return false;
    this._movementState = Object.freeze({ ...m, state: "stopped", pending: deepFreeze(emptySection()) });
    Hooks.callAll("stopToken", this);
    return true;
  }

  /** v13 TokenDocument#_shouldRecordMovementHistory: only while the token's combatant's combat has started. */
  _shouldRecordMovementHistory() {
    const combatant = this.combatant;
    if (!combatant) return false;
    return !!(combatant.combat ?? combatant.parent)?.started;
  }

  /** v13 #cleanAndValiateMovementWaypoints: fill from the previous waypoint, round x/y, keep the valid keys. */
  #cleanWaypoints(waypoints) {
    let previous = { ...this.#position(), action: "walk" };
    return waypoints.map(w => {
      const waypoint = { ...w };
      for (const k of ["x", "y", "elevation", "width", "height"]) {
        if (waypoint[k] === undefined) waypoint[k] = previous[k];
        else if ((typeof waypoint[k] !== "number") || !Number.isFinite(waypoint[k])) throw new Error(`${k} must be a finite number`);
      }
      waypoint.x = Math.round(waypoint.x);
      waypoint.y = Math.round(waypoint.y);
      if (!(waypoint.width > 0) || !(waypoint.height > 0)) throw new Error("width and height must be positive");
      if (waypoint.shape === undefined) waypoint.shape = previous.shape;
      if (waypoint.action === undefined) waypoint.action = previous.action;
      else if (typeof waypoint.action !== "string") throw new Error("action must be a string");
      for (const k of ["snapped", "explicit", "checkpoint"]) {
        if (waypoint[k] === undefined) waypoint[k] = false;
        else if (typeof waypoint[k] !== "boolean") throw new Error(`${k} must be a boolean`);
      }
      for (const key of Object.keys(waypoint)) if (!WAYPOINT_KEYS.has(key)) delete waypoint[key];
      previous = waypoint;
      return waypoint;
    });
  }

  /**
   * v13 #splitMovementPath(origin, waypoints) (core v13 `client/documents/token.mjs`, code index): the path is split at
   * its first checkpoint, and a checkpoint is added where the path first enters a region with an active behaviour
   * handling tokenMoveIn/tokenMoveWithin/tokenEnter, or leaves one handling tokenMoveOut/tokenMoveWithin/tokenExit —
   * the nearest such point to the previous waypoint — so a drag through a strip ends its first section inside it.
   */
  #splitMovementPath(origin, waypoints) {
    const E = REGION_EVENTS;
    const S = REGION_MOVEMENT_SEGMENTS;
    const regions = [];
    for (const region of this.parent?.regions ?? []) {
      let toIn = false;
      let toOut = false;
      for (const behavior of region.behaviors) {
        if (behavior.disabled) continue;
        toIn ||= behavior.hasEvent(E.TOKEN_MOVE_WITHIN) || behavior.hasEvent(E.TOKEN_MOVE_IN) || behavior.hasEvent(E.TOKEN_ENTER);
        toOut ||= behavior.hasEvent(E.TOKEN_MOVE_WITHIN) || behavior.hasEvent(E.TOKEN_MOVE_OUT) || behavior.hasEvent(E.TOKEN_EXIT);
      }
      if (toIn || toOut) regions.push({ region, toIn, toOut });
    }
    const passed = [];
    const pending = [];
    let split = false;
    let previous = origin;
    const grid = this.parent?.grid;
    const distancePixels = (grid?.size ?? 100) / (grid?.distance ?? 1);
    for (const current of waypoints) {
      if (split) pending.push(current);
      else {
        let t0 = Infinity;
        let checkpoint = null;
        const c0 = this.getCenterPoint(previous);
        for (const { region, toIn, toOut } of regions) {
          for (const { type, to } of this.segmentizeRegionMovementPath(region, [previous, current])) {
            if (!((type === S.ENTER) && toIn) && !((type === S.EXIT) && toOut)) continue;
            const c = this.getCenterPoint(to);
            const dz = ((to.elevation ?? 0) - (previous.elevation ?? 0)) * distancePixels;
            const t = ((c.x - c0.x) ** 2) + ((c.y - c0.y) ** 2) + (dz ** 2);
            if (t < t0) [t0, checkpoint] = [t, to];
            break;
          }
        }
        if (checkpoint) {
          if (TokenDocument.arePositionsEqual(checkpoint, previous) && (previous !== origin)) {
            previous.checkpoint = true;
            pending.push(current);
          } else if (TokenDocument.arePositionsEqual(checkpoint, current)) {
            current.checkpoint = true;
            passed.push(current);
          } else {
            const { x, y, elevation, width, height, shape } = checkpoint;
            passed.push({ x, y, elevation, width, height, shape, action: current.action, snapped: false, explicit: false,
              checkpoint: true });
            pending.push(current);
          }
          split = true;
        } else {
          passed.push(current);
          split = current.checkpoint;
        }
      }
      previous = current;
    }
    return { passed, pending };
  }

  /** v13 TokenDocument#testInsideRegion (the stand-in: the token's centre, as RegionDocument#testPoint takes it). */
  testInsideRegion(region, data = {}) {
    const source = this._source;
    const p = this.getCenterPoint({ x: data.x ?? source.x, y: data.y ?? source.y, width: data.width ?? source.width,
      height: data.height ?? source.height, shape: data.shape ?? source.shape });
    return region.testPoint({ x: p.x, y: p.y, elevation: data.elevation ?? source.elevation ?? 0 });
  }

  /**
   * v13 TokenDocument#segmentizeRegionMovementPath(region, waypoints): the movement through the region as ENTER, MOVE
   * and EXIT segments, kept to the rules fvtt-types 13.345 documents (`client/documents/token.d.mts`): inside at the
   * *to* of ENTER and the *from* of EXIT, outside at the *from* of ENTER and the *to* of EXIT. The stand-in finds a
   * crossing by sampling each straight segment every tenth of a grid space and halving to the pixel (core computes it
   * from the region's polygons).
   */
  segmentizeRegionMovementPath(region, waypoints) {
    const S = REGION_MOVEMENT_SEGMENTS;
    const source = this._source;
    const fill = (w, prior) => ({ x: w.x ?? prior.x, y: w.y ?? prior.y, elevation: w.elevation ?? prior.elevation ?? 0,
      width: w.width ?? prior.width, height: w.height ?? prior.height, shape: w.shape ?? prior.shape });
    const step = (this.parent?.grid?.size ?? 100) / 10;
    const segments = [];
    let a = fill(waypoints[0] ?? {}, source);
    let moveFrom = this.testInsideRegion(region, a) ? a : null;
    for (let i = 1; i < waypoints.length; i++) {
      const b = fill(waypoints[i], a);
      const at = t => ({ ...b, x: Math.round(a.x + ((b.x - a.x) * t)), y: Math.round(a.y + ((b.y - a.y) * t)),
        elevation: a.elevation + ((b.elevation - a.elevation) * t) });
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      const n = Math.max(1, Math.ceil(length / step));
      let lo = 0;
      let inside = this.testInsideRegion(region, a);
      for (let k = 1; k <= n; k++) {
        let hi = k / n;
        if (this.testInsideRegion(region, at(hi)) === inside) {
          lo = hi;
          continue;
        }
        let low = lo;
        while ((hi - low) * Math.max(length, 1) > 0.5) {
          const mid = (low + hi) / 2;
          if (this.testInsideRegion(region, at(mid)) === inside) low = mid;
          else hi = mid;
        }
        const [from, to] = [at(low), at(hi)];
        if (inside) {
          if (moveFrom) segments.push({ type: S.MOVE, from: moveFrom, to: from });
          segments.push({ type: S.EXIT, from, to });
          moveFrom = null;
        } else {
          segments.push({ type: S.ENTER, from, to });
          moveFrom = to;
        }
        inside = !inside;
        lo = hi;
      }
      a = b;
    }
    if (moveFrom) segments.push({ type: S.MOVE, from: moveFrom, to: a });
    return segments;
  }

  /** v13 TokenDocument#getCompleteMovementPath: the waypoints with one `intermediate` waypoint per grid step between. */
  getCompleteMovementPath(waypoints) {
    const grid = this.#grid;
    const size = grid.size;
    const path = [];
    let from = null;
    let previous = this.#position();
    for (let i = 0; i < waypoints.length; i++) {
      const w = { ...previous, action: "walk", terrain: null, snapped: false, explicit: false, checkpoint: false,
        intermediate: false, ...waypoints[i] };
      const to = grid.getOffset({ x: w.x + (size / 2), y: w.y + (size / 2) });
      if ((i > 0) && from && !TELEPORT_ACTIONS.has(w.action)) {
        const steps = grid.getDirectPath([from, to]);
        for (let s = 1; s < steps.length - 1; s++) {
          const { x, y } = grid.getTopLeftPoint(steps[s]);
          path.push({ x, y, elevation: w.elevation, width: w.width, height: w.height, shape: w.shape, action: w.action,
            terrain: null, snapped: true, explicit: false, checkpoint: false, intermediate: true });
        }
      }
      path.push(w);
      from = to;
      previous = w;
    }
    return path;
  }

  /** Measure a section (positions only) from `start`: {distance, spaces, diagonals, cost, segments}. */
  #measureSection(start, waypoints) {
    const positions = [start, ...waypoints].filter(Boolean).map(({ x, y, width, height }) => ({ x, y, width, height }));
    if (positions.length < 2) return { distance: 0, spaces: 0, diagonals: 0, cost: 0, segments: [] };
    return this.measureMovementPath(positions);
  }

  /**
   * v13 TokenDocument#preUpdateMovement (called from _preUpdate on the moving client): the waypoints come from
   * `operation.movement[id]` or are inferred from x/y/… changes (one checkpoint); the path is split at its first
   * checkpoint — `passed` is sent now (with intermediate steps), `pending` follows in chained updates; the
   * TokenMovementOperation goes to `_preUpdateMovement` and `preMoveToken` (false removes only the movement fields from
   * the update) and then into `operation._movement[id]`; `options.diff` becomes false.
   */
  async #preUpdateMovement(changed, options, user) {
    if (!options.isUndo) delete changed._movementHistory;
    if (options._clearMovementHistory) changed._movementHistory = [];
    let { waypoints, method, constrainOptions, autoRotate, showRuler } = options.movement?.[this.id] ?? {};
    if (waypoints && (waypoints.length === 0)) waypoints = undefined;
    const source = this._source;
    if (!waypoints && TokenDocument._isMovementUpdate(changed)) {
      const at = k => changed[k] ?? source[k];
      waypoints = [{ x: at("x"), y: at("y"), elevation: at("elevation"), width: at("width"), height: at("height"),
        shape: at("shape"), action: options.isPaste ? "displace" : undefined, snapped: false, explicit: false,
        checkpoint: true }];
    }
    if (!waypoints) {
      for (const k of MOVEMENT_KEYS) delete changed[k];
      return;
    }
    method ??= (options.isPaste ? "paste" : (options.isUndo ? "undo" : "api"));
    if (!MOVEMENT_METHODS.includes(method) || ((method === "paste") !== !!options.isPaste)
      || ((method === "undo") !== !!options.isUndo)) throw new Error("Invalid movement method");
    constrainOptions = deepClone(constrainOptions ?? {});
    if (autoRotate !== undefined) autoRotate = !!autoRotate;
    if (showRuler !== undefined) showRuler = !!showRuler;
    if ((method === "paste") || (method === "undo")) [autoRotate, showRuler] = [false, false];
    else if (method === "dragging") {
      autoRotate ??= false; // core setting tokenAutoRotate (the harness has none: off)
      showRuler ??= true;
    } else {
      autoRotate ??= false;
      showRuler ??= false;
    }
    options._movement ??= {};
    waypoints = this.#cleanWaypoints(waypoints);
    const origin = Object.freeze(this.#position());
    const movementId = randomID();
    const recorded = !options.isUndo && this._shouldRecordMovementHistory();
    const recordedHistory = (source._movementHistory ?? []).map(w => ({ ...w, cost: w.cost ?? Infinity }));
    const combined = recordedHistory.concat(recorded ? [] : (options._movementArguments?.unrecorded ?? []).map(w => ({ ...w })));
    const previous = combined.at(-1);
    if (!previous || !TokenDocument.arePositionsEqual(previous, origin)) {
      combined.push({ ...origin, action: previous ? "displace" : waypoints[0].action, terrain: null, snapped: false,
        explicit: false, checkpoint: true, intermediate: false, userId: user.id, movementId, cost: 0 });
    }
    const unrecordedHistory = combined.slice(recordedHistory.length);
    let { passed, pending } = (options.isPaste || options.isUndo) ? { passed: waypoints, pending: [] }
      : this.#splitMovementPath(origin, waypoints);
    if (passed.length === 0) {
      for (const k of MOVEMENT_KEYS) delete changed[k];
      return;
    }
    const destination = passed.at(-1);
    destination.checkpoint = true;
    for (const k of MOVEMENT_KEYS) changed[k] = destination[k];

    // Distances of each section (non-intermediate waypoints; EQUIDISTANT sections add up)
    const nonIntermediate = list => list.filter(w => !w.intermediate);
    const rec = this.#measureSection(null, nonIntermediate(recordedHistory));
    const unrec = this.#measureSection(nonIntermediate(recordedHistory).at(-1), nonIntermediate(unrecordedHistory));
    const pas = this.#measureSection(origin, passed);
    const pen = this.#measureSection(destination, pending);

    // Intermediate steps; per-waypoint cost measured when the token is rendered (v13: 0 otherwise)
    passed = this.getCompleteMovementPath([origin, ...passed]).slice(1);
    pending = this.getCompleteMovementPath([destination, ...pending]).slice(1);
    const rendered = this.rendered;
    const costs = list => {
      const m = this.#measureSection(origin, list);
      let total = 0;
      list.forEach((w, i) => total += (w.cost = rendered ? (m.segments[i]?.cost ?? 0) : 0));
      return total;
    };
    for (const w of passed) Object.assign(w, { userId: user.id, movementId });
    const passedCost = costs(passed);
    for (const w of pending) Object.assign(w, { userId: user.id, movementId });
    let pendingCost = 0;
    if (pending.length) {
      const m = this.#measureSection(destination, pending);
      pending.forEach((w, i) => pendingCost += (w.cost = rendered ? (m.segments[i]?.cost ?? 0) : 0));
    }
    combined.push(...passed);
    const sum = list => list.reduce((t, w) => t + (w.cost ?? 0), 0);
    const section = (list, m, cost) => ({ waypoints: list, distance: m.distance, cost, spaces: m.spaces, diagonals: m.diagonals });
    const move = Object.seal({
      id: movementId,
      chain: options._movementArguments?.chain ?? [],
      origin,
      destination: { x: destination.x, y: destination.y, elevation: destination.elevation, width: destination.width,
        height: destination.height, shape: destination.shape },
      passed: section(passed, pas, passedCost),
      pending: section(pending, pen, pendingCost),
      history: {
        recorded: section(recordedHistory, rec, sum(recordedHistory)),
        unrecorded: section(unrecordedHistory, unrec, sum(unrecordedHistory)),
        distance: rec.distance + unrec.distance, cost: sum(recordedHistory) + sum(unrecordedHistory),
        spaces: rec.spaces + unrec.spaces, diagonals: rec.diagonals + unrec.diagonals
      },
      constrained: false,
      recorded,
      method,
      constrainOptions,
      autoRotate,
      showRuler
    });
    for (const [key, value] of Object.entries(move)) {
      if (WRITEABLE_MOVEMENT_KEYS.includes(key)) continue;
      Object.defineProperty(move, key, { value: deepFreeze(value), enumerable: true });
    }
    let allowed = (await this._preUpdateMovement(move, options)) ?? true;
    allowed &&= (options.noHook || Hooks.call("preMoveToken", this, move, options));
    if (allowed === false) {
      for (const k of MOVEMENT_KEYS) delete changed[k];
      if (options._movementArguments?.movementId && (options._movementArguments.movementId === this.movement.id)) this.stopMovement();
      return;
    }
    for (const key of WRITEABLE_MOVEMENT_KEYS) Object.defineProperty(move, key, { value: deepFreeze(move[key]), enumerable: true });
    if (move.autoRotate && !("rotation" in changed)) {
      let c1 = this.getCenterPoint(move.destination);
      for (let i = passed.length - 1; i >= 0; i--) {
        const w = i > 0 ? passed[i - 1] : origin;
        if (w.intermediate) continue;
        const c0 = this.getCenterPoint(w);
        if ((c0.x !== c1.x) || (c0.y !== c1.y)) {
          changed.rotation = ((((Math.atan2(c1.y - c0.y, c1.x - c0.x) * 180) / Math.PI) - 90) % 360 + 360) % 360;
          break;
        }
        c1 = c0;
      }
    }
    if (recorded) changed._movementHistory = combined.map(w => ({ ...w, cost: w.cost === Infinity ? null : w.cost }));
    Object.defineProperty(options._movement, this.id, { value: move, enumerable: true, configurable: true });
    options.diff = false;
    if (options._movementArguments) options._movementArguments.result = true;
  }

  /** v13: called on the moving client before the update; return false to refuse the movement. */
  async _preUpdateMovement(movement, operation) {}

  /** v13: called on every client after the update that moved the token (from _onUpdateOperation, before moveToken). */
  _onUpdateMovement(movement, operation, user) {}

  async _preUpdate(changed, options, user) {
    const allowed = await super._preUpdate(changed, options, user);
    if (allowed === false) return false;
    await this.#preUpdateMovement(changed, options, user);
    return undefined;
  }

  _onCreate(data, options, userId) {
    super._onCreate(data, options, userId);
    Object.defineProperty(this, "_regionSet", { value: new Set(), writable: true, configurable: true, enumerable: false });
    syncTokenRegions(this, { userId });
    if (this.parent?.isView) globalThis.canvas.tokens._sync();
  }

  /** v13 #onUpdateMovement: record the received movement (frozen) as this token's current movement. */
  _onUpdate(changed, options, userId) {
    if (("actorId" in changed) || ("actorLink" in changed)) this.delta?.updateSyntheticActor();
    const movement = options._movement?.[this.id];
    if (movement) {
      const impute = list => list.forEach(w => { w.cost ??= Infinity; });
      impute(movement.passed.waypoints);
      impute(movement.pending.waypoints);
      impute(movement.history.recorded.waypoints);
      impute(movement.history.unrecorded.waypoints);
      for (const s of [movement.passed, movement.pending, movement.history.recorded, movement.history.unrecorded, movement.history]) {
        s.cost ??= Infinity;
      }
      deepFreeze(movement);
      const user = globalThis.game.users.get(userId) ?? null;
      const state = movement.constrained ? "stopped" : (movement.pending.waypoints.length > 0 ? "pending" : "completed");
      const { animate, animation, diff, noHook, pan, render, renderSheet, isPaste, isUndo } = options;
      const updateOptions = deepFreeze(JSON.parse(JSON.stringify({ animate, animation, diff, noHook, pan, render,
        renderSheet, isPaste, isUndo })));
      this._movementState = Object.freeze({ ...movement, user, state, updateOptions });
    } else if (options._clearMovementHistory) this.#stop();
    super._onUpdate(changed, options, userId);
    if (["x", "y", "elevation", "width", "height"].some(k => k in changed)) {
      syncTokenRegions(this, { userId, movement: options._movement?.[this.id] ?? null });
    }
    if ("_movementHistory" in changed) Hooks.callAll("recordToken", this);
    if (this.parent?.isView) globalThis.canvas.tokens._sync();
  }

  /**
   * v13 TokenDocument._onDeleteOperation (every client, after every deleteToken): on the deleting user's client,
   * `if ( user.isSelf ) foundry.documents.Combat._onDeleteTokens(documents, operation, user)` (core v13
   * `client/documents/token.mjs`, code index; fvtt-types client/documents/combat.d.mts lists `_onDeleteTokens`).
   */
  static _onDeleteOperation(documents, operation, user) {
    if (user?.isSelf) getDocumentClass("Combat")._onDeleteTokens(documents, operation, user);
  }

  /**
   * v13 TokenDocument._onUpdateOperation (every client, after every updateToken): `_onUpdateMovement` and `moveToken`
   * for each moved token; on the moving user's client a movement with pending waypoints continues (a chained update
   * of the rest, after the current workflow — the harness has no animation to wait for).
   */
  static async _onUpdateOperation(documents, operation, user) {
    if (!operation._movement) return;
    const toContinue = [];
    for (const document of documents) {
      const movement = operation._movement[document.id];
      if (!movement) continue;
      triggerMoveEvents(document, movement, user);
      document._onUpdateMovement(movement, operation, user);
      Hooks.callAll("moveToken", document, movement, operation, user);
      if (user?.isSelf && (document.movement.id === movement.id) && (document.movement.state === "pending")) {
        toContinue.push([document, movement.id]);
      }
    }
    if (!toContinue.length) return;
    await new Promise(resolve => setTimeout(resolve, 0));
    for (const [document, movementId] of toContinue) document._continueMovement(movementId).catch(err => {
      console.error(`Token [${document.id}] movement could not continue`, err);
    });
  }

  /** v13 #continueMovement: move through the pending (non-intermediate) waypoints as a chained movement. */
  async _continueMovement(movementId) {
    const m = this.movement;
    if ((m.id !== movementId) || (m.state !== "pending")) return false;
    if (this.parent?.tokens.get(this.id) !== this) return false;
    const waypoints = m.pending.waypoints.filter(w => !w.intermediate);
    const updateOptions = JSON.parse(JSON.stringify(m.updateOptions ?? {}));
    for (const [k, v] of Object.entries(updateOptions)) if (v === null) delete updateOptions[k];
    updateOptions.movement = { [this.id]: { waypoints, method: m.method, constrainOptions: m.constrainOptions,
      autoRotate: m.autoRotate, showRuler: m.showRuler } };
    const args = { result: false, movementId, unrecorded: null, chain: [...m.chain, m.id] };
    if (!m.recorded) args.unrecorded = m.history.unrecorded.waypoints.concat(m.passed.waypoints);
    updateOptions._movementArguments = args;
    const updated = await this.update({}, updateOptions);
    return args.result && !!updated;
  }

  _onDelete(options, userId) {
    super._onDelete(options, userId);
    syncTokenRegions(this, { userId, deleted: true });
    if (this.parent?.isView) globalThis.canvas.tokens._sync();
  }

  /** v13 TokenDocument#clearMovementHistory: `update({}, {diff: false, noHook: true, _clearMovementHistory: true})`. */
  /**
   * v13 TokenDocument#toggleCombatant(options) (fvtt-types 13.345 `client/documents/token.d.mts`): add this token to
   * the viewed Combat (a new one for its scene when there is none), or remove it; resolves whether it is now a
   * combatant. Stand-in: the combatant gets the token's, actor's and scene's ids, as `TokenDocument.createCombatants`.
   * @param {{combat?: Combat}} [options]
   * @returns {Promise<boolean>}
   */
  async toggleCombatant({ combat } = {}) {
    combat ??= globalThis.game.combats.viewed;
    const mine = combat?.combatants.filter(c => c.tokenId === this.id && c.sceneId === this.parent?.id) ?? [];
    if (mine.length) {
      await combat.deleteEmbeddedDocuments("Combatant", mine.map(c => c.id));
      return false;
    }
    combat ??= await globalThis.getDocumentClass("Combat").create({ scene: this.parent?.id ?? null, active: true });
    await combat.createEmbeddedDocuments("Combatant", [{ tokenId: this.id, sceneId: this.parent?.id,
      actorId: this.actorId, hidden: this.hidden }]);
    return true;
  }

  async clearMovementHistory() {
    if (!this._source._movementHistory?.length) return;
    await this.update({}, { diff: false, noHook: true, _clearMovementHistory: true });
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
  /** v13 canvas.hud (HeadsUpDisplay): the token HUD only. */
  hud = { token: null };
  /** v13 canvas.stage (a PIXI.Container): only the camera — pivot (the view's centre, scene px) and scale. */
  stage = { pivot: { x: 0, y: 0 }, scale: { x: 1, y: 1 } };
  #board;

  /**
   * v13 Canvas#pan({x, y, scale}): move the camera; the view position becomes stage.pivot (x, y) and stage.scale,
   * constrained to the scene; fires `canvasPan(canvas, position)`.
   * @param {{x?: number, y?: number, scale?: number}} [position]
   */
  pan({ x = this.stage.pivot.x, y = this.stage.pivot.y, scale = this.stage.scale.x } = {}) {
    const w = this.scene?.dimensions?.width ?? 0;
    const h = this.scene?.dimensions?.height ?? 0;
    const position = { x: Math.max(0, Math.min(w, Number(x))), y: Math.max(0, Math.min(h, Number(y))), scale: Number(scale) || 1 };
    this.stage.pivot.x = position.x;
    this.stage.pivot.y = position.y;
    this.stage.scale.x = this.stage.scale.y = position.scale;
    Hooks.callAll("canvasPan", this, position);
  }

  constructor(board) {
    this.#board = board;
    board?.addEventListener("click", event => {
      const el = event.target.closest("[data-token-id]");
      if (el) return this.tokens.get(el.dataset.tokenId)?.control();
      const surface = event.target.closest(".board-surface");
      if (surface) this.#moveControlledTo(event, surface);
      return undefined;
    });
    // v13 Token#_onClickRight: an owner's (or GM's) right-click toggles the token HUD
    board?.addEventListener("contextmenu", event => {
      const el = event.target.closest("[data-token-id]");
      const token = el ? this.tokens.get(el.dataset.tokenId) : null;
      if (!token) return;
      event.preventDefault();
      const hud = this.hud.token;
      if (!hud || !token.isOwner) return;
      if (hud.rendered && hud.object === token) hud.close();
      else hud.bind(token);
    });
  }

  /** v13 Canvas#dimensions: the drawn scene's (Scene#dimensions). */
  get dimensions() {
    return this.scene?.dimensions ?? null;
  }

  /** Draw the viewed scene (or `scene`): set grid and placeables, show them on the board. */
  draw(scene = globalThis.game.scenes?.viewed ?? null) {
    this.scene = scene ?? null;
    this.ready = !!this.scene;
    this.grid = this.scene?.grid ?? null;
    // a drawn scene opens with the camera on its centre (v13: the scene's initial view, else its centre)
    const r = this.scene?.dimensions?.sceneRect;
    if (r) Object.assign(this.stage.pivot, { x: r.x + (r.width / 2), y: r.y + (r.height / 2) });
    this.tokens._sync();
    if (this.ready) Hooks.callAll("canvasReady", this);
    return this;
  }

  /**
   * A click on the board with tokens controlled moves them there, as a drag does in v13 (the stand-in has no drag):
   * the first controlled token the user owns goes to the clicked grid square's top-left, the others keep their
   * offsets from it, through `TokenDocument#move(waypoints, {method: "dragging"})` (fvtt-types 13.345
   * `TokenMovementMethod` "dragging", the method of a canvas drag).
   */
  #moveControlledTo(event, surface) {
    const tokens = this.tokens.controlled.filter(t => t.isOwner);
    if (!tokens.length || !this.scene) return;
    const rect = surface.getBoundingClientRect();
    const size = this.scene.grid.size;
    const snap = v => Math.max(0, Math.floor(v / BOARD_SCALE / size) * size);
    const x = snap(event.clientX - rect.left);
    const y = snap(event.clientY - rect.top);
    const [lead] = tokens;
    for (const t of tokens) {
      const to = { x: x + (t.document.x - lead.document.x), y: y + (t.document.y - lead.document.y) };
      t.document.move([to], { method: "dragging" }).catch(err => ui.notifications?.error(err.message));
    }
  }

  /** The regions this user sees drawn (v13 REGION_VISIBILITY: a GM all of them, as on the Regions layer; others ALWAYS). */
  #visibleRegions() {
    const always = CONST.REGION_VISIBILITY.ALWAYS;
    return [...(this.scene?.regions ?? [])].filter(r => globalThis.game.user.isGM || r.visibility === always);
  }

  /** The board's last HTML: a change that draws the board as it was (most document changes) leaves it alone. */
  #boardHTML = null;

  _renderBoard() {
    const board = this.#board;
    if (!board) return;
    const html = this.#boardMarkup();
    if (html === this.#boardHTML) return;
    board.innerHTML = this.#boardHTML = html;
  }

  #boardMarkup() {
    if (!this.scene) return `<p class="board-empty">No active scene</p>`;
    const s = BOARD_SCALE;
    const px = v => `${Math.round(v * s)}px`;
    const tokens = this.tokens.placeables.filter(t => t.visible).map(t => `<button type="button"
        class="token${t.controlled ? " controlled" : ""}${t.document.hidden ? " hidden" : ""}" data-token-id="${t.id}"
        aria-pressed="${t.controlled}" title="${escapeHTML(t.name)}"
        style="left: ${px(t.x)}; top: ${px(t.y)}; width: ${px(t.w)}; height: ${px(t.h)};">${escapeHTML(t.name)}</button>`)
      .join("");
    const regions = this.#visibleRegions().flatMap(r => (r.shapes ?? []).filter(sh => sh.type === "rectangle" && !sh.hole)
      .map(sh => `<div class="region" data-region-id="${r.id}" title="${escapeHTML(r.name)}"
        style="left: ${px(sh.x)}; top: ${px(sh.y)}; width: ${px(sh.width)}; height: ${px(sh.height)};">${escapeHTML(r.name)}</div>`))
      .join("");
    return `<h2 class="board-scene">${escapeHTML(this.scene.name)}</h2>
      <div class="board-surface" style="width: ${px(this.scene.dimensions.width)}; height: ${px(this.scene.dimensions.height)};
        background-size: ${px(this.scene.grid.size)} ${px(this.scene.grid.size)};">${regions}${tokens}</div>`;
  }
}
