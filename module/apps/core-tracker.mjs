/**
 * Core's combat tracker in speed mode (issue 23 F3; rulebook: When it kicks off › Speed dice): the speed dice set the
 * order, and `SmokeCombat` refuses core's initiative rolls and Reset (documents/fight/combat.mjs), so the tracker does not
 * offer them — a GM clicking *Roll All* would only get the refusal. The simple tracker keeps every control.
 *
 * Where v13 puts them (the sources name each selector; the stand-in's tracker renders the same):
 * - *Roll All* and *Roll NPCs*: `[data-action="rollAll"]` / `[data-action="rollNPC"]` in the header's
 *   `.encounter-controls.combat .control-buttons.left` — Draw Steel 0.10.2 (a v13 system) removes exactly these in
 *   its tracker's `_onRender` (`src/module/applications/sidebar/tabs/combat-tracker.mjs`), replaced here by spacers
 *   so the encounter title stays centred;
 * - *Reset Initiative*: `[data-action="resetAll"]`, which RipCrypt's v13 tracker removes
 *   (Oliver-Akins/Foundry-RipCrypt `module/Apps/sidebar/CombatTracker.mjs`);
 * - a combatant's *Roll Initiative*: `[data-action="rollInitiative"]` (dnd5e 5.3.3 `module/applications/combat/
 *   combat-tracker.mjs` `_onCombatantControl` reads that action from the button's dataset);
 * - the combatant context menu's *Reroll* and *Clear Initiative*: entries named `COMBAT.CombatantReroll` and
 *   `COMBAT.CombatantClear` (Draw Steel 0.10.2 splices those names out of `_getEntryContextOptions`). v13's tracker
 *   builds that menu with `_createContextMenu(this._getEntryContextOptions, ".combatant", {fixed: true})`, whose
 *   default hook is `get{}ContextOptions` with each class name up the chain (core v13 ApplicationV2
 *   `_createContextMenu`, code index; fvtt-types client/hooks.d.mts: `get${ApplicationV2Name}ContextOptions`), so it
 *   fires `getCombatTrackerContextOptions(app, entries)`; `getCombatantContextOptions` (the documents' hook pattern,
 *   https://foundryvtt.com/api/functions/hookEvents.getDocumentContextOptions.html) is kept too, as it costs nothing.
 *   Their `condition` (v13; `visible` in v14) is wrapped, as the menu is built once and the viewed fight's mode can change.
 * @module apps/core-tracker
 */

/** The core tracker's controls that roll or reset initiative. */
export const INITIATIVE_ACTIONS = Object.freeze(["rollAll", "rollNPC", "resetAll", "rollInitiative"]);
/** The combatant context menu's initiative entries (v13 `name`, v14 `label`). */
export const INITIATIVE_ENTRIES = Object.freeze(["COMBAT.CombatantReroll", "COMBAT.CombatantClear"]);

/**
 * @param {any} combat
 * @returns {boolean} Is it a fight in speed mode (SmokeCombat#isSpeed)?
 */
const speedMode = combat => combat?.isSpeed === true;

/**
 * Take the initiative controls out of a rendered tracker (header buttons become spacers; a combatant's roll button
 * goes). Safe to call on every render and on a partial one.
 * @param {HTMLElement} root  The tracker's element.
 * @returns {number} How many controls were taken out.
 */
export function removeInitiativeControls(root) {
  let n = 0;
  for (const action of INITIATIVE_ACTIONS) {
    for (const el of root.querySelectorAll(`[data-action="${action}"]`)) {
      if (el.closest(".control-buttons")) {
        const spacer = document.createElement("div");
        spacer.className = "spacer";
        el.replaceWith(spacer);
      } else el.remove();
      n += 1;
    }
  }
  return n;
}

/**
 * Guard the context menu's initiative entries: hidden while the viewed fight is in speed mode.
 * @param {{name?: string, label?: string, condition?: any, visible?: any}[]} entries  Mutated in place.
 * @param {() => any} viewed  The tracker's viewed combat, read when the menu opens.
 * @returns {number} How many entries were guarded.
 */
export function guardInitiativeEntries(entries, viewed) {
  let n = 0;
  for (const entry of entries ?? []) {
    if (!INITIATIVE_ENTRIES.includes(entry.name ?? entry.label ?? "")) continue;
    for (const key of ["condition", "visible"]) {
      if ((key === "visible") && !("visible" in entry)) continue;
      const prior = entry[key] ?? true;
      entry[key] = (...args) => !speedMode(viewed()) && (typeof prior === "function" ? prior(...args) : !!prior);
    }
    n += 1;
  }
  return n;
}

const hooks = {
  /**
   * @param {any} app
   * @param {HTMLElement} html
   */
  renderCombatTracker: (app, html) => {
    if (speedMode(app?.viewed) && html instanceof HTMLElement) removeInitiativeControls(html);
  },
  /**
   * @param {any} app
   * @param {any[]} entries
   */
  getCombatTrackerContextOptions: (app, entries) => void guardInitiativeEntries(entries, () => app?.viewed),
  /**
   * @param {any} app
   * @param {any[]} entries
   */
  getCombatantContextOptions: (app, entries) => void guardInitiativeEntries(entries, () => app?.viewed)
};

/** The window's manifest (documents/core/feature.mjs), registered by the entry: core's tracker in speed mode serves the fight (id "fight"). */
export const feature = { id: "fight", hooks };
