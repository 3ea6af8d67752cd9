/**
 * The Smoke's Actor: checks from the sheet, Conditions with their book behaviour (three Bruised become Hurt,
 * another dose escalates, a high's comedown follows when it ends), and using consumables and drugs.
 * Rulebook: The roll; Harm, aid and recovery › Keep Conditions readable; Conditions; Food and medicine; Drugs.
 * @module documents/actor
 */
import { CONDITIONS, RULES, SYSTEM_ID } from "../generated/rules.mjs";
import { rollCheck } from "./core/check.mjs";
import { errorText } from "./core/check-words.mjs";
import { promptCheck } from "./core/prompt-check.mjs";
import { xpAward } from "../rules/progression.mjs";
import { applyAid } from "../rules/conditions.mjs";
import { firstAid } from "./fight/actions.mjs";
import { noteHTML } from "./core/chat-html.mjs";
import { kitSystem } from "./core/kit-record.mjs";
import { healthOf } from "./core/health-record.mjs";
import { RECORD_PATHS, recordedMaxima, recordedRep, writeRecord } from "./core/record.mjs";
import { requestGM } from "./core/requests.mjs";
import { recordedCount, writeCount } from "./core/condition-counts.mjs";
import { forgetCondition, recordedStatuses } from "./core/condition-record.mjs";

const BY_ID = new Map(CONDITIONS.map(c => [c.key, c]));
export { SYSTEM_ID };
/** The XP awards that take an amount (rules/progression.mjs xpAward). */
const XP_AMOUNT_KINDS = new Set(["vehicleSale", "mission", "gm"]);

/**
 *
 */
export class SmokeActor extends Actor {
  /**
   * Roll a stat check: the roll dialog unless skipped (Shift-click or the client setting), then the chat card.
   * @param {string} statKey  One of mus grt mov whl aim grf sav frt btl.
   * @param {{skipDialog?: boolean, vehicle?: {performance: number, handling: number, name?: string}|null}} [options]
   * @returns {Promise<ChatMessage.Implementation|null|undefined>} null if the dialog was closed or the check failed
   *   (a warning says why), undefined if a hook cancelled the chat message.
   */
  async rollStat(statKey, { skipDialog = false, vehicle = null } = {}) {
    if (!this.system.stats?.[statKey]) throw new Error(`unknown stat ${statKey}`);
    const choices = await promptCheck(this, statKey, { vehicle, skipDialog });
    if (!choices) return null;
    try {
      return await rollCheck(this, statKey, choices, { vehicle });
    } catch (err) {
      ui.notifications.warn(errorText(err));
      return null;
    }
  }

  /**
   * Award XP for what the book lists (rulebook: The Rep ladder › Earn XP): a service job 1, a Pat order 2, a stolen
   * vehicle sale worth £500+ 1 (`amount` = sale value in pounds), a mission its printed 3–5, a GM award `amount`.
   * XP is cumulative; Busted or Wasted award none. GM only.
   * @param {"serviceJob"|"patOrder"|"vehicleSale"|"mission"|"gm"|"busted"|"wasted"} kind
   * @param {{amount?: number, card?: boolean}} [options]  card: post the "gains N XP" note (default); false when
   *   the caller's own card says it.
   * @returns {Promise<number>} XP added.
   * @throws {Error|RangeError} for a player, or an amount the award does not allow.
   */
  async awardXp(kind, { amount, card = true } = {}) {
    if (!game.user.isGM) throw new Error(game.i18n.localize("SMOKE.Xp.gmOnly"));
    const why = game.i18n.localize(`SMOKE.Xp.${kind}`);
    let xp;
    try {
      xp = xpAward(kind, { amount });
    } catch (err) {
      // The award's own words, never the rule's "got undefined" (an empty amount box).
      if (!(err instanceof RangeError) || !XP_AMOUNT_KINDS.has(kind)) throw err;
      const hint = game.i18n.localize(kind === "vehicleSale" ? "SMOKE.Xp.saleAmount" : "SMOKE.Xp.amount");
      throw new RangeError(amount === undefined || amount === null || Number.isNaN(amount)
        ? game.i18n.format("SMOKE.Xp.needsAmount", { why, hint })
        : game.i18n.format("SMOKE.Xp.badAmount", { why, amount: String(amount), hint }), { cause: err });
    }
    if (xp) {
      // XP is the GM's record (documents/core/record.mjs): added to the recorded XP, never to the sheet's.
      const recorded = /** @type {{xp: number}} */ (recordedRep(this)).xp;
      if (game.user.isActiveGM) await writeRecord(this, { [RECORD_PATHS.xp]: recorded + xp });
      else await this.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ [RECORD_PATHS.xp]: recorded + xp }));
    }
    // card: false when the caller's own card lists the award (the GM Screen's reward card): one card per award.
    if (card) await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor: this }), content: await noteHTML(
      xp ? game.i18n.format("SMOKE.Xp.card", { actor: this.name, xp: String(xp), why }) : game.i18n.format("SMOKE.Xp.none", { why })) });
    return xp;
  }

  /**
   * Apply a Condition the way the book counts it: a third Bruised becomes Hurt; another dose of a Condition with
   * an escalation (Dutch Courage) gives the escalated one (Mullered). Returns the Condition actually applied.
   * @param {string} id  Condition id.
   * @param {{minutes?: number}} [options]  How long it lasts, in game minutes (an item's duration).
   * @returns {Promise<string>}
   */
  async addCondition(id, { minutes = 0 } = {}) {
    const c = BY_ID.get(id);
    if (!c) throw new Error(`unknown Condition ${id}`);
    const has = this.#has();
    if (c.becomes) {
      // The count is the GM's record (documents/core/condition-counts.mjs), never the flag its owner could lower.
      const count = (recordedCount(this, id) || (has(id) ? 1 : 0)) + 1;
      if (count >= c.becomes.count) {
        await this.toggleStatusEffect(id, { active: false });
        await writeCount(this, id, 0);
        return this.addCondition(c.becomes.condition);
      }
      await writeCount(this, id, count);
    }
    if (c.escalation && has(id)) {
      await this.toggleStatusEffect(id, { active: false });
      return this.addCondition(c.escalation.repeat, { minutes });
    }
    if (has(id)) {
      // Taken again (Conditions · comedowns & boosts: "record the renewed duration"): the same effect, its clock
      // restarted from now — never deleted and re-made, so no comedown follows and none stacks.
      const effect = minutes ? this.effects.find(e => e.statuses.has(id)) : null;
      if (effect) await effect.update(/** @type {ActiveEffect.UpdateData} */ (
        { "duration.seconds": minutes * 60, "duration.startTime": game.time?.worldTime ?? 0 }));
      return id;
    }
    // "A repeat high can suppress its paired comedown while active": it is off while the high lasts and follows
    // it again, once, when the high ends (onConditionEnded).
    if (c.comedown && has(c.comedown)) await this.removeCondition(c.comedown);
    // Not active, so toggling it on creates and returns its ActiveEffect (or undefined if a hook
    // stopped it); fvtt-types also allows the boolean of toggling an existing effect.
    const effect = /** @type {ActiveEffect.Implementation|undefined} */ (
      await this.toggleStatusEffect(id, { active: true }));
    // fvtt-types 13.345 has no type for Foundry's dot-notation update keys.
    // The start is world time now, so the GM's clock ends it (documents/fight/durations.mjs).
    if (minutes && effect?.update) await effect.update(
      /** @type {ActiveEffect.UpdateData} */ ({ "duration.seconds": minutes * 60, "duration.startTime": game.time?.worldTime ?? 0 }));
    return id;
  }

  /**
   * End a Condition (its comedown follows through {@link SmokeActor#onConditionEnded}).
   * @param {string} id
   * @returns {Promise<void>}
   */
  async removeCondition(id) {
    if (this.statuses.has(id)) await this.toggleStatusEffect(id, { active: false });
    else if (recordedStatuses(this).has(id)) {
      // Deleted past the GM and not yet put back: ended on the GM's record, with its consequences.
      await forgetCondition(this, id);
      await this.onConditionEnded(id);
    }
  }

  /**
   * Whether this actor has a Condition as the GM counts it ({@link recordedStatuses}) or as it stands.
   * @returns {(id: string) => boolean}
   */
  #has() {
    const recorded = recordedStatuses(this);
    return id => recorded.has(id) || this.statuses.has(id);
  }

  /**
   * A Condition's status effect was deleted, however it ended (sheet, token HUD, expiry): a high is followed by its
   * comedown (rulebook: Conditions · highs), and a stacking count starts again. Called once, on the client of the
   * user who ended it (see the deleteActiveEffect hook in the entry module).
   * @param {string} id  Condition id.
   * @returns {Promise<void>}
   */
  async onConditionEnded(id) {
    const c = BY_ID.get(id);
    if (!c) return;
    if (c.becomes && recordedCount(this, id)) await writeCount(this, id, 0);
    if (c.comedown && !this.#has()(c.comedown)) await this.addCondition(c.comedown);
  }

  /**
   * Use a consumable or a drug: restore Health (never above max), remove the listed Conditions, grant the listed
   * one (with its duration in game minutes), and use up one use. A drug grants its high. Health brought above 0
   * ends Down (Harm, aid and recovery › At zero Health). A consumable with a check (the First Aid Kit: "Patch Up
   * (Savvy, Medium)") is rolled first, through the GM (documents/fight/actions.mjs firstAid), on `patient` or this actor.
   * @param {Item.Implementation} item  An owned consumable or drug.
   * @param {{patient?: Actor.Implementation|null, skipDialog?: boolean}} [opts]  Whom a kit with a check treats.
   * @returns {Promise<{restored: number, removed: string[], granted?: string|null, success?: boolean}|null>}  null when
   *   a check was refused or its dialog closed.
   * @throws {Error} when the item is not usable or has no uses left.
   */
  async useItem(item, { patient = null, skipDialog = false } = {}) {
    if (item.parent !== this) throw new Error("the item is not carried by this actor");
    if (!["consumable", "drug"].includes(item.type)) throw new Error(game.i18n.format("SMOKE.Use.notUsable", { item: item.name }));
    // The uses and quantity the GM recorded (documents/core/kit-record.mjs), never the sheet's. A player's client that has
    // not yet received the record of a just-given item asks anyway: the active GM decides from its own record.
    const recorded = /** @type {any} */ (kitSystem(item));
    // (the sheet's fields only route a player's request; the GM's client acts on its record alone)
    const s = recorded ?? (game.user.isActiveGM ? null : /** @type {any} */ (item.system));
    if (!s) throw new Error(game.i18n.format("SMOKE.Use.notUsable", { item: item.name }));
    if (item.type === "consumable" && recorded && s.usesLeft < 1) throw new Error(game.i18n.format("SMOKE.Use.noUses", { item: item.name }));
    if (item.type === "consumable" && s.check) return firstAid(this, item, { patient, skipDialog });
    // A use changes the kit's record: the active GM applies it (documents/character/kit-use.mjs `item.use`).
    if (!game.user.isActiveGM) return requestGM("item.use", { actorUuid: this.uuid, itemId: item.id });
    const removed = [];
    const has = this.#has();
    for (const id of s.removes ?? []) {
      if (has(id)) {
        await this.removeCondition(id);
        removed.push(id);
      }
    }
    // A drug's `high` or a consumable's `grants` (each reads the field its type has).
    let granted = /** @type {string|null} */ (item.type === "drug" ? s.high : s.grants);
    if (item.type === "consumable" && s.repeat && has(s.repeat.while)) {
      // "A second while you have it": the stronger Condition takes the place of the first
      await this.removeCondition(s.repeat.while);
      removed.push(s.repeat.while);
      granted = s.repeat.grants;
    }
    if (granted) granted = await this.addCondition(granted, { minutes: s.duration });
    let restored = 0;
    if (s.restoreHealth && this.system.health) {
      const aid = applyAid({ health: healthOf(this), max: recordedMaxima(this).health, conditions: recordedStatuses(this) },
        { restore: s.restoreHealth }, { atHealth: RULES.combat.down.atHealth });
      restored = aid.restored;
      await this.update(/** @type {Actor.UpdateData} */ ({ "system.health.value": aid.health })); // dot-notation key, as above
      // Above 0 Health: Down ends (the Down clock counts only while Down).
      if (aid.downEnds) {
        await this.toggleStatusEffect("down", { active: false });
        removed.push("down");
      }
    }
    if (item.type === "consumable") {
      await item.update(/** @type {Item.UpdateData} */ ({ "system.usesLeft": s.usesLeft - 1 }));
    } else {
      const left = (s.quantity ?? 1) - 1;
      if (left > 0) await item.update(/** @type {Item.UpdateData} */ ({ "system.quantity": left }));
      else await item.delete();
    }
    // format() fills `{n}`, `{minutes}` from any value; fvtt-types types the data as strings only.
    const text = game.i18n.format("SMOKE.Use.card", {
      actor: this.name, item: item.name,
      effects: [restored ? game.i18n.format("SMOKE.Use.restored", /** @type {Record<string, any>} */ ({ n: restored })) : null,
        ...removed.map(id => game.i18n.format("SMOKE.Use.removed", { condition: BY_ID.get(id).name })),
        granted ? game.i18n.format("SMOKE.Use.granted", /** @type {Record<string, any>} */ ({ condition: BY_ID.get(granted).name,
          minutes: s.duration })) : null].filter(Boolean).join("; ") || game.i18n.localize("SMOKE.Use.nothing")
    });
    await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor: this }),
      content: await noteHTML(text) });
    return { restored, removed, granted };
  }
}

/** Hooks (the actor's manifest, below). */
const hooks = {
  /** However a Condition ends, its book consequences follow, once: on the client of the user who ended it. */
  deleteActiveEffect: (effect, options, userId) => {
    if (userId !== game.user.id || !(effect.parent instanceof Actor) || options?.smokeGuarded) return;
    // A player's deletion on a character reaches here only forged: the GM puts it back (core/condition-record.mjs).
    if (!game.user.isGM && effect.parent.type === "character" && !effect.parent.isToken) return;
    for (const id of effect.statuses ?? []) effect.parent.onConditionEnded?.(id);
  },
  /** Vehicles track Body on their token bar; people track Health (system.json's primary attribute). */
  preCreateActor: (actor, data) => {
    if (actor.type === "vehicle" && !foundry.utils.hasProperty(data, "prototypeToken.bar1.attribute")) {
      // fvtt-types 13.345 has no type for Foundry's dot-notation update keys.
      actor.updateSource(/** @type {Actor.UpdateData} */ (
        { "prototypeToken.bar1.attribute": "body", "prototypeToken.bar2.attribute": "fuel" }));
    }
  },
};

/**
 * The actor's manifest (documents/core/feature.mjs), registered by the entry: the Conditions' consequences when they
 * end, and the motors' token bars.
 */
export const feature = { id: "actor", hooks };
