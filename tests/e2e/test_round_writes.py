"""Issue 26: a combat round writes about one document per die, counted at the stand-in server for every connected
client (the GM and two players), with the core tracker still highlighting whoever holds the current die.

The round is the table's: the GM's Reveal, every die spent with Done, Next round (speed dice); every turn ended with
Next turn (the simple tracker). Before issue 26 a spent die wrote the Combat, then the Combatant's initiative, then the
Combat's turn: 46 writes for 10 combatants and 20 dice. A plain check stays one write (its chat message).

v13 facts relied on: core `Combat#_onUpdate` re-sorts the turns only when `combatants` changed (else
`this.current = this._getCurrentState()`), and a document's update re-prepares its embedded documents
(`ClientDocumentMixin#prepareData` → `prepareEmbeddedDocuments`): Foundry v13 client/documents/combat.mjs and
client/documents/abstract/client-document.mjs (public copy: github.com/amumm/foundry-server). SmokeCombat re-sorts on
a write of the dice; SmokeCombatant derives its initiative from them.
"""

from __future__ import annotations

import pytest
from helpers.rounds import PLAY_ROUND, SETUP_FIGHT, TRACKER_AGREES, reset_stats, stats, total_writes
from helpers import settle

pytestmark = pytest.mark.harness_only


@pytest.mark.parametrize("mode", ["speed", "simple"])
def test_a_round_writes_at_most_one_document_per_die_plus_five(world, open_user_page, mode):
    gm, p1, p2 = open_user_page("gm"), open_user_page("player1"), open_user_page("player2")
    gm.evaluate("() => game.settings.set('the-smoke', 'openConsole', false)")
    gm.evaluate(SETUP_FIGHT, [10, mode])
    for page in (p1, p2):
        page.wait_for_function("() => game.combat?.started && game.combat.combatants.size === 10")
    if mode == "simple":
        gm.wait_for_function("() => game.combat.combatants.every(c => c.initiative !== null)")
    for _ in range(2):  # two rounds: the second starts from a round's end
        settle(gm)  # the last round's echoes have settled before counting
        reset_stats(world.url)
        played = gm.evaluate(PLAY_ROUND)
        settle(gm)
        counted = stats(world.url)
        writes = total_writes(counted)
        assert played["wrong"] == [], played["wrong"]
        if mode == "speed":
            assert played["spent"] == 20  # ten goons, two dice each
        else:
            assert played["spent"] == 10
        assert writes <= played["spent"] + 5, counted
        # the players wrote nothing: everything went through the GM
        assert sum(s["writes"] for uid, s in counted.items() if uid.startswith("HarnessPlayer")) == 0, counted
    if mode == "speed":
        gm.evaluate("() => game.combat.reveal()")
        for page in (gm, p1, p2):
            page.wait_for_function(TRACKER_AGREES)
        # one die spent: the tracker moves on every screen
        gm.evaluate("() => game.combat.nextTurn()")
        for page in (gm, p1, p2):
            page.wait_for_function(TRACKER_AGREES)


def test_a_plain_check_is_one_write(world, open_user_page):
    gm = open_user_page("gm")
    actor_id = gm.evaluate("""async () => {
        const pack = game.packs.get("the-smoke.pregens");
        const entry = (await pack.getIndex()).contents.find(e => e.name.startsWith("Danny"));
        return (await game.actors.importFromCompendium(pack, entry._id)).id; }""")
    gm.evaluate("id => game.actors.get(id).sheet.render({force: true})", actor_id)
    button = gm.locator(".application.sheet.actor [data-action=rollStat][data-stat=grf]").first
    button.wait_for()
    settle(gm)
    reset_stats(world.url)
    before = gm.evaluate("() => game.messages.size")
    button.click(modifiers=["Shift"])
    gm.wait_for_function("n => game.messages.size > n", arg=before)
    settle(gm)
    counted = stats(world.url)
    assert total_writes(counted) == 1, counted
    assert counted[next(iter(counted))]["byKind"] == {"ChatMessage create": 1}
