/**
 * Secret speed dice (rulebook: When it kicks off › Start a round — "everyone rolls… secretly, then reveals them
 * together"). Foundry sends every document and every whispered roll message to every client, so a player's dice
 * are rolled with core `Roll` **in that player's client** and kept there (in memory and the browser's localStorage,
 * so reloading the page or opening a second tab cannot re-roll them) — never in a Combatant, a flag or a chat
 * message — until the GM reveals. At the reveal the active GM asks each owner's client for them with the
 * `the-smoke.speedDice` query, which answers only while the combat is in its "revealing" phase for that round.
 * That someone has rolled (not what) is broadcast on the system socket so the GM knows when to reveal.
 * @module documents/speed-dice
 */
import { RULES, SYSTEM_ID } from "../../generated/rules.mjs";
import { speedDiceCount } from "../../rules/combat.mjs";
import { sideOf } from "./combat-state.mjs";
import { conditionOf, printedOf, vehicleDrivenBy } from "../vehicle/vehicle.mjs";
import { noteHTML } from "../core/chat-html.mjs";
import { recordedStatuses } from "../core/condition-record.mjs";

/**
 * The Moves die of a combatant's actor (0 for a motor).
 * @param {Actor.Implementation|null|undefined} actor
 * @returns {number}
 */
export function movesDieOf(actor) {
  return /** @type {PersonSystem} */ (actor?.system)?.stats?.mov?.die ?? 0;
}

/**
 * A motor's `{performance, flatTyres, body}` for the speed-dice count (The chase gauge › How many actions?: "Two or
 * more flat tyres remove one vehicle die; a motor at 0 Body removes another"): its printed Performance, flat tyres and
 * Body as the GM recorded them (documents/vehicle/print.mjs, condition.mjs), never as its owner wrote them.
 * @param {Actor.Implementation} motor
 * @returns {import("../../rules/combat.mjs").VehicleSpeedState}
 */
function motorSpeedState(motor) {
  const c = conditionOf(motor);
  return { performance: printedOf(motor).performance, flatTyres: c.flatTyres, body: c.body };
}

/**
 * The motor an actor is driving: `{performance, flatTyres, body}` for the speed-dice count, or null.
 * @param {Actor.Implementation} actor
 * @returns {import("../../rules/combat.mjs").VehicleSpeedState|null}
 */
function drivenMotor(actor) {
  const motor = vehicleDrivenBy(actor);
  if (!motor) return null;
  return motorSpeedState(motor);
}

/**
 * How many speed dice a combatant rolls this round (When it kicks off › Start a round): from Moves, or for a driver
 * the better of Moves and the motor's Performance; a motor on its own counts from Performance.
 * @param {Combatant.Implementation} combatant
 * @returns {number} 0 … 4.
 */
export function speedDiceFor(combatant) {
  const actor = combatant.actor;
  if (!actor) return 0;
  if (actor.type === "vehicle") {
    // A motor on its own: the smallest personal count (Moves d4, one die) so the motor's own count decides.
    return speedDiceCount({ moves: 4, vehicle: motorSpeedState(actor) });
  }
  return speedDiceCount({ moves: movesDieOf(actor) || 4, conditions: recordedStatuses(actor),
    surrendered: sideOf(combatant).surrendered, vehicle: drivenMotor(actor) });
}

/** Faces of a speed die (RULES["speed-dice"].die: an ordinary d6, never exploding). */
const FACES = RULES["speed-dice"].die;

const QUERY = `${SYSTEM_ID}.speedDice`;
const SOCKET = `system.${SYSTEM_ID}`;
const QUERY_TIMEOUT_MS = 15_000;
/** @type {Map<string, number[]>} */
const held = new Map();
/** @type {Set<() => void>} */
const listeners = new Set();
/** Who has rolled, as told on the socket: "combatId.round.combatantId" (no values). */
const rolled = new Set();
let loaded = false;

const keyOf = (combatId, round, combatantId) => `${combatId}.${round}.${combatantId}`;
const storageKey = () => `${SYSTEM_ID}.speedDice.${game.world?.id ?? ""}.${game.user?.id ?? ""}`;

/** Read this user's saved dice once the user is known (after ready). Every tab reads the storage again. */
function load() {
  if (!game.user) return;
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(storageKey()) ?? "{}");
    for (const [k, v] of Object.entries(saved)) if (Array.isArray(v)) held.set(k, v);
    loaded = true;
  } catch { /* a damaged entry only means the dice are rolled again */ }
}

/** Keep only the dice of combats that still exist, and save. */
function save() {
  try {
    for (const k of held.keys()) if (!game.combats?.get(k.split(".")[0])) held.delete(k);
    globalThis.localStorage?.setItem(storageKey(), JSON.stringify(Object.fromEntries(held)));
  } catch { /* storage full or disabled: the dice stay in memory */ }
}

/**
 * @param {string} key
 * @returns {number[]|undefined}
 */
function lookup(key) {
  if (!loaded || !held.has(key)) load();
  return held.get(key);
}

/**
 * Whether a combatant's owner has rolled this round (told on the socket; the GM's console shows it).
 * @param {Combat.Implementation} combat
 * @param {Combatant.Implementation} combatant
 * @returns {boolean}
 */
export function hasRolled(combat, combatant) {
  const key = keyOf(combat.id, combat.round, combatant.id);
  return rolled.has(key) || !!lookup(key);
}

/**
 * Call `fn` whenever this client's secret dice change (the console re-renders).
 * @param {() => void} fn
 * @returns {() => void} Unsubscribe.
 */
export function onHeldDiceChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * The dice this client rolled for a combatant this round, or null.
 * @param {Combat.Implementation} combat
 * @param {Combatant.Implementation} combatant
 * @returns {number[]|null}
 */
export function heldDice(combat, combatant) {
  return lookup(keyOf(combat.id, combat.round, combatant.id)) ?? null;
}

/**
 * Roll a combatant's speed dice in this client, privately: ordinary d6s that never explode; no chat message.
 * Rolling again in the same round returns the dice already rolled.
 * @param {Combat.Implementation} combat
 * @param {Combatant.Implementation} combatant  One this user owns (or an NPC, for the GM).
 * @returns {Promise<number[]>} Faces 1 … 6, as many as {@link speedDiceFor}.
 * @throws {Error} when the user does not own the combatant.
 */
export async function rollSecretDice(combat, combatant) {
  if (!combatant.isOwner) throw new Error(game.i18n.format("SMOKE.Request.notOwner", { name: combatant.name ?? "" }));
  const key = keyOf(combat.id, combat.round, combatant.id);
  const existing = lookup(key);
  if (existing) return existing;
  const count = speedDiceFor(combatant);
  let faces = [];
  if (count > 0) {
    const roll = await new Roll(`${count}d${FACES}`).evaluate();
    faces = roll.dice[0].results.map(r => r.result);
  }
  held.set(key, faces);
  save();
  rolled.add(key);
  game.socket?.emit(SOCKET, { type: "speedRolled", key });
  for (const fn of listeners) fn();
  return faces;
}

/** At ready (once), the rolled keys are read and the socket heard (registered by the entry with every feature's). */
export const hooks = {
  ready: () => {
    load();
    game.socket?.on(SOCKET, data => {
      if (data?.type !== "speedRolled" || typeof data.key !== "string") return;
      rolled.add(data.key);
      for (const fn of listeners) fn();
    });
  }
};

/** Register the query a player's client answers at the reveal (init, every client). */
export function registerSpeedDiceQuery() {
  CONFIG.queries[QUERY] = async ({ combatId, round, combatantId }) => {
    const combat = game.combats?.get(combatId);
    const combatant = combat?.combatants.get(combatantId);
    // Anyone may send a query; only the GM can put a combat into its revealing phase, when the dice go public anyway.
    if (!combat || !combatant || combat.round !== round || combat.system.phase !== "revealing") return { refused: true };
    if (!combatant.isOwner) return { refused: true };
    return { faces: await rollSecretDice(combat, combatant) };
  };
}

/**
 * The GM collects every combatant's dice for the reveal: from the owning player's client (which rolls them then if
 * the player had not), otherwise from this (GM) client. Dice that do not fit (wrong count or faces) are replaced by
 * the GM's own roll, with a warning. GM side, phase "revealing".
 * @param {Combat.Implementation} combat
 * @param {number} round
 * @returns {Promise<Map<string, number[]>>} Combatant id → faces.
 */
export async function collectSpeedDice(combat, round) {
  const out = new Map();
  const gmRolls = [];
  const offline = [];
  // Players' clients answer in parallel; the GM's own rolls follow in combatant order (deterministic with fixed dice).
  await Promise.all(combat.combatants.map(async c => {
    const count = speedDiceFor(c);
    if (!count) return out.set(c.id, []);
    const players = game.users.filter(u => !u.isGM && !!c.actor?.testUserPermission(u, "OWNER"));
    const owner = players.find(u => u.active);
    if (players.length && !owner) offline.push(c.name ?? "");
    if (owner) {
      try {
        const reply = (await owner.query(QUERY, { combatId: /** @type {string} */ (combat.id), round,
          combatantId: /** @type {string} */ (c.id) }, { timeout: QUERY_TIMEOUT_MS }));
        const faces = reply?.faces;
        if (Array.isArray(faces) && faces.length === count && faces.every(f => Number.isInteger(f) && f >= 1 && f <= FACES)) return out.set(c.id, faces);
      } catch { /* the player's client did not answer: the GM rolls below */ }
      ui.notifications.warn(game.i18n.format("SMOKE.Combat.diceReplaced", { name: c.name ?? "", user: owner.name ?? "" }));
      held.delete(keyOf(combat.id, round, c.id));
    }
    return gmRolls.push(c);
  }));
  for (const c of combat.combatants.contents.filter(x => gmRolls.includes(x))) out.set(c.id, await rollSecretDice(combat, c));
  if (offline.length) await ChatMessage.create({ speaker: { alias: game.i18n.localize("SMOKE.Combat.title") },
    content: await noteHTML(game.i18n.format("SMOKE.Combat.gmRolledFor", { names: offline.join(", ") })) });
  return out;
}
