/**
 * A police search (rulebook: Police at the table › Stop and Search, Knock at the Door; Heat on your heels › Busted):
 * what the police find on a character — weapons (not Fists), ammunition, drugs and an unauthorised uniform, the same
 * kit Busted keeps (documents/heat/custody.mjs `seized`) — is seized; a weapon or drugs among it is +1 Heat, once per
 * search (rules/police.mjs searchFinds). The seized items' source data is kept in the GM store `streetSeized`
 * (actor UUID → list of seizures), so nothing is lost and the GM can see what was taken.
 *
 * Foundry-side only; runs on the active GM.
 * @module documents/street/search
 */
import { searchFinds } from "../../rules/police.mjs";
import { activeNow } from "../core/active-time.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { heatOf, setHeat } from "../heat/heat.mjs";
import { seized } from "../heat/custody.mjs";
import { L } from "./setup.mjs";

/** @typedef {{at: number, reason: string, items: object[], heat: number}} Seizure */
/** @type {import("../core/gm-store.mjs").GMStore<Seizure[]>} */
export const seizures = gmStore("streetSeized");

/**
 * How the police see an item.
 * @param {any} item
 * @returns {"weapon"|"drug"|"ammo"|"uniform"|"legal"}
 */
function kindOf(item) {
  if (!seized(item)) return "legal";
  return item.type === "outfit" ? "uniform" : item.type;
}

/**
 * Active GM: search a character: seize the illegal kit, +1 Heat for a weapon or drugs.
 * @param {any} actor  A character.
 * @param {string} reason  The police event key.
 * @returns {Promise<{items: string[], heat: number, stars: number}>}
 */
export async function searchCharacter(actor, reason) {
  if (!game.user.isActiveGM) throw new Error(L("SMOKE.Store.gmOnly"));
  const found = searchFinds(actor.items.map(i => ({ id: i.id, kind: kindOf(i) })));
  const items = found.seized.map(id => actor.items.get(id)).filter(Boolean);
  const sources = items.map(i => i.toObject());
  // The record first, then the items go: the kit is never lost between two writes.
  await seizures.update(actor.uuid, list => [...(list ?? []), { at: activeNow(), reason, items: sources, heat: found.heat }]);
  if (items.length) await actor.deleteEmbeddedDocuments("Item", items.map(i => i.id));
  const before = heatOf(actor).stars;
  const stars = found.heat ? await setHeat(actor, before + found.heat, { reason: "search" }) : before;
  return { items: sources.map(s => s.name), heat: stars - before, stars };
}
