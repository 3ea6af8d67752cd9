/**
 * foundry.applications.handlebars and the core Handlebars helpers of the slice (TEST DOUBLE), on the real
 * `handlebars` package (global Handlebars, loaded by index.html from node_modules).
 */
import { escapeHTML, isEmpty } from "./utils.mjs";
import PRECOMPILED from "/harness/templates.mjs";

const cache = new Map();

/**
 * Fetch (relative to the page, as Foundry's routes), compile and register a template as a partial (v13
 * `foundry.applications.handlebars.getTemplate`: "Get a template from the server by fetch request and caching the
 * retrieved result", resolving to the compiled template; https://foundryvtt.com/api/functions/foundry.applications.handlebars.getTemplate.html).
 * The server's
 * templates come precompiled (`PRECOMPILED`, by URL path: server.mjs `templatesModule`, the same source compiled with
 * the same option ahead of time); any other path is fetched and compiled here, and a missing one throws.
 */
export async function getTemplate(path, id) {
  if (!cache.has(path)) {
    const url = new URL(path, document.baseURI);
    const spec = Object.hasOwn(PRECOMPILED, url.pathname) ? PRECOMPILED[url.pathname] : null;
    let compiled;
    if (spec) compiled = Handlebars.template(spec);
    else {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`Failed to load template ${path}: ${response.status} ${response.statusText}`);
      compiled = Handlebars.compile(await response.text(), { preventIndent: true });
    }
    cache.set(path, compiled);
    Handlebars.registerPartial(path, compiled);
  }
  const compiled = cache.get(path);
  if (id) Handlebars.registerPartial(id, compiled);
  return compiled;
}

/** An array of paths, or {partialId: path}. */
export async function loadTemplates(paths) {
  if (Array.isArray(paths)) return Promise.all(paths.map(p => getTemplate(p)));
  return Promise.all(Object.entries(paths).map(([id, p]) => getTemplate(p, id)));
}

export async function renderTemplate(path, data) {
  const template = await getTemplate(path);
  return template(data || {}, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
}

/* ------------------------------------------------ Helpers ----------------------------------------------- */

function localize(value, options) {
  if (value instanceof Handlebars.SafeString) value = value.toString();
  const data = options.hash;
  return isEmpty(data) ? game.i18n.localize(value) : game.i18n.format(value, data);
}

function numberFormat(value, options) {
  const dec = options.hash.decimals ?? 0;
  const sign = options.hash.sign || false;
  if ((typeof value === "string") || (value == null)) value = parseFloat(value);
  if (Number.isNaN(value)) console.warn("An invalid value was passed to numberFormat:", value);
  let str = sign && (value >= 0) ? "+" : "";
  str += Number(value).toFixed(dec);
  return new Handlebars.SafeString(str);
}

/** v13 selectOptions: choices as an array or object; hash selected, blank, localize, sort, valueAttr, labelAttr, inverted. */
function selectOptions(choices, options) {
  let { localize: loc = false, selected = null, blank = null, sort = false, nameAttr, valueAttr, labelAttr,
    inverted = false } = options.hash;
  if ((selected === undefined) || (selected === null)) selected = [];
  else if (selected instanceof Set) selected = Array.from(selected);
  else if (!Array.isArray(selected)) selected = [selected];
  selected = selected.map(String);
  if (nameAttr && !valueAttr) valueAttr = nameAttr;
  const entries = [];
  const add = (value, label) => entries.push({ value: String(value), label: loc ? game.i18n.localize(label) : String(label) });
  if (Array.isArray(choices)) {
    for (const c of choices) {
      if (typeof c === "object" && c !== null) add(valueAttr ? c[valueAttr] : c.value, labelAttr ? c[labelAttr] : c.label);
      else add(c, c);
    }
  } else {
    for (const [k, v] of Object.entries(choices ?? {})) {
      if (typeof v === "object" && v !== null) add(valueAttr ? v[valueAttr] : k, labelAttr ? v[labelAttr] : v.label);
      else if (inverted) add(v, k);
      else add(k, v);
    }
  }
  if (sort) entries.sort((a, b) => a.label.localeCompare(b.label, game.i18n.lang));
  if (blank !== null) entries.unshift({ value: "", label: loc ? game.i18n.localize(blank) : String(blank) });
  const html = entries.map(e => `<option value="${escapeHTML(e.value)}"${selected.includes(e.value) ? " selected" : ""}>`
    + `${escapeHTML(e.label)}</option>`).join("");
  return new Handlebars.SafeString(html);
}

function concat(...values) {
  values.pop();
  return new Handlebars.SafeString(values.join(""));
}

/** Register the core helpers (v13 HandlebarsHelpers.initialize subset). */
export function registerHelpers() {
  Handlebars.registerHelper({
    localize,
    numberFormat,
    selectOptions,
    concat,
    checked: value => (value ? "checked" : ""),
    disabled: value => (value ? "disabled" : ""),
    eq: (v1, v2) => v1 === v2,
    ne: (v1, v2) => v1 !== v2,
    lt: (v1, v2) => v1 < v2,
    lte: (v1, v2) => v1 <= v2,
    gt: (v1, v2) => v1 > v2,
    gte: (v1, v2) => v1 >= v2,
    not: pred => !pred,
    and(...args) {
      return args.slice(0, -1).every(Boolean);
    },
    or(...args) {
      return args.slice(0, -1).some(Boolean);
    }
  });
}
