"""How each game looks in the app. A game without its own look gets the generic one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import ringbearer_engine as rb

from ..session import GameSession

if TYPE_CHECKING:
    # Only for annotations: the server words a shared table's moves through the looks
    # and must not load the UI toolkit for it.
    from textual.widget import Widget


@runtime_checkable
class Board(Protocol):
    """A board widget redraws itself from the session when told to."""

    def refresh_view(self) -> None: ...


@runtime_checkable
class TurnsPages(Protocol):
    """A board too tall for its panel shown a page at a time; the screen's page keys turn
    them whatever has the focus."""

    def turn_page(self, delta: int) -> None: ...


class GameLook(Protocol):
    """What the game screen needs from a game: its board, and words for its actions."""

    help_text: str
    """Markdown for the help dialog: how to read the board."""

    def board(self, session: GameSession) -> Widget:
        """A widget that draws the game for ``session.viewer`` and refreshes on ``update``."""
        ...

    def describe(self, match: rb.Match, action: rb.Action) -> str:
        """A short label for an action in the list of choices."""
        ...

    def summary(self, match: rb.Match) -> str:
        """What the end-of-game dialog says beyond the outcome ("" for nothing)."""
        ...


@runtime_checkable
class WitnessesEvents(Protocol):
    """A board that shows something of what just happened beyond the state (the dice rolled);
    the screen hands it each step's events, the retold ones first."""

    def witness(self, events: Sequence[rb.Event]) -> None: ...


@runtime_checkable
class ArrangesChoices(Protocol):
    """A look that lists the choices in its own order (the engine's order is the rules')."""

    def arrange(self, match: rb.Match, actions: list[rb.Action]) -> list[rb.Action]: ...


@runtime_checkable
class KindsOfChoices(Protocol):
    """A look that names each choice's kinds, broad to narrow ("Move a piece", "Move Frodo"),
    so that a long list can be folded by kind (see :mod:`ringbearer_tui.choice_groups`)."""

    def kinds(self, match: rb.Match, action: rb.Action) -> tuple[str, ...]: ...


@runtime_checkable
class TellsEvents(Protocol):
    """A look that words the log itself (players by name); others use the engine's words."""

    def tell(self, event: rb.Event, players: Sequence[str]) -> str: ...


@runtime_checkable
class Prompts(Protocol):
    """A look that words what is being decided itself (others show the engine's prompt)."""

    def prompt(self, match: rb.Match) -> str: ...


def prompt(look: GameLook, match: rb.Match) -> str:
    """What is being decided now, in the look's words when it has its own."""
    if isinstance(look, Prompts):
        return look.prompt(match)
    return match.prompt


def tell(look: GameLook, event: rb.Event, players: Sequence[str]) -> str:
    """An event as a sentence for the log, in the look's words when it has its own."""
    if isinstance(look, TellsEvents):
        return look.tell(event, players)
    return str(event)


@runtime_checkable
class ExplainsCards(Protocol):
    """A look whose choices involve cards the player should be able to read where they
    choose (others get no card notes and no card key)."""

    def gist(self, match: rb.Match, action: rb.Action) -> str:
        """What the card a choice meets will do, in a line ("" for a choice without one)."""
        ...

    def cards(
        self, match: rb.Match, viewer: int | None, action: rb.Action | None
    ) -> list[tuple[str, str]]:
        """(title, text) of the card ``action`` involves, then of every card in hand."""
        ...


@runtime_checkable
class PointsAtParts(Protocol):
    """A board that can mark one of its named parts (what a lesson's coach talks about).

    The names are the look's :attr:`HasParts.parts`; "" marks nothing."""

    def point_at(self, part: str) -> None: ...


@runtime_checkable
class HasParts(Protocol):
    """A look whose board has parts a lesson may point at, by these names."""

    parts: tuple[str, ...]


def board_parts(look: GameLook) -> tuple[str, ...]:
    """The names of the board's parts a lesson step may point at (none for most looks)."""
    return look.parts if isinstance(look, HasParts) else ()


_looks: dict[str, GameLook] = {}


def register_look(game_id: str, look: GameLook) -> None:
    _looks[game_id] = look


def look_for(game_id: str) -> GameLook:
    if game_id == "mount-doom" and game_id not in _looks:
        from .mount_doom import MountDoomLook

        register_look(game_id, MountDoomLook())
    if game_id == "adventure-game" and game_id not in _looks:
        from .adventure_game import AdventureLook

        register_look(game_id, AdventureLook())
    if game_id == "adventure-book" and game_id not in _looks:
        from .adventure_book import BookLook

        register_look(game_id, BookLook())
    from .generic import GenericLook

    return _looks.get(game_id, GenericLook())
