/**
 * Progression: what each new Rep level grants, XP awards and what they allow, permanent stat raises (levels and
 * advances), Growth, faction Renown, career stages and Influence, and what the relationship counters unlock
 * (shop discounts, police stops). Every number is read from RULES (packs-src/rules/rep.yml, renown.yml,
 * hustle.yml, money.yml, heat.yml, dice.yml, stats.yml).
 * Rulebook: Rep, Renown and Influence (Personal Rep, Growth, Advances, Relationship counters, Faction Renown,
 * Influence); The Rep ladder · 1–17 / 18–33 (Earn XP, Personal unlocks); Money, shops and a safe bed › Discounts.
 * Pure: imports only generated data and sibling rules, no Foundry globals.
 * @module rules/progression
 */
import { RULES } from "../generated/rules.mjs";
import { stepDie, modifierOf } from "./dice.mjs";
import { repTier, statCap, hustleMax, levelForXp, statFaces } from "./record.mjs";

const REP = RULES.rep;
const RENOWN = RULES.renown;
const MONEY = RULES.money;
/** @type {{key: string, name: string}[]} The nine stats in the book's order. */
const STATS = RULES.stats.stats;
/** @type {number[]} */
const LADDER = RULES.dice.ladder;

/**
 * @param {number} level
 * @param {string} what
 * @returns {void}
 * @throws {RangeError}
 */
function checkLevel(level, what = "Rep level") {
  if (!Number.isInteger(level) || level < 1 || level > REP.maxLevel) {
    throw new RangeError(`${what} must be a whole number from 1 to ${REP.maxLevel}, got ${level}`);
  }
}

/**
 * @param {number} n
 * @param {string} what
 * @returns {void}
 * @throws {RangeError}
 */
function checkCount(n, what) {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number ≥ 0`
    + (n === undefined || n === null ? ": give the amount" : `, got ${n}`));
}

// ---------------------------------------------------------------- levelling

/**
 * One thing a new level grants (Rep, Renown and Influence › Personal Rep; The Rep ladder › Personal unlocks):
 * - `{kind: "tier", tier, label, statCap, previousCap, capRaised, empire}`: the level enters a new tier; its
 *   permanent stat cap (die faces) applies from this level, including this level's stat raise. At Rep 27 the cap
 *   becomes d20 and `empire` is true (temporary steps may reach d20 too).
 * - `{kind: "statRaise", statSteps, cap}`: odd new level: raise one stat `statSteps` step(s) within `cap`, the new
 *   tier's cap (see legalStatRaises, applyStatRaise).
 * - `{kind: "perk", perks}`: even new level: choose `perks` new perk(s).
 * - `{kind: "growth"}`: every third new level, roll Growth as well (see growthDice, growthHealth, growthGuard).
 * - `{kind: "hustleMax", increase, max}`: entering Rep 5, 11, 19 or 27: +`increase` maximum Hustle, now `max`.
 * - `{kind: "unlock", text}`: a personal unlock at this Rep (RULES.rep.unlocks; fiction, not free stuff).
 * @typedef {{kind: "tier", tier: string, label: string, statCap: number, previousCap: number, capRaised: boolean,
 *   empire: boolean}
 *   | {kind: "statRaise", statSteps: number, cap: number}
 *   | {kind: "perk", perks: number}
 *   | {kind: "growth"}
 *   | {kind: "hustleMax", increase: number, max: number}
 *   | {kind: "unlock", text: string}} LevelStep
 */

/**
 * @typedef {object} LevelGrant  Everything one new level grants.
 * @property {number} level    The Rep level entered.
 * @property {string} title    Its ladder title ("Face").
 * @property {number} xp       Its total-XP threshold (cumulative).
 * @property {string} tier     Its tier id.
 * @property {number} statCap  Its permanent stat cap (die faces).
 * @property {LevelStep[]} steps  In this order: tier (when entering one), statRaise or perk, growth, hustleMax,
 *   unlocks.
 */

/**
 * What each new level from `fromLevel` + 1 to `toLevel` grants, in level order ("apply every level in order").
 *
 * Reading of the book (Personal Rep): a "new level" is the Rep level being entered, so "odd/even new level" and
 * "every third new level" all refer to that level's Rep number. Odd Rep (3, 5, … 33) → one stat step within the
 * NEW tier's cap; even Rep (2, 4, … 32) → a new perk; Rep divisible by RULES.rep.levelUp.growthEvery (3, 6, … 33)
 * → Growth as well. Rep 1 is the starting level, never a new level. Entering a level listed in
 * RULES.rep.levelUp.hustleMaxAt (5, 11, 19, 27) → +1 maximum Hustle; entering a tier → its cap (Rep 27: d20).
 * @param {number} fromLevel  The current Rep level, 1–33.
 * @param {number} toLevel    The level reached, fromLevel–33 (equal → no grants).
 * @returns {LevelGrant[]}
 * @throws {RangeError} for a level off the ladder or toLevel < fromLevel.
 */
export function levelUpSteps(fromLevel, toLevel) {
  checkLevel(fromLevel, "fromLevel");
  checkLevel(toLevel, "toLevel");
  if (toLevel < fromLevel) throw new RangeError(`levels only go up: from Rep ${fromLevel} to ${toLevel}`);
  const up = REP.levelUp;
  /** @type {LevelGrant[]} */
  const grants = [];
  for (let level = fromLevel + 1; level <= toLevel; level++) {
    const row = REP.levels.find(l => l.level === level);
    const tier = repTier(level);
    const before = repTier(level - 1);
    /** @type {LevelStep[]} */
    const steps = [];
    if (tier.id !== before.id) {
      steps.push({
        kind: "tier", tier: tier.id, label: tier.label, statCap: tier.statCap, previousCap: before.statCap,
        capRaised: tier.statCap > before.statCap, empire: tier.id === RULES.dice.overflow.exceptTier
      });
    }
    if (level % 2 === 1) steps.push({ kind: "statRaise", statSteps: up.odd.statSteps, cap: tier.statCap });
    else steps.push({ kind: "perk", perks: up.even.perks });
    if (level % up.growthEvery === 0) steps.push({ kind: "growth" });
    if (up.hustleMaxAt.includes(level)) steps.push({ kind: "hustleMax", increase: up.hustleMaxIncrease, max: hustleMax(level) });
    for (const unlock of REP.unlocks) if (unlock.rep === level) steps.push({ kind: "unlock", text: unlock.text });
    grants.push({ level, title: row.title, xp: row.xp, tier: tier.id, statCap: tier.statCap, steps });
  }
  return grants;
}

/**
 * How many new levels the XP allows beyond the current level (XP is cumulative and is never spent; each level
 * still has to be applied in order, see levelUpSteps). 0 when the XP is below the next threshold, or below the
 * current level's own threshold (an edited record is not levelled down).
 * @param {number} level  Current Rep level, 1–33.
 * @param {number} xp     Total XP earned, whole, ≥ 0.
 * @returns {number}
 * @throws {RangeError} for a level off the ladder or bad XP.
 */
export function levelsAvailable(level, xp) {
  checkLevel(level);
  return Math.max(0, levelForXp(xp) - level);
}

/**
 * XP for one award (The Rep ladder › Earn XP; RULES.rep.xp). Kinds:
 * - `serviceJob`: a completed service job, 1.
 * - `patOrder`: a completed Pat order, 2.
 * - `vehicleSale`: one stolen vehicle sale; `amount` is its value in whole pounds: 1 at £500 or more, else 0.
 * - `mission`: `amount` is the mission's printed XP, 3–5.
 * - `gm`: a GM award; `amount` is the XP given (whole, ≥ 0).
 * - `busted`, `wasted`, `bustedOrWasted`: a job ending Busted or Wasted awards no XP, 0.
 * @param {"serviceJob"|"patOrder"|"vehicleSale"|"mission"|"gm"|"busted"|"wasted"|"bustedOrWasted"} kind
 * @param {{amount?: number}} [opts]
 * @returns {number} XP.
 * @throws {RangeError} for an unknown kind, a missing or out-of-range amount.
 */
export function xpAward(kind, { amount } = {}) {
  const xp = REP.xp;
  switch (kind) {
    case "serviceJob": return xp.serviceJob;
    case "patOrder": return xp.patOrder;
    case "vehicleSale":
      if (typeof amount !== "number" || !Number.isFinite(amount) || amount < 0) {
        throw new RangeError(amount === undefined || amount === null ? "a vehicle sale needs its value in pounds as amount"
          : `a vehicle sale needs its value in pounds as amount, got ${amount}`);
      }
      return amount >= xp.vehicleSale.minValue ? xp.vehicleSale.xp : 0;
    case "mission":
      if (!Number.isInteger(amount) || /** @type {number} */ (amount) < xp.mission.min || /** @type {number} */ (amount) > xp.mission.max) {
        throw new RangeError(`a mission awards its printed ${xp.mission.min}–${xp.mission.max} XP`
          + (amount === undefined || amount === null ? ": give the amount" : `, got ${amount}`));
      }
      return /** @type {number} */ (amount);
    case "gm":
      checkCount(/** @type {number} */ (amount), "a GM award");
      return /** @type {number} */ (amount);
    case "busted": case "wasted": case "bustedOrWasted": return xp.bustedOrWasted;
    default:
      throw new RangeError(`unknown XP award "${kind}" (serviceJob, patOrder, vehicleSale, mission, gm, busted, wasted)`);
  }
}

// ---------------------------------------------------------------- permanent stat steps

/**
 * The stat keys (book order) whose die can step up once on the ladder without passing the cap: a die below the cap
 * whose next ladder die is at most the cap (d12 → d20 only when the cap is d20). Permanent raises never overflow
 * into a +2 bonus. A stat with no die or a die off the ladder is left out.
 * @param {Record<string, number|{die: number}>} stats  `{mus: 4, …}` or `{mus: {die: 4}, …}`.
 * @param {number} cap  The permanent cap, die faces (statCap(level), or a LevelStep's cap).
 * @returns {string[]}
 * @throws {RangeError} for a cap not on the ladder.
 */
export function legalStatRaises(stats, cap) {
  modifierOf(cap);
  const dice = statFaces(stats);
  return STATS.map(s => s.key).filter(key => canRaise(dice[key], cap));
}

/**
 * @param {number} die
 * @param {number} cap
 * @returns {boolean}
 */
function canRaise(die, cap) {
  if (!LADDER.includes(die) || die >= cap) return false;
  const next = stepDie(die, 1, { empire: true });
  return next.bonus === 0 && next.die <= cap;
}

/**
 * Raise one stat one permanent step within a cap (an odd new level, or an advance).
 * @param {Record<string, number|{die: number}>} stats  `{mus: 4, …}` or `{mus: {die: 4}, …}`.
 * @param {string} key  A stat key (mus grt mov whl aim grf sav frt btl).
 * @param {number} cap  The permanent cap, die faces.
 * @returns {Record<string, number>}  New stats as plain faces; the argument is not changed.
 * @throws {RangeError} for an unknown key, a cap off the ladder, or a stat already at the cap.
 */
export function applyStatRaise(stats, key, cap) {
  modifierOf(cap);
  const stat = STATS.find(s => s.key === key);
  if (!stat) throw new RangeError(`unknown stat "${key}" (${STATS.map(s => s.key).join(" ")})`);
  const dice = statFaces(stats);
  const die = dice[key];
  if (!canRaise(die, cap)) {
    throw new RangeError(`${stat.name} d${die} cannot step up within the d${cap} cap`);
  }
  return { ...dice, [key]: stepDie(die, 1, { empire: true }).die };
}

/**
 * Spend an advance (Rep, Renown and Influence › Advances): raise one stat one permanent step within the CURRENT
 * Rep tier's cap. It spends no XP and does not replace a level's benefit; the caller removes the advance.
 * @param {Record<string, number|{die: number}>} stats
 * @param {string} key    A stat key.
 * @param {number} level  The current Rep level, 1–33.
 * @returns {Record<string, number>}  New stats as plain faces.
 * @throws {RangeError} as applyStatRaise, or for a level off the ladder.
 */
export function advance(stats, key, level) {
  return applyStatRaise(stats, key, statCap(level));
}

// ---------------------------------------------------------------- Growth

/**
 * The dice Growth rolls, once each without explosions (Rep, Renown and Influence › Growth): Grit for Health; the
 * better (bigger) of Moves and Grit for Guard (on a tie, the first of RULES.rep.growth.guard.dieOf, Moves; the
 * die is the same either way).
 * @param {Record<string, number|{die: number}>} stats
 * @returns {{health: {stat: string, die: number}, guard: {stat: string, die: number}}}
 */
export function growthDice(stats) {
  const dice = statFaces(stats);
  const g = REP.growth;
  /** @type {string[]} */
  const of = g.guard.dieOf;
  const guardStat = of.reduce((best, key) => (dice[key] > dice[best] ? key : best), of[0]);
  return { health: { stat: g.health.die, die: dice[g.health.die] }, guard: { stat: guardStat, die: dice[guardStat] } };
}

/**
 * @param {number} face
 * @param {number} [die]
 * @returns {void}
 * @throws {RangeError}
 */
function checkFace(face, die) {
  if (die !== undefined) modifierOf(die);
  if (!Number.isInteger(face) || face < 1 || (die !== undefined && face > die)) {
    throw new RangeError(`a rolled face must be a whole number from 1 to ${die ?? "the die's top face"}, got ${face}`);
  }
}

/**
 * Growth's Health increase from the Grit die's face: half the result, rounded up, minimum 1
 * (RULES.rep.growth.health).
 * @param {number} face  The Grit die's face (no explosions).
 * @param {number} [die] The Grit die, to check the face against.
 * @returns {number}  Added to maximum Health (the record's health.bonus).
 * @throws {RangeError} for a face that is not a whole number 1..die.
 */
export function growthHealth(face, die) {
  checkFace(face, die);
  const h = REP.growth.health;
  const half = face / h.divideBy;
  return Math.max(h.minimum, h.rounding === "up" ? Math.ceil(half) : Math.floor(half));
}

/**
 * Growth's Guard increase from the better of Moves or Grit: 1–2 → 0, 3+ → +1, the die's top face → +2 instead
 * (RULES.rep.growth.guard).
 * @param {number} face  The face rolled (no explosions).
 * @param {number} die   The die rolled (faces), so its top face is known.
 * @returns {number}  Added to the Guard base (the record's guard.bonus).
 * @throws {RangeError} for a die off the ladder or a face outside 1..die.
 */
export function growthGuard(face, die) {
  checkFace(face, die);
  const g = REP.growth.guard;
  if (face === die) return g.topFaceIncrease;
  /** @type {{min: number, max: number|null, increase: number}[]} */
  const results = g.results;
  return results.find(r => face >= r.min && (r.max === null || face <= r.max))?.increase ?? 0;
}

// ---------------------------------------------------------------- faction Renown and Influence

/**
 * @typedef {object} RenownRank
 * @property {string} id          unproven, known, trusted, connected, insider, pillar.
 * @property {string} rank        Printed name.
 * @property {number} renown      The Renown the rank starts at.
 * @property {number} influenceCap  Most Influence held with this faction.
 * @property {number|null} next   Renown of the next rank, null at Pillar.
 */

/**
 * The rank and Influence cap for a faction Renown (Rep, Renown and Influence › Faction Renown): 0 Unproven cap 1,
 * 3 Known 2, 7 Trusted 3, 12 Connected 4, 18 Insider 5, 25 Pillar 6.
 * @param {number} renown  Whole, ≥ 0.
 * @returns {RenownRank}
 * @throws {RangeError} for negative or non-integer Renown.
 */
export function renownRank(renown) {
  checkCount(renown, "Renown");
  /** @type {{renown: number, id: string, rank: string, influenceCap: number}[]} */
  const ranks = RENOWN.ranks;
  const index = ranks.findLastIndex(r => renown >= r.renown);
  const row = ranks[index];
  return { id: row.id, rank: row.rank, renown: row.renown, influenceCap: row.influenceCap, next: ranks[index + 1]?.renown ?? null };
}

/**
 * The eight career stages and whether each is open at this Renown (opens at 0, 1, 3, 5, 8, 11, 15, 20).
 * Completing a stage awards its Renown (stageAward); which stages are done is the campaign's record, not this.
 * @param {number} renown  Whole, ≥ 0.
 * @returns {{stage: number, opensAt: number, award: number, open: boolean}[]}
 * @throws {RangeError} for negative or non-integer Renown.
 */
export function careerStages(renown) {
  checkCount(renown, "Renown");
  return RENOWN.careerStages.map(s => ({ stage: s.stage, opensAt: s.opensAt, award: s.award, open: renown >= s.opensAt }));
}

/**
 * The Renown awarded for completing a career stage: 1, 2, 2, 3, 3, 4, 5, 5.
 * @param {number} stage  The stage NUMBER, 1–8 (as RULES.renown.careerStages[].stage and careerStages()), not a
 *   0-based index.
 * @returns {number}
 * @throws {RangeError} for a stage that does not exist.
 */
export function stageAward(stage) {
  const row = RENOWN.careerStages.find(s => s.stage === stage);
  if (!row) throw new RangeError(`career stages are 1–${RENOWN.careerStages.length}, got ${stage}`);
  return row.award;
}

/** Other words for RULES.renown.influence.costs ids, from the book's "agreed access, equipment hire or a lift". */
const FAVOUR_ALIASES = { equipment: "access", equipmentHire: "access", lift: "access", major: "majorIntervention" };

/**
 * The Influence cost of a favour (Rep, Renown and Influence › Influence; RULES.renown.influence.costs):
 * introduction 1; access (also `equipment`, `equipmentHire`, `lift`) 2; majorIntervention (also `major`) 4; or a
 * whole number for a defined favour the table prices otherwise (the book's costs are "typical").
 * @param {string|number} favour
 * @returns {number}
 * @throws {RangeError} for an unknown favour or a bad number.
 */
export function favourCost(favour) {
  if (typeof favour === "number") {
    if (!Number.isInteger(favour) || favour < 1) throw new RangeError(`a favour costs a whole number ≥ 1, got ${favour}`);
    return favour;
  }
  const id = /** @type {Record<string, string>} */ (FAVOUR_ALIASES)[favour] ?? favour;
  const row = RENOWN.influence.costs.find(c => c.id === id);
  if (!row) {
    throw new RangeError(`unknown favour "${favour}" (${RENOWN.influence.costs.map(c => c.id).join(", ")}, ${Object.keys(FAVOUR_ALIASES).join(", ")})`);
  }
  return row.cost;
}

/**
 * Spend Influence on a favour; Renown is untouched. Refused (ok false, Influence unchanged) when the Influence held
 * is less than the cost. The favour must also be something the faction can actually support (money, staff,
 * capacity, and a patron who is not Hostile): that is the table's call, not checked here.
 * @param {number} influence  Influence held with the faction, whole, ≥ 0.
 * @param {string|number} favour  See favourCost.
 * @returns {{ok: boolean, cost: number, influence: number, problem: "notEnoughInfluence"|null}}  influence is what
 *   remains; `problem` the refusal's id (the cost and the Influence held are beside it).
 * @throws {RangeError} for bad Influence or an unknown favour.
 */
export function spendInfluence(influence, favour) {
  checkCount(influence, "Influence");
  const cost = favourCost(favour);
  if (influence < cost) return { ok: false, cost, influence, problem: "notEnoughInfluence" };
  return { ok: true, cost, influence: influence - cost, problem: null };
}

/**
 * Restore Influence after a career job: 1, or 2 for a finale, up to the current rank's cap
 * (RULES.renown.influence.restore). Influence already above the cap (e.g. Renown lost) is not reduced.
 * @param {number} influence  Held now, whole, ≥ 0.
 * @param {number} renown     Faction Renown now (after the job's award, if any), whole, ≥ 0.
 * @param {{finale?: boolean}} [opts]
 * @returns {{influence: number, restored: number, cap: number}}
 * @throws {RangeError} for bad Influence or Renown.
 */
export function restoreInfluence(influence, renown, { finale = false } = {}) {
  checkCount(influence, "Influence");
  const cap = renownRank(renown).influenceCap;
  const r = RENOWN.influence.restore;
  const after = Math.max(influence, Math.min(cap, influence + (finale ? r.finale : r.careerJob)));
  return { influence: after, restored: after - influence, cap };
}

/**
 * The four stances a faction can take to the crew: Open, Allied, Strained, Hostile (RULES.renown.stances). A
 * stance describes the relationship; Renown records history and cannot compel a Hostile patron to help.
 * @returns {{id: string, label: string}[]}
 */
export function stances() {
  return RENOWN.stances.map(s => ({ id: s.id, label: s.label }));
}

/**
 * One stance by id.
 * @param {string} id  open, allied, strained, hostile.
 * @returns {{id: string, label: string}}
 * @throws {RangeError} for an unknown stance.
 */
export function stance(id) {
  const row = stances().find(s => s.id === id);
  if (!row) throw new RangeError(`unknown stance "${id}" (${stances().map(s => s.id).join(", ")})`);
  return row;
}

// ---------------------------------------------------------------- relationship counters

/**
 * @typedef {object} DiscountBreakdown
 * @property {number} percent   The discount to apply, capped.
 * @property {number} uncapped  The sum before the cap.
 * @property {number} cap       RULES.money.discountCap (20).
 * @property {{id: string, percent: number}[]} parts  Each discount that applies here (street, chainring, wideBoy).
 */

/**
 * The shop discount and its parts (Money, shops and a safe bed › Discounts; RULES.money.discounts): street
 * relationship 5+ → 10% off shops; Chainring (crew) relationship 3+ → Pat's 10%, at Pat's only; Wide Boy → another
 * 10% at shops. Pat's Arches is a shop too, so the street and Wide Boy discounts apply there as well. The total is
 * capped at 20%.
 * @param {{street?: number, crew?: number, wideBoy?: boolean, shop?: "pat"|"shops"|string}} who  Relationship
 *   counters, whether the buyer has the Wide Boy perk, and where: "pat" for Pat's Arches, anything else (default
 *   "shops") for another shop.
 * @returns {DiscountBreakdown}
 */
export function shopDiscountBreakdown({ street = 0, crew = 0, wideBoy = false, shop = "shops" } = {}) {
  /** @type {Record<string, number>} */
  const counters = { street, crew };
  const atPat = shop === "pat";
  const parts = [];
  for (const d of MONEY.discounts) {
    if (d.appliesTo === "pat" && !atPat) continue;
    const earned = d.source === "perk" ? wideBoy === true : (counters[d.counter] ?? 0) >= d.level;
    if (earned) parts.push({ id: d.id, percent: d.percent });
  }
  const uncapped = parts.reduce((sum, p) => sum + p.percent, 0);
  return { percent: Math.min(MONEY.discountCap, uncapped), uncapped, cap: MONEY.discountCap, parts };
}

/**
 * The shop discount in percent, capped at 20 (see shopDiscountBreakdown).
 * @param {{street?: number, crew?: number, wideBoy?: boolean, shop?: "pat"|"shops"|string}} who
 * @returns {number}  Percent, 0–20.
 */
export function shopDiscount(who) {
  return shopDiscountBreakdown(who).percent;
}

/**
 * Where a routine police stop starts (Rep, Renown and Influence › Relationship counters): police relationship 3+
 * makes routine stops start at Wanted (the Heat level of RULES.heat.levels with id "wanted", 2 stars). Below that
 * the counter changes nothing: null, and the stop follows the ordinary Heat procedure.
 * @param {number} police  The police relationship counter, whole, ≥ 0.
 * @returns {{stars: number, id: string, name: string}|null}
 * @throws {RangeError} for a bad counter.
 */
export function policeStopStart(police) {
  checkCount(police, "the police relationship");
  const unlock = RENOWN.relationships.unlocks.find(u => u.counter === "police" && u.effect === "stopsStartAtWanted");
  if (!unlock || police < unlock.level) return null;
  const wanted = RULES.heat.levels.find(l => l.id === "wanted");
  return { stars: wanted.stars, id: wanted.id, name: wanted.name };
}
