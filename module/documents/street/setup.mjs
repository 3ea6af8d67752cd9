/**
 * Street Control's setup (rulebook: People on the street · 1–9; Police at the table; Playing through Foundry › GM
 * controls): the GM places the people on the street (each imported from the street-people compendium once, then one
 * token per placing, on the nearest free square to the scene's centre or the GM's view), calls in police units (the
 * Heat feature's *Call in units*, reused), and sets the scene's street profile, time of day and rain — GM-written
 * scene flags `flags["the-smoke"].street = {profile, time, rain}` (a player cannot update a Scene).
 *
 * Foundry-side only; the rules are rules/street.mjs and rules/street-map.mjs (freeSquare).
 * @module documents/street/setup
 */
import { CATALOGUE_IDS, SYSTEM_ID } from "../../generated/rules.mjs";
import { bandTN } from "../../rules/check.mjs";
import { recordedDice } from "../core/record.mjs";
import { placeFrom, streetState } from "../../rules/street.mjs";
import { freeSquare } from "../../rules/street-map.mjs";
import { actorPack } from "../core/lookup.mjs";
import { sceneRect, takenSquares } from "../core/scene-area.mjs";
import { rainBand, streetOf } from "../core/street-state.mjs";

export { rainBand, streetOf };

export const PEOPLE_PACK = `${SYSTEM_ID}.street-people`;
export const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/** @returns {Record<string, string>} Street-people key → compendium id (the nine profiles, in the book's order). */
export const peopleIds = () => /** @type {Record<string, Record<string, string> | undefined>} */ (CATALOGUE_IDS)["street-people"] ?? {};

/**
 * The scene a setup acts on: the one asked for, else the GM's viewed scene.
 * @param {unknown} sceneId
 * @returns {any}
 */
export function sceneFor(sceneId) {
  const scene = sceneId ? game.scenes.get(String(sceneId)) : (game.scenes.viewed ?? game.scenes.active);
  if (!scene) throw new Error(L("SMOKE.Street.noScene"));
  return scene;
}

/**
 * GM: set the scene's street state; only the fields given change. Bad values are refused, nothing written.
 * @param {any} scene
 * @param {{profile?: string, time?: string, rain?: boolean}} changes
 */
export async function setStreet(scene, changes) {
  const next = { ...streetOf(scene), ...Object.fromEntries(Object.entries(changes ?? {}).filter(([k, v]) => ["profile", "time", "rain"].includes(k) && v !== undefined)) };
  let state;
  try {
    state = streetState(next);
  } catch {
    throw new Error(L("SMOKE.Street.badState", { profile: String(next.profile), time: String(next.time) }));
  }
  await scene.update({ [`flags.${SYSTEM_ID}.street`]: state });
  return state;
}

/**
 * A check's band and TN in the rain (Sudden downpour: "Wheels rolls are one band harder until it stops"): one band
 * harder for Wheels when the scene the actor's token stands on (else the viewed scene) is raining; otherwise the same.
 * Called by the GM Screen's check requests (documents/gm-screen/gm-screen.mjs).
 * @template {{band: string, tn: number, effortDie?: number}} R
 * @param {any} actor
 * @param {string} stat
 * @param {R} r
 * @returns {R}
 */
export function inTheRain(actor, stat, r) {
  const band = rainBand(actor, stat, r.band);
  if (band === r.band) return r;
  return { ...r, band, tn: bandTN(r.effortDie ?? recordedDice(actor, stat).effortDie, recordedDice(actor, stat).statDie, /** @type {SmokeBand} */ (band)) };
}

/**
 * The world actor of a street person: imported once from the compendium, reused after.
 * @param {string} key
 */
async function personActor(key) {
  const id = peopleIds()[key];
  const pack = actorPack(PEOPLE_PACK);
  if (!pack || !id) throw new Error(L("SMOKE.Street.noPerson", { name: String(key) }));
  const found = game.actors.find(a => a.flags?.[SYSTEM_ID]?.streetPerson === id);
  return found ?? game.actors.importFromCompendium(pack, id, { flags: { [SYSTEM_ID]: { streetPerson: id } } });
}

/**
 * A street person's key from a key or the compendium name (the window's buttons send the name).
 * @param {unknown} ref
 */
async function personKey(ref) {
  const s = String(ref ?? "");
  if (peopleIds()[s]) return s;
  const pack = game.packs.get(PEOPLE_PACK);
  const entry = pack ? (await pack.getIndex()).contents.find(e => e.name === s) : null;
  const key = entry && Object.entries(peopleIds()).find(([, id]) => id === entry._id)?.[0];
  if (!key) throw new Error(L("SMOKE.Street.noPerson", { name: s }));
  return key;
}

/**
 * Active GM: token data on the nearest free square of a scene, one at a time (each placed token is taken by the next).
 * @param {any} scene
 * @param {{where?: string, view?: {x: number, y: number}|null}} at
 * @param {any[]} actors
 * @param {object} [extra]  More token data (flags, disposition).
 * @returns {Promise<any[]>} The created tokens.
 */
export async function placeActors(scene, { where = "centre", view = null }, actors, extra = {}) {
  const size = scene.grid?.size ?? 100;
  // On the scene's image, not its padding (documents/core/scene-area.mjs): squares count from its corner.
  const rect = sceneRect(scene);
  const seen = view && Number.isFinite(view.x) && Number.isFinite(view.y) ? { x: view.x - rect.x, y: view.y - rect.y } : null;
  let start;
  try {
    // Any other `where`: placeFrom refuses it (caught below).
    start = placeFrom({ where: /** @type {"centre"|"view"} */ (where), width: rect.width, height: rect.height, size, view: seen });
  } catch {
    throw new Error(L("SMOKE.Street.badWhere", { where: String(where) }));
  }
  const taken = takenSquares(scene, { size, origin: rect, rows: start.rows, cols: start.cols });
  const data = [];
  for (const actor of actors) {
    const w = actor.prototypeToken?.width ?? 1;
    const h = actor.prototypeToken?.height ?? 1;
    const sq = freeSquare({ at: { i: start.i, j: start.j }, w, h, taken, rows: start.rows, cols: start.cols });
    if (!sq) throw new Error(L("SMOKE.Street.noRoom", { scene: scene.name }));
    for (let di = 0; di < h; di++) for (let dj = 0; dj < w; dj++) taken.push({ i: sq.i + di, j: sq.j + dj });
    data.push({ name: actor.name, actorId: actor.id, actorLink: false, x: rect.x + sq.j * size, y: rect.y + sq.i * size, width: w, height: h,
      texture: { src: actor.prototypeToken?.texture?.src ?? actor.img }, disposition: 0, ...extra });
  }
  return scene.createEmbeddedDocuments("Token", data);
}

/**
 * Active GM: place people on the street: the chosen profiles (keys or names; none = all nine), `count` tokens each.
 * @param {any} scene
 * @param {{people?: unknown[], count?: unknown, where?: string, view?: {x: number, y: number}|null}} spec
 * @returns {Promise<{placed: {key: string, tokenId: string}[]}>}
 */
export async function placePeople(scene, { people = [], count = 1, where = "centre", view = null }) {
  const n = Number(count);
  if (!Number.isInteger(n) || n < 1 || n > 12) throw new Error(L("SMOKE.Street.badCount", { count: String(count) }));
  const keys = Array.isArray(people) && people.length ? await Promise.all(people.map(personKey)) : Object.keys(peopleIds());
  const actors = [];
  for (const key of keys) {
    const actor = await personActor(key);
    for (let k = 0; k < n; k++) actors.push({ key, actor });
  }
  const tokens = await placeActors(scene, { where, view }, actors.map(a => a.actor));
  return { placed: tokens.map((t, k) => ({ key: actors[k].key, tokenId: t.id })) };
}

/**
 * Active GM: park a compendium motor on the scene, nobody aboard (an event's van): one world actor per placing, its
 * token linked to it, so each van is its own to steal, and one the players can see (Limited: a theft asks for it, documents/vehicle/common.mjs
 * personAtMotor), as an event's open van is there to be nicked.
 * @param {any} scene
 * @param {string} vehicleKey
 * @param {{where?: string, view?: any}} [at]
 * @returns {Promise<{actorId: string, tokenId: string}>}
 */
export async function parkMotor(scene, vehicleKey, at = {}) {
  const id = /** @type {Record<string, Record<string, string> | undefined>} */ (CATALOGUE_IDS).vehicles?.[vehicleKey];
  const pack = actorPack(`${SYSTEM_ID}.vehicles`);
  if (!pack || !id) throw new Error(L("SMOKE.Street.noPerson", { name: vehicleKey }));
  // importFromCompendium's third argument is merged with the entry's create data (fvtt-types
  // src/foundry/client/documents/abstract/world-collection.d.mts): a nested object, so no dotted-key expansion is assumed.
  const actor = await game.actors.importFromCompendium(pack, id,
    /** @type {Parameters<typeof game.actors.importFromCompendium>[2]} */ ({ ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.LIMITED } }));
  // Linked: the world actor is this van, so its Body and Fuel are the GM's record from the start (an unlinked copy
  // would keep them on the token, documents/vehicle/promote.mjs).
  const [token] = await placeActors(scene, { where: at.where ?? "centre", view: at.view ?? null }, [actor], { actorLink: true });
  return { actorId: actor.id, tokenId: token?.id ?? "" };
}
