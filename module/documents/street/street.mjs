/**
 * Street Control (rulebook: A d20 on the street; Police at the table; People on the street; Playing through Foundry ›
 * GM controls — "Street Control handles setup and city activity"): the feature's facade. Every request is GM-only
 * (a player's is refused) and re-checks what it is given:
 * - setup (documents/street/setup.mjs): `street.place` people on the street, `street.set` the scene's street profile,
 *   time of day and rain; police units through Heat's own `heat.callUnits`;
 * - city activity (documents/street/events.mjs): `street.event` the d20 (whispered to the GMs), `street.followUp`
 *   what it sets going, once;
 * - police events (documents/street/police.mjs): `street.police` runs one with its verified check requests;
 *   `street.police.claim` reads a rolled card (the roller's, not the GM's) and applies the consequence once.
 * @module documents/street/street
 */
import { RULES } from "../../generated/rules.mjs";
import { gmSituational, refuseCard, rollCheck } from "../core/check.mjs";
import { promptCheck } from "../core/prompt-check.mjs";
import { assertGM, requestGM } from "../core/requests.mjs";
import { events, onFollowUp, onStreetEvent } from "./events.mjs";
import { notePoliceCard, onPoliceClaim, onPoliceEvent, policeEvents, policeRecords } from "./police.mjs";
import { L, placePeople, sceneFor, setStreet, streetOf } from "./setup.mjs";
import { docAt } from "../core/lookup.mjs";
import { mergeParts } from "../core/feature.mjs";

export { events, policeEvents, policeRecords, streetOf };
/** Street events the GM Screen's hazards start (kept for callers of the first version). */
export const EVENT_HAZARDS = Object.freeze({ 6: "staffie-on-the-loose", 7: "bottle-thrown", 19: "stray-bullet" });

/** @returns {{roll: number, title: string, text: string}[]} The d20 street events, 1–20. */
export function streetEvents() {
  return RULES["street-events"].events;
}

/**
 * A view point from a request, or null.
 * @param {any} v
 */
const viewOf = v => (v && Number.isFinite(Number(v.x)) && Number.isFinite(Number(v.y)) ? { x: Number(v.x), y: Number(v.y) } : null);

/**
 * GM: place people on the street. `people` (keys) or `name` (one, by its compendium name); none = all nine.
 * @param {User.Implementation} user
 * @param {{people?: string[], name?: string, count?: number, where?: string, view?: {x: number, y: number}|null, sceneId?: string}} data
 */
async function onPlace(user, { people = [], name = "", count = 1, where = "centre", view = null, sceneId = "" } = {}) {
  assertGM(user);
  const list = name ? [name] : Array.isArray(people) ? people : [];
  return placePeople(sceneFor(sceneId), { people: list, count, where, view: viewOf(view) });
}

/**
 * GM: set the scene's street state.
 * @param {User.Implementation} user
 * @param {{sceneId?: string, profile?: string, time?: string, rain?: boolean}} data
 */
async function onSet(user, { sceneId = "", profile, time, rain } = {}) {
  assertGM(user);
  return setStreet(sceneFor(sceneId), { profile, time, rain: rain === undefined ? undefined : !!rain });
}

/**
 * A roller pressed a police check's button: the roll dialog with the GM's TN fixed (perks and Hustle allowed), then
 * the card to the GM, who reads it and applies the consequence.
 * @param {{eventId: string, rollId: string}} ref
 * @returns {Promise<object|null>}
 */
export async function rollPolice({ eventId, rollId }) {
  const rec = policeRecords.get(eventId);
  const entry = rec?.entries.find(e => e.options.some(o => o.rollId === rollId));
  const option = entry?.options.find(o => o.rollId === rollId);
  if (!rec || !entry || !option) return warn(L("SMOKE.Street.policeGone"));
  const actor = /** @type {Actor.Implementation | null} */ (docAt(entry.actorUuid));
  if (!actor) return warn(L("SMOKE.Street.policeGone"));
  // A police check has no situational modifier: the GM rebuilds it with none (documents/core/verified-check.mjs).
  const fixed = { tnSource: /** @type {const} */ ("fixed"), tn: option.tn, ...gmSituational(0) };
  const choices = await promptCheck(actor, option.stat, { initial: { ...fixed, lockTN: true } });
  if (!choices) return null;
  let message;
  try {
    message = await rollCheck(actor, option.stat, { ...choices, ...fixed }, { flags: { rollId, policeEvent: { id: eventId } } });
  } catch (err) {
    return warn(/** @type {Error} */ (err).message);
  }
  if (!message) return null;
  try {
    return await requestGM("street.police.claim", { rollId, messageId: message.id });
  } catch (err) {
    return refuseCard(message, /** @type {Error} */ (err).message);
  }
}

const warn = text => {
  ui.notifications.warn(text);
  return null;
};

/** Street Control's GM requests. */
const requests = { "street.event": onStreetEvent, "street.followUp": onFollowUp, "street.police": onPoliceEvent,
  "street.police.claim": onPoliceClaim, "street.place": onPlace, "street.set": onSet };

/** A police check's first card, kept in the GM store as it arrives (documents/street/police.mjs). */
const hooks = { createChatMessage: notePoliceCard };

/** For other features: the scene's street state (`rain` makes Wheels one band harder: rules/street.mjs wheelsBandSteps). */
const api = { streetOf: scene => streetOf(scene) };

/**
 * Street Control's manifest (documents/core/feature.mjs), registered by the entry: the requests and hook above. Its
 * api is `game.system.api.street`.
 */
export const feature = { id: "street", ...mergeParts([{ requests, hooks }]), api };
