"""Textual's footer, built again only when the keys it shows change.

Textual's footer mounts all its keys again whenever its screen's bindings may have changed:
on every return to a screen, every change of focus. Mostly nothing it shows has changed,
and mounting a dozen keys is much of what a screen change costs (at two people's hand-over,
every other key of the Adventure Game). This footer keeps what it showed and lets a
refresh through only when that would differ.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer


class SteadyFooter(Footer):
    """A :class:`~textual.widgets.Footer` that skips rebuilding to show the same keys."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: object = None

    def _showing(self) -> object:
        """Everything the footer's keys are built from."""
        app = self.app
        keys = tuple(
            (key, binding, enabled, tooltip, app.get_key_display(binding))
            for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == app.COMMAND_PALETTE_BINDING
        )
        return (self.show_command_palette, self.compact, app.ENABLE_COMMAND_PALETTE, keys)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if (
            self._shown is not None
            and self.is_attached
            and screen is self.screen
            and self._showing() == self._shown
        ):
            return
        super().bindings_changed(screen)

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._shown = self._showing()
        yield from super().compose()
