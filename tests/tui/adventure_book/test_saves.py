"""Campaign files: what they keep, what they refuse, and how the chapter in play is saved."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import Campaign
from ringbearer_tui.games.adventure_book import saves
from ringbearer_tui.games.adventure_book.play import (
    ChapterSession,
    finish_attempt,
    settle_finished,
    start_attempt,
)
from ringbearer_tui.games.adventure_book.saves import CampaignStore, decode, encode
from ringbearer_tui.seats import Seat
from ringbearer_tui.storage import SaveNameError

from . import positions


def test_a_campaign_file_keeps_the_campaign_the_seats_and_the_chapter_in_play() -> None:
    rec = positions.record(positions.ANN_AND_BOT)
    match = start_attempt(rec)
    match.play(match.actions()[0])
    rec.match = match.save()
    again = decode(encode(rec))
    assert again == rec
    assert rb.Match.load(again.match or b"").state == match.state


def test_a_campaign_file_from_a_newer_version_is_refused_with_the_reason() -> None:
    content = msgspec.to_builtins(positions.record(positions.PEOPLE))
    newer = saves.CampaignFile(
        version=saves.FILE_VERSION + 1, record=content, checksum=saves._checksum(content)
    )
    with pytest.raises(rb.FutureVersionError, match="newer Ringbearer"):
        decode(msgspec.msgpack.encode(newer))


@pytest.mark.parametrize(
    ("damage", "error", "reason"),
    [
        (lambda data: data[: len(data) // 2], rb.TruncatedSaveError, "cut off"),
        (lambda data: data.replace(b"fellowship", b"fellowshiq"), rb.DamagedSaveError, "checksum"),
        (lambda data: b"hello", rb.NotASaveError, "not a campaign save"),
        (lambda data: rb.Match.new("mount-doom", ["Ann"], 1).save(), rb.NotASaveError, "mark"),
    ],
    ids=["truncated", "edited", "garbage", "a-match-save"],
)
def test_a_damaged_campaign_file_is_refused_with_the_reason(
    damage: object, error: type[rb.SaveError], reason: str
) -> None:
    data = encode(positions.record(positions.PEOPLE))
    assert callable(damage)
    with pytest.raises(error, match=reason):
        decode(damage(data))


def test_a_good_checksum_over_a_broken_engine_campaign_is_still_refused() -> None:
    content = msgspec.to_builtins(positions.record(positions.PEOPLE))
    content["campaign"] = b"not a campaign"
    forged = saves.CampaignFile(record=content, checksum=saves._checksum(content))
    with pytest.raises(rb.SaveError):
        decode(msgspec.msgpack.encode(forged))


def test_the_load_list_shows_chapter_and_corruption_and_lists_a_bad_file(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path)
    rec = positions.record(positions.PEOPLE, Campaign(chapter=3, corruption=5))
    store.write(rec)
    (tmp_path / f"broken{saves.CAMPAIGN_SUFFIX}").write_bytes(b"\x00\x01")
    entries = {e.damaged: e for e in store.entries()}
    assert entries[False].progress == "chapter 3, corruption 5/15"
    assert entries[False].name == "Ann's fellowship"
    assert entries[True].problem


def test_every_step_of_a_chapter_rewrites_the_campaign_file(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path)
    rec = positions.record(positions.ANN_AND_BOT)
    session = ChapterSession(start_attempt(rec), store, rec)
    session.play(session.match.actions()[1])
    session.autosave()
    on_disk = store.read(store.path_of(rec))
    assert rb.Match.load(on_disk.match or b"").log == session.match.log


def test_a_chapter_that_ended_before_the_app_stopped_is_folded_in_once(tmp_path: Path) -> None:
    lost = positions.first_result(Campaign.new(), lambda result: result != "won")
    rec = positions.record(positions.BOTS, match=lost)
    attempt = settle_finished(rec)
    assert attempt is not None
    assert attempt.chapter == 1
    assert rec.match is None
    assert rec.state.attempts == 1
    assert settle_finished(rec) is None
    with pytest.raises(ValueError, match="no chapter"):
        finish_attempt(rec)


def test_folding_a_finished_chapter_is_not_undone_by_a_later_autosave(tmp_path: Path) -> None:
    """The screen's last autosave of a chapter can land after the chapter is folded into the
    campaign; it must not put the finished chapter back in play."""
    lost = positions.first_result(Campaign.new(), lambda result: result != "won")
    rec = positions.record(positions.BOTS)
    store = CampaignStore(tmp_path)
    session = ChapterSession(lost, store, rec)
    late = session.snapshot_for_autosave()
    session.fold()
    session.write_autosave(late)
    session.autosave()
    on_disk = store.read(store.path_of(rec))
    assert on_disk.match is None
    assert len(on_disk.history) == 1


def test_the_command_line_refuses_a_damaged_campaign_file_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ringbearer_tui.cli import main

    path = tmp_path / f"edited{saves.CAMPAIGN_SUFFIX}"
    path.write_bytes(encode(positions.record(positions.PEOPLE)).replace(b"Ann", b"Ian"))
    assert main(["load", str(path), "--data-dir", str(tmp_path / "data")]) == 1
    assert "checksum" in capsys.readouterr().err


def test_while_a_bot_moves_only_the_hand_of_the_person_at_the_keyboard_is_shown(
    tmp_path: Path,
) -> None:
    """Two people and a bot: the Book's hands are secret even between partners, so the bot's
    turn shows the hand of whoever last took the keyboard, never the first person's."""
    seats = [*positions.PEOPLE, Seat("Cy", "bot", "heuristic")]
    match = positions.reach(Campaign.new(), seats, lambda m: m.to_move == 2)
    rec = positions.record(seats, match=match)
    session = ChapterSession(match, CampaignStore(tmp_path), rec)
    session.secret_hands = True
    session.looking = 1
    assert session.viewer == 1
    session.looking = None
    assert session.viewer is None


def test_save_as_copies_the_campaign_under_a_new_name_and_rename_renames_it(
    tmp_path: Path,
) -> None:
    store = CampaignStore(tmp_path)
    rec = positions.record(positions.ANN_AND_BOT)
    session = ChapterSession(start_attempt(rec), store, rec)
    session.autosave()
    session.save_as("Before the Riders")
    names = sorted(e.name for e in store.entries())
    assert names == ["Ann's fellowship", "Before the Riders"]
    with pytest.raises(SaveNameError, match="already exists"):
        session.save_as("Before the Riders")
    copy = next(e for e in store.entries() if e.name == "Before the Riders")
    assert store.read(copy.path).match == rec.match
    store.rename(copy, "At Bag End")
    assert sorted(e.name for e in store.entries()) == ["Ann's fellowship", "At Bag End"]


def test_at_start_a_lone_backup_is_restored_and_stale_temporaries_go(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path)
    rec = positions.record(positions.PEOPLE)
    path = store.write(rec)
    store.write(rec)
    path.unlink()  # a write cut off by an older version's rename left only the backup
    stale = tmp_path / f".{path.name}.999999999.tmp"
    stale.write_bytes(b"half")
    store.tidy()
    assert store.read(path) == rec
    assert not stale.exists()
