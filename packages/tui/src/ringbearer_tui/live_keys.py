"""Which key bindings of a screen do something now: the others are neither listed in the
help nor guarded against (Tables and Account work only when the app is served)."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen


def applies(app: App[object], screen: Screen[object], binding: Binding) -> bool:
    """Whether ``binding`` of ``screen`` would act now, by the check_action of whoever
    carries its action out (the app for ``app.…`` actions, else the screen)."""
    action = binding.action
    holder: App[object] | Screen[object] = screen
    if action.startswith("app."):
        holder, action = app, action.removeprefix("app.")
    return holder.check_action(action.partition("(")[0], ()) is not False


def live_keys(app: App[object], screen: Screen[object]) -> frozenset[str]:
    """Every key that does something on ``screen`` now."""
    return frozenset(
        key.strip()
        for binding in screen.BINDINGS
        if isinstance(binding, Binding) and applies(app, screen, binding)
        for key in binding.key.split(",")
    )
