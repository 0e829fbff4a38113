"""The Adventure Game's look in the app."""

from .look import AdventureLook

__all__ = ["AdventureLook"]
