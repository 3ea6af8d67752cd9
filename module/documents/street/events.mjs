/**
 * The d20 street event and its follow-up (rulebook: A d20 on the street). The event is a roll the system makes on the
 * active GM (or the GM's choice), whispered to the GMs only — v13 table draws ignore the roll mode, so the whisper is
 * explicit — with what appears, the scene's street state, and a button for what it sets going where the system can
 * act (rules/street.mjs FOLLOW_UPS). The follow-up runs on the GM, **once per event**: the record in the GM store
 * `streetEvents` (id → {@link StreetEventRecord}) is marked done before anything is placed or pinged, so a double
 * click, a second GM or a reload is refused; a player's request is refused.
 *
 * Follow-ups reuse the owners' code: people and motors (documents/street/setup.mjs), Heat's ANPR ping
 * (documents/heat/heat.mjs anprPing), a Pat's order through the Shifts callout handler, the GM Screen's hazard announce.
 * @module documents/street/events
 */
import { PAT_ORDER } from "../../rules/jobs.mjs";
import { STREET_DIE, streetEvent } from "../../rules/street.mjs";
import { RULES, SYSTEM_ID } from "../../generated/rules.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { announceHazard } from "../gm-screen/request-card.mjs";
import { anprPing, plateOf } from "../heat/heat.mjs";
import { isPolice } from "../heat/sight.mjs";
import { assertGM } from "../core/requests.mjs";
import { createCallout } from "../shifts/callouts.mjs";
import { occupantsOf } from "../vehicle/seats.mjs";
import { L, parkMotor, placePeople, sceneFor, setStreet, streetOf } from "./setup.mjs";

export const EVENT_CARD = "systems/the-smoke/templates/chat/street-event.hbs";
const KEEP = 30;

/**
 * @typedef {object} StreetEventRecord
 * @property {string} id
 * @property {number} roll
 * @property {boolean} rolled  A d20 (true) or the GM's choice.
 * @property {string} sceneId
 * @property {number} at  Server ms.
 * @property {string|null} messageId
 * @property {null|{by: string, lines: string[]}} done  The follow-up, once.
 */
/** @type {import("../core/gm-store.mjs").GMStore<StreetEventRecord>} */
export const events = gmStore("streetEvents");

/**
 * The card of a street event, from its record.
 * @param {StreetEventRecord} rec
 */
export async function eventCardHTML(rec) {
  const event = streetEvent(rec.roll);
  const f = event.followUp;
  const scene = game.scenes.get(rec.sceneId);
  const street = streetOf(scene);
  const hazard = f?.kind === "hazard" ? hazardName(String(f.hazard)) : null;
  const label = !f ? null : f.kind === "hazard" ? L("SMOKE.Street.startHazard", { hazard })
    : L(`SMOKE.Street.follow.${f.kind}`, { n: String(f.count ?? 1), name: f.person ? L(`SMOKE.Street.person.${f.person}`) : "",
      motor: f.vehicle ? L(`SMOKE.Street.motor.${f.vehicle}`) : "" });
  return foundry.applications.handlebars.renderTemplate(EVENT_CARD, {
    id: rec.id, roll: event.roll, title: event.title, text: event.text, rolled: rec.rolled,
    street: scene ? L("SMOKE.Street.stateLine", { scene: scene.name, profile: L(`SMOKE.Street.profile.${street.profile}`),
      time: L(`SMOKE.Street.time.${street.time}`) }) : null,
    followUp: label, hazardKey: f?.kind === "hazard" ? f.hazard : null, done: rec.done, narrative: !f });
}

/**
 * @param {string} key
 * @returns {string} A hazard's name.
 */
const hazardName = key => RULES.hazards.hazards.find(h => h.key === key)?.name ?? key;

/**
 * GM: a street event, rolled (d20, a core Roll on the GM) or chosen, whispered to the GMs.
 * @param {User.Implementation} user
 * @param {{roll?: number|string|null, sceneId?: string}} data
 * @returns {Promise<{id: string, roll: number, title: string, hazard: string|null, followUp: string|null, messageId: string|null}>}
 */
export async function onStreetEvent(user, { roll = null, sceneId = "" } = {}) {
  assertGM(user);
  let dice = null;
  let n = roll;
  if (n === null || n === undefined || n === "") {
    dice = await new Roll(`1d${STREET_DIE}`).evaluate();
    n = dice.total;
  }
  let event;
  try {
    event = streetEvent(Number(n));
  } catch {
    throw new Error(L("SMOKE.Street.badEvent", { roll: String(n), die: String(STREET_DIE) }));
  }
  const scene = sceneFor(sceneId);
  const id = foundry.utils.randomID(16);
  /** @type {StreetEventRecord} */
  const rec = { id, roll: event.roll, rolled: !!dice, sceneId: scene.id, at: game.time.serverTime, messageId: null, done: null };
  await events.set(id, rec);
  const whisper = game.users.filter(u => u.isGM).map(u => u.id);
  const hazard = event.followUp?.kind === "hazard" ? event.followUp.hazard : null;
  // Not a roll message: v13 shows a whispered roll to everyone as "privately rolled some dice"; the die is on the card.
  const message = await ChatMessage.create({ content: await eventCardHTML(rec), whisper,
    speaker: { alias: L("SMOKE.Street.title") }, flags: { [SYSTEM_ID]: { streetEvent: { id } } } });
  await events.update(id, r => (r ? { ...r, messageId: message?.id ?? null } : r));
  const all = Object.values(events.all()).sort((a, b) => b.at - a.at);
  for (const old of all.slice(KEEP)) await events.set(old.id, null);
  return { id, roll: event.roll, title: event.title, hazard: hazard ?? null, followUp: event.followUp?.kind ?? null,
    messageId: message?.id ?? null };
}

/**
 * GM: run a street event's follow-up, once.
 * @param {User.Implementation} user
 * @param {{eventId: string, view?: {x: number, y: number}|null}} data
 * @returns {Promise<{kind: string, lines: string[]}>}
 */
export async function onFollowUp(user, { eventId, view = null }) {
  assertGM(user);
  const rec = events.get(String(eventId ?? ""));
  if (!rec) throw new Error(L("SMOKE.Street.noEvent"));
  const f = streetEvent(rec.roll).followUp;
  if (!f) throw new Error(L("SMOKE.Street.narrativeOnly", { title: streetEvent(rec.roll).title }));
  if (rec.done) throw new Error(L("SMOKE.Street.alreadyDone", { title: streetEvent(rec.roll).title }));
  const scene = sceneFor(rec.sceneId);
  // The record first: from here a second click (or another GM, or a reload) is refused.
  await events.update(rec.id, r => (r ? { ...r, done: { by: /** @type {string} */ (user.id), lines: [] } } : r));
  let lines;
  try {
    lines = await run(f, scene, rec, view);
  } catch (err) {
    await events.update(rec.id, r => (r ? { ...r, done: null } : r)); // refused before anything was set going: try again
    throw err;
  }
  const updated = await events.update(rec.id, r => (r ? { ...r, done: { by: /** @type {string} */ (user.id), lines } } : r));
  const card = updated?.messageId ? game.messages.get(updated.messageId) : null;
  if (card && updated) await card.update({ content: await eventCardHTML(updated) });
  return { kind: f.kind, lines };
}

/**
 * What each follow-up does.
 * @param {import("../../rules/street.mjs").FollowUp} f
 * @param {any} scene
 * @param {StreetEventRecord} rec
 * @param {any} view
 * @returns {Promise<string[]>}
 */
async function run(f, scene, rec, view) {
  switch (f.kind) {
    case "place": {
      const { placed } = await placePeople(scene, { people: [f.person], count: f.count, where: view ? "view" : "centre", view });
      return [L("SMOKE.Street.placed", { n: String(placed.length), name: L(`SMOKE.Street.person.${f.person}`), scene: scene.name })];
    }
    case "motor": {
      await parkMotor(scene, /** @type {string} */ (f.vehicle), { where: view ? "view" : "centre", view });
      return [L("SMOKE.Street.parked", { motor: L(`SMOKE.Street.motor.${f.vehicle}`), scene: scene.name })];
    }
    case "anpr": return patrolPasses(scene);
    case "rain": {
      await setStreet(scene, { rain: true });
      return [L("SMOKE.Street.rainOn", { scene: scene.name })];
    }
    case "hazard": {
      await announceHazard(String(f.hazard));
      return [L("SMOKE.Street.hazardAnnounced", { hazard: hazardName(/** @type {string} */ (f.hazard)) })];
    }
    case "order": {
      const event = streetEvent(rec.roll);
      await createCallout({ shift: PAT_ORDER, name: `${event.title}: ${event.text}`.slice(0, 120),
        destinations: [{ sceneId: scene.id, name: L("SMOKE.Street.kezSpot") }], hops: 0, offerTo: "" });
      return [L("SMOKE.Street.orderMade")];
    }
    default: return [];
  }
}

/**
 * Patrol cruises past: "Anyone in a nicked motor gets pinged" — every motor on the scene with a hot plate and
 * somebody aboard has its plate read by Heat's ANPR ping (+1 Heat to each character aboard).
 * @param {any} scene
 * @returns {Promise<string[]>}
 */
async function patrolPasses(scene) {
  const motors = new Map();
  for (const t of scene.tokens) {
    const a = t.actor;
    if (a?.type === "vehicle" && !isPolice(a) && occupantsOf(a).length) motors.set(a.uuid, a);
  }
  const lines = [];
  for (const motor of motors.values()) {
    if (!plateOf(motor)?.hot) continue;
    const n = await anprPing(motor, "gm");
    lines.push(L(n ? "SMOKE.Street.anprHit" : "SMOKE.Street.anprClean", { motor: motor.name, n: String(n) }));
  }
  return lines.length ? lines : [L("SMOKE.Street.noHotMotor", { scene: scene.name })];
}
