// A reader of the flat catalogue entries in packs-src/ for node tests (no YAML package in the dependencies): the
// top-level `field: value` lines of one entry and one level of nested `  field: value` mappings. Enough for the rule
// fields of weapons and gear (booleans, numbers, ids, small mappings); the build's own loader is the authority.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../packs-src/", import.meta.url));

/**
 * @param {string} raw
 * @returns {any}
 */
function scalar(raw) {
  const v = raw.trim().replace(/^'(.*)'$/, "$1").replace(/^"(.*)"$/, "$1");
  if (v === "true") return true;
  if (v === "false") return false;
  if (v === "null" || v === "~") return null;
  if (/^-?\d+$/.test(v)) return Number(v);
  return v;
}

/**
 * One entry of a pack, its scalar fields and one-level mappings (lists of scalars as arrays).
 * @param {string} pack  e.g. "weapons".
 * @param {string} key   The entry's file name without .yml.
 * @returns {Record<string, any>}
 */
export function entry(pack, key) {
  const text = readFileSync(`${ROOT}${pack}/${key}.yml`, "utf8");
  /** @type {Record<string, any>} */
  const out = {};
  let parent = null;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    const top = /^([A-Za-z][\w]*):\s*(.*)$/.exec(line);
    if (top) {
      parent = top[1];
      out[parent] = top[2] === "" ? null : scalar(top[2]);
      continue;
    }
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && parent) {
      out[parent] = [...(Array.isArray(out[parent]) ? out[parent] : []), scalar(item[1])];
      continue;
    }
    const nested = /^\s+([A-Za-z][\w]*):\s*(.*)$/.exec(line);
    if (nested && parent) out[parent] = { ...(out[parent] ?? {}), [nested[1]]: scalar(nested[2]) };
  }
  return out;
}
