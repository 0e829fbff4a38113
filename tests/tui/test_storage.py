"""Saves on disk: atomic writes with backups, listing that survives damage, names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import ringbearer_engine as rb
from ringbearer_tui.atomic import backup_of, write_atomic
from ringbearer_tui.paths import AppPaths, resolve_paths
from ringbearer_tui.seats import Seat, seats_from_meta, seats_to_meta
from ringbearer_tui.storage import SaveNameError, SaveStore, clean_name, match_id


def store_of(paths: AppPaths) -> SaveStore:
    return SaveStore(paths.saves, paths.autosaves)


def new_match(seed: int = 1) -> rb.Match:
    seats = [Seat("Ann"), Seat("Bo", "bot", "heuristic")]
    return rb.Match.new("pig", ["Ann", "Bo"], seed=seed, meta={"seats": seats_to_meta(seats)})


def test_the_data_dir_comes_from_the_flag_then_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RINGBEARER_DATA_DIR", str(tmp_path / "env"))
    assert resolve_paths().data == tmp_path / "env"
    assert resolve_paths(tmp_path / "flag").data == tmp_path / "flag"
    assert resolve_paths(tmp_path / "flag").settings_file == tmp_path / "flag" / "settings.json"


def test_without_overrides_the_platform_folders_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RINGBEARER_DATA_DIR", raising=False)
    assert resolve_paths().data.name == "ringbearer"


def test_an_atomic_write_keeps_the_previous_version_as_backup(tmp_path: Path) -> None:
    target = tmp_path / "a.rbsave"
    write_atomic(target, b"one")
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two"
    assert backup_of(target).read_bytes() == b"one"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.rbsave", "a.rbsave.bak"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.rbsave"
    write_atomic(target, b"good")

    def no_disk_space(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_disk_space)
    with pytest.raises(OSError, match="No space"):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"good"
    assert [p.name for p in tmp_path.iterdir()] == ["a.rbsave"]


def test_autosave_writes_one_file_per_match_and_lists_it(paths: AppPaths) -> None:
    store = store_of(paths)
    match = new_match()
    store.autosave(match)
    match.play("hold")
    store.autosave(match)
    [entry] = store.entries()
    assert entry.autosave
    assert entry.game_id == "pig"
    assert entry.game_title == "Pig race"
    assert entry.seats == [Seat("Ann"), Seat("Bo", "bot", "heuristic")]
    assert entry.progress == "turn 2"
    assert not entry.damaged
    assert store.load(entry).log == ("hold",)


def test_continue_picks_the_latest_unfinished_autosave(paths: AppPaths) -> None:
    store = store_of(paths)
    older, newer, finished = new_match(1), new_match(2), new_match(3)
    store.autosave(older)
    newer_path = store.autosave(newer)
    os.utime(newer_path, (2_000_000_000, 2_000_000_000))
    finished.script(rolls={"die": [5] * 6})
    for _ in range(6):
        finished.play("roll")
    finished.play("hold")
    assert finished.outcome is not None
    finished_path = store.autosave(finished)
    os.utime(finished_path, (2_100_000_000, 2_100_000_000))
    latest = store.latest_autosave()
    assert latest is not None
    assert latest.path == newer_path


def test_a_named_save_is_listed_under_its_name(paths: AppPaths) -> None:
    store = store_of(paths)
    store.save_as(new_match(), "Before the mountains")
    [entry] = store.entries()
    assert entry.name == "Before the mountains"
    assert not entry.autosave


def test_saving_again_under_the_same_name_updates_the_same_match(paths: AppPaths) -> None:
    store = store_of(paths)
    match = new_match()
    store.save_as(match, "mine")
    match.play("hold")
    store.save_as(match, "mine")
    assert store.load(store.entries()[0]).log == ("hold",)


def test_another_match_cannot_take_a_used_name_without_overwrite(paths: AppPaths) -> None:
    store = store_of(paths)
    store.save_as(new_match(1), "mine")
    with pytest.raises(SaveNameError, match="already exists"):
        store.save_as(new_match(2), "mine")
    store.save_as(new_match(2), "mine", overwrite=True)


def test_a_damaged_save_is_listed_with_the_reason_and_its_good_backup(paths: AppPaths) -> None:
    store = store_of(paths)
    match = new_match()
    store.save_as(match, "mine")
    match.play("hold")
    path = store.save_as(match, "mine")
    path.write_bytes(path.read_bytes()[:30])
    [entry] = store.entries()
    assert entry.damaged
    assert entry.problem is not None
    assert "cut off" in entry.problem
    assert entry.backup_ok
    assert store.load(entry, from_backup=True).log == ()


def test_garbage_in_the_saves_folder_does_not_break_the_list(paths: AppPaths) -> None:
    store = store_of(paths)
    paths.saves.mkdir(parents=True)
    (paths.saves / "junk.rbsave").write_bytes(b"\x00\xff garbage")
    store.save_as(new_match(), "good")
    entries = {e.name: e for e in store.entries()}
    assert entries["junk"].damaged
    assert not entries["junk"].backup_ok
    assert not entries["good"].damaged


def test_an_interrupted_write_shows_the_backup(paths: AppPaths) -> None:
    store = store_of(paths)
    path = store.save_as(new_match(), "mine")
    path.rename(backup_of(path))
    [entry] = store.entries()
    assert entry.problem == "the save is missing (an interrupted write)"
    assert entry.backup_ok
    assert store.load(entry, from_backup=True).players == ("Ann", "Bo")


def test_rename_and_delete(paths: AppPaths) -> None:
    store = store_of(paths)
    store.save_as(new_match(), "old")
    [entry] = store.entries()
    store.rename(entry, "new")
    [renamed] = store.entries()
    assert renamed.path.name == "new.rbsave"
    with pytest.raises(SaveNameError, match="already exists"):
        store.save_as(new_match(5), "new")
    store.delete(renamed)
    assert store.entries() == []


def test_autosaves_cannot_be_renamed(paths: AppPaths) -> None:
    store = store_of(paths)
    store.autosave(new_match())
    with pytest.raises(SaveNameError, match="cannot be renamed"):
        store.rename(store.entries()[0], "x")


@pytest.mark.parametrize(
    ("typed", "clean"),
    [
        ("My game", "My game"),
        ("../../etc/passwd", "etcpasswd"),
        ("a/b\\c", "abc"),
        ("  .hidden ", "hidden"),
        ("x" * 100, "x" * 60),
    ],
)
def test_save_names_cannot_leave_the_saves_folder(typed: str, clean: str) -> None:
    assert clean_name(typed) == clean


@pytest.mark.parametrize("typed", ["", "   ", "///", ".."])
def test_empty_save_names_are_refused(typed: str) -> None:
    with pytest.raises(SaveNameError, match="needs letters"):
        clean_name(typed)


def test_a_match_keeps_its_id() -> None:
    match = new_match()
    assert match_id(match) == match_id(match)
    assert match_id(rb.Match.load(match.save())) == match_id(match)


def test_missing_or_bad_seat_records_fall_back_to_humans() -> None:
    assert seats_from_meta({}, ["A", "B"]) == [Seat("A"), Seat("B")]
    assert seats_from_meta({"seats": [{"name": 3}]}, ["A"]) == [Seat("A")]
