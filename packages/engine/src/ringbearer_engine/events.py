"""Events: what happened, in order, as data that also reads as a sentence.

``Match.play`` returns the events an action caused. Each game declares its events as frozen
structs deriving from :class:`Event` and gives each a ``__str__`` that says what happened in
one short sentence ("Aragorn moves 2 spaces to Lothlórien.").
"""

from __future__ import annotations

import msgspec


class Event(msgspec.Struct, frozen=True, tag_field="event"):
    """Base of every game's events. Subclasses set ``tag="..."`` and write ``__str__``."""

    def __str__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)}" for name in self.__struct_fields__)
        return (
            f"{self.__struct_config__.tag}: {fields}" if fields else str(self.__struct_config__.tag)
        )
