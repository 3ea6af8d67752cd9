/**
 * The Character Creator: the book's seven steps to a legal character (rulebook: Making a new face; Ten
 * backgrounds). The draft is saved on the actor after every step, so closing and reopening resumes; Back and Next
 * never create anything; Finish validates the whole draft, names the step that is incomplete, and asks the active GM
 * to build the character once (documents/character/creation.mjs: the record, the kit from the compendia by catalogue id, the
 * starting cash).
 * @module apps/creator
 */
import { CATALOGUE_IDS, RULES, SYSTEM_ID } from "../generated/rules.mjs";
import { startingNumbers, validateSpread } from "../rules/creation.mjs";
import { STEPS, buildCharacter, draftProblems, kitRef } from "../documents/character/creation.mjs";
import { itemIndex, itemPack } from "../documents/core/lookup.mjs";

export { SYSTEM_ID };
// The finish is the GM's (documents/character/creation.mjs); these stay importable from here.
export { buildCharacter, draftProblems, fromPack, kitRef } from "../documents/character/creation.mjs";
const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
const Base = /** @type {typeof ApplicationV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ApplicationV2)));
const STATS = RULES.stats.stats.map(s => s.key);

/**
 * Its render context is the template's data (see _prepareContext).
 * @extends {Base<Record<string, unknown>>}
 */
export class CharacterCreator extends Base {
  static DEFAULT_OPTIONS = {
    classes: ["the-smoke", "creator"],
    tag: "form",
    window: { title: "SMOKE.Creator.title", resizable: true },
    position: { width: 560 },
    form: { handler: CharacterCreator.#onChange, submitOnChange: true, closeOnSubmit: false },
    actions: { next: CharacterCreator.#onNext, back: CharacterCreator.#onBack, finish: CharacterCreator.#onFinish,
      useSpread: CharacterCreator.#onUseSpread }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/apps/creator.hbs" } };

  /** @param {{actor: Actor.Implementation} & object} options */
  constructor({ actor, ...options }) {
    super(options);
    this.actor = actor;
    this.finishing = false;
  }

  get title() {
    return game.i18n.format("SMOKE.Creator.titleFor", { actor: this.actor.name });
  }

  /** @returns {Record<string, any>} */
  get draft() {
    return foundry.utils.deepClone(this.actor.getFlag(SYSTEM_ID, "creator") ?? {
      step: 0, identity: { name: this.actor.name, streetName: "", pronouns: "", age: 18, ends: "", look: "" },
      stats: Object.fromEntries(STATS.map(k => [k, 4])), story: { hustle: "", vice: "", bond: "", ambition: "" }
    });
  }

  async #save(draft) {
    await this.actor.setFlag(SYSTEM_ID, "creator", draft);
  }

  /** The ten backgrounds from the compendium index (with the fields the step shows). */
  async #backgrounds() {
    /** @type {import("../documents/core/lookup.mjs").IndexEntryWith<Pick<BackgroundSystem, "spread"|"perks"|"kit"|"cash"|"suggestedHustle">>[]} */
    const index = await itemIndex(`${SYSTEM_ID}.backgrounds`, ["system.spread", "system.perks", "system.kit", "system.cash",
      "system.suggestedHustle"]);
    return index.sort((a, b) => a.name.localeCompare(b.name));
  }

  async _prepareContext() {
    const i18n = game.i18n;
    const d = this.draft;
    const step = STEPS[d.step] ?? STEPS[0];
    const backgrounds = await this.#backgrounds();
    const bg = backgrounds.find(b => b._id === d.background);
    /** @type {import("../documents/core/lookup.mjs").IndexEntryWith<Pick<PerkSystem, "stat"|"situation">>[]} */
    const perkIndex = await itemIndex(`${SYSTEM_ID}.perks`, ["system.stat", "system.situation"]);
    const statName = k => i18n.localize(`SMOKE.Stat.${k}.name`);
    const extras = await Promise.all(RULES.creation.extraItems.items.map(async key => {
      const ref = kitRef(key);
      const entry = [...await itemPack(`${SYSTEM_ID}.${ref.pack}`).getIndex()].find(e => e._id === ref.id);
      return { key, name: entry?.name ?? key, selected: d.extra === key };
    }));
    const itemName = async r => {
      const ref = kitRef(r);
      const index = await itemPack(`${SYSTEM_ID}.${ref.pack}`).getIndex();
      return index.get(ref.id)?.name ?? ref.id;
    };
    const kitNames = async b => (await Promise.all(b.system.kit.map(itemName))).join(", ");
    const kits = Object.fromEntries(await Promise.all(backgrounds.map(async b => [b._id, await kitNames(b)])));
    const perk = perkIndex.find(p => p._id === d.perk);
    const problems = draftProblems(d);
    return {
      step, stepNumber: d.step + 1, stepCount: STEPS.length, stepTitle: i18n.localize(`SMOKE.Creator.step.${step}`),
      [`is_${step}`]: true, first: d.step === 0, last: d.step === STEPS.length - 1, draft: d,
      backgrounds: backgrounds.map(b => ({ id: b._id, name: b.name, selected: b._id === d.background,
        spread: STATS.map(k => `${i18n.localize(`SMOKE.Stat.${k}.abbr`)} d${b.system.spread[k]}`).join(", "),
        perks: b.system.perks.map(k => perkIndex.find(p => p._id === CATALOGUE_IDS.perks[k])?.name ?? k).join(", "),
        kit: kits[b._id], cash: b.system.cash })),
      stats: STATS.map(k => ({ key: k, name: statName(k), use: i18n.localize(`SMOKE.Stat.${k}.use`), die: d.stats?.[k] ?? 4,
        options: RULES.creation.statDistribution.map(row => row.die).sort((a, b) => a - b).map(n => ({ n, selected: (d.stats?.[k] ?? 4) === n })) })),
      perks: bg ? bg.system.perks.map(k => {
        const p = perkIndex.find(x => x._id === CATALOGUE_IDS.perks[k]);
        return { id: p?._id, name: p?.name, stat: statName(p?.system?.stat), situation: p?.system?.situation,
          selected: d.perk === p?._id };
      }) : [],
      background: bg ? { name: bg.name, cash: bg.system.cash, suggestedHustle: bg.system.suggestedHustle,
        kit: kits[bg._id] } : null,
      summary: { perk: perk?.name ?? null, extra: extras.find(e => e.selected)?.name ?? null,
        stats: STATS.map(k => `${i18n.localize(`SMOKE.Stat.${k}.abbr`)} d${d.stats?.[k] ?? 4}`).join(", ") },
      extras,
      problems: problems[step], allProblems: STEPS.flatMap(s => problems[s].map(text => ({
        step: i18n.localize(`SMOKE.Creator.step.${s}`), text }))),
      numbers: validateSpread(d.stats ?? {}).ok ? startingNumbers(d.stats) : null,
      minimumAge: RULES.creation.minimumAge
    };
  }

  /**
   * Keep every field as typed, after each change.
   * @this {CharacterCreator}
   */
  static async #onChange(event, form, formData) {
    await this.#merge();
    // Re-render only for choices that change what the step shows; re-rendering on a typed field would replace the
    // input the player has moved on to, and lose what they are typing.
    const name = /** @type {HTMLInputElement|null} */ (event?.target)?.name ?? "";
    if (/^(background|perk|extra|stats\.)/.test(name)) this.render();
  }

  /**
   * Merge the form's current values into the saved draft. Merges run one after another and each reads the form
   * when it runs, so a quick sequence of edits and a click on Next can never save an older value over a newer one.
   * @returns {Promise<Record<string, any>>} the saved draft.
   */
  #merge() {
    this.#queue = this.#queue.then(() => this.#mergeNow(), () => this.#mergeNow());
    return this.#queue;
  }

  /** @type {Promise<any>} */
  #queue = Promise.resolve();

  async #mergeNow() {
    const flat = new foundry.applications.ux.FormDataExtended(/** @type {HTMLFormElement} */ (this.element)).object;
    const data = /** @type {Record<string, any>} */ (foundry.utils.expandObject(flat));
    const d = this.draft;
    if (data.identity) d.identity = { ...d.identity, ...data.identity };
    if (data.story) d.story = { ...d.story, ...data.story };
    if (data.stats) d.stats = { ...d.stats, ...Object.fromEntries(Object.entries(data.stats).map(([k, v]) => [k, Number(v)])) };
    if (data.background !== undefined && data.background !== d.background) {
      d.background = data.background;
      d.perk = null;
      const bg = (await this.#backgrounds()).find(b => b._id === data.background);
      if (bg) d.stats = { ...bg.system.spread }; // the suggestion, freely rearranged on the next step
    }
    if (data.perk !== undefined) d.perk = data.perk || null;
    if (data.extra !== undefined) d.extra = data.extra || null;
    await this.#save(d);
    return d;
  }

  /** @this {CharacterCreator} */
  static async #onNext() {
    const d = await this.#merge();
    const problems = draftProblems(d)[STEPS[d.step]];
    if (problems.length) {
      ui.notifications.warn(problems.join(" "));
      return;
    }
    d.step = Math.min(d.step + 1, STEPS.length - 1);
    await this.#save(d);
    this.render();
  }

  /** @this {CharacterCreator} */
  static async #onBack() {
    const d = await this.#merge();
    d.step = Math.max(d.step - 1, 0);
    await this.#save(d);
    this.render();
  }

  /** @this {CharacterCreator} */
  static async #onUseSpread() {
    const d = this.draft;
    const bg = (await this.#backgrounds()).find(b => b._id === d.background);
    if (!bg) return;
    d.stats = { ...bg.system.spread };
    await this.#save(d);
    this.render();
  }

  /**
   * Build the character, once.
   * @this {CharacterCreator}
   */
  static async #onFinish() {
    if (this.finishing) return;
    this.finishing = true;
    const d = await this.#merge();
    const problems = draftProblems(d);
    const first = STEPS.find(s => problems[s].length);
    if (first) {
      ui.notifications.warn(game.i18n.format("SMOKE.Creator.incomplete", {
        step: game.i18n.localize(`SMOKE.Creator.step.${first}`), problems: problems[first].join(" ") }));
      this.finishing = false;
      return;
    }
    try {
      await buildCharacter(this.actor, d); // the GM checks the draft again and builds it once
      await this.close();
      this.actor.sheet?.render({ force: true });
    } catch (err) {
      ui.notifications.warn(err.message);
    } finally {
      this.finishing = false;
    }
  }
}

/** Hooks (registered by the entry's loop). */
const hooks = {
  /** The actor directory offers the Character Creator: a blank character, then the seven steps. */
  renderActorDirectory: (app, html) => {
    const root = html instanceof HTMLElement ? html : html?.[0];
    const actions = root?.querySelector?.(".header-actions");
    if (!actions || actions.querySelector("[data-smoke-creator]") || !game.user.can("ACTOR_CREATE")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.smokeCreator = "";
    button.textContent = game.i18n.localize("SMOKE.Creator.title");
    button.addEventListener("click", async () => {
      const actor = await Actor.implementation.create({ name: game.i18n.localize("SMOKE.Creator.newName"), type: "character" });
      if (actor) new CharacterCreator({ actor: actor }).render({ force: true });
    });
    actions.append(button);
  },
};

/** The window's manifest (documents/core/feature.mjs), registered by the entry: the Creator serves the character record (id "record"). */
export const feature = { id: "record", hooks };
