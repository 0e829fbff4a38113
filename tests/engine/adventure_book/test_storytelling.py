"""Storytelling: trades, discarding to move, Special cards by any player, the One Ring ability."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError

from .helpers import arrange, hand, legal, new, play, st, texts, to_story


def test_trade_gives_a_card_and_the_partner_chooses_the_card_given_back() -> None:
    """ABD-2 (instead of AB-A12, since hands are hidden): the active player gives and names a
    wish, the partner picks the card to return."""
    match = to_story(new())
    arrange(match, hands=[["courage", "mystery"], ["insight", "combat"]])
    events = play(match, "trade 2 courage", "ask insight")
    assert match.to_move == 1
    assert "Ann asks for an Insight card in return." in texts(events)
    assert legal(match) == ["answer insight", "answer combat", "answer courage"]
    play(match, "answer combat")
    assert hand(match, 0) == ["combat", "mystery"]
    assert hand(match, 1) == ["courage", "insight"]
    assert match.to_move == 0


def test_a_trade_wish_is_only_a_wish() -> None:
    match = to_story(new())
    arrange(match, hands=[["courage"], ["insight"]])
    play(match, "trade 2 courage", "ask ring", "answer courage")
    assert hand(match, 0) == ["courage"]


def test_only_one_trade_per_turn() -> None:
    match = to_story(new())
    arrange(match, hands=[["courage", "mystery"], ["insight", "combat"]])
    play(match, "trade 2 courage", "ask any", "answer insight")
    assert not any(a.startswith("trade") for a in legal(match))
    with pytest.raises(IllegalActionError, match="already traded this turn"):
        match.play("trade 2 mystery")


def test_trading_a_ring_card_costs_no_corruption() -> None:
    """AB-A12, AB-A18: a trade is not a use of the One Ring card."""
    match = to_story(new())
    arrange(match, hands=[["ring"], ["insight"]])
    play(match, "trade 2 ring", "ask any", "answer ring")
    assert st(match).corruption == 0


def test_a_trade_cannot_be_taken_back() -> None:
    match = to_story(new())
    arrange(match, hands=[["ring"], ["insight"]])
    play(match, "trade 2 ring")
    assert not match.can_undo


def test_discard_any_number_of_cards_to_move_one_space_each() -> None:
    match = to_story(new())
    arrange(match, hands=[["courage", "mystery", "insight"], []])
    play(match, "discard courage", "discard mystery", "move frodo hobbiton", "move frodo woody-end")
    assert st(match).pieces["frodo"] == "woody-end"
    assert sorted(c.split("-")[0] for c in st(match).story_discard) == ["courage", "mystery"]


def test_discard_to_move_may_move_different_pieces() -> None:
    """AB-A9: the steps from discarded cards may be split among pieces."""
    match = to_story(new())
    arrange(match, hands=[["courage", "mystery"], []])
    play(match, "discard courage", "move frodo hobbiton", "discard mystery", "move sam garden")
    assert (st(match).pieces["frodo"], st(match).pieces["sam"]) == ("hobbiton", "garden")


def test_discarding_a_ring_card_to_move_advances_corruption() -> None:
    match = to_story(new())
    arrange(match, hands=[["ring"], []])
    play(match, "discard ring")
    assert st(match).corruption == 1
    assert st(match).steps == 1


def test_a_special_card_can_be_discarded_to_move() -> None:
    """Special cards can pay for movement (AB-A9), with no effect."""
    match = to_story(new())
    arrange(match, hands=[["lembas-1"], []])
    play(match, "discard lembas-1", "move frodo hobbiton")
    assert hand(match, 0) == []
    assert "lembas-1" in st(match).story_discard


def test_steps_from_discards_are_lost_when_storytelling_ends() -> None:
    match = to_story(new(chapter=2))
    arrange(match, hands=[["courage"], []], plot=[3])
    play(match, "discard courage", "end")
    assert st(match).steps == 2  # the next player's fresh movement step
    assert st(match).seat == 1


def test_other_players_may_play_special_cards_during_storytelling() -> None:
    """The rulebook lets every player play Special cards in Storytelling; ABD-3: by 'help'."""
    match = to_story(new())
    arrange(match, hands=[[], ["lembas-1"]])
    events = play(match, "help 2")
    assert "Ann asks Bo for a Special card." in texts(events)
    assert match.to_move == 1
    assert legal(match) == ["play lembas-1", "back"]
    play(match, "play lembas-1", "back")
    assert len(st(match).hands[1]) == 2
    assert match.to_move == 0


def test_each_other_player_may_be_asked_once_per_turn() -> None:
    match = to_story(new(players=("A", "B", "C")))
    play(match, "help 2", "back")
    assert "help 2" not in legal(match)
    assert "help 3" in legal(match)
    with pytest.raises(IllegalActionError, match="already been asked this turn"):
        match.play("help 2")


def test_a_helper_may_only_play_special_cards() -> None:
    match = to_story(new())
    arrange(match, hands=[["courage"], ["courage"]])
    play(match, "help 2")
    with pytest.raises(IllegalActionError, match="a helper may only play Special cards"):
        match.play("discard courage")


def test_a_played_special_card_goes_to_the_story_discard_pile() -> None:
    match = to_story(new())
    arrange(match, hands=[["lembas-2"], []])
    play(match, "play lembas-2")
    assert st(match).story_discard[-1] == "lembas-2"


def test_special_cards_are_shuffled_back_with_the_discard_pile() -> None:
    match = to_story(new(chapter=2))
    state = st(match)
    arrange(match, hands=[["lembas-1"], []], plot=[3])
    play(match, "play lembas-1")
    state.story_discard.extend(state.story_deck)
    state.story_deck = []
    match.script(rolls={"story": ["lembas-1"]})
    play(match, "end")
    assert "lembas-1" in state.hands[0]


def test_the_ring_ability_costs_a_ring_card_and_one_corruption() -> None:
    match = to_story(new())
    arrange(match, hands=[["ring"], []])
    events = play(match, "ring -")
    assert st(match).corruption == 1
    assert hand(match, 0) == []
    assert "Ann plays The One Ring: Frodo vanishes." in texts(events)


def test_the_ring_ability_may_be_used_several_times_in_a_turn() -> None:
    """AB-A17: any number of uses, one card and one corruption each."""
    match = to_story(new(chapter=2))
    arrange(
        match,
        hands=[["ring", "ring"], []],
        counters={"elven-wrath": "bridge", "dwarven-wrath": "hall-of-fire"},
    )
    play(match, "ring elven-wrath", "ring dwarven-wrath")
    assert st(match).corruption == 2


def test_the_ring_ability_needs_a_ring_card() -> None:
    match = to_story(new())
    arrange(match, hands=[["courage"], []])
    with pytest.raises(IllegalActionError, match="needs a One Ring card"):
        match.play("ring -")


def test_storytelling_actions_wait_for_the_end_of_movement() -> None:
    match = new()
    with pytest.raises(IllegalActionError, match="finish the Movement step"):
        match.play("discard courage")
