"""Challenges: requirements, card symbols, jokers, tokens and rewards."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.adventure_book.rules.payments import payments, ring_cost

from .helpers import arrange, hand, legal, new, play, st, texts, to_story

SECRET_READY = {"gandalf": "bag-end", "sam": "garden"}


def test_a_challenge_needs_all_its_requirements() -> None:
    match = to_story(new())
    arrange(match, hands=[["insight", "courage"], []], pieces={"gandalf": "bag-end"})
    assert not any(a.startswith("complete") for a in legal(match))
    with pytest.raises(IllegalActionError, match="needs: Samwise next to Bag End"):
        match.play("complete keep-it-secret courage,insight")


def test_a_challenge_is_paid_from_the_active_players_hand() -> None:
    """AB-A13: only the active player's hand pays."""
    match = to_story(new())
    arrange(match, hands=[["courage"], ["insight"]], pieces=SECRET_READY)
    assert not any(a.startswith("complete") for a in legal(match))


def test_completing_a_challenge_places_a_token_and_gives_its_reward() -> None:
    match = to_story(new())
    arrange(match, hands=[["insight", "courage"], []], pieces=SECRET_READY)
    match.script(rolls={"special": ["shadowfax"]})
    events = play(match, "complete keep-it-secret courage,insight")
    assert st(match).completed == ["keep-it-secret"]
    assert hand(match, 0) == ["shadowfax"]
    assert "Ann completes 'Keep It Secret, Keep It Safe', paying Courage, Insight." in texts(events)
    assert "gandalf" not in st(match).pieces


def test_the_any_card_symbol_takes_any_card_even_special_and_ring_cards() -> None:
    assert ("insight", "shadowfax") in payments(("insight", "any"), ("insight", "shadowfax"))
    assert ("insight", "ring") in payments(("insight", "any"), ("insight", "ring"))
    assert ("combat", "insight") in payments(("insight", "any"), ("combat", "insight"))


def test_two_identical_cards_of_your_choice() -> None:
    """FAQ chapter 3: the pair symbol takes 2 cards of your choice, as long as they are
    identical."""
    assert payments(("pair",), ("courage", "courage")) == {("courage", "courage")}
    assert payments(("pair",), ("courage", "mystery")) == frozenset()


def test_a_ring_card_may_stand_in_for_a_pair_card_and_two_ring_cards_match() -> None:
    """AB-A14."""
    assert ("courage", "ring") in payments(("pair",), ("courage", "ring"))
    assert ("ring", "ring") in payments(("pair",), ("ring", "ring"))


def test_special_cards_never_make_a_pair() -> None:
    """AB-A14: Special cards have no symbol, so even two copies of one Special card are no pair."""
    assert payments(("pair",), ("lembas-1", "lembas-2")) == frozenset()
    assert payments(("pair",), ("mithril-coat", "courage")) == frozenset()


def test_a_ring_card_is_a_joker_that_costs_one_corruption_per_card() -> None:
    match = to_story(new())
    arrange(match, hands=[["ring", "ring"], []], pieces=SECRET_READY)
    play(match, "complete keep-it-secret ring,ring")
    assert st(match).corruption == 2
    assert ring_cost(("ring", "ring")) == 2


def test_the_final_challenge_comes_after_all_the_others() -> None:
    """AB-A15: the final Challenge is last."""
    match = to_story(new())
    arrange(
        match,
        hands=[["courage", "combat", "mystery"], []],
        pieces={"frodo": "weathertop", "aragorn": "weathertop", "sam": "chetwood"},
        completed=["keep-it-secret", "short-cut"],
    )
    assert not any(a.startswith("complete") for a in legal(match))
    with pytest.raises(IllegalActionError, match="final Challenge: complete all the others"):
        match.play("complete weathertop combat,courage,mystery")


def test_other_challenges_may_be_completed_in_any_order() -> None:
    """AB-A15: without an order set by the chapter, any order."""
    match = to_story(new())
    arrange(
        match,
        hands=[["mystery", "adventure", "adventure"], []],
        pieces={"frodo": "bree", "sam": "bree", "merry": "bree", "pippin": "bree"},
    )
    play(match, "complete prancing-pony adventure,adventure,mystery")
    assert st(match).completed == ["prancing-pony"]
    assert st(match).pieces["aragorn"] == "bree"


def test_a_chapter_is_won_the_moment_its_last_challenge_is_completed() -> None:
    """AB-A16: the rest of the turn is skipped."""
    match = to_story(new())
    arrange(
        match,
        hands=[["courage", "combat", "mystery"], []],
        pieces={"frodo": "weathertop", "aragorn": "weathertop", "sam": "chetwood"},
        completed=["keep-it-secret", "short-cut", "prancing-pony"],
    )
    events = play(match, "complete weathertop combat,courage,mystery")
    assert texts(events)[-1] == "Chapter 1, The Adventure Begins, is won!"
    assert match.outcome is not None
    assert match.outcome.winners == (0, 1)
    assert match.actions() == []


def test_rewards_go_to_the_active_player() -> None:
    """AB-A26."""
    match = to_story(new())
    arrange(
        match,
        hands=[["adventure", "courage"], ["mystery"]],
        pieces={"frodo": "maggots-farm", "sam": "maggots-farm"},
    )
    play(match, "complete short-cut adventure,courage")
    assert len(st(match).hands[0]) == 2
    assert len(st(match).hands[1]) == 1


def test_a_special_reward_from_an_empty_special_deck_gives_nothing() -> None:
    """AB-A26."""
    match = to_story(new())
    arrange(match, hands=[["insight", "courage"], []], pieces=SECRET_READY)
    st(match).special_deck.clear()
    play(match, "complete keep-it-secret courage,insight")
    assert hand(match, 0) == []


def test_a_payment_in_another_order_is_explained() -> None:
    """ABD-9: payments are written in sorted order."""
    match = to_story(new())
    arrange(match, hands=[["insight", "courage"], []], pieces=SECRET_READY)
    with pytest.raises(IllegalActionError, match="sorted order: courage,insight"):
        match.play("complete keep-it-secret insight,courage")


def test_a_payment_that_does_not_fit_is_explained() -> None:
    match = to_story(new())
    arrange(match, hands=[["courage", "combat"], []], pieces=SECRET_READY)
    with pytest.raises(IllegalActionError, match="do not pay 'Keep It Secret, Keep It Safe'"):
        match.play("complete keep-it-secret combat,courage")


def test_a_completed_challenge_cannot_be_completed_again() -> None:
    match = to_story(new())
    arrange(
        match, hands=[["insight", "courage"], []], pieces=SECRET_READY, completed=["keep-it-secret"]
    )
    with pytest.raises(IllegalActionError, match="already completed"):
        match.play("complete keep-it-secret courage,insight")
