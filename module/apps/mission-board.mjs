/**
 * The Mission Board window (documents/missions/missions.mjs). The GM sees every mission page in the world (Story mode: *Start
 * for the crew* — the GM Screen's chosen characters, else everyone present), the runs with their objectives and the
 * three ends, a form for a new mission page and *Import from compendium*. A player sees the open Self-play missions
 * with *Accept* (for their own characters) and their crew's runs. Deadlines count down on the shared tick. Each
 * button is a request the GM re-checks.
 * @module apps/mission-board
 */
import { allRuns, openMissions } from "../documents/missions/missions.mjs";
import { createMissionPage, importMissions, updateMissionPage } from "../documents/missions/author.mjs";
import { fieldsFromTerms, termsFromFields } from "../documents/missions/terms-form.mjs";
import { nextObjectiveState } from "../rules/missions.mjs";
import { onTick } from "../documents/core/active-time.mjs";
import { mmss } from "./countdown.mjs";
import { GMScreen } from "./gm-screen.mjs";
import { askGM, openOnce } from "./gm-windows.mjs";
import { docAt } from "../documents/core/lookup.mjs";
import { missionTerms } from "../data/mission-page.mjs";
import { liveHandlebarsBase, onHooks } from "./live-window.mjs";

const Base = liveHandlebarsBase();
const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/** The characters this user brings to a self-play mission: their assigned character, else those they own. */
export function myCrew() {
  const mine = game.actors.filter(a => a.type === "character" && a.isOwner);
  const assigned = game.user.character;
  return (assigned && mine.some(a => a.id === assigned.id) ? [assigned] : mine).map(a => a.uuid);
}

/**
 * A fee in words ("Crew fee £101", "£50 per head").
 * @param {{type: string, amount: number}} fee
 */
export const feeLabel = fee => (fee.type === "patOrder" ? L("SMOKE.Mission.patOrderFee")
  : fee.type === "perHead" ? L("SMOKE.Mission.perHeadFee", { amount: String(fee.amount) })
    : L("SMOKE.Mission.crewFee", { amount: String(fee.amount) }));

/** @extends {Base<Record<string, unknown>>} */
export class MissionBoard extends Base {
  static DEFAULT_OPTIONS = {
    id: "smoke-mission-board", classes: ["the-smoke", "mission-board"], tag: "form",
    window: { title: "SMOKE.Mission.board", resizable: true }, position: { width: 580, height: 680 },
    form: { handler: MissionBoard.#onSave, submitOnChange: false, closeOnSubmit: false },
    actions: { accept: MissionBoard.#onAccept, start: MissionBoard.#onStart, finish: MissionBoard.#onFinish,
      objective: MissionBoard.#onObjective, import: MissionBoard.#onImport,
      edit: MissionBoard.#onEdit, newMission: MissionBoard.#onNewMission }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/apps/mission-board.hbs", scrollable: [""] } };

  /** @type {MissionBoard|null} */
  static instance = null;

  /**
   * Open (or bring forward) the board.
   * @returns {MissionBoard}
   */
  static open() {
    return /** @type {MissionBoard} */ (openOnce(this));
  }

  /** @param {() => void} refresh */
  _subscribe(refresh) {
    return onHooks(["smoke.missions"], refresh);
  }

  async _onFirstRender(context, options) {
    await super._onFirstRender?.(context, options);
    // Each second only the countdowns change (a full render would wipe what the GM is typing in the form).
    this._untick = onTick(() => {
      if (!this.rendered) return;
      for (const run of allRuns()) {
        const el = this.element.querySelector(`.smoke-mission-countdown[data-run-id="${CSS.escape(run.id)}"]`);
        if (el && run.secondsLeft !== null) el.textContent = L("SMOKE.Mission.timeLeft", { time: mmss(run.secondsLeft) });
      }
    });
  }

  _onClose(options) {
    super._onClose?.(options);
    this._untick?.();
    if (MissionBoard.instance === this) MissionBoard.instance = null;
  }

  async _prepareContext() {
    const isGM = game.user.isGM;
    const mine = new Set(myCrew());
    const owned = new Set(game.actors.filter(a => a.type === "character" && a.isOwner).map(a => a.uuid));
    const open = openMissions({ selfPlayOnly: !isGM }).map(m => ({ ...m, fee: feeLabel(m.fee), xpLabel: `${m.xp} ${L("SMOKE.XP")}`,
      deadline: m.deadlineSeconds ? L("SMOKE.Mission.window", { time: mmss(m.deadlineSeconds) }) : null,
      modeLabel: L(`SMOKE.Mission.modes.${m.selfPlay ? "selfPlay" : "story"}`),
      canAccept: !isGM && mine.size > 0, canStart: isGM }));
    const runs = allRuns().filter(r => isGM || r.crew.some(u => owned.has(u))).map(r => ({ ...r, isGM,
      active: r.state === "active", stateLabel: L(`SMOKE.Mission.state.${r.late ? "late" : r.state}`),
      modeLabel: L(`SMOKE.Mission.modes.${r.mode}`), client: r.terms.client, fee: feeLabel(r.terms.fee),
      xpLabel: `${r.terms.xp} ${L("SMOKE.XP")}`, timeLeft: r.secondsLeft === null ? null : L("SMOKE.Mission.timeLeft", { time: mmss(r.secondsLeft) }),
      crewNames: r.crew.map(u => docAt(u)?.name).filter(Boolean).join(", "),
      objectives: r.objectives.map(o => ({ ...o, stateLabel: L(`SMOKE.Mission.objective.${o.state}`) })),
      paidLine: r.paid ? L("SMOKE.Mission.paidLine", { each: String(r.paid.each), remainder: String(r.paid.remainder) }) : null,
      remembered: (r.remembered ?? []).map(x => L(`SMOKE.Mission.remembered.${x.kind}`, { who: x.who, what: x.what })),
      canFinish: isGM && r.state === "active" }));
    return { isGM, open, runs, none: !open.length && !runs.length };
  }

  /** @this {MissionBoard} */
  static async #onAccept(event, target) {
    target.disabled = true;
    await askGM("mission.accept", { pageUuid: target.dataset.pageUuid, actorUuids: myCrew() });
  }

  /** @this {MissionBoard} */
  static async #onStart(event, target) {
    target.disabled = true;
    await askGM("mission.start", { pageUuid: target.dataset.pageUuid, actorUuids: (GMScreen.instance ?? new GMScreen()).targets() });
  }

  /** @this {MissionBoard} */
  static async #onFinish(event, target) {
    target.disabled = true;
    await askGM("mission.finish", { id: target.dataset.runId, outcome: target.dataset.outcome });
  }

  /** @this {MissionBoard} */
  static async #onObjective(event, target) {
    await askGM("mission.objective", { id: target.dataset.runId, objectiveId: target.dataset.objectiveId,
      state: nextObjectiveState(target.dataset.state ?? "open") });
  }

  /** @this {MissionBoard} */
  static async #onImport() {
    try {
      const n = await importMissions();
      ui.notifications.info(L("SMOKE.Mission.imported", { n: String(n) }));
    } catch (err) {
      ui.notifications.warn(/** @type {Error} */ (err).message);
    }
  }

  /**
   * Fill the form with a page's terms to change them (saving updates that page).
   * @this {MissionBoard}
   */
  static #onEdit(event, target) {
    const page = /** @type {JournalEntryPage.Implementation|null} */ (docAt(target.dataset.pageUuid ?? ""));
    const form = /** @type {HTMLFormElement} */ (this.element);
    if (!page) return;
    /**
     * @param {string} name  A field of the form.
     * @param {unknown} value
     */
    const set = (name, value) => { /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).value = String(value ?? ""); };
    set("pageUuid", page.uuid);
    set("name", page.name);
    for (const [name, value] of Object.entries(fieldsFromTerms(missionTerms(page)))) if (name !== "briefing") set(name, value);
    this.#editing(page.name);
  }

  /**
   * Back to a new mission: the form emptied.
   * @this {MissionBoard}
   */
  static #onNewMission() {
    /** @type {HTMLFormElement} */ (this.element).reset();
    /** @type {HTMLInputElement} */ (/** @type {HTMLFormElement} */ (this.element).elements.namedItem("pageUuid")).value = "";
    this.#editing(null);
  }

  /**
   * The form's words while editing `name` (null: a new mission).
   * @param {string|null} name
   */
  #editing(name) {
    const q = sel => /** @type {HTMLElement} */ (this.element.querySelector(sel));
    q(".smoke-mission-form-hint").textContent = name ? L("SMOKE.Mission.editing", { name }) : L("SMOKE.Mission.newHint");
    q(".smoke-mission-submit").textContent = L(name ? "SMOKE.Mission.update" : "SMOKE.Mission.save");
    q(".smoke-mission-cancel").hidden = !name;
    if (name) q("input[name=name]").focus();
  }

  /**
   * The GM's new mission page, or the changes to the page being edited.
   * @this {MissionBoard}
   */
  static async #onSave(event, form, formData) {
    const d = formData.object;
    try {
      if (d.pageUuid) {
        const page = docAt(String(d.pageUuid));
        const old = (page ? missionTerms(page) : null)?.objectives ?? [];
        await updateMissionPage({ uuid: d.pageUuid, name: d.name, system: termsFromFields(d, old) });
      } else await createMissionPage({ name: d.name, system: termsFromFields(d) });
      form.reset();
      /** @type {HTMLInputElement} */ (form.elements.namedItem("pageUuid")).value = "";
      this.#editing(null);
    } catch (err) {
      ui.notifications.warn(/** @type {Error} */ (err).message);
    }
  }
}
