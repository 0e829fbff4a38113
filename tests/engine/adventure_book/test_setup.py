"""Setup of a chapter attempt: decks, hands, the solo hand, the board, the options."""

from __future__ import annotations

import pytest

from ringbearer_engine import SetupError
from ringbearer_engine.games.adventure_book.chapters import page
from ringbearer_engine.games.adventure_book.content import EYE_CARDS, SPECIALS, STORY_CARDS

from .helpers import new, st


def test_setup_deals_four_story_cards_to_each_player() -> None:
    """AB-A2: every player starts a chapter attempt with 4 Story cards."""
    state = st(new(players=("A", "B", "C")))
    assert [len(h) for h in state.hands] == [4, 4, 4]
    assert len(state.story_deck) == len(STORY_CARDS) - 12


def test_solo_setup_lays_out_an_extra_hand_of_six() -> None:
    """Solo rules, AB-A29: the solo hand of 6 is dealt after the player's own 4."""
    state = st(new(players=("Ann",)))
    assert len(state.hands[0]) == 4
    assert len(state.solo) == 6
    assert len(state.story_deck) == len(STORY_CARDS) - 10


def test_solo_hand_exists_only_in_a_solo_game() -> None:
    assert st(new(players=("A", "B"))).solo == []


def test_special_cards_start_apart_from_the_story_deck() -> None:
    """AB-A1: the Special cards form their own deck; nothing mixes them at setup."""
    state = st(new())
    assert sorted(state.special_deck) == sorted(SPECIALS)
    assert not any(card in SPECIALS for card in state.story_deck)


def test_corruption_marker_starts_on_the_star_space() -> None:
    assert st(new()).corruption == 0


def test_won_special_cards_are_shuffled_into_the_story_deck_at_setup() -> None:
    """Saving your progress: won Special cards go back into the Story deck, the others stay
    apart."""
    state = st(new(won_specials=["shadowfax", "lembas-1"]))
    held = state.story_deck + [c for h in state.hands for c in h]
    assert "shadowfax" in held
    assert "lembas-1" in held
    assert "shadowfax" not in state.special_deck
    assert len(state.special_deck) == len(SPECIALS) - 2


def test_each_attempt_starts_with_all_fifteen_plot_cards() -> None:
    """AB-A3: every attempt shuffles all 15 Plot cards into a new Plot deck."""
    state = st(new(chapter=2, attempts=3))
    assert sorted(state.plot_deck) == sorted([1, 2, 3, 4, 5] * 3)
    assert state.plot_discard == []


def test_used_eye_cards_leave_the_campaign() -> None:
    """AB-A20: Eye of Sauron cards already drawn in the campaign are not in the Eye deck."""
    state = st(new(corruption=4, fired_eyes=[3], used_eye_cards=["eye-gaze"]))
    assert sorted(state.eye_deck) == sorted(c.id for c in EYE_CARDS if c.id != "eye-gaze")
    assert state.fired_eyes == [3]


def test_first_seat_option_sets_who_starts() -> None:
    """AB-A5: the campaign says who takes the first turn (seat counts wrap round)."""
    assert st(new(players=("A", "B", "C"), first_seat=2)).seat == 2
    assert st(new(players=("A", "B"), first_seat=3)).seat == 1


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_pieces_and_counters_start_where_the_chapter_says(number: int) -> None:
    chapter = page(number).chapter
    state = st(new(chapter=number))
    for piece in chapter.pieces:
        assert state.pieces.get(piece.id, "") == piece.start
    for counter in chapter.counters:
        assert state.counters[counter.id] == counter.start


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"chapter": 9}, "there is no chapter 9"),
        ({"chapter": 0}, "there is no chapter 0: chapters run from 1 to 8"),
        ({"corruption": 15}, "Corruption marker must be on a space from 0 to 14"),
        ({"won_specials": ["palantir"]}, "won Special cards must be distinct known cards"),
        ({"won_specials": ["sting", "sting"]}, "distinct"),
        ({"fired_eyes": [4]}, "eye spaces"),
        ({"used_eye_cards": ["eye-x"]}, "Eye of Sauron"),
        ({"first_seat": -1}, "first seat"),
        ({"colour": "red"}, "unknown field"),
    ],
)
def test_bad_options_are_refused_with_a_clear_reason(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(SetupError, match=message):
        new(**options)  # type: ignore[arg-type]
