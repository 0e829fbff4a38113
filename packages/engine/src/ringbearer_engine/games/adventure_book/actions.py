"""The actions of the Adventure Book Game and their notation.

Cards are named by token: a Story card by its symbol (``courage``, ``ring``), a Special card
by its id (``shadowfax``). Seats in notation count from 1, as players do (``trade 2 mystery``
trades with the second player). Payments are comma-separated tokens (``courage,ring``).
"""

from __future__ import annotations

from ringbearer_engine.actions import Action


class Move(Action, frozen=True, tag="move"):
    """Move a piece one step (movement step, cards discarded to move, or a card's steps)."""

    piece: str
    to: str


class End(Action, frozen=True, tag="end"):
    """End the Movement step, or end Storytelling (then Draw, Plot Chart, Discard follow)."""


class Discard(Action, frozen=True, tag="discard"):
    """Storytelling: discard a card to move a piece one space."""

    card: str


class Drop(Action, frozen=True, tag="drop"):
    """Discard a card because a rule demands it (hand limit, Plot Chart, Eye of Sauron)."""

    card: str


class Complete(Action, frozen=True, tag="complete"):
    challenge: str
    pay: tuple[str, ...]


class Enter(Action, frozen=True, tag="enter"):
    """Move a piece onto a space that is entered by paying its printed cards (AB-A10)."""

    piece: str
    to: str
    pay: tuple[str, ...]


class Trade(Action, frozen=True, tag="trade"):
    """Give a card to another player; they give one back (the turn's trade)."""

    seat: int
    card: str


class Ask(Action, frozen=True, tag="ask"):
    """Say which symbol you hope to get back in the trade (``any`` for no wish)."""

    wish: str


class Answer(Action, frozen=True, tag="answer"):
    """The trade partner gives a card back."""

    card: str


class Swap(Action, frozen=True, tag="swap"):
    """Solo: trade one card with the face-up solo hand."""

    give: str
    take: str


class Help(Action, frozen=True, tag="help"):
    """Ask another player to play Special cards now (once per player and turn)."""

    seat: int


class Back(Action, frozen=True, tag="back"):
    """A helper hands the turn back to the active player."""


class Play(Action, frozen=True, tag="play"):
    """Play a Special card for its effect."""

    card: str


class Ring(Action, frozen=True, tag="ring"):
    """Play a One Ring card for the chapter's One Ring ability (+1 corruption)."""

    target: str | None


class Deed(Action, frozen=True, tag="deed"):
    """A chapter deed, such as defeating an enemy counter, paid with cards."""

    deed: str
    target: str
    pay: tuple[str, ...]


class Stop(Action, frozen=True, tag="stop"):
    """Stop using a card's steps early."""


class Choose(Action, frozen=True, tag="choose"):
    """Pick one option of a chapter rule (e.g. which Black Rider rides)."""

    option: str


class Take(Action, frozen=True, tag="take"):
    """Take a card from the Story discard pile (a card's effect)."""

    card: str


class Reveal(Action, frozen=True, tag="reveal"):
    """Turn a face-down counter up between the two single moves (where the chapter says so)."""

    counter: str


class Rise(Action, frozen=True, tag="rise"):
    """Stand a piece lying on its side back up; it costs one single step."""

    piece: str


ACTION_TYPES: tuple[type[Action], ...] = (
    Move,
    End,
    Discard,
    Drop,
    Complete,
    Enter,
    Trade,
    Ask,
    Answer,
    Swap,
    Help,
    Back,
    Play,
    Ring,
    Deed,
    Stop,
    Choose,
    Take,
    Reveal,
    Rise,
)

END = End()
BACK = Back()
STOP = Stop()
