/**
 * Quench batch "the-smoke.creator" (Making a new face): a GM opens the Character Creator from a blank character's
 * sheet and walks the seven steps (who, a Boxer, a legal spread, Brawler, a Torch, a vice, Finish); the character
 * is built once with the book's numbers (Health 11, Guard 10, Hustle 3, £40 and the background's kit).
 */
import { SYSTEM_ID } from "../generated/rules.mjs";
import { click, setField, useSandbox, waitFor } from "./helpers.mjs";

export const key = `${SYSTEM_ID}.creator`;
export const displayName = "THE SMOKE: a Character Creator run";

const creator = () => /** @type {HTMLElement|null} */ (document.querySelector(".application.creator"));

/** Wait for the creator's step that has `selector`, then return the window. */
const step = selector => waitFor(() => creator()?.querySelector(selector) && creator(), `the creator's ${selector}`);

/** Check the radio whose label reads `name` (a compendium item's name). */
async function pick(fieldName, name) {
  const w = await step(`input[name="${fieldName}"]`);
  const label = [...w.querySelectorAll("label")].find(l => l.querySelector(`input[name="${fieldName}"]`)
    && l.textContent?.trim().startsWith(name));
  if (!label) throw new Error(`No ${fieldName} choice ${name}`);
  /** @type {HTMLInputElement} */ (label.querySelector("input")).click();
  await waitFor(() => creator()?.querySelector(`input[name="${fieldName}"]:checked`), `${name} checked`);
}

/** @param {import("./helpers.mjs").QuenchContext} context */
export function register(context) {
  const { describe, it, assert } = context;
  describe("The Character Creator", /** @this {any} */ function () {
    this.timeout(60000);
    const box = useSandbox(context);

    it("seven steps from a blank character to a legal one, built once", async function () {
      const actor = await box.create(Actor, { name: "Quench New Face", type: "character" });
      await actor.sheet.render({ force: true });
      await click(await waitFor(() => actor.sheet.element, "the sheet"), '[data-action="openCreator"]');
      let w = await step('input[name="identity.name"]');
      setField(w, "identity.name", "Kez Malone");
      setField(w, "identity.age", 22);
      setField(w, "identity.ends", "Clapton");
      await click(w, '[data-action="next"]');
      await pick("background", "Boxer");
      await click(/** @type {HTMLElement} */ (creator()), '[data-action="next"]');
      w = await step('select[name="stats.mus"]');
      assert.strictEqual(/** @type {HTMLSelectElement} */ (w.querySelector('[name="stats.mus"]')).value, "8", "the Boxer's spread suggested");
      setField(w, "stats.frt", 6);
      setField(w, "stats.btl", 4);
      await click(w, '[data-action="next"]');
      await pick("perk", "Brawler");
      await click(/** @type {HTMLElement} */ (creator()), '[data-action="next"]');
      await pick("extra", "Torch");
      await click(/** @type {HTMLElement} */ (creator()), '[data-action="next"]');
      w = await step('input[name="story.vice"]');
      setField(w, "story.vice", "Pride");
      await click(w, '[data-action="next"]');
      w = await step('[data-action="finish"]');
      await click(w, '[data-action="finish"]');
      await waitFor(() => !creator() && actor.items.size === 6, "the finished character");
      await actor.sheet.close();
      const s = actor.system;
      assert.strictEqual(actor.name, "Kez Malone");
      assert.deepEqual(Object.fromEntries(Object.entries(s.stats).map(([k, v]) => [k, v.die])),
        { mus: 8, grt: 6, mov: 6, whl: 4, aim: 4, grf: 4, sav: 4, frt: 6, btl: 4 });
      assert.deepEqual([s.hustle.value, s.hustle.max, s.health.value, s.health.max, s.guard.value], [3, 3, 11, 11, 10]);
      assert.strictEqual(s.cash.pocket, 40);
      assert.deepEqual(actor.items.map(i => i.name).sort(),
        ["Brawler", "Energy Drink", "Fists", "Puffer Jacket", "Torch", "Tracksuit"]);
      assert.isUndefined(actor.getFlag(SYSTEM_ID, "creator"), "the draft is gone");
    });
  });
}
