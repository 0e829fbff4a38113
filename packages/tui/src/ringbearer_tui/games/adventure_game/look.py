"""The Adventure Game look: its table, its words, and its end-of-game summary."""

from __future__ import annotations

from collections.abc import Sequence

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game.board import DIST, INDEX
from ringbearer_engine.games.adventure_game.content import CARD_TYPES
from ringbearer_engine.games.adventure_game.events import Moved

from ...session import GameSession
from .advice import SeatAdvisor
from .board import AdventureBoard
from .words import describe, place, tell, view_of

LEGEND_BOARD = """\
**Reading the Adventure Game board**

Each space is a mark for its kind, then (on wide screens) its three-letter code, then what
stands on it. The path runs from Bag End (top left) to Mount Doom (bottom).

| mark | meaning |
|---|---|
| `S` | Bag End, where everybody starts |
| `.` / `n` | clear terrain / clear terrain where a Nazgûl started |
| `~` | a river |
| `T` | a town (Bree, Rivendell, Lórien): rings and a card swap on a first visit |
| `^` | a mountain: its die holds you until it is turned down to 0 |
| `O` `X` `G` | the Orcs, Shelob, Gollum: monsters that hold you |
| `@` | Mount Doom |
| `›` `‹` `v` `^` | the path towards Mount Doom |
| `┃` `━` / `║` `═` | heavy black / orange lines: no move crosses them |
| `N` on red | a Nazgûl standing on the space |
| a coloured letter | a player's pawn (the players list shows whose) |

The players list shows rings (◯), cards in hand (▤), what holds a pawn and the towns used.
At one keyboard the hands are hidden between two people: the next person presses enter when
only they are looking.
"""


def _card_table() -> str:
    rows = "\n".join(f"| {card.name} | {card.count} | {card.text} |" for card in CARD_TYPES)
    head = "**The cards** (on narrow screens the hand shows names only)"
    return f"{head}\n\n| card | copies | effect |\n|---|---|---|\n{rows}\n"


LEGEND = f"{LEGEND_BOARD}\n{_card_table()}"


SPACES_MOVED = {"move-2": 2, "move-3": 3}
"""How far a move went; every other move goes one space."""


class AdventureLook:
    help_text = LEGEND
    hot_seat = True
    """Hands are secret: people at one keyboard pass it over between turns."""

    def board(self, session: GameSession) -> AdventureBoard:
        return AdventureBoard(session)

    def describe(self, match: rb.Match, action: rb.Action) -> str:
        return describe(match, action)

    def tell(self, event: rb.Event, players: Sequence[str]) -> str:
        return tell(list(players), event)

    def summary(self, match: rb.Match) -> str:
        """Each player's rings, where they stopped and how far they walked; turns played."""
        view = view_of(match)
        walked = [0] * len(view.seats)
        for step in match.playthrough():
            for event in step.events:
                if isinstance(event, Moved) and event.how != "pushed":
                    walked[event.seat] += SPACES_MOVED.get(event.how, 1)
        lines = [f"Turns played: {view.turn}"]
        for n, seat in enumerate(view.seats):
            left = DIST[INDEX[seat.space]]
            lines.append(
                f"{seat.name}: {seat.rings} ring{'s' if seat.rings != 1 else ''}, "
                f"{walked[n]} spaces walked, at {place(seat.space)}"
                + (f" ({left} from Mount Doom)" if left else "")
            )
        return "\n".join(lines)

    def advisor(self, seed: int) -> SeatAdvisor:
        return SeatAdvisor(seed)
