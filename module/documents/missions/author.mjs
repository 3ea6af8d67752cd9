/**
 * The GM writes missions: a new `mission` page in the world's "Missions" journal (made on first use), and the book's
 * examples imported from the system's compendium. Both are the GM's own document writes (a player may not create
 * journal entries); the page's data model refuses terms without a fee type or objectives (data/mission-page.mjs).
 * @module documents/missions/author
 */
import { MISSION_PAGE } from "../../data/mission-page.mjs";
import { SYSTEM_ID } from "../core/check.mjs";

/** The compendium of the book's example missions. */
export const MISSIONS_PACK = `${SYSTEM_ID}.missions`;

/**
 * GM: add a mission page to the world's Missions journal.
 * @param {{name: string, system: object}} data  The page's name and its terms (data/mission-page.mjs).
 * @returns {Promise<any>} The page.
 * @throws {Error} the data model's refusal (in words), or not a GM.
 */
export async function createMissionPage({ name, system }) {
  if (!game.user.isGM) throw new Error(game.i18n.localize("SMOKE.Combat.gmOnly"));
  if (!String(name ?? "").trim()) throw new Error(game.i18n.localize("SMOKE.Mission.problem.noName"));
  const title = game.i18n.localize("SMOKE.Mission.journal");
  const flag = `flags.${SYSTEM_ID}.missionJournal`;
  let journal = /** @type {any} */ (game).journal.find((/** @type {any} */ j) => foundry.utils.getProperty(j, flag));
  journal ??= await /** @type {any} */ (JournalEntry).create({ name: title, ownership: { default: 0 },
    flags: { [SYSTEM_ID]: { missionJournal: true } } });
  const [page] = await journal.createEmbeddedDocuments("JournalEntryPage", [{ name: String(name).trim(), type: MISSION_PAGE, system }]);
  return page;
}

/**
 * GM: change a mission page's name and terms (the data model refuses bad terms and the page keeps its old ones). A
 * crew already on the mission keeps the terms it took (documents/missions/missions.mjs copies them into the run).
 * @param {{uuid: string, name: string, system: object}} data
 * @returns {Promise<any>} The page.
 * @throws {Error} the data model's refusal (in words), not a mission page, or not a GM.
 */
export async function updateMissionPage({ uuid, name, system }) {
  if (!game.user.isGM) throw new Error(game.i18n.localize("SMOKE.Combat.gmOnly"));
  if (!String(name ?? "").trim()) throw new Error(game.i18n.localize("SMOKE.Mission.problem.noName"));
  const page = /** @type {any} */ (fromUuidSync(/** @type {any} */ (String(uuid ?? ""))));
  if (!page || page.documentName !== "JournalEntryPage" || page.type !== MISSION_PAGE || page.pack) {
    throw new Error(game.i18n.localize("SMOKE.Mission.missing"));
  }
  await page.update({ name: String(name).trim(), system });
  return page;
}

/**
 * GM: import the compendium's missions that the world does not hold yet (by their compendium source).
 * @returns {Promise<number>} How many journal entries were imported.
 */
export async function importMissions() {
  if (!game.user.isGM) throw new Error(game.i18n.localize("SMOKE.Combat.gmOnly"));
  const pack = game.packs.get(MISSIONS_PACK);
  if (!pack) throw new Error(game.i18n.localize("SMOKE.Mission.noPack"));
  const have = new Set(game.journal.map((/** @type {any} */ j) => j._stats?.compendiumSource).filter(Boolean));
  const index = await pack.getIndex();
  let n = 0;
  for (const entry of index) {
    if (have.has(entry.uuid)) continue;
    await /** @type {any} */ (game).journal.importFromCompendium(pack, entry._id);
    n += 1;
  }
  return n;
}
