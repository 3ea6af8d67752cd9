/**
 * The places' actions where they apply (rulebook: Foundry table guide — "Local services, Shop here, First aid and
 * Rest on the sheet or token where relevant"): a section of the character sheet (templates/actor/parts/places.hbs,
 * filled from templates/actor/parts/place-actions.hbs) and buttons on the token HUD (v13 `renderTokenHUD`), shown
 * only while the character's token is in a place; first aid lists the people within reach. Every click asks the GM
 * (documents/money/money.mjs), who checks it all again.
 * @module apps/places
 */
import * as money from "../documents/money/money.mjs";
import { garageQuote, placeOffers, servicePrice } from "../rules/money.mjs";
import { tokenDistance } from "../documents/fight/attack.mjs";
import { rangeBand } from "../rules/combat.mjs";
import { vehicleOf } from "../documents/vehicle/seats.mjs";
import { conditionOf } from "../documents/vehicle/condition.mjs";
import { docAt } from "../documents/core/lookup.mjs";

const ACTIONS = "systems/the-smoke/templates/actor/parts/place-actions.hbs";
const CREW_FEE = "systems/the-smoke/templates/dialog/crew-fee.hbs";
const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/** The motors this character could take to a service here: the one they sit in, and owned motors in the region. */
function motorsAt(actor, place) {
  const list = [];
  const aboard = vehicleOf(actor)?.vehicle;
  if (aboard?.isOwner) list.push(aboard);
  for (const motor of game.actors.filter(a => a.type === "vehicle" && a.isOwner)) {
    if (list.includes(motor)) continue;
    if (money.placesOf(motor).some(p => p.regionUuid === place.regionUuid)) list.push(motor);
  }
  return list;
}

/** The drugs the actor could sell at a fence: those with a street sale price in the catalogue. */
async function drugsFor(actor) {
  const out = [];
  for (const item of actor.items.filter(i => i.type === "drug")) {
    const price = await money.catalogueSalePrice(item);
    if (price) out.push({ id: item.id, name: item.name, price, quantity: /** @type {SmokeItemSystem} */ (item.system).quantity ?? 0 });
  }
  return out;
}

/** The people first aid can reach (Engaged, same scene) or the actor themself. */
function patientsFor(actor) {
  const mine = actor.getActiveTokens?.(false, true) ?? [];
  const out = [actor];
  for (const t of mine) for (const other of t.parent?.tokens ?? []) {
    const a = other.actor;
    if (!a || out.includes(a) || !["character", "npc"].includes(a.type)) continue;
    const d = tokenDistance(t, other);
    if (d !== null && rangeBand(d) === "engaged") out.push(a);
  }
  return out.filter(a => a.statuses.has("down") || a.statuses.has("bleeding") || a.statuses.has("hurt")
    || a.system.health.value < a.system.health.max);
}

/**
 * A flat's residents by name ("" when the GM named nobody).
 * @param {any} place
 * @returns {string}
 */
function residentsOf(place) {
  return [...(place.system?.residents ?? [])].map(uuid => docAt(uuid)?.name).filter(Boolean)
    .join(", ");
}

/**
 * The view of the places section for an actor (what the template shows).
 * @param {Actor.Implementation} actor
 */
export async function placesView(actor) {
  const places = [];
  for (const place of money.placesOf(actor)) {
    const offers = money.offersAt(place);
    const home = money.livesAt(actor, place);
    const motors = motorsAt(actor, place).map(m => {
      const c = conditionOf(m); // the GM's record of its Body and tyres, as the garage quotes them
      const row = /** @type {{uuid: string, name: string|null, garage: number|null, sell: {pounds: number, buyer: string}|null}} */ ({ uuid: m.uuid, name: m.name, garage: null, sell: null });
      if (offers.services.includes("garage")) row.garage = garageQuote({ body: c.body, bodyMax: c.bodyMax,
        flatTyres: c.flatTyres, perBody: place.system?.garagePerBody ?? null }).pounds;
      try {
        const offer = money.offerFor(actor, m);
        if (offers.fence.includes(offer.buyer)) row.sell = { pounds: offer.pounds, buyer: L(`SMOKE.Places.buyer.${offer.buyer}`) };
      } catch { /* a hand-edited record the rules cannot price: no offer (the GM refuses it too) */ }
      return row;
    });
    places.push({
      regionUuid: place.regionUuid, name: place.name, kind: L(`SMOKE.Places.kind.${place.kind}`),
      shelf: offers.shop ? await money.shelfFor(actor, place) : null,
      respray: offers.services.includes("respray") ? servicePrice("respray", place.system?.respray ?? null) : null,
      marketChange: offers.services.includes("marketChange") ? servicePrice("marketChange", place.system?.marketChange ?? null) : null,
      aAndE: offers.services.includes("aAndE"), stash: offers.stash && home, rest: offers.rest && home,
      // another character's flat: whose it is, instead of its stash and bed
      notHome: home ? null : residentsOf(place), nobodyHome: !home && !residentsOf(place),
      drugs: place.kind === "fence" ? await drugsFor(actor) : [],
      motors: offers.services.some(s => s === "respray" || s === "garage") || offers.fence.length ? motors : [],
      showRespray: offers.services.includes("respray"), showGarage: offers.services.includes("garage")
    });
  }
  const patients = actor.isOwner ? patientsFor(actor).map(a => ({ uuid: a.uuid, name: a.name, self: a === actor,
    down: a.statuses.has("down") })) : [];
  return { places, patients, pocket: actor.system.cash.pocket, stash: actor.system.cash.stash, owner: actor.isOwner };
}

/** The clicks of this client whose request the GM has not answered yet (see {@link askedBy}). */
const asking = /** @type {Set<string>} */ (new Set());

/**
 * What a places button asks, the same for that button on every drawing of the sheet: the actor, the action, its
 * place and what it names (item, motor, drug, patient).
 * @param {Actor.Implementation} actor
 * @param {HTMLElement} button
 * @returns {string}
 */
function askedBy(actor, button) {
  const d = button.dataset;
  return [actor.uuid, d.smokePlace, regionOf(button) ?? "", d.key ?? "", d.motor ?? "", d.item ?? "", d.patient ?? ""]
    .join("|");
}

/**
 * The place a button's request names: its own, or its section's (the GM counts only this actor's token in that
 * region).
 * @param {HTMLElement} button
 * @returns {string|null}
 */
function regionOf(button) {
  return button.dataset.region ?? /** @type {HTMLElement|null} */ (button.closest("[data-region]"))?.dataset.region ?? null;
}

/** Run a click's request; the GM's refusal becomes a warning. */
async function run(fn) {
  try {
    return await fn();
  } catch (err) {
    ui.notifications.warn(err.message);
    return null;
  }
}

/**
 * Handle a click in the places section.
 * @param {Actor.Implementation} actor
 * @param {HTMLButtonElement} button
 */
async function onClick(actor, button) {
  const d = /** @type {Record<string, string>} */ (button.dataset);
  const region = regionOf(button);
  // A second click while the first one's request is with the GM asks nothing, even on the sheet drawn again (the
  // second click of a double click never gets here: apps/one-click.mjs; the GM takes each offer id once).
  const ask = askedBy(actor, button);
  if (asking.has(ask)) return;
  asking.add(ask);
  button.disabled = true;
  try {
    await run(() => act(actor, button, d, region));
  } finally {
    asking.delete(ask);
  }
  button.disabled = false;
  for (const app of Object.values(actor.apps ?? {})) app.render();
}

/**
 * Send a places button's request.
 * @param {Actor.Implementation} actor
 * @param {HTMLButtonElement} button
 * @param {Record<string, string>} d  The button's dataset.
 * @param {string|null} region
 * @returns {Promise<unknown>}
 */
function act(actor, button, d, region) {
  const fromUuid = /** @type {(uuid: string) => any} */ (fromUuidSync);
  const motor = d.motor ? fromUuid(d.motor) : null;
  const root = button.closest(".smoke-place") ?? button.closest("[data-smoke-places]");
  const amount = Number(/** @type {HTMLInputElement|null} */ (root?.querySelector("[data-smoke-stash-amount]"))?.value);
  const patient = d.patient ? fromUuid(d.patient) : null;
  const acts = {
    buy: () => money.buy(actor, { regionUuid: /** @type {string} */ (region), key: d.key, offerId: d.offer }),
    respray: () => money.respray(actor, motor, region),
    garage: () => money.garage(actor, motor, region),
    sell: () => money.sell(actor, motor, region),
    sellDrug: () => money.sellDrug(actor, d.item, 1, region),
    marketChange: () => money.marketChange(actor, region),
    aAndE: () => money.aAndE(actor, region),
    rest: () => money.rest(actor, region),
    toStash: () => money.moveStash(actor, amount, region),
    fromStash: () => money.moveStash(actor, -amount, region),
    firstAid: () => money.streetFirstAid(actor, patient)
  };
  return (acts[/** @type {keyof typeof acts} */ (d.smokePlace)] ?? (async () => null))();
}

/**
 * Fill a character sheet's places slot (renderCharacterSheet).
 * @param {any} app
 * @param {HTMLElement} element
 */
export async function fillSheet(app, element) {
  const actor = app.document;
  const slot = element?.querySelector?.("[data-smoke-place-actions]");
  if (!slot || actor?.type !== "character") return;
  if (actor.isOwner) bindObligations(actor, /** @type {HTMLElement} */ (slot.closest("[data-smoke-places]")));
  const view = await placesView(actor);
  slot.innerHTML = await foundry.applications.handlebars.renderTemplate(ACTIONS, view);
  slot.querySelectorAll("[data-smoke-place]").forEach(b => {
    const button = /** @type {HTMLButtonElement} */ (b);
    if (asking.has(askedBy(actor, button))) button.disabled = true; // its request is still with the GM
    button.addEventListener("click", event => {
      event.preventDefault();
      onClick(actor, button);
    });
  });
}

/**
 * The stash obligations record (Stash and obligations: owner, weekly cost, terms): the owner's own notes, written
 * whole (an array field).
 * @param {Actor.Implementation} actor
 * @param {HTMLElement} root
 */
function bindObligations(actor, root) {
  const rows = () => foundry.utils.deepClone(actor.system.obligations ?? []);
  root.querySelectorAll("[data-obligation-field]").forEach(input => input.addEventListener("change", event => {
    event.stopPropagation();
    const el = /** @type {HTMLInputElement} */ (event.currentTarget);
    const i = Number(el.closest("[data-obligation]")?.getAttribute("data-obligation"));
    const list = rows();
    if (!list[i]) return;
    const field = /** @type {string} */ (el.dataset.obligationField);
    list[i][field] = field === "weekly" ? Math.max(0, Math.floor(Number(el.value) || 0)) : el.value;
    actor.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.obligations": list }));
  }));
  root.querySelectorAll("[data-smoke-obligation]").forEach(b => b.addEventListener("click", event => {
    event.preventDefault();
    const el = /** @type {HTMLElement} */ (event.currentTarget);
    const list = rows();
    if (el.dataset.smokeObligation === "add") list.push({ what: "", owner: "", weekly: 0, terms: "" });
    else list.splice(Number(el.dataset.index), 1);
    actor.update(/** @type {DottedUpdate<Actor.UpdateData>} */ ({ "system.obligations": list }));
  }));
}

/**
 * Token HUD buttons (v13 renderTokenHUD, html an HTMLElement): one per place the token is in, opening the sheet's
 * places section, and Rest straight away where a safe night is on offer.
 * @param {any} hud
 * @param {HTMLElement} html
 */
export function onTokenHUD(hud, html) {
  const token = hud.object?.document;
  const actor = token?.actor;
  if (!actor || actor.type !== "character" || !actor.isOwner) return;
  const col = html.querySelector(".col.right") ?? html;
  for (const place of money.placesOf(token)) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "control-icon smoke-place-hud";
    button.dataset.smokePlaceHud = place.kind;
    const label = L(placeOffers(place.kind).shop ? "SMOKE.Places.shopHere" : "SMOKE.Places.services", { place: place.name });
    button.title = label;
    button.setAttribute("aria-label", label);
    button.append(Object.assign(document.createElement("i"), { className: "fa-solid fa-store", inert: true }));
    button.addEventListener("click", () => actor.sheet?.render({ force: true }));
    col.append(button);
  }
}

/**
 * GM: the crew fee window (Money, shops and a safe bed › Split the fee): who took part (player characters ticked),
 * the amount, split or per head; the GM's request pays each once and tells the GM the remainder.
 * @returns {Promise<{share: number, remainder: number, paid: number}|null>}
 */
export async function crewFeeDialog() {
  const characters = game.actors.filter(a => a.type === "character").map(a => ({ id: a.id, name: a.name,
    checked: a.hasPlayerOwner }));
  const content = await foundry.applications.handlebars.renderTemplate(CREW_FEE, { characters });
  // The form's fields: a tick per character (`p_<id>`), the pounds, split or per head, and the reason.
  const data = /** @type {{pounds: string, mode: "split"|"perHead", reason?: string, [tick: string]: unknown}|null} */ (
    await foundry.applications.api.DialogV2.input({ window: { title: "SMOKE.CrewFee.window" }, content,
      ok: { label: L("SMOKE.CrewFee.pay") } }));
  if (!data) return null;
  const actors = characters.filter(c => data[`p_${c.id}`]).map(c => /** @type {Actor.Implementation} */ (game.actors.get(/** @type {string} */ (c.id))));
  const result = await run(() => money.payCrew(actors, Number(data.pounds), { mode: data.mode, reason: data.reason ?? "" }));
  if (result?.remainder) ui.notifications.info(L("SMOKE.CrewFee.remainderNote", { remainder: result.remainder }));
  return result;
}

/**
 * The GM's Crew fee tool in the token controls.
 * @param {any} controls
 */
function onControls(controls) {
  const tokens = controls.tokens ?? controls.token;
  if (!tokens?.tools || !game.user.isGM) return;
  tokens.tools.smokeCrewFee = { name: "smokeCrewFee", title: "SMOKE.CrewFee.window", icon: "fa-solid fa-sterling-sign",
    button: true, order: 92, onChange: () => crewFeeDialog() };
}

const hooks = { renderCharacterSheet: fillSheet, renderTokenHUD: onTokenHUD, getSceneControlButtons: onControls };

/** The window's manifest (documents/core/feature.mjs), registered by the entry: the places on the sheet and the token HUD serve money (id "money"). */
export const feature = { id: "money", hooks };
