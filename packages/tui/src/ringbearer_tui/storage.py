"""The saves on disk: autosaves (one per match), named saves, and their backups.

Every write is atomic and keeps the previous version as ``<file>.bak``. Listing never fails
and never blocks on a bad file: only regular files up to :data:`MAX_SAVE_BYTES` are read, and
a damaged save is listed with the reason, and with its backup when that one is good.
"""

from __future__ import annotations

import os
import re
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

import ringbearer_engine as rb
from ringbearer_engine.saves import MAX_SAVE_SIZE

from .atomic import (
    backup_of,
    clean_stale_temporaries,
    is_temporary,
    read_regular_file,
    recover_from_backup,
    temporary_of,
    write_atomic,
)
from .seats import Seat, seats_from_meta

SUFFIX = ".rbsave"
MAX_SAVE_BYTES = MAX_SAVE_SIZE
"""The largest file read as a save, the engine's own limit (real saves are a few kB, a long
match well under 1 MB): a save the engine would read is never refused here."""
_UNSAFE = re.compile(r"[^A-Za-z0-9 _.-]+")


class SaveEntry(msgspec.Struct, frozen=True):
    """One save file as the load list shows it."""

    path: Path
    name: str
    autosave: bool
    modified: float
    game_id: str = ""
    game_title: str = ""
    seats: list[Seat] = []
    progress: str = ""
    saved: str = ""
    finished: bool = False
    problem: str | None = None
    """Why the file cannot be loaded (``None`` when it is good)."""
    backup_ok: bool = False
    """Whether a good backup of a damaged save exists."""
    lesson: str = ""
    """The game whose lesson this match is ("" for an ordinary game)."""

    @property
    def damaged(self) -> bool:
        return self.problem is not None


class SaveNameError(ValueError):
    """A save name that cannot be used."""


def match_id(match: rb.Match) -> str:
    """The match's lasting id (made on first need): it names the match's autosave."""
    ident = match.meta.get("id")
    if not isinstance(ident, str) or not re.fullmatch(r"[0-9a-f]{32}", ident):
        ident = uuid.uuid4().hex
        match.meta["id"] = ident
    return ident


def lesson_game(match: rb.Match) -> str:
    """The game whose lesson ``match`` is (its meta says so), or ""."""
    mark = match.meta.get("lesson")
    game = mark.get("game") if isinstance(mark, dict) else None
    return game if isinstance(game, str) else ""


DONE_KEY = "done"
"""The lesson mark's key that says every step of the lesson is played (the lesson session
keeps it up to date)."""


def lesson_done(match: rb.Match) -> bool:
    """Whether ``match`` is a lesson whose steps are all played: a finished lesson, even when
    its match goes on."""
    mark = match.meta.get("lesson")
    return lesson_game(match) != "" and isinstance(mark, dict) and mark.get(DONE_KEY) is True


def finished(match: rb.Match) -> bool:
    """Whether the save lists show ``match`` as finished: its game is over, or it is a
    finished lesson (Continue passes over both)."""
    return match.outcome is not None or lesson_done(match)


def progress_of(match: rb.Match) -> str:
    outcome = match.outcome
    if lesson_done(match):
        ended = f"; {'won' if outcome.won else 'lost'}: {outcome.summary}" if outcome else ""
        return f"lesson finished{ended}"
    lesson = "lesson, " if lesson_game(match) else ""
    if outcome is not None:
        return lesson + ("won: " if outcome.won else "lost: ") + outcome.summary
    turn = match.game.turn_number(match.state)
    return lesson + (f"turn {turn}" if turn else f"{len(match.log)} steps")


class FolderProblems:
    """Folders that could not be read, and why: a listing says so and goes on."""

    def __init__(self) -> None:
        self.found: dict[Path, str] = {}

    def note(self, folder: Path, error: OSError) -> None:
        self.found[folder] = error.strerror or "it cannot be read"

    def messages(self) -> list[str]:
        return [
            f"{folder} cannot be read ({why}); the saves in it are not listed"
            for folder, why in self.found.items()
        ]

    def files_ending(self, folder: Path, suffix: str) -> list[Path]:
        """The files in ``folder`` whose names end with ``suffix``; none (the problem noted)
        when the folder is there but cannot be read or searched."""
        try:
            if not folder.is_dir():
                self.found.pop(folder, None)
                return []
            with os.scandir(folder) as listing:
                names = [entry.name for entry in listing if entry.name.endswith(suffix)]
        except OSError as error:
            self.note(folder, error)
            return []
        self.found.pop(folder, None)
        return [folder / name for name in names]


def present(path: Path) -> bool:
    """Whether a file (or a link) is at ``path``; when that cannot be told, it counts as
    there, so nothing is listed as missing or put back over it."""
    try:
        return path.exists() or path.is_symlink()
    except OSError:
        return True


class SaveStore:
    """Saves under one data folder."""

    def __init__(self, saves: Path, autosaves: Path) -> None:
        self.saves = saves
        self.autosaves = autosaves
        self.problems = FolderProblems()
        """The folders the last listing could not read."""

    # -- writing ----------------------------------------------------------------------------

    def autosave(self, match: rb.Match) -> Path:
        return self.write_autosave(match, self.autosave_bytes(match))

    def autosave_bytes(self, match: rb.Match) -> bytes:
        match_id(match)  # the id must be in the save
        return match.save()

    def write_autosave(self, match: rb.Match, data: bytes) -> Path:
        path = self.autosaves / f"{match_id(match)}{SUFFIX}"
        write_atomic(path, data)
        return path

    def save_as(self, match: rb.Match, name: str, *, overwrite: bool = False) -> Path:
        clean = clean_name(name)
        path = self.saves / f"{clean}{SUFFIX}"
        ident = match_id(match)
        if path.exists() and not overwrite and _read_meta(path).get("id") != ident:
            raise SaveNameError(f"a save called {clean!r} already exists")
        match.meta["name"] = clean
        write_atomic(path, match.save())
        return path

    def delete(self, entry: SaveEntry) -> None:
        delete_save(entry.path)

    def rename(self, entry: SaveEntry, new_name: str) -> Path:
        if entry.autosave:
            raise SaveNameError("an autosave cannot be renamed; save it under a name instead")
        clean = clean_name(new_name)
        target = self.saves / f"{clean}{SUFFIX}"
        if present(target):
            raise SaveNameError(f"a save called {clean!r} already exists")
        rename_save(entry.path, target)
        return target

    # -- reading ----------------------------------------------------------------------------

    def tidy(self) -> None:
        """At start: remove stale temporary files, and restore saves that only a backup holds."""
        for folder in (self.saves, self.autosaves):
            clean_stale_temporaries(folder)
            self._recover(folder)

    def _recover(self, folder: Path) -> None:
        for backup in self.problems.files_ending(folder, f"{SUFFIX}.bak"):
            recover_from_backup(backup.with_name(backup.name.removesuffix(".bak")))

    def entries(self) -> list[SaveEntry]:
        """Every save, newest first. Never raises for a bad file or an unreadable folder
        (:attr:`problems` says which could not be read)."""
        found: list[SaveEntry] = []
        for folder, autosave in ((self.saves, False), (self.autosaves, True)):
            self._recover(folder)
            for path in self.problems.files_ending(folder, SUFFIX):
                if not is_temporary(path):
                    found.append(describe(path, autosave))
            for backup in self.problems.files_ending(folder, f"{SUFFIX}.bak"):
                main = backup.with_name(backup.name.removesuffix(".bak"))
                if not present(main):  # recovery was not possible
                    found.append(
                        SaveEntry(
                            main,
                            main.stem,
                            autosave,
                            _modified(backup),
                            problem="the save is missing (an interrupted write)",
                            backup_ok=_loads(backup),
                        )
                    )
        return sorted(found, key=lambda e: e.modified, reverse=True)

    def latest_autosave(self) -> SaveEntry | None:
        """The most recent autosave of an unfinished match (nor finished lesson) that loads,
        for Continue.

            Asked at every start and every return to the menu, while autosaves pile up (one per
            match), so finished matches are passed over on a quick read (the checksum, not the
            replay) and only a candidate is loaded in full.
        """
        self._recover(self.autosaves)
        paths = sorted(
            (p for p in self.problems.files_ending(self.autosaves, SUFFIX) if not is_temporary(p)),
            key=_modified,
            reverse=True,
        )
        for path in paths:
            try:
                over = finished(rb.Match.load(read_save(path), verify=False))
            except Exception:  # any bad file is passed over, never fatal
                continue
            if not over:
                entry = describe(path, autosave=True)
                if not entry.damaged:
                    return entry
        return None

    def load(self, entry: SaveEntry, *, from_backup: bool = False) -> rb.Match:
        """The match in ``entry``'s file; any failure is an :class:`OSError` or a SaveError."""
        path = backup_of(entry.path) if from_backup else entry.path
        data = read_save(path)
        try:
            return rb.Match.load(data)
        except rb.SaveError:
            raise
        except Exception as error:
            # Hostile contents can make the engine fail outside its own errors.
            raise rb.SaveError(_problem(error)) from error


def clean_name(name: str) -> str:
    """A save name that is safe as a file name in its folder and nowhere else."""
    clean = _UNSAFE.sub("", name).strip(" .")[:60].strip()
    if not clean:
        raise SaveNameError("a save name needs letters or digits")
    return clean


def read_save(path: Path) -> bytes:
    """The bytes of the save at ``path``, refusing what could block or flood the reader
    (see :func:`.atomic.read_regular_file`)."""
    return read_regular_file(path, MAX_SAVE_BYTES, "a save")


def delete_save(path: Path) -> None:
    """Remove a save and its backup in one step that no listing can undo.

    The backup goes first: were the save removed first and the second step cut off, the
    next listing would put the lone backup back as the save. Cut off between the two, the
    save is still there, as it was, and can be deleted again.
    """
    backup_of(path).unlink(missing_ok=True)
    path.unlink(missing_ok=True)


def rename_save(path: Path, target: Path) -> None:
    """Move a save and its backup to ``target`` in one step that no listing can undo.

    The backup is first set aside under a temporary name (which listings pass over, and the
    next start removes), then the save is renamed, the one step that counts, then the backup
    follows it. Cut off anywhere, the save shows under one name only.
    """
    backup, aside = backup_of(path), temporary_of(backup_of(target))
    try:
        backup.rename(aside)
        has_backup = True
    except FileNotFoundError:
        has_backup = False
    try:
        path.rename(target)
    except OSError:
        if has_backup:
            aside.rename(backup)  # as it was
        raise
    if has_backup:
        aside.rename(backup_of(target))


def _modified(path: Path) -> float:
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0


def _read_meta(path: Path) -> dict[str, Any]:
    try:
        return rb.Match.load(read_save(path), verify=False).meta
    except Exception:  # an unreadable file has no meta
        return {}


def _loads(path: Path) -> bool:
    try:
        rb.Match.load(read_save(path))
    except Exception:  # any failure means the file is not a good save
        return False
    return True


def _problem(error: Exception) -> str:
    if isinstance(error, OSError):
        return error.strerror or "cannot be read"
    if isinstance(error, rb.RingbearerError):
        return str(error) or "cannot be read"
    # Hostile contents can make the engine fail outside its own errors (deep nesting, huge
    # numbers): the file is damaged all the same.
    return f"cannot be loaded ({type(error).__name__})"


def describe(path: Path, autosave: bool) -> SaveEntry:
    """A list entry for the save at ``path``; damaged saves carry the reason. Never raises."""
    modified = _modified(path)
    try:
        match = rb.Match.load(read_save(path))
        entry = _good_entry(match, path, autosave, modified)
    except Exception as error:  # listing must survive any file
        backup = backup_of(path)
        return SaveEntry(
            path,
            path.stem,
            autosave,
            modified,
            problem=_problem(error),
            backup_ok=_loads(backup),
        )
    return entry


def _good_entry(match: rb.Match, path: Path, autosave: bool, modified: float) -> SaveEntry:
    # An autosave not renamed is named by its players: a list of "Autosave" rows told
    # nothing apart but the game and the date.
    players = ", ".join(match.players) or "Autosave"
    name = str(match.meta.get("name") or (players if autosave else path.stem))
    return SaveEntry(
        path,
        name,
        autosave,
        modified,
        game_id=match.game_id,
        game_title=match.game.title,
        seats=seats_from_meta(match.meta, match.players),
        progress=progress_of(match),
        saved=datetime.fromtimestamp(modified).strftime("%Y-%m-%d %H:%M"),
        finished=finished(match),
        lesson=lesson_game(match),
    )
