"""Chapter 2, Forging the Fellowship: the Council of Elrond in Rivendell.

Frodo wakes in Rivendell. Bilbo gives him Sting and the mithril coat, Aragorn meets Arwen at
the falls, and the peoples of Middle-earth quarrel at the Council until the nine walkers are
chosen. Elrond walks his rounds through Rivendell, and tempers flare.

Special rules (code below):

* **Elrond** walks his round (a loop over the paths, never into the Council Ring). Any
  character piece on a space he enters goes back to its starting space at once (FAQ).
  Pieces may step onto Elrond's space freely.
* **Wrath counters** appear on their own space and cannot be moved. When the matching
  character (Elven Wrath: Legolas, Dwarven Wrath: Gimli, Human Wrath: Aragorn, AB-A31) lands on
  its counter, the counter is removed (FAQ). A piece already standing there must step off and
  back on. A Wrath that flares again while on the board costs every player a card. When a
  flare leaves two Wrath counters on the board, Elrond calls a recess: every piece on the
  Council Ring goes back to its start. If all three are on the board at once, the Council
  breaks up: the chapter is lost.
* **One Ring ability**: Frodo offers to take the Ring; remove one Wrath counter.
"""

from __future__ import annotations

from collections.abc import Sequence

from ringbearer_engine.events import Event

from ..chapter import (
    Challenge,
    Chapter,
    ChapterRules,
    CounterStart,
    Effect,
    LoseCondition,
    PieceStart,
    PlotEntry,
    Requirement,
    Reward,
    RingAbility,
    Space,
    Track,
)
from ..events import RuleNote
from ..rules.board import (
    Page,
    counters_on_board,
    move_counter,
    pieces_on,
    place_counter,
    plot_odds,
    remove_counter,
    reset_piece,
    track_ahead,
)
from ..rules.decisions import drops_for_each_player, push
from ..state import AdventureBookState

FELLOWSHIP = ("frodo", "sam", "merry", "pippin", "legolas", "aragorn", "gimli")
WALK = "elronds-walk"

WRATHS: dict[str, tuple[str, str]] = {
    "elven-wrath": ("legolas", "bridge"),
    "dwarven-wrath": ("gimli", "hall-of-fire"),
    "human-wrath": ("aragorn", "gardens"),
}
"""Wrath counter -> (the character who calms it, the space where it appears)."""
CALMS = {calmer: wrath for wrath, (calmer, _) in WRATHS.items()}
"""Character -> the Wrath counter they calm (one each)."""

CHAPTER = Chapter(
    number=2,
    id="forging-the-fellowship",
    title="Forging the Fellowship",
    intro=(
        "In Rivendell Frodo wakes from his wound. Elves, Dwarves and Men meet at the Council "
        "of Elrond, and old quarrels flare, until nine walkers are chosen to take the Ring south."
    ),
    spaces=(
        Space("guest-house", "The Guest House", 1, 1),
        Space("bilbos-room", "Bilbo's Room", 3, 0),
        Space("hall-of-fire", "The Hall of Fire", 5, 1),
        Space("narsil-hall", "The Hall of Narsil", 8, 1),
        Space("gardens", "The Gardens", 1, 4),
        Space("terrace", "The Terrace", 3, 3),
        Space("council-ring", "The Council Ring", 6, 3),
        Space("gate", "The Gate", 9, 3),
        Space("falls", "The Falls", 2, 6),
        Space("stables", "The Stables", 5, 5),
        Space("bridge", "The Elven Bridge", 8, 5),
    ),
    links=(
        ("guest-house", "bilbos-room"),
        ("guest-house", "gardens"),
        ("guest-house", "terrace"),
        ("bilbos-room", "hall-of-fire"),
        ("hall-of-fire", "terrace"),
        ("hall-of-fire", "council-ring"),
        ("hall-of-fire", "narsil-hall"),
        ("terrace", "council-ring"),
        ("terrace", "gardens"),
        ("terrace", "stables"),
        ("gardens", "falls"),
        ("falls", "stables"),
        ("stables", "council-ring"),
        ("stables", "bridge"),
        ("council-ring", "gate"),
        ("narsil-hall", "gate"),
        ("gate", "bridge"),
    ),
    tracks=(
        Track(
            WALK,
            "Elrond's round",
            (
                "bilbos-room",
                "hall-of-fire",
                "narsil-hall",
                "gate",
                "bridge",
                "stables",
                "falls",
                "gardens",
                "guest-house",
            ),
            True,
        ),
    ),
    pieces=(
        PieceStart("frodo", "Frodo", "guest-house"),
        PieceStart("sam", "Samwise", "guest-house"),
        PieceStart("merry", "Merry", "stables"),
        PieceStart("pippin", "Pippin", "stables"),
        PieceStart("aragorn", "Aragorn", "narsil-hall"),
        PieceStart("legolas", "Legolas", "gate"),
        PieceStart("gimli", "Gimli", "gate"),
    ),
    counters=(
        CounterStart("elrond", "elrond", "Elrond", "falls"),
        CounterStart("elven-wrath", "wrath", "Elven Wrath"),
        CounterStart("dwarven-wrath", "wrath", "Dwarven Wrath"),
        CounterStart("human-wrath", "wrath", "Human Wrath"),
    ),
    challenges=(
        Challenge(
            "bilbos-gifts",
            "Bilbo's Gifts",
            (Requirement("at", "Frodo on Bilbo's Room", ("frodo",), "bilbos-room"),),
            ("insight", "mystery"),
            (Reward("special", "draw 1 Special card", 1),),
        ),
        Challenge(
            "evenstar",
            "The Evenstar",
            (Requirement("at", "Aragorn on the Falls", ("aragorn",), "falls"),),
            ("courage", "insight"),
            (Reward("ease", "move the Corruption marker back 1 space", 1),),
        ),
        Challenge(
            "tempers",
            "Tempers at the Council",
            (
                Requirement(
                    "at",
                    "Legolas, Gimli and Aragorn on the Council Ring",
                    ("legolas", "gimli", "aragorn"),
                    "council-ring",
                ),
                Requirement("none-on-board", "no Wrath counter on the board", key="wrath"),
            ),
            ("courage", "combat"),
            (Reward("story", "draw 2 Story cards", 2),),
        ),
        Challenge(
            "not-without-us",
            "Not Without Us!",
            (
                Requirement(
                    "at",
                    "Samwise, Merry and Pippin on the Terrace",
                    ("sam", "merry", "pippin"),
                    "terrace",
                ),
            ),
            ("adventure", "courage", "any"),
            (Reward("story", "draw 1 Story card", 1),),
        ),
        Challenge(
            "fellowship",
            "The Fellowship of the Ring",
            (
                Requirement(
                    "at", "all seven companions on the Council Ring", FELLOWSHIP, "council-ring"
                ),
                Requirement("none-on-board", "no Wrath counter on the board", key="wrath"),
            ),
            ("courage", "mystery", "adventure", "insight"),
            (Reward("special", "draw 1 Special card", 1),),
            final=True,
        ),
    ),
    plot_chart=(
        PlotEntry(1, "Elrond walks 2 spaces on his round.", (Effect("elrond", 2),)),
        PlotEntry(2, "Elrond walks 3 spaces on his round.", (Effect("elrond", 3),)),
        PlotEntry(
            3,
            "Elves and Dwarves trade insults: Elven Wrath appears on the Elven Bridge "
            "(already there: every player discards 1 card).",
            (Effect("wrath", key="elven-wrath"),),
        ),
        PlotEntry(
            4,
            "Gimli's axe shatters on the Ring: Dwarven Wrath appears in the Hall of Fire "
            "(already there: every player discards 1 card).",
            (Effect("wrath", key="dwarven-wrath"),),
        ),
        PlotEntry(
            5,
            "Boromir scorns the heir of Isildur: Human Wrath appears in the Gardens "
            "(already there: every player discards 1 card).",
            (Effect("wrath", key="human-wrath"),),
        ),
    ),
    ring_ability=RingAbility(
        "i-will-take-it",
        "I will take it",
        "Frodo offers to carry the Ring: remove one Wrath counter from the board.",
    ),
    lose_conditions=(
        LoseCondition("council-breaks", "all three Wrath counters were on the board at once"),
    ),
    special_rules=(
        "Elrond walks his round; a piece on a space he enters goes back to its start at once.",
        "Wrath counters cannot be moved; the matching character landing on one removes it.",
        "A Wrath that flares again while on the board costs every player a card.",
        "When a flare leaves two Wrath counters on the board, the Council Ring empties.",
        "All three Wrath counters on the board at once: the chapter is lost.",
    ),
)


class ForgingRules(ChapterRules[Page]):
    def effect(
        self, page: Page, state: AdventureBookState, effect: Effect, events: list[Event]
    ) -> None:
        if effect.kind == "elrond":
            for spot in track_ahead(page, WALK, state.counters["elrond"], effect.amount):
                move_counter(page, state, "elrond", spot, events)
                for piece in pieces_on(state, spot):
                    reset_piece(page, state, piece, "Elrond sends them back", events)
        elif effect.kind == "wrath":
            if not state.counters.get(effect.key):
                place_counter(page, state, effect.key, WRATHS[effect.key][1], events)
            else:
                events.append(RuleNote("Tempers flare: every player discards 1 card."))
                push(state, drops_for_each_player(state, 1, "tempers flare"))
            if len(counters_on_board(state, page, "wrath")) == 2:
                events.append(RuleNote("Elrond calls a recess: the Council Ring empties."))
                for piece in pieces_on(state, "council-ring"):
                    reset_piece(page, state, piece, "Elrond calls a recess", events)

    def on_enter(
        self, page: Page, state: AdventureBookState, piece: str, space: str, events: list[Event]
    ) -> None:
        wrath = CALMS.get(piece)  # every step lands: most pieces calm no Wrath
        if wrath is not None and state.counters.get(wrath) == space:
            remove_counter(page, state, wrath, f"{piece.title()} calms it", events)

    def check(self, page: Page, state: AdventureBookState) -> str:
        """All three Wrath counters on the board (none turns over in this chapter). Asked
        after every action: a plain loop over the three, without building a list."""
        where = state.counters
        for wrath in WRATHS:
            if not where.get(wrath):
                return ""
        return "council-breaks"

    def ring_targets(self, page: Page, state: AdventureBookState) -> Sequence[str | None]:
        return counters_on_board(state, page, "wrath")

    def ring(
        self, page: Page, state: AdventureBookState, target: str | None, events: list[Event]
    ) -> None:
        if target:
            remove_counter(page, state, target, "Frodo offers to take the Ring", events)

    def goals(self, page: Page, state: AdventureBookState, challenge: Challenge) -> dict[str, str]:
        # Calm the Wrath counters first: their characters walk onto them.
        return {
            WRATHS[wrath][0]: state.counters[wrath]
            for wrath in counters_on_board(state, page, "wrath")
        }

    def danger(
        self,
        page: Page,
        state: AdventureBookState,
        piece: str,
        space: str,
        company: frozenset[str] = frozenset(),
    ) -> float:
        start = page.pieces[piece].start
        if space == start:
            return 0.0
        chance = 0.0
        for value, odd in plot_odds(state).items():
            for effect in page.plot[value].effects:
                if effect.kind == "elrond":
                    walk = track_ahead(page, WALK, state.counters["elrond"], effect.amount)
                    if space in walk:
                        chance += odd
        return chance * 4.0 * page.distance(space, start)

    def ring_advice(self, page: Page, state: AdventureBookState) -> list[str | None]:
        angry = counters_on_board(state, page, "wrath")
        if len(angry) < 2:
            return []
        odds = plot_odds(state)
        calm = [w for w in WRATHS if w not in angry]
        risk = sum(
            odds.get(entry.value, 0.0)
            for entry in page.chapter.plot_chart
            for effect in entry.effects
            if effect.kind == "wrath" and effect.key in calm
        )
        if risk < 0.3:
            return []

        # Calm the Wrath whose character is farthest from it.
        def far(wrath: str) -> int:
            calmer, spot = WRATHS[wrath]
            return page.distance(state.pieces.get(calmer, spot), spot)

        return [max(angry, key=far)]


RULES = ForgingRules()
