/**
 * Quench batch "the-smoke.missions" (the Mission Board; Money › Split the fee; The Rep ladder › Earn XP): a mission
 * page the GM writes (a crew fee of £101, 3 XP, one objective) is started for a crew of two, its objective marked
 * done and the mission completed from the board: £50 each with £1 left over, 3 XP each, once — a second completion
 * and a second start are refused. A page without objectives is refused on save.
 */
import { SYSTEM_ID } from "../generated/rules.mjs";
import { purseOf } from "../documents/core/purse.mjs";
import { runs } from "../documents/missions/missions.mjs";
import { api, click, closeWindows, useSandbox, waitFor, windowOf } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.missions`;
export const displayName = "THE SMOKE: a mission started, completed from the Mission Board and paid once";

const TERMS = { client: "Quench Client", fee: { type: "crewFee", amount: 101 }, xp: 3, deadlineSeconds: null,
  objectives: [{ id: "deliver", label: "Deliver the parcel" }], obligations: [{ who: "Quench Client", what: "owes a favour" }],
  claimants: [], selfPlay: false };

/**
 * A request to the GM's handlers (this client is the GM): its answer, or the refusal's message.
 * @param {string} type
 * @param {Record<string, unknown>} data
 * @returns {Promise<{ok?: Awaited<ReturnType<SmokeApi["requestGM"]>>, refused?: string}>}
 */
const ask = (type, data) => api().requestGM(type, data).then(r => ({ ok: r }), (/** @type {Error} */ e) => ({ refused: e.message }));

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("A mission", /** @this {any} */ function () {
    this.timeout(60000);
    const box = useSandbox(context, { teardown: () => closeWindows("mission-board") });

    it("started for a crew, completed from the board: the crew fee split, XP once, a second finish refused", async function () {
      const crew = [await box.create(Actor, { name: "Quench Alf", type: "character" }),
        await box.create(Actor, { name: "Quench Bex", type: "character" })];
      const journal = await box.create(JournalEntry, { name: "Quench missions" });
      const [page] = await journal.createEmbeddedDocuments("JournalEntryPage", [{ name: "Quench Parcel", type: "mission", system: TERMS }]);
      const before = crew.map(a => ({ pocket: purseOf(a).pocket, xp: a.system.rep.xp }));
      const started = await ask("mission.start", { pageUuid: page.uuid, actorUuids: crew.map(a => a.uuid) });
      assert.property(started, "ok", started.refused);
      const again = await ask("mission.start", { pageUuid: page.uuid, actorUuids: crew.map(a => a.uuid) });
      assert.property(again, "refused", "one crew per mission");
      const runId = started.ok.id;
      assert.property(await ask("mission.objective", { id: runId, objectiveId: "deliver", state: "done" }), "ok");
      await api().apps.MissionBoard.open();
      const board = await windowOf("#smoke-mission-board", "the Mission Board");
      await click(board, `[data-action="finish"][data-outcome="completed"][data-run-id="${runId}"]`);
      await waitFor(() => crew.every((a, i) => purseOf(a).pocket === before[i].pocket + 50), "£50 each");
      await waitFor(() => crew.every((a, i) => a.system.rep.xp === before[i].xp + 3), "3 XP each");
      const run = runs.get(runId);
      assert.strictEqual(run?.state, "completed");
      assert.deepEqual(run?.paid, { each: 50, remainder: 1, total: 100 });
      assert.deepInclude(run?.remembered, { kind: "obligation", who: "Quench Client", what: "owes a favour" });
      assert.property(await ask("mission.finish", { id: runId, outcome: "completed" }), "refused", "nothing pays twice");
      assert.deepEqual(crew.map(a => purseOf(a).pocket), before.map(b => b.pocket + 50));
    });

    it("a page without objectives is refused on save", async function () {
      const journal = await box.create(JournalEntry, { name: "Quench refused" });
      let refused = null;
      try {
        await journal.createEmbeddedDocuments("JournalEntryPage", [{ name: "No goals", type: "mission",
          system: { ...TERMS, objectives: [] } }]);
      } catch (err) {
        refused = err;
      }
      assert.instanceOf(refused, Error, "refused with an error");
      assert.strictEqual(journal.pages.size, 0, "nothing saved");
    });
  });
}
