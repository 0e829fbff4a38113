"""The Adventure Game's hint: the ``ismc`` bot's own ranking, from the deciding seat's
knowledge only, and a list of choices that tells the same story as the hint: the advice
marked where it stands, no figure clearly above it."""

from __future__ import annotations

import re
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game.advisor import HINT_DEALS, HINT_ROUNDS, SeatAdvisor
from ringbearer_engine.games.adventure_game.bots import ISMCBot
from ringbearer_engine.games.adventure_game.state import AdventureState
from ringbearer_tui.app import RingbearerApp, StartLoaded
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.widgets.action_menu import ActionMenu

from . import positions

FIGURE = re.compile(r"wins (\d+)% ± (\d+)")


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
    # The bot's search at the hint's deals, its imagined games cut after two rounds.
    horizon = HINT_ROUNDS * len(match.state.players)
    bot = ISMCBot(8, samples=HINT_DEALS, racing=True, horizon=horizon)
    assert SeatAdvisor(8).rank(game, match.state)[0].action == bot.choose(game, known)


async def test_the_advice_is_marked_where_it_stands_and_no_figure_is_clearly_above_it(
    quick_settings: AppPaths,
) -> None:
    match = positions.reach(positions.held_by_nazgul)
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = list(screen.query_one(ActionMenu).actions)
        await pilot.press("h")
        await settle(pilot)
        assert screen.advice is not None
        menu = screen.query_one(ActionMenu)
        assert menu.actions == before, "the hint must not renumber the choices"
        lines = [item.plain for item in menu.items]
        [advised] = [n for n, line in enumerate(lines) if "advised" in line]
        assert menu.actions[advised] == screen.advice.advised
        found = FIGURE.search(lines[advised])
        assert found is not None
        figure, margin = int(found.group(1)), int(found.group(2))
        for n, line in enumerate(lines):
            other = FIGURE.search(line)
            if n != advised and other and int(other.group(1)) > figure:
                assert "about the same" in line
                assert int(other.group(1)) - figure <= max(margin, int(other.group(2))) + 1
        told = str(screen.query_one("#hint", Static).content)
        chosen = menu.actions[advised]
        assert isinstance(chosen, rb.Action)
        label = screen.look.describe(screen.session.match, chosen)
        assert f"would choose: {label}" in told
        assert "Only the choices with a figure" in told


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
