"""Helpers for test_missions*.py: the crews, mission pages, requests and the board (no test file imports another)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

P1, P2 = "HarnessPlayer001", "HarnessPlayer002"
ROOK, FEMI, JAZ = "RookActor0000001", "FemiActor0000001", "JazActor00000001"


def crew(_id: str, name: str, owner: str, pocket: int = 10) -> dict:
    return {"_id": _id, "name": name, "type": "character", "ownership": {"default": 0, owner: 3},
            "system": {"cash": {"pocket": pocket, "stash": 0}}}


def seed_crews(world) -> None:
    """Rook and Femi are Player One's crew; Jaz is Player Two's."""
    world.seed(actors=[crew(ROOK, "Rook", P1), crew(FEMI, "Femi", P1), crew(JAZ, "Jaz", P2)],
               users=[{"_id": P2, "character": JAZ}])


def terms(**over) -> dict:
    base = {"client": "Auntie Pat", "fee": {"type": "crewFee", "amount": 101}, "xp": 3, "deadlineSeconds": None,
            "objectives": [{"id": "find", "label": "Find the Whippet"}, {"id": "bring", "label": "Bring it to the arches"}],
            "obligations": [{"who": "Auntie Pat", "what": "owes the crew a favour"}],
            "claimants": [{"who": "The Whippet's owner", "what": "wants it back"}], "selfPlay": True}
    base.update(over)
    return base


def make_page(gm: Page, name: str, system: dict, *, ownership: dict | None = None) -> str:
    """A mission page made by the GM (a journal of its own); returns the page UUID or the refusal's message."""
    return gm.evaluate("""async ([name, system, ownership]) => {
        try {
          const j = await JournalEntry.create({name: `${name} journal`, ownership: {default: 0}});
          const [p] = await j.createEmbeddedDocuments("JournalEntryPage", [{name, type: "mission", system,
            ...(ownership ? {ownership} : {})}]);
          return p.uuid;
        } catch (e) { return e.message; }
    }""", [name, system, ownership])


def ask(page: Page, kind: str, data: dict):
    """A request from this page: [result, None] or [None, refusal]."""
    return page.evaluate("""([t, d]) => game.system.api.requestGM(t, d).then(r => [r ?? null, null], e => [null, e.message])""",
                         [kind, data])


def run_of(page: Page, page_uuid: str) -> dict | None:
    return page.evaluate("""uuid => Object.values(game.settings.get('the-smoke', 'missionRuns')).find(r => r.pageUuid === uuid) ?? null""",
                         page_uuid)


def wait_run(page: Page, page_uuid: str, expr: str = "true") -> None:
    page.wait_for_function(f"""uuid => {{ const r = Object.values(game.settings.get('the-smoke', 'missionRuns'))
        .find(r => r.pageUuid === uuid); return !!r && ({expr}); }}""", arg=page_uuid)


def open_board(page: Page):
    page.evaluate("game.system.api.apps.MissionBoard.open()")
    board = page.locator("#smoke-mission-board")
    expect(board).to_be_visible()
    return board


def purse(page: Page, ids: list[str]) -> list[list[int]]:
    return page.evaluate("""ids => ids.map(id => { const a = game.actors.get(id);
        return [game.system.api.money.purseOf(a).pocket, a.system.rep.xp]; })""", ids)


COUNT_RUN_WRITES = """() => {
    window.runWrites = 0;
    const set = game.settings.set;
    game.settings.set = function (ns, key, ...rest) { if (key === 'missionRuns') window.runWrites++; return set.call(this, ns, key, ...rest); };
    return 0;
}"""
