/**
 * The crew, street and police relationship counters (Your character record; Rep, Renown and Influence): the GM's
 * record, as cash and Heat are ({@link module:documents/mirror}). The GM awards them (GM Screen › Rewards, or the
 * sheet); a player's own edit is stripped or put back. Discounts (street 5, Chainring 3) and the police's
 * Knock at the Door read them from here.
 *
 * Foundry-side only.
 * @module documents/relationships
 */
import { guardActorFields } from "./mirror.mjs";

const COUNTERS = Object.freeze(["crew", "street", "police"]);
const guard = guardActorFields({ key: "relationships", paths: COUNTERS.map(c => `system.relationships.${c}`),
  notice: "SMOKE.Record.relationshipsGmOwned" });

/**
 * @param {Actor.Implementation} actor  A character.
 * @returns {{crew: number, street: number, police: number}} The GM's counters.
 */
export function relationshipsOf(actor) {
  const values = guard.sanctioned(actor);
  return { crew: values["system.relationships.crew"], street: values["system.relationships.street"],
    police: values["system.relationships.police"] };
}

/** Hooks (registered by the entry). */
export const hooks = guard.hooks;
