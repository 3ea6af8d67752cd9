/**
 * Quench batch "the-smoke.street-control" (A d20 on the street): the GM rolls a street event in Street Control with
 * a fixed d20 (6: Staffie off the lead); the card is whispered to the GMs only, the GM's record holds the system's own
 * d20, and the card names the hazard the event starts.
 */
import { RULES, SYSTEM_ID } from "../generated/rules.mjs";
import { events } from "../documents/street/events.mjs";
import { api, click, closeWindows, fixDice, nextMessage, restoreDice, useSandbox, windowOf } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.street-control`;
export const displayName = "THE SMOKE: a d20 street event from Street Control";

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("A street event", /** @this {any} */ function () {
    this.timeout(60000);
    useSandbox(context, { teardown: () => closeWindows("street-control") });

    it("a d20 of 6 in Street Control: the book's event, to the GMs only, with its hazard", async function () {
      const die = RULES["street-events"].die;
      assert.strictEqual(die, 20);
      await api().apps.StreetControl.open();
      const window = await windowOf("#smoke-street-control", "Street Control");
      fixDice([[6, die]]);
      const posted = nextMessage(m => !!m.flags?.[SYSTEM_ID]?.streetEvent, "the street event card");
      await click(window, '[data-action="rollEvent"]');
      const message = await posted;
      restoreDice();
      const record = events.get(String(message.flags[SYSTEM_ID]?.streetEvent?.id));
      assert.strictEqual(record?.roll, 6, "the GM's record holds the d20 the system rolled");
      assert.isTrue(record?.rolled, "rolled, not chosen");
      assert.lengthOf(message.rolls, 0, "not a roll message: a whispered roll would show to everyone as rolled dice");
      assert.sameMembers([...message.whisper], game.users.filter(u => u.isGM).map(u => u.id), "whispered to the GMs only");
      const event = RULES["street-events"].events.find(e => e.roll === 6);
      assert.include(message.content, event.title);
      const hazard = RULES.hazards.hazards.find(h => h.key === "staffie-on-the-loose");
      assert.include(message.content, hazard.name, "the Staffie starts its hazard");
    });
  });
}
