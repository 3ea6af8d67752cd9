/**
 * foundry.utils — the helpers of the v13 slice (TEST DOUBLE, see tests/harness/README.md).
 * Pure functions (no DOM at import time), so the harness server imports the same mergeObject/expandObject.
 */

/** v13 getType: "Object" for plain objects, else the constructor name / primitive type ("null", "Array", "Set"…). */
export function getType(v) {
  if (v === null) return "null";
  const t = typeof v;
  if (t !== "object") return t;
  if (Array.isArray(v)) return "Array";
  const proto = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null) return "Object";
  return v.constructor?.name ?? "Unknown";
}

const isPlainObject = v => getType(v) === "Object";

/** Deep clone of plain objects, arrays, Dates, Sets and Maps; other class instances are kept by reference. */
export function deepClone(original, { strict = false } = {}) {
  if (typeof original !== "object" || original === null) return original;
  if (Array.isArray(original)) return original.map(v => deepClone(v, { strict }));
  if (original instanceof Date) return new Date(original);
  if (original instanceof Set) return new Set([...original].map(v => deepClone(v, { strict })));
  if (original instanceof Map) return new Map([...original].map(([k, v]) => [k, deepClone(v, { strict })]));
  if (!isPlainObject(original)) {
    if (strict) throw new Error("deepClone cannot clone advanced objects");
    return original;
  }
  const clone = {};
  for (const [k, v] of Object.entries(original)) clone[k] = deepClone(v, { strict });
  return clone;
}

/** v13 mergeObject with insertKeys/insertValues/overwrite/recursive/inplace/enforceTypes/performDeletions. */
export function mergeObject(original, other = {}, {
  insertKeys = true, insertValues = true, overwrite = true, recursive = true, inplace = true,
  enforceTypes = false, performDeletions = false
} = {}, _d = 0) {
  other = other || {};
  if (!(original instanceof Object) || !(other instanceof Object)) throw new Error("One of original or other are not Objects!");
  const options = { insertKeys, insertValues, overwrite, recursive, inplace, enforceTypes, performDeletions };
  if (!inplace && _d === 0) original = deepClone(original);
  if (Object.keys(original).some(k => /\./.test(k))) original = expandObject(original);
  if (Object.keys(other).some(k => /\./.test(k))) other = expandObject(other);
  for (let k of Object.keys(other)) {
    const v = other[k];
    if (Object.hasOwn(original, k)) _mergeUpdate(original, k, v, options, _d + 1);
    else _mergeInsert(original, k, v, options, _d + 1);
  }
  return original;
}

function _mergeInsert(original, k, v, { insertKeys, insertValues, performDeletions } = {}, _d) {
  if (k.startsWith("-=") && performDeletions) {
    delete original[k.slice(2)];
    return;
  }
  if (k.startsWith("==") && performDeletions) {
    original[k.slice(2)] = v;
    return;
  }
  const canInsert = ((_d <= 1) && insertKeys) || ((_d > 1) && insertValues);
  if (!canInsert) return;
  if (isPlainObject(v)) {
    original[k] = mergeObject({}, v, { insertKeys: true, inplace: true, performDeletions });
    return;
  }
  original[k] = v;
}

function _mergeUpdate(original, k, v, { insertKeys, insertValues, enforceTypes, overwrite, recursive, performDeletions } = {}, _d) {
  const x = original[k];
  const tv = getType(v);
  const tx = getType(x);
  if ((tv === "Object") && (tx === "Object") && recursive) {
    return mergeObject(x, v, { insertKeys, insertValues, overwrite, enforceTypes, performDeletions, inplace: true }, _d);
  }
  if (overwrite) {
    if ((tx !== "undefined") && (tv !== tx) && enforceTypes) throw new Error("Mismatched data types encountered during object merge.");
    original[k] = v;
  }
}

/** Read a dotted path. */
export function getProperty(object, key) {
  if (!key || object == null) return undefined;
  if (key in Object(object)) return object[key];
  let target = object;
  for (const p of key.split(".")) {
    if (target == null || typeof target !== "object") return undefined;
    target = target[p];
  }
  return target;
}

/** Write a dotted path, creating objects on the way; true if the value changed. */
export function setProperty(object, key, value) {
  if (!key) return false;
  let target = object;
  const parts = key.split(".");
  const last = parts.pop();
  for (const p of parts) {
    if (!(p in target) || target[p] === null || typeof target[p] !== "object") target[p] = {};
    target = target[p];
  }
  const changed = target[last] !== value;
  target[last] = value;
  return changed;
}

/** Does the dotted path exist (value not undefined)? */
export function hasProperty(object, key) {
  if (!key || object == null) return false;
  if (key in Object(object)) return true;
  let target = object;
  for (const p of key.split(".")) {
    if (target == null || typeof target !== "object" || !(p in target)) return false;
    target = target[p];
  }
  return true;
}

/** {"a.b": 1} → {a: {b: 1}} (recursively). */
export function expandObject(obj, _d = 0) {
  if (_d > 100) throw new Error("Maximum object expansion depth exceeded");
  const expanded = {};
  for (const [k, v0] of Object.entries(obj)) {
    let v = v0;
    if (isPlainObject(v)) v = expandObject(v, _d + 1);
    else if (Array.isArray(v)) v = v.map(e => (isPlainObject(e) ? expandObject(e, _d + 1) : e));
    setProperty(expanded, k, v);
  }
  return expanded;
}

/** {a: {b: 1}} → {"a.b": 1}; empty objects are kept as values. */
export function flattenObject(obj, _d = 0) {
  const flat = {};
  if (_d > 100) throw new Error("Maximum depth exceeded");
  for (const [k, v] of Object.entries(obj)) {
    if (isPlainObject(v) && Object.keys(v).length) {
      for (const [ik, iv] of Object.entries(flattenObject(v, _d + 1))) flat[`${k}.${ik}`] = iv;
    } else flat[k] = v;
  }
  return flat;
}

/** True for undefined, null, "", [], {}, empty Set/Map. */
export function isEmpty(value) {
  const t = getType(value);
  switch (t) {
    case "undefined": case "null": return true;
    case "Array": case "string": return !value.length;
    case "Object": return !Object.keys(value).length;
    case "Set": case "Map": return !value.size;
    default: return false;
  }
}

/** Deep equality of plain data. */
export function objectsEqual(a, b) {
  if (a === b) return true;
  const ta = getType(a);
  if (ta !== getType(b)) return false;
  if (ta === "Array") return (a.length === b.length) && a.every((v, i) => objectsEqual(v, b[i]));
  if (ta === "Object") {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every(k => objectsEqual(a[k], b[k]));
  }
  return false;
}

/** The parts of `other` that differ from `original` (v13 diffObject, arrays compared whole). */
export function diffObject(original, other, { inner = false, deletionKeys = false } = {}) {
  const diff = {};
  for (const [k, v] of Object.entries(other)) {
    if (deletionKeys && k.startsWith("-=")) {
      if (Object.hasOwn(original, k.slice(2))) diff[k] = v;
      continue;
    }
    if (inner && !(k in original)) continue;
    const o = original[k];
    if (isPlainObject(v) && isPlainObject(o)) {
      const d = diffObject(o, v, { inner, deletionKeys });
      if (!isEmpty(d)) diff[k] = d;
    } else if (!objectsEqual(o, v)) diff[k] = v;
  }
  return diff;
}

/** Is `v1` a newer version than `v0`? (dotted numeric comparison) */
export function isNewerVersion(v1, v0) {
  const a = String(v1).split(/[.-]/);
  const b = String(v0).split(/[.-]/);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? "0";
    const y = b[i] ?? "0";
    const nx = Number(x);
    const ny = Number(y);
    if (Number.isFinite(nx) && Number.isFinite(ny)) {
      if (nx !== ny) return nx > ny;
    } else if (x !== y) return x > y;
  }
  return false;
}

/** Escape &<>"' for safe insertion into HTML. */
export function escapeHTML(value) {
  return String(value ?? "").replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);
}

/** A random 16-character alphanumeric id (v13 randomID). */
export function randomID(length = 16) {
  const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, b => chars[b % chars.length]).join("");
}

/** Is this a valid document id (16 alphanumerics)? */
export const isValidId = id => /^[a-zA-Z0-9]{16}$/.test(id);

/** Trailing-edge debounce. */
export function debounce(callback, delay) {
  let timeoutId;
  return function debounced(...args) {
    clearTimeout(timeoutId);
    timeoutId = setTimeout(() => callback.apply(this, args), delay);
  };
}

/** Parse an HTML string to one element (or an HTMLCollection when it has several roots). Browser only. */
export function parseHTML(htmlString) {
  const div = document.createElement("div");
  div.innerHTML = htmlString;
  const children = div.children;
  return children.length > 1 ? children : children[0];
}

/** Is `cls` the same as or a subclass of `parent`? */
export function isSubclass(cls, parent) {
  if (typeof cls !== "function") return false;
  return cls === parent || parent.isPrototypeOf(cls);
}

/** Is the value a number or a numeric string? (Foundry's Number.isNumeric, kept internal.) */
export const isNumeric = n => {
  if (n instanceof Array) return false;
  if ([null, ""].includes(n)) return false;
  return +n === +n;
};

/** Is the string valid JSON? */
export function isJSON(value) {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * A Map which iterates its values (v13 foundry.utils.Collection).
 */
export class Collection extends Map {
  *[Symbol.iterator]() {
    yield* this.values();
  }

  get contents() {
    return Array.from(this.values());
  }

  find(fn) {
    for (const v of this.values()) if (fn(v)) return v;
    return undefined;
  }

  filter(fn) {
    return this.contents.filter(fn);
  }

  map(fn) {
    return this.contents.map(fn);
  }

  some(fn) {
    return this.contents.some(fn);
  }

  every(fn) {
    return this.contents.every(fn);
  }

  reduce(fn, initial) {
    return this.contents.reduce(fn, initial);
  }

  forEach(fn) {
    for (const v of this.values()) fn(v);
  }

  get(key, { strict = false } = {}) {
    const entry = super.get(key);
    if (strict && entry === undefined) throw new Error(`The key ${key} does not exist in the ${this.constructor.name} Collection`);
    return entry;
  }

  getName(name, { strict = false } = {}) {
    const entry = this.find(e => e.name === name);
    if (strict && entry === undefined) throw new Error(`An entry with name ${name} does not exist in the collection`);
    return entry;
  }

  toJSON() {
    return this.map(e => (e.toJSON ? e.toJSON() : e));
  }
}
