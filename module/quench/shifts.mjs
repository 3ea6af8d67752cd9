/**
 * Quench batch "the-smoke.shifts" (Work the borough; Patients, fires and job clocks; Shift pay and tips): Rook
 * drives a black cab on a taxi shift; the GM's callout (1 hop) is accepted from Rook's sheet and its pickup clock
 * (150 s) runs on timestamps (no write while it runs), holds while the GM pauses the job, and the GM's Reached
 * starts the drop-off clock (120 + 90 = 210 s) with the fare aboard; Reached again and the Wheels check from the
 * sheet (fixed dice, Sorted) pay the book's £25 fare plus the tip, and 1 XP.
 */
import { STAT_KEYS, SYSTEM_ID } from "../generated/rules.mjs";
import { docAt } from "../documents/core/lookup.mjs";
import { api, click, closeWindows, fixDice, packItem, restoreDice, useSandbox, waitFor, windowOf } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.shifts`;
export const displayName = "THE SMOKE: a taxi shift's job clock, from callout to pay";

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));
const STATS = Object.fromEntries(STAT_KEYS.map(k => [k, { die: 6 }]));

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("A taxi shift's job clock", /** @this {any} */ function () {
    this.timeout(60000);
    let skipDialog = false;
    /** @type {any} */
    let rook = null;
    const box = useSandbox(context, { setup: () => { skipDialog = game.settings.get(SYSTEM_ID, "skipRollDialog"); },
      teardown: async () => {
        await closeWindows("shifts");
        if (rook) await rook.sheet.close();
        await game.settings.set(SYSTEM_ID, "skipRollDialog", skipDialog);
        if (rook) await api().shifts.endShift(rook).catch(() => null);
      } });

    it("callout, accept, a clock on timestamps, pause, Reached, the check, paid once", async function () {
      const shifts = api().shifts;
      rook = await box.create(Actor, { name: "Quench Rook", type: "character", system: { stats: STATS, cash: { pocket: 10, stash: 0 } } });
      const fare = await box.create(Actor, { name: "Quench Fare", type: "npc" });
      const scene = await box.create(Scene, { name: "Quench Mare Street", tokens: [] });
      const cab = box.keep(await Actor.implementation.create(await packItem("vehicles", "Hackney Carriage")));
      await api().vehicles.boardVehicle(cab, rook, { seat: "driver" });
      assert.deepEqual(await shifts.startShift(rook, "taxi"), { shift: "taxi", vehicleUuid: cab.uuid });
      const callout = await api().requestGM("callout.create", { shift: "taxi", call: null, name: "Quench taxi job", hops: 1,
        destinations: ["Mare Street", "Dalston Junction"].map(name => ({ sceneId: scene.id, regionUuid: "", name })),
        extra: { passengerUuid: fare.uuid } });

      await rook.sheet.render({ force: true });
      const sheet = await waitFor(() => rook.sheet.element?.querySelector(`[data-callout="${callout.id}"]`) && rook.sheet.element, "the callout on the sheet");
      await click(sheet, `[data-callout="${callout.id}"] [data-shift-action="accept"]`);
      let job = await waitFor(() => shifts.jobsOf(rook).job, "the job");
      assert.deepEqual([job.stage, job.windowSeconds], ["pickup", 150]);
      assert.isAtLeast(job.secondsLeft, 148);
      const stored = JSON.stringify(shifts.jobs()[job.id]);
      await sleep(1500);
      const later = shifts.jobsOf(rook).job;
      assert.isBelow(later?.secondsLeft, job.secondsLeft, "the clock runs");
      assert.strictEqual(JSON.stringify(shifts.jobs()[job.id]), stored, "no write while it runs");

      await api().requestGM("job.pause", { jobId: job.id, paused: true });
      await waitFor(() => shifts.jobs()[job.id].paused === true, "the job paused");
      const held = shifts.jobsOf(rook).job?.secondsLeft;
      await sleep(1200);
      assert.strictEqual(shifts.jobsOf(rook).job?.secondsLeft, held, "a paused job's clock holds");
      await api().requestGM("job.pause", { jobId: job.id, paused: false });
      await waitFor(() => shifts.jobs()[job.id].paused === false, "the job resumed");

      api().apps.ShiftsApp.open();
      const reached = `#smoke-shifts [data-job="${job.id}"] [data-action="reached"]`;
      await click(await windowOf("#smoke-shifts", "the Shifts window"), reached);
      job = await waitFor(() => shifts.jobsOf(rook).job?.stage === "dropOff" && shifts.jobsOf(rook).job, "the drop-off");
      assert.strictEqual(job.windowSeconds, 210);
      const passengerUuid = await waitFor(() => shifts.jobs()[job.id].passengerUuid, "the fare's record");
      if (passengerUuid !== fare.uuid) box.keep(docAt(passengerUuid)); // a fare the system made for the job
      await waitFor(() => api().vehicles.occupantsOf(cab).some(o => o.actor.uuid === passengerUuid), "the fare aboard");
      const [pocket, xp] = [api().money.purseOf(rook).pocket, rook.system.rep.xp];
      // the row drawn for the drop-off (stage 1): the pickup's row, if still on screen, names a stage that has passed
      await click(/** @type {HTMLElement} */ (document.querySelector("#smoke-shifts")),
        `#smoke-shifts [data-job="${job.id}"][data-stage="1"] [data-action="reached"]`);
      await waitFor(() => shifts.jobs()[job.id].status === "arrived", "arrived");

      await game.settings.set(SYSTEM_ID, "skipRollDialog", true);
      await rook.sheet.render({ force: true });
      fixDice([[4, 6], [4, 6]]);
      await click(await waitFor(() => rook.sheet.element, "the sheet"), '.smoke-shift-panel [data-shift-action="roll"]');
      await waitFor(() => shifts.jobs()[job.id].paid === true, "the job paid");
      restoreDice();
      const done = shifts.jobs()[job.id];
      assert.deepEqual([done.status, done.outcome], ["done", "sorted"]);
      const pay = done.pay?.pounds ?? 0;
      assert.isAbove(pay, 25, "the £25 fare and a tip");
      await waitFor(() => api().money.purseOf(rook).pocket === pocket + pay, "the pay in Rook's pocket");
      await waitFor(() => rook.system.rep.xp === xp + 1, "1 XP");
      let again = null;
      await api().requestGM("job.arrive", { jobId: job.id }).catch(err => { again = err; });
      assert.instanceOf(again, Error, "a second completion is refused");
      assert.strictEqual(api().money.purseOf(rook).pocket, pocket + pay, "paid once");
      await waitFor(() => !api().vehicles.occupantsOf(cab).some(o => o.actor.uuid === passengerUuid), "the fare out at the drop-off");
    });
  });
}
