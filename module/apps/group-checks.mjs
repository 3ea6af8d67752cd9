/**
 * Group procedures run from the GM's side (rulebook: Teamwork and challenges):
 * - a teamwork roll: the chosen characters roll one stat against one TN; the totals are averaged, rounded down,
 *   and that average's margin gives one outcome;
 * - a progress challenge: a progress target and a consequence limit; each check's outcome contributes per the
 *   challenge table (Bad Luck may "accept a cost" for 1 progress and 1 consequence). The challenge lives in a world
 *   setting, so every player sees the same track in the Challenge window and in chat.
 * @module apps/group-checks
 */
import { challengeContribution, challengeState, teamwork } from "../rules/check.mjs";
import { rollCheck } from "../documents/core/check.mjs";
import { SYSTEM_ID, STAT_KEYS, OUTCOME_IDS } from "../generated/rules.mjs";

export { SYSTEM_ID };
const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
const Base = /** @type {typeof ApplicationV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ApplicationV2)));

/**
 * @typedef {object} Challenge  The world setting "the-smoke.challenge" (null when no challenge runs).
 * @property {string} name
 * @property {number} target   Progress needed.
 * @property {number} limit    Consequence limit.
 * @property {(ReturnType<typeof challengeContribution> & {source: string})[]} contributions  In order.
 */

/** Register the world setting that holds the current challenge. Called from the entry module's init. */
export function registerGroupSettings() {
  game.settings.register(SYSTEM_ID, "challenge", {
    scope: "world", config: false, type: Object, default: null,
    onChange: () => ChallengeTracker.instance?.render()
  });
}

/**
 * The GM's window for a teamwork roll.
 * @extends {Base<{characters: {id: string|null, name: string}[], stats: {key: string, name: string}[]}>}
 */
export class TeamworkApp extends Base {
  static DEFAULT_OPTIONS = {
    id: "smoke-teamwork", classes: ["the-smoke", "group-check"], tag: "form",
    window: { title: "SMOKE.Group.teamworkTitle" }, position: { width: 420 },
    form: { handler: TeamworkApp.#onSubmit, closeOnSubmit: true }
  };

  static PARTS = { form: { template: "systems/the-smoke/templates/apps/teamwork.hbs" } };

  /** @type {TeamworkApp|null} The open window, if any (the scene control brings it forward). */
  static instance = null;

  /**
   * Open (or bring forward) the one teamwork window.
   * @returns {TeamworkApp}
   */
  static open() {
    this.instance ??= new this();
    this.instance.render({ force: true });
    return this.instance;
  }

  /** The roll is under way (a second press of the button does nothing). */
  _rolling = false;

  _onClose(options) {
    super._onClose?.(options);
    if (TeamworkApp.instance === this) TeamworkApp.instance = null;
  }

  async _prepareContext() {
    return {
      characters: game.actors.filter(a => a.type === "character").map(a => ({ id: a.id, name: a.name })),
      stats: STAT_KEYS.map(key => ({ key, name: game.i18n.localize(`SMOKE.Stat.${key}.name`) }))
    };
  }

  /**
   * @returns {Promise<any>}  The teamwork result. ApplicationV2 ignores what a form handler returns; fvtt-types
   *   declares it void, hence `any` here.
   * @this {TeamworkApp}
   */
  static async #onSubmit(event, form, formData) {
    // One roll per window: a second press (a double click) while the first is rolling does nothing.
    if (this._rolling) return new Promise(() => {}); // never settles, so the second submit does not close the window
    const data = formData.object;
    const ids = Object.entries(data).filter(([k, v]) => k.startsWith("actor.") && v).map(([k]) => k.slice(6));
    // A blank TN is refused: Number("") and Number(null) are 0, which would be a Legendary TN nobody asked for.
    const tn = data.tn === "" || data.tn === null || data.tn === undefined ? NaN : Number(data.tn);
    // ApplicationV2#_onSubmitForm shows the thrown error once and keeps the window open.
    if (!ids.length || !Number.isInteger(tn)) throw new Error(game.i18n.localize("SMOKE.Group.needActorsAndTN"));
    this._rolling = true;
    const button = /** @type {HTMLButtonElement|null} */ (this.element?.querySelector("button[type=submit]"));
    if (button) button.disabled = true;
    try {
      return await rollTeamwork(ids.map(id => game.actors.get(id)), data.stat, tn);
    } catch (err) {
      this._rolling = false;
      if (button) button.disabled = false;
      throw err;
    }
  }
}

/**
 * Roll a teamwork check: each actor rolls the stat (defaults: no perk, no Hustle) against the TN, publicly;
 * then one card gives the average (rounded down), its margin and the one outcome.
 * @param {Actor.Implementation[]} actors
 * @param {string} statKey
 * @param {number} tn
 * @returns {Promise<{average: number, margin: number, outcome: string}>}
 */
export async function rollTeamwork(actors, statKey, tn) {
  const totals = [];
  for (const actor of actors) {
    const message = await rollCheck(actor, statKey, { tnSource: "fixed", tn, perkId: null, hustle: 0, situational: 0,
      rollMode: "publicroll" });
    if (!message) continue; // a hook cancelled this member's card: they are left out of the average
    const check = /** @type {import("../documents/core/check.mjs").CheckSnapshot} */ (
      /** @type {ChatMessage.Implementation} */ (message).getFlag(SYSTEM_ID, "check"));
    totals.push({ name: actor.name, total: check.total });
  }
  if (!totals.length) throw new Error(game.i18n.localize("SMOKE.Group.needActorsAndTN"));
  const result = teamwork(totals.map(t => t.total), tn);
  const content = await foundry.applications.handlebars.renderTemplate("systems/the-smoke/templates/chat/teamwork-card.hbs", {
    stat: game.i18n.localize(`SMOKE.Stat.${statKey}.name`), tn, totals, ...result,
    outcomeLabel: game.i18n.localize(`SMOKE.Outcome.${result.outcome}`)
  });
  await ChatMessage.create({ content, flags: { [SYSTEM_ID]: { teamwork: { tn, stat: statKey, ...result } } } });
  return result;
}

/**
 * The shared challenge track: everyone sees it; the GM sets it up and records contributions.
 * @extends {Base<{isGM: boolean, challenge: Challenge|null, state: ReturnType<typeof challengeState>|null,
 *   outcomes: {id: string, label: string}[]}>}
 */
export class ChallengeTracker extends Base {
  /** @type {ChallengeTracker|null} The open window, if any. */
  static instance = null;

  static DEFAULT_OPTIONS = {
    id: "smoke-challenge", classes: ["the-smoke", "challenge"], tag: "form",
    window: { title: "SMOKE.Group.challengeTitle" }, position: { width: 380 },
    form: { handler: ChallengeTracker.#onStart, closeOnSubmit: false },
    actions: { contribute: ChallengeTracker.#onContribute, end: ChallengeTracker.#onEnd }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/apps/challenge.hbs" } };

  constructor(options) {
    super(options);
    ChallengeTracker.instance = this;
  }

  /**
   * Open (or bring forward) the one challenge window.
   * @returns {ChallengeTracker}
   */
  static open() {
    this.instance ??= new this();
    this.instance.render({ force: true });
    return this.instance;
  }

  async _prepareContext() {
    const challenge = game.settings.get(SYSTEM_ID, "challenge");
    const state = challenge ? challengeState(challenge) : null;
    return {
      isGM: game.user.isGM, challenge, state,
      outcomes: OUTCOME_IDS.map(id => ({
        id, label: game.i18n.localize(`SMOKE.Outcome.${id}`) }))
    };
  }

  static async #onStart(event, form, formData) {
    if (!game.user.isGM) return;
    const data = formData.object;
    if (!data.target || !data.limit) return;
    await setChallenge({ name: String(data.name ?? ""), target: Number(data.target), limit: Number(data.limit),
      contributions: [] });
  }

  static async #onContribute(event, target) {
    const costAccepted = target.dataset.cost === "true";
    await contribute(target.dataset.outcome, { costAccepted, source: game.i18n.localize("SMOKE.Group.byGM") });
  }

  static async #onEnd() {
    if (game.user.isGM) await game.settings.set(SYSTEM_ID, "challenge", null);
  }

  _onClose(options) {
    super._onClose?.(options);
    if (ChallengeTracker.instance === this) ChallengeTracker.instance = null;
  }
}

/** GM only: replace the current challenge and announce it. */
export async function setChallenge(challenge) {
  await game.settings.set(SYSTEM_ID, "challenge", challenge);
  await announce(challenge);
}

/**
 * GM only: add one contribution (an outcome, with "accept a cost" on Bad Luck) to the current challenge and post
 * the track to chat.
 * @param {string} outcome
 * @param {{costAccepted?: boolean, source?: string}} [options]
 * @returns {Promise<object|null>} the new state, or null without a challenge.
 */
export async function contribute(outcome, { costAccepted = false, source = "" } = {}) {
  if (!game.user.isGM) throw new Error(game.i18n.localize("SMOKE.Group.gmOnly"));
  const challenge = game.settings.get(SYSTEM_ID, "challenge");
  if (!challenge) return null;
  const contribution = { ...challengeContribution(outcome, { costAccepted }), source };
  const next = { ...challenge, contributions: [...challenge.contributions, contribution] };
  await game.settings.set(SYSTEM_ID, "challenge", next);
  await announce(next);
  return challengeState(next);
}

async function announce(challenge) {
  const state = challengeState(challenge);
  const content = await foundry.applications.handlebars.renderTemplate("systems/the-smoke/templates/chat/challenge-card.hbs",
    { challenge, state, last: challenge.contributions.at(-1) ?? null,
      lastLabel: challenge.contributions.length ? game.i18n.localize(`SMOKE.Outcome.${challenge.contributions.at(-1).outcome}`) : null });
  await ChatMessage.create({ content, flags: { [SYSTEM_ID]: { challenge: state } } });
}
