/**
 * The Blower, the characters' phone (rulebook, Foundry table guide: "Open your phone from the scene controls or
 * Alt+B. It holds callouts, Pat's orders, mission objectives, your money and Heat."). One window per client, for the
 * user's own character; a GM picks any character's. A view, not a store: its screens (apps/blower/screens.mjs) read
 * the owning features' records, and its own state is UI only (the screen open now, in memory).
 * @module apps/blower/phone
 */
import { APPS, screenContext } from "./screens.mjs";
import { onTick, activeNow } from "../../documents/core/active-time.mjs";
import { markRead, onInbox, inboxNow, phonesOpen, refreshInbox } from "../../documents/blower/texts.mjs";
import { markStation, onRadio, resume } from "../../documents/blower/radio.mjs";
import { requestGM } from "../../documents/core/requests.mjs";
import { directionsOf } from "./sources.mjs";
import { SatNav } from "./satnav.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";
import { systemApi } from "../../documents/core/lookup.mjs";
import { watchers as shiftWatchers } from "../../documents/shifts/store.mjs";
import { liveHandlebarsBase, onHooks } from "../live-window.mjs";

const Base = liveHandlebarsBase();
/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 */
const L = (key, data) => (data ? game.i18n.format(key, /** @type {object} */ (data)) : game.i18n.localize(key));
/** Screens that show a running clock (re-rendered each second while open). */
const TICKING = new Set(["jobs", "orders", "heat", "objectives"]);
/** Screens that show the Shifts feature's records, and the missions' (re-rendered when those records change). */
const SHIFT_SCREENS = new Set(["home", "jobs", "orders", "directions"]);
const MISSION_SCREENS = new Set(["home", "objectives"]);

/** @param {Error|{message?: string}|string|null|undefined} err  Words, or what a request or a write rejected with. */
const warn = err => void ui.notifications?.warn(typeof err === "string" ? err : err?.message ?? String(err));

/** The characters a user may open a phone for: a GM any character, a player their own. */
export function phoneOwners() {
  return game.actors.filter(a => a.type === "character" && (game.user.isGM || a.isOwner));
}

/** @extends {Base<Record<string, any>>} */
export class BlowerPhone extends Base {
  static DEFAULT_OPTIONS = {
    id: "smoke-blower", classes: ["the-smoke", "smoke-blower"],
    window: { title: "SMOKE.Blower.title", icon: "fa-solid fa-mobile-screen-button", resizable: false },
    position: { width: 300, height: /** @type {"auto"} */ ("auto") },
    actions: {
      open: BlowerPhone.#open, home: BlowerPhone.#home, satnav: BlowerPhone.#satnav, send: BlowerPhone.#send,
      accept: BlowerPhone.#callout, pass: BlowerPhone.#callout, play: () => resume(), refresh: () => void refreshInbox(),
      acceptMission: BlowerPhone.#acceptMission
    }
  };

  static PARTS = { phone: { template: "systems/the-smoke/templates/apps/blower/phone.hbs", scrollable: [".smoke-blower-screen"] } };

  /** @type {BlowerPhone|null} */
  static instance = null;

  /**
   * Alt+B and the scene control: open the phone (or close it when open), for the user's character.
   * @returns {BlowerPhone|null}
   */
  static toggle() {
    if (this.instance?.rendered) {
      void this.instance.close();
      return null;
    }
    return this.open();
  }

  /**
   * Open the phone for an actor (default: the user's own character; a GM's first character).
   * @param {{actor?: any, screen?: string}} [options]
   * @returns {BlowerPhone|null}  null when the user has no character.
   */
  static open({ actor = null, screen = "home" } = {}) {
    const mine = game.user.character;
    // A GM with no character of their own opens a player's phone, else any character's (then picks in Whose phone).
    const target = actor ?? (mine?.isOwner || game.user.isGM ? mine : null) ?? phoneOwners()[0]
      ?? (game.user.isGM ? game.actors.find(a => a.type === "character") : null) ?? null;
    if (!target) {
      // A GM has nobody to ask: they are told how to make or import a character and give it to a player.
      ui.notifications?.warn(L(game.user.isGM ? "SMOKE.Blower.noCharacterGM" : "SMOKE.Blower.noCharacter"));
      return null;
    }
    this.instance ??= new this();
    this.instance.actor = target;
    this.instance.screen = screen;
    void this.instance.render({ force: true });
    return this.instance;
  }

  /**
   * The character whose phone this is.
   * @type {Actor.Implementation|null}
   */
  actor = null;
  /** The screen shown: "home" or an app id. */
  screen = "home";
  /** The GM's text being written (kept across re-renders: a text arriving does not wipe it). */
  draft = { from: "", text: "", to: /** @type {string[]} */ ([]) };

  get title() {
    return this.actor ? L("SMOKE.Blower.titleOf", { name: this.actor.name }) : L("SMOKE.Blower.title");
  }

  /** @override */
  async _prepareContext() {
    const ctx = screenContext(this.screen, this.actor, activeNow());
    const app = APPS.find(a => a.id === this.screen) ?? null;
    return {
      screen: this.screen, home: this.screen === "home", app: app ? { ...app, label: L(`SMOKE.Blower.App.${app.id}`) } : null,
      is: { [this.screen]: true }, ctx, actorName: this.actor?.name ?? "", isGM: game.user.isGM,
      owners: game.user.isGM ? phoneOwners().map(a => ({ id: a.id, name: a.name, selected: a.id === this.actor?.id })) : [],
      time: new Date(game.time.serverTime).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }),
      unread: inboxNow().unread,
      phones: game.user.isActiveGM && this.screen === "home" ? phonesOpen() : [],
      draft: { ...this.draft, to: Object.fromEntries(this.draft.to.map(id => [id, true])) }
    };
  }

  /** @override */
  async _onFirstRender(context, options) {
    await super._onFirstRender?.(context, options);
    this.#tellGM(true);
  }

  /**
   * The phone follows its texts, the radio, the clock on the screens that count down, and the GM's records.
   * @param {() => void} refresh
   * @returns {(() => void)[]}
   */
  _subscribe(refresh) {
    const off = [onInbox(refresh), onRadio(refresh), onTick(() => { if (TICKING.has(this.screen)) refresh(); })];
    // The records these screens show change on the GM's write (a callout taken, an objective done): re-render then.
    const shifts = () => { if (SHIFT_SCREENS.has(this.screen)) refresh(); };
    shiftWatchers.add(shifts);
    off.push(() => shiftWatchers.delete(shifts));
    return [...off, ...onHooks(["smoke.missions"], () => { if (MISSION_SCREENS.has(this.screen)) refresh(); }),
      ...onHooks(["updateActor"], (/** @type {{id: string|null}} */ doc) => { if (doc?.id === this.actor?.id) refresh(); }),
      ...onHooks(["updateSetting", "updatePlaylist"], refresh)];
  }

  /**
   * Before the phone's part is replaced: where the caret stands in the compose field being typed in. v13 focuses the
   * same field in the new part (HandlebarsApplicationMixin#_syncPartState, by id or name) but a new field's caret
   * starts at 0, so the GM's next keystrokes would land in front of what they typed.
   * @param {string} partId  The part's id.
   * @param {HTMLElement} newElement  The part as now rendered.
   * @param {HTMLElement} priorElement  The part it replaces.
   * @param {{caret?: {name: string, start: number|null, end: number|null, direction: string|null}|null}} state
   */
  _preSyncPartState(partId, newElement, priorElement, state) {
    Object.getPrototypeOf(BlowerPhone.prototype)._preSyncPartState?.call(this, partId, newElement, priorElement, state);
    const field = /** @type {HTMLInputElement|null} */ (priorElement.querySelector(
      ".smoke-blower-compose [name=from]:focus, .smoke-blower-compose [name=text]:focus"));
    state.caret = field
      ? { name: field.name, start: field.selectionStart, end: field.selectionEnd, direction: field.selectionDirection }
      : null;
  }

  /**
   * A render that began before the GM typed (a hook's re-render, under load a moment late) replaces the compose form
   * with the draft it was prepared from: carry what the old form holds into the new one, so no keystroke is lost.
   * v13 HandlebarsApplicationMixin#_syncPartState(partId, newElement, priorElement, state), after the part is
   * replaced (node_modules/fvtt-types/src/foundry/client/applications/api/handlebars-application.d.mts).
   * (Base is typed as ApplicationV2, which lacks the mixin's hook: the parent's is called through the prototype.)
   * @param {string} partId  The part's id.
   * @param {HTMLElement} newElement  The part as now rendered.
   * @param {HTMLElement} priorElement  The part it replaced.
   * @param {{caret?: {name: string, start: number|null, end: number|null, direction: string|null}|null}} state
   *   What _preSyncPartState kept.
   */
  _syncPartState(partId, newElement, priorElement, state) {
    Object.getPrototypeOf(BlowerPhone.prototype)._syncPartState?.call(this, partId, newElement, priorElement, state);
    const prior = priorElement.querySelector(".smoke-blower-compose");
    const next = newElement.querySelector(".smoke-blower-compose");
    if (!prior || !next) return;
    for (const name of ["from", "text"]) {
      const was = /** @type {HTMLInputElement|null} */ (prior.querySelector(`[name=${name}]`));
      const now = /** @type {HTMLInputElement|null} */ (next.querySelector(`[name=${name}]`));
      if (was && now) now.value = was.value;
    }
    for (const box of next.querySelectorAll("[name=to]")) {
      const el = /** @type {HTMLInputElement} */ (box);
      const was = /** @type {HTMLInputElement|null} */ (prior.querySelector(`[name=to][value="${CSS.escape(el.value)}"]`));
      if (was) el.checked = was.checked;
    }
    const caret = state.caret;
    const field = caret && /** @type {HTMLInputElement|null} */ (next.querySelector(`[name=${caret.name}]`));
    if (caret && field && field === document.activeElement && caret.start !== null && caret.end !== null) {
      field.setSelectionRange(caret.start, caret.end, /** @type {"forward"|"backward"|"none"} */ (caret.direction ?? "none"));
    }
  }

  /** @override */
  async _onRender(context, options) {
    await super._onRender?.(context, options);
    const root = this.element;
    root.querySelector("[name=owner]")?.addEventListener("change", event => {
      this.actor = game.actors.get(/** @type {HTMLSelectElement} */ (event.target).value) ?? this.actor;
      void this.render();
    });
    root.querySelector("[name=motorStation]")?.addEventListener("change", event => {
      const el = /** @type {HTMLSelectElement} */ (event.target);
      requestGM("radio.tune", { motorUuid: el.dataset.motor, stationId: el.value || null })
        .then(() => resume(), err => { warn(err); void this.render(); });
    });
    root.querySelector("[name=phoneStation]")?.addEventListener("change", event => {
      void game.settings.set(SYSTEM_ID, "phoneStation",
        (/** @type {HTMLSelectElement} */ (event.target).value)).then(() => resume());
    });
    root.querySelector("[name=radioVolume]")?.addEventListener("change", event => {
      const v = Number(/** @type {HTMLInputElement} */ (event.target).value) / 100;
      void game.settings.set(SYSTEM_ID, "radioVolume", v);
    });
    for (const box of root.querySelectorAll("[data-radio-playlist]")) {
      box.addEventListener("change", event => {
        const el = /** @type {HTMLInputElement} */ (event.target);
        const playlist = game.playlists.get(String(el.dataset.radioPlaylist));
        if (playlist) markStation(playlist, el.checked).then(on => { el.checked = on; }, warn);
      });
    }
    const compose = root.querySelector(".smoke-blower-compose");
    compose?.addEventListener("input", () => { this.draft = this.#readDraft(); });
    compose?.addEventListener("change", () => { this.draft = this.#readDraft(); });
    if (this.screen === "messages" && !game.user.isGM) {
      const unread = inboxNow().texts.filter(t => t.unread).map(t => t.id);
      if (unread.length) markRead(unread).catch(warn);
    }
  }

  /** @override */
  _onClose(options) {
    super._onClose?.(options);
    this.#tellGM(false);
    if (BlowerPhone.instance === this) BlowerPhone.instance = null;
  }

  /**
   * A player's phone tells the GM it is open or closed (the GM's list; nothing is written).
   * @param {boolean} open
   */
  #tellGM(open) {
    if (game.user.isGM || !game.users.activeGM) return;
    requestGM("blower.phone", { open, actor: this.actor?.name ?? "" }).catch(() => {});
  }

  /**
   * @this {BlowerPhone}
   * @param {Event} _e
   * @param {HTMLElement} target
   */
  static #open(_e, target) {
    this.screen = target.dataset.app ?? "home";
    if (this.screen === "messages") void refreshInbox();
    void this.render();
  }

  /** @this {BlowerPhone} */
  static #home() {
    this.screen = "home";
    void this.render();
  }

  /**
   * Directions: one tap starts sat nav to the job's destination.
   * @this {BlowerPhone}
   */
  static #satnav() {
    const d = this.actor ? directionsOf(this.actor) : null;
    SatNav.open(d ? { destination: { sceneId: d.sceneId, regionUuid: d.regionUuid, name: d.name, job: this.actor === game.user.character } } : {});
  }

  /**
   * Self-play: this phone's character takes an open mission (the GM re-checks; issue 16).
   * @this {BlowerPhone}
   */
  static async #acceptMission(_e, /** @type {HTMLElement} */ target) {
    if (!this.actor) return;
    await requestGM("mission.accept", { pageUuid: target.dataset.pageUuid, actorUuids: [this.actor.uuid] }).catch(warn);
  }

  /**
   * Accept or pass a callout through the Shifts feature, when it offers it.
   * @this {BlowerPhone}
   */
  static async #callout(_e, /** @type {HTMLElement} */ target) {
    const shifts = systemApi()?.shifts;
    const fn = shifts?.[target.dataset.action === "accept" ? "acceptCallout" : "passCallout"];
    if (!fn) {
      warn(L("SMOKE.Blower.Jobs.none"));
      return;
    }
    try {
      await fn(this.actor, target.dataset.id);
    } catch (err) {
      warn(err);
    }
  }

  /** @returns {{from: string, text: string, to: string[]}} The compose form as it stands. */
  #readDraft() {
    const root = this.element;
    return { from: /** @type {HTMLInputElement} */ (root.querySelector("[name=from]"))?.value ?? "",
      text: /** @type {HTMLTextAreaElement} */ (root.querySelector("[name=text]"))?.value ?? "",
      to: [...root.querySelectorAll("[name=to]:checked")].map(el => /** @type {HTMLInputElement} */ (el).value) };
  }

  /**
   * The GM sends a text as a contact.
   * @this {BlowerPhone}
   */
  static async #send() {
    const { from, text, to } = this.draft = this.#readDraft();
    try {
      await requestGM("blower.text", { from, to, text });
      this.draft = { from: "", text: "", to: [] };
      // The live form too, so a render now in flight carries nothing sent over (_syncPartState).
      for (const el of this.element.querySelectorAll(".smoke-blower-compose [name=from], .smoke-blower-compose [name=text]")) {
        /** @type {HTMLInputElement} */ (el).value = "";
      }
      for (const el of this.element.querySelectorAll(".smoke-blower-compose [name=to]")) {
        /** @type {HTMLInputElement} */ (el).checked = false;
      }
      ui.notifications?.info(L("SMOKE.Blower.Messages.sent", { count: to.length }));
      await refreshInbox();
    } catch (err) {
      warn(err);
    }
  }
}
