"""Ringbearer in the terminal: the Textual app around :mod:`ringbearer_engine`."""

from ._version import __version__

__all__ = ["__version__"]
