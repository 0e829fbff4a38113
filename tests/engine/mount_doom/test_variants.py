"""The two variants: Friends in Need (easier) and Without Protection and With Personal Friends
(harder), alone and together; and who may use cards in the standard game (MD-A35)."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.mount_doom.content import MORGUL, TRACK_START, TRACK_TOP
from ringbearer_engine.games.mount_doom.events import EventSpace, FriendsInNeed
from ringbearer_engine.games.mount_doom.state import Ask

from .helpers import event_space, new, of, play, state, tray

EASY = {"friends_in_need": True}
HARD = {"without_protection": True}
BOTH = {"friends_in_need": True, "without_protection": True}
QUIET = ["moria-orc"] * 6


def test_cards_are_shared_by_the_active_player_in_the_standard_game() -> None:
    """MD-A35: whoever's turn it is may use any player's friend card; only they decide."""
    match = new(players=2, held=["elrond"], holder=[1])
    match.script(rolls={"black": [2, 3], "blue": [1], "red": [1]})
    play(match, "roll blue,red")
    assert match.to_move == 0
    assert "use elrond blue" in {str(a) for a in match.actions()}


def test_friends_in_need_gives_one_resolve_per_unused_friend_and_gandalf_card_at_minas_morgul() -> (
    None
):
    """MD-A40: Boromir counts too; applied once, after the free steps."""
    match = new(
        options=EASY,
        row=QUIET,
        stage=4,
        pos=[MORGUL - 1, 0, 0, 0, 0],
        held=["boromir", "elrond", "power"],
        resolve=5,
        gandalf_token=True,
    )
    events = tray(match, (0, "orange", 1))
    assert of(events, FriendsInNeed) == [FriendsInNeed(3)]
    s = state(match)
    assert s.resolve == 5 + 3
    assert s.held == ["boromir", "elrond", "power"]  # the cards are not used up


def test_friends_in_need_steps_above_the_top_circle_are_lost() -> None:
    match = new(
        options=EASY,
        row=QUIET,
        stage=4,
        pos=[MORGUL - 1, 0, 0, 0, 0],
        held=["boromir", "elrond"],
        resolve=TRACK_TOP - 1,
    )
    tray(match, (0, "orange", 1))
    assert state(match).resolve == TRACK_TOP


def test_without_friends_in_need_there_is_no_bonus_at_minas_morgul() -> None:
    match = new(row=QUIET, stage=4, pos=[MORGUL - 1, 0, 0, 0, 0], held=["boromir"])
    events = tray(match, (0, "orange", 1))
    assert not of(events, FriendsInNeed)
    assert state(match).resolve == TRACK_START


@pytest.mark.parametrize("options", [HARD, BOTH])
def test_without_protection_event_spaces_strike_even_when_already_occupied(
    options: dict[str, bool],
) -> None:
    dark = event_space("dark")
    match = new(options=options, row=QUIET, pos=[0, dark, dark - 2, 0, 0])
    match.script(rolls={"battle": ["gimli"]})
    events = tray(match, (1, "blue", 2))
    assert of(events, EventSpace) == [EventSpace(2, "dark", "strikes")]
    assert state(match).resolve == TRACK_START - 1


@pytest.mark.parametrize("options", [HARD, BOTH])
def test_with_personal_friends_a_friend_card_serves_only_the_seat_that_took_it(
    options: dict[str, bool],
) -> None:
    """MD-A36."""
    match = new(players=2, options=options, held=["elrond"], holder=[1])
    match.script(rolls={"black": [2, 3], "blue": [1], "red": [1]})
    play(match, "roll blue,red")
    assert not any(str(a).startswith("use") for a in match.actions())
    with pytest.raises(IllegalActionError, match="lies in front of Seat 2"):
        match.play("use elrond blue")


def test_with_personal_friends_the_owner_uses_it_on_their_own_turn() -> None:
    match = new(players=2, options=HARD, held=["elrond"], holder=[1], seat=1)
    match.script(rolls={"black": [2, 3], "blue": [1], "red": [1]})
    play(match, "roll blue,red")
    assert "use elrond blue" in {str(a) for a in match.actions()}


def test_with_personal_friends_gandalf_cards_stay_shared() -> None:
    match = new(players=2, options=HARD, held=["power"], holder=[1])
    match.script(rolls={"black": [2, 3], "blue": [1], "red": [1]})
    play(match, "roll blue,red")
    assert any(str(a).startswith("use power") for a in match.actions())


def test_with_personal_friends_boromir_belongs_to_the_youngest_seat() -> None:
    from ringbearer_engine import Match

    match = Match.new("mount-doom", ["A", "B", "C"], seed=4, options=HARD)
    s = state(match)
    assert s.holder[s.held.index("boromir")] == 2


def test_with_personal_friends_wormtongue_may_still_take_any_players_friend() -> None:
    """MD-A36."""
    match = new(
        players=2, options=HARD, row=["wormtongue"] * 6, held=["arwen"], holder=[1], stage=2
    )
    tray(match, (1, "", 0))
    assert state(match).held == []


def test_with_personal_friends_a_friend_taken_this_turn_is_yours() -> None:
    match = new(players=2, options=HARD, row=["", "elrond", "", "", "", ""], seat=1)
    tray(match, (2, "", 0))
    assert state(match).holder == [1]


def test_both_variants_together_apply_both_rules() -> None:
    match = new(
        options=BOTH, row=QUIET, stage=4, pos=[MORGUL - 1, 0, 0, 0, 0], held=["elrond"], holder=[0]
    )
    events = tray(match, (0, "orange", 1))
    assert of(events, FriendsInNeed) == [FriendsInNeed(1)]
    assert state(match).pending == Ask.FINAL_START
