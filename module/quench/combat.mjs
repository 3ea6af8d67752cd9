/**
 * Quench batch "the-smoke.combat" (When it kicks off): a GM runs a round of two combatants in the Combat Console:
 * speed dice revealed with fixed faces (A 5 3, B 5 2), the queue in the book's order (the tied 5s alphabetically),
 * Done on each die, then End round: round 2, fresh dice.
 */
import { SYSTEM_ID } from "../generated/rules.mjs";
import { api, click, closeWindows, fixDice, restoreDice, useSandbox, waitFor, windowOf } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.combat`;
export const displayName = "THE SMOKE: a Combat Console round with two combatants";

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("A round in the Combat Console", /** @this {any} */ function () {
    this.timeout(60000);
    /** @type {string[]} the world's active combats, made active again after */
    let wereActive = [];
    const box = useSandbox(context, { setup: () => { wereActive = game.combats.filter(c => c.active).map(c => c.id); },
      teardown: async () => {
        await closeWindows("combat-console");
        for (const id of wereActive) await game.combats.get(id)?.activate();
      } });

    it("reveal, the queue, Done on each die, End round", async function () {
      const mk = name => box.create(Actor, { name, type: "character", system: { stats: { mov: { die: 6 } } } });
      const [alf, bex] = [await mk("Quench Alf"), await mk("Quench Bex")];
      const combat = /** @type {Combat.Implementation} */ (await box.create(Combat.implementation, { system: { mode: "speed" } }));
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: alf.id }, { actorId: bex.id }]);
      await combat.activate();
      await combat.startCombat();
      api().apps.CombatConsole.open();
      const app = await windowOf("#smoke-combat-console", "the Combat Console");
      fixDice([[5, 6], [3, 6], [5, 6], [2, 6]]);
      await click(app, '[data-action="reveal"]');
      await waitFor(() => combat.queue.actions.length === 4, "the revealed queue");
      restoreDice();
      const nameOf = id => combat.combatants.get(id)?.name;
      assert.deepEqual(combat.queue.actions.map(a => [nameOf(a.combatantId), a.face]),
        [["Quench Alf", 5], ["Quench Bex", 5], ["Quench Alf", 3], ["Quench Bex", 2]]);
      const shown = () => document.querySelectorAll("#smoke-combat-console .smoke-queue li");
      for (let spent = 1; spent <= 4; spent++) {
        // Click when the console shows this die as current (it re-renders after each spend).
        await waitFor(() => shown()[spent - 1]?.classList.contains("current"), `die ${spent} current in the console`);
        // A click the console's re-render swallowed is clicked again: the spend names its die, so it cannot spend two.
        const done = () => combat.queue.actions.filter(a => a.spent !== null).length === spent;
        for (let tries = 1; ; tries++) {
          await click(/** @type {HTMLElement} */ (document.querySelector("#smoke-combat-console")), '[data-action="act"][data-act="done"]');
          const ok = await waitFor(done, `die ${spent} spent`, tries < 3 ? 4000 : undefined).catch(err => (tries < 3 ? false : Promise.reject(err)));
          if (ok) break;
          console.warn(`The Smoke | Quench: Done clicked again for die ${spent} (the console re-rendered over the click)`);
        }
      }
      assert.isNull(combat.queue.current, "every die spent");
      await waitFor(() => document.querySelector("#smoke-combat-console .smoke-queue-done"), "the console's queue done");
      await click(/** @type {HTMLElement} */ (document.querySelector("#smoke-combat-console")), '[data-action="endRound"]');
      await waitFor(() => combat.round === 2, "round 2");
      assert.strictEqual(combat.queue.actions.length, 0, "round 2 starts with no dice rolled");
    });
  });
}
