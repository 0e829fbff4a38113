"""Every action's notation parses back to the action; refusals give specific reasons."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError, Match, NotationError
from ringbearer_engine.bots import RandomBot

from .helpers import new, play


@pytest.mark.parametrize("seed", range(25))
def test_every_legal_action_round_trips_through_its_notation(seed: int) -> None:
    match = Match.new("mount-doom", ["A", "B"], seed=seed, options={"friends_in_need": True})
    bot = RandomBot(seed)
    while match.outcome is None:
        for action in match.actions():
            assert match.parse(str(action)) == action
        match.play(bot.choose(match.game, match.state))


def test_notation_examples() -> None:
    match = new()
    assert str(match.parse("roll blue,red")) == "roll blue,red"
    assert str(match.parse("keep 5 blue")) == "keep 5 blue"
    assert str(match.parse("use elrond black5")) == "use elrond black5"
    assert str(match.parse("use boromir -")) == "use boromir -"
    assert str(match.parse("spend power")) == "spend power"
    with pytest.raises(NotationError):
        match.parse("keep five blue")


def test_refusals_say_why() -> None:
    match = new()
    with pytest.raises(IllegalActionError, match="no question to answer"):
        match.play("choose left")
    with pytest.raises(IllegalActionError, match="nothing to pass"):
        match.play("pass")
    with pytest.raises(IllegalActionError, match="Nobody has Elrond"):
        match.play("use elrond black2")
    with pytest.raises(IllegalActionError, match="There is no card called"):
        match.play("use gollum -")
    with pytest.raises(IllegalActionError, match="no rolled dice to keep"):
        match.play("keep 2 blue")
    with pytest.raises(IllegalActionError, match="Roll two different companion dice"):
        match.play("roll blue,blue")
    with pytest.raises(IllegalActionError, match="No third companion die"):
        match.play("add blue")
    with pytest.raises(IllegalActionError, match="Before Minas Morgul"):
        match.play("roll black")
    match = new(row=["", "", "", "", "", ""], held=["elrond"])
    match.script(rolls={"black": [2, 2], "blue": [1], "red": [1]})
    play(match, "roll blue,red")
    with pytest.raises(IllegalActionError, match=r"not an answer here|no question"):
        match.play("choose 2")
    with pytest.raises(IllegalActionError, match="cannot be used that way"):
        match.play("use elrond green")
    with pytest.raises(IllegalActionError, match=r"Only a Gandalf card|only when the battle die"):
        match.play("spend elrond")


def test_a_used_card_is_refused_as_gone() -> None:
    match = new(held=["treebeard"])
    play(match, "use treebeard resolve")
    with pytest.raises(IllegalActionError, match="has been used"):
        match.play("use treebeard resolve")
