"""Each game declares every die and deck its matches draw from, with every face they show.

Scripts are checked against these declarations, so a missing name or face would refuse a
script that the rules could follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import ringbearer_engine as rb
from ringbearer_engine import Chance, Match


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("mount-doom", 1),
        ("mount-doom", 4),
        ("adventure-game", 2),
        ("adventure-game", 4),
        ("adventure-book", 1),
        ("adventure-book", 3),
    ],
)
def test_every_draw_of_random_play_is_a_declared_face(
    game: str, seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: set[tuple[str, str]] = set()
    pick, shuffle = Chance.pick, Chance.shuffle

    def recording_pick(self: Chance, name: str, options: Sequence[Any]) -> Any:
        value = pick(self, name, options)
        drawn.add((name, str(value)))
        return value

    def recording_shuffle(self: Chance, name: str, items: Sequence[Any]) -> list[Any]:
        cards = shuffle(self, name, items)
        drawn.update((name, str(card)) for card in cards)
        return cards

    monkeypatch.setattr(Chance, "pick", recording_pick)
    monkeypatch.setattr(Chance, "shuffle", recording_shuffle)
    for seed in range(4):
        match = Match.new(game, [f"P{i}" for i in range(seats)], seed=seed)
        bot = rb.RandomBot(seed)
        for _ in range(400):
            if match.outcome is not None:
                break
            match.play(bot.choose(match.game, match.state))

    declared = match.game.chance_faces()
    assert declared is not None
    assert drawn
    assert {(name, face) for name, face in drawn if face not in declared.get(name, ())} == set()
