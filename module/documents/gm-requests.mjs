/**
 * The GM Screen's check requests and hazards (rulebook: GM checks · 1–32; Hazards · 1–16; Choosing difficulty): the
 * GM sends a named check (or a hazard's avoiding roll) to chosen characters; each character's roller (the player who
 * owns it and is connected, else the GM) gets a button per stat with the TN fixed for *their* unboosted dice; the
 * card they roll is bound to a roll the GM issued (documents/roll-claims.mjs), read from its own dice, and counted
 * once. A hazard's column is applied by the GM, once, as each result comes in, on the hazard's one card.
 *
 * The facts live in the GM store `gmRequests` (id → {@link GMRequest}); the request's chat card is the GM's and is
 * re-rendered from the store. Every handler is GM-only: a player's request to send one is refused.
 * @module documents/gm-requests
 */
import { checkBand, checkRequestTN, gmCheck, hazard as hazardRow, hazardOutcome } from "../rules/gm-screen.mjs";
import { bandTN } from "../rules/check.mjs";
import { armourReduction } from "../rules/record.mjs";
import { SYSTEM_ID, refuseCard, rollCheck } from "./check.mjs";
import { applyHealthLoss, conditionName } from "./combat.mjs";
import { gmStore } from "./gm-store.mjs";
import { promptCheck } from "./prompt-check.mjs";
import { assertGM, requestGM } from "./requests.mjs";
import { claimRoll, issueRoll } from "./roll-claims.mjs";
import { vehicleDrivenBy } from "./vehicle/seats.mjs";
import { inTheRain } from "./street/setup.mjs";

export const REQUEST_CARD = "systems/the-smoke/templates/chat/gm-request.hbs";
export const HAZARD_CARD = "systems/the-smoke/templates/chat/gm-hazard.hbs";
const PURPOSE = "gm.request";
/** Requests kept in the store (the oldest are dropped). */
const KEEP = 30;

/**
 * @typedef {object} RequestEntry  One character asked to roll.
 * @property {string} actorUuid @property {string} name @property {string} userId  Who rolls (their player, or the GM).
 * @property {{stat: string, tn: number, band: string, rollId: string, performance: boolean}[]} options
 * @property {null|{stat: string, total: number, tn: number, margin: number, outcome: string, messageId: string,
 *   harm?: {avoided: boolean, damage: number, reduced: number, conditions: string[], health: number}}} result
 */
/**
 * @typedef {object} GMRequest
 * @property {string} id @property {"check"|"hazard"} kind @property {string} key  The check's or hazard's key.
 * @property {string} name @property {string[]} tweaks @property {boolean} armourMarked @property {number} at
 * @property {string|null} messageId  The request's card. @property {RequestEntry[]} entries
 */

/** @type {import("./gm-store.mjs").GMStore<GMRequest>} */
export const store = gmStore("gmRequests", { onChange: () => /** @type {any} */ (Hooks).callAll("smoke.gmRequests") });

const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/** Every request, newest first. @returns {GMRequest[]} */
export function requestsList() {
  return Object.values(store.all()).sort((a, b) => b.at - a.at);
}

/** Who rolls for an actor: a connected player who owns it (its assigned player first), else the GM. */
function rollerOf(actor, gm) {
  const players = game.users.filter(u => !u.isGM && u.active && actor.testUserPermission(u, "OWNER"));
  return players.find(u => u.character?.id === actor.id) ?? players[0] ?? gm;
}

/** The characters a request may go to: people with stats. @returns {any} */
function personFrom(uuid) {
  const actor = /** @type {any} */ (fromUuidSync(/** @type {any} */ (String(uuid ?? ""))));
  if (!actor || !(actor instanceof Actor) || !["character", "npc"].includes(actor.type)) {
    throw new Error(L("SMOKE.GMScreen.notPerson", { what: String(uuid ?? "") }));
  }
  return /** @type {any} */ (actor);
}

/**
 * GM: send a check request or a hazard's avoiding roll to characters.
 * @param {User.Implementation} user
 * @param {{kind: "check"|"hazard", key: string, actorUuids: string[], tweaks?: string[], armourMarked?: boolean}} data
 * @returns {Promise<{id: string, entries: {name: string, options: {stat: string, tn: number}[]}[]}>}
 */
async function onSend(user, { kind, key, actorUuids, tweaks = [], armourMarked = false }) {
  assertGM(user);
  if (kind !== "check" && kind !== "hazard") throw new Error(L("SMOKE.GMScreen.badKind"));
  let row;
  try {
    row = kind === "check" ? gmCheck(key) : hazardRow(key);
  } catch {
    throw new Error(L(kind === "check" ? "SMOKE.GMScreen.unknownCheck" : "SMOKE.GMScreen.unknownHazard", { key: String(key) }));
  }
  const tweakIds = Array.isArray(tweaks) ? tweaks.map(String) : [];
  if (kind === "check") {
    try {
      checkBand(key, tweakIds);
    } catch {
      throw new Error(L("SMOKE.GMScreen.badTweak", { check: row.name, tweaks: tweakIds.join(", ") }));
    }
  }
  const uuids = [...new Set(Array.isArray(actorUuids) ? actorUuids : [])];
  if (!uuids.length) throw new Error(L("SMOKE.GMScreen.nobody"));
  const actors = uuids.map(personFrom);
  const id = foundry.utils.randomID(16);
  const entries = actors.map(actor => {
    const roller = rollerOf(actor, user);
    const sys = /** @type {any} */ (actor.system);
    const motor = kind === "check" ? /** @type {any} */ (vehicleDrivenBy(actor)) : null;
    const options = row.stats.filter(stat => sys.stats?.[stat]).map(stat => {
      const r = inTheRain(actor, stat, kind === "check"
        ? checkRequestTN({ checkKey: key, stat, effortDie: sys.effort?.die ?? 6, statDie: sys.stats[stat].die,
          performanceDie: motor?.system?.adjusted?.printedPerformance ?? null, tweaks: tweakIds })
        // A hazard's roll: its band's TN for the character's own unboosted dice.
        : { band: row.band, tn: bandTN(sys.effort?.die ?? 6, sys.stats[stat].die, row.band), performance: false });
      const { rollId } = issueRoll(roller, { purpose: PURPOSE, actor, stat, tn: r.tn, context: { requestId: id } });
      return { stat, tn: r.tn, band: r.band, rollId, performance: !!r.performance };
    });
    return { actorUuid: actor.uuid, name: actor.name ?? "", userId: /** @type {string} */ (roller.id), options, result: null };
  });
  /** @type {GMRequest} */
  const request = { id, kind, key, name: row.name, tweaks: kind === "check" ? tweakIds : [], armourMarked: !!armourMarked,
    at: game.time.serverTime, messageId: null, entries };
  await store.set(id, request);
  const whisper = [...new Set([...entries.map(e => e.userId), ...game.users.filter(u => u.isGM).map(u => u.id)])];
  const message = await ChatMessage.create(/** @type {any} */ ({ content: await cardHTML(request), whisper,
    speaker: { alias: L("SMOKE.GMScreen.title") }, flags: { [SYSTEM_ID]: { gmRequest: { id } } } }));
  await store.update(id, r => (r ? { ...r, messageId: message?.id ?? null } : r));
  for (const old of requestsList().slice(KEEP)) await store.set(old.id, null);
  return { id, entries: entries.map(e => ({ name: e.name, options: e.options.map(o => ({ stat: o.stat, tn: o.tn })) })) };
}

/**
 * GM: a rolled card for a request comes back: bound to the roll the GM issued for that character, read from its own
 * dice, once per character; a hazard's column is applied here, once.
 * @param {User.Implementation} user
 * @param {{rollId: string, messageId: string}} data
 */
async function onClaim(user, { rollId, messageId }) {
  const requests = store.all();
  const request = Object.values(requests).find(r => r.entries.some(e => e.options.some(o => o.rollId === rollId)));
  const entry = request?.entries.find(e => e.options.some(o => o.rollId === rollId));
  if (request && entry?.result) throw new Error(L("SMOKE.GMScreen.alreadyRolled", { name: entry.name, check: request.name }));
  const { roll, actor, check } = claimRoll(user, { rollId, messageId, purpose: PURPOSE });
  if (!request || !entry || /** @type {any} */ (roll.context).requestId !== request.id) throw new Error(L("SMOKE.Attack.forged"));
  /** @type {RequestEntry["result"]} */
  const result = { stat: roll.stat, total: check.total, tn: roll.tn, margin: check.margin, outcome: check.outcome, messageId };
  if (request.kind === "hazard") {
    const reduction = armourReduction(actor.items.filter(i => i.type === "armour").map(i => i.system));
    const harm = hazardOutcome(request.key, check.outcome, { armourMarked: request.armourMarked, armourReduction: reduction });
    let health = /** @type {any} */ (actor.system).health.value;
    if (harm.damage) health = await applyHealthLoss(actor, harm.damage);
    const applied = [];
    for (const id of harm.conditions) applied.push(await /** @type {any} */ (actor).addCondition(id));
    result.harm = { avoided: harm.avoided, damage: harm.damage, reduced: harm.reduced, conditions: applied, health };
  }
  const updated = await store.update(request.id, r => r && ({ ...r,
    entries: r.entries.map(e => (e.actorUuid === entry.actorUuid ? { ...e, result } : e)) }));
  const card = updated?.messageId ? game.messages.get(updated.messageId) : null;
  if (card && updated) await card.update({ content: await cardHTML(updated) });
  return result;
}

/** The request's card, from the store (every string escaped by the template). @param {GMRequest} request */
export async function cardHTML(request) {
  const i18n = game.i18n;
  const row = request.kind === "check" ? gmCheck(request.key) : hazardRow(request.key);
  const entries = request.entries.map(e => ({
    ...e,
    options: e.options.map(o => ({ ...o, label: i18n.format("SMOKE.GMScreen.rollButton", { stat: i18n.localize(`SMOKE.Stat.${o.stat}.name`),
      tn: String(o.tn) }) })),
    result: e.result && {
      ...e.result, outcomeLabel: i18n.localize(`SMOKE.Outcome.${e.result.outcome}`),
      statLabel: i18n.localize(`SMOKE.Stat.${e.result.stat}.name`),
      harm: e.result.harm && (e.result.harm.avoided ? i18n.localize("SMOKE.GMScreen.avoided")
        : i18n.format("SMOKE.GMScreen.harm", { damage: String(e.result.harm.damage), health: String(e.result.harm.health),
          conditions: e.result.harm.conditions.map(conditionName).join(", ") || "—" })
          + (e.result.harm.reduced ? ` ${i18n.format("SMOKE.GMScreen.armourReduced", { n: String(e.result.harm.reduced) })}` : ""))
    }
  }));
  return foundry.applications.handlebars.renderTemplate(REQUEST_CARD, {
    id: request.id, kind: request.kind, name: request.name, stakes: /** @type {any} */ (row).stakes ?? null,
    band: i18n.localize(`SMOKE.Band.${row.band}`), hazard: request.kind === "hazard",
    tweaks: request.tweaks.map(t => i18n.localize(`SMOKE.GMScreen.tweak.${t}`)),
    armour: request.kind === "hazard" ? i18n.localize(request.armourMarked ? "SMOKE.GMScreen.armourMarked" : "SMOKE.GMScreen.armourNot") : null,
    entries
  });
}

/**
 * GM: announce a hazard (Hazards: "Announce the danger and which roll can avoid it"): a public card with the hazard,
 * its band and stats and the three columns.
 * @param {User.Implementation} user @param {{key: string}} data
 */
async function onAnnounce(user, { key }) {
  assertGM(user);
  let h;
  try {
    h = hazardRow(key);
  } catch {
    throw new Error(L("SMOKE.GMScreen.unknownHazard", { key: String(key) }));
  }
  const i18n = game.i18n;
  const cell = c => (c.damage ? i18n.format("SMOKE.GMScreen.damage", { n: String(c.damage) }) : "")
    + (c.conditions.length ? `${c.damage ? " · " : ""}${c.conditions.map(conditionName).join(", ")}` : "");
  const content = await foundry.applications.handlebars.renderTemplate(HAZARD_CARD, {
    name: h.name, band: i18n.localize(`SMOKE.Band.${h.band}`),
    stats: h.stats.map(s => i18n.localize(`SMOKE.Stat.${s}.name`)).join(" / "),
    columns: ["justAbout", "badLuck", "properMess"].map(c => ({ label: i18n.localize(`SMOKE.Outcome.${c}`), text: cell(h[c]) }))
  });
  await ChatMessage.create(/** @type {any} */ ({ content, speaker: { alias: L("SMOKE.GMScreen.title") },
    flags: { [SYSTEM_ID]: { hazardAnnounced: { key } } } }));
  return { key };
}

/**
 * A roller pressed a request button: roll through the roll dialog with the GM's TN fixed (perks and Hustle allowed),
 * then hand the card to the GM.
 * @param {{requestId: string, rollId: string}} ref
 * @returns {Promise<object|null>}
 */
export async function rollRequested({ requestId, rollId }) {
  const request = store.get(requestId);
  const entry = request?.entries.find(e => e.options.some(o => o.rollId === rollId));
  const option = entry?.options.find(o => o.rollId === rollId);
  if (!request || !entry || !option) return warn(L("SMOKE.Request.rollGone"));
  if (entry.result) return warn(L("SMOKE.GMScreen.alreadyRolled", { name: entry.name, check: request.name }));
  const actor = personFrom(entry.actorUuid);
  const motor = option.performance ? /** @type {any} */ (vehicleDrivenBy(actor)) : null;
  const vehicle = motor ? { performance: motor.system.adjusted.printedPerformance, handling: 0, steps: 0, modifiers: [],
    name: motor.name } : null;
  const fixed = /** @type {const} */ ({ tnSource: "fixed", tn: option.tn });
  const choices = await promptCheck(actor, option.stat, { initial: { ...fixed, lockTN: true }, vehicle });
  if (!choices) return null;
  let message;
  try {
    message = await rollCheck(actor, option.stat, { ...choices, ...fixed }, { vehicle,
      flags: { rollId, gmRequest: { id: requestId } } });
  } catch (err) {
    return warn(err.message);
  }
  if (!message) return null;
  try {
    return await requestGM("gm.request.claim", { rollId, messageId: message.id });
  } catch (err) {
    return refuseCard(message, err.message);
  }
}

const warn = text => {
  ui.notifications.warn(text);
  return null;
};

/** The GM's requests. */
export const requests = { "gm.request.send": onSend, "gm.request.claim": onClaim, "gm.hazard.announce": onAnnounce };

/** A request card's buttons work for the character's roller only (the GM's handler checks again). */
export const hooks = {
  renderChatMessageHTML: (message, html) => {
    const ref = /** @type {any} */ (message.flags?.[SYSTEM_ID])?.gmRequest;
    if (!ref) return;
    const root = /** @type {HTMLElement} */ (html);
    for (const b of root.querySelectorAll("[data-smoke-gm-roll]")) {
      const button = /** @type {HTMLButtonElement} */ (b);
      if (button.dataset.userId !== game.user.id) {
        button.remove();
        continue;
      }
      button.addEventListener("click", async () => {
        button.disabled = true;
        const r = await rollRequested({ requestId: ref.id, rollId: String(button.dataset.rollId) });
        if (!r) button.disabled = false;
      });
    }
  }
};
