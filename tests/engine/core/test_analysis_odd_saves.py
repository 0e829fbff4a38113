"""Analysis of saves that load but would not start today (issue 46).

Whatever :meth:`Match.load` accepts, :func:`rb.analyse` and the ``analyse`` command must judge
or refuse with an engine error that names the step: an old save's names stay lenient, and a
log that goes on after the end is a library error under any interpreter flags.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import ringbearer_engine as rb
from ringbearer_engine.cli import main
from ringbearer_engine.names import MAX_NAME_LENGTH
from ringbearer_engine.saves import encode_envelope, read_envelope, seal


def a_short_game() -> rb.Match:
    match = rb.Match.new("pig", ["Ann", "Bo"], seed=2)
    for _ in range(6):
        match.play(match.actions()[0])
    return match


def with_players(match: rb.Match, players: list[str]) -> bytes:
    """``match``'s save with names written in before the name checks existed."""
    envelope, fmt = read_envelope(match.save("json"))
    envelope.players = envelope.state["players"] = players
    return encode_envelope(seal(envelope), fmt)


OLD_NAMES = [
    pytest.param(["A" * (MAX_NAME_LENGTH + 50), "Bo"], id="longer-than-allowed"),
    pytest.param(["Ann\x1b[2J", "Bo\x07"], id="control-characters"),
]


@pytest.mark.parametrize("players", OLD_NAMES)
def test_an_old_save_whose_names_load_is_analysed(players: list[str]) -> None:
    loaded = rb.Match.load(with_players(a_short_game(), players))
    analysis = rb.analyse(loaded, futures=4)
    assert analysis.players == players
    assert analysis.complete
    assert len(analysis.steps) == len(loaded.log)


@pytest.mark.parametrize("players", OLD_NAMES)
def test_the_analyse_command_judges_an_old_save_that_check_accepts(
    players: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "old.rbsave"
    path.write_bytes(with_players(a_short_game(), players))
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", str(path)], out=out, err=err) == 0
    assert main(["analyse", str(path)], out=out, err=err) == 0, err.getvalue()


def test_a_log_that_goes_on_after_the_end_is_an_engine_error_naming_the_step() -> None:
    match = rb.Match.new("pig", ["Ann", "Bo"], seed=2)
    while match.outcome is None:
        match.play(match.actions()[0])
    envelope, fmt = read_envelope(match.save("json"))
    envelope.log.append(envelope.log[-1])
    loaded = rb.Match.load(encode_envelope(seal(envelope), fmt), verify=False)
    step = len(envelope.log)
    with pytest.raises(rb.IllegalActionError, match=f"step {step} of the log .*ended"):
        rb.analyse(loaded, futures=4)


def test_an_illegal_step_in_an_unverified_log_is_refused_naming_the_step() -> None:
    match = a_short_game()
    envelope, fmt = read_envelope(match.save("json"))
    envelope.log[1] = "no such action"
    loaded = rb.Match.load(encode_envelope(seal(envelope), fmt), verify=False)
    with pytest.raises(rb.IllegalActionError, match="step 2 of the log"):
        rb.analyse(loaded, futures=4)


def test_a_chance_script_that_cannot_be_read_is_refused_naming_the_step() -> None:
    match = a_short_game()
    envelope, fmt = read_envelope(match.save("json"))
    envelope.log.insert(2, "!script not a script")
    loaded = rb.Match.load(encode_envelope(seal(envelope), fmt), verify=False)
    with pytest.raises(rb.ScriptError, match="step 3 of the log"):
        rb.analyse(loaded, futures=4)


def test_a_step_that_is_no_action_of_the_game_stays_a_notation_error() -> None:
    match = a_short_game()
    envelope, fmt = read_envelope(match.save("json"))
    envelope.log[0] = "no such action"
    loaded = rb.Match.load(encode_envelope(seal(envelope), fmt), verify=False)
    with pytest.raises(rb.NotationError, match="step 1 of the log"):
        rb.analyse(loaded, futures=4)
