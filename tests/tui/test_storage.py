"""Saves on disk: atomic writes with backups, listing that survives damage, names."""

from __future__ import annotations

import os
import time
from pathlib import Path

import msgspec
import pytest

import ringbearer_engine as rb
from ringbearer_engine.saves import content_checksum
from ringbearer_tui.atomic import (
    STALE_AFTER_SECONDS,
    backup_of,
    clean_stale_temporaries,
    recover_from_backup,
    temporary_of,
    write_atomic,
)
from ringbearer_tui.paths import AppPaths, resolve_paths
from ringbearer_tui.seats import Seat, seats_from_meta, seats_to_meta
from ringbearer_tui.storage import (
    MAX_SAVE_BYTES,
    SUFFIX,
    SaveNameError,
    SaveStore,
    clean_name,
    match_id,
)


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


def test_a_save_left_only_as_a_backup_is_restored_and_listed(paths: AppPaths) -> None:
    # Older versions renamed the save to .bak before renaming the new one in.
    store = store_of(paths)
    path = store.save_as(new_match(), "mine")
    path.rename(backup_of(path))
    [entry] = store.entries()
    assert not entry.damaged
    assert entry.path == path
    assert store.load(entry).players == ("Ann", "Bo")


def test_continue_finds_an_autosave_left_only_as_a_backup(paths: AppPaths) -> None:
    store = store_of(paths)
    match = new_match()
    path = store.autosave(match)
    path.rename(backup_of(path))
    latest = store.latest_autosave()
    assert latest is not None
    assert latest.path == path
    assert store.load(latest).meta["id"] == match_id(match)


def test_the_save_is_never_missing_while_a_write_replaces_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.rbsave"
    write_atomic(target, b"one")
    seen: list[bytes] = []
    real_replace = os.replace

    def watching_replace(source: str | Path, destination: str | Path) -> None:
        seen.append(target.read_bytes())  # raises if the save is missing at any step
        real_replace(source, destination)
        seen.append(target.read_bytes())

    monkeypatch.setattr(os, "replace", watching_replace)
    write_atomic(target, b"two")
    assert seen[0] == b"one"
    assert seen[-1] == b"two"
    assert set(seen) == {b"one", b"two"}
    assert backup_of(target).read_bytes() == b"one"


def test_stale_temporaries_are_removed_and_live_ones_kept(tmp_path: Path) -> None:
    dead_pid = 2**22 + 12345  # above Linux's pid_max: no such process
    dead = temporary_of(tmp_path / "a.rbsave", dead_pid)
    live = temporary_of(tmp_path / "b.rbsave")  # this process: a write in progress
    old_live = temporary_of(tmp_path / "c.rbsave")
    for path in (dead, live, old_live):
        path.write_bytes(b"partial")
    long_ago = time.time() - STALE_AFTER_SECONDS - 60
    os.utime(old_live, (long_ago, long_ago))
    (tmp_path / "keep.rbsave").write_bytes(b"save")
    removed = clean_stale_temporaries(tmp_path)
    assert sorted(removed) == sorted([dead, old_live])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, "keep.rbsave"])


def test_the_app_store_cleans_stale_temporaries_at_start_and_never_lists_them(
    paths: AppPaths,
) -> None:
    store = store_of(paths)
    path = store.save_as(new_match(), "mine")
    stale = temporary_of(path, 2**22 + 12345)
    stale.write_bytes(path.read_bytes())
    live = temporary_of(paths.saves / "x.rbsave")
    live.write_bytes(path.read_bytes())
    assert [e.name for e in store.entries()] == ["mine"]
    store.tidy()
    assert not stale.exists()
    assert live.exists()


def _hostile_saves() -> dict[str, bytes]:
    """Contents that made the engine fail outside its own errors (issue 15, items 1-3)."""
    good = msgspec.json.decode(rb.Match.new("adventure-book", ["Ann"], seed=1).save("json"))
    no_players = {**good, "players": []}
    no_players["checksum"] = content_checksum(no_players)
    marker = b'"deep here"'
    with_marker = msgspec.json.encode({**good, "meta": {"x": "deep here"}})
    return {
        "huge-seed": msgspec.json.encode(good).replace(b'"seed":1,', b'"seed":%d,' % 2**64),
        "deep": with_marker.replace(marker, b"[" * 5000 + b"0" + b"]" * 5000),
        "no-players": msgspec.json.encode(no_players),
        "deep-raw": b"[" * 100_000,
    }


def test_saves_with_hostile_contents_are_listed_as_damaged(paths: AppPaths) -> None:
    store = store_of(paths)
    store.save_as(new_match(), "good")
    for name, data in _hostile_saves().items():
        (paths.saves / f"{name}{SUFFIX}").write_bytes(data)
        (paths.autosaves / f"{name}{SUFFIX}").parent.mkdir(parents=True, exist_ok=True)
        (paths.autosaves / f"{name}{SUFFIX}").write_bytes(data)
    entries = {(e.name, e.autosave): e for e in store.entries()}
    assert not entries["good", False].damaged
    for name in _hostile_saves():
        assert entries[name, False].damaged, name
        assert entries[name, False].problem
    assert store.latest_autosave() is None
    for name in _hostile_saves():
        with pytest.raises(rb.SaveError):
            store.load(entries[name, False])


def test_a_dangling_link_a_fifo_and_a_huge_file_are_listed_without_reading_them(
    paths: AppPaths,
) -> None:
    store = store_of(paths)
    store.save_as(new_match(), "good")
    (paths.saves / f"dangling{SUFFIX}").symlink_to(paths.saves / "nowhere")
    os.mkfifo(paths.saves / f"pipe{SUFFIX}")
    with open(paths.saves / f"huge{SUFFIX}", "wb") as handle:
        handle.truncate(MAX_SAVE_BYTES + 1)
    entries = {e.name: e for e in store.entries()}  # would hang forever on the FIFO
    assert not entries["good"].damaged
    assert entries["pipe"].problem == "not a regular file"
    assert entries["huge"].problem is not None
    assert "too large" in entries["huge"].problem
    assert entries["dangling"].damaged


def test_continue_passes_over_a_fifo_autosave(paths: AppPaths) -> None:
    store = store_of(paths)
    path = store.autosave(new_match())
    os.mkfifo(paths.autosaves / f"pipe{SUFFIX}")
    (paths.autosaves / f"dangling{SUFFIX}").symlink_to(paths.autosaves / "nowhere")
    latest = store.latest_autosave()
    assert latest is not None
    assert latest.path == path


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


def test_without_hard_links_the_backup_is_a_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(source: object, destination: object) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "a.rbsave"
    write_atomic(target, b"one")
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two"
    assert backup_of(target).read_bytes() == b"one"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.rbsave", "a.rbsave.bak"]
    target.unlink()
    assert recover_from_backup(target)
    assert target.read_bytes() == b"one"
