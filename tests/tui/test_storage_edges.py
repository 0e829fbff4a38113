"""Storage at its edges (issue 27): folders that cannot be searched, odd settings files, and
renames and deletes cut off half-way.

The test machine may run as root, whom permissions do not stop, so a folder that cannot be
searched is played by the ``lock`` fixture (conftest.py): every look inside it fails as the
system would (EACCES).
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest

import ringbearer_engine as rb
from ringbearer_engine.saves import MAX_SAVE_SIZE
from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.atomic import backup_of, is_temporary, temporary_of, write_atomic
from ringbearer_tui.games.adventure_book.saves import CampaignRecord, CampaignStore
from ringbearer_tui.paths import AppPaths, resolve_paths
from ringbearer_tui.seats import Seat
from ringbearer_tui.settings import MAX_SETTINGS_BYTES, Settings, load_settings
from ringbearer_tui.storage import MAX_SAVE_BYTES, SaveStore

Lock = Callable[[Path, str], None]


@pytest.fixture
def paths(tmp_path: Path) -> AppPaths:
    return resolve_paths(tmp_path / "data")


def a_match(seed: int = 1) -> rb.Match:
    return rb.Match.new("pig", ["Ann", "Bo"], seed=seed)


def fill(paths: AppPaths) -> None:
    store = SaveStore(paths.saves, paths.autosaves)
    match = a_match()
    store.autosave(match)
    store.autosave(match)  # a backup too
    store.save_as(match, "kept")
    store.save_as(match, "kept", overwrite=True)
    record = CampaignRecord.new("Ann's fellowship", [Seat("Ann")], seed=1)
    campaigns = CampaignStore(paths.campaigns)
    campaigns.write(record)
    campaigns.write(record)


# -- folders that cannot be searched ---------------------------------------------------------------


@pytest.mark.parametrize("how", ["unsearchable", "closed"])
@pytest.mark.parametrize("which", ["data", "saves", "autosaves", "campaigns"])
def test_a_folder_that_cannot_be_read_is_named_and_the_rest_goes_on(
    paths: AppPaths, lock: Lock, how: str, which: str
) -> None:
    fill(paths)
    folder = {
        "data": paths.saves.parent,
        "saves": paths.saves,
        "autosaves": paths.autosaves,
        "campaigns": paths.campaigns,
    }[which]
    lock(folder, how)
    store, campaigns = SaveStore(paths.saves, paths.autosaves), CampaignStore(paths.campaigns)
    store.tidy()
    campaigns.tidy()
    listed = store.entries() + campaigns.entries()
    store.latest_autosave()
    campaigns.latest()
    told = store.problems.messages() + campaigns.problems.messages()
    if which == "data" or how == "closed":
        assert told
        assert all("cannot be read" in message for message in told)
        assert any(str(folder) in message for message in told) or which == "data"
    assert all(not entry.path.is_relative_to(folder) or entry.damaged for entry in listed)


@pytest.mark.parametrize("how", ["unsearchable", "closed"])
async def test_the_app_starts_and_says_which_folder_it_cannot_read(
    paths: AppPaths, lock: Lock, how: str
) -> None:
    fill(paths)
    lock(paths.saves.parent, how)
    app = RingbearerApp(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        told = [note.message for note in app._notifications]
        assert any("cannot be read" in message for message in told), told


# -- odd settings files ----------------------------------------------------------------------------


def test_settings_that_are_a_fifo_are_not_waited_for(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None
    assert "not a regular file" in problem.reason


def test_settings_linked_to_an_endless_device_are_not_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.symlink_to("/dev/zero")
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None


def test_settings_larger_than_any_settings_are_not_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    with open(path, "wb") as handle:
        handle.truncate(MAX_SETTINGS_BYTES + 1)  # sparse: costs no disk
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None
    assert "too large" in problem.reason


def test_default_names_no_match_could_start_with_are_not_offered(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"default_names": ["Ann\\u001b[2J", "Bo", "' + "x" * 500 + '"]}')
    settings, _ = load_settings(path)
    assert [settings.name_for(seat) for seat in range(3)] == ["Player 1", "Bo", "Player 3"]


def test_settings_temporaries_left_by_a_killed_write_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    dead = 2**22 + 12345  # above any pid this machine hands out
    left = temporary_of(path, dead)
    left.write_text("{")
    other = tmp_path / f".other.json.{dead}.tmp"  # not ours: stays
    other.write_text("{")
    load_settings(path)
    assert not left.exists()
    assert other.exists()


# -- rename and delete in one step -----------------------------------------------------------------


def test_a_delete_cut_off_half_way_never_brings_the_save_back(
    paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SaveStore(paths.saves, paths.autosaves)
    match = a_match()
    match.meta["version"] = "first"
    store.save_as(match, "kept")
    match.meta["version"] = "last"
    last = store.save_as(match, "kept", overwrite=True).read_bytes()
    entry = next(e for e in store.entries() if e.name == "kept")
    real_unlink = Path.unlink
    calls = 0

    def cut_after_one(self: Path, missing_ok: bool = False) -> None:
        nonlocal calls
        calls += 1
        if calls > 1:
            raise OSError(errno.EIO, "cut off")
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", cut_after_one)
    with pytest.raises(OSError, match="cut off"):
        store.delete(entry)
    monkeypatch.setattr(Path, "unlink", real_unlink)
    # Cut off, the save is there as it was (not its older backup, put back by the listing).
    assert [e.name for e in store.entries()] == ["kept"]
    assert entry.path.read_bytes() == last
    store.delete(next(e for e in store.entries() if e.name == "kept"))
    assert [e.name for e in store.entries()] == []
    assert [e.name for e in store.entries()] == []


@pytest.mark.parametrize("cut_at", [1, 2, 3])
def test_a_rename_cut_off_anywhere_shows_the_save_under_one_name(
    paths: AppPaths, monkeypatch: pytest.MonkeyPatch, cut_at: int
) -> None:
    store = SaveStore(paths.saves, paths.autosaves)
    match = a_match()
    store.save_as(match, "old")
    store.save_as(match, "old", overwrite=True)
    entry = next(e for e in store.entries() if e.name == "old")
    real_rename = Path.rename
    calls = 0

    def cut(self: Path, target: Path) -> Path:
        nonlocal calls
        calls += 1
        if calls == cut_at:
            raise OSError(errno.EIO, "cut off")
        return real_rename(self, target)

    monkeypatch.setattr(Path, "rename", cut)
    with contextlib.suppress(OSError):
        store.rename(entry, "new")
    monkeypatch.setattr(Path, "rename", real_rename)
    found = [path.name for path in store.saves.iterdir() if not is_temporary(path)]
    assert len([name for name in found if name.endswith(".rbsave")]) == 1, found
    assert len([e for e in store.entries() if not e.damaged]) == 1


def test_a_rename_keeps_the_backup_with_the_save(paths: AppPaths) -> None:
    store = SaveStore(paths.saves, paths.autosaves)
    match = a_match()
    store.save_as(match, "old")
    store.save_as(match, "old", overwrite=True)
    target = store.rename(next(e for e in store.entries() if e.name == "old"), "new")
    assert backup_of(target).exists()
    assert sorted(p.name for p in store.saves.iterdir()) == ["new.rbsave", "new.rbsave.bak"]


# -- one read limit --------------------------------------------------------------------------------


def test_the_app_reads_every_save_the_engine_reads() -> None:
    assert MAX_SAVE_BYTES == MAX_SAVE_SIZE


def test_a_write_made_before_is_not_lost(tmp_path: Path) -> None:
    path = tmp_path / "x.rbsave"
    write_atomic(path, b"1")
    assert path.read_bytes() == b"1"


@pytest.mark.parametrize("odd", ["fifo", "zero", "huge"])
def test_ringbearer_load_refuses_a_file_no_save_can_be(
    tmp_path: Path, odd: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from ringbearer_tui.cli import main

    path = tmp_path / f"odd.{'rbcampaign' if odd == 'zero' else 'rbsave'}"
    if odd == "fifo":
        os.mkfifo(path)
    elif odd == "zero":
        path.symlink_to("/dev/zero")
    else:
        with open(path, "wb") as handle:
            handle.truncate(MAX_SAVE_BYTES + 1)
    assert main(["--data-dir", str(tmp_path / "data"), "load", str(path)]) == 1
    assert "cannot read" in capsys.readouterr().err
