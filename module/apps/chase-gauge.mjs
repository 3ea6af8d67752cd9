/**
 * The chase gauge HUD (rulebook: The chase gauge; Fire, repairs and selling up › At zero Body): a small, non-modal
 * window every user viewing the scene sees. For each motor driving this round: who drives it, the squares travelled in
 * this action, the band it is in and the squares left to each band's limit, the check due at a line or on contact
 * (with a button for the driver's player or the GM), or why its driving stopped. Below, the motors on fire and when
 * they explode, and the chase's end. It only reads documents (the gauge lives with the GM, on the fight: documents/
 * chase/gauge.mjs) and refreshes as tokens, motors and the fight change; it opens by itself on every client viewing the
 * scene when a driving action starts or a motor catches fire.
 * @module apps/chase-gauge
 */
import { RULES, SYSTEM_ID } from "../generated/rules.mjs";
import { gaugeState } from "../rules/chase-gauge.mjs";
import { fireState } from "../rules/vehicles.mjs";
import { driverOf, motorNumbers } from "../documents/vehicle/vehicle.mjs";
import { motorSystemOf } from "../documents/core/lookup.mjs";
import {
  actionOpen, gaugeOf, mayRoll, pendingText, rollGaugeCheck, unitWheels, isCrewedUnit
} from "../documents/chase/chase.mjs";
import { liveHandlebarsBase } from "./live-window.mjs";

export { SYSTEM_ID };
const Base = liveHandlebarsBase();
const BANDS = RULES.chase.gauge.bands;

/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 * @returns {string}
 */
const L = (key, data) => (data ? game.i18n.format(key, /** @type {Record<string, string>} */ (data)) : game.i18n.localize(key));

/** @extends {Base<Record<string, any>>} */
export class ChaseGauge extends Base {
  static DEFAULT_OPTIONS = {
    id: "smoke-chase-gauge", classes: ["the-smoke", "chase-gauge"],
    window: { title: "SMOKE.Chase.hudTitle", resizable: true },
    position: { width: 340, height: /** @type {"auto"} */ ("auto") },
    actions: { check: ChaseGauge.#check }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/apps/chase-gauge.hbs" } };

  /** @type {ChaseGauge|null} */
  static instance = null;

  /**
   * Top right by default, clear of the Combat Console and the chat's start.
   * @param {object} [options]
   */
  constructor(options = {}) {
    const width = /** @type {number} */ (ChaseGauge.DEFAULT_OPTIONS.position.width);
    super(foundry.utils.mergeObject({ position: { left: Math.max(0, (globalThis.innerWidth ?? 1200) - width - 320), top: 60 } },
      options, { inplace: false }));
  }

  /**
   * The last driving action each token's HUD opened for (so a move does not reopen a closed HUD).
   * @type {Map<string, string>}
   */
  static lastAction = new Map();

  /**
   * Open (or bring forward) the HUD.
   * @returns {ChaseGauge}
   */
  static open() {
    this.instance ??= new this();
    this.instance.render({ force: true });
    return this.instance;
  }

  /** Re-render the open HUD soon (a move changes a token, its flags and its occupants together). */
  static refresh = foundry.utils.debounce(() => {
    ChaseGauge.instance?.refresh();
  }, 30);

  /** @override */
  async _prepareContext() {
    const scene = game.scenes?.viewed;
    const combat = game.combat;
    const tokens = scene ? scene.tokens.filter(t => t.actor?.type === "vehicle") : [];
    const motors = [];
    for (const t of tokens) {
      const g = gaugeOf(t);
      if (!g || !combat || g.combatId !== combat.id || g.round !== combat.round) continue;
      motors.push({ token: t, g, open: actionOpen(g, combat) });
    }
    motors.sort((a, b) => Number(b.open) - Number(a.open) || (b.g.spend ?? 0) - (a.g.spend ?? 0));
    // What the table is shown: the sheets, which mirror the GM's records of the fire (documents/vehicle/wreck.mjs,
    // condition.mjs) and are redrawn when the fire is written; the GM's blast reads the records themselves.
    /** @type {{name: string, text: string}[]} */
    const fires = [];
    for (const t of tokens) {
      const s = motorSystemOf(t);
      if (!s?.onFire || s.destroyed) continue;
      const f = fireState({ body: 0, fireRound: s.fire?.round || null });
      fires.push({ name: t.name, text: f.explodesAtEndOfRound !== null ? L("SMOKE.Vehicle.fireRound", { round: f.explodesAtEndOfRound })
        : L("SMOKE.Vehicle.fireSeconds", { seconds: f.countdownSeconds }) });
    }
    const over = combat?.getFlag?.(SYSTEM_ID, "chaseOver");
    return {
      motors: motors.map(m => this.#motor(m)), fires,
      over: over ? L("SMOKE.Chase.overShort", { round: over }) : null,
      empty: !motors.length && !fires.length && !over,
      // The gauge counts grid steps on a gridded scene; range bands measure the straight line (say which is which).
      gridSteps: motors.length && scene?.grid && !scene.grid.isGridless ? L("SMOKE.Chase.gridSteps") : null
    };
  }

  /** One motor's gauge. */
  #motor({ token, g, open }) {
    const vehicle = token.actor;
    const speed = motorNumbers(vehicle).speed; // after flat tyres and low Body, as the GM recorded them
    const state = gaugeState(speed, g.travelled);
    const driver = driverOf(vehicle);
    const band = state.band === "over" ? "red" : state.band;
    const bands = BANDS.map(b => ({ id: b.id, label: L(`SMOKE.Vehicle.gauge.${b.id}`), limit: state.limits[b.id],
      left: Math.max(0, state.limits[b.id] - g.travelled), current: b.id === band }));
    let status;
    if (g.ended) status = L(`SMOKE.Chase.ended.${g.ended}`, { vehicle: vehicle.name });
    else if (g.pending) status = pendingText(vehicle, g);
    else if (!open) status = L("SMOKE.Chase.actionDone");
    else status = L("SMOKE.Chase.driving", { vehicle: vehicle.name });
    return {
      tokenId: token.id, name: token.name, speed,
      driver: driver ? L("SMOKE.Chase.drivenBy", { driver: driver.name })
        : isCrewedUnit(vehicle) ? L("SMOKE.Chase.crewWheels", { die: unitWheels(vehicle) }) : L("SMOKE.Chase.noDriverShort"),
      travelled: L(g.travelled === 1 ? "SMOKE.Chase.travelledOne" : "SMOKE.Chase.travelled", { squares: g.travelled }),
      band: L(`SMOKE.Vehicle.gauge.${band}`), bandId: band,
      left: L("SMOKE.Chase.leftLine", { yellow: bands[1].left, red: bands[2].left, green: bands[0].left }),
      bands, status, pending: !!g.pending, ended: !!g.ended,
      canCheck: !!g.pending && open && mayRoll(vehicle)
    };
  }

  /** @this {ChaseGauge} */
  static async #check(event, target) {
    const token = game.scenes?.viewed?.tokens.get(target.dataset.tokenId ?? "");
    if (token) await rollGaugeCheck(token, { skipDialog: event.shiftKey });
  }

  /** @override */
  _onClose(options) {
    super._onClose?.(options);
    if (ChaseGauge.instance === this) ChaseGauge.instance = null;
  }
}

const refresh = () => ChaseGauge.refresh();

/**
 * The HUD's hooks (the chase's own requests and hooks are the chase's manifest, documents/chase/chase.mjs): it follows
 * every change to tokens, motors and the fight, and opens for everyone when a driving action starts or a motor catches
 * fire on the scene this user views, and when the chase is over.
 */
const hooks = {
  updateToken: refresh, updateCombatant: refresh, deleteCombat: refresh, canvasReady: refresh, createToken: refresh,
  deleteToken: refresh,
  updateActor: [refresh, (/** @type {Actor.Implementation} */ actor, /** @type {{system?: {onFire?: boolean}}} */ changed) => {
    if (actor.type !== "vehicle" || changed?.system?.onFire !== true) return;
    if (game.scenes?.viewed?.tokens.some(t => t.actorId === actor.id)) ChaseGauge.open();
  }],
  updateCombat: [refresh, (combat, /** @type {{system?: {gauges?: Record<string, {action?: string}|null>}}} */ changed) => {
    const gauges = changed?.system?.gauges;
    if (!gauges) return;
    for (const [tokenId, g] of Object.entries(gauges)) {
      const action = g?.action;
      const token = game.scenes?.viewed?.tokens.get(tokenId);
      if (!action || !token || action === ChaseGauge.lastAction.get(tokenId)) continue;
      ChaseGauge.lastAction.set(tokenId, action);
      ChaseGauge.open();
    }
  }, (combat, changed) => {
    if (changed?.flags?.[SYSTEM_ID]?.chaseOver && combat === game.combat) ChaseGauge.open();
  }]
};

/**
 * The HUD's manifest (documents/core/feature.mjs), registered by the entry: its hooks, and `open` in the chase's api
 * (`game.system.api.chase.open`; it shares the chase's id).
 */
export const feature = { id: "chase", hooks, api: { open: () => ChaseGauge.open() } };
