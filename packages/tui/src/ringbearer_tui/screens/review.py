"""The Review screen: a finished or unfinished game replayed step by step beside the advisor.

The board shows the game as it stood before the chosen step, the log the steps up to it, and
the side panel the step's choice beside the advisor's, in words, with the chance to win after
each. The analysis (``rb.analyse``'s step-by-step :class:`Analyser`) runs on a worker thread:
the replay works at once and the figures and marks fill in as each step is judged; it can be
stopped. A finished game is shown from the side of whoever decides at each step, so every hand
is seen in turn; an unfinished game of secret hands only from the reviewer's seat.
"""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static
from textual.worker import Worker, get_current_worker

import ringbearer_engine as rb
from ringbearer_engine.analysis import INACCURACY, Advisor, AdvisorFactory, Analyser
from ringbearer_engine.errors import printable

from ..games import Board, WitnessesEvents, look_for, tell
from ..replay import Replay
from ..session import GameSession
from ..widgets.estimate_chart import EstimateChart
from ..widgets.event_log import EventLog
from ..widgets.steady_footer import SteadyFooter
from .thread_results import hand_back

MARK_WORDS = {"inaccuracy": "An inaccuracy", "mistake": "A mistake", "blunder": "A blunder"}
MARK_PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def counted(number: int, mark: str) -> str:
    """``number`` marks of one kind, in words: "1 mistake", "11 inaccuracies"."""
    return f"{number} {mark if number == 1 else MARK_PLURALS[mark]}"


class ReplaySession(GameSession):
    """A replayed position, shown from one seat's side (or each decider's, ``seen_by`` None)."""

    def __init__(self, match: rb.Match, seen_by: int | None) -> None:
        super().__init__(match, None)
        self.seen_by = seen_by

    @property
    def viewer(self) -> int | None:
        return self.seen_by if self.seen_by is not None else self.match.to_move

    @property
    def needs_hand_over(self) -> bool:
        return False


def reviewer_of(match: rb.Match) -> int:
    """The seat an unfinished game is reviewed for: the person to decide now, else the first
    person at the table (else the first seat)."""
    session = GameSession(match, None)
    seat = session.seat
    if seat is not None and not session.seats[seat].is_bot:
        return seat
    return session.humans[0] if session.humans else 0


def chance(win: float | None, low: float | None = None, high: float | None = None) -> str:
    if win is None:
        return "not judged yet"
    if low is None or high is None or high - low < 0.005:
        return f"wins {win:.0%}"
    return f"wins {win:.0%} ({low:.0%} to {high:.0%})"


def _points(share: float) -> str:
    points = round(share * 100)
    return f"{points} point{'' if points == 1 else 's'}"


def _unmarked(review: rb.StepReview) -> str:
    """Why a stray from the hint has no mark, in words: it did as well in every imagined
    game, it lost less than an inaccuracy's 5 points for sure, or the difference is unsure."""
    if review.loss_low == review.loss_high == 0.0:
        return "It did exactly as well as the hint's advice in every imagined game: a tie."
    if review.loss_low > 0:
        if review.loss_high < INACCURACY:
            return (
                f"A small loss, not marked: about {_points(review.loss)}, surely some but "
                f"under the 5 points of an inaccuracy."
            )
        return (
            f"A loss of about {_points(review.loss)}, surely some but not surely the 5 points "
            f"of an inaccuracy: not marked."
        )
    return "No clear loss: within the margins, a tie."


def failure_words(error: Exception) -> str:
    """An analysis's failure in one line: the engine's own words for an error it raises on
    purpose, the kind of error too for anything else."""
    words = " ".join(printable(str(error)).split())
    if isinstance(error, rb.RingbearerError) and words:
        return words
    return f"{type(error).__name__}: {words}" if words else type(error).__name__


def step_button(label: str, name: str) -> Button:
    """A button that steps once per click, however quick the clicks: a plain button ignores
    a click during its 0.2 s pressed look, so quick clicks through a game would be lost."""
    button = Button(label, id=name)
    button.active_effect_duration = 0
    return button


class ReviewScreen(Screen[None]):
    HELP_TITLE = "the review"
    HELP_TEXT = (
        "Step through the game: left and right arrows (or the buttons, or a click on the "
        "chart) go back and forth a step, Home and End to the start and the end, n and p to "
        "the next and previous marked step. The board shows the game before the step; beside "
        "it, the choice made and the advisor's choice, each with the estimated chance to win "
        "after it and the range that figure is sure within. The advisor is the hint's: a step "
        "that followed the hint is never marked, though a deeper look may say it prefers "
        "another choice. A choice that strayed from the hint is played against it in the same "
        "imagined games, and marked only when it surely gave up 5 points or more (an "
        "inaccuracy), 10 (a mistake) or 20 (a blunder). A smaller loss the review is sure of "
        "is named but not marked; an unsure difference, or none, is a tie. The likeliest "
        "marks are looked at first and counted as they are found. The chart shows the chance to "
        "win over the game; the caret marks where you are. The analysis runs while you look; "
        "x stops it."
    )
    BINDINGS = [
        # Before the board's scrolling and the log's: the arrows step through the game. Their
        # buttons name them, which leaves the footer room for the rest at 80 columns.
        Binding("left", "step(-1)", "Back", show=False, priority=True, id="review.back"),
        Binding("right", "step(1)", "Forward", show=False, priority=True, id="review.forward"),
        Binding("home", "jump(0)", "Start", show=False, priority=True, id="review.start"),
        Binding("end", "jump(-1)", "End", show=False, priority=True, id="review.end"),
        Binding("n", "mark(1)", "Next mark", id="review.next-mark"),
        Binding("p", "mark(-1)", "Prev. mark", id="review.previous-mark"),
        Binding("x", "stop", "Stop", id="review.stop"),
        Binding("escape", "leave", "Leave", id="review.leave"),
    ]
    DEFAULT_CSS = """
    ReviewScreen #main { height: 1fr; }
    ReviewScreen #board-area { width: 2fr; min-width: 40; border: round $panel; }
    ReviewScreen #side { width: 1fr; min-width: 34; }
    ReviewScreen #where { height: 1; padding: 0 1; background: $boost; text-style: bold; }
    ReviewScreen #verdict { height: auto; max-height: 9; padding: 0 1; }
    ReviewScreen #status { height: auto; max-height: 3; padding: 0 1; color: $text-muted; }
    ReviewScreen #stepper { height: 1; }
    ReviewScreen #stepper Button { min-width: 8; height: 1; border: none; margin-right: 1; }
    ReviewScreen EventLog { min-height: 3; }
    """

    def __init__(
        self,
        match: rb.Match,
        *,
        advisor: AdvisorFactory | Advisor | None = None,
        futures: int | None = None,
        analysis: rb.Analysis | None = None,
    ) -> None:
        """``analysis``: one already made (nothing is analysed then); ``advisor`` and
        ``futures`` as :func:`rb.analyse` takes them (by default the game's own)."""
        super().__init__()
        self.match = match
        self.look = look_for(match.game_id)
        finished = match.outcome is not None
        secret = getattr(self.look, "hot_seat", False)
        self.seat: int | None = None if finished or not secret else reviewer_of(match)
        """The only seat whose view is shown and judged (``None``: each decider's)."""
        self.replay = Replay(match, self.look.describe)
        self.position = 0
        self.analysis: rb.Analysis | None = None
        self._reviews: dict[int, rb.StepReview] = {}
        """The analysis's reviews by log step."""
        if analysis is not None:
            self._take(analysis)
        self._advisor = advisor
        self._futures = futures
        self._worker: Worker[None] | None = None
        self._done = 0 if analysis is None else len(analysis.steps)
        self._stopped = False
        self._failure: str | None = None
        """Why the analysis could not go on, once it could not."""
        self.session = ReplaySession(self.replay.at(0), self.seat)

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with VerticalScroll(id="board-area"):
                yield self.look.board(self.session)
            with Vertical(id="side"):
                yield Static("", id="where")
                yield Static("", id="verdict")
                with Horizontal(id="stepper"):
                    yield step_button("← Back", "back")
                    yield step_button("Forward →", "forward")
                yield EstimateChart(id="chart")
                yield Static("", id="status")
                yield EventLog(id="log")
        yield SteadyFooter()

    def on_mount(self) -> None:
        title = f"Review: {self.match.game.title}"
        if self.seat is not None:
            title += f", as {self.match.players[self.seat]} saw it"
        self.query_one("#board-area").border_title = title
        self.show_position(0)
        self._refresh_analysis()
        if self.analysis is None:
            self._worker = self._analyse()

    def on_unmount(self) -> None:
        if self._worker is not None:
            self._worker.cancel()

    # -- the analysis -------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="review")
    def _analyse(self) -> None:
        worker = get_current_worker()
        options: dict[str, int] = {} if self._futures is None else {"futures": self._futures}
        try:
            analyser = Analyser(self.match, self._advisor, seat=self.seat, **options)
            # The likeliest marks first: a player opens the review to see them.
            for _ in analyser.run(order="marks first"):
                if worker.is_cancelled:
                    return
                done = (
                    analyser.total if analyser.complete else min(analyser.done, analyser.total - 1)
                )
                if not hand_back(self, self._judged, analyser.analysis(), done, analyser.total):
                    return  # the screen or the app has closed while the step was judged
        except Exception as error:  # a worker that fails would end the whole app
            hand_back(self, self._failed, failure_words(error))

    def _failed(self, reason: str) -> None:
        """The analysis could not go on: the replay stays, the figures judged so far too."""
        if not self.is_attached:
            return
        self._failure = reason
        self._refresh_analysis()
        self.refresh_bindings()  # nothing is left to stop
        self.notify(f"The analysis could not go on: {reason}", severity="error", timeout=10)

    def _judged(self, analysis: rb.Analysis, done: int, total: int) -> None:
        if not self.is_attached:
            return
        self._take(analysis)
        self._done = done
        self._refresh_analysis()
        self._show_verdict()
        if done == total:
            self.refresh_bindings()  # nothing is left to stop

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stop":
            running = self._worker is not None and self._worker.is_running
            return running and self._failure is None
        return True

    def _take(self, analysis: rb.Analysis) -> None:
        self.analysis = analysis
        self._reviews = {review.step: review for review in analysis.steps}

    def action_stop(self) -> None:
        if self._worker is not None and self._worker.is_running:
            self._worker.cancel()
            self._stopped = True
            self._refresh_analysis()
            self.refresh_bindings()

    def _refresh_analysis(self) -> None:
        analysis = self.analysis
        values: list[float | None] = []
        marks: list[str | None] = []
        for position in range(self.replay.last + 1):
            review = self._reviews.get(position)
            values.append(review.before if review else None)
            marks.append(review.mark if review else None)
        if analysis and analysis.steps and analysis.steps[-1].step == self.replay.last - 1:
            values[-1] = analysis.steps[-1].after
        self.query_one(EstimateChart).show(values, marks)
        self.query_one("#status", Static).update(self._status())

    def _status(self) -> str:
        analysis = self.analysis
        total = len(self.replay.positions) - 1
        if total == 0:
            return "No step has been played yet."
        if analysis is None or (not analysis.complete and self._done < total):
            if self._failure is not None:
                return f"Analysis failed at {self._done}/{total} steps: {self._failure}"
            found = self._marks_so_far()
            if self._stopped:
                return f"Analysis stopped at {self._done}/{total} steps.{found}"
            return f"Analysing {self._done}/{total} steps; x stops.{found}"
        marked = analysis.marked
        if not marked:
            return "No choice was marked."
        counts = {word: sum(1 for r in marked if r.mark == word) for word in MARK_WORDS}
        said = [counted(n, word) for word, n in counts.items() if n]
        return f"Marked: {', '.join(said)}; n, p jump."

    def _marks_so_far(self) -> str:
        """The marks found while the analysis runs (the likeliest are judged first)."""
        marked = self.analysis.marked if self.analysis else []
        if not marked:
            return ""
        counts = {word: sum(1 for r in marked if r.mark == word) for word in MARK_WORDS}
        said = [counted(n, word) for word, n in counts.items() if n]
        return f" So far: {', '.join(said)}; n jumps."

    # -- stepping -----------------------------------------------------------------------------

    def action_step(self, direction: int) -> None:
        replay = self.replay
        target = (
            replay.step_after(self.position) if direction > 0 else replay.step_before(self.position)
        )
        self.show_position(target)

    def action_jump(self, where: int) -> None:
        self.show_position(self.replay.last if where < 0 else 0)

    def action_mark(self, direction: int) -> None:
        marked = [r.step for r in self.analysis.marked] if self.analysis else []
        ahead = [s for s in marked if (s > self.position if direction > 0 else s < self.position)]
        if not ahead:
            self.notify("No marked step that way." if marked else "No step is marked yet.")
            return
        self.show_position(ahead[0] if direction > 0 else ahead[-1])

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.action_step(-1)

    @on(Button.Pressed, "#forward")
    def _forward(self) -> None:
        self.action_step(1)

    @on(EstimateChart.Picked)
    def _picked(self, event: EstimateChart.Picked) -> None:
        self.show_position(event.position)

    def action_leave(self) -> None:
        self.dismiss(None)

    def show_position(self, position: int) -> None:
        """Draw the game before log step ``position``, its log, and the verdict on the step.
        A chance script is no position of its own: its index shows the step it fixes."""
        position = self.replay.position_of(position)
        self.position = position
        self.session.match = self.replay.at(position)
        board = self.query_one("#board")
        if isinstance(board, WitnessesEvents):
            previous = self.replay.told.get(self.replay.step_before(position))
            board.witness(previous[2] if previous and position else [])
        if isinstance(board, Board):
            board.refresh_view()
        players = list(self.match.players)
        steps = [
            (
                None if seat is None else players[seat],
                label,
                [tell(self.look, e, players) for e in said],
            )
            for seat, label, said in self.replay.steps_before(position)
        ]
        self.query_one(EventLog).show(steps)
        self.query_one(EstimateChart).point_to(position)
        self._show_verdict()

    def _show_verdict(self) -> None:
        position, replay = self.position, self.replay
        total = len(replay.positions) - 1
        where = self.query_one("#where", Static)
        verdict = self.query_one("#verdict", Static)
        if position >= replay.last:
            where.update(f"The end, after {total} steps")
            outcome = self.match.outcome
            verdict.update(outcome.summary if outcome else "The game goes on from here.")
            return
        number = replay.positions.index(position) + 1
        seat, label, _ = replay.told[position]
        name = self.match.players[seat] if seat is not None else "Nobody"
        where.update(f"Step {number} of {total}: {name}")
        review = self._reviews.get(position)
        words = self._words(review, name, label)
        if review and self.analysis and position in self.analysis.turning_points:
            assert review.before is not None
            assert review.after is not None
            words += (
                f"\nA turning point: the chance to win went from {review.before:.0%} "
                f"to {review.after:.0%}."
            )
        verdict.update(words)

    def _words(self, review: rb.StepReview | None, name: str, label: str) -> str:
        if review is None:
            return f"{name} chose: {label}\n(not judged yet)"
        if review.kind != "decision":
            what = "Chance" if review.kind == "chance" else "No choice"
            moved = ""
            if review.before is not None and review.after is not None:
                moved = f": the chance to win went from {review.before:.0%} to {review.after:.0%}"
            return f"{name}: {label}\n{what}{moved}."
        if review.best is None:
            return f"{name} chose: {label}\n(judged only from {self._seen_by()}'s side)"
        chosen = chance(review.chosen_win, review.chosen_low, review.chosen_high)
        chose = f"{name} chose: {label}, {chosen}."
        hint = review.hint or review.best
        if review.best == review.chosen == hint:
            return f"{chose}\nThe hint advised this too."
        if review.chosen == hint:
            better = self.replay.describe_at(review.step, review.best, self.look.describe)
            points = _points((review.best_win or 0.0) - (review.chosen_win or 0.0))
            return (
                f"{chose}\nThe hint advised this; a deeper look prefers {better} by about {points}."
            )
        advised = self.replay.describe_at(review.step, hint, self.look.describe)
        if review.best == review.chosen:
            points = _points(-(review.loss_low + review.loss_high) / 2)
            return (
                f"{chose}\nThe hint advised {advised}; a deeper look prefers this choice "
                f"by about {points}."
            )
        figure = chance(review.best_win, review.best_low, review.best_high)
        advice = f"The hint advised: {advised}, {figure}."
        if review.mark:
            verdict = (
                f"{MARK_WORDS[review.mark]}: about {_points(review.loss)} of chance given up "
                f"(surely {_points(review.loss_low)} or more)."
            )
        else:
            verdict = _unmarked(review)
        return f"{chose}\n{advice}\n{verdict}"

    def _seen_by(self) -> str:
        return self.match.players[self.seat] if self.seat is not None else "each player"
