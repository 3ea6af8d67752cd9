/**
 * Heat on the character sheet (templates/actor/parts/heat.hbs) and the countdown everywhere: the stars, the level,
 * in sight* or the seconds to lose the next star — re-read every second from the GM's timer and the shared active
 * clock (documents/core/active-time.mjs onTick), so every page shows the same countdown and nothing is written. The GM's
 * tools on the sheet: add a crime by hand (the crime and ticks chosen kept while the sheet is drawn again; one act
 * id per render; the second click of a double click, which may land on the sheet the first one's Heat drew again,
 * asks nothing: apps/one-click.mjs), the *in sight* /
 * out of sight* override, the *indoors* toggle, demand a stop, call in units, Busted and release.
 * @module apps/heat-panel
 */
import { onTick } from "../documents/core/active-time.mjs";
import { heatView } from "../documents/heat/cooldown.mjs";
import { custodyOf } from "../documents/heat/custody.mjs";
import { requestGM } from "../documents/core/requests.mjs";
import { crimes } from "../rules/heat.mjs";
import { canvasIfAny, docAt } from "../documents/core/lookup.mjs";

const L = (/** @type {string} */ key, /** @type {Record<string, string>|undefined} */ data = undefined) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * The countdown's words for a view.
 * @param {ReturnType<typeof heatView>} view
 * @returns {string}
 */
export function countdownText(view) {
  if (view.stars === 0) return "";
  if (view.inSight) return L("SMOKE.Wanted.inSight");
  if (view.nextStarSeconds === null) return "";
  return L("SMOKE.Wanted.countdown", { seconds: String(view.nextStarSeconds) });
}

/**
 * The sheet's Heat context.
 * @param {Actor.Implementation} actor
 */
export function heatPanel(actor) {
  const view = heatView(actor);
  const record = custodyOf(actor);
  return {
    uuid: actor.uuid, stars: view.stars, nameKey: view.nameKey, countdown: countdownText(view), isGM: game.user.isGM,
    starList: Array.from({ length: 5 }, (_, i) => ({ lit: i < view.stars })),
    crimes: crimes().map(c => ({ key: c.key, label: `${L(`SMOKE.Wanted.crime.${c.key}`)} (+${c.stars})` })),
    actId: `hand:${foundry.utils.randomID(16)}`,
    overrides: [["", "SMOKE.Wanted.sightScene"], ["seen", "SMOKE.Wanted.sightSeen"], ["unseen", "SMOKE.Wanted.sightUnseen"]]
      .map(([value, key]) => ({ value, label: L(key), selected: (view.override ?? "") === value })),
    indoors: view.indoors, inCustody: !!record?.open,
    custody: record?.open ? L("SMOKE.Wanted.custodyLine", { n: String(record.items.length) }) : ""
  };
}

/**
 * @param {HTMLElement} root
 * @param {string} field
 */
const field = (root, field) => /** @type {HTMLInputElement|null} */ (root.querySelector(`[data-heat-field="${field}"]`));

/** The crime form's fields, kept while the sheet is drawn again. */
const DRAFT_FIELDS = /** @type {const} */ (["crime", "witnessed", "policeSaw"]);
/** The GM's unsent crime form per actor uuid: a change that draws the sheet again keeps the crime and ticks chosen. */
const drafts = /** @type {Map<string, Record<string, string|boolean>>} */ (new Map());

/**
 * Put the GM's unsent choices back into a freshly drawn crime form, and keep each change to them.
 * @param {string} uuid
 * @param {HTMLElement} root
 */
function keepDraft(uuid, root) {
  const draft = drafts.get(uuid);
  for (const name of DRAFT_FIELDS) {
    const el = field(root, name);
    if (!el) continue;
    const checkbox = el.type === "checkbox";
    if (draft && name in draft) {
      if (checkbox) el.checked = Boolean(draft[name]);
      else el.value = String(draft[name]);
    }
    el.addEventListener("change", () => {
      drafts.set(uuid, { ...drafts.get(uuid), [name]: checkbox ? el.checked : el.value });
    });
  }
}

/** What the GM's sheet buttons ask, by `data-heat-panel`. */
const PANEL = {
  addCrime: (/** @type {string} */ uuid, /** @type {HTMLElement} */ root, /** @type {HTMLElement} */ button) => requestGM("heat.crime.add", {
    actorUuid: uuid, crime: field(root, "crime")?.value, witnessed: !!field(root, "witnessed")?.checked,
    policeSaw: !!field(root, "policeSaw")?.checked, actId: button.dataset.actId }),
  demandStop: (/** @type {string} */ uuid) => requestGM("heat.stop.demand", { actorUuid: uuid }),
  callUnits: (/** @type {string} */ uuid) => {
    const actor = /** @type {Actor.Implementation} */ (docAt(uuid));
    return requestGM("heat.callUnits", { stars: heatView(actor).stars,
      sceneId: canvasIfAny()?.scene?.id ?? game.scenes.active?.id ?? null });
  },
  bust: (/** @type {string} */ uuid) => requestGM("heat.bust", { actorUuid: uuid }),
  release: (/** @type {string} */ uuid) => requestGM("heat.release", { actorUuid: uuid })
};

/**
 * Every countdown on this page, from the GM's records and the active clock (no writes).
 * @param {number} now
 */
function refreshCountdowns(now) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-smoke-heat-countdown]"))) {
    const actor = /** @type {Actor.Implementation | null} */ (fromUuidSync(/** @type {`Actor.${string}`} */ (String(el.dataset.smokeHeatCountdown))));
    if (!actor) continue;
    const text = countdownText(heatView(actor, now));
    if (el.textContent !== text) el.textContent = text;
  }
}

let ticking = false;

/** Hooks (registered by the entry). */
const hooks = {
  ready: () => {
    if (!ticking) onTick(refreshCountdowns);
    ticking = true;
  },
  /**
   * The sheet's GM tools.
   * @param {any} app
   * @param {HTMLElement} html
   */
  renderCharacterSheet: (app, html) => {
    const root = /** @type {HTMLElement|null} */ (html.querySelector?.("[data-smoke-heat]"));
    if (!root || !game.user.isGM) return;
    const uuid = String(root.dataset.smokeHeat);
    keepDraft(uuid, root);
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll("[data-heat-panel]"))) {
      const fn = PANEL[String(button.dataset.heatPanel)];
      button.addEventListener("click", async event => {
        event.preventDefault();
        try {
          await fn(uuid, root, button);
        } catch (err) {
          ui.notifications?.warn(/** @type {Error} */ (err).message);
        }
      });
    }
    field(root, "stars")?.addEventListener("change", ev => requestGM("heat.set", { actorUuid: uuid,
      stars: Number(/** @type {HTMLInputElement} */ (ev.target).value) }).catch(err => ui.notifications?.warn(err.message)));
    field(root, "override")?.addEventListener("change", ev => requestGM("heat.sight", { actorUuid: uuid,
      override: /** @type {HTMLSelectElement} */ (ev.target).value || null }).catch(err => ui.notifications?.warn(err.message)));
    field(root, "indoors")?.addEventListener("change", ev => requestGM("heat.indoors", { actorUuid: uuid,
      indoors: /** @type {HTMLInputElement} */ (ev.target).checked }).catch(err => ui.notifications?.warn(err.message)));
  },
  /** The sheet shows custody and the GM's toggles: re-render open sheets when those records change. */
  "smoke.heatChanged": () => {
    for (const app of foundry.applications.instances?.values?.() ?? []) {
      // A window that shows an actor (a sheet, the phone) has `actor`.
      const a = /** @type {typeof app & {actor?: Actor.Implementation|null}} */ (app);
      if (a.actor?.type === "character" && a.rendered && a.element?.querySelector?.("[data-smoke-heat]")) a.render();
    }
  }
};

/** The window's manifest (documents/core/feature.mjs), registered by the entry: the sheet's Heat panel serves Heat (id "heat"). */
export const feature = { id: "heat", hooks };
