/**
 * Counted words in the user's language: "1 bike", "2 bikes". The lang file holds one string per plural category under
 * the key (`SMOKE.Count.bikes.one`, `.other`, and whatever categories a translation needs), picked by the browser's
 * `Intl.PluralRules` for `game.i18n.lang` (ECMA-402; MDN "Intl.PluralRules.prototype.select"); a missing category
 * falls back to `other`.
 * @module documents/counts
 */

/**
 * @param {string} key  A lang key whose children are plural categories, each with `{n}` (and `data`'s names).
 * @param {number} n
 * @param {Record<string, string>} [data]  More values for the string (a name, a crew).
 * @returns {string} e.g. count("SMOKE.Count.bikes", 1) → "1 bike"; count("SMOKE.Mission.accepted", 1,
 *   {crew: "Jaz Kaur", name: "The Whippet"}) → "Jaz Kaur takes The Whippet."
 */
export function count(key, n, data = {}) {
  let rule = "other";
  try {
    rule = new Intl.PluralRules(game.i18n.lang || "en").select(n);
  } catch { /* an unknown language tag: the "other" form */ }
  const which = game.i18n.has(`${key}.${rule}`) ? `${key}.${rule}` : `${key}.other`;
  return game.i18n.format(which, { ...data, n: String(n) });
}

/**
 * The police units of a response, counted ("2 area cars, 1 bike, 1 carrier, 0 ARVs").
 * @param {{areaCars: number, bikes: number, carriers: number, arvs: number}} u
 * @returns {{areaCars: string, bikes: string, carriers: string, arvs: string}}
 */
export function unitCounts(u) {
  return { areaCars: count("SMOKE.Count.areaCars", u.areaCars), bikes: count("SMOKE.Count.bikes", u.bikes),
    carriers: count("SMOKE.Count.carriers", u.carriers), arvs: count("SMOKE.Count.arvs", u.arvs) };
}
