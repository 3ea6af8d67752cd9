/**
 * Hustle (rulebook: Your character record › The numbers beside your name; Hustle, perks and your luck): a character's
 * current Hustle is the GM's record, as cash is ({@link module:documents/mirror}: `system.hustle.value` mirrors the GM
 * store `hustle`). A player's own edit is stripped on their client with a notice and a forged write is put back; Rest
 * (documents/money/services.mjs) restores it on the GM; the GM edits it freely on the sheet.
 *
 * **A spend is a request the active GM applies once** (`hustle.spend`, asked by documents/core/check.mjs `rollCheck` before
 * the dice are thrown, so one click on a sheet still rolls): the GM checks the character has the points, writes the new
 * value, then records the spend in the GM store `hustleSpends` (id → {@link HustleSpend}). The check card names the
 * spend's id; when the GM counts a card (documents/core/verified-check.mjs) its Hustle counts only if that spend is this
 * character's, of the card's cost, and not already counted for another card ({@link paidSpend}, {@link bindSpend}).
 *
 * Foundry-side only; no rules here.
 * @module documents/hustle
 */
import { RULES } from "../../generated/rules.mjs";
import { gmStore } from "./gm-store.mjs";
import { guardActorFields } from "./mirror.mjs";
import { assertOwner, requestGM } from "./requests.mjs";
import { docAt } from "./lookup.mjs";

const PATH = "system.hustle.value";
/** Spends kept (the oldest are dropped): far more than a session's rolls waiting to be counted. */
const KEEP = 200;

const guard = guardActorFields({ key: "hustle", paths: [PATH], notice: "SMOKE.HustleRecord.gmOwned" });

/**
 * @typedef {object} HustleSpend  One spend the GM applied.
 * @property {string} actorUuid  Whose Hustle.
 * @property {number} cost       Points paid (a RULES.hustle.spends cost: 1 or 2).
 * @property {number} at         Server time of the spend (ms).
 * @property {string|null} messageId  The card it was counted for (once), or null.
 */
/** @type {import("./gm-store.mjs").GMStore<HustleSpend>} */
const spends = gmStore("hustleSpends");

const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * @param {Actor.Implementation} actor  A character.
 * @returns {number} Its current Hustle, as the GM recorded it.
 */
export function hustleOf(actor) {
  return guard.sanctioned(actor)[PATH];
}

/**
 * Pay Hustle for a roll about to be made: the active GM takes the points and records the spend (one request).
 * @param {Actor.Implementation} actor  The roller (a linked character).
 * @param {number} cost  Points (1 or 2: a RULES.hustle.spends cost).
 * @returns {Promise<{spendId: string, remaining: number}>}  The spend's id (the card names it) and the points left.
 * @throws {Error} in words: no GM connected, not the requester's character, an unlinked copy, too few points, a cost
 *   no spend has. Nothing is paid then.
 */
export function spendHustle(actor, cost) {
  return requestGM("hustle.spend", { actorUuid: actor.uuid, cost });
}

/**
 * GM: was this card's Hustle paid? The spend it names is this character's, of this cost, and not counted for another
 * card.
 * @param {Actor.Implementation} actor
 * @param {unknown} spendId  The card's `check.hustleSpend`.
 * @param {number} cost  The card's `check.hustle`.
 * @param {string} messageId  The card.
 * @returns {boolean}
 */
export function paidSpend(actor, spendId, cost, messageId) {
  const spend = typeof spendId === "string" && spendId ? spends.get(spendId) : null;
  return !!spend && spend.actorUuid === actor.uuid && spend.cost === cost && (!spend.messageId || spend.messageId === messageId);
}

/**
 * Active GM: count a spend for a card, once (after {@link paidSpend} and the rest of the card's checks).
 * @param {string} spendId
 * @param {string} messageId
 * @returns {Promise<void>}
 * @throws {Error} when the spend was counted for another card meanwhile.
 */
export async function bindSpend(spendId, messageId) {
  await spends.update(spendId, cur => {
    if (!cur || (cur.messageId && cur.messageId !== messageId)) throw new Error(L("SMOKE.HustleRecord.spentElsewhere"));
    return { ...cur, messageId };
  });
}

/** The GM's request: pay a spend. */
export const requests = {
  /**
   * @param {User.Implementation} user
   * @param {{actorUuid: string, cost: number}} data
   * @returns {Promise<{spendId: string, remaining: number}>}
   */
  "hustle.spend": async (user, { actorUuid, cost }) => {
    const actor = /** @type {Actor.Implementation|null} */ (docAt(String(actorUuid ?? "")));
    if (!(actor instanceof Actor) || actor.type !== "character") throw new Error(L("SMOKE.HustleRecord.notCharacter"));
    assertOwner(user, actor);
    // An unlinked token's copy is not the GM's record (mirror.mjs guards linked characters only), as for cash.
    if (actor.isToken) throw new Error(L("SMOKE.HustleRecord.unlinked", { name: actor.name ?? "" }));
    const n = Number(cost);
    if (!RULES.hustle.spends.some(s => s.cost === n)) {
      throw new Error(L("SMOKE.HustleRecord.badCost", { cost: String(cost), costs: RULES.hustle.spends.map(s => s.cost).join(", ") }));
    }
    const points = hustleOf(actor);
    if (points < n) throw new Error(L("SMOKE.RuleError.hustleShort", { cost: String(n), points: String(points) }));
    // Paid first, then recorded: a spend on record is always one that was paid.
    await guard.write(actor, { [PATH]: points - n });
    const spendId = foundry.utils.randomID(16);
    await spends.set(spendId, { actorUuid: actor.uuid, cost: n, at: game.time.serverTime, messageId: null });
    const old = Object.entries(spends.all()).sort(([, a], [, b]) => b.at - a.at).slice(KEEP);
    for (const [id] of old) await spends.set(id, null);
    return { spendId, remaining: points - n };
  }
};

/** Hooks (registered by the entry): the mirror's. */
export const hooks = guard.hooks;
