/**
 * Quench batch "the-smoke.gm-screen" (GM checks): the GM chooses one character on the GM Screen and sends Pick a
 * Lock (Medium, Graft); the request card offers that character's roll at the TN for its own dice (Effort d6, Graft
 * d8: TN 12), the roll dialog has the TN locked, and the fixed dice (4 + 5 + 4 = 13) come back on the card: Sorted.
 */
import { SYSTEM_ID } from "../generated/rules.mjs";
import { bandTN } from "../rules/check.mjs";
import { api, click, closeWindows, fixDice, nextMessage, pregen, restoreDice, useSandbox, waitFor, windowOf } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.gm-screen`;
export const displayName = "THE SMOKE: a check request from the GM Screen";

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("A check request from the GM Screen", /** @this {any} */ function () {
    this.timeout(60000);
    const box = useSandbox(context, { teardown: () => closeWindows("gm-screen", "roll-dialog") });

    it("Pick a Lock to one chosen character: TN 12 for its dice, locked in the dialog, 13 is Sorted on the card", async function () {
      const danny = await pregen(box, 'Danny "Tealeaf" Doyle');
      await api().apps.GMScreen.open();
      const screen = await windowOf("#smoke-gm-screen", "the GM Screen");
      const app = /** @type {import("../apps/gm-screen.mjs").GMScreen} */ (foundry.applications.instances.get("smoke-gm-screen"));
      // Only this batch's character: untick any the GM had chosen, tick Danny.
      for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (screen.querySelectorAll('input[name="chosen"]:checked'))) box.click();
      await click(screen, `input[name="chosen"][value="${danny.id}"]`);
      await waitFor(() => app.targets().length === 1, "Danny chosen");
      assert.deepEqual(app.targets(), [danny.uuid], "the request goes to this batch's character alone");
      const posted = nextMessage(m => !!m.flags?.[SYSTEM_ID]?.gmRequest, "the request card");
      await click(screen, '[data-action="sendCheck"][data-key="pick-a-lock"]');
      const message = await posted;
      const entry = `.chat-log [data-message-id="${message.id}"] [data-actor-uuid="${danny.uuid}"]`;
      const button = /** @type {HTMLElement} */ (await waitFor(() => document.querySelector(`${entry} [data-smoke-gm-roll]`), "Danny's roll button"));
      const tn = bandTN(6, 8, "medium");
      assert.strictEqual(tn, 12);
      assert.include(button.textContent, `TN ${tn}`);
      button.click();
      const dialog = await windowOf(".application.roll-dialog", "the roll dialog");
      const field = /** @type {HTMLInputElement} */ (await waitFor(() => dialog.querySelector('input[name="tn"]'), "the TN field"));
      assert.isTrue(field.readOnly, "the GM fixed the TN");
      assert.strictEqual(field.value, String(tn));
      assert.lengthOf(dialog.querySelectorAll('input[name="tnSource"]'), 1);
      fixDice([[4, 6], [5, 8]]);
      await click(dialog, 'button[type="submit"][name="roll"]');
      const result = /** @type {HTMLElement} */ (await waitFor(() => document.querySelector(`${entry} .smoke-gm-result`), "the result on the request card"));
      restoreDice();
      assert.strictEqual(result.getAttribute("data-outcome"), "sorted");
      assert.include(result.textContent, "13");
    });
  });
}
