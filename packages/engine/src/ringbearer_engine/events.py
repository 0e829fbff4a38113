"""Events: what happened, in order, as data that also reads as a sentence.

``Match.play`` returns the events an action caused. Each game declares its events as frozen
structs deriving from :class:`Event` and gives each a ``__str__`` that says what happened in
one short sentence ("Aragorn moves 2 spaces to Lothlórien.").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Self, SupportsIndex

import msgspec


class Event(msgspec.Struct, frozen=True, tag_field="event"):
    """Base of every game's events. Subclasses set ``tag="..."`` and write ``__str__``."""

    def __str__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)}" for name in self.__struct_fields__)
        return (
            f"{self.__struct_config__.tag}: {fields}" if fields else str(self.__struct_config__.tag)
        )


class _Discarded(list["Event"]):
    """A list that keeps nothing appended to it (see :data:`DISCARDED`)."""

    def append(self, item: Event) -> None:
        pass

    def extend(self, items: Iterable[Event]) -> None:
        pass

    def insert(self, index: SupportsIndex, item: Event) -> None:
        pass

    def __iadd__(self, items: Iterable[Event]) -> Self:  # type: ignore[override,misc]
        return self


DISCARDED: Final[list[Event]] = _Discarded()
"""Where a game's rules put the events of a step nobody will read (:meth:`Game.advance`).

It keeps nothing, so rules may append to it as to any list; rules on hot paths may also test
``events is DISCARDED`` and not build the event at all."""
