"""The server's log helper: what a client sends is shown, never obeyed, and never huge."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest

from ringbearer_tui.server.logs import FIELD_LIMIT, LOGGER, log, loggable, setup_logging


def test_control_characters_are_written_as_escapes() -> None:
    assert loggable("a\nb\rc\td\x00e\x1b[2Jf\u2028g\\h") == (
        "a\\nb\\rc\\td\\x00e\\x1b[2Jf\\u2028g\\\\h"
    )


def test_printable_text_is_kept_as_it_is() -> None:
    assert loggable("xterm-256color") == "xterm-256color"
    assert loggable("Éowyn à Minas Tirith") == "Éowyn à Minas Tirith"


def test_a_long_value_is_cut_with_a_note_of_what_was_left_out() -> None:
    shown = loggable("x" * 100_000)
    assert shown == "x" * FIELD_LIMIT + "...[99800 more characters]"


def test_escapes_count_towards_the_limit() -> None:
    shown = loggable("\x00" * 1000)
    assert shown.startswith("\\x00" * (FIELD_LIMIT // 4))
    assert len(shown) < FIELD_LIMIT + 40


@pytest.fixture
def logged(capsys: pytest.CaptureFixture[str]) -> Iterator[Callable[[str], str]]:
    """``logged(fmt)`` sets the server's log up as ``ringbearer serve`` does and returns
    what has been logged since."""
    saved = LOGGER.handlers[:], LOGGER.level, LOGGER.propagate
    formats: list[str] = []

    def read(fmt: str) -> str:
        if not formats:
            formats.append(fmt)
            setup_logging(fmt)
            return ""
        return capsys.readouterr().err

    yield read
    LOGGER.handlers[:], LOGGER.level, LOGGER.propagate = saved


def test_text_values_that_could_pass_for_fields_are_quoted(
    logged: Callable[[str], str],
) -> None:
    logged("text")
    log("auth", account='ann result=ok "x"', exit=0, term="")
    assert logged("text").endswith(' auth account="ann result=ok \\"x\\"" exit=0 term=""\n')


def test_json_lines_keep_numbers_and_strings(logged: Callable[[str], str]) -> None:
    logged("json")
    log("auth", account="ann\n", exit=0, limited=False)
    fields = json.loads(logged("json"))
    assert (fields["event"], fields["account"], fields["exit"], fields["limited"]) == (
        "auth",
        "ann\\n",
        0,
        False,
    )
