"""Edges of the engine's input (issue 27): names, notation, seats and cut saves.

Each test names what a client may hand the engine and what it must get back: a clear
engine error (never a ``TypeError`` or ``UnicodeEncodeError`` from deep inside), the match
unchanged, and a message that can be printed.
"""

from __future__ import annotations

import msgspec
import pytest

import ringbearer_engine as rb
from ringbearer_engine import actions
from ringbearer_engine.games.adventure_game.actions import MoveOpponent
from ringbearer_engine.names import MAX_NAME_LENGTH
from ringbearer_engine.saves import encode_envelope, read_envelope, seal


def a_match(game: str = "adventure-game", players: tuple[str, ...] = ("A", "B")) -> rb.Match:
    return rb.Match.new(game, list(players), seed=1)


# -- player names -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["Ann\x1b]0;owned\x1b\\", "Bob\x07", "tab\there", "new\nline", "c1\x9b2J", "del\x7f"],
)
def test_a_name_with_control_characters_is_refused_at_the_start(name: str) -> None:
    with pytest.raises(rb.SetupError, match="control characters"):
        rb.Match.new("adventure-game", [name, "B"], seed=1)


def test_a_name_a_save_cannot_hold_is_refused_at_the_start() -> None:
    with pytest.raises(rb.SetupError, match="a save cannot hold") as refused:
        rb.Match.new("adventure-game", ["Ann\ud800", "B"], seed=1)
    str(refused.value).encode("utf-8")  # the message itself prints


def test_a_name_longer_than_any_name_is_refused_at_the_start() -> None:
    rb.Match.new("adventure-game", ["x" * MAX_NAME_LENGTH, "B"], seed=1)
    with pytest.raises(rb.SetupError, match="at most"):
        rb.Match.new("adventure-game", ["x" * (17 * 2**20), "B"], seed=1)


def test_every_name_a_match_starts_with_is_saved_and_loaded_back() -> None:
    names = ("Zoë", "Ōma 🌋", "x" * MAX_NAME_LENGTH)
    match = rb.Match.new("adventure-game", list(names), seed=1)
    for fmt in ("json", "msgpack"):
        assert rb.Match.load(match.save(fmt)).players == names


def test_an_old_save_with_control_characters_in_a_name_still_loads() -> None:
    """Saves from before the check keep loading; clients show such names as escapes."""
    envelope, fmt = read_envelope(a_match().save("json"))
    envelope.players = envelope.state["players"] = ["A\x1b[2J", "B"]
    loaded = rb.Match.load(encode_envelope(seal(envelope), fmt))
    assert loaded.players == ("A\x1b[2J", "B")
    assert loaded.replay().snapshot() == loaded.snapshot()


# -- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["gollum \ud800", "step \udfff", "\ud800"])
def test_notation_with_a_lone_surrogate_is_a_notation_error(text: str) -> None:
    match = a_match()
    before = match.snapshot()
    with pytest.raises(rb.NotationError) as refused:
        match.play(text)
    str(refused.value).encode("utf-8")
    refused.value.reason.encode("utf-8")
    assert match.snapshot() == before


def test_a_refused_action_with_an_unprintable_field_gives_a_printable_error() -> None:
    error = rb.IllegalActionError("step x", "'\ud800' is not a space, nor is \ud800")
    str(error).encode("utf-8")
    error.reason.encode("utf-8")
    assert "\\ud800" in error.reason


def test_over_long_notation_is_refused_before_it_is_parsed() -> None:
    match = a_match()
    with pytest.raises(rb.NotationError, match="characters long"):
        match.play("gollum " + "x" * 1_000_000)


def kept_notation(game: str) -> int:
    return sum(len(text) for text in rb.get_game(game)._codec._parsed)


def test_the_parse_cache_keeps_no_over_long_notation() -> None:
    match = a_match()
    for index in range(20):
        with pytest.raises(rb.IllegalActionError):
            match.play(f"step {index}{'y' * 100_000}")
    assert kept_notation("adventure-game") <= actions._PARSED_KEPT_CHARACTERS


def test_the_parse_cache_is_bounded_by_size() -> None:
    match = a_match()
    for index in range(300):
        with pytest.raises(rb.IllegalActionError):
            match.play(f"step {index}{'y' * 900}")
    assert kept_notation("adventure-game") <= actions._PARSED_KEPT_CHARACTERS


# -- seats --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [1.5, True, False, "0", -1, 2])
def test_a_view_is_only_of_a_seat_number(seat: object) -> None:
    match = a_match("mount-doom")
    with pytest.raises(ValueError, match="no seat"):
        match.view(seat)  # type: ignore[arg-type]


def test_a_hand_built_action_with_a_float_seat_is_refused_clearly() -> None:
    match = a_match()
    before = match.snapshot()
    with pytest.raises(rb.IllegalActionError, match="Expected `int`, got `float`"):
        match.play(MoveOpponent(seat=1.5, to="bree"))  # type: ignore[arg-type]
    assert match.snapshot() == before


# -- cut saves ------------------------------------------------------------------------------------


def test_a_json_save_cut_inside_a_number_is_reported_as_truncated() -> None:
    match = a_match()
    match.meta = {"below": -5, "small": -1.5e-3, "big": 1.5e10}
    data = match.save("json")
    for end in range(1, len(data.rstrip())):
        with pytest.raises(rb.SaveError) as refused:
            rb.Match.load(data[:end])
        assert refused.value.reason == "truncated", data[end - 5 : end]


def test_a_hand_built_action_equal_to_a_legal_one_plays_the_legal_one() -> None:
    """seat=1.0 (or True) equals seat=1: the legal action is what is played and logged."""
    match = rb.Match.new("adventure-game", ["A", "B", "C"], seed=2)
    bot = rb.RandomBot(2)
    while True:
        with_a_number = [
            action
            for action in match.actions()
            if any(type(getattr(action, name)) is int for name in action.__struct_fields__)
        ]
        if with_a_number:
            break
        match.play(bot.choose(match.game, match.state))
    legal = with_a_number[0]
    name = next(n for n in legal.__struct_fields__ if type(getattr(legal, n)) is int)
    built = msgspec.structs.replace(legal, **{name: float(getattr(legal, name))})
    assert built == legal
    match.play(built)
    assert match.log[-1] == str(legal)
    assert rb.Match.load(match.save()).log == match.log


def test_an_old_save_with_a_long_name_still_loads() -> None:
    envelope, fmt = read_envelope(a_match().save("msgpack"))
    envelope.players = envelope.state["players"] = ["A" * (MAX_NAME_LENGTH + 50), "B"]
    loaded = rb.Match.load(encode_envelope(seal(envelope), fmt))
    assert loaded.players[0] == "A" * (MAX_NAME_LENGTH + 50)
