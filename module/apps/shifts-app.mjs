/**
 * The GM's Shifts window (rulebook: Work the borough; Patients, fires and job clocks): who is on which shift, the
 * open callouts, and the running jobs with live countdowns (re-read every second from the clocks; no writes), with
 * pause / resume, "Reached", cancel and damaged cargo; a callout form (or one generated from the shift's data and
 * the viewed scene's named regions). Everything it changes goes through the GM's requests (documents/shifts/shifts.mjs).
 * @module apps/shifts-app
 */
import { BANDS, STAT_KEYS } from "../generated/rules.mjs";
import { jobStages, PAT_ORDER, POLICE_CALL_IDS } from "../rules/jobs.mjs";
import { PATIENT_STATES, SHIFT_IDS } from "../rules/shifts.mjs";
import { activeNow, onTick } from "../documents/core/active-time.mjs";
import { requestGM } from "../documents/core/requests.mjs";
import { feature as shiftsFeature, jobView, watchers } from "../documents/shifts/shifts.mjs";
import { mmss } from "./countdown.mjs";

/** The shifts' api (the stores as the GM keeps them). */
const shifts = shiftsFeature.api;

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
const Base = /** @type {typeof ApplicationV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ApplicationV2)));
/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 */
const L = (key, data) => (data ? game.i18n.format(key, /** @type {object} */ (data)) : game.i18n.localize(key));
const nameOf = uuid => fromUuidSync(uuid)?.name ?? "?";
/**
 * A stage's name ("Stop 7" for any bus stop).
 * @param {string} id
 */
export const stageLabel = id => (/^stop\d+$/.test(id) ? L("SMOKE.Shifts.stageStop", { n: id.slice(4) }) : L(`SMOKE.Shifts.stage.${id}`));

/** Every named region of every scene, for the destination selects. */
function regionChoices() {
  const out = [];
  for (const scene of game.scenes ?? []) {
    for (const region of scene.regions ?? []) {
      if (region.name) out.push({ value: `${scene.id}|${region.uuid}`, label: `${scene.name}: ${region.name}` });
    }
  }
  return out;
}

/**
 * Which of the New callout form's optional fields a shift uses (the callout's `extra`, documents/shifts/callouts.mjs):
 * the police call, the target and the arrest for police; the fare's or patient's name for a taxi or a paramedic; the
 * Cabbie tip for a taxi; the route bonus for a bus; the patient's state for a paramedic; the band of a check the book
 * prints none for (taxi, paramedic, fire, a disturbance: empty is the default, Medium) and a disturbance's check.
 */
const CALLOUT_FIELDS = Object.freeze({
  call: ["police"], target: ["police"], arrest: ["police"], fareName: ["taxi", "paramedic"], perkTip: ["taxi"],
  bonus: ["bus"], patient: ["paramedic"], band: ["taxi", "paramedic", "fire", "police"], check: ["police"]
});
/** The form's fields that belong to a police disturbance only (the arrest, the requested check and its band). */
const DISTURBANCE_ONLY = Object.freeze(["arrest", "check", "band"]);

/**
 * Show the chosen shift's fields and one destination per stage (a bus up to the form's four stops); a hidden field is
 * disabled, so it is not sent. The arrest tick belongs to a disturbance.
 * @param {HTMLElement} form
 */
function showCalloutFields(form) {
  const value = (/** @type {string} */ name) => /** @type {HTMLInputElement|null} */ (form.querySelector(`[name=${name}]`));
  const shift = value("shift")?.value ?? "";
  const call = shift === "police" ? (value("call")?.value ?? "") : null;
  const show = (/** @type {Element} */ label, /** @type {boolean} */ on) => {
    /** @type {HTMLElement} */ (label).hidden = !on;
    for (const el of label.querySelectorAll("input, select")) /** @type {HTMLInputElement} */ (el).disabled = !on;
  };
  for (const label of form.querySelectorAll("[data-callout-field]")) {
    const field = /** @type {keyof typeof CALLOUT_FIELDS} */ (/** @type {HTMLElement} */ (label).dataset.calloutField);
    show(label, CALLOUT_FIELDS[field].includes(shift)
      && (shift !== "police" || !DISTURBANCE_ONLY.includes(field) || call === "disturbance"));
  }
  const arrest = !!value("arrest")?.checked && !value("arrest")?.disabled;
  let rows = 1;
  try {
    rows = jobStages({ shift, call, stops: 4, arrest }).length;
  } catch { /* an unknown shift or call: one destination */ }
  for (const label of form.querySelectorAll("[data-callout-row]")) show(label, Number(/** @type {HTMLElement} */ (label).dataset.calloutRow) < rows);
}

/**
 * A callout generated from the shift's data and a scene's named regions: one region per stage, drawn in turn.
 * @param {string} shift
 * @param {any} scene
 * @param {object} [options]
 * @param {string} [options.call]  A police callout's kind (default "anpr").
 * @param {number} [options.hops]  The job's distance in hops (H).
 * @returns {object|null} callout.create data, or null without regions.
 */
export function generateCallout(shift, scene, { call = "anpr", hops = 0 } = {}) {
  const regions = [...(scene?.regions ?? [])].filter(r => r.name);
  if (!regions.length) return null;
  const stages = jobStages({ shift, call, stops: shift === "bus" ? Math.min(3, regions.length) : 1 });
  const start = Math.floor(Math.random() * regions.length);
  const destinations = stages.map((_, i) => { const r = regions[(start + i) % regions.length]; return { sceneId: scene.id, regionUuid: r.uuid, name: r.name }; });
  return { shift, call: shift === "police" ? call : null, hops,
    name: L("SMOKE.Shifts.generated", { shift: L(`SMOKE.Shifts.shift.${shift}`), to: destinations[destinations.length - 1].name }), destinations, extra: {} };
}

/** @extends {Base<any>} */
export class ShiftsApp extends Base {
  static DEFAULT_OPTIONS = {
    id: "smoke-shifts", classes: ["the-smoke", "smoke-shifts"], window: { title: "SMOKE.Shifts.title", resizable: true },
    position: { width: 620 },
    actions: {
      pause: ShiftsApp.#job("job.pause", { paused: true }), resume: ShiftsApp.#job("job.pause", { paused: false }),
      reached: ShiftsApp.#job("job.arrive", {}, true), load: ShiftsApp.#job("job.load"), cancel: ShiftsApp.#job("job.cancel"), damage: ShiftsApp.#job("job.damage"),
      withdraw: ShiftsApp.#onWithdraw, newCallout: ShiftsApp.#onNewCallout, generate: ShiftsApp.#onGenerate
    }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/apps/shifts.hbs" } };

  /** @type {ShiftsApp|null} */
  static instance = null;

  static open() {
    this.instance ??= new this();
    this.instance.render({ force: true });
    return this.instance;
  }

  #untick = /** @type {(() => void)|null} */ (null);
  #rerender = () => this.render();

  async _prepareContext() {
    const now = activeNow();
    const crews = Object.entries(shifts.crews()).map(([uuid, c]) => ({ actor: nameOf(uuid), vehicle: nameOf(c.vehicleUuid),
      shift: L(`SMOKE.Shifts.shift.${c.shift}`) }));
    const callouts = Object.values(shifts.callouts()).filter(c => c.status === "open")
      .map(c => ({ id: c.id, name: c.name, shift: L(`SMOKE.Shifts.shift.${c.shift}`), hops: c.hops,
        to: c.destinations.map(d => d.name).join(" → "), offerTo: c.offerTo ? nameOf(c.offerTo) : "" }));
    const jobs = Object.values(shifts.jobs()).sort((a, b) => b.clock.startedAt - a.clock.startedAt).slice(0, 20).map(j => {
      const v = jobView(j, now);
      return { ...v, crew: j.crew.map(nameOf).join(", "), left: mmss(v.secondsLeft), running: v.status === "travel" || v.status === "arrived",
        shiftName: L(`SMOKE.Shifts.shift.${j.shift}`), stageName: stageLabel(v.stage), stageIndex: j.stage,
        patientName: v.patient ? L(`SMOKE.Shifts.patient.${v.patient.state}`) : "", note: v.note ? L(v.note) : "",
        statusName: L(`SMOKE.Shifts.status.${v.status}`), canLoad: j.shift === "paramedic" && v.status === "arrived", cargoDamaged: !!v.cargo?.damaged, hasCargo: !!v.cargo };
    });
    return { crews, callouts, jobs, shiftIds: [...SHIFT_IDS, PAT_ORDER].map(id => ({ id, label: L(`SMOKE.Shifts.shift.${id}`) })) };
  }

  async _onRender(context, options) {
    await super._onRender?.(context, options);
    watchers.add(this.#rerender);
    this.#untick ??= onTick(now => {
      for (const el of this.element?.querySelectorAll?.("[data-countdown]") ?? []) {
        const job = shifts.jobs()[/** @type {HTMLElement} */ (el).dataset.countdown ?? ""];
        if (job) el.textContent = mmss(jobView(job, now).secondsLeft);
      }
    });
  }

  _onClose(options) {
    super._onClose?.(options);
    watchers.delete(this.#rerender);
    this.#untick?.();
    this.#untick = null;
    if (ShiftsApp.instance === this) ShiftsApp.instance = null;
  }

  /**
   * A job button: the request with the row's job id (and, `stamped`, the stage the row shows: the GM refuses it once
   * the job has moved on).
   * @param {string} type
   * @param {object} [extra]
   * @param {boolean} [stamped]
   */
  static #job(type, extra = {}, stamped = false) {
    return async function (event, target) {
      const row = /** @type {HTMLElement|null} */ (target.closest("[data-job]"));
      try {
        await requestGM(type, { jobId: row?.dataset.job, ...extra, ...(stamped ? { stage: Number(row?.dataset.stage) } : {}) });
      } catch (err) {
        ui.notifications.warn(err.message);
      }
    };
  }

  static async #onWithdraw(event, target) {
    try {
      await requestGM("callout.withdraw", { calloutId: target.closest("[data-callout]")?.dataset.callout });
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /**
   * Generate a callout for the chosen shift from the viewed scene's named regions.
   * @this {ShiftsApp}
   */
  static async #onGenerate() {
    const shift = /** @type {HTMLSelectElement} */ (this.element.querySelector("[name=generateShift]"))?.value || "taxi";
    const data = generateCallout(shift, game.scenes.viewed);
    if (!data) { ui.notifications.warn(L("SMOKE.Shifts.noRegions")); return; }
    try {
      await requestGM("callout.create", data);
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /** The callout form. */
  static async #onNewCallout() {
    const content = await foundry.applications.handlebars.renderTemplate("systems/the-smoke/templates/apps/callout-form.hbs", {
      shifts: [...SHIFT_IDS, PAT_ORDER].map(id => ({ id, label: L(`SMOKE.Shifts.shift.${id}`) })),
      calls: POLICE_CALL_IDS.map(id => ({ id, label: L(`SMOKE.Shifts.call.${id}`) })),
      patients: PATIENT_STATES.filter(s => s !== "lost").map(id => ({ id, label: L(`SMOKE.Shifts.patient.${id}`) })),
      bands: BANDS.map(id => ({ id, label: L(`SMOKE.Band.${id}`) })),
      stats: STAT_KEYS.map(id => ({ id, label: L(`SMOKE.Stat.${id}.name`) })),
      regions: regionChoices(), rows: [0, 1, 2, 3].map(i => ({ i, n: i + 1 })),
      crews: Object.keys(shifts.crews()).map(uuid => ({ uuid, name: nameOf(uuid) })),
      // The target is picked by name from the viewed scene's tokens (never typed as a UUID).
      targets: [...(game.scenes?.viewed?.tokens ?? [])].filter(t => t.name).map(t => ({ uuid: t.uuid, name: t.name }))
        .sort((a, b) => a.name.localeCompare(b.name))
    });
    // v13 DialogV2: `render(event, dialog)` runs once the dialog is drawn (fvtt-types 13.345 api/dialog.d.mts).
    const render = (/** @type {Event} */ _e, /** @type {foundry.applications.api.DialogV2} */ dialog) => {
      const form = /** @type {HTMLElement|null} */ (dialog.element?.querySelector(".smoke-callout-form"));
      if (!form) return;
      showCalloutFields(form);
      form.addEventListener("change", () => showCalloutFields(form));
    };
    const data = (await foundry.applications.api.DialogV2.input({
      window: { title: L("SMOKE.Shifts.newCallout") }, content, render, ok: { label: L("SMOKE.Shifts.create") } }));
    if (!data) return;
    const destinations = [0, 1, 2, 3].map(i => String(data[`dest${i}`] ?? "")).filter(Boolean).map(v => {
      const [sceneId, regionUuid] = v.split("|");
      return { sceneId, regionUuid, name: "" };
    });
    try {
      await requestGM("callout.create", { shift: data.shift, call: data.call, name: data.name, hops: data.hops, offerTo: data.offerTo ?? "",
        destinations, extra: { patient: data.patient, perkTip: data.perkTip, bonus: data.bonus, arrest: !!data.arrest, fareName: data.fareName ?? "",
          targetUuid: data.target || "", band: data.band || null, check: data.check || undefined } });
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }
}
