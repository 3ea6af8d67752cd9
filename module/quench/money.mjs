/**
 * Quench batch "the-smoke.money" (Money, shops and a safe bed; the GM's record of cash): a crew fee paid through the
 * request channel splits evenly; the GM store pays and charges whole pounds, mirrors them on the sheet's cash,
 * logs each move (newest first), refuses a charge the pocket cannot cover without writing anything, and moves cash to the stash.
 */
import { SYSTEM_ID } from "../generated/rules.mjs";
import { charge, moveCash, pay, purseOf } from "../documents/core/purse.mjs";
import { api, useSandbox, waitFor } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.money`;
export const displayName = "THE SMOKE: money (pay and charge through the GM's store)";

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("The GM's record of cash", /** @this {any} */ function () {
    this.timeout(60000);
    const box = useSandbox(context);
    /** @type {any[]} */
    let crew = [];
    const pocketOf = actor => purseOf(actor).pocket;

    it("a crew fee of £100 split between two: £50 each, on the record and the sheet", async function () {
      crew = [await box.create(Actor, { name: "Quench Alf", type: "character" }),
        await box.create(Actor, { name: "Quench Bex", type: "character" })];
      const before = crew.map(pocketOf);
      const paid = await api().money.payCrew(crew, 100, { mode: "split", reason: "Quench" });
      assert.strictEqual(paid.share, 50);
      await waitFor(() => crew.every((a, i) => pocketOf(a) === before[i] + 50 && a.system.cash.pocket === before[i] + 50),
        "both pockets £50 up");
    });

    it("pay and charge: mirrored, logged, and a charge past the pocket refused with nothing written", async function () {
      const [alf] = crew;
      const start = pocketOf(alf);
      assert.strictEqual(await pay(alf, 30, { reason: "Quench" }), start + 30);
      assert.strictEqual(alf.system.cash.pocket, start + 30, "the sheet mirrors the record");
      assert.deepInclude(purseOf(alf).log[0], { amount: 30, where: "pocket" });
      const short = start + 30 + 120;
      let refused = null;
      try {
        await charge(alf, short);
      } catch (err) {
        refused = err;
      }
      assert.instanceOf(refused, Error, "a charge past the pocket throws");
      assert.include(refused.message, "120", "the message names the shortfall");
      assert.strictEqual(pocketOf(alf), start + 30, "nothing taken");
      assert.strictEqual(await charge(alf, 30, { reason: "Quench" }), start);
      assert.deepInclude(purseOf(alf).log[0], { amount: -30, where: "pocket" });
    });

    it("cash into the stash and back", async function () {
      const [, bex] = crew;
      await pay(bex, 20, { reason: "Quench" });
      const { pocket, stash } = purseOf(bex);
      assert.deepEqual(await moveCash(bex, { toStash: 20 }), { pocket: pocket - 20, stash: stash + 20 });
      assert.strictEqual(bex.system.cash.stash, stash + 20);
      assert.deepEqual(await moveCash(bex, { toStash: -20 }), { pocket, stash });
    });
  });
}
