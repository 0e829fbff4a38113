"""Saves: both formats round-trip, and every kind of bad save is refused with its reason."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import msgspec
import pytest
from testgames.pig import PIG

import ringbearer_engine as rb
from ringbearer_engine import Match, saves

FIXED = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def played(seed: int = 5, steps: int = 25) -> Match:
    match = Match.new("pig", ["Ann", "Bo"], seed=seed, meta={"seats": ["human", "bot"]})
    match.script(rolls={"die": [6]}, orders={})
    bot = rb.RandomBot(seed)
    for _ in range(steps):
        if match.outcome is not None:
            break
        match.play(bot.choose(match.game, match.state))
    return match


def edit(data: bytes, change: Any, *, reseal: bool = True) -> bytes:
    """Decode a JSON save, let ``change`` edit it, and encode it again (resealed)."""
    raw = msgspec.json.decode(data)
    change(raw)
    if reseal:
        raw["checksum"] = saves.content_checksum(raw)
    return msgspec.json.encode(raw)


@pytest.mark.parametrize("fmt", ["json", "msgpack"])
def test_a_save_loads_back_exactly(fmt: saves.SaveFormat) -> None:
    match = played()
    loaded = Match.load(match.save(fmt))
    assert loaded.snapshot() == match.snapshot()
    assert loaded.log == match.log
    assert loaded.players == match.players
    assert loaded.seed == match.seed
    assert loaded.meta == {"seats": ["human", "bot"]}
    assert loaded.created == match.created


def test_a_loaded_match_continues_identically() -> None:
    match = played(steps=10)
    loaded = Match.load(match.save())
    bot_a, bot_b = rb.RandomBot(3), rb.RandomBot(3)
    for _ in range(20):
        if match.outcome is not None:
            break
        match.play(bot_a.choose(match.game, match.state))
        loaded.play(bot_b.choose(loaded.game, loaded.state))
    assert loaded.snapshot() == match.snapshot()


def test_a_verified_load_restores_the_undo_history() -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=1)
    match.play("hold")
    loaded = Match.load(match.save())
    assert loaded.can_undo
    loaded.undo()
    assert loaded.log == ()


def test_an_unverified_load_keeps_the_log_but_cannot_undo_before_it() -> None:
    match = played()
    loaded = Match.load(match.save(), verify=False)
    assert loaded.snapshot() == match.snapshot()
    assert loaded.log == match.log
    with pytest.raises(rb.UndoError, match="loaded without its history"):
        loaded.undo()


def test_the_json_save_is_readable_with_the_envelope_fields() -> None:
    raw = msgspec.json.decode(played().save("json", saved_at=FIXED))
    assert raw["format"] == "ringbearer-save"
    assert raw["save_version"] == saves.SAVE_VERSION
    assert raw["engine_version"] == rb.__version__
    assert raw["game"] == "pig"
    assert raw["saved"] == "2026-01-02T03:04:05+00:00"
    assert {"options", "seed", "log", "state", "created", "checksum"} <= raw.keys()


def test_saving_twice_changes_only_the_time() -> None:
    match = played()
    later = datetime(2027, 1, 1, tzinfo=UTC)
    first = msgspec.json.decode(match.save("json", saved_at=FIXED))
    second = msgspec.json.decode(match.save("json", saved_at=later))
    assert first.pop("saved") != second.pop("saved")
    assert first == second


# -- every kind of bad save -----------------------------------------------------------------


@pytest.mark.parametrize(
    "data", [b"", b"   ", b"hello world", b"\x00\x01\x02", b"[1, 2, 3]", b'{"name": "x"}']
)
def test_not_a_save(data: bytes) -> None:
    with pytest.raises(rb.NotASaveError) as caught:
        Match.load(data)
    assert caught.value.reason == "not-a-save"


def test_not_bytes_is_not_a_save() -> None:
    with pytest.raises(rb.NotASaveError, match="bytes, not str"):
        Match.load("{}")  # type: ignore[arg-type]


@pytest.mark.parametrize("fmt", ["json", "msgpack"])
@pytest.mark.parametrize("keep", [0.3, 0.9, 0.99])
def test_truncated(fmt: saves.SaveFormat, keep: float) -> None:
    data = played().save(fmt)
    with pytest.raises(rb.TruncatedSaveError, match="cut off"):
        Match.load(data[: int(len(data) * keep)])


@pytest.mark.parametrize("fmt", ["json", "msgpack"])
def test_damaged_bytes_fail_the_checksum(fmt: saves.SaveFormat) -> None:
    data = bytearray(played().save(fmt))
    index = data.index(b"roll")
    data[index : index + 4] = b"hold"
    with pytest.raises(rb.DamagedSaveError, match="checksum"):
        Match.load(bytes(data))


def test_damaged_structure() -> None:
    data = edit(played().save("json"), lambda raw: raw.update(seed="many"))
    with pytest.raises(rb.DamagedSaveError, match=r"seed"):
        Match.load(data)


def test_damaged_version_field() -> None:
    data = edit(played().save("json"), lambda raw: raw.update(save_version="one"))
    with pytest.raises(rb.DamagedSaveError, match="version"):
        Match.load(data)


def test_a_damaged_state_is_refused() -> None:
    data = edit(played().save("json"), lambda raw: raw["state"].update(scores="lots"))
    with pytest.raises(rb.SaveError, match="scores"):
        Match.load(data)


def test_wrong_game() -> None:
    with pytest.raises(rb.WrongGameError, match="a save of 'pig', not of 'mount-doom'"):
        Match.load(played().save(), game="mount-doom")


def test_a_save_of_a_game_not_installed() -> None:
    data = edit(played().save("json"), lambda raw: raw.update(game="croquet"))
    with pytest.raises(rb.WrongGameError, match="not installed"):
        Match.load(data)


def test_future_version() -> None:
    def newer(raw: dict[str, Any]) -> None:
        raw["save_version"] = saves.SAVE_VERSION + 1
        raw["engine_version"] = "9.0.0"

    with pytest.raises(rb.FutureVersionError, match=r"written by ringbearer-engine 9\.0\.0"):
        Match.load(edit(played().save("json"), newer))


def test_future_state_version() -> None:
    data = edit(played().save("json"), lambda raw: raw.update(state_version=99))
    with pytest.raises(rb.FutureVersionError, match="state has version 99"):
        Match.load(data)


def test_tampered_snapshot() -> None:
    data = edit(played().save("json"), lambda raw: raw["state"].update(scores=[99, 0]))
    with pytest.raises(rb.TamperedSaveError, match="not the one its action log leads to"):
        Match.load(data)


def test_a_tampered_snapshot_passes_only_without_verification() -> None:
    data = edit(played().save("json"), lambda raw: raw["state"].update(scores=[99, 0]))
    loaded = Match.load(data, verify=False)
    assert loaded.state.scores == [99, 0]  # type: ignore[attr-defined]


def test_unknown_action_in_the_log() -> None:
    data = edit(played().save("json"), lambda raw: raw["log"].append("teleport home"))
    with pytest.raises(rb.UnknownActionError, match="'teleport home', is not an action of Pig"):
        Match.load(data)


def test_an_action_not_allowed_at_its_place_in_the_log() -> None:
    def early_choice(raw: dict[str, Any]) -> None:
        raw["log"].insert(0, "choose bank")

    with pytest.raises(rb.UnknownActionError, match=r"step 1 of the log.*not allowed"):
        Match.load(edit(played().save("json"), early_choice))


def test_a_log_step_whose_chance_script_cannot_be_followed_is_refused() -> None:
    match = Match.new("adventure-book", ["Ann", "Bo"], seed=1)
    match.script(rolls={"story": ["anduril"]})  # a story card only once it has been won
    match.play(match.actions()[0])
    data = edit(match.save("json"), lambda raw: raw["log"].append("end"))
    with pytest.raises(
        rb.UnknownActionError, match=r"step 3 of the log, 'end'.*script cannot be followed"
    ):
        Match.load(data)


def test_every_save_error_is_a_save_error_with_a_distinct_reason() -> None:
    kinds = [
        rb.NotASaveError,
        rb.TruncatedSaveError,
        rb.DamagedSaveError,
        rb.WrongGameError,
        rb.FutureVersionError,
        rb.TamperedSaveError,
        rb.UnknownActionError,
    ]
    assert all(issubclass(kind, rb.SaveError) for kind in kinds)
    assert len({kind.reason for kind in kinds}) == len(kinds)


# -- migrations -----------------------------------------------------------------------------


CURRENT = saves.SAVE_VERSION


@pytest.fixture
def version_next(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pretend the engine writes the next envelope version, whose migration marks the meta."""
    monkeypatch.setattr(saves, "SAVE_VERSION", CURRENT + 1)
    rb.register_migration(CURRENT, lambda raw: {**raw, "meta": {**raw["meta"], "migrated": True}})
    yield
    rb.unregister_migration(CURRENT)


def test_an_older_envelope_is_migrated(version_next: None) -> None:
    old = played().save("json")
    loaded = Match.load(old)
    assert loaded.meta["migrated"] is True


def test_an_older_state_is_migrated(monkeypatch: pytest.MonkeyPatch) -> None:
    match = played()
    data = match.save("json")
    monkeypatch.setattr(type(PIG), "state_version", 2)

    seen: list[int] = []

    def upgrade(state: dict[str, Any]) -> dict[str, Any]:
        seen.append(state["target"])  # version 2 kept the layout; the hook must still run
        return state

    rb.register_migration(1, upgrade, game="pig")
    try:
        assert Match.load(data).snapshot() == match.snapshot()
        assert seen == [30]
    finally:
        rb.unregister_migration(1, game="pig")


def test_an_older_version_without_a_migration_is_refused(version_next: None) -> None:
    rb.unregister_migration(CURRENT)
    old = played().save("json")
    with pytest.raises(rb.DamagedSaveError, match=f"no migration from save version {CURRENT}"):
        Match.load(old)


def test_a_match_scripted_with_its_dice_in_any_order_saves_the_position_its_log_replays() -> None:
    # The log writes a script with its dice in sorted order; the position must queue them
    # in that order too, or the saved position differs from the replayed one.
    match = Match.new("mount-doom", ["Ann", "Bo"], seed=3)
    match.script(rolls={"purple": [1], "orange": [3], "black": [3, 5]})
    loaded = Match.load(match.save())
    assert loaded.snapshot() == match.snapshot()
