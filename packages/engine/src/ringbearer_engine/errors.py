"""Exceptions raised by the engine.

Every error a caller can provoke with bad input derives from :class:`RingbearerError`, so one
``except`` clause is enough for a client that wants to show the message and carry on.
"""

from __future__ import annotations


class RingbearerError(Exception):
    """Base class of every error the engine raises on purpose."""


class UnknownGameError(RingbearerError, KeyError):
    """No game is registered under the requested id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class SetupError(RingbearerError, ValueError):
    """A match cannot start with these players, options or seed."""


class MetaError(SetupError):
    """A match's ``meta`` holds something a save cannot keep exactly (see :mod:`.meta`)."""


class ScriptError(RingbearerError, ValueError):
    """A chance script does not fit the game: an unknown die or deck, or an impossible face."""


class IllegalActionError(RingbearerError, ValueError):
    """An action was refused. The match is left exactly as it was.

    ``reason`` is a sentence meant for the player; ``action`` is the text that was refused.
    """

    def __init__(self, action: str, reason: str) -> None:
        # A refused text may hold what cannot be printed (a lone surrogate): the message and
        # the reason show it as an escape, so printing the error never fails.
        reason = printable(reason)
        super().__init__(f"{action!r} is not allowed: {reason}")
        self.action = action
        self.reason = reason


def printable(text: str) -> str:
    """``text`` with anything UTF-8 cannot encode (lone surrogates) written as an escape."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


class NotationError(IllegalActionError):
    """A text could not be read as an action of this game."""


class UndoError(RingbearerError):
    """There is nothing to undo or redo, or the rules forbid taking the last action back."""


class ReseededMatchError(RingbearerError):
    """A clone whose chance was reseeded (``Match.clone(seed=...)``) was asked to be saved or
    replayed: its position no longer follows from its seed and action log."""


class SaveError(RingbearerError, ValueError):
    """A save could not be loaded. Nothing was half-loaded; the caller's data is untouched.

    ``reason`` is a stable id (one per subclass) for programs; the message is for people.
    The engine raises only the subclasses below; ``invalid`` is the reason of none of them.
    """

    reason = "invalid"


class NotASaveError(SaveError):
    """The data is not a Ringbearer save at all."""

    reason = "not-a-save"


class TruncatedSaveError(SaveError):
    """The save ends early, as when a write was interrupted."""

    reason = "truncated"


class DamagedSaveError(SaveError):
    """The save is readable but its content is corrupt or fails its checksum."""

    reason = "damaged"


class WrongGameError(SaveError):
    """The save is of another game than the one asked for, or of a game not installed."""

    reason = "wrong-game"


class FutureVersionError(SaveError):
    """The save was written by a newer engine whose format this one cannot read."""

    reason = "future-version"


class TamperedSaveError(SaveError):
    """The snapshot disagrees with what replaying the action log gives."""

    reason = "tampered"


class UnknownActionError(SaveError):
    """The action log names an action this game does not know or does not allow there."""

    reason = "unknown-action"


class ActionIdError(IllegalActionError):
    """A number is no id of the game's action catalogue, or an action has no id in it (see
    :mod:`.catalogue`). Like every refused action, it leaves a match exactly as it was."""


class NoCatalogueError(RingbearerError, LookupError):
    """The game numbers no actions: it has no action catalogue (see :mod:`.catalogue`)."""
