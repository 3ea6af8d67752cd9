"""A whole combat round driven the way the table drives it, for the write-count test (tests/e2e/test_round_writes.py)
and the benchmark (tests/bench/figures.py): the GM's Reveal, every die spent with Done (speed dice) or every turn
ended with Next turn (the simple tracker), the round's end; every client's writes counted at the stand-in server
(`GET /harness/stats`). Issue 26: at most dice + 5 writes a round."""

from __future__ import annotations

import json
import urllib.request

# NPC goons with Moves d6: two speed dice each (Speed dice table). `mode` "speed" or "simple".
SETUP_FIGHT = """async ([n, mode]) => {
  for (const c of game.combats.contents) await c.delete();
  for (const a of game.actors.filter(a => a.name.startsWith("Goon "))) await a.delete();
  const actors = await Actor.implementation.createDocuments(Array.from({length: n}, (_, i) => ({
    name: `Goon ${String(i).padStart(2, "0")}`, type: "npc", system: {stats: {mov: {die: 6}}}})));
  const combat = await Combat.implementation.create({system: {mode}});
  await combat.createEmbeddedDocuments("Combatant", actors.map(a => ({actorId: a.id})));
  await combat.activate();
  await combat.startCombat();
  if (mode === "simple") await combat.rollInitiative(combat.combatants.map(c => c.id));
  return combat.id;
}"""

# One round from the GM's page through the document methods the Combat Console's and the core tracker's buttons call
# (Reveal → SmokeCombat#reveal, Done / Next turn → #nextTurn, Next round → #nextRound). Returns the dice spent (speed
# dice) or turns ended (simple tracker), and after each one whether the core tracker highlights the combatant holding
# the current die (speed) or turn (simple): its `li.combatant.active`, and in speed mode that row's initiative is the
# current die's face.
PLAY_ROUND = """async () => {
  const combat = game.combat;
  const wrong = [];
  const check = () => {
    const row = document.querySelector("#combat-tracker li.combatant.active");
    const id = combat.isSpeed ? combat.queue.current?.combatantId : combat.combatant?.id;
    if (!id) return;
    const face = combat.isSpeed ? combat.queue.current.face : null;
    const shown = row?.querySelector(".combatant-initiative")?.textContent ?? null;
    if (row?.dataset.combatantId !== id || (face !== null && shown !== String(face)))
      wrong.push({expected: id, face, highlighted: row?.dataset.combatantId ?? null, shown});
  };
  let spent = 0;
  if (combat.isSpeed) {
    await combat.reveal();
    for (let cur = combat.queue.current; cur; cur = combat.queue.current) {
      check();
      await combat.nextTurn();
      spent++;
    }
    await combat.nextRound();
  } else {
    const turns = combat.turns.length;
    for (let i = 0; i < turns; i++) {
      check();
      await combat.nextTurn();
      spent++;
    }
  }
  return {spent, wrong, round: combat.round};
}"""

# On another client: whether its core tracker highlights the same combatant as the GM's record says.
TRACKER_AGREES = """() => {
  const combat = game.combat;
  const id = combat?.isSpeed ? combat.queue.current?.combatantId : combat?.combatant?.id;
  const row = document.querySelector("#combat-tracker li.combatant.active");
  return (row?.dataset.combatantId ?? null) === (id ?? null);
}"""


def stats(url: str) -> dict:
    """Every user's writes and WebSocket bytes at the stand-in server since the last reset (GET /harness/stats)."""
    with urllib.request.urlopen(f"{url}/harness/stats", timeout=10) as resp:
        return json.loads(resp.read())


def reset_stats(url: str) -> None:
    req = urllib.request.Request(f"{url}/harness/stats/reset", data=b"{}", method="POST",
                                 headers={"content-type": "application/json"})
    urllib.request.urlopen(req, timeout=10).read()


def total_writes(all_stats: dict) -> int:
    """Writes by every connected user."""
    return sum(s["writes"] for s in all_stats.values())
