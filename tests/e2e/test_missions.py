"""The Mission Board in the browser (issue 16; rulebook: Money › Split the fee; The Rep ladder › Earn XP; Foundry
table guide › GM controls): missions are typed journal pages the GM writes; who took one, its objectives and whether
it was paid are the GM's (the store `missionRuns`). A self-play mission taken by Player One's crew is refused to
Player Two's and completed once with the crew fee split; a page without a fee type or objectives is refused; the
deadline runs on active time; a player's forged requests and writes are refused."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import skew_time, ticks
from helpers.missions import (COUNT_RUN_WRITES, FEMI, JAZ, P1, ROOK, ask, make_page, open_board, purse, run_of,
                              seed_crews, terms, wait_run)

NOT_GM = "Only a GM can do that."


def test_self_play_mission_taken_by_one_crew_refused_to_the_other_completed_once_with_the_crew_fee_split(
        world, gm_page: Page, gm2_page: Page, player1_page: Page, player2_page: Page):
    """The GM writes The Whippet on the board (crew fee £101, 3 XP). Player One accepts it on the board for Rook and
    Femi; Player Two's accept is refused, and so is accepting with Player One's characters. The GM completes it:
    £50 each (£1 left over) and 3 XP each, the obligation and the claimant recorded, once — a double click, the
    assistant GM's click and a completion after a reload pay nothing."""
    seed_crews(world)
    player1_page.wait_for_function("() => game.actors.size === 3")
    board = open_board(gm_page)
    board.get_by_label("Name").fill("The Whippet")
    board.get_by_label("Client").fill("Auntie Pat")
    board.get_by_label("Fee type").select_option("crewFee")
    board.get_by_label("Fee (£)").fill("101")
    board.get_by_label("Objectives (one a line)").fill("Find the Whippet\nBring it to the arches")
    board.get_by_label("Obligations (who: what, one a line)").fill("Auntie Pat: owes the crew a favour")
    board.get_by_label("Claimants (who: what, one a line)").fill("The Whippet's owner: wants it back")
    board.get_by_role("button", name="Save mission").click()
    expect(board.locator(".smoke-missions-open .smoke-mission")).to_contain_text("The Whippet")
    page_uuid = gm_page.evaluate("game.journal.contents.flatMap(j => j.pages.contents).find(p => p.name === 'The Whippet').uuid")
    assert gm_page.evaluate("uuid => fromUuidSync(uuid).system.fee.type", page_uuid) == "crewFee"

    mine = open_board(player1_page)
    expect(mine.locator(".smoke-missions-open")).to_contain_text("Crew fee £101")
    mine.get_by_role("button", name="Accept The Whippet").click()
    wait_run(gm_page, page_uuid)
    assert run_of(gm_page, page_uuid)["crew"] == [f"Actor.{ROOK}", f"Actor.{FEMI}"]
    expect(mine.locator(".smoke-missions-runs")).to_contain_text("Rook, Femi")

    theirs = open_board(player2_page)
    expect(theirs).not_to_contain_text("The Whippet")
    assert ask(player2_page, "mission.accept", {"pageUuid": page_uuid, "actorUuids": [f"Actor.{JAZ}"]}) == \
        [None, "The Whippet has already been taken by a crew."]
    assert ask(player2_page, "mission.accept", {"pageUuid": page_uuid, "actorUuids": [f"Actor.{ROOK}"]})[1] in (
        "You do not own Rook.", "The Whippet has already been taken by a crew.")
    run_id = run_of(gm_page, page_uuid)["id"]
    for who in (player1_page, player2_page):
        assert ask(who, "mission.finish", {"id": run_id, "outcome": "completed"}) == [None, NOT_GM]
        assert ask(who, "mission.objective", {"id": run_id, "objectiveId": "find", "state": "done"}) == [None, NOT_GM]

    gm_board = open_board(gm_page)
    gm_board.get_by_role("button", name="Find the Whippet: to do").click()
    player1_page.wait_for_function("uuid => Object.values(game.settings.get('the-smoke', 'missionRuns'))[0].objectives[0].state === 'done'",
                                   arg=page_uuid)
    before = purse(gm_page, [ROOK, FEMI])
    # a double click: two completions at once; then the button
    twice = gm_page.evaluate("""id => Promise.all([1, 2].map(() => game.system.api.requestGM("mission.finish",
        {id, outcome: "completed"}).then(() => null, e => e.message)))""", run_id)
    assert sorted(twice, key=str) == sorted([None, "The Whippet is already finished: nothing is paid twice."], key=str)
    card = player1_page.locator("#chat-log .smoke-gm-reward").filter(has_text="completed by").last
    expect(card).to_contain_text("The Whippet completed by Rook, Femi.")
    expect(card).to_contain_text("Crew fee £101 split 2 ways: £50 each, £1 left over; 3 XP each.")
    expect(card).to_contain_text("Remembered — the crew owes Auntie Pat: owes the crew a favour")
    expect(card).to_contain_text("Remembered — The Whippet's owner has a claim: wants it back")
    assert ask(gm2_page, "mission.finish", {"id": run_id, "outcome": "completed"}) == \
        [None, "The Whippet is already finished: nothing is paid twice."]
    gm_page.reload()
    gm_page.wait_for_function("() => window.game?.ready === true")
    assert ask(gm_page, "mission.finish", {"id": run_id, "outcome": "failed"}) == \
        [None, "The Whippet is already finished: nothing is paid twice."]
    after = purse(gm_page, [ROOK, FEMI])
    assert [[a[0] - b[0], a[1] - b[1]] for a, b in zip(after, before)] == [[50, 3], [50, 3]]
    run = run_of(gm_page, page_uuid)
    assert run["state"] == "completed" and run["paid"] == {"each": 50, "remainder": 1, "total": 100}
    assert player1_page.evaluate("id => game.system.api.missions.rememberedOf(game.actors.get(id)).map(r => r.who)", ROOK) == \
        ["Auntie Pat", "The Whippet's owner"]
    expect(player1_page.locator("#smoke-mission-board .smoke-missions-runs")).to_contain_text("completed")


def test_a_mission_page_without_a_fee_type_or_objectives_is_refused(world, gm_page: Page):
    """Created or edited, through the board's form or the document API: refused with the problems in words, and
    nothing is written."""
    refused = "The mission cannot be saved: label the fee as a crew fee or per head; give it at least one objective."
    assert make_page(gm_page, "No fee", terms(fee={"amount": 100}, objectives=[])) == refused
    assert make_page(gm_page, "Crew", terms(fee={"type": "crew", "amount": 100})) == \
        "The mission cannot be saved: label the fee as a crew fee or per head."
    assert make_page(gm_page, "Six XP", terms(xp=6)) == "The mission cannot be saved: a mission awards its printed 3–5 XP."
    assert gm_page.evaluate("game.journal.contents.flatMap(j => j.pages.contents).filter(p => p.type === 'mission').length") == 0
    good = make_page(gm_page, "Good", terms())
    edit = gm_page.evaluate("""uuid => fromUuidSync(uuid).update({"system.objectives": []}).then(() => null, e => e.message)""", good)
    assert edit == "The mission cannot be saved: give it at least one objective."
    edit = gm_page.evaluate("""uuid => fromUuidSync(uuid).update({"system.fee.type": ""}).then(() => null, e => e.message)""", good)
    assert edit == "The mission cannot be saved: label the fee as a crew fee or per head."
    assert gm_page.evaluate("uuid => [fromUuidSync(uuid).system.objectives.length, fromUuidSync(uuid).system.fee.type]", good) == [2, "crewFee"]

    board = open_board(gm_page)
    board.get_by_label("Name").fill("Form without fee type")
    board.get_by_label("Objectives (one a line)").fill("Do it")
    board.get_by_role("button", name="Save mission").click()
    expect(gm_page.locator("#notifications")).to_contain_text("label the fee as a crew fee or per head")
    assert gm_page.evaluate("game.journal.contents.flatMap(j => j.pages.contents).map(p => p.name)") == ["Good"]


def test_a_players_forged_requests_and_writes_are_refused(world, gm_page: Page, player1_page: Page, player2_page: Page):
    """A player may not start a story mission, accept one that is story-only, accept twice, accept a compendium page,
    accept for someone else, write the page or the GM store; a page a player owns is not the GM's word."""
    seed_crews(world)
    player2_page.wait_for_function("() => game.actors.size === 3")
    story = make_page(gm_page, "Story job", terms(selfPlay=False))
    open_ = make_page(gm_page, "Open job", terms())
    owned = make_page(gm_page, "Their job", terms(), ownership={P1: 3})
    rook = [f"Actor.{ROOK}"]
    assert ask(player1_page, "mission.start", {"pageUuid": open_, "actorUuids": rook}) == [None, NOT_GM]
    assert ask(player1_page, "mission.accept", {"pageUuid": story, "actorUuids": rook}) == \
        [None, "Story job is a story mission: the GM starts it."]
    assert ask(player2_page, "mission.accept", {"pageUuid": open_, "actorUuids": rook}) == [None, "You do not own Rook."]
    assert ask(player1_page, "mission.accept", {"pageUuid": owned, "actorUuids": rook}) == \
        [None, "A player owns the page of Their job: its terms are not the GM's word. Take the page's ownership back first."]
    assert ask(player1_page, "mission.accept", {"pageUuid": "JournalEntry.nope.JournalEntryPage.nope", "actorUuids": rook}) == \
        [None, "That mission is not on the board."]
    first = ask(player1_page, "mission.accept", {"pageUuid": open_, "actorUuids": rook})
    assert first[1] is None
    assert ask(player1_page, "mission.accept", {"pageUuid": open_, "actorUuids": rook}) == \
        [None, "Open job has already been taken by a crew."]

    # two crews at once: exactly one takes it
    race = make_page(gm_page, "Race job", terms())
    for page, actor in ((player1_page, FEMI), (player2_page, JAZ)):
        page.evaluate("""([uuid, a]) => { window.__race = game.system.api.requestGM("mission.accept",
            {pageUuid: uuid, actorUuids: [`Actor.${a}`]}).then(() => null, e => e.message); }""", [race, actor])
    answers = [page.evaluate("() => window.__race") for page in (player1_page, player2_page)]
    assert sorted(answers, key=str) == sorted([None, "Race job has already been taken by a crew."], key=str)
    assert len(run_of(gm_page, race)["crew"]) == 1

    # the page: a player cannot raise the fee (the GM owns it) …
    write = player1_page.evaluate("""uuid => fromUuidSync(uuid).update({"system.fee.amount": 99999}).then(() => null, e => e.message)""", open_)
    assert write and "lacks permission" in write
    # … and the run's terms were copied when the crew took it: the owned page's edit changes nothing a run pays
    assert run_of(gm_page, open_)["terms"]["fee"] == {"type": "crewFee", "amount": 101}
    # nor add a mission page of their own to the GM's journal, nor a journal of their own
    gm_journal = open_.split(".JournalEntryPage.")[0]
    sneaky = player1_page.evaluate("""uuid => fromUuidSync(uuid).createEmbeddedDocuments("JournalEntryPage", [{name: "Mine",
        type: "mission", ownership: {default: 3}, system: {fee: {type: "perHead", amount: 5000}, xp: 5,
        objectives: [{id: "a", label: "Nothing"}]}}]).then(() => null, e => e.message)""", gm_journal)
    assert sneaky and "lacks permission" in sneaky
    own = player1_page.evaluate("""() => JournalEntry.create({name: "Mine"}).then(() => null, e => e.message)""")
    assert own and "lacks permission" in own
    # the store: world settings are the GM's
    for page in (player1_page, player2_page):
        forged = page.evaluate("""() => game.settings.set('the-smoke', 'missionRuns', {}).then(() => null, e => e.message)""")
        assert forged, "a player wrote the GM store"
    assert run_of(gm_page, open_)["state"] == "active"
    # compendium pages are imported first
    pack_page = gm_page.evaluate("""async () => { const pack = game.packs.get('the-smoke.missions');
        const [e] = await pack.getDocuments(); return e.pages.contents[0].uuid; }""")
    assert ask(player1_page, "mission.accept", {"pageUuid": pack_page, "actorUuids": rook})[1] in (
        "That mission is not on the board.", "Two Bikes Before Tonight is in a compendium: import it first.",
        "A Borrowed Rig Across Town is in a compendium: import it first.")


def test_the_deadline_runs_on_active_time_fails_the_mission_once_and_the_gm_sees_a_card(
        world, gm_page: Page, player1_page: Page):
    """A 60-second deadline (job-clock seconds): the board and the phone count it down; 10 minutes of pause cost
    nothing; both reload mid-deadline; once 60 active seconds have passed the active GM fails it — one store write,
    one card whispered to the GM — and nothing more after a reload. Ruling: a deadline that runs out fails the mission (no fee, no XP)."""
    seed_crews(world)
    player1_page.wait_for_function("() => game.actors.size === 3")
    page_uuid = make_page(gm_page, "Against the clock", terms(client="Mo", deadlineSeconds=60))
    assert ask(player1_page, "mission.accept", {"pageUuid": page_uuid, "actorUuids": [f"Actor.{ROOK}"]})[1] is None
    wait_run(gm_page, page_uuid)
    board = open_board(player1_page)
    expect(board.locator(".smoke-mission-countdown")).to_contain_text("0:")
    # the countdown ticks without re-rendering the board: what the GM is typing stays
    gm_board = open_board(gm_page)
    gm_board.get_by_label("Name").fill("Half typed")
    first = gm_board.locator(".smoke-mission-countdown").inner_text()
    expect(gm_board.locator(".smoke-mission-countdown")).not_to_have_text(first)  # it ticked
    assert gm_board.get_by_label("Name").input_value() == "Half typed"
    gm_page.evaluate(COUNT_RUN_WRITES)

    gm_page.evaluate("game.togglePause(true, {broadcast: true})")
    gm_page.wait_for_function("() => game.settings.get('the-smoke', 'activeTime').pausedAt !== null")
    skew_time(gm_page, 600)
    ticks(gm_page)  # the GM's deadline check ran since
    assert run_of(gm_page, page_uuid)["state"] == "active"
    assert gm_page.evaluate("() => window.runWrites") == 0
    left = player1_page.evaluate("uuid => game.system.api.missions.missionsOf(game.actors.get('RookActor0000001'))[0].secondsLeft", page_uuid)
    assert 0 < left <= 60

    gm_page.evaluate("game.togglePause(false, {broadcast: true})")
    gm_page.wait_for_function("() => game.settings.get('the-smoke', 'activeTime').pausedAt === null")
    # a reload of both, mid-deadline: the clock is timestamps, the GM's check picks up on ready
    for page in (gm_page, player1_page):
        page.reload()
        page.wait_for_function("() => window.game?.ready === true")
    gm_page.evaluate(COUNT_RUN_WRITES)
    assert run_of(gm_page, page_uuid)["state"] == "active"
    skew_time(gm_page, 61)
    wait_run(gm_page, page_uuid, "r.state === 'failed' && r.late === true")
    ticks(gm_page, n=2)  # more ticks: nothing more is written
    assert gm_page.evaluate("() => window.runWrites") == 1
    cards = gm_page.locator("#chat-log .smoke-gm-reward").filter(has_text="The deadline for Against the clock ran out")
    expect(cards).to_have_count(1)
    expect(cards).to_contain_text("Failed: the client took another offer. No fee, no XP")
    expect(player1_page.locator("#chat-log")).not_to_contain_text("ran out")
    assert player1_page.evaluate("""() => game.messages.contents.filter(m => m.content.includes('ran out') && m.visible).length""") == 0
    assert ask(gm_page, "mission.finish", {"id": run_of(gm_page, page_uuid)["id"], "outcome": "completed"}) == \
        [None, "Against the clock is already finished: nothing is paid twice."]
    gm_page.reload()
    gm_page.wait_for_function("() => window.game?.ready === true")
    ticks(gm_page)  # the reloaded GM's deadline check ran
    expect(gm_page.locator("#chat-log .smoke-gm-reward").filter(has_text="ran out")).to_have_count(1)


def test_story_mode_and_the_phone_use_the_same_runs_and_the_books_examples_import_from_the_compendium(
        world, gm_page: Page, player1_page: Page, player2_page: Page):
    """The GM imports the book's two examples (once: a second import adds nothing). Story mode: the GM starts Two
    Bikes Before Tonight for the GM Screen's chosen crew (Rook and Femi). Self-play from the phone: Player Two's Jaz
    accepts A Borrowed Rig Across Town on the Blower, which then counts its hour down; the GM fails it — no fee."""
    seed_crews(world)
    player2_page.wait_for_function("() => game.actors.size === 3")
    board = open_board(gm_page)
    board.get_by_role("button", name="Import from compendium").click()
    gm_page.wait_for_function("() => game.journal.size === 2")
    expect(board.locator(".smoke-missions-open .smoke-mission")).to_have_count(2)
    board.get_by_role("button", name="Import from compendium").click()
    expect(gm_page.locator("#notifications")).to_contain_text("0 mission(s) imported")
    assert gm_page.evaluate("game.journal.size") == 2

    gm_page.evaluate("""([a, b]) => { const s = new game.system.api.apps.GMScreen();
        game.system.api.apps.GMScreen.instance = s; s.chosen = new Set([a, b]); }""", [ROOK, FEMI])
    board.get_by_role("button", name="Start Two Bikes Before Tonight").click()
    card = player1_page.locator("#chat-log .smoke-gm-reward").filter(has_text="Story mission").last
    expect(card).to_contain_text("Story mission Two Bikes Before Tonight starts for Rook, Femi.")
    bikes = gm_page.evaluate("game.journal.contents.flatMap(j => j.pages.contents).find(p => p.name === 'Two Bikes Before Tonight').uuid")
    assert run_of(gm_page, bikes)["mode"] == "story"

    player2_page.locator("body").click(position={"x": 5, "y": 5})
    player2_page.keyboard.press("Alt+KeyB")
    phone = player2_page.locator("#smoke-blower")
    expect(phone).to_be_visible()
    phone.locator("[data-action=open][data-app=objectives]").click()
    expect(phone).not_to_contain_text("Two Bikes Before Tonight")
    phone.get_by_role("button", name="Accept A Borrowed Rig Across Town").click()
    rig = gm_page.evaluate("game.journal.contents.flatMap(j => j.pages.contents).find(p => p.name === 'A Borrowed Rig Across Town').uuid")
    wait_run(gm_page, rig)
    assert run_of(gm_page, rig)["crew"] == [f"Actor.{JAZ}"] and run_of(gm_page, rig)["mode"] == "selfPlay"
    expect(phone.locator(".smoke-mission-countdown")).to_contain_text("59:")
    expect(phone).to_contain_text("Get the borrowed rig across town to the venue")
    before = purse(gm_page, [JAZ])
    board.get_by_role("button", name="Fail A Borrowed Rig Across Town").click()
    wait_run(gm_page, rig, "r.state === 'failed'")
    assert purse(gm_page, [JAZ]) == before
    expect(phone).not_to_contain_text("A Borrowed Rig Across Town")


def test_an_absurd_fee_is_refused_before_anything_is_written(world, gm_page: Page):
    """A per-head fee past the purse's limit: the completion is refused in words, the run stays under way, nobody is
    paid and no XP is given (nothing half-written)."""
    seed_crews(world)
    page_uuid = make_page(gm_page, "Absurd job", terms(fee={"type": "perHead", "amount": 2_000_000}))
    assert ask(gm_page, "mission.start", {"pageUuid": page_uuid, "actorUuids": [f"Actor.{ROOK}"]})[1] is None
    before = purse(gm_page, [ROOK])
    run_id = run_of(gm_page, page_uuid)["id"]
    assert ask(gm_page, "mission.finish", {"id": run_id, "outcome": "completed"}) == \
        [None, "£2000000 is not an amount of money (whole pounds, 0 to £1000000)."]
    assert run_of(gm_page, page_uuid)["state"] == "active"
    assert purse(gm_page, [ROOK]) == before


def test_one_name_takes_a_mission_and_two_take_it(world, gm_page: Page, player1_page: Page, player2_page: Page, page_errors):
    """Issue 25, defect 11: the card said "Jaz Kaur take …". The name and its verb agree through the lang file's plural
    forms (`SMOKE.Mission.accepted.one` / `.other`, picked by Intl.PluralRules for the crew's size)."""
    seed_crews(world)
    one = make_page(gm_page, "The Whippet", terms())
    two = make_page(gm_page, "The Lock-up", terms())
    player2_page.wait_for_function("() => game.actors.size === 3")
    assert ask(player2_page, "mission.accept", {"pageUuid": one, "actorUuids": [f"Actor.{JAZ}"]})[1] is None
    assert ask(player1_page, "mission.accept", {"pageUuid": two, "actorUuids": [f"Actor.{ROOK}", f"Actor.{FEMI}"]})[1] is None
    log = gm_page.locator("#chat-log")
    expect(log).to_contain_text("Jaz takes The Whippet.")
    expect(log).to_contain_text("Rook, Femi take The Lock-up.")
    assert page_errors[gm_page] == []


def test_a_mission_that_lands_while_the_board_opens_is_on_it(world, gm_page: Page):
    """v13 reads a window's context before the window is on screen (ApplicationV2#render: _configureRenderOptions →
    _prepareContext → … → _onFirstRender; renders of one application queue on its semaphore — Foundry's
    client/applications/api/application.mjs, the order also in fvtt-types' application.d.mts). A mission written
    after the board read the world and before it was rendered is on the board once it opens: it listens from
    before its context is read (apps/live-window.mjs). A CI run showed a player's board saying "No missions yet."
    for 15 s after the GM's mission had arrived, when it listened only from _onFirstRender."""
    gm_page.evaluate("""async system => {
        const { MissionBoard } = game.system.api.apps;
        const board = MissionBoard.instance = new MissionBoard();
        const read = board._prepareContext.bind(board);
        board._prepareContext = async options => {
          const context = await read(options);
          if (options.isFirstRender) {
            const j = await JournalEntry.create({ name: "Late journal", ownership: { default: 0 } });
            await j.createEmbeddedDocuments("JournalEntryPage", [{ name: "The Late Whippet", type: "mission", system }]);
          }
          return context;
        };
        await board.render({ force: true });
    }""", terms())
    expect(gm_page.locator("#smoke-mission-board .smoke-missions-open")).to_contain_text("The Late Whippet")
