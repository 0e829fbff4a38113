"""The Adventure Game's hint: the ``ismc`` bot's own ranking, from the deciding seat's
knowledge only, and a list of choices that tells the same story as the hint."""

from __future__ import annotations

import re
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game.bots import ISMCBot
from ringbearer_engine.games.adventure_game.state import AdventureState
from ringbearer_tui.app import RingbearerApp, StartLoaded
from ringbearer_tui.games.adventure_game.advice import HINT_DEALS, SeatAdvisor
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.widgets.action_menu import ActionMenu

from . import positions

FIGURE = re.compile(r"wins ~?(\d+)%")


def swap_hidden_cards(state: AdventureState, seat: int) -> AdventureState:
    """The same table for ``seat``: the other hands trade cards with the draw pile, whose
    order is reversed too."""
    other = rb.get_game("adventure-game").clone(state)
    assert isinstance(other, AdventureState)
    for n, hand in enumerate(other.hands):
        if n == seat:
            continue
        for i, card in enumerate(hand):
            for j, waiting in enumerate(other.draw_pile):
                if waiting != card:
                    hand[i], other.draw_pile[j] = waiting, card
                    break
    other.draw_pile.reverse()
    return other


def test_the_hint_is_the_same_whatever_the_other_hands_hold() -> None:
    match = positions.reach(positions.held_by_nazgul)
    state = match.state
    assert isinstance(state, AdventureState)
    seat = match.to_move
    assert seat is not None
    other = swap_hidden_cards(state, seat)
    assert [h for n, h in enumerate(other.hands) if n != seat] != [
        h for n, h in enumerate(state.hands) if n != seat
    ], "the test must change what the rivals hold"
    first = SeatAdvisor(5).rank(match.game, state)
    second = SeatAdvisor(5).rank(match.game, other)
    assert any(r.playouts for r in first), "the position must be searched"
    assert [(r.action, r.wins, r.playouts) for r in first] == [
        (r.action, r.wins, r.playouts) for r in second
    ]


def test_the_hint_recommends_what_the_ismc_bot_plays_in_that_seat() -> None:
    match = positions.reach(positions.held_by_nazgul)
    seat = match.to_move
    assert seat is not None
    game = match.game
    known = game.determinize(match.state, seat, rb.Chance.seeded(rb.derive_seed(8, seat)))
    bot = ISMCBot(8, samples=HINT_DEALS)
    assert SeatAdvisor(8).rank(game, match.state)[0].action == bot.choose(game, known)


async def test_the_recommended_choice_is_shown_as_best_or_the_hint_says_why(
    quick_settings: AppPaths,
) -> None:
    match = positions.reach(positions.held_by_nazgul)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.advice is not None
        menu = screen.query_one(ActionMenu)
        lines = [item.plain for item in menu.items]
        assert menu.actions[0] == screen.advice.actions[0]
        assert "advised, wins" in lines[0]
        figures = [int(found.group(1)) for line in lines if (found := FIGURE.search(line))]
        assert len(figures) >= 2
        told = str(screen.query_one("#hint", Static).content)
        label = screen.look.describe(screen.session.match, menu.actions[0])
        assert f"would choose: {label}" in told
        if max(figures[1:]) > figures[0]:
            assert "margins" in told
        assert "Only the choices with a figure" in told


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
