"""Choose the game, the seats (people or bots), the variants and, if wanted, the seed.

The defaults are ready to go: Enter on the main menu's New game, Enter again here, and a game
starts with the game's usual number of seats, one person and the rest bots (the strongest
kind the game has). Focus starts on Start, the last control, so tab goes on to the top of the
form and down it in reading order; ctrl+s starts from anywhere.
"""

from __future__ import annotations

from typing import Any

from msgspec import inspect as mi
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

import ringbearer_engine as rb

from ..bot_kinds import bot_kind
from ..rules_text import GAME_IDS
from ..seats import MAX_SEAT_NAME, NewGameRequest, Seat
from ..settings import Settings
from ..widgets.tickbox import Tickbox

HUMAN = "human"

OPTION_HELP: dict[str, dict[str, str]] = {
    "mount-doom": {
        "friends_in_need": "Easier: at Minas Morgul, every unused friend and Gandalf card is "
        "worth one bright heart.",
        "without_protection": "Harder: event spaces strike even when a figure stands on them, "
        "and a friend card helps only the player who took it.",
    },
}
"""A line under each variant saying what it changes, in the players' words."""


def option_fields(game: rb.Game[Any]) -> list[tuple[str, str, Any]]:
    """The game's options that the dialog can offer: (name, label, default)."""
    info = mi.type_info(game.options_type)
    assert isinstance(info, mi.StructType)
    labels: dict[str, str] = getattr(game.options_type, "labels", {})
    fields = []
    for field in info.fields:
        if isinstance(field.type, mi.BoolType | mi.IntType):
            label = labels.get(field.name, field.name.replace("_", " ").capitalize())
            fields.append((field.name, label, field.default))
    return fields


TABLE_CHAPTER_FIELDS = (("chapter", "Chapter", 1), ("corruption", "Corruption", 0))
"""What a shared table of the Book asks for: the chapter it plays and the marker's space."""
TABLE_CHAPTER_HELP = (
    "A shared table plays one chapter of the book: choose which, and the Corruption "
    "marker's space as it starts (0 for a fresh start, or where your campaign stands)."
)
CAMPAIGN_GAMES = frozenset({"adventure-book"})
"""Games played as a campaign of chapters: the dialog names the campaign, sets no options."""


def campaign_help(seats: int) -> str:
    """What a campaign is, for its number of seats: the extra face-up hand is the solo rule."""
    if seats == 1:
        table = "alone, you may trade with an extra hand of Story cards laid out face up"
    else:
        table = f"the {seats} players play together, each with a hand the others do not see"
    return (
        f"A campaign of the book's chapters, played in order; {table}. It is saved after "
        "every step."
    )


STRONGEST = ("ismc", "heuristic")
"""Bot kinds, strongest first: a new seat gets the first one its game has."""


class NewGameDialog(ModalScreen[NewGameRequest | None]):
    DEFAULT_CSS = """
    NewGameDialog { align: center middle; }
    NewGameDialog > Vertical {
        width: 78; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    NewGameDialog VerticalScroll { height: auto; max-height: 1fr; }
    NewGameDialog .row { height: auto; margin-bottom: 1; }
    NewGameDialog #seats > .row, NewGameDialog #options > .row { margin-bottom: 0; }
    NewGameDialog .row Label { width: 12; }
    NewGameDialog .option { margin-left: 12; }
    NewGameDialog Horizontal.row > .option { margin-left: 0; }  /* beside its own label */
    NewGameDialog .option-help { margin-left: 16; color: $text-muted; }
    NewGameDialog .row Input { width: 1fr; }
    NewGameDialog .row Select { width: 1fr; }
    NewGameDialog #bot-help { margin-left: 12; color: $text-muted; height: auto; }
    NewGameDialog #buttons { height: auto; align-horizontal: right; }
    NewGameDialog #buttons Button { margin-left: 2; }
    NewGameDialog #keys { width: 1fr; color: $text-muted; padding-top: 1; }
    /* Textual's compact fields show focus by a 5% tint only: make it plain to see. */
    NewGameDialog Select:focus > SelectCurrent { background: $accent 45%; text-style: bold; }
    NewGameDialog Input:focus { background: $accent 30%; }
    NewGameDialog #error { color: $error; height: auto; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="new.cancel"),
        Binding("ctrl+s", "start", "Start", id="new.start"),
    ]
    HELP_TITLE = "the New game dialog"

    def __init__(
        self,
        settings: Settings,
        game_id: str | None = None,
        *,
        for_table: bool = False,
        campaign_table: bool = False,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.for_table = for_table
        """Opening a shared table: the Book plays one chosen chapter there, not a campaign."""
        self.campaign_table = campaign_table
        """Opening a campaign table: the Book's campaign, as at home, but shared."""
        self.games = rb.list_games()
        ids = [g.id for g in self.games]
        self.game_id = game_id if game_id in ids else _preferred(ids)

    @property
    def _heading(self) -> str:
        if self.campaign_table:
            return "Open a campaign table"
        return "Open a table" if self.for_table else "New game"

    @property
    def game(self) -> rb.Game[Any]:
        return rb.get_game(self.game_id)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"[b]{self._heading}[/b]")
            # Not a tab stop of its own: tab moves between the controls inside it.
            with VerticalScroll(can_focus=False):
                with Horizontal(classes="row"):
                    yield Label("Game")
                    yield Select(
                        [(g.title, g.id) for g in self.games],
                        value=self.game_id,
                        allow_blank=False,
                        id="game",
                        compact=True,
                    )
                with Horizontal(classes="row"):
                    yield Label("Seats")
                    yield Select(self._counts(), allow_blank=False, id="count", compact=True)
                yield Vertical(id="seats", classes="row")
                yield Static("", id="bot-help")
                yield Vertical(id="options", classes="row")
                with Horizontal(classes="row"):
                    yield Label("Seed")
                    yield Input(
                        placeholder="random",
                        restrict=r"\d*",
                        max_length=19,
                        id="seed",
                        compact=True,
                    )
                yield Label("", id="error")
            with Horizontal(id="buttons"):
                yield Static("ctrl+s start · esc cancel", id="keys")
                # Cancel before Start: focus starts on Start, and tab from there wraps to the
                # top of the form rather than to Cancel.
                yield Button("Cancel", id="cancel")
                yield Button(
                    "Open" if self.for_table or self.campaign_table else "Start",
                    variant="primary",
                    id="start",
                )

    async def on_mount(self) -> None:
        await self._game_changed()
        self.query_one("#start", Button).focus()

    @on(Select.Changed, "#game")
    async def _on_game(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.game_id:
            self.game_id = event.value
            await self._game_changed()

    @on(Select.Changed, "#count")
    async def _on_count(self) -> None:
        # Read the select itself: replacing its options posts a Changed for the old first
        # option after the new value is already set.
        count = self.query_one("#count", Select).value
        if isinstance(count, int) and count != len(self.query("#seats > Horizontal")):
            await self._show_seats(count)
            for words in self.query("#campaign-help").results(Static):
                words.update(campaign_help(count))

    def _counts(self) -> list[tuple[str, int]]:
        game = self.game
        return [(str(n), n) for n in range(game.min_players, game.max_players + 1)]

    async def _game_changed(self) -> None:
        game = self.game
        count = self.query_one("#count", Select)
        with count.prevent(Select.Changed):
            count.set_options(self._counts())
            count.value = game.default_players
        await self._show_seats(game.default_players)
        await self._show_options()

    async def _show_seats(self, count: int) -> None:
        box = self.query_one("#seats", Vertical)
        await box.remove_children()
        kinds = [("Person", HUMAN)] + [
            (f"Bot: {bot_kind(name).name}", name) for name in rb.bot_names(self.game)
        ]
        # The strongest bot the game has, so a new player meets a fair opponent.
        default_bot = next(b for b in (*STRONGEST, "random") if b in rb.bot_names(self.game))
        rows = []
        for seat in range(count):
            kind = HUMAN if seat == 0 or self.game.cooperative else default_bot
            rows.append(
                Horizontal(
                    Label(f"Seat {seat + 1}"),
                    Input(
                        self.settings.name_for(seat),
                        max_length=MAX_SEAT_NAME,
                        classes="seat-name",
                        compact=True,
                    ),
                    Select(kinds, value=kind, allow_blank=False, classes="seat-kind", compact=True),
                    classes="row",
                )
            )
        await box.mount_all(rows)
        self._describe_bot(
            default_bot if any(r.query_one(Select).value != HUMAN for r in rows) else None
        )

    def _describe_bot(self, bot_id: str | None) -> None:
        """One line on the bot last chosen: how strong and how quick it is."""
        about = self.query_one("#bot-help", Static)
        about.display = bot_id is not None
        if bot_id is not None:
            kind = bot_kind(bot_id)
            about.update(f"{kind.name} bot: {kind.about}" if kind.about else f"{kind.name} bot.")

    @on(Select.Changed, ".seat-kind")
    def _on_seat_kind(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != HUMAN:
            self._describe_bot(event.value)
            return
        # A seat turned into a person: the line speaks of a bot still seated, else goes.
        bots = [
            kind.value
            for kind in self.query(".seat-kind").results(Select)
            if isinstance(kind.value, str) and kind.value != HUMAN
        ]
        self._describe_bot(bots[-1] if bots else None)

    @on(Input.Submitted)
    def _on_submitted(self) -> None:
        self.action_start()  # enter in a field starts, as the Start button would

    async def _show_options(self) -> None:
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        widgets: list[Widget] = []
        if self.game_id in CAMPAIGN_GAMES and self.for_table:
            widgets += [_number_row(*field) for field in TABLE_CHAPTER_FIELDS]
            widgets.append(Static(TABLE_CHAPTER_HELP, classes="option-help"))
            await box.mount_all(widgets)
            return
        if self.game_id in CAMPAIGN_GAMES:
            # A campaign carries its own state from chapter to chapter: nothing to set but
            # its name.
            name = f"{self.settings.name_for(0)}'s fellowship"
            widgets.append(
                Horizontal(
                    Label("Campaign"),
                    Input(name, max_length=40, id="campaign-name", compact=True),
                    classes="row",
                )
            )
            seats = len(self.query("#seats > Horizontal"))
            widgets.append(Static(campaign_help(seats), id="campaign-help", classes="option-help"))
            await box.mount_all(widgets)
            return
        helps = OPTION_HELP.get(self.game_id, {})
        for name, label, default in option_fields(self.game):
            if isinstance(default, bool):
                widgets.append(
                    Tickbox(label, value=default, name=name, classes="option", compact=True)
                )
            else:
                widgets.append(_number_row(name, label, default))
            if name in helps:
                widgets.append(Static(helps[name], classes="option-help"))
        await box.mount_all(widgets)

    def request(self) -> NewGameRequest:
        """The game described by the form; ValueError says what is wrong with it."""
        seats = []
        for row in self.query("#seats > Horizontal"):
            name = row.query_one(Input).value.strip()
            kind = row.query_one(Select).value
            if not name:
                raise ValueError("every seat needs a name")
            seats.append(Seat(name) if kind == HUMAN else Seat(name, "bot", str(kind)))
        if len({s.name for s in seats}) != len(seats):
            raise ValueError("give every seat a different name")
        options: dict[str, Any] = {}
        defaults = {name: default for name, _, default in option_fields(self.game)}
        table_chapter = self.game_id in CAMPAIGN_GAMES and self.for_table
        for widget in self.query(".option"):
            name = widget.name or ""
            if isinstance(widget, Checkbox):
                options[name] = widget.value
            elif isinstance(widget, Input):
                options[name] = int(widget.value) if widget.value else defaults[name]
        campaign = ""
        if table_chapter:
            _check_setup(self.game, seats, options)
        elif self.game_id in CAMPAIGN_GAMES:
            campaign = self.query_one("#campaign-name", Input).value.strip()
            if not campaign:
                raise ValueError("the campaign needs a name")
            options = {}
        seed_text = self.query_one("#seed", Input).value
        seed = int(seed_text) if seed_text else None
        if seed is not None and seed >= 2**64:
            raise ValueError("a seed is below 2**64")
        return NewGameRequest(self.game_id, seats, options, seed, campaign)

    def action_start(self) -> None:
        try:
            request = self.request()
        except ValueError as error:
            self.query_one("#error", Label).update(f"Cannot start: {error}")
            return
        self.dismiss(request)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#start")
    def _on_start(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#cancel")
    def _on_cancel(self) -> None:
        self.dismiss(None)


def _preferred(ids: list[str]) -> str:
    for wanted in GAME_IDS:
        if wanted in ids:
            return wanted
    return ids[0] if ids else ""


def _number_row(name: str, label: str, default: int) -> Horizontal:
    """A labelled field for a whole-number option named ``name``."""
    field = Input(str(default), restrict=r"\d*", name=name, classes="option", compact=True)
    return Horizontal(Label(label), field, classes="row")


def _check_setup(game: rb.Game[Any], seats: list[Seat], options: dict[str, Any]) -> None:
    """Refuse, in the engine's words, options the game cannot be set up with (a chapter the
    book does not have, a marker off the track)."""
    try:
        game.setup(
            tuple(seat.name for seat in seats), game.convert_options(options), rb.Chance.seeded(0)
        )
    except rb.SetupError as error:
        raise ValueError(str(error)) from None
