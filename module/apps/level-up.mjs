/**
 * Level Up (rulebook: Rep, Renown and Influence › Personal Rep, Growth; The Rep ladder): when XP reaches the next
 * threshold, every available level is applied in order — odd new levels raise a stat within the new tier's cap,
 * even new levels add a perk, every third new level rolls Growth (core Roll, no explosions). The choices are a
 * draft on the actor (flags), so closing and reopening resumes; Apply runs once and applies everything together.
 * @module apps/level-up
 */
import { applyStatRaise, growthDice, growthGuard, growthHealth, legalStatRaises, levelUpSteps, levelsAvailable }
  from "../rules/progression.mjs";
import { statFaces } from "../rules/record.mjs";
import { fromPack } from "./creator.mjs";
import { SYSTEM_ID } from "../generated/rules.mjs";
import { noteHTML } from "../documents/chat-html.mjs";

export { SYSTEM_ID };
const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
const Base = /** @type {typeof ApplicationV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ApplicationV2)));

/**
 * The stats after the draft's raises up to (not including) `level`, as plain faces.
 * @param {Record<string, number>} start
 * @param {object[]} grants  From levelUpSteps.
 * @param {Record<string, any>} draft  level → choices.
 * @param {number} level
 */
function statsBefore(start, grants, draft, level) {
  let stats = { ...start };
  for (const g of grants) {
    if (g.level >= level) break;
    const key = draft[g.level]?.stat;
    const raise = g.steps.find(s => s.kind === "statRaise");
    if (raise && key) stats = applyStatRaise(stats, key, raise.cap);
  }
  return stats;
}

/** @extends {Base<Record<string, unknown>>}  (its render context is the template's data, see _prepareContext) */
export class LevelUpApp extends Base {
  static DEFAULT_OPTIONS = {
    classes: ["the-smoke", "level-up"],
    tag: "form",
    window: { title: "SMOKE.Level.title", resizable: true },
    position: { width: 460 },
    form: { handler: LevelUpApp.#onChange, submitOnChange: true, closeOnSubmit: false },
    actions: { rollGrowth: LevelUpApp.#onRollGrowth, apply: LevelUpApp.#onApply }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/apps/level-up.hbs" } };

  /** @param {{actor: Actor.Implementation} & object} options */
  constructor({ actor, ...options }) {
    super(options);
    this.actor = actor;
    this.applying = false;
  }

  get title() {
    return game.i18n.format("SMOKE.Level.titleFor", { actor: this.actor.name });
  }

  /** The draft: {level: {stat?, perk?, growth?: {health, guard, healthFace, guardFace}}}. */
  get draft() {
    return foundry.utils.deepClone(this.actor.getFlag(SYSTEM_ID, "levelUp") ?? {});
  }

  get grants() {
    const sys = this.actor.system;
    const n = levelsAvailable(sys.rep.level, sys.rep.xp);
    return n ? levelUpSteps(sys.rep.level, sys.rep.level + n) : [];
  }

  async _prepareContext() {
    const i18n = game.i18n;
    const draft = this.draft;
    const start = statFaces(this.actor.system.stats);
    const held = new Set(this.actor.items.filter(i => i.type === "perk").map(i => i.name));
    const pack = game.packs.get(`${SYSTEM_ID}.perks`);
    const perkIndex = pack ? [...(await pack.getIndex())] : [];
    const chosenPerks = new Set(Object.values(draft).map(d => d.perk).filter(Boolean));
    const levels = this.grants.map(g => {
      const d = draft[g.level] ?? {};
      const before = statsBefore(start, this.grants, draft, g.level);
      return {
        level: g.level, title: g.title, tier: i18n.localize(`SMOKE.Tier.${g.tier}`),
        steps: g.steps.map(s => {
          if (s.kind === "statRaise") {
            return { kind: s.kind, statRaise: true, cap: s.cap, choices: legalStatRaises(before, s.cap).map(k => ({
              key: k, label: `${i18n.localize(`SMOKE.Stat.${k}.name`)} d${before[k]} → d${applyStatRaise(before, k, s.cap)[k]}`,
              selected: d.stat === k })) };
          }
          if (s.kind === "perk") {
            return { kind: s.kind, perk: true, choices: perkIndex
              .filter(p => !held.has(p.name) && (!chosenPerks.has(p._id) || d.perk === p._id))
              .sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""))
              .map(p => ({ id: p._id, name: p.name, selected: d.perk === p._id })) };
          }
          if (s.kind === "growth") return { kind: s.kind, growth: true, result: d.growth ?? null };
          if (s.kind === "hustleMax") return { kind: s.kind, text: i18n.format("SMOKE.Level.hustleMax", /** @type {Record<string, any>} */ ({ max: s.max })) };
          if (s.kind === "tier") return { kind: s.kind, text: i18n.format("SMOKE.Level.tier", /** @type {Record<string, any>} */ ({ tier: s.label, cap: s.statCap })) };
          return { kind: s.kind, text: s.text ?? "" };
        })
      };
    });
    return { levels, missing: this.#missing(draft), xp: this.actor.system.rep.xp, level: this.actor.system.rep.level };
  }

  /** What is still to choose, as human lines (empty when ready). */
  #missing(draft) {
    const out = [];
    for (const g of this.grants) {
      for (const s of g.steps) {
        const d = draft[g.level] ?? {};
        if (s.kind === "statRaise" && !d.stat) out.push(game.i18n.format("SMOKE.Level.needStat", /** @type {Record<string, any>} */ ({ level: g.level })));
        if (s.kind === "perk" && !d.perk) out.push(game.i18n.format("SMOKE.Level.needPerk", /** @type {Record<string, any>} */ ({ level: g.level })));
        if (s.kind === "growth" && !d.growth) out.push(game.i18n.format("SMOKE.Level.needGrowth", /** @type {Record<string, any>} */ ({ level: g.level })));
      }
    }
    return out;
  }

  /** @this {LevelUpApp} */
  static async #onChange(event, form, formData) {
    const data = /** @type {Record<string, any>} */ (foundry.utils.expandObject(formData.object));
    const draft = this.draft;
    for (const [level, choice] of Object.entries(data.level ?? {})) {
      draft[level] = { ...(draft[level] ?? {}), ...Object.fromEntries(Object.entries(choice).filter(([, v]) => v)) };
    }
    // a changed stat choice can make a later raise illegal: drop those
    const start = statFaces(this.actor.system.stats);
    for (const g of this.grants) {
      const raise = g.steps.find(s => s.kind === "statRaise");
      const key = draft[g.level]?.stat;
      if (raise && key && !legalStatRaises(statsBefore(start, this.grants, draft, g.level), raise.cap).includes(key)) {
        delete draft[g.level].stat;
      }
    }
    await this.actor.setFlag(SYSTEM_ID, "levelUp", draft);
    this.render();
  }

  /** Growth: the Grit die once for Health, the better of Moves/Grit once for Guard, no explosions. @this {LevelUpApp} */
  static async #onRollGrowth(event, target) {
    const level = Number(target.dataset.level);
    const draft = this.draft;
    if (draft[level]?.growth) return;
    const stats = statsBefore(statFaces(this.actor.system.stats), this.grants, draft, level);
    const dice = growthDice(stats);
    const health = await new Roll(`1d${dice.health.die}`).evaluate();
    const guard = await new Roll(`1d${dice.guard.die}`).evaluate();
    const result = { healthFace: health.total, health: growthHealth(health.total, dice.health.die),
      guardFace: guard.total, guard: growthGuard(guard.total, dice.guard.die),
      healthDie: dice.health.die, guardDie: dice.guard.die };
    draft[level] = { ...(draft[level] ?? {}), growth: result };
    await this.actor.setFlag(SYSTEM_ID, "levelUp", draft);
    await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor: this.actor }), rolls: [health, guard],
      content: await noteHTML(game.i18n.format("SMOKE.Level.growthCard", /** @type {Record<string, any>} */ ({ actor: this.actor.name,
        level, healthDie: result.healthDie, healthFace: result.healthFace, health: result.health,
        guardDie: result.guardDie, guardFace: result.guardFace, guard: result.guard }))) });
    this.render();
  }

  /** Apply every level at once, once. @this {LevelUpApp} */
  static async #onApply() {
    if (this.applying) return;
    const draft = this.draft;
    const missing = this.#missing(draft);
    if (missing.length) {
      ui.notifications.warn(missing.join(" "));
      return;
    }
    this.applying = true;
    try {
      const grants = this.grants;
      const sys = this.actor.system;
      let stats = statFaces(sys.stats);
      let healthBonus = sys.health.bonus;
      let guardBonus = sys.guard.bonus;
      const perkIds = [];
      for (const g of grants) {
        const d = draft[g.level];
        const raise = g.steps.find(s => s.kind === "statRaise");
        if (raise) stats = applyStatRaise(stats, d.stat, raise.cap);
        if (d.perk) perkIds.push(d.perk);
        if (d.growth) {
          healthBonus += d.growth.health;
          guardBonus += d.growth.guard;
        }
      }
      const pack = /** @type {any} */ (game.packs.get(`${SYSTEM_ID}.perks`)); // the system's own perks compendium
      const perks = [];
      for (const id of perkIds) perks.push(fromPack(await pack.getDocument(id)));
      const last = /** @type {{level: number}} */ (grants.at(-1)); // Apply is only offered with a level available
      const update = {
        "system.rep.level": last.level,
        "system.health.bonus": healthBonus,
        "system.guard.bonus": guardBonus,
        ...Object.fromEntries(Object.entries(stats).map(([k, v]) => [`system.stats.${k}.die`, v])),
        [`flags.${SYSTEM_ID}.-=levelUp`]: null
      };
      await this.actor.update(update);
      if (perks.length) await this.actor.createEmbeddedDocuments("Item", perks);
      await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor: this.actor }),
        content: await noteHTML(game.i18n.format("SMOKE.Level.appliedCard",
          /** @type {Record<string, any>} */ ({ actor: this.actor.name, level: last.level }))) });
      await this.close();
    } finally {
      this.applying = false;
    }
  }
}
