"""The game inside a Match: saves, replays, undo, determinize."""

from __future__ import annotations

import pytest

from ringbearer_engine import Chance, Match, UndoError, get_game
from ringbearer_engine.bots import RandomBot
from ringbearer_engine.games.mount_doom.content import GANDALF_IDS
from ringbearer_engine.games.mount_doom.state import MountDoomState

from .helpers import state


def played(seed: int = 3, steps: int = 40, players: int = 2) -> Match:
    match = Match.new("mount-doom", [f"P{n}" for n in range(players)], seed=seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if match.outcome is not None:
            break
        match.play(bot.choose(match.game, match.state))
    return match


@pytest.mark.parametrize("fmt", ["json", "msgpack"])
def test_a_mid_game_save_loads_to_the_same_position(fmt: str) -> None:
    match = played()
    loaded = Match.load(match.save(fmt))  # type: ignore[arg-type]
    assert loaded.snapshot() == match.snapshot()
    assert loaded.actions() == match.actions()


def test_a_scripted_match_replays_exactly() -> None:
    match = Match.new("mount-doom", ["A"], seed=2)
    match.script(rolls={"black": [6, 6], "blue": [4], "red": [2]})
    match.play("roll blue,red")
    assert match.replay().snapshot() == match.snapshot()


def test_choosing_dice_before_rolling_can_be_undone_but_a_roll_cannot() -> None:
    match = Match.new("mount-doom", ["A"], seed=2)
    match.play("roll blue,red")
    with pytest.raises(UndoError, match="revealed chance"):
        match.undo()
    match.play(match.actions()[0])  # keeping dice reveals nothing
    assert match.can_undo
    match.undo()
    assert state(match).pending == 2


def test_determinize_redeals_only_what_nobody_has_seen() -> None:
    game = get_game("mount-doom")
    match = played(seed=8, steps=6)
    s = state(match)
    faces = []
    for salt in range(30):
        copy = game.determinize(s, 0, Chance.seeded(salt))
        assert isinstance(copy, MountDoomState)
        for slot in range(6):
            if s.up[slot]:
                assert copy.row[slot] == s.row[slot]
        assert sorted(c for c in copy.row if c) + sorted([copy.seventh]) is not None
        assert sorted(
            [*copy.gandalf_stack, *[c for c in copy.unseen if c in GANDALF_IDS]]
        ) == sorted([*s.gandalf_stack, *[c for c in s.unseen if c in GANDALF_IDS]])
        faces.append((copy.row[0], copy.row[5]))
    hidden = [slot for slot in (0, 5) if not s.up[slot] and s.row[slot]]
    if hidden:
        assert len(set(faces)) > 1
    assert match.snapshot() == played(seed=8, steps=6).snapshot()  # the real state is untouched
