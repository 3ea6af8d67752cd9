/**
 * The GM Screen (rulebook: GM checks; Hazards; Foundry table guide — "The GM Screen handles checks, hazards, rewards
 * and tools"): a GM-only window with four tabs. Checks: the 32 named checks (band, stats, stakes, printed tweaks as
 * toggles; Leg It, Shove Past and Scare Them Off an opponent to roll against), one click sends a check request to the
 * chosen characters (none chosen: everyone present), and the results list fills as the cards come back (read from
 * the GM store, so it is still there after a reload). Hazards: announce, send the avoiding roll, the column applied by the GM
 * once per character. Rewards: XP, cash per head or a crew fee split, Renown, Influence, relationship counters.
 * Tools: Teamwork, Challenge, the Combat Console, Street Control, the Mission Board, Shifts, Call in units (when the Heat feature is there), the Rules Reference.
 * Every action goes through the GM's request handlers (documents/gm-screen/gm-screen.mjs, documents/gm-screen/rewards.mjs), which
 * refuse a player.
 * @module apps/gm-screen
 */
import { BANDS, CHECK_TWEAKS, OPPOSED_CHECKS, gmChecks, hazards, toolSituations } from "../rules/gm-screen.mjs";
import { hearingCheck } from "../rules/vehicles.mjs";
import { recordedTools } from "../documents/core/kit-record.mjs";
import { requestsList } from "../documents/gm-screen/gm-screen.mjs";
import { knownObstacle, knownObstaclesFor, targetText } from "../documents/gm-screen/obstacles.mjs";
import { conditionName } from "../documents/fight/combat.mjs";
import { ChallengeTracker, TeamworkApp } from "./group-checks.mjs";
import { CombatConsole } from "./combat-console.mjs";
import { SYSTEM_ID } from "../generated/rules.mjs";
import { askGM, openOnce } from "./gm-windows.mjs";
import { liveHandlebarsBase, onHooks } from "./live-window.mjs";
import { actorAt, systemApi } from "../documents/core/lookup.mjs";
import { printedOf } from "../documents/vehicle/vehicle.mjs";

const Base = liveHandlebarsBase();
const TABS = ["checks", "hazards", "rewards", "tools"];
const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));
const stats = list => list.map(s => game.i18n.localize(`SMOKE.Stat.${s}.abbr`)).join(" / ");

/**
 * The characters present: those on the viewed scene, and those a connected player owns.
 * @returns {any[]}
 */
export function presentCharacters() {
  const scene = game.scenes?.viewed;
  const onScene = new Set([...(scene?.tokens ?? [])].map(t => t.actor?.id).filter(Boolean));
  const players = game.users.filter(u => !u.isGM && u.active);
  return game.actors.filter(a => a.type === "character"
    && (onScene.has(a.id) || players.some(u => a.testUserPermission(u, "OWNER"))));
}

/**
 * Who an opposed check can be rolled against: the people with tokens on the viewed scene (by token, so an unlinked
 * token rolls its own dice), then the world's NPCs without one.
 * @returns {{uuid: string, name: string}[]}
 */
export function opponentChoices() {
  const tokens = [...(game.scenes?.viewed?.tokens ?? [])].filter(t => ["npc", "character"].includes(t.actor?.type ?? ""));
  const placed = new Set(tokens.map(t => t.actorId));
  return [...tokens.map(t => ({ uuid: t.uuid, name: t.name || t.actor?.name || "" })),
    ...game.actors.filter(a => a.type === "npc" && !placed.has(a.id)).map(a => ({ uuid: a.uuid, name: a.name ?? "" }))];
}

/**
 * The motors on the viewed scene whose approach is hard to hear by the abilities on the GM's printed record
 * (documents/vehicle/print.mjs, as the GM's handler reads them, documents/gm-screen/hearing.mjs): by token.
 * @returns {{uuid: string, name: string}[]}
 */
export function silentMotors() {
  return [...(game.scenes?.viewed?.tokens ?? [])].filter(t => t.actor?.type === "vehicle"
    && hearingCheck(printedOf(/** @type {Actor.Implementation} */ (t.actor)).abilities))
    .map(t => ({ uuid: t.uuid, name: t.name || t.actor?.name || "" }));
}

/** @extends {Base<Record<string, unknown>>} */
export class GMScreen extends Base {
  static DEFAULT_OPTIONS = {
    id: "smoke-gm-screen", classes: ["the-smoke", "gm-screen"], tag: "form",
    window: { title: "SMOKE.GMScreen.title", resizable: true }, position: { width: 720, height: 640 },
    form: { handler: GMScreen.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: {
      screenTab: GMScreen.#onTab, sendCheck: GMScreen.#onSendCheck, announceHazard: GMScreen.#onAnnounce,
      rollHazard: GMScreen.#onRollHazard, tool: GMScreen.#onTool, everyone: GMScreen.#onEveryone,
      sendHearing: GMScreen.#onSendHearing
    }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/apps/gm-screen.hbs", scrollable: [".smoke-gm-tab"] } };

  /** @type {GMScreen|null} */
  static instance = null;

  /**
   * Open (or bring forward) the screen. GM only: a player gets a warning (and every action is refused by the GM).
   * @returns {GMScreen|null}
   */
  static open() {
    return openOnce(this, { gmOnly: true });
  }

  /**
   * Open the screen's Rewards on XP for one character (the character sheet's XP link): that character alone chosen.
   * @param {string} actorId
   * @returns {GMScreen|null}
   */
  static openRewardsFor(actorId) {
    if (!game.user.isGM) return this.open();
    const screen = this.instance ?? new this();
    Object.assign(screen, { tab: "rewards", rewardKind: "xp" });
    screen.chosen = new Set([actorId]);
    this.instance = screen;
    screen.render({ force: true });
    return screen;
  }

  tab = "checks";
  /**
   * Chosen character ids (none: everyone present).
   * @type {Set<string>}
   */
  chosen = new Set();
  /**
   * Tweaks toggled per check key, and hazards marked for armour.
   * @type {Record<string, string[]>}
   */
  tweaks = {};
  /**
   * The tools' situations the GM said hold, per check key (a cheap door for the claw hammer).
   * @type {Record<string, string[]>}
   */
  situations = {};
  /** The motor chosen for the hearing check (a token UUID on the viewed scene). */
  hearingMotor = "";
  /** @type {Set<string>} */
  armour = new Set();
  /**
   * The opponent chosen per opposed check key (a token or actor UUID).
   * @type {Record<string, string>}
   */
  opponents = {};
  /**
   * The target the GM set per check key (Choosing difficulty › Keep a known obstacle known): the obstacle's name, a
   * band ("" printed), a fixed TN ("" none) and whether the circumstances changed; offered from the known obstacle
   * when its name is one the GM store remembers.
   * @type {Record<string, {name: string, band: string, tn: string, fresh: boolean}>}
   */
  obstacles = {};
  /**
   * The check rows whose Obstacle section is open.
   * @type {Set<string>}
   */
  obstacleOpen = new Set();
  /** The reward kind shown selected. */
  rewardKind = "xp";
  /** The Rewards form's award id: the GM gives once per id; a new one after each award. */
  rewardId = foundry.utils.randomID();
  /** An award on its way to the GM (a second press of Give waits for nothing and sends nothing). */
  #giving = false;

  _onClose(options) {
    super._onClose?.(options);
    if (GMScreen.instance === this) GMScreen.instance = null;
  }

  /** @param {() => void} refresh */
  _subscribe(refresh) {
    return onHooks(["smoke.gmRequests", "smoke.knownObstacles"], refresh);
  }

  async _onFirstRender(context, options) {
    await super._onFirstRender?.(context, options);
    this.element.addEventListener("change", event => this.#onChange(/** @type {HTMLInputElement|null} */ (event.target)));
    // A row's Obstacle section stays as the GM left it across renders ("toggle" does not bubble: caught on the way down).
    this.element.addEventListener("toggle", event => {
      const key = /** @type {HTMLElement} */ (event.target).dataset?.obstacleRow;
      if (!key) return;
      if (/** @type {HTMLDetailsElement} */ (event.target).open) this.obstacleOpen.add(key);
      else this.obstacleOpen.delete(key);
    }, true);
  }

  async _prepareContext() {
    const present = new Set(presentCharacters().map(a => a.id));
    const heatApi = systemApi()?.heat;
    const foes = opponentChoices();
    // The tools the characters a check would go to carry, as the GM recorded them: their situations are offered.
    const carried = this.targets().map(uuid => actorAt(uuid)) // world actors' UUIDs
      .filter(a => !!a).flatMap(a => recordedTools(a));
    const silent = silentMotors();
    if (!silent.some(m => m.uuid === this.hearingMotor)) this.hearingMotor = silent[0]?.uuid ?? "";
    return {
      tabs: TABS.map(id => ({ id, label: L(`SMOKE.GMScreen.tab.${id}`), active: this.tab === id })),
      isChecks: this.tab === "checks", isHazards: this.tab === "hazards", isRewards: this.tab === "rewards",
      isTools: this.tab === "tools",
      characters: game.actors.filter(a => a.type === "character").map(a => ({ id: a.id, name: a.name,
        chosen: this.chosen.has(/** @type {string} */ (a.id)), present: present.has(a.id) })),
      nobodyChosen: this.chosen.size === 0,
      checks: gmChecks().map(c => ({ ...c, stats: stats(c.stats), band: L(`SMOKE.Band.${c.band}`),
        tweaks: (CHECK_TWEAKS[c.key] ?? []).map(t => ({ id: t.id, label: L(`SMOKE.GMScreen.tweak.${t.id}`),
          on: (this.tweaks[c.key] ?? []).includes(t.id) })),
        situations: toolSituations(c.key, carried).map(id => ({ id, on: (this.situations[c.key] ?? []).includes(id),
          label: L("SMOKE.GMScreen.situationFor", { situation: L(`SMOKE.GMScreen.situation.${id}`),
            tools: [...new Set(carried.filter(t => t.checkTool?.check === c.key && t.checkTool?.when === id).map(t => t.name))].join(", ") }) })),
        opposed: OPPOSED_CHECKS[c.key] ? { label: L("SMOKE.GMScreen.opponentFor", { check: c.name }),
          choices: foes.map(f => ({ ...f, selected: this.opponents[c.key] === f.uuid })) } : null,
        obstacle: this.#obstacleContext(c) })),
      hearing: { motors: silent.map(m => ({ ...m, selected: m.uuid === this.hearingMotor })),
        label: silent.length ? L("SMOKE.GMScreen.sendHearing", { vehicle: silent.find(m => m.uuid === this.hearingMotor)?.name ?? "" }) : "" },
      hazards: hazards().map(h => ({ key: h.key, name: h.name, band: L(`SMOKE.Band.${h.band}`), stats: stats(h.stats),
        armour: this.armour.has(h.key),
        columns: ["justAbout", "badLuck", "properMess"].map(c => ({ label: L(`SMOKE.Outcome.${c}`),
          text: [h[c].damage ? L("SMOKE.GMScreen.damage", { n: String(h[c].damage) }) : "", ...h[c].conditions.map(conditionName)]
            .filter(Boolean).join(", ") || "—" })) })),
      results: requestsList().slice(0, 8).map(r => ({ id: r.id, name: r.name, kind: L(`SMOKE.GMScreen.kind.${r.kind}`),
        entries: r.entries.map(e => ({ name: e.name, done: !!e.result,
          text: e.result ? `${e.result.total} / TN ${e.result.tn}: ${L(`SMOKE.Outcome.${e.result.outcome}`)}`
            + (r.opponent ? ` ${L("SMOKE.GMScreen.vsOpponent", { opponent: r.opponent.name, total: String(r.opponent.total) })}` : "")
            + (e.result.harm ? (e.result.harm.avoided ? ` — ${L("SMOKE.GMScreen.avoided")}`
              : ` — ${L("SMOKE.GMScreen.damage", { n: String(e.result.harm.damage) })}`) : "")
            : L("SMOKE.GMScreen.waiting") })) })),
      xpKinds: ["gm", "mission", "serviceJob", "patOrder", "vehicleSale"].map(id => ({ id, label: L(`SMOKE.Xp.${id}`) })),
      counters: ["crew", "street", "police"].map(id => ({ id, label: L(`SMOKE.GMScreen.counter.${id}`) })),
      rewardKinds: ["xp", "cash", "renown", "influence", "relationship"].map(id => ({ id, label: L(`SMOKE.GMScreen.reward.${id}`),
        selected: this.rewardKind === id })),
      callInUnits: typeof heatApi?.callInUnits === "function"
    };
  }

  /**
   * A check row's Obstacle section: the name, band and fixed TN the GM set, the obstacles known for the check, and
   * the known target of the one named.
   * @param {{key: string, name: string, band: string}} check  The check's row (its printed band as an id).
   */
  #obstacleContext(check) {
    const o = this.obstacles[check.key] ?? { name: "", band: "", tn: "", fresh: false };
    const known = o.name ? knownObstacle(check.key, o.name) : null;
    const words = { check: check.name };
    return {
      open: this.obstacleOpen.has(check.key) || !!(o.name || o.band || o.tn),
      summary: o.name ? L("SMOKE.GMScreen.obstacleSummaryNamed", { obstacle: o.name }) : L("SMOKE.GMScreen.obstacleSummary"),
      name: o.name, nameLabel: L("SMOKE.GMScreen.obstacleFor", words), list: knownObstaclesFor(check.key).map(k => k.name),
      bandLabel: L("SMOKE.GMScreen.bandFor", words), printed: L("SMOKE.GMScreen.asPrinted", { band: L(`SMOKE.Band.${check.band}`) }),
      bands: BANDS.map(b => ({ id: b, label: L(`SMOKE.Band.${b}`), selected: o.band === b })),
      tn: o.tn, tnLabel: L("SMOKE.GMScreen.tnFor", words),
      known: known ? L("SMOKE.GMScreen.knownTarget", { target: targetText(known) }) : null,
      fresh: o.fresh, freshLabel: L("SMOKE.GMScreen.newCircumstancesFor", words)
    };
  }

  /**
   * The characters a request goes to: those chosen, else everyone present.
   * @returns {string[]}
   */
  targets() {
    const ids = this.chosen.size ? [...this.chosen] : presentCharacters().map(a => a.id);
    return ids.map(id => game.actors.get(id)?.uuid).filter(Boolean);
  }

  /**
   * A tick, a choice or a field of the screen changed (an input or a select: both have `name`, `value`, `dataset`).
   * @param {HTMLInputElement|null} target
   */
  #onChange(target) {
    if (target?.name === "chosen") {
      if (target.checked) this.chosen.add(target.value);
      else this.chosen.delete(target.value);
    } else if (target?.dataset?.tweak) {
      const key = String(target.dataset.check);
      const on = new Set(this.tweaks[key] ?? []);
      if (target.checked) on.add(target.dataset.tweak);
      else on.delete(target.dataset.tweak);
      this.tweaks[key] = [...on];
    } else if (target?.dataset?.situation) {
      const key = String(target.dataset.check);
      const on = new Set(this.situations[key] ?? []);
      if (target.checked) on.add(target.dataset.situation);
      else on.delete(target.dataset.situation);
      this.situations[key] = [...on];
    } else if (target?.dataset?.obstacle) {
      // A name the GM store knows for this check offers its target again (the band or fixed TN, circumstances as before).
      const key = String(target.dataset.obstacle);
      const name = target.value.trim();
      const known = name ? knownObstacle(key, name) : null;
      const was = this.obstacles[key] ?? { name: "", band: "", tn: "", fresh: false };
      this.obstacles[key] = known ? { name, band: known.band, tn: known.tn ? String(known.tn) : "", fresh: false } : { ...was, name, fresh: false };
      this.render();
    } else if (target?.dataset?.obstacleBand || target?.dataset?.obstacleTn || target?.dataset?.obstacleNew) {
      const key = String(target.dataset.obstacleBand ?? target.dataset.obstacleTn ?? target.dataset.obstacleNew);
      const o = this.obstacles[key] ?? { name: "", band: "", tn: "", fresh: false };
      if (target.dataset.obstacleBand) o.band = target.value;
      else if (target.dataset.obstacleTn) o.tn = target.value.trim();
      else o.fresh = target.checked;
      this.obstacles[key] = o;
    } else if (target?.dataset?.hearingMotor !== undefined) {
      this.hearingMotor = target.value;
      this.render();
    } else if (target?.dataset?.opponent) {
      const key = String(target.dataset.opponent);
      if (target.value) this.opponents[key] = target.value;
      else delete this.opponents[key];
    } else if (target?.name === "rewardKind") {
      this.rewardKind = target.value;
    } else if (target?.dataset?.armour) {
      if (target.checked) this.armour.add(target.dataset.armour);
      else this.armour.delete(target.dataset.armour);
    }
  }

  /** @this {GMScreen} */
  static #onTab(event, target) {
    this.tab = TABS.includes(target.dataset.screenTab) ? target.dataset.screenTab : "checks";
    this.render();
  }

  /** @this {GMScreen} */
  static #onEveryone() {
    this.chosen.clear();
    this.render();
  }

  /** @this {GMScreen} */
  static async #onSendCheck(event, target) {
    const key = target.dataset.key;
    target.disabled = true;
    const opponentUuid = OPPOSED_CHECKS[key] ? this.opponents[key] : undefined;
    const o = this.obstacles[key];
    const r = await askGM("gm.request.send", { kind: "check", key, actorUuids: this.targets(), tweaks: this.tweaks[key] ?? [],
      situations: this.situations[key] ?? [], ...(opponentUuid ? { opponentUuid } : {}),
      ...(o ? { obstacle: o.name, band: o.band || null, tn: o.tn || null, newCircumstances: o.fresh } : {}) });
    if (r) {
      ui.notifications.info(L("SMOKE.GMScreen.sent", { n: String(r.entries.length) }));
      if (o?.fresh) { // the new circumstances are now what is known
        o.fresh = false;
        this.render();
      }
    }
    target.disabled = false;
  }

  /**
   * Send the hearing check for the chosen Silent motor to the chosen characters (Vehicle abilities › Silent).
   * @this {GMScreen}
   */
  static async #onSendHearing(event, target) {
    if (!this.hearingMotor) return;
    target.disabled = true;
    const r = await askGM("gm.request.send", { kind: "hearing", key: this.hearingMotor, actorUuids: this.targets() });
    if (r) ui.notifications.info(L("SMOKE.GMScreen.sent", { n: String(r.entries.length) }));
    target.disabled = false;
  }

  /** @this {GMScreen} */
  static async #onAnnounce(event, target) {
    await askGM("gm.hazard.announce", { key: target.dataset.key });
  }

  /** @this {GMScreen} */
  static async #onRollHazard(event, target) {
    const key = target.dataset.key;
    target.disabled = true;
    await askGM("gm.request.send", { kind: "hazard", key, actorUuids: this.targets(), armourMarked: this.armour.has(key) });
    target.disabled = false;
  }

  /** @this {GMScreen} */
  static async #onTool(event, target) {
    const tool = target.dataset.tool;
    // An action's result is not used (v13 ApplicationV2 ClickAction returns void): each opens a window and is done.
    if (tool === "teamwork") return void TeamworkApp.open();
    if (tool === "challenge") return void ChallengeTracker.open();
    if (tool === "console") return void CombatConsole.open();
    if (tool === "missions") return void systemApi().apps.MissionBoard?.open();
    if (tool === "street") return void systemApi().apps.StreetControl?.open();
    if (tool === "shifts") return void systemApi().apps.ShiftsApp?.open();
    if (tool === "rules") {
      const pack = game.packs.get(`${SYSTEM_ID}.rules`);
      return void pack?.render?.(true);
    }
    if (tool === "units") {
      const stars = Number(/** @type {HTMLInputElement|null} */ (this.element.querySelector("[name=unitStars]"))?.value);
      const scene = game.scenes?.viewed ?? game.scenes?.active;
      try {
        const placed = await systemApi().heat.callInUnits(scene, stars);
        ui.notifications.info(L("SMOKE.GMScreen.unitsCalled", { n: String(Object.values(placed ?? {}).reduce((a, b) => a + b, 0)) }));
      } catch (err) {
        ui.notifications.warn(err.message);
      }
    }
  }

  /**
   * The Rewards form's Give button: one award per press (a double click sends it once; the GM gives once per award
   * id), then the form is cleared (a fresh id, no amount or reason carried over to the next award).
   * @this {GMScreen}
   */
  static async #onSubmit(event, form, formData) {
    if (this.#giving) return;
    this.#giving = true;
    const button = /** @type {HTMLButtonElement|null} */ (form.querySelector("button[type=submit]"));
    if (button) button.disabled = true;
    try {
      const d = formData.object;
      const r = await askGM("gm.reward.give", { kind: d.rewardKind, actorUuids: this.targets(), amount: d.amount,
        split: d.split, xpKind: d.xpKind, faction: d.faction, counter: d.counter, reason: d.reason, rewardId: this.rewardId });
      if (r) {
        ui.notifications.info(r.lines.join(" "));
        this.rewardId = foundry.utils.randomID();
        await this.render();
      }
    } finally {
      this.#giving = false;
      if (button?.isConnected) button.disabled = false;
    }
  }
}

/** The rebindable keybinding (v13 `game.keybindings`), GM only. Called at init. */
export function registerGMScreenKeybinding() {
  game.keybindings.register(SYSTEM_ID, "gmScreen", {
    name: "SMOKE.GMScreen.keybinding", editable: [{ key: "KeyG", modifiers: [/** @type {foundry.helpers.interaction.KeyboardManager.MODIFIER_KEYS} */ ("Shift")] }], restricted: true,
    onDown: () => {
      GMScreen.open();
      return true;
    }
  });
}
