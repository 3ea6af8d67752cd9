/**
 * Street Control (rulebook: A d20 on the street; Police at the table; People on the street): city activity for the
 * GM. The d20 street event is a roll the system makes on the active GM (or the GM's choice), whispered to the GMs
 * only (v13 table draws ignore the roll mode, so the whisper is explicit), with what appears and, where the system
 * can act, the follow-up (the Staffie and the stray bullet start their hazard). A police event is announced with its
 * check and consequence; the people on the street are placed on the viewed scene from the street-people compendium.
 * Every handler is GM-only.
 * @module documents/street-control
 */
import { RULES } from "../generated/rules.mjs";
import { SYSTEM_ID } from "./check.mjs";
import { assertGM } from "./requests.mjs";
import { vehicleOf } from "./vehicle/seats.mjs";
import { relationshipsOf } from "./relationships.mjs";

export const EVENT_CARD = "systems/the-smoke/templates/chat/street-event.hbs";
/** Street events the system can follow up: the event's roll → the hazard it starts (Hazards · 1–16). */
export const EVENT_HAZARDS = Object.freeze({ 6: "staffie-on-the-loose", 19: "stray-bullet" });
const PEOPLE_PACK = `${SYSTEM_ID}.street-people`;

const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/** @returns {{roll: number, title: string, text: string}[]} The d20 street events, 1–20. */
export function streetEvents() {
  return RULES["street-events"].events;
}

/** @returns {any[]} The five police events (Police at the table). */
export function policeEvents() {
  return RULES["police-response"].events;
}

/**
 * GM: a street event, rolled (d20, a core Roll on the GM) or chosen, whispered to the GMs.
 * @param {User.Implementation} user @param {{roll?: number|string|null}} data  roll: the chosen event (1–20), or none to roll.
 * @returns {Promise<{roll: number, title: string, hazard: string|null, messageId: string|null}>}
 */
async function onStreetEvent(user, { roll = null } = {}) {
  assertGM(user);
  const die = RULES["street-events"].die;
  let dice = null;
  let n = roll;
  if (n === null || n === undefined || n === "") {
    dice = await new Roll(`1d${die}`).evaluate();
    n = dice.total;
  }
  const event = streetEvents().find(e => e.roll === Number(n));
  if (!event) throw new Error(L("SMOKE.Street.badEvent", { roll: String(n), die: String(die) }));
  const hazard = EVENT_HAZARDS[event.roll] ?? null;
  const content = await foundry.applications.handlebars.renderTemplate(EVENT_CARD, {
    roll: event.roll, title: event.title, text: event.text, rolled: !!dice,
    hazard: hazard ? RULES.hazards.hazards.find(h => h.key === hazard)?.name : null, hazardKey: hazard });
  const whisper = game.users.filter(u => u.isGM).map(u => u.id);
  const message = await ChatMessage.create(/** @type {any} */ ({ content, whisper, rolls: dice ? [dice] : [],
    speaker: { alias: L("SMOKE.Street.title") }, flags: { [SYSTEM_ID]: { streetEvent: { roll: event.roll, hazard } } } }));
  return { roll: event.roll, title: event.title, hazard, messageId: message?.id ?? null };
}

/**
 * GM: announce a police event with its check and consequence (Police at the table), for chosen characters: Knock at
 * the Door names who is known to police 3+ (a warrant).
 * @param {User.Implementation} user @param {{key: string, actorUuids?: string[]}} data
 */
async function onPoliceEvent(user, { key, actorUuids = [] }) {
  assertGM(user);
  const event = policeEvents().find(e => e.key === key);
  if (!event) throw new Error(L("SMOKE.Street.badPolice", { key: String(key) }));
  const actors = (Array.isArray(actorUuids) ? actorUuids : []).map(u => /** @type {any} */ (fromUuidSync(/** @type {any} */ (String(u)))))
    .filter(a => a instanceof Actor && a.type === "character");
  const lines = [];
  if (key === "anpr-ping") lines.push(...await anprLines(actors));
  if (Number.isInteger(event.minPoliceRelationship)) {
    for (const a of actors) {
      const known = relationshipsOf(/** @type {any} */ (a)).police;
      lines.push(L(known >= event.minPoliceRelationship ? "SMOKE.Street.warrant" : "SMOKE.Street.noWarrant",
        { name: a.name, n: String(known) }));
    }
  }
  const content = await foundry.applications.handlebars.renderTemplate(EVENT_CARD, {
    police: true, title: event.name, text: event.appears, consequence: event.consequence,
    stats: event.stats.map(s => L(`SMOKE.Stat.${s}.name`)).join(" / "), lines });
  await ChatMessage.create(/** @type {any} */ ({ content, speaker: { alias: L("SMOKE.Street.title") },
    flags: { [SYSTEM_ID]: { policeEvent: { key } } } }));
  return { key, lines };
}

/**
 * ANPR Ping ("If they are in a nicked vehicle: +1 Heat"): each chosen character's motor has its plate read by the Heat
 * feature's `anprPing(motor, "gm")` (issue 12; +1 Heat to everyone aboard a hot plate), when that feature is loaded.
 * @param {any[]} actors @returns {Promise<string[]>}
 */
async function anprLines(actors) {
  const ping = /** @type {any} */ (game.system)?.api?.heat?.anprPing;
  if (typeof ping !== "function") return [L("SMOKE.Street.noAnpr")];
  const motors = /** @type {any[]} */ ([...new Map(actors.map(a => /** @type {any} */ (vehicleOf(a)?.vehicle)).filter(Boolean)
    .map(v => [v.uuid, v])).values()]);
  const lines = [];
  for (const motor of motors) {
    const n = await ping(motor, "gm");
    lines.push(L(n ? "SMOKE.Street.anprHit" : "SMOKE.Street.anprClean", { motor: motor.name, n: String(n) }));
  }
  return lines.length ? lines : [L("SMOKE.Street.anprNoMotor")];
}

/**
 * GM: place a person on the street on the viewed scene (imported into the world once, then a token per placing).
 * @param {User.Implementation} user @param {{name: string, x?: number|null, y?: number|null}} data
 * @returns {Promise<{actorId: string, tokenId: string}>}
 */
async function onPlacePerson(user, { name, x = null, y = null }) {
  assertGM(user);
  const pack = game.packs.get(PEOPLE_PACK);
  const entry = pack ? (await pack.getIndex()).contents.find(e => e.name === name) : null;
  if (!pack || !entry) throw new Error(L("SMOKE.Street.noPerson", { name: String(name) }));
  const scene = /** @type {any} */ (game.scenes.viewed ?? game.scenes.active);
  if (!scene) throw new Error(L("SMOKE.Street.noScene"));
  const actor = /** @type {any} */ (game.actors.find(a => /** @type {any} */ (a).flags?.[SYSTEM_ID]?.streetPerson === entry._id)
    ?? await game.actors.importFromCompendium(/** @type {any} */ (pack), entry._id, /** @type {any} */ ({ flags: { [SYSTEM_ID]: { streetPerson: entry._id } } })));
  const grid = scene.grid?.size ?? 100;
  const at = { x: Number.isFinite(x) ? x : Math.round((scene.width ?? 1000) / 2 / grid) * grid,
    y: Number.isFinite(y) ? y : Math.round((scene.height ?? 1000) / 2 / grid) * grid };
  const [token] = await scene.createEmbeddedDocuments("Token", [{ name: actor.name, actorId: actor.id, actorLink: false,
    ...at, texture: { src: actor.prototypeToken?.texture?.src ?? actor.img }, disposition: 0 }]);
  return { actorId: actor.id, tokenId: token?.id ?? "" };
}

/** Street Control's GM requests. */
export const requests = { "street.event": onStreetEvent, "street.police": onPoliceEvent, "street.place": onPlacePerson };
