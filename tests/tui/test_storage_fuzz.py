"""The storage fuzzer: any data folder, any settings file, and the app still starts.

Each case builds a data folder of good saves and campaigns mixed with what a disk can hold
besides (lone backups, temporaries of dead writers, FIFOs, links to endless devices and to
nothing, huge sparse files, folders where files should be, garbage) and a settings file of
any kind, then makes some of the folders unreadable or unsearchable (see the ``lock``
fixture), and starts the app's stores as the app does at start and at every listing. Nothing
may raise, hang (a FIFO would block forever) or read without bound; what cannot be read is
named. Bounded in the default checks; ``nox -s fuzz`` tries many more.
"""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

import pytest
from fuzzing import budget

import ringbearer_engine as rb
from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.atomic import temporary_of
from ringbearer_tui.games.adventure_book.saves import CAMPAIGN_SUFFIX, CampaignRecord, encode
from ringbearer_tui.paths import AppPaths, resolve_paths
from ringbearer_tui.seats import Seat
from ringbearer_tui.settings import MAX_SETTINGS_BYTES, load_settings
from ringbearer_tui.storage import MAX_SAVE_BYTES, SUFFIX

Lock = Callable[[Path, str], None]
HANG_SECONDS = 20
"""A case that takes longer is a hang (a FIFO read blocks forever): a guard, not a timing."""
DEAD_PID = 2**22 + 4321


@pytest.fixture
def hang_guard() -> Iterator[None]:
    def hung(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError("a storage step hung")

    previous = signal.signal(signal.SIGALRM, hung)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def odd_file(path: Path, rng: random.Random, good: bytes, limit: int) -> None:
    """Something at ``path``: a good file, or what a disk can hold instead."""
    how = rng.randrange(9)
    if how == 0:
        os.mkfifo(path)
    elif how == 1:
        path.symlink_to("/dev/zero")
    elif how == 2:
        path.symlink_to(path.parent / "nowhere")
    elif how == 3:
        with open(path, "wb") as handle:
            handle.truncate(limit + rng.choice((1, 2**30)))  # sparse: costs no disk
    elif how == 4:
        path.mkdir()
    elif how == 5:
        path.write_bytes(rng.randbytes(rng.choice((0, 1, 100))))
    elif how == 6:
        path.write_bytes(good[: rng.randrange(len(good))])
    else:
        path.write_bytes(good)


def a_data_folder(paths: AppPaths, rng: random.Random) -> None:
    match = rb.Match.new("pig", ["Ann", "Bo"], seed=1)
    match.meta["id"] = "0" * 32
    save = match.save()
    campaign_file = encode(CampaignRecord.new("Ann's fellowship", [Seat("Ann")], seed=1))
    for folder, suffix, good in (
        (paths.saves, SUFFIX, save),
        (paths.autosaves, SUFFIX, save),
        (paths.campaigns, CAMPAIGN_SUFFIX, campaign_file),
    ):
        folder.mkdir(parents=True, exist_ok=True)
        for index in range(rng.randrange(4)):
            name = f"{index:032x}{suffix}"
            odd_file(folder / name, rng, good, MAX_SAVE_BYTES)
            if rng.random() < 0.4:
                odd_file(folder / f"{name}.bak", rng, good, MAX_SAVE_BYTES)
            if rng.random() < 0.3:
                temporary_of(folder / name, DEAD_PID).write_bytes(good[:10])
        if rng.random() < 0.3:  # a backup alone: the save was cut off
            (folder / f"lone{suffix}.bak").write_bytes(good)


def a_settings_file(path: Path, rng: random.Random) -> None:
    good = b'{"theme": "nord", "default_names": ["Ann", "Bo\\u001b]0;x\\u0007"]}'
    if rng.random() < 0.2:
        return  # none at all
    odd_file(path, rng, good, MAX_SETTINGS_BYTES)
    if rng.random() < 0.3:
        temporary_of(path, DEAD_PID).write_text("{")


@pytest.mark.fuzz
def test_any_data_folder_and_settings_file_start_the_app(
    tmp_path: Path, lock: Lock, hang_guard: None
) -> None:
    rng = random.Random("storage-fuzz")
    for case in range(budget(bounded=12, long=2_000)):
        paths = resolve_paths(tmp_path / str(case))
        a_data_folder(paths, rng)
        a_settings_file(paths.settings_file, rng)
        locked = [
            folder
            for folder in (paths.data, paths.saves, paths.autosaves, paths.campaigns)
            if rng.random() < 0.15
        ]
        for folder in locked:
            lock(folder, rng.choice(("unsearchable", "closed")))
        signal.alarm(HANG_SECONDS)
        load_settings(paths.settings_file)
        app = RingbearerApp(paths)  # reads the settings, tidies both stores
        listed = app.store.entries() + app.campaigns.entries()
        app.store.latest_autosave()
        app.campaigns.latest()
        app.latest_to_continue()
        signal.alarm(0)
        for entry in listed:
            (entry.problem or "").encode("utf-8")
        told = app.store.problems.messages() + app.campaigns.problems.messages()
        assert all("cannot be read" in message for message in told), f"case {case}"
        if paths.data in locked:
            assert told, f"case {case}: the data folder cannot be read, and nothing says so"
        else:
            assert not temporary_of(paths.settings_file, DEAD_PID).exists(), f"case {case}"
