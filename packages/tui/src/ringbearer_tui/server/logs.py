"""One line per connect, login and disconnect, as text or JSON.

Much of what is logged comes from clients (usernames, terminal types, commands, the reasons
built from them), so every field value goes through :func:`loggable`: control characters are
shown as escapes and long values are cut, and a client can neither start a line of its own
nor make one huge. The text format also quotes any value with a space, quote or ``=``, so a
value cannot pass for another field.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from typing import Any

LOGGER = logging.getLogger("ringbearer.serve")

FIELD_LIMIT = 200
"""Characters kept of one field value (after escaping); real terminal types and usernames
are far shorter."""

_PLAIN = re.compile(r"[^\s\"=]+")


_NAMED = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    if char.isprintable():
        return char
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def loggable(value: object, limit: int = FIELD_LIMIT) -> str:
    """``value`` as one safe piece of a log line: non-printable characters (newlines, NUL,
    escape sequences, Unicode line separators) written as backslash escapes, and at most
    ``limit`` characters, with a note of how much was cut."""
    text = str(value)
    pieces: list[str] = []
    length = 0
    for index, char in enumerate(text):
        piece = _escape(char)
        if length + len(piece) > limit:
            return "".join(pieces) + f"...[{len(text) - index} more characters]"
        pieces.append(piece)
        length += len(piece)
    return "".join(pieces)


def _text_value(value: object) -> str:
    text = str(value)
    if _PLAIN.fullmatch(text):
        return text
    return '"' + text.replace('"', '\\"') + '"'


class _JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        fields: dict[str, Any] = {"time": self.formatTime(record), "event": record.getMessage()}
        fields.update(getattr(record, "fields", {}))
        return json.dumps(fields, default=str)


class _TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "fields", {})
        details = " ".join(f"{k}={_text_value(v)}" for k, v in fields.items())
        return f"{self.formatTime(record)} {record.getMessage()} {details}".rstrip()


def setup_logging(fmt: str) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_JsonFormatter() if fmt == "json" else _TextFormatter())
    LOGGER.handlers[:] = [handler]
    LOGGER.setLevel(logging.INFO)
    LOGGER.propagate = False


def log(event: str, **fields: Any) -> None:
    """Log ``event``; numbers, booleans and ``None`` are kept as they are, everything else
    is made :func:`loggable`."""
    safe = {
        name: value if value is None or isinstance(value, (bool, int, float)) else loggable(value)
        for name, value in fields.items()
    }
    LOGGER.info(event, extra={"fields": safe})
