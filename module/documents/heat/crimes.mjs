/**
 * Witnessed crimes (rulebook: Heat on your heels › Witnesses make the difference). The system notices the crimes it
 * can see — the GM's own handlers fire hook `smoke.crime` with `{actorUuid, crime, actId, witnessed}` (a motor
 * nicked, a carjacking, an attack, a gun fired, a killing, dangerous driving, failing to stop) — and asks the GM in one
 * card: *witnessed?* and *police saw?*, each one click, pre-set from the scene (a police token that can see the act →
 * police saw). The GM can also add any crime by hand ({@link addCrime}).
 *
 * **Once per act.** Every act has an id (`theft:<rollId>`, `attack:<recordId>`, `kill:<combatantId>:<round>`, …); the
 * GM store `heatActs` keeps each act's state (pending → applied or dismissed), so a second notice, a second click or a
 * second request for the same act adds nothing.
 *
 * Foundry-side only; the rules are in rules/heat.mjs.
 * @module documents/heat/crimes
 */
import { crimeById, heatAfterCrime, heatLevel, policeResponse, wornWitnessedHeat } from "../../rules/heat.mjs";
import { footMove } from "../../rules/police.mjs";
import { activeNow } from "../core/active-time.mjs";
import { unitCounts } from "../core/counts.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { heatOf, setHeat } from "./store.mjs";
import { recordedKit } from "../core/kit-record.mjs";
import { sightOf } from "./sight.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";

export { SYSTEM_ID };
export const CARD_TEMPLATE = "systems/the-smoke/templates/chat/heat-card.hbs";
/** Acts kept in the ledger (the oldest are forgotten past this; a forgotten act is long resolved). */
const KEEP_ACTS = 500;

/**
 * @typedef {object} Act
 * @property {string} actorUuid
 * @property {string} crime  A crime id of witnessed-crimes.yml.
 * @property {"pending"|"applied"|"dismissed"} state
 * @property {boolean} witnessed
 * @property {boolean} policeSaw
 * @property {string[]} units  Police seeing it when noticed (names).
 * @property {string|null} messageId  The GM's card.
 * @property {number} at  Active ms.
 * @property {number|null} stars  Heat after it (applied).
 */

/** @type {import("../core/gm-store.mjs").GMStore<Act>} */
export const acts = gmStore("heatActs");

/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 */
export const L = (key, data) => (data ? game.i18n.format(key, /** @type {object} */ (data)) : game.i18n.localize(key));

/** @returns {string[]} The GMs' user ids (whispered cards). */
export const gmIds = () => game.users.filter(u => u.isGM).map(u => /** @type {string} */ (u.id));

/**
 * A crime of the table, or a localized Error naming the bad id.
 * @param {unknown} crimeId
 * @returns {{key: string, name: string, stars: number}}
 */
export function crimeOrThrow(crimeId) {
  try {
    return crimeById(String(crimeId));
  } catch {
    throw new Error(L("SMOKE.Wanted.noCrime", { crime: String(crimeId) }));
  }
}

/**
 * @param {unknown} uuid
 * @returns {Actor.Implementation} A character, or a localized Error.
 */
export function characterAt(uuid) {
  const actor = /** @type {Actor.Implementation | null} */ (typeof uuid === "string" ? fromUuidSync(/** @type {`Actor.${string}`} */ (uuid)) : null);
  if (!actor || actor.documentName !== "Actor" || actor.type !== "character") throw new Error(L("SMOKE.Wanted.notCharacter"));
  return actor;
}

/**
 * The worn kit that changes a witnessed crime's stars (Tools and gear › Balaclava): each item the GM's record says the
 * character carries, its `witnessedHeat` from that record, worn as its owner marks it (which item is worn is the
 * owner's choice, documents/core/kit-record.mjs FREE_FIELDS); the strongest counts (rules/heat.mjs wornWitnessedHeat).
 * @param {Actor.Implementation} actor
 * @returns {{witnessedHeat: number, names: string[]}}
 */
export function maskOf(actor) {
  const record = recordedKit(actor);
  const worn = actor.items.filter(i => !!(/** @type {{worn?: boolean}} */ (i.system).worn && record[/** @type {string} */ (i.id)]
    && Number(record[/** @type {string} */ (i.id)].system.witnessedHeat) < 0));
  const witnessedHeat = wornWitnessedHeat(worn.map(i => ({ worn: true,
    witnessedHeat: Number(record[/** @type {string} */ (i.id)].system.witnessedHeat) })));
  return { witnessedHeat, names: witnessedHeat ? worn.map(i => i.name ?? "") : [] };
}

/**
 * @param {string} key
 * @returns {string}
 */
const crimeName = key => L(`SMOKE.Wanted.crime.${key}`);

/**
 * Post a Heat card (templates/chat/heat-card.hbs), whispered to the GMs unless `whisper` says otherwise.
 * @param {{kind: string, id?: string, title: string, lines?: (string|false|null)[], toggles?: object[],
 *   buttons?: object[], done?: string|null, flags?: object, whisper?: string[]|null, speaker?: any}} card
 */
export async function postHeatCard({ flags = {}, whisper = gmIds(), speaker = null, ...card }) {
  const content = await foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE,
    { ...card, lines: (card.lines ?? []).filter(Boolean) });
  return ChatMessage.create({ content, flags: { [SYSTEM_ID]: flags },
    ...(whisper ? { whisper } : {}), speaker: speaker ? ChatMessage.getSpeaker({ actor: speaker }) : ChatMessage.getSpeaker() });
}

/**
 * The GM's card for a noticed act.
 * @param {string} actId
 * @param {Act} act
 * @param {Actor.Implementation} actor
 */
function crimeCard(actId, act, actor) {
  const crime = crimeOrThrow(act.crime);
  const done = act.state === "applied" ? L("SMOKE.Wanted.applied", { stars: String(act.stars) })
    : act.state === "dismissed" ? L("SMOKE.Wanted.dismissed") : null;
  return { kind: "crime", id: actId, title: L("SMOKE.Wanted.crimeTitle", { name: actor.name, crime: crimeName(crime.key),
    stars: String(crime.stars) }),
  lines: [act.units.length ? L("SMOKE.Wanted.unitsSee", { units: act.units.join(", ") }) : null, maskLine(actor)].filter(Boolean),
  // No police token sees it: the line follows the GM's *Police saw?* tick (apps/heat-cards.mjs).
  sight: act.units.length ? null : { unseen: L("SMOKE.Wanted.noUnitsSee"), saw: L("SMOKE.Wanted.gmSaw"),
    text: L(act.policeSaw ? "SMOKE.Wanted.gmSaw" : "SMOKE.Wanted.noUnitsSee") },
  toggles: done ? [] : [{ key: "witnessed", label: L("SMOKE.Wanted.witnessed"), checked: act.witnessed },
    { key: "policeSaw", label: L("SMOKE.Wanted.policeSaw"), checked: act.policeSaw }],
  buttons: done ? [] : [{ action: "crimeApply", label: L("SMOKE.Wanted.apply") }, { action: "crimeDismiss", label: L("SMOKE.Wanted.dismiss") }],
  done, flags: { heatCrime: actId } };
}

/**
 * The card's line for a worn Balaclava, or null.
 * @param {Actor.Implementation} actor
 * @returns {string|null}
 */
function maskLine(actor) {
  const mask = maskOf(actor);
  return mask.witnessedHeat ? L("SMOKE.Wanted.masked", { name: actor.name ?? "", items: mask.names.join(", "),
    stars: String(-mask.witnessedHeat) }) : null;
}

/**
 * Active GM: the system noticed an act that may be a crime: record it (pending) and ask the GM on one card, pre-set
 * from the scene. An act already noticed is ignored.
 * @param {{actorUuid: string, crime: string, actId: string, witnessed?: boolean}} notice
 * @returns {Promise<string|null>} The act id, or null when it was already noticed or is not a character's act.
 */
export async function noticeCrime({ actorUuid, crime, actId, witnessed = true }) {
  if (!game.user.isActiveGM || !actId || acts.get(actId)) return null;
  crimeOrThrow(crime);
  const actor = /** @type {Actor.Implementation | null} */ (fromUuidSync(/** @type {`Actor.${string}`} */ (actorUuid)));
  if (actor?.type !== "character") return null;
  const heat = heatOf(actor);
  const sight = sightOf(actor, heat);
  /** @type {Act} */
  const act = { actorUuid, crime, state: "pending", witnessed: !!witnessed || sight.units.length > 0,
    policeSaw: heat.override === "seen" || (heat.override !== "unseen" && sight.units.length > 0), units: sight.units,
    messageId: null, at: activeNow(), stars: null };
  await acts.set(actId, act);
  const message = await postHeatCard(crimeCard(actId, act, actor));
  await acts.update(actId, a => (a ? { ...a, messageId: message?.id ?? null } : a));
  return actId;
}

/**
 * Active GM: add a crime's Heat to a character (by hand, or from the card), less what a worn Balaclava hides
 * ({@link maskOf}). Nothing is added twice for one act id.
 * @param {Actor.Implementation} actor  A character.
 * @param {string} crimeId
 * @param {{witnessed?: boolean, policeSaw?: boolean, actId?: string|null}} [options]
 * @returns {Promise<{stars: number, added: number, duplicate: boolean}>}
 * @throws {Error} a crime id that does not exist, not a character, not the active GM (localized).
 */
export async function addCrime(actor, crimeId, { witnessed = true, policeSaw = false, actId = null } = {}) {
  if (!game.user.isActiveGM) throw new Error(L("SMOKE.Store.gmOnly"));
  const crime = crimeOrThrow(crimeId);
  if (actor?.type !== "character") throw new Error(L("SMOKE.Wanted.notCharacter"));
  const id = actId ? String(actId) : `hand:${foundry.utils.randomID(16)}`;
  const before = heatOf(actor).stars;
  const known = acts.get(id);
  if (known && known.state !== "pending") return { stars: before, added: 0, duplicate: true };
  const next = heatAfterCrime({ heat: before, crime: crime.key, witnessed: !!witnessed, policeSaw: !!policeSaw,
    witnessedHeat: maskOf(actor).witnessedHeat });
  // The act is marked first, so a second request finds it applied even if the Heat write is still in flight.
  await acts.set(id, { ...(known ?? { units: [], messageId: null }), actorUuid: actor.uuid, crime: crime.key,
    state: "applied", witnessed: !!witnessed, policeSaw: !!policeSaw, at: activeNow(), stars: next });
  await prune();
  const stars = next === before ? before : await setHeat(actor, next, { reason: crime.key });
  if (stars > before) await heatRose(actor, before, stars);
  Hooks.callAll("smoke.heatRaised", actor, { crime: crime.key, before, stars, actId: id });
  return { stars, added: stars - before, duplicate: false };
}

/**
 * Active GM: the GM's answer on a crime card: apply with the card's two ticks, or dismiss (no Heat).
 * @param {string} actId
 * @param {{witnessed?: boolean, policeSaw?: boolean, dismiss?: boolean}} answer
 * @returns {Promise<{stars: number, added: number, duplicate: boolean}>}
 */
export async function resolveCrime(actId, { witnessed = true, policeSaw = false, dismiss = false }) {
  const act = acts.get(actId);
  if (!act) throw new Error(L("SMOKE.Wanted.noAct"));
  const actor = characterAt(act.actorUuid);
  if (act.state !== "pending") return { stars: heatOf(actor).stars, added: 0, duplicate: true };
  let result;
  if (dismiss) {
    await acts.set(actId, { ...act, state: "dismissed" });
    result = { stars: heatOf(actor).stars, added: 0, duplicate: false };
  } else {
    result = await addCrime(actor, act.crime, { witnessed, policeSaw, actId });
  }
  const now = /** @type {Act} */ (acts.get(actId));
  const message = act.messageId ? game.messages?.get(act.messageId) : null;
  if (message) {
    const content = await foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, crimeCard(actId, now, actor));
    await message.update({ content });
  }
  return result;
}

/** Forget the oldest resolved acts past {@link KEEP_ACTS}. */
async function prune() {
  const all = Object.entries(acts.all()).filter(([, a]) => a.state !== "pending");
  if (all.length <= KEEP_ACTS) return;
  all.sort((a, b) => a[1].at - b[1].at);
  for (const [id] of all.slice(0, all.length - KEEP_ACTS)) await acts.set(id, null);
}

/**
 * Active GM: Heat rose: offer the GM *Call in units* to the table's counts, *Demand a stop*, and the next police move.
 * @param {Actor.Implementation} actor
 * @param {number} before
 * @param {number} stars
 */
export async function heatRose(actor, before, stars) {
  const level = heatLevel(stars);
  const r = policeResponse(stars);
  const moves = footMove({ stars, distance: null });
  return postHeatCard({ kind: "rise", title: L("SMOKE.Wanted.roseTitle", { name: actor.name, stars: String(stars),
    level: L(`SMOKE.Wanted.level.${level.id}`) }),
  lines: [L("SMOKE.Wanted.response", unitCounts(r)), r.india99 && L("SMOKE.Wanted.india99"), r.roadblocks && L("SMOKE.Wanted.roadblocks"),
    L("SMOKE.Wanted.nextMove", { moves: moves.map(m => L(`SMOKE.Wanted.move.${m}`)).join("; ") })],
  buttons: [{ action: "callUnits", label: L("SMOKE.Wanted.callUnits"), value: String(stars) },
    { action: "demandStop", label: L("SMOKE.Wanted.demandStop") }],
  flags: { heatRise: { actorUuid: actor.uuid, before, stars } } });
}
