/**
 * The Combat Console (rulebook: When it kicks off): the table's view of a fight. Everyone sees the round, the queue
 * after the reveal (whose die is current, what each has left) and each side's Guard, Health and reaction; a player
 * sees their own secret speed dice before the reveal and nobody else's. The owner of the current die (or the GM)
 * picks an action; the GM starts, reveals, steps back and ends the round. Every write goes to the active GM
 * (documents/core/requests.mjs); this window only reads documents and asks.
 * @module apps/combat-console
 */
import { RULES, SYSTEM_ID, STAT_KEYS, RANGE_BANDS } from "../generated/rules.mjs";
import { conditionName } from "../documents/fight/combat.mjs";
import { speedDiceFor } from "../documents/fight/speed-dice.mjs";
import { sideOf } from "../documents/fight/combat-state.mjs";
import { hasRolled, heldDice, onHeldDiceChange, rollSecretDice } from "../documents/fight/speed-dice.mjs";
import { currentGuard, makeAttack, rollHold, tokenDistance } from "../documents/fight/attack.mjs";
import { improvised, reload, stayConscious } from "../documents/fight/actions.mjs";
import { blinderOf, blindWithGear } from "../documents/fight/blind.mjs";
import { requestGM } from "../documents/core/requests.mjs";
import { ChaseGauge } from "./chase-gauge.mjs";
import { rangeText } from "./attack-card.mjs";
import { rangeReading } from "../rules/range-display.mjs";
import { weaponOptions } from "../rules/combat.mjs";
import {
  chaseRole, driveStatus, goEvasive, manoeuvreGuard, motorAboard, motorOf, policeSuggestion, rollManoeuvre, sceneOf, setChaseRole, squaresBetween,
  startDriving, vehicleTokenIn
} from "../documents/chase/chase.mjs";
import { noteHTML } from "../documents/core/chat-html.mjs";
import { conditionOf, motorGuard } from "../documents/vehicle/vehicle.mjs";
import { liveHandlebarsBase } from "./live-window.mjs";

export { SYSTEM_ID };
const Base = liveHandlebarsBase();
const BANDS = RANGE_BANDS;
/** Actions that only spend the die (their effect is applied by the GM with the spend); Get up spends none. */
const SIMPLE_ACTS = ["done", "aim", "dodge", "coverLight", "coverHeavy", "surrender", "getUp"];
/** A motor acting on its own (a police or traffic unit) only has these of them. */
const MOTOR_ACTS = ["done"];
/**
 * The chase roles the GM cycles through (documents/chase/chase.mjs chaseRole).
 * @type {Record<"wanted"|"pursuer"|"", "wanted"|"pursuer"|"none">}
 */
const ROLE_CYCLE = { wanted: "pursuer", pursuer: "none", "": "wanted" };

/**
 * Wrap the console's actions so that one runs at a time: while it runs (a request to the GM, a roll dialog) every
 * button is disabled, so a double click cannot act twice or act on the next die; the console re-renders after.
 * @param {Record<string, (this: CombatConsole, event: PointerEvent, target: HTMLElement) => unknown>} actions
 * @returns {Record<string, (this: CombatConsole, event: PointerEvent, target: HTMLElement) => Promise<void>>}
 */
function oneAtATime(actions) {
  return Object.fromEntries(Object.entries(actions).map(([name, fn]) => {
    // A method, not a `function` expression: TS reads a function that sets `this.…` as a constructor.
    const { once } = {
      /**
       * @this {CombatConsole}
       * @param {PointerEvent} event
       * @param {HTMLElement} target
       * @returns {Promise<void>}
       */
      async once(event, target) {
        if (this._busy) return;
        this._busy = true;
        for (const b of this.element.querySelectorAll("button")) /** @type {HTMLButtonElement} */ (b).disabled = true;
        try {
          await fn.call(this, event, target);
        } finally {
          this._busy = false;
          if (this.rendered) await this.render();
        }
      }
    };
    return [name, once];
  }));
}

/**
 * The Torch's blind on the action bar (rulebook: Tools and gear › Torch): its label and hint, or null when the GM's
 * record of the actor's kit has nothing to blind with.
 * @param {Actor.Implementation|null|undefined} actor
 * @returns {{label: string, hint: string}|null}
 */
function blindOption(actor) {
  const gear = blinderOf(actor);
  if (!gear) return null;
  const stat = (/** @type {string} */ k) => game.i18n.localize(`SMOKE.Stat.${k}.name`);
  return { label: game.i18n.format("SMOKE.Blind.act", { item: gear.name }),
    hint: game.i18n.format("SMOKE.Blind.hint", { stat: stat(gear.stat), against: stat(gear.against) }) };
}

/** @extends {Base<Record<string, any>>} */
export class CombatConsole extends Base {
  static DEFAULT_OPTIONS = {
    id: "smoke-combat-console", classes: ["the-smoke", "combat-console"],
    window: { title: "SMOKE.Combat.title", resizable: true }, position: { width: 560, height: /** @type {"auto"} */ ("auto") },
    actions: oneAtATime({
      startCombat: CombatConsole.#startCombat, reveal: CombatConsole.#reveal, back: CombatConsole.#back,
      endRound: CombatConsole.#endRound, setMode: CombatConsole.#setMode, rollDice: CombatConsole.#rollDice,
      rollInitiative: CombatConsole.#rollInitiative, rollAll: CombatConsole.#rollAll,
      act: CombatConsole.#act, attack: CombatConsole.#attack, reload: CombatConsole.#reload, grab: CombatConsole.#grab,
      breakFree: CombatConsole.#breakFree, cuff: CombatConsole.#cuff, improvised: CombatConsole.#improvised, blind: CombatConsole.#blind,
      stayConscious: CombatConsole.#stayConscious, openGauge: CombatConsole.#openGauge, drive: CombatConsole.#drive, goEvasive: CombatConsole.#goEvasive,
      ram: CombatConsole.#ram, pit: CombatConsole.#pit, chaseRole: CombatConsole.#chaseRole,
      conceal: CombatConsole.#conceal, clearSmoke: CombatConsole.#clearSmoke
    })
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/apps/combat-console.hbs" } };

  /** @type {CombatConsole|null} */
  static instance = null;

  /** An action is running (oneAtATime). */
  _busy = false;
  /** @type {Record<string, string|boolean>} What this user picked in the action bar, kept while the same die is up. */
  _picks = {};
  /** @type {string|null} The combatant the picks were made for. */
  _pickedFor = null;

  /**
   * Open (or bring forward) the console.
   * @returns {CombatConsole}
   */
  static open() {
    this.instance ??= new this();
    this.instance.render({ force: true });
    return this.instance;
  }

  /** Re-render the open console soon (many document changes arrive together). */
  static refresh = foundry.utils.debounce(() => {
    CombatConsole.instance?.refresh();
  }, 30);

  /** @override */
  async _prepareContext() {
    const i18n = game.i18n;
    const combat = viewedFight();
    const isGM = game.user.isGM;
    if (!combat) return { combat: null, isGM };
    const sys = combat.system;
    const revealed = combat.isSpeed && sys.phase === "acting";
    const q = combat.isSpeed ? combat.queue : null;
    const current = revealed ? q?.current : null; // revealed: a speed fight, so q is its queue
    const currentC = current ? combat.combatants.get(current.combatantId) : (!combat.isSpeed && combat.started ? combat.combatant : null);
    const rows = combat.turns.map(c => this.#row(combat, c, { revealed, currentId: currentC?.id, left: q?.left?.[c.id ?? ""] ?? 0 }));
    // The simple tracker starts once everyone has an initiative.
    const needInitiative = !combat.isSpeed && combat.started && combat.combatants.some(c => c.initiative === null);
    return {
      combat, isGM, round: combat.round, started: combat.started, speed: combat.isSpeed,
      modeLabel: i18n.localize(combat.isSpeed ? "SMOKE.Combat.modeSpeed" : "SMOKE.Combat.modeSimple"),
      phaseLabel: combat.isSpeed && combat.started ? i18n.localize(`SMOKE.Combat.phase.${sys.phase}`) : "",
      queue: revealed && q ? q.actions.map(a => ({ face: a.face, name: combat.combatants.get(a.combatantId)?.name ?? "",
        spent: a.spent !== null, lost: a.lost, current: a === current })) : [],
      queueEmpty: revealed && !current,
      rows,
      act: currentC && (currentC.isOwner || isGM) && !needInitiative ? { ...this.#actContext(combat, currentC, current?.face ?? null),
        dieIndex: current?.index ?? "" } : null,
      needInitiative,
      hasMotors: combat.combatants.some(c => !!motorOf(c)),
      diceHeader: i18n.localize(combat.isSpeed ? "SMOKE.Combat.dice" : "SMOKE.Combat.initiative"),
      waiting: currentC && !(currentC.isOwner || isGM) ? currentC.name : null,
      gm: isGM ? {
        canStart: !combat.started, canReveal: combat.isSpeed && combat.started && sys.phase === "rolling",
        canBack: combat.isSpeed ? !!q?.last : combat.started, canEndRound: combat.started,
        canRollAll: !combat.isSpeed && combat.combatants.some(c => c.initiative === null)
      } : null
    };
  }

  /** One combatant's row. What a player sees of dice before the reveal: only their own. */
  #row(combat, c, { revealed, currentId, left }) {
    const actor = c.actor;
    const sys = actor?.system ?? {};
    const owner = c.isOwner;
    const side = sideOf(c);
    const held = !revealed && owner ? heldDice(combat, c) : null;
    const health = actor?.type === "vehicle" ? sys.body : sys.health;
    const role = chaseRole(c);
    const count = combat.isSpeed && actor ? speedDiceFor(c) : 0;
    const rolling = combat.isSpeed && combat.started && combat.system.phase === "rolling";
    const playerHere = game.users.some(u => u.active && !u.isGM && !!actor?.testUserPermission(u, "OWNER"));
    return {
      role, roleLabel: role ? game.i18n.localize(`SMOKE.Chase.role.${role}`) : "", roleButton: game.user.isGM,
      // The weapons' marks (documents/fight/attack.mjs): a jam until a Reload, the GM's full concealment, a smoke cloud.
      jammed: side.jammed.map(id => actor?.items.get(id)?.name ?? "").filter(Boolean),
      concealed: side.concealed, inSmoke: !!side.smoke, gmMarks: game.user.isGM,
      fire: actor?.type === "vehicle" && sys.onFire && !sys.destroyed,
      speed: combat.isSpeed,
      id: c.id, name: c.name, img: c.img, current: c.id === currentId, owner, defeated: c.isDefeated || side.out,
      guard: actor ? currentGuard(c) : null,
      health: health ? `${health.value}/${health.max}` : "",
      reaction: !side.reaction,
      statuses: actor ? [...actor.statuses].map(conditionName) : [],
      dice: revealed ? side.dice.map(d => ({ face: d.face, spent: d.spent !== null })).sort((a, b) => b.face - a.face) : null,
      left: revealed ? left : null,
      secret: held ? held.map(face => ({ face })) : null,
      count: count || null,
      rollLabel: plural("SMOKE.Combat.rollDice", count),
      hiddenLabel: plural("SMOKE.Combat.hiddenDice", count),
      downLabel: plural("SMOKE.Combat.downRounds", side.downRounds),
      // The GM rolls only for those no connected player owns (a player's own roll would replace the GM's).
      canRoll: rolling && owner && !held && count > 0 && (!game.user.isGM || !playerHere),
      rolledLabel: rolling && count > 0 && (!owner || (game.user.isGM && playerHere))
        ? game.i18n.localize(hasRolled(combat, c) ? "SMOKE.Combat.hasRolled" : "SMOKE.Combat.notRolled") : "",
      initiative: combat.isSpeed || c.initiative === null ? null : String(c.initiative),
      canRollInitiative: !combat.isSpeed && owner && c.initiative === null,
      down: !!actor?.statuses.has("down"), downRounds: side.downRounds,
      canStayConscious: !!actor?.statuses.has("down") && owner && !c.isDefeated && !side.out && side.consciousRound !== combat.round
    };
  }

  /** The action bar for the combatant whose die is current. */
  #actContext(combat, c, face) {
    const actor = c.actor;
    const others = combat.turns.filter(o => o.id !== c.id && o.actor);
    // Bare fists last; the most recently chosen weapon and target are kept across re-renders (_onRender).
    const weapons = (actor?.items.filter(i => i.type === "weapon") ?? [])
      .sort((a, b) => Number(a.getFlag(SYSTEM_ID, "key") === "weapons/fists") - Number(b.getFlag(SYSTEM_ID, "key") === "weapons/fists"));
    const stats = actor?.system.stats ? STAT_KEYS.map(key => ({ key, name: game.i18n.localize(`SMOKE.Stat.${key}.name`) })) : [];
    const side = sideOf(c);
    const grabbedBy = side.grabbedBy ? combat.combatants.get(side.grabbedBy) : null;
    return {
      id: c.id, name: c.name, face,
      person: !!actor?.system.stats,
      weapons: weapons.map(w => {
        const mag = w.system.magazine;
        return { id: w.id, name: w.name, impact: w.system.impact, range: game.i18n.localize(`SMOKE.Range.${w.system.range}`),
          ammo: mag?.size ? `${mag.loaded}/${mag.size}` : null, ...weaponOptions(w.system) };
      }),
      reloadable: weapons.filter(w => w.system.magazine?.size)
        .sort((a, b) => (b.system.magazine.size - b.system.magazine.loaded) - (a.system.magazine.size - a.system.magazine.loaded))
        .map(w => ({ id: w.id, name: w.name })),
      // The other side first: a player's character aims at NPCs, an NPC at the players' characters.
      targets: [...others].sort((a, b) => Number(isPC(a) === isPC(c)) - Number(isPC(b) === isPC(c))).map(o => {
        const distance = tokenDistance(c.token, o.token);
        return { id: o.id, name: o.name, guard: currentGuard(o), vehicle: o.actor.type === "vehicle",
          band: distance === null ? null : rangeText(rangeReading(distance)) };
      }),
      needsBand: others.some(o => tokenDistance(c.token, o.token) === null),
      bands: BANDS.map(id => ({ id, label: game.i18n.localize(`SMOKE.Range.${id}`) })),
      stats,
      breakFreeStats: RULES.combat.breakFree.stats.map(key => ({ key, name: game.i18n.localize(`SMOKE.Stat.${key}.name`) })),
      grabbed: !!grabbedBy, grabbedBy: grabbedBy?.name ?? null,
      // The Torch's blind, offered when the GM's record of the kit has one (the GM checks again).
      blind: blindOption(actor),
      spun: side.spun,
      // Get up only when Prone (the GM refuses it otherwise: documents/fight/combat.mjs "combat.getUp").
      simple: (actor?.type === "vehicle" ? MOTOR_ACTS : SIMPLE_ACTS).filter(id => id !== "getUp" || !!actor?.statuses?.has("prone")).map(id => ({ id, label: game.i18n.localize(`SMOKE.Act.${id}`),
        hint: game.i18n.localize(id === "getUp" ? "SMOKE.Act.getUpMoveHint" : `SMOKE.Act.${id}Hint`) })),
      drive: this.#driveContext(combat, c, others)
    };
  }

  /**
   * The driver's part of the action bar (rulebook: The chase gauge; Skids, collisions and contact): shown when the
   * current die's actor drives a motor or is one. Drive starts a driving action; Go evasive, Ram and PIT are actions
   * of their own. A motor that cannot be driven says why instead.
   */
  #driveContext(combat, c, others) {
    const vehicle = motorOf(c);
    if (!vehicle) return null;
    const status = driveStatus(vehicle);
    const scene = sceneOf(combat);
    const here = vehicleTokenIn(vehicle, scene);
    const suggestion = policeSuggestion(combat, c);
    return {
      vehicle: vehicle.name, blocked: status.ok ? null : status.message,
      guard: motorGuard(vehicle), evasive: conditionOf(vehicle).evasive, // the GM's record of its defences
      suggestion: suggestion && suggestion.move !== "none" ? suggestion.text : null,
      targets: others.filter(o => motorAboard(o) !== vehicle).map(o => {
        const theirs = motorAboard(o);
        const d = squaresBetween(here, theirs ? vehicleTokenIn(theirs, scene) : o.token);
        return { id: o.id, name: o.name, motor: theirs && theirs !== o.actor ? theirs.name : null, guard: manoeuvreGuard(o),
          squares: d === null ? null : Math.round(d * 10) / 10 };
      })
    };
  }

  /** @param {() => void} refresh */
  _subscribe(refresh) {
    return [onHeldDiceChange(refresh)];
  }

  /** @override */
  async _onFirstRender(context, options) {
    await super._onFirstRender?.(context, options);
    this._picks = {};
    this.element.addEventListener("change", event => {
      const t = /** @type {HTMLInputElement} */ (event.target);
      if (t?.name) this._picks[t.name] = t.type === "checkbox" ? t.checked : t.value;
    });
  }

  /**
   * Put the user's picks back after a re-render (any change in the world re-renders), unless the acting combatant
   * changed.
   * @override
   */
  async _onRender(context, options) {
    await super._onRender?.(context, options);
    // A re-render while an action runs (its own writes arrive) keeps the buttons off until it ends (oneAtATime).
    if (this._busy) for (const b of this.element.querySelectorAll("button")) /** @type {HTMLButtonElement} */ (b).disabled = true;
    const acting = this.element.querySelector("[data-acting-id]")?.getAttribute("data-acting-id") ?? null;
    if (acting !== this._pickedFor) {
      this._picks = {};
      this._pickedFor = acting;
    }
    for (const [name, value] of Object.entries(this._picks ?? {})) {
      const el = /** @type {HTMLInputElement|HTMLSelectElement|null} */ (this.element.querySelector(`[name="${name}"]`));
      if (!el) continue;
      if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = !!value;
      else if (!(el instanceof HTMLSelectElement) || [...el.options].some(o => o.value === value)) el.value = String(value);
    }
    const weapon = /** @type {HTMLSelectElement|null} */ (this.element.querySelector("[name=weaponId]"));
    if (weapon) {
      CombatConsole.#weaponOptions(this.element, weapon);
      weapon.addEventListener("change", () => CombatConsole.#weaponOptions(this.element, weapon));
    }
  }

  /**
   * Offer only the chosen weapon's own options (burst, at the tyres, drive-by: rules/combat.mjs weaponOptions); a
   * hidden one is cleared, so it is not sent.
   * @param {HTMLElement} root
   * @param {HTMLSelectElement} weapon
   */
  static #weaponOptions(root, weapon) {
    const own = /** @type {HTMLOptionElement|undefined} */ (weapon.selectedOptions[0])?.dataset ?? {};
    const flags = { burst: own.burst, tyres: own.tyres, driveBy: own.driveBy };
    for (const label of root.querySelectorAll("[data-weapon-option]")) {
      const on = flags[/** @type {"burst"|"tyres"|"driveBy"} */ (/** @type {HTMLElement} */ (label).dataset.weaponOption)] === "true";
      /** @type {HTMLElement} */ (label).hidden = !on;
      if (on) continue;
      for (const el of label.querySelectorAll("input, select")) {
        if (el instanceof HTMLInputElement) el.checked = false;
        else /** @type {HTMLSelectElement} */ (el).value = "";
      }
    }
  }

  /** @override */
  _onClose(options) {
    super._onClose?.(options);
    if (CombatConsole.instance === this) CombatConsole.instance = null;
  }

  /** The form fields of the action bar. */
  #form() {
    const get = name => /** @type {HTMLInputElement|HTMLSelectElement|null} */ (this.element.querySelector(`[name="${name}"]`));
    return {
      weaponId: get("weaponId")?.value ?? "", targetId: get("targetId")?.value ?? "", band: get("band")?.value || undefined,
      burst: /** @type {HTMLInputElement|null} */ (get("burst"))?.checked ?? false,
      tyres: /** @type {HTMLInputElement|null} */ (get("tyres"))?.checked ?? false,
      driveBy: get("driveBy")?.value || null, reloadId: get("reloadId")?.value ?? "",
      stat: get("stat")?.value ?? "mus", breakFreeStat: get("breakFreeStat")?.value ?? "mus",
      driveTargetId: get("driveTargetId")?.value ?? ""
    };
  }

  /** The current combatant, if this user may act for it. */
  #acting() {
    const combat = viewedFight();
    const id = this.element.querySelector("[data-acting-id]")?.getAttribute("data-acting-id");
    const c = id ? combat?.combatants.get(id) : null;
    const raw = this.element.querySelector("[data-acting-id]")?.getAttribute("data-die-index");
    const index = raw === null || raw === undefined || raw === "" ? null : Number(raw);
    return combat && c && (c.isOwner || game.user.isGM) ? { combat, c, index } : null;
  }

  static async #guard(fn) {
    try {
      return await fn();
    } catch (err) {
      ui.notifications.warn(err.message);
      return null;
    }
  }

  /** @this {CombatConsole} */
  static async #startCombat() {
    await CombatConsole.#guard(() => viewedFight()?.startCombat());
  }

  /** @this {CombatConsole} */
  static async #reveal() {
    await CombatConsole.#guard(() => viewedFight()?.reveal());
  }

  /** @this {CombatConsole} */
  static async #back() {
    await CombatConsole.#guard(() => viewedFight()?.previousTurn());
  }

  /** @this {CombatConsole} */
  static async #endRound() {
    const combat = viewedFight();
    if (!combat) return;
    // Ending a round before the reveal, or with dice unspent, throws those actions away: ask first.
    const early = combat.isSpeed && (combat.system.phase === "acting" ? !!combat.queue.current
      : combat.combatants.some(c => speedDiceFor(c) > 0));
    if (early && !(await foundry.applications.api.DialogV2.confirm({ window: { title: "SMOKE.Combat.endRound" },
      content: await noteHTML(game.i18n.format(combat.system.phase !== "acting" ? "SMOKE.Combat.endBeforeReveal"
        : "SMOKE.Combat.endWithDiceLeft", { round: String(combat.round) })) }))) return;
    await CombatConsole.#guard(() => combat.nextRound());
  }

  /** The chase gauge window (a driving action's squares and any check that is due). */
  static #openGauge() {
    ChaseGauge.open();
  }

  /** @this {CombatConsole} */
  static async #setMode(event, target) {
    const combat = viewedFight();
    if (!combat || combat.started || !game.user.isGM) return;
    await combat.update(/** @type {DottedUpdate<Combat.UpdateData>} */ ({ "system.mode": target.dataset.mode }));
  }

  /** @this {CombatConsole} */
  static async #rollDice(event, target) {
    const combat = viewedFight();
    const c = combat?.combatants.get(target.dataset.combatantId ?? "");
    if (combat && c) await CombatConsole.#guard(() => rollSecretDice(combat, c));
  }

  /** @this {CombatConsole} */
  static async #rollInitiative(event, target) {
    const combat = viewedFight();
    if (combat) await CombatConsole.#guard(() => combat.rollInitiative([target.dataset.combatantId ?? ""]));
  }

  /** @this {CombatConsole} */
  static async #rollAll() {
    await CombatConsole.#guard(() => viewedFight()?.rollAll());
  }

  /** @this {CombatConsole} */
  static async #act(event, target) {
    const a = this.#acting();
    // The simple tracker: Done ends the turn.
    if (a && !a.combat.isSpeed && target.dataset.act === "done") return CombatConsole.#guard(() => a.combat.nextTurn());
    // Get up is part of the move that comes with an action: no die is spent (Distance, ammunition and holds › Get up).
    if (a && target.dataset.act === "getUp") return CombatConsole.#guard(() => requestGM("combat.getUp", { combatId: a.combat.id,
      combatantId: a.c.id }));
    if (a) await CombatConsole.#guard(() => requestGM("combat.spend", { combatId: a.combat.id, combatantId: a.c.id,
      action: target.dataset.act, index: a.index }));
  }

  /** @this {CombatConsole} */
  static async #attack(event) {
    const a = this.#acting();
    const f = this.#form();
    if (a) await makeAttack(a.combat, a.c, { weaponId: f.weaponId, targetId: f.targetId, band: /** @type {SmokeRange} */ (f.band),
      burst: f.burst, tyres: f.tyres, driveBy: /** @type {"passenger"|"driver"|null} */ (f.driveBy), skipDialog: event.shiftKey, dieIndex: a.index });
  }

  /** @this {CombatConsole} */
  static async #reload() {
    const a = this.#acting();
    if (a) await reload(a.combat, a.c, this.#form().reloadId, { dieIndex: a.index });
  }

  /** @this {CombatConsole} */
  static async #grab(event) {
    const a = this.#acting();
    if (a) await rollHold(a.combat, a.c, "grab", { targetId: this.#form().targetId, skipDialog: event.shiftKey, dieIndex: a.index });
  }

  /** @this {CombatConsole} */
  static async #breakFree(event) {
    const a = this.#acting();
    if (a) await rollHold(a.combat, a.c, "breakFree", { stat: this.#form().breakFreeStat, skipDialog: event.shiftKey, dieIndex: a.index });
  }

  /** @this {CombatConsole} */
  static async #cuff() {
    const a = this.#acting();
    if (a) await CombatConsole.#guard(() => requestGM("hold.cuff", { combatId: a.combat.id, actorId: a.c.id, targetId: this.#form().targetId,
      index: a.index }));
  }

  /** @this {CombatConsole} */
  static async #improvised(event) {
    const a = this.#acting();
    if (a) await improvised(a.combat, a.c, this.#form().stat, { skipDialog: event.shiftKey, dieIndex: a.index });
  }

  /** @this {CombatConsole} */
  static async #blind(event) {
    const a = this.#acting();
    if (a) await blindWithGear(a.combat, a.c, this.#form().targetId, { skipDialog: event.shiftKey, dieIndex: a.index });
  }

  /** @this {CombatConsole} */
  static async #stayConscious(event, target) {
    const combat = viewedFight();
    const c = combat?.combatants.get(target.dataset.combatantId ?? "");
    if (combat && c) await stayConscious(combat, c, { skipDialog: event.shiftKey });
  }

  /** @this {CombatConsole} */
  static async #drive() {
    const a = this.#acting();
    if (!a) return;
    const started = await startDriving(a.combat, a.c);
    if (started) ChaseGauge.open();
  }

  /** @this {CombatConsole} */
  static async #goEvasive() {
    const a = this.#acting();
    if (a) await goEvasive(a.combat, a.c);
  }

  /** @this {CombatConsole} */
  static async #ram(event) {
    const a = this.#acting();
    if (a) await rollManoeuvre(a.combat, a.c, "ram", this.#form().driveTargetId, { skipDialog: event.shiftKey });
  }

  /** @this {CombatConsole} */
  static async #pit(event) {
    const a = this.#acting();
    if (a) await rollManoeuvre(a.combat, a.c, "pit", this.#form().driveTargetId, { skipDialog: event.shiftKey });
  }

  /**
   * The GM marks a combatant fully concealed, or not (documents/fight/attack.mjs `combat.conceal`).
   * @this {CombatConsole}
   */
  static async #conceal(event, target) {
    const combat = game.combat;
    const c = combat?.combatants.get(target.dataset.combatantId ?? "");
    if (combat && c && game.user.isGM) await requestGM("combat.conceal", { combatId: combat.id, combatantId: c.id,
      concealed: !sideOf(c).concealed }).catch(err => ui.notifications.warn(err.message));
  }

  /**
   * The GM says a smoke cloud has cleared (documents/fight/attack.mjs `combat.clearSmoke`).
   * @this {CombatConsole}
   */
  static async #clearSmoke(event, target) {
    const combat = game.combat;
    const c = combat?.combatants.get(target.dataset.combatantId ?? "");
    if (combat && c && game.user.isGM) await requestGM("combat.clearSmoke", { combatId: combat.id, cloudId: sideOf(c).smoke })
      .catch(err => ui.notifications.warn(err.message));
  }

  /**
   * The GM cycles a combatant's chase role: wanted → pursuing → neither.
   * @this {CombatConsole}
   */
  static async #chaseRole(event, target) {
    const combat = viewedFight();
    const c = combat?.combatants.get(target.dataset.combatantId ?? "");
    if (combat && c && game.user.isGM) await setChaseRole(combat, c, ROLE_CYCLE[chaseRole(c)]);
  }
}

/**
 * A count with its noun: the key's string for many, the key + "One" for one (e.g. SMOKE.Combat.rollDice / rollDiceOne).
 * @param {string} key
 * @param {number} n
 * @returns {string}
 */
function plural(key, n) {
  return game.i18n.format(n === 1 ? `${key}One` : key, { n: String(n) });
}

/**
 * @param {Combatant.Implementation} c
 * @returns {boolean}
 */
function isPC(c) {
  return c.actor?.type === "character" || !!c.hasPlayerOwner;
}

/**
 * The fight the console shows: the combat of the scene this client views. v13 `game.combats.combats` are "the Combat
 * instances which apply to the current canvas scene" (or to no scene), and `game.combat` is the tracker's viewed one,
 * which can still be a fight on a map the player left (fvtt-types 13.345 `client/documents/collections/
 * combat-encounters.d.mts`; a Combat's `scene` field links it to its scene).
 * @returns {Combat.Implementation|null} the tracker's combat when it is on the viewed scene (or on none), else that
 *   scene's active, started or first combat, else null
 */
export function viewedFight() {
  const scene = canvas?.scene ?? game.scenes?.current ?? null;
  const here = (/** @type {Combat.Implementation} */ c) => !c.scene || (c.scene.id === scene?.id);
  const chosen = game.combat;
  if (chosen && here(chosen)) return chosen;
  const list = (game.combats?.combats ?? []).filter(here);
  return list.find(c => c.active) ?? list.find(c => c.started) ?? list[0] ?? null;
}

const refresh = () => CombatConsole.refresh();

/** Hooks that keep the console current and open it for everyone when a fight starts. */
const hooks = {
  ...Object.fromEntries(["createCombat", "deleteCombat", "createCombatant", "updateCombatant", "deleteCombatant",
    "updateActor", "deleteActor", "createActiveEffect", "deleteActiveEffect", "updateToken", "createToken", "deleteToken",
    "createItem", "updateItem", "deleteItem", "canvasReady", "smoke.gmStore"].map(hook => [hook, refresh])),
  updateCombat: [refresh, (combat, changed) => {
    if (changed.round === 1 && combat === viewedFight() && game.settings.get(SYSTEM_ID, "openConsole")) CombatConsole.open();
  }],
  // The core combat tracker gets a button to the console.
  renderCombatTracker: (app, html) => {
    const root = /** @type {HTMLElement} */ (html);
    const header = root.querySelector?.(".combat-tracker-header, header");
    if (!header || header.querySelector("[data-smoke-console]")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.smokeConsole = "";
    button.textContent = game.i18n.localize("SMOKE.Combat.open");
    button.addEventListener("click", () => CombatConsole.open());
    header.append(button);
  },
  // After a reload, a fight in progress opens the console again (ready fires once).
  ready: () => {
    if (viewedFight()?.started && game.settings.get(SYSTEM_ID, "openConsole")) CombatConsole.open();
  }
};

/** The window's manifest (documents/core/feature.mjs), registered by the entry: the Combat Console serves the fight (id "fight"). */
export const feature = { id: "fight", hooks };
