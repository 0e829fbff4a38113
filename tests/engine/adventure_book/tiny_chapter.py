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
    Deed,
    Effect,
    Hidden,
    PieceStart,
    PlotEntry,
    Requirement,
    Reward,
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


class TinyRules(ChapterRules[Page]):
    def setup(self, page: Page, state: AdventureBookState) -> None:
        state.secrets["mystery-box"] = "treasure"

    def on_reveal(
        self, page: Page, state: AdventureBookState, counter: str, events: list[Event]
    ) -> None:
        state.flags["found"] = 1


def tiny_battle(number: int) -> Chapter:
    """The tiny chapter with the generic mechanics chapter 8 brought: a piece hidden on the back
    of one of two enemy counters, a fight that turns them over, a Plot Chart that knocks Frodo
    down, and a final Challenge with One Ring symbols that markers on the board cover."""
    return Chapter(
        number=number,
        id="tiny-battle",
        title="A Tiny Battle",
        intro="Two spaces, two foes, one friend hidden among them.",
        spaces=(Space("here", "Here", 0, 0), Space("there", "There", 2, 0)),
        links=(("here", "there"),),
        pieces=(
            PieceStart("frodo", "Frodo", "here"),
            PieceStart("friend", "A Friend", "", counter=True),
        ),
        counters=(
            CounterStart("foe-1", "foe", "Foe 1", "there", face_down=True),
            CounterStart("foe-2", "foe", "Foe 2", "there", face_down=True),
            CounterStart("marker", "marker", "A marker"),
        ),
        hidden=(Hidden("friend", "foe"),),
        deeds=(Deed("fight", "Fight a foe", "Frodo fights.", ("any",), ("frodo",), "foe"),),
        challenges=(
            Challenge(
                "mark",
                "Mark",
                (Requirement("at", "Frodo There", ("frodo",), "there"),),
                ("any",),
                (Reward("counter", "a marker There", key="marker", space="there"),),
            ),
            Challenge(
                "arrive",
                "Arrive",
                (Requirement("counter-near", "a marker by Here", space="here", key="marker"),),
                ("ring", "ring"),
                final=True,
                covered_by="marker",
            ),
        ),
        plot_chart=tuple(
            PlotEntry(v, "Frodo falls.", (Effect("knock-down", key="frodo"),)) for v in range(1, 6)
        ),
        ring_ability=RingAbility("none", "Nothing", "Nothing happens."),
    )
