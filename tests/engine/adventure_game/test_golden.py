"""A golden playthrough: a seeded game between heuristic bots, every step and event written
out, compared with the stored file.

Regenerate after an intended change of rules, content or bots with::

    RINGBEARER_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/engine/adventure_game/test_golden.py

and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

from adventure_game.table import GAME

from ringbearer_engine import Match
from ringbearer_engine.games.adventure_game.bots import HeuristicBot

GOLDEN = Path(__file__).parent / "golden" / "heuristic-3-players-seed-7.txt"
PLAYERS = ("Frodo", "Sam", "Pippin")
SEED = 7


def playthrough() -> str:
    match = Match.new(GAME, PLAYERS, seed=SEED)
    state = match.state
    lines = [
        f"# {GAME.title}: golden playthrough, {len(PLAYERS)} heuristic bots, seed {SEED}",
        "# regenerate: RINGBEARER_REGEN_GOLDEN=1 .venv/bin/python -m pytest "
        "tests/engine/adventure_game/test_golden.py",
        f"opening rolls: {state.opening}; first: {PLAYERS[state.first]}",  # type: ignore[attr-defined]
    ]
    bots = [HeuristicBot(seat) for seat in range(len(PLAYERS))]
    step = 0
    while match.outcome is None:
        seat = match.to_move
        assert seat is not None
        step += 1
        prompt = match.prompt
        action = bots[seat].choose(GAME, match.state)
        events = match.play(action)
        lines.append(f"{step:03d} {PLAYERS[seat]}: {action}    [{prompt}]")
        lines.extend(f"      {event}" for event in events)
    outcome = match.outcome
    lines.append(f"outcome: {outcome.reason} {list(outcome.winners)}: {outcome.summary}")
    return "\n".join(lines) + "\n"


def test_the_golden_playthrough_is_unchanged() -> None:
    text = playthrough()
    if os.environ.get("RINGBEARER_REGEN_GOLDEN") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), "no golden file yet: run with RINGBEARER_REGEN_GOLDEN=1"
    assert text == GOLDEN.read_text(encoding="utf-8")
