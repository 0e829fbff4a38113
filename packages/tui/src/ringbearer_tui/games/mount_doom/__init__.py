"""How Adventure to Mount Doom looks in the app."""

from __future__ import annotations

from .look import MountDoomLook

__all__ = ["MountDoomLook"]
