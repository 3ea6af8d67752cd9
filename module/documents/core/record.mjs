/**
 * The character record is the GM's, like cash (rulebook: Your character record; Making a new face; The Rep ladder;
 * Rep, Renown and Influence › Advances, Growth): the nine stat dice and the Effort die, Rep and XP, advances, the
 * Growth bonuses to Health and Guard, and the background mirror the GM store `records`
 * ({@link module:documents/mirror}); the kit is the GM store `kit` ({@link module:documents/kit-record}); a motor's
 * catalogue key is the GM store `motorKeys`, recorded when a GM makes or imports the motor.
 *
 * They change only through the system's flows, on the active GM, each once: the Character Creator's finish
 * (documents/character/creation.mjs), Level Up and advances (documents/character/advancement.mjs), shops and the fence
 * (documents/money/), using and reloading kit (documents/character/kit-use.mjs), GM awards and the GM's own edits. A player's
 * own edit is stripped on their client with a notice; a forged one is put back by the active GM.
 *
 * The GM's automation reads the record through these functions, never the sheet: {@link recordOf},
 * {@link recordedDice}, {@link recordedRep}, {@link recordedMaxima}, {@link recordedPerk}, {@link hasRecordedPerk}, {@link recordedItem},
 * {@link kitSystem}, {@link recordedMotorKey}.
 *
 * Foundry-side only; no rules here.
 * @module documents/record
 */
import { STAT_KEYS, SYSTEM_ID } from "../../generated/rules.mjs";
import { healthMax, hustleMax } from "../../rules/record.mjs";
import { guardActorFields } from "./mirror.mjs";
import * as kitRecord from "./kit-record.mjs";
import { personSystem } from "./lookup.mjs";

export { FREE_FIELDS, hasRecordedPerk, kitSystem, recordedItem, recordedKit, recordedPerk } from "./kit-record.mjs";

/** The paths of the record on a character's sheet. */
export const RECORD_PATHS = Object.freeze({
  effort: "system.effort.die", level: "system.rep.level", xp: "system.rep.xp", advances: "system.advances",
  background: "system.details.background", healthBonus: "system.health.bonus", guardBonus: "system.guard.bonus"
});
/**
 * The path of a stat's die.
 * @param {string} key
 */
export const statPath = key => `system.stats.${key}.die`;
const MOTOR_KEY = `flags.${SYSTEM_ID}.key`;

const fields = guardActorFields({ key: "records", notice: "SMOKE.Record.gmOwned", text: [RECORD_PATHS.background],
  paths: [...STAT_KEYS.map(statPath), ...Object.values(RECORD_PATHS)] });
const motors = guardActorFields({ key: "motorKeys", notice: "SMOKE.Record.motorKeyGmOwned", text: [MOTOR_KEY],
  types: ["vehicle"], paths: [MOTOR_KEY] });

/**
 * @typedef {object} CharacterRecord  What the GM recorded of a character.
 * @property {Record<string, number>} stats   Stat key → die faces (4–20).
 * @property {number} effort                  The Effort die's faces.
 * @property {{level: number, xp: number}} rep Rep 1–33 and cumulative XP.
 * @property {number} advances                Advances not yet spent.
 * @property {string} background              The background's catalogue key ("" before the Creator's finish).
 * @property {number} healthBonus             Growth's Health max bonus.
 * @property {number} guardBonus              Growth's Guard base bonus.
 * @property {Record<string, import("./kit-record.mjs").KitEntry>} kit  Item id → entry.
 */

/**
 * The world character whose record an actor reads (an unlinked token's copy: its base actor's).
 * @param {any} actor
 * @returns {any}
 */
function holderOf(actor) {
  const a = actor?.isToken ? actor.token?.baseActor ?? null : actor;
  return a instanceof Actor && a.type === "character" ? a : null;
}

/**
 * A character's record as the GM keeps it, or null for an actor that is not a character.
 * @param {Actor.Implementation|null|undefined} actor
 * @returns {CharacterRecord|null}
 */
export function recordOf(actor) {
  const holder = holderOf(actor);
  if (!holder) return null;
  const v = fields.sanctioned(holder);
  return {
    stats: Object.fromEntries(STAT_KEYS.map(k => [k, Number(v[statPath(k)])])),
    effort: Number(v[RECORD_PATHS.effort]),
    rep: { level: Number(v[RECORD_PATHS.level]), xp: Number(v[RECORD_PATHS.xp]) },
    advances: Number(v[RECORD_PATHS.advances]),
    background: String(v[RECORD_PATHS.background]),
    healthBonus: Number(v[RECORD_PATHS.healthBonus]),
    guardBonus: Number(v[RECORD_PATHS.guardBonus]),
    kit: kitRecord.recordedKit(holder)
  };
}

/**
 * The dice a check uses before any boost, from the GM's record for a character (an NPC's own, which only a GM
 * writes): the Effort die and the stat's die, in faces.
 * @param {Actor.Implementation} actor  A character or NPC.
 * @param {string} stat  A stat key.
 * @returns {{effortDie: number, statDie: number}}
 * @throws {Error} for a stat the actor does not have.
 */
export function recordedDice(actor, stat) {
  const record = recordOf(actor);
  if (record) {
    if (!(stat in record.stats)) throw new Error(`unknown stat ${stat}`);
    return { effortDie: record.effort, statDie: record.stats[stat] };
  }
  const sys = personSystem(actor);
  if (!sys?.stats?.[stat]) throw new Error(`unknown stat ${stat}`);
  return { effortDie: sys.effort?.die ?? 6, statDie: sys.stats[stat].die };
}

/**
 * A character's Rep and XP on the GM's record (Uncle's shelves, the fence's known-supplier bonus, Empire's d20).
 * @param {Actor.Implementation} actor
 * @returns {{level: number, xp: number}|null}  null for an actor that is not a
 *   character.
 */
export function recordedRep(actor) {
  return recordOf(actor)?.rep ?? null;
}

/**
 * A person's maximum Health and Hustle (Your character record › The numbers beside your name: "being patched up
 * restores it up to the maximum"; Hustle, perks and your luck): a character's from the GM's record — Grit's die and
 * Growth's bonus (rules/record.mjs healthMax), Rep (hustleMax) —, never the sheet's derived maxima, which follow a
 * stat or Rep its owner wrote until the GM puts it back. An NPC's (only a GM writes it): its own.
 * @param {Actor.Implementation} actor  A character or NPC.
 * @returns {{health: number, hustle: number}}  Points.
 */
export function recordedMaxima(actor) {
  const record = recordOf(actor);
  const sys = personSystem(actor);
  if (!record) return { health: Number(sys?.health?.max) || 0, hustle: Number(sys?.hustle?.max) || 0 };
  return { health: healthMax(record.stats, record.healthBonus), hustle: hustleMax(record.rep.level) };
}

/**
 * The catalogue key the GM recorded for a motor when it was made or imported ("vehicles/vexa-hatch"), or "" when the
 * GM has none (a motor made by hand: priced by hand). A key its owner wrote later is never read.
 * @param {Actor.Implementation} motor  A vehicle (an unlinked token's copy reads its base actor's).
 * @returns {string}
 */
export function recordedMotorKey(motor) {
  const m = motor?.isToken ? motor.token?.baseActor ?? null : motor;
  if (!(m instanceof Actor) || m.type !== "vehicle") return "";
  return String(motors.sanctioned(m)[MOTOR_KEY] ?? "");
}

/**
 * Active GM: write record fields of a character (paths of {@link RECORD_PATHS} or {@link statPath}) and mirror them.
 * @param {Actor.Implementation} actor
 * @param {Record<string, number|string>} values
 * @returns {Promise<void>}
 */
export function writeRecord(actor, values) {
  return fields.write(actor, values);
}

/** Hooks (registered by the entry): the record's, the motor keys' and the kit's, per hook. */
export const hooks = Object.fromEntries([...new Set([...Object.keys(fields.hooks), ...Object.keys(motors.hooks),
  ...Object.keys(kitRecord.hooks)])].map(name => [name, (/** @type {any[]} */ ...args) => {
  let result;
  for (const table of [fields.hooks, motors.hooks, kitRecord.hooks]) {
    const fn = /** @type {Record<string, Function>} */ (table)[name];
    if (fn && fn(...args) === false) result = false;
  }
  return result;
}]));
