/**
 * The Mission Board window (documents/missions.mjs): every user sees the missions; a player sees open Self-play
 * missions with *Accept* (for their own characters) and their crew's; the GM writes missions, starts story missions
 * for the chosen characters (the GM Screen's choice, else everyone present), marks objectives and finishes missions.
 * Each button is a request the GM re-checks.
 * @module apps/mission-board
 */
import { allMissions } from "../documents/missions.mjs";
import { GMScreen } from "./gm-screen.mjs";
import { askGM, openOnce } from "./gm-windows.mjs";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
const Base = /** @type {typeof ApplicationV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ApplicationV2)));
const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));
const NEXT = { open: "done", done: "failed", failed: "open" };

/** The characters this user brings to a self-play mission: their assigned character, else those they own. */
function myCrew() {
  const mine = game.actors.filter(a => a.type === "character" && a.isOwner);
  const assigned = game.user.character;
  return (assigned && mine.some(a => a.id === assigned.id) ? [assigned] : mine).map(a => a.uuid);
}

/** @extends {Base<Record<string, unknown>>} */
export class MissionBoard extends Base {
  static DEFAULT_OPTIONS = {
    id: "smoke-mission-board", classes: ["the-smoke", "mission-board"], tag: "form",
    window: { title: "SMOKE.Mission.board", resizable: true }, position: { width: 560, height: 640 },
    form: { handler: MissionBoard.#onSave, submitOnChange: false, closeOnSubmit: false },
    actions: { accept: MissionBoard.#onAccept, start: MissionBoard.#onStart, finish: MissionBoard.#onFinish,
      objective: MissionBoard.#onObjective }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/apps/mission-board.hbs", scrollable: [""] } };

  /** @type {MissionBoard|null} */
  static instance = null;

  /** Open (or bring forward) the board. @returns {MissionBoard} */
  static open() {
    return /** @type {MissionBoard} */ (openOnce(this));
  }

  async _onFirstRender(context, options) {
    await super._onFirstRender?.(context, options);
    this._refresh = () => this.render();
    /** @type {any} */ (Hooks).on("smoke.missions", this._refresh);
  }

  _onClose(options) {
    super._onClose?.(options);
    /** @type {any} */ (Hooks).off("smoke.missions", this._refresh);
    if (MissionBoard.instance === this) MissionBoard.instance = null;
  }

  async _prepareContext() {
    const isGM = game.user.isGM;
    const mine = new Set(myCrew());
    const shown = allMissions().filter(m => isGM || (m.state === "open" && m.mode === "selfPlay") || m.crew.some(u => mine.has(u)));
    return {
      isGM,
      missions: shown.map(m => ({ ...m, isGM, active: m.state === "active",
        stateLabel: L(`SMOKE.Mission.state.${m.state}`), modeLabel: L(`SMOKE.Mission.modes.${m.mode}`),
        fee: L(m.fee.type === "crew" ? "SMOKE.Mission.crewFee" : "SMOKE.Mission.perHeadFee", { amount: String(m.fee.amount) }),
        xpLabel: `${m.xp} ${L("SMOKE.XP")}`, timeLeft: m.secondsLeft === null ? null : L("SMOKE.Mission.timeLeft", { m: String(Math.ceil(m.secondsLeft / 60)) }),
        crewNames: m.crew.map(u => /** @type {any} */ (fromUuidSync(/** @type {any} */ (u)))?.name).filter(Boolean).join(", "),
        objectives: m.objectives.map(o => ({ ...o, stateLabel: L(`SMOKE.Mission.objective.${o.state}`) })),
        canAccept: !isGM && m.state === "open" && m.mode === "selfPlay" && mine.size > 0,
        canStart: isGM && m.state === "open", canFinish: isGM && m.state === "active" }))
    };
  }

  /** @this {MissionBoard} */
  static async #onAccept(event, target) {
    await askGM("mission.accept", { id: target.dataset.missionId, actorUuids: myCrew() });
  }

  /** @this {MissionBoard} */
  static async #onStart(event, target) {
    await askGM("mission.start", { id: target.dataset.missionId, actorUuids: (GMScreen.instance ?? new GMScreen()).targets() });
  }

  /** @this {MissionBoard} */
  static async #onFinish(event, target) {
    target.disabled = true;
    await askGM("mission.finish", { id: target.dataset.missionId, outcome: target.dataset.outcome });
  }

  /** @this {MissionBoard} */
  static async #onObjective(event, target) {
    const m = allMissions().find(x => x.id === target.dataset.missionId);
    const index = Number(target.dataset.index);
    const state = NEXT[m?.objectives[index]?.state ?? "open"];
    await askGM("mission.objective", { id: target.dataset.missionId, index, state });
  }

  /** The GM's new mission. @this {MissionBoard} */
  static async #onSave(event, form, formData) {
    const d = /** @type {any} */ (formData.object);
    const r = await askGM("mission.save", { name: d.name, client: d.client, fee: { type: d.feeType || null,
      amount: Number(d.feeAmount) }, xp: Number(d.xp), deadlineSeconds: Number(d.deadlineMinutes) > 0 ? Number(d.deadlineMinutes) * 60 : null,
      objectives: String(d.objectives ?? "").split("\n"), obligations: d.obligations, mode: d.mode });
    if (r) form.reset();
  }
}
