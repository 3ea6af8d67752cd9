/**
 * Level Up and advances, applied by the active GM (rulebook: Rep, Renown and Influence › Personal Rep, Growth,
 * Advances; The Rep ladder). The player's Level Up window keeps its choices as a draft on the actor; the GM
 * - rolls Growth itself (`levelUp.growth`: core Roll, no explosions, once per level, kept in the GM store `growth`),
 *   so a Growth result on the record is one the GM rolled;
 * - applies every available level at once (`levelUp.apply`) from the GM's record: the levels the recorded XP allows,
 *   each odd level's stat raise legal within the new tier's cap, each even level's perk from the perks compendium and
 *   not already held, each Growth the one it rolled; once (after it, no level is available);
 * - spends an advance (`advance.spend`): one stat one step within the recorded Rep's cap.
 *
 * Foundry-side only; the rules are rules/progression.mjs.
 * @module documents/advancement
 */
import { CATALOGUE_IDS, SYSTEM_ID } from "../../generated/rules.mjs";
import { advance, applyStatRaise, growthDice, growthGuard, growthHealth, legalStatRaises, levelUpSteps, levelsAvailable }
  from "../../rules/progression.mjs";
import { noteHTML } from "../core/chat-html.mjs";
import { fromPack } from "./creation.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { RECORD_PATHS, recordOf, statPath, writeRecord } from "../core/record.mjs";
import { assertOwner } from "../core/requests.mjs";
import { docAt } from "../core/lookup.mjs";

/**
 * @typedef {object} GrowthResult  One Growth roll the GM made (faces of dice without explosions).
 * @property {number} healthDie
 * @property {number} healthFace
 * @property {number} health  Health max added.
 * @property {number} guardDie
 * @property {number} guardFace
 * @property {number} guard   Guard base added.
 */

/** Growth rolls the GM made, by actor UUID then Rep level, until the levels are applied. */
/** @type {import("../core/gm-store.mjs").GMStore<Record<string, GrowthResult>>} */
const growth = gmStore("growth");

/**
 * Localize or format.
 * @param {string} key
 * @param {Record<string, any>} [data]
 * @returns {string}
 */
const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * The Growth rolls the GM made for a character's pending levels (level → result).
 * @param {Actor.Implementation} actor
 * @returns {Record<string, GrowthResult>}
 */
export function growthOf(actor) {
  return growth.get(actor.uuid) ?? {};
}

/**
 * The stats after the choices' raises up to (not including) `level`, as plain faces; an illegal choice is skipped.
 * @param {Record<string, number>} start  Plain faces.
 * @param {import("../../rules/progression.mjs").LevelGrant[]} grants  From levelUpSteps.
 * @param {Record<string, {stat?: string}>} choices  level → choices.
 * @param {number} level
 * @returns {Record<string, number>}
 */
export function statsBefore(start, grants, choices, level) {
  let stats = { ...start };
  for (const g of grants) {
    if (g.level >= level) break;
    const key = choices?.[g.level]?.stat;
    const raise = g.steps.find(s => s.kind === "statRaise");
    if (raise && key && legalStatRaises(stats, raise.cap).includes(key)) stats = applyStatRaise(stats, key, raise.cap);
  }
  return stats;
}

/**
 * The levels a character may take now, from the GM's record.
 * @param {NonNullable<ReturnType<typeof recordOf>>} record
 * @returns {import("../../rules/progression.mjs").LevelGrant[]}
 */
export function pendingLevels(record) {
  const n = levelsAvailable(record.rep.level, record.rep.xp);
  return n ? levelUpSteps(record.rep.level, record.rep.level + n) : [];
}

/**
 * The character a request names, its record, and the owner check.
 * @param {User.Implementation} user
 * @param {unknown} uuid
 */
function characterOf(user, uuid) {
  const actor = /** @type {Actor.Implementation|null} */ (typeof uuid === "string" ? docAt(uuid) : null);
  assertOwner(user, actor);
  const record = actor.isToken ? null : recordOf(actor);
  if (!record) throw new Error(L("SMOKE.Purse.notCharacter"));
  return { actor, record };
}

/**
 * @typedef {Record<string, {stat?: string, perk?: string}>} LevelChoices  Level → the stat raised and the perk chosen.
 */

/**
 * GM: roll Growth for one pending level, once.
 * @param {User.Implementation} user
 * @param {{actorUuid?: unknown, level?: unknown, choices?: LevelChoices}} data
 */
async function onGrowth(user, { actorUuid, level, choices = {} }) {
  const { actor, record } = characterOf(user, actorUuid);
  const grants = pendingLevels(record);
  const lvl = Number(level);
  if (!grants.some(g => g.level === lvl && g.steps.some(s => s.kind === "growth"))) {
    throw new Error(L("SMOKE.Level.noGrowth", { level: String(level) }));
  }
  if (growthOf(actor)[lvl]) throw new Error(L("SMOKE.Level.growthRolled", { level: lvl }));
  const dice = growthDice(statsBefore(record.stats, grants, choices, lvl));
  const health = await new Roll(`1d${dice.health.die}`).evaluate();
  const guard = await new Roll(`1d${dice.guard.die}`).evaluate();
  /** @type {GrowthResult} */
  const result = { healthFace: Number(health.total), health: growthHealth(Number(health.total), dice.health.die),
    guardFace: Number(guard.total), guard: growthGuard(Number(guard.total), dice.guard.die),
    healthDie: dice.health.die, guardDie: dice.guard.die };
  await growth.update(actor.uuid, cur => ({ ...(cur ?? {}), [lvl]: result }));
  await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor }), rolls: [health, guard],
    content: await noteHTML(L("SMOKE.Level.growthCard", { actor: actor.name, level: lvl, ...result })) });
  return result;
}

/**
 * GM: apply every pending level at once, from the record and the GM's Growth rolls.
 * @param {User.Implementation} user
 * @param {{actorUuid?: unknown, choices?: LevelChoices}} data
 */
async function onApply(user, { actorUuid, choices = {} }) {
  const { actor, record } = characterOf(user, actorUuid);
  const grants = pendingLevels(record);
  if (!grants.length) throw new Error(L("SMOKE.Level.none"));
  const rolled = growthOf(actor);
  const pack = /** @type {CompendiumCollection<"Item">|undefined} */ (game.packs.get(`${SYSTEM_ID}.perks`));
  const index = pack ? await pack.getIndex() : null;
  const held = new Set(Object.values(record.kit).filter(e => e.type === "perk").map(e => e.key));
  let stats = { ...record.stats };
  let { healthBonus, guardBonus } = record;
  const perkIds = /** @type {string[]} */ ([]);
  for (const g of grants) {
    const d = choices?.[g.level] ?? {};
    for (const s of g.steps) {
      if (s.kind === "statRaise") {
        const stat = d.stat ?? ""; // none chosen: not a legal raise
        if (!legalStatRaises(stats, s.cap).includes(stat)) throw new Error(L("SMOKE.Level.needStat", { level: g.level }));
        stats = applyStatRaise(stats, stat, s.cap);
      } else if (s.kind === "perk") {
        const perk = d.perk ?? ""; // none chosen: in no index
        const key = Object.entries(CATALOGUE_IDS.perks ?? {}).find(([, id]) => id === d.perk)?.[0];
        if (!key || !index?.has(perk) || held.has(`perks/${key}`) || perkIds.includes(perk)) {
          throw new Error(L("SMOKE.Level.needPerk", { level: g.level }));
        }
        perkIds.push(perk);
      } else if (s.kind === "growth") {
        const r = rolled[g.level];
        if (!r) throw new Error(L("SMOKE.Level.needGrowth", { level: g.level }));
        healthBonus += r.health;
        guardBonus += r.guard;
      }
    }
  }
  const perks = [];
  // Each id was found in the perks' index above (so the pack is there, and has it).
  for (const id of perkIds) perks.push(fromPack(/** @type {Item.Implementation} */ (await pack?.getDocument(id))));
  const last = /** @type {import("../../rules/progression.mjs").LevelGrant} */ (grants.at(-1));
  await writeRecord(actor, { [RECORD_PATHS.level]: last.level, [RECORD_PATHS.healthBonus]: healthBonus,
    [RECORD_PATHS.guardBonus]: guardBonus, ...Object.fromEntries(Object.entries(stats).map(([k, v]) => [statPath(k), v])) });
  if (perks.length) await actor.createEmbeddedDocuments("Item", perks);
  await growth.set(actor.uuid, null);
  await actor.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ [`flags.${SYSTEM_ID}.-=levelUp`]: null }));
  await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor }),
    content: await noteHTML(L("SMOKE.Level.appliedCard", { actor: actor.name, level: last.level })) });
  return { level: last.level };
}

/**
 * GM: spend an advance on one stat (within the recorded Rep's cap).
 * @param {User.Implementation} user
 * @param {{actorUuid?: unknown, stat?: unknown}} data
 */
async function onAdvance(user, { actorUuid, stat }) {
  const { actor, record } = characterOf(user, actorUuid);
  if (record.advances < 1) throw new Error(L("SMOKE.Record.noAdvance"));
  let stats;
  try {
    stats = advance(record.stats, String(stat ?? ""), record.rep.level);
  } catch (err) {
    throw new Error(L("SMOKE.Record.badAdvance", { stat: L(`SMOKE.Stat.${stat}.name`) }), { cause: err });
  }
  await writeRecord(actor, { [statPath(String(stat))]: stats[String(stat)], [RECORD_PATHS.advances]: record.advances - 1 });
  return { stat, die: stats[String(stat)], advances: record.advances - 1 };
}

/** Requests (registered by the entry). */
export const requests = { "levelUp.growth": onGrowth, "levelUp.apply": onApply, "advance.spend": onAdvance };
