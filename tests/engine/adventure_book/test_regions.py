"""The chapter format's regions (the chapter 7 FAQ's "in Shelob's Lair", generalised), lose
conditions given as data, and the hook and the data (``RingCall``) for One Ring cards played by
choice.

A test-only chapter: a Gate outside a Keep of two spaces (Hall, Yard), two Rat counters.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.events import Event
from ringbearer_engine.games.adventure_book import add_chapter, remove_chapter
from ringbearer_engine.games.adventure_book.chapter import (
    Challenge,
    Chapter,
    ChapterRules,
    CounterStart,
    Effect,
    LoseCondition,
    PieceStart,
    PlotEntry,
    Region,
    Requirement,
    RingAbility,
    RingCall,
    Space,
)
from ringbearer_engine.games.adventure_book.rules.board import (
    Page,
    in_region,
    pieces_in_region,
)
from ringbearer_engine.games.adventure_book.state import AdventureBookState

from .helpers import arrange, legal, new, play, reason, st, texts, to_story

NUMBER = 5
KEEP = "keep"


def keep_chapter() -> Chapter:
    return Chapter(
        number=NUMBER,
        id="keep",
        title="A Keep",
        intro="A gate, a hall and a yard.",
        spaces=(
            Space("gate", "The Gate", 0, 0),
            Space("hall", "The Hall", 2, 0),
            Space("yard", "The Yard", 4, 0),
        ),
        links=(("gate", "hall"), ("hall", "yard")),
        regions=(Region(KEEP, "the Keep", ("hall", "yard")),),
        pieces=(PieceStart("frodo", "Frodo", "gate"), PieceStart("sam", "Samwise", "gate")),
        counters=tuple(CounterStart(f"rat-{n}", "rat", f"Rat {n}") for n in (1, 2)),
        challenges=(
            Challenge(
                "inside",
                "Inside",
                (Requirement("in-region", "both in the Keep", ("frodo", "sam"), region=KEEP),),
                ("any",),
            ),
            Challenge(
                "clean",
                "Clean",
                (Requirement("none-in-region", "no Rat in the Keep", key="rat", region=KEEP),),
                ("any",),
            ),
            Challenge(
                "out",
                "Out",
                (Requirement("out-of-region", "Frodo out of the Keep", ("frodo",), region=KEEP),),
                ("any",),
                final=True,
            ),
        ),
        plot_chart=(
            PlotEntry(
                1, "Each piece in the Keep costs a card.", (Effect("region-discard", 1, KEEP),)
            ),
            *(PlotEntry(v, "Nothing happens.", (Effect("nothing"),)) for v in range(2, 6)),
        ),
        ring_ability=RingAbility("none", "Nothing", "Nothing happens."),
        lose_conditions=(
            LoseCondition(
                "bitten",
                "Samwise in the Keep with a Rat in the Yard",
                when=(
                    Requirement("in-region", "Samwise in the Keep", ("sam",), region=KEEP),
                    Requirement("counter-at", "a Rat in the Yard", space="yard", key="rat"),
                ),
            ),
        ),
    )


class KeepRules(ChapterRules[Page]):
    def on_ring_played(self, page: Page, state: AdventureBookState, events: list[Event]) -> None:
        state.flags["rings-played"] = state.flags.get("rings-played", 0) + 1


@pytest.fixture(autouse=True)
def keep() -> Iterator[None]:
    add_chapter(keep_chapter(), KeepRules())
    yield
    remove_chapter(NUMBER)


def test_a_region_is_a_named_set_of_spaces() -> None:
    match = new(chapter=NUMBER)
    compiled = add_chapter(keep_chapter(), KeepRules())
    assert compiled.regions[KEEP] == frozenset({"hall", "yard"})
    assert in_region(compiled, KEEP, "yard")
    assert not in_region(compiled, KEEP, "gate")
    assert not in_region(compiled, KEEP, None)  # a piece off the board is in no region
    arrange(match, pieces={"sam": "hall"})
    assert pieces_in_region(compiled, st(match), KEEP) == ["sam"]


def test_in_region_needs_every_listed_piece_inside() -> None:
    match = to_story(new(chapter=NUMBER))
    arrange(match, pieces={"frodo": "hall", "sam": "gate"}, hands=[["courage"], []])
    assert "complete inside courage" not in legal(match)
    arrange(match, pieces={"sam": "hall"})
    assert "complete inside courage" in legal(match)


def test_out_of_region_holds_outside_and_for_a_piece_off_the_board() -> None:
    """AB-A63: a piece that is not on the board is in no region."""
    match = to_story(new(chapter=NUMBER))
    arrange(
        match,
        completed=["inside", "clean"],
        pieces={"frodo": "yard"},
        hands=[["courage", "insight"], []],
    )
    with pytest.raises(IllegalActionError, match="Frodo out of the Keep"):
        match.play("complete out courage")
    arrange(match, pieces={"frodo": None})
    play(match, "complete out courage")
    assert reason(match) == "chapter-won"


def test_none_in_region_ignores_counters_outside_it() -> None:
    match = to_story(new(chapter=NUMBER))
    arrange(match, counters={"rat-1": "hall"}, hands=[["courage"], []])
    assert "complete clean courage" not in legal(match)
    arrange(match, counters={"rat-1": "gate"})
    assert "complete clean courage" in legal(match)


def test_region_discard_costs_the_active_player_a_card_per_piece_inside() -> None:
    match = to_story(new(chapter=NUMBER))
    arrange(match, pieces={"frodo": "hall", "sam": "yard"}, plot=[1], hands=[[], []])
    play(match, "end")
    assert [(p.kind, p.seat, p.amount) for p in st(match).pending] == [("drop", 0, 2)]


def test_a_lose_condition_given_as_data_needs_all_its_requirements() -> None:
    match = new(chapter=NUMBER)
    arrange(match, counters={"rat-2": "yard"})
    play(match, "move frodo hall")
    assert reason(match) == ""
    play(match, "move sam hall")
    assert reason(match) == "bitten"
    assert match.outcome is not None
    assert "Samwise in the Keep with a Rat in the Yard" in match.outcome.summary


def test_a_lose_condition_given_as_data_is_checked_after_every_action() -> None:
    match = to_story(new(chapter=NUMBER))
    arrange(match, pieces={"sam": "hall"}, hands=[["courage"], []])
    arrange(match, counters={"rat-1": "yard"})
    play(match, "discard courage")  # any action: the condition is checked after it
    assert reason(match) == "bitten"


def test_the_chapter_hears_of_every_one_ring_card_played_by_choice() -> None:
    match = to_story(new(chapter=NUMBER))
    arrange(match, hands=[["ring", "ring"], []])
    play(match, "discard ring")
    assert st(match).flags["rings-played"] == 1
    assert st(match).corruption == 1


def test_a_forced_discard_of_a_one_ring_card_is_not_a_play() -> None:
    match = to_story(new(chapter=NUMBER))
    arrange(match, hands=[["ring"] * 5 + ["courage"], []], plot=[2])
    play(match, "end", "drop ring", "drop ring")
    assert st(match).corruption == 2
    assert "rings-played" not in st(match).flags


RAT_CALL = RingCall(
    "rats-hear-the-ring",
    "The Ring draws a Rat into the Yard.",
    (Effect("place-counter", key="rat", space="yard"),),
)


def test_a_ring_call_given_as_data_sets_off_its_effects_for_each_card_played() -> None:
    """The chapter's ``ring_call``: generic Plot effects, no rules code, one call per card."""
    add_chapter(replace(keep_chapter(), ring_call=RAT_CALL))
    match = to_story(new(chapter=NUMBER))
    arrange(match, hands=[["ring", "ring"], []])
    events = texts(play(match, "discard ring"))
    assert "The Ring draws a Rat into the Yard." in events
    assert sorted(st(match).counters.values()) == ["", "yard"]
    play(match, "discard ring")
    assert sorted(st(match).counters.values()) == ["yard", "yard"]


def test_a_ring_call_given_as_data_ignores_a_forced_discard() -> None:
    add_chapter(replace(keep_chapter(), ring_call=RAT_CALL))
    match = to_story(new(chapter=NUMBER))
    arrange(match, hands=[["ring"] * 5 + ["courage"], []], plot=[2])
    play(match, "end", "drop ring", "drop ring")
    assert st(match).corruption == 2
    assert set(st(match).counters.values()) == {""}
