/**
 * Disguise Heat (rulebook: Clobber and outfits; Heat on your heels › Lose sight, then lose stars): changing into an
 * owned outfit out of sight at one or two stars loses the outfit's Heat drop (rules/heat.mjs outfitChange), and a
 * Police Uniform worn when caught adds its +2 (rules/heat.mjs heatIfCaught).
 *
 * The owner asks (`heat.outfit.change`); the active GM reads the outfit from its record of kit
 * (documents/core/kit-record.mjs: the item must be the character's, an outfit, with the record's `heatDrop`), Heat and
 * police sight from its own stores, and records in the GM store `heatDisguise` (actor UUID → `{used: item ids}`) the
 * outfits that have changed this character's description while wanted, so each does it once; the record is cleared
 * when Heat is back to 0. The GM then marks the outfit worn (and any other outfit not).
 *
 * Foundry-side only; the rules are rules/heat.mjs.
 * @module documents/heat/disguise
 */
import { heatIfCaught, outfitChange } from "../../rules/heat.mjs";
import { gmStore } from "../core/gm-store.mjs";
import { heatOf, setHeat } from "./store.mjs";
import { recordedItem, recordedKit } from "../core/kit-record.mjs";
import { assertOwner } from "../core/requests.mjs";
import { sightOf } from "./sight.mjs";
import { characterAt, L, postHeatCard } from "./crimes.mjs";

/** @type {import("../core/gm-store.mjs").GMStore<{used: string[]}>} */
export const disguises = gmStore("heatDisguise");

/**
 * GM handler: the owner changes into an owned outfit out of sight.
 * @param {User.Implementation} user
 * @param {{actorUuid: string, itemId: string}} data
 * @returns {Promise<{stars: number, lost: number}>}
 * @throws {Error} (localized) not the owner, not an outfit the GM's record says the character carries, or the rule's
 *   refusal (no Heat, three stars or more, police see, already used, no drop).
 */
export async function onOutfitChange(user, { actorUuid, itemId }) {
  const actor = characterAt(actorUuid);
  assertOwner(user, actor);
  const entry = recordedItem(actor, String(itemId));
  const item = actor.items.get(String(itemId));
  if (!entry || entry.type !== "outfit" || !item) throw new Error(L("SMOKE.Wanted.outfit.notCarried", { name: actor.name ?? "" }));
  const heat = heatOf(actor);
  const used = disguises.get(actor.uuid)?.used ?? [];
  const change = outfitChange({ heat: heat.stars, heatDrop: Number(entry.system.heatDrop) || 0,
    seen: sightOf(actor, heat).seen, used: used.includes(/** @type {string} */ (item.id)) });
  if (!change.ok) throw new Error(L(`SMOKE.Wanted.outfit.refused.${change.reason}`, { name: actor.name ?? "", outfit: item.name ?? "",
    stars: String(heat.stars) }));
  await disguises.set(actor.uuid, { used: [...used, /** @type {string} */ (item.id)] });
  const stars = await setHeat(actor, change.stars, { reason: "outfit" });
  const updates = [{ _id: item.id, "system.worn": true }, ...actor.items
    .filter(i => i.type === "outfit" && i.id !== item.id && /** @type {OutfitSystem} */ (i.system).worn)
    .map(i => ({ _id: i.id, "system.worn": false }))];
  await actor.updateEmbeddedDocuments("Item", updates);
  await postHeatCard({ kind: "outfit", speaker: actor, whisper: null,
    title: L("SMOKE.Wanted.outfit.title", { name: actor.name ?? "", outfit: item.name ?? "" }),
    lines: [L("SMOKE.Wanted.outfit.done", { name: actor.name ?? "", outfit: item.name ?? "", lost: String(heat.stars - stars),
      stars: String(stars) })] });
  return { stars, lost: heat.stars - stars };
}

/**
 * Active GM: a character was caught (a stop on foot went against them): a worn outfit with `heatIfCaught` on the GM's
 * record (the Police Uniform, +2) adds it, once per `caughtId`.
 * @param {Actor.Implementation} actor
 * @param {string} caughtId  The stop's id.
 * @returns {Promise<number>} Stars added (0 for none).
 */
export async function caughtInUniform(actor, caughtId) {
  const record = recordedKit(actor);
  const uniform = actor.items.find(i => i.type === "outfit" && /** @type {OutfitSystem} */ (i.system).worn
    && Number(record[/** @type {string} */ (i.id)]?.system?.heatIfCaught) > 0);
  if (!uniform) return 0;
  const key = `caught:${caughtId}`;
  const mine = disguises.get(key);
  if (mine) return 0;
  await disguises.set(key, { used: [/** @type {string} */ (uniform.id)] });
  const before = heatOf(actor).stars;
  const stars = await setHeat(actor, heatIfCaught({ heat: before,
    heatIfCaught: Number(record[/** @type {string} */ (uniform.id)].system.heatIfCaught) }), { reason: "uniform" });
  await postHeatCard({ kind: "uniform", title: L("SMOKE.Wanted.outfit.caughtTitle", { name: actor.name ?? "", outfit: uniform.name ?? "" }),
    lines: [L("SMOKE.Wanted.outfit.caught", { name: actor.name ?? "", outfit: uniform.name ?? "", added: String(stars - before),
      stars: String(stars) })] });
  return stars - before;
}

/** Active GM: a character back at 0 stars is no longer wanted: their outfits may change their description again. */
export async function forgetClean() {
  for (const uuid of Object.keys(disguises.all())) {
    if (uuid.startsWith("caught:")) continue;
    const actor = /** @type {Actor.Implementation|null} */ (fromUuidSync(/** @type {`Actor.${string}`} */ (uuid)));
    if (!actor || heatOf(actor).stars === 0) await disguises.set(uuid, null);
  }
}
