"""Setup, exactly as the rulebook describes it, and the game's description."""

from __future__ import annotations

import pytest

import ringbearer_engine as rb
from ringbearer_engine import Match, SetupError
from ringbearer_engine.games.mount_doom.content import (
    DECKS,
    GANDALF_IDS,
    RIVENDELL,
    TRACK_START,
    URUK_WARRIORS,
)
from ringbearer_engine.games.mount_doom.state import Ask

from .helpers import state


def fresh(players: int = 2, seed: int = 3) -> Match:
    return Match.new("mount-doom", [f"P{n + 1}" for n in range(players)], seed=seed)


def test_game_is_registered_as_a_cooperative_game_for_one_to_four_players() -> None:
    game = rb.get_game("mount-doom")
    assert game.title == "Adventure to Mount Doom"
    assert (game.min_players, game.max_players, game.cooperative) == (1, 4, True)
    with pytest.raises(SetupError):
        Match.new("mount-doom", ["A", "B", "C", "D", "E"])


def test_setup_places_the_five_companions_on_rivendell() -> None:
    assert state(fresh()).pos == [RIVENDELL] * 5


def test_setup_puts_the_uruk_hai_leader_at_isengard_and_the_five_warriors_in_the_supply() -> None:
    s = state(fresh())
    assert s.leader is True
    assert s.uruk == 0
    assert rb.get_game("mount-doom").view(s, 0).uruk_supply == URUK_WARRIORS  # type: ignore[attr-defined]


def test_setup_puts_the_witch_king_at_minas_morgul_and_eight_nazgul_in_the_supply() -> None:
    s = state(fresh())
    assert s.nazgul == 1
    assert s.nazgul_free == 8


@pytest.mark.parametrize("seed", range(6))
def test_setup_gives_the_oldest_seat_one_random_gandalf_card_and_stacks_the_rest_face_down(
    seed: int,
) -> None:
    s = state(fresh(3, seed))
    gandalf = [c for c in s.held if c in GANDALF_IDS]
    assert len(gandalf) == 1
    assert s.holder[s.held.index(gandalf[0])] == 0  # MD-A2: seat 1 is the oldest
    assert sorted(s.gandalf_stack + gandalf) == sorted(GANDALF_IDS)
    assert len(s.gandalf_stack) == 4


def test_setup_opening_gandalf_card_is_random() -> None:
    openings = {state(fresh(2, seed)).held[0] for seed in range(40)}
    assert openings == set(GANDALF_IDS)


def test_setup_gives_boromir_to_the_youngest_seat_and_a_solo_player_gets_both() -> None:
    """MD-A2: the last seat counts as the youngest."""
    s = state(fresh(4))
    assert s.holder[s.held.index("boromir")] == 3
    solo = state(fresh(1))
    assert solo.holder == [0, 0]


def test_setup_lays_out_six_lothlorien_cards_slots_1_and_6_face_down_seventh_boxed_unseen() -> None:
    s = state(fresh())
    assert len(s.row) == 6
    assert all(s.row)
    assert s.up == [False, True, True, True, True, False]
    assert len(s.unseen) == 1
    assert sorted([*s.row, *s.unseen]) == sorted(DECKS[0])
    assert s.stage == 0


def test_setup_keeps_the_other_five_stage_decks_apart_and_unshuffled_until_laid_out() -> None:
    """MD-A1: five separate decks, played in route order; each is shuffled when laid out."""
    s = state(fresh())
    assert [len(d) for d in DECKS] == [7] * 6
    assert not s.next_deck
    assert not any(c in DECKS[stage] for stage in range(1, 6) for c in s.row + s.box)


def test_setup_puts_the_one_ring_on_its_start_space() -> None:
    assert state(fresh()).resolve == TRACK_START


def test_setup_tokens_lie_beside_the_board() -> None:
    s = state(fresh())
    assert not s.treebeard_token
    assert not s.gandalf_token


def test_first_turn_belongs_to_the_seat_with_the_gandalf_card() -> None:
    match = fresh(3)
    assert match.to_move == 0
    assert state(match).pending == Ask.START
    assert match.prompt.startswith("P1: choose two companion dice")


def test_setup_is_deterministic_for_a_seed() -> None:
    assert fresh(seed=9).snapshot() == fresh(seed=9).snapshot()
    assert fresh(seed=9).snapshot() != fresh(seed=10).snapshot()


def test_options_default_to_the_standard_game_and_unknown_options_are_refused() -> None:
    s = state(fresh())
    assert (s.friends_in_need, s.without_protection) == (False, False)
    with pytest.raises(SetupError, match="unknown field"):
        Match.new("mount-doom", ["A"], options={"easy": True})


def test_both_variants_can_be_used_together() -> None:
    match = Match.new(
        "mount-doom", ["A"], seed=1, options={"friends_in_need": True, "without_protection": True}
    )
    s = state(match)
    assert (s.friends_in_need, s.without_protection) == (True, True)
