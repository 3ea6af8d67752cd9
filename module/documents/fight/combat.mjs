/**
 * The Smoke's Combat and Combatant (rulebook: When it kicks off). Built on Foundry's Combat documents so the core
 * tracker, tokens and modules keep working: a combatant's `initiative` is its highest unspent speed die, so the core
 * tracker lists the queue; `turn` points at whoever owns the current die.
 *
 * Every write runs on the **active GM's client** (documents/core/requests.mjs): revealing, spending a die, stepping back,
 * ending a round. What the rules act on — each side's dice, reaction, defences, hold and Down clock — is kept on the
 * Combat, which only a GM may write (documents/fight/combat-state.mjs), never on the player-writable Combatant; in speed
 * mode the core tracker's initiative controls follow the speed dice instead of rolling.
 *
 * The round's end is one list of steps, each placed by the book's step of End a round ({@link addRoundEndStep}): the
 * people's ({@link roundEndSteps}: ongoing harm, Stunned and defences, the Down clock), then the chase's fires and
 * getaway (documents/chase/getaway.mjs) — the features' manifests contribute them, and this module imports no
 * feature. A round's end is applied once per (combat, round) — `system.roundEnded` records it — however many
 * GMs and players are connected and however often the GM steps back and forth. Secret speed dice stay in the
 * roller's client until the reveal (documents/fight/speed-dice.mjs).
 * @module documents/combat
 */
import { compareTied } from "../../rules/combat.mjs";
import { endOfRound, endOfTurn, pocketCashLoss, queueState } from "../../rules/round.mjs";
import { hospitalReset } from "../../rules/conditions.mjs";
import { assertGM, assertOwner, requestGM } from "../core/requests.mjs";
import { collectSpeedDice, movesDieOf, speedDiceFor } from "./speed-dice.mjs";
import { CONDITIONS, RULES, SYSTEM_ID } from "../../generated/rules.mjs";
import { isOut, patchedSide, sideOf, topUnspent, writeSides } from "./combat-state.mjs";
import { listCardHTML, noteHTML } from "../core/chat-html.mjs";
import { healthOf } from "../core/health-record.mjs";
import { recordedMaxima } from "../core/record.mjs";
import { charge, purseOf } from "../core/purse.mjs";
import { recordedStatuses } from "../core/condition-record.mjs";

export { SYSTEM_ID };

/** @typedef {import("../core/feature.mjs").RoundEndStep} RoundEndStep */
/** The round's end, in the book's order of End a round (steps 1–4; step 5, the new round, is {@link advanceRound}'s). */
/** @type {RoundEndStep[]} */
const ROUND_END_STEPS = [];

/**
 * Add a step to the end of every round (When it kicks off › End a round), in the book's order: after the steps of an
 * earlier or the same book step (`at`). Called at init by the entry with every manifest's `roundEndSteps` (the
 * people's, below; the chase's fires and getaway).
 * @param {RoundEndStep} step
 * @throws {Error} when the step has no id, book step or run, or its id is taken.
 */
export function addRoundEndStep(step) {
  if (typeof step?.id !== "string" || !Number.isInteger(step.at) || typeof step.run !== "function") {
    throw new Error(`a round-end step needs {id, at, run}: ${JSON.stringify(step?.id ?? step)}`);
  }
  if (ROUND_END_STEPS.some(s => s.id === step.id)) throw new Error(`round-end step "${step.id}" is added twice`);
  const after = ROUND_END_STEPS.findLastIndex(s => s.at <= step.at);
  ROUND_END_STEPS.splice(after + 1, 0, step);
}

/**
 * The round's end as it runs: the steps' ids and book steps, in order.
 * @returns {{id: string, at: number}[]}
 */
export function roundEndOrder() {
  return ROUND_END_STEPS.map(({ id, at }) => ({ id, at }));
}
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
 * A combatant as the queue's tie-breaks see it.
 * @param {Combatant.Implementation} c
 * @returns {{id: string, name: string, isPC: boolean, movesDie: number}}
 */
function tieEntry(c) {
  return { id: /** @type {string} */ (c.id), name: c.name ?? "", isPC: c.actor?.type === "character", movesDie: movesDieOf(c.actor) };
}

/**
 *
 */
export class SmokeCombat extends Combat {
  /** @returns {boolean} The book's speed dice (true) or the simple tracker. */
  get isSpeed() {
    return this.system.mode !== "simple";
  }

  /**
   * Where the queue stands (rules/round.mjs queueState).
   * @returns {ReturnType<typeof queueState>}
   */
  get queue() {
    return queueWith(this, sideOf);
  }

  /**
   * Turn order: initiative (the highest unspent speed die, or the simple tracker's roll) high to low, then the
   * book's tie-breaks; combatants without an action left go last. Used unbound by core, so no `this`.
   * @override
   */
  _sortCombatants(a, b) {
    // In speed mode initiative is derived from the GM's record of the dice (SmokeCombatant#prepareDerivedData).
    return compareOrder(a, b, c => c.initiative);
  }

  /**
   * Speed mode: a write of the dice (`system.sides`) changes the derived initiatives, so the turn order is sorted
   * again before core reads the current combatant. v13 core `Combat#_onUpdate` re-sorts only when `combatants` changed
   * ("Determine the new turn order": `if ("combatants" in changed) this.setupTurns(); else this.current =
   * this._getCurrentState();`, client/documents/combat.mjs); the combatants were prepared again with the Combat
   * ("whenever the document is created or updated … _initialize, prepareData … prepareEmbeddedDocuments",
   * client/documents/abstract/client-document.mjs). Only `turns` is set here, so core's prior state stays as it was.
   * @override
   */
  _onUpdate(changed, options, userId) {
    if (this.isSpeed && /** @type {{system?: {sides?: unknown}}} */ (changed).system?.sides && !("combatants" in changed)) {
      this.turns = this.combatants.contents.sort(this._sortCombatants);
    }
    super._onUpdate(changed, options, userId);
  }

  /**
   * Speed mode: "Done" spends the current die with no other action.
   * @override
   */
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

  /**
   * Speed mode: the GM steps back one spent die.
   * @override
   */
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

  /**
   * Speed mode: the speed dice set the order, so the core tracker's Roll Initiative, Roll All and Roll NPCs do not
   * roll (a notice says where the dice are); the simple tracker rolls its exploding d6 + Moves through the GM.
   * @override
   */
  async rollInitiative(ids, options = {}) {
    if (this.isSpeed) {
      ui.notifications.info(game.i18n.localize("SMOKE.Combat.speedNoInitiative"));
      return this;
    }
    const list = typeof ids === "string" ? [ids] : [...(ids ?? [])];
    // The roller's own roll mode: the GM's client rolls it, and v13 would otherwise show it by the GM's default.
    await requestGM("combat.rollInitiative", { combatId: this.id, combatantIds: list,
      rollMode: game.settings.get("core", "rollMode") });
    return this;
  }

  /**
   * Speed mode: Reset Initiative would undo the revealed order; refused with a notice.
   * @override
   */
  async resetAll() {
    if (this.isSpeed) {
      ui.notifications.info(game.i18n.localize("SMOKE.Combat.speedNoInitiative"));
      return this;
    }
    return super.resetAll();
  }

  /**
   * Back a round; its end is not applied again when the GM moves forward.
   * @override
   */
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

}

/**
 * The Smoke's Combatant. In speed mode its `initiative` is derived, not stored: the highest unspent speed die of the
 * GM's record on the Combat (`system.sides`), so a spent die is one write of the Combat (issue 26) and the core
 * tracker still lists the queue. A player's own write of the stored value changes nothing shown (and is put back).
 */
export class SmokeCombatant extends Combatant {
  /** @override */
  prepareDerivedData() {
    super.prepareDerivedData();
    const combat = this.parent;
    if (combat instanceof SmokeCombat && combat.isSpeed) this.initiative = topUnspent(sideOf(this).dice);
  }
}

/**
 * Order two combatants: initiative high to low, then the book's tie-breaks; no initiative last.
 * @param {Combatant.Implementation} a
 * @param {Combatant.Implementation} b
 * @param {(c: Combatant.Implementation) => number|null|undefined} initiativeOf
 * @returns {number}
 */
function compareOrder(a, b, initiativeOf) {
  const ia = initiativeOf(a) ?? -Infinity;
  const ib = initiativeOf(b) ?? -Infinity;
  if (ia !== ib) return ib - ia;
  return compareTied(tieEntry(a), tieEntry(b));
}

/**
 * Where the queue stands with these sides (rules/round.mjs queueState). A combatant who can no longer act (Down,
 * Cuffed, surrendered, gone) loses its unspent dice: they are skipped.
 * @param {SmokeCombat} combat
 * @param {(c: Combatant.Implementation) => import("./combat-state.mjs").Side} sideFor
 * @returns {ReturnType<typeof queueState>}
 */
function queueWith(combat, sideFor) {
  return queueState(combat.combatants.contents.map(c => {
    const side = sideFor(c);
    return { ...tieEntry(c), canAct: !cannotAct(c, side), dice: side.dice.map(d => ({ face: d.face, spent: d.spent ?? null })) };
  }));
}

/**
 * Speed mode: the `turn` pointing at whoever holds the current die once these sides are written, to go in the same
 * write as the dice (`{turn}`, or nothing when it stays). The order is `_sortCombatants`'s with the written dice.
 * @param {SmokeCombat} combat
 * @param {Record<string, import("./combat-state.mjs").Side>} sides  Combatant id → its whole side after the write.
 * @returns {{turn?: number}}
 */
function turnWith(combat, sides) {
  if (!combat.isSpeed) return {};
  const sideFor = (/** @type {Combatant.Implementation} */ c) => sides[/** @type {string} */ (c.id)] ?? sideOf(c);
  const current = queueWith(combat, sideFor).current;
  const order = combat.combatants.contents.sort((a, b) => compareOrder(a, b, c => topUnspent(sideFor(c).dice)));
  const turn = Math.max(0, current ? order.findIndex(c => c.id === current.combatantId) : 0);
  return turn === combat.turn ? {} : { turn };
}

/**
 * Whole sides from patches (what {@link writeSides} will write).
 * @param {SmokeCombat} combat
 * @param {Record<string, Record<string, any>>} patches
 * @returns {Record<string, import("./combat-state.mjs").Side>}
 */
function wholeSides(combat, patches) {
  return Object.fromEntries(Object.entries(patches).map(([id, p]) => [id, patchedSide(combat, id, p)]));
}

/** Fresh per-round fields of a side. */
const FRESH = { dice: [], reaction: false, defences: { dodge: false, cover: "none" } };

/**
 * The combat the request names, or a refusal.
 * @param {string} id
 * @returns {SmokeCombat}
 */
function combatOf(id) {
  const combat = /** @type {SmokeCombat|undefined} */ (game.combats?.get(id));
  if (!combat) throw new Error(game.i18n.localize("SMOKE.Combat.noCombat"));
  return combat;
}

/** Reveals in progress on this client (a reveal left "revealing" by a GM's reload may be started again). */
const revealing = new Set();

/** The key a side's dice are given under: one set a round per actor (a token's synthetic actor is its own). */
const actorKey = c => c.actor?.uuid ?? `combatant:${c.id}`;

/**
 * Refuse a round change asked for from a round that is already over (a double click, two GMs at once).
 * @param {SmokeCombat} combat
 * @param {number|null|undefined} round
 */
function sameRound(combat, round) {
  if (round !== undefined && round !== null && round !== combat.round)
    throw new Error(game.i18n.format("SMOKE.Combat.roundMoved", { round: String(round), now: String(combat.round) }));
}

/**
 * Roll a combatant's speed dice in the open (the GM, after the reveal): a mid-round joiner. None when this actor
 * already had dice this round, through this or another Combatant.
 * @param {SmokeCombat} combat
 * @param {Combatant.Implementation} combatant
 * @returns {Promise<number[]>}
 */
async function diceForJoiner(combat, combatant) {
  const key = actorKey(combatant);
  const sides = combat.system.sides ?? {};
  const already = Object.values(sides).some(s => s.actorKey === key && s.diceRound === combat.round);
  const count = already ? 0 : speedDiceFor(combatant);
  const faces = count ? (await new Roll(`${count}d${RULES["speed-dice"].die}`).evaluate()).dice[0].results.map(r => r.result) : [];
  const joined = wholeSides(combat, { [/** @type {string} */ (combatant.id)]: { dice: faces.map(face => ({ face, spent: null })),
    diceRound: combat.round, actorKey: key } });
  await writeSides(combat, joined, {}, turnWith(combat, joined));
  return faces;
}

/**
 * The active GM's side of a fight. Each handler re-checks the requesting user against the documents.
 * @type {Record<string, import("../core/requests.mjs").RequestHandler>}
 */
export const requests = {
  "combat.reveal": async (user, { combatId }) => {
    assertGM(user);
    const combat = combatOf(combatId);
    if (!combat.isSpeed) throw new Error(game.i18n.localize("SMOKE.Combat.simpleNoDice"));
    if (!combat.started) throw new Error(game.i18n.localize("SMOKE.Combat.notStarted"));
    const phase = combat.system.phase;
    // "revealing" with no reveal running here was left by a GM's reload mid-reveal: start it again.
    if (phase === "acting" || (phase === "revealing" && revealing.has(combat.id)))
      throw new Error(game.i18n.localize("SMOKE.Combat.alreadyRevealed"));
    if (!combat.combatants.size) throw new Error(game.i18n.localize("SMOKE.Combat.nobody"));
    const round = combat.round;
    revealing.add(/** @type {string} */ (combat.id));
    try {
      if (phase !== "revealing") await combat.update(/** @type {DottedUpdate<Combat.UpdateData>} */ ({ "system.phase": "revealing" }));
      const dice = await collectSpeedDice(combat, round);
      // One set of dice a round per actor: a second Combatant of the same actor (or token) rolls none.
      const given = new Set();
      /** @type {Record<string, any>} */
      const patches = {};
      for (const c of combat.combatants) {
        const key = actorKey(c);
        const faces = given.has(key) ? [] : dice.get(/** @type {string} */ (c.id)) ?? [];
        given.add(key);
        patches[/** @type {string} */ (c.id)] = { dice: faces.map(face => ({ face, spent: null })), diceRound: round, actorKey: key };
      }
      // The dice, the phase and the turn in one write (the initiatives follow from the dice: SmokeCombatant).
      const sides = wholeSides(combat, patches);
      await writeSides(combat, sides, {}, { "system.phase": "acting", "system.revealedRound": round, ...turnWith(combat, sides) });
    } finally {
      revealing.delete(/** @type {string} */ (combat.id));
    }
    await postQueueCard(combat);
  },

  "combat.spend": async (user, { combatId, combatantId, action = "done", index = null }) => {
    const combat = combatOf(combatId);
    const combatant = combat.combatants.get(combatantId);
    assertOwner(user, combatant?.actor ?? null);
    // Actions with their own request (attack, grab, cuff, drive …) spend their die there, after their own checks.
    if (!PLAIN_ACTIONS.has(action) && !user.isGM) throw new Error(game.i18n.format("SMOKE.Combat.notPlain", { action: String(action) }));
    return spendDieAsGM(combat, /** @type {Combatant.Implementation} */ (combatant), action, { index });
  },

  "combat.back": async (user, { combatId }) => {
    assertGM(user);
    const combat = combatOf(combatId);
    const last = combat.queue.last;
    if (!last) throw new Error(game.i18n.localize("SMOKE.Combat.nothingToUndo"));
    const c = /** @type {Combatant.Implementation} */ (combat.combatants.get(last.combatantId));
    const side = sideOf(c);
    const die = side.dice[last.index];
    const undo = die.undo ?? {};
    const dice = side.dice.map((d, i) => (i === last.index ? { face: d.face, spent: null, action: "", undo: {} } : d));
    // Stepping back returns the die and undoes what the action itself set (a Dodge, cover, an Aim, a surrender, getting
    // up); what a roll did (damage, a hold) stays — the GM sets that right by hand.
    /** @type {Record<string, any>} */
    const patch = { dice };
    if ("dodge" in undo || "cover" in undo) patch.defences = { dodge: undo.dodge ?? side.defences.dodge, cover: undo.cover ?? side.defences.cover };
    if ("aimed" in undo) patch.aimed = undo.aimed;
    if ("surrendered" in undo) patch.surrendered = undo.surrendered;
    const sides = wholeSides(combat, { [last.combatantId]: patch });
    await writeSides(combat, sides, {}, turnWith(combat, sides));
    if (undo.prone && c.actor && !recordedStatuses(c.actor).has("prone")) await c.actor.addCondition("prone");
  },

  "combat.nextRound": async (user, { combatId, round }) => {
    assertGM(user);
    const combat = combatOf(combatId);
    sameRound(combat, round);
    await advanceRound(combat);
  },

  "combat.previousRound": async (user, { combatId, round }) => {
    assertGM(user);
    const combat = combatOf(combatId);
    sameRound(combat, round);
    await rewindRound(combat);
  },

  // The simple tracker: one action a turn; Bleeding at the end of that actor's turn (With the simple tracker). The
  // turn and round move here, never through core Combat#nextTurn (whose nextRound would land on our override).
  "combat.nextTurn": async (user, { combatId, round, turn }) => {
    const combat = combatOf(combatId);
    const current = combat.combatant;
    if (!user.isGM) assertOwner(user, current?.actor ?? null);
    sameRound(combat, round);
    if (turn !== undefined && turn !== null && turn !== combat.turn) throw new Error(game.i18n.localize("SMOKE.Combat.turnMoved"));
    const key = combat.round * 1000 + (combat.turn ?? 0);
    // The turn's end (once: `system.turnEnded`), recorded in the same write that moves the turn on.
    /** @type {Record<string, unknown>} */
    const ended = {};
    if (current?.actor && key > combat.system.turnEnded) {
      ended["system.turnEnded"] = key;
      const loss = COMBAT_RULES.ongoingHarm.find(h => h.condition === "bleeding")?.health ?? 0;
      if (recordedStatuses(current.actor).has("bleeding") && !isOut(current) && loss) {
        const health = await applyHealthLoss(current.actor, loss);
        await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
          content: await noteHTML(game.i18n.format("SMOKE.Combat.ongoingHarm", { name: current.name ?? "",
            loss: String(loss), health: String(health) })) });
      }
      // Conditions › Stunned: the simple tracker ends it at the end of the character's next turn.
      const ends = isOut(current) ? [] : endOfTurn({ conditions: recordedStatuses(current.actor), key,
        start: sideOf(current).turnStart ?? null });
      for (const id of ends) {
        await current.actor.removeCondition(id);
        await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
          content: await noteHTML(game.i18n.format("SMOKE.Combat.conditionEnds", { name: current.name ?? "",
            condition: conditionName(id) })) });
      }
    }
    const next = nextTurnIndex(combat);
    if (next === null) {
      await advanceRound(combat, { also: ended, startTurn: true });
      return;
    }
    // The simple tracker refreshes a reaction at the start of that actor's turn and records what the turn began with
    // (Stunned ends at the end of a turn that began Stunned): with the turn, in one write.
    const now = combat.turns[next];
    const patches = now ? { [/** @type {string} */ (now.id)]: turnStartOf(now, combat.round * 1000 + next) } : {};
    await writeSides(combat, patches, { direction: 1, turnEvents: true }, { turn: next, ...ended });
  },

  // Get up (Distance, ammunition and holds › Get up: "Remove Prone by using your movement"; Conditions › Prone:
  // "Get up (your move)"): part of the move that comes with an action, so it spends no die. On the combatant's own
  // die (speed dice) or turn (simple tracker); it does not free a hold, and Down or Cuffed cannot act at all.
  "combat.getUp": async (user, { combatId, combatantId }) => {
    const combat = combatOf(combatId);
    const combatant = combat.combatants.get(combatantId);
    assertOwner(user, combatant?.actor ?? null);
    const c = /** @type {Combatant.Implementation} */ (combatant);
    const unable = cannotAct(c);
    if (unable) throw new Error(game.i18n.format("SMOKE.Combat.cannotAct", { name: c.name ?? "", why: unable }));
    if (combat.isSpeed) {
      if (combat.system.phase !== "acting") throw new Error(game.i18n.localize("SMOKE.Combat.notRevealed"));
      const current = combat.queue.current;
      if (current?.combatantId !== c.id) throw new Error(current
        ? game.i18n.format("SMOKE.Combat.notYourDie", { name: combat.combatants.get(current.combatantId)?.name ?? "" })
        : game.i18n.localize("SMOKE.Combat.queueEmpty"));
    } else if (combat.combatant?.id !== c.id) {
      throw new Error(game.i18n.format("SMOKE.Combat.notYourTurn", { name: combat.combatant?.name ?? "" }));
    }
    if (sideOf(c).grabbedBy) throw new Error(game.i18n.format("SMOKE.Combat.getUpHeld", { name: c.name ?? "" }));
    if (!recordedStatuses(c.actor).has("prone")) throw new Error(game.i18n.format("SMOKE.Combat.notProne", { name: c.name ?? "" }));
    await /** @type {Actor.Implementation} */ (c.actor).removeCondition("prone");
    await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
      content: await noteHTML(game.i18n.format("SMOKE.Combat.gotUp", { name: c.name ?? "" })) });
    return { prone: false };
  },

  // Back one turn; at the first turn, back a round — directly, never through core Combat#previousTurn.
  "combat.previousTurn": async (user, { combatId }) => {
    assertGM(user);
    const combat = combatOf(combatId);
    if ((combat.turn ?? 0) > 0) await combat.update({ turn: (combat.turn ?? 0) - 1 }, { direction: -1 });
    else await rewindRound(combat);
  },

  // The simple tracker's initiative (exploding d6 + Moves modifier), rolled by the GM for combatants the user owns.
  "combat.rollInitiative": async (user, { combatId, combatantIds = [], rollMode = null }) => {
    const combat = combatOf(combatId);
    if (combat.isSpeed) throw new Error(game.i18n.localize("SMOKE.Combat.speedNoInitiative"));
    const ids = combatantIds.length ? combatantIds : combat.combatants.filter(c => c.initiative === null).map(c => c.id);
    for (const id of ids) assertOwner(user, combat.combatants.get(id)?.actor ?? combat.combatants.get(id) ?? null);
    // A player's roll shows as they chose, not by the GM's default roll mode (v13 Combat#rollInitiative reads the
    // calling client's `core.rollMode`); a hidden combatant's stays private (core's own rule, kept by not overriding it).
    const mode = !user.isGM && Object.values(CONST.DICE_ROLL_MODES).includes(rollMode) ? rollMode : null;
    const open = mode ? ids.filter(id => !combat.combatants.get(id)?.hidden) : [];
    const rest = ids.filter(id => !open.includes(id));
    // core reads `"rollMode" in messageOptions` (v13 client/documents/combat.mjs, code index); fvtt-types omits the key
    if (open.length) await Combat.prototype.rollInitiative.call(combat, open, {
      messageOptions: /** @type {ChatMessage.CreateData} */ (/** @type {unknown} */ ({ rollMode: mode })) });
    if (rest.length) await Combat.prototype.rollInitiative.call(combat, rest);
  }
};

/** Actions a player spends a die on with no request of their own (everything else is checked by its own request). */
const PLAIN_ACTIONS = new Set(["done", "aim", "dodge", "coverLight", "coverHeavy", "reload", "surrender", "improvised", "spun"]);

/**
 * The next turn index in the simple tracker (Skip Defeated honoured), or null at the round's end.
 * @param {SmokeCombat} combat
 * @returns {number|null}
 */
function nextTurnIndex(combat) {
  const turns = combat.turns;
  const skip = !!combat.settings?.skipDefeated;
  for (let i = (combat.turn ?? 0) + 1; i < turns.length; i++) if (!skip || !isOut(turns[i])) return i;
  return null;
}

/**
 * What a simple-tracker turn begins with: its key and whether the actor is Stunned, and a spent reaction refreshed.
 * @param {Combatant.Implementation} c
 * @param {number} key  round × 1000 + turn.
 * @returns {Record<string, any>}  A side patch.
 */
function turnStartOf(c, key) {
  /** @type {Record<string, any>} */
  const patch = { turnStart: { key, stunned: recordedStatuses(c.actor).has("stunned") } };
  if (sideOf(c).reaction) patch.reaction = false;
  return patch;
}

/**
 * Back one round (its end is not applied again when the GM moves forward); world time goes back as core does.
 * @param {SmokeCombat} combat
 */
async function rewindRound(combat) {
  if (combat.round <= 1) return;
  // One write: fresh sides (no dice: no initiative in speed mode), the round and the phase, with core's turn events.
  await writeSides(combat, Object.fromEntries(combat.combatants.map(c => [c.id, FRESH])),
    { direction: -1, worldTime: { delta: -(CONFIG.time?.roundTime ?? 0) }, turnEvents: true },
    { round: combat.round - 1, turn: 0, "system.phase": "rolling" });
}

/**
 * Hooks of a fight, registered by the entry: a mid-round joiner's dice; the GM's Toggle Defeated and the simple
 * tracker's initiative recorded on the Combat; a player's own write to a Combatant's initiative or defeated, or to the
 * fight's round or turn, put back.
 * @type {Record<string, Function>}
 */
export const hooks = {
  // Someone joins a fight whose dice are already revealed: the GM rolls theirs now, in the open (the secret has
  // gone public for this round); they slot into the queue by face, and nothing already spent changes.
  createCombatant: async combatant => {
    const combat = combatant.parent;
    if (!game.user.isActiveGM || !(combat instanceof SmokeCombat) || !combat.isSpeed || combat.system.phase !== "acting") return;
    const faces = await diceForJoiner(combat, combatant);
    if (faces.length) await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
      content: await noteHTML(game.i18n.format("SMOKE.Combat.joined", { name: combatant.name ?? "", dice: faces.join(", ") })) });
  },
  // The round and the turn are the GM's: v13 lets a player write them (BaseCombat#canUpdate allows `round` and
  // `turn`, and its `_canChangeRound`/`_canChangeTurn` are the base class's on the server, core common/documents/
  // combat.mjs), so a player's own write is put back to where it stood before it: `combat.previous`, which core's
  // `_onUpdate` sets to the state before the update (`#recordPreviousState(priorState)`, client/documents/combat.mjs).
  updateCombat: async (combat, changes, options, userId) => {
    if (!game.user.isActiveGM || !(combat instanceof SmokeCombat) || game.users.get(userId)?.isGM) return;
    if (!("round" in changes) && !("turn" in changes)) return;
    const before = combat.previous;
    if (!before) return;
    await combat.update({ round: before.round, turn: before.turn }, { turnEvents: false });
  },
  updateCombatant: async (combatant, changes, options, userId) => {
    const combat = combatant.parent;
    if (!game.user.isActiveGM || !(combat instanceof SmokeCombat)) return;
    const writer = game.users.get(userId);
    const side = sideOf(combatant);
    if ("defeated" in changes) {
      // The GM's Toggle Defeated (core tracker) is the GM's word: recorded on the Combat. A player cannot bring
      // their combatant back from Wasted.
      if (writer?.isGM) { if (side.out !== !!changes.defeated) await writeSides(combat, { [combatant.id]: { out: !!changes.defeated } }); }
      else if (side.out && !changes.defeated) await combatant.update({ defeated: true });
    }
    // Initiative is the GM's: in speed mode it mirrors the GM's dice; in the simple tracker the GM rolls it and keeps
    // a copy. A player's own write is put back.
    if ("initiative" in changes) {
      if (writer?.isGM) {
        if (!combat.isSpeed && side.initiative !== changes.initiative) {
          await writeSides(combat, { [combatant.id]: { initiative: changes.initiative ?? null } });
        }
      } else {
        const truth = combat.isSpeed ? topUnspent(side.dice) : side.initiative;
        if (changes.initiative !== truth) await combatant.update({ initiative: truth }, { turnEvents: false });
      }
    }
  }
};

/**
 * Spend the current die of a combatant on an action (When it kicks off › Read the queue; Attacking and defending ›
 * Defensive actions). The Dodge action's +2 Guard lasted until this next action, so it ends first. GM side only
 * (request handlers); the requester's ownership is checked by the caller. A combatant spun out by a PIT
 * (its side's `spun`, documents/chase) loses its next action: that die can only be spent on "spun",
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
  const sys = sideOf(combatant);
  const spun = sys.spun;
  if (spun !== (action === "spun")) {
    throw new Error(game.i18n.format(spun ? "SMOKE.Chase.spunOnly" : "SMOKE.Chase.notSpun", { name: combatant.name ?? "" }));
  }
  const unable = cannotAct(combatant);
  if (unable && action !== "done") throw new Error(game.i18n.format("SMOKE.Combat.cannotAct", { name: combatant.name ?? "", why: unable }));
  const wasAimed = sys.aimed;
  const actor = combatant.actor;
  // What this action changes, so that stepping back over it can restore it.
  const undo = { dodge: sys.defences.dodge, cover: sys.defences.cover, aimed: sys.aimed, surrendered: sys.surrendered,
    prone: action === "getUp" && recordedStatuses(actor).has("prone") };
  /** @type {Record<string, any>} */
  const patch = { defences: { dodge: action === "dodge", cover: sys.defences.cover } };
  if (combat.isSpeed) {
    if (combat.system.phase !== "acting") throw new Error(game.i18n.localize("SMOKE.Combat.notRevealed"));
    const q = combat.queue;
    if (q.current?.combatantId !== combatant.id) {
      const who = q.current ? combat.combatants.get(q.current.combatantId)?.name ?? "" : "";
      throw new Error(q.current ? game.i18n.format("SMOKE.Combat.notYourDie", { name: who }) : game.i18n.localize("SMOKE.Combat.queueEmpty"));
    }
    // The die the requester saw (a double click must not spend the next one).
    if (index !== null && index !== undefined && q.current.index !== index) throw new Error(game.i18n.localize("SMOKE.Combat.dieGone"));
    const dice = sys.dice.map((d, i) => (i === q.current?.index ? { face: d.face, spent: q.nextSpend, action, undo }
      : { face: d.face, spent: d.spent, action: d.action ?? "", undo: d.undo ?? {} }));
    patch.dice = dice;
  } else {
    if (combat.combatant?.id !== combatant.id) throw new Error(game.i18n.format("SMOKE.Combat.notYourTurn", { name: combat.combatant?.name ?? "" }));
    // The simple tracker: one action a turn (Done ends it).
    const key = combat.round * 1000 + (combat.turn ?? 0);
    if (action !== "done") {
      if (sys.acted === key) throw new Error(game.i18n.format("SMOKE.Combat.actedThisTurn", { name: combatant.name ?? "" }));
      patch.acted = key;
    }
  }
  if (action === "coverLight") patch.defences.cover = "light";
  if (action === "coverHeavy") patch.defences.cover = "heavy";
  if (action === "aim") patch.aimed = true;
  if (action === "attack") patch.aimed = false;
  if (action === "surrender") patch.surrendered = true;
  if (spun) patch.spun = false;
  // One write: the die, the defences and the turn (the initiative follows from the dice: SmokeCombatant).
  const sides = wholeSides(combat, { [/** @type {string} */ (combatant.id)]: patch });
  await writeSides(combat, sides, {}, turnWith(combat, sides));
  if (undo.prone) await /** @type {Actor.Implementation} */ (actor).removeCondition("prone");
  return { aimed: wasAimed && action === "attack" };
}

/**
 * Why a combatant cannot act on a die it holds, or null (When it kicks off: Down, Cuffed or surrendered characters
 * have no speed dice; Attacking and defending › Take the hit or Dodge: "Down prevents acting"): its actor is gone,
 * it is out of the fight, Down or Cuffed, or it has surrendered. Its remaining dice are skipped in the queue.
 * @param {Combatant.Implementation} combatant
 * @param {import("./combat-state.mjs").Side} [side]  Its side (default: the GM's record now).
 * @returns {string|null} The reason, in words.
 */
export function cannotAct(combatant, side = sideOf(combatant)) {
  const actor = combatant.actor;
  if (!actor) return game.i18n.localize("SMOKE.Combat.why.gone");
  if (side.out || combatant.isDefeated) return game.i18n.localize("SMOKE.Combat.why.defeated");
  for (const id of RULES["speed-dice"].noDice.conditions) if (recordedStatuses(actor).has(id)) return conditionName(id);
  if (side.surrendered) return game.i18n.localize("SMOKE.Combat.why.surrendered");
  return null;
}

/**
 * Lose Health and go Down at 0 (Harm, aid and recovery › At zero Health). GM side.
 * @param {Actor.Implementation} actor  A character or NPC.
 * @param {number} amount  Whole Health points ≥ 0.
 * @returns {Promise<number>} Health afterwards.
 */
export async function applyHealthLoss(actor, amount) {
  const now = healthOf(actor);
  const value = Math.max(0, now - amount);
  if (value !== now) await actor.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.health.value": value }));
  if (value <= 0 && !recordedStatuses(actor).has("down")) await actor.addCondition("down");
  return value;
}

/**
 * End the round once and begin the next (When it kicks off › End a round): ongoing harm, Stunned and round-long
 * defences end, the Down clock, then reactions restored and fresh (secret) speed dice. GM side.
 * @param {SmokeCombat} combat
 * @param {{also?: Record<string, unknown>, startTurn?: boolean}} [opts]  also: other Combat fields for the same write;
 *   startTurn: record what the first turn of the new round begins with (the simple tracker's Next turn).
 * @returns {Promise<void>}
 */
async function advanceRound(combat, { also = {}, startTurn = false } = {}) {
  const round = combat.round;
  const ended = combat.system.roundEnded;
  // Steps 1–4 of the book, in its order: the people's (ongoing harm, Stunned and defences, the Down clock), then the
  // chase's (vehicle fires due, whether it has ended).
  let lines = null;
  if (round > ended) {
    lines = [];
    for (const step of ROUND_END_STEPS) lines.push(...await step.run(combat));
  }
  const update = { round: round + 1, turn: 0, "system.phase": "rolling", "system.roundEnded": Math.max(round, ended), ...also };
  const options = { direction: 1, worldTime: { delta: CONFIG.time?.roundTime ?? 0 } };
  // v13 passes `worldTime: {delta}` (fvtt-types 13.345 still types the older `advanceTime`).
  Hooks.callAll("combatRound", combat, /** @type {any} */ (update), /** @type {any} */ (options));
  /** @type {Record<string, any>} */
  const fresh = Object.fromEntries(combat.combatants.map(c => [c.id, FRESH]));
  // The simple tracker's Next turn at the round's end: what the new round's first turn begins with, in the same write.
  const first = startTurn ? combat.turns[0] : null;
  if (first) fresh[/** @type {string} */ (first.id)] = { ...FRESH, ...turnStartOf(first, (round + 1) * 1000) };
  // One write: fresh sides (no dice: no initiative in speed mode), the round and the phase, with core's turn events.
  await writeSides(combat, fresh, { ...options, turnEvents: true }, update);
  if (lines?.length) {
    await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
      content: await listCardHTML({ cls: "smoke-round-end", heading: true, lines,
        title: game.i18n.format("SMOKE.Combat.roundEnded", { round: String(round) }) }) });
  }
}

/**
 * Apply the end of a round to the people in the fight (When it kicks off › End a round, steps 1–3: ongoing harm,
 * Stunned and round-long defences end, the Down clock); returns what happened, in words.
 * @param {SmokeCombat} combat
 * @returns {Promise<string[]>}
 */
async function resolveEndOfRound(combat) {
  const i18n = game.i18n;
  // Someone out of the fight (Wasted, defeated) is left alone: no harm, no Down clock, no line.
  const people = combat.combatants.contents.filter(c => c.actor && PEOPLE.has(c.actor.type) && !isOut(c));
  const effects = endOfRound(people.map(c => ({
    id: /** @type {string} */ (c.id), health: healthOf(/** @type {Actor.Implementation} */ (c.actor)),
    // The simple tracker resolves Bleeding at the end of that actor's turn instead (With the simple tracker).
    conditions: [...recordedStatuses(c.actor)].filter(id => combat.isSpeed || id !== "bleeding"), downRounds: sideOf(c).downRounds,
    // …and Stunned at the end of that actor's next turn (Conditions › Stunned).
    defeated: isOut(c), simple: !combat.isSpeed
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
      await actor.removeCondition(id);
      lines.push(i18n.format("SMOKE.Combat.conditionEnds", { name: c.name ?? "", condition: conditionName(id) }));
    }
    if (e.downRounds !== sideOf(c).downRounds) await writeSides(combat, { [e.id]: { downRounds: e.downRounds } });
    if (e.wasted) lines.push(await wasted(c));
    else if (e.downRounds) lines.push(i18n.format("SMOKE.Combat.downClock", { name: c.name ?? "", rounds: String(e.downRounds) }));
  }
  return lines;
}

/**
 * The fight's part of the round's end (the fight's manifest, documents/fight/fight.mjs): the people's, the book's
 * steps 1–3 of End a round.
 * @type {RoundEndStep[]}
 */
export const roundEndSteps = [{ id: "fight.people", at: 1, run: resolveEndOfRound }];

/**
 * Aid stopped a character's Down clock (Harm, aid and recovery › At zero Health: "remove Down and stop its unattended
 * countdown"): every fight's record of that actor's rounds Down goes back to 0. GM side.
 * @param {Actor.Implementation} actor
 * @returns {Promise<void>}
 */
export async function stopDownClock(actor) {
  for (const combat of game.combats ?? []) {
    /** @type {Record<string, any>} */
    const patches = {};
    for (const c of combat.combatants) if (c.actor === actor || (c.actor && c.actor.uuid === actor.uuid)) {
      if (sideOf(c).downRounds) patches[/** @type {string} */ (c.id)] = { downRounds: 0 };
    }
    if (Object.keys(patches).length) await writeSides(combat, patches);
  }
}

/**
 * Wasted (Harm, aid and recovery › Wasted): wake at Homerton A&E, Heat cleared, lose 10% of pocket cash (at least
 * £50, never more than is held), and the hospital reset (Homerton A&E: Health restored, the usual treatable injuries
 * cleared — Down and Bleeding among them — Broken stays; rules/conditions.mjs hospitalReset); the combatant leaves
 * the fight (defeated). GM side.
 * @param {Combatant.Implementation} combatant
 * @returns {Promise<string>} The chat line.
 */
export async function wasted(combatant) {
  const actor = /** @type {Actor.Implementation} */ (combatant.actor);
  let loss = 0;
  if (actor.type === "character") {
    // The pocket cash on the GM's record (documents/core/purse.mjs), never the sheet's: a forged pocket is not cut.
    loss = pocketCashLoss(purseOf(actor).pocket, "wasted");
    if (loss > 0) await charge(actor, loss, { reason: "SMOKE.Combat.wastedReason" });
    if (RULES.money.wasted.clearsHeat) await actor.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.heat": 0 }));
  }
  let reset = null;
  if (actor.type === "character") {
    reset = hospitalReset({ max: recordedMaxima(actor).health, conditions: recordedStatuses(actor) }, CONDITIONS);
    if (reset.health !== healthOf(actor)) await actor.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.health.value": reset.health }));
    for (const id of reset.remove) await actor.removeCondition(id);
  }
  if (combatant.parent) await writeSides(combatant.parent, { [/** @type {string} */ (combatant.id)]: { out: true } });
  await combatant.update({ defeated: true });
  // Heat (documents/heat/heat.mjs): Wasted by an attack is a killing, asked about once.
  Hooks.callAll("smoke.wasted", combatant);
  const line = game.i18n.format(actor.type === "character" ? "SMOKE.Combat.wasted" : "SMOKE.Combat.wastedNpc",
    { name: combatant.name ?? "", loss: String(loss) });
  return reset ? `${line} ${game.i18n.format("SMOKE.Combat.hospitalReset", { name: combatant.name ?? "", health: String(reset.health),
    cleared: reset.remove.map(conditionName).join(", ") || game.i18n.localize("SMOKE.Combat.nothingCleared") })}` : line;
}

/**
 * The revealed queue as a public chat card.
 * @param {SmokeCombat} combat
 */
async function postQueueCard(combat) {
  const q = combat.queue;
  const lines = q.actions.map(a => ({ face: a.face, text: combat.combatants.get(a.combatantId)?.name ?? "" }));
  await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
    content: await listCardHTML({ cls: "smoke-queue-card", heading: true, ordered: true, lines,
      title: game.i18n.format("SMOKE.Combat.revealed", { round: String(combat.round) }) }) });
}
