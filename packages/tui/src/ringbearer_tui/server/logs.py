"""One line per connect, login and disconnect, as text or JSON."""

from __future__ import annotations

import json
import logging
import sys
from typing import Any

LOGGER = logging.getLogger("ringbearer.serve")


class _JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        fields: dict[str, Any] = {"time": self.formatTime(record), "event": record.getMessage()}
        fields.update(getattr(record, "fields", {}))
        return json.dumps(fields, default=str)


class _TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "fields", {})
        details = " ".join(f"{k}={v}" for k, v in fields.items())
        return f"{self.formatTime(record)} {record.getMessage()} {details}".rstrip()


def setup_logging(fmt: str) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_JsonFormatter() if fmt == "json" else _TextFormatter())
    LOGGER.handlers[:] = [handler]
    LOGGER.setLevel(logging.INFO)
    LOGGER.propagate = False


def log(event: str, **fields: Any) -> None:
    LOGGER.info(event, extra={"fields": fields})
