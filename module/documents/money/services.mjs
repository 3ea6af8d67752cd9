/**
 * Local services and your flat (Money, shops and a safe bed; Heat on your heels › Respray, New clobber, Safe night;
 * Fire, repairs and selling up › Garage work; Harm, aid and recovery › Rest, Homerton A&E): the respray, the market
 * change, garage work, A&E, the stash and a safe night's rest. Each runs on the active GM after re-checking the
 * place the request names (`regionUuid`: the character's own token on that Region's scene, inside it), for the stash
 * and Rest that the character lives at a flat (its residents), the cash, the price and the character's state.
 * Foundry-side only; the rules are rules/money.mjs.
 * @module documents/money/services
 */
import { CONDITIONS } from "../../generated/rules.mjs";
import { hospitalReset } from "../../rules/conditions.mjs";
import { garageQuote, placeKinds, placeOffers, canRest, restOutcome, servicePrice } from "../../rules/money.mjs";
import { assertAt, assertLivesAt, placesOf } from "./places.mjs";
import { charge, moveCash, purseOf } from "../core/purse.mjs";
import { stopDownClock } from "../fight/combat.mjs";
import { L, assertMotorAt, characterFor, clearHeat, loseStars, moneyCard, motorFor, policeSee, pounds, starsOf } from "./common.mjs";
import { conditionOf, writeCondition } from "../vehicle/condition.mjs";
import { wreckOf } from "../vehicle/wreck.mjs";
import { recordedMaxima } from "../core/record.mjs";
import { recordedStatuses } from "../core/condition-record.mjs";

/**
 * Places that offer a service (RULES.money.places), its own kind first.
 * @param {string} service
 * @returns {string[]}
 */
const kindsFor = service => placeKinds().filter(k => placeOffers(k).services.includes(service))
  .sort((a, b) => Number(b === service) - Number(a === service)); // the kind named after it first ("Reach a garage first")

/**
 * GM's price at a place, else the printed one.
 * @param {any} place
 * @param {string} field
 */
const gmPrice = (place, field) => (Number.isInteger(place.system?.[field]) ? place.system[field] : null);

/**
 * Respray (£100, no police seeing you go in): the motor's colour and plate markers reset (the Heat feature listens to
 * `smoke.resprayed`) and the payer's Heat cleared.
 */
async function onRespray(user, { actorUuid, motorUuid, regionUuid }) {
  const actor = characterFor(user, actorUuid);
  const motor = motorFor(user, motorUuid);
  const place = assertAt(actor, kindsFor("respray"), { regionUuid });
  assertMotorAt(motor, place);
  if (policeSee(actor)) throw new Error(L("SMOKE.Services.seenGoingIn", { place: place.name }));
  const price = servicePrice("respray", gmPrice(place, "respray"));
  if (price) await charge(actor, price, { reason: L("SMOKE.Services.respray.reason", { motor: motor.name }) });
  await clearHeat(actor, L("SMOKE.Services.respray.reason", { motor: motor.name }));
  Hooks.callAll("smoke.resprayed", motor);
  await moneyCard({ kind: "respray", speaker: actor, title: L("SMOKE.Services.respray.title", { place: place.name }),
    lines: [L("SMOKE.Services.respray.done", { actor: actor.name, motor: motor.name, pounds: price })] });
  return { pounds: price, stars: 0 };
}

/** New clobber (£25 at the market): one star lost when out of sight. */
async function onMarketChange(user, { actorUuid, regionUuid }) {
  const actor = characterFor(user, actorUuid);
  const place = assertAt(actor, kindsFor("marketChange"), { regionUuid });
  if (policeSee(actor)) throw new Error(L("SMOKE.Services.inSight"));
  const stars = starsOf(actor);
  if (stars < 1) throw new Error(L("SMOKE.Services.noHeat", { actor: actor.name }));
  const price = servicePrice("marketChange", gmPrice(place, "marketChange"));
  if (price) await charge(actor, price, { reason: L("SMOKE.Services.marketChange.reason") });
  await loseStars(actor, 1, L("SMOKE.Services.marketChange.reason"));
  await moneyCard({ kind: "marketChange", speaker: actor, title: L("SMOKE.Services.marketChange.title", { place: place.name }),
    lines: [L("SMOKE.Services.marketChange.done", { actor: actor.name, pounds: price, stars: starsOf(actor) })] });
  return { pounds: price, stars: starsOf(actor) };
}

/**
 * Garage work (£10 per missing Body, a flat as £60): full Body, no flats, the roadside patch back. Refused for a
 * destroyed shell ("Major wrecks and the cost of replacing a shell are matters for the GM") and for a burning motor
 * (At zero Body: "A vehicle at 0 Body catches fire … Everyone must get out" — it explodes at the end of the next round
 * or in about 15 seconds, before any garage works on it; the GM puts the fire out on the sheet first if it rules so).
 */
async function onGarage(user, { actorUuid, motorUuid, regionUuid }) {
  const actor = characterFor(user, actorUuid);
  const motor = motorFor(user, motorUuid);
  // A GM may run the garage anywhere (the motor sheet's button); a player reaches a garage first.
  const place = user.isGM ? (placesOf(actor).find(p => kindsFor("garage").includes(p.kind)) ?? { name: "", system: {} })
    : assertAt(actor, kindsFor("garage"), { regionUuid });
  if (!user.isGM) assertMotorAt(motor, /** @type {import("./places.mjs").Place} */ (place)); // a player's: assertAt's
  // The GM's records of the motor (documents/vehicle/wreck.mjs, condition.mjs), never what its owner wrote on it.
  const wreck = wreckOf(motor);
  if (wreck.destroyed) throw new Error(L("SMOKE.Repair.refused.destroyed", { vehicle: motor.name }));
  if (wreck.onFire) throw new Error(L("SMOKE.Repair.garageBurning", { vehicle: motor.name }));
  const c = conditionOf(motor);
  const quote = garageQuote({ body: c.body, bodyMax: c.bodyMax, flatTyres: c.flatTyres, perBody: gmPrice(place, "garagePerBody") });
  if (!quote.pounds && !c.patched) throw new Error(L("SMOKE.Repair.garageNothing", { vehicle: motor.name }));
  if (quote.pounds) await charge(actor, quote.pounds, { reason: L("SMOKE.Repair.garageTitle", { vehicle: motor.name }) });
  await writeCondition(motor, { body: c.bodyMax, flatTyres: 0, patched: false });
  await moneyCard({ kind: "garage", speaker: actor, title: L("SMOKE.Repair.garageTitle", { vehicle: motor.name }),
    lines: [L("SMOKE.Repair.garagePaid", { payer: actor.name, pounds: quote.pounds, vehicle: motor.name, max: c.bodyMax })] });
  return { pounds: quote.pounds };
}

/** Homerton A&E (free): Health restored, the usual treatable injuries cleared; Broken is set and stays. */
async function onAandE(user, { actorUuid, regionUuid }) {
  const actor = characterFor(user, actorUuid);
  const place = assertAt(actor, kindsFor("aAndE"), { regionUuid });
  // The maximum on the GM's record (documents/core/record.mjs), never the sheet's.
  const reset = hospitalReset({ max: recordedMaxima(actor).health, conditions: recordedStatuses(actor) }, CONDITIONS);
  await actor.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.health.value": reset.health }));
  for (const id of reset.remove) await actor.removeCondition(id);
  if (reset.remove.includes("down")) await stopDownClock(actor);
  await moneyCard({ kind: "aAndE", speaker: actor, title: L("SMOKE.Services.aAndE.title", { place: place.name }),
    lines: [L("SMOKE.Services.aAndE.done", { actor: actor.name, health: reset.health }),
      recordedStatuses(actor).has("broken") ? L("SMOKE.Services.aAndE.broken") : null] });
  return { health: reset.health, removed: reset.remove };
}

/** The stash (only at a flat the character lives at): `pounds` > 0 into the stash, < 0 out of it. */
async function onStash(user, { actorUuid, regionUuid, pounds: n }) {
  const actor = characterFor(user, actorUuid);
  assertLivesAt(actor, assertAt(actor, ["flat"], { regionUuid }));
  const amount = pounds(typeof n === "number" ? Math.abs(n) : n);
  const toStash = n > 0 ? amount : -amount;
  await moveCash(actor, { toStash });
  const purse = purseOf(actor);
  return { pocket: purse.pocket, stash: purse.stash };
}

/**
 * A safe night at a flat the character lives at or a safehouse (refused while Bleeding, seen by police, or at 3+
 * stars).
 */
async function onRest(user, { actorUuid, regionUuid }) {
  const actor = characterFor(user, actorUuid);
  const place = assertAt(actor, ["safehouse", "flat"], { regionUuid }); // "Reach your flat or a safehouse first."
  assertLivesAt(actor, place);
  const stars = starsOf(actor);
  const can = canRest({ heat: stars, bleeding: recordedStatuses(actor).has("bleeding"), policeSee: policeSee(actor) });
  if (!can.ok) throw new Error(L(`SMOKE.Rest.refused.${can.reason}`, { actor: actor.name, stars }));
  // Full Health and Hustle are the maxima on the GM's record (documents/core/record.mjs), never the sheet's.
  const max = recordedMaxima(actor);
  const night = restOutcome({ healthMax: max.health, hustleMax: max.hustle, conditions: recordedStatuses(actor), stars });
  await actor.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.health.value": night.health, "system.hustle.value": night.hustle }));
  for (const id of night.remove) await actor.removeCondition(id);
  if (stars && !night.stars) await clearHeat(actor, L("SMOKE.Rest.reason"));
  await moneyCard({ kind: "rest", speaker: actor, title: L("SMOKE.Rest.title", { place: place.name }),
    lines: [L("SMOKE.Rest.done", { actor: actor.name, health: night.health, hustle: night.hustle }),
      night.remove.length ? L("SMOKE.Rest.cleared", { conditions: night.remove.map(id => CONDITIONS.find(c => c.key === id)?.name ?? id).join(", ") }) : null,
      stars && !night.stars ? L("SMOKE.Rest.heatCleared", { stars }) : null] });
  return { health: night.health, hustle: night.hustle, removed: night.remove, stars: night.stars };
}

export const requests = {
  "service.respray": onRespray, "service.marketChange": onMarketChange, "service.garage": onGarage,
  "service.aAndE": onAandE, "stash.move": onStash, rest: onRest
};
