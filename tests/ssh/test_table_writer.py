"""The tables' save writer: saves of steps are written off the server's loop, in order, the
newest per table, and none is lost when the server stops."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from ringbearer_tui.server.table_writer import TableWriter
from ringbearer_tui.server.tables import TableService
from ringbearer_tui.tables.protocol import SeatPlan


class Gate:
    """Holds the writer's thread inside a write until the test lets it go on."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()

    def __call__(self) -> None:
        self.entered.set()
        assert self.release.wait(5)


def test_writes_run_in_the_order_they_came_and_flush_waits_for_them() -> None:
    writer = TableWriter()
    done: list[str] = []
    for name in ("a", "b", "c"):
        writer.submit(name, lambda name=name: done.append(name))  # type: ignore[misc]
    writer.flush()
    assert done == ["a", "b", "c"]
    writer.stop()


def test_a_newer_save_of_a_table_replaces_the_one_not_yet_written() -> None:
    writer = TableWriter()
    gate = Gate()
    done: list[str] = []
    writer.submit("busy", gate)
    assert gate.entered.wait(5)
    writer.submit("t", lambda: done.append("step 1"))
    writer.submit("u", lambda: done.append("other table"))
    writer.submit("t", lambda: done.append("step 2"))
    gate.release.set()
    writer.flush()
    # Step 1's save was never written: step 2's is whole and came after the other table's.
    assert done == ["other table", "step 2"]
    writer.stop()


def test_a_failed_write_is_logged_and_the_writer_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    writer = TableWriter()
    done: list[str] = []

    def full_disk() -> None:
        raise OSError(28, "No space left on device")

    with caplog.at_level("INFO"):
        writer.submit("t", full_disk)
        writer.submit("u", lambda: done.append("u"))
        writer.flush()
    assert done == ["u"]
    assert any(record.message == "table-save-failed" for record in caplog.records)
    writer.stop()


def test_stopping_writes_what_is_pending_first() -> None:
    writer = TableWriter()
    gate = Gate()
    done: list[str] = []
    writer.submit("busy", gate)
    assert gate.entered.wait(5)
    writer.submit("t", lambda: done.append("t"))
    gate.release.set()
    writer.stop()
    assert done == ["t"]
    with pytest.raises(RuntimeError):
        writer.submit("t", lambda: None)


async def test_a_step_is_saved_off_the_loop_and_is_on_disk_once_the_service_closes(
    tmp_path: Path,
) -> None:
    service = TableService(tmp_path, lambda name: None)
    table = service.open(
        "ann",
        "adventure-game",
        [SeatPlan("Ann"), SeatPlan("Bo")],
        seed=3,
        open_to_all=True,
        spectators=True,
    )
    _, seated = service.join("ann", table.name, None, False, lambda update: None)
    assert table.match.to_move == seated.seat
    saved = (table.folder / "match.rbsave").read_bytes()
    gate = Gate()
    service.writer.submit("someone else's table", gate)  # the disk is busy a while
    assert gate.entered.wait(5)
    service.act(table, seated, str(table.match.actions()[0]), 0)
    # The step is played and pushed without waiting for the disk.
    assert len(table.match.log) == 1
    assert (table.folder / "match.rbsave").read_bytes() == saved
    gate.release.set()
    await service.close_all()
    assert (table.folder / "match.rbsave").read_bytes() != saved
    restored = TableService(tmp_path, lambda name: None)
    restored.restore()
    assert len(restored.tables[table.name].match.log) == 1
