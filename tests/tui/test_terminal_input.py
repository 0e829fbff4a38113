"""Whatever bytes a terminal sends, the app goes on: bytes that are not UTF-8 become U+FFFD,
control sequences with absurd numbers or lengths are dropped, everything else reaches
Textual's parser unchanged. Checked on the filter, on the parser behind it, and on the app
running in a real PTY."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyte
from hypothesis import given
from hypothesis import strategies as st
from textual import events
from textual._xterm_parser import XTermParser

from ringbearer_tui.environment import CLAIM_TTY_ENV
from ringbearer_tui.server.terminal import open_pty
from ringbearer_tui.terminal_input import MAX_STRING, InputFilter

LATIN_1_E_ACUTE = b"\xe9"
HUGE_CSI = b"\x1b[999999999999999999999A"
HUGE_KITTY_KEY = b"\x1b[99999999999999999999999u"
LONG_DCS = b"\x1bP" + b"a" * 60_000 + b"\x1b\\"
HOSTILE = [LATIN_1_E_ACUTE, HUGE_CSI, HUGE_KITTY_KEY, LONG_DCS]


def filtered(*chunks: bytes) -> str:
    incoming = InputFilter()
    return "".join(incoming.feed(chunk) for chunk in chunks) + incoming.flush()


def parsed(text: str) -> list[object]:
    parser = XTermParser()
    return [*(parser.feed(text) if text else []), *parser.tick()]


def test_a_byte_that_is_not_utf8_becomes_a_replacement_character() -> None:
    assert filtered(b"caf" + LATIN_1_E_ACUTE + b"!") == "caf\ufffd!"


def test_utf8_split_between_reads_is_kept_whole() -> None:
    encoded = "é".encode()
    assert filtered(encoded[:1], encoded[1:]) == "é"


def test_a_control_sequence_with_a_number_too_large_is_dropped_whole() -> None:
    assert filtered(b"a" + HUGE_CSI + b"b") == "ab"
    assert filtered(b"a" + HUGE_KITTY_KEY + b"b") == "ab"


def test_a_long_dcs_string_is_cut_to_its_bound() -> None:
    text = filtered(b"x" + LONG_DCS + b"y")
    assert len(text) <= MAX_STRING + 8
    assert text.startswith("x\x1bP")
    assert text.endswith("y")


def test_an_over_long_csi_sequence_is_dropped() -> None:
    assert filtered(b"\x1b[" + b"1;" * 100 + b"m" + b"z") == "z"


def test_what_terminals_send_passes_unchanged() -> None:
    honest = [
        b"\x1b[A",  # up
        b"\x1b[1;5C",  # ctrl+right
        b"\x1b[<0;12;7M\x1b[<0;12;7m",  # an SGR mouse click
        b"\x1b[200~pasted text\x1b[201~",  # bracketed paste
        b"\x1b[97;5u",  # kitty: ctrl+a
        b"\x1b[48;24;80;480;640t",  # in-band resize
        b"\x1bOP",  # F1
        b"\x1bx",  # alt+x
        b"\x1b]11;rgb:0000/0000/0000\x1b\\",  # a colour report
        "plain é ✓".encode(),
    ]
    for data in honest:
        assert filtered(data) == data.decode(), data
        # And split at every point, as reads may split it.
        for cut in range(1, len(data)):
            assert filtered(data[:cut], data[cut:]) == data.decode(), (data, cut)


def test_the_parser_takes_the_hostile_inputs_once_filtered() -> None:
    for data in HOSTILE:
        parsed(filtered(data))  # raises nothing


def test_the_dcs_flood_is_not_sixty_thousand_key_presses() -> None:
    keys = [event for event in parsed(filtered(LONG_DCS)) if isinstance(event, events.Key)]
    assert len(keys) <= MAX_STRING + 2


@given(st.lists(st.binary(max_size=64), max_size=8))
def test_no_bytes_at_all_make_the_parser_fail(chunks: list[bytes]) -> None:
    parser = XTermParser()
    incoming = InputFilter()
    for text in [*(incoming.feed(chunk) for chunk in chunks), incoming.flush()]:
        if text:  # (the parser takes an empty string for the end of its input)
            list(parser.feed(text))
    list(parser.tick())


# -- the app in a real terminal -----------------------------------------------------------------


class Terminal:
    """The app on a fresh PTY, its screen read through pyte."""

    def __init__(self, data: Path) -> None:
        self.master, slave = open_pty(80, 24)
        env = {**os.environ, "TERM": "xterm-256color", CLAIM_TTY_ENV: "1"}
        self.child = subprocess.Popen(
            [sys.executable, "-m", "ringbearer_tui", "--data-dir", str(data)],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)

    def wait_for(self, text: str, timeout: float = 40.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in "\n".join(self.screen.display):
                return
            assert self.child.poll() is None, "the app ended"
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.stream.feed(os.read(self.master, 65536))
                except OSError:
                    break
        raise AssertionError(f"never saw {text!r}:\n" + "\n".join(self.screen.display))

    def send(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            _, writable, _ = select.select([], [self.master], [], 0.1)
            if writable:
                view = view[os.write(self.master, view[:4096]) :]
            self.drain()

    def drain(self) -> None:
        while select.select([self.master], [], [], 0)[0]:
            try:
                self.stream.feed(os.read(self.master, 65536))
            except OSError:
                return

    def close(self) -> None:
        os.close(self.master)
        try:
            self.child.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(self.child.pid, signal.SIGKILL)
            self.child.wait()


def test_the_app_in_a_terminal_survives_hostile_input_and_still_answers(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path)
    try:
        terminal.wait_for("New game")
        for data in HOSTILE:
            terminal.send(data)
        terminal.send(b"s")  # the settings
        terminal.wait_for("Default name, seat 1", timeout=20)
        assert terminal.child.poll() is None
    finally:
        terminal.close()
