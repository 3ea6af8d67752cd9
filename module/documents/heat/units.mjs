/**
 * The police on the map (rulebook: Police at the table; Getting a motor › Plate markers).
 *
 * - **Call in units**: police motors from the `vehicles` compendium placed at the scene's edges up to the table's
 *   counts for the Heat (rules/heat.mjs policeResponse): area cars, bikes, carriers and ARVs. Units already on the
 *   scene (tokens flagged `flags["the-smoke"].unit`) count, so calling twice adds nothing. They are motors with the
 *   Police kit and nobody in the driver's seat: the chase drives them as crewed units (documents/chase/units.mjs).
 *   India 99 is not a token: the helicopter is the sight rule (outdoors at 3+ stars). Roadblocks are the GM's.
 * - **Plate markers**: the GM store `plates`, keyed by motor actor UUID: `{stolen, hot, marker, pinged}`. A theft
 *   marks it stolen and hot; a respray or new plates (hook `smoke.resprayed`) gives a new marker that reads clean.
 * - **ANPR ping**: a hot motor moving within a police motor's ANPR range (Police kit: 12 squares) is read: one drive
 *   past any number of units is one ping, +1 Heat to every character aboard, and every unit on the scene hears it, so
 *   none of them pings that marker again (Police at the table › ANPR Ping; the ruling in rules/police.mjs anprPass).
 *
 * Foundry-side only.
 * @module documents/heat/units
 */
import { CATALOGUE_IDS } from "../../generated/rules.mjs";
import { policeResponse, roadblockExits } from "../../rules/heat.mjs";
import { exitBehaviors, stripName } from "../street-map/strips.mjs";
import { anprPass } from "../../rules/police.mjs";
import { tokenDistance } from "../fight/attack.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { sceneRect } from "../core/scene-area.mjs";
import { heatOf, setHeat } from "./store.mjs";
import { occupantsOf } from "../vehicle/seats.mjs";
import { effectsOf } from "../vehicle/print.mjs";
import { L, heatRose, postHeatCard } from "./crimes.mjs";
import { isPolice, SYSTEM_ID } from "./sight.mjs";
import { actorPack } from "../core/lookup.mjs";

/** The compendium motor for each kind of unit in police-response.yml. */
export const UNIT_MOTORS = Object.freeze({
  areaCars: "metro-police-area-car", bikes: "metro-police-bike", carriers: "metro-police-carrier", arvs: "metro-arv-trojan"
});

/** @typedef {{stolen: boolean, hot: boolean, marker: number, pinged: string[]}} Plate */
/** @type {import("../core/gm-store.mjs").GMStore<Plate>} */
export const plates = gmStore("plates", { onChange: () => Hooks.callAll("smoke.heatChanged") });

/**
 * @param {any} motor
 * @returns {Plate|null}
 */
export const plateOf = motor => plates.get(typeof motor === "string" ? motor : motor.uuid);

/**
 * Active GM: a motor was nicked: its plate is on record as stolen and hot.
 * @param {any} motor
 */
export function plateStolen(motor) {
  return plates.update(motor.uuid, p => ({ stolen: true, hot: true, marker: p?.marker ?? 0, pinged: [] }));
}

/**
 * Active GM: a respray or new plates: a new marker that reads clean (hook `smoke.resprayed`).
 * @param {any} motor
 */
export function plateChanged(motor) {
  return plates.update(motor.uuid, p => ({ stolen: !!p?.stolen, hot: false, marker: (p?.marker ?? 0) + 1, pinged: [] }));
}

/**
 * The world actor for a unit's motor: one imported once from the compendium and reused.
 * @param {string} key
 */
async function unitActor(key) {
  const found = game.actors.find(a => a.flags?.[SYSTEM_ID]?.unitKey === key);
  if (found) return found;
  const pack = actorPack(`${SYSTEM_ID}.vehicles`);
  const id = /** @type {Record<string, Record<string, string> | undefined>} */ (CATALOGUE_IDS).vehicles?.[key] ?? (await pack?.getIndex())?.find(e => !!e.name && e.flags?.[SYSTEM_ID]?.key === key)?._id;
  if (!pack || !id) throw new Error(L("SMOKE.Wanted.noUnit", { unit: key }));
  return game.actors.importFromCompendium(pack, id,
    /** @type {Parameters<typeof game.actors.importFromCompendium>[2]} */ ({ [`flags.${SYSTEM_ID}.unitKey`]: key }));
}

/**
 * Points along a scene's four edges, one per unit, spread out (a square in from the edge), in canvas pixels.
 * @param {any} scene
 * @param {number} n
 * @param {number} offset  Units already placed (so new ones do not stack).
 */
function edgePoints(scene, n, offset) {
  const size = scene.grid?.size ?? 100;
  // the scene's image, not its padding (documents/core/scene-area.mjs): its edges are the map's
  const { x: x0, y: y0, width: w, height: h } = sceneRect(scene);
  const pts = [];
  for (let i = 0; i < n; i++) {
    const k = offset + i;
    const along = ((Math.floor(k / 4) * 3 + 2) * size) % Math.max(size, Math.min(w, h) - size);
    const side = k % 4;
    const p = side === 0 ? { x: along, y: 0 } : side === 1 ? { x: w - size, y: along }
      : side === 2 ? { x: w - size - along, y: h - size } : { x: 0, y: h - size - along };
    pts.push({ x: x0 + Math.max(0, Math.round(p.x / size) * size), y: y0 + Math.max(0, Math.round(p.y / size) * size) });
  }
  return pts;
}

/**
 * Active GM: Call in units — bring the scene's police up to the table's counts for these stars (Police at the table).
 * Each unit is its own unlinked token of the compendium motor (its own Body, seats and gauge), driven in a chase as
 * a crewed police unit (the book's unassigned police driver, Wheels d8, unless the GM seats an officer).
 * @param {any} scene
 * @param {number} stars
 * @returns {Promise<Record<string, number>>} Units placed now, by kind.
 */
export async function callInUnits(scene, stars) {
  if (!game.user.isActiveGM) throw new Error(L("SMOKE.Store.gmOnly"));
  if (!scene) throw new Error(L("SMOKE.Wanted.noScene"));
  const want = policeResponse(stars);
  const placed = /** @type {Record<string, number>} */ ({});
  const existing = () => [...scene.tokens].filter(t => t.flags?.[SYSTEM_ID]?.unit).length;
  for (const [kind, key] of Object.entries(UNIT_MOTORS)) {
    const have = [...scene.tokens].filter(t => t.flags?.[SYSTEM_ID]?.unit === kind).length;
    const need = want[kind] - have;
    if (need <= 0) continue;
    const actor = await unitActor(key);
    const data = edgePoints(scene, need, existing()).map(p => ({ name: actor.name, actorId: actor.id, actorLink: false,
      x: p.x, y: p.y, width: actor.prototypeToken?.width ?? 1, height: actor.prototypeToken?.height ?? 1,
      texture: { src: actor.prototypeToken?.texture?.src ?? actor.img }, disposition: -1,
      flags: { [SYSTEM_ID]: { unit: kind } } }));
    await scene.createEmbeddedDocuments("Token", data);
    placed[kind] = need;
  }
  // Roadblocks (5 · Lockdown: "on every exit of the map"): the system places no roadblock — the book gives no piece
  // for one — so the card names each EXIT strip of this map for the GM to block (a police car or a barrier across it).
  const exits = roadblockExits(stars, [...(scene.regions ?? [])].filter(r => exitBehaviors(r).length).map(r => stripName(r)));
  await postHeatCard({ kind: "units", title: L("SMOKE.Wanted.unitsCalled", { stars: String(stars) }),
    lines: [Object.keys(placed).length ? Object.entries(placed).map(([k, n]) => `${L(`SMOKE.Wanted.unit.${k}`)} ×${n}`).join(", ")
      : L("SMOKE.Wanted.unitsAlready"), want.india99 && L("SMOKE.Wanted.india99"),
    want.roadblocks && (exits.length ? L("SMOKE.Wanted.roadblocksAt", { exits: exits.join(", ") }) : L("SMOKE.Wanted.roadblocksNoExits"))] });
  return placed;
}

/**
 * Active GM: ANPR reads a motor's plate: a hot plate is a hit — one ping for one drive however many units read it
 * (rules/police.mjs anprPass) — +1 Heat to everyone aboard and one card.
 * @param {any} motor
 * @param {string|string[]} readers  The reading police tokens' ids (one drive), or "gm" for the GM's read (a camera,
 *   a street event: always a new read).
 * @param {{heardBy?: string[]}} [options]  Every police token on the scene: they all hear the ping.
 * @returns {Promise<number>} Characters whose Heat rose.
 */
export async function anprPing(motor, readers = "gm", { heardBy = [] } = {}) {
  if (!game.user.isActiveGM) throw new Error(L("SMOKE.Store.gmOnly"));
  const plate = plateOf(motor);
  // Decided and recorded in one step (no await between the read and the store's write): a second drive section
  // arriving at once finds the units have heard it.
  const pass = anprPass({ plate, readers: readers === "gm" ? null : [readers].flat(), heardBy });
  if (!pass.ping) return 0;
  await plates.update(motor.uuid, p => (p ? { ...p, pinged: pass.pinged } : p));
  let n = 0;
  for (const { actor } of occupantsOf(motor)) {
    if (actor.type !== "character") continue;
    const before = heatOf(actor).stars;
    const stars = await setHeat(actor, before + pass.heat, { reason: "anpr" });
    if (stars > before) {
      n += 1;
      await heatRose(actor, before, stars);
    }
  }
  if (n) await postHeatCard({ kind: "anpr", title: L("SMOKE.Wanted.anprTitle", { motor: motor.name }), lines: [L("SMOKE.Wanted.anprLine")] });
  return n;
}

/**
 * Active GM, on a token's move: a hot motor within a police motor's ANPR range is read (automatic trigger).
 * @param {any} tokenDoc
 */
export async function anprOnMove(tokenDoc) {
  if (!game.user.isActiveGM) return;
  const motor = tokenDoc.actor;
  if (motor?.type !== "vehicle" || isPolice(motor) || !plateOf(motor)?.hot) return;
  const units = [];
  const readers = [];
  for (const other of tokenDoc.parent?.tokens ?? []) {
    const a = other.actor;
    if (other === tokenDoc || a?.type !== "vehicle" || !isPolice(a)) continue;
    units.push(other.id);
    const range = effectsOf(a).anprRange; // the Police kit's ANPR on the GM's printed record (vehicle/print.mjs)
    const d = tokenDistance(other, tokenDoc);
    if (range !== null && d !== null && d <= range) readers.push(other.id);
  }
  // One drive past any number of units is one read: one ping, heard by every unit on the scene.
  if (readers.length) await anprPing(motor, readers, { heardBy: units });
}
