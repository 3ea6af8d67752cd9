/**
 * The roll dialog: TN source, perk, kit that steps the stat, Hustle spend, situational modifier, the Conditions that apply, the roll mode,
 * and the live exact odds of success and of each outcome (rulebook: Before you throw the dice).
 * @module apps/roll-dialog
 */
import { checkOdds } from "../rules/odds.mjs";
import { defaultChoices, kitFor, planFor, resolveTN, unboostedDice } from "../documents/core/check.mjs";
import { rainBand } from "../documents/street/setup.mjs";
import { bandTN } from "../rules/check.mjs";
import { appliedText, conditionEffectText, conditionLabel, errorText } from "../documents/core/check-words.mjs";
import { BANDS, OUTCOME_IDS } from "../generated/rules.mjs";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
const Base = /** @type {typeof ApplicationV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ApplicationV2)));
/** @type {("easy"|"medium"|"hard"|"longShot")[]} */
const OUTCOMES = OUTCOME_IDS;

/**
 * @typedef {import("../documents/core/check.mjs").CheckChoices & {targetGuard?: number, targetName?: string, lockTN?: boolean,
 *   lockSituational?: boolean}} DialogChoices
 *   The choices so far, with the targeted token's Guard (when one is targeted) for the Guard TN source; `lockTN`: the
 *   TN source and TN were fixed by the GM (a check request) and cannot be changed here; `lockSituational`: the roll is
 *   one the GM counts, so its situational modifier is the GM's (shown, not editable: the GM rebuilds the check with
 *   it and refuses any other, documents/core/verified-check.mjs).
 */

/**
 * @typedef {object} DialogForm  The dialog's inputs (templates/dialog/roll-dialog.hbs) as FormDataExtended reads them.
 * @property {import("../documents/core/check.mjs").CheckChoices["tnSource"]} tnSource
 * @property {import("../documents/core/check.mjs").CheckChoices["band"]} [band]  Shown for the band source only.
 * @property {number|string|null} [tn]   Shown for a fixed or opposed TN only; empty is null or "".
 * @property {string} perkId              "" for no perk.
 * @property {string} [kitId]             "" for no kit.
 * @property {number|string} [hustle]
 * @property {number|string|null} situational
 * @property {string} rollMode
 */

/**
 * Its render context is the template's data (see _prepareContext).
 * @extends {Base<Record<string, unknown>>}
 */
export class RollDialog extends Base {
  static DEFAULT_OPTIONS = {
    classes: ["the-smoke", "roll-dialog"],
    tag: "form",
    window: { title: "SMOKE.Dialog.title", resizable: true },
    position: { width: 440 },
    form: { handler: RollDialog.#onSubmit, submitOnChange: false, closeOnSubmit: true },
    actions: { cancel: RollDialog.#onCancel }
  };

  static PARTS = { form: { template: "systems/the-smoke/templates/dialog/roll-dialog.hbs" } };

  /**
   * Ask for a check's choices.
   * @param {Actor.Implementation} actor
   * @param {string} statKey
   * @param {{vehicle?: object|null, initial?: Partial<DialogChoices>}} [options]  `initial`: choices to start from
   *   (an attack presets the target's Guard and the attack's modifiers).
   * @returns {Promise<import("../documents/core/check.mjs").CheckChoices|null>} null when closed without rolling.
   */
  static prompt(actor, statKey, { vehicle = null, initial = {} } = {}) {
    return new Promise(resolve => {
      const dialog = new this({ actor, statKey, vehicle, initial, resolve });
      dialog.render({ force: true });
    });
  }

  constructor({ actor, statKey, vehicle = null, initial = {}, resolve, ...options }) {
    super(options);
    this.actor = actor;
    this.statKey = statKey;
    this.vehicle = vehicle;
    /** @type {((choices: import("../documents/core/check.mjs").CheckChoices|null) => void)|null} */
    this._resolve = resolve;
    /** @type {DialogChoices} */
    this.choices = { ...defaultChoices(), ...this.#targetChoice(), ...initial };
  }

  get title() {
    return game.i18n.format("SMOKE.Dialog.titleFor", {
      actor: this.actor.name, stat: game.i18n.localize(`SMOKE.Stat.${this.statKey}.name`)
    });
  }

  /** A targeted token's Guard, if the user has one targeted. */
  #targetChoice() {
    const target = game.user.targets?.first?.()?.actor;
    const guard = target?.system?.guard?.value;
    // A whole-number Guard means there is a target.
    return Number.isInteger(guard)
      ? { targetGuard: guard, targetName: /** @type {Actor.Implementation} */ (target).name } : {};
  }

  /** @override */
  async _prepareContext() {
    const i18n = game.i18n;
    const actor = this.actor;
    const c = this.choices;
    const { effortDie, statDie } = unboostedDice(actor, this.statKey, this.vehicle);
    const perks = actor.items.filter(i => i.type === "perk" && i.system.stat === this.statKey);
    // The kit the character carries that steps this stat, as the GM recorded it (the GM counts only that).
    const kits = actor.items.map(i => kitFor(actor, i.id, this.statKey)).filter(k => k !== null);
    // The points the record allows (0 … max), whatever was typed into it.
    const hustleMax = actor.system.hustle?.max;
    const hustle = Math.max(0, Math.min(actor.system.hustle?.value ?? 0, Number.isInteger(hustleMax) ? hustleMax : Infinity));
    let plan = null;
    let error = null;
    try {
      plan = planFor(actor, this.statKey, this.#choicesForPlan(), this.vehicle);
    } catch (err) {
      error = errorText(err);
    }
    let odds = null;
    if (plan && Number.isInteger(plan.tn)) {
      // plan.tn is a whole number here (tsc does not narrow on Number.isInteger).
      odds = checkOdds({ effortDie: plan.effort.die, statDie: plan.stat.die, tn: /** @type {number} */ (plan.tn),
        modifier: plan.modifier, flags: plan.flags });
    }
    const pct = p => `${(p * 100).toFixed(1)}%`;
    return {
      stat: i18n.localize(`SMOKE.Stat.${this.statKey}.name`),
      effortDie, statDie,
      // In the rain a Wheels band's TN is the next band's (resolveTN), and the options say so by their TNs.
      bands: BANDS.map(b => ({ id: b, label: i18n.localize(`SMOKE.Band.${b}`),
        tn: bandTN(effortDie, statDie, /** @type {"easy"|"medium"|"hard"|"longShot"} */ (rainBand(actor, this.statKey, b))),
        selected: c.tnSource === "band" && c.band === b })),
      sources: [
        { id: "band", label: i18n.localize("SMOKE.Dialog.sourceBand") },
        { id: "fixed", label: i18n.localize("SMOKE.Dialog.sourceFixed") },
        { id: "opposed", label: i18n.localize("SMOKE.Dialog.sourceOpposed") },
        // format() fills `{guard}` from any value; fvtt-types types the data as strings only.
        ...(c.targetGuard !== undefined ? [{ id: "guard", label: i18n.format("SMOKE.Dialog.sourceGuard",
          /** @type {Record<string, any>} */ ({ target: c.targetName, guard: c.targetGuard })) }] : [])
      ].filter(s => !c.lockTN || s.id === "fixed").map(s => ({ ...s, checked: c.tnSource === s.id })),
      locked: !!c.lockTN,
      situationalLocked: !!c.lockSituational,
      choices: c,
      isBand: c.tnSource === "band",
      needsNumber: c.tnSource === "fixed" || c.tnSource === "opposed",
      perks: perks.map(p => ({ id: p.id, name: p.name, situation: p.system.situation, selected: c.perkId === p.id })),
      kits: kits.map(k => ({ id: k.id, name: k.name, situation: k.situation, selected: c.kitId === k.id })),
      hustlePoints: hustle,
      hustleOptions: [0, 1, 2].map(n => ({ value: n, label: i18n.localize(`SMOKE.Dialog.hustle${n}`),
        checked: Number(c.hustle) === n, disabled: n > hustle })),
      rollModes: Object.entries(CONFIG.Dice.rollModes).map(([id, mode]) => ({ id, label: i18n.localize(mode.label ?? mode),
        selected: c.rollMode === id })),
      plan, error,
      applied: (plan?.applied ?? []).map(a => ({ ...a, text: appliedText(a) })),
      conditions: plan ? plan.conditions.applied.map(a => ({ name: a.name, text: a.effects.map(conditionEffectText).join("; "),
        suppressedBy: a.suppressedBy?.length ? a.suppressedBy.map(conditionLabel).join(", ") : null })) : [],
      formula: plan?.formula,
      tn: plan?.tn,
      odds: odds ? {
        success: pct(odds.success),
        outcomes: OUTCOMES.map(id => ({ id, label: i18n.localize(`SMOKE.Outcome.${id}`), value: pct(odds.outcomes[id]) }))
      } : null
    };
  }

  #choicesForPlan() {
    const c = { ...this.choices };
    if (c.tnSource === "guard") c.tn = c.targetGuard;
    return c;
  }

  /**
   * Re-plan and refresh the odds whenever a choice changes. The listeners go on the application's element once (it
   * outlives each render). Pressing a button after typing in a field fires the field's change first; re-rendering
   * then would replace the button under the pointer and swallow the click, so a change made by pressing a button
   * only updates the choices.
   * @param {Record<string, unknown>} context
   * @param {foundry.applications.api.ApplicationV2.RenderOptions} options
   */
  async _onFirstRender(context, options) {
    await super._onFirstRender?.(context, options);
    this.element.addEventListener("pointerdown", event => {
      if (!(/** @type {HTMLElement} */ (event.target))?.closest?.("button")) return;
      this._pressing = true;
      window.addEventListener("pointerup", () => setTimeout(() => { this._pressing = false; }, 0), { once: true });
    });
    this.element.addEventListener("change", event => this.#onChange(event));
  }

  #onChange(event) {
    // The application's tag is "form", so its element is the form.
    const form = /** @type {HTMLFormElement} */ (this.element);
    const data = /** @type {DialogForm} */ (new foundry.applications.ux.FormDataExtended(form).object);
    const locked = this.choices.lockTN;
    this.choices = {
      ...this.choices,
      tnSource: locked ? this.choices.tnSource : data.tnSource ?? this.choices.tnSource,
      band: data.band ?? this.choices.band,
      tn: locked ? this.choices.tn : data.tn === "" || data.tn === null || data.tn === undefined ? null : Number(data.tn),
      perkId: data.perkId || null,
      kitId: data.kitId || null,
      hustle: Number(data.hustle ?? 0),
      situational: this.choices.lockSituational ? this.choices.situational : Number(data.situational) || 0,
      rollMode: data.rollMode ?? this.choices.rollMode
    };
    if (!this._pressing) this.render();
  }

  /** @this {RollDialog} */
  static async #onSubmit(event, form, formData) {
    const data = formData.object;
    /** @type {DialogChoices} */
    const choices = { ...this.choices, tnSource: data.tnSource, band: data.band ?? this.choices.band,
      tn: data.tn === "" || data.tn == null ? null : Number(data.tn), perkId: data.perkId || null,
      kitId: data.kitId || null, hustle: Number(data.hustle ?? 0), situational: Number(data.situational) || 0, rollMode: data.rollMode };
    if (choices.tnSource === "guard") choices.tn = this.choices.targetGuard;
    // A TN the GM fixed (a check request) stays as it was issued.
    if (this.choices.lockTN) Object.assign(choices, { tnSource: this.choices.tnSource, tn: this.choices.tn });
    // A situational modifier the GM set stays as it was issued.
    if (this.choices.lockSituational) choices.situational = this.choices.situational;
    // A refusal throws: ApplicationV2#_onSubmitForm shows it (once) and keeps the dialog open.
    try {
      resolveTN(this.actor, this.statKey, choices, this.vehicle);
      planFor(this.actor, this.statKey, choices, this.vehicle);
    } catch (err) {
      throw new Error(errorText(err), { cause: err });
    }
    this._resolve?.(choices);
    this._resolve = null;
  }

  /** @this {RollDialog} */
  static #onCancel() {
    this.close();
  }

  /** @override */
  _onClose(options) {
    super._onClose?.(options);
    this._resolve?.(null);
    this._resolve = null;
  }
}
