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
 * Whether a document is an Actor (`instanceof Actor`), typed as the configured class: every Actor is made from
 * CONFIG.Actor.documentClass, SmokeActor (module/the-smoke.mjs, init).
 * @param {unknown} doc
 * @returns {doc is Actor.Implementation}
 */
export function isActor(doc) {
  return doc instanceof Actor;
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
 * One of the system's Item compendia by its full id ("the-smoke.perks"); the system.json's packs are always there.
 * @param {string} id
 * @returns {CompendiumCollection<"Item">}
 */
export function itemPack(id) {
  return /** @type {CompendiumCollection<"Item">} */ (game.packs.get(id));
}

/**
 * A compendium index entry with some of its item's system fields (S).
 * @template S
 * @typedef {{_id: string, uuid: string, name: string, system: S}} IndexEntryWith
 */

/**
 * Dotted paths for `CompendiumCollection#getIndex({fields})` of an Item pack, typed as fvtt-types types `fields` (v13
 * takes dotted paths such as "system.price"; fvtt-types 13.345.1 types top-level keys only, its own TODO in
 * compendium-collection.d.mts).
 * @param {...string} paths  Each under `system.`.
 * @returns {(keyof Item.Source)[]}
 */
export function indexFields(...paths) {
  return /** @type {(keyof Item.Source)[]} */ (paths);
}

/**
 * An Item compendium's index with some system fields of its items (v13 `CompendiumCollection#getIndex({fields})`
 * takes dotted paths such as "system.kit"; fvtt-types 13.345.1 types `fields` as top-level keys only — its own TODO
 * in compendium-collection.d.mts — and the entries as partial sources of any Item type).
 * @template {object} S  The fields' shape, e.g. `Pick<BackgroundSystem, "kit" | "cash">` for a pack of backgrounds.
 * @param {string} id  The pack's full id.
 * @param {string[]} fields  The dotted paths, each under `system.` (the entries' `system` is S).
 * @returns {Promise<IndexEntryWith<S>[]>}
 */
export async function itemIndex(id, fields) {
  const index = await itemPack(id).getIndex({ fields: /** @type {(keyof Item.Source)[]} */ (fields) });
  return /** @type {IndexEntryWith<S>[]} */ ([...index]);
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

/**
 * A person's system data (a character's or an NPC's), typed as those two models: the fields they share typed, the
 * rest optional (for code that has checked, or been given, a person; `actor.type` does not narrow `actor.system`).
 * @param {{system: unknown}} person
 * @returns {PersonSystem}
 */
export function personSystem(person) {
  return /** @type {PersonSystem} */ (person.system);
}

/**
 * The system data of a token's motor (its actor's, typed as the vehicle model), or null when the token stands for no
 * actor or for one that is not a motor.
 * @param {TokenDocument.Implementation|null|undefined} token
 * @returns {VehicleSystem|null}
 */
export function motorSystemOf(token) {
  const actor = token?.actor;
  return actor?.type === "vehicle" ? vehicleSystem(actor) : null;
}

/**
 * The canvas, when this client has one: v13 sets the global `canvas` before init, but a client without a board (the
 * tests' stand-in Foundry) may lack it, so it is read from globalThis (the bare name would throw).
 * @returns {Canvas|undefined}
 */
export function canvasIfAny() {
  return /** @type {typeof globalThis & {canvas?: Canvas}} */ (globalThis).canvas;
}
