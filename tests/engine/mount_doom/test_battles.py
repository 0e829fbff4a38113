"""Battles: support, the battle die, losses, and several battles from one card."""

from __future__ import annotations

from typing import Any

import pytest

from ringbearer_engine import Event, Match
from ringbearer_engine.games.mount_doom.content import TRACK_START
from ringbearer_engine.games.mount_doom.events import (
    BattleBegins,
    BattleEnded,
    ResolveChanged,
    UrukRemoved,
)
from ringbearer_engine.games.mount_doom.rules.battles import supporters
from ringbearer_engine.games.mount_doom.state import Ask

from .helpers import goal, new, of, play, space, state, tray

TROLL = ["cave-troll"] * 6  # one battle, two dark hearts when lost
ORC = ["moria-orc"] * 6  # one battle, one dark heart when lost


def fight(row: list[str], faces: list[str], **arrange: Any) -> tuple[Match, list[Event]]:
    match = new(row=row, **arrange)
    match.script(rolls={"battle": faces})
    return match, tray(match, (1, "", 0))


def test_support_is_the_ring_bearers_space_and_ahead_of_him_up_to_his_next_goal() -> None:
    """The rulebook's example 1: everybody on his space or ahead on the stage supports."""
    match = new(pos=[space(0, 2), space(0, 2), space(0, 4), space(0, 7), goal(0)])
    assert supporters(state(match)) == (1, 2, 3, 4)


def test_support_excludes_companions_behind_him_or_past_the_next_goal() -> None:
    """The rulebook's example 2: Aragorn behind, Legolas on the next stage: only Gimli and
    Merry & Pippin support."""
    match = new(pos=[space(0, 3), space(0, 5), space(0, 1), space(1, 2), goal(0)])
    assert supporters(state(match)) == (1, 4)


def test_support_from_a_stage_goal_counts_up_to_the_following_goal() -> None:
    """MD-A18: standing on a goal (or Rivendell), his space starts the next stage."""
    match = new(pos=[goal(0), goal(0), space(1, 3), goal(1), space(2, 1)])
    assert supporters(state(match)) == (1, 2, 3)
    match = new(pos=[0, 0, goal(0), goal(0) + 1, 3])
    assert supporters(state(match)) == (1, 2, 4)


def test_battle_is_won_on_the_weapon_of_a_supporting_companion() -> None:
    match, events = fight(TROLL, ["aragorn"])
    assert of(events, BattleEnded) == [BattleEnded(True, "Aragorn supports the Ring-bearer")]
    assert state(match).resolve == TRACK_START


def test_battle_is_lost_on_the_weapon_of_a_companion_who_does_not_support() -> None:
    match, events = fight(TROLL, ["aragorn"], pos=[3, 0, 1, 0, 0])
    assert of(events, BattleEnded) == [BattleEnded(False, "Aragorn is not supporting")]
    assert state(match).resolve == TRACK_START - 2


def test_battle_is_lost_at_once_on_the_sauron_symbol() -> None:
    _, events = fight(TROLL, ["sauron"])
    assert of(events, BattleEnded) == [BattleEnded(False, "the Sauron symbol")]


def test_battle_on_the_gandalf_symbol_is_lost_without_a_gandalf_card() -> None:
    match, events = fight(ORC, ["gandalf"])
    assert of(events, BattleEnded) == [BattleEnded(False, "the Gandalf symbol")]
    assert state(match).resolve == TRACK_START - 1


def test_battle_on_the_gandalf_symbol_is_won_by_giving_up_a_gandalf_card() -> None:
    """MD-A19: any unused Gandalf card in front of any player; its text is ignored."""
    match, events = fight(ORC, ["gandalf"], players=2, held=["support", "elrond"], holder=[1, 0])
    assert state(match).pending == Ask.ROLLED  # Elrond could reroll first
    play(match, "pass")
    assert state(match).pending == Ask.FACE
    assert [str(a) for a in match.actions()] == ["pass", "spend support"]
    events = play(match, "spend support")
    assert of(events, BattleEnded) == [BattleEnded(True, "a Gandalf card is given up")]
    s = state(match)
    assert s.resolve == TRACK_START
    assert "support" in s.box
    assert s.held == ["elrond"]


def test_battle_on_the_gandalf_symbol_may_be_lost_keeping_the_gandalf_card() -> None:
    match, _ = fight(ORC, ["gandalf"], held=["support"])
    events = play(match, "pass")
    assert of(events, BattleEnded) == [BattleEnded(False, "the Gandalf symbol")]
    assert state(match).held == ["support"]


def test_lost_battle_costs_one_resolve_per_dark_heart_on_the_card() -> None:
    _, events = fight(TROLL, ["sauron"])
    assert of(events, ResolveChanged) == [ResolveChanged(-2, TRACK_START - 2)]


def test_three_uruk_hai_and_their_leader_mean_four_battles() -> None:
    """The rulebook's example: 3 warriors and the leader at Isengard, so four battle rolls."""
    match, events = fight(["uruk-hai-rohan"] * 6, ["sauron"] * 4, uruk=3, stage=1)
    assert [(b.number, b.of) for b in of(events, BattleBegins)] == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert state(match).resolve == TRACK_START - 4


def test_uruk_hai_won_battles_remove_exactly_one_warrior_and_never_the_leader() -> None:
    """MD-A22: the count is fixed at activation; any wins remove one warrior, after the last."""
    match, events = fight(["uruk-hai-rohan"] * 6, ["aragorn", "gimli", "sauron"], uruk=2, stage=1)
    assert of(events, UrukRemoved) == [UrukRemoved(False, 1)]
    assert events.index(of(events, UrukRemoved)[0]) > events.index(of(events, BattleEnded)[-1])
    s = state(match)
    assert (s.uruk, s.leader) == (1, True)
    assert s.resolve == TRACK_START - 1


def test_uruk_hai_leader_alone_still_means_one_battle_and_stays() -> None:
    match, events = fight(["uruk-hai-rohan"] * 6, ["aragorn"], uruk=0, stage=1)
    assert len(of(events, BattleBegins)) == 1
    assert not of(events, UrukRemoved)
    assert state(match).leader is True


def test_uruk_hai_battles_all_lost_remove_nobody() -> None:
    match, events = fight(["uruk-hai-rohan"] * 6, ["sauron", "sauron"], uruk=1, stage=1)
    assert not of(events, UrukRemoved)
    assert state(match).uruk == 1


@pytest.mark.parametrize(
    ("faces", "lost"),
    [
        (["aragorn", "gimli"], 0),
        (["sauron", "aragorn", "gimli"], 1),
        (["aragorn", "sauron", "gimli", "sauron", "legolas", "merry"], 2),
    ],
)
def test_sauron_mouth_fights_until_two_battles_in_a_row_are_won(
    faces: list[str], lost: int
) -> None:
    """MD-A26."""
    match, events = fight(["sauron-mouth"] * 6, faces, stage=4)
    assert len(of(events, BattleBegins)) == len(faces)
    assert state(match).resolve == TRACK_START - lost
    assert "sauron-mouth" in state(match).box


def test_mumakil_fight_two_battles_of_two_dark_hearts_each() -> None:
    match, events = fight(["mumakil"] * 6, ["sauron", "sauron"], stage=4)
    assert len(of(events, BattleBegins)) == 2
    assert state(match).resolve == TRACK_START - 4


def test_battle_events_name_the_supporters() -> None:
    _, events = fight(TROLL, ["gimli"], pos=[0, 0, 0, 5, 9])
    assert str(of(events, BattleBegins)[0]) == (
        "Battle 1 of 1 against Cave Troll; supporting: Merry & Pippin, Aragorn, Legolas."
    )


def test_crossed_weapons_with_arrow_the_effect_after_the_arrow_follows_only_a_lost_battle() -> None:
    """A battle card reads "crossed weapons → dark hearts": a won battle costs nothing."""
    _, events = fight(["mumakil"] * 6, ["aragorn", "sauron"], stage=4)
    assert [e.won for e in of(events, BattleEnded)] == [True, False]
    assert of(events, ResolveChanged) == [ResolveChanged(-2, TRACK_START - 2)]


def test_each_battle_of_a_card_rolls_the_battle_die_once() -> None:
    match, events = fight(["mumakil"] * 6, ["aragorn", "gimli"], stage=4)
    assert [str(e) for e in events if type(e).__name__ == "BattleRolled"] == [
        "The battle die shows aragorn.",
        "The battle die shows gimli.",
    ]
    assert state(match).resolve == TRACK_START
