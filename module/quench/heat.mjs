/**
 * Quench batch "the-smoke.heat" (Heat on your heels; Getting a motor › Plate markers): Danny nicks a hard-locked car
 * (fixed dice: 5 + 7 + 4 = 16 against TN 14, it opens) with a police officer 4 squares away; the GM's crime card
 * comes pre-set (witnessed, police saw), the GM clicks Add to Heat: 2 stars, Wanted, and the car's plate is hot.
 */
import { SYSTEM_ID } from "../generated/rules.mjs";
import { api, fixDice, nextMessage, restoreDice, useSandbox, waitFor } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.heat`;
export const displayName = "THE SMOKE: Heat (a crime the police see → stars)";

/** An actor imported from one of the system's compendia into the sandbox. */
async function imported(box, packName, name) {
  const pack = /** @type {CompendiumCollection<"Actor">} */ (game.packs.get(`${SYSTEM_ID}.${packName}`));
  const entry = (await pack.getIndex()).contents.find(e => e.name === name);
  if (!entry) throw new Error(`No ${name} in ${packName}`);
  return box.keep(await game.actors.importFromCompendium(pack, entry._id));
}

/** The rendered card of a chat message in the chat log (its buttons are bound when it renders). */
export const cardOf = message => waitFor(() => /** @type {HTMLElement|null} */ (
  document.querySelector(`.chat-log [data-message-id="${message.id}"]`)), "the card in the chat log");

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("A crime the police see", /** @this {any} */ function () {
    this.timeout(60000);
    /** @type {Scene.Implementation|null} the scene the GM was viewing, viewed again after */
    let viewed = null;
    const box = useSandbox(context, { setup: () => { viewed = game.scenes.viewed ?? null; },
      teardown: () => viewed?.view() });

    it("a car theft in sight of PC Okafor: the GM's card, Add to Heat, 2 stars and a hot plate", async function () {
      const danny = await imported(box, "pregens", 'Danny "Tealeaf" Doyle');
      const cop = await imported(box, "street-people", "Metro Police Officer");
      const car = await imported(box, "vehicles", "Range Ruler SUV");
      const scene = /** @type {Scene.Implementation} */ (await box.create(Scene, { name: "Quench Morning Lane", width: 6000, height: 2000,
        grid: { size: 100 }, tokens: [{ name: "Danny", actorId: danny.id, actorLink: true, x: 100, y: 100 },
          { name: "PC Okafor", actorId: cop.id, actorLink: true, x: 500, y: 100 }] }));
      await scene.view();
      const stars = api().heat.heatOf(danny).stars;
      assert.strictEqual(stars, 0, "a fresh pregen is Clean");
      fixDice([[5, 6], [7, 8]]);
      const posted = nextMessage(m => !!m.flags?.[SYSTEM_ID]?.heatCrime, "the GM's crime card");
      const theft = await api().vehicles.rollTheft(car, danny, { toolId: "", skipDialog: true });
      restoreDice();
      assert.isTrue(theft?.result.opens, "16 against TN 14 opens the lock");
      const card = /** @type {HTMLElement} */ (await cardOf(await posted));
      assert.isTrue(/** @type {HTMLInputElement} */ (card.querySelector("[data-heat-toggle=policeSaw]")).checked, "police saw, from the scene");
      assert.isTrue(/** @type {HTMLInputElement} */ (card.querySelector("[data-heat-toggle=witnessed]")).checked);
      /** @type {HTMLElement} */ (card.querySelector("[data-heat-action=crimeApply]")).click();
      await waitFor(() => danny.system.heat === stars + 2, "2 stars on the sheet");
      const view = api().heat.heatView(danny);
      assert.strictEqual(view.stars, stars + 2);
      assert.strictEqual(view.nameKey, "SMOKE.Wanted.level.wanted");
      assert.isTrue(api().heat.plateOf(car.uuid)?.hot, "the nicked motor's plate is hot");
    });
  });
}
