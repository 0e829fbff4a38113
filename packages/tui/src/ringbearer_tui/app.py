"""The Ringbearer app: the screens, the saves, the settings, and a clean exit on hang-up."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import signal
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Literal

import msgspec
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.driver import Driver
from textual.filter import LineFilter
from textual.notifications import SeverityLevel
from textual.screen import Screen

import ringbearer_engine as rb

from .commands import RingbearerCommands
from .dialogs.choice import ChoiceDialog
from .dialogs.confirm import ConfirmDialog
from .dialogs.help import HelpDialog
from .dialogs.message import MessageDialog
from .dialogs.new_game import NewGameDialog
from .environment import served_keys_file, table_access
from .games.adventure_book.saves import CAMPAIGN_GAME, CampaignRecord, CampaignStore, is_campaign
from .host import Host
from .lessons import Lesson, LessonError, load_lesson
from .lessons.available import shipped_lessons
from .lessons.session import LessonSession, lesson_of
from .paths import AppPaths
from .screens.game import GameScreen
from .screens.lesson import LessonScreen
from .screens.load import LoadScreen
from .screens.main_menu import MainMenu
from .screens.rules import RulesScreen
from .screens.settings import SettingsScreen
from .seats import NewGameRequest
from .session import GameSession
from .settings import Settings, load_settings, save_settings
from .storage import SaveEntry, SaveStore
from .tables import flow as table_flow
from .terminal_watch import terminal_gone
from .visible import ControlFilter, visible
from .widgets.size_notice import SizeNotice, too_small

if TYPE_CHECKING:
    from .tables.client import TableConnection
    from .tables.protocol import Update, Welcome


def default_campaign_name(request: NewGameRequest) -> str:
    return f"{request.seats[0].name}'s fellowship" if request.seats else "The fellowship"


class StartNew(msgspec.Struct, frozen=True):
    request: NewGameRequest


class StartContinue(msgspec.Struct, frozen=True):
    pass


class StartLoaded(msgspec.Struct, frozen=True):
    data: bytes


class StartCampaign(msgspec.Struct, frozen=True):
    """An Adventure Book campaign file opened from the command line."""

    record: CampaignRecord


class StartLesson(msgspec.Struct, frozen=True):
    """A game's lesson from the command line: ``ringbearer learn GAME``."""

    game: str


class StartTable(msgspec.Struct, frozen=True):
    """Sit at (or watch) a server's shared table: ``ssh -t HOST join NAME``."""

    table: str
    watch: bool = False


Start = StartNew | StartContinue | StartLoaded | StartCampaign | StartTable | StartLesson


def _freeze_what_lasts() -> None:
    """Once the first screen is up, leave what exists (the modules, the app, its screens) out
    of the garbage collector's passes from now on: a full pass walked all of it, about 45 ms
    every thirty keys or so, and, in a game forked by the server's zygote, copied each page
    it walked. Done only in a terminal (not in tests, whose apps come and go in one
    process: what is frozen is never freed)."""
    gc.collect()
    gc.freeze()


class RingbearerApp(App[None]):
    TITLE = "Ringbearer"
    CSS_PATH = "app.tcss"
    COMMANDS = App.COMMANDS | {RingbearerCommands}
    BINDINGS = [
        Binding("question_mark,f1", "help", "Help", key_display="?", id="app.help"),
        Binding("ctrl+q", "quit_app", "Quit", id="app.quit", priority=True),
    ]
    HANG_UP_SIGNALS = (signal.SIGHUP, signal.SIGTERM)
    TERMINAL_CHECK_SECONDS = 1.0
    """How often to look for a terminal gone without a SIGHUP; each look wakes the app, and
    a hundred games looking four times a second spent a tenth of a core doing nothing."""
    KEYS_WHEN_TOO_SMALL = frozenset({"ctrl+q"})
    """While the size notice shows, only quitting works: other keys would act on a screen
    the player cannot see."""

    def __init__(self, paths: AppPaths, start: Start | None = None) -> None:
        super().__init__()
        self.paths = paths
        self.settings, self._settings_problem = load_settings(paths.settings_file)
        self.store = SaveStore(paths.saves, paths.autosaves)
        self.store.tidy()
        self.campaigns = CampaignStore(paths.campaigns)
        self.campaigns.tidy()
        self._start = start
        self._control_filter = ControlFilter()
        self._told_problems: set[str] = set()
        self.exit_reason: Literal["quit", "hang-up"] = "quit"
        self._last_notice: tuple[str, str, str] = ("", "", "")
        self._last_notice_until = 0.0

    # -- life cycle -------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.apply_settings(self.settings, persist=False)
        self.push_screen(MainMenu())
        if self._settings_problem:
            problem = self._settings_problem
            self.notify(
                f"Settings in {problem.path} were not used ({problem.reason}); "
                "the defaults apply until you save new ones.",
                severity="warning",
                timeout=10,
            )
        self.tell_folder_problems()
        self._install_signal_handlers()
        self._watch_terminal()
        self.screen_change_signal.subscribe(self, lambda _: self.call_after_refresh(self._fit))
        self.call_after_refresh(self._begin)

    def tell_folder_problems(self) -> None:
        """Say which save folders the last listing could not read (it went on without them),
        once each while the problem lasts."""
        messages = set(self.store.problems.messages() + self.campaigns.problems.messages())
        for message in sorted(messages - self._told_problems):
            self.notify(visible(message), severity="warning", timeout=10)
        self._told_problems = messages

    def get_line_filters(self) -> Sequence[LineFilter]:
        return [*super().get_line_filters(), self._control_filter]

    def _begin(self) -> None:
        start, self._start = self._start, None
        if isinstance(start, StartNew):
            self._start_game(start.request)
        elif isinstance(start, StartContinue):
            self.action_continue_game()
        elif isinstance(start, StartLoaded):
            self.open_match(rb.Match.load(start.data))
        elif isinstance(start, StartCampaign):
            self.open_campaign(start.record)
        elif isinstance(start, StartLesson):
            self.start_lesson(start.game)
        elif isinstance(start, StartTable):
            self.run_worker(
                table_flow.sit(self, start.table, watch=start.watch), group="tables", exclusive=True
            )
        if not self.is_headless:
            self.call_after_refresh(_freeze_what_lasts)

    def _install_signal_handlers(self) -> None:
        try:
            loop = asyncio.get_running_loop()
            for number in self.HANG_UP_SIGNALS:
                loop.add_signal_handler(number, self.hang_up)
        except (NotImplementedError, RuntimeError, ValueError):
            pass  # not the main thread, or no signals here: nothing to hang up on

    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        if driver.__name__ == "LinuxDriver":
            from .driver import ResilientDriver  # imports termios: not on Windows

            return ResilientDriver
        return driver

    def _watch_terminal(self) -> None:
        # A terminal closed while the app was starting may never send SIGHUP (see
        # terminal_watch), so look from time to time. (Not at once: exiting in the middle of
        # mounting the first screen would fail that screen's mount.)
        # (No isatty() test: a terminal that has hung up is no longer a tty by that test.)
        stdin = sys.__stdin__
        if self.is_headless or stdin is None:
            return
        fd = stdin.fileno()

        def check() -> None:
            if terminal_gone(fd) and self.exit_reason != "hang-up":
                self.hang_up()

        self.set_interval(self.TERMINAL_CHECK_SECONDS, check)

    def on_unmount(self) -> None:
        try:
            loop = asyncio.get_running_loop()
            for number in self.HANG_UP_SIGNALS:
                loop.remove_signal_handler(number)
        except (NotImplementedError, RuntimeError, ValueError):
            pass

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A notification, unless the same one is still showing: a key held down (or a
        flood from a peer) must not stack a toast a key, which also costs the screen time
        for every toast already there."""
        now = time.monotonic()
        notice = (message, title, severity)
        if notice == self._last_notice and now < self._last_notice_until:
            return
        self._last_notice = notice
        self._last_notice_until = now + (self.NOTIFICATION_TIMEOUT if timeout is None else timeout)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def hang_up(self) -> None:
        """The terminal went away (SIGHUP) or we were told to stop (SIGTERM): save, exit."""
        self.exit_reason = "hang-up"
        self.save_and_exit()

    def save_and_exit(self) -> None:
        """Save the game in play on this thread (not in the background), then exit."""
        session = self.current_session
        if session is not None:
            # If even this fails, nothing more can be done: the last autosave stands.
            with contextlib.suppress(OSError):
                session.autosave()
        self.exit()

    @property
    def current_session(self) -> GameSession | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen.session
        return None

    # -- the minimum size -------------------------------------------------------------------

    @property
    def too_small(self) -> bool:
        return too_small(self.size)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Show the size notice on the active screen while the terminal is too small."""
        screen = self.screen
        notices = screen.query_children(SizeNotice)
        if not self.too_small:
            notices.remove()
        elif notices:
            notices.first().show_for(self.size)
        else:
            screen.mount(SizeNotice(self.size))

    async def on_event(self, event: events.Event) -> None:
        if self.exit_reason == "hang-up" and isinstance(event, events.InputEvent | events.Paste):
            # Saved already: keys still queued from a terminal that has gone would only play
            # moves nobody sees, and delay the exit past the server's kill.
            return
        if self.too_small and self._blocked_while_too_small(event):
            return
        await super().on_event(event)

    def _blocked_while_too_small(self, event: events.Event) -> bool:
        if isinstance(event, events.InputEvent | events.Paste) and event.is_forwarded:
            return False  # already let through once
        if isinstance(event, events.Key):
            return event.key not in self.KEYS_WHEN_TOO_SMALL
        return isinstance(event, (events.MouseEvent, events.Paste))

    # -- settings ---------------------------------------------------------------------------

    def apply_settings(self, settings: Settings, *, persist: bool) -> None:
        self.settings = settings
        self.theme = settings.theme
        self.animation_level = "full" if settings.animation else "none"
        if settings.keymap:
            self.set_keymap(settings.keymap)
        if persist:
            try:
                save_settings(self.paths.settings_file, settings)
            except OSError as error:
                self.notify(f"Settings not saved: {error}", severity="error")

    # -- menu actions -----------------------------------------------------------------------

    def action_new_game(self, game_id: str | None = None) -> None:
        if not rb.list_games():
            self.notify("No games are installed with this engine.", severity="error")
            return

        def chosen(request: NewGameRequest | None) -> None:
            if request is not None:
                self._start_game(request)

        self.push_screen(NewGameDialog(self.settings, game_id), chosen)

    def _start_game(self, request: NewGameRequest) -> None:
        if request.game_id == CAMPAIGN_GAME:
            self._start_campaign(request)
            return
        try:
            session = GameSession.start(
                request.game_id, request.seats, request.seed, request.options, self.store
            )
        except (rb.RingbearerError, OSError) as error:
            self.notify(f"The game could not start: {error}", severity="error")
            return
        self.open_session(session)

    def play_again(self, session: GameSession) -> None:
        """A finished game's "Play again": the same seats and options, a new seed."""
        self._start_game(session.replay_request())

    def _start_campaign(self, request: NewGameRequest) -> None:
        name = request.campaign.strip() or default_campaign_name(request)
        record = CampaignRecord.new(name, request.seats, request.seed)
        try:
            self.campaigns.write(record)
        except OSError as error:
            self.notify(f"The campaign could not start: {error}", severity="error")
            return
        self.open_campaign(record)

    def latest_to_continue(self) -> SaveEntry | None:
        """The most recent unfinished game or campaign."""
        found = [e for e in (self.store.latest_autosave(), self.campaigns.latest()) if e]
        return max(found, key=lambda e: e.modified) if found else None

    def action_continue_game(self) -> None:
        entry = self.latest_to_continue()
        if entry is None:
            self.notify("There is no unfinished game to continue.")
            return
        self.open_save(entry)

    def action_load(self) -> None:
        self.push_screen(LoadScreen())

    def action_settings(self) -> None:
        self.push_screen(SettingsScreen())

    def action_rules(self) -> None:
        session = self.current_session
        self.show_rules(session.match.game_id if session else None)

    def show_rules(self, game_id: str | None) -> None:
        self.push_screen(RulesScreen(game_id))

    # -- lessons ----------------------------------------------------------------------------

    def action_learn(self) -> None:
        """Learn to play: which game's lesson (only the games whose lesson is shipped)."""
        lessons = shipped_lessons()
        if not lessons:
            self.notify("No lessons are installed with this version.", severity="error")
            return

        def chosen(game: str | None) -> None:
            if game:
                self.start_lesson(game)

        ways = [(lesson.game, rb.get_game(lesson.game).title) for lesson in lessons]
        body = (
            "A short guided game: the dice and cards are set up so that each rule comes up "
            "once, and a coach says what to press. Choose a game:"
        )
        self.push_screen(ChoiceDialog("Learn to play", body, ways), chosen)

    def start_lesson(self, game: str, *, fresh: bool = False) -> None:
        try:
            lesson = load_lesson(game)
        except (LessonError, OSError) as error:
            self.notify(f"The lesson could not start: {error}", severity="error")
            return
        saved = [
            entry
            for entry in self.store.entries()
            if entry.autosave and entry.lesson == game and not entry.damaged
        ]
        left = [entry for entry in saved if not entry.finished]
        done_before = any(entry.finished for entry in saved)
        resumable = []
        for entry in left:
            try:
                match = self.store.load(entry)
            except (OSError, rb.SaveError):
                continue
            if lesson_of(match) is not None:
                session = LessonSession(match, self.store, lesson)
                if session.done:  # saved before the lists knew a finished lesson
                    done_before = True
                elif session.number > 1:  # one left before its first step: nothing to resume
                    resumable.append(session)
        if fresh:
            self._begin_lesson(game, left)
            return
        if not resumable:
            if done_before:
                self._offer_lesson_again(lesson, left)
            else:
                self._begin_lesson(game, left)
            return
        session = resumable[0]

        def chosen(way: str | None) -> None:
            if way == "resume":
                self.open_session(session)
            elif way == "again":
                self._begin_lesson(game, left)

        ways = [
            ("resume", f"Go on at step {session.number} of {session.steps}"),
            ("again", "Start again from the beginning"),
        ]
        self.push_screen(
            ChoiceDialog(f"Learn to play: {lesson.title}", "You left this lesson part-way.", ways),
            chosen,
        )

    def _offer_lesson_again(self, lesson: Lesson, left: list[SaveEntry]) -> None:
        def chosen(way: str | None) -> None:
            if way == "again":
                self._begin_lesson(lesson.game, left)

        ways = [("again", "Start the lesson again"), ("back", "Back to the menu")]
        body = "You have finished this lesson. Its saved game stays in Load."
        self.push_screen(ChoiceDialog(f"Learn to play: {lesson.title}", body, ways), chosen)

    def _begin_lesson(self, game: str, left: list[SaveEntry]) -> None:
        """The lesson from its start; the lesson's unfinished autosaves give way to it."""
        try:
            session = LessonSession.begin(load_lesson(game), self.store)
        except (LessonError, rb.RingbearerError, OSError) as error:
            self.notify(f"The lesson could not start: {error}", severity="error")
            return
        for entry in left:
            with contextlib.suppress(OSError):
                self.store.delete(entry)
        self.open_session(session)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Accounts and tables exist only over SSH: locally their keys are neither in the
        # footer nor live.
        if action == "tables":
            return table_access() is not None
        return not (action == "account" and served_keys_file() is None)

    def action_tables(self) -> None:
        if table_access() is None:
            self.notify(table_flow.NOT_SERVED)
            return
        self.run_worker(table_flow.browse(self), group="tables", exclusive=True)

    def action_account(self) -> None:
        keys_file = served_keys_file()
        if keys_file is None:
            self.notify("Accounts exist only when playing over SSH (ringbearer serve).")
            return
        # Imported here: it brings in asyncssh, a large share of start-up time otherwise.
        from .screens.account import AccountScreen

        self.push_screen(AccountScreen(keys_file))

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpDialog):
            self.push_screen(HelpDialog(self.screen))

    def action_quit_app(self) -> None:
        if not self.settings.confirm_quit or self.too_small:  # no dialog could be seen
            self.save_and_exit()
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.save_and_exit()

        if not isinstance(self.screen, ConfirmDialog):
            # Only a game in play is saved on the way out: the menu alone has nothing to save.
            playing = any(isinstance(screen, GameScreen) for screen in self.screen_stack)
            question = "Quit Ringbearer? Your game is saved." if playing else "Quit Ringbearer?"
            self.push_screen(ConfirmDialog(question), done)

    # -- opening games ----------------------------------------------------------------------

    def open_save(self, entry: SaveEntry, *, from_backup: bool = False) -> None:
        if is_campaign(entry):
            try:
                record = self.campaigns.load(entry, from_backup=from_backup)
            except (OSError, rb.SaveError) as error:
                self.push_screen(MessageDialog("This campaign cannot be loaded", str(error)))
                return
            self.open_campaign(record)
            return
        try:
            match = self.store.load(entry, from_backup=from_backup)
        except (OSError, rb.SaveError) as error:
            self.push_screen(MessageDialog("This save cannot be loaded", str(error)))
            return
        self.open_match(match)

    def open_match(self, match: rb.Match) -> None:
        # A lesson left part-way resumes as a lesson while its shipped steps still fit it;
        # otherwise it is an ordinary game.
        lesson = lesson_of(match)
        if lesson is not None:
            self.open_session(LessonSession(match, self.store, lesson))
            return
        self.open_session(GameSession(match, self.store))

    def open_session(self, session: GameSession) -> None:
        # Back to the menu first, so leaving the game always returns there.
        while len(self.screen_stack) > 2 and not isinstance(self.screen, MainMenu):
            self.pop_screen()
        if isinstance(session, LessonSession):
            self.push_screen(LessonScreen(session))
        else:
            self.push_screen(GameScreen(session))

    def open_table_campaign(
        self,
        arrival: tuple[TableConnection, Welcome, Update],
        reconnect: Callable[[], Awaitable[tuple[TableConnection, Welcome, Update]]],
    ) -> None:
        from .screens.table_campaign import TableCampaignScreen

        while len(self.screen_stack) > 2 and not isinstance(self.screen, MainMenu):
            self.pop_screen()
        self.push_screen(TableCampaignScreen(arrival, reconnect))

    def review(self, match: rb.Match, done: Callable[[], None] | None = None) -> None:
        from .screens.review import ReviewScreen

        self.push_screen(ReviewScreen(match), None if done is None else lambda _: done())

    def open_campaign(self, record: CampaignRecord) -> None:
        from .screens.campaign import CampaignScreen

        while len(self.screen_stack) > 2 and not isinstance(self.screen, MainMenu):
            self.pop_screen()
        self.push_screen(CampaignScreen(record))

    def get_default_screen(self) -> Screen[None]:
        return Screen()


_HOST_CHECK: type[Host] = RingbearerApp
"""The screens reach the app through :class:`Host`; mypy checks here that the app is one."""
