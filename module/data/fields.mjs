/**
 * Small field builders shared by the TypeDataModels (Foundry v13 `foundry.data.fields`).
 * Numbers are integers, never null (a cleared input must not save null).
 * @module data/fields
 */
import { STAT_KEYS } from "../generated/rules.mjs";

const f = () => foundry.data.fields;

/**
 * @typedef {object} IntOptions  The NumberField options the integer builders pass on.
 * @property {number} [min]
 * @property {number} [max]
 * @property {number[]} [choices]
 */

/**
 * @param {number} [initial]
 * @param {IntOptions} [options]
 */
export const int = (initial = 0, options = {}) =>
  new (f().NumberField)({ required: true, nullable: false, integer: true, initial, ...options });

/**
 * A non-negative integer.
 * @param {number} [initial]
 * @param {IntOptions} [options]
 */
export const count = (initial = 0, options = {}) => int(initial, { min: 0, ...options });

/** Whole pounds, or null for "not ordinary stock". */
export const price = () => new (f().NumberField)({ required: true, nullable: true, integer: true, min: 0, initial: null });

/**
 * A die stored as its number of faces: 4, 6, 8, 10, 12 or 20.
 * @param {number} [initial]
 */
export const die = (initial = 4) => int(initial, { choices: [4, 6, 8, 10, 12, 20] });

/**
 * @param {string} [initial]
 * @param {Omit<foundry.data.fields.StringField.Options, "required" | "blank" | "initial">} [options]
 */
export const str = (initial = "", options = {}) => new (f().StringField)({ required: true, blank: true, initial, ...options });

/**
 * A string chosen from a list, or null.
 * @param {readonly string[]} choices
 * @param {string|null} [initial]
 */
export const choice = (choices, initial = null) =>
  new (f().StringField)({ required: true, nullable: initial === null, blank: false, choices, initial });

/** @param {boolean} [initial] */
export const bool = (initial = false) => new (f().BooleanField)({ initial });
export const html = () => new (f().HTMLField)({ required: true, blank: true });

/**
 * @template {foundry.data.fields.DataField.Any} E
 * @param {E} element
 * @param {Omit<foundry.data.fields.ArrayField.Options<any>, "required" | "nullable">} [options]
 */
export const list = (element, options = {}) => new (f().ArrayField)(element, options);

/**
 * @template {foundry.data.fields.DataSchema} S
 * @param {S} fields
 * @param {foundry.data.fields.SchemaField.Options<S>} [options]
 * @returns {foundry.data.fields.SchemaField<S>}
 */
export const schema = (fields, options = {}) =>
  // fvtt-types declares SchemaField's constructor parameter as the mapped type `{[K in keyof Fields]: Fields[K]}`,
  // from which tsc cannot infer a generic `S`; restate the type the constructor returns.
  /** @type {foundry.data.fields.SchemaField<S>} */ (/** @type {unknown} */ (new (f().SchemaField)(fields, options)));
export const object = () => new (f().ObjectField)();

/** @typedef {"mus"|"grt"|"mov"|"whl"|"aim"|"grf"|"sav"|"frt"|"btl"} StatKey */

/**
 * The nine stat keys, in record order (rulebook: Your character record).
 * @type {StatKey[]}
 */
export { STAT_KEYS };

/** `{mus: {die}, ...}` */
export const statDice = () => schema(
  // Object.fromEntries is typed with string keys only; the entries are exactly STAT_KEYS.
  /** @type {{[K in StatKey]: foundry.data.fields.SchemaField<{die: ReturnType<typeof die>}>}} */
  (Object.fromEntries(STAT_KEYS.map(k => [k, schema({ die: die(4) })]))));
