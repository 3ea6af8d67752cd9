/**
 * Combat and Combatant (TEST DOUBLE of Foundry VTT v13's client/documents/combat.mjs and combatant.mjs, and of
 * common/documents/combat.mjs / combatant.mjs for the schema). Turn order, round/turn stepping with the combatStart /
 * combatRound / combatTurn hooks on the calling client, turn events (_onStartRound, _onEndRound, _onStartTurn,
 * _onEndTurn) on the active GM's client only and only when advancing, combatTurnChange everywhere, initiative rolls.
 * Not here: CombatantGroup, world time, combat sounds, turn markers, region events, the core tracker application.
 */
import {
  BooleanField, DocumentIdField, ForeignDocumentField, NumberField, ObjectField, StringField, TypeDataField
} from "./data.mjs";
import { BASE_DOCUMENT_TYPE, COMBAT_ANNOUNCEMENTS, DICE_ROLL_MODES, DOCUMENT_OWNERSHIP_LEVELS } from "./constants.mjs";
import Hooks from "./hooks.mjs";
import { ClientDocument, EmbeddedCollectionField, WorldCollection } from "./documents.mjs";
import { debounce, deepClone, escapeHTML, getProperty, mergeObject } from "./utils.mjs";

const LEVELS = DOCUMENT_OWNERSHIP_LEVELS;

/** core's Number.isNumeric (the harness installs no prototype extensions). */
const isNumeric = n => (typeof n === "number") && Number.isFinite(n);

const typeField = documentName => new StringField({ required: true, blank: false, initial: BASE_DOCUMENT_TYPE,
  choices: () => globalThis.game?.documentTypes?.[documentName] ?? [BASE_DOCUMENT_TYPE] });

/* ================================================ Combat ============================================== */

export class Combat extends ClientDocument {
  static metadata = Object.freeze({ name: "Combat", collection: "combats", label: "DOCUMENT.Combat",
    embedded: { Combatant: "combatants" }, hasTypeData: true });

  /** The core setting holding {resource, skipDefeated}. */
  static CONFIG_SETTING = "combatTrackerConfig";

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      type: typeField("Combat"),
      system: new TypeDataField("Combat"),
      scene: new ForeignDocumentField("Scene"),
      combatants: new EmbeddedCollectionField("Combatant"),
      active: new BooleanField(),
      round: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
      turn: new NumberField({ required: true, integer: true, min: 0, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      flags: new ObjectField(),
      _stats: new ObjectField()
    };
  }

  /**
   * v13 Combat._onDeleteTokens(tokens, operation, user) (core v13 `client/documents/combat.mjs`, code index): when
   * tokens are deleted, every combatant of theirs is deleted — or, when the delete operation names a
   * `replacements[oldTokenId]` token UUID, moved to that token (its `sceneId`, `tokenId`). Core skips a combat whose
   * `scene` is set and is not the tokens' scene; it compares the field with the scene's id, so whether a combat linked
   * to the tokens' own scene is skipped depends on how `combat.scene` reads. The stand-in takes the stricter reading:
   * every combat on that scene or on none loses the combatants (the system must not rely on them surviving).
   */
  static _onDeleteTokens(tokens, operation, user) {
    if (operation.pack) return;
    const sceneId = operation.parent?.id;
    const modifications = tokens.map(token => {
      const replacement = operation.replacements?.[token.id];
      if (!replacement) return [token.id];
      const parts = String(replacement).split(".");
      return [token.id, parts[1], parts[3]];
    });
    for (const combat of globalThis.game.combats) {
      const on = combat.scene?.id ?? combat._source.scene ?? null;
      if ((on !== null) && (on !== sceneId)) continue;
      const updates = [];
      const deletions = [];
      for (const combatant of combat.combatants) {
        for (const [tokenId, newSceneId, newTokenId] of modifications) {
          if ((combatant.sceneId === sceneId) && (combatant.tokenId === tokenId)) {
            if (newTokenId) updates.push({ _id: combatant.id, sceneId: newSceneId, tokenId: newTokenId });
            else deletions.push(combatant.id);
          }
        }
      }
      if (updates.length) combat.updateEmbeddedDocuments("Combatant", updates);
      if (deletions.length) combat.deleteEmbeddedDocuments("Combatant", deletions);
    }
  }

  /** The sorted turn order (set up by setupTurns). */
  turns = this.turns || [];

  /** {round, turn, combatantId, tokenId} now. */
  current = this._getCurrentState();

  /** The state before the last change. */
  previous = undefined;

  /** v13: re-run setupTurns (and re-render the tracker) 50 ms after the last call. */
  debounceSetup = debounce(() => {
    this.current.round = this.round;
    this.current.turn = this.turn;
    this.setupTurns();
    if (this.isView) globalThis.ui.combat?.render();
  }, 50);

  /* ---------------------------------------------- Properties ------------------------------------------- */

  get combatant() {
    return this.turn !== null ? (this.turns[this.turn] ?? null) : null;
  }

  get nextCombatant() {
    if (this.turn === this.turns.length - 1) return this.turns[0];
    return this.turns[this.turn + 1];
  }

  /** {resource, skipDefeated} — the core "combatTrackerConfig" setting. */
  get settings() {
    return CombatEncounters.settings;
  }

  /** v13: a combat has started once its round is above 0. */
  get started() {
    return this.round > 0;
  }

  get visible() {
    return true;
  }

  get isActive() {
    if (!this.scene) return this.active;
    return this.scene.isView && this.active;
  }

  get isView() {
    return this.collection?.viewed === this;
  }

  /* ----------------------------------------------- Methods --------------------------------------------- */

  async activate(options) {
    return this.update({ active: true }, options);
  }

  prepareDerivedData() {
    if (this.combatants.size && !this.turns?.length) this.setupTurns();
  }

  getCombatantsByToken(token) {
    const tokenId = typeof token === "string" ? token : token?.id;
    return this.combatants.filter(c => c.tokenId === tokenId);
  }

  getCombatantsByActor(actor) {
    const isActor = actor instanceof ClientDocument && (actor.documentName === "Actor");
    if (isActor && actor.isToken) return this.getCombatantsByToken(actor.token);
    const actorId = isActor ? actor.id : actor;
    return this.combatants.filter(c => c.actorId === actorId);
  }

  /** v13 getTimeDelta (CONFIG.time.roundTime / turnTime); the harness keeps no world time. */
  getTimeDelta(fromRound, fromTurn, toRound, toTurn) {
    const rounds = Math.max(toRound, 1) - Math.max(fromRound, 1);
    let turns = Math.max(rounds - 1, 0) * this.turns.length;
    if (fromRound < toRound) {
      turns += (toTurn === null ? 0 : toTurn);
      if (fromRound > 0) turns += (fromTurn === null ? 0 : this.turns.length - fromTurn);
    } else if (fromRound > toRound) {
      turns -= (fromTurn === null ? 0 : fromTurn + 1);
      if (fromRound > 0) turns -= (toTurn === null ? 0 : this.turns.length - (toTurn + 1));
    } else turns += (toTurn - fromTurn);
    const time = globalThis.CONFIG.time;
    return (rounds * time.roundTime) + (turns * time.turnTime);
  }

  async startCombat() {
    this._playCombatSound("startEncounter");
    const updateData = { round: 1, turn: 0 };
    Hooks.callAll("combatStart", this, updateData);
    await this.update(updateData);
    return this;
  }

  async nextRound() {
    let turn = (this.turn === null) || (this.turns.length === 0) ? null : 0;
    if (this.settings.skipDefeated && (turn !== null)) {
      turn = this.turns.findIndex(t => !t.isDefeated);
      if (turn === -1) {
        globalThis.ui.notifications.warn("COMBAT.NoneRemaining", { localize: true });
        turn = 0;
      }
    }
    const nextRound = this.round + 1;
    const advanceTime = this.getTimeDelta(this.round, this.turn, nextRound, turn);
    const updateData = { round: nextRound, turn };
    const updateOptions = { direction: 1, worldTime: { delta: advanceTime } };
    Hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  async previousRound() {
    if (this.round === 0) return this;
    const turn = (this.round === 1) || (this.turn === null) || (this.turns.length === 0) ? null : this.turns.length - 1;
    const previousRound = this.round - 1;
    const advanceTime = this.getTimeDelta(this.round, this.turn, previousRound, turn);
    const updateData = { round: previousRound, turn };
    const updateOptions = { direction: -1, worldTime: { delta: advanceTime } };
    Hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  async nextTurn() {
    if (this.round === 0) return this.nextRound();
    const turn = this.turn ?? -1;
    let nextTurn = null;
    if (this.settings.skipDefeated) {
      for (let i = turn + 1; i < this.turns.length; i++) {
        if (!this.turns[i].isDefeated) {
          nextTurn = i;
          break;
        }
      }
    } else nextTurn = turn + 1;
    if ((nextTurn === null) || (nextTurn >= this.turns.length)) return this.nextRound();
    const advanceTime = this.getTimeDelta(this.round, this.turn, this.round, nextTurn);
    const updateData = { round: this.round, turn: nextTurn };
    const updateOptions = { direction: 1, worldTime: { delta: advanceTime } };
    Hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  async previousTurn() {
    if (this.round === 0) return this;
    if ((this.turn === 0) || (this.turns.length === 0)) return this.previousRound();
    const previousTurn = (this.turn ?? this.turns.length) - 1;
    const advanceTime = this.getTimeDelta(this.round, this.turn, this.round, previousTurn);
    const updateData = { round: this.round, turn: previousTurn };
    const updateOptions = { direction: -1, worldTime: { delta: advanceTime } };
    Hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** v13: ask for confirmation (DialogV2.confirm), then delete. */
  async endCombat() {
    await foundry.applications.api.DialogV2.confirm({
      window: { title: "COMBAT.EndTitle" },
      content: `<p>${globalThis.game.i18n.localize("COMBAT.EndConfirmation")}</p>`,
      yes: { callback: () => this.delete() },
      modal: true
    });
    return this;
  }

  async toggleSceneLink() {
    const scene = this.scene ? null : (globalThis.game.scenes.current?.id || null);
    if ((scene !== null) && this.combatants.some(c => c.sceneId && (c.sceneId !== scene))) {
      globalThis.ui.notifications.error("COMBAT.CannotLinkToScene", { localize: true });
      return this;
    }
    await this.update({ scene });
    return this;
  }

  async resetAll({ updateTurn = true } = {}) {
    const currentId = this.combatant?.id;
    for (const c of this.combatants) c.updateSource({ initiative: null });
    this.setupTurns();
    const update = { combatants: this.combatants.map(c => c.toObject()) };
    if (updateTurn && currentId) update.turn = this.turns.findIndex(t => t.id === currentId);
    await this.update(update, { turnEvents: false, diff: false });
  }

  /**
   * v13 rollInitiative: for each owned combatant, evaluate combatant.getInitiativeRoll(formula), update the
   * initiatives with {turnEvents: false} and post one roll message each (hidden combatants roll privately).
   */
  async rollInitiative(ids, { formula = null, updateTurn = true, messageOptions = {} } = {}) {
    ids = typeof ids === "string" ? [ids] : ids;
    const chatRollMode = globalThis.game.settings.get("core", "rollMode");
    const updates = [];
    const messages = [];
    const ChatMessage = globalThis.CONFIG.ChatMessage.documentClass;
    for (const [i, id] of ids.entries()) {
      const combatant = this.combatants.get(id);
      if (!combatant?.isOwner) continue;
      const roll = combatant.getInitiativeRoll(formula);
      await roll.evaluate();
      updates.push({ _id: id, initiative: roll.total });
      const rollMode = "rollMode" in messageOptions ? messageOptions.rollMode
        : (combatant.hidden ? DICE_ROLL_MODES.PRIVATE : chatRollMode);
      const messageData = mergeObject({
        speaker: ChatMessage.getSpeaker({ actor: combatant.actor, token: combatant.token, alias: combatant.name }),
        flavor: globalThis.game.i18n.format("COMBAT.RollsInitiative", { name: escapeHTML(combatant.name) }),
        flags: { core: { initiativeRoll: true } }
      }, messageOptions);
      delete messageData.rollMode;
      const chatData = await roll.toMessage(messageData, { rollMode, create: false });
      if (i > 0) chatData.sound = null;
      messages.push(chatData);
    }
    if (!updates.length) return this;
    const updateOptions = { turnEvents: false };
    if (!updateTurn) updateOptions.combatTurn = this.turn;
    await this.updateEmbeddedDocuments("Combatant", updates, updateOptions);
    await ChatMessage.create(messages);
    return this;
  }

  async rollAll(options) {
    const ids = this.combatants.reduce((acc, c) => {
      if (c.isOwner && (c.initiative === null)) acc.push(c.id);
      return acc;
    }, []);
    return this.rollInitiative(ids, options);
  }

  async rollNPC(options = {}) {
    const ids = this.combatants.reduce((acc, c) => {
      if (c.isOwner && c.isNPC && (c.initiative === null)) acc.push(c.id);
      return acc;
    }, []);
    return this.rollInitiative(ids, options);
  }

  async setInitiative(id, value) {
    const combatant = this.combatants.get(id, { strict: true });
    await combatant.update({ initiative: value });
  }

  /** v13: turns = combatants sorted by `this._sortCombatants` (passed unbound, as core does); turn clamped. */
  setupTurns() {
    this.turns ||= [];
    const turns = this.combatants.contents.sort(this._sortCombatants);
    if (this.turn !== null) {
      if (this.turn < 0) this.turn = 0;
      else if (this.turn >= turns.length) {
        this.turn = 0;
        this.round++;
      }
    }
    const c = turns[this.turn];
    this.current = this._getCurrentState(c);
    if (!this.previous) this.previous = this.current;
    return this.turns = turns;
  }

  updateCombatantActors() {
    for (const combatant of this.combatants) combatant.actor?.render(false, { renderContext: "updateCombat" });
  }

  /** No sounds in the harness: only the announcement name is checked. */
  _playCombatSound(announcement) {
    if (!COMBAT_ANNOUNCEMENTS.includes(announcement)) {
      throw new Error(`"${announcement}" is not a valid Combat announcement type`);
    }
  }

  /** v13 default: initiative descending (no initiative last), then id. A system overrides this. */
  _sortCombatants(a, b) {
    const ia = isNumeric(a.initiative) ? a.initiative : -Infinity;
    const ib = isNumeric(b.initiative) ? b.initiative : -Infinity;
    return (ib - ia) || (a.id > b.id ? 1 : -1);
  }

  /** No token HUD in the harness. */
  _refreshTokenHUD() {}

  async clearMovementHistories(combatants) {
    combatants ??= this.combatants;
    const promises = [];
    for (const combatant of combatants) {
      if (combatant.parent !== this) throw new Error("Combatant must be in this Combat");
      const token = combatant.token;
      if (token?._source._movementHistory?.length) promises.push(token.clearMovementHistory());
    }
    await Promise.all(promises);
  }

  /* -------------------------------------------- Event handlers ----------------------------------------- */

  async _preUpdate(changed, options, user) {
    const allowed = await super._preUpdate(changed, options, user);
    if (allowed === false) return false;
    if (!("scene" in changed)) return undefined;
    const sceneId = changed.scene;
    if (sceneId && this.combatants.some(c => c.sceneId && (c.sceneId !== sceneId))) {
      throw new Error("You cannot link the Combat to a Scene that doesn't contain all its Combatants.");
    }
    return undefined;
  }

  _onCreate(data, options, userId) {
    super._onCreate(data, options, userId);
    const tracker = globalThis.ui.combat;
    if (tracker && !tracker.hasViewed && this.collection.combats.includes(this)) tracker.viewed = this;
    if (globalThis.game.user.isActiveGM) {
      for (const combatant of this.combatants) this.#onEnter(combatant);
    }
    this._manageTurnEvents();
    this._updateTurnMarkers();
  }

  _onUpdate(changed, options, userId) {
    super._onUpdate(changed, options, userId);
    const priorState = deepClone(this.current);
    if (!this.previous) this.previous = priorState;
    if ("combatants" in changed) this.setupTurns();
    else this.current = this._getCurrentState();
    const stateChanged = this.#recordPreviousState(priorState);
    if (stateChanged && (options.turnEvents !== false)) this._manageTurnEvents();
    this.updateCombatantActors();
    const wasActivated = changed.active === true;
    if (wasActivated && this.isActive) globalThis.ui.combat?.render({ combat: this });
    else if ("scene" in changed) globalThis.ui.combat?.render({ combat: null });
    if (stateChanged || (wasActivated && this.isView)) this._updateTurnMarkers();
  }

  _onDelete(options, userId) {
    super._onDelete(options, userId);
    if (globalThis.ui.combat?.isViewing(this)) globalThis.ui.combat.render({ combat: null });
    if (userId === globalThis.game.userId) this.collection.viewed?.activate();
    this.turn = null;
    this._updateTurnMarkers();
    if (globalThis.game.user.isActiveGM) {
      for (const combatant of this.combatants) this.#onExit(combatant);
    }
  }

  _onCreateDescendantDocuments(parent, collection, documents, data, options, userId) {
    super._onCreateDescendantDocuments(parent, collection, documents, data, options, userId);
    if (collection !== "combatants") return;
    if (globalThis.game.user.isActiveGM) {
      for (const combatant of documents) this.#onEnter(combatant);
    }
    this.#onModifyCombatants(parent, documents, options);
    if (this.started) this._updateTurnMarkers();
  }

  _onUpdateDescendantDocuments(parent, collection, documents, changes, options, userId) {
    super._onUpdateDescendantDocuments(parent, collection, documents, changes, options, userId);
    if (collection !== "combatants") return;
    this.#onModifyCombatants(parent, documents, options);
  }

  _onDeleteDescendantDocuments(parent, collection, documents, ids, options, userId) {
    super._onDeleteDescendantDocuments(parent, collection, documents, ids, options, userId);
    if (collection !== "combatants") return;
    if (globalThis.game.user.isActiveGM) {
      for (const combatant of documents) this.#onExit(combatant);
    }
    this.#onModifyCombatants(parent, documents, options);
  }

  #onModifyCombatants(parent, documents, options) {
    const { combatTurn, turnEvents } = options;
    if (parent === this) this._refreshTokenHUD(documents);
    const priorState = deepClone(this.current);
    if (typeof combatTurn === "number") this.updateSource({ turn: combatTurn });
    this.setupTurns();
    const turnChange = this.#recordPreviousState(priorState);
    if (turnChange) {
      if (turnEvents !== false) this._manageTurnEvents();
      this._updateTurnMarkers();
    }
  }

  /** Active GM only: a combatant entered. */
  async #onEnter(combatant) {
    await this._onEnter(combatant);
  }

  async _onEnter(combatant) {}

  /** Active GM only: a combatant left. */
  async #onExit(combatant) {
    await this._onExit(combatant);
    if (combatant.token) await this._clearMovementHistoryOnExit(combatant);
  }

  async _onExit(combatant) {}

  async _clearMovementHistoryOnExit(combatant) {
    await combatant.token.clearMovementHistory();
  }

  _getCurrentState(combatant) {
    combatant ||= this.combatant;
    return { round: this.round, turn: this.turn ?? null, combatantId: combatant?.id || null,
      tokenId: combatant?.tokenId || null };
  }

  #recordPreviousState(priorState) {
    const { round, turn, combatantId } = this.current;
    const turnChange = (combatantId !== priorState.combatantId) || (round !== priorState.round) || (turn !== priorState.turn);
    Object.assign(this.previous, priorState);
    return turnChange;
  }

  /** No canvas drawing in the harness: turn markers are not shown. */
  _updateTurnMarkers() {}

  /* --------------------------------------------- Turn events ------------------------------------------- */

  /**
   * v13: the lifecycle methods run on the active GM's client only (awaited, in order End Turn, End Round, Start
   * Round, Start Turn), then combatTurnChange(combat, previous, current) fires on every client.
   */
  async _manageTurnEvents() {
    if (!this.started) return;
    const { current, previous } = this;
    if (globalThis.game.user.isActiveGM) await this.#triggerTurnEvents();
    Hooks.callAll("combatTurnChange", this, previous, current);
  }

  /** v13 #triggerTurnEvents: only forward steps (a later turn, or a later round) fire anything. */
  async #triggerTurnEvents() {
    const { turns, current, previous } = this;
    const intervals = [];
    let roundDelta = current.round - previous.round;
    if (roundDelta === 0) {
      if ((current.round > 0) && (previous.turn < current.turn)) intervals.push([previous.turn + 1, current.turn]);
    } else if (roundDelta > 0) {
      if (previous.round > 0) intervals.push([previous.turn + 1, turns.length - 1]);
      while (--roundDelta) intervals.push([0, turns.length - 1]);
      intervals.push([0, current.turn ?? 0]);
    }
    if (intervals.length > 0) {
      let prior = { combatant: this.combatants.get(previous.combatantId) ?? null, round: previous.round,
        turn: previous.turn, skipped: false };
      for (const [from, to] of intervals) {
        for (let turn = from; turn <= to; turn++) {
          const round = prior.round + (turn === 0);
          const next = { combatant: turns[turn], round, turn,
            skipped: (round !== current.round) || (turn !== current.turn) };
          if (prior.combatant) await this.#onEndTurn(prior.combatant, { round: prior.round, turn: prior.turn, skipped: prior.skipped });
          if (prior.round !== next.round) {
            await this.#onEndRound({ round: prior.round, skipped: prior.round !== previous.round });
            await this.#onStartRound({ round: next.round, skipped: next.round !== current.round });
          }
          if (next.combatant) await this.#onStartTurn(next.combatant, { round: next.round, turn: next.turn, skipped: next.skipped });
          prior = next;
        }
      }
    } else {
      const changeCombatant = (current.combatantId !== previous.combatantId)
        && (current.round === previous.round) && (current.turn === previous.turn);
      if (changeCombatant) {
        const prior = this.combatants.get(previous.combatantId);
        const next = this.combatant;
        if (prior) await this.#onEndTurn(prior, { round: current.round, turn: current.turn, skipped: false });
        if (next) await this.#onStartTurn(next, { round: current.round, turn: current.turn, skipped: false });
      }
    }
  }

  async #onEndTurn(combatant, context) {
    await this._onEndTurn(combatant, context);
  }

  async _onEndTurn(combatant, context) {}

  async #onEndRound(context) {
    await this._onEndRound(context);
  }

  async _onEndRound(context) {}

  async #onStartRound(context) {
    await this._onStartRound(context);
  }

  async _onStartRound(context) {}

  async #onStartTurn(combatant, context) {
    await this._onStartTurn(combatant, context);
    if (combatant.token) await this._clearMovementHistoryOnStartTurn(combatant, context);
  }

  async _onStartTurn(combatant, context) {}

  async _clearMovementHistoryOnStartTurn(combatant, context) {
    await combatant.token.clearMovementHistory();
  }
}

/* ============================================== Combatant ============================================= */

export class Combatant extends ClientDocument {
  static metadata = Object.freeze({ name: "Combatant", collection: "combatants", label: "DOCUMENT.Combatant",
    embedded: {}, hasTypeData: true, isEmbedded: true });

  static defineSchema() {
    return {
      _id: new DocumentIdField(),
      type: typeField("Combatant"),
      system: new TypeDataField("Combatant"),
      actorId: new ForeignDocumentField("Actor", { idOnly: true }),
      tokenId: new ForeignDocumentField("Token", { idOnly: true }),
      sceneId: new ForeignDocumentField("Scene", { idOnly: true }),
      name: new StringField({ textSearch: true }),
      img: new StringField({ nullable: true, initial: null }),
      initiative: new NumberField({ required: true }),
      hidden: new BooleanField(),
      defeated: new BooleanField(),
      group: new DocumentIdField({ readonly: false }),
      flags: new ObjectField(),
      _stats: new ObjectField()
    };
  }

  /** The tracked resource value (CONFIG setting `resource` read from the actor's system data). */
  resource = null;

  get combat() {
    return this.parent;
  }

  /** No actor, or no player owns it. */
  get isNPC() {
    return !this.actor || !this.actor.hasPlayerOwner;
  }

  get visible() {
    return this.isOwner || !this.hidden;
  }

  get actor() {
    if (this.token) return this.token.actor;
    return globalThis.game.actors.get(this.actorId) ?? null;
  }

  get token() {
    const scene = this.sceneId ? globalThis.game.scenes.get(this.sceneId) : this.parent?.scene;
    return scene?.tokens.get(this.tokenId) ?? null;
  }

  get players() {
    return globalThis.game.users.filter(u => !u.isGM && this.testUserPermission(u, "OWNER"));
  }

  get isDefeated() {
    const defeated = globalThis.CONFIG.specialStatusEffects.DEFEATED;
    return this.defeated || !!this.actor?.statuses.has(defeated);
  }

  /** v13 BaseCombatant#getUserLevel: the actor's level when there is an actor (GM → OWNER). */
  getUserLevel(user = globalThis.game.user) {
    if (!user) return LEVELS.NONE;
    if (this.actor) return this.actor.getUserLevel(user);
    return super.getUserLevel(user);
  }

  getInitiativeRoll(formula) {
    formula = formula || this._getInitiativeFormula();
    const rollData = this.actor?.getRollData() || {};
    return globalThis.CONFIG.Dice.rolls[0].create(formula, rollData);
  }

  async rollInitiative(formula) {
    const roll = this.getInitiativeRoll(formula);
    await roll.evaluate();
    return this.update({ initiative: roll.total });
  }

  prepareDerivedData() {
    super.prepareDerivedData();
    this.name ||= this.token?.name || this.actor?.name || globalThis.game.i18n.localize("COMBAT.UnknownCombatant");
    this.img ||= this.token?.texture?.src || this.actor?.img || "icons/svg/mystery-man.svg";
    this.updateResource();
  }

  updateResource() {
    const resource = this.parent?.settings?.resource;
    if (!this.actor || !this.combat || !resource) return this.resource = null;
    return this.resource = getProperty(this.actor.system, resource) ?? null;
  }

  /** CONFIG.Combat.initiative.formula, else the manifest's `initiative`. */
  _getInitiativeFormula() {
    return String(globalThis.CONFIG.Combat.initiative.formula || globalThis.game.system.initiative);
  }

  async clearMovementHistory() {
    return this.token?.clearMovementHistory();
  }
}

/* ============================================= Collection ============================================= */

/** game.combats (v13 CombatEncounters). */
export class CombatEncounters extends WorldCollection {
  static documentName = "Combat";

  static get settings() {
    return globalThis.game.settings.get("core", Combat.CONFIG_SETTING);
  }

  /** Combats of the current scene, or not linked to a scene. */
  get combats() {
    const current = globalThis.game.scenes?.current ?? null;
    return this.filter(c => (c.scene === null) || (c.scene === current));
  }

  get active() {
    return this.combats.find(c => c.active);
  }

  /** The tracker's viewed combat: the one it was told to view, else the active one, else the first. */
  get viewed() {
    return globalThis.ui?.combat?.viewed ?? this._defaultViewed();
  }

  _defaultViewed() {
    const combats = this.combats;
    return combats.find(c => c.active) ?? combats[0] ?? null;
  }
}
