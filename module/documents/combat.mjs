/**
 * The Smoke's Combat and Combatant (rulebook: When it kicks off). Built on Foundry's Combat documents so the core
 * tracker, tokens and modules keep working: a combatant's `initiative` is its highest unspent speed die, so the core
 * tracker lists the queue; `turn` points at whoever owns the current die.
 *
 * Every write runs on the **active GM's client** (documents/requests.mjs): revealing, spending a die, stepping back,
 * ending a round. A round's end is applied once per (combat, round) — `system.roundEnded` records it — however many
 * GMs and players are connected and however often the GM steps back and forth. Secret speed dice stay in the
 * roller's client until the reveal (documents/speed-dice.mjs).
 * @module documents/combat
 */
import { compareTied, speedDiceCount } from "../rules/combat.mjs";
import { endOfRound, pocketCashLoss, queueState } from "../rules/round.mjs";
import { assertOwner, registerRequest, requestGM } from "./requests.mjs";
import { collectSpeedDice } from "./speed-dice.mjs";
import { CONDITIONS, RULES } from "../generated/rules.mjs";
import { vehicleDrivenBy } from "./vehicle.mjs";
import { resolveChaseRoundEnd } from "./chase.mjs";

export const SYSTEM_ID = "the-smoke";
const PEOPLE = new Set(["character", "npc"]);
const COMBAT_RULES = RULES.combat;

/**
 * A Condition's printed name.
 * @param {string} id  Condition id.
 * @returns {string}
 */
export function conditionName(id) {
  return CONDITIONS.find(c => c.key === id)?.name ?? id;
}

/**
 * The Moves die of a combatant's actor (0 for a motor).
 * @param {Actor.Implementation|null|undefined} actor
 * @returns {number}
 */
export function movesDieOf(actor) {
  return /** @type {any} */ (actor?.system)?.stats?.mov?.die ?? 0;
}

/**
 * A combatant as the queue's tie-breaks see it.
 * @param {Combatant.Implementation} c
 * @returns {{id: string, name: string, isPC: boolean, movesDie: number}}
 */
function tieEntry(c) {
  return { id: /** @type {string} */ (c.id), name: c.name ?? "", isPC: c.actor?.type === "character", movesDie: movesDieOf(c.actor) };
}

/**
 * The motor an actor is driving: `{performance, flatTyres, body}` for the speed-dice count, or null.
 * @param {Actor.Implementation} actor
 * @returns {import("../rules/combat.mjs").VehicleSpeedState|null}
 */
function drivenMotor(actor) {
  const motor = vehicleDrivenBy(actor);
  if (!motor) return null;
  const v = /** @type {any} */ (motor.system);
  return { performance: v.performance.die, flatTyres: v.tyres.flat, body: v.body.value };
}

/**
 * How many speed dice a combatant rolls this round (When it kicks off › Start a round): from Moves, or for a driver
 * the better of Moves and the motor's Performance; a motor on its own counts from Performance.
 * @param {Combatant.Implementation} combatant
 * @returns {number} 0 … 4.
 */
export function speedDiceFor(combatant) {
  const actor = combatant.actor;
  if (!actor) return 0;
  const sys = /** @type {any} */ (actor.system);
  if (actor.type === "vehicle") {
    // A motor on its own: the smallest personal count (Moves d4, one die) so the motor's own count decides.
    return speedDiceCount({ moves: 4, vehicle: { performance: sys.performance.die, flatTyres: sys.tyres.flat, body: sys.body.value } });
  }
  return speedDiceCount({ moves: movesDieOf(actor) || 4, conditions: actor.statuses ?? [],
    surrendered: /** @type {any} */ (combatant.system).surrendered, vehicle: drivenMotor(actor) });
}

export class SmokeCombat extends Combat {
  /** @returns {boolean} The book's speed dice (true) or the simple tracker. */
  get isSpeed() {
    return /** @type {any} */ (this.system).mode !== "simple";
  }

  /**
   * Where the queue stands (rules/round.mjs queueState).
   * @returns {ReturnType<typeof queueState>}
   */
  get queue() {
    // A combatant who can no longer act (Down, Cuffed, surrendered, gone) loses its unspent dice: they are skipped.
    return queueState(this.combatants.contents.map(c => ({
      ...tieEntry(c), canAct: !cannotAct(c),
      dice: /** @type {any} */ (c.system).dice.map(d => ({ face: d.face, spent: d.spent ?? null }))
    })));
  }

  /**
   * Turn order: initiative (the highest unspent speed die, or the simple tracker's roll) high to low, then the
   * book's tie-breaks; combatants without an action left go last. Used unbound by core, so no `this`.
   * @override
   */
  _sortCombatants(a, b) {
    const ia = a.initiative ?? -Infinity;
    const ib = b.initiative ?? -Infinity;
    if (ia !== ib) return ib - ia;
    return compareTied(tieEntry(a), tieEntry(b));
  }

  /** Speed mode: "Done" spends the current die with no other action. @override */
  async nextTurn() {
    if (this.isSpeed) {
      const current = this.queue.current;
      if (current) await requestGM("combat.spend", { combatId: this.id, combatantId: current.combatantId, action: "done",
        index: current.index });
      return this;
    }
    await requestGM("combat.nextTurn", { combatId: this.id, round: this.round, turn: this.turn });
    return this;
  }

  /** Speed mode: the GM steps back one spent die. @override */
  async previousTurn() {
    await requestGM(this.isSpeed ? "combat.back" : "combat.previousTurn", { combatId: this.id });
    return this;
  }

  /**
   * End the round (once) and begin the next. The request names the round this client sees, so a double click (or two
   * GMs at once) ends it once and the second request is refused.
   * @override
   */
  async nextRound() {
    await requestGM("combat.nextRound", { combatId: this.id, round: this.round });
    return this;
  }

  /** Back a round; its end is not applied again when the GM moves forward. @override */
  async previousRound() {
    await requestGM("combat.previousRound", { combatId: this.id, round: this.round });
    return this;
  }

  /**
   * The GM reveals everyone's speed dice: each player's client hands over the dice it rolled (or rolls them now),
   * NPC dice come from the GM's client, then the queue starts.
   * @returns {Promise<void>}
   */
  async reveal() {
    await requestGM("combat.reveal", { combatId: this.id });
  }

  /** Point `turn` at the combatant holding the current die (after dice changed). GM. */
  async _syncTurn() {
    this.setupTurns();
    const current = this.queue.current;
    const index = current ? this.turns.findIndex(c => c.id === current.combatantId) : 0;
    const turn = Math.max(0, index);
    if (turn !== this.turn) await this.update({ turn }, /** @type {any} */ ({ turnEvents: false }));
  }
}

/** Fresh per-round fields of a combatant. */
const FRESH = { "system.dice": [], "system.reaction": false, "system.defences.dodge": false, "system.defences.cover": "none" };

/**
 * The active GM's side of a fight. Each handler re-checks the requesting user against the documents.
 * @returns {void}
 */
export function registerCombatRequests() {
  const combatOf = id => {
    const combat = /** @type {SmokeCombat|undefined} */ (game.combats?.get(id));
    if (!combat) throw new Error(game.i18n.localize("SMOKE.Combat.noCombat"));
    return combat;
  };
  const gmOnly = user => {
    if (!user.isGM) throw new Error(game.i18n.localize("SMOKE.Combat.gmOnly"));
  };

  registerRequest("combat.reveal", async (user, { combatId }) => {
    gmOnly(user);
    const combat = combatOf(combatId);
    if (!combat.isSpeed) throw new Error(game.i18n.localize("SMOKE.Combat.simpleNoDice"));
    if (!combat.started) throw new Error(game.i18n.localize("SMOKE.Combat.notStarted"));
    if (/** @type {any} */ (combat.system).phase !== "rolling") throw new Error(game.i18n.localize("SMOKE.Combat.alreadyRevealed"));
    if (!combat.combatants.size) throw new Error(game.i18n.localize("SMOKE.Combat.nobody"));
    const round = combat.round;
    await combat.update(/** @type {any} */ ({ "system.phase": "revealing" }));
    const dice = await collectSpeedDice(combat, round);
    await combat.updateEmbeddedDocuments("Combatant", combat.combatants.map(c => {
      const faces = dice.get(/** @type {string} */ (c.id)) ?? [];
      return { _id: c.id, "system.dice": faces.map(face => ({ face, spent: null })), initiative: faces.length ? Math.max(...faces) : null };
    }), /** @type {any} */ ({ turnEvents: false }));
    await combat.update(/** @type {any} */ ({ "system.phase": "acting", "system.revealedRound": round }));
    await combat._syncTurn();
    await postQueueCard(combat);
  });

  // Someone joins a fight whose dice are already revealed: the GM rolls theirs now, in the open (the secret has
  // gone public for this round); they slot into the queue by face, and nothing already spent changes.
  Hooks.on("createCombatant", async combatant => {
    const combat = /** @type {SmokeCombat|null} */ (combatant.parent);
    if (!game.user.isActiveGM || !combat?.isSpeed || /** @type {any} */ (combat.system).phase !== "acting") return;
    const count = speedDiceFor(combatant);
    const faces = count ? (await new Roll(`${count}d${RULES["speed-dice"].die}`).evaluate()).dice[0].results.map(r => r.result) : [];
    await combatant.update(/** @type {any} */ ({ "system.dice": faces.map(face => ({ face, spent: null })),
      initiative: faces.length ? Math.max(...faces) : null }), { turnEvents: false });
    await combat._syncTurn();
    if (faces.length) await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
      content: `<p>${foundry.utils.escapeHTML(game.i18n.format("SMOKE.Combat.joined", { name: combatant.name ?? "", dice: faces.join(", ") }))}</p>` });
  });

  registerRequest("combat.spend", async (user, { combatId, combatantId, action = "done", index = null }) => {
    const combat = combatOf(combatId);
    const combatant = combat.combatants.get(combatantId);
    assertOwner(user, combatant?.actor ?? null);
    return spendDieAsGM(combat, /** @type {Combatant.Implementation} */ (combatant), action, { index });
  });

  registerRequest("combat.back", async (user, { combatId }) => {
    gmOnly(user);
    const combat = combatOf(combatId);
    const last = combat.queue.last;
    if (!last) throw new Error(game.i18n.localize("SMOKE.Combat.nothingToUndo"));
    const c = /** @type {Combatant.Implementation} */ (combat.combatants.get(last.combatantId));
    const die = /** @type {any} */ (c.system).dice[last.index];
    const undo = die.undo ?? {};
    const dice = /** @type {any} */ (c.system).dice.map((d, i) => (i === last.index ? { face: d.face, spent: null, action: "", undo: {} } : d));
    // Stepping back returns the die and undoes what the action itself set (a Dodge, cover, an Aim, a surrender, getting
    // up); what a roll did (damage, a hold) stays — the GM sets that right by hand.
    /** @type {Record<string, any>} */
    const update = { "system.dice": dice, initiative: topUnspent(dice) };
    for (const [key, path] of [["dodge", "system.defences.dodge"], ["cover", "system.defences.cover"], ["aimed", "system.aimed"],
      ["surrendered", "system.surrendered"]]) if (key in undo) update[path] = undo[key];
    await c.update(update, /** @type {any} */ ({ turnEvents: false }));
    if (undo.prone && c.actor && !c.actor.statuses.has("prone")) await /** @type {any} */ (c.actor).addCondition("prone");
    await combat._syncTurn();
  });

  /** Refuse a round change asked for from a round that is already over (a double click, two GMs at once). */
  const sameRound = (combat, round) => {
    if (round !== undefined && round !== null && round !== combat.round)
      throw new Error(game.i18n.format("SMOKE.Combat.roundMoved", { round: String(round), now: String(combat.round) }));
  };

  registerRequest("combat.nextRound", async (user, { combatId, round }) => {
    gmOnly(user);
    const combat = combatOf(combatId);
    sameRound(combat, round);
    await advanceRound(combat);
  });

  registerRequest("combat.previousRound", async (user, { combatId, round }) => {
    gmOnly(user);
    const combat = combatOf(combatId);
    sameRound(combat, round);
    if (combat.round <= 1) return;
    await combat.updateEmbeddedDocuments("Combatant", combat.combatants.map(c => ({ _id: c.id, ...FRESH, initiative: null })),
      /** @type {any} */ ({ turnEvents: false }));
    await combat.update(/** @type {any} */ ({ round: combat.round - 1, turn: 0, "system.phase": "rolling" }), { direction: -1 });
  });

  // The simple tracker: one action a turn; Bleeding at the end of that actor's turn (With the simple tracker).
  registerRequest("combat.nextTurn", async (user, { combatId, round, turn }) => {
    const combat = combatOf(combatId);
    const current = combat.combatant;
    if (!user.isGM) assertOwner(user, current?.actor ?? null);
    sameRound(combat, round);
    if (turn !== undefined && turn !== null && turn !== combat.turn) throw new Error(game.i18n.localize("SMOKE.Combat.turnMoved"));
    const key = combat.round * 1000 + (combat.turn ?? 0);
    if (current?.actor && key > /** @type {any} */ (combat.system).turnEnded) {
      await combat.update(/** @type {any} */ ({ "system.turnEnded": key }));
      const loss = COMBAT_RULES.ongoingHarm.find(h => h.condition === "bleeding")?.health ?? 0;
      if (current.actor.statuses.has("bleeding") && !current.isDefeated && loss) {
        const health = await applyHealthLoss(current.actor, loss);
        await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
          content: `<p>${foundry.utils.escapeHTML(game.i18n.format("SMOKE.Combat.ongoingHarm", { name: current.name ?? "",
            loss: String(loss), health: String(health) }))}</p>` });
      }
    }
    const last = (combat.turn ?? 0) >= combat.turns.length - 1;
    if (last) await advanceRound(combat);
    else await Combat.prototype.nextTurn.call(combat);
    // The simple tracker refreshes a reaction at the start of that actor's turn.
    const next = combat.combatant;
    if (next && /** @type {any} */ (next.system).reaction) await next.update(/** @type {any} */ ({ "system.reaction": false }));
  });

  registerRequest("combat.previousTurn", async (user, { combatId }) => {
    gmOnly(user);
    await Combat.prototype.previousTurn.call(combatOf(combatId));
  });
}

/** The highest unspent face, or null. @param {{face: number, spent: number|null}[]} dice */
function topUnspent(dice) {
  const left = dice.filter(d => d.spent === null).map(d => d.face);
  return left.length ? Math.max(...left) : null;
}

/**
 * Spend the current die of a combatant on an action (When it kicks off › Read the queue; Attacking and defending ›
 * Defensive actions). The Dodge action's +2 Guard lasted until this next action, so it ends first. GM side only
 * (request handlers); the requester's ownership is checked by the caller. A combatant spun out by a PIT
 * (`flags["the-smoke"].spun`, documents/chase.mjs) loses its next action: that die can only be spent on "spun",
 * which clears the mark (Skids, collisions and contact › PIT).
 * @param {SmokeCombat} combat
 * @param {Combatant.Implementation} combatant
 * @param {string} action  done, attack, aim, dodge, coverLight, coverHeavy, reload, grab, breakFree, cuff,
 *   surrender, getUp, improvised, drive, ram, pit, evasive, spun.
 * @param {{index?: number|null}} [opts]  index: the die (its position in the combatant's dice) the requester saw as
 *   current; when given and no longer current, nothing is spent (a double click, a stale window).
 * @returns {Promise<{aimed: boolean}>}  Whether an Aim was waiting for this attack.
 * @throws {Error} when the dice are not revealed, the current die is somebody else's or not the one named, the
 *   combatant cannot act (Down, Cuffed, surrendered, gone: only Done), it already acted this turn (simple tracker), or
 *   a spun-out combatant's die is spent on anything but "spun" (or "spun" without a spin).
 */
export async function spendDieAsGM(combat, combatant, action, { index = null } = {}) {
  const sys = /** @type {any} */ (combatant.system);
  const spun = !!combatant.getFlag(SYSTEM_ID, "spun");
  if (spun !== (action === "spun")) {
    throw new Error(game.i18n.format(spun ? "SMOKE.Chase.spunOnly" : "SMOKE.Chase.notSpun", { name: combatant.name ?? "" }));
  }
  const unable = cannotAct(combatant);
  if (unable && action !== "done") throw new Error(game.i18n.format("SMOKE.Combat.cannotAct", { name: combatant.name ?? "", why: unable }));
  const wasAimed = sys.aimed;
  const actor = combatant.actor;
  // What this action changes, so that stepping back over it can restore it.
  const undo = { dodge: sys.defences.dodge, cover: sys.defences.cover, aimed: sys.aimed, surrendered: sys.surrendered,
    prone: action === "getUp" && !!actor?.statuses.has("prone") };
  /** @type {Record<string, any>} */
  const update = { "system.defences.dodge": action === "dodge" };
  if (combat.isSpeed) {
    if (/** @type {any} */ (combat.system).phase !== "acting") throw new Error(game.i18n.localize("SMOKE.Combat.notRevealed"));
    const q = combat.queue;
    if (q.current?.combatantId !== combatant.id) {
      const who = q.current ? combat.combatants.get(q.current.combatantId)?.name ?? "" : "";
      throw new Error(q.current ? game.i18n.format("SMOKE.Combat.notYourDie", { name: who }) : game.i18n.localize("SMOKE.Combat.queueEmpty"));
    }
    // The die the requester saw (a double click must not spend the next one).
    if (index !== null && index !== undefined && q.current.index !== index) throw new Error(game.i18n.localize("SMOKE.Combat.dieGone"));
    const dice = sys.dice.map((d, i) => (i === q.current?.index ? { face: d.face, spent: q.nextSpend, action, undo }
      : { face: d.face, spent: d.spent, action: d.action ?? "", undo: d.undo ?? {} }));
    Object.assign(update, { "system.dice": dice, initiative: topUnspent(dice) });
  } else {
    if (combat.combatant?.id !== combatant.id) throw new Error(game.i18n.format("SMOKE.Combat.notYourTurn", { name: combat.combatant?.name ?? "" }));
    // The simple tracker: one action a turn (Done ends it).
    const key = combat.round * 1000 + (combat.turn ?? 0);
    if (action !== "done") {
      if (sys.acted === key) throw new Error(game.i18n.format("SMOKE.Combat.actedThisTurn", { name: combatant.name ?? "" }));
      update["system.acted"] = key;
    }
  }
  if (action === "coverLight") update["system.defences.cover"] = "light";
  if (action === "coverHeavy") update["system.defences.cover"] = "heavy";
  if (action === "aim") update["system.aimed"] = true;
  if (action === "attack") update["system.aimed"] = false;
  if (action === "surrender") update["system.surrendered"] = true;
  if (spun) update[`flags.${SYSTEM_ID}.-=spun`] = null;
  await combatant.update(update, /** @type {any} */ ({ turnEvents: false }));
  if (undo.prone) await /** @type {any} */ (actor).removeCondition("prone");
  if (combat.isSpeed) await combat._syncTurn();
  return { aimed: wasAimed && action === "attack" };
}

/**
 * Why a combatant cannot act on a die it holds, or null (When it kicks off: Down, Cuffed or surrendered characters
 * have no speed dice; Attacking and defending › Take the hit or Dodge: "Down prevents acting"): its actor is gone,
 * it is out of the fight, Down or Cuffed, or it has surrendered. Its remaining dice are skipped in the queue.
 * @param {Combatant.Implementation} combatant
 * @returns {string|null} The reason, in words.
 */
export function cannotAct(combatant) {
  const actor = combatant.actor;
  if (!actor) return game.i18n.localize("SMOKE.Combat.why.gone");
  if (combatant.isDefeated) return game.i18n.localize("SMOKE.Combat.why.defeated");
  for (const id of RULES["speed-dice"].noDice.conditions) if (actor.statuses.has(id)) return conditionName(id);
  if (/** @type {any} */ (combatant.system).surrendered) return game.i18n.localize("SMOKE.Combat.why.surrendered");
  return null;
}

/**
 * Lose Health and go Down at 0 (Harm, aid and recovery › At zero Health). GM side.
 * @param {Actor.Implementation} actor  A character or NPC.
 * @param {number} amount  Whole Health points ≥ 0.
 * @returns {Promise<number>} Health afterwards.
 */
export async function applyHealthLoss(actor, amount) {
  const health = /** @type {any} */ (actor.system).health;
  const value = Math.max(0, health.value - amount);
  if (value !== health.value) await actor.update(/** @type {any} */ ({ "system.health.value": value }));
  if (value <= 0 && !actor.statuses.has("down")) await /** @type {any} */ (actor).addCondition("down");
  return value;
}

/**
 * End the round once and begin the next (When it kicks off › End a round): ongoing harm, Stunned and round-long
 * defences end, the Down clock, then reactions restored and fresh (secret) speed dice. GM side.
 * @param {SmokeCombat} combat
 * @returns {Promise<void>}
 */
async function advanceRound(combat) {
  const round = combat.round;
  const ended = /** @type {any} */ (combat.system).roundEnded;
  // Steps 1–3 for the people, then step 4: vehicle fires due and whether the chase has ended (documents/chase.mjs).
  const lines = round > ended ? [...await resolveEndOfRound(combat), ...await resolveChaseRoundEnd(combat)] : null;
  const update = { round: round + 1, turn: 0, "system.phase": "rolling", "system.roundEnded": Math.max(round, ended) };
  const options = { direction: 1, worldTime: { delta: CONFIG.time?.roundTime ?? 0 } };
  // v13 passes `worldTime: {delta}` (fvtt-types 13.345 still types the older `advanceTime`).
  Hooks.callAll("combatRound", combat, /** @type {any} */ (update), /** @type {any} */ (options));
  await combat.updateEmbeddedDocuments("Combatant", combat.combatants.map(c => ({ _id: c.id, ...FRESH,
    initiative: combat.isSpeed ? null : c.initiative })), /** @type {any} */ ({ turnEvents: false }));
  await combat.update(/** @type {any} */ (update), /** @type {any} */ (options));
  if (lines?.length) {
    await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
      content: `<div class="smoke-round-end"><h3>${foundry.utils.escapeHTML(game.i18n.format("SMOKE.Combat.roundEnded", { round: String(round) }))}</h3>`
        + `<ul>${lines.map(l => `<li>${foundry.utils.escapeHTML(l)}</li>`).join("")}</ul></div>` });
  }
}

/**
 * Apply the end of a round to the people in the fight; returns what happened, in words.
 * @param {SmokeCombat} combat
 * @returns {Promise<string[]>}
 */
async function resolveEndOfRound(combat) {
  const i18n = game.i18n;
  // Someone out of the fight (Wasted, defeated) is left alone: no harm, no Down clock, no line.
  const people = combat.combatants.contents.filter(c => c.actor && PEOPLE.has(c.actor.type) && !c.isDefeated);
  const effects = endOfRound(people.map(c => ({
    id: /** @type {string} */ (c.id), health: /** @type {any} */ (c.actor?.system).health.value,
    // The simple tracker resolves Bleeding at the end of that actor's turn instead (With the simple tracker).
    conditions: [...(c.actor?.statuses ?? [])].filter(id => combat.isSpeed || id !== "bleeding"), downRounds: /** @type {any} */ (c.system).downRounds,
    defeated: c.isDefeated
  })));
  const lines = [];
  for (const e of effects) {
    const c = /** @type {Combatant.Implementation} */ (combat.combatants.get(e.id));
    const actor = /** @type {Actor.Implementation} */ (c.actor);
    if (e.healthLost) {
      await applyHealthLoss(actor, e.healthLost);
      lines.push(i18n.format("SMOKE.Combat.ongoingHarm", { name: c.name ?? "", loss: String(e.healthLost), health: String(e.health) }));
    }
    for (const id of e.remove) {
      await /** @type {any} */ (actor).removeCondition(id);
      lines.push(i18n.format("SMOKE.Combat.conditionEnds", { name: c.name ?? "", condition: conditionName(id) }));
    }
    if (e.downRounds !== /** @type {any} */ (c.system).downRounds) await c.update(/** @type {any} */ ({ "system.downRounds": e.downRounds }));
    if (e.wasted) lines.push(await wasted(c));
    else if (e.downRounds) lines.push(i18n.format("SMOKE.Combat.downClock", { name: c.name ?? "", rounds: String(e.downRounds) }));
  }
  return lines;
}

/**
 * Wasted (Harm, aid and recovery › Wasted): wake at Homerton A&E, Heat cleared, lose 10% of pocket cash (at least
 * £50, never more than is held); the combatant leaves the fight (defeated). GM side.
 * @param {Combatant.Implementation} combatant
 * @returns {Promise<string>} The chat line.
 */
export async function wasted(combatant) {
  const actor = /** @type {Actor.Implementation} */ (combatant.actor);
  const sys = /** @type {any} */ (actor.system);
  let loss = 0;
  if (actor.type === "character") {
    loss = pocketCashLoss(sys.cash.pocket, "wasted");
    await actor.update(/** @type {any} */ ({ "system.cash.pocket": sys.cash.pocket - loss,
      ...(RULES.money.wasted.clearsHeat ? { "system.heat": 0 } : {}) }));
  }
  await combatant.update({ defeated: true });
  return game.i18n.format(actor.type === "character" ? "SMOKE.Combat.wasted" : "SMOKE.Combat.wastedNpc",
    { name: combatant.name ?? "", loss: String(loss) });
}

/**
 * The revealed queue as a public chat card.
 * @param {SmokeCombat} combat
 */
async function postQueueCard(combat) {
  const q = combat.queue;
  const items = q.actions.map(a => `<li><b>${a.face}</b> ${foundry.utils.escapeHTML(combat.combatants.get(a.combatantId)?.name ?? "")}</li>`);
  await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
    content: `<div class="smoke-queue-card"><h3>${foundry.utils.escapeHTML(game.i18n.format("SMOKE.Combat.revealed", { round: String(combat.round) }))}</h3>`
      + `<ol>${items.join("")}</ol></div>` });
}
