"""The game screen of a lesson: the real board and choices, with the coach beside them.

The coach stands in the side column in place of the prompt. It says the step's words with
``{key}`` filled in from the choices on screen, marks the expected choice (the cursor is on
it), and lights the region or board part the step points at. A bot's step the coach speaks
about waits for space, so its words can be read before the bot plays. Before the first step
the intro is shown; after the last, the outro with the ways on.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

import ringbearer_engine as rb

from ..dialogs.choice import ChoiceDialog
from ..games import PointsAtParts
from ..games.adventure_book.saves import CampaignRecord
from ..lessons.campaign import folded_into, lesson_campaign
from ..lessons.session import LessonSession
from ..visible import visible
from ..widgets.action_menu import ActionMenu
from ..widgets.coach import CoachPanel
from ..widgets.event_log import EventLog
from .game import GameScreen

GO_ON_KEY = "space"
"""The key that lets a bot play the step the coach has just talked about."""
CHOICE_ROWS = 12
"""The most rows the choices take in a lesson (ten choices and the frame at 80x24)."""
OUTRO_WAYS = (
    ("real", "Play a real game"),
    ("rules", "Read the rules"),
    ("again", "Start the lesson again"),
    ("leave", "Back to the menu"),
)


class LessonScreen(GameScreen):
    HELP_TITLE = "a lesson"
    LESSON_HELP = (
        "A lesson is a short real game whose dice and cards are set up in advance, so each "
        "rule comes up once. The coach (top right) says what happened and what to press; the "
        "choice it asks for is marked in green, and the part of the board it talks about is "
        "lit. Another choice is not played: the coach says why the lesson wants this one now. "
        "When the coach talks about a bot's move, press space to let the bot play. Undo is off "
        "during a lesson; a hint names the lesson's choice. Leave with escape: the lesson is "
        "saved, and Learn to play (or Continue) resumes it."
    )
    BINDINGS = [Binding(GO_ON_KEY, "go_on", "Go on", id="lesson.go-on")]
    LEAVE_QUESTION = "Back to the menu? The lesson is saved: Learn to play resumes it."
    folds_choices = False  # the coach names the key of the choice it asks for
    DEFAULT_CSS = """
    LessonScreen #prompt { display: none; }
    LessonScreen #log { min-height: 0; }
    LessonScreen #choices { min-height: 4; }
    LessonScreen #board-area.pointed, LessonScreen #choices.pointed, LessonScreen #log.pointed {
        border: heavy $warning;
    }
    """

    def __init__(self, session: LessonSession) -> None:
        super().__init__(session)
        self.HELP_TEXT = f"{self.LESSON_HELP}\n\n{self.HELP_TEXT}"
        self.lesson_session = session
        self._go_on = False
        """The player pressed space for the bot's step on screen."""
        self._refused = ""
        """The explanation of a refused choice, shown until the next step."""
        self._outro_told = False
        self._campaign: CampaignRecord | None = None
        """The campaign the Book's lesson saved its chapter into, once it has ended."""

    def compose_side(self) -> ComposeResult:
        yield CoachPanel(id="coach")
        yield from super().compose_side()

    def on_mount(self) -> None:
        # Textual runs GameScreen's own on_mount after this one (handlers run down the MRO):
        # the welcome comes once it has drawn the board and armed its arrival guard.
        self.call_after_refresh(self._welcome)

    def _welcome(self) -> None:
        session = self.lesson_session
        if session.number == 1 and session.teaching:
            # The intro takes the first key, so none meant for the menu can reach a choice:
            # the arrival guard would only hold up a quick player's first steps.
            self._arrival_keys = frozenset()
            lesson = session.lesson
            self.app.push_screen(
                ChoiceDialog(f"Learn to play: {lesson.title}", lesson.intro, [("begin", "Begin")])
            )
        elif session.teaching:
            self.notify(f"The lesson goes on at step {session.number} of {session.steps}.")

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_side)

    # -- the coach ----------------------------------------------------------------------------

    def refresh_all(self) -> None:
        super().refresh_all()
        self._coach()
        if self.lesson_session.done and not self.session.over:
            self.call_after_refresh(self._outro)  # the lesson ends before the match does

    def _coach(self) -> None:
        session = self.lesson_session
        coach = self.query_one(CoachPanel)
        menu = self.query_one(ActionMenu)
        step = session.step
        index = None if session.bot_to_move else self._expected_index()
        menu.point_at(index)
        if step is None:
            coach.say("Coach", self._after_words())
            self._point("", "")
            self._fit_side()
            return
        key = (
            GO_ON_KEY if session.bot_to_move else (menu.key_of(index) if index is not None else "")
        )
        words = step.say.replace("{key}", key)
        if session.waits_for_go_on and f" {GO_ON_KEY}" not in f" {words}":
            words += f" (Press {GO_ON_KEY} to go on.)"
        title = f"Coach · step {session.number} of {session.steps}"
        if not words:  # a bot's step the lesson has nothing to say about
            seat = session.seat
            who = visible(session.seats[seat].name) if seat is not None else "The game"
            words = f"{who} is playing…"
        coach.say(title, words, self._refused)
        self._point(step.point, step.part)
        self._fit_side()

    def _expected_index(self) -> int | None:
        """Where the step's choice stands in the choices on screen, if it is there."""
        expected = self.lesson_session.expected()
        if expected is None:
            return None
        actions = self.query_one(ActionMenu).actions
        return next((n for n, a in enumerate(actions) if str(a) == str(expected)), None)

    def _after_words(self) -> str:
        if self.session.over:
            outcome = self.session.match.outcome
            return visible(outcome.summary) if outcome else ""
        return "The lesson is over: the rest of the game is yours. Hint and undo work again."

    def _point(self, region: str, part: str) -> None:
        """Light the region the step points at, and the board's part."""
        lit = {"board": "#board-area", "choices": "#choices", "log": "#log", "prompt": "#coach"}
        for name, selector in lit.items():
            self.query_one(selector).set_class(region == name, "pointed")
        board = self.query_one("#board")
        if isinstance(board, PointsAtParts):
            board.point_at(part if region == "board" else "")
        if region == "hint" and self.lesson_session.teaching:
            self._show_hint(self._hint_words())

    def _fit_side(self) -> None:
        """The choices as tall as their lines (up to ten), the coach as tall as its words in
        the room left, the log whatever remains."""
        found = self.query("#side")
        if not self.is_attached or not found or found.first().size.height <= 0:
            return  # not laid out yet, or already closed (a call left from the last step)
        side = found.first()
        menu = self.query_one(ActionMenu)
        coach = self.query_one(CoachPanel)
        choices = min(CHOICE_ROWS, max(2, len(menu.wrapped())) + 2)
        if menu.styles.height is None or menu.styles.height.value != choices:
            menu.styles.height = choices
        room = max(4, side.size.height - choices)
        rows = min(room, max(4, coach.rows_wanted()))
        if coach.styles.height is None or coach.styles.height.value != rows:
            coach.styles.height = rows
        log = self.query_one(EventLog)
        log.display = side.size.height - choices - rows >= 3

    # -- playing ------------------------------------------------------------------------------

    def play(self, action: rb.Action) -> None:
        session = self.lesson_session
        refused = None if session.bot_to_move else session.refusal(action)
        if refused is not None:
            expected = session.expected()
            assert expected is not None  # a refusal names the step's choice
            wanted = self.look.describe(session.match, expected)
            self._refused = refused.reason or f"Not now: this lesson asks for {wanted}."
            self._coach()
            self.app.bell()
            return
        self._refused = ""
        self._go_on = False
        super().play(action)

    def _schedule_bot(self) -> None:
        if self.lesson_session.waits_for_go_on and not self._go_on:
            self.refresh_bindings()
            return  # the coach speaks first: space lets the bot play
        super()._schedule_bot()

    def action_go_on(self) -> None:
        if self.lesson_session.waits_for_go_on and not self._go_on:
            self._go_on = True
            self.refresh_bindings()
            self._schedule_bot()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go_on":
            return self.lesson_session.waits_for_go_on and not self._go_on
        if action == "undo" and self.lesson_session.teaching:
            return False  # a lesson takes nothing back (see LessonSession.undo_turn)
        return super().check_action(action, parameters)

    def action_hint(self) -> None:
        if not self.lesson_session.teaching:
            super().action_hint()
            return
        self._show_hint(self._hint_words())

    def _hint_words(self) -> str:
        session = self.lesson_session
        expected = session.expected()
        if expected is None:
            return ""
        if session.bot_to_move:
            return f"This step is the bot's: press {GO_ON_KEY} to let it play."
        index = self._expected_index()
        key = f" (press {self.query_one(ActionMenu).key_of(index)})" if index is not None else ""
        return f"The lesson asks for: {self.look.describe(session.match, expected)}{key}."

    # -- the end ------------------------------------------------------------------------------

    def _game_over(self) -> None:
        if self.lesson_session.done:
            self._outro()
        else:
            super()._game_over()

    def _outro(self) -> None:
        if self._outro_told or self.app.screen is not self:
            return
        self._outro_told = True
        self._end_told = True
        session = self.lesson_session
        ways = list(OUTRO_WAYS)
        if not session.over:
            ways.insert(0, ("on", "Play on: finish this game"))
        else:
            ways.insert(0, ("board", "See the board"))
        lesson = session.lesson
        default = "real"
        self._campaign = self._fold_into_campaign()
        if self._campaign is not None:
            ways.insert(1, ("campaign", "Carry on with the campaign"))
            default = "campaign"
        self.app.push_screen(
            ChoiceDialog(f"Lesson done: {lesson.title}", lesson.outro, ways, default=default),
            self._after_outro,
        )

    def _fold_into_campaign(self) -> CampaignRecord | None:
        """The campaign the finished chapter goes on in: written once, when the chapter
        ends; a finished lesson opened again only reads it (it may have moved on since)."""
        session, campaigns = self.lesson_session, self.rb_app.campaigns
        known = folded_into(session)
        if known is not None:
            try:
                return campaigns.read(campaigns.path_of_id(known))
            except FileNotFoundError:
                return None  # the player has deleted it: nothing to carry on with
            except (OSError, rb.SaveError) as error:
                self.notify(f"The lesson's campaign cannot be opened: {error}", severity="error")
                return None
        record = lesson_campaign(session)
        if record is None:
            return None
        try:
            campaigns.write(record)
        except OSError as error:
            self.notify(f"The campaign could not be saved: {error}", severity="error")
            return None
        self._autosave()  # the match's meta now names its campaign
        return record

    def _after_outro(self, way: str | None) -> None:
        game = self.lesson_session.lesson.game
        if way in (None, "on", "board"):
            self.refresh_bindings()  # undo is back in the footer once the lesson is over
            return  # stay on the board (playing on when the match goes on)
        self.dismiss(None)
        host = self.rb_app
        if way == "real":
            host.action_new_game(game)
        elif way == "rules":
            host.show_rules(game)
        elif way == "again":
            host.start_lesson(game, fresh=True)
        elif way == "campaign" and self._campaign is not None:
            host.open_campaign(self._campaign)

    def on_screen_resume(self) -> None:
        # Back from the intro or a dialog: the coach may need its room again.
        self.call_after_refresh(self._fit_side)
