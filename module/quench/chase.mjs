/**
 * Quench batch "the-smoke.chase" (Getting a motor › seats; The chase gauge): a GM's driver boards a Speed 10 motor,
 * the fight's speed dice are revealed, Drive in the Combat Console, and the motor token is moved 12 squares: the
 * gauge stops it at the Yellow line (10) for the Medium Wheels check (Handling 0, yellow −1), passed with fixed
 * dice, and the rest of the move follows: 12 squares this action, the hidden rider's token with it.
 */
import { SYSTEM_ID } from "../generated/rules.mjs";
import { bandTN } from "../rules/check.mjs";
import { statModifier } from "../rules/record.mjs";
import { api, click, closeWindows, fixDice, restoreDice, useSandbox, waitFor, windowOf } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.chase`;
export const displayName = "THE SMOKE: a motor boarded and driven on the chase gauge";

const CAR = { performance: { die: 6 }, handling: 0, speed: 10, body: { value: 10, max: 10 }, size: 2,
  seats: { crew: 1, passengers: 4 }, lock: "easy" };

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("A motor on the chase gauge", /** @this {any} */ function () {
    this.timeout(60000);
    /** @type {Scene.Implementation|null} the scene the GM was viewing */
    let viewed = null;
    /** @type {string[]} the world's active combats */
    let wereActive = [];
    /** @type {any[]} [motor, rider] pairs, out of their seats again after (the seat store forgets them) */
    const seated = [];
    const box = useSandbox(context, {
      setup: () => {
        viewed = game.scenes.viewed ?? null;
        wereActive = game.combats.filter(c => c.active).map(c => c.id);
      },
      teardown: async () => {
        await closeWindows("combat-console", "chase-gauge", "roll-dialog");
        for (const [car, actor] of seated) await api().vehicles.leaveVehicle(car, actor).catch(() => null);
        for (const id of wereActive) await game.combats.get(id)?.activate();
        await viewed?.view();
      } });

    it("board, Drive, 12 squares: stopped at the Yellow line, the check passed, the move carries on", async function () {
      const smoke = api();
      const jaz = await box.create(Actor, { name: "Quench Jaz", type: "character",
        system: { stats: { whl: { die: 8 }, mov: { die: 6 } }, health: { value: 10 } } });
      const car = await box.create(Actor, { name: "Quench Hatch", type: "vehicle", system: CAR });
      const scene = /** @type {Scene.Implementation} */ (await box.create(Scene, { name: "Quench Mare Street", width: 4000, height: 1000,
        grid: { type: 1, size: 100, distance: 1, units: "sq" }, tokens: [
          { name: car.name, actorId: car.id, x: 100, y: 500 }, { name: jaz.name, actorId: jaz.id, x: 100, y: 600 }
        ] }));
      await scene.view();
      const carToken = /** @type {TokenDocument.Implementation} */ (scene.tokens.find(t => t.actorId === car.id));
      const jazToken = /** @type {TokenDocument.Implementation} */ (scene.tokens.find(t => t.actorId === jaz.id));
      await smoke.vehicles.boardVehicle(car, jaz, { seat: "driver" });
      seated.push([car, jaz]);
      await waitFor(() => jazToken.hidden, "the driver's token hidden in the motor");

      const combat = /** @type {Combat.Implementation} */ (await box.create(Combat.implementation, { scene: scene.id }));
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: jaz.id, tokenId: jazToken.id, sceneId: scene.id }]);
      await combat.activate();
      await combat.startCombat();
      smoke.apps.CombatConsole.open();
      const app = await windowOf("#smoke-combat-console", "the Combat Console");
      fixDice([[6, 6], [2, 6]]);
      await click(app, '[data-action="reveal"]');
      await waitFor(() => combat.queue.current?.face === 6, "Jaz acting on her 6");
      restoreDice();
      await click(/** @type {HTMLElement} */ (document.querySelector("#smoke-combat-console")), '.smoke-act-drive [data-action="drive"]');
      await waitFor(() => combat.system.gauges?.[carToken.id ?? ""]?.travelled === 0, "the gauge of a driving action");

      const tn = bandTN(6, 8, "medium");
      const mod = statModifier(8);
      assert.isAtLeast(5 + 7 + mod - 1, tn, "the fixed dice pass the check");
      void carToken.move([{ x: 1300, y: 500 }]);
      const dialog = await windowOf(".application.roll-dialog", "the gauge check");
      assert.strictEqual(dialog.querySelector("code")?.textContent, `1d6x>=6 + 1d8x>=8 + ${mod - 1}`, "Handling 0, yellow −1");
      await waitFor(() => carToken.x === 1100, "the motor stopped at the Yellow line (10 squares)");
      fixDice([[5, 6], [7, 8]]);
      await click(dialog, 'button[type="submit"][name="roll"]');
      await waitFor(() => carToken.x === 1300, "the rest of the move after the passed check");
      restoreDice();
      await waitFor(() => combat.system.gauges?.[carToken.id ?? ""]?.travelled === 12, "12 squares on the gauge");
      await waitFor(() => jazToken.x === 1300, "the rider's token travelled with the motor");
    });
  });
}
