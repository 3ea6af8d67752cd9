"""Issue 24, part 6: the Blower's texts survive another GM taking over, a GM's new browser and cleared site data, and
still never reach a non-recipient's browser — not in a WebSocket frame, its storage, its page or the world's data.

v13 has no place that keeps world data from players (documents/blower/record.mjs says why, with its sources: world
settings and user settings go to every client; a compendium pack's ownership is not shown to be a read boundary), so
the texts are kept whole only in the GMs' and the recipients' browsers, sealed in a GM store, and taken back by a GM
client from a holder only when the seal matches."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect
from helpers import settle

from helpers.blower import P1, P2, RECORD_FRAMES, open_app, phone, seed

pytestmark = pytest.mark.harness_only

SECRET = "Two bikes from the arches by tonight"
SECOND = "Meet at the chicken shop"
TEXTS = "() => game.system.api.blower.texts.refresh().then(() => game.system.api.blower.texts.inbox().texts.map(t => t.text))"



def gm_text(gm: Page, sender: str, to: list[str], text: str) -> None:
    """The GM sends a text as a contact through the request the phone's Send makes (`blower.text`), and the GM's own
    record holds it. These tests are about where texts live and who receives them; the compose window itself (and its
    Send) is tested in test_blower.py."""
    gm.evaluate("([from, to, text]) => game.system.api.requestGM('blower.text', {from, to, text})", [sender, to, text])
    gm.wait_for_function("t => game.system.api.blower.texts.inbox().texts.some(x => x.text === t)", arg=text)

def texts_of(page: Page) -> list[str]:
    return sorted(page.evaluate(TEXTS))


def wait_texts(page: Page, want: list[str], seconds: float = 15) -> None:
    """Until this client's inbox (asked again each quarter second) holds exactly these texts."""
    got: list[str] = []
    for _ in range(int(seconds * 4)):
        got = texts_of(page)
        if got == sorted(want):
            return
        page.wait_for_timeout(250)
    assert got == sorted(want)


def never_reached(page: Page, world) -> None:
    """Nothing of either text in the page, its storage, any WebSocket frame it got, or the server's world."""
    for needle in ("Two bikes", "chicken shop"):
        assert needle not in page.content()
        assert needle not in page.evaluate("() => JSON.stringify(localStorage)")
        assert not any(needle in f for f in page.evaluate("() => window.__frames")), "a frame to Player Two held a text"
        assert needle not in json.dumps(world.world()), "a text reached the server's world"


def test_texts_survive_another_gm_taking_over_and_never_reach_a_non_recipient(world, open_user_page, page_errors):
    """The GM texts Player One twice and leaves; the Assistant GM, in a browser that never saw a text, takes over:
    its record is rebuilt from Player One's phone (sealed copies), so Player One's phone — even after clearing its
    site data — still gets both texts, read and unread as they were. Player Two never receives either."""
    seed(world)
    gm = open_user_page("gm")
    p1, p2 = open_user_page("player1", RECORD_FRAMES), open_user_page("player2", RECORD_FRAMES)
    gm_text(gm, "Pat", [P1], SECRET)
    open_app(p1, "messages")
    expect(phone(p1).locator(".smoke-blower-text")).to_have_count(1, timeout=15000)  # a pull through the GM
    p1.wait_for_function("() => game.system.api.blower.texts.inbox().unread === 0")  # the first one read
    phone(p1).locator("[data-action=home]").click()
    gm_text(gm, "Kez", [P1], SECOND)
    p1.wait_for_function("() => game.system.api.blower.texts.inbox().unread === 1")
    gm.context.close()

    gm2 = open_user_page("gm2")
    assert gm2.evaluate("() => game.user.isActiveGM") is True
    wait_texts(gm2, [SECRET, SECOND])  # taken back from Player One's phone
    # Player One clears site data and reloads: the texts come back from the new GM, the first still read
    p1.evaluate("() => localStorage.clear()")
    p1.reload()
    p1.wait_for_function("() => window.game?.ready === true && game.system.api.blower.texts.inbox().loaded")
    wait_texts(p1, [SECRET, SECOND])
    assert p1.evaluate("() => game.system.api.blower.texts.inbox().texts.filter(t => t.unread).map(t => t.text)") == [SECOND]
    open_app(p2, "messages")
    expect(phone(p2).locator(".smoke-blower-empty")).to_have_text("No texts.")
    assert texts_of(p2) == []
    never_reached(p2, world)
    assert page_errors[p1] == [] and page_errors[p2] == [] and page_errors[gm2] == []


def test_texts_survive_the_gms_cleared_site_data_and_a_new_browser(world, open_user_page):
    """One GM: it clears its site data and reloads, then opens the world in a second browser: each time the record
    comes back from the recipients' phones (a text to both players, one to Player One). Player Two gets only hers."""
    seed(world)
    gm = open_user_page("gm")
    p1, p2 = open_user_page("player1", RECORD_FRAMES), open_user_page("player2", RECORD_FRAMES)
    gm_text(gm, "Pat", [P1], SECRET)
    gm_text(gm, "Kez", [P1, P2], "Crew meet at nine")
    # Both phones hold their copies before the GM's are wiped (a text whose only copy is the GM's is lost with it)
    wait_texts(p1, [SECRET, "Crew meet at nine"])
    wait_texts(p2, ["Crew meet at nine"])
    gm.evaluate("() => localStorage.clear()")
    gm.reload()
    gm.wait_for_function("() => window.game?.ready === true")
    wait_texts(gm, [SECRET, "Crew meet at nine"])
    gm.context.close()
    gm_new = open_user_page("gm")  # a fresh browser: no storage at all
    wait_texts(gm_new, [SECRET, "Crew meet at nine"])
    wait_texts(p1, [SECRET, "Crew meet at nine"])
    assert texts_of(p2) == ["Crew meet at nine"]
    never_reached(p2, world)


def test_a_forged_copy_or_a_copy_for_someone_else_is_not_taken_back(world, open_user_page):
    """After the GM's site data is cleared, the record is rebuilt only from sealed copies offered by a recipient:
    Player One rewriting his copy of Pat's text, or making one for Player Two by hand, adds nothing (so Pat's text,
    whose only copy he spoiled, is gone); Player Two's own copy comes back."""
    seed(world)
    gm, p1, p2 = open_user_page("gm"), open_user_page("player1"), open_user_page("player2")
    gm_text(gm, "Pat", [P1], SECRET)
    gm_text(gm, "Kez", [P2], "Jaz only")
    wait_texts(p1, [SECRET])
    wait_texts(p2, ["Jaz only"])
    # Player One rewrites his own copy (same id, same nonce, another text) and fakes one for Player Two
    p1.evaluate("""() => { const all = game.settings.get('the-smoke', 'blowerHeld');
        const mine = all[game.world.id].HarnessPlayer001;
        mine[0].text = 'Pat says: pay Rook £500';
        mine.push({...mine[0], id: 'fakeForJaz000001', to: ['HarnessPlayer002'], text: 'Jaz: come alone'});
        return game.settings.set('the-smoke', 'blowerHeld', all); }""")
    gm.evaluate("() => localStorage.clear()")
    gm.reload()
    gm.wait_for_function("() => window.game?.ready === true")
    wait_texts(gm, ["Jaz only"])  # Player Two's sealed copy comes back; neither of Player One's
    assert p1.evaluate("""() => game.system.api.requestGM('blower.restore', {copies: game.settings.get('the-smoke',
        'blowerHeld')[game.world.id].HarnessPlayer001})""") == {"kept": 0}
    assert texts_of(gm) == ["Jaz only"]
    assert texts_of(p1) == []
    assert texts_of(p2) == ["Jaz only"]


def test_a_new_text_sends_its_recipient_that_text_not_the_inbox(world, open_user_page):
    """Issue 26: the recipient's phone pulls only what changed since its last ask. The answers to its requests (the
    `response` frames the stand-in server sent it, `GET /harness/stats`) for one new text are the same size with 1 or
    40 texts held (before: the whole inbox again, about 285 B more per text held), and the seal broadcast each client
    gets is one bucket of the seals, not all of them."""
    from helpers.rounds import reset_stats, stats

    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")

    def one_text(text: str) -> dict:
        settle(gm)
        reset_stats(world.url)
        gm_text(gm, "Pat", [P1], text)
        p1.wait_for_function("t => game.system.api.blower.texts.inbox().texts.some(x => x.text === t)", arg=text,
                             timeout=15_000)
        settle(gm)
        return stats(world.url)[P1]["bytesOutByType"]

    first = one_text("Text 0: the arches")
    for i in range(1, 40):
        gm.evaluate("t => game.system.api.requestGM('blower.text', {from: 'Kez', to: ['HarnessPlayer001'], text: t})",
                    f"Filler {i}: the arches, ten o'clock, bring the van.")
    p1.wait_for_function("() => game.system.api.blower.texts.inbox().texts.length === 40", timeout=30_000)
    later = one_text("Text 41: the arches")
    assert later["response"] <= first["response"] + 20, (first, later)
    assert later["response"] < 1000, later
    # 41 seals in 32 buckets: the broadcast is a bucket's worth, far below all 41 seals (about 110 B each)
    seal_bytes = sum(n for kind, n in later.items() if kind.startswith("Setting"))
    assert seal_bytes < 41 * 110 / 2, later
