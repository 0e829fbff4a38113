"""A tiny test-only chapter: proves that a chapter is content plus an optional rules object.

Two spaces, one Challenge, a Plot Chart that does nothing, and a face-down counter that may be
revealed between the two single moves. Tests register it under a free chapter number with
:func:`add_chapter` and remove it afterwards.
"""

from __future__ import annotations

from ringbearer_engine.events import Event
from ringbearer_engine.games.adventure_book.chapter import (
    Challenge,
    Chapter,
    ChapterRules,
    CounterStart,
    Effect,
    PieceStart,
    PlotEntry,
    Requirement,
    RingAbility,
    Space,
)
from ringbearer_engine.games.adventure_book.rules.board import Page
from ringbearer_engine.games.adventure_book.state import AdventureBookState


def tiny_chapter(number: int) -> Chapter:
    return Chapter(
        number=number,
        id="tiny",
        title="A Tiny Test",
        intro="Two spaces and one task.",
        spaces=(Space("here", "Here", 0, 0), Space("there", "There", 2, 0)),
        links=(("here", "there"),),
        pieces=(PieceStart("frodo", "Frodo", "here"),),
        counters=(CounterStart("mystery-box", "box", "A box", "there", face_down=True),),
        challenges=(
            Challenge(
                "arrive",
                "Arrive",
                (Requirement("at", "Frodo There", ("frodo",), "there"),),
                ("any",),
                final=True,
            ),
        ),
        plot_chart=tuple(
            PlotEntry(v, "Nothing happens.", (Effect("nothing"),)) for v in range(1, 6)
        ),
        ring_ability=RingAbility("none", "Nothing", "Nothing happens."),
        reveal_between_moves=True,
    )


class TinyRules(ChapterRules):
    def setup(self, page: Page, state: AdventureBookState) -> None:
        state.secrets["mystery-box"] = "treasure"

    def on_reveal(
        self, page: Page, state: AdventureBookState, counter: str, events: list[Event]
    ) -> None:
        state.flags["found"] = 1
