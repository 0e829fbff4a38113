"""Campaign saves: the whole campaign in one file, the chapter in play included.

A campaign file holds the engine's campaign save (between chapters), the match save of the
chapter attempt in play (if any), who sits where, and what each attempt changed. It is
written atomically with a backup, like every save, after every step of a chapter and
between chapters, so Continue finds it exactly where it was left.
"""

from __future__ import annotations

import hashlib
import math
import re
import time
import uuid
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Final

import msgspec

import ringbearer_engine as rb
from ringbearer_engine.game import player_count_error
from ringbearer_engine.games.adventure_book import Campaign
from ringbearer_engine.games.adventure_book.chapters import LAST_CHAPTER, TITLES
from ringbearer_engine.names import name_problem

from ...atomic import (
    backup_of,
    clean_stale_temporaries,
    is_temporary,
    recover_from_backup,
    write_atomic,
)
from ...seats import Seat
from ...storage import (
    FolderProblems,
    SaveEntry,
    SaveNameError,
    clean_name,
    read_save,
)
from .rules_data import TRACK

CAMPAIGN_SUFFIX: Final = ".rbcampaign"
FILE_FORMAT: Final = "ringbearer-app-campaign"
FILE_VERSION: Final = 1
"""The campaign file version this app writes (and the newest it reads)."""
GAME_TITLE: Final = "Adventure Book campaign"
CAMPAIGN_GAME: Final = "adventure-book"
CAMPAIGN_ID: Final = r"\A[0-9a-f]{32}\Z"
"""What a campaign's id is (the app makes it): it names the campaign's file, so nothing else
is read as one, never a path out of the campaigns folder."""
Chapter = Annotated[int, msgspec.Meta(ge=1, le=LAST_CHAPTER)]
Space = Annotated[int, msgspec.Meta(ge=0, le=TRACK.last)]
Seed = Annotated[int, msgspec.Meta(ge=0)]
"""(MessagePack holds no whole number above 2**64 - 1, the largest seed.)"""


class Attempt(msgspec.Struct, frozen=True):
    """One chapter attempt as the campaign screen recalls it."""

    chapter: Chapter
    result: str
    """``won``, or the id of the way the chapter was lost."""
    summary: str
    corruption_before: Space
    corruption_after: Space
    specials_won: tuple[str, ...] = ()
    """Special cards won during this attempt (they stay in the campaign)."""


class CampaignRecord(msgspec.Struct, kw_only=True):
    """A campaign as the app keeps it."""

    id: Annotated[str, msgspec.Meta(pattern=CAMPAIGN_ID)]
    name: str
    seats: list[Seat]
    seed: Seed | None = None
    """The seed the chapter attempts derive theirs from (``None``: each attempt is random)."""
    campaign: bytes
    """The engine's campaign save: where the campaign stands before the next attempt."""
    match: bytes | None = None
    """The save of the chapter attempt in play, if one is."""
    history: list[Attempt] = []
    created: float = 0.0

    @classmethod
    def new(cls, name: str, seats: list[Seat], seed: int | None) -> CampaignRecord:
        return cls(
            id=uuid.uuid4().hex,
            name=name,
            seats=list(seats),
            seed=seed,
            campaign=Campaign.new().to_bytes(),
            created=time.time(),
        )

    @property
    def state(self) -> Campaign:
        return Campaign.from_bytes(self.campaign)


class CampaignFile(msgspec.Struct, kw_only=True):
    format: str = FILE_FORMAT
    version: int = FILE_VERSION
    record: Any
    checksum: str


def _checksum(content: object) -> str:
    return hashlib.sha256(msgspec.msgpack.encode(content)).hexdigest()


def encode(record: CampaignRecord) -> bytes:
    content = msgspec.to_builtins(record)
    return msgspec.msgpack.encode(CampaignFile(record=content, checksum=_checksum(content)))


def decode(data: bytes) -> CampaignRecord:
    """A campaign file's record; a bad file raises a :class:`rb.SaveError` with the reason."""
    try:
        raw = msgspec.msgpack.decode(data)
    except msgspec.DecodeError as error:
        if "truncated" in str(error).lower():
            raise rb.TruncatedSaveError("the campaign save ends too early (cut off)") from None
        raise rb.NotASaveError(f"this is not a campaign save: {error}") from None
    if not isinstance(raw, dict) or raw.get("format") != FILE_FORMAT:
        raise rb.NotASaveError("this is not a Ringbearer campaign save (no campaign mark)")
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise rb.DamagedSaveError(f"the campaign save's version is not valid: {version!r}")
    if version > FILE_VERSION:
        raise rb.FutureVersionError(
            f"this campaign was saved by a newer Ringbearer (campaign file version {version}; "
            f"this one reads up to {FILE_VERSION}). Upgrade to open it."
        )
    if raw.get("checksum") != _checksum(raw.get("record")):
        raise rb.DamagedSaveError(
            "the campaign save's checksum does not match: it was changed or corrupted"
        )
    try:
        record = msgspec.convert(raw["record"], CampaignRecord)
    except msgspec.ValidationError as error:
        raise rb.DamagedSaveError(f"the campaign save is damaged: {error}") from None
    problem = _record_problem(record)
    if problem:
        raise rb.DamagedSaveError(f"the campaign save is damaged: {problem}")
    Campaign.from_bytes(record.campaign)  # the engine checks its own campaign save
    if record.match is not None:
        chapter = rb.Match.load(record.match, game=CAMPAIGN_GAME)
        if len(chapter.players) != len(record.seats):
            raise rb.DamagedSaveError(
                "the campaign save is damaged: its chapter in play has other seats than it"
            )
    return record


def _record_problem(record: CampaignRecord) -> str:
    """What a record holds that Play could not start from (checked as a save is, on read)."""
    names = [seat.name for seat in record.seats]
    problem = player_count_error(rb.get_game(CAMPAIGN_GAME), names)
    if problem:
        return problem
    for name in names:
        problem = name_problem(name)
        if problem:
            return problem
    if not math.isfinite(record.created):
        return f"its date is not a date: {record.created}"
    return ""


def progress(record: CampaignRecord) -> str:
    """ "chapter 3 of 8, corruption 5 of 15" (or how the campaign ended)."""
    campaign = record.state
    if campaign.status == "won":
        return "won: the One Ring is destroyed"
    if campaign.status == "lost":
        return "lost to corruption"
    return f"chapter {campaign.chapter}, corruption {campaign.corruption}/{TRACK.last}"


def chapter_title(number: int) -> str:
    return TITLES.get(number, f"Chapter {number}")


class CampaignStore:
    """The campaign files under one folder (one file per campaign, named by its id)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.problems = FolderProblems()
        """Whether the last listing could not read the folder, and why."""

    def tidy(self) -> None:
        """At start: remove temporary files no write will finish, restore lone backups."""
        clean_stale_temporaries(self.folder)
        self._paths()

    def path_of(self, record: CampaignRecord) -> Path:
        return self.path_of_id(record.id)

    def path_of_id(self, campaign_id: str) -> Path:
        # Checked again here, for a record built in code: only a made id names a file.
        if not re.fullmatch(CAMPAIGN_ID, campaign_id):
            raise rb.DamagedSaveError(f"{campaign_id!r} is not a campaign's id")
        return self.folder / f"{campaign_id}{CAMPAIGN_SUFFIX}"

    def write(self, record: CampaignRecord, data: bytes | None = None) -> Path:
        path = self.path_of(record)
        write_atomic(path, encode(record) if data is None else data)
        return path

    def save_copy(self, record: CampaignRecord, name: str) -> Path:
        """A copy of the campaign as it stands, under a new name (a campaign of its own)."""
        clean = clean_name(name)
        if any(e.name == clean for e in self.entries() if not e.damaged):
            raise SaveNameError(f"a campaign called {clean!r} already exists")
        copy = msgspec.structs.replace(record, id=uuid.uuid4().hex, name=clean)
        return self.write(copy)

    def read(self, path: Path) -> CampaignRecord:
        """The campaign at ``path``; an :class:`OSError` or a :class:`rb.SaveError` if bad."""
        data = read_save(path)
        try:
            return decode(data)
        except rb.SaveError:
            raise
        except Exception as error:  # hostile contents can fail outside the engine's errors
            raise rb.DamagedSaveError(f"cannot be loaded ({type(error).__name__})") from error

    def load(self, entry: SaveEntry, *, from_backup: bool = False) -> CampaignRecord:
        return self.read(backup_of(entry.path) if from_backup else entry.path)

    def rename(self, entry: SaveEntry, new_name: str) -> None:
        record = self.read(entry.path)
        record.name = clean_name(new_name)
        self.write(record)

    def _paths(self) -> list[Path]:
        for backup in self.problems.files_ending(self.folder, f"{CAMPAIGN_SUFFIX}.bak"):
            recover_from_backup(backup.with_name(backup.name.removesuffix(".bak")))
        found = self.problems.files_ending(self.folder, CAMPAIGN_SUFFIX)
        return [path for path in found if not is_temporary(path)]

    def entries(self) -> list[SaveEntry]:
        """Every campaign as the Load list shows it; a bad file is listed with the reason."""
        return [self.describe(path) for path in self._paths()]

    def describe(self, path: Path) -> SaveEntry:
        modified = _modified(path)
        try:
            record = self.read(path)
            finished = record.state.finished
        except Exception as error:  # listing must survive any file
            return SaveEntry(
                path,
                f"campaign {path.stem[:8]}",
                False,
                modified,
                game_title=GAME_TITLE,
                problem=_problem(error),
                backup_ok=self._loads(backup_of(path)),
            )
        return SaveEntry(
            path,
            record.name,
            False,
            modified,
            game_id="adventure-book",
            game_title=GAME_TITLE,
            seats=record.seats,
            progress=progress(record),
            saved=datetime.fromtimestamp(modified).strftime("%Y-%m-%d %H:%M"),
            finished=finished,
        )

    def latest(self) -> SaveEntry | None:
        """The most recently saved campaign still being played, for Continue."""
        for path in sorted(self._paths(), key=_modified, reverse=True):
            entry = self.describe(path)
            if not entry.damaged and not entry.finished:
                return entry
        return None

    def _loads(self, path: Path) -> bool:
        try:
            self.read(path)
        except Exception:  # any failure means the file is not a good save
            return False
        return True


def is_campaign(entry: SaveEntry) -> bool:
    return entry.path.name.endswith(CAMPAIGN_SUFFIX)


def _modified(path: Path) -> float:
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0


def _problem(error: Exception) -> str:
    if isinstance(error, OSError):
        return error.strerror or "cannot be read"
    return str(error) or "cannot be read"
