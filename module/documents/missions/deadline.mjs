/**
 * A mission's deadline that does something: the active GM's check, once a second on the shared tick
 * (documents/core/active-time.mjs `onTick`), fails a run whose job clock has run out — one store write — and whispers the
 * GM a card (ruling: README › Rulings › A mission's deadline). Nothing is written while the clock runs; the clock is
 * active time, so it stands while the game is paused and picks up after a reload (the check runs on `ready`).
 * @module documents/missions/deadline
 */
import { isOverdue } from "../../rules/missions.mjs";
import { onTick } from "../core/active-time.mjs";
import { missionCard } from "./card.mjs";

/** Runs this client is failing now (a write in flight is not started twice by the next tick). */
const failing = new Set();
let watching = false;

/**
 * Active GM: fail every overdue run, once each.
 * @param {import("../core/gm-store.mjs").GMStore<any>} runs
 * @param {number} now  Active ms.
 */
export async function failOverdue(runs, now) {
  if (!game.user?.isActiveGM) return;
  for (const run of Object.values(runs.all())) {
    if (!isOverdue(run, now) || failing.has(run.id)) continue;
    failing.add(run.id);
    try {
      let mine = false;
      await runs.update(run.id, cur => {
        if (!isOverdue(cur, now)) return cur;
        mine = true;
        return { ...cur, state: "failed", late: true, finishedAt: game.time.serverTime };
      });
      if (mine) {
        await missionCard(game.i18n.format("SMOKE.Mission.lateTitle", { name: run.name }), run.id,
          [game.i18n.localize("SMOKE.Mission.lateRuling")], { gmOnly: true });
      }
    } catch (err) {
      console.error("the-smoke | a mission's deadline was not recorded", err);
    } finally {
      failing.delete(run.id);
    }
  }
}

/**
 * Start watching the deadlines on this client (every GM's client subscribes; only the active GM acts, so a GM
 * taking over carries on).
 * @param {import("../core/gm-store.mjs").GMStore<any>} runs
 */
export function checkDeadlines(runs) {
  if (watching || !game.user?.isGM) return;
  watching = true;
  onTick(now => void failOverdue(runs, now));
}
