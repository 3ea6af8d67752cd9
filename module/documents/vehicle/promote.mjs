/**
 * A nicked motor that stood on the map as an **unlinked** token gets an actor of its own (README › Known gaps): a
 * motor the GM put on a map with its token's *Link Actor Data* unticked is a synthetic actor that keeps its Body,
 * fire, Fuel and condition on the token's own copy (its ActorDelta), which no GM record follows. While only the GM owns it that copy is the GM's;
 * once a theft hands it to a player, its owner could write those numbers and the fence, the garage and the chase would
 * act on them. So, before the keys change hands, the active GM makes the motor a world actor of its own, as it stands
 * (the synthetic actor's data: its base actor with the token's changes), and links the token to it. From then on it is
 * a world motor like a bought one: the GM's records (condition, Fuel, the printed record, the kit) start from it as
 * the GM created it (documents/core/mirror.mjs), the token stands for it in the GM's record of tokens
 * (documents/core/token-actors.mjs, a GM's change of binding), and its seats move to its new UUID, as do its riders'
 * tokens' marks of the motor they ride in.
 *
 * v13 facts, from the v13 API (foundryvtt.com/api/v13): `TokenDocument#actor` — "If actorLink is true, then the
 * document is the primary Actor document. Otherwise, the Actor document is a synthetic (ephemeral) document constructed
 * using the Token's ActorDelta" (classes/foundry.documents.TokenDocument.html); `Actor#isToken` — the actor is a
 * synthetic representation of a token, `Actor#token` its TokenDocument (classes/foundry.documents.Actor.html); the
 * synthetic actor is its base actor with the delta applied (`BaseActorDelta.applyDelta`,
 * classes/foundry.documents.BaseActorDelta.html), so its `toObject()` is the motor as the token shows it.
 *
 * Foundry-side only; no rules here.
 * @module documents/vehicle/promote
 */
import { SYSTEM_ID } from "./common.mjs";
import { moveSeats } from "./store.mjs";

/**
 * Active GM: give an unlinked token's motor a world actor of its own, linked to its token (a world motor is returned
 * as it is). The new actor is the synthetic actor's data with a new id, the same ownership (the theft adds the thief
 * after), and not a police unit's actor (`flags.the-smoke.unitKey` dropped: documents/heat/units.mjs reuses the world
 * actor carrying it for every unit it calls in).
 * @param {Actor.Implementation} motor  A vehicle: a world actor, or an unlinked token's synthetic actor.
 * @returns {Promise<Actor.Implementation>}  The world actor the motor's token now stands for.
 * @throws {Error} anywhere but on the active GM, or for a synthetic actor whose token is gone.
 */
export async function ownActorFor(motor) {
  if (!motor.isToken) return motor;
  if (!game.user.isActiveGM) throw new Error(game.i18n.localize("SMOKE.Combat.gmOnly"));
  const token = motor.token;
  if (!token?.parent) throw new Error(game.i18n.format("SMOKE.Theft.tokenGone", { vehicle: motor.name ?? "" }));
  const data = /** @type {Record<string, any>} */ (motor.toObject());
  delete data._id;
  delete data.folder;
  delete data.sort;
  if (data.flags?.[SYSTEM_ID]) delete data.flags[SYSTEM_ID].unitKey;
  data.prototypeToken = { ...(data.prototypeToken ?? {}), actorLink: true };
  const oldUuid = motor.uuid;
  const created = /** @type {Actor.Implementation} */ (await Actor.implementation.create(
    /** @type {Actor.CreateData} */ (data)));
  try {
    await token.update({ actorId: created.id, actorLink: true });
  } catch (err) {
    await created.delete(); // nothing half-done: the token still stands for its own copy
    throw err;
  }
  await moveSeats(oldUuid, created.uuid);
  // Its riders' tokens, hidden on its square, name the motor they ride in (documents/vehicle/seats.mjs carry).
  const riders = token.parent.tokens.filter(t => t.getFlag?.(SYSTEM_ID, "carried")?.vehicle === oldUuid)
    .map(t => ({ _id: t.id, [`flags.${SYSTEM_ID}.carried.vehicle`]: created.uuid }));
  if (riders.length) await token.parent.updateEmbeddedDocuments("Token", riders, { animate: false, smokeCarried: true });
  return created;
}
