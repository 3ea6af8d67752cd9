/**
 * The GM writes missions: a new `mission` page in the world's "Missions" journal (made on first use), and the book's
 * examples imported from the system's compendium. Both are the GM's own document writes (a player may not create
 * journal entries); the page's data model refuses terms without a fee type or objectives (data/mission-page.mjs).
 * @module documents/missions/author
 */
import { MISSION_PAGE } from "../../data/mission-page.mjs";
import { SYSTEM_ID } from "../core/check.mjs";
import { docAt } from "../core/lookup.mjs";

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
  // Made on first use, owned by nobody else (a hook cancelling the creation leaves none: the next line throws).
  const journal = game.journal.find(j => !!foundry.utils.getProperty(j, flag))
    ?? /** @type {JournalEntry.Implementation} */ (await JournalEntry.create({ name: title,
      ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE }, flags: { [SYSTEM_ID]: { missionJournal: true } } }));
  const [page] = (await journal.createEmbeddedDocuments("JournalEntryPage", [{ name: String(name).trim(), type: MISSION_PAGE,
    system }])) ?? [];
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
  const page = /** @type {JournalEntryPage.Implementation|null} */ (docAt(String(uuid ?? "")));
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
  const pack = /** @type {CompendiumCollection<"JournalEntry">|undefined} */ (game.packs.get(MISSIONS_PACK));
  if (!pack) throw new Error(game.i18n.localize("SMOKE.Mission.noPack"));
  const have = new Set(game.journal.map(j => j._stats?.compendiumSource).filter(Boolean));
  const index = await pack.getIndex();
  let n = 0;
  for (const entry of index) {
    if (have.has(entry.uuid)) continue;
    await game.journal.importFromCompendium(pack, entry._id);
    n += 1;
  }
  return n;
}
