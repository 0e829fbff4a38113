"""The Mount Doom look: its board, its words, and its end-of-game summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import ringbearer_engine as rb
from ringbearer_engine.games.mount_doom.content import CARDS, TRACK_START
from ringbearer_engine.games.mount_doom.events import (
    BattleEnded,
    ResolveChanged,
    TurnBegan,
)
from ringbearer_engine.games.mount_doom.view import MountDoomView

from ...session import GameSession
from .words import card_of, describe, gist, tell

if TYPE_CHECKING:
    from .board import MountDoomBoard

SPARKS = "▁▂▃▄▅▆▇█"


LEGEND = """\
**Reading the Mount Doom board**

| mark | meaning |
|---|---|
| `F` `M` `A` `L` `G` | Frodo & Sam (the Ring-bearer), Merry & Pippin, Aragorn, Legolas, Gimli |
| `+` | more figures than the space has room for; the line under the route lists them all |
| `·` | an ordinary space |
| `♥` / `N` | a dark-heart / Nazgûl event space; shaded when a figure covers it |
| `■` | Rivendell and the stage goals; `◆` Mount Doom |
| `◉` `◎` `✧` | on the resolve track: the One Ring, Sauron's Eye, Galadriel |
| `♛` `▲` | the Uruk-hai leader and warriors at Isengard |
| `●` | a Nazgûl at Minas Morgul (the ninth loses the game) |

Click an encounter card to read it, or tab to the row, pick a slot with the arrow keys and
press enter. `c` shows the card of the
highlighted choice and every card the players hold. A choice that meets a face-up encounter
card says what that card does. Friend and Gandalf cards appear among the choices exactly
when the rules allow them.
"""


PARTS = ("track", "route", "isengard", "nazgul", "row", "cards", "dice")
"""The board's parts a lesson may point at (see ``MountDoomBoard.point_at``)."""


class MountDoomLook:
    help_text = LEGEND
    parts = PARTS

    def board(self, session: GameSession) -> MountDoomBoard:
        from .board import MountDoomBoard  # the UI toolkit only where a board is drawn

        return MountDoomBoard(session)

    def describe(self, match: rb.Match, action: rb.Action) -> str:
        return describe(match, action)

    def gist(self, match: rb.Match, action: rb.Action) -> str:
        return gist(match, action)

    def cards(
        self, match: rb.Match, viewer: int | None, action: rb.Action | None
    ) -> list[tuple[str, str]]:
        view = match.view(viewer)
        assert isinstance(view, MountDoomView)
        read: list[tuple[str, str]] = []
        chosen = card_of(view, action) if action is not None else None
        if chosen in CARDS:
            card = CARDS[chosen]
            read.append((f"{card.name} ({card.side}): the highlighted choice", card.text))
        for held in view.held:
            if held.card != chosen:
                read.append((f"{held.name}, held by {view.players[held.seat]}", held.text))
        return read

    def tell(self, event: rb.Event, players: Sequence[str]) -> str:
        return tell(event, players)

    def summary(self, match: rb.Match) -> str:
        """Turns, the resolve curve turn by turn, Nazgûl, and battles won and lost.

        The turn count is the board's: the first turn begins at set-up without an event, so
        counting the turn events came out one short of the turn the game ended in.
        """
        resolve, curve = TRACK_START, []
        won = lost = 0
        for step in match.playthrough():
            for event in step.events:
                if isinstance(event, TurnBegan):
                    curve.append(resolve)
                elif isinstance(event, ResolveChanged):
                    resolve = event.value
                elif isinstance(event, BattleEnded):
                    won += event.won
                    lost += not event.won
        curve.append(resolve)
        final = match.view(None)
        assert isinstance(final, MountDoomView)
        top = max(final.track_top, 1)
        sparkline = "".join(SPARKS[min(7, max(0, value) * 8 // (top + 1))] for value in curve)
        return (
            f"Turns: {final.turn}\n"
            f"Resolve, turn by turn: {sparkline} (ended at {final.resolve}/{final.track_top})\n"
            f"Nazgûl at Minas Morgul: {final.nazgul} of {final.nazgul_spaces}\n"
            f"Battles: {won} won, {lost} lost"
        )
