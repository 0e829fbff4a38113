"""The engine's version: the one place it is written (hatchling reads it for the wheel)."""

__version__ = "0.1.0"
