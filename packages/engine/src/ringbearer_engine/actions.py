"""Actions and their text notation.

Each game declares its actions as small frozen structs deriving from :class:`Action`, each
with a short tag. ``str(action)`` gives its notation, the tag followed by its fields
(``place 2 blue``, ``use-friend elrond``), and :class:`ActionCodec` parses that text back.
Notation is what logs, saves, tests and command lines use to name an action.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec
from msgspec import inspect as mi

from .errors import NotationError

_NONE = "-"
_PARSED_KEPT = 4096
"""How many distinct notations a codec remembers; more than any game has actions."""
_PARSED_KEPT_CHARACTERS = 256 * 1024
"""How much notation a codec remembers in all: a bound on its memory, whatever is typed."""
MAX_NOTATION_LENGTH = 1000
"""The longest text read as an action; every action's notation is a few dozen characters."""


class Action(msgspec.Struct, frozen=True, tag_field="kind"):
    """Base of every game's actions. Subclasses set ``tag="..."`` in the class statement.

    Field values must be ints, bools, strings without spaces or commas, ``None`` or tuples
    of those; the notation writes tuples comma-separated and ``None`` as ``-``.
    """

    def __str__(self) -> str:
        parts = [str(self.__struct_config__.tag)]
        parts.extend(_format(getattr(self, name)) for name in self.__struct_fields__)
        return " ".join(parts)


def _format(value: object) -> str:
    if value is None:
        return _NONE
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(_format(v) for v in value) if value else _NONE
    return str(value)


def _is_sequence(kind: mi.Type) -> bool:
    if isinstance(kind, mi.UnionType):
        return any(_is_sequence(t) for t in kind.types if not isinstance(t, mi.NoneType))
    return isinstance(kind, mi.VarTupleType | mi.TupleType | mi.ListType)


def _allows_none(kind: mi.Type) -> bool:
    return isinstance(kind, mi.NoneType) or (
        isinstance(kind, mi.UnionType) and any(isinstance(t, mi.NoneType) for t in kind.types)
    )


class ActionCodec:
    """Parses the notation of one game's actions."""

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self._by_tag: dict[str, type[Action]] = {}
        self._layout: dict[type[Action], list[tuple[str, mi.Type]]] = {}
        for cls in action_types:
            tag = cls.__struct_config__.tag
            if not isinstance(tag, str) or tag in self._by_tag:
                raise TypeError(f"{cls.__name__} needs a unique string tag, not {tag!r}")
            self._by_tag[tag] = cls
            info = mi.type_info(cls)
            assert isinstance(info, mi.StructType)
            self._layout[cls] = [(f.name, f.type) for f in info.fields]

        self._parsed: dict[str, Action] = {}
        self._parsed_characters = 0

    @property
    def tags(self) -> list[str]:
        return sorted(self._by_tag)

    def parse(self, text: str) -> Action:
        # Loading a save parses every step of its log, and a game has few distinct actions:
        # each text is read once (actions are frozen, so one object can serve every step).
        action = self._parsed.get(text)
        if action is None:
            action = self._read(text)
            kept = self._parsed_characters + len(text)
            if len(self._parsed) >= _PARSED_KEPT or kept > _PARSED_KEPT_CHARACTERS:
                self._parsed.clear()
                kept = len(text)
            self._parsed[text] = action
            self._parsed_characters = kept
        return action

    def _read(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(repr(text), f"notation is text, not {type(text).__name__}")
        if len(text) > MAX_NOTATION_LENGTH:
            raise NotationError(
                text[:40] + "...",
                f"the text is {len(text):,} characters long; no action's notation is longer "
                f"than {MAX_NOTATION_LENGTH:,}",
            )
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise NotationError(
                text, "the text holds characters that are not valid Unicode"
            ) from None
        words = text.split()
        if not words:
            raise NotationError(text, "the text is empty")
        cls = self._by_tag.get(words[0])
        if cls is None:
            known = ", ".join(self.tags)
            raise NotationError(text, f"{words[0]!r} is not an action here (known: {known})")
        layout = self._layout[cls]
        if len(words) - 1 != len(layout):
            wanted = " ".join([words[0], *(f"<{name}>" for name, _ in layout)])
            raise NotationError(text, f"expected {wanted}")
        values: dict[str, Any] = {}
        for (name, kind), word in zip(layout, words[1:], strict=True):
            if word == _NONE and _allows_none(kind):
                values[name] = None
            elif _is_sequence(kind):
                values[name] = [] if word == _NONE else word.split(",")
            else:
                values[name] = word
        try:
            return msgspec.convert(values, cls, strict=False)
        except msgspec.ValidationError as error:
            raise NotationError(text, str(error)) from None
