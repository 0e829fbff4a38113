"""Results of a screen's worker threads, handed back to the app's thread."""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec

from textual.message_pump import MessagePump

P = ParamSpec("P")


def hand_back(
    node: MessagePump, callback: Callable[P, object], *args: P.args, **kwargs: P.kwargs
) -> bool:
    """Call ``callback`` on the app's thread from a worker thread, unless ``node`` has left
    the app or the app has stopped: the player left the screen while a bot thought, or quit
    while a hint or an analysis was worked out, and the result is no longer wanted. (A
    thread's ``node.app`` fails once the node is detached, ``call_from_thread`` once the
    app's loop has ended; either failure would end the app.) Whether it was called."""
    try:
        node.app.call_from_thread(callback, *args, **kwargs)
    except RuntimeError:  # Textual's NoActiveAppError is one
        return False
    return True
