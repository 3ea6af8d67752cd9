/**
 * The GM Screen's rewards (rulebook: The Rep ladder › Earn XP; Money › Split the fee; Rep, Renown and Influence;
 * the relationship counters): XP, cash (a per-head payment to each, or a crew fee divided by the number of
 * participants, each share rounded down to whole pounds), faction Renown and Influence (Influence within the rank's
 * cap), and the crew / street / police counters — to chosen characters, on the active GM, logged in one chat card.
 * Every amount and every character is checked before anything is written, so a refusal writes nothing.
 *
 * Cash moves only through documents/core/purse.mjs `pay`; the crew fee's split is issue 13's `crewShares({fee,
 * participants}) → {share, remainder}` (module/rules/money.mjs), called through `game.system.api.rules.crewShares`
 * while that issue is not merged (refused in words when it is absent).
 * @module documents/gm-rewards
 */
import { factionAfter, rewardAmount } from "../../rules/gm-screen.mjs";
import { renownRank, xpAward } from "../../rules/progression.mjs";
import { SYSTEM_ID } from "../core/check.mjs";
import { pay } from "../core/purse.mjs";
import { assertGM } from "../core/requests.mjs";
import { docAt, systemApi } from "../core/lookup.mjs";

export const REWARD_CARD = "systems/the-smoke/templates/chat/gm-reward.hbs";
const KINDS = new Set(["xp", "cash", "renown", "influence", "relationship"]);
const COUNTERS = new Set(["crew", "street", "police"]);
const XP_KINDS = new Set(["serviceJob", "patOrder", "vehicleSale", "mission", "gm"]);

const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * The characters a reward goes to.
 * @param {unknown} uuids
 * @returns {any[]}
 */
function charactersFrom(uuids) {
  const list = [...new Set(Array.isArray(uuids) ? uuids : [])];
  if (!list.length) throw new Error(L("SMOKE.GMScreen.nobody"));
  return list.map(uuid => {
    const actor = docAt(String(uuid));
    if (!actor || !(actor instanceof Actor) || actor.type !== "character") throw new Error(L("SMOKE.GMScreen.notCharacter", { what: String(uuid) }));
    return actor;
  });
}

/**
 * The crew fee's shares (Money › Split the fee), through issue 13's rule.
 * @param {number} fee
 * @param {number} participants
 * @returns {{share: number, remainder: number}}
 */
function crewSplit(fee, participants) {
  const crewShares = systemApi()?.rules?.crewShares;
  if (typeof crewShares !== "function") throw new Error(L("SMOKE.GMScreen.noCrewShares"));
  return crewShares({ fee, participants });
}

/** The award ids this GM has given (one per press of *Give*): a second request with one is refused, once. */
const given = new Set();

/**
 * GM: give a reward to characters, once per award id (`rewardId`, the GM Screen's form's; a double click or a form
 * sent twice gives once). One card lists what was given.
 * @param {User.Implementation} user
 * @param {{kind: "xp"|"cash"|"renown"|"influence"|"relationship", actorUuids: string[], amount: number|string,
 *   split?: "perHead"|"crewFee", xpKind?: string, faction?: string, counter?: "crew"|"street"|"police",
 *   reason?: string, rewardId?: string}} data
 * @returns {Promise<{lines: string[], share?: number, remainder?: number}>}
 */
async function onReward(user, data) {
  assertGM(user);
  const rewardId = typeof data?.rewardId === "string" && data.rewardId ? data.rewardId : null;
  if (rewardId && given.has(rewardId)) throw new Error(L("SMOKE.GMScreen.alreadyGiven"));
  if (rewardId) given.add(rewardId);
  try {
    return await giveReward(data);
  } catch (err) {
    if (rewardId) given.delete(rewardId); // refused before anything was written: the same form may be sent again
    throw err;
  }
}

/** @param {any} data */
async function giveReward(data) {
  const { kind, split = "perHead", xpKind = "gm", counter = "crew" } = data ?? {};
  if (!KINDS.has(kind)) throw new Error(L("SMOKE.GMScreen.badReward", { kind: String(kind) }));
  const actors = charactersFrom(data.actorUuids);
  const reason = String(data.reason ?? "").slice(0, 200);
  const lines = [];
  const result = /** @type {{lines: string[], share?: number, remainder?: number}} */ ({ lines });
  if (kind === "xp") {
    if (!XP_KINDS.has(xpKind)) throw new Error(L("SMOKE.GMScreen.badReward", { kind: String(xpKind) }));
    const amount = data.amount === "" || data.amount === null || data.amount === undefined ? undefined : Number(data.amount);
    try {
      xpAward(/** @type {Parameters<typeof xpAward>[0]} */ (xpKind), { amount }); // one of XP_KINDS
    } catch (err) {
      throw new Error(L("SMOKE.Xp.badAmount", { why: L(`SMOKE.Xp.${xpKind}`), amount: String(data.amount ?? ""),
        hint: L(xpKind === "vehicleSale" ? "SMOKE.Xp.saleAmount" : "SMOKE.Xp.amount") }), { cause: err });
    }
    for (const actor of actors) {
      const xp = await actor.awardXp(xpKind, { amount, card: false });
      lines.push(L("SMOKE.Xp.card", { actor: actor.name, xp: String(xp), why: L(`SMOKE.Xp.${xpKind}`) }));
    }
  } else if (kind === "cash") {
    const pounds = amountOf("cash", data.amount);
    if (split === "crewFee") {
      const { share, remainder } = crewSplit(pounds, actors.length);
      Object.assign(result, { share, remainder });
      for (const actor of actors) if (share) await pay(actor, share, { reason: reason || "SMOKE.GMScreen.crewFee" });
      lines.push(L("SMOKE.GMScreen.crewFeeLine", { fee: String(pounds), n: String(actors.length), share: String(share),
        names: actors.map(a => a.name).join(", ") }));
      lines.push(L("SMOKE.GMScreen.remainder", { remainder: String(remainder) }));
    } else {
      for (const actor of actors) await pay(actor, pounds, { reason: reason || "SMOKE.GMScreen.perHead" });
      lines.push(L("SMOKE.GMScreen.perHeadLine", { amount: String(pounds), names: actors.map(a => a.name).join(", ") }));
    }
  } else if (kind === "renown" || kind === "influence") {
    const points = amountOf(kind, data.amount);
    const faction = String(data.faction ?? "").trim();
    if (!faction) throw new Error(L("SMOKE.GMScreen.needsFaction"));
    for (const actor of actors) {
      const factions = foundry.utils.deepClone(actor.system.factions ?? []);
      let row = factions.find(f => f.name.toLowerCase() === faction.toLowerCase());
      if (!row) factions.push(row = { name: faction, renown: 0, influence: 0, stance: "open", stagesDone: 0 });
      const after = factionAfter(row, { [kind]: points }, renownRank);
      Object.assign(row, { renown: after.renown, influence: after.influence });
      await actor.update({ "system.factions": factions });
      lines.push(L(`SMOKE.GMScreen.${kind}Line`, { actor: actor.name, faction: row.name, n: String(points),
        renown: String(after.renown), influence: String(after.influence), cap: String(after.cap) })
        + (after.capped ? ` ${L("SMOKE.GMScreen.capped", { cap: String(after.cap) })}` : ""));
    }
  } else {
    if (!COUNTERS.has(counter)) throw new Error(L("SMOKE.GMScreen.badCounter", { counter: String(counter) }));
    const points = amountOf("relationship", data.amount);
    for (const actor of actors) {
      const value = Math.max(0, (actor.system.relationships?.[counter] ?? 0) + points);
      await actor.update({ [`system.relationships.${counter}`]: value });
      lines.push(L("SMOKE.GMScreen.relationshipLine", { actor: actor.name, counter: L(`SMOKE.GMScreen.counter.${counter}`),
        n: (points > 0 ? "+" : "") + String(points), value: String(value) }));
    }
  }
  const content = await foundry.applications.handlebars.renderTemplate(REWARD_CARD, {
    title: L(`SMOKE.GMScreen.reward.${kind}`), reason, lines });
  await ChatMessage.create({ content, speaker: { alias: L("SMOKE.GMScreen.title") },
    flags: { [SYSTEM_ID]: { gmReward: { kind, ...("share" in result ? { share: result.share, remainder: result.remainder } : {}) } } } });
  return result;
}

/** A reward amount, or the refusal in words. */
function amountOf(kind, amount) {
  try {
    return rewardAmount(kind, amount);
  } catch {
    throw new Error(L("SMOKE.GMScreen.badAmount", { kind: L(`SMOKE.GMScreen.reward.${kind}`), amount: String(amount ?? "") }));
  }
}

/** The GM's reward request. */
export const requests = { "gm.reward.give": onReward };
