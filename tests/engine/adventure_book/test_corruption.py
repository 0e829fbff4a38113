"""The One Ring cards, the Corruption Track and the Eye of Sauron cards."""

from __future__ import annotations

from typing import Any

import pytest

from ringbearer_engine import Match
from ringbearer_engine.games.adventure_book.rules.corruption import TRACK

from .helpers import arrange, hand, legal, new, play, st, texts, to_story


def test_the_track_has_fifteen_spaces_after_the_start_and_five_eyes() -> None:
    assert TRACK.last == 15
    assert len(TRACK.eyes) == 5


@pytest.mark.parametrize(
    "use",
    ["paid", "moved", "ability", "hand-limit", "plot-discard"],
)
def test_every_use_of_a_ring_card_moves_the_marker(use: str) -> None:
    """The rulebook lists them all: discarded, paid, moved with, ability, hand limit (and
    AB-A18 adds discards a Plot entry demands)."""
    match = to_story(new())
    arrange(match, plot=[5], counters={"rider-1": "r1", "rider-2": "r7"})
    if use == "paid":
        arrange(
            match, hands=[["ring", "insight"], []], pieces={"gandalf": "bag-end", "sam": "garden"}
        )
        play(match, "complete keep-it-secret insight,ring")
    elif use == "moved":
        arrange(match, hands=[["ring"], []])
        play(match, "discard ring")
    elif use == "ability":
        arrange(match, hands=[["ring"], []])
        play(match, "ring -")
    elif use == "hand-limit":
        arrange(match, hands=[["ring"] * 5 + ["mystery"] * 2, []])
        match.script(rolls={"story": ["courage-1", "courage-2"]})
        play(match, "end", "drop courage", "drop ring", "drop ring")
    else:
        arrange(match, hands=[["ring"], []])
        match.script(rolls={"story": ["ring-2", "ring-3"]})
        play(match, "end", "drop ring")
    assert st(match).corruption == (2 if use == "hand-limit" else 1)


def test_a_ring_card_given_back_when_a_chapter_ends_costs_nothing() -> None:
    """AB-A18: the clean-up at the end of a chapter is not a use."""
    match = to_story(new())
    arrange(
        match,
        hands=[["courage", "combat", "mystery", "ring"], ["ring"]],
        pieces={"frodo": "weathertop", "aragorn": "weathertop", "sam": "chetwood"},
        completed=["keep-it-secret", "short-cut", "prancing-pony"],
    )
    play(match, "complete weathertop combat,courage,mystery")
    assert st(match).corruption == 0


def test_reaching_an_eye_space_draws_an_eye_of_sauron_card() -> None:
    match = to_story(new())
    arrange(match, corruption=2, hands=[["ring"], []])
    match.script(rolls={"eye": ["eye-shadow"]})
    events = play(match, "discard ring")
    assert "The marker reaches the eye on space 3: Shadow of Mordor." in " ".join(texts(events))
    assert st(match).fired_eyes == [3]
    assert "eye-shadow" not in st(match).eye_deck


def test_an_eye_space_reached_again_draws_no_card() -> None:
    """The rulebook: moving back over an eye and forward again draws nothing (AB-A20)."""
    match = to_story(new())
    arrange(match, corruption=3, fired_eyes=[3], hands=[["ring"], []])
    deck = list(st(match).eye_deck)
    play(match, "discard ring")
    st(match).corruption = 2
    st(match).hands[0].append(st(match).story_deck.pop(st(match).story_deck.index("ring-2")))
    play(match, "discard ring")
    assert st(match).eye_deck == deck
    assert st(match).fired_eyes == [3]


def test_an_empty_eye_deck_does_nothing() -> None:
    """AB-A20: a used Eye card leaves the campaign; with none left nothing happens."""
    match = to_story(new())
    arrange(match, corruption=2, hands=[["ring"], []], eye_deck=[])
    events = play(match, "discard ring")
    assert st(match).corruption == 3
    assert not any("eye" in line for line in texts(events))


def test_reaching_the_last_space_loses_the_campaign() -> None:
    match = to_story(new())
    arrange(match, corruption=14, hands=[["ring"], []])
    events = play(match, "discard ring")
    assert match.outcome is not None
    assert match.outcome.reason == "corrupted"
    assert "The campaign is lost" in match.outcome.summary
    assert "Chapter 1 is lost" in texts(events)[-1]


def test_a_payment_that_reaches_the_end_loses_even_if_it_would_win() -> None:
    """AB-A21: the cost is paid before the Challenge counts."""
    match = to_story(new())
    arrange(
        match,
        corruption=14,
        hands=[["ring", "combat", "mystery"], []],
        pieces={"frodo": "weathertop", "aragorn": "weathertop", "sam": "chetwood"},
        completed=["keep-it-secret", "short-cut", "prancing-pony"],
    )
    play(match, "complete weathertop combat,mystery,ring")
    assert match.outcome is not None
    assert match.outcome.reason == "corrupted"
    assert "weathertop" not in st(match).completed


def test_the_marker_never_goes_below_the_start_space() -> None:
    """AB-A22: a reward that moves the marker back stops at the ✳ space."""
    match = to_story(new(chapter=2))
    arrange(match, hands=[["courage", "insight"], []], pieces={"aragorn": "falls"})
    play(match, "complete evenstar courage,insight")
    assert st(match).corruption == 0


def test_a_reward_that_says_so_moves_the_marker_back() -> None:
    match = to_story(new(chapter=2))
    arrange(match, corruption=5, hands=[["courage", "insight"], []], pieces={"aragorn": "falls"})
    events = play(match, "complete evenstar courage,insight")
    assert st(match).corruption == 4
    assert "The Corruption marker moves back from 5 to 4 (a reward)." in texts(events)


# -- the Eye of Sauron cards ---------------------------------------------------------------


def eye(card: str, **arranged: Any) -> tuple[Match, list[str]]:
    match = to_story(new())
    arrange(match, corruption=2, **arranged)
    match.script(rolls={"eye": [card]})
    return match, texts(play(match, "discard ring"))


def test_eye_card_the_lidless_eye_makes_every_player_discard_one() -> None:
    match, _ = eye("eye-gaze", hands=[["ring", "courage"], ["mystery", "insight"]])
    play(match, "drop courage")
    assert match.to_move == 1
    play(match, "drop insight")
    assert hand(match, 0) == []
    assert hand(match, 1) == ["mystery"]


def test_eye_card_the_eye_hunts_makes_the_active_player_discard_two() -> None:
    match, _ = eye("eye-hunt", hands=[["ring", "courage", "mystery", "insight"], []])
    play(match, "drop courage", "drop mystery")
    assert hand(match, 0) == ["insight"]


def test_eye_card_cry_of_the_nazgul_discards_a_plot_card_unresolved() -> None:
    match, lines = eye("eye-nazgul", hands=[["ring"], []], plot=[4, 4])
    assert st(match).plot_deck == [4]
    assert "A Plot card (4) is discarded unresolved." in lines


def test_eye_card_shadow_of_mordor_draws_one_card_fewer() -> None:
    match, _ = eye("eye-shadow", hands=[["ring"], []], plot=[5])
    events = play(match, "end")
    assert "Ann draws 1 Story card." in texts(events)


def test_eye_card_the_ring_calls_takes_a_ring_card_from_the_discards() -> None:
    match, lines = eye("eye-lure", hands=[["ring"], []])
    assert hand(match, 0) == ["ring"]
    assert "Ann takes The One Ring from the Story discard pile." in lines


def test_an_eye_card_interrupts_at_once() -> None:
    match, _ = eye("eye-hunt", hands=[["ring", "courage", "mystery"], []])
    assert legal(match)[0].startswith("drop")


def test_an_eye_card_drawn_while_paying_a_challenge_resolves_before_its_reward() -> None:
    """AB-A38: the Eye card is carried out immediately, so its discards come before the
    Challenge's reward, and the reward cannot be discarded to it."""
    match = to_story(new())
    arrange(
        match,
        corruption=2,
        hands=[["ring", "insight", "mystery", "combat"], []],
        pieces={"gandalf": "bag-end", "sam": "garden"},
    )
    match.script(rolls={"eye": ["eye-hunt"], "special": ["shadowfax"]})
    events = texts(play(match, "complete keep-it-secret insight,ring"))
    assert st(match).completed == ["keep-it-secret"]
    assert "shadowfax" not in hand(match, 0)
    assert sorted(legal(match)) == ["drop combat", "drop mystery"]
    assert not any("Shadowfax" in line or "draws" in line for line in events)
    play(match, "drop combat", "drop mystery")
    assert hand(match, 0) == ["shadowfax"]
    assert not st(match).pending


def test_a_challenge_paid_without_reaching_an_eye_gives_its_reward_at_once() -> None:
    match = to_story(new())
    arrange(match, hands=[["ring", "insight"], []], pieces={"gandalf": "bag-end", "sam": "garden"})
    match.script(rolls={"special": ["shadowfax"]})
    play(match, "complete keep-it-secret insight,ring")
    assert hand(match, 0) == ["shadowfax"]
