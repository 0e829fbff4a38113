"""The game screen every game shares: its board, the decision, the choices and the log.

Bots move at the pace set in Settings; a human can ask for a hint (the Monte-Carlo advisor,
computed in a worker thread so the screen never freezes), undo where the rules allow, and
save under a name. The match autosaves after every step.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

from rich.markup import escape
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Click
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

import ringbearer_engine as rb

from ..choice_groups import ChoiceGroup, Entry, fold, kind_named, lines_needed, way_back
from ..dialogs.confirm import ConfirmDialog
from ..dialogs.game_over import STAY, GameOverDialog
from ..dialogs.message import MessageDialog
from ..dialogs.text_prompt import TextPrompt
from ..games import (
    ArrangesChoices,
    Board,
    ExplainsCards,
    KindsOfChoices,
    TurnsPages,
    WitnessesEvents,
    look_for,
    tell,
)
from ..games import prompt as prompt_of
from ..hints import Advice, advise, estimate
from ..host import Host, host_of
from ..live_keys import live_keys
from ..seats import seat_and_person
from ..session import GameSession
from ..storage import SaveNameError
from ..tables.access import manage_access, show_code, told_why
from ..tables.protocol import LogLine
from ..tables.remote import RemoteSession
from ..visible import visible
from ..widgets.action_menu import CHOICE_KEYS, TABLE_CHOICE_KEYS, ActionMenu
from ..widgets.event_log import EventLog
from ..widgets.partial_repaint import PartialRepaintCompositor
from ..widgets.prompt import Prompt
from ..widgets.steady_footer import SteadyFooter
from .hand_over import HandOverScreen
from .thread_results import hand_back

CHOICES_DESCRIPTION = "The choice with that key beside it"
"""What every choice key does, said once."""
ARRIVAL_GUARD_SECONDS = 1.5
"""How long after the board appears a key of the screen it came from plays no choice: a
second press of the campaign's `p` (Play chapter) must not play choice `p`."""


def _joined(own: str, hinted: str) -> str:
    """A choice's own words, then the hint's note."""
    return " · ".join(part for part in (own, hinted) if part)


def match_turns(match: rb.Match) -> int:
    return match.game.turn_number(match.state)


WATCHING = "Choices: players only"
"""The choices' title for a spectator of a shared table, whose list is always empty."""


class GameScreen(Screen[None]):
    HELP_TITLE = "the game"
    HELP_TEXT = (
        "Choose with the key shown beside each choice (the digits, then letters), or move "
        "through the list with the arrows and press enter, or click a choice. When the list is "
        'longer than its panel, its kinds of choice show one entry each ("Swap with the '
        'solo hand… (8)"): choose one to see its choices, escape to go back to all of them. '
        "A hint marks "
        "the advised choice where it stands and gives each choice the share of imagined games "
        "it wins, with its margin (wins 45% ± 6); choices within the margins of the advice "
        "are about the same. The Review asks the same advisor. Undo takes back your last "
        "decision when no dice were rolled and no card was "
        "revealed since. When two or more people play against each other, undo reaches back "
        "only within your own turn: a rival's move, or a bot's, is never taken back from your "
        "seat. Against bots alone, it takes back the bots' moves since your last decision too. "
        "Tab moves the focus between the panels (the focused one has a bright frame); the "
        "arrows and PageUp/PageDown scroll the focused one, and the mouse wheel scrolls the "
        "one under it."
    )
    BINDINGS = [
        # One line for all the choice keys wherever keys are listed (Textual's Keys panel
        # would list "Choice 1" to "Choice 31"): the first key stands for them all, the
        # others are hidden from such lists (system) but work the same.
        *(
            Binding(
                key,
                f"choose({n})",
                CHOICES_DESCRIPTION,
                show=False,
                id=f"game.choose-{n}",
                key_display=f"{CHOICE_KEYS[0]} … {CHOICE_KEYS[-1]}" if n == 1 else None,
                system=n > 1,
            )
            for n, key in enumerate(CHOICE_KEYS, start=1)
        ),
        Binding("h", "hint", "Hint", id="game.hint"),
        Binding("c", "cards", "Cards", id="game.cards"),
        Binding("u", "undo", "Undo", id="game.undo"),
        Binding("ctrl+s", "save_as", "Save as", id="game.save"),
        Binding("b", "seat_bot", "Bot", id="game.seat-bot"),
        Binding("i", "table_access", "Invite", id="game.table-access"),
        Binding("x", "close_table", "Close table", id="game.close-table"),
        Binding("escape", "leave", "Menu", id="game.menu"),
        # Shown on the board itself, which names its pages: the footer has no room at 80x24.
        Binding(
            "left_square_bracket",
            "turn_page(-1)",
            "Board: the page before",
            show=False,
            key_display="[",
            id="game.page-before",
        ),
        Binding(
            "right_square_bracket",
            "turn_page(1)",
            "Board: the next page",
            show=False,
            key_display="]",
            id="game.next-page",
        ),
    ]
    LEAVE_QUESTION = "Back to the menu? The game is saved; Continue resumes it."
    SHARED_ONLY = frozenset({"seat_bot", "table_access", "close_table"})
    """Commands of a shared table's owner."""
    folds_choices = True
    """Whether a long list of choices is folded by kind (a lesson shows every choice)."""
    LOCAL_ONLY = frozenset({"hint", "undo", "save_as"})
    """Commands that need the whole match, which a shared table's server keeps."""
    DEFAULT_CSS = """
    GameScreen #main { height: 1fr; }
    GameScreen #left { width: 2fr; min-width: 40; }
    GameScreen #board-area { height: 1fr; border: round $panel; }
    GameScreen #board-area:focus, GameScreen #log:focus { border: round $accent; }
    GameScreen #side { width: 1fr; min-width: 34; layers: panels hint; }
    GameScreen #prompt { height: 3; padding: 0 1; background: $boost; text-style: bold; }
    /* "not bold": the waiting style is drawn over the prompt's own (see Prompt). */
    GameScreen #prompt .prompt--waiting { text-style: not bold italic; color: $text-muted; }
    GameScreen #choices { min-height: 12; }  /* ten one-line choices at 80x24 */
    /* The hint lies over the foot of the Log on a layer of its own (the Log keeps its
       size and its lines): never over the choices it ranks, nor over the board and the
       hand the player decides with. */
    GameScreen #hint {
        layer: hint; dock: bottom; display: none; height: auto; max-height: 50%;
        background: $surface;
        border: round $accent; border-title-color: $accent; padding: 0 1;
    }
    GameScreen #hint.shown { display: block; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        # A step repaints a few rows of a few panels: only those are drawn again.
        self._compositor = PartialRepaintCompositor()
        self.session = session
        self.look = look_for(session.match.game_id)
        # What the look offers, found once: a check against a protocol class looks for
        # each of its members, and the choices' notes asked it once per choice.
        look = self.look
        self._arranging_look = look if isinstance(look, ArrangesChoices) else None
        self._kinds_look = look if isinstance(look, KindsOfChoices) else None
        self._cards_look = look if isinstance(look, ExplainsCards) else None
        session.secret_hands = getattr(self.look, "hot_seat", False)
        self.HELP_TEXT = "\n\n".join(filter(None, (GameScreen.HELP_TEXT, self.look.help_text)))
        self.advice: Advice | None = None
        """The advisor's ranking of the choices on screen, until the next step."""
        self._bot_pending = False
        self._handing_over = False
        self._was_my_turn = False
        self._table_closed = False
        self._end_told = False
        self._arrival_keys: frozenset[str] = frozenset()
        """Choice keys that were keys of the screen below too, ignored just after arriving."""
        self._arrived = 0.0
        self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        """The thread the autosaves are written on, one after the other. A plain thread
        rather than a Textual worker: a worker's messages and bookkeeping cost about 1.2 M
        instructions a step, four times the write itself. Its last writes are waited for
        when the screen closes, and at the latest when the program ends."""
        self.choices: list[rb.Action] = []
        """Every choice open now, in the list's order, whether shown or folded in a kind."""
        self._fold_room = (0, 0)
        """The panel's lines and columns when the list was last folded."""
        self.open_kinds: tuple[str, ...] = ()
        """The kinds of choices opened in the list, the outermost first (see
        :mod:`ringbearer_tui.choice_groups`)."""
        self.shared_kind: str | None = None
        self._words: dict[rb.Action, str] = {}
        """The words of the choices now, worked out once: folding measures them, the list
        shows them."""
        """The one kind of every choice of a list too long for its panel, if they have one."""
        """The end-of-game dialog was shown: staying on the board does not bring it back."""

    @property
    def rb_app(self) -> Host:
        return host_of(self.app)

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            board = self.look.board(self.session)
            # A board on pages fits its panel and has nothing to scroll: no tab stop.
            scrolls = not isinstance(board, TurnsPages)
            with Vertical(id="left"), VerticalScroll(id="board-area", can_focus=scrolls):
                yield board
            with Vertical(id="side"):
                yield from self.compose_side()
                hint = Static(id="hint")
                hint.border_title = "Hint"
                yield hint
        yield SteadyFooter()

    def compose_side(self) -> ComposeResult:
        """The side column: the prompt, the choices and the log."""
        yield Prompt(id="prompt")
        menu = ActionMenu(id="choices")
        if self.session.shared:  # b and x are the table owner's there
            menu.keys = TABLE_CHOICE_KEYS
        menu.on_choice_key = self.choose_key
        yield menu
        yield EventLog(id="log")

    def on_mount(self) -> None:
        self._guard_arrival()
        log = self.query_one(EventLog)
        for seat, step, events in self.session.retell(self.look.describe, last=30):
            log.record(self._who(seat), step, self._told(events))
            self._witness(events)
        self.refresh_all()
        self.query_one(ActionMenu).focus()
        if isinstance(self.session, RemoteSession):
            self.session.listen(self._table_news)

    def on_unmount(self) -> None:
        # Whoever reads the saves next (the menu's Continue) finds the last step written.
        self._saver.shutdown(wait=True)
        if isinstance(self.session, RemoteSession):
            self.session.close()

    # -- a shared table ---------------------------------------------------------------------

    def _table_news(self, lines: list[LogLine]) -> None:
        """The server pushed an update: log its steps and redraw for this seat."""
        session = self.session
        assert isinstance(session, RemoteSession)
        log = self.query_one(EventLog)
        for line in lines:
            log.record(line.who, line.label, line.told)
        if session.dismissed:
            self._sent_away(session.dismissed)
            return
        if session.problem:
            self.notify(session.problem, title="Table", severity="warning")
            session.problem = ""
        for code in session.fresh_codes:
            show_code(self.app, session.table, code)
        session.fresh_codes = []
        self.refresh_all()
        if session.my_turn and not self._was_my_turn and self.rb_app.settings.turn_bell:
            self.app.bell()
        self._was_my_turn = session.my_turn
        if session.closed != self._table_closed:
            # The footer is built again on every bindings refresh, which costs more than the
            # rest of a push: only the table's closing changes which keys it offers.
            self._table_closed = session.closed
            self.refresh_bindings()

    def _sent_away(self, reason: str) -> None:
        """The table sent this player away (the owner gave the seat back): to the menu,
        told why."""
        table = self.session.table if isinstance(self.session, RemoteSession) else ""
        # A notice, not a dialog: it outlives the screens that close under it (a campaign
        # table's too).
        self.app.notify(
            told_why(reason), title=f"Table {visible(table)}", severity="warning", timeout=20
        )
        if self in self.app.screen_stack:
            self.pop_until_active()  # a dialog open over the board goes with it
        self.dismiss(None)

    def action_seat_bot(self) -> None:
        session = self.session
        if not isinstance(session, RemoteSession):
            return
        # An absent player's seat, or one nobody holds (given back in the middle of a game).
        away = [
            n
            for n, info in enumerate(session.seat_infos)
            if info.away or (not info.account and not info.bot)
        ]
        if not away:
            self.notify("Nobody is away.", title="Table")
            return
        info = session.seat_infos[away[0]]
        question = (
            f"{seat_and_person(info.name, info.account)} is away. Let a bot play for them?"
            if info.away
            else f"Nobody holds {info.name}'s seat. Let a bot play it for the rest of the game?"
        )

        def done(yes: bool | None) -> None:
            if yes:
                session.connection.seat_bot(away[0])

        self.app.push_screen(ConfirmDialog(question), done)

    def action_table_access(self) -> None:
        session = self.session
        if not isinstance(session, RemoteSession) or session.access is None:
            return
        access, seats = session.access, session.seat_infos
        self.run_worker(
            manage_access(self.app, session.connection, access, seats, session.own_seat),
            group="table-access",
            exclusive=True,
        )

    def action_close_table(self) -> None:
        session = self.session
        if not isinstance(session, RemoteSession):
            return

        def done(yes: bool | None) -> None:
            if yes:
                session.connection.close_table()

        self.app.push_screen(
            ConfirmDialog("Close this table? Every player finds it in their saves."), done
        )

    # -- drawing ----------------------------------------------------------------------------

    def _who(self, seat: int | None) -> str | None:
        return None if seat is None else self.session.seats[seat].name

    def _witness(self, events: list[rb.Event]) -> None:
        board = self.query_one("#board")
        if isinstance(board, WitnessesEvents):
            board.witness(events)

    def _told(self, events: list[rb.Event]) -> list[str]:
        players = [visible(seat.name) for seat in self.session.seats]
        return [tell(self.look, event, players) for event in events]

    def refresh_all(self) -> None:
        board = self.query_one("#board")
        if isinstance(board, Board):
            board.refresh_view()
        match = self.session.match
        prompt = self.query_one(Prompt)
        menu = self.query_one(ActionMenu)
        if isinstance(self.session, RemoteSession):
            # Who is away and who watches, on the board's frame: the prompt keeps its room.
            # Set only when it changes: setting it, even to the same words, repaints the
            # whole board.
            area = self.query_one("#board-area")
            status = visible(self.session.status)
            if area.border_title != status:
                area.border_title = status
            if self.session.own_seat is None and menu.border_title != WATCHING:
                menu.border_title = WATCHING  # why the list stays empty
        if self.advice is None or self.session.over:
            self._show_hint("")  # a hint speaks of one step only
        if self.session.over:
            menu.show([], [])
            prompt.update(visible(match.outcome.summary) if match.outcome else "")
            self.call_after_refresh(self._game_over)
            return
        if self.session.bot_to_move:
            seat = self.session.seat
            assert seat is not None
            prompt.update(f"{visible(self.session.seats[seat].name)} (bot) is thinking…")
            prompt.set_waiting(True)
            menu.show([], [])
            self._schedule_bot()
            return
        if self.session.needs_hand_over:
            self._hand_over(prompt, menu)
            return
        # Set once: taking the class off and putting it back restyles the prompt twice.
        waiting = isinstance(self.session, RemoteSession) and not self.session.my_turn
        prompt.set_waiting(waiting)
        if waiting:
            prompt.update(match.prompt)  # who the table waits for
        else:
            prompt.update(prompt_of(self.look, match))
        actions = match.actions()
        if self._arranging_look is not None:
            actions = self._arranging_look.arrange(match, actions)
        self.choices = actions
        self._words = {}
        entries = self._entries(match, actions)
        hinted: dict[rb.Action, str] = {}
        if self.advice is not None and set(self.advice.actions) == set(actions):
            # The hint marks the advice where it stands and adds to each choice's own words.
            hinted = dict(zip(self.advice.actions, self.advice.notes, strict=True))
        labels = [self._label(match, entry) for entry in entries]
        notes = [self._note(match, entry, hinted) for entry in entries]
        menu.show(entries, labels, notes if any(notes) else None)
        if self.folds_choices:
            self._title_choices()

    def _entries(self, match: rb.Match, actions: list[rb.Action]) -> list[Entry]:
        """The list as shown: a long one folded by kind, the opened kind open."""
        look = self._kinds_look
        if not self.folds_choices or look is None:
            return list(actions)
        self._fold_room = self._room()

        known: dict[rb.Action, tuple[str, ...]] = {}

        def kind_of(action: rb.Action) -> tuple[str, ...]:
            # Asked for the same choice by the shared kind, the fold and each opened kind.
            kinds = known.get(action)
            if kinds is None:
                kinds = known[action] = look.kinds(match, action)
            return kinds

        fits = self._fits(match, actions, 0)
        self.shared_kind = None if fits else _shared_kind([kind_of(a) for a in actions])
        entries = fold(actions, kind_of, fits=fits)
        walked: list[str] = []
        for title in self.open_kinds:
            kind = kind_named(entries, title)
            if kind is None:
                break  # that kind is not offered any more: shown from where it was
            back = way_back(walked[-1] if walked else None)
            walked.append(title)
            inner = list(kind.members)
            fits = self._fits(match, inner, 1)
            entries = [back, *fold(inner, kind_of, fits=fits, level=kind.level + 1)]
        self.open_kinds = tuple(walked)
        return entries

    @property
    def open_kind(self) -> str | None:
        """The innermost kind opened, if any; else the one kind of every choice of a list
        too long for its panel (its name then goes on the frame, not on every choice)."""
        return self.open_kinds[-1] if self.open_kinds else self.shared_kind

    def _fits(self, match: rb.Match, actions: list[rb.Action], above: int) -> bool:
        """Whether ``actions`` fit the panel's lines below ``above`` others."""
        height, width = self._fold_room
        labels = [self._describe(match, action) for action in actions]
        return height > 0 and lines_needed(labels, width) <= height - above

    def _describe(self, match: rb.Match, action: rb.Action) -> str:
        words = self._words.get(action)
        if words is None:
            words = self._words[action] = self.look.describe(match, action)
        return words

    def _room(self) -> tuple[int, int]:
        """The lines and columns the choices panel shows (0 before it is laid out)."""
        size = self.query_one(ActionMenu).content_size
        return size.height, size.width

    def on_resize(self) -> None:
        # A panel grown or shrunk may now show the whole list, or no longer.
        self.call_after_refresh(self._refold)

    def _refold(self) -> None:
        menu = self.query_one(ActionMenu)
        if not self.is_attached or not menu.actions or self._room() == self._fold_room:
            return
        if self._entries(self.session.match, self.choices) != menu.actions:
            self.refresh_all()

    def _label(self, match: rb.Match, entry: Entry) -> str:
        if isinstance(entry, ChoiceGroup):
            return entry.label if entry.members else entry.title  # else the way back
        label = self._describe(match, entry)
        # In an opened kind its name is on the frame: "Move Samwise" then "to Hobbiton (c)",
        # "Play Move a Nazgûl" then "Weathertop".
        kind = self.open_kind
        if kind:
            for lead in (f"{kind}: ", f"{kind} "):
                if label.startswith(lead):
                    return label.removeprefix(lead)
        return label

    def _note(self, match: rb.Match, entry: Entry, hinted: dict[rb.Action, str]) -> str:
        if isinstance(entry, ChoiceGroup):
            advised = self.advice.advised if self.advice is not None else None
            return "holds the advised choice" if advised in entry.members else ""
        cards = self._cards_look
        gist = cards.gist(match, entry) if cards is not None else ""
        return _joined(gist, hinted.get(entry, ""))

    def _hand_over(self, prompt: Prompt, menu: ActionMenu) -> None:
        # Nothing of the next person's is drawn until they say they are alone at the screen.
        seat = self.session.seat
        assert seat is not None
        name = self.session.seats[seat].name
        prompt.update(f"Pass the keyboard to {name}.")
        prompt.set_waiting(True)
        menu.show([], [])
        if self._handing_over:
            return
        self._handing_over = True

        def ready(_: None) -> None:
            self._handing_over = False
            self.session.looking = seat
            self.refresh_all()

        self.app.push_screen(HandOverScreen(name), ready)

    # -- playing ----------------------------------------------------------------------------

    @on(ActionMenu.Chosen)
    def _chosen(self, event: ActionMenu.Chosen) -> None:
        event.stop()  # played here: the app has nothing to do with it
        # Keys typed faster than the screen plays them are all read against the list they
        # were pressed on: once a step has changed the list, the choices still queued from
        # the old one are dropped, not played or refused one by one.
        chosen = event.action
        if self.session.bot_to_move or chosen not in self.query_one(ActionMenu).actions:
            return
        if isinstance(chosen, ChoiceGroup):
            kinds = (*self.open_kinds, chosen.title) if chosen.members else self.open_kinds[:-1]
            self._open_kinds(kinds)
        else:
            self.play(chosen)

    def _open_kinds(self, kinds: tuple[str, ...]) -> None:
        """Show the choices of the innermost of ``kinds`` (none: every kind again), the
        cursor on the first."""
        self.open_kinds = kinds
        self._title_choices()
        self.query_one(ActionMenu).highlighted = 0
        self.refresh_all()
        self._title_choices()  # a kind no longer offered was closed

    def _title_choices(self) -> None:
        # The opened kind's name on the frame ("Choices" is understood).
        menu = self.query_one(ActionMenu)
        title = self.open_kind or "Choices"
        if menu.border_title not in (title, WATCHING):
            menu.border_title = title

    def _close_kind(self) -> None:
        if self.open_kinds:
            self.open_kinds = ()
            self._title_choices()

    def play(self, action: rb.Action) -> None:
        seat = self.session.seat
        label = self.look.describe(self.session.match, action)
        try:
            events = self.session.play(action)
        except rb.IllegalActionError as error:
            self.notify(error.reason, title="Not allowed", severity="warning")
            return
        self._close_kind()  # the next decision starts from the whole list
        if self.session.shared:
            self.refresh_all()  # the move and its news come back from the server
            return
        self.call_after_refresh(self._autosave)
        self.advice = None
        self.query_one(EventLog).record(self._who(seat), label, self._told(events))
        self._witness(events)
        self.refresh_all()

    def _autosave(self) -> None:
        # The bytes are taken now; the disk is waited for on the screen's saving thread, so
        # the next key is not held up by fsync.
        pending = self.session.snapshot_for_autosave()
        try:
            self._saver.submit(self._write, pending)
        except RuntimeError:  # the screen has closed (its saver with it): write it here
            self._write(pending)

    def _write(self, pending: tuple[int, bytes] | None) -> None:
        """Write the autosave (on the saving thread); a failure is told on the screen."""
        try:
            self.session.write_autosave(pending)
        except OSError as error:
            hand_back(self, self.notify, f"The game could not be saved: {error}", severity="error")

    def _guard_arrival(self) -> None:
        stack = self.app.screen_stack
        below = stack[stack.index(self) - 1] if self in stack and stack.index(self) else None
        keys = live_keys(self.app, below) if below is not None else frozenset()
        self._arrival_keys = keys & frozenset(CHOICE_KEYS)
        self._arrived = time.monotonic()

    def choose_key(self, key: str) -> None:
        """What the binding of ``key``, a choice key, does."""
        self.action_choose(CHOICE_KEYS.index(key) + 1)

    def action_choose(self, number: int) -> None:
        # The binding's number is its key's place among all the choice keys; the menu may
        # leave some of those keys out (at a shared table).
        key = CHOICE_KEYS[number - 1] if 0 < number <= len(CHOICE_KEYS) else ""
        if key in self._arrival_keys and time.monotonic() - self._arrived < ARRIVAL_GUARD_SECONDS:
            return  # most likely meant for the screen the player just left
        if not self.session.bot_to_move:
            self.query_one(ActionMenu).choose_key(CHOICE_KEYS[number - 1])

    def _schedule_bot(self) -> None:
        if self._bot_pending:
            return
        self._bot_pending = True
        self.set_timer(self.rb_app.settings.bot_delay or 0.01, self._think)

    @work(thread=True, exclusive=True, group="bot")
    def _think(self) -> None:
        action = self.session.bot_choice()
        if not get_current_worker().is_cancelled:
            hand_back(self, self._bot_moves, action)

    def _bot_moves(self, action: rb.Action) -> None:
        if self.rb_app.too_small:
            # The size notice hides the board: hold the move until the player can see it.
            self.set_timer(0.25, lambda: self._bot_moves(action))
            return
        self._bot_pending = False
        if self.session.bot_to_move and self.is_attached:
            self.play(action)

    # -- help for the player ----------------------------------------------------------------

    def action_hint(self) -> None:
        if self.session.bot_to_move and not self.session.over:
            # Said in the hint's own box, which the bot's move then takes away.
            match = self.session.match
            bot = visible(match.players[match.to_move]) if match.to_move is not None else "A bot"
            self._show_hint(escape(f"{bot} (a bot) is playing. Ask for a hint on your turn."))
            return
        if self.session.bot_to_move or self.session.over or self.session.needs_hand_over:
            return
        self.query_one(Prompt).update(f"{prompt_of(self.look, self.session.match)} (thinking…)")
        self._advise()

    @work(thread=True, exclusive=True, group="hint")
    def _advise(self) -> None:
        log_length = len(self.session.match.log)
        ranking = self.session.advice(seed=log_length)
        if not get_current_worker().is_cancelled:
            hand_back(self, self._show_advice, ranking, log_length)

    def _show_advice(self, ranking: list[rb.Ranking], log_length: int) -> None:
        if len(self.session.match.log) != log_length:
            return  # the game moved on while the advisor thought
        advice = advise(self.choices, ranking)
        self.advice = advice
        self.refresh_all()
        if advice.advised is not None:
            best = self.look.describe(self.session.match, advice.advised)
            figure = estimate(ranking[0])
            told = f"The advisor would choose: {best}" + (f" ({figure})." if figure else ".")
            notes = (told, advice.why, advice.scope)
            self._show_hint(" ".join(filter(None, notes)))

    def _show_hint(self, text: str) -> None:
        """One hint at a time, over the Log: a new one replaces it; "" takes it away."""
        hint = self.query_one("#hint", Static)
        if text or hint.has_class("shown"):
            hint.update(text)
            hint.set_class(bool(text), "shown")

    def on_click(self, event: Click) -> None:
        if event.widget is not None and event.widget.id == "hint":
            self._show_hint("")  # read: out of the way

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The card key is offered only by games whose looks explain cards.
        if action == "cards":
            return isinstance(self.look, ExplainsCards)
        if action == "turn_page":
            return any(isinstance(board, TurnsPages) for board in self.query("#board"))
        session = self.session
        if action in self.LOCAL_ONLY:
            return not session.shared
        if action in self.SHARED_ONLY:
            return isinstance(session, RemoteSession) and session.owner and not session.closed
        if action == "choose" and session.shared and parameters:
            # Lets the table's b and x reach the owner's commands below them.
            number = parameters[0]
            return isinstance(number, int) and CHOICE_KEYS[number - 1] in TABLE_CHOICE_KEYS
        return True

    def action_cards(self) -> None:
        """Read the card of the highlighted choice and every card the players hold."""
        if not isinstance(self.look, ExplainsCards):
            return
        menu = self.query_one(ActionMenu)
        entries = menu.actions
        entry = entries[menu.highlighted] if 0 <= menu.highlighted < len(entries) else None
        action = None if isinstance(entry, ChoiceGroup) else entry
        cards = self.look.cards(self.session.match, self.session.viewer, action)
        if not cards:
            watching = self.session.shared and self.session.viewer is None
            said = "You are watching: the players' hands are hidden." if watching else ""
            self.notify(said or "No card is in play or in hand yet.", title="Cards")
            return
        body = "\n\n".join(f"{title}\n{text}" for title, text in cards)
        self.app.push_screen(MessageDialog("Cards", body))

    def action_turn_page(self, delta: int) -> None:
        board = self.query_one("#board")
        if isinstance(board, TurnsPages):
            board.turn_page(delta)

    def action_undo(self) -> None:
        if self.session.shared:
            self.notify("A shared table cannot take moves back.", title="Cannot undo")
            return
        try:
            undone = self.session.undo_turn(self.look.describe)
        except rb.UndoError as error:
            self.notify(str(error), title="Cannot undo", severity="warning")
            return
        self.advice = None
        self.query_one(EventLog).note(f"Taken back: {'; '.join(reversed(undone))}")
        self.refresh_all()

    def action_save_as(self) -> None:
        def done(name: str | None) -> None:
            if not name:
                return
            try:
                self.session.save_as(name)
            except (SaveNameError, OSError) as error:
                self.notify(str(error), title="Not saved", severity="error")
            else:
                self.notify(f"Saved as {name!r}.")

        self.app.push_screen(TextPrompt("Save this game as:", ok="Save"), done)

    def action_leave(self) -> None:
        if self.open_kinds:
            self._open_kinds(self.open_kinds[:-1])  # escape goes out of the opened kind first
            return
        if not self.rb_app.settings.confirm_quit or self.session.over:
            self.dismiss(None)
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.dismiss(None)

        session = self.session
        if isinstance(session, RemoteSession) and session.own_seat is None:
            question = f"Stop watching table {visible(session.table)}?"
        elif isinstance(session, RemoteSession) and session.closed:
            question = (
                f"Leave table {visible(session.table)}? It is closed: its game is in your saves."
            )
        elif isinstance(session, RemoteSession):
            table = visible(session.table)
            question = (
                f"Leave table {table}? Your seat stays yours: join {table} again to take it back."
            )
        else:
            question = self.LEAVE_QUESTION
        self.app.push_screen(ConfirmDialog(question), done)

    def _game_over(self) -> None:
        outcome = self.session.match.outcome
        if outcome is None or self.app.screen is not self or self._end_told:
            return
        self._end_told = True
        title = "Victory!" if outcome.won else "Defeat"
        if not self.session.match.game.cooperative and outcome.winners:
            winner = self.session.seats[outcome.winners[0]].name
            title = f"{winner} wins!"
        turns = 0 if self.session.shared else match_turns(self.session.match)
        steps = len(self.session.match.log)
        details = self.session.end_details(self.look.summary) or (
            f"{steps} step{'' if steps == 1 else 's'}"
            + (f" over {turns} turn{'' if turns == 1 else 's'}." if turns else ".")
        )
        body = f"{outcome.summary}\n\n{details}"
        ways = [(STAY, "See the board")]
        if self.session.replayable and not self.session.shared:
            ways.append(("again", "Play again"))
        if self.session.reviewable() is not None:  # at a table: once the server sent it
            ways.append(("review", "Review"))
        ways.append(("leave", self.session.after_end))
        self.app.push_screen(GameOverDialog(title, body, ways, default="leave"), self._after_end)

    def _after_end(self, way: str | None) -> None:
        if way == STAY:
            prompt = self.query_one(Prompt)
            prompt.update(f"{prompt_of(self.look, self.session.match)} (esc: the menu)")
            return
        if way == "again":
            self.rb_app.play_again(self.session)
            return
        if way == "review":
            # Back from the review, the same ways on are offered again.
            match = self.session.reviewable()
            if match is not None:
                self._end_told = False
                self.rb_app.review(match, done=self._game_over)
            return
        self.dismiss(None)


def _shared_kind(kinds: list[tuple[str, ...]]) -> str | None:
    """The broad kind every choice has ("Set the Nazgûl down"), when there are two choices
    or more; None when they differ or one has none."""
    broad = {k[0] if k else "" for k in kinds}
    if len(kinds) < 2 or len(broad) != 1:
        return None
    return broad.pop() or None
