"""Chapter 4, The Fellowship Breaks: the Uruk-hai at Amon Hen."""

from __future__ import annotations

from .helpers import arrange, legal, new, play, reason, st, texts, to_story


def test_several_orcs_may_share_a_space() -> None:
    """FAQ chapter 4."""
    match = to_story(new(chapter=4))
    arrange(match, counters={"orc-1": "western-woods"}, plot=[1], hands=[[], []])
    events = play(match, "end")
    assert "Orc 2 is placed on The Western Woods." in texts(events)
    assert st(match).counters["orc-1"] == st(match).counters["orc-2"] == "parth-galen"


def test_hunting_orcs_move_one_space_toward_the_nearest_hobbit() -> None:
    match = to_story(new(chapter=4))
    arrange(
        match,
        counters={"orc-1": "seat"},
        pieces={
            "frodo": "stair",
            "sam": "boat-landing",
            "merry": "boat-landing",
            "pippin": "boat-landing",
        },
        plot=[4],
        hands=[[], []],
    )
    play(match, "end")
    # orc-2 appears on the stair (space 2) and both hunt: orc-1 steps to Frodo on the stair.
    assert st(match).counters["orc-1"] == "stair"


def test_frodo_may_not_enter_an_orc_space_without_a_fighter() -> None:
    match = new(chapter=4)
    arrange(match, counters={"orc-1": "glade"})
    assert "move frodo glade" not in legal(match)
    arrange(match, pieces={"aragorn": "glade"})
    assert "move frodo glade" in legal(match)


def test_an_orc_on_frodos_space_at_the_end_of_a_turn_captures_him() -> None:
    """ABD-13: the capture is checked when the turn ends."""
    match = to_story(new(chapter=4))
    arrange(
        match,
        counters={"orc-1": "river-bank"},
        pieces={"frodo": "river-bank"},
        plot=[2],
        hands=[[], []],
    )
    events = play(match, "end")
    assert match.outcome is not None
    assert match.outcome.reason == "frodo-captured"
    assert "no fighter beside him" in texts(events)[-1]


def test_a_fighter_beside_frodo_protects_him() -> None:
    match = to_story(new(chapter=4))
    arrange(
        match,
        counters={"orc-1": "river-bank"},
        pieces={"frodo": "river-bank", "gimli": "river-bank"},
        plot=[2],
        hands=[[], []],
    )
    play(match, "end")
    assert match.outcome is None


def test_an_orc_that_reaches_samwise_sends_him_back() -> None:
    match = to_story(new(chapter=4))
    arrange(
        match, pieces={"sam": "western-woods", "frodo": "boat-landing"}, plot=[1], hands=[[], []]
    )
    events = play(match, "end")
    assert "Samwise is sent back to Parth Galen (an Orc drives him back)." in texts(events)


def test_a_fighter_defeats_an_orc_on_its_space() -> None:
    match = to_story(new(chapter=4))
    arrange(
        match, counters={"orc-1": "parth-galen", "orc-2": "parth-galen"}, hands=[["combat"], []]
    )
    play(match, "deed fight-orc orc-2 combat")
    assert st(match).counters["orc-2"] == ""
    assert st(match).counters["orc-1"] == "parth-galen"


def test_with_no_orc_left_in_the_supply_none_appears() -> None:
    """AB-A33: outside chapter 6 an empty supply only skips the placement."""
    match = to_story(new(chapter=4))
    arrange(match, counters={f"orc-{n}": "ruins" for n in range(1, 6)}, plot=[1], hands=[[], []])
    events = play(match, "end")
    assert "No Orc is left in the supply: none appears." in texts(events)
    assert match.outcome is None


def test_merry_and_pippin_draw_the_orcs_off() -> None:
    match = to_story(new(chapter=4))
    arrange(
        match,
        counters={"orc-1": "glade", "orc-2": "glade", "orc-3": "ruins"},
        pieces={"merry": "glade", "pippin": "glade"},
        hands=[["courage", "courage", "mystery"], []],
    )
    play(match, "complete draw-them-off courage,courage,mystery")
    state = st(match)
    assert state.counters["orc-1"] == state.counters["orc-2"] == ""
    assert state.counters["orc-3"] == "ruins"
    assert "merry" not in state.pieces
    assert "pippin" not in state.pieces


def test_the_ring_moves_frodo_three_spaces_unseen() -> None:
    match = to_story(new(chapter=4))
    arrange(match, counters={"orc-1": "glade"}, hands=[["ring"], []], plot=[2])
    play(match, "ring -", "move frodo glade", "move frodo stair", "move frodo seat")
    assert st(match).pieces["frodo"] == "seat"
    assert not st(match).pending


def test_an_unseen_frodo_may_not_stay_on_an_orc_space_past_the_turn() -> None:
    match = to_story(new(chapter=4))
    arrange(match, counters={"orc-1": "glade"}, hands=[["ring"], []], plot=[2])
    play(match, "ring -", "move frodo glade", "stop", "end")
    assert reason(match) == ""  # unseen this turn
    arrange(match, seat=0, phase="story", plot=[2])
    play(match, "end")
    assert reason(match) == "frodo-captured"
