"""The input thread sleeps while the terminal is quiet, and the app's exit still wakes it."""

from __future__ import annotations

import select

from ringbearer_tui.driver import _WakingEvent


def test_setting_the_exit_event_wakes_a_sleeping_input_thread() -> None:
    event = _WakingEvent()
    watched = event.open()
    try:
        assert select.select([watched], [], [], 0)[0] == []  # nothing to wake it yet
        event.set()
        assert select.select([watched], [], [], 0)[0] == [watched]
    finally:
        event.close()


def test_the_exit_event_works_as_an_event_once_its_pipe_is_closed() -> None:
    event = _WakingEvent()
    event.open()
    event.close()
    event.set()  # no pipe any more: nothing to write to, and no error
    assert event.is_set()
    event.clear()
    assert not event.is_set()
