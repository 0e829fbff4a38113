"""Chapter 2, Forging the Fellowship: Elrond's round and the Wrath counters."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError

from .helpers import arrange, legal, new, play, st, texts, to_story


def test_wrath_counters_cannot_be_moved() -> None:
    """FAQ chapter 2, AB-A39: no action moves a Wrath counter, and the refusal says why."""
    match = to_story(new(chapter=2))
    arrange(match, counters={"elven-wrath": "bridge"}, hands=[["courage"], []])
    play(match, "discard courage")
    assert not any("wrath" in a for a in legal(match))
    with pytest.raises(
        IllegalActionError, match="Elven Wrath is a counter: counters are never moved"
    ):
        match.play("move elven-wrath gate")


def test_moving_a_wrath_counter_in_the_supply_says_it_is_not_on_the_board() -> None:
    match = new(chapter=2)
    with pytest.raises(
        IllegalActionError, match="Human Wrath is a counter and is not on the board"
    ):
        match.play("move human-wrath gate")


def test_moving_something_the_chapter_does_not_have_names_it() -> None:
    match = new(chapter=2)
    with pytest.raises(IllegalActionError, match="no character piece called 'smaug'"):
        match.play("move smaug gate")


def test_a_wrath_counter_is_removed_when_its_character_lands_on_it() -> None:
    """FAQ chapter 2, AB-A31: Legolas calms the Elven Wrath by landing on it."""
    match = new(chapter=2)
    arrange(match, counters={"elven-wrath": "bridge"})
    events = play(match, "move legolas bridge")
    assert st(match).counters["elven-wrath"] == ""
    assert "Elven Wrath is removed from The Elven Bridge (Legolas calms it)." in texts(events)


@pytest.mark.parametrize(
    ("wrath", "calmer", "space", "path"),
    [
        ("dwarven-wrath", "gimli", "hall-of-fire", ["narsil-hall", "hall-of-fire"]),
        ("human-wrath", "aragorn", "gardens", ["hall-of-fire", "terrace", "gardens"]),
    ],
)
def test_each_wrath_matches_its_own_character(
    wrath: str, calmer: str, space: str, path: list[str]
) -> None:
    """AB-A31: Dwarven Wrath - Gimli, Human Wrath - Aragorn."""
    match = new(chapter=2)
    arrange(match, counters={wrath: space}, phase="story", steps=3)
    play(match, *[f"move {calmer} {spot}" for spot in path])
    assert st(match).counters[wrath] == ""


def test_another_character_on_a_wrath_counter_does_not_remove_it() -> None:
    match = new(chapter=2)
    arrange(match, counters={"elven-wrath": "bridge"})
    play(match, "move gimli bridge")
    assert st(match).counters["elven-wrath"] == "bridge"


def test_a_character_already_on_the_space_must_step_off_and_back() -> None:
    """Our decision: a Wrath placed under its character is not "landed on" until the
    character enters the space again."""
    match = to_story(new(chapter=2))
    arrange(match, pieces={"legolas": "bridge"}, plot=[3], hands=[[], []])
    play(match, "end")
    assert st(match).counters["elven-wrath"] == "bridge"
    arrange(match, phase="story", steps=2, seat=0)
    play(match, "move legolas gate", "move legolas bridge")
    assert st(match).counters["elven-wrath"] == ""


def test_elrond_resets_a_piece_he_reaches_at_once() -> None:
    """FAQ chapter 2: a piece Elrond reaches goes back to its starting space right away."""
    match = to_story(new(chapter=2))
    arrange(
        match, counters={"elrond": "falls"}, pieces={"frodo": "gardens"}, plot=[1], hands=[[], []]
    )
    events = play(match, "end")
    assert "Frodo is sent back to The Guest House (Elrond sends them back)." in texts(events)
    assert st(match).pieces["frodo"] == "guest-house"
    assert st(match).counters["elrond"] == "guest-house"


def test_elrond_resets_pieces_on_every_space_he_walks_through() -> None:
    """ABD-7."""
    match = to_story(new(chapter=2))
    arrange(
        match, counters={"elrond": "falls"}, pieces={"merry": "gardens"}, plot=[2], hands=[[], []]
    )
    play(match, "end")
    assert st(match).pieces["merry"] == "stables"
    assert st(match).counters["elrond"] == "bilbos-room"


def test_pieces_may_step_onto_elronds_space() -> None:
    match = new(chapter=2)
    play(match, "move merry falls")
    assert st(match).pieces["merry"] == "falls"


def test_three_wrath_counters_on_the_board_lose_the_chapter() -> None:
    match = to_story(new(chapter=2))
    arrange(
        match,
        counters={"elven-wrath": "bridge", "dwarven-wrath": "hall-of-fire"},
        plot=[5],
        hands=[[], []],
    )
    play(match, "end")
    assert match.outcome is not None
    assert match.outcome.reason == "council-breaks"


def test_a_wrath_that_flares_again_costs_every_player_a_card() -> None:
    match = to_story(new(chapter=2))
    arrange(match, counters={"elven-wrath": "bridge"}, plot=[3], hands=[["courage"], ["mystery"]])
    events = play(match, "end")
    assert "Tempers flare: every player discards 1 card." in texts(events)
    assert [p.seat for p in st(match).pending] == [0, 1]


def test_a_second_wrath_on_the_board_empties_the_council_ring() -> None:
    match = to_story(new(chapter=2))
    arrange(
        match,
        counters={"elven-wrath": "bridge"},
        pieces={"frodo": "council-ring", "gimli": "council-ring"},
        plot=[4],
        hands=[[], []],
    )
    events = play(match, "end")
    assert "Elrond calls a recess: the Council Ring empties." in texts(events)
    assert st(match).pieces["frodo"] == "guest-house"
    assert st(match).pieces["gimli"] == "gate"


def test_the_ring_ability_removes_a_wrath_counter() -> None:
    match = to_story(new(chapter=2))
    arrange(match, counters={"human-wrath": "gardens"}, hands=[["ring"], []])
    assert "ring human-wrath" in legal(match)
    play(match, "ring human-wrath")
    assert st(match).counters["human-wrath"] == ""


def test_no_wrath_means_no_ring_ability() -> None:
    match = to_story(new(chapter=2))
    arrange(match, hands=[["ring"], []])
    assert not any(a.startswith("ring") for a in legal(match))


def test_the_council_needs_no_wrath_on_the_board() -> None:
    match = to_story(new(chapter=2))
    arrange(
        match,
        counters={"human-wrath": "gardens"},
        pieces={"legolas": "council-ring", "gimli": "council-ring", "aragorn": "council-ring"},
        hands=[["courage", "combat"], []],
    )
    with pytest.raises(IllegalActionError, match="no Wrath counter on the board"):
        match.play("complete tempers combat,courage")
