/**
 * Street Control (rulebook: A d20 on the street; Police at the table; People on the street): the GM's window for setup
 * and city activity — the scene's street profile, time of day and rain; the people on the street (all nine, or one)
 * and police units (Heat's *Call in units*) placed at the scene's centre or the GM's view; roll or choose the d20 street
 * event (whispered to the GMs); run a police event for the chosen characters (none chosen: everyone present). Every
 * button is a GM request (documents/street/street.mjs), refused to a player. Chat-card buttons: apps/street-cards.mjs.
 * @module apps/street-control
 */
import { policeEvents, streetEvents, streetOf } from "../documents/street/street.mjs";
import { STREET_PROFILES, TIMES_OF_DAY } from "../rules/street.mjs";
import { GMScreen, presentCharacters } from "./gm-screen.mjs";
import { CATALOGUE_IDS, SYSTEM_ID } from "../generated/rules.mjs";
import { askGM, openOnce } from "./gm-windows.mjs";
import { liveHandlebarsBase, onHooks } from "./live-window.mjs";
import { viewPoint } from "./street-cards.mjs";

const Base = liveHandlebarsBase();
const L = key => game.i18n.localize(key);

/** @extends {Base<Record<string, unknown>>} */
export class StreetControl extends Base {
  static DEFAULT_OPTIONS = {
    id: "smoke-street-control", classes: ["the-smoke", "street-control"], tag: "form",
    window: { title: "SMOKE.Street.title", resizable: true }, position: { width: 600, height: 720 },
    actions: { rollEvent: StreetControl.#onRoll, chooseEvent: StreetControl.#onChoose, policeEvent: StreetControl.#onPolice,
      place: StreetControl.#onPlace, placeAll: StreetControl.#onPlaceAll, callUnits: StreetControl.#onUnits,
      stopRain: StreetControl.#onStopRain }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/apps/street-control.hbs", scrollable: [""] } };

  /** @type {StreetControl|null} */
  static instance = null;
  /**
   * Chosen character ids (none: everyone present).
   * @type {Set<string>}
   */
  chosen = new Set();

  /**
   * Open (or bring forward) the window; GM only.
   * @returns {StreetControl|null}
   */
  static open() {
    return openOnce(this, { gmOnly: true });
  }

  _onClose(options) {
    super._onClose?.(options);
    if (StreetControl.instance === this) StreetControl.instance = null;
  }

  /** @param {() => void} refresh */
  _subscribe(refresh) {
    return onHooks(["updateScene"], refresh);
  }

  async _onFirstRender(context, options) {
    await super._onFirstRender?.(context, options);
    this.element.addEventListener("change", event => this.#onChange(event.target));
  }

  async _prepareContext() {
    const scene = game.scenes.viewed ?? game.scenes.active;
    const street = streetOf(scene);
    const pack = game.packs.get(`${SYSTEM_ID}.street-people`);
    const index = pack ? (await pack.getIndex()).contents : [];
    const ids = /** @type {Record<string, Record<string, string> | undefined>} */ (CATALOGUE_IDS)["street-people"] ?? {};
    const people = Object.entries(ids).map(([key, id]) => ({ key, name: index.find(e => e._id === id)?.name ?? key }));
    const present = new Set(presentCharacters().map(a => a.id));
    return {
      scene: scene ? { name: scene.name } : null,
      profiles: STREET_PROFILES.map(id => ({ id, label: L(`SMOKE.Street.profile.${id}`), on: street.profile === id })),
      times: TIMES_OF_DAY.map(id => ({ id, label: L(`SMOKE.Street.time.${id}`), on: street.time === id })),
      rain: street.rain,
      stars: [1, 2, 3, 4, 5],
      characters: game.actors.filter(a => a.type === "character").map(a => ({ id: a.id, name: a.name,
        chosen: this.chosen.has(/** @type {string} */ (a.id)), present: present.has(a.id) })),
      events: streetEvents(), police: policeEvents(), people
    };
  }

  /** The characters a police event goes to: those chosen here, else the GM Screen's, else everyone present. */
  targets() {
    if (this.chosen.size) return [...this.chosen].map(id => game.actors.get(id)?.uuid).filter(Boolean);
    return GMScreen.instance ? GMScreen.instance.targets() : presentCharacters().map(a => a.uuid);
  }

  /** @returns {{where: string, view: {x: number, y: number}|null, count: number, sceneId: string}} */
  #placing() {
    const form = /** @type {HTMLFormElement} */ (this.element);
    const where = /** @type {HTMLSelectElement|null} */ (form.querySelector("[name=where]"))?.value ?? "centre";
    const count = Number(/** @type {HTMLInputElement|null} */ (form.querySelector("[name=count]"))?.value ?? 1);
    const view = where === "view" ? viewPoint() : null;
    return { where: view ? "view" : "centre", view, count, sceneId: game.scenes.viewed?.id ?? "" };
  }

  #onChange(target) {
    const sceneId = game.scenes.viewed?.id ?? "";
    if (target?.name === "chosen") {
      if (target.checked) this.chosen.add(target.value);
      else this.chosen.delete(target.value);
    } else if (target?.name === "profile" || target?.name === "time") {
      askGM("street.set", { sceneId, [target.name]: target.value });
    } else if (target?.name === "rain") {
      askGM("street.set", { sceneId, rain: !!target.checked });
    }
  }

  /** Run a window action with its button disabled until the GM answers (a double click sends one). */
  static async #busy(target, fn) {
    if (target.disabled) return;
    target.disabled = true;
    try {
      await fn();
    } finally {
      target.disabled = false;
    }
  }

  /** @this {StreetControl} */
  static async #onRoll(event, target) {
    await StreetControl.#busy(target, () => askGM("street.event", { sceneId: game.scenes.viewed?.id ?? "" }));
  }

  /** @this {StreetControl} */
  static async #onChoose(event, target) {
    const roll = Number(/** @type {HTMLSelectElement} */ (this.element.querySelector("[name=eventRoll]")).value);
    await StreetControl.#busy(target, () => askGM("street.event", { roll, sceneId: game.scenes.viewed?.id ?? "" }));
  }

  /** @this {StreetControl} */
  static async #onPolice(event, target) {
    await StreetControl.#busy(target, () => askGM("street.police", { key: target.dataset.key, actorUuids: this.targets() }));
  }

  /** @this {StreetControl} */
  static async #onPlace(event, target) {
    await StreetControl.#busy(target, () => askGM("street.place", { people: [target.dataset.key], ...this.#placing() }));
  }

  /** @this {StreetControl} */
  static async #onPlaceAll(event, target) {
    await StreetControl.#busy(target, () => askGM("street.place", { people: [], ...this.#placing() }));
  }

  /** @this {StreetControl} */
  static async #onUnits(event, target) {
    const stars = Number(/** @type {HTMLSelectElement} */ (this.element.querySelector("[name=unitStars]")).value);
    await StreetControl.#busy(target, () => askGM("heat.callUnits", { sceneId: game.scenes.viewed?.id ?? null, stars }));
  }

  /** @this {StreetControl} */
  static async #onStopRain(event, target) {
    await StreetControl.#busy(target, () => askGM("street.set", { sceneId: game.scenes.viewed?.id ?? "", rain: false }));
  }
}
