"""Chapter 5, The Last March of the Ents: Fangorn, the fires and the flooding of Isengard."""

from __future__ import annotations

from typing import Any

import pytest

from ringbearer_engine import IllegalActionError, Match

from .helpers import arrange, legal, new, play, reason, st, texts, to_story

ENTS_HOME = {"ent-1": "derndingle", "ent-2": "derndingle", "ent-3": "derndingle"}


def story(**arranged: Any) -> Match:
    """A chapter 5 match in the first Storytelling step, arranged."""
    return arrange(to_story(new(chapter=5)), **arranged)


# -- FAQ --------------------------------------------------------------------------------------


def test_two_ents_on_one_space_next_to_a_fire_put_it_out() -> None:
    """FAQ chapter 5: two Ents may share a space to fight a fire, if it is next to the fire."""
    match = to_story(new(chapter=5))
    arrange(
        match,
        pieces={"ent-1": "wizards-vale", "ent-2": "wizards-vale"},
        counters={"goblin-1": "gate"},
        hands=[["adventure"], []],
    )
    st(match).turned.append("goblin-1")
    play(match, "deed put-out-fire goblin-1 adventure")
    assert st(match).counters["goblin-1"] == ""
    assert st(match).turned == []


def test_ents_on_two_different_spaces_next_to_a_fire_also_put_it_out() -> None:
    """AB-A41: the two Ents may stand on one space or on two, as long as each is next to it."""
    match = to_story(new(chapter=5))
    arrange(
        match,
        pieces={"ent-1": "wizards-vale", "treebeard": "pits"},
        counters={"goblin-1": "gate"},
        hands=[["adventure"], []],
    )
    st(match).turned.append("goblin-1")
    assert "deed put-out-fire goblin-1 adventure" in legal(match)


def test_one_ent_alone_cannot_put_out_a_fire() -> None:
    match = to_story(new(chapter=5))
    arrange(
        match,
        pieces={"ent-1": "wizards-vale", "treebeard": "wellinghall"},
        counters={"goblin-1": "gate"},
        hands=[["adventure"], []],
    )
    st(match).turned.append("goblin-1")
    assert not [a for a in legal(match) if a.startswith("deed put-out-fire")]


def test_an_ent_on_the_fires_own_space_must_step_next_to_it() -> None:
    """FAQ chapter 5: standing on a Goblin that turns into a fire, move to a neighbouring
    space to put it out (AB-A41: the fire's own space does not count)."""
    match = to_story(new(chapter=5))
    arrange(
        match,
        pieces={"ent-1": "gate", "ent-2": "gate", "merry": "gate"},
        counters={"goblin-1": "gate"},
        hands=[["adventure"], []],
        steps=2,
    )
    st(match).turned.append("goblin-1")
    assert not [a for a in legal(match) if a.startswith("deed put-out-fire")]
    with pytest.raises(IllegalActionError, match="on spaces next to the target"):
        match.play("deed put-out-fire goblin-1 adventure")
    play(match, "move ent-1 pits", "move merry gate")
    assert st(match).pieces["ent-1"] == "pits"
    arrange(match, pieces={"ent-2": "orthanc"})
    assert "deed put-out-fire goblin-1 adventure" in legal(match)


def test_a_goblin_for_a_taken_space_9_goes_to_space_1() -> None:
    """FAQ chapter 5: space 9 taken, the Goblin goes to space 1."""
    match = story(counters={"goblin-1": "orthanc"}, plot=[1], hands=[[], []])
    events = play(match, "end")
    assert "Goblin 2 is placed on The Eaves of Fangorn." in texts(events)


def test_a_goblin_goes_to_the_next_free_space_in_ascending_order() -> None:
    """FAQ chapter 5: ... or the next free space in ascending order (1 and 2 taken: 3)."""
    match = story(
        counters={"goblin-1": "orthanc", "goblin-2": "eaves", "goblin-3": "felled-wood"},
        plot=[1],
        hands=[[], []],
    )
    events = play(match, "end")
    assert "Goblin 4 is placed on The Upper Isen." in texts(events)


def test_a_fire_still_takes_its_space_for_goblin_placement() -> None:
    """AB-A42: a Goblin turned into a fire still occupies its numbered space."""
    match = story(counters={"goblin-1": "orthanc"}, plot=[1], hands=[[], []])
    st(match).turned.append("goblin-1")
    events = play(match, "end")
    assert "Goblin 2 is placed on The Eaves of Fangorn." in texts(events)


def test_the_ents_keep_moving_with_merry_and_pippin_after_free_the_river() -> None:
    """FAQ chapter 5: once "Free the River!" is complete the Ents may leave the dam (AB-A44)."""
    match = to_story(new(chapter=5))
    arrange(
        match,
        pieces={"ent-1": "dam", "ent-2": "dam", "ent-3": "derndingle", "merry": "dam"},
        completed=["shepherd-of-trees", "entmoot"],
        hands=[["combat", "courage", "insight"], []],
    )
    play(match, "complete free-the-river combat,courage,insight")
    assert "free-the-river" in st(match).completed
    arrange(match, steps=1)
    play(match, "move ent-1 north-wall")
    assert st(match).pieces["ent-1"] == st(match).pieces["merry"] == "north-wall"
    assert "free-the-river" in st(match).completed


def test_a_piece_may_share_a_space_with_a_goblin_without_defeating_it() -> None:
    """FAQ chapter 5: you may stand on a Goblin's space; nothing forces a fight."""
    match = new(chapter=5)
    arrange(match, counters={"goblin-1": "felled-wood"}, plot=[2], hands=[[], []])
    play(match, "move merry felled-wood", "end", "end")
    assert reason(match) == ""
    assert st(match).counters["goblin-1"] == "felled-wood"
    assert st(match).pieces["merry"] == "felled-wood"


# -- Ents, Treebeard, Goblins -------------------------------------------------------------------


def test_an_ent_moves_only_with_merry_or_pippin_on_its_space() -> None:
    match = new(chapter=5)
    arrange(match, pieces=ENTS_HOME)
    assert not [a for a in legal(match) if a.startswith("move ent-1")]
    with pytest.raises(IllegalActionError, match="moves only with Merry or Pippin"):
        match.play("move ent-1 upper-isen")


def test_moving_an_ent_carries_the_hobbit_on_its_space_along() -> None:
    """AB-A40: with both hobbits there, Merry (the first listed) goes along."""
    match = new(chapter=5)
    arrange(match, pieces={**ENTS_HOME, "merry": "derndingle", "pippin": "derndingle"})
    events = play(match, "move ent-2 upper-isen")
    assert texts(events) == [
        "Beechbone moves from Derndingle to The Upper Isen.",
        "Merry moves from Derndingle to The Upper Isen.",
    ]
    assert st(match).pieces["pippin"] == "derndingle"
    assert st(match).steps == 1


def test_treebeard_moves_like_a_character_piece() -> None:
    match = new(chapter=5)
    play(match, "move treebeard derndingle", "move treebeard wizards-vale")
    assert st(match).pieces["treebeard"] == "wizards-vale"


def test_any_piece_on_a_goblins_space_may_defeat_it() -> None:
    """AB-A43."""
    match = to_story(new(chapter=5))
    arrange(match, counters={"goblin-1": "eaves"}, hands=[["combat"], []])
    play(match, "deed fight-goblin goblin-1 combat")
    assert st(match).counters["goblin-1"] == ""


def test_a_fire_is_not_a_goblin_to_fight() -> None:
    match = to_story(new(chapter=5))
    arrange(match, counters={"goblin-1": "eaves"}, hands=[["combat"], []])
    st(match).turned.append("goblin-1")
    assert not [a for a in legal(match) if a.startswith("deed fight-goblin")]


def test_three_fires_at_once_burn_fangorn() -> None:
    match = story(
        counters={"goblin-1": "eaves", "goblin-2": "pits", "goblin-3": "gate"},
        plot=[3],
        hands=[[], []],
    )
    st(match).turned.extend(["goblin-2", "goblin-3"])
    events = play(match, "end")
    assert "Goblin 1 on The Eaves of Fangorn turns into Fire 1." in texts(events)
    assert reason(match) == "fangorn-burns"


def test_two_fires_do_not_lose() -> None:
    match = story(counters={"goblin-1": "eaves", "goblin-2": "pits"}, plot=[3], hands=[[], []])
    st(match).turned.append("goblin-2")
    play(match, "end")
    assert reason(match) == ""


def test_a_put_out_fire_comes_back_as_a_goblin() -> None:
    """AB-A45: a counter leaves the board on its front side."""
    match = to_story(new(chapter=5))
    arrange(
        match,
        pieces={"ent-1": "wizards-vale", "ent-2": "wizards-vale"},
        counters={"goblin-1": "gate"},
        hands=[["adventure"], []],
        plot=[2],
    )
    st(match).turned.append("goblin-1")
    events = play(match, "deed put-out-fire goblin-1 adventure", "end")
    assert "Fire 1 is removed from The Gate of Isengard (Put out a fire)." in texts(events)
    assert "Goblin 1 is placed on The Pits." in texts(events)
    assert st(match).turned == []


def test_saruman_sends_a_burning_goblin_for_every_ring_card_used() -> None:
    match = story(hands=[["ring"], []], plot=[2])
    play(match, "discard ring")
    events = play(match, "end")
    found = texts(events)
    assert "Saruman feels the Ring: a Goblin comes with a torch." in found
    assert "Goblin 2 on The Foot of Orthanc turns into Fire 2." in found


def test_a_ring_card_dropped_for_the_hand_limit_also_calls_a_burning_goblin() -> None:
    """AB-A46: the Goblins come after step 5, so hand-limit discards count too."""
    match = story(hands=[["ring", "courage", "courage", "courage", "insight", "insight"], []])
    arrange(match, plot=[2])
    play(match, "end", "drop ring", "drop courage")
    assert st(match).corruption == 1
    assert st(match).counters["goblin-2"] == "orthanc"
    assert st(match).turned == ["goblin-2"]


# -- Challenges ---------------------------------------------------------------------------------


def test_a_shepherd_of_trees_needs_treebeard_and_the_hobbits_on_the_felled_wood() -> None:
    match = story(hands=[["courage", "mystery"], []])
    assert not [a for a in legal(match) if a.startswith("complete shepherd-of-trees")]
    arrange(
        match, pieces={"treebeard": "felled-wood", "merry": "felled-wood", "pippin": "felled-wood"}
    )
    events = play(match, "complete shepherd-of-trees courage,mystery")
    assert "Ann wins a Special card; it joins the Story deck for good." in texts(events)


def test_the_entmoot_brings_the_three_ents_to_derndingle() -> None:
    match = story(
        pieces={"treebeard": "derndingle", "merry": "derndingle", "pippin": "derndingle"},
        hands=[["insight", "mystery", "combat"], []],
    )
    assert "ent-1" not in st(match).pieces
    play(match, "complete entmoot combat,insight,mystery")
    assert all(st(match).pieces[e] == "derndingle" for e in ENTS_HOME)


def test_free_the_river_needs_two_ents_on_the_dam() -> None:
    match = story(
        pieces={"ent-1": "dam", "ent-2": "upper-isen", "ent-3": "derndingle"},
        completed=["entmoot"],
        hands=[["combat", "courage", "insight"], []],
    )
    with pytest.raises(IllegalActionError, match="2 Ents on the Dam"):
        match.play("complete free-the-river combat,courage,insight")


def test_free_the_river_washes_isengard_clean_but_not_fangorn() -> None:
    match = story(
        pieces={"ent-1": "dam", "ent-2": "dam", "ent-3": "derndingle"},
        counters={"goblin-1": "pits", "goblin-2": "orthanc", "goblin-3": "felled-wood"},
        completed=["entmoot"],
        hands=[["combat", "courage", "insight"], []],
    )
    st(match).turned.append("goblin-2")
    play(match, "complete free-the-river combat,courage,insight")
    counters = st(match).counters
    assert counters["goblin-1"] == counters["goblin-2"] == ""
    assert counters["goblin-3"] == "felled-wood"
    assert st(match).turned == []


def test_the_drowning_of_isengard_needs_every_fire_out() -> None:
    match = story(
        pieces={"treebeard": "orthanc", "merry": "gate", "pippin": "gate"},
        counters={"goblin-1": "eaves"},
        completed=["shepherd-of-trees", "entmoot", "free-the-river"],
        hands=[["courage", "adventure", "mystery"], []],
        corruption=4,
    )
    st(match).turned.append("goblin-1")
    with pytest.raises(IllegalActionError, match="no fire on the board"):
        match.play("complete isengard-drowned adventure,courage,mystery")
    st(match).turned.clear()  # a Goblin that is no fire does not stop it
    play(match, "complete isengard-drowned adventure,courage,mystery")
    assert match.outcome is not None
    assert match.outcome.won
    assert st(match).corruption == 3


def test_the_drowning_of_isengard_is_the_final_challenge() -> None:
    match = story(
        pieces={"treebeard": "orthanc", "merry": "gate", "pippin": "gate"},
        completed=["entmoot", "free-the-river"],
        hands=[["courage", "adventure", "mystery"], []],
    )
    with pytest.raises(IllegalActionError, match="final Challenge"):
        match.play("complete isengard-drowned adventure,courage,mystery")


# -- Plot Chart and the One Ring ------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "space"),
    [(1, "The Foot of Orthanc"), (2, "The Pits"), (4, "The Wizard's Vale"), (5, "The Felled Wood")],
)
def test_plot_entries_bring_goblins_to_their_spaces(value: int, space: str) -> None:
    match = story(plot=[value], hands=[[], []])
    events = play(match, "end")
    assert f"Goblin 1 is placed on {space}." in texts(events)


def test_plot_3_turns_the_goblin_on_the_lowest_numbered_space_into_a_fire() -> None:
    match = story(
        counters={"goblin-1": "pits", "goblin-2": "felled-wood"}, plot=[3], hands=[[], []]
    )
    events = play(match, "end")
    assert "Goblin 2 on The Felled Wood turns into Fire 2." in texts(events)
    assert st(match).turned == ["goblin-2"]


@pytest.mark.parametrize("value", [4, 5])
def test_goblins_on_a_space_with_a_piece_cost_the_active_player_a_card(value: int) -> None:
    match = story(counters={"goblin-3": "eaves"}, plot=[value], hands=[["courage", "insight"], []])
    play(match, "end")
    pending = st(match).pending
    assert [(p.kind, p.amount) for p in pending] == [("drop", 1)]


def test_the_huorns_smother_one_fire() -> None:
    match = story(counters={"goblin-1": "eaves", "goblin-2": "pits"}, hands=[["ring"], []])
    assert not [a for a in legal(match) if a.startswith("ring")]
    st(match).turned.append("goblin-2")
    assert [a for a in legal(match) if a.startswith("ring")] == ["ring goblin-2"]
    events = play(match, "ring goblin-2")
    assert "Fire 2 is removed from The Pits (smothered by the Huorns)." in texts(events)
    assert st(match).corruption == 1
