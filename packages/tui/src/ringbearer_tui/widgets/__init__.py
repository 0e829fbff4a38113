"""Reusable widgets, each with its own DEFAULT_CSS."""
