/**
 * The page frame of the harness (TEST DOUBLE, not Foundry's UI): notifications, a sidebar with the world's actors
 * and the compendium packs, and the chat log. Each part has an accessible name so tests find it by role.
 */
import { escapeHTML } from "./utils.mjs";
import Hooks from "./hooks.mjs";

/* ============================================= Notifications ============================================ */

/** v13 ui.notifications: info / warn / error / success with {localize, format, permanent, console}. */
export class Notifications {
  #id = 0;
  #element;

  constructor(element) {
    this.#element = element;
  }

  notify(message, type = "info", { localize = false, format, permanent = false, console: log = true } = {}) {
    if (message instanceof Error) message = message.message;
    if (format) message = game.i18n.format(message, format);
    else if (localize) message = game.i18n.localize(message);
    const notification = { id: ++this.#id, type, message, permanent, timestamp: Date.now() };
    if (log) console[type === "error" ? "error" : type === "warning" ? "warn" : "info"](message);
    const li = document.createElement("li");
    li.className = `notification ${type}`;
    li.dataset.notificationId = String(notification.id);
    li.setAttribute("role", type === "error" ? "alert" : "status");
    li.textContent = message;
    this.#element.append(li);
    if (!permanent) setTimeout(() => li.remove(), 5000);
    return notification;
  }

  info(message, options) { return this.notify(message, "info", options); }
  warn(message, options) { return this.notify(message, "warning", options); }
  error(message, options) { return this.notify(message, "error", options); }
  success(message, options) { return this.notify(message, "success", options); }

  remove(notification) {
    this.#element.querySelector(`[data-notification-id="${notification?.id ?? notification}"]`)?.remove();
  }

  clear() {
    this.#element.replaceChildren();
  }
}

/* ================================================ Sidebar =============================================== */

export class Sidebar {
  constructor(root) {
    this.root = root;
    this.actors = root.querySelector("#actors .directory-list");
    this.packs = root.querySelector("#compendium .directory-list");
    root.querySelector("#actors").addEventListener("click", e => this.#onActorClick(e));
    this.packs.addEventListener("click", e => this.#onPackClick(e));
    this.packs.addEventListener("toggle", e => this.#onPackToggle(e), true);
    this.packs.addEventListener("dragstart", e => {
      const li = e.target.closest("[data-uuid]");
      if (li) e.dataTransfer.setData("text/plain", JSON.stringify({ type: li.dataset.documentName, uuid: li.dataset.uuid }));
    });
  }

  render() {
    this.renderActors();
    this.renderPacks();
  }

  onDocumentChange(documentName) {
    if (documentName === "Actor") this.renderActors();
  }

  /** The actors list's last HTML: a change that leaves the list as it was leaves its elements alone. */
  #actorsHTML = null;

  /** World actors this user may see (LIMITED or better), by sort then name. */
  renderActors() {
    const actors = game.actors.filter(a => a.visible).sort((a, b) => (a.sort - b.sort) || a.name.localeCompare(b.name));
    const html = actors.map(a => `<li class="directory-item document actor" data-entry-id="${a.id}">
        <button type="button" class="entry-name" data-action="openSheet">${escapeHTML(a.name)}</button></li>`).join("");
    if (html === this.#actorsHTML) return;
    this.actors.innerHTML = this.#actorsHTML = html;
  }

  renderPacks() {
    const packs = game.packs.filter(p => p.visible);
    this.packs.innerHTML = packs.map(p => `<li class="directory-item compendium" data-pack="${escapeHTML(p.collection)}">
        <details><summary>${escapeHTML(p.title)}</summary>
          <ol class="pack-entries" aria-label="${escapeHTML(p.title)}"></ol></details></li>`).join("");
  }

  async #onActorClick(event) {
    const button = event.target.closest('[data-action="openSheet"]');
    if (!button) return;
    const actor = game.actors.get(button.closest("[data-entry-id]").dataset.entryId);
    const sheet = actor?.sheet;
    if (!sheet) return ui.notifications.warn(`No sheet is registered for ${actor?.name}`);
    await sheet.render({ force: true });
  }

  async #onPackToggle(event) {
    const details = event.target;
    if (!(details instanceof HTMLDetailsElement) || !details.open) return;
    const li = details.closest("[data-pack]");
    const pack = game.packs.get(li.dataset.pack);
    const list = li.querySelector(".pack-entries");
    if (list.dataset.loaded) return;
    list.dataset.loaded = "true";
    const index = await pack.getIndex();
    const canImport = ["Actor", "Item"].includes(pack.documentName);
    list.innerHTML = index.contents.sort((a, b) => a.name.localeCompare(b.name)).map(e => `
      <li class="directory-item pack-entry" draggable="true" data-entry-id="${e._id}" data-uuid="${escapeHTML(e.uuid)}"
          data-document-name="${escapeHTML(pack.documentName)}">
        <button type="button" class="entry-name" data-action="viewEntry">${escapeHTML(e.name)}</button>
        ${canImport ? `<button type="button" data-action="importEntry" aria-label="${escapeHTML(`Import ${e.name}`)}">Import</button>` : ""}
      </li>`).join("");
  }

  async #onPackClick(event) {
    const button = event.target.closest("[data-action]");
    if (!button) return;
    const entry = button.closest("[data-entry-id]");
    if (!entry) return;
    const pack = game.packs.get(button.closest("[data-pack]").dataset.pack);
    const doc = await pack.getDocument(entry.dataset.entryId);
    if (button.dataset.action === "viewEntry") await doc.sheet?.render({ force: true });
    else if (button.dataset.action === "importEntry") {
      try {
        await pack.importDocument(doc);
      } catch (err) {
        console.warn(err);
      }
    }
  }
}

/* =============================================== Chat log =============================================== */

/**
 * ui.chat: each visible message rendered by ChatMessage#renderHTML for THIS user. Operations are queued so messages
 * land in the order the server sent them, however long each takes to render.
 */
export class ChatLog {
  #queue = Promise.resolve();

  constructor(element) {
    this.element = element;
    this.element.addEventListener("click", event => {
      const roll = event.target.closest(".dice-roll");
      if (roll) roll.classList.toggle("expanded");
    });
  }

  #enqueue(fn) {
    const run = this.#queue.then(fn);
    this.#queue = run.catch(err => console.error("Chat log update failed", err));
    return run;
  }

  async render() {
    return this.#enqueue(async () => {
      this.element.replaceChildren();
      for (const message of game.messages.contents.sort((a, b) => a.timestamp - b.timestamp)) await this.#post(message);
    });
  }

  async postOne(message) {
    return this.#enqueue(() => this.#post(message));
  }

  async #post(message) {
    if (!message.visible) return;
    const html = await message.renderHTML();
    html.dataset.messageId = message.id;
    this.element.querySelector(`[data-message-id="${message.id}"]`)?.remove();
    this.element.append(html);
    message.logged = true;
  }

  async updateMessage(message) {
    return this.#enqueue(async () => {
      const existing = this.element.querySelector(`[data-message-id="${message.id}"]`);
      if (!existing) return this.#post(message);
      const html = await message.renderHTML();
      html.dataset.messageId = message.id;
      existing.replaceWith(html);
      return undefined;
    });
  }

  deleteMessage(id) {
    return this.#enqueue(() => this.element.querySelector(`[data-message-id="${id}"]`)?.remove());
  }
}

/* ============================================ Combat tracker ============================================ */

/**
 * ui.combat: a small stand-in for v13's CombatTracker sidebar (not an ApplicationV2, no context menu): `viewed` (the
 * combat it was told to view, else the active one, else the first of the scene), `render({combat})`, the viewed
 * combat's visible combatants in turn order with the current one marked, and core's initiative controls where v13
 * puts them, each calling the Combat method core's does:
 * - the header's `.encounter-controls.combat .control-buttons.left` holds `[data-action="rollAll"]` and
 *   `[data-action="rollNPC"]` (GM only) — the selectors Draw Steel 0.10.2 (v13) removes in its tracker's `_onRender`
 *   (`src/module/applications/sidebar/tabs/combat-tracker.mjs`); `.control-buttons.right` holds
 *   `[data-action="resetAll"]` (GM only), which RipCrypt's v13 tracker removes (Oliver-Akins/Foundry-RipCrypt
 *   `module/Apps/sidebar/CombatTracker.mjs`);
 * - a combatant without initiative shows its owner `[data-action="rollInitiative"]` in `.token-initiative`, the action
 *   dnd5e 5.3.3's tracker routes in `_onCombatantControl` (`module/applications/combat/combat-tracker.mjs`).
 * After each render the hook `renderCombatTracker(app, html, context)` fires, as AppV2 fires `render<Class>`.
 */
export class CombatTracker {
  #viewedId = null;

  constructor(element) {
    this.element = element;
    element?.addEventListener("click", event => this.#onClick(event));
  }

  get viewed() {
    const chosen = this.#viewedId ? game.combats?.get(this.#viewedId) : null;
    return chosen ?? game.combats?._defaultViewed() ?? null;
  }

  set viewed(combat) {
    this.#viewedId = combat?.id ?? null;
    this.render();
  }

  /** Was a combat explicitly chosen (and does it still exist)? */
  get hasViewed() {
    return !!(this.#viewedId && game.combats?.get(this.#viewedId));
  }

  isViewing(combat) {
    return (this.#viewedId === combat?.id) || (this.viewed === combat);
  }

  render(options = {}) {
    if ("combat" in options) this.#viewedId = options.combat?.id ?? null;
    if (!this.element) return this;
    const combat = this.viewed;
    if (!combat) {
      this.element.innerHTML = `<p class="combat-empty">No combat encounter</p>`;
      Hooks.callAll("renderCombatTracker", this, this.element, { combat: null });
      return this;
    }
    const gm = game.user.isGM;
    const button = (action, label, cls = "combat-control") => `<button type="button" class="inline-control ${cls} icon"
      data-action="${action}" aria-label="${label}">${label}</button>`;
    const current = combat.combatant;
    const rows = combat.turns.filter(c => c.visible).map(c => `<li class="combatant${c === current ? " active" : ""}"
        data-combatant-id="${c.id}"${c === current ? ' aria-current="true"' : ""}>
        <span class="combatant-name">${escapeHTML(c.name ?? "")}</span>
        <div class="token-initiative">${c.initiative !== null && c.initiative !== undefined
    ? `<span class="combatant-initiative initiative">${c.initiative}</span>`
    : (c.isOwner ? button("rollInitiative", "Roll Initiative", "combatant-control") : "")}</div></li>`).join("");
    this.element.innerHTML = `<header class="combat-tracker-header">
        <div class="encounter-controls combat">
          <div class="control-buttons left flexrow">${gm ? button("rollAll", "Roll All") + button("rollNPC", "Roll NPCs") : ""}</div>
          <strong class="encounter-title combat-round">${combat.started ? `Round ${combat.round}` : "Not started"}</strong>
          <div class="control-buttons right flexrow">${gm ? button("resetAll", "Reset Initiative") : ""}</div>
        </div>
      </header>
      <ol class="combat-tracker" aria-label="Combatants">${rows}</ol>`;
    Hooks.callAll("renderCombatTracker", this, this.element, { combat });
    return this;
  }

  /** v13 CombatTracker actions rollAll / rollNPC / resetAll (the combat's methods) and a combatant's rollInitiative. */
  #onClick(event) {
    const target = event.target.closest?.("[data-action]");
    const combat = this.viewed;
    if (!target || !combat || !this.element.contains(target)) return;
    const id = target.closest("[data-combatant-id]")?.dataset.combatantId;
    const run = { rollAll: () => combat.rollAll(), rollNPC: () => combat.rollNPC(), resetAll: () => combat.resetAll(),
      rollInitiative: () => combat.rollInitiative([id]) }[target.dataset.action];
    run?.()?.catch?.(err => ui.notifications.error(err.message));
  }
}
