/**
 * The check's rules data in words (rulebook: The roll; Hustle, perks and your luck; Conditions): what
 * rules/check.mjs `planCheck` applied, its modifier parts and warnings, what each Condition does, and a rule's
 * refusal (`RuleError`) and a stat spread's problems (rules/creation.mjs), all through lang/en.json (`SMOKE.Applied.*`, `SMOKE.Modifier.*`, `SMOKE.ConditionEffect.*`,
 * `SMOKE.CheckWarning.*`, `SMOKE.RuleError.*`). The roll dialog, the check card and the sheet call these; the rules
 * return ids and numbers only.
 * @module documents/check-words
 */
import { CONDITIONS, STAT_KEYS } from "../../generated/rules.mjs";

/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 * @returns {string}
 */
const L = (key, data) => (data ? game.i18n.format(key, /** @type {Record<string, string>} */ (data)) : game.i18n.localize(key));

/**
 * "+2" / "−1" / "+0", the book's signs.
 * @param {number} n
 * @returns {string}
 */
export const signed = n => (n < 0 ? `−${-n}` : `+${n}`);

/**
 * @param {string|null|undefined} key
 * @returns {string}
 */
const statName = key => (key ? L(`SMOKE.Stat.${key}.name`) : L("SMOKE.Modifier.anyStat"));
/**
 * @param {"effort"|"performance"|undefined} source
 * @returns {string}
 */
const dieName = source => L(source === "performance" ? "SMOKE.Vehicle.performance" : "SMOKE.Effort");
/**
 * A stepped die: "d10", or "d12 +2" for a step above the top die.
 * @param {number} die
 * @param {number} [bonus]
 */
const dieText = (die, bonus = 0) => (bonus ? L("SMOKE.Applied.dieBonus", { die, bonus: signed(bonus) })
  : L("SMOKE.Applied.die", { die }));

/**
 * A Condition's name: the catalogue's (data), else its id.
 * @param {string} id
 * @returns {string}
 */
export const conditionLabel = id => CONDITIONS.find(c => c.key === id)?.name ?? id;

/**
 * One thing a Condition does (rules/condition-effects.mjs ConditionEffect) in words.
 * @param {import("../../rules/condition-effects.mjs").ConditionEffect} effect
 * @returns {string}
 */
export function conditionEffectText(effect) {
  return L(`SMOKE.ConditionEffect.${effect.id}`, { value: signed(effect.value ?? 0), stat: statName(effect.stat) });
}

/**
 * One step of a plan's `applied` list (rules/check.mjs AppliedStep) in words.
 * @param {import("../../rules/check.mjs").AppliedStep} a
 * @returns {string}
 */
export function appliedText(a) {
  switch (a.kind) {
    case "perk": return L("SMOKE.Applied.perk", { perk: a.perk ?? L("SMOKE.Applied.perkUnnamed"),
      stat: a.stat ? statName(a.stat) : "", from: a.from, to: dieText(/** @type {number} */ (a.to), a.bonus) });
    case "kit": return L("SMOKE.Applied.kit", { kit: a.kit ?? L("SMOKE.Applied.kitUnnamed"),
      stat: a.stat ? statName(a.stat) : "", from: a.from, to: dieText(/** @type {number} */ (a.to), a.bonus) });
    case "hustle": return a.spend === "onARoll" ? L("SMOKE.Applied.hustleOnARoll", { cost: a.cost })
      : L("SMOKE.Applied.hustleStep", { cost: a.cost, die: dieName(a.source), from: a.from,
        to: dieText(/** @type {number} */ (a.to), a.bonus) });
    case "effortStep": return L("SMOKE.Applied.effortStep", { die: dieName(a.source), steps: a.steps });
    case "suppressed": return L("SMOKE.Applied.suppressed", { name: a.name, by: (a.byNames ?? []).join(", ") });
    case "condition": return L("SMOKE.Applied.condition", { name: a.name,
      effects: (a.effects ?? []).map(conditionEffectText).join(", ") });
    case "explosions": return L(`SMOKE.Applied.explosions.${a.id}`);
    case "weapon": return L(`SMOKE.Applied.weapon.${a.id}`);
    case "driving": return a.text ?? signed(a.value ?? 0);
    default: return L(`SMOKE.Applied.${a.kind}`, { die: a.die, steps: a.steps, value: signed(a.value ?? 0) });
  }
}

/**
 * One modifier part of a plan (rules/check.mjs ModifierPart) in words.
 * @param {import("../../rules/check.mjs").ModifierPart} p
 * @returns {string}
 */
export function modifierText(p) {
  if (p.kind === "driving") return p.text ?? signed(p.value);
  return L(`SMOKE.Modifier.${p.kind}`, { value: signed(p.value), die: p.die, stat: statName(p.stat),
    source: dieName(p.source) });
}

/**
 * One way a card's roll differs from the check the GM rebuilt (rules/rolled-check.mjs RollDifference) in words
 * (`SMOKE.Check.differs.*`), with both numbers: "the modifier is +62, this check's is +2".
 * @param {import("../../rules/rolled-check.mjs").RollDifference} d
 * @param {string|null} statKey  The check's stat, to name its die.
 * @returns {string}
 */
export function differenceText(d, statKey) {
  if (d.part === "modifier") return L("SMOKE.Check.differs.modifier", { card: signed(d.card ?? 0), check: signed(d.check ?? 0) });
  const die = d.die === "stat" ? statName(statKey) : dieName(d.die);
  if (d.part === "die") return L("SMOKE.Check.differs.die", { die, card: d.card, check: d.check });
  const explodes = (/** @type {number|null} */ face) => (face === null ? L("SMOKE.Check.differs.never")
    : L("SMOKE.Check.differs.from", { face }));
  return L("SMOKE.Check.differs.explosion", { die, card: explodes(d.card), check: explodes(d.check) });
}

/**
 * A plan's warning id (rules/check.mjs CheckPlan `warnings`) in words.
 * @param {string} id
 * @returns {string}
 */
export const warningText = id => L(`SMOKE.CheckWarning.${id}`);

/**
 * An error's words for the table: a rule's refusal (`RuleError`, rules/rule-error.mjs) through
 * `SMOKE.RuleError.<id>`; any other error's own message (already localized by the documents layer).
 * @param {any} err
 * @returns {string}
 */
export function errorText(err) {
  if (err?.name !== "RuleError" || !err.id) return err?.message ?? String(err);
  const data = { ...err.data };
  if (typeof data.die === "string") data.die = L(`SMOKE.RuleError.die.${data.die}`);
  if (err.id === "cannotDrive") {
    data.conditions = String(data.conditions ?? "").split(",").filter(Boolean).map(conditionLabel).join(", ")
      || L("SMOKE.RuleError.aCondition");
  }
  return L(`SMOKE.RuleError.${err.id}`, data);
}

/**
 * One problem of a stat spread (rules/creation.mjs SpreadProblem) in words (`SMOKE.Creator.problem.<id>`).
 * @param {import("../../rules/creation.mjs").SpreadProblem} problem
 * @returns {string}
 */
export function spreadProblemText({ id, stat, die, have, needs }) {
  const name = stat && STAT_KEYS.includes(stat) ? L(`SMOKE.Stat.${stat}.name`) : (stat ?? "");
  return L(`SMOKE.Creator.problem.${id}`, { stat: name, die, have, needs });
}
