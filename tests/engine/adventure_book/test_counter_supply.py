"""Limited counter supplies as chapter data: the ``place-counter`` Plot effect and a lose
condition with ``exhausted`` (the chapter 6 FAQ generalised, AB-A33)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from ringbearer_engine.games.adventure_book import add_chapter, remove_chapter
from ringbearer_engine.games.adventure_book.chapter import (
    Chapter,
    CounterStart,
    Effect,
    LoseCondition,
    PlotEntry,
)

from .helpers import arrange, new, play, reason, texts, to_story
from .tiny_chapter import TinyRules, tiny_chapter

NUMBER = 7
PESTS = tuple(CounterStart(f"pest-{n}", "pest", f"Pest {n}") for n in (1, 2))
OVERRUN = LoseCondition("overrun", "a Pest had to be placed with none left", exhausted="pest")


def pest_chapter(*, limited: bool) -> Chapter:
    """The tiny chapter with two Pests that every Plot card places There (1) or Here (2)."""
    base = tiny_chapter(NUMBER)
    plot = (
        PlotEntry(
            1, "A Pest appears There.", (Effect("place-counter", space="there", key="pest"),)
        ),
        *(
            PlotEntry(v, "A Pest appears on space 2.", (Effect("place-counter", 2, key="pest"),))
            for v in range(2, 6)
        ),
    )
    spaces = (base.spaces[0], dataclasses.replace(base.spaces[1], number=2))
    return dataclasses.replace(
        base,
        spaces=spaces,
        counters=(*base.counters, *PESTS),
        plot_chart=plot,
        lose_conditions=(OVERRUN,) if limited else (),
    )


@pytest.fixture
def limited() -> Iterator[None]:
    add_chapter(pest_chapter(limited=True), TinyRules())
    yield
    remove_chapter(NUMBER)


@pytest.fixture
def unlimited() -> Iterator[None]:
    add_chapter(pest_chapter(limited=False), TinyRules())
    yield
    remove_chapter(NUMBER)


@pytest.mark.usefixtures("limited")
def test_place_counter_puts_a_supply_counter_on_the_named_or_numbered_space() -> None:
    match = to_story(new(chapter=NUMBER))
    arrange(match, plot=[1], hands=[[], []])
    events = play(match, "end")
    assert "Pest 1 is placed on There." in texts(events)
    arrange(match, seat=0, phase="story", plot=[2])
    events = play(match, "end")
    assert "Pest 2 is placed on There." in texts(events)
    assert reason(match) == ""


@pytest.mark.usefixtures("limited")
def test_an_exhausted_supply_loses_when_the_chapter_says_so() -> None:
    """AB-A33: the lose condition names the kind; the system checks it at the placement."""
    match = to_story(new(chapter=NUMBER))
    arrange(match, counters={"pest-1": "here", "pest-2": "there"}, plot=[1], hands=[[], []])
    events = play(match, "end")
    assert reason(match) == "overrun"
    assert texts(events)[-1] == f"Chapter {NUMBER} is lost: a Pest had to be placed with none left"


@pytest.mark.usefixtures("unlimited")
def test_without_that_lose_condition_the_placement_is_skipped() -> None:
    """AB-A33: elsewhere an empty supply only skips the placement."""
    match = to_story(new(chapter=NUMBER))
    arrange(match, counters={"pest-1": "here", "pest-2": "there"}, plot=[1], hands=[[], []])
    events = play(match, "end")
    assert "No pest counter is left in the supply: none is placed." in texts(events)
    assert reason(match) == ""
