"""Chapter 1, The Adventure Begins: the Black Riders, Gandalf, Strider and Weathertop."""

from __future__ import annotations

import pytest

from ringbearer_engine.games.adventure_book.chapters import page

from .helpers import arrange, hand, legal, new, play, st, texts, to_story


def test_black_riders_always_ride_clockwise() -> None:
    """FAQ chapter 1: the Black Riders always move clockwise."""
    match = to_story(new())
    arrange(match, counters={"rider-1": "r12", "rider-2": "r6"}, plot=[2], hands=[[], []])
    play(match, "end", "choose rider-1")
    assert st(match).counters["rider-1"] == "r2"
    assert page(1).tracks["rider-route"].spaces == tuple(f"r{n}" for n in range(1, 13))


def test_black_riders_never_overtake_the_one_that_can_ride_in_full_rides() -> None:
    """FAQ chapter 1: the Rider that can complete its move without reaching the other moves."""
    match = to_story(new())
    arrange(match, counters={"rider-1": "r1", "rider-2": "r3"}, plot=[3], hands=[[], []])
    play(match, "end")
    assert st(match).counters == {"rider-1": "r1", "rider-2": "r6"}


def test_when_both_riders_can_ride_the_active_player_chooses() -> None:
    """AB-A30."""
    match = to_story(new())
    arrange(match, counters={"rider-1": "r1", "rider-2": "r7"}, plot=[1], hands=[[], []])
    play(match, "end")
    assert match.to_move == 0
    assert legal(match) == ["choose rider-1", "choose rider-2"]
    play(match, "choose rider-1")
    assert st(match).counters["rider-1"] == "r2"


def test_when_neither_rider_can_ride_in_full_the_farther_one_rides_up_behind() -> None:
    """AB-A30: neither can complete the move: the one that can go farther moves until it is
    directly behind the other."""
    from ringbearer_engine import Event
    from ringbearer_engine.games.adventure_book.chapters.ch1_the_adventure_begins import RULES

    match = to_story(new())
    arrange(match, counters={"rider-1": "r1", "rider-2": "r4"}, hands=[[], []])
    events: list[Event] = []
    RULES.ride(page(1), st(match), 11, events)
    assert st(match).counters == {"rider-1": "r1", "rider-2": "r12"}


def test_both_riders_ride_one_space_each() -> None:
    match = to_story(new())
    arrange(match, counters={"rider-1": "r1", "rider-2": "r2"}, plot=[4], hands=[[], []])
    play(match, "end")
    assert st(match).counters == {"rider-1": "r2", "rider-2": "r3"}


def test_a_rider_that_sees_frodo_outside_a_hideout_loses_the_chapter() -> None:
    match = to_story(new())
    arrange(match, counters={"rider-1": "r12", "rider-2": "r6"}, plot=[4], hands=[[], []])
    events = play(match, "end")
    assert match.outcome is not None
    assert match.outcome.reason == "frodo-caught"
    assert "a Black Rider has seen Frodo outside a hideout" in texts(events)[-1]


def test_a_hideout_hides_frodo_from_the_riders() -> None:
    match = to_story(new())
    arrange(
        match,
        counters={"rider-1": "r2", "rider-2": "r8"},
        pieces={"frodo": "woody-end"},
        plot=[4],
        hands=[[], []],
    )
    play(match, "end")
    assert match.outcome is None


def test_a_rider_that_sees_other_hobbits_costs_a_card_each() -> None:
    match = to_story(new())
    arrange(
        match,
        counters={"rider-1": "r8", "rider-2": "r2"},
        plot=[4],
        hands=[["courage", "mystery", "insight"], []],
    )
    events = play(match, "end")
    assert "A Black Rider sees Merry, Pippin!" in texts(events)
    assert st(match).pending[0].amount == 2


def test_the_ring_ability_hides_frodo_from_the_riders_this_turn() -> None:
    match = to_story(new())
    arrange(match, counters={"rider-1": "r12", "rider-2": "r6"}, plot=[4, 4], hands=[["ring"], []])
    play(match, "ring -", "end")
    assert match.outcome is None
    assert "frodo-hidden" not in st(match).flags


def test_keep_it_secret_sends_gandalf_away() -> None:
    match = to_story(new())
    arrange(
        match, hands=[["insight", "mystery"], []], pieces={"gandalf": "bag-end", "sam": "hobbiton"}
    )
    events = play(match, "complete keep-it-secret insight,mystery")
    assert "Gandalf leaves the board." in texts(events)
    assert "gandalf" not in st(match).pieces


def test_strider_joins_at_the_prancing_pony() -> None:
    match = to_story(new())
    assert "aragorn" not in st(match).pieces
    arrange(
        match,
        hands=[["mystery", "adventure", "adventure"], []],
        pieces={"frodo": "bree", "sam": "bree", "merry": "bree", "pippin": "bree"},
    )
    events = play(match, "complete prancing-pony adventure,adventure,mystery")
    assert "Aragorn (Strider) joins the story at The Prancing Pony." in texts(events)
    assert st(match).pieces["aragorn"] == "bree"


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_every_plot_chart_entry_resolves(value: int) -> None:
    match = to_story(new())
    arrange(
        match,
        counters={"rider-1": "r3", "rider-2": "r9"},
        plot=[value],
        hands=[["courage"], []],
        pieces={"merry": "ferry", "pippin": "ferry"},
    )
    play(match, "end")
    while st(match).pending:
        play(match, legal(match)[0])
    assert st(match).plot_discard == [value]
    assert match.outcome is None
    assert hand(match, 0) is not None
