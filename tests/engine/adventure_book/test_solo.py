"""Solo rules: the extra face-up hand of 6 for trading, which counts as a player for Plot
entries."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError

from .helpers import arrange, hand, legal, new, play, st, to_story

SOLO = ("Ann",)


def test_solo_trades_by_swapping_with_the_face_up_solo_hand() -> None:
    match = to_story(new(players=SOLO))
    arrange(match, hands=[["courage"]], solo=["mystery", "insight"])
    assert "swap courage mystery" in legal(match)
    assert "swap courage insight" in legal(match)
    play(match, "swap courage insight")
    assert hand(match) == ["insight"]
    assert sorted(c.split("-")[0] for c in st(match).solo) == ["courage", "mystery"]


def test_the_solo_swap_is_the_turns_one_trade() -> None:
    match = to_story(new(players=SOLO))
    arrange(match, hands=[["courage", "combat"]], solo=["mystery", "insight"])
    play(match, "swap courage insight")
    with pytest.raises(IllegalActionError, match="already traded"):
        match.play("swap combat mystery")


def test_in_a_solo_game_trade_names_the_solo_hand() -> None:
    match = to_story(new(players=SOLO))
    arrange(match, hands=[["courage"]])
    with pytest.raises(IllegalActionError, match="trade with the solo hand"):
        match.play("trade 2 courage")


def test_the_solo_hand_counts_as_a_player_for_plot_entries() -> None:
    """Solo rules, AB-A29: "every player discards" includes the solo hand; the player picks."""
    match = to_story(new(chapter=2, players=SOLO))
    arrange(
        match,
        hands=[["courage"]],
        solo=["mystery", "insight"],
        counters={"elven-wrath": "bridge"},
        plot=[3],
    )
    play(match, "end")
    assert legal(match)[0].startswith("drop")
    play(match, "drop courage")
    assert st(match).pending
    assert st(match).pending[0].solo
    assert legal(match) == ["drop mystery", "drop insight"]
    play(match, "drop insight")
    assert [c.split("-")[0] for c in st(match).solo] == ["mystery"]


def test_a_ring_card_dropped_from_the_solo_hand_costs_corruption() -> None:
    """AB-A18: every One Ring card that leaves a hand through a game effect."""
    match = to_story(new(chapter=2, players=SOLO))
    arrange(match, hands=[[]], solo=["ring"], counters={"elven-wrath": "bridge"}, plot=[3])
    play(match, "end")
    # The player's own discard comes first; dropping a One Ring card there would cost too.
    play(match, next(action for action in legal(match) if "ring" not in action))
    assert st(match).pending[0].solo
    play(match, "drop ring")
    assert st(match).corruption == 1


def test_the_solo_hand_never_draws_nor_discards_to_the_hand_limit() -> None:
    """AB-A29."""
    match = to_story(new(chapter=2, players=SOLO))
    arrange(match, plot=[1, 1])
    before = len(st(match).solo)
    play(match, "end")
    while st(match).phase == "limit":
        play(match, legal(match)[0])
    assert len(st(match).solo) == before
