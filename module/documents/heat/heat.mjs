/**
 * Heat, the police and custody (issue 12; rulebook: Heat on your heels; Police at the table; Getting a motor › Plate
 * markers): the feature's facade. It exports its manifest {@link feature} (the GM handlers, every one re-checking who
 * asks, and the hooks; registered by the entry), and the interface other features call:
 * `heatOf`, GM `addCrime`, `setHeat`, `loseStars`, `heatView`; hook `smoke.resprayed(motor)` resets a plate.
 *
 * - Crimes: documents/heat/crimes.mjs (the GM's card, once per act). Hook `smoke.crime` with
 *   `{actorUuid, crime, actId, witnessed?, motorUuid?}` fired by the system's own GM handlers (theft, attacks, the
 *   chase) notices a crime.
 * - Cool-down: documents/heat/cooldown.mjs on the active GM's 1-second tick; sight: documents/heat/sight.mjs.
 * - Police on the map, plates and ANPR: documents/heat/units.mjs. A stop on foot: documents/heat/stop.mjs.
 * - Busted and custody: documents/heat/custody.mjs.
 * - Disguise Heat (an outfit changed into out of sight, a uniform caught in): documents/heat/disguise.mjs.
 *
 * Foundry-side only; the rules are in rules/heat.mjs, rules/police.mjs and rules/money.mjs.
 * @module documents/heat
 */
import { onTick } from "../core/active-time.mjs";
import { heatOf, setHeat, updateTimer } from "./store.mjs";
import { assertGM } from "../core/requests.mjs";
import { checkTimers, heatView } from "./cooldown.mjs";
import { addCrime, characterAt, crimeOrThrow, L, noticeCrime, resolveCrime } from "./crimes.mjs";
import { bust, custodyOf, release } from "./custody.mjs";
import { actHooks } from "./acts.mjs";
import { isPolice } from "./sight.mjs";
import { demandStop, onStopAnswer, onStopClaim } from "./stop.mjs";
import { forgetClean, onOutfitChange } from "./disguise.mjs";
import { anprOnMove, anprPing, callInUnits, plateChanged, plateOf, plateStolen } from "./units.mjs";
import { RULES } from "../../generated/rules.mjs";
import { mergeParts } from "../core/feature.mjs";
import * as store from "./store.mjs";

export { addCrime, bust, callInUnits, custodyOf, demandStop, heatOf, heatView, noticeCrime, plateOf, release, setHeat, anprPing };

/** Crimes that are a motor being nicked (the plate goes on record as stolen). */
const THEFT_CRIMES = Object.freeze(["nicking-a-bike", "nicking-a-car", "carjacking", "stealing-a-police-vehicle"]);

/**
 * Active GM: lose stars (a service, clobber, a uniform): Heat goes down by `n`, within 0–5.
 * @param {Actor.Implementation} actor
 * @param {number} n  Whole stars ≥ 0.
 * @param {{reason?: string}} [options]
 * @returns {Promise<number>} The stars now.
 */
export async function loseStars(actor, n, { reason = "" } = {}) {
  const k = Number(n);
  if (!Number.isInteger(k) || k < 0) throw new Error(L("SMOKE.Wanted.badStars", { stars: String(n) }));
  return setHeat(actor, heatOf(actor).stars - k, { reason });
}

/**
 * @param {unknown} stars
 * @returns {number} Whole stars within Heat's range (0–5), or a localized Error.
 */
function starsArg(stars) {
  const n = Number(stars);
  if (!Number.isInteger(n) || n < RULES.heat.min || n > RULES.heat.max) throw new Error(L("SMOKE.Wanted.badStars", { stars: String(stars) }));
  return n;
}

/**
 * @param {unknown} uuid
 * @returns {any} A motor, or a localized Error.
 */
function motorAt(uuid) {
  const motor = /** @type {Actor.Implementation | null} */ (typeof uuid === "string" ? fromUuidSync(/** @type {`Actor.${string}`} */ (uuid)) : null);
  if (motor?.type !== "vehicle") throw new Error(L("SMOKE.Vehicle.notVehicle"));
  return motor;
}

/** The GM's requests. Only a GM may ask any of them but the stop's answer and roll (the character's owner). */
const requests = {
  "heat.crime.add": async (user, { actorUuid, crime, witnessed = true, policeSaw = false, actId = null }) => {
    assertGM(user);
    crimeOrThrow(crime);
    return addCrime(characterAt(actorUuid), crime, { witnessed: !!witnessed, policeSaw: !!policeSaw, actId });
  },
  "heat.crime.resolve": async (user, { actId, witnessed = true, policeSaw = false, dismiss = false }) => {
    assertGM(user);
    return resolveCrime(String(actId), { witnessed: !!witnessed, policeSaw: !!policeSaw, dismiss: !!dismiss });
  },
  "heat.set": async (user, { actorUuid, stars }) => {
    assertGM(user);
    return { stars: await setHeat(characterAt(actorUuid), starsArg(stars), { reason: "gm" }) };
  },
  "heat.sight": async (user, { actorUuid, override = null }) => {
    assertGM(user);
    if (![null, "seen", "unseen"].includes(override)) throw new Error(L("SMOKE.Wanted.badOverride"));
    await updateTimer(characterAt(actorUuid), t => ({ ...t, override }));
    return { override };
  },
  "heat.indoors": async (user, { actorUuid, indoors = false }) => {
    assertGM(user);
    await updateTimer(characterAt(actorUuid), t => ({ ...t, indoors: !!indoors }));
    return { indoors: !!indoors };
  },
  "heat.callUnits": async (user, { sceneId = null, stars }) => {
    assertGM(user);
    const scene = sceneId ? game.scenes.get(sceneId) : (game.scenes.active ?? game.scenes.viewed);
    return callInUnits(scene, starsArg(stars));
  },
  "heat.stop.demand": async (user, { actorUuid }) => {
    assertGM(user);
    return { stopId: await demandStop(characterAt(actorUuid)) };
  },
  "heat.stop.answer": onStopAnswer,
  "heat.outfit.change": onOutfitChange,
  "heat.stop.claim": onStopClaim,
  "heat.bust": async (user, { actorUuid }) => {
    assertGM(user);
    return bust(characterAt(actorUuid));
  },
  "heat.release": async (user, { actorUuid }) => {
    assertGM(user);
    return { items: await release(characterAt(actorUuid)) };
  },
  "heat.anpr": async (user, { motorUuid }) => {
    assertGM(user);
    return { raised: await anprPing(motorAt(motorUuid), "gm") };
  }
};

/**
 * @param {string} what
 * @returns {(err: Error) => void}
 */
const logged = what => err => console.error(`the-smoke | heat: ${what}`, err);

let unsubscribe = /** @type {(() => void)|null} */ (null);

/** Hooks (registered by the entry). */
const hooks = {
  ...actHooks,
  /** The active GM checks the timers once a second (writes only on a change). */
  ready: () => {
    unsubscribe ??= onTick(now => {
      if (game.user.isActiveGM) checkTimers(now).catch(logged("timers"));
    });
  },
  /** Heat back to 0: the character's outfits may change their description again (documents/heat/disguise.mjs). */
  "smoke.heatChanged": () => {
    if (game.user.isActiveGM) forgetClean().catch(logged("disguise"));
  },
  /** A crime the system saw, from its own GM handlers: the GM's card (and a nicked motor's plate on record). */
  "smoke.crime": (/** @type {Parameters<typeof noticeCrime>[0] & {motorUuid?: string} | null | undefined} */ notice) => {
    if (!game.user.isActiveGM || !notice) return;
    if (notice.motorUuid && THEFT_CRIMES.includes(notice.crime)) {
      const motor = fromUuidSync(/** @type {SmokeUuid} */ (notice.motorUuid));
      if (motor) plateStolen(motor).catch(logged("plate"));
    }
    noticeCrime(notice).catch(logged("crime"));
  },
  /** Money & places (issue 13): a respray or new plates give the motor a new marker that reads clean. */
  "smoke.resprayed": (/** @type {Actor.Implementation | null | undefined} */ motor) => {
    if (game.user.isActiveGM && motor?.type === "vehicle") plateChanged(motor).catch(logged("plate"));
  },
  /** Cuffed by police → Busted (the fight's cuff fires `smoke.cuffed(target, cuffer)` on the GM). */
  "smoke.cuffed": (/** @type {Actor.Implementation | null | undefined} */ target, /** @type {Actor.Implementation | null | undefined} */ cuffer) => {
    if (!game.user.isActiveGM || target?.type !== "character" || !isPolice(cuffer) || custodyOf(target)?.open) return;
    bust(target).catch(logged("busted"));
  },
  /** ANPR: a hot motor passing a police motor. */
  moveToken: (/** @type {TokenDocument.Implementation} */ tokenDoc) => {
    if (game.user.isActiveGM) anprOnMove(tokenDoc).catch(logged("anpr"));
  }
};

/**
 * Heat's manifest (documents/core/feature.mjs), registered by the entry: the GM's store of Heat and its timers
 * (`store.mjs`: its mirror's hooks) and the requests and hooks above. Its api is `game.system.api.heat`.
 */
export const feature = {
  id: "heat",
  ...mergeParts([store, { requests, hooks }]),
  api: { heatOf, heatView, addCrime, setHeat, loseStars, bust, release, custodyOf, callInUnits, demandStop, plateOf, anprPing }
};
