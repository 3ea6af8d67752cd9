/**
 * The Character Creator's finish, applied by the active GM (rulebook: Making a new face; Ten backgrounds): the
 * player's window sends the draft; the GM checks it again (a legal spread, a background, one of that background's
 * perks, one extra item, a name and an age), refuses a character that was already made, and builds the character
 * once — the record (stats, Rep 1, 0 XP, the background) through documents/core/record.mjs, the kit from the compendia,
 * and the background's starting cash through the purse. The draft a player writes on their own actor is only a draft:
 * nothing in it counts until the GM applied it.
 *
 * Foundry-side only; the rules are rules/creation.mjs.
 * @module documents/creation
 */
import { CATALOGUE_IDS, RULES, SYSTEM_ID } from "../../generated/rules.mjs";
import { startingNumbers, validateSpread } from "../../rules/creation.mjs";
import { spreadProblemText } from "../core/check-words.mjs";
import { assertOwner, requestGM } from "../core/requests.mjs";
import { docAt } from "../core/lookup.mjs";
import { alreadyStarted, startingCash } from "../core/purse.mjs";
import { RECORD_PATHS, recordedKit, statPath, writeRecord } from "../core/record.mjs";

const STATS = RULES.stats.stats.map(s => s.key);
/** The Creator's steps, in order (apps/creator.mjs shows them). */
export const STEPS = Object.freeze(["who", "background", "stats", "perk", "kit", "story", "finish"]);
const KIT_PACKS = ["weapons", "armour", "ammunition", "gear", "outfits", "consumables", "drugs"];
/** @type {Record<string, Record<string, string> | undefined>} */
const IDS = CATALOGUE_IDS;

/**
 * The compendium and id of a kit reference (a catalogue key, or pack/key).
 * @param {string|{item: string, worn?: boolean, quantity?: number}} ref
 * @returns {{pack: string, id: string, worn: boolean, quantity: number}}
 * @throws {Error} when the key is not in the catalogue.
 */
export function kitRef(ref) {
  const key = typeof ref === "string" ? ref : ref.item;
  const [packName, k] = key.includes("/") ? key.split("/") : [null, key];
  const pack = packName ?? KIT_PACKS.find(p => IDS[p]?.[k]);
  const id = pack ? IDS[pack]?.[k] : undefined;
  if (!pack || !id) throw new Error(`no catalogue item ${key}`);
  return { pack, id, worn: typeof ref === "object" && !!ref.worn, quantity: typeof ref === "object" ? ref.quantity ?? 1 : 1 };
}

/**
 * What a draft still lacks, per step (empty lists when it is a legal character). Pure apart from i18n.
 * @param {Record<string, any>} d  The draft.
 * @returns {Record<string, string[]>}
 */
export function draftProblems(d) {
  const i18n = game.i18n;
  const p = Object.fromEntries(STEPS.map(s => [s, /** @type {string[]} */ ([])]));
  if (!String(d?.identity?.name ?? "").trim()) p.who.push(i18n.localize("SMOKE.Creator.needName"));
  if (!(Number(d?.identity?.age) >= RULES.creation.minimumAge)) {
    p.who.push(i18n.format("SMOKE.Creator.needAge", { age: String(RULES.creation.minimumAge) }));
  }
  if (!d?.background) p.background.push(i18n.localize("SMOKE.Creator.needBackground"));
  const spread = validateSpread(d?.stats ?? {});
  if (!spread.ok) p.stats.push(i18n.format("SMOKE.Creator.badSpread", { problems: spread.problems.map(spreadProblemText).join(", ") }));
  if (!d?.perk) p.perk.push(i18n.localize("SMOKE.Creator.needPerk"));
  if (!RULES.creation.extraItems.items.includes(d?.extra)) p.kit.push(i18n.localize("SMOKE.Creator.needExtra"));
  return p;
}

/**
 * The data of an owned copy of a compendium item (v13 WorldCollection#fromCompendium): no id, folder, sort or
 * ownership from the pack, and `_stats.compendiumSource` recording where it came from.
 * @param {Item.Implementation} doc
 * @returns {any}
 */
export function fromPack(doc) {
  return game.items.fromCompendium(doc, { clearFolder: true });
}

/**
 * An item of one of the system's Item packs (undefined without the pack; null or undefined without the item).
 * @param {string} pack
 * @param {string} id
 */
const packDoc = (pack, id) => /** @type {CompendiumCollection<"Item">|undefined} */ (game.packs.get(`${SYSTEM_ID}.${pack}`))
  ?.getDocument(id);

/**
 * Turn a complete draft into the character (rulebook: Making a new face): ask the active GM, who checks the draft
 * again and builds it once (on the active GM's own client it runs here).
 * @param {Actor.Implementation} actor
 * @param {Record<string, any>} d  A draft with no problems (see {@link draftProblems}).
 * @returns {Promise<{pocket: number}>} The starting cash paid.
 * @throws {Error} the GM's refusal in words (a step not finished, a character already made, no GM connected).
 */
export function buildCharacter(actor, d) {
  return requestGM("creator.finish", { actorUuid: actor.uuid, draft: d });
}

/**
 * Active GM: build the character from the draft — the record's numbers (Rep 1, 0 XP, Hustle 3/3, Health 8 + Grit
 * modifier), identity and story, and its kit, Fists, the one extra item and the chosen perk from the compendia by
 * catalogue id (the first armour in the kit worn), then the background's cash. Refuses an actor that already has
 * kit or cash, so a second finish cannot duplicate anything.
 * @param {User.Implementation} user
 * @param {{actorUuid: string, draft: Record<string, any>}} data
 */
async function onFinish(user, { actorUuid, draft }) {
  const actor = /** @type {Actor.Implementation|null} */ (typeof actorUuid === "string" ? docAt(actorUuid) : null);
  assertOwner(user, actor);
  if (actor.type !== "character" || actor.isToken) throw new Error(game.i18n.localize("SMOKE.Purse.notCharacter"));
  if (actor.items.size || Object.keys(recordedKit(actor)).length || alreadyStarted(actor)) {
    throw new Error(game.i18n.localize("SMOKE.Creator.alreadyBuilt"));
  }
  const d = foundry.utils.deepClone(draft ?? {});
  const problems = draftProblems(d);
  const first = STEPS.find(s => problems[s].length);
  if (first) throw new Error(game.i18n.format("SMOKE.Creator.incomplete", {
    step: game.i18n.localize(`SMOKE.Creator.step.${first}`), problems: problems[first].join(" ") }));
  const bgKey = Object.entries(IDS.backgrounds ?? {}).find(([, id]) => id === d.background)?.[0];
  const bg = bgKey ? await packDoc("backgrounds", d.background) : null;
  if (!bg) throw new Error(game.i18n.localize("SMOKE.Creator.needBackground"));
  // The perk is one of the background's (the step offers only those).
  const bgSystem = /** @type {BackgroundSystem} */ (bg.system);
  if (!bgSystem.perks.some(k => IDS.perks?.[k] === d.perk)) {
    throw new Error(game.i18n.localize("SMOKE.Creator.needPerk"));
  }
  // A background's kit: catalogue references (a key, or {item, worn, quantity}), as its schema in packs-src has them.
  const refs = /** @type {Parameters<typeof kitRef>[0][]} */ ([...bgSystem.kit]);
  for (const key of RULES.creation.startingItems) if (!refs.some(r => (typeof r === "string" ? r : r.item) === key)) refs.unshift(key);
  refs.push(d.extra);
  const items = [];
  let worn = false;
  for (const r of refs) {
    const ref = kitRef(r);
    // A catalogue key's item is in its pack (kitRef refuses a key the catalogue lacks).
    const data = fromPack(/** @type {Item.Implementation} */ (await packDoc(ref.pack, ref.id)));
    if (data.type === "armour" && !worn) { data.system.worn = true; worn = true; }
    items.push(data);
  }
  items.unshift(fromPack(/** @type {Item.Implementation} */ (await packDoc("perks", d.perk)))); // one of the background's
  const stats = Object.fromEntries(STATS.map(k => [k, Number(d.stats[k])]));
  const start = startingNumbers(stats);
  const { name, ...details } = d.identity;
  await writeRecord(actor, { ...Object.fromEntries(STATS.map(k => [statPath(k), stats[k]])),
    [RECORD_PATHS.level]: start.rep.level, [RECORD_PATHS.xp]: start.rep.xp, [RECORD_PATHS.background]: String(bgKey),
    [RECORD_PATHS.healthBonus]: 0, [RECORD_PATHS.guardBonus]: 0 });
  const story = Object.fromEntries(["hustle", "vice", "bond", "ambition"].map(k => [k, String(d.story?.[k] ?? "")]));
  await actor.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({
    name: String(name).trim(),
    "system.details": { streetName: String(details.streetName ?? ""), pronouns: String(details.pronouns ?? ""),
      age: Number(details.age), ends: String(details.ends ?? ""), look: String(details.look ?? ""), background: bgKey },
    "system.story": story,
    "system.hustle.value": start.hustle.value,
    "system.health.value": start.health.value,
    [`flags.${SYSTEM_ID}.-=creator`]: null
  }));
  await actor.createEmbeddedDocuments("Item", items);
  // Cash is the GM's (documents/core/purse.mjs): the recorded background's starting cash, once.
  return startingCash(actor);
}

/** Requests (registered by the entry). */
export const requests = { "creator.finish": onFinish };
