/**
 * Level Up (rulebook: Rep, Renown and Influence › Personal Rep, Growth; The Rep ladder): when XP reaches the next
 * threshold, every available level is applied in order — odd new levels raise a stat within the new tier's cap,
 * even new levels add a perk, every third new level rolls Growth (core Roll, no explosions). The choices are a
 * draft on the actor (flags), so closing and reopening resumes; Growth is rolled and Apply is applied by the active
 * GM from its record (documents/character/advancement.mjs), once, everything together.
 * @module apps/level-up
 */
import { applyStatRaise, legalStatRaises, levelUpSteps, levelsAvailable } from "../rules/progression.mjs";
import { statFaces } from "../rules/record.mjs";
import { growthOf, statsBefore } from "../documents/character/advancement.mjs";
import { requestGM } from "../documents/core/requests.mjs";
import { SYSTEM_ID } from "../generated/rules.mjs";

export { SYSTEM_ID };
const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
const Base = /** @type {typeof ApplicationV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ApplicationV2)));

/**
 * Its render context is the template's data (see _prepareContext).
 * @extends {Base<Record<string, unknown>>}
 */
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
    /** @type {Record<string, any>} Growth results the GM returned (its store may not have reached this client yet). */
    this.rolled = {};
  }

  get title() {
    return game.i18n.format("SMOKE.Level.titleFor", { actor: this.actor.name });
  }

  /** The draft: {level: {stat?, perk?}} (the Growth rolls are the GM's: {@link LevelUpApp#growth}). */
  get draft() {
    return foundry.utils.deepClone(this.actor.getFlag(SYSTEM_ID, "levelUp") ?? {});
  }

  /** The Growth rolls the GM made (level → result), with any this window has just been told of. */
  get growth() {
    return { ...growthOf(this.actor), ...this.rolled };
  }

  get grants() {
    const sys = this.actor.system;
    const n = levelsAvailable(sys.rep.level, sys.rep.xp);
    return n ? levelUpSteps(sys.rep.level, sys.rep.level + n) : [];
  }

  async _prepareContext() {
    const i18n = game.i18n;
    const draft = this.draft;
    const rolled = this.growth;
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
          if (s.kind === "growth") return { kind: s.kind, growth: true, result: rolled[g.level] ?? null };
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
    const rolled = this.growth;
    for (const g of this.grants) {
      for (const s of g.steps) {
        const d = draft[g.level] ?? {};
        if (s.kind === "statRaise" && !d.stat) out.push(game.i18n.format("SMOKE.Level.needStat", /** @type {Record<string, any>} */ ({ level: g.level })));
        if (s.kind === "perk" && !d.perk) out.push(game.i18n.format("SMOKE.Level.needPerk", /** @type {Record<string, any>} */ ({ level: g.level })));
        if (s.kind === "growth" && !rolled[g.level]) out.push(game.i18n.format("SMOKE.Level.needGrowth", /** @type {Record<string, any>} */ ({ level: g.level })));
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

  /**
   * Growth: the GM rolls the Grit die once for Health, the better of Moves/Grit once for Guard.
   * @this {LevelUpApp}
   */
  static async #onRollGrowth(event, target) {
    const level = Number(target.dataset.level);
    if (this.growth[level]) return;
    try {
      this.rolled[level] = await requestGM("levelUp.growth", { actorUuid: this.actor.uuid, level, choices: this.draft });
    } catch (err) {
      ui.notifications.warn(err.message);
    }
    this.render();
  }

  /**
   * Apply every level at once, once (the GM applies it from its record).
   * @this {LevelUpApp}
   */
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
      await requestGM("levelUp.apply", { actorUuid: this.actor.uuid, choices: draft });
      await this.close();
    } catch (err) {
      ui.notifications.warn(err.message);
    } finally {
      this.applying = false;
    }
  }
}
