"""The player's settings, kept as JSON in the config folder."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import msgspec

from ringbearer_engine.names import name_problem

from .atomic import clean_stale_temporaries, read_regular_file, write_atomic

MAX_SEATS = 4
"""The most seats any game has: the default names kept."""
MAX_SETTINGS_BYTES = 1024 * 1024
"""The largest file read as settings; real settings are well under 1 kB."""

BotSpeed = Literal["instant", "fast", "normal", "slow"]
BOT_DELAYS: dict[str, float] = {"instant": 0.0, "fast": 0.3, "normal": 0.8, "slow": 1.6}
"""Seconds a bot waits before each move, so players can follow what it does."""

THEMES = (
    "textual-dark",
    "textual-light",
    "nord",
    "gruvbox",
    "dracula",
    "tokyo-night",
    "solarized-light",
    "ansi-dark",
    "ansi-light",
)
"""The themes offered; the ANSI ones use the terminal's own palette, for odd terminals."""


class Settings(msgspec.Struct, kw_only=True):
    theme: str = "textual-dark"
    animation: bool = True
    bot_speed: BotSpeed = "normal"
    confirm_quit: bool = True
    turn_bell: bool = False
    """Ring the terminal's bell when it becomes your turn at a shared table."""
    default_names: list[str] = msgspec.field(
        default_factory=lambda: ["Frodo", "Sam", "Merry", "Pippin"]
    )
    keymap: dict[str, str] = {}
    """Binding id -> keys, e.g. {"menu.new": "n,f2"}; applied with ``App.set_keymap``."""

    @property
    def bot_delay(self) -> float:
        return BOT_DELAYS[self.bot_speed]

    def name_for(self, seat: int) -> str:
        names = self.default_names
        return names[seat] if seat < len(names) and names[seat].strip() else f"Player {seat + 1}"


class SettingsProblem(msgspec.Struct, frozen=True):
    """Why the settings file could not be used (the defaults are used instead)."""

    path: Path
    reason: str


def load_settings(path: Path) -> tuple[Settings, SettingsProblem | None]:
    """The settings at ``path``; defaults (and the problem) if it is missing or unreadable."""
    # Settings left half-written by a killed write: they can never be finished.
    clean_stale_temporaries(path.parent, of=path.name)
    try:
        data = read_regular_file(path, MAX_SETTINGS_BYTES, "settings")
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        return Settings(), SettingsProblem(path, f"cannot read it: {error.strerror}")
    try:
        settings = msgspec.json.decode(data, type=Settings)
    except msgspec.DecodeError as error:
        return Settings(), SettingsProblem(path, f"it is not valid settings: {error}")
    if settings.theme not in THEMES:
        settings.theme = Settings().theme
    # A name no match could start with (control characters, too long) is left blank, so the
    # seat's default ("Player 2") is offered instead.
    settings.default_names = [
        "" if name_problem(name) else name for name in settings.default_names[:MAX_SEATS]
    ]
    return settings, None


def save_settings(path: Path, settings: Settings) -> None:
    write_atomic(path, msgspec.json.format(msgspec.json.encode(settings)) + b"\n")
