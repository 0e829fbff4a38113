"""Generic chapter mechanics as data, on a test-only chapter: counters with two sides, fights
from the next space by several fighters, pieces that move only when carried, and the
``pieces-at`` requirement (first needed by chapter 5, usable by any chapter)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.adventure_book import add_chapter, remove_chapter
from ringbearer_engine.games.adventure_book.chapter import (
    Challenge,
    Chapter,
    CounterStart,
    Deed,
    Effect,
    PieceStart,
    PlotEntry,
    Requirement,
    RingAbility,
    Space,
)

from .helpers import arrange, legal, new, play, st, texts, to_story

NUMBER = 8
"""A chapter number the test chapter takes over while a test runs."""


def mechanics_chapter() -> Chapter:
    return Chapter(
        number=NUMBER,
        id="mechanics",
        title="Mechanics",
        intro="A row of three spaces.",
        spaces=(
            Space("a", "A", 0, 0, number=1),
            Space("b", "B", 2, 0, number=2),
            Space("c", "C", 4, 0, number=3),
        ),
        links=(("a", "b"), ("b", "c")),
        pieces=(
            PieceStart("rider", "Rider", "a"),
            PieceStart("mount", "Mount", "a", carried_by=("rider",)),
            PieceStart("helper", "Helper", "c"),
        ),
        counters=(CounterStart("imp", "imp", "Imp", "b", back="blaze", back_name="Blaze"),),
        deeds=(
            Deed(
                "douse",
                "Douse",
                "Two pieces next to a blaze douse it.",
                ("any",),
                fighters=("mount", "helper", "rider"),
                target_kind="blaze",
                reach="next-to",
                fighters_needed=2,
            ),
        ),
        challenges=(
            Challenge(
                "gather",
                "Gather",
                (Requirement("pieces-at", "two pieces on C", ("rider", "mount"), "c", count=2),),
                ("any",),
                final=True,
            ),
        ),
        plot_chart=tuple(
            PlotEntry(v, "The imp flares.", (Effect("turn", 1, key="imp"),)) for v in range(1, 6)
        ),
        ring_ability=RingAbility("none", "Nothing", "Nothing happens."),
    )


@pytest.fixture
def chapter() -> Iterator[None]:
    add_chapter(mechanics_chapter())
    yield
    remove_chapter(NUMBER)


@pytest.mark.usefixtures("chapter")
def test_the_turn_effect_turns_a_counter_to_its_back() -> None:
    match = arrange(to_story(new(chapter=NUMBER)), hands=[[], []])
    events = play(match, "end")
    assert "Imp on B turns into Blaze." in texts(events)
    assert st(match).turned == ["imp"]


@pytest.mark.usefixtures("chapter")
def test_a_next_to_deed_needs_its_fighters_on_neighbouring_spaces() -> None:
    match = arrange(to_story(new(chapter=NUMBER)), hands=[["courage"], []])
    st(match).turned.append("imp")
    assert "deed douse imp courage" in legal(match)  # rider and mount on A, helper on C
    arrange(match, pieces={"helper": "b", "rider": "b", "mount": "b"})
    assert "deed douse imp courage" not in legal(match)  # on the blaze itself: no
    arrange(match, pieces={"rider": "a", "mount": "b"})
    assert "deed douse imp courage" not in legal(match)  # only one next to it


@pytest.mark.usefixtures("chapter")
def test_a_fight_only_targets_the_side_a_counter_shows() -> None:
    match = arrange(to_story(new(chapter=NUMBER)), hands=[["courage"], []])
    assert "deed douse imp courage" not in legal(match)  # an imp is no blaze
    st(match).turned.append("imp")
    play(match, "deed douse imp courage")
    assert st(match).counters["imp"] == ""
    assert st(match).turned == []


@pytest.mark.usefixtures("chapter")
def test_a_carried_piece_moves_only_with_its_carrier_who_goes_along() -> None:
    match = new(chapter=NUMBER)
    play(match, "move mount b")
    assert st(match).pieces == {"rider": "b", "mount": "b", "helper": "c"}
    play(match, "move rider c", "end")
    arrange(match, steps=1)
    with pytest.raises(IllegalActionError, match="Mount moves only with Rider"):
        match.play("move mount c")


@pytest.mark.usefixtures("chapter")
def test_pieces_at_counts_any_of_its_pieces() -> None:
    match = arrange(
        to_story(new(chapter=NUMBER)), pieces={"rider": "c", "mount": "b"}, hands=[["courage"], []]
    )
    assert "complete gather courage" not in legal(match)
    arrange(match, pieces={"mount": "c"})
    assert "complete gather courage" in legal(match)
