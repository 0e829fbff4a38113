"""Settings: theme, animation, bot speed, confirm before quitting, the turn bell,
default names."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static, Switch

from ..host import Host, host_of
from ..settings import BOT_DELAYS, THEMES, Settings
from ..widgets.steady_footer import SteadyFooter


def on_off(value: bool) -> str:
    return "on" if value else "off"


def switch_state(value: bool, switch: str) -> Label:
    """The word beside a switch that says what its colour says."""
    return Label(on_off(value), id=f"{switch}-state", classes="state")


class SettingsScreen(Screen[None]):
    HELP_TITLE = "Settings"
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", id="settings.save"),
        Binding("escape", "back", "Back", id="settings.back"),
    ]
    DEFAULT_CSS = """
    SettingsScreen #title { text-style: bold; padding: 0 1; }
    SettingsScreen .row { height: auto; padding: 0 1; }
    SettingsScreen .row Label { width: 26; padding-top: 1; }
    SettingsScreen .row Label.state { width: 5; padding: 1 0 0 1; }
    SettingsScreen .row Select, SettingsScreen .row Input { width: 1fr; max-width: 40; }
    SettingsScreen #buttons { height: auto; padding: 1; }
    SettingsScreen #buttons Button { margin-right: 2; }
    """

    @property
    def rb_app(self) -> Host:
        return host_of(self.app)

    def compose(self) -> ComposeResult:
        settings = self.rb_app.settings
        with Vertical():
            yield Static("Settings", id="title")
            with VerticalScroll():
                with Horizontal(classes="row"):
                    yield Label("Theme")
                    yield Select(
                        [(t, t) for t in THEMES],
                        value=settings.theme,
                        allow_blank=False,
                        id="theme",
                    )
                with Horizontal(classes="row"):
                    yield Label("Animation")
                    yield Switch(settings.animation, id="animation")
                    yield switch_state(settings.animation, "animation")
                with Horizontal(classes="row"):
                    yield Label("Bot speed")
                    yield Select(
                        [(f"{name} ({delay:g} s)", name) for name, delay in BOT_DELAYS.items()],
                        value=settings.bot_speed,
                        allow_blank=False,
                        id="bot_speed",
                    )
                with Horizontal(classes="row"):
                    yield Label("Confirm before quitting")
                    yield Switch(settings.confirm_quit, id="confirm_quit")
                    yield switch_state(settings.confirm_quit, "confirm_quit")
                with Horizontal(classes="row"):
                    yield Label("Bell on your turn")
                    yield Switch(settings.turn_bell, id="turn_bell")
                    yield switch_state(settings.turn_bell, "turn_bell")
                for seat in range(4):
                    with Horizontal(classes="row"):
                        yield Label(f"Default name, seat {seat + 1}")
                        yield Input(settings.name_for(seat), max_length=24, id=f"name-{seat}")
            with Horizontal(id="buttons"):
                yield Button("Save (ctrl+s)", variant="primary", id="save")
                yield Button("Back (esc)", id="back")
        yield SteadyFooter()

    @on(Switch.Changed)
    def _say_on_or_off(self, event: Switch.Changed) -> None:
        # A switch's colour alone says whether it is on: the word beside it says it too.
        self.query_one(f"#{event.switch.id}-state", Label).update(on_off(event.value))

    @on(Select.Changed, "#theme")
    def _preview_theme(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.app.theme = event.value

    def gathered(self) -> Settings:
        current = self.rb_app.settings
        theme = self.query_one("#theme", Select).value
        speed = self.query_one("#bot_speed", Select).value
        names = [self.query_one(f"#name-{n}", Input).value.strip() for n in range(4)]
        return Settings(
            theme=theme if isinstance(theme, str) else current.theme,
            animation=self.query_one("#animation", Switch).value,
            bot_speed=speed if speed in BOT_DELAYS else current.bot_speed,
            confirm_quit=self.query_one("#confirm_quit", Switch).value,
            turn_bell=self.query_one("#turn_bell", Switch).value,
            default_names=[name or f"Player {n + 1}" for n, name in enumerate(names)],
            keymap=current.keymap,
        )

    def action_save(self) -> None:
        self.rb_app.apply_settings(self.gathered(), persist=True)
        self.notify("Settings saved.")
        self.dismiss(None)

    def action_back(self) -> None:
        self.app.theme = self.rb_app.settings.theme  # drop a previewed theme
        self.dismiss(None)

    @on(Button.Pressed, "#save")
    def _save(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.action_back()
