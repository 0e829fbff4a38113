"""The Adventure Game's long lists of choices fold by kind at 80x24: held by a Nazgûl with
Move a Nazgûl in hand, the ten or so places to send one show as one entry; a list that is all
of one kind names the kind once, on the frame."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game import actions as act
from ringbearer_tui.app import RingbearerApp, StartLoaded
from ringbearer_tui.choice_groups import ALL_CHOICES, ChoiceGroup
from ringbearer_tui.games.adventure_game.kinds import kinds
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.seats import Seat, seats_to_meta
from ringbearer_tui.widgets.action_menu import ActionMenu

SIZE = (80, 24)


def stopped_where(wanted: type[rb.Action], at_least: int, seed: int = 4) -> rb.Match:
    """Heuristic play of a seeded two-player game, stopped at the first decision with
    ``at_least`` choices of the kind ``wanted``; the seat deciding there is the person."""
    match = rb.Match.new("adventure-game", ["Ann", "Bo"], seed=seed)
    bot = rb.make_bot(match.game, "heuristic", seed)
    while match.outcome is None:
        if sum(isinstance(a, wanted) for a in match.actions()) >= at_least:
            break
        match.play(bot.choose(match.game, match.game.clone(match.state)))
    assert match.outcome is None, "the seed never reaches that position"
    person = match.to_move
    names = ["Ann", "Bo"]
    seats = [Seat(n) if i == person else Seat(n, "bot", "heuristic") for i, n in enumerate(names)]
    match.meta["seats"] = seats_to_meta(seats)
    return match


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_the_places_for_a_nazgul_are_one_kind_and_pushing_a_rival_is_narrowed_by_rival() -> None:
    match = stopped_where(act.MoveNazgul, 8)
    sends = [a for a in match.actions() if isinstance(a, act.MoveNazgul)]
    assert {kinds(match, a) for a in sends} == {("Play Move a Nazgûl",)}
    assert kinds(match, act.MoveOpponent(seat=1, to="bree")) == ("Play Move Opponent", "Push Bo")
    assert kinds(match, act.TownSwap(cards=())) == ()  # keeping every card stands alone
    steps = [a for a in match.actions() if isinstance(a, act.Step)]
    assert all(kinds(match, a) == () for a in steps)


async def test_a_nazgul_to_send_is_chosen_from_one_entry_that_shows_only_the_places(
    quick_settings: AppPaths,
) -> None:
    match = stopped_where(act.MoveNazgul, 8)
    sends = [a for a in match.actions() if isinstance(a, act.MoveNazgul)]
    app = RingbearerApp(quick_settings, StartLoaded(match.save()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        menu = screen.query_one(ActionMenu)
        assert not menu.border_subtitle  # every entry in view: nothing below the panel
        index, kind = next(
            (n, e)
            for n, e in enumerate(menu.actions)
            if isinstance(e, ChoiceGroup) and e.title == "Play Move a Nazgûl"
        )
        assert list(kind.members) == sends

        await pilot.press(menu.key_of(index))
        await pilot.pause()
        assert menu.border_title == "Play Move a Nazgûl"
        assert menu.actions[0] is ALL_CHOICES
        shown = [line.plain for line in menu.items[1:]]
        assert shown
        assert not any("Move a Nazgûl" in line for line in shown)  # on the frame
        steps = len(match.log)
        await pilot.press(menu.key_of(1))
        await settle(pilot)
        assert screen.session.match.log[steps] == str(sends[0])
        # Then where to set it down: all one kind, named once on the frame.
        assert all(isinstance(a, act.PlaceNazgul) for a in screen.choices)
        assert menu.border_title == "Set the Nazgûl down"
        assert not any("Set the Nazgûl down" in line.plain for line in menu.items)
