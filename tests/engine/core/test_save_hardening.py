"""Hostile saves (issue 15, items 1-8): each is refused with a documented reason, never a crash."""

from __future__ import annotations

import math
from typing import Any

import msgspec
import pytest
from save_reasons import documented_reasons

import ringbearer_engine as rb
from ringbearer_engine import Match, saves

DOCUMENTED_REASONS = documented_reasons()


def played(game: str = "pig", players: tuple[str, ...] = ("Ann", "Bo"), steps: int = 12) -> Match:
    match = Match.new(game, players, seed=7)
    bot = rb.RandomBot(7)
    for _ in range(steps):
        if match.outcome is not None:
            break
        match.play(bot.choose(match.game, match.state))
    return match


def resealed(data: bytes, change: Any, fmt: saves.SaveFormat = "json") -> bytes:
    """The save decoded, changed by ``change``, re-encoded in ``fmt`` with a fresh checksum."""
    raw = msgspec.json.decode(data) if data.lstrip()[:1] == b"{" else msgspec.msgpack.decode(data)
    change(raw)
    raw["checksum"] = saves.content_checksum(raw)
    return msgspec.json.encode(raw) if fmt == "json" else msgspec.msgpack.encode(raw)


def refusal(data: bytes) -> rb.SaveError:
    with pytest.raises(rb.SaveError) as caught:
        Match.load(data)
    assert caught.value.reason in DOCUMENTED_REASONS
    return caught.value


# -- 1. numbers too large for a save ------------------------------------------------------------


@pytest.mark.parametrize("value", [2**64, -(2**63) - 1, 10**40])
def test_a_number_out_of_the_save_range_is_damage_not_an_overflow(value: int) -> None:
    text = played().save("json").replace(b'"seed": 7', b'"seed": ' + str(value).encode())
    error = refusal(text)
    assert isinstance(error, rb.DamagedSaveError)
    assert "number" in str(error)


# -- 2. deep nesting ----------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["json", "msgpack"])
@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_deep_nesting_is_damage_not_a_recursion_error(fmt: saves.SaveFormat, depth: int) -> None:
    if fmt == "json":
        data = (
            played()
            .save("json")
            .replace(b'"meta": {}', b'"meta": {"deep": ' + b"[" * depth + b"]" * depth + b"}")
        )
    else:
        data = _deep_msgpack(played().save("msgpack"), depth)
    assert isinstance(refusal(data), rb.DamagedSaveError)


def _deep_msgpack(data: bytes, depth: int) -> bytes:
    """A MessagePack save whose meta holds ``depth`` nested one-element arrays."""
    marker = b"\xa4meta\x80"
    assert marker in data
    return data.replace(marker, b"\xa4meta\x81\xa4deep" + b"\x91" * depth + b"\x90")


# -- 3. and 4. what Match.new refuses, load refuses ---------------------------------------------


@pytest.mark.parametrize(
    ("game", "seats"), [("adventure-book", 2), ("adventure-game", 2), ("mount-doom", 2)]
)
@pytest.mark.parametrize("fmt", ["json", "msgpack"])
def test_a_save_without_players_is_damaged(game: str, seats: int, fmt: saves.SaveFormat) -> None:
    names = tuple(f"P{i}" for i in range(seats))
    data = resealed(played(game, names, 4).save(fmt), lambda raw: raw.update(players=[]), fmt)
    error = refusal(data)
    assert isinstance(error, rb.DamagedSaveError)
    assert "players" in str(error)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda raw: raw.update(players=["A", "B", "C", "D", "E"]), "players"),
        (lambda raw: raw.update(players=["Ann", "  "]), "name"),
        (lambda raw: raw.update(seed=-1), "seed"),
        (lambda raw: raw.update(options={"target": "high"}), "options"),
    ],
)
def test_load_refuses_what_new_refuses(change: Any, words: str) -> None:
    error = refusal(resealed(played().save("json"), change))
    assert isinstance(error, rb.DamagedSaveError)
    assert words in str(error)


def test_an_unverified_load_still_refuses_what_new_refuses() -> None:
    data = resealed(played().save("json"), lambda raw: raw.update(seed=-1))
    with pytest.raises(rb.DamagedSaveError, match="seed"):
        Match.load(data, verify=False)


# -- 5. meta a save cannot hold -----------------------------------------------------------------


@pytest.mark.parametrize(
    "meta",
    [
        {"x": {1: 2}},
        {"x": math.nan},
        {"x": math.inf},
        {"x": b"raw"},
        {"x": (1, 2)},
        {"x": {"y", "z"}},
        {"x": 2**64},
        {"x": "\ud800"},
        {1: "x"},
    ],
    ids=["int-key", "nan", "inf", "bytes", "tuple", "set", "huge-int", "surrogate", "top-int-key"],
)
def test_unsaveable_meta_is_refused_up_front(meta: dict[Any, Any]) -> None:
    with pytest.raises(rb.MetaError, match="meta"):
        Match.new("pig", ["Ann", "Bo"], seed=1, meta=meta)
    match = Match.new("pig", ["Ann", "Bo"], seed=1)
    match.meta.update(meta)
    with pytest.raises(rb.MetaError, match="meta"):
        match.save("json")
    with pytest.raises(rb.MetaError, match="meta"):
        match.save("msgpack")


def test_saveable_meta_round_trips_through_both_formats() -> None:
    meta = {"seats": [{"kind": "human", "level": 2.5}], "name": "Ünïcode", "n": None, "ok": True}
    match = Match.new("pig", ["Ann", "Bo"], seed=1, meta=meta)
    for fmt in ("json", "msgpack"):
        assert Match.load(match.save(fmt)).meta == meta


def test_a_save_with_nan_in_meta_is_refused_on_load() -> None:
    data = resealed(
        played().save("msgpack"), lambda raw: raw.update(meta={"x": math.nan}), "msgpack"
    )
    error = refusal(data)
    assert isinstance(error, rb.DamagedSaveError)
    assert "meta" in str(error)


# -- 6. scripts come only through match.script() ------------------------------------------------


def test_play_does_not_accept_a_chance_script() -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=1)
    with pytest.raises(rb.IllegalActionError, match="script"):
        match.play('!script {"orders":{},"rolls":{"die":[6,6,6]}}')
    assert match.log == ()
    assert match.state.chance.rolls == {}


def test_an_impossible_face_is_refused_when_scripted() -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=1)
    with pytest.raises(rb.ScriptError, match="7"):
        match.script(rolls={"die": [7]})
    assert isinstance(rb.ScriptError("x"), rb.RingbearerError)
    assert match.log == ()


def test_an_unknown_die_is_refused_when_scripted() -> None:
    match = Match.new("mount-doom", ["Ann", "Bo"], seed=1)
    with pytest.raises(rb.ScriptError, match="no die or deck called 'purpel'"):
        match.script(rolls={"purpel": [3]})


def test_a_script_that_cannot_be_followed_refuses_the_action_and_can_be_undone() -> None:
    match = Match.new("adventure-book", ["Ann", "Bo"], seed=1)
    match.script(rolls={"story": ["anduril"]})  # a story card only once it has been won
    match.play(match.actions()[0])
    before, log = match.snapshot(), match.log
    with pytest.raises(rb.IllegalActionError, match="chance script cannot be followed"):
        match.play("end")
    assert (match.snapshot(), match.log) == (before, log)
    match.undo()
    match.undo()
    match.play(match.actions()[0])
    match.play("end")


def test_a_save_holding_an_impossible_script_is_refused() -> None:
    match = Match.new("pig", ["Ann", "Bo"], seed=1)
    match.script(rolls={"die": [6]})
    data = match.save("json").replace(b'[6]}}"', b'[9]}}"')
    assert b"[9]" in data
    data = resealed(data, lambda raw: None)
    error = refusal(data)
    assert isinstance(error, rb.UnknownActionError)
    assert "9" in str(error)


def test_an_unverified_load_refuses_an_impossible_script_in_the_state() -> None:
    def bad_queue(raw: dict[str, Any]) -> None:
        raw["state"]["chance"]["rolls"] = {"die": [9]}

    with pytest.raises(rb.DamagedSaveError, match="9"):
        Match.load(resealed(played().save("json"), bad_queue), verify=False)


# -- 7. damage inside an engine-written JSON save -------------------------------------------------


def test_damage_inside_an_indented_json_save_is_damage() -> None:
    data = played().save("json")
    assert data.startswith(b'{\n "format"')
    middle = len(data) // 2
    broken = data[:middle] + b"\x00}{" + data[middle:]
    error = refusal(broken)
    assert isinstance(error, rb.DamagedSaveError)


def test_other_json_that_fails_to_decode_is_not_a_save() -> None:
    assert isinstance(refusal(b'{"name": x}'), rb.NotASaveError)


# -- 8. every refusal has a documented reason ---------------------------------------------------


def test_a_state_of_the_wrong_shape_is_damage_not_invalid() -> None:
    error = refusal(resealed(played().save("json"), lambda raw: raw.update(state={"x": 1})))
    assert isinstance(error, rb.DamagedSaveError)
    assert error.reason == "damaged"


def test_oversized_data_is_refused_before_decoding() -> None:
    data = b"{" + b" " * (saves.MAX_SAVE_SIZE + 1) + b"}"
    error = refusal(data)
    assert isinstance(error, rb.DamagedSaveError)
    assert "large" in str(error)


def test_the_save_format_page_documents_every_refusal_kind_the_engine_raises() -> None:
    raised = {cls.reason for cls in _subclasses(rb.SaveError)}
    assert raised == set(DOCUMENTED_REASONS)


def _subclasses(cls: type[rb.SaveError]) -> list[type[rb.SaveError]]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found
