"""The Adventure Book Game in the app: the campaign, its saves and the chapter screen."""

from .look import BookLook

__all__ = ["BookLook"]
