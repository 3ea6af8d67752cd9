/**
 * Scene Regions and Region Behaviors of the v13 slice (TEST DOUBLE): RegionDocument (embedded in Scene, `regions`),
 * RegionBehavior (embedded in Region, `behaviors`), foundry.data.regionBehaviors.RegionBehaviorType, shape tests
 * without PIXI/Clipper, token membership (`TokenDocument#regions`, `RegionDocument#tokens`) and the token region
 * events, dispatched on every client as v13 does (behaviours decide, e.g. with `event.user.isSelf` or isActiveGM).
 * Only a GM may create, update or delete Regions and RegionBehaviors (the server enforces it).
 */
import {
  ArrayField, BooleanField, DocumentIdField, NumberField, ObjectField, SchemaField, SetField, StringField, TypeDataField,
  TypeDataModel
} from "./data.mjs";
import { ClientDocument, EmbeddedCollectionField } from "./documents.mjs";
import { REGION_EVENTS, REGION_VISIBILITY } from "./constants.mjs";

/* =========================================== Shapes ============================================ */

const SHAPE_TYPES = ["rectangle", "circle", "ellipse", "polygon"];

/** Rotate `p` by -degrees around `c` (into the shape's unrotated frame). */
function unrotate(p, c, degrees) {
  if (!degrees) return p;
  const r = (-degrees * Math.PI) / 180;
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  return { x: c.x + (dx * Math.cos(r)) - (dy * Math.sin(r)), y: c.y + (dx * Math.sin(r)) + (dy * Math.cos(r)) };
}

/** Even-odd ray cast over a flat [x0, y0, x1, y1, …] point list. */
function inPolygon(p, points) {
  let inside = false;
  const n = points.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[2 * i]; const yi = points[(2 * i) + 1];
    const xj = points[2 * j]; const yj = points[(2 * j) + 1];
    if (((yi > p.y) !== (yj > p.y)) && (p.x < (((xj - xi) * (p.y - yi)) / (yj - yi)) + xi)) inside = !inside;
  }
  return inside;
}

/** Does the shape data (v13 BaseShapeData subclasses) contain the point (boundary included for rectangles)? */
export function shapeContains(shape, p) {
  switch (shape.type) {
    case "rectangle": {
      const c = { x: shape.x + (shape.width / 2), y: shape.y + (shape.height / 2) };
      const q = unrotate(p, c, shape.rotation);
      return (q.x >= shape.x) && (q.x <= shape.x + shape.width) && (q.y >= shape.y) && (q.y <= shape.y + shape.height);
    }
    case "circle":
      return (((p.x - shape.x) ** 2) + ((p.y - shape.y) ** 2)) <= (shape.radius ** 2);
    case "ellipse": {
      const q = unrotate(p, shape, shape.rotation);
      return ((((q.x - shape.x) / shape.radiusX) ** 2) + (((q.y - shape.y) / shape.radiusY) ** 2)) <= 1;
    }
    case "polygon":
      return inPolygon(p, shape.points);
    default:
      return false;
  }
}

function validateShape(shape) {
  if (!shape || (typeof shape !== "object")) throw new Error("a shape must be an object");
  if (!SHAPE_TYPES.includes(shape.type)) throw new Error(`"${shape.type}" is not a valid shape type`);
  const num = (k, { positive = false } = {}) => {
    if (!Number.isFinite(shape[k]) || (positive && !(shape[k] > 0))) throw new Error(`${shape.type} ${k} must be a ${positive ? "positive " : ""}number`);
  };
  if (shape.type === "polygon") {
    const pts = shape.points;
    if (!Array.isArray(pts) || (pts.length < 6) || (pts.length % 2) || !pts.every(Number.isFinite)) {
      throw new Error("polygon points must be at least 3 [x, y] pairs of numbers");
    }
  } else {
    num("x"); num("y");
    if (shape.type === "rectangle") { num("width", { positive: true }); num("height", { positive: true }); }
    if (shape.type === "circle") num("radius", { positive: true });
    if (shape.type === "ellipse") { num("radiusX", { positive: true }); num("radiusY", { positive: true }); }
  }
  if (("hole" in shape) && (typeof shape.hole !== "boolean")) throw new Error("hole must be a boolean");
}

/** v13 shapes: an array of typed shape data, each with `hole` (false by default) and `rotation` (0) where it has one. */
class ShapesField extends ArrayField {
  constructor(options = {}) {
    super(new ObjectField(), options);
  }

  _cleanType(value) {
    return value.map(s => {
      const out = { ...s, hole: s?.hole ?? false };
      if (["rectangle", "ellipse"].includes(s?.type)) out.rotation = s.rotation ?? 0;
      return out;
    });
  }

  _validateType(value) {
    if (!Array.isArray(value)) throw new Error("must be an Array");
    value.forEach(validateShape);
    return undefined;
  }
}

/* ==================================== RegionBehaviorType ======================================= */

/** v13 foundry.data.regionBehaviors.RegionBehaviorType: the system data of a RegionBehavior. */
export class RegionBehaviorType extends TypeDataModel {
  /** Handlers by event name, called with `this` = the behaviour's system (v13 `static events`). */
  static events = {};

  /** v13: a `events` SetField a behaviour type may add to its schema, choosing which events reach _handleRegionEvent. */
  static _createEventsField({ events, initial } = {}) {
    return new SetField(new StringField({ required: true, choices: events ?? Object.values(REGION_EVENTS) }),
      { initial: initial ?? [] });
  }

  get behavior() {
    return this.parent;
  }

  get region() {
    return this.behavior?.region ?? null;
  }

  get scene() {
    return this.behavior?.scene ?? null;
  }

  /** Override: called for the events in this behaviour's `events` field. */
  async _handleRegionEvent(event) {}
}

/* ======================================= RegionBehavior ======================================== */

export class RegionBehavior extends ClientDocument {
  static metadata = Object.freeze({ name: "RegionBehavior", collection: "behaviors", label: "DOCUMENT.RegionBehavior",
    embedded: {}, hasTypeData: true, isEmbedded: true });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: true, textSearch: true }),
      type: new StringField({ required: true, blank: false,
        choices: () => globalThis.game?.documentTypes?.RegionBehavior ?? [] }),
      system: new TypeDataField("RegionBehavior"),
      disabled: new BooleanField(),
      flags: new ObjectField(),
      _stats: new ObjectField()
    };
  }

  get region() {
    return this.parent;
  }

  get scene() {
    return this.parent?.parent ?? null;
  }

  /** v13: does this behaviour handle the event (a static handler, or the event listed in its system's `events`)? */
  hasEvent(eventName) {
    const system = this.system;
    if (!(system instanceof RegionBehaviorType)) return false;
    return Object.hasOwn(system.constructor.events ?? {}, eventName) || !!system.events?.has?.(eventName);
  }

  /** v13 RegionBehavior#_handleRegionEvent: the type's static handler, then the system's _handleRegionEvent. */
  async _handleRegionEvent(event) {
    const system = this.system;
    if (!(system instanceof RegionBehaviorType)) return;
    const handlers = system.constructor.events ?? {};
    if (Object.hasOwn(handlers, event.name)) await handlers[event.name].call(system, event);
    if (system.events?.has?.(event.name)) await system._handleRegionEvent(event);
  }

  _onCreate(data, options, userId) {
    super._onCreate(data, options, userId);
    if (!this.disabled) this._onStatusEvent(REGION_EVENTS.BEHAVIOR_ACTIVATED, userId);
  }

  _onUpdate(changed, options, userId) {
    super._onUpdate(changed, options, userId);
    if ("disabled" in changed) {
      this._onStatusEvent(this.disabled ? REGION_EVENTS.BEHAVIOR_DEACTIVATED : REGION_EVENTS.BEHAVIOR_ACTIVATED, userId);
    }
  }

  _onDelete(options, userId) {
    super._onDelete(options, userId);
    if (!this.disabled) this._onStatusEvent(REGION_EVENTS.BEHAVIOR_DEACTIVATED, userId);
  }

  /** behaviorActivated / behaviorDeactivated reach only this behaviour (v13). Harness helper. */
  _onStatusEvent(name, userId) {
    if (!this.hasEvent(name)) return;
    const event = { name, data: {}, region: this.region, user: globalThis.game.users.get(userId) ?? null };
    this._handleRegionEvent(event).catch(err => console.error(`RegionBehavior [${this.uuid}] ${name} failed`, err));
  }
}

/* ======================================= RegionDocument ======================================== */

export class RegionDocument extends ClientDocument {
  static metadata = Object.freeze({ name: "Region", collection: "regions", label: "DOCUMENT.Region",
    embedded: { RegionBehavior: "behaviors" }, hasTypeData: false, isEmbedded: true });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      color: new StringField({ required: true, nullable: false, initial: "#ffffff",
        validate: v => /^#[0-9a-fA-F]{6}$/.test(v) || "must be a #rrggbb colour" }),
      shapes: new ShapesField(),
      elevation: new SchemaField({
        bottom: new NumberField({ required: true, nullable: true, initial: null }),
        top: new NumberField({ required: true, nullable: true, initial: null })
      }, { validate: e => ((e.bottom ?? -Infinity) <= (e.top ?? Infinity)) || "elevation.top may not be below elevation.bottom" }),
      behaviors: new EmbeddedCollectionField("RegionBehavior"),
      visibility: new NumberField({ required: true, nullable: false, initial: REGION_VISIBILITY.LAYER,
        choices: Object.values(REGION_VISIBILITY) }),
      locked: new BooleanField(),
      flags: new ObjectField(),
      _stats: new ObjectField()
    };
  }

  _configure(options) {
    super._configure(options);
    // v13 RegionDocument#tokens: the tokens inside this region
    Object.defineProperty(this, "tokens", { value: new Set(), enumerable: false });
  }

  /**
   * v13 RegionDocument#testPoint(point): is the ElevatedPoint {x, y, elevation} inside (elevation bottom ≤ e ≤ top,
   * null = unbounded; in at least one non-hole shape and in no hole)? v12's `testPoint(point, elevation)` form is
   * accepted too, as v13's deprecation shim does.
   */
  testPoint(point, elevation) {
    const e = elevation ?? point.elevation ?? 0;
    const { bottom, top } = this.elevation;
    if (((bottom ?? -Infinity) > e) || ((top ?? Infinity) < e)) return false;
    let inside = false;
    for (const shape of this.shapes) {
      if (!shape.hole && shapeContains(shape, point)) inside = true;
    }
    if (!inside) return false;
    return !this.shapes.some(s => s.hole && shapeContains(s, point));
  }

  /** The region's enabled behaviours become active / inactive with it (behaviorActivated / behaviorDeactivated). */
  _onCreate(data, options, userId) {
    super._onCreate(data, options, userId);
    for (const b of this.behaviors) if (!b.disabled) b._onStatusEvent(REGION_EVENTS.BEHAVIOR_ACTIVATED, userId);
  }

  _onDelete(options, userId) {
    super._onDelete(options, userId);
    for (const b of this.behaviors) if (!b.disabled) b._onStatusEvent(REGION_EVENTS.BEHAVIOR_DEACTIVATED, userId);
  }

  /**
   * v13 RegionDocument#_triggerEvent(eventName, eventData): the event is handled on this client and sent to every other
   * client, documents in its data as UUIDs, with this user's id (core v13 client/documents/region.mjs:
   * `game.socket.emit("regionEvent", {regionUuid, userId: game.user.id, eventName, eventData, eventDataUuids})`, code
   * index) — so any client may send any region event. The stand-in's own membership events (every client works them
   * out from the token's move, `user` given) are handled here only.
   */
  async _triggerEvent(name, data, user) {
    if (user === undefined) {
      user = globalThis.game.user;
      const eventData = { ...data };
      const eventDataUuids = [];
      for (const [key, value] of Object.entries(eventData)) {
        if (value?.uuid && (typeof value.documentName === "string")) { eventData[key] = value.uuid; eventDataUuids.push(key); }
      }
      globalThis.game.socket.emit("regionEvent", { regionUuid: this.uuid, userId: user.id, eventName: name,
        eventData: JSON.parse(JSON.stringify(eventData)), eventDataUuids });
    }
    return this._handleEvent({ name, data, region: this, user });
  }

  /**
   * v13 `#onSocketEvent` for "regionEvent": `const event = {name: eventName, data: eventData, region, user:
   * game.users.get(userId)}; await region._handleEvent(event);` (core v13 client/documents/region.mjs, code index). The
   * stand-in's server passes the sender's `userId` on as sent (whether v13's stamps it is not settled).
   */
  static async _onSocketEvent({ regionUuid, userId, eventName, eventData, eventDataUuids = [] }) {
    const region = globalThis.fromUuidSync(regionUuid);
    if (!region) return;
    const data = { ...eventData };
    for (const key of eventDataUuids) data[key] = globalThis.fromUuidSync(data[key]);
    await region._handleEvent({ name: eventName, data, region, user: globalThis.game.users.get(userId) ?? null });
  }

  /** v13 RegionDocument#_handleEvent: the region's enabled behaviours that handle the event, in order. */
  async _handleEvent(event) {
    const { name } = event;
    for (const behavior of Array.from(this.behaviors)) {
      if (behavior.disabled || !behavior.hasEvent(name)) continue;
      try {
        await behavior._handleRegionEvent(event);
      } catch (err) {
        console.error(`RegionBehavior [${behavior.uuid}] failed to handle ${name}`, err);
      }
    }
  }
}

/* ================================== Token membership and events ================================= */

/** The token's region set (lazily computed without events if it was never initialised). */
export function tokenRegions(token) {
  if (!token._regionSet) {
    Object.defineProperty(token, "_regionSet", { value: new Set(), writable: true, configurable: true, enumerable: false });
    for (const r of regionsAt(token)) { token._regionSet.add(r); r.tokens.add(token); }
  }
  return token._regionSet;
}

function centre(token, position = {}) {
  const p = token.getCenterPoint(position);
  return { ...p, elevation: position.elevation ?? token.elevation ?? 0 };
}

function regionsAt(token, position) {
  const p = centre(token, position);
  return (token.parent?.regions ?? []).filter(r => r.testPoint(p));
}

/** Points along the movement (origin → passed waypoints), sampled every tenth of a grid space. */
function movementPoints(token, movement) {
  const step = (token.parent?.grid?.size ?? 100) / 10;
  const list = [movement.origin, ...(movement.passed?.waypoints ?? [])].map(w => centre(token, w));
  const out = [list[0]];
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1]; const b = list[i];
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
    for (let k = 1; k <= n; k++) {
      out.push({ x: a.x + (((b.x - a.x) * k) / n), y: a.y + (((b.y - a.y) * k) / n),
        elevation: a.elevation + (((b.elevation - a.elevation) * k) / n) });
    }
  }
  return out;
}

function fire(region, name, data, user) {
  region._triggerEvent(name, data, user).catch(err => console.error(err));
}

/**
 * Recompute which regions of its scene a token's centre is in; on change fire tokenExit then tokenEnter
 * ({token, movement|null}). `deleted`: the token left the scene. Regions no longer in the scene drop out silently.
 */
export function syncTokenRegions(token, { userId = null, movement = null, deleted = false, silent = false } = {}) {
  const before = new Set(tokenRegions(token));
  const after = new Set(deleted ? [] : regionsAt(token));
  const user = globalThis.game.users.get(userId) ?? null;
  const live = r => token.parent?.regions?.get(r.id) === r;
  for (const r of before) {
    if (after.has(r)) continue;
    token._regionSet.delete(r);
    r.tokens.delete(token);
    if (!silent && live(r)) fire(r, REGION_EVENTS.TOKEN_EXIT, { token, movement }, user);
  }
  for (const r of after) {
    if (before.has(r)) continue;
    token._regionSet.add(r);
    r.tokens.add(token);
    if (!silent) fire(r, REGION_EVENTS.TOKEN_ENTER, { token, movement }, user);
  }
}

/**
 * tokenMoveIn / tokenMoveOut / tokenMoveWithin for a movement (every client, the moving user as `event.user`), in
 * path order: each time the centre's path (straight segments through the passed waypoints, sampled every tenth of a
 * grid space) crosses into a region, tokenMoveIn; out of it, tokenMoveOut; a path that stays inside, tokenMoveWithin.
 * A token that passes through a strip gets tokenMoveIn then tokenMoveOut.
 */
export function triggerMoveEvents(token, movement, user) {
  const points = movementPoints(token, movement);
  for (const region of token.parent?.regions ?? []) {
    const inside = points.map(p => region.testPoint(p));
    if (inside.every(Boolean)) {
      fire(region, REGION_EVENTS.TOKEN_MOVE_WITHIN, { token, movement }, user);
      continue;
    }
    for (let i = 1; i < inside.length; i++) {
      if (inside[i] === inside[i - 1]) continue;
      fire(region, inside[i] ? REGION_EVENTS.TOKEN_MOVE_IN : REGION_EVENTS.TOKEN_MOVE_OUT, { token, movement }, user);
    }
  }
}

/** After a region was created, changed or deleted: every token of the scene (enter/exit with movement null). */
export function syncSceneRegions(scene, { userId = null, silent = false } = {}) {
  for (const token of scene.tokens) syncTokenRegions(token, { userId, silent });
}
