"""Helpers for the counted-roll attack tests (test_roll_authority.py): a check rolled by the system with the
player's own choices and claimed by hand, a card made by hand with a roll of a chosen formula, and a request's answer
or refusal — each run in the page (the browser context) of the user who tries it."""

from __future__ import annotations

from playwright.sync_api import Page

CHECK = "/systems/the-smoke/module/documents/core/check.mjs"

NOT_FIRST = "Only the first card rolled for this counts, and this is not it: it does not count."


def not_this_check(*why: str) -> str:
    """The GM's refusal of a card that is not the check it rebuilt (SMOKE.Check.notThisCheck)."""
    return f"That card is not this check ({'; '.join(why)}): it does not count."


def ask(page: Page, kind: str, data: dict):
    """A request to the GM from this page: {"ok": result} or {"refused": message}."""
    return page.evaluate("""async ([kind, data]) => {
        try { return {ok: await game.system.api.requestGM(kind, data)}; } catch (e) { return {refused: e.message}; } }""",
                         [kind, data])


def roll(page: Page, actor_id: str, stat: str, choices: dict, flags: dict) -> str:
    """The system's own roll (documents/core/check.mjs rollCheck) with the player's choices laid over the defaults, as a
    console could call it; returns the card's message id."""
    return page.evaluate(f"""async ([actorId, stat, choices, flags]) => {{
        const {{ rollCheck, defaultChoices }} = await smokeModule("{CHECK}");
        const m = await rollCheck(game.actors.get(actorId), stat, {{...defaultChoices(), ...choices}}, {{flags}});
        return m.id;
    }}""", [actor_id, stat, choices, flags])


def hand_made(page: Page, actor_id: str, check: dict, formula: str, flags: dict) -> str:
    """A card made by hand (ChatMessage.create): the snapshot the player wrote and a real roll of their formula (a die
    size or an explosion the check does not have); returns its message id."""
    return page.evaluate("""async ([actorId, check, formula, flags]) => {
        CONFIG.Dice.randomUniform = Math.random; // any faces: the card is refused for its shape, not its luck
        const roll = await new Roll(formula).evaluate();
        const m = await ChatMessage.create({content: "<p>my roll</p>", rolls: [roll],
            speaker: ChatMessage.getSpeaker({actor: game.actors.get(actorId)}),
            flags: {"the-smoke": {...flags, check: {actorId, ...check}}}});
        return m.id;
    }""", [actor_id, check, formula, flags])


def seen_by(page: Page, message_id: str) -> None:
    """Wait until the card has reached this page (the GM's record of it is made as it arrives)."""
    page.wait_for_function("id => !!game.messages.get(id)", arg=message_id)
