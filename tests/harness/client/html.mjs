/**
 * Server-side cleaning of HTML field values (TEST DOUBLE of what Foundry v13's server does to HTMLField values before
 * it stores them). Pure string processing (no DOM), imported by world.mjs. It removes what can run script:
 *   - <script> elements with their content (an unclosed <script> drops everything after it);
 *   - every `on*` event-handler attribute (onclick, onerror, onload, …);
 *   - `javascript:` / `vbscript:` URLs (also entity-encoded or with whitespace inside the scheme) in URL attributes
 *     (href, src, action, formaction, xlink:href, data, poster, background, srcdoc removed outright).
 * Everything else (classes, data-* attributes, styles, ordinary markup) is kept as it was written. This is a reading of
 * v13's behaviour, not Foundry's allow-list: the harness may keep tags real Foundry drops, never the reverse for the
 * cases above.
 */

const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "data", "poster", "background",
  "cite", "longdesc", "usemap", "ping", "manifest", "codebase", "dynsrc", "lowsrc"]);
const DROP_ATTRIBUTES = new Set(["srcdoc"]);

/** Decode the character references a browser would decode inside an attribute value (enough to see a scheme). */
function decodeEntities(value) {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ":").replace(/&tab;/gi, "\t").replace(/&newline;/gi, "\n")
    .replace(/&amp;/gi, "&");
}

function isScriptURL(value) {
  const v = decodeEntities(value).replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  return /^(javascript|vbscript|livescript):/.test(v);
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function cleanTag(tag) {
  const m = /^<(\/?)([a-zA-Z][^\s/>]*)([\s\S]*?)(\/?)>$/.exec(tag);
  if (!m) return tag;
  const [, close, name, rest, selfClose] = m;
  if (close) return `</${name}>`;
  const kept = [];
  for (const a of rest.matchAll(ATTRIBUTE)) {
    const attr = a[1];
    const lower = attr.toLowerCase();
    const value = a[2] ?? a[3] ?? a[4];
    if (lower.startsWith("on") || DROP_ATTRIBUTES.has(lower)) continue;
    if ((value !== undefined) && URL_ATTRIBUTES.has(lower) && isScriptURL(value)) continue;
    if (value === undefined) kept.push(attr);
    else if (a[3] !== undefined) kept.push(`${attr}='${value}'`);
    else kept.push(`${attr}="${value}"`);
  }
  return `<${name}${kept.length ? ` ${kept.join(" ")}` : ""}${selfClose ? " /" : ""}>`;
}

/** Clean one HTML string (non-strings are returned unchanged). */
export function cleanHTML(html) {
  if (typeof html !== "string" || !html.includes("<")) return html;
  let out = html.replace(/<script\b[\s\S]*?<\/script\s*>/gi, "");
  out = out.replace(/<script\b[\s\S]*$/i, "");
  out = out.replace(/<\/script\s*>/gi, "");
  // Tags: a "<" followed by a name or "/" up to the next ">" outside quotes.
  return out.replace(/<\/?[a-zA-Z](?:[^>"']|"[^"]*"|'[^']*')*>/g, cleanTag);
}
