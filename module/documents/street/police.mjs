/**
 * The five police events (rulebook: Police at the table — Stop and Search, ANPR Ping, India 99 Overhead, Knock at the
 * Door, DS Vale Drops By): the GM runs one for the characters concerned; each gets its check as a **verified check
 * request** — the GM fixes the band's TN for the character's own unboosted dice and keeps it with a roll id in the GM
 * store (as the GM Screen's check requests do, so it survives a GM reload); the roller's card must carry that id, be
 * that roller's (or a GM's), be the first card they made for it (kept in the store as it arrives) and be the check
 * the GM rebuilds for the character (documents/core/verified-check.mjs: no situational modifier, the character's own dice,
 * perk and paid Hustle), read from its own dice against the stored TN — and its
 * consequence (rules/police.mjs policeConsequence) is applied on the GM from that verified result, **once**: the result
 * is recorded in the GM store `policeEvents` before anything is applied, so a second card, a double click or a reload
 * is refused.
 *
 * - Stop and Search: Savvy (hide) or Front (talk); failed → a search (documents/street/search.mjs). Known to police
 *   3+ → the stop starts at Wanted (Heat raised to 2 when below).
 * - ANPR Ping: each chosen character's motor has its plate read (Heat's anprPing: +1 Heat aboard a hot plate).
 * - India 99 Overhead: who the helicopter sees (3+ stars, outdoors); Heat's sight rule already counts it.
 * - Knock at the Door: talk them away (Front or Savvy); failed → Busted with a warrant (known to police 3+), else a search.
 * - DS Vale: Bottle (keep your story: failed → known to police +1) and Savvy (work out what she knows: one question).
 * @module documents/street/police
 */
import { RULES, SYSTEM_ID } from "../../generated/rules.mjs";
import { bandTN } from "../../rules/check.mjs";
import { recordedDice } from "../core/record.mjs";
import { hasWarrant, india99Sees, policeChecks, policeConsequence, stopStars } from "../../rules/police.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { anprPing, bust, heatOf, plateOf, setHeat } from "../heat/heat.mjs";
import { tokensOf, underRoof } from "../heat/sight.mjs";
import { relationshipsOf } from "../core/relationships.mjs";
import { assertGM } from "../core/requests.mjs";
import { verifiedCheck } from "../core/verified-check.mjs";
import { vehicleOf } from "../vehicle/seats.mjs";
import { searchCharacter } from "./search.mjs";
import { L } from "./setup.mjs";
import { docAt } from "../core/lookup.mjs";
import { cardRefusal, carryOpenRolls, keepFirstCard, refusalText, voidStoredCard } from "../core/roll-cards.mjs";

export const POLICE_CARD = "systems/the-smoke/templates/chat/street-police.hbs";
const KEEP = 30;

/**
 * @typedef {object} PoliceEntry
 * @property {string} actorUuid
 * @property {string} name
 * @property {string} userId  Who rolls.
 * @property {boolean} warrant
 * @property {boolean} exclusive  One of the checks counts (else each).
 * @property {{checkId: string, stat: string, band: string, tn: number, rollId: string, cardId?: string|null}[]} options
 *   `cardId`: the first card the roller made for that roll (recorded by the active GM as it arrived).
 * @property {{checkId: string, stat: string, total: number, tn: number, margin: number, outcome: string,
 *   effect: string, lines: string[]}[]} results
 */
/** @typedef {{id: string, key: string, at: number, messageId: string|null, lines: string[], entries: PoliceEntry[]}} PoliceRecord */
/** @type {import("../core/gm-store.mjs").GMStore<PoliceRecord>} */
export const policeRecords = gmStore("policeEvents", { onChange: () => Hooks.callAll("smoke.policeEvents") });

/** @returns {any[]} The five police events (Police at the table). */
export const policeEvents = () => RULES["police-response"].events;

/** Who rolls for a character: a connected player who owns it (its assigned player first), else the GM. */
function rollerOf(actor, gm) {
  const players = game.users.filter(u => !u.isGM && u.active && actor.testUserPermission(u, "OWNER"));
  return players.find(u => u.character?.id === actor.id) ?? players[0] ?? gm;
}

/**
 * A chosen character from a UUID, or a localized Error.
 * @param {unknown} uuid
 * @returns {any}
 */
function characterFrom(uuid) {
  const a = docAt(String(uuid ?? ""));
  if (!(a instanceof Actor) || a.type !== "character") throw new Error(L("SMOKE.Street.notCharacter", { what: String(uuid ?? "") }));
  return a;
}

/**
 * The card, from the record (the template escapes every string).
 * @param {PoliceRecord} rec
 */
export async function policeCardHTML(rec) {
  const event = policeEvents().find(e => e.key === rec.key);
  const entries = rec.entries.map(e => ({ ...e,
    options: e.options.filter(o => !e.results.some(r => r.checkId === o.checkId) && !(e.exclusive && e.results.length))
      .map(o => ({ ...o, label: L("SMOKE.Street.rollButton", { check: L(`SMOKE.Street.check.${o.checkId}`),
        stat: L(`SMOKE.Stat.${o.stat}.name`), tn: String(o.tn) }) })),
    results: e.results.map(r => ({ ...r, outcomeLabel: L(`SMOKE.Outcome.${r.outcome}`), statLabel: L(`SMOKE.Stat.${r.stat}.name`) })) }));
  return foundry.applications.handlebars.renderTemplate(POLICE_CARD, { id: rec.id, title: event.name, text: event.appears,
    consequence: event.consequence, lines: rec.lines, entries });
}

/**
 * GM: run a police event for the chosen characters.
 * @param {User.Implementation} user
 * @param {{key: string, actorUuids?: string[]}} data
 * @returns {Promise<{id: string, key: string, lines: string[], entries: {name: string, options: {stat: string, tn: number}[]}[]}>}
 */
export async function onPoliceEvent(user, { key, actorUuids = [] }) {
  assertGM(user);
  const event = policeEvents().find(e => e.key === key);
  if (!event) throw new Error(L("SMOKE.Street.badPolice", { key: String(key) }));
  const actors = [...new Set(Array.isArray(actorUuids) ? actorUuids.map(String) : [])].map(characterFrom);
  if (!actors.length) throw new Error(L("SMOKE.Street.nobody"));
  const id = foundry.utils.randomID(16);
  const lines = [];
  /** @type {PoliceEntry[]} */
  const entries = [];
  if (key === "anpr-ping") lines.push(...await anprLines(actors));
  for (const actor of actors) {
    const police = relationshipsOf(actor).police;
    let stars = heatOf(actor).stars;
    if (key === "india-99-overhead") {
      const indoors = !!(heatOf(actor)).indoors || tokensOf(actor).some(t => underRoof(t));
      lines.push(L(india99Sees({ stars, indoors }) ? "SMOKE.Street.india99Sees" : "SMOKE.Street.india99Not", { name: actor.name, stars: String(stars) }));
    }
    if (key === "stop-and-search" && stopStars({ stars, police }) > stars) {
      stars = await setHeat(actor, stopStars({ stars, police }), { reason: "stop" });
      lines.push(L("SMOKE.Street.startsWanted", { name: actor.name, n: String(police) }));
    }
    const warrant = hasWarrant(police);
    if (key === "knock-at-the-door") lines.push(L(warrant ? "SMOKE.Street.warrant" : "SMOKE.Street.noWarrant", { name: actor.name, n: String(police) }));
    const plan = policeChecks(key, { stars, police });
    if (!plan.checks.length) continue;
    const roller = rollerOf(actor, user);
    const sys = actor.system;
    const options = plan.checks.filter(c => sys.stats?.[c.stat]).map(c => {
      const { effortDie, statDie } = recordedDice(actor, c.stat);
      const tn = bandTN(effortDie, statDie, /** @type {SmokeBand} */ (c.band));
      // The option's roll id and TN live in the GM store: the card is checked against them, so a GM reload keeps it.
      return { checkId: c.id, stat: c.stat, band: c.band, tn, rollId: foundry.utils.randomID(16), cardId: null };
    });
    entries.push({ actorUuid: actor.uuid, name: actor.name, userId: /** @type {string} */ (roller.id), warrant,
      exclusive: plan.exclusive, options, results: [] });
  }
  /** @type {PoliceRecord} */
  const rec = { id, key: event.key, at: game.time.serverTime, messageId: null, lines, entries };
  const moved = takeOpenChecks(rec);
  await policeRecords.set(id, rec);
  for (const old of moved) {
    const left = await policeRecords.update(old, r => (r ? { ...r, entries: r.entries.filter(e => !entries.some(n => n.actorUuid === e.actorUuid)) } : r));
    const card = left?.messageId ? game.messages.get(left.messageId) : null;
    if (card && left) await card.update({ content: await policeCardHTML(left) });
  }
  const owners = actors.flatMap(a => game.users.filter(u => !u.isGM && a.testUserPermission(u, "OWNER")).map(u => u.id));
  const whisper = [...new Set([...owners, ...entries.map(e => e.userId), ...game.users.filter(u => u.isGM).map(u => u.id)])];
  const message = await ChatMessage.create({ content: await policeCardHTML(rec), whisper,
    speaker: { alias: L("SMOKE.Street.title") }, flags: { [SYSTEM_ID]: { policeEvent: { id, key: event.key } } } });
  await policeRecords.update(id, r => (r ? { ...r, messageId: message?.id ?? null } : r));
  const all = Object.values(policeRecords.all()).sort((a, b) => b.at - a.at);
  for (const old of all.slice(KEEP)) await policeRecords.set(old.id, null);
  return { id, key: event.key, lines, entries: entries.map(e => ({ name: e.name, options: e.options.map(o => ({ stat: o.stat, tn: o.tn })) })) };
}

/**
 * One live roll per character and police check: a character whose same event's checks are still open (none rolled) in
 * an earlier record keeps those roll ids — and the first card made for each — in the new one (roll-cards.mjs
 * carryOpenRolls).
 * @param {PoliceRecord} rec  The new record (not yet stored); its options are rewritten in place.
 * @returns {string[]}  The earlier records whose open entries moved.
 */
function takeOpenChecks(rec) {
  const same = Object.values(policeRecords.all()).filter(r => r.key === rec.key);
  return carryOpenRolls(same, rec.entries, { open: e => !e.results.length, same: (a, b) => a.checkId === b.checkId });
}

/**
 * Active GM: keep a police check's first card in the store as it arrives (roll-cards.mjs keepFirstCard).
 * @param {ChatMessage.Implementation} message
 */
export const notePoliceCard = message => keepFirstCard(policeRecords, message);

/**
 * ANPR Ping: each chosen character's motor has its plate read by Heat (a hot plate: +1 Heat to everyone aboard).
 * @param {any[]} actors
 * @returns {Promise<string[]>}
 */
async function anprLines(actors) {
  const motors = [...new Map(actors.flatMap(a => {
    const v = vehicleOf(a)?.vehicle;
    return v ? [v] : [];
  }).map(v => [v.uuid, v])).values()];
  const lines = [];
  for (const motor of motors) {
    const n = plateOf(motor)?.hot ? await anprPing(motor, "gm") : 0;
    lines.push(L(n ? "SMOKE.Street.anprHit" : "SMOKE.Street.anprClean", { motor: motor.name, n: String(n) }));
  }
  return lines.length ? lines : [L("SMOKE.Street.anprNoMotor")];
}

/**
 * GM: a police check's card comes back: verified from its own dice against the GM's TN, once per character and check
 * (one of the two for an exclusive event); the consequence applied here, after the result is recorded.
 * @param {User.Implementation} user
 * @param {{rollId: string, messageId: string}} data
 */
export async function onPoliceClaim(user, { rollId, messageId }) {
  const rec = Object.values(policeRecords.all()).find(r => r.entries.some(e => e.options.some(o => o.rollId === rollId)));
  const entry = rec?.entries.find(e => e.options.some(o => o.rollId === rollId));
  const option = entry?.options.find(o => o.rollId === rollId);
  if (!rec || !entry || !option) throw new Error(L("SMOKE.Street.policeGone"));
  if (entry.results.some(r => r.checkId === option.checkId) || (entry.exclusive && entry.results.length)) {
    throw new Error(L("SMOKE.Street.alreadyRolled", { name: entry.name }));
  }
  const message = game.messages?.get(String(messageId));
  const author = message?.author;
  const mine = !!author && (user.isGM || user.id === entry.userId) && (author.isGM || author.id === entry.userId);
  const actor = /** @type {Actor.Implementation | null} */ (docAt(entry.actorUuid));
  if (!message || !actor || !mine || message.flags?.[SYSTEM_ID]?.rollId !== rollId) {
    throw new Error(L("SMOKE.Attack.forged"));
  }
  const refusal = cardRefusal(message, rollId, { first: option.cardId ?? null });
  if (refusal) throw new Error(refusalText(refusal));
  const check = await verifiedCheck(message, { actor, stat: option.stat, tn: option.tn }).catch(async err => {
    if (err.setAside) await voidStoredCard(policeRecords, message, rollId); // made wrong: the roller's next card counts
    throw err;
  });
  const c = policeConsequence(rec.key, option.checkId, { margin: check.margin, warrant: entry.warrant });
  const result = { checkId: option.checkId, stat: option.stat, total: check.total, tn: option.tn, margin: check.margin,
    outcome: check.outcome, effect: c.effect, lines: [] };
  const save = lines => policeRecords.update(rec.id, r => r && ({ ...r, entries: r.entries.map(e => (e.actorUuid === entry.actorUuid
    ? { ...e, results: [...e.results.filter(x => x.checkId !== option.checkId), { ...result, lines }] } : e)) }));
  await save([L(`SMOKE.Street.effect.${c.effect}`, { name: actor.name })]); // recorded first: applied once
  const lines = [L(`SMOKE.Street.effect.${c.effect}`, { name: actor.name })];
  if (c.effect === "search") {
    const found = await searchCharacter(actor, rec.key);
    lines.push(found.items.length ? L("SMOKE.Street.seized", { items: found.items.join(", ") }) : L("SMOKE.Street.foundNothing"));
    if (found.heat) lines.push(L("SMOKE.Street.searchHeat", { n: String(found.heat), stars: String(found.stars) }));
  }
  if (c.effect === "busted") {
    try {
      const b = await bust(actor);
      lines.push(L("SMOKE.Street.bustedLine", { loss: String(b.loss) }));
    } catch (err) {
      lines.push(/** @type {Error} */ (err).message);
    }
  }
  if (c.police) {
    const police = relationshipsOf(actor).police + c.police;
    await actor.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.relationships.police": police }));
    lines.push(L("SMOKE.Street.policeUp", { name: actor.name, n: String(police) }));
  }
  const updated = await save(lines);
  const card = updated?.messageId ? game.messages.get(updated.messageId) : null;
  if (card && updated) await card.update({ content: await policeCardHTML(updated) });
  return { effect: c.effect, margin: check.margin, outcome: check.outcome, lines };
}
