"""A golden playthrough: a seeded match played by the heuristic bot, every action and event.

If a deliberate rules or content change alters it, regenerate the file and review the diff:

    RINGBEARER_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/engine/mount_doom/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

from ringbearer_engine import Match
from ringbearer_engine.games.mount_doom.bots import HeuristicBot

GOLDEN = Path(__file__).with_name("golden_playthrough.txt")
SEED = 2037
PLAYERS = ("Ann", "Bo")


def playthrough() -> str:
    match = Match.new("mount-doom", PLAYERS, seed=SEED)
    bots = [HeuristicBot(SEED + n) for n in range(len(PLAYERS))]
    lines = [f"Adventure to Mount Doom: {', '.join(PLAYERS)}; seed {SEED}; heuristic bots", ""]
    step = 0
    while match.outcome is None:
        seat = match.to_move
        assert seat is not None
        action = bots[seat].choose(match.game, match.state)
        step += 1
        lines.append(f"{step:>4}. {PLAYERS[seat]}: {action}")
        lines.extend(f"        {event}" for event in match.play(action))
    lines.append("")
    lines.append(f"Outcome: {match.outcome.reason}: {match.outcome.summary}")
    replayed = Match.load(match.save())
    assert replayed.snapshot() == match.snapshot()
    return "\n".join(lines) + "\n"


def test_golden_playthrough_is_unchanged() -> None:
    text = playthrough()
    if os.environ.get("RINGBEARER_REGEN_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.read_text(encoding="utf-8") == text
