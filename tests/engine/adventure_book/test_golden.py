"""Golden playthroughs: one seeded chapter per file, played by the heuristic bot.

Every step and every event is written out and compared with ``golden/chapter-N.txt``. After
an intended change of rules, content or bot, regenerate the files with

    RINGBEARER_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/engine/adventure_book/test_golden.py

and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ringbearer_engine import Match, make_bot

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    1: ("Ann", "Bo"),
    2: ("Ann", "Bo", "Cy"),
    3: ("Ann",),
    4: ("Ann", "Bo", "Cy", "Di"),
    5: ("Ann", "Bo"),
    6: ("Ann", "Bo"),
    7: ("Ann", "Bo"),
    8: ("Ann", "Bo"),
}
SEED = 2026


def transcript(chapter: int) -> str:
    players = CASES[chapter]
    match = Match.new("adventure-book", players, seed=SEED, options={"chapter": chapter})
    bot = make_bot(match.game, "heuristic", SEED)
    lines = [
        f"# adventure-book chapter {chapter}, players {', '.join(players)}, seed {SEED}, "
        "heuristic bot on every seat",
    ]
    step = 0
    while match.outcome is None:
        seat = match.to_move
        assert seat is not None
        action = bot.choose(match.game, match.state)
        step += 1
        lines.append(f"{step:>4} {players[seat]}: {action}")
        lines.extend(f"       {event}" for event in match.play(action))
    assert match.outcome is not None
    lines.append(f"outcome: {match.outcome.reason} - {match.outcome.summary}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("chapter", sorted(CASES))
def test_golden_playthrough(chapter: int) -> None:
    path = GOLDEN / f"chapter-{chapter}.txt"
    text = transcript(chapter)
    if os.environ.get("RINGBEARER_REGEN_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with RINGBEARER_REGEN_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("chapter", sorted(CASES))
def test_golden_playthrough_replays_from_its_log(chapter: int) -> None:
    players = CASES[chapter]
    match = Match.new("adventure-book", players, seed=SEED, options={"chapter": chapter})
    bot = make_bot(match.game, "heuristic", SEED)
    while match.outcome is None:
        match.play(bot.choose(match.game, match.state))
    assert Match.load(match.save()).snapshot() == match.snapshot()
