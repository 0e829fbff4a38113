"""What a session's input may cost its game (issue 48, item 9): input counted in events,
pastes as one, overlong strings discarded before the game reads them."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ringbearer_tui.server.input_shaping import MAX_STRING, PASTE_END, PASTE_START, InputShaper

from .conftest import StartServer, connect


def shape(*reads: bytes) -> tuple[bytes, int]:
    shaper = InputShaper()
    out, events = b"", 0
    for data in reads:
        passed, counted = shaper.feed(data)
        out, events = out + passed, events + counted
    return out, events


@pytest.mark.parametrize(
    ("keys", "events"),
    [
        (b"abc", 3),
        ("é€".encode(), 2),  # one event a character, not a byte
        (b"\x1b[A\x1b[B", 2),  # two arrow keys
        (b"\x1bOP", 1),  # F1 as SS3
        (b"\x1b[<35;10;20M\x1b[<0;10;20m", 2),  # mouse reports
        (b"\x1bx", 1),  # Alt+x
        (b"\x1b\x1b", 2),  # Esc, Esc
        (b"\r\t\x7f", 3),
    ],
    ids=["letters", "utf8", "arrows", "ss3", "mouse", "alt", "escapes", "controls"],
)
def test_each_key_or_whole_sequence_is_one_event(keys: bytes, events: int) -> None:
    assert shape(keys) == (keys, events)


def test_a_bracketed_paste_is_one_event_however_long() -> None:
    paste = PASTE_START + b"x" * 10_000 + b"\x1b[A" + PASTE_END
    assert shape(paste + b"q") == (paste + b"q", 2)


def test_a_paste_split_across_reads_anywhere_is_still_one_event() -> None:
    paste = PASTE_START + b"hello \x1b[201 world" + PASTE_END + b"z"
    for cut in range(1, len(paste)):
        assert shape(paste[:cut], paste[cut:]) == (paste, 2), cut


def test_an_unterminated_dcs_string_is_cut_and_costs_one_event() -> None:
    flood = b"\x1bP" + b"a" * 60_000
    out, events = shape(flood[:30_000], flood[30_000:])
    assert out == b"\x1bP" + b"a" * MAX_STRING
    assert events == 1


@pytest.mark.parametrize("start", [b"P", b"]", b"X", b"^", b"_"])
def test_every_string_kind_ends_at_its_terminator_and_keys_come_back(start: bytes) -> None:
    string = b"\x1b" + start + b"b" * 1000
    out, events = shape(string + b"\x1b\\" + b"q")
    assert out == b"\x1b" + start + b"b" * MAX_STRING + b"\x1b\\q"
    assert events == 3  # the string, the terminator's Esc, and q


def test_an_osc_ended_by_bel_passes_whole() -> None:
    reply = b"\x1b]11;rgb:0000/0000/0000\x07"
    assert shape(reply) == (reply, 1)


@given(st.lists(st.binary(max_size=300), max_size=8))
def test_shaping_never_adds_bytes_and_drops_only_string_bodies(reads: list[bytes]) -> None:
    out, events = shape(*reads)
    whole = b"".join(reads)
    assert len(out) <= len(whole)
    assert events <= len(whole)
    if b"\x1b" not in whole:
        assert out == whole


async def test_a_flood_of_keys_reaches_the_game_at_the_key_rate(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server(key_rate=10, input_rate=1_000_000)
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    [game] = server.live.values()
    client.process.stdin.write(b"x" * 5000)
    await asyncio.sleep(1.5)
    # A burst of forty (four seconds' worth), then ten a second.
    assert 40 <= game.input_bytes <= 40 + 10 * 3
    client.drop()


async def test_a_long_dcs_string_never_reaches_the_game(
    make_server: StartServer, user_key: asyncssh.SSHKey
) -> None:
    server = await make_server(input_rate=1_000_000)
    client = await connect(server, "ann", user_key)
    await client.wait_for("New game")
    [game] = server.live.values()
    client.process.stdin.write(b"\x1bP" + b"a" * 60_000 + b"\x1b\\")
    await asyncio.sleep(1.0)
    assert game.input_bytes <= 2 + MAX_STRING + 2
    client.drop()
