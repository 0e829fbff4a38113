"""What each seat has seen (state version 2) and saves: saves written before it still load,
with the knowledge their log shows; a save whose knowledge was edited does not (issue 44)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from ringbearer_engine import Match, TamperedSaveError, saves
from ringbearer_engine.bots import RandomBot
from ringbearer_engine.games.adventure_book import AdventureBookState


def known(match: Match) -> dict[str, list[str]]:
    state = match.state
    assert isinstance(state, AdventureBookState)
    return state.known


def match_with_knowledge() -> Match:
    """A two-seat Book match played by random choices until a seat has seen a card change
    hands."""
    for seed in range(200):
        match = Match.new("adventure-book", ["Ann", "Bo"], seed=seed)
        bot = RandomBot(seed)
        while match.outcome is None and len(match.log) < 300:
            match.play(bot.choose(match.game, match.state))
            if known(match):
                return match
    raise AssertionError("no random match traded a card")


def resealed(data: bytes, change: Any) -> bytes:
    raw = msgspec.json.decode(data)
    change(raw)
    raw["checksum"] = saves.content_checksum(raw)
    return msgspec.json.encode(raw)


def as_version_one(raw: dict[str, Any]) -> None:
    raw["state_version"] = 1
    del raw["state"]["known"]


def test_a_save_from_before_knowledge_loads_with_the_knowledge_its_log_shows() -> None:
    match = match_with_knowledge()
    old = resealed(match.save("json"), as_version_one)
    loaded = Match.load(old)
    assert known(loaded) == known(match)
    assert loaded.snapshot() == match.snapshot()


def test_a_save_whose_knowledge_was_edited_is_refused_as_tampered() -> None:
    match = match_with_knowledge()

    def forget(raw: dict[str, Any]) -> None:
        raw["state"]["known"] = {}

    with pytest.raises(TamperedSaveError):
        Match.load(resealed(match.save("json"), forget))
