"""The footer is built again when the keys it shows change, and only then."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from ringbearer_tui.widgets.steady_footer import SteadyFooter


class Keys(App[None]):
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("n", "next", "Next"),
        Binding("u", "undo", "Undo"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.can_undo = True

    def compose(self) -> ComposeResult:
        yield Button("one", id="one")
        yield Button("two", id="two")
        yield SteadyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo" and not self.can_undo:
            return None  # shown, greyed out
        return True

    def action_next(self) -> None:
        pass

    def action_undo(self) -> None:
        pass


def shown(app: Keys) -> dict[str, bool]:
    """Each key the footer shows, and whether it is offered (not greyed out)."""
    return {key.key: not key.has_class("-disabled") for key in app.query(FooterKey)}


async def test_a_change_of_focus_that_shows_the_same_keys_keeps_the_footer_as_it_is() -> None:
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        before = list(app.query(FooterKey))
        assert shown(app) == {"n": True, "u": True}
        app.query_one("#two", Button).focus()
        await pilot.pause()
        assert list(app.query(FooterKey)) == before  # the same widgets: not built again


async def test_a_key_that_becomes_unavailable_is_shown_so_at_once() -> None:
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        app.can_undo = False
        app.screen.refresh_bindings()
        await pilot.pause(0.2)
        assert shown(app) == {"n": True, "u": False}
