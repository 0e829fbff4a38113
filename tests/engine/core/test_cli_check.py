"""``check`` (issue 15, item 9): 0 for a good save, 1 with one sentence for anything else."""

from __future__ import annotations

import io
import math
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

import ringbearer_engine as rb
from ringbearer_engine import Match, saves
from ringbearer_engine.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def good_save(fmt: saves.SaveFormat = "json") -> bytes:
    match = Match.new("mount-doom", ["Ann", "Bo"], seed=4)
    bot = rb.RandomBot(4)
    for _ in range(10):
        match.play(bot.choose(match.game, match.state))
    return match.save(fmt)


def resealed(change: Callable[[dict[str, Any]], None], fmt: saves.SaveFormat) -> bytes:
    raw = msgspec.msgpack.decode(good_save("msgpack"))
    change(raw)
    raw["checksum"] = saves.content_checksum(raw)
    return msgspec.json.encode(raw) if fmt == "json" else msgspec.msgpack.encode(raw)


HOSTILE: dict[str, Callable[[], bytes]] = {
    "huge-seed": lambda: good_save().replace(b'"seed": 4', b'"seed": ' + str(2**64).encode()),
    "deep-json": lambda: good_save().replace(
        b'"meta": {}', b'"meta": {"x": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    ),
    "no-players": lambda: resealed(lambda raw: raw.update(players=[]), "msgpack"),
    "negative-seed": lambda: resealed(lambda raw: raw.update(seed=-1), "json"),
    "blank-name": lambda: resealed(lambda raw: raw.update(players=["Ann", " "]), "json"),
    "nan-meta": lambda: resealed(lambda raw: raw.update(meta={"x": math.nan}), "msgpack"),
    "script-in-log": lambda: resealed(
        lambda raw: raw["log"].insert(0, '!script {"orders":{},"rolls":{"black":[9]}}'), "json"
    ),
    "indented-damage": lambda: good_save()[:300] + b"\x00" + good_save()[300:],
    "truncated": lambda: good_save("msgpack")[:-10],
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_check_refuses_a_hostile_save_in_one_sentence(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.rbsave"
    path.write_bytes(HOSTILE[name]())
    code, out, err = run("check", str(path))
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"{path}: not a good save (")


def test_check_never_prints_a_traceback(tmp_path: Path) -> None:
    paths = []
    for name, make in HOSTILE.items():
        paths.append(tmp_path / f"{name}.rbsave")
        paths[-1].write_bytes(make())
    for path in paths:
        result = subprocess.run(
            [sys.executable, "-m", "ringbearer_engine", "check", str(path)],
            capture_output=True,
            check=False,
            text=True,
            timeout=60,
        )
        assert (result.returncode, result.stdout) == (1, ""), path.name
        assert "Traceback" not in result.stderr
        assert result.stderr.count("\n") == 1


def test_check_accepts_a_good_save_with_status_0(tmp_path: Path) -> None:
    path = tmp_path / "good.rbsave"
    path.write_bytes(good_save("msgpack"))
    code, out, err = run("check", str(path))
    assert (code, err) == (0, "")
    assert "a good save of Adventure to Mount Doom (10 steps" in out


def test_check_refuses_what_is_not_a_regular_file_without_reading_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.rbsave"
    os.mkfifo(fifo)
    code, _, err = run("check", str(fifo))  # reading a FIFO would block forever
    assert code == 1
    assert "not a regular file" in err
    code, _, err = run("check", str(tmp_path))
    assert code == 1
    assert "not a regular file" in err


def test_check_refuses_an_oversized_file(tmp_path: Path) -> None:
    path = tmp_path / "big.rbsave"
    path.write_bytes(b"{" + b" " * saves.MAX_SAVE_SIZE + b"}")
    code, _, err = run("check", str(path))
    assert code == 1
    assert "not a good save (damaged): the data is too large" in err


def test_check_reports_an_engine_failure_as_a_bad_save_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(data: bytes, **_: object) -> Match:
        raise RuntimeError("a bug\nover two lines")

    monkeypatch.setattr(Match, "load", broken)
    path = tmp_path / "good.rbsave"
    path.write_bytes(good_save())
    code, out, err = run("check", str(path))
    assert (code, out) == (1, "")
    assert (
        err == f"{path}: could not be checked: the engine failed with RuntimeError: a bug "
        "over two lines (please report this)\n"
    )


def test_check_without_a_file_is_a_usage_error_with_status_2() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ringbearer_engine", "check"],
        capture_output=True,
        check=False,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
