"""Chapter 6, Battle of Helm's Deep: the Orcs, the Hornburg, the Horn and the White Rider."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError

from .helpers import arrange, hand, legal, new, play, reason, st, texts, to_story

ALL_SIX = {f"orc-{n}": "dike" for n in range(1, 7)}


def orcs_at(counters: dict[str, str], space: str) -> list[str]:
    return sorted(o for o, where in counters.items() if where == space)


# -- the FAQ ---------------------------------------------------------------------------------


def test_pieces_move_onto_and_off_orc_spaces_without_defeating_them() -> None:
    """FAQ chapter 6, AB-A50: an Orc neither stops nor blocks a move, and stays put."""
    match = new(chapter=6)
    arrange(match, counters={"orc-1": "gate", "orc-2": "causeway"})
    assert "move aragorn gate" in legal(match)
    play(match, "move aragorn gate", "move aragorn causeway")
    state = st(match)
    assert state.pieces["aragorn"] == "causeway"
    assert state.counters["orc-1"] == "gate"
    assert state.counters["orc-2"] == "causeway"
    assert reason(match) == ""


def test_an_orc_that_must_be_placed_with_all_six_on_the_board_loses_the_chapter() -> None:
    """FAQ chapter 6, AB-A33, AB-A51: the rulebook's lose condition, kept as data."""
    match = to_story(new(chapter=6))
    arrange(match, counters=ALL_SIX, plot=[1], hands=[[], []])
    events = play(match, "end")
    assert reason(match) == "orc-host"
    assert texts(events)[-1] == (
        "Chapter 6 is lost: an Orc had to be placed with all six already on the board"
    )


def test_the_sixth_orc_may_still_be_placed() -> None:
    """AB-A51: only an Orc that cannot be placed loses; the last one in the supply comes."""
    match = to_story(new(chapter=6))
    arrange(match, counters={f"orc-{n}": "culvert" for n in range(1, 6)}, plot=[1], hands=[[], []])
    events = play(match, "end")
    assert "Orc 6 is placed on Helm's Dike." in texts(events)
    assert reason(match) == ""


def test_a_defeated_orc_goes_back_to_the_supply_and_may_come_again() -> None:
    match = to_story(new(chapter=6))
    arrange(match, counters=ALL_SIX, pieces={"gimli": "dike"}, plot=[2], hands=[["combat"], []])
    play(match, "deed fight-orc orc-3 combat")
    assert st(match).counters["orc-3"] == ""
    assert st(match).flags["defeated-orc"] == 1
    events = play(match, "end")
    assert "Orc 3 is placed on The Deeping Wall." in texts(events)
    assert reason(match) == ""


# -- the Orcs --------------------------------------------------------------------------------


def test_an_orc_appears_on_its_space_even_where_orcs_already_stand() -> None:
    """AB-A34: Orcs share spaces; a taken numbered space does not pass the Orc on."""
    match = to_story(new(chapter=6))
    arrange(match, counters={"orc-1": "dike", "orc-2": "dike"}, plot=[1], hands=[[], []])
    play(match, "end")
    assert orcs_at(st(match).counters, "dike") == ["orc-1", "orc-2", "orc-3"]


def test_storming_orcs_move_one_space_toward_the_hornburg() -> None:
    """AB-A52: along a shortest path; Orcs already in the Hornburg stay there."""
    match = to_story(new(chapter=6))
    arrange(
        match,
        counters={"orc-1": "coomb", "orc-2": "culvert", "orc-3": "gate", "orc-4": "hornburg"},
        pieces={"aragorn": "glittering-caves", "legolas": "glittering-caves", "gimli": "tower"},
        plot=[5],
        hands=[[], []],
    )
    play(match, "end")
    play(match, *(f"drop {t}" for t in hand(match, 0)))
    counters = st(match).counters
    assert counters["orc-1"] == "dike"
    assert counters["orc-2"] == "deeping-wall"
    assert counters["orc-3"] == "hornburg"
    assert counters["orc-4"] == "hornburg"


def test_a_fighter_holds_the_orcs_on_his_space() -> None:
    """AB-A52: Orcs sharing a space with a fighter do not storm."""
    match = to_story(new(chapter=6))
    arrange(
        match,
        counters={"orc-1": "gate", "orc-2": "gate", "orc-3": "deeping-wall"},
        pieces={"legolas": "gate"},
        plot=[5],
        hands=[[], []],
    )
    play(match, "end")
    play(match, *(f"drop {t}" for t in hand(match, 0)))
    counters = st(match).counters
    assert counters["orc-1"] == counters["orc-2"] == "gate"
    assert counters["orc-3"] == "hornburg"


def test_three_orcs_in_the_hornburg_lose_the_chapter() -> None:
    match = to_story(new(chapter=6))
    arrange(
        match,
        counters={"orc-1": "hornburg", "orc-2": "hornburg", "orc-3": "deeping-wall"},
        pieces={"aragorn": "tower", "legolas": "tower", "gimli": "tower"},
        plot=[3],
        hands=[[], []],
    )
    events = play(match, "end")
    assert reason(match) == "hornburg-falls"
    assert "Orc 3 moves from The Deeping Wall to The Hornburg." in texts(events)


def test_two_orcs_in_the_hornburg_are_not_yet_a_loss() -> None:
    match = to_story(new(chapter=6))
    arrange(
        match,
        counters={"orc-1": "hornburg", "orc-2": "hornburg"},
        plot=[1],
        hands=[[], []],
    )
    play(match, "end")
    assert reason(match) == ""


def test_any_fighter_defeats_an_orc_for_a_combat_skill_card() -> None:
    match = to_story(new(chapter=6))
    arrange(match, counters={"orc-1": "hornburg"}, hands=[["combat"], []])
    assert {a for a in legal(match) if a.startswith("deed")} == {"deed fight-orc orc-1 combat"}
    play(match, "deed fight-orc orc-1 combat")
    assert st(match).counters["orc-1"] == ""


def test_only_aragorn_or_gandalf_lead_a_charge_for_a_courage_card() -> None:
    match = to_story(new(chapter=6))
    arrange(
        match,
        counters={"orc-1": "deeping-wall"},
        pieces={"legolas": "deeping-wall", "gimli": "deeping-wall"},
        hands=[["courage"], []],
    )
    assert not any(a.startswith("deed lead-a-charge") for a in legal(match))
    arrange(match, pieces={"gandalf": "deeping-wall"})
    play(match, "deed lead-a-charge orc-1 courage")
    assert st(match).counters["orc-1"] == ""
    assert st(match).flags["defeated-orc"] == 1


# -- the board -------------------------------------------------------------------------------


def test_the_tower_of_the_horn_is_climbed_by_paying_a_courage_card() -> None:
    """AB-A10: the printed card instead of a step."""
    match = new(chapter=6)
    arrange(match, hands=[["courage"], []])
    with pytest.raises(IllegalActionError, match="use 'enter'"):
        match.play("move gimli tower")
    play(match, "enter gimli tower courage")
    assert st(match).pieces["gimli"] == "tower"
    assert st(match).steps == 2
    assert hand(match, 0) == []


def test_gandalf_is_off_the_board_until_the_horn_sounds() -> None:
    """AB-A53."""
    match = new(chapter=6)
    assert "gandalf" not in st(match).pieces
    assert not any("gandalf" in a for a in legal(match))


# -- the Challenges --------------------------------------------------------------------------


def test_out_of_the_postern_door_throws_the_orcs_off_the_causeway() -> None:
    match = to_story(new(chapter=6))
    arrange(
        match,
        counters={"orc-1": "causeway", "orc-2": "causeway", "orc-3": "gate"},
        pieces={"aragorn": "causeway", "gimli": "causeway"},
        hands=[["adventure", "courage"], []],
    )
    events = play(match, "complete postern-sally adventure,courage")
    state = st(match)
    assert state.counters["orc-1"] == state.counters["orc-2"] == ""
    assert state.counters["orc-3"] == "gate"
    assert "Ann draws 1 Story card." in texts(events)
    assert len(state.hands[0]) == 1


def test_a_friendly_contest_needs_three_orcs_defeated() -> None:
    match = to_story(new(chapter=6))
    arrange(
        match,
        pieces={"legolas": "deeping-wall", "gimli": "deeping-wall"},
        flags={"defeated-orc": 2},
        hands=[["insight", "mystery"], []],
    )
    with pytest.raises(IllegalActionError, match="at least 3 Orcs defeated"):
        match.play("complete friendly-contest insight,mystery")
    arrange(match, flags={"defeated-orc": 3})
    play(match, "complete friendly-contest insight,mystery")
    assert "friendly-contest" in st(match).completed
    assert len(st(match).hands[0]) == 2


def test_the_horn_of_helm_brings_gandalf_to_the_eastern_hill() -> None:
    match = to_story(new(chapter=6))
    arrange(
        match,
        pieces={"gimli": "tower", "aragorn": "gate"},
        counters={"orc-1": "hornburg"},
        hands=[["courage", "mystery", "adventure"], []],
    )
    with pytest.raises(IllegalActionError, match="no Orc in the Hornburg"):
        match.play("complete horn-of-helm adventure,courage,mystery")
    arrange(match, counters={"orc-1": "gate"})
    events = play(match, "complete horn-of-helm adventure,courage,mystery")
    assert "Gandalf joins the story at The Eastern Hill." in texts(events)
    assert st(match).pieces["gandalf"] == "eastern-hill"


def test_gandalf_moves_and_fights_like_a_character_once_he_has_come() -> None:
    """AB-A8, AB-A53."""
    match = to_story(new(chapter=6))
    arrange(match, pieces={"gandalf": "eastern-hill"}, counters={"orc-1": "coomb"})
    arrange(match, hands=[["adventure", "combat"], []])
    play(match, "discard adventure", "move gandalf coomb")
    assert "deed fight-orc orc-1 combat" in legal(match)


def test_look_to_my_coming_wins_the_chapter_and_eases_corruption() -> None:
    match = to_story(new(chapter=6))
    arrange(
        match,
        completed=["postern-sally", "friendly-contest", "horn-of-helm"],
        pieces={"gandalf": "coomb", "aragorn": "coomb"},
        corruption=4,
        hands=[["adventure", "courage", "insight", "mystery", "mystery"], []],
    )
    play(match, "complete look-to-my-coming adventure,courage,insight,mystery,mystery")
    assert match.outcome is not None
    assert match.outcome.won
    assert st(match).corruption == 3


def test_look_to_my_coming_is_the_final_challenge() -> None:
    match = to_story(new(chapter=6))
    arrange(
        match,
        pieces={"gandalf": "coomb", "aragorn": "coomb"},
        hands=[["adventure", "courage", "insight", "mystery", "mystery"], []],
    )
    with pytest.raises(IllegalActionError, match="final Challenge"):
        match.play("complete look-to-my-coming adventure,courage,insight,mystery,mystery")


# -- the Plot Chart --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "space"),
    [(1, "dike"), (2, "deeping-wall"), (3, "causeway"), (4, "culvert")],
)
def test_plot_entries_place_an_orc_on_their_numbered_space(value: int, space: str) -> None:
    match = to_story(new(chapter=6))
    # Fighters on every numbered space hold the Orcs where they appear (plot 3 storms).
    arrange(match, pieces={"aragorn": space, "legolas": space}, plot=[value], hands=[[], []])
    play(match, "end")
    assert st(match).counters["orc-1"] == space


def test_plot_three_storms_after_placing() -> None:
    match = to_story(new(chapter=6))
    arrange(match, plot=[3], hands=[[], []])
    events = play(match, "end")
    assert texts(events)[-3:-1] == [
        "Orc 1 is placed on The Causeway.",
        "Orc 1 moves from The Causeway to The Great Gate.",
    ]


def test_plot_five_costs_the_active_player_two_cards_then_the_orcs_storm() -> None:
    match = to_story(new(chapter=6))
    arrange(match, counters={"orc-1": "dike"}, plot=[5], hands=[["courage", "insight"], []])
    play(match, "end")
    assert st(match).pending[0].amount == 2
    assert st(match).counters["orc-1"] == "dike"
    play(match, "drop courage", "drop insight")
    assert st(match).counters["orc-1"] == "causeway"


# -- the One Ring ----------------------------------------------------------------------------


def test_the_ring_ability_removes_an_orc_and_calls_none() -> None:
    """AB-A54: the Eye turns away, so the card spent on the ability brings no Orc."""
    match = to_story(new(chapter=6))
    arrange(match, counters={"orc-1": "gate"}, plot=[5], hands=[["ring"], []])
    play(match, "ring orc-1")
    assert st(match).counters["orc-1"] == ""
    assert st(match).corruption == 1
    play(match, "end")
    play(match, *(f"drop {t}" for t in hand(match, 0)))
    assert st(match).turn == 2
    assert all(not where for where in st(match).counters.values())


def test_a_one_ring_card_used_calls_an_orc_into_the_hornburg() -> None:
    """AB-A54: any use (here discarding it to move) brings one Orc at the turn's end."""
    match = to_story(new(chapter=6))
    arrange(match, plot=[5], hands=[["ring"], []])
    play(match, "discard ring", "move legolas gate", "end")
    play(match, *(f"drop {t}" for t in hand(match, 0)))
    assert st(match).turn == 2
    assert st(match).corruption == 1
    assert orcs_at(st(match).counters, "hornburg") == ["orc-1"]


def test_an_orc_called_by_the_ring_with_none_left_loses_at_once() -> None:
    """The FAQ's lose condition holds for the Ring's Orcs too; the turn ends there."""
    match = to_story(new(chapter=6))
    arrange(match, counters=ALL_SIX, plot=[5], hands=[["ring"], []])
    play(match, "discard ring", "move legolas gate", "end")
    events = play(match, *(f"drop {t}" for t in hand(match, 0)))
    assert reason(match) == "orc-host"
    assert st(match).turn == 1
    assert not any(t.startswith("Turn 2") for t in texts(events))


def test_one_ring_cards_that_cost_no_corruption_call_no_orc() -> None:
    """AB-A54: with Arwen's Love the One Ring cards move no marker, so they call nothing."""
    match = to_story(new(chapter=6))
    arrange(
        match,
        pieces={"gimli": "tower", "aragorn": "gate"},
        plot=[5],
        hands=[["ring", "ring", "ring", "arwens-love"], []],
    )
    play(match, "complete horn-of-helm arwens-love,ring,ring,ring", "end")
    play(match, *(f"drop {t}" for t in hand(match, 0)))
    assert st(match).turn == 2
    assert st(match).corruption == 0
    assert orcs_at(st(match).counters, "hornburg") == []
