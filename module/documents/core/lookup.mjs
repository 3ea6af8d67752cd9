/**
 * Typed look-ups (issue 18): the documents a UUID names and the system's compendia, with the types fvtt-types
 * cannot infer from a string. Nothing here checks more than the callers did before; it imports no other module
 * of the system (documents/ files import it, so it must stay a leaf of the import graph).
 */

/**
 * The document a UUID names, if this client holds it (fromUuidSync, unchanged: null for none; a compendium
 * document may come back as its index entry).
 * @param {string} uuid
 * @returns {foundry.abstract.Document.Any | null}
 */
export function docAt(uuid) {
  return /** @type {foundry.abstract.Document.Any | null} */ (fromUuidSync(/** @type {SmokeUuid} */ (uuid)));
}

/**
 * The actor a UUID names: an Actor, or a Token's actor (an unlinked token's own); null for anything else.
 * @param {string} uuid
 * @returns {Actor.Implementation | null}
 */
export function actorAt(uuid) {
  const doc = docAt(uuid);
  if (doc?.documentName === "Token") return /** @type {TokenDocument.Implementation} */ (doc).actor ?? null;
  return doc?.documentName === "Actor" ? /** @type {Actor.Implementation} */ (doc) : null;
}

/**
 * One of the system's Actor compendia by its full id ("the-smoke.vehicles"), or undefined when the world lacks it.
 * @param {string} id
 * @returns {CompendiumCollection<"Actor"> | undefined}
 */
export function actorPack(id) {
  return /** @type {CompendiumCollection<"Actor"> | undefined} */ (game.packs.get(id));
}

/**
 * game.system.api, which the entry module sets at init (before any window or request runs).
 * @returns {SmokeApi}
 */
export function systemApi() {
  return /** @type {foundry.packages.System & {api: SmokeApi}} */ (game.system)?.api;
}

/**
 * A motor's system data, typed as the vehicle model (for code that has checked, or been given, a vehicle: the
 * SmokeActor's `system` is the union of the three models, which `actor.type` does not narrow).
 * @param {{system: unknown}} motor
 * @returns {VehicleSystem}
 */
export function vehicleSystem(motor) {
  return /** @type {VehicleSystem} */ (motor.system);
}
