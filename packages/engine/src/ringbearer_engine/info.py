"""What a game is, as data: :class:`GameInfo`, for tools that handle any game alike.

Research tools (OpenSpiel, PettingZoo) ask a game for facts before they play it: how many
players it takes, whether the seats win together, what a result is worth. Each game states
its own facts as class attributes of its :class:`~.Game`; ``rb.game_info(game_id)`` gathers
them with the engine's own definitions (utilities) into one frozen struct.
"""

from __future__ import annotations

from typing import Final

import msgspec

MIN_UTILITY: Final = 0.0
"""What a seat gets from a match it did not win (see :meth:`~.Outcome.utility`)."""
MAX_UTILITY: Final = 1.0
"""What a seat gets from a match it won."""
LENGTH_CAP: Final = 5000
"""The cap on decisions that the built-in games give research tools, none of them having a
proven bound: five times the longest of thousands of random matches (966 decisions, a
four-seat Adventure Game), far beyond any bot's (see "No maximum game length" in the research
page)."""


class GameInfo(msgspec.Struct, frozen=True, kw_only=True):
    """The facts of one registered game.

    ``private_information`` says whether seats see different things (a hand of their own):
    ``None`` when the game does not say. Utilities are per seat, ``min_utility`` for a match
    the seat did not win and ``max_utility`` for one it won; in a cooperative game every seat
    gets the same.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    cooperative: bool
    private_information: bool | None
    min_utility: float = MIN_UTILITY
    max_utility: float = MAX_UTILITY
    num_distinct_actions: int | None = None
    """How many actions the game's action catalogue numbers (every id is below it); ``None``
    for a game without a catalogue."""
    action_catalogue_version: int | None = None
    """The version of that numbering: ids are comparable only between equal versions."""
    max_game_length: int | None = None
    """The most decisions (actions of the seats; chance draws do not count) a match has as
    research tools see it: a bound the rules guarantee if ``max_game_length_proven``, else a
    cap that the engine's adapters enforce (PettingZoo and Gymnasium truncate the episode
    there, OpenSpiel ends the match with every utility 0). ``None``: the game sets neither."""
    max_game_length_proven: bool = False
    """Whether ``max_game_length`` is a bound of the rules rather than a cap."""
