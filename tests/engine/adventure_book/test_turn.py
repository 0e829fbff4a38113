"""The five turn steps: Movement, Storytelling, Draw, Plot Chart, Discard."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError

from .helpers import arrange, hand, legal, new, play, st, texts, to_story


def test_movement_moves_one_piece_two_spaces() -> None:
    match = new()
    play(match, "move frodo hobbiton", "move frodo woody-end")
    assert st(match).pieces["frodo"] == "woody-end"
    assert st(match).phase == "story"


def test_movement_moves_two_pieces_one_space_each() -> None:
    match = new()
    play(match, "move frodo hobbiton", "move sam garden")
    assert st(match).pieces["frodo"] == "hobbiton"
    assert st(match).pieces["sam"] == "garden"
    assert st(match).phase == "story"


def test_movement_is_optional() -> None:
    match = new()
    play(match, "end")
    assert st(match).phase == "story"
    assert st(match).pieces["frodo"] == "bag-end"


def test_pieces_move_in_any_direction() -> None:
    match = new()
    play(match, "move frodo hobbiton", "move frodo bag-end")
    assert st(match).pieces["frodo"] == "bag-end"


def test_a_third_single_step_is_not_part_of_the_movement_step() -> None:
    match = new()
    play(match, "move frodo hobbiton", "move frodo woody-end")
    with pytest.raises(IllegalActionError, match="no single steps are left"):
        match.play("move frodo stock")


def test_unused_movement_is_lost() -> None:
    """AB-A7: movement not used in step 1 cannot be saved for Storytelling."""
    match = new()
    play(match, "move frodo hobbiton", "end")
    assert st(match).steps == 0
    assert not any(a.startswith("move ") for a in legal(match))


def test_moves_follow_the_printed_paths_only() -> None:
    match = new()
    with pytest.raises(IllegalActionError, match="The Prancing Pony is not next to Bag End"):
        match.play("move frodo bree")


def test_any_number_of_pieces_may_share_a_space() -> None:
    match = new()
    play(match, "move gandalf bag-end", "move sam garden")
    arrange(match, pieces={"merry": "bag-end", "pippin": "bag-end"})
    assert sorted(p for p, s in st(match).pieces.items() if s == "bag-end") == [
        "frodo",
        "gandalf",
        "merry",
        "pippin",
    ]


def test_storytelling_ends_with_draw_two_then_the_plot_card() -> None:
    match = to_story(new())
    arrange(match, plot=[5], hands=[["courage"], ["mystery"]])
    events = play(match, "end")
    lines = texts(events)
    assert lines[0] == "Ann draws 2 Story cards."
    assert lines[1].startswith("Plot card 5:")
    assert len(st(match).hands[0]) == 3 - 1 or st(match).pending  # plot 5: discard 1


def test_draw_reshuffles_the_discard_pile_when_the_deck_is_empty() -> None:
    match = to_story(new())
    state = st(match)
    arrange(match, plot=[1, 1], discard=["courage", "mystery", "insight"])
    state.story_discard.extend(state.story_deck[:-1])
    state.story_deck = state.story_deck[-1:]
    before = len(state.story_discard)
    events = play(match, "end")
    assert f"The Story deck is empty: {before} discarded cards form a new deck." in texts(events)
    assert len(state.hands[0]) == 6


def test_plot_card_resolves_the_chapter_entry_and_goes_to_the_plot_discard_pile() -> None:
    match = to_story(new())
    arrange(match, plot=[3], counters={"rider-1": "r1", "rider-2": "r7"})
    events = play(match, "end")
    state = st(match)
    assert state.plot_discard == [3]
    assert state.plot_deck == []
    assert any("Black Rider" in line for line in texts(events))


def test_empty_plot_deck_loses_the_chapter() -> None:
    """The rulebook, AB-A24: no Plot card to draw at step 4 loses the chapter."""
    match = to_story(new())
    arrange(match, plot=[])
    events = play(match, "end")
    assert match.outcome is not None
    assert match.outcome.reason == "plot-deck-empty"
    assert "Chapter 1 is lost" in texts(events)[-1]


def test_challenges_completed_in_the_last_turn_still_win() -> None:
    """AB-A24: the loss comes at step 4, so finishing in that turn's Storytelling wins."""
    match = to_story(new())
    arrange(
        match,
        plot=[],
        completed=["keep-it-secret", "short-cut", "prancing-pony"],
        pieces={"frodo": "weathertop", "aragorn": "weathertop", "sam": "chetwood"},
        hands=[["courage", "combat", "mystery"], []],
    )
    play(match, "complete weathertop combat,courage,mystery")
    assert match.outcome is not None
    assert match.outcome.reason == "chapter-won"


def test_hand_limit_discards_down_to_six() -> None:
    match = to_story(new(chapter=2))
    arrange(match, plot=[1], hands=[["courage"] * 3 + ["mystery"] * 3, []])
    play(match, "end")
    assert st(match).phase == "limit"
    assert legal(match)[:2] == ["drop courage", "drop mystery"]
    play(match, "drop courage", "drop courage")
    assert len(st(match).hands[0]) == 6
    assert st(match).seat == 1


def test_hand_limit_ring_discard_advances_corruption() -> None:
    match = to_story(new(chapter=2))
    arrange(match, plot=[1], hands=[["ring"] * 5, []])
    match.script(rolls={"story": ["courage-1", "courage-2"]})
    play(match, "end", "drop ring")
    assert st(match).corruption == 1
    assert len(st(match).hands[0]) == 6


def test_hand_limit_only_checks_the_active_player() -> None:
    """AB-A27: other players may hold more than 6 cards on your turn."""
    match = to_story(new(chapter=2))
    arrange(match, plot=[1], hands=[[], ["courage"] * 7])
    play(match, "end")
    assert st(match).seat == 1
    assert len(st(match).hands[1]) == 7


def test_play_passes_to_the_left() -> None:
    match = to_story(new(chapter=2, players=("A", "B", "C")))
    arrange(match, plot=[1, 1, 1])
    play(match, "end")
    assert st(match).seat == 1
    assert st(match).turn == 2
    assert hand(match, 0) != []
    assert st(match).phase == "move"
