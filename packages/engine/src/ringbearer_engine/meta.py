"""What a match's ``meta`` may hold: exactly what both save formats keep unchanged.

A client's meta data travels in every save, as JSON or MessagePack, and must come back equal
from either. So it is plain data: ``None``, booleans, whole numbers a save can hold, finite
floats, text, lists, and mappings with text keys, nested at most :data:`MAX_META_DEPTH` deep.
Tuples, sets, bytes, NaN and other values would come back changed or not at all; they are
refused when the match is created or saved, not found broken when it is loaded.
"""

from __future__ import annotations

import math

from .errors import MetaError

MAX_META_DEPTH = 16
"""How deeply lists and mappings may nest inside ``meta``."""
SMALLEST_INT = -(2**63)
LARGEST_INT = 2**64 - 1
"""The whole numbers a save can hold: MessagePack's signed and unsigned 64-bit range."""


def check_meta(meta: object) -> None:
    """Raise :class:`MetaError`, naming the place, unless a save can keep ``meta`` exactly."""
    if not isinstance(meta, dict):
        raise MetaError(f"meta must be a mapping, not {type(meta).__name__}")
    _check(meta, "meta", 0)


def _check(value: object, where: str, depth: int) -> None:
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int):
        if not SMALLEST_INT <= value <= LARGEST_INT:
            raise MetaError(f"{where} is {value}, a number too large for a save")
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise MetaError(f"{where} is {value}, which a save cannot hold")
        return
    if isinstance(value, str):
        _check_text(value, where)
        return
    if depth >= MAX_META_DEPTH:
        raise MetaError(f"{where} nests more than {MAX_META_DEPTH} levels deep")
    if type(value) is list:
        for index, item in enumerate(value):
            _check(item, f"{where}[{index}]", depth + 1)
        return
    if type(value) is dict:
        for key, item in value.items():
            if not isinstance(key, str):
                raise MetaError(f"{where} has the key {key!r}: keys in meta must be text")
            _check_text(key, f"a key of {where}")
            _check(item, f"{where}[{key!r}]", depth + 1)
        return
    raise MetaError(
        f"{where} is a {type(value).__name__}; meta holds only None, booleans, numbers, text, "
        "lists and mappings with text keys"
    )


def _check_text(text: str, where: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise MetaError(f"{where} is text with characters a save cannot hold") from None
