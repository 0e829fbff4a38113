"""Each game's facts (``rb.game_info``) are true of the game as it plays."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

import ringbearer_engine as rb
from ringbearer_engine import Match

GAMES = ["mount-doom", "adventure-game", "adventure-book"]


@pytest.mark.parametrize(
    ("game_id", "players", "cooperative", "private"),
    [
        ("mount-doom", (1, 4, 2), True, False),
        ("adventure-game", (2, 4, 3), False, True),
        ("adventure-book", (1, 4, 2), True, True),
    ],
)
def test_game_info_gives_the_players_and_kind_of_each_game(
    game_id: str, players: tuple[int, int, int], cooperative: bool, private: bool
) -> None:
    info = rb.game_info(game_id)
    assert info.id == game_id
    assert info.title == rb.get_game(game_id).title
    assert (info.min_players, info.max_players, info.default_players) == players
    assert info.cooperative is cooperative
    assert info.private_information is private
    assert (info.min_utility, info.max_utility) == (0.0, 1.0)


def test_game_info_of_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(rb.UnknownGameError, match=r"no game called 'chess'.*mount-doom"):
        rb.game_info("chess")


def test_a_game_that_does_not_say_whether_hands_are_private_reports_none() -> None:
    assert rb.game_info("pig").private_information is None


def finished(game_id: str, seats: int, seed: int) -> Match:
    match = Match.new(game_id, [f"P{n}" for n in range(seats)], seed=seed)
    bot = rb.make_bot(match.game, "random", seed)
    while match.outcome is None:
        match.play(bot.choose(match.game, match.state))
    return match


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_gets_a_utility_within_the_bounds_and_teams_share_theirs(game_id: str) -> None:
    info = rb.game_info(game_id)
    seen: set[float] = set()
    for seed in range(12):
        seats = info.max_players if seed % 2 else info.min_players
        outcome = finished(game_id, seats, seed).outcome
        assert outcome is not None
        utilities = [outcome.utility(seat) for seat in range(seats)]
        assert all(info.min_utility <= u <= info.max_utility for u in utilities)
        assert [seat for seat, u in enumerate(utilities) if u == info.max_utility] == list(
            outcome.winners
        )
        if info.cooperative:
            assert len(set(utilities)) == 1
        seen.update(utilities)
    assert info.min_utility in seen


def without_seat(view: msgspec.Struct) -> Any:
    fields = msgspec.to_builtins(view)
    fields.pop("seat", None)
    return fields


@pytest.mark.parametrize("game_id", GAMES)
def test_private_information_says_whether_seats_ever_see_different_things(game_id: str) -> None:
    info = rb.game_info(game_id)
    differed = False
    for seed in range(3):
        match = Match.new(game_id, ["Ann", "Bo", "Cy"], seed=seed)
        bot = rb.make_bot(match.game, "random", seed)
        for _ in range(80):
            if match.outcome is not None:
                break
            views = [without_seat(match.view(seat)) for seat in range(3)]
            differed = differed or any(view != views[0] for view in views)
            match.play(bot.choose(match.game, match.state))
    assert differed is info.private_information


@pytest.mark.parametrize("game_id", GAMES)
def test_no_game_claims_a_proven_length_and_each_gives_the_research_cap(game_id: str) -> None:
    info = rb.game_info(game_id)
    assert (info.max_game_length, info.max_game_length_proven) == (rb.info.LENGTH_CAP, False)
    assert rb.game_info("pig").max_game_length is None


@pytest.mark.parametrize("game_id", GAMES)
def test_random_matches_end_far_within_the_length_cap(game_id: str) -> None:
    # The cap must not cut real matches short: random play, the longest seen, stays far below.
    info = rb.game_info(game_id)
    assert info.max_game_length is not None
    for seed in range(6):
        match = finished(game_id, info.max_players, seed)
        assert len(match.log) < info.max_game_length // 4
