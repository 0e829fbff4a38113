"""Every Special card (Shadowfax and Arwen's Love are the rulebook's; the rest are designed)."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.adventure_book.rules.payments import payments, ring_cost

from .helpers import arrange, hand, legal, new, play, st, texts, to_story


def test_shadowfax_moves_one_piece_up_to_three_spaces() -> None:
    match = to_story(new())
    arrange(match, hands=[["shadowfax"], []])
    play(match, "play shadowfax", "move frodo hobbiton")
    assert not any(a.startswith("move sam") for a in legal(match))
    with pytest.raises(IllegalActionError, match="these steps belong to frodo"):
        match.play("move sam garden")
    play(match, "move frodo woody-end", "move frodo stock")
    assert st(match).pieces["frodo"] == "stock"
    assert not st(match).pending


def test_shadowfax_steps_may_stop_early() -> None:
    match = to_story(new())
    arrange(match, hands=[["shadowfax"], []])
    play(match, "play shadowfax", "move frodo hobbiton", "stop")
    assert st(match).pieces["frodo"] == "hobbiton"
    assert not st(match).pending


def test_arwens_love_makes_three_ring_cards_free_of_corruption() -> None:
    """AB-A23."""
    match = to_story(new())
    arrange(
        match,
        hands=[["ring", "ring", "ring", "arwens-love"], []],
        pieces={"frodo": "bree", "sam": "bree", "merry": "bree", "pippin": "bree"},
    )
    play(match, "complete prancing-pony arwens-love,ring,ring,ring")
    assert st(match).corruption == 0
    assert "arwens-love" in st(match).story_discard


def test_arwens_love_does_not_work_with_fewer_than_three_ring_cards() -> None:
    """AB-A23."""
    hand_ = ("adventure", "arwens-love", "ring", "ring")
    assert payments(("mystery", "adventure", "adventure"), hand_) == {("adventure", "ring", "ring")}
    assert ring_cost(("arwens-love", "ring", "ring")) == 2
    assert ring_cost(("arwens-love", "ring", "ring", "ring")) == 0


def test_arwens_love_is_not_played_on_its_own() -> None:
    match = to_story(new())
    arrange(match, hands=[["arwens-love"], []])
    assert "play arwens-love" not in legal(match)
    with pytest.raises(IllegalActionError, match="used while paying a Challenge"):
        match.play("play arwens-love")


@pytest.mark.parametrize("card", ["lembas-1", "lembas-2"])
def test_lembas_draws_two_story_cards(card: str) -> None:
    match = to_story(new())
    arrange(match, hands=[[card], []])
    play(match, f"play {card}")
    assert len(st(match).hands[0]) == 2


def test_horn_of_gondor_makes_every_player_draw_one() -> None:
    match = to_story(new(players=("A", "B", "C")))
    arrange(match, hands=[["horn-of-gondor"], [], []])
    play(match, "play horn-of-gondor")
    assert [len(h) for h in st(match).hands] == [1, 1, 1]


def test_phial_of_galadriel_takes_a_card_from_the_discard_pile() -> None:
    match = to_story(new())
    arrange(match, hands=[["phial-of-galadriel"], []], discard=["courage", "mystery"])
    play(match, "play phial-of-galadriel")
    assert legal(match) == ["take courage", "take mystery"]
    play(match, "take mystery")
    assert hand(match, 0) == ["mystery"]
    assert st(match).story_discard[-1] == "phial-of-galadriel"


def test_phial_of_galadriel_cannot_fetch_itself() -> None:
    """ABD-8: the effect happens before the card lands on the discard pile."""
    match = to_story(new())
    arrange(match, hands=[["phial-of-galadriel"], []], discard=[])
    play(match, "play phial-of-galadriel")
    assert not st(match).pending


def test_elven_cloak_ignores_this_turns_plot_entry() -> None:
    match = to_story(new())
    arrange(match, hands=[["elven-cloak"], []], plot=[5])
    events = play(match, "play elven-cloak", "end")
    assert "The Plot Chart entry 5 is ignored this turn." in texts(events)
    assert st(match).plot_discard == [5]
    assert not st(match).pending


def test_rest_in_rivendell_returns_two_plot_cards_to_the_plot_deck() -> None:
    """ABD-4: they are shuffled back into the (unordered) Plot deck."""
    match = to_story(new())
    state = st(match)
    arrange(match, hands=[["rivendell-rest"], []], plot=[1, 2, 3])
    state.plot_discard = [4, 5, 5]
    play(match, "play rivendell-rest")
    assert sorted(state.plot_deck) == [1, 2, 3, 5, 5]
    assert state.plot_discard == [4]


def test_the_fellowship_grants_one_more_trade() -> None:
    match = to_story(new())
    arrange(match, hands=[["the-fellowship", "courage", "mystery"], ["insight", "combat"]])
    play(match, "trade 2 courage", "ask any", "answer insight", "play the-fellowship")
    assert any(a.startswith("trade 2") for a in legal(match))


def test_athelas_sheds_a_ring_card_without_corruption() -> None:
    match = to_story(new())
    arrange(match, hands=[["athelas", "ring"], []])
    play(match, "play athelas")
    assert hand(match, 0) == []
    assert st(match).corruption == 0


def test_miruvor_draws_one_card_per_completed_challenge_up_to_three() -> None:
    match = to_story(new())
    arrange(match, hands=[["miruvor"], []], completed=["keep-it-secret", "short-cut"])
    play(match, "play miruvor")
    assert len(st(match).hands[0]) == 2


def test_elven_boats_move_pieces_four_spaces_split_as_you_like() -> None:
    match = to_story(new())
    arrange(match, hands=[["elven-boats"], []])
    play(
        match,
        "play elven-boats",
        "move frodo hobbiton",
        "move sam garden",
        "move merry ferry",
        "move pippin ferry",
    )
    assert not st(match).pending


def test_elven_rope_moves_pieces_two_spaces() -> None:
    match = to_story(new())
    arrange(match, hands=[["elven-rope"], []])
    play(match, "play elven-rope", "move frodo hobbiton", "move sam garden")
    assert not st(match).pending


def test_mithril_coat_stands_for_any_one_ordinary_symbol() -> None:
    assert ("courage", "mithril-coat") in payments(
        ("insight", "courage"), ("courage", "mithril-coat")
    )
    assert ring_cost(("courage", "mithril-coat")) == 0


def test_sting_stands_for_two_combat_skill_symbols() -> None:
    assert ("sting",) in payments(("combat", "combat"), ("sting",))
    assert ("courage", "sting") in payments(("combat", "courage"), ("courage", "sting"))


def test_anduril_stands_for_one_courage_and_one_combat_skill() -> None:
    assert ("anduril",) in payments(("courage", "combat"), ("anduril",))
    assert payments(("courage", "courage"), ("anduril",)) == frozenset()


def test_the_red_book_stands_for_two_mystery_symbols() -> None:
    assert ("red-book",) in payments(("mystery", "mystery"), ("red-book",))


def test_gandalfs_fireworks_stand_for_a_whole_pair() -> None:
    assert ("gandalfs-fireworks",) in payments(("pair",), ("gandalfs-fireworks",))


def test_special_cards_may_pay_for_the_any_card_symbol() -> None:
    """The rulebook: Special cards fulfil "any card"."""
    assert ("insight", "lembas-1") in payments(("insight", "any"), ("insight", "lembas-1"))


def test_won_special_cards_stay_in_the_deck_whether_the_chapter_is_won_or_lost() -> None:
    match = to_story(new())
    arrange(
        match, hands=[["insight", "courage"], []], pieces={"gandalf": "bag-end", "sam": "garden"}
    )
    match.script(rolls={"special": ["sting"]})
    play(match, "complete keep-it-secret courage,insight")
    st(match).plot_deck = []
    play(match, "end")
    assert match.outcome is not None
    assert not match.outcome.won
    assert st(match).won_specials == ["sting"]
