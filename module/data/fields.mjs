/**
 * Small field builders shared by the TypeDataModels (Foundry v13 `foundry.data.fields`).
 * Numbers are integers, never null (a cleared input must not save null).
 * @module data/fields
 */

const f = () => foundry.data.fields;

/** @param {number} [initial] @param {object} [options] */
export const int = (initial = 0, options = {}) =>
  new (f().NumberField)({ required: true, nullable: false, integer: true, initial, ...options });

/** A non-negative integer. */
export const count = (initial = 0, options = {}) => int(initial, { min: 0, ...options });

/** Whole pounds, or null for "not ordinary stock". */
export const price = () => new (f().NumberField)({ required: true, nullable: true, integer: true, min: 0, initial: null });

/** A die stored as its number of faces: 4, 6, 8, 10, 12 or 20. */
export const die = (initial = 4) => int(initial, { choices: [4, 6, 8, 10, 12, 20] });

/** @param {string} [initial] */
export const str = (initial = "", options = {}) => new (f().StringField)({ required: true, blank: true, initial, ...options });

/** A string chosen from a list, or null. */
export const choice = (choices, initial = null) =>
  new (f().StringField)({ required: true, nullable: initial === null, blank: false, choices, initial });

export const bool = (initial = false) => new (f().BooleanField)({ initial });
export const html = () => new (f().HTMLField)({ required: true, blank: true });
export const list = (element, options = {}) => new (f().ArrayField)(element, options);
export const schema = (fields, options = {}) => new (f().SchemaField)(fields, options);
export const object = () => new (f().ObjectField)();

/** The nine stat keys, in record order (rulebook: Your character record). */
export const STAT_KEYS = ["mus", "grt", "mov", "whl", "aim", "grf", "sav", "frt", "btl"];

/** `{mus: {die}, ...}` */
export const statDice = () => schema(Object.fromEntries(STAT_KEYS.map(k => [k, schema({ die: die(4) })])));
