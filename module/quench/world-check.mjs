/**
 * Quench batch "the-smoke.world-check" (issue 23: real v13, not our reading of it): the world check reports nothing
 * missing — every type system.json declares is a type of this world with its data model (the region behaviours as
 * RegionBehaviorTypes under their exact keys), every system type has its sheet, the keybindings, queries, settings and
 * status effects are registered — and a journal holding a mission page opens in core's journal window with the terms
 * shown (core's JournalEntrySheet reads every page's sheet class). Run in a real Foundry it says what the stand-in got
 * wrong; the window of the same check is Configure Settings › The Smoke › World check.
 */
import { SYSTEM_ID } from "../generated/rules.mjs";
import { MISSION_PAGE } from "../data/mission-page.mjs";
import { worldCheck } from "../documents/core/world-check.mjs";
import { useSandbox, waitFor } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.world-check`;
export const displayName = "THE SMOKE: the world check finds nothing missing; a mission page opens in the journal";

const TERMS = { client: "Quench Client", fee: { type: "crewFee", amount: 101 }, xp: 3, deadlineSeconds: null,
  objectives: [{ id: "deliver", label: "Deliver the parcel" }], obligations: [], claimants: [], selfPlay: true };

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("The world check", /** @this {any} */ function () {
    this.timeout(30000);
    const box = useSandbox(context);

    it("reports nothing missing", function () {
      const report = worldCheck();
      assert.deepEqual(report.missing, [], JSON.stringify(report.missing));
      assert.isAbove(report.checked, 50);
    });

    it("opens a journal holding a mission page, the terms shown", async function () {
      const journal = await box.create(JournalEntry, { name: "Quench mission journal", pages: [
        { name: "Quench Parcel", type: MISSION_PAGE, system: TERMS }
      ] });
      const sheet = /** @type {foundry.applications.sheets.journal.JournalEntrySheet} */ (journal.sheet);
      await sheet.render({ force: true });
      try {
        const terms = await waitFor(() => sheet.element?.querySelector(".smoke-mission-terms"), "the mission's terms");
        assert.include(terms.textContent, "Deliver the parcel");
      } finally {
        await sheet.close();
      }
    });
  });
}
