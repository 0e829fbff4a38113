"""The state of a match of the Adventure Game: plain lists and ints, cheap to copy and encode."""

from __future__ import annotations

from ringbearer_engine import GameState

PENDING_NONE = ""
PENDING_TOWN_SWAP = "town-swap"
"""A pawn stopped on a town for the first time: its owner may swap cards (AG-A27)."""
PENDING_PLACE_NAZGUL = "place-nazgul"
"""A Move a Nazgûl card lifted a Nazgûl: its player chooses where it lands."""


class AdventureState(GameState, kw_only=True):
    """Everything about a match; ``view`` decides what each seat may see of it.

    Spaces are indices into :data:`content.SPACES`. The draw pile keeps its top card *last*
    (so drawing is a cheap pop); nobody may see its order.
    """

    pawns: list[int]
    hands: list[list[str]]
    draw_pile: list[str]
    discards: list[str]
    """Face up; the newest card last."""
    rings: list[int]
    supply: int
    nazgul: list[int]
    """Spaces holding a Nazgûl, ascending; at most one Nazgûl per space."""
    mountain: list[int]
    """Each seat's Mountain die: what it shows while that pawn stands on a Mountain space,
    else 0."""
    towns: list[list[str]]
    """The towns each seat has collected (rings and card swap), in order."""
    opening: list[list[int]]
    """The opening rolls, one list per round; 0 for a seat that did not roll that round."""
    first: int
    current: int
    bonus: bool = False
    """The current turn is a bonus turn won by an escape (no escaping again in it)."""
    pending: str = PENDING_NONE
    pending_seat: int = -1
    pending_space: int = -1
    """The town being visited, or the space of the lifted Nazgûl."""
    turns: int = 1
    winner: int = -1
    ended: str = ""
    """The outcome's reason once the match is over."""
