"""Chapter 3, The Mines of Moria: Goblins, the cave troll, the Bridge and the Balrog."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError

from .helpers import arrange, hand, legal, new, play, st, texts, to_story


def test_you_have_a_cave_troll_asks_for_two_identical_cards() -> None:
    """FAQ chapter 3: the pair symbol means 2 cards of your choice, as long as identical."""
    match = to_story(new(chapter=3))
    arrange(
        match,
        completed=["balins-tomb"],
        counters={"wound-1": "chamber", "wound-2": "chamber"},
        pieces={"frodo": "chamber"},
        hands=[["insight", "insight", "courage"], []],
    )
    assert [a for a in legal(match) if a.startswith("complete")] == [
        "complete cave-troll insight,insight"
    ]


def test_gandalf_enters_the_bridge_by_paying_only_its_cards() -> None:
    """FAQ chapter 3, AB-A10: no movement point or extra card, only the bridge's cards."""
    match = new(chapter=3)
    arrange(match, pieces={"gandalf": "great-hall"}, hands=[["courage", "insight"], []])
    assert "enter gandalf bridge courage,insight" in legal(match)
    play(match, "enter gandalf bridge courage,insight")
    state = st(match)
    assert state.pieces["gandalf"] == "bridge"
    assert state.steps == 2
    assert state.phase == "move"
    assert hand(match, 0) == []


def test_the_bridge_cannot_be_entered_with_a_step() -> None:
    match = new(chapter=3)
    arrange(match, pieces={"gandalf": "great-hall"})
    with pytest.raises(IllegalActionError, match="use 'enter'"):
        match.play("move gandalf bridge")


def test_only_gandalf_may_enter_the_bridge() -> None:
    match = new(chapter=3)
    arrange(match, pieces={"aragorn": "great-hall"}, hands=[["courage", "insight"], []])
    assert not any(a.startswith("enter aragorn") for a in legal(match))
    with pytest.raises(IllegalActionError, match="only gandalf may enter"):
        match.play("enter aragorn bridge courage,insight")


def test_a_recovered_troll_does_not_undo_you_have_a_cave_troll() -> None:
    """FAQ chapter 3: once completed, play on to "You Cannot Pass!"."""
    match = to_story(new(chapter=3))
    arrange(
        match,
        completed=["journey-in-the-dark", "balins-tomb", "cave-troll"],
        counters={"wound-1": "chamber"},
        plot=[4],
        hands=[[], []],
    )
    play(match, "end")
    assert st(match).counters["wound-1"] == ""
    assert "cave-troll" in st(match).completed
    arrange(
        match,
        seat=0,
        phase="story",
        pieces={
            "gandalf": "bridge",
            "frodo": "east-gate",
            "sam": "east-gate",
            "merry": "east-gate",
            "pippin": "east-gate",
        },
        hands=[["courage", "courage", "insight"], []],
    )
    play(match, "complete you-cannot-pass courage,courage,insight")
    assert match.outcome is not None
    assert match.outcome.won


def test_the_troll_is_struck_only_after_balins_tomb() -> None:
    match = to_story(new(chapter=3))
    arrange(match, pieces={"gimli": "chamber"}, hands=[["combat"], []])
    assert not any(a.startswith("deed strike-troll") for a in legal(match))
    arrange(match, completed=["balins-tomb"])
    play(match, "deed strike-troll troll combat")
    assert st(match).counters["wound-1"] == "chamber"


def test_goblins_appear_on_the_next_free_numbered_space() -> None:
    """AB-A32 (the chapter 5 FAQ generalised): a taken space passes to the next free one."""
    match = to_story(new(chapter=3))
    arrange(match, counters={"goblin-1": "dwarrowdelf"}, plot=[1], hands=[[], []])
    play(match, "end")
    assert st(match).counters["goblin-2"] == "twenty-first-hall"


def test_a_goblin_that_must_appear_with_all_six_on_the_board_loses_the_chapter() -> None:
    match = to_story(new(chapter=3))
    arrange(
        match,
        counters={f"goblin-{n}": "stairs" for n in range(1, 7)},
        plot=[2],
        hands=[[], []],
    )
    play(match, "end")
    assert match.outcome is not None
    assert match.outcome.reason == "goblin-horde"


def test_a_fighter_defeats_a_goblin_on_its_space() -> None:
    match = to_story(new(chapter=3))
    arrange(match, counters={"goblin-1": "west-gate"}, hands=[["combat"], []])
    assert "deed fight-goblin goblin-1 combat" in legal(match)
    play(match, "deed fight-goblin goblin-1 combat")
    assert st(match).counters["goblin-1"] == ""


def test_hobbits_cannot_fight_goblins() -> None:
    match = to_story(new(chapter=3))
    arrange(
        match,
        counters={"goblin-1": "stairs"},
        pieces={"frodo": "stairs"},
        hands=[["combat"], []],
    )
    assert not any(a.startswith("deed fight-goblin") for a in legal(match))


def test_goblins_with_companions_cost_the_active_player_cards() -> None:
    match = to_story(new(chapter=3))
    arrange(
        match,
        counters={"goblin-1": "west-gate", "goblin-2": "stairs"},
        plot=[4],
        hands=[["courage", "mystery"], []],
    )
    play(match, "end")
    assert st(match).pending[0].amount == 1


def test_the_balrog_climbs_and_breaks_out_at_the_end_of_its_track() -> None:
    match = to_story(new(chapter=3))
    arrange(match, counters={"balrog": "flame-4"}, plot=[3, 3], hands=[[], []])
    play(match, "end")
    assert st(match).counters["balrog"] == "flame-5"
    arrange(match, seat=0, phase="story")
    play(match, "end")
    assert match.outcome is not None
    assert match.outcome.reason == "balrog-breaks-out"


def test_gandalf_on_the_bridge_holds_the_balrog() -> None:
    match = to_story(new(chapter=3))
    arrange(
        match,
        counters={"balrog": "flame-5"},
        pieces={"gandalf": "bridge"},
        plot=[3],
        hands=[[], []],
    )
    events = play(match, "end")
    assert "Gandalf holds the Bridge: the Balrog does not climb." in texts(events)
    assert match.outcome is None


def test_the_ring_ability_removes_a_goblin() -> None:
    match = to_story(new(chapter=3))
    arrange(match, counters={"goblin-3": "great-hall"}, hands=[["ring"], []])
    play(match, "ring goblin-3")
    assert st(match).counters["goblin-3"] == ""
    assert st(match).corruption == 1
