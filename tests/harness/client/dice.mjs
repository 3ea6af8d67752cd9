/**
 * foundry.dice (TEST DOUBLE): Roll, RollTerm, DiceTerm, Die, NumericTerm, OperatorTerm.
 * Follows v13 core (client/dice/roll.mjs, terms/dice.mjs, terms/die.mjs): faces come from
 * CONFIG.Dice.randomUniform via mapRandomFace = ceil((1 - u) × faces); explosions mark the triggering result
 * `exploded: true` and append the new roll at the end of `results`.
 * Parser subset: NdF / dF terms with modifiers, integers and decimals, @path data, + - * / and flavor [text].
 * Parentheses, dice pools {…}, math functions and string terms are rejected with an error.
 */
import { deepClone, getProperty, getType, isNumeric, mergeObject } from "./utils.mjs";

/* ================================================ Terms =============================================== */

export class RollTerm {
  constructor({ options = {} } = {}) {
    this.options = options;
    this._evaluated = false;
  }

  static SERIALIZE_ATTRIBUTES = [];

  get isDeterministic() {
    return true;
  }

  get expression() {
    return "";
  }

  get formula() {
    const flavor = this.options.flavor ? `[${this.options.flavor}]` : "";
    return this.expression + flavor;
  }

  get total() {
    return undefined;
  }

  get flavor() {
    return this.options.flavor ?? "";
  }

  async evaluate(options = {}) {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    this._evaluated = true;
    await this._evaluate(options);
    return this;
  }

  async _evaluate() {
    return this;
  }

  toJSON() {
    const data = { class: this.constructor.name, options: this.options, evaluated: this._evaluated };
    for (const attr of this.constructor.SERIALIZE_ATTRIBUTES) data[attr] = this[attr];
    return data;
  }

  static fromData(data) {
    const cls = Object.values(terms).find(c => c.name === data.class) ?? RollTerm;
    return cls._fromData(data);
  }

  static _fromData(data) {
    const term = new this(data);
    term._evaluated = data.evaluated ?? true;
    return term;
  }
}

export class NumericTerm extends RollTerm {
  constructor({ number, options } = {}) {
    super({ options });
    this.number = Number(number);
  }

  static SERIALIZE_ATTRIBUTES = ["number"];

  get expression() {
    return String(this.number);
  }

  get total() {
    return this.number;
  }
}

export class OperatorTerm extends RollTerm {
  constructor({ operator, options } = {}) {
    super({ options });
    this.operator = operator;
  }

  static SERIALIZE_ATTRIBUTES = ["operator"];

  get flavor() {
    return "";
  }

  get expression() {
    return ` ${this.operator} `;
  }

  get formula() {
    return this.expression;
  }

  get total() {
    return ` ${this.operator} `;
  }
}

export class DiceTerm extends RollTerm {
  constructor({ number = 1, faces = 6, modifiers = [], results = [], options = {} } = {}) {
    super({ options });
    this.number = number;
    this.faces = faces;
    this.modifiers = modifiers;
    this.results = results;
    if (results.length) this._evaluated = true;
  }

  static DENOMINATION = "";
  static MODIFIERS = {};
  static SERIALIZE_ATTRIBUTES = ["number", "faces", "modifiers", "results"];

  get isDeterministic() {
    return false;
  }

  get denomination() {
    return this.constructor.DENOMINATION;
  }

  get expression() {
    const x = this.constructor.DENOMINATION === "d" ? this.faces : this.constructor.DENOMINATION;
    return `${this.number}d${x}${this.modifiers.join("")}`;
  }

  get total() {
    if (!this._evaluated) return undefined;
    let total = this.results.reduce((t, r) => {
      if (!r.active) return t;
      return t + (r.count !== undefined ? r.count : r.result);
    }, 0);
    if (this.number < 0) total *= -1;
    return total;
  }

  get values() {
    return this.results.filter(r => r.active).map(r => r.result);
  }

  get dice() {
    return [];
  }

  async _evaluate(options = {}) {
    if (Math.abs(this.number) > 999) throw new Error("You may not evaluate a DiceTerm with more than 999 requested results");
    for (let n = this.results.length; n < Math.abs(this.number); n++) await this.roll(options);
    await this._evaluateModifiers();
    return this;
  }

  async roll({ minimize = false, maximize = false } = {}) {
    const roll = { result: undefined, active: true };
    if (minimize) roll.result = Math.min(1, this.faces);
    else if (maximize) roll.result = this.faces;
    else roll.result = this.randomFace();
    this.results.push(roll);
    return roll;
  }

  mapRandomFace(randomUniform) {
    return Math.ceil((1 - randomUniform) * this.faces);
  }

  randomFace() {
    return this.mapRandomFace(globalThis.CONFIG.Dice.randomUniform());
  }

  getResultLabel(result) {
    return String(result.result);
  }

  getResultCSS(result) {
    const hasSuccess = result.success !== undefined;
    const hasFailure = result.failure !== undefined;
    return [
      this.constructor.name.toLowerCase(), `d${this.faces}`,
      result.success ? "success" : null, result.failure ? "failure" : null, result.rerolled ? "rerolled" : null,
      result.exploded ? "exploded" : null, result.discarded ? "discarded" : null,
      !(hasSuccess || hasFailure) && result.result === 1 ? "min" : null,
      !(hasSuccess || hasFailure) && result.result === this.faces ? "max" : null
    ];
  }

  getTooltipData() {
    return {
      total: this.total, faces: this.faces, flavor: this.flavor, icon: null, method: null, formula: this.expression,
      rolls: this.results.map(r => ({ result: this.getResultLabel(r), classes: this.getResultCSS(r).filter(Boolean).join(" ") }))
    };
  }

  /** Apply requested modifiers longest-match first; an unknown modifier is dropped (v13 _evaluateModifiers). */
  async _evaluateModifiers() {
    const cls = this.constructor;
    const requested = deepClone(this.modifiers);
    this.modifiers = [];
    const allModifiers = Object.keys(cls.MODIFIERS).sort((a, b) => b.length - a.length);
    for (const m of requested) {
      let command = m.match(/[A-z]+/)[0].toLowerCase();
      if (command in cls.MODIFIERS) {
        await this._evaluateModifier(command, m);
        continue;
      }
      while (command) {
        let matched = false;
        for (const modifier of allModifiers) {
          if (command.startsWith(modifier)) {
            matched = true;
            await this._evaluateModifier(modifier, modifier);
            command = command.replace(modifier, "");
            break;
          }
        }
        if (!matched) command = "";
      }
    }
  }

  async _evaluateModifier(command, modifier) {
    let fn = this.constructor.MODIFIERS[command];
    if (typeof fn === "string") fn = this[fn];
    if (fn instanceof Function) {
      const result = await fn.call(this, modifier);
      if (!((result === false) || (result === this))) this.modifiers.push(modifier.toLowerCase());
    }
  }

  static compareResult(result, comparison, target) {
    switch (comparison) {
      case "=": return result === target;
      case "<": return result < target;
      case "<=": return result <= target;
      case ">": return result > target;
      case ">=": return result >= target;
      default: return false;
    }
  }

  static MODIFIER_REGEXP = /([A-z]+)([^A-z\s()+\-*/]+)?/g;

  static _fromData(data) {
    const term = new this({ number: data.number, faces: data.faces, modifiers: data.modifiers ?? [],
      results: data.results ?? [], options: data.options ?? {} });
    term._evaluated = data.evaluated ?? true;
    return term;
  }
}

/**
 * A fair die. Modifiers implemented: x, xo (explode), k/kh/kl (keep), d/dh/dl (drop), cs (count successes).
 * v13's other modifiers (r rr min max cf df sf ms even odd) throw here rather than being silently ignored.
 */
export class Die extends DiceTerm {
  static DENOMINATION = "d";
  static MODIFIERS = { x: "explode", xo: "explodeOnce", k: "keep", kh: "keep", kl: "keep", d: "drop", dh: "drop",
    dl: "drop", cs: "countSuccess", r: "unsupported", rr: "unsupported", min: "unsupported", max: "unsupported",
    cf: "unsupported", df: "unsupported", sf: "unsupported", ms: "unsupported", even: "unsupported", odd: "unsupported" };

  unsupported(modifier) {
    throw new Error(`The harness Die does not implement the "${modifier}" modifier (see tests/harness/README.md)`);
  }

  get denomination() {
    return `d${this.faces}`;
  }

  /** v13 Die#explode: `x` max face; `xN` = exactly N; `x>=N`; `xA>=N` caps explosions for the whole term. */
  async explode(modifier, { recursive = true } = {}) {
    const match = modifier.match(/xo?([0-9]+)?([<>=]+)?([0-9]+)?/i);
    if (!match) return false;
    let [max, comparison, target] = match.slice(1);
    if (max && !(target || comparison)) {
      target = max;
      max = null;
    }
    target = isNumeric(target) ? parseInt(target) : this.faces;
    comparison = comparison || "=";
    max = isNumeric(max) ? parseInt(max) : null;
    let checked = 0;
    const initial = this.results.length;
    while (checked < this.results.length) {
      const r = this.results[checked];
      checked++;
      if (!r.active) continue;
      if ((max !== null) && (max <= 0)) break;
      if (DiceTerm.compareResult(r.result, comparison, target)) {
        r.exploded = true;
        await this.roll({ explode: true });
        if (max !== null) max -= 1;
      }
      if (!recursive && (checked === initial)) break;
      if (checked > 1000) throw new Error("Maximum recursion depth for exploding dice roll exceeded");
    }
    return undefined;
  }

  async explodeOnce(modifier) {
    return this.explode(modifier, { recursive: false });
  }

  keep(modifier) {
    const match = modifier.match(/k([hl])?([0-9]+)?/i);
    if (!match) return false;
    const direction = (match[1] ?? "h").toLowerCase();
    const number = parseInt(match[2]) || 1;
    Die.#keepOrDrop(this.results, number, { keep: true, highest: direction === "h" });
    return undefined;
  }

  drop(modifier) {
    const match = modifier.match(/d([hl])?([0-9]+)?/i);
    if (!match) return false;
    const direction = (match[1] ?? "l").toLowerCase();
    const number = parseInt(match[2]) || 1;
    Die.#keepOrDrop(this.results, number, { keep: false, highest: direction !== "l" });
    return undefined;
  }

  countSuccess(modifier) {
    const match = modifier.match(/(?:cs)([<>=]+)?([0-9]+)?/i);
    if (!match) return false;
    const comparison = match[1] || "=";
    const target = isNumeric(match[2]) ? parseInt(match[2]) : this.faces;
    for (const r of this.results) {
      const success = DiceTerm.compareResult(r.result, comparison, target);
      r.success = success;
      r.count = success ? 1 : 0;
    }
    return undefined;
  }

  static #keepOrDrop(results, number, { keep = true, highest = true } = {}) {
    const ascending = keep === highest;
    const values = results.filter(r => r.active).map(r => r.result).sort((a, b) => (ascending ? a - b : b - a));
    number = Math.min(Math.max(keep ? values.length - number : number, 0), values.length);
    const cut = values[number];
    let discarded = 0;
    const ties = [];
    const comp = ascending ? "<" : ">";
    for (const r of results) {
      if (!r.active) continue;
      if (DiceTerm.compareResult(r.result, comp, cut)) {
        r.discarded = true;
        r.active = false;
        discarded++;
      } else if (r.result === cut) ties.push(r);
    }
    for (const r of ties) {
      if (discarded < number) {
        r.discarded = true;
        r.active = false;
        discarded++;
      }
    }
  }
}

export const terms = { RollTerm, DiceTerm, Die, NumericTerm, OperatorTerm };

/* ================================================ Parser ============================================== */

const DICE_RE = /^(\d+)?[dD](\d+|[a-zA-Z])([^\s()+\-*/[\]{}]*)(?:\[([^\]]*)\])?$/;
const NUMBER_RE = /^(-?\d+(?:\.\d+)?)(?:\[([^\]]*)\])?$/;

function classify(token) {
  const num = token.match(NUMBER_RE);
  if (num) return new NumericTerm({ number: Number(num[1]), options: num[2] ? { flavor: num[2] } : {} });
  const dice = token.match(DICE_RE);
  if (dice) {
    const [, number, denom, mods, flavor] = dice;
    const denomination = denom.toLowerCase();
    const cls = isNumeric(denom) ? globalThis.CONFIG.Dice.terms.d : globalThis.CONFIG.Dice.terms[denomination];
    if (!cls) throw new Error(`DiceTerm denomination ${denomination} is not registered in CONFIG.Dice.terms`);
    const modifiers = Array.from((mods || "").matchAll(DiceTerm.MODIFIER_REGEXP), m => m[0]);
    const data = { number: number ? parseInt(number) : 1, modifiers, options: flavor ? { flavor } : {} };
    if (isNumeric(denom)) data.faces = parseInt(denom);
    return new cls(data);
  }
  throw new Error(`Unable to parse the roll term "${token}" (the harness parser supports NdF, numbers and + - * /)`);
}

function parseTerms(formula) {
  if (/[(){}]/.test(formula)) throw new Error(`The harness Roll parser does not support parentheses, pools or functions: "${formula}"`);
  const out = [];
  let i = 0;
  let expectOperand = true;
  const s = formula.trim();
  while (i < s.length) {
    if (/\s/.test(s[i])) {
      i++;
      continue;
    }
    if (!expectOperand && "+-*/".includes(s[i])) {
      out.push(new OperatorTerm({ operator: s[i] }));
      i++;
      expectOperand = true;
      continue;
    }
    let j = i;
    if (s[j] === "-") j++;
    while (j < s.length && !/\s/.test(s[j]) && !"+-*/".includes(s[j])) {
      if (s[j] === "[") {
        const close = s.indexOf("]", j);
        j = close < 0 ? s.length : close + 1;
      } else j++;
    }
    out.push(classify(s.slice(i, j)));
    i = j;
    expectOperand = false;
  }
  if (expectOperand && out.length) throw new Error(`The roll formula "${formula}" ends with an operator`);
  return out;
}

/** Left-to-right with * and / before + and -, as the v13 AST evaluation. */
function arithmetic(values) {
  const stack = [values[0]];
  for (let k = 1; k < values.length; k += 2) {
    const op = values[k].trim();
    const v = values[k + 1];
    if (op === "*") stack.push(stack.pop() * v);
    else if (op === "/") stack.push(stack.pop() / v);
    else stack.push(op, v);
  }
  let total = stack[0];
  for (let k = 1; k < stack.length; k += 2) total = stack[k] === "-" ? total - stack[k + 1] : total + stack[k + 1];
  return total;
}

/* ================================================= Roll =============================================== */

export class Roll {
  constructor(formula = "", data = {}, options = {}) {
    if (typeof formula !== "string") throw new Error(`Unable to parse the formula ${formula}`);
    this.data = this._prepareData(data);
    this.options = options;
    this.terms = this.constructor.parse(formula, this.data);
    this._dice = [];
    this._evaluated = false;
    this._total = undefined;
    this._formula = this.resetFormula();
  }

  static CHAT_TEMPLATE = "templates/dice/roll.hbs";
  static TOOLTIP_TEMPLATE = "templates/dice/tooltip.hbs";

  _prepareData(data) {
    return data;
  }

  get dice() {
    return this._dice.concat(this.terms.flatMap(t => (t instanceof DiceTerm ? [...t.dice, t] : [])));
  }

  get formula() {
    return this.constructor.getFormula(this.terms);
  }

  get result() {
    return this.terms.map(t => t.total).join("");
  }

  get total() {
    return Number(this._total) || 0;
  }

  get isDeterministic() {
    return this.terms.every(t => t.isDeterministic);
  }

  resetFormula() {
    return (this._formula = this.constructor.getFormula(this.terms));
  }

  static getFormula(termList) {
    return termList.map(t => t.formula).join("");
  }

  static parse(formula = "", data = {}) {
    if (!formula) return [];
    return parseTerms(this.replaceFormulaData(formula, data, { missing: "0" }));
  }

  static replaceFormulaData(formula, data, { missing, warn = false } = {}) {
    return formula.replace(/@([a-z.0-9_-]+)/gi, (match, term) => {
      const value = getProperty(data, term);
      if (value == null) {
        if (warn && globalThis.ui?.notifications) globalThis.ui.notifications.warn(`Missing roll data ${match}`);
        return (missing !== undefined) ? String(missing) : match;
      }
      switch (getType(value)) {
        case "string": return value.trim();
        case "number": case "boolean": return String(value);
        default: return String(value);
      }
    });
  }

  static create(formula, data = {}, options = {}) {
    const cls = globalThis.CONFIG.Dice.rolls[0];
    return new cls(formula, data, options);
  }

  static get defaultImplementation() {
    return globalThis.CONFIG.Dice.rolls[0];
  }

  clone() {
    return new this.constructor(this._formula, this.data, this.options);
  }

  async evaluate({ minimize = false, maximize = false, allowStrings = false, allowInteractive = true } = {}) {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    this._evaluated = true;
    return this._evaluate({ minimize, maximize, allowStrings, allowInteractive });
  }

  async _evaluate(options = {}) {
    const values = [];
    for (const term of this.terms) {
      if (!term._evaluated) await term.evaluate(options);
      values.push(term.total);
    }
    this._total = values.length ? arithmetic(values) : 0;
    return this;
  }

  /** Only deterministic formulas (no dice) evaluate synchronously, as in v13 with strict: true. */
  evaluateSync({ strict = true } = {}) {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable.`);
    if (!this.isDeterministic) {
      if (strict) throw new Error("This Roll contains terms that cannot be synchronously evaluated.");
    }
    this._evaluated = true;
    const values = this.terms.map(t => {
      t._evaluated = true;
      return t instanceof DiceTerm ? 0 : t.total;
    });
    this._total = values.length ? arithmetic(values) : 0;
    return this;
  }

  async roll(options = {}) {
    return this.evaluate(options);
  }

  async reroll(options = {}) {
    return this.clone().evaluate(options);
  }

  toString() {
    return this._formula;
  }

  async getTooltip() {
    const parts = this.dice.map(d => d.getTooltipData());
    return foundry.applications.handlebars.renderTemplate(this.constructor.TOOLTIP_TEMPLATE, { parts });
  }

  async render({ flavor, template = this.constructor.CHAT_TEMPLATE, isPrivate = false, ...options } = {}) {
    if (!this._evaluated) await this.evaluate({ allowInteractive: !isPrivate });
    const chatData = await this._prepareChatRenderContext({ flavor, isPrivate, ...options });
    return foundry.applications.handlebars.renderTemplate(template, chatData);
  }

  async _prepareChatRenderContext({ flavor, isPrivate = false } = {}) {
    return {
      formula: isPrivate ? "???" : this._formula,
      flavor: isPrivate ? null : flavor ?? this.options.flavor,
      user: globalThis.game.user.id,
      tooltip: isPrivate ? "" : await this.getTooltip(),
      total: isPrivate ? "?" : Math.round(this.total * 100) / 100
    };
  }

  /** v13 Roll#toMessage: content is the total, rolls = [this], the roll mode applied to the new message. */
  async toMessage(messageData = {}, { rollMode, create = true } = {}) {
    if (rollMode === "roll") rollMode = undefined;
    rollMode ||= globalThis.game.settings.get("core", "rollMode");
    if (!this._evaluated) await this.evaluate({ allowInteractive: rollMode !== "blindroll" });
    messageData = mergeObject({ author: globalThis.game.user.id, content: String(this.total),
      sound: globalThis.CONFIG.sounds.dice }, messageData);
    messageData.rolls = [this];
    const cls = globalThis.CONFIG.ChatMessage.documentClass;
    const msg = new cls(messageData);
    msg.applyRollMode(rollMode);
    if (create) return cls.create(msg.toObject());
    return msg.toObject();
  }

  toJSON() {
    return { class: this.constructor.name, options: this.options, dice: this._dice, formula: this._formula,
      terms: this.terms.map(t => t.toJSON()), total: this._total, evaluated: this._evaluated };
  }

  static fromData(data) {
    if (data.class && (data.class !== this.name)) {
      const cls = globalThis.CONFIG.Dice.rolls.find(c => c.name === data.class);
      if (!cls) throw new Error(`Unable to recreate ${data.class} instance from provided data`);
      return cls.fromData(data);
    }
    const roll = new this(data.formula, data.data, data.options);
    roll.terms = data.terms.map(t => (t.class ? RollTerm.fromData(t) : t));
    if (data.evaluated ?? true) {
      roll._total = data.total;
      roll._dice = (data.dice || []).map(t => DiceTerm.fromData(t));
      roll._evaluated = true;
    }
    return roll;
  }

  static fromJSON(json) {
    return this.fromData(JSON.parse(json));
  }

  static fromTerms(termList, options = {}) {
    const formula = this.getFormula(termList);
    const roll = new this(formula, {}, options);
    roll.terms = termList;
    roll._evaluated = termList.every(t => t._evaluated);
    if (roll._evaluated) roll._total = arithmetic(termList.map(t => t.total));
    return roll;
  }
}
