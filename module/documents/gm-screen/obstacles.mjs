/**
 * Known obstacles (rulebook: Choosing difficulty › Keep a known obstacle known: "Once you have established a specific
 * lock or task and its TN, keep the same target for that attempt and circumstances. Another character can try a
 * different approach, but changing who rolls does not rewrite what the crew already learned about the obstacle").
 * When the GM Screen sends a check against a named obstacle (the Crown's back door for Pick a Lock), the target the GM
 * set — a band, each roller's TN from it for their own unboosted dice, or a TN fixed for every roller — is remembered
 * in the GM store `knownObstacles` (id: rules/gm-screen.mjs obstacleId → {@link KnownObstacle}); the next time that
 * check is sent against that obstacle the screen offers it again and the GM's handler keeps it, for whoever rolls,
 * unless the GM says the circumstances changed. Only the GM's request handler writes the store (a player's request to
 * send is refused before it is read). Foundry-side only; the rule is rules/gm-screen.mjs obstacleTarget.
 * @module documents/gm-screen/obstacles
 */
import { gmCheck, obstacleId, obstacleTarget } from "../../rules/gm-screen.mjs";
import { gmStore } from "../core/gm-store.mjs";

/** Obstacles kept in the store (the oldest are dropped). */
const KEEP = 200;

/**
 * @typedef {object} KnownObstacle  One obstacle's remembered target.
 * @property {string} check  The GM check's key.
 * @property {string} name  The obstacle as the GM first named it.
 * @property {"easy"|"medium"|"hard"|"longShot"} band  The band before each attempt's tweaks and tools.
 * @property {number|null} tn  A TN fixed for every roller, or null.
 * @property {number} at  When it was set (server time, ms).
 * @property {string} requestId  The request that set it.
 */

/** @type {import("../core/gm-store.mjs").GMStore<KnownObstacle>} */
export const store = gmStore("knownObstacles", { onChange: () => Hooks.callAll("smoke.knownObstacles") });

const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * The remembered target of a check against an obstacle (any client reads it; the GM's screen offers it), or null.
 * @param {string} checkKey
 * @param {string} name
 * @returns {KnownObstacle|null}
 */
export function knownObstacle(checkKey, name) {
  try {
    return store.get(obstacleId(checkKey, name));
  } catch {
    return null; // no letter or digit in it yet: nothing known
  }
}

/**
 * The obstacles known for one check, newest first (the screen's list to pick from).
 * @param {string} checkKey
 * @returns {KnownObstacle[]}
 */
export function knownObstaclesFor(checkKey) {
  return Object.values(store.all()).filter(o => o.check === checkKey).sort((a, b) => b.at - a.at);
}

/**
 * GM: the target of a check request the GM set (rules/gm-screen.mjs obstacleTarget): against a named obstacle, read
 * from the store and kept unless the circumstances changed; without a name, the band or TN for this request alone.
 * Refused in words when the GM sends another target for a known obstacle without new circumstances, a bad band or
 * TN, or a name with no letter or digit.
 * @param {{checkKey: string, obstacle?: string, band?: string|null, tn?: number|null, newCircumstances?: boolean}} spec
 * @returns {{id: string|null, name: string, target: import("../../rules/gm-screen.mjs").ObstacleTarget,
 *   status: "set"|"kept"|"changed", was: import("../../rules/gm-screen.mjs").ObstacleTarget|null}}  id null: no
 *   obstacle named (nothing to remember).
 */
export function requestTarget({ checkKey, obstacle = "", band = null, tn = null, newCircumstances = false }) {
  const name = String(obstacle ?? "").trim();
  let id = null;
  if (name) {
    try {
      id = obstacleId(checkKey, name);
    } catch {
      throw new Error(L("SMOKE.GMScreen.obstacleUnnamed", { obstacle: name }));
    }
  }
  const known = id ? store.get(id) : null;
  try {
    return { id, name: known?.name ?? name, ...obstacleTarget({ checkKey, known, band, tn, newCircumstances: !!newCircumstances }) };
  } catch (err) {
    if (err?.id !== "knownObstacle") {
      throw new Error(L("SMOKE.GMScreen.badTarget", { check: gmCheck(checkKey).name, band: String(band ?? ""), tn: String(tn ?? "") }),
        { cause: err });
    }
    throw new Error(L("SMOKE.GMScreen.obstacleKnown", { obstacle: known?.name ?? name, check: gmCheck(checkKey).name,
      target: targetText(/** @type {KnownObstacle} */ (known)) }), { cause: err });
  }
}

/**
 * Active GM: remember an obstacle's target as a request set it (the first time, or new circumstances); the oldest
 * beyond {@link KEEP} are dropped.
 * @param {{id: string, name: string, target: import("../../rules/gm-screen.mjs").ObstacleTarget}} set
 * @param {string} checkKey
 * @param {string} requestId
 * @returns {Promise<void>}
 */
export async function rememberObstacle({ id, name, target }, checkKey, requestId) {
  await store.set(id, { check: checkKey, name, band: target.band, tn: target.tn, at: game.time.serverTime, requestId });
  const all = Object.entries(store.all()).sort(([, a], [, b]) => b.at - a.at);
  for (const [old] of all.slice(KEEP)) await store.set(old, null);
}

/**
 * A target in words: "TN 14 (fixed)" or the band's name.
 * @param {{band: string, tn?: number|null}} target
 * @returns {string}
 */
export function targetText(target) {
  return target.tn ? L("SMOKE.GMScreen.fixedTN", { tn: String(target.tn) }) : L(`SMOKE.Band.${target.band}`);
}
