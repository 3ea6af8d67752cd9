/**
 * Who the police can see (rulebook: Heat on your heels › Lose sight, then lose stars): a police token within sight
 * of the character's token (or of the motor they ride in), the helicopter at three stars or more while the character
 * is outdoors, and the GM's *in sight* / *out of sight* override above both.
 *
 * - **Distance rule** (stand-in and real canvas alike): a police unit within {@link SIGHT_SQUARES} squares on the same
 *   scene (rules/police.mjs: the chase's contact distance).
 * - **Walls** (a real v13 canvas only, the viewed scene): v13's sight polygon backend
 *   `CONFIG.Canvas.polygonBackends.sight.testCollision(origin, destination, {type: "sight", mode: "any"})`; a wall in
 *   the way blocks sight. Guarded: skipped where that backend or a ready canvas is absent (the stand-in).
 * - **Under a roof**: a token inside a Region with an enabled `the-smoke.indoors` behaviour (v13
 *   `TokenDocument#regions`), or the GM's *indoors* toggle on the character's timer.
 *
 * Foundry-side only; the rules are in rules/police.mjs.
 * @module documents/heat/sight
 */
import { CATALOGUE_IDS, SYSTEM_ID } from "../../generated/rules.mjs";
import { policeSee, SIGHT_SQUARES, withinSight } from "../../rules/police.mjs";
import { POLICE_ABILITY } from "../../rules/vehicles.mjs";
import { tokenDistance } from "../fight/attack.mjs";
import { vehicleOf } from "../vehicle/seats.mjs";
import { hasAbility } from "../vehicle/print.mjs";
import { tokenIn } from "../core/scene-area.mjs";

export { SYSTEM_ID };
/** The Region behaviour type that marks a roof (system.yml documentTypes.RegionBehavior). */
export const INDOORS_TYPE = `${SYSTEM_ID}.indoors`;
/** The street profiles that are police officers (packs-src/street-people). */
export const POLICE_PEOPLE = Object.freeze(["metro-police-officer", "armed-response-officer"]);
/** Their catalogue keys as the build writes them on each actor (`flags["the-smoke"].key`, tools/the_smoke/compile.py). */
const POLICE_KEYS = POLICE_PEOPLE.map(k => `street-people/${k}`);

const policeIds = () => POLICE_PEOPLE.map(k => CATALOGUE_IDS["street-people"]?.[k]).filter(Boolean);

/**
 * Whether an actor is a police unit, for the GM's decisions (who sees whom, ANPR, assaulting an officer, custody).
 * Only an actor **no player owns** can be one: a player may write their own actor's flags, system and abilities
 * (v13 `Actor#canUserModify` for an OWNER), so neither making their character police nor unmaking a unit counts —
 * a player cannot write an actor they do not own. Among those, a police unit is what the catalogue says, however
 * the actor was made (`importFromCompendium`, `toObject()` + `Actor.create`, a duplicate): a motor with the Police
 * kit, an NPC whose catalogue key (`flags["the-smoke"].key`, written by the build) or compendium source is a police
 * street profile, or one the GM flagged `flags["the-smoke"].police`.
 * @param {any} actor
 * @returns {boolean}
 */
export function isPolice(actor) {
  if (!actor || actor.hasPlayerOwner) return false;
  if (actor.flags?.[SYSTEM_ID]?.police === true) return true;
  if (actor.type === "vehicle") return hasAbility(actor, POLICE_ABILITY); // the GM's printed record (vehicle/print.mjs)
  if (actor.type !== "npc") return false;
  if (POLICE_KEYS.includes(actor.flags?.[SYSTEM_ID]?.key)) return true;
  const source = String(actor._stats?.compendiumSource ?? actor.flags?.core?.sourceId ?? "");
  return policeIds().some(id => source.endsWith(id));
}

/**
 * The tokens that stand for a character on the scenes: their own, and the motor's when they ride in one.
 * @param {Actor.Implementation} actor
 * @returns {TokenDocument.Implementation[]}
 */
export function tokensOf(actor) {
  const ids = new Set([actor.id]);
  const motor = vehicleOf(actor)?.vehicle;
  if (motor) ids.add(motor.id);
  const out = [];
  for (const scene of game.scenes ?? []) {
    for (const t of scene.tokens ?? []) {
      if (t.actorLink !== false && ids.has(t.actorId)) out.push(t);
      else if (t.actor?.uuid === actor.uuid) out.push(t);
    }
  }
  return out;
}

/**
 * @param {any} token
 * @returns {{x: number, y: number}}
 */
function centre(token) {
  const size = token.parent?.grid?.size ?? 100;
  return { x: token.x + (token.width ?? 1) * size / 2, y: token.y + (token.height ?? 1) * size / 2 };
}

/**
 * Whether a wall blocks sight between two tokens (a real v13 canvas showing their scene); false where it cannot be
 * tested (the stand-in, another scene), so the distance rule decides.
 * @param {any} from
 * @param {any} to
 * @returns {boolean}
 */
export function wallBetween(from, to) {
  const backend = CONFIG.Canvas?.polygonBackends?.sight;
  const board = /** @type {{canvas?: Canvas}} */ (globalThis).canvas; // absent before the canvas is drawn
  if (!backend?.testCollision || !board?.ready || board.scene?.id !== from.parent?.id) return false;
  try {
    return !!backend.testCollision(centre(from), centre(to), { type: "sight", mode: "any" });
  } catch (err) {
    console.warn("the-smoke | sight test failed; using distance only", err);
    return false;
  }
}

/**
 * The police units that can see this token now (distance rule, then walls).
 * @param {any} token
 * @returns {any[]} Police tokens.
 */
export function unitsSeeing(token) {
  const seeing = [];
  for (const other of token.parent?.tokens ?? []) {
    if (other === token || other.hidden || !isPolice(other.actor)) continue;
    if (withinSight(tokenDistance(other, token)) && !wallBetween(other, token)) seeing.push(other);
  }
  return seeing;
}

/**
 * @param {any} token
 * @returns {boolean} The token's centre is in a roofed Region (an enabled indoors behaviour) of its scene: worked out
 *   from where it stands (documents/core/scene-area.mjs tokenIn), never from the token's own record of its regions,
 *   which its owner can write.
 */
export function underRoof(token) {
  for (const region of token.parent?.regions ?? []) {
    if (![...(region.behaviors ?? [])].some(b => b.type === INDOORS_TYPE && !b.disabled)) continue;
    if (tokenIn(region, token)) return true;
  }
  return false;
}

/**
 * What the police see of a character now.
 * @param {Actor.Implementation} actor
 * @param {{stars: number, override?: "seen"|"unseen"|null, indoors?: boolean}} heat  The GM's record.
 * @returns {{seen: boolean, units: string[], indoors: boolean}}  units: names of the police tokens that see them.
 */
export function sightOf(actor, { stars, override = null, indoors = false }) {
  const tokens = tokensOf(actor);
  const units = new Set();
  for (const t of tokens) for (const u of unitsSeeing(t)) units.add(u.name);
  const roofed = !!indoors || (tokens.length > 0 && tokens.every(underRoof));
  const seen = policeSee({ heat: stars, unitInSight: units.size > 0, indoors: roofed || tokens.length === 0, override });
  return { seen, units: [...units], indoors: roofed };
}

export { SIGHT_SQUARES };
