"""Continue retells a loaded match's log: chance scripts in it are replayed, not told."""

from __future__ import annotations

import ringbearer_engine as rb
from ringbearer_tui.session import GameSession


def test_retelling_replays_the_chance_scripts_of_the_log() -> None:
    match = rb.Match.new("mount-doom", ["Ann", "Bo"], seed=3)
    match.script(rolls={"black": [6, 6], "blue": [4], "red": [2]})
    bot = rb.RandomBot(3)
    for _ in range(6):
        match.play(bot.choose(match.game, match.state))
    session = GameSession(rb.Match.load(match.save()), None)

    told = session.retell(lambda _, action: str(action))

    assert [label for _, label, _ in told] == list(match.log[1:])
