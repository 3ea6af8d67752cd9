/**
 * The GM Screen's rules (rulebook: GM checks · 1–32; Hazards · 1–16; Rep, Renown and Influence): the 32 named
 * checks with their printed tweaks, the TN a check request fixes for one character, a hazard's column for an
 * outcome, and the shapes of rewards. Pure: ids and numbers, no Foundry globals; the tables come from
 * packs-src/rules/gm-checks.yml and hazards.yml through module/generated/rules.mjs.
 * @module rules/gm-screen
 */
import { BANDS, RULES } from "../generated/rules.mjs";
import { offBikeDamage } from "./armour.mjs";
import { bandTN, outcomeFor, planCheck, resolveCheck } from "./check.mjs";
import { RuleError } from "./rule-error.mjs";

/** Difficulty bands, easiest first (Choosing difficulty). */
export { BANDS };

/**
 * @typedef {object} CheckTweak  A printed adjustment of a named check, offered as a toggle.
 * @property {string} id       Stable id (lang key `SMOKE.GMScreen.tweak.<id>`).
 * @property {string} quote    The words of the check's printed stakes it comes from (a node test checks they are there).
 * @property {number} [steps]  Bands easier (−) or harder (+) than the check's band.
 * @property {"easy"|"medium"|"hard"|"longShot"} [band]  The band it sets outright.
 * @property {boolean} [tool]  The tweak is a tool the GM says the roller uses: then no tool from the roller's kit
 *   ({@link toolBand}) is counted as well ("do not silently charge for the same obstacle twice" — one tool a check).
 */

/**
 * The printed tweaks of the 32 GM checks (each quoted from its "Stakes / result" cell). A tweak either steps the
 * band or sets it; two set-tweaks of one check exclude each other (the later wins).
 * @type {Record<string, CheckTweak[]>}
 */
export const CHECK_TWEAKS = Object.freeze({
  "blend-in": [{ id: "masked", quote: "Make it Hard if they are masked or bleeding", band: "hard" }],
  "find-a-way-through": [{ id: "ownEnds", quote: "Easy on their own ends", band: "easy" }],
  "pick-a-lock": [{ id: "lockPicks", quote: "Lock picks make it one band easier", steps: -1, tool: true }],
  hotwire: [{ id: "newerNoRelay", quote: "Newer cars are Hard without a relay box", band: "hard" }],
  "fix-it": [{ id: "toolkit", quote: "A toolkit makes it Easy", band: "easy", tool: true },
    { id: "noTools", quote: "no tools makes it Hard", band: "hard" }],
  "case-the-joint": [{ id: "binoculars", quote: "Binoculars one band easier", steps: -1, tool: true }],
  "break-down-a-door": [{ id: "crowbar", quote: "A crowbar or axe makes it Easy", band: "easy", tool: true }],
  "talk-your-way-out": [{ id: "oneStar", quote: "Hard at 1 star", band: "hard" },
    { id: "twoStars", quote: "Long Shot at 2+", band: "longShot" }],
  "blag-your-way-in": [{ id: "hiVis", quote: "Hi-vis or the right uniform makes it Easy", band: "easy" }]
});

/**
 * The check whose Effort die is the driven motor's Performance ("Behind the wheel the vehicle's Performance die
 * replaces the Effort die automatically": Drive Like You Stole It).
 */
export const PERFORMANCE_CHECKS = Object.freeze(["drive-like-you-stole-it"]);

/**
 * @typedef {object} GMCheck  A row of GM checks · 1–32.
 * @property {string} key
 * @property {string} name
 * @property {"easy"|"medium"|"hard"|"longShot"} band
 * @property {string[]} stats  Stat keys, in printed order.
 * @property {string} stakes
 */

/** @returns {GMCheck[]} The 32 GM checks, in printed order. */
export function gmChecks() {
  return RULES["gm-checks"].checks;
}

/**
 * One GM check by key.
 * @param {string} key
 * @returns {GMCheck}
 * @throws {RangeError} for a key not among the 32.
 */
export function gmCheck(key) {
  const check = gmChecks().find(c => c.key === key);
  if (!check) throw new RangeError(`no GM check "${key}"`);
  return check;
}

/**
 * The band a check is rolled at with the chosen tweaks (its printed band — or the band the GM set for the obstacle —
 * then each tweak in printed order: a set band replaces it, a step moves it, kept within Easy … Long Shot).
 * @param {string} checkKey
 * @param {string[]} [tweakIds]  Ids from {@link CHECK_TWEAKS}; an id the check does not print is refused.
 * @param {"easy"|"medium"|"hard"|"longShot"|null} [from]  The band before the tweaks (null: the printed band).
 * @returns {"easy"|"medium"|"hard"|"longShot"}
 * @throws {RangeError} for an unknown check, tweak or band.
 */
export function checkBand(checkKey, tweakIds = [], from = null) {
  const check = gmCheck(checkKey);
  const tweaks = CHECK_TWEAKS[checkKey] ?? [];
  for (const id of tweakIds) if (!tweaks.some(t => t.id === id)) throw new RangeError(`"${check.name}" has no tweak "${id}"`);
  if (from !== null && !BANDS.includes(from)) throw new RangeError(`band must be one of ${BANDS.join(", ")}, got "${from}"`);
  let index = BANDS.indexOf(from ?? check.band);
  for (const t of tweaks) {
    if (!tweakIds.includes(t.id)) continue;
    if (t.band) index = BANDS.indexOf(t.band);
    if (t.steps) index = Math.max(0, Math.min(BANDS.length - 1, index + t.steps));
  }
  return BANDS[index];
}

/**
 * The TN a check request fixes for one character and one of the check's stats (Choosing difficulty: the band's TN
 * for the **unboosted** dice, fixed before perks and Hustle). Drive Like You Stole It uses the motor's Performance
 * die for Effort when one is given. The roller's best tool for the check eases the band first ({@link toolBand}),
 * unless the GM's tweaks already name a tool ({@link tweaksNameATool}). The GM may start from another band than the
 * printed one (`band`: the obstacle's, {@link obstacleTarget}), or fix the TN outright (`fixedTN`: the same number for
 * every roller, whatever their dice; no tool or tweak changes it — "A printed fixed TN stays fixed").
 * @param {{checkKey: string, stat: string, effortDie: number, statDie: number, performanceDie?: number|null,
 *   tweaks?: string[], tools?: CarriedTool[], situations?: string[], band?: "easy"|"medium"|"hard"|"longShot"|null,
 *   fixedTN?: number|null}} spec  Dice as sides (6 = d6); tools: the roller's kit as the GM recorded it; situations:
 *   the tools' situations the GM said hold; band: the band before tweaks (null: printed); fixedTN: a whole number ≥ 1.
 * @returns {{band: "easy"|"medium"|"hard"|"longShot"|null, tn: number, effortDie: number, performance: boolean,
 *   tool: string|null, eased: number, noise: "loud"|"silent"|null}}  tool: the item that eased it (or was offered);
 *   band null for a fixed TN.
 * @throws {RangeError} for a stat the check does not list, an unknown check, tweak or band, dice not in the tables, a
 *   fixed TN that is not a whole number from 1, or a fixed TN with tweaks.
 * @example checkRequestTN({checkKey: "pick-a-lock", stat: "grf", effortDie: 6, statDie: 8}) // Danny: Medium, 12
 */
export function checkRequestTN({ checkKey, stat, effortDie, statDie, performanceDie = null, tweaks = [], tools = [],
  situations = [], band = null, fixedTN = null }) {
  const check = gmCheck(checkKey);
  if (!check.stats.includes(stat)) throw new RangeError(`"${check.name}" is not rolled with ${stat} (${check.stats.join(", ")})`);
  const performance = PERFORMANCE_CHECKS.includes(checkKey) && Number.isInteger(performanceDie);
  const effort = performance ? /** @type {number} */ (performanceDie) : effortDie;
  if (fixedTN !== null) {
    wholeTN(fixedTN);
    if (tweaks.length) throw new RangeError(`a fixed TN is not changed by tweaks (${tweaks.join(", ")})`);
    return { band: null, tn: fixedTN, effortDie: effort, performance, tool: null, eased: 0, noise: null };
  }
  const tweaked = checkBand(checkKey, tweaks, band);
  const used = tweaksNameATool(checkKey, tweaks) ? { band: tweaked, tool: null, eased: 0, noise: null }
    : toolBand({ checkKey, stat, band: tweaked, tools, situations });
  return { band: used.band, tn: bandTN(effort, statDie, used.band), effortDie: effort, performance, tool: used.tool,
    eased: used.eased, noise: used.noise };
}

/**
 * A TN the GM typed: a whole number from 1.
 * @param {unknown} tn
 * @returns {number}
 * @throws {RangeError} otherwise.
 */
function wholeTN(tn) {
  if (!Number.isInteger(tn) || /** @type {number} */ (tn) < 1) throw new RangeError(`a TN must be a whole number from 1, got ${tn}`);
  return /** @type {number} */ (tn);
}

/**
 * A known obstacle's id (Choosing difficulty › Keep a known obstacle known): the check's key and the obstacle's name
 * as the GM wrote it, case folded and every run of other characters than letters and digits one hyphen — "The
 * Crown's back door" and "the crown's  back door" are one obstacle; the same door broken down is another check's.
 * @param {string} checkKey  One of the 32 GM checks.
 * @param {string} name  The obstacle as the GM names it.
 * @returns {string}  `<checkKey>:<slug>`.
 * @throws {RangeError} for an unknown check, or a name with no letter or digit.
 * @example obstacleId("pick-a-lock", "The Crown's back door") // "pick-a-lock:the-crown-s-back-door"
 */
export function obstacleId(checkKey, name) {
  gmCheck(checkKey);
  const slug = String(name ?? "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "");
  if (!slug) throw new RangeError(`an obstacle needs a name with a letter or digit, got "${name}"`);
  return `${checkKey}:${slug}`;
}

/**
 * @typedef {object} ObstacleTarget  What a check against an obstacle is rolled at: a band (each roller's TN from it
 *   for their own unboosted dice) or a TN fixed for every roller.
 * @property {"easy"|"medium"|"hard"|"longShot"} band  The band before each attempt's tweaks and tools.
 * @property {number|null} tn  A fixed TN, or null (the band's TN for each roller's dice).
 */

/**
 * The target of a check against a named obstacle (Choosing difficulty › Keep a known obstacle known: "Once you have
 * established a specific lock or task and its TN, keep the same target for that attempt and circumstances. Another
 * character can try a different approach, but changing who rolls does not rewrite what the crew already learned
 * about the obstacle"): the first time, the GM's band (or the printed one) or fixed TN is set and remembered; after,
 * the remembered target is kept for whoever rolls, unless the GM says the circumstances changed — then the new target
 * replaces it. A different target sent for a known obstacle without saying so is refused, naming the known one. Each
 * attempt's printed tweaks and the roller's tools still ease a band (a different approach); a fixed TN stays.
 * @param {{checkKey: string, known?: ObstacleTarget|null, band?: string|null, tn?: number|null,
 *   newCircumstances?: boolean}} spec  known: the remembered target (null: none yet); band, tn: what the GM sent
 *   (null or missing: not set — the printed band, or the known target).
 * @returns {{target: ObstacleTarget, status: "set"|"kept"|"changed", was: ObstacleTarget|null}}  `set`: the first
 *   time (remember it); `kept`: the known target; `changed`: new circumstances (remember it; `was` the old one).
 * @throws {RuleError} `knownObstacle` {band, tn} for another target without new circumstances; RangeError for an
 *   unknown check or band, a TN that is not a whole number from 1.
 * @example obstacleTarget({checkKey: "pick-a-lock", known: {band: "hard", tn: null}}).target // {band: "hard", tn: null}
 */
export function obstacleTarget({ checkKey, known = null, band = null, tn = null, newCircumstances = false }) {
  const check = gmCheck(checkKey);
  if (band !== null && !BANDS.includes(band)) throw new RangeError(`band must be one of ${BANDS.join(", ")}, got "${band}"`);
  if (tn !== null) wholeTN(tn);
  /** @type {ObstacleTarget} */
  const sent = { band: /** @type {ObstacleTarget["band"]} */ (band ?? known?.band ?? check.band), tn: tn ?? (band === null ? known?.tn ?? null : null) };
  if (!known) return { target: sent, status: "set", was: null };
  const same = sent.band === known.band && sent.tn === (known.tn ?? null);
  if (same) return { target: { band: known.band, tn: known.tn ?? null }, status: "kept", was: null };
  if (!newCircumstances) {
    throw new RuleError("knownObstacle", { band: known.band, tn: known.tn ?? 0 },
      `"${check.name}" against this obstacle is known at ${known.tn ? `TN ${known.tn}` : known.band}: say the circumstances changed to set another target`);
  }
  return { target: sent, status: "changed", was: { band: known.band, tn: known.tn ?? null } };
}

/**
 * Whether the GM's chosen tweaks of a check name a tool (a {@link CHECK_TWEAKS} entry with `tool`): then the GM has
 * said which tool is used, and no tool from the roller's kit is counted on top.
 * @param {string} checkKey
 * @param {string[]} [tweakIds]
 * @returns {boolean}
 */
export function tweaksNameATool(checkKey, tweakIds = []) {
  return (CHECK_TWEAKS[checkKey] ?? []).some(t => t.tool && tweakIds.includes(t.id));
}

/**
 * @typedef {object} CheckTool  A tool for a named GM check (a gear's or weapon's `checkTool`, packs-src).
 * @property {string} check          The GM check's key.
 * @property {string[]} [stats]      Only for these of the check's stats (empty or missing: all).
 * @property {number|null} [bands]   Bands easier (0: offered, no easier — "No easier, but you can try").
 * @property {"easy"|"medium"|"hard"|"longShot"|null} [band]  The band it sets ("makes it Easy"); never a harder one.
 * @property {string|null} [when]    A situation the GM must say holds ("cheapDoor": the claw hammer's cheap door).
 */

/**
 * @typedef {object} CarriedTool  One item a roller carries, as the GM recorded it.
 * @property {string} id                      The item's id.
 * @property {CheckTool|null} [checkTool]
 * @property {"loud"|"silent"|null} [noise]
 */

/**
 * The situations a check's tools wait on (their `when`), for the GM to say whether they hold: each id once.
 * @param {string} checkKey
 * @param {CarriedTool[]} tools
 * @returns {string[]}
 */
export function toolSituations(checkKey, tools) {
  const out = [];
  for (const t of tools) {
    const when = t.checkTool?.check === checkKey ? t.checkTool.when : null;
    if (when && !out.includes(when)) out.push(when);
  }
  return out;
}

/**
 * The best of a roller's tools for one GM check with one stat (GM checks: "Lock picks make it one band easier", "A
 * crowbar or axe makes it Easy"; Weapons › Item notes: the Claw Hammer "opens a cheap door (Graft, one band easier)";
 * Tools & gear › Screwdriver Set: "No easier, but you can try"; Choosing difficulty › Changing the situation: "Tools
 * can lower a lock's difficulty before its TN is set"): of the tools for this check, for this stat and in a situation
 * the GM said holds, the one leaving the easiest band (a silent one before a loud one on a tie, then the first); one
 * tool a check, its easing never added to another's. A tool that sets a band never makes a check harder.
 * @param {{checkKey: string, stat: string, band: "easy"|"medium"|"hard"|"longShot", tools?: CarriedTool[],
 *   situations?: string[]}} spec  band: the check's band after the GM's tweaks; situations: those the GM ticked.
 * @returns {{band: "easy"|"medium"|"hard"|"longShot", tool: string|null, eased: number,
 *   noise: "loud"|"silent"|null}}  tool: the chosen item's id (null: none fits); eased: bands it eased.
 * @throws {RangeError} for an unknown band, or a tool with a band off the ladder.
 */
export function toolBand({ checkKey, stat, band, tools = [], situations = [] }) {
  const from = BANDS.indexOf(band);
  if (from < 0) throw new RangeError(`band must be one of ${BANDS.join(", ")}, got "${band}"`);
  /** @type {{index: number, tool: CarriedTool}|null} */
  let best = null;
  for (const tool of tools) {
    const t = tool.checkTool;
    if (!t || t.check !== checkKey) continue;
    if (t.stats?.length && !t.stats.includes(stat)) continue;
    if (t.when && !situations.includes(t.when)) continue;
    const set = t.band ? BANDS.indexOf(t.band) : null;
    if (set !== null && set < 0) throw new RangeError(`a tool's band must be one of ${BANDS.join(", ")}, got "${t.band}"`);
    const index = set !== null ? Math.min(from, set) : Math.max(0, from - (Number(t.bands) || 0));
    const quieter = best && index === best.index && tool.noise === "silent" && best.tool.noise !== "silent";
    if (!best || index < best.index || quieter) best = { index, tool };
  }
  if (!best) return { band, tool: null, eased: 0, noise: null };
  return { band: BANDS[best.index], tool: best.tool.id, eased: from - best.index, noise: best.tool.noise ?? null };
}

/**
 * The checks whose TN may be an opponent's roll (GM checks; Choosing difficulty › Opposed situations: "have the
 * opposing side roll the relevant stat and use its total as the acting character's TN"). Each names the opponent's
 * stat and quotes its stakes (a node test checks the quote is there). Without an opponent the check keeps its band.
 * @type {Record<string, {stat: string, quote: string}>}
 */
export const OPPOSED_CHECKS = Object.freeze({
  "leg-it": { stat: "mov", quote: "Against a specific chaser, roll their Moves and type it as the TN" },
  "shove-past": { stat: "mus", quote: "Against a person, roll their Muscle and type it as the TN" },
  "scare-them-off": { stat: "btl", quote: "Against a hard case, roll their Bottle and type it as the TN" }
});

/**
 * The opponent's side of an opposed check: the stat they roll and the plan of that roll (their own unboosted Effort
 * and stat dice, their Conditions; no perk, no Hustle — the book's "roll their Moves"). No TN: its total is the TN.
 * @param {{checkKey: string, effortDie: number, statDie: number, conditions?: Iterable<string>}} spec
 *   The opponent's Effort die and their die for the check's opposing stat, as sides; their status ids.
 * @returns {{stat: string, plan: import("./check.mjs").CheckPlan}}  `plan.formula` is the roll to make.
 * @throws {RangeError} for a check that is not opposed, or dice off the ladder.
 * @example opponentRoll({checkKey: "leg-it", effortDie: 6, statDie: 6}).plan.formula // "1d6x>=6 + 1d6x>=6 + 3"
 */
export function opponentRoll({ checkKey, effortDie, statDie, conditions = [] }) {
  const opposed = OPPOSED_CHECKS[checkKey];
  if (!opposed) throw new RangeError(`"${gmCheck(checkKey).name}" is not an opposed check (${Object.keys(OPPOSED_CHECKS).join(", ")})`);
  return { stat: opposed.stat, plan: planCheck({ effortDie, statDie, statKey: opposed.stat, conditions, tn: null }) };
}

/**
 * The opponent's total from the faces the system rolled for {@link opponentRoll}'s plan (explosion chains checked).
 * @param {import("./check.mjs").CheckPlan} plan
 * @param {number[]} effortRolls  Effort faces in roll order.
 * @param {number[]} statRolls  Stat faces in roll order.
 * @returns {{total: number, effort: number[], stat: number[], modifier: number}}
 * @throws {RangeError} for faces the plan's dice cannot show.
 */
export function opponentTotal(plan, effortRolls, statRolls) {
  const r = resolveCheck({ effortRolls, statRolls, plan, tn: 0 });
  return { total: r.total, effort: r.effort.chain, stat: r.stat.chain, modifier: r.modifier };
}

/**
 * The TN an opposed check request fixes: the opponent's total, the same for every character and each of the
 * check's stats (Opposed situations). Perks and Hustle then change the character's roll, never this TN.
 * @param {{checkKey: string, stat: string, opponentTotal: number}} spec
 * @returns {{band: null, tn: number, opposed: true, opponentStat: string, performance: false}}
 * @throws {RangeError} for a check that is not opposed, a stat the check does not list, a total that is not a whole
 *   number from 1.
 * @example opposedRequestTN({checkKey: "leg-it", stat: "grt", opponentTotal: 14}) // TN 14
 */
export function opposedRequestTN({ checkKey, stat, opponentTotal }) {
  const check = gmCheck(checkKey);
  const opposed = OPPOSED_CHECKS[checkKey];
  if (!opposed) throw new RangeError(`"${check.name}" is not an opposed check`);
  if (!check.stats.includes(stat)) throw new RangeError(`"${check.name}" is not rolled with ${stat} (${check.stats.join(", ")})`);
  if (!Number.isInteger(opponentTotal) || opponentTotal < 1) throw new RangeError(`an opponent's total must be a whole number from 1, got ${opponentTotal}`);
  return { band: null, tn: opponentTotal, opposed: true, opponentStat: opposed.stat, performance: false };
}

/**
 * Who carries an opposed check (The roll: "A margin of 0 succeeds"): the acting character when their total meets
 * the opponent's, else the opponent.
 * @param {{total: number, opponentTotal: number}} totals
 * @returns {{winner: "character"|"opponent", margin: number, outcome: string}}
 * @example opposedWinner({total: 14, opponentTotal: 14}) // character, margin 0, justAbout
 */
export function opposedWinner({ total, opponentTotal }) {
  const margin = total - opponentTotal;
  const outcome = outcomeFor(margin);
  return { winner: outcome.success ? "character" : "opponent", margin, outcome: outcome.id };
}

/**
 * @typedef {object} Hazard  A row of Hazards · 1–16.
 * @property {string} key
 * @property {string} name
 * @property {"easy"|"medium"|"hard"|"longShot"} band
 * @property {string[]} stats
 * @property {{damage: number, conditions: string[]}} justAbout
 * @property {{damage: number, conditions: string[]}} badLuck
 * @property {{damage: number, conditions: string[]}} properMess
 * @property {boolean} [offBike]  Coming off a bike (Motorbike Leathers halve it).
 */

/** @returns {Hazard[]} The 16 hazards, in printed order. */
export function hazards() {
  return RULES.hazards.hazards;
}

/**
 * One hazard by key.
 * @param {string} key
 * @returns {Hazard}
 * @throws {RangeError} for a key not among the 16.
 */
export function hazard(key) {
  const h = hazards().find(x => x.key === key);
  if (!h) throw new RangeError(`no hazard "${key}"`);
  return h;
}

const COLUMNS = new Set(["justAbout", "badLuck", "properMess"]);
const OUTCOME_IDS = new Set(RULES.outcomes.outcomes.map(o => o.id));

/**
 * What a hazard does to one character for the outcome of the avoiding roll (Hazards: "Sorted or better avoids the
 * listed adverse result; Just About, Bad Luck and Proper Mess use the corresponding column. … Armour applies when
 * the hazard is marked for it"). Damage in Health points; armour reduction only when `armourMarked`, never below 0.
 * A hazard that is coming off a bike (`offBike`: Come Off the Bike) does half damage to a character in Motorbike
 * Leathers (Armour: "coming off a bike does half damage", rules/armour.mjs offBikeDamage: rounded up), before any
 * marked reduction.
 * @param {string} hazardKey
 * @param {string} outcome  Outcome id (properMess … legendary).
 * @param {{armourMarked?: boolean, armourReduction?: number, armour?: import("./record.mjs").ArmourLike[]|null}} [armour]
 *   Whether the hazard is marked for armour, the worn armour's reduction (whole points), and the character's armour
 *   items (or their data: `worn`, `offBikeDivisor`) for a hazard that is coming off a bike.
 * @returns {{avoided: boolean, column: "justAbout"|"badLuck"|"properMess"|null, printedDamage: number,
 *   damage: number, reduced: number, conditions: string[], offBikeDivisor: number|null}}  `offBikeDivisor`: the worn
 *   suit's that divided the damage, or null.
 * @throws {RangeError} for an unknown hazard or outcome, or a negative reduction.
 * @example hazardOutcome("fall-from-scaffolding", "properMess") // 8 damage, Broken and Down
 */
export function hazardOutcome(hazardKey, outcome, { armourMarked = false, armourReduction = 0, armour = null } = {}) {
  const h = hazard(hazardKey);
  if (!OUTCOME_IDS.has(outcome)) throw new RangeError(`unknown outcome "${outcome}"`);
  if (!Number.isInteger(armourReduction) || armourReduction < 0) throw new RangeError(`armour reduction must be a whole number ≥ 0, got ${armourReduction}`);
  if (!COLUMNS.has(outcome)) return { avoided: true, column: null, printedDamage: 0, damage: 0, reduced: 0, conditions: [], offBikeDivisor: null };
  const cell = h[/** @type {"justAbout"|"badLuck"|"properMess"} */ (outcome)];
  const fall = h.offBike ? offBikeDamage({ damage: cell.damage, armour }) : { damage: cell.damage, divisor: null };
  const reduced = armourMarked ? Math.min(fall.damage, armourReduction) : 0;
  return { avoided: false, column: /** @type {"justAbout"|"badLuck"|"properMess"} */ (outcome), printedDamage: cell.damage, damage: fall.damage - reduced,
    reduced, conditions: [...cell.conditions], offBikeDivisor: fall.divisor };
}

/**
 * A reward's amount, checked (Rewards: XP, cash, Renown, Influence, relationship counters are whole numbers; cash
 * in whole pounds). Negative amounts are refused except for relationships, which the book moves both ways.
 * @param {"xp"|"cash"|"renown"|"influence"|"relationship"} kind
 * @param {unknown} amount
 * @returns {number}
 * @throws {RangeError} "…must be a whole number…" naming the kind and what was given.
 */
export function rewardAmount(kind, amount) {
  const n = typeof amount === "string" && amount.trim() !== "" ? Number(amount) : amount;
  const ok = typeof n === "number" && Number.isInteger(n) && (kind === "relationship" ? n !== 0 && Math.abs(n) <= 99 : n >= 1 && n <= 1_000_000);
  if (!ok) throw new RangeError(`${kind}: ${kind === "relationship" ? "a whole number from -99 to 99, not 0," : "a whole number from 1"} is needed, got ${String(amount)}`);
  return n;
}

/**
 * A faction's Renown and Influence after a reward (Rep, Renown and Influence: Influence is capped by the rank the
 * Renown gives).
 * @param {{renown: number, influence: number}} faction
 * @param {{renown?: number, influence?: number}} add  Whole points.
 * @param {(renown: number) => {influenceCap: number}} rank  rules/progression.mjs renownRank.
 * @returns {{renown: number, influence: number, cap: number, capped: boolean}}
 */
export function factionAfter(faction, add, rank) {
  const renown = Math.max(0, faction.renown + (add.renown ?? 0));
  const cap = rank(renown).influenceCap;
  const wanted = Math.max(0, faction.influence + (add.influence ?? 0));
  return { renown, influence: Math.min(cap, wanted), cap, capped: wanted > cap };
}
