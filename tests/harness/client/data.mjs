/**
 * foundry.data.fields and foundry.abstract.DataModel / TypeDataModel (TEST DOUBLE).
 * Cleaning and validation follow v13's DataField contract: clean() casts, applies initial values and clamps;
 * validate() returns a failure (never throws); a model built with strict: true throws on a failure.
 */
import { deepClone, expandObject, getType, isEmpty, isJSON, isValidId, mergeObject } from "./utils.mjs";

/* ----------------------------------------- Validation failures ----------------------------------------- */

export class DataModelValidationFailure {
  constructor({ invalidValue, message = "", unresolved = false } = {}) {
    this.invalidValue = invalidValue;
    this.message = message;
    this.unresolved = unresolved;
    this.fields = {};
    this.elements = [];
  }

  /** Flat ["path: message"] list. */
  messages(prefix = "") {
    const out = [];
    if (this.message) out.push(`${prefix || "(root)"}: ${this.message}`);
    for (const [k, f] of Object.entries(this.fields)) out.push(...f.messages(prefix ? `${prefix}.${k}` : k));
    for (const { id, failure } of this.elements) out.push(...failure.messages(`${prefix}.${id}`));
    return out;
  }

  asError(label = "DataModel") {
    const err = new Error(`${label} validation errors:\n  ${this.messages().join("\n  ")}`);
    err.name = "DataModelValidationError";
    err.failure = this;
    return err;
  }
}

/* ------------------------------------------------ Fields ----------------------------------------------- */

export class DataField {
  constructor(options = {}, { name, parent } = {}) {
    this.name = name;
    this.parent = parent;
    this.options = options;
    for (const [k, v] of Object.entries(this.constructor._defaults)) this[k] = k in options ? options[k] : v;
  }

  static get _defaults() {
    return { required: false, nullable: false, initial: undefined, readonly: false, gmOnly: false, label: "", hint: "",
      validationError: "is not a valid value" };
  }

  static recursive = false;

  get fieldPath() {
    return [this.parent?.fieldPath, this.name].filter(Boolean).join(".");
  }

  clean(value, options = {}) {
    if (value === null) {
      if (this.nullable) return value;
      value = undefined;
    }
    if (value === undefined) return this.getInitialValue(options.source);
    return this._cleanType(this._cast(value), options);
  }

  _cleanType(value) {
    return value;
  }

  _cast(value) {
    return value;
  }

  getInitialValue(data) {
    const v = this.initial instanceof Function ? this.initial.call(this, data) : this.initial;
    return deepClone(v);
  }

  validate(value, options = {}) {
    const validators = [this._validateSpecial, this._validateType];
    if (this.options.validate) validators.push(this.options.validate);
    try {
      for (const validator of validators) {
        const isValid = validator.call(this, value, options);
        if (isValid === true) return undefined;
        if (isValid === false) return new DataModelValidationFailure({ invalidValue: value, message: this.validationError, unresolved: true });
        if (isValid instanceof DataModelValidationFailure) return isValid;
      }
    } catch (err) {
      return new DataModelValidationFailure({ invalidValue: value, message: err.message, unresolved: true });
    }
    return undefined;
  }

  _validateSpecial(value) {
    if (value === null) {
      if (this.nullable) return true;
      throw new Error("may not be null");
    }
    if (value === undefined) {
      if (this.required) throw new Error("may not be undefined");
      return true;
    }
    return undefined;
  }

  _validateType() {
    return undefined;
  }

  initialize(value) {
    return value;
  }

  toObject(value) {
    return value;
  }
}

export class SchemaField extends DataField {
  constructor(fields, options = {}, context = {}) {
    super(options, context);
    this.fields = {};
    for (const [name, field] of Object.entries(fields)) {
      if (!(field instanceof DataField)) throw new Error(`The "${name}" field is not an instance of the DataField class.`);
      if (field.parent !== undefined) throw new Error(`The "${field.fieldPath}" field already belongs to some other parent and may not be reused.`);
      field.name = name;
      field.parent = this;
      this.fields[name] = field;
    }
  }

  static get _defaults() {
    return { ...super._defaults, required: true, nullable: false, initial() { return this.clean({}); } };
  }

  static recursive = true;

  *[Symbol.iterator]() {
    yield* Object.values(this.fields);
  }

  keys() { return Object.keys(this.fields); }
  values() { return Object.values(this.fields); }
  entries() { return Object.entries(this.fields); }
  has(name) { return name in this.fields; }
  get(name) { return this.fields[name]; }

  getField(path) {
    const parts = Array.isArray(path) ? [...path] : path.split(".");
    let field = this;
    while (parts.length && field) field = field instanceof SchemaField ? field.get(parts.shift()) : undefined;
    return field;
  }

  _cast(value) {
    return typeof value === "object" ? value : {};
  }

  _cleanType(data, options = {}) {
    options.source = options.source || data;
    for (const [name, field] of this.entries()) {
      if (!(name in data) && options.partial) continue;
      data[name] = field.clean(data[name], { ...options, source: options.source });
    }
    for (const k of Object.keys(data)) {
      if (this.has(k)) continue;
      if (options.partial && (k.startsWith("-=") || k.startsWith("=="))) continue;
      delete data[k];
    }
    return data;
  }

  _validateType(data, options = {}) {
    if (!(data instanceof Object)) throw new Error("must be an object");
    const failure = new DataModelValidationFailure();
    for (const [key, field] of this.entries()) {
      if (options.partial && !(key in data)) continue;
      const f = field.validate(data[key], { ...options, source: options.source || data });
      if (f) {
        failure.fields[key] = f;
        failure.unresolved = true;
      }
    }
    return isEmpty(failure.fields) ? undefined : failure;
  }

  initialize(value, model, options = {}) {
    if (!value) return value;
    const data = {};
    for (const [name, field] of this.entries()) defineInitialized(data, name, field.initialize(value[name], model, options), field);
    return data;
  }

  toObject(value) {
    if (value === undefined || value === null) return value;
    const data = {};
    for (const [name, field] of this.entries()) data[name] = field.toObject(value[name]);
    return data;
  }
}

/** Assign an initialized value; a getter function (lazy foreign document) becomes a property getter, as in v13. */
function defineInitialized(target, name, v, field) {
  if (field.readonly) Object.defineProperty(target, name, { value: v, writable: false, enumerable: true, configurable: true });
  else if ((typeof v === "function") && !v.prototype) Object.defineProperty(target, name, { get: v, set() {}, enumerable: true, configurable: true });
  else target[name] = v;
}

export class BooleanField extends DataField {
  static get _defaults() {
    return { ...super._defaults, required: true, nullable: false, initial: false };
  }

  _cast(value) {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }

  _validateType(value) {
    if (typeof value !== "boolean") throw new Error("must be a boolean");
  }
}

function isValidChoice(choices, value) {
  if (choices instanceof Function) choices = choices();
  if (choices instanceof Array) return choices.includes(value);
  return String(value) in choices;
}

export class NumberField extends DataField {
  constructor(options = {}, context = {}) {
    super(options, context);
    if (this.choices) this.nullable = options.nullable ?? false;
    if (Number.isFinite(this.min) && Number.isFinite(this.max) && this.min > this.max) {
      throw new Error("NumberField minimum constraint cannot exceed its maximum constraint");
    }
  }

  static get _defaults() {
    return { ...super._defaults, initial: null, nullable: true, min: undefined, max: undefined, step: undefined,
      integer: false, positive: false, choices: undefined };
  }

  _cast(value) {
    return Number(value);
  }

  _cleanType(value) {
    if (typeof value !== "number") return value;
    if (this.integer) value = Math.round(value);
    if (Number.isFinite(this.min)) value = Math.max(value, this.min);
    if (Number.isFinite(this.max)) value = Math.min(value, this.max);
    if (Number.isFinite(this.step)) value = Math.round(value / this.step) * this.step;
    return value;
  }

  _validateType(value) {
    if (typeof value !== "number") throw new Error("must be a number");
    if (this.positive && value <= 0) throw new Error("must be a positive number");
    if (Number.isFinite(this.min) && value < this.min) throw new Error(`must be at least ${this.min}`);
    if (Number.isFinite(this.max) && value > this.max) throw new Error(`must be at most ${this.max}`);
    if (this.choices && !isValidChoice(this.choices, value)) throw new Error(`${value} is not a valid choice`);
    if (this.integer) {
      if (!Number.isInteger(value)) throw new Error("must be an integer");
    } else if (!Number.isFinite(value)) throw new Error("must be a finite number");
  }
}

export class StringField extends DataField {
  constructor(options = {}, context = {}) {
    super(options, context);
    if (this.choices) {
      this.nullable = options.nullable ?? false;
      this.blank = options.blank ?? false;
    }
  }

  static get _defaults() {
    return { ...super._defaults, blank: true, trim: true, nullable: false, choices: undefined, textSearch: false,
      initial() {
        if (!this.required) return undefined;
        if (this.blank) return "";
        if (this.nullable) return null;
        return undefined;
      } };
  }

  clean(value, options) {
    if ((typeof value === "string") && this.trim) value = value.trim();
    if (value === "") {
      if (this.blank) return value;
      value = undefined;
    }
    return super.clean(value, options);
  }

  _cast(value) {
    return String(value);
  }

  _validateSpecial(value) {
    if (value === "") {
      if (this.blank) return true;
      throw new Error("may not be a blank string");
    }
    return super._validateSpecial(value);
  }

  _validateType(value) {
    if (typeof value !== "string") throw new Error("must be a string");
    if (this.choices) {
      if (isValidChoice(this.choices, value)) return true;
      throw new Error(`${value} is not a valid choice`);
    }
    return undefined;
  }
}

export class HTMLField extends StringField {
  static get _defaults() {
    return { ...super._defaults, required: true, blank: true };
  }
}

export class JSONField extends StringField {
  constructor(options = {}, context = {}) {
    super(options, context);
    this.blank = false;
    this.trim = false;
    this.choices = undefined;
  }

  static get _defaults() {
    return { ...super._defaults, blank: false, trim: false, initial: undefined, validationError: "is not a valid JSON string" };
  }

  clean(value, options) {
    if (value === "") return '""';
    return super.clean(value, options);
  }

  _cast(value) {
    if ((typeof value !== "string") || !isJSON(value)) return JSON.stringify(value);
    return value;
  }

  _validateType(value) {
    if ((typeof value !== "string") || !isJSON(value)) throw new Error("must be a serialized JSON string");
  }

  initialize(value) {
    if (value === undefined || value === null) return value;
    return JSON.parse(value);
  }

  toObject(value) {
    if (value === undefined) return value;
    return JSON.stringify(value);
  }
}

export class DocumentIdField extends StringField {
  static get _defaults() {
    return { ...super._defaults, required: true, blank: false, nullable: true, initial: null, readonly: true,
      validationError: "is not a valid Document ID string" };
  }

  _cast(value) {
    return value?.id ?? String(value);
  }

  _validateType(value) {
    if (!isValidId(value)) throw new Error("must be a valid 16-character alphanumeric ID");
  }
}

/** A reference to another document by id; initialised to a lazy getter of that document unless `idOnly`. */
export class ForeignDocumentField extends DocumentIdField {
  constructor(model, options = {}, context = {}) {
    super(options, context);
    this.documentName = typeof model === "string" ? model : model?.documentName;
  }

  static get _defaults() {
    return { ...super._defaults, nullable: true, readonly: false, idOnly: false };
  }

  initialize(value) {
    if (this.idOnly || !value) return value ?? null;
    const name = this.documentName;
    return () => globalThis.game?.collections?.get(name)?.get(value) ?? null;
  }

  toObject(value) {
    return value?._id ?? value;
  }
}

const UUID_PATTERN = /^(?:Compendium\.[^.]+\.[^.]+\.)?(?:[A-Z][A-Za-z]+\.[a-zA-Z0-9]{16})(?:\.[A-Z][A-Za-z]+\.[a-zA-Z0-9]{16})*$/;

export class DocumentUUIDField extends StringField {
  static get _defaults() {
    return { ...super._defaults, required: true, blank: false, nullable: true, initial: null, type: undefined, embedded: undefined };
  }

  _validateType(value) {
    if (!UUID_PATTERN.test(value)) throw new Error("must be a valid Document UUID string");
    const parts = value.replace(/^Compendium\.[^.]+\.[^.]+\./, "").split(".");
    const docName = parts.at(-2);
    if (this.type && docName !== this.type) throw new Error(`Invalid document type "${docName}" which must be a ${this.type}`);
    if (this.embedded === false && parts.length > 2) throw new Error("may not be an embedded Document");
    if (this.embedded === true && parts.length < 4) throw new Error("must be an embedded Document");
  }
}

export class ObjectField extends DataField {
  static get _defaults() {
    return { ...super._defaults, required: true, nullable: false };
  }

  getInitialValue(data) {
    const initial = super.getInitialValue(data);
    if (initial) return initial;
    if (!this.required) return undefined;
    if (this.nullable) return null;
    return {};
  }

  _cast(value) {
    return getType(value) === "Object" ? value : {};
  }

  initialize(value) {
    if (!value) return value;
    return deepClone(value);
  }

  toObject(value) {
    return deepClone(value);
  }

  _validateType(value) {
    if (getType(value) !== "Object") throw new Error("must be an object");
  }
}

export class ArrayField extends DataField {
  constructor(element, options = {}, context = {}) {
    super(options, context);
    if (!(element instanceof DataField)) throw new Error(`${this.constructor.name} must have a DataField as its contained element`);
    this.element = element;
    if (this.min > this.max) throw new Error("ArrayField minimum length cannot exceed maximum length");
  }

  static get _defaults() {
    return { ...super._defaults, required: true, nullable: false, min: 0, max: Infinity, initial: () => [] };
  }

  static recursive = true;

  _cast(value) {
    const t = getType(value);
    if (t === "Object") {
      const arr = [];
      for (const [k, v] of Object.entries(value)) {
        const i = Number(k);
        if (Number.isInteger(i) && i >= 0) arr[i] = v;
      }
      return arr;
    }
    if (t === "Set") return Array.from(value);
    return value instanceof Array ? value : [value];
  }

  _cleanType(value, options) {
    return value.map(v => this.element.clean(v, { ...options, partial: false }));
  }

  _validateType(value, options = {}) {
    if (!(value instanceof Array)) throw new Error("must be an Array");
    if (value.length < this.min) throw new Error(`cannot have fewer than ${this.min} elements`);
    if (value.length > this.max) throw new Error(`cannot have more than ${this.max} elements`);
    const failure = new DataModelValidationFailure();
    value.forEach((v, i) => {
      const f = this.element.validate(v, { ...options, partial: false });
      if (f) failure.elements.push({ id: i, failure: f });
    });
    if (failure.elements.length) {
      failure.unresolved = true;
      return failure;
    }
    return undefined;
  }

  initialize(value, model, options = {}) {
    if (!value) return value;
    return value.map(v => this.element.initialize(v, model, options));
  }

  toObject(value) {
    if (!value) return value;
    return Array.from(value, v => this.element.toObject(v));
  }
}

export class SetField extends ArrayField {
  _validateType(value, options = {}) {
    if (new Set(value).size !== value.length) throw new Error("must contain only unique elements");
    return super._validateType(value, options);
  }

  initialize(value, model, options = {}) {
    if (!value) return value;
    return new Set(super.initialize(value, model, options));
  }

  toObject(value) {
    if (!value) return value;
    return Array.from(value, v => this.element.toObject(v));
  }
}

/**
 * The `system` field of a typed document: cleans, validates and initialises with the TypeDataModel registered in
 * CONFIG[documentName].dataModels[type]; a type without a model keeps a plain object.
 */
export class TypeDataField extends ObjectField {
  constructor(documentName, options = {}, context = {}) {
    super(options, context);
    this.documentName = documentName;
  }

  getModelForType(type) {
    return globalThis.CONFIG?.[this.documentName]?.dataModels?.[type] ?? null;
  }

  #type(options) {
    return options.documentType ?? options.source?.type;
  }

  getInitialValue(data) {
    const cls = this.getModelForType(data?.type);
    return cls ? cls.cleanData({}) : {};
  }

  _cleanType(value, options = {}) {
    const cls = this.getModelForType(this.#type(options));
    if (!cls) return value;
    return cls.cleanData(value, { partial: options.partial, source: value });
  }

  _validateType(value, options = {}) {
    if (getType(value) !== "Object") throw new Error("must be an object");
    const cls = this.getModelForType(this.#type(options));
    if (!cls) return undefined;
    return cls.schema.validate(value, { partial: options.partial, source: value });
  }

  initialize(value, model, options = {}) {
    const cls = this.getModelForType(model.type ?? model._source?.type);
    if (!cls) return deepClone(value);
    return new cls(value, { parent: model, strict: false, ...options });
  }

  toObject(value) {
    return value?.toObject instanceof Function ? value.toObject(false) : deepClone(value);
  }
}

/* ------------------------------------------------ Models ----------------------------------------------- */

export class DataModel {
  constructor(data = {}, { parent = null, strict = true, ...options } = {}) {
    Object.defineProperty(this, "parent", { value: parent, writable: true, configurable: true, enumerable: false });
    const source = this._initializeSource(data, { strict, ...options });
    Object.defineProperty(this, "_source", { value: source, writable: false, enumerable: false });
    Object.defineProperty(this, "_validationFailure", { value: null, writable: true, enumerable: false });
    this.validate({ strict, label: options.label });
    this._configure(options);
    this._initialize(options);
  }

  static defineSchema() {
    throw new Error(`The ${this.name} subclass of DataModel must define its Document schema`);
  }

  static get schema() {
    if (Object.hasOwn(this, "_schema")) return this._schema;
    const schema = new SchemaField(Object.freeze(this.defineSchema()));
    Object.defineProperty(this, "_schema", { value: schema, writable: false });
    return schema;
  }

  get schema() {
    return this.constructor.schema;
  }

  get invalid() {
    return !!this._validationFailure;
  }

  get validationFailures() {
    return { fields: this._validationFailure, joint: null };
  }

  static cleanData(source = {}, options = {}) {
    return this.schema.clean(source, options);
  }

  static migrateData(source) {
    return source;
  }

  static migrateDataSafe(source) {
    try {
      this.migrateData(source);
    } catch (err) {
      console.warn(`${this.name}.migrateData failed`, err);
    }
    return source;
  }

  _initializeSource(data, options = {}) {
    if (data instanceof DataModel) data = data.toObject();
    if (getType(data) !== "Object") throw new Error(`${this.constructor.name} source data must be an object`);
    data = this.constructor.migrateDataSafe(data);
    this.constructor.cleanData(data, options);
    return data;
  }

  _configure() {}

  _initialize(options = {}) {
    for (const [name, field] of this.schema.entries()) {
      defineInitialized(this, name, field.initialize(this._source[name], this, options), field);
    }
  }

  /** Validate the source (or `changes`); throws with strict, else records the failure and returns false. */
  validate({ changes, clean = false, strict = true, label } = {}) {
    const partial = changes !== undefined;
    const source = partial ? changes : this._source;
    if (clean) this.constructor.cleanData(source, { partial, documentType: this._source?.type ?? this.type });
    const failure = this.schema.validate(source, { partial, documentType: this._source?.type ?? this.type });
    if (!partial) this._validationFailure = failure ?? null;
    if (!failure) return true;
    if (strict) throw failure.asError(label ?? this.constructor.name);
    return false;
  }

  /** Apply changes (dotted keys, -= deletions) to the source after cleaning and validating them; returns the diff. */
  updateSource(changes = {}, options = {}) {
    const expanded = expandObject(changes);
    this.validate({ changes: expanded, clean: true, strict: true, label: options.label });
    mergeObject(this._source, deepClone(expanded), { insertKeys: true, insertValues: true, performDeletions: true });
    this._initialize(options);
    return expanded;
  }

  toObject(source = true) {
    if (source) return deepClone(this._source);
    return this.schema.toObject(this);
  }

  toJSON() {
    return this.toObject();
  }

  clone(data = {}, context = {}) {
    const merged = mergeObject(this.toObject(), data, { insertKeys: false, performDeletions: true, inplace: true });
    return new this.constructor(merged, { parent: this.parent, ...context });
  }

  static fromSource(source, { strict = false, ...context } = {}) {
    return new this(source, { strict, ...context });
  }
}

/** A system data model (CONFIG.<Document>.dataModels). `parent` is the owning document. */
export class TypeDataModel extends DataModel {
  static LOCALIZATION_PREFIXES = [];

  prepareBaseData() {}
  prepareDerivedData() {}

  async _preCreate() {}
  async _preUpdate() {}
  async _preDelete() {}
  _onCreate() {}
  _onUpdate() {}
  _onDelete() {}
}

export const fields = {
  DataField, SchemaField, BooleanField, NumberField, StringField, HTMLField, JSONField, ObjectField, ArrayField,
  SetField, DocumentIdField, DocumentUUIDField, ForeignDocumentField, TypeDataField
};
