/**
 * Quench batch "the-smoke.blower" (Foundry table guide: The Blower): the GM opens a character's phone (the picker
 * names it), goes through every app on the home screen, and the Money and Heat screens show the GM's records
 * (the purse's pocket and stash, the Heat store's stars and their name) and follow them when the GM pays.
 */
import { SYSTEM_ID } from "../generated/rules.mjs";
import { pay, purseOf } from "../documents/core/purse.mjs";
import { api, click, closeWindows, useSandbox, waitFor, windowOf } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.blower`;
export const displayName = "THE SMOKE: the Blower (a character's phone) opens and shows the GM's records";

const phone = () => /** @type {HTMLElement} */ (document.querySelector("#smoke-blower"));

/** Go home, open one app, wait for its screen. */
async function openApp(app) {
  await click(phone(), '[data-action="home"]');
  await click(phone(), `[data-action="open"][data-app="${app}"]`);
  return waitFor(() => phone()?.querySelector(`.smoke-blower-screen[data-screen="${app}"]`), `the ${app} screen`);
}

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("The Blower", /** @this {any} */ function () {
    this.timeout(60000);
    const box = useSandbox(context, { teardown: () => closeWindows("blower") });

    it("the GM opens a character's phone, every app opens, Money and Heat read the GM's records", async function () {
      const rook = await box.create(Actor, { name: "Quench Rook", type: "character" });
      await pay(rook, 40, { reason: "Quench" });
      await api().blower.open({ actor: rook });
      await windowOf("#smoke-blower", "the phone");
      await waitFor(() => phone().querySelector(".smoke-blower-owner")?.textContent?.trim() === rook.name, "Rook's phone");
      const apps = [...phone().querySelectorAll('[data-action="open"][data-app]')].map(b => b.getAttribute("data-app"));
      assert.includeMembers(apps, ["jobs", "money", "heat", "messages", "radio"]);
      for (const app of apps) await openApp(app);

      await openApp("money");
      const pocket = () => phone().querySelector(".smoke-blower-money [data-money=pocket]")?.textContent?.trim();
      assert.strictEqual(pocket(), `£${purseOf(rook).pocket}`);
      await pay(rook, 25, { reason: "Quench fare" });
      await waitFor(() => pocket() === `£${purseOf(rook).pocket}`, "the phone following the purse");
      await waitFor(() => phone().querySelector(".smoke-blower-payments li")?.textContent?.includes("Quench fare"),
        "the payment first in the list");

      await openApp("heat");
      const lit = () => phone().querySelectorAll(".smoke-blower-stars .smoke-star.lit").length;
      assert.strictEqual(lit(), 0);
      await api().heat.setHeat(rook, 3, { reason: "Quench" });
      await waitFor(() => lit() === 3, "3 stars on the phone");
      assert.strictEqual(phone().querySelector(".smoke-blower-heatname")?.textContent?.trim(),
        game.i18n.localize(api().heat.heatView(rook).nameKey));
    });
  });
}
