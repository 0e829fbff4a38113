"""A match's chance algorithm is part of its save: old saves replay with PCG32, new with SHAKE128.

``saves_v1/`` holds mid-game saves of each game written by the engine before save version 2
(PCG32 was then the only generator). They must keep loading, replaying their logs exactly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

import ringbearer_engine as rb
from ringbearer_engine import Match, saves

V1_SAVES = sorted(Path(__file__).with_name("saves_v1").glob("*.json"))


def test_there_is_a_version_one_save_of_every_game() -> None:
    built_in = ("adventure-book", "adventure-game", "mount-doom")
    assert [path.stem for path in V1_SAVES] == [g.id for g in rb.list_games() if g.id in built_in]


@pytest.mark.parametrize("path", V1_SAVES, ids=lambda path: path.stem)
def test_a_version_one_save_replays_exactly_with_pcg32(path: Path) -> None:
    data = path.read_bytes()
    assert msgspec.json.decode(data)["save_version"] == 1
    match = Match.load(data)  # verifies: the log replayed from the seed gives the snapshot
    assert match.chance == "pcg32"
    assert match.state.chance.generator == "pcg32"
    assert match.log == tuple(msgspec.json.decode(data)["log"])


@pytest.mark.parametrize("path", V1_SAVES, ids=lambda path: path.stem)
def test_a_version_one_match_saved_again_stays_pcg32(path: Path) -> None:
    match = Match.load(path.read_bytes())
    bot = rb.RandomBot(3)
    for _ in range(5):
        if match.outcome is None:
            match.play(bot.choose(match.game, match.state))
    again = Match.load(match.save())
    assert msgspec.msgpack.decode(match.save())["save_version"] == saves.SAVE_VERSION
    assert again.chance == "pcg32"
    assert again.snapshot() == match.snapshot()


def test_a_version_one_save_of_another_algorithm_is_refused_as_damaged() -> None:
    # Version 1 had no algorithm: a state drawing with SHAKE128 cannot belong to one.
    raw: dict[str, Any] = msgspec.json.decode(V1_SAVES[0].read_bytes())
    raw["state"]["chance"] = {
        "state": 0,
        "inc": 1,
        "rolls": {},
        "orders": {},
        "algorithm": "shake128",
    }
    raw["checksum"] = saves.content_checksum(raw)
    with pytest.raises(rb.DamagedSaveError, match="draws chance with shake128"):
        Match.load(msgspec.json.encode(raw))


def test_new_matches_draw_with_shake128_and_say_so_in_the_save() -> None:
    match = Match.new("mount-doom", ["Ann", "Bo"], seed=4)
    assert match.chance == "shake128"
    raw = msgspec.json.decode(match.save("json"))
    assert raw["chance"] == "shake128"
    assert raw["state"]["chance"]["algorithm"] == "shake128"


@pytest.mark.parametrize("algorithm", ["shake128", "pcg32"])
def test_a_match_replays_with_the_algorithm_it_was_started_with(algorithm: str) -> None:
    match = Match.new("adventure-game", ["Ann", "Bo", "Cy"], seed=11, chance=algorithm)
    bot = rb.RandomBot(2)
    for _ in range(40):
        match.play(bot.choose(match.game, match.state))
    loaded = Match.load(match.save())
    assert loaded.chance == algorithm
    assert loaded.snapshot() == match.snapshot()
    assert loaded.replay().snapshot() == match.snapshot()
    assert [s.entry for s in loaded.playthrough()] == list(match.log)


def test_the_same_seed_deals_differently_under_each_algorithm() -> None:
    new = Match.new("adventure-game", ["Ann", "Bo"], seed=11)
    old = Match.new("adventure-game", ["Ann", "Bo"], seed=11, chance="pcg32")
    assert new.snapshot() != old.snapshot()


def test_an_unknown_algorithm_is_refused_when_a_match_starts() -> None:
    with pytest.raises(rb.SetupError, match="unknown chance algorithm 'dice-bag'"):
        Match.new("mount-doom", ["Ann"], seed=1, chance="dice-bag")


def test_the_algorithm_is_covered_by_the_checksum() -> None:
    data = Match.new("mount-doom", ["Ann"], seed=1).save("json")
    raw = msgspec.json.decode(data)
    raw["chance"] = "pcg32"  # not resealed
    with pytest.raises(rb.DamagedSaveError, match="checksum"):
        Match.load(msgspec.json.encode(raw))


def test_a_save_whose_algorithm_disagrees_with_its_position_is_refused() -> None:
    raw = msgspec.json.decode(Match.new("mount-doom", ["Ann"], seed=1).save("json"))
    raw["chance"] = "pcg32"
    raw["checksum"] = saves.content_checksum(raw)
    for verify in (True, False):
        with pytest.raises(rb.DamagedSaveError, match="started with pcg32"):
            Match.load(msgspec.json.encode(raw), verify=verify)


def test_a_save_naming_an_unknown_algorithm_is_refused_as_damaged() -> None:
    raw = msgspec.json.decode(Match.new("mount-doom", ["Ann"], seed=1).save("json"))
    raw["chance"] = "dice-bag"
    raw["checksum"] = saves.content_checksum(raw)
    with pytest.raises(rb.DamagedSaveError, match="chance"):
        Match.load(msgspec.json.encode(raw))
