/**
 * The shift panel on a character's sheet (templates/actor/parts/shift.hbs): start or end a shift in the motor the
 * character drives, the callouts open to them (accept / pass), the running job's stage, destination and live countdown
 * (re-read every second from its clock; no writes), and the check the stage asks for. Every button asks the GM.
 * @module apps/shift-panel
 */
import { clockWindow } from "../rules/shifts.mjs";
import { jobStages } from "../rules/jobs.mjs";
import { onTick } from "../documents/core/active-time.mjs";
import { requestGM } from "../documents/core/requests.mjs";
import { vehicleDrivenBy } from "../documents/vehicle/vehicle.mjs";
import { acceptCallout, endShift, jobsOf, jobView, passCallout, rollJobCheck, startShift, suitedShifts, watchers, feature as shifts } from "../documents/shifts/shifts.mjs";
import { mmss } from "./countdown.mjs";
import { stageLabel } from "./shifts-app.mjs";

/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 */
const L = (key, data) => (data ? game.i18n.format(key, /** @type {object} */ (data)) : game.i18n.localize(key));

/**
 * The panel's context for a character.
 * @param {Actor.Implementation} actor
 */
export function shiftPanel(actor) {
  const { shift, callouts, job } = jobsOf(actor);
  const vehicle = vehicleDrivenBy(actor);
  const stored = job ? shifts.api.jobs()[job.id] : null;
  const canRoll = !!job && (job.status === "arrived" || (job.shift === "paramedic" && !!job.patient && job.status === "travel"));
  const canLoad = !!job && job.shift === "paramedic" && job.status === "arrived";
  return {
    actorUuid: actor.uuid, owner: actor.isOwner, shift, shiftName: shift ? L(`SMOKE.Shifts.shift.${shift}`) : "",
    suited: vehicle ? suitedShifts(vehicle).map(id => ({ id, label: L(`SMOKE.Shifts.shift.${id}`) })) : [],
    job, left: job ? mmss(job.secondsLeft) : "", stageName: job ? stageLabel(job.stage) : "",
    patientName: job?.patient ? L(`SMOKE.Shifts.patient.${job.patient.state}`) : "", note: job?.note ? L(job.note) : "",
    canRoll: canRoll && !!stored, canLoad,
    callouts: callouts.map(c => {
      const first = jobStages({ shift: c.shift, call: c.call, stops: Math.max(1, c.destinations.length), arrest: !!c.extra?.arrest })[0];
      return { id: c.id, name: c.name, to: c.destinations.map(d => d.name).join(" → "),
        window: mmss(clockWindow({ stage: first.window, hops: first.hops ? c.hops : 0 })) };
    })
  };
}

/**
 * Sheets showing a panel, re-rendered when a shift store changes.
 * @type {Set<any>}
 */
const open = new Set();
watchers.add(() => { for (const sheet of open) if (sheet.rendered) sheet.render(); else open.delete(sheet); });

/**
 * @param {Actor.Implementation} actor
 * @param {HTMLElement} button
 */
async function act(actor, button) {
  const action = button.dataset.shiftAction;
  const calloutId = /** @type {HTMLElement|null} */ (button.closest("[data-callout]"))?.dataset.callout ?? "";
  const jobId = /** @type {HTMLElement|null} */ (button.closest("[data-job]"))?.dataset.job ?? "";
  const panel = button.closest("[data-shift-panel]");
  try {
    if (action === "start") await startShift(actor, /** @type {HTMLSelectElement} */ (panel?.querySelector("[data-shift-choice]"))?.value);
    else if (action === "end") await endShift(actor);
    else if (action === "accept") await acceptCallout(actor, calloutId);
    else if (action === "pass") await passCallout(actor, calloutId);
    else if (action === "roll") await rollJobCheck(jobId, actor);
    else if (action === "load") await requestGM("job.load", { jobId, actorUuid: actor.uuid });
  } catch (err) {
    ui.notifications.warn(err.message);
  }
}

/**
 * Wire a rendered sheet's panel: its buttons and its countdown.
 * @param {any} sheet
 * @param {HTMLElement} html
 */
function onRenderSheet(sheet, html) {
  const root = html instanceof HTMLElement ? html : sheet.element;
  const panel = root?.querySelector?.("[data-shift-panel]");
  if (!panel) return;
  open.add(sheet);
  const actor = sheet.document;
  panel.addEventListener("click", event => {
    const button = /** @type {HTMLElement} */ (event.target)?.closest?.("[data-shift-action]");
    if (button) { event.preventDefault(); act(actor, /** @type {HTMLElement} */ (button)); }
  });
  const countdown = panel.querySelector("[data-shift-countdown]");
  if (!countdown) return;
  const stop = onTick(now => {
    if (!countdown.isConnected) return stop();
    const job = shifts.api.jobs()[/** @type {HTMLElement} */ (countdown).dataset.shiftCountdown ?? ""];
    if (job) countdown.textContent = mmss(jobView(job, now).secondsLeft);
  });
}

const hooks = { renderCharacterSheet: onRenderSheet };

/** The window's manifest (documents/core/feature.mjs), registered by the entry: the sheet's shift panel serves the shifts (id "shifts"). */
export const feature = { id: "shifts", hooks };
