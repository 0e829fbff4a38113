"""Writes the tables' saves on a thread of its own, so that no table waits for the disk.

A table is saved after every step, and a save waits for the disk twice (the file, then its
folder). The server's one event loop also relays every player's screen, so a save made on it
held up every screen of every table by that long: about 12 ms a step on the reference
machine, twenty times a second with twenty busy tables. Here the bytes are taken on the loop
(they are the state at that step) and written on this thread, in the order they came.

A table saved again before its last save was written keeps only the newer one: each save is
whole, so the newer one is all the disk needs.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from .logs import log

Write = Callable[[], None]


class TableWriter:
    def __init__(self) -> None:
        self._pending: dict[str, Write] = {}
        self._writing = False
        self._stopped = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="table-writer", daemon=True)
        self._thread.start()

    def submit(self, table: str, write: Write) -> None:
        """Run ``write`` on the writer's thread after every write submitted before it
        (replacing ``table``'s own write, if that has not started yet)."""
        with self._changed:
            if self._stopped:
                raise RuntimeError("the table writer is stopped")
            self._pending.pop(table, None)  # the newer save goes last, after the others
            self._pending[table] = write
            self._changed.notify_all()

    def flush(self) -> None:
        """Return once every write submitted so far is on disk (or has failed and been
        logged)."""
        with self._changed:
            while self._pending or self._writing:
                self._changed.wait()

    def stop(self) -> None:
        """Write what is pending, then end the thread."""
        self.flush()
        with self._changed:
            self._stopped = True
            self._changed.notify_all()
        self._thread.join()

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._pending and not self._stopped:
                    self._changed.wait()
                if not self._pending:
                    return  # stopped, with nothing left to write
                table = next(iter(self._pending))
                write = self._pending.pop(table)
                self._writing = True
            try:
                write()
            except Exception as error:  # a full disk must not end the writer for every table
                log("table-save-failed", table=table, error=repr(error))
            finally:
                with self._changed:
                    self._writing = False
                    self._changed.notify_all()
