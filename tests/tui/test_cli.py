"""The ``ringbearer`` command line."""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ringbearer_engine
import ringbearer_tui
from ringbearer_tui import cli
from ringbearer_tui.cli import main


def test_the_command_line_and_the_ssh_server_load_no_textual() -> None:
    """``ringbearer serve`` runs for days and never draws: it should not carry the UI."""
    probe = (
        "import sys, ringbearer_tui.cli, ringbearer_tui.server.core; "
        "print('textual' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], check=False, capture_output=True, text=True
    )
    assert result.stdout.strip() == "False", result.stderr


WORDING_PROBE = """
import sys
import ringbearer_engine as rb
from ringbearer_tui.games import look_for, tell
for game in rb.list_games():
    match = rb.Match.new(game.id, ["Ann", "Bo"], seed=3)
    look = look_for(game.id)
    events = match.play(match.actions()[0])
    look.describe(match, match.actions()[0])
    [tell(look, event, ["Ann", "Bo"]) for event in events]
    look.summary(match)
print(sorted(name for name in sys.modules if name.split(".")[0] == "textual")[:3])
"""


def test_wording_a_shared_tables_moves_loads_no_textual() -> None:
    """The server words each move of a shared table through the games' looks: that must not
    load the UI toolkit into it either (only drawing a board does)."""
    result = subprocess.run(
        [sys.executable, "-c", WORDING_PROBE], check=False, capture_output=True, text=True
    )
    assert result.stdout.strip() == "[]", result.stderr


def test_version_names_the_app_and_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert out.strip() == (
        f"ringbearer {ringbearer_tui.__version__} (engine {ringbearer_engine.__version__})"
    )


def test_the_installed_command_answers_version() -> None:
    command = shutil.which("ringbearer") or f"{sys.prefix}/bin/ringbearer"
    result = subprocess.run([command, "--version"], capture_output=True, text=True, check=True)
    assert result.stdout.startswith("ringbearer ")


def test_an_unknown_flag_is_refused() -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--colour"])
    assert exited.value.code == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--data-dir", "{dir}"],
        ["--data-dir", "{dir}", "serve"],
        ["serve", "--port", "2299", "--data-dir", "{dir}"],
    ],
)
def test_data_dir_is_accepted_before_or_after_the_subcommand(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: list[Path] = []

    def fake_serve(args: argparse.Namespace, data: Path) -> int:
        served.append(data)
        return 0

    monkeypatch.setattr(cli, "_serve", fake_serve)
    assert main([part.format(dir=tmp_path) for part in argv]) == 0
    assert served == [tmp_path / "server"]


def test_leaving_data_dir_out_after_the_subcommand_keeps_the_one_before() -> None:
    args = cli._parser().parse_args(["--data-dir", "/srv/rb", "continue"])
    assert args.data_dir == Path("/srv/rb")


@pytest.mark.parametrize("command", ["new", "continue", "load", "serve"])
def test_each_subcommand_help_shows_the_global_options(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert "--data-dir" in capsys.readouterr().out


def test_new_help_lists_every_game_id(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    out = capsys.readouterr().out
    for game in ringbearer_engine.list_games():
        assert game.id in out
        assert game.title in out


def test_new_help_lists_every_bot_by_its_id_and_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    out = capsys.readouterr().out
    assert "random (Beginner), heuristic (Steady), mc (Thinker): every game" in out
    assert "ismc (Shrewd): adventure-game only" in out
    assert "search (Careful): adventure-book only" in out


def test_an_unknown_bot_is_refused_with_a_sentence_naming_the_bots(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["--data-dir", str(tmp_path), "new", "mount-doom", "--seats", "Ann,Bo=wiz"]) == 2
    err = capsys.readouterr().err
    assert "Adventure to Mount Doom has no bot 'wiz': choose random (Beginner)," in err
    assert "heuristic (Steady) or mc (Thinker), e.g. Bo=heuristic" in err
    assert "[" not in err


def test_learn_help_lists_every_lesson_shipped(capsys: pytest.CaptureFixture[str]) -> None:
    from ringbearer_tui.lessons.available import shipped_lessons

    with pytest.raises(SystemExit):
        main(["learn", "--help"])
    out = capsys.readouterr().out
    for lesson in shipped_lessons():
        assert lesson.game in out


def test_learn_refuses_a_game_without_a_lesson_and_names_the_lessons(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["--data-dir", str(tmp_path), "learn", "chess"]) == 2
    err = capsys.readouterr().err
    assert "there is no lesson for 'chess'" in err
    assert "mount-doom" in err


def test_learn_opens_the_app_on_the_games_lesson(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from ringbearer_tui.app import RingbearerApp, StartLesson

    started: list[object] = []

    def fake_run(self: RingbearerApp) -> None:
        started.append(self._start)

    monkeypatch.setattr(RingbearerApp, "run", fake_run)
    assert main(["--data-dir", str(tmp_path), "learn", "mount-doom"]) == 0
    assert started == [StartLesson("mount-doom")]


def test_a_served_command_names_the_port_unless_it_is_ssh_s_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ringbearer_tui.environment import SSH_HOST_ENV, SSH_PORT_ENV, ssh_command

    monkeypatch.setenv(SSH_HOST_ENV, "games.example.org")
    monkeypatch.setenv(SSH_PORT_ENV, "2222")
    assert ssh_command("join", "7f3k") == "ssh -t -p 2222 games.example.org join 7f3k"
    monkeypatch.setenv(SSH_PORT_ENV, "22")
    assert ssh_command("watch", "7f3k") == "ssh -t games.example.org watch 7f3k"
