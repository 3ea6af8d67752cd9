/**
 * Quench batch "the-smoke.checks" (The roll; Hustle; Conditions): a GM clicks a stat on a pregen's sheet, chooses in
 * the roll dialog and rolls with fixed dice; the chat card's check record has the book's numbers. A Condition shows
 * in the dialog and the card's total obeys it.
 */
import { SYSTEM_ID } from "../generated/rules.mjs";
import { click, closeWindows, fixDice, nextMessage, pregen, restoreDice, setField, useSandbox, waitFor, windowOf } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.checks`;
export const displayName = "THE SMOKE: a check from the sheet, a Condition in the roll dialog";

/** Roll `stat` from the actor's sheet: the dialog, `choose(dialog)`, fixed `faces`, Roll; → the check record. */
async function rollFromSheet(actor, stat, faces, choose) {
  await actor.sheet.render({ force: true });
  const sheet = await waitFor(() => actor.sheet.element?.querySelector(`[data-action="rollStat"][data-stat="${stat}"]`) && actor.sheet.element, "the sheet");
  await click(sheet, `[data-action="rollStat"][data-stat="${stat}"]`);
  const dialog = await windowOf(".application.roll-dialog");
  await choose(dialog);
  const dice = fixDice(faces);
  const card = nextMessage(m => m.flags?.[SYSTEM_ID]?.check?.actorId === actor.id, "the check's card");
  await click(dialog, 'button[type="submit"][name="roll"]');
  const message = await card;
  restoreDice();
  await actor.sheet.close();
  return { check: message.flags[SYSTEM_ID]?.check, diceLeft: dice.left() };
}

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("A check from the character sheet", /** @this {any} */ function () {
    this.timeout(60000);
    let skipDialog = false;
    const box = useSandbox(context, {
      setup: async () => {
        skipDialog = game.settings.get(SYSTEM_ID, "skipRollDialog");
        if (skipDialog) await game.settings.set(SYSTEM_ID, "skipRollDialog", false);
      },
      teardown: async () => {
        await closeWindows("roll-dialog");
        if (skipDialog) await game.settings.set(SYSTEM_ID, "skipRollDialog", true);
      } });

    it("Graft, Medium, 1 Hustle: 5 + 8→2 + 4 = 19 against TN 12 is Smashed It with a Nice One", async function () {
      const actor = await pregen(box, 'Danny "Tealeaf" Doyle');
      const { check, diceLeft } = await rollFromSheet(actor, "grf", [[5, 8], [8, 8], [2, 8]], async dialog => {
        setField(dialog, "band", "medium");
        await click(dialog, 'input[name="hustle"][value="1"]');
        await waitFor(() => dialog.querySelector("code")?.textContent === "1d8x>=8 + 1d8x>=8 + 4", "the stepped-up formula");
      });
      assert.strictEqual(diceLeft, 0, "every fixed die was rolled");
      assert.include(check, { stat: "grf", tn: 12, band: "medium", hustle: 1, spend: "stepEffort", total: 19, margin: 7,
        outcome: "smashedIt", moment: "niceOne" });
      assert.strictEqual(actor.system.hustle.value, 2, "one Hustle spent of three");
    });

    it("Burning in the dialog: −1 on Graft, 4 + 5 + 4 − 1 = 12 meets TN 12 (Just About)", async function () {
      const actor = await pregen(box, 'Danny "Tealeaf" Doyle');
      await actor.toggleStatusEffect("burning", { active: true });
      const name = game.i18n.localize(CONFIG.statusEffects.find(s => s.id === "burning")?.name ?? "");
      const { check } = await rollFromSheet(actor, "grf", [[4, 6], [5, 8]], async dialog => {
        const listed = await waitFor(() => dialog.querySelector(".smoke-conditions")?.textContent, "the Conditions in the dialog");
        assert.include(listed, name);
        assert.strictEqual(dialog.querySelector("code")?.textContent, "1d6x>=6 + 1d8x>=8 + 3");
      });
      assert.deepEqual(check?.conditions, ["burning"]);
      assert.include(check, { total: 12, outcome: "justAbout" });
    });
  });
}
