"""The Adventure Game look: its table, its words, and its end-of-game summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game import actions as act
from ringbearer_engine.games.adventure_game.board import DIST, INDEX
from ringbearer_engine.games.adventure_game.content import CARD_TYPES
from ringbearer_engine.games.adventure_game.events import Moved
from ringbearer_engine.games.adventure_game.view import AdventureView

from ...session import GameSession
from .cards import card_text, card_title, cards_of
from .kinds import kinds
from .words import describe, place, tell, view_of

if TYPE_CHECKING:
    from .board import AdventureBoard

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
| `+` | more pawns than the space has room for (the players list says who is where) |

The lower left corner of the board holds the draw pile's count, the turn, the rings left in
the supply and the discards (count and top card). Under the board, "Last roll" shows the
dice of the latest step that rolled any: an attack die with its face, the monster and whether
it was beaten, or a Mountain die with its face.

The players list shows rings (◯), cards in hand (▤), what holds a pawn (in red) and the
towns used (in yellow; on narrow screens by initial, and only bots are marked as such). A
seat keeps to one line: when there is no room, "held:" and "towns:" are left out and the
place's name is cut ("Straight…"). Click a card in your hand
to read it in full; `c` shows the card of the highlighted choice and every card in your hand.
Choices that move you on (a step, a roll, a way off a monster) come first, then the other
cards, then swaps. At one keyboard the hands are hidden between two people: the next person
presses enter when only they are looking.
"""


def _card_table() -> str:
    rows = "\n".join(f"| {card.name} | {card.count} | {card.text} |" for card in CARD_TYPES)
    head = "**The cards** (on narrow screens the hand shows names only: click one to read it)"
    return f"{head}\n\n| card | copies | effect |\n|---|---|---|\n{rows}\n"


LEGEND = f"{LEGEND_BOARD}\n{_card_table()}"


ARRANGEMENT: dict[type[rb.Action], int] = {
    act.Step: 0,
    act.Climb: 0,
    act.Fight: 0,
    act.Ring: 0,
    act.Escape: 0,
    act.DefeatOrcs: 0,
    act.DefeatNazgul: 0,
    act.Move2: 0,
    act.Move3: 0,
    act.ThroughMountains: 0,
    act.NewHand: 2,
    act.Swap: 3,
}
"""Where each kind of choice is listed (others: 1, between); the sort keeps the rules' order
within a kind."""

SPACES_MOVED = {"move-2": 2, "move-3": 3}
"""How far a move went; every other move goes one space."""


class AdventureLook:
    help_text = LEGEND
    parts = ("map", "roll", "players", "hand")
    """The table's parts a lesson may point at (see ``AdventureBoard.point_at``)."""
    hot_seat = True
    """Hands are secret: people at one keyboard pass it over between turns."""

    def board(self, session: GameSession) -> AdventureBoard:
        from .board import AdventureBoard  # the UI toolkit only where a board is drawn

        return AdventureBoard(session)

    def describe(self, match: rb.Match, action: rb.Action) -> str:
        return describe(match, action)

    def arrange(self, match: rb.Match, actions: list[rb.Action]) -> list[rb.Action]:
        """Moving on first (a step, a roll, a way off a monster), then the other cards, then
        swaps: held by a Nazgûl, the roll no longer hides below nine Move a Nazgûl choices."""
        return sorted(actions, key=lambda action: ARRANGEMENT.get(type(action), 1))

    def kinds(self, match: rb.Match, action: rb.Action) -> tuple[str, ...]:
        return kinds(match, action)

    def gist(self, match: rb.Match, action: rb.Action) -> str:
        return ""  # a choice already names its card; its effect is in the hand and on `c`

    def cards(
        self, match: rb.Match, viewer: int | None, action: rb.Action | None
    ) -> list[tuple[str, str]]:
        """The cards of the highlighted choice, then the rest of the viewer's hand (nobody
        else's: ``viewer`` is the person at the screen)."""
        view = match.view(viewer)
        assert isinstance(view, AdventureView)
        chosen = cards_of(action) if action is not None else []
        read = [(f"{card_title(card)}: the highlighted choice", card_text(card)) for card in chosen]
        rest = [card for card in dict.fromkeys(view.hand) if card not in chosen]
        return read + [(f"{card_title(card)}: in your hand", card_text(card)) for card in rest]

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
