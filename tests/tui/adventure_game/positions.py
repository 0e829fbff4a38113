"""Seeded Adventure Game matches stopped at the moments the screen tests look at.

Heuristic bots play a fixed seed until a condition on the public view holds; the seat that
decides there is made the person at the screen and the others ``ismc`` bots, so the snapshot
shows that person's hand and choices.
"""

from __future__ import annotations

from collections.abc import Callable

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game.actions import Fight
from ringbearer_engine.games.adventure_game.view import AdventureView
from ringbearer_tui.seats import Seat, seats_to_meta

Condition = Callable[[AdventureView], bool]
PLAYERS = ("Ann", "Bo", "Cy")


def reach(
    condition: Condition, *, seed: int = 1, people: int = 1, first_person: int = 0
) -> rb.Match:
    """The seeded heuristic game stopped where ``condition`` first holds.

    ``people`` seats from the deciding one on (skipping ``first_person`` seats) are people.
    """
    match = rb.Match.new("adventure-game", PLAYERS, seed=seed)
    bot = rb.make_bot(match.game, "heuristic", seed)
    while True:
        view = match.view(None)
        assert isinstance(view, AdventureView)
        if condition(view) or match.outcome is not None:
            break
        match.play(bot.choose(match.game, match.game.clone(match.state)))
    assert condition(view), "the seed never reaches that position"
    decider = match.to_move if match.to_move is not None else 0
    humans = {(decider + first_person + n) % len(PLAYERS) for n in range(people)}
    seats = [
        Seat(name) if n in humans else Seat(name, "bot", "ismc") for n, name in enumerate(PLAYERS)
    ]
    match.meta["seats"] = seats_to_meta(seats)
    match.meta["id"] = f"{seed:032x}"
    return match


def at_start(view: AdventureView) -> bool:
    return True


def held_by_nazgul(view: AdventureView) -> bool:
    """The player to move stands held by a Nazgûl."""
    if view.to_move is None or view.pending:
        return False
    seat = view.seats[view.to_move]
    return seat.held and seat.space in view.nazgul


def town_swap(view: AdventureView) -> bool:
    return view.pending == "town-swap"


def game_over(view: AdventureView) -> bool:
    return view.winner is not None or bool(view.ended)


def mountain_die_showing(view: AdventureView) -> bool:
    """The player to move stands on a Mountain space, its die not yet turned down to 0."""
    if view.to_move is None or view.pending:
        return False
    return view.seats[view.to_move].mountain > 0


def after_a_fight(seed: int = 1) -> rb.Match:
    """A person held by a Nazgûl has just rolled the attack die; a bot is to move."""
    match = reach(held_by_nazgul, seed=seed)
    match.play(next(action for action in match.actions() if isinstance(action, Fight)))
    return match
